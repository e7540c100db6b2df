//! Questions people ask of a rite: which beat says this, where is everyone then, what does this
//! person do over the whole rite.

use serde::Serialize;

use crate::rite::acts::deed::{Acts, Lang};
use crate::rite::acts::gesture::Gesture;
use crate::rite::compile::Rite;
use crate::rite::glossary::glossary;

/// A beat by its step and its place in the step.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct BeatRef {
    pub step: usize,
    pub beat: usize,
}

use crate::rite::scene::spell::letters;

impl Rite {
    pub fn beats(&self) -> impl Iterator<Item = (BeatRef, &crate::rite::compile::BeatInfo)> {
        self.steps.iter().enumerate().flat_map(|(si, s)| s.beats.iter().enumerate().map(move |(bi, b)| (BeatRef { step: si, beat: bi }, b)))
    }

    /// The span of the first gesture called `name` (拜, 射 …) begun in a beat, by anyone.
    pub fn gesture_in(&self, r: BeatRef, wanted: Gesture) -> Option<(f32, f32)> {
        let b = self.beat(r);
        self.timeline
            .actors
            .iter()
            .flat_map(|a| &a.segments)
            .filter(|s| s.t0 >= b.start - 1e-3 && s.t0 < b.end)
            .filter(|s| matches!(&s.motion, super::Motion::Gesture { gesture, .. } if *gesture == wanted))
            .map(|s| (s.t0, s.t1))
            .min_by(|a, b| a.0.total_cmp(&b.0))
    }

    /// A beat's number in reading order, counted across steps (as the commentary counts them).
    pub fn beat_number(&self, r: BeatRef) -> usize {
        self.steps[..r.step].iter().map(|s| s.beats.len()).sum::<usize>() + r.beat
    }

    /// The beat numbered `n` in reading order (the inverse of [`Rite::beat_number`]).
    pub fn numbered_beat(&self, n: usize) -> Option<(BeatRef, &crate::rite::compile::BeatInfo)> {
        let mut before = 0;
        for (si, s) in self.steps.iter().enumerate() {
            if n < before + s.beats.len() {
                let r = BeatRef { step: si, beat: n - before };
                return Some((r, self.beat(r)));
            }
            before += s.beats.len();
        }
        None
    }

    /// The office the text has given `actor` by the beat `r` (作相为司正 … 司正为司马), if any: what
    /// the text calls him there, where his own name is what he came in as.
    pub fn title_at(&self, actor: usize, r: BeatRef) -> Option<&str> {
        crate::rite::compile::appoint::title_at(&self.appointments, actor, self.beat_number(r))
    }

    /// What a label calls `actor` at the beat `r`: the office the text has given him by then (司正,
    /// "the master of ceremonies"), else his own name, in `lang`.
    pub fn called(&self, actor: usize, r: BeatRef, lang: Lang) -> String {
        let a = &self.timeline.actors[actor];
        match (self.title_at(actor, r), lang) {
            (Some(t), Lang::En) => glossary().en(t).unwrap_or(t).to_string(),
            (Some(t), Lang::Zh) => t.to_string(),
            (None, Lang::En) if !a.en.is_empty() => a.en.clone(),
            (None, _) => a.name.clone(),
        }
    }

    pub fn beat(&self, r: BeatRef) -> &crate::rite::compile::BeatInfo {
        &self.steps[r.step].beats[r.beat]
    }

    /// Every beat where `fragment` ends, matching letters only (a fragment spanning several
    /// beats counts for the last of them), in text order, without repeats.
    pub fn find_text(&self, fragment: &str) -> Vec<BeatRef> {
        let needle = letters(fragment);
        if needle.is_empty() {
            return Vec::new();
        }
        let mut hay = Vec::new();
        let mut owner = Vec::new();
        for (r, b) in self.beats() {
            for c in letters(&b.text) {
                hay.push(c);
                owner.push(r);
            }
        }
        let mut out: Vec<BeatRef> = Vec::new();
        if hay.len() >= needle.len() {
            for start in 0..=hay.len() - needle.len() {
                if hay[start..start + needle.len()] == needle[..] {
                    let r = owner[start + needle.len() - 1];
                    if out.last() != Some(&r) {
                        out.push(r);
                    }
                }
            }
        }
        out.dedup();
        out
    }

