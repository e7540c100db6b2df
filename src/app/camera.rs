//! Cameras: presets (overview, plan, hall, gate, follow) with smooth transitions, and orbit / pan /
//! zoom with the mouse. The camera's viewport leaves out the panels.

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, ScalingMode, Viewport};
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::light::ShadowFilteringMethod;
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::render::renderer::RenderAdapterInfo;
use bevy_egui::{EguiGlobalSettings, PrimaryEguiContext};

use super::Launch;
use super::stage::{Moved, Playhead, Selection, Stage};

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum View {
    #[default]
    Overview,
    Plan,
    Hall,
    Gate,
    Follow(String),
    /// a close look at one person from his front and right, to see what his hands do
    Close(String),
    /// 导演: a shot chosen for every beat (the viewer's default while playing)
    Director,
    /// wherever the mouse left it
    Free,
}

impl View {
    pub fn parse(s: &str) -> Result<View, String> {
        Ok(match s {
            "overview" => View::Overview,
            "plan" => View::Plan,
            "hall" => View::Hall,
            "gate" => View::Gate,
            _ if s.starts_with("follow:") => View::Follow(s["follow:".len()..].to_string()),
            "follow" => View::Follow(String::new()),
            _ if s.starts_with("close:") => View::Close(s["close:".len()..].to_string()),
            "director" => View::Director,
            _ => {
                return Err(format!(
                    "unknown view `{s}` (director, overview, plan, hall, gate, follow:ACTOR, close:ACTOR or close:OBJECT)"
                ));
            }
        })
    }
}

/// Where the camera looks from: a focus point, a direction and a distance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rig {
    pub focus: Vec3,
    /// around the vertical, 0 = from the south
    pub yaw: f32,
    /// above the horizon
    pub pitch: f32,
    pub distance: f32,
    /// top-down orthographic (the 仪礼图 plan)
    pub plan: bool,
}

impl Rig {
    pub fn eye(&self) -> Vec3 {
        let dir = Vec3::new(self.pitch.cos() * self.yaw.sin(), self.pitch.sin(), self.pitch.cos() * self.yaw.cos());
        self.focus + dir * self.distance
    }
}

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

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Margins>()
        .init_resource::<super::director::Director>()
        .add_systems(PreStartup, no_automatic_egui_context)
        .add_systems(Startup, spawn)
        .add_systems(Update, (steer, bring_into_view, follow, glide, fit_viewport).chain());
}

/// The overview frames the people acting in the clause now.
fn action_frame(stage: &Stage, head: &Playhead) -> Option<(Vec3, f32)> {
    let tl = &stage.rite.timeline;
    let beat = stage.rite.beat(stage.rite.beat_at(head.t));
    let mut lo = Vec3::splat(f32::INFINITY);
    let mut hi = Vec3::splat(f32::NEG_INFINITY);
    let mut any = false;
    for &a in &beat.actors {
        let s = tl.actor_at(a, head.t);
        if s.present {
            let p = Vec3::from_array(s.pos);
            lo = lo.min(p);
            hi = hi.max(p);
            any = true;
        }
    }
    if !any {
        return None;
    }
    let extent = (hi.x - lo.x).max(hi.z - lo.z);
    Some(((lo + hi) / 2.0 + Vec3::Y * 0.8, (extent * 1.4 + 12.0).clamp(20.0, 140.0)))
}

