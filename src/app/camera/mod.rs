//! Cameras: presets (overview, plan, hall, gate, follow) with smooth transitions, and orbit / pan /
//! zoom with the mouse. The camera's viewport leaves out the panels.

mod close_view;
pub mod director;
mod presets;
mod rig;

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, ScalingMode, Viewport};
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::light::ShadowFilteringMethod;
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::render::renderer::RenderAdapterInfo;
use bevy_egui::{EguiGlobalSettings, PrimaryEguiContext};

pub use self::presets::preset;
use self::rig::PLAN_SPAN;
pub use self::rig::{PRESETS, Rig, View, view_help};

/// The key of a digit in the presets table.
fn digit_key(c: char) -> KeyCode {
    const DIGITS: [KeyCode; 10] = [
        KeyCode::Digit0,
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
    ];
    DIGITS[c.to_digit(10).unwrap_or(0) as usize]
}
use crate::app::stage::{Playhead, Selection, Stage};

/// The camera's aim now and the aim it is moving to.
#[derive(Resource, Debug, Clone)]
pub struct CameraAim {
    pub view: View,
    pub now: Rig,
    pub goal: Rig,
}

/// Screen area left free by the panels, in logical pixels: left, top, right, bottom margins.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct Margins {
    pub left: f32,
    pub top: f32,
    pub right: f32,
    pub bottom: f32,
}

#[derive(Component)]
pub struct MainCamera;

/// Where the camera starts: the view asked for, and someone to select (an id, name or alias).
#[derive(Resource, Clone, Debug, Default)]
pub struct StartView {
    pub view: View,
    pub select: Option<String>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Margins>()
        .init_resource::<self::director::Director>()
        .add_systems(PreStartup, no_automatic_egui_context)
        .add_systems(Startup, spawn)
        .add_systems(Update, (steer, bring_into_view, follow, glide, fit_viewport).chain());
}

