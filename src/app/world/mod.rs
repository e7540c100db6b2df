//! The court and what stands in it for the whole rite: the buildings, the stairs and pillars, the
//! furniture, the targets and the sight lines drawn over the court.

mod courtyard;
mod furniture;
pub(crate) mod sight;
mod target;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(courtyard::plugin);
}
