//! Music on the rite's clock: a beat's cues are placed where the beat starts. A piece played once
//! through holds the beat until it ends; a piece that sounds `until` a later clause repeats up to
//! that clause's start, and if its drum keeps the beat (间若一) every arrow loosed meanwhile waits
//! for a stroke, save those of the archers it leaves `free` (公 … 不以乐志); where the song itself
//! is the 节 (`listen`), each pair hears it through first and then looses one round a song.

use std::collections::HashMap;

use super::Code;
use super::sim::{Name, Sim};
use crate::music::cue::{Cue, Part, Placed, drum_period, once_through};
use crate::music::library::Library;
use crate::rite::acts::gesture::Gesture;
use crate::rite::scene::field;
use crate::rite::scene::span::{Path, PathExt};
use crate::rite::scene::spell::letters;
use crate::rite::scene::spell::nearest;
use crate::rite::timeline::Motion;

/// What sounds until a later clause: a placed cue or a held voice, by index.
#[derive(Clone, Copy, Debug)]
pub(super) enum Sounding {
    Cue(usize),
    Voice(usize),
}

/// Seconds from the start of a shot (射) to the arrow's release.
pub(super) const RELEASE_AFTER: f32 = 2.0;

/// The drum releases fall on: its first stroke, the strokes' spacing, who is exempt, and the cue;
/// and where the song is the 节, the song's length, the songs a pair hears first, the song each
/// archer last loosed in, and the archer who opened the latest pair's first round (with whether
/// his partner has followed).
#[derive(Debug, Clone)]
pub(super) struct Meter {
    origin: f32,
    period: f32,
    free: Vec<usize>,
    cue: usize,
    song: f32,
    listen: u32,
    loosed: HashMap<usize, i64>,
    opened: Option<(usize, bool)>,
}

impl Meter {
    /// The first stroke at or after `x`.
    fn stroke_from(&self, x: f32) -> f32 {
        self.origin + ((x - self.origin) / self.period - 1e-4).ceil().max(0.0) * self.period
    }

    /// Which singing of the song `x` falls in.
    fn song_at(&self, x: f32) -> i64 {
        ((x - self.origin) / self.song + 1e-4).floor() as i64
    }

    /// When archer `a`, ready to shoot at `t`, looses: on a stroke, and where the song is the 节,
    /// one arrow a song; an archer's first arrow after a whole song heard (the first pair's from
    /// the music's start, since it is struck up for them at their marks), unless his partner has
    /// just opened their first round, whose song he shares (拾发).
    fn release(&mut self, a: usize, t: f32) -> f32 {
        let ready = t + RELEASE_AFTER;
        if self.listen == 0 || self.song <= self.period {
            return self.stroke_from(ready);
        }
        let start_of = |k: i64| self.origin + k as f32 * self.song;
        let not_before = match (self.loosed.get(&a), self.opened) {
            (Some(&k), _) => start_of(k + 1),
            (None, Some((b, false))) if b != a => {
                self.opened = Some((b, true));
                ready
            }
            (None, _) => {
                let heard_from = if self.loosed.is_empty() { 0 } else { ((t - self.origin) / self.song - 1e-4).ceil() as i64 };
                self.opened = Some((a, false));
                start_of(heard_from + self.listen as i64)
            }
        };
        let release = self.stroke_from(ready.max(not_before));
        self.loosed.insert(a, self.song_at(release));
        release
    }
}

