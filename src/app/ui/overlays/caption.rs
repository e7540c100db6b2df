//! For a clip: no panels, only the clause burnt in at the bottom (and its English in EN mode).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::app::camera::Margins;
use crate::app::stage::{Language, Now, Stage};
use crate::app::ui::style::{DONE, INK};

/// For a clip: no panels, only the clause burnt in at the bottom (and its English in EN mode).
pub(in crate::app::ui) fn caption(
    mut contexts: EguiContexts,
    stage: Res<Stage>,
    now: Res<Now>,
    language: Res<Language>,
    mut margins: ResMut<Margins>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    *margins = Margins::default();
    let step = &stage.rite.steps[now.beat.step];
    let clause = &stage.rite.beat(now.beat).text;
    let frame =
        egui::Frame::NONE.fill(egui::Color32::from_rgba_unmultiplied(250, 246, 236, 225)).inner_margin(egui::Margin::symmetric(12, 6));
    // sized to the frame: a small clip keeps most of its picture
    let view = ctx.viewport_rect();
    let size = (view.height() / 18.0).clamp(9.0, 22.0);
    let width = view.width() - 40.0;
    egui::Area::new("caption".into()).anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -4.0)).show(ctx, |ui| {
        frame.show(ui, |ui| {
            ui.set_max_width(width);
            ui.label(egui::RichText::new(clause).size(size).color(INK));
            if language.0.is_english() {
                // two lines of the step's English at most
                let fits = (2.0 * width / (size * 0.6 * 0.5)) as usize;
                let en: String = step.translation_en.chars().take(fits).collect();
                let en = if en.len() < step.translation_en.len() { format!("{}…", en.trim_end()) } else { en };
                ui.label(egui::RichText::new(en).size(size * 0.6).color(DONE));
            }
        });
    });
    Ok(())
}
