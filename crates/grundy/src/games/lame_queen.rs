//! The Lame Queen game (CodeChef LAMQUGAM), a generalised Wythoff game.
//!
//! A queen stands on (x, y), x, y ≥ 1. A move takes it to (x − a, y), (x, y − a) or
//! (x − a, y − a) for some a ≥ 1, staying on positive coordinates; the diagonal move only
//! when d divides a. Whoever cannot move (the queen is on (1, 1)) loses. With d = 1 this is
//! Wythoff's game, shifted by (1, 1).
//!
//! P-positions, by the editorial's argument: two squares of one row (or one column) are a
//! move apart, so each row and each column holds exactly one P-position; on a diagonal, a
//! P-position at row x0 blocks every later square of that diagonal whose row is ≡ x0 mod d.
//! The game is symmetric, so the P-position of row x is (x, y) exactly when the one of row y
//! is (y, x). Rows are settled in order: row x takes its partner from an earlier row when
//! it has one, else the first column y ≥ x that no earlier P-position blocks
//! ([`PPositions::build`], linear in practice).
//!
//! Rectangle counts go through a sweep over rows with a counted set of columns
//! ([`PPositions::count_in`]).
//!
//! ```
//! use grundy::games::lame_queen::{PPositions, Rect};
//!
//! let wythoff = PPositions::build(1, 10).unwrap();
//! assert!(wythoff.is_p(1, 1) && wythoff.is_p(2, 3) && wythoff.is_p(4, 6));
//! // The statement's first sample: 3 of the 16 squares of [1, 4]² are P-positions.
//! let counts = wythoff.count_in(&[Rect { x1: 1, y1: 1, x2: 4, y2: 4 }]);
//! assert_eq!(counts, vec![3]);
//! ```

use rustc_hash::FxHashSet;
use thiserror::Error;

use crate::error::Error;
use crate::game::{Components, Game};
use crate::games::notation::{Labelled, Notation};
use crate::index::BitCounter;
use crate::parse::{Input, Tokens};

/// Why a Lame Queen computation was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LameQueenError {
    /// d must be at least 1.
    #[error("d must be at least 1")]
    ZeroStep,
    /// d past the supported bound.
    #[error("d = {d} is larger than the supported {limit}")]
    StepTooLarge {
        /// The d asked for.
        d: u64,
        /// The bound.
        limit: u64,
    },
    /// A coordinate past the supported bound.
    #[error("coordinate {value} is larger than the supported {limit}")]
    CoordinateTooLarge {
        /// The coordinate asked for.
        value: u64,
        /// The bound.
        limit: u64,
    },
}

/// The largest coordinate supported: tables of about 14 bytes per row are built up to it.
pub const MAX_COORD: u64 = 10_000_000;
/// The largest d supported.
pub const MAX_STEP: u64 = 1_000_000_000;

/// The Lame Queen game as a [`Game`], for the generic solver. Positions are 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LameQueen {
    /// Diagonal moves must be multiples of d.
    pub d: u64,
}

/// The queen on the quarter plane written as `analyze wythoff` and `analyze lame-queen:D`
/// read it: `x y`, squares counted from 0 ((0, 0) has no move); the rules count from 1, so
/// the square written (x, y) is the position (x + 1, y + 1). A move is labelled by the
/// square it reaches, and placed on the board drawn with the corner at the bottom left.
impl Notation for LameQueen {
    fn read(&self, input: &Input) -> Result<Vec<(u32, u32)>, Error> {
        let err = |e| input.error(e);
        let mut t = Tokens::new(&input.bytes);
        let most = MAX_COORD - 1;
        let x = t.u64_in("x", 0, most).map_err(err)?;
        let y = t.u64_in("y", 0, most).map_err(err)?;
        t.end().map_err(err)?;
        Ok(vec![(x as u32 + 1, y as u32 + 1)])
    }

    fn write(&self, sum: &[(u32, u32)]) -> String {
        let squares: Vec<String> = sum
            .iter()
            .map(|&(x, y)| format!("{} {}", x - 1, y - 1))
            .collect();
        squares.join(" ")
    }

    fn moves(&self, sum: &[(u32, u32)], i: usize) -> Vec<Labelled<(u32, u32)>> {
        let (x, _) = sum[i];
        let mut options = Vec::new();
        self.options(&sum[i], &mut options);
        options
            .into_iter()
            .map(|leaves| {
                let (a, b) = leaves[0];
                Labelled {
                    label: format!("to ({}, {})", a - 1, b - 1),
                    leaves,
                    cells: Some(vec![[u64::from(x - a + 1), u64::from(b)]]),
                    along: None,
                    vertex: None,
                }
            })
            .collect()
    }
}

