//! Walks through people: two bodies in one place, which no clause asks for. The router steps
//! round whoever stands or sits in the way (court/detour.rs), and a walker waits for one already
//! walking across his way (compile/walk.rs); this finds the walks they could not save (a file
//! that tailgates, a spot taken beside another's, no way round, no wait long enough), over the whole
//! compiled rite, for the rule's test and for `tools/crowd_check.py`'s measure.

use super::{ActorTrack, Motion, Pose, Timeline};

/// A walk that comes within [`OVERLAP`] of someone standing, seated or walking: who walks,
/// through whom, when they are closest, and how close (centre to centre, metres).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Passing {
    pub walker: usize,
    pub through: usize,
    pub t: f32,
    pub gap: f32,
}

/// How often a walk is looked at, in seconds of rite time.
const STEP: f32 = 0.25;
/// Two centres closer than this (metres) are two bodies in one another. The router keeps
/// [`PASSING`](crate::rite::court::detour::PASSING), more than this; what comes within this, it could not save.
const OVERLAP: f32 = 0.3;
/// Two people this far apart in height are on different floors (the hall, a tread, the court).
const FLOOR_APART: f32 = 0.3;

impl ActorTrack {
    /// Where he stands or sits at `t`, if he is here and not on the move (walking, coming in or
    /// going out).
    pub fn still_at(&self, t: f32) -> Option<[f32; 3]> {
        let k = self.segments.partition_point(|s| s.t0 < t);
        let Some(s) = k.checked_sub(1).map(|k| &self.segments[k]) else {
            return self.initial.present.then_some(self.initial.pos);
        };
        let moving = t < s.t1 && matches!(s.motion, Motion::Walk { .. } | Motion::Enter | Motion::Exit);
        (!moving && s.end.present).then_some(s.end.pos)
    }
}

/// Every walk that passes through someone, each at its closest moment with each person. Two
/// walking at once are counted once, from the walk of the one listed first. The man a walker
/// leads, or who leads him, walks at his side and is not counted.
pub fn walks_through(timeline: &Timeline) -> Vec<Passing> {
    let actors = &timeline.actors;
    let mut found = Vec::new();
    for (w, track) in actors.iter().enumerate() {
        for seg in track.segments.iter().filter(|s| matches!(s.motion, Motion::Walk { .. }) && s.t1 - s.t0 > 1e-3) {
            // the closest moment with each person the walk comes through
            let mut worst: Vec<Passing> = Vec::new();
            let mut t = seg.t0 + STEP.min((seg.t1 - seg.t0) / 2.0);
            while t < seg.t1 {
                let me = track.at(t);
                for (o, other) in actors.iter().enumerate().filter(|&(o, _)| o != w) {
                    let them = other.at(t);
                    // two on the move: the pair is looked at once, from the walk of the first
                    let p = match other.still_at(t) {
                        Some(p) => p,
                        None if o > w && them.present && them.pose == Pose::Walking => them.pos,
                        None => continue,
                    };
                    if (p[1] - me.pos[1]).abs() > FLOOR_APART || me.leading == Some(o) || them.leading == Some(w) {
                        continue;
                    }
                    let gap = (p[0] - me.pos[0]).hypot(p[2] - me.pos[2]);
                    if gap >= OVERLAP {
                        continue;
                    }
                    match worst.iter_mut().find(|x| x.through == o) {
                        Some(x) if gap < x.gap => *x = Passing { walker: w, through: o, t, gap },
                        Some(_) => {}
                        None => worst.push(Passing { walker: w, through: o, t, gap }),
                    }
                }
                t += STEP;
            }
            found.extend(worst);
        }
    }
    found
}
