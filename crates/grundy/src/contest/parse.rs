//! Whole contest inputs read into values: the inverse of [`Instance::text`], with the
//! accepted limits (wider than the statements', see [`Accepted`]) and one-line errors
//! naming the input, the line and what was expected.

use super::{Board, CakeQuery, CakeTest, Instance, Problem};
use crate::games::in_play::{INVENTOR_LIMITS, LAVA_LIMITS, Limits, read_grid};
use crate::games::lame_queen;
use crate::parse::{Found, Input, ParseError, Tokens};
use crate::report::Error;

/// What grundy accepts, past the statements' own limits (which [`Problem::case_limit`]
/// and the generators keep to).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accepted;

impl Accepted {
    /// shgame: the most test cases.
    pub const SHEETS: u64 = 1_000_000;
    /// shgame: the longest side (the count of winning marks is exact up to here).
    pub const SHEET_SIDE: u64 = crate::analysis::sheet::MAX_SIDE;
    /// lamqugam: the most queries.
    pub const QUERIES: u64 = 1_000_000;
    /// inventor-outlasting and caos3: the most boards.
    pub const BOARDS: u64 = 1000;
    /// pshtbrth: the most tests.
    pub const CAKE_TESTS: u64 = 100;
    /// pshtbrth: the most cakes, and the most queries, in one test.
    pub const CAKES: u64 = 1_000_000;
}

/// Reads a whole input of `problem`.
pub fn parse(problem: Problem, input: &Input) -> Result<Instance, Error> {
    let mut t = Tokens::new(&input.bytes);
    let instance = read(problem, &mut t).map_err(|e| input.error(e))?;
    t.end().map_err(|e| input.error(e))?;
    Ok(instance)
}

fn read(problem: Problem, t: &mut Tokens) -> Result<Instance, ParseError> {
    Ok(match problem {
        Problem::Shgame => {
            let cases = t.u64_in("the number of test cases T", 1, Accepted::SHEETS)?;
            let mut sheets = Vec::with_capacity(cases as usize);
            for _ in 0..cases {
                let n = t.u64_in("N", 1, Accepted::SHEET_SIDE)?;
                let m = t.u64_in("M", 1, Accepted::SHEET_SIDE)?;
                sheets.push((n, m));
            }
            Instance::Shgame(sheets)
        }
        Problem::Lamqugam => {
            let d = t.u64_in("d", 1, lame_queen::MAX_STEP)?;
            let count = t.u64_in("the number of queries T", 1, Accepted::QUERIES)?;
            let coord = lame_queen::MAX_COORD;
            let mut queries = Vec::with_capacity(count as usize);
            for _ in 0..count {
                let x1 = t.u64_in("x1", 1, coord)?;
                let y1 = t.u64_in("y1", 1, coord)?;
                let x2 = t.u64_in("x2", 1, coord)?;
                if x2 < x1 {
                    return Err(out_of_order(t.line(), "x2", "x1", x1, x2));
                }
                let y2 = t.u64_in("y2", 1, coord)?;
                if y2 < y1 {
                    return Err(out_of_order(t.line(), "y2", "y1", y1, y2));
                }
                queries.push([x1, y1, x2, y2]);
            }
            Instance::Lamqugam { d, queries }
        }
        Problem::InventorOutlasting => {
            Instance::InventorOutlasting(boards(t, &INVENTOR_LIMITS, b"X.", b'X')?)
        }
        Problem::Caos3 => Instance::Caos3(boards(t, &LAVA_LIMITS, b"#^", b'^')?),
        Problem::Pshtbrth => {
            let tests = t.u64_in("the number of tests T", 1, Accepted::CAKE_TESTS)?;
            let mut out = Vec::with_capacity(tests as usize);
            for _ in 0..tests {
                out.push(cake_test(t)?);
            }
            Instance::Pshtbrth(out)
        }
    })
}

fn out_of_order(line: usize, name: &str, low_name: &str, low: u64, value: u64) -> ParseError {
    ParseError {
        line,
        expected: format!("{name} at least {low_name} = {low}"),
        found: Found::Value(value.to_string()),
    }
}

