//! lamqugam inputs: `d T`, then T lines `x1 y1 x2 y2` (the statement: 1 ≤ d ≤ 20,
//! T ≤ 10^5, coordinates ≤ 200000).

use std::fmt::Write as _;

use super::{Rng, Size, draw, smaller_list, smaller_number};

/// The statement's most queries.
pub const MAX_QUERIES: usize = 100_000;
/// The statement's largest d.
pub const MAX_D: u64 = 20;
/// The statement's largest coordinate.
pub const MAX_COORD: u64 = 200_000;

fn rect(rng: &mut Rng, low: u64, high: u64) -> [u64; 4] {
    let (a, b) = (draw(rng, low, high), draw(rng, low, high));
    let (c, e) = (draw(rng, low, high), draw(rng, low, high));
    [a.min(b), c.min(e), a.max(b), c.max(e)]
}

pub fn generate(size: Size, cases: Option<usize>, rng: &mut Rng) -> (u64, Vec<[u64; 4]>) {
    let (count, d, coord) = match size {
        Size::Small => (
            cases.unwrap_or_else(|| draw(rng, 1, 5) as usize),
            draw(rng, 1, 3),
            10,
        ),
        Size::Medium => (
            cases.unwrap_or_else(|| draw(rng, 5, 100) as usize),
            draw(rng, 1, MAX_D),
            1000,
        ),
        Size::Max => (cases.unwrap_or(MAX_QUERIES), draw(rng, 1, MAX_D), MAX_COORD),
        // d = 1 is the trap (the diagonal moves like a real queen's); d = 20 leaves the
        // most P-positions off the main diagonal.
        Size::Worst => (
            cases.unwrap_or(MAX_QUERIES),
            if draw(rng, 0, 1) == 0 { 1 } else { MAX_D },
            MAX_COORD,
        ),
    };
    if size != Size::Worst {
        return (d, (0..count).map(|_| rect(rng, 1, coord)).collect());
    }
    // Whole boards, single squares on the main diagonal and at the corners, thin strips
    // along the top edges; then rectangles reaching the top coordinate, which makes a
    // method that settles every row up to the largest asked for do the most work.
    let top = MAX_COORD;
    let mut queries = vec![
        [1, 1, top, top],
        [1, 1, 1, 1],
        [top, top, top, top],
        [1, top, 1, top],
        [top, 1, top, 1],
        [1, top, top, top],
        [top, 1, top, top],
    ];
    queries.truncate(count);
    while queries.len() < count {
        let x2 = top - draw(rng, 0, 1000);
        let y2 = top - draw(rng, 0, 1000);
        queries.push([draw(rng, 1, x2), draw(rng, 1, y2), x2, y2]);
    }
    (d, queries)
}

pub fn text(d: u64, queries: &[[u64; 4]]) -> String {
    let mut out = format!("{d} {}\n", queries.len());
    for [x1, y1, x2, y2] in queries {
        let _ = writeln!(out, "{x1} {y1} {x2} {y2}");
    }
    out
}

/// A rectangle made smaller: moved towards the corner (1, 1), narrowed, scaled down.
fn smaller_rect(&[x1, y1, x2, y2]: &[u64; 4]) -> Vec<[u64; 4]> {
    let mut out = Vec::new();
    let mut push = |r: [u64; 4]| {
        if r != [x1, y1, x2, y2]
            && r[0] <= r[2]
            && r[1] <= r[3]
            && r[0] >= 1
            && r[1] >= 1
            && !out.contains(&r)
        {
            out.push(r);
        }
    };
    push([x1, y1, x1, y1]);
    for v in smaller_number(x2, x1) {
        push([x1, y1, v, y2]);
    }
    for v in smaller_number(y2, y1) {
        push([x1, y1, x2, v]);
    }
    push([1.max(x1 / 2), 1.max(y1 / 2), 1.max(x2 / 2), 1.max(y2 / 2)]);
    for v in smaller_number(x1, 1) {
        push([v, y1, x2 - (x1 - v), y2]);
    }
    for v in smaller_number(y1, 1) {
        push([x1, v, x2, y2 - (y1 - v)]);
    }
    out
}

pub fn smaller(d: u64, queries: &[[u64; 4]]) -> impl Iterator<Item = (u64, Vec<[u64; 4]>)> + '_ {
    // Fewer queries first, then a smaller d, then smaller rectangles.
    let fewer = smaller_list(queries, 1, |_| std::iter::empty()).map(move |q| (d, q));
    let smaller_d = smaller_number(d, 1)
        .into_iter()
        .map(move |d| (d, queries.to_vec()));
    let rects =
        smaller_list(queries, queries.len(), |q| smaller_rect(q).into_iter()).map(move |q| (d, q));
    fewer.chain(smaller_d).chain(rects)
}
