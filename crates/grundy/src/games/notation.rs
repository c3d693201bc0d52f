//! How a game's positions are written: the half of a game that is not its rules.
//!
//! A game that implements [`Notation`] beside [`Game`] is a whole game to every front end:
//! the catalogue wraps it (`catalogue::Notated`) and the analysis written once over this
//! trait gives its value, winner, winning moves, the full move list, misère play,
//! remoteness and the page's drawing. A position is a sum of components, as the rules
//! see it; the notation reads the text a user writes into that sum and writes a sum back
//! in the same form, so `read(write(s)) == s` for every sum `s` it reads.
//!
//! ```
//! use grundy::games::notation::Notation;
//! use grundy::games::arc_kayles::ArcKayles;
//! use grundy::parse::Input;
//!
//! // A path of four vertices: three edges.
//! let sum = ArcKayles::default().read(&Input::new("<example>", "4 3\n1 2\n2 3\n3 4\n"))?;
//! assert_eq!(ArcKayles::default().write(&sum), "4 3\n1 2\n2 3\n3 4\n");
//! # Ok::<(), grundy::report::Error>(())
//! ```

use crate::drawing::Drawing;
use crate::error::Error;
use crate::game::{Components, Game};
use crate::parse::Input;

/// One move of one component, as a person reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labelled<P> {
    /// The move in words, in the numbering of the whole sum as written.
    pub label: String,
    /// What the move leaves in place of its component.
    pub leaves: Components<P>,
    /// Where the move is on the drawing (row and column from 1), when it is on cells.
    pub cells: Option<Vec<[u64; 2]>>,
    /// The edge the move is along, when the drawing is a graph (vertices from 1).
    pub along: Option<[u64; 2]>,
    /// The vertex the move takes, when the drawing is a graph (from 1).
    pub vertex: Option<u64>,
}

/// How the positions of a game are read, written, labelled and drawn.
pub trait Notation: Game<Position: Ord + std::fmt::Debug> {
    /// The sum a text stands for, refused with the input's name, the line and what was
    /// expected. Components with no move may be dropped.
    fn read(&self, input: &Input) -> Result<Vec<Self::Position>, Error>;

    /// `sum` written as [`read`](Notation::read) reads it.
    fn write(&self, sum: &[Self::Position]) -> String;

    /// Every move of component `i` of `sum`, labelled in the numbering `write(sum)` uses.
    /// Default: the rules' options, each labelled by what it leaves.
    fn moves(&self, sum: &[Self::Position], i: usize) -> Vec<Labelled<Self::Position>> {
        let mut options = Vec::new();
        self.options(&sum[i], &mut options);
        options
            .into_iter()
            .map(|leaves| Labelled {
                label: format!(
                    "part {}: leave {}",
                    i + 1,
                    self.write(&leaves).trim_end().replace('\n', " ")
                ),
                leaves,
                cells: None,
                along: None,
                vertex: None,
            })
            .collect()
    }

    /// The moves of component `i` of `sum` after which it is worth `target`, where the
    /// rules find them without valuing every move (a tree's winning cuts in one pass);
    /// `None` where they do not. A position whose whole move list would not fit is then
    /// answered with its winning moves alone. Default: `None`.
    fn moves_to(
        &self,
        _sum: &[Self::Position],
        _i: usize,
        _target: crate::nimber::Nimber,
    ) -> Option<Vec<Labelled<Self::Position>>> {
        None
    }

    /// The position numbered `n` on the game's line (a row whose one head is coin `n`),
    /// for `sequence` and `explore --upto`; `None` where the game has no such line, and an
    /// error naming the limit where `n` is past what a position holds. Default: `None`.
    fn numbered(&self, _n: u64) -> Option<Result<Self::Position, String>> {
        None
    }

    /// The sum drawn for a page; `None` where the position's text says it all.
    fn draw(&self, _sum: &[Self::Position]) -> Option<Drawing> {
        None
    }

    /// The most positions the memo solver may hold for one analysis.
    fn positions(&self) -> usize {
        2_000_000
    }

    /// Writes to `out` the certificate of `sum` (written `position`), worth `value`, from
    /// `table`, every position the memo solver valued; `None` where the game writes none.
    fn certificate(
        &self,
        _out: &mut dyn std::io::Write,
        _position: &str,
        _sum: &[Self::Position],
        _value: crate::nimber::Nimber,
        _table: &[(&Self::Position, crate::nimber::Nimber)],
    ) -> Option<std::io::Result<()>> {
        None
    }

    /// `p` (a memo key) as one word of a checkpoint; `None` where the game keeps no
    /// checkpoints.
    fn key(&self, _p: &Self::Position) -> Option<String> {
        None
    }

    /// A position read back from its [`key`](Notation::key), or what is wrong with the
    /// word.
    fn parse_key(&self, key: &str) -> Result<Self::Position, String> {
        Err(format!("no position is read from '{key}'"))
    }

    /// What one position the memo solver holds costs in bytes (its entry, the table's
    /// slack as it doubles, its share of the stacks), for games that take `--memory`.
    fn bytes_per_position(&self) -> u64 {
        512
    }
}
