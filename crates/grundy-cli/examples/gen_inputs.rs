//! Writes the maximum-size contest inputs used in BENCHMARKS.md.
//!
//! `cargo run --release -p grundy-cli --example gen_inputs -- DIR` writes into DIR:
//! - `shgame-max.in`: T = 100, N and M in [999 000, 1 000 000] (the contest's limits);
//! - `shgame-huge.in`: T = 100, N and M near 10^18;
//! - `lamqugam-max.in`: d = 20, T = 10^5, coordinates up to 200 000;
//! - `lamqugam-huge.in`: d = 20, T = 10^5, coordinates up to 10^7.
//! - `inventor-max.in`: 100 boards with R·C = 200 (10×20 down to 1×200), spot densities
//!   0.3 to 1.0;
//! - `inventor-2000.in`: 8 boards with R·C = 2000, 1×2000 strips among them;
//! - `caos3-max.in`: 10 maps of 20×20, walls at densities 0 to 0.2;
//! - `caos3-60.in`: 3 maps of 60×60 (no walls, 2 % and 5 % walls).
//! - `pshtbrth-max.in`: T = 5, N = M = 10^5, half the queries updates (about 18 MB);
//! - `pshtbrth-huge.in`: T = 1, N = M = 10^6.
//!
//! The numbers come from a fixed-seed generator, so every run writes the same files.

use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

/// SplitMix64: a tiny fixed-seed generator, enough for benchmark inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in lo..=hi (modulo bias is irrelevant here).
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}

fn shgame(rng: &mut Rng, lo: u64, hi: u64) -> String {
    let mut s = String::from("100\n");
    for _ in 0..100 {
        let _ = writeln!(s, "{} {}", rng.range(lo, hi), rng.range(lo, hi));
    }
    s
}

fn lamqugam(rng: &mut Rng, d: u64, queries: usize, bound: u64) -> String {
    let mut s = format!("{d} {queries}\n");
    for _ in 0..queries {
        let (a, b) = (rng.range(1, bound), rng.range(1, bound));
        let (c, e) = (rng.range(1, bound), rng.range(1, bound));
        let _ = writeln!(s, "{} {} {} {}", a.min(c), b.min(e), a.max(c), b.max(e));
    }
    s
}

/// A grid of `rows` × `cols` where each cell is `hit` with probability `p`, else `miss`.
fn grid(rng: &mut Rng, rows: usize, cols: usize, p: f64, hit: char, miss: char) -> String {
    let mut s = format!("{rows} {cols}\n");
    for _ in 0..rows {
        for _ in 0..cols {
            let x = (rng.next() >> 11) as f64 / (1u64 << 53) as f64;
            s.push(if x < p { hit } else { miss });
        }
        s.push('\n');
    }
    s
}

fn inventor(rng: &mut Rng, shapes: &[(usize, usize)], cases: usize) -> String {
    let mut s = format!("{cases}\n");
    for i in 0..cases {
        let (r, c) = shapes[i % shapes.len()];
        let density = 0.3 + 0.7 * (i as f64) / (cases.max(2) - 1) as f64;
        s.push_str(&grid(rng, r, c, density, 'X', '.'));
    }
    s
}

fn caos3(rng: &mut Rng, side: usize, walls: &[f64]) -> String {
    let mut s = format!("{}\n", walls.len());
    for &w in walls {
        s.push_str(&grid(rng, side, side, w, '#', '^'));
    }
    s
}

fn cake(rng: &mut Rng, s: &mut String) {
    let bits = rng.next();
    for r in 0..4 {
        for c in 0..4 {
            s.push(if bits >> (4 * r + c) & 1 == 1 {
                '1'
            } else {
                '0'
            });
        }
        s.push('\n');
    }
}

fn pshtbrth(rng: &mut Rng, tests: usize, n: u64, m: usize) -> String {
    let mut s = format!("{tests}\n");
    for _ in 0..tests {
        let _ = writeln!(s, "{n} {m}");
        for _ in 0..n {
            cake(rng, &mut s);
            s.push('\n');
        }
        for _ in 0..m {
            if rng.next().is_multiple_of(2) {
                let (a, b) = (rng.range(1, n), rng.range(1, n));
                let _ = writeln!(s, "1 {} {}", a.min(b), a.max(b));
            } else {
                let _ = writeln!(s, "2 {}", rng.range(1, n));
                cake(rng, &mut s);
            }
        }
    }
    s
}

fn main() -> std::io::Result<()> {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "bench-inputs".into()),
    );
    fs::create_dir_all(&dir)?;
    let mut rng = Rng(2026);
    let files = [
        ("shgame-max.in", shgame(&mut rng, 999_000, 1_000_000)),
        (
            "shgame-huge.in",
            shgame(&mut rng, 999_000_000_000_000_000, 1_000_000_000_000_000_000),
        ),
        ("lamqugam-max.in", lamqugam(&mut rng, 20, 100_000, 200_000)),
        (
            "lamqugam-huge.in",
            lamqugam(&mut rng, 20, 100_000, 10_000_000),
        ),
        (
            "inventor-max.in",
            inventor(
                &mut rng,
                &[
                    (10, 20),
                    (20, 10),
                    (8, 25),
                    (5, 40),
                    (4, 50),
                    (2, 100),
                    (1, 200),
                    (14, 14),
                ],
                100,
            ),
        ),
        (
            "inventor-2000.in",
            inventor(&mut rng, &[(1, 2000), (40, 50), (20, 100), (2, 1000)], 8),
        ),
        (
            "caos3-max.in",
            caos3(
                &mut rng,
                20,
                &[0.0, 0.0, 0.02, 0.05, 0.05, 0.1, 0.1, 0.15, 0.2, 0.2],
            ),
        ),
        ("caos3-60.in", caos3(&mut rng, 60, &[0.0, 0.02, 0.05])),
        ("pshtbrth-max.in", pshtbrth(&mut rng, 5, 100_000, 100_000)),
        (
            "pshtbrth-huge.in",
            pshtbrth(&mut rng, 1, 1_000_000, 1_000_000),
        ),
    ];
    for (name, text) in files {
        fs::write(dir.join(name), text)?;
        println!("wrote {}", dir.join(name).display());
    }
    Ok(())
}
