//! Playing the scene once, in order: each beat's acts become segments of the actors' tracks and
//! keys of the props' tracks; what cannot happen becomes a problem at the offending node.

use std::collections::HashMap;

use super::event::PropEvent;
use super::{BeatInfo, Code, LINE_SPACING_CHI, Problem, Related, StepInfo, TURN_SPEED};
use crate::rite::acts::deed::Deed;
use crate::rite::acts::gear::Gear;
use crate::rite::acts::moves::LeftTurn;
use crate::rite::court::Courtyard;
use crate::rite::court::furniture::ObjectKind;
use crate::rite::court::route::Router;
use crate::rite::scene::expand::{Budget, FlatAct, expand_beat};
use crate::rite::scene::field;
use crate::rite::scene::model::{Dir, Len, Move, PropKind, Scene};
use crate::rite::scene::span::{Path, PathExt};
use crate::rite::scene::spell::unknown_name;
use crate::rite::timeline::{ActorTrack, Motion, PropAt, PropTrack, Rest, Segment};

pub(super) struct Sim<'a> {
    pub(super) scene: &'a Scene,
    pub(super) court: &'a Courtyard,
    pub(super) router: Router,
    pub(super) actor_ix: HashMap<&'a str, usize>,
    pub(super) group_ix: HashMap<&'a str, usize>,
    pub(super) prop_ix: HashMap<&'a str, usize>,
    pub(super) tracks: Vec<ActorTrack>,
    pub(super) rest: Vec<Rest>,
    /// each 侯's left lower cord
    pub(super) cords: Vec<crate::rite::court::cord::CordTrack>,
    pub(super) props: Vec<PropTrack>,
    pub(super) prop_now: Vec<PropAt>,
    pub(super) problems: Vec<Problem>,
    pub(super) budget: Budget,
    pub(super) route_cache: HashMap<(i64, i64, i64, i64, i64, i64, Option<String>), Vec<[f32; 3]>>,
    pub(super) music: Vec<crate::music::cue::Placed>,
    /// what is said and called aloud, in the order played
    pub(super) voices: Vec<crate::music::voice::Spoken>,
    /// the drum that releases fall on, while a piece keeps the beat: (first stroke, period)
    pub(super) meter: Option<super::music::Meter>,
    /// cues and voices sounding until a later clause: (what sounds, the clause's words, its node)
    pub(super) pending: Vec<(super::music::Sounding, String, Path)>,
    /// each placed cue's node, beside `music`
    pub(super) music_at: Vec<Path>,
    /// everyone who performs a 歌 part
    pub(super) singers: Vec<usize>,
    /// who walked or came in during the phase being played, and the move's node
    pub(super) arrivals: Vec<super::needs::Arrival>,
    /// the words of the clause being played (a gesture's needs may depend on them: 立卒觯)
    pub(super) clause: String,
    /// the exceptions to the general rules the clause being played makes
    pub(super) allow: Vec<crate::rite::scene::rules::Exception>,
    /// the clause has someone go down to bow and be stopped before he bows (下拜 … 辞；升，再拜稽首)
    pub(super) bow_stopped_below: bool,
    /// who has been led by a guide (相): a blind musician, who from then on walks only when led
    pub(super) blind: Vec<bool>,
    /// who walks in the phase being played and has not yet been played: routes do not go round
    /// him where he stands, as he sets out at the same time
    pub(super) walks_later: Vec<bool>,
    /// the tracks of a pass already played, where those still to be played in a phase will be
    pub(super) forecast: Option<&'a Forecast>,
    /// when each phase played so far began
    pub(super) phase_starts: Vec<f32>,
}

/// A pass already played: where everyone was, and when each phase began.
pub(super) struct Forecast {
    pub(super) tracks: Vec<ActorTrack>,
    pub(super) phase_starts: Vec<f32>,
}

