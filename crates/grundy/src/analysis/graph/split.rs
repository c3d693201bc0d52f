//! A graph file read over the ranks of a solve: each rank reads and parses its own share of
//! the bytes, so that no rank reads the whole file or holds the whole graph.
//!
//! The file is cut into equal runs of bytes, one a rank; a number belongs to the rank whose
//! run holds its first byte. Each rank parses its numbers, and the ranks then tell one
//! another how many each has (so that each knows where its numbers fall in the file: the
//! header, the moves, the tokens) and the few numbers that another rank needs (a move whose
//! tail is at the end of one run and whose head begins the next). This reading knows only
//! files in the plain form (numbers of at most 19 digits apart from the header's bounds,
//! separated by spaces, tabs and line ends): anything else, a file every rank cannot read
//! or one that is wrong anywhere, and every rank declines, so that the caller reads it on
//! rank 0 as one process does, with the same error for a wrong file.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use super::{MAX_EDGES, MAX_TOKENS, MAX_VERTICES};
use crate::solve::distributed::{Transport, exchange_words, words_of};

/// Bytes read past the end of a rank's run, to finish the number that crosses it.
const TAIL: u64 = 32;

/// This rank's share of a graph file read over the ranks ([`read_over_ranks`]).
pub struct SplitGraph {
    /// The number of vertices.
    pub(super) vertices: usize,
    /// The number of moves.
    pub(super) edges: u64,
    /// The numbers that begin in this rank's run of bytes.
    numbers: Vec<u32>,
    /// Where, in `numbers`, the first move whose tail is here begins.
    first: usize,
    /// How many moves have their tail here.
    moves: usize,
    /// The head of the last of them, when it begins in a later rank's run.
    crossing: Option<u32>,
    /// The tokens' vertices, from 0 (on every rank).
    pub(super) tokens: Vec<u32>,
    /// On rank 0: the moves from the tokens' vertices, in the file's order.
    pub(super) token_moves: Vec<(u32, u32)>,
}

impl SplitGraph {
    /// The moves whose tail is in this rank's run, ends from 0, and how many there are.
    pub(super) fn moves(&self) -> (impl Iterator<Item = (u32, u32)> + '_, usize) {
        let whole = self.moves - usize::from(self.crossing.is_some());
        let pairs = self.numbers[self.first..self.first + 2 * whole]
            .chunks_exact(2)
            .map(|w| (w[0] - 1, w[1] - 1));
        let last = self
            .crossing
            .map(|v| (self.numbers[self.numbers.len() - 1] - 1, v - 1));
        (pairs.chain(last), self.moves)
    }
}

fn space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// The numbers that begin in this rank's run of `path`'s bytes; `None` when the file cannot
/// be read here, is larger than `limit` bytes, or holds anything but plain numbers below
/// 2^32.
fn numbers(path: &Path, limit: u64, me: usize, ranks: usize) -> Option<Vec<u32>> {
    // Only a regular file: opening a named pipe could wait for a writer, and its bytes
    // would go to whichever rank read them first.
    let len = std::fs::metadata(path).ok().filter(|m| m.is_file())?.len();
    let mut f = File::open(path).ok()?;
    if len > limit {
        return None;
    }
    let (lo, hi) = (
        len * me as u64 / ranks as u64,
        len * (me as u64 + 1) / ranks as u64,
    );
    let from = lo.saturating_sub(1);
    let to = (hi + TAIL).min(len);
    f.seek(SeekFrom::Start(from)).ok()?;
    let mut bytes = vec![0u8; (to - from) as usize];
    f.read_exact(&mut bytes).ok()?;
    if lo == 0 && bytes.starts_with(b"\xEF\xBB\xBF") {
        return None;
    }
    let mut at = (lo - from) as usize;
    if lo > 0 && !space(bytes[0]) {
        // The number that crosses into this run is the rank before's.
        while at < bytes.len() && !space(bytes[at]) {
            at += 1;
        }
    }
    let end = (hi - from) as usize;
    let mut out = Vec::with_capacity((hi - lo) as usize / 8);
    loop {
        while at < bytes.len() && space(bytes[at]) {
            at += 1;
        }
        if at >= end {
            return Some(out);
        }
        let start = at;
        let mut v: u64 = 0;
        while at < bytes.len() && !space(bytes[at]) {
            let d = bytes[at].wrapping_sub(b'0');
            if d > 9 || at - start == 19 {
                return None;
            }
            v = v * 10 + u64::from(d);
            at += 1;
        }
        if at == bytes.len() && to < len {
            return None;
        }
        out.push(u32::try_from(v).ok()?);
    }
}

