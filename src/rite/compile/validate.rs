//! The checks made before the rite is played: ids, sizes, stairs, anchors, templates, steps.
//! What can only be found by playing (who holds what, where a path goes) is the simulation's.

use std::collections::{HashMap, HashSet};

use super::{Problem, Related};
use crate::rite::court::{Courtyard, MAX_STAIR_STEPS};
use crate::rite::expand::undeclared_placeholders;
use crate::rite::model::{ObjectKind, Scene};
use crate::rite::span::{Path, PathExt};

fn root() -> Path {
    Vec::new()
}

/// The scene's 尺 in metres; a bad one is reported and the usual value used.
pub(super) fn units(scene: &Scene, problems: &mut Vec<Problem>) -> f32 {
    if scene.units.chi_m > 0.0 && scene.units.chi_m.is_finite() {
        scene.units.chi_m
    } else {
        problems.push(Problem::new(root().field("units").field("chi_m"), "一尺 must be a positive length in metres"));
        0.231
    }
}

/// Every kind of id is given once, and none is empty.
pub(super) fn ids(scene: &Scene, problems: &mut Vec<Problem>) {
    let root = root();
    check_unique(scene.layout.objects.iter().map(|o| o.id.as_str()), &root.field("layout").field("objects"), "object", problems);
    check_unique(scene.layout.places.iter().map(|o| o.id.as_str()), &root.field("layout").field("places"), "place", problems);
    let actors = scene.actors.len();
    check_unique_at(
        scene.actors.iter().map(|a| a.id.as_str()).chain(scene.groups.iter().map(|g| g.id.as_str())),
        |i| if i < actors { root.field("actors").index(i) } else { root.field("groups").index(i - actors) },
        "actor or group",
        problems,
    );
    check_unique(scene.props.iter().map(|p| p.id.as_str()), &root.field("props"), "prop", problems);
    check_unique(scene.steps.iter().map(|s| s.id.as_str()), &root.field("steps"), "step", problems);
    check_unique(scene.templates.iter().map(|t| t.id.as_str()), &root.field("templates"), "template", problems);
}

/// Objects have a size, and stairs a sensible number of steps.
pub(super) fn objects(scene: &Scene, chi_m: f32, problems: &mut Vec<Problem>) {
    for (i, o) in scene.layout.objects.iter().enumerate() {
        let p = root().field("layout").field("objects").index(i);
        let (w, d, h) = (o.size.0.chi(chi_m), o.size.1.chi(chi_m), o.size.2.chi(chi_m));
        if !(w > 0.0 && d > 0.0 && h >= 0.0 && w.is_finite() && d.is_finite() && h.is_finite()) {
            problems.push(Problem::new(p.field("size"), format!("`{}` needs a positive width and depth", o.id)));
        }
        if let ObjectKind::Stair { steps, .. } = o.kind
            && !(1..=MAX_STAIR_STEPS).contains(&steps)
        {
            problems.push(Problem::new(
                p.field("kind").field("steps"),
                format!("stair `{}` has {steps} steps: a stair has 1 to {MAX_STAIR_STEPS}", o.id),
            ));
        }
    }
}

/// Anchors lie in their places, and the hall and ground have a size. False when the layout is
/// too broken to play the rite on.
pub(super) fn layout(court: &Courtyard, problems: &mut Vec<Problem>) -> bool {
    for (i, r) in court.regions.iter().enumerate() {
        if !r.shape.contains(r.anchor[0], r.anchor[2]) {
            problems.push(Problem::new(
                root().field("layout").field("places").index(i).field("anchor"),
                format!("the anchor of place `{}` lies outside its area, so someone sent there would not be in it", r.id),
            ));
        }
    }
    if court.hall.area() <= 0.0 || court.ground.area() <= 0.0 || court.hall_height <= 0.0 {
        problems
            .push(Problem::new(root().field("layout").field("hall"), "the hall and the ground need a positive area and the hall a height"));
        return false;
    }
    true
}

/// Templates use only their parameters; there are steps, and 记 notes annotate steps that exist.
pub(super) fn templates_and_steps(scene: &Scene, problems: &mut Vec<Problem>) {
    for (ti, t) in scene.templates.iter().enumerate() {
        for name in undeclared_placeholders(t) {
            problems.push(Problem::new(
                root().field("templates").index(ti).field("acts"),
                format!("template `{}` uses `{{{name}}}` but has no such parameter", t.id),
            ));
        }
    }
    if scene.steps.is_empty() {
        problems.push(Problem::new(root().field("steps"), "a scene needs at least one step: there is nothing to enact"));
    }
    let step_ids: HashSet<&str> = scene.steps.iter().map(|s| s.id.as_str()).collect();
    for (si, s) in scene.steps.iter().enumerate() {
        for (k, a) in s.annotates.iter().enumerate() {
            if !step_ids.contains(a.as_str()) {
                problems.push(Problem::new(
                    root().field("steps").index(si).field("annotates").index(k),
                    format!("annotates unknown step `{a}`"),
                ));
            }
        }
    }
}

fn check_unique<'a>(ids: impl Iterator<Item = &'a str>, base: &Path, what: &str, problems: &mut Vec<Problem>) {
    check_unique_at(ids, |i| base.index(i), what, problems);
}

/// Reports empty and repeated ids; `item` gives the path of the i-th item.
fn check_unique_at<'a>(ids: impl Iterator<Item = &'a str>, item: impl Fn(usize) -> Path, what: &str, problems: &mut Vec<Problem>) {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (i, id) in ids.enumerate() {
        if id.trim().is_empty() {
            problems.push(Problem::new(item(i).field("id"), format!("empty {what} id")));
        } else if let Some(&first) = seen.get(id) {
            let first_at = Related { label: "first at".into(), path: item(first).field("id") };
            problems.push(Problem::new(item(i).field("id"), format!("duplicate {what} id `{id}`")).with(Some(first_at)));
        } else {
            seen.insert(id, i);
        }
    }
}
