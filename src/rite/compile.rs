//! Validation and compilation in one walk: the scene is played once, in order, and everything
//! that cannot happen (an unknown id, a cup handed on by someone not holding it, a place no path
//! reaches) becomes a diagnostic at the offending node. What can happen becomes the tracks.

use std::collections::{HashMap, HashSet};

mod props;

use props::PropEvent;

use super::court::{Courtyard, MAX_STAIR_STEPS};
use super::expand::{FlatAct, expand_beat, undeclared_placeholders};
use super::model::{Dir, Len, Move, ObjectKind, Scene};
use super::route::Router;
use super::span::{Path, PathExt, Seg};
use super::timeline::{ActorTrack, Motion, Pose, PropAt, PropTrack, Rest, Segment, Timeline, bearing_between, cumulative, gesture_id};

/// Ceremonial pace, metres a second.
pub const WALK_SPEED: f32 = 0.9;
/// Degrees a second when turning on the spot.
pub const TURN_SPEED: f32 = 120.0;
/// How far a hand reaches to take a thing or hand it over, in metres.
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
    /// what each of them does here, in words
    pub did: Vec<(usize, String)>,
}

#[derive(Debug, Clone)]
pub struct StepInfo {
    pub id: String,
    pub section: String,
    pub translation: String,
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
}

pub struct Problem {
    pub path: Path,
    pub message: String,
}

struct Sim<'a> {
    scene: &'a Scene,
    court: &'a Courtyard,
    router: Router,
    actor_ix: HashMap<&'a str, usize>,
    group_ix: HashMap<&'a str, usize>,
    prop_ix: HashMap<&'a str, usize>,
    tracks: Vec<ActorTrack>,
    rest: Vec<Rest>,
    props: Vec<PropTrack>,
    prop_now: Vec<PropAt>,
    problems: Vec<Problem>,
    route_cache: HashMap<(i64, i64, i64, i64, i64, i64, Option<String>), Option<Vec<[f32; 3]>>>,
}

pub fn compile(scene: &Scene) -> Result<Rite, Vec<Problem>> {
    let mut problems = Vec::new();
    let root: Path = vec![];
    let chi_m = if scene.units.chi_m > 0.0 && scene.units.chi_m.is_finite() {
        scene.units.chi_m
    } else {
        problems.push(Problem { path: root.field("units").field("chi_m"), message: "一尺 must be a positive length in metres".into() });
        0.231
    };
    check_unique(scene.layout.objects.iter().map(|o| o.id.as_str()), &root.field("layout").field("objects"), "object", &mut problems);
    check_unique(scene.layout.places.iter().map(|o| o.id.as_str()), &root.field("layout").field("places"), "place", &mut problems);
    let actors = scene.actors.len();
    check_unique_at(
        scene.actors.iter().map(|a| a.id.as_str()).chain(scene.groups.iter().map(|g| g.id.as_str())),
        |i| if i < actors { root.field("actors").index(i) } else { root.field("groups").index(i - actors) },
        "actor or group",
        &mut problems,
    );
    check_unique(scene.props.iter().map(|p| p.id.as_str()), &root.field("props"), "prop", &mut problems);
    check_unique(scene.steps.iter().map(|s| s.id.as_str()), &root.field("steps"), "step", &mut problems);
    check_unique(scene.templates.iter().map(|t| t.id.as_str()), &root.field("templates"), "template", &mut problems);

    for (i, o) in scene.layout.objects.iter().enumerate() {
        let p = root.field("layout").field("objects").index(i);
        let (w, d, h) = (o.size.0.chi(chi_m), o.size.1.chi(chi_m), o.size.2.chi(chi_m));
        if !(w > 0.0 && d > 0.0 && h >= 0.0 && w.is_finite() && d.is_finite() && h.is_finite()) {
            problems.push(Problem { path: p.field("size"), message: format!("`{}` needs a positive width and depth", o.id) });
        }
        if let ObjectKind::Stair { steps, .. } = o.kind
            && !(1..=MAX_STAIR_STEPS).contains(&steps)
        {
            problems.push(Problem {
                path: p.field("kind").field("steps"),
                message: format!("stair `{}` has {steps} steps: a stair has 1 to {MAX_STAIR_STEPS}", o.id),
            });
        }
    }
    let court = Courtyard::new(&scene.layout, chi_m);
    for (i, r) in court.regions.iter().enumerate() {
        if !r.shape.contains(r.anchor[0], r.anchor[2]) {
            problems.push(Problem {
                path: root.field("layout").field("places").index(i).field("anchor"),
                message: format!("the anchor of place `{}` lies outside its area, so someone sent there would not be in it", r.id),
            });
        }
    }
    if court.hall.area() <= 0.0 || court.ground.area() <= 0.0 || court.hall_height <= 0.0 {
        problems.push(Problem {
            path: root.field("layout").field("hall"),
            message: "the hall and the ground need a positive area and the hall a height".into(),
        });
        return Err(problems);
    }
    for (ti, t) in scene.templates.iter().enumerate() {
        for name in undeclared_placeholders(t) {
            problems.push(Problem {
                path: root.field("templates").index(ti).field("acts"),
                message: format!("template `{}` uses `{{{name}}}` but has no such parameter", t.id),
            });
        }
    }
    if scene.steps.is_empty() {
        problems.push(Problem { path: root.field("steps"), message: "a scene needs at least one step: there is nothing to enact".into() });
    }
    let step_ids: HashSet<&str> = scene.steps.iter().map(|s| s.id.as_str()).collect();
    for (si, s) in scene.steps.iter().enumerate() {
        for (k, a) in s.annotates.iter().enumerate() {
            if !step_ids.contains(a.as_str()) {
                problems.push(Problem {
                    path: root.field("steps").index(si).field("annotates").index(k),
                    message: format!("annotates unknown step `{a}`"),
                });
            }
        }
    }

    let mut sim = Sim::new(scene, &court, problems);
    let steps = sim.play();
    let Sim { tracks, props, problems, .. } = sim;
    if !problems.is_empty() {
        return Err(problems);
    }
    let duration = steps.last().map(|s| s.end).unwrap_or(0.0);
    Ok(Rite {
        id: scene.id.clone(),
        title: scene.title.clone(),
        title_en: scene.title_en.clone(),
        steps,
        timeline: Timeline { court, actors: tracks, props, duration },
    })
}

