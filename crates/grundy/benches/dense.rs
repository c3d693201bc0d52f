//! The dense scan's inner loops in pairs per second on one core, beside what the memory
//! system delivers: a read of the same bytes from the caches and from main memory.
//!
//! `cargo bench -p grundy --bench dense`

use divan::counter::{BytesCount, ItemsCount};
use divan::{Bencher, black_box};
use grundy::solve::heap::simd;

fn main() {
    divan::main();
}

/// Values of 2^20 heaps below `below`, as an octal game's dense start looks.
fn values(below: u16) -> Vec<u16> {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    (0..1 << 20)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % u64::from(below)) as u16
        })
        .collect()
}

/// Pairs of a heap of 2^20: (a, m − a) for a below 2^19.
const PAIRS: usize = 1 << 19;

#[divan::bench(args = ["portable", "avx2", "avx512bw", "chosen"])]
fn pair_bits_below_64(bencher: Bencher, path: &str) {
    let g = values(64);
    let f: fn(&[u16], &[u16]) -> u64 = match path {
        "portable" => simd::portable,
        #[cfg(target_arch = "x86_64")]
        "avx2" => simd::x86::avx2,
        #[cfg(target_arch = "x86_64")]
        "avx512bw" => simd::x86::avx512,
        _ => simd::pair_bits,
    };
    bencher
        .counter(ItemsCount::new(PAIRS))
        .bench(|| f(black_box(&g[..PAIRS]), black_box(&g[PAIRS..2 * PAIRS])));
}

#[divan::bench]
fn byte_flags_below_1024(bencher: Bencher) {
    let g = values(1024);
    let mut flags = Box::new([0u8; 1 << 16]);
    bencher.counter(ItemsCount::new(PAIRS)).bench_local(|| {
        simd::mark_flags(
            black_box(&g[..PAIRS]),
            black_box(&g[PAIRS..2 * PAIRS]),
            &mut flags,
        );
        black_box(flags[0])
    });
}

/// Reads `bytes` bytes as 64-bit words, XORed together in the widest vectors the machine
/// has: the bandwidth a scan could at most use.
fn read(bencher: Bencher, bytes: usize) {
    let words = vec![1u64; bytes / 8];
    bencher
        .counter(BytesCount::new(bytes))
        .bench(|| xor_all(black_box(&words)));
}

fn xor_all(words: &[u64]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx512f") {
        // SAFETY: the instructions were just detected.
        return unsafe { xor_all_avx512(words) };
    }
    words.iter().fold(0, |a, &w| a ^ w)
}

/// The same fold in 512-bit loads, four independent accumulators, so that the loads and
/// not the XORs set the pace.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn xor_all_avx512(words: &[u64]) -> u64 {
    use std::arch::x86_64::*;
    let mut acc = [_mm512_setzero_si512(); 4];
    let mut chunks = words.chunks_exact(32);
    for c in &mut chunks {
        for (k, a) in acc.iter_mut().enumerate() {
            // SAFETY: eight words at 8k within a chunk of 32.
            let v = unsafe { _mm512_loadu_si512(c.as_ptr().add(8 * k).cast()) };
            *a = _mm512_xor_si512(*a, v);
        }
    }
    let all = _mm512_xor_si512(
        _mm512_xor_si512(acc[0], acc[1]),
        _mm512_xor_si512(acc[2], acc[3]),
    );
    let mut lanes = [0u64; 8];
    // SAFETY: eight lanes into eight words.
    unsafe { _mm512_storeu_si512(lanes.as_mut_ptr().cast(), all) };
    let rest = chunks.remainder().iter().fold(0, |a, &w| a ^ w);
    lanes.iter().fold(rest, |a, &w| a ^ w)
}

/// The 2 MiB of a scan of 2^20 heaps' values: within the 2 MiB L2 cache.
#[divan::bench]
fn read_2_mib(bencher: Bencher) {
    read(bencher, 2 << 20);
}

/// Past the 32 MiB L3 cache: main memory.
#[divan::bench]
fn read_512_mib(bencher: Bencher) {
    read(bencher, 512 << 20);
}
