//! The egui layer: the bar and the text panel, the inspector, search, glossary, commentary and
//! readings, and the overlays drawn over the court. Panels read the stage and return what the
//! user asked for; nothing here moves anyone.

pub mod action;
mod commentary;
mod fonts;
mod glossary;
pub(crate) mod highlight;
pub(crate) mod overlays;
mod panels;
pub mod readings;
pub(crate) mod style;

pub use commentary::NotesView;

use bevy::prelude::*;

/// The order of the egui passes: the panels first (they claim the window's edges), then what is
/// drawn over the 3D view (labels, the minimap).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UiSystems {
    Panels,
    /// what the panels asked for, applied at once
    Apply,
    Overlays,
}

pub(super) fn plugin(app: &mut App) {
    use bevy_egui::EguiPrimaryContextPass as Pass;
    app.configure_sets(Pass, (UiSystems::Panels, UiSystems::Apply, UiSystems::Overlays).chain())
        .add_message::<action::UiAction>()
        .add_systems(Pass, action::apply.in_set(UiSystems::Apply));
    app.add_plugins((fonts::plugin, panels::plugin, highlight::plugin, overlays::plugin));
}
