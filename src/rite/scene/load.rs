//! Loading: RON text → Scene (serde) → Rite (compiled), with every problem as a located
//! diagnostic. A scene may be split into part files; each problem is reported in its own file.

pub use super::diag::LoadError;
use super::diag::{Code, Diagnostic, Diagnostics, RelatedPos};
use super::model::{Scene, ScenePart};
use super::span::{self, Path, Pos, Seg};
use crate::rite::compile::{Problem, Rite, compile, unused_templates};

/// The scenes shipped in the binary, by the path they have in the repository, parts included.
pub const BUILTIN: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/builtin_scenes.rs"));

use super::read::parse_as;
pub use super::read::{MAX_FILE_BYTES, MAX_SCENE_BYTES, inside_scene_folder, normalize, part_path, read_regular, scene_folder};
use super::readings::{self, Choice};
use crate::rite::scene::field;

/// Where a scene's text came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Disk,
    /// the copy compiled into the binary
    Builtin,
}

/// The shipped rites' main files (`scenes/xiang_she.ron` …), in the order they are embedded: what
/// the tests walk, so a third rite is tested without editing them.
pub fn shipped_rites() -> Vec<&'static str> {
    BUILTIN.iter().map(|(p, _)| *p).filter(|p| p.matches('/').count() == 1 && p.ends_with(".ron")).collect()
}

/// Reads a scene: a file on disk if `name` is one, else a shipped scene by path or id
/// (`scenes/xiang_she.ron`, `xiang_she`). Returns the path it goes by, its text, and which copy it is.
pub fn read_scene(name: &str) -> Result<(String, String, Origin), String> {
    let path = std::path::Path::new(name);
    if std::fs::symlink_metadata(path).is_ok() {
        return read_regular(name).map(|src| (name.to_string(), src, Origin::Disk)).map_err(|e| format!("{name}: error: cannot read: {e}"));
    }
    BUILTIN
        .iter()
        .find(|(p, _)| *p == name || p.trim_start_matches("scenes/").trim_end_matches(".ron") == name)
        .map(|(p, src)| (p.to_string(), src.to_string(), Origin::Builtin))
        .ok_or_else(|| {
            let known = shipped_rites();
            format!("{name}: error: no such file, and no shipped scene of that name (shipped: {})", known.join(", "))
        })
}

/// The note to print when a name that looks like a path was not on disk and the shipped copy is used.
pub fn origin_note(name: &str, origin: Origin) -> Option<String> {
    let looks_like_path = name.contains('/') || name.ends_with(".ron");
    (origin == Origin::Builtin && looks_like_path).then(|| format!("note: `{name}` is not on disk here: using the copy built into sheli"))
}

pub fn parse(file: &str, src: &str) -> Result<Scene, Diagnostics> {
    parse_as(file, src).map_err(|d| Diagnostics(vec![*d]))
}

/// One file of a scene: its name, its text, and where its values start (indexed only when a
/// diagnostic needs a position: a clean load never pays for it).
pub struct SourceFile {
    pub name: String,
    pub src: String,
    root: std::cell::OnceCell<span::Node>,
}

impl SourceFile {
    fn new(name: String, src: String) -> SourceFile {
        SourceFile { name, src, root: std::cell::OnceCell::new() }
    }

    fn locate(&self, path: &[Seg]) -> Pos {
        self.root.get_or_init(|| span::index(&self.src)).locate(path)
    }
}

/// Which file and which item each entry of the merged lists came from.
#[derive(Default)]
struct Origins {
    lists: Vec<(&'static str, Vec<(usize, usize)>)>,
}

/// The merged lists, in the order `record_all` counts them.
const LISTS: [&str; 7] = [field::OBJECTS, field::PLACES, field::ACTORS, field::GROUPS, field::PROPS, field::TEMPLATES, field::STEPS];

impl Origins {
    /// Counts one file's items of each of the [`LISTS`].
    fn record_all(&mut self, file: usize, counts: [usize; 7]) {
        for (list, count) in LISTS.into_iter().zip(counts) {
            self.record(list, file, count);
        }
    }

