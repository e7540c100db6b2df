//! 三揖 (乡饮酒郑注「将进揖，当陈揖，当碑揖」): whoever the host brings up the court to the hall, the guest
//! (「主人以宾三揖，皆行」), the grandee who comes as 遵 (「主人揖让，以大夫升」: 揖让 as for the guest) and the guest
//! again once the grandee has been honoured (「主人复阼阶，揖降」, 注「将升宾」; 「主人揖让，以宾升」),
//! is saluted three times on the way, the two facing each other and level, before they yield at the stairs: as they set
//! out, on their walks (陈, 堂涂) and level with the 碑.

mod gestures;

use sheli::rite::acts::gesture::{Gesture, Pose};
use sheli::rite::acts::props::PropKind;
use sheli::rite::compile::Rite;

/// A rite, loaded once for every row a test holds to it.
fn load(scene: &str) -> Rite {
    sheli::rite::load_named(scene).unwrap_or_else(|e| panic!("{e}"))
}

/// When `who` salutes (揖) within the clause: the moment, where he stands and his bearing.
fn salutes(rite: &Rite, clause: &str, who: &str) -> Vec<(f32, [f32; 3], f32)> {
    let beat = rite.beat(rite.find_text(clause)[0]);
    let a = rite.timeline.actor_index(who).expect(who);
    gestures::made(&rite.timeline, a, Gesture::Yi, beat.start, beat.end)
        .into_iter()
        .map(|(t, at)| (t, at.pos, at.bearing.rem_euclid(360.0)))
        .collect()
}

#[test]
fn the_host_brings_guest_and_grandee_up_the_court_with_three_salutes_face_to_face() {
    let rite = load("xiang_she");
    for (clause, guest) in [("主人以宾三揖，皆行。", "bin"), ("主人揖让，以大夫升，", "dafu"), ("主人揖让，以宾升，", "bin")]
    {
        let (host, them) = (salutes(&rite, clause, "zhuren"), salutes(&rite, clause, guest));
        assert!(host.len() >= 3 && them.len() >= 3, "{clause}: the host salutes {} times, the {guest} {}", host.len(), them.len());
        for ((th, ph, bh), (tg, pg, bg)) in host.iter().zip(&them).take(3) {
            assert!((th - tg).abs() < 0.5, "{clause}: salutes at {th:.1} and {tg:.1} s, not together");
            assert!(
                (bh - 270.0).abs() < 1.0 && (bg - 90.0).abs() < 1.0,
                "{clause}: the host faces {bh}, the {guest} {bg}: not face to face"
            );
            assert!(ph[0] > pg[0], "{clause}: the host is not east of the {guest}");
        }
        // the second on their walks (尔雅「陈，堂涂也」; 贾疏「相背各向堂涂」): the guest, come in by the left of the gate, is
        // on his already and salutes where he first did; the host has gone east to his
        let (g1, g2) = (them[0].1, them[1].1);
        let moved = ((g1[0] - g2[0]).powi(2) + (g1[2] - g2[2]).powi(2)).sqrt();
        assert!(moved < 1.0, "{clause}: the {guest} walks {moved:.1} m up the court before the second salute");
        assert!(host[1].1[0] - host[0].1[0] > 1.0, "{clause}: the host has not gone east to his walk for the second salute");
        // the second and the third with the two abreast, the third level with the 碑, well up the court from the first
        for (_, ph, _) in &host[1..3] {
            let pg = them.iter().map(|(_, p, _)| p).min_by(|a, b| (a[2] - ph[2]).abs().total_cmp(&(b[2] - ph[2]).abs())).unwrap();
            assert!((ph[2] - pg[2]).abs() < 0.5, "{clause}: not level at a salute ({:.1} against {:.1})", ph[2], pg[2]);
        }
        assert!(host[0].1[2] - host[2].1[2] > 10.0, "{clause}: the salutes are not spread up the court");
    }
}

/// 乡射「主人卒洗，壹揖，壹让，以宾升」 (乡饮酒注「俱升」, 疏「知俱升者乡射云主人卒洗一揖一让以宾升」): the two salute
/// each other at the feet of their stairs, level and together, not the guest from his place in the court.
#[test]
fn after_the_washing_host_and_guest_salute_at_the_feet_of_their_stairs() {
    let rite = load("xiang_she");
    let clause = "壹揖，壹让，以宾升。";
    let (host, guest) = (salutes(&rite, clause, "zhuren"), salutes(&rite, clause, "bin"));
    assert_eq!((host.len(), guest.len()), (1, 1), "{clause}: one salute each");
    let ((th, ph, _), (tg, pg, _)) = (host[0], guest[0]);
    assert!((th - tg).abs() < 0.5, "{clause}: salutes at {th:.1} and {tg:.1} s, not together");
    assert!((ph[2] - pg[2]).abs() < 0.5 && (ph[0] + pg[0]).abs() < 0.5, "{clause}: not level at the two stairs: {ph:?} and {pg:?}");
}

