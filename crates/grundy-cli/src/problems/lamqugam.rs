//! lamqugam — "Lame Queen Game": the chance that the second player wins from a random
//! square of a rectangle.
//!
//! Input: `d T`, then T lines `x1 y1 x2 y2`. Output: one reduced fraction per line.
//! `analyze` reads one line `d x y`.

use std::fmt::Write as _;

use grundy::Player;
use grundy::games::lame_queen::{self, PPositions, Rect};
use grundy::parse::{Found, ParseError, Tokens};
use serde::Serialize;

use super::{Input, json_line, winner_line, write_moves};
use crate::Failure;

/// The most queries accepted in one input.
const MAX_QUERIES: u64 = 1_000_000;
/// The largest board drawn in `analyze`.
const MAX_DRAWN: u64 = 40;

fn out_of_order(line: usize, name: &str, low_name: &str, low: u64, value: u64) -> ParseError {
    ParseError {
        line,
        expected: format!("{name} at least {low_name} = {low}"),
        found: Found::Value(value.to_string()),
    }
}

pub fn solve(input: &Input) -> Result<Vec<u8>, Failure> {
    let err = |e| input.error(e);
    let mut t = Tokens::new(&input.bytes);
    let d = t.u64_in("d", 1, lame_queen::MAX_STEP).map_err(err)?;
    let count = t
        .u64_in("the number of queries T", 1, MAX_QUERIES)
        .map_err(err)?;
    let coord = lame_queen::MAX_COORD;
    let mut rects = Vec::with_capacity(count as usize);
    let mut bound = 1;
    for _ in 0..count {
        let x1 = t.u64_in("x1", 1, coord).map_err(err)?;
        let y1 = t.u64_in("y1", 1, coord).map_err(err)?;
        let x2 = t.u64_in("x2", 1, coord).map_err(err)?;
        if x2 < x1 {
            return Err(err(out_of_order(t.line(), "x2", "x1", x1, x2)));
        }
        let y2 = t.u64_in("y2", 1, coord).map_err(err)?;
        if y2 < y1 {
            return Err(err(out_of_order(t.line(), "y2", "y1", y1, y2)));
        }
        bound = bound.max(x2).max(y2);
        rects.push(Rect { x1, y1, x2, y2 });
    }
    t.end().map_err(err)?;

    // Only the rows the queries reach are settled.
    let p = PPositions::build(d, bound).map_err(Failure::input)?;
    let counts = p.count_in(&rects);
    let mut out = Vec::with_capacity(rects.len() * 12);
    let mut number = itoa::Buffer::new();
    for (r, c) in rects.iter().zip(counts) {
        let area = r.area();
        let g = gcd(c, area);
        out.extend_from_slice(number.format(c / g).as_bytes());
        out.push(b'/');
        out.extend_from_slice(number.format(area / g).as_bytes());
        out.push(b'\n');
    }
    Ok(out)
}

/// Binary GCD: shifts and subtractions, no division.
fn gcd(mut a: u64, mut b: u64) -> u64 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            (a, b) = (b, a);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

#[derive(Serialize)]
struct Report {
    game: &'static str,
    /// Known exactly for P-positions (0) and where the Grundy table was built.
    grundy: Option<u64>,
    winner: &'static str,
    d: u64,
    x: u64,
    y: u64,
    winning_moves: Vec<Move>,
}

#[derive(Serialize)]
struct Move {
    #[serde(rename = "move")]
    text: String,
    to: [u64; 2],
}

pub fn analyze(input: &Input, json: bool) -> Result<String, Failure> {
    let err = |e| input.error(e);
    let mut t = Tokens::new(&input.bytes);
    let coord = lame_queen::MAX_COORD;
    let d = t.u64_in("d", 1, lame_queen::MAX_STEP).map_err(err)?;
    let x = t.u64_in("x", 1, coord).map_err(err)?;
    let y = t.u64_in("y", 1, coord).map_err(err)?;
    t.end().map_err(err)?;

    let p = PPositions::build(d, x.max(y)).map_err(Failure::input)?;
    let moves: Vec<Move> = p
        .winning_moves(x, y)
        .into_iter()
        .map(|(tx, ty)| Move {
            text: describe(x, y, tx, ty),
            to: [tx, ty],
        })
        .collect();
    let is_p = moves.is_empty();
    let grundy = if is_p {
        Some(0)
    } else {
        lame_queen::grundy_values(d, x, y)
            .map(|table| u64::from(table[((x - 1) * y + (y - 1)) as usize]))
    };
    let report = Report {
        game: "lamqugam",
        grundy,
        // Known exactly even where the value is not: P exactly when no move wins.
        winner: if is_p { Player::Second } else { Player::First }.as_str(),
        d,
        x,
        y,
        winning_moves: moves,
    };
    if json {
        return json_line(&report);
    }
    Ok(render(&report, &p))
}

fn describe(x: u64, y: u64, tx: u64, ty: u64) -> String {
    if tx == x {
        format!("move left along the row by {} to ({tx}, {ty})", y - ty)
    } else if ty == y {
        format!("move down the column by {} to ({tx}, {ty})", x - tx)
    } else {
        format!("move diagonally by {} to ({tx}, {ty})", x - tx)
    }
}

fn render(r: &Report, p: &PPositions) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "queen:   ({}, {}), diagonal steps in multiples of d = {}",
        r.x, r.y, r.d
    );
    if r.x <= MAX_DRAWN && r.y <= MAX_DRAWN {
        let targets: Vec<[u64; 2]> = r.winning_moves.iter().map(|m| m.to).collect();
        out.push('\n');
        for i in (1..=r.x).rev() {
            let _ = write!(out, "  {i:>3} ");
            for j in 1..=r.y {
                out.push(if (i, j) == (r.x, r.y) {
                    'Q'
                } else if targets.contains(&[i, j]) {
                    '*'
                } else if p.is_p(i, j) {
                    'o'
                } else {
                    '.'
                });
            }
            out.push('\n');
        }
        out.push_str("      Q queen, * winning target, o other P-position (rows x, columns y)\n\n");
    }
    match r.grundy {
        Some(g) => {
            let _ = writeln!(out, "grundy:  {g}");
        }
        None => {
            let _ = writeln!(
                out,
                "grundy:  not computed (the table stops at x·y ≤ {} squares); the outcome below is exact",
                lame_queen::GRUNDY_SQUARES
            );
        }
    }
    let _ = writeln!(out, "winner:  {}", winner_line(r.winning_moves.is_empty()));
    write_moves(
        &mut out,
        r.winning_moves.iter().map(|m| m.text.clone()),
        "every move reaches an N-position",
    );
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn binary_gcd_matches_euclid() {
        fn euclid(a: u64, b: u64) -> u64 {
            if b == 0 { a } else { euclid(b, a % b) }
        }
        for a in 0..300 {
            for b in 0..300 {
                assert_eq!(super::gcd(a, b), euclid(a, b), "gcd({a}, {b})");
            }
        }
        let big = 1u64 << 40;
        assert_eq!(super::gcd(big * 3, big * 5 * 7), big);
    }
}
