//! The five contest problems as objects of the catalogue: the sheet (shgame), the lame
//! queen (lamqugam), Inventor Outlasting, the cakes (pshtbrth) and the lava map (caos3).
//! Each answers `analyze` and its moves by its own report in [`crate::report`]; the sheet,
//! the queen and the cakes have their sums searched whole for misère play and remoteness,
//! the boards in play of Inventor Outlasting and caos3 have not.

use super::Analysis;
use super::components::{Searched, heap_bound, queen_moves, queen_square, remoteness};
use super::object::Object;
use crate::analysis::moves::Played;
use crate::analysis::sum_search::{SumSearch, Sums};
use crate::contest::Problem;
use crate::games::notation::Notation as _;
use crate::parse::Input;
use crate::progress::Progress;
use crate::report::moves::MoveList;
use crate::report::{Error, Options, Report};

/// A Game With a Sheet of Paper (shgame): Nim on its four heaps of lines.
pub struct Sheet;
/// The lame queen on squares counted from 1 (lamqugam).
pub struct Queen;
/// A board of cells, maybe in play, solved by the cross-cut engine.
pub enum InPlay {
    /// Inventor Outlasting.
    Inventor,
    /// CAO Stage-3 (caos3): a lava map.
    Lava,
}
/// Pishty and birthday (pshtbrth): a row of cakes.
pub struct Cakes;

fn plain(report: Report) -> Analysis {
    Analysis {
        report,
        stats: String::new(),
    }
}

impl Searched for Sheet {
    fn search<S: SumSearch>(&self, input: &Input, search: S) -> Result<S::Out, Error> {
        // The list's cuts are the notation's, in its order; the search plays each sheet as
        // the four Nim heaps it is.
        use crate::games::sheet::{Sheet, heaps};
        let heaps_of = |sheets: &[[u64; 4]]| -> Result<Vec<u64>, Error> {
            let mut all = Vec::new();
            for &[n, m, x, y] in sheets {
                let four = heaps(n, m, x, y);
                heap_bound(&four)?;
                all.extend(four);
            }
            Ok(all)
        };
        let sheet = Sheet.read(input)?;
        let here = heaps_of(&sheet)?;
        let after = Sheet
            .moves(&sheet, 0)
            .iter()
            .map(|m| heaps_of(&m.leaves))
            .collect::<Result<_, _>>()?;
        search.run(crate::games::Nim, Sums { here, after })
    }
}

impl Object for Sheet {
    fn name(&self) -> String {
        Problem::Shgame.name().into()
    }

    fn analyze(
        &self,
        input: &Input,
        _options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<Analysis, Error> {
        Ok(plain(Report::Sheet(crate::analysis::sheet::analyze(
            input,
        )?)))
    }

    fn moves(
        &self,
        input: &Input,
        _options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        crate::analysis::moves::sheet(input)
    }

    /// Misère Nim's rule on the four heaps.
    fn misere_moves(
        &self,
        input: &Input,
        _options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        crate::analysis::misere::sheet(input)
    }

    fn remoteness(&self, input: &Input, list: &mut MoveList, limit: usize) -> Result<(), Error> {
        remoteness(self, input, list, limit)
    }

    fn problem(&self) -> Option<Problem> {
        Some(Problem::Shgame)
    }
}

impl Searched for Queen {
    fn search<S: SumSearch>(&self, input: &Input, search: S) -> Result<S::Out, Error> {
        // The list's moves are the queen's, in the order `analysis::moves` lists them.
        let (d, x, y) = crate::analysis::queen::parse(input)?;
        let (x, y) = queen_square("lamqugam", x.saturating_sub(1), y.saturating_sub(1))?;
        let here = vec![(x as u32 + 1, y as u32 + 1)];
        let after = queen_moves("lamqugam", d, (x + 1, y + 1))?;
        search.run(
            crate::games::lame_queen::LameQueen { d },
            Sums { here, after },
        )
    }
}

impl Object for Queen {
    fn name(&self) -> String {
        Problem::Lamqugam.name().into()
    }

