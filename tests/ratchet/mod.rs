//! A rule the shipped rites do not yet keep everywhere, held as a ratchet: what the rule finds
//! is listed in a file, a new finding fails the test, and one that is fixed must leave the list
//! (`SHELI_BLESS=1` rewrites the list instead of checking it).
// each test crate that includes this module uses some of it
#![allow(dead_code)]

use sheli::rite::compile::Rite;

/// One row per finding, `clause\twho\twhat`, the clause being the one at the finding's moment `t`;
/// sorted, each row once (a walk found at several moments of one clause is one row).
pub fn by_clause<'a>(rite: &Rite, found: impl IntoIterator<Item = (f32, &'a str, &'a str)>) -> Vec<String> {
    let mut rows: Vec<String> =
        found.into_iter().map(|(t, who, what)| format!("{}\t{who}\t{what}", rite.beat(rite.beat_at(t)).text)).collect();
    rows.sort();
    rows.dedup();
    rows
}

/// With the environment variable `var` set, prints when and where each finding is, to restage it:
/// the moment `t`, the walker and where he stands, `what` more is to be said, and the clause.
pub fn tell_times<I: IntoIterator<Item = (f32, usize, String)>>(var: &str, name: &str, rite: &Rite, found: impl FnOnce() -> I) {
    if std::env::var_os(var).is_none() {
        return;
    }
    for (t, walker, what) in found() {
        let (who, me) = (&rite.timeline.actors[walker], rite.timeline.actors[walker].at(t).pos);
        eprintln!("{name} t={t:.1} {} at ({:.2}, {:.2}){what}: {}", who.name, me[0], me[2], rite.beat(rite.beat_at(t)).text);
    }
}

/// Holds `found` (one row per finding, `clause\tactor\t…`) to the list in `file`; `what` says in
/// the failure what the rule finds, `head` is the list's first line.
pub fn hold_to_list(file: &str, found: &[String], head: &str, what: &str) {
    if std::env::var_os("SHELI_BLESS").is_some() {
        std::fs::write(file, format!("# {head}\n{}\n", found.join("\n"))).unwrap();
        return;
    }
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let known: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).collect();
    let new: Vec<&String> = found.iter().filter(|r| !known.contains(&r.as_str())).collect();
    let gone: Vec<&&str> = known.iter().filter(|r| !found.iter().any(|f| f == *r)).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "{what}\nnew (restage them):\n{}\nno longer found (remove them from {file}):\n{}",
        new.iter().map(|r| format!("  {r}")).collect::<Vec<_>>().join("\n"),
        gone.iter().map(|r| format!("  {r}")).collect::<Vec<_>>().join("\n"),
    );
}
