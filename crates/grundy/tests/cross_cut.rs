//! The cross-cut engine and its two adapters against brute forces that play the real
//! rules on the real board, cell by cell, through the generic solver with the whole board as
//! one position. The brute forces share nothing with the fast path but the `Game` trait.

use grundy::games::inventor::InventorBoard as InventorNotation;
use grundy::games::lava::LavaMap as LavaNotation;
use grundy::games::notation::Notation;
use grundy::parse::Input;
use grundy::solve::cross_cut::{CrossCut, CrossCutGame, Method};
use grundy::solve::cross_cut::{inventor, lava};
use grundy::{Components, Game, Nimber, Solver};
use proptest::prelude::*;

/// A board in play as a person writes it: `R C`, the rows (`yes` where `cells` holds),
/// then `played` and the moves from 1, when there are any.
fn board_text(
    rows: usize,
    cols: usize,
    cells: &[bool],
    [yes, no]: [char; 2],
    played: &[(usize, usize)],
) -> String {
    let mut text = format!("{rows} {cols}\n");
    for r in 0..rows {
        text.extend((0..cols).map(|c| if cells[r * cols + c] { yes } else { no }));
        text.push('\n');
    }
    if !played.is_empty() {
        text.push_str("played\n");
        for &(r, c) in played {
            text.push_str(&format!("{} {}\n", r + 1, c + 1));
        }
    }
    text
}

/// The notation of a whole board in play against the statement's rules: the text reads
/// to a position that writes back to the same text; its moves are the cells `live`, in
/// order, each leaving what the rules' options leave; the drawing marks exactly the cells
/// `occupied`; a move played twice is refused with its line; and, on a few spots, the
/// plain solver on the whole game gives `value`.
#[allow(clippy::too_many_arguments)]
fn check_notation<G>(
    game: G,
    text: &str,
    live: &[(usize, usize)],
    occupied: impl Fn(usize, usize) -> bool,
    marks: &[char],
    played: &[(usize, usize)],
    value: Option<Nimber>,
) -> Result<(), TestCaseError>
where
    G: Notation<Position = grundy::games::in_play::Position> + Clone,
{
    let sum = game.read(&Input::new("t", text.to_string())).unwrap();
    prop_assert_eq!(game.write(&sum), text);
    prop_assert_eq!(
        &game.read(&Input::new("t", game.write(&sum))).unwrap(),
        &sum
    );
    let listed = game.moves(&sum, 0);
    let cells: Vec<(usize, usize)> = listed
        .iter()
        .map(|m| {
            let [r, c] = m.cells.as_ref().unwrap()[0];
            (r as usize - 1, c as usize - 1)
        })
        .collect();
    prop_assert_eq!(&cells, live);
    let mut options = Vec::new();
    game.options(&sum[0], &mut options);
    let leaves: Vec<_> = listed.iter().map(|m| m.leaves.clone()).collect();
    prop_assert_eq!(leaves, options);
    if let Some(grundy::drawing::Drawing::Grid { rows }) = game.draw(&sum) {
        for (r, row) in rows.iter().enumerate() {
            for (c, mark) in row.iter().enumerate() {
                let marked = marks.iter().any(|m| m.to_string() == *mark);
                prop_assert_eq!(marked, occupied(r, c), "cell {} {}", r, c);
            }
        }
    } else {
        prop_assert!(false, "no drawing");
    }
    if let Some(&first) = played.first() {
        let again = format!("{text}{} {}\n", first.0 + 1, first.1 + 1);
        let line = again.lines().count();
        let refused = game.read(&Input::new("t", again)).unwrap_err().to_string();
        // (A board of fewer cells than moves is refused as it is read, at the same line.)
        let expected = if played.len()
            < text.lines().next().map_or(0, |l| {
                l.split(' ').map(|n| n.parse::<usize>().unwrap()).product()
            }) {
            format!("t:{line}: move {}:", played.len() + 1)
        } else {
            format!("t:{line}: expected at most R·C")
        };
        prop_assert!(refused.contains(&expected), "{}", refused);
    }
    if let Some(value) = value {
        prop_assert_eq!(Solver::new(game).grundy(&sum[0]).unwrap(), value);
    }
    Ok(())
}

