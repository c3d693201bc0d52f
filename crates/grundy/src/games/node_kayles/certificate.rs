//! Certificates of Node-Kayles values: the table of every part a search valued, written so
//! that each entry can be checked on its own, and the checker.
//!
//! By the Sprague–Grundy theorem (Winning Ways, ch. 3) a part's value is the mex of its
//! options' values, and an option's value is the XOR of the values of the parts it leaves.
//! So a table in which every entry is the mex of what its options leave, looked up in the
//! same table, holds true values by induction on the number of vertices, whatever found
//! it; the position's value is then the XOR of its parts' entries.
//!
//! The file is text. Its first line is a JSON object: `format`
//! (`grundy-node-kayles-certificate/1`), `game`, `position` (the graph as `analyze` wrote
//! it), `parts` (the keys of its components, in order), `value` and `entries` (how many
//! lines follow). Then one line per part, its key and its value: `c3:1ff 2` is the cells of
//! a strip 3 rows high given by the bits of the hexadecimal number (cell (r, c) is bit
//! 3c + r), `g4:0-1,1-2,2-3 2` a graph of 4 vertices by its edges.
//!
//! [`verify`] checks one with none of the search's code. Cells are laid out its own way, row
//! by row on a board of the part's height and width (where the search's strips go column
//! by column); a move and the parts it leaves are worked out there, and a part is looked up
//! under the checker's own key (its cells moved to the corner, the least of its four
//! images, row by row), so that two entries of the same shape must agree; a graph is looked
//! up by its canonical labelling. Each shape is checked once, on every core, from the
//! table alone (32 bytes a part and nothing else kept per entry), and the parts of the
//! position must be the position. (The boards are tested against a plainer reading of
//! the same rules, one coordinate pair a cell.)

use std::io::{BufRead, Write};

use rayon::prelude::*;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use thiserror::Error;

use super::cells::Cells;
use super::{Component, Edges};
use crate::games::undirected;
use crate::nimber::{MexSet, Nimber};
use crate::progress::Progress;

/// The format a certificate declares.
pub const FORMAT: &str = "grundy-node-kayles-certificate/1";

/// The first line of a certificate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// [`FORMAT`].
    pub format: String,
    /// `node-kayles`.
    pub game: String,
    /// The position, as a graph file.
    pub position: String,
    /// The keys of the position's components.
    pub parts: Vec<String>,
    /// The position's value.
    pub value: u64,
    /// How many entry lines follow.
    pub entries: u64,
}

/// Why a certificate was refused: the line and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {message}")]
pub struct VerifyError {
    /// The line, from 1 (0 for the file as a whole).
    pub line: u64,
    /// What is wrong.
    pub message: String,
}

fn refuse(line: u64, message: impl Into<String>) -> VerifyError {
    VerifyError {
        line,
        message: message.into(),
    }
}

/// The key of a component as a certificate writes it.
pub fn key(c: &Component) -> String {
    match c {
        Component::Cells(cells) => format!("c{}:{:x}", cells.rows, cells.bits()),
        Component::Edges(e) => {
            let edges: Vec<String> = e.edges.iter().map(|[u, v]| format!("{u}-{v}")).collect();
            format!("g{}:{}", e.order, edges.join(","))
        }
    }
}

/// Writes the certificate of `sum` (written as `position`), of value `value`, from the
/// table of every part valued.
pub fn write(
    out: &mut dyn Write,
    position: &str,
    sum: &[Component],
    value: Nimber,
    table: &[(&Component, Nimber)],
) -> std::io::Result<()> {
    let header = Header {
        format: FORMAT.into(),
        game: "node-kayles".into(),
        position: position.into(),
        parts: sum.iter().map(key).collect(),
        value: value.0,
        entries: table.len() as u64,
    };
    let line = serde_json::to_string(&header).map_err(std::io::Error::other)?;
    writeln!(out, "{line}")?;
    for (c, v) in table {
        writeln!(out, "{} {}", key(c), v.0)?;
    }
    out.flush()
}

/// A part as the checker keys it: 24 bytes, so that the table of a certificate of a
/// hundred million parts stays within a few gigabytes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Shape {
    /// Cells moved to the corner, the least of the four images: height, width, and the
    /// cells row by row (cell (r, c) is bit r · width + c), low half first.
    Cells(u8, u8, [u64; 2]),
    /// A graph by its canonical labelling: its order and its edges.
    Graph(Box<(u16, Vec<[u16; 2]>)>),
}

impl Shape {
    fn cells(h: u32, w: u32, bits: u128) -> Shape {
        Shape::Cells(h as u8, w as u8, [bits as u64, (bits >> 64) as u64])
    }

