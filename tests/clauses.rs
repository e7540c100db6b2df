//! Clause by clause: for every line of tests/clauses/<rite>_<part>.tsv, the state that `sheli
//! state --text FRAGMENT --json` prints must put the named actor at the named place, facing the
//! named way (and in the named pose, holding the named props, where given). See docs/authoring.md.
//! Each rite is loaded once and asked in-process, through the same moment resolution and JSON
//! snapshot as the command; tests/cli.rs covers the binary itself.

use serde_json::Value;
use sheli::cli::MomentArgs;

struct Case {
    file: String,
    line: usize,
    fragment: String,
    nth: Option<String>,
    actor: String,
    place: String,
    facing: String,
    pose: Option<String>,
    holding: Option<Vec<String>>,
}

fn cases(rite: &str) -> Vec<Case> {
    let mut out = Vec::new();
    let Ok(dir) = std::fs::read_dir("tests/clauses") else { return out };
    let mut files: Vec<_> = dir.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    files.sort();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with(&format!("{rite}_")) || !name.ends_with(".tsv") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let cols: Vec<&str> = line.split('\t').collect();
            assert!(cols.len() >= 5, "{name}:{}: needs fragment, nth, actor, place, facing", i + 1);
            let opt = |k: usize| cols.get(k).map(|s| s.trim()).filter(|s| !s.is_empty()).map(str::to_string);
            out.push(Case {
                file: name.clone(),
                line: i + 1,
                fragment: cols[0].to_string(),
                nth: opt(1),
                actor: cols[2].trim().to_string(),
                place: cols[3].trim().to_string(),
                facing: cols[4].trim().to_string(),
                pose: opt(5),
                holding: opt(6).map(|h| if h == "-" { Vec::new() } else { h.split(',').map(|s| s.trim().to_string()).collect() }),
            });
        }
    }
    out
}

fn check(rite: &str, minimum: usize) {
    let cases = cases(rite);
    let loaded = sheli::rite::load_named(&format!("scenes/{rite}.ron")).unwrap_or_else(|e| panic!("{e}"));
    let mut failures = Vec::new();
    for c in &cases {
        let at = format!("{}:{} `{}`", c.file, c.line, c.fragment);
        let nth = match c.nth.as_deref().map(str::parse::<usize>).transpose() {
            Ok(n) => n,
            Err(e) => {
                failures.push(format!("{at}: bad nth: {e}"));
                continue;
            }
        };
        let moment = MomentArgs { text: Some(c.fragment.clone()), nth, ..MomentArgs::default() };
        let (t, beat) = match moment.resolve(&loaded) {
            Ok(x) => x,
            Err(e) => {
                failures.push(format!("{at}: {e}"));
                continue;
            }
        };
        let s: Value = serde_json::to_value(loaded.snapshot(t, beat)).unwrap();
        let Some(a) = s["actors"].as_array().unwrap().iter().find(|a| a["id"] == c.actor.as_str()) else {
            failures.push(format!("{at}: no actor {}", c.actor));
            continue;
        };
        let places: Vec<&str> = a["places"].as_array().unwrap().iter().filter_map(|p| p.as_str()).collect();
        if !places.contains(&c.place.as_str()) {
            failures.push(format!("{at}: {} should be at {}, is at {:?}", c.actor, c.place, places));
        }
        if a["facing"] != c.facing.as_str() {
            failures.push(format!("{at}: {} should face {}, faces {}", c.actor, c.facing, a["facing"]));
        }
        if let Some(p) = &c.pose
            && a["pose"] != p.as_str()
        {
            failures.push(format!("{at}: {} should be {p}, is {}", c.actor, a["pose"]));
        }
        if let Some(h) = &c.holding {
            let got: Vec<String> = a["holding"].as_array().unwrap().iter().map(|x| x.as_str().unwrap().to_string()).collect();
            let mut want = h.clone();
            want.sort();
            let mut got_sorted = got.clone();
            got_sorted.sort();
            if got_sorted != want {
                failures.push(format!("{at}: {} should hold {h:?}, holds {got:?}", c.actor));
            }
        }
    }
    assert!(failures.is_empty(), "{} of {} clauses wrong:\n{}", failures.len(), cases.len(), failures.join("\n"));
    assert!(cases.len() >= minimum, "{rite}: only {} clause cases, want at least {minimum}", cases.len());
}

#[test]
fn xiang_she_clauses() {
    check("xiang_she", 40);
}

#[test]
fn da_she_clauses() {
    check("da_she", 30);
}
