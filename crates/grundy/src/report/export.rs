//! A formula to take away: the pattern `explore` found in a line of values, written as a
//! small self-contained function in Python, Rust or C++ that computes the value of any
//! position from the pre-period table and the period (with its arithmetic step, if the
//! values grow by one each period).
//!
//! The function's header says what stands behind it: a period *proved* by a theorem (the
//! periodicity theorem of Guy and Smith for octal and subtraction games; Winning Ways,
//! chapter 4), which makes the function exact for every position, or a pattern only
//! *observed* on the values computed, which the function extrapolates past them.

use std::fmt::Write as _;
use std::str::FromStr;

use super::Error;
use super::explore::LineReport;
use crate::explore::similar::{Piece, SelfSimilar};

/// The languages a formula is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// A Python 3 function `value(n)`.
    Python,
    /// A Rust function `value(n: u64) -> u64`.
    Rust,
    /// A C++ function `uint64_t value(uint64_t n)`.
    Cpp,
}

impl FromStr for Language {
    type Err = Error;

    fn from_str(name: &str) -> Result<Self, Error> {
        match name {
            "python" | "py" => Ok(Language::Python),
            "rust" | "rs" => Ok(Language::Rust),
            "cpp" | "c++" => Ok(Language::Cpp),
            _ => Err(Error::input(format!(
                "--export writes python, rust or cpp, not '{}'",
                crate::parse::escaped_str(name)
            ))),
        }
    }
}

/// The most values a formula's tables hold (pre-period and period together).
pub const MAX_TABLE: usize = 1 << 20;

/// A line's pattern: value(n) = `pre[n]` for n < pre.len(), else
/// `block[(n − pre.len()) mod p] + step·⌊(n − pre.len()) / p⌋`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formula {
    /// The game, as named in the report.
    pub game: String,
    /// Values of 0..preperiod.
    pub pre: Vec<u64>,
    /// Values of preperiod..preperiod + period.
    pub block: Vec<u64>,
    /// What each period adds.
    pub step: u64,
    /// Proved by a theorem (exact for every n), or only observed.
    pub proved: bool,
    /// The theorem or rule, when proved.
    pub by: String,
    /// The values were computed for 0..=upto.
    pub upto: u64,
    /// Instead of a period: a self-similar rule (then `pre`, `block` and `step` are not
    /// used).
    pub self_similar: Option<SelfSimilar>,
}

impl Formula {
    /// The pattern of a line report: refused when it shows none, when the values fall
    /// from period to period, or when its tables would pass [`MAX_TABLE`].
    pub fn of_line(report: &LineReport) -> Result<Formula, Error> {
        let Some(p) = &report.period else {
            if let Some(rule) = &report.self_similar {
                return Ok(Formula {
                    game: report.game.clone(),
                    pre: Vec::new(),
                    block: Vec::new(),
                    step: 0,
                    proved: false,
                    by: String::new(),
                    upto: report.upto,
                    self_similar: Some(rule.clone()),
                });
            }
            return Err(Error::input(format!(
                "no pattern to export: the values of {} over 0..={} show no period and no self-similar rule (try a larger --upto)",
                report.game, report.upto
            )));
        };
        if p.step < 0 {
            return Err(Error::input(format!(
                "no pattern to export: the values of {} fall by {} every {} positions, which no game's values keep doing",
                report.game, -p.step, p.period
            )));
        }
        if p.preperiod + p.period > MAX_TABLE {
            return Err(Error::input(format!(
                "the pattern of {} needs tables of {} values, past the {MAX_TABLE} an export holds",
                report.game,
                p.preperiod + p.period
            )));
        }
        let values = &report.values;
        if p.preperiod + p.period > values.len() {
            return Err(Error::input(format!(
                "the period of {} ends at {}, past the values explored: give --upto {} or more",
                report.game,
                p.preperiod + p.period - 1,
                p.preperiod + p.period - 1
            )));
        }
        Ok(Formula {
            game: report.game.clone(),
            pre: values[..p.preperiod].to_vec(),
            block: values[p.preperiod..p.preperiod + p.period].to_vec(),
            step: p.step as u64,
            proved: p.status == "proved",
            by: p.by.clone(),
            upto: report.upto,
            self_similar: None,
        })
    }