fn check_unique<'a>(ids: impl Iterator<Item = &'a str>, base: &Path, what: &str, problems: &mut Vec<Problem>) {
    check_unique_at(ids, |i| base.index(i), what, problems);
}

/// Reports empty and repeated ids; `item` gives the path of the i-th item.
fn check_unique_at<'a>(ids: impl Iterator<Item = &'a str>, item: impl Fn(usize) -> Path, what: &str, problems: &mut Vec<Problem>) {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (i, id) in ids.enumerate() {
        if id.trim().is_empty() {
            problems.push(Problem { path: item(i).field("id"), message: format!("empty {what} id") });
        } else if let Some(&first) = seen.get(id) {
            let first_at = describe_path(&item(first).field("id"));
            problems.push(Problem { path: item(i).field("id"), message: format!("duplicate {what} id `{id}` (first at {first_at})") });
        } else {
            seen.insert(id, i);
        }
    }
}

/// What a move costs in time, and what it shows.
fn gesture_of(m: &Move) -> Option<(&'static str, f32, Pose, Option<bool>)> {
    Some(match m {
        Move::Bai => ("拜", 3.0, Pose::Bowing, None),
        Move::ZaiBai => ("再拜", 5.5, Pose::Bowing, None),
        Move::DaBai => ("答拜", 3.0, Pose::Bowing, None),
        Move::DaZaiBai => ("答再拜", 5.5, Pose::Bowing, None),
        Move::QiShou => ("稽首", 3.5, Pose::Bowing, None),
        Move::ZaiBaiQiShou => ("再拜稽首", 6.5, Pose::Bowing, None),
        Move::Yi => ("揖", 1.6, Pose::Bowing, None),
        Move::Rang => ("让", 1.6, Pose::Standing, None),
        Move::Zuo => ("坐", 1.4, Pose::Sitting, Some(true)),
        Move::Xing => ("兴", 1.2, Pose::Standing, Some(false)),
        Move::Guan => ("盥", 2.5, Pose::Standing, None),
        Move::Xi => ("洗", 2.5, Pose::Standing, None),
        Move::Ji => ("祭", 2.0, Pose::Sitting, None),
        Move::Cui => ("啐", 1.5, Pose::Sitting, None),
        Move::ZuJue => ("卒爵", 2.0, Pose::Sitting, None),
        Move::Tan => ("袒", 2.0, Pose::Standing, None),
        Move::XiRobe => ("袭", 2.0, Pose::Standing, None),
        Move::RaiseFlag => ("举旌", 1.5, Pose::Standing, None),
        Move::LowerFlag => ("偃旌", 1.5, Pose::Standing, None),
        Move::Sing => ("歌", 6.0, Pose::Sitting, None),
        Move::Play => ("奏", 6.0, Pose::Standing, None),
        _ => return None,
    })
}

