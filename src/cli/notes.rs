//! `sheli notes`: a clause with its 郑注, 音义 and 贾疏; with no clause, how well the recorded
//! alignment covers the 经 and whether it is still the one the sources and the scene give;
//! `--write` records it anew.

use std::io::{self, Write};
use std::process::ExitCode;

use super::{MomentArgs, shown};
use crate::commentary::{Commentary, record};
use crate::rite::Rite;
use crate::rite::scene::load::{Origin, commentary_record_of};

#[derive(clap::Args, Debug, Clone)]
pub struct NotesArgs {
    pub scene: String,
    /// the clause: a few words of its 原文
    #[arg(long, value_parser = super::fragment, conflicts_with = "write")]
    pub text: Option<String>,
    /// which of several clauses the words match (1 is the first)
    #[arg(long, requires = "text", value_parser = super::from_one)]
    pub nth: Option<usize>,
    #[arg(long)]
    pub json: bool,
    /// in the editions' own characters (default: simplified)
    #[arg(long)]
    pub traditional: bool,
    /// align the editions with the scene again and write the record beside it
    /// (`NAME.commentary.tsv` for `NAME.ron`)
    #[arg(long)]
    pub write: bool,
    /// with --write: the 郑氏注 edition to align, by its Kanripo name (default: the record's)
    #[arg(long, requires = "write")]
    pub zhu: Option<String>,
    /// with --write: the 注疏 edition (音义 and 疏), by its Kanripo name (default: the record's)
    #[arg(long, requires = "write")]
    pub shu: Option<String>,
}

pub(super) fn run(args: &NotesArgs) -> io::Result<ExitCode> {
    let loaded = match crate::rite::scene::load::load_scene_bare(&args.scene) {
        Ok(l) => l,
        Err(e) => {
            say!("{e}");
            return Ok(ExitCode::from(1));
        }
    };
    let file = &loaded.files[0];
    let record_file = commentary_record_of(file);
    let recorded = crate::rite::scene::load::read_commentary_record(file, loaded.origin);
    let beats: Vec<&str> = loaded.rite.beats().map(|(_, b)| b.text.as_str()).collect();
    let sources = |given: &Option<String>, column: usize| -> Option<String> {
        given
            .clone()
            .or_else(|| recorded.as_ref().ok().and_then(Option::as_ref).and_then(|r| record::sources(r).map(|s| s[column].clone())))
    };
    if args.write {
        if loaded.origin == Origin::Builtin {
            say!("error: `{}` is the copy built into sheli: --write needs the scene file on disk", args.scene);
            return Ok(ExitCode::from(2));
        }
        let (Some(zhu), Some(shu)) = (sources(&args.zhu, 0), sources(&args.shu, 1)) else {
            say!("error: {record_file} names no sources yet: give --zhu and --shu (e.g. --zhu KR1d0026_005 --shu KR1d0028_005)");
            return Ok(ExitCode::from(2));
        };
        let command = format!("sheli notes {file} --write");
        let text = match record::write(&loaded.rite.title, &command, beats.iter().copied(), &zhu, &shu) {
            Ok(t) => t,
            Err(e) => {
                say!("error: {e}");
                return Ok(ExitCode::from(2));
            }
        };
        if let Err(e) = crate::output::write_whole(std::path::Path::new(&record_file), text.as_bytes()) {
            say!("error: {e}");
            return Ok(ExitCode::from(1));
        }
        say!("wrote {record_file}");
        return summary(&text, &mut io::stdout().lock());
    }
    let record_text = match recorded.clone() {
        Ok(Some(t)) => t,
        Ok(None) => {
            say!("error: `{file}` has no commentary recorded beside it ({record_file}): write one with --write --zhu … --shu …");
            return Ok(ExitCode::from(1));
        }
        Err(e) => {
            say!("{e}");
            return Ok(ExitCode::from(1));
        }
    };
    let commentary = match record::read(&record_file, &record_text, beats.iter().copied()) {
        Ok(c) => c,
        Err(e) => {
            say!("{e}");
            return Ok(ExitCode::from(1));
        }
    };
    match &args.text {
        Some(fragment) => clause(&loaded.rite, &commentary, fragment, args),
        None => {
            let mut out = io::stdout().lock();
            let code = summary(&record_text, &mut out)?;
            writeln!(out, "units: {}; divisions of 贾疏: {}", commentary.units.len(), commentary.divisions.len())?;
            // the record is current when aligning again gives it back, line for line
            let (zhu, shu) = (sources(&None, 0).unwrap_or_default(), sources(&None, 1).unwrap_or_default());
            let fresh = record::write(&loaded.rite.title, &format!("sheli notes {file} --write"), beats.iter().copied(), &zhu, &shu);
            if fresh.as_deref().map(record::body) != Ok(record::body(&record_text)) {
                writeln!(
                    out,
                    "the record is stale: the scene's 原文 or the sources changed since it was written; run `sheli notes {file} --write` and review the diff"
                )?;
                return Ok(ExitCode::from(1));
            }
            writeln!(out, "the record is current")?;
            Ok(code)
        }
    }
}

