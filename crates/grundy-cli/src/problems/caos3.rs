//! caos3 — "CAO Stage-3": who wins the lava game.
//!
//! Input: T; per case `R C` then R rows of `#` (wall) and `^`. Output: `Asuna` when the
//! first player wins, else `Kirito`. `analyze` reads one case without the leading T.

use std::fmt::Write as _;

use grundy::Player;
use grundy::games::lava;
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
/// Map bounds: the contest has R, C ≤ 20.
const LIMITS: Limits = Limits {
    max_rows: 200,
    max_cols: 200,
    max_cells: 40_000,
};

fn read_map(t: &mut Tokens, input: &Input) -> Result<Grid, Failure> {
    board::read_grid(t, &LIMITS, b"#^").map_err(|e| input.error(e))
}

fn open_cells(grid: &Grid) -> Vec<bool> {
    grid.cells.iter().map(|&b| b == b'^').collect()
}

fn name(first_wins: bool) -> &'static str {
    if first_wins { "Asuna" } else { "Kirito" }
}

pub fn solve(input: &Input) -> Result<Vec<u8>, Failure> {
    let mut t = Tokens::new(&input.bytes);
    let cases = read_cases(&mut t, input, "the number of test cases T", MAX_CASES)?;
    // The whole input is checked before any map is solved; the maps are then independent
    // and shared between the cores.
    let maps = (0..cases)
        .map(|_| read_map(&mut t, input))
        .collect::<Result<Vec<_>, _>>()?;
    t.end().map_err(|e| input.error(e))?;
    // One account for the whole input: many maps of moderate size add up.
    let budget = Budget::new(work::MAX_STEPS);
    let values = watching(&budget, || {
        maps.par_iter()
            .map(|grid| lava::grundy_within(grid.rows, grid.cols, &open_cells(grid), &budget))
            .collect::<Result<Vec<_>, _>>()
    })
    .map_err(Failure::other)?;
    let mut out = String::new();
    for g in values {
        let _ = writeln!(out, "{}", name(!g.is_zero()));
    }
    Ok(out.into_bytes())
}

#[derive(Serialize)]
struct Report {
    game: &'static str,
    grundy: u64,
    winner: &'static str,
    winner_name: &'static str,
    /// 1-based (row, column) of every monster.
    monsters: Vec<[usize; 2]>,
    winning_moves: Vec<CellMove>,
}

pub fn analyze(input: &Input, json: bool) -> Result<String, Failure> {
    let mut t = Tokens::new(&input.bytes);
    let grid = read_map(&mut t, input)?;
    t.end().map_err(|e| input.error(e))?;
    let budget = Budget::new(work::MAX_STEPS);
    let a = watching(&budget, || {
        lava::analyze_within(grid.rows, grid.cols, &open_cells(&grid), &budget)
    })
    .map_err(Failure::other)?;
    let first_wins = !a.grundy.is_zero();
    let report = Report {
        game: "caos3",
        grundy: a.grundy.0,
        winner: Player::winner_of(a.grundy).as_str(),
        winner_name: name(first_wins),
        monsters: a.monsters.iter().map(|&(r, c)| [r + 1, c + 1]).collect(),
        winning_moves: a
            .winning
            .iter()
            .map(|&(r, c)| CellMove {
                text: format!(
                    "pour lava from the monster at row {}, column {}",
                    r + 1,
                    c + 1
                ),
                row: r + 1,
                column: c + 1,
            })
            .collect(),
    };
    if json {
        return json_line(&report);
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "map:     {} x {}, {} monsters (m); winning first moves marked *",
        grid.rows,
        grid.cols,
        a.monsters.len()
    );
    if grid.rows <= board::MAX_DRAWN && grid.cols <= board::MAX_DRAWN {
        out.push('\n');
        out.push_str(&board::draw(&grid, |r, c| {
            if a.winning.binary_search(&(r, c)).is_ok() {
                Some('*')
            } else {
                a.monsters.binary_search(&(r, c)).is_ok().then_some('m')
            }
        }));
        out.push('\n');
    }
    let _ = writeln!(out, "grundy:  {}", a.grundy);
    let _ = writeln!(
        out,
        "winner:  {} — {}",
        winner_line(a.grundy.is_zero()),
        name(first_wins)
    );
    write_moves(
        &mut out,
        report.winning_moves.iter().map(|m| m.text.clone()),
        "every move leaves a winning map",
    );
    Ok(out)
}
