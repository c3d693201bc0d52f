//! What the values of a game show over a line of positions 0..=N (heap families, script
//! games) or a grid of positions [x, y] (Wythoff's game, the lame queen, script games):
//! the values, the P-positions, a period (proved by a theorem where one applies, else
//! apparent), and for grids the shape the P-positions draw.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::explore::{Grid, GridShape, Periodicity, line_period, zeros};

/// The most P-positions the text lists (the JSON has them all).
const LISTED: usize = 200;

/// A period of a line of values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Period {
    /// The first n from which it holds.
    pub preperiod: usize,
    /// Its length.
    pub period: usize,
    /// What each period adds (0: the values repeat; else they grow arithmetically).
    pub step: i64,
    /// `proved` (by a periodicity theorem) or `apparent` (seen in the values computed).
    pub status: String,
    /// For a proved period, the theorem or rule that proves it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub by: String,
}

/// What proves a period found by the periodicity test.
pub const PERIODICITY_THEOREM: &str =
    "the periodicity theorem (Guy and Smith 1956; Winning Ways, ch. 4)";

/// What proves Nim's values g(n) = n: a heap of n moves to every smaller heap, so its
/// value is the mex of 0..n (Bouton 1901).
pub const NIM_RULE: &str =
    "Nim's rule: a heap of n moves to every smaller heap, so g(n) = mex(0..n) = n (Bouton 1901)";

/// The values of positions 0..=upto and what they show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineReport {
    /// The game's name.
    pub game: String,
    /// `line`.
    pub kind: String,
    /// The last position.
    pub upto: u64,
    /// The value of each position.
    pub values: Vec<u64>,
    /// The period, where one is proved or seen.
    pub period: Option<Period>,
    /// The positions of value 0.
    pub p_positions: Vec<usize>,
    /// With no period, a self-similar rule the values follow (seen, not proved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub self_similar: Option<crate::explore::similar::SelfSimilar>,
}

/// The values of positions [x, y], 0 ≤ x ≤ `x`, 0 ≤ y ≤ `y`, and what they show.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GridReport {
    /// The game's name.
    pub game: String,
    /// `grid`.
    pub kind: String,
    /// The largest x.
    pub x: u64,
    /// The largest y.
    pub y: u64,
    /// `values[x][y]`.
    pub values: Vec<Vec<u64>>,
    /// The positions of value 0.
    pub p_positions: Vec<(usize, usize)>,
    /// The shape they draw.
    pub shape: GridShape,
    /// `apparent`: seen in the grid computed.
    pub status: String,
}

impl LineReport {
    /// What the values of positions 0..=N of a game called `name` show: a period (`proved`
    /// when one is given, else any seen, `apparent`) and the P-positions.
    pub fn of(
        name: String,
        values: Vec<u64>,
        proved: Option<crate::solve::heap::Period>,
    ) -> LineReport {
        let period = match proved {
            Some(p) => Some((
                Periodicity {
                    preperiod: p.preperiod,
                    period: p.period,
                    step: 0,
                },
                "proved",
            )),
            None => line_period(&values).map(|p| (p, "apparent")),
        };
        let p_positions = zeros(&values);
        let self_similar = match period {
            None => crate::explore::similar::self_similar(&values),
            Some(_) => None,
        };
        LineReport {
            self_similar,
            game: name,
            kind: "line".into(),
            upto: values.len().saturating_sub(1) as u64,
            values,
            period: period.map(|(p, status)| Period {
                preperiod: p.preperiod,
                period: p.period,
                step: p.step,
                status: status.into(),
                by: if status == "proved" {
                    PERIODICITY_THEOREM.into()
                } else {
                    String::new()
                },
            }),
            p_positions,
        }
    }
}

/// The report of a grid of values (`values` row by row of x, each y = 0..=ys).
pub(crate) fn grid_report(name: String, xs: u64, ys: u64, values: Vec<u64>) -> GridReport {
    let grid = Grid {
        xs: xs as usize,
        ys: ys as usize,
        values,
    };
    GridReport {
        game: name,
        kind: "grid".into(),
        x: xs,
        y: ys,
        values: grid
            .values
            .chunks(grid.ys + 1)
            .map(<[u64]>::to_vec)
            .collect(),
        p_positions: grid.zeros(),
        shape: grid.shape(),
        status: "apparent".into(),
    }
}

impl GridReport {
    /// The values as the picture module takes them.
    pub fn grid(&self) -> Grid {
        Grid {
            xs: self.x as usize,
            ys: self.y as usize,
            values: self.values.concat(),
        }
    }
}

fn write_list(
    f: &mut fmt::Formatter<'_>,
    count: usize,
    items: impl Iterator<Item = String>,
) -> fmt::Result {
    let listed: Vec<String> = items.take(LISTED).collect();
    let more = if count > LISTED {
        format!(" … ({} more; --json lists them all)", count - LISTED)
    } else {
        String::new()
    };
    writeln!(f, "P-positions ({count}): {}{more}", listed.join(" "))
}

