//! Rows of cakes (pshtbrth) analysed: the cakes read, valued by the bitboard table, and each winning rectangle found.
//!
//! The report it makes is data in [`crate::report::cakes`].

use crate::report::cakes::*;
use std::path::Path;

use crate::game::Player;
use crate::games::cakes::Shape;
use crate::games::cakes::{Cakes, parse};
use crate::nimber::Nimber;
use crate::parse::Input;
use crate::progress::Progress;
use crate::report::Error;
use crate::solve::cakes::Table;

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
