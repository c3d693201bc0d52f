//! Cram: players take turns placing a domino on two free cells side by side (across or
//! down); whoever cannot place one loses. (Gardner, 1974; Winning Ways, chapter 22.)
//!
//! A position is the set of free cells of an R×C board, one bit a cell, row by row, in a
//! [`Bits`] word: [`Cram`] holds boards of up to 64 cells in a `u64`, [`WideCram`] boards
//! of up to 128 cells in a `u128`; the rules are written once for both. A placement can
//! split the free cells into regions no domino can join: each is a component of its own,
//! moved to the board's corner and turned to its least form under the board's symmetries,
//! so equal regions share one memo entry.
//!
//! A 1×n strip is Dawson's Kayles (octal 0.07) in disguise, and a board with both sides
//! even is lost for the player to move (the second player answers each domino with its
//! mirror image through the centre): [`super::mirror`] finds such strategies.
//!
//! ```
//! use grundy::games::board::Cram;
//! use grundy::{Nimber, Solver};
//!
//! let cram = Cram::new(4, 5).unwrap();
//! let mut solver = Solver::new(cram);
//! assert_eq!(solver.grundy(&cram.full()).unwrap(), Nimber(2));
//! ```

use thiserror::Error;

use super::bits::Bits;
use crate::drawing::Drawing;
use crate::error::Error;
use crate::game::{Components, Game};
use crate::games::notation::{Labelled, Notation};
use crate::parse::{Found, Input, ParseError, Tokens};

/// The board: its size; positions are masks of free cells on it, in words of type `B`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CramOn<B: Bits> {
    rows: usize,
    cols: usize,
    /// The cells not in the first column, and not in the last.
    not_first: B,
    not_last: B,
    /// For a row of up to 8 bits, the same bits set down a column (bit c to row c): the
    /// table that transposes a region fitting in the board's largest square.
    spread: [B; 256],
    /// The row of each bit (a table, not a division, on the hot path).
    row_of: [u8; 128],
}

/// Boards of up to 64 cells, a `u64` a position: the fast path.
pub type Cram = CramOn<u64>;

/// Boards of up to 128 cells, a `u128` a position.
pub type WideCram = CramOn<u128>;

/// A board that does not fit.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CramError {
    /// No cells, or more than the word holds.
    #[error("a Cram board has 1 to {most} cells; {rows}×{cols} has {}", rows * cols)]
    Size {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// The most cells allowed.
        most: usize,
    },
}

/// A domino: its two cells, as bit indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The upper or left cell.
    pub first: usize,
    /// The cell to its right or below it.
    pub second: usize,
}

impl<B: Bits> CramOn<B> {
    /// The most cells a board may have.
    pub const MAX_CELLS: usize = B::BITS;

