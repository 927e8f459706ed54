//! Errors of the judge binaries.
//!
//! A judge program fails in one of two ways: its input is bad ([`InputError`]: one line of
//! text naming what is wrong and where, exit code 2), or writing the output fails
//! ([`Error::Io`]; a closed pipe is not a failure, see [`super::judge::run`]).

use std::fmt;
use std::io;

/// What is wrong with an input, and on which line (1-based) it was found.
///
/// ```
/// use othello::error::InputError;
/// let e = InputError::at(3, "expected 8 cells, found 7");
/// assert_eq!(e.to_string(), "line 3: expected 8 cells, found 7");
/// assert_eq!(InputError::new("no board").to_string(), "no board");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The 1-based line the problem was found on, if it belongs to one.
    pub line: Option<usize>,
    /// What is wrong, as a sentence fragment without a final full stop.
    pub message: String,
}

impl InputError {
    /// An error on line `line` (1-based).
    pub fn at<S: Into<String>>(line: usize, message: S) -> InputError {
        InputError { line: Some(line), message: message.into() }
    }

    /// An error that belongs to no particular line (a missing file, say).
    pub fn new<S: Into<String>>(message: S) -> InputError {
        InputError { line: None, message: message.into() }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {}: {}", line, self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// Why a judge's `solve` stopped early.
#[derive(Debug)]
pub enum Error {
    /// The input is bad; the binary prints `error: <this>` and exits with code 2.
    Input(InputError),
    /// Writing the output failed.
    Io(io::Error),
    /// The work was done but a check it made failed (`otello solve --ffo`): exit code 1.
    Failed(String),
}

impl From<InputError> for Error {
    fn from(e: InputError) -> Error {
        Error::Input(e)
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Error {
        Error::Io(e)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            Error::Input(ref e) => e.fmt(f),
            Error::Io(ref e) => write!(f, "cannot write the output: {}", e),
            Error::Failed(ref what) => f.write_str(what),
        }
    }
}
