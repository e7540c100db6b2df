//! `sheli book`: the whole rite as a static website that opens from the file system — a title
//! page with the sections and the cast, a page per section (each step's 原文 clause by clause,
//! its translations, its 记 notes and its plan), a page per person (every duty, each linked to
//! its clause's plan), a plan page per clause, a prebuilt search index. No server, no network.

mod commentary;
mod page;
mod readings;

use std::path::Path;

use crate::plan::{Crop, PlanOptions, plan};
use crate::rite::Rite;
use crate::rite::acts::deed::Lang;
use crate::rite::duty::describe;
use crate::rite::glossary::glossary;
use crate::rite::timeline::query::BeatRef;
use page::{Page, esc};

/// The clause plan page of a beat, relative to the book's root.
pub fn clause_href(rite: &Rite, r: BeatRef) -> String {
    format!("plans/{}-{}.html", page::file_safe(&rite.steps[r.step].id), r.beat + 1)
}

/// The sections in order: runs of steps with the same section name, each a page.
fn sections(rite: &Rite) -> Vec<(String, std::ops::Range<usize>)> {
    let mut out: Vec<(String, std::ops::Range<usize>)> = Vec::new();
    for (i, s) in rite.steps.iter().enumerate() {
        match out.last_mut() {
            Some((name, range)) if *name == s.section => range.end = i + 1,
            _ => out.push((s.section.clone(), i..i + 1)),
        }
    }
    out
}

fn section_href(k: usize) -> String {
    format!("section-{:03}.html", k + 1)
}

fn person_href(id: &str) -> String {
    format!("people/{}.html", page::file_safe(id))
}

struct Book<'a> {
    rite: &'a Rite,
    /// the section pages, worked out once
    sections: Vec<(String, std::ops::Range<usize>)>,
    english: bool,
    dir: &'a Path,
    pages: usize,
    /// the scene's name, to load it again read otherwise for the page of disputed points
    scene: Option<&'a str>,
}

/// Writes the book of `rite` into `dir`; returns how many pages it wrote.
/// The file that marks a folder as a book sheli wrote, which a later `book` may write over.
pub const MARK: &str = ".sheli-book";

/// A book goes into a new or empty folder, or over a book sheli wrote before (marked, or with a
/// book's files from before the mark).
fn check_folder(dir: &Path) -> Result<(), String> {
    crate::output::claim_folder(dir, "a book", "book", |d| {
        d.join(MARK).is_file() || ["index.html", "style.css", "search.js", "plans"].iter().all(|f| d.join(f).exists())
    })
}

pub fn write(rite: &Rite, dir: &Path, english: bool) -> Result<usize, String> {
    write_scene(rite, None, dir, english)
}

/// [`write`], with the page of disputed points, each reading loaded from `scene`.
pub fn write_scene(rite: &Rite, scene: Option<&str>, dir: &Path, english: bool) -> Result<usize, String> {
    check_folder(dir)?;
    for sub in ["", "plans", "people"] {
        std::fs::create_dir_all(dir.join(sub)).map_err(|e| format!("cannot create {}: {e}", dir.join(sub).display()))?;
    }
    let mut book = Book { rite, sections: sections(rite), english, dir, pages: 0, scene };
    book.asset(MARK, "a book written by sheli: `sheli book --out` may write over this folder\n")?;
    book.asset("style.css", &page::style_css())?;
    book.asset("search.js", page::SEARCH_JS)?;
    book.asset("index.js", &book.search_index())?;
    crate::web::write(rite, &dir.join("player"))?;
    book.index()?;
    if let Some(scene) = scene.filter(|_| !rite.readings.is_empty()) {
        book.readings_page(scene)?;
    }
    for (k, (name, range)) in book.sections.clone().into_iter().enumerate() {
        book.section(k, &name, range)?;
    }
    for (i, _) in rite.timeline.actors.iter().enumerate() {
        book.person(i)?;
    }
    let beats: Vec<BeatRef> = rite.beats().map(|(r, _)| r).collect();
    for (k, &r) in beats.iter().enumerate() {
        book.clause(r, k.checked_sub(1).map(|p| beats[p]), beats.get(k + 1).copied())?;
    }
    Ok(book.pages)
}

