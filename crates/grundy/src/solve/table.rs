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

/// A position that packs into one [`Word`] without loss (two positions with the same
/// packing are the same position).
pub trait Packed {
    /// The word it packs into.
    type Word: Word;
    /// The packing.
    fn packed(&self) -> Self::Word;
}

impl Packed for u64 {
    type Word = u64;
    fn packed(&self) -> u64 {
        *self
    }
}

impl Packed for u128 {
    type Word = u128;
    fn packed(&self) -> u128 {
        *self
    }
}

/// The word a packed table keys by, and makes its entries of: `u64` for positions of up
/// to 64 bits, `u128` for wider ones. An entry is the key's tag (the mixed key without its
/// line bits) shifted up a byte, with the byte: one word, so it is read and written whole.
pub trait Word:
    Copy
    + Eq
    + Default
    + Send
    + Sync
    + 'static
    + From<u8>
    + std::ops::BitOr<Output = Self>
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Shr<u32, Output = Self>
{
    /// Bytes in the word.
    const BYTES: usize;
    /// The word shared between threads.
    type Atomic: Send + Sync;
    /// `n` shared words holding 0, of which the system provides only the pages written
    /// to: the larger lines a table grows into cost memory as the entries are copied in.
    fn zeroed(n: usize) -> Box<[Self::Atomic]>;
    /// Reads a shared word.
    fn load(a: &Self::Atomic) -> Self;
    /// Writes a shared word.
    fn store(a: &Self::Atomic, v: Self);
    /// Writes `new` when the word still holds `old`.
    fn replace(a: &Self::Atomic, old: Self, new: Self);
    /// A bijection of the word that spreads keys over lines (it can be undone, so the
    /// line index need not be stored).
    fn mix(self) -> Self;
    /// The low `bits` bits, as an index.
    fn low(self, bits: u32) -> usize;
    /// The index `i` as a word.
    fn of_index(i: usize) -> Self;
    /// The low byte.
    fn byte(self) -> u8;
    /// Appends the word's bytes, little end first.
    fn put_bytes(self, out: &mut Vec<u8>);
    /// The word of `Self::BYTES` bytes, little end first.
    fn from_bytes(bytes: &[u8]) -> Self;
}

impl Word for u64 {
    const BYTES: usize = 8;
    type Atomic = AtomicU64;
    fn zeroed(n: usize) -> Box<[AtomicU64]> {
        // SAFETY: an `AtomicU64` has the in-memory representation of a `u64`, so all-zero
        // bytes are `AtomicU64::new(0)`.
        unsafe { zeroed_slice(n) }
    }
    fn load(a: &AtomicU64) -> u64 {
        a.load(Ordering::Relaxed)
    }
    fn store(a: &AtomicU64, v: u64) {
        a.store(v, Ordering::Relaxed);
    }
    fn replace(a: &AtomicU64, old: u64, new: u64) {
        let _ = a.compare_exchange(old, new, Ordering::Relaxed, Ordering::Relaxed);
    }
    /// The splitmix64 finaliser.
    fn mix(self) -> u64 {
        let mut z = self;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn low(self, bits: u32) -> usize {
        (self & ((1 << bits) - 1)) as usize
    }
    fn of_index(i: usize) -> u64 {
        i as u64
    }
    fn byte(self) -> u8 {
        self as u8
    }
    fn put_bytes(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn from_bytes(bytes: &[u8]) -> u64 {
        u64::from_le_bytes(bytes.try_into().expect("8 bytes"))
    }
}

impl Word for u128 {
    const BYTES: usize = 16;
    type Atomic = portable_atomic::AtomicU128;
    fn zeroed(n: usize) -> Box<[portable_atomic::AtomicU128]> {
        // SAFETY: portable-atomic's `AtomicU128` has the in-memory representation of a
        // `u128` (its documentation says so), so all-zero bytes are `AtomicU128::new(0)`.
        unsafe { zeroed_slice(n) }
    }
    fn load(a: &portable_atomic::AtomicU128) -> u128 {
        a.load(Ordering::Relaxed)
    }
    fn store(a: &portable_atomic::AtomicU128, v: u128) {
        a.store(v, Ordering::Relaxed);
    }
    fn replace(a: &portable_atomic::AtomicU128, old: u128, new: u128) {
        let _ = a.compare_exchange(old, new, Ordering::Relaxed, Ordering::Relaxed);
    }
    /// Xor-shifts and multiplications by odd constants, each a bijection; the last
    /// xor-shift brings the high half, which every input bit has reached, into the low
    /// bits that pick the line.
    fn mix(self) -> u128 {
        let mut z = self;
        z = (z ^ (z >> 64)).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835);
        z = (z ^ (z >> 61)).wrapping_mul(0xbf58_476d_1ce4_e5b9_94d0_49bb_1331_11eb);
        z ^ (z >> 64)
    }
    fn low(self, bits: u32) -> usize {
        (self & ((1 << bits) - 1)) as usize
    }
    fn of_index(i: usize) -> u128 {
        i as u128
    }
    fn byte(self) -> u8 {
        self as u8
    }
    fn put_bytes(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn from_bytes(bytes: &[u8]) -> u128 {
        u128::from_le_bytes(bytes.try_into().expect("16 bytes"))
    }
}

/// `n` values of `T`, every byte zero, allocated zeroed (the system maps the pages as they
/// are first written).
///
/// # Safety
///
/// All-zero bytes must be a valid value of `T`.
unsafe fn zeroed_slice<T>(n: usize) -> Box<[T]> {
    let layout = std::alloc::Layout::array::<T>(n).expect("a table of at most 2^51 words");
    if layout.size() == 0 {
        return (0..n)
            .map(|_| {
                // SAFETY: the caller vouches that all-zero bytes are a `T`.
                unsafe { std::mem::zeroed() }
            })
            .collect();
    }
    // SAFETY: the layout is that of `[T; n]`, which is what the box built from the pointer
    // frees with; every element is all-zero bytes, a valid `T` by the caller's promise; a
    // null pointer (allocation failure) goes to the allocation error handler, never
    // dereferenced.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<T>();
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, n))
    }
}

