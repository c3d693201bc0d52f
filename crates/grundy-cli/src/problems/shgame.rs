//! shgame — "A Game With a Sheet of Paper": count the marked cells that win.
//!
//! Input: T, then T lines `N M`. Output: one count per line.
//! `analyze` reads one line `N M X Y` (sheet size, then the mark's row and column).

use std::fmt::Write as _;

use grundy::Player;
use grundy::games::{nim, sheet};
use grundy::parse::Tokens;
use serde::Serialize;

use super::{Input, json_line, read_cases, winner_line, write_moves};
use crate::Failure;

/// The most test cases accepted in one input.
const MAX_CASES: u64 = 1_000_000;
/// The largest side accepted: the count is exact up to here (it fits in 128 bits).
const MAX_SIDE: u64 = 1_000_000_000_000_000_000;
/// The largest sheet drawn in `analyze`.
const MAX_DRAWN: u64 = 40;

pub fn solve(input: &Input) -> Result<Vec<u8>, Failure> {
    let mut t = Tokens::new(&input.bytes);
    let cases = read_cases(&mut t, input, "the number of test cases T", MAX_CASES)?;
    let mut out = String::with_capacity(cases as usize * 16);
    for _ in 0..cases {
        let n = t.u64_in("N", 1, MAX_SIDE).map_err(|e| input.error(e))?;
        let m = t.u64_in("M", 1, MAX_SIDE).map_err(|e| input.error(e))?;
        // Writing to a String cannot fail.
        let _ = writeln!(out, "{}", sheet::count_first_player_wins(n, m));
    }
    t.end().map_err(|e| input.error(e))?;
    Ok(out.into_bytes())
}

#[derive(Serialize)]
struct Report {
    game: &'static str,
    grundy: u64,
    winner: &'static str,
    sheet: Sheet,
    heaps: Heaps,
    winning_moves: Vec<Cut>,
}

#[derive(Serialize, Clone, Copy)]
struct Sheet {
    rows: u64,
    columns: u64,
    mark_row: u64,
    mark_column: u64,
}

#[derive(Serialize)]
struct Heaps {
    left: u64,
    right: u64,
    up: u64,
    down: u64,
}

#[derive(Serialize)]
struct Cut {
    #[serde(rename = "move")]
    text: String,
    side: &'static str,
    lines: u64,
    after: Sheet,
}

pub fn analyze(input: &Input, json: bool) -> Result<String, Failure> {
    let mut t = Tokens::new(&input.bytes);
    let mut read = |what: &str, hi: u64| t.u64_in(what, 1, hi).map_err(|e| input.error(e));
    let n = read("the number of rows N", MAX_SIDE)?;
    let m = read("the number of columns M", MAX_SIDE)?;
    let x = read(&format!("the mark's row X (at most N = {n})"), n)?;
    let y = read(&format!("the mark's column Y (at most M = {m})"), m)?;
    t.end().map_err(|e| input.error(e))?;

    let heaps = sheet::heaps(n, m, x, y);
    let g = sheet::grundy(n, m, x, y);
    let here = Sheet {
        rows: n,
        columns: m,
        mark_row: x,
        mark_column: y,
    };
    let cuts: Vec<Cut> = nim::winning_moves(&heaps)
        .into_iter()
        .map(|(i, left)| cut(here, i, heaps[i] - left))
        .collect();
    let report = Report {
        game: "shgame",
        grundy: g.0,
        winner: Player::winner_of(g).as_str(),
        sheet: here,
        heaps: Heaps {
            left: heaps[0],
            right: heaps[1],
            up: heaps[2],
            down: heaps[3],
        },
        winning_moves: cuts,
    };
    if json {
        return json_line(&report);
    }
    Ok(render(&report))
}

/// The cut that removes `lines` rows or columns on side `heap` (0 left, 1 right, 2 top,
/// 3 bottom).
fn cut(s: Sheet, heap: usize, lines: u64) -> Cut {
    let plural = |word: &str| {
        if lines == 1 {
            word.to_string()
        } else {
            format!("{word}s")
        }
    };
    let (side, text, after) = match heap {
        0 => (
            "left",
            format!("cut {lines} {} off the left side", plural("column")),
            Sheet {
                columns: s.columns - lines,
                mark_column: s.mark_column - lines,
                ..s
            },
        ),
        1 => (
            "right",
            format!("cut {lines} {} off the right side", plural("column")),
            Sheet {
                columns: s.columns - lines,
                ..s
            },
        ),
        2 => (
            "top",
            format!("cut {lines} {} off the top", plural("row")),
            Sheet {
                rows: s.rows - lines,
                mark_row: s.mark_row - lines,
                ..s
            },
        ),
        _ => (
            "bottom",
            format!("cut {lines} {} off the bottom", plural("row")),
            Sheet {
                rows: s.rows - lines,
                ..s
            },
        ),
    };
    Cut {
        text,
        side,
        lines,
        after,
    }
}

fn render(r: &Report) -> String {
    let s = r.sheet;
    let h = &r.heaps;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "sheet:   {} x {}, marked cell at row {}, column {}",
        s.rows, s.columns, s.mark_row, s.mark_column
    );
    if s.rows <= MAX_DRAWN && s.columns <= MAX_DRAWN {
        out.push('\n');
        for i in 1..=s.rows {
            out.push_str("  ");
            for j in 1..=s.columns {
                out.push(if (i, j) == (s.mark_row, s.mark_column) {
                    '@'
                } else {
                    '.'
                });
            }
            out.push('\n');
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "heaps:   left {}, right {}, up {}, down {} (Nim on four heaps)",
        h.left, h.right, h.up, h.down
    );
    let _ = writeln!(
        out,
        "grundy:  {} = {} xor {} xor {} xor {}",
        r.grundy, h.left, h.right, h.up, h.down
    );
    let _ = writeln!(out, "winner:  {}", winner_line(r.grundy == 0));
    write_moves(
        &mut out,
        r.winning_moves.iter().map(|c| {
            let a = c.after;
            format!(
                "{}, leaving {} x {} with the mark at row {}, column {}",
                c.text, a.rows, a.columns, a.mark_row, a.mark_column
            )
        }),
        "every cut leaves a winning sheet",
    );
    out
}
