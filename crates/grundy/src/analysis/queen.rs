//! The lame queen analysed, on the contest's board from 1 and on the quarter plane from 0: the P-positions' table and the winning squares.
//!
//! The report it makes is data in [`crate::report::queen`].

use crate::report::queen::*;

use crate::game::Player;
use crate::games::lame_queen::{self, PPositions};
use crate::nimber::Nimber;
use crate::parse::Input;
use crate::report::Error;

/// Reads `d x y` (by the contest queen's notation, beside its rules in
/// [`lame_queen::ContestQueen`]).
pub fn parse(input: &Input) -> Result<(u64, u64, u64), Error> {
    use crate::games::notation::Notation as _;
    let (d, x, y) = lame_queen::ContestQueen.read(input)?[0];
    Ok((d, u64::from(x), u64::from(y)))
}

/// The square of `input` explained.
pub fn analyze(input: &Input) -> Result<QueenReport, Error> {
    let (d, x, y) = parse(input)?;
    explain(d, x, y)
}

/// Reads `x y`, squares counted from 0, for the plane games (by the queen's notation,
/// [`lame_queen::LameQueen`]'s `Notation`, which the diagonal step does not change).
pub fn parse_plane(input: &Input) -> Result<(u64, u64), Error> {
    use crate::games::notation::Notation as _;
    let sum = lame_queen::LameQueen { d: 1 }.read(input)?;
    let (x, y) = sum[0];
    Ok((u64::from(x) - 1, u64::from(y) - 1))
}

/// The square of `input` of the plane game `name` (`wythoff`, `lame-queen:D`) explained,
/// squares counted from 0.
pub fn analyze_plane(name: &str, d: u64, input: &Input) -> Result<QueenReport, Error> {
    let (x, y) = parse_plane(input)?;
    explain_from(name, d, x, y, 0)
}

/// The square (x, y) with diagonal step d explained, squares counted from 1.
pub fn explain(d: u64, x: u64, y: u64) -> Result<QueenReport, Error> {
    explain_from("lamqugam", d, x, y, 1)
}

/// The square (x, y) with diagonal step d of the game `name`, squares counted from
/// `origin` (0 or 1), explained.
pub fn explain_from(name: &str, d: u64, x: u64, y: u64, origin: u64) -> Result<QueenReport, Error> {
    // The engine counts from 1.
    let shift = 1 - origin;
    let (x, y) = (x + shift, y + shift);
    let p = PPositions::build(d, x.max(y)).map_err(|e| Error::input(e.to_string()))?;
    let winning_moves: Vec<Move> = p
        .winning_moves(x, y)
        .into_iter()
        .map(|(tx, ty)| Move {
            label: describe(x - shift, y - shift, tx - shift, ty - shift),
            to: [tx - shift, ty - shift],
        })
        .collect();
    let is_p = winning_moves.is_empty();
    let grundy = if is_p {
        Some(Nimber::ZERO)
    } else {
        lame_queen::grundy_values(d, x, y)
            .map(|table| Nimber(u64::from(table[((x - 1) * y + (y - 1)) as usize])))
    };
    let board = (x <= MAX_DRAWN && y <= MAX_DRAWN).then(|| {
        (1..=x)
            .rev()
            .map(|i| {
                (1..=y)
                    .map(|j| {
                        if (i, j) == (x, y) {
                            'Q'
                        } else if winning_moves.iter().any(|m| m.to == [i - shift, j - shift]) {
                            '*'
                        } else if p.is_p(i, j) {
                            'o'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect()
    });
    Ok(QueenReport {
        game: name.into(),
        grundy,
        winner: if is_p { Player::Second } else { Player::First },
        d,
        x: x - shift,
        y: y - shift,
        origin,
        winning_moves,
        board,
    })
}
