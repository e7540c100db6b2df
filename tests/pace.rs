//! The viewing clock: film pace is monotone and continuous, gives every clause its reading
//! time, and plays each rite in an evening; real pace is rite time itself.

use sheli::rite::Rite;
use sheli::rite::timeline::pace::{Pace, PaceMap, reading_time};

fn rite(name: &str) -> Rite {
    sheli::rite::load_named(name).unwrap_or_else(|e| panic!("{e}"))
}

fn check_film(rite: &Rite, minutes: f32) {
    let map = PaceMap::new(rite, Pace::Film);
    let total = map.duration();
    println!("{}: {:.1} min in film pace, {:.1} h in rite time", rite.id, total / 60.0, rite.timeline.duration / 3600.0);
    assert!(total <= minutes * 60.0, "{} plays {:.1} min in film pace, over {minutes}", rite.id, total / 60.0);
    for (_, b) in rite.beats() {
        let shown = map.to_view(b.end) - map.to_view(b.start);
        assert!(shown >= reading_time(&b.text) - 1e-3, "{}: `{}` shows {shown:.2} s, too short to read", rite.id, b.text);
    }
    // monotone and continuous, both ways
    let n = 20_000;
    let mut last = -1.0f32;
    for k in 0..=n {
        let t = rite.timeline.duration * k as f32 / n as f32;
        let v = map.to_view(t);
        assert!(v >= last - 1e-3, "{}: viewing time goes back at t = {t}", rite.id);
        let step = rite.timeline.duration / n as f32 * (1.0 / map.speedup(t).max(1e-3)).max(1.0);
        assert!(last < 0.0 || v - last <= step + 0.05, "{}: viewing time jumps at t = {t}: {last} → {v}", rite.id);
        assert!((map.to_rite(v) - t).abs() < 0.05 || map.speedup(t) > 50.0, "{}: to_rite(to_view({t})) = {}", rite.id, map.to_rite(v));
        last = v;
    }
}

#[test]
fn each_rite_plays_in_an_evening_in_film_pace() {
    check_film(&rite("scenes/xiang_she.ron"), 45.0);
    check_film(&rite("scenes/da_she.ron"), 60.0);
}

#[test]
fn real_pace_is_rite_time() {
    let r = rite("scenes/xiang_she.ron");
    let map = PaceMap::new(&r, Pace::Real);
    for t in [0.0, 1.0, 123.4, 5000.0, r.timeline.duration] {
        assert!((map.to_view(t) - t).abs() < 1e-2 && (map.to_rite(t) - t).abs() < 1e-2);
    }
    assert!((map.duration() - r.timeline.duration).abs() < 0.1);
}

#[test]
fn the_commands_speak_both_clocks() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sheli")).args(args).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let real = run(&["steps", "xiang_she", "--json"]);
    let film = run(&["steps", "xiang_she", "--json", "--pace", "film"]);
    let last = |v: &serde_json::Value, k: &str| v.as_array().unwrap().last().unwrap()[k].as_f64().unwrap();
    assert_eq!(last(&real, "end"), last(&real, "rite_end"), "real pace prints rite time");
    assert_eq!(last(&film, "rite_end"), last(&real, "rite_end"));
    assert!(last(&film, "end") < 45.0 * 60.0 && last(&film, "end") < last(&film, "rite_end") / 5.0);
    // --time in film pace is viewing time: the state at the end of a step's film time is that step
    let step = &film.as_array().unwrap()[40];
    let t = step["end"].as_f64().unwrap() - 0.01;
    let s = run(&["state", "xiang_she", "--time", &t.to_string(), "--pace", "film", "--json"]);
    assert_eq!(s["step"]["id"], step["id"]);
}
