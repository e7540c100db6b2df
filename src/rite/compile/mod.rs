//! Compilation: the scene is checked ([`validate`]) and then played once, in order ([`sim`]):
//! everything that cannot happen (an unknown id, a cup handed on by someone not holding it, a
//! place no path reaches) becomes a problem at the offending node; what can happen becomes the tracks.

mod act;
pub mod appoint;
mod cord;
mod event;
mod lead;
mod music;
mod needs;
mod props;
mod sim;
mod south_of;
mod validate;
mod walk;

use super::court::Courtyard;
use super::timeline::Timeline;
use crate::rite::acts::deed::Acts;
pub use crate::rite::scene::diag::{Code, Refusal};
use crate::rite::scene::model::Scene;
use crate::rite::scene::span::Path;
use sim::Sim;
pub use validate::unused_templates;

/// Ceremonial pace, metres a second.
pub const WALK_SPEED: f32 = 0.9;
/// 趋: the hurried walk, half as fast again
pub const HURRY_SPEED: f32 = 1.4;
/// Degrees a second when turning on the spot.
pub const TURN_SPEED: f32 = 120.0;
/// How far a hand reaches to take up a thing, in metres (handing over is held to
/// `timeline::reach::HAND_TO_HAND`).
pub const REACH: f32 = 2.5;
/// Default spacing of people standing in a line, in 尺.
const LINE_SPACING_CHI: f32 = 3.0;

#[derive(Debug, Clone)]
pub struct BeatInfo {
    pub text: String,
    pub start: f32,
    pub end: f32,
    /// actors who act (or receive) in this beat, in order of first appearance
    pub actors: Vec<usize>,
    /// what each of them does here
    pub did: Vec<(usize, Acts)>,
}

#[derive(Debug, Clone)]
pub struct StepInfo {
    pub id: String,
    pub section: String,
    pub translation: String,
    /// the English translation
    pub translation_en: String,
    pub annotates: Vec<String>,
    pub night: bool,
    pub start: f32,
    pub end: f32,
    pub beats: Vec<BeatInfo>,
}

impl StepInfo {
    pub fn text(&self) -> String {
        self.beats.iter().map(|b| b.text.as_str()).collect()
    }
}

/// A compiled rite: the text in order with its times, and the tracks.
#[derive(Debug, Clone)]
pub struct Rite {
    pub id: String,
    pub title: String,
    pub title_en: String,
    pub steps: Vec<StepInfo>,
    pub timeline: Timeline,
    /// the music the beats set going, on the rite's clock
    pub music: Vec<crate::music::cue::Placed>,
    /// what is said and called aloud, in time order
    pub voices: Vec<crate::music::voice::Spoken>,
    /// 郑注, 音义 and 贾疏 by clause, where the scene has a recorded alignment beside it
    pub commentary: crate::commentary::Commentary,
    /// the disputed points the scene declares, and the readings chosen (the default of the rest)
    pub readings: Vec<crate::rite::scene::model::Reading>,
    pub chosen: Vec<crate::rite::scene::model::Choice>,
    /// the offices the text gives people as it goes (作相为司正), in reading order
    pub appointments: Vec<appoint::Appointment>,
}

/// Something wrong with the scene, at a node of it, with other nodes that explain it (where an
/// id was first given, the act it overlaps, the template use that produced it). Kept as data until
/// the loader turns it into a located [`Diagnostic`](crate::rite::scene::diag::Diagnostic).
#[derive(Debug, Clone)]
pub struct Problem {
    pub code: Code,
    pub path: Path,
    pub message: String,
    pub related: Vec<Related>,
}

/// Another node a problem points at, with what it is: "first at", "the other at" …
#[derive(Debug, Clone)]
pub struct Related {
    pub label: String,
    pub path: Path,
}

impl Problem {
    pub fn new(code: Code, path: Path, message: impl Into<String>) -> Problem {
        Problem { code, path, message: message.into(), related: Vec::new() }
    }

    pub fn with(mut self, related: Option<Related>) -> Problem {
        self.related.extend(related);
        self
    }
}

pub fn compile(scene: &Scene) -> Result<Rite, Vec<Problem>> {
    let mut problems = Vec::new();
    let chi_m = validate::units(scene, &mut problems);
    let ids_ok = validate::ids(scene, &mut problems);
    let routable = validate::objects(scene, chi_m, &mut problems);
    // with ids broken or the court past its bound, what follows would only repeat the cause, slowly
    if !ids_ok || !routable {
        return Err(problems);
    }
    let court = Courtyard::new(&scene.layout, chi_m);
    if !validate::layout(&court, &mut problems) {
        return Err(problems);
    }
    if !validate::templates_and_steps(scene, &mut problems) {
        return Err(problems);
    }

    // played twice: the first pass forecasts where those who set out together will stand, so
    // that the second's walks go round them too
    let mut first = Sim::new(scene, &court, problems.clone());
    first.play();
    if !first.problems.is_empty() {
        return Err(first.problems);
    }
    let forecast = sim::Forecast { tracks: first.tracks, phase_starts: first.phase_starts };
    let mut sim = Sim::new(scene, &court, problems);
    sim.forecast = Some(&forecast);
    let steps = sim.play();
    let Sim { tracks, props, problems, music, mut voices, cords, .. } = sim;
    voices.sort_by(|a, b| a.t.total_cmp(&b.t));
    if !problems.is_empty() {
        return Err(problems);
    }
    let duration = steps.last().map(|s| s.end).unwrap_or(0.0);
    let appointments = appoint::appointments(&steps, &tracks);
    Ok(Rite {
        id: scene.id.clone(),
        title: scene.title.clone(),
        title_en: scene.title_en.clone(),
        steps,
        timeline: Timeline { court, actors: tracks, props, cords, duration },
        music,
        voices,
        commentary: crate::commentary::Commentary::default(),
        readings: scene.readings.clone(),
        chosen: Vec::new(),
        appointments,
    })
}
