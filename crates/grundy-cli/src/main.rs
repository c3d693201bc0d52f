//! `grundy`: the command-line shell over the `grundy` library.
//!
//! Parses arguments, reads input, calls the library, prints, and owns the exit code:
//! 0 success, 2 bad input or usage, 1 any other failure.

mod cli;
mod commands;
mod problems;
mod progress;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use crate::cli::Cli;

/// An error with the exit status it earns.
#[derive(Debug)]
pub struct Failure {
    pub status: u8,
    pub error: anyhow::Error,
}

impl Failure {
    /// Bad input or bad usage: exit status 2.
    pub fn input(error: impl Into<anyhow::Error>) -> Failure {
        Failure {
            status: 2,
            error: error.into(),
        }
    }

    /// Anything else: exit status 1.
    pub fn other(error: impl Into<anyhow::Error>) -> Failure {
        Failure {
            status: 1,
            error: error.into(),
        }
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::other(e)
    }
}

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