/// 「主人西南面三拜众宾」: the many guests have followed host and guest up the court (疏「宾主既行，众宾亦行」) and stand below the
/// west stairs, south of the guest, facing east (乡饮酒疏「介与众宾亦随至西阶下东面」, 「众宾在宾介之南，故西南向拜之」): the host,
/// bowing south-west from the foot of his stairs, faces them, and they are south of the guest and not by the gate.
#[test]
fn the_host_bows_south_west_to_the_many_guests_standing_south_of_the_guest() {
    let rite = load("xiang_she");
    let clause = "主人西南面三拜众宾，";
    let beat = rite.beat(rite.find_text(clause)[0]);
    let tl = &rite.timeline;
    let host = tl.actor_index("zhuren").unwrap();
    let bows = gestures::made(tl, host, Gesture::Bai, beat.start, beat.end);
    assert_eq!(bows.len(), 3, "{clause}: three bows");
    let guest = tl.actors[tl.actor_index("bin").unwrap()].at(beat.end).pos;
    for who in ["zhongbin1", "zhongbin2", "zhongbin3", "zhongbin_rest"] {
        let them = tl.actors[tl.actor_index(who).unwrap()].at(beat.end);
        assert!(
            them.pos[2] > guest[2] && (them.pos[0] - guest[0]).abs() < 1.5 && them.pos[2] - guest[2] < 6.0,
            "{clause}: {who} at {:?} is not just south of the guest at {guest:?}",
            them.pos
        );
        assert_eq!(them.facing(), sheli::rite::court::measure::Dir::E, "{clause}: {who} does not face east");
        for (t, at) in &bows {
            let toward = sheli::rite::timeline::bearing_between(at.pos, them.pos).unwrap();
            let off = (toward - at.bearing.rem_euclid(360.0) + 540.0).rem_euclid(360.0) - 180.0;
            assert!(
                (at.bearing.rem_euclid(360.0) - 225.0).abs() < 1.0 && off.abs() < 22.5,
                "{clause}: at {t:.1} the host faces {:.0}°, {who} is at {toward:.0}° from him",
                at.bearing
            );
        }
    }
}

/// 揖弓 (注「揖，推之也」, 疏「揖弓者向侯而推之，以其命取矢故也」): the marshal giving the order to fetch the arrows pushes
/// his bow out toward the targets; it is not a salute with the body. So at every 命取矢 of both rites, the first and those
/// done 如初.
#[test]
fn the_marshal_pushes_his_bow_toward_the_targets_when_he_orders_the_arrows_fetched() {
    let (xiang, da) = (load("xiang_she"), load("da_she"));
    for (rite, clause, who) in [
        (&xiang, "西南面，揖弓，命取矢。", "xiang"),
        (&xiang, "司马袒决执弓，升命取矢，如初。", "xiang"),
        (&xiang, "司马升，命取矢，", "xiang"),
        (&da, "揖弓，", "simazheng"),
        (&da, "命取矢如初。", "simazheng"),
        (&da, "司马升，命取矢，", "simazheng"),
    ] {
        let tl = &rite.timeline;
        let a = tl.actor_index(who).expect(who);
        let found = rite.find_text(clause);
        assert!(!found.is_empty(), "{clause} is not in the text");
        for beat in found.into_iter().map(|r| rite.beat(r)) {
            let pushes = gestures::made(tl, a, Gesture::PushBow, beat.start, beat.end);
            assert_eq!(pushes.len(), 1, "{clause} at {:.0} s: {who} pushes his bow {} times", beat.start, pushes.len());
            assert!(gestures::made(tl, a, Gesture::Yi, beat.start, beat.end).is_empty(), "{clause}: {who} salutes with his body");
            let bow = (0..tl.props.len()).find(|&p| tl.prop_at(p, pushes[0].0).held_by == Some(a));
            assert!(bow.is_some(), "{clause}: {who} holds nothing as he pushes");
        }
    }
}

