//! Any game's move list judged under misère play: by the misère search over its sums, or by the heaps' own rules.
//!
//! The report it makes is data in [`crate::report::misere`].

use crate::analysis::sum_search::Sums;
use crate::game::{Game, Player};
use crate::nimber::Nimber;
use crate::parse::Input;
use crate::report::Error;
use crate::report::moves::MoveList;
use crate::solve::misere::Misere;

/// The most sums one misère analysis of a board, a queen or the cakes may hold: a
/// million, about 20 seconds of search (misère Cram 5×6 holds far fewer and takes 9 s).
pub const MISERE_POSITIONS: usize = 1_000_000;

/// Judges every listed move of `list` by the misère search, the position itself too.
fn judge<G: Game>(
    search: &mut Misere<G>,
    list: MoveList,
    sums: Sums<G::Position>,
    rules: impl Fn(crate::SolveError) -> Error,
) -> Result<MoveList, Error>
where
    G::Position: Ord,
{
    let here = search.value(&sums.here).map_err(&rules)?;
    let after = sums
        .after
        .iter()
        .map(|sum| search.value(sum).map_err(&rules))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(with_values(list, here, after))
}

/// Judges the position of `list` and every listed move by `value`, the misère value of a
/// position written as `analyze` reads it.
fn judge_by(
    list: MoveList,
    mut value: impl FnMut(&str) -> Result<Nimber, Error>,
) -> Result<MoveList, Error> {
    let here = value(&list.position)?;
    let after = list
        .moves
        .iter()
        .map(|m| value(&m.position))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(with_values(list, here, after))
}

/// `list` judged under misère play: the position worth `here`, its `i`-th move leaving a
/// position worth `after[i]`.
fn with_values(mut list: MoveList, here: Nimber, after: Vec<Nimber>) -> MoveList {
    for (m, v) in list.moves.iter_mut().zip(after) {
        m.value_after = Some(v);
        m.winning = v.is_zero();
    }
    judged(list, here)
}

/// `list` marked as judged under misère play, the position worth `here`.
fn judged(mut list: MoveList, here: Nimber) -> MoveList {
    list.grundy = Some(here);
    list.winner = Player::winner_of(here);
    list.misere = true;
    list
}

fn text(position: &str) -> Input {
    Input::new("position", position.as_bytes().to_vec())
}

/// The sheet under misère play: Nim on its four heaps of lines, by misère Nim's rule.
pub fn sheet(input: &Input) -> Result<MoveList, Error> {
    judge_by(crate::analysis::moves::sheet(input)?, |p| {
        let s = crate::analysis::sheet::parse(&text(p))?;
        let heaps = crate::games::sheet::heaps(s.rows, s.columns, s.mark_row, s.mark_column);
        Ok(crate::analysis::heaps::misere_nim_value(&heaps))
    })
}

/// A sum of heaps under misère play, as a move list: judged by the misère search over the
/// sum, or for more than [`crate::analysis::heaps::QUOTIENT_FROM`] heaps by the misère quotient (each
/// move's `value_after` then left out: only its outcome is known).
pub fn heaps(family: &crate::family::Family, input: &Input) -> Result<MoveList, Error> {
    let (report, _) = crate::analysis::heaps::analyze_misere(family, input)?;
    let mut list = crate::analysis::moves::heaps(family, input)?;
    list.values = Some(report.values.clone());
    if *family == crate::family::Family::Nim {
        list.rule = Some(bouton(list.heaps.as_deref().unwrap_or(&[])));
    }
    if report.by_quotient {
        let wins: std::collections::HashSet<(usize, Vec<u64>)> = report
            .winning_moves
            .iter()
            .map(|m| (m.heap, m.leaves.clone()))
            .collect();
        for m in &mut list.moves {
            let mut leaves = m.leaves.clone().unwrap_or_default();
            leaves.retain(|&h| h > 0);
            leaves.sort_unstable_by(|a, b| b.cmp(a));
            let heap = m.heap.unwrap_or(0);
            m.value_after = None;
            m.winning = wins.contains(&(heap, leaves));
        }
        return Ok(judged(list, report.grundy));
    }
    let mut search = Misere::new(family, crate::analysis::heaps::MISERE_POSITIONS);
    let parse = |p: &str| -> Result<Vec<u64>, Error> {
        p.split_whitespace()
            .map(|h| {
                h.parse()
                    .map_err(|_| Error::failed(format!("a listed position '{p}' is not heaps")))
            })
            .collect()
    };
    let sums = Sums::read(&list, &parse)?;
    judge(&mut search, list, sums, |e| {
        Error::input(format!(
            "heaps under misère play: {e} (the misère search holds at most {} sums)",
            crate::analysis::heaps::MISERE_POSITIONS
        ))
    })
}