    fn record(&mut self, list: &'static str, file: usize, count: usize) {
        let entry = match self.lists.iter_mut().find(|(l, _)| *l == list) {
            Some(e) => e,
            None => {
                self.lists.push((list, Vec::new()));
                self.lists.last_mut().expect("just pushed")
            }
        };
        entry.1.extend((0..count).map(|i| (file, i)));
    }

    /// The file and in-file path of a path into the merged scene.
    fn map(&self, path: &Path) -> (usize, Path) {
        let (list, index, rest, in_layout) = match path.as_slice() {
            [Seg::Field(l), Seg::Field(f), Seg::Index(i), rest @ ..] if l == "layout" && (f == "places" || f == "objects") => {
                (f.as_ref(), *i, rest, true)
            }
            [Seg::Field(f), Seg::Index(i), rest @ ..] => (f.as_ref(), *i, rest, false),
            _ => return (0, path.clone()),
        };
        let Some((file, local)) = self.lists.iter().find(|(l, _)| *l == list).and_then(|(_, v)| v.get(index)).copied() else {
            return (0, path.clone());
        };
        let mut out = if in_layout && file == 0 { vec![Seg::Field(field::LAYOUT.into())] } else { Vec::new() };
        out.push(Seg::Field(list.to_string().into()));
        out.push(Seg::Index(local));
        out.extend(rest.iter().cloned());
        (file, out)
    }
}

/// A loaded scene and the files it came from.
pub struct Loaded {
    pub rite: Rite,
    pub files: Vec<String>,
    /// which copy was read: the file on disk, or the one built into the binary
    pub origin: Origin,
}

/// Parses, validates and compiles a scene and its parts; `read_part` fetches a part by path.
/// All problems are returned, sorted by file and position.
pub fn load_with(file: &str, src: &str, read_part: &dyn Fn(&str) -> Result<String, String>) -> Result<Loaded, Diagnostics> {
    load_reading(file, src, read_part, &[])
}

/// [`load_with`], the disputed points read as `choices` say (the default reading of the rest).
pub fn load_reading(
    file: &str,
    src: &str,
    read_part: &dyn Fn(&str) -> Result<String, String>,
    choices: &[Choice],
) -> Result<Loaded, Diagnostics> {
    let src = &normalize(src.to_string());
    let mut scene = parse(file, src)?;
    let mut diags = Vec::new();
    let mut files = vec![SourceFile::new(file.to_string(), src.to_string())];
    let mut origins = Origins::default();
    origins.record_all(0, scene.list_lengths());
    let mut listed: Vec<(usize, String)> = Vec::new();
    let folder = if scene.parts.is_empty() { None } else { scene_folder(file) };
    for (k, part) in scene.parts.iter().enumerate() {
        let here = || files[0].locate(&[Seg::Field(field::PARTS.into()), Seg::Index(k)]);
        let name = match part_path(file, part).and_then(|name| inside_scene_folder(folder.as_deref(), &name).map(|()| name)) {
            Ok(name) => name,
            Err(why) => {
                diags.push(Diagnostic::new(Code::Part, file, src, here(), format!("part `{}` is refused: {why}", part.escape_debug())));
                continue;
            }
        };
        if name == file {
            diags.push(Diagnostic::new(Code::Part, file, src, here(), format!("part `{part}` is this file itself")));
        } else if let Some(&(first, _)) = listed.iter().find(|(_, n)| *n == name) {
            let mut d = Diagnostic::new(Code::Part, file, src, here(), format!("part `{part}` is listed twice"));
            d.related.push(RelatedPos {
                label: "first at".into(),
                file: None,
                pos: files[0].locate(&[Seg::Field(field::PARTS.into()), Seg::Index(first)]),
            });
            diags.push(d);
        } else {
            listed.push((k, name));
        }
    }
    let mut total = src.len() as u64;
    let texts: Vec<(String, Result<String, String>)> = listed
        .iter()
        .map(|(_, name)| {
            let text = read_part(name).map(normalize).and_then(|t| {
                total += t.len() as u64;
                if total > MAX_SCENE_BYTES { Err(format!("the scene's files come to more than {MAX_SCENE_BYTES} bytes")) } else { Ok(t) }
            });
            (name.clone(), text)
        })
        .collect();
    let parsed = parse_parts(&texts);
    for (&(k, _), ((name, text), parsed)) in listed.iter().zip(texts.into_iter().zip(parsed)) {
        let p = match parsed {
            Ok(Ok(p)) => p,
            Ok(Err(d)) => {
                diags.push(*d);
                continue;
            }
            Err(e) => {
                diags.push(Diagnostic::new(
                    Code::Part,
                    file,
                    src,
                    files[0].locate(&[Seg::Field(field::PARTS.into()), Seg::Index(k)]),
                    format!("cannot read part `{name}`: {e}"),
                ));
                continue;
            }
        };
        origins.record_all(files.len(), p.list_lengths());
        scene.append(p);
        files.push(SourceFile::new(name, text.unwrap_or_default()));
    }
    if !diags.is_empty() {
        return Err(Diagnostics(diags));
    }
    let names = files.iter().map(|f| f.name.clone()).collect();
    let (read, moved) = match readings::apply(&scene, choices) {
        Ok(x) => x,
        // a choice the scene has no reading for points at the scene's list of readings
        Err(e) => {
            let here = files[0].locate(&[Seg::Field(field::READINGS.into())]);
            return Err(Diagnostics(vec![Diagnostic::new(Code::Reading, file, src, here, format!("--reading: {e}"))]));
        }
    };
    let mut checked = readings::check(&scene);
    checked.extend(unused_templates(&scene));
    let compiled = if checked.is_empty() { compile(&read) } else { Err(checked) };
    compiled
        .map(|mut rite| {
            rite.readings = scene.readings.clone();
            rite.chosen = choices.to_vec();
            Loaded { rite, files: names, origin: Origin::Disk }
        })
        .map_err(|problems| {
            let mut diags: Vec<(usize, Diagnostic)> =
                problems.into_iter().map(|p| readings::relocated(p, &moved)).map(|p| locate(&p, &files, &origins)).collect();
            diags.sort_by_key(|(f, d)| (*f, d.pos.line, d.pos.col));
            diags.dedup_by(|a, b| a.1 == b.1);
            Diagnostics(diags.into_iter().map(|(_, d)| d).collect())
        })
}

fn locate(p: &Problem, files: &[SourceFile], origins: &Origins) -> (usize, Diagnostic) {
    let (fi, path) = origins.map(&p.path);
    let f = &files[fi];
    let mut d = Diagnostic::new(p.code, &f.name, &f.src, f.locate(&path), p.message.clone());
    d.related = p
        .related
        .iter()
        .map(|r| {
            let (ri, rpath) = origins.map(&r.path);
            let file = (ri != fi).then(|| files[ri].name.clone());
            RelatedPos { label: r.label.clone(), file, pos: files[ri].locate(&rpath) }
        })
        .collect();
    (fi, d)
}

/// Parses the parts side by side (parsing is much of a load) on a few threads, never one a part:
/// a scene listing thousands of parts must not start thousands of threads. A part that could not
/// be read keeps its reading error.
fn parse_parts(texts: &[(String, Result<String, String>)]) -> Vec<Result<Result<ScenePart, Box<Diagnostic>>, String>> {
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 8).min(texts.len().max(1));
    let parse = |(name, text): &(String, Result<String, String>)| {
        text.as_ref().map(|text| parse_as::<ScenePart>(name, text)).map_err(String::clone)
    };
    if workers <= 1 {
        return texts.iter().map(parse).collect();
    }
    let mut out: Vec<Option<_>> = (0..texts.len()).map(|_| None).collect();
    std::thread::scope(|s| {
        let jobs: Vec<_> = (0..workers)
            .map(|w| s.spawn(move || texts.iter().enumerate().skip(w).step_by(workers).map(|(i, t)| (i, parse(t))).collect::<Vec<_>>()))
            .collect();
        for job in jobs {
            for (i, r) in job.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)) {
                out[i] = Some(r);
            }
        }
    });
    out.into_iter().map(|r| r.expect("every part is parsed by one worker")).collect()
}

