//! Loading: RON text → Scene (serde) → Rite (compiled), with every problem as a located
//! diagnostic. A scene may be split into part files; each problem is reported in its own file.

use ron::extensions::Extensions;
use serde::de::DeserializeOwned;

use super::compile::{Problem, Rite, compile};
use super::diag::{Diagnostic, Diagnostics, RelatedPos};
use super::model::{Scene, ScenePart};
use super::span::{self, Path, Pos, Seg};

/// The scenes shipped in the binary, by the path they have in the repository, parts included.
pub const BUILTIN: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/builtin_scenes.rs"));

/// The largest scene file read, in bytes: the shipped rites are a few hundred KB a file.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Where a scene's text came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Disk,
    /// the copy compiled into the binary
    Builtin,
}

/// The largest scene, all its files together, in bytes.
pub const MAX_SCENE_BYTES: u64 = 64 << 20;

/// Folders whose files are not text a person wrote: their contents change as they are read,
/// may block for ever (`/proc/kmsg`), or hold secrets (`/proc/self/environ`).
const REFUSED_ROOTS: [&str; 3] = ["/proc", "/sys", "/dev"];

/// Reads a file that must be a regular file of at most [`MAX_FILE_BYTES`]: a FIFO, a device, a
/// folder or anything under `/proc`, `/sys` or `/dev` is refused before it is opened, and a file
/// that grows while it is read is cut off. The text is checked to be UTF-8; a byte-order mark
/// is dropped and CR or CRLF line ends read as LF, so positions count lines as an editor does.
pub fn read_regular(name: &str) -> Result<String, String> {
    use std::io::Read;
    if let Ok(real) = std::fs::canonicalize(name)
        && let Some(root) = REFUSED_ROOTS.iter().find(|r| real.starts_with(r))
    {
        return Err(format!("a file under {root} is not a scene"));
    }
    let meta = std::fs::metadata(name).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".into());
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!("{} bytes: a scene file has at most {MAX_FILE_BYTES}", meta.len()));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(name).and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)).map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!("it grew past {MAX_FILE_BYTES} bytes while being read"));
    }
    decode(bytes)
}

/// Scene text from a file's bytes: UTF-8 (a bad byte is reported by line and column), without
/// a byte-order mark, with LF line ends.
pub fn decode(bytes: Vec<u8>) -> Result<String, String> {
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let good = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let before = String::from_utf8_lossy(&bytes[..good]);
            let line = before.matches('\n').count() + 1;
            let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            return Err(format!("not UTF-8 text: line {line}, column {col} holds the byte 0x{:02x}", bytes[good]));
        }
    };
    Ok(normalize(text))
}

/// Drops a byte-order mark and turns CRLF and lone CR line ends into LF.
pub fn normalize(text: String) -> String {
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    };
    if text.contains('\r') { text.replace("\r\n", "\n").replace('\r', "\n") } else { text }
}

/// The first control character in a scene's text (other than tab and newline), with where it is:
/// it would pass into the plans' SVG and the book's HTML, where it is not allowed.
fn control_character(file: &str, src: &str) -> Option<Diagnostic> {
    let (mut line, mut col) = (1, 1);
    for c in src.chars() {
        if c == '\n' {
            line += 1;
            col = 1;
            continue;
        }
        if c.is_control() && c != '\t' {
            let message = format!("the text holds the control character U+{:04X}: a scene holds only printable text, tabs and newlines", c as u32);
            return Some(Diagnostic::new(file, src, Pos { line, col }, message));
        }
        col += 1;
    }
    None
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
            let known: Vec<&str> = BUILTIN.iter().map(|(p, _)| *p).filter(|p| p.matches('/').count() == 1).collect();
            format!("{name}: error: no such file, and no shipped scene of that name (shipped: {})", known.join(", "))
        })
}

/// The note to print when a name that looks like a path was not on disk and the shipped copy is used.
pub fn origin_note(name: &str, origin: Origin) -> Option<String> {
    let looks_like_path = name.contains('/') || name.ends_with(".ron");
    (origin == Origin::Builtin && looks_like_path).then(|| format!("note: `{name}` is not on disk here: using the copy built into sheli"))
}