/// Why misère Nim on `heaps` is won or lost, by Bouton's rule (Winning Ways ch. 13): with a
/// heap of 2 or more, the player to move wins exactly when the nim-sum is not 0; with none,
/// exactly when the heaps of 1 are even in number.
fn bouton(heaps: &[u64]) -> String {
    if heaps.iter().any(|&h| h >= 2) {
        let sum = heaps.iter().fold(0, |a, h| a ^ h);
        let terms: Vec<String> = heaps.iter().map(u64::to_string).collect();
        format!(
            "Misère Nim's rule: with a heap of 2 or more, the player to move wins exactly when the nim-sum {} = {sum} is not 0.",
            terms.join(" xor ")
        )
    } else {
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        format!(
            "Misère Nim's rule: with no heap above 1, the player to move wins exactly when the heaps of 1 are even in number ({ones} here)."
        )
    }
}

/// Judges a game's move list under misère play by the misère search over its components
/// (see [`crate::catalogue::components`]): every region of a Cram board, the queen's
/// square, every group of burning candles on every cake, every script position is a
/// component of one sum.
pub(crate) struct Judge {
    /// The moves, as normal play lists them.
    pub(crate) list: MoveList,
    /// The most sums the search may hold.
    pub(crate) limit: usize,
}

impl crate::analysis::sum_search::SumSearch for Judge {
    type Out = MoveList;

    fn list(&self) -> &MoveList {
        &self.list
    }

