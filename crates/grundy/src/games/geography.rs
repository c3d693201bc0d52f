//! Vertex geography: a token stands on a vertex of a directed graph; a move slides it
//! along an edge leaving its vertex, and the vertex it leaves is deleted with its edges.
//! Whoever cannot move the token loses.
//!
//! The game is the classic PSPACE-complete one (Schaefer, "On the computational
//! complexity of some two-person perfect-information games", J. Comput. System Sci. 16,
//! 1978; Lichtenstein and Sipser, "Go is polynomial-space hard", J. ACM 27, 1980, for the
//! directed vertex version). Each move deletes a vertex, so no position repeats and every
//! play ends: the memo solver values it. A position is one graph and one token, not a sum.
//! The tests check it against a brute force over sets of deleted vertices.
//!
//! A position is written `n m`, then `m` lines `u v` (an edge from `u` to `v`, vertices
//! from 1), then the token's vertex; or a named undirected family of `games::undirected`
//! (each edge usable both ways) and the token's vertex, like `grid:3x3 5`. The vertices a
//! move has deleted keep their numbers and lose their edges.

use crate::drawing::Drawing;
use crate::error::Error;
use crate::game::{Components, Game, to};
use crate::games::notation::{Labelled, Notation};
use crate::games::undirected::{self, Limits};
use crate::parse::{Found, Input, Tokens};

/// The most vertices and edges a position may have.
pub const LIMITS: Limits = Limits {
    vertices: 4096,
    edges: 16384,
};

/// A graph and its token: `vertices` vertices numbered from 0, the edges `[u, v]` from
/// `u` to `v` still there, sorted, and the vertex the token stands on.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Position {
    /// How many vertices, deleted ones included.
    pub vertices: u32,
    /// The edges left, sorted.
    pub edges: Vec<[u32; 2]>,
    /// Where the token is.
    pub token: u32,
}

/// Vertex geography on a directed graph.
#[derive(Clone, Copy, Debug, Default)]
pub struct Geography;

impl Position {
    /// The position after the token moves from its vertex to `w`: the vertex it leaves
    /// loses every edge.
    fn after(&self, w: u32) -> Position {
        let gone = self.token;
        Position {
            vertices: self.vertices,
            edges: self
                .edges
                .iter()
                .copied()
                .filter(|&[u, v]| u != gone && v != gone)
                .collect(),
            token: w,
        }
    }

    /// The heads of the edges leaving the token's vertex.
    fn ahead(&self) -> impl Iterator<Item = u32> + '_ {
        let from = self.edges.partition_point(|e| e[0] < self.token);
        self.edges[from..]
            .iter()
            .take_while(|e| e[0] == self.token)
            .map(|e| e[1])
    }
}

impl Game for Geography {
    type Position = Position;

    fn options(&self, p: &Position, out: &mut Vec<Components<Position>>) {
        out.extend(p.ahead().map(|w| to(p.after(w))));
    }

    fn difficulty(&self, p: &Position) -> u64 {
        p.edges.len() as u64
    }

    fn option_count(&self, p: &Position) -> Option<usize> {
        Some(p.ahead().count())
    }
}

impl Notation for Geography {
    fn read(&self, input: &Input) -> Result<Vec<Position>, Error> {
        let wrong = |e| input.error(e);
        let mut t = Tokens::new(&input.bytes);
        let first = t.clone().next_token();
        let (n, mut edges) = if let Some(token) = first
            && token.text.first().is_some_and(u8::is_ascii_alphabetic)
        {
            let name = String::from_utf8_lossy(token.text).into_owned();
            t.next_token();
            let graph = undirected::family(&name, LIMITS)
                .map_err(|expected| wrong(t.error(expected, Found::Token(name.clone()))))?;
            let both: Vec<[u32; 2]> = graph
                .edges
                .iter()
                .flat_map(|&[u, v]| [[u, v], [v, u]])
                .collect();
            (graph.vertices, both)
        } else {
            let n = t
                .u64_in("the number of vertices", 1, LIMITS.vertices)
                .map_err(wrong)?;
            let m = t
                .u64_in("the number of edges", 0, LIMITS.edges)
                .map_err(wrong)?;
            let mut edges = Vec::with_capacity(m as usize);
            for k in 1..=m {
                let u = t
                    .u64_named(|| format!("the tail of edge {k}"), 1, n)
                    .map_err(wrong)?;
                let v = t
                    .u64_named(|| format!("the head of edge {k}"), 1, n)
                    .map_err(wrong)?;
                if u == v {
                    return Err(wrong(t.error(
                        format!("edge {k} between two different vertices"),
                        Found::Token(format!("{u} {v}")),
                    )));
                }
                edges.push([u as u32 - 1, v as u32 - 1]);
            }
            (n, edges)
        };
        if n == 0 {
            return Err(wrong(t.error(
                "a graph with a vertex for the token",
                Found::Token("a graph of no vertices".into()),
            )));
        }
        let token = t.u64_in("the token's vertex", 1, n).map_err(wrong)?;
        t.end().map_err(wrong)?;
        edges.sort_unstable();
        edges.dedup();
        Ok(vec![Position {
            vertices: n as u32,
            edges,
            token: token as u32 - 1,
        }])
    }

    fn write(&self, sum: &[Position]) -> String {
        let Some(p) = sum.first() else {
            return String::new();
        };
        let mut text = format!("{} {}\n", p.vertices, p.edges.len());
        for &[u, v] in &p.edges {
            text += &format!("{} {}\n", u + 1, v + 1);
        }
        text += &format!("{}\n", p.token + 1);
        text
    }

