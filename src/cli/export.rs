//! `sheli plan` and `sheli book`: files written for people who have no window to open.

use std::io;
use std::process::ExitCode;

use super::MomentArgs;
use crate::plan::PlanOptions;
use crate::rite::Rite;

pub(super) fn plan(rite: &Rite, at: &MomentArgs, out: &str, opts: &PlanOptions) -> io::Result<ExitCode> {
    let (t, beat) = match at.resolve(rite) {
        Ok(x) => x,
        Err(e) => {
            say!("error: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let drawn = crate::plan::plan(rite, t, beat, opts);
    match crate::output::write_whole(std::path::Path::new(out), drawn.svg.as_bytes()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => {
            say!("error: --out {out}: {e}");
            Ok(ExitCode::from(2))
        }
    }
}

pub(super) fn book(rite: &Rite, scene: &str, out: &str, english: bool) -> io::Result<ExitCode> {
    match crate::book::write_scene(rite, Some(scene), std::path::Path::new(out), english) {
        Ok(n) => {
            use std::io::Write as _;
            writeln!(std::io::stdout(), "{out}: {n} pages")?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            say!("error: {e}");
            Ok(ExitCode::from(1))
        }
    }
}

pub(super) fn web(rite: &Rite, out: &str) -> io::Result<ExitCode> {
    match crate::web::write(rite, std::path::Path::new(out)) {
        Ok(()) => {
            use std::io::Write as _;
            writeln!(std::io::stdout(), "{out}/index.html")?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            say!("error: {e}");
            Ok(ExitCode::from(1))
        }
    }
}
