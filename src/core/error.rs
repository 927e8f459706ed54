//! Errors and exit codes.
//!
//! A program fails in one of two ways: its input is bad ([`InputError`]: one line of text
//! naming what is wrong and where), or writing the output fails. [`exit_code`] turns the
//! result of a run into the exit code and the line on stderr:
//!
//! | outcome | stderr | exit code |
//! |---|---|---|
//! | success | nothing | 0 |
//! | stdout closed early (`| head`) | nothing | 0 |
//! | bad input, unreadable file, bad arguments | `error: <what and where>` | 2 |
//! | any other write failure | `error: cannot write the output: ...` | 1 |

use std::fmt;
use std::io::{self, Write};

/// What is wrong with an input, and on which line (1-based) it was found.
///
/// ```
/// use othello::core::error::InputError;
/// assert_eq!(InputError::at(3, "expected 8 cells, found 7").to_string(), "line 3: expected 8 cells, found 7");
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

/// Why a program stopped early.
#[derive(Debug)]
pub enum Error {
    /// The input is bad: exit code 2.
    Input(InputError),
    /// Writing the output failed: exit code 1, or 0 for a closed pipe.
    Io(io::Error),
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
        match self {
            Error::Input(e) => e.fmt(f),
            Error::Io(e) => write!(f, "cannot write the output: {}", e),
        }
    }
}

/// The exit code for the `result` of a program that wrote to `out`, after reporting an
/// error on stderr (see the module's table). Output written before the error is flushed
/// first, so that it stays written.
pub fn exit_code(result: Result<(), Error>, out: &mut dyn Write) -> i32 {
    let code = match &result {
        Ok(()) => return 0,
        Err(Error::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => return 0,
        Err(Error::Io(_)) => 1,
        Err(Error::Input(_)) => 2,
    };
    // A closed pipe or stderr is no matter here (`eprintln!` would panic on the second).
    let _ = out.flush();
    if let Err(e) = result {
        let _ = writeln!(io::stderr(), "error: {}", e);
    }
    code
}
