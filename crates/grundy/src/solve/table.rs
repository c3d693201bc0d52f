//! Transposition tables: where a search keeps the values it has proved, within a memory
//! budget.
//!
//! [`PackedTable`] is the one to use when a position packs into 64 bits (a bitboard): one
//! `u64` an entry, eight entries to a cache line, growing by doubling up to its budget and
//! then replacing the oldest entry of a full line. [`MapTable`] takes any hashable position
//! and stops storing at its limit. [`NoTable`] forgets everything (to measure what the
//! table is worth).

use std::hash::Hash;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use rustc_hash::FxHashMap;

/// Where a search stores proved values.
pub trait Table<P> {
    /// The stored value of `p`, if any.
    fn get(&self, p: &P) -> Option<u64>;
    /// Stores `value` for `p`. A table may decline (full, or a value too large to keep).
    fn put(&mut self, p: &P, value: u64);
    /// Entries held now.
    fn len(&self) -> usize;
    /// Whether nothing is held.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Entries dropped to make room, or declined for lack of it.
    fn dropped(&self) -> u64;
    /// Bytes the table holds now.
    fn bytes(&self) -> usize;
    /// Values below 64 proved *not* to be the value of `p` (a bit each), from searches
    /// that were cut off. Default: none known.
    fn excluded(&self, _p: &P) -> u64 {
        0
    }
    /// Records that none of `values` (a bit each, below 64) is the value of `p`.
    fn exclude(&mut self, _p: &P, _values: u64) {}
}

/// A position that packs into 64 bits without loss (two positions with the same packing
/// are the same position).
pub trait Packed {
    /// The packing.
    fn packed(&self) -> u64;
}

impl Packed for u64 {
    fn packed(&self) -> u64 {
        *self
    }
}

const WAYS: usize = 8;
/// Bytes a bucket takes.
const BUCKET_BYTES: usize = 64;
/// The fewest buckets: the bucket index must take at least 8 bits of the mixed key so the
/// rest fits beside the value byte.
const MIN_BITS: u32 = 8;

/// Eight entries, one cache line, newest first.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([u64; WAYS]);

