//! A fast whitespace-token reader with line numbers, shared by every input format.
//!
//! It accepts what is unambiguous (a UTF-8 byte-order mark, CRLF line ends, tabs, a missing
//! final newline) and reports anything else as a [`ParseError`] naming the line and what
//! was expected.

use std::fmt;
use std::fmt::Write as _;
use std::path::Path;

/// A rejected input: where, what was expected, what was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}: expected {expected}, found {found}")]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// What the format wanted here, in words.
    pub expected: String,
    /// What was there instead, quoted, or "end of input".
    pub found: Found,
}

/// What stood where something else was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// The input ended.
    End,
    /// This token (shortened if long).
    Token(String),
    /// A number, well formed but out of range.
    Value(String),
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::End => f.write_str("end of input"),
            Found::Token(t) => write!(f, "'{t}'"),
            Found::Value(v) => f.write_str(v),
        }
    }
}

/// One whitespace-separated token and the line it starts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token's bytes.
    pub text: &'a [u8],
    /// 1-based line number.
    pub line: usize,
}

impl Token<'_> {
    /// The token as an error message shows it: escaped, and shortened if long.
    pub fn shown(&self) -> Found {
        const MAX: usize = 40;
        let s = escaped(&self.text[..self.text.len().min(MAX)]);
        if self.text.len() > MAX {
            Found::Token(format!("{s}..."))
        } else {
            Found::Token(s)
        }
    }
}

/// `true` for characters that must not reach a terminal raw: controls (NUL, newline,
/// escape, C1), and the invisible ones that reorder or hide text (bidi overrides,
/// zero-width marks, line and paragraph separators, the byte-order mark).
fn unsafe_to_show(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}')
}

/// Bytes from an input, an argument or a file name, made safe for a one-line message:
/// printable text is kept, control and invisible characters become `\n`, `\t`, `\r`, `\0`,
/// `\x1b` or `\u{202e}`, and bytes that are not UTF-8 become `\xNN`.
///
/// ```
/// use grundy::parse::escaped;
///
/// assert_eq!(escaped(b"caf\xC3\xA9 3\xD7"), "café 3\\xd7");
/// assert_eq!(escaped(b"a\nb\x1b[2J\0"), "a\\nb\\x1b[2J\\0");
/// ```
pub fn escaped(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                '\r' => out.push_str("\\r"),
                '\0' => out.push_str("\\0"),
                c if unsafe_to_show(c) && (c as u32) < 0x80 => {
                    let _ = write!(out, "\\x{:02x}", c as u32);
                }
                c if unsafe_to_show(c) => {
                    let _ = write!(out, "\\u{{{:x}}}", c as u32);
                }
                c => out.push(c),
            }
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    out
}

/// [`escaped`] for text that is already UTF-8 (a message put together from many parts).
pub fn escaped_str(text: &str) -> std::borrow::Cow<'_, str> {
    if text.chars().any(unsafe_to_show) {
        escaped(text.as_bytes()).into()
    } else {
        text.into()
    }
}

/// A file name made safe for a one-line message (see [`escaped`]).
pub fn escaped_path(path: &Path) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        escaped(path.as_os_str().as_bytes())
    }
    #[cfg(not(unix))]
    {
        escaped(path.to_string_lossy().as_bytes())
    }
}

/// Reads whitespace-separated tokens from a byte buffer.
///
/// ```
/// use grundy::parse::Tokens;
///
/// let mut t = Tokens::new(b"\xEF\xBB\xBF3 4\r\n5");
/// assert_eq!(t.u64_in("a heap size", 0, 10)?, 3);
/// assert_eq!(t.u64_in("a heap size", 0, 10)?, 4);
/// let err = t.u64_in("a heap size", 0, 4).unwrap_err();
/// assert_eq!(err.to_string(), "2: expected a heap size (0 to 4), found 5");
/// assert!(t.end().is_ok());
/// # Ok::<(), grundy::parse::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
}

