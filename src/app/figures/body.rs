//! A person's body, built once when the figure is spawned: a long robe (裳 and 衣) with wide
//! sleeves, a sash with its hanging ends (绅), hands, a head and the cap of his rank; the under
//! robe (襦) that 袒 shows, the thumb ring (决) and the arm guard (遂). Meshes and materials are
//! shared by every figure; the fine parts are drawn only near the camera.

use std::collections::HashMap;

use bevy::camera::visibility::VisibilityRange;
use bevy::light::NotShadowCaster;
use bevy::mesh::{ConicalFrustumMeshBuilder, CylinderMeshBuilder};
use bevy::prelude::*;

use super::posture::{FOREARM, HEAD, SHOULDER, UPPER_ARM, WAIST};
use crate::rite::scene::model::Dress;

/// The parts of a figure that move with its posture and gear, found once when it is dressed.
#[derive(Component, Debug, Clone, Copy)]
pub struct Body {
    pub skirt: Entity,
    pub torso: Entity,
    pub head: Entity,
    /// upper arms and forearms, left then right
    pub upper: [Entity; 2],
    pub fore: [Entity; 2],
    /// the left arm's sleeves, which 袒 changes for the under robe
    pub left_sleeves: [Entity; 2],
    pub thumb_ring: Entity,
    pub arm_guard: Entity,
    pub dress: Dress,
}

/// Marks a moving part of a body, so one query can place them all.
#[derive(Component)]
pub struct BodyPart;

/// Beyond this distance (metres) the small things (hands, ring, guard, sash ends, cap details)
/// are not drawn: a crowd far off is robes and heads.
const FINE: f32 = 18.0;

#[derive(Resource)]
pub struct BodyAssets {
    pub skin: Handle<StandardMaterial>,
    black: Handle<StandardMaterial>,
    ivory: Handle<StandardMaterial>,
    leather: Handle<StandardMaterial>,
    skirt: Handle<Mesh>,
    chest: Handle<Mesh>,
    sash: Handle<Mesh>,
    sash_end: Handle<Mesh>,
    head: Handle<Mesh>,
    hair: Handle<Mesh>,
    brow: Handle<Mesh>,
    topknot_cap: Handle<Mesh>,
    tall_cap: Handle<Mesh>,
    crown_board: Handle<Mesh>,
    kerchief: Handle<Mesh>,
    pub upper_sleeve: Handle<Mesh>,
    pub fore_sleeve: Handle<Mesh>,
    pub narrow_sleeve: Handle<Mesh>,
    hand: Handle<Mesh>,
    ring: Handle<Mesh>,
    guard: Handle<Mesh>,
    robes: HashMap<Dress, Handle<StandardMaterial>>,
    sashes: HashMap<Dress, Handle<StandardMaterial>>,
    under: HashMap<Dress, Handle<StandardMaterial>>,
}

fn matte(materials: &mut Assets<StandardMaterial>, rgb: [f32; 3]) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial { base_color: Color::srgb(rgb[0], rgb[1], rgb[2]), perceptual_roughness: 0.9, ..default() })
}

/// The sash: 朱 for the ruler, 玄 for a noble, 缁 (black) for the others (《礼记·玉藻》's 大带 by
/// rank, simplified to one colour each).
fn sash_rgb(dress: Dress) -> [f32; 3] {
    match dress {
        Dress::Ruler => [0.85, 0.62, 0.15],
        Dress::Noble => [0.12, 0.10, 0.16],
        Dress::Servant | Dress::Musician => [0.35, 0.30, 0.25],
        _ => [0.08, 0.08, 0.08],
    }
}

/// What 袒 shows: the ruler's 朱襦 (记：「君，袒朱襦以射」), the 薰襦 of a noble or 士 (「大夫与士射，
/// 袒薰襦」), and for the rest a plain under robe.
fn under_rgb(dress: Dress) -> [f32; 3] {
    match dress {
        Dress::Ruler => [0.85, 0.12, 0.08],
        Dress::Servant | Dress::Musician => [0.85, 0.82, 0.74],
        _ => [0.80, 0.45, 0.40],
    }
}

