//! Green Hackenbush: a graph stands on the ground; a move cuts one edge, and whatever is no
//! longer joined to the ground falls away. Whoever cannot cut an edge loses.
//!
//! Values come from two theorems (*Winning Ways*, ch. 7; Ferguson, *Game Theory*, Part I,
//! §6). The colon principle: a branch standing on a vertex may be replaced by a stalk of
//! the same value, so a tree is worth the XOR, over the edges leaving its root, of one more
//! than the value of the tree above each. The fusion principle: the vertices of a cycle may
//! be fused into one without changing the value, the cycle's edges becoming loops, each
//! worth 1. Fusing every set of vertices joined by two paths with no edge in common (the
//! 2-edge-connected pieces, found with Tarjan's bridges) leaves a tree of bridges with
//! loops on its vertices, valued by the colon principle in one pass. The tests check both
//! against a brute force over the literal game (cut an edge, drop what has fallen) on every
//! small tree and on random graphs with loops and parallel edges.
//!
//! A position is written either as AtCoder writes a tree (`N`, then `N − 1` lines `u v`) or
//! as a graph (`N M`, then `M` lines `u v`, loops `v v` and parallel edges allowed); vertex 1
//! is the ground. The rules see the sum of its branches: the pieces joined to each other
//! only through the ground, each numbered with the ground as vertex 0 and its other
//! vertices from 1 in the order of their numbers.

use crate::drawing::Drawing;
use crate::error::Error;
use crate::game::{Components, Game};
use crate::games::notation::{Labelled, Notation};
use crate::games::undirected;
use crate::nimber::Nimber;
use crate::parse::{Found, Input, Tokens};

/// The most vertices a position may have.
pub const MAX_VERTICES: u64 = 1_000_000;
/// The most edges a position may have. Values take one pass over them; listing every move
/// writes the whole position once a move, so `analyze` stops, with a line saying so, on a
/// position of more than about 2,000 edges (its move list would pass 32 MiB).
pub const MAX_EDGES: u64 = 1_000_000;

/// One branch: the ground (vertex 0) and the vertices joined to it through one another,
/// `order` in all, with its edges `[u, v]`, `u ≤ v`, sorted (a loop is `[v, v]`, parallel
/// edges appear as often as they are drawn).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Branch {
    /// How many vertices, the ground included.
    pub order: u32,
    /// The edges.
    pub edges: Vec<[u32; 2]>,
}

/// Green Hackenbush.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hackenbush;

/// The branches of the graph on the vertices `0..n` (0 the ground) with `edges`: what is
/// joined to the ground, split where only the ground joins it, in the order of each
/// branch's smallest vertex (a loop on the ground is a branch of its own, after them),
/// each renumbered from 1 in the order of its vertices.
pub fn branches(n: usize, edges: &[[u32; 2]]) -> Vec<Branch> {
    // Pieces of the graph without the ground, and which of them touch it.
    let off_ground: Vec<[u32; 2]> = edges
        .iter()
        .copied()
        .filter(|&[u, v]| u != 0 && v != 0)
        .collect();
    let mut parent = undirected::united(n, &off_ground);
    let mut grounded = vec![false; n];
    for &[u, v] in edges {
        if u == 0 || v == 0 {
            let r = undirected::root(&mut parent, u.max(v));
            grounded[r as usize] = true;
        }
    }
    let mut index_of_root = vec![u32::MAX; n];
    let mut rank = vec![0u32; n];
    let mut found: Vec<Branch> = Vec::new();
    for v in 1..n as u32 {
        let r = undirected::root(&mut parent, v) as usize;
        if !grounded[r] {
            continue;
        }
        if index_of_root[r] == u32::MAX {
            index_of_root[r] = found.len() as u32;
            found.push(Branch {
                order: 1,
                edges: Vec::new(),
            });
        }
        let b = &mut found[index_of_root[r] as usize];
        rank[v as usize] = b.order;
        b.order += 1;
    }
    let mut loops = 0;
    for &[u, v] in edges {
        let (u, v) = (u.min(v), u.max(v));
        if v == 0 {
            loops += 1;
            continue;
        }
        let r = undirected::root(&mut parent, v) as usize;
        if grounded[r] {
            let at = |x: u32| if x == 0 { 0 } else { rank[x as usize] };
            found[index_of_root[r] as usize].edges.push([at(u), at(v)]);
        }
    }
    for b in &mut found {
        b.edges.sort_unstable();
    }
    found.extend((0..loops).map(|_| Branch {
        order: 1,
        edges: vec![[0, 0]],
    }));
    found
}