impl<'a> Tokens<'a> {
    /// A reader over `bytes`; a leading UTF-8 byte-order mark is skipped.
    pub fn new(bytes: &'a [u8]) -> Self {
        let pos = if bytes.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        };
        Tokens {
            bytes,
            pos,
            line: 1,
        }
    }

    /// The line the reader is on.
    pub fn line(&self) -> usize {
        self.line
    }

    fn skip_space(&mut self) {
        while let Some(&b) = self.bytes.get(self.pos) {
            match b {
                b'\n' => self.line += 1,
                b' ' | b'\t' | b'\r' => {}
                _ => break,
            }
            self.pos += 1;
        }
    }

    /// The next token, or `None` at the end of the input.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        self.skip_space();
        let start = self.pos;
        while let Some(&b) = self.bytes.get(self.pos) {
            if matches!(b, b' ' | b'\t' | b'\r' | b'\n') {
                break;
            }
            self.pos += 1;
        }
        (self.pos > start).then(|| Token {
            text: &self.bytes[start..self.pos],
            line: self.line,
        })
    }

    /// An error at the current line.
    pub fn error(&self, expected: impl Into<String>, found: Found) -> ParseError {
        ParseError {
            line: self.line,
            expected: expected.into(),
            found,
        }
    }

    /// The next token, which must be there.
    pub fn expect_token(&mut self, what: &str) -> Result<Token<'a>, ParseError> {
        self.next_token()
            .ok_or_else(|| self.error(what.to_string(), Found::End))
    }

    /// The next token as a whole number in `lo..=hi`; the error names `what` and the range.
    pub fn u64_in(&mut self, what: &str, lo: u64, hi: u64) -> Result<u64, ParseError> {
        self.u64_named(|| what.to_string(), lo, hi)
    }

    /// [`Tokens::u64_in`] with the name made only for an error: for the millions of numbers
    /// of a big file, each named by its place (`the head v of move 7`).
    pub fn u64_named(
        &mut self,
        what: impl Fn() -> String,
        lo: u64,
        hi: u64,
    ) -> Result<u64, ParseError> {
        // The common case in one pass: up to 19 digits (no overflow possible), then a
        // separator or the end, in range. Anything else goes the careful way below.
        self.skip_space();
        let start = self.pos;
        let mut v: u64 = 0;
        let mut i = start;
        while let Some(&b) = self.bytes.get(i) {
            let d = b.wrapping_sub(b'0');
            if d > 9 || i - start == 19 {
                break;
            }
            v = v * 10 + u64::from(d);
            i += 1;
        }
        let ends = self
            .bytes
            .get(i)
            .is_none_or(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
        if i > start && ends && (lo..=hi).contains(&v) {
            self.pos = i;
            return Ok(v);
        }
        let expected = || format!("{} ({lo} to {hi})", what());
        let tok = self
            .next_token()
            .ok_or_else(|| self.error(expected(), Found::End))?;
        let bad = |found| ParseError {
            line: tok.line,
            expected: expected(),
            found,
        };
        if tok.text.is_empty() || !tok.text.iter().all(u8::is_ascii_digit) {
            return Err(bad(tok.shown()));
        }
        let mut v: u64 = 0;
        for &d in tok.text {
            v = match v
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(d - b'0')))
            {
                Some(v) => v,
                None => return Err(bad(tok.shown())),
            };
        }
        if v < lo || v > hi {
            return Err(bad(Found::Value(v.to_string())));
        }
        Ok(v)
    }

    /// The next token as one row of a character grid: exactly `width` characters, each
    /// one of `alphabet`.
    ///
    /// ```
    /// use grundy::parse::Tokens;
    ///
    /// let mut t = Tokens::new(b"X.X\nX.\nX.Y");
    /// assert_eq!(t.grid_row(3, b"X.")?, b"X.X");
    /// let short = t.grid_row(3, b"X.").unwrap_err();
    /// assert_eq!(short.to_string(), "2: expected 3 characters of 'X' or '.', found 2");
    /// let bad = t.grid_row(3, b"X.").unwrap_err();
    /// assert_eq!(bad.to_string(), "3: expected 'X' or '.' in column 3, found 'Y'");
    /// # Ok::<(), grundy::parse::ParseError>(())
    /// ```
    pub fn grid_row(&mut self, width: usize, alphabet: &[u8]) -> Result<&'a [u8], ParseError> {
        // Messages are built only on failure: this runs once per row of large inputs.
        let chars = || {
            alphabet
                .iter()
                .map(|&b| format!("'{}'", b as char))
                .collect::<Vec<_>>()
                .join(" or ")
        };
        let expected = || format!("{width} characters of {}", chars());
        // The common case in one pass: the row, then a separator or the end.
        let set = alphabet
            .iter()
            .fold(0u128, |m, &b| if b < 128 { m | 1 << b } else { m });
        let allowed = |b: u8| b < 128 && set >> b & 1 != 0;
        self.skip_space();
        let start = self.pos;
        if let Some(row) = self.bytes.get(start..start + width) {
            let ends = self
                .bytes
                .get(start + width)
                .is_none_or(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
            if ends && row.iter().all(|&b| allowed(b)) {
                self.pos = start + width;
                return Ok(row);
            }
        }
        let Some(tok) = self.next_token() else {
            return Err(self.error(expected(), Found::End));
        };
        if tok.text.len() != width {
            return Err(ParseError {
                line: tok.line,
                expected: expected(),
                found: Found::Value(tok.text.len().to_string()),
            });
        }
        if let Some(i) = tok.text.iter().position(|b| !alphabet.contains(b)) {
            // The whole character when the byte starts a valid UTF-8 one, else the byte.
            let rest = &tok.text[i..];
            let len = rest
                .utf8_chunks()
                .next()
                .and_then(|c| c.valid().chars().next())
                .map_or(1, char::len_utf8);
            return Err(ParseError {
                line: tok.line,
                expected: format!("{} in column {}", chars(), i + 1),
                found: Found::Token(escaped(&rest[..len])),
            });
        }
        Ok(tok.text)
    }

    /// The next token as a row of `width` ≤ 32 characters `0` and `1`, as bits: column c is
    /// bit c. Errors as [`grid_row`](Self::grid_row).
    pub fn binary_row(&mut self, width: usize) -> Result<u32, ParseError> {
        self.skip_space();
        let start = self.pos;
        if width <= 32
            && let Some(row) = self.bytes.get(start..start + width)
        {
            let mut bits = 0u32;
            let mut ok = true;
            for (c, &b) in row.iter().enumerate() {
                let d = b.wrapping_sub(b'0');
                ok &= d <= 1;
                bits |= u32::from(d & 1) << c;
            }
            let ends = self
                .bytes
                .get(start + width)
                .is_none_or(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
            if ok && ends {
                self.pos = start + width;
                return Ok(bits);
            }
        }
        // Not a clean row: let the general reader say what is wrong.
        let row = self.grid_row(width.min(32), b"01")?;
        Ok(row
            .iter()
            .enumerate()
            .fold(0, |bits, (c, &b)| bits | u32::from(b == b'1') << c))
    }

    /// Succeeds only if nothing but whitespace is left.
    pub fn end(&mut self) -> Result<(), ParseError> {
        match self.next_token() {
            None => Ok(()),
            Some(tok) => Err(ParseError {
                line: tok.line,
                expected: "end of input".to_string(),
                found: tok.shown(),
            }),
        }
    }
}

