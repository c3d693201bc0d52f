//! A script game's position: an integer, a string, or a list of them, nested to any
//! shape (a tree is a list of its subtrees), compared and hashed by value; written as a
//! script would write it, and read back from that text.

use std::fmt::{self, Write as _};

use rhai::{Array, Dynamic};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::parse::{Found, ParseError, escaped_str};

/// The most a position may hold: every integer, every list and every byte of a string
/// counts one (a list of 10^6 integers fits).
pub const MAX_SIZE: usize = 1 << 20;
/// The deepest lists may nest in a position.
pub const MAX_DEPTH: usize = 256;

/// A position of a script game. A list whose items are all integers is always a
/// [`List`](ScriptPosition::List), so two equal values are one position whichever way
/// they were made.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ScriptPosition {
    /// A single integer (a heap).
    Int(i64),
    /// A list of integers (`[x, y]`, a row of heaps, a staircase).
    List(SmallVec<[i64; 4]>),
    /// A string (a word, a row of a board).
    Str(Box<str>),
    /// A list holding a string or a list: a tree, a list of words.
    Nested(Box<[ScriptPosition]>),
}

impl From<i64> for ScriptPosition {
    fn from(n: i64) -> Self {
        ScriptPosition::Int(n)
    }
}

impl From<&[i64]> for ScriptPosition {
    fn from(xs: &[i64]) -> Self {
        ScriptPosition::List(xs.into())
    }
}

impl From<&str> for ScriptPosition {
    fn from(s: &str) -> Self {
        ScriptPosition::Str(s.into())
    }
}

impl From<Vec<ScriptPosition>> for ScriptPosition {
    /// The list of `items`: a [`List`](ScriptPosition::List) when they are all integers.
    fn from(items: Vec<ScriptPosition>) -> Self {
        if let Some(ints) = items
            .iter()
            .map(ScriptPosition::as_int)
            .collect::<Option<SmallVec<[i64; 4]>>>()
        {
            return ScriptPosition::List(ints);
        }
        ScriptPosition::Nested(items.into_boxed_slice())
    }
}

impl ScriptPosition {
    /// The integer, when the position is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            ScriptPosition::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// How much of [`MAX_SIZE`] the position takes.
    pub fn size(&self) -> usize {
        match self {
            ScriptPosition::Int(_) => 1,
            ScriptPosition::List(xs) => 1 + xs.len(),
            ScriptPosition::Str(s) => s.len().max(1),
            ScriptPosition::Nested(items) => 1 + items.iter().map(Self::size).sum::<usize>(),
        }
    }

    pub(super) fn to_dynamic(&self) -> Dynamic {
        match self {
            ScriptPosition::Int(n) => Dynamic::from_int(*n),
            ScriptPosition::List(xs) => {
                Dynamic::from_array(xs.iter().map(|&x| Dynamic::from_int(x)).collect())
            }
            ScriptPosition::Str(s) => Dynamic::from(s.to_string()),
            ScriptPosition::Nested(items) => {
                Dynamic::from_array(items.iter().map(Self::to_dynamic).collect())
            }
        }
    }

    /// Reads a position a script returned; otherwise says what it was instead.
    pub(super) fn from_dynamic(d: &Dynamic) -> Result<ScriptPosition, String> {
        Self::from_dynamic_sized(d).map(|(p, _)| p)
    }

    /// [`from_dynamic`](Self::from_dynamic), with the position's [`size`](Self::size)
    /// counted on the way.
    pub(super) fn from_dynamic_sized(d: &Dynamic) -> Result<(ScriptPosition, usize), String> {
        let mut size = 0;
        Self::read_dynamic(d, 0, &mut size).map(|p| (p, size))
    }

