//! Opening the viewer, or `sheli render`: every argument is checked here, before a window
//! exists, so a mistake is a message and an exit code, never a panic inside the window system.

use std::process::ExitCode;

use super::OpenArgs;

/// Why a name given where a scene is expected names nothing: a mistyped command, most likely.
pub(super) fn unknown_scene(name: &str) -> Option<String> {
    use clap::CommandFactory;
    let cli = super::Cli::command();
    let commands: Vec<&str> = cli.get_subcommands().map(|c| c.get_name()).collect();
    let looks_like_path = name.contains('/') || name.contains('.');
    let exists = std::fs::symlink_metadata(name).is_ok();
    let shipped = crate::rite::read_scene(name).is_ok();
    let command = commands.contains(&name);
    (!looks_like_path && !exists && !shipped && !command && !name.starts_with('-')).then(|| {
        let near = crate::rite::scene::spell::nearest(name, &commands).map(|c| format!(" (did you mean `{c}`?)")).unwrap_or_default();
        format!(
            "error: `{name}` is neither a command nor a scene{near}\n  commands: {} (sheli --help)\n  scenes: a .ron file, or a shipped rite: xiang_she, da_she",
            commands.join(", ")
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

/// The output's folder must exist, and its kind be one sheli writes, before a frame is drawn.
fn output_problem(out: &str, kinds: &[&str]) -> Option<String> {
    let path = std::path::Path::new(out);
    let lower = out.to_ascii_lowercase();
    if !kinds.iter().any(|k| lower.ends_with(k)) {
        return Some(format!("error: --out {out}: name a {} file", kinds.join(" or ")));
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

fn fail(msg: String, code: u8) -> ExitCode {
    say!("{msg}");
    ExitCode::from(code)
}

#[cfg(feature = "viewer")]
pub(super) fn open_viewer(open: OpenArgs, render_to: Option<String>) -> ExitCode {
    match prepare(open, render_to.clone()) {
        Ok(viewer) => run(viewer, render_to),
        Err(code) => code,
    }
}

#[cfg(feature = "viewer")]
fn run(viewer: crate::app::Viewer, out: Option<String>) -> ExitCode {
    let exit = crate::app::run(viewer);
    if let Some(out) = out
        && !std::path::Path::new(&out).is_file()
    {
        return fail(format!("error: nothing was saved to {out}"), 1);
    }
    if exit.is_success() { ExitCode::SUCCESS } else { ExitCode::from(1) }
}

/// `sheli clip`: the span from the clause `from` ends in to the first clause from there that `to`
/// ends in, filmed at `fps`.
#[cfg(feature = "viewer")]
pub(super) fn clip(open: OpenArgs, from: &str, to: &str, fps: u32, out: String) -> ExitCode {
    let viewer_pace = open.at.pace;
    if let Some(msg) = output_problem(&out, &[".gif", ".mp4"]) {
        return fail(msg, 2);
    }
    let has_ffmpeg = std::process::Command::new("ffmpeg").arg("-version").output().is_ok_and(|o| o.status.success());
    if out.to_ascii_lowercase().ends_with(".mp4") && !has_ffmpeg {
        return fail("error: an MP4 is encoded by ffmpeg, which is not installed here; install it, or write a .gif".into(), 2);
    }
    let Ok(mut viewer) = prepare(open, None) else { return ExitCode::from(2) };
    if let Err(e) = crate::output::check_out(&out, &viewer.loaded.files) {
        return fail(format!("error: --out {out}: {e}"), 2);
    }
    let rite = &viewer.loaded.rite;
    let Some(&a) = rite.find_text(from).first() else {
        return fail(format!("error: no beat's 原文 contains `{}`", super::shown(from)), 2);
    };
    let Some(&b) = rite.find_text(to).iter().find(|r| **r >= a) else {
        return fail(format!("error: no clause from `{}` on contains `{}`", super::shown(from), super::shown(to)), 2);
    };
    let (t0, t1) = (rite.beat(a).start, rite.beat(b).end);
    // a clip is filmed in real time unless --pace film asks for viewing time
    viewer.pace = viewer_pace.unwrap_or_default();
    let map = crate::rite::timeline::pace::PaceMap::new(rite, viewer.pace);
    viewer.start = t0;
    viewer.clip = Some(crate::app::capture::clip::Clip { from: map.to_view(t0), to: map.to_view(t1), fps, out: out.clone() });
    run(viewer, Some(out))
}

/// Checks every argument and loads the scene: the viewer to start, or the exit code.
#[cfg(feature = "viewer")]
fn prepare(open: OpenArgs, render_to: Option<String>) -> Result<crate::app::Viewer, ExitCode> {
    let fail = |msg: String, code: u8| Err(fail(msg, code));
    let scene = open.scene.clone().unwrap_or_else(|| super::DEFAULT_SCENE.to_string());
    if let Some(msg) = unknown_scene(&scene) {
        return fail(msg, 2);
    }
    // the director films a rite that plays; a still picture defaults to the overview
    let view = match open.view.as_deref().map(str::parse::<crate::app::View>).transpose() {
        Ok(v) => v.unwrap_or(if render_to.is_some() { crate::app::View::Overview } else { crate::app::View::Director }),
        Err(e) => return fail(format!("error: {e}"), 2),
    };
    let window = match window_size(open.window.as_deref()) {
        Ok(s) => s,
        Err(e) => return fail(format!("error: {e}"), 2),
    };
    if let Some(msg) = render_to.as_deref().and_then(|o| output_problem(o, &[".png"])) {
        return fail(msg, 2);
    }
    let loaded = match crate::rite::scene::load::load_scene_with(&scene, super::chosen_readings()) {
        Ok(l) => l,
        Err(e) => return fail(e.to_string().trim_end().to_string(), 1),
    };
    if let Some(note) = crate::rite::scene::load::origin_note(&scene, loaded.origin) {
        say!("{note}");
    }
    if let Some(out) = render_to.as_deref()
        && let Err(e) = crate::output::check_out(out, &loaded.files)
    {
        return fail(format!("error: --out {out}: {e}"), 2);
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
    Ok(crate::app::Viewer {
        loaded,
        scene,
        start,
        paused: open.paused,
        view,
        select: open.select,
        window,
        english: open.english,
        notes: crate::app::NotesView { traditional: open.traditional, open_shu: open.open_shu },
        render_to,
        clip: None,
        pace: open.at.pace.unwrap_or(crate::rite::timeline::pace::Pace::Film),
    })
}

#[cfg(not(feature = "viewer"))]
pub(super) fn clip(open: OpenArgs, _: &str, _: &str, _: u32, out: String) -> ExitCode {
    open_viewer(open, Some(out))
}

#[cfg(not(feature = "viewer"))]
pub(super) fn open_viewer(open: OpenArgs, _: Option<String>) -> ExitCode {
    if let Some(msg) = open.scene.as_deref().and_then(unknown_scene) {
        say!("{msg}");
        return ExitCode::from(2);
    }
    let _ = (display_problem, output_problem, window_size, fail);
    say!("sheli: this build has no viewer (cargo feature `viewer`); check, steps, state, duties and glossary work");
    ExitCode::from(2)
}
