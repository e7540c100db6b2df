//! The recorded alignment: one line per note, tab-separated, for a reviewer to read and a diff to
//! show; written by [`write`] and read back by [`read`], which puts the units together.

use super::align::{Alignment, Anchored, Edition, align};
use super::kanripo::{Pair, Piece, read_shu_edition, read_zhu_edition};
use super::{Commentary, NoteKind, Text, Unit, beats_of, divisions, our_letters, source};

/// The two editions of one rite.
struct Editions {
    zhu_name: String,
    shu_name: String,
    pairs: Vec<Pair>,
    pieces: Vec<Piece>,
}

fn editions(zhu_name: &str, shu_name: &str) -> Result<Editions, String> {
    let (_, pairs) = read_zhu_edition(source(zhu_name)?).map_err(|e| format!("sources/commentary/{zhu_name}.txt: {e}"))?;
    let pieces = read_shu_edition(source(shu_name)?).map_err(|e| format!("sources/commentary/{shu_name}.txt: {e}"))?;
    Ok(Editions { zhu_name: zhu_name.into(), shu_name: shu_name.into(), pairs, pieces })
}

/// The letters before `at`, for a reader to find the place.
fn context(ours: &[char], at: usize) -> String {
    ours[at.saturating_sub(8)..at.min(ours.len())].iter().collect()
}

/// Aligns the two sources with `beats` (a scene's beat texts, in order) and writes the record.
pub fn write<'a>(title: &str, command: &str, beats: impl IntoIterator<Item = &'a str>, zhu: &str, shu: &str) -> Result<String, String> {
    let ed = editions(zhu, shu)?;
    let (ours, _) = our_letters(beats);
    let a = align(&ours, &ed.pairs, &ed.pieces);
    let mut out = format!(
        "# {title}: where 郑注, 音义 and 贾疏 attach to our 原文. Written by `{command}`: review it, do not edit it.\n\
         # zhu: pair anchor | filled: piece letters anchor (a lost leaf of the 郑氏注 edition, its 注 from the 注疏 edition)\n\
         # note: piece anchor kind | reading: at edition ours | lacuna: from to | left: pair reason\n\
         # an anchor is the count of our letters before which the note stands; the last column is what precedes it\n"
    );
    out += &format!("sources\t{}\t{}\n", ed.zhu_name, ed.shu_name);
    out += &coverage(&a, ours.len());
    for x in &a.anchored {
        out += &match x {
            Anchored::Zhu { pair, anchor } => format!("zhu\t{pair}\t{anchor}\t{}\n", context(&ours, *anchor)),
            Anchored::FilledZhu { piece, len, anchor } => format!("filled\t{piece}\t{len}\t{anchor}\t{}\n", context(&ours, *anchor)),
            Anchored::Note { piece, anchor } => {
                let kind = if matches!(ed.pieces[*piece], Piece::Shu(_)) { "疏" } else { "音义" };
                format!("note\t{piece}\t{anchor}\t{kind}\t{}\n", context(&ours, *anchor))
            }
        };
    }
    for r in &a.readings {
        out += &format!("reading\t{}\t{}\t{}\t{}\n", r.at, or_none(&r.edition), or_none(&r.ours), context(&ours, r.at));
    }
    for (from, to) in &a.lacunae {
        out += &format!("lacuna\t{from}\t{to}\t{}\n", ours[*from..*to].iter().take(12).collect::<String>());
    }
    for (pair, why) in &a.left {
        out += &format!("left\t{pair}\t{why}\n");
    }
    Ok(out)
}

fn or_none(s: &str) -> &str {
    if s.is_empty() { "—" } else { s }
}

fn coverage(a: &Alignment, ours: usize) -> String {
    let lost: usize = a.lacunae.iter().map(|(f, t)| t - f).sum();
    format!(
        "coverage\t经 letters of the 郑氏注 edition matched with ours: {}/{} ({:.2}%); our letters on its lost leaves: {lost}/{ours}; readings: {}; pairs left over: {}\n",
        a.jing_matched,
        a.jing_letters,
        100.0 * a.jing_matched as f64 / a.jing_letters.max(1) as f64,
        a.readings.len(),
        a.left.len()
    )
}

