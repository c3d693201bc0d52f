//! Arc-Kayles: players take turns choosing an edge of an undirected graph; the edge goes,
//! together with every edge that shares an endpoint with it (both ends are used up).
//! Whoever cannot choose an edge loses.
//!
//! Schaefer defined the game and showed deciding its winner hard in general ("On the
//! computational complexity of some two-person perfect-information games", J. Comput.
//! System Sci. 16, 1978); on a path of n vertices it is Dawson's Kayles (octal 0.07) on a
//! heap of n, since a move takes two neighbouring vertices out of the row (Winning Ways,
//! ch. 4). The tests check both that and a brute force over edge sets with no theory in it.
//!
//! A position is written as the `graph` command reads a graph, without its tokens: `n m`,
//! then `m` lines `u v` (an edge between vertices `u` and `v`, from 1), or as one of the
//! named families of `games::undirected` (`path:8`, `grid:3x4`, ...). Vertices with no
//! edge play no part. The rules see the graph as the sum of its connected components, each
//! numbered from 0 in the order of its vertices' numbers; a component is its sorted list of
//! edges.

use crate::drawing::Drawing;
use crate::error::Error;
use crate::game::{Components, Game};
use crate::games::notation::{Labelled, Notation};
use crate::games::undirected::{self, Limits};
use crate::parse::Input;

/// The most vertices a position may have.
pub const MAX_VERTICES: u64 = 8192;
/// The most edges a position may have (listing the moves of one component of m edges
/// writes about m² edges).
pub const MAX_EDGES: u64 = 4096;
/// Both, as the graph reader takes them.
const LIMITS: Limits = Limits {
    vertices: MAX_VERTICES,
    edges: MAX_EDGES,
};
/// The most work one game object may do, in edges written while listing moves (4 bytes
/// and some 30 ns each here), so a search stays under about 400 MB and 4 seconds. Past it
/// the search stops with a line saying so, instead of filling the memory: a path of 550
/// vertices is analysed within it (1.8 s), one of 600 is not.
pub const MAX_WORK: u64 = 100_000_000;

/// One connected component: its edges `[u, v]` with `u < v`, sorted, the vertices
/// numbered 0, 1, ... in the order of their numbers in the graph it came from.
pub type Component = Vec<[u16; 2]>;

/// Arc-Kayles, with the work its searches have done so far and the most they may do
/// ([`MAX_WORK`] by default).
#[derive(Clone, Debug)]
pub struct ArcKayles {
    work: std::cell::Cell<u64>,
    limit: u64,
}

impl Default for ArcKayles {
    fn default() -> ArcKayles {
        ArcKayles::with_work_limit(MAX_WORK)
    }
}

impl ArcKayles {
    /// Arc-Kayles whose searches stop after looking at `limit` edges.
    pub fn with_work_limit(limit: u64) -> ArcKayles {
        ArcKayles {
            work: std::cell::Cell::new(0),
            limit,
        }
    }
}

/// How many vertices a component has.
fn order(c: &[[u16; 2]]) -> u64 {
    c.iter().map(|e| u64::from(e[1]) + 1).max().unwrap_or(0)
}

/// The connected components of the graph on vertices `0..n` with `edges`, in the order of
/// their smallest vertex, each renumbered from 0 in the order of its vertices.
pub fn components(n: usize, edges: &[[u32; 2]]) -> Vec<Component> {
    let mut parent = undirected::united(n, edges);
    // Each root is the smallest vertex of its component, so a map by root is in order.
    let mut groups: std::collections::BTreeMap<u32, Vec<[u32; 2]>> = Default::default();
    for &[u, v] in edges {
        let r = undirected::root(&mut parent, u);
        groups.entry(r).or_default().push([u.min(v), u.max(v)]);
    }
    groups
        .into_values()
        .map(|edges| {
            let mut vertices: Vec<u32> = edges.iter().flatten().copied().collect();
            vertices.sort_unstable();
            vertices.dedup();
            let rank = |x: u32| vertices.binary_search(&x).unwrap_or(0) as u16;
            let mut c: Component = edges.iter().map(|&[u, v]| [rank(u), rank(v)]).collect();
            c.sort_unstable();
            c
        })
        .collect()
}

impl Game for ArcKayles {
    type Position = Component;

    fn options(&self, p: &Component, out: &mut Vec<Components<Component>>) {
        let work = self.work.get().saturating_add((p.len() as u64).pow(2));
        self.work.set(work);
        if work > self.limit {
            return;
        }
        let n = order(p) as usize;
        for &[u, v] in p {
            let left: Vec<[u32; 2]> = p
                .iter()
                .filter(|e| !e.contains(&u) && !e.contains(&v))
                .map(|&[a, b]| [u32::from(a), u32::from(b)])
                .collect();
            out.push(components(n, &left).into_iter().collect());
        }
    }