/// "Unknown place `X`", "unknown actor `Y`": a name a scene refers to that it never defines,
/// said one way for every kind of name, with the nearest defined one as a "did you mean".
/// The kinds of name a scene refers to by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Name {
    Place,
    Actor,
    /// an actor, or a group of actors
    Performer,
    Prop,
    Target,
}

impl Name {
    fn word(self) -> &'static str {
        match self {
            Name::Place => "place",
            Name::Actor => "actor",
            Name::Performer => "actor or group",
            Name::Prop => "prop",
            Name::Target => "target",
        }
    }
}

impl<'a> Sim<'a> {
    pub(super) fn new(scene: &'a Scene, court: &'a Courtyard, problems: Vec<Problem>) -> Sim<'a> {
        let actor_ix = scene.actors.iter().enumerate().map(|(i, a)| (a.id.as_str(), i)).collect();
        let group_ix = scene.groups.iter().enumerate().map(|(i, g)| (g.id.as_str(), i)).collect();
        let prop_ix = scene.props.iter().enumerate().map(|(i, p)| (p.id.as_str(), i)).collect();
        let mut sim = Sim {
            scene,
            court,
            router: Router::new(court),
            actor_ix,
            group_ix,
            prop_ix,
            tracks: Vec::new(),
            rest: Vec::new(),
            cords: super::cord::tracks(court),
            props: Vec::new(),
            prop_now: Vec::new(),
            problems,
            budget: Budget::default(),
            route_cache: HashMap::new(),
            music: Vec::new(),
            voices: Vec::new(),
            meter: None,
            pending: Vec::new(),
            music_at: Vec::new(),
            singers: Vec::new(),
            arrivals: Vec::new(),
            clause: String::new(),
            bow_stopped_below: false,
            allow: Vec::new(),
            blind: Vec::new(),
            walks_later: Vec::new(),
            forecast: None,
            phase_starts: Vec::new(),
        };
        sim.singers = sim.find_singers();
        sim.place_actors();
        sim.blind = vec![false; sim.tracks.len()];
        sim.walks_later = vec![false; sim.tracks.len()];
        sim.place_props();
        sim
    }

    pub(super) fn problem(&mut self, code: Code, path: Path, message: impl Into<String>) {
        self.problems.push(Problem::new(code, path, message));
    }

    /// A problem with an act that a template may have produced: it also points at the use.
    pub(super) fn problem_in(&mut self, code: Code, path: Path, message: impl Into<String>, used: Option<&(Path, String)>) {
        self.problems.push(Problem::new(code, path, message).with(used_at(used)));
    }

    /// "unknown place `西阶西`(did you mean `西阶之西`?)": the defined names of that kind searched.
    pub(super) fn unknown(&self, kind: Name, name: &str) -> String {
        let court = self.court;
        let known: Vec<&str> = match kind {
            Name::Place => court.regions.iter().map(|r| r.id.as_str()).collect(),
            Name::Actor => self.actor_ix.keys().copied().collect(),
            Name::Performer => self.actor_ix.keys().chain(self.group_ix.keys()).copied().collect(),
            Name::Prop => self.prop_ix.keys().copied().collect(),
            Name::Target => court.solids.iter().filter(|s| matches!(s.kind, ObjectKind::Target { .. })).map(|s| s.id.as_str()).collect(),
        };
        unknown_name(kind.word(), name, known)
    }

    pub(super) fn point(&self, place: &str, off: Option<(Len, Len)>) -> Option<[f32; 3]> {
        let r = self.court.region(place)?;
        let (dx, dz) = off.map(|o| self.court.metres(o)).unwrap_or((0.0, 0.0));
        let (x, z) = (r.anchor[0] + dx, r.anchor[2] + dz);
        Some([x, self.court.floor(x, z), z])
    }

    fn place_actors(&mut self) {
        let root: Path = vec![];
        for (i, a) in self.scene.actors.iter().enumerate() {
            let path = root.field(field::ACTORS).index(i).field(field::START);
            let pos = match self.point(&a.start.at, a.start.off) {
                Some(p) => {
                    let level = self.court.level_of(p[0], p[2]);
                    if let Err(e) = self.router.standable(level, p[0], p[2]) {
                        self.problem(Code::Start, path.field(field::AT), format!("{} cannot start at `{}`: {e}", a.name, a.start.at));
                    }
                    p
                }
                None => {
                    self.problem(Code::UnknownName, path.field(field::AT), self.unknown(Name::Place, &a.start.at));
                    [0.0; 3]
                }
            };
            let rest = Rest {
                pos,
                bearing: a.start.face.unwrap_or(Dir::S).bearing(),
                seated: false,
                present: a.start.present,
                gear: Gear::default(),
                leading: None,
            };
            self.rest.push(rest);
            self.tracks.push(ActorTrack {
                id: a.id.clone(),
                name: a.name.clone(),
                aliases: a.aliases.clone(),
                en: a.en.clone(),
                role: a.role.clone(),
                dress: a.dress,
                initial: rest,
                segments: Vec::new(),
            });
        }
        for (gi, g) in self.scene.groups.iter().enumerate() {
            for (k, m) in g.members.iter().enumerate() {
                if !self.actor_ix.contains_key(m.as_str()) {
                    self.problem(
                        Code::UnknownName,
                        root.field(field::GROUPS).index(gi).field(field::MEMBERS).index(k),
                        format!("{} in group `{}`", self.unknown(Name::Actor, m), g.id),
                    );
                }
            }
        }
        self.check_south_of();
    }

    fn place_props(&mut self) {
        let root: Path = vec![];
        for (i, p) in self.scene.props.iter().enumerate() {
            let path = root.field(field::PROPS).index(i).field(field::START);
            let initial = match (&p.start.at, &p.start.held_by) {
                (Some(_), Some(_)) => {
                    self.problem(Code::Start, path.clone(), format!("prop `{}` cannot both lie somewhere and be held", p.id));
                    PropAt::Absent
                }
                (Some(place), None) => match self.point(place, p.start.off) {
                    Some(pt) => PropAt::At(pt, None),
                    None => {
                        self.problem(Code::UnknownName, path.field(field::AT), self.unknown(Name::Place, place));
                        PropAt::Absent
                    }
                },
                (None, Some(who)) => match self.actor_ix.get(who.as_str()) {
                    Some(&a) => PropAt::Held(a, p.start.how.unwrap_or(p.kind.usual_hold())),
                    None => {
                        self.problem(Code::UnknownName, path.field(field::HELD_BY), self.unknown(Name::Actor, who));
                        PropAt::Absent
                    }
                },
                (None, None) => PropAt::Absent,
            };
            if p.start.off.is_some() && p.start.at.is_none() {
                self.problem(
                    Code::Start,
                    path.field(field::OFF),
                    format!("prop `{}` is held, not lying at a place: `off` needs `at`", p.id),
                );
            }
            if p.start.strung.is_some() && p.kind != PropKind::Bow {
                self.problem(Code::Start, path.field(field::STRUNG), format!("prop `{}` is not a bow: only a bow is strung", p.id));
            }
            if p.start.how.is_some() && p.start.held_by.is_none() {
                self.problem(Code::Start, path.field(field::HOW), format!("prop `{}` is held by no one: `how` needs `held_by`", p.id));
            }
            let strung = (p.kind == PropKind::Bow).then(|| (p.start.strung.unwrap_or(true), Vec::new()));
            self.prop_now.push(initial.clone());
            self.props.push(PropTrack {
                id: p.id.clone(),
                name: p.name.clone(),
                en: p.en.clone(),
                kind: p.kind,
                initial,
                keys: Vec::new(),
                strung,
            });
        }
    }

    pub(super) fn play(&mut self) -> Vec<StepInfo> {
        let root: Path = vec![];
        let scene = self.scene;
        let mut t = 0.0f32;
        let mut steps = Vec::new();
        for (si, step) in scene.steps.iter().enumerate() {
            let spath = root.field(field::STEPS).index(si);
            let start = t;
            let mut beats = Vec::new();
            if step.beats.is_empty() {
                self.problem(Code::Text, spath.field(field::BEATS), format!("step `{}` has no beats", step.id));
            }
            for (bi, beat) in step.beats.iter().enumerate() {
                let bpath = spath.field(field::BEATS).index(bi);
                if beat.text.trim().is_empty() {
                    self.problem(Code::Text, bpath.field(field::TEXT), "empty beat text: every beat enacts a clause of the 原文");
                }
                let mut errors = Vec::new();
                let phases = expand_beat(&beat.acts, &bpath.field(field::ACTS), &scene.templates, &mut errors, &mut self.budget);
                for e in errors {
                    self.problem(e.code, e.path, e.message);
                }
                let mut info = BeatInfo { text: beat.text.clone(), start: t, end: t, actors: Vec::new(), did: Vec::new() };
                self.clause = beat.text.clone();
                self.bow_stopped_below = super::needs::bow_stopped_below(&beat.text, step.beats[bi + 1..].iter().map(|b| b.text.as_str()));
                self.allow = beat.allow.clone();
                self.end_music_at(&beat.text, t);
                let heard = self.place_music(&beat.music, &bpath.field(field::MUSIC), t);
                let mut phase_start = t;
                for phase in &phases {
                    phase_start = self.run_phase(phase, phase_start, &mut info);
                }
                let reading = (beat.text.chars().count() as f32 * 0.22).clamp(2.0, 8.0);
                info.end = phase_start.max(t + reading).max(heard);
                t = info.end;
                beats.push(info);
            }
            steps.push(StepInfo {
                id: step.id.clone(),
                section: step.section.clone(),
                translation: step.translation.clone(),
                translation_en: step.translation_en.clone(),
                annotates: step.annotates.clone(),
                night: step.night,
                start,
                end: t,
                beats,
            });
        }
        self.unended_music();
        self.check_players();
        steps
    }

    /// Members an act stands for: one actor, or each member of a group.
    pub(super) fn members(&mut self, act: &FlatAct) -> Vec<usize> {
        if let Some(members) = self.who(act.who.as_ref()) {
            return members;
        }
        let msg = self.unknown(Name::Actor, &act.who);
        self.problem_in(Code::UnknownName, act.origin.index(0), msg, act.used_at.as_ref());
        Vec::new()
    }

    /// The actor called `who`, or each member of the group so called; `None` if neither exists.
    pub(super) fn who(&self, who: &str) -> Option<Vec<usize>> {
        if let Some(&i) = self.actor_ix.get(who) {
            return Some(vec![i]);
        }
        let &g = self.group_ix.get(who)?;
        Some(self.scene.groups[g].members.iter().filter_map(|m| self.actor_ix.get(m.as_str()).copied()).collect())
    }

    /// Plays one phase: each act from `t0` in parallel. Returns when the last of them ends.
    fn run_phase(&mut self, phase: &[FlatAct], t0: f32, info: &mut BeatInfo) -> f32 {
        let mut end = t0;
        let mut busy: HashMap<usize, &Path> = HashMap::new();
        let mut events: Vec<PropEvent> = Vec::new();
        self.phase_starts.push(t0);
        for act in phase.iter().filter(|act| act.moves.iter().any(|m| matches!(m, Move::Go { .. } | Move::Enter(_) | Move::Exit))) {
            for a in self.who(&act.who).unwrap_or_default() {
                self.walks_later[a] = true;
            }
        }
        for act in phase {
            let members = self.members(act);
            let grouped = members.len() > 1 || act.file.is_some();
            for (k, &a) in members.iter().enumerate() {
                if let Some(first) = busy.get(&a) {
                    let msg = format!("{} is given two overlapping actions in one beat; use `Then` to sequence them", self.tracks[a].name);
                    let other = Related { label: "the other at".into(), path: (*first).clone() };
                    self.problems
                        .push(Problem::new(Code::Timing, act.origin.clone(), msg).with(Some(other)).with(used_at(act.used_at.as_ref())));
                    continue;
                }
                busy.insert(a, &act.origin);
                self.walks_later[a] = false;
                let line = if grouped {
                    let (dir, spacing) = act.file.unwrap_or((Dir::W, None));
                    let step = spacing.map(|s| s.metres(self.court.chi_m)).unwrap_or(LINE_SPACING_CHI * self.court.chi_m);
                    let (dx, dz) = dir.vector();
                    (dx * step * k as f32, dz * step * k as f32)
                } else {
                    (0.0, 0.0)
                };
                let mut deeds = Vec::new();
                let finish = self.run_moves(a, act, line, t0, &mut events, &mut deeds);
                end = end.max(finish);
                note_actor(info, a, deeds);
            }
        }
        self.walks_later.fill(false);
        events.sort_by(|a, b| a.t.total_cmp(&b.t));
        for e in events {
            self.apply_prop_event(e, info);
        }
        let arrivals = std::mem::take(&mut self.arrivals);
        self.check_spots(arrivals);
        end
    }

    pub(super) fn push_segment(&mut self, a: usize, t0: f32, dur: f32, motion: Motion, end: Rest) -> f32 {
        let t1 = t0 + dur;
        self.tracks[a].segments.push(Segment { t0, t1, motion, end });
        self.rest[a] = end;
        t1
    }

    /// Turns the shorter way round to face `d`.
    pub(super) fn turn(&mut self, a: usize, t: f32, d: Dir) -> f32 {
        let from = self.rest[a].bearing;
        let sweep = (d.bearing() - from + 540.0).rem_euclid(360.0) - 180.0;
        self.sweep(a, t, sweep)
    }

    /// 左还 (clockwise on the plan, as the sky turns, unless the scene reads it the other way) or
    /// 右还 (the other way) to face `d`, however far round that is.
    pub(super) fn turn_way(&mut self, a: usize, t: f32, d: Dir, zuo: bool) -> f32 {
        let clockwise_way = zuo == (self.scene.left_turn == LeftTurn::Clockwise);
        let clockwise = (d.bearing() - self.rest[a].bearing).rem_euclid(360.0);
        let sweep = if !clockwise_way && clockwise > 0.0 { clockwise - 360.0 } else { clockwise };
        self.sweep(a, t, sweep)
    }

    /// Turns on the spot through `sweep` degrees (clockwise seen from above when positive).
    fn sweep(&mut self, a: usize, t: f32, sweep: f32) -> f32 {
        if sweep.abs() < 1.0 {
            return t;
        }
        let from = self.rest[a].bearing;
        let to = from + sweep;
        let end = Rest { bearing: to.rem_euclid(360.0), ..self.rest[a] };
        self.push_segment(a, t, (sweep.abs() / TURN_SPEED).max(0.3), Motion::Turn { from, to }, end)
    }
}

/// Adds what an actor does to the beat's record of who acts.
pub(super) fn note_actor(info: &mut BeatInfo, a: usize, deeds: Vec<Deed>) {
    if !info.actors.contains(&a) {
        info.actors.push(a);
    }
    match info.did.iter_mut().find(|(x, _)| *x == a) {
        Some((_, acts)) => acts.push(deeds),
        None => info.did.push((a, vec![deeds])),
    }
}

/// Where a problem with an act that a template produced also points: the template's use.
pub(super) fn used_at(used: Option<&(Path, String)>) -> Option<Related> {
    used.map(|(path, name)| Related { label: format!("in template `{name}`, used at"), path: path.clone() })
}
