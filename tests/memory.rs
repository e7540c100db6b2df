//! Scenes written to exhaust memory end in a located error with `check` under 500 MB, measured
//! by the operating system's account of the child (getrusage of the waited-for children). This
//! file holds one test, so no other child of this process is counted.

use std::path::PathBuf;
use std::process::Command;

/// The peak resident memory check may reach on any input.
const LIMIT_KB: i64 = 500 * 1024;

#[repr(C)]
struct Rusage {
    /// ru_utime and ru_stime (two timevals), then ru_maxrss and thirteen more longs
    times: [i64; 4],
    maxrss: i64,
    rest: [i64; 13],
}

unsafe extern "C" {
    fn getrusage(who: i32, usage: *mut Rusage) -> i32;
}

/// The largest peak resident set, in KB, of any child this process has waited for.
fn children_peak_kb() -> i64 {
    const RUSAGE_CHILDREN: i32 = -1;
    let mut u = Rusage { times: [0; 4], maxrss: 0, rest: [0; 13] };
    // SAFETY: getrusage writes one struct rusage, which Rusage lays out for 64-bit Linux
    let rc = unsafe { getrusage(RUSAGE_CHILDREN, &mut u) };
    assert_eq!(rc, 0, "getrusage failed");
    u.maxrss
}

/// The mini courtyard with `templates` added and its third beat doing `acts` instead.
fn mini_with(templates: &str, acts: &str) -> String {
    let src = std::fs::read_to_string("tests/scenes/mini.ron").unwrap();
    let beat = r#"acts: [Use("bow_pair", {"one": "zhuren", "other": "bin"})]"#;
    assert!(src.contains(beat));
    src.replacen("    templates: [\n", &format!("    templates: [\n{templates}"), 1).replacen(beat, &format!("acts: [{acts}]"), 1)
}

/// `levels` templates, each passing its argument `repeat` times over to the next; the last says it.
fn multiplying(levels: usize, repeat: usize, arg_chars: usize) -> String {
    let twice = "{x}".repeat(repeat);
    let mut t: String = (0..levels)
        .map(|i| format!("        Template(id: \"m{i}\", params: [\"x\"], acts: [Use(\"m{}\", {{\"x\": \"{twice}\"}})]),\n", i + 1))
        .collect();
    t.push_str(&format!("        Template(id: \"m{levels}\", params: [\"x\"], acts: [Act(\"zhuren\", [Say(\"{twice}\")])]),\n"));
    mini_with(&t, &format!("Use(\"m0\", {{\"x\": \"{}\"}})", "射".repeat(arg_chars)))
}

/// A template that writes `placeholder` (its argument, `{x}`, or the argument after a stray
/// brace, `{{x}`) `width` times in one saying, used `fan`³ times over.
fn fanning(placeholder: &str, width: usize, fan: usize, arg_chars: usize) -> String {
    let uses = |inner: &str| vec![format!("Use(\"{inner}\", {{\"x\": \"{{x}}\"}})"); fan].join(", ");
    let t = format!(
        "        Template(id: \"f0\", params: [\"x\"], acts: [Act(\"zhuren\", [Say(\"{}\")])]),\n        Template(id: \"f1\", params: [\"x\"], acts: [{}]),\n        Template(id: \"f2\", params: [\"x\"], acts: [{}]),\n        Template(id: \"f3\", params: [\"x\"], acts: [{}]),\n",
        placeholder.repeat(width),
        uses("f0"),
        uses("f1"),
        uses("f2")
    );
    mini_with(&t, &format!("Use(\"f3\", {{\"x\": \"{}\"}})", "射".repeat(arg_chars)))
}

#[test]
fn blow_up_scenes_fail_located_and_small() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("memory");
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        ("four_times_sixteen", multiplying(16, 4, 1)),
        ("doubling_30k", multiplying(16, 2, 30_000)),
        ("doubling_deep", multiplying(40, 2, 1)),
        ("tenfold_eight", multiplying(8, 10, 100)),
        ("fan_wide", fanning("{x}", 1000, 10, 1300)),
        ("fan_many", fanning("{x}", 100, 40, 1300)),
        ("fan_stray_brace", fanning("{{x}", 1000, 10, 1300)),
    ];
    for (name, src) in cases {
        let file = dir.join(format!("{name}.ron"));
        std::fs::write(&file, src).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_sheli")).arg("check").arg(&file).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        let located = format!("{}:", file.display());
        assert!(err.lines().next().is_some_and(|l| l.starts_with(&located) && l.contains(": error[")), "{name}: {err}");
        let peak = children_peak_kb();
        eprintln!("{name}: peak so far {} MB: {}", peak / 1024, err.lines().next().unwrap_or(""));
        assert!(peak < LIMIT_KB, "{name}: check reached {} MB", peak / 1024);
    }
}
