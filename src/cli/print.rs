//! What the text commands print: check, steps, state, duties, glossary, as text or JSON. Each
//! writes to stdout and returns the write error, so a closed pipe ends it quietly.

use std::io::{self, Write};
use std::process::ExitCode;

use serde::Serialize;

use super::MomentArgs;
use crate::rite::Rite;
use crate::rite::acts::deed::Lang;
use crate::rite::duty::describe;
use crate::rite::glossary::{self, Term};
use crate::rite::timeline::pace::{Pace, PaceMap};
use crate::rite::timeline::query::BeatRef;

pub(super) fn check(scenes: &[String]) -> io::Result<ExitCode> {
    let mut out = io::stdout().lock();
    let mut failed = false;
    for name in scenes {
        match super::load_reporting(name) {
            Ok(loaded) => {
                // quotations of 郑注 and 贾疏 that the editions do not have: warnings, not failures
                for warning in super::notes::misquotes(&loaded) {
                    writeln!(out, "{warning}")?;
                }
                let rite = loaded.rite;
                let beats: usize = rite.steps.iter().map(|s| s.beats.len()).sum();
                writeln!(
                    out,
                    "{name}: ok: {} ({}), {} steps, {} beats, {} actors, {} props, {:.0} s",
                    rite.title,
                    rite.id,
                    rite.steps.len(),
                    beats,
                    rite.timeline.actors.len(),
                    rite.timeline.props.len(),
                    rite.timeline.duration
                )?;
            }
            Err(_) => failed = true,
        }
    }
    Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

#[derive(Serialize)]
struct StepJson<'a> {
    id: &'a str,
    index: usize,
    section: &'a str,
    start: f32,
    end: f32,
    rite_start: f32,
    rite_end: f32,
    text: String,
    translation: &'a str,
    translation_en: &'a str,
    beats: Vec<BeatJson<'a>>,
}

#[derive(Serialize)]
struct BeatJson<'a> {
    index: usize,
    text: &'a str,
    start: f32,
    end: f32,
    rite_start: f32,
    rite_end: f32,
    actors: Vec<&'a str>,
    #[serde(flatten)]
    notes: crate::commentary::BeatNotes,
}

/// Every step and beat with its times in `pace` (`start`, `end`) and in rite time (`rite_start`, `rite_end`).
pub fn steps_json(rite: &Rite, pace: Pace) -> serde_json::Value {
    let map = PaceMap::new(rite, pace);
    let steps: Vec<StepJson> = rite
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| StepJson {
            id: &s.id,
            index: i,
            section: &s.section,
            start: map.to_view(s.start),
            end: map.to_view(s.end),
            rite_start: s.start,
            rite_end: s.end,
            text: s.text(),
            translation: &s.translation,
            translation_en: &s.translation_en,
            beats: s
                .beats
                .iter()
                .enumerate()
                .map(|(bi, b)| BeatJson {
                    index: bi,
                    text: &b.text,
                    start: map.to_view(b.start),
                    end: map.to_view(b.end),
                    rite_start: b.start,
                    rite_end: b.end,
                    actors: b.actors.iter().map(|&a| rite.timeline.actors[a].id.as_str()).collect(),
                    notes: rite.commentary.notes_after(rite.beat_number(BeatRef { step: i, beat: bi })),
                })
                .collect(),
        })
        .collect();
    serde_json::to_value(steps).unwrap_or_default()
}

