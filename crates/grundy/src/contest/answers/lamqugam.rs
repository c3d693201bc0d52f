//! lamqugam — "Lame Queen Game": the chance that the second player wins from a random
//! square of a rectangle.
//!
//! Input: `d T`, then T lines `x1 y1 x2 y2`. Output: one reduced fraction per line.

use crate::games::lame_queen::{PPositions, Rect};

use crate::report::Error;

/// The chance of each query's rectangle, as a reduced fraction.
pub fn solve(d: u64, queries: &[[u64; 4]]) -> Result<Vec<u8>, Error> {
    let rects: Vec<Rect> = queries
        .iter()
        .map(|&[x1, y1, x2, y2]| Rect { x1, y1, x2, y2 })
        .collect();
    let bound = queries.iter().map(|q| q[2].max(q[3])).max().unwrap_or(1);
    // Only the rows the queries reach are settled.
    let p = PPositions::build(d, bound).map_err(|e| Error::input(e.to_string()))?;
    let counts = p.count_in(&rects);
    let mut out = Vec::with_capacity(rects.len() * 12);
    let mut number = itoa::Buffer::new();
    for (r, c) in rects.iter().zip(counts) {
        let area = r.area();
        let g = gcd(c, area);
        out.extend_from_slice(number.format(c / g).as_bytes());
        out.push(b'/');
        out.extend_from_slice(number.format(area / g).as_bytes());
        out.push(b'\n');
    }
    Ok(out)
}

/// Binary GCD: shifts and subtractions, no division.
fn gcd(mut a: u64, mut b: u64) -> u64 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            (a, b) = (b, a);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn binary_gcd_matches_euclid() {
        fn euclid(a: u64, b: u64) -> u64 {
            if b == 0 { a } else { euclid(b, a % b) }
        }
        for a in 0..300 {
            for b in 0..300 {
                assert_eq!(super::gcd(a, b), euclid(a, b), "gcd({a}, {b})");
            }
        }
        let big = 1u64 << 40;
        assert_eq!(super::gcd(big * 3, big * 5 * 7), big);
    }
}
