//! The `sheli` command line on the real 乡射礼: what the JSON says at a clause is what the text says.

use assert_cmd::Command;
use serde_json::Value;

const SCENE: &str = "scenes/xiang_she.ron";

fn sheli(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("sheli").unwrap().args(args).output().unwrap()
}

fn state(fragment: &str) -> Value {
    let out = sheli(&["state", SCENE, "--text", fragment, "--json"]);
    assert!(out.status.success(), "state --text {fragment}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn actor<'a>(state: &'a Value, id: &str) -> &'a Value {
    state["actors"].as_array().unwrap().iter().find(|a| a["id"] == id).unwrap_or_else(|| panic!("no actor {id}"))
}

/// The actor stands in `place` (among the places containing him), facing `facing`.
fn assert_at(fragment: &str, id: &str, place: &str, facing: &str) -> Value {
    let s = state(fragment);
    let a = actor(&s, id);
    let places: Vec<&str> = a["places"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
    assert!(places.contains(&place), "{fragment}: {id} should be at {place}, is at {places:?}");
    assert_eq!(a["facing"], facing, "{fragment}: {id} should face {facing}");
    assert_eq!(a["present"], true);
    assert_ends_in_beat(fragment, s["beat"]["text"].as_str().unwrap());
    s
}

/// The beat reported is the one the fragment ends in: it holds the whole fragment, or begins
/// with the fragment's end (a fragment spanning clauses ends in the last of them).
fn assert_ends_in_beat(fragment: &str, beat: &str) {
    let letters = |s: &str| s.chars().filter(|c| c.is_alphanumeric()).collect::<String>();
    let (frag, beat_letters) = (letters(fragment), letters(beat));
    let chars: Vec<char> = frag.chars().collect();
    let ends_here =
        beat_letters.contains(&frag) || (1..chars.len()).any(|k| beat_letters.starts_with(&chars[k..].iter().collect::<String>()));
    assert!(ends_here, "`{fragment}` does not end in the reported beat `{beat}`");
}

fn holding(s: &Value, id: &str) -> Vec<String> {
    actor(s, id)["holding"].as_array().unwrap().iter().map(|h| h["prop"].as_str().unwrap().to_string()).collect()
}

#[test]
fn the_host_invites_the_guest_at_his_gate() {
    // the 宾's gate opens north: the host waits outside it facing it, and the 宾 comes out to him
    // (经「宾出迎，再拜。主人答再拜」), face to face
    assert_at("主人戒宾", "zhuren", "宾门外", "S");
    assert_at("宾出迎", "bin", "宾门外", "N");
}

#[test]
fn the_host_and_one_assistant_meet_the_guests_outside_the_gate() {
    let s = assert_at("主人一相出迎于门外", "zhuren", "门外东", "W");
    let xiang = actor(&s, "xiang");
    assert!(xiang["places"].as_array().unwrap().iter().any(|p| p == "门外"));
    assert_eq!(xiang["aliases"][0], "司正");
    assert_at("宾答再拜。揖众宾", "bin", "门外西", "E");
}

#[test]
fn the_many_guests_stand_left_of_the_gate_facing_east_northmost_first() {
    let s = assert_at("众宾皆入门左，东面北上", "zhongbin1", "门左", "E");
    let z1 = actor(&s, "zhongbin1")["position"][2].as_f64().unwrap();
    let z2 = actor(&s, "zhongbin2")["position"][2].as_f64().unwrap();
    let z3 = actor(&s, "zhongbin3")["position"][2].as_f64().unwrap();
    assert!(z1 < z2 && z2 < z3, "北上: the first stands northmost ({z1} {z2} {z3})");
    assert_eq!(actor(&s, "zhongbin3")["facing"], "E");
}

#[test]
fn bai_zhi_both_on_the_hall_under_the_beam_facing_north() {
    let s = assert_at("主人阼阶上当楣北面再拜", "zhuren", "阼阶上当楣", "N");
    let y = actor(&s, "zhuren")["position"][1].as_f64().unwrap();
    assert!((y - 5.0 * 0.231).abs() < 1e-3, "on the hall, 五尺 up: {y}");
    assert!(actor(&s, "zhuren")["places"].as_array().unwrap().iter().any(|p| p == "堂上"));
    assert_at("宾西阶上当楣北面答再拜", "bin", "西阶上当楣", "N");
}

#[test]
fn the_host_sets_the_cup_down_before_the_east_stairs_facing_west() {
    let s = assert_at("主人阼阶前西面坐奠爵", "zhuren", "阼阶前", "W");
    assert_eq!(actor(&s, "zhuren")["pose"], "sitting");
    assert!(holding(&s, "zhuren").is_empty());
    let jue = s["props"].as_array().unwrap().iter().find(|p| p["id"] == "jue").unwrap();
    assert!(jue["places"].as_array().unwrap().iter().any(|p| p == "阼阶前"), "the 爵 lies before the stairs: {jue}");
    assert!(jue["held_by"].is_null());
}

#[test]
fn at_the_basin_the_host_faces_south_and_the_guest_declines_facing_north_east() {
    let s = assert_at("南面坐奠爵于篚下", "zhuren", "洗北", "S");
    assert_eq!(actor(&s, "zhuren")["pose"], "sitting");
    // 篚下，篚南 (注): on the ground south of the basket, not in it
    let jue = s["props"].as_array().unwrap().iter().find(|p| p["id"] == "jue").unwrap();
    let places = jue["places"].as_array().unwrap();
    assert!(places.iter().any(|p| p == "篚下") && !places.iter().any(|p| p == "下篚"), "the 爵 lies south of the basket: {jue}");
    assert_at("宾进，东北面辞洗", "bin", "洗西南", "NE");
}

#[test]
fn the_guest_bows_for_the_washing_on_the_west_stairs() {
    assert_at("宾西阶上北面拜洗", "bin", "西阶上", "N");
    assert_at("主人阼阶上北面奠爵", "zhuren", "阼阶上", "N");
}

#[test]
fn the_host_offers_facing_north_west_and_the_guest_receives_the_cup() {
    let s = assert_at("西北面献宾", "zhuren", "宾席前", "NW");
    assert_eq!(holding(&s, "zhuren"), vec!["jue"]);
    let s = state("宾进受爵于席前");
    assert_eq!(holding(&s, "bin"), vec!["jue"]);
    assert!(holding(&s, "zhuren").is_empty());
}

#[test]
fn the_guest_mounts_his_mat_from_the_west_and_drains_the_cup_on_the_west_stairs() {
    assert_at("宾升席，自西方", "bin", "宾席", "S");
    assert_at("主人阼阶东疑立", "zhuren", "阼阶东", "W");
    let s = assert_at("宾西阶上北面坐卒爵", "bin", "西阶上", "N");
    assert_eq!(actor(&s, "bin")["pose"], "sitting");
    assert_eq!(holding(&s, "bin"), vec!["jue"]);
}

#[test]
fn an_ambiguous_fragment_lists_its_matches_and_nth_picks_one() {
    let out = sheli(&["state", SCENE, "--text", "主人阼阶上答拜", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ambiguous") && err.contains("--nth 2"), "{err}");
    let out = sheli(&["state", SCENE, "--text", "主人阼阶上答拜", "--nth", "2", "--json"]);
    assert!(out.status.success());
    let s: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(s["step"]["id"], "xian_bin_zu_jue");
    assert_eq!(s["beat"]["index"], 10);
}

#[test]
fn steps_json_has_every_field_and_times_run_on_without_gaps() {
    let out = sheli(&["steps", SCENE, "--json"]);
    assert!(out.status.success());
    let steps: Value = serde_json::from_slice(&out.stdout).unwrap();
    let steps = steps.as_array().unwrap();
    assert_eq!(steps[0]["id"], "jie_bin");
    assert_eq!(steps[0]["section"], "戒宾");
    assert_eq!(steps[0]["beats"][1]["text"], "主人戒宾，");
    assert_eq!(steps[0]["beats"][1]["actors"][0], "zhuren");
    assert!(steps[0]["translation"].as_str().unwrap().starts_with("乡射的礼仪"));
    let mut t = 0.0;
    for (i, s) in steps.iter().enumerate() {
        assert_eq!(s["index"], i);
        assert_eq!(s["start"].as_f64().unwrap(), t, "step {i} starts where the last ended");
        let text: String = s["beats"].as_array().unwrap().iter().map(|b| b["text"].as_str().unwrap()).collect();
        assert_eq!(s["text"], text);
        t = s["end"].as_f64().unwrap();
    }
}

#[test]
fn duties_list_every_beat_of_the_actor_by_alias_too() {
    let out = sheli(&["duties", SCENE, "司正", "--json"]);
    assert!(out.status.success());
    let d: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(d["actor"]["id"], "xiang");
    let out = sheli(&["duties", SCENE, "主人", "--json"]);
    let d: Value = serde_json::from_slice(&out.stdout).unwrap();
    let duties = d["duties"].as_array().unwrap();
    assert!(duties.iter().any(|x| x["text"] == "主人阼阶上当楣北面再拜，" && x["does"].as_str().unwrap().contains("再拜")));
    assert!(duties.iter().any(|x| x["does"].as_str().unwrap().contains("以爵授宾")));
    assert_eq!(duties[0]["section"], "戒宾");
}

#[test]
fn check_is_clean_on_the_shipped_scene_and_located_on_a_broken_one() {
    let out = sheli(&["check", SCENE]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains(": ok:"));
    let out = sheli(&["check", "tests/bad_scenes/unknown-name.unknown_ids.ron", SCENE]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("tests/bad_scenes/unknown-name.unknown_ids.ron:"), "{err}");
    assert!(err.contains(": error[unknown-name]: unknown actor `zhuern`"), "{err}");
}

#[test]
fn during_names_a_gesture_and_a_misspelt_one_gets_a_did_you_mean() {
    let made = sheli(&["state", SCENE, "--text", "再拜", "--nth", "1", "--during", "再拜", "--json"]);
    assert!(made.status.success(), "{}", stderr(&made));
    let misspelt = sheli(&["state", SCENE, "--text", "宾出迎", "--during", "再拜拜", "--json"]);
    assert_eq!(misspelt.status.code(), Some(2), "{}", stderr(&misspelt));
    assert!(stderr(&misspelt).contains("--during: unknown gesture `再拜拜` (did you mean `再拜`?)"), "{}", stderr(&misspelt));
    // a gesture nobody makes in that beat is told apart from a word that is no gesture
    let absent = sheli(&["state", SCENE, "--text", "宾出迎", "--during", "射", "--json"]);
    assert!(stderr(&absent).contains("no one makes a `射`"), "{}", stderr(&absent));
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    // `sheli steps … | head`: the pipe closes after the first bytes; sheli's own status is 0
    let out = std::process::Command::new("bash")
        .args(["-c", &format!("'{}' steps {SCENE} --json | head -c 10 >/dev/null; echo ${{PIPESTATUS[0]}}", env!("CARGO_BIN_EXE_sheli"))])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "0", "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
}

#[test]
fn render_says_it_needs_a_display_and_a_folder() {
    let out = Command::cargo_bin("sheli")
        .unwrap()
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .args(["render", SCENE, "--step", "bai_zhi", "--out", "/tmp/sheli_never.png"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("no display is set") && stderr(&out).contains("xvfb-run"), "{}", stderr(&out));
    let out = sheli(&["render", SCENE, "--step", "bai_zhi", "--out", "/no/such/dir/a.png"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("the folder `/no/such/dir` does not exist"), "{}", stderr(&out));
}

#[test]
fn moments_are_checked_with_messages_that_say_what_is_wrong() {
    let out = sheli(&["state", SCENE, "--time", "-1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--time must be a non-negative number of seconds, not -1"), "{}", stderr(&out));
    let out = sheli(&["state", SCENE, "--text", "再拜", "--nth", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--nth counts from 1"), "{}", stderr(&out));
    let out = sheli(&["state", SCENE, "--text", ""]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("the fragment is empty"), "{}", stderr(&out));
    let out = sheli(&["state", SCENE, "--text", "，。"]);
    assert!(stderr(&out).contains("the fragment is empty"), "{}", stderr(&out));
}

#[test]
fn an_unknown_command_lists_the_commands() {
    let out = sheli(&["stpes", SCENE]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("`stpes` is neither a command nor a scene (did you mean `steps`?)")
            && err.contains("check, steps, state, render, duties, plan, book, readings, web, clip, audio, notes, glossary"),
        "{err}"
    );
}

#[test]
fn a_path_not_on_disk_says_the_built_in_copy_is_used() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("elsewhere");
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::cargo_bin("sheli").unwrap().current_dir(&dir).args(["check", SCENE]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("note: `scenes/xiang_she.ron` is not on disk here: using the copy built into sheli"), "{}", stderr(&out));
    // by its id it is the shipped rite, and nothing needs saying
    let out = Command::cargo_bin("sheli").unwrap().current_dir(&dir).args(["check", "xiang_she"]).output().unwrap();
    assert!(out.status.success() && stderr(&out).is_empty(), "{}", stderr(&out));
}

#[test]
fn english_duties_and_state() {
    let out = sheli(&["duties", SCENE, "主人", "--english"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("bows twice"), "{text}");
    let out = sheli(&["duties", SCENE, "主人", "--json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let duties = v["duties"].as_array().unwrap();
    assert!(duties.iter().all(|d| !d["does"].as_str().unwrap().is_empty() && !d["does_en"].as_str().unwrap().is_empty()));
    let out = sheli(&["state", SCENE, "--text", "主人阼阶上当楣北面再拜", "--english"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("the host") && text.contains("In English:"), "{text}");
}

/// 「作相为司正」, 「司正为司马」, 「司马反为司正」: from each clause on the text calls the 相 by his office, and so do his label
/// and `state --json` (`called`); before the first, he is only the 相. A title several men share never counts (获者, 众宾).
#[test]
fn the_guide_is_called_by_the_office_the_text_gives_him() {
    for (fragment, nth, want) in [
        ("主人答，", "1", None),
        ("作相为司正。", "1", Some("司正")),
        ("司正为司马，", "1", Some("司马")),
        ("司马反为司正，", "1", Some("司正")),
    ] {
        let out = sheli(&["state", SCENE, "--text", fragment, "--nth", nth, "--json"]);
        assert!(out.status.success(), "{fragment}: {}", String::from_utf8_lossy(&out.stderr));
        let s: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(actor(&s, "xiang")["called"].as_str(), want, "{fragment}: the 相 is called");
        for a in s["actors"].as_array().unwrap().iter().filter(|a| a["id"] != "xiang") {
            assert!(a["called"].is_null(), "{fragment}: {} is called {}", a["id"], a["called"]);
        }
    }
    let da = sheli::rite::load_named("da_she").unwrap_or_else(|e| panic!("{e}"));
    let called: Vec<(String, &str)> = da.appointments.iter().map(|a| (da.timeline.actors[a.actor].id.clone(), a.title.as_str())).collect();
    assert_eq!(called, [("dashezheng".to_string(), "司正")], "大射: 摈者遂为司正 and nothing else");
}
