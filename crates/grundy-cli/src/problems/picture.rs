//! Pictures of analysed positions, built from the JSON report `analyze` gives and the
//! board as read: the sheet with its winning cuts, Inventor boards and lava maps with
//! their spots, monsters and winning moves, cakes with the winning rectangles, Cram boards
//! with the winning dominoes.

use anyhow::anyhow;
use grundy::picture::{BoardPicture, Fill, Panel};
use serde_json::Value;

use super::Input;
use super::board::Limits;
use crate::Failure;

/// The games a picture is drawn for.
pub const PICTURED: &str = "shgame, inventor, cakes, lava and cram";

const ANY: Limits = Limits {
    max_rows: 4000,
    max_cols: 4000,
    max_cells: 250_000,
};

fn field(report: &Value, name: &str) -> u64 {
    report[name].as_u64().unwrap_or(0)
}

fn caption(report: &Value) -> String {
    let moves = report["winning_moves"].as_array().map_or(0, Vec::len);
    let value = report["grundy"]
        .as_u64()
        .map_or("unknown".to_string(), |g| g.to_string());
    let who = report["winner_name"]
        .as_str()
        .map(|n| format!(" ({n})"))
        .unwrap_or_default();
    let winner = report["winner"].as_str().unwrap_or("?");
    let marked = match moves {
        0 => "no winning move".to_string(),
        1 => "1 winning move, marked".to_string(),
        n => format!("{n} winning moves, marked"),
    };
    format!("value {value}: the {winner} player{who} wins with perfect play; {marked}")
}

