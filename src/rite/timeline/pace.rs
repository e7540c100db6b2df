//! Viewing time: a second clock beside rite time. Rite time stays the truth (walks to scale,
//! gestures at their length); the pace maps it, beat by beat, onto the time a viewer spends.
//! `Real` is the identity. `Film` gives every clause at least the time to read it and plays a
//! long beat as a time-lapse — the same paths and gestures, faster — so a whole rite fits an
//! evening. The map is monotone and continuous: linear inside each beat, beats end to end.

use crate::rite::compile::Rite;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Pace {
    #[default]
    Real,
    Film,
}

impl std::str::FromStr for Pace {
    type Err = String;
    fn from_str(s: &str) -> Result<Pace, String> {
        match s {
            "real" => Ok(Pace::Real),
            "film" => Ok(Pace::Film),
            _ => Err(format!("unknown pace `{s}` (real, film)")),
        }
    }
}

/// Seconds a clause needs on screen to be read: 0.2 s a character of its 原文 (punctuation not
/// counted), and never under 1.5 s.
pub fn reading_time(text: &str) -> f32 {
    (text.chars().filter(|c| c.is_alphanumeric()).count() as f32 * 0.2).max(1.5)
}

/// What film pace adds to the reading time, on average over all the beats, for the motion that
/// lasts longer than the clause takes to read: shared out among the long beats by the logarithm
/// of how much longer they are, so a twenty-minute round plays longer than a two-minute walk, and
/// both as time-lapses.
pub const FILM_EXTRA_PER_BEAT: f32 = 0.5;

/// The film lengths of beats given as (rite seconds, reading seconds).
pub fn film_lengths(beats: &[(f32, f32)]) -> Vec<f32> {
    let weight = |(len, reading): (f32, f32)| (1.0 + (len - reading).max(0.0)).ln();
    let total: f32 = beats.iter().copied().map(weight).sum();
    let budget = FILM_EXTRA_PER_BEAT * beats.len() as f32;
    beats
        .iter()
        .map(|&(len, reading)| {
            let extra = if total > 0.0 { budget * weight((len, reading)) / total } else { 0.0 };
            // never slower than life for a beat longer than its reading
            reading + extra.min((len - reading).max(0.0))
        })
        .collect()
}

/// The map, beat by beat: `(rite start, rite end, view start, view end)`.
#[derive(Debug, Clone, Default)]
pub struct PaceMap {
    pub pace: Pace,
    beats: Vec<[f32; 4]>,
}

impl PaceMap {
    pub fn new(rite: &Rite, pace: Pace) -> PaceMap {
        let spans: Vec<(f32, f32)> = rite.beats().map(|(_, b)| (b.start, b.end)).collect();
        let shown: Vec<f32> = match pace {
            Pace::Real => spans.iter().map(|(a, b)| b - a).collect(),
            Pace::Film => {
                // a beat that sets music going lasts at least its first stanza: a song keeps its
                // tempo, and under film pace it is cut to the stanzas that fit
                let least = |b: &crate::rite::compile::BeatInfo| {
                    let heard = rite.music.iter().filter(|c| c.start == b.start).map(|c| crate::music::cue::least_heard(&c.piece));
                    heard.fold(reading_time(&b.text), f32::max).min(b.end - b.start).max(reading_time(&b.text))
                };
                film_lengths(&rite.beats().map(|(_, b)| (b.end - b.start, least(b))).collect::<Vec<_>>())
            }
        };
        let mut beats = Vec::with_capacity(spans.len());
        let mut view = 0.0;
        for ((r0, r1), len) in spans.into_iter().zip(shown) {
            beats.push([r0, r1, view, view + len]);
            view += len;
        }
        PaceMap { pace, beats }
    }

    /// The whole rite's length in viewing time.
    pub fn duration(&self) -> f32 {
        self.beats.last().map_or(0.0, |b| b[3])
    }

    /// Rite time → viewing time.
    pub fn to_view(&self, t: f32) -> f32 {
        let Some(k) = self.find(|b| b[1], t) else { return t };
        let [r0, r1, v0, v1] = self.beats[k];
        if r1 <= r0 { v0 } else { v0 + (t.clamp(r0, r1) - r0) * (v1 - v0) / (r1 - r0) }
    }

    /// Viewing time → rite time.
    pub fn to_rite(&self, v: f32) -> f32 {
        let Some(k) = self.find(|b| b[3], v) else { return v };
        let [r0, r1, v0, v1] = self.beats[k];
        if v1 <= v0 { r0 } else { r0 + (v.clamp(v0, v1) - v0) * (r1 - r0) / (v1 - v0) }
    }

    /// How many times faster than life the beat at rite time `t` plays (1 or less: not sped up).
    pub fn speedup(&self, t: f32) -> f32 {
        let Some(k) = self.find(|b| b[1], t) else { return 1.0 };
        let [r0, r1, v0, v1] = self.beats[k];
        if v1 > v0 { (r1 - r0) / (v1 - v0) } else { 1.0 }
    }

    /// The beat whose end (by `end`) is the first at or after `x`.
    fn find(&self, end: impl Fn(&[f32; 4]) -> f32, x: f32) -> Option<usize> {
        if self.beats.is_empty() || x.is_nan() {
            return None;
        }
        Some(self.beats.partition_point(|b| end(b) < x).min(self.beats.len() - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn film_lengths_read_every_clause_and_shrink_long_beats() {
        assert_eq!(reading_time("，。"), 1.5);
        assert!((reading_time("主人阼阶上当楣北面再拜") - 2.2).abs() < 1e-5);
        let l = film_lengths(&[(1.0, 2.0), (120.0, 2.0), (1200.0, 2.0), (3.0, 2.0)]);
        assert!(l[0] >= 2.0, "a short beat is slowed to its reading time");
        assert!(l[1] < 120.0 && l[2] < 1200.0, "long beats are time-lapses");
        assert!(l[2] > l[1] && l[1] > l[3], "a longer beat still plays longer");
        assert!(l[3] <= 3.0, "never slower than life once readable");
    }
}
