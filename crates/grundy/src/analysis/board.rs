//! Cram and Chomp boards analysed: a board read, solved by the pruning search (Cram, on many threads, saved and resumed) or by Chomp's table, and its report made.
//!
//! The report it makes is data in [`crate::report::board`].

use crate::report::board::*;

use crate::game::Player;
use crate::games::board::{Bite, Bits, Chomp, Cram, CramOn, Placement, WideCram};
use crate::nimber::Nimber;
use crate::parse::Input;
use crate::progress::Progress;
use crate::report::Error;
use crate::solve::chomp_table::ChompTable;
use crate::solve::memo::{SolveError, Solver};
use crate::solve::search::{Search, SearchStats};
use crate::solve::table::{Packed, PackedTable, SharedTable, Table, Word};

/// Bytes a memo-solver entry takes, roughly (key, value, the map's slack).
pub const MEMO_ENTRY_BYTES: u64 = 64;

/// The engine's message when the memo solver runs out of the memory given.
pub fn solve_error(e: SolveError) -> Error {
    match e {
        SolveError::TooManyPositions { limit } => Error::failed(format!(
            "the board needs more than {limit} stored positions, the most --memory allows the generic engine ({MEMO_ENTRY_BYTES} bytes each)"
        )),
        e => Error::failed(e.to_string()),
    }
}

