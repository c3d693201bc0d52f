//! Pictures of small graphs with cycles: each vertex on a circle, coloured by its
//! generalised value and labelled with it, tokens ringed, and the moves a report marks
//! (winning in green, those that keep a draw in amber) drawn thick.

use std::f64::consts::PI;
use std::path::Path;

use plotters::prelude::*;

use super::{Format, PictureError, draw_err, font, save_bytes};
use crate::solve::loopy::{Digraph, Value, Values};

/// The most vertices drawn: past this a circle of labels is unreadable.
pub const MAX_DRAWN_VERTICES: usize = 60;
/// The most moves drawn.
pub const MAX_DRAWN_EDGES: usize = 400;

const WIDTH: u32 = 900;
const HEIGHT: u32 = 980;

/// What a picture of a graph shows.
pub struct GraphPicture {
    /// The title.
    pub title: String,
    /// The line under it.
    pub caption: String,
    /// The moves (from, to), vertices from 0.
    pub edges: Vec<(u32, u32)>,
    /// Each vertex's value.
    pub values: Vec<Value>,
    /// How many tokens stand on each vertex.
    pub tokens: Vec<u32>,
    /// Moves drawn green: they win.
    pub winning: Vec<(u32, u32)>,
    /// Moves drawn amber: they keep a draw.
    pub drawing: Vec<(u32, u32)>,
    /// The edges have no direction and the vertices no value (a graph whose edges are
    /// played, as in Arc-Kayles): no arrowheads, no values, a key to match.
    pub undirected: bool,
}

impl GraphPicture {
    /// The graph of `values` with tokens on `tokens` (vertices from 0), the moves marked.
    pub fn new(
        title: impl Into<String>,
        caption: impl Into<String>,
        values: &Values,
        tokens: &[u32],
        winning: Vec<(u32, u32)>,
        drawing: Vec<(u32, u32)>,
    ) -> GraphPicture {
        let g: &Digraph = values.graph();
        let n = g.len();
        let mut on = vec![0u32; n];
        for &t in tokens {
            on[t as usize] += 1;
        }
        GraphPicture {
            title: title.into(),
            caption: caption.into(),
            edges: (0..n as u32)
                .flat_map(|u| g.moves(u).iter().map(move |&v| (u, v)))
                .collect(),
            values: (0..n as u32).map(|v| values.value(v)).collect(),
            tokens: on,
            winning,
            drawing,
            undirected: false,
        }
    }

    /// An undirected graph of `vertices` vertices with `edges` (from 1), the edges in
    /// `winning` marked: the picture of a game played on edges.
    pub fn edges(
        title: impl Into<String>,
        caption: impl Into<String>,
        vertices: u64,
        edges: &[[u64; 2]],
        winning: &[[u64; 2]],
    ) -> GraphPicture {
        let pair = |&[u, v]: &[u64; 2]| ((u - 1) as u32, (v - 1) as u32);
        GraphPicture {
            title: title.into(),
            caption: caption.into(),
            edges: edges.iter().map(pair).collect(),
            values: vec![Value::Finite(1); vertices as usize],
            tokens: vec![0; vertices as usize],
            winning: winning.iter().map(pair).collect(),
            drawing: Vec::new(),
            undirected: true,
        }
    }
}