/// A whole input and the name it goes by in messages: a file name, `<stdin>`, or the
/// field of a request it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The name for messages.
    pub source: String,
    /// The bytes.
    pub bytes: Vec<u8>,
}

impl Input {
    /// An input named `source` holding `bytes`.
    pub fn new(source: impl Into<String>, bytes: impl Into<Vec<u8>>) -> Input {
        Input {
            source: source.into(),
            bytes: bytes.into(),
        }
    }

    /// The bad-input error for `e`, naming this input: `SOURCE:LINE: expected ...`.
    pub fn error(&self, e: ParseError) -> crate::error::Error {
        crate::error::Error::input(format!("{}:{e}", self.source))
    }

    /// The input as text, or the bad-input error naming the first byte that is not UTF-8.
    pub fn text(&self) -> Result<&str, crate::error::Error> {
        std::str::from_utf8(&self.bytes).map_err(|e| {
            crate::error::Error::input(format!(
                "{}: the input is not UTF-8 text (byte {})",
                self.source,
                e.valid_up_to()
            ))
        })
    }
}

/// A long text as a message shows it: its first 60 bytes or so (cut where a character
/// ends) and `...`; a text of at most 64 bytes whole.
pub fn shortened(text: String) -> String {
    if text.len() <= 64 {
        return text;
    }
    let mut cut = 60;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}...", &text[..cut])
}

/// Parameters given to a game by name (`--param k=5 --param cuts="1 4 9"`), each value
/// kept as written: the game reads it in its own notation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Params(Vec<(String, String)>);

impl Params {
    /// No parameters.
    pub fn none() -> Params {
        Params::default()
    }

