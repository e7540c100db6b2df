//! The checks made before the rite is played: ids, sizes, stairs, anchors, templates, steps.
//! What can only be found by playing (who holds what, where a path goes) is the simulation's.

use std::collections::{HashMap, HashSet};

use super::{Code, Problem, Related};
use crate::rite::court::{Courtyard, MAX_STAIR_STEPS};
use crate::rite::scene::expand::undeclared_placeholders;
use crate::rite::scene::field;
use crate::rite::scene::model::{ObjectKind, Scene};
use crate::rite::scene::span::{Path, PathExt};

fn root() -> Path {
    Vec::new()
}

/// The scene's 尺 in metres; a bad one is reported and the usual value used.
pub(super) fn units(scene: &Scene, problems: &mut Vec<Problem>) -> f32 {
    if scene.units.chi_m > 0.0 && scene.units.chi_m.is_finite() {
        scene.units.chi_m
    } else {
        problems.push(Problem::new(
            Code::Layout,
            root().field(field::UNITS).field(field::CHI_M),
            "一尺 must be a positive length in metres",
        ));
        0.231
    }
}

/// Every kind of id is given once, and none is empty. Returns false if one is not: everything
/// after names things by id, and would only repeat the one cause as many follow-on errors.
pub(super) fn ids(scene: &Scene, problems: &mut Vec<Problem>) -> bool {
    let before = problems.len();
    let root = root();
    check_unique(scene.layout.objects.iter().map(|o| o.id.as_str()), &root.field(field::LAYOUT).field(field::OBJECTS), "object", problems);
    check_unique(scene.layout.places.iter().map(|o| o.id.as_str()), &root.field(field::LAYOUT).field(field::PLACES), "place", problems);
    let actors = scene.actors.len();
    check_unique_at(
        scene.actors.iter().map(|a| a.id.as_str()).chain(scene.groups.iter().map(|g| g.id.as_str())),
        |i| if i < actors { root.field(field::ACTORS).index(i) } else { root.field(field::GROUPS).index(i - actors) },
        "actor or group",
        problems,
    );
    check_unique(scene.props.iter().map(|p| p.id.as_str()), &root.field(field::PROPS), "prop", problems);
    check_unique(scene.steps.iter().map(|s| s.id.as_str()), &root.field(field::STEPS), "step", problems);
    check_unique(scene.templates.iter().map(|t| t.id.as_str()), &root.field(field::TEMPLATES), "template", problems);
    for (i, s) in scene.steps.iter().enumerate() {
        if let Some(bad) = s.id.chars().find(|c| !(c.is_alphanumeric() || *c == '_' || *c == '-')) {
            problems.push(Problem::new(
                Code::Text,
                root.field(field::STEPS).index(i).field(field::ID),
                format!(
                    "step id `{}` holds `{}`: a step id names a page of the book, so it takes only letters, digits, `_` and `-`",
                    s.id.escape_debug(),
                    bad.escape_debug()
                ),
            ));
        }
    }
    problems.len() == before
}

/// The most pieces a 县 hangs: a 堵 is 16, a 肆 two 堵; far below what would exhaust the drawing.
pub const MAX_HUNG: u32 = 64;

/// The most objects a courtyard holds: the shipped rites have 29 and 67; routing round many
/// thousands would take minutes.
pub const MAX_OBJECTS: usize = 4000;

/// Objects have a size, and stairs a sensible number of steps. Returns false when there are
/// more than [`MAX_OBJECTS`]: such a court is not built.
pub(super) fn objects(scene: &Scene, chi_m: f32, problems: &mut Vec<Problem>) -> bool {
    let routable = scene.layout.objects.len() <= MAX_OBJECTS;
    if !routable {
        problems.push(Problem::new(
            Code::Limit,
            root().field(field::LAYOUT).field(field::OBJECTS).index(MAX_OBJECTS),
            format!("the courtyard holds {} objects: at most {MAX_OBJECTS} are routed round", scene.layout.objects.len()),
        ));
    }
    for (i, o) in scene.layout.objects.iter().enumerate() {
        let p = root().field(field::LAYOUT).field(field::OBJECTS).index(i);
        let (w, d, h) = (o.size.0.chi(chi_m), o.size.1.chi(chi_m), o.size.2.chi(chi_m));
        if !(w > 0.0 && d > 0.0 && h >= 0.0 && w.is_finite() && d.is_finite() && h.is_finite()) {
            problems.push(Problem::new(Code::Layout, p.field(field::SIZE), format!("`{}` needs a positive width and depth", o.id)));
        }
        if let ObjectKind::Chimes { hung } | ObjectKind::Bells { hung } = o.kind
            && !(1..=MAX_HUNG).contains(&hung)
        {
            problems.push(Problem::new(
                Code::Layout,
                p.field(field::KIND).field(field::HUNG),
                format!("`{}` hangs {hung} pieces: a 县 hangs 1 to {MAX_HUNG} (a 堵 is 16)", o.id),
            ));
        }
        if let ObjectKind::Stair { steps, .. } = o.kind
            && !(1..=MAX_STAIR_STEPS).contains(&steps)
        {
            problems.push(Problem::new(
                Code::Layout,
                p.field(field::KIND).field(field::STEPS),
                format!("stair `{}` has {steps} steps: a stair has 1 to {MAX_STAIR_STEPS}", o.id),
            ));
        }
    }
    routable
}