fn quant(v: f32) -> i64 {
    (v * 1000.0).round() as i64
}

impl<'a> Sim<'a> {
    fn new(scene: &'a Scene, court: &'a Courtyard, problems: Vec<Problem>) -> Sim<'a> {
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
            props: Vec::new(),
            prop_now: Vec::new(),
            problems,
            route_cache: HashMap::new(),
        };
        sim.place_actors();
        sim.place_props();
        sim
    }

    fn problem(&mut self, path: Path, message: impl Into<String>) {
        self.problems.push(Problem { path, message: message.into() });
    }

    fn point(&self, place: &str, off: Option<(Len, Len)>) -> Option<[f32; 3]> {
        let r = self.court.region(place)?;
        let (dx, dz) = off.map(|o| self.court.metres(o)).unwrap_or((0.0, 0.0));
        let (x, z) = (r.anchor[0] + dx, r.anchor[2] + dz);
        Some([x, self.court.floor(x, z), z])
    }

    fn place_actors(&mut self) {
        let root: Path = vec![];
        for (i, a) in self.scene.actors.iter().enumerate() {
            let path = root.field("actors").index(i).field("start");
            let pos = match self.point(&a.start.at, a.start.off) {
                Some(p) => {
                    let level = self.court.level_of(p[0], p[2]);
                    if let Err(e) = self.router.standable(level, p[0], p[2]) {
                        self.problem(path.field("at"), format!("{} cannot start at `{}`: {e}", a.name, a.start.at));
                    }
                    p
                }
                None => {
                    self.problem(path.field("at"), format!("unknown place `{}`", a.start.at));
                    [0.0; 3]
                }
            };
            let rest = Rest { pos, bearing: a.start.face.unwrap_or(Dir::S).bearing(), seated: false, present: a.start.present };
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
                        root.field("groups").index(gi).field("members").index(k),
                        format!("unknown actor `{m}` in group `{}`", g.id),
                    );
                }
            }
        }
    }

    fn place_props(&mut self) {
        let root: Path = vec![];
        for (i, p) in self.scene.props.iter().enumerate() {
            let path = root.field("props").index(i).field("start");
            let initial = match (&p.start.at, &p.start.held_by) {
                (Some(_), Some(_)) => {
                    self.problem(path.clone(), format!("prop `{}` cannot both lie somewhere and be held", p.id));
                    PropAt::Absent
                }
                (Some(place), None) => match self.point(place, None) {
                    Some(pt) => PropAt::At(pt),
                    None => {
                        self.problem(path.field("at"), format!("unknown place `{place}`"));
                        PropAt::Absent
                    }
                },
                (None, Some(who)) => match self.actor_ix.get(who.as_str()) {
                    Some(&a) => PropAt::Held(a),
                    None => {
                        self.problem(path.field("held_by"), format!("unknown actor `{who}`"));
                        PropAt::Absent
                    }
                },
                (None, None) => PropAt::Absent,
            };
            self.prop_now.push(initial.clone());
            self.props.push(PropTrack {
                id: p.id.clone(),
                name: p.name.clone(),
                en: p.en.clone(),
                kind: p.kind,
                initial,
                keys: Vec::new(),
            });
        }
    }

    fn play(&mut self) -> Vec<StepInfo> {
        let root: Path = vec![];
        let scene = self.scene;
        let mut t = 0.0f32;
        let mut steps = Vec::new();
        for (si, step) in scene.steps.iter().enumerate() {
            let spath = root.field("steps").index(si);
            let start = t;
            let mut beats = Vec::new();
            if step.beats.is_empty() {
                self.problem(spath.field("beats"), format!("step `{}` has no beats", step.id));
            }
            for (bi, beat) in step.beats.iter().enumerate() {
                let bpath = spath.field("beats").index(bi);
                if beat.text.trim().is_empty() {
                    self.problem(bpath.field("text"), "empty beat text: every beat enacts a clause of the 原文");
                }
                let mut errors = Vec::new();
                let phases = expand_beat(&beat.acts, &bpath.field("acts"), &scene.templates, &mut errors);
                for e in errors {
                    self.problem(e.path, e.message);
                }
                let mut info = BeatInfo { text: beat.text.clone(), start: t, end: t, actors: Vec::new(), did: Vec::new() };
                let mut phase_start = t;
                for phase in &phases {
                    phase_start = self.run_phase(phase, phase_start, &mut info);
                }
                let reading = (beat.text.chars().count() as f32 * 0.22).clamp(2.0, 8.0);
                info.end = phase_start.max(t + reading);
                t = info.end;
                beats.push(info);
            }
            steps.push(StepInfo {
                id: step.id.clone(),
                section: step.section.clone(),
                translation: step.translation.clone(),
                annotates: step.annotates.clone(),
                night: step.night,
                start,
                end: t,
                beats,
            });
        }
        steps
    }

    /// Members an act stands for: one actor, or each member of a group.
    fn members(&mut self, act: &FlatAct) -> Vec<usize> {
        if let Some(&i) = self.actor_ix.get(act.who.as_ref()) {
            return vec![i];
        }
        if let Some(&g) = self.group_ix.get(act.who.as_ref()) {
            let scene = self.scene;
            return scene.groups[g].members.iter().filter_map(|m| self.actor_ix.get(m.as_str()).copied()).collect();
        }
        let msg = format!("unknown actor `{}`{}", act.who, used_note(act));
        self.problem(act.origin.index(0), msg);
        Vec::new()
    }

    /// Plays one phase: each act from `t0` in parallel. Returns when the last of them ends.
    fn run_phase(&mut self, phase: &[FlatAct], t0: f32, info: &mut BeatInfo) -> f32 {
        let mut end = t0;
        let mut busy: HashMap<usize, &Path> = HashMap::new();
        let mut events: Vec<PropEvent> = Vec::new();
        for act in phase {
            let members = self.members(act);
            let grouped = members.len() > 1 || act.file.is_some();
            for (k, &a) in members.iter().enumerate() {
                if let Some(first) = busy.get(&a) {
                    let msg = format!(
                        "{} is given two overlapping actions in one beat (the other at {}); use `Then` to sequence them{}",
                        self.tracks[a].name,
                        describe_path(first),
                        used_note(act)
                    );
                    self.problem(act.origin.clone(), msg);
                    continue;
                }
                busy.insert(a, &act.origin);
                let line = if grouped {
                    let (dir, spacing) = act.file.unwrap_or((Dir::W, None));
                    let step = spacing.map(|s| s.metres(self.court.chi_m)).unwrap_or(LINE_SPACING_CHI * self.court.chi_m);
                    let (dx, dz) = dir.vector();
                    (dx * step * k as f32, dz * step * k as f32)
                } else {
                    (0.0, 0.0)
                };
                let mut words = Vec::new();
                let finish = self.run_moves(a, act, line, t0, &mut events, &mut words);
                end = end.max(finish);
                note_actor(info, a, words.join("，"));
            }
        }
        events.sort_by(|a, b| a.t.total_cmp(&b.t));
        for e in events {
            self.apply_prop_event(e, info);
        }
        end
    }

    fn push_segment(&mut self, a: usize, t0: f32, dur: f32, motion: Motion, end: Rest) -> f32 {
        let t1 = t0 + dur;
        self.tracks[a].segments.push(Segment { t0, t1, motion, end });
        self.rest[a] = end;
        t1
    }

    fn run_moves<'p>(
        &mut self,
        a: usize,
        act: &'p FlatAct,
        line: (f32, f32),
        t0: f32,
        events: &mut Vec<PropEvent<'p>>,
        words: &mut Vec<String>,
    ) -> f32 {
        let mut t = t0;
        for (mi, m) in act.moves.iter().enumerate() {
            // the move's own node, built only for a message
            let mpath = || act.origin.index(1).index(mi);
            let note = used_note(act);
            let present = self.rest[a].present;
            if !present && !matches!(m, Move::Enter(_)) {
                let msg = format!("{} is not here (not yet entered, or already gone): `Enter` first{note}", self.tracks[a].name);
                self.problem(mpath(), msg);
                continue;
            }
            if let Some((name, dur, pose, seated_after)) = gesture_of(m) {
                let mut end = self.rest[a];
                // someone seated plays, sings or washes seated
                let pose = if pose == Pose::Standing && end.seated { Pose::Sitting } else { pose };
                if let Some(s) = seated_after {
                    end.seated = s;
                }
                t = self.push_segment(a, t, dur, Motion::Gesture { id: gesture_id(name), pose }, end);
                words.push(name.to_string());
                continue;
            }
            match m {
                Move::Go { to, via, off, face } => {
                    let Some(mut dest) = self.point(to, *off) else {
                        self.problem(mpath().field("to"), format!("unknown place `{to}`{note}"));
                        continue;
                    };
                    dest[0] += line.0;
                    dest[2] += line.1;
                    dest[1] = self.court.floor(dest[0], dest[2]);
                    match self.walk(a, dest, via.as_deref()) {
                        Ok(path) => {
                            if crate::rite::route::length(&path) > 0.01 {
                                let cum = cumulative(&path);
                                let dur = cum.last().copied().unwrap_or(0.0) / WALK_SPEED;
                                let bearing = path_heading(&path).unwrap_or(self.rest[a].bearing);
                                let end = Rest { pos: dest, bearing, seated: false, present: true };
                                t = self.push_segment(a, t, dur, Motion::Walk { path, cum }, end);
                            }
                            let via_words = via.as_ref().map(|v| format!("自{v}")).unwrap_or_default();
                            words.push(format!("{via_words}至{to}"));
                        }
                        Err(e) => {
                            let blame = if e.starts_with("no stair") { mpath().field("via") } else { mpath().field("to") };
                            let msg = format!("{} cannot walk to `{to}`: {e}{note}", self.tracks[a].name);
                            self.problem(blame, msg);
                        }
                    }
                    if let Some(d) = face {
                        t = self.turn(a, t, *d);
                        words.push(d.chinese().to_string());
                    }
                }
                Move::Face(d) => {
                    t = self.turn(a, t, *d);
                    words.push(d.chinese().to_string());
                }
                Move::Enter(place) => {
                    if present {
                        let msg = format!("{} is already here{note}", self.tracks[a].name);
                        self.problem(mpath(), msg);
                        continue;
                    }
                    let Some(mut p) = self.point(place, None) else {
                        self.problem(mpath().index(0), format!("unknown place `{place}`{note}"));
                        continue;
                    };
                    p[0] += line.0;
                    p[2] += line.1;
                    let end = Rest { pos: p, present: true, ..self.rest[a] };
                    t = self.push_segment(a, t, 0.8, Motion::Enter, end);
                    words.push(format!("入，至{place}"));
                }
                Move::Exit => {
                    let end = Rest { present: false, ..self.rest[a] };
                    t = self.push_segment(a, t, 0.8, Motion::Exit, end);
                    words.push("出".into());
                }
                Move::Wait(s) => {
                    if !(*s > 0.0 && s.is_finite()) {
                        self.problem(mpath(), format!("a wait must last a positive number of seconds, not {s}{note}"));
                        continue;
                    }
                    let rest = self.rest[a];
                    t = self.push_segment(
                        a,
                        t,
                        *s,
                        Motion::Gesture { id: gesture_id("待"), pose: if rest.seated { Pose::Sitting } else { Pose::Standing } },
                        rest,
                    );
                }
                Move::Say(what) => {
                    let rest = self.rest[a];
                    t = self.push_segment(
                        a,
                        t,
                        1.5,
                        Motion::Gesture { id: gesture_id("言"), pose: if rest.seated { Pose::Sitting } else { Pose::Standing } },
                        rest,
                    );
                    words.push(what.clone());
                }
                Move::Take(p)
                | Move::Put(p)
                | Move::PutOn(p, _)
                | Move::Give(p, _)
                | Move::Set(p, _)
                | Move::Clear(p)
                | Move::Shoot { arrow: p, .. } => {
                    let Some(&prop) = self.prop_ix.get(p.as_str()) else {
                        self.problem(mpath().index(0).field("arrow"), format!("unknown prop `{p}`{note}"));
                        continue;
                    };
                    let (name, dur, pose) = match m {
                        Move::Take(_) => ("取", 1.2, None),
                        Move::Put(_) | Move::PutOn(..) => ("奠", 1.2, None),
                        Move::Give(..) => ("授", 1.5, None),
                        Move::Set(..) => ("设", 1.2, None),
                        Move::Clear(_) => ("彻", 1.2, None),
                        _ => ("射", 3.0, Some(Pose::Shooting)),
                    };
                    let rest = self.rest[a];
                    let shown = pose.unwrap_or(if rest.seated { Pose::Sitting } else { Pose::Standing });
                    let t_start = t;
                    t = self.push_segment(a, t, dur, Motion::Gesture { id: gesture_id(name), pose: shown }, rest);
                    let prop_name = self.props[prop].name.clone();
                    words.push(match m {
                        Move::Take(_) => format!("取{prop_name}"),
                        Move::Put(_) => format!("奠{prop_name}"),
                        Move::PutOn(_, on) => format!("奠{prop_name}于{on}"),
                        Move::Give(_, to) => format!("以{prop_name}授{}", self.actor_name(to)),
                        Move::Set(_, on) => format!("设{prop_name}于{on}"),
                        Move::Clear(_) => format!("彻{prop_name}"),
                        Move::Shoot { target, hit, .. } => format!("射{target}，{}", if *hit { "获" } else { "不获" }),
                        _ => String::new(),
                    });
                    events.push(PropEvent {
                        t: if matches!(m, Move::Shoot { .. }) { t_start + 2.0 } else { t },
                        actor: a,
                        prop,
                        kind: m,
                        origin: &act.origin,
                        index: mi,
                        note,
                    });
                }
                _ => {}
            }
        }
        t
    }

    fn actor_name(&self, id: &str) -> String {
        self.actor_ix.get(id).map(|&i| self.tracks[i].name.clone()).unwrap_or_else(|| id.to_string())
    }

    fn turn(&mut self, a: usize, t: f32, d: Dir) -> f32 {
        let from = self.rest[a].bearing;
        let to = d.bearing();
        let delta = ((to - from + 540.0).rem_euclid(360.0) - 180.0).abs();
        if delta < 1.0 {
            return t;
        }
        let end = Rest { bearing: to, ..self.rest[a] };
        self.push_segment(a, t, (delta / TURN_SPEED).max(0.3), Motion::Turn { from, to }, end)
    }

    fn walk(&mut self, a: usize, dest: [f32; 3], via: Option<&str>) -> Result<Vec<[f32; 3]>, String> {
        let from = self.rest[a].pos;
        let key = (quant(from[0]), quant(from[1]), quant(from[2]), quant(dest[0]), quant(dest[1]), quant(dest[2]), via.map(str::to_string));
        if let Some(hit) = self.route_cache.get(&key) {
            return hit.clone().ok_or_else(|| "no path".to_string());
        }
        let result = self.router.route(from, self.court.floor_at(from), dest, self.court.floor_at(dest), via).map_err(|e| e.to_string());
        if let Ok(p) = &result {
            self.route_cache.insert(key, Some(p.clone()));
        }
        result
    }
}

