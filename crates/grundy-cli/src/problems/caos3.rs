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
    /// 1-based (row, column) of every monster of the map.
    monsters: Vec<[usize; 2]>,
    /// A map in play: the moves made, and the monsters not yet under lava.
    #[serde(skip_serializing_if = "Option::is_none")]
    played: Option<Vec<[usize; 2]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    live_monsters: Option<Vec<[usize; 2]>>,
    /// The map drawn: `#` wall, `^` open, `m` a live monster, `~` lava.
    board: Vec<String>,
    winning_moves: Vec<CellMove>,
}

/// One map, or a map in play: the map, then `played` and the moves made (row and column of
/// each monster lava was poured from, in order).
pub fn analyze(input: &Input, json: bool) -> Result<String, Failure> {
    let mut t = Tokens::new(&input.bytes);
    let grid = read_map(&mut t, input)?;
    let played = board::read_played(&mut t, &grid).map_err(|e| input.error(e))?;
    t.end().map_err(|e| input.error(e))?;
    let moves = played
        .as_ref()
        .map(|p| p.cells.as_slice())
        .unwrap_or_default();
    let budget = Budget::new(work::MAX_STEPS);
    let a = watching(&budget, || {
        lava::analyze_played(grid.rows, grid.cols, &open_cells(&grid), moves, &budget)
    })
    .map_err(|e| board::refused(played.as_ref(), input, e))?;
    // Lava over everything it covers; the monsters still alive; with hints, the winning
    // ones.
    let a = &a;
    let mark = |hints: bool| {
        move |r: usize, c: usize| {
            if hints && a.winning.binary_search(&(r, c)).is_ok() {
                Some('*')
            } else if a.lava[r * grid.cols + c] {
                Some('~')
            } else {
                a.live.binary_search(&(r, c)).is_ok().then_some('m')
            }
        }
    };
    let first_wins = !a.grundy.is_zero();
    let report = Report {
        game: "caos3",
        grundy: a.grundy.0,
        winner: Player::winner_of(a.grundy).as_str(),
        winner_name: name(first_wins),
        monsters: board::one_based(&a.monsters),
        played: played.as_ref().map(|p| board::one_based(&p.cells)),
        live_monsters: played.as_ref().map(|_| board::one_based(&a.live)),
        board: board::marked_rows(&grid, mark(false)),
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
    match &played {
        None => {
            let _ = writeln!(
                out,
                "map:     {} x {}, {} monsters (m); winning first moves marked *",
                grid.rows,
                grid.cols,
                a.monsters.len()
            );
        }
        Some(p) => {
            let _ = writeln!(
                out,
                "map:     {} x {}, {}; after {}, lava (~) and {} alive (m); winning moves marked *",
                grid.rows,
                grid.cols,
                super::count(a.monsters.len(), "monster"),
                super::count(p.cells.len(), "move"),
                super::count(a.live.len(), "monster")
            );
        }
    }
    if grid.rows <= board::MAX_DRAWN && grid.cols <= board::MAX_DRAWN {
        out.push('\n');
        out.push_str(&board::draw(&grid, mark(true)));
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
        if a.live.is_empty() {
            "no monster is left to pour lava from"
        } else {
            "every move leaves a winning map"
        },
    );
    Ok(out)
}
