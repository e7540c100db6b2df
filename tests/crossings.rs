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
