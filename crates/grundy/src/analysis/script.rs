//! Script games analysed: a sum of script positions valued by the memo solver (or labelled with draws when positions repeat), alone or over ranks.
//!
//! The report it makes is data in [`crate::report::script`].

use crate::report::script::*;

use crate::game::Player;
use crate::nimber::Nimber;
use crate::parse::Input;
use crate::report::Error;
use crate::script::{ScriptGame, ScriptPosition, parse_positions};
use crate::solve::loopy::game::{Labeller, analyze_sum, analyze_sum_by};
use crate::solve::loopy::{Digraph, Outcome, Values};
use crate::solve::memo::SolveError;

pub use crate::script::solve_error;

/// The positions of `input` in `game` explained, storing at most `limit` positions; and a
/// line on what the solver did. The memo solver answers first; a cycle hands the
/// positions to the loopy engine.
pub fn analyze(
    game: &ScriptGame,
    input: &Input,
    limit: usize,
    progress: &mut dyn crate::progress::Progress,
) -> Result<(Analysis, String), Error> {
    analyze_by(game, input, limit, progress, &mut |d| d.values())
}

/// [`analyze`] on rank 0 of a job (the others wait in
/// [`crate::solve::distributed::graph::follow`]): the memo solver and the listing of a game
/// with cycles run here, and the graph listed is labelled over every rank.
pub fn analyze_on(
    game: &ScriptGame,
    input: &Input,
    limit: usize,
    lead: &mut crate::solve::distributed::graph::Lead<'_>,
) -> Result<(Analysis, String), Error> {
    let mut label = |d: Digraph| {
        let labels = lead.labels(&d);
        Values::from_labels(d, labels).expect("one label a vertex")
    };
    analyze_by(
        game,
        input,
        limit,
        &mut crate::progress::NoProgress,
        &mut label,
    )
}

/// [`analyze`], a graph with cycles labelled by `label`.
fn analyze_by(
    game: &ScriptGame,
    input: &Input,
    limit: usize,
    progress: &mut dyn crate::progress::Progress,
    label: Labeller<'_>,
) -> Result<(Analysis, String), Error> {
    let positions = parse_positions(input.text()?).map_err(|e| input.error(e))?;
    match game.analyze(&positions, limit) {
        Ok(analysis) => {
            let stats = format!(
                "the script's options called {} times, memo {} entries",
                analysis.calls, analysis.stats.memo_size
            );
            Ok((Analysis::Plain(ScriptReport::from(&analysis)), stats))
        }
        Err(SolveError::Loopy { .. }) => {
            let (report, positions, moves) =
                analyze_loopy_by(game, &positions, limit, progress, label)?;
            let stats = format!(
                "the game has a cycle: its graph of {positions} positions and {moves} moves labelled by the generalised Sprague–Grundy function; the script's options called {} times",
                game.calls()
            );
            Ok((Analysis::Loopy(report), stats))
        }
        Err(e) => Err(solve_error(e)),
    }
}

/// `positions` of a game with cycles explained; and the size of the graph listed
/// (positions, moves).
pub fn analyze_loopy(
    game: &ScriptGame,
    positions: &[ScriptPosition],
    limit: usize,
    progress: &mut dyn crate::progress::Progress,
) -> Result<(LoopyScriptReport, usize, usize), Error> {
    analyze_loopy_by(game, positions, limit, progress, &mut |d| d.values())
}

/// [`analyze_loopy`], the graph labelled by `label`.
fn analyze_loopy_by(
    game: &ScriptGame,
    positions: &[ScriptPosition],
    limit: usize,
    progress: &mut dyn crate::progress::Progress,
    label: Labeller<'_>,
) -> Result<(LoopyScriptReport, usize, usize), Error> {
    let a = analyze_sum_by(game, positions, limit, progress, label).map_err(solve_error)?;
    let mv = |m: &crate::solve::loopy::game::LoopyMove<ScriptPosition>| {
        move_in(positions, m.component, m.leaves.to_vec())
    };
    let report = LoopyScriptReport {
        game: game.name(),
        loopy: true,
        positions: positions.to_vec(),
        values: a.values.iter().map(ToString::to_string).collect(),
        value: a.value.to_string(),
        winner: a.outcome,
        winning_moves: a.winning_moves().map(mv).collect(),
        drawing_moves: a.drawing_moves().map(mv).collect(),
    };
    Ok((report, a.graph_positions, a.graph_moves))
}

