//! The five contest problems grundy was first built for: their names, the limits their
//! statements set, and generators of valid inputs (for tests, and for `grundy gen`).
//!
//! An [`Instance`] is one whole contest input held as values, not text: it can be
//! generated from a seed ([`Instance::generate`]), written out in the contest's format
//! ([`Instance::text`]), and made smaller one step at a time ([`Instance::smaller`]), which
//! is what a judge needs to cut a failing input down to one a person can read.
//!
//! ```
//! use grundy::contest::{Instance, Problem, Size};
//!
//! let a = Instance::generate(Problem::Shgame, Size::Small, None, 7);
//! let b = Instance::generate(Problem::Shgame, Size::Small, None, 7);
//! assert_eq!(a.text(), b.text());
//! assert!(a.smaller().all(|s| s.text().len() <= a.text().len()));
//! ```

pub mod answers;
mod board;
mod cakes;
mod parse;
mod queen;
mod sheet;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

pub use board::Board;
pub use cakes::{CakeQuery, CakeTest};
pub use parse::{Accepted, parse};

/// The random source of the generators: portable, so a seed gives the same input on every
/// machine.
type Rng = ChaCha8Rng;

/// A contest problem grundy knows by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    /// "A Game With a Sheet of Paper": count the winning marks on N×M sheets.
    Shgame,
    /// "Lame Queen Game": the chance that the second player wins from a random square.
    Lamqugam,
    /// "Inventor Outlasting": count the winning first builds on a board.
    InventorOutlasting,
    /// "Pishty and birthday": who wins on a range of cakes, with cakes replaced.
    Pshtbrth,
    /// "CAO Stage-3": who wins the lava game on a map.
    Caos3,
}

impl Problem {
    /// Every problem, with its contest name and the aliases it also answers to.
    pub const ALL: [(Problem, &'static str, &'static [&'static str]); 5] = [
        (Problem::Shgame, "shgame", &["sheet"]),
        (Problem::Lamqugam, "lamqugam", &["lame-queen"]),
        (
            Problem::InventorOutlasting,
            "inventor-outlasting",
            &["inventor"],
        ),
        (Problem::Pshtbrth, "pshtbrth", &["cakes"]),
        (Problem::Caos3, "caos3", &["lava"]),
    ];

    /// The problem called `name` (a contest name or an alias).
    pub fn from_name(name: &str) -> Option<Problem> {
        Self::ALL
            .iter()
            .find(|(_, n, aliases)| *n == name || aliases.contains(&name))
            .map(|(p, _, _)| *p)
    }

    /// The contest name.
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(p, _, _)| *p == self)
            .map_or("", |(_, n, _)| n)
    }

    /// The most test cases (queries, for lamqugam) the statement allows in one input.
    pub fn case_limit(self) -> usize {
        match self {
            Problem::Shgame => sheet::MAX_CASES,
            Problem::Lamqugam => queen::MAX_QUERIES,
            Problem::InventorOutlasting => board::INVENTOR.max_cases,
            Problem::Pshtbrth => cakes::MAX_TESTS,
            Problem::Caos3 => board::LAVA.max_cases,
        }
    }

    /// Refuses a number of cases outside what the statement allows, saying what it allows.
    pub fn check_cases(self, cases: usize) -> Result<(), String> {
        let limit = self.case_limit();
        if (1..=limit).contains(&cases) {
            return Ok(());
        }
        Err(format!(
            "expected 1 to {limit} {} (the statement's limit for {})",
            self.case_word(),
            self.name()
        ))
    }

    /// What a case is called in this problem's statement, for messages.
    pub fn case_word(self) -> &'static str {
        match self {
            Problem::Lamqugam => "queries",
            Problem::Pshtbrth => "tests",
            _ => "test cases",
        }
    }

    /// "shgame (sheet), lamqugam (lame-queen), ..." for error messages.
    pub fn known_names() -> String {
        Self::ALL
            .iter()
            .map(|(_, n, aliases)| format!("{n} ({})", aliases.join(", ")))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// How big and how hard a generated input is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Size {
    /// A few cases with tiny numbers and boards: easy to read, quick to brute-force.
    Small,
    /// Some cases of moderate size: past what a slow exponential method can do.
    Medium,
    /// The statement's limits, filled with random cases.
    Max,
    /// The statement's limits, filled with the cases that are slowest for the editorial
    /// method and with the traps (P-positions, one-row boards, the edge values).
    Worst,
}

