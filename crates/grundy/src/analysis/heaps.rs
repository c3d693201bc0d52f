//! Sums of heaps analysed: each heap valued by its family's engine, the winning moves found; misère play by Bouton's rule, the misère quotient or the search over sums.
//!
//! The report it makes is data in [`crate::report::heaps`].

use crate::report::heaps::*;

use crate::family::{Family, FamilyError};
use crate::game::Player;
use crate::nimber::Nimber;
use crate::parse::Input;
use crate::report::Error;
use crate::solve::genus::Genus;

/// The most heaps one position may have.
pub const MAX_HEAPS: usize = Family::MAX_HEAPS;

/// Reads the heap sizes of one position (see [`Family::read_heaps`], where the heaps'
/// notation lives beside the families).
pub fn parse_heaps(input: &Input, limit: u64, total: bool) -> Result<Vec<u64>, Error> {
    Family::read_heaps(input, limit, total)
}

/// The error of a family's refusal: the engine's own failures are [`Failed`](crate::report::ErrorKind::Failed),
/// everything else is the input's.
pub fn family_error(e: FamilyError) -> Error {
    match e {
        FamilyError::Solve(_) => Error::failed(e.to_string()),
        e => Error::input(e.to_string()),
    }
}

/// The heaps of `input` in `family`, explained.
pub fn analyze(family: &Family, input: &Input) -> Result<HeapReport, Error> {
    Ok(analyze_with_stats(family, input)?.0)
}

/// [`analyze`], with a line on what the engine did.
pub fn analyze_with_stats(family: &Family, input: &Input) -> Result<(HeapReport, String), Error> {
    let heaps = parse_heaps(input, u64::MAX, false)?;
    let analysis = family
        .analyze_heaps(&heaps)
        .map_err(|e| family_error(e).context(&input.source))?;
    let s = analysis.stats;
    let stats = format!(
        "{} heaps, largest {}; solver looked at {} options, memo {} entries",
        heaps.len(),
        heaps.iter().max().copied().unwrap_or(0),
        s.options,
        s.memo_size
    );
    Ok((HeapReport::from(&analysis), stats))
}

/// The most sums the misère search of one position may hold.
pub const MISERE_POSITIONS: usize = 4_000_000;

/// Misère play of more heaps than this goes by the misère quotient.
pub const QUOTIENT_FROM: usize = 16;

/// Many heaps whose quotient cannot be had are still searched when they hold at most this
/// many counters in all (the search answers such sums in seconds).
pub const SEARCH_FALLBACK: u64 = 100;

/// The largest heap the misère quotient is computed for when `analyze --misere` needs it.
pub const QUOTIENT_MAX_HEAP: u64 = 64;

/// The heaps of `input` in `family` under misère play: each heap's misère Grundy value, the
/// sum's, the winner and every winning move. Nim by its rule, on any number of heaps; any
/// other family by the search of [`crate::solve::misere`], which holds at most
/// [`MISERE_POSITIONS`] sums.
pub fn analyze_misere(family: &Family, input: &Input) -> Result<(HeapReport, String), Error> {
    // Misère Nim goes by its rule on any heaps; the others are searched.
    let heaps = if *family == Family::Nim {
        parse_heaps(input, u64::MAX, false)?
    } else {
        parse_heaps(input, family.analyze_limit(), true)?
    };
    let mut by_quotient = false;
    let (values, grundy, moves, stats) = if *family == Family::Nim {
        let (values, grundy, moves) = misere_nim(&heaps);
        (values, grundy, moves, "misère Nim by its rule".to_string())
    } else {
        // Many heaps go by the quotient; when it cannot be had (a heap past its range, a
        // quotient past its bounds), by the search, which says its own limit.
        let many = heaps.len() > QUOTIENT_FROM;
        let small = heaps.iter().sum::<u64>() <= SEARCH_FALLBACK;
        match many.then(|| misere_by_quotient(family, &heaps)) {
            Some(Ok(found)) => {
                by_quotient = true;
                found
            }
            Some(Err(quotient)) if !small => return Err(quotient.context(&input.source)),
            Some(Err(quotient)) => misere_by_search(family, &heaps).map_err(|e| {
                Error::input(format!("{quotient}; by the misère search instead: {e}"))
                    .context(&input.source)
            })?,
            None => misere_by_search(family, &heaps).map_err(|e| e.context(&input.source))?,
        }
    };
    let winning_moves = moves
        .into_iter()
        .map(|(i, leaves)| {
            let m = crate::family::HeapMove {
                heap: i + 1,
                from: heaps[i],
                take: heaps[i] - leaves.iter().sum::<u64>(),
                leaves,
                every: None,
            };
            Move {
                label: m.to_string(),
                heap: m.heap,
                from: m.from,
                take: m.take,
                leaves: m.leaves,
                every: None,
            }
        })
        .collect();
    let report = HeapReport {
        game: family.to_string(),
        grundy,
        winner: Player::winner_of(grundy),
        heaps,
        values,
        winning_moves,
        misere: true,
        by_quotient,
    };
    Ok((report, stats))
}

