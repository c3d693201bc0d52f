//! Tokens on a directed graph analysed: the graph read with its limits, every vertex labelled (Smith's values, draws included), the tokens' sum valued, on one process or over ranks.
//!
//! The report it makes is data in [`crate::report::graph`].

use crate::report::graph::*;

use crate::parse::Input;
use crate::report::Error;
use crate::report::table::OnRanks;
use crate::solve::loopy::{Digraph, Outcome, Value, Values};

mod split;
use crate::games::tokens::parse_with;
pub use crate::games::tokens::{
    GraphInput, MAX_EDGES, MAX_TOKENS, MAX_VERTICES, check_head, check_memory, parse, parse_graph,
    written,
};
pub use split::{SplitGraph, read_over_ranks};

/// A graph file to solve over ranks.
pub enum OnRanksInput<'a> {
    /// Read by rank 0 alone (the others pass `None`).
    Whole(Option<&'a Input>),
    /// Read by every rank, its share each ([`read_over_ranks`]).
    Split(SplitGraph),
}

/// Every vertex of the graph in `input` valued (its tokens, if any, are not used).
pub fn explore(input: &Input) -> Result<GraphExplore, Error> {
    let g = parse_graph(input)?;
    Ok(summarize(&g, &g.graph.values()))
}

/// What the values of every vertex of `g` show.
pub fn summarize(g: &GraphInput, values: &Values) -> GraphExplore {
    let n = values.graph().len();
    // Nimbers counted apart from the `∞`s, so that a finite value costs no allocation.
    let mut finite: std::collections::BTreeMap<u64, u64> = Default::default();
    let mut infinite: std::collections::BTreeMap<Vec<u64>, u64> = Default::default();
    let (mut p, mut draws, mut wins) = (0, 0, 0);
    let mut shown = Vec::with_capacity(n);
    for v in 0..n as u32 {
        let value = values.value(v);
        match value.outcome() {
            Outcome::Second => p += 1,
            Outcome::Draw => draws += 1,
            Outcome::First => wins += 1,
        }
        shown.push(value.to_string());
        match value {
            Value::Finite(m) => *finite.entry(m).or_default() += 1,
            Value::Infinite(k) => *infinite.entry(k).or_default() += 1,
        }
    }
    let counts = finite
        .into_iter()
        .map(|(m, count)| ValueCount {
            value: m.to_string(),
            count,
        })
        .chain(infinite.into_iter().map(|(k, count)| ValueCount {
            value: Value::Infinite(k).to_string(),
            count,
        }))
        .collect();
    GraphExplore {
        game: "graph".into(),
        kind: "vertices".into(),
        vertices: n as u64,
        edges: g.edges,
        values: shown,
        counts,
        p_positions: p,
        draws,
        wins,
    }
}

/// The position of `input` explained.
pub fn analyze(input: &Input) -> Result<GraphReport, Error> {
    let g = parse(input)?;
    let values = g.graph.values();
    Ok(explain(&values, g.edges, &g.tokens))
}

/// The graph of `input` solved over every rank of `transport`
/// ([`crate::solve::distributed::graph`]); on rank 0 the values of every vertex and the
/// parsed file (whose graph, when the file was read over the ranks, holds only the moves
/// of the tokens). A file rank 0 refuses is refused on every rank (rank 0's error says
/// why). With `saving`, the ranks keep their labels in shards under `saving.dir/graph` and
/// go on from them. Every rank must call it at once.
fn values_on(
    input: OnRanksInput<'_>,
    tokens_required: bool,
    transport: &mut dyn crate::solve::distributed::Transport,
    saving: Option<&crate::analysis::table::RanksSaving<'_>>,
) -> Result<OnRanks<(GraphInput, Values)>, Error> {
    let dir = saving.map(|s| s.dir.join("graph"));
    let shards = saving.zip(dir.as_deref()).map(|(s, d)| s.solve(d, "graph"));
    let input = match input {
        OnRanksInput::Whole(input) => input,
        OnRanksInput::Split(split) => {
            let (moves, count) = split.moves();
            let solved = crate::solve::distributed::graph::labels_of_parts(
                split.vertices,
                moves,
                count,
                transport,
                shards.as_ref(),
            );
            let (labels, stats) = match solved {
                Ok(done) => done,
                Err(e) => return crate::analysis::table::stopped_at(e).map(OnRanks::Stopped),
            };
            let solved = labels.map(|labels| {
                let graph = Digraph::new(split.vertices, &split.token_moves)
                    .expect("the tokens' moves are in the graph");
                let values = Values::from_labels_and_options(
                    graph,
                    labels.label,
                    labels.options_at,
                    labels.options,
                )
                .expect("one label a vertex");
                let g = GraphInput {
                    graph: Digraph::new(0, &[]).expect("empty"),
                    edges: split.edges,
                    tokens: split.tokens,
                };
                (g, values)
            });
            return Ok(OnRanks::Done(solved, stats));
        }
    };
    let parsed = input.map(|i| parse_with(i, tokens_required));
    let refused = matches!(parsed, Some(Err(_)));
    if transport.max(u64::from(refused)) == 1 {
        return Err(match parsed {
            Some(Err(e)) => e,
            _ => Error::input("rank 0 refused the graph file"),
        });
    }
    let mut g = parsed.transpose()?;
    let graph = g.as_ref().map(|g| &g.graph);
    let (labels, stats) =
        match crate::solve::distributed::graph::labels_saved(graph, transport, shards.as_ref()) {
            Ok(done) => done,
            Err(e) => return crate::analysis::table::stopped_at(e).map(OnRanks::Stopped),
        };
    let solved = match (g.take(), labels) {
        (Some(mut g), Some(labels)) => {
            let graph = std::mem::replace(&mut g.graph, Digraph::new(0, &[]).expect("empty"));
            let values = Values::from_labels(graph, labels.label).expect("one label a vertex");
            Some((g, values))
        }
        _ => None,
    };
    Ok(OnRanks::Done(solved, stats))
}

