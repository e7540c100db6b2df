//! 序 (in order): 大射仪「命三耦皆袒决遂，执弓，序出取矢」, 贾疏「是言序者，谓序出次时三耦先后」 — the three pairs
//! come out of the tent one after the other, the upper pair first, not all at once.

use sheli::rite::timeline::Motion;

#[test]
fn the_three_pairs_come_out_of_the_tent_one_after_the_other() {
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let clause = "序出取矢。";
    let found = rite.find_text(clause);
    assert_eq!(found.len(), 1, "{clause}");
    let beat = rite.beat(found[0]);
    let set_out = |who: &str| {
        let a = rite.timeline.actor_index(who).expect(who);
        rite.timeline.actors[a]
            .segments
            .iter()
            .find(|s| s.t0 >= beat.start && s.t0 < beat.end && matches!(s.motion, Motion::Walk { .. }))
            .map(|s| s.t0)
            .unwrap_or_else(|| panic!("{clause}: {who} does not walk"))
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
