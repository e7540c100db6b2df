//! The rite engine on a small courtyard: loading, diagnostics, routing, templates, `state_at`.

mod mini;

use mini::mini;
use proptest::prelude::*;
use sheli::rite::compile::{Code, Rite};
use sheli::rite::court::Level;
use sheli::rite::load;
use sheli::rite::timeline::Pose;

fn actor(rite: &Rite, id: &str) -> usize {
    rite.timeline.actor_index(id).unwrap()
}

/// Each case of `tests/bad_scenes` is named `CODE.case.ron` after the code it is written to show
/// (`rule.hands.ron`), gives exactly the diagnostics of its `.expected`, and shows that code among
/// them; every code has a case.
#[test]
fn every_broken_scene_gives_its_diagnostics() {
    let mut shown = std::collections::BTreeSet::new();
    let mut checked = 0;
    for entry in std::fs::read_dir("tests/bad_scenes").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        let file = path.to_string_lossy().to_string();
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let named = stem.split('.').next().unwrap_or_default();
        let code = Code::ALL.into_iter().find(|c| c.name() == named).unwrap_or_else(|| panic!("{file}: `{named}` is not a code"));
        let src = std::fs::read_to_string(&path).unwrap();
        let expected_path = path.with_extension("expected");
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_else(|_| panic!("{} needs {}", file, expected_path.display()));
        let diagnostics = match load(&file, &src) {
            Ok(_) => panic!("{file} should not load"),
            Err(d) => d.0,
        };
        assert!(diagnostics.iter().any(|d| d.code == code), "{file} is named after `{named}` but does not show it");
        let got = diagnostics.iter().map(|d| d.headline()).collect::<Vec<_>>().join("\n");
        assert_eq!(got.trim(), expected.trim(), "diagnostics of {file}");
        shown.insert(code);
        checked += 1;
    }
    let missing: Vec<&str> = Code::ALL.into_iter().filter(|c| !shown.contains(c)).map(|c| c.name()).collect();
    assert!(missing.is_empty(), "no broken scene shows {missing:?}");
    assert!(checked >= 10, "only {checked} broken scenes");
}

#[test]
fn garbage_never_panics() {
    let src = std::fs::read_to_string("tests/scenes/mini.ron").unwrap();
    let chars: Vec<char> = src.chars().collect();
    for cut in (0..chars.len()).step_by(97) {
        let s: String = chars[..cut].iter().collect();
        let _ = load("cut.ron", &s);
    }
}

#[test]
fn stairs_are_the_only_way_up_and_are_climbed_step_by_step() {
    let rite = mini();
    let tl = &rite.timeline;
    let z = actor(&rite, "zhuren");
    let beat = &rite.steps[0].beats[0];
    let mut heights = Vec::new();
    let mut t = beat.start;
    while t <= beat.end {
        let s = tl.actor_at(z, t);
        heights.push(s.pos[1]);
        // between floors only over the stair's footprint (x 12..16 尺 → 3..4 m at 0.25 m/尺)
        if s.pos[1] > 0.01 && s.pos[1] < tl.court.hall_height - 0.01 {
            assert!((2.9..=4.1).contains(&s.pos[0]), "off the stair at x={}", s.pos[0]);
        }
        t += 0.05;
    }
    let mut levels: Vec<f32> = heights.iter().map(|h| (h * 1000.0).round() / 1000.0).collect();
    levels.dedup();
    // ground, four treads, hall: the rise happens in steps, not a ramp
    let distinct: std::collections::BTreeSet<i32> = levels.iter().map(|h| (h * 100.0) as i32).collect();
    assert!(distinct.len() >= 5, "heights seen: {distinct:?}");
    let end = tl.actor_at(z, beat.end);
    assert_eq!(tl.level_of(end.pos), Level::Hall);
    assert_eq!(end.facing().name(), "N");
}

#[test]
fn walking_keeps_clear_of_pillars() {
    let rite = mini();
    let tl = &rite.timeline;
    let z = actor(&rite, "zhuren");
    let beat = &rite.steps[1].beats[0];
    let pillar = tl.court.solid("东楹").unwrap().footprint;
    let mut t = beat.start;
    while t <= beat.end {
        let p = tl.actor_at(z, t).pos;
        assert!(!pillar.contains(p[0], p[2]), "walked through the pillar at t={t}: {p:?}");
        t += 0.02;
    }
}

