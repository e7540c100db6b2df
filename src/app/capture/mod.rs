//! Pictures taken rather than a window used: one frame (`sheli render`), a film of a span
//! (`sheli clip`), and the scripted test run that drives the window (`automation`).

pub(crate) mod automation;
pub mod clip;
mod drawn;
mod render;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((automation::plugin, render::plugin, clip::plugin));
}
