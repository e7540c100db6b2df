//! The soundtrack: the placed cues laid out as notes on a clock (rite time, or viewing time under
//! a pace), rendered sample by sample, and asked what is sounding at a moment.

use super::cue::{Part, Placed, drum_period};
use super::library::{Library, Melody};
use super::synth::{self, Note};
use super::tuning::Pitch;
use super::voice::Spoken;

/// One part of one cue as it sounds: who plays it, from when to when, and where each character
/// of its melody falls.
#[derive(Debug, Clone)]
pub struct Performance {
    pub piece: String,
    pub part: Part,
    pub performers: Vec<usize>,
    pub start: f64,
    pub end: f64,
    /// the melody played, when the piece is sung to another's (驺虞 to 熊朋来's setting)
    pub melody: Option<String>,
    pub lost: bool,
    /// each character's onset: (time, stanza, index in the stanza)
    pub marks: Vec<(f64, usize, usize)>,
    /// a voice's call: the note it is set on (plain speech has none)
    pub call: Option<Pitch>,
}

/// What is sounding at a moment, for the panel and `sheli state --json`.
#[derive(Debug, Clone, PartialEq)]
pub struct Sounding {
    pub piece: String,
    pub part: Part,
    pub performers: Vec<usize>,
    pub melody: Option<String>,
    pub lost: bool,
    /// the note now sung or played, for a melodic part
    pub note: Option<Pitch>,
    /// the stanza's lyric, and the character now sung
    pub lyric: Option<(String, usize)>,
}

#[derive(Debug, Clone, Default)]
pub struct Soundtrack {
    notes: Vec<Note>,
    performances: Vec<Performance>,
    huangzhong_hz: f64,
}

impl Soundtrack {
    /// Lays the cues out on the clock `clock` maps rite time onto. A cue plays whole stanzas, as
    /// many as fit between the clock's image of its start and end: all of them at rite time (the
    /// beat is as long as the piece), the first at least under a pace that shortens the beat.
    pub fn new(lib: &Library, cues: &[Placed], clock: &dyn Fn(f32) -> f64) -> Soundtrack {
        let mut track = Soundtrack { huangzhong_hz: lib.choices.huangzhong_hz as f64, ..Default::default() };
        let spn = lib.choices.seconds_per_note as f64;
        let period = drum_period(lib) as f64;
        for cue in cues {
            let (vs, ve) = (clock(cue.start), clock(cue.end));
            let melody = lib.melody(&cue.piece);
            let (song, alias, lost) = match melody {
                Some(Melody::Song(s, a)) => (Some(s), a, false),
                Some(Melody::Lost(_)) => (None, None, true),
                None => continue,
            };
            // the stanzas that fit, and when each begins
            let mut plan: Vec<(usize, f64)> = Vec::new();
            if let Some(song) = song {
                let mut t = vs;
                for k in (0..song.stanzas.len()).cycle() {
                    let len = song.stanzas[k].lyric.chars().count() as f64 * spn;
                    let first = plan.is_empty();
                    // rite time is f32: allow for its rounding at hours into the rite
                    if !first && t + len > ve + 0.05 || (!cue.repeats && !first && k == 0) {
                        break;
                    }
                    plan.push((k, t));
                    t += len;
                }
            }
            let melody_end = plan.last().map_or(vs, |&(k, t)| t + song.map_or(0.0, |s| s.stanzas[k].lyric.chars().count() as f64 * spn));
            let beat_end = if cue.repeats || song.is_none() { ve } else { melody_end };
            // 郑注「奏乐先击西鼙」: where the 朔鼙 plays, its stroke opens the piece alone
            let led = cue.parts.iter().any(|(part, _)| *part == Part::LeadDrum);
            for (part, performers) in &cue.parts {
                let mut p = Performance {
                    piece: cue.piece.clone(),
                    part: *part,
                    performers: performers.clone(),
                    start: vs,
                    // a lost melody's singers are shown for as long as the piece sounds
                    end: if part.melodic() && !lost { melody_end.max(vs) } else { beat_end },
                    melody: alias.map(|a| a.melody.clone()),
                    lost,
                    marks: Vec::new(),
                    call: None,
                };
                if part.melodic() {
                    if let Some(song) = song {
                        track.lay_melody(&mut p, song, &plan, spn);
                    }
                } else {
                    // strokes at even intervals (间若一) from the cue's start
                    let strokes = ((beat_end - vs) / period - 1e-9).ceil().max(1.0) as usize;
                    for i in 0..strokes {
                        let t0 = vs + i as f64 * period;
                        let pitch = Pitch { lu: if i % 2 == 0 { 0 } else { 7 }, octave: 0 };
                        let (t0, hz) = match part {
                            // the 应鼙 answers the great drum half a beat later
                            Part::SmallDrum => (t0 + period / 2.0, 0.0),
                            _ if led && i == 0 && *part != Part::LeadDrum => continue,
                            Part::Bell | Part::Chime | Part::GreatBell if i % 2 == 1 => continue,
                            Part::Bell | Part::Chime => (t0, pitch.frequency(track.huangzhong_hz)),
                            // the 鑮 marks the measure with the drum (以鼓鑮为节), on 黄钟 an octave down
                            Part::GreatBell => (t0, Pitch { lu: 0, octave: -1 }.frequency(track.huangzhong_hz)),
                            Part::Tao if i % 8 != 0 => continue,
                            _ => (t0, 0.0),
                        };
                        if t0 < beat_end {
                            track.notes.push(Note { t0, dur: 0.0, part: *part, freq: hz, gain: 1.0 });
                        }
                    }
                }
                track.performances.push(p);
            }
        }
        track.notes.sort_by(|a, b| a.t0.total_cmp(&b.t0));
        track
    }

