//! The misère quotient of a heap family, computed and proved candidate by candidate.
//!
//! The report it makes is data in [`crate::report::quotient`].

use crate::report::quotient::*;

use crate::error::Error;
use crate::family::Family;
use crate::solve::quotient::Quotient;

/// The most heaps a quotient is computed for.
pub const MAX_HEAP: u64 = 100_000;

/// The quotient of `family`'s heaps `0..=upto`; `progress` hears of the heaps done.
pub fn quotient(
    family: &Family,
    upto: u64,
    progress: &mut dyn crate::progress::Progress,
) -> Result<(QuotientReport, Quotient), Error> {
    if upto > MAX_HEAP {
        return Err(Error::input(format!(
            "--upto {upto} is past the largest heap a quotient is computed for, {MAX_HEAP}"
        )));
    }
    let q = Quotient::compute(family, upto, progress)
        .map_err(|e| Error::input(format!("{}: {e}", family.short_name())))?;
    Ok((QuotientReport::of(family, &q), q))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misere_nim_reads_as_t2() {
        let (report, _) = quotient(&Family::Nim, 3, &mut crate::NoProgress).unwrap();
        assert_eq!(report.order, 6);
        assert_eq!(report.relations, vec!["a^2 = 1", "b^3 = b"]);
        assert_eq!(report.p_portion, vec!["a", "b^2"]);
        assert_eq!(report.pretending, vec!["1", "a", "b", "a b"]);
        let json = serde_json::to_string(&report).unwrap();
        assert_eq!(
            serde_json::from_str::<QuotientReport>(&json).unwrap(),
            report
        );
        let text = report.to_string();
        assert!(text.contains("|Q| = 6, |P| = 2"), "{text}");
    }
}