/// [`analyze`] as one solve over the ranks of `transport`, of a file read as `input` says:
/// rank 0 gets the report one process gives; every rank gets its [`Stats`]. With
/// `saving`, as [`crate::analysis::table::table_on`] keeps its shards.
///
/// [`Stats`]: crate::solve::distributed::Stats
pub fn analyze_on(
    input: OnRanksInput<'_>,
    transport: &mut dyn crate::solve::distributed::Transport,
    saving: Option<&crate::analysis::table::RanksSaving<'_>>,
) -> Result<OnRanks<GraphReport>, Error> {
    Ok(match values_on(input, true, transport, saving)? {
        OnRanks::Done(solved, stats) => OnRanks::Done(
            solved.map(|(g, values)| explain(&values, g.edges, &g.tokens)),
            stats,
        ),
        OnRanks::Stopped(at) => OnRanks::Stopped(at),
    })
}

/// [`explore`] as one solve over the ranks of `transport`, as [`analyze_on`] is.
pub fn explore_on(
    input: OnRanksInput<'_>,
    transport: &mut dyn crate::solve::distributed::Transport,
    saving: Option<&crate::analysis::table::RanksSaving<'_>>,
) -> Result<OnRanks<GraphExplore>, Error> {
    Ok(match values_on(input, false, transport, saving)? {
        OnRanks::Done(solved, stats) => {
            OnRanks::Done(solved.map(|(g, values)| summarize(&g, &values)), stats)
        }
        OnRanks::Stopped(at) => OnRanks::Stopped(at),
    })
}

/// The tokens `tokens` on the graph of `values` explained.
pub fn explain(values: &Values, edges: u64, tokens: &[u32]) -> GraphReport {
    let each: Vec<Value> = tokens.iter().map(|&t| values.value(t)).collect();
    let value = Value::sum(&each);
    let winner = value.outcome();
    let mut winning_moves = Vec::new();
    let mut drawing_moves = Vec::new();
    for (i, from, to, left) in values.moves(tokens) {
        let m = GraphMove {
            label: crate::games::tokens::move_label(i, from, to),
            token: i + 1,
            from: u64::from(from) + 1,
            to: u64::from(to) + 1,
        };
        match (winner, left) {
            (_, Outcome::Second) => winning_moves.push(m),
            (Outcome::Draw, Outcome::Draw) => drawing_moves.push(m),
            _ => {}
        }
    }
    GraphReport {
        game: "graph".into(),
        vertices: values.graph().len() as u64,
        edges,
        tokens: tokens.iter().map(|&t| u64::from(t) + 1).collect(),
        values: each.iter().map(Value::to_string).collect(),
        value: value.to_string(),
        winner,
        winning_moves,
        drawing_moves,
    }
}

