//! The one error type every front end turns into an exit status or an HTTP status: what
//! went wrong in one line, and whose fault it is.

use std::fmt;

/// Why an analysis (or a listing of moves) was not given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Error {
    /// Whose the fault is.
    pub kind: ErrorKind,
    /// One line: the input and line where it applies, and what was expected.
    pub message: String,
}

/// Whose fault an [`Error`] is: a front end turns it into an exit status or an HTTP status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The input or the request: malformed, past the accepted limits, or asking a game
    /// for something it does not do. The caller can fix it (exit status 2, HTTP 400).
    Input,
    /// The work itself could not be done as asked: more memory than allowed, an engine
    /// that failed (exit status 1, HTTP 422).
    Failed,
}

impl Error {
    /// A bad-input error.
    pub fn input(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::Input,
            message: message.into(),
        }
    }

    /// An error of the work, not of the input.
    pub fn failed(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::Failed,
            message: message.into(),
        }
    }

    /// The same error with `context: ` before its message.
    pub fn context(self, context: impl fmt::Display) -> Error {
        Error {
            message: format!("{context}: {}", self.message),
            ..self
        }
    }
}
