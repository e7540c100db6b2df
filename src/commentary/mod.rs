//! 郑玄注 and 贾公彦疏 with our clauses: the Kanripo editions (sources/commentary/) read as
//! units, aligned once with a scene's 原文 into a recorded file beside it
//! (`scenes/<id>.commentary.tsv`, written by `sheli commentary SCENE --write`), and put together
//! from that record whenever a rite is shown.

pub mod align;
pub mod divisions;
pub mod kanripo;
pub mod quotes;
pub mod record;
pub mod simplify;

use std::ops::Range;

pub use align::Edition;
pub use divisions::Division;

/// The transcriptions the build carries, by their Kanripo names.
const SOURCES: [(&str, &str); 8] = [
    ("KR1d0026_004", include_str!("../../sources/commentary/KR1d0026_004.txt")),
    ("KR1d0026_005", include_str!("../../sources/commentary/KR1d0026_005.txt")),
    ("KR1d0026_006", include_str!("../../sources/commentary/KR1d0026_006.txt")),
    ("KR1d0026_007", include_str!("../../sources/commentary/KR1d0026_007.txt")),
    ("KR1d0028_004", include_str!("../../sources/commentary/KR1d0028_004.txt")),
    ("KR1d0028_005", include_str!("../../sources/commentary/KR1d0028_005.txt")),
    ("KR1d0028_006", include_str!("../../sources/commentary/KR1d0028_006.txt")),
    ("KR1d0028_007", include_str!("../../sources/commentary/KR1d0028_007.txt")),
];

pub fn source(name: &str) -> Result<&'static str, String> {
    SOURCES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t).ok_or_else(|| {
        let known: Vec<&str> = SOURCES.iter().map(|(n, _)| *n).collect();
        format!("unknown commentary source `{name}`; the sources are {}", known.join(", "))
    })
}

/// What kind of note a passage is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoteKind {
    /// 陆德明音义: readings of characters
    Yinyi,
    /// 贾公彦疏
    Shu,
}

/// A passage as the edition prints it and in simplified characters, converted once when the
/// commentary is read (a 疏 runs to thousands of characters; the viewer shows it every frame).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Text {
    pub traditional: String,
    pub simplified: String,
}

impl Text {
    pub fn new(traditional: &str) -> Text {
        Text { traditional: traditional.to_string(), simplified: simplify::simplified(traditional) }
    }
    /// 音义 keep the edition's forms in both scripts: they are about those very characters.
    pub fn kept(traditional: &str) -> Text {
        Text { traditional: traditional.to_string(), simplified: traditional.to_string() }
    }
    pub fn get(&self, traditional: bool) -> &str {
        if traditional { &self.traditional } else { &self.simplified }
    }
}

/// A 注 split into 郑玄's gloss and his textual notes, the sub-layer that closes a 注 with the
/// readings of the other recensions (「今文…」, 「古文…」: 「古文盥皆作浣」): (gloss, notes).
pub fn textual_notes(zhu: &str) -> (&str, &str) {
    let at = ["今文", "古文"].iter().filter_map(|m| zhu.find(m)).min();
    match at {
        Some(i) => zhu.split_at(i),
        None => (zhu, ""),
    }
}

/// A 注 with the 经 it follows, and the 音义 and 疏 printed after it.
#[derive(Debug, Clone, PartialEq)]
pub struct Unit {
    pub edition: Edition,
    /// the 经 as the edition prints it (none for a 注 filled from the 注疏 edition)
    pub jing: String,
    /// 郑玄注
    pub zhu: Text,
    pub notes: Vec<(NoteKind, Text)>,
    /// our letters its 经 covers
    pub letters: Range<usize>,
    /// the beats (in reading order, across steps) those letters fall in
    pub beats: Range<usize>,
}

impl Unit {
    pub fn shu(&self) -> impl Iterator<Item = &Text> {
        self.notes.iter().filter(|(k, _)| *k == NoteKind::Shu).map(|(_, t)| t)
    }
    pub fn yinyi(&self) -> impl Iterator<Item = &Text> {
        self.notes.iter().filter(|(k, _)| *k == NoteKind::Yinyi).map(|(_, t)| t)
    }
}

/// A rite's commentary, clause by clause.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Commentary {
    pub units: Vec<Unit>,
    /// 贾疏's own divisions of the rite
    pub divisions: Vec<Division>,
}

impl Commentary {
    /// The units whose 经 falls in beat `beat` (counted across steps).
    pub fn of_beat(&self, beat: usize) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(move |u| u.beats.contains(&beat))
    }

    /// The units whose 经 ends in beat `beat`: the notes printed after that clause, each once.
    pub fn after_beat(&self, beat: usize) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(move |u| u.beats.end.checked_sub(1) == Some(beat))
    }

    /// The notes after beat `beat`, in both scripts.
    pub fn notes_after(&self, beat: usize) -> BeatNotes {
        let mut n = BeatNotes::default();
        for u in self.after_beat(beat) {
            n.zhu.push(u.zhu.simplified.clone());
            n.zhu_textual.push(textual_notes(&u.zhu.simplified).1.to_string());
            n.zhu_traditional.push(u.zhu.traditional.clone());
            for s in u.shu() {
                n.shu.push(s.simplified.clone());
                n.shu_traditional.push(s.traditional.clone());
            }
            n.yinyi.extend(u.yinyi().map(|y| y.traditional.clone()));
        }
        n
    }
}

/// What the commentary says after one clause: 郑注 and 贾疏 in simplified characters and as the
/// editions print them, and 陆德明's 音义 (readings of characters, kept in the edition's forms).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct BeatNotes {
    /// 郑注, with its textual notes (今文/古文) as printed; `zhu_textual` has those notes alone
    pub zhu: Vec<String>,
    pub zhu_traditional: Vec<String>,
    pub shu: Vec<String>,
    pub shu_traditional: Vec<String>,
    pub yinyi: Vec<String>,
    /// the textual notes that close each 注 (「古文盥皆作浣」), simplified; empty where a 注 has none
    pub zhu_textual: Vec<String>,
}

impl BeatNotes {
    pub fn is_empty(&self) -> bool {
        self.zhu.is_empty() && self.shu.is_empty() && self.yinyi.is_empty()
    }
}

/// Our letters, folded as the alignment compares them, and where each beat's letters begin.
pub fn our_letters<'a>(beats: impl IntoIterator<Item = &'a str>) -> (Vec<char>, Vec<usize>) {
    let mut letters = Vec::new();
    let mut starts = Vec::new();
    for b in beats {
        starts.push(letters.len());
        letters.extend(simplify::folded_letters(b));
    }
    (letters, starts)
}

/// The beats that letters `range` of our text fall in, given where each beat begins.
pub fn beats_of(range: &Range<usize>, starts: &[usize]) -> Range<usize> {
    let beat_of = |l: usize| starts.partition_point(|&s| s <= l).saturating_sub(1);
    let first = beat_of(range.start);
    let last = beat_of(range.end.saturating_sub(1).max(range.start));
    first..last + 1
}

#[cfg(test)]
mod tests {
    use super::textual_notes;

    #[test]
    fn the_textual_notes_close_a_zhu() {
        assert_eq!(textual_notes("盥手又洗爵致絜敬也古文盥皆作浣"), ("盥手又洗爵致絜敬也", "古文盥皆作浣"));
        assert_eq!(textual_notes("著并行也古文曰遂命获者倚旌"), ("著并行也", "古文曰遂命获者倚旌"));
        assert_eq!(textual_notes("此县谓磬也"), ("此县谓磬也", ""));
    }
}