    fn moves(&self, sum: &[Position], i: usize) -> Vec<Labelled<Position>> {
        let p = &sum[i];
        p.ahead()
            .map(|w| Labelled {
                label: format!("move the token from {} to {}", p.token + 1, w + 1),
                leaves: to(p.after(w)),
                cells: None,
                along: Some([u64::from(p.token) + 1, u64::from(w) + 1]),
                vertex: None,
            })
            .collect()
    }

    fn draw(&self, sum: &[Position]) -> Option<Drawing> {
        let p = sum.first()?;
        let mut edges: Vec<[u64; 2]> = p
            .edges
            .iter()
            .map(|&[u, v]| [u64::from(u.min(v)) + 1, u64::from(u.max(v)) + 1])
            .collect();
        edges.sort_unstable();
        edges.dedup();
        let drawing = Drawing::Graph {
            vertices: u64::from(p.vertices),
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

    /// The value by brute force over the set of vertices deleted and the token: a move
    /// goes along an edge to a vertex not deleted, and deletes the one left.
    fn brute(edges: &[[u32; 2]], token: u32) -> u64 {
        fn value(
            edges: &[[u32; 2]],
            gone: u32,
            at: u32,
            memo: &mut HashMap<(u32, u32), u64>,
        ) -> u64 {
            if let Some(&g) = memo.get(&(gone, at)) {
                return g;
            }
            let seen: Vec<u64> = edges
                .iter()
                .filter(|&&[u, v]| u == at && gone & (1 << v) == 0)
                .map(|&[_, v]| value(edges, gone | 1 << at, v, memo))
                .collect();
            let g = (0..).find(|g| !seen.contains(g)).unwrap_or(0);
            memo.insert((gone, at), g);
            g
        }
        value(edges, 0, token, &mut HashMap::new())
    }

    fn digraphs() -> impl Strategy<Value = (u32, Vec<[u32; 2]>, u32)> {
        (1u32..=8).prop_flat_map(|n| {
            let pairs: Vec<[u32; 2]> = (0..n)
                .flat_map(|u| (0..n).filter(move |&v| v != u).map(move |v| [u, v]))
                .collect();
            let most = pairs.len().min(20);
            (
                Just(n),
                proptest::sample::subsequence(pairs, 0..=most),
                0..n,
            )
        })
    }

    fn written(n: u32, edges: &[[u32; 2]], token: u32) -> String {
        let mut text = format!("{n} {}\n", edges.len());
        for [u, v] in edges {
            text += &format!("{} {}\n", u + 1, v + 1);
        }
        text + format!("{}\n", token + 1).as_str()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The memo solver over the rules gives the brute force's value, and a position
        /// written is read back the same.
        #[test]
        fn geography_is_worth_what_the_brute_force_gives((n, edges, token) in digraphs()) {
            let text = written(n, &edges, token);
            let sum = Geography.read(&Input::new("g", text.as_str())).expect("a position");
            prop_assert_eq!(Geography.write(&sum), text);
            let got = Solver::new(Geography).grundy(&sum[0]).expect("valued");
            prop_assert_eq!(got, Nimber(brute(&edges, token)));
        }
    }

    /// On a path the token can only walk to the end: the player to move wins exactly when
    /// the number of steps left is odd; on a cycle it walks round once.
    #[test]
    fn paths_and_cycles_are_walked_to_their_end() {
        for n in 1..=30u32 {
            for start in 1..=n {
                let text = format!("path:{n} {start}");
                let sum = Geography
                    .read(&Input::new("g", text.as_str()))
                    .expect("a path");
                let g = Solver::new(Geography).grundy(&sum[0]).expect("valued");
                // Both ways are open: the first player wins if either side is odd.
                let (left, right) = (start - 1, n - start);
                let wins = left % 2 == 1 || right % 2 == 1;
                assert_eq!(g != Nimber(0), wins, "{text}");
            }
            if n >= 3 {
                let cycle: Vec<[u32; 2]> = (0..n).map(|u| [u, (u + 1) % n]).collect();
                let sum = Geography
                    .read(&Input::new("c", written(n, &cycle, 0)))
                    .expect("a cycle");
                let g = Solver::new(Geography).grundy(&sum[0]).expect("valued");
                assert_eq!(g != Nimber(0), n % 2 == 0, "directed cycle of {n}");
            }
        }
    }

    #[test]
    fn moves_are_labelled_and_bad_positions_refused() {
        let sum = Geography
            .read(&Input::new("g", "3 3\n1 2\n1 3\n2 3\n1\n"))
            .expect("a graph");
        let labels: Vec<String> = Geography
            .moves(&sum, 0)
            .into_iter()
            .map(|m| m.label)
            .collect();
        assert_eq!(
            labels,
            ["move the token from 1 to 2", "move the token from 1 to 3"]
        );
        for (text, says) in [
            (
                "3 1\n1 1\n1\n",
                "g:2: expected edge 1 between two different vertices, found '1 1'",
            ),
            (
                "3 1\n1 2\n4\n",
                "g:3: expected the token's vertex (1 to 3), found 4",
            ),
            (
                "3 1\n1 2\n",
                "g:3: expected the token's vertex (1 to 3), found end of input",
            ),
            (
                "grid:2x2",
                "g:1: expected the token's vertex (1 to 4), found end of input",
            ),
        ] {
            let e = Geography.read(&Input::new("g", text)).expect_err(text);
            assert_eq!(e.message, says, "{text:?}");
        }
    }
}
