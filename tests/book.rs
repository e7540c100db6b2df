//! `sheli book` in a real browser: headless Chromium opens the book from the file system, the
//! pages load without console errors, every link inside the book resolves, the plans are drawn,
//! and the search finds 「三耦」.

use std::path::{Path, PathBuf};
use std::process::Command;

fn build(scene: &str, english: bool) -> PathBuf {
    build_as(scene, english, "")
}

/// A book in its own folder (`tag` apart), so that tests running at once never share one.
fn build_as(scene: &str, english: bool, tag: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("book").join(format!("{scene}{}{tag}", if english { "_en" } else { "" }));
    let _ = std::fs::remove_dir_all(&dir);
    let mut args = vec!["book", scene, "--out", dir.to_str().unwrap()];
    if english {
        args.push("--english");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_sheli")).args(&args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    dir
}

fn html_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            html_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "html") {
            out.push(p);
        }
    }
}

fn links_resolve(dir: &Path) -> usize {
    let mut files = Vec::new();
    html_files(dir, &mut files);
    let mut checked = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for part in text.split(" href=\"").skip(1).chain(text.split(" src=\"").skip(1)) {
            let target = &part[..part.find('"').unwrap()];
            let target = target.split(['#', '?']).next().unwrap();
            if target.is_empty() || target.starts_with("http") {
                continue;
            }
            let path = f.parent().unwrap().join(target);
            assert!(path.is_file(), "{}: the link {target} leads nowhere", f.display());
            checked += 1;
        }
    }
    checked
}

fn chromium() -> Command {
    let found = Command::new("sh").args(["-c", "command -v chromium"]).output().is_ok_and(|o| o.status.success());
    assert!(found, "chromium is not installed: the book's browser test needs it (.ci/run installs Debian's chromium)");
    // a profile of its own for each run: two Chromiums on one profile (tests run at once) fail
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let profile = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("chromium-profile-{run}"));
    let mut c = Command::new("chromium");
    c.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--enable-logging=stderr",
        "--v=0",
    ])
    .arg(format!("--user-data-dir={}", profile.display()));
    c
}

/// Opens a page: its DOM after the scripts ran, and what the console said.
fn open(url: &str) -> (String, String) {
    let out = chromium().args(["--virtual-time-budget=3000", "--dump-dom", url]).output().unwrap();
    (String::from_utf8_lossy(&out.stdout).to_string(), String::from_utf8_lossy(&out.stderr).to_string())
}

fn console_errors(log: &str) -> Vec<&str> {
    log.lines().filter(|l| l.contains("CONSOLE") && (l.contains("Uncaught") || l.contains("Error") || l.contains("Failed"))).collect()
}

fn screenshot(url: &str, png: &Path) {
    let status = chromium().arg(format!("--screenshot={}", png.display())).args(["--window-size=1100,1400", url]).output().unwrap();
    assert!(status.status.success() || png.is_file(), "{}", String::from_utf8_lossy(&status.stderr));
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let colours: std::collections::HashSet<&[u8]> = buf[..info.buffer_size()].chunks(info.color_type.samples()).collect();
    assert!(colours.len() > 50, "{} looks blank", png.display());
}

#[test]
fn the_book_opens_from_disk_its_links_resolve_and_search_finds_san_ou() {
    let dir = build("xiang_she", false);
    assert!(links_resolve(&dir) > 5000, "the book links its clauses, people and sections");
    let index = format!("file://{}", dir.join("index.html").display());
    let (dom, log) = open(&format!("{index}?q=三耦"));
    assert!(console_errors(&log).is_empty(), "console errors: {:?}", console_errors(&log));
    let hits = dom.split("<ol id=\"hits\">").nth(1).expect("the results list");
    let hits = &hits[..hits.find("</ol>").unwrap()];
    assert!(hits.matches("<li>").count() > 10 && hits.contains("三耦"), "the search for 三耦 finds its clauses: {hits}");
    let section = format!("file://{}", dir.join("section-020.html").display());
    let (dom, log) = open(&section);
    assert!(console_errors(&log).is_empty(), "console errors: {:?}", console_errors(&log));
    assert!(dom.contains("<figure class=\"plan\"><svg"), "the section's plans are drawn");
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("book");
    screenshot(&format!("{index}?q=三耦"), &shots.join("index.png"));
    screenshot(&section, &shots.join("section.png"));
}

#[test]
fn the_book_gives_each_clause_its_zhu_and_shu_and_searches_them() {
    let dir = build_as("xiang_she", false, "_notes");
    let index = format!("file://{}", dir.join("index.html").display());
    // the 注's words find the clause they follow
    let (dom, log) = open(&format!("{index}?q=此县谓磬也"));
    assert!(console_errors(&log).is_empty(), "console errors: {:?}", console_errors(&log));
    let hits = dom.split("<ol id=\"hits\">").nth(1).expect("the results list");
    let hits = &hits[..hits.find("</ol>").unwrap()];
    assert!(hits.contains("注：此县谓磬也"), "the search finds the 注: {hits}");
    // 贾疏's divisions on the title page, each linked
    assert!(dom.contains("贾疏分节") && dom.contains("论州长将射先戒宾之事"), "the divisions are listed");
    // the section that sets out the 县: its 注 beneath the clause, its 疏 folded
    let section = (1..60)
        .map(|k| dir.join(format!("section-{k:03}.html")))
        .find(|p| std::fs::read_to_string(p).is_ok_and(|t| t.contains("此县谓磬也")))
        .expect("a section page with the 注 on the 县");
    let (dom, _) = open(&format!("file://{}", section.display()));
    assert!(dom.contains("class=\"zhu\"") && dom.contains("<details class=\"shu\">"), "注 and a folded 疏");
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("book");
    screenshot(&format!("file://{}", section.display()), &shots.join("section_zhu.png"));
}

#[test]
fn the_english_book_of_da_she_links_everything() {
    let dir = build("da_she", true);
    assert!(links_resolve(&dir) > 5000);
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(index.contains("Great Archery Meeting") && index.contains("lang=\"en\""));
}

#[test]
fn the_book_shows_every_reading_of_every_disputed_point_in_chromium() {
    let dir = build_as("da_she", false, "_readings");
    let rite = sheli::rite::load_named("scenes/da_she.ron").unwrap();
    let readings: usize = rite.readings.iter().map(|p| p.alternatives.len()).sum();
    assert!(readings >= 6, "大射仪 declares {readings} readings");
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(index.contains("href=\"readings.html\""), "the title page links the disputed points");
    let url = format!("file://{}", dir.join("readings.html").display());
    let (dom, log) = open(&url);
    assert!(console_errors(&log).is_empty(), "{:?}", console_errors(&log));
    assert_eq!(dom.matches("<figure class=\"plan\">").count(), readings, "a plan for every reading");
    for p in &rite.readings {
        for a in &p.alternatives {
            assert!(dom.contains(&format!("--reading {}={}", p.id, a.id)), "{} {}", p.id, a.id);
        }
    }
    screenshot(&url, &dir.join("readings.png"));
    // the player rides along in the book, and every clause page plays from its clause
    assert!(dir.join("player/index.html").is_file() && dir.join("player/rite.js").is_file());
    let clause = std::fs::read_to_string(dir.join("plans").read_dir().unwrap().next().unwrap().unwrap().path()).unwrap();
    assert!(clause.contains("../player/index.html#clause="), "a clause page links the player");
}
