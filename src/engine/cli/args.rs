//! What the `otello` commands share: their errors and exit codes, options, and the
//! streams they read and write.

use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufRead, Write};
use std::time::Duration;

use super::super::super::core::error::{self, Error, InputError};
use super::super::super::core::scan::{escape, number, shorten};
use super::super::endgame::HEARTBEAT;
use super::super::eval::Eval;

/// The streams a command works with, and who is at them.
pub struct Io<'a> {
    /// What `play` and `nboard` read, and the positions `solve` reads.
    pub input: &'a mut dyn BufRead,
    /// The command's results.
    pub out: &'a mut (dyn Write + Send),
    /// Progress, which is no part of the results.
    pub err: &'a mut dyn Write,
    /// Whether a person types the input (a terminal), rather than a file or a pipe.
    pub typed: bool,
    /// Whether a person watches `err` (a terminal): progress then shows there.
    pub watched: bool,
}

/// Whether the standard stream `fd` (0 input, 1 output, 2 errors) is a terminal, as
/// `/proc` names where it leads (a pseudo-terminal or a console). Where there is no
/// `/proc`, it is not.
pub fn is_terminal(fd: u32) -> bool {
    let target = std::fs::read_link(format!("/proc/self/fd/{}", fd)).unwrap_or_default();
    let target = target.to_string_lossy();
    target.starts_with("/dev/pts/") || target.starts_with("/dev/tty") || target == "/dev/console"
}

/// Whether the word `a` is meant as an option: it starts with `-` and holds a character
/// no position has (positions are written with `X`, `O`, `-`, `.`, `*` and blanks), so
/// that a position starting with empty cells (`---XXXX-...`, with its side or not) is
/// never taken for one.
///
/// ```
/// use othello::engine::cli::args::looks_like_option;
/// assert!(looks_like_option("--depth") && looks_like_option("-h") && looks_like_option("--x\u{200b}"));
/// assert!(!looks_like_option("---XXXXX-OOOOOO-X") && !looks_like_option("-XXO") && !looks_like_option("-"));
/// assert!(!looks_like_option("-----OX- X"));
/// ```
pub fn looks_like_option(a: &str) -> bool {
    a.len() > 1 && a.starts_with('-') && a.chars().any(|c| !"XxOo*-. \t".contains(c))
}

/// Why a command stopped early.
#[derive(Debug)]
pub enum CliError {
    /// Bad arguments or input, or a write that failed.
    Run(Error),
    /// The work was done but a check it made failed (`solve --ffo`): what failed.
    Failed(String),
}

impl From<Error> for CliError {
    fn from(e: Error) -> CliError {
        CliError::Run(e)
    }
}

impl From<InputError> for CliError {
    fn from(e: InputError) -> CliError {
        CliError::Run(Error::Input(e))
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError::Run(Error::Io(e))
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            CliError::Run(e) => e.fmt(f),
            CliError::Failed(what) => f.write_str(what),
        }
    }
}

/// The exit code of the command line's `result`, having written what went wrong to
/// stderr: a failed check is 1, the rest as [`error::exit_code`] says.
pub fn exit_code(result: Result<(), CliError>, out: &mut dyn Write) -> i32 {
    match result {
        Ok(()) => 0,
        Err(CliError::Run(e)) => error::exit_code(Err(e), out),
        Err(CliError::Failed(what)) => {
            let _ = out.flush();
            let _ = writeln!(io::stderr(), "{}", what);
            1
        }
    }
}

/// The command-line arguments `args` (without the program name) as text. An argument
/// that is not UTF-8 is a usage error that shows it [`escape`]d, with U+FFFD for the
/// bytes that are not UTF-8.
///
/// ```
/// use othello::engine::cli::args::text_args;
/// use std::ffi::OsString;
/// assert_eq!(text_args(vec![OsString::from("perft")]).unwrap(), vec!["perft".to_string()]);
/// ```
pub fn text_args<I: IntoIterator<Item = OsString>>(args: I) -> Result<Vec<String>, CliError> {
    args.into_iter()
        .enumerate()
        .map(|(i, a)| {
            a.into_string().map_err(|a| {
                let shown = escape(&a.to_string_lossy());
                usage(format!("argument {} is not UTF-8 text: '{}'", i + 1, shown))
            })
        })
        .collect()
}

