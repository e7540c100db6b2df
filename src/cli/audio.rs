//! `sheli audio`: a span of the soundtrack written to a WAV file.

use std::io;
use std::process::ExitCode;

use crate::music::library::Library;
use crate::music::synth::SAMPLE_RATE;
use crate::rite::Rite;
use crate::rite::timeline::pace::{Pace, PaceMap};

pub(super) struct Span {
    pub from: Option<String>,
    pub to: Option<String>,
    pub start: Option<f64>,
}

/// Samples written at a time: a long span is never held in memory whole.
const CHUNK: u64 = SAMPLE_RATE as u64 * 10;

/// The largest WAV written without `--allow-large`: an hour and a half of sound.
const LARGE_BYTES: u64 = 512 << 20;

/// The span's ends on the pace's clock, in seconds.
fn resolve(rite: &Rite, span: &Span, map: &PaceMap) -> Result<(f64, f64), String> {
    let a = match &span.from {
        Some(f) => Some(*rite.find_text(f).first().ok_or_else(|| format!("no beat's 原文 contains `{}`", super::shown(f)))?),
        None => None,
    };
    let t0 = match (span.start, a) {
        (Some(s), _) if !(s.is_finite() && s >= 0.0) => return Err(format!("--start must be a non-negative number of seconds, not {s}")),
        (Some(s), _) => s,
        (None, Some(a)) => map.to_view(rite.beat(a).start) as f64,
        (None, None) => 0.0,
    };
    let t1 = match &span.to {
        Some(f) => {
            let hits = rite.find_text(f);
            let b = hits
                .iter()
                .find(|r| a.is_none_or(|a| **r >= a))
                .ok_or_else(|| format!("no clause from there on contains `{}`", super::shown(f)))?;
            map.to_view(rite.beat(*b).end) as f64
        }
        None => map.duration() as f64,
    };
    if t1 <= t0 {
        return Err(format!("the span is empty: it ends at {t1:.1} s, not after its start at {t0:.1} s"));
    }
    Ok((t0, t1))
}

pub(super) fn write(rite: &Rite, span: &Span, pace: Pace, out: &str, allow_large: bool) -> io::Result<ExitCode> {
    let map = PaceMap::new(rite, pace);
    let (t0, t1) = match resolve(rite, span, &map) {
        Ok(x) => x,
        Err(e) => {
            say!("error: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let rate = SAMPLE_RATE as f64;
    let (from, to) = ((t0 * rate).round() as u64, (t1 * rate).round() as u64);
    let bytes = 44 + (to - from) * 2;
    let mb = bytes as f64 / (1 << 20) as f64;
    if bytes > LARGE_BYTES && !allow_large {
        say!(
            "error: --out {out}: {:.1} s of sound makes a {mb:.0} MB file; give --allow-large to write it, or a shorter span (--from, --to)",
            t1 - t0
        );
        return Ok(ExitCode::from(2));
    }
    let path = std::path::Path::new(out);
    let temp = match crate::output::temp_beside(path) {
        Ok(t) => t,
        Err(e) => {
            say!("error: --out {out}: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    say!("{out}: writing {mb:.1} MB");
    match render(rite, &map, &temp, from, to) {
        Ok(()) => {}
        Err(e) => {
            let _ = std::fs::remove_file(&temp);
            say!("error: --out {out}: {e}");
            return Ok(ExitCode::from(1));
        }
    }
    if let Err(e) = crate::output::finish(&temp, path) {
        say!("error: --out {out}: {e}");
        return Ok(ExitCode::from(1));
    }
    say!("{out}: {:.1} s from {t0:.1} s ({} pace)", t1 - t0, if pace == Pace::Film { "film" } else { "real" });
    Ok(ExitCode::SUCCESS)
}

/// Renders samples `from..to` into a WAV at `temp`, flushed to the disk: any failure is an error.
fn render(rite: &Rite, map: &PaceMap, temp: &std::path::Path, from: u64, to: u64) -> Result<(), String> {
    let track = rite.soundtrack(map, Library::builtin());
    let spec = hound::WavSpec { channels: 1, sample_rate: SAMPLE_RATE, bits_per_sample: 16, sample_format: hound::SampleFormat::Int };
    let file = std::fs::File::create(temp).map_err(|e| e.to_string())?;
    let mut wav = hound::WavWriter::new(io::BufWriter::new(file), spec).map_err(|e| e.to_string())?;
    let mut at = from;
    while at < to {
        let end = (at + CHUNK).min(to);
        for s in track.render(at, end) {
            wav.write_sample((s * i16::MAX as f32) as i16).map_err(|e| e.to_string())?;
        }
        at = end;
    }
    wav.finalize().map_err(|e| e.to_string())?;
    std::fs::File::open(temp).and_then(|f| f.sync_all()).map_err(|e| e.to_string())
}
