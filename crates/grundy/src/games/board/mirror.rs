//! Cram's mirror strategies: values settled by a symmetry of the board, before any search.
//!
//! Let σ be a symmetry of the board (a half-turn about its centre, a reflection in its
//! middle column or row, or on a square board in a diagonal). σ maps a domino to a domino.
//! Suppose the free cells are their own image under σ, and no free domino shares a cell
//! with its own image. Then whatever domino D the player to move places, its image σ(D) is
//! still free (it was free, and it misses D), and placing it leaves the free cells
//! symmetric again with the same property. The second player always has an answer, so the
//! position is lost for the player to move: its value is 0. This is the mirror argument
//! that shows G + G = 0 (Winning Ways, "Tweedledum and Tweedledee"); for Cram, Gardner
//! (Scientific American, February 1974) gave it for boards with both sides even, where
//! the half-turn moves every domino off itself.
//!
//! When the only obstacle is a domino that is its own image (on a board of one even and
//! one odd side, the domino across the centre), the first player places it and then plays
//! the mirror strategy as second player: the position is won for the player to move, with
//! that domino a winning move. Its nimber is not settled by this, and is still searched.
//!
//! Both statements are checked against the plain search on random symmetric boards in this
//! module's tests.

use super::bits::Bits;
use super::cram::{CramOn, Placement};

/// A symmetry of the board that maps dominoes to dominoes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// A half-turn about the board's centre.
    HalfTurn,
    /// A reflection in the board's middle column (left and right exchanged).
    LeftRight,
    /// A reflection in the board's middle row (top and bottom exchanged).
    TopBottom,
    /// On a square board, a reflection in the diagonal from the top left corner.
    Diagonal,
    /// On a square board, a reflection in the diagonal from the top right corner.
    AntiDiagonal,
}

impl Symmetry {
    /// Every symmetry, in the order they are tried.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::HalfTurn,
        Symmetry::LeftRight,
        Symmetry::TopBottom,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
    ];

    /// The symmetry in words, as the object of "its image under …".
    pub fn describe(self) -> &'static str {
        match self {
            Symmetry::HalfTurn => "a half-turn about the centre",
            Symmetry::LeftRight => "the reflection in the middle column",
            Symmetry::TopBottom => "the reflection in the middle row",
            Symmetry::Diagonal => "the reflection in the diagonal from the top left corner",
            Symmetry::AntiDiagonal => "the reflection in the diagonal from the top right corner",
        }
    }
}

/// A mirror strategy found for a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mirror {
    /// The symmetry the strategy copies moves through.
    pub symmetry: Symmetry,
    /// `None`: the position is 0, the second player mirrors every move. `Some(d)`: the
    /// first player wins by placing `d` (its own image) and then mirroring.
    pub opening: Option<Placement>,
}

impl Mirror {
    /// The strategy in a sentence, for a report.
    pub fn describe<B: Bits>(&self, cram: &CramOn<B>) -> String {
        let image = self.symmetry.describe();
        match self.opening {
            None => format!(
                "the second player answers each domino with its image under {image}; the free cells are symmetric and no domino meets its own image, so the player to move loses (a mirror strategy)"
            ),
            Some(d) => format!(
                "the first player places the {}, which is its own image under {image}, and then answers each domino with its image, so the player to move wins (a mirror strategy)",
                cram.label(d)
            ),
        }
    }
}

impl<B: Bits> CramOn<B> {
    /// The image of cell `i` under `s`, or `None` when `s` does not fit the board (a
    /// diagonal of a board that is not square).
    fn image(&self, s: Symmetry, i: usize) -> Option<usize> {
        let (rows, cols) = (self.rows(), self.cols());
        let (r, c) = (i / cols, i % cols);
        let (r, c) = match s {
            Symmetry::HalfTurn => (rows - 1 - r, cols - 1 - c),
            Symmetry::LeftRight => (r, cols - 1 - c),
            Symmetry::TopBottom => (rows - 1 - r, c),
            Symmetry::Diagonal if rows == cols => (c, r),
            Symmetry::AntiDiagonal if rows == cols => (cols - 1 - c, rows - 1 - r),
            Symmetry::Diagonal | Symmetry::AntiDiagonal => return None,
        };
        Some(self.bit(r, c))
    }