/// A bijection of `u64` (the splitmix64 finaliser): spreads keys over buckets, and since it
/// can be undone the bucket index need not be stored.
fn mix(x: u64) -> u64 {
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Lines of eight one-word entries: the mixed key without its line bits, and a nonzero
/// byte. Newest first, so the first empty slot ends a scan; doubling up to a budget,
/// then the oldest entry of a full line makes room.
struct Lines {
    lines: Vec<Bucket>,
    bits: u32,
    max_bits: u32,
    len: usize,
    dropped: u64,
}

impl Lines {
    fn with_budget(budget: usize) -> Lines {
        let mut max_bits = MIN_BITS;
        // Growing to 2^(b+1) lines holds 2^b + 2^(b+1) lines at once.
        while max_bits < 48 && 3 * (BUCKET_BYTES << max_bits) <= budget {
            max_bits += 1;
        }
        Lines {
            lines: vec![Bucket::default(); 1 << MIN_BITS],
            bits: MIN_BITS,
            max_bits,
            len: 0,
            dropped: 0,
        }
    }

    fn slot(&self, m: u64) -> (usize, u64) {
        ((m & ((1 << self.bits) - 1)) as usize, m >> self.bits)
    }

    /// The byte stored for mixed key `m`.
    fn get(&self, m: u64) -> Option<u8> {
        let (line, tag) = self.slot(m);
        for &e in &self.lines[line].0 {
            if e == 0 {
                return None;
            }
            if e >> 8 == tag {
                return Some(e as u8);
            }
        }
        None
    }

    /// Stores `byte` (nonzero) for `m`, or ORs it into the byte already there when `merge`.
    fn put(&mut self, m: u64, byte: u8, merge: bool) {
        debug_assert!(byte != 0);
        if self.bits < self.max_bits && self.len * 4 >= (WAYS << self.bits) * 3 {
            self.grow();
        }
        let (mut line, mut tag) = self.slot(m);
        if let Some(slot) = self.lines[line]
            .0
            .iter_mut()
            .find(|e| **e >> 8 == tag && **e != 0)
        {
            if merge {
                *slot |= u64::from(byte);
            }
            return;
        }
        // A full line grows the table while the budget allows and the table is at least
        // half full; a sparser table keeps its size (smaller is faster: it stays in cache)
        // and the line drops its oldest entry.
        while self.lines[line].0[WAYS - 1] != 0
            && self.bits < self.max_bits
            && self.len * 2 >= WAYS << self.bits
        {
            self.grow();
            (line, tag) = self.slot(m);
        }
        let entries = &mut self.lines[line].0;
        let oldest = entries[WAYS - 1];
        entries.copy_within(0..WAYS - 1, 1);
        entries[0] = (tag << 8) | u64::from(byte);
        if oldest == 0 {
            self.len += 1;
        } else {
            self.dropped += 1;
        }
    }

    fn grow(&mut self) {
        let bits = self.bits + 1;
        let mut grown = vec![Bucket::default(); 1 << bits];
        for (b, line) in self.lines.iter().enumerate() {
            // Oldest first, so each new line keeps the newest-first order.
            for &e in line.0.iter().rev() {
                if e == 0 {
                    continue;
                }
                let m = ((e >> 8) << self.bits) | b as u64;
                let to = &mut grown[(m & ((1 << bits) - 1)) as usize].0;
                to.copy_within(0..WAYS - 1, 1);
                to[0] = ((m >> bits) << 8) | (e & 0xFF);
            }
        }
        self.lines = grown;
        self.bits = bits;
    }

    fn capacity(&self) -> usize {
        WAYS << self.max_bits
    }

    fn bytes(&self) -> usize {
        self.lines.len() * BUCKET_BYTES
    }
}

/// A fixed-budget table of 64-bit keys, one word an entry: values (plus one, so values of
/// 255 and more are not stored) in seven eighths of the budget, and in the rest the values
/// 0 to 7 that cut-off searches ruled out.
pub struct PackedTable {
    values: Lines,
    bounds: Lines,
}

impl PackedTable {
    /// A table that never holds more than `budget` bytes, growing as needed. Budgets under
    /// about 64 KiB get the smallest table, 32 KiB.
    pub fn with_budget(budget: usize) -> PackedTable {
        PackedTable {
            values: Lines::with_budget(budget / 8 * 7),
            bounds: Lines::with_budget(budget / 8),
        }
    }

    /// The most values the budget allows.
    pub fn capacity(&self) -> usize {
        self.values.capacity()
    }
}

impl<P: Packed> Table<P> for PackedTable {
    fn get(&self, p: &P) -> Option<u64> {
        self.values.get(mix(p.packed())).map(|b| u64::from(b) - 1)
    }

    fn put(&mut self, p: &P, value: u64) {
        if value >= 255 {
            self.values.dropped += 1;
            return;
        }
        self.values.put(mix(p.packed()), value as u8 + 1, false);
    }

    fn len(&self) -> usize {
        self.values.len
    }

    fn dropped(&self) -> u64 {
        self.values.dropped
    }

    fn bytes(&self) -> usize {
        self.values.bytes() + self.bounds.bytes()
    }

    fn excluded(&self, p: &P) -> u64 {
        self.bounds.get(mix(p.packed())).map_or(0, u64::from)
    }

    fn exclude(&mut self, p: &P, values: u64) {
        let byte = values as u8;
        if byte != 0 {
            self.bounds.put(mix(p.packed()), byte, true);
        }
    }
}

/// Lines of eight entries as [`Lines`] has them, of a fixed size, that many threads read
/// and write at once (a [`SharedTable`] replaces them by larger ones as they fill). An entry is one word (a key's tag and its byte), read and written
/// whole, so a reader sees an entry some writer wrote or nothing: never a torn one. Two
/// writers racing on one line may drop or repeat an entry, which costs time, not
/// correctness, since every entry written is a proved fact.
struct SharedLines {
    lines: Box<[AtomicU64]>,
    bits: u32,
    len: AtomicUsize,
    dropped: AtomicU64,
}

impl SharedLines {
    fn with_bits(bits: u32) -> SharedLines {
        SharedLines {
            lines: zeroed_words(WAYS << bits),
            bits,
            len: AtomicUsize::new(0),
            dropped: AtomicU64::new(0),
        }
    }

    /// Whether three quarters of its slots are taken.
    fn crowded(&self) -> bool {
        self.len.load(Ordering::Relaxed) * 4 >= self.lines.len() * 3
    }

    /// A table `2^grow` times as large holding every entry of this one (those written
    /// here while it is built may be missed: time, not truth).
    fn grown(&self, grow: u32) -> SharedLines {
        let bits = self.bits + grow;
        let to = SharedLines::with_bits(bits);
        for (i, e) in self.lines.iter().enumerate() {
            let e = e.load(Ordering::Relaxed);
            if e != 0 {
                let m = ((e >> 8) << self.bits) | (i / WAYS) as u64;
                to.put(m, e as u8, true);
            }
        }
        to
    }

    fn line(&self, m: u64) -> (&[AtomicU64], u64) {
        let line = (m & ((1 << self.bits) - 1)) as usize;
        (&self.lines[line * WAYS..(line + 1) * WAYS], m >> self.bits)
    }

    fn get(&self, m: u64) -> Option<u8> {
        let (line, tag) = self.line(m);
        for e in line {
            let e = e.load(Ordering::Relaxed);
            if e == 0 {
                return None;
            }
            if e >> 8 == tag {
                return Some(e as u8);
            }
        }
        None
    }

    fn put(&self, m: u64, byte: u8, merge: bool) {
        debug_assert!(byte != 0);
        let (line, tag) = self.line(m);
        for e in line {
            let word = e.load(Ordering::Relaxed);
            if word == 0 {
                break;
            }
            if word >> 8 == tag {
                if merge {
                    // Only into the word read: another writer may have moved a different
                    // key's entry into this slot since, and its bounds are not ours. A
                    // lost merge loses time only.
                    let _ = e.compare_exchange(
                        word,
                        word | u64::from(byte),
                        Ordering::Relaxed,
                        Ordering::Relaxed,
                    );
                }
                return;
            }
        }
        // Newest first: the others move down one, the oldest falls off the end.
        let oldest = line[WAYS - 1].load(Ordering::Relaxed);
        for i in (1..WAYS).rev() {
            line[i].store(line[i - 1].load(Ordering::Relaxed), Ordering::Relaxed);
        }
        line[0].store((tag << 8) | u64::from(byte), Ordering::Relaxed);
        if oldest == 0 {
            self.len.fetch_add(1, Ordering::Relaxed);
        } else {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn bytes(&self) -> usize {
        self.lines.len() * 8
    }
}

/// `n` words, all zero, of which the system provides only the pages written to: the
/// larger lines a table grows into cost memory as the entries are copied in.
fn zeroed_words(n: usize) -> Box<[AtomicU64]> {
    let layout = std::alloc::Layout::array::<AtomicU64>(n).expect("a table of at most 2^51 words");
    if layout.size() == 0 {
        return Box::new([]);
    }
    // SAFETY: the layout is that of `[AtomicU64; n]`, which is what the box built from the
    // pointer frees with; an all-zero `AtomicU64` is `AtomicU64::new(0)`, a valid value, so
    // every element is initialised; a null pointer (allocation failure) is handed to the
    // allocation error handler, never dereferenced.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<AtomicU64>();
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, n))
    }
}