    /// Reads `NAME=VALUE` items: a name is a letter or `_` followed by letters, digits and
    /// `_`; a name given twice is refused.
    pub fn parse<S: AsRef<str>>(items: &[S]) -> Result<Params, String> {
        let mut params = Vec::with_capacity(items.len());
        for item in items {
            let item = item.as_ref();
            let Some((name, value)) = item.split_once('=') else {
                return Err(format!(
                    "expected a parameter NAME=VALUE (like k=5), found '{}'",
                    escaped_str(item)
                ));
            };
            let name = name.trim();
            let good = name
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !good {
                return Err(format!(
                    "expected a parameter name (a letter or _, then letters, digits and _) before '=', found '{}'",
                    escaped_str(name)
                ));
            }
            if params.iter().any(|(n, _): &(String, String)| n == name) {
                return Err(format!("the parameter '{name}' is given twice"));
            }
            params.push((name.to_string(), value.to_string()));
        }
        Ok(Params(params))
    }

    /// Whether no parameter is given.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The parameters in the order given: name and value as written.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// The value given to `name`, as written.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.iter().find(|&(n, _)| n == name).map(|(_, v)| v)
    }

    /// These parameters with `name` set to `value` (added, or replacing its value).
    pub fn with(&self, name: &str, value: &str) -> Params {
        let mut params = self.0.clone();
        match params.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => *v = value.to_string(),
            None => params.push((name.to_string(), value.to_string())),
        }
        Params(params)
    }

    /// A game's name with each `{NAME}` replaced by its parameter's value
    /// (`subtraction:1,2,{k}` with `k=5` is `subtraction:1,2,5`), and the parameters not
    /// used so. A `{NAME}` with no parameter given is refused.
    pub fn substitute(&self, name: &str) -> Result<(String, Params), String> {
        if !name.contains('{') {
            return Ok((name.to_string(), self.clone()));
        }
        let mut out = String::with_capacity(name.len());
        let mut used = Vec::new();
        let mut rest = name;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let Some(close) = rest[open..].find('}') else {
                return Err(format!(
                    "'{}' opens {{ without closing it: a parameter is written {{k}}",
                    escaped_str(name)
                ));
            };
            let key = &rest[open + 1..open + close];
            let Some(value) = self.get(key) else {
                return Err(format!(
                    "'{}' names the parameter {{{}}}, but no --param {}=VALUE was given",
                    escaped_str(name),
                    escaped_str(key),
                    escaped_str(key)
                ));
            };
            out.push_str(value);
            used.push(key.to_string());
            rest = &rest[open + close + 1..];
        }
        out.push_str(rest);
        let left = self
            .0
            .iter()
            .filter(|(n, _)| !used.contains(n))
            .cloned()
            .collect();
        Ok((out, Params(left)))
    }

    /// The parameter given a range (`k=3..=40`, `k=3..41`), with its values: `None` when
    /// no value is a range. Refused: two ranges, an empty one, one of more than
    /// [`MAX_SWEEP`] values.
    pub fn sweep(&self) -> Result<Option<(String, Vec<i64>)>, String> {
        let mut found = None;
        for (name, value) in self.iter() {
            let Some((a, b, inclusive)) = value
                .split_once("..=")
                .map(|(a, b)| (a, b, true))
                .or_else(|| value.split_once("..").map(|(a, b)| (a, b, false)))
            else {
                continue;
            };
            let bound = |t: &str| {
                t.trim().parse::<i64>().map_err(|_| {
                    format!(
                        "--param {name}={}: a range is two whole numbers, like 3..=40",
                        escaped_str(value)
                    )
                })
            };
            let (a, b) = (bound(a)?, bound(b)?);
            let end = if inclusive { b } else { b.saturating_sub(1) };
            if end < a {
                return Err(format!("--param {name}={value}: the range is empty"));
            }
            let count = (i128::from(end) - i128::from(a) + 1) as u128;
            if count > MAX_SWEEP as u128 {
                return Err(format!(
                    "--param {name}={value}: {count} values, past the {MAX_SWEEP} a sweep takes"
                ));
            }
            if found.is_some() {
                return Err("one parameter may range at a time".to_string());
            }
            found = Some((name.to_string(), (a..=end).collect()));
        }
        Ok(found)
    }
}

/// The most values one swept parameter takes.
pub const MAX_SWEEP: usize = 10_000;

impl fmt::Display for Params {
    /// `k=5, cuts=1 4 9`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, value)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{name}={}", escaped_str(value))?;
        }
        Ok(())
    }
}
