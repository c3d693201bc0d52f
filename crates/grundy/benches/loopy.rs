//! Games with cycles: the generalised Sprague–Grundy function of big digraphs, and of a
//! game given by its rules (the engine over any `Game`), on inputs where the labelling
//! needs many rounds.
//!
//! Run with `cargo bench -p grundy --bench loopy`.

use grundy::game::{self, Components, Game};
use grundy::solve::loopy::{Digraph, game as loopy_game};

fn main() {
    divan::main();
}

/// A random digraph: `n` vertices, `per` moves from each, ends drawn by a fixed LCG.
fn random_graph(n: u32, per: u32) -> Digraph {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut edges = Vec::with_capacity((n * per) as usize);
    for u in 0..n {
        for _ in 0..per {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            edges.push((u, (x >> 33) as u32 % n));
        }
    }
    Digraph::new(n as usize, &edges).expect("within the limits")
}

/// 10^6 vertices, 5·10^6 moves, ends uniform: nearly all values are ∞.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn random_digraph_1m_vertices_5m_moves(bencher: divan::Bencher) {
    let g = random_graph(1_000_000, 5);
    bencher.bench(|| divan::black_box(&g).values().finite(0));
}

/// The subtraction game {1..100} on 0..10^5 with a cycle on top: 10^7 moves and 101 values,
/// so 101 labelling rounds.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn subtraction_100_with_a_cycle(bencher: divan::Bencher) {
    let n = 100_000u32;
    let mut edges = Vec::new();
    for u in 0..n {
        for t in 1..=100.min(u) {
            edges.push((u, u - t));
        }
    }
    edges.push((n - 1, n - 2));
    edges.push((n - 2, n - 1));
    let g = Digraph::new(n as usize, &edges).expect("within the limits");
    bencher.bench(|| divan::black_box(&g).values().finite(n - 1));
}

/// A dense graph with no cycle: 4,500 vertices, 10^7 moves each from a vertex to a smaller
/// one (ends by a fixed LCG), values into the hundreds: one pass from the sinks up, where
/// labelling value by value took hundreds of rounds.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn dense_dag_4500_vertices_10m_moves(bencher: divan::Bencher) {
    let n = 4_500u32;
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut edges = Vec::with_capacity(10_000_000);
    while edges.len() < 10_000_000 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let (a, b) = ((x >> 40) as u32 % n, (x >> 16) as u32 % n);
        if a != b {
            edges.push((a.max(b), a.min(b)));
        }
    }
    let g = Digraph::new(n as usize, &edges).expect("within the limits");
    bencher.bench(|| divan::black_box(&g).values().finite(n - 1));
}

/// A token on a 400 × 400 torus moves one or two squares left, or one square up; from the
/// top row or the left column it wraps round. Every position lies on cycles; 160,000
/// positions, 480,000 moves, listed from the rules.
struct Torus;

impl Game for Torus {
    type Position = (u16, u16);
    fn options(&self, &(x, y): &(u16, u16), out: &mut Vec<Components<(u16, u16)>>) {
        const N: u16 = 400;
        out.push(game::to(((x + N - 1) % N, y)));
        out.push(game::to(((x + N - 2) % N, y)));
        if (x + y) % 7 != 0 {
            out.push(game::to((x, (y + N - 1) % N)));
        }
    }
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn torus_game_from_its_rules() -> usize {
    loopy_game::values(&Torus, &[(0, 0), (5, 9)], usize::MAX)
        .expect("within the limits")
        .len()
}
