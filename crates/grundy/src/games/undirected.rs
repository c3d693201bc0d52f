//! Undirected graphs as the games played on them write a position: a graph file (`n m`,
//! then `m` lines `u v`, an edge between vertices `u` and `v`, numbered from 1) or one of
//! the named families a textbook draws (`path:N`, `cycle:N`, `grid:RxC`, `complete:N`,
//! `petersen`, `star:N`, `hypercube:D`). Arc-Kayles and Node-Kayles read their positions
//! here; each game keeps its own rules and the limits its search can bear.
//!
//! The families, vertices numbered from 1: `path:N` joins i to i + 1; `cycle:N` (N ≥ 3)
//! closes the path with N–1; `grid:RxC` numbers the cell in row r and column c (from 0) as
//! r·C + c + 1 and joins it to its right and lower neighbours; `complete:N` joins every
//! two; `petersen` is the outer cycle 1–2–3–4–5, the spokes i–(i + 5) and the inner
//! pentagram 6–8–10–7–9–6; `star:N` is a centre (vertex 1) joined to N leaves; `hypercube:D`
//! joins the 2^D vertices whose numbers, less one, differ in one bit.

use canonical_form::Canonize;

use crate::error::Error;
use crate::parse::{Found, Input, Tokens};

/// A graph: `vertices` vertices numbered from 0 and its edges, each as first given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// How many vertices.
    pub vertices: u64,
    /// The edges, vertices from 0, in the order read.
    pub edges: Vec<[u32; 2]>,
}

/// The most vertices and edges a game takes in one position.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most vertices.
    pub vertices: u64,
    /// The most edges.
    pub edges: u64,
}

/// The named families, as messages list them.
pub const FAMILIES: &str = "path:N, cycle:N, grid:RxC, complete:N, petersen, star:N, hypercube:D";

/// The graph `input` holds: a named family on its own, or a graph file.
pub fn read(input: &Input, limits: Limits) -> Result<Graph, Error> {
    let mut t = Tokens::new(&input.bytes);
    let first = t.clone().next_token();
    if let Some(token) = first
        && token.text.first().is_some_and(u8::is_ascii_alphabetic)
    {
        let name = String::from_utf8_lossy(token.text).into_owned();
        t.next_token();
        let graph = family(&name, limits)
            .map_err(|expected| input.error(t.error(expected, Found::Token(name.clone()))))?;
        t.end().map_err(|e| input.error(e))?;
        return Ok(graph);
    }
    read_file(input, &mut t, limits)
}

/// `n m` and the `m` edges, each between two different vertices and given once.
fn read_file(input: &Input, t: &mut Tokens, limits: Limits) -> Result<Graph, Error> {
    let wrong = |e| input.error(e);
    let n = t
        .u64_in("the number of vertices", 0, limits.vertices)
        .map_err(wrong)?;
    let m = t
        .u64_in("the number of edges", 0, limits.edges)
        .map_err(wrong)?;
    let mut edges = Vec::with_capacity(m as usize);
    let mut seen = std::collections::HashSet::with_capacity(m as usize);
    for k in 1..=m {
        let u = t
            .u64_named(|| format!("the first vertex of edge {k}"), 1, n)
            .map_err(wrong)?;
        let v = t
            .u64_named(|| format!("the second vertex of edge {k}"), 1, n)
            .map_err(wrong)?;
        let found = || Found::Token(format!("{u} {v}"));
        if u == v {
            return Err(wrong(t.error(
                format!("edge {k} between two different vertices"),
                found(),
            )));
        }
        if !seen.insert((u.min(v), u.max(v))) {
            return Err(wrong(
                t.error(format!("edge {k} not given before"), found()),
            ));
        }
        edges.push([u as u32 - 1, v as u32 - 1]);
    }
    t.end().map_err(wrong)?;
    Ok(Graph { vertices: n, edges })
}

/// A named family and its parameters.
#[derive(Clone, Copy)]
enum Named {
    Path(u64),
    Cycle(u64),
    Complete(u64),
    Star(u64),
    Grid(u64, u64),
    Hypercube(u64),
    Petersen,
}

