//! The text panel (left): the step's 原文 with the enacted clause in red and names of things
//! underlined, its translation, the 记 and the commentaries; under them search, the glossary, the
//! cast, the contents, 贾疏's divisions and the readings. It returns what the reader asked for.

use bevy_egui::egui;

use super::{Toggles, Typed};
use crate::app::ui::action::UiAction;
use crate::app::ui::style::{DONE, INK, NOW};
use crate::rite::Rite;
use crate::rite::acts::deed::Lang;
use crate::rite::glossary::{glossary, pinyin_of};
use crate::rite::timeline::query::BeatRef;

/// What the text panel shows: the rite at a clause, in a language, with someone selected or not.
pub(super) struct Shown<'a> {
    pub rite: &'a Rite,
    pub here: BeatRef,
    pub selected: Option<usize>,
    pub lang: Lang,
    /// the names of things, underlined in the text
    pub names: &'a [String],
}

/// The whole panel; returns the name of the thing under the pointer, to light it up in the scene.
pub(super) fn text_panel(
    ui: &mut egui::Ui,
    shown: &Shown,
    toggles: &mut Toggles,
    typed: &mut Typed,
    out: &mut Vec<UiAction>,
) -> Option<String> {
    let Shown { rite, lang, .. } = *shown;
    let ctx = ui.ctx().clone();
    ui.horizontal(|ui| {
        ui.heading(if lang.is_english() { &rite.title_en } else { &rite.title });
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            // text size: the whole interface scales
            if ui.small_button("A+").on_hover_text(lang.pick("放大文字", "larger text")).clicked() {
                ctx.set_zoom_factor((ctx.zoom_factor() + 0.1).min(1.8));
            }
            if ui.small_button("A−").on_hover_text(lang.pick("缩小文字", "smaller text")).clicked() {
                ctx.set_zoom_factor((ctx.zoom_factor() - 0.1).max(0.7));
            }
            if ui.selectable_label(lang.is_english(), "EN").clicked() {
                out.push(UiAction::SetLanguage(Lang::En));
            }
            if ui.selectable_label(!lang.is_english(), "中").clicked() {
                out.push(UiAction::SetLanguage(Lang::Zh));
            }
        });
    });
    // the text, its 注 and 疏, search, glossary and cast scroll together in a small window
    egui::ScrollArea::vertical()
        .id_salt("text_panel")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let word = reading(ui, shown, toggles, typed, out);
            ui.separator();
            finder(ui, shown, toggles, typed, out);
            word
        })
        .inner
}

