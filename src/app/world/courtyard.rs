//! The courtyard drawn from the scene's layout: low-poly, recognisable, in stone and timber.

use bevy::light::{CascadeShadowConfigBuilder, DirectionalLightShadowMap, NotShadowCaster, NotShadowReceiver};
use bevy::prelude::*;

use super::furniture::{self, Palette, solid};
use super::target;
use crate::app::picking::Backdrop;
use crate::app::stage::Stage;
use crate::rite::court::Solid;
use crate::rite::scene::model::ObjectKind;

/// A fixed object of the layout, by its index in the courtyard's solids.
#[derive(Component, Debug, Clone, Copy)]
pub struct Fixture;

/// The translucent roof over the hall (R toggles it).
#[derive(Component)]
pub struct Roof;

/// Everything the courtyard spawned, to clear when the scene is reloaded.
#[derive(Component)]
pub struct Built;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(DirectionalLightShadowMap { size: 1024 })
        .add_systems(Startup, build)
        .add_systems(Update, (rebuild.run_if(on_message::<crate::app::reload::Reloaded>), toggle_roof, nightfall, show_cords));
}

/// One way a 侯's cloth hangs (its left lower cord tied, untied, or the cloth rolled up), shown
/// while the cord is so.
#[derive(Component)]
pub struct CordLook {
    pub target: String,
    pub cord: crate::rite::court::cord::Cord,
}

fn show_cords(stage: Res<Stage>, head: Res<crate::app::stage::Playhead>, mut looks: Query<(&CordLook, &mut Visibility)>) {
    let cords = &stage.rite.timeline.cords;
    for (look, mut vis) in &mut looks {
        let now = cords.iter().find(|c| c.object == look.target).map(|c| c.at(head.t));
        vis.set_if_neq(if now == Some(look.cord) { Visibility::Inherited } else { Visibility::Hidden });
    }
}

/// A torch's flame, lit after dark.
#[derive(Component)]
pub struct Flame;

/// The sun.
#[derive(Component)]
pub struct Sun;

/// Steps marked `night` (宵) darken the sky and light the torches.
fn nightfall(
    stage: Res<Stage>,
    now: Res<crate::app::stage::Now>,
    mut sun: Query<&mut DirectionalLight, With<Sun>>,
    mut flames: Query<&mut Visibility, With<Flame>>,
    mut ambient: ResMut<GlobalAmbientLight>,
    mut sky: ResMut<ClearColor>,
) {
    let night = stage.rite.steps[now.beat.step].night;
    let want = if night { 600.0 } else { 9000.0 };
    for mut light in &mut sun {
        if light.illuminance != want {
            light.illuminance = want;
            ambient.brightness = if night { 120.0 } else { 900.0 };
            sky.0 = if night { Color::srgb(0.05, 0.06, 0.12) } else { Color::srgb(0.70, 0.78, 0.86) };
        }
    }
    for mut v in &mut flames {
        let want = if night { Visibility::Inherited } else { Visibility::Hidden };
        if *v != want {
            *v = want;
        }
    }
}

fn rebuild(
    mut commands: Commands,
    stage: Res<Stage>,
    meshes: ResMut<Assets<Mesh>>,
    materials: ResMut<Assets<StandardMaterial>>,
    old: Query<Entity, With<Built>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    build(commands, stage, meshes, materials);
}

