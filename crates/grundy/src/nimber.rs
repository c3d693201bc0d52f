//! Nimbers and the two operations the Sprague–Grundy theorem needs: nim-sum (XOR) and mex.
//!
//! One rule for widths: tables hold values in the narrowest unsigned integer that fits
//! (one byte in the Chomp and cakes tables, two bytes then four in the heap tables, `u32`
//! from [`Family::values`](crate::Family::values)); a value that crosses the API on its
//! own is a [`Nimber`], 64 bits.
//!
//! ```
//! use grundy::{Nimber, MexSet, nim_sum};
//!
//! assert_eq!(nim_sum([3u64, 5, 6].map(Nimber)), Nimber(0));
//! let mut set = MexSet::new();
//! set.reset(4);
//! for v in [0, 1, 3] {
//!     set.insert(v);
//! }
//! assert_eq!(set.mex(), 2);
//! ```

use std::fmt;
use std::ops::{BitXor, BitXorAssign};

use serde::{Deserialize, Serialize};

/// A Grundy value.
///
/// Sixty-four bits: the sheet-cutting game alone has heaps near 10^18.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The value of a position with no moves (a P-position).
    pub const ZERO: Nimber = Nimber(0);

    /// `true` for a P-position: the player to move loses.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A nimber written as a number below 2^64: decimal (`12`), star notation (`*12`) or
/// hexadecimal (`0xc`).
impl std::str::FromStr for Nimber {
    type Err = String;

    fn from_str(text: &str) -> Result<Nimber, String> {
        let digits = text.strip_prefix('*').unwrap_or(text);
        let parsed = match digits
            .strip_prefix("0x")
            .or_else(|| digits.strip_prefix("0X"))
        {
            Some(hex) => u64::from_str_radix(hex, 16),
            None => digits.parse(),
        };
        // `u64::from_str` takes a leading `+`; a nimber is written without one.
        match parsed {
            Ok(v) if !digits.starts_with('+') => Ok(Nimber(v)),
            _ => Err(format!(
                "expected a nimber below 2^64 (like 12, *12 or 0xc), found '{}'",
                crate::parse::escaped_str(text)
            )),
        }
    }
}

impl From<u64> for Nimber {
    fn from(v: u64) -> Nimber {
        Nimber(v)
    }
}

/// Nim multiplication: the nimbers below 2^64 are a field of 2^64 elements with nim-sum
/// (XOR) as its addition (Conway, *On Numbers and Games*, ch. 6; *Winning Ways*, ch. 14).
///
/// Its product is what a coin-turning game on a board is worth when it is the product of
/// two games on rows (the Tartan theorem): Turning Corners at (x, y) is worth x ⊗ y.
/// Computed by the rule of Fermat 2-powers: for F = 2^(2^k) and a, b, c, d below F,
/// (aF ⊕ b) ⊗ (cF ⊕ d) = ((a ⊕ b)(c ⊕ d) ⊕ bd)·F ⊕ ac ⊗ F/2 ⊕ bd, since F ⊗ F = F ⊕ F/2;
/// three products of half the width and one by the constant F/2, down to a table of the
/// products of bytes.
///
/// ```
/// use grundy::Nimber;
///
/// assert_eq!(Nimber(2).nim_mul(Nimber(2)), Nimber(3));
/// assert_eq!(Nimber(16).nim_mul(Nimber(16)), Nimber(24));
/// let x = Nimber(123_456_789);
/// assert_eq!(x.nim_mul(x.nim_inverse().unwrap()), Nimber(1));
/// ```
impl Nimber {
    /// The nim product `self ⊗ other`.
    pub fn nim_mul(self, other: Nimber) -> Nimber {
        let (x, y) = (self.0, other.0);
        let either = x | y;
        // The smallest field both are in: below 2^(2·half).
        let half = match either {
            0..=0xff => 4,
            0x100..=0xffff => 8,
            0x1_0000..=0xffff_ffff => 16,
            _ => 32,
        };
        Nimber(product(x, y, half, Some(byte_products())))
    }

