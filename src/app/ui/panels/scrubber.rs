//! The bottom bar's clock and scrubber: the whole rite as a bar of section bands and step ticks
//! with the playhead, in viewing time (the pace's clock).

use bevy_egui::egui;

use crate::app::stage::Stage;
use crate::app::ui::style::{DONE, NOW};

pub(super) fn clock(t: f32) -> String {
    let s = t.max(0.0) as u32;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// The whole rite as a bar: section bands, step ticks, the playhead; drag or click to seek.
/// The scrubber runs in viewing time (the pace's clock); it returns the rite time sought.
pub(super) fn scrubber(ui: &mut egui::Ui, stage: &Stage, t: f32) -> Option<f32> {
    let rite = &stage.rite;
    let pace = &stage.pace;
    let total = pace.duration().max(1.0);
    let (rect, response) = ui.allocate_exact_size(egui::vec2(ui.available_width(), 30.0), egui::Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    let x_of = |t: f32| rect.left() + rect.width() * (pace.to_view(t) / total);
    let mut last = "";
    let mut band = 0;
    for s in &rite.steps {
        if s.section != last {
            last = &s.section;
            band += 1;
        }
        let shade = if band % 2 == 0 { egui::Color32::from_rgb(232, 220, 196) } else { egui::Color32::from_rgb(214, 198, 168) };
        painter.rect_filled(egui::Rect::from_x_y_ranges(x_of(s.start)..=x_of(s.end), rect.y_range()), 0.0, shade);
        painter.line_segment(
            [egui::pos2(x_of(s.start), rect.bottom() - 6.0), egui::pos2(x_of(s.start), rect.bottom())],
            egui::Stroke::new(1.0, DONE),
        );
    }
    let x = x_of(t);
    painter.line_segment([egui::pos2(x, rect.top()), egui::pos2(x, rect.bottom())], egui::Stroke::new(3.0, NOW));
    let mut out = None;
    if let Some(p) = response.interact_pointer_pos()
        && (response.dragged() || response.clicked())
    {
        out = Some(pace.to_rite(((p.x - rect.left()) / rect.width()).clamp(0.0, 1.0) * total));
    }
    if let Some(p) = response.hover_pos() {
        let ht = pace.to_rite(((p.x - rect.left()) / rect.width()).clamp(0.0, 1.0) * total);
        let r = rite.beat_at(ht);
        let s = &rite.steps[r.step];
        let first: String = s.text().chars().take(16).collect();
        response.on_hover_text(format!("{} · {}…", s.section, first));
    }
    out
}
