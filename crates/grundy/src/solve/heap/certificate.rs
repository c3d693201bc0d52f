//! Certificates of proved periods: what a period of a take-and-break game rests on, written
//! so that another program can check it.
//!
//! The periodicity theorem (Guy and Smith, 1956, for octal games; Winning Ways, chapter 4;
//! the hexadecimal form with three parts): for a game whose moves take at most `t` counters
//! and leave at most `parts` heaps, if g(n + p) = g(n) for every n with
//! n0 ≤ n < parts·n0 + (parts − 1)·p + t, then g(n + p) = g(n) for every n ≥ n0. So a period
//! p from n0 rests on the values of heaps 0 to `bound` − 1, `bound` = parts·(n0 + p) + t,
//! and on nothing else.
//!
//! A certificate is a JSON object (format `grundy-period-certificate/1`):
//!
//! | field | meaning |
//! |---|---|
//! | `format` | `grundy-period-certificate/1` |
//! | `game` | the game as grundy names it (`octal:0.16`, `hex:…`, `grundy-game`) |
//! | `preperiod`, `period` | n0 and p: g(n + p) = g(n) for every n ≥ n0 |
//! | `max_take`, `parts` | t and the most heaps a move leaves, read from the code |
//! | `computed` | the values of heaps 0 to `computed` − 1 were computed |
//! | `bound` | parts·(preperiod + period) + max_take: the theorem reads heaps below it |
//! | `checksum` | FNV-1a of the values of heaps 0 to `bound` − 1 (as `--stats` prints it), 16 hex digits |
//! | `block`, `blocks` | the same checksum of each run of `block` heaps below `bound`, in order |
//!
//! [`verify`] checks one without the engine that wrote it: it recomputes the values of
//! heaps below `bound` with the plain table loop (every option of every heap, no sparse
//! space, no helper thread), then checks the period over the theorem's range and the
//! checksums. A wrong certificate is refused with the heap where it fails.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::checksum_of;
use super::{HeapError, Method, Period, Watch};
use crate::games::TakeBreak;

/// The format a certificate declares.
pub const FORMAT: &str = "grundy-period-certificate/1";

/// Blocks a certificate's values are cut into, at most (each with its checksum).
const MAX_BLOCKS: u64 = 4096;

/// The longest certificate read, bytes: its 4,096 block checksums of 16 hex digits take
/// about 90 KB pretty-printed, so this leaves room for any honest one.
pub const MAX_TEXT: u64 = 1 << 20;

/// What a proved period rests on; see the module notes for each field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Certificate {
    /// [`FORMAT`].
    pub format: String,
    /// The game's name.
    pub game: String,
    /// n0.
    pub preperiod: u64,
    /// p.
    pub period: u64,
    /// The most counters a move takes.
    pub max_take: u64,
    /// The most heaps a move leaves.
    pub parts: u64,
    /// Heaps whose values were computed: 0 to `computed` − 1.
    pub computed: u64,
    /// parts·(preperiod + period) + max_take.
    pub bound: u64,
    /// The checksum of the values of heaps below `bound`.
    pub checksum: String,
    /// Heaps a block.
    pub block: u64,
    /// Each block's checksum.
    pub blocks: Vec<String>,
}

/// The heaps whose values a period rests on: 0 to this − 1; `None` when that is past
/// 2^64 − 1 (no machine computes so many, so no such period is ever proved).
pub fn bound(game: &TakeBreak, p: Period) -> Option<u64> {
    let parts = game.max_parts().max(1) as u64;
    let span = (p.preperiod as u64).checked_add(p.period as u64)?;
    parts.checked_mul(span)?.checked_add(game.max_take() as u64)
}

fn hex(h: u64) -> String {
    format!("{h:016x}")
}

/// Heaps a block for values of heaps below `bound`: at most [`MAX_BLOCKS`] blocks.
fn block_size(bound: u64) -> u64 {
    bound.div_ceil(MAX_BLOCKS).max(1)
}

impl Certificate {
    /// The certificate of `period`, proved for `game` from the values `value(n)` of heaps
    /// 0 to `computed` − 1.
    pub fn new(
        game: &TakeBreak,
        period: Period,
        computed: u64,
        value: impl Fn(u64) -> u32,
    ) -> Certificate {
        // A period proved from computed values read every heap below its bound, so the
        // bound fits; saturating only keeps this total.
        let bound = bound(game, period).unwrap_or(u64::MAX);
        let block = block_size(bound);
        let blocks = (0..bound.div_ceil(block))
            .map(|b| {
                hex(checksum_of(
                    (b * block..((b + 1) * block).min(bound)).map(&value),
                ))
            })
            .collect();
        Certificate {
            format: FORMAT.into(),
            game: game.name(),
            preperiod: period.preperiod as u64,
            period: period.period as u64,
            max_take: game.max_take() as u64,
            parts: game.max_parts() as u64,
            computed,
            bound,
            checksum: hex(checksum_of((0..bound).map(&value))),
            block,
            blocks,
        }
    }
}

