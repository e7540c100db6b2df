//! A reader for 熊朋来《瑟谱》 as Kanripo transcribes it (sources/music/): the lyric of each stanza,
//! then in parentheses its 律吕 line and its 工尺 line, one sign a character; after the stanzas of a
//! song, a heading with its title and mode (「闗雎三章…無射商」).
//!
//! [`transcribe`] turns what is read into notes, by rules recorded with each note they change:
//! the 律 line gives the note, the 工尺 line its octave (六 and 五 are the 清声 an octave up,
//! 《瑟谱》卷一「雅律通俗譜例」).

use serde::{Deserialize, Serialize};

use super::tuning::{LU, Pitch, lu_of};

/// A song as transcribed: what `music/songs.ron` holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Song {
    /// the name the scenes use, in simplified characters (「关雎」)
    pub piece: String,
    /// the name as the source writes it
    pub title: String,
    pub mode: String,
    /// where in 《瑟谱》
    pub source: String,
    pub stanzas: Vec<Stanza>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stanza {
    pub lyric: String,
    /// the 律吕 line, as the source has it
    pub lu: String,
    /// the 工尺 line, as the source has it
    pub gongche: String,
    /// the notes as read, one a character, space-separated (「黄清」 is an octave up)
    pub notes: String,
    /// every note where the reading is not simply the 律 line's
    #[serde(default)]
    pub readings: Vec<Reading>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    /// the character's index in the stanza
    pub at: usize,
    pub why: String,
}

/// A stanza as the source has it, with the line it starts on.
#[derive(Debug, Clone)]
pub struct SourceStanza {
    pub line: usize,
    pub lyric: String,
    pub lu: String,
    pub gongche: String,
}

/// A song: its stanzas, then the heading line that names it.
#[derive(Debug, Clone)]
pub struct SourceSong {
    pub line: usize,
    pub title: String,
    pub mode: String,
    pub stanzas: Vec<SourceStanza>,
}

/// The 工尺 signs and the 律 each may stand for (卷一「雅律通俗譜例」), with its octave.
fn gongche(c: char) -> Option<(&'static [u8], i8)> {
    Some(match c {
        '合' => (&[0], 0),
        '四' => (&[1, 2], 0),
        '一' => (&[3, 4], 0),
        '上' => (&[5], 0),
        '勾' => (&[6], 0),
        '尺' => (&[7], 0),
        '工' => (&[8, 9], 0),
        '凡' => (&[10, 11], 0),
        '六' => (&[0], 1),
        '五' => (&[1, 2, 3], 1),
        _ => return None,
    })
}

/// The modes the headings name: the 宫 they stand on and the degree the song ends on.
const MODES: [(&str, u8); 4] = [("黄鍾宫", 0), ("無射商", 10), ("黄鍾羽", 0), ("夾鍾角", 3)];

/// The seven notes of a mode on the 宫 `gong`: 宫 商 角 变徵 徵 羽 变宫.
pub fn scale(gong: u8) -> [u8; 7] {
    [0, 2, 4, 6, 7, 9, 11].map(|s| (gong + s) % 12)
}

/// One source line: the page marks and line ends taken off, the indent trimmed.
fn clean(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(i) = rest.find("<pb:") {
        out.push_str(&rest[..i]);
        rest = rest[i..].find('>').map_or("", |j| &rest[i + j + 1..]);
    }
    out.push_str(rest);
    let out = out.replace('¶', "");
    // a character Kanripo writes as an entity (&KR0621;) is one character of the text
    let mut text = String::new();
    let mut chars = out.trim_matches(|c: char| c == '\u{3000}' || c.is_whitespace()).chars().peekable();
    while let Some(c) = chars.next() {
        if c == '&' {
            let entity: String = chars.by_ref().take_while(|&c| c != ';').collect();
            text.push(if entity.starts_with("KR") { '〓' } else { '&' });
        } else {
            text.push(c);
        }
    }
    text
}

/// The source's paragraphs (runs of lines between blank ones), with the line each starts on. A
/// line that held only a page mark is no break: a score runs on over the page.
fn paragraphs(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, raw) in text.lines().enumerate() {
        if raw.starts_with('#') {
            continue;
        }
        let line = clean(raw);
        if line.is_empty() {
            if raw.trim_start().starts_with("<pb:") {
                continue;
            }
            out.extend(current.take());
        } else {
            current.get_or_insert((i + 1, String::new())).1.push_str(&line);
        }
    }
    out.extend(current);
    out
}

