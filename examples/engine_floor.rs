//! The floor: an almost empty window with the same features and size as sheli (camera, ground,
//! one light, one egui window). Its frame time is what any Bevy app pays here; sheli's is
//! compared with it. With SHELI_AUTOMATION=FILE it writes the same `frame_stats` lines as sheli.
//!
//! cargo run --example engine_floor

use std::io::Write;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

#[derive(Resource, Default)]
struct Stats {
    frames: Vec<f32>,
    since: f32,
}

fn main() {
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "engine floor".into(),
                resolution: WindowResolution::new(1280, 720).with_scale_factor_override(1.0),
                ..default()
            }),
            ..default()
        }))
        .add_plugins(EguiPlugin::default())
        // the rite moves while it plays, focused or not (and frame times compare fairly)
        .insert_resource(bevy::winit::WinitSettings::continuous())
        .init_resource::<Stats>()
        .add_systems(Startup, setup)
        .add_systems(EguiPrimaryContextPass, ui)
        .add_systems(Last, stats)
        .run();
}

fn setup(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    adapter: Option<Res<bevy::render::renderer::RenderAdapterInfo>>,
) {
    // the same camera settings as sheli's, so that the ratio measures what sheli draws
    commands.spawn((
        Camera3d::default(),
        sheli::app::camera_msaa(adapter.as_deref()),
        bevy::light::ShadowFilteringMethod::Hardware2x2,
        Transform::from_xyz(0.0, 12.0, 20.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((
        Mesh3d(meshes.add(Plane3d::default().mesh().size(60.0, 60.0))),
        MeshMaterial3d(materials.add(Color::srgb(0.56, 0.62, 0.42))),
    ));
    commands.spawn((
        DirectionalLight { shadow_maps_enabled: true, ..default() },
        Transform::from_xyz(10.0, 20.0, 10.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
}

fn ui(mut contexts: EguiContexts) -> Result {
    egui::Window::new("floor").show(contexts.ctx_mut()?, |ui| {
        ui.label("an almost empty Bevy window");
    });
    Ok(())
}

fn stats(time: Res<Time<Real>>, mut s: ResMut<Stats>) {
    let Ok(path) = std::env::var("SHELI_AUTOMATION") else { return };
    let dt = time.delta_secs();
    s.frames.push(dt * 1000.0);
    s.since += dt;
    if s.since >= 5.0 {
        let mut v = std::mem::take(&mut s.frames);
        v.sort_by(f32::total_cmp);
        let mean: f32 = v.iter().sum::<f32>() / v.len() as f32;
        let p = |q: f32| v[((v.len() - 1) as f32 * q) as usize];
        if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
            let _ = writeln!(
                f,
                "{{\"event\":\"frame_stats\",\"fps\":{},\"frame_ms_p50\":{},\"frame_ms_p95\":{}}}",
                1000.0 / mean,
                p(0.5),
                p(0.95)
            );
        }
        s.since = 0.0;
    }
}
