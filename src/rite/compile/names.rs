//! "Unknown place `X`", "unknown actor `Y`": a name a scene refers to that it never defines,
//! said one way for every kind of name, with the nearest defined one as a "did you mean".

use super::sim::Sim;
use crate::rite::court::furniture::ObjectKind;
use crate::rite::scene::spell::unknown_name;

/// The kinds of name a scene refers to by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Name {
    Place,
    Actor,
    /// an actor, or a group of actors
    Performer,
    Prop,
    Target,
}

impl Name {
    fn word(self) -> &'static str {
        match self {
            Name::Place => "place",
            Name::Actor => "actor",
            Name::Performer => "actor or group",
            Name::Prop => "prop",
            Name::Target => "target",
        }
    }
}

impl Sim<'_> {
    /// "unknown place `西阶西`(did you mean `西阶之西`?)": the defined names of that kind searched.
    pub(super) fn unknown(&self, kind: Name, name: &str) -> String {
        let court = self.court;
        let known: Vec<&str> = match kind {
            Name::Place => court.regions.iter().map(|r| r.id.as_str()).collect(),
            Name::Actor => self.actor_ix.keys().copied().collect(),
            Name::Performer => self.actor_ix.keys().chain(self.group_ix.keys()).copied().collect(),
            Name::Prop => self.prop_ix.keys().copied().collect(),
            Name::Target => court.solids.iter().filter(|s| matches!(s.kind, ObjectKind::Target { .. })).map(|s| s.id.as_str()).collect(),
        };
        unknown_name(kind.word(), name, known)
    }
}
