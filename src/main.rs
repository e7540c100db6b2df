use std::process::ExitCode;

use clap::Parser;
use sheli::cli::Cli;

fn main() -> ExitCode {
    sheli::cli::run(Cli::parse())
}
