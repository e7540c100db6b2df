use std::process::ExitCode;

use clap::Parser;
use sheli::cli::{Cli, DEFAULT_SCENE, load_or_report};

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.command.is_some() {
        return sheli::cli::run(cli);
    }
    // Until the 3D viewer lands, opening a rite prints its opening steps.
    let scene = cli.open.scene.clone().unwrap_or_else(|| DEFAULT_SCENE.to_string());
    let rite = match load_or_report(&scene) {
        Ok(r) => r,
        Err(code) => return code,
    };
    println!("{} · {} steps · {:.0} s", rite.title, rite.steps.len(), rite.timeline.duration);
    for s in rite.steps.iter().take(12) {
        println!("【{}】{}", s.section, s.text());
    }
    ExitCode::SUCCESS
}