#[test]
fn route_goes_around_a_pillar_in_the_way() {
    let rite = mini();
    let tl = &rite.timeline;
    let router = sheli::rite::court::route::Router::new(&tl.court);
    let h = tl.court.hall_height;
    // from south of the east pillar to north of it: the straight line crosses it
    let from = [2.0, h, -0.4];
    let to = [2.0, h, -2.0];
    let path = router.route(from, Level::Hall, to, Level::Hall, None).unwrap();
    assert!(path.len() > 2, "should bend around the pillar: {path:?}");
    let pillar = tl.court.solid("东楹").unwrap().footprint;
    for w in path.windows(2) {
        assert!(!sheli::rite::court::route::segment_hits((w[0][0], w[0][2]), (w[1][0], w[1][2]), &pillar));
    }
    // into the pillar: refused, naming it
    let err = router.route(from, Level::Hall, [2.0, h, -1.0], Level::Hall, None).unwrap_err();
    assert_eq!(err.to_string(), "the point is inside 东楹");
    // hall to ground without `via` picks the nearer stair; with `via` the named one
    let down = router.route([-3.0, h, -0.6], Level::Hall, [-3.5, 0.0, 2.0], Level::Ground, None).unwrap();
    assert!(down.iter().all(|p| p[0] < 0.0), "should use the west stair");
    let far = router.route([-3.0, h, -0.6], Level::Hall, [-3.5, 0.0, 2.0], Level::Ground, Some("阼阶")).unwrap();
    assert!(far.iter().any(|p| p[0] > 3.0), "via 阼阶 must cross to the east stair");
}

/// A tent pitched on the ground across a walk: the router goes round it, before it; a walk into the
/// tent goes straight in (贾疏「因过次为适次，非入次也」).
#[test]
fn route_goes_round_a_tent_it_does_not_enter() {
    let rite = mini();
    let mut court = rite.timeline.court.clone();
    let (from, to) = ([-3.0, 0.0, 4.0], [-3.0, 0.0, 8.0]);
    let tent = mini::tent(&court, -3.0, 6.0);
    court.solids.push(tent.clone());
    let router = sheli::rite::court::route::Router::new(&court);
    let past = router.route(from, Level::Ground, to, Level::Ground, None).unwrap();
    for w in past.windows(2) {
        assert!(
            !sheli::rite::court::route::segment_hits((w[0][0], w[0][2]), (w[1][0], w[1][2]), &tent.footprint.grow(-0.01)),
            "through the tent: {past:?}"
        );
    }
    let into = router.route(from, Level::Ground, [-3.0, 0.0, 6.0], Level::Ground, None).unwrap();
    assert_eq!(into.len(), 2, "into the tent, straight: {into:?}");
}

#[test]
fn template_expands_into_both_bows_in_order() {
    let rite = mini();
    let beat = &rite.steps[0].beats[2];
    let z = actor(&rite, "zhuren");
    let b = actor(&rite, "bin");
    assert_eq!(beat.actors, vec![z, b]);
    let tl = &rite.timeline;
    // the host bows first, the guest answers after
    let early = beat.start + 1.0;
    assert_eq!(tl.actor_at(z, early).pose, Pose::Bowing);
    assert_eq!(tl.actor_at(b, early).pose, Pose::Standing);
    let late = beat.end - 1.0;
    assert_eq!(tl.actor_at(z, late).pose, Pose::Standing);
    assert_eq!(tl.actor_at(b, late).pose, Pose::Bowing);
    let duty = rite.duties(b).into_iter().find(|(r, _)| r.step == 0 && r.beat == 2).unwrap();
    assert_eq!(sheli::rite::duty::describe(duty.1, &rite, sheli::rite::acts::deed::Lang::Zh), "答再拜");
    assert_eq!(sheli::rite::duty::describe(duty.1, &rite, sheli::rite::acts::deed::Lang::En), "bows twice in return");
}

