//! The running score, in a card at the top right of the scene, once tallies are laid (释获):
//! the tallies of each side, and what the 释获者 will say of them (「右贤于左，一纯一奇」,
//! 「左右钧」), which decides who drinks (饮不胜者).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::camera::Margins;
use crate::app::stage::{Language, Playhead, Stage};
use crate::app::ui::style::{INK, NOW, PAPER};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw.in_set(crate::app::ui::UiSystems::Overlays));
}

fn draw(
    mut contexts: EguiContexts,
    stage: Res<Stage>,
    head: Res<Playhead>,
    language: Res<Language>,
    margins: Res<Margins>,
    window: Single<&Window>,
) -> Result {
    let Some(score) = stage.rite.score_at(head.t) else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let lang = language.0;
    let pos = egui::pos2(window.width() - margins.right - 10.0, margins.top + 10.0);
    egui::Area::new(egui::Id::new("score")).fixed_pos(pos).pivot(egui::Align2::RIGHT_TOP).show(ctx, |ui| {
        egui::Frame::popup(ui.style()).fill(PAPER).show(ui, |ui| {
            ui.label(egui::RichText::new(lang.pick("释获", "Tallies")).strong().color(NOW));
            let row = |ui: &mut egui::Ui, zh: &'static str, english: &'static str, n: usize| {
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(lang.pick(zh, english)).color(INK));
                    // the tallies themselves, by pairs (纯)
                    let sticks: String = (0..n).map(|k| if k % 2 == 1 { "| " } else { "|" }).collect();
                    ui.label(egui::RichText::new(sticks).monospace().color(INK));
                    ui.label(egui::RichText::new(n.to_string()).strong().color(INK));
                });
            };
            row(ui, "右（上射）", "right (upper archers)", score.right);
            row(ui, "左（下射）", "left (lower archers)", score.left);
            let verdict = if lang.is_english() { score.verdict_en() } else { score.verdict() };
            ui.label(egui::RichText::new(verdict).strong().color(NOW));
        });
    });
    Ok(())
}
