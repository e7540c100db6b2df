//! `sheli clip` under Xvfb: a short clip has one frame for each fixed step of its span, frames
//! change while someone walks, and the file decodes (the GIF decoder; ffprobe for the MP4).

use std::path::PathBuf;
use std::process::Command;

fn require(tool: &str) {
    let found = Command::new("sh").args(["-c", &format!("command -v {tool}")]).output().is_ok_and(|o| o.status.success());
    assert!(found, "{tool} is not installed: the clip tests need xvfb, mesa-vulkan-drivers and ffmpeg (.ci/run installs them)");
}

fn clip(out: &PathBuf, extra: &[&str]) {
    let _ = std::fs::remove_file(out);
    let mut args = vec!["-a", "-s", "-screen 0 1280x800x24", env!("CARGO_BIN_EXE_sheli"), "clip", "xiang_she"];
    args.extend(["--from", "主人一相出迎于门外", "--to", "主人一相出迎于门外"]);
    args.extend(["--width", "200", "--height", "120", "--out", out.to_str().unwrap()]);
    args.extend(extra);
    let o = Command::new("xvfb-run").args(&args).output().unwrap();
    assert!(o.status.success() && out.is_file(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// The span of the clause the clip films, in rite time, and how many frames it needs at `fps`.
fn expected_frames(fps: f32) -> usize {
    let rite = sheli::rite::load_named("xiang_she").unwrap();
    let r = rite.find_text("主人一相出迎于门外")[0];
    let b = rite.beat(r);
    ((b.end - b.start) * fps).ceil() as usize
}

/// For each frame after the first, whether someone moved since the frame before, as the engine
/// says (the clip films in rite time: frame k is the clause's start plus k / fps).
fn someone_moved(fps: f32, frames: usize) -> Vec<bool> {
    let rite = sheli::rite::load_named("xiang_she").unwrap();
    let t0 = rite.beat(rite.find_text("主人一相出迎于门外")[0]).start;
    let tl = &rite.timeline;
    let at = |k: usize| t0 + k as f32 / fps;
    (1..frames)
        .map(|k| {
            (0..tl.actors.len()).any(|i| {
                let (a, b) = (tl.actor_at(i, at(k - 1)), tl.actor_at(i, at(k)));
                a.present && b.present && a.pos.iter().zip(b.pos).any(|(p, q)| (p - q).abs() > 0.01)
            })
        })
        .collect()
}

#[test]
fn a_gif_has_a_frame_per_step_and_shows_the_walk() {
    require("xvfb-run");
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("clip.gif");
    // the camera on the host: at 200 by 120 pixels a whole-court view moves him by less than a
    // pixel a frame
    clip(&out, &["--fps", "4", "--view", "follow:zhuren"]);
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(std::fs::File::open(&out).unwrap()).unwrap();
    let (w, h) = (decoder.width(), decoder.height());
    assert_eq!((w, h), (200, 120));
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        frames.push(frame.buffer.to_vec());
    }
    assert_eq!(frames.len(), expected_frames(4.0), "one frame a quarter second of the clause");
    // the clip opens on the scene, not on a picture not drawn yet (one colour all over)
    let blank = frames.iter().position(|f| f.chunks_exact(4).all(|p| p == &f[..4]));
    assert_eq!(blank, None, "a frame of one colour: the scene was not drawn yet");
    // the host and his 相 walk out of the gate for most of the clause: while the engine has
    // someone walking, the picture changes from frame to frame
    let moved = someone_moved(4.0, frames.len());
    let walking = moved.iter().filter(|m| **m).count();
    assert!(walking >= 8, "the clause has the host walking: {walking} frames");
    let changed = frames.windows(2).zip(&moved).filter(|(w, m)| **m && w[0] != w[1]).count();
    assert!(
        changed * 3 >= walking * 2,
        "the host walks out of the gate: frames while someone walks differ from the one before ({changed} of {walking})"
    );
}

#[test]
fn an_mp4_decodes_with_its_frames() {
    require("xvfb-run");
    require("ffprobe");
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("clip.mp4");
    clip(&out, &["--fps", "5"]);
    let probe = Command::new("ffprobe")
        .args(["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0"])
        .arg(&out)
        .output()
        .unwrap();
    let n: usize = String::from_utf8_lossy(&probe.stdout).trim().parse().expect("ffprobe reads the frame count");
    assert_eq!(n, expected_frames(5.0));
}
