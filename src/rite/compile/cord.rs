//! 系, 解, 束: a 侯's left lower cord tied, untied, or the cloth rolled up over the 中, by someone
//! standing at the 侯. Each becomes a key of that 侯's cord track, taking effect when the gesture
//! ends.

use super::sim::Sim;
use crate::rite::acts::deed::Deed;
use crate::rite::acts::gesture::Gesture;
use crate::rite::court::Courtyard;
use crate::rite::court::cord::{Cord, CordTrack};
use crate::rite::scene::model::{Move, ObjectKind};

/// How near a 侯 (metres from its cloth) one must stand to tie or untie its cord.
const AT_THE_TARGET: f32 = 3.0;

/// Every 侯 of the court with the cord it starts with.
pub(super) fn tracks(court: &Courtyard) -> Vec<CordTrack> {
    court
        .solids
        .iter()
        .filter_map(|s| match &s.kind {
            ObjectKind::Target { cord, .. } => Some(CordTrack { object: s.id.clone(), initial: *cord, keys: Vec::new() }),
            _ => None,
        })
        .collect()
}

impl Sim<'_> {
    /// For a cord move by actor `a`, the deed (the change kept at `done`, when the gesture ends),
    /// or why it cannot be done; `None` for any other move.
    pub(super) fn cord(&mut self, a: usize, m: &Move, g: Gesture, done: f32) -> Option<Result<Deed, String>> {
        let (target, to) = match m {
            Move::TieCord(t) => (t, Cord::Tied),
            Move::UntieCord(t) => (t, Cord::Untied),
            Move::FurlTarget(t) => (t, Cord::Furled),
            Move::UnfurlTarget(t) => (t, Cord::Untied),
            _ => return None,
        };
        let name = &self.tracks[a].name;
        let Some(k) = self.cords.iter().position(|c| &c.object == target) else {
            return Some(Err(format!("`{target}` is not a 侯 of the court: only a 侯 has a left lower cord")));
        };
        let solid = self.court.solid(target).expect("a cord track is made for a solid of the court");
        let pos = self.rest[a].pos;
        if !solid.footprint.grow(AT_THE_TARGET).contains(pos[0], pos[2]) {
            return Some(Err(format!("{name} is not at {target} (within {AT_THE_TARGET} m of its cloth): walk to it first")));
        }
        self.cords[k].keys.push((done, to));
        Some(Ok(Deed::Cord(g, target.clone())))
    }
}
