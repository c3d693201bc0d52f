//! The generic solver against the definitions, on random games.
//!
//! - mex: every position's value is the least value no option has;
//! - sums: a sum searched as one game is worth the XOR of its parts;
//! - winning moves are exactly the options worth 0;
//! - the table loops of the families agree with the solver on random rules.

use grundy::games::{Subtraction, TakeBreak};
use grundy::{Components, Family, Game, Nimber, NoProgress, Player, SolveError, Solver, Sum};
use proptest::prelude::*;

/// A random finite game: position p's options are lists of positions below p.
#[derive(Clone, Debug)]
struct Dag {
    options: Vec<Vec<Vec<usize>>>,
}

impl Game for Dag {
    type Position = usize;
    fn options(&self, p: &usize, out: &mut Vec<Components<usize>>) {
        out.extend(
            self.options[*p]
                .iter()
                .map(|o| o.iter().copied().collect::<Components<usize>>()),
        );
    }
}

/// A DAG of `n` positions where each option has at most `width` components.
fn dag(n: usize, width: usize) -> impl Strategy<Value = Dag> {
    prop::collection::vec(
        prop::collection::vec(prop::collection::vec(any::<u32>(), 0..=width), 0..5),
        1..=n,
    )
    .prop_map(|raw| {
        let options = raw
            .into_iter()
            .enumerate()
            .map(|(p, opts)| {
                if p == 0 {
                    return Vec::new();
                }
                opts.into_iter()
                    .map(|comps| comps.into_iter().map(|c| c as usize % p).collect())
                    .collect()
            })
            .collect();
        Dag { options }
    })
}