/// Reads a part from disk.
pub fn read_part(name: &str) -> Result<String, String> {
    read_regular(name)
}

/// Reads a part from the scenes shipped in the binary.
pub fn read_builtin_part(name: &str) -> Result<String, String> {
    BUILTIN.iter().find(|(p, _)| *p == name).map(|(_, s)| s.to_string()).ok_or_else(|| "not among the shipped scenes".to_string())
}

/// Where the parts of the scene called `name` come from: beside it on disk, or, for a shipped
/// scene named by id, from the binary.
pub fn part_reader(origin: Origin) -> fn(&str) -> Result<String, String> {
    match origin {
        Origin::Disk => read_part,
        Origin::Builtin => read_builtin_part,
    }
}

/// Parses, validates and compiles a scene whose parts are read from disk.
pub fn load(file: &str, src: &str) -> Result<Rite, Diagnostics> {
    load_with(file, src, &read_part).map(|l| l.rite)
}

/// Loads a scene by name (see [`read_scene`]), its parts from the same source.
pub fn load_scene(name: &str) -> Result<Loaded, LoadError> {
    load_scene_with(name, &[])
}

/// [`load_scene`], the disputed points read as `choices` say.
pub fn load_scene_with(name: &str, choices: &[Choice]) -> Result<Loaded, LoadError> {
    let mut loaded = load_scene_reading(name, choices)?;
    let file = &loaded.files[0];
    loaded.rite.commentary = commentary_or_none(file, loaded.origin, &loaded.rite);
    Ok(loaded)
}