/// Lines that grow: the current ones, replaced by larger ones when crowded.
struct Growing {
    current: Mutex<Arc<SharedLines>>,
    max_bits: u32,
    growing: AtomicBool,
}

impl Growing {
    fn with_budget(budget: usize) -> Growing {
        let mut max_bits = MIN_BITS;
        while max_bits < 48 && (BUCKET_BYTES << (max_bits + 1)) <= budget {
            max_bits += 1;
        }
        Growing {
            current: Mutex::new(Arc::new(SharedLines::with_bits(
                SHARED_START_BITS.min(max_bits),
            ))),
            max_bits,
            growing: AtomicBool::new(false),
        }
    }

    fn now(&self) -> Arc<SharedLines> {
        Arc::clone(&self.current.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Replaces crowded `lines` by lines four times as large (twice at the budget's
    /// edge), unless another thread is at it.
    fn grow_from(&self, lines: &SharedLines) {
        if lines.bits >= self.max_bits
            || !lines.crowded()
            || self.growing.swap(true, Ordering::Acquire)
        {
            return;
        }
        let grown = Arc::new(lines.grown((self.max_bits - lines.bits).min(2)));
        *self.current.lock().unwrap_or_else(|e| e.into_inner()) = grown;
        self.growing.store(false, Ordering::Release);
    }
}

/// Lines a shared table starts with: 2^12 lines, 256 KiB.
const SHARED_START_BITS: u32 = 12;
/// Writes a handle makes before it looks for lines grown since.
const REFRESH: u32 = 1024;

/// A [`PackedTable`] that the threads of a parallel search share: each thread's search
/// holds a [`SharedTable::handle`]. It grows as it fills, up to its budget, fourfold at a
/// time: one thread copies the entries into the larger lines while the others go on in
/// the old ones, and each thread moves to the new lines within 1024 writes (what it
/// wrote in the old ones meanwhile may be lost, which costs time, not truth). The same
/// values and bounds go in, whichever thread proved them.
pub struct SharedTable {
    values: Growing,
    bounds: Growing,
}

impl SharedTable {
    /// A table within `budget` bytes.
    pub fn with_budget(budget: usize) -> SharedTable {
        SharedTable {
            values: Growing::with_budget(budget / 8 * 7),
            bounds: Growing::with_budget(budget / 8),
        }
    }

    /// Every entry held now, for a checkpoint: the values' then the bounds', each list a
    /// count (8 bytes) then per entry its key as mixed (8 bytes) and its byte. It may be
    /// taken while the threads write: what it holds are proved facts all the same.
    pub fn snapshot(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for lines in [self.values.now(), self.bounds.now()] {
            let at = out.len();
            out.extend_from_slice(&0u64.to_le_bytes());
            let mut count = 0u64;
            for (i, e) in lines.lines.iter().enumerate() {
                let e = e.load(Ordering::Relaxed);
                if e != 0 {
                    let m = ((e >> 8) << lines.bits) | (i / WAYS) as u64;
                    out.extend_from_slice(&m.to_le_bytes());
                    out.push(e as u8);
                    count += 1;
                }
            }
            out[at..at + 8].copy_from_slice(&count.to_le_bytes());
        }
        out
    }

    /// Puts back the entries of a [`snapshot`](Self::snapshot); `Err` with what is wrong
    /// when the bytes are not one.
    pub fn restore(&self, bytes: &[u8]) -> Result<(), String> {
        let mut rest = bytes;
        for growing in [&self.values, &self.bounds] {
            let (count, tail) = rest
                .split_first_chunk::<8>()
                .ok_or("the entry count is cut short")?;
            let count = u64::from_le_bytes(*count);
            let need = usize::try_from(count)
                .ok()
                .and_then(|c| c.checked_mul(9))
                .filter(|&n| n <= tail.len())
                .ok_or("fewer entries than the count says")?;
            let (entries, tail) = tail.split_at(need);
            let mut lines = growing.now();
            for (k, e) in entries.chunks_exact(9).enumerate() {
                let m = u64::from_le_bytes(e[..8].try_into().expect("8 bytes"));
                if e[8] == 0 {
                    return Err("an entry with no value".into());
                }
                lines.put(m, e[8], true);
                if k % REFRESH as usize == 0 {
                    growing.grow_from(&lines);
                    lines = growing.now();
                }
            }
            rest = tail;
        }
        if !rest.is_empty() {
            return Err("bytes after the last entry".into());
        }
        Ok(())
    }

    /// A handle for one thread's search.
    pub fn handle(&self) -> SharedHandle<'_> {
        SharedHandle {
            table: self,
            values: self.values.now(),
            bounds: self.bounds.now(),
            writes: 0,
        }
    }
}

/// One thread's way into a [`SharedTable`]: the lines it last saw.
pub struct SharedHandle<'a> {
    table: &'a SharedTable,
    values: Arc<SharedLines>,
    bounds: Arc<SharedLines>,
    writes: u32,
}

impl SharedHandle<'_> {
    fn wrote(&mut self) {
        self.writes += 1;
        if self.writes >= REFRESH {
            self.writes = 0;
            self.table.values.grow_from(&self.values);
            self.table.bounds.grow_from(&self.bounds);
            self.values = self.table.values.now();
            self.bounds = self.table.bounds.now();
        }
    }
}

