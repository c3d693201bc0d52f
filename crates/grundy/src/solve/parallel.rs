//! The pruning search of [`super::search`] on many threads, sharing one transposition table.
//!
//! At the root the search tries the values 0, 1, 2, … in turn and asks every option whose
//! value is still unknown whether it is worth the value tried; those questions are
//! independent, so the threads take the options one at a time (rayon's work stealing), each
//! thread with its own [`Search`] over one [`SharedTable`]. An option found worth the value
//! tried ends the round: the options not yet started are skipped, and the next value is
//! tried. The value is the first one that every open option is proved not to be worth.
//! Every answer is a proof, whichever thread gave it, so the value does not depend on the
//! number of threads; only the time does. Winning moves are found the same way, a
//! candidate move a task.
//!
//! Below the root each thread searches alone, and what the threads share is the table:
//! a value proved by one is a look-up for the others.

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::game::{Components, Game};
use crate::nimber::Nimber;
use crate::progress::Progress;
use crate::solve::search::{Search, SearchStats};
use crate::solve::table::{Packed, SharedTable, Table};

/// The word a game's positions pack into: what its shared table is keyed by.
pub type Key<G> = <<G as Game>::Position as Packed>::Word;

/// The most threads a search or scan is given: past every machine grundy is meant for,
/// and short of what a process limit usually allows.
pub const MAX_THREADS: usize = 1024;

/// A pool of `threads` threads (every core when 0). When the system will not start that
/// many (a limit on processes, `ulimit -u`), half as many are tried, and so on down to
/// one, and `progress` is warned of the number it got; `None` when not even one starts
/// (the caller says what it does instead).
pub fn pool(threads: usize, progress: &mut dyn Progress) -> Option<rayon::ThreadPool> {
    let asked = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let mut n = asked;
    loop {
        let built = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .thread_name(|i| format!("grundy-search-{i}"))
            .build();
        match built {
            Ok(pool) => {
                if n < asked {
                    progress.warning(&format!(
                        "the system started {n} of the {asked} search threads asked for; going on with {n}"
                    ));
                }
                return Some(pool);
            }
            Err(_) if n > 1 => n /= 2,
            Err(_) => return None,
        }
    }
}

/// The search's flag for stopping, carried into a task on another thread.
fn stoppable<T>(flag: &Option<crate::stop::Stop>, work: impl FnOnce() -> T) -> T {
    match flag {
        Some(f) => crate::stop::run(f, work)
            .unwrap_or_else(|stopped| std::panic::resume_unwind(Box::new(stopped))),
        None => work(),
    }
}

/// The value of the sum of `components`, each component's by [`value`].
pub fn sum_value<G>(
    game: &G,
    components: &[G::Position],
    table: &SharedTable<Key<G>>,
    pool: &rayon::ThreadPool,
    progress: &mut dyn Progress,
) -> (Nimber, SearchStats)
where
    G: Game + Clone + Send + Sync,
    G::Position: Packed + Send + Sync,
{
    let mut stats = SearchStats::default();
    let mut total = Nimber::ZERO;
    for c in components {
        let (v, s) = value(game, c, table, pool, progress);
        total ^= v;
        add(&mut stats, &s);
    }
    (total, stats)
}

fn add(to: &mut SearchStats, s: &SearchStats) {
    to.visits += s.visits;
    to.hits += s.hits;
    to.expanded += s.expanded;
    to.cutoffs += s.cutoffs;
    to.ruled_out += s.ruled_out;
    to.proved += s.proved;
    to.stored = s.stored;
    to.dropped = s.dropped;
    to.table_bytes = s.table_bytes;
}

/// The Grundy value of `p`, the root's options shared among the pool's threads.
pub fn value<G>(
    game: &G,
    p: &G::Position,
    table: &SharedTable<Key<G>>,
    pool: &rayon::ThreadPool,
    progress: &mut dyn Progress,
) -> (Nimber, SearchStats)
where
    G: Game + Clone + Send + Sync,
    G::Position: Packed + Send + Sync,
{
    let p = game.canonical(p);
    if let Some(v) = Table::get(&table.handle(), &p) {
        return (Nimber(v), SearchStats::default());
    }
    let mut options: Vec<Components<G::Position>> = Vec::new();
    game.options(&p, &mut options);
    let options: Vec<Vec<G::Position>> = options.into_iter().map(|o| o.into_vec()).collect();
    let (value, stats) = value_of_options(game, &options, table, pool, progress);
    Table::put(&mut table.handle(), &p, value.0);
    (value, stats)
}

