//! Loading: RON text → Scene (serde) → Rite (compiled), with every problem as a located
//! diagnostic. A scene may be split into part files; each problem is reported in its own file.

use ron::extensions::Extensions;
use serde::de::DeserializeOwned;

use super::compile::{Problem, Rite, compile};
use super::diag::{Diagnostic, Diagnostics};
use super::model::{Scene, ScenePart};
use super::span::{self, Path, Pos, Seg};

/// The scenes shipped in the binary, by the path they have in the repository, parts included.
pub const BUILTIN: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/builtin_scenes.rs"));

/// Reads a scene: a file on disk if `name` is one, else a shipped scene by path or id
/// (`scenes/xiang_she.ron`, `xiang_she`). Returns the path it goes by and its text.
pub fn read_scene(name: &str) -> Result<(String, String), String> {
    let path = std::path::Path::new(name);
    if path.is_file() {
        return std::fs::read_to_string(path).map(|src| (name.to_string(), src)).map_err(|e| format!("{name}: error: cannot read: {e}"));
    }
    BUILTIN
        .iter()
        .find(|(p, _)| *p == name || p.trim_start_matches("scenes/").trim_end_matches(".ron") == name)
        .map(|(p, src)| (p.to_string(), src.to_string()))
        .ok_or_else(|| {
            let known: Vec<&str> = BUILTIN.iter().map(|(p, _)| *p).filter(|p| p.matches('/').count() == 1).collect();
            format!("{name}: error: no such file, and no shipped scene of that name (shipped: {})", known.join(", "))
        })
}

/// A part's path, relative to the main file's folder.
pub fn part_path(main: &str, part: &str) -> String {
    match std::path::Path::new(main).parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(part).to_string_lossy().replace('\\', "/"),
        _ => part.to_string(),
    }
}

fn parse_as<T: DeserializeOwned>(file: &str, src: &str) -> Result<T, Diagnostic> {
    let options = ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME | Extensions::UNWRAP_VARIANT_NEWTYPES);
    options.from_str::<T>(src).map_err(|e| {
        let pos = Pos { line: e.span.start.line, col: e.span.start.col };
        Diagnostic::new(file, src, pos, e.code.to_string())
    })
}

pub fn parse(file: &str, src: &str) -> Result<Scene, Diagnostics> {
    parse_as(file, src).map_err(|d| Diagnostics(vec![d]))
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
const LISTS: [&str; 7] = ["objects", "places", "actors", "groups", "props", "templates", "steps"];

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
        let mut out = if in_layout && file == 0 { vec![Seg::Field("layout".into())] } else { Vec::new() };
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
}

/// Parses, validates and compiles a scene and its parts; `read_part` fetches a part by path.
/// All problems are returned, sorted by file and position.
pub fn load_with(file: &str, src: &str, read_part: &dyn Fn(&str) -> Result<String, String>) -> Result<Loaded, Diagnostics> {
    let mut scene = parse(file, src)?;
    let mut files = vec![SourceFile::new(file.to_string(), src.to_string())];
    let mut origins = Origins::default();
    origins.record_all(
        0,
        [
            scene.layout.objects.len(),
            scene.layout.places.len(),
            scene.actors.len(),
            scene.groups.len(),
            scene.props.len(),
            scene.templates.len(),
            scene.steps.len(),
        ],
    );
    let mut diags = Vec::new();
    let texts: Vec<(String, Result<String, String>)> = scene
        .parts
        .iter()
        .map(|part| {
            let name = part_path(file, part);
            let text = read_part(&name);
            (name, text)
        })
        .collect();
    let parsed = parse_parts(&texts);
    for (k, ((name, text), parsed)) in texts.into_iter().zip(parsed).enumerate() {
        let p = match parsed {
            Ok(Ok(p)) => p,
            Ok(Err(d)) => {
                diags.push(d);
                continue;
            }
            Err(e) => {
                diags.push(Diagnostic::new(
                    file,
                    src,
                    files[0].locate(&[Seg::Field("parts".into()), Seg::Index(k)]),
                    format!("cannot read part `{name}`: {e}"),
                ));
                continue;
            }
        };
        origins.record_all(
            files.len(),
            [p.objects.len(), p.places.len(), p.actors.len(), p.groups.len(), p.props.len(), p.templates.len(), p.steps.len()],
        );
        scene.layout.objects.extend(p.objects);
        scene.layout.places.extend(p.places);
        scene.actors.extend(p.actors);
        scene.groups.extend(p.groups);
        scene.props.extend(p.props);
        scene.templates.extend(p.templates);
        scene.steps.extend(p.steps);
        files.push(SourceFile::new(name, text.unwrap_or_default()));
    }
    if !diags.is_empty() {
        return Err(Diagnostics(diags));
    }
    let names = files.iter().map(|f| f.name.clone()).collect();
    compile(&scene).map(|rite| Loaded { rite, files: names }).map_err(|problems| {
        let mut diags: Vec<(usize, Diagnostic)> = problems.into_iter().map(|p| locate(&p, &files, &origins)).collect();
        diags.sort_by_key(|(f, d)| (*f, d.pos.line, d.pos.col));
        diags.dedup_by(|a, b| a.1 == b.1);
        Diagnostics(diags.into_iter().map(|(_, d)| d).collect())
    })
}

