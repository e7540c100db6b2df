//! The `sheli` command line: check, steps, state, duties; with no command it opens the rite.

use std::process::ExitCode;

use clap::{Args, CommandFactory, Parser};

/// A line to the user on stderr. A closed or full stderr (`2>/dev/full`, `… 2>&1 | head`) is not
/// a reason to panic: the line is dropped.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod audio;
mod command;
mod export;
mod moment;
mod notes;
mod open;
mod print;

pub use command::Command;
pub use print::steps_json;

use crate::rite::Rite;

pub const DEFAULT_SCENE: &str = "scenes/xiang_she.ron";

#[derive(Parser, Debug)]
#[command(name = "sheli", version, about = "射礼: the archery rites of the 仪礼, staged clause by clause")]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub open: OpenArgs,
    /// where the commentators differ, stage this reading: POINT=READING (repeatable; `sheli
    /// readings SCENE` lists them)
    #[arg(long = "reading", global = true, value_name = "POINT=READING")]
    pub readings: Vec<crate::rite::scene::readings::Choice>,
}

/// Options for opening a rite in the viewer.
#[derive(Args, Debug, Clone, Default)]
pub struct OpenArgs {
    /// scene file (default: the shipped 乡射礼)
    pub scene: Option<String>,
    #[command(flatten)]
    pub at: MomentArgs,
    /// start paused
    #[arg(long)]
    pub paused: bool,
    /// select this actor (id, name or alias)
    #[arg(long)]
    pub select: Option<String>,
    #[arg(long, help = view_help())]
    pub view: Option<String>,
    /// window size, e.g. 1280x720
    #[arg(long)]
    pub window: Option<String>,
    /// interface and labels in English
    #[arg(long)]
    pub english: bool,
    /// the commentaries (注, 疏) in the editions' own characters (繁), not simplified
    #[arg(long)]
    pub traditional: bool,
    /// the 贾疏 under the text panel's 注 unfolded
    #[arg(long)]
    pub open_shu: bool,
}

/// A moment of the rite, named by its words, its step, or its time.
#[derive(Args, Debug, Clone, Default)]
pub struct MomentArgs {
    /// the end of the beat whose 原文 contains this (punctuation and spaces ignored)
    #[arg(long, conflicts_with_all = ["step", "time"], value_parser = fragment)]
    pub text: Option<String>,
    /// with --text: which of several matching beats (counting from 1)
    #[arg(long, requires = "text", value_parser = from_one)]
    pub nth: Option<usize>,
    /// the end of this step
    #[arg(long, conflicts_with = "time")]
    pub step: Option<String>,
    /// seconds from the start
    #[arg(long, allow_negative_numbers = true)]
    pub time: Option<f32>,
    /// the clock --time counts in (and, for the viewer, the pace it plays at): real (rite time,
    /// the default for the commands) or film (viewing time, the viewer's default)
    #[arg(long)]
    pub pace: Option<crate::rite::timeline::pace::Pace>,
    /// with --text: not the beat's end but the middle of the first gesture of this name made in
    /// it (拜, 揖, 射, 卒爵 …), to see a pose while it is made
    #[arg(long, requires = "text")]
    pub during: Option<String>,
    /// with --during: how far through the gesture, 0 to 1 (default 0.5)
    #[arg(long, requires = "during")]
    pub at: Option<f32>,
}

/// The most of a fragment a message repeats: a fragment pasted by mistake (a whole chapter)
/// is not echoed whole.
const SHOWN_CHARS: usize = 40;

/// A fragment as a message shows it: cut, with `…`, past [`SHOWN_CHARS`].
pub(crate) fn shown(fragment: &str) -> String {
    let n = fragment.chars().count();
    if n <= SHOWN_CHARS {
        fragment.to_string()
    } else {
        format!("{}… ({n} characters)", fragment.chars().take(SHOWN_CHARS).collect::<String>())
    }
}

/// A text fragment has at least one letter to look for.
fn fragment(s: &str) -> Result<String, String> {
    if crate::rite::scene::spell::letters(s).is_empty() {
        return Err("the fragment is empty: give a few words of the 原文, e.g. --text 主人阼阶上当楣北面再拜".into());
    }

    Ok(s.to_string())
}

/// `--nth` counts matches from 1.
fn from_one(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("--nth counts from 1: --nth 1 is the first match".into()),
        Ok(k) => Ok(k),
        Err(_) => Err(format!("`{s}` is not a whole number (--nth counts from 1)")),
    }
}

/// Loads a scene, printing its diagnostics (and which copy was read) on failure.
pub fn load_or_report(name: &str) -> Result<Rite, ExitCode> {
    load_reporting(name).map(|l| l.rite)
}

/// The readings `--reading` chose, for every scene this run loads.
/// `--view`'s help: the words of the viewer's presets table (the viewer may be left out of a
/// build, as the fuzzer's is).
fn view_help() -> String {
    #[cfg(feature = "viewer")]
    return crate::app::camera::view_help();
    #[cfg(not(feature = "viewer"))]
    "the camera (this build has no viewer)".to_string()
}

static READINGS: std::sync::OnceLock<Vec<crate::rite::scene::readings::Choice>> = std::sync::OnceLock::new();