/// The lame queen as the contest writes it (lamqugam): the step is part of the position,
/// `d x y` with squares counted from 1 ((1, 1) has no move). A position is `(d, x, y)`; its
/// moves are [`LameQueen`]'s with that step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ContestQueen;

impl Game for ContestQueen {
    type Position = (u64, u32, u32);

    fn options(&self, &(d, x, y): &(u64, u32, u32), out: &mut Vec<Components<(u64, u32, u32)>>) {
        let mut moves = Vec::new();
        LameQueen { d }.options(&(x, y), &mut moves);
        out.extend(
            moves
                .into_iter()
                .map(|m| m.into_iter().map(|(a, b)| (d, a, b)).collect()),
        );
    }
}

/// `d x y`, squares from 1; a move labelled by the square it reaches (from 1), and placed
/// on the board drawn with the corner at the bottom left.
impl Notation for ContestQueen {
    fn read(&self, input: &Input) -> Result<Vec<(u64, u32, u32)>, Error> {
        let err = |e| input.error(e);
        let mut t = Tokens::new(&input.bytes);
        let d = t.u64_in("d", 1, MAX_STEP).map_err(err)?;
        let x = t.u64_in("x", 1, MAX_COORD).map_err(err)?;
        let y = t.u64_in("y", 1, MAX_COORD).map_err(err)?;
        t.end().map_err(err)?;
        Ok(vec![(d, x as u32, y as u32)])
    }

    fn write(&self, sum: &[(u64, u32, u32)]) -> String {
        let squares: Vec<String> = sum.iter().map(|(d, x, y)| format!("{d} {x} {y}")).collect();
        squares.join(" ")
    }

    fn moves(&self, sum: &[(u64, u32, u32)], i: usize) -> Vec<Labelled<(u64, u32, u32)>> {
        let (d, x, y) = sum[i];
        LameQueen { d }
            .moves(&[(x, y)], 0)
            .into_iter()
            .map(|l| {
                let (a, b) = l.leaves[0];
                Labelled {
                    label: format!("to ({a}, {b})"),
                    leaves: crate::game::to((d, a, b)),
                    cells: l.cells,
                    along: None,
                    vertex: None,
                }
            })
            .collect()
    }
}

impl Game for LameQueen {
    type Position = (u32, u32);

    fn options(&self, &(x, y): &(u32, u32), out: &mut Vec<Components<(u32, u32)>>) {
        let one = |p| Components::from_elem(p, 1);
        out.extend((1..x).map(|x2| one((x2, y))));
        out.extend((1..y).map(|y2| one((x, y2))));
        let d = u32::try_from(self.d).unwrap_or(u32::MAX);
        let mut a = d;
        while a < x && a < y {
            out.push(one((x - a, y - a)));
            a = a.saturating_add(d);
        }
    }
}

/// A rectangle of squares, 1-based and inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// First row.
    pub x1: u64,
    /// First column.
    pub y1: u64,
    /// Last row.
    pub x2: u64,
    /// Last column.
    pub y2: u64,
}

impl Rect {
    /// The number of squares.
    pub fn area(&self) -> u64 {
        (self.x2 - self.x1 + 1) * (self.y2 - self.y1 + 1)
    }
}

const NONE: u32 = u32::MAX;

/// Which residues of each diagonal are blocked by a P-position already placed.
enum Blocked {
    /// d ≤ 32: one mask per diagonal.
    Masks(Vec<u32>),
    /// Larger d: the (diagonal, residue) pairs, and a count per diagonal.
    Sparse(FxHashSet<u64>, Vec<u32>),
}

impl Blocked {
    fn new(d: u64) -> Blocked {
        if d <= 32 {
            Blocked::Masks(Vec::new())
        } else {
            Blocked::Sparse(FxHashSet::default(), Vec::new())
        }
    }

    fn is_blocked(&self, c: usize, r: u64) -> bool {
        match self {
            Blocked::Masks(m) => m.get(c).is_some_and(|&w| w >> r & 1 != 0),
            Blocked::Sparse(set, _) => set.contains(&((c as u64) << 32 | r)),
        }
    }

    fn block(&mut self, c: usize, r: u64) {
        match self {
            Blocked::Masks(m) => {
                if m.len() <= c {
                    m.resize(c + 1, 0);
                }
                m[c] |= 1 << r;
            }
            Blocked::Sparse(set, counts) => {
                if counts.len() <= c {
                    counts.resize(c + 1, 0);
                }
                if set.insert((c as u64) << 32 | r) {
                    counts[c] += 1;
                }
            }
        }
    }

