//! Node-Kayles on cells of a grid: a component read as the whole `R × C` grid, and every
//! part its moves leave, kept as a set of cells of a strip `R` rows high, one bit a cell.
//!
//! A move takes a cell and the cells beside it (up, down, left, right), which is a shift
//! and a mask; the parts a move leaves are found by growing each from one cell with the
//! same shifts; and a part is stored once for all its translations and its four images
//! under the strip's symmetries (turned end for end, flipped top to bottom, both), which is
//! a translation, a bit reversal and a swap of rows. None of that needs the graph's
//! canonical labelling, which is what the general components pay for.
//!
//! The cell in row `r` and column `c` is bit `c · R + r`: a column is `R` neighbouring
//! bits, so at most `128 / R` columns fit.

use smallvec::SmallVec;

/// A set of cells of a strip `rows` high: cell (r, c) is bit `c * rows + r`.
///
/// The 128 bits are kept as two words, so that a memo entry takes 24 bytes, not the 32 a
/// `u128`'s alignment would make it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cells {
    /// The strip's height, 1 to 128.
    pub rows: u8,
    low: u64,
    high: u64,
}

/// For each height h: the cells of row 0, the cells of row h − 1, and every cell of the
/// columns that fit.
const MASKS: [[u128; 3]; 129] = {
    let mut table = [[0u128; 3]; 129];
    let mut h = 1;
    while h <= 128 {
        let columns = 128 / h;
        let mut first = 0u128;
        let mut c = 0;
        while c < columns {
            first |= 1u128 << (c * h);
            c += 1;
        }
        let all = if h * columns == 128 {
            u128::MAX
        } else {
            (1u128 << (h * columns)) - 1
        };
        table[h] = [first, first << (h - 1), all];
        h += 1;
    }
    table
};

fn shl(x: u128, by: u32) -> u128 {
    x.checked_shl(by).unwrap_or(0)
}

fn shr(x: u128, by: u32) -> u128 {
    x.checked_shr(by).unwrap_or(0)
}

impl Cells {
    /// The cells `bits` of a strip `rows` high.
    pub fn new(rows: u8, bits: u128) -> Cells {
        Cells {
            rows,
            low: bits as u64,
            high: (bits >> 64) as u64,
        }
    }

    /// The cells, column by column.
    pub fn bits(self) -> u128 {
        u128::from(self.high) << 64 | u128::from(self.low)
    }

    /// Every cell of the grid `rows` × `columns`, if it fits in a strip of 128 bits.
    pub fn grid(rows: u32, columns: u32) -> Option<Cells> {
        let n = rows.checked_mul(columns)?;
        if rows == 0 || columns == 0 || n > 128 {
            return None;
        }
        let bits = if n == 128 { u128::MAX } else { (1 << n) - 1 };
        Some(Cells::new(rows as u8, bits))
    }

    /// The grid `R × C` that `edges` are, with its vertices `0..order` numbered row by row
    /// (`r · C + c`, as `grid:RxC` numbers them), edges `[u, v]`, `u < v`, sorted; the fewest
    /// rows if several fit (a path is one row).
    pub fn of_grid(order: u16, edges: &[[u16; 2]]) -> Option<Cells> {
        let n = u32::from(order);
        (1..=n.min(128)).find_map(|rows| {
            let columns = n / rows;
            if rows * columns != n
                || (rows * (columns - 1) + columns * (rows - 1)) as usize != edges.len()
            {
                return None;
            }
            let mut want = Vec::with_capacity(edges.len());
            for r in 0..rows {
                for c in 0..columns {
                    let v = (r * columns + c) as u16;
                    if c + 1 < columns {
                        want.push([v, v + 1]);
                    }
                    if r + 1 < rows {
                        want.push([v, v + columns as u16]);
                    }
                }
            }
            want.sort_unstable();
            (want == edges)
                .then(|| Cells::grid(rows, columns))
                .flatten()
        })
    }

    fn masks(self) -> [u128; 3] {
        MASKS[usize::from(self.rows)]
    }

    /// How many cells.
    pub fn order(self) -> u16 {
        self.bits().count_ones() as u16
    }

    /// `x` and every cell of the strip beside one of its cells.
    fn grown(self, x: u128) -> u128 {
        let [first, last, all] = self.masks();
        let h = u32::from(self.rows);
        (x | shl(x, h) | shr(x, h) | ((x & !last) << 1) | ((x & !first) >> 1)) & all
    }

    /// The cells left after a move at the cell `bit`: it goes with the cells beside it.
    pub fn after(self, bit: u32) -> u128 {
        self.bits() & !self.grown(1 << bit)
    }