/// A sum of `positions` of any game whose positions are written as integers and arrays of
/// integers (a game written in Python, say), named `name`, explained with at most `limit`
/// positions held: the memo solver's values, or, when positions repeat, the generalised
/// values with draws. `written` gives each position as a script position, for the report.
/// The same reports a script game gets, so every front end serialises one type.
pub fn analyze_positions<G: crate::game::Game>(
    game: &G,
    name: &str,
    positions: &[G::Position],
    limit: usize,
    written: impl Fn(&G::Position) -> ScriptPosition,
) -> Result<Analysis, SolveError> {
    let shown: Vec<ScriptPosition> = positions.iter().map(&written).collect();
    let mv = |component: usize, leaves: &[G::Position]| {
        move_in(&shown, component, leaves.iter().map(&written).collect())
    };
    let mut solver = crate::solve::memo::Solver::with_limit(game, limit);
    let plain = (|| -> Result<_, SolveError> {
        let moves = solver.sum_winning_moves(positions)?;
        let values = positions
            .iter()
            .map(|p| solver.grundy(p))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((moves, values))
    })();
    match plain {
        Ok((moves, values)) => {
            let grundy = values.iter().fold(Nimber::ZERO, |a, &b| a ^ b);
            Ok(Analysis::Plain(ScriptReport {
                game: name.to_string(),
                grundy,
                winner: Player::winner_of(grundy),
                positions: shown.clone(),
                values,
                winning_moves: moves.iter().map(|m| mv(m.component, &m.leaves)).collect(),
                misere: false,
            }))
        }
        Err(SolveError::Loopy { .. }) => {
            let a = analyze_sum(game, positions, limit)?;
            let loopy_move =
                |m: &crate::solve::loopy::game::LoopyMove<G::Position>| mv(m.component, &m.leaves);
            Ok(Analysis::Loopy(LoopyScriptReport {
                game: name.to_string(),
                loopy: true,
                positions: shown.clone(),
                values: a.values.iter().map(ToString::to_string).collect(),
                value: a.value.to_string(),
                winner: a.outcome,
                winning_moves: a.winning_moves().map(loopy_move).collect(),
                drawing_moves: a.drawing_moves().map(loopy_move).collect(),
            }))
        }
        Err(e) => Err(e),
    }
}

/// The move in position `component` (from 0) of the sum `shown` that leaves `to` in its
/// place, labelled as a script report labels it.
fn move_in(shown: &[ScriptPosition], component: usize, to: Vec<ScriptPosition>) -> Move {
    let sm = crate::script::ScriptMove {
        component: component + 1,
        from: shown[component].clone(),
        to,
    };
    Move {
        label: sm.to_string(),
        component: sm.component,
        from: sm.from,
        to: sm.to,
    }
}

/// A sum of `positions` of `game` under misère play (the last move loses), searched as one
/// sum of at most `limit` sums, each position's own misère value beside it: the report a
/// script game's sum gets, with `misere` set. Games written in Python come here.
pub fn misere_positions<G: crate::game::Game>(
    game: &G,
    name: &str,
    positions: &[G::Position],
    limit: usize,
    written: impl Fn(&G::Position) -> ScriptPosition,
) -> Result<ScriptReport, SolveError>
where
    G::Position: Ord,
{
    let mut search = crate::solve::misere::Misere::new(game, limit);
    let grundy = search.value(positions)?;
    let values = positions
        .iter()
        .map(|p| search.value(std::slice::from_ref(p)))
        .collect::<Result<Vec<_>, _>>()?;
    let wins = search.winning_moves(positions)?;
    let shown: Vec<ScriptPosition> = positions.iter().map(&written).collect();
    let winning_moves = wins
        .iter()
        .map(|m| move_in(&shown, m.component, m.leaves.iter().map(&written).collect()))
        .collect();
    Ok(ScriptReport {
        game: name.to_string(),
        grundy,
        winner: Player::winner_of(grundy),
        positions: shown,
        values,
        winning_moves,
        misere: true,
    })
}

