//! Aligning the editions with our clauses. The 郑氏注 edition's 经, simplified and folded, is
//! matched with our 原文 character by character (Myers' diff): each (经, 注) pair then ends at a
//! place in our text, its anchor. The 注疏 edition's large text is matched with the 郑氏注
//! edition's 经 and 注 together, so each 音义 and 疏 finds the anchor it follows; where the 郑氏注
//! edition has lost a leaf, the 注疏 edition's own 注 fills it. What does not match is kept:
//! readings of the edition, units left over and why.

use similar::{Algorithm, DiffTag, capture_diff_slices};

use super::kanripo::{Pair, Piece};
use super::simplify::{fold, simplified_chars};

/// Letters matched in a row, in order, that count as the texts agreeing (fewer may be chance).
const FIRM: usize = 3;

/// Where `map[i..i + FIRM]` are matched to consecutive letters of ours: the first of them.
fn firm_run(map: &[Option<usize>], i: usize) -> Option<usize> {
    let first = map.get(i).copied().flatten()?;
    (1..FIRM).all(|k| map.get(i + k).copied().flatten() == Some(first + k)).then_some(first)
}

/// A run of our text the 郑氏注 edition lacks, at least this long, is a lost leaf, not a reading.
pub const LACUNA: usize = 24;

/// Which edition a note is taken from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edition {
    /// 四部丛刊《仪礼》郑氏注
    Sbck,
    /// 文渊阁四库全书《仪礼注疏》
    Wyg,
}

impl Edition {
    pub fn code(self) -> &'static str {
        match self {
            Edition::Sbck => "SBCK",
            Edition::Wyg => "WYG",
        }
    }
    pub fn from_code(code: &str) -> Option<Edition> {
        [Edition::Sbck, Edition::Wyg].into_iter().find(|e| e.code() == code)
    }
}

/// Where a note goes: after our letter `anchor` (its 经 ends there).
#[derive(Debug, Clone, PartialEq)]
pub enum Anchored {
    /// the 郑氏注 edition's pair `pair`
    Zhu { pair: usize, anchor: usize },
    /// a 注 of the 注疏 edition inside a lost leaf: piece `piece`, its first `len` characters
    FilledZhu { piece: usize, len: usize, anchor: usize },
    /// an 音义 or 疏 of the 注疏 edition: piece `piece`
    Note { piece: usize, anchor: usize },
}

/// A difference between the edition's 经 and ours, at our letter `at`.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    pub at: usize,
    pub edition: String,
    pub ours: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Alignment {
    pub anchored: Vec<Anchored>,
    pub readings: Vec<Reading>,
    /// runs of our letters the 郑氏注 edition lacks: [from, to)
    pub lacunae: Vec<(usize, usize)>,
    /// pairs whose 经 matched nothing of ours, and why
    pub left: Vec<(usize, String)>,
    /// letters of the edition's 经, and how many of them matched ours
    pub jing_letters: usize,
    pub jing_matched: usize,
}

/// For each item of `a`, the item of `b` it is matched with, if any.
fn matching(a: &[char], b: &[char]) -> (Vec<Option<usize>>, Vec<similar::DiffOp>) {
    let ops = capture_diff_slices(Algorithm::Myers, a, b);
    let mut map = vec![None; a.len()];
    for op in &ops {
        let (tag, old, new) = op.as_tag_tuple();
        if tag == DiffTag::Equal {
            for (i, j) in old.zip(new) {
                map[i] = Some(j);
            }
        }
    }
    (map, ops)
}

fn letters_of(s: &str) -> Vec<char> {
    simplified_chars(s).into_iter().filter(|c| c.is_alphanumeric()).map(fold).collect()
}