    /// Every residue of diagonal c is blocked: no later row can use it.
    fn is_full(&self, c: usize, d: u64) -> bool {
        match self {
            Blocked::Masks(m) => m.get(c).is_some_and(|&w| u64::from(w) == (1u64 << d) - 1),
            Blocked::Sparse(_, counts) => counts.get(c).is_some_and(|&n| u64::from(n) == d),
        }
    }
}

/// The P-positions of rows 1..=bound: one per row.
#[derive(Clone, Debug)]
pub struct PPositions {
    d: u64,
    /// partner[x] = y − 1 for the P-position (x + 1, y): 0-based, row x.
    partner: Vec<u32>,
}

impl PPositions {
    /// Settles rows 1..=bound (1-based) for step d.
    pub fn build(d: u64, bound: u64) -> Result<PPositions, LameQueenError> {
        check_step(d)?;
        check_coord(bound)?;
        let n = bound as usize;
        let mut partner = vec![NONE; n];
        // owner[y] = x when row x < y took column y: row y's P-position is then (y, x).
        let mut owner = vec![NONE; n];
        // Columns ≥ their row already taken (bit per column; columns reach about 3n).
        let mut used: Vec<u64> = vec![0; (3 * n + 64) / 64 + 1];
        let mut blocked = Blocked::new(d);
        let mut first_open = 0usize;
        for x in 0..n {
            if x.is_multiple_of(65536) {
                crate::stop::check();
            }
            if owner[x] != NONE {
                partner[x] = owner[x];
                continue;
            }
            let r = x as u64 % d;
            let mut c = first_open;
            let y = loop {
                let y = x + c;
                let taken = used.get(y / 64).is_some_and(|w| w >> (y % 64) & 1 != 0);
                if !taken && !blocked.is_blocked(c, r) {
                    break y;
                }
                c += 1;
            };
            if used.len() <= y / 64 {
                used.resize(y / 64 + 1, 0);
            }
            used[y / 64] |= 1 << (y % 64);
            blocked.block(c, r);
            if y > x && y < n {
                owner[y] = x as u32;
            }
            // Rows and columns stay below 2^32: bound ≤ MAX_COORD and y < 3·bound + d.
            partner[x] = u32::try_from(y).unwrap_or(NONE);
            while blocked.is_full(first_open, d) {
                first_open += 1;
            }
        }
        Ok(PPositions { d, partner })
    }

    /// The step d.
    pub fn d(&self) -> u64 {
        self.d
    }

    /// The largest row settled.
    pub fn bound(&self) -> u64 {
        self.partner.len() as u64
    }

    /// The column of row x's P-position (1-based), for 1 ≤ x ≤ bound. It may lie past the
    /// bound.
    pub fn partner(&self, x: u64) -> u64 {
        u64::from(self.partner[(x - 1) as usize]) + 1
    }

    /// `true` if (x, y) is a P-position (1 ≤ x ≤ bound).
    pub fn is_p(&self, x: u64, y: u64) -> bool {
        self.partner(x) == y
    }

    /// Every move from (x, y) to a P-position, as the squares moved to; x, y ≤ bound.
    /// Empty exactly when (x, y) is itself a P-position.
    pub fn winning_moves(&self, x: u64, y: u64) -> Vec<(u64, u64)> {
        let mut moves = Vec::new();
        // Along the row (column changes): row x's P-position, if it is to the left.
        let py = self.partner(x);
        if py < y {
            moves.push((x, py));
        }
        // Along the column: column y's P-position is (partner(y), y) by symmetry.
        let px = self.partner(y);
        if px < x {
            moves.push((px, y));
        }
        // Along the diagonal, in steps of d: at most one P-position per residue.
        let mut a = self.d;
        while a < x && a < y {
            if self.is_p(x - a, y - a) {
                moves.push((x - a, y - a));
            }
            a += self.d;
        }
        moves
    }

    /// Every move from (x, y) (1-based, x, y ≤ bound): the square reached and whether it is
    /// a P-position (a winning move). Along the row, then the column, then the diagonal,
    /// the shortest first.
    pub fn moves(&self, x: u64, y: u64) -> Vec<((u64, u64), bool)> {
        let mut moves = Vec::new();
        for a in 1..y {
            moves.push(((x, y - a), self.is_p(x, y - a)));
        }
        for a in 1..x {
            moves.push(((x - a, y), self.is_p(x - a, y)));
        }
        let mut a = self.d;
        while a < x && a < y {
            moves.push(((x - a, y - a), self.is_p(x - a, y - a)));
            a += self.d;
        }
        moves
    }

