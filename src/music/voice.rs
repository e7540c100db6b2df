//! Voices that are not music: what the rite's people say aloud (辞, 对, 诺, 命 …), heard as a murmur
//! of one syllable a character at a speaking pitch, and the calls the text sets on a note (乡射
//! 「获者坐而获，举旌以宫，偃旌以商」; 大射 the 服不「以宫趋…又诺以商」), sung on that note.

use serde::Deserialize;

use super::tuning::Pitch;

/// The five notes (五声) of the mode on 黄钟, each a 律 reached by 三分损益 from 黄钟 (贾疏 on
/// 举旌以宫，偃旌以商: 「以黄钟之初九下生林钟…林钟又上生大蔟…故举旌以宫，偃旌以商」: 宫 is 黄钟,
/// 商 大蔟).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Tone {
    #[serde(rename = "宫")]
    Gong,
    #[serde(rename = "商")]
    Shang,
    #[serde(rename = "角")]
    Jue,
    #[serde(rename = "徵")]
    Zhi,
    #[serde(rename = "羽")]
    Yu,
}

impl Tone {
    pub fn name(self) -> &'static str {
        match self {
            Tone::Gong => "宫",
            Tone::Shang => "商",
            Tone::Jue => "角",
            Tone::Zhi => "徵",
            Tone::Yu => "羽",
        }
    }

    pub fn pinyin(self) -> &'static str {
        match self {
            Tone::Gong => "gong",
            Tone::Shang => "shang",
            Tone::Jue => "jue",
            Tone::Zhi => "zhi",
            Tone::Yu => "yu",
        }
    }

    /// Its 律 in the mode on 黄钟: 宫 黄钟, 商 太簇, 角 姑洗, 徵 林钟, 羽 南吕.
    pub fn pitch(self) -> Pitch {
        let lu = match self {
            Tone::Gong => 0,
            Tone::Shang => 2,
            Tone::Jue => 4,
            Tone::Zhi => 7,
            Tone::Yu => 9,
        };
        Pitch { lu, octave: 0 }
    }

    /// How loud a call on it is: 贾疏「举旌以宫，大言获也；偃旌以商，小言获也」 (宫 the heaviest note,
    /// 「宫数八十一，声最浊」), so a call on 宫 is given full voice and the others less.
    pub fn loudness(self) -> f32 {
        match self {
            Tone::Gong => 1.0,
            _ => 0.5,
        }
    }
}

/// Something said aloud, on the rite's clock.
#[derive(Debug, Clone, PartialEq)]
pub struct Spoken {
    /// rite seconds
    pub t: f32,
    pub actor: usize,
    /// the scene's words (辞, 诺, 获 …)
    pub words: String,
    /// the note a call is set on; `None` for plain speech
    pub tone: Option<Tone>,
    /// seconds the voice is held unbroken (声不绝), its last syllable drawn out; `None` for speech
    /// at its own pace
    pub held: Option<f32>,
}

/// Seconds a spoken character lasts.
pub const SYLLABLE: f64 = 0.24;
/// Seconds a called character is held: a call carries across the court.
pub const CALLED: f64 = 1.2;

impl Spoken {
    /// The characters voiced: the words less their punctuation.
    pub fn syllables(&self) -> impl Iterator<Item = char> + '_ {
        self.words.chars().filter(|c| c.is_alphanumeric())
    }

    /// Seconds one syllable takes: a called one is held longer than a spoken one.
    fn syllable_seconds(&self) -> f64 {
        if self.tone.is_some() { CALLED } else { SYLLABLE }
    }

    /// Seconds its syllables take at their own pace: a character a syllable.
    pub fn seconds(&self) -> f32 {
        (self.syllables().count() as f64 * self.syllable_seconds()) as f32
    }

    /// Held unbroken from its onset until `t` (the speaker stops, or the clause that ends it begins).
    pub fn hold_to(&mut self, t: f32) {
        self.held = Some((t - self.t).max(0.0));
    }

    /// Each syllable's onset after the first, its length, pitch and loudness: a call held on its
    /// note; speech at the speaking pitch, a murmur rising and falling a little from syllable to
    /// syllable (the words are not synthesized, only that someone speaks, and how long).
    pub fn notes(&self, huangzhong_hz: f64) -> Vec<(f64, f64, f64, f32)> {
        let len = self.syllable_seconds();
        let speaking = match self.tone {
            Some(tone) => tone.pitch().frequency(huangzhong_hz) / 2.0,
            // a fifth below 黄钟, low in a man's voice
            None => huangzhong_hz * 2.0 / 3.0 / 2.0,
        };
        const CONTOUR: [f64; 4] = [1.0, 1.08, 0.95, 1.04];
        let count = self.syllables().count();
        self.syllables()
            .enumerate()
            .map(|(i, _)| {
                let freq = if self.tone.is_some() { speaking } else { speaking * CONTOUR[i % CONTOUR.len()] };
                let gain = self.tone.map_or(0.6, Tone::loudness);
                let dur = match self.held {
                    // the last syllable drawn out to the end of the hold
                    Some(held) if i + 1 == count => (held as f64 - i as f64 * len).max(len * 0.9),
                    _ => len * 0.9,
                };
                (i as f64 * len, dur, freq, gain)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gong_is_huangzhong_and_shang_taicu_a_whole_tone_above() {
        assert_eq!(Tone::Gong.pitch().frequency(261.63), 261.63);
        let ratio = Tone::Shang.pitch().frequency(261.63) / Tone::Gong.pitch().frequency(261.63);
        assert!((ratio - 9.0 / 8.0).abs() < 1e-9, "{ratio}");
    }

    #[test]
    fn a_call_is_held_on_its_note_and_speech_is_a_syllable_a_character() {
        let call = Spoken { t: 0.0, actor: 0, words: "获".into(), tone: Some(Tone::Shang), held: None };
        let notes = call.notes(261.63);
        assert_eq!(notes.len(), 1);
        assert!((notes[0].2 - 261.63 * 9.0 / 8.0 / 2.0).abs() < 1e-9);
        assert!(notes[0].3 < Tone::Gong.loudness(), "商 is the softer call");
        let said = Spoken { t: 0.0, actor: 0, words: "诺！敢不醉".into(), tone: None, held: None };
        let notes = said.notes(261.63);
        assert_eq!(notes.len(), 4, "punctuation is not voiced");
        assert!((notes[3].0 - 3.0 * SYLLABLE).abs() < 1e-9);
        let held = Spoken { t: 0.0, actor: 0, words: "诺".into(), tone: None, held: Some(30.0) };
        assert!((held.notes(261.63)[0].1 - 30.0).abs() < 1e-6, "声不绝: the 诺 lasts the walk");
    }
}
