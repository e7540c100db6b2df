//! Jumping by act rather than by clause: to the next (or previous) clause in which someone
//! shoots, bows, handles a cup, or a round of shooting begins.

use super::query::BeatRef;
use crate::rite::acts::deed::Deed;
use crate::rite::acts::gesture::Gesture;
use crate::rite::compile::Rite;

/// What to jump to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    /// an arrow loosed (射)
    Shot,
    /// 拜, 再拜, 答拜, 稽首 …
    Bow,
    /// a 爵 or 觯 taken, set down, handed, received, drunk from
    Cup,
    /// the first clause of a section of shooting (第一番射, 公射, 复射 …)
    Round,
}

impl Act {
    pub const ALL: [Act; 4] = [Act::Shot, Act::Bow, Act::Cup, Act::Round];

    pub fn name(self) -> &'static str {
        match self {
            Act::Shot => "射",
            Act::Bow => "拜",
            Act::Cup => "爵",
            Act::Round => "番",
        }
    }

    pub fn english(self) -> &'static str {
        match self {
            Act::Shot => "shot",
            Act::Bow => "bow",
            Act::Cup => "cup",
            Act::Round => "round",
        }
    }
}

fn is_cup(rite: &Rite, prop: usize) -> bool {
    rite.timeline.props[prop].kind.is_cup()
}

/// Whether the clause `r` shows `act`.
pub fn shows(rite: &Rite, r: BeatRef, act: Act) -> bool {
    let beat = rite.beat(r);
    let deeds = || beat.did.iter().flat_map(|(_, acts)| acts.iter().flatten());
    match act {
        Act::Shot => deeds().any(|d| matches!(d, Deed::Shoot { .. })),
        Act::Bow => deeds().any(|d| matches!(d, Deed::Gesture(g) if g.is_bow())),
        Act::Cup => deeds().any(|d| match d {
            Deed::Handle { prop, .. } | Deed::Receive(prop) => is_cup(rite, *prop),
            Deed::Gesture(Gesture::Cui | Gesture::ZuJue) => true,
            _ => false,
        }),
        Act::Round => {
            let section = &rite.steps[r.step].section;
            r.beat == 0 && section.ends_with('射') && (r.step == 0 || rite.steps[r.step - 1].section != *section)
        }
    }
}

/// The nearest clause after (`forward`) or before the one at `from` that shows `act`.
pub fn next(rite: &Rite, from: BeatRef, act: Act, forward: bool) -> Option<BeatRef> {
    let all: Vec<BeatRef> = rite.beats().map(|(r, _)| r).collect();
    let here = all.iter().position(|r| *r == from)?;
    if forward {
        all[here + 1..].iter().copied().find(|r| shows(rite, *r, act))
    } else {
        all[..here].iter().rev().copied().find(|r| shows(rite, *r, act))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_act_is_found_forward_and_back_in_both_rites() {
        for scene in crate::rite::scene::load::shipped_rites() {
            let rite = crate::rite::load_named(scene).unwrap();
            let start = BeatRef { step: 0, beat: 0 };
            for act in Act::ALL {
                let first = next(&rite, start, act, true).unwrap_or_else(|| panic!("{scene}: no {act:?}"));
                assert!(shows(&rite, first, act));
                // nothing of the kind between the start and the first found
                let all: Vec<BeatRef> = rite.beats().map(|(r, _)| r).collect();
                assert!(all.iter().take_while(|r| **r != first).skip(1).all(|r| !shows(&rite, *r, act)));
                let second = next(&rite, first, act, true).unwrap();
                assert_eq!(next(&rite, second, act, false), Some(first), "{scene}: back from the second {act:?} is the first");
            }
            let shot = next(&rite, start, Act::Shot, true).unwrap();
            assert!(rite.beat(shot).text.contains('射') || rite.steps[shot.step].text().contains('射'));
            // three rounds of shooting at least
            let mut rounds = 0;
            let mut at = start;
            while let Some(r) = next(&rite, at, Act::Round, true) {
                rounds += 1;
                at = r;
            }
            assert!(rounds >= 3, "{scene}: {rounds} rounds");
        }
    }
}