    /// The part again: a board of its cells, or its graph.
    fn part(&self) -> Part {
        match self {
            Shape::Cells(h, w, [lo, hi]) => Part::Board(Board {
                h: u32::from(*h),
                w: u32::from(*w),
                bits: u128::from(*lo) | u128::from(*hi) << 64,
            }),
            Shape::Graph(g) => Part::Graph(Edges {
                order: g.0,
                edges: g.1.clone(),
            }),
        }
    }

    /// A key for this shape, as a certificate would write it (the cells of a board go
    /// into a strip as high as the board).
    fn key(&self) -> String {
        match self.part() {
            Part::Board(b) => {
                let mut strip = 0u128;
                let mut rest = b.bits;
                while rest != 0 {
                    let i = rest.trailing_zeros();
                    rest &= rest - 1;
                    strip |= 1 << ((i % b.w) * b.h + i / b.w);
                }
                format!("c{}:{strip:x}", b.h)
            }
            Part::Graph(e) => key(&Component::Edges(Box::new(e))),
        }
    }
}

/// A part the checker works on.
enum Part {
    Board(Board),
    Graph(Edges),
}

/// A part on the checker's own board: `h` rows of `w` cells, cell (r, c) at bit r · w + c
/// (row by row, where a key's strip goes column by column), h · w ≤ 128.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Board {
    h: u32,
    w: u32,
    bits: u128,
}

impl Board {
    /// The cells of a key: a strip `rows` high, cell (r, c) at bit c · rows + r.
    fn from_strip(rows: u32, bits: u128) -> Board {
        let w = (128 - bits.leading_zeros()).div_ceil(rows);
        let mut cells = 0u128;
        let mut rest = bits;
        while rest != 0 {
            let b = rest.trailing_zeros();
            rest &= rest - 1;
            cells |= 1 << ((b % rows) * w + b / rows);
        }
        Board {
            h: rows,
            w,
            bits: cells,
        }
    }

    /// Every cell of the board.
    fn all(self) -> u128 {
        if self.h * self.w == 128 {
            u128::MAX
        } else {
            (1 << (self.h * self.w)) - 1
        }
    }

    /// The cells of column `c`.
    fn column(self, c: u32) -> u128 {
        (0..self.h).fold(0, |m, r| m | 1 << (r * self.w + c))
    }

    /// Row `r`'s cells, as the low `w` bits.
    fn row(self, r: u32) -> u128 {
        let width = u128::MAX >> (128 - self.w);
        self.bits >> (r * self.w) & width
    }

    /// The cells beside `x` (up, down, left, right) on this board, and `x`.
    fn grown(self, x: u128, first: u128, last: u128) -> u128 {
        let w = self.w;
        let up = x.checked_shr(w).unwrap_or(0);
        let down = x.checked_shl(w).unwrap_or(0);
        (x | up | down | (x & !last) << 1 | (x & !first) >> 1) & self.all()
    }

    /// The parts left after a move at bit `at`: the cell and those beside it taken, the
    /// rest cut where no cell is beside another.
    fn after(self, at: u32, first: u128, last: u128) -> SmallVec<[Board; 4]> {
        let gone = self.grown(1 << at, first, last);
        let mut left = self.bits & !gone;
        let mut parts = SmallVec::new();
        while left != 0 {
            let mut part = left & left.wrapping_neg();
            loop {
                let more = self.grown(part, first, last) & left;
                if more == part {
                    break;
                }
                part = more;
            }
            left &= !part;
            parts.push(Board { bits: part, ..self });
        }
        parts
    }

    /// The checker's key: the cells moved to the corner, and the least of the four images
    /// (rows in turn reversed, columns reversed, both), row by row.
    fn shape(self) -> Shape {
        debug_assert!(self.bits != 0, "a part has cells");
        let rows: SmallVec<[u128; 16]> = (0..self.h).map(|r| self.row(r)).collect();
        let top = rows.iter().position(|r| *r != 0).unwrap_or(0);
        let bottom = rows.iter().rposition(|r| *r != 0).unwrap_or(0);
        let across = rows.iter().fold(0, |m, r| m | r);
        let (left, right) = (across.trailing_zeros(), 127 - across.leading_zeros());
        let (h, w) = ((bottom - top + 1) as u32, right - left + 1);
        let kept = &rows[top..=bottom];
        let image = |flip_rows: bool, flip_columns: bool| -> u128 {
            kept.iter().enumerate().fold(0u128, |bits, (i, &row)| {
                let mut row = row >> left;
                if flip_columns {
                    row = row.reverse_bits() >> (128 - w);
                }
                let r = if flip_rows {
                    h - 1 - i as u32
                } else {
                    i as u32
                };
                bits | row << (r * w)
            })
        };
        let least = [(false, false), (true, false), (false, true), (true, true)]
            .into_iter()
            .map(|(a, b)| image(a, b))
            .min()
            .unwrap_or(0);
        Shape::cells(h, w, least)
    }

