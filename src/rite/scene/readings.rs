//! Where the commentators differ: a scene names each disputed point once (`model::Reading`), with
//! its readings — who holds each, the passage, and what it changes. The default reading is the one
//! staged; choosing another patches the scene before it is compiled, so it meets the same
//! validator and the same rules of the rite.
//!
//! Choosing a reading: the readings checked on every load (one default each, unique ids, beats
//! that exist), a choice patching the scene before it compiles, and a problem inside a patched
//! node reported at the reading's own lines.

use super::model::Scene;
pub use super::model::{Alternative, BeatReading, Choice, Reading};
use super::span::{Path, PathExt, Seg};
use crate::rite::compile::{Code, Problem};
use crate::rite::scene::field;

/// Where a patched node of the scene came from: problems at `to` are reported at `from`.
pub type Moved = Vec<(Path, Path)>;

fn path_of(r: usize, a: usize) -> Path {
    vec![Seg::Field(field::READINGS.into()), Seg::Index(r), Seg::Field(field::ALTERNATIVES.into()), Seg::Index(a)]
}

/// Problems in the readings themselves, whichever is chosen: one default each, unique ids, and
/// every beat they name exists.
pub fn check(scene: &Scene) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (r, point) in scene.readings.iter().enumerate() {
        let here: Path = vec![Seg::Field(field::READINGS.into()), Seg::Index(r)];
        if scene.readings[..r].iter().any(|p| p.id == point.id) {
            problems.push(Problem::new(Code::Reading, here.field(field::ID), format!("a second disputed point called `{}`", point.id)));
        }
        if let Some(words) = &point.shown_at
            && !scene.steps.iter().flat_map(|s| &s.beats).any(|b| letters_of(&b.text).contains(&letters_of(words)))
        {
            problems.push(Problem::new(Code::Reading, here.field(field::SHOWN_AT), format!("no clause of the scene has 「{words}」")));
        }
        let defaults = point.alternatives.iter().filter(|a| a.default).count();
        if defaults != 1 {
            let msg = format!("point `{}` has {defaults} default readings: mark exactly one `default: true` (the one staged)", point.id);
            problems.push(Problem::new(Code::Reading, here.field(field::ALTERNATIVES), msg));
        }
        for (a, alt) in point.alternatives.iter().enumerate() {
            let at = path_of(r, a);
            if point.alternatives[..a].iter().any(|x| x.id == alt.id) {
                problems.push(Problem::new(
                    Code::Reading,
                    at.field(field::ID),
                    format!("a second reading called `{}` of `{}`", alt.id, point.id),
                ));
            }
            if alt.default && alt.changes_anything() {
                problems.push(Problem::new(
                    Code::Reading,
                    at.field(field::DEFAULT),
                    "the default reading is the one staged: it changes nothing",
                ));
            }
            for (b, beat) in alt.beats.iter().enumerate() {
                let bp = at.field(field::BEATS).index(b);
                match scene.steps.iter().find(|s| s.id == beat.step) {
                    None => problems.push(Problem::new(Code::UnknownName, bp.field(field::STEP), format!("unknown step `{}`", beat.step))),
                    Some(s) if beat.beat == 0 || beat.beat > s.beats.len() => problems.push(Problem::new(
                        Code::Reading,
                        bp.field(field::BEAT),
                        format!("step `{}` has beats 1 to {}, not {}", s.id, s.beats.len(), beat.beat),
                    )),
                    Some(_) => {}
                }
            }
        }
    }
    problems
}

