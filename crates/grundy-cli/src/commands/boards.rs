//! `grundy analyze cram` and `grundy analyze chomp`: a board read, solved, explained.
//!
//! Cram goes to the pruning search with a transposition table of `--memory` bytes; Chomp
//! to the dense table of every position in its box when that fits the memory, and to the
//! generic memo solver otherwise.

use std::io::Write;
use std::time::Instant;

use anyhow::anyhow;
use grundy::games::board::{Bite, Chomp, Cram, Placement};
use grundy::parse::{Found, ParseError, Tokens};
use grundy::solve::chomp_table::ChompTable;
use grundy::solve::search::{Search, SearchStats};
use grundy::solve::table::PackedTable;
use grundy::{Nimber, Player, SolveError, Solver};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::Failure;
use crate::problems::Input;

/// Bytes a memo-solver entry takes, roughly (key, value, the map's slack).
const MEMO_ENTRY_BYTES: u64 = 64;

/// How much memory a board may use: `--memory`, or half of what is available.
#[derive(Clone, Copy, Debug)]
pub struct Memory(pub u64);

impl Memory {
    /// Parses `--memory`: a number of bytes with an optional K, M, G or T (powers of
    /// 1024), refused when it is under 1 MiB or more than the machine has available.
    pub fn parse(text: Option<&str>) -> Result<Memory, Failure> {
        let available = grundy::work::memory_available();
        let Some(text) = text else {
            return Ok(Memory(available.map_or(1 << 30, |a| a / 2).max(1 << 20)));
        };
        let bytes = super::parse_size("--memory", text, 1 << 20)?;
        if let Some(a) = available
            && bytes > a
        {
            return Err(Failure::input(anyhow!(
                "--memory {}: more than the {} MiB this machine has available",
                grundy::parse::escaped_str(text),
                a >> 20
            )));
        }
        Ok(Memory(bytes))
    }

    /// Entries the memo solver may store within this memory.
    pub fn memo_positions(self) -> usize {
        (self.0 / MEMO_ENTRY_BYTES) as usize
    }
}

/// A spinner on standard error for a long search: the value being tried at the root and
/// the options still open. Drawn after a second, only on a terminal.
pub(crate) struct SearchBar {
    bar: ProgressBar,
    started: Instant,
    last: Instant,
}

impl SearchBar {
    pub(crate) fn new() -> SearchBar {
        let bar = ProgressBar::hidden();
        if let Ok(style) = ProgressStyle::with_template("{elapsed_precise} {spinner} {msg}") {
            bar.set_style(style);
        }
        let now = Instant::now();
        SearchBar {
            bar,
            started: now,
            last: now,
        }
    }

