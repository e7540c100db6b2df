//! The things people carry, shaped like themselves: each is one mesh painted with vertex
//! colours, built once per kind and shared, so a hundred arrows are a hundred copies of one.
//! Origin: where the hand holds it (or, lying, its foot on the floor); −z is its front.
//! Shapes follow 《仪礼》's 记 and 聂崇义《三礼图》 as 张惠言《仪礼图》 draws them:
//! - 爵: three legs, a spout (流) in front, a tail behind, two posts (柱) on the rim;
//! - 觯: a flared cup on a foot; 丰: a dish on a column (「射则设丰」, 记: 丰形蓋似豆而卑);
//! - 楅: 「长如笴，博三寸，厚寸有半，龙首，其中蛇交」 — a beam with a head at each end;
//! - 中: 「髹，前足跪，凿背容八算」 — a kneeling beast with a hollow in its back, the scene's
//!   beast: 鹿中 with antlers, 闾中 (「如驴，一角」) with one horn, 兕中 with one horn;
//! - 算: 「箭筹八十，长尺有握」 — slips a little over a foot long;
//! - 扑: a rod; 旌: a pole with a banner (翿旌 of feathers for 乡射's 获者);
//! - 篚: a lidded bamboo basket; 俎: a stand on legs; 荐: a 豆 and a 笾 on stems;
//! - 瑟: a long board with its strings and its 越 (sound holes) under the head;
//! - 笙: 「列管匏中」 (《释名》) — bamboo pipes standing in a ring in a gourd, its mouthpiece toward the player.

use std::collections::HashMap;

use bevy::mesh::CylinderMeshBuilder;
use bevy::prelude::*;

use crate::rite::court::furniture::Horns;
use crate::rite::scene::model::{Beast, PropKind};

pub const BRONZE: [f32; 3] = [0.55, 0.42, 0.20];
pub const WOOD: [f32; 3] = [0.48, 0.30, 0.16];
pub const LACQUER: [f32; 3] = [0.55, 0.12, 0.08];
pub const BAMBOO: [f32; 3] = [0.82, 0.72, 0.45];
pub const SHAFT: [f32; 3] = [0.50, 0.33, 0.16];
pub const FEATHER: [f32; 3] = [0.97, 0.97, 0.95];

/// A mesh with every vertex painted one colour.
pub fn painted(mesh: impl Into<Mesh>, rgb: [f32; 3]) -> Mesh {
    let mut mesh: Mesh = mesh.into();
    let n = mesh.count_vertices();
    mesh.insert_attribute(Mesh::ATTRIBUTE_COLOR, vec![[rgb[0], rgb[1], rgb[2], 1.0]; n]);
    mesh
}

/// Meshes placed where their transforms put them, merged into one; None if there are none.
pub fn merge_placed(pieces: impl IntoIterator<Item = (Mesh, Transform)>) -> Option<Mesh> {
    let mut out: Option<Mesh> = None;
    for (mesh, at) in pieces {
        let mut m = mesh.transformed_by(at);
        // every primitive has UVs and normals; tangents are not needed
        m.remove_attribute(Mesh::ATTRIBUTE_TANGENT);
        match &mut out {
            None => out = Some(m),
            Some(o) => {
                // every primitive has the same attributes; one that did not would be left out
                // rather than drawn wrong
                if o.merge(&m).is_err() {
                    warn!("a piece of a shape could not be merged");
                }
            }
        }
    }
    out
}

/// Parts placed and painted, merged into one mesh.
pub fn merged(parts: Vec<(Mesh, [f32; 3], Transform)>) -> Mesh {
    merge_placed(parts.into_iter().map(|(mesh, rgb, at)| (painted(mesh, rgb), at)))
        .unwrap_or_else(|| painted(Cuboid::new(0.1, 0.1, 0.1), WOOD))
}

fn at(x: f32, y: f32, z: f32) -> Transform {
    Transform::from_xyz(x, y, z)
}

fn cyl(r: f32, h: f32) -> Mesh {
    CylinderMeshBuilder::new(r, h, 8).build()
}

