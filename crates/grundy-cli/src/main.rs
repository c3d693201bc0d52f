//! `grundy`: solve and explain impartial games from the command line.
//!
//! Owns the exit code: 0 success, 2 bad input or usage, 1 any other failure.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use grundy_cli::cli::Cli;
use grundy_cli::commands;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version go to stdout with status 0; usage errors exit 2.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
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

/// A reader that stopped listening (`grundy ... | head`) is not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
