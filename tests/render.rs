//! `sheli render` in a real (virtual) display: Xvfb with Mesa's software Vulkan. Each picture
//! must have the asked size, not be blank, and show each named actor in the robe colour of his
//! rank where the automation hook says he stands on screen.

use std::path::PathBuf;
use std::process::Command;

/// The rendering tests need a virtual display: without one they fail, never pass unseen.
fn require_xvfb() {
    let found = Command::new("sh").args(["-c", "command -v xvfb-run"]).output().is_ok_and(|o| o.status.success());
    assert!(found, "xvfb-run is not installed: these tests need xvfb, xauth and mesa-vulkan-drivers (.ci/run installs them)");
}

struct Picture {
    width: u32,
    height: u32,
    rgb: Vec<u8>,
    actors: serde_json::Value,
}

fn render(scene: &str, args: &[&str], name: &str) -> Picture {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("render");
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join(format!("{name}.png"));
    let log = dir.join(format!("{name}.jsonl"));
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_file(&log);
    let status = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1600x1000x24", env!("CARGO_BIN_EXE_sheli"), "render", scene])
        .args(args)
        .args(["--out", out.to_str().unwrap(), "--width", "960", "--height", "600"])
        .env("SHELI_AUTOMATION", &log)
        .status()
        .unwrap();
    assert!(status.success(), "sheli render {scene} {args:?} failed");
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&out).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let rgb: Vec<u8> = buf[..info.buffer_size()].chunks(channels).flat_map(|p| [p[0], p[1], p[2]]).collect();
    let actors = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|v| v["event"] == "actors")
        .expect("an actors event");
    Picture { width: info.width, height: info.height, rgb, actors }
}

impl Picture {
    fn pixel(&self, x: i64, y: i64) -> Option<[u8; 3]> {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return None;
        }
        let i = (y as usize * self.width as usize + x as usize) * 3;
        Some([self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]])
    }

    fn distinct_colours(&self) -> usize {
        let mut set = std::collections::HashSet::new();
        for p in self.rgb.chunks(3).step_by(7) {
            set.insert((p[0] / 8, p[1] / 8, p[2] / 8));
        }
        set.len()
    }

    /// Some pixel near the actor's body centre satisfies `robe`.
    fn shows(&self, id: &str, robe: impl Fn([u8; 3]) -> bool) -> bool {
        let a = self.actors["actors"].as_array().unwrap().iter().find(|a| a["id"] == id).unwrap();
        assert_eq!(a["visible"], true, "{id} should be in view: {a}");
        let (x, y) = (a["screen"][0].as_f64().unwrap() as i64, a["screen"][1].as_f64().unwrap() as i64);
        (-3..=3).flat_map(|dx| (-4..=4).map(move |dy| (dx, dy))).filter_map(|(dx, dy)| self.pixel(x + dx, y + dy)).any(&robe)
    }
}

fn blue(p: [u8; 3]) -> bool {
    p[2] as i32 > p[0] as i32 + 25 && p[2] as i32 > p[1] as i32 + 10
}

/// Red that stands out from green and blue by `margin`: 50 for the 宾's bright robe, 25 for the
/// 公's dark one.
fn red_by(margin: i32) -> impl Fn([u8; 3]) -> bool {
    move |p| p[0] as i32 > p[1] as i32 + margin && p[0] as i32 > p[2] as i32 + margin
}

#[test]
fn renders_the_bai_zhi_with_host_in_blue_and_guest_in_red() {
    require_xvfb();
    let pic = render("scenes/xiang_she.ron", &["--text", "主人阼阶上当楣北面再拜", "--view", "overview"], "bai_zhi");
    assert_eq!((pic.width, pic.height), (960, 600));
    assert!(pic.distinct_colours() > 60, "the picture looks blank: {} colours", pic.distinct_colours());
    assert!(pic.shows("zhuren", blue), "主人's dark blue robe at his position");
    assert!(pic.shows("bin", red_by(50)), "宾's red robe at his position");
}

#[test]
fn renders_the_plan_view() {
    require_xvfb();
    let pic = render("scenes/xiang_she.ron", &["--text", "宾进，东北面辞洗", "--view", "plan"], "plan");
    assert_eq!((pic.width, pic.height), (960, 600));
    assert!(pic.distinct_colours() > 40);
    let a = pic.actors["actors"].as_array().unwrap().iter().find(|a| a["id"] == "bin").unwrap();
    assert_eq!(a["visible"], true);
}

