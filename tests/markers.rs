//! 大射仪 献获者: 「服不侯西北三步，北面拜受爵 … 卒祭，左个之西北三步，东面。设荐俎，立卒爵」. 郑注「此乡受献之位也」,
//! 贾疏「今卒爵虽同旧处而东面者」: the one offered drinks on the spot where he bowed to receive the cup, three paces
//! (18 尺) north-west of the target's left (west) stretch; and so each man served after him (皆如大侯之礼).

mod gestures;

use sheli::rite::Rite;
use sheli::rite::acts::gesture::Gesture;

/// Where `who` stands as he makes each `gesture` between `from` and `to` seconds.
fn where_he(rite: &Rite, who: &str, gesture: Gesture, from: f32, to: f32) -> Vec<[f32; 3]> {
    let a = rite.timeline.actor_index(who).expect(who);
    gestures::made(&rite.timeline, a, gesture, from, to).into_iter().map(|(_, at)| at.pos).collect()
}

fn apart(a: [f32; 3], b: [f32; 3]) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

#[test]
fn the_men_at_the_targets_drink_where_they_received_the_cup() {
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let court = &rite.timeline.court;
    let steps: Vec<_> = rite.steps.iter().filter(|s| s.id == "d_xian_fubu" || s.id == "d_xian_huozhe").collect();
    assert_eq!(steps.len(), 2, "the two steps of 献获者");
    let (from, to) = (steps[0].start, steps[1].end);
    let chi = 0.231;
    for (who, target) in [
        ("fubu", "大侯"),
        ("huozhe_da", "大侯"),
        ("lipuren", "大侯"),
        ("jinche", "大侯"),
        ("liangren", "大侯"),
        ("huozhe_can", "参侯"),
        ("huozhe_gan", "干侯"),
    ] {
        let bows = where_he(&rite, who, Gesture::Bai, from, to);
        let drinks = where_he(&rite, who, Gesture::ZuJue, from, to);
        assert!(!bows.is_empty() && drinks.len() == 1, "{who}: bows {} times and drinks {} times", bows.len(), drinks.len());
        let off = apart(bows[0], drinks[0]);
        assert!(off < 0.3, "{who} drinks {off:.2} m from where he bowed to receive the cup");
        // the one each target's offering is named for stands three paces (18 尺) north-west of its left stretch
        if who == "fubu" || target != "大侯" {
            let left = court.region(&format!("d_{target}左个")).expect("the left stretch").anchor;
            let (west, north) = (left[0] - drinks[0][0], left[2] - drinks[0][2]);
            let paces = apart(left, drinks[0]) / chi / 6.0;
            assert!((paces - 3.0).abs() < 0.15, "{who} drinks {paces:.2} paces from the {target}'s left stretch");
            assert!(west > 0.0 && north > 0.0 && (west - north).abs() < 0.5, "{who} is {west:.2} m west and {north:.2} m north of it");
        }
    }
}

/// 大射仪「获者兴，共而俟」: 郑注 quotes 乡射「坐，东面偃旌，兴而俟」 and 贾疏 says 「此文不具，宜与彼同」: at each coming to the 乏
/// to wait for the shooting, every marker lowers his flag before he rises to wait (54th audit: they waited with it raised).
#[test]
fn the_markers_lower_their_flags_before_they_rise_to_wait() {
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    for (clause, nth) in [("获者兴，", 1), ("负侯许诺如初。", 1), ("负侯许诺。", 1)] {
        // the clause's own beat, by its whole text (find_text also matches across two beats: 负侯许诺，如初去侯)
        let (_, beat) = rite.beats().filter(|(_, b)| b.text == clause).nth(nth - 1).expect(clause);
        for who in ["huozhe_da", "huozhe_can", "huozhe_gan"] {
            let a = tl.actor_index(who).expect(who);
            let lowered = gestures::made(tl, a, Gesture::LowerFlag, beat.start, beat.end);
            let risen = gestures::made(tl, a, Gesture::Xing, beat.start, beat.end);
            let (Some((tl_, _)), Some((tx, _))) = (lowered.last(), risen.last()) else {
                panic!("{clause} ({nth}): {who} lowers his flag {} times and rises {} times", lowered.len(), risen.len());
            };
            assert!(tl_ < tx, "{clause} ({nth}): {who} rises at {tx:.1} before lowering his flag at {tl_:.1}");
        }
    }
}

/// 大射仪「负侯皆许诺，以宫趋，直西，及乏南」: the bearers hurry (趋) from the targets to the south of the blinds, each time
/// they leave them (如初去侯 too), at a quicker pace than anyone's ordinary walk; the 司马正 who gave the order walks.
#[test]
fn the_bearers_hurry_west_from_the_targets() {
    use sheli::rite::timeline::Motion;
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let speeds = |who: &str, to: &str| -> Vec<f32> {
        let a = tl.actor_index(who).expect(who);
        let goal = tl.court.region(to).expect(to);
        tl.actors[a]
            .segments
            .iter()
            .filter_map(|s| match &s.motion {
                Motion::Walk { cum, .. } if goal.shape.contains(s.end.pos[0], s.end.pos[2]) => {
                    Some(cum.last().copied().unwrap_or(0.0) / (s.t1 - s.t0))
                }
                _ => None,
            })
            .collect()
    };
    for (who, south) in [("fubu", "大侯之乏南"), ("huozhe_can", "参侯之乏南"), ("huozhe_gan", "干侯之乏南")] {
        let quick = speeds(who, south);
        assert!(quick.len() >= 2, "{who} comes south of his blind {} times", quick.len());
        for v in quick {
            assert!(v > 1.2, "{who} goes to {south} at {v:.2} m/s, not hurrying");
        }
    }
    let sima = tl.actor_index("simazheng").unwrap();
    for s in &tl.actors[sima].segments {
        if let Motion::Walk { cum, .. } = &s.motion {
            let v = cum.last().copied().unwrap_or(0.0) / (s.t1 - s.t0);
            assert!(v < 1.0, "the 司马正 walks at {v:.2} m/s at {:.0}", s.t0);
        }
    }
}
