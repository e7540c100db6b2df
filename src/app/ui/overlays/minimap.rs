//! A small plan of the whole courtyard in a corner of the 3D view: everyone at once, as dots.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::camera::Margins;
use crate::app::stage::{Playhead, Selection, Stage};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw.in_set(crate::app::ui::UiSystems::Overlays).run_if(not(crate::app::stage::filming)));
}

fn draw(
    mut contexts: EguiContexts,
    stage: Res<Stage>,
    head: Res<Playhead>,
    selection: Res<Selection>,
    margins: Res<Margins>,
    window: Single<&Window>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let court = &stage.rite.timeline.court;
    let g = court.ground;
    // the court proper: from the hall's back to the far end of the targets and gate
    let (x0, x1, z0, z1) = (g.x0, g.x1, court.hall.z0 - 2.0, g.z1);
    // a small window gets a small map, and none when the scene itself has little room
    let h = ((window.height() - margins.bottom - margins.top) * 0.3).clamp(80.0, 170.0);
    if window.width() - margins.left - margins.right < 480.0 {
        return Ok(());
    }
    let w = (h * (x1 - x0) / (z1 - z0)).clamp(40.0, 160.0);
    let right = window.width() - margins.right - 10.0;
    let bottom = window.height() - margins.bottom - 10.0;
    let rect = egui::Rect::from_min_max(egui::pos2(right - w, bottom - h), egui::pos2(right, bottom));
    if rect.left() < margins.left + 40.0 {
        return Ok(());
    }
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Foreground, egui::Id::new("minimap")));
    painter.rect_filled(rect, 4.0, egui::Color32::from_rgba_unmultiplied(250, 246, 236, 220));
    painter.rect_stroke(rect, 4.0, egui::Stroke::new(1.0, egui::Color32::from_rgb(140, 120, 100)), egui::StrokeKind::Inside);
    let at = |x: f32, z: f32| egui::pos2(rect.left() + (x - x0) / (x1 - x0) * w, rect.top() + (z - z0) / (z1 - z0) * h);
    let b = court.hall;
    painter.rect_filled(egui::Rect::from_two_pos(at(b.x0, b.z0), at(b.x1, b.z1)), 0.0, egui::Color32::from_rgb(200, 190, 170));
    for s in &court.solids {
        if matches!(
            s.kind,
            crate::rite::scene::model::ObjectKind::Target { .. }
                | crate::rite::scene::model::ObjectKind::CourtWall
                | crate::rite::scene::model::ObjectKind::Gate
        ) {
            let f = s.footprint;
            painter.rect_filled(
                egui::Rect::from_two_pos(at(f.x0, f.z0), at(f.x1, f.z1)).expand(0.5),
                0.0,
                egui::Color32::from_rgb(120, 90, 60),
            );
        }
    }
    let tl = &stage.rite.timeline;
    for i in 0..tl.actors.len() {
        let s = tl.actor_at(i, head.t);
        if !s.present {
            continue;
        }
        let c = crate::app::figures::robe_colour(tl.actors[i].dress).to_srgba();
        let colour = egui::Color32::from_rgb((c.red * 255.0) as u8, (c.green * 255.0) as u8, (c.blue * 255.0) as u8);
        let r = if selection.0 == Some(i) { 3.5 } else { 2.2 };
        painter.circle_filled(at(s.pos[0], s.pos[2]), r, colour);
    }
    Ok(())
}