impl Size {
    /// Every size with its name on the command line.
    pub const ALL: [(Size, &'static str); 4] = [
        (Size::Small, "small"),
        (Size::Medium, "medium"),
        (Size::Max, "max"),
        (Size::Worst, "worst"),
    ];
}

/// One whole contest input, as values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Instance {
    /// shgame: the sheets, N × M each.
    Shgame(Vec<(u64, u64)>),
    /// lamqugam: the diagonal step d and the rectangles `[x1, y1, x2, y2]`.
    Lamqugam {
        /// The diagonal step.
        d: u64,
        /// The queries.
        queries: Vec<[u64; 4]>,
    },
    /// inventor-outlasting: the boards, `X` (a spot) where a cell is set.
    InventorOutlasting(Vec<Board>),
    /// pshtbrth: the tests.
    Pshtbrth(Vec<CakeTest>),
    /// caos3: the maps, `^` where a cell is set and `#` elsewhere.
    Caos3(Vec<Board>),
}

/// The analyze input of one case of an instance, and which case it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseInput {
    /// The case in words, like "case 3" or "query 2, its first square (4, 7)".
    pub what: String,
    /// The text `grundy analyze` reads for it.
    pub input: String,
}

impl Instance {
    /// A valid input of `problem` within its statement's limits, the same for the same
    /// seed. `cases` asks for that many test cases (queries for lamqugam), held to
    /// 1..=[`Problem::case_limit`]; without it the size chooses.
    pub fn generate(problem: Problem, size: Size, cases: Option<usize>, seed: u64) -> Instance {
        let mut rng = Rng::seed_from_u64(seed);
        let cases = cases.map(|c| c.clamp(1, problem.case_limit()));
        match problem {
            Problem::Shgame => Instance::Shgame(sheet::generate(size, cases, &mut rng)),
            Problem::Lamqugam => {
                let (d, queries) = queen::generate(size, cases, &mut rng);
                Instance::Lamqugam { d, queries }
            }
            Problem::InventorOutlasting => Instance::InventorOutlasting(board::generate(
                &board::INVENTOR,
                size,
                cases,
                &mut rng,
            )),
            Problem::Pshtbrth => Instance::Pshtbrth(cakes::generate(size, cases, &mut rng)),
            Problem::Caos3 => Instance::Caos3(board::generate(&board::LAVA, size, cases, &mut rng)),
        }
    }

    /// A small input written by hand for `problem`, holding its traps: the position
    /// with no move, strips one cell wide, a position lost for the player to move.
    pub fn example(problem: Problem) -> Instance {
        let board = |rows: &[&str]| {
            let cols = rows[0].len();
            Board {
                rows: rows.len(),
                cols,
                cells: rows
                    .iter()
                    .flat_map(|r| r.bytes().map(|b| b == b'X' || b == b'^'))
                    .collect(),
            }
        };
        match problem {
            Problem::Shgame => Instance::Shgame(vec![
                (1, 1),
                (1, 2),
                (2, 2),
                (3, 3),
                (1, 10),
                (4, 7),
                (5, 8),
            ]),
            Problem::Lamqugam => Instance::Lamqugam {
                d: 2,
                queries: vec![
                    [1, 1, 1, 1],
                    [1, 1, 3, 3],
                    [2, 3, 5, 7],
                    [4, 4, 4, 4],
                    [1, 1, 10, 10],
                ],
            },
            Problem::InventorOutlasting => Instance::InventorOutlasting(vec![
                board(&["X"]),
                board(&["XX", "XX"]),
                board(&["X.X", ".X.", "X.X"]),
                board(&["X.X.X"]),
                board(&["...", "..."]),
            ]),
            Problem::Pshtbrth => Instance::Pshtbrth(vec![CakeTest {
                cakes: vec![0, u16::MAX, 1],
                queries: vec![
                    CakeQuery::Who(1, 1),
                    CakeQuery::Who(1, 3),
                    CakeQuery::Replace(2, 0b0110),
                    CakeQuery::Who(2, 3),
                    CakeQuery::Who(1, 3),
                ],
            }]),
            Problem::Caos3 => Instance::Caos3(vec![
                board(&["^^^^^"; 5]),
                board(&["^^^^^"]),
                board(&["^^^^^^"; 6]),
                board(&["^^^^^", "^^^^^", "^^#^^", "^^^^^", "^^^^^"]),
            ]),
        }
    }

