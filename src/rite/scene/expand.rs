//! Template expansion: `Use("pair_shoots", {"upper": "shang1", …})` becomes the template's acts
//! with every `{param}` in every string replaced. Repeated choreography is written once.

use std::borrow::Cow;
use std::collections::BTreeMap;

use super::diag::Code;
use super::model::{Entry, Move, Template};
use super::span::{Path, PathExt};
use super::splice::{MoveOrigin, Splicer};
use crate::rite::scene::field;

/// One act after expansion, with where it came from for diagnostics. An act written in the beat
/// itself borrows its words from the scene; one from a template owns its substituted copy.
#[derive(Debug, Clone)]
pub struct FlatAct<'a> {
    pub who: Cow<'a, str>,
    /// `Some(dir)` when a group is lined up along `dir` (from `Line`, or a group named in `Act`)
    pub file: Option<(super::model::Dir, Option<super::model::Len>)>,
    pub moves: Cow<'a, [Move]>,
    /// the act's own node (in the beat, or in a template's body)
    pub origin: Path,
    /// the outermost `Use` that produced it, if any, and the template's name
    pub used_at: Option<(Path, String)>,
    /// where each move was written, when a `Do` spliced a template's moves in; else each is the
    /// act's own move of the same index
    pub spliced: Option<Vec<MoveOrigin>>,
}

impl FlatAct<'_> {
    /// The node of move `i`, for a message.
    pub fn move_path(&self, i: usize) -> Path {
        match &self.spliced {
            Some(origins) => origins[i].0.clone(),
            None => self.origin.index(1).index(i),
        }
    }

    /// The outermost template use that brought move `i` in, if any.
    pub fn move_note(&self, i: usize) -> Option<&(Path, String)> {
        match &self.spliced {
            Some(origins) => origins[i].1.as_ref(),
            None => self.used_at.as_ref(),
        }
    }
}

/// Everything expansion can get wrong, with the node to blame.
#[derive(Debug, Clone)]
pub struct ExpandError {
    pub code: Code,
    pub path: Path,
    pub message: String,
}

pub(super) const MAX_NESTING: usize = 16;
/// The most entries (acts, lines and template uses) one beat may expand into.
pub const MAX_BEAT_EXPANSION: usize = 20_000;
/// The most entries a whole scene may expand into: far above the shipped rites (about 20,000
/// each), far below what exhausts memory or time.
pub const MAX_SCENE_EXPANSION: usize = 2_000_000;
/// The longest argument a template is given, after substitution, in bytes: arguments are ids
/// and short sayings, so a longer one is a template doubling its argument.
pub const MAX_ARG_BYTES: usize = 4096;
/// The most text the scene's template uses may write, in bytes: the shipped rites write about
/// 2 MB each; this keeps a template that multiplies its strings far from exhausting memory.
pub const MAX_SCENE_TEXT: usize = 64 << 20;

/// What expansion may still produce: for this beat, and for the scene.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    pub scene: usize,
    beat: usize,
    /// bytes of substituted text still allowed, for the scene
    text: usize,
    exhausted: bool,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget { scene: MAX_SCENE_EXPANSION, beat: MAX_BEAT_EXPANSION, text: MAX_SCENE_TEXT, exhausted: false }
    }
}

impl Budget {
    /// Takes one entry; false once either budget is spent.
    pub(super) fn take(&mut self) -> bool {
        if self.scene == 0 || self.beat == 0 {
            self.exhausted = true;
            return false;
        }
        self.scene -= 1;
        self.beat -= 1;
        true
    }

    /// Takes `bytes` of substituted text; false once the scene's text budget is spent.
    pub(super) fn take_text(&mut self, bytes: usize) -> bool {
        match self.text.checked_sub(bytes) {
            Some(left) => {
                self.text = left;
                true
            }
            None => {
                self.text = 0;
                self.exhausted = true;
                false
            }
        }
    }
}

/// Splits a beat's entries into phases (at each `Then`) of flat acts.
pub fn expand_beat<'a>(
    entries: &'a [Entry],
    base: &Path,
    templates: &'a [Template],
    errors: &mut Vec<ExpandError>,
    budget: &mut Budget,
) -> Vec<Vec<FlatAct<'a>>> {
    let mut phases = vec![Vec::new()];
    budget.beat = MAX_BEAT_EXPANSION;
    budget.exhausted = false;
    let mut ctx = Expansion { templates, errors, budget, blown: None };
    ctx.expand_into(entries, base, &BTreeMap::new(), None, 0, &mut phases);
    if let Some(path) = ctx.blown {
        // what was expanded before the budget ran out is dropped: the beat is reported instead
        let message = if ctx.budget.text == 0 {
            format!(
                "the scene's templates write more than {MAX_SCENE_TEXT} bytes of text: does a template repeat its arguments many times over?"
            )
        } else {
            let which = if ctx.budget.scene == 0 {
                format!("the scene expands into more than {MAX_SCENE_EXPANSION}")
            } else {
                format!("this beat expands into more than {MAX_BEAT_EXPANSION}")
            };
            format!("{which} acts and template uses: does a template use itself, or use others many times over?")
        };
        ctx.errors.push(ExpandError { code: Code::Limit, path, message });
        return Vec::new();
    }
    phases.retain(|p| !p.is_empty());
    phases
}

