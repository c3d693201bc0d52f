//! Pictures of analysed positions, drawn from their typed reports: the sheet with its
//! winning cuts, Inventor boards and lava maps with their spots, monsters and winning
//! moves, cakes with the winning rectangles, Cram boards with the winning dominoes, and
//! any game analysed through its notation whose drawing is a graph, the winning edges
//! marked.

use super::{BoardPicture, Fill, Panel};
use crate::report::cells::Move as CellMove;
use crate::report::{Error, Report};

/// The games a picture is drawn for, as the catalogue lists them.
pub fn pictured() -> String {
    crate::catalogue::names_supporting(crate::catalogue::Feature::Picture)
}

/// A picture made from a report: a board of cells, or a graph.
pub enum Picture {
    /// Boards of cells in panels.
    Board(BoardPicture),
    /// Vertices and edges.
    Graph(super::graph::GraphPicture),
}

impl Picture {
    /// The picture as the bytes of a PNG or an SVG file.
    pub fn bytes(&self, format: super::Format) -> Result<Vec<u8>, super::PictureError> {
        match self {
            Picture::Board(b) => super::board_bytes(b, format),
            Picture::Graph(g) => super::graph::graph_bytes(g, format),
        }
    }
}

/// The picture of an analysed position, whatever kind it is.
pub fn drawn(report: &Report) -> Result<Picture, Error> {
    if let Report::Sum(r) = report
        && let Some(crate::drawing::Drawing::Graph {
            vertices, edges, ..
        }) = &r.drawing
    {
        let winning: Vec<[u64; 2]> = r.winning_moves.iter().filter_map(|m| m.along).collect();
        let mut said = caption(report, None);
        if winning.is_empty() && !r.winning_moves.is_empty() {
            // Moves that are not along an edge (Node-Kayles takes a vertex) have nothing
            // to mark on the drawing; the caption says where they are instead.
            said = said.replace(", marked", ", listed by grundy analyze");
        }
        return Ok(Picture::Graph(super::graph::GraphPicture::edges(
            r.game.clone(),
            said,
            *vertices,
            edges,
            &winning,
        )));
    }
    let coins = |r: &crate::report::sum::SumReport| match &r.drawing {
        Some(crate::drawing::Drawing::Row { cells }) => Some(vec![cells.concat()]),
        Some(crate::drawing::Drawing::Grid { rows }) => {
            Some(rows.iter().map(|row| row.concat()).collect::<Vec<_>>())
        }
        _ => None,
    };
    if let Report::Sum(r) = report
        && let Some(board) = coins(r)
    {
        // A row or a board of coins: heads and tails, and the coins the first winning
        // move turns.
        let first: Vec<CellMove> = r
            .winning_moves
            .first()
            .and_then(|m| m.cells.as_ref())
            .into_iter()
            .flatten()
            .map(|&[row, column]| CellMove {
                label: String::new(),
                row: row as usize,
                column: column as usize,
            })
            .collect();
        let mut said = caption(report, None);
        if r.winning_moves.len() > 1 {
            said = said.replace(", marked", ", the first listed marked");
        }
        return Ok(Picture::Board(board_picture(
            &r.game,
            said,
            &board,
            &first,
            if board.len() == 1 { "row" } else { "board" },
            &[
                (b'H', Fill::Spot, "heads (H)"),
                (b'T', Fill::Free, "tails (T)"),
            ],
            "coin the winning move turns",
        )));
    }
    picture(report).map(Picture::Board)
}

/// The largest sheet drawn.
const MAX_SHEET_CELLS: u64 = 250_000;

fn caption(report: &Report, winner_name: Option<&str>) -> String {
    let moves = report.winning_move_count();
    let value = report
        .grundy()
        .map_or("unknown".to_string(), |g| g.to_string());
    let who = winner_name.map(|n| format!(" ({n})")).unwrap_or_default();
    let marked = match moves {
        0 => "no winning move".to_string(),
        1 => "1 winning move, marked".to_string(),
        n => format!("{n} winning moves, marked"),
    };
    format!(
        "value {value}: the {} player{who} wins with perfect play; {marked}",
        report.winner().as_str()
    )
}

