//! Node-Kayles: players take turns choosing a vertex of an undirected graph; the vertex
//! goes, together with every vertex joined to it. Whoever cannot choose a vertex loses.
//!
//! Schaefer showed deciding its winner hard in general ("On the computational complexity
//! of some two-person perfect-information games", J. Comput. System Sci. 16, 1978). On a
//! path of n vertices a move takes one, two or three neighbouring vertices out of the row,
//! from its end or leaving two rows, which is Dawson's Chess (octal 0.137, OEIS A002187;
//! *Winning Ways*, ch. 4). The tests check that, the ladders 2 × n (whose values alternate
//! 1, 0), the 4 × n grids (0) for small n, and a brute force over sets of vertices with no
//! theory in it.
//!
//! A position is a graph as `games::undirected` reads it: a graph file (`n m`, then `m` lines
//! `u v`) or a named family (`grid:3x5`, `petersen`, ...). Unlike Arc-Kayles, a vertex with
//! no edge is a move (worth 1). The rules see the graph as the sum of its connected
//! components, each numbered from 0 in the order of its vertices' numbers. A component that
//! is a whole grid of at most 128 cells, numbered row by row as `grid:RxC` numbers it, is
//! played as cells ([`cells`]): shifts and masks instead of edge lists, and a part keyed by
//! its place up to translation and the grid's symmetries instead of its canonical
//! labelling (the 3 × 20 grid: 4.7 s instead of 199 s).

use crate::drawing::Drawing;
use crate::error::Error;
use crate::game::{Components, Game};
use crate::games::notation::{Labelled, Notation};
use crate::games::undirected::{self, Limits};
use crate::parse::Input;

pub mod cells;
pub mod certificate;

use cells::Cells;

/// The most vertices and edges a position may have.
pub const LIMITS: Limits = Limits {
    vertices: 4096,
    edges: 4096,
};

/// The most work one game object may do, in edges and vertices looked at while listing
/// moves, so that a search too large to finish stops with a line instead of filling the
/// memory (the same bound as Arc-Kayles').
pub const MAX_WORK: u64 = 100_000_000;

/// One connected graph: `order` vertices numbered from 0 in the order of their numbers in
/// the graph it came from, and its edges `[u, v]` with `u < v`, sorted.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edges {
    /// How many vertices.
    pub order: u16,
    /// The edges.
    pub edges: Vec<[u16; 2]>,
}

/// One connected component: a graph given by its edges, or cells of a grid (a component
/// read as a whole grid, and the parts its moves leave), numbered row by row.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Component {
    /// Any graph, keyed by its canonical labelling (boxed, so that cells, the common
    /// entry of a grid's memo, take 32 bytes).
    Edges(Box<Edges>),
    /// Cells of a grid, keyed by their place up to translation and symmetry.
    Cells(Cells),
}

impl Component {
    /// How many vertices.
    pub fn order(&self) -> u16 {
        match self {
            Component::Edges(e) => e.order,
            Component::Cells(c) => c.order(),
        }
    }

    /// The component as a graph given by its edges, vertices numbered as the rules number
    /// them.
    pub fn explicit(&self) -> Edges {
        match self {
            Component::Edges(e) => Edges::clone(e),
            Component::Cells(c) => {
                let (order, edges) = c.edges();
                Edges { order, edges }
            }
        }
    }
}

/// Node-Kayles, with the work its searches have done so far and the most they may do.
#[derive(Clone, Debug)]
pub struct NodeKayles {
    work: std::cell::Cell<u64>,
    limit: u64,
}

impl Default for NodeKayles {
    fn default() -> NodeKayles {
        NodeKayles::with_work_limit(MAX_WORK)
    }
}

impl NodeKayles {
    /// Node-Kayles whose searches stop after `limit` vertices and edges looked at.
    pub fn with_work_limit(limit: u64) -> NodeKayles {
        NodeKayles {
            work: std::cell::Cell::new(0),
            limit,
        }
    }
}

