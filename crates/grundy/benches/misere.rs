//! Misère play: quotients of heap games, sums of many heaps decided by a quotient, genera.
//!
//! Run with `cargo bench -p grundy --bench misere`.

use grundy::NoProgress;
use grundy::games::TakeBreak;
use grundy::solve::misere::Misere;
use grundy::solve::quotient::Quotient;

fn main() {
    divan::main();
}

fn code(c: &str) -> TakeBreak {
    c.parse().expect("a valid code")
}

/// The misère quotient of Dawson's Kayles up to heap 30 (it grows at heaps 25 to 30).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn quotient_dawson_kayles_30() -> usize {
    Quotient::compute(&code("0.07"), divan::black_box(30), &mut NoProgress)
        .expect("within the limits")
        .order()
}

/// Kayles' quotient up to heap 100 (order 40 from heap 27 on).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn quotient_kayles_100() -> usize {
    Quotient::compute(&code("0.77"), divan::black_box(100), &mut NoProgress)
        .expect("within the limits")
        .order()
}

/// The outcome and every winning move of a sum of 100,000 heaps of Dawson's Kayles (sizes
/// up to 30), once the quotient is known.
#[divan::bench(sample_count = 20)]
fn outcome_of_100000_heaps(bencher: divan::Bencher) {
    let q = Quotient::compute(&code("0.07"), 30, &mut NoProgress).expect("within the limits");
    let heaps: Vec<u64> = (0..100_000u64).map(|i| (i * 7919) % 31).collect();
    bencher.bench(|| {
        let wins = q.first_wins(divan::black_box(&heaps));
        let moves = q.winning_moves(&heaps).map(|m| m.len());
        (wins, moves)
    });
}

/// The genus of every Kayles heap up to 40, by the misère search over sums.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn genera_kayles_40() -> u64 {
    let mut search = Misere::new(code("0.77"), 1 << 24);
    (0..=divan::black_box(40u64))
        .map(|h| search.genus(&[h]).expect("within the limit").normal)
        .sum()
}
