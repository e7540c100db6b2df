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
    let b = sheli::rite::load::load_with("mini.ron", main, &|_| Ok(part.to_string())).unwrap().rite;
    assert_eq!(a.text(), b.text());
    assert_eq!(a.timeline.duration, b.timeline.duration);
    assert!(Path::new("fuzz/load.dict").is_file());
}
