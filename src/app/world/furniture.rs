//! The fixed furniture of the court shaped like itself, each from its passage (the scene's
//! `source` cites it) and 张惠言《仪礼图》's drawings:
//! - 洗: a wide basin on a foot; 罍/水: a jar with a swelling body, a neck and a lid;
//! - 尊/壶: round jars with a ladle laid across each (「皆加勺」), on the 禁 where there is one;
//! - 篚: a bamboo basket with its lid;
//! - 县: a frame (簨簴) of two posts on feet and a top beam, the chimes (磬, bent stones) or bells
//!   (钟) hung in two rows, a 鑮 alone;
//! - 建鼓, 鼙: a drum pierced by its pole, its heads turned the way the text says (「南鼓」);
//! - 乏: a screen of hide on a frame (郑注「容，谓之乏，所以为获者御矢也」);
//! - 次: a cloth tent with a pitched roof, open to the north where the pairs wait (「三耦俟于次北」).

use bevy::mesh::{ConicalFrustumMeshBuilder, CylinderMeshBuilder, SphereKind, SphereMeshBuilder};
use bevy::prelude::*;

use crate::app::figures::things::merge_placed;
use crate::rite::court::Solid;
use crate::rite::scene::model::{Dir, ObjectKind};

/// The court's materials, made once per build and shared by every piece.
pub(super) struct Palette {
    pub stone: Handle<StandardMaterial>,
    pub timber: Handle<StandardMaterial>,
    pub dark: Handle<StandardMaterial>,
    pub cloth: Handle<StandardMaterial>,
    pub hide: Handle<StandardMaterial>,
    pub bronze: Handle<StandardMaterial>,
    pub stone_chime: Handle<StandardMaterial>,
    pub mat: Handle<StandardMaterial>,
    pub white: Handle<StandardMaterial>,
    pub red: Handle<StandardMaterial>,
    pub water: Handle<StandardMaterial>,
    pub plaster: Handle<StandardMaterial>,
    pub fire: Handle<StandardMaterial>,
}

pub(super) fn solid(materials: &mut Assets<StandardMaterial>, c: Color) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial { base_color: c, perceptual_roughness: 0.9, ..default() })
}

impl Palette {
    pub fn new(materials: &mut Assets<StandardMaterial>) -> Palette {
        Palette {
            stone: solid(materials, Color::srgb(0.72, 0.70, 0.64)),
            timber: solid(materials, Color::srgb(0.45, 0.22, 0.12)),
            dark: solid(materials, Color::srgb(0.20, 0.16, 0.13)),
            cloth: solid(materials, Color::srgb(0.92, 0.90, 0.84)),
            hide: solid(materials, Color::srgb(0.62, 0.48, 0.30)),
            bronze: materials.add(StandardMaterial {
                base_color: Color::srgb(0.50, 0.40, 0.22),
                metallic: 0.4,
                perceptual_roughness: 0.5,
                ..default()
            }),
            stone_chime: solid(materials, Color::srgb(0.35, 0.40, 0.38)),
            mat: solid(materials, Color::srgb(0.78, 0.68, 0.42)),
            white: solid(materials, Color::srgb(0.97, 0.97, 0.95)),
            red: solid(materials, Color::srgb(0.70, 0.12, 0.10)),
            water: materials.add(StandardMaterial { base_color: Color::srgb(0.25, 0.40, 0.55), perceptual_roughness: 0.2, ..default() }),
            plaster: solid(materials, Color::srgb(0.86, 0.82, 0.74)),
            fire: materials.add(StandardMaterial {
                base_color: Color::srgb(1.0, 0.6, 0.2),
                emissive: LinearRgba::rgb(8.0, 3.0, 0.6),
                ..default()
            }),
        }
    }
}

/// One piece of a fixture, placed relative to the fixture's foot.
pub(super) type Part = (Mesh, Handle<StandardMaterial>, Transform);

/// How high the dressing tent's cloth walls rise, as a share of its height to the ridge; the
/// gable roof spans the rest. The lines of sight (`sight.rs`) follow the same cloth.
pub(super) const TENT_WALL: f32 = 0.6;

