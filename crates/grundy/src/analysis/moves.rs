//! Every move of a position listed for each game, with the position it leaves and its outcome: the lists the page plays from.
//!
//! The report it makes is data in [`crate::report::moves`].

use crate::report::moves::*;

use crate::family::Family;
#[cfg(feature = "script")]
use crate::game::Game as _;
use crate::game::Player;
use crate::games::board::Chomp;
use crate::games::in_play::{CutBoard, CutGame};
use crate::games::inventor::InventorBoard;
use crate::games::lame_queen::PPositions;
use crate::games::lava::LavaMap;
use crate::games::notation::Notation as _;
use crate::nimber::Nimber;
use crate::parse::Input;
use crate::progress::Progress;
use crate::report::Options;
use crate::report::{Error, Report};
#[cfg(feature = "script")]
use crate::script::{ScriptGame, parse_positions};
use crate::solve::search::Search;
use crate::solve::table::PackedTable;

/// A sum of heaps: every move of every heap (a split into 1 + 3 is the split into 3 + 1).
pub fn heaps(family: &Family, input: &Input) -> Result<MoveList, Error> {
    let heaps = family.read(input)?;
    let written = |heaps: &[u64]| family.write(heaps);
    let position_error = |e| Error::input(format!("position: {e}"));
    let listed = family.heap_moves(&heaps).map_err(position_error)?;
    let analysis = family.analyze_heaps(&heaps).map_err(position_error)?;
    let mut details = Vec::with_capacity(listed.len());
    let candidates = listed
        .into_iter()
        .map(|(m, after)| {
            let c = Candidate::new(m.to_string(), written(&m.after(&heaps)), after, m.take);
            details.push((m.heap, m.take, m.leaves));
            c
        })
        .collect();
    let mut moves = with_outcomes(candidates, |&v| Ok(Outcome::Value(v)))?;
    for (m, (heap, take, leaves)) in moves.iter_mut().zip(details) {
        m.heap = Some(heap);
        m.take = Some(take);
        m.leaves = Some(leaves);
    }
    Ok(MoveList {
        game: family.to_string(),
        position: written(&heaps),
        grundy: Some(analysis.grundy),
        winner: analysis.winner,
        heaps: Some(heaps.clone()),
        values: Some(analysis.values.clone()),
        board: None,
        parts: None,
        graph: None,
        drawings: None,
        moves,
        misere: false,
        draw: false,
        loopy_value: None,
        remoteness: None,
        rule: None,
        only_winning_of: None,
    })
}

/// The sheet: every cut, the fewest lines first.
pub fn sheet(input: &Input) -> Result<MoveList, Error> {
    use crate::games::sheet::Sheet;
    let s = crate::analysis::sheet::parse(input)?;
    let (n, m, x, y) = (s.rows, s.columns, s.mark_row, s.mark_column);
    let count: u64 = crate::games::sheet::heaps(n, m, x, y).iter().sum();
    if count > MAX_MOVES {
        return Err(too_many(count));
    }
    // The cuts as the sheet's notation labels them, each with the sheet it leaves.
    let here = [n, m, x, y];
    let candidates = Sheet
        .moves(&[here], 0)
        .into_iter()
        .zip(crate::games::sheet::cuts(n, m, x, y))
        .map(|(l, c)| Candidate::new(l.label, Sheet.write(&l.leaves), c.value, c.lines))
        .collect();
    let g = crate::games::sheet::grundy(n, m, x, y);
    let mut moves = with_outcomes(candidates, |&v| Ok(Outcome::Value(v)))?;
    for (mv, c) in moves.iter_mut().zip(crate::games::sheet::cuts(n, m, x, y)) {
        let k = c.lines;
        match c.side {
            0 => mv.cut_after_column = Some(k),
            1 => mv.cut_after_column = Some(m - k),
            2 => mv.cut_after_row = Some(k),
            _ => mv.cut_after_row = Some(n - k),
        }
    }
    let mut list = MoveList::new(
        "shgame",
        Sheet.write(&[here]),
        Some(g),
        Player::winner_of(g),
        moves,
    );
    if n <= MAX_DRAWN_SIDE && m <= MAX_DRAWN_SIDE {
        list.board = Some(drawn(n, m, |r, c| if (r, c) == (x, y) { '@' } else { '.' }));
    }
    Ok(list)
}