fn build(mut commands: Commands, stage: Res<Stage>, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    let court = &stage.rite.timeline.court;
    let p = Palette::new(&mut materials);
    // ground: beaten earth inside, grass outside
    let g = court.ground;
    commands.spawn((
        Mesh3d(meshes.add(Plane3d::default().mesh().size(g.width() + 40.0, g.depth() + 40.0))),
        MeshMaterial3d(solid(&mut materials, Color::srgb(0.56, 0.62, 0.42))),
        Transform::from_xyz(g.centre().0, -0.01, g.centre().1),
        Backdrop,
        Built,
    ));
    // the 堂: a platform of rammed earth with a stone edge
    let h = court.hall;
    let height = court.hall_height;
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(h.width(), height, h.depth()))),
        MeshMaterial3d(p.stone.clone()),
        Transform::from_xyz(h.centre().0, height / 2.0, h.centre().1),
        Backdrop,
        Built,
    ));
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(h.width() + 0.05, 0.02, h.depth() + 0.05))),
        MeshMaterial3d(solid(&mut materials, Color::srgb(0.62, 0.50, 0.36))),
        Transform::from_xyz(h.centre().0, height + 0.005, h.centre().1),
        Built,
    ));
    // the roof, see-through so the hall stays visible: one unlit sheet a slope, since every
    // see-through pixel is drawn over what lies below it, and software rendering pays for each
    let roof = materials.add(StandardMaterial {
        base_color: Color::srgba(0.30, 0.26, 0.22, 0.12),
        alpha_mode: AlphaMode::Blend,
        cull_mode: None,
        unlit: true,
        ..default()
    });
    for side in [-1.0f32, 1.0] {
        let slope = Transform::from_xyz(h.centre().0, height + 3.4, h.centre().1 + side * h.depth() * 0.27)
            .with_rotation(Quat::from_rotation_x(side * 0.45));
        commands.spawn((
            Roof,
            Built,
            Mesh3d(meshes.add(Plane3d::default().mesh().size(h.width() + 3.0, h.depth() * 0.62))),
            MeshMaterial3d(roof.clone()),
            slope,
            NotShadowCaster,
            NotShadowReceiver,
        ));
    }
    for s in &court.solids {
        spawn_solid(&mut commands, &mut meshes, &mut materials, &p, s, height, court.chi_m);
    }
    // light: a low sun from the south-east, soft shadows
    commands.spawn((
        Sun,
        DirectionalLight { illuminance: 9000.0, shadow_maps_enabled: true, ..default() },
        Transform::from_xyz(30.0, 60.0, 50.0).looking_at(Vec3::new(0.0, 0.0, 10.0), Vec3::Y),
        // two cascades, not the default four: every cascade draws every caster again, which
        // software rendering pays for in full
        CascadeShadowConfigBuilder { num_cascades: 2, maximum_distance: 160.0, first_cascade_far_bound: 25.0, ..default() }.build(),
        Built,
    ));
    commands.insert_resource(GlobalAmbientLight { brightness: 900.0, ..default() });
}