    /// The cells `x` (some of this strip's) as their connected parts, in the order of
    /// their first cells row by row, as a graph numbered row by row lists its components.
    pub fn parts(self, mut x: u128) -> SmallVec<[Cells; 4]> {
        let mut found: SmallVec<[(u32, Cells); 4]> = SmallVec::new();
        while x != 0 {
            let mut part = x & x.wrapping_neg();
            loop {
                let next = self.grown(part) & x;
                if next == part {
                    break;
                }
                part = next;
            }
            x &= !part;
            let cells = Cells::new(self.rows, part);
            found.push((cells.first(), cells));
        }
        found.sort_unstable_by_key(|&(first, _)| first);
        found.into_iter().map(|(_, c)| c).collect()
    }

    /// The place of the first cell row by row, `r · 128 + c`.
    fn first(self) -> u32 {
        let [first, _, _] = self.masks();
        let h = u32::from(self.rows);
        (0..h)
            .find_map(|r| {
                let row = self.bits() & (first << r);
                (row != 0).then(|| r * 128 + row.trailing_zeros() / h)
            })
            .unwrap_or(u32::MAX)
    }

    /// The bits of the cells, row by row and in each row from the left: the order in which
    /// the rules number the vertices.
    pub fn row_major(self) -> impl Iterator<Item = u32> {
        let [first, _, _] = self.masks();
        (0..u32::from(self.rows)).flat_map(move |r| {
            let mut row = self.bits() & (first << r);
            std::iter::from_fn(move || {
                (row != 0).then(|| {
                    let b = row.trailing_zeros();
                    row &= row - 1;
                    b
                })
            })
        })
    }

    /// `x` moved to the first column and the first row it can go to.
    fn settled(self, x: u128) -> u128 {
        if x == 0 {
            return 0;
        }
        let [first, _, _] = self.masks();
        let h = u32::from(self.rows);
        let mut y = x >> (x.trailing_zeros() / h * h);
        // Row 0 empty in every column: shifting by one moves each cell up one row in its
        // own column.
        while y & first == 0 {
            y >>= 1;
        }
        y
    }

    /// `x` with its rows in the opposite order.
    fn flipped(self, x: u128) -> u128 {
        let [first, _, _] = self.masks();
        let h = u32::from(self.rows);
        (0..h).fold(0, |y, r| y | ((x >> r) & first) << (h - 1 - r))
    }

    /// `x` (settled) turned end for end: its columns and its rows reversed.
    fn turned(self, x: u128) -> u128 {
        let h = u32::from(self.rows);
        let top = 128 - x.leading_zeros();
        let span = top.div_ceil(h) * h;
        shr(x.reverse_bits(), 128 - span)
    }

    /// The same cells moved to the strip's corner, taken in the least of its four images:
    /// one key for every translation and symmetry of the part.
    pub fn canonical(self) -> Cells {
        let x = self.settled(self.bits());
        let t = self.settled(self.turned(x));
        let bits = x
            .min(self.settled(self.flipped(x)))
            .min(t)
            .min(self.settled(self.flipped(t)));
        Cells::new(self.rows, bits)
    }

