//! Judging someone else's program: run it safely ([`run`]), compare its output with the
//! exact answer ([`compare`]), and cut a failing input down ([`shrink`]).
//!
//! The judge of `grundy judge` and of the Python package's `grundy.judge`: both front ends
//! only choose the tests and render the verdicts.

#![deny(missing_docs)]

pub mod compare;
pub mod run;
pub mod shrink;

use std::ffi::OsString;
use std::io;
use std::time::Duration;

use serde::Serialize;

use compare::Mismatch;
use run::{End, Limits, Outcome};

/// How much of a program's output a verdict keeps, to show.
pub const KEPT_OUTPUT: usize = 1 << 20;

/// A judge's verdict on one test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Verdict {
    /// Accepted: every token matches.
    AC,
    /// Wrong answer.
    WA,
    /// Time limit exceeded.
    TLE,
    /// Runtime error: a non-zero exit status or a signal.
    RE,
    /// Output limit exceeded.
    OLE,
}

impl Verdict {
    /// Every verdict, from the worst: a wrong answer says the method is wrong, a crash
    /// that the program is, a timeout or a flood of output that it is too slow or lost.
    pub const WORST_FIRST: [Verdict; 5] = [
        Verdict::WA,
        Verdict::RE,
        Verdict::TLE,
        Verdict::OLE,
        Verdict::AC,
    ];

    /// The verdict's usual two or three letters.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::AC => "AC",
            Verdict::WA => "WA",
            Verdict::TLE => "TLE",
            Verdict::RE => "RE",
            Verdict::OLE => "OLE",
        }
    }

    /// The worse of two verdicts.
    pub fn worse(self, other: Verdict) -> Verdict {
        let rank = |v| Self::WORST_FIRST.iter().position(|&w| w == v).unwrap_or(0);
        if rank(other) < rank(self) {
            other
        } else {
            self
        }
    }
}

/// A run judged.
#[derive(Clone, Debug)]
pub struct Judged {
    /// The verdict.
    pub verdict: Verdict,
    /// Why, in a few words: the first differing line, the exit status, the limit passed.
    pub detail: String,
    /// Where the output first differs (a wrong answer only).
    pub mismatch: Option<Mismatch>,
    /// The start of what the program printed (at most [`KEPT_OUTPUT`] bytes).
    pub got: Vec<u8>,
    /// How long it ran.
    pub time: Duration,
}

/// The usual name of a signal that ends programs.
fn signal_name(signal: i32) -> String {
    let name = match signal {
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        _ => return format!("signal {signal}"),
    };
    format!("signal {signal} ({name})")
}

/// The first line of what the program wrote on standard error, for a crash's detail.
fn first_line(stderr: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(stderr);
    let line = text.lines().map(str::trim).rfind(|l| !l.is_empty())?;
    let line: String = line.chars().take(120).collect();
    Some(grundy::parse::escaped_str(&line).into_owned())
}

/// Runs `command` on `input` and judges its output against `expected`. `None` when the
/// run was stopped; an error when the program could not be started.
pub fn judge(
    command: &[OsString],
    input: &[u8],
    expected: &[u8],
    limits: &Limits,
    stop: &(dyn Fn() -> bool + Sync),
) -> io::Result<Option<Judged>> {
    // The output is compared as it comes, and only its start kept for the report: a
    // run holds a bounded amount of it whatever the output limit.
    let mut comparer = compare::Comparer::new(expected);
    let mut got = Vec::new();
    let Outcome {
        end,
        stderr,
        elapsed,
        ..
    } = run::run(command, input, limits, stop, &mut |bytes| {
        comparer.feed(bytes);
        let room = KEPT_OUTPUT.saturating_sub(got.len());
        got.extend_from_slice(&bytes[..bytes.len().min(room)]);
    })?;
    let (verdict, detail, mismatch) = match end {
        End::Stopped => return Ok(None),
        End::TimedOut => (
            Verdict::TLE,
            format!("killed after {:.1} s", limits.time.as_secs_f64()),
            None,
        ),
        // The CPU-time backstop.
        End::Signalled(24) => (Verdict::TLE, "CPU time limit".to_string(), None),
        End::TooMuchOutput => (
            Verdict::OLE,
            format!("more than {} of output", bytes(limits.output as u64)),
            None,
        ),
        End::Signalled(s) => {
            let why = first_line(&stderr)
                .map(|l| format!(": {l}"))
                .unwrap_or_default();
            (
                Verdict::RE,
                format!("killed by {}{why}", signal_name(s)),
                None,
            )
        }
        End::Exited(code) if code != 0 => {
            let why = first_line(&stderr)
                .map(|l| format!(": {l}"))
                .unwrap_or_default();
            (Verdict::RE, format!("exit status {code}{why}"), None)
        }
        End::Exited(_) => match comparer.finish() {
            None => (Verdict::AC, String::new(), None),
            Some(m) => (
                Verdict::WA,
                format!(
                    "line {}: expected '{}', got '{}'",
                    m.line, m.expected, m.got
                ),
                Some(m),
            ),
        },
    };
    Ok(Some(Judged {
        verdict,
        detail,
        mismatch,
        got,
        time: elapsed,
    }))
}

/// A byte count in the largest whole unit: `64 MiB`.
pub fn bytes(n: u64) -> String {
    for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] {
        if n >= 1 << shift && n.is_multiple_of(1 << shift) {
            return format!("{} {unit}", n >> shift);
        }
    }
    format!("{n} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_answers_are_the_worst_verdict() {
        use Verdict::*;
        assert_eq!(AC.worse(TLE), TLE);
        assert_eq!(TLE.worse(WA), WA);
        assert_eq!(WA.worse(RE), WA);
        assert_eq!(OLE.worse(RE), RE);
        assert_eq!(AC.worse(AC), AC);
    }

    #[test]
    fn sizes_are_named_in_their_unit() {
        assert_eq!(bytes(64 << 20), "64 MiB");
        assert_eq!(bytes(1 << 30), "1 GiB");
        assert_eq!(bytes(1500), "1500 bytes");
    }
}
