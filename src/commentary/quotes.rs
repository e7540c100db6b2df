//! Every quotation of 郑注 or 贾疏 in a scene file checked against the editions: the words after
//! 「郑注」 or 「贾疏」 (in a `source` note or a comment) must stand in that commentary, in the
//! rite's own chapter or in the chapter the note names (乡射郑注 in a 大射仪 file). A misquote is a
//! located warning with the nearest real passage.

use super::kanripo::{Piece, read_shu_edition, read_zhu_edition};
use super::simplify::{folded_letters, simplified};
use super::source;

/// The chapters whose commentary a quotation may come from: (name as a note may write it, the
/// 郑氏注 edition's file, the 注疏 edition's file).
const CHAPTERS: [(&str, &str, &str); 4] = [
    ("乡饮酒", "KR1d0026_004", "KR1d0028_004"),
    ("乡射", "KR1d0026_005", "KR1d0028_005"),
    ("燕礼", "KR1d0026_006", "KR1d0028_006"),
    ("大射", "KR1d0026_007", "KR1d0028_007"),
];

/// Fewer letters than this after a marker are a name or a word, not a quotation.
const SHORTEST: usize = 3;

/// Which commentary a quotation names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    Zhu,
    Shu,
}

impl Layer {
    pub fn name(self) -> &'static str {
        match self {
            Layer::Zhu => "郑注",
            Layer::Shu => "贾疏",
        }
    }
}

/// A chapter's 注 and 疏, each passage simplified and folded to letters (the editions are
/// unpunctuated, so letters are all there is to compare).
struct Chapter {
    name: &'static str,
    zhu: Vec<Vec<char>>,
    shu: Vec<Vec<char>>,
}

/// The commentaries every quotation is checked against.
pub struct Library {
    chapters: Vec<Chapter>,
}

impl Library {
    pub fn load() -> Result<Library, String> {
        let mut chapters = Vec::new();
        for (name, zhu_file, shu_file) in CHAPTERS {
            let (_, pairs) = read_zhu_edition(source(zhu_file)?).map_err(|e| format!("{zhu_file}: {e}"))?;
            let pieces = read_shu_edition(source(shu_file)?).map_err(|e| format!("{shu_file}: {e}"))?;
            // the 注疏 edition's 注 too: it fills the 郑氏注 edition's lost leaves
            let zhu_shown: Vec<String> = pairs
                .iter()
                .map(|p| simplified(&p.zhu))
                .chain(pieces.iter().filter_map(|p| if let Piece::Zhu(t) = p { Some(simplified(t)) } else { None }))
                .collect();
            let shu_shown: Vec<String> =
                pieces.iter().filter_map(|p| if let Piece::Shu(t) = p { Some(simplified(t)) } else { None }).collect();
            chapters.push(Chapter {
                name,
                zhu: zhu_shown.iter().map(|s| folded_letters(s).collect()).collect(),
                shu: shu_shown.iter().map(|s| folded_letters(s).collect()).collect(),
            });
        }
        Ok(Library { chapters })
    }

    fn passages<'c>(&self, chapter: &'c Chapter, layer: Layer) -> &'c [Vec<char>] {
        match layer {
            Layer::Zhu => &chapter.zhu,
            Layer::Shu => &chapter.shu,
        }
    }

    fn contains(&self, chapter: &Chapter, layer: Layer, fragment: &[char]) -> bool {
        self.passages(chapter, layer).iter().any(|p| p.windows(fragment.len()).any(|w| w == fragment))
    }

    /// The run of `layer` in `chapter` most like `fragment`: of the windows as long as the
    /// fragment and a few letters more (the editions are unpunctuated), the one that shares the
    /// most pairs of letters with it.
    fn nearest(&self, chapter: &Chapter, layer: Layer, fragment: &[char]) -> Option<String> {
        let pairs: Vec<&[char]> = fragment.windows(2).collect();
        let width = fragment.len() + 4;
        let mut best: Option<(usize, &[char])> = None;
        for passage in self.passages(chapter, layer) {
            // hit[i]: the pair of letters at i is one of the fragment's; a window's score is its sum
            let hit: Vec<usize> = passage.windows(2).map(|w| usize::from(pairs.contains(&w))).collect();
            let span = width.min(passage.len()).saturating_sub(1).max(1);
            let mut score: usize = hit.iter().take(span).sum();
            for start in 0..hit.len().saturating_sub(span - 1) {
                if start > 0 {
                    score = score + hit[start + span - 1] - hit[start - 1];
                }
                if score > 0 && best.is_none_or(|(s, _)| score > s) {
                    best = Some((score, &passage[start..(start + span + 1).min(passage.len())]));
                }
            }
        }
        best.map(|(_, w)| w.iter().collect())
    }
}

