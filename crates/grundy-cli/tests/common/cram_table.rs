//! The Cram nimbers of `tests/data/cram-nimbers.txt` (its `# Source:` lines say where each
//! row comes from), shared by the one-process tests and the MPI tests.

/// Every board of the file as (rows, columns, nimber), in the file's order.
pub fn cram_nimbers() -> Vec<(usize, usize, u32)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/cram-nimbers.txt");
    let text = std::fs::read_to_string(path).expect("the Cram table is in tests/data");
    let mut boards = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut words = line.split_whitespace();
        let rows: usize = words
            .next()
            .expect("a row count")
            .parse()
            .expect("a number");
        for cell in words {
            let (cols, value) = cell.split_once(':').expect("C:NIMBER");
            boards.push((
                rows,
                cols.parse().expect("C"),
                value.parse().expect("NIMBER"),
            ));
        }
    }
    boards
}

/// The printed table of `grundy table cram --rows R --cols A..=B`: each column's nimber.
pub fn printed_row(table: &str) -> Vec<(usize, u32)> {
    let mut lines = table.lines();
    let head: Vec<usize> = lines
        .next()
        .expect("a head")
        .split('|')
        .nth(1)
        .expect("columns")
        .split_whitespace()
        .map(|c| c.parse().expect("a column"))
        .collect();
    let values: Vec<u32> = lines
        .nth(1)
        .expect("a row")
        .split('|')
        .nth(1)
        .expect("values")
        .split_whitespace()
        .map(|v| v.parse().expect("a nimber"))
        .collect();
    head.into_iter().zip(values).collect()
}