/// The search's counts, for statistics.
pub fn describe_search(s: &SearchStats) -> String {
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

/// A word a Cram position can be held in and a table keyed by: `u64` (boards of up to 64
/// cells) or `u128` (up to 128).
pub trait CramWord: Bits + Packed<Word = Self> + Word {}

impl<B: Bits + Packed<Word = B> + Word> CramWord for B {}

/// The value of a Cram board (a sum of its regions) and, when `winning`, its winning
/// dominoes, by the pruning search with a table of `memory` bytes, on `threads` threads
/// (one: the search alone; more: [`crate::solve::parallel`], one table shared). `progress`
/// hears what the root is trying (its `finish` is the caller's to call).
pub fn solve_cram<B: CramWord>(
    cram: CramOn<B>,
    free: B,
    memory: u64,
    winning: bool,
    threads: usize,
    progress: &mut dyn Progress,
) -> (Nimber, Vec<Placement>, SearchStats) {
    if mirrored_to_zero(&cram, free) {
        return (Nimber::ZERO, Vec::new(), SearchStats::default());
    }
    if threads > 1 {
        // A pool the system will not start at all leaves the search alone, on this thread.
        if let Some(pool) = crate::solve::parallel::pool(threads, progress) {
            let table = SharedTable::<B>::with_budget(memory as usize);
            return solve_cram_shared(cram, free, &table, winning, &pool, progress);
        }
        progress.warning("the system started no search thread; searching on this one alone");
    }
    let mut search =
        Search::new(cram, PackedTable::<B>::with_budget(memory as usize)).with_progress(progress);
    let mut wins = Vec::new();
    let value = if winning {
        let placements = cram.placements(free);
        let options: Vec<_> = placements
            .iter()
            .map(|&p| cram.regions(cram.after(free, p)))
            .collect();
        let (value, zero) = search.value_and_zeros(&options);
        if !value.is_zero() {
            wins = placements
                .into_iter()
                .zip(zero)
                .filter_map(|(p, z)| z.then_some(p))
                .collect();
        }
        value
    } else {
        search.sum_value(&cram.regions(free))
    };
    let stats = search.stats();
    (value, wins, stats)
}

/// Whether a mirror strategy shows `free` is 0 (see [`crate::games::board::mirror`]): such
/// a board needs no search, and has no winning move.
pub fn mirrored_to_zero<B: Bits>(cram: &CramOn<B>, free: B) -> bool {
    cram.mirror_strategy(free)
        .is_some_and(|m| m.opening.is_none())
}

fn solve_cram_shared<B: CramWord>(
    cram: CramOn<B>,
    free: B,
    table: &SharedTable<B>,
    winning: bool,
    pool: &rayon::ThreadPool,
    progress: &mut dyn Progress,
) -> (Nimber, Vec<Placement>, SearchStats) {
    use crate::solve::parallel;
    let (value, stats) = parallel::sum_value(&cram, &cram.regions(free), table, pool, progress);
    let mut wins = Vec::new();
    if winning && !value.is_zero() {
        let placements = cram.placements(free);
        let afters: Vec<Vec<B>> = placements
            .iter()
            .map(|&p| cram.regions(cram.after(free, p)).into_vec())
            .collect();
        let zero = parallel::zeros(&cram, &afters, table, pool);
        wins = placements
            .into_iter()
            .zip(zero)
            .filter_map(|(p, z)| z.then_some(p))
            .collect();
    }
    (value, wins, with_table(stats, table))
}

/// Where a long Cram search keeps what it has proved, and how often it saves it.
#[derive(Clone, Debug)]
pub struct Checkpoint {
    /// The file (written through [`crate::store`], atomically, with a checksum).
    pub path: std::path::PathBuf,
    /// Time between saves.
    pub every: std::time::Duration,
}

/// What a checkpointed Cram search gives: the value, the winning dominoes, the search's
/// counts, and how many entries the checkpoint it resumed from held.
pub type Saved = (Nimber, Vec<Placement>, SearchStats, usize);

/// [`solve_cram`] that resumes from `checkpoint` when the file holds one for this board,
/// saves what is proved into it every `checkpoint.every` and once more at the end, also
/// when the search is stopped (see [`crate::stop`]: the save runs as the stop unwinds). A
/// file of another board, or a damaged one, is refused before any search.
pub fn solve_cram_saved<B: CramWord>(
    cram: CramOn<B>,
    free: B,
    memory: u64,
    winning: bool,
    threads: usize,
    checkpoint: &Checkpoint,
    progress: &mut dyn Progress,
) -> Result<Saved, Error> {
    if mirrored_to_zero(&cram, free) {
        return Ok((Nimber::ZERO, Vec::new(), SearchStats::default(), 0));
    }
    let label = format!(
        "grundy cram checkpoint: {}x{} board, free cells {free:#x}",
        cram.rows(),
        cram.cols()
    );
    let path = checkpoint.path.as_path();
    let table = SharedTable::<B>::with_budget(memory as usize);
    let mut loaded = 0;
    match crate::store::read(path, &label, memory.saturating_mul(2)) {
        Ok(Some(bytes)) => {
            table.restore(&bytes).map_err(|why| {
                Error::input(format!(
                    "{} is damaged: {why}",
                    crate::parse::escaped_path(path)
                ))
            })?;
            loaded = table.len();
        }
        // Nothing saved yet: the place must take a save before hours are spent.
        Ok(None) => crate::store::write(path, &label, &table.snapshot())
            .map_err(|e| Error::input(format!("--checkpoint: {e}")))?,
        Err(e) => return Err(Error::input(e.to_string())),
    }
    // One save at a time: the saver's and the last one write the same temporary file.
    let saving = std::sync::Mutex::new(());
    let save = || {
        let _one = saving.lock().unwrap_or_else(|e| e.into_inner());
        crate::store::write(path, &label, &table.snapshot())
    };
    let no_threads = || {
        Error::failed(
            "the system would not start a thread for the search or its saves (a limit on processes?)",
        )
    };
    let pool = crate::solve::parallel::pool(threads, progress).ok_or_else(no_threads)?;
    let done = std::sync::atomic::AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        let saver = std::thread::Builder::new().spawn_scoped(scope, || {
            let mut last = std::time::Instant::now();
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(100));
                if last.elapsed() >= checkpoint.every {
                    let _ = save();
                    last = std::time::Instant::now();
                }
            }
        });
        if saver.is_err() {
            return Err(no_threads());
        }
        // Saves once more when the search ends, and when a stop unwinds it.
        struct Finally<'a, F: Fn() -> Result<(), crate::store::StoreError>>(
            &'a std::sync::atomic::AtomicBool,
            F,
        );
        impl<F: Fn() -> Result<(), crate::store::StoreError>> Drop for Finally<'_, F> {
            fn drop(&mut self) {
                self.0.store(true, std::sync::atomic::Ordering::Relaxed);
                let _ = (self.1)();
            }
        }
        let _finally = Finally(&done, save);
        Ok(solve_cram_shared(
            cram, free, &table, winning, &pool, progress,
        ))
    });
    let (value, wins, stats) = result?;
    Ok((value, wins, stats, loaded))
}