/// A usage error, with a pointer to the help.
pub fn usage(message: String) -> CliError {
    InputError::new(format!("{} (see otello --help)", message)).into()
}

/// `text` as a plain decimal number (digits and a point: no sign, exponent, `inf` or
/// `nan`), or `None`.
pub fn decimal(text: &str) -> Option<f64> {
    let plain = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    text.parse().ok().filter(|_| plain)
}

/// `text` as a whole number from `min` to `max` ([`number`]), or a usage error naming
/// `what`.
pub fn parse_number(what: &str, text: &str, min: u64, max: u64) -> Result<u64, CliError> {
    number(text, what, min, max).map_err(usage)
}

/// Parsed command-line options: `--name value` pairs, flags, and the rest. Args are
/// recognised by name only, so a position whose first cells are empty (`---OX...`,
/// quoted with its side or not) is a word like any other; `--` ends the options.
pub struct Args<'a> {
    values: Vec<(&'a str, &'a str)>,
    flags: Vec<&'a str>,
    /// The words that are not options, in order.
    pub positional: Vec<&'a str>,
}

impl<'a> Args<'a> {
    /// Reads `args`: the options named in `with_value` take the next word, those in
    /// `flags` none; any other word that looks like an option ([`looks_like_option`]) is
    /// an error.
    pub fn parse(args: &'a [String], with_value: &[&str], flags: &[&str]) -> Result<Args<'a>, CliError> {
        let mut o = Args { values: Vec::new(), flags: Vec::new(), positional: Vec::new() };
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            if a == "--" {
                o.positional.extend(args[i + 1..].iter().map(|a| a.as_str()));
                break;
            } else if with_value.contains(&a) {
                match args.get(i + 1) {
                    Some(v) => o.values.push((a, v.as_str())),
                    None => return Err(usage(format!("{} needs a value", a))),
                }
                i += 2;
            } else if flags.contains(&a) {
                o.flags.push(a);
                i += 1;
            } else if looks_like_option(a) {
                return Err(usage(format!("unknown option '{}'", escape(a))));
            } else {
                o.positional.push(a);
                i += 1;
            }
        }
        Ok(o)
    }

    /// An error if a word that is not an option was given.
    pub fn no_positional(&self) -> Result<(), CliError> {
        match self.positional.first() {
            None => Ok(()),
            Some(word) => Err(usage(format!("unexpected '{}'", escape(word)))),
        }
    }

    /// The value of the last `name` given.
    pub fn value(&self, name: &str) -> Option<&'a str> {
        self.values.iter().rev().find(|&&(n, _)| n == name).map(|&(_, v)| v)
    }

    /// Whether the flag `name` was given.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.contains(&name)
    }

    /// The number `name` gives, from `min` to `max`, or `default`.
    pub fn number(&self, name: &str, default: u64, min: u64, max: u64) -> Result<u64, CliError> {
        match self.value(name) {
            None => Ok(default),
            Some(v) => parse_number(name, v, min, max),
        }
    }

    /// How often progress shows on a terminal: `--beat S`, in whole seconds, or
    /// [`HEARTBEAT`].
    pub fn beat(&self) -> Result<Duration, CliError> {
        match self.value("--beat") {
            None => Ok(HEARTBEAT),
            Some(v) => Ok(Duration::from_secs(parse_number("--beat", v, 0, 3600)?)),
        }
    }

    /// A time given as `name S`: seconds, a decimal number from 0.01 to 3600 (`0.5`,
    /// `2`); `None` if the option is not given.
    pub fn seconds(&self, name: &str) -> Result<Option<Duration>, CliError> {
        let v = match self.value(name) {
            None => return Ok(None),
            Some(v) => v,
        };
        match decimal(v) {
            Some(s) if (0.01..=3600.0).contains(&s) => Ok(Some(Duration::from_secs_f64(s))),
            _ => Err(usage(format!("{} takes seconds from 0.01 to 3600, not '{}'", name, escape(v)))),
        }
    }

    /// The heuristic `name` gives, or `default` (an error if there is none).
    pub fn heuristic(&self, name: &str, default: Option<Eval>) -> Result<Eval, CliError> {
        match (self.value(name), default) {
            (None, Some(d)) => Ok(d),
            (None, None) => Err(usage(format!("{} H is needed ({})", name, Eval::NAMES))),
            (Some(v), _) => {
                Eval::from_name(v).ok_or_else(|| usage(format!("unknown heuristic '{}' ({})", escape(v), Eval::NAMES)))
            }
        }
    }
}