pub(super) fn steps(rite: &Rite, json: bool, english: bool, pace: Pace) -> io::Result<ExitCode> {
    let mut out = io::stdout().lock();
    if json {
        writeln!(out, "{}", steps_json(rite, pace))?;
        return Ok(ExitCode::SUCCESS);
    }
    let map = PaceMap::new(rite, pace);
    let mut section = "";
    for (i, s) in rite.steps.iter().enumerate() {
        if s.section != section {
            section = &s.section;
            writeln!(out, "\n【{section}】")?;
        }
        writeln!(out, "{:>4}  {:<14} {:>7.1}s  {}", i + 1, s.id, map.to_view(s.start), s.text())?;
        let translation = if english { &s.translation_en } else { &s.translation };
        if !translation.is_empty() {
            writeln!(out, "      {:<14} {:>8}  {}", "", "", translation)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub(super) fn state(rite: &Rite, at: &MomentArgs, json: bool, english: bool) -> io::Result<ExitCode> {
    let (t, beat) = match at.resolve(rite) {
        Ok(x) => x,
        Err(e) => {
            say!("error: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let snap = rite.snapshot(t, beat);
    let mut out = io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string(&snap).unwrap_or_default())?;
        return Ok(ExitCode::SUCCESS);
    }
    if english {
        writeln!(out, "{} — {} · step {} ({}) · {:.1} s", rite.title_en, snap.step.section, snap.step.index + 1, snap.step.id, t)?;
        writeln!(out, "Text: {}", snap.beat.text)?;
        writeln!(out, "In English: {}", snap.step.translation_en)?;
    } else {
        writeln!(out, "{} — {} · step {} ({}) · {:.1} s", rite.title, snap.step.section, snap.step.index + 1, snap.step.id, t)?;
        writeln!(out, "原文: {}", snap.beat.text)?;
    }
    for a in snap.actors.iter().filter(|a| a.present) {
        let (name, place) = if english {
            (a.en.as_str(), a.places_en.first().map(String::as_str))
        } else {
            (a.name.as_str(), a.places.first().map(String::as_str))
        };
        let held: Vec<String> = a
            .holding
            .iter()
            .map(|h| match rite.timeline.prop_index(&h.prop) {
                Some(i) if english => format!("{} ({})", rite.prop_en(i), h.how.english()),
                _ => format!("{} ({})", h.prop, h.how.name()),
            })
            .collect();
        let gear: Vec<&str> = [(a.bared, "bared"), (a.thumb_ring, "thumb ring"), (a.arm_guard, "arm guard")]
            .into_iter()
            .filter_map(|(on, what)| on.then_some(what))
            .collect();
        let mut holding = if held.is_empty() { String::new() } else { format!("  holds {}", held.join(", ")) };
        if !gear.is_empty() {
            holding += &format!("  [{}]", gear.join(", "));
        }
        writeln!(out, "  {:<8} {:<10} faces {:<2} {:<9} at {}{}", name, a.id, a.facing, a.pose, place.unwrap_or("—"), holding)?;
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct DutyJson<'a> {
    section: &'a str,
    step: &'a str,
    beat: usize,
    start: f32,
    text: &'a str,
    does: String,
    does_en: String,
}

pub(super) fn duties(rite: &Rite, key: &str, json: bool, english: bool) -> io::Result<ExitCode> {
    let Some(a) = rite.timeline.actor_index(key) else {
        say!("error: no actor `{key}` (by id, name or alias)");
        return Ok(ExitCode::from(2));
    };
    let list: Vec<DutyJson> = rite
        .duties(a)
        .into_iter()
        .map(|(r, acts)| {
            let s = &rite.steps[r.step];
            let b = &s.beats[r.beat];
            DutyJson {
                section: &s.section,
                step: &s.id,
                beat: r.beat,
                start: b.start,
                text: &b.text,
                does: describe(acts, rite, Lang::Zh),
                does_en: describe(acts, rite, Lang::En),
            }
        })
        .collect();
    let actor = &rite.timeline.actors[a];
    let mut out = io::stdout().lock();
    if json {
        let v = serde_json::json!({
            "actor": {"id": actor.id, "name": actor.name, "aliases": actor.aliases, "en": actor.en, "role": actor.role},
            "duties": list,
        });
        writeln!(out, "{v}")?;
        return Ok(ExitCode::SUCCESS);
    }
    if english {
        writeln!(out, "{} — {}", actor.en, actor.role)?;
    } else {
        let aliases = if actor.aliases.is_empty() { String::new() } else { format!(" (亦称 {})", actor.aliases.join("、")) };
        writeln!(out, "{}{aliases} — {}: {}", actor.name, actor.en, actor.role)?;
    }
    let mut section = "";
    for d in &list {
        if d.section != section {
            section = d.section;
            writeln!(out, "\n【{section}】")?;
        }
        let does = if english { &d.does_en } else { &d.does };
        writeln!(out, "  {:<14} {}  → {}", d.step, d.text, does)?;
    }
    writeln!(out, "\n{} beats", list.len())?;
    Ok(ExitCode::SUCCESS)
}

/// The glossary, or the part of it a scene's text uses.
pub(super) fn glossary_terms(rite: Option<&Rite>) -> Vec<&'static Term> {
    let Some(rite) = rite else { return glossary::glossary().terms.iter().collect() };
    let text = rite.text();
    // the terms of its text, and the names of what stands in its court and who takes part (the
    // 参侯 is named in the court, its text says only 参)
    let tl = &rite.timeline;
    let names: std::collections::HashSet<&str> = (tl.court.solids.iter().map(|s| s.id.as_str()))
        .chain(tl.court.regions.iter().map(|r| r.id.as_str()))
        .chain(tl.props.iter().map(|p| p.name.as_str()))
        .chain(tl.actors.iter().map(|a| a.name.as_str()))
        .collect();
    glossary::glossary().terms.iter().filter(|t| text.contains(&t.term) || names.contains(t.term.as_str())).collect()
}

pub(super) fn glossary(rite: Option<&Rite>, json: bool) -> io::Result<ExitCode> {
    let terms = glossary_terms(rite);
    let mut out = io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string(&terms).unwrap_or_default())?;
        return Ok(ExitCode::SUCCESS);
    }
    for t in terms {
        writeln!(out, "{}  {}  {} — {}", t.term, t.pinyin, t.en, t.note)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `sheli readings`: the disputed points and their readings, the one in force marked.
pub(super) fn readings(rite: &Rite, json: bool) -> io::Result<ExitCode> {
    let in_force = rite.readings_in_force();
    let mut out = io::stdout().lock();
    if json {
        let points: Vec<serde_json::Value> = rite
            .readings
            .iter()
            .map(|p| {
                let chosen = in_force.iter().find(|(q, _)| q.id == p.id).map(|(_, a)| a.id.as_str());
                let alternatives: Vec<serde_json::Value> = p
                    .alternatives
                    .iter()
                    .map(|a| {
                        let beats: Vec<serde_json::Value> = a.beats.iter().map(|b| serde_json::json!({"step": b.step, "beat": b.beat})).collect();
                        let objects: Vec<&str> = a.objects.iter().map(|o| o.id.as_str()).collect();
                        let places: Vec<&str> = a.places.iter().map(|p| p.id.as_str()).collect();
                        serde_json::json!({"id": a.id, "authority": a.authority, "passage": a.passage, "en": a.en, "default": a.default,
                            "beats": beats, "objects": objects, "places": places})
                    })
                    .collect();
                serde_json::json!({"id": p.id, "concerns": p.concerns, "concerns_en": p.concerns_en, "shown_at": p.shown_at, "in_force": chosen, "alternatives": alternatives})
            })
            .collect();
        writeln!(out, "{}", serde_json::Value::Array(points))?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(out, "{}: {} disputed points", rite.title, rite.readings.len())?;
    for p in &rite.readings {
        writeln!(out, "\n{}  {} — {}", p.id, p.concerns, p.concerns_en)?;
        for a in &p.alternatives {
            let staged = in_force.iter().any(|(q, x)| q.id == p.id && x.id == a.id);
            writeln!(out, "  {} {:<10} {}: 「{}」", if staged { "*" } else { " " }, a.id, a.authority, a.passage)?;
            if !a.en.is_empty() {
                writeln!(out, "               {}", a.en)?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
