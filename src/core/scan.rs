//! Reading input: whitespace-separated tokens, or non-blank lines, that remember their
//! 1-based line number so that every error can say where it was found.
//!
//! Tokens are separated by any ASCII whitespace, so trailing blanks and blank lines are
//! harmless; any other character belongs to a token. A line ends at `\n`, at `\r\n` or at
//! a lone `\r`, each one line end, so line numbers are the same whichever a file uses.

use std::fmt;

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
/// use othello::core::scan::Scanner;
/// let mut s = Scanner::new("2\r\n  BW\n\nWB\rx");
/// assert_eq!(s.number("the board size", 1, 8).unwrap(), 2);
/// let t = s.next().unwrap();
/// assert_eq!((t.text, t.line), ("BW", 2));
/// assert_eq!(s.next().unwrap().line, 4);
/// assert_eq!(s.next().unwrap().line, 5);
/// assert_eq!(s.expect("a row").unwrap_err().to_string(), "line 5: expected a row, found the end of the input");
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
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Token<'a>> {
        let bytes = self.rest.as_bytes();
        let start = bytes.iter().position(|b| !b.is_ascii_whitespace())?;
        let end = bytes[start..].iter().position(|b| b.is_ascii_whitespace()).map_or(bytes.len(), |n| start + n);
        self.line += line_ends(&self.rest[..start]);
        let text = &self.rest[start..end];
        self.rest = &self.rest[end..];
        Some(Token { text, line: self.line })
    }

    /// The next token; at the end of the input, an error saying that `what` was expected.
    pub fn expect(&mut self, what: &str) -> Result<Token<'a>, InputError> {
        let line = self.line;
        self.next().ok_or_else(|| InputError::at(line, format!("expected {}, found the end of the input", what)))
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
            Some(t) => {
                Err(InputError::at(t.line, format!("unexpected '{}' after the end of the data", shorten(t.text))))
            }
        }
    }
}

/// Reads `t` as a whole number in `min..=max`; `what` names it in errors ([`number`]).
///
/// ```
/// use othello::core::scan::{parse_number, Token};
/// let t = |text| Token { text, line: 2 };
/// assert_eq!(parse_number(t("+7"), "n", 1u64, 9), Ok(7));
/// assert_eq!(parse_number(t("-3"), "n", 1u64, 9).unwrap_err().to_string(), "line 2: n must be at least 1, found -3");
/// ```
pub fn parse_number<T: Copy + Into<i128> + std::str::FromStr + fmt::Display>(
    t: Token,
    what: &str,
    min: T,
    max: T,
) -> Result<T, InputError> {
    number(t.text, what, min, max).map_err(|message| InputError::at(t.line, message))
}

/// Reads `text` as a whole number of type `T` in `min..=max` (`+` or `-` first allowed, `-0`
/// not), or says why not, naming it `what`. Numbers beyond the range are refused whatever
/// their size, before anything is allocated for them. Every program of the suite reads its
/// numbers so: the judges' inputs, `otello`'s options and the NBoard commands.
///
/// ```
/// use othello::core::scan::number;
/// assert_eq!(number("-12", "n", i32::MIN, 0), Ok(-12));
/// assert_eq!(number("99999999999999999999", "n", 1u64, 9).unwrap_err(), "n must be at most 9, found 99999999999999999999");
/// assert_eq!(number("x", "n", 1u64, 9).unwrap_err(), "n must be a whole number, found 'x'");
/// assert_eq!(number("-0", "n", 0u64, 9).unwrap_err(), "n must be a whole number, found '-0'");
/// ```
pub fn number<T: Copy + Into<i128> + std::str::FromStr + fmt::Display>(
    text: &str,
    what: &str,
    min: T,
    max: T,
) -> Result<T, String> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let unsigned = text.strip_prefix('+').unwrap_or(text);
    let negative = match text.strip_prefix('-') {
        Some(n) if digits(n) && n.bytes().any(|b| b != b'0') => true,
        _ if digits(unsigned) => false,
        _ => return Err(format!("{} must be a whole number, found '{}'", what, shorten(text))),
    };
    // Every type asked for fits in i128; longer numbers are beyond any of them.
    let value = text.parse::<i128>().ok();
    let (low, high) = (min.into(), max.into());
    match value {
        Some(v) if v < low => {
            let shown = if negative { shorten(text) } else { v.to_string() };
            Err(format!("{} must be at least {}, found {}", what, min, shown))
        }
        Some(v) if v > high => Err(format!("{} must be at most {}, found {}", what, max, shorten(text))),
        None if negative => Err(format!("{} must be at least {}, found {}", what, min, shorten(text))),
        None => Err(format!("{} must be at most {}, found {}", what, max, shorten(text))),
        Some(_) => text.parse::<T>().map_err(|_| format!("{} must be a whole number, found '{}'", what, shorten(text))),
    }
}