    /// The number of P-positions in each rectangle, all of whose coordinates must be at most
    /// the bound: a sweep over rows with a counted set of the columns seen
    /// ([`BitCounter`]), O((bound + queries) · log bound).
    pub fn count_in(&self, rects: &[Rect]) -> Vec<u64> {
        assert!(rects.len() < 1 << 31, "at most 2^31 rectangles at once");
        let n = self.partner.len();
        // A rectangle's count is C(x2) − C(x1 − 1), where C(x) counts the P-positions
        // with row ≤ x and column in y1..=y2: two visits of the sweep, bucketed by row.
        let mut per_row = vec![0u32; n + 2];
        for r in rects {
            per_row[r.x2 as usize] += 1;
            per_row[r.x1 as usize - 1] += 1;
        }
        let mut start = vec![0u32; n + 3];
        for x in 0..=n + 1 {
            start[x + 1] = start[x] + per_row[x];
        }
        drop(per_row);
        // (query, with the top bit set for the x2 visit; y1 − 1; y2)
        let mut visits = vec![(0u32, 0u32, 0u32); 2 * rects.len()];
        let mut fill = start.clone();
        for (q, r) in rects.iter().enumerate() {
            let q = q as u32;
            let (lo, hi) = ((r.y1 - 1) as u32, r.y2 as u32);
            for (x, tag) in [(r.x2, q | 1 << 31), (r.x1 - 1, q)] {
                let slot = &mut fill[x as usize];
                visits[*slot as usize] = (tag, lo, hi);
                *slot += 1;
            }
        }
        drop(fill);
        let mut counts = vec![0i64; rects.len()];
        // Each column holds one P-position, so the columns seen so far are a set.
        let mut columns = BitCounter::new(n);
        for x in 0..=n {
            if x > 0 {
                let y = self.partner[x - 1] as usize;
                if y < n {
                    columns.insert(y);
                }
            }
            let (a, b) = (start[x] as usize, start[x + 1] as usize);
            for &(tag, lo, hi) in &visits[a..b] {
                let c = i64::from(columns.count_below(hi as usize))
                    - i64::from(columns.count_below(lo as usize));
                let q = (tag & !(1 << 31)) as usize;
                counts[q] += if tag >> 31 == 1 { c } else { -c };
            }
        }
        counts.into_iter().map(|c| c as u64).collect()
    }
}

fn check_step(d: u64) -> Result<(), LameQueenError> {
    if d == 0 {
        return Err(LameQueenError::ZeroStep);
    }
    if d > MAX_STEP {
        return Err(LameQueenError::StepTooLarge { d, limit: MAX_STEP });
    }
    Ok(())
}

fn check_coord(value: u64) -> Result<(), LameQueenError> {
    if value > MAX_COORD {
        return Err(LameQueenError::CoordinateTooLarge {
            value,
            limit: MAX_COORD,
        });
    }
    Ok(())
}

/// The most memory, in bytes, the Grundy table of [`grundy_values`] may take.
pub const GRUNDY_MEMORY: u64 = 1 << 30;
/// The most squares [`grundy_values`] tabulates.
pub const GRUNDY_SQUARES: u64 = 10_000_000;

