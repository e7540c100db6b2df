//! Where a thing is drawn: in the hand, belt or on the shoulder of the person holding it (as his
//! posture has placed them), on the string while he draws, in flight along its arc, stuck in
//! the 侯's cloth or the ground where it fell, or lying where it was put, side by side with its
//! fellows (arrows by fours, tallies by pairs).

use std::f32::consts::{FRAC_PI_2, PI};

use bevy::prelude::*;

use super::bow;
use super::posture::{KNEEL, LEFT, Posture, RIGHT, WAIST};
use crate::rite::acts::gear::Hand;
use crate::rite::acts::gesture::Gesture;
use crate::rite::scene::model::PropKind;
use crate::rite::timeline::{PropAt, Timeline, World};

/// The world this frame, and each present person's transform and posture, for the things they
/// hold: worked out once, by the figures' placing, and read by the things' placing and the labels.
#[derive(Resource, Default)]
pub struct Placed {
    pub world: Option<World>,
    pub people: Vec<Option<(Transform, Posture)>>,
}

pub struct Spot {
    pub transform: Transform,
    /// a bow's draw, 0..1
    pub draw: f32,
}

/// For each thing in a belt, its place among its holder's belt things (0, 1, 2 …).
pub fn belt_order(world: &World) -> Vec<usize> {
    let mut seen = vec![0usize; world.actors.len()];
    world
        .props
        .iter()
        .map(|p| match (p.held_by, p.how) {
            (Some(a), Some(Hand::Belt)) => {
                seen[a] += 1;
                seen[a] - 1
            }
            _ => 0,
        })
        .collect()
}

/// The flight that brought a thing to where it lies now, if it flew: (from, to, hit).
fn landed_from(tl: &Timeline, i: usize, t: f32) -> Option<([f32; 3], [f32; 3], bool)> {
    let keys = &tl.props[i].keys;
    let k = keys.partition_point(|(kt, _)| *kt <= t);
    if k < 2 {
        return None;
    }
    match (&keys[k - 2].1, &keys[k - 1].1) {
        (PropAt::Flying { from, to, hit, .. }, PropAt::At(p, _)) if p == to => Some((*from, *to, *hit)),
        _ => None,
    }
}

fn v(p: [f32; 3]) -> Vec3 {
    Vec3::from_array(p)
}

/// A small fixed spread for things lying together, so a pile shows its count: arrows side by
/// side, a gap after every four (乘矢); tallies in pairs (纯), five pairs to a row.
fn spread(kind: PropKind, i: usize) -> Vec3 {
    match kind {
        PropKind::Arrow => {
            let k = (i % 16) as f32;
            Vec3::new(k * 0.035 + (i % 16 / 4) as f32 * 0.05 - 0.35, 0.0, 0.0)
        }
        PropKind::Tallies => {
            let k = i % 30;
            let pair = k / 2;
            Vec3::new((pair % 5) as f32 * 0.08 + (k % 2) as f32 * 0.025 - 0.2, 0.0, (pair / 5) as f32 * 0.34 - 0.5)
        }
        PropKind::Bow => Vec3::new(0.0, 0.0, (i % 8) as f32 * 0.1 - 0.35),
        _ => Vec3::ZERO,
    }
}

pub fn spot(tl: &Timeline, world: &World, people: &[Option<(Transform, Posture)>], i: usize, t: f32, belt_index: usize) -> Spot {
    let s = &world.props[i];
    let kind = tl.props[i].kind;
    let lying = |pos: Vec3, rot: Quat| Spot { transform: Transform::from_translation(pos).with_rotation(rot), draw: 0.0 };
    if let (Some(a), Some(how)) = (s.held_by, s.how)
        && let Some(Some((body, p))) = people.get(a)
    {
        return held(world, i, kind, how, body, p, belt_index);
    }
    if s.flying {
        let before = tl.prop_at(i, t - 0.03).pos;
        let dir = (v(s.pos) - v(before)).normalize_or(Vec3::NEG_Z);
        return lying(v(s.pos), Quat::from_rotation_arc(Vec3::NEG_Z, dir));
    }
    if kind == PropKind::Arrow
        && let Some((from, to, hit)) = landed_from(tl, i, t)
    {
        // stuck: in the cloth a hand's breadth deep, or slanting into the ground
        let mut dir = (v(to) - v(from)).normalize_or(Vec3::NEG_Z);
        if !hit {
            dir = Vec3::new(dir.x, 0.0, dir.z).normalize_or(Vec3::NEG_Z) + Vec3::new(0.0, -0.6, 0.0);
            dir = dir.normalize();
        }
        let nock = v(to) - dir * 0.6;
        return lying(nock, Quat::from_rotation_arc(Vec3::NEG_Z, dir));
    }
    let pos = v(s.pos) + spread(kind, i);
    let turned = s.bearing.map(|b| Quat::from_rotation_y(-b.to_radians())).unwrap_or(Quat::IDENTITY);
    match kind {
        // tallies lie along the way their layer faced (缩 from a counter facing east: east–west;
        // 横 laid turned to the south or north: north–south), their pairs spread across that line
        PropKind::Tallies => lying(v(s.pos) + turned * spread(kind, i) + Vec3::Y * 0.012, turned),
        // an arrow or a flag lies flat, a bow on its back
        PropKind::Arrow | PropKind::Whip => lying(pos + Vec3::Y * 0.012, Quat::IDENTITY),
        PropKind::Flag => lying(pos + Vec3::Y * 0.03, Quat::from_rotation_x(-FRAC_PI_2)),
        PropKind::Bow => lying(pos + Vec3::Y * 0.03, Quat::from_rotation_z(FRAC_PI_2) * Quat::from_rotation_y(FRAC_PI_2)),
        // the rest stands with its front (−z) turned the way its setter faced (「设中…东面」)
        _ => lying(pos, turned),
    }
}

