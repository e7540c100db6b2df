//! `tests/scenes/mini.ron`, the small scene the checks' planted cases are set in.
// each test crate that includes this module uses some of it
#![allow(dead_code)]

use sheli::rite::compile::Rite;
use sheli::rite::court::furniture::ObjectKind;
use sheli::rite::court::{Box2, Courtyard, Level, Solid};
use sheli::rite::load;
use sheli::rite::timeline::Motion;

pub fn mini() -> Rite {
    let src = std::fs::read_to_string("tests/scenes/mini.ron").unwrap();
    load("tests/scenes/mini.ron", &src).unwrap_or_else(|d| panic!("{d}"))
}

/// Its first walk of more than two seconds: who walks, when he sets out and arrives, and his way.
pub fn long_walk(rite: &Rite) -> (usize, f32, f32, Vec<[f32; 3]>) {
    rite.timeline
        .actors
        .iter()
        .enumerate()
        .find_map(|(i, a)| {
            a.segments.iter().find_map(|s| match &s.motion {
                Motion::Walk { path, .. } if path.len() >= 2 && s.t1 - s.t0 > 2.0 => Some((i, s.t0, s.t1, path.clone())),
                _ => None,
            })
        })
        .expect("mini.ron has a walk")
}

/// A dressing tent (次) a metre square pitched on the ground at (x, z), for a planted case: people
/// may go into it, so it does not block.
pub fn tent(court: &Courtyard, x: f32, z: f32) -> Solid {
    let mut tent = court.solids[0].clone();
    tent.id = "次".into();
    tent.kind = ObjectKind::Tent;
    tent.blocks = false;
    tent.level = Level::Ground;
    tent.footprint = Box2::around(x, z, 1.0, 1.0);
    tent
}