/// The value of the empty `rows` × `cols` Cram board (up to 128 cells: past 64, a
/// `u128` a position), by [`solve_cram`], or by [`solve_cram_saved`] with a checkpoint.
pub fn empty_cram_value(
    rows: usize,
    cols: usize,
    memory: u64,
    threads: usize,
    checkpoint: Option<&Checkpoint>,
    progress: &mut dyn Progress,
) -> Result<Nimber, Error> {
    fn on<B: CramWord>(
        cram: CramOn<B>,
        memory: u64,
        threads: usize,
        checkpoint: Option<&Checkpoint>,
        progress: &mut dyn Progress,
    ) -> Result<Nimber, Error> {
        Ok(match checkpoint {
            None => solve_cram(cram, cram.full(), memory, false, threads, progress).0,
            Some(c) => solve_cram_saved(cram, cram.full(), memory, false, threads, c, progress)?.0,
        })
    }
    let size = |e: crate::games::board::CramError| Error::input(e.to_string());
    if rows * cols > Cram::MAX_CELLS {
        on(
            WideCram::new(rows, cols).map_err(size)?,
            memory,
            threads,
            checkpoint,
            progress,
        )
    } else {
        on(
            Cram::new(rows, cols).map_err(size)?,
            memory,
            threads,
            checkpoint,
            progress,
        )
    }
}

/// `stats` with the shared table's counts.
fn with_table<B: CramWord>(mut stats: SearchStats, table: &SharedTable<B>) -> SearchStats {
    let handle = table.handle();
    stats.stored = table.len();
    stats.dropped = Table::<B>::dropped(&handle);
    stats.table_bytes = Table::<B>::bytes(&handle);
    stats
}

/// A [`Progress`] whose status lines say what they are about; nothing else is passed on.
pub struct Labelled<'a> {
    /// Put before each status line, with a colon.
    pub label: String,
    /// Where the lines go.
    pub progress: &'a mut dyn Progress,
}

impl Progress for Labelled<'_> {
    fn status(&mut self, what: &str) {
        self.progress.status(&format!("{}: {what}", self.label));
    }

    fn warning(&mut self, message: &str) {
        self.progress.warning(&format!("{}: {message}", self.label));
    }
}

/// The Cram board of `input` explained, with a table of `memory` bytes, on `threads`
/// threads; and the search's counts.
pub fn analyze_cram(
    input: &Input,
    memory: u64,
    threads: usize,
    checkpoint: Option<&std::path::Path>,
    progress: &mut dyn Progress,
) -> Result<(BoardReport, String), Error> {
    if crate::games::board::cram::is_wide(input) {
        let (cram, free) = CramOn::<u128>::read(input)?;
        analyze_cram_on::<u128>(cram, free, memory, threads, checkpoint, progress)
    } else {
        let (cram, free) = crate::games::board::cram::read(input)?;
        analyze_cram_on(cram, free, memory, threads, checkpoint, progress)
    }
}

fn analyze_cram_on<B: CramWord>(
    cram: CramOn<B>,
    free: B,
    memory: u64,
    threads: usize,
    checkpoint: Option<&std::path::Path>,
    progress: &mut dyn Progress,
) -> Result<(BoardReport, String), Error> {
    let mut searching = Labelled {
        label: "searching".into(),
        progress,
    };
    let (value, wins, stats, loaded) = match checkpoint {
        None => {
            let (v, w, s) = solve_cram(cram, free, memory, true, threads, &mut searching);
            (v, w, s, None)
        }
        Some(path) => {
            let checkpoint = Checkpoint {
                path: path.to_path_buf(),
                every: SAVE_EVERY,
            };
            let (v, w, s, loaded) = solve_cram_saved(
                cram,
                free,
                memory,
                true,
                threads,
                &checkpoint,
                &mut searching,
            )?;
            (v, w, s, Some(loaded))
        }
    };
    progress.finish();
    let report = cram_report(cram, free, value, &wins);
    let mut line = describe_search(&stats);
    if let Some(loaded) = loaded {
        line.push_str(&format!("; {loaded} entries loaded from the checkpoint"));
    }
    Ok((report, line))
}

/// The report of Cram position `free`: its value, and its winning dominoes lettered on the
/// board.
fn cram_report<B: CramWord>(
    cram: CramOn<B>,
    free: B,
    value: Nimber,
    wins: &[Placement],
) -> BoardReport {
    let moves: Vec<Move> = wins
        .iter()
        .map(|&p| Move {
            label: cram.label(p),
            cells: cram
                .cells(p)
                .iter()
                .map(|&[r, c]| [r as usize, c as usize])
                .collect(),
        })
        .collect();
    // Each winning domino's cells lettered a, b, c, … (a cell in several winning dominoes
    // shows the first).
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
                    match (free.has(i), marks[i]) {
                        (false, _) => '#',
                        (true, Some(l)) => l,
                        (true, None) => '.',
                    }
                })
                .collect()
        })
        .collect();
    BoardReport {
        game: "cram".into(),
        grundy: value,
        winner: Player::winner_of(value),
        board,
        winning_moves: moves,
        strategy: cram.mirror_strategy(free).map(|m| m.describe(&cram)),
    }
}

