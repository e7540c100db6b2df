//! What a body needs to do what it is told: 盥 at a 洗 with empty hands, and 洗 only after it, a flag to raise, a voice
//! that is one of the singers, the posture the clause drinks in (立卒觯 standing, 坐卒爵 seated),
//! the hands free to 拜, his own stair, nothing in hand to go out (the way round south of the
//! 司马 to and from 堂西 is `south_of.rs`); one body to a spot; one piece at a time for each
//! player. A scene that asks for more is told where, as any other problem (docs/rules.md gives
//! each rule its passage).

use super::event::PropEvent;
use super::sim::{Sim, used_at};
use super::{Code, Problem, Refusal, Related};
use crate::music::cue::Part;
use crate::rite::acts::gear::Hand;
use crate::rite::acts::gesture::Gesture;
use crate::rite::court::Level;
use crate::rite::court::furniture::ObjectKind;
use crate::rite::scene::model::{Move, PropKind};
use crate::rite::scene::rules::Exception;
use crate::rite::scene::span::Path;
use crate::rite::timeline::{Motion, PropAt};

/// How far from a 洗's edge one may stand to wash the hands at it, in metres (he stands at its
/// south or north, 北面盥 / 南面盥, within an arm's reach of the basin).
const WASH_REACH: f32 = 1.6;

/// How far from a 洗's edge one is still at it, in metres: the baskets stand beside it (篚在洗西),
/// and one who washed his hands and went there for the cup has not left the basin.
const BASIN_SIDE: f32 = 3.0;

/// The half-width of a washbasin carried in (the rim of a 洗 about 2 尺 across).
const CARRIED_BASIN: f32 = 0.3;

/// Two standing bodies closer than this, centre to centre, stand in one another (a body is
/// [`BODY_RADIUS`](crate::rite::court::BODY_RADIUS) across its half; a tight file of musicians
/// on a mat sits about 1.4 尺 apart, closer than two radii but not on one spot).
const CROWDED: f32 = 0.3;

/// The farthest a blind musician moves unled: a shuffle on his mat, not a walk.
const BLIND_STEP: f32 = 1.0;

/// A walk or an entry that ended a phase: who, the move's node, and the template use if any.
pub(super) type Arrival = (usize, Path, Option<(Path, String)>);

/// How far onto a mat's edge a walker's foot may come as he passes it, in metres.
const MAT_EDGE: f32 = 0.05;

