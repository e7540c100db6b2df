//! The Bevy layer without a GPU: `MinimalPlugins`, driven by `app.update()`. The ECS world must
//! show exactly `state_at(t)` however the playhead got to t.

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use sheli::app::figures::{ActorFigure, PropFigure, yaw};
use sheli::app::stage::Now;
use sheli::app::{Playhead, Stage, logic_plugins};
use sheli::rite::load_named;

fn app(scene: &str) -> App {
    let rite = load_named(scene).unwrap();
    let mut app = App::new();
    // input by hand: `press` sets and clears keys around one update
    app.add_plugins(MinimalPlugins)
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(100)))
        .insert_resource(Stage::new(rite, scene.to_string(), vec![scene.to_string()]));
    logic_plugins(&mut app);
    app.update();
    app
}

fn head(app: &mut App) -> Mut<'_, Playhead> {
    app.world_mut().resource_mut::<Playhead>()
}

/// Every figure stands where the timeline says: x and z exactly, facing exactly, visible iff present.
fn assert_world_matches(app: &mut App) {
    let t = app.world().resource::<Playhead>().t;
    let mut checked = 0;
    let world = app.world_mut();
    let mut q = world.query::<(&ActorFigure, &Transform, &Visibility)>();
    let mut qp = world.query::<(&PropFigure, &Transform, &Visibility)>();
    let world = app.world();
    let stage = world.resource::<Stage>();
    let tl = &stage.rite.timeline;
    for (f, tf, vis) in q.iter(world) {
        let s = tl.actor_at(f.0, t);
        assert_eq!(*vis == Visibility::Hidden, !s.present, "{} visibility at {t}", tl.actors[f.0].id);
        assert!(
            (tf.translation.x - s.pos[0]).abs() < 1e-4 && (tf.translation.z - s.pos[2]).abs() < 1e-4,
            "{} at {t}: {:?} vs {:?}",
            tl.actors[f.0].id,
            tf.translation,
            s.pos
        );
        assert!(tf.translation.y <= s.pos[1] + 0.05 && tf.translation.y >= s.pos[1] - 0.5);
        assert!(tf.rotation.angle_between(yaw(s.bearing)) < 1e-3, "{} facing at {t}", tl.actors[f.0].id);
        checked += 1;
    }
    assert_eq!(checked, tl.actors.len());
    for (f, tf, vis) in qp.iter(world) {
        let s = tl.prop_at(f.0, t);
        assert_eq!(*vis == Visibility::Hidden, !s.present);
        // a held thing is drawn in its holder's hand, belt or on his shoulder, a lying one beside
        // its fellows (arrows by fours, tallies by pairs), a stuck arrow with its head at the spot
        if s.present {
            let off = tf.translation.distance(Vec3::from_array(s.pos));
            let slack = if s.held_by.is_some() {
                1.3
            } else if s.flying {
                1e-4
            } else {
                1.0
            };
            assert!(off < slack, "prop {} at {t}: {off} m from where the timeline puts it", tl.props[f.0].id);
        }
    }
}

#[test]
fn seeking_playing_and_scrubbing_back_all_show_state_at_t() {
    let mut app = app("tests/scenes/mini.ron");
    let duration = app.world().resource::<Stage>().rite.timeline.duration;
    for t in [0.0, duration * 0.37, duration * 0.9, 12.5, duration] {
        head(&mut app).t = t;
        app.update();
        assert_world_matches(&mut app);
    }
    // play at 8× for a while
    *head(&mut app) = Playhead { t: 1.0, playing: true, speed: 2.0 };
    for _ in 0..30 {
        app.update();
        assert_world_matches(&mut app);
    }
    let t = app.world().resource::<Playhead>().t;
    assert!((t - (1.0 + 2.0 * 0.1 * 30.0)).abs() < 0.05, "the playhead moved at 2×: {t}");
    // scrub back
    *head(&mut app) = Playhead { t: 3.0, playing: false, speed: 1.0 };
    app.update();
    assert_world_matches(&mut app);
}

fn press(app: &mut App, keys: &[KeyCode]) {
    {
        let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        for k in keys {
            input.press(*k);
        }
    }
    app.update();
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    for k in keys {
        input.release(*k);
    }
    input.clear();
}