fn spawn(
    mut commands: Commands,
    stage: Res<Stage>,
    head: Res<Playhead>,
    launch: Res<StartView>,
    mut selection: ResMut<Selection>,
    adapter: Option<Res<RenderAdapterInfo>>,
) {
    if let Some(key) = &launch.select {
        selection.0 = stage.rite.timeline.actor_index(key);
    }
    let rig = preset(&launch.view, &stage, &head, &selection);
    commands.insert_resource(CameraAim { view: launch.view.clone(), now: rig, goal: rig });
    commands.spawn((
        MainCamera,
        Camera3d::default(),
        msaa(adapter.as_deref()),
        // four shadow-map taps a pixel rather than nine: the shadows' edges are a little harder,
        // and every lit pixel of a crowded hall costs less to draw in software
        ShadowFilteringMethod::Hardware2x2,
        projection(&rig),
        Transform::from_translation(rig.eye()).looking_at(rig.focus, up(&rig)),
    ));
    // the panels get a camera of their own over the whole window, drawn after the 3D view
    commands.spawn((
        PrimaryEguiContext,
        Camera2d,
        // egui smooths its own edges: a multisampled target here would only be cleared, resolved
        // and blended over the window every frame, which software rendering pays for in full
        Msaa::Off,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write { blend_state: Some(BlendState::ALPHA_BLENDING), clear_color: ClearColorConfig::None },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

/// 4× multisampling on a graphics card, none on a software renderer (Mesa's llvmpipe): there it
/// cost the crowded 大射仪 hall some 100 ms a frame against the engine floor's 20, and FXAA
/// instead costs a full-screen pass as dear.
pub fn msaa(adapter: Option<&RenderAdapterInfo>) -> Msaa {
    match adapter {
        Some(info) if info.device_type == wgpu_types::DeviceType::Cpu => Msaa::Off,
        _ => Msaa::Sample4,
    }
}

fn no_automatic_egui_context(mut settings: ResMut<EguiGlobalSettings>) {
    settings.auto_create_primary_context = false;
}

fn up(rig: &Rig) -> Vec3 {
    if rig.plan { Vec3::NEG_Z } else { Vec3::Y }
}

fn projection(rig: &Rig) -> Projection {
    if rig.plan {
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin { min_width: rig.distance * PLAN_SPAN, min_height: rig.distance * PLAN_SPAN },
            far: 1000.0,
            ..OrthographicProjection::default_3d()
        })
    } else {
        Projection::Perspective(PerspectiveProjection { fov: 0.75, ..default() })
    }
}

/// Number keys pick presets (1 overview, 2 plan, 3 hall, 4 gate, 5 follow); the mouse orbits
/// (left drag), pans (right drag) and zooms (wheel) — not over the panels.
#[allow(clippy::too_many_arguments)]
fn steer(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    window: Single<&Window>,
    margins: Res<Margins>,
    stage: Res<Stage>,
    head: Res<Playhead>,
    selection: Res<Selection>,
    typing: Res<crate::app::playback::UiWantsKeyboard>,
    mut aim: ResMut<CameraAim>,
) {
    if !typing.0 {
        for p in PRESETS {
            if keys.just_pressed(digit_key(p.key)) {
                set_view(&mut aim, p.view, &stage, &head, &selection);
            }
        }
    }
    let over_scene = window.cursor_position().is_some_and(|c| {
        c.x > margins.left && c.x < window.width() - margins.right && c.y > margins.top && c.y < window.height() - margins.bottom
    });
    if !over_scene {
        return;
    }
    let d = motion.delta;
    let mut changed = false;
    if buttons.pressed(MouseButton::Left) && d != Vec2::ZERO && !aim.goal.plan {
        aim.goal.yaw -= d.x * 0.006;
        aim.goal.pitch = (aim.goal.pitch + d.y * 0.004).clamp(0.05, 1.55);
        changed = true;
    }
    if buttons.pressed(MouseButton::Right) && d != Vec2::ZERO {
        let scale = aim.goal.distance * 0.0015;
        let (s, c) = aim.goal.yaw.sin_cos();
        let right = Vec3::new(c, 0.0, -s);
        let forward = Vec3::new(-s, 0.0, -c);
        aim.goal.focus += (-right * d.x + forward * d.y) * scale;
        changed = true;
    }
    if scroll.delta.y != 0.0 {
        aim.goal.distance = (aim.goal.distance * (1.0 - scroll.delta.y * 0.1)).clamp(2.0, 400.0);
        changed = true;
    }
    if changed {
        aim.view = View::Free;
    }
}

pub fn set_view(aim: &mut CameraAim, view: View, stage: &Stage, head: &Playhead, selection: &Selection) {
    aim.goal = preset(&view, stage, head, selection);
    if aim.goal.plan != aim.now.plan {
        // switching projection: jump, a blend between the two would only confuse
        aim.now = aim.goal;
    }
    aim.view = view;
}

/// A person chosen (a click, the cast list, a duty) while out of the picture is brought into it:
/// the camera turns to him where he stands, and the view becomes the user's own.
fn bring_into_view(selection: Res<Selection>, stage: Res<Stage>, head: Res<Playhead>, mut aim: ResMut<CameraAim>) {
    if !selection.is_changed() {
        return;
    }
    let Some(a) = selection.0 else { return };
    let s = stage.rite.timeline.actor_at(a, head.t);
    let at = Vec3::from_array(s.pos) + Vec3::Y;
    if !s.present || aim.now.plan || matches!(aim.view, View::Follow(_)) || self::director::in_view(&aim.goal, at) {
        return;
    }
    aim.goal.focus = at;
    aim.goal.distance = aim.goal.distance.min(30.0);
    aim.view = View::Free;
}

/// Follow keeps the actor in frame; the overview keeps the clause's actors in frame; the
/// director chooses the shot.
fn follow(
    stage: Res<Stage>,
    head: Res<Playhead>,
    selection: Res<Selection>,
    mut aim: ResMut<CameraAim>,
    mut director: ResMut<self::director::Director>,
) {
    match aim.view {
        View::Director => {
            if let Some(rig) = director.aim(&stage, head.t) {
                aim.goal = rig;
            }
        }
        View::Close(_) => aim.goal = preset(&aim.view, &stage, &head, &selection),
        View::Follow(_) => {
            let rig = preset(&aim.view, &stage, &head, &selection);
            aim.goal.focus = rig.focus;
            // widen for a partner, never closer than the user left it
            aim.goal.distance = aim.goal.distance.max(rig.distance);
        }
        View::Overview => {
            let rig = preset(&aim.view, &stage, &head, &selection);
            aim.goal.focus = rig.focus;
            aim.goal.distance = rig.distance;
        }
        _ => {}
    }
}

fn glide(
    time: Res<Time>,
    mut aim: ResMut<CameraAim>,
    mut cams: Query<(&mut Transform, &mut Projection), With<MainCamera>>,
    mut settled_now: MessageWriter<crate::app::stage::Settled>,
) {
    let k = 1.0 - (-time.delta_secs() * 6.0).exp();
    let (now, goal) = (aim.now, aim.goal);
    let mut next = now;
    next.focus = now.focus.lerp(goal.focus, k);
    next.yaw = now.yaw + (goal.yaw - now.yaw) * k;
    next.pitch = now.pitch + (goal.pitch - now.pitch) * k;
    next.distance = now.distance + (goal.distance - now.distance) * k;
    next.plan = goal.plan;
    let settled =
        next.focus.distance(goal.focus) < 0.01 && (next.yaw - goal.yaw).abs() < 1e-3 && (next.distance - goal.distance).abs() < 0.01;
    if settled {
        next = goal;
    }
    if next != now && settled {
        settled_now.write(crate::app::stage::Settled);
    }
    aim.now = next;
    for (mut tf, mut proj) in &mut cams {
        *tf = Transform::from_translation(next.eye()).looking_at(next.focus, up(&next));
        let want = projection(&next);
        let same_kind = matches!(
            (&*proj, &want),
            (Projection::Orthographic(_), Projection::Orthographic(_)) | (Projection::Perspective(_), Projection::Perspective(_))
        );
        if !same_kind || next.plan {
            *proj = want;
        }
    }
}

/// The 3D view fills what the panels leave (as bevy_egui's side_panel example does), so clicks on
/// a panel never reach the scene behind it.
fn fit_viewport(margins: Res<Margins>, window: Single<&Window>, mut cams: Query<&mut Camera, With<MainCamera>>) {
    let scale = window.scale_factor();
    let (w, h) = (window.physical_width(), window.physical_height());
    let left = (margins.left * scale) as u32;
    let top = (margins.top * scale) as u32;
    let right = (margins.right * scale) as u32;
    let bottom = (margins.bottom * scale) as u32;
    if left + right + 16 >= w || top + bottom + 16 >= h {
        return;
    }
    let vp =
        Viewport { physical_position: UVec2::new(left, top), physical_size: UVec2::new(w - left - right, h - top - bottom), ..default() };
    for mut cam in &mut cams {
        if cam.viewport.as_ref().is_none_or(|v| v.physical_position != vp.physical_position || v.physical_size != vp.physical_size) {
            cam.viewport = Some(vp.clone());
        }
    }
}
