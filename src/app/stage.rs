//! The rite being shown and where in it we are.

use bevy::prelude::*;

use crate::rite::Rite;
use crate::rite::timeline::pace::{Pace, PaceMap};
use crate::rite::timeline::query::BeatRef;

/// The compiled rite, the files it came from, and the pace it plays at (the viewing clock).
#[derive(Resource)]
pub struct Stage {
    pub rite: Rite,
    pub file: String,
    pub files: Vec<String>,
    pub pace: PaceMap,
}

impl Stage {
    /// A stage playing in real time (the viewer chooses film pace with [`Stage::set_pace`]).
    pub fn new(rite: Rite, file: String, files: Vec<String>) -> Stage {
        let pace = PaceMap::new(&rite, Pace::Real);
        Stage { rite, file, files, pace }
    }

    pub fn set_pace(&mut self, pace: Pace) {
        self.pace = PaceMap::new(&self.rite, pace);
    }

    /// A new version of the rite, at the same pace.
    pub fn replace(&mut self, rite: Rite, files: Vec<String>) {
        self.rite = rite;
        self.files = files;
        self.set_pace(self.pace.pace);
    }
}

/// The playhead: seconds from the start of the rite.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Playhead {
    pub t: f32,
    pub playing: bool,
    pub speed: f32,
}

impl Default for Playhead {
    fn default() -> Self {
        Playhead { t: 0.0, playing: false, speed: 1.0 }
    }
}

/// The beat shown now, derived from the playhead each frame.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Now {
    pub beat: BeatRef,
}

/// The actor picked by a click or from the list.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Selection(pub Option<usize>);

/// The camera has come to rest after moving.
#[derive(Message, Debug, Clone, Copy)]
pub struct Settled;

/// How the app was started: a window for a person, one picture to take and leave (`sheli
/// render`), or a film of a span (`sheli clip`).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub enum Launch {
    #[default]
    Window,
    Picture(String),
    Film,
}

/// The order of the work that must be done before anything reads the moment, declared once:
/// a scene edited on disk is swapped in, the clock moves, the beat is derived from the playhead,
/// and then whatever follows the beat (the sound's position, figures rebuilt after a reload).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Frame {
    Reload,
    Clock,
    Beat,
    Derive,
}

/// Systems that serve a person at the window (sound, sleeping when idle): never run for a
/// picture or a film. The condition is carried by the set, so no system spells it again.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Interactive;

/// A person is at the window (headless tests, which insert no `Launch`, count as one).
pub fn interactive(launch: Option<Res<Launch>>) -> bool {
    launch.is_none_or(|l| *l == Launch::Window)
}

/// A film is being made: no panels, only the caption.
pub fn filming(launch: Option<Res<Launch>>) -> bool {
    launch.is_some_and(|l| *l == Launch::Film)
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Playhead>()
        .init_resource::<Now>()
        .init_resource::<Selection>()
        .add_message::<Settled>()
        .configure_sets(PreUpdate, (Frame::Reload, Frame::Clock, Frame::Beat, Frame::Derive).chain())
        .add_systems(PreUpdate, track_beat.in_set(Frame::Beat));
    app.configure_sets(Startup, Interactive.run_if(interactive))
        .configure_sets(Update, Interactive.run_if(interactive))
        .configure_sets(Last, Interactive.run_if(interactive));
}

fn track_beat(stage: Res<Stage>, head: Res<Playhead>, mut now: ResMut<Now>) {
    let beat = stage.rite.beat_at(head.t);
    if now.beat != beat {
        now.beat = beat;
    }
}

/// The language of the interface, the labels and the duty lines: one resource that every panel
/// and overlay reads.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Language(pub crate::rite::acts::deed::Lang);
