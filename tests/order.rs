//! 序 (in order): 大射仪「命三耦皆袒决遂，执弓，序出取矢」, 贾疏「是言序者，谓序出次时三耦先后」 — the three pairs
//! come out of the tent one after the other, the upper pair first, not all at once.

use sheli::rite::Rite;
use sheli::rite::timeline::Motion;

/// When `who` begins each motion that `is` in the one beat whose text holds `clause`.
fn starts_in(rite: &Rite, clause: &str, who: &str, is: impl Fn(&Motion) -> bool) -> Vec<f32> {
    let found = rite.find_text(clause);
    assert_eq!(found.len(), 1, "{clause}");
    let beat = rite.beat(found[0]);
    let a = rite.timeline.actor_index(who).expect(who);
    rite.timeline.actors[a].segments.iter().filter(|s| s.t0 >= beat.start && s.t0 < beat.end && is(&s.motion)).map(|s| s.t0).collect()
}

#[test]
fn the_three_pairs_come_out_of_the_tent_one_after_the_other() {
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let clause = "序出取矢。";
    let set_out = |who: &str| {
        let walks = starts_in(&rite, clause, who, |m| matches!(m, Motion::Walk { .. }));
        *walks.first().unwrap_or_else(|| panic!("{clause}: {who} does not walk"))
    };
    let pairs = [("shangou_shang", "shangou_xia"), ("ciou_shang", "ciou_xia"), ("xiaou_shang", "xiaou_xia")];
    let starts: Vec<f32> = pairs.iter().map(|(shang, xia)| set_out(shang).min(set_out(xia))).collect();
    for (i, w) in starts.windows(2).enumerate() {
        assert!(w[1] - w[0] > 1.5, "{clause}: the {} pair sets out {:.1} s after the one before it", ["middle", "lower"][i], w[1] - w[0]);
    }
}

/// 大射仪「乃荐司正与射人于觯南……辩献士。士既献者立于东方，西面北上。乃荐士」: 贾疏「其实荐士在乃荐司正上……是以荐司正言乃者，缓辞，
/// 明司正已下荐在士后也」: the text names the 司正 and 射人 first, but their dried meat is set after the officers' (54th audit).
#[test]
fn the_officers_dried_meat_is_set_before_the_master_of_ceremonies() {
    use sheli::rite::timeline::PropAt;
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    // when the 荐 is first set down from someone's hands
    let set = |id: &str| -> f32 {
        let p = &tl.props[tl.prop_index(id).expect(id)];
        p.keys
            .windows(2)
            .find(|w| matches!(w[0].1, PropAt::Held(..)) && matches!(w[1].1, PropAt::At(..)))
            .map(|w| w[1].0)
            .unwrap_or_else(|| panic!("{id} is never set down"))
    };
    let officers = set("jian_shi");
    for them in ["jian_sizheng", "jian_sishe"] {
        assert!(set(them) > officers, "{them} is set at {:.0} s, before the officers' at {officers:.0} s", set(them));
    }
}

/// 乡射「主人以宾三揖，皆行」 (疏「宾主既行，众宾亦行」): the many guests set out when the guest does, after the salutes at the
/// gate, and follow him up the court; none goes up to the stairs ahead of host and guest while they salute.
#[test]
fn the_many_guests_set_out_when_the_guest_does() {
    let rite = sheli::rite::load_named("xiang_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let beat = rite.beat(rite.find_text("主人以宾三揖，皆行。")[0]);
    let sets_out = |who: &str| {
        let a = tl.actor_index(who).unwrap();
        let from = tl.actor_at(a, beat.start).pos;
        let mut t = beat.start;
        while t < beat.end {
            let at = tl.actor_at(a, t).pos;
            if (at[0] - from[0]).hypot(at[2] - from[2]) > 0.3 {
                return t;
            }
            t += 0.2;
        }
        f32::INFINITY
    };
    let guest = sets_out("bin");
    assert!(guest.is_finite(), "the guest never sets out");
    for who in ["zhongbin1", "zhongbin2", "zhongbin3", "zhongbin_rest"] {
        let t = sets_out(who);
        assert!(t >= guest, "{who} sets out at {t:.1} s, before the guest at {guest:.1} s");
    }
}

/// 乡射 献宾「西北面献宾」 and 献大夫「席前献于大夫」: the host presents the cup before the mat facing it, where the one
/// presented to will come to take it (乡饮酒疏「宾在西阶北面，将就席受，故西北面向其席」), not with his back to it.
#[test]
fn the_host_presents_facing_the_mat() {
    use sheli::rite::court::measure::Dir;
    let rite = sheli::rite::load_named("xiang_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let host = tl.actor_index("zhuren").unwrap();
    for clause in ["西北面献宾。", "席前献于大夫。"] {
        let beat = rite.beat(rite.find_text(clause)[0]);
        let facing = tl.actor_at(host, beat.end).facing();
        assert!(matches!(facing, Dir::N | Dir::NW | Dir::NE), "{clause}: the host faces {facing:?}, not toward the mat north of him");
    }
}

/// 乡射「有执爵者」 (注「主人使赞者代弟子酌也。于既升饮而升自西阶，立于序端」): the cup bearer is the host's attendant, who
/// waits with the host's men before the east stairs facing west (疏「降复于东阶前西面北上位」), not in the west among the
/// students of the guest's side: he comes from the east to go up by the west stairs.
#[test]
fn the_cup_bearer_comes_from_the_hosts_side() {
    let rite = sheli::rite::load_named("xiang_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let beat = rite.beat(rite.find_text("有执爵者。")[0]);
    let at = tl.actor_at(tl.actor_index("youci").unwrap(), beat.start);
    assert!(at.pos[0] > 0.0 && at.pos[1] < 0.05, "有执爵者: the cup bearer waits at {:?}, not on the host's side of the court", at.pos);
}

/// 乡射礼「拾取矢，如初；矢不挟…」: as in the second round (「大夫袒决遂，执弓，就其耦；揖皆进，如三耦」) the grandee goes to the
/// arrows with his partner, the partner a step behind (注「耦于庭下不并行」), and they salute at the rest together (80th audit: he
/// went on his own and was there first).
#[test]
fn the_grandee_and_his_partner_come_to_the_arrows_together() {
    use sheli::rite::acts::gesture::Gesture;
    let rite = sheli::rite::load_named("xiang_she").unwrap_or_else(|e| panic!("{e}"));
    let clause = "矢不挟，兼诸弦弣以退";
    // the salute each makes on coming south of the rest: his second 揖 of the clause (the first is on setting out)
    let at_the_rest = |who: &str| {
        let salutes = starts_in(&rite, clause, who, |m| matches!(m, Motion::Gesture { gesture: Gesture::Yi, .. }));
        *salutes.get(1).unwrap_or_else(|| panic!("{clause}: {who} does not salute at the rest"))
    };
    let (grandee, partner) = (at_the_rest("dafu"), at_the_rest("dafu_ou"));
    assert!((grandee - partner).abs() < 1.5, "{clause}: the grandee salutes at the rest at {grandee:.1}, his partner at {partner:.1}");
}