pub(super) fn chosen_readings() -> &'static [crate::rite::scene::readings::Choice] {
    READINGS.get().map_or(&[], Vec::as_slice)
}

pub(super) fn load_reporting(name: &str) -> Result<crate::rite::scene::load::Loaded, ExitCode> {
    match crate::rite::scene::load::load_scene_with(name, chosen_readings()) {
        Ok(loaded) => {
            if let Some(note) = crate::rite::scene::load::origin_note(name, loaded.origin) {
                say!("{note}");
            }
            Ok(loaded)
        }
        Err(e) => {
            use std::io::Write as _;
            let _ = write!(std::io::stderr(), "{e}");
            Err(ExitCode::from(1))
        }
    }
}

/// Parses the command line and runs it. A first word that is neither a command nor a scene is
/// answered with the list of commands, not with clap's guess about positional arguments.
pub fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    match Cli::try_parse_from(&args) {
        Ok(cli) => run(cli),
        Err(e) => {
            if matches!(e.kind(), clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion) {
                e.exit();
            }
            // a mistake in a command's own arguments gets clap's message and that command's usage
            let first = args.get(1).and_then(|a| a.to_str()).unwrap_or("");
            if Cli::command().get_subcommands().any(|c| c.get_name() == first || c.get_all_aliases().any(|a| a == first)) {
                e.exit();
            }
            match args.get(1).and_then(|a| a.to_str()).and_then(open::unknown_scene) {
                Some(msg) => {
                    say!("{msg}");
                    ExitCode::from(2)
                }
                None => e.exit(),
            }
        }
    }
}

pub fn run(cli: Cli) -> ExitCode {
    let _ = READINGS.set(cli.readings.clone());
    let result = match cli.command {
        Some(Command::Check { scenes }) => print::check(&scenes),
        Some(Command::Steps { scene, json, english, pace }) => with_rite(&scene, |rite| print::steps(rite, json, english, pace)),
        Some(Command::State { scene, at, json, english }) => with_rite(&scene, |rite| print::state(rite, &at, json, english)),
        Some(Command::Duties { scene, actor, json, english }) => with_rite(&scene, |rite| print::duties(rite, &actor, json, english)),
        Some(Command::Plan { scene, at, out, english, crop, no_font }) => {
            let opts = crate::plan::PlanOptions { crop, english, embed_font: !no_font };
            with_inputs(&scene, &out, |rite| export::plan(rite, &at, &out, &opts))
        }
        Some(Command::Clip { scene, from, to, out, view, width, height, fps, english, pace }) => {
            let open = OpenArgs {
                scene: Some(scene),
                at: MomentArgs { pace, ..MomentArgs::default() },
                paused: true,
                select: None,
                view: Some(view),
                window: Some(format!("{width}x{height}")),
                english,
                ..OpenArgs::default()
            };
            Ok(open::clip(open, &from, &to, fps, out))
        }
        Some(Command::Audio { scene, from, to, start, pace, out, allow_large }) => {
            let span = audio::Span { from, to, start };
            with_inputs(&scene, &out, |rite| audio::write(rite, &span, pace, &out, allow_large))
        }
        Some(Command::Book { scene, out, english }) => with_rite(&scene, |rite| export::book(rite, &scene, &out, english)),
        Some(Command::Readings { scene, json }) => with_rite(&scene, |rite| print::readings(rite, json)),
        Some(Command::Web { scene, out }) => with_rite(&scene, |rite| export::web(rite, &out)),
        Some(Command::Notes(args)) => notes::run(&args),
        Some(Command::Glossary { scene, json }) => match scene.as_deref().map(load_or_report).transpose() {
            Ok(rite) => print::glossary(rite.as_ref(), json),
            Err(code) => Ok(code),
        },
        Some(Command::Render { scene, at, out, width, height, view, select, english, traditional, open_shu }) => {
            let open = OpenArgs {
                scene: Some(scene),
                at,
                paused: true,
                select,
                view: Some(view),
                window: Some(format!("{width}x{height}")),
                english,
                traditional,
                open_shu,
            };
            Ok(open::open_viewer(open, Some(out)))
        }
        None => Ok(open::open_viewer(cli.open, None)),
    };
    match result {
        Ok(code) => code,
        // a reader that stopped early (`sheli steps … | head`) is not an error
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            say!("error: cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}

/// Loads the scene for a command that writes `out`, refusing an `out` that is one of the files
/// just read.
fn with_inputs(scene: &str, out: &str, f: impl FnOnce(&Rite) -> std::io::Result<ExitCode>) -> std::io::Result<ExitCode> {
    let loaded = match load_reporting(scene) {
        Ok(l) => l,
        Err(code) => return Ok(code),
    };
    if let Err(e) = crate::output::check_out(out, &loaded.files) {
        say!("error: --out {out}: {e}");
        return Ok(ExitCode::from(2));
    }
    f(&loaded.rite)
}

fn with_rite(scene: &str, f: impl FnOnce(&Rite) -> std::io::Result<ExitCode>) -> std::io::Result<ExitCode> {
    match load_or_report(scene) {
        Ok(rite) => f(&rite),
        Err(code) => Ok(code),
    }
}
