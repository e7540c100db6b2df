//! The commentary under the 原文: 郑玄's 注 on the enacted clause (it moves with the playhead, as
//! the highlight does), 陆德明's 音义 on hovering it, and 贾公彦's 疏 folded beneath it, since a
//! 疏 runs to pages. Names of things in the 注 are underlined and light up in the scene like the
//! 原文's. 简/繁 shows the editions' characters or simplified ones.

use bevy_egui::egui;

use super::style::{DONE, INK};
use crate::commentary::{Edition, Unit};
use crate::rite::Rite;
use crate::rite::acts::deed::Lang;
use crate::rite::timeline::query::BeatRef;

/// How the commentaries are shown: in the editions' characters or simplified, the 疏 unfolded
/// or not (as the viewer or a render was started; the panel's switches change it).
#[derive(bevy::prelude::Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NotesView {
    pub traditional: bool,
    pub open_shu: bool,
}

/// The longest 注 shown in a clause's tooltip before it is cut.
const TOOLTIP_CHARS: usize = 140;

/// The 注 (with 音义 and 疏) of every unit whose 经 covers `beat`. Returns the name of a thing
/// under the pointer in the 注, if any, for the scene to light.
pub(super) fn notes(ui: &mut egui::Ui, rite: &Rite, beat: BeatRef, lang: Lang, view: &mut NotesView, names: &[String]) -> Option<String> {
    let traditional = &mut view.traditional;
    if rite.commentary.units.is_empty() {
        return None;
    }
    let n = rite.beat_number(beat);
    let mut hovered = None;
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(lang.pick("郑注", "Commentary of Zheng Xuan (郑注)")).strong());
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.selectable_value(traditional, true, "繁").on_hover_text(lang.pick("刻本原字", "the editions' own characters"));
            ui.selectable_value(traditional, false, "简").on_hover_text(lang.pick("简体", "simplified characters"));
        });
    });
    if lang.is_english() {
        ui.label(egui::RichText::new("Not yet translated into English: shown in Chinese.").italics().color(DONE));
    }
    let units: Vec<&Unit> = rite.commentary.of_beat(n).collect();
    if units.is_empty() {
        ui.label(egui::RichText::new(lang.pick("此句无注。", "No note on this clause.")).color(DONE));
        return None;
    }
    for u in units {
        if u.beats.len() > 1 || u.beats.end - 1 != n {
            // the note stands after a run of clauses: say which, so it is not read as this one's alone
            let (first, last) = (clause_text(rite, u.beats.start), clause_text(rite, u.beats.end - 1));
            let span = if u.beats.len() > 1 { format!("「{first}」至「{last}」") } else { format!("「{last}」") };
            ui.label(egui::RichText::new(format!("{}{span}", lang.pick("注于", "note on "))).size(13.0).color(DONE));
        }
        let (zhu, textual) = crate::commentary::textual_notes(u.zhu.get(*traditional));
        let r = ui
            .horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = 0.0;
                for (run, name) in super::highlight::split_names(zhu, names) {
                    let mut text = egui::RichText::new(run).size(16.0).color(INK);
                    if name.is_some() {
                        text = text.underline();
                    }
                    if ui.label(text).hovered() && name.is_some() {
                        hovered = name;
                    }
                }
            })
            .response;
        if !textual.is_empty() {
            // 郑玄's textual notes, a layer of their own: the other recensions' readings
            ui.label(
                egui::RichText::new(format!("{}{textual}", lang.pick("今古文：", "Readings of the recensions (今古文): ")))
                    .size(13.0)
                    .color(DONE),
            );
        }
        let yinyi: Vec<&str> = u.yinyi().map(|y| y.traditional.as_str()).collect();
        if !yinyi.is_empty() {
            r.on_hover_ui(|ui| {
                ui.label(egui::RichText::new(lang.pick("音义（陆德明）", "Readings of characters (音义, Lu Deming)")).strong());
                for y in &yinyi {
                    ui.label(*y);
                }
            });
        }
        if u.edition == Edition::Wyg {
            ui.label(
                egui::RichText::new(
                    lang.pick("（此注据《仪礼注疏》补：郑氏注本此叶缺）", "(from the 注疏 edition: the 郑氏注 edition lacks this leaf)"),
                )
                .small()
                .color(DONE),
            );
        }
        let shu: Vec<&str> = u.shu().map(|s| s.get(*traditional)).collect();
        if !shu.is_empty() {
            let head = format!(
                "{} ({} {})",
                lang.pick("贾疏", "Subcommentary of Jia Gongyan (贾疏)"),
                shu.iter().map(|s| s.chars().count()).sum::<usize>(),
                lang.pick("字", "characters")
            );
            egui::CollapsingHeader::new(head).id_salt(("shu", u.letters.start)).default_open(view.open_shu).show(ui, |ui| {
                egui::ScrollArea::vertical().id_salt(("shu_text", u.letters.start)).max_height(280.0).show(ui, |ui| {
                    for s in shu {
                        ui.label(egui::RichText::new(s).color(INK));
                    }
                });
            });
        }
    }
    hovered
}

/// What a tooltip on clause `beat` of the 原文 says: the start of the 注 that covers it.
pub(super) fn tooltip(rite: &Rite, beat: BeatRef, traditional: bool) -> Option<String> {
    let n = rite.beat_number(beat);
    let zhu: Vec<&str> = rite.commentary.of_beat(n).map(|u| u.zhu.get(traditional)).collect();
    if zhu.is_empty() {
        return None;
    }
    let all = zhu.join("　");
    let cut: String = all.chars().take(TOOLTIP_CHARS).collect();
    Some(if cut.len() < all.len() { format!("注：{cut}…") } else { format!("注：{cut}") })
}

fn clause_text(rite: &Rite, beat: usize) -> String {
    rite.numbered_beat(beat).map(|(_, b)| b.text.trim_end_matches(['，', '。', '；', '：']).to_string()).unwrap_or_default()
}

/// 贾疏's divisions of the rite (「自此至X，论Y之事」), a second table of contents beside our
/// sections: clicking one goes to its first clause.
pub(super) fn divisions(ui: &mut egui::Ui, rite: &Rite, lang: Lang, out: &mut Vec<super::action::UiAction>) {
    if rite.commentary.divisions.is_empty() {
        return;
    }
    egui::CollapsingHeader::new(lang.pick("贾疏分节", "Divisions of Jia Gongyan (贾疏)")).default_open(false).show(ui, |ui| {
        egui::ScrollArea::vertical().id_salt("divisions").max_height(220.0).show(ui, |ui| {
            for d in &rite.commentary.divisions {
                let label = format!("论{}之事（至「{}」）", d.topic, d.until);
                if ui.link(label).clicked()
                    && let Some((_, b)) = rite.numbered_beat(d.beats.start)
                {
                    out.push(super::action::UiAction::Seek(b.start));
                }
            }
        });
    });
}