impl Sim<'_> {
    /// Whether actor `a` can make gesture `g` now; the reason if not.
    /// `events` are the phase's handlings so far, `t` when the gesture begins.
    pub(super) fn needs(&self, a: usize, g: Gesture, events: &[PropEvent], t: f32) -> Result<(), Refusal> {
        let name = &self.tracks[a].name;
        if g.is_bow()
            && !self.allow.contains(&Exception::BowOnMat)
            && let Some(mat) = self.mat_under(a)
        {
            return Err(Code::Rule.refuse(format!(
                "{name} bows (拜) on the {mat}: 疏「以其无席上拜法也」: a 拜 is made off the mat (降席, or at its end), unless the clause says he bows on it"
            )));
        }
        match g {
            Gesture::Guan => {
                if self.to_basin(self.rest[a].pos) > WASH_REACH {
                    return Err(Code::Body.refuse(format!("{name} cannot 盥 here: the hands are washed at a 洗 (walk to it first)")));
                }
                if let Some(held) = self.in_hand(a, events, t) {
                    return Err(Code::Hands.refuse(format!("{name} cannot 盥 holding the {held}: put it down or hand it on first")));
                }
                Ok(())
            }
            Gesture::Xi if !self.washed_hands_here(a) => Err(Code::Rule.refuse(format!(
                "{name} washes the cup (洗) without first washing his hands (盥) at the basin: 注「盥手又洗爵，致洁敬也」: set the cup down (`坐`, `奠`) and `盥` there first"
            ))),
            Gesture::RaiseFlag | Gesture::LowerFlag => {
                let holds_flag = self.held(a, events, t, |_, kind| kind == PropKind::Flag).is_some();
                if holds_flag { Ok(()) } else { Err(Code::Hands.refuse(format!("{name} holds no flag (旌) to {}: `执` it first", g.name()))) }
            }
            Gesture::ZuJue => match (drinking_stance(&self.clause), self.rest[a].seated) {
                (Some(Stance::Standing), true) => Err(Code::Rule.refuse(format!("{name} drains the cup seated, but the text says 立 (standing): `兴` first"))),
                (Some(Stance::Seated), false) => Err(Code::Rule.refuse(format!("{name} drains the cup standing, but the text says 坐 (seated): `坐` first"))),
                _ => Ok(()),
            },
            g if g.is_bow() && self.bow_stopped_below && self.court.floor_at(self.rest[a].pos) != Level::Hall => Err(Code::Rule.refuse(format!(
                "{name} bows below the hall, but the text has him go down to bow and be stopped (辞), the bow made above with no 成拜: 注「不言成拜者，为拜故下，实未拜也」"
            ))),
            g if g.is_bow() && !self.clause.contains('执') => match self.in_hand(a, events, t) {
                Some(held) => Err(Code::Rule.refuse(format!(
                    "{name} bows (拜) holding the {held}: a 拜 is made with the hands free (奠 it first), unless the text says he holds it (执…拜)"
                ))),
                None => Ok(()),
            },
            Gesture::Ji if offers_food(&self.clause) => match self.cup_in_right(a, events, t) {
                Some(cup) => Err(Code::Rule.refuse(format!(
                    "{name} offers (祭) with the {cup} in his right hand: 「左执爵，右祭」: the cup goes to the left hand (`执` it there) so the right hand is free to offer"
                ))),
                None => Ok(()),
            },
            Gesture::EvenArrows if self.held(a, events, t, |_, kind| kind == PropKind::Arrow).is_none() => {
                Err(Code::Hands.refuse(format!("{name} holds no arrows to even up (捆): take them up first")))
            }
            Gesture::Ladle if self.held(a, events, t, |_, kind| kind.is_cup()).is_none() => {
                Err(Code::Hands.refuse(format!("{name} holds no cup to fill (酌): `取` the 爵 or 觯 first")))
            }
            Gesture::HookString | Gesture::Flex | Gesture::RaiseBow | Gesture::PushBow
                if self.held(a, events, t, |_, kind| kind == PropKind::Bow).is_none() =>
            {
                Err(Code::Body.refuse(format!("{name} has no bow in hand: 挟弦, 揉, 扬弓 and 揖弓 are made on the bow he holds (`取` or `执` it first)")))
            }
            Gesture::Sing if !self.singers.contains(&a) => {
                Err(Code::Body.refuse(format!("{name} is not a singer: 歌 is for the performers of a 歌 part (an ensemble's or a cue's)")))
            }
            _ => Ok(()),
        }
    }

    /// How far a point is from the nearest 洗's edge, in metres (on the ground plane): the court's
    /// own, or one carried in and set down (as far as its rim, [`CARRIED_BASIN`] from its middle).
    fn to_basin(&self, p: [f32; 3]) -> f32 {
        let fixed = self.court.solids.iter().filter(|s| s.kind == ObjectKind::Washbasin).map(|s| {
            let b = &s.footprint;
            let dx = (b.x0 - p[0]).max(p[0] - b.x1).max(0.0);
            let dz = (b.z0 - p[2]).max(p[2] - b.z1).max(0.0);
            dx.hypot(dz)
        });
        let carried =
            self.props.iter().zip(&self.prop_now).filter(|(prop, _)| prop.kind == PropKind::Washbasin).filter_map(|(_, at)| match at {
                PropAt::At(q, _) => Some(((q[0] - p[0]).hypot(q[2] - p[2]) - CARRIED_BASIN).max(0.0)),
                _ => None,
            });
        fixed.chain(carried).fold(f32::INFINITY, f32::min)
    }

    /// Whether actor `a` has washed his hands (盥) since he came to the washbasin: back through his
    /// track to the walk that brought him from beyond [`BASIN_SIDE`] (going to the 篚 beside the
    /// basin for the cup, and back, is still at it).
    fn washed_hands_here(&self, a: usize) -> bool {
        for s in self.tracks[a].segments.iter().rev() {
            match &s.motion {
                Motion::Gesture { gesture: Gesture::Guan, .. } => return true,
                Motion::Walk { path, .. } if path.first().is_some_and(|p| self.to_basin(*p) > BASIN_SIDE) => return false,
                _ => {}
            }
        }
        false
    }

    /// The mat actor `a` is on, if any: his feet well inside its edge (a man at its end, or
    /// kneeling just off it before his dishes, is not on it).
    fn mat_under(&self, a: usize) -> Option<&str> {
        const INSIDE: f32 = 0.05;
        let p = self.rest[a].pos;
        self.court.solids.iter().filter(|s| s.kind == ObjectKind::Mat).find_map(|s| {
            let b = &s.footprint;
            let inside = p[0] > b.x0 + INSIDE && p[0] < b.x1 - INSIDE && p[2] > b.z0 + INSIDE && p[2] < b.z1 - INSIDE;
            (inside && (p[1] - s.base).abs() < 0.3).then_some(s.id.as_str())
        })
    }

    /// Whether actor `a` may walk `metres` now: a blind musician (one a guide has led) walks only
    /// led by his 相者, every time the music moves (乡射礼「相者皆左何瑟…右手相」; 「如初」 later).
    pub(super) fn may_walk(&self, a: usize, metres: f32) -> Result<(), String> {
        let led = self.rest.iter().any(|r| r.present && r.leading == Some(a));
        if self.blind[a] && !led && metres > BLIND_STEP {
            return Err(format!("{} is blind and walks {metres:.1} m unled: his 相者 leads him (`相` first)", self.tracks[a].name));
        }
        Ok(())
    }

    /// Whether walking `path` keeps actor `a` to his own stair: the one the scene gives him,
    /// unless the clause names the stair he takes (「降自西阶」).
    pub(super) fn own_stair(&self, a: usize, path: &[[f32; 3]]) -> Result<(), String> {
        let Some(own) = self.scene.actors[a].stair.as_deref() else { return Ok(()) };
        let used = self.court.solids.iter().find(|s| {
            matches!(s.kind, ObjectKind::Stair { .. }) && path.iter().any(|p| s.footprint.contains(p[0], p[2]) && self.court.on_stairs(*p))
        });
        match used {
            Some(s) if s.id != own && !self.clause.contains(s.id.as_str()) => Err(format!(
                "{} goes by the {}, but his stair is the {own}: take `via: \"{own}\"`, or the clause must name the other stair",
                self.tracks[a].name, s.id
            )),
            _ => Ok(()),
        }
    }

    /// Whether walking `path` keeps actor `a` off every mat but one he starts or ends at (曲礼
    /// 「毋踖席」): he goes round a mat, never over it. His feet may touch its edge.
    pub(super) fn off_the_mats(&self, a: usize, path: &[[f32; 3]]) -> Result<(), String> {
        use crate::rite::court::detour::OFF_THE_MAT;
        let (Some(first), Some(last)) = (path.first(), path.last()) else { return Ok(()) };
        for mat in self.court.solids.iter().filter(|s| s.kind == ObjectKind::Mat) {
            let near = mat.footprint.grow(OFF_THE_MAT);
            if near.contains(first[0], first[2]) || near.contains(last[0], last[2]) {
                continue;
            }
            let on = mat.footprint.grow(-MAT_EDGE);
            let crossed = path.windows(2).any(|w| {
                let level = (w[0][1] - mat.base).abs() < 0.3 && (w[1][1] - mat.base).abs() < 0.3;
                level && crate::rite::court::route::segment_hits((w[0][0], w[0][2]), (w[1][0], w[1][2]), &on)
            });
            if crossed {
                return Err(format!(
                    "{} walks over {}: 毋踖席, a mat is walked round unless one steps onto it or off it",
                    self.tracks[a].name, mat.id
                ));
            }
        }
        Ok(())
    }

    /// Whether actor `a` may go out now: nothing in his hands that the clause does not send out
    /// with him (「以…出」, 「执…以出」, 「彻…以出」); what he carried is set down or handed on first.
    pub(super) fn leaves_empty_handed(&self, a: usize, events: &[PropEvent], t: f32) -> Result<(), String> {
        let carried_out = (self.clause.contains('以') && self.clause.contains('出'))
            || self.clause.contains('彻')
            || self.allow.contains(&Exception::CarriedOut);
        match self.in_hand(a, events, t) {
            Some(held) if !carried_out => Err(format!(
                "{} goes out holding the {held}, which the clause does not send out with him: put it down or hand it on first",
                self.tracks[a].name
            )),
            _ => Ok(()),
        }
    }

    /// The first thing actor `a` holds in a hand (not in the belt or on the shoulder) at `t`.
    fn in_hand(&self, a: usize, events: &[PropEvent], t: f32) -> Option<&str> {
        self.held(a, events, t, |how, _| {
            matches!(how, Hand::LeftHand | Hand::RightHand | Hand::BothHands | Hand::GripAndTip | Hand::Fingers)
        })
    }

    /// The first thing actor `a` holds at `t` that `which` picks (by how he holds it and what it is).
    fn held(&self, a: usize, events: &[PropEvent], t: f32, which: impl Fn(Hand, PropKind) -> bool) -> Option<&str> {
        self.holdings(events, t).iter().zip(&self.props).find_map(|(held, p)| match held {
            Some((h, how)) if *h == a && which(*how, p.kind) => Some(p.name.as_str()),
            _ => None,
        })
    }

    /// The cup actor `a` holds in the right hand or in both, if any.
    fn cup_in_right(&self, a: usize, events: &[PropEvent], t: f32) -> Option<&str> {
        self.held(a, events, t, |how, kind| matches!(how, Hand::RightHand | Hand::BothHands) && kind.is_cup())
    }

    /// Who holds each prop at `t`, and how: as the phase began, then as this phase's handlings
    /// up to `t` leave it (they are checked and applied only when the phase ends).
    fn holdings(&self, events: &[PropEvent], t: f32) -> Vec<Option<(usize, Hand)>> {
        let mut now: Vec<Option<(usize, Hand)>> =
            self.prop_now.iter().map(|at| if let PropAt::Held(h, how) = at { Some((*h, *how)) } else { None }).collect();
        for e in events.iter().filter(|e| e.t <= t + 1e-3) {
            let usual = self.props[e.prop].kind.usual_hold();
            let before = now[e.prop];
            now[e.prop] = match e.kind {
                Move::Take(_) => Some((e.actor, before.filter(|(h, _)| *h == e.actor).map_or(usual, |(_, how)| how))),
                Move::Hold(_, how) => Some((e.actor, *how)),
                Move::Tuck(_) => Some((e.actor, Hand::Belt)),
                Move::Between(_) => Some((e.actor, Hand::Fingers)),
                Move::Give(_, to) => self.actor_ix.get(to.as_str()).map(|&r| (r, usual)),
                Move::StringBow(_) | Move::SlackBow(_) => before,
                _ => None,
            };
        }
        now
    }

    /// Everyone who performs a 歌 part anywhere in the scene.
    pub(super) fn find_singers(&self) -> Vec<usize> {
        let scene = self.scene;
        let ensembles = scene.ensembles.iter().flat_map(|e| &e.parts);
        let cues = scene.steps.iter().flat_map(|s| &s.beats).flat_map(|b| &b.music).flat_map(|c| &c.parts);
        let mut singers: Vec<usize> =
            ensembles.chain(cues).filter(|(part, _)| *part == Part::Sing).filter_map(|(_, who)| self.who(who)).flatten().collect();
        singers.sort_unstable();
        singers.dedup();
        singers
    }

    /// After a phase: whoever walked or came in stands on nobody else's spot.
    pub(super) fn check_spots(&mut self, arrivals: Vec<Arrival>) {
        let mut reported: Vec<(usize, usize)> = Vec::new();
        // where each walker ends the phase: his last walk's node stands for the others; the
        // latest comes first, so a clash is told at the walk that made it
        let last: Vec<&Arrival> =
            arrivals.iter().enumerate().filter(|(i, x)| arrivals[i + 1..].iter().all(|y| y.0 != x.0)).map(|(_, x)| x).rev().collect();
        for &(a, ref path, ref used) in last {
            let here = self.rest[a];
            if !here.present {
                continue;
            }
            let level = self.court.level_of(here.pos[0], here.pos[2]);
            let other = (0..self.rest.len()).find(|&b| {
                let there = self.rest[b];
                b != a
                    && there.present
                    && (here.pos[0] - there.pos[0]).hypot(here.pos[2] - there.pos[2]) < CROWDED
                    && (here.pos[1] - there.pos[1]).abs() < 0.2
                    && self.court.level_of(there.pos[0], there.pos[2]) == level
                    && self.leads_or_led(a, b).is_none()
            });
            let Some(b) = other else { continue };
            if reported.contains(&(b, a)) {
                continue;
            }
            reported.push((a, b));
            let msg = format!(
                "{} would stand where {} already stands ({:.2} m apart): one spot holds one body; send him beside, with `off`",
                self.tracks[a].name,
                self.tracks[b].name,
                (here.pos[0] - self.rest[b].pos[0]).hypot(here.pos[2] - self.rest[b].pos[2]),
            );
            self.problems.push(Problem::new(Code::Body, path.clone(), msg).with(used_at(used.as_ref())));
        }
    }

    /// A guide and the blind man he leads walk as one: hand on arm, not one body.
    pub(super) fn leads_or_led(&self, a: usize, b: usize) -> Option<()> {
        (self.rest[a].leading == Some(b) || self.rest[b].leading == Some(a)).then_some(())
    }

    /// After the whole rite: no player plays two pieces at once.
    pub(super) fn check_players(&mut self) {
        let mut found = Vec::new();
        for (j, later) in self.music.iter().enumerate() {
            for (i, earlier) in self.music[..j].iter().enumerate() {
                if later.start >= earlier.end - 1e-3 || earlier.start >= later.end - 1e-3 {
                    continue;
                }
                let players = |p: &crate::music::cue::Placed| p.parts.iter().flat_map(|(_, who)| who.clone()).collect::<Vec<_>>();
                let mine = players(earlier);
                if let Some(&who) = players(later).iter().find(|w| mine.contains(w)) {
                    found.push((i, j, who));
                    break;
                }
            }
        }
        for (i, j, who) in found {
            let msg = format!(
                "{} would play 《{}》 while still playing 《{}》: one player, one piece at a time (end the first with `until`, or let it finish)",
                self.tracks[who].name, self.music[j].piece, self.music[i].piece
            );
            let other = Related { label: "the piece still sounding".into(), path: self.music_at[i].clone() };
            self.problems.push(Problem::new(Code::Music, self.music_at[j].clone(), msg).with(Some(other)));
        }
    }
}

