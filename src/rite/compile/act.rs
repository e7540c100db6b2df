//! One actor's act within a phase, move by move: each kind of move is its own method, and each
//! returns when the actor is done with it. What cannot happen is a problem at the move's node.

use super::event::PropEvent;
use super::music::RELEASE_AFTER;
use super::sim::{Name, Sim};
use super::{Code, WALK_SPEED};
use crate::music::voice::{Spoken, Tone};
use crate::rite::acts::deed::Deed;
use crate::rite::acts::gesture::Gesture;
use crate::rite::acts::moves::{Gait, Hold};
use crate::rite::court::route::RouteError;
use crate::rite::scene::expand::FlatAct;
use crate::rite::scene::field;
use crate::rite::scene::model::{Dir, Len, Move};
use crate::rite::scene::span::{Path, PathExt};
use crate::rite::timeline::{Motion, Rest, bearing_between, cumulative};

/// The move being played: whose, which, and where a message about it points.
pub(super) struct MoveAt<'p> {
    pub a: usize,
    pub act: &'p FlatAct<'p>,
    pub index: usize,
    /// where the actor's line puts him beside the place named (a file of a group)
    pub line: (f32, f32),
}

impl<'p> MoveAt<'p> {
    fn path(&self) -> Path {
        self.act.move_path(self.index)
    }

    fn note(&self) -> Option<&'p (Path, String)> {
        self.act.move_note(self.index)
    }
}

fn path_heading(path: &[[f32; 3]]) -> Option<f32> {
    path.windows(2).rev().find_map(|w| bearing_between(w[0], w[1]))
}

