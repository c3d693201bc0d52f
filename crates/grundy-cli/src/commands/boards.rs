//! `grundy analyze cram` and `grundy analyze chomp`: a board read, solved by the generic
//! engine, explained.

use std::io::{self, BufWriter, Write};
use std::time::Instant;

use anyhow::anyhow;
use grundy::games::board::{Bite, Chomp, Cram, Placement};
use grundy::parse::{Found, ParseError, Tokens};
use grundy::{Nimber, Player, SolveError, Solver};
use serde::Serialize;

use crate::Failure;
use crate::problems::Input;

/// The most positions the generic engine may store for one board (about 2 GB).
pub const MAX_POSITIONS: usize = 30_000_000;

/// Board games `analyze` knows besides the contest games and heap families.
pub fn is_board_game(name: &str) -> bool {
    matches!(name, "cram" | "chomp")
}

pub fn analyze(name: &str, input: &Input, json: bool, stats: bool) -> Result<(), Failure> {
    let started = Instant::now();
    let (report, solver_stats) = match name {
        "cram" => cram(input)?,
        _ => chomp(input)?,
    };
    if stats {
        eprintln!(
            "stats: solved in {:.3} s; {} positions evaluated, {} options, memo {} entries",
            started.elapsed().as_secs_f64(),
            solver_stats.evaluated,
            solver_stats.options,
            solver_stats.memo_size
        );
    }
    let mut out = BufWriter::new(io::stdout().lock());
    if json {
        let line = serde_json::to_string(&report).map_err(Failure::other)?;
        writeln!(out, "{line}")?;
    } else {
        write!(out, "{}", report.text)?;
    }
    out.flush()?;
    Ok(())
}

#[derive(Serialize)]
struct Report {
    game: &'static str,
    grundy: u64,
    winner: &'static str,
    board: Vec<String>,
    winning_moves: Vec<MoveJson>,
    #[serde(skip)]
    text: String,
}

#[derive(Serialize)]
struct MoveJson {
    #[serde(rename = "move")]
    text: String,
    /// The cells the move takes: a domino's two cells, or a bite's corner square;
    /// 1-based, rows from the top for Cram and from the bottom for Chomp.
    cells: Vec<[usize; 2]>,
}

pub(crate) fn solve_failure(e: SolveError) -> Failure {
    match e {
        SolveError::TooManyPositions { limit } => Failure::other(anyhow!(
            "the board needs more than {limit} stored positions, the limit of the generic engine (about 2 GB)"
        )),
        e => Failure::other(e),
    }
}

/// `R C`, then optionally R rows of `.` (free) and `#` (blocked).
fn read_cram(input: &Input) -> Result<(Cram, u64), Failure> {
    let at = |e| input.error(e);
    let mut t = Tokens::new(&input.bytes);
    let rows = t.u64_in("the number of rows", 1, 64).map_err(at)? as usize;
    let cols = t.u64_in("the number of columns", 1, 64).map_err(at)? as usize;
    let cram = Cram::new(rows, cols).map_err(|_| {
        at(ParseError {
            line: t.line(),
            expected: format!("a board of at most {} cells", Cram::MAX_CELLS),
            found: Found::Value(format!("{rows}×{cols} = {} cells", rows * cols)),
        })
    })?;
    let mut free = cram.full();
    if t.clone().next_token().is_some() {
        for r in 0..rows {
            let row = t.grid_row(cols, b".#").map_err(at)?;
            for (c, &b) in row.iter().enumerate() {
                if b == b'#' {
                    free &= !(1 << cram.bit(r, c));
                }
            }
        }
        t.end().map_err(at)?;
    }
    Ok((cram, free))
}

fn cram(input: &Input) -> Result<(Report, grundy::Stats), Failure> {
    let (cram, free) = read_cram(input)?;
    let mut solver = Solver::with_limit(cram, MAX_POSITIONS);
    let regions = cram.regions(free);
    let value = solver.sum_grundy(&regions).map_err(solve_failure)?;
    let mut wins: Vec<Placement> = Vec::new();
    if !value.is_zero() {
        for p in cram.placements(free) {
            let after = free & !(1 << p.first) & !(1 << p.second);
            if solver
                .sum_grundy(&cram.regions(after))
                .map_err(solve_failure)?
                .is_zero()
            {
                wins.push(p);
            }
        }
    }
    let cell = |i: usize| [i / cram.cols() + 1, i % cram.cols() + 1];
    let moves: Vec<MoveJson> = wins
        .iter()
        .map(|p| {
            let ([r1, c1], [r2, c2]) = (cell(p.first), cell(p.second));
            let dir = if r1 == r2 { "across" } else { "down" };
            MoveJson {
                text: format!("domino on row {r1}, column {c1} and row {r2}, column {c2} ({dir})"),
                cells: vec![[r1, c1], [r2, c2]],
            }
        })
        .collect();
    // The board, with each winning domino's cells lettered a, b, c, … (a cell in several
    // winning dominoes shows the first).
    let mut marks = vec![None; cram.rows() * cram.cols()];
    for (k, p) in wins.iter().enumerate() {
        let letter = (b'a' + (k % 26) as u8) as char;
        for i in [p.first, p.second] {
            marks[i].get_or_insert(letter);
        }
    }
    let board: Vec<String> = (0..cram.rows())
        .map(|r| {
            (0..cram.cols())
                .map(|c| {
                    let i = cram.bit(r, c);
                    match (free >> i & 1 == 1, marks[i]) {
                        (false, _) => '#',
                        (true, Some(l)) => l,
                        (true, None) => '.',
                    }
                })
                .collect()
        })
        .collect();
    let report = report(
        "cram",
        value,
        board,
        moves,
        &format!(
            "{}×{} Cram board ('.' free, '#' blocked, each winning domino lettered; a cell in several shows the first)",
            cram.rows(),
            cram.cols()
        ),
        "winning dominoes",
    );
    Ok((report, solver.stats()))
}

