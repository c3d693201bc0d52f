//! Cram and Chomp: the engine (regions, canonical forms) against a plain search on random
//! boards, and perft-style move counts kept as data.

use grundy::games::board::{Chomp, Cram};
use grundy::{Game, Solver};
use proptest::prelude::*;

mod common;
use common::PlainCram;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn cram_regions_and_symmetries_keep_the_value(
        rows in 1usize..=4,
        cols in 1usize..=5,
        bits in any::<u64>(),
        density in 0u32..4,
    ) {
        let cram = Cram::new(rows, cols).unwrap();
        let free = common::blocked(&cram, bits, density);
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

/// Move sequences of length `depth` on a Cram board by the product's own generator:
/// `Cram::placements` and `Cram::after`.
fn placements(cram: &Cram, free: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    cram.placements(free)
        .into_iter()
        .map(|p| placements(cram, cram.after(free, p), depth - 1))
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
                let plain: Vec<u64> = (1..=3).map(|d| perft(&PlainCram(cram), &free, d)).collect();
                // The generator the product runs (search, move lists, the page) counts the
                // same sequences as the plain twin.
                let placed: Vec<u64> = (1..=3).map(|d| placements(&cram, free, d)).collect();
                assert_eq!(placed, plain, "perft.txt line {}: Cram::placements", i + 1);
                plain
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