impl<P: Packed> Table<P> for SharedHandle<'_> {
    fn get(&self, p: &P) -> Option<u64> {
        self.values.get(mix(p.packed())).map(|b| u64::from(b) - 1)
    }

    fn put(&mut self, p: &P, value: u64) {
        if value >= 255 {
            self.values.dropped.fetch_add(1, Ordering::Relaxed);
            return;
        }
        self.values.put(mix(p.packed()), value as u8 + 1, false);
        self.wrote();
    }

    fn len(&self) -> usize {
        self.table.values.now().len.load(Ordering::Relaxed)
    }

    fn dropped(&self) -> u64 {
        self.table.values.now().dropped.load(Ordering::Relaxed)
    }

    fn bytes(&self) -> usize {
        self.table.values.now().bytes() + self.table.bounds.now().bytes()
    }

    fn excluded(&self, p: &P) -> u64 {
        self.bounds.get(mix(p.packed())).map_or(0, u64::from)
    }

    fn exclude(&mut self, p: &P, values: u64) {
        let byte = values as u8;
        if byte != 0 {
            self.bounds.put(mix(p.packed()), byte, true);
            self.wrote();
        }
    }
}

/// A hash map of any hashable position, holding at most `limit` entries; past that, new
/// values are not stored.
pub struct MapTable<P> {
    map: FxHashMap<P, u64>,
    limit: usize,
    dropped: u64,
}

