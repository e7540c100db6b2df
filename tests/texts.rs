//! The texts: seed + errata gives the cleaned texts, and the scenes' beats give them back.

use serde::Deserialize;
use sheli::rite::load_named;

#[derive(Deserialize)]
struct Errata {
    seed: String,
    parts: Vec<Part>,
    chars: Vec<CharFix>,
    fixes: Vec<Fix>,
}

#[derive(Deserialize)]
struct Part {
    file: String,
    first_line: usize,
    last_line: usize,
}

#[derive(Deserialize)]
#[serde(rename = "Char")]
struct CharFix {
    seed: String,
    fixed: String,
    why: String,
}

#[derive(Deserialize)]
struct Fix {
    line: usize,
    seed: String,
    fixed: String,
    why: String,
    #[serde(default)]
    nth: Option<usize>,
}

fn no_space(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn errata(scene: &str) -> Errata {
    let path = format!("scenes/{scene}.errata.ron");
    ron::from_str(&read(&path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Applies the errata to the seed exactly as tools/errata_check.py does.
fn apply(scene: &str) -> Vec<(String, String)> {
    let e = errata(scene);
    let seed = read(&format!("sources/seeds/{}", e.seed));
    let mut lines: Vec<String> = seed.split('\n').map(|l| l.trim_end_matches('\r').to_string()).collect();
    for c in &e.chars {
        assert!(!c.why.trim().is_empty(), "{scene}: char fix {} needs a reason", c.seed);
        for l in lines.iter_mut() {
            *l = l.replace(&c.seed, &c.fixed);
        }
    }
    for f in &e.fixes {
        assert!(!f.why.trim().is_empty(), "{scene}: fix at line {} needs a reason", f.line);
        let line = &mut lines[f.line - 1];
        let found: Vec<usize> = line.match_indices(&f.seed).map(|(i, _)| i).collect();
        let at = match f.nth {
            None => {
                assert_eq!(found.len(), 1, "{scene}: line {}: `{}` must occur once", f.line, f.seed);
                found[0]
            }
            Some(k) => found[k - 1],
        };
        line.replace_range(at..at + f.seed.len(), &f.fixed);
    }
    e.parts.iter().map(|p| (p.file.clone(), lines[p.first_line - 1..p.last_line].join("\n"))).collect()
}

fn check_cleaned(scene: &str) {
    for (file, text) in apply(scene) {
        let cleaned = read(&format!("scenes/{scene}.{file}.txt"));
        assert_eq!(no_space(&cleaned), no_space(&text), "scenes/{scene}.{file}.txt against seed + errata");
    }
}

#[test]
fn xiang_she_cleaned_text_is_seed_plus_errata() {
    check_cleaned("xiang_she");
    let e = errata("xiang_she");
    let spam = e.fixes.iter().filter(|f| f.why.to_lowercase().contains("spam")).count();
    assert!(spam >= 10, "about ten spam phrases, found {spam}");
    assert!(e.fixes.iter().any(|f| f.seed.contains("三耦座射") && f.fixed.contains("三耦卒射")));
    let yuanwen = read("scenes/xiang_she.yuanwen.txt");
    for bad in ["三耦座射", "蜂蜜英语", "舌尖上的中国"] {
        assert!(!yuanwen.contains(bad), "{bad} left in the 原文");
    }
    assert!(!read("scenes/xiang_she.yiwen.txt").contains("女孩纹身"));
}

/// The scene's beats joined give the cleaned 原文 from its start; steps' translations the 译文.
/// `complete` demands the whole text.
fn check_scene_text(scene: &str, complete: bool) {
    let rite = load_named(&format!("scenes/{scene}.ron")).unwrap_or_else(|e| panic!("{e}"));
    let yuanwen = no_space(&read(&format!("scenes/{scene}.yuanwen.txt")));
    let yiwen = no_space(&read(&format!("scenes/{scene}.yiwen.txt")));
    let text = no_space(&rite.text());
    let translation = no_space(&rite.translation());
    let first_diff = |a: &str, b: &str| {
        let i = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
        (
            a.chars().skip(i.saturating_sub(10)).take(30).collect::<String>(),
            b.chars().skip(i.saturating_sub(10)).take(30).collect::<String>(),
        )
    };
    assert!(yuanwen.starts_with(&text), "原文 of {scene} departs from the cleaned text: {:?}", first_diff(&text, &yuanwen));
    assert!(yiwen.starts_with(&translation), "译文 of {scene} departs from the cleaned text: {:?}", first_diff(&translation, &yiwen));
    if complete {
        assert_eq!(text, yuanwen, "the whole 原文 of {scene}");
        assert_eq!(translation, yiwen, "the whole 译文 of {scene}");
    }
}

#[test]
fn xiang_she_scene_follows_the_cleaned_text() {
    check_scene_text("xiang_she", true);
}

#[test]
fn da_she_cleaned_text_is_seed_plus_errata_with_every_she_restored() {
    check_cleaned("da_she");
    let e = errata("da_she");
    // 射 restored in the 原文: count the characters the fixes add
    let parts = apply("da_she");
    let yuanwen_lines = e.parts.iter().find(|p| p.file == "yuanwen").map(|p| (p.first_line, p.last_line)).unwrap();
    let added: usize = e
        .fixes
        .iter()
        .filter(|f| f.line >= yuanwen_lines.0 && f.line <= yuanwen_lines.1)
        .map(|f| f.fixed.matches('射').count().saturating_sub(f.seed.matches('射').count()))
        .sum();
    assert!(added > 100, "well over a hundred 射 restored in the 原文, found {added}");
    let yuanwen = &parts.iter().find(|(f, _)| f == "yuanwen").unwrap().1;
    let seed = read(&format!("sources/seeds/{}", e.seed));
    assert!(!seed.contains("大射之仪") && yuanwen.contains("大射之仪"));
    // the restorations we are sure of, from the received text
    let sure = read("scenes/da_she.sure_restorations.txt");
    let mut n = 0;
    for line in sure.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let (_, restored) = line.split_once('\t').unwrap_or_else(|| panic!("bad line {line:?}"));
        assert!(yuanwen.contains(restored.trim()), "restoration `{restored}` missing from the cleaned 原文");
        n += 1;
    }
    assert!(n >= 40, "{n} sure restorations");
    for kangxi in ['⼊', '⼲', '⽇', '⽔', '⽪', '⾁', '⾊', '⾐', '⾜', '⾝', '⾰', '⾼'] {
        assert!(!yuanwen.contains(kangxi) && !read("scenes/da_she.yiwen.txt").contains(kangxi), "Kangxi radical {kangxi} left");
    }
    assert!(yuanwen.contains('鼗'), "the lost 鼗 filled");
    assert!(!read("scenes/da_she.yiwen.txt").contains("ｕＭｕｘＳ"));
}

#[test]
fn da_she_scene_follows_the_cleaned_text() {
    check_scene_text("da_she", true);
}