/// The clause, its translation, the 记 that annotate the step and the commentaries.
fn reading(ui: &mut egui::Ui, shown: &Shown, toggles: &mut Toggles, typed: &mut Typed, out: &mut Vec<UiAction>) -> Option<String> {
    let Shown { rite, here, lang, names, .. } = *shown;
    let step = &rite.steps[here.step];
    let section = if lang.is_english() { glossary().section_en(&step.section).unwrap_or(&step.section) } else { &step.section };
    ui.label(egui::RichText::new(format!("{section} · {} {} / {}", lang.pick("第", "step"), here.step + 1, rite.steps.len())).color(DONE));
    if let Some(choices) = crate::app::ui::readings::notice(ui, rite, here, lang) {
        out.push(UiAction::ChooseReadings(choices));
    }
    ui.separator();
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(lang.pick("原文", "Classical text")).strong());
        ui.checkbox(&mut typed.pinyin, lang.pick("拼音", "pinyin"));
    });
    // each clause a link: the enacted one in red, those done in grey
    let mut word_under_pointer = None;
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 0.0;
        for (bi, b) in step.beats.iter().enumerate() {
            let zhu_tip = crate::app::ui::commentary::tooltip(
                rite,
                crate::rite::timeline::query::BeatRef { step: here.step, beat: bi },
                toggles.notes.traditional,
            );
            let colour = match bi.cmp(&here.beat) {
                std::cmp::Ordering::Less => DONE,
                std::cmp::Ordering::Equal => NOW,
                std::cmp::Ordering::Greater => INK,
            };
            // names of things are underlined: hovering one lights it up in the scene
            for (run, name) in crate::app::ui::highlight::split_names(&b.text, names) {
                let mut text = egui::RichText::new(run).size(20.0).color(colour);
                if bi == here.beat {
                    text = text.background_color(egui::Color32::from_rgb(255, 236, 190));
                }
                if name.is_some() {
                    text = text.underline();
                }
                let mut r = ui.add(egui::Label::new(text).sense(egui::Sense::click())).on_hover_cursor(egui::CursorIcon::PointingHand);
                if let Some(word) = &name {
                    r = r.on_hover_ui(|ui| crate::app::ui::glossary::entry(ui, word, rite));
                } else if let Some(tip) = &zhu_tip {
                    r = r.on_hover_text(tip);
                }
                if r.hovered() && name.is_some() {
                    word_under_pointer = name.clone();
                }
                if r.clicked() {
                    out.push(UiAction::Seek(b.start));
                }
            }
        }
    });
    if typed.pinyin {
        ui.label(egui::RichText::new(pinyin_of(&step.text())).italics().color(DONE));
    }
    ui.add_space(8.0);
    if lang.is_english() {
        ui.label(egui::RichText::new("Translation").strong());
        ui.label(egui::RichText::new(&step.translation_en).color(INK));
        egui::CollapsingHeader::new("Modern Chinese translation (译文)").id_salt("yiwen").show(ui, |ui| {
            ui.label(egui::RichText::new(&step.translation).color(INK));
        });
    } else {
        ui.label(egui::RichText::new("译文").strong());
        ui.label(egui::RichText::new(&step.translation).color(INK));
    }
    let notes: Vec<&crate::rite::compile::StepInfo> = rite.steps.iter().filter(|s| s.annotates.contains(&step.id)).collect();
    if !notes.is_empty() {
        ui.add_space(8.0);
        ui.label(egui::RichText::new(lang.pick("记", "Notes (记)")).strong());
        for n in notes {
            ui.label(egui::RichText::new(n.text()).italics().color(DONE));
            if lang.is_english() {
                ui.label(egui::RichText::new(&n.translation_en).italics().color(DONE));
            }
        }
    }
    if let Some(word) = crate::app::ui::commentary::notes(ui, rite, here, lang, &mut toggles.notes, names) {
        word_under_pointer = Some(word);
    }
    word_under_pointer
}

/// Search, the glossary, the cast, the contents, 贾疏's divisions and the readings.
fn finder(ui: &mut egui::Ui, shown: &Shown, toggles: &mut Toggles, typed: &mut Typed, out: &mut Vec<UiAction>) {
    let Shown { rite, selected, lang, .. } = *shown;
    ui.horizontal(|ui| {
        ui.label(lang.pick("检索", "Search"));
        ui.add(
            egui::TextEdit::singleline(&mut typed.search)
                .hint_text(lang.pick("原文、译文、人名", "text, translation, names"))
                .desired_width(f32::INFINITY),
        );
    });
    let search = typed.search.clone();
    if !search.trim().is_empty() {
        super::search::hits(ui, rite, search.trim(), lang, out);
    }
    egui::CollapsingHeader::new(lang.pick("术语", "Glossary")).default_open(false).show(ui, |ui| {
        crate::app::ui::glossary::browser(ui, &mut typed.glossary, lang);
    });
    egui::CollapsingHeader::new(lang.pick("人物", "Cast")).default_open(false).show(ui, |ui| {
        egui::ScrollArea::vertical().id_salt("cast").max_height(240.0).show(ui, |ui| {
            for (i, a) in rite.timeline.actors.iter().enumerate() {
                let label = if lang.is_english() && !a.en.is_empty() { format!("{} · {}", a.name, a.en) } else { a.name.clone() };
                if ui.selectable_label(selected == Some(i), label).clicked() {
                    out.push(UiAction::Select(Some(i)));
                }
            }
        });
    });
    if selected.is_none() {
        ui.label(egui::RichText::new(lang.pick("点击人物，查看其职事", "Click a person to see their duties")).color(DONE));
    }
    egui::CollapsingHeader::new(lang.pick("目录", "Contents")).default_open(false).show(ui, |ui| {
        egui::ScrollArea::vertical().max_height(220.0).show(ui, |ui| {
            let mut last = "";
            for s in &rite.steps {
                if s.section != last {
                    last = &s.section;
                    if ui.link(&s.section).clicked() {
                        out.push(UiAction::Seek(s.start));
                    }
                }
            }
        });
    });
    crate::app::ui::commentary::divisions(ui, rite, lang, out);
    let failed = toggles.readings.error.clone();
    if let Some(choices) = crate::app::ui::readings::section(ui, rite, lang, failed.as_deref()) {
        out.push(UiAction::ChooseReadings(choices));
    }
}