/// Why a certificate is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum VerifyError {
    /// Not a certificate grundy can read, or its fields do not fit together.
    #[error("{0}")]
    Malformed(String),
    /// The recomputed values break the period.
    #[error(
        "the period fails at heap {heap}: g({heap}) = {at} but g({}) = {before}, so {period} is not a period from heap {preperiod}",
        heap - period
    )]
    PeriodFails {
        /// The heap n + p where g(n + p) ≠ g(n).
        heap: u64,
        /// g(n + p).
        at: u32,
        /// g(n).
        before: u32,
        /// p.
        period: u64,
        /// n0.
        preperiod: u64,
    },
    /// The recomputed values differ from those the certificate's checksums describe.
    #[error(
        "the values of heaps {from} to {to} differ from the certificate's (block checksum {found}, recomputed {expected})"
    )]
    ValuesDiffer {
        /// The first heap of the block.
        from: u64,
        /// Its last heap.
        to: u64,
        /// The certificate's checksum.
        found: String,
        /// The recomputed one.
        expected: String,
    },
    /// The plain loop could not recompute the values (too much work, or stopped).
    #[error("recomputing the values of heaps below {bound}: {error}")]
    Recompute {
        /// The theorem's bound.
        bound: u64,
        /// What stopped it.
        error: HeapError,
    },
}

/// What a verified certificate says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The game.
    pub game: String,
    /// The period proved.
    pub period: Period,
    /// Heaps whose values were recomputed: 0 to `bound` − 1.
    pub bound: u64,
}

fn malformed(what: impl Into<String>) -> VerifyError {
    VerifyError::Malformed(what.into())
}

/// Reads a certificate from its JSON text.
pub fn parse(text: &str) -> Result<Certificate, VerifyError> {
    serde_json::from_str(text).map_err(|e| malformed(format!("not a period certificate: {e}")))
}