#[allow(clippy::too_many_arguments)]
fn spawn_solid(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    p: &Palette,
    s: &Solid,
    hall_height: f32,
    chi_m: f32,
) {
    let (cx, cz) = s.footprint.centre();
    let (w, d, h) = (s.footprint.width(), s.footprint.depth(), s.height.max(0.02));
    let base = s.base + s.lift;
    let mut parts: Vec<(Mesh, Handle<StandardMaterial>, Transform)> = Vec::new();
    let mut torch_at: Option<f32> = None;
    let mut cord_looks = Vec::new();
    let boxed = |w: f32, h: f32, d: f32| Mesh::from(Cuboid::new(w, h, d));
    match &s.kind {
        ObjectKind::Stair { steps, up } => {
            let n = (*steps).max(1);
            let (dx, dz) = up.vector();
            let along_x = dx.abs() > dz.abs();
            let run = if along_x { w } else { d };
            let across = if along_x { d } else { w };
            for k in 0..n {
                let rise = hall_height * (k + 1) as f32 / n as f32;
                // each step reaches from the ground to its own height, from its tread to the top
                let from = -run / 2.0 + run * k as f32 / n as f32;
                let len = run / 2.0 - from;
                let centre = from + len / 2.0;
                let (sx, sz) = if along_x { (len, across) } else { (across, len) };
                let t = Transform::from_xyz(cx + dx * centre, rise / 2.0, cz + dz * centre);
                parts.push((boxed(sx, rise, sz), p.stone.clone(), t));
            }
        }
        ObjectKind::Pillar => {
            parts.push((Mesh::from(Cylinder::new(w.min(d) / 2.0, h)), p.red.clone(), Transform::from_xyz(0.0, h / 2.0, 0.0)));
        }
        ObjectKind::Wall | ObjectKind::CourtWall => parts.push((boxed(w, h, d), p.plaster.clone(), Transform::from_xyz(0.0, h / 2.0, 0.0))),
        ObjectKind::Beam => {
            // a painted line on the floor under the beam, and the beam itself overhead
            parts.push((boxed(w, 0.01, 0.06), p.dark.clone(), Transform::from_xyz(0.0, 0.006, 0.0)));
            parts.push((boxed(w, 0.25, 0.25), p.timber.clone(), Transform::from_xyz(0.0, h.min(4.0), 0.0)));
        }
        ObjectKind::Gate => {
            for side in [-1.0f32, 1.0] {
                parts.push((boxed(0.35, h, d), p.timber.clone(), Transform::from_xyz(side * w / 2.0, h / 2.0, 0.0)));
            }
            parts.push((boxed(w + 1.2, 0.35, d + 0.6), p.dark.clone(), Transform::from_xyz(0.0, h, 0.0)));
        }
        ObjectKind::Door => parts.push((boxed(w, h, d.max(0.05)), p.timber.clone(), Transform::from_xyz(0.0, h / 2.0, 0.0))),
        ObjectKind::JarStand | ObjectKind::Platform => {
            parts.push((boxed(w, h, d), p.timber.clone(), Transform::from_xyz(0.0, h / 2.0, 0.0)))
        }
        ObjectKind::Target { zhong, gong, upper_tongue, lower_tongue, face, trim, .. } => {
            let m = |l: crate::rite::scene::model::Len| l.metres(chi_m);
            let bands = target::Bands { zhong: m(*zhong), gong: m(*gong), upper: m(*upper_tongue), lower: m(*lower_tongue) };
            let spec = target::Spec { bands, lift: s.lift, face: face.as_ref(), trim: trim.as_ref() };
            let looks = target::parts(p, materials, &spec);
            parts.extend(looks.fixed);
            cord_looks = looks.by_cord;
        }
        ObjectKind::Mark => {
            // the cross of the 物: long as an arrow (north-south), the bar as a foot
            parts.push((boxed(0.05, 0.01, d), p.red.clone(), Transform::from_xyz(0.0, 0.006, 0.0)));
            parts.push((boxed(w, 0.01, 0.05), p.red.clone(), Transform::from_xyz(0.0, 0.006, 0.0)));
        }
        ObjectKind::Mat => parts.push((boxed(w, 0.03, d), p.mat.clone(), Transform::from_xyz(0.0, 0.015, 0.0))),
        ObjectKind::Torch => {
            parts.push((boxed(0.06, h, 0.06), p.timber.clone(), Transform::from_xyz(0.0, h / 2.0, 0.0)));
            torch_at = Some(h);
        }
        _ => match furniture::parts(s, p, w, d, h) {
            Some(shaped) => parts = shaped,
            None => parts.push((boxed(w, h, d), p.timber.clone(), Transform::from_xyz(0.0, h / 2.0, 0.0))),
        },
    }
    // a 侯's parts are drawn from the ground up, its lift (下纲不及地武) among them: its root stays on the ground
    let root = match s.kind {
        ObjectKind::Stair { .. } => Vec3::ZERO,
        ObjectKind::Target { .. } => Vec3::new(cx, s.base, cz),
        _ => Vec3::new(cx, base, cz),
    };
    let parts: Vec<_> = furniture::merged_by_material(parts).into_iter().map(|(mesh, mat, t)| (meshes.add(mesh), mat, t)).collect();
    let flame = meshes.add(Sphere::new(0.18));
    let fire = p.fire.clone();
    commands
        .spawn((Fixture, Backdrop, Built, Name::new(s.id.clone()), Transform::from_translation(root), Visibility::Inherited))
        .with_children(|c| {
            for (mesh, mat, t) in parts {
                c.spawn((Mesh3d(mesh), MeshMaterial3d(mat), t));
            }
            for (cord, look) in cord_looks {
                let pieces: Vec<_> =
                    furniture::merged_by_material(look).into_iter().map(|(mesh, mat, t)| (meshes.add(mesh), mat, t)).collect();
                c.spawn((CordLook { target: s.id.clone(), cord }, Transform::IDENTITY, Visibility::Hidden)).with_children(|c| {
                    for (mesh, mat, t) in pieces {
                        c.spawn((Mesh3d(mesh), MeshMaterial3d(mat), t));
                    }
                });
            }
            if let Some(h) = torch_at {
                c.spawn((
                    Flame,
                    PointLight {
                        color: Color::srgb(1.0, 0.62, 0.25),
                        intensity: 600_000.0,
                        range: 30.0,
                        shadow_maps_enabled: false,
                        ..default()
                    },
                    Mesh3d(flame.clone()),
                    MeshMaterial3d(fire.clone()),
                    Transform::from_xyz(0.0, h + 0.15, 0.0),
                    Visibility::Hidden,
                ));
            }
        });
}

fn toggle_roof(keys: Res<ButtonInput<KeyCode>>, mut roofs: Query<&mut Visibility, With<Roof>>) {
    if keys.just_pressed(KeyCode::KeyR) {
        for mut v in &mut roofs {
            *v = if *v == Visibility::Hidden { Visibility::Inherited } else { Visibility::Hidden };
        }
    }
}