fn boxed(w: f32, h: f32, d: f32) -> Mesh {
    Cuboid::new(w, h, d).into()
}

fn round(r: f32, h: f32) -> Mesh {
    CylinderMeshBuilder::new(r, h, 16).build()
}

fn frustum(top: f32, bottom: f32, h: f32) -> Mesh {
    ConicalFrustumMeshBuilder::new(top, bottom, h, 16).build()
}

fn at(x: f32, y: f32, z: f32) -> Transform {
    Transform::from_xyz(x, y, z)
}

/// The pieces of a fixture of footprint `w`×`d` and height `h`; `None` for the kinds the
/// courtyard draws itself (stairs, pillars, walls, targets…).
pub(super) fn parts(s: &Solid, p: &Palette, w: f32, d: f32, h: f32) -> Option<Vec<Part>> {
    let parts = match &s.kind {
        ObjectKind::Washbasin => vec![
            (frustum(w * 0.2, w * 0.25, h * 0.3), p.bronze.clone(), at(0.0, h * 0.15, 0.0)),
            (frustum(w / 2.0, w * 0.3, h * 0.3), p.bronze.clone(), at(0.0, h * 0.45, 0.0)),
            (round(w / 2.0 - 0.03, 0.02), p.water.clone(), at(0.0, h * 0.58, 0.0)),
        ],
        ObjectKind::WaterJar => jar(p, w.min(d) / 2.0, h, false),
        ObjectKind::WineJar => {
            // 两壶 side by side along the long side
            let two = w > d * 1.5 || d > w * 1.5;
            let long_x = w >= d;
            let r = if two { (w.max(d) / 4.0).min(w.min(d) / 2.0) } else { w.min(d) / 2.0 };
            let offsets: &[f32] = if two { &[-1.0, 1.0] } else { &[0.0] };
            let mut v = Vec::new();
            for o in offsets {
                let off = o * w.max(d) / 4.0;
                for (mesh, mat, t) in jar(p, r * 0.9, h, true) {
                    let shift = if long_x { Vec3::new(off, 0.0, 0.0) } else { Vec3::new(0.0, 0.0, off) };
                    v.push((mesh, mat, t.with_translation(t.translation + shift)));
                }
            }
            v
        }
        ObjectKind::Basket => vec![
            (boxed(w, h * 0.75, d), p.mat.clone(), at(0.0, h * 0.375, 0.0)),
            (boxed(w + 0.03, h * 0.3, d + 0.03), p.mat.clone(), at(0.0, h * 0.85, 0.0)),
            (boxed(w + 0.035, 0.015, d * 0.3), p.dark.clone(), at(0.0, h * 0.85, 0.0)),
        ],
        ObjectKind::Chimes { hung } => rack(p, w, d, h, *hung, false),
        ObjectKind::Bells { hung } => rack(p, w, d, h, *hung, true),
        ObjectKind::Drum => drum(p, w.min(d), h, s.facing.unwrap_or(Dir::S)),
        ObjectKind::Blind => {
            // a hide panel in a timber frame on two feet
            let mut v = vec![(boxed(w * 0.92, h * 0.85, 0.04), p.hide.clone(), at(0.0, h * 0.5, 0.0))];
            for x in [-w / 2.0, w / 2.0] {
                v.push((boxed(0.06, h, 0.06), p.timber.clone(), at(x, h / 2.0, 0.0)));
                v.push((boxed(0.08, 0.06, d), p.timber.clone(), at(x, 0.03, 0.0)));
            }
            v.push((boxed(w + 0.06, 0.06, 0.06), p.timber.clone(), at(0.0, h, 0.0)));
            v
        }
        ObjectKind::Tent => {
            let wall = h * TENT_WALL;
            let mut v = vec![
                (boxed(w, wall, 0.04), p.cloth.clone(), at(0.0, wall / 2.0, d / 2.0)),
                (boxed(0.04, wall, d), p.cloth.clone(), at(-w / 2.0, wall / 2.0, 0.0)),
                (boxed(0.04, wall, d), p.cloth.clone(), at(w / 2.0, wall / 2.0, 0.0)),
            ];
            // the roof: two slopes meeting at the ridge, which runs north-south
            let rise = h - wall;
            let half = w / 2.0 + 0.15;
            let slope = (half * half + rise * rise).sqrt();
            let tilt = rise.atan2(half);
            for side in [-1.0f32, 1.0] {
                let t = at(side * half / 2.0, wall + rise / 2.0, 0.0).with_rotation(Quat::from_rotation_z(-side * tilt));
                v.push((boxed(slope, 0.05, d + 0.3), p.cloth.clone(), t));
            }
            v.push((boxed(0.08, 0.08, d + 0.4), p.timber.clone(), at(0.0, h, 0.0)));
            v
        }
        _ => return None,
    };
    Some(parts)
}