/// `text` cut to at most 20 characters (then `...`), so that error lines stay short, and
/// [`escape`]d.
///
/// ```
/// use othello::core::scan::shorten;
/// assert_eq!(shorten("\u{1b}[2J"), "\\u{1b}[2J");
/// assert_eq!(shorten("abcdefghijklmnopqrstuvwxyz"), "abcdefghijklmnopqrst...");
/// ```
pub fn shorten(text: &str) -> String {
    match text.char_indices().nth(20) {
        Some((end, _)) => escape(&text[..end]) + "...",
        None => escape(text),
    }
}

/// `text` with every character that is not visible escaped as Rust writes it (`\n`,
/// `\u{a0}`), so that a message that shows it stays one line and sends nothing raw to a
/// terminal: control characters, Unicode white space but the ASCII space, invisible format
/// characters (zero-width spaces and joiners, direction marks, the byte-order mark),
/// combining marks and unassigned code points, as `char::escape_debug` decides. Quotes and
/// backslashes stay as they are.
///
/// ```
/// use othello::core::scan::escape;
/// assert_eq!(escape("a\nb\u{1b}[2J"), "a\\nb\\u{1b}[2J");
/// assert_eq!(escape("\u{a0}\u{200b}\u{2028}\u{feff} x"), "\\u{a0}\\u{200b}\\u{2028}\\u{feff} x");
/// assert_eq!(escape("it's \"C:\\é\""), "it's \"C:\\é\"");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::new();
    for ch in text.chars() {
        match ch {
            '\\' | '\'' | '"' => out.push(ch),
            _ => out.extend(ch.escape_debug()),
        }
    }
    out
}

/// The numbered `items` (such as [`lines`] or the rows made of them) gathered in memory
/// allocated fallibly: the first item's error, or an error on the line of the first item
/// the memory cannot hold, instead of an abort.
///
/// ```
/// use othello::core::scan::{collect_lines, lines};
/// assert_eq!(collect_lines(lines("a\n\nb").map(Ok)).unwrap(), vec![(1, "a"), (3, "b")]);
/// ```
pub fn collect_lines<T, I: Iterator<Item = Result<(usize, T), InputError>>>(
    items: I,
) -> Result<Vec<(usize, T)>, InputError> {
    let mut all = Vec::new();
    for item in items {
        let (line, value) = item?;
        if all.try_reserve(1).is_err() {
            return Err(InputError::at(line, format!("the input does not fit in memory ({} lines read)", all.len())));
        }
        all.push((line, value));
    }
    Ok(all)
}

/// The number of line ends in `text`: `\n`, `\r\n` and a lone `\r` are one each.
///
/// ```
/// assert_eq!(othello::core::scan::line_ends("a\r\nb\n\rc\r"), 4);
/// ```
pub fn line_ends(text: &str) -> usize {
    every_line(text).count() - 1
}

/// The non-blank lines of `input` (blank: nothing but ASCII whitespace) with their
/// 1-based numbers, without their ends (`\n`, `\r\n` or a lone `\r`).
///
/// ```
/// let lines: Vec<_> = othello::core::scan::lines("a\r\n\n  \nb c\rd\r\r\u{a0}").collect();
/// assert_eq!(lines, vec![(1, "a"), (4, "b c"), (5, "d"), (7, "\u{a0}")]);
/// ```
pub fn lines(input: &str) -> impl Iterator<Item = (usize, &str)> {
    every_line(input).enumerate().map(|(i, l)| (i + 1, l)).filter(|&(_, l)| !l.bytes().all(|b| b.is_ascii_whitespace()))
}

/// Every line of `input`, blank or not, without its end; after a final line end, one
/// empty line more.
fn every_line(input: &str) -> impl Iterator<Item = &str> {
    input.split("\r\n").flat_map(|l| l.split(&['\n', '\r'][..]))
}