/// Misère play of a sum of heaps by the misère search over the sum: each heap's misère
/// value, the sum's, and every winning move.
fn misere_by_search(
    family: &Family,
    heaps: &[u64],
) -> Result<(Vec<Nimber>, Nimber, Vec<HeapLeft>, String), Error> {
    use crate::solve::misere::Misere;
    let failed = |e: crate::SolveError| {
        Error::input(format!(
            "{e} (the misère search holds at most {MISERE_POSITIONS} sums)"
        ))
    };
    let mut search = Misere::new(family, MISERE_POSITIONS);
    let values = heaps
        .iter()
        .map(|&h| search.value(&[h]))
        .collect::<Result<Vec<_>, _>>()
        .map_err(failed)?;
    let grundy = search.value(heaps).map_err(failed)?;
    let mut moves: Vec<(usize, Vec<u64>)> = search
        .winning_moves(heaps)
        .map_err(failed)?
        .into_iter()
        .map(|m| {
            let mut leaves: Vec<u64> = m.leaves.to_vec();
            leaves.sort_unstable_by(|a, b| b.cmp(a));
            (m.component, leaves)
        })
        .collect();
    moves.sort();
    moves.dedup();
    let stats = format!("misère search over {} sums", search.len());
    Ok((values, grundy, moves, stats))
}

/// Misère play of many heaps by the misère quotient of heaps up to the largest: each heap's
/// misère value (by the search, once per size), the outcome (0 for lost, 1 for won) and
/// every winning move, in time that does not grow with the number of heaps.
fn misere_by_quotient(
    family: &Family,
    heaps: &[u64],
) -> Result<(Vec<Nimber>, Nimber, Vec<HeapLeft>, String), Error> {
    use crate::solve::quotient::Quotient;
    let top = heaps.iter().copied().max().unwrap_or(0);
    if top > QUOTIENT_MAX_HEAP {
        return Err(Error::input(format!(
            "misère play of more than {QUOTIENT_FROM} heaps is decided by the misère quotient, computed here for heaps up to {QUOTIENT_MAX_HEAP}; the largest heap is {top} (grundy quotient computes larger ones)"
        )));
    }
    let q = Quotient::compute(family, top, &mut crate::NoProgress)
        .map_err(|e| Error::input(format!("{}: {e}", family.short_name())))?;
    let mut search = crate::solve::misere::Misere::new(family, MISERE_POSITIONS);
    let mut value_of: std::collections::HashMap<u64, Nimber> = std::collections::HashMap::new();
    let mut values = Vec::with_capacity(heaps.len());
    for &h in heaps {
        let v = match value_of.get(&h) {
            Some(&v) => v,
            None => {
                let v = search
                    .value(&[h])
                    .map_err(|e| Error::input(e.to_string()))?;
                value_of.insert(h, v);
                v
            }
        };
        values.push(v);
    }
    let won = q.first_wins(heaps).expect("heaps within the quotient");
    let moves = q.winning_moves(heaps).expect("heaps within the quotient");
    let stats = format!(
        "misère quotient of heaps 0..={top}: |Q| = {}, |P| = {}",
        q.order(),
        q.p_count()
    );
    Ok((values, Nimber(u64::from(won)), moves, stats))
}

