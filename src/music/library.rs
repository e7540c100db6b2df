//! The music the rites may call for: the songs transcribed from 《瑟谱》 (`music/songs.ron`,
//! written by [`transcribe_sources`] and checked against the source by a test), and what this
//! project chose where the source is silent (`music/pieces.ron`: tempo, tuning, the pieces whose
//! melody is lost, 驺虞 sung to 熊朋来's setting).

use std::sync::OnceLock;

use serde::Deserialize;

use super::sepu;
pub use super::sepu::{Reading, Song, Stanza};
use super::tuning::Pitch;

const SONGS_SRC: &str = include_str!("../../music/songs.ron");
const PIECES_SRC: &str = include_str!("../../music/pieces.ron");

/// The two 卷 of 《瑟谱》 the songs come from.
pub const JUAN2: &str = include_str!("../../sources/music/sepu_juan2.txt");
pub const JUAN3: &str = include_str!("../../sources/music/sepu_juan3.txt");

/// A piece the rite names whose melody is lost: the text's bells and drums sound, and its name.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lost {
    pub piece: String,
    pub en: String,
    pub why: String,
    pub why_en: String,
}

/// A piece sung to another's melody, and why.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SungAs {
    pub piece: String,
    pub melody: String,
    pub why: String,
    pub why_en: String,
}

/// What the source leaves to us.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choices {
    /// seconds each character is sung (one note a character, 《瑟谱》 writes no rhythm)
    pub seconds_per_note: f32,
    /// the drum of 间若一 strikes once a line of the poem: this many notes
    pub notes_per_drum: usize,
    /// 黄钟's frequency: a setting, since its absolute pitch is unknown
    pub huangzhong_hz: f32,
    /// the same, said for the interface
    pub about: String,
    pub about_en: String,
    pub english: Vec<(String, String)>,
    pub sung_as: Vec<SungAs>,
    pub lost: Vec<Lost>,
}

#[derive(Debug, Clone)]
pub struct Library {
    pub choices: Choices,
    pub songs: Vec<Song>,
}

/// What a piece name stands for.
#[derive(Debug, Clone, Copy)]
pub enum Melody<'a> {
    /// a transcribed song, and the piece the rite names if it is sung to it (驺虞 → 驺虞·黄钟羽)
    Song(&'a Song, Option<&'a SungAs>),
    Lost(&'a Lost),
}

impl Library {
    /// The library shipped in the binary; the test suite checks that it parses.
    pub fn builtin() -> &'static Library {
        static LIB: OnceLock<Library> = OnceLock::new();
        LIB.get_or_init(|| Library::parse(SONGS_SRC, PIECES_SRC).unwrap_or_else(|e| panic!("shipped music data: {e}")))
    }

    pub fn parse(songs: &str, pieces: &str) -> Result<Library, String> {
        let songs: Vec<Song> = ron::from_str(songs).map_err(|e| format!("music/songs.ron:{e}"))?;
        let choices: Choices = ron::from_str(pieces).map_err(|e| format!("music/pieces.ron:{e}"))?;
        for s in &songs {
            for (k, st) in s.stanzas.iter().enumerate() {
                let n = st.lyric.chars().count();
                let notes: Vec<&str> = st.notes.split(' ').collect();
                if notes.len() != n || notes.iter().any(|p| Pitch::parse(p).is_none()) {
                    return Err(format!(
                        "music/songs.ron: {} stanza {}: {} notes for {n} characters, or a note unread",
                        s.piece,
                        k + 1,
                        notes.len()
                    ));
                }
            }
        }
        Ok(Library { choices, songs })
    }

    pub fn melody(&self, piece: &str) -> Option<Melody<'_>> {
        if let Some(lost) = self.choices.lost.iter().find(|l| l.piece == piece) {
            return Some(Melody::Lost(lost));
        }
        let alias = self.choices.sung_as.iter().find(|a| a.piece == piece);
        let name = alias.map_or(piece, |a| a.melody.as_str());
        self.songs.iter().find(|s| s.piece == name).map(|s| Melody::Song(s, alias))
    }

    /// Every name a scene may use.
    pub fn pieces(&self) -> Vec<&str> {
        let songs = self.songs.iter().map(|s| s.piece.as_str());
        songs
            .chain(self.choices.sung_as.iter().map(|a| a.piece.as_str()))
            .chain(self.choices.lost.iter().map(|l| l.piece.as_str()))
            .collect()
    }

    /// A piece's English name, for the interface.
    pub fn english(&self, piece: &str) -> String {
        if let Some(l) = self.choices.lost.iter().find(|l| l.piece == piece) {
            return l.en.clone();
        }
        self.choices.english.iter().find(|(p, _)| p == piece).map_or_else(|| piece.to_string(), |(_, e)| e.clone())
    }
}

