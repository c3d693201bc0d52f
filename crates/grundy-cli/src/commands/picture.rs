//! `grundy picture`: the P-positions of a two-coordinate game as a map.

use std::path::Path;

use anyhow::anyhow;
use grundy::games::lame_queen::{self, PPositions};
use grundy::picture::{self, MAX_BOARD};

use crate::Failure;

pub fn run(game: &str, d: Option<u64>, size: u64, file: &Path) -> Result<(), Failure> {
    if !(1..=MAX_BOARD).contains(&size) {
        return Err(Failure::input(anyhow!(
            "--size {size}: expected 1 to {MAX_BOARD} rows and columns"
        )));
    }
    let (d, first, title) = match game {
        "lamqugam" | "lame-queen" => {
            let d = d.unwrap_or(1);
            (
                d,
                1,
                format!("the lame queen, d = {d}, on 1..={size} × 1..={size}"),
            )
        }
        "wythoff" => {
            if d.is_some() {
                return Err(Failure::input(anyhow!(
                    "--d applies to lamqugam; Wythoff's queen moves any distance on the diagonal"
                )));
            }
            (
                1,
                0,
                format!("Wythoff's game on 0..={0} × 0..={0}", size - 1),
            )
        }
        _ => {
            let named = grundy::catalogue::lookup_for(game, grundy::catalogue::Feature::Map)?;
            return Err(Failure::input(anyhow!(
                "picture draws the P-positions of lamqugam (lame-queen) and wythoff; for {}, analyze --png draws a position",
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
    // Wythoff's (x, y) from 0 is the lame queen's (x + 1, y + 1) with d = 1.
    let p = PPositions::build(d, size).map_err(Failure::input)?;
    let points: Vec<(u64, u64)> = (1..=size)
        .map(|x| (x, p.partner(x)))
        .filter(|&(_, y)| y <= size)
        .map(|(x, y)| (x - 1 + first, y - 1 + first))
        .collect();
    picture::p_position_map(file, &title, first, size, &points).map_err(Failure::input)
}