/// The two sources a record names: the 郑氏注 edition and the 注疏 edition.
pub fn sources(record: &str) -> Option<[String; 2]> {
    let line = record.lines().find(|l| l.starts_with("sources\t"))?;
    let mut cols = line.split('\t').skip(1).map(str::to_string);
    Some([cols.next()?, cols.next()?])
}

/// A record without its comment lines: what two alignments must agree on.
pub fn body(record: &str) -> Vec<&str> {
    record.lines().filter(|l| !l.starts_with('#')).collect()
}

/// The numbers on the record's `coverage` line: (matched, of) 经 letters.
pub fn matched(record: &str) -> Option<(usize, usize)> {
    let line = record.lines().find(|l| l.starts_with("coverage\t"))?;
    let (_, rest) = line.split_once(": ")?;
    let (m, rest) = rest.split_once('/')?;
    let of = rest.split(' ').next()?;
    Some((m.parse().ok()?, of.parse().ok()?))
}

/// Puts a rite's commentary together from its record and the sources it names; `file` is the
/// record's name, for messages.
pub fn read<'a>(file: &str, record: &str, beats: impl IntoIterator<Item = &'a str>) -> Result<Commentary, String> {
    let (ours, starts) = our_letters(beats);
    let mut ed: Option<Editions> = None;
    let mut units: Vec<Unit> = Vec::new();
    let mut last_anchor = 0;
    let mut before_any: Vec<(NoteKind, Text)> = Vec::new();
    for (n, line) in record.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let at = |what: &str| format!("{file}:{}:1: error: {what}", n + 1);
        let cols: Vec<&str> = line.split('\t').collect();
        let num =
            |i: usize| cols.get(i).and_then(|c| c.parse::<usize>().ok()).ok_or_else(|| at(&format!("column {} is not a number", i + 1)));
        match cols[0] {
            "sources" if cols.len() >= 3 => ed = Some(editions(cols[1], cols[2]).map_err(|e| at(&e))?),
            "zhu" | "filled" | "note" => {
                let ed = ed.as_ref().ok_or_else(|| at("a note before the `sources` line"))?;
                let anchor = num(if cols[0] == "filled" { 3 } else { 2 })?;
                if anchor > ours.len() || anchor < last_anchor {
                    return Err(at(&format!(
                        "anchor {anchor} is out of order or past our text's {} letters: regenerate the record",
                        ours.len()
                    )));
                }
                match cols[0] {
                    "note" => {
                        let piece = num(1)?;
                        let (kind, text) = match ed.pieces.get(piece) {
                            Some(Piece::Shu(t)) => (NoteKind::Shu, Text::new(t)),
                            Some(Piece::Yinyi(t)) => (NoteKind::Yinyi, Text::kept(t)),
                            _ => return Err(at(&format!("piece {piece} of {} is not an 音义 or 疏", ed.shu_name))),
                        };
                        // a note follows the 注 it stands after; one before any 注 (on the title)
                        // goes with the first
                        match units.last_mut() {
                            Some(u) => u.notes.push((kind, text)),
                            None => before_any.push((kind, text)),
                        }
                    }
                    kind => {
                        let (edition, jing, zhu) = if kind == "zhu" {
                            let pair = ed.pairs.get(num(1)?).ok_or_else(|| at("no such pair"))?;
                            (Edition::Sbck, pair.jing.clone(), pair.zhu.clone())
                        } else {
                            let Some(Piece::Zhu(t)) = ed.pieces.get(num(1)?) else { return Err(at("that piece is not a 注")) };
                            (Edition::Wyg, String::new(), first_letters(t, num(2)?))
                        };
                        let letters = last_anchor..anchor;
                        let beats = beats_of(&letters, &starts);
                        units.push(Unit { edition, jing, zhu: Text::new(&zhu), notes: std::mem::take(&mut before_any), letters, beats });
                        last_anchor = anchor;
                    }
                }
            }
            "coverage" | "reading" | "lacuna" | "left" => {}
            other => return Err(at(&format!("unknown line kind `{other}`"))),
        }
    }
    let divisions = divisions::find(&units, &ours, &starts);
    Ok(Commentary { units, divisions })
}

/// The text up to (and without) its `n`+1th letter.
fn first_letters(text: &str, n: usize) -> String {
    let mut seen = 0;
    text.chars()
        .take_while(|c| {
            if c.is_alphanumeric() {
                seen += 1;
            }
            seen <= n
        })
        .collect()
}
