//! Fenwick trees (binary indexed trees) over a group: prefix combinations and point updates
//! in O(log n). Counts use addition; nimbers use XOR, which is its own inverse. And a
//! counted set ([`BitCounter`]) for prefix counts of a set that only grows.

/// A commutative group the tree can sum over.
pub trait Group: Copy {
    /// The identity.
    const ZERO: Self;
    /// The group operation.
    fn op(self, other: Self) -> Self;
    /// The inverse of `self`.
    fn inv(self) -> Self;
}

/// Point counts: addition on u32.
impl Group for u32 {
    const ZERO: u32 = 0;
    fn op(self, other: u32) -> u32 {
        self.wrapping_add(other)
    }
    fn inv(self) -> u32 {
        self.wrapping_neg()
    }
}

/// Nimbers stored in a byte: XOR.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Xor8(pub u8);

impl Group for Xor8 {
    const ZERO: Xor8 = Xor8(0);
    fn op(self, other: Xor8) -> Xor8 {
        Xor8(self.0 ^ other.0)
    }
    fn inv(self) -> Xor8 {
        self
    }
}

/// A Fenwick tree over positions 0..n.
///
/// ```
/// use grundy::index::{Fenwick, Xor8};
///
/// let mut t = Fenwick::new(5);
/// for (i, v) in [3u8, 5, 6, 1, 1].into_iter().enumerate() {
///     t.add(i, Xor8(v));
/// }
/// assert_eq!(t.range(0, 3), Xor8(0)); // 3 ^ 5 ^ 6
/// assert_eq!(t.range(3, 5), Xor8(0));
/// assert_eq!(t.range(1, 4), Xor8(5 ^ 6 ^ 1));
/// ```
#[derive(Clone, Debug)]
pub struct Fenwick<T> {
    tree: Vec<T>,
}

impl<T: Group> Fenwick<T> {
    /// n positions, all ZERO.
    pub fn new(n: usize) -> Self {
        Fenwick {
            tree: vec![T::ZERO; n + 1],
        }
    }

    /// A tree holding `values`, built in O(n).
    pub fn from_values(values: &[T]) -> Self {
        let mut tree = vec![T::ZERO; values.len() + 1];
        tree[1..].copy_from_slice(values);
        for i in 1..tree.len() {
            let parent = i + (i & i.wrapping_neg());
            if parent < tree.len() {
                tree[parent] = tree[parent].op(tree[i]);
            }
        }
        Fenwick { tree }
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.tree.len() - 1
    }

    /// `true` when there are no positions.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Combines `delta` into position i.
    pub fn add(&mut self, i: usize, delta: T) {
        let mut i = i + 1;
        while i < self.tree.len() {
            self.tree[i] = self.tree[i].op(delta);
            i += i & i.wrapping_neg();
        }
    }

    /// The combination of positions 0..k.
    pub fn prefix(&self, k: usize) -> T {
        let mut i = k.min(self.len());
        let mut s = T::ZERO;
        while i > 0 {
            s = s.op(self.tree[i]);
            i -= i & i.wrapping_neg();
        }
        s
    }

    /// The combination of positions lo..hi.
    pub fn range(&self, lo: usize, hi: usize) -> T {
        self.prefix(hi).op(self.prefix(lo).inv())
    }
}

/// A set of positions 0..n that only grows, counting its members below any k: a bitset of
/// the members and a Fenwick tree of the counts per 64-position word. Both are small (n/8
/// and n/16 bytes), so a sweep keeps them in cache where a Fenwick tree of one count per
/// position (4n bytes) would not.
///
/// ```
/// use grundy::index::BitCounter;
///
/// let mut s = BitCounter::new(200);
/// for i in [3, 70, 71, 199] {
///     assert!(s.insert(i));
/// }
/// assert!(!s.insert(70));
/// assert_eq!(s.count_below(71), 2);
/// assert_eq!(s.count_below(200), 4);
/// ```
#[derive(Clone, Debug)]
pub struct BitCounter {
    words: Vec<u64>,
    blocks: Fenwick<u32>,
    len: usize,
}

impl BitCounter {
    /// The empty set over positions 0..n.
    pub fn new(n: usize) -> Self {
        let words = n.div_ceil(64);
        BitCounter {
            words: vec![0; words],
            blocks: Fenwick::new(words),
            len: n,
        }
    }

    /// Adds position i (below n); `false` if it was already there.
    pub fn insert(&mut self, i: usize) -> bool {
        let (w, bit) = (i / 64, 1u64 << (i % 64));
        if self.words[w] & bit != 0 {
            return false;
        }
        self.words[w] |= bit;
        self.blocks.add(w, 1);
        true
    }

    /// The number of members below k (all of them when k ≥ n).
    pub fn count_below(&self, k: usize) -> u32 {
        let k = k.min(self.len);
        let (w, rest) = (k / 64, k % 64);
        let mut count = self.blocks.prefix(w);
        if rest != 0 {
            count += (self.words[w] & ((1u64 << rest) - 1)).count_ones();
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_counts_match_a_plain_count() {
        let n = 300;
        let mut set = BitCounter::new(n);
        let mut plain = vec![false; n];
        for step in 0..400usize {
            let i = (step * 97 + step / 7) % n;
            assert_eq!(set.insert(i), !plain[i]);
            plain[i] = true;
            for k in [0, 1, 63, 64, 65, i, i + 1, 128, 299, 300, 1000] {
                let want = plain[..k.min(n)].iter().filter(|&&b| b).count() as u32;
                assert_eq!(set.count_below(k), want, "k = {k}");
            }
        }
    }

    #[test]
    fn counts_match_a_plain_sum() {
        let values: Vec<u32> = (0..100).map(|i| (i * 7 + 3) % 11).collect();
        let t = Fenwick::from_values(&values);
        let mut u = Fenwick::new(values.len());
        for (i, &v) in values.iter().enumerate() {
            u.add(i, v);
        }
        for lo in 0..=100 {
            for hi in lo..=100 {
                let plain: u32 = values[lo..hi].iter().sum();
                assert_eq!(t.range(lo, hi), plain);
                assert_eq!(u.range(lo, hi), plain);
            }
        }
    }
}
