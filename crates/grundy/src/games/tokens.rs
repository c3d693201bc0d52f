//! Tokens on a directed graph: a position is a graph and tokens on its vertices; a move
//! takes one token along one edge (several tokens may share a vertex). The graph may have
//! cycles, so a game may go on for ever: values are Smith's generalised ones
//! ([`crate::solve::loopy`]).
//!
//! A graph file: `n m`, then `m` lines `u v` (a move from u to v, vertices from 1), then
//! the number of tokens `k` and their `k` vertices.
//!
//! [`TokenGraph`] is the game whole: its rules (a token moves along an edge) and its
//! [`Notation`] (a graph file read into one component a token, written back, each move
//! labelled). Its positions may repeat, so the plain solver reports a cycle where there is
//! one; the analysis values it with the loopy engine.
//!
//! ```
//! use grundy::games::notation::Notation;
//! use grundy::games::tokens::TokenGraph;
//! use grundy::parse::Input;
//!
//! // 1 → 2 → 3, one token on 1 and one on 3.
//! let text = "3 2\n1 2\n2 3\n2\n1 3\n";
//! let sum = TokenGraph.read(&Input::new("<example>", text))?;
//! assert_eq!(sum.len(), 2);
//! assert_eq!(TokenGraph.write(&sum), text);
//! assert_eq!(TokenGraph.moves(&sum, 0)[0].label, "token 1: 1 → 2");
//! assert!(TokenGraph.moves(&sum, 1).is_empty());
//! # Ok::<(), grundy::report::Error>(())
//! ```

use std::sync::Arc;

use crate::error::Error;
use crate::game::{Components, Game};
use crate::games::digraph::Digraph;
use crate::games::notation::{Labelled, Notation};
use crate::parse::{Input, Tokens};

/// The most vertices a graph file may have.
pub const MAX_VERTICES: u64 = 10_000_000;
/// The most edges a graph file may have.
pub const MAX_EDGES: u64 = 50_000_000;
/// The most tokens.
pub const MAX_TOKENS: u64 = 1_000_000;

/// A graph read from a file, with its tokens (vertices from 0).
pub struct GraphInput {
    /// The graph.
    pub graph: Digraph,
    /// The number of edges.
    pub edges: u64,
    /// The tokens' vertices.
    pub tokens: Vec<u32>,
}

/// Bytes a graph takes in memory, about: its vertices' values and lists, its moves both
/// ways (measured: a graph of 10^7 vertices and no move takes about 500 MB).
const BYTES_PER_VERTEX: u64 = 48;
const BYTES_PER_MOVE: u64 = 16;

/// Refuses, from its first two numbers alone, a graph whose vertices and moves would take
/// more than `memory` bytes: a 30-byte request may claim ten million vertices, and is
/// refused before anything is allocated for them. A file whose first numbers are not
/// numbers is left to [`parse`] to refuse, with its line.
pub fn check_memory(input: &Input, memory: u64) -> Result<(), Error> {
    let Ok((n, m)) = claimed(&mut Tokens::new(&input.bytes)) else {
        return Ok(());
    };
    let need = n
        .saturating_mul(BYTES_PER_VERTEX)
        .saturating_add(m.saturating_mul(BYTES_PER_MOVE));
    if need > memory {
        return Err(Error::input(format!(
            "{}: a graph of {n} vertices and {m} moves takes about {} MiB, more than the {} MiB allowed here",
            input.source,
            need >> 20,
            memory >> 20
        )));
    }
    Ok(())
}

/// Refuses a graph file from its first two numbers, given its head alone (see
/// [`crate::store::head_of`]): a file that claims more vertices or moves than are allowed
/// is refused with the error [`parse`] would give, before the rest of it is read. A head
/// too short to hold both numbers is left to [`parse`].
pub fn check_head(source: &str, head: &[u8]) -> Result<(), String> {
    let words = head
        .split(u8::is_ascii_whitespace)
        .filter(|w| !w.is_empty())
        .take(2)
        .count();
    if words < 2 {
        return Ok(());
    }
    let input = Input::new(source, head);
    claimed(&mut Tokens::new(&input.bytes)).map_err(|e| input.error(e).to_string())?;
    Ok(())
}

