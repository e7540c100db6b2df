//! Templates done in the middle of one actor's moves: `Do("put_down_to_wash", {"cup": "jue"})` in an
//! `Act` is replaced by the moves of a template written for one actor, `Act("{who}", [...])`, its
//! `{who}` the actor of the act. So 坐，奠爵，兴，盥，坐，取爵，兴, made wherever a cup is set down for
//! the hands to be washed, is written once, as `Use` writes once what several actors do together.

use std::borrow::Cow;
use std::collections::BTreeMap;

use super::diag::Code;
use super::expand::{Budget, ExpandError, MAX_ARG_BYTES, MAX_NESTING, arguments_fit, named, subst};
use super::field;
use super::model::{Entry, Move, Template};
use super::span::{Path, PathExt, Seg};

/// The parameter a `Do` fills with the actor whose list it stands in.
pub const WHO: &str = "who";

/// Where a spliced move was written, and the outermost template use that brought it in.
pub type MoveOrigin = (Path, Option<(Path, String)>);

/// One act's splicing: the templates it may use, and what goes wrong.
pub(super) struct Splicer<'t, 'e> {
    pub templates: &'t [Template],
    pub errors: &'e mut Vec<ExpandError>,
    pub budget: &'e mut Budget,
}

impl<'t> Splicer<'t, '_> {
    /// `moves`, written at `act`, with every `Do` replaced by its template's moves; with each
    /// move's origin when anything was spliced, else `None` (the moves are where they were written).
    pub fn splice<'a>(
        &mut self,
        moves: Cow<'a, [Move]>,
        who: &str,
        act: &Path,
        used_at: Option<&(Path, String)>,
    ) -> (Cow<'a, [Move]>, Option<Vec<MoveOrigin>>) {
        if !moves.iter().any(|m| matches!(m, Move::Do(..))) {
            return (moves, None);
        }
        let (mut out, mut origins) = (Vec::new(), Vec::new());
        self.splice_into(&moves, who, &act.index(1), used_at, 0, &mut out, &mut origins);
        (Cow::Owned(out), Some(origins))
    }

    #[allow(clippy::too_many_arguments)]
    fn splice_into(
        &mut self,
        moves: &[Move],
        who: &str,
        base: &Path,
        used_at: Option<&(Path, String)>,
        depth: usize,
        out: &mut Vec<Move>,
        origins: &mut Vec<MoveOrigin>,
    ) {
        for (i, m) in moves.iter().enumerate() {
            let path = base.index(i);
            if let Move::Together(inner) = m
                && inner.iter().any(|m| matches!(m, Move::Do(..)))
            {
                let message = "a `Do` cannot stand inside 兼: the moves of 兼 make one gesture together".to_string();
                self.errors.push(ExpandError { code: Code::Template, path: path.clone(), message });
            }
            let Move::Do(name, given) = m else {
                out.push(m.clone());
                origins.push((path, used_at.cloned()));
                continue;
            };
            if !self.budget.take() {
                return;
            }
            let Some((ti, body)) = self.routine(name, given, &path, depth) else { continue };
            let mut args: BTreeMap<String, String> = given.clone();
            args.insert(WHO.to_string(), who.to_string());
            if let Some((k, v)) = args.iter().find(|(_, v)| v.len() > MAX_ARG_BYTES) {
                let message = format!("template `{name}` is given a `{k}` of {} bytes: an argument has at most {MAX_ARG_BYTES}", v.len());
                self.errors.push(ExpandError { code: Code::Limit, path: path.index(1).field(k.clone()), message });
                continue;
            }
            let mut spliced: Vec<Move> = body.to_vec();
            let mut bytes = 0usize;
            for name in spliced.iter_mut().flat_map(Move::names_mut) {
                *name = subst(name, &args);
                bytes = bytes.saturating_add(name.len());
            }
            if !self.budget.take_text(bytes) {
                return;
            }
            let outer = used_at.cloned().unwrap_or_else(|| (path.clone(), name.clone()));
            let body_path: Path =
                vec![Seg::Field(field::TEMPLATES.into()), Seg::Index(ti), Seg::Field(field::ACTS.into()), Seg::Index(0), Seg::Index(1)];
            self.splice_into(&spliced, who, &body_path, Some(&outer), depth + 1, out, origins);
        }
    }

    /// The template a `Do` names, if it can be done in one actor's list: one `Act("{who}", …)`,
    /// given every parameter but `who`, not nested too deep.
    fn routine(&mut self, name: &str, given: &BTreeMap<String, String>, path: &Path, depth: usize) -> Option<(usize, &'t [Move])> {
        let (ti, t) = named(self.templates, name, path, self.errors)?;
        let mut problem = |path: Path, message: String| {
            self.errors.push(ExpandError { code: Code::Template, path, message });
        };
        if depth >= MAX_NESTING {
            problem(path.clone(), format!("template `{name}` nests more than {MAX_NESTING} deep (does it do itself?)"));
            return None;
        }
        let [Entry::Act(who, body)] = t.acts.as_slice() else {
            problem(
                path.clone(),
                format!("template `{name}` is not one actor's moves (`Act(\"{{{WHO}}}\", [...])`): `Use` it as an entry of the beat"),
            );
            return None;
        };
        if *who != format!("{{{WHO}}}") || !t.params.iter().any(|p| p == WHO) {
            problem(path.clone(), format!("template `{name}` is done by `{who}`, not by `{{{WHO}}}`: `Use` it as an entry of the beat"));
            return None;
        }
        let mut ok = true;
        if given.contains_key(WHO) {
            problem(path.index(1).field(WHO), format!("`{WHO}` is the actor whose moves these are: leave it out of `Do(\"{name}\", …)`"));
            ok = false;
        }
        let ok = arguments_fit(t, given, Some(WHO), path, self.errors) && ok;
        ok.then_some((ti, body.as_slice()))
    }
}
