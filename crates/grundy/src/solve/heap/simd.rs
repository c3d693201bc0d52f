//! The inner loop of a dense scan with vector instructions: the set of values
//! g(a) XOR g(m − a) over a run of pairs, as one or two words of bits, while every value is
//! below 64 or 128.
//!
//! The pairs read the values forwards from a and backwards from m − a; a vector of 16 or 32
//! values read from the back is put in order by one permutation, XORed with the front, and
//! each lane turned into its bit by a variable shift in 64-bit lanes (a shift by 64 or more
//! gives 0, so the lanes of the second word are those shifted by v − 64). The machine's
//! widest kind is chosen once at run time (AVX-512BW, then AVX2, on x86-64); everywhere
//! else, and as the reference the vector paths are tested against, a plain loop.

use std::sync::OnceLock;

/// OR over i of 1 << ((low[i] XOR high[len − 1 − i]) mod 64), len = low.len() ≤ high.len().
type PairBits = fn(&[u16], &[u16]) -> u64;

/// The same mod 128, in two words.
type PairBits128 = fn(&[u16], &[u16]) -> u128;

/// The implementations this machine runs best, chosen on the first call.
struct Chosen {
    bits: PairBits,
    bits_128: PairBits128,
    kind: &'static str,
}

static CHOSEN: OnceLock<Chosen> = OnceLock::new();

fn choose() -> Chosen {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512bw") {
            return Chosen {
                bits: x86::avx512,
                bits_128: x86::avx512_128,
                kind: "avx512bw",
            };
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            return Chosen {
                bits: x86::avx2,
                bits_128: x86::avx2_128,
                kind: "avx2",
            };
        }
    }
    Chosen {
        bits: portable,
        bits_128: portable_128,
        kind: "portable",
    }
}

/// The bits of the pairs' values (see the module notes): bit v is set when some
/// `low[i] ^ high[len − 1 − i]` is v (values taken mod 64).
#[inline]
pub fn pair_bits(low: &[u16], high: &[u16]) -> u64 {
    (CHOSEN.get_or_init(choose).bits)(low, &high[..low.len()])
}

/// [`pair_bits`] for values below 128 (taken mod 128).
#[inline]
pub fn pair_bits_128(low: &[u16], high: &[u16]) -> u128 {
    (CHOSEN.get_or_init(choose).bits_128)(low, &high[..low.len()])
}

/// The vector instructions [`pair_bits`] uses on this machine: `avx512bw`, `avx2` or
/// `portable`.
pub fn kind() -> &'static str {
    CHOSEN.get_or_init(choose).kind
}

/// The plain loop: the reference, and the path where no vector kind is found.
pub fn portable(low: &[u16], high: &[u16]) -> u64 {
    let len = low.len();
    let high = &high[..len];
    let mut w = 0u64;
    for i in 0..len {
        w |= 1 << ((low[i] ^ high[len - 1 - i]) & 63);
    }
    w
}

/// [`portable`] mod 128.
pub fn portable_128(low: &[u16], high: &[u16]) -> u128 {
    let len = low.len();
    let high = &high[..len];
    let mut w = 0u128;
    for i in 0..len {
        w |= 1 << ((low[i] ^ high[len - 1 - i]) & 127);
    }
    w
}

/// Sets `flags[low[i] XOR high[len − 1 − i]]` for every i: the scan for values past 127,
/// one byte a value (independent stores, no read-modify-write). No vector form: each pair
/// stores to its own place, and a scatter of one lane a cycle gains nothing over this.
#[inline]
pub fn mark_flags(low: &[u16], high: &[u16], flags: &mut [u8; 1 << 16]) {
    let len = low.len();
    let high = &high[..len];
    for i in 0..len {
        flags[usize::from(low[i] ^ high[len - 1 - i])] = 1;
    }
}

/// The vector paths. Each checks for its instructions itself (falling back to a narrower
/// path), so that a direct call is always sound; [`pair_bits`] calls the widest.
#[cfg(target_arch = "x86_64")]
pub mod x86 {
    use std::arch::x86_64::*;

    /// [`super::portable`] with AVX-512BW, 32 pairs a step; falls back to AVX2 when the
    /// machine lacks it (so that a direct call is always sound).
    pub fn avx512(low: &[u16], high: &[u16]) -> u64 {
        if !std::arch::is_x86_feature_detected!("avx512bw") {
            return avx2(low, high);
        }
        // SAFETY: the instructions were just detected.
        let [w] = unsafe { avx512_words::<1>(low, high) };
        w | super::portable(&low[low.len() & !31..], &high[..low.len() & 31])
    }