    /// Adds what is said and called aloud, each syllable on the clock from where it is said.
    pub fn with_voices(mut self, voices: &[Spoken], clock: &dyn Fn(f32) -> f64) -> Soundtrack {
        for v in voices {
            let start = clock(v.t);
            let mut p = Performance {
                piece: v.words.clone(),
                part: Part::Voice,
                performers: vec![v.actor],
                start,
                end: start,
                melody: None,
                lost: false,
                marks: Vec::new(),
                call: v.tone.map(|t| t.pitch()),
            };
            for (i, (at, dur, freq, gain)) in v.notes(self.huangzhong_hz).into_iter().enumerate() {
                p.marks.push((start + at, 0, i));
                p.end = start + at + dur;
                self.notes.push(Note { t0: start + at, dur, part: Part::Voice, freq, gain });
            }
            if !p.marks.is_empty() {
                self.performances.push(p);
            }
        }
        self.notes.sort_by(|a, b| a.t0.total_cmp(&b.t0));
        self
    }

    fn lay_melody(&mut self, p: &mut Performance, song: &super::library::Song, plan: &[(usize, f64)], spn: f64) {
        for &(k, t) in plan {
            for (i, pitch) in song.stanzas[k].pitches().into_iter().enumerate() {
                let t0 = t + i as f64 * spn;
                p.marks.push((t0, k, i));
                let (dur, gain) = match p.part {
                    Part::Se => (spn * 0.9, 1.0),
                    Part::Sheng | Part::Guan => (spn, 0.8),
                    _ => (spn, 1.0),
                };
                self.notes.push(Note { t0, dur, part: p.part, freq: pitch.frequency(self.huangzhong_hz), gain });
            }
        }
    }

    /// Samples `[from, to)` at [`synth::SAMPLE_RATE`], counted from the clock's zero.
    pub fn render(&self, from: u64, to: u64) -> Vec<f32> {
        synth::render(&self.notes, from, to)
    }

    /// When the last sound has died away.
    pub fn duration(&self) -> f64 {
        self.notes.iter().map(Note::t1).fold(0.0, f64::max)
    }

    pub fn performances(&self) -> &[Performance] {
        &self.performances
    }

    /// Onsets of one part's notes or strokes (the great drum's, say), in order.
    pub fn onsets(&self, part: Part) -> Vec<f64> {
        self.notes.iter().filter(|n| n.part == part).map(|n| n.t0).collect()
    }

    pub fn sounding(&self, t: f64, lib: &Library) -> Vec<Sounding> {
        self.performances
            .iter()
            .filter(|p| p.start <= t && t < p.end.max(p.start + 1e-3))
            .map(|p| {
                let at = p.marks.partition_point(|m| m.0 <= t).checked_sub(1).map(|i| p.marks[i]);
                let song = lib.melody(&p.piece).and_then(|m| match m {
                    Melody::Song(s, _) => Some(s),
                    Melody::Lost(_) => None,
                });
                let (note, lyric) = match (at, song) {
                    // a voice: its words, the syllable now said, and the note of a call
                    (Some((_, _, i)), _) if p.part == Part::Voice => {
                        (p.call, Some((p.piece.chars().filter(|c| c.is_alphanumeric()).collect(), i)))
                    }
                    (Some((_, k, i)), Some(s)) => (s.stanzas[k].pitches().get(i).copied(), Some((s.stanzas[k].lyric.clone(), i))),
                    _ => (None, None),
                };
                Sounding {
                    piece: p.piece.clone(),
                    part: p.part,
                    performers: p.performers.clone(),
                    melody: p.melody.clone(),
                    lost: p.lost,
                    note,
                    lyric,
                }
            })
            .collect()
    }
}