    /// A mirror strategy for `free` (see the module notes): one that shows it is 0 if any
    /// symmetry gives one, else one that shows it is won by a domino that is its own
    /// image, else `None`.
    pub fn mirror_strategy(&self, free: B) -> Option<Mirror> {
        let mut won = None;
        for s in Symmetry::ALL {
            let Some(image) = self.images(s) else {
                continue;
            };
            if !self.is_symmetric(free, &image) {
                continue;
            }
            let clashes = self.clashes(free, &image);
            if clashes.is_empty() {
                return Some(Mirror {
                    symmetry: s,
                    opening: None,
                });
            }
            if won.is_none() {
                won = clashes
                    .iter()
                    .copied()
                    .filter(|d| image[d.first] == d.second)
                    .find(|&d| self.clashes(self.after(free, d), &image).is_empty())
                    .map(|d| Mirror {
                        symmetry: s,
                        opening: Some(d),
                    });
            }
        }
        won
    }

    /// The image of every cell under `s`, when `s` fits the board.
    fn images(&self, s: Symmetry) -> Option<Vec<usize>> {
        (0..self.rows() * self.cols())
            .map(|i| self.image(s, i))
            .collect()
    }

    fn is_symmetric(&self, free: B, image: &[usize]) -> bool {
        (0..image.len()).all(|i| !free.has(i) || free.has(image[i]))
    }

    /// The free dominoes that share a cell with their own image.
    fn clashes(&self, free: B, image: &[usize]) -> Vec<Placement> {
        self.placements(free)
            .into_iter()
            .filter(|d| {
                let (a, b) = (image[d.first], image[d.second]);
                a == d.first || a == d.second || b == d.first || b == d.second
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;
    use crate::games::board::Cram;
    use crate::games::board::cram::Board;
    use proptest::prelude::*;

    #[test]
    fn boards_with_both_sides_even_are_zero_by_the_half_turn() {
        for (rows, cols) in [(2, 2), (2, 8), (4, 6), (6, 6), (8, 8)] {
            let cram = Cram::new(rows, cols).unwrap();
            let m = cram.mirror_strategy(cram.full()).expect("a strategy");
            assert_eq!(m.opening, None, "{rows}×{cols}");
        }
        let wide = crate::games::board::WideCram::new(8, 16).unwrap();
        assert_eq!(
            wide.mirror_strategy(wide.full()).map(|m| m.opening),
            Some(None)
        );
    }

    #[test]
    fn the_centre_domino_wins_on_an_even_by_odd_board() {
        let cram = Cram::new(4, 5).unwrap();
        let m = cram.mirror_strategy(cram.full()).expect("a strategy");
        // The domino down the middle column across the centre: rows 2 and 3, column 3.
        let d = m.opening.expect("an opening");
        assert_eq!(cram.cells(d), [[2, 3], [3, 3]]);
        assert_eq!(m.symmetry, Symmetry::HalfTurn);
        // Odd by odd has a centre cell: no strategy of this kind.
        let odd = Cram::new(3, 5).unwrap();
        assert_eq!(odd.mirror_strategy(odd.full()), None);
    }

    /// A random position made symmetric under `s` (or left as drawn, when `s` is None).
    fn symmetric(cram: &Cram, bits: u64, s: Option<Symmetry>) -> u64 {
        let cells = cram.rows() * cram.cols();
        let mut free = bits & cram.full();
        if let Some(s) = s {
            for i in 0..cells {
                if let Some(j) = cram.image(s, i)
                    && free.has(i) != free.has(j)
                {
                    free &= !(1 << i) & !(1 << j);
                }
            }
        }
        free
    }

    proptest! {
        /// Whatever a strategy claims, the plain search (whole boards, no regions, no
        /// tables of small boxes) confirms: 0 when the second player mirrors, and the
        /// opening domino leads to 0 when the first does.
        #[test]
        fn every_strategy_found_is_true(
            rows in 1usize..=5,
            cols in 1usize..=5,
            bits in any::<u64>(),
            s in proptest::option::of(proptest::sample::select(Symmetry::ALL.to_vec())),
        ) {
            let cram = Cram::new(rows, cols).unwrap();
            let free = symmetric(&cram, bits, s);
            let mut plain = Solver::new(Board(cram));
            if let Some(m) = cram.mirror_strategy(free) {
                let v = plain.grundy(&free).unwrap();
                match m.opening {
                    None => prop_assert_eq!(v.0, 0),
                    Some(d) => {
                        prop_assert!(v.0 != 0);
                        prop_assert_eq!(plain.grundy(&cram.after(free, d)).unwrap().0, 0);
                    }
                }
            }
        }
    }
}
