//! Where the commentators differ: every shipped reading compiles under the same validator and
//! rules of the rite as the default, and changes what it says it changes and nothing else — at
//! every clause it does not restage, everyone ends where the default has him, unless he stands
//! in a place the reading moves.

use std::collections::HashSet;

use sheli::rite::Rite;
use sheli::rite::scene::load::load_scene_with;
use sheli::rite::scene::readings::Choice;

fn load(scene: &str, choices: &[Choice]) -> Rite {
    load_scene_with(scene, choices).unwrap_or_else(|e| panic!("{scene} {choices:?}:\n{e}")).rite
}

/// (step id, beat index from 0) of every beat a reading restages.
fn restaged(rite: &Rite, point: &str, alternative: &str) -> HashSet<(String, usize)> {
    let p = rite.readings.iter().find(|p| p.id == point).unwrap();
    let a = p.alternatives.iter().find(|a| a.id == alternative).unwrap();
    a.beats.iter().map(|b| (b.step.clone(), b.beat - 1)).collect()
}

fn moved_places(rite: &Rite, point: &str, alternative: &str) -> HashSet<String> {
    let p = rite.readings.iter().find(|p| p.id == point).unwrap();
    let a = p.alternatives.iter().find(|a| a.id == alternative).unwrap();
    a.places.iter().map(|pl| pl.id.clone()).collect()
}

#[test]
fn the_shipped_rites_declare_six_disputed_points_at_least() {
    let points: usize = sheli::rite::scene::load::shipped_rites().iter().map(|s| load(s, &[]).readings.len()).sum();
    assert!(points >= 6, "only {points} disputed points across both rites");
    for scene in sheli::rite::scene::load::shipped_rites() {
        for p in &load(scene, &[]).readings {
            assert!(p.alternatives.len() >= 2, "{scene}: `{}` has one reading", p.id);
            assert!(p.alternatives.iter().all(|a| !a.authority.is_empty() && !a.passage.is_empty()), "{scene}: `{}`", p.id);
            let changes = p.alternatives.iter().filter(|a| a.changes_anything());
            assert!(changes.count() >= 1, "{scene}: `{}` is never staged otherwise", p.id);
        }
    }
}

#[test]
fn every_reading_compiles_and_changes_only_its_span() {
    for scene in sheli::rite::scene::load::shipped_rites() {
        let default = load(scene, &[]);
        for point in &default.readings {
            for alt in point.alternatives.iter().filter(|a| !a.default) {
                let choice = Choice { point: point.id.clone(), alternative: alt.id.clone() };
                let read = load(scene, std::slice::from_ref(&choice));
                assert_eq!(
                    read.readings_in_force().iter().find(|(p, _)| p.id == point.id).map(|(_, a)| a.id.as_str()),
                    Some(alt.id.as_str())
                );
                let span = restaged(&default, &point.id, &alt.id);
                let places = moved_places(&default, &point.id, &alt.id);
                let mut changed_inside = 0;
                for (si, step) in default.steps.iter().enumerate() {
                    for (bi, beat) in step.beats.iter().enumerate() {
                        let theirs = &read.steps[si].beats[bi];
                        let inside = span.contains(&(step.id.clone(), bi));
                        if inside {
                            // a reading may change a beat only on the way: look through it
                            for f in [0.25, 0.5, 0.75] {
                                let at = |b: &sheli::rite::compile::BeatInfo| b.start + f * (b.end - b.start);
                                let (a, b) = (default.timeline.state_at(at(beat)), read.timeline.state_at(at(theirs)));
                                let apart = |x: [f32; 3], y: [f32; 3]| (0..3).map(|k| (x[k] - y[k]).abs()).fold(0.0, f32::max);
                                changed_inside +=
                                    a.actors.iter().zip(&b.actors).filter(|(x, y)| apart(x.pos, y.pos) > 0.01 || x.gear != y.gear).count();
                            }
                        }
                        let (a, b) = (default.timeline.state_at(beat.end), read.timeline.state_at(theirs.end));
                        for (i, (x, y)) in a.actors.iter().zip(&b.actors).enumerate() {
                            let apart = (0..3).map(|k| (x.pos[k] - y.pos[k]).abs()).fold(0.0, f32::max);
                            let differs = x.present != y.present || apart > 0.01 || x.facing() != y.facing() || x.gear != y.gear;
                            if inside {
                                changed_inside += usize::from(differs);
                                continue;
                            }
                            let at_moved = read
                                .timeline
                                .court
                                .places_at(y.pos)
                                .iter()
                                .chain(&default.timeline.court.places_at(x.pos))
                                .any(|p| places.contains(p));
                            assert!(
                                !differs || at_moved,
                                "{scene} --reading {}={}: {} differs at 「{}」 ({apart:.2} m), which the reading does not restage",
                                point.id,
                                alt.id,
                                default.timeline.actors[i].name,
                                beat.text
                            );
                        }
                    }
                }
                // a reading of 左还 changes no beat's ending, only the way the turns go (tests/turns.rs)
                let beyond_beats = !alt.objects.is_empty() || !alt.places.is_empty() || alt.left_turn.is_some();
                assert!(beyond_beats || changed_inside > 0, "{scene} --reading {}={}: its beats show nothing new", point.id, alt.id);
            }
        }
    }
}

#[test]
fn an_unknown_reading_names_those_there_are() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sheli"))
        .args(["state", "scenes/xiang_she.ron", "--time", "10", "--reading", "nosuch=x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("scenes/xiang_she.ron:") && err.contains("no disputed point `nosuch`"), "{err}");
    let first = load("scenes/xiang_she.ron", &[]).readings.first().map(|p| p.id.clone()).unwrap_or_default();
    assert!(err.contains(&first), "the message lists the points: {err}");
}

#[test]
fn state_says_which_readings_are_in_force() {
    let rite = load("scenes/xiang_she.ron", &[]);
    let Some(point) = rite.readings.first() else { panic!("乡射礼 declares no disputed point") };
    let other = point.alternatives.iter().find(|a| !a.default).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sheli"))
        .args(["state", "scenes/xiang_she.ron", "--time", "10", "--json", "--reading", &format!("{}={}", point.id, other.id)])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let row = json["readings"].as_array().unwrap().iter().find(|r| r["point"] == point.id.as_str()).cloned().unwrap();
    assert_eq!(row["reading"], other.id.as_str());
    assert_eq!(row["default"], false);
}
