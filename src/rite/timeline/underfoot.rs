//! Walks over food set on the ground: dried meat and pickle (荐) and a meat stand (俎) laid in the
//! court for someone standing below (the 获者, the 众宾 below the hall) lie where they were set
//! until they are taken up, and a walk that passes over them treads in the dishes. The router
//! steps round them (court/detour.rs); this finds the walks it could not save, over the whole
//! compiled rite, for the rule's test. The twin of [`crowd`](super::crowd), for things.

use super::{Motion, PropAt, Timeline, moments};
use crate::rite::acts::props::PropKind;
use crate::rite::court::Level;
use crate::rite::court::detour::STEPPING_CLEAR;

/// A walk that passes over dishes on the ground: who walks, over which thing, and when he is
/// closest to it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Trampling {
    pub walker: usize,
    pub thing: usize,
    pub t: f32,
}

/// How often a walk is looked at, in seconds of rite time.
const STEP: f32 = 0.25;
/// A walker's centre this close (metres) to the dishes' centre has a foot in them: the router keeps
/// [`STEPPING_CLEAR`] round a thing on the floor, and what comes well inside that, it could not save.
const OVER: f32 = 0.8 * STEPPING_CLEAR;
/// A thing this far above or below a walker is on another floor (the hall, a tread, a stand).
const FLOOR_APART: f32 = 0.3;

/// The spans a dish lies on the ground of the court: (from, until, where). Where it starts is its
/// store (the 东房, the 东壁, by the 鼎), from which it is fetched; the rule is for what has been set
/// down for someone.
fn on_the_ground(timeline: &Timeline, keys: &[(f32, PropAt)]) -> Vec<(f32, f32, [f32; 3])> {
    let mut spans = Vec::new();
    let mut from = (f32::NEG_INFINITY, PropAt::Absent);
    for (t, at) in keys.iter().cloned().chain([(f32::INFINITY, PropAt::Absent)]) {
        if let PropAt::At(pos, _) = from.1
            && timeline.level_of(pos) == Level::Ground
            && pos[1] < FLOOR_APART
        {
            spans.push((from.0, t, pos));
        }
        from = (t, at);
    }
    spans
}

/// Every walk that passes over food lying on the ground of the court, each at the walker's
/// closest moment to it.
pub fn walks_over(timeline: &Timeline) -> Vec<Trampling> {
    let mut found = Vec::new();
    for (thing, prop) in timeline.props.iter().enumerate() {
        if !matches!(prop.kind, PropKind::Offering | PropKind::Stand) {
            continue;
        }
        let spans = on_the_ground(timeline, &prop.keys);
        for (walker, track) in timeline.actors.iter().enumerate() {
            for seg in track.segments.iter().filter(|s| matches!(s.motion, Motion::Walk { .. })) {
                for &(t0, t1, pos) in &spans {
                    let over = |t: f32| {
                        let me = track.at(t).pos;
                        let gap = (me[0] - pos[0]).hypot(me[2] - pos[2]);
                        ((me[1] - pos[1]).abs() < FLOOR_APART && gap < OVER).then_some((t, gap))
                    };
                    // the first of the closest moments
                    let closest = moments(seg.t0.max(t0), seg.t1.min(t1), STEP).filter_map(over).min_by(|x, y| x.1.total_cmp(&y.1));
                    if let Some((t, _)) = closest {
                        found.push(Trampling { walker, thing, t });
                    }
                }
            }
        }
    }
    found
}
