//! The `sheli` command line: check, steps, state, duties; with no command it opens the rite.

use std::process::ExitCode;

use clap::{Args, CommandFactory, Parser, Subcommand};

/// A line to the user on stderr. A closed or full stderr (`2>/dev/full`, `… 2>&1 | head`) is not
/// a reason to panic: the line is dropped.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod audio;
mod export;
mod open;
mod moment;
mod notes;
mod print;

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
    /// camera: director (the default), overview, plan, hall, gate, follow:ACTOR, close:ACTOR
    #[arg(long)]
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
    pub pace: Option<crate::rite::pace::Pace>,
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
    if n <= SHOWN_CHARS { fragment.to_string() } else { format!("{}… ({n} characters)", fragment.chars().take(SHOWN_CHARS).collect::<String>()) }
}

/// A text fragment has at least one letter to look for.
fn fragment(s: &str) -> Result<String, String> {
    if crate::rite::query::letters(s).is_empty() {
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

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Validate scene files: every problem as path:line:col: error: message
    Check {
        #[arg(required = true)]
        scenes: Vec<String>,
    },
    /// Every step in order, with its beats and times
    Steps {
        scene: String,
        #[arg(long)]
        json: bool,
        /// print the English translation (the JSON always has both)
        #[arg(long)]
        english: bool,
        /// the clock of start and end: real (rite time) or film (viewing time); rite_start and
        /// rite_end are always rite time
        #[arg(long, default_value = "real")]
        pace: crate::rite::pace::Pace,
    },
    /// The world at a moment: where everyone stands, faces, what they hold
    State {
        scene: String,
        #[command(flatten)]
        at: MomentArgs,
        #[arg(long)]
        json: bool,
        /// names, places and the clause's translation in English
        #[arg(long)]
        english: bool,
    },
    /// Draw one moment of the rite to a PNG (labels on)
    Render {
        scene: String,
        #[command(flatten)]
        at: MomentArgs,
        #[arg(long)]
        out: String,
        #[arg(long, default_value_t = 1280, value_parser = clap::value_parser!(u32).range(64..=8192))]
        width: u32,
        #[arg(long, default_value_t = 720, value_parser = clap::value_parser!(u32).range(64..=8192))]
        height: u32,
        /// overview, plan, hall, gate, follow:ACTOR, close:ACTOR
        #[arg(long, default_value = "overview")]
        view: String,
        /// select this actor (id, name or alias): ring and inspector
        #[arg(long)]
        select: Option<String>,
        /// interface and labels in English
        #[arg(long)]
        english: bool,
        /// the commentaries in the editions' own characters (繁)
        #[arg(long)]
        traditional: bool,
        /// the 贾疏 under the text panel's 注 unfolded
        #[arg(long)]
        open_shu: bool,
    },
    /// Every beat an actor acts in, by section
    Duties {
        scene: String,
        /// id, name or alias
        actor: String,
        #[arg(long)]
        json: bool,
        /// what he does, in English (the JSON always has both)
        #[arg(long)]
        english: bool,
    },
    /// The plan of one moment as an SVG drawing (no display needed)
    Plan {
        scene: String,
        #[command(flatten)]
        at: MomentArgs,
        /// the SVG file to write
        #[arg(long)]
        out: String,
        /// labels and caption in English
        #[arg(long)]
        english: bool,
        /// how much to draw: hall, court or all
        #[arg(long, default_value = "all")]
        crop: crate::plan::Crop,
        /// leave the font out (smaller; the text then falls back to the reader's CJK font)
        #[arg(long)]
        no_font: bool,
    },
    /// The whole rite as a static web book: sections, people, a plan for every clause, search
    Book {
        scene: String,
        /// the folder to write (created if missing)
        #[arg(long)]
        out: String,
        #[arg(long)]
        english: bool,
    },
    /// The rite in any browser: a player page (the plan of the court moving clause by clause, the
    /// text beside it, a scrubber, people you can click) that opens from disk, offline
    Web {
        scene: String,
        /// the folder to write (created if missing)
        #[arg(long)]
        out: String,
    },
    /// Film a span of the rite, frame by frame at fixed steps, to a GIF (or an MP4 through ffmpeg)
    Clip {
        scene: String,
        /// the clip starts at the beginning of the clause this ends in
        #[arg(long, value_parser = fragment)]
        from: String,
        /// and ends at the end of the first clause from there that this ends in
        #[arg(long, value_parser = fragment)]
        to: String,
        /// FILE.gif or FILE.mp4
        #[arg(long)]
        out: String,
        /// overview, plan, hall, gate, follow:ACTOR, close:ACTOR
        #[arg(long, default_value = "overview")]
        view: String,
        #[arg(long, default_value_t = 640, value_parser = clap::value_parser!(u32).range(64..=8192))]
        width: u32,
        #[arg(long, default_value_t = 360, value_parser = clap::value_parser!(u32).range(64..=8192))]
        height: u32,
        /// frames a second of rite time
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=60))]
        fps: u32,
        /// the caption's translation in English
        #[arg(long)]
        english: bool,
        /// real (rite time, the default) or film (viewing time: long walks as time-lapses)
        #[arg(long)]
        pace: Option<crate::rite::pace::Pace>,
    },
    /// The soundtrack of a span, rendered offline to a WAV file (mono, 44.1 kHz, 16-bit): the same
    /// samples the viewer plays, the same on every run
    Audio {
        scene: String,
        /// from the beginning of the clause this ends in (default: the start of the rite)
        #[arg(long, value_parser = fragment)]
        from: Option<String>,
        /// to the end of the first clause from there that this ends in (default: the end)
        #[arg(long, value_parser = fragment)]
        to: Option<String>,
        /// or from this many seconds (on the pace's clock), overriding --from
        #[arg(long, conflicts_with = "from")]
        start: Option<f64>,
        /// real (rite time, the default: every piece whole) or film (cut to the stanzas that fit)
        #[arg(long, default_value = "real")]
        pace: crate::rite::pace::Pace,
        /// FILE.wav
        #[arg(long)]
        out: String,
        /// write a WAV larger than 512 MB (a whole rite in real time is about 1.8 GB)
        #[arg(long)]
        allow_large: bool,
    },
    /// A clause with its 郑注, 音义 and 贾疏 (--text); without one, the coverage of the recorded
    /// alignment and whether it is current; --write aligns the editions anew and records it
    Notes(notes::NotesArgs),
    /// The glossary: every term of the rites with its pinyin, English and a note
    Glossary {
        /// only the terms this scene uses (default: all)
        scene: Option<String>,
        #[arg(long)]
        json: bool,
    },
}

/// Loads a scene, printing its diagnostics (and which copy was read) on failure.
pub fn load_or_report(name: &str) -> Result<Rite, ExitCode> {
    load_reporting(name).map(|l| l.rite)
}

pub(super) fn load_reporting(name: &str) -> Result<crate::rite::load::Loaded, ExitCode> {
    match crate::rite::load::load_scene(name) {
        Ok(loaded) => {
            if let Some(note) = crate::rite::load::origin_note(name, loaded.origin) {
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
        Some(Command::Book { scene, out, english }) => with_rite(&scene, |rite| export::book(rite, &out, english)),
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
