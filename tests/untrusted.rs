//! A scene from a stranger is as safe to open as a web page: it cannot make sheli show files
//! outside its folder, overwrite the files it was read from, or crash on a closed stream.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const SECRET: &str = "xyzzy-the-secret-in-the-environment";
const OUTSIDE: &str = "OUTSIDE_LINE_NOBODY_MAY_SEE";

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("untrusted").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("scene")).unwrap();
    dir
}

fn sheli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sheli")).args(args).env("SHELI_PROBE", SECRET).output().unwrap()
}

fn all_output(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

fn mini_with(extra_fields: &str) -> String {
    let src = std::fs::read_to_string("tests/scenes/mini.ron").unwrap();
    src.replacen("    title: \"小试\",", &format!("    title: \"小试\",\n{extra_fields}"), 1)
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn parts_outside_the_folder_are_refused_and_never_shown() {
    let dir = scratch("outside");
    std::fs::write(dir.join("outside.ron"), format!("{OUTSIDE}\n")).unwrap();
    std::os::unix::fs::symlink(dir.join("outside.ron"), dir.join("scene").join("link.ron")).unwrap();
    let main = dir.join("scene").join("main.ron");
    let parts = r#"    parts: ["/etc/passwd", "/proc/self/environ", "../outside.ron", "link.ron"],"#;
    std::fs::write(&main, mini_with(parts)).unwrap();
    let book = dir.join("book");
    let svg = dir.join("plan.svg");
    for args in [
        vec!["check", path(&main)],
        vec!["state", path(&main), "--json"],
        vec!["book", path(&main), "--out", path(&book)],
        vec!["plan", path(&main), "--out", path(&svg)],
    ] {
        let out = sheli(&args);
        let text = all_output(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {text}");
        for refused in
            ["`/etc/passwd` is refused", "`/proc/self/environ` is refused", "`../outside.ron` is refused", "`link.ron` is refused"]
        {
            assert!(text.contains(refused), "{args:?} should say {refused}: {text}");
        }
        for leak in ["root:", SECRET, OUTSIDE] {
            assert!(!text.contains(leak), "{args:?} shows `{leak}`: {text}");
        }
    }
    assert!(!book.exists() && !svg.exists(), "nothing is written for a scene that does not load");
    // named as the scene itself, a file under /proc is refused before it is read
    let text = all_output(&sheli(&["check", "/proc/self/environ"]));
    assert!(text.contains("a file under /proc is not a scene") && !text.contains(SECRET), "{text}");
}

#[test]
fn an_output_onto_the_scene_or_a_part_leaves_it_byte_identical() {
    let dir = scratch("overwrite");
    let folder = dir.join("scene");
    std::fs::write(folder.join("part.ron"), "ScenePart()\n").unwrap();
    let main = folder.join("main.ron");
    std::fs::write(&main, mini_with(r#"    parts: ["part.ron"],"#)).unwrap();
    let before = (std::fs::read(&main).unwrap(), std::fs::read(folder.join("part.ron")).unwrap());
    let dotted = format!("{}/./main.ron", folder.display());
    let part = folder.join("part.ron");
    for args in [
        vec!["plan", path(&main), "--out", path(&main)],
        vec!["plan", path(&main), "--out", &dotted],
        vec!["plan", path(&main), "--out", path(&part)],
        vec!["audio", path(&main), "--out", path(&main)],
    ] {
        let out = sheli(&args);
        let text = all_output(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {text}");
        assert!(text.contains("a file of the scene just read"), "{args:?}: {text}");
    }
    assert_eq!((std::fs::read(&main).unwrap(), std::fs::read(&part).unwrap()), before);
    // a plan beside them is written, whole, with nothing left over
    let svg = folder.join("plan.svg");
    let out = sheli(&["plan", path(&main), "--out", path(&svg)]);
    assert!(out.status.success(), "{}", all_output(&out));
    assert!(std::fs::read_to_string(&svg).unwrap().trim_end().ends_with("</svg>"));
    let leftovers: Vec<_> =
        std::fs::read_dir(&folder).unwrap().filter_map(|e| e.ok()).filter(|e| e.file_name().to_string_lossy().contains(".part")).collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn a_book_goes_only_into_a_new_empty_or_earlier_book_folder() {
    let dir = scratch("book");
    let folder = dir.join("scene");
    let main = folder.join("main.ron");
    std::fs::write(&main, mini_with("")).unwrap();
    let out = sheli(&["book", path(&main), "--out", path(&folder)]);
    assert_eq!(out.status.code(), Some(1), "{}", all_output(&out));
    assert!(all_output(&out).contains("holds other files and is not a book sheli wrote"));
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 1, "nothing was written among the scene's files");
    let out = sheli(&["book", path(&main), "--out", ""]);
    assert!(all_output(&out).contains("names no folder"), "{}", all_output(&out));
    let book = dir.join("book");
    for _ in 0..2 {
        let out = sheli(&["book", path(&main), "--out", path(&book)]);
        assert!(out.status.success(), "a new folder, then the same book again: {}", all_output(&out));
    }
}

#[test]
fn text_that_is_not_clean_text_is_located_by_line_and_column() {
    let dir = scratch("text");
    let folder = dir.join("scene");
    let mini = std::fs::read_to_string("tests/scenes/mini.ron").unwrap();
    // a bad byte on line 3, after four characters
    let mut bytes = mini.clone().into_bytes();
    let line3 = mini.match_indices('\n').nth(1).unwrap().0 + 1;
    bytes.splice(line3 + 4..line3 + 4, [0xff]);
    std::fs::write(folder.join("bad_utf8.ron"), &bytes).unwrap();
    let text = all_output(&sheli(&["check", path(&folder.join("bad_utf8.ron"))]));
    assert!(text.contains("not UTF-8 text: line 3, column 5 holds the byte 0xff"), "{text}");
    // a byte-order mark, and CR line ends: read as the same scene
    std::fs::write(folder.join("bom.ron"), format!("\u{feff}{mini}")).unwrap();
    std::fs::write(folder.join("cr.ron"), mini.replace('\n', "\r")).unwrap();
    for name in ["bom.ron", "cr.ron"] {
        let out = sheli(&["check", path(&folder.join(name))]);
        assert!(out.status.success(), "{name}: {}", all_output(&out));
    }
    // in a CR-only file an error is on its own line, not line 1
    std::fs::write(folder.join("cr_bad.ron"), mini.replace("chi_m: 0.25", "chi_m: -1.0").replace('\n', "\r")).unwrap();
    let text = all_output(&sheli(&["check", path(&folder.join("cr_bad.ron"))]));
    let headline = text.lines().next().unwrap();
    assert!(headline.contains("cr_bad.ron:5:"), "{text}");
    assert!(text.len() < 2000, "the whole file is not echoed: {} bytes", text.len());
}

#[test]
fn a_closed_or_full_stream_ends_quietly() {
    let bad = "tests/bad_scenes/duplicate-id.duplicate_ids.ron";
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sheli")).args(["check", bad]).stderr(Stdio::from(full)).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "a full stderr: the scene's verdict, not a panic (101)");
    let mut child = Command::new(env!("CARGO_BIN_EXE_sheli")).args(["check", bad]).stderr(Stdio::piped()).spawn().unwrap();
    drop(child.stderr.take());
    assert_eq!(child.wait().unwrap().code(), Some(1), "a closed stderr");
}

#[test]
fn every_command_gets_its_own_usage_for_a_bad_argument() {
    for (args, says) in [
        (vec!["plan", "xiang_she", "--crop", "moon", "--out", "x.svg"], "invalid value 'moon' for '--crop"),
        (vec!["book", "xiang_she"], "Usage: sheli book"),
        (vec!["clip", "xiang_she", "--from", "a", "--to", "b", "--out", "x.gif", "--fps", "0"], "invalid value '0' for '--fps"),
        (vec!["audio", "xiang_she", "--pace", "warp", "--out", "x.wav"], "invalid value 'warp' for '--pace"),
        (vec!["render", "xiang_she", "--width", "0", "--out", "x.png"], "--width"),
    ] {
        let out = sheli(&args);
        let text = all_output(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {text}");
        assert!(text.contains(says) && !text.contains("neither a command nor a scene") && !text.contains("--window"), "{args:?}: {text}");
    }
    let long = "射".repeat(40_000);
    let text = all_output(&sheli(&["state", "xiang_she", "--text", &long]));
    assert!(text.len() < 1000, "a long --text is not echoed whole: {} bytes", text.len());
    let text = all_output(&sheli(&["state", "xiang_she", "--time", "999999"]));
    assert!(text.contains("past the end of the rite"), "{text}");
}

#[test]
fn a_device_named_as_the_output_is_refused_and_left_a_device() {
    use std::os::unix::fs::FileTypeExt;
    for dev in ["/dev/full", "/dev/null"] {
        let out = sheli(&["plan", "scenes/xiang_she.ron", "--out", dev]);
        assert!(!out.status.success(), "plan --out {dev} succeeded");
        assert!(all_output(&out).contains("not a regular file"), "{}", all_output(&out));
        assert!(std::fs::metadata(dev).unwrap().file_type().is_char_device(), "{dev} is no longer a device");
    }
}
