//! End to end, as a person uses it: the real binary in a real window (Xvfb + Mesa's software
//! Vulkan), driven by xdotool, observed through the SHELI_AUTOMATION event log. Every wait is for
//! an event, with a generous timeout; none is a fixed sleep.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

fn available(tool: &str) -> bool {
    Command::new("sh").args(["-c", &format!("command -v {tool}")]).output().is_ok_and(|o| o.status.success())
}

struct Kill(Child);
impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

struct Session {
    display: String,
    log: PathBuf,
    seen: usize,
    _app: Kill,
    _x: Kill,
}

/// One window test at a time: two software-rendered windows would share two cores, and two
/// Xvfb servers could pick the same display number.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn start_display() -> (Kill, String) {
    // a free display number: no lock file
    let base = 90 + (std::process::id() % 300);
    let n = (base..base + 200).find(|n| !Path::new(&format!("/tmp/.X{n}-lock")).exists()).unwrap();
    let display = format!(":{n}");
    let x = Command::new("Xvfb")
        .args([&display, "-screen", "0", "1280x720x24", "-nolisten", "tcp"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let t0 = Instant::now();
    while !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists() {
        assert!(t0.elapsed() < Duration::from_secs(30), "Xvfb did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    (Kill(x), display)
}

impl Session {
    fn start(args: &[&str]) -> Session {
        Session::start_with(args, &[])
    }

    fn start_with(args: &[&str], env: &[(&str, &str)]) -> Session {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("window");
        std::fs::create_dir_all(&dir).unwrap();
        let log = dir.join(format!("events-{}-{}.jsonl", std::process::id(), args.join("_").len() + env.len()));
        let _ = std::fs::remove_file(&log);
        let (x, display) = start_display();
        let app = Command::new(env!("CARGO_BIN_EXE_sheli"))
            .args(args)
            .env("DISPLAY", &display)
            .env("SHELI_AUTOMATION", &log)
            .env("SHELI_AUTOMATION_TICKS", "1")
            .env("SHELI_SCREENSHOT", dir.join("window.png"))
            .envs(env.iter().copied())
            .env_remove("WAYLAND_DISPLAY")
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(dir.join("stderr.txt")).unwrap())
            .spawn()
            .unwrap();
        Session { display, log, seen: 0, _app: Kill(app), _x: x }
    }

    fn events(&self) -> Vec<Value> {
        std::fs::read_to_string(&self.log).unwrap_or_default().lines().filter_map(|l| serde_json::from_str(l).ok()).collect()
    }

    /// Waits for the next event (after those already consumed) that satisfies `want`.
    fn wait_for(&mut self, what: &str, want: impl Fn(&Value) -> bool) -> Value {
        let t0 = Instant::now();
        loop {
            let events = self.events();
            if let Some((i, e)) = events.iter().enumerate().skip(self.seen).find(|(_, e)| want(e)) {
                self.seen = i + 1;
                return e.clone();
            }
            if t0.elapsed() > Duration::from_secs(240) {
                let err = std::fs::read_to_string(self.log.with_file_name("stderr.txt")).unwrap_or_default();
                // the last events, without the long actor lists
                let tail: Vec<String> = events
                    .iter()
                    .rev()
                    .filter(|e| e["event"] != "actors" && e["event"] != "tick")
                    .take(15)
                    .map(|e| e.to_string())
                    .collect();
                panic!(
                    "timed out waiting for {what}; the last events, newest first: {tail:?}\nstderr: {}",
                    &err[err.len().saturating_sub(3000)..]
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn latest_actors(&self) -> Value {
        self.events().into_iter().rev().find(|e| e["event"] == "actors").expect("an actors event")
    }

    fn xdotool(&self, args: &[&str]) {
        let ok = Command::new("xdotool").args(args).env("DISPLAY", &self.display).status().unwrap().success();
        assert!(ok, "xdotool {args:?}");
    }
}

fn screen_of(actors: &Value, id: &str) -> (i64, i64) {
    let a = actors["actors"].as_array().unwrap().iter().find(|a| a["id"] == id).unwrap();
    assert_eq!(a["visible"], true, "{id} should be on screen: {a}");
    (a["screen"][0].as_f64().unwrap() as i64, a["screen"][1].as_f64().unwrap() as i64)
}

#[test]
fn click_an_actor_step_with_the_keyboard_and_panels_block_clicks() {
    let _one = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    assert!(
        available("Xvfb") && available("xdotool"),
        "Xvfb or xdotool is not installed: this test needs xvfb, xauth, xdotool and mesa-vulkan-drivers (.ci/run installs them)"
    );
    let mut s =
        Session::start(&["xiang_she", "--paused", "--text", "主人阼阶上当楣北面再拜", "--window", "1280x720", "--view", "overview"]);
    let ready = s.wait_for("ready", |e| e["event"] == "ready");
    assert_eq!(ready["window"], serde_json::json!([1280.0, 720.0]));
    assert_eq!(ready["step"], "bai_zhi");
    let start_beat = ready["beat"].as_u64().unwrap();

    // without a window manager nobody gives the window the keyboard: take it
    s.xdotool(&["search", "--sync", "--name", "District Archery", "windowfocus", "--sync"]);
    // a click on the text panel (on its empty foot: higher up lie the search box and the 注,
    // which rightly take it), right over the scene's left edge, selects nothing
    s.xdotool(&["mousemove", "200", "620", "click", "1"]);
    // → advances one clause; its event proves the click's frames have passed
    s.xdotool(&["key", "Right"]);
    let beat = s.wait_for("the next beat", |e| e["event"] == "beat");
    assert_eq!(beat["beat"].as_u64().unwrap(), start_beat + 1, "→ moves one clause on: {beat}");
    assert!(!s.events().iter().any(|e| e["event"] == "selected" && !e["actor"].is_null()), "a click on the panel selected someone");

    // the overview reframes the new clause's actors: wait for the camera to come to rest
    s.wait_for("the camera at rest", |e| e["event"] == "settled");
    // click 主人 where the automation says he stands
    let actors = s.latest_actors();
    let (x, y) = screen_of(&actors, "zhuren");
    s.xdotool(&["mousemove", &x.to_string(), &y.to_string()]);
    s.wait_for("hovering 主人", |e| e["event"] == "hover" && e["actor"] == "zhuren");
    s.xdotool(&["click", "1"]);
    let selected = s.wait_for("主人 selected", |e| e["event"] == "selected" && !e["actor"].is_null());
    assert_eq!(selected["actor"], "zhuren");
    assert_eq!(selected["name"], "主人");
    assert!(selected["duties"].as_u64().unwrap() > 20, "his duties: {selected}");

    // the inspector is drawn: the right panel's paper colour fills the right edge
    s.xdotool(&["key", "F12"]);
    let shot = s.wait_for("a screenshot", |e| e["event"] == "screenshot");
    let path = shot["path"].as_str().unwrap();
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let ch = info.color_type.samples();
    let paper = |x: u32, y: u32| {
        let i = ((y * info.width + x) as usize) * ch;
        let p = &buf[i..i + 3];
        (p[0] as i32 - 250).abs() < 12 && (p[1] as i32 - 246).abs() < 12 && (p[2] as i32 - 236).abs() < 12
    };
    let region: Vec<bool> =
        (100..600).step_by(10).flat_map(|y| (1280 - 250..1280 - 10).step_by(10).map(move |x| (x, y))).map(|(x, y)| paper(x, y)).collect();
    let share = region.iter().filter(|p| **p).count() as f32 / region.len() as f32;
    assert!(share > 0.5, "the inspector panel should cover the right edge ({share:.2} paper)");

    // paused, the camera at rest and nobody touching anything, the viewer sleeps: it draws when
    // it naps out (every 2 s) or egui asks for a repaint, about 1.5 frames a second here against
    // 5 to 9 while it plays under software rendering
    s.xdotool(&["mousemove", "1270", "710"]);
    std::thread::sleep(Duration::from_secs(3));
    let ticks = |s: &Session| s.events().iter().filter(|e| e["event"] == "tick").count();
    let before = ticks(&s);
    std::thread::sleep(Duration::from_secs(8));
    let drawn = ticks(&s) - before;
    assert!(drawn < 20, "the paused viewer drew {drawn} frames in 8 s with nothing to do");
}

/// On a machine drawing under a frame a second, three quick taps of → move three clauses, and one
/// click (no waiting for the hover to catch up) selects the person under the pointer.
#[test]
fn a_slow_viewer_drops_no_key_and_selects_on_one_click() {
    let _one = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    assert!(
        available("Xvfb") && available("xdotool"),
        "Xvfb or xdotool is not installed: this test needs xvfb, xauth, xdotool and mesa-vulkan-drivers (.ci/run installs them)"
    );
    let mut s = Session::start_with(
        &["xiang_she", "--paused", "--text", "主人阼阶上当楣北面再拜", "--window", "1024x600", "--view", "overview"],
        &[("SHELI_SLOW_FRAMES_MS", "1500")],
    );
    s.wait_for("ready", |e| e["event"] == "ready");
    // the opening shot is already at rest: where 主人 is drawn
    let actors = s.latest_actors();
    let (x, y) = screen_of(&actors, "zhuren");
    // move and click at once, as a hurried user does, with no frame drawn in between
    s.xdotool(&["mousemove", &x.to_string(), &y.to_string(), "click", "1"]);
    let selected = s.wait_for("主人 selected by one click", |e| e["event"] == "selected" && !e["actor"].is_null());
    assert_eq!(selected["actor"], "zhuren");
    s.xdotool(&["search", "--sync", "--name", "District Archery", "windowfocus", "--sync"]);
    // three quick taps, most often inside one slow frame (a frame may also end between two of them,
    // and then the viewer reports the clause it reached in each): from 主人阼阶上当楣北面再拜 past
    // 宾…答再拜 and 主人坐取爵 to 以降, the second clause of the next step. A dropped key never
    // reaches the next step, and one too many lands past 以降.
    s.xdotool(&["key", "--delay", "60", "Right", "Right", "Right"]);
    let on_the_way = |e: &Value| e["step"] == "bai_zhi" || (e["step"] == "xian_qu_jue" && e["beat"] == 0);
    let beat = s.wait_for("three clauses on", |e| e["event"] == "beat" && !on_the_way(e));
    assert_eq!((beat["step"].as_str(), beat["beat"].as_u64()), (Some("xian_qu_jue"), Some(1)), "three presses, three clauses: {beat}");
}