/// A board of `rows` × `cols` cells, each drawn by `cell` (row and column from 1).
fn drawn(rows: u64, cols: u64, cell: impl Fn(u64, u64) -> char) -> Vec<String> {
    (1..=rows)
        .map(|r| (1..=cols).map(|c| cell(r, c)).collect())
        .collect()
}

/// The lame queen of the contest (squares from 1): every square it reaches.
pub fn queen(input: &Input) -> Result<MoveList, Error> {
    let (d, x, y) = crate::analysis::queen::parse(input)?;
    queen_from("lamqugam", d, x, y, 1)
}

/// The lame queen `name` with step `d` on squares from 0 (Wythoff's game is d = 1): every
/// square it reaches.
pub fn plane(name: &str, d: u64, input: &Input) -> Result<MoveList, Error> {
    let (x, y) = crate::analysis::queen::parse_plane(input)?;
    queen_from(name, d, x, y, 0)
}

fn queen_from(name: &str, d: u64, x: u64, y: u64, origin: u64) -> Result<MoveList, Error> {
    let report = crate::analysis::queen::explain_from(name, d, x, y, origin)?;
    let shift = 1 - origin;
    // The contest's input names d; the plane game's only the square.
    let written = |a: u64, b: u64| {
        if origin == 1 {
            format!("{d} {a} {b}")
        } else {
            format!("{a} {b}")
        }
    };
    let (x, y) = (x + shift, y + shift);
    if x + y > MAX_MOVES {
        return Err(too_many(x + y));
    }
    let p = PPositions::build(d, x.max(y)).map_err(|e| Error::input(format!("position: {e}")))?;
    let candidates = p
        .moves(x, y)
        .into_iter()
        .map(|((a, b), winning)| Candidate {
            // Drawn with the corner at the bottom left: the first coordinate is the row
            // counted from the bottom.
            cell: Some([x - a + 1, b]),
            ..Candidate::new(
                format!("to ({}, {})", a - shift, b - shift),
                written(a - shift, b - shift),
                winning,
                (x - a) + (y - b),
            )
        })
        .collect();
    let mut list = MoveList::new(
        name,
        written(x - shift, y - shift),
        report.grundy,
        report.winner,
        with_outcomes(candidates, |&w| Ok(Outcome::Zero(w)))?,
    );
    if x <= MAX_DRAWN_SIDE && y <= MAX_DRAWN_SIDE {
        list.board = Some(drawn(x, y, |r, c| if (r, c) == (1, y) { 'Q' } else { '.' }));
    }
    Ok(list)
}

/// Cram: every domino on two free neighbours, the board after it having them blocked.
pub fn cram(
    input: &Input,
    options: &Options,
    progress: &mut dyn Progress,
) -> Result<MoveList, Error> {
    let (cram, free) = crate::games::board::cram::read(input)?;
    let board = crate::games::board::cram::Board(cram);
    let mut candidates = Vec::new();
    let mut cells = Vec::new();
    for m in board.moves(&[free], 0) {
        let after = m.leaves[0];
        cells.push(m.cells.unwrap_or_default());
        candidates.push(Candidate::new(m.label, board.write(&[after]), after, 0));
    }
    let mut search = Search::new(
        cram,
        PackedTable::with_budget(options.board_memory() as usize),
    )
    .with_progress(progress);
    let value = search.sum_value(&cram.regions(free));
    let moves = with_outcomes(candidates, |&after| {
        Ok(Outcome::Zero(
            !value.is_zero() && search.is_zero(&cram.regions(after)),
        ))
    })?;
    drop(search);
    let mut moves = moves;
    for (m, cells) in moves.iter_mut().zip(cells) {
        m.cells = Some(cells);
    }
    let mut list = MoveList::new(
        "cram",
        input.text()?.to_string(),
        Some(value),
        Player::winner_of(value),
        moves,
    );
    let rows_drawn: Vec<String> = board
        .write(&[free])
        .lines()
        .skip(1)
        .map(String::from)
        .collect();
    list.board = Some(rows_drawn);
    Ok(list)
}