#[test]
fn the_keyboard_steps_by_beat_and_step_and_plays() {
    let mut app = app("tests/scenes/mini.ron");
    let (beat1, step2, duration) = {
        let rite = &app.world().resource::<Stage>().rite;
        (rite.steps[0].beats[1].start, rite.steps[1].start, rite.timeline.duration)
    };
    press(&mut app, &[KeyCode::ArrowRight]);
    assert_eq!(app.world().resource::<Playhead>().t, beat1);
    app.update();
    assert_eq!(app.world().resource::<Now>().beat.beat, 1);
    press(&mut app, &[KeyCode::ShiftLeft, KeyCode::ArrowRight]);
    assert_eq!(app.world().resource::<Playhead>().t, step2);
    press(&mut app, &[KeyCode::ArrowLeft]);
    assert!(app.world().resource::<Playhead>().t < step2);
    press(&mut app, &[KeyCode::End]);
    assert_eq!(app.world().resource::<Playhead>().t, duration);
    press(&mut app, &[KeyCode::Home]);
    assert_eq!(app.world().resource::<Playhead>().t, 0.0);
    press(&mut app, &[KeyCode::Space]);
    assert!(app.world().resource::<Playhead>().playing);
    press(&mut app, &[KeyCode::Equal]);
    assert_eq!(app.world().resource::<Playhead>().speed, 2.0);
    press(&mut app, &[KeyCode::Minus]);
    press(&mut app, &[KeyCode::Minus]);
    assert_eq!(app.world().resource::<Playhead>().speed, 0.5);
    press(&mut app, &[KeyCode::Space]);
    assert!(!app.world().resource::<Playhead>().playing);
}

mod reload {
    use super::*;
    use sheli::app::{ReloadStatus, Watch};
    use std::time::SystemTime;

