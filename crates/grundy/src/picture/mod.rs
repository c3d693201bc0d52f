//! Pictures as PNG: a line of values plotted against n, and a grid of values as a map.
//!
//! Drawn with plotters into memory, encoded by the `image` crate, and written whole (a
//! temporary file beside the target, renamed over it), so a picture is never half
//! written. Text uses DejaVu Sans, compiled in: no system fonts are needed.

use std::io::Write as _;
use std::path::Path;
use std::sync::Once;

use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::{FontStyle, register_font};
use thiserror::Error;

use crate::explore::Grid;

mod board;
pub mod graph;
pub mod report;

pub use board::{BoardPicture, Fill, Format, Panel, board_bytes, write_board};

/// DejaVu Sans (Bitstream Vera licence, in `assets/`).
static FONT: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");

/// The most cells a map draws: one pixel or more each, so about a 4000×4000 picture.
pub const MAX_CELLS: usize = 16_000_000;
/// The most values a line plot draws.
pub const MAX_POINTS: usize = 10_000_000;

/// Why a picture was not made.
#[derive(Debug, Error)]
pub enum PictureError {
    /// Drawing failed (should not happen with the bundled font).
    #[error("cannot draw the picture: {0}")]
    Draw(String),
    /// Writing the file failed.
    #[error("cannot write {path}: {message}")]
    Write {
        /// The file.
        path: String,
        /// The system's reason.
        message: String,
    },
    /// Too much to draw.
    #[error("{0}")]
    TooLarge(String),
}

fn font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The bundled font is known to parse; a failure only leaves text out.
        let _ = register_font("sans-serif", FontStyle::Normal, FONT);
    });
}

fn draw_err(e: impl std::fmt::Display) -> PictureError {
    PictureError::Draw(e.to_string())
}

/// A colour for value `v` out of `top`: P-positions black, the rest around the hue wheel.
fn colour(v: u64, top: u64) -> RGBColor {
    if v == 0 {
        return RGBColor(0, 0, 0);
    }
    let t = (v - 1) as f64 / top.max(1) as f64;
    let hue = 0.85 * t;
    let (r, g, b) = hsv(hue, 0.65, 0.95);
    RGBColor(r, g, b)
}

fn hsv(h: f64, s: f64, v: f64) -> (u8, u8, u8) {
    let i = (h * 6.0).floor();
    let f = h * 6.0 - i;
    let p = v * (1.0 - s);
    let q = v * (1.0 - f * s);
    let t = v * (1.0 - (1.0 - f) * s);
    let (r, g, b) = match i as i64 % 6 {
        0 => (v, t, p),
        1 => (q, v, p),
        2 => (p, v, t),
        3 => (p, q, v),
        4 => (t, p, v),
        _ => (v, p, q),
    };
    let c = |x: f64| (x * 255.0).round() as u8;
    (c(r), c(g), c(b))
}

/// Encodes an RGB buffer as PNG and writes it whole to `path`.
fn save(path: &Path, width: u32, height: u32, rgb: Vec<u8>) -> Result<(), PictureError> {
    let png = encode_png(width, height, rgb).map_err(|e| match e {
        PictureError::Draw(message) => write_error(path, message),
        other => other,
    })?;
    save_bytes(path, &png)
}

/// An RGB buffer encoded as PNG, in memory.
fn encode_png(width: u32, height: u32, rgb: Vec<u8>) -> Result<Vec<u8>, PictureError> {
    let image = image::RgbImage::from_raw(width, height, rgb)
        .ok_or_else(|| PictureError::Draw("buffer size".to_string()))?;
    let mut png = Vec::new();
    image::DynamicImage::ImageRgb8(image)
        .write_to(
            &mut std::io::Cursor::new(&mut png),
            image::ImageOutputFormat::Png,
        )
        .map_err(|e| PictureError::Draw(e.to_string()))?;
    Ok(png)
}

fn write_error(path: &Path, message: String) -> PictureError {
    PictureError::Write {
        path: crate::parse::escaped_path(path),
        message,
    }
}

/// Writes `bytes` whole to `path`. A regular file, or nothing, at the path is replaced at
/// once: a temporary file beside it, renamed over it. Anything else the user named there
/// (a symbolic link, `/dev/stdout`, a FIFO, a device) is written through as a stream, never
/// replaced; a folder is refused.
fn save_bytes(path: &Path, bytes: &[u8]) -> Result<(), PictureError> {
    let fail = |e: &std::io::Error| write_error(path, reason(e));
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => return Err(write_error(path, "it is a folder".into())),
        Ok(m) if !m.is_file() => {
            let mut out = std::fs::OpenOptions::new()
                .write(true)
                .truncate(true)
                .open(path)
                .map_err(|e| fail(&e))?;
            if out.metadata().is_ok_and(|m| m.is_dir()) {
                return Err(write_error(path, "it is a folder".into()));
            }
            return out
                .write_all(bytes)
                .and_then(|()| out.flush())
                .map_err(|e| fail(&e));
        }
        _ => {}
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    // A picture is for others to read: the usual mode, less the umask (tempfile's own
    // default is private).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o644));
    }
    let mut file = builder.tempfile_in(dir).map_err(|e| fail(&e))?;
    file.write_all(bytes).map_err(|e| fail(&e))?;
    file.persist(path).map_err(|e| fail(&e.error))?;
    Ok(())
}

