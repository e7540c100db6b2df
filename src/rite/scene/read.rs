//! Reading a scene's files as untrusted input: regular files of bounded size, never from
//! `/proc`, `/sys` or `/dev`, parts confined to the scene's folder, text checked to be UTF-8
//! without control characters, with its line ends made LF.

use ron::extensions::Extensions;
use serde::de::DeserializeOwned;

use super::diag::{Code, Diagnostic};
use super::span::{self, Pos};

/// The largest scene file read, in bytes: the shipped rites are a few hundred KB a file.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// The largest scene, all its files together, in bytes.
pub const MAX_SCENE_BYTES: u64 = 64 << 20;

/// Folders whose files are not text a person wrote: their contents change as they are read,
/// may block for ever (`/proc/kmsg`), or hold secrets (`/proc/self/environ`).
const REFUSED_ROOTS: [&str; 3] = ["/proc", "/sys", "/dev"];

/// Reads a file that must be a regular file of at most [`MAX_FILE_BYTES`]: a FIFO, a device, a
/// folder or anything under `/proc`, `/sys` or `/dev` is refused before it is opened, and a file
/// that grows while it is read is cut off. The text is checked to be UTF-8 (the loader then
/// [`normalize`]s it, whatever it was read from).
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

/// Scene text from a file's bytes: UTF-8, a bad byte reported by line and column (counted as
/// the loader counts them, CR line ends included).
fn decode(bytes: Vec<u8>) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let bytes = e.into_bytes();
        let before = normalize(String::from_utf8_lossy(&bytes[..good]).into_owned());
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        format!("not UTF-8 text: line {line}, column {col} holds the byte 0x{:02x}", bytes[good])
    })
}

/// Drops a byte-order mark and turns CRLF and lone CR line ends into LF, so positions count
/// lines as an editor does.
pub fn normalize(mut text: String) -> String {
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    if text.contains('\r') { text.replace("\r\n", "\n").replace('\r', "\n") } else { text }
}

/// The text parsed as a scene or a part: a control character, a syntax error or a misspelt
/// name located, with a "did you mean".
/// (The diagnostic is boxed: a failed parse is rare, and the parsed value's `Result` stays small.)
pub(super) fn parse_as<T: DeserializeOwned>(file: &str, src: &str) -> Result<T, Box<Diagnostic>> {
    let options = ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME | Extensions::UNWRAP_VARIANT_NEWTYPES);
    if let Some(d) = control_character(file, src) {
        return Err(Box::new(d));
    }
    options.from_str::<T>(src).map_err(|e| {
        let pos = Pos { line: e.span.start.line, col: e.span.start.col };
        match (&e.code, span::unclosed_comment(src)) {
            (ron::Error::UnclosedBlockComment, Some(open)) => {
                Diagnostic::new(Code::Syntax, file, src, open, "this block comment (`/*`) is never closed")
            }
            _ => Diagnostic::new(Code::Syntax, file, src, pos, explain(&e.code)),
        }
        .into()
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
    match super::spell::nearest(found, expected) {
        Some(near) => format!("unknown {what} `{found}`{within}: did you mean `{near}`? (expected one of {listed})"),
        None => format!("unknown {what} `{found}`{within} (expected one of {listed})"),
    }
}

/// The first control character in a scene's text (other than tab and newline), with where it is:
/// it would pass into the plans' SVG and the book's HTML, where it is not allowed.
pub(super) fn control_character(file: &str, src: &str) -> Option<Diagnostic> {
    let (mut line, mut col) = (1, 1);
    for c in src.chars() {
        if c == '\n' {
            line += 1;
            col = 1;
            continue;
        }
        if c.is_control() && c != '\t' {
            let message =
                format!("the text holds the control character U+{:04X}: a scene holds only printable text, tabs and newlines", c as u32);
            return Some(Diagnostic::new(Code::Syntax, file, src, Pos { line, col }, message));
        }
        col += 1;
    }
    None
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
                    return Err(
                        "it climbs out of the scene's folder: a part lives in the folder of the scene that names it, or below".into()
                    );
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

/// The folder of the scene `main`, its links followed; `None` when it is not on disk (a shipped
/// scene, or text handed to the loader).
pub fn scene_folder(main: &str) -> Option<std::path::PathBuf> {
    let folder = std::path::Path::new(main).parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    std::fs::canonicalize(folder).ok()
}

/// Whether `part`, once its links are followed, is still inside the scene's `folder` (from
/// [`scene_folder`]): a part that is a link to a file elsewhere is refused like `../x`.
pub fn inside_scene_folder(folder: Option<&std::path::Path>, part: &str) -> Result<(), String> {
    let (Some(folder), Ok(real)) = (folder, std::fs::canonicalize(part)) else {
        return Ok(()); // missing: reading it says so
    };
    if real.starts_with(folder) { Ok(()) } else { Err("it leads (through a link) out of the scene's folder".into()) }
}
