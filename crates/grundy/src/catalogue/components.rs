//! Every game as the generic sum searches take it (misère play, remoteness): the rules as a
//! [`Game`](crate::game::Game), and how a position written as `analyze` reads it becomes
//! the components of one sum. The searches are written once, generic over the game; each
//! game's object says what they search (`Searched`), and the bounds they share are here.

use crate::parse::Input;
use crate::report::Error;

/// The largest heap (or line count of the sheet) a sum search takes: each heap has about
/// as many options as counters, and a split game about half their square.
pub const MAX_SEARCHED_HEAP: u64 = 4096;

/// The most work a search of the lame queen may take: squares below and left of the queen
/// times the moves from each.
pub const MAX_QUEEN_WORK: u64 = 20_000_000;

use crate::analysis::sum_search::SumSearch;

/// A position written in a move list, as an input to read back (script games only: every
/// other game hands the searches its sums as values).
#[cfg(feature = "script")]
pub(super) fn text(position: &str) -> Input {
    Input::new("position", position.as_bytes().to_vec())
}

pub(super) fn heap_bound(heaps: &[u64]) -> Result<(), Error> {
    match heaps.iter().find(|&&h| h > MAX_SEARCHED_HEAP) {
        Some(h) => Err(Error::input(format!(
            "position: a heap of {h} is past the {MAX_SEARCHED_HEAP} a search of the whole sum takes"
        ))),
        None => Ok(()),
    }
}

/// The queen at (x, y) counted from 0, refused past [`MAX_QUEEN_WORK`].
pub(super) fn queen_square(name: &str, x: u64, y: u64) -> Result<(u64, u64), Error> {
    let work = (x + 1).saturating_mul(y + 1).saturating_mul(x + y + 2);
    if work > MAX_QUEEN_WORK {
        return Err(Error::input(format!(
            "{name} is searched square by square: the queen at ({x}, {y}) reaches {} squares of up to {} moves each, past the limit of {MAX_QUEEN_WORK} steps",
            (x + 1).saturating_mul(y + 1),
            x + y + 2
        )));
    }
    Ok((x, y))
}

/// What each move of the queen at (x, y) leaves (squares from 1, as
/// [`LameQueen`](crate::games::lame_queen::LameQueen) plays them), one sum a move, in the
/// order its move list gives them; each square within [`MAX_QUEEN_WORK`].
pub(super) fn queen_moves(
    name: &str,
    d: u64,
    (x, y): (u64, u64),
) -> Result<Vec<Vec<(u32, u32)>>, Error> {
    let p = crate::games::lame_queen::PPositions::build(d, x.max(y))
        .map_err(|e| Error::input(format!("position: {e}")))?;
    p.moves(x, y)
        .into_iter()
        .map(|((a, b), _)| {
            let (a, b) = queen_square(name, a - 1, b - 1)?;
            Ok(vec![(a as u32 + 1, b as u32 + 1)])
        })
        .collect()
}

/// A game whose sums the generic searches (misère play, remoteness) run over: it hands a
/// [`SumSearch`] its rules and the reading of a written position as the components of one
/// sum, the position `input` fixing what the others share (a Cram board's size, the cakes'
/// shape).
pub(super) trait Searched: super::object::Object {
    /// Runs `search` over this game's sums.
    fn search<S: SumSearch>(&self, input: &Input, search: S) -> Result<S::Out, Error>;
}

/// The moves of `input` judged under misère play by the misère search over the game's
/// components, holding at most `limit` sums.
pub(super) fn judged<G: Searched>(
    game: &G,
    input: &Input,
    options: &crate::report::Options,
    progress: &mut (dyn crate::progress::Progress + Send),
    limit: usize,
) -> Result<crate::report::moves::MoveList, Error> {
    let list = game.moves(input, options, progress)?;
    game.search(input, crate::analysis::misere::Judge { list, limit })
}

/// Fills in the remoteness of `list` by the remoteness search over the game's sums.
pub(super) fn remoteness<G: Searched>(
    game: &G,
    input: &Input,
    list: &mut crate::report::moves::MoveList,
    limit: usize,
) -> Result<(), Error> {
    game.search(input, crate::analysis::remoteness::Fill { list, limit })
}

/// The two methods of [`Object`](super::object::Object) alike in every game whose sums are
/// searched whole: misère play judged by the misère search holding at most the sums the
/// expression gives (`options` names the analysis's options in it), remoteness by the
/// remoteness search.
macro_rules! searched_whole {
    () => {
        $crate::catalogue::components::searched_whole!(|_options| {
            $crate::analysis::misere::MISERE_POSITIONS
        });
    };
    (|$options:ident| $limit:expr) => {
        fn misere_moves(
            &self,
            input: &$crate::parse::Input,
            $options: &$crate::report::Options,
            progress: &mut (dyn $crate::progress::Progress + Send),
        ) -> Result<$crate::report::moves::MoveList, $crate::report::Error> {
            let limit = $limit;
            $crate::catalogue::components::judged(self, input, $options, progress, limit)
        }

        fn remoteness(
            &self,
            input: &$crate::parse::Input,
            list: &mut $crate::report::moves::MoveList,
            limit: usize,
        ) -> Result<(), $crate::report::Error> {
            $crate::catalogue::components::remoteness(self, input, list, limit)
        }
    };
}
pub(crate) use searched_whole;
