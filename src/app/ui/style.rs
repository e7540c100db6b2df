//! The look shared by the panels: paper and ink (the words of the two languages are `Lang::pick`).

use bevy_egui::egui;

pub(super) const INK: egui::Color32 = egui::Color32::from_rgb(40, 30, 24);
pub(super) const DONE: egui::Color32 = egui::Color32::from_rgb(120, 110, 100);
pub(super) const NOW: egui::Color32 = egui::Color32::from_rgb(176, 32, 24);
pub(super) const PAPER: egui::Color32 = egui::Color32::from_rgb(250, 246, 236);