/// The picture of a board drawn as rows of characters, each one of `key`'s, with the
/// winning moves marked. The legend lists the kinds of cell present.
fn board_picture(
    title: &str,
    caption: String,
    board: &[String],
    moves: &[CellMove],
    word: &str,
    key: &[(u8, Fill, &str)],
    winning: &str,
) -> BoardPicture {
    let rows: Vec<&[u8]> = board.iter().map(|r| r.as_bytes()).collect();
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
    if !moves.is_empty() {
        legend.push((Fill::Winning, winning));
    }
    for m in moves {
        panel.cells[(m.row - 1) * panel.cols + m.column - 1] = Fill::Winning;
    }
    one_board(title, caption, panel, &legend)
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

/// The position `input` of `game` analysed once, and its picture: a graph of tokens from
/// its own values (refused past the size a picture can show, before any work), every
/// other game from its report.
pub fn analyze_for_picture(
    game: &crate::catalogue::Game,
    input: &crate::parse::Input,
    options: &crate::catalogue::Options,
    progress: &mut (dyn crate::progress::Progress + Send),
) -> Result<(crate::catalogue::Analysis, Picture), Error> {
    if game.tokens_on_digraph() {
        let (report, picture) = super::graph::analyzed(input)?;
        let analysis = crate::catalogue::Analysis {
            report: Report::Graph(report),
            stats: String::new(),
        };
        return Ok((analysis, Picture::Graph(picture)));
    }
    let analysis = crate::catalogue::analyze(game, input, options, progress)?;
    let picture = drawn(&analysis.report)?;
    Ok((analysis, picture))
}

/// The position `input` of `game` analysed once, and drawn into each of `files` (PNG or
/// SVG).
pub fn analyze_and_draw(
    game: &crate::catalogue::Game,
    input: &crate::parse::Input,
    options: &crate::catalogue::Options,
    progress: &mut (dyn crate::progress::Progress + Send),
    files: &[(&std::path::Path, super::Format)],
) -> Result<crate::catalogue::Analysis, Error> {
    let written = super::PictureError::into_error;
    let (analysis, picture) = analyze_for_picture(game, input, options, progress)?;
    for &(path, format) in files {
        let bytes = picture.bytes(format).map_err(written)?;
        super::save_bytes(path, &bytes).map_err(written)?;
    }
    Ok(analysis)
}

/// The picture of an analysed position as PNG bytes, drawn from the report at hand (no
/// second analysis, no file): what a notebook shows. Graphs are drawn from their values
/// ([`super::graph`]), not from a report.
pub fn report_png(report: &Report) -> Result<Vec<u8>, Error> {
    drawn(report)?
        .bytes(super::Format::Png)
        .map_err(super::PictureError::into_error)
}

/// The picture of an analysed position.
pub fn picture(report: &Report) -> Result<BoardPicture, Error> {
    match report {
        Report::Inventor(r) => Ok(board_picture(
            "Inventor Outlasting",
            caption(report, None),
            &r.board,
            &r.winning_moves,
            "board",
            &[
                (b'X', Fill::Spot, "free spot (X)"),
                (b'.', Fill::Free, "no spot"),
                (b'A', Fill::Built, "attraction built"),
                (b'+', Fill::Sign, "sign"),
            ],
            "winning build",
        )),
        Report::Lava(r) => Ok(board_picture(
            "CAO Stage-3: the lava game",
            caption(report, Some(&r.winner_name)),
            &r.board,
            &r.winning_moves,
            "map",
            &[
                (b'^', Fill::Free, "open (^)"),
                (b'#', Fill::Wall, "wall (#)"),
                (b'm', Fill::Monster, "live monster"),
                (b'~', Fill::Lava, "lava"),
            ],
            "monster to pour lava from",
        )),
        Report::Sheet(r) => {
            let s = r.sheet;
            if s.rows.saturating_mul(s.columns) > MAX_SHEET_CELLS {
                return Err(Error::input(format!(
                    "a sheet of {} × {} is too large to draw (at most {MAX_SHEET_CELLS} cells)",
                    s.rows, s.columns
                )));
            }
            let (rows, cols) = (s.rows as usize, s.columns as usize);
            let mut cells = vec![Fill::Free; rows * cols];
            cells[(s.mark_row as usize - 1) * cols + s.mark_column as usize - 1] = Fill::Mark;
            let cuts = r
                .winning_moves
                .iter()
                .map(|m| {
                    let k = m.lines as usize;
                    match m.side.as_str() {
                        "left" => [(0, k), (rows, k)],
                        "right" => [(0, cols - k), (rows, cols - k)],
                        "top" => [(k, 0), (k, cols)],
                        _ => [(rows - k, 0), (rows - k, cols)],
                    }
                })
                .collect();
            Ok(BoardPicture {
                title: "A Game With a Sheet of Paper".into(),
                caption: caption(report, None),
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
        Report::Cakes(r) => {
            let mut panels: Vec<Panel> = r
                .cakes
                .iter()
                .enumerate()
                .map(|(k, cake)| Panel {
                    label: format!(
                        "cake {}: value {}",
                        k + 1,
                        r.cake_values.get(k).map_or(0, |v| v.0)
                    ),
                    rows: r.rows,
                    cols: r.columns,
                    cells: cake
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
            for m in &r.winning_moves {
                if let Some(p) = panels.get_mut(m.cake - 1) {
                    p.outlines.push([
                        m.rows[0] - 1,
                        m.columns[0] - 1,
                        m.rows[1] - 1,
                        m.columns[1] - 1,
                    ]);
                }
            }
            panels.retain(|p| p.cells.len() == p.rows * p.cols);
            Ok(BoardPicture {
                title: "Pishty and birthday: a row of cakes".into(),
                caption: caption(report, Some(&r.winner_name)),
                panels,
                legend: vec![
                    (Fill::Spot, "candle burning (1)".into()),
                    (Fill::Wall, "candle out (0)".into()),
                ],
                outline_meaning: Some("winning rectangle to put out".into()),
                cut_meaning: None,
            })
        }
        Report::Board(r) if r.game == "cram" => {
            let rows = r.board.len();
            let cols = r.board.first().map_or(0, String::len);
            let cells = r
                .board
                .iter()
                .flat_map(|row| {
                    row.bytes()
                        .map(|b| if b == b'#' { Fill::Wall } else { Fill::Free })
                })
                .collect();
            let outlines = r
                .winning_moves
                .iter()
                .filter_map(|m| {
                    let (&[r0, c0], &[r1, c1]) = (m.cells.first()?, m.cells.get(1)?);
                    Some([
                        r0.min(r1) - 1,
                        c0.min(c1) - 1,
                        r0.max(r1) - 1,
                        c0.max(c1) - 1,
                    ])
                })
                .collect();
            Ok(BoardPicture {
                title: "Cram".into(),
                caption: caption(report, None),
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
        _ => Err(Error::input(format!(
            "--png and --svg draw {}; '{}' has no board to draw",
            pictured(),
            crate::parse::escaped_str(report.game())
        ))),
    }
}

#[cfg(test)]
mod png_tests {
    use super::*;

    /// The picture drawn from a report in memory is the file `--png` writes of it.
    #[test]
    fn a_report_drawn_in_memory_is_the_file_drawn() {
        let dir = tempfile::tempdir().unwrap();
        for (name, position) in [("cram", "3 4"), ("shgame", "5 8 2 3")] {
            let game = crate::catalogue::lookup(name).unwrap();
            let input = crate::parse::Input::new("position", position);
            let path = dir.path().join(format!("{name}.png"));
            let analysis = analyze_and_draw(
                &game,
                &input,
                &crate::catalogue::Options::default(),
                &mut crate::NoProgress,
                &[(&path, super::super::Format::Png)],
            )
            .unwrap();
            let drawn = report_png(&analysis.report).unwrap();
            assert!(drawn.starts_with(b"\x89PNG"), "{name}");
            assert_eq!(drawn, std::fs::read(&path).unwrap(), "{name}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph_picture(game: &str, position: &str) -> super::super::graph::GraphPicture {
        let game = crate::lookup(game).expect("a game");
        let input = crate::parse::Input::new("g", position);
        let analysis = crate::analyze(
            &game,
            &input,
            &crate::report::Options::default(),
            &mut crate::NoProgress,
        )
        .expect("analysed");
        match drawn(&analysis.report).expect("drawn") {
            Picture::Graph(g) => g,
            Picture::Board(_) => panic!("a graph is drawn as a graph"),
        }
    }

    /// Winning moves along edges are marked on the graph; winning moves on vertices, which
    /// the drawing has no mark for, are not said to be marked.
    #[test]
    fn a_graph_marks_winning_edges_and_says_where_other_moves_are() {
        let arc = graph_picture("arc-kayles", "3 2\n1 2\n2 3\n");
        assert_eq!(arc.winning.len(), 2);
        assert!(
            arc.caption.ends_with("2 winning moves, marked"),
            "{}",
            arc.caption
        );
        let node = graph_picture("node-kayles", "3 2\n1 2\n2 3\n");
        assert!(node.winning.is_empty());
        assert!(
            node.caption
                .ends_with("1 winning move, listed by grundy analyze"),
            "{}",
            node.caption
        );
    }
}
