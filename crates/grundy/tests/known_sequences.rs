//! Published Grundy sequences (tests/data/sequences.txt) against both engines: the family's
//! table loop and the generic memoised solver.

use grundy::Family;

const DATA: &str = include_str!("data/sequences.txt");

enum Fact {
    Values(Family, Vec<u32>),
    Period(Family, usize, usize),
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
                let family: Family = name.parse().expect("a known family");
                let values = values
                    .split_whitespace()
                    .map(|v| v.parse().expect("a number"))
                    .collect();
                facts.push((line_no, Fact::Values(family, values)));
            }
            "period" => {
                let fields: Vec<&str> = rest.split_whitespace().collect();
                let family: Family = fields[0].parse().expect("a known family");
                facts.push((
                    line_no,
                    Fact::Period(
                        family,
                        fields[1].parse().expect("a preperiod"),
                        fields[2].parse().expect("a period"),
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
        let family: Family = name.parse().unwrap();
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
            let values = family.values(1000).unwrap();
            let found = family
                .proven_period(&values)
                .unwrap_or_else(|| panic!("data line {line}: no period proved for {family}"));
            assert_eq!(
                (found.preperiod, found.period),
                (preperiod, period),
                "data line {line}: {family}"
            );
        }
    }
}
