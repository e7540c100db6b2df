//! 「凡适堂西，皆出入于司马之南」 (乡射礼 记), as a scene states it (`south_of`): whoever walks to or
//! from a place passes south of one standing at his own place, but those the rule excepts and
//! those who go a step behind one of them (注「耦于庭不并行」). The names it uses are checked once.

use super::sim::{Name, Sim};
use super::{Code, WALK_SPEED};
use crate::rite::court::route::dist3;
use crate::rite::scene::field;
use crate::rite::scene::rules::SouthOf;
use crate::rite::scene::span::{Path, PathExt};
use crate::rite::timeline::Pose;

/// How near his north–south line a point counts as on it, in metres.
const ON_LINE: f32 = 0.05;
/// How near the one he escorts a walk must end to count as going with him, in metres.
const ESCORT_REACH: f32 = 2.0;

impl Sim<'_> {
    /// Every name a `south_of` rule gives is an actor of the scene, and whoever is escorted is
    /// one of the excepted (an escort of anyone else would excuse nothing, silently).
    pub(super) fn check_south_of(&mut self) {
        let root: Path = vec![];
        for (ri, rule) in self.scene.south_of.iter().enumerate() {
            let at = root.field(field::SOUTH_OF).index(ri);
            let mut names = vec![(at.field(field::OF), rule.of.as_str())];
            names.extend(rule.except.iter().enumerate().map(|(k, e)| (at.field(field::EXCEPT).index(k), e.as_str())));
            for (k, e) in rule.escorts.iter().enumerate() {
                let here = at.field(field::ESCORTS).index(k);
                names.push((here.field(field::WHO), e.who.as_str()));
                names.push((here.field(field::OF), e.of.as_str()));
                if !rule.except.contains(&e.of) {
                    let msg = format!("`{}` escorts `{}`, who is not excepted from the rule: list him in `except`", e.who, e.of);
                    self.problem(Code::Rule, here.field(field::OF), msg);
                }
            }
            for (path, name) in names {
                if !self.actor_ix.contains_key(name) {
                    let msg = self.unknown(Name::Actor, name);
                    self.problem(Code::UnknownName, path, msg);
                }
            }
        }
    }

    /// Whether a walk of actor `a` from `t` along `path` ends a step from the one he escorts (his
    /// grandee), who is himself excused from `rule`.
    fn escorting(&self, rule: &SouthOf, a: usize, path: &[[f32; 3]], t: f32) -> bool {
        let id = &self.scene.actors[a].id;
        let length: f32 = path.windows(2).map(|w| dist3(w[0], w[1])).sum();
        let (Some(last), end) = (path.last(), t + length / WALK_SPEED) else { return false };
        rule.escorts
            .iter()
            .filter(|e| &e.who == id && rule.except.contains(&e.of))
            .any(|e| self.actor_ix.get(e.of.as_str()).is_some_and(|&g| dist3(self.tracks[g].at(end).pos, *last) < ESCORT_REACH))
    }

    /// Whether a walk of actor `a` from `t` along `path` keeps south of those the scene says are
    /// passed on the south (「凡适堂西，皆出入于司马之南」): where it crosses the line running north
    /// from such a one, standing still at his place, it must cross south of him.
    pub(super) fn passes_south(&self, a: usize, path: &[[f32; 3]], t: f32) -> Result<(), String> {
        let (Some(first), Some(last)) = (path.first(), path.last()) else { return Ok(()) };
        let id = &self.scene.actors[a].id;
        for rule in self.scene.south_of.iter() {
            let Some(&of) = self.actor_ix.get(rule.of.as_str()) else { continue };
            let in_place = |p: &[f32; 3]| self.court.places_at(*p).contains(&rule.place);
            if of == a || rule.except.contains(id) || !(in_place(first) || in_place(last)) || self.escorting(rule, a, path, t) {
                continue;
            }
            // which side of his line the place lies on: its anchor, looked up once a walk
            let place_x = self.court.region(&rule.place).map(|r| r.anchor[0]);
            let mut walked = 0.0;
            for w in path.windows(2) {
                let (p, q) = (w[0], w[1]);
                let piece = dist3(p, q);
                let him = self.tracks[of].at(t + walked / WALK_SPEED);
                walked += piece;
                let (x, z) = (him.pos[0], him.pos[2]);
                let standing = him.present && him.pose != Pose::Walking && self.court.places_at(him.pos).contains(&rule.at);
                if !standing {
                    continue;
                }
                // the sides of his north–south line: the place's side, and the other, his line
                // itself counting as the other (a walk from a spot just north of him to the 堂西
                // leaves the line there; one that reaches such a spot round his south never
                // goes back over it)
                let toward = place_x.map_or(-1.0, |px| (px - x).signum());
                let on_place_side = |v: [f32; 3]| (v[0] - x) * toward > ON_LINE;
                if on_place_side(p) == on_place_side(q) {
                    continue;
                }
                let crossing = if (p[0] - x).abs() <= ON_LINE {
                    p[2]
                } else if (q[0] - x).abs() <= ON_LINE {
                    q[2]
                } else {
                    p[2] + (x - p[0]) / (q[0] - p[0]) * (q[2] - p[2])
                };
                if crossing < z {
                    return Err(format!(
                        "{} goes {} the {} {:.1} m north of the {}: 「凡适堂西，皆出入于司马之南」 (go round south of him)",
                        self.tracks[a].name,
                        if in_place(last) { "to" } else { "from" },
                        rule.place,
                        z - crossing,
                        self.tracks[of].name
                    ));
                }
            }
        }
        Ok(())
    }
}