/// How often a checkpointed Cram search saves: every five minutes.
pub const SAVE_EVERY: std::time::Duration = std::time::Duration::from_secs(300);

/// Reads a Chomp position (see [`Chomp::read_position`], where Chomp's notation lives
/// beside its rules).
pub fn parse_chomp(input: &Input) -> Result<u128, Error> {
    Chomp::read_position(input)
}

/// Values of Chomp positions: the dense table of the position's box when it fits the
/// memory, the memo solver otherwise.
pub enum ChompEngine {
    /// Every position of the box, one byte each.
    Dense(ChompTable),
    /// The generic solver, within the memory given.
    Memo(Box<Solver<Chomp>>),
}

impl ChompEngine {
    /// The engine for positions inside a `rows`×`cols` box, within `memory` bytes.
    pub fn new(rows: usize, cols: usize, memory: u64, progress: &mut dyn Progress) -> ChompEngine {
        let built = ChompTable::build(rows, cols, memory, progress);
        match built {
            Ok(table) => ChompEngine::Dense(table),
            Err(_) => ChompEngine::Memo(Box::new(Solver::with_limit(
                Chomp,
                (memory / MEMO_ENTRY_BYTES) as usize,
            ))),
        }
    }

    /// The value of the position `p`.
    pub fn value(&mut self, p: u128) -> Result<Nimber, SolveError> {
        match self {
            ChompEngine::Dense(t) => Ok(t.value(&Chomp::lengths(p))),
            ChompEngine::Memo(s) => s.grundy(&p),
        }
    }