/// The value of a position whose options are `options` (each the components a move
/// leaves): the mex of their values, found round by round as the module notes say.
pub fn value_of_options<G>(
    game: &G,
    options: &[Vec<G::Position>],
    table: &SharedTable<Key<G>>,
    pool: &rayon::ThreadPool,
    progress: &mut dyn Progress,
) -> (Nimber, SearchStats)
where
    G: Game + Clone + Send + Sync,
    G::Position: Packed + Send + Sync,
{
    let mut stats = SearchStats::default();
    let n = options.len();
    // Easiest first, as the search alone orders them: a round ends as soon as one option
    // is worth the value tried, and easy options answer soonest.
    let weight = |o: &[G::Position]| -> u64 {
        o.iter()
            .map(|c| game.difficulty(c))
            .fold(0u64, |w, d| w.saturating_add(d.saturating_mul(d)))
    };
    let mut open: Vec<usize> = (0..n).collect();
    open.sort_by_key(|&i| weight(&options[i]));
    let mut seen = vec![false; n + 1];
    let flag = crate::stop::current();
    let mut r = 0u64;
    loop {
        if (r as usize) < seen.len() && seen[r as usize] {
            r += 1;
            continue;
        }
        // Raised when an option is found worth `r` (the round is over: the questions still
        // running are dropped), or when the whole search is asked to stop.
        let cut = crate::stop::Stop::new();
        let answered = AtomicUsize::new(0);
        let asking = open.len();
        let round = || -> Vec<(usize, Option<Option<u64>>, SearchStats)> {
            pool.install(|| {
                open.par_iter()
                    .with_max_len(1)
                    .map_init(
                        || Search::new(game.clone(), table.handle()),
                        |search, &i| {
                            if cut.is_requested() {
                                return (i, None, SearchStats::default());
                            }
                            let before = search.stats();
                            let Ok(v) =
                                crate::stop::run(&cut, || search.sum_value_if(&options[i], r))
                            else {
                                // Cut short: its stacks are not to be trusted; what it
                                // proved is in the table.
                                *search = Search::new(game.clone(), table.handle());
                                return (i, None, SearchStats::default());
                            };
                            if v == Some(r) {
                                cut.request();
                            }
                            answered.fetch_add(1, Ordering::Relaxed);
                            (i, Some(v), difference(&search.stats(), &before))
                        },
                    )
                    .collect()
            })
        };
        // The round runs on the pool; this thread tells the terminal how far it is.
        let answers = std::thread::scope(|scope| {
            let (done, ended) = std::sync::mpsc::channel::<()>();
            let running = std::thread::Builder::new().spawn_scoped(scope, move || {
                let answers = round();
                let _ = done.send(());
                answers
            });
            // No thread to spare (a process limit): the round runs here, unreported.
            let running = match running {
                Ok(running) => running,
                Err(_) => return round(),
            };
            // Woken at once when the round ends (or fails: the sender is dropped).
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                ended.recv_timeout(std::time::Duration::from_millis(100))
            {
                if flag.as_ref().is_some_and(crate::stop::Stop::is_requested) {
                    cut.request();
                }
                let threads = pool.current_num_threads();
                progress.status(&format!(
                    "is the value {r}? {} of {n} options still to answer, on {threads} thread{}",
                    asking - answered.load(Ordering::Relaxed),
                    if threads == 1 { "" } else { "s" }
                ));
            }
            running
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        });
        // A stop asked of the whole search ends it here, on the caller's thread.
        crate::stop::check();
        let mut hit = false;
        for (i, answer, s) in answers {
            add(&mut stats, &s);
            if let Some(Some(v)) = answer {
                open.retain(|&k| k != i);
                if (v as usize) < seen.len() {
                    seen[v as usize] = true;
                }
                hit |= v == r;
            }
        }
        if !hit {
            break;
        }
        r += 1;
    }
    stats.proved += 1;
    (Nimber(r), stats)
}

fn difference(after: &SearchStats, before: &SearchStats) -> SearchStats {
    SearchStats {
        visits: after.visits - before.visits,
        hits: after.hits - before.hits,
        expanded: after.expanded - before.expanded,
        cutoffs: after.cutoffs - before.cutoffs,
        ruled_out: after.ruled_out - before.ruled_out,
        proved: after.proved - before.proved,
        ..*after
    }
}

/// Which of `candidates` (each the components a move leaves) are worth 0, a candidate a
/// task on the pool's threads.
pub fn zeros<G>(
    game: &G,
    candidates: &[Vec<G::Position>],
    table: &SharedTable<Key<G>>,
    pool: &rayon::ThreadPool,
) -> Vec<bool>
where
    G: Game + Clone + Send + Sync,
    G::Position: Packed + Send + Sync,
{
    let flag = crate::stop::current();
    pool.install(|| {
        candidates
            .par_iter()
            .with_max_len(1)
            .map_init(
                || Search::new(game.clone(), table.handle()),
                |search, c| stoppable(&flag, || search.is_zero(c)),
            )
            .collect()
    })
}
