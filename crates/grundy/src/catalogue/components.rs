//! Every game as the generic sum searches take it (misère play, remoteness): the rules as a
//! [`Game`](crate::game::Game), and how a position written as `analyze` reads it becomes
//! the components of one sum. The searches are written once, generic over the game; this
//! is the one place that says, game by game, what they search.

use super::{Game, Problem};
use crate::parse::Input;
use crate::report::{self, Error};

/// The largest heap (or line count of the sheet) a sum search takes: each heap has about
/// as many options as counters, and a split game about half their square.
pub const MAX_SEARCHED_HEAP: u64 = 4096;

/// The most work a search of the lame queen may take: squares below and left of the queen
/// times the moves from each.
pub const MAX_QUEEN_WORK: u64 = 20_000_000;

pub use crate::report::sum_search::{Parse, SumSearch};

fn text(position: &str) -> Input {
    Input::new("position", position.as_bytes().to_vec())
}

fn heap_bound(heaps: &[u64]) -> Result<(), Error> {
    match heaps.iter().find(|&&h| h > MAX_SEARCHED_HEAP) {
        Some(h) => Err(Error::input(format!(
            "position: a heap of {h} is past the {MAX_SEARCHED_HEAP} a search of the whole sum takes"
        ))),
        None => Ok(()),
    }
}

/// The queen at (x, y) counted from 0, refused past [`MAX_QUEEN_WORK`].
fn queen_square(name: &str, x: u64, y: u64) -> Result<(u64, u64), Error> {
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

/// Runs `search` over `game`, whose position `input` fixes what the others share (a Cram
/// board's size, the cakes' shape). Games with no such search (the boards in play of
/// inventor-outlasting and caos3, graphs) are refused with a line saying so.
pub fn search<S: SumSearch>(game: &Game, input: &Input, search: S) -> Result<S::Out, Error> {
    match game {
        Game::Heaps(family) => search.run(family, &|p| {
            let heaps: Vec<u64> = p
                .split_whitespace()
                .map(|h| {
                    h.parse()
                        .map_err(|_| Error::input(format!("position: '{h}' is not a heap size")))
                })
                .collect::<Result<_, _>>()?;
            heap_bound(&heaps)?;
            Ok(heaps)
        }),
        Game::Contest(Problem::Shgame) => search.run(crate::games::Nim, &|p| {
            let s = report::sheet::parse(&text(p))?;
            let heaps = crate::games::sheet::heaps(s.rows, s.columns, s.mark_row, s.mark_column);
            heap_bound(&heaps)?;
            Ok(heaps.to_vec())
        }),
        Game::Cram => {
            let (cram, _) = report::board::parse_cram(input)?;
            search.run(cram, &move |p| {
                let (_, free) = report::board::parse_cram(&text(p))?;
                Ok(cram.regions(free).into_vec())
            })
        }
        Game::Chomp => search.run(crate::games::board::chomp::Chomp, &|p| {
            Ok(vec![report::board::parse_chomp(&text(p))?])
        }),
        Game::Contest(Problem::Lamqugam) => {
            let (d, _, _) = report::queen::parse(input)?;
            search.run(crate::games::lame_queen::LameQueen { d }, &|p| {
                let (_, x, y) = report::queen::parse(&text(p))?;
                let (x, y) = queen_square("lamqugam", x.saturating_sub(1), y.saturating_sub(1))?;
                Ok(vec![(x as u32 + 1, y as u32 + 1)])
            })
        }
        Game::Plane { d, name } => {
            search.run(crate::games::lame_queen::LameQueen { d: *d }, &|p| {
                let (x, y) = report::queen::parse_plane(&text(p))?;
                let (x, y) = queen_square(name, x, y)?;
                Ok(vec![(x as u32 + 1, y as u32 + 1)])
            })
        }
        Game::Contest(Problem::Pshtbrth) => {
            let shape = report::cakes::parse(input)?.shape;
            search.run(crate::solve::cakes::Bitboard(shape), &move |p| {
                let cakes = report::cakes::parse(&text(p))?;
                Ok(cakes
                    .masks
                    .iter()
                    .flat_map(|&m| shape.components(m))
                    .collect())
            })
        }
        #[cfg(feature = "script")]
        Game::Script(script) => search.run(&**script, &|p| {
            if p.trim().is_empty() {
                return Ok(Vec::new());
            }
            crate::script::parse_positions(p).map_err(|e| Error::input(e.to_string()))
        }),
        Game::Contest(p @ (Problem::InventorOutlasting | Problem::Caos3)) => {
            Err(Error::input(format!(
                "{} is solved by its own engine for boards in play: it has no search of whole sums",
                p.name()
            )))
        }
        Game::Graph => Err(Error::input(
            "graph is solved with draws: it has no search of whole sums",
        )),
        Game::Object { object, .. } => Err(Error::input(format!(
            "{} answers its searches itself",
            object.name()
        ))),
    }
}