    fn run<G>(self, rules: G, sums: Sums<G::Position>) -> Result<MoveList, Error>
    where
        G: Game,
        G::Position: Ord,
    {
        let name = self.list.game.clone();
        let limit = self.limit;
        let mut search = Misere::new(rules, limit);
        judge(&mut search, self.list, sums, |e| {
            Error::input(format!(
                "{name} under misère play: {e} (the misère search holds at most {limit} sums)"
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::misere::MisereReport;

    /// The moves of `input` judged under misère play, through the catalogue.
    fn misere_moves(name: &str, input: &Input) -> MoveList {
        let game = crate::catalogue::lookup(name).expect(name);
        let options = crate::report::Options {
            misere: true,
            ..Default::default()
        };
        crate::catalogue::moves(&game, input, &options, &mut crate::NoProgress).expect(name)
    }

    #[test]
    fn the_sheet_is_misere_nim_on_its_heaps() {
        // A 1×2 sheet with the mark on the left: one heap of one line (cut the right
        // column). Under misère play whoever makes that cut loses.
        let report = MisereReport::from(sheet(&Input::new("t", "1 2 1 1")).unwrap());
        assert_eq!(report.winner, Player::Second);
        assert!(report.winning_moves.is_empty());
        let normal = super::super::sheet::analyze(&Input::new("t", "1 2 1 1")).unwrap();
        assert_eq!(normal.winner, Player::First);
    }

    /// Misère outcome by the rules alone: the player to move wins when there is no move,
    /// or when some move leaves a position the opponent loses.
    fn brute<P: Clone + Eq + std::hash::Hash>(
        p: &P,
        moves: &dyn Fn(&P) -> Vec<P>,
        seen: &mut std::collections::HashMap<P, bool>,
    ) -> bool {
        if let Some(&w) = seen.get(p) {
            return w;
        }
        let options = moves(p);
        let w = options.is_empty() || options.iter().any(|o| !brute(o, moves, seen));
        seen.insert(p.clone(), w);
        w
    }

    #[test]
    fn wythoff_under_misere_play_agrees_with_the_literal_tree() {
        let moves = |&(x, y): &(u64, u64)| {
            let mut out = Vec::new();
            out.extend((0..x).map(|a| (a, y)));
            out.extend((0..y).map(|b| (x, b)));
            out.extend((1..=x.min(y)).map(|k| (x - k, y - k)));
            out
        };
        let mut seen = std::collections::HashMap::new();
        for x in 0..8u64 {
            for y in 0..8u64 {
                let input = Input::new("t", format!("{x} {y}"));
                let report = MisereReport::from(misere_moves("wythoff", &input));
                let wins = brute(&(x, y), &moves, &mut seen);
                assert_eq!(report.winner == Player::First, wins, "({x}, {y})");
                // A winning move leaves a position the brute force calls lost.
                for m in &report.winning_moves {
                    let (a, b) = super::super::queen::parse_plane(&text(&m.position)).unwrap();
                    assert!(
                        !brute(&(a, b), &moves, &mut seen),
                        "({x}, {y}) → {}",
                        m.position
                    );
                }
            }
        }
        // Misère Wythoff's P-positions near the corner: (0, 1), (1, 0) and (2, 2).
        assert!(!brute(&(0, 1), &moves, &mut seen) && !brute(&(2, 2), &moves, &mut seen));
    }

    #[test]
    fn cram_under_misere_play_agrees_with_the_literal_tree() {
        // Boards as rows of free cells (bit c of row r); a domino covers two free
        // neighbours.
        fn moves(rows: usize, cols: usize) -> impl Fn(&u64) -> Vec<u64> {
            move |&free: &u64| {
                let mut out = Vec::new();
                for r in 0..rows {
                    for c in 0..cols {
                        let a = r * cols + c;
                        for b in [
                            (c + 1 < cols).then(|| a + 1),
                            (r + 1 < rows).then(|| a + cols),
                        ]
                        .into_iter()
                        .flatten()
                        {
                            if free >> a & 1 == 1 && free >> b & 1 == 1 {
                                out.push(free & !(1 << a) & !(1 << b));
                            }
                        }
                    }
                }
                out
            }
        }
        // A few boards by hand, then cells blocked at random (about one in three) on
        // larger ones, where tufts, bridges and shut 2×2 blocks turn up.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut random = |cells: usize| {
            (0..cells).fold(0u64, |acc, i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x.is_multiple_of(3) {
                    acc | 1 << i
                } else {
                    acc
                }
            })
        };
        let mut boards: Vec<(usize, usize, Vec<u64>)> = [(1usize, 4usize), (2, 3), (3, 3), (2, 4)]
            .into_iter()
            .map(|(r, c)| (r, c, vec![0u64, 1, 0b10, 0b1000_0000, 0b101]))
            .collect();
        for (r, c) in [(3usize, 4usize), (2, 6), (4, 4), (3, 5)] {
            boards.push((r, c, (0..25).map(|_| random(r * c)).collect()));
        }
        for (rows, cols, blocks) in boards {
            let moves = moves(rows, cols);
            let mut seen = std::collections::HashMap::new();
            for blocked in blocks {
                let free = ((1u64 << (rows * cols)) - 1) & !blocked;
                let board: Vec<String> = (0..rows)
                    .map(|r| {
                        (0..cols)
                            .map(|c| {
                                if free >> (r * cols + c) & 1 == 1 {
                                    '.'
                                } else {
                                    '#'
                                }
                            })
                            .collect()
                    })
                    .collect();
                let input = Input::new("t", format!("{rows} {cols}\n{}\n", board.join("\n")));
                let report = MisereReport::from(misere_moves("cram", &input));
                let wins = brute(&free, &moves, &mut seen);
                assert_eq!(
                    report.winner == Player::First,
                    wins,
                    "{rows}×{cols} {free:b}"
                );
                let losing = moves(&free)
                    .iter()
                    .filter(|&o| !brute(o, &moves, &mut seen))
                    .count();
                assert_eq!(report.winning_moves.len(), losing, "{rows}×{cols} {free:b}");
            }
        }
        // A 1×4 strip: under misère play only an end domino wins.
        let input = Input::new("t", "1 4\n....\n");
        let report = MisereReport::from(misere_moves("cram", &input));
        assert_eq!(report.winning_moves.len(), 2, "{report}");
        let json = serde_json::to_string(&report).unwrap();
        assert!(json.contains("\"misere\":true"), "{json}");
    }
}
