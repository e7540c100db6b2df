//! Bad input that must cost an author seconds and a clear message, never the machine: part files
//! that are not files, scenes far larger than any rite.

use std::path::PathBuf;
use std::process::Command;

use sheli::rite::scene::load::load;

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hardening").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn mini_with(extra_fields: &str) -> String {
    let src = std::fs::read_to_string("tests/scenes/mini.ron").unwrap();
    src.replacen("    title: \"小试\",", &format!("    title: \"小试\",\n{extra_fields}"), 1)
}

fn diagnostics(file: &str, src: &str) -> String {
    match load(file, src) {
        Ok(_) => panic!("{file} should not load"),
        Err(d) => d.0.iter().map(|d| d.headline()).collect::<Vec<_>>().join("\n"),
    }
}

#[test]
fn a_fifo_as_a_part_is_refused_not_waited_on() {
    let dir = scratch("fifo");
    let fifo = dir.join("part.ron");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo (coreutils) must be installed");
    assert!(made.success());
    let main = dir.join("main.ron");
    let src = mini_with("    parts: [\"part.ron\"],");
    let got = diagnostics(main.to_str().unwrap(), &src);
    assert!(got.contains("cannot read part") && got.contains("not a regular file"), "{got}");
}

#[test]
fn a_device_as_a_part_is_refused_not_read_forever() {
    let dir = scratch("device");
    let main = dir.join("main.ron");
    // named outright, it is an absolute path
    let got = diagnostics(main.to_str().unwrap(), &mini_with("    parts: [\"/dev/zero\"],"));
    assert!(got.contains("part `/dev/zero` is refused: it is an absolute path"), "{got}");
    // the line and column of the `parts` entry
    assert!(got.starts_with(&format!("{}:5:13: error", main.display())), "{got}");
    // through a link in the scene's folder, it leads out of the folder
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.ron")).unwrap();
    let got = diagnostics(main.to_str().unwrap(), &mini_with("    parts: [\"zero.ron\"],"));
    assert!(got.contains("part `zero.ron` is refused: it leads (through a link) out of the scene's folder"), "{got}");
}

#[test]
fn a_missing_part_names_the_entry() {
    let dir = scratch("missing");
    let main = dir.join("main.ron");
    let got = diagnostics(main.to_str().unwrap(), &mini_with("    parts: [\"nowhere.ron\"],"));
    assert!(got.contains("main.ron:5:13: error[part]: cannot read part") && got.contains("nowhere.ron`: No such file"), "{got}");
}

/// The mini courtyard with its ground stretched far south, `n` small blocks in a lattice there,
/// and two people walking across the lattice and back.
#[test]
fn a_courtyard_of_twenty_thousand_objects_is_refused_at_the_first_too_many() {
    let got = diagnostics("crowded.ron", &crowded(20_000));
    assert!(got.contains("the courtyard holds 20006 objects: at most 4000"), "{got}");
    // the object past the bound, in the lattice written first in the list
    assert!(got.starts_with("crowded.ron:4010:13: error") && got.lines().count() == 1, "{got}");
}

fn crowded(n: usize) -> String {
    let src = std::fs::read_to_string("tests/scenes/mini.ron").unwrap();
    let src = src.replacen(
        "ground: Rect(west: Chi(-60), north: Chi(-40), east: Chi(60), south: Chi(100))",
        "ground: Rect(west: Chi(-300), north: Chi(-40), east: Chi(300), south: Chi(420))",
        1,
    );
    let (cols, rows) = (50, n.div_ceil(50));
    let mut blocks = String::new();
    for k in 0..n {
        let (i, j) = (k % cols, k / cols);
        let (x, z) = (-290.0 + i as f32 * 580.0 / cols as f32, 110.0 + j as f32 * 290.0 / rows as f32);
        blocks.push_str(&format!("            Object(id: \"块{k}\", kind: Thing, at: (Chi({x:.2}), Chi({z:.2})), size: (Chi(1), Chi(1), Chi(1)), blocks: true),\n"));
    }
    let src = src.replacen("        objects: [\n", &format!("        objects: [\n{blocks}"), 1);
    let place = "            Place(id: \"远\", area: Rect(west: Chi(-10), north: Chi(405), east: Chi(10), south: Chi(415)), anchor: (Chi(3), Chi(410))),\n";
    let src = src.replacen("        places: [\n", &format!("        places: [\n{place}"), 1);
    let walks = "            Beat(text: \"众行，\", acts: [Act(\"a1\", [Go(to: \"远\", face: N)]), Act(\"a2\", [Go(to: \"远\", off: (Chi(-6), Chi(0)), face: N)])]),\n            Beat(text: \"众还。\", acts: [Act(\"a1\", [Go(to: \"阼阶下\", face: N)]), Act(\"a2\", [Go(to: \"西阶下\", face: N)])]),\n";
    src.replacen("            Beat(text: \"耦进，\"", &format!("{walks}            Beat(text: \"耦进，\""), 1)
}

#[test]
fn two_thousand_obstacles_route_without_a_full_graph() {
    // 2,000 blocks: a full visibility graph would be 8,000 corners squared, each pair tested
    // against every block; each walk searches the blocks near it instead
    let src = crowded(2000);
    let rite = match load("crowded.ron", &src) {
        Ok(r) => r,
        Err(d) => panic!("{d}"),
    };
    let a1 = rite.timeline.actor_index("a1").unwrap();
    let path = rite.timeline.path_of(a1);
    assert!(path.len() > 2, "a1 walks");
}

#[test]
fn thousands_of_parts_load_on_a_few_threads() {
    let dir = scratch("many_parts");
    let n = 20_000;
    let mut list = String::from("    parts: [");
    for k in 0..n {
        let name = format!("p{k}.ron");
        std::fs::write(dir.join(&name), format!("ScenePart(places: [Place(id: \"点{k}\", area: Circle((Chi(0), Chi(40)), Chi(1)))])\n"))
            .unwrap();
        list.push_str(&format!("\"{name}\", "));
    }
    list.push_str("],");
    let main = dir.join("main.ron");
    match load(main.to_str().unwrap(), &mini_with(&list)) {
        Ok(rite) => assert!(rite.timeline.court.region("点19999").is_some()),
        Err(d) => panic!("{d}"),
    }
}