impl fmt::Display for LineReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let upto = self.upto;
        writeln!(f, "game:   {} (positions 0..={upto})", self.game)?;
        let shown: Vec<String> = self.values.iter().map(u64::to_string).collect();
        writeln!(f, "values: {}", shown.join(" "))?;
        match &self.period {
            Some(p) => {
                let how = if p.status == "proved" {
                    let by = if p.by.is_empty() {
                        "the periodicity theorem"
                    } else {
                        p.by.split(" (").next().unwrap_or(&p.by)
                    };
                    format!("proved by {by}")
                } else {
                    format!("apparent, seen up to {upto}")
                };
                let kind = if p.step == 0 {
                    p.period.to_string()
                } else {
                    format!("{}, arithmetic: each period adds {}", p.period, p.step)
                };
                writeln!(f, "period: {kind}, from n = {} ({how})", p.preperiod)?;
            }
            None => writeln!(f, "period: none seen up to {upto}")?,
        }
        if let Some(rule) = &self.self_similar {
            writeln!(f, "self-similar: {rule} (apparent, seen up to {upto})")?;
        }
        write_list(
            f,
            self.p_positions.len(),
            self.p_positions.iter().map(ToString::to_string),
        )
    }
}

impl fmt::Display for GridReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (xs, ys) = (self.x, self.y);
        writeln!(
            f,
            "game:   {} (positions [x, y], 0 ≤ x ≤ {xs}, 0 ≤ y ≤ {ys})",
            self.game
        )?;
        writeln!(f, "values (one line per x, y = 0, 1, …):")?;
        for (x, row) in self.values.iter().enumerate() {
            let shown: Vec<String> = row.iter().map(u64::to_string).collect();
            writeln!(f, "  x = {x}: {}", shown.join(" "))?;
        }
        write_list(
            f,
            self.p_positions.len(),
            self.p_positions.iter().map(|(x, y)| format!("[{x}, {y}]")),
        )?;
        writeln!(f, "shape (apparent, seen up to [{xs}, {ys}]):")?;
        for line in describe_shape(&self.shape) {
            writeln!(f, "  {line}")?;
        }
        Ok(())
    }
}

fn describe_shape(s: &GridShape) -> Vec<String> {
    let mut lines = Vec::new();
    if s.symmetric {
        lines.push("symmetric: [x, y] and [y, x] have the same value".to_string());
    } else {
        lines.push("not symmetric: some [x, y] and [y, x] differ".to_string());
    }
    lines.push(format!(
        "each row (x fixed) holds {} P-position(s); each column (y fixed) {}",
        s.rows.describe(),
        s.columns.describe()
    ));
    let d = &s.diagonal_differences;
    if !d.is_empty() {
        let shown: Vec<String> = d.iter().take(30).map(ToString::to_string).collect();
        let more = if d.len() > 30 { ", …" } else { "" };
        let last = d.last().copied().unwrap_or(0);
        let on_last = d.iter().filter(|&&x| x == last).count();
        let many = |k: usize| {
            if k == 1 {
                "one P-position".to_string()
            } else {
                format!("{k} P-positions")
            }
        };
        let note = match s.each_diagonal {
            Some(k) if on_last == k => {
                format!(": exactly {} on each diagonal y − x = 0 to {last}", many(k))
            }
            Some(k) => format!(
                ": exactly {} on each diagonal y − x = 0 to {}, {on_last} on y − x = {last}",
                many(k),
                last - 1
            ),
            None if s.differences_distinct => {
                ": at most one P-position on each diagonal".to_string()
            }
            None => String::new(),
        };
        lines.push(format!(
            "differences y − x of the P-positions with x ≤ y: {}{more}{note}",
            shown.join(", ")
        ));
    }
    if let Some(line) = &s.line {
        let all = if line.whole {
            format!(", and all {} of its points in the grid are", line.points)
        } else {
            format!(
                " ({} of its {} points in the grid are)",
                s.count, line.points
            )
        };
        lines.push(format!(
            "every P-position lies on the line {}{all}",
            line.equation
        ));
    }
    if let Some(sum) = &s.nim_sum {
        let f = if sum.x_identity { "x" } else { "f(x)" };
        let g = if sum.y_identity { "y" } else { "g(y)" };
        let mut text = format!("value(x, y) = {f} ⊕ {g} on the whole grid");
        let defined: Vec<&str> = [
            (!sum.x_identity).then_some("f(x) = value(x, 0)"),
            (!sum.y_identity).then_some("g(y) = value(0, y) ⊕ value(0, 0)"),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !defined.is_empty() {
            text.push_str(&format!(" ({})", defined.join(", ")));
        }
        lines.push(text);
    }
    if let Some(p) = &s.nim_product {
        let f = if p.x_identity { "x" } else { "f(x)" };
        let g = if p.y_identity { "y" } else { "g(y)" };
        let mut text = format!("value(x, y) = {f} ⊗ {g} (nim product) on the whole grid");
        if !(p.x_identity && p.y_identity) {
            let (x1, y1) = p.at;
            text.push_str(&format!(
                " (f(x) = value(x, {y1}) ⊗ value({x1}, {y1})⁻¹, g(y) = value({x1}, y))"
            ));
        }
        lines.push(text);
    }
    if let Some(slope) = s.slope {
        lines.push(format!(
            "the P-positions with x < y lie near the line y = {slope:.4}·x (mean of y/x away from the corner)"
        ));
    }
    lines
}

/// One game of a sweep: the pattern its values show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SweepPoint {
    /// The swept parameter's value.
    pub value: i64,
    /// The game so made.
    pub game: String,
    /// Its period, if one is proved or seen.
    pub period: Option<Period>,
}

