//! Rows of cakes (pshtbrth) analysed: the cakes read, valued by the bitboard table, and each winning rectangle found.
//!
//! The report it makes is data in [`crate::report::cakes`].

use crate::report::cakes::*;
use std::path::Path;

use crate::game::Player;
use crate::nimber::Nimber;
use crate::parse::{Found, Input, ParseError, Tokens, escaped};
use crate::progress::Progress;
use crate::report::Error;
use crate::solve::cakes::{MAX_CELLS, Shape, Table};

/// The most cakes one position may have.
pub const MAX_ANALYZED: usize = 10_000;

/// Cakes as read: their shape and one mask each (bit of [`Shape::bit`] set where a
/// candle burns), with the rows as given.
#[derive(Clone, Debug)]
pub struct Cakes {
    /// The shape they share.
    pub shape: Shape,
    /// One mask a cake.
    pub masks: Vec<u32>,
    /// The rows of each cake, as given.
    pub rows: Vec<Vec<String>>,
}

/// Reads the cakes: split at blank lines, every one the first one's shape.
pub fn parse(input: &Input) -> Result<Cakes, Error> {
    let bytes = input
        .bytes
        .strip_prefix(b"\xEF\xBB\xBF")
        .unwrap_or(&input.bytes);
    // (first line, rows) of each cake.
    let mut cakes: Vec<(usize, Vec<&[u8]>)> = Vec::new();
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
            cakes.push((i + 1, Vec::new()));
            open = true;
        }
        if let Some(cake) = cakes.last_mut() {
            cake.1.push(line);
        }
    }
    let Some((first_line, first)) = cakes.first() else {
        return Err(input.error(ParseError {
            line: 1,
            expected: "at least one cake (rows of '0' and '1')".to_string(),
            found: Found::End,
        }));
    };
    let rows = first.len();
    let cols = first[0].len();
    if rows * cols > MAX_CELLS {
        return Err(input.error(ParseError {
            line: *first_line,
            expected: format!("a cake of at most {MAX_CELLS} cells"),
            found: Found::Value(format!("{rows}×{cols} = {}", rows * cols)),
        }));
    }
    let shape = Shape::new(rows, cols).map_err(|e| Error::input(e.to_string()))?;
    let mut masks = Vec::with_capacity(cakes.len());
    for (k, (line, cake)) in cakes.iter().enumerate() {
        if cake.len() != rows {
            return Err(input.error(ParseError {
                line: *line,
                expected: format!("cake {} to have {rows} rows like cake 1", k + 1),
                found: Found::Value(cake.len().to_string()),
            }));
        }
        let mut mask = 0u32;
        for (r, row) in cake.iter().enumerate() {
            // The grid-row check gives the message: width and alphabet.
            let mut t = Tokens::new(row);
            let checked = t.grid_row(cols, b"01").map_err(|e| {
                input.error(ParseError {
                    line: line + r,
                    ..e
                })
            })?;
            if t.end().is_err() {
                return Err(input.error(ParseError {
                    line: line + r,
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
    let rows = cakes
        .iter()
        .map(|(_, rows)| {
            rows.iter()
                .map(|r| String::from_utf8_lossy(r).into_owned())
                .collect()
        })
        .collect();
    Ok(Cakes { shape, masks, rows })
}

/// The table for a shape: from the cache folder when it holds a valid one, else computed
/// (and saved there when a cache is given). A cache that cannot be used costs time, never
/// the analysis: what is wrong with it is a warning.
pub fn table_for(shape: Shape, cache: Option<&Path>, progress: &mut dyn Progress) -> Table {
    let mut keep = cache;
    if let Some(dir) = cache {
        match Table::load(dir, shape) {
            Ok(Some(table)) => return table,
            Ok(None) => {}
            Err(e) if e.is_damaged() => {
                progress.warning(&format!("{e}; computing the table again"));
            }
            Err(e) => {
                // A cache that cannot even be read would fail the same way when written:
                // one warning is enough.
                progress.warning(&format!("{e}; computing the table without the cache"));
                keep = None;
            }
        }
    }
    let table = Table::build(shape, progress);
    if let Some(dir) = keep
        && let Err(e) = table.save(dir)
    {
        progress.warning(&format!("{e}; the table was not kept"));
    }
    table
}

fn span(word: &str, first: usize, last: usize) -> String {
    if first == last {
        format!("{word} {first}")
    } else {
        format!("{word}s {first}–{last}")
    }
}

/// The cakes of `input` explained, the table of their shape kept in `cache` if given.
pub fn analyze(
    input: &Input,
    cache: Option<&Path>,
    progress: &mut dyn Progress,
) -> Result<CakeReport, Error> {
    let cakes = parse(input)?;
    let table = table_for(cakes.shape, cache, progress);
    Ok(explain(&cakes, &table))
}

/// Cakes explained with the table of their shape.
pub fn explain(cakes: &Cakes, table: &Table) -> CakeReport {
    let shape = cakes.shape;
    let values: Vec<Nimber> = cakes.masks.iter().map(|&m| table.value(m)).collect();
    let total = values.iter().fold(Nimber::ZERO, |a, &v| a ^ v);
    let mut moves = Vec::new();
    for (k, &mask) in cakes.masks.iter().enumerate() {
        // The rest of the row of cakes is worth total ^ values[k]; a winning move here
        // must leave this cake worth exactly that.
        let target = total ^ values[k];
        shape.for_each_move(mask, |rect| {
            if table.value(mask & !rect.mask) == target {
                let rows = [rect.row + 1, rect.row + rect.height];
                let columns = [rect.col + 1, rect.col + rect.width];
                moves.push(Move {
                    label: format!(
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
    CakeReport {
        game: "pshtbrth".into(),
        grundy: total,
        winner: Player::winner_of(total),
        winner_name: winner_name(!total.is_zero()).into(),
        rows: shape.rows(),
        columns: shape.cols(),
        cake_values: values,
        winning_moves: moves,
        cakes: cakes.rows.clone(),
    }
}