    /// An R×C board.
    pub fn new(rows: usize, cols: usize) -> Result<Self, CramError> {
        if rows == 0 || cols == 0 || rows.saturating_mul(cols) > Self::MAX_CELLS {
            return Err(CramError::Size {
                rows,
                cols,
                most: Self::MAX_CELLS,
            });
        }
        let mut cram = CramOn {
            rows,
            cols,
            not_first: B::ZERO,
            not_last: B::ZERO,
            spread: [B::ZERO; 256],
            row_of: [0; 128],
        };
        for (i, r) in cram.row_of.iter_mut().enumerate() {
            *r = (i / cols) as u8;
        }
        let square = rows.min(cols).min(8);
        for bits in 0..1usize << square {
            cram.spread[bits] = (0..square)
                .filter(|c| bits >> c & 1 == 1)
                .fold(B::ZERO, |acc, c| acc | B::cell(cram.bit(c, 0)));
        }
        let mut first = B::ZERO;
        for r in 0..rows {
            first |= B::cell(cram.bit(r, 0));
        }
        let full = cram.full();
        cram.not_first = full & !first;
        cram.not_last = full & !(first << (cols - 1));
        Ok(cram)
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Every cell free.
    pub fn full(&self) -> B {
        B::low_cells(self.rows * self.cols)
    }

    /// The bit of the cell at (row, col).
    pub fn bit(&self, row: usize, col: usize) -> usize {
        row * self.cols + col
    }

    /// `free` with the two cells of `p` taken.
    pub fn after(&self, free: B, p: Placement) -> B {
        free & !B::cell(p.first) & !B::cell(p.second)
    }

    /// Every domino that fits on the free cells of `free`: across, then down, each by
    /// its first cell.
    pub fn placements(&self, free: B) -> Vec<Placement> {
        let mut out = Vec::new();
        self.each_placement(free, |p| out.push(p));
        out
    }

    /// Calls `f` with every domino that fits, as [`placements`](Self::placements) lists
    /// them, without collecting them.
    fn each_placement(&self, free: B, mut f: impl FnMut(Placement)) {
        let mut across = free & (free >> 1) & self.not_last;
        while !across.is_empty() {
            let i = across.lowest() as usize;
            across = across.without_lowest();
            f(Placement {
                first: i,
                second: i + 1,
            });
        }
        let mut down = free & free.down(self.cols);
        while !down.is_empty() {
            let i = down.lowest() as usize;
            down = down.without_lowest();
            f(Placement {
                first: i,
                second: i + self.cols,
            });
        }
    }

    /// The regions of `free` where a domino still fits, each as its own mask (cells with
    /// no free neighbour are dropped: nothing can be placed on them).
    ///
    /// Regions are cut, besides, across the two across dominoes of a 2×2 block of free
    /// cells whose opposite corners are shut in ([`twin_cuts`](Self::twin_cuts)): the
    /// value is the same with or without those two dominoes, so a region they alone hold
    /// together is a sum of two.
    pub fn regions(&self, free: B) -> Components<B> {
        let cut = self.twin_cuts(free);
        // The cells a region can enter from the cell on their left, on boards whose rows
        // are long enough for running along them to pay (BENCHMARKS.md, "Regions run
        // along their rows").
        let onward = if self.cols >= LONG_ROWS {
            free & self.not_first & !(cut << 1)
        } else {
            B::ZERO
        };
        let mut left = free;
        let mut out = Components::new();
        while !left.is_empty() {
            // Grow from the lowest free cell, all directions at once, until it stops; each
            // round also runs rightwards to the end of every run of free cells it is in
            // (one addition: the carry from a region's cell runs along the cells after it).
            let mut region = left & left.negated();
            loop {
                let ahead = if onward.is_empty() {
                    region
                } else {
                    let runs = (onward & left) | region;
                    (runs & !runs.plus(region)) | region
                };
                let grown = self.neighbours_across(ahead, cut) & left | ahead;
                if grown == region {
                    break;
                }
                region = grown;
            }
            left &= !region;
            if region.count() >= 2 {
                out.push(region);
            }
        }
        out
    }

    /// The first cells of the across dominoes that a region may be cut at: in a 2×2 block
    /// of free cells `a b / c d` whose cells `a` and `d` have no free neighbour outside the
    /// block (or `b` and `c`), the dominoes `a b` and `c d`.
    ///
    /// Cram on a grid is the game on the graph of its free cells in which a move takes
    /// both ends of an edge. There `a` and `d` are twins: each is joined to `b` and `c`
    /// only. Taking away the edges `a b` and `c d` keeps the value, by induction on the
    /// cells: the move `a b` leaves what `d b` leaves with `a` and `d` swapped (the same
    /// graph), `c d` likewise `c a`; a move elsewhere keeps `a` and `d` twins, or, when
    /// it takes `b` (or `c`), leaves both hanging from `c` (or `b`) alone, where one of
    /// two such tufts can go ([`reduced`](Self::reduced)). Blocks never share a domino
    /// they remove, so every cut is made at once. igs (Beling) makes the same cuts.
    pub fn twin_cuts(&self, free: B) -> B {
        let cols = self.cols;
        let p = free;
        let right = p & (p >> 1) & self.not_last;
        let left = p & (p << 1) & self.not_first;
        let down = p & p.down(cols);
        let up = p & p.up(cols);
        // `a` shut above and on the left, `d` below and on the right (found at `a`).
        let top_left = right & down & !left & !up;
        let bottom_right = left & up & !right & !down;
        let a = top_left & bottom_right.down(cols + 1);
        // `b` shut above and on the right, `c` below and on the left (found at `a`).
        let top_right = left & down & !right & !up;
        let bottom_left = right & up & !left & !down;
        let a2 = (top_right >> 1) & bottom_left.down(cols);
        let starts = a | a2;
        starts | starts.up(cols)
    }

    /// The cells next to any cell of `cells` (across or down).
    fn neighbours(&self, cells: B) -> B {
        self.neighbours_across(cells, B::ZERO)
    }

    /// [`neighbours`](Self::neighbours), but not across the dominoes whose first cells are
    /// in `cut`.
    fn neighbours_across(&self, cells: B, cut: B) -> B {
        let (not_first, not_last) = (self.not_first, self.not_last);
        let down = cells.up(self.cols);
        let up = cells.down(self.cols);
        ((cells & !cut) << 1 & not_first) | ((cells >> 1) & !cut & not_last) | down | up
    }

    /// `free` moved up and left as far as it goes, with the height and width of its
    /// bounding box.
    fn boxed(&self, free: B) -> (B, usize, usize) {
        if free.is_empty() {
            return (B::ZERO, 0, 0);
        }
        let (top, left, height, width) = self.bounds(free);
        (free >> (top * self.cols + left), height, width)
    }

    /// The bounding box of a nonempty `free`: its top row, left column, height and width.
    fn bounds(&self, free: B) -> (usize, usize, usize, usize) {
        let top = self.row(free.lowest());
        let used = self.columns_used(free >> (top * self.cols));
        let left = used.lowest() as usize;
        let height = self.row(B::BITS as u32 - 1 - free.leading()) + 1 - top;
        (top, left, height, B::BITS - used.leading() as usize - left)
    }

    /// The row of bit `i`.
    fn row(&self, i: u32) -> usize {
        usize::from(self.row_of[i as usize])
    }

    /// The columns holding a cell of `free`, as the low `cols` bits.
    fn columns_used(&self, free: B) -> B {
        let row_mask = B::low_cells(self.cols);
        let mut used = B::ZERO;
        let mut rest = free;
        while !rest.is_empty() {
            used |= rest & row_mask;
            rest = rest.down(self.cols);
        }
        used
    }

    /// A cornered region of `height` rows with each row reversed within `width` columns.
    fn reversed_rows(&self, cornered: B, height: usize, width: usize) -> B {
        let row_mask = B::low_cells(self.cols);
        (0..height).fold(B::ZERO, |out, r| {
            let row = (cornered >> (r * self.cols)) & row_mask;
            let reversed = if width <= 8 {
                B::from_u64(u64::from(REVERSED_BYTE[row.low_u64() as usize]) >> (8 - width))
            } else {
                row.reversed() >> (B::BITS - width)
            };
            out | reversed << (r * self.cols)
        })
    }

    /// A cornered region of `height` rows and `width` columns turned half a turn: the
    /// whole word reversed, then shifted back into the corner.
    fn half_turn(&self, cornered: B, height: usize, width: usize) -> B {
        cornered.reversed() >> (B::BITS - (height - 1) * self.cols - width)
    }

    /// A cornered region of `height` rows and at most 8 columns, reflected in its
    /// diagonal (row r becomes column r).
    fn transposed(&self, cornered: B, height: usize) -> B {
        let row_mask = B::low_cells(self.cols);
        (0..height).fold(B::ZERO, |out, r| {
            let row = (cornered >> (r * self.cols)) & row_mask;
            out | self.spread[row.low_u64() as usize] << r
        })
    }

    /// The least of a cornered region's four mirror images (itself, reflected left to
    /// right, and each of those turned half a turn).
    fn least_mirror(&self, cornered: B, height: usize, width: usize) -> B {
        let across = self.reversed_rows(cornered, height, width);
        cornered
            .min(across)
            .min(self.half_turn(cornered, height, width))
            .min(self.half_turn(across, height, width))
    }

    /// Cells with exactly one free neighbour (tufts), and the cells they hang from.
    ///
    /// Two reductions keep the value and shrink the position (each is a mirror-strategy
    /// argument on the sum of the position and its reduction):
    /// - a cell with several tufts keeps one: the others become isolated by any move
    ///   that covers one of them, and no other move touches them;
    /// - a cell whose every free neighbour has a tuft of its own (a bridge) can go: a
    ///   domino on it and a neighbour is answered by that neighbour and its tuft.
    ///
    /// Applied until nothing changes; cells left alone are dropped with the regions.
    pub fn reduced(&self, free: B) -> B {
        let mut p = free;
        let cols = self.cols;
        loop {
            let right = p & (p >> 1) & self.not_last;
            let left = p & (p << 1) & self.not_first;
            let down = p & p.down(cols);
            let up = p & p.up(cols);
            let pairs = (right & left) | (down & up) | ((right | left) & (down | up));
            let tufts = (right ^ left ^ down ^ up) & !pairs;
            // Keep the first tuft each centre is seen with, in a fixed order.
            let mut centres = B::ZERO;
            let mut extra = B::ZERO;
            let tr = tufts & right;
            centres |= tr << 1;
            let tl = tufts & left;
            extra |= tl & (centres << 1);
            centres |= tl >> 1;
            let td = tufts & down;
            extra |= td & centres.down(cols);
            centres |= td.up(cols);
            let tu = tufts & up;
            extra |= tu & centres.up(cols);
            centres |= tu.down(cols);
            let rest = p & !tufts & !centres;
            let bridges = rest & !self.neighbours(rest);
            let next = p & !extra & !bridges;
            if next == p {
                return p;
            }
            p = next;
        }
    }
}

impl<B: Bits> Game for CramOn<B> {
    type Position = B;

