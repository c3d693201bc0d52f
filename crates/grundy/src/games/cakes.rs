//! Pishty's birthday cakes (CodeChef PSHTBRTH, "Pishty and birthday"): the rules.
//!
//! A cake is a board of R×C cells (R·C ≤ 25), each candle burning or not. A move puts out
//! a contiguous sub-rectangle whose candles all burn. Whoever cannot move loses. Several
//! cakes side by side are a sum.
//!
//! A cake is a bit mask, bit r·C + c for the cell in row r, column c. A rectangle never
//! spans two 4-connected groups of burning candles, so a cake is also the sum of its
//! groups ([`Bitboard`] plays it that way). The engine that values every mask of a shape
//! at once is `solve::cakes::Table`.

use smallvec::SmallVec;
use thiserror::Error;

use crate::drawing::Drawing;
use crate::error::Error;
use crate::game::{Components, Game};
use crate::games::notation::{Labelled, Notation};
use crate::parse::{Found, Input, ParseError, Tokens, escaped};

/// The most cells a board may have.
pub const MAX_CELLS: usize = 25;

/// Why a shape was refused.
#[derive(Debug, Error)]
pub enum BitboardError {
    /// R or C is 0, or R·C is past [`MAX_CELLS`].
    #[error(
        "a board of {rows}×{cols} cells is not supported: R and C must be at least 1 and R·C at most {MAX_CELLS}"
    )]
    BadShape {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
}

/// A board shape: R rows of C cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    rows: usize,
    cols: usize,
    /// Cells not in the last column / not in the first column / in the first column.
    not_last: u32,
    not_first: u32,
    first_col: u32,
}

/// An axis-parallel rectangle of cells, with its mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rectangle {
    /// Top row, 0-based.
    pub row: usize,
    /// Left column, 0-based.
    pub col: usize,
    /// Rows covered.
    pub height: usize,
    /// Columns covered.
    pub width: usize,
    /// The cells as a mask.
    pub mask: u32,
}

impl Shape {
    /// R×C, with 1 ≤ R, C and R·C ≤ 25.
    pub fn new(rows: usize, cols: usize) -> Result<Shape, BitboardError> {
        if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_CELLS {
            return Err(BitboardError::BadShape { rows, cols });
        }
        let (mut not_last, mut not_first, mut first_col) = (0, 0, 0);
        for r in 0..rows {
            for c in 0..cols {
                let bit = 1u32 << (r * cols + c);
                if c + 1 < cols {
                    not_last |= bit;
                }
                if c > 0 {
                    not_first |= bit;
                } else {
                    first_col |= bit;
                }
            }
        }
        Ok(Shape {
            rows,
            cols,
            not_last,
            not_first,
            first_col,
        })
    }

    /// R.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// C.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// R·C.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The mask of cell (r, c).
    pub fn bit(&self, r: usize, c: usize) -> u32 {
        1 << (r * self.cols + c)
    }

    fn row_bits(&self, mask: u32, r: usize) -> u32 {
        (mask >> (r * self.cols)) & ((1 << self.cols) - 1)
    }