pub fn preset(view: &View, stage: &Stage, head: &Playhead, selection: &Selection) -> Rig {
    let court = &stage.rite.timeline.court;
    let hall = court.hall;
    let south = court
        .solids
        .iter()
        .filter(|s| matches!(s.kind, crate::rite::model::ObjectKind::Target { .. }))
        .map(|s| s.footprint.z1)
        .fold(hall.z1 + 30.0, f32::max);
    match view {
        View::Overview | View::Free | View::Director => {
            let (focus, distance) = action_frame(stage, head).unwrap_or((Vec3::new(hall.centre().0, 0.8, hall.z1 + 3.0), 25.0));
            Rig { focus, yaw: 0.35, pitch: 0.58, distance, plan: false }
        }
        // the hall and every 侯 in the view: the plan's shorter side (its height, in a landscape
        // window) spans the court from the back of the hall to the farthest 侯
        View::Plan => Rig {
            focus: Vec3::new(hall.centre().0, 0.0, (hall.z0 + south) / 2.0),
            yaw: 0.0,
            pitch: std::f32::consts::FRAC_PI_2 - 1e-4,
            distance: ((south - hall.z0 + 8.0) / PLAN_SPAN).max(150.0),
            plan: true,
        },
        // from the back of the hall, over the archers at the 物, down the range to the 侯
        View::Hall => {
            let eye = Vec3::new(0.0, court.hall_height + 2.6, hall.z0 + 1.0);
            let focus = Vec3::new(0.0, court.hall_height + 0.6, hall.z1 + 24.0);
            let d = focus - eye;
            Rig { focus, yaw: std::f32::consts::PI, pitch: (-d.y / d.length()).asin(), distance: d.length(), plan: false }
        }
        // from the gate up the court to the hall, high enough to see the archers over every 侯
        View::Gate => {
            let gate_z =
                court.solids.iter().find(|s| s.kind == crate::rite::model::ObjectKind::Gate).map(|s| s.footprint.z1).unwrap_or(south + 5.0);
            let focus = Vec3::new(0.0, court.hall_height + 1.0, hall.z1);
            let targets = || court.solids.iter().filter(|s| matches!(s.kind, crate::rite::model::ObjectKind::Target { .. }));
            // a 侯 that stands just inside the gate (大射仪's 大侯) would fill the picture: the eye
            // stands in front of it instead
            let eye_z = targets().map(|s| s.footprint.z0 - 4.0).filter(|z| gate_z + 2.0 - z < 15.0).fold(gate_z + 2.0, f32::min);
            let distance = (eye_z - hall.z1).max(10.0);
            let eye_z = focus.z + distance;
            let over = targets()
                .filter(|s| s.footprint.z0 > focus.z + 1.0 && s.footprint.z1 < eye_z)
                .map(|s| {
                    // the cloth stands 躬, 中, 躬 high above its 武 (as the courtyard draws it)
                    let cloth = match s.kind {
                        crate::rite::model::ObjectKind::Target { zhong, gong, .. } => {
                            zhong.metres(court.chi_m) + 2.0 * gong.metres(court.chi_m)
                        }
                        _ => s.height,
                    };
                    let top = s.base + s.lift + cloth.max(s.height) + 1.0;
                    focus.y + (top - focus.y) * (eye_z - focus.z) / (s.footprint.z0 - focus.z)
                })
                .fold(focus.y + distance * 0.10_f32.sin(), f32::max);
            Rig { focus, yaw: 0.0, pitch: ((over - focus.y) / distance).clamp(0.0, 0.9).asin(), distance, plan: false }
        }
        View::Follow(key) => {
            let tl = &stage.rite.timeline;
            let i = tl.actor_index(key).or(selection.0).unwrap_or(0);
            let s = tl.actor_at(i, head.t);
            let at = Vec3::from_array(s.pos);
            // the partner of a 拜/答拜 or a 授/受 comes into the picture too
            let partner = stage.rite.partner(stage.rite.beat_at(head.t), i).map(|p| tl.actor_at(p, head.t)).filter(|p| p.present);
            let (focus, distance) = match partner {
                Some(p) => {
                    let other = Vec3::from_array(p.pos);
                    ((at + other) / 2.0 + Vec3::Y, (at.distance(other) * 1.4 + 7.0).max(9.0))
                }
                None => (at + Vec3::Y, 9.0),
            };
            // on the hall the eye stays under the eaves: never through the roof
            let pitch = if s.pos[1] > 0.3 { ((court.hall_height + 1.7 - focus.y) / distance).clamp(0.05, 0.45).asin() } else { 0.45 };
            Rig { focus, yaw: s.bearing.to_radians() + std::f32::consts::PI, pitch, distance, plan: false }
        }
        View::Close(key) => {
            let tl = &stage.rite.timeline;
            // a thing of the court (a 侯, the 洗) is seen from the north, as the archers see it
            if tl.actor_index(key).is_none()
                && let Some(s) = court.solid(key)
            {
                let (x, z) = s.footprint.centre();
                let (mut size, mut y) = (s.footprint.width().max(s.height), s.base + s.lift + s.height / 2.0);
                // a 侯 is framed on its 中, above the lift, the lower tongue's band and the 躬
                if let crate::rite::model::ObjectKind::Target { zhong, gong, .. } = &s.kind {
                    let (zhong, gong) = (zhong.metres(court.chi_m), gong.metres(court.chi_m));
                    (size, y) = (zhong * 2.5 + gong, s.base + s.lift + gong + zhong / 2.0);
                }
                let focus = Vec3::new(x, y, z);
                return Rig { focus, yaw: std::f32::consts::PI - 0.6, pitch: 0.12, distance: size * 1.4 + 2.0, plan: false };
            }
            let i = tl.actor_index(key).or(selection.0).unwrap_or(0);
            let (focus, yaw) = super::close_view::aim(&tl.state_at(head.t), i, |eye, at| super::sight::walled_off(&tl.court, eye, at));
            Rig { focus, yaw, pitch: super::close_view::PITCH, distance: super::close_view::DISTANCE, plan: false }
        }
    }
}

fn spawn(
    mut commands: Commands,
    stage: Res<Stage>,
    head: Res<Playhead>,
    launch: Res<Launch>,
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

/// How much of the ground a plan camera at distance d shows across its shorter side: d × this.
const PLAN_SPAN: f32 = 0.55;

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
    typing: Res<super::playback::UiWantsKeyboard>,
    mut aim: ResMut<CameraAim>,
    mut moved: MessageWriter<Moved>,
) {
    if !typing.0 {
        for (key, view) in [
            (KeyCode::Digit1, View::Overview),
            (KeyCode::Digit2, View::Plan),
            (KeyCode::Digit3, View::Hall),
            (KeyCode::Digit4, View::Gate),
            (KeyCode::Digit5, View::Follow(String::new())),
            (KeyCode::Digit6, View::Director),
        ] {
            if keys.just_pressed(key) {
                set_view(&mut aim, view, &stage, &head, &selection);
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
        moved.write(Moved);
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
    if !s.present || aim.now.plan || matches!(aim.view, View::Follow(_)) || super::director::in_view(&aim.goal, at) {
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
    mut director: ResMut<super::director::Director>,
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
    mut moved: MessageWriter<Moved>,
    mut settled_now: MessageWriter<super::stage::Settled>,
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
    if next != now {
        moved.write(Moved);
        if settled {
            settled_now.write(super::stage::Settled);
        }
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