/// The connected components of the vertices `0..n` for which `kept` holds, joined by
/// `edges` (edges with an end not kept are ignored), in the order of their smallest
/// vertex, each renumbered from 0.
pub fn components(n: usize, edges: &[[u32; 2]], kept: impl Fn(u32) -> bool) -> Vec<Edges> {
    let live: Vec<[u32; 2]> = edges
        .iter()
        .filter(|&&[u, v]| kept(u) && kept(v))
        .map(|&[u, v]| [u.min(v), u.max(v)])
        .collect();
    let mut parent = undirected::united(n, &live);
    // Each root is the smallest vertex of its component: vertices in order meet their
    // component's root first, so numbering by first meeting keeps the components in order.
    let mut index_of_root = vec![u32::MAX; n];
    let mut rank = vec![0u16; n];
    let mut found: Vec<Edges> = Vec::new();
    for v in (0..n as u32).filter(|&v| kept(v)) {
        let r = undirected::root(&mut parent, v) as usize;
        if index_of_root[r] == u32::MAX {
            index_of_root[r] = found.len() as u32;
            found.push(Edges {
                order: 0,
                edges: Vec::new(),
            });
        }
        let c = &mut found[index_of_root[r] as usize];
        rank[v as usize] = c.order;
        c.order += 1;
    }
    for &[u, v] in &live {
        let r = undirected::root(&mut parent, u) as usize;
        found[index_of_root[r] as usize]
            .edges
            .push([rank[u as usize], rank[v as usize]]);
    }
    for c in &mut found {
        c.edges.sort_unstable();
    }
    found
}

/// The vertices joined to `v` in `c`, and `v`.
fn closed_neighbourhood(c: &Edges, v: u16) -> Vec<bool> {
    let mut gone = vec![false; usize::from(c.order)];
    gone[usize::from(v)] = true;
    for &[a, b] in &c.edges {
        if a == v {
            gone[usize::from(b)] = true;
        } else if b == v {
            gone[usize::from(a)] = true;
        }
    }
    gone
}

impl Game for NodeKayles {
    type Position = Component;

    fn options(&self, p: &Component, out: &mut Vec<Components<Component>>) {
        let p = match p {
            Component::Cells(c) => {
                // Shifts and masks over at most 128 cells: bounded by the positions the
                // solver may hold, not counted as work.
                for bit in c.row_major() {
                    let left = c.parts(c.after(bit));
                    out.push(left.into_iter().map(Component::Cells).collect());
                }
                return;
            }
            Component::Edges(e) => e,
        };
        let cost = u64::from(p.order) * (u64::from(p.order) + p.edges.len() as u64);
        let work = self.work.get().saturating_add(cost);
        self.work.set(work);
        if work > self.limit {
            return;
        }
        let edges: Vec<[u32; 2]> = p
            .edges
            .iter()
            .map(|&[a, b]| [u32::from(a), u32::from(b)])
            .collect();
        for v in 0..p.order {
            let gone = closed_neighbourhood(p, v);
            let left = components(usize::from(p.order), &edges, |x| !gone[x as usize]);
            out.push(
                left.into_iter()
                    .map(|e| Component::Edges(Box::new(e)))
                    .collect(),
            );
        }
    }

    fn canonical(&self, p: &Component) -> Component {
        match p {
            Component::Cells(c) => Component::Cells(c.canonical()),
            Component::Edges(e) => Component::Edges(Box::new(Edges {
                order: e.order,
                edges: undirected::canonical(e.order, &e.edges),
            })),
        }
    }

    fn difficulty(&self, p: &Component) -> u64 {
        u64::from(p.order())
    }

    fn option_count(&self, p: &Component) -> Option<usize> {
        Some(usize::from(p.order()))
    }

    fn fault(&self) -> Option<String> {
        (self.work.get() > self.limit).then(|| {
            format!(
                "listing moves looked at more than {} vertices and edges, the most one analysis may: this graph is too large to be searched exactly",
                self.limit
            )
        })
    }
}

/// Where each component's vertex 0 is in the whole sum, from 1.
fn offsets(sum: &[Component]) -> Vec<u64> {
    from_one(sum.iter().map(Component::order))
}

