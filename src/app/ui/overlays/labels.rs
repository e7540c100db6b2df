//! Name labels over heads (and object labels with L), drawn by egui at each figure's projected
//! position. The rule is stable, so a crowd does not flicker: the selected person first, then
//! those acting in the clause, then everyone else in the scene's order; a label that would
//! overlap one already placed is left out, and so is the label of someone hidden behind a wall
//! or a target. Labels are short; the whole name shows under the pointer.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::camera::{CameraAim, MainCamera};
use crate::app::figures::ActorFigure;
use crate::app::stage::{Language, Playhead, Selection, Stage};
use crate::app::ui::UiSystems;

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

fn toggles(keys: Res<ButtonInput<KeyCode>>, typing: Res<crate::app::playback::UiWantsKeyboard>, mut s: ResMut<LabelSettings>) {
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
    placed: Res<crate::app::figures::carry::Placed>,
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
    let pointer = ctx.pointer_hover_pos();
    let now = stage.rite.beat_at(head.t);
    let acting = &stage.rite.beat(now).actors;
    let rank = |i: usize| {
        if selection.0 == Some(i) {
            0
        } else if acting.contains(&i) {
            1
        } else {
            2
        }
    };
    let mut order: Vec<usize> = figures.iter().map(|f| f.0).filter(|&i| tl.actor_at(i, head.t).present).collect();
    order.sort_by_key(|&i| (rank(i), i));
    if settings.actors {
        for i in order {
            let s = tl.actor_at(i, head.t);
            let crown = placed.people.get(i).copied().flatten().map(|(_, p)| p.crown()).unwrap_or(1.75);
            let top = Vec3::new(s.pos[0], s.pos[1] + crown + 0.22, s.pos[2]);
            if !aim.now.plan && crate::app::world::sight::walled_off(&tl.court, eye, top - Vec3::Y * 0.3) {
                continue;
            }
            let Some(p) = project(cam, tf, top) else { continue };
            let full = stage.rite.called(i, now, language.0);
            let galley = painter.layout_no_wrap(short(&full), font.clone(), egui::Color32::from_rgb(30, 24, 20));
            let mut rect = egui::Rect::from_center_size(egui::pos2(p.x, p.y - 8.0), galley.size() + egui::vec2(8.0, 2.0));
            if let Some(c) = clip {
                if !c.contains(egui::pos2(p.x, p.y)) {
                    continue;
                }
                // kept whole inside the view
                rect = rect.translate(egui::vec2(
                    (c.min.x - rect.min.x).max(0.0) + (c.max.x - rect.max.x).min(0.0),
                    (c.min.y - rect.min.y).max(0.0) + (c.max.y - rect.max.y).min(0.0),
                ));
            }
            let selected = selection.0 == Some(i);
            if !selected && taken.iter().any(|r| r.intersects(rect)) {
                continue;
            }
            taken.push(rect);
            let fill =
                if selected { egui::Color32::from_rgb(255, 226, 140) } else { egui::Color32::from_rgba_unmultiplied(255, 252, 244, 215) };
            painter.rect_filled(rect, 3.0, fill);
            painter.galley(rect.min + egui::vec2(4.0, 1.0), galley, egui::Color32::BLACK);
            if pointer.is_some_and(|q| rect.contains(q)) && short(&full) != full {
                let whole = painter.layout_no_wrap(full, font.clone(), egui::Color32::BLACK);
                let r = egui::Rect::from_min_size(rect.left_bottom() + egui::vec2(0.0, 2.0), whole.size() + egui::vec2(8.0, 2.0));
                painter.rect_filled(r, 3.0, egui::Color32::from_rgb(255, 252, 244));
                painter.galley(r.min + egui::vec2(4.0, 1.0), whole, egui::Color32::BLACK);
            }
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
    // the 获者's call as his flag goes up: 「获」, 举旌以宫
    for i in 0..tl.actors.len() {
        let s = tl.actor_at(i, head.t);
        if !s.present || !matches!(s.gesture, Some((crate::rite::acts::gesture::Gesture::RaiseFlag, _))) {
            continue;
        }
        let Some(p) = project(cam, tf, Vec3::new(s.pos[0], s.pos[1] + 2.6, s.pos[2])) else { continue };
        let call = language.0.pick("获！", "Hit!");
        let galley = painter.layout_no_wrap(call.into(), egui::FontId::proportional(26.0), egui::Color32::from_rgb(190, 20, 10));
        let rect = egui::Rect::from_center_size(egui::pos2(p.x, p.y), galley.size() + egui::vec2(10.0, 4.0));
        painter.rect_filled(rect, 4.0, egui::Color32::from_rgba_unmultiplied(255, 250, 235, 230));
        painter.galley(rect.min + egui::vec2(5.0, 2.0), galley, egui::Color32::BLACK);
        taken.push(rect);
    }
    if settings.objects || aim.now.plan {
        for s in &tl.court.solids {
            if matches!(s.kind, crate::rite::scene::model::ObjectKind::CourtWall) {
                continue;
            }
            let (x, z) = s.footprint.centre();
            let Some(p) = project(cam, tf, Vec3::new(x, s.base + s.lift + s.height + 0.2, z)) else { continue };
            let text = if language.0.is_english() && !s.en.is_empty() { short(&s.en) } else { s.id.clone() };
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

/// A label's short form: an English name without its article and cut at a few words (the whole
/// name shows under the pointer); a Chinese name is short already.
pub fn short(name: &str) -> String {
    let name = name.strip_prefix("the ").unwrap_or(name);
    if name.chars().count() <= 22 {
        return name.to_string();
    }
    let mut out = String::new();
    for word in name.split(' ') {
        if out.chars().count() + word.chars().count() > 20 {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out.trim_end_matches([',', ';']).to_string() + "…"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_are_cut_at_a_word() {
        assert_eq!(short("the host"), "host");
        assert_eq!(short("the upper archer of the first pair"), "upper archer of the…");
    }
}