fn note_actor(info: &mut BeatInfo, a: usize, what: String) {
    if !info.actors.contains(&a) {
        info.actors.push(a);
    }
    match info.did.iter_mut().find(|(x, _)| *x == a) {
        Some((_, words)) if !what.is_empty() => {
            if !words.is_empty() {
                words.push('；');
            }
            words.push_str(&what);
        }
        Some(_) => {}
        None => info.did.push((a, what)),
    }
}

fn path_heading(path: &[[f32; 3]]) -> Option<f32> {
    path.windows(2).rev().find_map(|w| bearing_between(w[0], w[1]))
}

/// Where a message about an act that a template produced should also point: `used_note(act)`
/// in a message reads " (in template `X`, used at …)". Written out only when a message is.
#[derive(Clone, Copy)]
pub(super) struct UsedNote<'a>(&'a FlatAct<'a>);

impl std::fmt::Display for UsedNote<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0.used_at {
            Some((path, name)) => write!(f, " (in template `{name}`, used at {})", describe_path(path)),
            None => Ok(()),
        }
    }
}

fn used_note<'a>(act: &'a FlatAct<'a>) -> UsedNote<'a> {
    UsedNote(act)
}

/// A path as the reader sees it in the file, e.g. `steps[3].beats[1]`; the loader swaps it for line:col.
pub fn describe_path(path: &Path) -> String {
    let mut s = String::from("@{");
    for seg in path {
        match seg {
            Seg::Field(f) => {
                s.push('.');
                s.push_str(f);
            }
            Seg::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    s.push('}');
    s
}