/// How a clause says the cup is drained: 「立卒觯」, 「立饮」, 「立卒爵」 standing; 「坐卒爵」 seated.
/// None where the clause says neither: the posture is then the one the clauses before left him in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stance {
    Standing,
    Seated,
}

pub(super) fn drinking_stance(clause: &str) -> Option<Stance> {
    let letters: String = clause.chars().filter(|c| c.is_alphanumeric()).collect();
    if ["立卒", "立饮"].iter().any(|w| letters.contains(w)) {
        Some(Stance::Standing)
    } else if ["坐卒爵", "坐卒觯"].iter().any(|w| letters.contains(w)) {
        Some(Stance::Seated)
    } else {
        None
    }
}

/// Whether a clause's 下拜 (降拜) is stopped before the bow is made: the text goes on to a 辞 and
/// then 升 … 再拜稽首 without saying 成拜 (郑注「不言成拜者，为拜故下，实未拜也；下不辄拜，礼杀也」).
/// Where it says 升成拜, the bow was begun below and is finished above. `later` are the texts of
/// the step's next clauses.
pub(super) fn bow_stopped_below<'t>(clause: &str, later: impl Iterator<Item = &'t str>) -> bool {
    let Some((at, word)) = ["下拜", "降拜"].iter().find_map(|w| clause.find(w).map(|at| (at, *w))) else {
        return false;
    };
    let mut rest = clause[at + word.len()..].to_string();
    rest.extend(later);
    let told = |w: &str| rest.find(w).unwrap_or(usize::MAX);
    let (stopped, finished, bowed) = (told("辞"), told("成拜"), told("再拜"));
    stopped < bowed && bowed < finished
}

/// Whether the clause offers the 荐 or the 俎 (祭脯醢, 祭荐, 祭俎): done with the right hand while
/// the left holds the cup (「左执爵，右祭脯醢」); the wine (祭酒) is offered from the cup itself.
fn offers_food(clause: &str) -> bool {
    ["祭脯醢", "祭荐", "祭俎", "左执爵", "左执觚", "左执觯"].iter().any(|w| clause.contains(w))
}