/// A quotation that is not in the commentary it names.
#[derive(Debug, Clone, PartialEq)]
pub struct Misquote {
    /// 1-based line and column (in characters) of the quoted words
    pub line: usize,
    pub col: usize,
    pub layer: Layer,
    pub quoted: String,
    /// the nearest passage of that commentary in the chapter, if any shares words with it
    pub nearest: Option<String>,
    /// another chapter whose commentary has the words: the note should name it (「乡射郑注」)
    pub elsewhere: Option<&'static str>,
}

impl Misquote {
    pub fn message(&self, file: &str) -> String {
        let near = match (&self.elsewhere, &self.nearest) {
            (Some(chapter), _) => format!(" of this chapter: it is {chapter}'s (write 「{chapter}{}」)", self.layer.name()),
            (None, Some(n)) => format!("; the nearest passage is 「{n}」"),
            (None, None) => String::new(),
        };
        format!("{file}:{}:{}: warning: 「{}」 is not in {}{near}", self.line, self.col, self.quoted, self.layer.name())
    }
}

fn is_han(c: char) -> bool {
    ('\u{3400}'..='\u{9fff}').contains(&c) || ('\u{20000}'..='\u{3134f}').contains(&c)
}

fn is_quoted(c: char) -> bool {
    is_han(c) || "，、；：…".contains(c)
}

/// The quotations in `text` (a scene file): each marker, the words after it, where they start.
pub fn quotations(text: &str) -> Vec<(usize, usize, Layer, String)> {
    let mut out = Vec::new();
    for (ln, line) in text.lines().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i + 1 < chars.len() {
            let layer = match (chars[i], chars[i + 1]) {
                ('郑', '注') => Layer::Zhu,
                ('贾', '疏') => Layer::Shu,
                _ => {
                    i += 1;
                    continue;
                }
            };
            let mut j = i + 2;
            // 「郑注 at 宾反位: …」 / 「郑注 on 命设楅: …」 name the clause first
            let rest: String = chars[j..].iter().take(4).collect();
            if rest.starts_with(" at ") || rest.starts_with(" on ") {
                j += 4;
                while j < chars.len() && chars[j] != ':' && chars[j] != '：' && j < i + 40 {
                    j += 1;
                }
            }
            while j < chars.len() && " :：「(（".contains(chars[j]) {
                j += 1;
            }
            let mut start = j;
            while j < chars.len() && is_quoted(chars[j]) {
                j += 1;
            }
            // 「郑注 (乡饮酒礼): …」 names the chapter first, in brackets
            let named: String = chars[start..j].iter().collect();
            if j < chars.len() && ")）".contains(chars[j]) && CHAPTERS.iter().any(|(n, _, _)| named.starts_with(n)) {
                j += 1;
                while j < chars.len() && " :：「".contains(chars[j]) {
                    j += 1;
                }
                start = j;
                while j < chars.len() && is_quoted(chars[j]) {
                    j += 1;
                }
            }
            let quoted: String = chars[start..j].iter().collect::<String>().trim_end_matches(['，', '、', '；', '：', '…']).to_string();
            if quoted.chars().filter(|c| is_han(*c)).count() >= SHORTEST {
                out.push((ln + 1, start + 1, layer, quoted));
            }
            i = j.max(i + 2);
        }
    }
    out
}

