//! The contest problems: one adapter each, parse → library → format.
//!
//! An adapter holds no game logic.

mod board;
mod caos3;
mod inventor;
mod lamqugam;
pub mod picture;
mod pshtbrth;
mod shgame;

use std::fmt::Write as _;
use std::path::Path;

use anyhow::anyhow;
use grundy::parse::{ParseError, Tokens};
use serde::Serialize;

use crate::Failure;

/// A whole input and the name to use for it in messages.
pub struct Input {
    /// The file name, or `<stdin>`.
    pub source: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

impl Input {
    /// Turns a parse error into the one-line bad-input failure naming this source.
    pub fn error(&self, e: ParseError) -> Failure {
        Failure::input(anyhow!("{}:{e}", self.source))
    }
}

/// Solves a whole contest input; the bytes to print.
pub fn solve(problem: Problem, input: &Input) -> Result<Vec<u8>, Failure> {
    match problem {
        Problem::Shgame => shgame::solve(input),
        Problem::Lamqugam => lamqugam::solve(input),
        Problem::InventorOutlasting => inventor::solve(input),
        Problem::Caos3 => caos3::solve(input),
        Problem::Pshtbrth => pshtbrth::solve(input),
    }
}

/// Explains one position; the text (or JSON) to print.
pub fn analyze(
    problem: Problem,
    input: &Input,
    json: bool,
    cache: Option<&Path>,
) -> Result<String, Failure> {
    match problem {
        Problem::Shgame => shgame::analyze(input, json),
        Problem::Lamqugam => lamqugam::analyze(input, json),
        Problem::InventorOutlasting => inventor::analyze(input, json),
        Problem::Caos3 => caos3::analyze(input, json),
        Problem::Pshtbrth => pshtbrth::analyze(input, json, cache),
    }
}

/// A report as one JSON object on one line.
fn json_line(report: &impl Serialize) -> Result<String, Failure> {
    serde_json::to_string(report)
        .map(|s| s + "\n")
        .map_err(Failure::other)
}

/// The winning-moves block of a text report: how many and one line each, or that there
/// are none and why.
fn write_moves(out: &mut String, moves: impl ExactSizeIterator<Item = String>, none: &str) {
    if moves.len() == 0 {
        let _ = writeln!(out, "winning moves: none; {none}");
        return;
    }
    let _ = writeln!(out, "winning moves ({}):", moves.len());
    for m in moves {
        let _ = writeln!(out, "  {m}");
    }
}

/// "1 move", "3 moves".
fn count(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// Reads the count of test cases that opens most contest inputs.
fn read_cases(t: &mut Tokens, input: &Input, what: &str, max: u64) -> Result<u64, Failure> {
    t.u64_in(what, 1, max).map_err(|e| input.error(e))
}

/// `"first"`/`"second"` in words for the text reports.
pub fn winner_line(g_is_zero: bool) -> &'static str {
    if g_is_zero {
        "second player (a P-position: the player to move loses)"
    } else {
        "first player (an N-position: the player to move wins)"
    }
}

pub use grundy::contest::Problem;