    /// The value of `n` by the formula (what the written function computes), `None` past
    /// what a u64 holds.
    pub fn value(&self, n: u64) -> Option<u64> {
        if let Some(rule) = &self.self_similar {
            return rule.value(n);
        }
        let pre = self.pre.len() as u64;
        if n < pre {
            return Some(self.pre[n as usize]);
        }
        let p = self.block.len() as u64;
        let (q, r) = ((n - pre) / p, (n - pre) % p);
        self.step
            .checked_mul(q)?
            .checked_add(self.block[r as usize])
    }

    /// What stands behind the formula, one comment line at a time.
    fn header(&self) -> Vec<String> {
        let pre = self.pre.len();
        let p = self.block.len();
        let mut lines = vec![format!(
            "The Grundy value of position n of {}, written by grundy {}.",
            self.game,
            env!("CARGO_PKG_VERSION")
        )];
        let shape = if let Some(rule) = &self.self_similar {
            let text = rule.to_string().replace('≥', ">=").replace('−', "-");
            format!("{text} (with g(0..{}) as computed)", rule.modulus)
        } else if self.step == 0 {
            format!("value(n + {p}) = value(n) for every n >= {pre}")
        } else {
            format!(
                "value(n + {p}) = value(n) + {} for every n >= {pre}",
                self.step
            )
        };
        if self.proved {
            lines.push(format!(
                "Proved: {shape}, by {}",
                if self.by.is_empty() {
                    crate::report::explore::PERIODICITY_THEOREM
                } else {
                    &self.by
                }
            ));
            lines.push("The function is exact for every n.".into());
        } else {
            lines.push(format!(
                "Observed, not proved: {shape} holds on the values of 0..={};",
                self.upto
            ));
            lines.push(format!(
                "past {} the function extrapolates the pattern.",
                self.upto
            ));
        }
        if self.step > 0 {
            lines.push(
                "Values past 2^64 - 1 do not fit the result (Rust panics, C++ wraps).".into(),
            );
        }
        lines
    }

    /// The function in `language`: `value(n)`, nothing else but its tables.
    pub fn write(&self, language: Language) -> String {
        if let Some(rule) = &self.self_similar {
            return self.write_self_similar(rule, language);
        }
        let mut out = String::new();
        let list = |xs: &[u64]| {
            let mut s = String::new();
            for (i, x) in xs.iter().enumerate() {
                if i > 0 {
                    s.push_str(if i % 16 == 0 { ",\n    " } else { ", " });
                }
                let _ = write!(s, "{x}");
            }
            s
        };
        let (pre, block) = (list(&self.pre), list(&self.block));
        let (np, nb, step) = (self.pre.len(), self.block.len(), self.step);
        match language {
            Language::Python => {
                for line in self.header() {
                    let _ = writeln!(out, "# {line}");
                }
                let _ = writeln!(
                    out,
                    "\nPRE = [\n    {pre}\n]\nBLOCK = [\n    {block}\n]\nSTEP = {step}\n"
                );
                out.push_str(
                    "\ndef value(n: int) -> int:\n    \"\"\"The Grundy value of position n (n >= 0).\"\"\"\n    if n < len(PRE):\n        return PRE[n]\n    q, r = divmod(n - len(PRE), len(BLOCK))\n    return BLOCK[r] + STEP * q\n",
                );
            }
            Language::Rust => {
                for line in self.header() {
                    let _ = writeln!(out, "// {line}");
                }
                let _ = writeln!(
                    out,
                    "\nconst PRE: [u64; {np}] = [\n    {pre}\n];\nconst BLOCK: [u64; {nb}] = [\n    {block}\n];\nconst STEP: u64 = {step};\n"
                );
                out.push_str(
                    "/// The Grundy value of position n.\npub fn value(n: u64) -> u64 {\n    let pre = PRE.len() as u64;\n    if n < pre {\n        return PRE[n as usize];\n    }\n    let p = BLOCK.len() as u64;\n    let (q, r) = ((n - pre) / p, (n - pre) % p);\n    BLOCK[r as usize] + STEP * q\n}\n",
                );
            }
            Language::Cpp => {
                for line in self.header() {
                    let _ = writeln!(out, "// {line}");
                }
                let _ = writeln!(
                    out,
                    "\n#include <cstdint>\n\nstatic const uint64_t PRE[{}] = {{\n    {pre}\n}};\nstatic const uint64_t BLOCK[{nb}] = {{\n    {block}\n}};\nstatic const uint64_t STEP = {step}u;\n",
                    np.max(1)
                );
                let _ = writeln!(
                    out,
                    "// The Grundy value of position n.\nuint64_t value(uint64_t n) {{\n    const uint64_t pre = {np}u, p = {nb}u;\n    if (n < pre) return PRE[n];\n    return BLOCK[(n - pre) % p] + STEP * ((n - pre) / p);\n}}"
                );
            }
        }
        out
    }
}

