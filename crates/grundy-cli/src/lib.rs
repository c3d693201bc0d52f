//! The insides of the `grundy` command, as a library: argument definitions, the
//! subcommands, and one adapter per contest problem (parse → `grundy` library → format).
//!
//! The binary (`main.rs`) only parses arguments, joins an MPI job when built with the `mpi`
//! feature and started by a launcher, calls [`commands::run`], and turns the
//! result into an exit status. Tests and fuzzers drive [`problems`] directly, without a
//! process per input:
//!
//! ```
//! use grundy_cli::problems::{self, Input, Problem};
//!
//! let input = Input {
//!     source: "<example>".to_string(),
//!     bytes: b"2\n3 3\n1 2\n".to_vec(),
//! };
//! let output = problems::solve(Problem::Shgame, &input).map_err(|f| f.error)?;
//! assert_eq!(output, b"4\n2\n");
//!
//! let bad = Input { source: "<example>".to_string(), bytes: b"1\n0 3\n".to_vec() };
//! let refused = problems::solve(Problem::Shgame, &bad).err().map(|f| f.status);
//! assert_eq!(refused, Some(2));
//! # Ok::<(), anyhow::Error>(())
//! ```

#![deny(missing_docs)]

pub mod cli;
pub mod commands;
#[cfg(feature = "mpi")]
pub mod mpi;
pub mod problems;
pub mod progress;
pub mod signals;

use std::fmt;
use std::io::{self, Write};

/// An error with the exit status it earns.
#[derive(Debug)]
pub struct Failure {
    /// The exit status.
    pub status: u8,
    /// What went wrong, for the one line on standard error.
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

    /// Exit status `status` with nothing more said: the output already told (a judge's
    /// failing verdict).
    pub fn quiet(status: u8) -> Failure {
        Failure {
            status,
            error: anyhow::Error::new(Quiet),
        }
    }

    /// Whether this failure is to be left unsaid.
    pub fn is_quiet(&self) -> bool {
        self.error.is::<Quiet>()
    }

    /// Anything else: exit status 1.
    pub fn other(error: impl Into<anyhow::Error>) -> Failure {
        Failure {
            status: 1,
            error: error.into(),
        }
    }
}

/// The error of [`Failure::quiet`].
#[derive(Debug)]
struct Quiet;

impl fmt::Display for Quiet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(reported on standard output)")
    }
}

impl std::error::Error for Quiet {}

/// The one place `?` turns an I/O error into a failure: writing the output. Exit status
/// 1, named as such (the binary keeps a closed pipe quiet: it finds the `io::Error` under
/// the context).
impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::other(anyhow::Error::new(e).context("cannot write to standard output"))
    }
}

/// A library error: bad input exits 2, a failed work 1.
impl From<grundy::report::Error> for Failure {
    fn from(e: grundy::report::Error) -> Failure {
        match e.kind {
            grundy::report::ErrorKind::Input => Failure::input(anyhow::anyhow!(e.message)),
            grundy::report::ErrorKind::Failed => Failure::other(anyhow::anyhow!(e.message)),
        }
    }
}

/// Prints a note on standard error: one line, `grundy: ` and the message with any control
/// characters escaped (progress off a terminal).
pub fn note(message: fmt::Arguments<'_>) {
    say("", message);
}

/// Prints a warning on standard error: one line, `grundy: warning: ` and the message with
/// any control characters escaped. The work goes on.
pub fn warn(message: fmt::Arguments<'_>) {
    say("warning: ", message);
}

/// One line on standard error: `grundy: `, `kind`, then the message escaped.
fn say(kind: &str, message: fmt::Arguments<'_>) {
    let text = message.to_string();
    let _ = writeln!(
        io::stderr(),
        "grundy: {kind}{}",
        grundy::parse::escaped_str(&text)
    );
}
