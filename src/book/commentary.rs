//! The commentary in the book: each clause's 郑注 beneath it on the section pages, 陆德明's 音义
//! in small type, 贾公彦's 疏 folded in a `<details>` (opened for printing); a plan page's own
//! 注; 贾疏's divisions as a second table of contents; the 注 and 疏 in the search index.

use super::page::esc;
use super::{Book, clause_href};
use crate::commentary::{Edition, Unit};
use crate::rite::timeline::query::BeatRef;

/// Opens every folded 疏 before the page is printed: a handout keeps the 疏.
const PRINT_OPEN: &str = "<script>addEventListener('beforeprint',function(){document.querySelectorAll('details.shu').forEach(function(d){d.open=true})})</script>";

impl Book<'_> {
    /// The beat `r` as counted across steps.
    fn number(&self, r: BeatRef) -> usize {
        self.rite.beat_number(r)
    }

    fn beat_ref(&self, n: usize) -> Option<BeatRef> {
        self.rite.numbered_beat(n).map(|(r, _)| r)
    }

    /// One unit's 注, 音义 and 疏 as HTML.
    fn unit_html(&self, u: &Unit) -> String {
        let (gloss, textual) = crate::commentary::textual_notes(&u.zhu.simplified);
        let textual = if textual.is_empty() { String::new() } else { format!(" <span class=\"textual\">{}</span>", esc(textual)) };
        let mut h = format!("<p class=\"zhu\"><span class=\"mark\">{}</span>{}{textual}</p>", self.tr("注", "Zheng: "), esc(gloss));
        if u.edition == Edition::Wyg {
            h += &format!(
                "<p class=\"edition\">{}</p>",
                self.tr(
                    "此注据《仪礼注疏》补（郑氏注本此叶缺）",
                    "This note is from the 注疏 edition: the 郑氏注 edition lacks this leaf."
                )
            );
        }
        let yinyi: Vec<String> = u.yinyi().map(|y| esc(&y.traditional)).collect();
        if !yinyi.is_empty() {
            h += &format!("<p class=\"yinyi\"><span class=\"mark\">{}</span>{}</p>", self.tr("音义", "Readings: "), yinyi.join("　"));
        }
        for s in u.shu() {
            h += &format!(
                "<details class=\"shu\"><summary>{} ({} {})</summary><p>{}</p></details>",
                self.tr("贾疏", "Jia Gongyan's subcommentary (贾疏)"),
                s.simplified.chars().count(),
                self.tr("字", "characters"),
                esc(&s.simplified)
            );
        }
        h
    }

    /// The 注疏 of step `si`: each clause that a note follows, with its notes beneath it.
    pub(super) fn step_commentary(&self, si: usize) -> String {
        let step = &self.rite.steps[si];
        let mut rows = String::new();
        for bi in 0..step.beats.len() {
            let r = BeatRef { step: si, beat: bi };
            let units: Vec<&Unit> = self.rite.commentary.after_beat(self.number(r)).collect();
            if units.is_empty() {
                continue;
            }
            rows += &format!(
                "<dt><a href=\"{}\">{}</a></dt><dd>{}</dd>",
                esc(&clause_href(self.rite, r)),
                esc(&covered_text(self, units[0])),
                units.iter().map(|u| self.unit_html(u)).collect::<String>()
            );
        }
        if rows.is_empty() {
            return String::new();
        }
        let english = if self.english {
            "<p class=\"edition\">The commentaries are not yet translated into English; they are shown in Chinese.</p>"
        } else {
            ""
        };
        format!("<div class=\"commentary\"><h3>{}</h3>{english}<dl>{rows}</dl>{PRINT_OPEN}</div>", self.tr("注疏", "Commentaries (注疏)"))
    }

    /// A plan page's 注: the notes whose 经 covers clause `r`.
    pub(super) fn clause_commentary(&self, r: BeatRef) -> String {
        let units: Vec<&Unit> = self.rite.commentary.of_beat(self.number(r)).collect();
        if units.is_empty() {
            return String::new();
        }
        let body: String =
            units.iter().map(|u| format!("<p class=\"covered\">{}</p>{}", esc(&covered_text(self, u)), self.unit_html(u))).collect();
        format!("<div class=\"commentary\"><h3>{}</h3>{body}{PRINT_OPEN}</div>", self.tr("注疏", "Commentaries (注疏)"))
    }

    /// 贾疏's divisions of the rite, each linked to its first clause: a second table of contents.
    pub(super) fn divisions_list(&self) -> Vec<(String, String)> {
        self.rite
            .commentary
            .divisions
            .iter()
            .filter_map(|d| {
                let r = self.beat_ref(d.beats.start)?;
                Some((clause_href(self.rite, r), format!("自此至「{}」，论{}之事", d.until, d.topic)))
            })
            .collect()
    }

    /// Search rows for the 注 and 疏: shown as the 注's first words, found by 注 and 疏 in both scripts.
    pub(super) fn commentary_rows(&self) -> Vec<serde_json::Value> {
        let mut rows = Vec::new();
        for u in &self.rite.commentary.units {
            let Some(r) = self.beat_ref(u.beats.end.saturating_sub(1)) else { continue };
            let shown: String = u.zhu.simplified.chars().take(40).collect();
            let mut searched = format!("{} {}", u.zhu.simplified, u.zhu.traditional);
            for s in u.shu() {
                searched += &format!(" {} {}", s.simplified, s.traditional);
            }
            rows.push(serde_json::json!([format!("注：{shown}"), searched, clause_href(self.rite, r)]));
        }
        rows
    }
}

/// The words of our 原文 a unit's 经 covers, for a heading: its clauses, first to last.
fn covered_text(book: &Book, u: &Unit) -> String {
    u.beats.clone().filter_map(|n| book.rite.numbered_beat(n).map(|(_, b)| b.text.clone())).collect()
}