/// Aligns the editions with `ours` (our 原文's letters, folded).
pub fn align(ours: &[char], pairs: &[Pair], pieces: &[Piece]) -> Alignment {
    // the 郑氏注 edition's 经, each letter with its pair
    let mut jing = Vec::new();
    let mut jing_pair = Vec::new();
    for (p, pair) in pairs.iter().enumerate() {
        let l = letters_of(&pair.jing);
        jing_pair.extend(std::iter::repeat_n(p, l.len()));
        jing.extend(l);
    }
    let (mut jing_to_ours, ops) = matching(&jing, ours);
    let lacunae = lost_leaves(&ops);
    // a letter or two of the edition matched by chance inside a lost leaf (the 卒 of 卒管 with the 卒 of 卒爵) is no match
    for m in jing_to_ours.iter_mut() {
        if m.is_some_and(|j| lacunae.iter().any(|&(from, to)| j >= from && j < to)) {
            *m = None;
        }
    }
    let mut readings = Vec::new();
    for op in &ops {
        let (tag, old, new) = op.as_tag_tuple();
        let inside = |at: usize| lacunae.iter().any(|&(from, to)| at >= from && at < to);
        match tag {
            DiffTag::Equal => {}
            _ if !new.is_empty() && inside(new.start) => {}
            _ => readings.push(Reading { at: new.start, edition: jing[old].iter().collect(), ours: ours[new].iter().collect() }),
        }
    }
    // each pair ends after the last of its letters that matched
    let mut anchored = Vec::new();
    let mut left = Vec::new();
    let mut last_end = vec![None; pairs.len()];
    for (i, m) in jing_to_ours.iter().enumerate() {
        if let Some(j) = m {
            last_end[jing_pair[i]] = Some(j + 1);
        }
    }
    for (p, end) in last_end.iter().enumerate() {
        match end {
            Some(anchor) => anchored.push(Anchored::Zhu { pair: p, anchor: *anchor }),
            None => left.push((p, format!("its 经 「{}」 matches nothing of ours", pairs[p].jing.chars().take(12).collect::<String>()))),
        }
    }
    let (notes, zhu_anchor) = notes(ours, pairs, pieces, &jing_to_ours, &lacunae);
    anchored.extend(notes);
    // a pair whose 经 breaks off where a leaf was lost has, after the gap, the 注 of the leaf's last 经 (「一人」 then the 注 of
    // 管《新宫》): it goes where the 注疏 edition puts that same 注
    let mut filled_twice = Vec::new();
    for a in anchored.iter_mut() {
        if let Anchored::Zhu { pair, anchor } = a
            && lacunae.iter().any(|&(from, _)| *anchor == from)
            && let Some((piece, moved)) = same_zhu_in_wyg(&pairs[*pair].zhu, pieces, &zhu_anchor)
        {
            *anchor = moved;
            filled_twice.push(piece);
        }
    }
    // the 郑氏注 edition's own 注 is given there, not the 注疏 edition's copy of it as well; so too where a leaf was lost just
    // after a pair the 郑氏注 edition still has, with its 注
    let pair_anchors: Vec<usize> =
        anchored.iter().filter_map(|a| if let Anchored::Zhu { anchor, .. } = a { Some(*anchor) } else { None }).collect();
    anchored.retain(|a| match a {
        Anchored::FilledZhu { piece, anchor, .. } => !filled_twice.contains(piece) && !pair_anchors.contains(anchor),
        _ => true,
    });
    anchored.sort_by_key(|a| match a {
        Anchored::Zhu { anchor, .. } | Anchored::FilledZhu { anchor, .. } => (*anchor, 0),
        Anchored::Note { anchor, .. } => (*anchor, 1),
    });
    let jing_matched = jing_to_ours.iter().filter(|m| m.is_some()).count();
    Alignment { anchored, readings, lacunae, left, jing_letters: jing.len(), jing_matched }
}

/// The runs of our letters the 郑氏注 edition lacks, long enough to be a lost leaf: the diff's inserts of at least
/// `LACUNA` letters, each begun where a shorter insert just before it (fewer than `FIRM` letters matched between, by
/// chance) shows the leaf was lost from there.
fn lost_leaves(ops: &[similar::DiffOp]) -> Vec<(usize, usize)> {
    let inserts: Vec<(usize, usize)> = ops
        .iter()
        .map(|op| op.as_tag_tuple())
        .filter(|(tag, _, _)| *tag == DiffTag::Insert)
        .map(|(_, _, new)| (new.start, new.end))
        .collect();
    let mut leaves = Vec::new();
    for (k, &(from, to)) in inserts.iter().enumerate() {
        if to - from < LACUNA {
            continue;
        }
        let start = match k.checked_sub(1).map(|p| inserts[p]) {
            Some((s, e)) if from - e < FIRM && e - s < LACUNA => s,
            _ => from,
        };
        leaves.push((start, to));
    }
    leaves
}