    /// Every move from `mask`: each sub-rectangle all of whose cells are set, passed to `f`.
    #[inline]
    pub fn for_each_move(&self, mask: u32, mut f: impl FnMut(Rectangle)) {
        let mut rest = mask;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (r, c) = (cell / self.cols, cell % self.cols);
            let mut width = self.cols - c;
            // One set bit at the start of each row covered so far: multiplying a row's
            // segment by it copies the segment onto every row (the copies never overlap).
            let mut rows_covered = 0u32;
            for h in 1..=self.rows - r {
                let run = (self.row_bits(mask, r + h - 1) >> c).trailing_ones() as usize;
                width = width.min(run);
                if width == 0 {
                    break;
                }
                rows_covered |= 1 << ((r + h - 1) * self.cols);
                for w in 1..=width {
                    let segment = ((1u32 << w) - 1) << c;
                    f(Rectangle {
                        row: r,
                        col: c,
                        height: h,
                        width: w,
                        mask: segment.wrapping_mul(rows_covered),
                    });
                }
            }
        }
    }

    /// The 4-connected groups of set cells of `mask`.
    pub fn components(&self, mask: u32) -> SmallVec<[u32; 4]> {
        let mut parts = SmallVec::new();
        let mut rest = mask;
        while rest != 0 {
            let mut part = rest & rest.wrapping_neg();
            loop {
                let grown = (part | self.neighbours(part)) & mask;
                if grown == part {
                    break;
                }
                part = grown;
            }
            parts.push(part);
            rest &= !part;
        }
        parts
    }

    /// The cells next to any cell of `m` (inside the board).
    fn neighbours(&self, m: u32) -> u32 {
        let all = ((1u64 << self.cells()) - 1) as u32;
        (((m & self.not_last) << 1)
            | ((m & self.not_first) >> 1)
            | (m << self.cols)
            | (m >> self.cols))
            & all
    }

    /// `mask` moved up and left as far as it goes: equal shapes anywhere on the board get
    /// one representative.
    pub fn to_corner(&self, mask: u32) -> u32 {
        if mask == 0 {
            return 0;
        }
        let mut m = mask;
        while self.row_bits(m, 0) == 0 {
            m >>= self.cols;
        }
        // Shifting right by one moves every cell one column left; nothing is in the first
        // column, so nothing wraps into the row above.
        while m & self.first_col == 0 {
            m >>= 1;
        }
        m
    }
}

/// The game on one shape through the [`Game`] trait: a move leaves the 4-connected groups
/// of the remaining cells as separate components, each moved to the corner. The slow,
/// independent twin of [`Table`](crate::solve::cakes::Table).
#[derive(Clone, Copy, Debug)]
pub struct Bitboard(pub Shape);

impl Game for Bitboard {
    type Position = u32;

    fn options(&self, &mask: &u32, out: &mut Vec<Components<u32>>) {
        self.0.for_each_move(mask, |rect| {
            out.push(self.0.components(mask & !rect.mask).into_iter().collect());
        });
    }

    fn canonical(&self, &mask: &u32) -> u32 {
        self.0.to_corner(mask)
    }
}

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

/// Cakes as `analyze` reads them: each cake its rows of `0` (out) and `1` (burning), a
/// blank line between cakes, every cake of this shape. A move is labelled by its cake and
/// the rows and columns of its rectangle (from 1), and leaves its cake whole, not split
/// into groups, so the row of cakes it leaves is written as the player sees it.
impl Notation for Bitboard {
    fn read(&self, input: &Input) -> Result<Vec<u32>, Error> {
        let cakes = parse(input)?;
        let (rows, cols) = (self.0.rows(), self.0.cols());
        if (cakes.shape.rows(), cakes.shape.cols()) != (rows, cols) {
            return Err(input.error(ParseError {
                line: 1,
                expected: format!("cakes of {rows}×{cols}"),
                found: Found::Value(format!("{}×{}", cakes.shape.rows(), cakes.shape.cols())),
            }));
        }
        Ok(cakes.masks)
    }

    fn write(&self, sum: &[u32]) -> String {
        let cakes: Vec<String> = sum
            .iter()
            .map(|&mask| {
                let mut text = String::new();
                for r in 0..self.0.rows() {
                    for c in 0..self.0.cols() {
                        text.push(if mask & self.0.bit(r, c) != 0 {
                            '1'
                        } else {
                            '0'
                        });
                    }
                    text.push('\n');
                }
                text
            })
            .collect();
        cakes.join("\n")
    }

    fn moves(&self, sum: &[u32], i: usize) -> Vec<Labelled<u32>> {
        let mask = sum[i];
        let mut moves = Vec::new();
        self.0.for_each_move(mask, |rect| {
            let (r0, c0) = (rect.row + 1, rect.col + 1);
            let (r1, c1) = (rect.row + rect.height, rect.col + rect.width);
            moves.push(Labelled {
                label: format!("cake {}: put out rows {r0}–{r1}, columns {c0}–{c1}", i + 1),
                leaves: crate::game::to(mask & !rect.mask),
                cells: Some(vec![[r0 as u64, c0 as u64], [r1 as u64, c1 as u64]]),
                along: None,
                vertex: None,
            });
        });
        moves
    }