/// Inventor Outlasting by its statement: the position is the set of occupied cells
/// (attractions and signs) of a board of at most 128 cells.
struct InventorBoard {
    rows: i32,
    cols: i32,
    spots: Vec<bool>,
}

impl InventorBoard {
    fn bit(&self, r: i32, c: i32) -> u128 {
        1u128 << (r * self.cols + c)
    }
}

impl Game for InventorBoard {
    type Position = u128;

    fn options(&self, &occupied: &u128, out: &mut Vec<Components<u128>>) {
        for r in 0..self.rows {
            for c in 0..self.cols {
                let here = self.bit(r, c);
                if !self.spots[(r * self.cols + c) as usize] || occupied & here != 0 {
                    continue;
                }
                let mut next = occupied | here;
                for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                    let (mut rr, mut cc) = (r + dr, c + dc);
                    // A sign goes on each free cell until the edge or an occupied cell.
                    while (0..self.rows).contains(&rr)
                        && (0..self.cols).contains(&cc)
                        && occupied & self.bit(rr, cc) == 0
                    {
                        next |= self.bit(rr, cc);
                        rr += dr;
                        cc += dc;
                    }
                }
                out.push(Components::from_elem(next, 1));
            }
        }
    }
}

/// CAO Stage-3 by its statement: the position is the set of lava cells.
struct LavaMap {
    rows: i32,
    cols: i32,
    monsters: Vec<(i32, i32)>,
}

impl LavaMap {
    fn bit(&self, r: i32, c: i32) -> u128 {
        1u128 << (r * self.cols + c)
    }
}

impl Game for LavaMap {
    type Position = u128;

    fn options(&self, &lava: &u128, out: &mut Vec<Components<u128>>) {
        for &(r, c) in &self.monsters {
            if lava & self.bit(r, c) != 0 {
                continue; // dead
            }
            let mut next = lava | self.bit(r, c);
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (mut rr, mut cc) = (r + dr, c + dc);
                // Lava flows over walls and stops only at lava already there.
                while (0..self.rows).contains(&rr)
                    && (0..self.cols).contains(&cc)
                    && lava & self.bit(rr, cc) == 0
                {
                    next |= self.bit(rr, cc);
                    rr += dr;
                    cc += dc;
                }
            }
            out.push(Components::from_elem(next, 1));
        }
    }
}

/// Monsters by the statement's words, written independently of the library: the run of
/// `^` next to the cell in each direction is at least 2 long.
fn monsters_by_runs(rows: i32, cols: i32, open: &[bool]) -> Vec<(i32, i32)> {
    let is_open = |r: i32, c: i32| {
        (0..rows).contains(&r) && (0..cols).contains(&c) && open[(r * cols + c) as usize]
    };
    let run = |r: i32, c: i32, dr: i32, dc: i32| {
        let mut n = 0;
        while is_open(r + dr * (n + 1), c + dc * (n + 1)) {
            n += 1;
        }
        n
    };
    let mut found = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if is_open(r, c)
                && [(0, 1), (0, -1), (1, 0), (-1, 0)]
                    .iter()
                    .all(|&(dr, dc)| run(r, c, dr, dc) >= 2)
            {
                found.push((r, c));
            }
        }
    }
    found
}

