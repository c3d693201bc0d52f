//! The plain table loop of a take-and-break game: every option of every heap, in order.

use super::{HeapError, Values, ValuesRef, Watch};
use crate::games::TakeBreak;
use crate::nimber::MexSet;
use crate::work;

/// Values of heaps 0..=upto of `octal`, going on from `start`; with `use_period`, stopped
/// as soon as the values prove a period (the values computed are returned, the period
/// gives the rest). Refused before starting when the estimated work of the whole loop is
/// past `budget` steps, and again when the values outgrow a byte.
pub(crate) fn octal(
    octal: &TakeBreak,
    upto: usize,
    use_period: bool,
    start: Vec<u32>,
    watch: &mut dyn Watch,
    budget: u64,
) -> Result<Vec<u32>, HeapError> {
    let task = || format!("the table of {} up to {upto}", octal.short_name());
    work::check(octal.table_steps(upto as u64), budget, task)?;
    let mut table = Table::new(upto);
    for v in start {
        table.push(v);
    }
    let mut set = MexSet::new();
    let mut next_period_check = 64usize.max(table.values.len().next_power_of_two());
    let mut next_tick = 0;
    let mut n = table.values.len();
    while n <= upto {
        set.reset(octal.option_count(n));
        for (k, &d) in octal.digits().iter().enumerate() {
            if k > n {
                break;
            }
            let m = n - k;
            if d & 1 != 0 && m == 0 && k > 0 {
                set.insert(0);
            }
            if d & 2 != 0 && m > 0 && k > 0 {
                set.insert(u64::from(table.values[m]));
            }
            if d & 4 != 0 && m >= 2 {
                table.mark_splits(m, octal.unequal(), &mut set);
            }
            if d & 8 != 0 && m >= 3 {
                let g = &table.values;
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        set.insert(u64::from(g[a] ^ g[b] ^ g[m - a - b]));
                    }
                }
            }
        }
        let was_narrow = table.bytes.is_some();
        table.push(set.mex() as u32);
        if was_narrow && table.bytes.is_none() {
            let rest = octal.split_pairs(upto as u64) - octal.split_pairs(n as u64);
            let wide = octal.table_steps(upto as u64) + rest * u128::from(work::WIDE_PAIR - 1);
            work::check(wide, budget, || {
                format!("{}, with values past 255 from heap {n} on,", task())
            })?;
        }
        n += 1;
        if n >= next_tick {
            // Every 2^20 pairs or so, and at most every 1024 heaps.
            next_tick = n + (1 << 20) / n.max(1) + 1;
            next_tick = next_tick.min(n + 1024);
            crate::stop::check();
            if !watch.tick(ValuesRef::Wide(&table.values)) {
                return Err(HeapError::Stopped {
                    values: Values::Wide(table.values),
                });
            }
        }
        if use_period && n == next_period_check {
            // Checking at doublings keeps the cost of the checks linear overall.
            next_period_check *= 2;
            if octal.proven_period(&table.values).is_some() {
                return Ok(table.values);
            }
        }
    }
    Ok(table.values)
}

/// The values computed so far, with the copies the split loop reads fast.
struct Table {
    values: Vec<u32>,
    /// While every value fits a byte: the values as bytes, and reversed (`reversed[upto − i]`
    /// is g(i)), so that g(a) and g(m − a) are both read forwards in the split loop.
    bytes: Option<(Vec<u8>, Vec<u8>)>,
    upto: usize,
}

impl Table {
    fn new(upto: usize) -> Table {
        Table {
            values: Vec::with_capacity(upto + 1),
            bytes: Some((Vec::with_capacity(upto + 1), vec![0; upto + 1])),
            upto,
        }
    }

    fn push(&mut self, v: u32) {
        let n = self.values.len();
        self.values.push(v);
        if let Some((forward, reversed)) = &mut self.bytes {
            match u8::try_from(v) {
                Ok(b) => {
                    forward.push(b);
                    reversed[self.upto - n] = b;
                }
                Err(_) => self.bytes = None,
            }
        }
    }

    /// Marks g(a) XOR g(m − a) for every split of a heap of m into two non-empty heaps.
    /// With `unequal`, only a < m − a (Grundy's game).
    fn mark_splits(&self, m: usize, unequal: bool, set: &mut MexSet) {
        let half = if unequal { (m - 1) / 2 } else { m / 2 };
        if half == 0 {
            return;
        }
        match &self.bytes {
            Some((forward, reversed)) => {
                let low = &forward[1..=half];
                let high = &reversed[self.upto - m + 1..=self.upto - m + half];
                let mut seen = [false; 256];
                mark_byte_pairs(low, high, &mut seen);
                for (v, _) in seen.iter().enumerate().filter(|(_, s)| **s) {
                    set.insert(v as u64);
                }
            }
            None => {
                let g = &self.values;
                for a in 1..=half {
                    set.insert(u64::from(g[a] ^ g[m - a]));
                }
            }
        }
    }
}

/// Sets `seen[a ^ b]` for each pair.
fn mark_byte_pairs(low: &[u8], high: &[u8], seen: &mut [bool; 256]) {
    // Four independent stores a step; no value depends on the one before.
    let mut lows = low.chunks_exact(4);
    let mut highs = high.chunks_exact(4);
    for (l, h) in (&mut lows).zip(&mut highs) {
        seen[usize::from(l[0] ^ h[0])] = true;
        seen[usize::from(l[1] ^ h[1])] = true;
        seen[usize::from(l[2] ^ h[2])] = true;
        seen[usize::from(l[3] ^ h[3])] = true;
    }
    for (&a, &b) in lows.remainder().iter().zip(highs.remainder()) {
        seen[usize::from(a ^ b)] = true;
    }
}
