#![deny(unsafe_code)]

use std::process::ExitCode;

fn main() -> ExitCode {
    sheli::cli::main()
}