impl<'a> Sim<'a> {
    /// Plays actor `a`'s moves from `t0`; returns when he is done. Things handled go into
    /// `events`, checked once the phase ends; what he did into `deeds`.
    pub(super) fn run_moves<'p>(
        &mut self,
        a: usize,
        act: &'p FlatAct<'p>,
        line: (f32, f32),
        t0: f32,
        events: &mut Vec<PropEvent<'p>>,
        deeds: &mut Vec<Deed>,
    ) -> f32 {
        let mut t = t0;
        // a voice held unbroken (声不绝) through the walks that follow it, until he stops: any move
        // that is no walk (a new call among them) ends it
        let mut sustained: Option<usize> = None;
        for (index, m) in act.moves.iter().enumerate() {
            let at = MoveAt { a, act, index, line };
            if !matches!(m, Move::Go { .. }) {
                self.end_voice(sustained.take(), t);
            }
            if !self.rest[a].present && !matches!(m, Move::Enter(_)) {
                let msg = format!("{} is not here (not yet entered, or already gone): `Enter` first", self.tracks[a].name);
                self.problem_in(Code::Body, at.path(), msg, at.note());
                continue;
            }
            // a gesture that handles no thing and is no speech or wait: 拜, 揖, 坐, 相, 解纲 …
            let plain =
                m.thing().is_none() && !matches!(m, Move::Say(_) | Move::Sustain(_) | Move::Call { .. } | Move::Wait(_) | Move::Gong(_));
            t = match (m, m.gesture()) {
                (Move::Together(moves), _) => self.handle_together(&at, moves, t, events, deeds),
                (_, Some(g)) if plain => self.gesture(&at, m, g, t, events, deeds),
                (Move::Go { to, via, off, face, gait }, _) => self.go(&at, to, via.as_deref(), *off, *face, *gait, t, deeds),
                (Move::Face(d), _) => {
                    deeds.push(Deed::Face(*d));
                    self.turn(a, t, *d)
                }
                (Move::ZuoHuan(d) | Move::YouHuan(d), _) => {
                    deeds.push(Deed::Face(*d));
                    self.turn_way(a, t, *d, matches!(m, Move::ZuoHuan(_)))
                }
                (Move::StepBack(len), _) => self.step_back(&at, *len, t, deeds),
                (Move::Enter(place), _) => self.enter(&at, place, t, deeds),
                (Move::Exit, _) => self.exit(&at, t, events, deeds),
                // expansion has replaced every `Do` it could, and reported the rest
                (Move::Do(..), _) => t,
                (Move::Wait(s), _) => self.wait(&at, Gesture::Wait, *s, t, deeds),
                (Move::Gong(s), _) => self.wait(&at, Gesture::Gong, *s, t, deeds),
                (Move::Say(what), _) => self.say(a, what, None, true, t, deeds),
                (Move::Call { words, tone, hold }, _) => {
                    let end = self.say(a, words, Some(*tone), hold.is_none(), t, deeds);
                    match hold {
                        Some(Hold::Walk) => sustained = Some(self.voices.len() - 1),
                        Some(Hold::Until(words)) => self.hold_voice(words, at.path().field(field::HOLD)),
                        None => {}
                    }
                    end
                }
                (Move::Sustain(words), _) => {
                    let end = self.say(a, words, None, false, t, deeds);
                    sustained = Some(self.voices.len() - 1);
                    end
                }
                // every other move handles a thing
                _ => self.handle(&at, m, t, events, deeds),
            };
        }
        self.end_voice(sustained, t);
        t
    }

    /// A held voice stops when its speaker does: it lasts from its onset to `t`.
    fn end_voice(&mut self, voice: Option<usize>, t: f32) {
        if let Some(k) = voice {
            self.voices[k].hold_to(t);
        }
    }

    /// 少退: a step or two straight back on the floor he stands on, his face kept where it was.
    fn step_back(&mut self, at: &MoveAt, len: Len, t: f32, deeds: &mut Vec<Deed>) -> f32 {
        let here = self.rest[at.a];
        if here.seated {
            self.problem_in(Code::Body, at.path(), format!("{} steps back seated: `兴` first", self.tracks[at.a].name), at.note());
            return t;
        }
        let metres = len.metres(self.court.chi_m);
        let (fx, fz) = crate::rite::court::measure::bearing_vector(here.bearing);
        let (x, z) = (here.pos[0] - fx * metres, here.pos[2] - fz * metres);
        let dest = [x, self.court.floor(x, z), z];
        let level = self.court.level_of(here.pos[0], here.pos[2]);
        if (dest[1] - here.pos[1]).abs() > 0.05 || self.router.standable(level, x, z).is_err() {
            let msg = format!("{} has no floor {metres:.1} m behind him to step back onto", self.tracks[at.a].name);
            self.problem_in(Code::Body, at.path(), msg, at.note());
            return t;
        }
        let path = vec![here.pos, dest];
        let cum = cumulative(&path);
        deeds.push(Deed::StepBack);
        let end = Rest { pos: dest, ..here };
        self.push_segment(at.a, t, metres / WALK_SPEED, Motion::Walk { path, cum, facing: Some(here.bearing) }, end)
    }

    /// A gesture that handles nothing (拜, 揖, 坐, 相, 解纲 …), if he can make it now.
    fn gesture(&mut self, at: &MoveAt, m: &Move, g: Gesture, t: f32, events: &[PropEvent], deeds: &mut Vec<Deed>) -> f32 {
        let a = at.a;
        let mut end = self.rest[a];
        let pose = g.pose(end.seated);
        if let Some(s) = g.seated_after() {
            end.seated = s;
        }
        end.gear = g.gear_after(end.gear);
        let done = t + g.seconds();
        if let Err((code, msg)) = self.needs(a, g, events, t) {
            self.problem_in(code, at.path(), msg, at.note());
            return t;
        }
        let deed = match self.cord(a, m, g, done).unwrap_or_else(|| self.lead(a, m, g, &mut end)) {
            Ok(deed) => deed,
            Err(msg) => {
                self.problem_in(Code::Body, at.path(), msg, at.note());
                return t;
            }
        };
        if let Some(led) = end.leading {
            self.blind[led] = true;
        }
        deeds.push(deed);
        self.push_segment(a, t, g.seconds(), Motion::Gesture { gesture: g, pose }, end)
    }

    #[allow(clippy::too_many_arguments)]
    fn go(
        &mut self,
        at: &MoveAt,
        to: &str,
        via: Option<&str>,
        off: Option<(Len, Len)>,
        face: Option<Dir>,
        gait: Gait,
        t: f32,
        deeds: &mut Vec<Deed>,
    ) -> f32 {
        let (a, mut t) = (at.a, t);
        let Some(mut dest) = self.point(to, off) else {
            self.problem_in(Code::UnknownName, at.path().field(field::TO), self.unknown(Name::Place, to), at.note());
            return t;
        };
        dest[0] += at.line.0;
        dest[2] += at.line.1;
        dest[1] = self.court.floor(dest[0], dest[2]);
        match self.walk(a, dest, via, gait.speed(), t) {
            Ok(path) => {
                let metres = crate::rite::court::route::length(&path);
                let rules = self
                    .may_walk(a, metres)
                    .and_then(|()| self.own_stair(a, &path))
                    .and_then(|()| self.passes_south(a, &path, t))
                    .and_then(|()| self.off_the_mats(a, &path));
                if let Err(msg) = rules {
                    self.problem_in(Code::Rule, at.path(), msg, at.note());
                }
                if metres > 0.01 {
                    let cum = cumulative(&path);
                    t += self.wait_for_way(a, &path, &cum, gait.speed(), t);
                    let dur = cum.last().copied().unwrap_or(0.0) / gait.speed();
                    let bearing = path_heading(&path).unwrap_or(self.rest[a].bearing);
                    let end = Rest { pos: dest, bearing, seated: false, ..self.rest[a] };
                    t = self.push_segment(a, t, dur, Motion::Walk { path, cum, facing: None }, end);
                    self.arrivals.push((a, at.path(), at.note().cloned()));
                }
                deeds.push(Deed::Walk { to: to.to_string(), via: via.map(str::to_string), gait });
            }
            Err(e) => {
                let blame = if matches!(e, RouteError::NoStair(_) | RouteError::OtherStair { .. }) {
                    at.path().field(field::VIA)
                } else {
                    at.path().field(field::TO)
                };
                let msg = format!("{} cannot walk to `{to}`: {e}", self.tracks[a].name);
                self.problem_in(Code::Route, blame, msg, at.note());
            }
        }
        if let Some(d) = face {
            t = self.turn(a, t, d);
            deeds.push(Deed::Face(d));
        }
        t
    }

    fn enter(&mut self, at: &MoveAt, place: &str, t: f32, deeds: &mut Vec<Deed>) -> f32 {
        let a = at.a;
        if self.rest[a].present {
            let msg = format!("{} is already here", self.tracks[a].name);
            self.problem_in(Code::Body, at.path(), msg, at.note());
            return t;
        }
        let Some(mut p) = self.point(place, None) else {
            self.problem_in(Code::UnknownName, at.path().index(0), self.unknown(Name::Place, place), at.note());
            return t;
        };
        p[0] += at.line.0;
        p[2] += at.line.1;
        let end = Rest { pos: p, present: true, ..self.rest[a] };
        let t = self.push_segment(a, t, 0.8, Motion::Enter, end);
        self.arrivals.push((a, at.path(), at.note().cloned()));
        deeds.push(Deed::Enter(place.to_string()));
        t
    }

    fn exit(&mut self, at: &MoveAt, t: f32, events: &[PropEvent], deeds: &mut Vec<Deed>) -> f32 {
        if let Err(msg) = self.leaves_empty_handed(at.a, events, t) {
            self.problem_in(Code::Hands, at.path(), msg, at.note());
        }
        let end = Rest { present: false, leading: None, ..self.rest[at.a] };
        deeds.push(Deed::Exit);
        self.push_segment(at.a, t, 0.8, Motion::Exit, end)
    }

    /// A wait, plain (待) or with the hands joined (共), lasting what the scene says.
    fn wait(&mut self, at: &MoveAt, gesture: Gesture, seconds: f32, t: f32, deeds: &mut Vec<Deed>) -> f32 {
        if !(seconds > 0.0 && seconds.is_finite()) {
            self.problem_in(Code::Timing, at.path(), format!("a wait must last a positive number of seconds, not {seconds}"), at.note());
            return t;
        }
        let rest = self.rest[at.a];
        let pose = gesture.pose(rest.seated);
        deeds.push(Deed::Gesture(gesture));
        self.push_segment(at.a, t, seconds, Motion::Gesture { gesture, pose }, rest)
    }

    /// Words said aloud, or called on a note: a deed, and a voice on the soundtrack. Said `whole`, the speaker stands
    /// until his last word; a voice held on as he goes (声不绝) lets him go on at once.
    fn say(&mut self, a: usize, words: &str, tone: Option<Tone>, whole: bool, t: f32, deeds: &mut Vec<Deed>) -> f32 {
        deeds.push(match tone {
            Some(tone) => Deed::Call { words: words.to_string(), tone },
            None => Deed::Say(words.to_string()),
        });
        let spoken = Spoken { t, actor: a, words: words.to_string(), tone, held: None };
        // the speaker speaks as long as his words take (a 誓 of a dozen characters is no shorter a deed than a 诺), so that
        // the next clause does not begin while he is still speaking
        let seconds = if whole { Gesture::Speak.seconds().max(spoken.seconds()) } else { Gesture::Speak.seconds() };
        self.voices.push(spoken);
        self.gesture_for(a, t, Gesture::Speak, seconds)
    }

    /// Gesture `g` made where actor `a` stands, sitting or standing as he is; returns its end.
    fn gesture_in_place(&mut self, a: usize, t: f32, g: Gesture) -> f32 {
        self.gesture_for(a, t, g, g.seconds())
    }

    /// Gesture `g` made in place and held `seconds` (its own length, or longer where what goes with it takes longer).
    fn gesture_for(&mut self, a: usize, t: f32, g: Gesture, seconds: f32) -> f32 {
        let rest = self.rest[a];
        self.push_segment(a, t, seconds, Motion::Gesture { gesture: g, pose: g.pose(rest.seated) }, rest)
    }

    /// The prop that move `m` handles, or the problem of its unknown name (`None` for a move
    /// that handles nothing).
    fn thing_of(&mut self, at: &MoveAt, m: &Move) -> Option<usize> {
        let p = m.thing()?;
        let prop = self.prop_ix.get(p).copied();
        if prop.is_none() {
            self.problem_in(Code::UnknownName, at.path().index(0).field(field::ARROW), self.unknown(Name::Prop, p), at.note());
        }
        prop
    }

    /// 兼: the things of `moves` handled in one motion: the first move's gesture once, and every
    /// handling at the moment the first's would be.
    fn handle_together<'p>(
        &mut self,
        at: &MoveAt<'p>,
        moves: &'p [Move],
        t: f32,
        events: &mut Vec<PropEvent<'p>>,
        deeds: &mut Vec<Deed>,
    ) -> f32 {
        let handles_a_thing = |m: &Move| m.thing().is_some() && !matches!(m, Move::Shoot { .. });
        let Some(g) = moves.first().and_then(Move::gesture).filter(|_| moves.iter().all(handles_a_thing)) else {
            let msg = "兼 takes moves that each handle a thing (取, 执, 奠, 设 …), at least one, and no shot";
            self.problem_in(Code::Hands, at.path(), msg, at.note());
            return t;
        };
        let props: Vec<Option<usize>> = moves.iter().map(|m| self.thing_of(at, m)).collect();
        let Some(props) = props.into_iter().collect::<Option<Vec<usize>>>() else { return t };
        let t_done = self.gesture_in_place(at.a, t, g);
        for (m, prop) in moves.iter().zip(props) {
            self.record_handling(at, m, prop, g, t, events, deeds);
        }
        t_done
    }

    /// A move that handles a thing (取, 奠, 授, 设, 射 …): the gesture now, the handling itself
    /// when the phase ends, in time order with everyone else's.
    fn handle<'p>(&mut self, at: &MoveAt<'p>, m: &'p Move, t: f32, events: &mut Vec<PropEvent<'p>>, deeds: &mut Vec<Deed>) -> f32 {
        let Some(prop) = self.thing_of(at, m) else { return t };
        let g = m.gesture().unwrap_or(Gesture::Take);
        let t_start = if matches!(m, Move::Shoot { .. }) { self.wait_for_the_drum(at.a, t) } else { t };
        let t_done = self.gesture_in_place(at.a, t_start, g);
        self.record_handling(at, m, prop, g, t_start, events, deeds);
        t_done
    }

    /// The handling of `prop` by move `m`, a gesture `g` begun at `t_start`: what he
    /// did, and the prop event, checked and applied when the phase ends.
    fn record_handling<'p>(
        &mut self,
        at: &MoveAt<'p>,
        m: &'p Move,
        prop: usize,
        g: Gesture,
        t_start: f32,
        events: &mut Vec<PropEvent<'p>>,
        deeds: &mut Vec<Deed>,
    ) {
        deeds.push(match m {
            Move::Shoot { target, hit, .. } => Deed::Shoot { target: target.clone(), hit: *hit },
            Move::PutOn(_, on) | Move::Across(_, on) | Move::Set(_, on) => {
                Deed::Handle { gesture: g, prop, place: Some(on.clone()), to: None }
            }
            Move::Give(_, to) => Deed::Handle { gesture: g, prop, place: None, to: Some(to.clone()) },
            _ => Deed::Handle { gesture: g, prop, place: None, to: None },
        });
        events.push(PropEvent {
            // a thing reaches the ground or leaves it when the hands do, halfway through the bend
            // (the posture's reach swells to the ground and back), and changes hands or grip when
            // the hands meet it, halfway too: a clause that ends in a handling ends with it done
            // (a cup set down lies there, a cup handed over is in the other's hands, 取肺 has the
            // lung in hand)
            t: match m {
                Move::Shoot { .. } => t_start + RELEASE_AFTER,
                _ => t_start + 0.5 * g.seconds(),
            },
            actor: at.a,
            prop,
            kind: m,
            act: at.act,
            index: at.index,
        });
    }
}