/// The fill of a vertex: P-positions dark, other nimbers light blue, ∞ positions from
/// which the player to move wins orange, drawn ones grey.
fn fill(v: &Value) -> RGBColor {
    match v {
        Value::Finite(0) => RGBColor(40, 40, 48),
        Value::Finite(_) => RGBColor(150, 195, 235),
        Value::Infinite(k) if k.contains(&0) => RGBColor(245, 170, 90),
        Value::Infinite(_) => RGBColor(200, 200, 200),
    }
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    pic: &GraphPicture,
) -> Result<(), PictureError> {
    root.fill(&WHITE).map_err(draw_err)?;
    let text = |size: f64| ("sans-serif", size).into_font().color(&BLACK);
    root.draw(&Text::new(pic.title.clone(), (20, 14), text(26.0)))
        .map_err(draw_err)?;
    root.draw(&Text::new(pic.caption.clone(), (20, 48), text(17.0)))
        .map_err(draw_err)?;
    let n = pic.values.len();
    let (cx, cy) = (f64::from(WIDTH) / 2.0, 110.0 + 380.0);
    let radius = if n <= 1 { 0.0 } else { 330.0 };
    let r = (if n > 30 { 13.0 } else { 20.0 }) as i32;
    let at = |v: u32| -> (f64, f64) {
        let a = 2.0 * PI * f64::from(v) / n.max(1) as f64 - PI / 2.0;
        (cx + radius * a.cos(), cy + radius * a.sin())
    };
    let pt = |(x, y): (f64, f64)| (x.round() as i32, y.round() as i32);
    let marked = |e: &(u32, u32)| {
        if pic.winning.contains(e) {
            Some(RGBColor(20, 150, 60))
        } else if pic.drawing.contains(e) {
            Some(RGBColor(200, 140, 0))
        } else {
            None
        }
    };
    // Plain moves first, marked ones over them.
    let mut edges: Vec<&(u32, u32)> = pic.edges.iter().collect();
    edges.sort_by_key(|e| marked(e).is_some());
    for e in edges {
        let (colour, width) = match marked(e) {
            Some(c) => (c, 4),
            None => (RGBColor(120, 120, 130), 1),
        };
        let style = ShapeStyle::from(&colour).stroke_width(width);
        let (a, b) = (at(e.0), at(e.1));
        if e.0 == e.1 {
            // A loop: a small circle outside the vertex.
            let d = ((a.0 - cx).hypot(a.1 - cy)).max(1.0);
            let out = (
                a.0 + (a.0 - cx) / d * 1.6 * f64::from(r),
                a.1 + (a.1 - cy) / d * 1.6 * f64::from(r),
            );
            root.draw(&Circle::new(pt(out), r * 7 / 10, style))
                .map_err(draw_err)?;
            continue;
        }
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = dx.hypot(dy).max(1.0);
        let (ux, uy) = (dx / len, dy / len);
        // Two moves u → v and v → u are drawn side by side, not on one line.
        let (ox, oy) = if pic.undirected {
            (0.0, 0.0)
        } else {
            (-uy * 4.0, ux * 4.0)
        };
        let start = (a.0 + ux * f64::from(r) + ox, a.1 + uy * f64::from(r) + oy);
        let tip = (b.0 - ux * f64::from(r) + ox, b.1 - uy * f64::from(r) + oy);
        root.draw(&PathElement::new(vec![pt(start), pt(tip)], style))
            .map_err(draw_err)?;
        if pic.undirected {
            continue;
        }
        let head = 12.0;
        let left = (
            tip.0 - ux * head - uy * head * 0.5,
            tip.1 - uy * head + ux * head * 0.5,
        );
        let right = (
            tip.0 - ux * head + uy * head * 0.5,
            tip.1 - uy * head - ux * head * 0.5,
        );
        root.draw(&Polygon::new(
            vec![pt(tip), pt(left), pt(right)],
            ShapeStyle::from(&colour).filled(),
        ))
        .map_err(draw_err)?;
    }
    for v in 0..n as u32 {
        let p = pt(at(v));
        let value = &pic.values[v as usize];
        if pic.tokens[v as usize] > 0 {
            root.draw(&Circle::new(
                p,
                r + 6,
                ShapeStyle::from(&RGBColor(200, 30, 30)).stroke_width(4),
            ))
            .map_err(draw_err)?;
        }
        root.draw(&Circle::new(p, r, ShapeStyle::from(&fill(value)).filled()))
            .map_err(draw_err)?;
        let colour = if *value == Value::Finite(0) {
            WHITE
        } else {
            BLACK
        };
        let size = if n > 30 { 13.0 } else { 16.0 };
        let number = (v + 1).to_string();
        let w = (number.len() as i32) * (size as i32) * 3 / 10;
        root.draw(&Text::new(
            number,
            (p.0 - w, p.1 - size as i32 / 2),
            ("sans-serif", size).into_font().color(&colour),
        ))
        .map_err(draw_err)?;
        if pic.undirected {
            continue;
        }
        // The value outside the circle, away from the centre.
        let (x, y) = at(v);
        let d = (x - cx).hypot(y - cy).max(1.0);
        let away = f64::from(r) + 26.0;
        let mut label = value.to_string();
        if pic.tokens[v as usize] > 1 {
            label = format!("{label} ×{}", pic.tokens[v as usize]);
        }
        let lx = x + (x - cx) / d * away - 4.0 * label.chars().count() as f64;
        let ly = y + (y - cy) / d * away - 8.0;
        root.draw(&Text::new(label, pt((lx, ly)), text(15.0)))
            .map_err(draw_err)?;
    }
    if pic.undirected && pic.winning.is_empty() {
        return root.present().map_err(draw_err);
    }
    if pic.undirected {
        let y = (HEIGHT - 40) as i32;
        root.draw(&PathElement::new(
            vec![(20, y + 8), (44, y + 8)],
            ShapeStyle::from(&RGBColor(20, 150, 60)).stroke_width(4),
        ))
        .map_err(draw_err)?;
        root.draw(&Text::new(
            "winning move: take this edge",
            (50, y),
            text(15.0),
        ))
        .map_err(draw_err)?;
        return root.present().map_err(draw_err);
    }
    // The key.
    let y = (HEIGHT - 60) as i32;
    let mut x = 20;
    for (colour, meaning) in [
        (fill(&Value::Finite(0)), "worth 0"),
        (fill(&Value::Finite(1)), "a nimber > 0"),
        (fill(&Value::Infinite(vec![0])), "∞(K), 0 in K: won"),
        (fill(&Value::Infinite(vec![])), "∞(K), 0 not in K: drawn"),
    ] {
        root.draw(&Circle::new(
            (x + 8, y + 8),
            8,
            ShapeStyle::from(&colour).filled(),
        ))
        .map_err(draw_err)?;
        root.draw(&Text::new(meaning, (x + 22, y), text(15.0)))
            .map_err(draw_err)?;
        x += 215;
    }
    let y = y + 28;
    root.draw(&Circle::new(
        (28, y + 8),
        9,
        ShapeStyle::from(&RGBColor(200, 30, 30)).stroke_width(3),
    ))
    .map_err(draw_err)?;
    root.draw(&Text::new("token", (42, y), text(15.0)))
        .map_err(draw_err)?;
    for (i, (colour, meaning)) in [
        (RGBColor(20, 150, 60), "winning move"),
        (RGBColor(200, 140, 0), "move that keeps the draw"),
    ]
    .into_iter()
    .enumerate()
    {
        let x = 130 + 230 * i as i32;
        root.draw(&PathElement::new(
            vec![(x, y + 8), (x + 24, y + 8)],
            ShapeStyle::from(&colour).stroke_width(4),
        ))
        .map_err(draw_err)?;
        root.draw(&Text::new(meaning, (x + 30, y), text(15.0)))
            .map_err(draw_err)?;
    }
    root.present().map_err(draw_err)
}