fn board(
    sides: std::ops::RangeInclusive<usize>,
    density: f64,
) -> impl Strategy<Value = (usize, usize, Vec<bool>)> {
    (sides.clone(), sides).prop_flat_map(move |(r, c)| {
        let cells = prop::collection::vec(prop::bool::weighted(density), r * c);
        (Just(r), Just(c), cells)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn inventor_matches_the_real_rules((rows, cols, spots) in board(1..=9, 0.25)) {
        prop_assume!(rows * cols <= 128);
        prop_assume!(spots.iter().filter(|&&s| s).count() <= 13);
        let fast = inventor::analyze(rows, cols, |r, c| spots[r * cols + c]).unwrap();
        let real = InventorBoard { rows: rows as i32, cols: cols as i32, spots: spots.clone() };
        let mut solver = Solver::new(&real);
        prop_assert_eq!(solver.grundy(&0).unwrap(), fast.grundy);
        // The winning first moves, as the cells built on.
        let mut winning = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if !spots[r * cols + c] {
                    continue;
                }
                let mut options = Vec::new();
                let single = InventorBoard { rows: rows as i32, cols: cols as i32, spots: (0..rows * cols).map(|i| i == r * cols + c).collect() };
                single.options(&0, &mut options);
                let after = options[0][0];
                if solver.grundy(&after).unwrap().is_zero() {
                    winning.push((r, c));
                }
            }
        }
        prop_assert_eq!(&winning, &fast.winning);
    }

    #[test]
    fn lava_in_play_matches_the_real_rules(
        (rows, cols, open) in board(5..=11, 0.9),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        prop_assume!(rows * cols <= 128);
        let (r, c) = (rows as i32, cols as i32);
        let monsters = monsters_by_runs(r, c, &open);
        prop_assume!((1..=14).contains(&monsters.len()));
        let real = LavaMap { rows: r, cols: c, monsters: monsters.clone() };
        let mut solver = Solver::new(&real);
        // Play live monsters by the statement's rules, keeping the lava.
        let (mut lava, mut played) = (0u128, Vec::new());
        for pick in picks {
            let live: Vec<(i32, i32)> = monsters.iter().copied().filter(|&(mr, mc)| lava & real.bit(mr, mc) == 0).collect();
            if live.is_empty() {
                break;
            }
            let (mr, mc) = live[pick.index(live.len())];
            let one = LavaMap { rows: r, cols: c, monsters: vec![(mr, mc)] };
            let mut options = Vec::new();
            one.options(&lava, &mut options);
            lava = options[0][0];
            played.push((mr as usize, mc as usize));
        }
        let fast = lava::analyze_played(rows, cols, &open, &played, &grundy::work::Budget::unlimited()).unwrap();
        prop_assert_eq!(solver.grundy(&lava).unwrap(), fast.grundy);
        let winning: Vec<(usize, usize)> = monsters
            .iter()
            .filter(|&&(mr, mc)| lava & real.bit(mr, mc) == 0)
            .filter(|&&(mr, mc)| {
                let one = LavaMap { rows: r, cols: c, monsters: vec![(mr, mc)] };
                let mut options = Vec::new();
                one.options(&lava, &mut options);
                solver.grundy(&options[0][0]).unwrap().is_zero()
            })
            .map(|&(a, b)| (a as usize, b as usize))
            .collect();
        prop_assert_eq!(&winning, &fast.winning);
        // The lava drawn and the monsters left to play are the real ones.
        for i in 0..rows * cols {
            prop_assert_eq!(fast.lava[i], lava >> i & 1 == 1, "cell {}", i);
        }
        let live: Vec<(usize, usize)> = monsters
            .iter()
            .filter(|&&(mr, mc)| lava & real.bit(mr, mc) == 0)
            .map(|&(a, b)| (a as usize, b as usize))
            .collect();
        prop_assert_eq!(&live, &fast.live);
        check_notation(
            LavaNotation::new(),
            &board_text(rows, cols, &open, ['^', '#'], &played),
            &live,
            |r, c| lava >> (r * cols + c) & 1 == 1,
            &['~'],
            &played,
            (live.len() <= 7).then_some(fast.grundy),
        )?;
        // A monster under lava cannot be played again.
        if let Some(&first) = played.first() {
            let mut again = played.clone();
            again.push(first);
            let refused = lava::analyze_played(rows, cols, &open, &again, &grundy::work::Budget::unlimited());
            prop_assert!(refused.is_err());
        }
    }

    #[test]
    fn inventor_in_play_matches_the_real_rules(
        (rows, cols, spots) in board(1..=9, 0.3),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        prop_assume!(rows * cols <= 128);
        prop_assume!((1..=14).contains(&spots.iter().filter(|&&s| s).count()));
        let real = InventorBoard { rows: rows as i32, cols: cols as i32, spots: spots.clone() };
        let mut solver = Solver::new(&real);
        let free_in = |occupied: u128| -> Vec<(usize, usize)> {
            (0..rows * cols)
                .filter(|&i| spots[i] && occupied >> i & 1 == 0)
                .map(|i| (i / cols, i % cols))
                .collect()
        };
        // Build on free spots by the statement's rules, keeping the occupied cells.
        let build = |occupied: u128, (r, c): (usize, usize)| {
            let one = InventorBoard {
                rows: rows as i32,
                cols: cols as i32,
                spots: (0..rows * cols).map(|i| i == r * cols + c).collect(),
            };
            let mut options = Vec::new();
            one.options(&occupied, &mut options);
            options[0][0]
        };
        let (mut occupied, mut played) = (0u128, Vec::new());
        for pick in picks {
            let free = free_in(occupied);
            if free.is_empty() {
                break;
            }
            let cell = free[pick.index(free.len())];
            occupied = build(occupied, cell);
            played.push(cell);
        }
        let budget = grundy::work::Budget::unlimited();
        let fast = inventor::analyze_played(rows, cols, |r, c| spots[r * cols + c], &played, &budget).unwrap();
        prop_assert_eq!(solver.grundy(&occupied).unwrap(), fast.grundy);
        prop_assert_eq!(&free_in(occupied), &fast.free);
        let winning: Vec<(usize, usize)> = free_in(occupied)
            .into_iter()
            .filter(|&cell| solver.grundy(&build(occupied, cell)).unwrap().is_zero())
            .collect();
        prop_assert_eq!(&winning, &fast.winning);
        for i in 0..rows * cols {
            prop_assert_eq!(fast.occupied[i], occupied >> i & 1 == 1, "cell {}", i);
        }
        check_notation(
            InventorNotation::new(),
            &board_text(rows, cols, &spots, ['X', '.'], &played),
            &free_in(occupied),
            |r, c| occupied >> (r * cols + c) & 1 == 1,
            &['A', '+'],
            &played,
            (free_in(occupied).len() <= 7).then_some(fast.grundy),
        )?;
        // A cell already built on cannot be built on again.
        if let Some(&first) = played.first() {
            let mut again = played.clone();
            again.push(first);
            let refused = inventor::analyze_played(rows, cols, |r, c| spots[r * cols + c], &again, &budget);
            prop_assert!(refused.is_err());
        }
        // Nothing played is the plain analysis.
        let start = inventor::analyze_played(rows, cols, |r, c| spots[r * cols + c], &[], &budget).unwrap();
        let plain = inventor::analyze(rows, cols, |r, c| spots[r * cols + c]).unwrap();
        prop_assert_eq!((start.grundy, &start.winning), (plain.grundy, &plain.winning));
    }

    #[test]
    fn boards_whose_classes_mirror_each_other_are_lost_by_the_real_rules(
        (rows, cols, spots) in board(1..=9, 0.15),
        which in 0..3usize,
    ) {
        prop_assume!(rows * cols <= 128);
        // A reflection of the board that swaps the colours: columns reversed (C even),
        // rows reversed (R even), or both (R + C odd).
        let image = |r: usize, c: usize| match which {
            0 => (r, cols - 1 - c),
            1 => (rows - 1 - r, c),
            _ => (rows - 1 - r, cols - 1 - c),
        };
        let swaps = match which {
            0 => cols % 2 == 0,
            1 => rows % 2 == 0,
            _ => (rows + cols) % 2 == 1,
        };
        prop_assume!(swaps);
        let symmetric: Vec<bool> = (0..rows * cols)
            .map(|i| {
                let (r, c) = image(i / cols, i % cols);
                spots[i] || spots[r * cols + c]
            })
            .collect();
        prop_assume!(symmetric.iter().filter(|&&s| s).count() <= 14);
        let fast = inventor::analyze(rows, cols, |r, c| symmetric[r * cols + c]).unwrap();
        prop_assert_eq!(fast.class_values, None);
        prop_assert_eq!(fast.grundy, Nimber::ZERO);
        prop_assert!(fast.winning.is_empty());
        let real = InventorBoard { rows: rows as i32, cols: cols as i32, spots: symmetric.clone() };
        prop_assert_eq!(Solver::new(&real).grundy(&0).unwrap(), Nimber::ZERO);
    }

    #[test]
    fn mirrored_point_sets_are_the_same_game(
        points in prop::collection::vec((0i64..6, 0i64..6), 0..10),
        which in 0..8usize,
        shift in (-5i64..5, -5i64..5),
        other in prop::collection::vec((0i64..6, 0i64..6), 0..10),
    ) {
        let mut a = points.clone();
        a.sort_unstable();
        a.dedup();
        let f = |(u, v): (i64, i64)| match which {
            0 => (u, v),
            1 => (-u, v),
            2 => (u, -v),
            3 => (-u, -v),
            4 => (v, u),
            5 => (-v, u),
            6 => (v, -u),
            _ => (-v, -u),
        };
        let b: Vec<(i64, i64)> = a.iter().map(|&p| { let (u, v) = f(p); (u + shift.0, v + shift.1) }).collect();
        prop_assert!(inventor::mirrored(&a, &b));
        let value = |p: &[(i64, i64)]| CrossCut::new(p).unwrap().grundy().unwrap();
        prop_assert_eq!(value(&a), value(&b));
        // Whenever two sets are called mirrored, their values agree.
        let mut c = other.clone();
        c.sort_unstable();
        c.dedup();
        if inventor::mirrored(&a, &c) {
            prop_assert_eq!(value(&a), value(&c));
        }
    }

    #[test]
    fn lava_matches_the_real_rules((rows, cols, open) in board(5..=11, 0.9)) {
        prop_assume!(rows * cols <= 128);
        let (r, c) = (rows as i32, cols as i32);
        let monsters = monsters_by_runs(r, c, &open);
        prop_assume!((1..=14).contains(&monsters.len()));
        let fast = lava::analyze(rows, cols, &open).unwrap();
        let as_usize: Vec<(usize, usize)> =
            monsters.iter().map(|&(a, b)| (a as usize, b as usize)).collect();
        prop_assert_eq!(&fast.monsters, &as_usize);
        let real = LavaMap { rows: r, cols: c, monsters: monsters.clone() };
        let mut solver = Solver::new(&real);
        prop_assert_eq!(solver.grundy(&0).unwrap(), fast.grundy);
        let winning: Vec<(usize, usize)> = monsters
            .iter()
            .filter(|&&(mr, mc)| {
                let one = LavaMap { rows: r, cols: c, monsters: vec![(mr, mc)] };
                let mut options = Vec::new();
                one.options(&0, &mut options);
                solver.grundy(&options[0][0]).unwrap().is_zero()
            })
            .map(|&(a, b)| (a as usize, b as usize))
            .collect();
        prop_assert_eq!(&winning, &fast.winning);
    }

    #[test]
    fn table_and_search_agree_on_dense_and_sparse_sets(
        (rows, cols, cells) in board(1..=9, 0.6),
        diagonal in any::<bool>(),
    ) {
        // Either the cells themselves, or the cells turned 45° as Inventor does.
        let points: Vec<(i64, i64)> = (0..rows * cols)
            .filter(|&i| cells[i])
            .map(|i| {
                let (r, c) = ((i / cols) as i64, (i % cols) as i64);
                if diagonal { (r + c, r - c) } else { (r, c) }
            })
            .collect();
        let mut table = CrossCut::with_method(&points, Method::Table).unwrap();
        let mut search = CrossCut::with_method(&points, Method::Search).unwrap();
        prop_assert_eq!(table.stats().method, Method::Table);
        prop_assert_eq!(table.grundy().unwrap(), search.grundy().unwrap());
        prop_assert_eq!(table.move_values().unwrap(), search.move_values().unwrap());
    }

    #[test]
    fn compressed_engine_matches_raw_rectangles(
        points in prop::collection::vec((-6i64..6, -6i64..6), 0..14),
    ) {
        let method = if points.len() % 2 == 0 { Method::Table } else { Method::Search };
        let mut fast = CrossCut::with_method(&points, method).unwrap();
        let raw = CrossCutGame { points: points.clone() };
        let mut solver = Solver::new(&raw);
        let whole = (-6, 5, -6, 5);
        prop_assert_eq!(fast.grundy().unwrap(), solver.grundy(&whole).unwrap());
        for (i, left) in fast.move_values().unwrap().into_iter().enumerate() {
            let (u, v) = points[i];
            let quadrants = [(-6, u - 1, -6, v - 1), (-6, u - 1, v + 1, 5), (u + 1, 5, -6, v - 1), (u + 1, 5, v + 1, 5)];
            let mut x = Nimber::ZERO;
            for q in quadrants {
                if q.0 <= q.1 && q.2 <= q.3 {
                    x ^= solver.grundy(&q).unwrap();
                }
            }
            prop_assert_eq!(left, x, "move at {:?}", points[i]);
        }
    }
}

