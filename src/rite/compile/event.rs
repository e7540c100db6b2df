//! One handling of a thing within a phase (taken, set down, handed on, shot), in the order the
//! phase plays them: what the props' tracks and the rules about hands are computed from.

use crate::rite::scene::expand::FlatAct;
use crate::rite::scene::model::Move;
use crate::rite::scene::span::Path;

/// A thing handled by an actor at a moment of a phase.
pub(super) struct PropEvent<'a> {
    pub t: f32,
    pub actor: usize,
    pub prop: usize,
    pub kind: &'a Move,
    /// the act, and which of its moves this is: the move's node, for a message
    pub act: &'a FlatAct<'a>,
    pub index: usize,
}

impl<'a> PropEvent<'a> {
    pub(super) fn path(&self) -> Path {
        self.act.move_path(self.index)
    }

    /// The template use that brought the move in, if any.
    pub(super) fn used(&self) -> Option<&'a (Path, String)> {
        self.act.move_note(self.index)
    }
}
