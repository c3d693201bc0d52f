//! The insides of the `grundy` command, as a library: argument definitions, the
//! subcommands, and one adapter per contest problem (parse → `grundy` library → format).
//!
//! The binary (`main.rs`) only parses arguments, calls [`commands::run`], and turns the
//! result into an exit status. Tests and fuzzers drive [`problems`] directly, without a
//! process per input.

pub mod cli;
pub mod commands;
pub mod problems;
mod progress;

use std::io;

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