proptest! {
    #[test]
    fn values_satisfy_the_mex_definition(game in dag(40, 3)) {
        let n = game.options.len();
        let mut solver = Solver::new(&game);
        for p in 0..n {
            let g = solver.grundy(&p).unwrap();
            let option_values: Vec<Nimber> = solver
                .option_values(&p)
                .unwrap()
                .into_iter()
                .map(|(_, v)| v)
                .collect();
            prop_assert!(!option_values.contains(&g), "position {p} has an option of its own value");
            for smaller in 0..g.0 {
                prop_assert!(option_values.contains(&Nimber(smaller)), "position {p}: {smaller} missing");
            }
            prop_assert_eq!(solver.winner(&p).unwrap(), Player::winner_of(g));
        }
    }

    #[test]
    fn a_sum_searched_whole_is_worth_the_xor(
        game in dag(10, 2),
        picks in prop::collection::vec(any::<u32>(), 2..=3),
    ) {
        let n = game.options.len();
        let parts: Vec<usize> = picks.iter().map(|&x| x as usize % n).collect();
        let mut parts_solver = Solver::new(&game);
        let xor = parts_solver.sum_grundy(&parts).unwrap();
        let mut whole = Solver::with_limit(Sum(&game), 200_000);
        match whole.grundy(&parts) {
            Ok(v) => prop_assert_eq!(v, xor),
            Err(SolveError::TooManyPositions { .. }) => prop_assume!(false),
            Err(e) => return Err(TestCaseError::fail(e.to_string())),
        }
        // The sum's winning moves are exactly the component moves that reach 0.
        let mut from_parts: Vec<Vec<usize>> = parts_solver
            .sum_winning_moves(&parts)
            .unwrap()
            .into_iter()
            .map(|m| {
                let mut rest: Vec<usize> = parts.clone();
                rest.remove(m.component);
                rest.extend(m.leaves);
                rest.sort();
                rest
            })
            .collect();
        let mut from_whole: Vec<Vec<usize>> = whole
            .winning_moves(&parts)
            .unwrap()
            .into_iter()
            .map(|c| {
                let mut v = c[0].clone();
                v.sort();
                v
            })
            .collect();
        from_parts.sort();
        from_whole.sort();
        prop_assert_eq!(from_parts, from_whole);
    }

    #[test]
    fn winning_moves_are_the_options_worth_zero(game in dag(30, 3)) {
        let mut solver = Solver::new(&game);
        for p in 0..game.options.len() {
            let g = solver.grundy(&p).unwrap();
            let wins = solver.winning_moves(&p).unwrap();
            prop_assert_eq!(wins.is_empty(), g.is_zero(), "position {}", p);
            for w in &wins {
                prop_assert_eq!(solver.sum_grundy(w).unwrap(), Nimber::ZERO);
            }
            let zero_options = solver
                .option_values(&p)
                .unwrap()
                .iter()
                .filter(|(_, v)| v.is_zero())
                .count();
            prop_assert_eq!(wins.len(), zero_options);
        }
    }

    #[test]
    fn octal_table_loop_matches_the_solver(
        d0 in prop::sample::select(vec![0u8, 4]),
        rest in prop::collection::vec(0u8..8, 1..=4),
    ) {
        let mut digits = vec![d0];
        digits.extend(rest);
        let octal = TakeBreak::from_digits(digits).unwrap();
        let family = Family::TakeBreak(octal);
        prop_assert_eq!(family.values(60).unwrap(), family.values_by_solver(60).unwrap(), "{}", family);
    }

    #[test]
    fn the_period_shortcut_matches_the_full_loop(
        d0 in prop::sample::select(vec![0u8, 4]),
        rest in prop::collection::vec(0u8..8, 1..=3),
    ) {
        let mut digits = vec![d0];
        digits.extend(rest);
        let octal = TakeBreak::from_digits(digits).unwrap();
        let shortcut = octal.values_with(1500, true, &mut NoProgress);
        let full = octal.values_with(1500, false, &mut NoProgress);
        prop_assert_eq!(shortcut, full, "{}", octal);
    }

    #[test]
    fn subtraction_table_loop_matches_the_solver(
        takes in prop::collection::vec(1u64..12, 1..5),
    ) {
        let family = Family::Subtraction(Subtraction::new(takes).unwrap());
        prop_assert_eq!(family.values(150).unwrap(), family.values_by_solver(150).unwrap(), "{}", family);
    }

    #[test]
    fn proven_periods_hold_far_beyond_the_proof(
        takes in prop::collection::vec(1u64..9, 1..4),
    ) {
        let family = Family::Subtraction(Subtraction::new(takes).unwrap());
        let values = family.values(3000).unwrap();
        let p = family.proven_period(&values[..200]).expect("subtraction games are periodic early");
        for n in p.preperiod..values.len() - p.period {
            prop_assert_eq!(values[n], values[n + p.period], "{} at {}", family, n);
        }
    }

    #[test]
    fn heap_analysis_moves_reach_zero(heaps in prop::collection::vec(0u64..40, 1..5)) {
        for name in ["nim", "kayles", "subtraction:1,3,4", "octal:4.7"] {
            let family = grundy::catalogue::family(name).unwrap();
            let table = family.values(40).unwrap();
            let a = family.analyze_heaps(&heaps).unwrap();
            let xor = heaps.iter().fold(0, |x, &h| x ^ table[h as usize]);
            prop_assert_eq!(a.grundy, Nimber(u64::from(xor)));
            prop_assert_eq!(a.winning_moves.is_empty(), xor == 0);
            for m in &a.winning_moves {
                let mut after = xor ^ table[m.from as usize];
                for &l in &m.leaves {
                    after ^= table[l as usize];
                }
                prop_assert_eq!(after, 0, "{}: {}", name, m);
                prop_assert_eq!(m.take + m.leaves.iter().sum::<u64>(), m.from);
            }
        }
    }
    /// Every listed move is a real option of its heap, listed once, with the value of the
    /// position it leaves; the moves listed with value 0 are exactly the winning moves.
    #[test]
    fn listed_moves_carry_the_value_they_leave(heaps in prop::collection::vec(0u64..30, 1..4)) {
        for name in ["nim", "kayles", "subtraction:1,3,4", "octal:0.137", "grundy-game"] {
            let family = grundy::catalogue::family(name).unwrap();
            let moves = family.heap_moves(&heaps).unwrap();
            let mut listed = std::collections::HashSet::new();
            for (m, after) in &moves {
                let mut left = heaps.clone();
                left.remove(m.heap - 1);
                left.extend(&m.leaves);
                // The value after, by the solver on the whole new position.
                prop_assert_eq!(*after, family.analyze_heaps(&left).unwrap().grundy, "{}: {}", name, m);
                let mut options = Vec::new();
                family.options(&m.from, &mut options);
                let mut sorted = m.leaves.clone();
                sorted.sort_unstable();
                prop_assert!(options.iter().any(|o| {
                    let mut o: Vec<u64> = o.to_vec();
                    o.sort_unstable();
                    o == sorted
                }), "{}: {} is not a move", name, m);
                prop_assert!(listed.insert((m.heap, sorted)), "{}: {} listed twice", name, m);
            }
            let key = |m: &grundy::HeapMove| {
                let mut leaves = m.leaves.clone();
                leaves.sort_unstable();
                (m.heap, m.take, leaves)
            };
            let winning: std::collections::HashSet<_> = moves
                .iter()
                .filter(|(_, v)| *v == Nimber::ZERO)
                .map(|(m, _)| key(m))
                .collect();
            let analysis = family.analyze_heaps(&heaps).unwrap();
            let expected: std::collections::HashSet<_> = analysis.winning_moves.iter().map(key).collect();
            prop_assert_eq!(winning, expected, "{}", name);
        }
    }

    /// The work estimates count exactly the options the solver sees: the closed forms
    /// against a count through the Game trait.
    #[test]
    fn option_counts_in_closed_form_match_the_game(
        d0 in prop::sample::select(vec![0u8, 4]),
        rest in prop::collection::vec(0u8..8, 0..=6),
        takes in prop::collection::vec(1u64..20, 1..6),
        upto in 0u64..80,
    ) {
        let mut digits = vec![d0];
        digits.extend(rest);
        let families = [
            Family::TakeBreak(TakeBreak::from_digits(digits).unwrap()),
            Family::Subtraction(Subtraction::new(takes).unwrap()),
            Family::Nim,
        ];
        for family in families {
            let mut out = Vec::new();
            let mut counted = 0u128;
            let mut pairs = 0u128;
            for n in 0..=upto {
                out.clear();
                family.options(&n, &mut out);
                counted += out.len() as u128;
                pairs += out.iter().filter(|o| o.len() == 2).count() as u128;
            }
            prop_assert_eq!(family.options_upto(upto), counted, "{}", family);
            if let Family::TakeBreak(o) = &family {
                prop_assert_eq!(o.split_pairs(upto), pairs, "{}", family);
            }
        }
    }

}