/// `T`, then T boards of `alphabet`, `set` the character of a set cell.
fn boards(
    t: &mut Tokens,
    limits: &Limits,
    alphabet: &[u8],
    set: u8,
) -> Result<Vec<Board>, ParseError> {
    let cases = t.u64_in("the number of test cases T", 1, Accepted::BOARDS)?;
    let mut boards = Vec::with_capacity(cases as usize);
    for _ in 0..cases {
        let grid = read_grid(t, limits, alphabet)?;
        boards.push(Board {
            rows: grid.rows,
            cols: grid.cols,
            cells: grid.cells.iter().map(|&b| b == set).collect(),
        });
    }
    Ok(boards)
}

/// One 4×4 cake as a mask, bit 4·r + c for row r, column c.
fn cake(t: &mut Tokens) -> Result<u16, ParseError> {
    let mut mask = 0u16;
    for r in 0..4 {
        // Four binary digits fit.
        mask |= (t.binary_row(4)? as u16) << (4 * r);
    }
    Ok(mask)
}

fn cake_test(t: &mut Tokens) -> Result<CakeTest, ParseError> {
    let n = t.u64_in("the number of cakes N", 1, Accepted::CAKES)? as usize;
    let m = t.u64_in("the number of queries M", 1, Accepted::CAKES)? as usize;
    let mut cakes = Vec::with_capacity(n);
    for _ in 0..n {
        cakes.push(cake(t)?);
    }
    let mut queries = Vec::with_capacity(m);
    for _ in 0..m {
        queries.push(match t.u64_in("a query type (1 or 2)", 1, 2)? {
            1 => {
                let l = t.u64_in("L", 1, n as u64)?;
                let r = t.u64_in("R", 1, n as u64)?;
                if r < l {
                    return Err(ParseError {
                        line: t.line(),
                        expected: format!("R at least L = {l}"),
                        found: Found::Value(r.to_string()),
                    });
                }
                CakeQuery::Who(l as usize, r as usize)
            }
            _ => {
                let pos = t.u64_in("pos", 1, n as u64)? as usize;
                CakeQuery::Replace(pos, cake(t)?)
            }
        });
    }
    Ok(CakeTest { cakes, queries })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::contest::Size;

    fn problem() -> impl Strategy<Value = Problem> {
        prop::sample::select(Problem::ALL.iter().map(|p| p.0).collect::<Vec<_>>())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Reading an input back gives the instance it was written from.
        #[test]
        fn parse_reads_back_what_text_writes(
            problem in problem(),
            size in prop::sample::select(vec![Size::Small, Size::Medium]),
            seed in any::<u64>(),
        ) {
            let instance = Instance::generate(problem, size, None, seed);
            let input = Input::new("<generated>", instance.text());
            prop_assert_eq!(parse(problem, &input), Ok(instance));
        }
    }

    #[test]
    fn the_largest_inputs_read_back_too() {
        for (problem, _, _) in Problem::ALL {
            for size in [Size::Max, Size::Worst] {
                let instance = Instance::generate(problem, size, None, 3);
                let input = Input::new("<generated>", instance.text());
                assert!(
                    parse(problem, &input) == Ok(instance),
                    "{problem:?} {size:?}"
                );
            }
        }
    }

    #[test]
    fn bad_inputs_name_the_input_and_the_line() {
        let e = parse(Problem::Lamqugam, &Input::new("q.txt", "2 1\n5 1 3 7\n")).unwrap_err();
        assert_eq!(e.message, "q.txt:2: expected x2 at least x1 = 5, found 3");
        let e = parse(Problem::Shgame, &Input::new("s.txt", "2\n3 3\n")).unwrap_err();
        assert_eq!(
            e.message,
            "s.txt:3: expected N (1 to 1000000000000000000), found end of input"
        );
        let e = parse(
            Problem::Pshtbrth,
            &Input::new("c", "1\n1 1\n1111\n0000\n0000\n0000\n1 1 2\n"),
        );
        assert!(e.is_err_and(|e| e.message.starts_with("c:7: expected R (1 to 1)")));
    }
}
