//! `sheli web`: the rite in a browser. The export is checked against the engine here (every rest
//! it records is where the engine has him), and the page itself in headless Chromium, driven
//! through the DevTools protocol by `tests/web/drive.py`: play, scrub, click a person and a duty,
//! the arrow key, a shared address, and at 200 random moments every person where
//! `sheli state --json` has him (within 1 cm), facing the same way, holding the same things.

use std::path::PathBuf;
use std::process::Command;

use sheli::rite::load_named;

fn write_player(scene: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web").join(scene);
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_sheli"))
        .args(["web", &format!("scenes/{scene}.ron"), "--out", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for f in ["index.html", "player.js", "player.css", "rite.js", "words.js"] {
        assert!(dir.join(f).is_file(), "the player lacks {f}");
    }
    dir
}

fn exported(scene: &str) -> (sheli::rite::Rite, serde_json::Value) {
    let path = if scene.ends_with(".ron") { scene.to_string() } else { format!("scenes/{scene}.ron") };
    let rite = load_named(&path).unwrap_or_else(|e| panic!("{path}: {e:?}"));
    let json = sheli::web::export::timeline_json(&rite, serde_json::Value::Null);
    (rite, json)
}

#[test]
fn the_export_is_the_engine_s_tracks_rest_by_rest() {
    for scene in sheli::rite::scene::load::shipped_rites() {
        let (rite, json) = exported(scene);
        assert_eq!(json["version"], sheli::web::export::VERSION);
        assert_eq!(json, exported(scene).1, "{scene}: the export is a pure function of the rite");
        let actors = json["actors"].as_array().unwrap();
        assert_eq!(actors.len(), rite.timeline.actors.len());
        let mut rests = 0;
        for (i, a) in actors.iter().enumerate() {
            let segments = a["segments"].as_array().unwrap();
            let track = &rite.timeline.actors[i];
            assert_eq!(segments.len(), track.segments.len(), "{scene}: {}", a["id"]);
            for (seg, theirs) in segments.iter().zip(&track.segments) {
                let rest = seg[3].as_array().unwrap();
                assert!((seg[0].as_f64().unwrap() as f32 - theirs.t0).abs() < 0.001, "{scene}: {} starts at {}", a["id"], theirs.t0);
                for (got, want) in rest.iter().zip(theirs.end.pos) {
                    let got = got.as_f64().unwrap() as f32;
                    assert!((got - want).abs() < 0.001, "{scene}: {} at {}: {got} against {want}", a["id"], theirs.t1);
                }
                assert_eq!(rest[4].as_u64().unwrap() & 2 != 0, theirs.end.present, "{scene}: {} present at {}", a["id"], theirs.t1);
                rests += 1;
            }
        }
        assert!(rests > 1000, "{scene}: only {rests} rests");
        let beats: usize = json["steps"].as_array().unwrap().iter().map(|s| s["beats"].as_array().unwrap().len()).sum();
        assert_eq!(beats, rite.beats().count());
        assert_eq!(json["film"].as_array().unwrap().len(), beats, "a film span for every beat");
    }
}

#[test]
fn the_player_writes_over_only_a_player() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-refuse");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    let out =
        Command::new(env!("CARGO_BIN_EXE_sheli")).args(["web", "scenes/xiang_she.ron", "--out", dir.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a player sheli wrote"));
    assert_eq!(std::fs::read_to_string(dir.join("notes.txt")).unwrap(), "mine", "nothing of the user's is lost");
}

/// The page in headless Chromium, driven as a person would (see `tests/web/drive.py`).
fn drive(scene: &str) {
    let found = Command::new("sh").args(["-c", "command -v chromium"]).output().is_ok_and(|o| o.status.success());
    assert!(found, "chromium is not installed: the web player's browser test needs it (.ci/run installs Debian's chromium)");
    let dir = write_player(scene);
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-shots").join(scene);
    std::fs::create_dir_all(&shots).unwrap();
    let out = Command::new("python3")
        .args([
            "tests/web/drive.py",
            dir.to_str().unwrap(),
            env!("CARGO_BIN_EXE_sheli"),
            &format!("scenes/{scene}.ron"),
            shots.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let said = format!("{}\n{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the player of {scene} failed in Chromium:\n{said}");
    let summary = String::from_utf8_lossy(&out.stdout).lines().rev().find(|l| l.starts_with('{')).map(str::to_string);
    let summary: serde_json::Value = serde_json::from_str(&summary.unwrap_or_else(|| panic!("no summary:\n{said}"))).unwrap();
    let worst = summary["worst_position_error_m"].as_f64().unwrap_or(f64::MAX);
    assert!(worst <= 0.01, "{scene}: a person stands {worst} m from where the engine has him");
    assert!(summary["times_compared"].as_u64().unwrap_or(0) >= 200, "{scene}: {summary}");
}

#[test]
fn the_player_of_xiang_she_plays_scrubs_and_answers_clicks_in_chromium() {
    drive("xiang_she");
}

#[test]
fn the_player_of_da_she_plays_scrubs_and_answers_clicks_in_chromium() {
    drive("da_she");
}