/// The edges at each vertex of a graph on `0..n`, as (the other end, the edge's number):
/// `near[start[v]..start[v + 1]]` for vertex v, built in two passes over `edges`, each
/// `(number, [u, v])`.
struct Incidence {
    start: Vec<usize>,
    near: Vec<(u32, u32)>,
}

impl Incidence {
    fn new(n: usize, edges: impl Iterator<Item = (usize, [u32; 2])> + Clone) -> Incidence {
        let mut start = vec![0usize; n + 1];
        for (_, [u, v]) in edges.clone() {
            start[u as usize + 1] += 1;
            start[v as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut near = vec![(0u32, 0u32); start[n]];
        for (id, [u, v]) in edges {
            near[fill[u as usize]] = (v, id as u32);
            fill[u as usize] += 1;
            near[fill[v as usize]] = (u, id as u32);
            fill[v as usize] += 1;
        }
        Incidence { start, near }
    }

    /// The edges at `v`.
    fn at(&self, v: usize) -> &[(u32, u32)] {
        &self.near[self.start[v]..self.start[v + 1]]
    }
}

/// The value of a branch (or of any graph on `order` vertices standing on vertex 0, each
/// vertex joined to it) by the fusion and colon principles, in time linear in its size.
pub fn value(order: u32, edges: &[[u32; 2]]) -> Nimber {
    let n = order as usize;
    if edges.is_empty() {
        return Nimber::ZERO;
    }
    // Adjacency by edge, loops left out (a loop is never a bridge).
    let graph = Incidence::new(
        n,
        edges
            .iter()
            .copied()
            .enumerate()
            .filter(|(_, [u, v])| u != v),
    );
    // Tarjan's bridges by an explicit stack: `low[v]` is the earliest visit reachable from
    // v's subtree by one edge other than the one it was entered by.
    const UNSEEN: u32 = u32::MAX;
    let mut visit = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut bridge = vec![false; edges.len()];
    let mut order_seen: Vec<u32> = Vec::with_capacity(n);
    let mut stack: Vec<(u32, u32, usize)> = vec![(0, u32::MAX, graph.start[0])];
    visit[0] = 0;
    order_seen.push(0);
    while let Some(&mut (v, via, ref mut next)) = stack.last_mut() {
        if *next < graph.start[v as usize + 1] {
            let (w, id) = graph.near[*next];
            *next += 1;
            if id == via {
                continue;
            }
            if visit[w as usize] == UNSEEN {
                visit[w as usize] = order_seen.len() as u32;
                low[w as usize] = visit[w as usize];
                order_seen.push(w);
                stack.push((w, id, graph.start[w as usize]));
            } else {
                low[v as usize] = low[v as usize].min(visit[w as usize]);
            }
        } else {
            stack.pop();
            if let Some(&(p, _, _)) = stack.last() {
                low[p as usize] = low[p as usize].min(low[v as usize]);
                if low[v as usize] > visit[p as usize] {
                    bridge[via as usize] = true;
                }
            }
        }
    }
    // Fuse each 2-edge-connected piece: the vertices a search reaches without crossing a
    // bridge.
    let mut piece = vec![u32::MAX; n];
    let mut odd: Vec<bool> = Vec::new();
    let mut queue: Vec<u32> = Vec::new();
    for &s in &order_seen {
        if piece[s as usize] != u32::MAX {
            continue;
        }
        let id = odd.len() as u32;
        odd.push(false);
        piece[s as usize] = id;
        queue.push(s);
        while let Some(v) = queue.pop() {
            for &(w, e) in graph.at(v as usize) {
                if !bridge[e as usize] && piece[w as usize] == u32::MAX {
                    piece[w as usize] = id;
                    queue.push(w);
                }
            }
        }
    }
    // Every edge that is not a bridge becomes a loop on its piece, worth 1.
    for (id, &[u, _]) in edges.iter().enumerate() {
        if !bridge[id] {
            odd[piece[u as usize] as usize] ^= true;
        }
    }
    // The bridges make a tree of pieces; value it from the ground's piece outwards.
    let count = odd.len();
    let tree = Incidence::new(
        count,
        edges
            .iter()
            .enumerate()
            .filter(|&(id, _)| bridge[id])
            .map(|(id, &[u, v])| (id, [piece[u as usize], piece[v as usize]])),
    );
    let root = piece[0];
    let mut up = vec![u32::MAX; count];
    let mut walk = vec![root];
    let mut seen = vec![false; count];
    seen[root as usize] = true;
    let mut i = 0;
    while i < walk.len() {
        let a = walk[i];
        i += 1;
        for &(b, _) in tree.at(a as usize) {
            if !seen[b as usize] {
                seen[b as usize] = true;
                up[b as usize] = a;
                walk.push(b);
            }
        }
    }
    let mut g: Vec<u64> = odd.iter().map(|&o| u64::from(o)).collect();
    for &a in walk.iter().rev() {
        let p = up[a as usize];
        if p != u32::MAX {
            g[p as usize] ^= g[a as usize] + 1;
        }
    }
    Nimber(g[root as usize])
}

/// The edges of a branch that is a tree (no cycle, no loop) whose cutting leaves it worth
/// `target`, found in one pass down from the ground; `None` for a branch with a cycle.
///
/// Only the values on the path from a cut to the ground change, each vertex's value being
/// the XOR over its children c of g(c) + 1 (the colon principle). So the value a vertex
/// must take for the ground to be worth `target` follows from its parent's: cutting the
/// edge above c turns its parent p's value into g(p) ⊕ (g(c) + 1), and if that is not what
/// p needs, c's subtree must bring p's need ⊕ g(p) ⊕ (g(c) + 1) instead of g(c) + 1, which
/// it can only by being worth one less.
pub fn tree_cuts(b: &Branch, target: Nimber) -> Option<Vec<usize>> {
    let n = b.order as usize;
    if b.edges.len() + 1 != n || b.edges.iter().any(|&[u, v]| u == v) {
        return None;
    }
    let graph = Incidence::new(n, b.edges.iter().copied().enumerate());
    // Parents and the edge to each, in breadth-first order from the ground.
    let mut parent = vec![u32::MAX; n];
    let mut above = vec![u32::MAX; n];
    let mut walk = vec![0u32];
    parent[0] = 0;
    let mut i = 0;
    while i < walk.len() {
        let v = walk[i] as usize;
        i += 1;
        for &(w, id) in graph.at(v) {
            if parent[w as usize] == u32::MAX {
                parent[w as usize] = v as u32;
                above[w as usize] = id;
                walk.push(w);
            }
        }
    }
    let mut g = vec![0u64; n];
    for &v in walk.iter().skip(1).rev() {
        let p = parent[v as usize] as usize;
        g[p] ^= g[v as usize] + 1;
    }
    let mut need: Vec<Option<u64>> = vec![None; n];
    need[0] = Some(target.0);
    let mut cuts = Vec::new();
    for &v in walk.iter().skip(1) {
        let (v, p) = (v as usize, parent[v as usize] as usize);
        let Some(wanted) = need[p] else { continue };
        let brought = g[v] + 1;
        if g[p] ^ brought == wanted {
            cuts.push(above[v] as usize);
        }
        let instead = wanted ^ g[p] ^ brought;
        need[v] = instead.checked_sub(1);
    }
    cuts.sort_unstable();
    Some(cuts)
}

impl Game for Hackenbush {
    type Position = Branch;

    fn options(&self, p: &Branch, out: &mut Vec<Components<Branch>>) {
        for cut in 0..p.edges.len() {
            let rest: Vec<[u32; 2]> = p
                .edges
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != cut)
                .map(|(_, &e)| e)
                .collect();
            out.push(branches(p.order as usize, &rest).into_iter().collect());
        }
    }

    fn known_value(&self, p: &Branch) -> Option<Nimber> {
        Some(value(p.order, &p.edges))
    }

    fn option_count(&self, p: &Branch) -> Option<usize> {
        Some(p.edges.len())
    }
}

/// Where each branch's vertex 1 is in the whole sum as written (the ground is 1, and each
/// branch's other vertices follow the branches before it).
fn offsets(sum: &[Branch]) -> Vec<u64> {
    sum.iter()
        .scan(2u64, |next, b| {
            let at = *next;
            *next += u64::from(b.order) - 1;
            Some(at)
        })
        .collect()
}

/// A branch's vertex `x` in the numbering of the whole sum.
fn numbered(x: u32, offset: u64) -> u64 {
    if x == 0 { 1 } else { u64::from(x) - 1 + offset }
}

/// The move that cuts `edge` of a branch whose vertex 1 is `offset` in the whole sum.
fn labelled(edge: [u32; 2], offset: u64, leaves: Components<Branch>) -> Labelled<Branch> {
    let (a, b) = (numbered(edge[0], offset), numbered(edge[1], offset));
    Labelled {
        label: if a == b {
            format!("cut the loop at {a}")
        } else {
            format!("cut edge {a}-{b}")
        },
        leaves,
        cells: None,
        along: (a != b).then_some([a, b]),
        vertex: None,
    }
}

impl Notation for Hackenbush {
    fn read(&self, input: &Input) -> Result<Vec<Branch>, Error> {
        let wrong = |e| input.error(e);
        let mut t = Tokens::new(&input.bytes);
        let n = t
            .u64_in("the number of vertices", 1, MAX_VERTICES)
            .map_err(wrong)?;
        // `N M` on the first line is a graph; `N` alone is a tree of N - 1 edges.
        let graph = t.clone().next_token().is_some_and(|token| token.line == 1);
        let m = if graph {
            t.u64_in("the number of edges", 0, MAX_EDGES)
                .map_err(wrong)?
        } else {
            n - 1
        };
        let mut edges = Vec::with_capacity(m as usize);
        let mut parent: Vec<u32> = if graph {
            Vec::new()
        } else {
            (0..n as u32).collect()
        };
        for k in 1..=m {
            let u = t
                .u64_named(|| format!("the first vertex of edge {k}"), 1, n)
                .map_err(wrong)?;
            let v = t
                .u64_named(|| format!("the second vertex of edge {k}"), 1, n)
                .map_err(wrong)?;
            let (a, b) = (u as u32 - 1, v as u32 - 1);
            if !graph {
                let (ra, rb) = (
                    undirected::root(&mut parent, a),
                    undirected::root(&mut parent, b),
                );
                if ra == rb {
                    return Err(wrong(t.error(
                        format!(
                            "a tree: edge {k} joins two vertices already joined (a graph with cycles is written `N M` and its M edges)"
                        ),
                        Found::Token(format!("{u} {v}")),
                    )));
                }
                parent[ra.max(rb) as usize] = ra.min(rb);
            }
            edges.push([a, b]);
        }
        t.end().map_err(wrong)?;
        Ok(branches(n as usize, &edges))
    }