/// One beat's expansion: the templates it may use, and what it has found so far.
struct Expansion<'a, 'e> {
    templates: &'a [Template],
    errors: &'e mut Vec<ExpandError>,
    budget: &'e mut Budget,
    /// the outermost entry being expanded when the budget ran out
    blown: Option<Path>,
}

impl<'a> Expansion<'a, '_> {
    fn expand_into(
        &mut self,
        entries: &'a [Entry],
        base: &Path,
        args: &BTreeMap<String, String>,
        used_at: Option<&(Path, String)>,
        depth: usize,
        phases: &mut Vec<Vec<FlatAct<'a>>>,
    ) {
        for (i, entry) in entries.iter().enumerate() {
            let path = base.index(i);
            if !self.budget.take() {
                if self.blown.is_none() {
                    self.blown = Some(used_at.map(|(p, _)| p.clone()).unwrap_or(path));
                }
                return;
            }
            if !args.is_empty() && !self.budget.take_text(written(entry, args)) {
                if self.blown.is_none() {
                    self.blown = Some(used_at.map(|(p, _)| p.clone()).unwrap_or(path));
                }
                return;
            }
            match entry {
                Entry::Then => phases.push(Vec::new()),
                Entry::Act(who, moves) | Entry::Line { who, moves, .. } => {
                    let who = subst_cow(who, args);
                    let mut splicer = Splicer { templates: self.templates, errors: &mut *self.errors, budget: &mut *self.budget };
                    let (moves, spliced) = splicer.splice(subst_moves(moves, args), &who, &path, used_at);
                    if self.budget.exhausted {
                        if self.blown.is_none() {
                            self.blown = Some(used_at.map(|(p, _)| p.clone()).unwrap_or(path));
                        }
                        return;
                    }
                    let file = match entry {
                        Entry::Line { file, spacing, .. } => Some((*file, *spacing)),
                        _ => None,
                    };
                    push(phases, FlatAct { who, file, moves, origin: path, used_at: used_at.cloned(), spliced });
                }
                Entry::Use(name, given) => {
                    let name = subst(name, args);
                    let Some((ti, t)) = named(self.templates, &name, &path, self.errors) else { continue };
                    if depth >= MAX_NESTING {
                        self.errors.push(ExpandError {
                            code: Code::Limit,
                            path,
                            message: format!("template `{name}` nests more than {MAX_NESTING} deep (does it use itself?)"),
                        });
                        continue;
                    }
                    if !arguments_fit(t, given, None, &path, self.errors) {
                        continue;
                    }
                    let inner: BTreeMap<String, String> = given.iter().map(|(k, v)| (k.clone(), subst(v, args))).collect();
                    if let Some((k, v)) = inner.iter().find(|(_, v)| v.len() > MAX_ARG_BYTES) {
                        let chain = used_at.map(|(_, outer)| format!(" (inside `{outer}`)")).unwrap_or_default();
                        self.errors.push(ExpandError {
                            code: Code::Limit,
                            path: path.index(1).field(k.clone()),
                            message: format!(
                                "template `{name}`{chain} is given a `{k}` of {} bytes: an argument has at most {MAX_ARG_BYTES} (does a template repeat its argument into the next?)",
                                v.len()
                            ),
                        });
                        continue;
                    }
                    let outer = used_at.cloned().unwrap_or_else(|| (path.clone(), name.clone()));
                    let body: Path = vec![
                        super::span::Seg::Field(field::TEMPLATES.into()),
                        super::span::Seg::Index(ti),
                        super::span::Seg::Field(field::ACTS.into()),
                    ];
                    self.expand_into(&t.acts, &body, &inner, Some(&outer), depth + 1, phases);
                    if self.blown.is_some() {
                        return;
                    }
                }
            }
        }
    }
}

/// The template called `name`, or an error at the name written at `path` (a `Use` or a `Do`).
pub(super) fn named<'t>(
    templates: &'t [Template],
    name: &str,
    path: &Path,
    errors: &mut Vec<ExpandError>,
) -> Option<(usize, &'t Template)> {
    let found = templates.iter().enumerate().find(|(_, t)| t.id == name);
    if found.is_none() {
        let message = super::spell::unknown_name("template", name, templates.iter().map(|t| t.id.as_str()));
        errors.push(ExpandError { code: Code::UnknownName, path: path.index(0), message });
    }
    found
}