impl Book<'_> {
    /// Writes a file of the book; `name` is relative and stays inside the book's folder.
    fn asset(&self, name: &str, text: &str) -> Result<(), String> {
        let inside = std::path::Path::new(name).components().all(|c| matches!(c, std::path::Component::Normal(_)));
        if !inside {
            return Err(format!("{name}: a page of the book would be written outside its folder"));
        }
        std::fs::write(self.dir.join(name), text).map_err(|e| format!("cannot write {name}: {e}"))
    }

    fn save(&mut self, path: &str, page: Page) -> Result<(), String> {
        self.pages += 1;
        self.asset(path, &page.finish())
    }

    fn lang(&self) -> Lang {
        Lang::of(self.english)
    }

    fn tr<'s>(&self, zh: &'s str, en: &'s str) -> &'s str {
        if self.english { en } else { zh }
    }

    fn title(&self) -> String {
        if self.english {
            format!("{} ({})", self.rite.title_en, self.rite.title)
        } else {
            format!("{}（{}）", self.rite.title, self.rite.title_en)
        }
    }

    fn section_title(&self, name: &str) -> String {
        match (self.english, glossary().section_en(name)) {
            (true, Some(en)) => format!("{en} ({name})"),
            _ => name.to_string(),
        }
    }

    fn actor_name(&self, i: usize) -> String {
        let a = &self.rite.timeline.actors[i];
        if self.english { format!("{} ({})", a.en, a.name) } else { format!("{}（{}）", a.name, a.en) }
    }

    fn plan_svg(&self, r: BeatRef) -> String {
        let opts = PlanOptions { crop: Crop::All, english: self.english, embed_font: false };
        plan(self.rite, self.rite.beat(r).end, r, &opts).svg
    }

    fn index(&mut self) -> Result<(), String> {
        let mut p = Page::new(&self.title(), "", self.english);
        p.h1(&self.title());
        p.list(&[(
            "player/index.html".into(),
            self.tr(
                "播放：随时间看全礼（平面图、原文、人物）",
                "Play the rite: the plan moving clause by clause, with the text and the people",
            )
            .into(),
        )]);
        if self.scene.is_some() && !self.rite.readings.is_empty() {
            let label = format!("{} ({})", self.tr("读法：诸家异说", "Readings where the commentators differ"), self.rite.readings.len());
            p.list(&[(readings::HREF.into(), label)]);
        }
        p.search_box(self.tr("检索原文、译文、人名、注疏", "Search the text, the translations, the names, the commentaries"));
        p.h2(self.tr("篇章", "Sections"));
        let links: Vec<(String, String)> =
            self.sections.iter().enumerate().map(|(k, (name, _))| (section_href(k), self.section_title(name))).collect();
        p.list(&links);
        let divisions = self.divisions_list();
        if !divisions.is_empty() {
            p.h2(self.tr("贾疏分节", "The divisions of Jia Gongyan's subcommentary (贾疏)"));
            p.list(&divisions);
        }
        p.h2(self.tr("人物", "Cast"));
        let cast: Vec<(String, String)> =
            (0..self.rite.timeline.actors.len()).map(|i| (person_href(&self.rite.timeline.actors[i].id), self.actor_name(i))).collect();
        p.list(&cast);
        self.save("index.html", p)
    }

    fn section(&mut self, k: usize, name: &str, steps: std::ops::Range<usize>) -> Result<(), String> {
        let title = self.section_title(name);
        let mut p = Page::new(&format!("{title} · {}", self.title()), "", self.english);
        p.nav(&[("index.html".into(), self.tr("目录", "Contents").into())]);
        p.h1(&title);
        for si in steps {
            let s = &self.rite.steps[si];
            p.raw(&format!("<section class=\"step\" id=\"{}\"><h2>{} {}</h2>", esc(&s.id), self.tr("第", "Step"), si + 1));
            let clauses: Vec<(String, String)> = s
                .beats
                .iter()
                .enumerate()
                .map(|(bi, b)| (clause_href(self.rite, BeatRef { step: si, beat: bi }), b.text.clone()))
                .collect();
            p.clauses(&clauses);
            let (first, second) = if self.english { (&s.translation_en, &s.translation) } else { (&s.translation, &s.translation_en) };
            p.para("translation", first);
            p.para("translation other", second);
            for note in self.rite.steps.iter().filter(|n| n.annotates.contains(&s.id)) {
                let en = if self.english { format!(" — {}", note.translation_en) } else { String::new() };
                p.para("note", &format!("{}{en}", note.text()));
            }
            p.raw(&self.step_commentary(si));
            let last = BeatRef { step: si, beat: s.beats.len() - 1 };
            p.raw(&format!("<figure class=\"plan\">{}</figure></section>", self.plan_svg(last)));
        }
        self.save(&section_href(k), p)
    }

    fn person(&mut self, i: usize) -> Result<(), String> {
        let a = &self.rite.timeline.actors[i];
        let mut p = Page::new(&self.actor_name(i), "../", self.english);
        p.nav(&[("../index.html".into(), self.tr("目录", "Contents").into())]);
        p.h1(&self.actor_name(i));
        p.para("role", &a.role);
        let duties: Vec<(String, String)> = self
            .rite
            .duties(i)
            .into_iter()
            .map(|(r, acts)| {
                (
                    format!("../{}", clause_href(self.rite, r)),
                    format!("{} — {}", self.rite.beat(r).text, describe(acts, self.rite, self.lang())),
                )
            })
            .collect();
        p.h2(&format!("{} ({})", self.tr("职事", "Duties"), duties.len()));
        p.list(&duties);
        self.save(&person_href(&a.id), p)
    }

    fn clause(&mut self, r: BeatRef, prev: Option<BeatRef>, next: Option<BeatRef>) -> Result<(), String> {
        let s = &self.rite.steps[r.step];
        let b = self.rite.beat(r);
        let k = self.sections.iter().position(|(_, range)| range.contains(&r.step)).unwrap_or(0);
        let mut p = Page::new(&format!("{} · {}", b.text, self.title()), "../", self.english);
        let mut nav = vec![("../index.html".to_string(), self.tr("目录", "Contents").to_string())];
        nav.push((format!("../{}#{}", section_href(k), s.id), self.section_title(&s.section)));
        if let Some(pr) = prev {
            nav.push((format!("../{}", clause_href(self.rite, pr)), self.tr("上一句", "previous clause").into()));
        }
        if let Some(nx) = next {
            nav.push((format!("../{}", clause_href(self.rite, nx)), self.tr("下一句", "next clause").into()));
        }
        let number = self.rite.beat_number(r) + 1;
        nav.push((format!("../player/index.html#clause={number}"), self.tr("从此句播放", "play from here").into()));
        p.nav(&nav);
        p.h1(&b.text);
        let who: Vec<(String, String)> =
            b.actors.iter().map(|&i| (format!("../{}", person_href(&self.rite.timeline.actors[i].id)), self.actor_name(i))).collect();
        p.list(&who);
        p.raw(&format!("<figure class=\"plan\">{}</figure>", self.plan_svg(r)));
        p.raw(&self.clause_commentary(r));
        self.save(&clause_href(self.rite, r), p)
    }

    /// `const INDEX = [[shown, searched, href], …]`: a row per clause (its words and its people),
    /// and a row per step (its translations), each pointing at a clause's plan.
    fn search_index(&self) -> String {
        let mut rows: Vec<serde_json::Value> = Vec::new();
        for (r, b) in self.rite.beats() {
            let names: Vec<String> = b.actors.iter().map(|&i| self.actor_name(i)).collect();
            rows.push(serde_json::json!([b.text, format!("{} {}", b.text, names.join(" ")), clause_href(self.rite, r)]));
        }
        for (si, s) in self.rite.steps.iter().enumerate() {
            let first = clause_href(self.rite, BeatRef { step: si, beat: 0 });
            let shown: String =
                if self.english { s.translation_en.chars().take(80).collect() } else { s.translation.chars().take(40).collect() };
            rows.push(serde_json::json!([shown, format!("{} {}", s.translation, s.translation_en), first]));
        }
        rows.extend(self.commentary_rows());
        format!("const INDEX = {};\n", serde_json::Value::Array(rows))
    }
}