/// Chomp: every square but the poisoned one (row 1, column 1 from the bottom left); taking
/// it takes everything above and right of it.
pub fn chomp(
    input: &Input,
    options: &Options,
    progress: &mut dyn Progress,
) -> Result<MoveList, Error> {
    let p = crate::analysis::board::parse_chomp(input)?;
    let lengths = Chomp::lengths(p);
    let mut engine = crate::analysis::board::ChompEngine::new(
        lengths.len(),
        lengths[0],
        options.board_memory(),
        progress,
    );
    let value = engine
        .value(p)
        .map_err(crate::analysis::board::solve_error)?;
    // The bites as Chomp's notation lists and labels them (row by row from the bottom,
    // the poisoned square never), each with the position it leaves.
    let rows = lengths.len();
    let candidates: Vec<Candidate<u128>> = Chomp
        .moves(&[p], 0)
        .into_iter()
        .map(|m| {
            let after = m.leaves[0];
            let [cell_row, cell_col] = m
                .cells
                .as_deref()
                .and_then(|c| c.first())
                .copied()
                .unwrap_or([1, 1]);
            let (row, col) = (rows - cell_row as usize, cell_col as usize - 1);
            Candidate {
                cell: Some([cell_row, cell_col]),
                ..Candidate::new(
                    m.label,
                    Chomp.write(&[after]),
                    after,
                    cell_row * (lengths[row] - col) as u64,
                )
            }
        })
        .collect();
    let moves = with_outcomes(candidates, |&after| {
        Ok(Outcome::Value(
            engine
                .value(after)
                .map_err(crate::analysis::board::solve_error)?,
        ))
    })?;
    let mut list = MoveList::new(
        "chomp",
        input.text()?.to_string(),
        Some(value),
        Player::winner_of(value),
        moves,
    );
    let top = lengths.len();
    list.board = Some(
        (0..top)
            .rev()
            .map(|row| {
                (0..lengths[row])
                    .map(|col| if (row, col) == (0, 0) { 'P' } else { 'o' })
                    .collect()
            })
            .collect(),
    );
    Ok(list)
}

/// Cakes: every rectangle of burning candles on one cake; the row of cakes after it has
/// them out.
pub fn cakes(
    input: &Input,
    options: &Options,
    progress: &mut dyn Progress,
) -> Result<MoveList, Error> {
    let cakes = crate::games::cakes::parse(input)?;
    let table = crate::analysis::cakes::table_for(cakes.shape, options.cache.as_deref(), progress);
    let game = crate::games::cakes::Bitboard(cakes.shape);
    let values: Vec<Nimber> = cakes.masks.iter().map(|&m| table.value(m)).collect();
    let total = values.iter().fold(Nimber::ZERO, |a, &v| a ^ v);
    let position = game.write(&cakes.masks);
    let mut candidates = Vec::new();
    let mut rects = Vec::new();
    for (k, &mask) in cakes.masks.iter().enumerate() {
        for m in game.moves(&cakes.masks, k) {
            // Checked before each move is written: many cakes make many moves, each with
            // the whole row of cakes.
            room_for(candidates.len() + 1, position.len())?;
            let left = m.leaves[0];
            let mut after = cakes.masks.clone();
            after[k] = left;
            let [[r0, c0], [r1, c1]] = m
                .cells
                .as_deref()
                .and_then(|c| c.try_into().ok())
                .unwrap_or_default();
            rects.push((k + 1, [r0, c0, r1, c1]));
            candidates.push(Candidate::new(
                m.label,
                game.write(&after),
                total ^ values[k] ^ table.value(left),
                (mask & !left).count_ones().into(),
            ));
        }
    }
    let mut moves = with_outcomes(candidates, |&v| Ok(Outcome::Value(v)))?;
    for (m, (part, [r0, c0, r1, c1])) in moves.iter_mut().zip(rects) {
        m.part = Some(part);
        m.cells = Some(vec![[r0, c0], [r1, c1]]);
    }
    let mut list = MoveList::new(
        "pshtbrth",
        input.text()?.to_string(),
        Some(total),
        Player::winner_of(total),
        moves,
    );
    list.parts = Some(cakes.rows.clone());
    Ok(list)
}

/// Which board in play [`in_play`] lists the moves of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    /// A lava map (caos3).
    Lava,
    /// An Inventor board.
    Inventor,
}