    /// The cells as an explicit graph: how many, and the edges `[u, v]` (`u < v`, sorted)
    /// between cells side by side, cells numbered row by row.
    pub fn edges(self) -> (u16, Vec<[u16; 2]>) {
        let h = u32::from(self.rows);
        let mut number = [u16::MAX; 128];
        let mut n = 0u16;
        for b in self.row_major() {
            number[b as usize] = n;
            n += 1;
        }
        let mut edges = Vec::new();
        for b in self.row_major() {
            let here = number[b as usize];
            let right = b + h;
            if right < 128 && number[right as usize] != u16::MAX {
                edges.push([here, number[right as usize]]);
            }
            if (b + 1) % h != 0 && number[b as usize + 1] != u16::MAX {
                edges.push([here, number[b as usize + 1]]);
            }
        }
        edges.sort_unstable();
        (n, edges)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The cells of a part as (row, column) pairs, moved to row 0 and column 0.
    fn places(c: Cells) -> Vec<(u32, u32)> {
        let h = u32::from(c.rows);
        let all: Vec<(u32, u32)> = (0..128)
            .filter(|b| c.bits() >> b & 1 == 1)
            .map(|b| (b % h, b / h))
            .collect();
        let r0 = all.iter().map(|p| p.0).min().unwrap_or(0);
        let c0 = all.iter().map(|p| p.1).min().unwrap_or(0);
        let mut moved: Vec<(u32, u32)> = all.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
        moved.sort_unstable();
        moved
    }

    /// The four images of a set of places, each moved to the corner, by coordinates.
    fn images(p: &[(u32, u32)]) -> Vec<Vec<(u32, u32)>> {
        let rmax = p.iter().map(|q| q.0).max().unwrap_or(0);
        let cmax = p.iter().map(|q| q.1).max().unwrap_or(0);
        let maps: [&dyn Fn(u32, u32) -> (u32, u32); 4] = [
            &|r, c| (r, c),
            &|r, c| (rmax - r, c),
            &|r, c| (r, cmax - c),
            &|r, c| (rmax - r, cmax - c),
        ];
        maps.iter()
            .map(|f| {
                let mut q: Vec<(u32, u32)> = p.iter().map(|&(r, c)| f(r, c)).collect();
                q.sort_unstable();
                q
            })
            .collect()
    }

    fn strips() -> impl Strategy<Value = Cells> {
        (1u8..=5).prop_flat_map(|rows| {
            let columns = 128 / u32::from(rows);
            let all = MASKS[usize::from(rows)][2];
            (Just(rows), any::<u128>(), 0..=columns).prop_map(move |(rows, bits, width)| {
                let keep = shl(1, width * u32::from(rows)).wrapping_sub(1);
                let keep = if width * u32::from(rows) >= 128 {
                    all
                } else {
                    keep
                };
                Cells::new(rows, bits & keep & all)
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// The key is one of the part's images moved to the corner, and every image has
        /// the same key.
        #[test]
        fn the_key_is_the_same_for_every_image(c in strips()) {
            prop_assume!(c.bits() != 0);
            let key = c.canonical();
            let seen = images(&places(c));
            prop_assert!(seen.contains(&places(key)));
            for image in seen {
                let rmax = image.iter().map(|q| q.0).max().unwrap_or(0);
                prop_assume!(rmax < u32::from(c.rows));
                let bits = image
                    .iter()
                    .fold(0u128, |b, &(r, col)| b | 1 << (col * u32::from(c.rows) + r));
                let other = Cells::new(c.rows, bits);
                prop_assert_eq!(other.canonical(), key);
            }
        }

        /// The parts cover the cells once, each is connected, and no two touch.
        #[test]
        fn parts_are_the_connected_pieces(c in strips()) {
            let parts = c.parts(c.bits());
            let mut union = 0u128;
            for p in &parts {
                prop_assert_eq!(union & p.bits(), 0);
                union |= p.bits();
                prop_assert_eq!(c.grown(p.bits()) & c.bits(), p.bits());
                let (n, edges) = p.edges();
                let tree = crate::games::undirected::united(
                    usize::from(n),
                    &edges.iter().map(|&[u, v]| [u32::from(u), u32::from(v)]).collect::<Vec<_>>(),
                );
                let mut parent = tree;
                let roots: std::collections::BTreeSet<u32> = (0..u32::from(n))
                    .map(|v| crate::games::undirected::root(&mut parent, v))
                    .collect();
                prop_assert_eq!(roots.len(), 1);
            }
            prop_assert_eq!(union, c.bits());
            let firsts: Vec<u32> = parts.iter().map(|p| p.first()).collect();
            prop_assert!(firsts.windows(2).all(|w| w[0] < w[1]));
        }
    }

    #[test]
    fn a_grid_is_known_by_its_edges_and_a_move_takes_the_cells_beside() {
        let grid = crate::games::undirected::family(
            "grid:3x4",
            crate::games::undirected::Limits {
                vertices: 100,
                edges: 100,
            },
        )
        .expect("a grid");
        let mut edges: Vec<[u16; 2]> = grid
            .edges
            .iter()
            .map(|&[u, v]| [u.min(v) as u16, u.max(v) as u16])
            .collect();
        edges.sort_unstable();
        let cells = Cells::of_grid(12, &edges).expect("recognised");
        assert_eq!(cells, Cells::grid(3, 4).unwrap());
        assert_eq!(cells.edges(), (12, edges.clone()));
        // Cell (1, 1) is bit 4; it goes with (0, 1), (2, 1), (1, 0) and (1, 2).
        assert_eq!(cells.order() - Cells::new(3, cells.after(4)).order(), 5);
        // Not a grid with an edge missing, and a path is one row.
        assert_eq!(Cells::of_grid(12, &edges[1..]), None);
        assert_eq!(
            Cells::of_grid(4, &[[0, 1], [1, 2], [2, 3]]),
            Cells::grid(1, 4)
        );
    }
}