/// 束 (大射「宾、诸公、卿、大夫之矢皆异束之以茅」; 「进束」, 注「又言束，整结之，示亲也」; 乡射「大夫之矢，则兼束之以茅」): the
/// binding of the honoured archers' arrows is a deed of the hands, made kneeling at the arrow rest, within reach of it; not
/// a wait, and not the counting of the arrows (乘).
#[test]
fn the_arrows_of_the_honoured_are_bound_by_hand_at_the_arrow_rest() {
    let (xiang, da) = (load("xiang_she"), load("da_she"));
    for (rite, clause, who) in [
        (&da, "宾、诸公、卿、大夫之矢皆异束之以茅，", "xiaochen1"),
        (&da, "宾、诸公、卿、大夫之矢皆异束之以茅，", "xiaochen2"),
        (&da, "进束，", "simazheng"),
        (&xiang, "大夫之矢，则兼束之以茅，上握焉。", "dizi"),
    ] {
        let tl = &rite.timeline;
        let (a, rest) = (tl.actor_index(who).expect(who), tl.prop_index("fu").expect("fu"));
        let beat = rite.beat(rite.find_text(clause)[0]);
        let binds = gestures::made(tl, a, Gesture::BindArrows, beat.start, beat.end);
        assert!(!binds.is_empty(), "{clause}: {who} binds nothing");
        for (t, at) in binds {
            let to_rest = tl.prop_at(rest, t).pos;
            let reach = (at.pos[0] - to_rest[0]).hypot(at.pos[2] - to_rest[2]);
            let kneels = at.pose == Pose::Sitting;
            assert!(kneels && reach < 1.0, "{clause}: {who} binds at {t:.1} s {reach:.2} m from the rest, {:?}", at.pose);
        }
    }
}

/// 酌 (「升酌」, 「酌散」, 「实觯」 …): wherever the text has a cup filled, the one who fills it is seen to ladle the wine into
/// the cup he holds, standing at the jar, in that clause or the one after it that spells it out (继酌射爵 → 取觯实之); not
/// a wait beside the jar. Passed over: a clause that only names the one who fills (酌者加勺) or says nobody does (不酌), the
/// round of pledges summed up (士旅酌), and a clause read but not acted (若饮公 …).
#[test]
fn every_cup_the_text_fills_is_ladled_at_the_jar() {
    for rite in [load("xiang_she"), load("da_she")] {
        let tl = &rite.timeline;
        let mut filled = 0;
        let beats: Vec<_> = rite.beats().collect();
        for (i, (at, beat)) in beats.iter().enumerate() {
            let text = &beat.text;
            let fills = ["酌", "实觯", "实爵", "实之"].iter().any(|w| text.contains(w));
            if !fills || text.contains("不酌") || text.contains("酌者") || text.contains("旅酌") || beat.actors.is_empty() {
                continue;
            }
            let end = match beats.get(i + 1) {
                Some((next, b)) if next.step == at.step => b.end,
                _ => beat.end,
            };
            let ladles: Vec<_> = (0..tl.actors.len())
                .flat_map(|a| gestures::made(tl, a, Gesture::Ladle, beat.start, end).into_iter().map(move |m| (a, m)))
                .collect();
            assert!(!ladles.is_empty(), "{}: {text}: nobody fills a cup", rite.title);
            for (a, (t, state)) in ladles {
                let held = tl.props.iter().enumerate().any(|(p, prop)| prop.kind.is_cup() && tl.prop_at(p, t).held_by == Some(a));
                assert!(held, "{text}: {} ladles at {t:.1} s with no cup in hand", tl.actors[a].name);
                assert_eq!(state.pose, Pose::Standing, "{text}: {} fills the cup {:?}", tl.actors[a].name, state.pose);
                filled += 1;
            }
        }
        assert!(filled >= 20, "{}: only {filled} cups filled", rite.title);
    }
}

/// 大射「司宫尊侯于服不之东北，两献酒，东面南上，皆加勺」: the ladles are laid on the bearer's jars by the one who sets them out,
/// in that clause, not a wait by the jars with nothing in hand.
#[test]
fn the_ladles_are_laid_on_the_bearer_s_jars() {
    let rite = load("da_she");
    let tl = &rite.timeline;
    let beat = rite.beat(rite.find_text("皆加勺设洗于尊西北，")[0]);
    let (ladles, jars) = (tl.prop_index("d_fubu_shao").expect("the ladles"), tl.prop_index("d_fubu_zun").expect("the jars"));
    let laid = tl.props[ladles]
        .keys
        .iter()
        .find(|(t, k)| *t >= beat.start && *t <= beat.end && matches!(k, sheli::rite::timeline::PropAt::At(..)));
    let (t, _) = laid.unwrap_or_else(|| panic!("皆加勺: the ladles are not laid down in the clause"));
    let (l, j) = (tl.prop_at(ladles, *t + 0.1).pos, tl.prop_at(jars, *t + 0.1).pos);
    assert!((l[0] - j[0]).hypot(l[2] - j[2]) < 0.5, "皆加勺: the ladles lie at {l:?}, not on the jars at {j:?}");
}