impl FromWorld for BodyAssets {
    fn from_world(world: &mut World) -> BodyAssets {
        let mut materials = world.resource_mut::<Assets<StandardMaterial>>();
        let skin = matte(&mut materials, [0.93, 0.80, 0.66]);
        let black = matte(&mut materials, [0.06, 0.06, 0.06]);
        let ivory = matte(&mut materials, [0.95, 0.92, 0.80]);
        let leather = matte(&mut materials, [0.45, 0.25, 0.12]);
        let mut robes = HashMap::new();
        let mut sashes = HashMap::new();
        let mut under = HashMap::new();
        for dress in Dress::ALL {
            robes.insert(dress, matte(&mut materials, dress.rgb()));
            sashes.insert(dress, matte(&mut materials, sash_rgb(dress)));
            under.insert(dress, matte(&mut materials, under_rgb(dress)));
        }
        let mut meshes = world.resource_mut::<Assets<Mesh>>();
        let frustum = |top: f32, bottom: f32, h: f32| ConicalFrustumMeshBuilder::new(top, bottom, h, 8).build();
        BodyAssets {
            skin,
            black,
            ivory,
            leather,
            skirt: meshes.add(frustum(0.17, 0.30, WAIST)),
            chest: meshes.add(frustum(0.20, 0.17, 0.5)),
            sash: meshes.add(CylinderMeshBuilder::new(0.185, 0.07, 10).build()),
            sash_end: meshes.add(Cuboid::new(0.06, 0.45, 0.01)),
            head: meshes.add(Sphere::new(0.11).mesh().uv(8, 6)),
            hair: meshes.add(Sphere::new(0.116).mesh().uv(8, 6)),
            brow: meshes.add(Cuboid::new(0.034, 0.009, 0.012)),
            topknot_cap: meshes.add(CylinderMeshBuilder::new(0.06, 0.09, 8).build()),
            tall_cap: meshes.add(frustum(0.07, 0.10, 0.16)),
            crown_board: meshes.add(Cuboid::new(0.16, 0.015, 0.32)),
            kerchief: meshes.add(Sphere::new(0.115).mesh().uv(10, 4)),
            upper_sleeve: meshes.add(frustum(0.075, 0.065, UPPER_ARM)),
            fore_sleeve: meshes.add(frustum(0.075, 0.15, FOREARM)),
            narrow_sleeve: meshes.add(frustum(0.05, 0.045, UPPER_ARM)),
            hand: meshes.add(Sphere::new(0.045).mesh().uv(6, 4)),
            ring: meshes.add(Torus::new(0.012, 0.024)),
            guard: meshes.add(CylinderMeshBuilder::new(0.055, 0.16, 8).build()),
            robes,
            sashes,
            under,
        }
    }
}

impl BodyAssets {
    pub fn robe(&self, dress: Dress) -> Handle<StandardMaterial> {
        self.robes[&dress].clone()
    }

    pub fn under(&self, dress: Dress) -> Handle<StandardMaterial> {
        self.under[&dress].clone()
    }
}

/// A part that casts a shadow: the robe and the head, which make a person's shadow.
fn part(mesh: &Handle<Mesh>, material: &Handle<StandardMaterial>, at: Transform) -> impl Bundle {
    (Mesh3d(mesh.clone()), MeshMaterial3d(material.clone()), at)
}

/// A part too small to need a shadow of its own (each caster is drawn again into every shadow
/// cascade, which software rendering pays for).
fn unshadowed(mesh: &Handle<Mesh>, material: &Handle<StandardMaterial>, at: Transform) -> impl Bundle {
    (part(mesh, material, at), NotShadowCaster)
}

fn fine(mesh: &Handle<Mesh>, material: &Handle<StandardMaterial>, at: Transform) -> impl Bundle {
    (unshadowed(mesh, material, at), VisibilityRange::abrupt(0.0, FINE))
}

/// The cap of a rank: the ruler's crown with its board (冕, as the drawings show a lord), the
/// tall black cap of a noble (玄冠), the small cap over the topknot of a 士 (缁布冠), and a
/// kerchief for servants and musicians.
fn cap(commands: &mut Commands, a: &BodyAssets, head: Entity, dress: Dress) {
    let y = 0.08;
    match dress {
        Dress::Ruler => {
            commands.entity(head).with_children(|c| {
                c.spawn(unshadowed(&a.tall_cap, &a.black, Transform::from_xyz(0.0, y + 0.02, 0.0)));
                c.spawn(unshadowed(
                    &a.crown_board,
                    &a.black,
                    Transform::from_xyz(0.0, y + 0.11, 0.0).with_rotation(Quat::from_rotation_x(0.08)),
                ));
            });
        }
        Dress::Noble => {
            commands.entity(head).with_child(unshadowed(&a.tall_cap, &a.black, Transform::from_xyz(0.0, y + 0.02, 0.0)));
        }
        Dress::Servant | Dress::Musician => {
            commands.entity(head).with_child(unshadowed(&a.kerchief, &a.sashes[&dress], Transform::from_xyz(0.0, 0.015, 0.005)));
        }
        _ => {
            commands.entity(head).with_child(unshadowed(&a.topknot_cap, &a.black, Transform::from_xyz(0.0, y + 0.02, 0.01)));
        }
    }
}

