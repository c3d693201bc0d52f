//! `grundy`: solve and explain impartial games from the command line.
//!
//! Owns the exit code: 0 success, 2 bad input or usage, 1 any other failure.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;
use grundy_cli::cli::Cli;
use grundy_cli::commands;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: to stdout, status 0.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let line = if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                "error: a subcommand is required: solve, analyze or sequence (see --help)".into()
            } else {
                one_line(&e.render().to_string())
            };
            let _ = writeln!(io::stderr(), "{line}");
            return ExitCode::from(2);
        }
    };
    match commands::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) if is_broken_pipe(&f.error) => ExitCode::SUCCESS,
        Err(f) => {
            let _ = writeln!(io::stderr(), "error: {:#}", f.error);
            ExitCode::from(f.status)
        }
    }
}

/// clap's usage error on one line, like every other error: its message and tips joined,
/// the usage block dropped (`--help` shows it).
fn one_line(rendered: &str) -> String {
    let kept: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:"))
        .filter(|l| !l.is_empty())
        .collect();
    format!("{} (see --help)", kept.join(" "))
}

/// A reader that stopped listening (`grundy ... | head`) is not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