    fn options(&self, free: &B, out: &mut Vec<Components<B>>) {
        self.each_option(free, &mut |o| {
            out.push(o);
            true
        });
    }

    fn option_count(&self, free: &B) -> Option<usize> {
        let across = *free & (*free >> 1) & self.not_last;
        let down = *free & free.down(self.cols);
        Some((across.count() + down.count()) as usize)
    }

    /// Down first, then across; each from the middle of the region outwards (a central
    /// domino tends to split the region, and splits are cheap to solve).
    fn each_option(&self, free: &B, visit: &mut dyn FnMut(Components<B>) -> bool) {
        let free = *free;
        if free.is_empty() {
            return;
        }
        let cols = self.cols;
        let (top, left, height, width) = self.bounds(free);
        let first_col = !self.not_first & self.full();
        let row = B::low_cells(cols);
        let down = free & free.down(cols);
        let across = free & (free >> 1) & self.not_last;
        let mut play = |mut moves: B, step: usize| -> bool {
            while !moves.is_empty() {
                let i = moves.lowest() as usize;
                moves = moves.without_lowest();
                let after = free & !B::cell(i) & !B::cell(i + step);
                if !visit(self.regions(self.reduced(after))) {
                    return false;
                }
            }
            true
        };
        // Lines at distance d from the middle, for d of the parity of (lines - 1).
        for d in ((width - 1) % 2..width).step_by(2) {
            let columns = first_col << ((width - 1 - d) / 2 + left)
                | first_col << ((width - 1 + d) / 2 + left);
            if !play(down & columns, cols) {
                return;
            }
        }
        for d in ((height - 1) % 2..height).step_by(2) {
            let rows = row << (((height - 1 - d) / 2 + top) * cols)
                | row << (((height - 1 + d) / 2 + top) * cols);
            if !play(across & rows, 1) {
                return;
            }
        }
    }

