//! Things changing hands: each 取, 奠, 授, 设, 彻 and 射 of a phase, in time order, checked
//! against who holds what and where it lies, and written into the prop tracks.

use super::REACH;
use super::event::PropEvent;
use super::{BeatInfo, Code};
use crate::rite::acts::gear::Hand;
use crate::rite::acts::moves::Miss;
use crate::rite::court::route::dist3;
use crate::rite::scene::model::Dir;
use crate::rite::scene::model::{Move, ObjectKind, PropKind};
use crate::rite::timeline::reach::HAND_TO_HAND;
use crate::rite::timeline::{ActorState, Pose, PropAt, bearing_between, bearing_vector};

/// How far above or below himself a hand reaches to give or take, in metres.
const HAND_REACH_UP: f32 = 0.8;
use super::sim::{Name, Sim, note_actor};
use crate::rite::acts::deed::Deed;
use crate::rite::scene::field;
use crate::rite::scene::span::PathExt;

/// How far a hand turns from the way its owner faces to give or take: the other must be in
/// front of him, not at his side or behind.
const FACING_SLACK: f32 = 80.0;

/// Why giver and receiver do not stand face to face, each turned to the other and neither
/// walking, at the moment of 授/受 (乡饮酒礼「宾…拜受爵，主人…拜送爵」: the two face each other across
/// the cup); `None` when they do. With `receiver_keeps` (`allow: [GiverFaces]`), only the giver must
/// face the receiver, who keeps the facing his clause gives him (「凡授爵，乡所受者」).
fn not_face_to_face(giver: &str, receiver: &str, g: &ActorState, r: &ActorState, receiver_keeps: bool) -> Option<String> {
    let both = [(giver, receiver, g, r), (receiver, giver, r, g)];
    for (k, (who, other, s, o)) in both.into_iter().enumerate() {
        if s.pose == Pose::Walking {
            return Some(format!("{who} is still walking"));
        }
        if let Some(to) = bearing_between(s.pos, o.pos)
            && !(receiver_keeps && k == 1)
        {
            let off = ((s.bearing - to + 540.0).rem_euclid(360.0) - 180.0).abs();
            if off > FACING_SLACK {
                let facing = Dir::from_bearing(s.bearing).name();
                return Some(format!("{who} faces {facing} with {other} {off:.0}° off it, beside or behind him"));
            }
        }
    }
    None
}

fn horizontal(a: [f32; 3], b: [f32; 3]) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

impl Sim<'_> {
    pub(super) fn apply_prop_event(&mut self, e: PropEvent<'_>, info: &mut BeatInfo) {
        let (holder, held_how) = match &self.prop_now[e.prop] {
            PropAt::Held(h, how) => (Some(*h), Some(*how)),
            _ => (None, None),
        };
        let h = Handling {
            name: self.props[e.prop].name.clone(),
            who: self.tracks[e.actor].name.clone(),
            here: self.tracks[e.actor].at(e.t),
            kind: self.props[e.prop].kind,
            holder,
            held_how,
        };
        let (name, who, here, kind) = (&h.name, &h.who, &h.here, h.kind);
        let note = e.used();
        if let Some(msg) = self.standing_at_basket(&e, &h) {
            self.problem_in(Code::Rule, e.path(), msg, note);
        }
        let new_state = match e.kind {
            Move::Take(_) | Move::Hold(..) | Move::Tuck(_) | Move::Between(_) => self.take(&e, &h),
            Move::StringBow(_) | Move::SlackBow(_) if kind != PropKind::Bow => {
                self.problem_in(
                    Code::Hands,
                    e.path(),
                    format!("{name} ({}) is not a bow: only a bow is strung or unstrung", self.props[e.prop].id),
                    note,
                );
                return;
            }
            Move::Put(_)
            | Move::PutOn(..)
            | Move::Across(..)
            | Move::Give(..)
            | Move::Shoot { .. }
            | Move::StringBow(_)
            | Move::SlackBow(_)
                if holder != Some(e.actor) =>
            {
                let msg = format!(
                    "{who} does not hold {name} ({}){}",
                    self.props[e.prop].id,
                    match holder {
                        Some(h) => format!(": {} does", self.tracks[h].name),
                        None => String::new(),
                    }
                );
                self.problem_in(Code::Hands, e.path(), msg, note);
                return;
            }
            Move::Put(_) => {
                let (dx, dz) = bearing_vector(here.bearing);
                let floor = self.court.floor(here.pos[0], here.pos[2]);
                Some(PropAt::At([here.pos[0] + dx * 0.35, floor, here.pos[2] + dz * 0.35], Some(here.bearing)))
            }
            Move::PutOn(_, place) | Move::Across(_, place) | Move::Set(_, place) => self.lay(&e, &h, place),
            Move::Give(_, to) => self.give(&e, &h, to, info),
            Move::Clear(_) => Some(PropAt::Absent),
            Move::StringBow(_) | Move::SlackBow(_) => {
                let strung = matches!(e.kind, Move::StringBow(_));
                if let Some((_, keys)) = &mut self.props[e.prop].strung {
                    keys.push((e.t, strung));
                }
                return;
            }
            Move::Shoot { target, hit, miss, .. } => self.shoot(&e, &h, target, *hit, *miss),
            _ => return,
        };
        let Some(new_state) = new_state else { return };
        let t_key = match (e.kind, self.props[e.prop].keys.last()) {
            (Move::Shoot { .. }, Some((t, PropAt::Flying { t1, .. }))) if *t == e.t => *t1,
            _ => e.t,
        };
        self.props[e.prop].keys.push((t_key, new_state.clone()));
        self.prop_now[e.prop] = new_state;
    }
}