/// The misère Grundy values of the heaps 0..=upto of `family` (1 for the empty heap, then
/// the mex rule on each heap's options, sums of heaps valued as wholes): Nim by its
/// formula, any other family by the misère search, holding at most [`MISERE_POSITIONS`]
/// sums; `progress` hears of the heaps done.
pub fn misere_values(
    family: &Family,
    upto: u64,
    progress: &mut dyn crate::progress::Progress,
) -> Result<Vec<u64>, Error> {
    Ok(genera(family, upto, progress)?
        .iter()
        .map(Genus::misere)
        .collect())
}

/// The genus of each heap 0..=upto of `family` ([`crate::solve::genus`]): Nim's heaps are
/// nim heaps; any other family's are computed by the misère search, holding at most
/// [`MISERE_POSITIONS`] sums; `progress` hears of the heaps done.
pub fn genera(
    family: &Family,
    upto: u64,
    progress: &mut dyn crate::progress::Progress,
) -> Result<Vec<Genus>, Error> {
    if *family == Family::Nim {
        let n = family.table_limit().min(upto);
        if n < upto {
            return Err(Error::input(format!(
                "values up to {upto} were asked for; the supported limit is {}",
                family.table_limit()
            )));
        }
        return Ok((0..=upto).map(Genus::nim_heap).collect());
    }
    let mut search = crate::solve::misere::Misere::new(family, MISERE_POSITIONS);
    progress.start(upto + 1);
    let mut out = Vec::new();
    let mut held = Vec::new();
    for h in 0..=upto {
        let g = search.genus(&[h]).map_err(|e| {
            Error::input(format!(
                "the misère values of {} up to {upto}: {e} (the misère search holds at most {MISERE_POSITIONS} sums)",
                family.short_name()
            ))
        })?;
        out.push(g);
        held.push(search.len());
        if let Some(refusal) = misere_projection(&held, upto, MISERE_POSITIONS) {
            return Err(Error::input(format!(
                "the misère values of {} up to {upto}: {refusal}",
                family.short_name()
            )));
        }
        progress.advance(h);
    }
    progress.finish();
    Ok(out)
}

/// Heaps over which the misère search's growth is measured.
const GROWTH_OVER: usize = 8;

/// Why a misère sequence is refused before the search reaches its bound, from the sums it
/// held after each heap so far (`held[h]` after heap `h`): the growth over the last
/// [`GROWTH_OVER`] heaps, carried on to `upto`, would need more than four times `limit` sums.
/// The search grows by about a constant factor a heap (Kayles: twice every 3.5 heaps), so
/// the refusal comes after seconds, where reaching the bound took minutes. `None` while
/// the growth is not yet measured, is not growing, or stays in reach.
fn misere_projection(held: &[usize], upto: u64, limit: usize) -> Option<String> {
    let h = held.len().checked_sub(1)?;
    let now = *held.last()?;
    if h < GROWTH_OVER || now < 10_000 || upto <= h as u64 {
        return None;
    }
    let before = held[h - GROWTH_OVER].max(1);
    let rate = (now as f64 / before as f64).powf(1.0 / GROWTH_OVER as f64);
    if rate <= 1.0 {
        return None;
    }
    let left = (upto - h as u64) as f64;
    let projected = now as f64 * rate.powf(left);
    if projected <= 4.0 * limit as f64 {
        return None;
    }
    let reach = h as f64 + ((limit as f64 / now as f64).ln() / rate.ln()).floor();
    Some(format!(
        "after heap {h} the misère search held {now} sums, growing about {rate:.2}× a heap; heap {upto} would need about {} sums, more than the {limit} it may hold (projected from that growth; about heap {} is in reach)",
        if projected < 1e9 {
            format!("{:.0} million", projected / 1e6)
        } else {
            format!("{projected:.1e}")
        },
        reach.max(h as f64) as u64
    ))
}

/// The misère Grundy value of a sum of Nim heaps by misère Nim's rule: the heaps' XOR,
/// with its last bit flipped when no heap holds two or more.
pub fn misere_nim_value(heaps: &[u64]) -> Nimber {
    misere_nim(heaps).1
}

/// A move as the heap moved in (its index) and the heaps left in its place.
type HeapLeft = (usize, Vec<u64>);