    /// The least of the region's images under the board's mirror symmetries, each moved
    /// to the corner; a region that fits in the board's largest square is also reflected
    /// in its diagonal.
    ///
    /// A region that fits the small box whose every position is tabled
    /// ([`Game::known_value`]) is only moved to the corner: its value is read from that
    /// table, whatever its mirror image, so the images are not worth computing.
    fn canonical(&self, free: &B) -> B {
        let (p, height, width) = self.boxed(*free);
        if p.is_empty() || (height <= SMALL_ROWS && width <= SMALL_COLS) {
            return p;
        }
        let mut best = self.least_mirror(p, height, width);
        if width <= self.rows.min(8) && height <= self.cols {
            let t = self.transposed(p, height);
            best = best.min(self.least_mirror(t, width, height));
        }
        best
    }

    /// Free cells: a region's work grows with them.
    fn difficulty(&self, free: &B) -> u64 {
        u64::from(free.count())
    }

    /// Regions that fit in a small box, from a table of every position of that box (a
    /// region away from the corner is a translated copy there, of the same value).
    fn known_value(&self, free: &B) -> Option<crate::Nimber> {
        let p = *free;
        if p.is_empty() {
            return Some(crate::Nimber(0));
        }
        let height = self.row(B::BITS as u32 - 1 - p.leading()) + 1;
        if height > SMALL_ROWS {
            return None;
        }
        let row = B::low_cells(self.cols);
        let mut index = 0;
        for r in 0..height {
            let bits = (p >> (r * self.cols)) & row;
            if !bits.down(SMALL_COLS).is_empty() {
                return None;
            }
            index |= bits.low_u64() << (r * SMALL_COLS);
        }
        Some(crate::Nimber(u64::from(small_table()[index as usize])))
    }
}

/// Columns from which [`CramOn::regions`] runs along rows with one addition: on 3 × 14
/// and 3 × 17 it saved 5 to 8 % of the time, on boards of 7 and 8 columns it cost 2 to 4 %.
const LONG_ROWS: usize = 10;

/// Each byte with its bits in reverse order.
const REVERSED_BYTE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).reverse_bits();
        i += 1;
    }
    t
};

/// The box whose every position is tabled: rows and columns.
const SMALL_ROWS: usize = 4;
const SMALL_COLS: usize = 5;

/// The value of every set of free cells of the small box, one byte each, indexed by its
/// mask (row by row, `SMALL_COLS` bits a row). Built once, by a plain mex over dominoes
/// in increasing mask order (removing a domino lowers the mask).
fn small_table() -> &'static [u8] {
    static TABLE: std::sync::OnceLock<Box<[u8]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let cells = SMALL_ROWS * SMALL_COLS;
        let mut not_last = 0u64;
        for r in 0..SMALL_ROWS {
            not_last |= ((1 << (SMALL_COLS - 1)) - 1) << (r * SMALL_COLS);
        }
        let mut values = vec![0u8; 1 << cells];
        for mask in 1..1u64 << cells {
            let mut seen = 0u64;
            let mut across = mask & (mask >> 1) & not_last;
            while across != 0 {
                let i = across.trailing_zeros();
                across &= across - 1;
                seen |= 1 << values[(mask ^ (3 << i)) as usize];
            }
            let mut down = mask & (mask >> SMALL_COLS);
            while down != 0 {
                let i = down.trailing_zeros();
                down &= down - 1;
                seen |= 1 << values[(mask ^ (1 << i) ^ (1 << (i as usize + SMALL_COLS))) as usize];
            }
            values[mask as usize] = (!seen).trailing_zeros() as u8;
        }
        values.into_boxed_slice()
    })
}

// How a Cram position is written: its notation, beside the rules.

/// Reads `R C`, then optionally R rows of `.` (free) and `#` (blocked): the board and its
/// free cells, for boards of up to 64 cells (what every Cram engine takes).
pub fn read(input: &Input) -> Result<(Cram, u64), Error> {
    if let Some((rows, cols, line)) = board_size(input)
        && rows * cols > Cram::MAX_CELLS as u64
    {
        return Err(input.error(ParseError {
            line,
            expected: "a board of at most 64 cells here (boards of up to 128 cells are for \
                       `analyze` and `table` under normal play)"
                .into(),
            found: Found::Value(format!("{rows}×{cols} = {} cells", rows * cols)),
        }));
    }
    Cram::read(input)
}

