//! The commands of the `sheli` command line, as clap reads them; `run` in `mod.rs` carries them out.

use clap::Subcommand;

use super::{MomentArgs, fragment, notes};

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
        pace: crate::rite::timeline::pace::Pace,
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
        #[arg(long, default_value = "overview", help = super::view_help())]
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
    /// Where the commentators differ: each disputed point, its readings, who holds each, the
    /// passage, and which is staged (choose another with --reading POINT=READING)
    Readings {
        scene: String,
        #[arg(long)]
        json: bool,
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
        #[arg(long, default_value = "overview", help = super::view_help())]
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
        pace: Option<crate::rite::timeline::pace::Pace>,
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
        pace: crate::rite::timeline::pace::Pace,
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