/// A lava map or an Inventor board in play: every cell that can be played, the position
/// after it being this one with the move added to those made.
pub fn in_play(
    input: &Input,
    progress: &mut (dyn Progress + Send),
    which: Played,
) -> Result<MoveList, Error> {
    let mut position = input.text()?.trim_end().to_string() + "\n";
    if !position.split_whitespace().any(|w| w == "played") {
        position.push_str("played\n");
    }
    let in_play = Input::new(input.source.clone(), position.clone());
    // The value and the winning cells from the engine; the moves, labelled, from the game.
    let (report, listed) = match which {
        Played::Lava => (
            Report::Lava(crate::analysis::cells::analyze_lava(&in_play, progress)?),
            listed_in_play(LavaMap::new(), &in_play, position.len())?,
        ),
        Played::Inventor => (
            Report::Inventor(crate::analysis::cells::analyze_inventor(
                &in_play, progress,
            )?),
            listed_in_play(InventorBoard::new(), &in_play, position.len())?,
        ),
    };
    let (winning, board): (Vec<[usize; 2]>, Vec<String>) = match &report {
        Report::Lava(r) => (
            r.winning_moves.iter().map(|m| [m.row, m.column]).collect(),
            r.board.clone(),
        ),
        Report::Inventor(r) => (
            r.winning_moves.iter().map(|m| [m.row, m.column]).collect(),
            r.board.clone(),
        ),
        _ => return Err(Error::failed("not a board in play")),
    };
    let candidates = listed
        .into_iter()
        .map(|(label, [row, column])| Candidate {
            cell: Some([row, column]),
            ..Candidate::new(
                label,
                format!("{position}{row} {column}\n"),
                winning.contains(&[row as usize, column as usize]),
                1,
            )
        })
        .collect();
    Ok(MoveList {
        game: report.game().to_string(),
        position: input.text()?.to_string(),
        grundy: report.grundy(),
        winner: report.winner(),
        heaps: None,
        values: None,
        board: Some(board),
        parts: None,
        graph: None,
        drawings: None,
        moves: with_outcomes(candidates, |&w| Ok(Outcome::Zero(w)))?,
        misere: false,
        draw: false,
        loopy_value: None,
        remoteness: None,
        rule: None,
        only_winning_of: None,
    })
}

/// The moves of a board in play as its notation lists them: each label and cell. The
/// list is refused, before any move is made, when the positions it would hold (each
/// `position_len` bytes) are too many.
fn listed_in_play<B: CutBoard>(
    game: CutGame<B>,
    input: &Input,
    position_len: usize,
) -> Result<Vec<(String, [u64; 2])>, Error> {
    let sum = game.read(input)?;
    room_for(game.live(&sum[0]).len(), position_len)?;
    Ok(game
        .moves(&sum, 0)
        .into_iter()
        .filter_map(|m| Some((m.label, *m.cells?.first()?)))
        .collect())
}

/// Each position of a script game's sum drawn, where the sum is short enough.
#[cfg(feature = "script")]
pub(crate) fn script_drawings(
    game: &ScriptGame,
    positions: &[crate::script::ScriptPosition],
) -> Result<Option<Vec<crate::drawing::Drawn>>, Error> {
    if positions.len() > MAX_DRAWN_PARTS {
        return Ok(None);
    }
    let drawn = positions
        .iter()
        .map(|p| game.drawing(p))
        .collect::<Result<Vec<_>, _>>()
        .map_err(Error::input)?;
    Ok(Some(drawn))
}