/// The rows and columns `input` starts with, each 1 to 128, and the line they end on;
/// `None` when they cannot be read so (the parse then says why).
fn board_size(input: &Input) -> Option<(u64, u64, usize)> {
    let mut t = Tokens::new(&input.bytes);
    let rows = t.u64_in("rows", 1, 128).ok()?;
    let cols = t.u64_in("columns", 1, 128).ok()?;
    Some((rows, cols, t.line()))
}

/// Whether the Cram board `input` starts with is past 64 cells (and so needs a `u128` a
/// position), or its size cannot be read (the wide parse then says why, naming the
/// largest board there is).
pub fn is_wide(input: &Input) -> bool {
    board_size(input).is_none_or(|(rows, cols, _)| rows * cols > Cram::MAX_CELLS as u64)
}

impl<B: Bits> CramOn<B> {
    /// [`read`] for boards of up to `B::BITS` cells: `R C`, then optionally R rows of `.`
    /// (free) and `#` (blocked).
    pub fn read(input: &Input) -> Result<(CramOn<B>, B), Error> {
        let at = |e| input.error(e);
        let mut t = Tokens::new(&input.bytes);
        let most = CramOn::<B>::MAX_CELLS as u64;
        let rows = t.u64_in("the number of rows", 1, most).map_err(at)? as usize;
        let cols = t.u64_in("the number of columns", 1, most).map_err(at)? as usize;
        let cram = CramOn::<B>::new(rows, cols).map_err(|_| {
            at(ParseError {
                line: t.line(),
                expected: format!("a board of at most {most} cells"),
                found: Found::Value(format!("{rows}×{cols} = {} cells", rows * cols)),
            })
        })?;
        let mut free = cram.full();
        if t.clone().next_token().is_some() {
            for r in 0..rows {
                let row = t.grid_row(cols, b".#").map_err(at)?;
                for (c, &b) in row.iter().enumerate() {
                    if b == b'#' {
                        free &= !B::cell(cram.bit(r, c));
                    }
                }
            }
            t.end().map_err(at)?;
        }
        Ok((cram, free))
    }

    /// The position `free` written as [`CramOn::read`] reads it: `R C`, then the rows.
    pub fn write(&self, free: B) -> String {
        let lines: Vec<String> = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| if free.has(self.bit(r, c)) { '.' } else { '#' })
                    .collect()
            })
            .collect();
        format!("{} {}\n{}\n", self.rows, self.cols, lines.join("\n"))
    }

    /// The cells of domino `p` (row and column from 1), first cell first.
    pub fn cells(&self, p: Placement) -> [[u64; 2]; 2] {
        let at = |bit: usize| [(bit / self.cols) as u64 + 1, (bit % self.cols) as u64 + 1];
        [at(p.first), at(p.second)]
    }

    /// Domino `p` in words: `domino on row 1, column 2 and row 1, column 3 (across)`.
    pub fn label(&self, p: Placement) -> String {
        let [[r0, c0], [r1, c1]] = self.cells(p);
        let how = if r1 == r0 { "across" } else { "down" };
        format!("domino on row {r0}, column {c0} and row {r1}, column {c1} ({how})")
    }
}

/// Cram as a person writes and plays it: one whole board, its free cells one mask, each
/// domino leaving the whole board less two cells. This is the game's [`Notation`]; the
/// engines play the same board split into regions ([`CramOn::regions`], each in the
/// corner), which cannot be written back as one board. With no regions and no canonical
/// forms, its rules are also the plain twin the engines are checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board<B: Bits>(pub CramOn<B>);

impl<B: Bits> Game for Board<B> {
    type Position = B;

    fn options(&self, free: &B, out: &mut Vec<Components<B>>) {
        for p in self.0.placements(*free) {
            out.push(crate::game::to(self.0.after(*free, p)));
        }
    }
}

/// `R C`, then R rows of `.` (free) and `#` (blocked), on the board's own size; each domino
/// labelled by its two cells (row and column from 1), listed by its first cell, row by
/// row, across before down.
impl<B: Bits> Notation for Board<B> {
    fn read(&self, input: &Input) -> Result<Vec<B>, Error> {
        let (cram, free) = CramOn::<B>::read(input)?;
        if (cram.rows, cram.cols) != (self.0.rows, self.0.cols) {
            return Err(input.error(ParseError {
                line: 1,
                expected: format!("a board of {}×{}", self.0.rows, self.0.cols),
                found: Found::Value(format!("{}×{}", cram.rows, cram.cols)),
            }));
        }
        Ok(vec![free])
    }

    /// The parts of a sum are parts of one board: they are written on it together.
    fn write(&self, sum: &[B]) -> String {
        self.0
            .write(sum.iter().fold(B::ZERO, |all, &part| all | part))
    }

    fn moves(&self, sum: &[B], i: usize) -> Vec<Labelled<B>> {
        let free = sum[i];
        let mut placements = self.0.placements(free);
        placements.sort_unstable_by_key(|p| (p.first, p.second));
        placements
            .into_iter()
            .map(|p| Labelled {
                label: self.0.label(p),
                leaves: crate::game::to(self.0.after(free, p)),
                cells: Some(self.0.cells(p).to_vec()),
                along: None,
                vertex: None,
            })
            .collect()
    }

