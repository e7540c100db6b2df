//! The `sheli` command line: check, steps, state, duties; with no command it opens the rite.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use serde::Serialize;

use crate::rite::Rite;
use crate::rite::query::BeatRef;

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
    /// camera preset: overview, plan, hall, gate, follow:ACTOR
    #[arg(long)]
    pub view: Option<String>,
    /// window size, e.g. 1280x720
    #[arg(long)]
    pub window: Option<String>,
    /// interface and labels in English
    #[arg(long)]
    pub english: bool,
}

/// A moment of the rite, named by its words, its step, or its time.
#[derive(Args, Debug, Clone, Default)]
pub struct MomentArgs {
    /// the end of the beat whose 原文 contains this (punctuation and spaces ignored)
    #[arg(long, conflicts_with_all = ["step", "time"])]
    pub text: Option<String>,
    /// with --text: which of several matching beats (1-based)
    #[arg(long, requires = "text")]
    pub nth: Option<usize>,
    /// the end of this step
    #[arg(long, conflicts_with = "time")]
    pub step: Option<String>,
    /// seconds from the start
    #[arg(long)]
    pub time: Option<f32>,
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
    },
    /// The world at a moment: where everyone stands, faces, what they hold
    State {
        scene: String,
        #[command(flatten)]
        at: MomentArgs,
        #[arg(long)]
        json: bool,
    },
    /// Draw one moment of the rite to a PNG (labels on)
    Render {
        scene: String,
        #[command(flatten)]
        at: MomentArgs,
        #[arg(long)]
        out: String,
        #[arg(long, default_value_t = 1280)]
        width: u32,
        #[arg(long, default_value_t = 720)]
        height: u32,
        /// overview, plan, hall, gate, follow:ACTOR
        #[arg(long, default_value = "overview")]
        view: String,
        /// select this actor (id, name or alias): ring and inspector
        #[arg(long)]
        select: Option<String>,
        /// interface and labels in English
        #[arg(long)]
        english: bool,
    },
    /// Every beat an actor acts in, by section
    Duties {
        scene: String,
        /// id, name or alias
        actor: String,
        #[arg(long)]
        json: bool,
    },
}

pub fn load_or_report(name: &str) -> Result<Rite, ExitCode> {
    crate::rite::load::load_scene(name).map(|l| l.rite).map_err(|e| {
        eprint!("{e}");
        if !e.ends_with('\n') {
            eprintln!();
        }
        ExitCode::from(1)
    })
}

impl MomentArgs {
    pub fn given(&self) -> bool {
        self.text.is_some() || self.step.is_some() || self.time.is_some()
    }

    /// The time and beat this names, or a message saying why it names none.
    pub fn resolve(&self, rite: &Rite) -> Result<(f32, BeatRef), String> {
        if let Some(fragment) = &self.text {
            let hits = rite.find_text(fragment);
            let pick = match (hits.len(), self.nth) {
                (0, _) => return Err(format!("no beat's 原文 contains `{fragment}`")),
                (_, Some(k)) if k >= 1 && k <= hits.len() => hits[k - 1],
                (_, Some(k)) => return Err(format!("--nth {k}: `{fragment}` matches {} beats", hits.len())),
                (1, None) => hits[0],
                (n, None) => {
                    let list: Vec<String> = hits
                        .iter()
                        .enumerate()
                        .map(|(i, r)| format!("  --nth {}: step {} beat {}: {}", i + 1, rite.steps[r.step].id, r.beat, rite.beat(*r).text))
                        .collect();
                    return Err(format!("`{fragment}` is ambiguous: it matches {n} beats\n{}", list.join("\n")));
                }
            };
            return Ok((rite.beat(pick).end, pick));
        }
        if let Some(id) = &self.step {
            let si = rite.step_index(id).ok_or_else(|| format!("no step `{id}`"))?;
            let beat = BeatRef { step: si, beat: rite.steps[si].beats.len() - 1 };
            return Ok((rite.steps[si].end, beat));
        }
        let t = self.time.unwrap_or(0.0);
        if !t.is_finite() || t < 0.0 {
            return Err(format!("--time must be a non-negative number of seconds, not {t}"));
        }
        Ok((t, rite.beat_at(t)))
    }
}

pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Some(Command::Check { scenes }) => check(&scenes),
        Some(Command::Steps { scene, json }) => with_rite(&scene, |rite| steps(rite, json)),
        Some(Command::State { scene, at, json }) => with_rite(&scene, |rite| state(rite, &at, json)),
        Some(Command::Duties { scene, actor, json }) => with_rite(&scene, |rite| duties(rite, &actor, json)),
        Some(Command::Render { scene, at, out, width, height, view, select, english }) => {
            let open = OpenArgs {
                scene: Some(scene),
                at,
                paused: true,
                select,
                view: Some(view),
                window: Some(format!("{width}x{height}")),
                english,
            };
            open_viewer(open, Some(out))
        }
        None => open_viewer(cli.open, None),
    }
}

#[cfg(feature = "viewer")]
fn open_viewer(open: OpenArgs, render_to: Option<String>) -> ExitCode {
    crate::app::run(open, render_to)
}

#[cfg(not(feature = "viewer"))]
fn open_viewer(_: OpenArgs, _: Option<String>) -> ExitCode {
    eprintln!("sheli: this build has no viewer (cargo feature `viewer`); check, steps, state and duties work");
    ExitCode::from(2)
}