    /// The problem this is an input of.
    pub fn problem(&self) -> Problem {
        match self {
            Instance::Shgame(_) => Problem::Shgame,
            Instance::Lamqugam { .. } => Problem::Lamqugam,
            Instance::InventorOutlasting(_) => Problem::InventorOutlasting,
            Instance::Pshtbrth(_) => Problem::Pshtbrth,
            Instance::Caos3(_) => Problem::Caos3,
        }
    }

    /// The input in the contest's own format.
    pub fn text(&self) -> String {
        match self {
            Instance::Shgame(sheets) => sheet::text(sheets),
            Instance::Lamqugam { d, queries } => queen::text(*d, queries),
            Instance::InventorOutlasting(boards) => board::text(&board::INVENTOR, boards),
            Instance::Pshtbrth(tests) => cakes::text(tests),
            Instance::Caos3(maps) => board::text(&board::LAVA, maps),
        }
    }

    /// The number of test cases (queries for lamqugam).
    pub fn cases(&self) -> usize {
        match self {
            Instance::Shgame(sheets) => sheets.len(),
            Instance::Lamqugam { queries, .. } => queries.len(),
            Instance::InventorOutlasting(boards) | Instance::Caos3(boards) => boards.len(),
            Instance::Pshtbrth(tests) => tests.len(),
        }
    }

    /// Inputs one step smaller than this one, the biggest cuts first: fewer cases, then
    /// smaller cases (smaller numbers, fewer rows, columns, cakes and queries, fewer set
    /// cells). Each is valid; none is this input again; none is built before it is asked
    /// for. Empty when nothing can go.
    pub fn smaller(&self) -> Box<dyn Iterator<Item = Instance> + '_> {
        match self {
            Instance::Shgame(sheets) => Box::new(
                smaller_list(sheets, 1, |s| sheet::smaller(s).into_iter()).map(Instance::Shgame),
            ),
            Instance::Lamqugam { d, queries } => Box::new(
                queen::smaller(*d, queries).map(|(d, queries)| Instance::Lamqugam { d, queries }),
            ),
            Instance::InventorOutlasting(boards) => Box::new(
                smaller_list(boards, 1, |b| b.smaller().into_iter())
                    .map(Instance::InventorOutlasting),
            ),
            Instance::Pshtbrth(tests) => {
                Box::new(smaller_list(tests, 1, CakeTest::smaller).map(Instance::Pshtbrth))
            }
            Instance::Caos3(maps) => {
                Box::new(smaller_list(maps, 1, |b| b.smaller().into_iter()).map(Instance::Caos3))
            }
        }
    }

    /// The case that line `line` (from 0) of the expected output answers, as
    /// `grundy analyze` reads it; `None` past the last line.
    pub fn case_of_line(&self, line: usize) -> Option<CaseInput> {
        match self {
            Instance::Shgame(sheets) => sheets
                .get(line)
                .map(|&(n, m)| sheet::case_input(line, n, m)),
            Instance::Lamqugam { d, queries } => queries.get(line).map(|&[x1, y1, ..]| CaseInput {
                what: format!("query {}, its first square ({x1}, {y1})", line + 1),
                input: format!("{d} {x1} {y1}\n"),
            }),
            Instance::InventorOutlasting(boards) => boards.get(line).map(|b| CaseInput {
                what: format!("case {}", line + 1),
                input: b.text(&board::INVENTOR),
            }),
            Instance::Caos3(maps) => maps.get(line).map(|b| CaseInput {
                what: format!("case {}", line + 1),
                input: b.text(&board::LAVA),
            }),
            Instance::Pshtbrth(tests) => cakes::case_of_line(tests, line),
        }
    }
}

