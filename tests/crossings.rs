//! 交 and 相左 (释例): every clause of crossing in the shipped rites has two people walking at
//! once who come toward each other and pass, each with the other on the side the clause names
//! (`timeline::crossing`). A planted case: one of a crossing pair made to stand still. And the
//! 大射 pairs' crossing by the tent: bowing with the 上射 north, going on with him at the left; and the
//! pairs walking abreast back along the hall, and bowing together level with the stairs to drink.

mod gestures;
mod walking;

use sheli::rite::acts::gesture::Gesture;
use sheli::rite::compile::Rite;
use sheli::rite::timeline::crossing::{Side, crossings};
use sheli::rite::timeline::{Motion, Segment};

fn breaches(rite: &Rite) -> Vec<String> {
    crossings(rite)
        .iter()
        .filter(|c| c.pair.is_none())
        .map(|c| format!("`{}` ({:?}): nobody passes anybody walking", rite.beat(c.beat).text, c.side))
        .collect()
}

fn every_crossing_passes(name: &str) {
    let rite = sheli::rite::load_named(name).unwrap_or_else(|e| panic!("{e}"));
    let all = crossings(&rite);
    assert!(all.len() >= 5, "{name}: only {} clauses of crossing found", all.len());
    let bad = breaches(&rite);
    assert!(bad.is_empty(), "{name}: {} of {} crossings are no pass:\n{}", bad.len(), all.len(), bad.join("\n"));
}

#[test]
fn xiang_she_crossings_pass() {
    every_crossing_passes("xiang_she");
}

#[test]
fn da_she_crossings_pass() {
    every_crossing_passes("da_she");
}

/// 乡射礼「司射进，与司马交于阶前，相左」 with the 司马 stopped where he stood: the clause is
/// found with nobody passing; and the two, walking, pass each with the other on his left, not
/// on his right.
#[test]
fn a_crossing_with_one_standing_is_found() {
    let mut rite = sheli::rite::load_named("xiang_she").unwrap_or_else(|e| panic!("{e}"));
    let c = crossings(&rite).into_iter().find(|c| rite.beat(c.beat).text.contains("司射进，与司马交于阶前")).expect("the clause");
    let (a, b) = c.pair.expect("the 司射 and the 司马 pass");
    assert_eq!(c.side, Side::Left);
    let beat = rite.beat(c.beat).clone();
    let (t0, t1) = (beat.start, beat.end);
    assert!(!sheli::rite::timeline::crossing::passes(&rite.timeline, a, b, t0, t1, Side::Right), "they pass on the right too");
    // stop the first of the two: every walk of his in the clause becomes a wait where he set out
    let track = &mut rite.timeline.actors[a];
    let mut from = track.initial.pos;
    for s in track.segments.iter_mut() {
        if matches!(s.motion, Motion::Walk { .. }) && s.t1 > t0 - 10.0 && s.t0 < t1 + 10.0 {
            *s = Segment {
                motion: Motion::Gesture { gesture: sheli::rite::acts::gesture::Gesture::Wait, pose: sheli::rite::timeline::Pose::Standing },
                end: sheli::rite::timeline::Rest { pos: from, ..s.end },
                ..s.clone()
            };
        }
        from = s.end.pos;
    }
    let bad = breaches(&rite);
    assert!(bad.iter().any(|r| r.contains("司射进，与司马交于阶前")), "{bad:?}");
}

/// 乡射礼 third round 「拾取矢，如初」: as in the first taking, each pair going back passes the pair
/// coming, each with the other on his left (与进者相左，相揖), though it goes on to the 堂西 rather
/// than to its place. The clause does not name the crossing, so the check names the pairs.
#[test]
fn the_last_taking_passes_the_pair_coming_as_at_first() {
    let rite = sheli::rite::load_named("xiang_she").unwrap_or_else(|e| panic!("{e}"));
    let (_, beat) = rite.beats().find(|(_, b)| b.text.starts_with("拾取矢，如初;矢不挟")).expect("the clause");
    let idx = |id: &str| rite.timeline.actor_index(id).unwrap_or_else(|| panic!("no {id}"));
    for (back, coming) in [("shangou", "ciou"), ("ciou", "xiaou")] {
        let passed = ["shang", "xia"].iter().any(|a| {
            ["shang", "xia"].iter().any(|b| {
                let (a, b) = (idx(&format!("{back}_{a}")), idx(&format!("{coming}_{b}")));
                sheli::rite::timeline::crossing::passes(&rite.timeline, a, b, beat.start, beat.end, Side::Left)
            })
        });
        assert!(passed, "the {back} pair going back does not pass the {coming} pair coming, on the left");
    }
}

