//! A rule the shipped rites do not yet keep everywhere, held as a ratchet: what the rule finds
//! is listed in a file, a new finding fails the test, and one that is fixed must leave the list
//! (`SHELI_BLESS=1` rewrites the list instead of checking it).

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