/// Whether the arguments `given` at `path` fill every parameter of `t` and name no other, each gap and each stray reported;
/// `filled`, a parameter the caller fills itself (a `Do`'s actor), is neither asked for nor checked here.
pub(super) fn arguments_fit(
    t: &Template,
    given: &BTreeMap<String, String>,
    filled: Option<&str>,
    path: &Path,
    errors: &mut Vec<ExpandError>,
) -> bool {
    let mut ok = true;
    let name = &t.id;
    for p in t.params.iter().filter(|p| Some(p.as_str()) != filled && !given.contains_key(*p)) {
        errors.push(ExpandError { code: Code::Template, path: path.clone(), message: format!("template `{name}` needs parameter `{p}`") });
        ok = false;
    }
    for k in given.keys().filter(|k| Some(k.as_str()) != filled && !t.params.contains(k)) {
        let message = format!("template `{name}` has no parameter `{k}` (it takes: {})", t.params.join(", "));
        errors.push(ExpandError { code: Code::Template, path: path.index(1).field(k.clone()), message });
        ok = false;
    }
    ok
}

/// How many bytes substituting `args` into an entry writes, counted before it is written, by
/// the same walk as [`subst`].
fn written(entry: &Entry, args: &BTreeMap<String, String>) -> usize {
    let size = |s: &str| -> usize {
        let mut n = 0usize;
        pieces(s, args, |p| n = n.saturating_add(p.len()));
        n
    };
    match entry {
        Entry::Act(who, moves) | Entry::Line { who, moves, .. } => {
            moves.iter().fold(size(who), |n, m| m.clone().names_mut().into_iter().fold(n, |n, s| n.saturating_add(size(s))))
        }
        Entry::Use(name, given) => given.values().fold(size(name), |n, v| n.saturating_add(size(v))),
        Entry::Then => 0,
    }
}

fn push<'a>(phases: &mut Vec<Vec<FlatAct<'a>>>, act: FlatAct<'a>) {
    if let Some(last) = phases.last_mut() {
        last.push(act);
    }
}

/// Replaces each `{param}` with its argument, in one pass (an argument's own text is not
/// searched again); braces that name no parameter stay as they are.
pub fn subst(s: &str, args: &BTreeMap<String, String>) -> String {
    if args.is_empty() || !s.contains('{') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    pieces(s, args, |p| out.push_str(p));
    out
}

/// Walks `s` as substitution reads it, handing `f` each piece of the result in turn: a run of
/// literal text, or the argument that replaces a `{param}`.
fn pieces<'s>(s: &'s str, args: &'s BTreeMap<String, String>, mut f: impl FnMut(&'s str)) {
    let mut rest = s;
    while let Some(open) = rest.find('{') {
        f(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}').and_then(|close| args.get(&after[..close]).map(|v| (close, v))) {
            Some((close, value)) => {
                f(value);
                rest = &after[close + 1..];
            }
            None => {
                f("{");
                rest = after;
            }
        }
    }
    f(rest);
}

/// Outside a template there is nothing to substitute: borrow.
fn subst_cow<'a>(s: &'a str, args: &BTreeMap<String, String>) -> Cow<'a, str> {
    if args.is_empty() { Cow::Borrowed(s) } else { Cow::Owned(subst(s, args)) }
}

fn subst_moves<'a>(moves: &'a [Move], args: &BTreeMap<String, String>) -> Cow<'a, [Move]> {
    if args.is_empty() { Cow::Borrowed(moves) } else { Cow::Owned(moves.iter().map(|m| subst_move(m, args)).collect()) }
}

fn subst_move(m: &Move, args: &BTreeMap<String, String>) -> Move {
    let mut m = m.clone();
    for name in m.names_mut() {
        *name = subst(name, args);
    }
    m
}

/// `{name}` placeholders in a template body that are not among its parameters.
pub fn undeclared_placeholders(t: &Template) -> Vec<String> {
    let mut found = Vec::new();
    let mut scan = |s: &str| {
        let mut rest = s;
        while let Some(open) = rest.find('{') {
            let after = &rest[open + 1..];
            let Some(close) = after.find('}') else { break };
            let name = &after[..close];
            if !t.params.iter().any(|p| p == name) && !found.iter().any(|f: &String| f == name) {
                found.push(name.to_string());
            }
            rest = &after[close + 1..];
        }
    };
    fn strings(e: &Entry, f: &mut dyn FnMut(&str)) {
        match e {
            Entry::Act(who, moves) | Entry::Line { who, moves, .. } => {
                f(who);
                for m in moves {
                    for name in m.clone().names_mut() {
                        f(name);
                    }
                }
            }
            Entry::Use(name, args) => {
                f(name);
                for v in args.values() {
                    f(v);
                }
            }
            Entry::Then => {}
        }
    }
    for e in &t.acts {
        strings(e, &mut scan);
    }
    found
}