    pub(crate) fn update(&mut self, label: &str, trying: u64, open: usize, of: usize) {
        let now = Instant::now();
        if now.duration_since(self.last).as_millis() < 100 {
            return;
        }
        self.last = now;
        if self.bar.is_hidden() && now.duration_since(self.started).as_secs() >= 1 {
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
        self.bar.set_message(format!(
            "{label}: is the value {trying}? {open} of {of} options still to answer"
        ));
        self.bar.tick();
    }

    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// Board games `analyze` knows besides the contest games and heap families.
pub fn is_board_game(name: &str) -> bool {
    matches!(name, "cram" | "chomp")
}

pub fn analyze(
    name: &str,
    input: &Input,
    json: bool,
    stats: bool,
    memory: Memory,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let started = Instant::now();
    let (report, how) = match name {
        "cram" => cram(input, memory)?,
        _ => chomp(input, memory)?,
    };
    if stats {
        eprintln!(
            "stats: solved in {:.3} s; {how}",
            started.elapsed().as_secs_f64()
        );
    }
    if json {
        let line = serde_json::to_string(&report).map_err(Failure::other)?;
        writeln!(out, "{line}")?;
    } else {
        write!(out, "{}", report.text)?;
    }
    Ok(())
}

#[derive(Serialize)]
struct Report {
    game: &'static str,
    grundy: u64,
    winner: &'static str,
    board: Vec<String>,
    winning_moves: Vec<MoveJson>,
    #[serde(skip)]
    text: String,
}

#[derive(Serialize)]
struct MoveJson {
    #[serde(rename = "move")]
    text: String,
    /// The cells the move takes: a domino's two cells, or a bite's corner square;
    /// 1-based, rows from the top for Cram and from the bottom for Chomp.
    cells: Vec<[usize; 2]>,
}

pub(crate) fn solve_failure(e: SolveError) -> Failure {
    match e {
        SolveError::TooManyPositions { limit } => Failure::other(anyhow!(
            "the board needs more than {limit} stored positions, the most --memory allows the generic engine ({} bytes each)",
            MEMO_ENTRY_BYTES
        )),
        e => Failure::other(e),
    }
}

/// The search's counts for `--stats`.
pub(crate) fn describe_search(s: &SearchStats) -> String {
    format!(
        "pruning search: {} positions visited, {} expanded, {} cut-offs, {} answered by earlier cut-offs, {} table hits, {} values proved; table {} entries ({} dropped), {:.1} MiB",
        s.visits,
        s.expanded,
        s.cutoffs,
        s.ruled_out,
        s.hits,
        s.proved,
        s.stored,
        s.dropped,
        s.table_bytes as f64 / f64::from(1 << 20)
    )
}

/// The value of a Cram board (a sum of its regions) and its winning dominoes, by the
/// pruning search; the spinner says what the root is doing.
pub(crate) fn solve_cram(
    cram: Cram,
    free: u64,
    memory: Memory,
    label: &str,
    winning: bool,
) -> (Nimber, Vec<Placement>, SearchStats) {
    let mut bar = SearchBar::new();
    let mut search = Search::new(cram, PackedTable::with_budget(memory.0 as usize))
        .with_watch(Box::new(|r, open, of| bar.update(label, r, open, of)));
    let value = search.sum_value(&cram.regions(free));
    let mut wins = Vec::new();
    if winning && !value.is_zero() {
        for p in cram.placements(free) {
            let after = free & !(1 << p.first) & !(1 << p.second);
            if search.is_zero(&cram.regions(after)) {
                wins.push(p);
            }
        }
    }
    let stats = search.stats();
    drop(search);
    bar.finish();
    (value, wins, stats)
}

/// `R C`, then optionally R rows of `.` (free) and `#` (blocked).
fn read_cram(input: &Input) -> Result<(Cram, u64), Failure> {
    let at = |e| input.error(e);
    let mut t = Tokens::new(&input.bytes);
    let rows = t.u64_in("the number of rows", 1, 64).map_err(at)? as usize;
    let cols = t.u64_in("the number of columns", 1, 64).map_err(at)? as usize;
    let cram = Cram::new(rows, cols).map_err(|_| {
        at(ParseError {
            line: t.line(),
            expected: format!("a board of at most {} cells", Cram::MAX_CELLS),
            found: Found::Value(format!("{rows}×{cols} = {} cells", rows * cols)),
        })
    })?;
    let mut free = cram.full();
    if t.clone().next_token().is_some() {
        for r in 0..rows {
            let row = t.grid_row(cols, b".#").map_err(at)?;
            for (c, &b) in row.iter().enumerate() {
                if b == b'#' {
                    free &= !(1 << cram.bit(r, c));
                }
            }
        }
        t.end().map_err(at)?;
    }
    Ok((cram, free))
}

fn cram(input: &Input, memory: Memory) -> Result<(Report, String), Failure> {
    let (cram, free) = read_cram(input)?;
    let (value, wins, stats) = solve_cram(cram, free, memory, "searching", true);
    let cell = |i: usize| [i / cram.cols() + 1, i % cram.cols() + 1];
    let moves: Vec<MoveJson> = wins
        .iter()
        .map(|p| {
            let ([r1, c1], [r2, c2]) = (cell(p.first), cell(p.second));
            let dir = if r1 == r2 { "across" } else { "down" };
            MoveJson {
                text: format!("domino on row {r1}, column {c1} and row {r2}, column {c2} ({dir})"),
                cells: vec![[r1, c1], [r2, c2]],
            }
        })
        .collect();
    // The board, with each winning domino's cells lettered a, b, c, … (a cell in several
    // winning dominoes shows the first).
    let mut marks = vec![None; cram.rows() * cram.cols()];
    for (k, p) in wins.iter().enumerate() {
        let letter = (b'a' + (k % 26) as u8) as char;
        for i in [p.first, p.second] {
            marks[i].get_or_insert(letter);
        }
    }
    let board: Vec<String> = (0..cram.rows())
        .map(|r| {
            (0..cram.cols())
                .map(|c| {
                    let i = cram.bit(r, c);
                    match (free >> i & 1 == 1, marks[i]) {
                        (false, _) => '#',
                        (true, Some(l)) => l,
                        (true, None) => '.',
                    }
                })
                .collect()
        })
        .collect();
    let report = report(
        "cram",
        value,
        board,
        moves,
        &format!(
            "{}×{} Cram board ('.' free, '#' blocked, each winning domino lettered; a cell in several shows the first)",
            cram.rows(),
            cram.cols()
        ),
        "winning dominoes",
    );
    Ok((report, describe_search(&stats)))
}

/// `R C` (two numbers) for a full bar, or the row lengths bottom row first: one number,
/// three or more, or any number joined by commas (`3,2` is two rows).
fn read_chomp(input: &Input) -> Result<u128, Failure> {
    let at = |e| input.error(e);
    let mut t = Tokens::new(&input.bytes);
    let mut numbers: Vec<(usize, usize)> = Vec::new();
    let mut commas = false;
    while let Some(tok) = t.next_token() {
        for part in tok.text.split(|&b| b == b',').filter(|p| !p.is_empty()) {
            commas |= part.len() != tok.text.len();
            let n = std::str::from_utf8(part)
                .ok()
                .and_then(|s| s.parse::<usize>().ok())
                .filter(|&n| n <= Chomp::MAX_COLS)
                .ok_or_else(|| {
                    at(ParseError {
                        line: tok.line,
                        expected: format!("a row length from 1 to {}", Chomp::MAX_COLS),
                        found: Found::Value(grundy::parse::escaped(part)),
                    })
                })?;
            numbers.push((n, tok.line));
        }
        if numbers.len() > Chomp::MAX_ROWS {
            return Err(at(ParseError {
                line: tok.line,
                expected: format!("at most {} rows", Chomp::MAX_ROWS),
                found: Found::Value(format!("{} numbers", numbers.len())),
            }));
        }
    }
    let line = numbers.last().map_or(1, |&(_, l)| l);
    let lengths: Vec<usize> = match numbers.as_slice() {
        [] => {
            return Err(at(ParseError {
                line,
                expected: "R C, or the row lengths bottom row first".to_string(),
                found: Found::End,
            }));
        }
        [(rows, _), (cols, _)] if !commas => {
            if *rows > Chomp::MAX_ROWS {
                return Err(at(ParseError {
                    line,
                    expected: format!("at most {} rows", Chomp::MAX_ROWS),
                    found: Found::Value(rows.to_string()),
                }));
            }
            vec![*cols; *rows]
        }
        all => all.iter().map(|&(n, _)| n).collect(),
    };
    Chomp::position(&lengths).map_err(|e| {
        at(ParseError {
            line,
            expected: "row lengths from 1 up, never longer than the row below".to_string(),
            found: Found::Value(e.to_string()),
        })
    })
}

/// Values of Chomp positions: the dense table of the position's box when it fits the
/// memory, the memo solver otherwise.
pub(crate) enum ChompEngine {
    Dense(ChompTable),
    Memo(Box<Solver<Chomp>>),
}

impl ChompEngine {
    /// The engine for positions inside a `rows`×`cols` box.
    pub(crate) fn new(rows: usize, cols: usize, memory: Memory) -> ChompEngine {
        let mut bar = crate::progress::Bar::above(1 << 24);
        let built = ChompTable::build(rows, cols, memory.0, |done, total| {
            if done == 0 {
                grundy::Progress::start(&mut bar, total);
            }
            grundy::Progress::advance(&mut bar, done);
        });
        grundy::Progress::finish(&mut bar);
        match built {
            Ok(table) => ChompEngine::Dense(table),
            Err(_) => {
                ChompEngine::Memo(Box::new(Solver::with_limit(Chomp, memory.memo_positions())))
            }
        }
    }

    pub(crate) fn value(&mut self, p: u128) -> Result<Nimber, SolveError> {
        match self {
            ChompEngine::Dense(t) => Ok(t.value(&Chomp::lengths(p))),
            ChompEngine::Memo(s) => s.grundy(&p),
        }
    }

    pub(crate) fn describe(&self) -> String {
        match self {
            ChompEngine::Dense(t) => format!(
                "dense table of every position in the {}×{} box ({} positions, one byte each)",
                t.rows(),
                t.cols(),
                ChompTable::positions(t.rows(), t.cols())
            ),
            ChompEngine::Memo(s) => {
                let st = s.stats();
                format!(
                    "memo solver: {} positions evaluated, {} options, memo {} entries",
                    st.evaluated, st.options, st.memo_size
                )
            }
        }
    }
}

fn chomp(input: &Input, memory: Memory) -> Result<(Report, String), Failure> {
    let p = read_chomp(input)?;
    let lengths = Chomp::lengths(p);
    let mut engine = ChompEngine::new(lengths.len(), lengths[0], memory);
    let value = engine.value(p).map_err(solve_failure)?;
    let mut wins: Vec<Bite> = Vec::new();
    if !value.is_zero() {
        for bite in Chomp::bites(p) {
            if engine
                .value(Chomp::after(p, bite))
                .map_err(solve_failure)?
                .is_zero()
            {
                wins.push(bite);
            }
        }
    }
    let moves: Vec<MoveJson> = wins
        .iter()
        .map(|b| MoveJson {
            text: format!(
                "take the square in row {}, column {} (rows from the bottom) and all above and right of it",
                b.row + 1,
                b.col + 1
            ),
            cells: vec![[b.row + 1, b.col + 1]],
        })
        .collect();
    // Top row first, as the bar is seen: 'P' the poisoned square, 'x' a winning bite.
    let board: Vec<String> = lengths
        .iter()
        .enumerate()
        .rev()
        .map(|(r, &len)| {
            (0..len)
                .map(|c| {
                    if r == 0 && c == 0 {
                        'P'
                    } else if wins.contains(&Bite { row: r, col: c }) {
                        'x'
                    } else {
                        'o'
                    }
                })
                .collect()
        })
        .collect();
    let report = report(
        "chomp",
        value,
        board,
        moves,
        "Chomp bar, top row first ('P' poisoned, 'x' a winning bite)",
        "winning bites",
    );
    Ok((report, engine.describe()))
}

fn report(
    game: &'static str,
    value: Nimber,
    board: Vec<String>,
    moves: Vec<MoveJson>,
    caption: &str,
    moves_name: &str,
) -> Report {
    let winner = Player::winner_of(value);
    let mut text = String::new();
    text.push_str(&format!("game:    {game}\n"));
    text.push_str(&format!(
        "grundy:  {value} ({})\n",
        if value.is_zero() {
            "a P-position: the player to move loses"
        } else {
            "an N-position: the player to move wins"
        }
    ));
    text.push_str(&format!("winner:  {} player\n", winner.as_str()));
    if moves.is_empty() {
        text.push_str(&format!(
            "{moves_name}: none; every move leaves a winning position\n"
        ));
    } else {
        text.push_str(&format!("{moves_name} ({}):\n", moves.len()));
        for m in &moves {
            text.push_str(&format!("  {}\n", m.text));
        }
    }
    text.push_str(&format!("{caption}:\n"));
    for row in &board {
        text.push_str(&format!("  {row}\n"));
    }
    Report {
        game,
        grundy: value.0,
        winner: winner.as_str(),
        board,
        winning_moves: moves,
        text,
    }
}
