//! The timbres, made from sine partials under envelopes. Every sample of a note is a pure function
//! of the time since its onset, so a render is the same sample for sample wherever it starts.

use std::f64::consts::TAU;

use super::cue::Part;

pub const SAMPLE_RATE: u32 = 44_100;

/// One sounding note: a stroke, a pluck, a sung character.
#[derive(Debug, Clone, Copy)]
pub struct Note {
    /// onset, seconds on the clock the track runs on
    pub t0: f64,
    /// how long it is held (the ring of a pluck or a bell runs on past it)
    pub dur: f64,
    pub part: Part,
    pub freq: f64,
    pub gain: f32,
}

impl Note {
    /// When the note has died away.
    pub fn t1(&self) -> f64 {
        self.t0 + self.dur + tail(self.part)
    }
}

/// How long a part rings after its note is let go.
pub fn tail(part: Part) -> f64 {
    match part {
        Part::Se => 2.0,
        Part::Bell => 4.0,
        Part::GreatBell => 6.0,
        Part::Chime => 2.5,
        Part::Drum => 1.2,
        Part::SmallDrum | Part::LeadDrum => 0.6,
        Part::Tao => 0.4,
        Part::Sing | Part::Sheng | Part::Guan | Part::Voice => 0.0,
    }
}

/// The longest any note lasts, ring included: for finding what sounds at a time.
pub const LONGEST: f64 = 64.0;

fn sine(phase: f64) -> f64 {
    (TAU * phase.fract()).sin()
}