#[test]
fn renders_from_the_hall_and_the_gate() {
    require_xvfb();
    for view in ["hall", "gate", "follow:bin"] {
        let pic = render("scenes/xiang_she.ron", &["--step", "ying_bin", "--view", view], &view.replace(':', "_"));
        assert_eq!((pic.width, pic.height), (960, 600), "{view}");
        assert!(pic.distinct_colours() > 40, "{view} looks blank");
    }
}

#[test]
fn the_gate_view_sees_the_stairs_over_the_backs_of_the_targets() {
    // from the gate every 侯 is seen from behind, a wall of cloth across the court's middle: the
    // eye must stand high enough to see the people at the stairs over them
    require_xvfb();
    let da_she = render("scenes/da_she.ron", &["--text", "宾升自西阶", "--nth", "1", "--view", "gate"], "gate_da_she");
    assert!(da_she.shows("bin", red_by(40)), "大射: the 宾's red robe at the west stairs, over the three 侯");
    let xiang_she = render("scenes/xiang_she.ron", &["--text", "主人阼阶上当楣北面再拜", "--view", "gate"], "gate_xiang_she");
    assert!(xiang_she.shows("zhuren", blue), "乡射: the host's blue robe at the east stairs, over the 侯");
}

#[test]
fn renders_da_she_with_the_ruler_and_the_guest_in_their_robes_and_its_night() {
    require_xvfb();
    let pic = render("scenes/da_she.ron", &["--text", "宾升自西阶", "--nth", "1", "--view", "overview"], "da_she_bin");
    assert_eq!((pic.width, pic.height), (960, 600));
    assert!(pic.distinct_colours() > 60);
    assert!(pic.shows("bin", red_by(50)), "宾's red robe on the west stairs");
    let ruler = render("scenes/da_she.ron", &["--text", "即位于席，西乡", "--view", "overview"], "da_she_gong");
    assert!(ruler.shows("gong", red_by(25)), "公's dark red robe on his mat");
    let night = render("scenes/da_she.ron", &["--text", "甸人执大烛于庭", "--view", "plan"], "da_she_night");
    let day = render("scenes/da_she.ron", &["--text", "宾升自西阶", "--nth", "1", "--view", "plan"], "da_she_day");
    let brightness = |p: &Picture| p.rgb.iter().map(|v| *v as u64).sum::<u64>() as f64 / p.rgb.len() as f64;
    assert!(brightness(&night) < brightness(&day) * 0.8, "宵 is darker: {} vs {}", brightness(&night), brightness(&day));
}

/// The bow's red-brown lacquer (things::LACQUER, lit).
fn lacquer(p: [u8; 3]) -> bool {
    let [r, g, b] = p.map(i32::from);
    r > g + 45 && r > b + 45 && (60..=230).contains(&r)
}

/// The host's dark blue robe, not the pale sky.
fn robe_blue(p: [u8; 3]) -> bool {
    blue(p) && p[0] < 110
}

impl Picture {
    /// The pixels satisfying `f` in a band of columns around the actor, as (x, y).
    fn around(&self, id: &str, half_width: i64, f: impl Fn([u8; 3]) -> bool) -> Vec<(i64, i64)> {
        let a = self.actors["actors"].as_array().unwrap().iter().find(|a| a["id"] == id).unwrap();
        let x0 = a["screen"][0].as_f64().unwrap() as i64;
        (x0 - half_width..=x0 + half_width)
            .flat_map(|x| (0..self.height as i64).map(move |y| (x, y)))
            .filter(|&(x, y)| self.pixel(x, y).is_some_and(&f))
            .collect()
    }

    /// The topmost row with at least three pixels of the robe near the actor.
    fn robe_top(&self, id: &str) -> i64 {
        let mut rows = std::collections::BTreeMap::<i64, usize>::new();
        for (_, y) in self.around(id, 80, robe_blue) {
            *rows.entry(y).or_default() += 1;
        }
        rows.into_iter().find(|(_, n)| *n >= 3).map(|(y, _)| y).expect("the robe in the picture")
    }
}

fn archer(text: &str, name: &str) -> Picture {
    render("tests/scenes/archer.ron", &["--text", text, "--view", "close:射者"], name)
}

#[test]
fn a_kneeling_figure_is_lower_than_a_standing_one() {
    require_xvfb();
    let standing = archer("立", "archer_standing");
    let kneeling = archer("坐", "archer_kneeling");
    let (up, down) = (standing.robe_top("sheshe"), kneeling.robe_top("sheshe"));
    assert!(down > up + 30, "the kneeling robe's top (row {down}) should be well below the standing one's (row {up})");
}