impl Named {
    /// The family `name` stands for; `Err` is what was expected instead.
    fn parse(name: &str) -> Result<Named, String> {
        let (kind, arg) = name.split_once(':').unwrap_or((name, ""));
        let number = |what: &str, text: &str, lo: u64| -> Result<u64, String> {
            text.parse::<u64>()
                .ok()
                .filter(|&v| v >= lo)
                .ok_or_else(|| format!("{what} as a whole number from {lo} in {kind}:{arg}"))
        };
        Ok(match kind {
            "path" => Named::Path(number("the number of vertices", arg, 0)?),
            "cycle" => Named::Cycle(number("the number of vertices", arg, 3)?),
            "complete" => Named::Complete(number("the number of vertices", arg, 0)?),
            "star" => Named::Star(number("the number of leaves", arg, 0)?),
            "grid" => {
                let (r, c) = arg.split_once(['x', 'X', '×']).ok_or_else(|| {
                    format!("grid:RxC, rows and columns, like grid:3x5 (in grid:{arg})")
                })?;
                Named::Grid(
                    number("the number of rows", r, 1)?,
                    number("the number of columns", c, 1)?,
                )
            }
            "hypercube" => Named::Hypercube(number("the dimension", arg, 0)?),
            "petersen" if !name.contains(':') => Named::Petersen,
            _ => {
                return Err(format!(
                    "a graph (`n m` and its edges) or one of {FAMILIES}"
                ));
            }
        })
    }

    /// How many vertices and edges, in u128 so that no size wraps (`u128::MAX` past it).
    fn size(self) -> (u128, u128) {
        match self {
            Named::Path(n) => (n.into(), u128::from(n.saturating_sub(1))),
            Named::Cycle(n) => (n.into(), n.into()),
            Named::Complete(n) => (
                n.into(),
                u128::from(n) * u128::from(n.saturating_sub(1)) / 2,
            ),
            Named::Star(n) => (u128::from(n) + 1, n.into()),
            Named::Grid(r, c) => {
                let (r, c) = (u128::from(r), u128::from(c));
                (r * c, r * (c - 1) + c * (r - 1))
            }
            Named::Hypercube(d) if d <= 64 => {
                let n = 1u128 << d;
                (n, n * u128::from(d) / 2)
            }
            Named::Hypercube(_) => (u128::MAX, u128::MAX),
            Named::Petersen => (10, 15),
        }
    }

    /// The edges, once the size is known to fit in u32 vertices.
    fn edges(self, n: u32) -> Vec<[u32; 2]> {
        match self {
            Named::Path(_) => (1..n).map(|v| [v - 1, v]).collect(),
            Named::Cycle(_) => (1..n).map(|v| [v - 1, v]).chain([[0, n - 1]]).collect(),
            Named::Complete(_) => (0..n)
                .flat_map(|u| (u + 1..n).map(move |v| [u, v]))
                .collect(),
            Named::Star(_) => (1..n).map(|v| [0, v]).collect(),
            Named::Grid(r, c) => {
                let (r, c) = (r as u32, c as u32);
                let mut list = Vec::new();
                for row in 0..r {
                    for col in 0..c {
                        let v = row * c + col;
                        if col + 1 < c {
                            list.push([v, v + 1]);
                        }
                        if row + 1 < r {
                            list.push([v, v + c]);
                        }
                    }
                }
                list
            }
            Named::Hypercube(d) => (0..n)
                .flat_map(|u| (0..d).map(move |bit| [u, u ^ (1 << bit)]))
                .filter(|&[u, v]| u < v)
                .collect(),
            Named::Petersen => (0..5)
                .flat_map(|i| [[i, (i + 1) % 5], [i, i + 5], [5 + i, 5 + (i + 2) % 5]])
                .collect(),
        }
    }
}

/// The graph a family's name stands for, its size checked against `limits` before a
/// vertex is made; `Err` is what was expected instead.
pub fn family(name: &str, limits: Limits) -> Result<Graph, String> {
    let named = Named::parse(name)?;
    let (vertices, edges) = named.size();
    if vertices > u128::from(limits.vertices) || edges > u128::from(limits.edges) {
        return Err(format!(
            "a graph of at most {} vertices and {} edges (this one has {} and {})",
            limits.vertices,
            limits.edges,
            shown(vertices),
            shown(edges)
        ));
    }
    // Within the limits, which are far below 2^32.
    let n = vertices as u32;
    let list = named.edges(n);
    debug_assert_eq!(list.len() as u128, edges);
    Ok(Graph {
        vertices: u64::from(n),
        edges: list,
    })
}

