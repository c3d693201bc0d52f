//! Boards drawn as pictures (PNG or SVG): one or more panels of cells (a sheet, a board of
//! spots, a lava map, a row of cakes, a Cram board), the winning moves marked, a caption
//! with the value and the winner, and a legend.

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{PictureError, draw_err, font, save_bytes};

/// What a cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// An ordinary cell.
    Free,
    /// A wall, a blocked cell, a candle out.
    Wall,
    /// A spot where a move may be made (an Inventor spot, a burning candle).
    Spot,
    /// A monster (caos3).
    Monster,
    /// A move that wins.
    Winning,
    /// The marked cell of a sheet.
    Mark,
    /// Lava (caos3).
    Lava,
    /// A sign (Inventor).
    Sign,
    /// A move already made: an attraction built (Inventor).
    Built,
}

impl Fill {
    fn colour(self) -> RGBColor {
        match self {
            Fill::Free => RGBColor(250, 250, 247),
            Fill::Wall => RGBColor(90, 90, 96),
            Fill::Spot => RGBColor(255, 205, 96),
            Fill::Monster => RGBColor(170, 120, 220),
            Fill::Winning => RGBColor(40, 170, 80),
            Fill::Mark => RGBColor(200, 40, 40),
            Fill::Lava => RGBColor(235, 110, 40),
            Fill::Sign => RGBColor(170, 205, 235),
            Fill::Built => RGBColor(40, 80, 160),
        }
    }
}

/// One board (or one cake) in a picture.
#[derive(Clone, Debug)]
pub struct Panel {
    /// Drawn above the board, like "cake 2: value 3".
    pub label: String,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Row by row.
    pub cells: Vec<Fill>,
    /// Rectangles of cells outlined as winning moves: first row, first column, last row,
    /// last column (from 0, inclusive).
    pub outlines: Vec<[usize; 4]>,
    /// Grid lines drawn as winning cuts, from (row, column) to (row, column) in cell
    /// corners (from 0).
    pub cuts: Vec<[(usize, usize); 2]>,
}

/// A picture of a position.
#[derive(Clone, Debug)]
pub struct BoardPicture {
    /// The first line: the game and the board.
    pub title: String,
    /// The second line: the value and the winner.
    pub caption: String,
    /// The boards, left to right.
    pub panels: Vec<Panel>,
    /// What each fill used means.
    pub legend: Vec<(Fill, String)>,
    /// What an outline means, when there are any.
    pub outline_meaning: Option<String>,
    /// What a cut line means, when there are any.
    pub cut_meaning: Option<String>,
}

/// A picture file's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// PNG, pixels.
    Png,
    /// SVG, vector drawing.
    Svg,
}

/// The most cells a board picture draws.
pub const MAX_BOARD_CELLS: usize = 250_000;
const WIDTH: u32 = 1100;
const HEAD: u32 = 78;
const FOOT: u32 = 44;
const GAP: u32 = 24;
const LABEL: u32 = 24;

/// Where each panel goes: its top-left corner and its cell size.
struct Layout {
    height: u32,
    places: Vec<(i32, i32, i32)>,
}