/// A cup lying this close to a basket (metres from its edge) lies in it or at it, as the scenes
/// set the cups of a 篚 beside the basket drawn.
const BESIDE_BASKET: f32 = 0.45;

impl Sim<'_> {
    /// 坐取爵于篚, 坐奠爵于篚: a cup is put into a basket (篚) or taken out of it kneeling
    /// (乡射礼「主人坐取爵于上篚」「南面坐奠爵于篚下」; every 篚 clause that names the posture
    /// says 坐). The one who puts it in or takes it out standing is named, with the basket.
    fn standing_at_basket(&self, e: &PropEvent<'_>, h: &Handling) -> Option<String> {
        if !h.kind.is_cup() || h.here.pose == Pose::Sitting {
            return None;
        }
        let basket = |id: &str| self.court.solids.iter().find(|s| s.kind == ObjectKind::Basket && s.id == id);
        let lying_in = |p: [f32; 3]| {
            self.court.solids.iter().find(|s| s.kind == ObjectKind::Basket && s.footprint.grow(BESIDE_BASKET).contains(p[0], p[2]))
        };
        let (what, dir, solid) = match (e.kind, &self.prop_now[e.prop]) {
            (Move::PutOn(_, on) | Move::Across(_, on), _) => ("puts", "into", basket(on)?),
            (Move::Take(_) | Move::Hold(..), PropAt::At(p, _)) => ("takes", "out of", lying_in(*p)?),
            _ => return None,
        };
        Some(format!(
            "{} {what} {} {dir} the basket `{}` standing: a cup goes into a 篚 or out of it kneeling (坐取爵于篚, 坐奠爵于篚): `坐` first",
            h.who, h.name, solid.id
        ))
    }
}

/// What every way of handling a thing needs to know: the thing, the one handling it and where
/// he stands, and who holds it now and how.
struct Handling {
    name: String,
    who: String,
    here: ActorState,
    kind: PropKind,
    holder: Option<usize>,
    held_how: Option<Hand>,
}