/// The longest line [`LineReader`] takes, in bytes: a command, a move or a game record
/// is far shorter.
pub const MAX_LINE: usize = 1 << 16;

/// The lines of a stream, read one at a time as they come (a person typing, a GUI's
/// commands): each ends at `\n`, `\r\n` or a lone `\r`, as in [`super::super::super::core::scan`],
/// and holds at most [`MAX_LINE`] bytes.
pub struct LineReader<R> {
    input: R,
    /// Whether the last line ended at `\r`: a `\n` right after it ends no line.
    after_cr: bool,
    /// Whether the rest of the current line is skipped: it is longer than [`MAX_LINE`].
    skipping: bool,
    /// The number of the last line read (1-based).
    number: usize,
}

impl<R: BufRead> LineReader<R> {
    /// The lines of `input`.
    pub fn new(input: R) -> LineReader<R> {
        LineReader { input, after_cr: false, skipping: false, number: 0 }
    }

    /// Waits for more input, reading none of it: `false` at the end of the input, or where
    /// it cannot be read.
    pub fn more(&mut self) -> bool {
        loop {
            match self.input.fill_buf() {
                Ok(buf) => return !buf.is_empty(),
                Err(ref e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => return false,
            }
        }
    }

    /// The next line without its end; `None` at the end of the input. A line that is not
    /// UTF-8, or longer than [`MAX_LINE`], is an error on its line, found before more of it
    /// is read: the next call skips the rest of it unread. A read that fails is an error
    /// on no line.
    pub fn read_line(&mut self) -> Result<Option<String>, InputError> {
        let (mut bytes, mut any) = (Vec::new(), false);
        loop {
            let buf = match self.input.fill_buf() {
                Ok(buf) => buf,
                Err(ref e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(InputError::new(format!("cannot read the input: {}", e))),
            };
            if buf.is_empty() {
                if !any {
                    return Ok(None);
                }
                break;
            }
            if self.after_cr {
                self.after_cr = false;
                if buf[0] == b'\n' {
                    self.input.consume(1);
                    continue;
                }
            }
            let end = buf.iter().position(|&b| b == b'\n' || b == b'\r');
            let n = end.unwrap_or(buf.len());
            if !self.skipping {
                any = true;
                bytes.extend_from_slice(&buf[..n.min(MAX_LINE + 1 - bytes.len())]);
            }
            self.after_cr = end.map_or(false, |end| buf[end] == b'\r');
            self.input.consume(n + end.is_some() as usize);
            match end {
                Some(_) if self.skipping => self.skipping = false,
                Some(_) => break,
                None if bytes.len() > MAX_LINE => {
                    self.skipping = true;
                    break;
                }
                None => {}
            }
        }
        self.number += 1;
        if bytes.len() > MAX_LINE {
            let start = String::from_utf8_lossy(&bytes[..80]);
            let message = format!("a line longer than {} bytes: '{}'", MAX_LINE, shorten(&start));
            return Err(InputError::at(self.number, message));
        }
        String::from_utf8(bytes).map(Some).map_err(|_| InputError::at(self.number, "the input is not UTF-8 text"))
    }
}
