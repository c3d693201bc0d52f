//! The cross-cut game's geometry, the rules under two contest games (Inventor Outlasting
//! and caos3): points in the plane; a move picks a point, and its row and column become
//! lines that run across the region the point lies in, stopping at the lines already
//! drawn. The region splits into (up to) four, and the position is the sum of the regions.
//!
//! The engines that value a region are in [`crate::solve::cross_cut`]; this module says
//! only where the lines go, for the engines and for the notation of a board in play
//! ([`crate::games::in_play`]).
//!
//! ```
//! use grundy::games::cross_cut::{Region, split};
//!
//! // Three points on a diagonal: the middle one's lines leave the other two apart.
//! let points = [(0, 0), (1, 1), (2, 2)];
//! let after = split(&points, &[(1, 1)], Region::ALL).unwrap();
//! assert_eq!(after.regions.len(), 4);
//! assert!(!after.is_live((1, 1)) && after.is_live((0, 0)));
//! // A point on a line is no longer a move.
//! assert_eq!(split(&points, &[(1, 1), (1, 1)], Region::ALL).unwrap_err(), 2);
//! ```

/// A region of a game in play: rows `u1..=u2` and columns `v1..=v2`, bounds inclusive.
/// The game's first region is unbounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// First row.
    pub u1: i64,
    /// Last row.
    pub u2: i64,
    /// First column.
    pub v1: i64,
    /// Last column.
    pub v2: i64,
}

impl Region {
    /// Everything.
    pub const ALL: Region = Region {
        u1: i64::MIN,
        u2: i64::MAX,
        v1: i64::MIN,
        v2: i64::MAX,
    };

    /// Does the region hold this point?
    pub fn holds(&self, (u, v): (i64, i64)) -> bool {
        (self.u1..=self.u2).contains(&u) && (self.v1..=self.v2).contains(&v)
    }

    /// The four regions a cut at `(u, v)` leaves (those that are not empty).
    pub fn quadrants(&self, (u, v): (i64, i64)) -> impl Iterator<Item = Region> + use<> {
        let rows = [
            (u > self.u1).then(|| (self.u1, u - 1)),
            (u < self.u2).then(|| (u + 1, self.u2)),
        ];
        let cols = [
            (v > self.v1).then(|| (self.v1, v - 1)),
            (v < self.v2).then(|| (v + 1, self.v2)),
        ];
        rows.into_iter().flatten().flat_map(move |(u1, u2)| {
            cols.into_iter()
                .flatten()
                .map(move |(v1, v2)| Region { u1, u2, v1, v2 })
        })
    }
}

/// The regions a game is cut into, and each cut with the region it fell in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// The regions left, in no particular order.
    pub regions: Vec<Region>,
    /// Each cut made, with the region it fell in: its lines run across that region only.
    pub cuts: Vec<((i64, i64), Region)>,
}

impl Split {
    /// Does a cut line cover the cell `p`?
    pub fn covers(&self, p: (i64, i64)) -> bool {
        covered(&self.cuts, p)
    }

    /// Is the point `p` (one of the game's) still a move: inside a region, off every line?
    pub fn is_live(&self, p: (i64, i64)) -> bool {
        self.regions.iter().any(|r| r.holds(p))
    }
}

/// Does a line of one of `cuts` (each with the region it fell in) cover the cell `(u, v)`?
pub fn covered(cuts: &[((i64, i64), Region)], (u, v): (i64, i64)) -> bool {
    cuts.iter().any(|&((cu, cv), r)| {
        (u == cu && (r.v1..=r.v2).contains(&v)) || (v == cv && (r.u1..=r.u2).contains(&u))
    })
}

/// The game on `points`, starting from the single region `start`, after the cuts `cuts`
/// (points, in the order played). A cut that is not one of the points, or lies on an
/// earlier cut's line, is refused with its place in `cuts` (from 1).
pub fn split(points: &[(i64, i64)], cuts: &[(i64, i64)], start: Region) -> Result<Split, usize> {
    let mut regions = vec![start];
    let mut made = Vec::with_capacity(cuts.len());
    for (i, &cut) in cuts.iter().enumerate() {
        let at = regions.iter().position(|r| r.holds(cut));
        match at {
            Some(k) if points.contains(&cut) => {
                let r = regions.swap_remove(k);
                regions.extend(r.quadrants(cut));
                made.push((cut, r));
            }
            _ => return Err(i + 1),
        }
    }
    Ok(Split {
        regions,
        cuts: made,
    })
}