/// The blocks `start..end` of `0..n` to try cutting out: halves, then quarters, and so on
/// down to single items.
fn blocks(n: usize) -> impl Iterator<Item = (usize, usize)> {
    std::iter::successors(Some(n / 2), |&b| (b > 1).then_some(b / 2))
        .filter(|&b| b >= 1)
        .flat_map(move |b| (0..n).step_by(b).map(move |s| (s, (s + b).min(n))))
}

/// Smaller versions of a list: whole blocks of items cut out (halves first, down to single
/// items), keeping at least `keep`; then each item replaced by each of its own smaller
/// versions.
fn smaller_list<'a, T, I>(
    items: &'a [T],
    keep: usize,
    smaller: impl Fn(&'a T) -> I + 'a,
) -> impl Iterator<Item = Vec<T>> + 'a
where
    T: Clone,
    I: Iterator<Item = T> + 'a,
{
    let n = items.len();
    let fewer = blocks(n)
        .filter(move |(s, e)| n - (e - s) >= keep)
        .map(move |(s, e)| {
            let mut kept = items[..s].to_vec();
            kept.extend_from_slice(&items[e..]);
            kept
        });
    let each = items.iter().enumerate().flat_map(move |(i, item)| {
        smaller(item).map(move |s| {
            let mut changed = items.to_vec();
            changed[i] = s;
            changed
        })
    });
    fewer.chain(each)
}

/// A number drawn uniformly from `low..=high`.
fn draw(rng: &mut Rng, low: u64, high: u64) -> u64 {
    use rand::RngExt;
    rng.random_range(low..=high)
}

/// How many of the smallest values a shrunk number tries directly, `low` and up: a failure
/// that needs a number of some parity or residue is found among them, where halving and
/// stepping down by one could both miss it.
const SMALLEST_TRIED: u64 = 6;