/// Union-find over vertices `0..n`: the parent of each vertex once every edge has joined
/// its ends, each set's root its smallest vertex (read with [`root`]).
pub(crate) fn united(n: usize, edges: &[[u32; 2]]) -> Vec<u32> {
    let mut parent: Vec<u32> = (0..n as u32).collect();
    for &[u, v] in edges {
        let (a, b) = (root(&mut parent, u), root(&mut parent, v));
        if a != b {
            parent[a.max(b) as usize] = a.min(b);
        }
    }
    parent
}

/// The root of `x`'s set in `parent` (made by [`united`]), halving the path on the way.
pub(crate) fn root(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let up = parent[parent[x as usize] as usize];
        parent[x as usize] = up;
        x = up;
    }
    x
}

/// A graph on the vertices `0..n` as a canonical labelling sees it: its edges `[u, v]`,
/// `u < v`, sorted, which alone say which graph it is (and order it), and the neighbours
/// of each vertex, kept only on the graph first given, where the labelling asks for them.
#[derive(Clone)]
struct Labelled {
    order: usize,
    edges: Vec<[u16; 2]>,
    near: Vec<Vec<usize>>,
}

impl PartialEq for Labelled {
    fn eq(&self, other: &Labelled) -> bool {
        self.edges == other.edges
    }
}

impl Eq for Labelled {}

impl PartialOrd for Labelled {
    fn partial_cmp(&self, other: &Labelled) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Labelled {
    fn cmp(&self, other: &Labelled) -> std::cmp::Ordering {
        self.edges.cmp(&other.edges)
    }
}

impl Canonize for Labelled {
    fn size(&self) -> usize {
        self.order
    }

    fn apply_morphism(&self, p: &[usize]) -> Labelled {
        let mut edges: Vec<[u16; 2]> = self
            .edges
            .iter()
            .map(|&[u, v]| {
                let (a, b) = (p[usize::from(u)] as u16, p[usize::from(v)] as u16);
                [a.min(b), a.max(b)]
            })
            .collect();
        edges.sort_unstable();
        Labelled {
            order: self.order,
            edges,
            near: Vec::new(),
        }
    }

    fn invariant_coloring(&self) -> Option<Vec<u64>> {
        Some(self.near.iter().map(|near| near.len() as u64).collect())
    }