impl<P: Hash + Eq> MapTable<P> {
    /// A map that keeps at most about `budget` bytes of entries.
    pub fn with_budget(budget: usize) -> MapTable<P> {
        // Key, value and the map's own control byte, with room for its load factor.
        let per_entry = 2 * (std::mem::size_of::<P>() + 8) + 1;
        MapTable {
            map: FxHashMap::default(),
            limit: (budget / per_entry).max(1),
            dropped: 0,
        }
    }
}

impl<P: Hash + Eq + Clone> Table<P> for MapTable<P> {
    fn get(&self, p: &P) -> Option<u64> {
        self.map.get(p).copied()
    }

    fn put(&mut self, p: &P, value: u64) {
        if self.map.len() >= self.limit {
            self.dropped += 1;
        } else {
            self.map.insert(p.clone(), value);
        }
    }

    fn len(&self) -> usize {
        self.map.len()
    }

    fn dropped(&self) -> u64 {
        self.dropped
    }

    fn bytes(&self) -> usize {
        self.map.capacity() * (std::mem::size_of::<P>() + 9)
    }
}

/// No table at all.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTable;

impl<P> Table<P> for NoTable {
    fn get(&self, _: &P) -> Option<u64> {
        None
    }
    fn put(&mut self, _: &P, _: u64) {}
    fn len(&self) -> usize {
        0
    }
    fn dropped(&self) -> u64 {
        0
    }
    fn bytes(&self) -> usize {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn mix_is_a_bijection_on_a_sample() {
        let mut seen = std::collections::HashSet::new();
        for x in 0..100_000u64 {
            assert!(seen.insert(mix(x.wrapping_mul(0x9e37_79b9_7f4a_7c15))));
        }
    }

    proptest! {
        /// Through every growth step the table answers with the value first stored, and
        /// with room to spare it drops almost nothing.
        #[test]
        fn packed_table_keeps_what_fits(keys in prop::collection::vec(any::<u64>(), 1..5000)) {
            let mut t = PackedTable::with_budget(64 << 20);
            for (i, k) in keys.iter().enumerate() {
                t.put(k, (i % 200) as u64);
            }
            let mut expected = std::collections::HashMap::new();
            for (i, k) in keys.iter().enumerate() {
                expected.entry(*k).or_insert((i % 200) as u64);
            }
            let mut found = 0;
            for (k, v) in &expected {
                if let Some(got) = t.get(k) {
                    prop_assert_eq!(got, *v);
                    found += 1;
                }
            }
            prop_assert_eq!(found, Table::<u64>::len(&t));
            prop_assert!(found * 100 >= expected.len() * 95, "{} of {}", found, expected.len());
        }

        /// A table at its budget replaces old entries but never answers wrongly.
        #[test]
        fn a_full_table_forgets_but_never_lies(keys in prop::collection::vec(any::<u64>(), 3000..6000)) {
            let mut t = PackedTable::with_budget(0);
            let value = |k: u64| k % 250;
            for k in &keys {
                t.put(k, value(*k));
            }
            prop_assert!(Table::<u64>::len(&t) <= t.capacity());
            prop_assert!(Table::<u64>::dropped(&t) > 0);
            for k in &keys {
                if let Some(v) = t.get(k) {
                    prop_assert_eq!(v, value(*k));
                }
            }
            // The newest entry is always still there.
            let last = keys[keys.len() - 1];
            prop_assert_eq!(t.get(&last), Some(value(last)));
        }
    }

    #[test]
    fn large_values_are_declined() {
        let mut t = PackedTable::with_budget(1 << 20);
        t.put(&7u64, 255);
        assert_eq!(Table::<u64>::get(&t, &7), None);
        t.put(&7u64, 254);
        assert_eq!(Table::<u64>::get(&t, &7), Some(254));
    }

    #[test]
    fn the_budget_bounds_the_table() {
        let budget = 1 << 20;
        let mut t = PackedTable::with_budget(budget);
        for k in 0..1_000_000u64 {
            t.put(&k, k % 7);
        }
        assert!(Table::<u64>::bytes(&t) <= budget);
        let mut m: MapTable<u64> = MapTable::with_budget(1 << 16);
        for k in 0..100_000u64 {
            m.put(&k, 1);
        }
        assert!(m.len() < 100_000 && m.dropped() > 0);
    }
}
