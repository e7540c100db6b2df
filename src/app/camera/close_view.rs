//! The close look at one person (`--view close:ACTOR`): from before him and to his right, to see
//! what his hands do, turned round him until nobody else stands between him and the eye.

use bevy::math::Vec3;

use super::rig::Rig;
use crate::rite::timeline::ActorState;

/// How far the eye stands from the person, and how high it looks down (radians).
pub const DISTANCE: f32 = 4.2;
pub const PITCH: f32 = 0.15;

/// The focus (his chest) and the camera's yaw (0 looks from the south) for a close look at actor
/// `i`: before him and to his right; someone facing north on the hall has its back wall before
/// him, so he is seen from his right and a little behind; a guide leading another by the right
/// hand (相) is seen from his left, the two side by side. Where someone else or a wall would hide
/// him, the eye goes round by steps to the nearest clear side.
/// `walled_off(eye, point)` says whether a wall stands between the two.
pub fn aim(actors: &[ActorState], i: usize, walled_off: impl Fn(Vec3, Vec3) -> bool) -> (Vec3, f32) {
    use std::f32::consts::{FRAC_PI_2, PI};
    let s = &actors[i];
    let focus = Vec3::from_array(s.pos) + Vec3::Y * 0.95;
    let b = s.bearing.to_radians();
    let north = (s.bearing < 60.0 || s.bearing > 300.0) && s.pos[1] > 0.3;
    let wanted = match (north, s.leading.is_some()) {
        (true, _) => FRAC_PI_2 - b - 0.3,
        (false, true) => PI - b + 0.9,
        (false, false) => PI - b - 0.75,
    };
    let steps = [0.0f32, 0.5, -0.5, 1.0, -1.0, 1.5, -1.5, 2.0, -2.0, 2.6, -2.6];
    let yaw = steps
        .iter()
        .map(|d| wanted + d)
        .find(|&yaw| !hidden(actors, i, focus, yaw) && !walled_off(eye(focus, yaw), focus))
        .unwrap_or(wanted);
    (focus, yaw)
}

/// Where the eye is for a focus and yaw.
pub fn eye(focus: Vec3, yaw: f32) -> Vec3 {
    Rig { focus, yaw, pitch: PITCH, distance: DISTANCE, plan: false }.eye()
}

/// Whether someone other than actor `i` stands across the sight line from the eye to `focus`.
fn hidden(actors: &[ActorState], i: usize, focus: Vec3, yaw: f32) -> bool {
    let eye = eye(focus, yaw);
    let led = actors[i].leading;
    actors.iter().enumerate().any(|(j, other)| {
        // the man he leads stands beside him in the picture, not in its way
        if j == i || Some(j) == led || !other.present {
            return false;
        }
        // his body, a post from the knees to the crown
        let foot = Vec3::from_array(other.pos);
        (0..=4).any(|k| {
            let p = foot + Vec3::Y * (0.4 + 0.3 * k as f32);
            let along = (p - focus).dot(eye - focus) / (eye - focus).length_squared();
            // the part of the line well clear of the person looked at, up to the eye
            (0.12..=1.0).contains(&along) && (focus + (eye - focus) * along).distance(p) < 0.35
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rite::acts::gear::Gear;
    use crate::rite::timeline::Pose;

    fn standing(x: f32, z: f32, bearing: f32) -> ActorState {
        ActorState { present: true, pos: [x, 0.0, z], bearing, pose: Pose::Standing, gesture: None, gear: Gear::default(), leading: None }
    }

    #[test]
    fn the_eye_goes_round_someone_who_would_hide_him() {
        let alone = vec![standing(0.0, 0.0, 0.0)];
        let (focus, yaw) = aim(&alone, 0, |_, _| false);
        // in the court, facing north: seen from before him (north) and to his right (east)
        let e = eye(focus, yaw);
        assert!(e.z < -1.0 && e.x > 0.5, "{e}");
        // a neighbour a metre and a half along that line: the eye moves off it
        let between = focus + (e - focus) * 0.45;
        let crowded = vec![standing(0.0, 0.0, 0.0), standing(between.x, between.z, 0.0)];
        let (_, moved) = aim(&crowded, 0, |_, _| false);
        assert!((moved - yaw).abs() > 0.4, "{moved} vs {yaw}");
        assert!(!hidden(&crowded, 0, focus, moved));
        // a wall on the wanted side: the eye goes to another
        let (_, round) = aim(&alone, 0, |eye, _| eye.x > 0.0);
        assert!(eye(focus, round).x <= 0.0);
    }
}
