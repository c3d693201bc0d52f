//! pshtbrth — "Pishty and birthday": cakes of candles, range queries of who wins.
//!
//! Input: T; per test `N M`, N cakes (4 rows of 4 `0`/`1`), then M queries: `1 L R` (who
//! wins on cakes L..R: `Pishty` moves first, else `Lotsy`) or `2 pos` and four rows
//! (replace cake pos). Tokens are read whitespace-separated, so blank lines are optional.

use crate::contest::{CakeQuery, CakeTest};
use crate::games::cakes::Shape;
use crate::index::{Fenwick, Xor8};
use crate::report::cakes::winner_name as name;
use crate::solve::cakes::Table;

use crate::report::Error;

/// The answers to every test's queries.
pub fn solve(tests: &[CakeTest]) -> Result<Vec<u8>, Error> {
    let shape = Shape::new(4, 4).map_err(|e| Error::failed(e.to_string()))?;
    let table = Table::build(shape, &mut crate::NoProgress);
    // A cake's mask is its 16 candles, bit 4·r + c: the table's own numbering for 4×4.
    let value = |cake: u16| Xor8(table.values()[usize::from(cake)]);
    let mut out = Vec::with_capacity(1 << 16);
    for test in tests {
        let mut values: Vec<Xor8> = test.cakes.iter().map(|&c| value(c)).collect();
        let mut tree = Fenwick::from_values(&values);
        for q in &test.queries {
            match *q {
                CakeQuery::Who(l, r) => {
                    let x = tree.range(l - 1, r);
                    out.extend_from_slice(name(x.0 != 0).as_bytes());
                    out.push(b'\n');
                }
                CakeQuery::Replace(pos, cake) => {
                    let new = value(cake);
                    tree.add(pos - 1, Xor8(values[pos - 1].0 ^ new.0));
                    values[pos - 1] = new;
                }
            }
        }
    }
    Ok(out)
}