impl Sim<'_> {
    /// Places a beat's cues from `t`. Returns when the last piece played once through ends (`t`
    /// if none).
    pub(super) fn place_music(&mut self, cues: &[Cue], path: &Path, t: f32) -> f32 {
        let lib = Library::builtin();
        let mut end = t;
        for (i, cue) in cues.iter().enumerate() {
            let cpath = path.index(i);
            let Some(once) = once_through(lib, &cue.piece) else {
                let known = lib.pieces();
                let msg = format!(
                    "{}; the pieces are {}",
                    crate::rite::scene::spell::unknown_name("piece", &cue.piece, known.iter().copied()),
                    known.join("、")
                );
                self.problem(Code::UnknownName, cpath.field(field::PIECE), msg);
                continue;
            };
            let parts = self.parts(cue, &cpath);
            let index = self.music.len();
            let until = match &cue.until {
                Some(words) if letters(words).is_empty() => {
                    self.problem(
                        Code::Music,
                        cpath.field(field::UNTIL),
                        "`until` names no clause: give a few words of the 原文 where the music stops",
                    );
                    t
                }
                Some(words) => {
                    self.pending.push((Sounding::Cue(index), words.clone(), cpath.field(field::UNTIL)));
                    t
                }
                None => {
                    end = end.max(t + once);
                    t + once
                }
            };
            if cue.listen > 0 && !cue.meter {
                self.problem(
                    Code::Music,
                    cpath.field(field::LISTEN),
                    "`listen` counts the songs of a drum that keeps the beat: give `meter: true` too",
                );
            }
            if cue.meter {
                let free =
                    cue.free.iter().enumerate().filter_map(|(j, who)| self.one_of(who, &cpath.field(field::FREE).index(j))).collect();
                self.meter = Some(Meter {
                    origin: t,
                    period: drum_period(lib),
                    free,
                    cue: index,
                    song: once,
                    listen: cue.listen,
                    loosed: HashMap::new(),
                    opened: None,
                });
                if cue.until.is_none() {
                    self.problem(
                        Code::Music,
                        cpath.field(field::METER),
                        "a drum that keeps the beat needs `until`: the clause where the shooting to it ends",
                    );
                }
            }
            self.music_at.push(cpath.clone());
            self.music.push(Placed { piece: cue.piece.clone(), parts, start: t, end: until, repeats: cue.until.is_some() });
        }
        end
    }

    /// The cue's parts, its ensemble's if it names one; each player resolved.
    fn parts(&mut self, cue: &Cue, cpath: &Path) -> Vec<(Part, Vec<usize>)> {
        let scene = self.scene;
        let (listed, at) = match &cue.by {
            Some(id) => match scene.ensembles.iter().position(|e| &e.id == id) {
                Some(e) => (&scene.ensembles[e].parts, Path::new()),
                None => {
                    let known: Vec<&str> = scene.ensembles.iter().map(|e| e.id.as_str()).collect();
                    let hint = nearest(id, &known).map(|k| format!(" (did you mean `{k}`?)")).unwrap_or_default();
                    self.problem(Code::UnknownName, cpath.field(field::BY), format!("unknown ensemble `{id}`{hint}"));
                    return Vec::new();
                }
            },
            None => (&cue.parts, cpath.field(field::PARTS)),
        };
        if listed.is_empty() {
            self.problem(
                Code::Music,
                cpath.clone(),
                "a cue with no players: give `by` (an ensemble) or `parts` (歌, 瑟, 笙, 钟, 鼓 … and who)",
            );
        }
        let mut parts = Vec::new();
        for (j, (part, who)) in listed.iter().enumerate() {
            let node = if at.is_empty() { cpath.field(field::BY) } else { at.index(j).index(1) };
            if let Some(members) = self.performers(who, &node) {
                parts.push((*part, members));
            }
        }
        parts
    }

    /// The actor, or each member of the group, called `who`; a problem at `node` if none.
    fn performers(&mut self, who: &str, node: &Path) -> Option<Vec<usize>> {
        let found = self.who(who);
        if found.is_none() {
            self.problem(Code::UnknownName, node.clone(), self.unknown(Name::Performer, who));
        }
        found
    }

    fn one_of(&mut self, who: &str, node: &Path) -> Option<usize> {
        if let Some(&i) = self.actor_ix.get(who) {
            return Some(i);
        }
        self.problem(Code::UnknownName, node.clone(), self.unknown(Name::Actor, who));
        None
    }

    /// A beat with text `text` begins at `t`: the music waiting for these words stops here.
    pub(super) fn end_music_at(&mut self, text: &str, t: f32) {
        let here = letters(text);
        let says = |words: &str| {
            let w = letters(words);
            !w.is_empty() && here.windows(w.len()).any(|win| win == w.as_slice())
        };
        let (ended, waiting): (Vec<_>, Vec<_>) = std::mem::take(&mut self.pending).into_iter().partition(|(_, words, _)| says(words));
        self.pending = waiting;
        for (sounding, _, _) in ended {
            match sounding {
                Sounding::Cue(index) => {
                    self.music[index].end = t;
                    if self.meter.as_ref().is_some_and(|m| m.cue == index) {
                        self.meter = None;
                    }
                }
                Sounding::Voice(index) => self.voices[index].hold_to(t),
            }
        }
    }

    /// The voice just raised is held until a later clause containing `words` begins.
    pub(super) fn hold_voice(&mut self, words: &str, node: Path) {
        if letters(words).is_empty() {
            self.problem(Code::Music, node, "`hold: Until(…)` names no clause: give a few words of the 原文 where the voice stops");
            return;
        }
        self.pending.push((Sounding::Voice(self.voices.len() - 1), words.to_string(), node));
    }

    /// The scene has ended with music or a voice still waiting for its clause.
    pub(super) fn unended_music(&mut self) {
        for (sounding, words, node) in std::mem::take(&mut self.pending) {
            let what = match sounding {
                Sounding::Cue(_) => "the music",
                Sounding::Voice(_) => "the voice",
            };
            self.problem(Code::Music, node, format!("no later clause contains `{words}`: {what} would never stop"));
        }
    }

    /// While a drum keeps the beat, actor `a` about to shoot at `t` stands until his release will
    /// fall on a stroke. Returns when he begins to shoot.
    pub(super) fn wait_for_the_drum(&mut self, a: usize, t: f32) -> f32 {
        let Some(m) = &mut self.meter else { return t };
        if m.free.contains(&a) {
            return t;
        }
        let wait = m.release(a, t) - (t + RELEASE_AFTER);
        if wait < 1e-3 {
            return t;
        }
        let rest = self.rest[a];
        let pose = Gesture::Wait.pose(rest.seated);
        self.push_segment(a, t, wait, Motion::Gesture { gesture: Gesture::Wait, pose }, rest)
    }
}