const WAYS: usize = 8;
/// The fewest lines: the line index must take at least 8 bits of the mixed key so the
/// rest fits beside the value byte.
const MIN_BITS: u32 = 8;

/// Eight entries, newest first, starting a cache line (one line of `u64`s, two of
/// `u128`s).
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket<W>([W; WAYS]);

/// Bytes a line of entries of `W` takes.
const fn line_bytes<W>() -> usize {
    std::mem::size_of::<Bucket<W>>()
}

/// The entry for mixed key `m` in a table of `2^bits` lines, with `byte`.
fn entry<W: Word>(m: W, bits: u32, byte: u8) -> W {
    ((m >> bits) << 8) | W::from(byte)
}

/// The tag an entry holds (its mixed key without the line bits).
fn tag_of<W: Word>(e: W) -> W {
    e >> 8
}

/// The mixed key of entry `e` found in line `line` of a table of `2^bits` lines.
fn key_of<W: Word>(e: W, bits: u32, line: usize) -> W {
    (tag_of(e) << bits) | W::of_index(line)
}

/// Lines of eight one-word entries: the mixed key without its line bits, and a nonzero
/// byte. Newest first, so the first empty slot ends a scan; doubling up to a budget,
/// then the oldest entry of a full line makes room.
struct Lines<W> {
    lines: Vec<Bucket<W>>,
    bits: u32,
    max_bits: u32,
    len: usize,
    dropped: u64,
}

