//! Cram and Chomp: the engine (regions, canonical forms) against a plain search on random
//! boards, and perft-style move counts kept as data.

use grundy::games::board::{Chomp, Cram};
use grundy::{Components, Game, Solver};
use proptest::prelude::*;

/// Cram with every position as it is: no regions, no canonical forms.
struct PlainCram(Cram);

impl Game for PlainCram {
    type Position = u64;
    fn options(&self, free: &u64, out: &mut Vec<Components<u64>>) {
        for p in self.0.placements(*free) {
            out.push(Components::from_elem(
                free & !(1 << p.first) & !(1 << p.second),
                1,
            ));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn cram_regions_and_symmetries_keep_the_value(
        rows in 1usize..=4,
        cols in 1usize..=5,
        blocked in any::<u64>(),
        density in 0u32..4,
    ) {
        let cram = Cram::new(rows, cols).unwrap();
        // About half, a quarter, an eighth or a sixteenth of the cells blocked.
        let mut mask = blocked;
        for k in 0..density {
            mask &= blocked.rotate_left(17 * (k + 1));
        }
        let free = cram.full() & !mask;
        let fast = Solver::new(cram).sum_grundy(&cram.regions(free)).unwrap();
        let plain = Solver::new(PlainCram(cram)).grundy(&free).unwrap();
        prop_assert_eq!(fast, plain, "{}×{} free {:b}", rows, cols, free);
    }
}

/// Move sequences of length `depth` from `p`: every option, every option of those, ….
fn perft<G: Game>(game: &G, p: &G::Position, depth: u32) -> u64
where
    G::Position: Clone,
{
    if depth == 0 {
        return 1;
    }
    let mut out = Vec::new();
    game.options(p, &mut out);
    out.iter()
        .map(|c| {
            // A move's result is one position here (the plain games do not split).
            perft(game, &c[0], depth - 1)
        })
        .sum()
}

#[test]
fn perft_counts() {
    let data = include_str!("data/perft.txt");
    let mut checked = 0;
    for (i, line) in data.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let counts: Vec<u64> = fields[fields.len() - 3..]
            .iter()
            .map(|x| x.parse().unwrap())
            .collect();
        let got: Vec<u64> = match fields[0] {
            "cram" => {
                let rows: usize = fields[1].parse().unwrap();
                let cols: usize = fields[2].parse().unwrap();
                let cram = Cram::new(rows, cols).unwrap();
                let mut free = cram.full();
                for (r, row) in fields[3].split('/').enumerate() {
                    for (c, b) in row.bytes().enumerate() {
                        if b == b'#' {
                            free &= !(1 << cram.bit(r, c));
                        }
                    }
                }
                (1..=3).map(|d| perft(&PlainCram(cram), &free, d)).collect()
            }
            "chomp" => {
                let lengths: Vec<usize> =
                    fields[1].split(',').map(|x| x.parse().unwrap()).collect();
                let p = Chomp::position(&lengths).unwrap();
                (1..=3).map(|d| perft(&Chomp, &p, d)).collect()
            }
            other => panic!("line {}: unknown game {other}", i + 1),
        };
        assert_eq!(got, counts, "perft.txt line {}: {line}", i + 1);
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} perft lines");
}