/// A rod from `a` to `b`.
pub fn rod(a: Vec3, b: Vec3, r: f32, rgb: [f32; 3]) -> (Mesh, [f32; 3], Transform) {
    let d = b - a;
    let t = Transform::from_translation((a + b) / 2.0).with_rotation(Quat::from_rotation_arc(Vec3::Y, d.normalize_or(Vec3::Y)));
    (CylinderMeshBuilder::new(r, d.length(), 6).build(), rgb, t)
}

/// An arrow along −z from its nock (the origin) to its head: shaft, bronze head, three feathers.
pub fn arrow() -> Mesh {
    let len = 0.75;
    let mut parts = vec![rod(Vec3::ZERO, Vec3::new(0.0, 0.0, -len), 0.012, SHAFT)];
    parts.push((
        Cone { radius: 0.022, height: 0.07 }.into(),
        BRONZE,
        at(0.0, 0.0, -len - 0.03).with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
    ));
    for k in 0..3 {
        let a = k as f32 * std::f32::consts::TAU / 3.0;
        let t = Transform::from_xyz(0.025 * a.cos(), 0.025 * a.sin(), -0.1).with_rotation(Quat::from_rotation_z(a));
        parts.push((Cuboid::new(0.05, 0.004, 0.14).into(), FEATHER, t));
    }
    merged(parts)
}

/// A kneeling beast with a hollow back for the tallies, its head to the front (−z): a deer's
/// antlers, a one-horned beast's horn, or ears only.
fn beast(beast: Beast) -> Mesh {
    let body = Sphere::new(0.2).mesh().uv(10, 6);
    let mut parts = vec![
        (body, LACQUER, at(0.0, 0.2, 0.0).with_scale(Vec3::new(0.8, 0.8, 1.4))),
        (cyl(0.09, 0.02), [0.1, 0.05, 0.03], at(0.0, 0.36, 0.0)),
        rod(Vec3::new(0.0, 0.3, -0.22), Vec3::new(0.0, 0.52, -0.34), 0.05, LACQUER),
        (Sphere::new(0.08).mesh().uv(8, 6), LACQUER, at(0.0, 0.55, -0.4).with_scale(Vec3::new(0.8, 0.8, 1.3))),
    ];
    // the forelegs folded under (前足跪), the hind legs standing
    for x in [-0.1f32, 0.1] {
        parts.push(rod(Vec3::new(x, 0.12, -0.2), Vec3::new(x, 0.02, -0.38), 0.03, LACQUER));
        parts.push(rod(Vec3::new(x, 0.15, 0.2), Vec3::new(x, 0.0, 0.22), 0.035, LACQUER));
        parts.push(rod(Vec3::new(x * 0.4, 0.6, -0.36), Vec3::new(x * 0.9, 0.68, -0.3), 0.015, LACQUER));
        if beast.horns() == Horns::Antlers {
            parts.push(rod(Vec3::new(x * 0.5, 0.6, -0.38), Vec3::new(x * 1.8, 0.78, -0.3), 0.012, BAMBOO));
            parts.push(rod(Vec3::new(x * 1.2, 0.7, -0.34), Vec3::new(x * 1.2, 0.8, -0.42), 0.01, BAMBOO));
        }
    }
    if beast.horns() == Horns::One {
        parts.push(rod(Vec3::new(0.0, 0.6, -0.44), Vec3::new(0.0, 0.74, -0.5), 0.014, BAMBOO));
    }
    merged(parts)
}

fn bow_rest_shape() -> Mesh {
    merged(vec![(Cuboid::new(0.06, 0.06, 0.7).into(), LACQUER, at(0.0, 0.05, 0.0))])
}