/// The scene as `choices` read it, and where each patched node came from. An unknown point or
/// reading is an error naming those there are.
pub fn apply(scene: &Scene, choices: &[Choice]) -> Result<(Scene, Moved), String> {
    let mut out = scene.clone();
    let mut moved = Moved::new();
    for choice in choices {
        let Some(r) = scene.readings.iter().position(|p| p.id == choice.point) else {
            let known: Vec<&str> = scene.readings.iter().map(|p| p.id.as_str()).collect();
            return Err(format!("no disputed point `{}` in this scene (there are: {})", choice.point, list(&known)));
        };
        let point = &scene.readings[r];
        let Some(a) = point.alternatives.iter().position(|x| x.id == choice.alternative) else {
            let known: Vec<&str> = point.alternatives.iter().map(|x| x.id.as_str()).collect();
            return Err(format!("`{}` has no reading `{}` (it has: {})", point.id, choice.alternative, list(&known)));
        };
        let alt = &point.alternatives[a];
        if let Some(turn) = alt.left_turn {
            out.left_turn = turn;
        }
        let layout = |list: &'static str| -> Path { vec![Seg::Field(field::LAYOUT.into()), Seg::Field(list.into())] };
        for (m, object) in alt.objects.iter().enumerate() {
            let k = replace_or_add(&mut out.layout.objects, object, |o| &o.id);
            moved.push((layout(field::OBJECTS).index(k), path_of(r, a).field(field::OBJECTS).index(m)));
        }
        for (m, place) in alt.places.iter().enumerate() {
            let k = replace_or_add(&mut out.layout.places, place, |p| &p.id);
            moved.push((layout(field::PLACES).index(k), path_of(r, a).field(field::PLACES).index(m)));
        }
        for (b, beat) in alt.beats.iter().enumerate() {
            let Some(si) = out.steps.iter().position(|s| s.id == beat.step) else { continue };
            let Some(target) = beat.beat.checked_sub(1).and_then(|bi| out.steps[si].beats.get_mut(bi)) else { continue };
            target.acts = beat.acts.clone();
            let to: Path =
                vec![Seg::Field(field::STEPS.into()), Seg::Index(si), Seg::Field(field::BEATS.into()), Seg::Index(beat.beat - 1)];
            moved.push((to.field(field::ACTS), path_of(r, a).field(field::BEATS).index(b).field(field::ACTS)));
        }
    }
    Ok((out, moved))
}

/// Puts `item` in place of the entry of the same id, or at the end; where it went.
fn replace_or_add<T: Clone>(list: &mut Vec<T>, item: &T, id: impl Fn(&T) -> &String) -> usize {
    match list.iter().position(|x| id(x) == id(item)) {
        Some(k) => {
            list[k] = item.clone();
            k
        }
        None => {
            list.push(item.clone());
            list.len() - 1
        }
    }
}

/// A problem's path, moved to the reading it came from if it lies in a patched node.
pub fn relocate(path: &Path, moved: &Moved) -> Path {
    for (to, from) in moved {
        if path.starts_with(to) {
            let mut p = from.clone();
            p.extend(path[to.len()..].iter().cloned());
            return p;
        }
    }
    path.clone()
}

/// A problem moved, with what explains it, to the reading it came from.
pub fn relocated(mut p: Problem, moved: &Moved) -> Problem {
    p.path = relocate(&p.path, moved);
    for r in &mut p.related {
        r.path = relocate(&r.path, moved);
    }
    p
}

impl Alternative {
    /// Whether choosing this reading stages anything otherwise: objects, places, beats, or the
    /// way 左还 turns.
    pub fn changes_anything(&self) -> bool {
        !(self.objects.is_empty() && self.places.is_empty() && self.beats.is_empty() && self.left_turn.is_none())
    }
}

impl crate::rite::compile::Rite {
    /// The reading in force at each disputed point: (point, reading), the default where none
    /// was chosen.
    pub fn readings_in_force(&self) -> Vec<(&Reading, &Alternative)> {
        self.readings
            .iter()
            .filter_map(|p| {
                let chosen = self.chosen.iter().find(|c| c.point == p.id).map(|c| c.alternative.as_str());
                let alt = match chosen {
                    Some(id) => p.alternatives.iter().find(|a| a.id == id),
                    None => p.alternatives.iter().find(|a| a.default),
                };
                alt.map(|a| (p, a))
            })
            .collect()
    }
}

fn letters_of(s: &str) -> String {
    super::spell::letters(s).into_iter().collect()
}

fn list(names: &[&str]) -> String {
    if names.is_empty() { "none".to_string() } else { names.join(", ") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_is_point_equals_reading() {
        assert_eq!("xian=zhong".parse::<Choice>(), Ok(Choice { point: "xian".into(), alternative: "zhong".into() }));
        assert!("xian".parse::<Choice>().is_err());
        assert!("=zhong".parse::<Choice>().is_err());
    }

    #[test]
    fn a_path_inside_a_patched_node_moves_to_the_reading() {
        let to: Path = vec![Seg::Field("steps".into()), Seg::Index(3)];
        let from = path_of(1, 2);
        let inside = to.field("beats").index(0);
        assert_eq!(relocate(&inside, &vec![(to.clone(), from.clone())]), from.field("beats").index(0));
        let outside: Path = vec![Seg::Field("steps".into()), Seg::Index(4)];
        assert_eq!(relocate(&outside, &vec![(to, from)]), outside);
    }
}
