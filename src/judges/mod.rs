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

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};

use super::core::error::{exit_code, Error, InputError};
use super::core::memory;
use super::core::scan::{escape, line_ends};
use super::core::VERSION;

/// What a judge binary says of itself: `--version` prints the name and [`VERSION`],
/// `--help` prints `help` (usage, input, output, an example) and then [`USAGE_END`].
pub struct About {
    /// The binary's name.
    pub name: &'static str,
    /// The body of `--help`, line by line.
    pub help: &'static [&'static str],
}

/// The end of every judge binary's `--help`: options and exit codes.
pub const USAGE_END: &str = "Options: -h, --help; -V, --version; a lone - is stdin.\nExit: 0 answered; 2 bad input or arguments (a line on stderr); 1 output failed.";

/// Runs a judge program and returns its exit code (see [`super::core::error`]).
///
/// The input is stdin, or the file named by the only command-line argument (`-` is stdin
/// too), any name the system takes, UTF-8 or not. `--help` and `--version` (or `-h`,
/// `-V`) answer from `about`; any other argument that starts with `-` is refused. `solve`
/// gets the input as text and writes to a buffered, locked stdout.
pub fn run<F: FnOnce(&str, &mut dyn Write) -> Result<(), Error>>(about: &About, solve: F) -> i32 {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = match args.first().and_then(|a| a.to_str()) {
        Some("-h") | Some("--help") => writeln!(out, "{}\n{}", about.help.join("\n"), USAGE_END).map_err(Error::Io),
        Some("-V") | Some("--version") => writeln!(out, "{} {}", about.name, VERSION).map_err(Error::Io),
        _ => read_input(&args).and_then(|input| solve(&input, &mut out)),
    };
    exit_code(result.and_then(|()| out.flush().map_err(Error::Io)), &mut out)
}

/// Reads the input named by the arguments as UTF-8 text, within the memory budget
/// ([`memory::read`]). An error shows the file name [`escape`]d, with U+FFFD for bytes
/// that are not UTF-8.
fn read_input(args: &[OsString]) -> Result<String, Error> {
    let mut input: Box<dyn Read> = match args {
        [] => Box::new(io::stdin()),
        [name] if name == "-" => Box::new(io::stdin()),
        [name] if name.to_string_lossy().starts_with('-') => {
            let option = escape(&name.to_string_lossy());
            return Err(InputError::new(format!("unknown option '{}' (see --help)", option)).into());
        }
        [name] => match File::open(name) {
            Ok(file) => Box::new(file),
            Err(e) => {
                let name = escape(&name.to_string_lossy());
                return Err(InputError::new(format!("cannot open {}: {}", name, e)).into());
            }
        },
        _ => return Err(InputError::new("at most one argument, the input file (see --help)").into()),
    };
    Ok(text(memory::read(&mut input)?)?)
}

/// `bytes` as text, or an error naming the first line that is not UTF-8 (lines end as
/// [`super::core::scan`] says).
///
/// ```
/// use othello::judges::text;
/// assert_eq!(text(b"ok\n".to_vec()).unwrap(), "ok\n");
/// assert_eq!(text(b"2\nB\xffW\n".to_vec()).unwrap_err().to_string(), "line 2: the input is not UTF-8 text");
/// assert_eq!(text(b"2\r\n.\r\xff".to_vec()).unwrap_err().to_string(), "line 3: the input is not UTF-8 text");
/// ```
pub fn text(bytes: Vec<u8>) -> Result<String, InputError> {
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let line = 1 + std::str::from_utf8(&e.as_bytes()[..valid]).map_or(0, line_ends);
        InputError::at(line, "the input is not UTF-8 text")
    })
}
