//! The rite being shown and where in it we are.

use bevy::prelude::*;

use crate::rite::Rite;
use crate::rite::pace::{Pace, PaceMap};
use crate::rite::query::BeatRef;

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

/// Tells the rest of the app that the view changed in a way that moves actors on screen.
#[derive(Message, Debug, Clone, Copy)]
pub struct Moved;

/// The camera has come to rest after moving.
#[derive(Message, Debug, Clone, Copy)]
pub struct Settled;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Playhead>()
        .init_resource::<Now>()
        .init_resource::<Selection>()
        .add_message::<Moved>()
        .add_message::<Settled>()
        .add_systems(PreUpdate, track_beat);
}

pub(super) fn track_beat(stage: Res<Stage>, head: Res<Playhead>, mut now: ResMut<Now>) {
    let beat = stage.rite.beat_at(head.t);
    if now.beat != beat {
        now.beat = beat;
    }
}

/// The language of the interface, the labels and the duty lines: one resource that every panel
/// and overlay reads.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Language(pub crate::rite::deed::Lang);

impl Language {
    pub fn english(self) -> bool {
        self.0 == crate::rite::deed::Lang::En
    }
}

/// The order of the egui passes: the panels first (they claim the window's edges), then what is
/// drawn over the 3D view (labels, the minimap).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UiSystems {
    Panels,
    Overlays,
}