/// Anchors lie in their places, and the hall and ground have a size. False when the layout is
/// too broken to play the rite on.
pub(super) fn layout(court: &Courtyard, problems: &mut Vec<Problem>) -> bool {
    for (i, r) in court.regions.iter().enumerate() {
        if !r.shape.contains(r.anchor[0], r.anchor[2]) {
            problems.push(Problem::new(
                Code::Layout,
                root().field(field::LAYOUT).field(field::PLACES).index(i).field(field::ANCHOR),
                format!("the anchor of place `{}` lies outside its area, so someone sent there would not be in it", r.id),
            ));
        }
    }
    if court.hall.area() <= 0.0 || court.ground.area() <= 0.0 || court.hall_height <= 0.0 {
        problems.push(Problem::new(
            Code::Layout,
            root().field(field::LAYOUT).field(field::HALL),
            "the hall and the ground need a positive area and the hall a height",
        ));
        return false;
    }
    true
}

/// Templates use only their parameters and never themselves; there are steps, and 记 notes
/// annotate steps that exist. Returns false when a template uses itself: expanding the steps
/// would only repeat that one cause many times.
pub(super) fn templates_and_steps(scene: &Scene, problems: &mut Vec<Problem>) -> bool {
    for (ti, t) in scene.templates.iter().enumerate() {
        for name in undeclared_placeholders(t) {
            problems.push(Problem::new(
                Code::Template,
                root().field(field::TEMPLATES).index(ti).field(field::ACTS),
                format!("template `{}` uses `{{{name}}}` but has no such parameter", t.id),
            ));
        }
    }
    let acyclic = template_cycles(scene, problems);
    if scene.steps.is_empty() {
        problems.push(Problem::new(Code::Text, root().field(field::STEPS), "a scene needs at least one step: there is nothing to enact"));
    }
    let step_ids: HashSet<&str> = scene.steps.iter().map(|s| s.id.as_str()).collect();
    for (si, s) in scene.steps.iter().enumerate() {
        for (k, a) in s.annotates.iter().enumerate() {
            if !step_ids.contains(a.as_str()) {
                problems.push(Problem::new(
                    Code::UnknownName,
                    root().field(field::STEPS).index(si).field(field::ANNOTATES).index(k),
                    format!("annotates unknown step `{a}`"),
                ));
            }
        }
    }
    acyclic
}

/// Choreography written once is used: a template no step, reading or other template uses is dead
/// text that a reader of the scene would take for part of the rite. A use whose name is built from
/// a parameter (`Use("shot_{h1}_jia")`) counts for every template its pattern can name. Asked of
/// the scene as written, before a reading is chosen: a template that only the default staging of a
/// disputed point uses is not dead when another reading replaces that staging.
pub fn unused_templates(scene: &Scene) -> Vec<Problem> {
    let mut problems = Vec::new();
    use crate::rite::scene::model::Entry;
    let beats = scene.steps.iter().flat_map(|s| s.beats.iter().map(|b| &b.acts));
    let readings = scene.readings.iter().flat_map(|r| r.alternatives.iter().flat_map(|a| a.beats.iter().map(|b| &b.acts)));
    let bodies = scene.templates.iter().map(|t| &t.acts);
    let used: Vec<&str> = beats.chain(readings).chain(bodies).flatten().flat_map(Entry::templates_named).collect();
    for (i, t) in scene.templates.iter().enumerate() {
        if !used.iter().any(|name| may_name(name, &t.id)) {
            problems.push(Problem::new(
                Code::Template,
                root().field(field::TEMPLATES).index(i).field(field::ID),
                format!("template `{}` is never used: use it, or delete it", t.id),
            ));
        }
    }
    problems
}