/// A part's path, relative to the main file's folder. A part lives in that folder or below it:
/// an absolute path, or one that climbs out with `..`, is refused (the message names the path
/// as written, and nothing is read). `.` and `x/..` are resolved, so one file has one name.
pub fn part_path(main: &str, part: &str) -> Result<String, String> {
    use std::path::Component;
    let mut kept: Vec<&str> = Vec::new();
    for c in std::path::Path::new(part).components() {
        match c {
            Component::Normal(n) => kept.push(n.to_str().ok_or("the path is not UTF-8")?),
            Component::CurDir => {}
            Component::ParentDir => {
                if kept.pop().is_none() {
                    return Err("it climbs out of the scene's folder: a part lives in the folder of the scene that names it, or below".into());
                }
            }
            Component::RootDir | Component::Prefix(_) => {
                return Err("it is an absolute path: a part is named relative to the scene's folder".into());
            }
        }
    }
    if kept.is_empty() {
        return Err("it names no file".into());
    }
    let rel = kept.join("/");
    Ok(match std::path::Path::new(main).parent() {
        Some(dir) if !dir.as_os_str().is_empty() => format!("{}/{rel}", dir.to_string_lossy().replace('\\', "/")),
        _ => rel,
    })
}

/// Whether `part`, once its links are followed, is still inside the folder of `main`: a part
/// that is a link to a file elsewhere is refused like `../x`.
pub fn inside_scene_folder(main: &str, part: &str) -> Result<(), String> {
    let folder = std::path::Path::new(main).parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    let (Ok(folder), Ok(real)) = (std::fs::canonicalize(folder), std::fs::canonicalize(part)) else {
        return Ok(()); // missing: reading it says so
    };
    if real.starts_with(&folder) { Ok(()) } else { Err("it leads (through a link) out of the scene's folder".into()) }
}

fn parse_as<T: DeserializeOwned>(file: &str, src: &str) -> Result<T, Diagnostic> {
    let options = ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME | Extensions::UNWRAP_VARIANT_NEWTYPES);
    if let Some(d) = control_character(file, src) {
        return Err(d);
    }
    options.from_str::<T>(src).map_err(|e| {
        let pos = Pos { line: e.span.start.line, col: e.span.start.col };
        match (&e.code, span::unclosed_comment(src)) {
            (ron::Error::UnclosedBlockComment, Some(open)) => Diagnostic::new(file, src, open, "this block comment (`/*`) is never closed"),
            _ => Diagnostic::new(file, src, pos, explain(&e.code)),
        }
    })
}

/// The parser's message, with a suggestion where a misspelt field or variant is near a real one.
fn explain(code: &ron::Error) -> String {
    let (what, expected, found, outer) = match code {
        ron::Error::NoSuchStructField { expected, found, outer } => ("field", *expected, found, outer),
        ron::Error::NoSuchEnumVariant { expected, found, outer } => ("variant", *expected, found, outer),
        other => return other.to_string(),
    };
    let within = outer.as_ref().map(|o| format!(" in `{o}`")).unwrap_or_default();
    let listed = expected.iter().map(|e| format!("`{e}`")).collect::<Vec<_>>().join(", ");
    match crate::rite::spell::nearest(found, expected) {
        Some(near) => format!("unknown {what} `{found}`{within}: did you mean `{near}`? (expected one of {listed})"),
        None => format!("unknown {what} `{found}`{within} (expected one of {listed})"),
    }
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
    /// which copy was read: the file on disk, or the one built into the binary
    pub origin: Origin,
}

