//! What is drawn over the court rather than in a panel: the people's labels, the minimap, the
//! score and the music card, and a clip's burnt-in caption.

pub(crate) mod caption;
pub(crate) mod labels;
mod minimap;
mod music_card;
mod score;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((labels::plugin, minimap::plugin, music_card::plugin, score::plugin));
}
