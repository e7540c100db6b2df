//! Nobody walks over the food set on the ground (`timeline::underfoot::walks_over`): dishes laid in
//! the court for someone standing below lie where they were set until they are taken up. The
//! router steps round them (`court/detour.rs`); the walks it cannot yet save are listed, clause by clause, in
//! `tests/underfoot/RITE.tsv`: a new one fails this test, and one that is fixed must leave the
//! list (`SHELI_BLESS=1 cargo test --test underfoot` rewrites the lists).

mod mini;
mod ratchet;

use sheli::rite::acts::props::PropKind;
use sheli::rite::compile::Rite;
use sheli::rite::court::Level;
use sheli::rite::timeline::PropAt;
use sheli::rite::timeline::underfoot::walks_over;

fn listing(rite: &Rite) -> Vec<String> {
    let tl = &rite.timeline;
    ratchet::by_clause(rite, walks_over(tl).iter().map(|x| (x.t, tl.actors[x.walker].name.as_str(), tl.props[x.thing].en.as_str())))
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
    assert!(found.iter().any(|x| x.walker == walker && x.thing == p && x.t > t0), "{found:?}");
}

fn shipped_walks_over_no_new_dishes(name: &str) {
    let rite = sheli::rite::load_named(name).unwrap_or_else(|e| panic!("{e}"));
    // SHELI_UNDERFOOT_TIMES=1: when and where each walk passes over the dishes, to restage it
    let tl = &rite.timeline;
    let over = || {
        walks_over(tl).into_iter().map(|x| {
            let it = tl.prop_at(x.thing, x.t).pos;
            (x.t, x.walker, format!(" over {} at ({:.2}, {:.2})", tl.props[x.thing].en, it[0], it[2]))
        })
    };
    ratchet::tell_times("SHELI_UNDERFOOT_TIMES", name, &rite, over);
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