    fn read_dynamic(d: &Dynamic, depth: usize, size: &mut usize) -> Result<ScriptPosition, String> {
        let mut count = |n: usize| {
            *size += n;
            if *size > MAX_SIZE {
                Err(format!(
                    "a position larger than the supported {MAX_SIZE} integers, lists and characters"
                ))
            } else {
                Ok(())
            }
        };
        if let Ok(n) = d.as_int() {
            count(1)?;
            return Ok(ScriptPosition::Int(n));
        }
        if d.is_string() || d.is_char() {
            let s = d.to_string();
            count(s.len().max(1))?;
            return Ok(ScriptPosition::Str(s.into_boxed_str()));
        }
        if d.is_array() {
            if depth >= MAX_DEPTH {
                return Err(format!("lists nested deeper than {MAX_DEPTH}"));
            }
            let arr = d
                .read_lock::<Array>()
                .ok_or("an array that cannot be read")?;
            count(1)?;
            // The common case, a list of integers, without a list of positions between.
            if arr.iter().all(Dynamic::is_int) {
                count(arr.len())?;
                return Ok(ScriptPosition::List(
                    arr.iter().map(|x| x.as_int().unwrap_or(0)).collect(),
                ));
            }
            let items = arr
                .iter()
                .map(|x| Self::read_dynamic(x, depth + 1, size))
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(ScriptPosition::from(items));
        }
        Err(format!("a {}", d.type_name()))
    }
}

impl fmt::Display for ScriptPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScriptPosition::Int(n) => write!(f, "{n}"),
            ScriptPosition::List(xs) => {
                f.write_char('[')?;
                for (i, x) in xs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_char(']')
            }
            ScriptPosition::Str(s) => {
                f.write_char('"')?;
                for c in s.chars() {
                    match c {
                        '"' => f.write_str("\\\"")?,
                        '\\' => f.write_str("\\\\")?,
                        '\n' => f.write_str("\\n")?,
                        '\t' => f.write_str("\\t")?,
                        c if c.is_control() => write!(f, "\\u{{{:x}}}", c as u32)?,
                        c => f.write_char(c)?,
                    }
                }
                f.write_char('"')
            }
            ScriptPosition::Nested(items) => {
                f.write_char('[')?;
                for (i, x) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_char(']')
            }
        }
    }
}

/// Reads positions written as a script would write them, separated by white space
/// (several positions are played side by side): integers (`3`, `-2`), strings in double
/// quotes (`"abacaba"`, with `\"`, `\\`, `\n`, `\t` and `\u{..}` escapes) or as a bare
/// word that does not start with a digit or `-` (`abacaba`, `.#..`), and lists of any of
/// these in brackets, nested to [`MAX_DEPTH`] (`[3, 5]`, `[]`, `[[], [[]]]`, `["ab", 1]`).
/// Each position holds at most [`MAX_SIZE`].
pub fn parse_positions(text: &str) -> Result<Vec<ScriptPosition>, ParseError> {
    let mut reader = Reader {
        text,
        at: 0,
        line: 1,
        size: 0,
    };
    let mut out = Vec::new();
    loop {
        reader.skip_space();
        if reader.at == text.len() {
            break;
        }
        reader.size = 0;
        out.push(reader.item(0)?);
    }
    if out.is_empty() {
        return Err(reader.error("at least one position", Found::End));
    }
    Ok(out)
}

/// The text of positions being read: where, on which line, and how much of the current
/// position's size is taken.
struct Reader<'a> {
    text: &'a str,
    at: usize,
    line: usize,
    size: usize,
}

/// Bytes that end a bare word or a number.
fn ends_token(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b'[' | b']' | b',' | b'"')
}

