//! 交 and 相左 (释例): every clause of crossing in the shipped rites has two people walking at
//! once who come toward each other and pass, each with the other on the side the clause names
//! (`timeline::crossing`). A planted case: one of a crossing pair made to stand still.

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
