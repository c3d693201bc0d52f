//! pshtbrth — "Pishty and birthday": cakes of candles, range queries of who wins.
//!
//! Input: T; per test `N M`, N cakes (4 rows of 4 `0`/`1`), then M queries: `1 L R` (who
//! wins on cakes L..R: `Pishty` moves first, else `Lotsy`) or `2 pos` and four rows
//! (replace cake pos). Tokens are read whitespace-separated, so blank lines are optional.
//!
//! `analyze` reads one or more cakes of any equal R×C (R·C ≤ 25), separated by blank lines.

use std::fmt::Write as _;
use std::path::Path;

use grundy::games::bitboard::{MAX_CELLS, Shape, Table};
use grundy::index::{Fenwick, Xor8};
use grundy::parse::{Found, ParseError, Tokens, escaped};
use grundy::{Nimber, Player};
use serde::Serialize;

use super::{Input, json_line, read_cases, winner_line, write_moves};
use crate::Failure;
use crate::progress::Bar;

/// The most tests in one input.
const MAX_TESTS: u64 = 100;
/// The most cakes and queries in one test (the contest has 10^5).
const MAX_CAKES: u64 = 1_000_000;
/// The most cakes `analyze` reads.
const MAX_ANALYZED: usize = 10_000;

fn name(first_wins: bool) -> &'static str {
    if first_wins { "Pishty" } else { "Lotsy" }
}

/// Reads one 4×4 cake as a mask, bit 4·r + c for row r, column c.
fn read_cake(t: &mut Tokens) -> Result<u32, ParseError> {
    let mut mask = 0;
    for r in 0..4 {
        mask |= t.binary_row(4)? << (4 * r);
    }
    Ok(mask)
}

pub fn solve(input: &Input) -> Result<Vec<u8>, Failure> {
    let err = |e| input.error(e);
    let table = Table::build(shape(4, 4)?, &mut grundy::NoProgress);
    let mut t = Tokens::new(&input.bytes);
    let tests = read_cases(&mut t, input, "the number of tests T", MAX_TESTS)?;
    let mut out = Vec::with_capacity(1 << 16);
    for _ in 0..tests {
        let n = t
            .u64_in("the number of cakes N", 1, MAX_CAKES)
            .map_err(err)? as usize;
        let m = t
            .u64_in("the number of queries M", 1, MAX_CAKES)
            .map_err(err)?;
        let mut values = Vec::with_capacity(n);
        for _ in 0..n {
            values.push(Xor8(
                table.values()[read_cake(&mut t).map_err(err)? as usize],
            ));
        }
        let mut tree = Fenwick::from_values(&values);
        for _ in 0..m {
            match t.u64_in("a query type (1 or 2)", 1, 2).map_err(err)? {
                1 => {
                    let l = t.u64_in("L", 1, n as u64).map_err(err)?;
                    let r = t.u64_in("R", 1, n as u64).map_err(err)?;
                    if r < l {
                        return Err(err(ParseError {
                            line: t.line(),
                            expected: format!("R at least L = {l}"),
                            found: Found::Value(r.to_string()),
                        }));
                    }
                    let x = tree.range(l as usize - 1, r as usize);
                    out.extend_from_slice(name(x.0 != 0).as_bytes());
                    out.push(b'\n');
                }
                _ => {
                    let pos = t.u64_in("pos", 1, n as u64).map_err(err)? as usize - 1;
                    let new = Xor8(table.values()[read_cake(&mut t).map_err(err)? as usize]);
                    tree.add(pos, Xor8(values[pos].0 ^ new.0));
                    values[pos] = new;
                }
            }
        }
    }
    t.end().map_err(err)?;
    Ok(out)
}

fn shape(rows: usize, cols: usize) -> Result<Shape, Failure> {
    Shape::new(rows, cols).map_err(Failure::input)
}

/// One cake as read by `analyze`: its first line and its rows.
struct Cake<'a> {
    line: usize,
    rows: Vec<&'a [u8]>,
}

/// Splits the input into cakes at blank lines.
fn cakes(input: &Input) -> Result<Vec<Cake<'_>>, Failure> {
    let bytes = input
        .bytes
        .strip_prefix(b"\xEF\xBB\xBF")
        .unwrap_or(&input.bytes);
    let mut cakes: Vec<Cake> = Vec::new();
    let mut open = false;
    for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = raw.trim_ascii();
        if line.is_empty() {
            open = false;
            continue;
        }
        if !open {
            if cakes.len() == MAX_ANALYZED {
                return Err(input.error(ParseError {
                    line: i + 1,
                    expected: format!("at most {MAX_ANALYZED} cakes"),
                    found: Found::Value("more".to_string()),
                }));
            }
            cakes.push(Cake {
                line: i + 1,
                rows: Vec::new(),
            });
            open = true;
        }
        if let Some(cake) = cakes.last_mut() {
            cake.rows.push(line);
        }
    }
    if cakes.is_empty() {
        return Err(input.error(ParseError {
            line: 1,
            expected: "at least one cake (rows of '0' and '1')".to_string(),
            found: Found::End,
        }));
    }
    Ok(cakes)
}