    /// What the engine is and did, for statistics.
    pub fn describe(&self) -> String {
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

/// The report of Chomp position `p`: its value, and its winning bites marked on the bar.
fn chomp_report(p: u128, value: Nimber, wins: &[Bite]) -> BoardReport {
    let lengths = Chomp::lengths(p);
    let moves: Vec<Move> = wins
        .iter()
        .map(|b| Move {
            label: format!(
                "take the square in row {}, column {} (rows from the bottom) and all above and right of it",
                b.row + 1,
                b.col + 1
            ),
            cells: vec![[b.row + 1, b.col + 1]],
        })
        .collect();
    // Top row first, as the bar is seen.
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
    BoardReport {
        game: "chomp".into(),
        grundy: value,
        winner: Player::winner_of(value),
        board,
        winning_moves: moves,
        strategy: None,
    }
}

/// The Cram or Chomp position of `input` explained by one solve over every rank of
/// `transport` (see [`crate::solve::distributed`]): its value and every move's, all in one
/// solve. Every rank must call it with the same input; rank 0 gets the report, the others
/// `None`; each rank gets what it stored and sent. With `saving`, the ranks keep their
/// parts in shards under `saving.dir/cram-position` (or `chomp-position`), labelled with a
/// hash of the position, and go on from them.
pub fn analyze_on(
    game: crate::report::table::BoardGame,
    input: &Input,
    transport: &mut dyn crate::solve::distributed::Transport,
    saving: Option<&crate::analysis::table::RanksSaving<'_>>,
) -> Result<crate::report::table::OnRanks<BoardReport>, Error> {
    use crate::analysis::table::{RanksSaving, stopped_at};
    use crate::game::Components;
    use crate::report::table::{BoardGame, OnRanks};
    use crate::solve::distributed::{Key, Tiered, Transport, sum_values};
    use std::hash::BuildHasher;
    /// The values of `sums` (the position's, then each move's), saved as `saving` says
    /// under a name and label made from `name` and the position's hash, `print`.
    fn solve<G: Tiered>(
        game: &G,
        name: &str,
        print: u64,
        sums: &[Components<G::Position>],
        transport: &mut dyn Transport,
        saving: Option<&RanksSaving<'_>>,
    ) -> Result<OnRanks<Vec<Nimber>>, Error> {
        let label = format!("analyze {name}, position {print:016x}");
        let dir = saving.map(|s| s.dir.join(format!("{name}-position")));
        let shards = saving.zip(dir.as_deref()).map(|(s, d)| s.solve(d, &label));
        match sum_values(game, sums, transport, shards.as_ref()) {
            Ok((values, stats)) => Ok(OnRanks::Done(
                (transport.rank() == 0).then_some(values),
                stats,
            )),
            Err(e) => stopped_at(e).map(OnRanks::Stopped),
        }
    }
    /// The moves after which the value is 0, when the position's own (`values[0]`; the
    /// moves' follow in order) is not.
    fn winners<M: Copy>(moves: &[M], values: &[Nimber]) -> Vec<M> {
        if values[0].is_zero() {
            return Vec::new();
        }
        moves
            .iter()
            .zip(&values[1..])
            .filter(|(_, v)| v.is_zero())
            .map(|(&m, _)| m)
            .collect()
    }
    fn cram_on<B: CramWord + Key>(
        cram: CramOn<B>,
        free: B,
        transport: &mut dyn Transport,
        saving: Option<&RanksSaving<'_>>,
    ) -> Result<OnRanks<BoardReport>, Error> {
        if mirrored_to_zero(&cram, free) {
            let report =
                (transport.rank() == 0).then(|| cram_report(cram, free, Nimber::ZERO, &[]));
            return Ok(OnRanks::Done(report, Default::default()));
        }
        let placements = cram.placements(free);
        let mut sums = vec![cram.regions(free)];
        sums.extend(
            placements
                .iter()
                .map(|&p| cram.regions(cram.after(free, p))),
        );
        let mut cells = Vec::new();
        free.write(&mut cells);
        let print = rustc_hash::FxBuildHasher.hash_one((cram.rows(), cram.cols(), cells));
        Ok(
            match solve(&cram, "cram", print, &sums, transport, saving)? {
                OnRanks::Done(values, stats) => OnRanks::Done(
                    values.map(|v| cram_report(cram, free, v[0], &winners(&placements, &v))),
                    stats,
                ),
                OnRanks::Stopped(at) => OnRanks::Stopped(at),
            },
        )
    }
    match game {
        BoardGame::Cram if crate::games::board::cram::is_wide(input) => {
            let (cram, free) = CramOn::<u128>::read(input)?;
            cram_on(cram, free, transport, saving)
        }
        BoardGame::Cram => {
            let (cram, free) = crate::games::board::cram::read(input)?;
            cram_on(cram, free, transport, saving)
        }
        BoardGame::Chomp => {
            let p = parse_chomp(input)?;
            let bites = Chomp::bites(p);
            let mut sums: Vec<Components<u128>> = vec![[p].into_iter().collect()];
            sums.extend(
                bites
                    .iter()
                    .map(|&b| [Chomp::after(p, b)].into_iter().collect()),
            );
            Ok(
                match solve(
                    &Chomp,
                    "chomp",
                    rustc_hash::FxBuildHasher.hash_one(p),
                    &sums,
                    transport,
                    saving,
                )? {
                    OnRanks::Done(values, stats) => OnRanks::Done(
                        values.map(|v| chomp_report(p, v[0], &winners(&bites, &v))),
                        stats,
                    ),
                    OnRanks::Stopped(at) => OnRanks::Stopped(at),
                },
            )
        }
    }
}

/// The Chomp position of `input` explained within `memory` bytes; and what the engine did.
pub fn analyze_chomp(
    input: &Input,
    memory: u64,
    progress: &mut dyn Progress,
) -> Result<(BoardReport, String), Error> {
    let p = parse_chomp(input)?;
    let lengths = Chomp::lengths(p);
    let mut engine = ChompEngine::new(lengths.len(), lengths[0], memory, progress);
    let value = engine.value(p).map_err(solve_error)?;
    let mut wins: Vec<Bite> = Vec::new();
    if !value.is_zero() {
        for bite in Chomp::bites(p) {
            if engine
                .value(Chomp::after(p, bite))
                .map_err(solve_error)?
                .is_zero()
            {
                wins.push(bite);
            }
        }
    }
    let report = chomp_report(p, value, &wins);
    Ok((report, engine.describe()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::table::{BoardGame, OnRanks};
    use crate::solve::distributed::Local;
    use proptest::prelude::*;

    /// `analyze_on` over `ranks` threads: rank 0's report.
    fn on_ranks(game: BoardGame, text: &str, ranks: usize) -> BoardReport {
        let input = Input::new("test", text.as_bytes().to_vec());
        let results = Local::run(ranks, |t| {
            match analyze_on(game, &input, t, None).unwrap() {
                OnRanks::Done(report, _) => report,
                OnRanks::Stopped(_) => panic!("stopped"),
            }
        });
        assert!(results[1..].iter().all(Option::is_none));
        results.into_iter().next().unwrap().unwrap()
    }

    fn here(game: BoardGame, text: &str) -> BoardReport {
        let input = Input::new("test", text.as_bytes().to_vec());
        match game {
            BoardGame::Cram => {
                analyze_cram(&input, 1 << 24, 1, None, &mut crate::NoProgress)
                    .unwrap()
                    .0
            }
            BoardGame::Chomp => {
                analyze_chomp(&input, 1 << 24, &mut crate::NoProgress)
                    .unwrap()
                    .0
            }
        }
    }

    #[test]
    fn boards_over_ranks_are_explained_as_one_process_explains_them() {
        for (game, text) in [
            (BoardGame::Cram, "3 4\n.#..\n....\n..#.\n"),
            (BoardGame::Cram, "4 6\n"),
            (BoardGame::Cram, "2 2\n##\n##\n"),
            (BoardGame::Chomp, "4 5"),
            (BoardGame::Chomp, "5,3,3,1"),
            (BoardGame::Chomp, "1"),
        ] {
            let expected = here(game, text);
            for ranks in [1, 2, 3] {
                assert_eq!(
                    on_ranks(game, text, ranks),
                    expected,
                    "{text:?} on {ranks} ranks"
                );
            }
        }
        // Bad input is refused the same way, on every rank.
        let bad = Input::new("test", b"3 x\n".to_vec());
        let mut alone = crate::solve::distributed::Single;
        assert!(analyze_on(BoardGame::Cram, &bad, &mut alone, None).is_err());
    }

    #[test]
    fn a_position_over_ranks_keeps_shards_labelled_with_it_and_goes_on_from_them() {
        use crate::analysis::table::RanksSaving;
        let dir = tempfile::tempdir().unwrap();
        let run = |text: &str, stop_at: usize| {
            let input = Input::new("test", text.as_bytes().to_vec());
            Local::run(2, |t| {
                let asked = std::sync::atomic::AtomicUsize::new(0);
                let stop = || asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= stop_at;
                let saving = RanksSaving {
                    dir: dir.path(),
                    every: std::time::Duration::from_secs(3600),
                    stop: &stop,
                };
                analyze_on(BoardGame::Cram, &input, t, Some(&saving))
            })
        };
        let text = "4 7\n.......\n..#....\n.......\n.......\n";
        let stopped = run(text, 3);
        assert!(
            stopped.iter().all(|r| matches!(r, Ok(OnRanks::Stopped(_)))),
            "{stopped:?}"
        );
        assert!(
            dir.path()
                .join("cram-position")
                .join("rank-1.shard")
                .is_file()
        );
        // Another position's shards are refused; the same position goes on to the answer.
        let other = run("4 5\n", usize::MAX);
        assert!(other.iter().all(Result::is_err));
        let again = run(text, usize::MAX);
        match &again[0] {
            Ok(OnRanks::Done(Some(report), stats)) => {
                assert_eq!(report, &here(BoardGame::Cram, text));
                assert!(stats.loaded > 0);
            }
            other => panic!("{other:?}"),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(16))]

        /// Random blocked Cram boards and Chomp positions: the same report on 1 to 3 ranks.
        #[test]
        fn random_positions_over_ranks(rows in 1usize..=4, cols in 1usize..=6, cells in any::<u64>(), ranks in 1usize..=3,
                                       mut lengths in proptest::collection::vec(1usize..=6, 1..=4)) {
            let board: String = (0..rows)
                .map(|r| (0..cols).map(|c| if cells >> (r * cols + c) & 3 == 0 { '#' } else { '.' }).collect::<String>() + "\n")
                .collect();
            let text = format!("{rows} {cols}\n{board}");
            prop_assert_eq!(on_ranks(BoardGame::Cram, &text, ranks), here(BoardGame::Cram, &text));
            lengths.sort_unstable_by(|a, b| b.cmp(a));
            let text = lengths.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
            prop_assert_eq!(on_ranks(BoardGame::Chomp, &text, ranks), here(BoardGame::Chomp, &text));
        }
    }
}