impl<W: Word> Lines<W> {
    fn with_budget(budget: usize) -> Lines<W> {
        let mut max_bits = MIN_BITS;
        // Growing to 2^(b+1) lines holds 2^b + 2^(b+1) lines at once.
        while max_bits < 48 && 3 * (line_bytes::<W>() << max_bits) <= budget {
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

    fn slot(&self, m: W) -> (usize, W) {
        (m.low(self.bits), m >> self.bits)
    }

    /// The byte stored for mixed key `m`.
    fn get(&self, m: W) -> Option<u8> {
        let (line, tag) = self.slot(m);
        for &e in &self.lines[line].0 {
            if e == W::default() {
                return None;
            }
            if tag_of(e) == tag {
                return Some(e.byte());
            }
        }
        None
    }

    /// Stores `byte` (nonzero) for `m`, or ORs it into the byte already there when `merge`.
    fn put(&mut self, m: W, byte: u8, merge: bool) {
        debug_assert!(byte != 0);
        if self.bits < self.max_bits && self.len * 4 >= (WAYS << self.bits) * 3 {
            self.grow();
        }
        let (mut line, mut tag) = self.slot(m);
        if let Some(slot) = self.lines[line]
            .0
            .iter_mut()
            .find(|e| tag_of(**e) == tag && **e != W::default())
        {
            if merge {
                *slot = *slot | W::from(byte);
            }
            return;
        }
        // A full line grows the table while the budget allows and the table is at least
        // half full; a sparser table keeps its size (smaller is faster: it stays in cache)
        // and the line drops its oldest entry.
        while self.lines[line].0[WAYS - 1] != W::default()
            && self.bits < self.max_bits
            && self.len * 2 >= WAYS << self.bits
        {
            self.grow();
            (line, tag) = self.slot(m);
        }
        let entries = &mut self.lines[line].0;
        let oldest = entries[WAYS - 1];
        entries.copy_within(0..WAYS - 1, 1);
        entries[0] = (tag << 8) | W::from(byte);
        if oldest == W::default() {
            self.len += 1;
        } else {
            self.dropped += 1;
        }
    }

    fn grow(&mut self) {
        let bits = self.bits + 1;
        let mut grown = vec![Bucket::<W>::default(); 1 << bits];
        for (b, line) in self.lines.iter().enumerate() {
            // Oldest first, so each new line keeps the newest-first order.
            for &e in line.0.iter().rev() {
                if e == W::default() {
                    continue;
                }
                let m = key_of(e, self.bits, b);
                let to = &mut grown[m.low(bits)].0;
                to.copy_within(0..WAYS - 1, 1);
                to[0] = entry(m, bits, e.byte());
            }
        }
        self.lines = grown;
        self.bits = bits;
    }

    fn capacity(&self) -> usize {
        WAYS << self.max_bits
    }

    fn bytes(&self) -> usize {
        self.lines.len() * line_bytes::<W>()
    }
}

/// A fixed-budget table of packed keys, one word an entry: values (plus one, so values of
/// 255 and more are not stored) in seven eighths of the budget, and in the rest the values
/// 0 to 7 that cut-off searches ruled out.
pub struct PackedTable<W = u64> {
    values: Lines<W>,
    bounds: Lines<W>,
    /// The most lines the budget gives the bounds, whatever the values hold.
    bounds_max_bits: u32,
}

/// The bounds keep at most `2^BOUNDS_LEAD` times as many lines as the values have now.
///
/// A cut-off search leaves a bound on most positions it gives up on, about eight for each
/// value proved (Cram 5 × 7: 420,000 bounds beside 53,000 values), so bounds left to grow
/// to their budget took eight times the values' memory. Held to the values' size they drop
/// their oldest entries instead; on Cram 5 × 7, 4 × 9, 5 × 8 and 3 × 14 that made the
/// search no slower (a little faster: the lines stay in cache) and cut the process's memory
/// by a third to two thirds (BENCHMARKS.md, "Bounds held to the values' size").
const BOUNDS_LEAD: u32 = 0;

impl<W: Word> PackedTable<W> {
    /// A table that never holds more than `budget` bytes, growing as needed. Budgets under
    /// about 64 KiB get the smallest table, 32 KiB (64 KiB of `u128`s).
    pub fn with_budget(budget: usize) -> PackedTable<W> {
        let bounds = Lines::with_budget(budget / 8);
        PackedTable {
            values: Lines::with_budget(budget / 8 * 7),
            bounds_max_bits: bounds.max_bits,
            bounds,
        }
    }

    /// The most values the budget allows.
    pub fn capacity(&self) -> usize {
        self.values.capacity()
    }
}

impl<W: Word, P: Packed<Word = W>> Table<P> for PackedTable<W> {
    fn get(&self, p: &P) -> Option<u64> {
        self.values.get(p.packed().mix()).map(|b| u64::from(b) - 1)
    }

    fn put(&mut self, p: &P, value: u64) {
        if value >= 255 {
            self.values.dropped += 1;
            return;
        }
        self.values.put(p.packed().mix(), value as u8 + 1, false);
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
        self.bounds.get(p.packed().mix()).map_or(0, u64::from)
    }

    fn exclude(&mut self, p: &P, values: u64) {
        let byte = values as u8;
        if byte != 0 {
            self.bounds.max_bits = self.bounds_max_bits.min(self.values.bits + BOUNDS_LEAD);
            self.bounds.put(p.packed().mix(), byte, true);
        }
    }
}

/// Lines of eight entries as [`Lines`] has them, of a fixed size, that many threads read
/// and write at once (a [`SharedTable`] replaces them by larger ones as they fill). An
/// entry is one word (a key's tag and its byte), read and written whole (a `u128` through
/// the processor's 16-byte atomic instructions, by `portable-atomic`), so a reader sees an
/// entry some writer wrote or nothing: never a torn one. Two writers racing on one line may
/// drop or repeat an entry, which costs time, not correctness, since every entry written
/// is a proved fact.
struct SharedLines<W: Word> {
    lines: Box<[W::Atomic]>,
    bits: u32,
    len: AtomicUsize,
    dropped: AtomicU64,
}

impl<W: Word> SharedLines<W> {
    fn with_bits(bits: u32) -> SharedLines<W> {
        SharedLines {
            lines: W::zeroed(WAYS << bits),
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
    fn grown(&self, grow: u32) -> SharedLines<W> {
        let bits = self.bits + grow;
        let to = SharedLines::with_bits(bits);
        for (i, e) in self.lines.iter().enumerate() {
            let e = W::load(e);
            if e != W::default() {
                to.put(key_of(e, self.bits, i / WAYS), e.byte(), true);
            }
        }
        to
    }

    fn line(&self, m: W) -> (&[W::Atomic], W) {
        let line = m.low(self.bits);
        (&self.lines[line * WAYS..(line + 1) * WAYS], m >> self.bits)
    }

    fn get(&self, m: W) -> Option<u8> {
        let (line, tag) = self.line(m);
        for e in line {
            let e = W::load(e);
            if e == W::default() {
                return None;
            }
            if tag_of(e) == tag {
                return Some(e.byte());
            }
        }
        None
    }

    fn put(&self, m: W, byte: u8, merge: bool) {
        debug_assert!(byte != 0);
        let (line, tag) = self.line(m);
        for e in line {
            let word = W::load(e);
            if word == W::default() {
                break;
            }
            if tag_of(word) == tag {
                if merge {
                    // Only into the word read: another writer may have moved a different
                    // key's entry into this slot since, and its bounds are not ours. A
                    // lost merge loses time only.
                    W::replace(e, word, word | W::from(byte));
                }
                return;
            }
        }
        // Newest first: the others move down one, the oldest falls off the end.
        let oldest = W::load(&line[WAYS - 1]);
        for i in (1..WAYS).rev() {
            W::store(&line[i], W::load(&line[i - 1]));
        }
        W::store(&line[0], (tag << 8) | W::from(byte));
        if oldest == W::default() {
            self.len.fetch_add(1, Ordering::Relaxed);
        } else {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn bytes(&self) -> usize {
        self.lines.len() * W::BYTES
    }
}

/// Lines that grow: the current ones, replaced by larger ones when crowded.
struct Growing<W: Word> {
    current: Mutex<Arc<SharedLines<W>>>,
    max_bits: u32,
    growing: AtomicBool,
}

impl<W: Word> Growing<W> {
    fn with_budget(budget: usize) -> Growing<W> {
        let mut max_bits = MIN_BITS;
        while max_bits < 48 && (line_bytes::<W>() << (max_bits + 1)) <= budget {
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

    fn now(&self) -> Arc<SharedLines<W>> {
        Arc::clone(&self.current.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Replaces crowded `lines` by lines four times as large (twice at the edge of the
    /// budget or of `limit` bits), unless another thread is at it.
    fn grow_from(&self, lines: &SharedLines<W>, limit: u32) {
        let max_bits = self.max_bits.min(limit);
        if lines.bits >= max_bits || !lines.crowded() || self.growing.swap(true, Ordering::Acquire)
        {
            return;
        }
        let grown = Arc::new(lines.grown((max_bits - lines.bits).min(2)));
        *self.current.lock().unwrap_or_else(|e| e.into_inner()) = grown;
        self.growing.store(false, Ordering::Release);
    }
}

/// Lines a shared table starts with: 2^12 lines, 256 KiB of `u64`s.
const SHARED_START_BITS: u32 = 12;
/// Writes a handle makes before it looks for lines grown since.
const REFRESH: u32 = 1024;

/// A [`PackedTable`] that the threads of a parallel search share: each thread's search
/// holds a [`SharedTable::handle`]. It grows as it fills, up to its budget, fourfold at a
/// time: one thread copies the entries into the larger lines while the others go on in
/// the old ones, and each thread moves to the new lines within 1024 writes (what it
/// wrote in the old ones meanwhile may be lost, which costs time, not truth). The same
/// values and bounds go in, whichever thread proved them.
pub struct SharedTable<W: Word = u64> {
    values: Growing<W>,
    bounds: Growing<W>,
}

impl<W: Word> SharedTable<W> {
    /// A table within `budget` bytes.
    pub fn with_budget(budget: usize) -> SharedTable<W> {
        SharedTable {
            values: Growing::with_budget(budget / 8 * 7),
            bounds: Growing::with_budget(budget / 8),
        }
    }

    /// Every entry held now, for a checkpoint: the values' then the bounds', each list a
    /// count (8 bytes) then per entry its key as mixed (a word, little end first) and its
    /// byte. It may be taken while the threads write: what it holds are proved facts all
    /// the same.
    pub fn snapshot(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for lines in [self.values.now(), self.bounds.now()] {
            let at = out.len();
            out.extend_from_slice(&0u64.to_le_bytes());
            let mut count = 0u64;
            for (i, e) in lines.lines.iter().enumerate() {
                let e = W::load(e);
                if e != W::default() {
                    key_of(e, lines.bits, i / WAYS).put_bytes(&mut out);
                    out.push(e.byte());
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
        let size = W::BYTES + 1;
        let mut rest = bytes;
        for (growing, bounds) in [(&self.values, false), (&self.bounds, true)] {
            let limit = if bounds {
                self.values.now().bits + BOUNDS_LEAD
            } else {
                u32::MAX
            };
            let (count, tail) = rest
                .split_first_chunk::<8>()
                .ok_or("the entry count is cut short")?;
            let count = u64::from_le_bytes(*count);
            let need = usize::try_from(count)
                .ok()
                .and_then(|c| c.checked_mul(size))
                .filter(|&n| n <= tail.len())
                .ok_or("fewer entries than the count says")?;
            let (entries, tail) = tail.split_at(need);
            let mut lines = growing.now();
            for (k, e) in entries.chunks_exact(size).enumerate() {
                let m = W::from_bytes(&e[..W::BYTES]);
                if e[W::BYTES] == 0 {
                    return Err("an entry with no value".into());
                }
                lines.put(m, e[W::BYTES], true);
                if k % REFRESH as usize == 0 {
                    growing.grow_from(&lines, limit);
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
    pub fn handle(&self) -> SharedHandle<'_, W> {
        SharedHandle {
            table: self,
            values: self.values.now(),
            bounds: self.bounds.now(),
            writes: 0,
        }
    }

    /// Entries held now.
    pub fn len(&self) -> usize {
        self.values.now().len.load(Ordering::Relaxed)
    }

    /// Whether nothing is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One thread's way into a [`SharedTable`]: the lines it last saw.
pub struct SharedHandle<'a, W: Word = u64> {
    table: &'a SharedTable<W>,
    values: Arc<SharedLines<W>>,
    bounds: Arc<SharedLines<W>>,
    writes: u32,
}

impl<W: Word> SharedHandle<'_, W> {
    fn wrote(&mut self) {
        self.writes += 1;
        if self.writes >= REFRESH {
            self.writes = 0;
            self.table.values.grow_from(&self.values, u32::MAX);
            self.values = self.table.values.now();
            self.table
                .bounds
                .grow_from(&self.bounds, self.values.bits + BOUNDS_LEAD);
            self.bounds = self.table.bounds.now();
        }
    }
}

impl<W: Word, P: Packed<Word = W>> Table<P> for SharedHandle<'_, W> {
    fn get(&self, p: &P) -> Option<u64> {
        self.values.get(p.packed().mix()).map(|b| u64::from(b) - 1)
    }

    fn put(&mut self, p: &P, value: u64) {
        if value >= 255 {
            self.values.dropped.fetch_add(1, Ordering::Relaxed);
            return;
        }
        self.values.put(p.packed().mix(), value as u8 + 1, false);
        self.wrote();
    }

    fn len(&self) -> usize {
        self.table.len()
    }

    fn dropped(&self) -> u64 {
        self.table.values.now().dropped.load(Ordering::Relaxed)
    }

    fn bytes(&self) -> usize {
        self.table.values.now().bytes() + self.table.bounds.now().bytes()
    }

    fn excluded(&self, p: &P) -> u64 {
        self.bounds.get(p.packed().mix()).map_or(0, u64::from)
    }

    fn exclude(&mut self, p: &P, values: u64) {
        let byte = values as u8;
        if byte != 0 {
            self.bounds.put(p.packed().mix(), byte, true);
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
            assert!(seen.insert(x.wrapping_mul(0x9e37_79b9_7f4a_7c15).mix()));
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

    /// Keys of `u128` spread over the whole word (so the high half decides), both tables.
    fn wide(k: u64, i: usize) -> u128 {
        (u128::from(k) << 64) | (i as u128 % 3)
    }

    proptest! {
        /// The `u128` word keeps what it is given and tells keys apart by their high half.
        #[test]
        fn wide_tables_keep_what_fits(keys in prop::collection::vec(any::<u64>(), 1..3000)) {
            let mut t: PackedTable<u128> = PackedTable::with_budget(64 << 20);
            let shared: SharedTable<u128> = SharedTable::with_budget(64 << 20);
            let mut h = shared.handle();
            let mut expected = std::collections::HashMap::new();
            for (i, &k) in keys.iter().enumerate() {
                let key = wide(k, i);
                t.put(&key, (i % 200) as u64);
                h.put(&key, (i % 200) as u64);
                h.exclude(&key, 1 << (i % 8));
                expected.entry(key).or_insert((i % 200) as u64);
            }
            let (mut found, mut shared_found) = (0, 0);
            for (k, v) in &expected {
                if let Some(got) = t.get(k) {
                    prop_assert_eq!(got, *v);
                    found += 1;
                }
                if let Some(got) = h.get(k) {
                    prop_assert_eq!(got, *v);
                    shared_found += 1;
                }
                // A key differing in the high half alone is another key.
                let other = k ^ (1 << 100);
                if !expected.contains_key(&other) {
                    prop_assert_eq!(h.get(&other), None);
                    prop_assert_eq!(t.get(&other), None);
                }
            }
            prop_assert!(found * 100 >= expected.len() * 95, "{} of {}", found, expected.len());
            prop_assert!(shared_found * 100 >= expected.len() * 95);
            // A snapshot restored into a fresh table answers the same.
            let copy: SharedTable<u128> = SharedTable::with_budget(64 << 20);
            copy.restore(&shared.snapshot()).unwrap();
            let c = copy.handle();
            for k in expected.keys() {
                prop_assert_eq!(c.get(k), h.get(k));
                prop_assert_eq!(c.excluded(k), h.excluded(k));
            }
            prop_assert_eq!(copy.len(), shared.len());
        }
    }

    #[test]
    fn a_snapshot_of_another_width_or_cut_short_is_refused() {
        let narrow: SharedTable = SharedTable::with_budget(1 << 20);
        let mut h = narrow.handle();
        for k in 0..100u64 {
            h.put(&k, k % 5);
        }
        let bytes = narrow.snapshot();
        let wide: SharedTable<u128> = SharedTable::with_budget(1 << 20);
        assert!(wide.restore(&bytes).is_err());
        assert!(narrow.restore(&bytes[..bytes.len() - 3]).is_err());
        let again: SharedTable = SharedTable::with_budget(1 << 20);
        again.restore(&bytes).unwrap();
        assert_eq!(Table::<u64>::get(&again.handle(), &42), Some(2));
    }

    #[test]
    fn wide_mix_is_a_bijection_on_a_sample() {
        let mut seen = std::collections::HashSet::new();
        for x in 0..100_000u128 {
            assert!(seen.insert((x << 70 | x).mix()));
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

    /// Many bounds beside few values: the bounds keep no more lines than the values have,
    /// whatever the budget, drop their oldest, and what they keep is what was put.
    #[test]
    fn bounds_stay_within_the_values_size() {
        let budget = 64 << 20;
        let mut t = PackedTable::with_budget(budget);
        let shared: SharedTable = SharedTable::with_budget(budget);
        let mut h = shared.handle();
        for k in 0..5_000u64 {
            t.put(&k, k % 5);
            h.put(&k, k % 5);
        }
        let bound = |k: u64| 1 << (k % 7);
        for k in 10_000..500_000u64 {
            t.exclude(&k, bound(k));
            h.exclude(&k, bound(k));
        }
        assert!(t.bounds.lines.len() <= t.values.lines.len() << BOUNDS_LEAD);
        assert!(t.bounds.dropped > 0);
        let (values, bounds) = (shared.values.now(), shared.bounds.now());
        assert!(bounds.bits <= values.bits + BOUNDS_LEAD);
        assert!(bounds.dropped.load(Ordering::Relaxed) > 0);
        for k in 10_000..500_000u64 {
            for got in [
                Table::<u64>::excluded(&t, &k),
                Table::<u64>::excluded(&h, &k),
            ] {
                assert!(got == 0 || got == bound(k), "{k}: {got}");
            }
        }
        // The values are untouched by the bounds' drops.
        let mut found = 0;
        for k in 0..5_000u64 {
            if let Some(v) = Table::<u64>::get(&t, &k) {
                assert_eq!(v, k % 5);
                found += 1;
            }
        }
        assert_eq!(found, Table::<u64>::len(&t));
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