#[allow(clippy::too_many_arguments)]
fn held(world: &World, i: usize, kind: PropKind, how: Hand, body: &Transform, p: &Posture, belt_index: usize) -> Spot {
    let a = world.props[i].held_by.unwrap_or(0);
    let gesture = world.actors[a].gesture;
    let waist = WAIST - KNEEL * p.kneel;
    let mid = (p.hands[LEFT] + p.hands[RIGHT]) / 2.0;
    let (local, rot, draw) = match (kind, how) {
        (PropKind::Bow, _) => {
            let at = if how == Hand::RightHand { p.hands[RIGHT] } else { p.hands[LEFT] };
            (at, Quat::IDENTITY, p.draw.filter(|d| !d.1).map(|d| d.0).unwrap_or(0.0))
        }
        // 挟: across the fingers; while he draws, on the string
        (PropKind::Arrow, Hand::Fingers) => match p.draw.filter(|d| !d.1) {
            Some((pull, _)) => {
                let grip = p.hands[LEFT];
                (grip + bow::nock_at(pull), Quat::IDENTITY, 0.0)
            }
            None => (p.hands[RIGHT] + Vec3::new(0.3, 0.0, 0.0), Quat::from_rotation_y(FRAC_PI_2), 0.0),
        },
        // 搢: thrust into the sash at the right hip, the nocks up
        (_, Hand::Belt) => {
            let k = belt_index as f32;
            let rot = Quat::from_rotation_z(-0.15) * Quat::from_rotation_x(-FRAC_PI_2 + 0.25);
            let up = if kind == PropKind::Arrow { 0.28 } else { 0.3 };
            (Vec3::new(0.2 + 0.025 * k, waist + up, -0.06 - 0.02 * k), rot, 0.0)
        }
        (_, Hand::Shoulder) => (Vec3::new(-0.22, waist + 0.56, 0.05), Quat::from_rotation_x(0.25), 0.0),
        (PropKind::Arrow, _) => (p.hands[RIGHT], Quat::from_rotation_x(-0.5), 0.0),
        (PropKind::Flag, _) => {
            // 偃旌: the flag laid down forward, and up again
            let lowered = match gesture {
                Some((Gesture::LowerFlag, f)) => (PI * f).sin(),
                _ => 0.0,
            };
            (p.hands[RIGHT], Quat::from_rotation_x(-FRAC_PI_2 * lowered), 0.0)
        }
        // 酌: the cup in the left hand alone while the right works the ladle (the 勺, where it is a thing of its own)
        (k, Hand::BothHands) if k.is_cup() && matches!(gesture, Some((Gesture::Ladle, _))) => (p.hands[LEFT], Quat::IDENTITY, 0.0),
        (_, Hand::BothHands) if matches!(gesture, Some((Gesture::Ladle, _))) => (p.hands[RIGHT], Quat::IDENTITY, 0.0),
        (_, Hand::BothHands) => {
            // a cup tipped up to drain it (卒爵)
            let tip = match gesture {
                Some((Gesture::ZuJue, f)) => 0.9 * (PI * f).sin(),
                _ => 0.0,
            };
            (mid - Vec3::Y * 0.04, Quat::from_rotation_x(tip), 0.0)
        }
        (_, Hand::LeftHand) => (p.hands[LEFT], Quat::IDENTITY, 0.0),
        _ => (p.hands[RIGHT], Quat::IDENTITY, 0.0),
    };
    Spot { transform: Transform::from_translation(body.transform_point(local)).with_rotation(body.rotation * rot), draw }
}
