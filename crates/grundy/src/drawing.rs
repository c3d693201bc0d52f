//! How a position is drawn where its game has no board of its own: a grid of cells, a row
//! of cells, or, as a last resort, text. A script game draws its positions through an
//! optional `fn board(p)` (see [`crate::script`]); a page reads the drawing from the move
//! list and lays it out without knowing the game.

use serde::{Deserialize, Serialize};

/// The most rows, and the most cells in a row, of a drawing.
pub const MAX_SIDE: usize = 64;
/// The most characters in one cell.
pub const MAX_CELL: usize = 8;
/// The most bytes of a drawing made of text.
pub const MAX_TEXT: usize = 4096;
/// The most vertices of a drawn graph (on a circle, past this they crowd).
pub const MAX_VERTICES: u64 = 64;
/// The most edges of a drawn graph.
pub const MAX_EDGES: usize = 400;

/// One position, drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Drawing {
    /// Rows of cells, the top row first; rows may differ in length.
    Grid {
        /// Each row's cells.
        rows: Vec<Vec<String>>,
    },
    /// One row of cells.
    Row {
        /// The cells, left to right.
        cells: Vec<String>,
    },
    /// Text, kept as it is, line breaks and all.
    Text {
        /// The text.
        text: String,
    },
    /// Vertices joined by edges, which have no direction.
    Graph {
        /// How many vertices (numbered from 1).
        vertices: u64,
        /// The edges, each a pair of vertices.
        edges: Vec<[u64; 2]>,
        /// A vertex standing for the ground (green Hackenbush): the page draws it at the
        /// bottom and the others in rows by their distance from it, a tree as a tree.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ground: Option<u64>,
    },
}

impl Drawing {
    /// A grid with one cell per character of each line, the first line on top.
    pub fn grid_of_lines<S: AsRef<str>>(lines: impl IntoIterator<Item = S>) -> Drawing {
        let rows = lines
            .into_iter()
            .map(|line| line.as_ref().chars().map(String::from).collect())
            .collect();
        Drawing::Grid { rows }
    }
}

/// A drawing with a word on where it came from (a page shows it under the drawing).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drawn {
    /// The drawing.
    #[serde(flatten)]
    pub drawing: Drawing,
    /// Where the drawing came from, in a sentence.
    pub note: String,
}

/// Why a cell, a row or a text cannot be drawn.
pub fn check(drawing: &Drawing) -> Result<(), String> {
    let cells = |cells: &[String]| -> Result<(), String> {
        if cells.len() > MAX_SIDE {
            return Err(format!(
                "a row of {} cells (at most {MAX_SIDE} are drawn)",
                cells.len()
            ));
        }
        match cells.iter().find(|c| c.chars().count() > MAX_CELL) {
            Some(c) => Err(format!(
                "a cell of {} characters (at most {MAX_CELL})",
                c.chars().count()
            )),
            None => Ok(()),
        }
    };
    match drawing {
        Drawing::Grid { rows } => {
            if rows.len() > MAX_SIDE {
                return Err(format!(
                    "a grid of {} rows (at most {MAX_SIDE} are drawn)",
                    rows.len()
                ));
            }
            rows.iter().try_for_each(|r| cells(r))
        }
        Drawing::Row { cells: row } => cells(row),
        Drawing::Text { text } if text.len() > MAX_TEXT => Err(format!(
            "a text of {} bytes (at most {MAX_TEXT} are drawn)",
            text.len()
        )),
        Drawing::Text { .. } => Ok(()),
        Drawing::Graph { vertices, .. } if *vertices > MAX_VERTICES => Err(format!(
            "a graph of {vertices} vertices (at most {MAX_VERTICES} are drawn)"
        )),
        Drawing::Graph { edges, .. } if edges.len() > MAX_EDGES => Err(format!(
            "a graph of {} edges (at most {MAX_EDGES} are drawn)",
            edges.len()
        )),
        Drawing::Graph {
            vertices, edges, ..
        } => match edges
            .iter()
            .find(|e| e.iter().any(|&v| v == 0 || v > *vertices))
        {
            Some([u, v]) => Err(format!(
                "an edge {u}–{v} past the {vertices} vertices drawn"
            )),
            None => Ok(()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_with_its_kind_beside_its_cells() {
        let drawn = Drawn {
            drawing: Drawing::Row {
                cells: vec!["3".into(), "5".into()],
            },
            note: "n".into(),
        };
        let json = serde_json::to_value(&drawn).unwrap();
        assert_eq!(json["kind"], "row");
        assert_eq!(json["cells"][1], "5");
        assert_eq!(serde_json::from_value::<Drawn>(json).unwrap(), drawn);
    }

    #[test]
    fn sizes_past_the_limits_are_refused() {
        let row = |n: usize, cell: &str| vec![cell.to_string(); n];
        assert!(
            check(&Drawing::Row {
                cells: row(MAX_SIDE, "x")
            })
            .is_ok()
        );
        assert!(
            check(&Drawing::Row {
                cells: row(MAX_SIDE + 1, "x")
            })
            .is_err()
        );
        assert!(
            check(&Drawing::Row {
                cells: row(1, &"é".repeat(MAX_CELL))
            })
            .is_ok()
        );
        assert!(
            check(&Drawing::Row {
                cells: row(1, &"x".repeat(MAX_CELL + 1))
            })
            .is_err()
        );
        let grid = |n: usize| Drawing::Grid {
            rows: vec![row(1, "x"); n],
        };
        assert!(check(&grid(MAX_SIDE)).is_ok());
        assert!(check(&grid(MAX_SIDE + 1)).is_err());
        let text = |n: usize| Drawing::Text {
            text: "x".repeat(n),
        };
        assert!(check(&text(MAX_TEXT)).is_ok());
        assert!(check(&text(MAX_TEXT + 1)).is_err());
    }
}
