//! The glossary in the panel: an entry shown when the pointer rests on an underlined word, and
//! the whole glossary, browsable and searchable by characters, pinyin or English.

use bevy_egui::egui;

use super::style::{DONE, INK};
use crate::rite::Rite;
use crate::rite::acts::deed::Lang;
use crate::rite::glossary::{Term, glossary};

fn show_term(ui: &mut egui::Ui, t: &Term) {
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(&t.term).size(18.0).strong().color(INK));
        ui.label(egui::RichText::new(&t.pinyin).italics().color(DONE));
        ui.label(egui::RichText::new(&t.en).strong().color(INK));
    });
    ui.label(egui::RichText::new(&t.note).color(INK));
    if !t.source.is_empty() {
        ui.label(egui::RichText::new(&t.source).small().color(DONE));
    }
}

/// What a word of the text is: its glossary entry, or the place's own description.
pub(super) fn entry(ui: &mut egui::Ui, word: &str, rite: &Rite) {
    ui.set_max_width(320.0);
    match glossary().get(word) {
        Some(t) => show_term(ui, t),
        None => {
            ui.label(egui::RichText::new(word).size(18.0).strong().color(INK));
            ui.label(egui::RichText::new(rite.place_en(word)).color(INK));
        }
    }
}

/// The whole glossary, filtered by what is typed.
pub(super) fn browser(ui: &mut egui::Ui, query: &mut String, lang: Lang) {
    ui.add(
        egui::TextEdit::singleline(query)
            .hint_text(lang.pick("字、拼音或英文", "characters, pinyin or English"))
            .desired_width(f32::INFINITY),
    );
    let hits = glossary().search(query);
    ui.label(egui::RichText::new(format!("{} {}", hits.len(), lang.pick("条", "terms"))).small().color(DONE));
    egui::ScrollArea::vertical().id_salt("glossary").max_height(260.0).show(ui, |ui| {
        for t in hits.into_iter().take(200) {
            show_term(ui, t);
            ui.separator();
        }
    });
}
