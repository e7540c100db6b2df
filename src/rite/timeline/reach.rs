//! Things taken out of reach: a man who picks up what lies on the ground, a stand or a mat must
//! be within an arm's length and a lean of it (he walks to it first). Over the whole compiled
//! rite, for the rule's test.

use super::{PropAt, Timeline};

/// How far, horizontally, a man reaches to take up a thing that lies, in metres: the arm's
/// length (about 0.75 m) and a lean forward or a knee put down.
pub const ARM_REACH: f32 = 1.0;

/// A thing taken from where it lay by someone standing farther than [`ARM_REACH`] from it:
/// who, what (the prop's index), when, and how far.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FarTake {
    pub taker: usize,
    pub prop: usize,
    pub t: f32,
    pub distance: f32,
}

/// Every change of where a thing is, in order: (the prop's index, when, where it was, where it is
/// from then on). Taking up and handing over are read from these.
fn changes(timeline: &Timeline) -> impl Iterator<Item = (usize, f32, &PropAt, &PropAt)> {
    timeline.props.iter().enumerate().flat_map(|(k, prop)| {
        let before = std::iter::once(&prop.initial).chain(prop.keys.iter().map(|(_, at)| at));
        before.zip(&prop.keys).map(move |(was, (t, now))| (k, *t, was, now))
    })
}

/// Every taking of a lying thing from beyond [`ARM_REACH`].
pub fn far_takes(timeline: &Timeline) -> Vec<FarTake> {
    changes(timeline)
        .filter_map(|(prop, t, was, now)| {
            let (PropAt::At(lay, _), &PropAt::Held(taker, _)) = (was, now) else { return None };
            let me = timeline.actors[taker].at(t).pos;
            let distance = (lay[0] - me[0]).hypot(lay[2] - me[2]);
            (distance > ARM_REACH).then_some(FarTake { taker, prop, t, distance })
        })
        .collect()
}

/// How far apart, centre to centre, two men stand to hand a thing from one to the other, in
/// metres: each holds out his arms before him.
pub const HAND_TO_HAND: f32 = 1.4;

/// A thing handed over (授/受) between two men standing farther apart than [`HAND_TO_HAND`]:
/// who gives, who receives, what (the prop's index), when, and how far apart.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FarGive {
    pub giver: usize,
    pub receiver: usize,
    pub prop: usize,
    pub t: f32,
    pub distance: f32,
}

/// Every handing over between two men farther apart than [`HAND_TO_HAND`].
pub fn far_gives(timeline: &Timeline) -> Vec<FarGive> {
    changes(timeline)
        .filter_map(|(prop, t, was, now)| {
            let (&PropAt::Held(giver, _), &PropAt::Held(receiver, _)) = (was, now) else { return None };
            if giver == receiver {
                return None;
            }
            let (a, b) = (timeline.actors[giver].at(t).pos, timeline.actors[receiver].at(t).pos);
            let distance = (a[0] - b[0]).hypot(a[2] - b[2]);
            (distance > HAND_TO_HAND).then_some(FarGive { giver, receiver, prop, t, distance })
        })
        .collect()
}