    /// `self` to the power `exponent` under nim multiplication (`x^0 = 1`, `0^0` too).
    pub fn nim_pow(self, mut exponent: u64) -> Nimber {
        let (mut base, mut result) = (self, Nimber(1));
        while exponent > 0 {
            if exponent & 1 == 1 {
                result = result.nim_mul(base);
            }
            base = base.nim_mul(base);
            exponent >>= 1;
        }
        result
    }

    /// The inverse under nim multiplication; `None` for 0, which has none. Every nonzero x
    /// below 2^64 has x^(2^64 − 1) = 1, so its inverse is x^(2^64 − 2).
    pub fn nim_inverse(self) -> Option<Nimber> {
        (!self.is_zero()).then(|| self.nim_pow(u64::MAX - 1))
    }
}

/// `x ⊗ y` for x and y below 2^(2·half), half a power of two: the rule of Fermat 2-powers
/// above, with the products of bytes looked up once the table exists.
fn product(x: u64, y: u64, half: u32, bytes: Option<&[u8; 1 << 16]>) -> u64 {
    if x < 2 || y < 2 {
        return x * y;
    }
    if half == 4
        && let Some(table) = bytes
    {
        return u64::from(table[(x as usize) << 8 | y as usize]);
    }
    let low = (1u64 << half) - 1;
    let (a, b, c, d) = (x >> half, x & low, y >> half, y & low);
    let quarter = half / 2;
    let ac = product(a, c, quarter, bytes);
    let bd = product(b, d, quarter, bytes);
    let high = product(a ^ b, c ^ d, quarter, bytes) ^ bd;
    (high << half) ^ product(ac, 1 << (half - 1), quarter, bytes) ^ bd
}

/// The nim products of every two bytes (64 KiB), made once by [`product`] itself.
fn byte_products() -> &'static [u8; 1 << 16] {
    static TABLE: std::sync::OnceLock<Box<[u8; 1 << 16]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([0u8; 1 << 16]);
        for (i, cell) in table.iter_mut().enumerate() {
            // Both factors below 256, so is their product.
            *cell = product((i >> 8) as u64, (i & 0xff) as u64, 4, None) as u8;
        }
        table
    })
}

/// The nim-sum (XOR) of a collection of values: the value of the sum of the games.
pub fn nim_sum<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    values.into_iter().fold(Nimber::ZERO, |a, b| a ^ b)
}

/// A reusable bit set for taking the mex (minimum excludant) of option values.
///
/// The mex of k values is at most k, so [`MexSet::reset`] takes the number of options and
/// every larger value is ignored: the set never grows past what the mex can need, and after
/// the first few positions it stops allocating at all.
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    words: Vec<u64>,
    /// Values at or above this bound cannot change the mex and are dropped.
    bound: u64,
}

impl MexSet {
    /// An empty set; the buffer grows on the first [`reset`](MexSet::reset).
    pub fn new() -> MexSet {
        MexSet::default()
    }

    /// Empties the set for a position with `options` options.
    pub fn reset(&mut self, options: usize) {
        self.bound = options as u64 + 1;
        let need = (options >> 6) + 1;
        if self.words.len() < need {
            self.words.resize(need, 0);
        }
        self.words[..need].fill(0);
    }

    /// Records one option's value.
    #[inline]
    pub fn insert(&mut self, value: u64) {
        if value < self.bound {
            self.words[(value >> 6) as usize] |= 1 << (value & 63);
        }
    }

    /// Records a whole word of values at once: bit i of `bits` stands for value 64·`word` + i.
    #[inline]
    pub fn insert_word(&mut self, word: usize, bits: u64) {
        if let Some(w) = self.words.get_mut(word) {
            *w |= bits;
        }
    }

