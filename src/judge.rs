//! The `main` shared by the judge binaries: read the whole input, run a `solve` function
//! with one buffered, locked stdout, and turn its result into an exit code.
//!
//! | outcome | stderr | exit code |
//! |---|---|---|
//! | success | nothing | 0 |
//! | stdout closed early (`| head`) | nothing | 0 |
//! | bad input, unreadable file, bad arguments | `error: <what and where>` | 2 |
//! | any other write failure | `error: cannot write the output: ...` | 1 |
//! | a failed check (`otello solve --ffo`) | what failed | 1 |
//!
//! Output written before an input error stays written: it is flushed before the error
//! line is printed.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};

use super::error::{Error, InputError};

/// Exit code for a bad input.
pub const EXIT_BAD_INPUT: i32 = 2;

/// Runs a judge program and returns its exit code (pass it to `std::process::exit`).
///
/// The input is stdin, or the file named by the only command-line argument (`-` is
/// stdin too). `solve` gets it as text and writes the answer to a buffered, locked stdout.
pub fn run<F>(solve: F) -> i32
where
    F: FnOnce(&str, &mut dyn Write) -> Result<(), Error>,
{
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = read_input(&args).and_then(|input| solve(&input, &mut out));
    let result = result.and_then(|()| out.flush().map_err(Error::Io));
    exit_code(result, &mut out)
}

/// The exit code for the `result` of a program writing to `out`, after reporting an
/// error on stderr (see the table above). Output written before an input error is
/// flushed first.
pub fn exit_code(result: Result<(), Error>, out: &mut dyn Write) -> i32 {
    let (message, code) = match result {
        Ok(()) => return 0,
        Err(Error::Io(ref e)) if e.kind() == io::ErrorKind::BrokenPipe => return 0,
        Err(Error::Io(e)) => (format!("error: cannot write the output: {}", e), 1),
        Err(Error::Failed(what)) => (what, 1),
        Err(Error::Input(e)) => (format!("error: {}", e), EXIT_BAD_INPUT),
    };
    // Keep what was printed before the bad line; a closed pipe is no matter here.
    let _ = out.flush();
    // Nor is a closed stderr (`eprintln!` would panic).
    let _ = writeln!(io::stderr(), "{}", message);
    code
}

/// Reads the input named by the arguments as UTF-8 text.
fn read_input(args: &[String]) -> Result<String, Error> {
    let mut bytes = Vec::new();
    let read = match args.len() {
        0 => io::stdin().lock().read_to_end(&mut bytes),
        1 if args[0] == "-" => io::stdin().lock().read_to_end(&mut bytes),
        1 => match File::open(&args[0]) {
            Ok(mut file) => file.read_to_end(&mut bytes),
            Err(e) => return Err(InputError::new(format!("cannot open {}: {}", args[0], e)).into()),
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
/// use othello::judge::text;
/// assert_eq!(text(b"ok\n".to_vec()).unwrap(), "ok\n");
/// assert_eq!(text(b"2\nB\xffW\n".to_vec()).unwrap_err().to_string(),
///            "line 2: the input is not UTF-8 text");
/// ```
pub fn text(bytes: Vec<u8>) -> Result<String, InputError> {
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..valid].iter().filter(|&&b| b == b'\n').count();
        InputError::at(line, "the input is not UTF-8 text")
    })
}