/// Every move of the tokens of `input`, each with the position it leaves (the whole file,
/// tokens moved) and its generalised value: for playing on the web page.
pub fn moves(input: &Input) -> Result<crate::report::moves::MoveList, Error> {
    let g = parse(input)?;
    let values = g.graph.values();
    let value = values.sum_value(&g.tokens);
    let count: usize = g.tokens.iter().map(|&t| g.graph.moves(t).len()).sum();
    let position = written(&g.graph, g.edges, &g.tokens);
    crate::report::moves::room_for(count, position.len())?;
    let mut after = g.tokens.clone();
    let mut moves = Vec::with_capacity(count);
    for (i, t, w, left) in values.valued_moves(&g.tokens) {
        after[i] = w;
        moves.push(crate::report::moves::Move {
            along: Some([u64::from(t) + 1, u64::from(w) + 1]),
            ..crate::report::moves::Move::loopy(
                crate::games::tokens::move_label(i, t, w),
                written(&g.graph, g.edges, &after),
                &left,
                moves.len() as u64,
            )
        });
        after[i] = t;
    }
    let outcome = value.outcome();
    let mut list = crate::report::moves::MoveList::new(
        "graph",
        position,
        value.nimber(),
        outcome.player(),
        moves,
    );
    list.draw = outcome == Outcome::Draw;
    list.loopy_value = Some(value.to_string());
    let n = g.graph.len();
    if n <= DRAWN_VERTICES && g.edges <= DRAWN_EDGES {
        list.graph = Some(crate::report::moves::DrawnGraph {
            vertices: n as u64,
            edges: (0..n as u32)
                .flat_map(|u| {
                    g.graph
                        .moves(u)
                        .iter()
                        .map(move |&v| [u64::from(u) + 1, u64::from(v) + 1])
                })
                .collect(),
            values: (0..n as u32).map(|v| values.value(v).to_string()).collect(),
            tokens: g.tokens.iter().map(|&t| u64::from(t) + 1).collect(),
        });
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_read_and_explained() {
        // Codeforces-style: 1 → 2 → 3 → 1 with an exit 3 → 4; one token on 1.
        let input = Input::new("g", "4 4\n1 2\n2 3\n3 1\n3 4\n1\n1\n");
        let r = analyze(&input).unwrap();
        assert_eq!(r.values, vec!["1"]);
        assert_eq!(r.winner, Outcome::First);
        assert_eq!(r.winning_moves.len(), 1);
        assert_eq!((r.winning_moves[0].from, r.winning_moves[0].to), (1, 2));
        // Two tokens on a lone cycle: a draw, and every move keeps it.
        let input = Input::new("g", "2 2\n1 2\n2 1\n2\n1 2\n");
        let r = analyze(&input).unwrap();
        assert_eq!(r.winner, Outcome::Draw);
        assert_eq!(r.drawing_moves.len(), 2);
        let json = serde_json::to_string(&r).unwrap();
        assert!(json.contains("\"winner\":\"draw\""), "{json}");
    }

    #[test]
    fn bad_files_name_their_line() {
        let e = analyze(&Input::new("g", "3 1\n1 4\n1\n1\n")).unwrap_err();
        assert!(e.to_string().contains("g:2"), "{e}");
        assert!(e.to_string().contains("head v of move 1"), "{e}");
        let e = analyze(&Input::new("g", "3 1\n1 2\n")).unwrap_err();
        assert!(e.to_string().contains("number of tokens"), "{e}");
    }

    /// The report of a solve that was not asked to stop.
    fn done<R>(r: OnRanks<R>) -> Option<R> {
        match r {
            OnRanks::Done(report, _) => report,
            OnRanks::Stopped(_) => panic!("stopped"),
        }
    }

    /// `analyze_on` and `explore_on` on `ranks` threads, rank 0's input only.
    fn on_ranks<T: Send>(
        text: &str,
        ranks: usize,
        run: impl Fn(
            Option<&Input>,
            &mut dyn crate::solve::distributed::Transport,
        ) -> Result<Option<T>, Error>
        + Sync,
    ) -> Vec<Result<Option<T>, Error>> {
        use crate::solve::distributed::{Local, Transport as _};
        let input = Input::new("g", text);
        Local::run(ranks, |t| run((t.rank() == 0).then_some(&input), t))
    }

    /// A file read by rank 0 alone.
    fn whole(input: Option<&Input>) -> OnRanksInput<'_> {
        OnRanksInput::Whole(input)
    }

    #[test]
    fn over_ranks_the_reports_are_one_process_s() {
        use proptest::prelude::*;
        let files = (2usize..40, 1usize..=3).prop_flat_map(|(n, k)| {
            (
                prop::collection::vec((1..=n, 1..=n), 0..3 * n),
                prop::collection::vec(1..=n, k),
                Just(n),
            )
        });
        let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(60));
        runner
            .run(&(files, 1usize..=3), |((edges, tokens, n), ranks)| {
                let mut text = format!("{n} {}\n", edges.len());
                for (u, v) in &edges {
                    text.push_str(&format!("{u} {v}\n"));
                }
                let shown: Vec<String> = tokens.iter().map(ToString::to_string).collect();
                text.push_str(&format!("{}\n{}\n", tokens.len(), shown.join(" ")));
                let input = Input::new("g", text.as_str());
                let got = on_ranks(&text, ranks, |i, t| analyze_on(whole(i), t, None).map(done));
                prop_assert_eq!(got[0].as_ref().unwrap(), &Some(analyze(&input).unwrap()));
                prop_assert!(got[1..].iter().all(|r| matches!(r, Ok(None))));
                let got = on_ranks(&text, ranks, |i, t| explore_on(whole(i), t, None).map(done));
                prop_assert_eq!(got[0].as_ref().unwrap(), &Some(explore(&input).unwrap()));
                Ok(())
            })
            .unwrap();
    }

    #[test]
    fn over_ranks_a_bad_file_is_refused_on_every_rank_and_named_on_rank_0() {
        let got = on_ranks("3 1\n1 4\n1\n1\n", 3, |i, t| {
            analyze_on(whole(i), t, None).map(done)
        });
        let first = got[0].as_ref().unwrap_err().to_string();
        assert!(
            first.contains("g:2") && first.contains("head v of move 1"),
            "{first}"
        );
        assert!(got.iter().all(Result::is_err));
    }
}