    fn write(&self, sum: &[Branch]) -> String {
        let n: u64 = 1 + sum.iter().map(|b| u64::from(b.order) - 1).sum::<u64>();
        let m: usize = sum.iter().map(|b| b.edges.len()).sum();
        let mut text = format!("{n} {m}\n");
        for (b, offset) in sum.iter().zip(offsets(sum)) {
            for &[u, v] in &b.edges {
                text += &format!("{} {}\n", numbered(u, offset), numbered(v, offset));
            }
        }
        text
    }

    fn moves(&self, sum: &[Branch], i: usize) -> Vec<Labelled<Branch>> {
        let offset = offsets(sum)[i];
        let mut options = Vec::new();
        self.options(&sum[i], &mut options);
        options
            .into_iter()
            .zip(&sum[i].edges)
            .map(|(leaves, &edge)| labelled(edge, offset, leaves))
            .collect()
    }

    fn moves_to(&self, sum: &[Branch], i: usize, target: Nimber) -> Option<Vec<Labelled<Branch>>> {
        let b = &sum[i];
        let offset = offsets(sum)[i];
        let cuts = tree_cuts(b, target)?;
        Some(
            cuts.into_iter()
                .map(|cut| {
                    let rest: Vec<[u32; 2]> = b
                        .edges
                        .iter()
                        .enumerate()
                        .filter(|&(k, _)| k != cut)
                        .map(|(_, &e)| e)
                        .collect();
                    let leaves = branches(b.order as usize, &rest).into_iter().collect();
                    labelled(b.edges[cut], offset, leaves)
                })
                .collect(),
        )
    }