/// Checks `cert` from the rules of its game alone (see the module notes), recomputing
/// within `budget` steps and telling `watch` how far it is.
pub fn verify(
    cert: &Certificate,
    watch: &mut dyn Watch,
    budget: u64,
) -> Result<Verified, VerifyError> {
    if cert.format != FORMAT {
        return Err(malformed(format!(
            "format is '{}', expected '{FORMAT}'",
            cert.format
        )));
    }
    let game = match cert.game.parse::<crate::Family>() {
        Ok(crate::Family::TakeBreak(game)) => game,
        Ok(_) => {
            return Err(malformed(format!(
                "game '{}' is not a take-and-break game (octal:, hex:, grundy-game)",
                cert.game
            )));
        }
        Err(e) => return Err(malformed(format!("game '{}': {e}", cert.game))),
    };
    if cert.period == 0 {
        return Err(malformed("the period is 0"));
    }
    // Every sum and product below is checked: a forged preperiod or period near 2^64 must
    // not wrap the theorem's bound round to a small one that a few heaps would "prove".
    let too_big = |what: &str| malformed(format!("{what} is past what one machine can hold"));
    let preperiod = usize::try_from(cert.preperiod).map_err(|_| too_big("the preperiod"))?;
    let period_len = usize::try_from(cert.period).map_err(|_| too_big("the period"))?;
    let period = Period {
        preperiod,
        period: period_len,
    };
    if (cert.max_take, cert.parts) != (game.max_take() as u64, game.max_parts() as u64) {
        return Err(malformed(format!(
            "{} takes at most {} counters and leaves at most {} heaps; the certificate says {} and {}",
            cert.game,
            game.max_take(),
            game.max_parts(),
            cert.max_take,
            cert.parts
        )));
    }
    let need = bound(&game, period).ok_or_else(|| {
        malformed(format!(
            "preperiod {} and period {} put the theorem's bound past 2^64 − 1 heaps",
            cert.preperiod, cert.period
        ))
    })?;
    if cert.bound != need {
        return Err(malformed(format!(
            "the theorem needs the values of heaps 0 to {}, the certificate's bound says {}",
            need - 1,
            cert.bound.saturating_sub(1)
        )));
    }
    // What was computed must hold the whole range the period is checked over (the plain
    // loop below refuses, by its estimate, a range past its work limit).
    if cert.computed < need {
        return Err(malformed(format!(
            "the values of heaps 0 to {} were computed, the theorem needs heap {}",
            cert.computed.saturating_sub(1),
            need - 1
        )));
    }
    let block = block_size(need);
    if cert.block != block || cert.blocks.len() as u64 != need.div_ceil(block) {
        return Err(malformed(format!(
            "expected {} blocks of {block} heaps, found {} of {}",
            need.div_ceil(block),
            cert.blocks.len(),
            cert.block
        )));
    }
    // The plain loop, run to the bound (no period used, no sparse space).
    let computed = super::compute(&game, need - 1, Method::Loop, None, watch, budget)
        .map_err(|error| VerifyError::Recompute { bound: need, error })?;
    let value = |n: u64| computed.value(n);
    // need = parts·(preperiod + period) + max_take ≥ preperiod + period: no wrap here.
    for n in cert.preperiod..need - cert.period {
        let (before, at) = (value(n), value(n + cert.period));
        if before != at {
            return Err(VerifyError::PeriodFails {
                heap: n + cert.period,
                at,
                before,
                period: cert.period,
                preperiod: cert.preperiod,
            });
        }
    }
    for (b, found) in cert.blocks.iter().enumerate() {
        let from = b as u64 * block;
        let to = (from + block).min(need);
        let expected = hex(checksum_of((from..to).map(value)));
        if *found != expected {
            return Err(VerifyError::ValuesDiffer {
                from,
                to: to - 1,
                found: found.clone(),
                expected,
            });
        }
    }
    let expected = hex(checksum_of((0..need).map(value)));
    if cert.checksum != expected {
        return Err(VerifyError::ValuesDiffer {
            from: 0,
            to: need - 1,
            found: cert.checksum.clone(),
            expected,
        });
    }
    Ok(Verified {
        game: cert.game.clone(),
        period,
        bound: need,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::heap::{Unwatched, compute};
    use crate::work::MAX_STEPS;
    use proptest::prelude::*;

    /// The certificate the table engine (sparse space, stopped at the first period)
    /// writes for `code`.
    fn certify(code: &str, upto: u64) -> Certificate {
        let game: TakeBreak = code.parse().unwrap();
        let c = compute(&game, upto, Method::Table, None, &mut Unwatched, MAX_STEPS).unwrap();
        let period = c.period.expect("a period within these heaps");
        Certificate::new(&game, period, c.values.len() as u64, |n| c.value(n))
    }

    #[test]
    fn published_periods_are_certified_and_verified() {
        // Kayles (0.77): period 12, last exception at 70; Dawson's Kayles (0.07): period
        // 34, last exception at 52; Dawson's Chess (0.137), the same shifted by one
        // (Winning Ways, chapter 4; Guy and Smith 1956).
        for (code, preperiod, period) in [("0.77", 71, 12), ("0.07", 53, 34), ("0.137", 52, 34)] {
            let cert = certify(code, 100_000);
            assert_eq!(cert.game, format!("octal:{code}"));
            assert_eq!((cert.preperiod, cert.period), (preperiod, period), "{code}");
            let text = serde_json::to_string_pretty(&cert).unwrap();
            let read = parse(&text).unwrap();
            let ok = verify(&read, &mut Unwatched, MAX_STEPS).unwrap();
            assert_eq!(ok.period.period as u64, period);
        }
    }

    #[test]
    fn a_wrong_certificate_is_refused_where_it_fails() {
        let good = certify("0.77", 100_000);
        let check = |c: &Certificate| verify(c, &mut Unwatched, MAX_STEPS);
        // A period one shorter, with the bound it would need: the period fails at a heap.
        let mut c = good.clone();
        c.period -= 1;
        c.bound = c.parts * (c.preperiod + c.period) + c.max_take;
        c.blocks = vec![String::new(); c.bound.div_ceil(block_size(c.bound)) as usize];
        c.block = block_size(c.bound);
        assert!(
            matches!(check(&c), Err(VerifyError::PeriodFails { .. })),
            "{:?}",
            check(&c)
        );
        // A preperiod too small: the period fails below the true preperiod.
        let mut c = good.clone();
        c.preperiod = 0;
        c.bound = c.parts * c.period + c.max_take;
        c.block = block_size(c.bound);
        c.blocks = vec![String::new(); c.bound.div_ceil(c.block) as usize];
        match check(&c) {
            Err(VerifyError::PeriodFails { heap, .. }) => {
                assert!(heap < good.preperiod + good.period)
            }
            other => panic!("{other:?}"),
        }
        // One value changed (its block's checksum): refused with that block's heaps.
        let mut c = good.clone();
        c.blocks[3] = "0123456789abcdef".into();
        match check(&c) {
            Err(VerifyError::ValuesDiffer { from, to, .. }) => {
                assert_eq!((from, to), (3 * c.block, 4 * c.block - 1));
            }
            other => panic!("{other:?}"),
        }
        // The range changed: the bound, or the heaps computed, short of what the theorem needs.
        let mut c = good.clone();
        c.bound -= 1;
        assert!(matches!(check(&c), Err(VerifyError::Malformed(m)) if m.contains("heaps 0 to")));
        let mut c = good.clone();
        c.computed = c.bound - 1;
        assert!(matches!(check(&c), Err(VerifyError::Malformed(m)) if m.contains("needs heap")));
        // Another game, the whole checksum, the format.
        let mut c = good.clone();
        c.game = "octal:0.57".into();
        assert!(check(&c).is_err());
        let mut c = good.clone();
        c.checksum = "0000000000000000".into();
        assert!(matches!(
            check(&c),
            Err(VerifyError::ValuesDiffer { from: 0, .. })
        ));
        let mut c = good.clone();
        c.format = "other/1".into();
        assert!(matches!(check(&c), Err(VerifyError::Malformed(_))));
        assert!(parse("{\"format\": 1}").is_err());
        assert!(check(&good).is_ok());
    }

    /// The certificate of a false period whose bound wraps round 2^64 to 22: Kayles
    /// leaves two heaps and takes two counters, so 2·(2^63 + 9 + 1) + 2 = 2^64 + 22.
    fn wrapped(good: &Certificate) -> Certificate {
        let mut c = good.clone();
        c.preperiod = (1 << 63) + 9;
        c.period = 1;
        c.bound = 22;
        c.computed = 22;
        c.block = 1;
        c.blocks = vec!["0".repeat(16); 22];
        c
    }

    #[test]
    fn a_period_whose_bound_wraps_round_is_refused_before_any_work() {
        let good = certify("0.77", 2000);
        for c in [wrapped(&good), {
            let mut c = wrapped(&good);
            c.period = 1 << 63;
            c.preperiod = 9;
            c
        }] {
            match verify(&c, &mut Unwatched, MAX_STEPS) {
                Err(VerifyError::Malformed(m)) => assert!(m.contains("past 2^64"), "{m}"),
                other => panic!("{other:?}"),
            }
        }
    }

    /// A field's forged value: past 2^63, negative, a fraction, huge, a string, or any.
    fn forged() -> impl Strategy<Value = serde_json::Value> {
        use serde_json::json;
        prop_oneof![
            (0u64..64).prop_map(|k| json!((1u64 << 63) + k)),
            (0u64..64).prop_map(|k| json!(u64::MAX - k)),
            (1i64..1000).prop_map(|k| json!(-k)),
            (0.0f64..1e6).prop_map(|x| json!(x + 0.5)),
            Just(json!(1e30)),
            Just(json!("12")),
            Just(serde_json::Value::Null),
            any::<u64>().prop_map(|k| json!(k)),
            (0u64..400).prop_map(|k| json!(k)),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Any one field of an honest certificate changed is refused (never a panic, never a
        /// "holds"), whatever the new value; the honest one holds.
        #[test]
        fn a_certificate_forged_field_by_field_is_refused(
            field in prop::sample::select(vec![
                "preperiod", "period", "max_take", "parts", "computed", "bound", "block",
            ]),
            value in forged(),
        ) {
            let good = honest_kayles();
            let mut json = serde_json::to_value(good).unwrap();
            prop_assume!(json[field] != value);
            // Any count of heaps computed that covers the theorem's range is honest.
            prop_assume!(!(field == "computed" && value.as_u64() >= json["bound"].as_u64()));
            json[field] = value;
            let verdict = parse(&json.to_string())
                .and_then(|c| verify(&c, &mut Unwatched, MAX_STEPS));
            prop_assert!(verdict.is_err(), "{field} = {}: {verdict:?}", json[field]);
        }
    }

    /// Kayles's honest certificate, made once.
    fn honest_kayles() -> &'static Certificate {
        static GOOD: std::sync::OnceLock<Certificate> = std::sync::OnceLock::new();
        GOOD.get_or_init(|| certify("0.77", 2000))
    }

    #[test]
    fn the_honest_certificate_holds() {
        assert!(verify(honest_kayles(), &mut Unwatched, MAX_STEPS).is_ok());
    }
}
