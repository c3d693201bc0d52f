//! Published Grundy sequences (tests/data/sequences.txt) against every engine: the
//! family's fastest table, the plain loop, the sparse-space engine and the generic
//! memoised solver.

use grundy::Family;
use grundy::solve::heap::{self, Method, Unwatched};
use grundy::work::UNLIMITED;

const DATA: &str = include_str!("data/sequences.txt");

enum Fact {
    Values(Family, Vec<u32>),
    Period(Family, usize, usize),
    At(Family, u64, u32),
    Fletcher(Family, u64, u32),
}

fn facts() -> Vec<(usize, Fact)> {
    let mut facts = Vec::new();
    for (i, line) in DATA.lines().enumerate() {
        let line_no = i + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (kind, rest) = line.split_once(' ').expect("a kind and its fields");
        match kind {
            "values" => {
                let (name, values) = rest.split_once(": ").expect("FAMILY: values");
                let family = grundy::catalogue::family(name).expect("a known family");
                let values = values
                    .split_whitespace()
                    .map(|v| v.parse().expect("a number"))
                    .collect();
                facts.push((line_no, Fact::Values(family, values)));
            }
            "period" => {
                let fields: Vec<&str> = rest.split_whitespace().collect();
                let family = grundy::catalogue::family(fields[0]).expect("a known family");
                facts.push((
                    line_no,
                    Fact::Period(
                        family,
                        fields[1].parse().expect("a preperiod"),
                        fields[2].parse().expect("a period"),
                    ),
                ));
            }
            "at" => {
                let fields: Vec<&str> = rest.split_whitespace().collect();
                let family = grundy::catalogue::family(fields[0]).expect("a known family");
                facts.push((
                    line_no,
                    Fact::At(
                        family,
                        fields[1].parse().expect("a heap"),
                        fields[2].parse().expect("a value"),
                    ),
                ));
            }
            "fletcher" => {
                let fields: Vec<&str> = rest.split_whitespace().collect();
                let family = grundy::catalogue::family(fields[0]).expect("a known family");
                facts.push((
                    line_no,
                    Fact::Fletcher(
                        family,
                        fields[1].parse().expect("a heap"),
                        u32::from_str_radix(fields[2], 16).expect("a hexadecimal checksum"),
                    ),
                ));
            }
            other => panic!("line {line_no}: unknown kind {other}"),
        }
    }
    facts
}

#[test]
fn the_data_file_has_the_required_facts() {
    let facts = facts();
    for name in ["octal:0.77", "octal:0.137", "octal:0.07"] {
        let family = grundy::catalogue::family(name).unwrap();
        let longest = facts
            .iter()
            .filter_map(|(_, f)| match f {
                Fact::Values(g, v) if *g == family => Some(v.len()),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        assert!(longest >= 80, "{name}: only {longest} published values");
    }
}

#[test]
fn table_loops_match_published_values() {
    for (line, fact) in facts() {
        if let Fact::Values(family, expected) = fact {
            let got = family.values(expected.len() as u64 - 1).unwrap();
            assert_eq!(got, expected, "data line {line}: {family}");
        }
    }
}

#[test]
fn every_heap_engine_matches_published_values() {
    for (line, fact) in facts() {
        let (family, heaps) = match &fact {
            Fact::Values(family, v) => (family, (0..v.len() as u64).collect::<Vec<_>>()),
            Fact::At(family, n, _) => (family, vec![*n]),
            Fact::Period(..) | Fact::Fletcher(..) => continue,
        };
        let Family::TakeBreak(game) = family else {
            continue;
        };
        let upto = *heaps.iter().max().unwrap();
        for method in [Method::Table, Method::Sparse, Method::Loop] {
            let c = heap::compute(game, upto, method, None, &mut Unwatched, UNLIMITED).unwrap();
            for &n in &heaps {
                let expected = match &fact {
                    Fact::Values(_, v) => v[n as usize],
                    Fact::At(_, _, v) => *v,
                    Fact::Period(..) | Fact::Fletcher(..) => unreachable!(),
                };
                assert_eq!(
                    c.value(n),
                    expected,
                    "data line {line}: {family} at {n} by {method:?}"
                );
            }
        }
    }
}

#[test]
fn generic_solver_matches_published_values() {
    for (line, fact) in facts() {
        if let Fact::Values(family, expected) = fact {
            let got = family.values_by_solver(expected.len() as u64 - 1).unwrap();
            assert_eq!(got, expected, "data line {line}: {family}");
        }
    }
}

#[test]
fn published_periods_are_proved() {
    for (line, fact) in facts() {
        if let Fact::Period(family, preperiod, period) = fact {
            let found = match &family {
                // As far as the theorem needs, and no further: the table stops at the proof.
                Family::TakeBreak(game) => {
                    let upto = (3 * (preperiod + period) + game.max_take()) as u64;
                    heap::compute(game, upto, Method::Table, None, &mut Unwatched, UNLIMITED)
                        .unwrap()
                        .period
                }
                _ => family.proven_period(&family.values(1000).unwrap()),
            };
            let found =
                found.unwrap_or_else(|| panic!("data line {line}: no period proved for {family}"));
            assert_eq!(
                (found.preperiod, found.period),
                (preperiod, period),
                "data line {line}: {family}"
            );
            // The pattern that answers heaps of any size rests on the same period.
            let pattern = family.pattern().unwrap();
            assert_eq!(
                (pattern.period().preperiod, pattern.period().period),
                (preperiod, period),
                "data line {line}: {family}'s pattern"
            );
        }
    }
}

#[test]
fn long_tables_match_the_checksums_of_another_solver() {
    for (line, fact) in facts() {
        if let Fact::Fletcher(Family::TakeBreak(game), upto, expected) = fact {
            let c =
                heap::compute(&game, upto, Method::Table, None, &mut Unwatched, UNLIMITED).unwrap();
            let got = grundy::fletcher_of((0..=upto).map(|n| c.value(n)));
            assert_eq!(got, expected, "data line {line}: {game} to {upto}");
        }
    }
}