/// 大射「出，西面揖」 outside the tent: the pair bow as they waited in it, the 上射 on the north, at
/// the right of his partner facing west (贾疏「此次北西面位亦上射在北居右，故上射须在左」); then, as
/// they go on to the stairs or to the arrow rest, he crosses in front of him to the left (「上射在左」;
/// 考证「既揖而进，上射乃之左」), and keeps it while both walk.
#[test]
fn a_pair_bows_by_the_tent_the_upper_archer_north_and_goes_on_at_his_partner_s_left() {
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let pairs = [
        ("shangou_shang", "shangou_xia"),
        ("ciou_shang", "ciou_xia"),
        ("xiaou_shang", "xiaou_xia"),
        ("zhugong1", "qing1"),
        ("qing2", "qing3"),
        ("xiaoqing1", "xiaoqing2"),
        ("dafu1", "dafu2"),
        ("dafu3", "dafu4"),
        ("zhongou_shang", "zhongou_xia"),
    ];
    let (mut bows, mut walked, mut wrong) = (0, 0, Vec::new());
    for (up, down) in pairs {
        let (u, d) = (tl.actor_index(up).expect(up), tl.actor_index(down).expect(down));
        let by_the_tent = |t: f32| {
            let (a, b) = (tl.actor_at(u, t), tl.actor_at(d, t));
            let here = |p: [f32; 3]| tl.court.places_at(p).iter().any(|id| id == "次西");
            // side by side north and south, facing west
            here(a.pos)
                && here(b.pos)
                && (a.pos[0] - b.pos[0]).abs() < 0.3
                && (a.pos[2] - b.pos[2]).abs() < 1.2
                && (a.bearing.rem_euclid(360.0) - 270.0).abs() < 1.0
        };
        let mut t = 0.0;
        while t < tl.duration {
            if !by_the_tent(t) {
                t += 0.25;
                continue;
            }
            bows += 1;
            let (a, b) = (tl.actor_at(u, t), tl.actor_at(d, t));
            if a.pos[2] > b.pos[2] {
                wrong.push(format!("{}: {up} bows south of {down}", rite.beat(rite.beat_at(t)).text));
            }
            while t < tl.duration && by_the_tent(t) {
                t += 0.25;
            }
            // the walk on: while both go the same way, the 上射 is at his partner's left
            let until = t + 25.0;
            while t < until {
                if let Some((_, left)) = walking::side_by_side(tl, u, d, t) {
                    walked += 1;
                    if left < 0.2 {
                        wrong.push(format!("{}: {up} walks {left:.2} m to the left of {down}", rite.beat(rite.beat_at(t)).text));
                    }
                }
                t += 0.5;
            }
        }
    }
    assert!(bows >= 20 && walked >= 100, "{bows} bows by the tent, {walked} samples of walking on");
    assert!(wrong.is_empty(), "{} samples:\n{}", wrong.len(), wrong.join("\n"));
}

/// Every moment a 大射 pair walks together where `along` says (given where the two are and where they are half a
/// second on): how many samples, and those where one is more than half a metre ahead of the other.
fn abreast(rite: &Rite, along: impl Fn([f32; 3], [f32; 3], [f32; 3], [f32; 3]) -> bool) -> (usize, Vec<String>) {
    let tl = &rite.timeline;
    let (mut walked, mut wrong) = (0, Vec::new());
    for pair in ["shangou", "ciou", "xiaou"] {
        let (u, d) = (tl.actor_index(&format!("{pair}_shang")).unwrap(), tl.actor_index(&format!("{pair}_xia")).unwrap());
        let mut t = 0.0;
        while t < tl.duration {
            let (a, b, a1, b1) = (tl.actor_at(u, t).pos, tl.actor_at(d, t).pos, tl.actor_at(u, t + 0.5).pos, tl.actor_at(d, t + 0.5).pos);
            if along(a, b, a1, b1)
                && let Some((ahead, _)) = walking::side_by_side(tl, u, d, t)
            {
                walked += 1;
                if ahead.abs() > 0.5 {
                    wrong.push(format!("{}: the {pair} 上射 {ahead:.2} m ahead of his 下射", rite.beat(rite.beat_at(t)).text));
                }
            }
            t += 0.5;
        }
    }
    (walked, wrong)
}

/// 大射「揖如升射」 going back: the pair walks back west along the hall abreast, as it came (上射揖，并行),
/// not the 上射 ahead on his own: while both walk west on the hall, neither is more than half a metre
/// ahead of the other.
#[test]
fn a_pair_goes_back_along_the_hall_abreast() {
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let (walked, wrong) = abreast(&rite, |a, b, a1, b1| a[1] > 1.5 && b[1] > 1.5 && a1[0] - a[0] < -0.3 && b1[0] - b[0] < -0.3);
    assert!(walked >= 20, "{walked} samples of a pair walking west on the hall");
    assert!(wrong.is_empty(), "{} samples:\n{}", wrong.len(), wrong.join("\n"));
}

/// 大射 饮不胜者「一耦出，揖如升射」 (52nd audit): going up to drink, the pair bows level with the stairs as when
/// going up to shoot (当阶北面揖): together, the winner not ahead of his partner. Every bow one of them makes
/// standing 当西阶 in that clause the other makes with him (within half a second).
#[test]
fn a_pair_going_up_to_drink_bows_together_level_with_the_stairs() {
    let rite = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let tl = &rite.timeline;
    let found: Vec<_> = rite.beats().filter(|(_, b)| b.text == "揖如升射，").map(|(_, b)| b).collect();
    assert_eq!(found.len(), 1, "the clause of going up to drink");
    let clause = found[0];
    let bows = |who: usize| -> Vec<f32> {
        gestures::made(tl, who, Gesture::Yi, clause.start, clause.end)
            .into_iter()
            .filter(|(_, at)| tl.court.places_at(at.pos).iter().any(|p| p == "当西阶"))
            .map(|(t, _)| t)
            .collect()
    };
    let (up, down) = (bows(tl.actor_index("shangou_shang").unwrap()), bows(tl.actor_index("shangou_xia").unwrap()));
    assert!(up.len() == 1 && down.len() == 1, "bows level with the stairs: 上射 {up:?}, 下射 {down:?}");
    assert!((up[0] - down[0]).abs() < 0.5, "the 上射 bows at {:.1}, the 下射 at {:.1}: not together", up[0], down[0]);
}