/// The words `out[r]` sent to every rank `r` and those every rank sent here, in rank order.
fn exchange(transport: &mut dyn Transport, out: &[Vec<u64>]) -> Vec<Vec<u64>> {
    exchange_words(transport, None, out)
        .iter()
        .map(|b| words_of::<u64>(b).into_owned())
        .collect()
}

/// The graph file at `path` read over every rank of `transport`, each rank its share (see
/// the module's docs), with its tokens, which may be left out when `tokens_required` is
/// not set; `None` on every rank when it is not read that way (the file cannot be read on
/// some rank, is larger than `limit` bytes, is not in the plain form, or is wrong), and
/// then rank 0 should read it alone. Every rank must call it at once.
pub fn read_over_ranks(
    path: &Path,
    limit: u64,
    tokens_required: bool,
    transport: &mut dyn Transport,
) -> Option<SplitGraph> {
    let (me, ranks) = (transport.rank(), transport.ranks());
    let numbers = numbers(path, limit, me, ranks);
    // Each rank tells every rank: whether it read its run, how many numbers it has, and
    // its first two.
    let mine = numbers.as_ref().map_or(vec![0; 4], |x| {
        vec![
            1,
            x.len() as u64,
            x.first().map_or(u64::MAX, |&v| v.into()),
            x.get(1).map_or(u64::MAX, |&v| v.into()),
        ]
    });
    let told = exchange(transport, &vec![mine; ranks]);
    if told.iter().any(|t| t[0] == 0) || told[0][1] < 2 {
        return None;
    }
    let numbers = numbers.expect("read");
    let (n, m) = (told[0][2], told[0][3]);
    if !(1..=MAX_VERTICES).contains(&n) || m > MAX_EDGES {
        return None;
    }
    let before: u64 = told[..me].iter().map(|t| t[1]).sum();
    let total: u64 = told.iter().map(|t| t[1]).sum();
    let tokens_at = 2 + 2 * m;
    let has_tokens = total > tokens_at;
    if (!has_tokens && (tokens_required || total < tokens_at)) || total > tokens_at + 1 + MAX_TOKENS
    {
        return None;
    }
    // The moves whose tail is here: at the even places from 2 on, below `tokens_at`.
    let here = before..before + numbers.len() as u64;
    let tails = here.start.max(2)..here.end.min(tokens_at);
    let first_tail = tails.start + (tails.start % 2);
    let moves = if first_tail < tails.end {
        (tails.end - first_tail).div_ceil(2) as usize
    } else {
        0
    };
    let first = if moves > 0 {
        (first_tail - before) as usize
    } else {
        0
    };
    // A last tail here whose head begins in the next rank's run that has numbers.
    // (the last head here is at `first_tail + 2 * moves - 1`)
    let crossing = (moves > 0 && first_tail + 2 * moves as u64 > here.end).then(|| {
        let next = told[me + 1..]
            .iter()
            .find(|t| t[1] > 0)
            .expect("the head is in the file");
        next[2] as u32
    });
    let mut bad = numbers[first..]
        .iter()
        .take(2 * moves - usize::from(crossing.is_some()))
        .any(|&x| x == 0 || u64::from(x) > n)
        || crossing.is_some_and(|x| x == 0 || u64::from(x) > n);
    // The tokens' numbers here: the count `k` at `tokens_at`, the vertices after it.
    let mut k = u64::MAX;
    let mut vertices = Vec::new();
    for (i, &x) in numbers.iter().enumerate() {
        let at = before + i as u64;
        if at == tokens_at {
            k = x.into();
        } else if at > tokens_at {
            bad |= x == 0 || u64::from(x) > n;
            vertices.push(u64::from(x));
        }
    }
    let mut mine = vec![u64::from(bad), k];
    mine.extend_from_slice(&vertices);
    let told = exchange(transport, &vec![mine; ranks]);
    if told.iter().any(|t| t[0] != 0) {
        return None;
    }
    let tokens: Vec<u32> = told
        .iter()
        .flat_map(|t| t[2..].iter().map(|&v| v as u32 - 1))
        .collect();
    if has_tokens {
        let k = told.iter().map(|t| t[1]).find(|&k| k != u64::MAX)?;
        if !(1..=MAX_TOKENS).contains(&k) || total != tokens_at + 1 + k {
            return None;
        }
    }
    let mut split = SplitGraph {
        vertices: n as usize,
        edges: m,
        numbers,
        first,
        moves,
        crossing,
        tokens,
        token_moves: Vec::new(),
    };
    // Rank 0 gets the moves from the tokens' vertices, to name the winning moves.
    if !split.tokens.is_empty() {
        let mut token = vec![false; split.vertices];
        for &t in &split.tokens {
            token[t as usize] = true;
        }
        let mut out = vec![Vec::new(); ranks];
        out[0] = split
            .moves()
            .0
            .filter(|&(u, _)| token[u as usize])
            .flat_map(|(u, v)| [u64::from(u), u64::from(v)])
            .collect();
        let got = exchange(transport, &out);
        if me == 0 {
            split.token_moves = got
                .iter()
                .flat_map(|w| w.chunks_exact(2).map(|p| (p[0] as u32, p[1] as u32)))
                .collect();
        }
    }
    Some(split)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::{OnRanksInput, analyze, analyze_on, explore, explore_on};
    use super::*;
    use crate::parse::Input;
    use crate::report::table::OnRanks;
    use crate::solve::distributed::Local;

    /// `text` in a file read over `ranks` threads, `tokens_required` as `analyze` has it:
    /// whether the ranks read it split (the same on every rank), and rank 0's report, as
    /// `analyze_on` or `explore_on` gives it.
    fn over_ranks(text: &str, ranks: usize, analyzing: bool) -> (bool, Result<String, String>) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.txt");
        std::fs::write(&path, text).unwrap();
        let input = Input::new("g", text);
        let results = Local::run(ranks, |t| {
            let split = read_over_ranks(&path, u64::MAX, analyzing, t);
            let taken = split.is_some();
            let input = match split {
                Some(s) => OnRanksInput::Split(s),
                None => OnRanksInput::Whole((t.rank() == 0).then_some(&input)),
            };
            fn shown<R: std::fmt::Debug>(
                r: Result<OnRanks<R>, crate::report::Error>,
            ) -> Result<String, String> {
                match r {
                    Ok(OnRanks::Done(report, _)) => Ok(format!("{report:?}")),
                    Ok(OnRanks::Stopped(_)) => unreachable!("nothing to stop"),
                    Err(e) => Err(e.to_string()),
                }
            }
            let report = if analyzing {
                shown(analyze_on(input, t, None))
            } else {
                shown(explore_on(input, t, None))
            };
            (taken, report)
        });
        assert!(
            results.iter().all(|(taken, _)| *taken == results[0].0),
            "the ranks did not agree on how to read the file"
        );
        results.into_iter().next().unwrap()
    }

    /// What one process says of `text`.
    fn one_process(text: &str, analyzing: bool) -> Result<String, String> {
        let input = Input::new("g", text);
        if analyzing {
            analyze(&input).map(|g| format!("{:?}", Some(g)))
        } else {
            explore(&input).map(|g| format!("{:?}", Some(g)))
        }
        .map_err(|e| e.to_string())
    }

    /// A graph file in the plain form, its numbers parted by one of a few separators
    /// chosen by `seps`, with or without tokens.
    fn file() -> impl Strategy<Value = (String, bool)> {
        (1u32..30).prop_flat_map(|n| {
            (
                prop::collection::vec((1..=n, 1..=n), 20..90),
                prop::collection::vec(1..=n, 0..4),
                prop::collection::vec(0usize..6, 400),
                Just(n),
            )
                .prop_map(|(edges, tokens, seps, n)| {
                    const SEPS: [&str; 6] = [" ", "\n", "\t", "\r\n", "  ", " \n "];
                    let mut sep = seps.iter().cycle().map(|&i| SEPS[i]);
                    let mut text = format!("{n} {}\n", edges.len());
                    for (u, v) in &edges {
                        text.push_str(&format!(
                            "{u}{}{v:03}{}",
                            sep.next().unwrap(),
                            sep.next().unwrap()
                        ));
                    }
                    if !tokens.is_empty() {
                        text.push_str(&format!("{}{}", tokens.len(), sep.next().unwrap()));
                        for t in &tokens {
                            text.push_str(&format!("{t}{}", sep.next().unwrap()));
                        }
                    }
                    (text, !tokens.is_empty())
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(120))]

        /// A plain file is read split over one to four ranks, with the report one process
        /// gives, `analyze` when it has tokens and `explore` always.
        #[test]
        fn a_plain_file_read_over_ranks_gives_the_one_process_report(
            (text, tokens) in file(), ranks in 1usize..=4
        ) {
            if tokens {
                let (taken, got) = over_ranks(&text, ranks, true);
                prop_assert!(taken);
                prop_assert_eq!(got, one_process(&text, true));
            }
            let (taken, got) = over_ranks(&text, ranks, false);
            prop_assert!(taken);
            prop_assert_eq!(got, one_process(&text, false));
        }

        /// A file spoilt at one byte (a digit changed, a separator taken out or put in, a
        /// letter) is declined by every rank unless it is still a good file, and the
        /// report or the error is one process's, whichever way it was read.
        #[test]
        fn a_spoilt_file_gets_the_one_process_answer(
            (text, _) in file(), ranks in 1usize..=4, at in any::<prop::sample::Index>(),
            with in prop::sample::select(vec![b'0', b'9', b' ', b'\n', b'x', 0xEF, b'-'])
        ) {
            let mut bytes = text.into_bytes();
            let at = at.index(bytes.len());
            match with {
                b'\n' => bytes.insert(at, b'\n'),
                b' ' => { bytes.remove(at); }
                b => bytes[at] = b,
            }
            let text = String::from_utf8_lossy(&bytes).into_owned();
            for analyzing in [true, false] {
                let expected = one_process(&text, analyzing);
                let (taken, got) = over_ranks(&text, ranks, analyzing);
                prop_assert!(!taken || expected.is_ok(), "a wrong file read split");
                prop_assert_eq!(got, expected);
            }
        }
    }

    #[test]
    fn files_the_split_reading_declines_are_read_whole() {
        for (text, why) in [
            ("", "empty"),
            ("\u{feff}3 1\n1 2\n1\n1\n", "a byte-order mark"),
            ("3 1\n1 2\n", "no tokens for analyze"),
            ("3 1\n1 2\n1\n1 2\n", "a number too many"),
            ("3 1\n1 2 1\n", "the tokens cut short"),
            ("3 1\n1 99999999999\n1\n1\n", "a head past 2^32"),
            (
                "3 1\n1 00000000000000000002\n1\n1\n",
                "a number of 20 digits",
            ),
        ] {
            for ranks in 1..=3 {
                let (taken, got) = over_ranks(text, ranks, true);
                assert!(!taken, "{why}: read split");
                assert_eq!(got, one_process(text, true), "{why}");
            }
        }
        // A file no rank can read: declined, and rank 0 says nothing of it here.
        let results = Local::run(2, |t| {
            read_over_ranks(Path::new("/no/such/graph"), u64::MAX, false, t).is_some()
        });
        assert_eq!(results, [false, false]);
        // A named pipe: declined without opening it (which would wait for a writer).
        #[cfg(unix)]
        {
            let dir = tempfile::tempdir().unwrap();
            let fifo = dir.path().join("pipe");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if made.is_ok_and(|s| s.success()) {
                let results =
                    Local::run(2, |t| read_over_ranks(&fifo, u64::MAX, false, t).is_some());
                assert_eq!(results, [false, false]);
            }
        }
        // Larger than the limit.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.txt");
        std::fs::write(&path, "3 1\n1 2\n").unwrap();
        let results = Local::run(2, |t| read_over_ranks(&path, 7, false, t).is_some());
        assert_eq!(results, [false, false]);
        let results = Local::run(2, |t| read_over_ranks(&path, 8, false, t).is_some());
        assert_eq!(results, [true, true]);
    }
}
