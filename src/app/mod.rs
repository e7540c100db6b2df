//! The Bevy layer: a thin set of plugins that draw what the rite engine says. Every position
//! comes from `Timeline::state_at(t)` at the playhead; nothing here decides who goes where.

pub mod camera;
pub mod capture;
pub mod figures;
mod idle;
pub mod picking;
pub mod playback;
mod reload;
pub mod sound;
pub mod stage;
pub mod ui;
mod world;

pub use reload::{ReloadStatus, Watch};
pub use ui::NotesView;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;

use crate::rite::acts::deed::Lang;
use stage::{Language, Launch};

pub use camera::{View, msaa as camera_msaa};
pub use stage::{Playhead, Stage};

/// The plugins that need no GPU: the stage, the playhead and the world's state. Headless tests
/// use these with `MinimalPlugins`.
pub fn logic_plugins(app: &mut App) {
    app.add_plugins((stage::plugin, playback::plugin, reload::plugin, figures::plugin, picking::plugin, ui::readings::plugin));
}

/// Everything the viewer is started with, already checked by the caller (the CLI): the app
/// neither validates arguments nor exits the process.
pub struct Viewer {
    pub loaded: crate::rite::scene::load::Loaded,
    /// the name the scene was opened by: a path on disk is watched for edits
    pub scene: String,
    /// where the playhead starts, in seconds
    pub start: f32,
    pub paused: bool,
    pub view: View,
    /// an actor id, name or alias that exists
    pub select: Option<String>,
    pub window: (u32, u32),
    pub english: bool,
    /// how the commentaries are shown at the start
    pub notes: NotesView,
    /// `Some(path)`: draw the moment, save a PNG there, leave
    pub render_to: Option<String>,
    /// film a span instead (`sheli clip`)
    pub clip: Option<capture::clip::Clip>,
    /// the viewing clock: film pace (the default) or real time
    pub pace: crate::rite::timeline::pace::Pace,
}

/// Opens the viewer (or, with `render_to`, takes one picture) and runs it until it is closed.
pub fn run(v: Viewer) -> AppExit {
    let Viewer { loaded, scene, start, paused, view, select, window: (w, h), english, notes, render_to, clip, pace } = v;
    let file = loaded.files[0].clone();
    let loaded_files = loaded.files.clone();
    let rendering = render_to.is_some() || clip.is_some();
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
        .insert_resource({
            let mut stage = Stage::new(loaded.rite, file, loaded.files);
            stage.set_pace(pace);
            stage
        })
        .insert_resource(Playhead { t: start, playing: !paused && !rendering, speed: 1.0 })
        .insert_resource(camera::StartView { view, select })
        .insert_resource(match (&render_to, &clip) {
            (Some(path), _) => Launch::Picture(path.clone()),
            (None, Some(_)) => Launch::Film,
            (None, None) => Launch::Window,
        })
        .insert_resource(Language(Lang::of(english)))
        .insert_resource(notes);
    if let Some(clip) = clip {
        // a clip's clock is stepped by hand: one frame, one fixed step, however long it takes to draw
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(std::time::Duration::from_secs_f64(1.0 / f64::from(clip.fps))));
        app.insert_resource(clip);
    } else if let Some(watch) = Watch::new(&scene, &loaded_files, 0.5) {
        app.insert_resource(watch);
    }
    logic_plugins(&mut app);
    app.add_plugins((
        world::plugin,
        figures::draw_plugin,
        camera::plugin,
        ui::plugin,
        capture::plugin,
        idle::plugin,
        sound::plugin,
        picking::click_plugin,
    ));
    app.run()
}
