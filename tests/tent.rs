//! Nobody walks through the dressing tent on his way elsewhere (`timeline::tent::walks_through_tents`):
//! the 次 is curtains and mats, gone into and come out of, passed before (贾疏「因过次为适次，非入次也」).
//! The walks that still cross it in the shipped rites are listed, clause by clause, in
//! `tests/tent/RITE.tsv`: a new one fails this test, and one that is fixed must leave the list
//! (`SHELI_BLESS=1 cargo test --test tent` rewrites the lists).

mod mini;
mod ratchet;

use sheli::rite::compile::Rite;
use sheli::rite::timeline::tent::walks_through_tents;

fn listing(rite: &Rite) -> Vec<String> {
    let tl = &rite.timeline;
    ratchet::by_clause(
        rite,
        walks_through_tents(tl).iter().map(|x| (x.t, tl.actors[x.walker].name.as_str(), tl.court.solids[x.tent].id.as_str())),
    )
}

/// A tent pitched across the middle of a walk of mini.ron: the check finds the walker in it; the
/// same tent pitched round the walk's end (he goes into it) is no breach.
#[test]
fn a_walk_through_a_tent_is_found_and_one_into_it_is_not() {
    let mut rite = mini::mini();
    let (walker, t0, t1, path) = mini::long_walk(&rite);
    let tent_at = |rite: &mut Rite, p: [f32; 3]| {
        let tent = mini::tent(&rite.timeline.court, p[0], p[2]);
        rite.timeline.court.solids.push(tent);
    };
    assert!(walks_through_tents(&rite.timeline).is_empty(), "mini.ron has no tent to begin with");
    let (a, b) = (path[0], path[path.len() - 1]);
    tent_at(&mut rite, [(a[0] + b[0]) / 2.0, a[1], (a[2] + b[2]) / 2.0]);
    let found = walks_through_tents(&rite.timeline);
    let hit = found.iter().find(|x| x.walker == walker).unwrap_or_else(|| panic!("the walk through the tent is not found: {found:?}"));
    assert!(hit.t > t0 && hit.t < t1, "{hit:?}");
    assert!(listing(&rite).iter().any(|r| r.contains(&rite.timeline.actors[walker].name) && r.ends_with("\t次")));
    rite.timeline.court.solids.pop();
    tent_at(&mut rite, b);
    assert!(
        walks_through_tents(&rite.timeline).iter().all(|x| x.walker != walker || x.t < t0 || x.t > t1),
        "a walk into the tent is reported"
    );
}

fn shipped_walks_through_no_new_tent(name: &str) {
    let rite = sheli::rite::load_named(name).unwrap_or_else(|e| panic!("{e}"));
    // SHELI_TENT_TIMES=1: when and where each walk crosses the tent, to restage it
    let crossings = || walks_through_tents(&rite.timeline).into_iter().map(|x| (x.t, x.walker, String::new()));
    ratchet::tell_times("SHELI_TENT_TIMES", name, &rite, crossings);
    let head = "walks through the dressing tent, not into or out of it: clause, walker, tent";
    ratchet::hold_to_list(&format!("tests/tent/{name}.tsv"), &listing(&rite), head, &format!("{name}: walks through the tent"));
}

#[test]
fn xiang_she_walks_through_no_new_tent() {
    shipped_walks_through_no_new_tent("xiang_she");
}

#[test]
fn da_she_walks_through_no_new_tent() {
    shipped_walks_through_no_new_tent("da_she");
}