#[test]
fn props_pass_from_hand_to_hand_and_arrows_fly() {
    let rite = mini();
    let tl = &rite.timeline;
    let (z, b) = (actor(&rite, "zhuren"), actor(&rite, "bin"));
    let given = rite.steps[1].beats[1].end;
    assert_eq!(tl.prop_at(0, given - 2.0).held_by, Some(z));
    assert_eq!(tl.prop_at(0, given).held_by, Some(b));
    let set_down = tl.prop_at(0, rite.steps[1].end);
    assert_eq!(set_down.held_by, None);
    assert!((set_down.pos[1] - tl.court.hall_height).abs() < 1e-4, "the cup lies on the hall floor");
    let shot = &rite.steps[2].beats[1];
    let mid = (shot.start + shot.end) / 2.0 + 0.6;
    assert!(tl.prop_at(1, mid).flying || tl.prop_at(1, mid).pos[2] > 20.0);
    let landed = tl.prop_at(1, shot.end);
    let target = tl.court.solid("侯").unwrap();
    assert!(target.footprint.grow(0.5).contains(landed.pos[0], landed.pos[2]), "a hit lands on the 侯: {:?}", landed.pos);
}

#[test]
fn a_group_in_line_stands_apart() {
    let rite = mini();
    let tl = &rite.timeline;
    let t = rite.steps[2].beats[0].end;
    let (p1, p2) = (tl.actor_at(actor(&rite, "a1"), t).pos, tl.actor_at(actor(&rite, "a2"), t).pos);
    assert!((p2[0] - p1[0] - 0.75).abs() < 1e-3, "3 尺 apart, eastwards: {p1:?} {p2:?}");
    assert_eq!(tl.actor_at(actor(&rite, "a1"), t).facing().name(), "S");
}

#[test]
fn the_late_comer_is_absent_until_he_enters() {
    let rite = mini();
    let tl = &rite.timeline;
    let late = actor(&rite, "late");
    let beat = &rite.steps[2].beats[2];
    assert!(!tl.actor_at(late, beat.start).present);
    assert!(tl.actor_at(late, beat.end).present);
    assert_eq!(tl.court.places_at(tl.actor_at(late, beat.end).pos), vec!["庭".to_string()]);
}

#[test]
fn text_search_ignores_punctuation_and_reports_every_match() {
    let rite = mini();
    let hits = rite.find_text("宾答再拜");
    assert_eq!(hits.len(), 1);
    assert_eq!((hits[0].step, hits[0].beat), (0, 2));
    // spanning two beats: the later one
    let span = rite.find_text("阼阶，宾升");
    assert_eq!((span[0].step, span[0].beat), (0, 1));
    // ambiguous
    assert_eq!(rite.find_text("升自").len(), 2);
}

fn states(rite: &Rite, t: f32) -> Vec<String> {
    let tl = &rite.timeline;
    let mut out: Vec<String> = (0..tl.actors.len()).map(|i| format!("{:?}", tl.actor_at(i, t))).collect();
    out.extend((0..tl.props.len()).map(|i| format!("{:?}", tl.prop_at(i, t))));
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// The same t gives the same world whatever was asked before: forward play, scrubbing back,
    /// jumping about.
    #[test]
    fn state_at_depends_only_on_t(seeks in prop::collection::vec(0.0f32..1.0, 1..40), target in 0.0f32..1.0) {
        let rite = mini();
        let d = rite.timeline.duration;
        let direct = states(&rite, target * d);
        for s in &seeks {
            let _ = states(&rite, s * d);
        }
        prop_assert_eq!(states(&rite, target * d), direct.clone());
        // playing forward in small steps up to t, and scrubbing back from the end
        let mut t = 0.0;
        while t < target * d { let _ = states(&rite, t); t += d / 50.0; }
        prop_assert_eq!(states(&rite, target * d), direct.clone());
        let mut t = d;
        while t > target * d { let _ = states(&rite, t); t -= d / 50.0; }
        prop_assert_eq!(states(&rite, target * d), direct);
    }

    /// The whole world at once is each track asked on its own.
    #[test]
    fn world_is_each_track(t in 0.0f32..1.0) {
        let rite = mini();
        let t = t * rite.timeline.duration;
        let world = rite.timeline.state_at(t);
        let each: Vec<String> = world.actors.iter().map(|a| format!("{a:?}")).chain(world.props.iter().map(|p| format!("{p:?}"))).collect();
        prop_assert_eq!(each, states(&rite, t));
    }

    /// Positions are continuous: nobody jumps between two close instants.
    #[test]
    fn motion_is_continuous(t in 0.0f32..1.0) {
        let rite = mini();
        let tl = &rite.timeline;
        let t = t * tl.duration;
        for i in 0..tl.actors.len() {
            let (a, b) = (tl.actor_at(i, t), tl.actor_at(i, t + 0.01));
            if a.present && b.present {
                let d = sheli::rite::court::route::dist3(a.pos, b.pos);
                prop_assert!(d < 0.05, "actor {} jumped {} m at t={}", i, d, t);
            }
        }
    }
}