/// A script game: every option of every position of the sum, with the value it leaves.
/// A move that leaves nothing at all ends the game; its position is written empty.
#[cfg(feature = "script")]
pub fn script(game: &ScriptGame, input: &Input, options: &Options) -> Result<MoveList, Error> {
    let text = input.text()?;
    let mut list = MoveList::new(
        format!("script:{}", game.name()),
        text.trim().to_string(),
        Some(Nimber::ZERO),
        Player::Second,
        Vec::new(),
    );
    if text.trim().is_empty() {
        return Ok(list);
    }
    let name = game.source();
    let rules = |e: crate::SolveError| Error::input(format!("{name}: {e}"));
    let positions = parse_positions(text).map_err(|e| input.error(e))?;
    let mut solver = game.solver(options.script_positions());
    let values = match positions
        .iter()
        .map(|p| solver.grundy(p))
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(values) => values,
        Err(crate::SolveError::Loopy { .. }) => {
            return crate::analysis::script::loopy_moves(
                game,
                &positions,
                options.script_positions(),
            );
        }
        Err(e) => return Err(crate::report::script::solve_error(e)),
    };
    let total = values.iter().fold(Nimber::ZERO, |a, &b| a ^ b);
    let mut candidates = Vec::new();
    for (i, p) in positions.iter().enumerate() {
        let mut options = Vec::new();
        game.options(p, &mut options);
        if let Some(fault) = game.fault() {
            return Err(Error::input(fault));
        }
        for leaves in options {
            let mut after = total ^ values[i];
            for q in leaves.iter() {
                after ^= solver.grundy(q).map_err(rules)?;
            }
            let mut next: Vec<String> = positions[..i].iter().map(ToString::to_string).collect();
            next.extend(leaves.iter().map(ToString::to_string));
            next.extend(positions[i + 1..].iter().map(ToString::to_string));
            let to: Vec<String> = leaves.iter().map(ToString::to_string).collect();
            let to = if to.is_empty() {
                "nothing".to_string()
            } else {
                to.join(" + ")
            };
            let size = candidates.len() as u64;
            candidates.push(Candidate::new(
                format!("position {} ({p}): move to {to}", i + 1),
                next.join(" "),
                after,
                size,
            ));
            if candidates.len() as u64 > MAX_MOVES {
                return Err(too_many(candidates.len() as u64));
            }
        }
    }
    list.grundy = Some(total);
    list.winner = Player::winner_of(total);
    list.values = Some(values);
    list.drawings = script_drawings(game, &positions)?;
    list.moves = with_outcomes(candidates, |&v| Ok(Outcome::Value(v)))?;
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoProgress;
    use crate::catalogue::{self, Feature};

    /// Every listed move leaves a position `analyze` reads, and the outcome the list gives
    /// it is the one its own analysis gives: winning exactly when it is a P-position.
    #[test]
    fn every_move_leaves_a_position_whose_analysis_agrees() {
        let cases = [
            ("nim", "3 5 6"),
            ("kayles", "4 7"),
            ("grundy-game", "7 5"),
            ("subtraction:1,3,4", "9 6"),
            ("shgame", "4 5 2 3"),
            ("lamqugam", "2 5 6"),
            ("wythoff", "4 7"),
            ("lame-queen:3", "5 6"),
            ("cram", "3 3"),
            ("cram", "2 4\n..#.\n....\n"),
            ("chomp", "4,3,1"),
            ("cakes", "110\n011\n\n100\n001\n"),
            ("lava", "5 7\n^^^^^^^\n^^^^^^^\n^^^^^^^\n^^^^^^^\n^^^^^^^\n"),
            ("inventor", "3 3\nX.X\n.X.\nX.X\n"),
        ];
        let options = Options {
            memory: Some(64 << 20),
            cache: None,
            misere: false,
            threads: 0,
            checkpoint: None,
            certificate: None,
            axes: None,
        };
        for (name, position) in cases {
            let game = catalogue::lookup_for(name, Feature::Moves).expect(name);
            let input = Input::new("position", position);
            let list = catalogue::moves(&game, &input, &options, &mut NoProgress)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let here = catalogue::analyze(&game, &input, &options, &mut NoProgress)
                .expect(name)
                .report;
            assert_eq!(list.grundy, here.grundy(), "{name} {position}");
            assert_eq!(list.winner, here.winner(), "{name} {position}");
            assert_eq!(
                list.moves.iter().filter(|m| m.winning).count(),
                here.winning_move_count(),
                "{name} {position}: the winning moves"
            );
            assert!(!list.moves.is_empty(), "{name} {position}");
            for m in &list.moves {
                let after = Input::new("after", m.position.clone());
                let report = catalogue::analyze(&game, &after, &options, &mut NoProgress)
                    .unwrap_or_else(|e| panic!("{name}: {} -> {:?}: {e}", m.label, m.position))
                    .report;
                assert_eq!(
                    m.winning,
                    report.winner() == Player::Second,
                    "{name} {position}: {}",
                    m.label
                );
                if let (Some(v), Some(g)) = (m.value_after, report.grundy()) {
                    assert_eq!(v, g, "{name} {position}: {}", m.label);
                }
            }
        }
    }

    #[test]
    fn the_reply_is_a_winning_move_when_there_is_one() {
        let nim = catalogue::lookup("nim").expect("nim");
        let list = catalogue::moves(
            &nim,
            &Input::new("p", "1 2"),
            &Options::default(),
            &mut NoProgress,
        )
        .expect("a list");
        assert_eq!(list.reply().map(|m| m.position.as_str()), Some("1 1"));
        let lost = catalogue::moves(
            &nim,
            &Input::new("p", "2 2"),
            &Options::default(),
            &mut NoProgress,
        )
        .expect("a list");
        assert!(lost.reply().is_some_and(|m| !m.winning && m.size == 1));
    }

    use crate::catalogue::listed as list;

    /// What a page draws from a list is what the move does: the board after each move,
    /// drawn by its own list, is the board before it with the move's cells changed as the
    /// rules say.
    #[test]
    fn boards_and_the_cells_of_each_move_agree_with_the_position_it_leaves() {
        let cram = list("cram", "3 4\n..#.\n....\n.#..\n");
        let board = cram.board.clone().expect("a board");
        for m in &cram.moves {
            let mut expect: Vec<Vec<u8>> = board.iter().map(|r| r.clone().into_bytes()).collect();
            for [r, c] in m.cells.clone().expect("cells") {
                let cell = &mut expect[r as usize - 1][c as usize - 1];
                assert_eq!(*cell, b'.', "{}", m.label);
                *cell = b'#';
            }
            let after = list("cram", &m.position).board.expect("a board");
            let after: Vec<Vec<u8>> = after.into_iter().map(String::into_bytes).collect();
            assert_eq!(after, expect, "{}", m.label);
        }
        let chomp = list("chomp", "4,3,3,1");
        let board = chomp.board.clone().expect("a board");
        assert_eq!(board, ["o", "ooo", "ooo", "Pooo"]);
        for m in &chomp.moves {
            let [r, c] = m.cell.expect("a cell");
            // Everything at or above row r (rows drawn top first) and at or right of c goes.
            let expect: Vec<String> = board
                .iter()
                .enumerate()
                .map(|(i, row)| {
                    if i < r as usize {
                        row.chars().take(c as usize - 1).collect()
                    } else {
                        row.clone()
                    }
                })
                .filter(|row: &String| !row.is_empty())
                .collect();
            let after = list("chomp", &m.position).board.expect("a board");
            assert_eq!(after, expect, "{}", m.label);
        }
        let cakes = list("pshtbrth", "110\n111\n\n011\n010\n");
        let parts = cakes.parts.clone().expect("cakes");
        for m in &cakes.moves {
            let k = m.part.expect("a cake") - 1;
            let [[r0, c0], [r1, c1]] = m.cells.clone().expect("corners")[..] else {
                panic!("two corners")
            };
            let mut expect = parts.clone();
            let mut rows: Vec<Vec<u8>> = expect[k].iter().map(|r| r.clone().into_bytes()).collect();
            for row in &mut rows[r0 as usize - 1..r1 as usize] {
                for cell in &mut row[c0 as usize - 1..c1 as usize] {
                    assert_eq!(*cell, b'1', "{}", m.label);
                    *cell = b'0';
                }
            }
            expect[k] = rows
                .into_iter()
                .map(|r| String::from_utf8(r).expect("text"))
                .collect();
            assert_eq!(
                list("pshtbrth", &m.position).parts,
                Some(expect),
                "{}",
                m.label
            );
        }
        let sheet = list("shgame", "4 5 2 3");
        for m in &sheet.moves {
            let after = list("shgame", &m.position).board.expect("a board");
            let (rows, cols) = (after.len() as u64, after[0].len() as u64);
            match (m.cut_after_column, m.cut_after_row) {
                // Keeps the side with the mark (column 3, row 2).
                (Some(c), None) => assert_eq!(cols, if c < 3 { 5 - c } else { c }, "{}", m.label),
                (None, Some(r)) => assert_eq!(rows, if r < 2 { 4 - r } else { r }, "{}", m.label),
                _ => panic!("{}: one cut line", m.label),
            }
        }
        for (name, position, origin) in [("wythoff", "3 5", 0), ("lamqugam", "2 4 6", 1)] {
            let queen = list(name, position);
            let board = queen.board.clone().expect("a board");
            let x = board.len() as u64;
            assert!(
                board[0].ends_with('Q'),
                "{name}: the queen at the top right"
            );
            for m in &queen.moves {
                let [r, c] = m.cell.expect("a cell");
                assert_eq!(board[r as usize - 1].as_bytes()[c as usize - 1], b'.');
                let after = list(name, &m.position).board.expect("a board");
                assert_eq!(after.len() as u64, x - r + 1, "{name}: {}", m.label);
                assert_eq!(after[0].len() as u64, c, "{name}: {}", m.label);
                assert!(after[0].ends_with('Q'), "{origin}");
            }
        }
    }
}