    fn draw(&self, sum: &[Branch]) -> Option<Drawing> {
        let mut edges = Vec::new();
        for (b, offset) in sum.iter().zip(offsets(sum)) {
            edges.extend(
                b.edges
                    .iter()
                    .map(|&[u, v]| [numbered(u, offset), numbered(v, offset)]),
            );
        }
        let drawing = Drawing::Graph {
            vertices: 1 + sum.iter().map(|b| u64::from(b.order) - 1).sum::<u64>(),
            edges,
            ground: Some(1),
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

    /// The value of the graph on vertices 1..=n (1 the ground) by brute force over the
    /// edges left: a move cuts one, then every edge no longer joined to the ground goes.
    /// No fusion, no colon, no splitting.
    fn brute(n: u64, edges: &[[u64; 2]]) -> Nimber {
        fn grounded(n: u64, edges: &[[u64; 2]], set: u32) -> u32 {
            let mut reach = vec![false; n as usize + 1];
            reach[1] = true;
            let mut kept = 0u32;
            loop {
                let mut grew = false;
                for (i, &[u, v]) in edges.iter().enumerate() {
                    if set & (1 << i) != 0
                        && kept & (1 << i) == 0
                        && (reach[u as usize] || reach[v as usize])
                    {
                        kept |= 1 << i;
                        reach[u as usize] = true;
                        reach[v as usize] = true;
                        grew = true;
                    }
                }
                if !grew {
                    return kept;
                }
            }
        }
        fn value(n: u64, edges: &[[u64; 2]], set: u32, memo: &mut HashMap<u32, u64>) -> u64 {
            if let Some(&g) = memo.get(&set) {
                return g;
            }
            let seen: Vec<u64> = (0..edges.len())
                .filter(|&i| set & (1 << i) != 0)
                .map(|i| value(n, edges, grounded(n, edges, set & !(1 << i)), memo))
                .collect();
            let mex = (0..).find(|g| !seen.contains(g)).unwrap_or(0);
            memo.insert(set, mex);
            mex
        }
        let all = grounded(n, edges, (1u32 << edges.len()) - 1);
        Nimber(value(n, edges, all, &mut HashMap::new()))
    }

    fn written(n: u64, edges: &[[u64; 2]]) -> String {
        let mut text = format!("{n} {}\n", edges.len());
        for [u, v] in edges {
            text += &format!("{u} {v}\n");
        }
        text
    }

    fn value_of(text: &str) -> Nimber {
        let game = Hackenbush;
        let sum = game.read(&Input::new("h", text)).expect("a position");
        sum.iter()
            .fold(Nimber::ZERO, |a, b| a ^ value(b.order, &b.edges))
    }

    /// Graphs of up to 7 vertices and 13 edges, loops and parallel edges among them.
    fn graphs() -> impl Strategy<Value = (u64, Vec<[u64; 2]>)> {
        (1u64..=7).prop_flat_map(|n| {
            (
                Just(n),
                proptest::collection::vec((1..=n, 1..=n).prop_map(|(u, v)| [u, v]), 0..=13),
            )
        })
    }

    /// Trees of up to 14 vertices: each vertex after the first hangs from an earlier one,
    /// and the numbers are shuffled so the ground is not always a leaf or the centre.
    fn trees() -> impl Strategy<Value = (u64, Vec<[u64; 2]>)> {
        (2u64..=14).prop_flat_map(|n| {
            (
                Just(n),
                proptest::collection::vec(any::<u64>(), n as usize - 1),
                Just(()).prop_perturb(move |_, mut rng| {
                    let mut p: Vec<u64> = (1..=n).collect();
                    for i in (1..p.len()).rev() {
                        p.swap(i, rng.random_range(0..=i));
                    }
                    p
                }),
            )
                .prop_map(|(n, picks, names)| {
                    let edges = picks
                        .iter()
                        .enumerate()
                        .map(|(i, &r)| {
                            let child = i as u64 + 1;
                            let up = r % child;
                            [names[up as usize], names[child as usize]]
                        })
                        .collect();
                    (n, edges)
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Fusion and colon give the literal game's value on graphs with cycles, loops and
        /// parallel edges.
        #[test]
        fn fusion_values_graphs_as_the_brute_force_does((n, edges) in graphs()) {
            prop_assert_eq!(value_of(&written(n, &edges)), brute(n, &edges));
        }

        /// The colon principle values trees, read as AtCoder writes them, as the brute
        /// force does; the memo solver over the literal moves agrees too.
        #[test]
        fn colon_values_trees_as_the_brute_force_does((n, edges) in trees()) {
            let mut text = format!("{n}\n");
            for [u, v] in &edges {
                text += &format!("{u} {v}\n");
            }
            prop_assert_eq!(value_of(&text), brute(n, &edges));
            let sum = Hackenbush.read(&Input::new("t", text)).expect("a tree");
            let again = Hackenbush.read(&Input::new("w", Hackenbush.write(&sum))).expect("written");
            prop_assert_eq!(&again, &sum);
            let listed: usize = (0..sum.len()).map(|i| Hackenbush.moves(&sum, i).len()).sum();
            prop_assert_eq!(listed as u64, n - 1);
        }

        /// Each literal move leaves what the brute force's move leaves: its value is the
        /// brute force's value of the graph without that edge.
        #[test]
        fn moves_leave_the_graph_without_the_edge((n, edges) in graphs()) {
            let sum = Hackenbush.read(&Input::new("g", written(n, &edges))).expect("a graph");
            let total = sum.iter().fold(Nimber::ZERO, |a, b| a ^ value(b.order, &b.edges));
            let mut solver = Solver::new(Hackenbush);
            prop_assert_eq!(solver.sum_grundy(&sum).expect("valued"), total);
            for i in 0..sum.len() {
                for m in Hackenbush.moves(&sum, i) {
                    let mut next = sum.clone();
                    next.splice(i..=i, m.leaves.iter().cloned());
                    let after = next.iter().fold(Nimber::ZERO, |a, b| a ^ value(b.order, &b.edges));
                    let written_after = Hackenbush.write(&next);
                    let mut t = Tokens::new(written_after.as_bytes());
                    let wn = t.u64_in("n", 0, 99).unwrap();
                    let wm = t.u64_in("m", 0, 99).unwrap();
                    let left: Vec<[u64; 2]> = (0..wm)
                        .map(|_| [t.u64_in("u", 1, wn).unwrap(), t.u64_in("v", 1, wn).unwrap()])
                        .collect();
                    prop_assert_eq!(after, brute(wn, &left));
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The one-pass cuts of a tree are exactly the moves that leave it worth the
        /// target, for every target up to the tree's size, found by valuing every move.
        #[test]
        fn one_pass_cuts_are_the_moves_that_reach_the_target((n, edges) in trees()) {
            let sum = Hackenbush.read(&Input::new("t", written_tree(n, &edges))).expect("a tree");
            for (i, b) in sum.iter().enumerate() {
                let moves = Hackenbush.moves(&sum, i);
                for target in 0..=n {
                    let want: Vec<String> = moves
                        .iter()
                        .filter(|m| {
                            m.leaves.iter().fold(Nimber::ZERO, |a, c| a ^ value(c.order, &c.edges))
                                == Nimber(target)
                        })
                        .map(|m| m.label.clone())
                        .collect();
                    let got: Vec<String> = Hackenbush
                        .moves_to(&sum, i, Nimber(target))
                        .expect("a tree")
                        .into_iter()
                        .map(|m| m.label)
                        .collect();
                    prop_assert_eq!(&got, &want, "branch {:?}, target {}", b, target);
                }
            }
        }
    }

    /// A tree of 10^5 edges is analysed whole: its moves are too many to list, so the
    /// winning cuts alone are, with the number of moves.
    #[test]
    fn a_tree_too_large_to_list_is_answered_with_its_winning_cuts() {
        // A caterpillar: a spine of 50,000 edges, each spine vertex with one leaf.
        let spine = 50_000u64;
        let mut edges = Vec::new();
        for v in 1..=spine {
            edges.push([v, v + 1]);
        }
        for v in 2..=spine {
            edges.push([v, spine + v]);
        }
        let n = 2 * spine;
        let text = written_tree(n, &edges);
        let game = crate::catalogue::lookup("hackenbush").expect("in the catalogue");
        let list = crate::catalogue::moves(
            &game,
            &Input::new("t", text),
            &Default::default(),
            &mut crate::NoProgress,
        )
        .expect("answered");
        assert_eq!(list.only_winning_of, Some(n - 1));
        let sum = Hackenbush
            .read(&Input::new("t", written_tree(n, &edges)))
            .expect("a tree");
        let total = sum
            .iter()
            .fold(Nimber::ZERO, |a, c| a ^ value(c.order, &c.edges));
        assert_eq!(list.grundy, Some(total));
        assert!(list.moves.iter().all(|m| m.winning));
        assert_eq!(list.moves.is_empty(), total == Nimber::ZERO);
    }

    fn written_tree(n: u64, edges: &[[u64; 2]]) -> String {
        let mut text = format!("{n}\n");
        for [u, v] in edges {
            text += &format!("{u} {v}\n");
        }
        text
    }

    /// AtCoder AGC017 D ("Game on Tree") is this game on a tree: its four samples, Alice
    /// (the first player) winning exactly when the value is not 0.
    #[test]
    fn agc017_d_samples() {
        for (tree, alice) in [
            ("5\n1 2\n2 3\n2 4\n4 5\n", true),
            ("5\n1 2\n2 3\n1 4\n4 5\n", false),
            ("6\n1 2\n2 4\n5 1\n6 3\n3 2\n", true),
            ("7\n1 2\n3 7\n4 6\n2 3\n2 4\n1 5\n", false),
        ] {
            assert_eq!(value_of(tree) != Nimber::ZERO, alice, "{tree:?}");
        }
    }

    /// Textbook values: a stalk of n edges is worth n, a loop 1, a triangle on the ground 1
    /// (three loops after fusion), two parallel edges 0, and a long path and a broad star
    /// of 10^5 edges each are valued without recursion.
    #[test]
    fn stalks_loops_and_cycles_are_worth_the_textbook_values() {
        for n in 1..=20u64 {
            let edges: Vec<[u64; 2]> = (1..=n).map(|u| [u, u + 1]).collect();
            assert_eq!(value_of(&written(n + 1, &edges)), Nimber(n));
        }
        assert_eq!(value_of("1 1\n1 1\n"), Nimber(1));
        assert_eq!(value_of("3 3\n1 2\n2 3\n3 1\n"), Nimber(1));
        assert_eq!(value_of("2 2\n1 2\n2 1\n"), Nimber(0));
        // One edge with a square and its diagonal on top: the five edges fuse into five
        // loops, worth 1, so the whole is a stalk of 1 + 1.
        assert_eq!(value_of("5 6\n1 2\n2 3\n3 4\n4 5\n5 2\n2 4\n"), Nimber(2));
        let n = 100_000u64;
        let mut path = format!("{}\n", n + 1);
        for u in 1..=n {
            path += &format!("{u} {}\n", u + 1);
        }
        assert_eq!(value_of(&path), Nimber(n));
        let mut star = format!("{}\n", n + 1);
        for u in 2..=n + 1 {
            star += &format!("1 {u}\n");
        }
        assert_eq!(value_of(&star), Nimber(0));
    }

    #[test]
    fn bad_positions_are_refused_with_the_line() {
        for (text, says) in [
            (
                "3\n1 2\n2 1\n",
                "h:3: expected a tree: edge 2 joins two vertices already joined (a graph with cycles is written `N M` and its M edges), found '2 1'",
            ),
            (
                "3\n1 2\n",
                "h:3: expected the first vertex of edge 2 (1 to 3), found end of input",
            ),
            (
                "3 1\n1 4\n",
                "h:2: expected the second vertex of edge 1 (1 to 3), found 4",
            ),
            (
                "0\n",
                "h:1: expected the number of vertices (1 to 1000000), found 0",
            ),
        ] {
            let e = Hackenbush.read(&Input::new("h", text)).expect_err(text);
            assert_eq!(e.message, says, "{text:?}");
        }
    }
}