#[test]
fn small_boards_worked_by_hand() {
    // 1x1: the one spot wins. 1x3 "XXX": the middle spot is alone in its colour, the ends
    // never touch: every first move leaves two single moves, so all three win. 2x2 full:
    // each colour class is one diagonal pair, taken in one move: 1 xor 1 = 0, no winner.
    // 1x4 "XXXX": two independent spots per colour, 0 xor 0, no winner.
    let cases: [(&[&str], usize); 4] = [
        (&["X"], 1),
        (&["XXX"], 3),
        (&["XX", "XX"], 0),
        (&["XXXX"], 0),
    ];
    for (rows, expected) in cases {
        let grid: Vec<&[u8]> = rows.iter().map(|r| r.as_bytes()).collect();
        let a = inventor::analyze(grid.len(), grid[0].len(), |r, c| grid[r][c] == b'X').unwrap();
        assert_eq!(a.winning.len(), expected, "{rows:?}");
    }
}

#[test]
fn strips_are_parity() {
    // On a one-row board no sign is ever placed: each spot is one move.
    for n in [1usize, 2, 7, 40, 401] {
        let a = inventor::analyze(1, n, |_, _| true).unwrap();
        let even = n.div_ceil(2) as u64;
        let odd = (n / 2) as u64;
        let expected = [Nimber(even % 2), Nimber(odd % 2)];
        match a.class_values {
            Some(values) => assert_eq!(values, expected, "1x{n}"),
            // Mirror images: an even strip's classes are one game.
            None => assert_eq!(even, odd, "1x{n}"),
        }
        assert_eq!(a.grundy, expected[0] ^ expected[1], "1x{n}");
    }
}

