//! The Bevy layer: a thin set of plugins that draw what the rite engine says. Every position
//! comes from `Timeline::state_at(t)` at the playhead; nothing here decides who goes where.

mod alsa;
mod automation;
mod body;
mod bow;
mod camera;
mod caption;
mod carry;
pub mod clip;
mod close_view;
mod commentary_view;
pub mod readings_view;
pub use commentary_view::NotesView;
mod courtyard;
pub mod director;
pub mod figures;
mod fonts;
mod furniture;
mod glossary_view;
mod highlight;
mod idle;
mod inspector;
mod minimap;
mod music_view;
mod overlay;
mod panel;
pub mod picking;
pub mod playback;
pub mod posture;
mod presets;
mod reload;
mod render;
mod rig;
mod score_view;
mod scrubber;
mod search_view;
mod sight;
pub mod sound;
pub mod stage;
mod style;
mod target;
mod things;

pub use reload::{ReloadStatus, Watch};

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::{EguiPlugin, EguiPrimaryContextPass};

use crate::rite::deed::Lang;
use stage::{Language, UiSystems};

pub use camera::{View, msaa as camera_msaa};
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
    app.add_plugins((stage::plugin, playback::plugin, reload::plugin, figures::plugin, picking::plugin, readings_view::plugin));
}

/// Everything the viewer is started with, already checked by the caller (the CLI): the app
/// neither validates arguments nor exits the process.
pub struct Viewer {
    pub loaded: crate::rite::load::Loaded,
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
    pub clip: Option<clip::Clip>,
    /// the viewing clock: film pace (the default) or real time
    pub pace: crate::rite::pace::Pace,
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
        .insert_resource(Launch { view, select, render_to })
        .insert_resource(Language(if english { Lang::En } else { Lang::Zh }))
        .insert_resource(notes)
        .configure_sets(EguiPrimaryContextPass, (UiSystems::Panels, UiSystems::Overlays).chain());
    if let Some(clip) = clip {
        // a clip's clock is stepped by hand: one frame, one fixed step, however long it takes to draw
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(std::time::Duration::from_secs_f64(1.0 / f64::from(clip.fps))));
        app.insert_resource(clip);
    } else if let Some(watch) = Watch::new(&scene, &loaded_files, 0.5) {
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
        clip::plugin,
        idle::plugin,
    ));
    app.add_plugins((sound::plugin, music_view::plugin, picking::click_plugin, score_view::plugin));
    app.run()
}