/// The Grundy values of every square of [1, x] × [1, y], row-major (index (i − 1)·y +
/// (j − 1)), or `None` when the table would pass [`GRUNDY_SQUARES`] squares or
/// [`GRUNDY_MEMORY`] bytes of working sets.
///
/// Values in one row, one column, or one diagonal residue class are all distinct (each
/// square of such a line can move to the earlier ones), so each line keeps a bit set of
/// the values on it, and a square's value is the first value missing from the union of its
/// row's, column's and diagonal class's sets.
pub fn grundy_values(d: u64, x: u64, y: u64) -> Option<Vec<u32>> {
    if d == 0 || x == 0 || y == 0 || x.checked_mul(y)? > GRUNDY_SQUARES {
        return None;
    }
    let (xs, ys) = (x as usize, y as usize);
    // A square has fewer than x + y + min(x, y) options, so values stay below that.
    let words = (xs + ys + xs.min(ys)) / 64 + 1;
    let residues = d.min(x) as usize;
    let diagonals = xs + ys - 1;
    let lines = ys + diagonals * residues;
    if (lines as u64 + 1) * words as u64 * 8 > GRUNDY_MEMORY {
        return None;
    }
    let mut values = vec![0u32; xs * ys];
    let mut row = vec![0u64; words];
    let mut cols = vec![0u64; ys * words];
    let mut diags = vec![0u64; diagonals * residues * words];
    for i in 0..xs {
        row.fill(0);
        let r = (i as u64 % d) as usize;
        for j in 0..ys {
            // Diagonal j − i, shifted to be non-negative.
            let line = ((j + xs - 1 - i) * residues + r) * words;
            let col = j * words;
            let mut v = 0;
            for w in 0..words {
                let seen = row[w] | cols[col + w] | diags[line + w];
                if seen != u64::MAX {
                    v = w * 64 + seen.trailing_ones() as usize;
                    break;
                }
            }
            values[i * ys + j] = v as u32;
            let (w, bit) = (v / 64, 1u64 << (v % 64));
            row[w] |= bit;
            cols[col + w] |= bit;
            diags[line + w] |= bit;
        }
    }
    Some(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The contest's notation reads back what it writes, and lists the moves of the
        /// contest's move list, labels and squares alike.
        #[test]
        fn the_contest_notation_reads_back_and_lists_the_moves(d in 1u64..5, x in 1u64..40, y in 1u64..40) {
            let text = format!("{d} {x} {y}");
            let sum = ContestQueen.read(&Input::new("q", text.clone())).expect("a square");
            prop_assert_eq!(ContestQueen.write(&sum), text.clone());
            let mut ours: Vec<(String, String, Vec<[u64; 2]>)> = ContestQueen
                .moves(&sum, 0)
                .into_iter()
                .map(|m| (m.label, ContestQueen.write(&m.leaves), m.cells.unwrap_or_default()))
                .collect();
            let listed = crate::analysis::moves::queen(&Input::new("q", text)).expect("listed");
            let mut theirs: Vec<(String, String, Vec<[u64; 2]>)> = listed
                .moves
                .iter()
                .map(|m| (m.label.clone(), m.position.clone(), m.cell.into_iter().collect()))
                .collect();
            ours.sort();
            theirs.sort();
            prop_assert_eq!(ours, theirs);
        }

        /// The plane notation reads back what it writes, and lists the moves the product's
        /// move list (from the P-position tables) gives, with the same labels and cells.
        #[test]
        fn the_plane_notation_reads_back_and_lists_the_moves(d in 1u64..5, x in 0u64..40, y in 0u64..40) {
            let queen = LameQueen { d };
            let sum = queen.read(&Input::new("p", format!("{x} {y}"))).expect("a square");
            prop_assert_eq!(&sum, &vec![(x as u32 + 1, y as u32 + 1)]);
            prop_assert_eq!(queen.read(&Input::new("w", queen.write(&sum))).expect("read back"), sum.clone());
            let mut ours: Vec<(String, Vec<[u64; 2]>)> = queen
                .moves(&sum, 0)
                .into_iter()
                .map(|m| (m.label, m.cells.unwrap_or_default()))
                .collect();
            let listed = crate::analysis::moves::plane("q", d, &Input::new("p", format!("{x} {y}"))).expect("listed");
            let mut theirs: Vec<(String, Vec<[u64; 2]>)> = listed
                .moves
                .iter()
                .map(|m| (m.label.clone(), m.cell.into_iter().collect()))
                .collect();
            ours.sort();
            theirs.sort();
            prop_assert_eq!(ours, theirs);
        }
    }

    #[test]
    fn wythoff_pairs_are_golden() {
        // d = 1 is Wythoff's game on (x − 1, y − 1): P-positions (⌊kφ⌋, ⌊kφ²⌋) and mirror.
        let p = PPositions::build(1, 200_000).unwrap();
        for k in 0u64..60_000 {
            // ⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋, exactly, with an integer square root.
            let a = (k + (5 * k * k).isqrt()) / 2;
            let b = a + k;
            if b < 200_000 {
                assert!(p.is_p(a + 1, b + 1), "k = {k}: ({a}, {b})");
                assert!(p.is_p(b + 1, a + 1), "k = {k}: ({b}, {a})");
            }
        }
    }

    #[test]
    fn large_steps_make_plain_two_heap_nim() {
        let p = PPositions::build(1000, 500).unwrap();
        for x in 1..=500 {
            assert_eq!(p.partner(x), x);
        }
    }

    #[test]
    fn bad_steps_and_bounds_are_refused() {
        assert_eq!(
            PPositions::build(0, 5).unwrap_err(),
            LameQueenError::ZeroStep
        );
        assert!(PPositions::build(1, MAX_COORD + 1).is_err());
        assert!(PPositions::build(MAX_STEP + 1, 5).is_err());
    }
}
