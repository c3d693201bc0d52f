//! Comparing a program's output with the exact answer, token by token: any run of
//! spaces, tabs and line breaks counts as one separator, so trailing spaces and a missing
//! last newline do not matter; everything else does.

use grundy::parse::escaped;

/// Where two outputs first differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The line of the expected output (from 1) holding the first differing token.
    pub line: usize,
    /// That line of the expected output, or `(end of output)`.
    pub expected: String,
    /// The line of the program's output holding its differing token, or
    /// `(end of output)`.
    pub got: String,
}

/// The tokens of `text` with the line (from 1) each is on.
fn tokens(text: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    text.split(|&b| b == b'\n')
        .enumerate()
        .flat_map(|(i, line)| {
            line.split(|b| b.is_ascii_whitespace())
                .filter(|t| !t.is_empty())
                .map(move |t| (i + 1, t))
        })
}

/// Line `n` (from 1) of `text`, escaped for printing, without its line break.
fn line_of(text: &[u8], n: usize) -> String {
    let line = text.split(|&b| b == b'\n').nth(n - 1).unwrap_or_default();
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    escaped(line.trim_ascii_end())
}

const END: &str = "(end of output)";

/// The first place `got` differs from `expected`, or `None` when every token matches.
pub fn compare(expected: &[u8], got: &[u8]) -> Option<Mismatch> {
    let mut want = tokens(expected);
    let mut have = tokens(got);
    // The last line of the expected output seen, for a program that printed too much.
    let mut last_line = 1;
    loop {
        match (want.next(), have.next()) {
            (None, None) => return None,
            (Some((line, a)), Some((got_line, b))) => {
                if a != b {
                    return Some(Mismatch {
                        line,
                        expected: line_of(expected, line),
                        got: line_of(got, got_line),
                    });
                }
                last_line = line;
            }
            (Some((line, _)), None) => {
                return Some(Mismatch {
                    line,
                    expected: line_of(expected, line),
                    got: END.to_string(),
                });
            }
            (None, Some((got_line, _))) => {
                return Some(Mismatch {
                    line: last_line + 1,
                    expected: END.to_string(),
                    got: line_of(got, got_line),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spacing_does_not_matter() {
        assert_eq!(compare(b"1 2\n3\n", b"1   2 \r\n3"), None);
        assert_eq!(compare(b"Case #1: 4\n", b"Case #1:\t4\n\n"), None);
        assert_eq!(compare(b"", b"\n \n"), None);
    }

    #[test]
    fn the_first_differing_line_is_named() {
        let m = compare(b"4\n2\n7\n", b"4\n3\n7\n").expect("they differ");
        assert_eq!((m.line, m.expected.as_str(), m.got.as_str()), (2, "2", "3"));
        // Tokens, not lines: a token that moved to another line still matches.
        let m = compare(b"Case #1: 4\nCase #2: 0\n", b"Case #1:\n4 Case #2: 1\n").expect("differ");
        assert_eq!(
            (m.line, m.expected.as_str(), m.got.as_str()),
            (2, "Case #2: 0", "4 Case #2: 1")
        );
    }

    #[test]
    fn short_and_long_outputs_are_named() {
        let m = compare(b"1\n2\n", b"1\n").expect("too short");
        assert_eq!((m.line, m.got.as_str()), (2, END));
        let m = compare(b"1\n", b"1\n2\n").expect("too long");
        assert_eq!((m.line, m.expected.as_str(), m.got.as_str()), (2, END, "2"));
        let m = compare(b"1\n", b"").expect("nothing printed");
        assert_eq!(m.got, END);
    }

    #[test]
    fn bytes_that_are_not_text_are_escaped() {
        let m = compare(b"Pishty\n", b"Pi\xffshty\x1b\n").expect("garbage differs");
        assert!(m.got.is_ascii() && !m.got.contains('\x1b'), "{}", m.got);
    }
}