    fn draw(&self, sum: &[B]) -> Option<Drawing> {
        Some(Drawing::grid_of_lines(self.write(sum).lines().skip(1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Nimber, Solver};
    use proptest::prelude::*;

    proptest! {
        /// A board written is read back to the same board and free cells, on boards of
        /// a `u64` and of a `u128`; each domino's label names its two cells.
        #[test]
        fn a_written_board_reads_back(rows in 1usize..=12, cols in 1usize..=12, bits in any::<u128>()) {
            let input = |text: String| Input::new("board", text);
            prop_assume!(rows * cols <= WideCram::MAX_CELLS);
            if rows * cols <= Cram::MAX_CELLS {
                let cram = Cram::new(rows, cols).unwrap();
                let free = cram.full() & bits as u64;
                prop_assert_eq!(read(&input(cram.write(free))).unwrap(), (cram, free));
                // The notation reads back what it writes, and lists the rules' moves.
                let board = Board(cram);
                prop_assert_eq!(board.read(&input(board.write(&[free]))).unwrap(), vec![free]);
                let listed: Vec<u64> = board.moves(&[free], 0).iter().map(|m| m.leaves[0]).collect();
                let mut options = Vec::new();
                board.options(&free, &mut options);
                let mut ruled: Vec<u64> = options.iter().map(|o| o[0]).collect();
                ruled.sort_unstable();
                let mut sorted = listed.clone();
                sorted.sort_unstable();
                prop_assert_eq!(sorted, ruled);
                prop_assert!(!is_wide(&input(cram.write(free))));
                for p in cram.placements(free) {
                    let [[r0, c0], [r1, c1]] = cram.cells(p);
                    let named = format!("domino on row {r0}, column {c0} and row {r1}, column {c1}");
                    prop_assert!(cram.label(p).starts_with(&named));
                    prop_assert_eq!(r0 == r1, cram.label(p).ends_with("(across)"));
                }
            } else {
                let wide = WideCram::new(rows, cols).unwrap();
                let free = wide.full() & bits;
                prop_assert_eq!(WideCram::read(&input(wide.write(free))).unwrap(), (wide, free));
                prop_assert_eq!(Board(wide).read(&input(wide.write(free))).unwrap(), vec![free]);
                prop_assert!(is_wide(&input(wide.write(free))));
                prop_assert!(read(&input(wide.write(free))).is_err());
            }
        }
    }

    #[test]
    fn a_board_of_another_size_is_refused_by_the_notation() {
        let board = Board(Cram::new(3, 4).unwrap());
        let e = board
            .read(&Input::new("board", "4 3\n"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("board:1:") && e.contains("a board of 3×4"),
            "{e}"
        );
    }

    #[test]
    fn a_strip_is_dawsons_kayles() {
        let kayles = crate::catalogue::family("dawson-kayles").unwrap();
        let expected = kayles.values(20).unwrap();
        for (n, &value) in expected.iter().enumerate().skip(1) {
            let cram = Cram::new(1, n).unwrap();
            let mut solver = Solver::new(cram);
            let v = solver.grundy(&cram.full()).unwrap();
            assert_eq!(v, Nimber(u64::from(value)), "1×{n}");
        }
    }

    #[test]
    fn boards_with_one_side_odd_are_won_for_the_player_to_move() {
        // The first domino covers the two middle cells, then every reply is mirrored
        // through the centre.
        for (r, c) in [(2, 3), (2, 5), (2, 7), (2, 9), (4, 3), (3, 6), (4, 5)] {
            let cram = Cram::new(r, c).unwrap();
            let mut solver = Solver::new(cram);
            assert!(!solver.grundy(&cram.full()).unwrap().is_zero(), "{r}×{c}");
        }
    }

    #[test]
    fn boards_with_both_sides_even_are_lost_for_the_player_to_move() {
        for (r, c) in [(2, 2), (2, 4), (2, 6), (4, 4), (2, 8)] {
            let cram = Cram::new(r, c).unwrap();
            let mut solver = Solver::new(cram);
            assert_eq!(solver.grundy(&cram.full()).unwrap(), Nimber(0), "{r}×{c}");
        }
    }

    #[test]
    fn published_values() {
        // Published tables (Winning Ways; Lemoine and Viennot): 4×5 = 2, 4×7 = 3.
        for (r, c, v) in [(4, 5, 2), (4, 7, 3)] {
            let cram = Cram::new(r, c).unwrap();
            let got = Solver::new(cram).grundy(&cram.full()).unwrap();
            assert_eq!(got, Nimber(v), "{r}×{c}");
        }
    }

    #[test]
    fn whole_boards_agree_with_the_plain_search() {
        for (r, c) in [
            (1, 7),
            (2, 3),
            (2, 5),
            (3, 3),
            (3, 4),
            (4, 4),
            (2, 7),
            (3, 5),
        ] {
            let cram = Cram::new(r, c).unwrap();
            let plain = Solver::new(Board(cram)).grundy(&cram.full()).unwrap();
            let fast = Solver::new(cram).grundy(&cram.full()).unwrap();
            assert_eq!(fast, plain, "{r}×{c}");
        }
    }

    #[test]
    fn canonical_forms_keep_the_value() {
        let cram = Cram::new(3, 4).unwrap();
        let mut plain = Solver::new(Board(cram));
        let mut sym = Solver::new(cram);
        // Every position reachable in two moves from the full board.
        let mut seen = vec![cram.full()];
        for p in cram.placements(cram.full()) {
            let a = cram.full() & !(1 << p.first) & !(1 << p.second);
            seen.push(a);
            for q in cram.placements(a) {
                seen.push(a & !(1 << q.first) & !(1 << q.second));
            }
        }
        for p in seen {
            let regions = cram.regions(p);
            assert_eq!(
                sym.sum_grundy(&regions).unwrap(),
                plain.grundy(&p).unwrap(),
                "{p:b}"
            );
        }
    }

    /// A random set of about `share` in 256 of the first `cells` cells.
    fn sample(x: &mut u64, cells: usize, share: u64) -> u128 {
        (0..cells).fold(0, |acc, i| {
            *x ^= *x << 13;
            *x ^= *x >> 7;
            *x ^= *x << 17;
            if *x % 256 < share { acc | 1 << i } else { acc }
        })
    }

    #[test]
    fn the_wide_word_does_what_the_narrow_one_does() {
        // Every board shape up to 64 cells: the same moves, regions, reductions and
        // canonical forms, bit for bit, on random free cells.
        let mut x = 0x2545_f491_4f6c_dd1d;
        for rows in 1..=8 {
            for cols in 1..=64 / rows {
                let narrow = Cram::new(rows, cols).unwrap();
                let wide = WideCram::new(rows, cols).unwrap();
                assert_eq!(u128::from(narrow.full()), wide.full());
                for _ in 0..40 {
                    let w = sample(&mut x, rows * cols, 170);
                    let n = w as u64;
                    assert_eq!(narrow.placements(n), wide.placements(w));
                    assert_eq!(u128::from(narrow.reduced(n)), wide.reduced(w));
                    let widen =
                        |c: Components<u64>| c.iter().map(|&r| u128::from(r)).collect::<Vec<_>>();
                    assert_eq!(widen(narrow.regions(n)), wide.regions(w).into_vec());
                    assert_eq!(
                        u128::from(narrow.canonical(&n)),
                        wide.canonical(&w),
                        "{rows}×{cols} {n:b}"
                    );
                    assert_eq!(narrow.option_count(&n), wide.option_count(&w));
                    let (mut a, mut b) = (Vec::new(), Vec::new());
                    narrow.options(&n, &mut a);
                    wide.options(&w, &mut b);
                    assert_eq!(
                        a.into_iter().map(widen).collect::<Vec<_>>(),
                        b.into_iter().map(|c| c.into_vec()).collect::<Vec<_>>()
                    );
                    assert_eq!(narrow.known_value(&n), wide.known_value(&w));
                }
            }
        }
    }

    #[test]
    fn twins_in_a_shut_block_cut_a_region_and_keep_its_value() {
        // ##ab..
        // ..cd#.   a and d are joined to b and c only: the region is a sum of two.
        let cram = Cram::new(2, 6).unwrap();
        let free = cram.full() & !(1 << cram.bit(0, 0)) & !(1 << cram.bit(0, 1));
        let free = free & !(1 << cram.bit(1, 4));
        assert_eq!(
            cram.twin_cuts(free),
            1 << cram.bit(0, 2) | 1 << cram.bit(1, 2)
        );
        assert_eq!(cram.regions(free).len(), 2);
        let plain = Solver::new(Board(cram)).grundy(&free).unwrap();
        assert_eq!(
            Solver::new(cram).sum_grundy(&cram.regions(free)).unwrap(),
            plain
        );
        // A lone 2×2 block is two dominoes down, worth 1 each: 0, as the block is.
        let block = Cram::new(2, 2).unwrap();
        assert_eq!(block.regions(block.full()).len(), 2);
        assert_eq!(
            Solver::new(block)
                .sum_grundy(&block.regions(block.full()))
                .unwrap(),
            Nimber(0)
        );
    }

    #[test]
    fn random_boards_with_cuts_agree_with_the_plain_search() {
        // Free cells at random on boards of up to 20 cells, each valued with the regions
        // (and their cuts) against the plain game on the cells as they are.
        let mut x = 0x51_7cc1_b727_220a;
        let mut cut = 0;
        for (rows, cols) in [
            (2, 6),
            (3, 4),
            (3, 5),
            (4, 4),
            (4, 5),
            (3, 6),
            (5, 3),
            (2, 10),
            (2, 11),
        ] {
            let cram = Cram::new(rows, cols).unwrap();
            let mut plain = Solver::new(Board(cram));
            let mut fast = Solver::new(cram);
            for _ in 0..60 {
                let free = sample(&mut x, rows * cols, 190) as u64;
                if cram.twin_cuts(free) != 0 {
                    cut += 1;
                }
                assert_eq!(
                    fast.sum_grundy(&cram.regions(free)).unwrap(),
                    plain.grundy(&free).unwrap(),
                    "{rows}×{cols} {free:b}"
                );
            }
        }
        assert!(cut >= 20, "only {cut} boards had a block to cut");
    }

    #[test]
    fn regions_are_the_parts_of_the_graph_without_the_cut_dominoes() {
        // Each region against a search cell by cell over the free cells, joined across
        // and down, except across the dominoes `twin_cuts` names; on short and long rows
        // (the fill runs along rows from LONG_ROWS columns on).
        let mut x = 0x2545_f491_4f6c_dd1d;
        for (rows, cols) in [(1, 16), (2, 9), (2, 14), (3, 10), (3, 17), (4, 12), (5, 7)] {
            let cram = Cram::new(rows, cols).unwrap();
            for share in [150, 190, 230] {
                for _ in 0..80 {
                    let free = sample(&mut x, rows * cols, share) as u64;
                    let cut = cram.twin_cuts(free);
                    let mut expected = Vec::new();
                    let mut seen = 0u64;
                    for start in 0..rows * cols {
                        if free >> start & 1 == 0 || seen >> start & 1 == 1 {
                            continue;
                        }
                        let (mut part, mut stack) = (1u64 << start, vec![start]);
                        while let Some(i) = stack.pop() {
                            let (r, c) = (i / cols, i % cols);
                            let mut next = Vec::new();
                            if c + 1 < cols && cut >> i & 1 == 0 {
                                next.push(i + 1);
                            }
                            if c > 0 && cut >> (i - 1) & 1 == 0 {
                                next.push(i - 1);
                            }
                            if r + 1 < rows {
                                next.push(i + cols);
                            }
                            if r > 0 {
                                next.push(i - cols);
                            }
                            for j in next {
                                if free >> j & 1 == 1 && part >> j & 1 == 0 {
                                    part |= 1 << j;
                                    stack.push(j);
                                }
                            }
                        }
                        seen |= part;
                        if part.count_ones() >= 2 {
                            expected.push(part);
                        }
                    }
                    let mut found: Vec<u64> = cram.regions(free).into_iter().collect();
                    found.sort_unstable();
                    expected.sort_unstable();
                    assert_eq!(found, expected, "{rows}×{cols} {free:b}");
                }
            }
        }
    }

    #[test]
    fn long_strips_are_dawsons_kayles() {
        let kayles = crate::catalogue::family("dawson-kayles").unwrap();
        let expected = kayles.values(129).unwrap();
        let mut solver = Solver::new(WideCram::new(1, 128).unwrap());
        for n in [65, 77, 100, 127, 128] {
            let strip = WideCram::new(1, n).unwrap();
            let mut s = Solver::new(strip);
            assert_eq!(
                s.grundy(&strip.full()).unwrap(),
                Nimber(u64::from(expected[n])),
                "1×{n}"
            );
            // The same strip as the free cells of a longer one.
            let cells = u128::MAX >> (128 - n);
            assert_eq!(
                solver.grundy(&cells).unwrap(),
                Nimber(u64::from(expected[n])),
                "1×{n} in 1×128"
            );
        }
    }

    #[test]
    fn wide_boards_agree_with_the_plain_search() {
        // Sparse free cells on boards of 65 to 128 cells, every one solved with no
        // canonical form or region against the game with both.
        let mut x = 0x9e37_79b9_7f4a_7c15;
        for (rows, cols) in [
            (11, 11),
            (8, 16),
            (4, 32),
            (2, 64),
            (5, 13),
            (13, 5),
            (1, 128),
        ] {
            let wide = WideCram::new(rows, cols).unwrap();
            for _ in 0..6 {
                let free = sample(&mut x, rows * cols, 40);
                let plain = Solver::new(Board(wide)).grundy(&free).unwrap();
                let fast = Solver::new(wide).sum_grundy(&wide.regions(free)).unwrap();
                assert_eq!(fast, plain, "{rows}×{cols} {free:b}");
            }
        }
        // Dense blocks of up to 18 cells with a few holes, the last one in the far corner
        // (the word's top bits).
        for (rows, cols) in [(11, 11), (8, 16), (4, 32), (9, 13)] {
            let wide = WideCram::new(rows, cols).unwrap();
            for k in 0..8 {
                let h = 1 + (x % 4) as usize % rows;
                let w = (18 / h).min(cols);
                let (top, left) = if k == 0 {
                    (rows - h, cols - w)
                } else {
                    (
                        (x % (rows - h + 1) as u64) as usize,
                        (x / 7 % (cols - w + 1) as u64) as usize,
                    )
                };
                let holes = sample(&mut x, rows * cols, 30);
                let mut free = 0u128;
                for r in top..top + h {
                    for c in left..left + w {
                        free |= 1 << wide.bit(r, c);
                    }
                }
                free &= !holes;
                let plain = Solver::new(Board(wide)).grundy(&free).unwrap();
                let fast = Solver::new(wide).sum_grundy(&wide.regions(free)).unwrap();
                assert_eq!(fast, plain, "{rows}×{cols} {free:b}");
            }
        }
        assert!(WideCram::new(11, 12).is_err() && Cram::new(5, 13).is_err());
    }
}