    /// One cake is drawn as its grid of candles; a row of cakes is left to its text.
    fn draw(&self, sum: &[u32]) -> Option<Drawing> {
        let [_] = sum else { return None };
        Some(Drawing::grid_of_lines(self.write(sum).lines()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// A row of cakes written is read back to the same masks, and the moves listed for
        /// a cake are the rectangles the rules put out, each at the cells it names.
        #[test]
        fn written_cakes_read_back_and_their_moves_are_the_rules(
            rows in 1usize..=5,
            cols in 1usize..=5,
            masks in proptest::collection::vec(any::<u32>(), 1..6),
        ) {
            let shape = Shape::new(rows, cols).unwrap();
            let game = Bitboard(shape);
            let all = (1u32 << shape.cells()) - 1;
            let sum: Vec<u32> = masks.iter().map(|m| m & all).collect();
            let written = game.write(&sum);
            prop_assert_eq!(game.read(&Input::new("cakes", written)).unwrap(), sum.clone());
            for (i, &mask) in sum.iter().enumerate() {
                let mut rects = Vec::new();
                shape.for_each_move(mask, |r| rects.push(r));
                let listed = game.moves(&sum, i);
                prop_assert_eq!(listed.len(), rects.len());
                for (m, r) in listed.iter().zip(&rects) {
                    prop_assert_eq!(m.leaves[0], mask & !r.mask);
                    let cells = m.cells.clone().unwrap();
                    let mut covered = 0;
                    for row in cells[0][0]..=cells[1][0] {
                        for col in cells[0][1]..=cells[1][1] {
                            covered |= shape.bit(row as usize - 1, col as usize - 1);
                        }
                    }
                    prop_assert_eq!(covered, r.mask);
                }
            }
        }
    }

    #[test]
    fn cakes_of_another_shape_are_refused_by_the_notation() {
        let game = Bitboard(Shape::new(2, 3).unwrap());
        let e = game
            .read(&Input::new("cakes", "11\n11\n"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("cakes:1:") && e.contains("cakes of 2×3"), "{e}");
    }

    #[test]
    fn a_full_board_has_every_rectangle_as_a_move() {
        let shape = Shape::new(5, 5).unwrap();
        let mut count = 0;
        shape.for_each_move((1 << 25) - 1, |_| count += 1);
        assert_eq!(count, 15 * 15);
    }

    #[test]
    fn components_split_on_gaps() {
        let shape = Shape::new(3, 3).unwrap();
        // X.X / ... / XXX
        let m =
            shape.bit(0, 0) | shape.bit(0, 2) | shape.bit(2, 0) | shape.bit(2, 1) | shape.bit(2, 2);
        let parts = shape.components(m);
        assert_eq!(parts.len(), 3);
        assert_eq!(parts.iter().fold(0, |a, p| a | p), m);
        // The last column does not wrap onto the next row.
        let shape = Shape::new(2, 3).unwrap();
        assert_eq!(shape.components(shape.bit(0, 2) | shape.bit(1, 0)).len(), 2);
    }

    #[test]
    fn corner_moves_shapes_up_and_left() {
        let shape = Shape::new(3, 3).unwrap();
        let m = shape.bit(1, 1) | shape.bit(2, 1) | shape.bit(2, 2);
        assert_eq!(
            shape.to_corner(m),
            shape.bit(0, 0) | shape.bit(1, 0) | shape.bit(1, 1)
        );
    }

    #[test]
    fn bad_shapes_are_refused() {
        assert!(Shape::new(0, 4).is_err());
        assert!(Shape::new(5, 6).is_err());
        assert!(Shape::new(1, 25).is_ok());
    }
}