/// A game explored for each value of one parameter, and the period and pre-period as
/// functions of the parameter where one fits every value swept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SweepReport {
    /// The game as written, with its `{k}`.
    pub game: String,
    /// `sweep`.
    pub kind: String,
    /// The parameter swept.
    pub param: String,
    /// Each value's game and its pattern.
    pub points: Vec<SweepPoint>,
    /// The period as a function of the parameter (residue classes, affine pieces), when
    /// one fits every value swept.
    pub period_rule: Option<String>,
    /// The pre-period likewise.
    pub preperiod_rule: Option<String>,
    /// `observed`: the rules hold for the values swept, and are not proved for others.
    pub status: String,
}

impl SweepReport {
    /// The report of the points swept over `param`: rules found where every point has a
    /// period and one rule fits them all.
    pub fn of(game: String, param: String, points: Vec<SweepPoint>) -> SweepReport {
        use crate::explore::sweep::rule_of;
        let all: Option<Vec<(i64, &Period)>> = points
            .iter()
            .map(|p| p.period.as_ref().map(|q| (p.value, q)))
            .collect();
        let (period_rule, preperiod_rule) = match &all {
            Some(all) if all.iter().all(|(_, p)| p.step == 0) => {
                let periods: Vec<(i64, i64)> =
                    all.iter().map(|(k, p)| (*k, p.period as i64)).collect();
                let pres: Vec<(i64, i64)> =
                    all.iter().map(|(k, p)| (*k, p.preperiod as i64)).collect();
                (
                    rule_of(&periods).map(|r| r.describe(&param)),
                    rule_of(&pres).map(|r| r.describe(&param)),
                )
            }
            _ => (None, None),
        };
        SweepReport {
            game,
            kind: "sweep".into(),
            param,
            points,
            period_rule,
            preperiod_rule,
            status: "observed".into(),
        }
    }
}

impl fmt::Display for SweepReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = &self.param;
        let (first, last) = match (self.points.first(), self.points.last()) {
            (Some(a), Some(b)) => (a.value, b.value),
            _ => return writeln!(f, "sweep:  {} (no values)", self.game),
        };
        writeln!(
            f,
            "sweep:  {} for {k} = {first}..={last} ({} games)",
            self.game,
            self.points.len()
        )?;
        for p in &self.points {
            let what = match &p.period {
                Some(q) if q.step == 0 => {
                    format!(
                        "period {} from n = {} ({})",
                        q.period, q.preperiod, q.status
                    )
                }
                Some(q) => format!(
                    "period {} from n = {}, each period adding {} ({})",
                    q.period, q.preperiod, q.step, q.status
                ),
                None => "no period seen".to_string(),
            };
            writeln!(f, "  {k} = {}: {what}", p.value)?;
        }
        match (&self.period_rule, &self.preperiod_rule) {
            (Some(period), Some(pre)) => {
                writeln!(
                    f,
                    "pattern (observed for {k} = {first}..={last}; not proved for other {k}):"
                )?;
                writeln!(f, "  period:     {period}")?;
                writeln!(f, "  pre-period: {pre}")
            }
            (Some(period), None) => {
                writeln!(
                    f,
                    "pattern (observed for {k} = {first}..={last}; not proved for other {k}):"
                )?;
                writeln!(f, "  period:     {period}")?;
                writeln!(
                    f,
                    "  pre-period: no rule in {k} up to modulus {} fits",
                    crate::explore::sweep::MAX_MODULUS
                )
            }
            _ => writeln!(
                f,
                "pattern: no rule in {k} (affine on residue classes up to modulus {}) fits every value swept",
                crate::explore::sweep::MAX_MODULUS
            ),
        }
    }
}