#[test]
fn staircases_reuse_patterns_and_agree_with_the_table() {
    // A full 2×n Inventor board: each colour class is a staircase in (u, v), whose segments
    // repeat the same pattern at every position.
    for n in [7i64, 24, 41] {
        for class in 0..2 {
            let points: Vec<(i64, i64)> = (0..2)
                .flat_map(|r| (0..n).map(move |c| (r, c)))
                .filter(|&(r, c)| (r + c) % 2 == class)
                .map(|(r, c)| (r + c, r - c))
                .collect();
            let mut table = CrossCut::with_method(&points, Method::Table).unwrap();
            let mut search = CrossCut::with_method(&points, Method::Search).unwrap();
            assert_eq!(table.stats().method, Method::Table);
            assert_eq!(search.grundy().unwrap(), table.grundy().unwrap(), "2x{n}");
            assert_eq!(
                search.move_values().unwrap(),
                table.move_values().unwrap(),
                "2x{n}"
            );
        }
    }
}

/// A budget too small stops the evaluation with the limit named; one large enough gives
/// the same value as no budget; clones share one account across evaluations.
#[test]
fn work_budgets_stop_evaluations_and_are_shared() {
    use grundy::solve::cross_cut::CrossCutError;
    use grundy::work::Budget;

    // A 3×27 Inventor strip with one spot missing: searched, with patterns.
    let spot = |r: usize, c: usize| (r, c) != (1, 13);
    let free = inventor::analyze(3, 27, spot).unwrap();
    let tiny = Budget::new(1000);
    let stopped = inventor::analyze_within(3, 27, spot, &tiny).unwrap_err();
    assert_eq!(stopped, CrossCutError::WorkLimit { limit: 1000 });
    assert!(
        stopped.to_string().contains("more than 1000 steps"),
        "{stopped}"
    );

    let ample = Budget::new(u64::MAX / 2);
    let within = inventor::analyze_within(3, 27, spot, &ample).unwrap();
    assert_eq!(within.grundy, free.grundy);
    assert_eq!(within.winning, free.winning);
    let one = ample.used();
    assert!(one > 0);
    // A second board on a clone of the same account: twice the work charged.
    let clone = ample.clone();
    inventor::analyze_within(3, 27, spot, &clone).unwrap();
    assert_eq!(ample.used(), 2 * one);
    // A budget just under the two boards' work stops the second.
    let shared = Budget::new(2 * one - 1);
    inventor::analyze_within(3, 27, spot, &shared).unwrap();
    assert!(inventor::analyze_within(3, 27, spot, &shared).is_err());

    // The full-board solver charges too.
    let full = Budget::new(u64::MAX / 2);
    inventor::analyze_within(3, 27, |_, _| true, &full).unwrap();
    assert!(full.used() > 0);
    let short = Budget::new(full.used() / 2);
    assert_eq!(
        inventor::analyze_within(3, 27, |_, _| true, &short).unwrap_err(),
        CrossCutError::WorkLimit {
            limit: full.used() / 2
        }
    );

    // The table method charges too: a dense lava map.
    let open: Vec<bool> = (0..12 * 12).map(|i| i % 13 != 0).collect();
    let a = lava::analyze(12, 12, &open).unwrap();
    assert_eq!(a.stats.method, Method::Table);
    assert!(a.stats.options > 10);
    assert!(lava::grundy_within(12, 12, &open, &Budget::new(10)).is_err());
}