/// [`offsets`] of components given by their edges.
fn offsets_of(sum: &[Edges]) -> Vec<u64> {
    from_one(sum.iter().map(|e| e.order))
}

fn from_one(orders: impl Iterator<Item = u16>) -> Vec<u64> {
    orders
        .scan(1u64, |next, order| {
            let at = *next;
            *next += u64::from(order);
            Some(at)
        })
        .collect()
}

impl Notation for NodeKayles {
    fn read(&self, input: &Input) -> Result<Vec<Component>, Error> {
        let graph = undirected::read(input, LIMITS)?;
        Ok(components(graph.vertices as usize, &graph.edges, |_| true)
            .into_iter()
            .map(|e| match Cells::of_grid(e.order, &e.edges) {
                Some(cells) => Component::Cells(cells),
                None => Component::Edges(Box::new(e)),
            })
            .collect())
    }

    fn write(&self, sum: &[Component]) -> String {
        let sum: Vec<Edges> = sum.iter().map(Component::explicit).collect();
        let n: u64 = sum.iter().map(|c| u64::from(c.order)).sum();
        let m: usize = sum.iter().map(|c| c.edges.len()).sum();
        let mut text = format!("{n} {m}\n");
        for (c, offset) in sum.iter().zip(offsets_of(&sum)) {
            for &[u, v] in &c.edges {
                text += &format!("{} {}\n", u64::from(u) + offset, u64::from(v) + offset);
            }
        }
        text
    }

    fn moves(&self, sum: &[Component], i: usize) -> Vec<Labelled<Component>> {
        let offset = offsets(sum)[i];
        let mut options = Vec::new();
        self.options(&sum[i], &mut options);
        let graph = sum[i].explicit();
        options
            .into_iter()
            .enumerate()
            .map(|(v, leaves)| {
                let gone = closed_neighbourhood(&graph, v as u16);
                let neighbours: Vec<String> = (0..gone.len())
                    .filter(|&w| gone[w] && w != v)
                    .map(|w| (w as u64 + offset).to_string())
                    .collect();
                let vertex = v as u64 + offset;
                Labelled {
                    label: if neighbours.is_empty() {
                        format!("take vertex {vertex}")
                    } else {
                        format!("take vertex {vertex} (and {})", neighbours.join(", "))
                    },
                    leaves,
                    cells: None,
                    along: None,
                    vertex: Some(vertex),
                }
            })
            .collect()
    }

    fn certificate(
        &self,
        out: &mut dyn std::io::Write,
        position: &str,
        sum: &[Component],
        value: crate::nimber::Nimber,
        table: &[(&Component, crate::nimber::Nimber)],
    ) -> Option<std::io::Result<()>> {
        Some(certificate::write(out, position, sum, value, table))
    }

    fn key(&self, p: &Component) -> Option<String> {
        Some(certificate::key(p))
    }

    fn parse_key(&self, key: &str) -> Result<Component, String> {
        certificate::read_key(key)
    }

    /// A memo entry is 40 bytes; the table doubles at seven eighths full and holds the
    /// old one while it moves, so an entry may cost three times its size.
    fn bytes_per_position(&self) -> u64 {
        128
    }