/// A longest common subsequence of `a` and `b` in which each letter of `b` goes with the first letter of `a` that
/// keeps it longest: a 经 before the 注 that repeats it. (The diff gives no such promise: it took the 注's.) A lost
/// leaf is a few hundred letters, so the full table is small.
fn earliest_matching(a: &[char], b: &[char]) -> Vec<Option<usize>> {
    let (n, m) = (a.len(), b.len());
    // longest[i][j]: the longest common subsequence of a[i..] and b[j..]
    let mut longest = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            longest[i][j] = if a[i] == b[j] { longest[i + 1][j + 1] + 1 } else { longest[i + 1][j].max(longest[i][j + 1]) };
        }
    }
    let mut map = vec![None; n];
    let (mut i, mut j) = (0, 0);
    while i < n && j < m {
        if a[i] == b[j] {
            map[i] = Some(j);
            (i, j) = (i + 1, j + 1);
        } else if longest[i + 1][j] == longest[i][j] {
            i += 1;
        } else {
            j += 1;
        }
    }
    map
}

/// A lost leaf's large text matched with ours: its 经 pieces first, then the rest (a 注 piece runs on into the 经 after it,
/// unmarked) only within the gaps they leave. Matched all at once, a 注 that repeats its 经 (「使人相祭」, 注「使人相者相其祭」)
/// could take the 经's letters and leave the 经 unmatched.
fn leaf_matching(large: &[char], is_jing: &[bool], ours: &[char]) -> Vec<Option<usize>> {
    let jing: Vec<usize> = (0..large.len()).filter(|&i| is_jing[i]).collect();
    let first = earliest_matching(&jing.iter().map(|&i| large[i]).collect::<Vec<_>>(), ours);
    let mut map = vec![None; large.len()];
    for (k, m) in first.into_iter().enumerate() {
        map[jing[k]] = m;
    }
    let mut i = 0;
    let mut ours_from = 0;
    while i < large.len() {
        if let Some(j) = map[i] {
            ours_from = j + 1;
            i += 1;
            continue;
        }
        let start = i;
        while i < large.len() && map[i].is_none() {
            i += 1;
        }
        let ours_to = map.get(i).copied().flatten().unwrap_or(ours.len());
        let gap = earliest_matching(&large[start..i], &ours[ours_from..ours_to]);
        for (k, m) in gap.into_iter().enumerate() {
            map[start + k] = m.map(|j| ours_from + j);
        }
    }
    map
}

/// The 注疏 edition's 注 whose letters begin with `zhu`'s, if it has exactly one such, and where it is anchored.
fn same_zhu_in_wyg(zhu: &str, pieces: &[Piece], zhu_anchor: &[Option<usize>]) -> Option<(usize, usize)> {
    let letters = letters_of(zhu);
    if letters.len() < FIRM {
        return None;
    }
    let mut found = pieces.iter().enumerate().filter_map(|(i, p)| match p {
        Piece::Zhu(t) if letters_of(t).starts_with(&letters) => zhu_anchor[i].map(|a| (i, a)),
        _ => None,
    });
    let first = found.next()?;
    found.next().is_none().then_some(first)
}