/// The position of the graph file `input` analysed once, as its report and its picture
/// (the winning moves marked, or in a draw the moves that keep it). A graph too large to
/// draw is refused before its values are computed.
pub fn analyzed(
    input: &crate::parse::Input,
) -> Result<(crate::report::graph::GraphReport, GraphPicture), crate::report::Error> {
    use crate::analysis::graph;
    let g = graph::parse(input)?;
    drawable(g.graph.len(), g.edges)
        .map_err(|e| crate::report::Error::input(format!("{}: {e}", input.source)))?;
    let values = g.graph.values();
    let report = graph::explain(&values, g.edges, &g.tokens);
    let ends = |moves: &[crate::report::graph::GraphMove]| -> Vec<(u32, u32)> {
        moves
            .iter()
            .map(|m| (m.from as u32 - 1, m.to as u32 - 1))
            .collect()
    };
    let outcome = match report.winner {
        crate::solve::loopy::Outcome::First => "the first player (to move) wins",
        crate::solve::loopy::Outcome::Second => "the second player wins",
        crate::solve::loopy::Outcome::Draw => "a draw: neither player can force a win",
    };
    let caption = format!(
        "tokens on {}; value {}: {outcome}; {} winning, {} drawing moves marked",
        report
            .tokens
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        report.value,
        report.winning_moves.len(),
        report.drawing_moves.len()
    );
    let picture = GraphPicture::new(
        format!(
            "Tokens on a graph: {} vertices, {} moves",
            g.graph.len(),
            g.edges
        ),
        caption,
        &values,
        &g.tokens,
        ends(&report.winning_moves),
        ends(&report.drawing_moves),
    );
    Ok((report, picture))
}