    fn draw(&self, sum: &[Component]) -> Option<Drawing> {
        let sum: Vec<Edges> = sum.iter().map(Component::explicit).collect();
        let mut edges = Vec::new();
        for (c, offset) in sum.iter().zip(offsets_of(&sum)) {
            edges.extend(
                c.edges
                    .iter()
                    .map(|&[u, v]| [u64::from(u) + offset, u64::from(v) + offset]),
            );
        }
        let drawing = Drawing::Graph {
            vertices: sum.iter().map(|c| u64::from(c.order)).sum(),
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

    fn written(n: u64, edges: &[[u64; 2]]) -> String {
        let mut text = format!("{n} {}\n", edges.len());
        for [u, v] in edges {
            text += &format!("{u} {v}\n");
        }
        text
    }

    /// The Grundy value of the whole graph by brute force over sets of vertices left,
    /// nothing split, nothing renumbered: a move takes a vertex left and its neighbours.
    fn brute(n: u64, edges: &[[u64; 2]]) -> Nimber {
        let mut around = vec![0u32; n as usize];
        for (v, mask) in around.iter_mut().enumerate() {
            *mask = 1 << v;
        }
        for &[u, v] in edges {
            around[u as usize - 1] |= 1 << (v - 1);
            around[v as usize - 1] |= 1 << (u - 1);
        }
        fn value(around: &[u32], left: u32, memo: &mut HashMap<u32, u64>) -> u64 {
            if let Some(&g) = memo.get(&left) {
                return g;
            }
            let seen: Vec<u64> = (0..around.len())
                .filter(|&v| left & (1 << v) != 0)
                .map(|v| value(around, left & !around[v], memo))
                .collect();
            let mex = (0..).find(|g| !seen.contains(g)).unwrap_or(0);
            memo.insert(left, mex);
            mex
        }
        Nimber(value(&around, (1u32 << n) - 1, &mut HashMap::new()))
    }

    fn graphs() -> impl Strategy<Value = (u64, Vec<[u64; 2]>)> {
        (1u64..=10).prop_flat_map(|n| {
            let pairs: Vec<[u64; 2]> = (1..=n)
                .flat_map(|u| (u + 1..=n).map(move |v| [u, v]))
                .collect();
            let most = pairs.len().min(16);
            (Just(n), proptest::sample::subsequence(pairs, 0..=most)).prop_map(|(n, mut edges)| {
                for (i, e) in edges.iter_mut().enumerate() {
                    if i % 3 == 1 {
                        e.swap(0, 1);
                    }
                }
                (n, edges)
            })
        })
    }

    fn value_of(text: &str) -> Nimber {
        let game = NodeKayles::default();
        let sum = game.read(&Input::new("g", text)).expect("a graph");
        Solver::new(NodeKayles::default())
            .sum_grundy(&sum)
            .expect("solved")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The memo solver on the sum of components gives the brute force's value.
        #[test]
        fn the_sum_of_components_is_worth_the_whole_graph((n, edges) in graphs()) {
            prop_assert_eq!(value_of(&written(n, &edges)), brute(n, &edges));
        }

        /// What `write` gives is read back to the same sum, and each move leaves the
        /// components of the graph without the vertex and its neighbours.
        #[test]
        fn a_written_sum_reads_back_and_moves_leave_what_the_rules_do((n, edges) in graphs()) {
            let game = NodeKayles::default();
            let sum = game.read(&Input::new("g", written(n, &edges))).expect("a graph");
            let again = game.read(&Input::new("w", game.write(&sum))).expect("written");
            prop_assert_eq!(&again, &sum);
            let listed: usize = (0..sum.len()).map(|i| game.moves(&sum, i).len()).sum();
            prop_assert_eq!(listed as u64, n);
        }
    }

    /// Cells of a strip up to 4 rows high and 20 cells, as a position: what the solver
    /// gives them, what it gives the same graph by its edges (valued by its canonical
    /// labelling), and the brute force over the graph, all agree.
    #[test]
    fn cells_are_worth_what_their_graph_is() {
        proptest!(ProptestConfig::with_cases(300), |(rows in 1u8..=4, bits in any::<u32>())| {
            let columns = 20 / u32::from(rows);
            let bits = u128::from(bits) & ((1u128 << (columns * u32::from(rows))) - 1);
            let cells = Cells::new(rows, bits);
            let parts: Vec<Component> =
                cells.parts(bits).into_iter().map(Component::Cells).collect();
            let graph = cells.edges();
            let edges: Vec<[u64; 2]> = graph
                .1
                .iter()
                .map(|&[u, v]| [u64::from(u) + 1, u64::from(v) + 1])
                .collect();
            let by_cells = Solver::new(NodeKayles::default()).sum_grundy(&parts).expect("solved");
            prop_assert_eq!(by_cells, value_of(&written(u64::from(graph.0), &edges)));
            prop_assert_eq!(by_cells, brute(u64::from(graph.0), &edges));
            // The sum written and read back lists the same moves, labelled alike.
            let game = NodeKayles::default();
            let again = game.read(&Input::new("w", game.write(&parts))).expect("written");
            let labels = |sum: &[Component]| -> Vec<String> {
                (0..sum.len())
                    .flat_map(|i| game.moves(sum, i).into_iter().map(|m| m.label))
                    .collect()
            };
            prop_assert_eq!(labels(&parts), labels(&again));
        });
    }

    /// On a path of n vertices Node-Kayles is Dawson's Chess (octal 0.137) on a heap of n,
    /// as grundy's octal engine gives it.
    #[test]
    fn a_path_is_dawsons_chess() {
        let family = crate::catalogue::family("octal:0.137").expect("a family");
        for n in 0..=40u64 {
            let heap = family.analyze_heaps(&[n]).expect("a heap").grundy;
            assert_eq!(value_of(&format!("path:{n}")), heap, "P{n}");
        }
    }

    /// The ladders 2 × n alternate 1, 0 and the 4 × n grids are 0.
    #[test]
    fn ladders_alternate_and_four_row_grids_are_zero() {
        for n in 1..=40u64 {
            let want = Nimber(n % 2);
            assert_eq!(value_of(&format!("grid:2x{n}")), want, "2×{n}");
        }
        for n in 1..=10u64 {
            assert_eq!(value_of(&format!("grid:4x{n}")), Nimber(0), "4×{n}");
        }
    }

    /// The published rows of `tests/data/node-kayles.txt` with the key `key`.
    fn published(key: &str) -> Vec<u64> {
        let data = include_str!("../../../tests/data/node-kayles.txt");
        let line = data
            .lines()
            .find_map(|l| l.strip_prefix(key)?.strip_prefix(':'))
            .expect("a row");
        line.split(',')
            .map(|t| t.trim().parse().expect("a value"))
            .collect()
    }

    /// The 3 × n grids against all 16 terms of OEIS A316632, played as cells, and the
    /// first 10 numbered column by column with each column's rows turned round (a
    /// numbering no grid has), so that they are played by their edges.
    #[test]
    fn three_row_grids_are_worth_the_published_values() {
        let want = published("grid-3xn");
        assert_eq!(want.len(), 16);
        let mut solver = Solver::new(NodeKayles::default());
        for (n, &g) in want.iter().enumerate() {
            let sum = NodeKayles::default()
                .read(&Input::new("g", format!("grid:3x{}", n + 1)))
                .expect("a grid");
            assert!(matches!(sum[0], Component::Cells(_)));
            assert_eq!(
                solver.sum_grundy(&sum).expect("solved"),
                Nimber(g),
                "3×{}",
                n + 1
            );
        }
        for (n, &g) in want.iter().enumerate().take(10) {
            let columns = n as u64 + 1;
            let at = |r: u64, c: u64| c * 3 + (r + 1) % 3 + 1;
            let mut edges = Vec::new();
            for r in 0..3 {
                for c in 0..columns {
                    if c + 1 < columns {
                        edges.push([at(r, c), at(r, c + 1)]);
                    }
                    if r + 1 < 3 {
                        edges.push([at(r, c), at(r + 1, c)]);
                    }
                }
            }
            let text = written(3 * columns, &edges);
            let sum = NodeKayles::default()
                .read(&Input::new("g", text))
                .expect("a graph");
            if columns > 1 {
                assert!(matches!(sum[0], Component::Edges(_)), "3×{columns}");
            }
            assert_eq!(
                solver.sum_grundy(&sum).expect("solved"),
                Nimber(g),
                "3×{columns} by its edges"
            );
        }
    }

    /// The scalloped paths of OEIS A317367 (vertices 1 or 3 apart joined), n = 4 to 108.
    #[test]
    fn scalloped_paths_are_worth_the_published_values() {
        let want = published("scalloped-from-4");
        assert_eq!(want.len(), 105);
        let mut solver = Solver::new(NodeKayles::default());
        for (i, &g) in want.iter().enumerate() {
            let n = i as u64 + 4;
            let edges: Vec<[u64; 2]> = (1..=n)
                .flat_map(|u| [[u, u + 1], [u, u + 3]])
                .filter(|e| e[1] <= n)
                .collect();
            let sum = NodeKayles::default()
                .read(&Input::new("g", written(n, &edges)))
                .expect("a graph");
            assert_eq!(
                solver.sum_grundy(&sum).expect("solved"),
                Nimber(g),
                "P{n}(3)"
            );
        }
    }

    /// A component met again under another numbering is not valued again: the solver
    /// stores nothing new for a relabelled copy of a graph it has solved (a 3 × 5 grid
    /// with one diagonal more, so that it is no grid of cells).
    #[test]
    fn a_relabelled_component_is_valued_once() {
        let game = NodeKayles::default();
        let numbered = |at: &dyn Fn(u64, u64) -> u64| {
            let mut edges = vec![[at(0, 0), at(1, 1)]];
            for r in 0..3 {
                for c in 0..5 {
                    if c + 1 < 5 {
                        edges.push([at(r, c), at(r, c + 1)]);
                    }
                    if r + 1 < 3 {
                        edges.push([at(r, c), at(r + 1, c)]);
                    }
                }
            }
            game.read(&Input::new("g", written(15, &edges)))
                .expect("a graph")
        };
        let grid = numbered(&|r, c| r * 5 + c + 1);
        // The same graph numbered column by column, and turned end for end.
        let turned = numbered(&|r, c| (4 - c) * 3 + r + 1);
        assert!(matches!(grid[0], Component::Edges(_)));
        assert_ne!(grid, turned);
        let mut solver = Solver::new(NodeKayles::default());
        let g = solver.sum_grundy(&grid).expect("solved");
        let stored = solver.stats().evaluated;
        assert_eq!(solver.sum_grundy(&turned).expect("solved"), g);
        assert_eq!(solver.stats().evaluated, stored);
    }

    /// Small named graphs against the brute force: their rules, not the families' text.
    #[test]
    fn named_graphs_are_worth_what_the_brute_force_gives() {
        for name in [
            "cycle:7",
            "complete:6",
            "star:5",
            "petersen",
            "hypercube:3",
            "grid:3x4",
        ] {
            let g = undirected::family(name, LIMITS).expect(name);
            let edges: Vec<[u64; 2]> = g
                .edges
                .iter()
                .map(|&[u, v]| [u64::from(u) + 1, u64::from(v) + 1])
                .collect();
            assert_eq!(value_of(name), brute(g.vertices, &edges), "{name}");
        }
    }

    /// A memo entry of a grid's search (the part and its value) takes 40 bytes.
    #[test]
    fn a_part_of_a_grid_is_small() {
        assert_eq!(std::mem::size_of::<Component>(), 32);
    }

    #[test]
    fn a_lone_vertex_is_a_move_and_labels_name_what_goes() {
        let game = NodeKayles::default();
        let sum = game
            .read(&Input::new("g", "4 2\n1 2\n2 3\n"))
            .expect("a graph");
        assert_eq!(sum.len(), 2);
        assert_eq!(sum[1].order(), 1);
        let labels: Vec<String> = game.moves(&sum, 0).into_iter().map(|m| m.label).collect();
        assert_eq!(
            labels,
            [
                "take vertex 1 (and 2)",
                "take vertex 2 (and 1, 3)",
                "take vertex 3 (and 2)"
            ]
        );
        assert_eq!(game.moves(&sum, 1)[0].label, "take vertex 4");
        assert_eq!(value_of("4 2\n1 2\n2 3\n"), Nimber(3));
    }

    #[test]
    fn a_graph_too_large_to_search_is_refused_at_the_work_bound() {
        let game = NodeKayles::with_work_limit(100_000);
        let sum = game.read(&Input::new("g", "hypercube:6")).expect("a cube");
        let e = Solver::new(&game).sum_grundy(&sum).expect_err("refused");
        assert!(
            e.to_string().contains("too large to be searched exactly"),
            "{e}"
        );
    }
}