/// The chapter a note names just before its marker (「乡射郑注」), if any; `col` is where the
/// quoted words begin.
fn named_chapter(line: &str, col: usize) -> Option<&'static str> {
    let before: String = line.chars().take(col.saturating_sub(1)).collect();
    let before = before.trim_end_matches([' ', ':', '：', '「', '(', '（']);
    // 「郑注 (乡饮酒礼): …」
    if let Some(inner) = before.strip_suffix(')').or_else(|| before.strip_suffix('）')) {
        let name = inner.rsplit(['(', '（']).next().unwrap_or("");
        return CHAPTERS.iter().map(|(n, _, _)| *n).find(|n| name.starts_with(n));
    }
    let before = before.strip_suffix("郑注").or_else(|| before.strip_suffix("贾疏"))?;
    CHAPTERS.iter().map(|(n, _, _)| *n).find(|n| before.ends_with(n))
}

/// Checks every quotation in `text`, a scene file of the rite whose chapter is `own` (「乡射」 or
/// 「大射」; None: any chapter).
pub fn check(lib: &Library, text: &str, own: Option<&str>) -> Vec<Misquote> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (line, col, layer, quoted) in quotations(text) {
        let wanted = named_chapter(lines[line - 1], col).or(own);
        let chapters: Vec<&Chapter> = lib.chapters.iter().filter(|c| wanted.is_none_or(|w| c.name == w)).collect();
        // a quotation may leave words out with …: each run must be there; the scenes write 於 and
        // other forms that the simplified editions give as 于 …
        let fragments: Vec<Vec<char>> =
            quoted.split('…').map(|f| folded_letters(&simplified(f)).collect::<Vec<_>>()).filter(|f| f.len() >= SHORTEST).collect();
        let bad = fragments.iter().find(|f| !chapters.iter().any(|c| lib.contains(c, layer, f)));
        if let Some(fragment) = bad {
            let nearest = chapters.first().and_then(|c| lib.nearest(c, layer, fragment));
            let all_there = |c: &Chapter| fragments.iter().all(|f| lib.contains(c, layer, f));
            let elsewhere =
                lib.chapters.iter().filter(|c| !chapters.iter().any(|w| w.name == c.name)).find(|c| all_there(c)).map(|c| c.name);
            out.push(Misquote { line, col, layer, quoted, nearest, elsewhere });
        }
    }
    out
}

/// The chapter a 郑氏注 edition's file is (「乡射」 for KR1d0026_005).
pub fn chapter_of(zhu_file: &str) -> Option<&'static str> {
    CHAPTERS.iter().find(|(_, z, _)| *z == zhu_file).map(|(n, _, _)| *n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotations_are_found_after_their_markers() {
        let q = quotations("source: \"郑注: 县于东方辟射位也; 贾疏 授者在东，饮者在西) and 郑注 at 宾反位: 反从降之位也\"");
        let words: Vec<&str> = q.iter().map(|(_, _, _, w)| w.as_str()).collect();
        assert_eq!(words, vec!["县于东方辟射位也", "授者在东，饮者在西", "反从降之位也"]);
        assert_eq!(q[1].2, Layer::Shu);
        // a name, not a quotation
        assert!(quotations("// 郑注 says so").is_empty());
    }

    #[test]
    fn a_misquote_is_found_and_a_true_quote_passes() {
        let lib = Library::load().unwrap();
        let text = "a\n  source: \"郑注: 此县谓磬也\",\n  source: \"郑注: 此县谓钟也，在东方\",\n";
        let bad = check(&lib, text, Some("乡射"));
        assert_eq!(bad.len(), 1, "{bad:?}");
        assert_eq!((bad[0].line, bad[0].col), (3, 16));
        assert!(bad[0].nearest.as_deref().is_some_and(|n| n.contains("此县谓磬也")), "{bad:?}");
        // the same words quoted as another chapter's 注 are looked for there
        assert_eq!(check(&lib, "乡射郑注: 此县谓磬也", Some("大射")), vec![]);
    }
}