const PLACES: [&str; 9] = ["阼阶上", "西阶上", "两楹间", "楹北", "阼阶下", "西阶下", "洗北", "庭", "门"];

/// A scene on the mini courtyard whose walks go to the given places, each `(place, dx, dz)`.
/// mini.ron up to its steps, without its templates: the steps written after it use none, and a
/// template nothing uses is an error.
fn mini_head() -> String {
    let src = std::fs::read_to_string("tests/scenes/mini.ron").unwrap();
    let head = &src[..src.find("    steps: [").unwrap()];
    let start = head.find("    templates: [").unwrap();
    let end = start + head[start..].find("    ],\n").unwrap() + "    ],\n".len();
    format!("{}{}", &head[..start], &head[end..])
}

fn scene_with_walks(walks: &[(usize, &str, i32, i32)]) -> String {
    let mut s = mini_head();
    s.push_str("    steps: [Step(id: \"g\", section: \"生成\", beats: [\n");
    for (k, (who, place, dx, dz)) in walks.iter().enumerate() {
        let who = ["zhuren", "bin", "a1", "a2"][who % 4];
        s.push_str(&format!(
            "Beat(text: \"第{k}句，\", acts: [Act(\"{who}\", [Go(to: \"{place}\", off: (Chi({dx}), Chi({dz}))), 揖])]),\n"
        ));
    }
    s.push_str("])],\n)\n");
    s
}