/// 乡射「主人卒盥，壹揖壹让升；宾升」 (and the guest's 如主人之礼): once the guest has come, host and guest go up together
/// (乡饮酒 注「俱升」, 疏「至此以辞让讫，故略威仪而俱升也」), not the host a tread ahead to lead him as at his first coming
/// (主人升一等，宾升): at the end of the clause both stand on the first tread of their own stairs.
#[test]
fn after_the_first_coming_host_and_guest_go_up_together() {
    let rite = load("xiang_she");
    let tl = &rite.timeline;
    for (clause, nth) in [("壹揖壹让升;", 0), ("如主人之礼。", 0)] {
        let beat = rite.beat(rite.find_text(clause)[nth]);
        for (who, stair) in [("zhuren", "阼阶第一等"), ("bin", "西阶第一等")] {
            let at = tl.actor_at(tl.actor_index(who).unwrap(), beat.end).pos;
            let tread = tl.court.region(stair).unwrap_or_else(|| panic!("{stair}"));
            assert!(tread.shape.contains(at[0], at[2]) && at[1] > 0.05, "{clause}: {who} ends at {at:?}, not on the {stair}");
        }
    }
}

/// 大射「既拾取矢，捆之」 (注「梱，齐等之也」): each archer of the pair, his four arrows taken, evens them up in his hands before
/// he holds them across his fingers: a deed of the hands, not a wait.
#[test]
fn the_arrows_taken_up_are_evened_in_the_hands() {
    let rite = load("da_she");
    let tl = &rite.timeline;
    let beat = rite.beat(rite.find_text("既拾取矢，捆之。")[0]);
    for who in ["shangou_shang", "shangou_xia"] {
        let a = tl.actor_index(who).unwrap();
        let evens = gestures::made(tl, a, Gesture::EvenArrows, beat.start, beat.end);
        assert_eq!(evens.len(), 1, "捆之: {who} evens his arrows {} times", evens.len());
        let (t, _) = evens[0];
        let arrows = tl
            .props
            .iter()
            .enumerate()
            .filter(|(p, prop)| prop.kind == PropKind::Arrow && tl.prop_at(*p, t + 0.1).held_by == Some(a))
            .count();
        assert_eq!(arrows, 4, "捆之: {who} evens {arrows} arrows, not his four");
    }
}

/// 乡射 the third round's 数获 「如初」: the tally keeper takes the tallies up into his left hand, a pair at a time, as at the
/// first counting (「一纯以取，实于左手」, 「兼敛算，实于左手」), not in both hands.
#[test]
fn the_tallies_counted_go_into_the_left_hand_each_round() {
    use sheli::rite::acts::gear::Hand;
    use sheli::rite::timeline::PropAt;
    let rite = load("xiang_she");
    let tl = &rite.timeline;
    let at = rite.find_text("如初;").into_iter().find(|r| rite.steps[r.step].id == "san_shi_suan").expect("the third round's count");
    let beat = rite.beat(at);
    let keeper = tl.actor_index("shihuozhe").unwrap();
    let mut taken = 0;
    for prop in tl.props.iter().filter(|p| p.kind == PropKind::Tallies) {
        for (t, key) in prop.keys.iter().filter(|(t, _)| *t >= beat.start && *t <= beat.end) {
            if let PropAt::Held(a, how) = key
                && *a == keeper
            {
                assert_eq!(*how, Hand::LeftHand, "{}: taken up at {t:.1} s into {how:?}", prop.name);
                taken += 1;
            }
        }
    }
    assert!(taken >= 20, "only {taken} tallies taken up in the count");
}

/// The times an actor sets foot on a stair from the ground: the first moment of each climb.
fn climbs(rite: &Rite, who: &str) -> Vec<f32> {
    let tl = &rite.timeline;
    let a = tl.actor_index(who).unwrap();
    let (mut t, mut on_ground, mut out) = (0.0f32, true, Vec::new());
    while t < tl.duration {
        let at = tl.actor_at(a, t);
        let grounded = at.pos[1] < 0.02;
        if on_ground && !grounded && at.present {
            out.push(t);
        }
        on_ground = grounded;
        t += 0.1;
    }
    out
}