    /// Calls `f` with each option's parts, one option per cell (in the order of the cells'
    /// bits).
    fn each_option(self, mut f: impl FnMut(&[Board])) {
        let (first, last) = (self.column(0), self.column(self.w - 1));
        let mut rest = self.bits;
        while rest != 0 {
            let at = rest.trailing_zeros();
            rest &= rest - 1;
            f(&self.after(at, first, last));
        }
    }
}

/// A key read back: the component it names.
pub fn read_key(text: &str) -> Result<Component, String> {
    let bad = || format!("expected a key like c3:1ff or g3:0-1,1-2, found '{text}'");
    let (head, body) = text.split_once(':').ok_or_else(bad)?;
    if let Some(rows) = head.strip_prefix('c') {
        let rows: u8 = rows.parse().map_err(|_| bad())?;
        let bits = u128::from_str_radix(body, 16).map_err(|_| bad())?;
        // A strip keeps whole columns: 128 / rows of them.
        let fits = u32::from(rows) * (128 / u32::from(rows.max(1)));
        if rows == 0 || rows > 128 || bits == 0 || bits.checked_shr(fits).unwrap_or(0) != 0 {
            return Err(bad());
        }
        return Ok(Component::Cells(Cells::new(rows, bits)));
    }
    let order: u16 = head
        .strip_prefix('g')
        .ok_or_else(bad)?
        .parse()
        .map_err(|_| bad())?;
    let mut edges = Vec::new();
    for pair in body.split(',').filter(|p| !p.is_empty()) {
        let (u, v) = pair.split_once('-').ok_or_else(bad)?;
        let (u, v): (u16, u16) = (u.parse().map_err(|_| bad())?, v.parse().map_err(|_| bad())?);
        if u >= v || v >= order {
            return Err(bad());
        }
        edges.push([u, v]);
    }
    if order == 0 {
        return Err(bad());
    }
    edges.sort_unstable();
    edges.dedup();
    Ok(Component::Edges(Box::new(Edges { order, edges })))
}

/// The checker's key of a graph.
fn graph_shape(e: &Edges) -> Shape {
    Shape::Graph(Box::new((
        e.order,
        undirected::canonical(e.order, &e.edges),
    )))
}

/// Entries a core checks in one go.
const BATCH: usize = 4096;

/// What checking an entry needs besides the table, kept from one entry to the next.
#[derive(Default)]
struct Scratch {
    mex: MexSet,
    /// The keys of the parts every option leaves, one option after another.
    keys: Vec<Shape>,
    /// Where each option's keys end.
    ends: Vec<usize>,
}

/// A table entry: the part's value, and the first line that gives it.
type Entry = (u32, u32);

/// Checks one part of the table: its value is the mex of its options', each the XOR of the
/// values of the parts it leaves, looked up in `table`. Every key is worked out before any
/// is looked up, so that the look-ups (most of them misses in a large table) overlap.
fn check_entry(
    shape: &Shape,
    (value, at): Entry,
    table: &FxHashMap<Shape, Entry>,
    scratch: &mut Scratch,
) -> Result<(), VerifyError> {
    let Scratch { mex, keys, ends } = scratch;
    keys.clear();
    ends.clear();
    match shape.part() {
        Part::Board(board) => board.each_option(|parts| {
            keys.extend(parts.iter().map(|p| p.shape()));
            ends.push(keys.len());
        }),
        Part::Graph(e) => {
            let edges: Vec<[u32; 2]> = e
                .edges
                .iter()
                .map(|&[u, v]| [u32::from(u), u32::from(v)])
                .collect();
            for v in 0..e.order {
                let gone = super::closed_neighbourhood(&e, v);
                let parts = super::components(usize::from(e.order), &edges, |x| !gone[x as usize]);
                keys.extend(parts.iter().map(graph_shape));
                ends.push(keys.len());
            }
        }
    }
    let at = u64::from(at);
    mex.reset(ends.len());
    let mut start = 0;
    for (i, &end) in ends.iter().enumerate() {
        let mut sum = 0;
        for part in &keys[start..end] {
            let Some(&(v, _)) = table.get(part) else {
                return Err(refuse(
                    at,
                    format!(
                        "{} (this line's part, as the checker lays it out): a part left by its \
                         move {} is not in the table",
                        shape.key(),
                        i + 1
                    ),
                ));
            };
            sum ^= u64::from(v);
        }
        mex.insert(sum);
        start = end;
    }
    if mex.mex() != u64::from(value) {
        return Err(refuse(
            at,
            format!(
                "{} (this line's part, as the checker lays it out) is given {value}, but the \
                 mex of its options is {}",
                shape.key(),
                mex.mex()
            ),
        ));
    }
    Ok(())
}

