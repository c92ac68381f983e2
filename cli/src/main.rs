//! `vpoker`: the command-line face of the core. Output formats are a contract (see README.md).

mod analyze;
mod bench;
mod chart;
mod cli;
mod commands;
mod drill;
mod hint;
mod lab;
mod lab_text;
mod plain_refusal;
mod play;
mod simulate;
mod values;
mod variant;
mod variant_chart;
mod verify;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return cli::usage_error(error),
    };
    match commands::run(cli) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("vpoker: {message}");
            ExitCode::from(2)
        }
    }
}
