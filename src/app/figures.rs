//! People and things: one entity each, placed every frame from `state_at(playhead)`.

use std::f32::consts::PI;

use bevy::prelude::*;

use super::reload::Reloaded;
use super::stage::{Playhead, Stage};
use crate::rite::gesture::Gesture;
use crate::rite::model::{Dress, PropKind};
use crate::rite::timeline::Pose;

/// An actor's figure: the index of its track.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActorFigure(pub usize);

/// A prop: the index of its track.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PropFigure(pub usize);

/// The upper body, which bends for 揖 and 拜.
#[derive(Component)]
pub struct Torso;

/// Both arms, raised for 揖 and held out to shoot.
#[derive(Component)]
pub struct Arms;

/// The parts of a figure that move with its gestures, found once when it is dressed.
#[derive(Component, Debug, Clone, Copy)]
pub struct Limbs {
    pub torso: Entity,
    pub arms: Entity,
}

/// The meshes and materials every figure shares: built once, used by all.
#[derive(Resource)]
struct FigureAssets {
    skin: Handle<StandardMaterial>,
    cap: Handle<StandardMaterial>,
    skirt: Handle<Mesh>,
    chest: Handle<Mesh>,
    head: Handle<Mesh>,
    hat: Handle<Mesh>,
    arm: Handle<Mesh>,
    robes: std::collections::HashMap<Dress, Handle<StandardMaterial>>,
}