/// Full boards go through their own solver (regions keyed by shape); it must agree with
/// the cross-cut engine run on each colour class directly, and on small boards with the
/// statement's rules.
#[test]
fn full_boards_match_the_engine_and_the_real_rules() {
    let engine = |rows: usize, cols: usize| {
        let classes: Vec<Vec<(usize, usize)>> = (0..2)
            .map(|k| {
                (0..rows * cols)
                    .map(|i| (i / cols, i % cols))
                    .filter(|&(r, c)| (r + c) % 2 == k)
                    .collect()
            })
            .collect();
        let mut values = [Nimber::ZERO; 2];
        let mut after = [Vec::new(), Vec::new()];
        for k in 0..2 {
            let points: Vec<(i64, i64)> = classes[k]
                .iter()
                .map(|&(r, c)| ((r + c) as i64, r as i64 - c as i64))
                .collect();
            let mut game = CrossCut::new(&points).unwrap();
            values[k] = game.grundy().unwrap();
            after[k] = game.move_values().unwrap();
        }
        let mut winning: Vec<(usize, usize)> = (0..2)
            .flat_map(|k| {
                let other = values[1 - k];
                classes[k]
                    .iter()
                    .zip(after[k].clone())
                    .filter(move |&(_, left)| (left ^ other).is_zero())
                    .map(|(&cell, _)| cell)
            })
            .collect();
        winning.sort_unstable();
        (values, winning)
    };
    let mut sizes: Vec<(usize, usize)> = Vec::new();
    for rows in 1..=9 {
        for cols in rows..=13 {
            sizes.push((rows, cols));
        }
    }
    sizes.extend([(3, 41), (5, 27), (1, 99), (7, 19), (2, 31)]);
    for (rows, cols) in sizes {
        let fast = inventor::analyze(rows, cols, |_, _| true).unwrap();
        let (values, winning) = engine(rows, cols);
        if let Some(v) = fast.class_values {
            assert_eq!(v, values, "{rows}x{cols}");
        } else {
            assert_eq!(values[0], values[1], "{rows}x{cols}: called mirror images");
        }
        assert_eq!(fast.grundy, values[0] ^ values[1], "{rows}x{cols}");
        assert_eq!(fast.winning, winning, "{rows}x{cols}");
    }
    for (rows, cols) in [(3, 3), (1, 7), (3, 5), (2, 5), (3, 4)] {
        let fast = inventor::analyze(rows, cols, |_, _| true).unwrap();
        let real = InventorBoard {
            rows: rows as i32,
            cols: cols as i32,
            spots: vec![true; rows * cols],
        };
        assert_eq!(
            Solver::new(&real).grundy(&0).unwrap(),
            fast.grundy,
            "{rows}x{cols}"
        );
    }
}
