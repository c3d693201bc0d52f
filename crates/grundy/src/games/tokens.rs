//! Tokens on a directed graph: a position is a graph and tokens on its vertices; a move
//! takes one token along one edge (several tokens may share a vertex). The graph may have
//! cycles, so a game may go on for ever: values are Smith's generalised ones
//! ([`crate::solve::loopy`]).
//!
//! A graph file: `n m`, then `m` lines `u v` (a move from u to v, vertices from 1), then
//! the number of tokens `k` and their `k` vertices.

use crate::error::Error;
use crate::games::digraph::Digraph;
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