/// The 注疏 edition's notes, anchored through the 郑氏注 edition (and, in its lost leaves, through
/// our text directly); and for each of its pieces that is a 注, the anchor it follows.
fn notes(
    ours: &[char],
    pairs: &[Pair],
    pieces: &[Piece],
    jing_to_ours: &[Option<usize>],
    lacunae: &[(usize, usize)],
) -> (Vec<Anchored>, Vec<Option<usize>>) {
    // the 郑氏注 edition as one stream: for each letter, our letter if it is a matched 经 letter
    let mut full = Vec::new();
    let mut full_to_ours = Vec::new();
    let mut k = 0;
    for pair in pairs {
        for c in letters_of(&pair.jing) {
            full.push(c);
            full_to_ours.push(jing_to_ours[k]);
            k += 1;
        }
        for c in letters_of(&pair.zhu) {
            full.push(c);
            full_to_ours.push(None);
        }
    }
    // the 注疏 edition's large text, each letter with its piece
    let mut large = Vec::new();
    let mut large_piece = Vec::new();
    for (i, piece) in pieces.iter().enumerate() {
        if let Piece::Jing(t) | Piece::Zhu(t) = piece {
            let l = letters_of(t);
            large_piece.extend(std::iter::repeat_n(i, l.len()));
            large.extend(l);
        }
    }
    let (large_to_full, _) = matching(&large, &full);
    let mut large_to_ours: Vec<Option<usize>> = large_to_full.iter().map(|m| m.and_then(|f| full_to_ours[f])).collect();
    // inside a lost leaf, the 注疏 edition's letters are matched with ours directly
    for &(from, to) in lacunae {
        // the edges are firm runs of matched letters, not one letter that matched by chance
        // elsewhere (a 篚 or 卒 after the gap matched to an earlier one left the gap unfilled)
        let firm = |i: usize| firm_run(&large_to_ours, i);
        let before = (0..large.len())
            .rev()
            .find(|&i| firm(i).is_some_and(|j| j < from))
            .map_or(0, |i| (i..large.len()).find(|&k| large_to_ours[k].is_none_or(|j| j >= from)).unwrap_or(large.len()));
        let after = (0..large.len()).find(|&i| firm(i).is_some_and(|j| j >= to)).unwrap_or(large.len());
        if before >= after {
            continue;
        }
        let is_jing: Vec<bool> = (before..after).map(|i| matches!(pieces[large_piece[i]], Piece::Jing(_))).collect();
        // our letters between the firm runs: the leaf, and any of ours just before it that the letters after the
        // last firm run (「奠觯于篚」 matched to a later 篚) left
        let ours_from = before.checked_sub(1).and_then(|i| large_to_ours[i]).map_or(from, |j| (j + 1).min(from));
        let ours_to = large_to_ours.get(after).copied().flatten().map_or(to, |j| j.max(to));
        // what the letters there had matched in the 郑氏注 edition, which lacks them, was chance: all are matched anew
        for (i, m) in leaf_matching(&large[before..after], &is_jing, &ours[ours_from..ours_to]).into_iter().enumerate() {
            large_to_ours[before + i] = m.map(|j| ours_from + j);
        }
    }
    let mut out = Vec::new();
    let mut zhu_anchor = vec![None; pieces.len()];
    let mut cursor = 0; // letters of `large` before the piece being read
    let mut anchor = 0; // our letter after the last matched large letter so far
    for (i, piece) in pieces.iter().enumerate() {
        match piece {
            Piece::Jing(_) | Piece::Zhu(_) => {
                let n = large_piece[cursor..].iter().take_while(|p| **p == i).count();
                let here = &large_to_ours[cursor..cursor + n];
                // a 注 whose 经 ended inside a lost leaf, or where it begins: the 郑氏注 edition has none to give (unless a pair of
                // its own ends there: see `align`)
                let lost = lacunae.iter().any(|&(from, to)| anchor >= from && anchor <= to);
                // the 注 runs until its next 经 begins: the first firm run of matched letters
                let len = (0..here.len()).find(|&i| firm_run(here, i).is_some()).unwrap_or(here.len());
                if matches!(piece, Piece::Zhu(_)) && lost && len > 0 {
                    out.push(Anchored::FilledZhu { piece: i, len, anchor });
                }
                if matches!(piece, Piece::Zhu(_)) {
                    zhu_anchor[i] = Some(anchor);
                }
                if let Some(m) = here.iter().flatten().last() {
                    anchor = m + 1;
                }
                cursor += n;
            }
            Piece::Yinyi(_) | Piece::Shu(_) => out.push(Anchored::Note { piece: i, anchor }),
        }
    }
    (out, zhu_anchor)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn a_letter_goes_with_the_first_that_keeps_the_match_longest() {
        // 经「使人相祭」, then its 注「使人相者相其祭」: ours has the 经 once, and it is the 经 that matches
        let m = earliest_matching(&chars("荐脯醢辄荐之使人相祭使人相者相其祭卒爵"), &chars("荐脯醢使人相祭卒爵"));
        assert_eq!(&m[..3], &[Some(0), Some(1), Some(2)]);
        assert_eq!(&m[6..10], &[Some(3), Some(4), Some(5), Some(6)]);
        assert!(m[10..17].iter().all(Option::is_none), "{m:?}");
        assert_eq!(&m[17..], &[Some(7), Some(8)]);
    }
}
