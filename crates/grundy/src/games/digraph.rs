//! A finite directed graph, each edge a move: the board of the games played by moving
//! tokens along edges ([`crate::games::tokens`]). Its values, cycles and all, are the
//! engine's ([`crate::solve::loopy`]).

/// A finite directed graph: vertices `0..n`, each edge a move. Two graphs are equal when
/// they have the same moves from each vertex, in the same order.
#[derive(Clone, Debug)]
pub struct Digraph {
    /// `succ[succ_at[v]..succ_at[v + 1]]`: the moves from `v`.
    succ_at: Vec<usize>,
    succ: Vec<u32>,
    /// `pred[pred_at[v]..pred_at[v + 1]]`: the vertices with a move to `v`.
    pred_at: Vec<usize>,
    pred: Vec<u32>,
}

/// The most vertices a graph may have.
pub const MAX_VERTICES: usize = 50_000_000;

impl Digraph {
    /// The graph on `n` vertices with these edges (from, to), each end below `n`.
    pub fn new(n: usize, edges: &[(u32, u32)]) -> Result<Digraph, String> {
        if n > MAX_VERTICES {
            return Err(format!(
                "{n} vertices are more than the {MAX_VERTICES} a graph may have"
            ));
        }
        let mut out_degree = vec![0usize; n + 1];
        let mut in_degree = vec![0usize; n + 1];
        for &(u, v) in edges {
            if u as usize >= n || v as usize >= n {
                return Err(format!(
                    "edge {} → {} leaves the {n} vertices",
                    u + 1,
                    v + 1
                ));
            }
            out_degree[u as usize + 1] += 1;
            in_degree[v as usize + 1] += 1;
        }
        for i in 0..n {
            out_degree[i + 1] += out_degree[i];
            in_degree[i + 1] += in_degree[i];
        }
        let (mut succ, mut pred) = (vec![0u32; edges.len()], vec![0u32; edges.len()]);
        let (mut next_out, mut next_in) = (out_degree.clone(), in_degree.clone());
        for &(u, v) in edges {
            succ[next_out[u as usize]] = v;
            next_out[u as usize] += 1;
            pred[next_in[v as usize]] = u;
            next_in[v as usize] += 1;
        }
        Ok(Digraph {
            succ_at: out_degree,
            succ,
            pred_at: in_degree,
            pred,
        })
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.succ_at.len() - 1
    }

    /// `true` for the graph with no vertex.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of moves.
    pub fn edges(&self) -> usize {
        self.succ.len()
    }

    /// The moves from `v`.
    pub fn moves(&self, v: u32) -> &[u32] {
        &self.succ[self.succ_at[v as usize]..self.succ_at[v as usize + 1]]
    }

    pub(crate) fn preds(&self, v: u32) -> &[u32] {
        &self.pred[self.pred_at[v as usize]..self.pred_at[v as usize + 1]]
    }
}

impl PartialEq for Digraph {
    fn eq(&self, other: &Self) -> bool {
        self.succ_at == other.succ_at && self.succ == other.succ
    }
}

impl Eq for Digraph {}

/// By the size only, which equal graphs share: a graph as a game's board is hashed with
/// every position on it.
impl std::hash::Hash for Digraph {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.len(), self.edges()).hash(state);
    }
}

impl PartialOrd for Digraph {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Digraph {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (&self.succ_at, &self.succ).cmp(&(&other.succ_at, &other.succ))
    }
}