/// Checks every cake against the first one's shape and turns it into a mask.
fn masks(input: &Input, cakes: &[Cake]) -> Result<(Shape, Vec<u32>), Failure> {
    let rows = cakes[0].rows.len();
    let cols = cakes[0].rows[0].len();
    if rows * cols > MAX_CELLS {
        return Err(input.error(ParseError {
            line: cakes[0].line,
            expected: format!("a cake of at most {MAX_CELLS} cells"),
            found: Found::Value(format!("{rows}×{cols} = {}", rows * cols)),
        }));
    }
    let shape = shape(rows, cols)?;
    let mut masks = Vec::with_capacity(cakes.len());
    for (k, cake) in cakes.iter().enumerate() {
        if cake.rows.len() != rows {
            return Err(input.error(ParseError {
                line: cake.line,
                expected: format!("cake {} to have {rows} rows like cake 1", k + 1),
                found: Found::Value(cake.rows.len().to_string()),
            }));
        }
        let mut mask = 0u32;
        for (r, row) in cake.rows.iter().enumerate() {
            // Re-use the grid-row check for the message: width and alphabet.
            let mut t = Tokens::new(row);
            let checked = t.grid_row(cols, b"01").map_err(|e| {
                input.error(ParseError {
                    line: cake.line + r,
                    ..e
                })
            })?;
            if t.end().is_err() {
                return Err(input.error(ParseError {
                    line: cake.line + r,
                    expected: format!("{cols} characters of '0' or '1'"),
                    found: Found::Token(escaped(row)),
                }));
            }
            for (c, &b) in checked.iter().enumerate() {
                if b == b'1' {
                    mask |= shape.bit(r, c);
                }
            }
        }
        masks.push(mask);
    }
    Ok((shape, masks))
}

/// The table for a shape: from the cache when it holds a valid one, else computed (and
/// saved there when a cache is given). A cache that cannot be used costs time, never the
/// analysis: what is wrong with it is a warning.
fn table_for(shape: Shape, cache: Option<&Path>) -> Table {
    let mut keep = cache;
    if let Some(dir) = cache {
        match Table::load(dir, shape) {
            Ok(Some(table)) => return table,
            Ok(None) => {}
            Err(e) if e.is_damaged() => {
                crate::warn(format_args!("{e}; computing the table again"));
            }
            Err(e) => {
                // A cache that cannot even be read would fail the same way when written:
                // one warning is enough.
                crate::warn(format_args!("{e}; computing the table without the cache"));
                keep = None;
            }
        }
    }
    let table = Table::build(shape, &mut Bar::above(1 << 20));
    if let Some(dir) = keep
        && let Err(e) = table.save(dir)
    {
        crate::warn(format_args!("{e}; the table was not kept"));
    }
    table
}

#[derive(Serialize)]
struct Report {
    game: &'static str,
    grundy: u64,
    winner: &'static str,
    winner_name: &'static str,
    rows: usize,
    columns: usize,
    cake_values: Vec<u64>,
    winning_moves: Vec<Move>,
}

#[derive(Serialize)]
struct Move {
    #[serde(rename = "move")]
    text: String,
    cake: usize,
    /// First and last row put out, 1-based.
    rows: [usize; 2],
    /// First and last column put out, 1-based.
    columns: [usize; 2],
}

fn span(word: &str, first: usize, last: usize) -> String {
    if first == last {
        format!("{word} {first}")
    } else {
        format!("{word}s {first}–{last}")
    }
}

pub fn analyze(input: &Input, json: bool, cache: Option<&Path>) -> Result<String, Failure> {
    let cakes = cakes(input)?;
    let (shape, masks) = masks(input, &cakes)?;
    let table = table_for(shape, cache);
    let values: Vec<u64> = masks.iter().map(|&m| table.value(m).0).collect();
    let total = values.iter().fold(0, |a, v| a ^ v);
    let mut moves = Vec::new();
    for (k, &mask) in masks.iter().enumerate() {
        // The rest of the row of cakes is worth total ^ values[k]; a winning move here
        // must leave this cake worth exactly that.
        let target = total ^ values[k];
        shape.for_each_move(mask, |rect| {
            if table.value(mask & !rect.mask).0 == target {
                let rows = [rect.row + 1, rect.row + rect.height];
                let columns = [rect.col + 1, rect.col + rect.width];
                moves.push(Move {
                    text: format!(
                        "cake {}: put out {}, {}",
                        k + 1,
                        span("row", rows[0], rows[1]),
                        span("column", columns[0], columns[1])
                    ),
                    cake: k + 1,
                    rows,
                    columns,
                });
            }
        });
    }
    let report = Report {
        game: "pshtbrth",
        grundy: total,
        winner: Player::winner_of(Nimber(total)).as_str(),
        winner_name: name(total != 0),
        rows: shape.rows(),
        columns: shape.cols(),
        cake_values: values,
        winning_moves: moves,
    };
    if json {
        return json_line(&report);
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "cakes:   {} of {}×{}",
        masks.len(),
        shape.rows(),
        shape.cols()
    );
    for (k, cake) in cakes.iter().enumerate() {
        let _ = writeln!(out, "\ncake {}: value {}", k + 1, report.cake_values[k]);
        for row in &cake.rows {
            let _ = writeln!(out, "  {}", String::from_utf8_lossy(row));
        }
    }
    let _ = writeln!(
        out,
        "\ngrundy:  {} (the xor of the cakes' values)",
        report.grundy
    );
    let _ = writeln!(
        out,
        "winner:  {} — {}",
        winner_line(total == 0),
        report.winner_name
    );
    write_moves(
        &mut out,
        report.winning_moves.iter().map(|m| m.text.clone()),
        "every move leaves a winning position",
    );
    Ok(out)
}
