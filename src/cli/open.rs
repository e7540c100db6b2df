//! Opening the viewer, or `sheli render`: every argument is checked here, before a window
//! exists, so a mistake is a message and an exit code, never a panic inside the window system.

use std::process::ExitCode;

use super::{DEFAULT_SCENE, OpenArgs};

/// The commands, for a word that is neither a command nor a scene.
const COMMANDS: [&str; 6] = ["check", "steps", "state", "duties", "glossary", "render"];

/// Why a name given where a scene is expected names nothing: a mistyped command, most likely.
pub(super) fn unknown_scene(name: &str) -> Option<String> {
    let looks_like_path = name.contains('/') || name.contains('.');
    let exists = std::fs::symlink_metadata(name).is_ok();
    let shipped = crate::rite::read_scene(name).is_ok();
    let command = COMMANDS.contains(&name);
    (!looks_like_path && !exists && !shipped && !command && !name.starts_with('-')).then(|| {
        let near = crate::rite::spell::nearest(name, &COMMANDS).map(|c| format!(" (did you mean `{c}`?)")).unwrap_or_default();
        format!(
            "error: `{name}` is neither a command nor a scene{near}\n  commands: {} (sheli --help)\n  scenes: a .ron file, or a shipped rite: xiang_she, da_she",
            COMMANDS.join(", ")
        )
    })
}

/// A window needs a display; say so rather than fail inside the windowing library.
fn display_problem() -> Option<String> {
    let has = |k: &str| std::env::var_os(k).is_some_and(|v| !v.is_empty());
    (!has("DISPLAY") && !has("WAYLAND_DISPLAY")).then(|| {
        "error: the viewer and `sheli render` draw through a window system, and no display is set (DISPLAY or WAYLAND_DISPLAY); on a server run it under `xvfb-run`".to_string()
    })
}

/// The PNG's folder must exist before a frame is drawn.
fn output_problem(out: &str) -> Option<String> {
    let path = std::path::Path::new(out);
    if !out.to_ascii_lowercase().ends_with(".png") {
        return Some(format!("error: --out {out}: the picture is saved as PNG: name a .png file"));
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    (!dir.is_dir()).then(|| format!("error: --out {out}: the folder `{}` does not exist", dir.display()))
}

pub(super) fn window_size(spec: Option<&str>) -> Result<(u32, u32), String> {
    let Some(s) = spec else { return Ok((1280, 720)) };
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(|| format!("--window {s}: expected WxH, e.g. 1280x720"))?;
    let w: u32 = w.trim().parse().map_err(|_| format!("--window {s}: bad width"))?;
    let h: u32 = h.trim().parse().map_err(|_| format!("--window {s}: bad height"))?;
    if !(64..=8192).contains(&w) || !(64..=8192).contains(&h) {
        return Err(format!("--window {s}: sizes must be between 64 and 8192"));
    }
    Ok((w, h))
}

#[cfg(feature = "viewer")]
pub(super) fn open_viewer(open: OpenArgs, render_to: Option<String>) -> ExitCode {
    let fail = |msg: String, code: u8| {
        eprintln!("{msg}");
        ExitCode::from(code)
    };
    let scene = open.scene.clone().unwrap_or_else(|| DEFAULT_SCENE.to_string());
    if let Some(msg) = unknown_scene(&scene) {
        return fail(msg, 2);
    }
    let view = match open.view.as_deref().map(crate::app::View::parse).transpose() {
        Ok(v) => v.unwrap_or_default(),
        Err(e) => return fail(format!("error: {e}"), 2),
    };
    let window = match window_size(open.window.as_deref()) {
        Ok(s) => s,
        Err(e) => return fail(format!("error: {e}"), 2),
    };
    if let Some(msg) = render_to.as_deref().and_then(output_problem) {
        return fail(msg, 2);
    }
    let loaded = match crate::rite::load::load_scene(&scene) {
        Ok(l) => l,
        Err(e) => return fail(e.to_string().trim_end().to_string(), 1),
    };
    if let Some(note) = crate::rite::load::origin_note(&scene, loaded.origin) {
        eprintln!("{note}");
    }
    let start = if open.at.given() {
        match open.at.resolve(&loaded.rite) {
            // just inside the beat, so the clause shown is the one named
            Ok((t, beat)) => (t - 1e-3).max(loaded.rite.beat(beat).start),
            Err(e) => return fail(format!("error: {e}"), 2),
        }
    } else {
        0.0
    };
    if let Some(key) = &open.select
        && loaded.rite.timeline.actor_index(key).is_none()
    {
        return fail(format!("error: no actor `{key}` (by id, name or alias)"), 2);
    }
    if let Some(msg) = display_problem() {
        return fail(msg, 2);
    }
    let viewer = crate::app::Viewer {
        loaded,
        scene,
        start,
        paused: open.paused,
        view,
        select: open.select,
        window,
        english: open.english,
        render_to: render_to.clone(),
    };
    let exit = crate::app::run(viewer);
    if let Some(out) = render_to
        && !std::path::Path::new(&out).is_file()
    {
        return fail(format!("error: the picture was not saved to {out}"), 1);
    }
    if exit.is_success() { ExitCode::SUCCESS } else { ExitCode::from(1) }
}

#[cfg(not(feature = "viewer"))]
pub(super) fn open_viewer(open: OpenArgs, _: Option<String>) -> ExitCode {
    if let Some(msg) = open.scene.as_deref().and_then(unknown_scene) {
        eprintln!("{msg}");
        return ExitCode::from(2);
    }
    let _ = (display_problem, output_problem, window_size);
    eprintln!("sheli: this build has no viewer (cargo feature `viewer`); check, steps, state, duties and glossary work");
    ExitCode::from(2)
}