    struct Scratch {
        path: std::path::PathBuf,
        clock: SystemTime,
    }

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("reload");
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join(format!("{name}.ron"));
            std::fs::copy("tests/scenes/mini.ron", &path).unwrap();
            Scratch { path, clock: SystemTime::now() }
        }

        /// Writes the file with a modification time later than any before.
        fn write(&mut self, text: &str) {
            std::fs::write(&self.path, text).unwrap();
            self.clock += Duration::from_secs(1);
            std::fs::File::options().write(true).open(&self.path).unwrap().set_modified(self.clock).unwrap();
        }
    }

    fn watched_app(s: &Scratch) -> App {
        let name = s.path.to_str().unwrap().to_string();
        let loaded = sheli::rite::scene::load::load_scene(&name).unwrap();
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<ButtonInput<KeyCode>>()
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(100)))
            .insert_resource(Watch::new(&name, &loaded.files, 0.0).unwrap())
            .insert_resource(Stage::new(loaded.rite, name, loaded.files));
        logic_plugins(&mut app);
        app.update();
        app
    }

    /// Updates until the load that an edit started has finished (loads run off the main thread).
    fn await_reload(app: &mut App) {
        let count = |app: &App| {
            let s = app.world().resource::<ReloadStatus>();
            s.loaded + s.refused
        };
        let before = count(app);
        for _ in 0..20_000 {
            app.update();
            if count(app) > before {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        panic!("the edit was never loaded");
    }

    fn host_name(app: &App) -> String {
        app.world().resource::<Stage>().rite.timeline.actors[0].name.clone()
    }

    #[test]
    fn an_edit_reloads_in_place_on_the_same_step_and_a_broken_one_keeps_the_last_good_scene() {
        let mut s = Scratch::new("edit");
        let original = std::fs::read_to_string(&s.path).unwrap();
        let mut app = watched_app(&s);
        // stand in the middle of step s2
        let (s2_start, s2_index) = {
            let rite = &app.world().resource::<Stage>().rite;
            (rite.steps[1].start, 1)
        };
        head(&mut app).t = s2_start + 1.5;
        app.update();
        assert_eq!(app.world().resource::<Now>().beat.step, s2_index);

        // a good edit: the host renamed and step s1 made ten seconds longer
        let edited = original.replace(r#"name: "主人""#, r#"name: "主人甲""#).replace(
            r#"Beat(text: "主人升自阼阶，", acts: [Act("zhuren", [Go(to: "阼阶上", via: "阼阶", face: N)])])"#,
            r#"Beat(text: "主人升自阼阶，", acts: [Act("zhuren", [Go(to: "阼阶上", via: "阼阶", face: N), Wait(10)])])"#,
        );
        assert_ne!(edited, original);
        s.write(&edited);
        await_reload(&mut app);
        assert_eq!(host_name(&app), "主人甲");
        let status = app.world().resource::<ReloadStatus>().clone();
        assert_eq!((status.loaded, status.refused, status.error.is_none()), (1, 0, true));
        let new_start = app.world().resource::<Stage>().rite.steps[1].start;
        assert!(new_start > s2_start + 5.0, "step s1 grew");
        assert!((app.world().resource::<Playhead>().t - (new_start + 1.5)).abs() < 1e-3, "the playhead stays 1.5 s into step s2");
        assert_eq!(app.world().resource::<Now>().beat.step, s2_index);
        assert_world_matches(&mut app);

        // a broken edit: reported with its place, the last good scene kept
        s.write(&edited.replace(r#"Go(to: "两楹间""#, r#"Go(to: "两楹之间""#));
        await_reload(&mut app);
        let status = app.world().resource::<ReloadStatus>().clone();
        let err = status.error.expect("a diagnostic").to_string();
        assert!(err.contains(".ron:") && err.contains(": error[unknown-name]: unknown place `两楹之间`"), "{err}");
        assert_eq!(host_name(&app), "主人甲");
        assert_world_matches(&mut app);
    }

    #[test]
    fn two_hundred_writes_alternating_good_and_broken() {
        let mut s = Scratch::new("abuse");
        let original = std::fs::read_to_string(&s.path).unwrap();
        let mut app = watched_app(&s);
        for i in 0..200 {
            if i % 2 == 0 {
                let name = format!("主人{i}");
                s.write(&original.replace(r#"name: "主人""#, &format!(r#"name: "{name}""#)));
                await_reload(&mut app);
                assert_eq!(host_name(&app), name);
                assert!(app.world().resource::<ReloadStatus>().error.is_none());
            } else {
                // cut off at a different place each time: never a panic, always a diagnostic
                let cut: String = original.chars().take(200 + i * 13).collect();
                s.write(&cut);
                await_reload(&mut app);
                assert!(app.world().resource::<ReloadStatus>().error.is_some(), "write {i} should be refused");
                assert_eq!(host_name(&app), format!("主人{}", i - 1), "the last good scene stays");
            }
            let t = (i as f32 * 0.37) % 40.0;
            head(&mut app).t = t;
            app.update();
            assert_world_matches(&mut app);
        }
        let status = app.world().resource::<ReloadStatus>();
        assert_eq!((status.loaded, status.refused), (100, 100));
    }

    #[test]
    fn a_file_gone_for_a_moment_never_brings_in_the_shipped_scene() {
        let mut s = Scratch::new("vanish");
        let original = std::fs::read_to_string(&s.path).unwrap();
        let mut app = watched_app(&s);
        s.write(&original.replace(r#"name: "主人""#, r#"name: "主人乙""#));
        await_reload(&mut app);
        assert_eq!(host_name(&app), "主人乙");
        // an editor saving by rename: the file is gone, then back with new text
        std::fs::remove_file(&s.path).unwrap();
        for _ in 0..20 {
            app.update();
        }
        let status = app.world().resource::<ReloadStatus>().clone();
        assert_eq!((status.loaded, status.refused), (1, 0), "nothing is loaded while the file is gone");
        assert_eq!(host_name(&app), "主人乙", "the user's scene stays on screen");
        s.write(&original.replace(r#"name: "主人""#, r#"name: "主人丙""#));
        await_reload(&mut app);
        assert_eq!(host_name(&app), "主人丙");
    }
}

mod selecting {
    use super::*;
    use bevy::camera::NormalizedRenderTarget;
    use bevy::picking::backend::HitData;
    use bevy::picking::events::{Click, Pointer};
    use bevy::picking::pointer::{Location, PointerButton, PointerId};
    use sheli::app::picking::Backdrop;
    use sheli::app::stage::Selection;

    fn click(app: &mut App, target: Entity) {
        let location = Location { target: NormalizedRenderTarget::None { width: 1, height: 1 }, position: Vec2::ZERO };
        let hit = HitData::new(Entity::PLACEHOLDER, 1.0, None, None);
        let event = Click { button: PointerButton::Primary, hit, duration: Duration::from_millis(80), count: 1 };
        app.world_mut().trigger(Pointer::new(PointerId::Mouse, location, event, target));
        app.update();
    }

    fn figure_of(app: &mut App, index: usize) -> Entity {
        let world = app.world_mut();
        let mut q = world.query::<(Entity, &ActorFigure)>();
        q.iter(world).find(|(_, f)| f.0 == index).unwrap().0
    }

    #[test]
    fn a_click_on_a_figure_selects_and_on_the_ground_clears() {
        let mut app = app("tests/scenes/mini.ron");
        app.update();
        let (host, guest) = (figure_of(&mut app, 0), figure_of(&mut app, 1));
        click(&mut app, host);
        assert_eq!(app.world().resource::<Selection>().0, Some(0));
        // (in the window, clicks land on a figure's meshes and bubble up to it: tests/window.rs)
        click(&mut app, guest);
        assert_eq!(app.world().resource::<Selection>().0, Some(1));
        let ground = app.world_mut().spawn(Backdrop).id();
        app.update();
        click(&mut app, ground);
        assert_eq!(app.world().resource::<Selection>().0, None);
    }
}

/// Both rites, from the first clause to the last, seen at every step's start, middle and end.
#[test]
fn both_rites_play_from_start_to_end() {
    for scene in sheli::rite::scene::load::shipped_rites() {
        let mut app = app(scene);
        let times: Vec<f32> =
            app.world().resource::<Stage>().rite.steps.iter().flat_map(|s| [s.start, (s.start + s.end) / 2.0, s.end]).collect();
        for t in times {
            head(&mut app).t = t;
            app.update();
            // every seek, not only the last, puts the world where `state_at` says
            assert_world_matches(&mut app);
        }
        let end = app.world().resource::<Stage>().rite.timeline.duration;
        *head(&mut app) = Playhead { t: end - 2.0, playing: true, speed: 8.0 };
        for _ in 0..5 {
            app.update();
        }
        let h = *app.world().resource::<Playhead>();
        assert_eq!(h.t, end, "{scene} plays to its end");
        assert!(!h.playing, "and stops there");
    }
}

/// Choosing another reading in the panel loads the rite again read that way and keeps the
/// playhead on the same clause, as far into it as before.
#[test]
fn switching_a_reading_keeps_the_clause() {
    use sheli::app::ui::readings::ReadingSwitch;
    use sheli::rite::scene::readings::Choice;
    let mut app = app("scenes/da_she.ron");
    let (point, other, step) = {
        let rite = &app.world().resource::<Stage>().rite;
        let p = rite.readings.iter().find(|p| p.alternatives.iter().any(|a| !a.beats.is_empty())).expect("a reading that restages beats");
        let a = p.alternatives.iter().find(|a| !a.beats.is_empty()).unwrap();
        (p.id.clone(), a.id.clone(), (a.beats[0].step.clone(), a.beats[0].beat - 1))
    };
    let (number, t) = {
        let rite = &app.world().resource::<Stage>().rite;
        let si = rite.step_index(&step.0).unwrap();
        let r = sheli::rite::timeline::query::BeatRef { step: si, beat: step.1 };
        let b = rite.beat(r);
        (rite.beat_number(r), b.start + 0.5 * (b.end - b.start))
    };
    head(&mut app).t = t;
    app.update();
    app.world_mut().resource_mut::<ReadingSwitch>().wanted = Some(vec![Choice { point: point.clone(), alternative: other.clone() }]);
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    while app.world().resource::<Stage>().rite.chosen.is_empty() {
        assert!(std::time::Instant::now() < deadline, "the reading never loaded");
        app.update();
        std::thread::yield_now();
    }
    app.update();
    let stage = app.world().resource::<Stage>();
    assert_eq!(stage.rite.chosen, vec![Choice { point, alternative: other }]);
    let now = app.world().resource::<Now>().beat;
    assert_eq!(stage.rite.beat_number(now), number, "the playhead stays on the clause");
    assert_world_matches(&mut app);
}