/// Every move of `positions` of a game with cycles, each with the generalised value it
/// leaves: winning moves leave a position the opponent loses, drawing ones a draw.
pub fn loopy_moves(
    game: &ScriptGame,
    positions: &[ScriptPosition],
    limit: usize,
) -> Result<crate::report::moves::MoveList, Error> {
    let a = analyze_sum(game, positions, limit).map_err(solve_error)?;
    crate::report::moves::room_for(a.moves.len(), 16 * positions.len() + 16)?;
    let mut moves = Vec::with_capacity(a.moves.len());
    for (k, m) in a.moves.iter().enumerate() {
        let i = m.component;
        let mut next: Vec<String> = positions[..i].iter().map(ToString::to_string).collect();
        next.extend(m.leaves.iter().map(ToString::to_string));
        next.extend(positions[i + 1..].iter().map(ToString::to_string));
        let label = crate::script::ScriptMove {
            component: i + 1,
            from: positions[i].clone(),
            to: m.leaves.to_vec(),
        }
        .to_string();
        moves.push(crate::report::moves::Move::loopy(
            label,
            next.join(" "),
            &m.value_after,
            k as u64,
        ));
    }
    let mut list = crate::report::moves::MoveList::new(
        format!("script:{}", game.name()),
        positions
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        a.value.nimber(),
        a.outcome.player(),
        moves,
    );
    list.draw = a.outcome == Outcome::Draw;
    list.loopy_value = Some(a.value.to_string());
    list.drawings = crate::analysis::moves::script_drawings(game, positions)?;
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::distributed::graph::{Lead, follow};
    use crate::solve::distributed::{Local, Stats, Transport as _};

    /// A sum analysed under misère play as one sum gives misère Nim's values (Bouton's
    /// rule, a theorem with no search in it), winner and winning moves, each labelled.
    #[test]
    fn a_sum_under_misere_play_is_misere_nims_on_nim() {
        let nim = crate::games::Nim;
        let int = |h: &u64| ScriptPosition::Int(*h as i64);
        for heaps in [
            vec![1, 1],
            vec![1, 1, 1],
            vec![3, 4, 5],
            vec![2, 2],
            vec![0, 6, 1, 1],
        ] {
            let r = misere_positions(&nim, "nim", &heaps, 1 << 20, int).unwrap();
            let rule = crate::analysis::heaps::misere_nim_value(&heaps);
            assert_eq!(r.grundy, rule, "{heaps:?}");
            assert_eq!(r.winner, Player::winner_of(rule), "{heaps:?}");
            assert!(r.misere);
            for m in &r.winning_moves {
                let mut after = heaps.clone();
                let ScriptPosition::Int(left) =
                    m.to.first().cloned().unwrap_or(ScriptPosition::Int(0))
                else {
                    panic!("a heap leaves a heap")
                };
                after[m.component - 1] = left as u64;
                assert!(
                    crate::analysis::heaps::misere_nim_value(&after).is_zero(),
                    "{heaps:?}: {}",
                    m.label
                );
                assert!(!m.label.is_empty());
            }
            let bouton_wins = (0..heaps.len())
                .flat_map(|i| (0..heaps[i]).map(move |left| (i, left)))
                .filter(|&(i, left)| {
                    let mut after = heaps.clone();
                    after[i] = left;
                    crate::analysis::heaps::misere_nim_value(&after).is_zero()
                })
                .count();
            assert_eq!(r.winning_moves.len(), bouton_wins, "{heaps:?}");
        }
    }

    fn example(name: &str) -> String {
        let path = format!("{}/../../examples/games/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).unwrap()
    }

    /// `analyze_on` on `ranks` threads (the script compiled on rank 0 alone); rank 0's
    /// analysis and every rank's stats.
    fn on_ranks(script: &str, positions: &str, ranks: usize) -> (Analysis, Vec<Stats>) {
        let results = Local::run(ranks, |t| {
            if t.rank() != 0 {
                return (None, follow(t));
            }
            let game = ScriptGame::compile("game.rhai", script).unwrap();
            let mut lead = Lead::new(t);
            let input = Input::new("p", positions);
            let (a, _) = analyze_on(&game, &input, 1 << 20, &mut lead).unwrap();
            (Some(a), lead.stats())
        });
        let stats = results.iter().map(|(_, s)| *s).collect();
        (results.into_iter().next().unwrap().0.unwrap(), stats)
    }

    #[test]
    fn over_ranks_a_game_with_cycles_is_labelled_by_every_rank_and_reported_the_same() {
        let track = example("loopy_track.rhai");
        let long = track.replace("const TOP = 12;", "const TOP = 3000;");
        for (script, positions) in [(&track, "3 1"), (&track, "6 9"), (&long, "2999 1500 7")] {
            let game = ScriptGame::compile("game.rhai", script).unwrap();
            let input = Input::new("p", positions);
            let (expected, _) =
                analyze(&game, &input, 1 << 20, &mut crate::progress::NoProgress).unwrap();
            assert!(matches!(expected, Analysis::Loopy(_)));
            for ranks in 1..=3 {
                let (got, stats) = on_ranks(script, positions, ranks);
                assert_eq!(got, expected, "{positions} on {ranks} ranks");
                assert!(stats.iter().all(|s| s.stored > 0), "{stats:?}");
            }
        }
        // No cycle: rank 0 answers alone, and the others store nothing.
        let (got, stats) = on_ranks(&example("kayles.rhai"), "7 9", 3);
        assert!(matches!(got, Analysis::Plain(_)));
        assert!(stats.iter().all(|s| s.stored == 0), "{stats:?}");
    }
}
