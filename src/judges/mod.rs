//! The judges: one module per problem statement, each a `solve(input, out)` that reads the
//! whole input as text and writes the answer exactly as its judge expects, and [`run`],
//! the `main` they share.
//!
//! | module | statement |
//! |---|---|
//! | [`uva220`] | UVa 220 *Othello*: a command interpreter over many games |
//! | [`jutge_p18992`] | Jutge.org P18992 *Othello*: replay a game, print every board |
//! | [`b4254`] | B4254 *Othello Endgame Outcome Counting* |
//! | [`dumbothello`] | the Dumbothello homework: counting under adjacent capture |

pub mod b4254;
pub mod dumbothello;
pub mod jutge_p18992;
pub mod uva220;

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};

use super::core::error::{exit_code, Error, InputError};

/// Runs a judge program and returns its exit code (see [`super::core::error`]).
///
/// The input is stdin, or the file named by the only command-line argument (`-` is stdin
/// too). `solve` gets it as text and writes to a buffered, locked stdout.
pub fn run<F: FnOnce(&str, &mut dyn Write) -> Result<(), Error>>(solve: F) -> i32 {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let result =
        read_input(&args).and_then(|input| solve(&input, &mut out)).and_then(|()| out.flush().map_err(Error::Io));
    exit_code(result, &mut out)
}

/// Reads the input named by the arguments as UTF-8 text.
fn read_input(args: &[String]) -> Result<String, Error> {
    let mut bytes = Vec::new();
    let read = match args {
        [] => io::stdin().lock().read_to_end(&mut bytes),
        [name] if name == "-" => io::stdin().lock().read_to_end(&mut bytes),
        [name] => match File::open(name) {
            Ok(mut file) => file.read_to_end(&mut bytes),
            Err(e) => return Err(InputError::new(format!("cannot open {}: {}", name, e)).into()),
        },
        _ => return Err(InputError::new("usage: at most one argument, the input file (default: stdin)").into()),
    };
    if let Err(e) = read {
        return Err(InputError::new(format!("cannot read the input: {}", e)).into());
    }
    text(bytes).map_err(Error::Input)
}

/// `bytes` as text, or an error naming the first line that is not UTF-8.
///
/// ```
/// use othello::judges::text;
/// assert_eq!(text(b"ok\n".to_vec()).unwrap(), "ok\n");
/// assert_eq!(text(b"2\nB\xffW\n".to_vec()).unwrap_err().to_string(), "line 2: the input is not UTF-8 text");
/// ```
pub fn text(bytes: Vec<u8>) -> Result<String, InputError> {
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..valid].iter().filter(|&&b| b == b'\n').count();
        InputError::at(line, "the input is not UTF-8 text")
    })
}
