//! The look and words shared by the panels: paper, ink, and the two languages of the interface.

use bevy_egui::egui;

/// The interface's word in Chinese or in English.
pub(super) fn tr(en: bool, zh: &'static str, english: &'static str) -> &'static str {
    if en { english } else { zh }
}

pub(super) const INK: egui::Color32 = egui::Color32::from_rgb(40, 30, 24);
pub(super) const DONE: egui::Color32 = egui::Color32::from_rgb(120, 110, 100);
pub(super) const NOW: egui::Color32 = egui::Color32::from_rgb(176, 32, 24);
pub(super) const PAPER: egui::Color32 = egui::Color32::from_rgb(250, 246, 236);