impl Sim<'_> {
    /// 取, 执, 搢, 挟: from where it lies or from his own hands, within reach.
    fn take(&mut self, e: &PropEvent<'_>, h: &Handling) -> Option<PropAt> {
        let (name, who, here, kind, held_how) = (&h.name, &h.who, &h.here, h.kind, h.held_how);
        let note = e.used();
        match &self.prop_now[e.prop] {
            PropAt::Held(h, _) if *h != e.actor => {
                let msg = format!("{who} takes {name} ({}) but {} holds it", self.props[e.prop].id, self.tracks[*h].name);
                self.problem_in(Code::Hands, e.path(), msg, note);
                return None;
            }
            PropAt::Absent => {
                self.problem_in(Code::Hands, e.path(), format!("{who} takes {name} ({}) but it is not here", self.props[e.prop].id), note);
                return None;
            }
            PropAt::At(p, _) | PropAt::Flying { to: p, .. } => {
                let d = horizontal(*p, here.pos);
                if d > REACH {
                    let msg = format!("{who} takes {name} ({}) from {d:.1} m away: walk to it first", self.props[e.prop].id);
                    self.problem_in(Code::Hands, e.path(), msg, note);
                    return None;
                }
            }
            PropAt::Held(..) => {}
        }
        if kind == PropKind::Arrow
            && matches!(e.kind, Move::Take(_) | Move::Between(_))
            && let Some(bow) = self.slack_bow_in_hand(e.actor, e.t)
        {
            // 兼诸弣 and 挟 hold the arrows against a bow that is strung
            let msg = format!("{who} takes {name} ({}) with the {bow} unstrung: `张` it first", self.props[e.prop].id);
            self.problem_in(Code::Hands, e.path(), msg, note);
            return None;
        }
        if matches!(e.kind, Move::Hold(_, Hand::GripAndTip)) && kind != PropKind::Bow {
            let msg = format!("{who} holds {name} by its grip and tip (`grip_and_tip`), which only a bow has");
            self.problem_in(Code::Hands, e.path(), msg, note);
            return None;
        }
        let how = match e.kind {
            Move::Hold(_, how) => *how,
            Move::Tuck(_) => Hand::Belt,
            Move::Between(_) => Hand::Fingers,
            // 取 what he already holds keeps it as it is; what is carried in both hands is taken in the free
            // one while the other holds something (the loser with his bow in the left takes the forfeit cup
            // in the right: 注「右手执觯，左手执弓」)
            _ => held_how.unwrap_or_else(|| match kind.usual_hold() {
                Hand::BothHands => self.hand_left_free(e.actor, e.prop).unwrap_or(Hand::BothHands),
                usual => usual,
            }),
        };
        Some(PropAt::Held(e.actor, how))
    }

    /// 奠, 加, 设: set down before him or at a place; a 设 of what nobody brought is reported.
    fn lay(&mut self, e: &PropEvent<'_>, h: &Handling, place: &str) -> Option<PropAt> {
        let (name, who, here, kind, holder) = (&h.name, &h.who, &h.here, h.kind, h.holder);
        let note = e.used();
        let Some(p) = self.point(place, None) else {
            self.problem_in(Code::UnknownName, e.path().index(1), self.unknown(Name::Place, place), note);
            return None;
        };
        if matches!(e.kind, Move::Set(..))
            && matches!(self.prop_now[e.prop], PropAt::Absent)
            && matches!(kind, PropKind::Offering | PropKind::Stand | PropKind::Jue | PropKind::Zhi | PropKind::Bow | PropKind::Arrow)
        {
            // what is brought in is carried: 取 it where it is kept, walk, then 设
            let msg = format!(
                "{who} sets out {name} ({}), which nobody brought: he takes it where it is kept and carries it",
                self.props[e.prop].id
            );
            self.problem_in(Code::Rule, e.path(), msg, note);
        }
        if matches!(e.kind, Move::Set(..))
            && let Some(h) = holder.filter(|h| *h != e.actor)
        {
            let msg = format!("{who} sets out {name} but {} holds it", self.tracks[h].name);
            self.problem_in(Code::Hands, e.path(), msg, note);
            return None;
        }
        // a thing lies the way its layer faces, or across it (横)
        let across = if matches!(e.kind, Move::Across(..)) { 90.0 } else { 0.0 };
        Some(PropAt::At(p, Some((here.bearing + across) % 360.0)))
    }

    /// 授: to someone present, within reach, face to face (unless the clause says 并授).
    fn give(&mut self, e: &PropEvent<'_>, h: &Handling, to: &str, info: &mut BeatInfo) -> Option<PropAt> {
        let (name, who, here, kind) = (&h.name, &h.who, &h.here, h.kind);
        let note = e.used();
        let Some(&r) = self.actor_ix.get(to) else {
            self.problem_in(Code::UnknownName, e.path().index(1), self.unknown(Name::Actor, to), note);
            return None;
        };
        let there = self.tracks[r].at(e.t);
        if !there.present {
            let msg = format!("{who} hands {name} to {}, who is not here", self.tracks[r].name);
            self.problem_in(Code::Handover, e.path(), msg, note);
            return None;
        }
        let d = horizontal(here.pos, there.pos);
        // within both men's reach, and no further above or below than a hand reaches (from the
        // hall down to the top tread, as 尽阶，不升堂，受爵; never from the hall to the court)
        if d > HAND_TO_HAND || (here.pos[1] - there.pos[1]).abs() > HAND_REACH_UP {
            let msg = format!("{who} hands {name} to {} {d:.1} m away: they must stand together", self.tracks[r].name);
            self.problem_in(Code::Handover, e.path(), msg, note);
            return None;
        }
        use crate::rite::scene::rules::Exception;
        let side_by_side = self.allow.contains(&Exception::SideBySide);
        let receiver_keeps = self.allow.contains(&Exception::GiverFaces);
        if !side_by_side && let Some(msg) = not_face_to_face(who, &self.tracks[r].name, here, &there, receiver_keeps) {
            // reported, and handed all the same: what follows is still checked as it is written
            self.problem_in(Code::Handover, e.path(), format!("{msg}: {name} is handed face to face (授/受)"), note);
        }
        note_actor(info, r, vec![Deed::Receive(e.prop)]);
        Some(PropAt::Held(r, kind.usual_hold()))
    }

    /// 射: the arrow flies to the 侯 (a hit), or misses: short of it, over it or wide of it.
    fn shoot(&mut self, e: &PropEvent<'_>, h: &Handling, target: &str, hit: bool, miss: Option<Miss>) -> Option<PropAt> {
        let here = &h.here;
        let note = e.used();
        let Some(solid) = self.court.solid(target) else {
            self.problem_in(Code::UnknownName, e.path().field(field::TARGET), self.unknown(Name::Target, target), note);
            return None;
        };
        if !matches!(solid.kind, ObjectKind::Target { .. }) {
            self.problem_in(Code::UnknownName, e.path().field(field::TARGET), format!("`{target}` is not a 侯"), note);
            return None;
        }
        if hit && miss.is_some() {
            self.problem_in(
                Code::Body,
                e.path().field(field::MISS),
                "an arrow that hits (`hit: true`) has no `miss`: 留, 扬 and 方 say where a miss goes",
                note,
            );
        }
        let (cx, cz) = solid.footprint.centre();
        let to = if hit {
            // hits scatter over the centre, always the same for the same arrow
            let u = ((e.prop * 37) % 11) as f32 / 5.0 - 1.0;
            let v = ((e.prop * 53) % 7) as f32 / 3.0 - 1.0;
            // the 中 of the cloth: above the lift, the lower tongue's band and the lower 躬
            let centre = match &solid.kind {
                ObjectKind::Target { zhong, gong, .. } => gong.metres(self.court.chi_m) + zhong.metres(self.court.chi_m) / 2.0,
                _ => solid.height * 0.5,
            };
            let (dx, dy) = (solid.footprint.width() * 0.08 * u, solid.height * 0.05 * v);
            [cx + dx, solid.base + solid.lift + centre + dy, cz - solid.footprint.depth() / 2.0]
        } else {
            // a miss lands to one side, always the same for the same arrow: short of the target (留), beyond it (扬), or level
            // with it and wide of its edge (方)
            let side = if e.prop.is_multiple_of(2) { 1.0 } else { -1.0 };
            let spread = 0.5 * (e.prop % 3) as f32;
            let aside = solid.footprint.width() * 0.6 + spread;
            match miss.unwrap_or_default() {
                Miss::Short => [cx + side * aside, 0.0, cz - solid.footprint.depth() - 1.5],
                Miss::Over => [cx + side * spread, 0.0, cz + solid.footprint.depth() + 3.0],
                Miss::Wide => [cx + side * (aside + 1.0), 0.0, cz],
            }
        };
        let (dx, dz) = bearing_vector(here.bearing);
        let from = [here.pos[0] + dx * 0.3, here.pos[1] + 1.3, here.pos[2] + dz * 0.3];
        let flight = (dist3(from, to) / 45.0).clamp(0.4, 1.5);
        self.props[e.prop].keys.push((e.t, PropAt::Flying { from, to, t1: e.t + flight, hit }));
        Some(PropAt::At(to, None))
    }
}

impl Sim<'_> {
    /// The one hand left free when the actor already holds something else in the other, if so.
    fn hand_left_free(&self, a: usize, taken: usize) -> Option<Hand> {
        self.prop_now.iter().enumerate().filter(|&(p, _)| p != taken).find_map(|(_, at)| match at {
            PropAt::Held(h, Hand::LeftHand) if *h == a => Some(Hand::RightHand),
            PropAt::Held(h, Hand::RightHand) if *h == a => Some(Hand::LeftHand),
            _ => None,
        })
    }

    /// The name of an unstrung bow actor `a` holds in his hand at `t`, if any.
    fn slack_bow_in_hand(&self, a: usize, t: f32) -> Option<String> {
        self.props.iter().zip(&self.prop_now).find_map(|(p, at)| {
            let in_hand = matches!(at, PropAt::Held(h, Hand::LeftHand | Hand::RightHand | Hand::BothHands | Hand::GripAndTip) if *h == a);
            let strung = p.strung.as_ref().map(|(first, keys)| keys.iter().rfind(|(k, _)| *k <= t + 1e-3).map_or(*first, |(_, s)| *s));
            (in_hand && p.kind == PropKind::Bow && strung == Some(false)).then(|| p.name.clone())
        })
    }
}