    /// The beat playing at time t: start <= t < end (the last beat from its start on).
    pub fn beat_at(&self, t: f32) -> BeatRef {
        let si = self.steps.partition_point(|s| s.end <= t).min(self.steps.len().saturating_sub(1));
        let step = &self.steps[si];
        let bi = step.beats.partition_point(|b| b.end <= t).min(step.beats.len().saturating_sub(1));
        BeatRef { step: si, beat: bi }
    }

    pub fn step_index(&self, id: &str) -> Option<usize> {
        self.steps.iter().position(|s| s.id == id)
    }

    /// The whole 原文, beat by beat.
    pub fn text(&self) -> String {
        self.steps.iter().map(|s| s.text()).collect()
    }

    pub fn translation(&self) -> String {
        self.steps.iter().map(|s| s.translation.as_str()).collect()
    }

    /// Every beat the actor acts in, with what they do there.
    pub fn duties(&self, actor: usize) -> Vec<(BeatRef, &Acts)> {
        self.beats().filter_map(|(r, b)| b.did.iter().find(|(a, _)| *a == actor).map(|(_, acts)| (r, acts))).collect()
    }

    /// A place as the text names it: the id without the part file's prefix (`c_余算` is 余算).
    pub fn place_name<'a>(&self, id: &'a str) -> &'a str {
        match id.split_once('_') {
            Some((prefix, rest)) if !rest.is_empty() && prefix.len() == 1 && prefix.chars().all(|c| c.is_ascii_lowercase()) => rest,
            _ => id,
        }
    }

    /// A place in English: its own English, else the glossary's, else its name.
    pub fn place_en(&self, id: &str) -> String {
        let own = self.timeline.court.region(id).map(|r| r.en.as_str()).filter(|en| !en.is_empty());
        own.or_else(|| glossary().en(id)).map(str::to_string).unwrap_or_else(|| self.place_name(id).to_string())
    }

    /// A thing in English, by what it is (觯 is "the beaker"), else its own description.
    pub fn prop_en(&self, i: usize) -> String {
        let p = &self.timeline.props[i];
        glossary().en(&p.name).unwrap_or(&p.en).to_string()
    }

    /// An actor (by id, name or alias) as the text names him, or in English.
    pub fn actor_name(&self, key: &str, lang: Lang) -> String {
        match (self.timeline.actor_index(key), lang) {
            (Some(i), Lang::Zh) => self.timeline.actors[i].name.clone(),
            (Some(i), Lang::En) => self.timeline.actors[i].en.clone(),
            (None, _) => key.to_string(),
        }
    }

    /// A speech act in English; one the speech table lacks is given in quotation.
    pub fn speech_en(&self, said: &str) -> String {
        glossary().speech_en(said).map(str::to_string).unwrap_or_else(|| format!("says '{said}'"))
    }

    /// Who actor `a` is paired with in clause `r`: the one he hands a thing to or takes it from,
    /// or, when he bows, another who bows in the same clause (拜 … 答拜).
    pub fn partner(&self, r: BeatRef, a: usize) -> Option<usize> {
        use crate::rite::acts::deed::Deed;
        let beat = self.beat(r);
        let deeds_of = |x: usize| beat.did.iter().filter(move |(who, _)| *who == x).flat_map(|(_, acts)| acts.iter().flatten());
        let bows = |x: usize| deeds_of(x).any(|d| matches!(d, Deed::Gesture(g) if g.is_bow()));
        for d in deeds_of(a) {
            match d {
                Deed::Handle { to: Some(to), .. } | Deed::Lead(to) => return self.timeline.actor_index(to),
                Deed::Receive(prop) => {
                    let giver = beat
                        .actors
                        .iter()
                        .copied()
                        .find(|&x| x != a && deeds_of(x).any(|d| matches!(d, Deed::Handle { prop: p, to: Some(_), .. } if p == prop)));
                    if giver.is_some() {
                        return giver;
                    }
                }
                _ => {}
            }
        }
        if bows(a) {
            return beat.actors.iter().copied().find(|&x| x != a && bows(x));
        }
        None
    }
}
