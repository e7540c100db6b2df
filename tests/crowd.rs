//! Nobody walks through another person: the walks that come within a body's width of someone
//! standing, seated or walking too (`timeline::crowd::walks_through`). The router steps round people; the
//! walks it cannot yet save in the shipped rites are listed, clause by clause, in
//! `tests/crowd/RITE.tsv`: a new one fails this test, and one that is fixed must leave the list
//! (`SHELI_BLESS=1 cargo test --test crowd` rewrites the lists).

mod mini;
mod ratchet;

use sheli::rite::compile::Rite;
use sheli::rite::timeline::crowd::walks_through;

fn listing(rite: &Rite) -> Vec<String> {
    let actors = &rite.timeline.actors;
    let mut rows: Vec<String> = walks_through(&rite.timeline)
        .iter()
        .map(|p| format!("{}\t{}\t{}", rite.beat(rite.beat_at(p.t)).text, actors[p.walker].name, actors[p.through].name))
        .collect();
    rows.sort();
    rows
}

/// A man set down in the middle of someone's walk, after the routes were made: the check finds
/// the walk, the walker and the man, at the clause.
#[test]
fn a_man_standing_in_a_walk_is_found() {
    let mut rite = mini::mini();
    assert!(walks_through(&rite.timeline).is_empty(), "mini.ron has no walk through anyone to begin with");
    let (walker, t0, t1, path) = mini::long_walk(&rite);
    let mid = [(path[0][0] + path[1][0]) / 2.0, path[0][1], (path[0][2] + path[1][2]) / 2.0];
    let mut man = rite.timeline.actors[walker].clone();
    man.name = "立者".into();
    man.segments.clear();
    man.initial.pos = mid;
    man.initial.present = true;
    man.initial.leading = None;
    rite.timeline.actors.push(man);
    let found = walks_through(&rite.timeline);
    let hit = found.iter().find(|p| p.walker == walker).unwrap_or_else(|| panic!("the walk through 立者 is not found: {found:?}"));
    assert_eq!(hit.through, rite.timeline.actors.len() - 1);
    assert!(hit.t > t0 && hit.t < t1 && hit.gap < 0.3, "{hit:?}");
    let row = listing(&rite).into_iter().find(|r| r.ends_with("\t立者")).expect("listed");
    assert!(row.contains(&rite.timeline.actors[walker].name), "{row}");
}

/// A second man walking the same walk at the same moment, on the first one's heels: the check
/// finds the two walkers in one another, once.
#[test]
fn two_walking_into_one_another_are_found() {
    let mut rite = mini::mini();
    let (walker, ..) = mini::long_walk(&rite);
    let mut twin = rite.timeline.actors[walker].clone();
    twin.name = "随者".into();
    for s in &mut twin.segments {
        s.t0 += 0.1;
        s.t1 += 0.1;
    }
    rite.timeline.actors.push(twin);
    let twin = rite.timeline.actors.len() - 1;
    let found: Vec<_> = walks_through(&rite.timeline).into_iter().filter(|p| p.through == twin || p.walker == twin).collect();
    assert!(!found.is_empty(), "the two walkers in one another are not found");
    assert!(found.iter().all(|p| p.walker == walker && p.through == twin && p.gap < 0.3), "{found:?}");
}

fn shipped_walks_through_nobody_new(name: &str) {
    let rite = sheli::rite::load_named(name).unwrap_or_else(|e| panic!("{e}"));
    let file = format!("tests/crowd/{name}.tsv");
    let found = listing(&rite);
    // SHELI_CROWD_TIMES=1: when and where each walk comes through someone, to restage it
    if std::env::var_os("SHELI_CROWD_TIMES").is_some() {
        for p in walks_through(&rite.timeline) {
            let (me, him) = (rite.timeline.actors[p.walker].at(p.t).pos, rite.timeline.actors[p.through].at(p.t).pos);
            eprintln!(
                "{name} t={:.1} {} at ({:.2}, {:.2}) through {} at ({:.2}, {:.2}), {:.2} m: {}",
                p.t,
                rite.timeline.actors[p.walker].name,
                me[0],
                me[2],
                rite.timeline.actors[p.through].name,
                him[0],
                him[2],
                p.gap,
                rite.beat(rite.beat_at(p.t)).text
            );
        }
    }
    let head = "walks through someone (standing, seated or walking) that the router cannot yet save: clause, walker, through whom";
    ratchet::hold_to_list(&file, &found, head, &format!("{name}: walks through people"));
}

#[test]
fn xiang_she_walks_through_nobody_new() {
    shipped_walks_through_nobody_new("xiang_she");
}

#[test]
fn da_she_walks_through_nobody_new() {
    shipped_walks_through_nobody_new("da_she");
}