/// The first two numbers of a graph file, the vertices `n` and the moves `m` it claims,
/// each within its limit.
fn claimed(t: &mut Tokens<'_>) -> Result<(u64, u64), crate::parse::ParseError> {
    let n = t.u64_in("the number of vertices n", 1, MAX_VERTICES)?;
    let m = t.u64_in("the number of moves m", 0, MAX_EDGES)?;
    Ok((n, m))
}

/// Reads a graph file.
pub fn parse(input: &Input) -> Result<GraphInput, Error> {
    parse_with(input, true)
}

/// Reads a graph file whose tokens may be left out (for `explore`, which values every
/// vertex): a file that ends after its moves has no tokens.
pub fn parse_graph(input: &Input) -> Result<GraphInput, Error> {
    parse_with(input, false)
}

pub(crate) fn parse_with(input: &Input, tokens_required: bool) -> Result<GraphInput, Error> {
    let mut t = Tokens::new(&input.bytes);
    let e = |err| input.error(err);
    let (n, m) = claimed(&mut t).map_err(e)?;
    let mut edges = Vec::with_capacity(m.min(1 << 20) as usize);
    for i in 0..m {
        let u = t
            .u64_named(|| format!("the tail u of move {}", i + 1), 1, n)
            .map_err(e)?;
        let v = t
            .u64_named(|| format!("the head v of move {}", i + 1), 1, n)
            .map_err(e)?;
        edges.push((u as u32 - 1, v as u32 - 1));
    }
    let mut tokens = Vec::new();
    if tokens_required || t.clone().next_token().is_some() {
        let k = t
            .u64_in("the number of tokens k", 1, MAX_TOKENS)
            .map_err(e)?;
        tokens.reserve(k as usize);
        for i in 0..k {
            let v = t
                .u64_named(|| format!("the vertex of token {}", i + 1), 1, n)
                .map_err(e)?;
            tokens.push(v as u32 - 1);
        }
    }
    t.end().map_err(e)?;
    let graph = Digraph::new(n as usize, &edges)
        .map_err(|msg| Error::input(format!("{}: {msg}", input.source)))?;
    Ok(GraphInput {
        graph,
        edges: m,
        tokens,
    })
}

/// The graph and tokens written as a graph file reads (vertices from 1).
pub fn written(graph: &Digraph, edges: u64, tokens: &[u32]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(out, "{} {edges}", graph.len());
    for u in 0..graph.len() as u32 {
        for &v in graph.moves(u) {
            let _ = writeln!(out, "{} {}", u + 1, v + 1);
        }
    }
    let _ = writeln!(out, "{}", tokens.len());
    let shown: Vec<String> = tokens.iter().map(|t| (t + 1).to_string()).collect();
    let _ = writeln!(out, "{}", shown.join(" "));
    out
}

/// Token `i`'s move from `from` to `to` in words (all from 0, written from 1).
pub fn move_label(i: usize, from: u32, to: u32) -> String {
    format!("token {}: {} → {}", i + 1, from + 1, to + 1)
}

/// One token: the graph it moves on and the vertex it stands on (from 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Token {
    /// The graph, shared by every token of a position.
    pub graph: Arc<Digraph>,
    /// Where the token stands.
    pub at: u32,
}

/// Tokens on a directed graph, each a component: a move takes one token along one edge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TokenGraph;

impl Game for TokenGraph {
    type Position = Token;

    fn options(&self, p: &Token, out: &mut Vec<Components<Token>>) {
        for &w in p.graph.moves(p.at) {
            out.push(crate::game::to(Token {
                graph: Arc::clone(&p.graph),
                at: w,
            }));
        }
    }
}

/// A graph file; each move labelled `token I: U → V` (token and vertices from 1), listed
/// token by token, each token's moves in the order the file gives them.
impl Notation for TokenGraph {
    fn read(&self, input: &Input) -> Result<Vec<Token>, Error> {
        let g = parse(input)?;
        let graph = Arc::new(g.graph);
        Ok(g.tokens
            .into_iter()
            .map(|at| Token {
                graph: Arc::clone(&graph),
                at,
            })
            .collect())
    }

