//! Nobody takes a thing out of his reach: what lies on the ground, a stand or a mat is taken up
//! by a man within an arm's length and a lean of it (`timeline::reach::far_takes`). The takings
//! the shipped rites still make from farther are listed, clause by clause, in
//! `tests/reach/RITE.tsv`: a new one fails this test, and one that is fixed must leave the list
//! (`SHELI_BLESS=1 cargo test --test reach` rewrites the lists).

mod ratchet;

use sheli::rite::compile::Rite;
use sheli::rite::timeline::PropAt;
use sheli::rite::timeline::reach::{ARM_REACH, far_takes};

fn listing(rite: &Rite) -> Vec<String> {
    let tl = &rite.timeline;
    let mut rows: Vec<String> = far_takes(tl)
        .iter()
        .map(|f| format!("{}\t{}\t{}", rite.beat(rite.beat_at(f.t)).text, tl.actors[f.taker].name, tl.props[f.prop].id))
        .collect();
    rows.sort();
    rows.dedup();
    rows
}

/// A thing moved away from where it lies, after the rite was compiled: the man who takes it up
/// now reaches for it from too far, and the check finds him, the thing and the clause.
#[test]
fn a_thing_taken_from_too_far_is_found() {
    let mut rite = sheli::rite::load_named("xiang_she").unwrap_or_else(|e| panic!("{e}"));
    let before = far_takes(&rite.timeline);
    let (k, i) = rite
        .timeline
        .props
        .iter()
        .enumerate()
        .find_map(|(k, p)| {
            let mut was = &p.initial;
            for (i, (_, now)) in p.keys.iter().enumerate() {
                if matches!((was, now), (PropAt::At(..), PropAt::Held(..))) && !before.iter().any(|f| f.prop == k) {
                    return Some((k, i));
                }
                was = now;
            }
            None
        })
        .expect("乡射礼 has a thing taken up within reach from where it lies");
    let prop = &mut rite.timeline.props[k];
    let lying = if i == 0 { &mut prop.initial } else { &mut prop.keys[i - 1].1 };
    let PropAt::At(p, _) = lying else { unreachable!() };
    p[0] += 2.0 * ARM_REACH;
    let found = far_takes(&rite.timeline);
    let hit = found
        .iter()
        .find(|f| f.prop == k)
        .unwrap_or_else(|| panic!("the far taking of {} is not found: {found:?}", rite.timeline.props[k].id));
    assert!(hit.distance > ARM_REACH, "{hit:?}");
    let row = listing(&rite).into_iter().find(|r| r.ends_with(&format!("\t{}", rite.timeline.props[k].id))).expect("listed");
    assert!(row.contains(&rite.timeline.actors[hit.taker].name), "{row}");
}

fn shipped_takes_nothing_new_from_afar(name: &str) {
    let rite = sheli::rite::load_named(name).unwrap_or_else(|e| panic!("{e}"));
    let file = format!("tests/reach/{name}.tsv");
    let found = listing(&rite);
    if std::env::var_os("SHELI_REACH_TIMES").is_some() {
        for f in far_takes(&rite.timeline) {
            eprintln!(
                "{name} t={:.1} {} takes {} from {:.2} m: {}",
                f.t,
                rite.timeline.actors[f.taker].name,
                rite.timeline.props[f.prop].id,
                f.distance,
                rite.beat(rite.beat_at(f.t)).text
            );
        }
    }
    let head = "things taken from beyond an arm's reach that are not yet restaged: clause, taker, thing";
    ratchet::hold_to_list(&file, &found, head, &format!("{name}: things taken out of reach"));
}

#[test]
fn xiang_she_takes_nothing_new_from_afar() {
    shipped_takes_nothing_new_from_afar("xiang_she");
}

#[test]
fn da_she_takes_nothing_new_from_afar() {
    shipped_takes_nothing_new_from_afar("da_she");
}