/// A jar on its foot: swelling body, shoulder, neck and lid; a wine jar has a ladle across it.
fn jar(p: &Palette, r: f32, h: f32, ladle: bool) -> Vec<Part> {
    let body = SphereMeshBuilder::new(r, SphereKind::Uv { sectors: 16, stacks: 10 }).build();
    let mut v = vec![
        (frustum(r * 0.6, r * 0.55, h * 0.1), p.bronze.clone(), at(0.0, h * 0.05, 0.0)),
        (body, p.bronze.clone(), at(0.0, h * 0.1 + r * 0.8, 0.0).with_scale(Vec3::new(1.0, 0.8, 1.0))),
        (frustum(r * 0.45, r * 0.55, h * 0.2), p.bronze.clone(), at(0.0, h * 0.1 + r * 1.6 + h * 0.1, 0.0)),
        (frustum(r * 0.25, r * 0.5, h * 0.06), p.dark.clone(), at(0.0, h * 0.1 + r * 1.6 + h * 0.23, 0.0)),
    ];
    if ladle {
        let top = h * 0.1 + r * 1.6 + h * 0.26;
        v.push((boxed(0.025, 0.025, r * 2.4), p.timber.clone(), at(0.0, top, 0.0).with_rotation(Quat::from_rotation_x(0.2))));
    }
    v
}

/// A 簨簴: two posts on feet, a top beam with its ends raised, `hung` chimes or bells in two rows
/// (one bell alone hangs large at the middle).
fn rack(p: &Palette, w: f32, d: f32, h: f32, hung: u32, bells: bool) -> Vec<Part> {
    let long_x = w >= d;
    let len = w.max(d);
    let depth = w.min(d);
    // a point `along` the rack at height `y`
    let put = |along: f32, y: f32| if long_x { at(along, y, 0.0) } else { at(0.0, y, along) };
    // the rack's own frame: x along it, y up; turned so x runs along z where the rack does
    let turn = if long_x { Quat::IDENTITY } else { Quat::from_rotation_y(-std::f32::consts::FRAC_PI_2) };
    let mut v = Vec::new();
    for end in [-0.5f32, 0.5] {
        v.push((boxed(0.12, h, 0.12), p.timber.clone(), put(end * len, h / 2.0)));
        v.push((boxed(0.14, 0.12, depth), p.timber.clone(), put(end * len, 0.06).with_rotation(turn)));
        v.push((boxed(0.16, 0.1, 0.16), p.red.clone(), put(end * len * 1.04, h + 0.08)));
    }
    v.push((boxed(len + 0.3, 0.12, 0.12), p.timber.clone(), put(0.0, h).with_rotation(turn)));
    if hung <= 1 {
        let r = (h * 0.12).min(depth * 0.5);
        v.push((frustum(r * 0.7, r, r * 2.2), p.bronze.clone(), put(0.0, h * 0.6)));
        v.push((round(0.03, h * 0.4 - r * 1.1), p.bronze.clone(), put(0.0, h * 0.8 + r * 0.55)));
        return v;
    }
    v.push((boxed(len, 0.08, 0.08), p.timber.clone(), put(0.0, h * 0.55).with_rotation(turn)));
    let per_row = hung.div_ceil(2);
    for (row, beam_y) in [(0u32, h), (1, h * 0.55)] {
        let here = per_row.min(hung - row * per_row);
        for k in 0..here {
            let along = (k as f32 + 0.5) / per_row as f32 * len - len / 2.0;
            // each row's pieces grow smaller from one end to the other, as a set is tuned
            let size = 1.0 - 0.4 * k as f32 / per_row as f32;
            if bells {
                let r = 0.09 * size;
                v.push((frustum(r * 0.7, r, r * 2.4), p.bronze.clone(), put(along, beam_y - 0.12 - r * 1.2)));
            } else {
                // 磬: a stone bent at the top (倨句), hung by a cord, its short limb (股) and
                // long limb (鼓) falling away on either side
                let spacing = len / per_row as f32;
                let apex = beam_y - 0.1;
                v.push((boxed(0.008, 0.1, 0.008), p.dark.clone(), put(along, beam_y - 0.05)));
                for (side, angle, l) in [(-1.0f32, 0.75f32, 0.32 * spacing * size), (1.0, 0.5, 0.5 * spacing * size)] {
                    let dir = Vec2::new(side * angle.cos(), -angle.sin());
                    let c = Vec2::new(along, apex) + dir * (l / 2.0);
                    let tilt = Quat::from_rotation_z(dir.y.atan2(dir.x));
                    v.push((boxed(l, 0.05, 0.02), p.stone_chime.clone(), put(c.x, c.y).with_rotation(turn * tilt)));
                }
            }
        }
    }
    v
}