    /// The smallest value not recorded since the last reset.
    pub fn mex(&self) -> u64 {
        if self.bound == 0 {
            return 0;
        }
        let live = ((self.bound - 1) >> 6) as usize + 1;
        for (i, &w) in self.words[..live].iter().enumerate() {
            if w != u64::MAX {
                return ((i as u64) << 6) + u64::from(w.trailing_ones());
            }
        }
        // Unreachable in practice: more distinct values than options.
        (live as u64) << 6
    }
}

/// The mex of a list of values, for one-off use; loops should keep a [`MexSet`].
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    let values: Vec<Nimber> = values.into_iter().collect();
    let mut set = MexSet::new();
    set.reset(values.len());
    for v in values {
        set.insert(v.0);
    }
    Nimber(set.mex())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Nim products below `n` by Conway's definition alone, with no Fermat 2-powers:
    /// a ⊗ b = mex { a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b }.
    fn products_by_definition(n: usize) -> Vec<Vec<u64>> {
        let mut t = vec![vec![0u64; n]; n];
        let mut seen = MexSet::new();
        for a in 0..n {
            for b in 0..n {
                seen.reset(a * b);
                for a2 in 0..a {
                    for b2 in 0..b {
                        seen.insert(t[a2][b] ^ t[a][b2] ^ t[a2][b2]);
                    }
                }
                t[a][b] = seen.mex();
            }
        }
        t
    }

    #[test]
    fn nim_products_below_64_are_conways_definition() {
        let t = products_by_definition(64);
        for (a, row) in t.iter().enumerate() {
            for (b, &p) in row.iter().enumerate() {
                assert_eq!(
                    Nimber(a as u64).nim_mul(Nimber(b as u64)),
                    Nimber(p),
                    "{a} ⊗ {b}"
                );
            }
        }
    }

    /// OEIS A051775, the table of nim products read by antidiagonals: T(0,0), T(0,1),
    /// T(1,0), T(0,2), T(1,1), T(2,0), … (the 83 terms of its data section: antidiagonals 0 to 11 and the start of 12).
    #[test]
    fn nim_products_are_the_published_table() {
        let data = include_str!("../tests/data/nim-products.txt");
        let terms: Vec<u64> = data
            .lines()
            .filter(|l| !l.starts_with('#'))
            .flat_map(|l| l.split(',').filter_map(|t| t.trim().parse().ok()))
            .collect();
        assert_eq!(terms.len(), 83);
        let mut at = 0;
        for diagonal in 0u64.. {
            for n in 0..=diagonal {
                let Some(&want) = terms.get(at) else {
                    return;
                };
                let got = Nimber(n).nim_mul(Nimber(diagonal - n));
                assert_eq!(got, Nimber(want), "T({n}, {})", diagonal - n);
                at += 1;
            }
        }
    }

    #[test]
    fn nimbers_are_read_in_decimal_star_and_hexadecimal_notation() {
        for (text, v) in [
            ("12", 12),
            ("*12", 12),
            ("0xc", 12),
            ("*0XFF", 255),
            ("0", 0),
        ] {
            assert_eq!(text.parse::<Nimber>(), Ok(Nimber(v)), "{text}");
        }
        let max = u64::MAX.to_string();
        assert_eq!(max.parse::<Nimber>(), Ok(Nimber(u64::MAX)));
        for bad in [
            "",
            "*",
            "-1",
            "+3",
            "0x",
            "18446744073709551616",
            "1.5",
            "x",
        ] {
            let e = bad.parse::<Nimber>().unwrap_err();
            assert!(e.starts_with("expected a nimber below 2^64"), "{bad}: {e}");
        }
    }

    #[test]
    fn fermat_two_powers_square_to_three_halves_of_themselves() {
        for k in 0..6 {
            let f = 1u64 << (1 << k);
            if f == 0 {
                continue;
            }
            assert_eq!(
                Nimber(f).nim_mul(Nimber(f)),
                Nimber(f ^ (f >> 1)),
                "F = {f}"
            );
        }
        // 2^32 ⊗ 2^32 = 2^32 ⊕ 2^31; distinct Fermat 2-powers multiply as integers.
        let f = 1u64 << 32;
        assert_eq!(Nimber(f).nim_mul(Nimber(f)), Nimber(f | f >> 1));
        assert_eq!(Nimber(1 << 16).nim_mul(Nimber(1 << 32)), Nimber(1 << 48));
        assert_eq!(Nimber(0).nim_inverse(), None);
        assert_eq!(Nimber(5).nim_pow(0), Nimber(1));
    }

    fn nimber() -> impl Strategy<Value = Nimber> {
        prop_oneof![
            any::<u64>().prop_map(Nimber),
            (0u64..256).prop_map(Nimber),
            (0u64..1 << 16).prop_map(Nimber),
            any::<u32>().prop_map(|v| Nimber(u64::from(v))),
        ]
    }

    proptest! {
        #[test]
        fn nim_multiplication_is_a_field(x in nimber(), y in nimber(), z in nimber()) {
            prop_assert_eq!(x.nim_mul(y), y.nim_mul(x));
            prop_assert_eq!(x.nim_mul(y).nim_mul(z), x.nim_mul(y.nim_mul(z)));
            prop_assert_eq!(x.nim_mul(y ^ z), x.nim_mul(y) ^ x.nim_mul(z));
            prop_assert_eq!(x.nim_mul(Nimber(1)), x);
            prop_assert_eq!(x.nim_mul(Nimber(0)), Nimber(0));
            if let Some(inverse) = x.nim_inverse() {
                prop_assert_eq!(x.nim_mul(inverse), Nimber(1));
            }
            // The Frobenius map: squaring adds (characteristic 2), and x^(2^64) = x.
            prop_assert_eq!((x ^ y).nim_pow(2), x.nim_pow(2) ^ y.nim_pow(2));
            let mut x64 = x;
            for _ in 0..64 {
                x64 = x64.nim_mul(x64);
            }
            prop_assert_eq!(x64, x);
        }

        #[test]
        fn the_nimbers_below_a_fermat_two_power_are_a_subfield(
            k in 0u32..6, x in any::<u64>(), y in any::<u64>(), e in any::<u64>(),
        ) {
            let bits = 1u32 << k;
            let below = |v: u64| if bits == 64 { v } else { v & ((1u64 << bits) - 1) };
            let (x, y) = (Nimber(below(x)), Nimber(below(y)));
            prop_assert_eq!(Nimber(below(x.nim_mul(y).0)), x.nim_mul(y));
            prop_assert_eq!(Nimber(below(x.nim_pow(e).0)), x.nim_pow(e));
            // Powers add: x^(a + b) = x^a ⊗ x^b.
            let (a, b) = (e >> 33, e & 0xffff_ffff);
            prop_assert_eq!(x.nim_pow(a + b), x.nim_pow(a).nim_mul(x.nim_pow(b)));
        }
    }

    #[test]
    fn mex_of_empty_set_is_zero() {
        assert_eq!(mex([]), Nimber(0));
    }

    #[test]
    fn mex_skips_large_values_and_finds_gaps() {
        assert_eq!(mex([5, 0, 1, 1000].map(Nimber)), Nimber(2));
        assert_eq!(mex((0..200).map(Nimber)), Nimber(200));
        assert_eq!(mex((0..200).filter(|&v| v != 130).map(Nimber)), Nimber(130));
    }

    #[test]
    fn reset_clears_earlier_values() {
        let mut set = MexSet::new();
        set.reset(100);
        for v in 0..100 {
            set.insert(v);
        }
        assert_eq!(set.mex(), 100);
        set.reset(3);
        set.insert(1);
        assert_eq!(set.mex(), 0);
    }

    #[test]
    fn insert_word_marks_many_values() {
        let mut set = MexSet::new();
        set.reset(70);
        set.insert_word(0, u64::MAX);
        set.insert(64);
        assert_eq!(set.mex(), 65);
    }
}