/// What a certificate that holds says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The header.
    pub header: Header,
    /// Distinct parts in the table.
    pub checked: u64,
    /// The first line this run checked: 2 when it checked them all, later when it went on
    /// from an earlier run's checkpoint (the lines before were checked there).
    pub from_line: u64,
}

/// What tells one certificate from another between runs of the checker: its length in
/// bytes and the CRC-32 of its text, as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Digest {
    /// Bytes read.
    pub bytes: u64,
    /// Their CRC-32.
    pub crc32: u32,
}

/// How a check goes on from an earlier run of it and keeps its own place, for
/// [`verify_resuming`].
pub trait Resumption {
    /// Once the certificate is read: the first line still to be checked (2 when none was),
    /// or a refusal (the earlier run read another certificate).
    fn start(&mut self, digest: Digest, entries: u64) -> Result<u64, VerifyError>;
    /// After each batch: every line before `next` is checked. `true` stops the check there.
    fn checked(&mut self, next: u64) -> bool;
}

/// A check in one go: from the first line, never stopped.
struct InOneGo;

impl Resumption for InOneGo {
    fn start(&mut self, _: Digest, _: u64) -> Result<u64, VerifyError> {
        Ok(2)
    }

    fn checked(&mut self, _: u64) -> bool {
        false
    }
}

/// Checks the certificate read from `input`, with `progress` told of each entry checked.
pub fn verify(
    input: &mut dyn BufRead,
    progress: &mut dyn Progress,
) -> Result<Verified, VerifyError> {
    let done = verify_resuming(input, progress, &mut InOneGo, LINES_AT_ONCE)?;
    Ok(done.expect("a check in one go is never stopped"))
}

/// Lines checked between two calls of [`Resumption::checked`]: a few seconds' work.
pub const LINES_AT_ONCE: usize = BATCH * 64;

