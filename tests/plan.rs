//! `sheli plan`: the SVG is valid (parsed and drawn by resvg), each present person's mark stands
//! where the court's coordinates put him, the clause's people are in red, and no two labels overlap.

use sheli::plan::{Crop, PlanOptions, plan};
use sheli::rite::Rite;
use sheli::rite::timeline::query::BeatRef;

fn rite(name: &str) -> Rite {
    sheli::rite::load_named(name).unwrap_or_else(|e| panic!("{e}"))
}

fn at(rite: &Rite, fragment: &str, nth: usize) -> (f32, BeatRef) {
    let r = rite.find_text(fragment)[nth - 1];
    (rite.beat(r).end, r)
}

fn parse(svg: &str) -> resvg::usvg::Tree {
    let mut opt = resvg::usvg::Options::default();
    opt.fontdb_mut().load_font_data(std::fs::read("assets/fonts/LXGWWenKai-sheli.ttf").unwrap());
    resvg::usvg::Tree::from_str(svg, &opt).expect("a valid SVG")
}

fn check(rite: &Rite, fragment: &str, nth: usize, opts: PlanOptions) {
    let (t, beat) = at(rite, fragment, nth);
    let drawn = plan(rite, t, beat, &opts);
    let tree = parse(&drawn.svg);
    let world = rite.timeline.state_at(t);
    let area = drawn.map.area;
    let present = world.actors.iter().filter(|a| a.present && area.contains(a.pos[0], a.pos[2])).count();
    assert_eq!(drawn.marks.len(), present, "{fragment}: one mark for each person present in the drawn area");
    for m in &drawn.marks {
        let i = rite.timeline.actor_index(&m.id).unwrap();
        let p = world.actors[i].pos;
        let (x, y) = drawn.map.px(p[0], p[2]);
        assert!((x - m.x).abs() < 0.5 && (y - m.y).abs() < 0.5, "{} drawn off his place", m.id);
        let node = tree.node_by_id(&format!("actor-{}", m.id)).unwrap_or_else(|| panic!("no mark for {}", m.id));
        let b = node.abs_bounding_box();
        let (cx, cy) = ((b.left() + b.right()) / 2.0, (b.top() + b.bottom()) / 2.0);
        assert!((cx - x).abs() < 1.0 && (cy - y).abs() < 1.0, "{}: the SVG puts him at ({cx}, {cy}), the court at ({x}, {y})", m.id);
        if let resvg::usvg::Node::Path(path) = node {
            let red = path.stroke().is_some_and(|s| matches!(s.paint(), resvg::usvg::Paint::Color(c) if c.red > 150 && c.green < 60));
            assert_eq!(red, m.acting, "{}: red ring only for the clause's people", m.id);
        }
    }
    assert!(drawn.marks.iter().any(|m| m.acting), "{fragment}: the clause's people are marked");
    for (k, a) in drawn.labels.iter().enumerate() {
        for b in &drawn.labels[k + 1..] {
            assert!(!sheli::plan::labels::overlaps(a, b), "{fragment}: labels overlap: {a:?} {b:?}");
        }
    }
    // drawn: the picture is not blank, and the first acting person's mark is red-ringed there
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, resvg::tiny_skia::Transform::default(), &mut pixmap.as_mut());
    let distinct: std::collections::HashSet<[u8; 4]> = pixmap.pixels().iter().map(|p| [p.red(), p.green(), p.blue(), p.alpha()]).collect();
    assert!(distinct.len() > 30, "{fragment}: the plan looks blank");
    let m = drawn.marks.iter().find(|m| m.acting).unwrap();
    let ring = (0..360).step_by(15).any(|deg: i32| {
        let r = (deg as f32).to_radians();
        let (x, y) = ((m.x + 6.5 * r.cos()) as u32, (m.y + 6.5 * r.sin()) as u32);
        pixmap.pixel(x, y).is_some_and(|p| p.red() > 140 && p.green() < 90 && p.blue() < 90)
    });
    assert!(ring, "{fragment}: the acting {}'s red ring is drawn", m.id);
}

#[test]
fn plans_of_both_rites_put_everyone_where_the_court_does() {
    let xiang = rite("scenes/xiang_she.ron");
    let opts = PlanOptions { crop: Crop::All, english: false, embed_font: false };
    check(&xiang, "主人阼阶上当楣北面再拜", 1, opts);
    check(&xiang, "上射揖进，坐，横弓", 1, PlanOptions { english: true, ..opts });
    let da = rite("scenes/da_she.ron");
    check(&da, "宾升自西阶", 1, opts);
    check(&da, "释获者东面于中西坐", 1, PlanOptions { english: true, ..opts });
}

#[test]
fn the_hall_crop_is_the_hall_and_the_range_is_cut() {
    let xiang = rite("scenes/xiang_she.ron");
    let (t, beat) = at(&xiang, "主人阼阶上当楣北面再拜", 1);
    let all = plan(&xiang, t, beat, &PlanOptions::default());
    assert!(!all.map.breaks.is_empty(), "the long range is cut short");
    let hall = plan(&xiang, t, beat, &PlanOptions { crop: Crop::Hall, ..PlanOptions::default() });
    assert!(hall.map.scale > 2.0 * all.map.scale, "the hall crop draws the hall larger");
    parse(&hall.svg);
}

#[test]
fn the_command_writes_a_standalone_svg_with_its_font() {
    let out = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("plan.svg");
    let _ = std::fs::remove_file(&out);
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_sheli"))
        .args(["plan", "xiang_she", "--text", "宾进，东北面辞洗", "--crop", "court", "--out", out.to_str().unwrap()])
        .status()
        .unwrap();
    assert!(status.success());
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.contains("@font-face{font-family:sheli;src:url(data:font/ttf;base64,"), "the font travels with the file");
    assert!(svg.contains(">宾<") || svg.contains(">宾〔"), "names are text, not outlines");
    parse(&svg);
}

/// 「司正为司马，司马命张侯」: on the plan the 相 is marked by the office the text has just given him, in both languages.
#[test]
fn the_plan_names_a_man_by_his_office() {
    let xiang = rite("scenes/xiang_she.ron");
    let (t, beat) = at(&xiang, "司马命张侯", 1);
    for (english, want, not) in [(false, ">司马<", ">相<"), (true, ">marshal<", ">guide<")] {
        let svg = plan(&xiang, t, beat, &PlanOptions { crop: Crop::All, english, embed_font: false }).svg;
        assert!(svg.contains(want) && !svg.contains(not), "the plan calls him {not}, not {want}");
    }
}
