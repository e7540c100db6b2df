//! Where the commands write: never onto a file they read, never half a file. An output is
//! written beside its target under a temporary name and renamed into place once whole, so a
//! full disk or an interrupted run leaves the previous file as it was.

use std::path::{Path, PathBuf};

/// Whether `out` is one of the files the scene was read from (by canonical path, or by inode
/// for a second hard link): writing there would destroy the user's work.
pub(crate) fn refuse_input(out: &Path, inputs: &[String]) -> Result<(), String> {
    let Ok(out_meta) = std::fs::metadata(out) else { return Ok(()) };
    let out_real = std::fs::canonicalize(out).ok();
    for input in inputs {
        let same_path = out_real.is_some() && std::fs::canonicalize(input).ok() == out_real;
        if same_path || std::fs::metadata(input).is_ok_and(|m| same_file(&m, &out_meta)) {
            return Err(format!("it is `{input}`, a file of the scene just read: writing there would destroy it"));
        }
    }
    Ok(())
}

#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    false
}

/// A folder of many files (a book, a player) goes into a new or empty folder, or over one sheli
/// wrote before (`earlier`): never among other files (a scenes folder, a home folder), where its
/// pages would be lost among them or written over them. `what` names it in a message ("a book").
pub(crate) fn claim_folder(dir: &Path, what: &str, example: &str, earlier: impl Fn(&Path) -> bool) -> Result<(), String> {
    if dir.as_os_str().is_empty() {
        return Err(format!("--out names no folder: give one, e.g. --out {example}"));
    }
    if dir.exists() && !dir.is_dir() {
        return Err(format!("{} is not a folder", dir.display()));
    }
    let Ok(mut entries) = std::fs::read_dir(dir) else { return Ok(()) };
    if entries.next().is_none() || earlier(dir) {
        Ok(())
    } else {
        Err(format!("{} holds other files and is not {what} sheli wrote: give a new or empty folder", dir.display()))
    }
}

/// The folder a file goes in, which must exist.
fn folder_of(path: &Path) -> Result<&Path, String> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if dir.is_dir() { Ok(dir) } else { Err(format!("the folder `{}` does not exist", dir.display())) }
}

/// A device, a pipe or a socket is never replaced by a file renamed over it (`--out /dev/full`
/// would put an SVG where the device was): an output is a regular file or a new name.
fn regular_or_new(path: &Path) -> Result<(), String> {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() && !meta.is_dir() => {
            Err(format!("`{}` is not a regular file: give the name of a file to write", path.display()))
        }
        _ => Ok(()),
    }
}

/// A name for the file being written, beside its target (a rename across folders could fail),
/// ending in the target's extension (the PNG encoder and ffmpeg pick the format by it).
pub(crate) fn temp_beside(path: &Path) -> Result<PathBuf, String> {
    regular_or_new(path)?;
    let dir = folder_of(path)?;
    let name = path.file_name().ok_or_else(|| format!("`{}` names no file", path.display()))?;
    let ext = path.extension().map(|e| e.to_string_lossy()).unwrap_or_default();
    Ok(dir.join(format!(".{}.{}.part.{ext}", name.to_string_lossy(), std::process::id())))
}

/// Puts the finished temporary file in place of `path`; on failure the temporary is removed.
pub(crate) fn finish(temp: &Path, path: &Path) -> Result<(), String> {
    std::fs::rename(temp, path).map_err(|e| {
        let _ = std::fs::remove_file(temp);
        format!("cannot put {} in place: {e}", path.display())
    })
}

/// Writes `bytes` to `path` whole or not at all: through a temporary file that is flushed to
/// the disk before it replaces the old one.
pub(crate) fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    use std::io::Write;
    if path.is_dir() {
        return Err(format!("`{}` is a folder", path.display()));
    }
    let temp = temp_beside(path)?;
    let written = std::fs::File::create(&temp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(format!("cannot write {}: {e}", path.display()));
    }
    finish(&temp, path)
}

/// Checks an output path before anything is drawn: its folder exists, and it is no input.
pub(crate) fn check_out(out: &str, inputs: &[String]) -> Result<(), String> {
    if out.is_empty() {
        return Err("give a file name".into());
    }
    folder_of(Path::new(out))?;
    regular_or_new(Path::new(out))?;
    refuse_input(Path::new(out), inputs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_is_never_replaced_by_the_output() {
        let err = write_whole(Path::new("/dev/full"), b"x").unwrap_err();
        assert!(err.contains("not a regular file"), "{err}");
        assert!(!std::fs::metadata("/dev/full").unwrap().is_file(), "/dev/full is still a device");
    }

    #[test]
    fn a_file_just_read_is_refused_under_any_of_its_names() {
        let dir = std::env::temp_dir().join(format!("sheli-output-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let scene = dir.join("scene.ron");
        std::fs::write(&scene, "Scene()").unwrap();
        let inputs = vec![scene.to_string_lossy().to_string()];
        let dotted = dir.join(".").join("scene.ron");
        assert!(check_out(dotted.to_str().unwrap(), &inputs).is_err());
        let link = dir.join("hard.ron");
        let _ = std::fs::remove_file(&link);
        std::fs::hard_link(&scene, &link).unwrap();
        assert!(check_out(link.to_str().unwrap(), &inputs).is_err());
        assert!(check_out(dir.join("plan.svg").to_str().unwrap(), &inputs).is_ok());
        write_whole(&dir.join("plan.svg"), b"<svg/>").unwrap();
        assert_eq!(std::fs::read(dir.join("plan.svg")).unwrap(), b"<svg/>");
        // nothing is left beside it
        let left: Vec<_> =
            std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()).filter(|e| e.file_name().to_string_lossy().contains(".part")).collect();
        assert!(left.is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
