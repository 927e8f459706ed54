//! Reading judge input: whitespace-separated tokens that remember their line.
//!
//! Judges' inputs are read as tokens separated by any ASCII whitespace, so CRLF line ends,
//! trailing blanks and blank lines are harmless. Each token carries the 1-based number of
//! the line it stands on, so that every error can say where it was found.

use super::error::InputError;

/// One whitespace-free piece of the input and the line it stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The text of the token (never empty, never containing whitespace).
    pub text: &'a str,
    /// The 1-based line number.
    pub line: usize,
}

/// A cursor over the tokens of an input.
///
/// ```
/// use othello::scan::Scanner;
/// let mut s = Scanner::new("2\r\n  BW\n\nWB");
/// assert_eq!(s.number("the board size", 1, 8).unwrap(), 2);
/// let t = s.next().unwrap();
/// assert_eq!((t.text, t.line), ("BW", 2));
/// assert_eq!(s.next().unwrap().line, 4);
/// assert!(s.next().is_none());
/// assert_eq!(s.expect("a row").unwrap_err().to_string(),
///            "line 4: expected a row, found the end of the input");
/// ```
#[derive(Clone, Debug)]
pub struct Scanner<'a> {
    rest: &'a str,
    line: usize,
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `input`.
    pub fn new(input: &'a str) -> Scanner<'a> {
        Scanner { rest: input, line: 1 }
    }

    /// The line of the last token read (1 before any); at the end of the input, the last
    /// line that has text on it.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The next token, or `None` at the end of the input.
    pub fn next(&mut self) -> Option<Token<'a>> {
        let bytes = self.rest.as_bytes();
        let mut i = 0;
        let mut newlines = 0;
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            if bytes[i] == b'\n' {
                newlines += 1;
            }
            i += 1;
        }
        if i == bytes.len() {
            // Trailing whitespace: the end of the input "is" on the last line with text.
            self.rest = "";
            return None;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        self.line += newlines;
        let text = &self.rest[start..i];
        self.rest = &self.rest[i..];
        Some(Token { text, line: self.line })
    }

    /// The next token without consuming it.
    pub fn peek(&self) -> Option<Token<'a>> {
        self.clone().next()
    }

    /// The next token; at the end of the input, an error saying that `what` was expected.
    pub fn expect(&mut self, what: &str) -> Result<Token<'a>, InputError> {
        match self.next() {
            Some(t) => Ok(t),
            None => Err(InputError::at(
                self.line,
                format!("expected {}, found the end of the input", what),
            )),
        }
    }

    /// The next token read as a whole number in `min..=max`; `what` names it in errors.
    pub fn number(&mut self, what: &str, min: u64, max: u64) -> Result<u64, InputError> {
        let t = self.expect(what)?;
        parse_number(t, what, min, max)
    }

    /// An error unless the input is used up.
    pub fn finish(&mut self) -> Result<(), InputError> {
        match self.next() {
            None => Ok(()),
            Some(t) => Err(InputError::at(
                t.line,
                format!("unexpected '{}' after the end of the data", shorten(t.text)),
            )),
        }
    }
}

/// Reads `t` as a whole number in `min..=max`; `what` names it in errors.
///
/// Numbers beyond `max` are rejected before anything is allocated for them, whatever
/// their size (`10000000000000000000000` included).
pub fn parse_number(t: Token, what: &str, min: u64, max: u64) -> Result<u64, InputError> {
    let text = t.text.strip_prefix('+').unwrap_or(t.text);
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        // A negative number (not "-0") is "too small"; anything else is not a number.
        let negative = t.text.starts_with('-')
            && t.text.len() > 1
            && t.text[1..].bytes().all(|b| b.is_ascii_digit())
            && t.text[1..].bytes().any(|b| b != b'0');
        let message = if negative {
            format!("{} must be at least {}, found {}", what, min, shorten(t.text))
        } else {
            format!("{} must be a whole number, found '{}'", what, shorten(t.text))
        };
        return Err(InputError::at(t.line, message));
    }
    // Past 64 bits is past `max` too (`u64::MAX` itself may be allowed).
    let value = match text.parse::<u64>() {
        Ok(v) if v <= max => v,
        _ => {
            return Err(InputError::at(
                t.line,
                format!("{} must be at most {}, found {}", what, max, shorten(t.text)),
            ))
        }
    };
    if value < min {
        return Err(InputError::at(
            t.line,
            format!("{} must be at least {}, found {}", what, min, value),
        ));
    }
    Ok(value)
}

/// `text`, cut to at most 20 characters (with `...`) so that error lines stay short, and
/// with control characters escaped (`\u{1b}`, `\0`) so that they cannot disturb a
/// terminal.
///
/// ```
/// use othello::scan::shorten;
/// assert_eq!(shorten("\u{1b}[2J"), "\\u{1b}[2J");
/// assert_eq!(shorten("abcdefghijklmnopqrstuvwxyz"), "abcdefghijklmnopqrst...");
/// ```
pub fn shorten(text: &str) -> String {
    let mut out = String::new();
    for (i, ch) in text.chars().enumerate() {
        if i == 20 {
            out.push_str("...");
            break;
        }
        if ch.is_control() {
            out.extend(ch.escape_debug());
        } else {
            out.push(ch);
        }
    }
    out
}

/// The non-blank lines of `input` (blank: nothing but ASCII whitespace) with their
/// 1-based numbers; each line is cut at `\n` and loses a final `\r`.
///
/// ```
/// let lines: Vec<_> = othello::scan::lines("a\r\n\n  \nb c").collect();
/// assert_eq!(lines, vec![(1, "a"), (4, "b c")]);
/// ```
pub fn lines<'a>(input: &'a str) -> impl Iterator<Item = (usize, &'a str)> + 'a {
    input
        .split('\n')
        .enumerate()
        .map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)))
        .filter(|&(_, l)| !l.bytes().all(|b| b.is_ascii_whitespace()))
}
