//! `tests/scenes/mini.ron`, the small scene the checks' planted cases are set in.

use sheli::rite::compile::Rite;
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
