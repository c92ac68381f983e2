//! `vpoker`: the command-line face of the core. Output formats are a contract (see README.md).

mod analyze;
mod args;
mod commands;
mod hint;
mod play;
mod simulate;

use std::process::ExitCode;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    match commands::run(&argv) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("vpoker: {message}");
            ExitCode::from(2)
        }
    }
}