/// Misère Nim by its rule: each heap's misère value (1 for 0, 0 for 1, n from 2 on), the
/// sum's (its XOR, flipped in the last bit when no heap holds two or more), and every
/// winning move as (heap index, heaps left), found in one pass: only the heap sizes 0, 1
/// and the normal-play target can win.
fn misere_nim(heaps: &[u64]) -> (Vec<Nimber>, Nimber, Vec<HeapLeft>) {
    let xor = heaps.iter().fold(0, |a, &h| a ^ h);
    let big = heaps.iter().filter(|&&h| h >= 2).count();
    let value_of = |xor: u64, big: usize| if big == 0 { xor ^ 1 } else { xor };
    let values = heaps
        .iter()
        .map(|&h| Nimber(value_of(h, usize::from(h >= 2))))
        .collect();
    let mut moves = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let mut targets = vec![xor ^ h, 0, 1];
        targets.sort_unstable();
        targets.dedup();
        for v in targets.into_iter().filter(|&v| v < h) {
            let big = big - usize::from(h >= 2) + usize::from(v >= 2);
            if value_of(xor ^ h ^ v, big) == 0 {
                moves.push((i, if v == 0 { Vec::new() } else { vec![v] }));
            }
        }
    }
    (values, Nimber(value_of(xor, big)), moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search that grows by a constant factor a heap is refused once its growth is
    /// measured and the projection passes four times the bound; one that stays flat, is
    /// still small, or whose projection is in reach, is left to run.
    #[test]
    fn a_misere_sequence_out_of_reach_is_refused_from_its_growth() {
        let growing = |rate: f64, n: usize| -> Vec<usize> {
            (0..n)
                .map(|h| (1000.0 * rate.powi(h as i32)) as usize)
                .collect()
        };
        let held = growing(1.25, 20);
        let refusal = misere_projection(&held, 100, 4_000_000).expect("refused");
        assert!(
            refusal.starts_with("after heap 19 the misère search held"),
            "{refusal}"
        );
        assert!(refusal.contains("growing about 1.25× a heap"), "{refusal}");
        // 69,388 sums at heap 19, ×1.25 a heap: 4,000,000 is reached near heap 37.
        assert!(refusal.contains("held 69388 sums"), "{refusal}");
        assert!(refusal.contains("about heap 37 is in reach"), "{refusal}");
        // Within four times the bound (heap 43 would need about 14 million): left to run,
        // the bound still holds the search.
        assert_eq!(misere_projection(&held, 43, 4_000_000), None);
        assert!(misere_projection(&held, 44, 4_000_000).is_some());
        // Flat, too small to measure, or too few heaps yet.
        assert_eq!(misere_projection(&[50_000; 20], 1000, 4_000_000), None);
        assert_eq!(misere_projection(&growing(1.25, 5), 1000, 4_000_000), None);
        assert_eq!(
            misere_projection(&growing(1.1, 20)[..], 1000, 1 << 40),
            None
        );
        assert_eq!(misere_projection(&[], 10, 4_000_000), None);
    }

    /// Misère Nim's rule against the search, which knows no rule: the values of the heaps
    /// and of the sum, and the winning moves, on every sum of three heaps up to 6 and a few
    /// of four.
    #[test]
    fn misere_nim_by_its_rule_is_the_search() {
        let mut search = crate::solve::misere::Misere::new(Family::Nim, 1 << 22);
        let mut sums: Vec<Vec<u64>> = Vec::new();
        for a in 0..=6 {
            for b in 0..=6 {
                for c in 0..=6 {
                    sums.push(vec![a, b, c]);
                }
            }
        }
        sums.extend([
            vec![1, 1, 1, 1],
            vec![2, 2, 1, 1],
            vec![3, 5, 6, 1],
            vec![1],
        ]);
        for heaps in sums {
            let (values, grundy, moves) = misere_nim(&heaps);
            for (h, v) in heaps.iter().zip(&values) {
                assert_eq!(search.value(&[*h]).unwrap(), *v, "*{h}");
            }
            assert_eq!(search.value(&heaps).unwrap(), grundy, "{heaps:?}");
            let mut searched: Vec<(usize, Vec<u64>)> = search
                .winning_moves(&heaps)
                .unwrap()
                .into_iter()
                .map(|m| (m.component, m.leaves.to_vec()))
                .collect();
            searched.sort();
            let mut ruled = moves.clone();
            ruled.sort();
            assert_eq!(ruled, searched, "{heaps:?}");
        }
    }

    /// Misère Kayles' first values: P-positions (value 0) at 1 and 4, as Winning Ways lists
    /// them; the empty heap is worth 1. The search and Nim's formula agree on Nim.
    #[test]
    fn misere_values_of_heap_families() {
        let kayles = crate::catalogue::family("kayles").unwrap();
        let values = misere_values(&kayles, 12, &mut crate::NoProgress).unwrap();
        assert_eq!(values[0], 1);
        let zeros: Vec<usize> = (0..values.len()).filter(|&h| values[h] == 0).collect();
        assert_eq!(zeros[..2], [1, 4]);
        let nim = misere_values(&Family::Nim, 30, &mut crate::NoProgress).unwrap();
        let mut search = crate::solve::misere::Misere::new(Family::Nim, 1 << 20);
        for (h, v) in nim.iter().enumerate() {
            assert_eq!(search.value(&[h as u64]).unwrap().0, *v, "*{h}");
        }
    }

    /// Many heaps go by the quotient: the winner and the winning moves (heap, counters taken,
    /// heaps left) are the search's.
    #[test]
    fn many_heaps_under_misere_play_go_by_the_quotient() {
        for (name, heaps) in [
            ("kayles", "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 2"),
            ("kayles", "1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2 4"),
            ("kayles", "3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3"),
            ("kayles", "5 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1"),
            ("dawson-kayles", "4 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 5"),
            ("dawson-kayles", "2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 3 6"),
        ] {
            let family = crate::catalogue::family(name).unwrap();
            let mut search = crate::solve::misere::Misere::new(family.clone(), 1 << 22);
            let (report, _) = analyze_misere(&family, &Input::new("t", heaps)).unwrap();
            assert!(report.by_quotient);
            let sizes: Vec<u64> = heaps.split(' ').map(|h| h.parse().unwrap()).collect();
            assert_eq!(
                report.winner,
                search.winner(&sizes).unwrap(),
                "{name} {heaps}"
            );
            let mut ours: Vec<(usize, u64, Vec<u64>)> = report
                .winning_moves
                .iter()
                .map(|m| (m.heap - 1, m.take, m.leaves.clone()))
                .collect();
            let mut theirs: Vec<(usize, u64, Vec<u64>)> = search
                .winning_moves(&sizes)
                .unwrap()
                .into_iter()
                .map(|m| {
                    let mut left: Vec<u64> = m.leaves.iter().copied().filter(|&h| h > 0).collect();
                    left.sort_unstable_by(|a, b| b.cmp(a));
                    let take = sizes[m.component] - left.iter().sum::<u64>();
                    (m.component, take, left)
                })
                .collect();
            ours.sort();
            theirs.sort();
            theirs.dedup();
            assert_eq!(ours, theirs, "{name} {heaps}");
        }
        let kayles = crate::catalogue::family("kayles").unwrap();
        let far = "70 ".repeat(20);
        let e = analyze_misere(&kayles, &Input::new("t", far.trim())).unwrap_err();
        assert!(e.to_string().contains("largest heap is 70"), "{e}");
    }

    #[test]
    fn a_misere_report_says_so_and_reads_back() {
        let kayles = crate::catalogue::family("kayles").unwrap();
        let (report, _) = analyze_misere(&kayles, &Input::new("p", "1 1")).unwrap();
        // Two single pins: whoever takes one leaves the other and wins.
        assert_eq!(report.winner, Player::First);
        assert!(report.misere);
        assert!(report.to_string().contains("play:    misère"));
        let json = serde_json::to_string(&report).unwrap();
        assert!(json.contains("\"misere\":true"), "{json}");
        assert_eq!(serde_json::from_str::<HeapReport>(&json).unwrap(), report);
        let (normal, _) = analyze_with_stats(&kayles, &Input::new("p", "1 1")).unwrap();
        assert!(!serde_json::to_string(&normal).unwrap().contains("misere"));
        assert_eq!(normal.winner, Player::Second);
    }
}