/// [`verify`], going on from the line `resume` gives once the file is read and telling it
/// after every `batch` lines checked (their order is the file's, so a batch boundary is a
/// place to go on from). `Ok(None)` when `resume` stopped the check before the end.
pub fn verify_resuming(
    input: &mut dyn BufRead,
    progress: &mut dyn Progress,
    resume: &mut dyn Resumption,
    batch: usize,
) -> Result<Option<Verified>, VerifyError> {
    let mut crc = crc32fast::Hasher::new();
    let mut bytes = 0u64;
    let mut line = String::new();
    let mut read = |input: &mut dyn BufRead, line: &mut String, at: u64| {
        line.clear();
        let n = input
            .read_line(line)
            .map_err(|e| refuse(at, format!("cannot read: {e}")))?;
        crc.update(line.as_bytes());
        bytes += n as u64;
        Ok(n)
    };
    read(input, &mut line, 1)?;
    let header: Header = serde_json::from_str(line.trim_end())
        .map_err(|e| refuse(1, format!("not a Node-Kayles certificate: {e}")))?;
    if header.format != FORMAT {
        return Err(refuse(
            1,
            format!("format is '{}', expected '{FORMAT}'", header.format),
        ));
    }
    // Lines are counted in 32 bits, as are values (a part's value is at most its number
    // of vertices, 65,535 at most).
    if header.entries > u64::from(u32::MAX) - 2 {
        return Err(refuse(
            1,
            format!(
                "the header counts {} entries; the checker holds at most {}",
                header.entries,
                u32::MAX - 2
            ),
        ));
    }
    // Every part, under the checker's key, with its value and the first line giving it.
    let mut table: FxHashMap<Shape, Entry> = FxHashMap::default();
    // And from each line to its entry (empty where a line repeats an earlier part), so that
    // the parts are checked in file order (below).
    let mut by_line: Vec<Option<(&Shape, &Entry)>> = Vec::new();
    let entries = header.entries as usize;
    if table.try_reserve(entries).is_err() || by_line.try_reserve_exact(entries).is_err() {
        return Err(refuse(
            1,
            format!(
                "the header counts {} entries, more than this machine's memory holds \
                 (about {} bytes each)",
                header.entries,
                std::mem::size_of::<(Shape, Entry)>()
                    + 1
                    + std::mem::size_of::<Option<(&Shape, &Entry)>>()
            ),
        ));
    }
    progress.start(header.entries.saturating_mul(2));
    for n in 0..header.entries {
        let at = n + 2;
        if read(input, &mut line, at)? == 0 {
            return Err(refuse(
                at,
                format!(
                    "the header counts {} entries, the file ends after {n}",
                    header.entries
                ),
            ));
        }
        let (k, v) = line
            .trim_end()
            .split_once(' ')
            .ok_or_else(|| refuse(at, "expected a key and a value"))?;
        let component = read_key(k).map_err(|e| refuse(at, e))?;
        let value: u32 = v.parse().map_err(|_| {
            refuse(
                at,
                format!("expected a value (at most {}), found '{v}'", u32::MAX),
            )
        })?;
        if let Component::Cells(c) = &component
            && c.parts(c.bits()).len() != 1
        {
            return Err(refuse(at, format!("{k} is not one connected part")));
        }
        let key_of = shape(&component);
        match table.get(&key_of) {
            Some(&(other, first)) if other != value => {
                return Err(refuse(
                    at,
                    format!("{k} is given {value}, and the same part {other} on line {first}"),
                ));
            }
            Some(_) => {}
            None => {
                table.insert(key_of, (value, at as u32));
            }
        }
        progress.advance(n + 1);
    }
    if read(input, &mut line, header.entries + 2)? != 0 && !line.trim().is_empty() {
        return Err(refuse(
            header.entries + 2,
            format!("the header counts {} entries, more follow", header.entries),
        ));
    }
    // Each part is checked once, on every core, a batch at a time in file order: the file
    // lists a part near the parts its options leave, so neighbouring checks look up the
    // same entries and find them in cache, where the table's own order would scatter them.
    // The index costs 16 bytes a line and no sort.
    let digest = Digest {
        bytes,
        crc32: crc.finalize(),
    };
    let from_line = resume.start(digest, header.entries)?;
    if !(2..=header.entries + 2).contains(&from_line) {
        return Err(refuse(
            0,
            format!(
                "cannot go on from line {from_line}: the certificate's entries are on lines 2 to {}",
                header.entries + 1
            ),
        ));
    }
    by_line.resize(entries, None);
    for (shape, entry) in &table {
        by_line[entry.1 as usize - 2] = Some((shape, entry));
    }
    let skipped = from_line - 2;
    let mut done = skipped;
    progress.advance(header.entries + done);
    for batch in by_line[skipped as usize..].chunks(batch.max(1)) {
        let first = batch
            .par_chunks(BATCH)
            .map_init(Scratch::default, |scratch, chunk| {
                chunk
                    .iter()
                    .flatten()
                    .find_map(|(shape, entry)| check_entry(shape, **entry, &table, scratch).err())
            })
            .flatten()
            .min_by_key(|e| e.line);
        // The batches go in file order, so the first refused in a batch is the first
        // in the file.
        if let Some(e) = first {
            return Err(e);
        }
        done += batch.len() as u64;
        progress.advance(header.entries + done);
        if resume.checked(done + 2) && done < header.entries {
            return Ok(None);
        }
    }
    check_position(&header, &table)?;
    progress.finish();
    Ok(Some(Verified {
        checked: table.len() as u64,
        header,
        from_line,
    }))
}

/// The checker's key of a component, without its options.
fn shape(c: &Component) -> Shape {
    match c {
        Component::Cells(cells) => Board::from_strip(u32::from(cells.rows), cells.bits()).shape(),
        Component::Edges(e) => graph_shape(e),
    }
}

