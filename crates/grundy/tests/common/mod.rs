//! Shared by the board tests: Cram with nothing clever, and random blocked boards.

use grundy::games::board::{Bits, Cram, CramOn};
use grundy::{Components, Game};

/// Cram with every position as it is: no regions, no canonical forms, no reductions.
pub struct PlainCram<B: Bits = u64>(pub CramOn<B>);

impl<B: Bits> Game for PlainCram<B> {
    type Position = B;
    fn options(&self, free: &B, out: &mut Vec<Components<B>>) {
        for p in self.0.placements(*free) {
            out.push(Components::from_elem(self.0.after(*free, p), 1));
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
