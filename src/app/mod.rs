//! The Bevy layer: a thin set of plugins that draw what the rite engine says. Every position
//! comes from `Timeline::state_at(t)` at the playhead; nothing here decides who goes where.

mod automation;
mod camera;
mod courtyard;
pub mod figures;
mod fonts;
mod highlight;
mod minimap;
mod overlay;
mod panel;
pub mod picking;
pub mod playback;
mod reload;
mod render;
pub mod stage;

pub use reload::{ReloadStatus, Watch};

use std::process::ExitCode;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;

use crate::cli::{DEFAULT_SCENE, OpenArgs};

pub use camera::View;
pub use stage::{Playhead, Stage};

/// How the app was started: a window to use, or one picture to take and leave.
#[derive(Resource, Clone, Debug, Default)]
pub struct Launch {
    pub view: View,
    pub select: Option<String>,
    /// `Some(path)`: draw the moment, save a PNG there, exit
    pub render_to: Option<String>,
}

/// The plugins that need no GPU: the stage, the playhead and the world's state. Headless tests
/// use these with `MinimalPlugins`.
pub fn logic_plugins(app: &mut App) {
    app.add_plugins((stage::plugin, playback::plugin, reload::plugin, figures::plugin, picking::plugin));
}

fn window_size(spec: Option<&str>) -> Result<(u32, u32), String> {
    let Some(s) = spec else { return Ok((1280, 720)) };
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(|| format!("--window {s}: expected WxH, e.g. 1280x720"))?;
    let w: u32 = w.trim().parse().map_err(|_| format!("--window {s}: bad width"))?;
    let h: u32 = h.trim().parse().map_err(|_| format!("--window {s}: bad height"))?;
    if !(64..=8192).contains(&w) || !(64..=8192).contains(&h) {
        return Err(format!("--window {s}: sizes must be between 64 and 8192"));
    }
    Ok((w, h))
}

/// Opens the viewer (or, with `render_to`, takes one picture).
pub fn run(open: OpenArgs, render_to: Option<String>) -> ExitCode {
    let scene = open.scene.clone().unwrap_or_else(|| DEFAULT_SCENE.to_string());
    let loaded = match crate::rite::load::load_scene(&scene) {
        Ok(l) => l,
        Err(e) => {
            eprint!("{e}");
            return ExitCode::from(1);
        }
    };
    let file = loaded.files[0].clone();
    let loaded_files = loaded.files.clone();
    let start = if open.at.given() {
        match open.at.resolve(&loaded.rite) {
            // just inside the beat, so the clause shown is the one named
            Ok((t, beat)) => (t - 1e-3).max(loaded.rite.beat(beat).start),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        }
    } else {
        0.0
    };
    let view = match open.view.as_deref().map(View::parse).transpose() {
        Ok(v) => v.unwrap_or_default(),
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let (w, h) = match window_size(open.window.as_deref()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(key) = &open.select
        && loaded.rite.timeline.actor_index(key).is_none()
    {
        eprintln!("error: no actor `{key}` (by id, name or alias)");
        return ExitCode::from(2);
    }
    let rendering = render_to.is_some();
    let title = format!("射礼 · {} · {}", loaded.rite.title, loaded.rite.title_en);
    let mut app = App::new();
    app.insert_resource(ClearColor(Color::srgb(0.70, 0.78, 0.86)))
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title,
                        // `sheli render` draws off screen: the window is never shown
                        visible: !rendering,
                        resolution: WindowResolution::new(w, h).with_scale_factor_override(1.0),
                        ..default()
                    }),
                    ..default()
                })
                .set(bevy::log::LogPlugin { level: bevy::log::Level::WARN, ..default() }),
        )
        .add_plugins((EguiPlugin::default(), MeshPickingPlugin))
        // the rite moves while it plays, focused or not (and frame times compare fairly)
        .insert_resource(bevy::winit::WinitSettings::continuous())
        .insert_resource(Stage::new(loaded.rite, file, loaded.files.clone()))
        .insert_resource(Playhead { t: start, playing: !open.paused && !rendering, speed: 1.0 })
        .insert_resource(Launch { view, select: open.select.clone(), render_to })
        .insert_resource(panel::English(open.english))
        .insert_resource(overlay::LabelSettings { english: open.english, ..default() });
    if let Some(watch) = Watch::new(&scene, &loaded_files, 0.5) {
        app.insert_resource(watch);
    }
    logic_plugins(&mut app);
    app.add_plugins((
        fonts::plugin,
        courtyard::plugin,
        figures::draw_plugin,
        camera::plugin,
        overlay::plugin,
        panel::plugin,
        highlight::plugin,
        minimap::plugin,
        automation::plugin,
        render::plugin,
    ));
    app.run();
    ExitCode::SUCCESS
}
