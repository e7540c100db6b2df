//! Speed of the engine and of one frame of the app's own systems. `cargo bench` (or, reusing the
//! test build, `cargo bench --profile dev`). Ids: seek/<scene>/<start|middle|end>,
//! load/<scene>, frame/<scene>.

use std::fmt::Write;
use std::hint::black_box;
use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use criterion::{Criterion, criterion_group, criterion_main};
use sheli::app::{Playhead, Stage, logic_plugins};
use sheli::rite::compile::Rite;
use sheli::rite::scene::load::load_scene;

/// A generated scene: `actors` people on a plain courtyard, walking between twenty places for a
/// long timeline (no checked-in file: the shape is what matters).
pub fn synthetic(actors: usize, steps: usize) -> String {
    let mut s = String::from(
        "Scene(id: \"synthetic\", title: \"合成\", units: Units(chi_m: 0.25), layout: Layout(\n\
         hall: Hall(area: Rect(west: Chi(-60), north: Chi(-30), east: Chi(60), south: Chi(0)), height: Chi(4)),\n\
         ground: Rect(west: Chi(-200), north: Chi(-50), east: Chi(200), south: Chi(400)),\n\
         objects: [\n\
           Object(id: \"东阶\", kind: Stair(steps: 4, up: N), at: (Chi(20), Chi(2)), size: (Chi(4), Chi(4), Chi(4))),\n\
           Object(id: \"西阶\", kind: Stair(steps: 4, up: N), at: (Chi(-20), Chi(2)), size: (Chi(4), Chi(4), Chi(4))),\n\
           Object(id: \"东楹\", kind: Pillar, at: (Chi(10), Chi(-4)), size: (Chi(1), Chi(1), Chi(10))),\n\
           Object(id: \"西楹\", kind: Pillar, at: (Chi(-10), Chi(-4)), size: (Chi(1), Chi(1), Chi(10))),\n\
         ],\n places: [\n",
    );
    for p in 0..20 {
        let (x, z) = ((p % 5) * 60 - 120, (p / 5) * 80 + 40);
        let _ = writeln!(
            s,
            "Place(id: \"p{p}\", area: Rect(west: Chi({}), north: Chi({}), east: Chi({}), south: Chi({}))),",
            x - 25,
            z - 30,
            x + 25,
            z + 30
        );
    }
    let _ = writeln!(
        s,
        "Place(id: \"hall\", area: Rect(west: Chi(-60), north: Chi(-30), east: Chi(60), south: Chi(0)), anchor: (Chi(0), Chi(-15))),"
    );
    s.push_str("]),\n actors: [\n");
    for a in 0..actors {
        let _ = writeln!(
            s,
            "Actor(id: \"a{a}\", name: \"人{a}\", start: Start(at: \"p{}\", off: (Chi({}), Chi({})))),",
            a % 20,
            (a / 20 % 10) as i32 * 4 - 18,
            (a / 200) as i32 * 4 - 10
        );
    }
    s.push_str("],\n steps: [\n");
    for st in 0..steps {
        let _ = write!(s, "Step(id: \"s{st}\", section: \"节{}\", translation: \"译{st}\", beats: [", st / 10);
        for b in 0..4 {
            let _ = write!(s, "Beat(text: \"第{st}步第{b}句，\", acts: [");
            // a few dozen people act in each beat, in turn
            for k in 0..25 {
                let a = (st * 97 + b * 25 + k) % actors;
                let (place, dx, dz) = if (st + k) % 7 == 0 {
                    ("hall".to_string(), (a % 8) as i32 * 6 - 21, -((a / 8 % 3) as i32) * 3 - 3)
                } else {
                    (format!("p{}", (st * 3 + b + k) % 20), (a % 10) as i32 * 4 - 18, (a / 10 % 10) as i32 * 4 - 18)
                };
                let _ = write!(s, "Act(\"a{a}\", [Go(to: \"{place}\", off: (Chi({dx}), Chi({dz})), face: S), 揖]),");
            }
            s.push_str("]),");
        }
        s.push_str("]),\n");
    }
    s.push_str("],\n)\n");
    s
}

fn scene_text(name: &str) -> (String, String) {
    let (path, text, _origin) = sheli::rite::read_scene(name).unwrap();
    (path, text)
}

fn rites() -> Vec<(&'static str, Rite)> {
    let synth = synthetic(1000, 200);
    vec![
        ("xiang_she", load_scene("scenes/xiang_she.ron").unwrap().rite),
        ("da_she", load_scene("scenes/da_she.ron").unwrap().rite),
        ("synthetic_1000", sheli::rite::load("synthetic.ron", &synth).unwrap_or_else(|d| panic!("{d}"))),
    ]
}

/// The whole world at one t: every actor and every prop.
fn seek(rite: &Rite, t: f32) -> f32 {
    let world = rite.timeline.state_at(t);
    world.actors.iter().map(|a| a.pos[0]).chain(world.props.iter().map(|p| p.pos[0])).sum()
}

fn bench_seek(c: &mut Criterion) {
    let mut g = c.benchmark_group("seek");
    for (name, rite) in rites() {
        let beats: Vec<f32> = rite.beats().map(|(_, b)| b.start).collect();
        let at = [("start", beats[0]), ("middle", beats[beats.len() / 2]), ("end", beats[beats.len() - 1])];
        for (label, t) in at {
            g.bench_function(format!("{name}/{label}"), |b| b.iter(|| seek(black_box(&rite), black_box(t))));
        }
    }
    g.finish();
}

fn bench_load(c: &mut Criterion) {
    let mut g = c.benchmark_group("load");
    g.sample_size(10);
    for name in ["xiang_she", "da_she"] {
        let path = format!("scenes/{name}.ron");
        let (file, src) = scene_text(&path);
        g.bench_function(name, |b| b.iter(|| sheli::rite::load(black_box(&file), black_box(&src)).unwrap()));
    }
    g.finish();
}

/// One `Update` of the app's own systems (timeline → transforms, selection, reload watch) with
/// every actor and prop of the scene, headless.
fn bench_frame(c: &mut Criterion) {
    let mut g = c.benchmark_group("frame");
    for (name, rite) in rites().into_iter().filter(|(n, _)| *n != "xiang_she") {
        let duration = rite.timeline.duration;
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<ButtonInput<KeyCode>>()
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)))
            .insert_resource(Stage::new(rite, name.to_string(), vec![]))
            .insert_resource(Playhead { t: duration * 0.4, playing: true, speed: 1.0 });
        logic_plugins(&mut app);
        app.update();
        g.bench_function(name, |b| b.iter(|| app.update()));
    }
    g.finish();
}

criterion_group!(benches, bench_seek, bench_load, bench_frame);
criterion_main!(benches);