#[test]
fn a_million_move_chain_does_not_overflow_the_stack() {
    // subtraction:1 from 10^6: every play is 10^6 moves long.
    let game = Subtraction::new(vec![1]).unwrap();
    let mut solver = Solver::new(game);
    assert_eq!(solver.grundy(&1_000_000).unwrap(), Nimber(0));
    assert_eq!(solver.grundy(&999_999).unwrap(), Nimber(1));
    let stats = solver.stats();
    // Heaps 1..=10^6 each evaluated once; the empty heap is left out of components.
    assert_eq!(stats.evaluated, 1_000_000);
    assert!(stats.max_depth >= 1_000_000, "depth {}", stats.max_depth);
}

/// A chain whose every position also splits off a small side game, so the stack frames
/// hold several options and components.
struct Comb;

impl Game for Comb {
    type Position = u64;
    fn options(&self, n: &u64, out: &mut Vec<Components<u64>>) {
        if *n == 0 {
            return;
        }
        out.push(Components::from_slice(&[n - 1]));
        if n.is_multiple_of(3) {
            out.push(Components::from_slice(&[n - 1, n / 2]));
        }
        out.push(Components::new());
    }
}

#[test]
fn a_deep_comb_matches_a_direct_loop() {
    const N: u64 = 1_000_000;
    let mut solver = Solver::new(Comb);
    let top = solver.grundy(&N).unwrap();
    // The same values by a plain loop upwards.
    let mut g = vec![0u64; N as usize + 1];
    for n in 1..=N as usize {
        let mut opts = vec![g[n - 1], 0];
        if n.is_multiple_of(3) {
            opts.push(g[n - 1] ^ g[n / 2]);
        }
        g[n] = (0..).find(|v| !opts.contains(v)).unwrap();
    }
    assert_eq!(top, Nimber(g[N as usize]));
    for n in [1, 2, 3, 6, 21, 999, 123_456] {
        assert_eq!(solver.grundy(&n).unwrap(), Nimber(g[n as usize]), "n = {n}");
    }
}

/// 0 → 1 → 2 → 0: no Grundy values exist.
struct Cycle;

impl Game for Cycle {
    type Position = u8;
    fn options(&self, p: &u8, out: &mut Vec<Components<u8>>) {
        out.push(Components::from_slice(&[(p + 1) % 3]));
    }
}

#[test]
fn loopy_games_are_reported_not_looped() {
    let mut solver = Solver::new(Cycle);
    assert_eq!(solver.grundy(&0), Err(SolveError::Loopy { at: None }));
    // Nothing half-done is left behind: the same question gets the same answer.
    assert_eq!(solver.grundy(&1), Err(SolveError::Loopy { at: None }));
    assert_eq!(solver.stats().memo_size, 0);
}

#[test]
fn the_memo_limit_is_enforced() {
    let game = Subtraction::new(vec![1, 2]).unwrap();
    let mut solver = Solver::with_limit(game, 100);
    assert_eq!(
        solver.grundy(&1000),
        Err(SolveError::TooManyPositions { limit: 100 })
    );
    // The bound holds the values stored and the options waiting on the stack: a chain
    // of 31 positions with two options each holds about 92 at its deepest.
    assert_eq!(solver.grundy(&30).unwrap(), Nimber(0));
    let mut solver = Solver::with_limit(Subtraction::new(vec![1, 2]).unwrap(), 100);
    assert_eq!(
        solver.grundy(&50),
        Err(SolveError::TooManyPositions { limit: 100 })
    );
}
