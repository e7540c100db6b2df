//! With SHELI_AUTOMATION=FILE the app reports what a tester needs as JSON lines: `ready`, the
//! actors' screen positions (`actors`), `selected`, `step` and `frame_stats`.

use std::io::Write;

use bevy::prelude::*;
use serde_json::json;

use crate::app::camera::MainCamera;
use crate::app::stage::{Now, Playhead, Selection, Stage};

#[derive(Resource)]
struct Report {
    path: String,
    frames: u32,
    ready: bool,
    last_selection: Option<Option<usize>>,
    last_step: Option<usize>,
    last_beat: Option<crate::rite::timeline::query::BeatRef>,
    last_hover: Option<Option<usize>>,
    /// what puts people where they are on screen: the camera, and the playhead when it was
    /// moved by hand (a seek, a step); a change writes the people's screen positions again
    last_screen: Option<(Mat4, f32)>,
    frame_times: Vec<f32>,
    since_stats: f32,
}

/// Frames to wait before the scene counts as drawn (meshes uploaded, fonts laid out).
pub const READY_AFTER_FRAMES: u32 = 8;

pub(super) fn plugin(app: &mut App) {
    // a test's stand-in for a slow machine: every frame takes at least this long
    if let Some(ms) = std::env::var("SHELI_SLOW_FRAMES_MS").ok().and_then(|v| v.parse::<u64>().ok()) {
        app.add_systems(Last, move || std::thread::sleep(std::time::Duration::from_millis(ms)));
    }
    if let Ok(path) = std::env::var("SHELI_AUTOMATION") {
        app.insert_resource(Report {
            path,
            frames: 0,
            ready: false,
            last_selection: None,
            last_step: None,
            last_beat: None,
            last_hover: None,
            last_screen: None,
            frame_times: Vec::new(),
            since_stats: 0.0,
        })
        .add_systems(Last, report);
    }
}

pub fn write(path: &str, v: serde_json::Value) {
    if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
        let _ = writeln!(f, "{v}");
    }
}

#[allow(clippy::too_many_arguments)]
fn report(
    mut r: ResMut<Report>,
    // real time: virtual time clamps a slow frame to 250 ms
    time: Res<Time<Real>>,
    stage: Res<Stage>,
    head: Res<Playhead>,
    now: Res<Now>,
    selection: Res<Selection>,
    hovered: Res<crate::app::picking::Hovered>,
    mut settled: MessageReader<crate::app::stage::Settled>,
    window: Single<&Window>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
) {
    r.frames += 1;
    let path = r.path.clone();
    // every frame drawn, for a test of the paused viewer's sleep
    if std::env::var_os("SHELI_AUTOMATION_TICKS").is_some() {
        write(&path, json!({"event": "tick", "frame": r.frames}));
    }
    let (cam, tf) = *camera;
    // while it plays the playhead moves every frame: only a seek or a step counts as a move
    let screen = (tf.to_matrix(), if head.playing { r.last_screen.map_or(head.t, |s| s.1) } else { head.t });
    let moved_now = r.last_screen.is_some_and(|s| s != screen) || stage.is_changed() || selection.is_changed();
    r.last_screen = Some(screen);
    let actors = || {
        let tl = &stage.rite.timeline;
        let list: Vec<serde_json::Value> = (0..tl.actors.len())
            .map(|i| {
                let s = tl.actor_at(i, head.t);
                let centre = Vec3::new(s.pos[0], s.pos[1] + 0.9, s.pos[2]);
                let screen = cam.world_to_viewport(tf, centre).ok();
                let inside = screen.is_some_and(|p| cam.logical_viewport_rect().is_some_and(|r| r.contains(p)));
                json!({
                    "id": tl.actors[i].id, "name": tl.actors[i].name,
                    "screen": screen.map(|p| [p.x.round(), p.y.round()]),
                    "visible": s.present && inside,
                })
            })
            .collect();
        json!({"event": "actors", "actors": list, "time": head.t})
    };
    if !r.ready {
        if r.frames >= READY_AFTER_FRAMES {
            r.ready = true;
            let step = &stage.rite.steps[now.beat.step];
            write(
                &path,
                json!({"event": "ready", "window": [window.width(), window.height()], "step": step.id, "index": now.beat.step, "beat": now.beat.beat}),
            );
            write(&path, actors());
            r.last_step = Some(now.beat.step);
            r.last_beat = Some(now.beat);
            r.last_selection = Some(selection.0);
        }
        return;
    }
    if r.last_beat != Some(now.beat) {
        r.last_beat = Some(now.beat);
        write(
            &path,
            json!({"event": "beat", "step": stage.rite.steps[now.beat.step].id, "index": now.beat.step, "beat": now.beat.beat, "text": stage.rite.beat(now.beat).text}),
        );
    }
    if r.last_hover != Some(hovered.0) {
        r.last_hover = Some(hovered.0);
        write(&path, json!({"event": "hover", "actor": hovered.0.map(|i| stage.rite.timeline.actors[i].id.clone())}));
    }
    if r.last_step != Some(now.beat.step) {
        r.last_step = Some(now.beat.step);
        write(&path, json!({"event": "step", "step": stage.rite.steps[now.beat.step].id, "index": now.beat.step, "beat": now.beat.beat}));
    }
    if r.last_selection != Some(selection.0) {
        r.last_selection = Some(selection.0);
        let v = match selection.0 {
            Some(i) => {
                json!({"event": "selected", "actor": stage.rite.timeline.actors[i].id, "name": stage.rite.timeline.actors[i].name, "duties": stage.rite.duties(i).len()})
            }
            None => json!({"event": "selected", "actor": null}),
        };
        write(&path, v);
    }
    // where everyone is on screen once the camera is at rest, then that it is at rest: a test
    // clicking someone after `settled` finds him where he is drawn
    let settled_now = settled.read().count() > 0;
    if moved_now || settled_now {
        write(&path, actors());
    }
    if settled_now {
        write(&path, json!({"event": "settled"}));
    }
    let dt = time.delta_secs();
    r.frame_times.push(dt * 1000.0);
    r.since_stats += dt;
    if r.since_stats >= 5.0 && head.playing {
        let mut v = std::mem::take(&mut r.frame_times);
        v.sort_by(f32::total_cmp);
        let p = |q: f32| v[((v.len() - 1) as f32 * q) as usize];
        let mean: f32 = v.iter().sum::<f32>() / v.len() as f32;
        write(&path, json!({"event": "frame_stats", "fps": 1000.0 / mean, "frame_ms_p50": p(0.5), "frame_ms_p95": p(0.95)}));
        r.since_stats = 0.0;
    } else if r.since_stats >= 5.0 {
        r.frame_times.clear();
        r.since_stats = 0.0;
    }
}