    fn canonical(&self, p: &Component) -> Component {
        undirected::canonical(order(p) as u16, p)
    }

    fn difficulty(&self, p: &Component) -> u64 {
        p.len() as u64
    }

    fn option_count(&self, p: &Component) -> Option<usize> {
        Some(p.len())
    }

    fn fault(&self) -> Option<String> {
        (self.work.get() > self.limit).then(|| {
            format!(
                "listing moves wrote more than {} edges, the most one analysis may: this graph is too large to be searched exactly",
                self.limit
            )
        })
    }
}

impl Notation for ArcKayles {
    fn read(&self, input: &Input) -> Result<Vec<Component>, Error> {
        let graph = undirected::read(input, LIMITS)?;
        Ok(components(graph.vertices as usize, &graph.edges))
    }

    fn write(&self, sum: &[Component]) -> String {
        let n: u64 = sum.iter().map(|c| order(c)).sum();
        let m: usize = sum.iter().map(Vec::len).sum();
        let mut text = format!("{n} {m}\n");
        let mut offset = 1;
        for c in sum {
            for &[u, v] in c {
                text += &format!("{} {}\n", u64::from(u) + offset, u64::from(v) + offset);
            }
            offset += order(c);
        }
        text
    }

    fn moves(&self, sum: &[Component], i: usize) -> Vec<Labelled<Component>> {
        let offset: u64 = 1 + sum[..i].iter().map(|c| order(c)).sum::<u64>();
        let mut options = Vec::new();
        self.options(&sum[i], &mut options);
        sum[i]
            .iter()
            .zip(options)
            .map(|(&[u, v], leaves)| Labelled {
                label: format!(
                    "take edge {}–{}",
                    u64::from(u) + offset,
                    u64::from(v) + offset
                ),
                leaves,
                cells: None,
                along: Some([u64::from(u) + offset, u64::from(v) + offset]),
                vertex: None,
            })
            .collect()
    }