impl Formula {
    /// A self-similar rule as a loop: n = a·k + b goes to k while b's piece is g(k), and
    /// ends at k + c or at the base values.
    fn write_self_similar(&self, rule: &SelfSimilar, language: Language) -> String {
        let mut out = String::new();
        let a = rule.modulus;
        let base: Vec<String> = rule.base.iter().map(u64::to_string).collect();
        let base = base.join(", ");
        // Each piece as (same, c): same = 1 for g(k), else k + c.
        let pieces: Vec<(u8, i64)> = rule
            .pieces
            .iter()
            .map(|p| match p {
                Piece::Same => (1, 0),
                Piece::Plus(c) => (0, *c),
            })
            .collect();
        let comment = match language {
            Language::Python => "#",
            _ => "//",
        };
        for line in self.header() {
            let _ = writeln!(out, "{comment} {line}");
        }
        out.push('\n');
        match language {
            Language::Python => {
                let list: Vec<String> = pieces.iter().map(|(s, c)| format!("({s}, {c})")).collect();
                let _ = writeln!(
                    out,
                    "A = {a}\nBASE = [{base}]\nPIECES = [{}]  # (1, _): g(k); (0, c): k + c\n\n\ndef value(n: int) -> int:\n    \"\"\"The Grundy value of position n (n >= 0).\"\"\"\n    while n >= A:\n        k, b = divmod(n, A)\n        same, c = PIECES[b]\n        if not same:\n            return k + c\n        n = k\n    return BASE[n]",
                    list.join(", ")
                );
            }
            Language::Rust => {
                let list: Vec<String> = pieces
                    .iter()
                    .map(|(s, c)| format!("({}, {c})", *s == 1))
                    .collect();
                let _ = writeln!(
                    out,
                    "const A: u64 = {a};\nconst BASE: [u64; {a}] = [{base}];\n/// (true, _): g(k); (false, c): k + c.\nconst PIECES: [(bool, i64); {a}] = [{}];\n\n/// The Grundy value of position n.\npub fn value(mut n: u64) -> u64 {{\n    while n >= A {{\n        let (k, b) = (n / A, n % A);\n        let (same, c) = PIECES[b as usize];\n        if !same {{\n            return (k as i128 + c as i128) as u64;\n        }}\n        n = k;\n    }}\n    BASE[n as usize]\n}}",
                    list.join(", ")
                );
            }
            Language::Cpp => {
                let same: Vec<String> = pieces.iter().map(|(s, _)| s.to_string()).collect();
                let plus: Vec<String> = pieces.iter().map(|(_, c)| format!("{c}")).collect();
                let _ = writeln!(
                    out,
                    "#include <cstdint>\n\nstatic const uint64_t A = {a}u;\nstatic const uint64_t BASE[{a}] = {{{base}}};\n// SAME[b]: g(k); else k + PLUS[b].\nstatic const int SAME[{a}] = {{{}}};\nstatic const int64_t PLUS[{a}] = {{{}}};\n\n// The Grundy value of position n.\nuint64_t value(uint64_t n) {{\n    while (n >= A) {{\n        uint64_t k = n / A, b = n % A;\n        if (!SAME[b]) return k + (uint64_t)PLUS[b];\n        n = k;\n    }}\n    return BASE[n];\n}}",
                    same.join(", "),
                    plus.join(", ")
                );
            }
        }
        out
    }
}