impl FromWorld for FigureAssets {
    fn from_world(world: &mut World) -> FigureAssets {
        let mut materials = world.resource_mut::<Assets<StandardMaterial>>();
        let skin = materials.add(StandardMaterial { base_color: Color::srgb(0.93, 0.80, 0.66), perceptual_roughness: 0.8, ..default() });
        let cap = materials.add(StandardMaterial { base_color: Color::srgb(0.08, 0.08, 0.08), perceptual_roughness: 0.7, ..default() });
        let mut meshes = world.resource_mut::<Assets<Mesh>>();
        FigureAssets {
            skin,
            cap,
            skirt: meshes.add(ConicalFrustum { radius_top: 0.16, radius_bottom: 0.26, height: 0.62 }),
            chest: meshes.add(ConicalFrustum { radius_top: 0.19, radius_bottom: 0.16, height: 0.52 }),
            head: meshes.add(Sphere::new(0.11)),
            hat: meshes.add(Cylinder::new(0.07, 0.10)),
            arm: meshes.add(Capsule3d::new(0.05, 0.42)),
            robes: default(),
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn)
        .add_systems(PreUpdate, respawn.run_if(on_message::<Reloaded>).after(super::reload::Reloading))
        .add_systems(PostUpdate, place.before(TransformSystems::Propagate));
}

pub(super) fn draw_plugin(app: &mut App) {
    app.init_resource::<FigureAssets>().add_observer(dress_actor).add_observer(shape_prop);
}

/// A new version of the scene may have other people and things: draw them anew.
fn respawn(mut commands: Commands, stage: Res<Stage>, old: Query<Entity, Or<(With<ActorFigure>, With<PropFigure>)>>) {
    for e in &old {
        commands.entity(e).despawn();
    }
    spawn(commands, stage);
}

fn spawn(mut commands: Commands, stage: Res<Stage>) {
    for (i, a) in stage.rite.timeline.actors.iter().enumerate() {
        commands.spawn(figure(ActorFigure(i), &a.id));
    }
    for (i, p) in stage.rite.timeline.props.iter().enumerate() {
        commands.spawn(figure(PropFigure(i), &p.id));
    }
}

/// A person or thing, hidden until `place` puts it where the timeline says.
fn figure(which: impl Component, id: &str) -> impl Bundle {
    (which, Name::new(id.to_string()), Transform::default(), Visibility::Hidden)
}

/// The robe's colour says who someone is.
pub fn robe_colour(dress: Dress) -> Color {
    let [r, g, b] = dress.rgb();
    Color::srgb(r, g, b)
}

fn part(mesh: &Handle<Mesh>, material: &Handle<StandardMaterial>, at: Transform) -> impl Bundle {
    (Mesh3d(mesh.clone()), MeshMaterial3d(material.clone()), at)
}

/// A figure is dressed when it is spawned: robe in the colour of its rank, head, cap and arms.
fn dress_actor(
    add: On<Add, ActorFigure>,
    mut commands: Commands,
    figures: Query<&ActorFigure>,
    stage: Res<Stage>,
    mut assets: ResMut<FigureAssets>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Ok(f) = figures.get(add.entity) else { return };
    let dress = stage.rite.timeline.actors[f.0].dress;
    let robe = assets
        .robes
        .entry(dress)
        .or_insert_with(|| materials.add(StandardMaterial { base_color: robe_colour(dress), perceptual_roughness: 0.9, ..default() }))
        .clone();
    let a = &*assets;
    let arm =
        |side: f32| part(&a.arm, &robe, Transform::from_xyz(side * 0.21, -0.2, 0.0).with_rotation(Quat::from_rotation_z(side * 0.15)));
    let arms = commands.spawn((Arms, Transform::from_xyz(0.0, 0.46, 0.0), Visibility::Inherited, children![arm(-1.0), arm(1.0)])).id();
    let torso = commands
        .spawn((
            Torso,
            Transform::from_xyz(0.0, 0.62, 0.0),
            Visibility::Inherited,
            children![
                part(&a.chest, &robe, Transform::from_xyz(0.0, 0.26, 0.0)),
                part(&a.head, &a.skin, Transform::from_xyz(0.0, 0.64, 0.0)),
                part(&a.hat, &a.cap, Transform::from_xyz(0.0, 0.77, 0.0)),
            ],
        ))
        .add_child(arms)
        .id();
    let skirt = commands.spawn(part(&a.skirt, &robe, Transform::from_xyz(0.0, 0.31, 0.0))).id();
    commands.entity(add.entity).insert(Limbs { torso, arms }).add_children(&[skirt, torso]);
}

/// A thing gets its shape when it is spawned.
fn shape_prop(
    add: On<Add, PropFigure>,
    mut commands: Commands,
    figures: Query<&PropFigure>,
    stage: Res<Stage>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Ok(f) = figures.get(add.entity) else { return };
    let p = &stage.rite.timeline.props[f.0];
    let (mesh, colour, offset) = prop_shape(p.kind, &p.name, &mut meshes);
    let material = materials.add(StandardMaterial { base_color: colour, perceptual_roughness: 0.6, metallic: 0.1, ..default() });
    commands.entity(add.entity).with_child(part(&mesh, &material, Transform::from_translation(offset)));
}

fn prop_shape(kind: PropKind, name: &str, meshes: &mut Assets<Mesh>) -> (Handle<Mesh>, Color, Vec3) {
    let bronze = Color::srgb(0.55, 0.42, 0.20);
    let wood = Color::srgb(0.48, 0.30, 0.16);
    match kind {
        PropKind::Jue | PropKind::Zhi => {
            (meshes.add(ConicalFrustum { radius_top: 0.07, radius_bottom: 0.04, height: 0.14 }), bronze, Vec3::Y * 0.07)
        }
        PropKind::Bow => (meshes.add(Torus::new(0.55, 0.58)), Color::srgb(0.35, 0.12, 0.08), Vec3::ZERO),
        PropKind::Arrow => (meshes.add(Cuboid::new(0.015, 0.015, 0.7)), Color::srgb(0.85, 0.80, 0.65), Vec3::ZERO),
        PropKind::Whip => (meshes.add(Cylinder::new(0.015, 0.7)), wood, Vec3::Y * 0.35),
        PropKind::Tallies => (meshes.add(Cuboid::new(0.12, 0.04, 0.3)), Color::srgb(0.90, 0.85, 0.70), Vec3::Y * 0.02),
        PropKind::Flag => (meshes.add(Cuboid::new(0.35, 0.5, 0.02)), Color::srgb(0.85, 0.15, 0.10), Vec3::Y * 1.1),
        PropKind::Stand => (meshes.add(Cuboid::new(0.45, 0.3, 0.25)), wood, Vec3::Y * 0.15),
        PropKind::Offering => (meshes.add(Cylinder::new(0.12, 0.08)), Color::srgb(0.70, 0.55, 0.35), Vec3::Y * 0.04),
        PropKind::Thumb => (meshes.add(Sphere::new(0.04)), Color::srgb(0.9, 0.9, 0.85), Vec3::ZERO),
        PropKind::Other if name.contains('楅') => (meshes.add(Cuboid::new(0.7, 0.25, 0.15)), wood, Vec3::Y * 0.12),
        PropKind::Other if name.contains('中') => {
            (meshes.add(Cuboid::new(0.5, 0.45, 0.22)), Color::srgb(0.62, 0.42, 0.22), Vec3::Y * 0.22)
        }
        PropKind::Other if name.contains('丰') => (meshes.add(Cylinder::new(0.12, 0.6)), wood, Vec3::Y * 0.3),
        PropKind::Other => (meshes.add(Cuboid::new(0.2, 0.2, 0.2)), wood, Vec3::Y * 0.1),
    }
}

/// Yaw for a compass bearing (N = 0, E = 90): a figure's forward is −Z.
pub fn yaw(bearing_deg: f32) -> Quat {
    Quat::from_rotation_y(-bearing_deg.to_radians())
}

/// How far the body drops (kneeling) and bends (bowing), and whether the arms are raised, for a
/// pose and the gesture being made.
pub fn stance(pose: Pose, gesture: Option<(Gesture, f32)>) -> (f32, f32, f32) {
    use Gesture as G;
    let f = gesture.map(|(_, f)| f).unwrap_or(0.0);
    let g = gesture.map(|(g, _)| g);
    match pose {
        Pose::Sitting => (
            0.42,
            if matches!(g, Some(G::Ji | G::Put | G::Take)) { 0.35 * (PI * f).sin() } else { 0.0 },
            if g.is_none() { 0.0 } else { 0.7 },
        ),
        Pose::Bowing => {
            // 揖 is a bow from the waist with the hands raised; 拜 kneels and bows to the ground,
            // 再拜 twice
            if g == Some(G::Yi) {
                return (0.0, 0.35 * (PI * f).sin(), 1.2);
            }
            let times = if matches!(g, Some(G::ZaiBai | G::DaZaiBai | G::ZaiBaiQiShou)) { 2.0 } else { 1.0 };
            let kneel = 0.42 * (PI * f).sin().min(0.25) / 0.25;
            let bend = 1.1 * (PI * f * times).sin().abs();
            (kneel.min(0.42), bend, 0.6)
        }
        Pose::Shooting => (0.0, 0.0, 1.5),
        // hands held forward to wash (盥, 洗), to take, set down or hand over; raised high with the flag
        Pose::Walking | Pose::Standing => match g {
            Some(G::Rang) => (0.0, 0.0, 0.8),
            Some(G::Guan | G::Xi) => (0.0, 0.3, 0.9 + 0.3 * (PI * 4.0 * f).sin()),
            Some(G::Take | G::Put | G::Give | G::Set | G::Clear) => (0.0, 0.25 * (PI * f).sin(), 0.9),
            Some(G::RaiseFlag) => (0.0, 0.0, 2.6 * (PI * f).sin().max(0.0)),
            Some(G::LowerFlag) => (0.0, 0.0, 1.0 * (1.0 - f)),
            _ => (0.0, 0.0, 0.0),
        },
    }
}

#[allow(clippy::type_complexity)]
fn place(
    stage: Res<Stage>,
    head: Res<Playhead>,
    mut actors: Query<(&ActorFigure, &mut Transform, &mut Visibility, Option<&Limbs>), Without<PropFigure>>,
    mut props: Query<(&PropFigure, &mut Transform, &mut Visibility), (Without<ActorFigure>, Without<Torso>, Without<Arms>)>,
    mut limbs: Query<&mut Transform, (Or<(With<Torso>, With<Arms>)>, Without<ActorFigure>, Without<PropFigure>)>,
) {
    let tl = &stage.rite.timeline;
    let t = head.t;
    let world = tl.state_at(t);
    for (f, mut tf, mut vis, parts) in &mut actors {
        let s = world.actors[f.0];
        *vis = if s.present { Visibility::Inherited } else { Visibility::Hidden };
        let (drop, bend, raise) = stance(s.pose, s.gesture);
        let bob = if s.pose == Pose::Walking { 0.03 * (t * 9.0).sin().abs() } else { 0.0 };
        tf.translation = Vec3::new(s.pos[0], s.pos[1] - drop + bob, s.pos[2]);
        tf.rotation = yaw(s.bearing);
        if let Some(parts) = parts {
            if let Ok(mut torso) = limbs.get_mut(parts.torso) {
                torso.rotation = Quat::from_rotation_x(-bend);
            }
            if let Ok(mut arms) = limbs.get_mut(parts.arms) {
                arms.rotation = Quat::from_rotation_x(raise);
            }
        }
    }
    for (f, mut tf, mut vis) in &mut props {
        let s = &world.props[f.0];
        *vis = if s.present { Visibility::Inherited } else { Visibility::Hidden };
        tf.translation = Vec3::from_array(s.pos);
        let kind = tl.props[f.0].kind;
        tf.rotation = match (kind, s.held_by, s.flying) {
            (PropKind::Arrow, _, true) => Quat::IDENTITY,
            (PropKind::Arrow, None, false) => Quat::from_rotation_x(-0.3),
            (PropKind::Bow, Some(a), _) => yaw(world.actors[a].bearing) * Quat::from_rotation_y(PI / 2.0),
            (_, Some(a), _) => yaw(world.actors[a].bearing),
            _ => Quat::IDENTITY,
        };
        if kind == PropKind::Bow && s.held_by.is_none() {
            tf.rotation = Quat::from_rotation_x(PI / 2.0);
        }
    }
}