/// 乡射: the host leads the guest up a tread ahead only when the guest first comes (主人升一等，宾升: 注「不俱升者，宾客之道
/// 进宜难也」; so the 大夫 at his coming, and the 司正 as the next day's guest), and when after 说屦 they go up 「如初」 (乡饮酒疏
/// 「升堂虽同前」); at every other ascent of host and guest they set out up their stairs at once (乡饮酒疏「至此以辞让讫，故略威
/// 仪而俱升也」).
#[test]
fn host_and_guest_go_up_together_except_when_the_guest_first_comes_or_they_go_up_as_at_first() {
    let rite = load("xiang_she");
    // the guest's, the 大夫's and the next day's guest's coming, and the ascents after 说屦, 「如初」 (乡饮酒疏「升堂虽同前」):
    // (clause, step); at these the host leads
    let arrivals = [
        ("主人升一等，", "bai_zhi"),
        ("主人揖让，以大夫升，", "zun_ru"),
        ("升。", "xi_si_zheng"),
        ("乃升。", "zuo_yan"),
        ("遂无算爵。", "xi_si_zheng_yin"),
    ];
    let host = climbs(&rite, "zhuren");
    let mut bad = Vec::new();
    for guest in ["bin", "dafu", "xiang"] {
        for tg in climbs(&rite, guest) {
            let Some(&th) = host.iter().find(|&&th| (th - tg).abs() < 5.0) else { continue };
            let at = rite.beat_at(th);
            let (text, step) = (&rite.beat(at).text, &rite.steps[at.step].id);
            let arrival = arrivals.contains(&(text.as_str(), step.as_str()));
            let right = if arrival { tg - th > 0.3 } else { (th - tg).abs() <= 0.3 };
            if !right {
                let should = if arrival { "a tread ahead" } else { "at once" };
                bad.push(format!("`{text}` ({step}): the host sets out at {th:.1} s, {guest} at {tg:.1} s, not {should}"));
            }
        }
    }
    assert!(bad.is_empty(), "not up together:\n{}", bad.join("\n"));
}

/// 共而俟 (共 read 拱, 音义「共，九勇反」): whoever the clause has wait so waits with his hands joined before his chest, in every
/// such clause of both rites, not standing with his hands at his sides.
#[test]
fn those_who_wait_with_joined_hands_join_them() {
    for name in ["xiang_she", "da_she"] {
        let rite = load(name);
        let tl = &rite.timeline;
        let found = rite.find_text("共而俟");
        assert!(!found.is_empty(), "{name}: no 共而俟");
        for r in found {
            let beat = rite.beat(r);
            let joined = (0..tl.actors.len()).any(|a| !gestures::made(tl, a, Gesture::Gong, beat.start, beat.end).is_empty());
            assert!(joined, "{name} `{}` at {:.1} s: nobody joins his hands", beat.text, beat.start);
        }
    }
}

/// 乡射「遂立于楹间以相拜」: 郑注「相，谓赞主人及宾相拜之辞」 — the 司正 speaks, and (乡饮酒疏「其实相拜在宾主拜前」) before the
/// host bows; the 大射 宰胥荐脯醢，由左房: the dish is set in the clause that says 荐.
#[test]
fn the_director_of_ceremony_calls_the_bows_before_they_are_made() {
    use sheli::rite::timeline::PropAt;
    let rite = load("xiang_she");
    let at = rite.find_text("以相拜")[0];
    let (start, end) = (rite.beat(at).start, rite.beat(at).end);
    let sizheng = rite.timeline.actors.iter().position(|a| a.id == "xiang").unwrap();
    assert!(
        rite.voices.iter().any(|v| v.actor == sizheng && v.t >= start && v.t < end),
        "the 司正 says nothing in 遂立于楹间以相拜 ({start:.1}–{end:.1} s)"
    );
    let da_she = load("da_she");
    let dish = da_she.timeline.prop_index("jian_gong").unwrap();
    let keys = &da_she.timeline.props[dish].keys;
    // set down after it was carried
    let carried = keys.iter().position(|(_, at)| matches!(at, PropAt::Held(..))).expect("the ruler's dish is carried");
    let set = keys[carried..].iter().find(|(_, at)| matches!(at, PropAt::At(..))).map(|(t, _)| *t).expect("and set down");
    let beat = da_she.find_text("宰胥荐脯醢").into_iter().map(|r| da_she.beat(r)).find(|b| b.text == "宰胥荐脯醢，").unwrap();
    assert!(set <= beat.end, "the ruler's dish is set at {set:.1} s, after `{}` ends at {:.1} s", beat.text, beat.end);
}
