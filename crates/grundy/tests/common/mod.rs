//! Shared by the board tests: Cram with nothing clever, and random blocked boards.

use grundy::games::board::Cram;
use grundy::{Components, Game};

/// Cram with every position as it is: no regions, no canonical forms, no reductions.
pub struct PlainCram(pub Cram);

impl Game for PlainCram {
    type Position = u64;
    fn options(&self, free: &u64, out: &mut Vec<Components<u64>>) {
        for p in self.0.placements(*free) {
            out.push(Components::from_elem(
                free & !(1 << p.first) & !(1 << p.second),
                1,
            ));
        }
    }
}

/// A board with about a half, a quarter, an eighth or a sixteenth of its cells blocked
/// (`density` 0 to 3), from random `bits`.
pub fn blocked(cram: &Cram, bits: u64, density: u32) -> u64 {
    let mut mask = bits;
    for k in 0..density {
        mask &= bits.rotate_left(17 * (k + 1));
    }
    cram.full() & !mask
}