    fn invariant_neighborhood(&self, u: usize) -> Vec<Vec<usize>> {
        vec![self.near[u].clone()]
    }
}

/// The edges of the graph on `order` vertices with `edges` (each `[u, v]` with `u < v`),
/// relabelled so that two graphs have the same result exactly when they are isomorphic:
/// each `[u, v]` with `u < v`, sorted. By individualisation and refinement (McKay's
/// method, as the `canonical-form` crate implements it), so a component met again under
/// another numbering, or a mirror image of one met before, is valued once.
pub fn canonical(order: u16, edges: &[[u16; 2]]) -> Vec<[u16; 2]> {
    if order <= 2 {
        return edges.to_vec();
    }
    let mut near = vec![Vec::new(); usize::from(order)];
    for &[u, v] in edges {
        near[usize::from(u)].push(usize::from(v));
        near[usize::from(v)].push(usize::from(u));
    }
    Labelled {
        order: usize::from(order),
        edges: edges.to_vec(),
        near,
    }
    .canonical()
    .edges
}

/// A size for a message: the number, or "more than 2^64".
fn shown(v: u128) -> String {
    u64::try_from(v).map_or_else(|_| "more than 2^64".into(), |v| v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOMY: Limits = Limits {
        vertices: 8192,
        edges: 8192,
    };

    fn degrees(g: &Graph) -> Vec<usize> {
        let mut d = vec![0; g.vertices as usize];
        for &[u, v] in &g.edges {
            d[u as usize] += 1;
            d[v as usize] += 1;
        }
        d
    }

    /// Each family has the vertices, edges and degrees its definition gives, with no edge
    /// twice and none from a vertex to itself.
    #[test]
    fn the_families_are_the_graphs_they_name() {
        for (name, n, m, degree) in [
            ("path:5", 5, 4, vec![1, 2, 2, 2, 1]),
            ("path:0", 0, 0, vec![]),
            ("cycle:4", 4, 4, vec![2; 4]),
            ("complete:5", 5, 10, vec![4; 5]),
            ("star:3", 4, 3, vec![3, 1, 1, 1]),
            ("grid:2x3", 6, 7, vec![2, 3, 2, 2, 3, 2]),
            ("grid:3X1", 3, 2, vec![1, 2, 1]),
            ("hypercube:3", 8, 12, vec![3; 8]),
            ("petersen", 10, 15, vec![3; 10]),
        ] {
            let g = family(name, ROOMY).expect(name);
            assert_eq!((g.vertices, g.edges.len()), (n, m), "{name}");
            assert_eq!(degrees(&g), degree, "{name}");
            let mut pairs: Vec<[u32; 2]> =
                g.edges.iter().map(|&[u, v]| [u.min(v), u.max(v)]).collect();
            pairs.sort_unstable();
            pairs.dedup();
            assert_eq!(pairs.len(), m, "{name}: an edge twice");
            assert!(
                g.edges
                    .iter()
                    .all(|&[u, v]| u != v && u64::from(u.max(v)) < n)
            );
        }
        // The Petersen graph has girth 5: no vertex's neighbours are joined.
        let p = family("petersen", ROOMY).unwrap();
        let joined = |a: u32, b: u32| p.edges.iter().any(|e| *e == [a, b] || *e == [b, a]);
        for v in 0..10 {
            let around: Vec<u32> = (0..10).filter(|&w| joined(v, w)).collect();
            for (i, &a) in around.iter().enumerate() {
                assert!(around[i + 1..].iter().all(|&b| !joined(a, b)), "{v}");
            }
        }
    }

    #[test]
    fn a_graph_is_read_from_a_family_or_a_file_and_bad_ones_are_refused() {
        let limits = Limits {
            vertices: 100,
            edges: 50,
        };
        let read_text = |text: &str| read(&Input::new("g", text), limits);
        assert_eq!(
            read_text(" grid:2x2\n").unwrap(),
            family("grid:2x2", ROOMY).unwrap()
        );
        assert_eq!(
            read_text("3 2\n1 2\n3 2\n").unwrap(),
            Graph {
                vertices: 3,
                edges: vec![[0, 1], [2, 1]]
            }
        );
        for (text, says) in [
            (
                "grid:20x20",
                "g:1: expected a graph of at most 100 vertices and 50 edges (this one has 400 and 760), found 'grid:20x20'",
            ),
            (
                "hypercube:70",
                "g:1: expected a graph of at most 100 vertices and 50 edges (this one has more than 2^64 and more than 2^64), found 'hypercube:70'",
            ),
            (
                "cycle:2",
                "g:1: expected the number of vertices as a whole number from 3 in cycle:2, found 'cycle:2'",
            ),
            (
                "grid:3",
                "g:1: expected grid:RxC, rows and columns, like grid:3x5 (in grid:3), found 'grid:3'",
            ),
            (
                "wheel:5",
                "g:1: expected a graph (`n m` and its edges) or one of path:N, cycle:N, grid:RxC, complete:N, petersen, star:N, hypercube:D, found 'wheel:5'",
            ),
            (
                "petersen:3",
                "g:1: expected a graph (`n m` and its edges) or one of path:N, cycle:N, grid:RxC, complete:N, petersen, star:N, hypercube:D, found 'petersen:3'",
            ),
            (
                "path:4\npath:5",
                "g:2: expected end of input, found 'path:5'",
            ),
            (
                "3 2\n1 2\n2 2\n",
                "g:3: expected edge 2 between two different vertices, found '2 2'",
            ),
        ] {
            let e = read_text(text).expect_err(text);
            assert_eq!(e.message, says, "{text:?}");
        }
    }

    /// Whether some numbering of the vertices turns one edge set into the other, by trying
    /// every permutation: no refinement, no theory.
    fn isomorphic(n: u16, a: &[[u16; 2]], b: &[[u16; 2]]) -> bool {
        fn sorted(edges: impl Iterator<Item = [u16; 2]>) -> Vec<[u16; 2]> {
            let mut e: Vec<[u16; 2]> = edges.map(|[u, v]| [u.min(v), u.max(v)]).collect();
            e.sort_unstable();
            e
        }
        fn each(p: &mut Vec<u16>, k: usize, visit: &mut dyn FnMut(&[u16]) -> bool) -> bool {
            if k == p.len() {
                return visit(p);
            }
            for i in k..p.len() {
                p.swap(k, i);
                if each(p, k + 1, visit) {
                    return true;
                }
                p.swap(k, i);
            }
            false
        }
        let target = sorted(b.iter().copied());
        let mut p: Vec<u16> = (0..n).collect();
        a.len() == b.len()
            && each(&mut p, 0, &mut |p| {
                sorted(
                    a.iter()
                        .map(|&[u, v]| [p[usize::from(u)], p[usize::from(v)]]),
                ) == target
            })
    }

    fn small_graphs() -> impl proptest::strategy::Strategy<Value = (u16, Vec<[u16; 2]>)> {
        use proptest::prelude::*;
        (1u16..=7).prop_flat_map(|n| {
            let pairs: Vec<[u16; 2]> = (0..n)
                .flat_map(|u| (u + 1..n).map(move |v| [u, v]))
                .collect();
            let count = pairs.len();
            (
                Just(n),
                proptest::collection::vec(any::<bool>(), count).prop_map(move |keep| {
                    pairs
                        .iter()
                        .zip(keep)
                        .filter(|&(_, k)| k)
                        .map(|(&e, _)| e)
                        .collect::<Vec<_>>()
                }),
            )
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// The canonical form is a relabelling of the graph, and two graphs share it
        /// exactly when a brute force over every permutation finds them isomorphic.
        #[test]
        fn the_canonical_form_names_the_isomorphism_class(
            (n, a) in small_graphs(),
            b in proptest::collection::vec(proptest::prelude::any::<bool>(), 21),
            shuffle in proptest::prelude::any::<u64>(),
        ) {
            let pairs: Vec<[u16; 2]> = (0..n)
                .flat_map(|u| (u + 1..n).map(move |v| [u, v]))
                .collect();
            let b: Vec<[u16; 2]> = pairs.iter().zip(&b).filter(|&(_, &k)| k).map(|(&e, _)| e).collect();
            let ca = canonical(n, &a);
            proptest::prop_assert!(isomorphic(n, &a, &ca));
            proptest::prop_assert!(ca.windows(2).all(|w| w[0] < w[1]) && ca.iter().all(|e| e[0] < e[1]));
            // The same graph under a random numbering has the same form.
            let mut p: Vec<u16> = (0..n).collect();
            let mut x = shuffle;
            for i in (1..p.len()).rev() {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                p.swap(i, (x >> 33) as usize % (i + 1));
            }
            let mut moved: Vec<[u16; 2]> = a
                .iter()
                .map(|&[u, v]| {
                    let (u, v) = (p[usize::from(u)], p[usize::from(v)]);
                    [u.min(v), u.max(v)]
                })
                .collect();
            moved.sort_unstable();
            proptest::prop_assert_eq!(canonical(n, &moved), ca.clone());
            proptest::prop_assert_eq!(canonical(n, &b) == ca, isomorphic(n, &a, &b));
        }
    }

    /// Families with many symmetries come out in one form whatever their numbering.
    #[test]
    fn symmetric_graphs_are_labelled_quickly_and_alike() {
        for name in [
            "petersen",
            "hypercube:5",
            "complete:12",
            "grid:6x6",
            "cycle:40",
        ] {
            let g = family(name, ROOMY).unwrap();
            let n = g.vertices as u16;
            let mut edges: Vec<[u16; 2]> = g
                .edges
                .iter()
                .map(|&[u, v]| [u.min(v) as u16, u.max(v) as u16])
                .collect();
            edges.sort_unstable();
            let reversed: Vec<[u16; 2]> = {
                let mut r: Vec<[u16; 2]> =
                    edges.iter().map(|&[u, v]| [n - 1 - v, n - 1 - u]).collect();
                r.sort_unstable();
                r
            };
            assert_eq!(canonical(n, &edges), canonical(n, &reversed), "{name}");
            assert_eq!(canonical(n, &edges).len(), edges.len(), "{name}");
        }
    }
}
