//! lamqugam — "Lame Queen Game": the chance that the second player wins from a random
//! square of a rectangle.
//!
//! Input: `d T`, then T lines `x1 y1 x2 y2`. Output: one reduced fraction per line.

use grundy::games::lame_queen::{self, PPositions, Rect};
use grundy::parse::{Found, ParseError, Tokens};

use super::Input;
use crate::Failure;

/// The most queries accepted in one input.
const MAX_QUERIES: u64 = 1_000_000;

fn out_of_order(line: usize, name: &str, low_name: &str, low: u64, value: u64) -> ParseError {
    ParseError {
        line,
        expected: format!("{name} at least {low_name} = {low}"),
        found: Found::Value(value.to_string()),
    }
}

pub fn solve(input: &Input) -> Result<Vec<u8>, Failure> {
    let err = |e| input.error(e);
    let mut t = Tokens::new(&input.bytes);
    let d = t.u64_in("d", 1, lame_queen::MAX_STEP).map_err(err)?;
    let count = t
        .u64_in("the number of queries T", 1, MAX_QUERIES)
        .map_err(err)?;
    let coord = lame_queen::MAX_COORD;
    let mut rects = Vec::with_capacity(count as usize);
    let mut bound = 1;
    for _ in 0..count {
        let x1 = t.u64_in("x1", 1, coord).map_err(err)?;
        let y1 = t.u64_in("y1", 1, coord).map_err(err)?;
        let x2 = t.u64_in("x2", 1, coord).map_err(err)?;
        if x2 < x1 {
            return Err(err(out_of_order(t.line(), "x2", "x1", x1, x2)).into());
        }
        let y2 = t.u64_in("y2", 1, coord).map_err(err)?;
        if y2 < y1 {
            return Err(err(out_of_order(t.line(), "y2", "y1", y1, y2)).into());
        }
        bound = bound.max(x2).max(y2);
        rects.push(Rect { x1, y1, x2, y2 });
    }
    t.end().map_err(err)?;

    // Only the rows the queries reach are settled.
    let p = PPositions::build(d, bound).map_err(Failure::input)?;
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
