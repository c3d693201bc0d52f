//! Boards in play (Inventor Outlasting, caos3) analysed by the cross-cut engines: the value, the winning cells, the board drawn.
//!
//! The report it makes is data in [`crate::report::cells`].

use crate::games::in_play::{BoardInPlay, CutBoard, Grid, Limits, Played, move_label, parse};
use crate::games::inventor::Inventor;
use crate::games::lava::{Lava, open_cells};
use crate::report::cells::*;

use crate::game::Player;
use crate::parse::Input;
use crate::progress::{Progress, watching};
use crate::report::Error;
use crate::solve::cross_cut::PlayedError;
use crate::solve::cross_cut::{inventor, lava};
use crate::work::{self, Budget};

/// The error for a board in play that the game refused: a move it refuses is bad input,
/// named with its line.
fn refused(played: Option<&Played>, input: &Input, e: PlayedError) -> Error {
    match (e, played) {
        (e @ PlayedError::NotLive { index, .. }, Some(p)) => {
            Error::input(format!("{}:{}: {e}", input.source, p.lines[index - 1]))
        }
        (e, _) => Error::failed(e.to_string()),
    }
}

/// Reads a board in play of `alphabet` within `limits` and solves it with `solve` (given
/// the board, the moves made and the work account), `progress` watching the account. A
/// move the game refuses is bad input, named with its line.
fn solve_in_play<T>(
    input: &Input,
    limits: &Limits,
    alphabet: &[u8],
    progress: &mut (dyn Progress + Send),
    solve: impl FnOnce(&Grid, &[(usize, usize)], &Budget) -> Result<T, PlayedError>,
) -> Result<(BoardInPlay, T), Error> {
    let board = parse(input, limits, alphabet)?;
    let moves = board
        .played
        .as_ref()
        .map(|p| p.cells.as_slice())
        .unwrap_or_default();
    let budget = Budget::new(work::MAX_STEPS);
    let solved = watching(&budget, progress, || solve(&board.grid, moves, &budget))
        .map_err(|e| refused(board.played.as_ref(), input, e))?;
    Ok((board, solved))
}

/// 0-based cells as 1-based (row, column) pairs.
fn one_based(cells: &[(usize, usize)]) -> Vec<[usize; 2]> {
    cells.iter().map(|&(r, c)| [r + 1, c + 1]).collect()
}

/// The grid's rows, `mark(r, c)` replacing a cell's character where it says so.
fn marked_rows(grid: &Grid, mark: impl Fn(usize, usize) -> Option<char>) -> Vec<String> {
    (0..grid.rows)
        .map(|r| {
            (0..grid.cols)
                .map(|c| mark(r, c).unwrap_or(grid.at(r, c) as char))
                .collect()
        })
        .collect()
}

/// The Inventor board of `input` explained.
pub fn analyze_inventor(
    input: &Input,
    progress: &mut (dyn Progress + Send),
) -> Result<InventorReport, Error> {
    let (BoardInPlay { grid, played }, a) = solve_in_play(
        input,
        &Inventor::LIMITS,
        Inventor::ALPHABET,
        progress,
        |grid, moves, budget| {
            inventor::analyze_played(
                grid.rows,
                grid.cols,
                |r, c| grid.at(r, c) == b'X',
                moves,
                budget,
            )
        },
    )?;
    let moves = played
        .as_ref()
        .map(|p| p.cells.as_slice())
        .unwrap_or_default();
    let board = marked_rows(&grid, |r, c| {
        if moves.contains(&(r, c)) {
            Some('A')
        } else {
            a.occupied[r * grid.cols + c].then_some('+')
        }
    });
    Ok(InventorReport {
        game: "inventor-outlasting".into(),
        grundy: a.grundy,
        winner: Player::winner_of(a.grundy),
        class_values: a.class_values,
        spots: grid.cells.iter().filter(|&&b| b == b'X').count(),
        played: played.as_ref().map(|p| one_based(&p.cells)),
        free_spots: played.as_ref().map(|_| one_based(&a.free)),
        board,
        winning_moves: a
            .winning
            .iter()
            .map(|&(r, c)| Move {
                label: move_label::<Inventor>(r, c),
                row: r + 1,
                column: c + 1,
            })
            .collect(),
    })
}

/// The lava map of `input` explained.
pub fn analyze_lava(
    input: &Input,
    progress: &mut (dyn Progress + Send),
) -> Result<LavaReport, Error> {
    let (BoardInPlay { grid, played }, a) = solve_in_play(
        input,
        &Lava::LIMITS,
        Lava::ALPHABET,
        progress,
        |grid, moves, budget| {
            lava::analyze_played(grid.rows, grid.cols, &open_cells(grid), moves, budget)
        },
    )?;
    let board = marked_rows(&grid, |r, c| {
        if a.lava[r * grid.cols + c] {
            Some('~')
        } else {
            a.live.binary_search(&(r, c)).is_ok().then_some('m')
        }
    });
    Ok(LavaReport {
        game: "caos3".into(),
        grundy: a.grundy,
        winner: Player::winner_of(a.grundy),
        winner_name: lava_winner_name(!a.grundy.is_zero()).into(),
        monsters: one_based(&a.monsters),
        played: played.as_ref().map(|p| one_based(&p.cells)),
        live_monsters: played.as_ref().map(|_| one_based(&a.live)),
        board,
        winning_moves: a
            .winning
            .iter()
            .map(|&(r, c)| Move {
                label: move_label::<Lava>(r, c),
                row: r + 1,
                column: c + 1,
            })
            .collect(),
    })
}
