//! Nobody walks over the food set on the ground: dried meat and pickle (荐) and a meat stand (俎)
//! laid in the court for someone standing below (the 获者, the 众宾 below the hall) lie where they
//! were set until they are taken up, and a walk that passes over them treads in the dishes. The
//! router steps round them (`court/detour.rs`); the walks it cannot yet save are listed, clause by clause, in
//! `tests/underfoot/RITE.tsv`: a new one fails this test, and one that is fixed must leave the
//! list (`SHELI_BLESS=1 cargo test --test underfoot` rewrites the lists).

mod mini;
mod ratchet;

use sheli::rite::acts::props::PropKind;
use sheli::rite::compile::Rite;
use sheli::rite::court::Level;
use sheli::rite::court::detour::STEPPING_CLEAR;
use sheli::rite::timeline::{Motion, PropAt, Timeline};

/// How often a walk is looked at, in seconds of rite time.
const STEP: f32 = 0.25;
/// A walker's centre this close (metres) to the dishes' centre has a foot in them: the router keeps
/// [`STEPPING_CLEAR`] round a thing on the floor, and what comes well inside that, it could not save.
const OVER: f32 = 0.8 * STEPPING_CLEAR;

/// (when the walker is closest, walker, thing) for every walk that passes over food lying on the
/// ground of the court.
fn walks_over(timeline: &Timeline) -> Vec<(f32, usize, usize)> {
    let mut found = Vec::new();
    for (p, prop) in timeline.props.iter().enumerate() {
        if !matches!(prop.kind, PropKind::Offering | PropKind::Stand) {
            continue;
        }
        // the spans it lies on the ground: (from, until, where)
        let mut spans = Vec::new();
        // where it starts is its store (the 东房, the 东壁, by the 鼎), from which it is fetched; the
        // rule is for what has been set down for someone
        let mut from = (f32::NEG_INFINITY, PropAt::Absent);
        for (t, at) in prop.keys.iter().cloned().chain([(f32::INFINITY, PropAt::Absent)]) {
            if let PropAt::At(pos, _) = from.1
                && timeline.level_of(pos) == Level::Ground
                && pos[1] < 0.3
            {
                spans.push((from.0, t, pos));
            }
            from = (t, at);
        }
        for (w, track) in timeline.actors.iter().enumerate() {
            for seg in track.segments.iter().filter(|s| matches!(s.motion, Motion::Walk { .. })) {
                for &(t0, t1, pos) in &spans {
                    let (a, b) = (seg.t0.max(t0), seg.t1.min(t1));
                    let mut closest: Option<(f32, f32)> = None;
                    let mut t = a + STEP / 2.0;
                    while t < b {
                        let me = track.at(t).pos;
                        let gap = (me[0] - pos[0]).hypot(me[2] - pos[2]);
                        if (me[1] - pos[1]).abs() < 0.3 && gap < OVER && closest.is_none_or(|(_, g)| gap < g) {
                            closest = Some((t, gap));
                        }
                        t += STEP;
                    }
                    if let Some((t, _)) = closest {
                        found.push((t, w, p));
                    }
                }
            }
        }
    }
    found
}

fn listing(rite: &Rite) -> Vec<String> {
    let tl = &rite.timeline;
    let mut rows: Vec<String> = walks_over(tl)
        .into_iter()
        .map(|(t, w, p)| format!("{}\t{}\t{}", rite.beat(rite.beat_at(t)).text, tl.actors[w].name, tl.props[p].en))
        .collect();
    rows.sort();
    rows.dedup();
    rows
}

/// The dried meat set down in the middle of a walk of mini.ron: the check finds the walker.
#[test]
fn dishes_set_down_in_a_walk_are_found() {
    let mut rite = mini::mini();
    let (walker, t0, _, path) = mini::long_walk(&rite);
    assert_eq!(rite.timeline.level_of(path[0]), Level::Ground, "mini.ron's walk is in the court");
    let mid = [(path[0][0] + path[1][0]) / 2.0, 0.0, (path[0][2] + path[1][2]) / 2.0];
    assert!(!rite.timeline.props.is_empty(), "mini.ron has a thing");
    let p = 0;
    let before = walks_over(&rite.timeline).len();
    let prop = &mut rite.timeline.props[p];
    prop.kind = PropKind::Offering;
    prop.keys.retain(|(t, _)| *t > t0 + 100.0);
    prop.keys.insert(0, (t0 - 1.0, PropAt::At(mid, None)));
    let found = walks_over(&rite.timeline);
    assert!(found.len() > before, "the walk over the dishes is not found");
    assert!(found.iter().any(|&(t, w, q)| w == walker && q == p && t > t0), "{found:?}");
}

fn shipped_walks_over_no_new_dishes(name: &str) {
    let rite = sheli::rite::load_named(name).unwrap_or_else(|e| panic!("{e}"));
    // SHELI_UNDERFOOT_TIMES=1: when and where each walk passes over the dishes, to restage it
    if std::env::var_os("SHELI_UNDERFOOT_TIMES").is_some() {
        let tl = &rite.timeline;
        for (t, w, p) in walks_over(tl) {
            let (me, it) = (tl.actors[w].at(t).pos, tl.prop_at(p, t).pos);
            eprintln!(
                "{name} t={t:.1} {} at ({:.2}, {:.2}) over {} at ({:.2}, {:.2}): {}",
                tl.actors[w].name,
                me[0],
                me[2],
                tl.props[p].en,
                it[0],
                it[2],
                rite.beat(rite.beat_at(t)).text
            );
        }
    }
    let head = "walks over food set on the ground of the court: clause, walker, thing";
    ratchet::hold_to_list(&format!("tests/underfoot/{name}.tsv"), &listing(&rite), head, &format!("{name}: walks over dishes"));
}

#[test]
fn xiang_she_walks_over_no_new_dishes() {
    shipped_walks_over_no_new_dishes("xiang_she");
}

#[test]
fn da_she_walks_over_no_new_dishes() {
    shipped_walks_over_no_new_dishes("da_she");
}