/// The header's parts are the components of its position, and their values XOR to its
/// value.
fn check_position(header: &Header, table: &FxHashMap<Shape, Entry>) -> Result<(), VerifyError> {
    let graph = undirected::read(
        &crate::parse::Input::new("position", header.position.as_bytes()),
        super::LIMITS,
    )
    .map_err(|e| refuse(1, format!("the position: {e}")))?;
    let read = super::components(graph.vertices as usize, &graph.edges, |_| true);
    if read.len() != header.parts.len() {
        return Err(refuse(
            1,
            format!(
                "the position has {} components, the header lists {} parts",
                read.len(),
                header.parts.len()
            ),
        ));
    }
    let mut total = 0;
    for (i, (k, e)) in header.parts.iter().zip(&read).enumerate() {
        let part = read_key(k).map_err(|m| refuse(1, m))?;
        if part.explicit() != *e {
            return Err(refuse(
                1,
                format!(
                    "part {} ({k}) is not component {} of the position",
                    i + 1,
                    i + 1
                ),
            ));
        }
        let &(v, _) = table
            .get(&shape(&part))
            .ok_or_else(|| refuse(1, format!("part {} ({k}) is not in the table", i + 1)))?;
        total ^= u64::from(v);
    }
    if total != header.value {
        return Err(refuse(
            1,
            format!(
                "the parts' values XOR to {total}, the header says {}",
                header.value
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::Solver;
    use crate::games::node_kayles::NodeKayles;
    use crate::games::notation::Notation;
    use crate::parse::Input;

    /// The certificate `analyze` would write for `text`, and the value found.
    fn certified(text: &str) -> (String, Nimber) {
        let game = NodeKayles::default();
        let sum = game.read(&Input::new("g", text)).expect("a graph");
        let mut solver = Solver::new(&game);
        let value = solver.sum_grundy(&sum).expect("solved");
        let mut table: Vec<(&Component, Nimber)> = solver.table().collect();
        table.sort_unstable();
        let mut out = Vec::new();
        write(&mut out, &game.write(&sum), &sum, value, &table).expect("written");
        (String::from_utf8(out).expect("text"), value)
    }

    fn checked(text: &str) -> Result<Verified, VerifyError> {
        verify(&mut text.as_bytes(), &mut crate::progress::NoProgress)
    }

    /// `text` with line `n` (from 1) replaced by what `edit` makes of it.
    fn edited(text: &str, n: usize, edit: impl Fn(&str) -> String) -> String {
        text.lines()
            .enumerate()
            .map(|(i, l)| if i + 1 == n { edit(l) } else { l.to_string() } + "\n")
            .collect()
    }

    /// Cells as coordinates, from a key's height and bits (the checker's first way, one
    /// coordinate pair a cell, kept as the reference its boards are tested against).
    fn places(rows: u32, bits: u128) -> Vec<(u32, u32)> {
        (0..128u32)
            .filter(|b| bits >> b & 1 == 1)
            .map(|b| (b % rows, b / rows))
            .collect()
    }

    /// The checker's own key of the cells at `places` (connected, not empty).
    fn shape_of(places: &[(u32, u32)]) -> Shape {
        let r0 = places.iter().map(|p| p.0).min().unwrap_or(0);
        let c0 = places.iter().map(|p| p.1).min().unwrap_or(0);
        let h = places.iter().map(|p| p.0).max().unwrap_or(0) - r0 + 1;
        let w = places.iter().map(|p| p.1).max().unwrap_or(0) - c0 + 1;
        let image = |flip_rows: bool, flip_columns: bool| -> u128 {
            places.iter().fold(0u128, |bits, &(r, c)| {
                let r = if flip_rows { h - 1 - (r - r0) } else { r - r0 };
                let c = if flip_columns {
                    w - 1 - (c - c0)
                } else {
                    c - c0
                };
                bits | 1u128 << (r * w + c)
            })
        };
        let least = [(false, false), (true, false), (false, true), (true, true)]
            .into_iter()
            .map(|(a, b)| image(a, b))
            .min()
            .unwrap_or(0);
        Shape::cells(h, w, least)
    }

    /// The cells left at `places` after a move at `at`, as their connected parts.
    fn cells_after(places: &[(u32, u32)], at: (u32, u32)) -> Vec<Vec<(u32, u32)>> {
        let h = places.iter().map(|p| p.0).max().unwrap_or(0) as usize + 1;
        let w = places.iter().map(|p| p.1).max().unwrap_or(0) as usize + 1;
        let index = |(r, c): (u32, u32)| r as usize * w + c as usize;
        let mut left = vec![false; h * w];
        for &p in places {
            left[index(p)] = p.0.abs_diff(at.0) + p.1.abs_diff(at.1) > 1;
        }
        let mut parts = Vec::new();
        for &seed in places {
            if !left[index(seed)] {
                continue;
            }
            left[index(seed)] = false;
            let mut part = vec![seed];
            let mut i = 0;
            while i < part.len() {
                let (r, c) = part[i];
                let beside = [
                    (r.wrapping_sub(1), c),
                    (r + 1, c),
                    (r, c.wrapping_sub(1)),
                    (r, c + 1),
                ];
                for q in beside {
                    if (q.0 as usize) < h && (q.1 as usize) < w && left[index(q)] {
                        left[index(q)] = false;
                        part.push(q);
                    }
                }
                i += 1;
            }
            parts.push(part);
        }
        parts
    }

    /// The options of the cells at `places` by the reference: each cell's move, its parts'
    /// keys sorted (the order of parts within an option does not count).
    fn reference_options(places: &[(u32, u32)]) -> Vec<Vec<Shape>> {
        let mut sorted = places.to_vec();
        // The boards go through the cells in the order of their bits: row by row.
        sorted.sort_unstable();
        sorted
            .iter()
            .map(|&p| {
                let mut keys: Vec<Shape> =
                    cells_after(places, p).iter().map(|q| shape_of(q)).collect();
                keys.sort_by_key(|k| format!("{k:?}"));
                keys
            })
            .collect()
    }

    proptest! {
        /// On any set of cells of a strip (not only connected ones), the boards give the keys
        /// and the options' parts the coordinates give.
        #[test]
        fn boards_agree_with_coordinates(rows in 1u32..=6, bits in any::<u128>()) {
            let fits = rows * (128 / rows);
            let bits = if fits == 128 { bits } else { bits & ((1u128 << fits) - 1) };
            prop_assume!(bits != 0);
            let board = Board::from_strip(rows, bits);
            let at = places(rows, bits);
            prop_assert_eq!(board.shape(), shape_of(&at));
            // The key written for a shape reads back as that shape.
            let again = read_key(&board.shape().key()).expect("a key");
            prop_assert_eq!(shape(&again), board.shape());
            let mut options = Vec::new();
            board.each_option(|parts| {
                let mut keys: Vec<Shape> = parts.iter().map(|p| p.shape()).collect();
                keys.sort_by_key(|k| format!("{k:?}"));
                options.push(keys);
            });
            prop_assert_eq!(options, reference_options(&at));
        }
    }

    #[test]
    fn a_table_entry_is_small_and_counts_are_bounded() {
        assert!(std::mem::size_of::<(Shape, Entry)>() <= 32);
        let header = |entries: u64| {
            format!(
                "{{\"format\":\"{FORMAT}\",\"game\":\"node-kayles\",\"position\":\"1 0\\n\",\
                 \"parts\":[\"c1:1\"],\"value\":1,\"entries\":{entries}}}\nc1:1 1\n"
            )
        };
        assert_eq!(checked(&header(1)).expect("holds").checked, 1);
        let e = checked(&header(u64::from(u32::MAX))).expect_err("refused");
        assert!(e.message.contains("holds at most"), "{e}");
        assert_eq!(e.line, 1);
    }

    #[test]
    fn a_key_past_its_strip_is_refused() {
        // A strip 3 rows high keeps 42 columns: bits 0 to 125.
        assert!(read_key("c3:1").is_ok());
        assert!(read_key(&format!("c3:{:x}", 1u128 << 125)).is_ok());
        assert!(read_key(&format!("c3:{:x}", 1u128 << 126)).is_err());
        assert!(read_key(&format!("c1:{:x}", 1u128 << 127)).is_ok());
        assert!(read_key(&format!("c100:{:x}", 1u128 << 100)).is_err());
    }

    #[test]
    fn a_grids_certificate_holds_and_each_damage_is_refused_where_it_is() {
        let (text, value) = certified("grid:3x7");
        let ok = checked(&text).expect("holds");
        assert_eq!(ok.header.value, value.0);
        assert!(ok.checked > 50, "{}", ok.checked);
        let lines = text.lines().count();
        // A value changed: that entry, or one whose option reads it, is refused.
        let last = edited(&text, lines, |l| {
            let (k, v) = l.split_once(' ').unwrap();
            format!("{k} {}", v.parse::<u64>().unwrap() + 1)
        });
        let e = checked(&last).expect_err("refused");
        assert!(e.message.contains("mex of its options"), "{e}");
        // Two values changed: the refusal named is the first in the file of those each
        // change alone brings.
        let bump = |l: &str| {
            let (k, v) = l.split_once(' ').unwrap();
            format!("{k} {}", v.parse::<u64>().unwrap() + 1)
        };
        let third = checked(&edited(&text, 3, bump)).expect_err("refused").line;
        let both = checked(&edited(&last, 3, bump)).expect_err("refused").line;
        assert_eq!(both, third.min(e.line), "{third} {}", e.line);
        // An entry gone: the header's count no longer holds.
        let short: String = text
            .lines()
            .take(lines - 1)
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(
            checked(&short)
                .expect_err("refused")
                .message
                .contains("ends after")
        );
        // An entry gone and the count mended: an option's part is missing.
        let count = (lines - 2).to_string();
        let mended = edited(&short, 1, |l| {
            l.replace(
                &format!("\"entries\":{}", lines - 1),
                &format!("\"entries\":{count}"),
            )
        });
        let e = checked(&mended).expect_err("refused");
        assert!(e.message.contains("not in the table"), "{e}");
        // The value claimed changed, or the position.
        let claimed = edited(&text, 1, |l| {
            l.replace(
                &format!("\"value\":{}", value.0),
                &format!("\"value\":{}", value.0 + 1),
            )
        });
        assert!(
            checked(&claimed)
                .expect_err("refused")
                .message
                .contains("XOR to")
        );
        let moved = edited(&text, 1, |l| l.replacen("1 2\\n", "1 3\\n", 1));
        assert_eq!(checked(&moved).expect_err("refused").line, 1);
        // Not a key, not a certificate.
        let garbled = edited(&text, 3, |_| "c3:xyz 1".into());
        assert_eq!(checked(&garbled).expect_err("refused").line, 3);
        assert_eq!(checked("{}\n").expect_err("refused").line, 1);
        assert_eq!(checked("").expect_err("refused").line, 1);
    }

    /// A resumption that starts at `from`, stops after `stop_after` batches, and records
    /// the digest and every place it was told of.
    struct Recorded {
        from: u64,
        stop_after: Option<usize>,
        digest: Option<Digest>,
        places: Vec<u64>,
    }

    impl Recorded {
        fn new(from: u64, stop_after: Option<usize>) -> Recorded {
            Recorded {
                from,
                stop_after,
                digest: None,
                places: Vec::new(),
            }
        }
    }

    impl Resumption for Recorded {
        fn start(&mut self, digest: Digest, _: u64) -> Result<u64, VerifyError> {
            self.digest = Some(digest);
            Ok(self.from)
        }

        fn checked(&mut self, next: u64) -> bool {
            self.places.push(next);
            self.stop_after.is_some_and(|n| self.places.len() >= n)
        }
    }

    fn resumed(
        text: &str,
        r: &mut Recorded,
        batch: usize,
    ) -> Result<Option<Verified>, VerifyError> {
        verify_resuming(
            &mut text.as_bytes(),
            &mut crate::progress::NoProgress,
            r,
            batch,
        )
    }

    #[test]
    fn a_check_stops_at_a_batch_and_goes_on_from_there() {
        let (text, value) = certified("grid:3x7");
        let lines = text.lines().count() as u64;
        let entries = lines - 1;
        // Stopped after two batches of 7 lines: lines 2 to 15 checked.
        let mut first = Recorded::new(2, Some(2));
        assert_eq!(resumed(&text, &mut first, 7).expect("no refusal"), None);
        assert_eq!(first.places, [9, 16]);
        // The same file read again has the same digest; going on from line 16 checks the
        // rest, one batch at a time, and the position.
        let mut second = Recorded::new(16, None);
        let ok = resumed(&text, &mut second, 7)
            .expect("holds")
            .expect("not stopped");
        assert_eq!((ok.header.value, ok.from_line), (value.0, 16));
        assert_eq!(second.digest, first.digest);
        assert_eq!(second.places.first(), Some(&23));
        assert_eq!(second.places.last(), Some(&(entries + 2)));
        let digest = first.digest.expect("told");
        assert_eq!(digest.bytes, text.len() as u64);
        // Any byte changed changes the digest (so a checkpoint is not taken for another
        // file's); a damaged line past the place gone on from is refused where it is.
        let bump = |l: &str| {
            let (k, v) = l.split_once(' ').unwrap();
            format!("{k} {}", v.parse::<u64>().unwrap() + 1)
        };
        let damaged = edited(&text, lines as usize, bump);
        let mut third = Recorded::new(16, None);
        let e = resumed(&damaged, &mut third, 7).expect_err("refused");
        assert!(e.line >= 16, "{e}");
        assert_ne!(third.digest, first.digest);
        // Going on from past the end checks the position only; from a line that is not
        // in the file is refused.
        let mut end = Recorded::new(entries + 2, None);
        let ok = resumed(&text, &mut end, 7).expect("holds").expect("done");
        assert_eq!(ok.from_line, entries + 2);
        assert!(end.places.is_empty());
        for from in [0, 1, entries + 3] {
            let e = resumed(&text, &mut Recorded::new(from, None), 7).expect_err("refused");
            assert!(e.message.contains("cannot go on from line"), "{e}");
        }
        // In one go, every line.
        assert_eq!(checked(&text).expect("holds").from_line, 2);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]

        /// The certificate of any small graph holds, and one entry's value changed is
        /// refused.
        #[test]
        fn any_graphs_certificate_holds(
            n in 1u64..=9,
            pairs in proptest::collection::vec((1u64..=9, 1u64..=9), 0..14),
        ) {
            let mut edges: Vec<[u64; 2]> = pairs
                .into_iter()
                .filter(|&(u, v)| u != v && u <= n && v <= n)
                .map(|(u, v)| [u.min(v), u.max(v)])
                .collect();
            edges.sort_unstable();
            edges.dedup();
            let mut text = format!("{n} {}\n", edges.len());
            for [u, v] in &edges {
                text += &format!("{u} {v}\n");
            }
            let (cert, value) = certified(&text);
            prop_assert_eq!(checked(&cert).expect("holds").header.value, value.0);
            let wrong = edited(&cert, 2, |l| {
                let (k, v) = l.split_once(' ').unwrap();
                format!("{k} {}", v.parse::<u64>().unwrap() ^ 1)
            });
            prop_assert!(checked(&wrong).is_err());
        }
    }
}
