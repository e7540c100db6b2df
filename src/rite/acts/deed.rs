//! What an actor does in a beat, as data: the duty lines of the inspector and of `sheli duties`
//! are written from these in Chinese or in English, so both languages say the same thing.

use super::gesture::Gesture;
use crate::rite::court::measure::Dir;

/// One thing done, in the order it is done.
#[derive(Debug, Clone, PartialEq)]
pub enum Deed {
    /// walked (or hurried, 趋) to a place, up or down a named stair
    Walk {
        to: String,
        via: Option<String>,
        gait: super::moves::Gait,
    },
    Face(Dir),
    /// 少退: stepped back, facing as before
    StepBack,
    Enter(String),
    Exit,
    Gesture(Gesture),
    /// a speech act, in the scene's words (辞, 对, 请射 …)
    Say(String),
    /// words called on a note (获 on 宫)
    Call {
        words: String,
        tone: crate::music::voice::Tone,
    },
    /// 取, 奠, 授, 设, 彻: a thing handled, and where it goes or whom it is handed to
    Handle {
        gesture: Gesture,
        prop: usize,
        place: Option<String>,
        to: Option<String>,
    },
    Shoot {
        target: String,
        hit: bool,
    },
    /// 受: was handed a thing
    Receive(usize),
    /// 相: leads someone (an actor's id) by the right hand
    Lead(String),
    /// 系, 解, 束: a 侯's left lower cord tied, untied, or the cloth rolled up (the 侯's id)
    Cord(Gesture, String),
}

/// A language the duty lines are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    Zh,
    En,
}

impl Lang {
    /// The language asked for by an `--english` flag or an EN switch: the one place a bool
    /// becomes a language.
    pub fn of(english: bool) -> Lang {
        if english { Lang::En } else { Lang::Zh }
    }

    pub fn is_english(self) -> bool {
        self == Lang::En
    }

    /// The word of this language out of a pair written Chinese first: the interface's words.
    pub fn pick<T>(self, zh: T, en: T) -> T {
        match self {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }
}

/// What one actor does in one beat: one list of deeds per act written for him.
pub type Acts = Vec<Vec<Deed>>;
