//! `sheli plan` and `sheli book`: files written for people who have no window to open.

use std::io;
use std::process::ExitCode;

use super::MomentArgs;
use crate::plan::PlanOptions;
use crate::rite::Rite;

/// Writes a file, saying plainly when its folder is missing.
pub(super) fn write_file(path: &str, text: &str) -> Result<(), String> {
    let dir = std::path::Path::new(path).parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    if !dir.is_dir() {
        return Err(format!("the folder `{}` does not exist", dir.display()));
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))
}

pub(super) fn plan(rite: &Rite, at: &MomentArgs, out: &str, opts: &PlanOptions) -> io::Result<ExitCode> {
    let (t, beat) = match at.resolve(rite) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let drawn = crate::plan::plan(rite, t, beat, opts);
    match write_file(out, &drawn.svg) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => {
            eprintln!("error: --out {out}: {e}");
            Ok(ExitCode::from(2))
        }
    }
}

pub(super) fn book(rite: &Rite, out: &str, english: bool) -> io::Result<ExitCode> {
    match crate::book::write(rite, std::path::Path::new(out), english) {
        Ok(n) => {
            println!("{out}: {n} pages");
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("error: {e}");
            Ok(ExitCode::from(1))
        }
    }
}