/// A repeatable noise: a hash of the sample's index since the onset.
fn noise(tau: f64) -> f64 {
    let mut x = (tau * SAMPLE_RATE as f64).round() as u64 ^ 0x9e37_79b9_7f4a_7c15;
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^= x >> 31;
    (x >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
}

/// Rises over `attack`, holds, and falls to nothing over `release` before `dur`.
fn held(tau: f64, dur: f64, attack: f64, release: f64) -> f64 {
    let rise = (tau / attack).min(1.0);
    let fall = ((dur - tau) / release).clamp(0.0, 1.0);
    rise * fall
}

/// A ring that dies away, cut smoothly to nothing at its end.
fn ringing(tau: f64, end: f64, partials: &[(f64, f64, f64)], freq: f64) -> f64 {
    let cut = ((end - tau) / 0.05).clamp(0.0, 1.0);
    let strike = (tau / 0.002).min(1.0);
    partials.iter().map(|&(ratio, amp, decay)| amp * (-decay * tau).exp() * sine(freq * ratio * tau)).sum::<f64>() * cut * strike
}

/// The note's sample `tau` seconds after its onset.
pub fn sample(n: &Note, tau: f64) -> f32 {
    if tau < 0.0 || tau >= n.dur + tail(n.part) {
        return 0.0;
    }
    let f = n.freq;
    let end = n.dur + tail(n.part);
    let v = match n.part {
        // a voice an octave below the 瑟, a soft vowel with a slow vibrato
        Part::Sing => {
            let f = f / 2.0;
            let warble = 0.006 * (1.0 - (TAU * 5.2 * tau).cos()) / (TAU * 5.2);
            let phase = f * (tau + warble);
            let amps = [1.0, 0.5, 0.32, 0.2, 0.12, 0.07];
            let body: f64 = amps.iter().enumerate().map(|(k, a)| a * sine(phase * (k + 1) as f64)).sum();
            0.22 * body * held(tau, n.dur, 0.08, 0.12)
        }
        // a man speaking or calling: a voice at its own pitch, open vowel, quick onset, no vibrato
        Part::Voice => {
            let amps = [1.0, 0.8, 0.55, 0.3, 0.18, 0.1, 0.06];
            let body: f64 = amps.iter().enumerate().map(|(k, a)| a * sine(f * tau * (k + 1) as f64)).sum();
            0.2 * body * held(tau, n.dur, 0.03, 0.08)
        }
        // plucked strings: bright partials that die away, the higher the sooner
        Part::Se => {
            static PLUCK: std::sync::OnceLock<Vec<(f64, f64, f64)>> = std::sync::OnceLock::new();
            // plucked a fifth of the way along: (ratio, amplitude, decay a second)
            let partials = PLUCK.get_or_init(|| {
                (1..=10)
                    .map(|k| (k as f64, (k as f64 * std::f64::consts::PI * 0.18).sin().abs() / k as f64, 1.2 + 0.9 * k as f64))
                    .collect()
            });
            0.45 * ringing(tau, end, partials, f)
        }
        // reeds: a steady buzz, two pipes a hair apart
        Part::Sheng | Part::Guan => {
            let reed = |f: f64| (1..=8).map(|k| sine(f * k as f64 * tau) / k as f64 * if k % 2 == 0 { 0.6 } else { 1.0 }).sum::<f64>();
            0.06 * (reed(f) + reed(f * 1.003)) * held(tau, n.dur, 0.06, 0.08)
        }
        // bronze: two strike tones and inharmonic partials
        Part::Bell => {
            0.3 * ringing(
                tau,
                end,
                &[(1.0, 1.0, 0.9), (1.19, 0.6, 1.3), (2.0, 0.45, 1.8), (2.74, 0.3, 2.6), (3.76, 0.2, 3.5), (5.1, 0.12, 5.0)],
                f,
            )
        }
        // the great bell: the same bronze, deeper and longer
        Part::GreatBell => {
            0.35 * ringing(tau, end, &[(1.0, 1.0, 0.6), (1.19, 0.5, 0.9), (2.0, 0.4, 1.3), (2.74, 0.25, 2.0), (3.76, 0.15, 2.8)], f)
        }
        // stone: a free bar's partials
        Part::Chime => 0.3 * ringing(tau, end, &[(1.0, 1.0, 2.0), (2.76, 0.5, 4.0), (5.4, 0.3, 7.0), (8.93, 0.15, 10.0)], f),
        // skins: a thump whose pitch falls, and the slap of the stick
        Part::Drum => {
            let phase = 55.0 * tau + 40.0 * (1.0 - (-30.0 * tau).exp()) / 30.0;
            0.9 * ((-5.0 * tau).exp() * sine(phase) + 0.3 * (-60.0 * tau).exp() * noise(tau)) * ((end - tau) / 0.05).clamp(0.0, 1.0)
        }
        Part::SmallDrum | Part::LeadDrum => {
            let phase = 140.0 * tau + 60.0 * (1.0 - (-40.0 * tau).exp()) / 40.0;
            0.6 * ((-9.0 * tau).exp() * sine(phase) + 0.4 * (-80.0 * tau).exp() * noise(tau)) * ((end - tau) / 0.05).clamp(0.0, 1.0)
        }
        // the rattle drum: its beads strike three times
        Part::Tao => {
            let hit = |s: f64| if tau >= s { (-80.0 * (tau - s)).exp() * (0.6 * noise(tau) + sine(420.0 * (tau - s))) } else { 0.0 };
            0.3 * (hit(0.0) + hit(0.08) + hit(0.16))
        }
    };
    v as f32 * n.gain
}

/// Samples `[from, to)` (indices on the track's clock at [`SAMPLE_RATE`]) of `notes`, which are
/// sorted by onset.
pub fn render(notes: &[Note], from: u64, to: u64) -> Vec<f32> {
    let rate = SAMPLE_RATE as f64;
    let mut out = vec![0.0f32; to.saturating_sub(from) as usize];
    let (t_from, t_to) = (from as f64 / rate, to as f64 / rate);
    let first = notes.partition_point(|n| n.t0 < t_from - LONGEST);
    for n in notes[first..].iter().take_while(|n| n.t0 < t_to) {
        if n.t1() <= t_from {
            continue;
        }
        // the note's samples are those whose time falls in [t0, t1): index by index, exactly
        let a = ((n.t0 * rate).ceil() as u64).max(from);
        let b = ((n.t1() * rate).ceil() as u64).min(to);
        for i in a..b {
            out[(i - from) as usize] += sample(n, i as f64 / rate - n.t0);
        }
    }
    for s in &mut out {
        *s = s.clamp(-1.0, 1.0);
    }
    out
}
