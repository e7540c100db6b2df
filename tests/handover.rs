//! 授/受 within reach: a thing passes from hand to hand between two men close enough for both to
//! hold it, each with his arms out (`timeline::reach::far_gives`, 1.4 m centre to centre). The
//! compiler refuses a handing from farther where it is written (`tests/bad_scenes/handover.*`);
//! this reads the compiled rites whole, at the moment each thing changes hands.

use sheli::rite::compile::Rite;
use sheli::rite::timeline::reach::{HAND_TO_HAND, far_gives};
use sheli::rite::timeline::{Motion, PropAt};

fn listing(rite: &Rite) -> Vec<String> {
    let tl = &rite.timeline;
    far_gives(tl)
        .iter()
        .map(|f| {
            let (giver, receiver) = (&tl.actors[f.giver].name, &tl.actors[f.receiver].name);
            format!("{}: {giver} hands to {receiver} {:.2} m away", rite.beat(rite.beat_at(f.t)).text, f.distance)
        })
        .collect()
}

/// A receiver moved 3 m east for the whole rite, after it was compiled: every thing handed to him
/// or by him now crosses 3 m, and the check finds the giver, the receiver and the clause.
#[test]
fn a_handing_across_the_court_is_found() {
    let mut rite = sheli::rite::load_named("xiang_she").unwrap_or_else(|e| panic!("{e}"));
    let far = far_gives(&rite.timeline);
    let near = rite
        .timeline
        .props
        .iter()
        .find_map(|p| {
            let mut was = &p.initial;
            for (t, now) in &p.keys {
                if let (&PropAt::Held(g, _), &PropAt::Held(r, _)) = (was, now)
                    && g != r
                    && !far.iter().any(|f| f.t == *t && f.receiver == r)
                {
                    return Some(r);
                }
                was = now;
            }
            None
        })
        .expect("乡射礼 hands something over within reach");
    let track = &mut rite.timeline.actors[near];
    track.initial.pos[0] += 3.0;
    for s in &mut track.segments {
        s.end.pos[0] += 3.0;
        if let Motion::Walk { path, .. } = &mut s.motion {
            path.iter_mut().for_each(|p| p[0] += 3.0);
        }
    }
    let found = far_gives(&rite.timeline);
    let hit = found.iter().find(|f| f.receiver == near).unwrap_or_else(|| panic!("the far handing to him is not found: {found:?}"));
    assert!(hit.distance > HAND_TO_HAND, "{hit:?}");
    let name = &rite.timeline.actors[near].name;
    assert!(listing(&rite).iter().any(|r| r.contains(&format!("hands to {name} "))), "not listed");
}

fn shipped_hands_nothing_from_afar(name: &str) {
    let rite = sheli::rite::load_named(name).unwrap_or_else(|e| panic!("{e}"));
    let far = listing(&rite);
    assert!(far.is_empty(), "{name}: {} things handed over out of reach:\n{}", far.len(), far.join("\n"));
}

#[test]
fn xiang_she_hands_nothing_from_afar() {
    shipped_hands_nothing_from_afar("xiang_she");
}

#[test]
fn da_she_hands_nothing_from_afar() {
    shipped_hands_nothing_from_afar("da_she");
}

/// A clause that hands a thing over ends with it in the other's hands: it changes hands when the
/// hands meet, before the clause is over, not at its last instant (where a reader of the clause's
/// end, or a scrub to it, would still see it with the giver: the 47th and 48th audits).
#[test]
fn a_thing_handed_over_is_in_the_other_s_hands_before_its_clause_ends() {
    use sheli::rite::acts::deed::Deed;
    let mut late = Vec::new();
    let mut seen = 0;
    for name in ["xiang_she", "da_she"] {
        let rite = sheli::rite::load_named(name).unwrap_or_else(|e| panic!("{e}"));
        let tl = &rite.timeline;
        for (_, beat) in rite.beats() {
            for (giver, acts) in &beat.did {
                for deed in acts.iter().flatten() {
                    let Deed::Handle { prop, to: Some(to), .. } = deed else { continue };
                    let receiver = tl.actor_index(to).expect(to);
                    seen += 1;
                    let received = tl.props[*prop]
                        .keys
                        .iter()
                        .any(|(t, at)| *t >= beat.start && *t < beat.end - 0.1 && matches!(at, PropAt::Held(r, _) if *r == receiver));
                    if !received {
                        late.push(format!(
                            "{name} `{}`: {} hands {} to {to} at the clause's end",
                            beat.text, tl.actors[*giver].name, tl.props[*prop].id
                        ));
                    }
                }
            }
        }
    }
    assert!(seen > 300, "only {seen} handings");
    assert!(late.is_empty(), "{} handings:\n{}", late.len(), late.join("\n"));
}