fn locate(p: &Problem, files: &[SourceFile], origins: &Origins) -> (usize, Diagnostic) {
    let (fi, path) = origins.map(&p.path);
    let f = &files[fi];
    let message = resolve_paths(&p.message, files, origins, fi);
    (fi, Diagnostic::new(&f.name, &f.src, f.locate(&path), message))
}

/// Messages may mention another node as `@{.steps[3].beats[0]}`; show it as `line:col`
/// (or `file:line:col` when it is in another file).
fn resolve_paths(message: &str, files: &[SourceFile], origins: &Origins, here: usize) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(start) = rest.find("@{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find('}') else {
            out.push_str(&rest[start..]);
            return out;
        };
        let (fi, path) = origins.map(&parse_path(&after[..end]));
        let pos = files[fi].locate(&path);
        if fi == here {
            out.push_str(&format!("{}:{}", pos.line, pos.col));
        } else {
            out.push_str(&format!("{}:{}:{}", files[fi].name, pos.line, pos.col));
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

fn parse_path(s: &str) -> Path {
    let mut path = Vec::new();
    for part in s.split('.').filter(|p| !p.is_empty()) {
        let mut pieces = part.split('[');
        if let Some(name) = pieces.next().filter(|n| !n.is_empty()) {
            path.push(Seg::Field(name.to_string().into()));
        }
        for idx in pieces {
            if let Ok(i) = idx.trim_end_matches(']').parse() {
                path.push(Seg::Index(i));
            }
        }
    }
    path
}

/// Parses the parts side by side: they are files of their own, and parsing is much of a load.
/// A part that could not be read keeps its reading error.
fn parse_parts(texts: &[(String, Result<String, String>)]) -> Vec<Result<Result<ScenePart, Diagnostic>, String>> {
    std::thread::scope(|s| {
        let jobs: Vec<_> = texts
            .iter()
            .map(|(name, text)| text.as_ref().map(|text| s.spawn(move || parse_as::<ScenePart>(name, text))).map_err(String::clone))
            .collect();
        jobs.into_iter().map(|job| job.map(|j| j.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))).collect()
    })
}

/// Reads a part from disk.
pub fn read_part(name: &str) -> Result<String, String> {
    std::fs::read_to_string(name).map_err(|e| e.to_string())
}

/// Reads a part from the scenes shipped in the binary.
pub fn read_builtin_part(name: &str) -> Result<String, String> {
    BUILTIN.iter().find(|(p, _)| *p == name).map(|(_, s)| s.to_string()).ok_or_else(|| "not among the shipped scenes".to_string())
}

/// Where the parts of the scene called `name` come from: beside it on disk, or, for a shipped
/// scene named by id, from the binary.
pub fn part_reader(name: &str) -> fn(&str) -> Result<String, String> {
    if std::path::Path::new(name).is_file() { read_part } else { read_builtin_part }
}

/// Parses, validates and compiles a scene whose parts are read from disk.
pub fn load(file: &str, src: &str) -> Result<Rite, Diagnostics> {
    load_with(file, src, &read_part).map(|l| l.rite)
}

/// Loads a scene by name (see [`read_scene`]), its parts from the same source.
pub fn load_scene(name: &str) -> Result<Loaded, String> {
    let (file, src) = read_scene(name)?;
    load_with(&file, &src, &part_reader(name)).map_err(|d| d.to_string())
}

/// Loads a scene by name (see [`read_scene`]).
pub fn load_named(name: &str) -> Result<Rite, String> {
    load_scene(name).map(|l| l.rite)
}