/// Every vertex of the graph file `input` valued once, as the explore report and a picture
/// of the values (its tokens, if any, are not drawn). A graph too large to draw is refused
/// before its values are computed.
pub fn explored(
    input: &crate::parse::Input,
) -> Result<(crate::report::graph::GraphExplore, GraphPicture), crate::report::Error> {
    use crate::analysis::graph;
    let g = graph::parse_graph(input)?;
    drawable(g.graph.len(), g.edges)
        .map_err(|e| crate::report::Error::input(format!("{}: {e}", input.source)))?;
    let values = g.graph.values();
    let report = graph::summarize(&g, &values);
    let caption = format!(
        "one token alone: lost for the player to move on {} of the vertices, won on {}, drawn on {}",
        report.p_positions, report.wins, report.draws
    );
    let picture = GraphPicture::new(
        format!(
            "A graph's values: {} vertices, {} moves",
            g.graph.len(),
            g.edges
        ),
        caption,
        &values,
        &[],
        Vec::new(),
        Vec::new(),
    );
    Ok((report, picture))
}

/// Refuses a graph past [`MAX_DRAWN_VERTICES`] vertices or [`MAX_DRAWN_EDGES`] moves.
fn drawable(vertices: usize, edges: u64) -> Result<(), String> {
    if vertices > MAX_DRAWN_VERTICES || edges > MAX_DRAWN_EDGES as u64 {
        return Err(format!(
            "a graph of {vertices} vertices and {edges} moves is too large to draw (at most {MAX_DRAWN_VERTICES} vertices and {MAX_DRAWN_EDGES} moves)"
        ));
    }
    Ok(())
}

/// Draws `pic` into `path` as PNG or SVG, written whole; a graph past
/// [`MAX_DRAWN_VERTICES`] vertices or [`MAX_DRAWN_EDGES`] moves is refused.
pub fn write_graph(path: &Path, pic: &GraphPicture, format: Format) -> Result<(), PictureError> {
    save_bytes(path, &graph_bytes(pic, format)?)
}

/// The picture of a graph as the bytes of a PNG or an SVG file, in memory; a graph past
/// [`MAX_DRAWN_VERTICES`] vertices or [`MAX_DRAWN_EDGES`] moves is refused.
pub fn graph_bytes(pic: &GraphPicture, format: Format) -> Result<Vec<u8>, PictureError> {
    drawable(pic.values.len(), pic.edges.len() as u64).map_err(PictureError::TooLarge)?;
    font();
    let size = (WIDTH, HEIGHT);
    match format {
        Format::Png => {
            let mut rgb = vec![255u8; (WIDTH * HEIGHT * 3) as usize];
            {
                let root = BitMapBackend::with_buffer(&mut rgb, size).into_drawing_area();
                draw(&root, pic)?;
            }
            super::encode_png(WIDTH, HEIGHT, rgb)
        }
        Format::Svg => {
            let mut svg = String::new();
            {
                let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
                draw(&root, pic)?;
            }
            Ok(svg.into_bytes())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_graph_is_drawn_and_a_large_one_refused() {
        // 1 ⇄ 2 with a loop on 1, a way out 2 → 3 → 4: 4 is worth 0, 3 worth 1, 2 ∞(1).
        let g = Digraph::new(4, &[(0, 1), (1, 0), (1, 2), (2, 3), (0, 0)]).unwrap();
        let values = g.values();
        let pic = GraphPicture::new("graph", "caption", &values, &[1, 2], vec![(1, 2)], vec![]);
        assert_eq!(pic.tokens, [0, 1, 1, 0]);
        let dir = tempfile::tempdir().unwrap();
        let svg = dir.path().join("g.svg");
        write_graph(&svg, &pic, Format::Svg).unwrap();
        let text = std::fs::read_to_string(&svg).unwrap();
        // Four vertices with their numbers and values, the winning move in green.
        let texts: Vec<&str> = text
            .split("</text>")
            .filter_map(|piece| piece.rsplit('>').next())
            .map(str::trim)
            .collect();
        for label in ["1", "2", "3", "4", "0", "∞(1)", "∞"] {
            assert!(texts.contains(&label), "{label} in {texts:?}");
        }
        assert!(text.contains("#14963C"), "the winning move's green");
        let png = dir.path().join("g.png");
        write_graph(&png, &pic, Format::Png).unwrap();
        assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));

        let edges: Vec<(u32, u32)> = (0..70).map(|v| (v, (v + 1) % 70)).collect();
        let big = Digraph::new(70, &edges).unwrap().values();
        let pic = GraphPicture::new("graph", "", &big, &[0], vec![], vec![]);
        let e = write_graph(&svg, &pic, Format::Svg).unwrap_err();
        assert!(e.to_string().contains("at most 60 vertices"), "{e}");
    }
}