/// Parses, validates and compiles a scene and its parts; `read_part` fetches a part by path.
/// All problems are returned, sorted by file and position.
pub fn load_with(file: &str, src: &str, read_part: &dyn Fn(&str) -> Result<String, String>) -> Result<Loaded, Diagnostics> {
    let src = &normalize(src.to_string());
    let mut scene = parse(file, src)?;
    let mut diags = Vec::new();
    let mut files = vec![SourceFile::new(file.to_string(), src.to_string())];
    let mut origins = Origins::default();
    origins.record_all(0, scene.list_lengths());
    let mut listed: Vec<(usize, String)> = Vec::new();
    for (k, part) in scene.parts.iter().enumerate() {
        let here = || files[0].locate(&[Seg::Field("parts".into()), Seg::Index(k)]);
        let name = match part_path(file, part).and_then(|name| inside_scene_folder(file, &name).map(|()| name)) {
            Ok(name) => name,
            Err(why) => {
                diags.push(Diagnostic::new(file, src, here(), format!("part `{}` is refused: {why}", part.escape_debug())));
                continue;
            }
        };
        if name == file {
            diags.push(Diagnostic::new(file, src, here(), format!("part `{part}` is this file itself")));
        } else if let Some(&(first, _)) = listed.iter().find(|(_, n)| *n == name) {
            let mut d = Diagnostic::new(file, src, here(), format!("part `{part}` is listed twice"));
            d.related.push(RelatedPos {
                label: "first at".into(),
                file: None,
                pos: files[0].locate(&[Seg::Field("parts".into()), Seg::Index(first)]),
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
        origins.record_all(files.len(), p.list_lengths());
        scene.append(p);
        files.push(SourceFile::new(name, text.unwrap_or_default()));
    }
    if !diags.is_empty() {
        return Err(Diagnostics(diags));
    }
    let names = files.iter().map(|f| f.name.clone()).collect();
    compile(&scene).map(|rite| Loaded { rite, files: names, origin: Origin::Disk }).map_err(|problems| {
        let mut diags: Vec<(usize, Diagnostic)> = problems.into_iter().map(|p| locate(&p, &files, &origins)).collect();
        diags.sort_by_key(|(f, d)| (*f, d.pos.line, d.pos.col));
        diags.dedup_by(|a, b| a.1 == b.1);
        Diagnostics(diags.into_iter().map(|(_, d)| d).collect())
    })
}

fn locate(p: &Problem, files: &[SourceFile], origins: &Origins) -> (usize, Diagnostic) {
    let (fi, path) = origins.map(&p.path);
    let f = &files[fi];
    let mut d = Diagnostic::new(&f.name, &f.src, f.locate(&path), p.message.clone());
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
fn parse_parts(texts: &[(String, Result<String, String>)]) -> Vec<Result<Result<ScenePart, Diagnostic>, String>> {
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

/// Why a scene did not load: its file could not be read, or it has problems.
#[derive(Debug, Clone)]
pub enum LoadError {
    Unreadable(String),
    Invalid(Diagnostics),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Unreadable(e) => writeln!(f, "{e}"),
            LoadError::Invalid(d) => write!(f, "{d}"),
        }
    }
}

impl LoadError {
    /// One line per problem, `path:line:col: error: message`, for a banner.
    pub fn headlines(&self) -> Vec<String> {
        match self {
            LoadError::Unreadable(e) => vec![e.clone()],
            LoadError::Invalid(d) => d.0.iter().map(|d| d.headline()).collect(),
        }
    }
}

/// Loads a scene by name (see [`read_scene`]), its parts from the same source.
pub fn load_scene(name: &str) -> Result<Loaded, LoadError> {
    let (file, src, origin) = read_scene(name).map_err(LoadError::Unreadable)?;
    load_with(&file, &src, &part_reader(origin)).map(|l| Loaded { origin, ..l }).map_err(LoadError::Invalid)
}

/// Loads a scene from disk only, never from the copy in the binary: what the viewer reloads
/// when the user's file changes (a file that is gone for a moment is an error, not the shipped rite).
pub fn load_file(path: &str) -> Result<Loaded, LoadError> {
    let src = read_regular(path).map_err(|e| LoadError::Unreadable(format!("{path}: error: cannot read: {e}")))?;
    load_with(path, &src, &read_part).map_err(LoadError::Invalid)
}

/// Loads a scene by name (see [`read_scene`]).
pub fn load_named(name: &str) -> Result<Rite, String> {
    load_scene(name).map(|l| l.rite).map_err(|e| e.to_string())
}
