//! inventor-outlasting — Code Jam to I/O for Women 2022, "Inventor Outlasting": how many
//! first moves win.
//!
//! Input: T; per case `R C` then R rows of `X` (a spot) and `.`. Output: `Case #x: y`.
//! `analyze` reads one case without the leading T.

use std::fmt::Write as _;

use grundy::Player;
use grundy::games::inventor;
use grundy::parse::Tokens;
use grundy::work::{self, Budget};
use rayon::prelude::*;
use serde::Serialize;

use super::board::{self, CellMove, Grid, Limits};
use super::{Input, json_line, read_cases, winner_line, write_moves};
use crate::Failure;
use crate::progress::watching;

/// The most cases in one input.
const MAX_CASES: u64 = 1000;
/// Board bounds: the contest has R, C ≤ 100 and R·C ≤ 200.
const LIMITS: Limits = Limits {
    max_rows: 4000,
    max_cols: 4000,
    max_cells: 4000,
};

fn read_board(t: &mut Tokens, input: &Input) -> Result<Grid, Failure> {
    board::read_grid(t, &LIMITS, b"X.").map_err(|e| input.error(e))
}

fn explain(grid: &Grid, budget: &Budget) -> Result<inventor::Analysis, Failure> {
    inventor::analyze_within(grid.rows, grid.cols, |r, c| grid.at(r, c) == b'X', budget)
        .map_err(Failure::other)
}

pub fn solve(input: &Input) -> Result<Vec<u8>, Failure> {
    let mut t = Tokens::new(&input.bytes);
    let cases = read_cases(&mut t, input, "the number of test cases T", MAX_CASES)?;
    // The whole input is checked before any board is solved; the boards are then
    // independent and shared between the cores.
    let boards = (0..cases)
        .map(|_| read_board(&mut t, input))
        .collect::<Result<Vec<_>, _>>()?;
    t.end().map_err(|e| input.error(e))?;
    // One account for the whole input: many boards of moderate size add up.
    let budget = Budget::new(work::MAX_STEPS);
    let counts = watching(&budget, || {
        boards
            .par_iter()
            .map(|grid| explain(grid, &budget).map(|a| a.winning.len()))
            .collect::<Result<Vec<_>, _>>()
    })?;
    let mut out = String::new();
    for (case, count) in counts.into_iter().enumerate() {
        let _ = writeln!(out, "Case #{}: {count}", case + 1);
    }
    Ok(out.into_bytes())
}

#[derive(Serialize)]
struct Report {
    game: &'static str,
    grundy: u64,
    winner: &'static str,
    /// Values of the two colour classes: even and odd row + column; `null` when the two
    /// are mirror images of one game (their values cancel and are not computed).
    class_values: Option<[u64; 2]>,
    spots: usize,
    /// A board in play: the attractions built, in order, and the spots still free.
    #[serde(skip_serializing_if = "Option::is_none")]
    played: Option<Vec<[usize; 2]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    free_spots: Option<Vec<[usize; 2]>>,
    /// The board drawn: `X` a free spot, `.` no spot, `A` an attraction, `+` a sign.
    board: Vec<String>,
    winning_moves: Vec<CellMove>,
}

/// One board, or a board in play: the board, then `played` and the moves made (row and
/// column of each attraction built, in order).
pub fn analyze(input: &Input, json: bool) -> Result<String, Failure> {
    let mut t = Tokens::new(&input.bytes);
    let grid = read_board(&mut t, input)?;
    let played = board::read_played(&mut t, &grid).map_err(|e| input.error(e))?;
    t.end().map_err(|e| input.error(e))?;
    let moves = played
        .as_ref()
        .map(|p| p.cells.as_slice())
        .unwrap_or_default();
    let budget = Budget::new(work::MAX_STEPS);
    let a = watching(&budget, || {
        inventor::analyze_played(
            grid.rows,
            grid.cols,
            |r, c| grid.at(r, c) == b'X',
            moves,
            &budget,
        )
    })
    .map_err(|e| board::refused(played.as_ref(), input, e))?;
    let a = &a;
    // Attractions and signs over the board; with hints, the winning spots.
    let mark = |hints: bool| {
        move |r: usize, c: usize| {
            if hints && a.winning.binary_search(&(r, c)).is_ok() {
                Some('*')
            } else if moves.contains(&(r, c)) {
                Some('A')
            } else {
                a.occupied[r * grid.cols + c].then_some('+')
            }
        }
    };
    let report = Report {
        game: "inventor-outlasting",
        grundy: a.grundy.0,
        winner: Player::winner_of(a.grundy).as_str(),
        class_values: a.class_values.map(|v| v.map(|x| x.0)),
        spots: grid.cells.iter().filter(|&&b| b == b'X').count(),
        played: played.as_ref().map(|p| board::one_based(&p.cells)),
        free_spots: played.as_ref().map(|_| board::one_based(&a.free)),
        board: board::marked_rows(&grid, mark(false)),
        winning_moves: a
            .winning
            .iter()
            .map(|&(r, c)| CellMove {
                text: format!("build at row {}, column {}", r + 1, c + 1),
                row: r + 1,
                column: c + 1,
            })
            .collect(),
    };
    if json {
        return json_line(&report);
    }
    let mut out = String::new();
    match &played {
        None => {
            let _ = writeln!(
                out,
                "board:   {} x {}, {} spots (X); winning first moves marked *",
                grid.rows, grid.cols, report.spots
            );
        }
        Some(p) => {
            let _ = writeln!(
                out,
                "board:   {} x {}, {} spots; after {} (A) with their signs (+), {} free (X); winning moves marked *",
                grid.rows,
                grid.cols,
                report.spots,
                super::count(p.cells.len(), "build"),
                super::count(a.free.len(), "spot")
            );
        }
    }
    if grid.rows <= board::MAX_DRAWN && grid.cols <= board::MAX_DRAWN {
        out.push('\n');
        out.push_str(&board::draw(&grid, mark(true)));
        out.push('\n');
    }
    match report.class_values {
        Some([even, odd]) => {
            let _ = writeln!(
                out,
                "classes: even squares (row + column even) {even}, odd squares {odd}"
            );
            let _ = writeln!(out, "grundy:  {} = {even} xor {odd}", report.grundy);
        }
        None => {
            let _ = writeln!(
                out,
                "classes: the even and odd squares are mirror images, one game twice: whatever is built on one, the mirror build answers it"
            );
            let _ = writeln!(out, "grundy:  0 = x xor x (x not computed)");
        }
    }
    let _ = writeln!(out, "winner:  {}", winner_line(a.grundy.is_zero()));
    write_moves(
        &mut out,
        report.winning_moves.iter().map(|m| m.text.clone()),
        if a.free.is_empty() {
            "no spot is left to build on"
        } else {
            "every build leaves a winning board"
        },
    );
    Ok(out)
}
