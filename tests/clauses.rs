//! Clause by clause: for every line of tests/clauses/<rite>_<part>.tsv, the state that `sheli
//! state --text FRAGMENT --json` prints must put the named actor at the named place, facing the
//! named way (and in the named pose, holding the named props, wearing the named gear, where given).
//! A held prop may say how it is held and whether a bow is strung: `gong_bin@left_hand:unstrung`.
//! The gear column lists what is on of `bared`, `thumb_ring`, `arm_guard` (`-` for nothing); the
//! leading column the actor he leads by the hand (相), `-` for nobody. See
//! docs/authoring.md.
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
    holding: Option<Vec<Held>>,
    gear: Option<Vec<String>>,
    leading: Option<String>,
}

/// One entry of the holding column: `prop`, `prop@how`, `prop@how:strung`, `prop:unstrung`.
#[derive(Debug)]
struct Held {
    prop: String,
    how: Option<String>,
    strung: Option<bool>,
}

fn held(entry: &str) -> Held {
    let (rest, strung) = match entry.split_once(':') {
        Some((r, "strung")) => (r, Some(true)),
        Some((r, "unstrung")) => (r, Some(false)),
        Some((_, other)) => panic!("`{entry}`: after `:` write strung or unstrung, not `{other}`"),
        None => (entry, None),
    };
    let (prop, how) = match rest.split_once('@') {
        Some((p, h)) => {
            assert!(sheli::rite::acts::gear::Hand::from_name(h).is_some(), "`{entry}`: unknown way of holding `{h}`");
            (p, Some(h.to_string()))
        }
        None => (rest, None),
    };
    Held { prop: prop.to_string(), how, strung }
}

const GEAR: [&str; 3] = ["bared", "thumb_ring", "arm_guard"];

fn list(col: String) -> Vec<String> {
    if col == "-" { Vec::new() } else { col.split(',').map(|s| s.trim().to_string()).collect() }
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
                holding: opt(6).map(|h| list(h).iter().map(|e| held(e)).collect()),
                gear: opt(7).map(list).inspect(|g| {
                    for w in g {
                        assert!(GEAR.contains(&w.as_str()), "{name}:{}: unknown gear `{w}` (one of {GEAR:?})", i + 1);
                    }
                }),
                leading: opt(8),
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
            let holding = a["holding"].as_array().unwrap();
            let mut got: Vec<&str> = holding.iter().map(|x| x["prop"].as_str().unwrap()).collect();
            let mut want: Vec<&str> = h.iter().map(|x| x.prop.as_str()).collect();
            got.sort();
            want.sort();
            if got != want {
                failures.push(format!("{at}: {} should hold {want:?}, holds {got:?}", c.actor));
            }
            for w in h {
                let entry = holding.iter().find(|x| x["prop"] == w.prop.as_str());
                if let (Some(how), Some(e)) = (&w.how, entry)
                    && e["how"] != how.as_str()
                {
                    failures.push(format!("{at}: {} should hold {} {how}, holds it {}", c.actor, w.prop, e["how"]));
                }
                if let Some(want) = w.strung {
                    let prop = s["props"].as_array().unwrap().iter().find(|p| p["id"] == w.prop.as_str());
                    let strung = prop.and_then(|p| p["strung"].as_bool());
                    if strung != Some(want) {
                        failures.push(format!("{at}: {} should be {}, is {strung:?}", w.prop, if want { "strung" } else { "unstrung" }));
                    }
                }
            }
        }
        if let Some(g) = &c.gear {
            let on: Vec<&str> = GEAR.into_iter().filter(|k| a[*k] == true).collect();
            let mut want: Vec<&str> = g.iter().map(String::as_str).collect();
            want.sort_by_key(|w| GEAR.iter().position(|k| k == w));
            if on != want {
                failures.push(format!("{at}: {} should wear {want:?}, wears {on:?}", c.actor));
            }
        }
        if let Some(want) = &c.leading {
            let got = a["leading"].as_str().unwrap_or("-");
            if got != want {
                failures.push(format!("{at}: {} should lead {want}, leads {got}", c.actor));
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