#[test]
fn the_bow_is_in_his_hand_once_he_takes_it_and_changes_when_unstrung() {
    require_xvfb();
    let lying = archer("立", "bow_lying");
    let held = archer("兴，执弓，挟矢", "bow_held");
    let centre = |p: &Picture| p.actors["actors"][0]["screen"][1].as_f64().unwrap() as i64;
    // above his waist: a held bow stands up from his hand; a bow on the ground is not there
    let high = |p: &Picture| p.around("sheshe", 160, lacquer).into_iter().filter(|&(_, y)| y < centre(p)).count();
    assert!(high(&held) > 40, "the held bow's lacquer above the waist: {} pixels", high(&held));
    assert!(high(&lying) < 10, "no bow above the waist before he takes it: {} pixels", high(&lying));
    // 弛: the limbs reverse and the string is off; 张: strung again
    let slack: std::collections::HashSet<_> = archer("弛弓", "bow_slack").around("sheshe", 160, lacquer).into_iter().collect();
    let strung: std::collections::HashSet<_> = archer("张弓", "bow_strung").around("sheshe", 160, lacquer).into_iter().collect();
    let differ = slack.symmetric_difference(&strung).count();
    assert!(differ > 60, "an unstrung bow should look different from a strung one: {differ} pixels differ");
}

#[test]
fn the_target_shows_its_painted_centre_and_the_arrow_that_hit_it() {
    require_xvfb();
    let before = render("tests/scenes/archer.ron", &["--text", "立", "--view", "close:侯"], "target_before");
    let after = render("tests/scenes/archer.ron", &["--text", "射，获", "--view", "close:侯"], "target_after");
    let (w, h) = (before.width as i64, before.height as i64);
    // the 鹄: a red square near the middle of the picture
    // (right of the text panel, whose lit clause is red too)
    let reds: Vec<(i64, i64)> =
        (w * 3 / 10..w).flat_map(|x| (0..h).map(move |y| (x, y))).filter(|&(x, y)| before.pixel(x, y).is_some_and(red_by(60))).collect();
    assert!(reds.len() > 200, "the painted centre: {} red pixels", reds.len());
    let (cx, cy) = (reds.iter().map(|p| p.0).sum::<i64>() / reds.len() as i64, reds.iter().map(|p| p.1).sum::<i64>() / reds.len() as i64);
    assert!((cx - w / 2).abs() < w / 4 && cy < h * 3 / 4, "the centre ({cx}, {cy}) should be mid-picture");
    // after the hit, an arrow sticks out of the cloth near it: the picture changes there (the
    // camera and the target are where they were)
    let changed = (cx - 90..cx + 90)
        .flat_map(|x| (cy - 90..cy + 90).map(move |y| (x, y)))
        .filter(|&(x, y)| match (before.pixel(x, y), after.pixel(x, y)) {
            (Some(a), Some(b)) => a.iter().zip(b).any(|(p, q)| (*p as i32 - q as i32).abs() > 40),
            _ => false,
        })
        .count();
    assert!(changed > 15, "the arrow in the target: {changed} pixels changed near the centre");
}

/// The 正's green (乡射's 采侯: 朱 within 绿), unlike the grass, the robes and the 丹 of the clouds.
fn zheng_green(p: [u8; 3]) -> bool {
    let [r, g, b] = p.map(i32::from);
    g > r + 30 && g > b + 25 && g > 70
}

#[test]
fn the_rolled_up_target_hides_its_centre_until_it_is_spread_and_tied() {
    require_xvfb();
    let rolled = render("scenes/xiang_she.ron", &["--text", "中掩束之", "--view", "close:侯"], "target_rolled");
    let tied = render("scenes/xiang_she.ron", &["--text", "遂系左下纲", "--view", "close:侯"], "target_tied");
    let green = |p: &Picture| {
        let (w, h) = (p.width as i64, p.height as i64);
        // where the 侯's 中 is framed, clear of the people at the gate and of the minimap
        (w / 2..w * 4 / 5)
            .flat_map(|x| (0..h * 3 / 5).map(move |y| (x, y)))
            .filter(|&(x, y)| p.pixel(x, y).is_some_and(zheng_green))
            .count()
    };
    let (g_rolled, g_tied) = (green(&rolled), green(&tied));
    assert!(g_tied > 150, "the spread 侯 shows its green 正: {g_tied} pixels");
    assert!(g_rolled * 5 < g_tied, "中掩束之 covers the 中: {g_rolled} green pixels against {g_tied} spread");
}