/// The shape of a thing of `kind`.
pub fn shape(kind: PropKind) -> Mesh {
    let rim = |r: f32, y: f32, rgb| (cyl(r, 0.01), rgb, at(0.0, y, 0.0));
    match kind {
        PropKind::Jue => {
            let mut parts = vec![
                (ConicalFrustum { radius_top: 0.045, radius_bottom: 0.035, height: 0.08 }.into(), BRONZE, at(0.0, 0.13, 0.0)),
                (Cuboid::new(0.035, 0.02, 0.1).into(), BRONZE, at(0.0, 0.165, -0.07).with_rotation(Quat::from_rotation_x(0.25))),
                (Cuboid::new(0.03, 0.02, 0.06).into(), BRONZE, at(0.0, 0.165, 0.06).with_rotation(Quat::from_rotation_x(-0.3))),
                rim(0.047, 0.17, [0.2, 0.15, 0.08]),
            ];
            for k in 0..3 {
                let a = k as f32 * std::f32::consts::TAU / 3.0 + 0.5;
                parts.push(rod(
                    Vec3::new(0.03 * a.cos(), 0.1, 0.03 * a.sin()),
                    Vec3::new(0.05 * a.cos(), 0.0, 0.05 * a.sin()),
                    0.006,
                    BRONZE,
                ));
            }
            for x in [-0.02f32, 0.02] {
                parts.push(rod(Vec3::new(x, 0.17, -0.03), Vec3::new(x, 0.21, -0.03), 0.006, BRONZE));
            }
            merged(parts)
        }
        PropKind::Zhi => merged(vec![
            (ConicalFrustum { radius_top: 0.05, radius_bottom: 0.035, height: 0.12 }.into(), BRONZE, at(0.0, 0.08, 0.0)),
            (cyl(0.04, 0.02), BRONZE, at(0.0, 0.01, 0.0)),
            rim(0.052, 0.14, [0.2, 0.15, 0.08]),
        ]),
        PropKind::Arrow => arrow(),
        PropKind::Whip => merged(vec![rod(Vec3::new(0.0, -0.2, 0.0), Vec3::new(0.0, 0.6, 0.0), 0.012, WOOD)]),
        PropKind::Tallies => merged(vec![
            (Cuboid::new(0.012, 0.012, 0.3).into(), BAMBOO, at(-0.008, 0.006, 0.0)),
            (Cuboid::new(0.012, 0.012, 0.3).into(), BAMBOO, at(0.008, 0.006, 0.0)),
        ]),
        PropKind::Flag => merged(vec![
            rod(Vec3::new(0.0, -0.8, 0.0), Vec3::new(0.0, 1.3, 0.0), 0.015, WOOD),
            (Cuboid::new(0.02, 0.55, 0.32).into(), [0.85, 0.15, 0.10], at(0.0, 1.0, 0.17)),
        ]),
        PropKind::Stand => {
            let mut parts = vec![(Cuboid::new(0.5, 0.04, 0.26).into(), LACQUER, at(0.0, 0.3, 0.0))];
            for (x, z) in [(-0.2, -0.1), (0.2, -0.1), (-0.2, 0.1), (0.2, 0.1)] {
                parts.push((Cuboid::new(0.03, 0.3, 0.03).into(), LACQUER, at(x, 0.15, z)));
            }
            merged(parts)
        }
        PropKind::Offering => {
            let mut parts = Vec::new();
            for (x, rgb) in [(-0.1f32, BAMBOO), (0.1, LACQUER)] {
                parts.push((cyl(0.02, 0.12), rgb, at(x, 0.06, 0.0)));
                parts.push((ConicalFrustum { radius_top: 0.08, radius_bottom: 0.04, height: 0.04 }.into(), rgb, at(x, 0.14, 0.0)));
                parts.push((
                    (Sphere::new(0.05).mesh().uv(6, 4)),
                    [0.55, 0.30, 0.15],
                    at(x, 0.16, 0.0).with_scale(Vec3::new(1.0, 0.4, 1.0)),
                ));
            }
            merged(parts)
        }
        PropKind::Thumb => merged(vec![(Torus::new(0.012, 0.024).into(), [0.95, 0.92, 0.80], at(0.0, 0.02, 0.0))]),
        PropKind::Bow => bow_rest_shape(),
        PropKind::ArrowRest => {
            let mut parts = vec![(Cuboid::new(0.08, 0.06, 0.7).into(), LACQUER, at(0.0, 0.15, 0.0))];
            for z in [-0.38f32, 0.38] {
                parts.push((Cuboid::new(0.07, 0.16, 0.08).into(), LACQUER, at(0.0, 0.2, z)));
                parts.push((Sphere::new(0.05).mesh().uv(6, 4), [0.85, 0.7, 0.2], at(0.0, 0.3, z * 1.08)));
            }
            parts.push((Cuboid::new(0.3, 0.12, 0.06).into(), LACQUER, at(0.0, 0.06, -0.2)));
            parts.push((Cuboid::new(0.3, 0.12, 0.06).into(), LACQUER, at(0.0, 0.06, 0.2)));
            merged(parts)
        }
        PropKind::TallyHolder(b) => beast(b),
        PropKind::CupStand => merged(vec![
            (cyl(0.14, 0.03), WOOD, at(0.0, 0.015, 0.0)),
            (cyl(0.025, 0.5), WOOD, at(0.0, 0.27, 0.0)),
            (ConicalFrustum { radius_top: 0.14, radius_bottom: 0.06, height: 0.05 }.into(), WOOD, at(0.0, 0.54, 0.0)),
        ]),
        PropKind::Basket => merged(vec![
            (Cuboid::new(0.6, 0.12, 0.25).into(), BAMBOO, at(0.0, 0.06, 0.0)),
            (Cuboid::new(0.63, 0.04, 0.28).into(), [0.7, 0.6, 0.35], at(0.0, 0.14, 0.0)),
        ]),
        PropKind::Zither => {
            let mut parts = vec![(Cuboid::new(0.4, 0.08, 1.6).into(), LACQUER, at(0.0, 0.0, 0.0))];
            for k in 0..7 {
                let x = -0.15 + k as f32 * 0.05;
                parts.push((Cuboid::new(0.004, 0.004, 1.45).into(), FEATHER, at(x, 0.045, 0.0)));
            }
            merged(parts)
        }
        PropKind::MouthOrgan => {
            let gourd = [0.62, 0.45, 0.18];
            let mut parts = vec![
                (Sphere::new(0.07).mesh().uv(8, 6), gourd, at(0.0, 0.0, 0.0).with_scale(Vec3::new(1.0, 0.8, 1.0))),
                (
                    cyl(0.012, 0.08),
                    gourd,
                    Transform::from_xyz(0.0, 0.0, 0.09).with_rotation(Quat::from_rotation_x(std::f32::consts::FRAC_PI_2)),
                ),
            ];
            // the mouthpiece toward the player (+z); the pipes, longest at his side: a ring of thirteen, as 《尔雅》 counts the small 笙 (和)
            for k in 0..13 {
                let a = k as f32 / 13.0 * std::f32::consts::TAU;
                let h = 0.22 + 0.12 * (0.5 + 0.5 * a.cos());
                parts.push((cyl(0.007, h), BAMBOO, at(0.045 * a.sin(), 0.04 + h / 2.0, 0.045 * a.cos())));
            }
            merged(parts)
        }
        // 洗: a low bronze basin on a short foot
        PropKind::Washbasin => merged(vec![
            (cyl(0.12, 0.08), BRONZE, at(0.0, 0.04, 0.0)),
            (ConicalFrustum { radius_top: 0.3, radius_bottom: 0.16, height: 0.16 }.into(), BRONZE, at(0.0, 0.16, 0.0)),
        ]),
        PropKind::Other => merged(vec![(Cuboid::new(0.2, 0.2, 0.2).into(), WOOD, at(0.0, 0.1, 0.0))]),
    }
}

/// One mesh per kind, made the first time it is asked for, and the one material that shows their
/// painted colours.
#[derive(Resource)]
pub struct Shapes {
    meshes: HashMap<PropKind, Handle<Mesh>>,
    pub painted: Handle<StandardMaterial>,
}

impl FromWorld for Shapes {
    fn from_world(world: &mut World) -> Shapes {
        let mut materials = world.resource_mut::<Assets<StandardMaterial>>();
        let painted = materials.add(StandardMaterial { base_color: Color::WHITE, perceptual_roughness: 0.7, ..default() });
        Shapes { meshes: HashMap::new(), painted }
    }
}

impl Shapes {
    pub fn get(&mut self, kind: PropKind, meshes: &mut Assets<Mesh>) -> Handle<Mesh> {
        self.meshes.entry(kind).or_insert_with(|| meshes.add(shape(kind))).clone()
    }
}