/// `R C` (two numbers) for a full bar, or the row lengths bottom row first: one number,
/// three or more, or any number joined by commas (`3,2` is two rows).
fn read_chomp(input: &Input) -> Result<u128, Failure> {
    let at = |e| input.error(e);
    let mut t = Tokens::new(&input.bytes);
    let mut numbers: Vec<(usize, usize)> = Vec::new();
    let mut commas = false;
    while let Some(tok) = t.next_token() {
        for part in tok.text.split(|&b| b == b',').filter(|p| !p.is_empty()) {
            commas |= part.len() != tok.text.len();
            let n = std::str::from_utf8(part)
                .ok()
                .and_then(|s| s.parse::<usize>().ok())
                .filter(|&n| n <= Chomp::MAX_COLS)
                .ok_or_else(|| {
                    at(ParseError {
                        line: tok.line,
                        expected: format!("a row length from 1 to {}", Chomp::MAX_COLS),
                        found: Found::Value(grundy::parse::escaped(part)),
                    })
                })?;
            numbers.push((n, tok.line));
        }
        if numbers.len() > Chomp::MAX_ROWS {
            return Err(at(ParseError {
                line: tok.line,
                expected: format!("at most {} rows", Chomp::MAX_ROWS),
                found: Found::Value(format!("{} numbers", numbers.len())),
            }));
        }
    }
    let line = numbers.last().map_or(1, |&(_, l)| l);
    let lengths: Vec<usize> = match numbers.as_slice() {
        [] => {
            return Err(at(ParseError {
                line,
                expected: "R C, or the row lengths bottom row first".to_string(),
                found: Found::End,
            }));
        }
        [(rows, _), (cols, _)] if !commas => {
            if *rows > Chomp::MAX_ROWS {
                return Err(at(ParseError {
                    line,
                    expected: format!("at most {} rows", Chomp::MAX_ROWS),
                    found: Found::Value(rows.to_string()),
                }));
            }
            vec![*cols; *rows]
        }
        all => all.iter().map(|&(n, _)| n).collect(),
    };
    Chomp::position(&lengths).map_err(|e| {
        at(ParseError {
            line,
            expected: "row lengths from 1 up, never longer than the row below".to_string(),
            found: Found::Value(e.to_string()),
        })
    })
}

fn chomp(input: &Input) -> Result<(Report, grundy::Stats), Failure> {
    let p = read_chomp(input)?;
    let mut solver = Solver::with_limit(Chomp, MAX_POSITIONS);
    let value = solver.grundy(&p).map_err(solve_failure)?;
    let mut wins: Vec<Bite> = Vec::new();
    if !value.is_zero() {
        for bite in Chomp::bites(p) {
            if solver
                .grundy(&Chomp::after(p, bite))
                .map_err(solve_failure)?
                .is_zero()
            {
                wins.push(bite);
            }
        }
    }
    let moves: Vec<MoveJson> = wins
        .iter()
        .map(|b| MoveJson {
            text: format!(
                "take the square in row {}, column {} (rows from the bottom) and all above and right of it",
                b.row + 1,
                b.col + 1
            ),
            cells: vec![[b.row + 1, b.col + 1]],
        })
        .collect();
    let lengths = Chomp::lengths(p);
    // Top row first, as the bar is seen: 'P' the poisoned square, 'x' a winning bite.
    let board: Vec<String> = lengths
        .iter()
        .enumerate()
        .rev()
        .map(|(r, &len)| {
            (0..len)
                .map(|c| {
                    if r == 0 && c == 0 {
                        'P'
                    } else if wins.contains(&Bite { row: r, col: c }) {
                        'x'
                    } else {
                        'o'
                    }
                })
                .collect()
        })
        .collect();
    let report = report(
        "chomp",
        value,
        board,
        moves,
        "Chomp bar, top row first ('P' poisoned, 'x' a winning bite)",
        "winning bites",
    );
    Ok((report, solver.stats()))
}

fn report(
    game: &'static str,
    value: Nimber,
    board: Vec<String>,
    moves: Vec<MoveJson>,
    caption: &str,
    moves_name: &str,
) -> Report {
    let winner = Player::winner_of(value);
    let mut text = String::new();
    text.push_str(&format!("game:    {game}\n"));
    text.push_str(&format!(
        "grundy:  {value} ({})\n",
        if value.is_zero() {
            "a P-position: the player to move loses"
        } else {
            "an N-position: the player to move wins"
        }
    ));
    text.push_str(&format!("winner:  {} player\n", winner.as_str()));
    if moves.is_empty() {
        text.push_str(&format!(
            "{moves_name}: none; every move leaves a winning position\n"
        ));
    } else {
        text.push_str(&format!("{moves_name} ({}):\n", moves.len()));
        for m in &moves {
            text.push_str(&format!("  {}\n", m.text));
        }
    }
    text.push_str(&format!("{caption}:\n"));
    for row in &board {
        text.push_str(&format!("  {row}\n"));
    }
    Report {
        game,
        grundy: value.0,
        winner: winner.as_str(),
        board,
        winning_moves: moves,
        text,
    }
}
