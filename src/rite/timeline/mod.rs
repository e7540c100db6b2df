//! Tracks and `state_at(t)`: a pure function of t. Each track is a sorted list of segments, each
//! carrying the state it ends in, so a seek is a binary search, never a replay.

pub mod crossing;
pub mod crowd;
pub mod jump;
pub mod pace;
pub mod query;
pub mod reach;
pub mod snapshot;
pub mod sound;
pub mod tally;
pub mod tent;
pub mod underfoot;

use crate::rite::acts::gear::Dress;
use crate::rite::acts::gear::{Gear, Hand};
use crate::rite::acts::gesture::Gesture;
use crate::rite::acts::props::PropKind;
use crate::rite::court::measure::Dir;
pub use crate::rite::court::measure::bearing_vector;
use crate::rite::court::route::dist3;
use crate::rite::court::{Courtyard, Level};

pub use crate::rite::acts::gesture::Pose;

/// Where an actor is and how, between segments.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rest {
    pub pos: [f32; 3],
    /// compass bearing in degrees (N = 0, E = 90)
    pub bearing: f32,
    /// standing or sitting (坐 until 兴)
    pub seated: bool,
    pub present: bool,
    /// bared, thumb ring, arm guard
    pub gear: Gear,
    /// the actor he leads by the right hand (相), if any
    pub leading: Option<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Motion {
    Walk {
        path: Vec<[f32; 3]>,
        cum: Vec<f32>,
        /// the bearing kept while walking (少退: stepping back, facing as before); None faces
        /// the way he goes
        facing: Option<f32>,
    },
    /// a turn on the spot from bearing `from` through `to - from` degrees (clockwise seen from
    /// above when positive): the shorter way unless the text says 左还 or 右还
    Turn {
        from: f32,
        to: f32,
    },
    /// a gesture (拜, 揖, 坐 …) with the pose it shows while it lasts
    Gesture {
        gesture: Gesture,
        pose: Pose,
    },
    Enter,
    Exit,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Segment {
    pub t0: f32,
    pub t1: f32,
    pub motion: Motion,
    pub end: Rest,
}

#[derive(Debug, Clone)]
pub struct ActorTrack {
    pub id: String,
    pub name: String,
    pub aliases: Vec<String>,
    pub en: String,
    pub role: String,
    pub dress: Dress,
    pub initial: Rest,
    pub segments: Vec<Segment>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum PropAt {
    Absent,
    /// lying here, its front turned to this bearing when someone set it down facing that way
    At([f32; 3], Option<f32>),
    /// in an actor's hands (or belt, or on his shoulder)
    Held(usize, Hand),
    /// an arrow in the air from `from` until `t1`, then lying at `to`
    Flying {
        from: [f32; 3],
        to: [f32; 3],
        t1: f32,
        hit: bool,
    },
}

#[derive(Debug, Clone)]
pub struct PropTrack {
    pub id: String,
    pub name: String,
    pub en: String,
    pub kind: PropKind,
    pub initial: PropAt,
    /// (time it takes effect, where it is from then on)
    pub keys: Vec<(f32, PropAt)>,
    /// a bow's string: strung at the start or not, then (time, strung from then on); None for
    /// anything but a bow
    pub strung: Option<(bool, Vec<(f32, bool)>)>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ActorState {
    pub present: bool,
    pub pos: [f32; 3],
    pub bearing: f32,
    pub pose: Pose,
    /// the gesture being made, if any, and how far through it (0..1)
    pub gesture: Option<(Gesture, f32)>,
    /// what he wears now (a gesture that changes it takes effect when it ends)
    pub gear: Gear,
    /// the actor he leads by the right hand (相), from the end of the 相 gesture
    pub leading: Option<usize>,
}

impl ActorState {
    pub fn facing(&self) -> Dir {
        Dir::from_bearing(self.bearing)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct PropState {
    pub present: bool,
    pub pos: [f32; 3],
    pub held_by: Option<usize>,
    /// how its holder carries it
    pub how: Option<Hand>,
    pub flying: bool,
    /// a bow's string; None for anything else
    pub strung: Option<bool>,
    /// lying, its front turned to this bearing (the setter's); None if never set down
    pub bearing: Option<f32>,
}

/// The whole world at one moment, indexed like the timeline's tracks.
#[derive(Debug, Clone, PartialEq)]
pub struct World {
    pub actors: Vec<ActorState>,
    pub props: Vec<PropState>,
}

/// How much of a held thing's height is left while its holder sits.
pub fn held_sitting_lift() -> f32 {
    0.6
}

/// Where a held thing is, from the holder's feet: (to his right, up, forward), in metres.
pub fn hold_offset(how: Hand) -> [f32; 3] {
    match how {
        Hand::LeftHand => [-0.24, 0.95, 0.22],
        Hand::RightHand => [0.24, 0.95, 0.22],
        Hand::BothHands | Hand::GripAndTip => [0.0, 1.0, 0.25],
        Hand::Fingers => [0.22, 1.0, 0.24],
        Hand::Belt => [0.14, 0.74, 0.12],
        Hand::Shoulder => [-0.2, 1.3, 0.0],
    }
}

#[derive(Debug, Clone)]
pub struct Timeline {
    pub court: Courtyard,
    pub actors: Vec<ActorTrack>,
    pub props: Vec<PropTrack>,
    /// each 侯's left lower cord
    pub cords: Vec<crate::rite::court::cord::CordTrack>,
    pub duration: f32,
}

impl ActorTrack {
    pub fn at(&self, t: f32) -> ActorState {
        let track = self;
        // segments are half-open (t0, t1]: at its t0 a segment has not begun
        let k = track.segments.partition_point(|s| s.t0 < t);
        if k == 0 {
            return rest_state(&track.initial);
        }
        let seg = &track.segments[k - 1];
        if t >= seg.t1 {
            return rest_state(&seg.end);
        }
        let before = if k >= 2 { track.segments[k - 2].end } else { track.initial };
        let f = ((t - seg.t0) / (seg.t1 - seg.t0)).clamp(0.0, 1.0);
        let base = if before.seated { Pose::Sitting } else { Pose::Standing };
        match &seg.motion {
            Motion::Walk { path, cum, facing } => {
                let (pos, heading) = along(path, cum, f * cum.last().copied().unwrap_or(0.0), before.bearing);
                let bearing = facing.unwrap_or(heading);
                ActorState { present: true, pos, bearing, pose: Pose::Walking, gesture: None, gear: before.gear, leading: before.leading }
            }
            Motion::Turn { from, to } => {
                let bearing = (from + (to - from) * f).rem_euclid(360.0);
                let leading = before.leading;
                ActorState { present: before.present, pos: before.pos, bearing, pose: base, gesture: None, gear: before.gear, leading }
            }
            Motion::Gesture { gesture, pose } => {
                let (pos, bearing, gear) = (before.pos, before.bearing, before.gear);
                // 相 is shown taking the arm while it is made
                let leading = if *gesture == Gesture::Lead { seg.end.leading } else { before.leading };
                ActorState { present: before.present, pos, bearing, pose: *pose, gesture: Some((*gesture, f)), gear, leading }
            }
            Motion::Enter => ActorState { present: true, ..rest_state(&seg.end) },
            Motion::Exit => ActorState { present: true, ..rest_state(&before) },
        }
    }
}

impl Timeline {
    pub fn actor_at(&self, i: usize, t: f32) -> ActorState {
        self.actors[i].at(t)
    }

    pub fn prop_at(&self, i: usize, t: f32) -> PropState {
        self.prop_given(i, t, |a| self.actor_at(a, t))
    }

    /// Everyone and everything at `t`. Each actor is placed once; a thing in a hand follows
    /// the hand's already placed owner.
    pub fn state_at(&self, t: f32) -> World {
        let actors: Vec<ActorState> = self.actors.iter().map(|a| a.at(t)).collect();
        let props = (0..self.props.len()).map(|i| self.prop_given(i, t, |a| actors[a])).collect();
        World { actors, props }
    }

    /// Where thing `i` is at `t`, as its track says (lying, held, flying, gone), and since when.
    pub fn prop_key_at(&self, i: usize, t: f32) -> (f32, &PropAt) {
        let track = &self.props[i];
        match track.keys.partition_point(|(kt, _)| *kt <= t) {
            0 => (0.0, &track.initial),
            k => (track.keys[k - 1].0, &track.keys[k - 1].1),
        }
    }

    /// Where prop `i` is at `t`, given where its holder (if any) is then.
    fn prop_given(&self, i: usize, t: f32, holder: impl Fn(usize) -> ActorState) -> PropState {
        let track = &self.props[i];
        let (t_key, at) = self.prop_key_at(i, t);
        let strung = track.strung.as_ref().map(|(first, keys)| {
            let j = keys.partition_point(|(kt, _)| *kt <= t);
            if j == 0 { *first } else { keys[j - 1].1 }
        });
        let lying = |present, pos, bearing| PropState { present, pos, held_by: None, how: None, flying: false, strung, bearing };
        match at {
            PropAt::Absent => lying(false, [0.0; 3], None),
            PropAt::At(p, bearing) => lying(true, *p, *bearing),
            PropAt::Held(a, how) => {
                let s = holder(*a);
                let (dx, dz) = bearing_vector(s.bearing);
                let [right, up, forward] = hold_offset(*how);
                let up = if s.pose == Pose::Sitting { up * held_sitting_lift() } else { up };
                let pos = [s.pos[0] + dx * forward - dz * right, s.pos[1] + up, s.pos[2] + dz * forward + dx * right];
                PropState { present: s.present, pos, held_by: Some(*a), how: Some(*how), flying: false, strung, bearing: None }
            }
            PropAt::Flying { from, to, t1, .. } => {
                let f = if *t1 > t_key { ((t - t_key) / (t1 - t_key)).clamp(0.0, 1.0) } else { 1.0 };
                PropState { flying: f < 1.0, ..lying(true, arc(*from, *to, f), None) }
            }
        }
    }

    pub fn actor_index(&self, key: &str) -> Option<usize> {
        self.actors
            .iter()
            .position(|a| a.id == key)
            .or_else(|| self.actors.iter().position(|a| a.name == key))
            .or_else(|| self.actors.iter().position(|a| a.aliases.iter().any(|x| x == key)))
    }

    /// The thing with this id (`zhuo_hunren`, `gong_1_shang`).
    pub fn prop_index(&self, id: &str) -> Option<usize> {
        self.props.iter().position(|p| p.id == id)
    }

    pub fn level_of(&self, p: [f32; 3]) -> Level {
        self.court.floor_at(p)
    }

    /// The whole path an actor walks over the rite, for drawing it on the ground.
    pub fn path_of(&self, i: usize) -> Vec<[f32; 3]> {
        let track = &self.actors[i];
        let mut out = vec![track.initial.pos];
        for s in &track.segments {
            if let Motion::Walk { path, .. } = &s.motion {
                out.extend(path.iter().copied());
            }
        }
        out
    }
}

fn rest_state(r: &Rest) -> ActorState {
    ActorState {
        present: r.present,
        pos: r.pos,
        bearing: r.bearing,
        pose: if r.seated { Pose::Sitting } else { Pose::Standing },
        gesture: None,
        gear: r.gear,
        leading: r.leading,
    }
}

pub fn bearing_between(a: [f32; 3], b: [f32; 3]) -> Option<f32> {
    let (dx, dz) = (b[0] - a[0], b[2] - a[2]);
    if dx.abs() < 1e-4 && dz.abs() < 1e-4 {
        return None;
    }
    Some(dx.atan2(-dz).to_degrees().rem_euclid(360.0))
}

/// Position and heading at distance `d` along a polyline with cumulative lengths `cum`.
pub(crate) fn along(path: &[[f32; 3]], cum: &[f32], d: f32, fallback: f32) -> ([f32; 3], f32) {
    if path.len() < 2 {
        return (path.first().copied().unwrap_or([0.0; 3]), fallback);
    }
    let k = cum.partition_point(|c| *c < d).clamp(1, path.len() - 1);
    let (a, b) = (path[k - 1], path[k]);
    let len = (cum[k] - cum[k - 1]).max(1e-6);
    let f = ((d - cum[k - 1]) / len).clamp(0.0, 1.0);
    let pos = [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
    // a riser has no heading of its own: keep the one of the tread before it
    let heading = (1..=k).rev().find_map(|j| bearing_between(path[j - 1], path[j])).unwrap_or(fallback);
    (pos, heading)
}

pub fn cumulative(path: &[[f32; 3]]) -> Vec<f32> {
    let mut cum = Vec::with_capacity(path.len());
    let mut total = 0.0;
    for (i, p) in path.iter().enumerate() {
        if i > 0 {
            total += dist3(path[i - 1], *p);
        }
        cum.push(total);
    }
    cum
}

/// An arrow's flight: a parabola from the bow to the target.
pub fn arc(from: [f32; 3], to: [f32; 3], f: f32) -> [f32; 3] {
    let d = ((to[0] - from[0]).powi(2) + (to[2] - from[2]).powi(2)).sqrt();
    let lift = d * 0.08 * 4.0 * f * (1.0 - f);
    [from[0] + (to[0] - from[0]) * f, from[1] + (to[1] - from[1]) * f + lift, from[2] + (to[2] - from[2]) * f]
}

/// The moments a rule check looks at in `t0..t1`: `step` apart, the first half a step in.
pub(crate) fn moments(t0: f32, t1: f32, step: f32) -> impl Iterator<Item = f32> {
    std::iter::successors(Some(t0 + step / 2.0), move |t| Some(t + step)).take_while(move |&t| t < t1)
}