    /// [`super::portable_128`] with AVX-512BW.
    pub fn avx512_128(low: &[u16], high: &[u16]) -> u128 {
        if !std::arch::is_x86_feature_detected!("avx512bw") {
            return avx2_128(low, high);
        }
        // SAFETY: the instructions were just detected.
        let [a, b] = unsafe { avx512_words::<2>(low, high) };
        let w = u128::from(a) | u128::from(b) << 64;
        w | super::portable_128(&low[low.len() & !31..], &high[..low.len() & 31])
    }

    /// [`super::portable`] with AVX2, 16 pairs a step; the plain loop on a machine without
    /// it.
    pub fn avx2(low: &[u16], high: &[u16]) -> u64 {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return super::portable(low, high);
        }
        // SAFETY: the instructions were just detected.
        let [w] = unsafe { avx2_words::<1>(low, high) };
        w | super::portable(&low[low.len() & !15..], &high[..low.len() & 15])
    }

    /// [`super::portable_128`] with AVX2.
    pub fn avx2_128(low: &[u16], high: &[u16]) -> u128 {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return super::portable_128(low, high);
        }
        // SAFETY: the instructions were just detected.
        let [a, b] = unsafe { avx2_words::<2>(low, high) };
        let w = u128::from(a) | u128::from(b) << 64;
        w | super::portable_128(&low[low.len() & !15..], &high[..low.len() & 15])
    }

    /// The bits of the first whole steps of 32 pairs (values mod 64·W) in W words; the
    /// caller adds the last len mod 32 pairs (the front's tail, the back's head).
    #[target_feature(enable = "avx512f,avx512bw")]
    fn avx512_words<const W: usize>(low: &[u16], high: &[u16]) -> [u64; W] {
        let len = low.len();
        let high = &high[..len];
        // Lane j takes lane 31 − j: the back's values in the front's order.
        let reverse = _mm512_set_epi16(
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
            24, 25, 26, 27, 28, 29, 30, 31,
        );
        let mask = _mm512_set1_epi16((64 * W - 1) as i16);
        let one = _mm512_set1_epi64(1);
        let mut acc = [_mm512_setzero_si512(); W];
        let mut i = 0;
        while i + 32 <= len {
            // SAFETY: i + 32 ≤ len: 32 values from low[i] and 32 ending at
            // high[len − 1 − i] are in bounds (unaligned loads).
            let (l, h) = unsafe {
                (
                    _mm512_loadu_si512(low.as_ptr().add(i).cast()),
                    _mm512_loadu_si512(high.as_ptr().add(len - i - 32).cast()),
                )
            };
            let h = _mm512_permutexvar_epi16(reverse, h);
            let v = _mm512_and_si512(_mm512_xor_si512(l, h), mask);
            let parts = [
                _mm512_extracti32x4_epi32::<0>(v),
                _mm512_extracti32x4_epi32::<1>(v),
                _mm512_extracti32x4_epi32::<2>(v),
                _mm512_extracti32x4_epi32::<3>(v),
            ];
            for p in parts {
                let lanes = _mm512_cvtepu16_epi64(p);
                for (k, a) in acc.iter_mut().enumerate() {
                    // Word k holds values 64k..64k + 63; other lanes shift past 63 to 0.
                    let count = _mm512_sub_epi64(lanes, _mm512_set1_epi64(64 * k as i64));
                    *a = _mm512_or_si512(*a, _mm512_sllv_epi64(one, count));
                }
            }
            i += 32;
        }
        acc.map(|a| _mm512_reduce_or_epi64(a) as u64)
    }

    /// [`avx512_words`] in AVX2, 16 pairs a step; the caller adds the last len mod 16.
    #[target_feature(enable = "avx2")]
    fn avx2_words<const W: usize>(low: &[u16], high: &[u16]) -> [u64; W] {
        let len = low.len();
        let high = &high[..len];
        // Reverses the eight 16-bit lanes of each 128-bit half.
        let reverse = _mm256_set_epi8(
            1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11,
            10, 13, 12, 15, 14,
        );
        let mask = _mm256_set1_epi16((64 * W - 1) as i16);
        let one = _mm256_set1_epi64x(1);
        let mut acc = [_mm256_setzero_si256(); W];
        let mut i = 0;
        while i + 16 <= len {
            // SAFETY: i + 16 ≤ len, as in the AVX-512 loop.
            let (l, h) = unsafe {
                (
                    _mm256_loadu_si256(low.as_ptr().add(i).cast()),
                    _mm256_loadu_si256(high.as_ptr().add(len - i - 16).cast()),
                )
            };
            // Each half reversed, then the halves swapped.
            let h = _mm256_permute4x64_epi64::<0b0100_1110>(_mm256_shuffle_epi8(h, reverse));
            let v = _mm256_and_si256(_mm256_xor_si256(l, h), mask);
            let lo = _mm256_castsi256_si128(v);
            let hi = _mm256_extracti128_si256::<1>(v);
            let parts = [lo, _mm_srli_si128::<8>(lo), hi, _mm_srli_si128::<8>(hi)];
            for p in parts {
                let lanes = _mm256_cvtepu16_epi64(p);
                for (k, a) in acc.iter_mut().enumerate() {
                    let count = _mm256_sub_epi64(lanes, _mm256_set1_epi64x(64 * k as i64));
                    *a = _mm256_or_si256(*a, _mm256_sllv_epi64(one, count));
                }
            }
            i += 16;
        }
        acc.map(|a| {
            let mut words = [0u64; 4];
            // SAFETY: four 64-bit lanes into four words.
            unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast(), a) };
            words[0] | words[1] | words[2] | words[3]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every path this machine can run, with its name.
    fn paths() -> Vec<(PairBits, PairBits128, &'static str)> {
        #[allow(unused_mut)]
        let mut p: Vec<(PairBits, PairBits128, &'static str)> =
            vec![(portable, portable_128, "portable")];
        #[cfg(target_arch = "x86_64")]
        {
            p.push((x86::avx2, x86::avx2_128, "avx2"));
            p.push((x86::avx512, x86::avx512_128, "avx512bw"));
        }
        p
    }

    /// The definition, pair by pair, values mod 128.
    fn by_pairs(low: &[u16], high: &[u16]) -> u128 {
        (0..low.len()).fold(0, |w, i| {
            w | 1 << ((low[i] ^ high[low.len() - 1 - i]) % 128)
        })
    }

    /// The low word of [`by_pairs`] when every value is below 64.
    fn low_word(bits: u128) -> u64 {
        bits as u64
    }

    proptest! {
        #[test]
        fn every_path_gives_the_pairs_bits(
            values in proptest::collection::vec(0u16..128, 0..300),
            extra in proptest::collection::vec(0u16..128, 0..40),
        ) {
            let high: Vec<u16> = values.iter().chain(&extra).copied().collect();
            let narrow: Vec<u16> = values.iter().map(|v| v % 64).collect();
            let narrow_high: Vec<u16> = high.iter().map(|v| v % 64).collect();
            for len in [0, 1, 15, 16, 17, 31, 32, 33, 64, values.len()] {
                let len = len.min(values.len());
                // The back of the pairs: the last len values of some longer run.
                let (low, back) = (&values[..len], &high[high.len() - len..]);
                let (nlow, nback) = (&narrow[..len], &narrow_high[high.len() - len..]);
                for (f, f128, name) in paths() {
                    prop_assert_eq!(f128(low, back), by_pairs(low, back), "{} len {}", name, len);
                    prop_assert_eq!(f(nlow, nback), low_word(by_pairs(nlow, nback)), "{} len {}", name, len);
                }
                prop_assert_eq!(pair_bits_128(low, back), by_pairs(low, back));
                prop_assert_eq!(pair_bits(nlow, nback), low_word(by_pairs(nlow, nback)));
            }
        }
    }

    /// One value out of place in a long run shows in every path's bits: the lanes read
    /// from the back are really reversed, and a value past 63 lands in the second word.
    #[test]
    fn the_back_is_read_backwards() {
        for len in [16usize, 32, 48, 64, 100] {
            for at in 0..len {
                let low: Vec<u16> = (0..len).map(|i| (i % 7) as u16).collect();
                // high reversed equals low, so every pair XORs to 0 but the one changed.
                let mut high: Vec<u16> = low.iter().rev().copied().collect();
                high[len - 1 - at] ^= 40;
                for (f, _, name) in paths() {
                    assert_eq!(f(&low, &high), 1 | 1 << 40, "{name} len {len} at {at}");
                }
                high[len - 1 - at] ^= 40 ^ 100;
                for (_, f128, name) in paths() {
                    assert_eq!(f128(&low, &high), 1 | 1 << 100, "{name} len {len} at {at}");
                }
            }
        }
    }
}