fn layout(pic: &BoardPicture) -> Layout {
    let widest = pic
        .panels
        .iter()
        .map(|p| p.cols.max(p.rows))
        .max()
        .unwrap_or(1)
        .max(1);
    let cell = ((WIDTH - 2 * GAP) as usize / widest).clamp(3, 44) as u32;
    let mut places = Vec::new();
    let (mut x, mut y, mut row_height) = (GAP, HEAD, 0);
    for p in &pic.panels {
        let w = p.cols as u32 * cell;
        let h = p.rows as u32 * cell + LABEL;
        if x > GAP && x + w > WIDTH - GAP {
            x = GAP;
            y += row_height + GAP;
            row_height = 0;
        }
        places.push((x as i32, y as i32, cell as i32));
        x += w.max(90) + GAP;
        row_height = row_height.max(h);
    }
    Layout {
        height: y + row_height + GAP + FOOT,
        places,
    }
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    pic: &BoardPicture,
    at: &Layout,
) -> Result<(), PictureError> {
    root.fill(&WHITE).map_err(draw_err)?;
    let title = ("sans-serif", 22).into_font().color(&BLACK);
    let text = ("sans-serif", 16).into_font().color(&BLACK);
    root.draw(&Text::new(pic.title.clone(), (GAP as i32, 14), title))
        .map_err(draw_err)?;
    root.draw(&Text::new(
        pic.caption.clone(),
        (GAP as i32, 44),
        text.clone(),
    ))
    .map_err(draw_err)?;
    let grid = RGBColor(160, 160, 160);
    for (p, &(x0, y0, cell)) in pic.panels.iter().zip(&at.places) {
        root.draw(&Text::new(p.label.clone(), (x0, y0), text.clone()))
            .map_err(draw_err)?;
        let top = y0 + LABEL as i32;
        for r in 0..p.rows {
            for c in 0..p.cols {
                let (x, y) = (x0 + c as i32 * cell, top + r as i32 * cell);
                let fill = p.cells[r * p.cols + c];
                root.draw(&Rectangle::new(
                    [(x, y), (x + cell, y + cell)],
                    fill.colour().filled(),
                ))
                .map_err(draw_err)?;
                if cell >= 6 {
                    root.draw(&Rectangle::new(
                        [(x, y), (x + cell, y + cell)],
                        grid.stroke_width(1),
                    ))
                    .map_err(draw_err)?;
                }
            }
        }
        let accent = Fill::Winning.colour();
        for &[r0, c0, r1, c1] in &p.outlines {
            let (x, y) = (x0 + c0 as i32 * cell, top + r0 as i32 * cell);
            let (x1, y1) = (x0 + (c1 + 1) as i32 * cell, top + (r1 + 1) as i32 * cell);
            root.draw(&Rectangle::new(
                [(x + 2, y + 2), (x1 - 2, y1 - 2)],
                accent.stroke_width(3),
            ))
            .map_err(draw_err)?;
        }
        for &[(ra, ca), (rb, cb)] in &p.cuts {
            let a = (x0 + ca as i32 * cell, top + ra as i32 * cell);
            let b = (x0 + cb as i32 * cell, top + rb as i32 * cell);
            root.draw(&PathElement::new(vec![a, b], accent.stroke_width(4)))
                .map_err(draw_err)?;
        }
    }
    // The legend along the bottom.
    let y = at.height as i32 - FOOT as i32 + 12;
    let mut x = GAP as i32;
    for (fill, meaning) in &pic.legend {
        root.draw(&Rectangle::new(
            [(x, y), (x + 16, y + 16)],
            fill.colour().filled(),
        ))
        .map_err(draw_err)?;
        root.draw(&Rectangle::new(
            [(x, y), (x + 16, y + 16)],
            grid.stroke_width(1),
        ))
        .map_err(draw_err)?;
        root.draw(&Text::new(meaning.clone(), (x + 22, y), text.clone()))
            .map_err(draw_err)?;
        x += 30 + 9 * meaning.chars().count() as i32;
    }
    let accent = Fill::Winning.colour();
    if let Some(meaning) = &pic.outline_meaning {
        root.draw(&Rectangle::new(
            [(x, y), (x + 16, y + 16)],
            accent.stroke_width(3),
        ))
        .map_err(draw_err)?;
        root.draw(&Text::new(meaning.clone(), (x + 22, y), text.clone()))
            .map_err(draw_err)?;
        x += 30 + 9 * meaning.chars().count() as i32;
    }
    if let Some(meaning) = &pic.cut_meaning {
        root.draw(&PathElement::new(
            vec![(x, y + 8), (x + 18, y + 8)],
            accent.stroke_width(4),
        ))
        .map_err(draw_err)?;
        root.draw(&Text::new(meaning.clone(), (x + 24, y), text))
            .map_err(draw_err)?;
    }
    root.present().map_err(draw_err)
}

/// Draws `pic` into `path` as PNG or SVG, written whole.
pub fn write_board(path: &Path, pic: &BoardPicture, format: Format) -> Result<(), PictureError> {
    save_bytes(path, &board_bytes(pic, format)?)
}

/// The picture of a board as the bytes of a PNG or an SVG file, in memory (a notebook
/// shows them without a file), refused past the cells a picture may show.
pub fn board_bytes(pic: &BoardPicture, format: Format) -> Result<Vec<u8>, PictureError> {
    let cells: usize = pic.panels.iter().map(|p| p.rows * p.cols).sum();
    if cells > MAX_BOARD_CELLS {
        return Err(PictureError::TooLarge(format!(
            "a picture of {cells} cells was asked for; the limit is {MAX_BOARD_CELLS}"
        )));
    }
    font();
    let at = layout(pic);
    let size = (WIDTH, at.height);
    match format {
        Format::Png => {
            let mut rgb = vec![255u8; (WIDTH * at.height * 3) as usize];
            {
                let root = BitMapBackend::with_buffer(&mut rgb, size).into_drawing_area();
                draw(&root, pic, &at)?;
            }
            super::encode_png(WIDTH, at.height, rgb)
        }
        Format::Svg => {
            let mut svg = String::new();
            {
                let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
                draw(&root, pic, &at)?;
            }
            Ok(svg.into_bytes())
        }
    }
}