/// Loads a scene by name without its commentary (for aligning it anew).
pub fn load_scene_bare(name: &str) -> Result<Loaded, LoadError> {
    load_scene_reading(name, &[])
}

/// Loads a scene by name, its disputed points read as `choices` say, without its commentary.
pub fn load_scene_reading(name: &str, choices: &[Choice]) -> Result<Loaded, LoadError> {
    let (file, src, origin) = read_scene(name).map_err(LoadError::Unreadable)?;
    let mut loaded = load_reading(&file, &src, &part_reader(origin), choices).map_err(LoadError::Invalid)?;
    loaded.origin = origin;
    Ok(loaded)
}

/// The commentary beside scene `file`, or none where its record no longer fits the scene (a
/// scene being edited): a stale record must not stop the rite from loading, and `sheli notes
/// SCENE` says it is stale and how to write it anew.
fn commentary_or_none(file: &str, origin: Origin, rite: &Rite) -> crate::commentary::Commentary {
    commentary_beside(file, origin, rite).unwrap_or_default()
}

/// The commentary recorded beside scene `file` (`NAME.commentary.tsv` for `NAME.ron`), put
/// together with the rite's clauses; none if there is no record.
pub fn commentary_beside(file: &str, origin: Origin, rite: &Rite) -> Result<crate::commentary::Commentary, String> {
    let Some(text) = read_commentary_record(file, origin)? else { return Ok(Default::default()) };
    let beats = rite.steps.iter().flat_map(|s| &s.beats).map(|b| b.text.as_str());
    crate::commentary::record::read(&commentary_record_of(file), &text, beats)
}

/// The text of the commentary record beside scene `file`, from the same copy as the scene.
pub fn read_commentary_record(file: &str, origin: Origin) -> Result<Option<String>, String> {
    let record = commentary_record_of(file);
    match origin {
        Origin::Disk if std::fs::symlink_metadata(&record).is_err() => Ok(None),
        Origin::Builtin if !BUILTIN.iter().any(|(p, _)| *p == record) => Ok(None),
        _ => part_reader(origin)(&record).map(Some).map_err(|e| format!("{record}: error: cannot read: {e}")),
    }
}

/// Where the commentary alignment of scene `file` is recorded.
pub fn commentary_record_of(file: &str) -> String {
    format!("{}.commentary.tsv", file.strip_suffix(".ron").unwrap_or(file))
}

/// Loads a scene from disk only, never from the copy in the binary: what the viewer reloads
/// when the user's file changes (a file that is gone for a moment is an error, not the shipped rite).
pub fn load_file(path: &str) -> Result<Loaded, LoadError> {
    let src = read_regular(path).map_err(|e| LoadError::Unreadable(format!("{path}: error: cannot read: {e}")))?;
    let mut loaded = load_with(path, &src, &read_part).map_err(LoadError::Invalid)?;
    loaded.rite.commentary = commentary_or_none(path, Origin::Disk, &loaded.rite);
    Ok(loaded)
}

/// Loads a scene by name (see [`read_scene`]).
pub fn load_named(name: &str) -> Result<Rite, String> {
    load_scene(name).map(|l| l.rite).map_err(|e| e.to_string())
}