    fn analyze(
        &self,
        input: &Input,
        _options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<Analysis, Error> {
        Ok(plain(Report::Queen(crate::analysis::queen::analyze(
            input,
        )?)))
    }

    fn moves(
        &self,
        input: &Input,
        _options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        crate::analysis::moves::queen(input)
    }

    super::components::searched_whole!();

    fn problem(&self) -> Option<Problem> {
        Some(Problem::Lamqugam)
    }
}

impl InPlay {
    /// The contest problem it is.
    fn of(&self) -> Problem {
        match self {
            InPlay::Inventor => Problem::InventorOutlasting,
            InPlay::Lava => Problem::Caos3,
        }
    }
}

/// Inventor Outlasting or caos3: a board, maybe in play, solved by its cross-cut engine,
/// which answers normal play only (no misère play, no search of whole sums).
impl Object for InPlay {
    fn name(&self) -> String {
        self.of().name().into()
    }

    fn analyze(
        &self,
        input: &Input,
        _options: &Options,
        progress: &mut (dyn Progress + Send),
    ) -> Result<Analysis, Error> {
        Ok(plain(match self {
            InPlay::Inventor => {
                Report::Inventor(crate::analysis::cells::analyze_inventor(input, progress)?)
            }
            InPlay::Lava => Report::Lava(crate::analysis::cells::analyze_lava(input, progress)?),
        }))
    }

    fn moves(
        &self,
        input: &Input,
        _options: &Options,
        progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        let played = match self {
            InPlay::Inventor => Played::Inventor,
            InPlay::Lava => Played::Lava,
        };
        crate::analysis::moves::in_play(input, progress, played)
    }

    fn misere_moves(
        &self,
        _input: &Input,
        _options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        Err(Error::input(format!(
            "misère play is not analysed for {}: its boards in play are solved by a normal-play engine only",
            self.name()
        )))
    }

    fn remoteness(&self, _input: &Input, _list: &mut MoveList, _limit: usize) -> Result<(), Error> {
        Err(Error::input(format!(
            "{} is solved by its own engine for boards in play: it has no search of whole sums",
            self.name()
        )))
    }

    fn has_remoteness(&self) -> bool {
        false
    }

    fn problem(&self) -> Option<Problem> {
        Some(self.of())
    }
}

impl Searched for Cakes {
    fn search<S: SumSearch>(&self, input: &Input, search: S) -> Result<S::Out, Error> {
        // The list's moves are the notation's, cake by cake in its order; the search plays
        // each cake split into its groups of burning candles, as the rules do.
        let cakes = crate::games::cakes::parse(input)?;
        let game = crate::games::cakes::Bitboard(cakes.shape);
        let split = |masks: &[u32]| -> Vec<u32> {
            masks
                .iter()
                .flat_map(|&m| cakes.shape.components(m))
                .collect()
        };
        let mut after = Vec::new();
        for k in 0..cakes.masks.len() {
            for m in game.moves(&cakes.masks, k) {
                let mut left = cakes.masks.clone();
                left[k] = m.leaves[0];
                after.push(split(&left));
            }
        }
        let here = split(&cakes.masks);
        search.run(game, Sums { here, after })
    }
}

impl Object for Cakes {
    fn name(&self) -> String {
        Problem::Pshtbrth.name().into()
    }

    fn analyze(
        &self,
        input: &Input,
        options: &Options,
        progress: &mut (dyn Progress + Send),
    ) -> Result<Analysis, Error> {
        Ok(plain(Report::Cakes(crate::analysis::cakes::analyze(
            input,
            options.cache.as_deref(),
            progress,
        )?)))
    }

    fn moves(
        &self,
        input: &Input,
        options: &Options,
        progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        crate::analysis::moves::cakes(input, options, progress)
    }

    super::components::searched_whole!();

    fn problem(&self) -> Option<Problem> {
        Some(Problem::Pshtbrth)
    }
}
