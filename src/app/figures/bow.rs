//! The bow: limbs curved as a strung bow, or reversed as an unstrung one (弛弓: a composite bow
//! bends the other way when the string is off), and a string of two pieces that meet at the
//! nock, so a draw pulls it back to the archer's face. In the bow's frame the grip (弣) is the
//! origin, the bow stands along y, and −z faces the target.

use bevy::light::NotShadowCaster;
use bevy::mesh::CylinderMeshBuilder;
use bevy::prelude::*;

use super::things::{LACQUER, merged, rod};

/// Half the bow's length: 六尺六寸 for a 上士's bow (《考工记·弓人》), about 1.5 m.
pub const HALF: f32 = 0.75;
/// How far the tips of a strung bow stand back toward the archer.
const BRACE: f32 = 0.16;
/// How far back a full draw brings the string from its rest (an arrow's length, less the head).
pub const DRAW: f32 = 0.55;

/// The bow's moving parts, found once when it is spawned.
#[derive(Component, Debug, Clone, Copy)]
pub struct BowParts {
    pub limbs: Entity,
    pub string: [Entity; 2],
}

#[derive(Resource)]
pub struct BowAssets {
    pub strung: Handle<Mesh>,
    pub slack: Handle<Mesh>,
    string: Handle<Mesh>,
    string_colour: Handle<StandardMaterial>,
    /// an arrow's streak in flight: three metres behind it, pale and unlit
    pub streak: Handle<Mesh>,
    pub streak_colour: Handle<StandardMaterial>,
}

/// The limbs' centre line, tip to tip: strung, the tips toward the archer with the ears (弰)
/// turned forward; unstrung, the whole bow reversed.
pub fn limb_line(strung: bool) -> Vec<Vec3> {
    (0..=16)
        .map(|k| {
            let s = k as f32 / 8.0 - 1.0;
            let z = if strung { BRACE * s * s - 0.3 * (s.abs() - 0.85).max(0.0) } else { -0.24 * s * s };
            Vec3::new(0.0, HALF * s, z)
        })
        .collect()
}

/// The tips, where the string is tied, on a strung bow.
pub fn tips() -> [Vec3; 2] {
    let line = limb_line(true);
    [line[line.len() - 1], line[0]]
}

fn limbs(strung: bool) -> Mesh {
    let line = limb_line(strung);
    let parts = line
        .windows(2)
        .map(|w| {
            // thicker at the grip, thinner to the tips
            let r = 0.022 - 0.01 * (w[0].y.abs() / HALF);
            rod(w[0], w[1], r, LACQUER)
        })
        .collect();
    merged(parts)
}

impl FromWorld for BowAssets {
    fn from_world(world: &mut World) -> BowAssets {
        let mut meshes = world.resource_mut::<Assets<Mesh>>();
        let strung = meshes.add(limbs(true));
        let slack = meshes.add(limbs(false));
        let string = meshes.add(CylinderMeshBuilder::new(0.004, 1.0, 4).build());
        let streak = meshes.add(Cuboid::new(0.03, 0.03, 3.0));
        let mut materials = world.resource_mut::<Assets<StandardMaterial>>();
        let string_colour = materials.add(StandardMaterial { base_color: Color::srgb(0.95, 0.93, 0.85), unlit: true, ..default() });
        let streak_colour = materials.add(StandardMaterial {
            base_color: Color::srgba(1.0, 0.98, 0.9, 0.55),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        });
        BowAssets { strung, slack, string, string_colour, streak, streak_colour }
    }
}

/// Where the string is pulled to, in the bow's frame, for a draw of `pull` (0..1).
pub fn nock_at(pull: f32) -> Vec3 {
    Vec3::new(0.0, 0.0, tips()[0].z + DRAW * pull.clamp(0.0, 1.0))
}

/// The two pieces of string, from each tip to the nock, as transforms of a unit cylinder.
pub fn string_pieces(nock: Vec3) -> [Transform; 2] {
    tips().map(|tip| {
        let d = nock - tip;
        Transform::from_translation((tip + nock) / 2.0)
            .with_rotation(Quat::from_rotation_arc(Vec3::Y, d.normalize_or(Vec3::Y)))
            .with_scale(Vec3::new(1.0, d.length().max(0.001), 1.0))
    })
}

/// Adds limbs and string under a bow's root entity.
pub fn build(commands: &mut Commands, a: &BowAssets, painted: &Handle<StandardMaterial>, root: Entity) -> BowParts {
    let limbs = commands.spawn((Mesh3d(a.strung.clone()), MeshMaterial3d(painted.clone()), Transform::IDENTITY, NotShadowCaster)).id();
    let rest = string_pieces(nock_at(0.0));
    let string = rest.map(|t| commands.spawn((Mesh3d(a.string.clone()), MeshMaterial3d(a.string_colour.clone()), t, NotShadowCaster)).id());
    commands.entity(root).add_children(&[limbs, string[0], string[1]]);
    BowParts { limbs, string }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_strung_bow_bends_toward_the_archer_and_an_unstrung_one_away() {
        let strung = limb_line(true);
        let slack = limb_line(false);
        assert!(strung[2].z > 0.05, "the tips of a strung bow stand back toward the string");
        assert!(slack[1].z < -0.1, "an unstrung composite bow reverses");
        let [a, b] = string_pieces(nock_at(1.0));
        assert!((a.translation.z - tips()[0].z) > 0.2 && (b.translation.z - tips()[0].z) > 0.2);
    }
}