fn with_rite(scene: &str, f: impl FnOnce(&Rite) -> ExitCode) -> ExitCode {
    match load_or_report(scene) {
        Ok(rite) => f(&rite),
        Err(code) => code,
    }
}

fn check(scenes: &[String]) -> ExitCode {
    let mut failed = false;
    for name in scenes {
        match load_or_report(name) {
            Ok(rite) => {
                let beats: usize = rite.steps.iter().map(|s| s.beats.len()).sum();
                println!(
                    "{name}: ok: {} ({}), {} steps, {} beats, {} actors, {} props, {:.0} s",
                    rite.title,
                    rite.id,
                    rite.steps.len(),
                    beats,
                    rite.timeline.actors.len(),
                    rite.timeline.props.len(),
                    rite.timeline.duration
                );
            }
            Err(_) => failed = true,
        }
    }
    if failed { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

#[derive(Serialize)]
struct StepJson<'a> {
    id: &'a str,
    index: usize,
    section: &'a str,
    start: f32,
    end: f32,
    text: String,
    translation: &'a str,
    beats: Vec<BeatJson<'a>>,
}

#[derive(Serialize)]
struct BeatJson<'a> {
    index: usize,
    text: &'a str,
    start: f32,
    end: f32,
    actors: Vec<&'a str>,
}

pub fn steps_json(rite: &Rite) -> serde_json::Value {
    let steps: Vec<StepJson> = rite
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| StepJson {
            id: &s.id,
            index: i,
            section: &s.section,
            start: s.start,
            end: s.end,
            text: s.text(),
            translation: &s.translation,
            beats: s
                .beats
                .iter()
                .enumerate()
                .map(|(bi, b)| BeatJson {
                    index: bi,
                    text: &b.text,
                    start: b.start,
                    end: b.end,
                    actors: b.actors.iter().map(|&a| rite.timeline.actors[a].id.as_str()).collect(),
                })
                .collect(),
        })
        .collect();
    serde_json::to_value(steps).unwrap_or_default()
}

fn steps(rite: &Rite, json: bool) -> ExitCode {
    if json {
        println!("{}", steps_json(rite));
        return ExitCode::SUCCESS;
    }
    let mut section = "";
    for (i, s) in rite.steps.iter().enumerate() {
        if s.section != section {
            section = &s.section;
            println!("\n【{section}】");
        }
        println!("{:>4}  {:<14} {:>7.1}s  {}", i + 1, s.id, s.start, s.text());
        if !s.translation.is_empty() {
            println!("      {:<14} {:>8}  {}", "", "", s.translation);
        }
    }
    ExitCode::SUCCESS
}

fn state(rite: &Rite, at: &MomentArgs, json: bool) -> ExitCode {
    let (t, beat) = match at.resolve(rite) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let snap = rite.snapshot(t, beat);
    if json {
        println!("{}", serde_json::to_string(&snap).unwrap_or_default());
        return ExitCode::SUCCESS;
    }
    println!("{} — {} · step {} ({}) · {:.1} s", rite.title, snap.step.section, snap.step.index + 1, snap.step.id, t);
    println!("原文: {}", snap.beat.text);
    for a in snap.actors.iter().filter(|a| a.present) {
        let holding = if a.holding.is_empty() { String::new() } else { format!("  holds {}", a.holding.join(", ")) };
        println!(
            "  {:<8} {:<10} faces {:<2} {:<9} at {}{}",
            a.name,
            a.id,
            a.facing,
            a.pose,
            a.places.first().map(String::as_str).unwrap_or("—"),
            holding
        );
    }
    ExitCode::SUCCESS
}

#[derive(Serialize)]
struct DutyJson<'a> {
    section: &'a str,
    step: &'a str,
    beat: usize,
    start: f32,
    text: &'a str,
    does: String,
}

fn duties(rite: &Rite, key: &str, json: bool) -> ExitCode {
    let Some(a) = rite.timeline.actor_index(key) else {
        eprintln!("error: no actor `{key}` (by id, name or alias)");
        return ExitCode::from(2);
    };
    let list: Vec<DutyJson> = rite
        .duties(a)
        .into_iter()
        .map(|(r, does)| {
            let s = &rite.steps[r.step];
            let b = &s.beats[r.beat];
            DutyJson { section: &s.section, step: &s.id, beat: r.beat, start: b.start, text: &b.text, does }
        })
        .collect();
    let actor = &rite.timeline.actors[a];
    if json {
        let v = serde_json::json!({
            "actor": {"id": actor.id, "name": actor.name, "aliases": actor.aliases, "en": actor.en, "role": actor.role},
            "duties": list,
        });
        println!("{v}");
        return ExitCode::SUCCESS;
    }
    let aliases = if actor.aliases.is_empty() { String::new() } else { format!(" (亦称 {})", actor.aliases.join("、")) };
    println!("{}{aliases} — {}: {}", actor.name, actor.en, actor.role);
    let mut section = "";
    for d in &list {
        if d.section != section {
            section = d.section;
            println!("\n【{section}】");
        }
        println!("  {:<14} {}  → {}", d.step, d.text, d.does);
    }
    println!("\n{} beats", list.len());
    ExitCode::SUCCESS
}
