//! pshtbrth — "Pishty and birthday": cakes of candles, range queries of who wins.
//!
//! Input: T; per test `N M`, N cakes (4 rows of 4 `0`/`1`), then M queries: `1 L R` (who
//! wins on cakes L..R: `Pishty` moves first, else `Lotsy`) or `2 pos` and four rows
//! (replace cake pos). Tokens are read whitespace-separated, so blank lines are optional.

use grundy::games::bitboard::{Shape, Table};
use grundy::index::{Fenwick, Xor8};
use grundy::parse::{Found, ParseError, Tokens};
use grundy::report::cakes::winner_name as name;

use super::{Input, read_cases};
use crate::Failure;

/// The most tests in one input.
const MAX_TESTS: u64 = 100;
/// The most cakes and queries in one test (the contest has 10^5).
const MAX_CAKES: u64 = 1_000_000;

/// Reads one 4×4 cake as a mask, bit 4·r + c for row r, column c.
fn read_cake(t: &mut Tokens) -> Result<u32, ParseError> {
    let mut mask = 0;
    for r in 0..4 {
        mask |= t.binary_row(4)? << (4 * r);
    }
    Ok(mask)
}

pub fn solve(input: &Input) -> Result<Vec<u8>, Failure> {
    let err = |e| input.error(e);
    let shape = Shape::new(4, 4).map_err(Failure::other)?;
    let table = Table::build(shape, &mut grundy::NoProgress);
    let mut t = Tokens::new(&input.bytes);
    let tests = read_cases(&mut t, input, "the number of tests T", MAX_TESTS)?;
    let mut out = Vec::with_capacity(1 << 16);
    for _ in 0..tests {
        let n = t
            .u64_in("the number of cakes N", 1, MAX_CAKES)
            .map_err(err)? as usize;
        let m = t
            .u64_in("the number of queries M", 1, MAX_CAKES)
            .map_err(err)?;
        let mut values = Vec::with_capacity(n);
        for _ in 0..n {
            values.push(Xor8(
                table.values()[read_cake(&mut t).map_err(err)? as usize],
            ));
        }
        let mut tree = Fenwick::from_values(&values);
        for _ in 0..m {
            match t.u64_in("a query type (1 or 2)", 1, 2).map_err(err)? {
                1 => {
                    let l = t.u64_in("L", 1, n as u64).map_err(err)?;
                    let r = t.u64_in("R", 1, n as u64).map_err(err)?;
                    if r < l {
                        return Err(Failure::from(err(ParseError {
                            line: t.line(),
                            expected: format!("R at least L = {l}"),
                            found: Found::Value(r.to_string()),
                        })));
                    }
                    let x = tree.range(l as usize - 1, r as usize);
                    out.extend_from_slice(name(x.0 != 0).as_bytes());
                    out.push(b'\n');
                }
                _ => {
                    let pos = t.u64_in("pos", 1, n as u64).map_err(err)? as usize - 1;
                    let new = Xor8(table.values()[read_cake(&mut t).map_err(err)? as usize]);
                    tree.add(pos, Xor8(values[pos].0 ^ new.0));
                    values[pos] = new;
                }
            }
        }
    }
    t.end().map_err(err)?;
    Ok(out)
}
