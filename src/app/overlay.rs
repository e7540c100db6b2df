//! Name labels over heads (and object labels with L), drawn by egui at each figure's projected
//! position; labels that would overlap a nearer one are left out so nothing piles up.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::camera::{CameraAim, MainCamera};
use super::figures::ActorFigure;
use super::stage::{Language, Playhead, Selection, Stage, UiSystems};

#[derive(Resource, Debug, Clone, Copy)]
pub struct LabelSettings {
    pub actors: bool,
    pub objects: bool,
}

impl Default for LabelSettings {
    fn default() -> Self {
        LabelSettings { actors: true, objects: false }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LabelSettings>().add_systems(Update, toggles).add_systems(EguiPrimaryContextPass, draw.in_set(UiSystems::Overlays));
}

fn toggles(keys: Res<ButtonInput<KeyCode>>, typing: Res<super::playback::UiWantsKeyboard>, mut s: ResMut<LabelSettings>) {
    if typing.0 {
        return;
    }
    if keys.just_pressed(KeyCode::KeyL) {
        s.objects = !s.objects;
    }
    if keys.just_pressed(KeyCode::KeyN) {
        s.actors = !s.actors;
    }
}

/// Screen position (logical pixels, window origin) of a world point, if in front of the camera.
pub fn project(cam: &Camera, tf: &GlobalTransform, p: Vec3) -> Option<Vec2> {
    cam.world_to_viewport(tf, p).ok()
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    stage: Res<Stage>,
    head: Res<Playhead>,
    settings: Res<LabelSettings>,
    language: Res<Language>,
    selection: Res<Selection>,
    aim: Res<CameraAim>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    figures: Query<&ActorFigure>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (cam, tf) = *camera;
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Background, egui::Id::new("labels")));
    let clip = cam.logical_viewport_rect().map(|r| egui::Rect::from_min_max(egui::pos2(r.min.x, r.min.y), egui::pos2(r.max.x, r.max.y)));
    let painter = match clip {
        Some(c) => painter.with_clip_rect(c),
        None => painter,
    };
    let tl = &stage.rite.timeline;
    let eye = tf.translation();
    let mut taken: Vec<egui::Rect> = Vec::new();
    let font = egui::FontId::proportional(if aim.now.plan { 13.0 } else { 14.0 });
    // nearest first, the selected actor before all
    let mut order: Vec<(f32, usize)> = figures
        .iter()
        .filter_map(|f| {
            let s = tl.actor_at(f.0, head.t);
            s.present.then(|| (Vec3::from_array(s.pos).distance(eye) - if selection.0 == Some(f.0) { 1e6 } else { 0.0 }, f.0))
        })
        .collect();
    order.sort_by(|a, b| a.0.total_cmp(&b.0));
    if settings.actors {
        for (_, i) in order {
            let s = tl.actor_at(i, head.t);
            let a = &tl.actors[i];
            let top = Vec3::new(s.pos[0], s.pos[1] + 1.75, s.pos[2]);
            let Some(p) = project(cam, tf, top) else { continue };
            let name = if language.english() && !a.en.is_empty() { a.en.clone() } else { a.name.clone() };
            let galley = painter.layout_no_wrap(name, font.clone(), egui::Color32::from_rgb(30, 24, 20));
            let rect = egui::Rect::from_center_size(egui::pos2(p.x, p.y - 8.0), galley.size() + egui::vec2(8.0, 2.0));
            let selected = selection.0 == Some(i);
            if !selected && taken.iter().any(|r| r.intersects(rect)) {
                continue;
            }
            taken.push(rect);
            let fill =
                if selected { egui::Color32::from_rgb(255, 226, 140) } else { egui::Color32::from_rgba_unmultiplied(255, 252, 244, 215) };
            painter.rect_filled(rect, 3.0, fill);
            painter.galley(rect.min + egui::vec2(4.0, 1.0), galley, egui::Color32::BLACK);
            if aim.now.plan {
                // 仪礼图 style: a marker with an arrow for the facing
                let c = project(cam, tf, Vec3::from_array(s.pos)).unwrap_or(p);
                let (dx, dz) = crate::rite::timeline::bearing_vector(s.bearing);
                let tip = project(cam, tf, Vec3::new(s.pos[0] + dx * 0.9, s.pos[1], s.pos[2] + dz * 0.9)).unwrap_or(c);
                let colour = egui::Color32::from_rgb(150, 30, 20);
                painter.circle_stroke(egui::pos2(c.x, c.y), 5.0, egui::Stroke::new(2.0, colour));
                painter.arrow(egui::pos2(c.x, c.y), egui::vec2(tip.x - c.x, tip.y - c.y), egui::Stroke::new(2.0, colour));
            }
        }
    }
    if settings.objects || aim.now.plan {
        for s in &tl.court.solids {
            if matches!(s.kind, crate::rite::model::ObjectKind::CourtWall) {
                continue;
            }
            let (x, z) = s.footprint.centre();
            let Some(p) = project(cam, tf, Vec3::new(x, s.base + s.lift + s.height + 0.2, z)) else { continue };
            let text = if language.english() && !s.en.is_empty() { s.en.clone() } else { s.id.clone() };
            let galley = painter.layout_no_wrap(text, egui::FontId::proportional(12.0), egui::Color32::from_rgb(60, 40, 20));
            let rect = egui::Rect::from_center_size(egui::pos2(p.x, p.y), galley.size() + egui::vec2(6.0, 2.0));
            if taken.iter().any(|r| r.intersects(rect)) {
                continue;
            }
            taken.push(rect);
            painter.rect_filled(rect, 2.0, egui::Color32::from_rgba_unmultiplied(235, 225, 200, 190));
            painter.galley(rect.min + egui::vec2(3.0, 1.0), galley, egui::Color32::BLACK);
        }
    }
    Ok(())
}
