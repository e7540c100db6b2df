//! Music in a scene: a beat's `music: [Cue(…)]` sets a piece going, part by part, each part played
//! by an actor or a group. The rite's compiler places each cue on the rite's clock ([`Placed`]);
//! everything after that ([`super::track`]) is a function of time.

use serde::{Deserialize, Serialize};

use super::library::{Library, Melody};

/// `Cue(piece: "关雎", by: "he_yue")`, or with its parts written out:
/// `Cue(piece: "陔", parts: [(鼓, "sheng")])`.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Cue {
    /// the piece, as `music/songs.ron` or `music/pieces.ron` names it
    pub piece: String,
    /// what sounds, and who plays it
    #[serde(default)]
    pub parts: Vec<(Part, String)>,
    /// or the scene's ensemble that plays it
    #[serde(default)]
    pub by: Option<String>,
    /// keeps sounding, over and over, until the first later clause containing this (乐阕);
    /// without it the piece is played once through and the beat lasts as long as it does
    #[serde(default)]
    pub until: Option<String>,
    /// its drum keeps the beat (间若一): every arrow loosed while it sounds waits for a stroke
    #[serde(default)]
    pub meter: bool,
    /// archers who shoot at their own pace while it sounds (公 … 不以乐志)
    #[serde(default)]
    pub free: Vec<String>,
    /// with a meter, the song is the 节: each pair first hears this many whole songs (终), then
    /// looses one round (拾) a song, the two of the pair in the same one (乡射注「一节之间当拾发，
    /// 四节四拾，其一节先以听也」); 0, the drum's strokes alone
    #[serde(default)]
    pub listen: u32,
}

/// A scene's named group of players: `Ensemble(id: "he_yue", parts: [(歌, "gong_ge"), …])`.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Ensemble {
    pub id: String,
    pub parts: Vec<(Part, String)>,
}

/// A part of the music: the voice, an instrument.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Part {
    #[serde(rename = "歌")]
    Sing,
    #[serde(rename = "瑟")]
    Se,
    #[serde(rename = "笙")]
    Sheng,
    /// pipes: heard only where a melody survives
    #[serde(rename = "管")]
    Guan,
    #[serde(rename = "钟")]
    Bell,
    /// the 鑮: the great single bell of each 县, which keeps the measure with the drum (郑注「鑮如钟而大，奏乐以鼓鑮为节」)
    #[serde(rename = "鑮")]
    GreatBell,
    #[serde(rename = "磬")]
    Chime,
    #[serde(rename = "鼓")]
    Drum,
    /// the 应鼙: the small drum that answers the great drum
    #[serde(rename = "鼙")]
    SmallDrum,
    /// the 朔鼙 of the west 县, which opens the music (郑注「朔，始也。奏乐先击西鼙」)
    #[serde(rename = "朔鼙")]
    LeadDrum,
    #[serde(rename = "鼗")]
    Tao,
    /// a voice speaking or calling (`Say`, `Call`): never a part a cue gives
    #[serde(skip_deserializing)]
    Voice,
}

impl Part {
    pub fn name(self) -> &'static str {
        match self {
            Part::Sing => "歌",
            Part::Se => "瑟",
            Part::Sheng => "笙",
            Part::Guan => "管",
            Part::Bell => "钟",
            Part::GreatBell => "鑮",
            Part::Chime => "磬",
            Part::Drum => "鼓",
            Part::SmallDrum => "鼙",
            Part::LeadDrum => "朔鼙",
            Part::Tao => "鼗",
            Part::Voice => "声",
        }
    }

    pub fn english(self) -> &'static str {
        match self {
            Part::Sing => "voice",
            Part::Se => "zither",
            Part::Sheng => "mouth organ",
            Part::Guan => "pipes",
            Part::Bell => "bells",
            Part::GreatBell => "great bell",
            Part::Chime => "stone chimes",
            Part::Drum => "great drum",
            Part::SmallDrum => "small drum",
            Part::LeadDrum => "leading small drum",
            Part::Tao => "rattle drum",
            Part::Voice => "speaking voice",
        }
    }

    /// Whether the part plays the melody's notes (else it keeps the beat).
    pub fn melodic(self) -> bool {
        matches!(self, Part::Sing | Part::Se | Part::Sheng | Part::Guan)
    }
}

/// A cue on the rite's clock, its performers resolved to actor indices.
#[derive(Debug, Clone)]
pub struct Placed {
    pub piece: String,
    pub parts: Vec<(Part, Vec<usize>)>,
    /// rite seconds
    pub start: f32,
    pub end: f32,
    /// sounds over and over until `end` (else once through)
    pub repeats: bool,
}

/// Seconds between two strokes of the drum that keeps the beat.
pub fn drum_period(lib: &Library) -> f32 {
    lib.choices.notes_per_drum as f32 * lib.choices.seconds_per_note
}

/// How long a piece played once through lasts: a song all its stanzas, a lost piece eight
/// strokes of its drum.
pub fn once_through(lib: &Library, piece: &str) -> Option<f32> {
    Some(match lib.melody(piece)? {
        Melody::Song(song, _) => song.stanzas.iter().map(|s| s.lyric.chars().count()).sum::<usize>() as f32 * lib.choices.seconds_per_note,
        Melody::Lost(_) => 8.0 * drum_period(lib),
    })
}

/// The least of a piece a time-lapse may keep: a song's first stanza, a lost piece two strokes.
pub fn least_heard(piece: &str) -> f32 {
    let lib = Library::builtin();
    match lib.melody(piece) {
        Some(Melody::Song(song, _)) => song.stanzas.first().map_or(0, |s| s.lyric.chars().count()) as f32 * lib.choices.seconds_per_note,
        Some(Melody::Lost(_)) => 2.0 * drum_period(lib),
        None => 0.0,
    }
}
