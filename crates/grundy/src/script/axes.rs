//! Which entries of a list position vary when a script game is explored: `--axes '[x, 3, y]'`
//! explores the positions [x, 3, y] over a grid of x and y, `--axes '[2, n, 0]'` the line
//! [2, n, 0] for n = 0..=N. The template is a position as `analyze` reads it, with the bare
//! words `x` and `y` (a grid) or `n` (a line) where the coordinates go, each once; the other
//! entries stay as written, at any depth.

use super::position::{ScriptPosition, parse_positions};

/// A position with holes for the coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Axes {
    template: ScriptPosition,
    names: Vec<&'static str>,
}

impl Axes {
    /// Reads `text` as one position holding each of `names` once as a bare word.
    pub fn parse(text: &str, names: &[&'static str]) -> Result<Axes, String> {
        let shape = names.join(" and ");
        let bad = |why: String| {
            format!(
                "--axes {}: {why} (write one position with {shape} where the coordinates go, like {})",
                crate::parse::escaped_str(text),
                if names.len() == 2 {
                    "[x, 3, y]"
                } else {
                    "[2, n, 0]"
                }
            )
        };
        let mut positions = parse_positions(text).map_err(|e| bad(e.to_string()))?;
        if positions.len() != 1 {
            return Err(bad(format!("{} positions, not one", positions.len())));
        }
        let template = positions.remove(0);
        for name in names {
            let count = count_word(&template, name);
            if count != 1 {
                return Err(bad(format!("{name} appears {count} times, not once")));
            }
        }
        Ok(Axes {
            template,
            names: names.to_vec(),
        })
    }

    /// The position at `coords` (one for each name, in order).
    pub fn at(&self, coords: &[i64]) -> ScriptPosition {
        fill(&self.template, &self.names, coords)
    }
}

fn count_word(p: &ScriptPosition, word: &str) -> usize {
    match p {
        ScriptPosition::Str(s) => usize::from(&**s == word),
        ScriptPosition::Nested(items) => items.iter().map(|q| count_word(q, word)).sum(),
        _ => 0,
    }
}

fn fill(p: &ScriptPosition, names: &[&str], coords: &[i64]) -> ScriptPosition {
    match p {
        ScriptPosition::Str(s) => match names.iter().position(|n| *n == &**s) {
            Some(i) => ScriptPosition::Int(coords[i]),
            None => p.clone(),
        },
        // Holes filled, a list of integers alone is a List again: the same position
        // as one written out.
        ScriptPosition::Nested(items) => ScriptPosition::from(
            items
                .iter()
                .map(|q| fill(q, names, coords))
                .collect::<Vec<_>>(),
        ),
        _ => p.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_fill_to_the_positions_written_out() {
        let axes = Axes::parse("[x, 3, y]", &["x", "y"]).unwrap();
        let written = parse_positions("[4, 3, 7]").unwrap().remove(0);
        assert_eq!(axes.at(&[4, 7]), written);
        let deep = Axes::parse("[[n, 1], \"ab\"]", &["n"]).unwrap();
        assert_eq!(
            deep.at(&[5]),
            parse_positions("[[5, 1], \"ab\"]").unwrap().remove(0)
        );
        for (text, fragment) in [
            ("[x, 3]", "y appears 0 times"),
            ("[x, x, y]", "x appears 2 times"),
            ("[x, y] [y, x]", "2 positions"),
            ("[x, y", "--axes"),
        ] {
            let e = Axes::parse(text, &["x", "y"]).unwrap_err();
            assert!(e.contains(fragment), "{text}: {e}");
        }
    }
}
