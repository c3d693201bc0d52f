//! Board inputs, for inventor-outlasting (`X` spots on `.`; the statement: T ≤ 100,
//! R, C ≤ 100, R·C ≤ 200) and caos3 (`^` on `#` walls; T ≤ 10, R, C ≤ 20): `T`, then per
//! case `R C` and R rows of C characters.

use std::fmt::Write as _;

use rand::RngExt;

use super::{Rng, Size, draw};

/// What a problem's boards look like and how big they may be.
pub struct Kind {
    /// The character of a set cell.
    pub set: char,
    /// The character of any other cell.
    pub unset: char,
    /// The statement's most test cases.
    pub max_cases: usize,
    /// The statement's most rows (and columns).
    pub max_side: usize,
    /// The statement's most cells.
    pub max_cells: usize,
}

/// inventor-outlasting's boards.
pub const INVENTOR: Kind = Kind {
    set: 'X',
    unset: '.',
    max_cases: 100,
    max_side: 100,
    max_cells: 200,
};

/// caos3's maps.
pub const LAVA: Kind = Kind {
    set: '^',
    unset: '#',
    max_cases: 10,
    max_side: 20,
    max_cells: 400,
};

/// A rectangular board of set and unset cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Rows, at least 1.
    pub rows: usize,
    /// Columns, at least 1.
    pub cols: usize,
    /// Row by row, `true` where the cell is set.
    pub cells: Vec<bool>,
}

impl Board {
    /// A board whose cell (r, c) is `set(r, c)`.
    pub fn from_fn(rows: usize, cols: usize, set: impl Fn(usize, usize) -> bool) -> Board {
        let cells = (0..rows * cols).map(|i| set(i / cols, i % cols)).collect();
        Board { rows, cols, cells }
    }

    fn random(rows: usize, cols: usize, density: f64, rng: &mut Rng) -> Board {
        let cells = (0..rows * cols).map(|_| rng.random_bool(density)).collect();
        Board { rows, cols, cells }
    }

    /// `R C` and the rows, as one case of the contest input (and as `analyze` reads it).
    pub fn text(&self, kind: &Kind) -> String {
        let mut out = format!("{} {}\n", self.rows, self.cols);
        for row in self.cells.chunks(self.cols) {
            out.extend(row.iter().map(|&s| if s { kind.set } else { kind.unset }));
            out.push('\n');
        }
        out
    }

    /// Smaller boards: a row or a column fewer, then (on boards of at most 100 cells) one
    /// set cell fewer.
    pub fn smaller(&self) -> Vec<Board> {
        let mut out = Vec::new();
        if self.rows > 1 {
            for gone in 0..self.rows {
                out.push(Board {
                    rows: self.rows - 1,
                    cols: self.cols,
                    cells: (0..self.rows)
                        .filter(|&r| r != gone)
                        .flat_map(|r| self.cells[r * self.cols..(r + 1) * self.cols].to_vec())
                        .collect(),
                });
            }
        }
        if self.cols > 1 {
            for gone in 0..self.cols {
                out.push(Board {
                    rows: self.rows,
                    cols: self.cols - 1,
                    cells: (0..self.rows * self.cols)
                        .filter(|i| i % self.cols != gone)
                        .map(|i| self.cells[i])
                        .collect(),
                });
            }
        }
        if self.cells.len() <= 100 {
            for (i, _) in self.cells.iter().enumerate().filter(|(_, s)| **s) {
                let mut cells = self.cells.clone();
                cells[i] = false;
                out.push(Board { cells, ..*self });
            }
        }
        out
    }
}

/// A shape with at most `kind`'s cells, at most `side` on a side.
fn shape(kind: &Kind, side: usize, cells: usize, rng: &mut Rng) -> (usize, usize) {
    let side = side.min(kind.max_side);
    let rows = draw(rng, 1, side as u64) as usize;
    let cols = draw(rng, 1, side.min(cells / rows).max(1) as u64) as usize;
    (rows, cols)
}

pub fn generate(kind: &Kind, size: Size, cases: Option<usize>, rng: &mut Rng) -> Vec<Board> {
    let (count, side, cells) = match size {
        Size::Small => (cases.unwrap_or_else(|| draw(rng, 1, 3) as usize), 5, 12),
        Size::Medium => (cases.unwrap_or_else(|| draw(rng, 3, 10) as usize), 12, 60),
        Size::Max | Size::Worst => (
            cases.unwrap_or(kind.max_cases),
            kind.max_side,
            kind.max_cells,
        ),
    };
    let cells = cells.min(kind.max_cells);
    if size == Size::Worst {
        return worst(kind, count, rng);
    }
    (0..count)
        .map(|_| {
            let (rows, cols) = if size == Size::Max && kind.max_cells == kind.max_side.pow(2) {
                // A map as big as the statement allows, or nearly.
                let low = kind.max_side as u64 * 3 / 4;
                (
                    draw(rng, low, kind.max_side as u64) as usize,
                    draw(rng, low, kind.max_side as u64) as usize,
                )
            } else {
                shape(kind, side, cells, rng)
            };
            let density = draw(rng, 3, 10) as f64 / 10.0;
            Board::random(rows, cols, density, rng)
        })
        .collect()
}

/// The hardest boards: every cell set (the most sub-rectangles for the editorial's table,
/// the most monsters), in every shape the limits allow; and the traps: strips of
/// one row or column, no set cell at all, a checkerboard, walls cutting the map in blocks.
fn worst(kind: &Kind, count: usize, rng: &mut Rng) -> Vec<Board> {
    let side = kind.max_side;
    let square = (1..=side)
        .rev()
        .find(|s| s * s <= kind.max_cells)
        .unwrap_or(1);
    let long = side.min(kind.max_cells);
    let mut boards = vec![
        Board::from_fn(square, square, |_, _| true),
        Board::from_fn(1, long, |_, _| true),
        Board::from_fn(long, 1, |_, _| true),
        Board::from_fn(1, 1, |_, _| true),
        Board::from_fn(square, square, |_, _| false),
        Board::from_fn(square, square, |r, c| (r + c) % 2 == 0),
        Board::from_fn(square, square, |r, c| r % 5 != 2 && c % 5 != 2),
        Board::from_fn(2, long.min(kind.max_cells / 2), |_, _| true),
    ];
    boards.truncate(count);
    // Then boards of exactly the most cells the statement allows, every spot set but a
    // few, in every shape that holds them: the editorial's table has (R·C)² sub-games and
    // looks at every spot of each.
    let shapes: Vec<usize> = (1..=side)
        .filter(|&r| kind.max_cells.is_multiple_of(r) && kind.max_cells / r <= side)
        .collect();
    let mut k = 0;
    while boards.len() < count {
        let rows = shapes[k % shapes.len()];
        k += 1;
        let cols = kind.max_cells / rows;
        let mut b = Board::from_fn(rows, cols, |_, _| true);
        for _ in 0..draw(rng, 0, 3) {
            let i = draw(rng, 0, (rows * cols - 1) as u64) as usize;
            b.cells[i] = false;
        }
        boards.push(b);
    }
    boards
}

pub fn text(kind: &Kind, boards: &[Board]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", boards.len());
    for b in boards {
        out.push_str(&b.text(kind));
    }
    out
}