/// Smaller values of a number that must stay at least `low`, the smallest first: `low`,
/// `low + 1`, … (a few), then half, then one less.
fn smaller_number(v: u64, low: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let smallest = (0..SMALLEST_TRIED).filter_map(|k| low.checked_add(k));
    for c in smallest.chain([(v / 2).max(low), v.saturating_sub(1).max(low)]) {
        if c < v && !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_shrinks_to_each_of_the_smallest_values_directly() {
        for low in [0, 1, 5] {
            for v in 0..40 {
                let got = smaller_number(v, low);
                assert!(
                    got.iter().all(|&c| low <= c && c < v),
                    "{v} from {low}: {got:?}"
                );
                let mut seen = got.clone();
                seen.dedup();
                assert_eq!(seen.len(), got.len(), "{v}: {got:?}");
                // Every small value below v is tried: 2 from 10, as 1 and 3 are.
                for c in low..v.min(low + SMALLEST_TRIED) {
                    assert!(got.contains(&c), "{v} from {low} leaves out {c}: {got:?}");
                }
                if v > low {
                    assert!(got.contains(&(v - 1)) && got.contains(&(v / 2).max(low)));
                }
            }
        }
        assert_eq!(smaller_number(u64::MAX, u64::MAX - 2).len(), 2);
    }

    /// Why an instance breaks its statement's limits, if it does.
    fn broken_limit(inst: &Instance) -> Option<String> {
        let cases = inst.cases();
        if cases == 0 || cases > inst.problem().case_limit() {
            return Some(format!("{cases} cases"));
        }
        let boards = |boards: &[Board], kind: &board::Kind| {
            boards.iter().find_map(|b| {
                (b.rows == 0
                    || b.cols == 0
                    || b.rows > kind.max_side
                    || b.cols > kind.max_side
                    || b.rows * b.cols > kind.max_cells
                    || b.cells.len() != b.rows * b.cols)
                    .then(|| format!("a {}×{} board", b.rows, b.cols))
            })
        };
        match inst {
            Instance::Shgame(sheets) => sheets
                .iter()
                .find(|&&(n, m)| {
                    !(1..=sheet::MAX_SIDE).contains(&n) || !(1..=sheet::MAX_SIDE).contains(&m)
                })
                .map(|s| format!("sheet {s:?}")),
            Instance::Lamqugam { d, queries } => {
                if !(1..=queen::MAX_D).contains(d) {
                    return Some(format!("d = {d}"));
                }
                queries
                    .iter()
                    .find(|q| {
                        q.iter().any(|&v| !(1..=queen::MAX_COORD).contains(&v))
                            || q[0] > q[2]
                            || q[1] > q[3]
                    })
                    .map(|q| format!("query {q:?}"))
            }
            Instance::InventorOutlasting(b) => boards(b, &board::INVENTOR),
            Instance::Caos3(b) => boards(b, &board::LAVA),
            Instance::Pshtbrth(tests) => tests.iter().find_map(|t| {
                let n = t.cakes.len();
                if n == 0
                    || n > cakes::MAX_CAKES
                    || t.queries.is_empty()
                    || t.queries.len() > cakes::MAX_CAKES
                {
                    return Some(format!("{n} cakes, {} queries", t.queries.len()));
                }
                t.queries.iter().find_map(|q| match *q {
                    CakeQuery::Who(l, r) => {
                        (l < 1 || l > r || r > n).then(|| format!("range {l}..{r} of {n}"))
                    }
                    CakeQuery::Replace(p, _) => {
                        (p < 1 || p > n).then(|| format!("update {p} of {n}"))
                    }
                })
            }),
        }
    }

    fn every_problem() -> impl Iterator<Item = Problem> {
        Problem::ALL.into_iter().map(|(p, _, _)| p)
    }

    #[test]
    fn every_size_stays_within_the_statement() {
        for problem in every_problem() {
            assert_eq!(
                broken_limit(&Instance::example(problem)),
                None,
                "{problem:?} example"
            );
            for (size, name) in Size::ALL {
                for seed in 0..3 {
                    let inst = Instance::generate(problem, size, None, seed);
                    assert_eq!(inst.problem(), problem);
                    assert_eq!(broken_limit(&inst), None, "{problem:?} {name} seed {seed}");
                }
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_input_and_others_differ() {
        for problem in every_problem() {
            for size in [Size::Small, Size::Medium] {
                let a = Instance::generate(problem, size, None, 42).text();
                assert_eq!(a, Instance::generate(problem, size, None, 42).text());
                let others =
                    (0..8).filter(|&s| Instance::generate(problem, size, None, s).text() != a);
                assert!(
                    others.count() >= 6,
                    "{problem:?} {size:?}: seeds give the same input"
                );
            }
        }
    }

    #[test]
    fn cases_asked_for_are_given_and_held_to_the_limit() {
        for problem in every_problem() {
            let inst = Instance::generate(problem, Size::Small, Some(3), 1);
            assert_eq!(inst.cases(), 3);
            let limit = problem.case_limit();
            let inst = Instance::generate(problem, Size::Small, Some(limit + 5), 1);
            assert_eq!(inst.cases(), limit);
            assert_eq!(
                Instance::generate(problem, Size::Small, Some(0), 1).cases(),
                1
            );
        }
    }

    #[test]
    fn the_worst_inputs_hold_the_traps() {
        let Instance::Shgame(sheets) = Instance::generate(Problem::Shgame, Size::Worst, None, 0)
        else {
            unreachable!()
        };
        assert!(sheets.contains(&(1, 1)) && sheets.contains(&(1, sheet::MAX_SIDE)));
        assert!(sheets.iter().filter(|&&(n, m)| n * m > 1 << 32).count() > 50);
        let lava = Instance::generate(Problem::Caos3, Size::Worst, None, 0);
        let Instance::Caos3(maps) = &lava else {
            unreachable!()
        };
        assert!(
            maps.iter().any(|b| b.rows == 1) && maps.iter().any(|b| b.cells.iter().all(|&c| !c))
        );
        assert!(
            maps.iter()
                .any(|b| b.rows == 20 && b.cols == 20 && b.cells.iter().all(|&c| c))
        );
        let Instance::InventorOutlasting(boards) =
            Instance::generate(Problem::InventorOutlasting, Size::Worst, None, 0)
        else {
            unreachable!()
        };
        let full_200 = boards.iter().filter(|b| b.rows * b.cols == 200);
        assert!(full_200.clone().count() > 50);
        assert!(full_200.clone().any(|b| b.rows == 2) && full_200.clone().any(|b| b.rows == 20));
        assert!(boards.iter().any(|b| b.rows == 1 && b.cols == 100));
        let Instance::Pshtbrth(tests) = Instance::generate(Problem::Pshtbrth, Size::Worst, None, 0)
        else {
            unreachable!()
        };
        assert!(
            tests
                .iter()
                .any(|t| t.cakes.len() == cakes::MAX_CAKES && t.cakes.iter().all(|&c| c == 0))
        );
        let updates = tests[0]
            .queries
            .iter()
            .filter(|q| matches!(q, CakeQuery::Replace(..)))
            .count();
        assert!(updates * 2 > tests[0].queries.len());
    }

    #[test]
    fn smaller_inputs_stay_valid_and_always_end() {
        for problem in every_problem() {
            for seed in 0..4 {
                let big = Instance::generate(problem, Size::Medium, None, seed);
                for s in big.smaller().take(300) {
                    assert_eq!(broken_limit(&s), None, "{problem:?} seed {seed}");
                    assert_ne!(s, big);
                }
                let mut inst = Instance::generate(problem, Size::Small, None, seed);
                // Always taking the last candidate walks down the smallest steps.
                for step in 0.. {
                    let text = inst.text();
                    let mut next = None;
                    for s in inst.smaller() {
                        assert_eq!(broken_limit(&s), None, "{problem:?} seed {seed}");
                        assert_ne!(
                            s.text(),
                            text,
                            "{problem:?}: a candidate equal to its input"
                        );
                        next = Some(s);
                    }
                    match next {
                        Some(s) if step < 20 => inst = s,
                        _ => break,
                    }
                }
                // Always taking the first candidate ends at an input nothing can cut.
                let mut inst = Instance::generate(problem, Size::Medium, None, seed);
                let mut steps = 0;
                loop {
                    let Some(s) = inst.smaller().next() else {
                        break;
                    };
                    inst = s;
                    steps += 1;
                    assert!(steps < 5000, "{problem:?}: shrinking does not end");
                }
                assert_eq!(inst.cases(), 1);
                // One cake and one query take a dozen lines; the others fit in three.
                assert!(
                    inst.text().lines().count() <= 12,
                    "{problem:?}: {}",
                    inst.text()
                );
            }
        }
    }

    #[test]
    fn cutting_cakes_moves_the_queries_with_them() {
        let test = CakeTest {
            cakes: vec![1, 2, 3, 4, 5],
            queries: vec![
                CakeQuery::Who(1, 5),
                CakeQuery::Replace(4, 9),
                CakeQuery::Who(2, 3),
                CakeQuery::Who(4, 5),
            ],
        };
        // Cakes 2 and 3 (0-based 1..3) cut out.
        let cut = test.without_cakes(1, 3).expect("queries are left");
        assert_eq!(cut.cakes, vec![1, 4, 5]);
        assert_eq!(
            cut.queries,
            vec![
                CakeQuery::Who(1, 3),
                CakeQuery::Replace(2, 9),
                CakeQuery::Who(2, 3)
            ]
        );
        let line = cakes::case_of_line(std::slice::from_ref(&cut), 1).expect("a second answer");
        // After the update the row is 1, 9, 5: 9 lights row 1 columns 1 and 4, 5 columns
        // 1 and 3.
        assert_eq!(
            line.input,
            "1001\n0000\n0000\n0000\n\n1010\n0000\n0000\n0000\n"
        );
    }

    #[test]
    fn names_and_aliases_resolve() {
        for (p, name, aliases) in Problem::ALL {
            assert_eq!(Problem::from_name(name), Some(p));
            for a in aliases {
                assert_eq!(Problem::from_name(a), Some(p));
            }
        }
        assert_eq!(Problem::from_name("chess"), None);
    }
}