/// The record's coverage line, as it says it.
fn summary(record_text: &str, out: &mut impl Write) -> io::Result<ExitCode> {
    for line in record_text.lines().filter(|l| l.starts_with("coverage\t")) {
        writeln!(out, "{}", &line["coverage\t".len()..])?;
    }
    Ok(ExitCode::SUCCESS)
}

fn clause(rite: &Rite, commentary: &Commentary, fragment: &str, args: &NotesArgs) -> io::Result<ExitCode> {
    let at = MomentArgs { text: Some(fragment.to_string()), nth: args.nth, ..MomentArgs::default() };
    let beat = match at.resolve(rite) {
        Ok((_, b)) => b,
        Err(e) => {
            say!("error: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let n = rite.beat_number(beat);
    let notes = commentary.notes_after(n);
    let mut out = io::stdout().lock();
    if args.json {
        let v = serde_json::json!({ "step": rite.steps[beat.step].id, "beat": beat.beat, "text": rite.beat(beat).text, "notes": notes });
        writeln!(out, "{v}")?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(out, "经 {}", rite.beat(beat).text)?;
    let (zhu, shu) = if args.traditional { (&notes.zhu_traditional, &notes.shu_traditional) } else { (&notes.zhu, &notes.shu) };
    if zhu.is_empty() {
        // the 注 of a clause that ends no unit follows a later clause
        let next = commentary.of_beat(n).next().map(|u| u.beats.end - 1);
        match next.and_then(|b| rite.numbered_beat(b)) {
            Some((_, b)) => writeln!(out, "(郑注 follows a later clause: 「{}」)", shown(&b.text))?,
            None => writeln!(out, "(郑注 has no note on this clause)")?,
        }
    }
    for z in zhu {
        let (gloss, textual) = crate::commentary::textual_notes(z);
        writeln!(out, "注 {gloss}")?;
        if !textual.is_empty() {
            writeln!(out, "今古文 {textual}")?;
        }
    }
    for y in &notes.yinyi {
        writeln!(out, "音义 {y}")?;
    }
    for s in shu {
        writeln!(out, "疏 {s}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Every quotation of 郑注 or 贾疏 in the scene's files that the editions do not have, as
/// `file:line:col: warning: …` lines with the nearest real passage.
pub(super) fn misquotes(loaded: &crate::rite::scene::load::Loaded) -> Vec<String> {
    let read = crate::rite::scene::load::part_reader(loaded.origin);
    let texts: Vec<(&String, String)> = loaded.files.iter().filter_map(|f| read(f).ok().map(|t| (f, t))).collect();
    if !texts.iter().any(|(_, t)| t.contains("郑注") || t.contains("贾疏")) {
        return Vec::new();
    }
    let library = match crate::commentary::quotes::Library::load() {
        Ok(l) => l,
        Err(e) => return vec![format!("warning: the commentaries cannot be read to check quotations: {e}")],
    };
    let file = &loaded.files[0];
    let own = crate::rite::scene::load::read_commentary_record(file, loaded.origin)
        .ok()
        .flatten()
        .and_then(|r| record::sources(&r))
        .and_then(|[zhu, _]| crate::commentary::quotes::chapter_of(&zhu));
    texts.iter().flat_map(|(f, t)| crate::commentary::quotes::check(&library, t, own).into_iter().map(move |m| m.message(f))).collect()
}
