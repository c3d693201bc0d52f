//! `grundy picture`: the P-positions of the lame queen as a map: the contest's
//! (`lamqugam --d D`, squares from 1) or the plane game's (`wythoff`, `lame-queen:D`,
//! squares from 0).

use std::path::Path;

use anyhow::anyhow;
use grundy::catalogue::{self, Feature};
use grundy::contest::Problem;
use grundy::games::lame_queen::{self, PPositions};
use grundy::picture::{self, MAX_BOARD};

use crate::Failure;

pub fn run(game: &str, d: Option<u64>, size: u64, file: &Path) -> Result<(), Failure> {
    if !(1..=MAX_BOARD).contains(&size) {
        return Err(Failure::input(anyhow!(
            "--size {size}: expected 1 to {MAX_BOARD} rows and columns"
        )));
    }
    let named = catalogue::lookup_for(game, Feature::Map)?;
    let (d, first, title) = match (named.problem(), named.plane_step()) {
        (Some(Problem::Lamqugam), _) => {
            let d = d.unwrap_or(1);
            (
                d,
                1,
                format!("the lame queen, d = {d}, on 1..={size} × 1..={size}"),
            )
        }
        (_, Some(step)) => {
            let name = named.name();
            if d.is_some() {
                return Err(Failure::input(anyhow!(
                    "--d applies to lamqugam; {name} names its own diagonal step"
                )));
            }
            let title = if step == 1 {
                format!("Wythoff's game on 0..={0} × 0..={0}", size - 1)
            } else {
                format!("the lame queen, d = {step}, on 0..={0} × 0..={0}", size - 1)
            };
            (step, 0, title)
        }
        _ => {
            return Err(Failure::input(anyhow!(
                "picture draws the P-positions of {}; for {}, analyze --png draws a position",
                catalogue::names_supporting(Feature::Map),
                named.name()
            )));
        }
    };
    if !(1..=lame_queen::MAX_STEP).contains(&d) {
        return Err(Failure::input(anyhow!(
            "--d {d}: expected 1 to {}",
            lame_queen::MAX_STEP
        )));
    }
    // The plane game's (x, y) from 0 is the contest's (x + 1, y + 1).
    let p = PPositions::build(d, size).map_err(Failure::input)?;
    let points: Vec<(u64, u64)> = (1..=size)
        .map(|x| (x, p.partner(x)))
        .filter(|&(_, y)| y <= size)
        .map(|(x, y)| (x - 1 + first, y - 1 + first))
        .collect();
    picture::p_position_map(file, &title, first, size, &points)
        .map_err(|e| Failure::from(e.into_error()))
}
