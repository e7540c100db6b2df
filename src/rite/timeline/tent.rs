//! Walks through the dressing tent: the 次 is a screen of curtains and mats (郑注「次，若今时更衣处，
//! 张帷席为之」); one goes into it to bare an arm or take up a bow, and out again, but nobody walks
//! through it on his way elsewhere (贾疏 on 适次「因过次为适次，非入次也」: one passing by goes before
//! it). The router lets people into a tent and keeps it closed to those passing (court/route.rs,
//! `past_tents`); this finds any walk that still crosses one without going in or coming out, over
//! the whole compiled rite, for the rule's test.

use super::{Motion, Timeline, moments};

/// A walk that crosses a tent it neither starts nor ends in: who, which tent (its index among the
/// court's solids), and when he is inside.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ThroughTent {
    pub walker: usize,
    pub tent: usize,
    pub t: f32,
}

/// How often a walk is looked at, in seconds of rite time.
const STEP: f32 = 0.1;
/// How far inside the curtains (metres) a walker's centre must come to be in the tent, not
/// brushing past its wall.
const INSIDE: f32 = 0.1;

/// Every walk that goes through a tent without going into it or coming out of it, each once, at
/// the first moment it is inside.
pub fn walks_through_tents(timeline: &Timeline) -> Vec<ThroughTent> {
    let mut found = Vec::new();
    for (tent, solid) in timeline.court.tents() {
        let inner = solid.footprint.grow(-INSIDE);
        let inside = |p: [f32; 3]| solid.footprint.contains(p[0], p[2]);
        for (walker, track) in timeline.actors.iter().enumerate() {
            for seg in &track.segments {
                let Motion::Walk { path, .. } = &seg.motion else { continue };
                let (Some(&first), Some(&last)) = (path.first(), path.last()) else { continue };
                if inside(first) || inside(last) {
                    continue;
                }
                let in_it = |&t: &f32| {
                    let me = track.at(t).pos;
                    inner.contains(me[0], me[2])
                };
                if let Some(t) = moments(seg.t0, seg.t1, STEP).find(in_it) {
                    found.push(ThroughTent { walker, tent, t });
                }
            }
        }
    }
    found
}