/// Builds the body under `root` and returns its parts.
pub fn build(commands: &mut Commands, a: &BodyAssets, root: Entity, dress: Dress) -> Body {
    let robe = a.robe(dress);
    let sash = a.sashes[&dress].clone();
    let skirt = commands.spawn((BodyPart, part(&a.skirt, &robe, Transform::from_xyz(0.0, WAIST / 2.0, 0.0)))).id();
    let head = commands
        .spawn((
            BodyPart,
            Transform::from_xyz(0.0, HEAD, 0.0),
            Visibility::Inherited,
            children![
                part(&a.head, &a.skin, Transform::IDENTITY),
                // black hair over the back of the head and dark brows over the face: which way
                // someone looks reads at a glance, even from behind
                unshadowed(&a.hair, &a.black, Transform::from_xyz(0.0, 0.012, 0.035)),
                fine(&a.brow, &a.black, Transform::from_xyz(-0.03, 0.035, -0.1).with_rotation(Quat::from_rotation_y(-0.3))),
                fine(&a.brow, &a.black, Transform::from_xyz(0.03, 0.035, -0.1).with_rotation(Quat::from_rotation_y(0.3))),
            ],
        ))
        .id();
    cap(commands, a, head, dress);
    let mut upper = [Entity::PLACEHOLDER; 2];
    let mut fore = [Entity::PLACEHOLDER; 2];
    let mut left_sleeves = [Entity::PLACEHOLDER; 2];
    let mut thumb_ring = Entity::PLACEHOLDER;
    let mut arm_guard = Entity::PLACEHOLDER;
    for (i, side) in [-1.0f32, 1.0].into_iter().enumerate() {
        let sleeve_up = commands.spawn(unshadowed(&a.upper_sleeve, &robe, Transform::from_xyz(0.0, -UPPER_ARM / 2.0, 0.0))).id();
        let sleeve_fore = commands.spawn(unshadowed(&a.fore_sleeve, &robe, Transform::from_xyz(0.0, -FOREARM / 2.0, 0.0))).id();
        let hand = commands.spawn(fine(&a.hand, &a.skin, Transform::from_xyz(0.0, -FOREARM - 0.03, 0.0))).id();
        let f = commands
            .spawn((BodyPart, Transform::from_xyz(0.0, -UPPER_ARM, 0.0), Visibility::Inherited))
            .add_children(&[sleeve_fore, hand])
            .id();
        if i == 0 {
            left_sleeves = [sleeve_up, sleeve_fore];
            arm_guard = commands.spawn(fine(&a.guard, &a.leather, Transform::from_xyz(0.0, -FOREARM * 0.6, 0.0))).id();
            commands.entity(f).add_child(arm_guard);
        } else {
            thumb_ring = commands
                .spawn(fine(
                    &a.ring,
                    &a.ivory,
                    Transform::from_xyz(-0.03, -FOREARM - 0.05, -0.02).with_rotation(Quat::from_rotation_x(1.2)),
                ))
                .id();
            commands.entity(f).add_child(thumb_ring);
        }
        let u = commands
            .spawn((BodyPart, Transform::from_translation(SHOULDER * Vec3::new(side, 1.0, 1.0)), Visibility::Inherited))
            .add_children(&[sleeve_up, f])
            .id();
        upper[i] = u;
        fore[i] = f;
    }
    let torso = commands
        .spawn((
            BodyPart,
            Transform::from_xyz(0.0, WAIST, 0.0),
            Visibility::Inherited,
            children![
                part(&a.chest, &robe, Transform::from_xyz(0.0, 0.25, 0.0)),
                unshadowed(&a.sash, &sash, Transform::from_xyz(0.0, 0.04, 0.0)),
                fine(&a.sash_end, &sash, Transform::from_xyz(0.05, -0.2, -0.19)),
                fine(&a.sash_end, &sash, Transform::from_xyz(-0.05, -0.2, -0.19)),
            ],
        ))
        .add_children(&[head, upper[0], upper[1]])
        .id();
    commands.entity(root).add_children(&[skirt, torso]);
    Body { skirt, torso, head, upper, fore, left_sleeves, thumb_ring, arm_guard, dress }
}