/// 0-based (row, column) pairs of a list of `{"row": r, "column": c}` (1-based).
fn cells_of(moves: &Value) -> Vec<(usize, usize)> {
    moves
        .as_array()
        .map(|ms| {
            ms.iter()
                .filter_map(|m| {
                    Some((
                        m["row"].as_u64()? as usize - 1,
                        m["column"].as_u64()? as usize - 1,
                    ))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The picture of a board drawn in the report's `board` (rows of characters, each one of
/// `key`'s), with the winning moves marked. The legend lists the kinds of cell present.
fn board_picture(
    title: &str,
    caption: String,
    report: &Value,
    word: &str,
    key: &[(u8, Fill, &str)],
    winning: &str,
) -> Result<BoardPicture, Failure> {
    let rows: Vec<&[u8]> = report["board"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .filter_map(Value::as_str)
                .map(str::as_bytes)
                .collect()
        })
        .unwrap_or_default();
    let cols = rows.first().map_or(0, |r| r.len());
    let fill = |b: u8| key.iter().find(|k| k.0 == b).map_or(Fill::Free, |k| k.1);
    let mut panel = Panel {
        label: format!("{} × {cols} {word}", rows.len()),
        rows: rows.len(),
        cols,
        cells: rows
            .iter()
            .flat_map(|r| r.iter().map(|&b| fill(b)))
            .collect(),
        outlines: Vec::new(),
        cuts: Vec::new(),
    };
    let mut legend: Vec<(Fill, &str)> = key
        .iter()
        .filter(|k| rows.iter().any(|r| r.contains(&k.0)))
        .map(|k| (k.1, k.2))
        .collect();
    let moves = cells_of(&report["winning_moves"]);
    if !moves.is_empty() {
        legend.push((Fill::Winning, winning));
    }
    mark(&mut panel, moves, Fill::Winning);
    Ok(one_board(title, caption, panel, &legend))
}

/// Fills the 0-based `cells` of `panel` with `fill`.
fn mark(panel: &mut Panel, cells: impl IntoIterator<Item = (usize, usize)>, fill: Fill) {
    for (r, c) in cells {
        panel.cells[r * panel.cols + c] = fill;
    }
}

/// A picture of one board, with no outlines or cuts to explain.
fn one_board(title: &str, caption: String, panel: Panel, legend: &[(Fill, &str)]) -> BoardPicture {
    BoardPicture {
        title: title.into(),
        caption,
        panels: vec![panel],
        legend: legend.iter().map(|&(f, m)| (f, m.to_string())).collect(),
        outline_meaning: None,
        cut_meaning: None,
    }
}

/// The picture of the position `input` of `game`, whose JSON report is `report`.
pub fn picture(game: &str, input: &Input, report: &Value) -> Result<BoardPicture, Failure> {
    let caption = caption(report);
    match game {
        "inventor-outlasting" => board_picture(
            "Inventor Outlasting",
            caption,
            report,
            "board",
            &[
                (b'X', Fill::Spot, "free spot (X)"),
                (b'.', Fill::Free, "no spot"),
                (b'A', Fill::Built, "attraction built"),
                (b'+', Fill::Sign, "sign"),
            ],
            "winning build",
        ),
        "caos3" => board_picture(
            "CAO Stage-3: the lava game",
            caption,
            report,
            "map",
            &[
                (b'^', Fill::Free, "open (^)"),
                (b'#', Fill::Wall, "wall (#)"),
                (b'm', Fill::Monster, "live monster"),
                (b'~', Fill::Lava, "lava"),
            ],
            "monster to pour lava from",
        ),
        "shgame" => {
            let sheet = &report["sheet"];
            let (rows, cols) = (field(sheet, "rows"), field(sheet, "columns"));
            if rows.saturating_mul(cols) > ANY.max_cells {
                return Err(Failure::input(anyhow!(
                    "a sheet of {rows} × {cols} is too large to draw (at most {} cells)",
                    ANY.max_cells
                )));
            }
            let (rows, cols) = (rows as usize, cols as usize);
            let (mr, mc) = (
                field(sheet, "mark_row") as usize - 1,
                field(sheet, "mark_column") as usize - 1,
            );
            let mut cells = vec![Fill::Free; rows * cols];
            cells[mr * cols + mc] = Fill::Mark;
            let cuts = report["winning_moves"]
                .as_array()
                .map(|ms| {
                    ms.iter()
                        .map(|m| {
                            let k = m["lines"].as_u64().unwrap_or(0) as usize;
                            match m["side"].as_str() {
                                Some("left") => [(0, k), (rows, k)],
                                Some("right") => [(0, cols - k), (rows, cols - k)],
                                Some("top") => [(k, 0), (k, cols)],
                                _ => [(rows - k, 0), (rows - k, cols)],
                            }
                        })
                        .collect()
                })
                .unwrap_or_default();
            Ok(BoardPicture {
                title: "A Game With a Sheet of Paper".into(),
                caption,
                panels: vec![Panel {
                    label: format!("{rows} × {cols} sheet"),
                    rows,
                    cols,
                    cells,
                    outlines: Vec::new(),
                    cuts,
                }],
                legend: vec![(Fill::Mark, "marked cell".into())],
                outline_meaning: None,
                cut_meaning: Some("winning cut".into()),
            })
        }
        "pshtbrth" => {
            let (rows, cols) = (
                field(report, "rows") as usize,
                field(report, "columns") as usize,
            );
            let text = String::from_utf8_lossy(&input.bytes);
            let lines: Vec<&str> = text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect();
            let values = report["cake_values"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let mut panels: Vec<Panel> = lines
                .chunks(rows.max(1))
                .enumerate()
                .map(|(k, chunk)| Panel {
                    label: format!(
                        "cake {}: value {}",
                        k + 1,
                        values.get(k).and_then(Value::as_u64).unwrap_or(0)
                    ),
                    rows,
                    cols,
                    cells: chunk
                        .iter()
                        .flat_map(|l| {
                            l.bytes()
                                .map(|b| if b == b'1' { Fill::Spot } else { Fill::Wall })
                        })
                        .collect(),
                    outlines: Vec::new(),
                    cuts: Vec::new(),
                })
                .collect();
            if let Some(moves) = report["winning_moves"].as_array() {
                for m in moves {
                    let k = m["cake"].as_u64().unwrap_or(1) as usize - 1;
                    let r = (m["rows"][0].as_u64(), m["rows"][1].as_u64());
                    let c = (m["columns"][0].as_u64(), m["columns"][1].as_u64());
                    if let (Some(p), (Some(r0), Some(r1)), (Some(c0), Some(c1))) =
                        (panels.get_mut(k), r, c)
                    {
                        p.outlines.push([
                            r0 as usize - 1,
                            c0 as usize - 1,
                            r1 as usize - 1,
                            c1 as usize - 1,
                        ]);
                    }
                }
            }
            panels.retain(|p| p.cells.len() == p.rows * p.cols);
            Ok(BoardPicture {
                title: "Pishty and birthday: a row of cakes".into(),
                caption,
                panels,
                legend: vec![
                    (Fill::Spot, "candle burning (1)".into()),
                    (Fill::Wall, "candle out (0)".into()),
                ],
                outline_meaning: Some("winning rectangle to put out".into()),
                cut_meaning: None,
            })
        }
        "cram" => {
            let board: Vec<&str> = report["board"]
                .as_array()
                .map(|rows| rows.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let rows = board.len();
            let cols = board.first().map_or(0, |r| r.len());
            let cells = board
                .iter()
                .flat_map(|r| {
                    r.bytes()
                        .map(|b| if b == b'#' { Fill::Wall } else { Fill::Free })
                })
                .collect();
            let outlines = report["winning_moves"]
                .as_array()
                .map(|ms| {
                    ms.iter()
                        .filter_map(|m| {
                            let a = &m["cells"][0];
                            let b = &m["cells"][1];
                            let (r0, c0) =
                                (a[0].as_u64()? as usize - 1, a[1].as_u64()? as usize - 1);
                            let (r1, c1) =
                                (b[0].as_u64()? as usize - 1, b[1].as_u64()? as usize - 1);
                            Some([r0.min(r1), c0.min(c1), r0.max(r1), c0.max(c1)])
                        })
                        .collect()
                })
                .unwrap_or_default();
            Ok(BoardPicture {
                title: "Cram".into(),
                caption,
                panels: vec![Panel {
                    label: format!("{rows} × {cols} board"),
                    rows,
                    cols,
                    cells,
                    outlines,
                    cuts: Vec::new(),
                }],
                legend: vec![(Fill::Free, "free".into()), (Fill::Wall, "blocked".into())],
                outline_meaning: Some("winning domino".into()),
                cut_meaning: None,
            })
        }
        _ => Err(Failure::input(anyhow!(
            "--png and --svg draw {PICTURED}; '{}' has no board to draw",
            grundy::parse::escaped_str(game)
        ))),
    }
}
