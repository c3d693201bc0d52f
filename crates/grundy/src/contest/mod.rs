//! The five contest problems grundy was first built for: their names, the limits their
//! statements set, and generators of valid inputs (for tests, and for `grundy gen`).

/// A contest problem grundy knows by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    /// "A Game With a Sheet of Paper": count the winning marks on N×M sheets.
    Shgame,
    /// "Lame Queen Game": the chance that the second player wins from a random square.
    Lamqugam,
    /// "Inventor Outlasting": count the winning first builds on a board.
    InventorOutlasting,
    /// "Pishty and birthday": who wins on a range of cakes, with cakes replaced.
    Pshtbrth,
    /// "CAO Stage-3": who wins the lava game on a map.
    Caos3,
}

impl Problem {
    /// Every problem, with its contest name and the aliases it also answers to.
    pub const ALL: [(Problem, &'static str, &'static [&'static str]); 5] = [
        (Problem::Shgame, "shgame", &["sheet"]),
        (Problem::Lamqugam, "lamqugam", &["lame-queen"]),
        (
            Problem::InventorOutlasting,
            "inventor-outlasting",
            &["inventor"],
        ),
        (Problem::Pshtbrth, "pshtbrth", &["cakes"]),
        (Problem::Caos3, "caos3", &["lava"]),
    ];

    /// The problem called `name` (a contest name or an alias).
    pub fn from_name(name: &str) -> Option<Problem> {
        Self::ALL
            .iter()
            .find(|(_, n, aliases)| *n == name || aliases.contains(&name))
            .map(|(p, _, _)| *p)
    }

    /// The contest name.
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(p, _, _)| *p == self)
            .map_or("", |(_, n, _)| n)
    }

    /// "shgame (sheet), lamqugam (lame-queen), ..." for error messages.
    pub fn known_names() -> String {
        Self::ALL
            .iter()
            .map(|(_, n, aliases)| format!("{n} ({})", aliases.join(", ")))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_resolve() {
        for (p, name, aliases) in Problem::ALL {
            assert_eq!(Problem::from_name(name), Some(p));
            for a in aliases {
                assert_eq!(Problem::from_name(a), Some(p));
            }
        }
        assert_eq!(Problem::from_name("chess"), None);
    }
}
