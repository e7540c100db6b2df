//! The text panel's search results: people by name or alias (Chinese or English), clauses of the
//! 原文, steps by their 译文 and, for a query in Latin letters, by their English translation.

use bevy_egui::egui;

use crate::app::ui::action::UiAction;
use crate::app::ui::style::DONE;
use crate::rite::acts::deed::Lang;
use crate::rite::compile::Rite;

/// Lists what `q` finds; a click selects the person or asks to seek to the clause or step.
pub(super) fn hits(ui: &mut egui::Ui, rite: &Rite, q: &str, lang: Lang, out: &mut Vec<UiAction>) {
    egui::ScrollArea::vertical().id_salt("hits").max_height(180.0).show(ui, |ui| {
        let mut shown = 0;
        let lower = q.to_lowercase();
        for (i, a) in rite.timeline.actors.iter().enumerate() {
            if a.name.contains(q) || a.aliases.iter().any(|x| x.contains(q)) || a.en.to_lowercase().contains(&lower) {
                if ui.link(format!("人物 · {} {}", a.name, a.en)).clicked() {
                    out.push(UiAction::Select(Some(i)));
                }
                shown += 1;
            }
        }
        for r in rite.find_text(q).into_iter().take(40) {
            let b = rite.beat(r);
            if ui.link(format!("{} · {}", rite.steps[r.step].section, b.text)).clicked() {
                out.push(UiAction::Seek(b.start));
            }
            shown += 1;
        }
        for s in rite.steps.iter().filter(|s| s.translation.contains(q)).take(20) {
            let first: String = s.translation.chars().take(24).collect();
            if ui.link(format!("{} · 译 {}…", s.section, first)).clicked() {
                out.push(UiAction::Seek(s.start));
            }
            shown += 1;
        }
        // English words find the steps whose English translation has them
        for s in rite.steps.iter().filter(|s| q.is_ascii() && s.translation_en.to_lowercase().contains(&lower)).take(20) {
            let first: String = s.translation_en.chars().take(48).collect();
            if ui.link(format!("{} · {first}…", s.section)).clicked() {
                out.push(UiAction::Seek(s.start));
            }
            shown += 1;
        }
        if shown == 0 {
            ui.label(egui::RichText::new(lang.pick("无结果", "nothing found")).color(DONE));
        }
    });
}
