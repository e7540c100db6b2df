//! The inspector: the selected person's names, role, place, what he holds, and every duty in
//! order (click one to go there), in the interface's language.

use bevy_egui::egui;

use crate::app::stage::{Playhead, Stage};
use crate::app::ui::action::UiAction;
use crate::app::ui::style::{DONE, INK, NOW};
use crate::rite::acts::deed::Lang;
use crate::rite::acts::gear::Hand;
use crate::rite::duty::describe;
use crate::rite::glossary::glossary;
use crate::rite::timeline::query::BeatRef;

#[allow(clippy::too_many_arguments)]
pub(super) fn inspector(
    ui: &mut egui::Ui,
    stage: &Stage,
    i: usize,
    head: &Playhead,
    here: BeatRef,
    lang: Lang,
    show_path: &mut bool,
    out: &mut Vec<UiAction>,
) {
    let rite = &stage.rite;
    let tl = &rite.timeline;
    let a = &tl.actors[i];
    let s = tl.actor_at(i, head.t);
    ui.horizontal(|ui| {
        ui.heading(if lang.is_english() && !a.en.is_empty() { &a.en } else { &a.name });
        if ui.small_button("×").clicked() {
            out.push(UiAction::Select(None));
        }
    });
    if !a.aliases.is_empty() {
        ui.label(format!("{}{}", lang.pick("亦称 ", "also "), a.aliases.join("、")));
    }
    // the office the text has given him by this clause (作相为司正), which his label shows
    if let Some(title) = rite.title_at(i, here) {
        let en = crate::rite::glossary::glossary().en(title).filter(|_| lang.is_english());
        ui.label(format!("{}{title}{}", lang.pick("今称 ", "now called "), en.map(|e| format!(", {e}")).unwrap_or_default()));
    }
    let other = if lang.is_english() { &a.name } else { &a.en };
    if !other.is_empty() {
        ui.label(egui::RichText::new(other).italics());
    }
    ui.label(&a.role);
    if s.present {
        let place = tl.court.places_at(s.pos).into_iter().next();
        let place = place
            .map(|p| if lang.is_english() { rite.place_en(&p) } else { rite.place_name(&p).to_string() })
            .unwrap_or_else(|| "—".into());
        let facing = s.facing();
        let facing = if lang.is_english() { facing.english() } else { facing.chinese() };
        ui.label(format!("{} {place} · {} {facing}", lang.pick("在", "at"), lang.pick("面", "facing")));
        // where the place follows a passage of the commentaries, say so and show it
        let cited = tl
            .court
            .places_at(s.pos)
            .into_iter()
            .find_map(|p| tl.court.region(&p).filter(|r| r.source.contains("郑注") || r.source.contains("贾疏")));
        if let Some(r) = cited {
            ui.label(
                egui::RichText::new(format!("{}{}", lang.pick("位据注疏：", "placed after the commentaries: "), r.source))
                    .small()
                    .color(DONE),
            );
        }
        let holding: Vec<String> = (0..tl.props.len())
            .map(|k| (k, tl.prop_at(k, head.t)))
            .filter(|(_, p)| p.held_by == Some(i))
            .map(|(k, p)| {
                let how = p.how.unwrap_or(Hand::BothHands);
                if lang.is_english() {
                    format!("{} {}", rite.prop_en(k), how.english())
                } else {
                    format!("{}{}", how.chinese(), tl.props[k].name)
                }
            })
            .collect();
        if !holding.is_empty() {
            ui.label(format!("{}{}", lang.pick("", "holds "), holding.join(if lang.is_english() { ", " } else { "、" })));
        }
        let gear = [(s.gear.bared, "袒", "left arm bared"), (s.gear.thumb_ring, "决", "thumb ring"), (s.gear.arm_guard, "遂", "arm guard")];
        let worn: Vec<&str> = gear.iter().filter(|g| g.0).map(|g| if lang.is_english() { g.2 } else { g.1 }).collect();
        if !worn.is_empty() {
            ui.label(worn.join(if lang.is_english() { ", " } else { "、" }));
        }
    } else {
        ui.label(egui::RichText::new(lang.pick("不在场（未入，或已出）", "not here (not yet come in, or gone)")).color(DONE));
    }
    ui.horizontal(|ui| {
        // someone absent cannot be followed: there is nobody to film
        if ui.add_enabled(s.present, egui::Button::new(lang.pick("镜头跟随", "Follow with camera"))).clicked() {
            out.push(UiAction::Follow(i));
        }
        ui.checkbox(show_path, lang.pick("显示行迹", "Show path"));
    });
    ui.separator();
    let duties = stage.rite.duties(i);
    ui.label(egui::RichText::new(format!("{} ({})", lang.pick("职事", "Duties"), duties.len())).strong());
    let mut last = "";
    for (r, acts) in duties {
        let what = describe(acts, &stage.rite, lang);
        let step = &stage.rite.steps[r.step];
        if step.section != last {
            last = &step.section;
            let title = if lang.is_english() { glossary().section_en(&step.section).unwrap_or(&step.section) } else { &step.section };
            ui.label(egui::RichText::new(title).color(DONE));
        }
        let b = &step.beats[r.beat];
        let current = r == here;
        let line = if lang.is_english() { format!("{what} ({})", b.text) } else { format!("{} — {what}", b.text) };
        let text = egui::RichText::new(line).color(if current { NOW } else { INK });
        if ui.add(egui::Label::new(text).sense(egui::Sense::click())).on_hover_cursor(egui::CursorIcon::PointingHand).clicked() {
            out.push(UiAction::Seek(b.start));
        }
    }
}
