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
use std::path::Path;
use std::time::Duration;

use grundy::contest::{Instance, Problem, Size, answers};
use grundy::parse::escaped;
use serde::Serialize;

use compare::Mismatch;
use run::{End, Limits, Outcome};

/// The longest time limit of one run, in seconds.
pub const MAX_TIME_LIMIT: f64 = 3600.0;

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

/// Extensions of programs an interpreter runs: a command naming such a file that is not
/// there would fail every test the same way.
const SCRIPT_EXTENSIONS: [&str; 10] = [
    "py", "rb", "js", "mjs", "pl", "sh", "php", "lua", "jar", "R",
];

/// Refuses, with a one-line reason, a command that cannot start: a program that is nowhere
/// to be found (a path, or a name on `PATH`), or an interpreter given a program file that
/// does not exist.
pub fn check_command(command: &[OsString]) -> Result<(), String> {
    let Some(program) = command.first() else {
        return Err("no command to run was given".into());
    };
    let path = Path::new(program);
    let found = if path.components().count() > 1 {
        path.is_file()
    } else {
        std::env::var_os("PATH")
            .is_some_and(|dirs| std::env::split_paths(&dirs).any(|dir| dir.join(program).is_file()))
    };
    if !found {
        return Err(format!(
            "cannot run '{}': no such program",
            escaped(program.as_encoded_bytes())
        ));
    }
    for arg in &command[1..] {
        let file = Path::new(arg);
        let script = file
            .extension()
            .is_some_and(|e| SCRIPT_EXTENSIONS.iter().any(|x| e == *x));
        if script && !arg.as_encoded_bytes().starts_with(b"-") && !file.exists() {
            return Err(format!(
                "the command names '{}', which does not exist, so every test would fail",
                escaped(arg.as_encoded_bytes())
            ));
        }
    }
    Ok(())
}

/// grundy's own answer to a contest input `text` (called `name` in messages): the bytes
/// `grundy solve` prints. An input grundy generated that it cannot answer is a bug in
/// grundy, and said so.
pub fn exact_answer(problem: Problem, name: &str, text: &[u8]) -> Result<Vec<u8>, String> {
    let input = grundy::parse::Input::new(name, text.to_vec());
    answers::solve(problem, &input, &mut grundy::NoProgress).map_err(|e| {
        format!(
            "grundy could not solve its own {name} (a bug in grundy): {}",
            e.message
        )
    })
}

/// One test as a judge's report lists it (`grundy judge --json`, Python's `grundy.judge`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TestReport {
    /// The test's name: `example`, `sample NAME`, `test 3`, `seed 17`.
    pub name: String,
    /// The size it was generated at (`small`, `medium`, `max`, `worst`).
    pub size: Option<&'static str>,
    /// The seed it was generated from.
    pub seed: Option<u64>,
    /// The verdict.
    pub verdict: Verdict,
    /// How long the program ran, in milliseconds.
    pub time_ms: f64,
    /// Why, in a few words (empty when accepted).
    pub detail: String,
}

/// Why a test could not be judged at all.
#[derive(Debug)]
pub enum SweepError {
    /// The program could not be started.
    CannotRun(String),
    /// grundy could not answer its own input (a bug in grundy).
    Grundy(String),
}

impl std::fmt::Display for SweepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SweepError::CannotRun(m) | SweepError::Grundy(m) => f.write_str(m),
        }
    }
}

/// The name of a size, as `grundy gen --size` takes it.
pub fn size_name(size: Size) -> &'static str {
    Size::ALL
        .iter()
        .find(|(s, _)| *s == size)
        .map_or("", |(_, n)| n)
}

/// The generated test `grundy gen PROBLEM --size SIZE --seed SEED` given to `command` and
/// judged against grundy's answer: its report (`name` names it), or `None` when `stop` ended
/// the run. One item of a sweep, which a front end may run anywhere.
pub fn judge_generated(
    name: &str,
    problem: Problem,
    size: Size,
    seed: u64,
    command: &[OsString],
    limits: &Limits,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<TestReport>, SweepError> {
    let text = Instance::generate(problem, size, None, seed).text();
    let expected = exact_answer(problem, name, text.as_bytes()).map_err(SweepError::Grundy)?;
    let judged = judge(command, text.as_bytes(), &expected, limits, stop).map_err(|e| {
        SweepError::CannotRun(format!(
            "cannot run '{}': {e}",
            escaped(command.first().map_or(&[][..], |c| c.as_encoded_bytes()))
        ))
    })?;
    Ok(judged.map(|j| TestReport {
        name: name.to_string(),
        size: Some(size_name(size)),
        seed: Some(seed),
        verdict: j.verdict,
        time_ms: j.time.as_secs_f64() * 1000.0,
        detail: j.detail,
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

    #[cfg(unix)]
    #[test]
    fn a_generated_test_is_judged_against_grundys_answer() {
        let dir = tempfile::tempdir().unwrap();
        let limits = Limits {
            time: std::time::Duration::from_secs(10),
            memory: 1 << 30,
            output: 1 << 20,
        };
        let never = || false;
        let (problem, size, seed) = (Problem::Shgame, Size::Small, 7);
        let text = Instance::generate(problem, size, None, seed).text();
        let right = exact_answer(problem, "test", text.as_bytes()).unwrap();
        // A "program" that prints a file: grundy's answer, then the answer with one token
        // changed, then nothing and a failing exit.
        let mut wrong = right.clone();
        let first = wrong.iter().position(u8::is_ascii_digit).unwrap();
        wrong[first] = if wrong[first] == b'9' {
            b'8'
        } else {
            wrong[first] + 1
        };
        let cases = [(&right, Verdict::AC), (&wrong, Verdict::WA)];
        for (i, (answer, verdict)) in cases.into_iter().enumerate() {
            let path = dir.path().join(format!("answer{i}"));
            std::fs::write(&path, answer).unwrap();
            let command = [OsString::from("cat"), path.into_os_string()];
            let report = judge_generated("seed 7", problem, size, seed, &command, &limits, &never)
                .unwrap()
                .unwrap();
            assert_eq!(report.verdict, verdict, "{report:?}");
            assert_eq!((report.size, report.seed), (Some("small"), Some(7)));
        }
        let crash = ["sh", "-c", "exit 3"].map(OsString::from);
        let report = judge_generated("seed 7", problem, size, seed, &crash, &limits, &never)
            .unwrap()
            .unwrap();
        assert_eq!(report.verdict, Verdict::RE);
        assert!(report.detail.contains("exit status 3"), "{}", report.detail);
        // A program that is not there: refused before a run, and by the run itself.
        let missing = [OsString::from("/no/such/program")];
        assert!(
            check_command(&missing)
                .unwrap_err()
                .contains("no such program")
        );
        assert!(matches!(
            judge_generated("seed 7", problem, size, seed, &missing, &limits, &never),
            Err(SweepError::CannotRun(_))
        ));
        let script = ["python3", "/no/such/solution.py"].map(OsString::from);
        assert!(
            check_command(&script)
                .unwrap_err()
                .contains("does not exist")
        );
        assert!(check_command(&["sh".into(), "-c".into(), "true".into()]).is_ok());
    }

    #[test]
    fn sizes_are_named_in_their_unit() {
        assert_eq!(bytes(64 << 20), "64 MiB");
        assert_eq!(bytes(1 << 30), "1 GiB");
        assert_eq!(bytes(1500), "1500 bytes");
    }
}