impl Reader<'_> {
    fn error(&self, expected: &str, found: Found) -> ParseError {
        ParseError {
            line: self.line,
            expected: expected.to_string(),
            found,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn skip_space(&mut self) {
        let rest = &self.text[self.at..];
        let trimmed = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
        self.line += rest[..rest.len() - trimmed.len()].matches('\n').count();
        self.at += rest.len() - trimmed.len();
    }

    /// The token at the reader, shortened to 40 bytes where a character ends, for a
    /// message.
    fn found(&self) -> Found {
        let rest = &self.text[self.at..];
        let end = rest
            .bytes()
            .position(ends_token)
            .unwrap_or(rest.len())
            .max(rest.chars().next().map_or(0, char::len_utf8));
        let mut cut = end.min(40);
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        Found::Token(escaped_str(&rest[..cut]).into_owned())
    }

    fn count(&mut self, n: usize) -> Result<(), ParseError> {
        self.size += n;
        if self.size > MAX_SIZE {
            return Err(self.error(
                &format!("a position of at most {MAX_SIZE} integers, lists and characters"),
                Found::Value("more".to_string()),
            ));
        }
        Ok(())
    }

    fn item(&mut self, depth: usize) -> Result<ScriptPosition, ParseError> {
        match self.peek() {
            Some(b'[') => self.list(depth),
            Some(b'"') => self.quoted(),
            Some(b) if b.is_ascii_digit() || b == b'-' => self.number(),
            Some(b) if !ends_token(b) => self.word(),
            Some(_) => Err(self.error(
                "a position: an integer, a string or a list like [3, 5]",
                self.found(),
            )),
            None => Err(self.error("a position", Found::End)),
        }
    }

    fn token_len(&self) -> usize {
        let rest = &self.text.as_bytes()[self.at..];
        rest.iter()
            .position(|&b| ends_token(b))
            .unwrap_or(rest.len())
    }

    fn number(&mut self) -> Result<ScriptPosition, ParseError> {
        let len = self.token_len();
        let n = self.text[self.at..self.at + len]
            .parse::<i64>()
            .map_err(|_| self.error("an integer (a 64-bit signed number)", self.found()))?;
        self.count(1)?;
        self.at += len;
        Ok(ScriptPosition::Int(n))
    }

    fn word(&mut self) -> Result<ScriptPosition, ParseError> {
        let len = self.token_len();
        self.count(len)?;
        let word = &self.text[self.at..self.at + len];
        self.at += len;
        Ok(ScriptPosition::Str(word.into()))
    }

    fn quoted(&mut self) -> Result<ScriptPosition, ParseError> {
        let closing = "a closing '\"' on the same line";
        let mut s = String::new();
        let mut chars = self.text[self.at + 1..].char_indices();
        loop {
            let Some((i, c)) = chars.next() else {
                return Err(self.error(closing, Found::End));
            };
            let c = match c {
                '"' => {
                    self.at += 1 + i + 1;
                    break;
                }
                '\n' => return Err(self.error(closing, Found::Token("a line break".into()))),
                '\\' => match chars.next().map(|(_, c)| c) {
                    Some('"') => '"',
                    Some('\\') => '\\',
                    Some('n') => '\n',
                    Some('t') => '\t',
                    Some('u') => {
                        let rest = &self.text[self.at + 1 + i + 2..];
                        let code = rest
                            .strip_prefix('{')
                            .and_then(|r| r.split_once('}'))
                            .and_then(|(hex, _)| u32::from_str_radix(hex, 16).ok())
                            .and_then(char::from_u32);
                        let Some(c) = code else {
                            return Err(self.error(
                                "an escape \\u{HEX} naming a character",
                                Found::Token(escaped_str(&rest[..rest.len().min(12)]).into_owned()),
                            ));
                        };
                        let skip = rest.find('}').unwrap_or(0) + 1;
                        for _ in 0..rest[..skip].chars().count() {
                            chars.next();
                        }
                        c
                    }
                    other => {
                        return Err(self.error(
                            "an escape: \\\" \\\\ \\n \\t or \\u{HEX}",
                            other.map_or(Found::End, |c| Found::Token(format!("\\{c}"))),
                        ));
                    }
                },
                c => c,
            };
            s.push(c);
            self.count(c.len_utf8())?;
        }
        if s.is_empty() {
            self.count(1)?;
        }
        Ok(ScriptPosition::Str(s.into_boxed_str()))
    }

    fn list(&mut self, depth: usize) -> Result<ScriptPosition, ParseError> {
        if depth >= MAX_DEPTH {
            return Err(self.error(
                &format!("lists nested at most {MAX_DEPTH} deep"),
                Found::Value("deeper".to_string()),
            ));
        }
        self.at += 1;
        self.count(1)?;
        let mut items = Vec::new();
        let mut want_item = true;
        loop {
            self.skip_space();
            match self.peek() {
                None => return Err(self.error("']' to close the position", Found::End)),
                Some(b']') if !want_item || items.is_empty() => {
                    self.at += 1;
                    break;
                }
                Some(b',') if !want_item => {
                    self.at += 1;
                    want_item = true;
                }
                Some(b) if want_item && b != b']' && b != b',' => {
                    items.push(self.item(depth + 1)?);
                    want_item = false;
                }
                Some(_) => {
                    let expected = if want_item {
                        "an integer, a string or a list"
                    } else {
                        "',' or ']'"
                    };
                    return Err(self.error(expected, self.found()));
                }
            }
        }
        Ok(ScriptPosition::from(items))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn position() -> impl Strategy<Value = ScriptPosition> {
        let leaf = prop_oneof![
            any::<i64>().prop_map(ScriptPosition::Int),
            "[a-z.#\"\\\\\n\t é\u{1}]{0,6}".prop_map(|s| ScriptPosition::Str(s.into())),
        ];
        leaf.prop_recursive(4, 40, 5, |inner| {
            proptest::collection::vec(inner, 0..5).prop_map(ScriptPosition::from)
        })
    }

    proptest! {
        /// Every position reads back from what it writes, and through Rhai's values.
        #[test]
        fn positions_read_back(ps in proptest::collection::vec(position(), 1..4)) {
            let text: Vec<String> = ps.iter().map(ToString::to_string).collect();
            let text = text.join("\n ");
            prop_assert_eq!(&parse_positions(&text).expect("reads back"), &ps);
            for p in &ps {
                prop_assert_eq!(&ScriptPosition::from_dynamic(&p.to_dynamic()).expect("back"), p);
                let json = serde_json::to_string(p).expect("serialises");
                prop_assert_eq!(&serde_json::from_str::<ScriptPosition>(&json).expect("json"), p);
            }
        }
    }

    #[test]
    fn positions_parse_and_print() {
        let ps =
            parse_positions("3 [3, 5]\n[] -2 [ 1 ,2 ] abc \"a b\" [[1], \"x\", [[]]]").unwrap();
        let shown: Vec<String> = ps.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "3",
                "[3, 5]",
                "[]",
                "-2",
                "[1, 2]",
                "\"abc\"",
                "\"a b\"",
                "[[1], \"x\", [[]]]"
            ]
        );
        assert_eq!(ps[0], ScriptPosition::Int(3));
        assert_eq!(ps[4], ScriptPosition::from(&[1, 2][..]));
        assert!(matches!(ps[7], ScriptPosition::Nested(_)));
        let e = parse_positions("1\n[3 5]").unwrap_err();
        assert_eq!(e.to_string(), "2: expected ',' or ']', found '5'");
        let e = parse_positions("[3,").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(parse_positions("  \n").is_err());
        let e = parse_positions("]").unwrap_err();
        assert!(e.to_string().contains("a position"), "{e}");
        assert!(parse_positions("99999999999999999999").is_err());
        assert!(parse_positions("3x").is_err());
        assert!(parse_positions("\"abc").is_err());
        assert!(parse_positions("\"a\\qb\"").is_err());
        assert_eq!(
            parse_positions("\"\\u{e9}\\\"\"").unwrap(),
            [ScriptPosition::from("é\"")]
        );
        // A long token cut for the message where a character ends (found by fuzzing:
        // the 40th byte fell inside a three-byte character).
        let text = format!("{}\u{fffd}", "9".repeat(39));
        assert!(parse_positions(&text).is_err());
        assert!(parse_positions("[1,]").is_err());
        assert!(parse_positions("[,1]").is_err());
    }

    #[test]
    fn sizes_and_depths_are_bounded() {
        let long = format!("[{}]", vec!["7"; 1_000_000].join(","));
        let p = parse_positions(&long).expect("a million integers fit");
        assert_eq!(p[0].size(), 1_000_001);
        let longer = format!("[{}]", vec!["7"; MAX_SIZE].join(","));
        let e = parse_positions(&longer).unwrap_err();
        assert!(e.to_string().contains(&MAX_SIZE.to_string()), "{e}");
        let word = "a".repeat(MAX_SIZE + 1);
        assert!(parse_positions(&word).is_err());
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse_positions(&deep).is_ok());
        let deeper = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        let e = parse_positions(&deeper).unwrap_err();
        assert!(e.to_string().contains("nested at most 256"), "{e}");
        // The same bound on what a script returns.
        let mut d = Dynamic::from_array(Vec::new());
        for _ in 0..=MAX_DEPTH {
            d = Dynamic::from_array(vec![d]);
        }
        assert!(ScriptPosition::from_dynamic(&d).is_err());
    }
}