/// Every spot (a place and an offset of up to 3 尺) where a person can stand: found once, by
/// sending someone there alone, so that generated scenes walk only between such spots and must
/// all load.
fn standable_spots() -> &'static [(&'static str, i32, i32)] {
    static SPOTS: std::sync::OnceLock<Vec<(&'static str, i32, i32)>> = std::sync::OnceLock::new();
    SPOTS.get_or_init(|| {
        let mut spots = Vec::new();
        for place in PLACES {
            for dx in -3..4 {
                for dz in -3..4 {
                    if load("spot.ron", &scene_with_walks(&[(0, place, dx, dz)])).is_ok() {
                        spots.push((place, dx, dz));
                    }
                }
            }
        }
        assert!(spots.len() > 200, "only {} standable spots on the mini courtyard", spots.len());
        spots
    })
}

/// A scene with random walks between standable spots.
fn generated(moves: &[(usize, usize)]) -> String {
    let spots = standable_spots();
    let walks: Vec<(usize, &str, i32, i32)> = moves
        .iter()
        .map(|&(who, spot)| {
            let (place, dx, dz) = spots[spot % spots.len()];
            (who, place, dx, dz)
        })
        .collect();
    scene_with_walks(&walks)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// On generated scenes, every one of which must load: people stay on the ground or the hall
    /// and never inside a pillar, a stair or the hall's base; between the two floors only over a stair.
    #[test]
    fn generated_walks_stay_in_the_courtyard(moves in prop::collection::vec((0usize..4, 0usize..10_000), 1..12), ts in prop::collection::vec(0.0f32..1.0, 30)) {
        let src = generated(&moves);
        let rite = match load("generated.ron", &src) {
            Ok(r) => r,
            // two people sent onto one spot is refused (one spot holds one body): not this property's case
            Err(d) if d.0.iter().all(|x| x.headline().contains("one spot holds one body")) => { prop_assume!(false); unreachable!() }
            Err(d) => { prop_assert!(false, "a scene of walks between standable spots must load:\n{}", d); unreachable!() }
        };
        let tl = &rite.timeline;
        let court = &tl.court;
        let solid: Vec<_> = court.solids.iter().filter(|s| s.blocks && !matches!(s.kind, sheli::rite::scene::model::ObjectKind::Stair { .. })).collect();
        let stairs: Vec<_> = court.solids.iter().filter(|s| matches!(s.kind, sheli::rite::scene::model::ObjectKind::Stair { .. })).collect();
        for t in ts {
            let t = t * tl.duration;
            for i in 0..tl.actors.len() {
                let p = tl.actor_at(i, t).pos;
                prop_assert!(court.ground.grow(0.01).contains(p[0], p[2]), "off the ground: {:?}", p);
                for s in &solid {
                    prop_assert!(!s.footprint.grow(-0.01).contains(p[0], p[2]), "inside {} at {:?}", s.id, p);
                }
                let between = p[1] > 0.01 && p[1] < court.hall_height - 0.01;
                let over_stair = stairs.iter().any(|s| s.footprint.grow(0.6).contains(p[0], p[2]));
                prop_assert!(!between || over_stair, "between floors off the stairs: {:?}", p);
                let on_hall = p[1] > court.hall_height - 0.01;
                prop_assert!(on_hall == court.hall.grow(0.01).contains(p[0], p[2]) || over_stair, "floor and place disagree: {:?}", p);
            }
        }
    }
}

#[test]
fn a_generated_scene_loads() {
    let src = scene_with_walks(&[(0, "洗北", 0, 0), (1, "两楹间", 1, 0), (2, "阼阶下", 0, 1), (3, "庭", 2, 2)]);
    if let Err(d) = load("generated.ron", &src) {
        panic!("{d}");
    }
}

/// 升一等, 降一等, 尽阶: a walk can stop on a stair's tread, at its height, and its place says so.
#[test]
fn one_can_stop_on_a_tread_and_walk_on_from_it() {
    let head = mini_head();
    let scene = format!(
        "{head}    steps: [Step(id: \"t\", section: \"阶\", beats: [
            Beat(text: \"主人升一等，\", acts: [Act(\"zhuren\", [Go(to: \"阼阶下\"), Go(to: \"阼阶第一等\", via: \"阼阶\", face: N)])]),
            Beat(text: \"升，\", acts: [Act(\"zhuren\", [Go(to: \"阼阶上\", face: W)])]),
            Beat(text: \"降一等，\", acts: [Act(\"zhuren\", [Go(to: \"阼阶尽阶\", via: \"阼阶\", face: S)])]),
            Beat(text: \"降，适庭。\", acts: [Act(\"zhuren\", [Go(to: \"庭\")])]),
        ])],\n)\n"
    );
    let rite = match load("treads.ron", &scene) {
        Ok(r) => r,
        Err(d) => panic!("{d}"),
    };
    let tl = &rite.timeline;
    let z = actor(&rite, "zhuren");
    let hall = tl.court.hall_height;
    let at_end = |beat: usize| tl.actor_at(z, rite.steps[0].beats[beat].end);
    let one_up = at_end(0);
    assert!((one_up.pos[1] - hall / 4.0).abs() < 1e-3, "one tread up of four: {:?}", one_up.pos);
    assert!(tl.court.places_at(one_up.pos).contains(&"阼阶第一等".to_string()));
    assert!((at_end(1).pos[1] - hall).abs() < 1e-3, "then on the hall");
    let one_down = at_end(2);
    assert!(one_down.pos[1] > 0.0 && one_down.pos[1] < hall - 0.01, "one tread below the hall: {:?}", one_down.pos);
    let places = tl.court.places_at(one_down.pos);
    assert!(places.contains(&"阼阶尽阶".to_string()) && places.contains(&"阼阶第三等".to_string()), "{places:?}");
    assert_eq!(at_end(3).pos[1], 0.0, "down in the court");
    // and only by the stair it stands on
    let wrong = scene.replace("Go(to: \"阼阶第一等\", via: \"阼阶\"", "Go(to: \"阼阶第一等\", via: \"西阶\"");
    let d = load("treads.ron", &wrong).expect_err("a tread of the east stairs is not reached by the west");
    assert!(d.to_string().contains("that tread is on `阼阶`, not on `西阶`"), "{d}");
}
