//! The inputs the fuzzer (tools/fuzz.sh) crashed on, kept in tests/fuzz_regressions/ (with a few
//! of their kind written by hand), and its seeds, replayed through the fuzzer's own harness:
//! each loads, or fails with diagnostics that point into its files, and never panics.

use std::path::Path;

#[path = "../fuzz/harness.rs"]
mod harness;

fn replay(dir: &str) -> usize {
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_file()).collect();
    files.sort();
    for f in &files {
        let data = std::fs::read(f).unwrap();
        let outcome = std::panic::catch_unwind(|| harness::exercise(&data));
        assert!(outcome.is_ok(), "{} panicked", f.display());
    }
    files.len()
}

#[test]
fn the_fuzzers_findings_stay_fixed() {
    replay("tests/fuzz_regressions");
}

#[test]
fn the_fuzzers_seeds_load_or_explain() {
    assert!(replay("fuzz/seeds") >= 10, "the seeds are missing");
    // the seed split into a main file and a part loads as the whole file does
    let whole = std::fs::read_to_string("fuzz/seeds/mini.ron").unwrap();
    let split = std::fs::read_to_string("fuzz/seeds/mini_in_parts.ron").unwrap();
    assert!(split.contains(harness::PART_BREAK));
    let a = sheli::rite::load("mini.ron", &whole).unwrap();
    let (main, part) = split.split_once(harness::PART_BREAK).unwrap();
    let b = sheli::rite::scene::load::load_with("mini.ron", main, &|_| Ok(part.to_string())).unwrap().rite;
    assert_eq!(a.text(), b.text());
    assert_eq!(a.timeline.duration, b.timeline.duration);
}

/// libFuzzer refuses the whole dictionary, and the fuzz run with it, for one entry it cannot
/// parse; its parser (FuzzerUtil.cpp, ParseOneDictionaryEntry) takes only `\\`, `\"` and `\xAB`.
fn dictionary_problem(line: &str) -> Option<&'static str> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let Some(start) = line.find('"') else { return Some("no opening quote") };
    let name = &line[..start];
    let a_key = name.strip_suffix('=').is_some_and(|k| k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
    if !name.is_empty() && !a_key {
        return Some("a bad name before the quote");
    }
    let body = &line[start + 1..];
    let Some(body) = body.strip_suffix('"') else { return Some("no closing quote") };
    let mut bytes = body.bytes();
    while let Some(b) = bytes.next() {
        match b {
            b'"' => return Some("an unescaped quote"),
            b'\\' => match bytes.next() {
                Some(b'\\' | b'"') => {}
                Some(b'x') => {
                    let hex = [bytes.next(), bytes.next()];
                    if !hex.iter().all(|h| h.is_some_and(|h| h.is_ascii_hexdigit())) {
                        return Some("a \\x without two hex digits");
                    }
                }
                _ => return Some("an escape libFuzzer does not know"),
            },
            _ => {}
        }
    }
    None
}

#[test]
fn the_fuzz_dictionary_parses_as_libfuzzer_reads_it() {
    assert_eq!(dictionary_problem(r#""\r""#), Some("an escape libFuzzer does not know"));
    assert_eq!(dictionary_problem(r#""\x0d""#), None);
    assert_eq!(dictionary_problem(r#"kw="a\"b""#), None);
    let dict = std::fs::read_to_string(Path::new("fuzz/load.dict")).unwrap();
    let bad: Vec<String> = dict
        .lines()
        .enumerate()
        .filter_map(|(i, l)| dictionary_problem(l).map(|why| format!("fuzz/load.dict:{}: {why}: {l}", i + 1)))
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert!(dict.lines().filter(|l| l.trim().starts_with('"')).count() > 100);
}