impl Stanza {
    pub fn pitches(&self) -> Vec<Pitch> {
        self.notes.split(' ').filter_map(Pitch::parse).collect()
    }
}

/// A lyric as the interface shows it: the source's rare variant forms, which common fonts lack,
/// in their usual form (㫖 → 旨, 𤣥 → 玄), one character for one.
pub fn shown(lyric: &str) -> String {
    lyric
        .chars()
        .map(|c| match c {
            '㫖' => '旨',
            '𤣥' => '玄',
            other => other,
        })
        .collect()
}

/// Which songs of the source are kept, under which names: the twelve of 卷二 the 乡饮酒 and 乡射
/// rites use, and 熊朋来's two settings of 驺虞 from 卷三 (kept to show them; not played).
const KEPT: [(&str, &str, &str, &str); 14] = [
    ("鹿鳴", "黄鍾宫", "鹿鸣", "卷二 诗旧谱"),
    ("四牡", "黄鍾宫", "四牡", "卷二 诗旧谱"),
    ("皇皇者華", "黄鍾宫", "皇皇者华", "卷二 诗旧谱"),
    ("魚麗", "黄鍾宫", "鱼丽", "卷二 诗旧谱"),
    ("南有嘉魚", "黄鍾宫", "南有嘉鱼", "卷二 诗旧谱"),
    ("南山有臺", "黄鍾宫", "南山有台", "卷二 诗旧谱"),
    ("闗雎", "無射商", "关雎", "卷二 诗旧谱"),
    ("葛覃", "無射商", "葛覃", "卷二 诗旧谱"),
    ("卷耳", "無射商", "卷耳", "卷二 诗旧谱"),
    ("鵲巢", "無射商", "鹊巢", "卷二 诗旧谱"),
    ("采蘩", "無射商", "采蘩", "卷二 诗旧谱"),
    ("采蘋", "無射商", "采苹", "卷二 诗旧谱"),
    ("騶虞", "黄鍾羽", "驺虞·黄钟羽", "卷三 诗新谱（熊朋来自作）"),
    ("騶虞", "夾鍾角", "驺虞·夹钟角", "卷三 诗新谱（熊朋来自作）"),
];

/// The songs as read from the source, in the order [`KEPT`] gives: what `music/songs.ron` must be.
pub fn transcribe_sources() -> Result<Vec<Song>, String> {
    let mut read = sepu::read(JUAN2).map_err(|e| format!("sources/music/sepu_juan2.txt: {e}"))?;
    read.extend(sepu::read(JUAN3).map_err(|e| format!("sources/music/sepu_juan3.txt: {e}"))?);
    KEPT.iter()
        .map(|(title, mode, piece, where_)| {
            let song =
                read.iter().find(|s| s.title == *title && s.mode == *mode).ok_or_else(|| format!("《瑟谱》 has no {title} in {mode}"))?;
            Ok(sepu::transcribe(song, piece, &format!("《瑟谱》{where_}，第{}行", song.line)))
        })
        .collect()
}

/// The transcription as RON, as `music/songs.ron` is written.
pub fn songs_ron(songs: &[Song]) -> String {
    let config = ron::ser::PrettyConfig::new().depth_limit(3).struct_names(true);
    let body = ron::ser::to_string_pretty(songs, config).unwrap_or_default();
    format!(
        "// 熊朋来《瑟谱》 transcribed by `sheli::music::library::transcribe_sources` from sources/music/;\n// tests/music.rs re-reads the source and checks this file against it. Do not edit by hand.\n{body}\n"
    )
}