    fn draw(&self, sum: &[Component]) -> Option<Drawing> {
        let mut offset = 1;
        let mut edges = Vec::new();
        for c in sum {
            edges.extend(
                c.iter()
                    .map(|&[u, v]| [u64::from(u) + offset, u64::from(v) + offset]),
            );
            offset += order(c);
        }
        let drawing = Drawing::Graph {
            vertices: offset - 1,
            edges,
            ground: None,
        };
        crate::drawing::check(&drawing).is_ok().then_some(drawing)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::*;
    use crate::Solver;
    use crate::nimber::Nimber;

    /// A graph on `n` vertices written as `read` takes it.
    fn written(n: u64, edges: &[[u64; 2]]) -> String {
        let mut text = format!("{n} {}\n", edges.len());
        for [u, v] in edges {
            text += &format!("{u} {v}\n");
        }
        text
    }

    /// The Grundy value of the whole graph by brute force over sets of edges, nothing
    /// split, nothing renumbered: a move takes an edge and every edge touching it.
    fn brute(edges: &[[u64; 2]]) -> Nimber {
        fn value(edges: &[[u64; 2]], set: u32, memo: &mut HashMap<u32, u64>) -> u64 {
            if let Some(&v) = memo.get(&set) {
                return v;
            }
            let mut seen = Vec::new();
            for (i, [u, v]) in edges.iter().enumerate() {
                if set & (1 << i) == 0 {
                    continue;
                }
                let mut after = set;
                for (j, e) in edges.iter().enumerate() {
                    if e.contains(u) || e.contains(v) {
                        after &= !(1 << j);
                    }
                }
                seen.push(value(edges, after, memo));
            }
            let mex = (0..).find(|g| !seen.contains(g)).unwrap_or(0);
            memo.insert(set, mex);
            mex
        }
        Nimber(value(edges, (1u32 << edges.len()) - 1, &mut HashMap::new()))
    }

    fn graphs() -> impl Strategy<Value = (u64, Vec<[u64; 2]>)> {
        (2u64..=9).prop_flat_map(|n| {
            let pairs: Vec<[u64; 2]> = (1..=n)
                .flat_map(|u| (u + 1..=n).map(move |v| [u, v]))
                .collect();
            (
                Just(n),
                proptest::sample::subsequence(pairs.clone(), 0..=pairs.len().min(14)),
            )
                .prop_map(|(n, mut edges)| {
                    // Flip some edges so `v u` is read as well as `u v`.
                    for (i, e) in edges.iter_mut().enumerate() {
                        if i % 3 == 1 {
                            e.swap(0, 1);
                        }
                    }
                    (n, edges)
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The value the memo solver gives the sum of components is the brute force's.
        #[test]
        fn the_sum_of_components_is_worth_the_whole_graph((n, edges) in graphs()) {
            let sum = ArcKayles::default().read(&Input::new("g", written(n, &edges))).expect("a graph");
            let mut solver = Solver::new(ArcKayles::default());
            let value = solver.sum_grundy(&sum).expect("solved");
            prop_assert_eq!(value, brute(&edges));
        }

        /// What `write` gives is read back to the same sum.
        #[test]
        fn a_written_sum_reads_back_the_same((n, edges) in graphs()) {
            let sum = ArcKayles::default().read(&Input::new("g", written(n, &edges))).expect("a graph");
            let again = ArcKayles::default().read(&Input::new("w", ArcKayles::default().write(&sum))).expect("written");
            prop_assert_eq!(again, sum);
        }
    }

    /// On a path of n vertices a move takes two neighbours out of the row: Dawson's Kayles
    /// on a heap of n, as grundy's octal engine gives it.
    #[test]
    fn a_path_is_dawsons_kayles() {
        let family = crate::catalogue::family("dawson-kayles").expect("a family");
        let mut solver = Solver::new(ArcKayles::default());
        for n in 0..=40u64 {
            let edges: Vec<[u64; 2]> = (1..n).map(|u| [u, u + 1]).collect();
            let sum = ArcKayles::default()
                .read(&Input::new("path", written(n, &edges)))
                .expect("a path");
            let heap = family.analyze_heaps(&[n]).expect("a heap").grundy;
            assert_eq!(solver.sum_grundy(&sum).expect("solved"), heap, "P{n}");
        }
    }

    /// Paths and cycles of up to 18 edges against the brute force, which renumbers
    /// nothing and splits nothing (a cycle of n is a path of n - 2 after the first move),
    /// and the cycles against that rule on the octal engine's values as far as 60.
    #[test]
    fn paths_and_cycles_are_worth_what_the_brute_force_gives() {
        let mut solver = Solver::new(ArcKayles::default());
        for n in 2..=18u64 {
            let path: Vec<[u64; 2]> = (1..n).map(|u| [u, u + 1]).collect();
            let cycle: Vec<[u64; 2]> = (1..=n).map(|u| [u, u % n + 1]).collect();
            for edges in [path, cycle] {
                if n == 2 && edges.len() == 2 {
                    continue; // two edges between the same two vertices: not a simple graph
                }
                let sum = ArcKayles::default()
                    .read(&Input::new("g", written(n, &edges)))
                    .expect("a graph");
                let got = solver.sum_grundy(&sum).expect("solved");
                assert_eq!(got, brute(&edges), "{n} vertices, {} edges", edges.len());
            }
        }
        let family = crate::catalogue::family("dawson-kayles").expect("a family");
        for n in 3..=60u64 {
            let sum = ArcKayles::default()
                .read(&Input::new("c", format!("cycle:{n}")))
                .expect("a cycle");
            let rest = family.analyze_heaps(&[n - 2]).expect("a heap").grundy;
            let want = if rest == Nimber(0) {
                Nimber(1)
            } else {
                Nimber(0)
            };
            assert_eq!(solver.sum_grundy(&sum).expect("solved"), want, "C{n}");
        }
    }

    /// A graph too large to search stops at the work bound with a line saying so, rather
    /// than running for hours (a path of 10,000 vertices needs about 10^12 edges looked
    /// at); here a path of 300 against a bound of 10^6.
    #[test]
    fn a_graph_too_large_to_search_is_refused_at_the_work_bound() {
        let n = 300u64;
        let edges: Vec<[u64; 2]> = (1..n).map(|u| [u, u + 1]).collect();
        let game = ArcKayles::with_work_limit(1_000_000);
        let sum = game
            .read(&Input::new("path", written(n, &edges)))
            .expect("a path");
        let mut solver = Solver::new(&game);
        let e = solver.sum_grundy(&sum).expect_err("refused");
        assert!(
            e.to_string().contains("too large to be searched exactly"),
            "{e}"
        );
    }

    #[test]
    fn bad_graphs_are_refused_with_the_line() {
        for (text, says) in [
            (
                "3 2\n1 2\n2 2\n",
                "g:3: expected edge 2 between two different vertices, found '2 2'",
            ),
            (
                "3 2\n1 2\n2 1\n",
                "g:3: expected edge 2 not given before, found '2 1'",
            ),
            (
                "3 1\n1 4\n",
                "g:2: expected the second vertex of edge 1 (1 to 3), found 4",
            ),
            (
                "3 2\n1 2\n",
                "g:3: expected the first vertex of edge 2 (1 to 3), found end of input",
            ),
            ("2 1\n1 2\n7\n", "g:3: expected end of input, found '7'"),
            (
                "20000 1\n",
                "g:1: expected the number of vertices (0 to 8192), found 20000",
            ),
        ] {
            let e = ArcKayles::default()
                .read(&Input::new("g", text))
                .expect_err(text);
            assert_eq!(e.message, says, "{text:?}");
        }
    }
}