/// Whether a template name as written, its `{param}` pieces standing for any text, can be `id`.
fn may_name(written: &str, id: &str) -> bool {
    let mut literals = Vec::new();
    let mut rest = written;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else { break };
        literals.push(&rest[..open]);
        rest = &rest[open + close + 1..];
    }
    if literals.is_empty() {
        return written == id;
    }
    let (first, middle) = literals.split_first().unwrap_or((&"", &[]));
    let Some(mut left) = id.strip_prefix(first) else { return false };
    for piece in middle {
        let Some(at) = left.find(piece) else { return false };
        left = &left[at + piece.len()..];
    }
    left.ends_with(rest)
}

/// A template that uses itself, directly or through others, can never finish expanding: an error
/// whether or not a step uses it. Names built from parameters are left to expansion's bounds.
fn template_cycles(scene: &Scene, problems: &mut Vec<Problem>) -> bool {
    use crate::rite::scene::model::Entry;
    let index: HashMap<&str, usize> = scene.templates.iter().enumerate().map(|(i, t)| (t.id.as_str(), i)).collect();
    let uses: Vec<Vec<usize>> = scene
        .templates
        .iter()
        .map(|t| t.acts.iter().flat_map(Entry::templates_named).filter_map(|name| index.get(name).copied()).collect())
        .collect();
    let before = problems.len();
    // 0 unseen, 1 on the path being walked, 2 done
    let mut state = vec![0u8; uses.len()];
    for start in 0..uses.len() {
        if state[start] != 0 {
            continue;
        }
        let mut path: Vec<(usize, usize)> = vec![(start, 0)];
        state[start] = 1;
        while let Some(&mut (t, ref mut next)) = path.last_mut() {
            let Some(&u) = uses[t].get(*next) else {
                state[t] = 2;
                path.pop();
                continue;
            };
            *next += 1;
            match state[u] {
                0 => {
                    state[u] = 1;
                    path.push((u, 0));
                }
                1 => {
                    let from = path.iter().position(|&(p, _)| p == u).unwrap_or(0);
                    let chain: Vec<&str> =
                        path[from..].iter().map(|&(p, _)| scene.templates[p].id.as_str()).chain([scene.templates[u].id.as_str()]).collect();
                    problems.push(Problem::new(
                        Code::Template,
                        root().field(field::TEMPLATES).index(u).field(field::ID),
                        format!("template `{}` uses itself ({}): it would never finish", scene.templates[u].id, chain.join(" → ")),
                    ));
                }
                _ => {}
            }
        }
    }
    problems.len() == before
}

fn check_unique<'a>(ids: impl Iterator<Item = &'a str>, base: &Path, what: &str, problems: &mut Vec<Problem>) {
    check_unique_at(ids, |i| base.index(i), what, problems);
}

/// Reports empty and repeated ids; `item` gives the path of the i-th item.
fn check_unique_at<'a>(ids: impl Iterator<Item = &'a str>, item: impl Fn(usize) -> Path, what: &str, problems: &mut Vec<Problem>) {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (i, id) in ids.enumerate() {
        if id.trim().is_empty() {
            problems.push(Problem::new(Code::DuplicateId, item(i).field(field::ID), format!("empty {what} id")));
        } else if let Some(&first) = seen.get(id) {
            let first_at = Related { label: "first at".into(), path: item(first).field(field::ID) };
            problems.push(
                Problem::new(Code::DuplicateId, item(i).field(field::ID), format!("duplicate {what} id `{id}`")).with(Some(first_at)),
            );
        } else {
            seen.insert(id, i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::may_name;

    #[test]
    fn a_name_built_from_parameters_names_every_template_it_can_spell() {
        assert!(may_name("qu_dongbi", "qu_dongbi"));
        assert!(!may_name("qu_dongbi", "jiang_qu_dongbi"));
        assert!(may_name("shot_{h1}_jia", "shot_hit_jia"));
        assert!(!may_name("shot_{h1}_jia", "shot_hit_yi"));
        assert!(may_name("b_shot_{h}_{n}", "b_shot_miss_2"));
        assert!(may_name("{any}", "whatever"));
        assert!(!may_name("b_{x}_n", "a_b_n"));
    }
}