/// A score paragraph split into its 律 line and its 工尺 line, if it is one.
fn score_lines(p: &str) -> Option<(String, String)> {
    let inner = p.strip_prefix('(')?.strip_suffix(')')?;
    let chars: Vec<char> = inner.chars().collect();
    let n = chars.iter().take_while(|&&c| lu_of(c).is_some()).count();
    if n == 0 || chars.len() != 2 * n || !chars[n..].iter().all(|&c| gongche(c).is_some()) {
        return None;
    }
    Some((chars[..n].iter().collect(), chars[n..].iter().collect()))
}

/// Reads the songs of one 卷. A score whose length is not its lyric's is an error, at its line.
pub fn read(text: &str) -> Result<Vec<SourceSong>, String> {
    let paras = paragraphs(text);
    let mut songs = Vec::new();
    let mut stanzas: Vec<SourceStanza> = Vec::new();
    for (k, (line, p)) in paras.iter().enumerate() {
        if let Some((lu, gongche)) = score_lines(p) {
            let Some((lline, lyric)) = k.checked_sub(1).map(|j| &paras[j]) else {
                return Err(format!("line {line}: a score with no lyric before it"));
            };
            if lyric.chars().count() != lu.chars().count() {
                return Err(format!(
                    "line {line}: the score has {} notes but the lyric at line {lline} has {} characters",
                    lu.chars().count(),
                    lyric.chars().count()
                ));
            }
            stanzas.push(SourceStanza { line: *lline, lyric: lyric.clone(), lu, gongche });
        } else if let Some((mode, _)) = MODES.iter().find(|(m, _)| p.contains(m)) {
            let Some(zhang) = p.find('章') else { continue };
            if stanzas.is_empty() {
                continue;
            }
            // 「四牡五章」: the title is what comes before the count of stanzas
            let title = p[..zhang].trim_end_matches(|c: char| "一二三四五六七八九十".contains(c)).to_string();
            songs.push(SourceSong { line: *line, title, mode: mode.to_string(), stanzas: std::mem::take(&mut stanzas) });
        }
    }
    Ok(songs)
}

/// The notes of a source song, with every place a rule changed what the 律 line says.
pub fn transcribe(song: &SourceSong, piece: &str, source: &str) -> Song {
    let gong = MODES.iter().find(|(m, _)| *m == song.mode).map_or(0, |(_, g)| *g);
    let in_mode = scale(gong);
    let stanzas = song
        .stanzas
        .iter()
        .map(|s| {
            let mut readings = Vec::new();
            let mut prev: Option<Pitch> = None;
            let notes: Vec<String> =
                s.lu.chars()
                    .zip(s.gongche.chars())
                    .enumerate()
                    .map(|(i, (l, g))| {
                        let (lu, (may, octave)) = (lu_of(l).unwrap_or(0), gongche(g).unwrap_or((&[], 0)));
                        let mut read = lu;
                        let mut octave = octave;
                        if !in_mode.contains(&lu) {
                            // a 律 outside the mode, where its 工尺 sign also names one inside it:
                            // the scribe's near form (大 for 太), read as the mode has it
                            if let [one] = may.iter().copied().filter(|m| in_mode.contains(m)).collect::<Vec<_>>()[..] {
                                read = one;
                                let why = format!("{} 不在{}，工尺作「{g}」，读作{}", LU[lu as usize], song.mode, LU[one as usize]);
                                readings.push(Reading { at: i, why });
                            }
                        } else if !may.contains(&lu) {
                            // the two lines disagree: the 律 line is the score (卷一: 「譜中毎字各書其律」);
                            // the 工尺 sign, naming another note, cannot say its octave, so the note
                            // goes where it lies nearest the notes before and after
                            let next =
                                s.lu.chars()
                                    .zip(s.gongche.chars())
                                    .nth(i + 1)
                                    .and_then(|(l, g)| Some(Pitch { lu: lu_of(l)?, octave: gongche(g)?.1 }));
                            let near = |o: i8| {
                                let here = Pitch { lu, octave: o }.step();
                                [prev, next].iter().flatten().map(|p| (here - p.step()).abs()).sum::<i32>() + o.abs() as i32
                            };
                            octave = (-1i8..=1).min_by_key(|&o| near(o)).unwrap_or(0);
                            let why = format!(
                                "律作{}而工尺作「{g}」，从律，取与前后音相近之{}",
                                LU[lu as usize],
                                if octave == 1 { "清声" } else { "正声" }
                            );
                            readings.push(Reading { at: i, why });
                        }
                        let pitch = Pitch { lu: read, octave };
                        prev = Some(pitch);
                        pitch.name()
                    })
                    .collect();
            Stanza { lyric: s.lyric.clone(), lu: s.lu.clone(), gongche: s.gongche.clone(), notes: notes.join(" "), readings }
        })
        .collect();
    Song { piece: piece.to_string(), title: song.title.clone(), mode: song.mode.clone(), source: source.to_string(), stanzas }
}