/// The system's reason, without the name of a temporary file the user never asked for
/// (tempfile ends its errors' text with ` at path "…"`).
fn reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" at path \"") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

impl PictureError {
    /// The one rule for exit codes: too much to draw is the request's fault (exit 2); a
    /// file that cannot be written, the system's (exit 1).
    pub fn into_error(self) -> crate::report::Error {
        match self {
            e @ PictureError::TooLarge(_) => crate::report::Error::input(e.to_string()),
            e => crate::report::Error::failed(e.to_string()),
        }
    }
}

/// The axes of a chart whose ticks are whole numbers, named `x` and `y`, without the
/// light grid.
fn whole_number_mesh<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    x: &str,
    y: &str,
) -> Result<(), PictureError> {
    chart
        .configure_mesh()
        .x_desc(x)
        .y_desc(y)
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| format!("{v:.0}"))
        .label_style(("sans-serif", 15))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(draw_err)
}

/// Plots `values` (of n = `first`, `first` + 1, …) against n: a point per value, the
/// P-positions (value 0) as red crosses on the axis. `title` goes in the caption.
pub fn line_plot(path: &Path, title: &str, first: u64, values: &[u64]) -> Result<(), PictureError> {
    if values.len() > MAX_POINTS {
        return Err(PictureError::TooLarge(format!(
            "a plot of {} values was asked for; the limit is {MAX_POINTS}",
            values.len()
        )));
    }
    font();
    let (width, height) = (1200u32, 700u32);
    let mut rgb = vec![255u8; (width * height * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        let top = values.iter().copied().max().unwrap_or(0);
        let last = first + values.len().max(1) as u64 - 1;
        let zeros = values.iter().filter(|&&v| v == 0).count();
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("{title}: values of n = {first}..{last} ({zeros} P-positions, marked ×)"),
                ("sans-serif", 22),
            )
            .margin(18)
            .x_label_area_size(45)
            .y_label_area_size(55)
            .build_cartesian_2d(
                first as f64 - 0.5..last as f64 + 0.5,
                -0.5..top as f64 + 1.0,
            )
            .map_err(draw_err)?;
        whole_number_mesh(&mut chart, "n", "Grundy value")?;
        let size = if values.len() > 2000 { 1 } else { 3 };
        chart
            .draw_series(
                values
                    .iter()
                    .enumerate()
                    .filter(|&(_, &v)| v != 0)
                    .map(|(i, &v)| {
                        Circle::new(((first + i as u64) as f64, v as f64), size, BLUE.filled())
                    }),
            )
            .map_err(draw_err)?
            .label("value")
            .legend(|(x, y)| Circle::new((x, y), 4, BLUE.filled()));
        chart
            .draw_series(
                values
                    .iter()
                    .enumerate()
                    .filter(|&(_, &v)| v == 0)
                    .map(|(i, _)| {
                        Cross::new(
                            ((first + i as u64) as f64, 0.0),
                            size + 2,
                            RED.stroke_width(2),
                        )
                    }),
            )
            .map_err(draw_err)?
            .label("P-position (value 0)")
            .legend(|(x, y)| Cross::new((x, y), 5, RED.stroke_width(2)));
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font(("sans-serif", 15))
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(draw_err)?;
        root.present().map_err(draw_err)?;
    }
    save(path, width, height, rgb)
}

