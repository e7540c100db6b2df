//! Who makes which gesture when, seen from the timeline.

use sheli::rite::acts::gesture::Gesture;
use sheli::rite::timeline::{ActorState, Motion, Timeline};

/// Each `gesture` actor `who` begins between `from` and `to` seconds: when, and how he stands as he makes it.
pub fn made(tl: &Timeline, who: usize, gesture: Gesture, from: f32, to: f32) -> Vec<(f32, ActorState)> {
    tl.actors[who]
        .segments
        .iter()
        .filter(|s| s.t0 >= from && s.t0 < to && matches!(s.motion, Motion::Gesture { gesture: g, .. } if g == gesture))
        .map(|s| (s.t0, tl.actor_at(who, s.t0 + 0.1)))
        .collect()
}