    /// The graph of the first token (every token of a sum read shares it), then the
    /// tokens; nothing for no token.
    fn write(&self, sum: &[Token]) -> String {
        let Some(first) = sum.first() else {
            return String::new();
        };
        let at: Vec<u32> = sum.iter().map(|t| t.at).collect();
        written(&first.graph, first.graph.edges() as u64, &at)
    }

    fn moves(&self, sum: &[Token], i: usize) -> Vec<Labelled<Token>> {
        let t = &sum[i];
        t.graph
            .moves(t.at)
            .iter()
            .map(|&w| Labelled {
                label: move_label(i, t.at, w),
                leaves: crate::game::to(Token {
                    graph: Arc::clone(&t.graph),
                    at: w,
                }),
                cells: None,
                along: Some([u64::from(t.at) + 1, u64::from(w) + 1]),
                vertex: None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// A graph file from a seed's numbers: `n` vertices, the edges, the tokens.
    fn file(n: usize, edges: &[(usize, usize)], tokens: &[usize]) -> String {
        let mut text = format!("{n} {}\n", edges.len());
        for &(u, v) in edges {
            text.push_str(&format!("{} {}\n", u % n + 1, v % n + 1));
        }
        let shown: Vec<String> = tokens.iter().map(|t| (t % n + 1).to_string()).collect();
        text.push_str(&format!("{}\n{}\n", tokens.len(), shown.join(" ")));
        text
    }

    proptest! {
        /// A graph file read, written and read again is the same sum; each token's moves
        /// are its edges, leaving what the rules' options leave.
        #[test]
        fn graph_files_read_back_and_moves_are_the_edges(
            n in 1usize..12,
            edges in prop::collection::vec((0usize..12, 0usize..12), 0..30),
            tokens in prop::collection::vec(0usize..12, 1..5),
        ) {
            let text = file(n, &edges, &tokens);
            let sum = TokenGraph.read(&Input::new("g", text)).unwrap();
            prop_assert_eq!(sum.len(), tokens.len());
            let again = TokenGraph.read(&Input::new("g", TokenGraph.write(&sum))).unwrap();
            prop_assert_eq!(&again, &sum);
            for (i, t) in sum.iter().enumerate() {
                let listed = TokenGraph.moves(&sum, i);
                let mut options = Vec::new();
                TokenGraph.options(t, &mut options);
                let leaves: Vec<_> = listed.iter().map(|m| m.leaves.clone()).collect();
                prop_assert_eq!(leaves, options);
                // The moves are the file's edges out of the token's vertex, in order.
                let from = (tokens[i] % n) as u32;
                let heads: Vec<u32> = edges
                    .iter()
                    .filter(|&&(u, _)| (u % n) as u32 == from)
                    .map(|&(_, v)| (v % n) as u32)
                    .collect();
                let along: Vec<[u64; 2]> = listed.iter().map(|m| m.along.unwrap()).collect();
                let expected: Vec<[u64; 2]> =
                    heads.iter().map(|&v| [u64::from(from) + 1, u64::from(v) + 1]).collect();
                prop_assert_eq!(along, expected);
            }
        }
    }

    #[test]
    fn a_cycle_is_a_cycle_to_the_plain_solver_and_a_dag_its_values() {
        // 1 → 2 → 3 → 1: the plain solver meets the cycle.
        let sum = TokenGraph
            .read(&Input::new("g", "3 3\n1 2\n2 3\n3 1\n1\n1\n"))
            .unwrap();
        assert!(crate::Solver::new(TokenGraph).grundy(&sum[0]).is_err());
        // 1 → 2, 1 → 3, 2 → 3: vertex 1 has options worth 1 (vertex 2) and 0 (vertex 3).
        let sum = TokenGraph
            .read(&Input::new("g", "3 3\n1 2\n1 3\n2 3\n1\n1\n"))
            .unwrap();
        assert_eq!(
            crate::Solver::new(TokenGraph).grundy(&sum[0]).unwrap(),
            crate::Nimber(2)
        );
    }
}