/// A map of a grid of values: a coloured square per position `[x, y]` (x across, y up),
/// P-positions black, with a colour key of the values. `title` goes in the caption.
pub fn value_map(path: &Path, title: &str, grid: &Grid) -> Result<(), PictureError> {
    let (cols, rows) = (grid.xs + 1, grid.ys + 1);
    if cols.saturating_mul(rows) > MAX_CELLS {
        return Err(PictureError::TooLarge(format!(
            "a map of {cols}×{rows} positions was asked for; the limit is {MAX_CELLS} positions"
        )));
    }
    font();
    // Cells of at least 1 pixel, at most 24, for a picture of about 900 pixels a side.
    let cell = (900 / cols.max(rows)).clamp(1, 24) as u32;
    let plot_w = cell * cols as u32;
    let plot_h = cell * rows as u32;
    let (left, bottom, top_margin, key_w) = (70u32, 60u32, 60u32, 170u32);
    let width = left + plot_w + key_w + 20;
    let height = (top_margin + plot_h + bottom).max(420);
    let mut rgb = vec![255u8; (width * height * 3) as usize];
    let top_value = grid.values.iter().copied().max().unwrap_or(0);
    {
        let root = BitMapBackend::with_buffer(&mut rgb, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        let zeros = grid.values.iter().filter(|&&v| v == 0).count();
        root.draw(&Text::new(
            format!(
                "{title}: values of [x, y] for 0 ≤ x ≤ {}, 0 ≤ y ≤ {} ({zeros} P-positions, black)",
                grid.xs, grid.ys
            ),
            (left as i32, 18),
            ("sans-serif", 20).into_font(),
        ))
        .map_err(draw_err)?;
        let (plot, _) = root.split_horizontally(left + plot_w + 10);
        let mut chart = ChartBuilder::on(&plot)
            .margin_top(top_margin - 10)
            .x_label_area_size(bottom - 10)
            .y_label_area_size(left - 10)
            .build_cartesian_2d(0..cols as i64, 0..rows as i64)
            .map_err(draw_err)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("x")
            .y_desc("y")
            .label_style(("sans-serif", 14))
            .x_label_formatter(&|v| v.to_string())
            .y_label_formatter(&|v| v.to_string())
            .draw()
            .map_err(draw_err)?;
        chart
            .draw_series((0..cols).flat_map(|x| {
                (0..rows).map(move |y| {
                    let v = grid.at(x, y);
                    Rectangle::new(
                        [(x as i64, y as i64), (x as i64 + 1, y as i64 + 1)],
                        colour(v, top_value).filled(),
                    )
                })
            }))
            .map_err(draw_err)?;
        // The key: a swatch per value (or per range of values when there are many).
        let kx = (left + plot_w + 30) as i32;
        let mut ky = top_margin as i32;
        root.draw(&Text::new(
            "value",
            (kx, ky),
            ("sans-serif", 16).into_font(),
        ))
        .map_err(draw_err)?;
        ky += 24;
        let shown: Vec<u64> = if top_value <= 14 {
            (0..=top_value).collect()
        } else {
            (0..14).map(|i| i * top_value / 13).collect()
        };
        for v in shown {
            root.draw(&Rectangle::new(
                [(kx, ky), (kx + 18, ky + 18)],
                colour(v, top_value).filled(),
            ))
            .map_err(draw_err)?;
            let label = if v == 0 {
                "0 (P-position)".to_string()
            } else {
                v.to_string()
            };
            root.draw(&Text::new(
                label,
                (kx + 26, ky + 2),
                ("sans-serif", 15).into_font(),
            ))
            .map_err(draw_err)?;
            ky += 24;
        }
        root.present().map_err(draw_err)?;
    }
    save(path, width, height, rgb)
}

/// The most rows and columns a map of P-positions draws.
pub const MAX_BOARD: u64 = 1_000_000;

/// The most cells a side of a P-position map draws: past it, squares are grouped.
const MAP_CELLS: u64 = 800;

/// A map of the P-positions of a square board of `size` × `size` positions numbered from
/// `first` (0 or 1): a black square on each P-position in `points` (x across, y up); past
/// 800 squares a side, grey cells of several squares, darker with more P-positions.
/// `title` goes in the caption.
pub fn p_position_map(
    path: &Path,
    title: &str,
    first: u64,
    size: u64,
    points: &[(u64, u64)],
) -> Result<(), PictureError> {
    if size == 0 || size > MAX_BOARD {
        return Err(PictureError::TooLarge(format!(
            "a board of {size} × {size} was asked for; the limit is {MAX_BOARD}"
        )));
    }
    font();
    let (width, height) = (900u32, 960u32);
    // The plot is about 800 pixels across: past that many squares a side, squares are
    // grouped into cells of `cell` × `cell`, each drawn at least a pixel wide and the
    // darker the more P-positions it holds, so that no point vanishes at any size.
    let cell = size.div_ceil(MAP_CELLS).max(1);
    let n = size.div_ceil(cell) as usize;
    let mut counts = vec![0u32; n * n];
    for &(x, y) in points {
        let (i, j) = (
            (x.saturating_sub(first) / cell) as usize,
            (y.saturating_sub(first) / cell) as usize,
        );
        if i < n && j < n {
            counts[i * n + j] += 1;
        }
    }
    let most = counts.iter().copied().max().unwrap_or(0).max(1);
    let caption = if cell == 1 {
        format!("{title}: {} P-positions, black", points.len())
    } else {
        format!(
            "{title}: {} P-positions; cells of {cell}², darker = more",
            points.len()
        )
    };
    // Room for the longest tick label: the largest coordinate's digits.
    let digits = (first + size).to_string().len() as u32;
    let mut rgb = vec![255u8; (width * height * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        let (low, high) = (first as f64 - 0.5, (first + size) as f64 - 0.5);
        // The caption fits the width: a long one in a smaller type.
        let type_size = (22.0 * (72.0 / caption.chars().count() as f64).min(1.0)).max(13.0);
        let mut chart = ChartBuilder::on(&root)
            .caption(caption, ("sans-serif", type_size))
            .margin(18)
            .margin_right(18 + 5 * digits)
            .x_label_area_size(45)
            .y_label_area_size(30 + 9 * digits)
            .build_cartesian_2d(low..high, low..high)
            .map_err(draw_err)?;
        whole_number_mesh(&mut chart, "x", "y")?;
        let side = cell as f64;
        chart
            .draw_series(
                counts
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| **c > 0)
                    .map(|(k, &c)| {
                        let (i, j) = ((k / n) as f64, (k % n) as f64);
                        let (x, y) = (low + i * side, low + j * side);
                        // A lone point in a cell is mid grey; a full one, black.
                        let shade = (160.0 * (1.0 - f64::from(c) / f64::from(most))) as u8;
                        let colour = if cell == 1 {
                            BLACK
                        } else {
                            RGBColor(shade, shade, shade)
                        };
                        Rectangle::new([(x, y), (x + side, y + side)], colour.filled())
                    }),
            )
            .map_err(draw_err)?;
        root.present().map_err(draw_err)?;
    }
    save(path, width, height, rgb)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_are_written_whole_and_decode() {
        let dir = tempfile::tempdir().unwrap();
        let line = dir.path().join("line.png");
        let values: Vec<u64> = (0..100).map(|n| n % 5).collect();
        line_plot(&line, "test", 0, &values).unwrap();
        let img = image::open(&line).unwrap().to_rgb8();
        assert_eq!(img.dimensions(), (1200, 700));
        // Something besides white was drawn.
        assert!(img.pixels().any(|p| p.0 != [255, 255, 255]));

        let map = dir.path().join("map.png");
        let grid = Grid {
            xs: 9,
            ys: 4,
            values: (0..50).map(|i| i % 3).collect(),
        };
        value_map(&map, "test", &grid).unwrap();
        let img = image::open(&map).unwrap().to_rgb8();
        // Black P-positions are on the map.
        assert!(img.pixels().any(|p| p.0 == [0, 0, 0]));
        // Only the two pictures are in the directory: no temporary file left behind.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    /// The P-positions of Wythoff's game lie near two lines; on a map of any size those
    /// lines are drawn, not lost between pixels.
    #[test]
    fn points_stay_visible_on_maps_of_any_size() {
        let dir = tempfile::tempdir().unwrap();
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        for size in [50u64, 10_000, 1_000_000] {
            let mut points = Vec::new();
            for k in 0u64.. {
                let a = (k as f64 * phi).floor() as u64;
                let b = a + k;
                if b >= size {
                    break;
                }
                points.push((a, b));
                points.push((b, a));
            }
            let path = dir.path().join(format!("w{size}.png"));
            p_position_map(&path, "Wythoff", 0, size, &points).unwrap();
            let img = image::open(&path).unwrap().to_rgb8();
            // Dark pixels inside the plot, not only the axes' black: count those off
            // the axes' rows and columns by requiring a grey or black pixel whose row
            // and column both hold fewer than half the plot's width of them.
            let dark = |p: &image::Rgb<u8>| p.0[0] < 200 && p.0 == [p.0[0]; 3];
            let (w, h) = img.dimensions();
            let rows: Vec<u32> = (0..h)
                .map(|y| (0..w).filter(|&x| dark(img.get_pixel(x, y))).count() as u32)
                .collect();
            let cols: Vec<u32> = (0..w)
                .map(|x| (0..h).filter(|&y| dark(img.get_pixel(x, y))).count() as u32)
                .collect();
            let inside = (0..h)
                .flat_map(|y| (0..w).map(move |x| (x, y)))
                .filter(|&(x, y)| {
                    dark(img.get_pixel(x, y))
                        && rows[y as usize] < w / 2
                        && cols[x as usize] < h / 2
                })
                .count();
            assert!(
                inside > 300,
                "size {size}: {inside} dark pixels in the plot"
            );
        }
    }

    #[test]
    fn a_missing_directory_is_an_error() {
        let e = line_plot(Path::new("/nonexistent-dir/x.png"), "t", 0, &[0, 1]).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("cannot write /nonexistent-dir/x.png"),
            "{e}"
        );
    }
}