/// A drum pierced by its pole (建鼓), its heads turned to `facing`, on a cross of feet.
fn drum(p: &Palette, size: f32, h: f32, facing: Dir) -> Vec<Part> {
    let (fx, fz) = facing.vector();
    let axis = Vec3::new(fx, 0.0, fz);
    let r = size / 2.0;
    let len = size * 0.8;
    let centre = h * 0.6;
    let turn = Quat::from_rotation_arc(Vec3::Y, axis);
    let mut v = vec![
        (round(r, len), p.red.clone(), at(0.0, centre, 0.0).with_rotation(turn)),
        (round(r * 0.97, 0.01), p.hide.clone(), Transform::from_translation(Vec3::Y * centre + axis * (len / 2.0)).with_rotation(turn)),
        (round(r * 0.97, 0.01), p.hide.clone(), Transform::from_translation(Vec3::Y * centre - axis * (len / 2.0)).with_rotation(turn)),
        (round(0.04, h), p.timber.clone(), at(0.0, h / 2.0, 0.0)),
        (frustum(0.02, r * 0.6, 0.2), p.red.clone(), at(0.0, h + 0.05, 0.0)),
    ];
    for turn in [0.0f32, std::f32::consts::FRAC_PI_2] {
        v.push((boxed(size * 1.1, 0.08, 0.1), p.timber.clone(), at(0.0, 0.04, 0.0).with_rotation(Quat::from_rotation_y(turn))));
    }
    v
}

/// The pieces of one fixture that share a material, merged into one mesh each: a 县 of sixteen
/// chimes is then a few draws, not fifty (each draw costs software rendering dearly).
pub(super) fn merged_by_material(parts: Vec<Part>) -> Vec<Part> {
    let mut groups: Vec<(Handle<StandardMaterial>, Vec<(Mesh, Transform)>)> = Vec::new();
    for (mesh, material, at) in parts {
        match groups.iter_mut().find(|(m, _)| *m == material) {
            Some((_, list)) => list.push((mesh, at)),
            None => groups.push((material, vec![(mesh, at)])),
        }
    }
    let mut out = Vec::new();
    for (material, list) in groups {
        if list.len() == 1 {
            let (mesh, at) = list.into_iter().next().expect("one piece");
            out.push((mesh, material, at));
            continue;
        }
        if let Some(w) = merge_placed(list) {
            out.push((w, material, Transform::IDENTITY));
        }
    }
    out
}
