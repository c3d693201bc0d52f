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
    shown(line)
}

/// A line as messages show it: escaped, without its line break or trailing spaces.
fn shown(line: &[u8]) -> String {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    escaped(line.trim_ascii_end())
}

const END: &str = "(end of output)";
/// The most bytes of a program's line kept to show it.
const LINE_KEPT: usize = 4096;

/// The first place `got` differs from `expected`, or `None` when every token matches.
pub fn compare(expected: &[u8], got: &[u8]) -> Option<Mismatch> {
    let mut c = Comparer::new(expected);
    c.feed(got);
    c.finish()
}

/// Compares a program's output with the expected one as it arrives, holding only the line
/// being read: the judge's memory does not grow with what the program prints.
pub struct Comparer<'a> {
    expected: &'a [u8],
    want: Box<dyn Iterator<Item = (usize, &'a [u8])> + 'a>,
    /// The last line of the expected output matched, for a program that printed too much.
    last_line: usize,
    /// The program's line being read: its number and its start.
    line: usize,
    text: Vec<u8>,
    /// The token being read, if one is.
    token: Option<Token<'a>>,
    /// The first difference, once found; `complete` once the program's line holding it
    /// has been read to its end.
    mismatch: Option<Mismatch>,
    complete: bool,
}

/// A token of the program's being read: the expected token it is held against (`None`:
/// there is no expected token left, with its line), how many of its bytes came so far,
/// and whether all of them matched.
type Token<'a> = (Option<(usize, &'a [u8])>, usize, bool);

impl<'a> Comparer<'a> {
    /// A comparison against `expected`.
    pub fn new(expected: &'a [u8]) -> Comparer<'a> {
        Comparer {
            expected,
            want: Box::new(tokens(expected)),
            last_line: 1,
            line: 1,
            text: Vec::new(),
            token: None,
            mismatch: None,
            complete: false,
        }
    }

    /// The next bytes of the program's output.
    pub fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if self.complete {
                return;
            }
            if b == b'\n' {
                self.end_token();
                if self.mismatch.is_some() {
                    self.complete = true;
                    return;
                }
                self.line += 1;
                self.text.clear();
                continue;
            }
            if self.text.len() < LINE_KEPT {
                self.text.push(b);
            }
            if self.mismatch.is_some() {
                continue;
            }
            if b.is_ascii_whitespace() {
                self.end_token();
                continue;
            }
            let (want, matched, same) = self
                .token
                .get_or_insert_with(|| (self.want.next(), 0, true));
            *same = *same && want.is_some_and(|(_, w)| w.get(*matched) == Some(&b));
            *matched += 1;
        }
    }

    fn end_token(&mut self) {
        let Some((want, matched, same)) = self.token.take() else {
            return;
        };
        if self.mismatch.is_some() {
            return;
        }
        match want {
            Some((line, w)) if same && matched == w.len() => self.last_line = line,
            Some((line, _)) => {
                self.mismatch = Some(Mismatch {
                    line,
                    expected: line_of(self.expected, line),
                    got: String::new(),
                });
            }
            None => {
                self.mismatch = Some(Mismatch {
                    line: self.last_line + 1,
                    expected: END.to_string(),
                    got: String::new(),
                });
            }
        }
    }

    /// The first place the whole output differs from the expected one, or `None` when
    /// every token matches.
    pub fn finish(mut self) -> Option<Mismatch> {
        self.end_token();
        if let Some(mut m) = self.mismatch.take() {
            m.got = shown(&self.text);
            return Some(m);
        }
        let (line, _) = self.want.next()?;
        Some(Mismatch {
            line,
            expected: line_of(self.expected, line),
            got: END.to_string(),
        })
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
    fn fed_in_pieces_it_finds_what_it_finds_whole() {
        use proptest::prelude::*;
        let text = || {
            proptest::collection::vec(
                prop_oneof![
                    Just(b'1'),
                    Just(b'2'),
                    Just(b' '),
                    Just(b'\n'),
                    Just(b'\r'),
                    Just(b'x')
                ],
                0..40,
            )
        };
        proptest!(|(expected in text(), got in text(), cuts in proptest::collection::vec(0usize..40, 0..6))| {
            let whole = compare(&expected, &got);
            let mut c = Comparer::new(&expected);
            let mut at = 0;
            let mut cuts = cuts;
            cuts.sort_unstable();
            for cut in cuts {
                let cut = cut.min(got.len()).max(at);
                c.feed(&got[at..cut]);
                at = cut;
            }
            c.feed(&got[at..]);
            prop_assert_eq!(c.finish(), whole.clone());
            // The slow twin: every token, then the first that differs.
            let a: Vec<&[u8]> = tokens(&expected).map(|t| t.1).collect();
            let b: Vec<&[u8]> = tokens(&got).map(|t| t.1).collect();
            prop_assert_eq!(whole.is_none(), a == b);
        });
    }

    #[test]
    fn bytes_that_are_not_text_are_escaped() {
        let m = compare(b"Pishty\n", b"Pi\xffshty\x1b\n").expect("garbage differs");
        assert!(m.got.is_ascii() && !m.got.contains('\x1b'), "{}", m.got);
    }
}
