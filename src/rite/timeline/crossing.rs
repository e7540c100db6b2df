//! 交 and 相左: 「司射进，与司马交于阶前，相左」. A crossing is two people walking at once,
//! coming toward each other, each with the other on the side the clause names (相左: on his
//! left; 相右: on his right; a bare 交: either). A clause of crossing where nobody passes
//! anybody (one waits at his place while the other walks past, or both stand) is a breach.

use super::query::BeatRef;
use super::{Pose, Timeline};
use crate::rite::compile::Rite;
use crate::rite::court::measure::bearing_vector;

/// The side a clause of crossing names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// 相左: each keeps the other on his left
    Left,
    /// 相右
    Right,
    /// 交 alone: they pass, on whichever side
    Either,
}

/// A clause of crossing and the pair found passing there, if any.
#[derive(Debug, Clone, PartialEq)]
pub struct Crossing {
    pub beat: BeatRef,
    pub side: Side,
    /// the two who pass, walking at once, on that side
    pub pair: Option<(usize, usize)>,
}

/// How often two walks are compared, in seconds of rite time.
const STEP: f32 = 0.1;
/// Farther apart than this (metres) at their closest, two walkers do not pass each other.
const NEAR: f32 = 3.0;

/// The words that make a clause one of crossing, and the side they name. The clause's
/// neighbours in its step are read with it: 「交于阶前，」 and 「相左。」 are often two beats.
fn side_named(words: &str) -> Option<Side> {
    if words.contains("相左") {
        Some(Side::Left)
    } else if words.contains("相右") {
        Some(Side::Right)
    } else if words.contains("交于") {
        Some(Side::Either)
    } else {
        None
    }
}

/// How many clauses before the one that names a crossing its pass may be staged: one, where the
/// text splits the walk from the crossing (「司射进，」「与司马交于阶前，」). Where it tells one man's
/// moves through before it turns to the man he crosses (「司马降，释弓反位。司射与司马交于阶前」:
/// the two meet as the 司马 comes down), the scene makes the whole of it one clause, so that the
/// pass is seen in the clause that names it.
const BEFORE: usize = 1;

/// Every beat whose own words name a crossing, with the pair that passes there. The beat is
/// looked at with the [`BEFORE`] beats before it (across steps) and the one after: the walk may
/// begin in the clause before (「司射进，」) or end in the one after.
pub fn crossings(rite: &Rite) -> Vec<Crossing> {
    let beats: Vec<(BeatRef, &crate::rite::compile::BeatInfo)> = rite.beats().collect();
    let mut found = Vec::new();
    for (k, &(r, beat)) in beats.iter().enumerate() {
        if side_named(&beat.text).is_none() {
            continue;
        }
        let window = &beats[k.saturating_sub(BEFORE)..(k + 2).min(beats.len())];
        // the side is read from the clause and its neighbours (「交于阶前，」「相左。」), within its step
        let words: String = window.iter().filter(|(w, _)| w.step == r.step && w.beat + 1 >= r.beat).map(|(_, b)| b.text.as_str()).collect();
        let side = side_named(&words).unwrap_or(Side::Either);
        let (t0, t1) = (window[0].1.start, window[window.len() - 1].1.end);
        let mut who: Vec<usize> = window.iter().flat_map(|(_, b)| b.actors.iter().copied()).collect();
        who.sort_unstable();
        who.dedup();
        let pair = who
            .iter()
            .enumerate()
            .find_map(|(i, &a)| who[i + 1..].iter().find(|&&b| passes(&rite.timeline, a, b, t0, t1, side)).map(|&b| (a, b)));
        found.push(Crossing { beat: r, side, pair });
    }
    found
}

/// Whether `a` and `b`, both walking at some moment of `t0..t1`, come toward each other and
/// pass within [`NEAR`], each with the other on `side`.
pub fn passes(timeline: &Timeline, a: usize, b: usize, t0: f32, t1: f32, side: Side) -> bool {
    let (ta, tb) = (&timeline.actors[a], &timeline.actors[b]);
    let mut t = t0;
    while t < t1 {
        let (sa, sb) = (ta.at(t), tb.at(t));
        t += STEP;
        if !(sa.present && sb.present && sa.pose == Pose::Walking && sb.pose == Pose::Walking) {
            continue;
        }
        let (fa, fb) = (bearing_vector(sa.bearing), bearing_vector(sb.bearing));
        let d = (sb.pos[0] - sa.pos[0], sb.pos[2] - sa.pos[2]);
        let toward = fa.0 * fb.0 + fa.1 * fb.1 < 0.0 && d.0 * fa.0 + d.1 * fa.1 > 0.0;
        if !toward || d.0.hypot(d.1) > NEAR {
            continue;
        }
        // his left, on the plan (x east, z south): facing north (0, -1), the left is west (-1, 0)
        let left = |f: (f32, f32)| (f.1, -f.0);
        let b_on_left_of_a = d.0 * left(fa).0 + d.1 * left(fa).1 > 0.0;
        let a_on_left_of_b = -d.0 * left(fb).0 - d.1 * left(fb).1 > 0.0;
        let kept = match side {
            Side::Left => b_on_left_of_a && a_on_left_of_b,
            Side::Right => !b_on_left_of_a && !a_on_left_of_b,
            Side::Either => b_on_left_of_a == a_on_left_of_b,
        };
        if kept {
            return true;
        }
    }
    false
}
