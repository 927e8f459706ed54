//! Odd text around the input: file names and arguments that are not UTF-8 or hold control
//! and invisible characters, the three line ends, and `otello`'s arguments and `play`
//! input. The judges run as cargo binaries and as their bundles (`submit/<binary>.rs`,
//! compiled here with `rustc -O`).
//!
//! - `file_names_that_are_not_utf8_<binary>`: a missing one is exit 2 with one line; an
//!   existing one is read.
//! - `file_names_with_control_characters_<binary>`: `\n`, `\x1b[2J`, `\u{a0}` and
//!   zero-width characters in a name: the message shows them escaped, on one line.
//! - `line_ends_<binary>`: every sample with LF, CRLF and lone-CR line ends gives the
//!   same output, and an error names the same line under each.
//! - `invisible_input_is_shown_escaped`: bad tokens holding invisible characters.
//! - `otello_*`: arguments that are not UTF-8, arguments echoed escaped, `play` input
//!   that is not UTF-8, and the three line ends in `play` and `solve`.

use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::Write;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Once;
use std::thread;

use crate::{exe, one_error_line, root, show, BINARIES};

/// The `otello` executable.
const OTELLO: &str = env!("CARGO_BIN_EXE_otello");

/// A directory of this file's own under the target directory.
pub fn work_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("malformed-text");
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The compiled bundle of `binary`.
fn bundle(binary: &str) -> PathBuf {
    work_dir().join(format!("bundle-{}", binary))
}

/// Compiles every judge's bundle once per run, side by side.
fn compile_bundles() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let jobs: Vec<_> = BINARIES
            .iter()
            .map(|&(binary, _, _)| {
                let source = root().join("submit").join(format!("{}.rs", binary));
                let out = bundle(binary);
                thread::spawn(move || {
                    let o = Command::new("rustc")
                        .args(["--edition", "2021", "-O", "-o"])
                        .arg(&out)
                        .arg(&source)
                        .output()
                        .expect("rustc runs");
                    assert!(o.status.success(), "{}: {}", source.display(), String::from_utf8_lossy(&o.stderr));
                })
            })
            .collect();
        for j in jobs {
            j.join().expect("a bundle compiles");
        }
    });
}

/// The programs of `binary`: the cargo binary and its compiled bundle.
pub fn programs(binary: &str) -> Vec<PathBuf> {
    compile_bundles();
    vec![PathBuf::from(exe(binary)), bundle(binary)]
}

/// Runs `program args < input` to its end.
fn run_os(program: &Path, args: &[&OsStr], input: &[u8]) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {}", program.display(), e));
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // The program may stop reading early; a failed write is no matter.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    let _ = writer.join();
    out
}

/// Checks that `out` is a bad-input exit: code 2, one `error:` line holding `fragment`,
/// no raw escape, no-break space or other control character; `what` names the case.
fn refused(out: &Output, fragment: &str, what: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{}: stderr {}", what, show(&out.stderr, 300));
    assert!(one_error_line(&out.stderr), "{}: stderr is not one error line: {}", what, show(&out.stderr, 300));
    let body = &stderr[..stderr.len() - 1];
    assert!(
        !body.chars().any(|c| c.is_control() || c == '\u{a0}' || c == '\u{200b}' || c == '\u{feff}'),
        "{}: stderr holds a raw control or invisible character: {}",
        what,
        show(&out.stderr, 300)
    );
    assert!(stderr.contains(fragment), "{}: stderr {:?} lacks {:?}", what, stderr, fragment);
}

/// A name under the work directory made of `bytes`.
fn name(bytes: &[u8]) -> PathBuf {
    work_dir().join(OsStr::from_bytes(bytes))
}

/// The first sample of `binary`: its input and expected output.
fn sample(binary: &str) -> (Vec<u8>, Vec<u8>) {
    let dir = root().join("samples").join(binary);
    (fs::read(dir.join("sample-1.in")).unwrap(), fs::read(dir.join("sample-1.out")).unwrap())
}

/// A file named `bytes` (plus the binary's name) that holds the first sample of `binary`
/// is read; a missing one is refused in one line, with `shown` in it.
fn file_name(binary: &str, bytes: &[u8], shown: &str) {
    let (input, expected) = sample(binary);
    for program in programs(binary) {
        let what = format!("{} with the file {:?}", program.display(), String::from_utf8_lossy(bytes));
        let mut present = bytes.to_vec();
        present.extend_from_slice(format!("-{}.in", binary).as_bytes());
        let present = name(&present);
        fs::write(&present, &input).unwrap();
        let out = run_os(&program, &[present.as_os_str()], b"");
        assert_eq!(out.status.code(), Some(0), "{}: stderr {}", what, show(&out.stderr, 300));
        assert!(out.stdout == expected, "{}: stdout {}", what, show(&out.stdout, 300));
        let mut missing = bytes.to_vec();
        missing.extend_from_slice(b"-missing.in");
        let out = run_os(&program, &[name(&missing).as_os_str()], b"");
        refused(&out, &format!("error: cannot open {}", work_dir().display()), &what);
        refused(&out, &format!("{}-missing.in: ", shown), &what);
    }
}

#[test]
fn file_names_that_are_not_utf8_uva220() {
    file_name("uva220", b"\xff", "\u{fffd}");
}

#[test]
fn file_names_that_are_not_utf8_jutge_p18992() {
    file_name("jutge_p18992", b"a\xc3(", "a\u{fffd}(");
}

#[test]
fn file_names_that_are_not_utf8_b4254() {
    file_name("b4254", b"\xff\xfe", "\u{fffd}\u{fffd}");
}

#[test]
fn file_names_that_are_not_utf8_dumbothello() {
    file_name("dumbothello", b"\xff", "\u{fffd}");
}

/// A name with a line feed, an escape sequence that clears a terminal, a no-break space
/// and zero-width characters.
const ODD_NAME: &str = "a\nb\x1b[2J\u{a0}c\u{200b}\u{feff}\u{2028}\t";
/// [`ODD_NAME`] as messages show it.
const ODD_SHOWN: &str = "a\\nb\\u{1b}[2J\\u{a0}c\\u{200b}\\u{feff}\\u{2028}\\t";

#[test]
fn file_names_with_control_characters_uva220() {
    file_name("uva220", ODD_NAME.as_bytes(), ODD_SHOWN);
}

#[test]
fn file_names_with_control_characters_jutge_p18992() {
    file_name("jutge_p18992", ODD_NAME.as_bytes(), ODD_SHOWN);
}

#[test]
fn file_names_with_control_characters_b4254() {
    file_name("b4254", ODD_NAME.as_bytes(), ODD_SHOWN);
}

#[test]
fn file_names_with_control_characters_dumbothello() {
    file_name("dumbothello", ODD_NAME.as_bytes(), ODD_SHOWN);
}

/// `text` with its line ends (`\n` or `\r\n`) made `end`.
fn with_line_ends(text: &[u8], end: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() * 2);
    let mut i = 0;
    while i < text.len() {
        if text[i..].starts_with(b"\r\n") {
            out.extend_from_slice(end);
            i += 2;
        } else if text[i] == b'\n' {
            out.extend_from_slice(end);
            i += 1;
        } else {
            out.push(text[i]);
            i += 1;
        }
    }
    out
}

/// The three line ends.
const ENDS: [&[u8]; 3] = [b"\n", b"\r\n", b"\r"];

/// Every sample of `binary` with each line end gives its expected output; `bad` (written
/// with `\n`) is refused naming the same line, `fragment`, under each.
fn line_ends(binary: &str, bad: &str, fragment: &str) {
    let dir = root().join("samples").join(binary);
    let mut samples: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension() == Some("in".as_ref()))
        .collect();
    samples.sort();
    assert!(!samples.is_empty(), "{}: no samples", dir.display());
    for program in programs(binary) {
        for sample in &samples {
            let input = fs::read(sample).unwrap();
            let expected = fs::read(sample.with_extension("out")).unwrap();
            for end in ENDS.iter() {
                let what = format!("{} < {} with line ends {:?}", program.display(), sample.display(), show(end, 9));
                let out = run_os(&program, &[], &with_line_ends(&input, end));
                assert_eq!(out.status.code(), Some(0), "{}: stderr {}", what, show(&out.stderr, 300));
                assert!(out.stdout == expected, "{}: stdout {}", what, show(&out.stdout, 300));
            }
        }
        for end in ENDS.iter() {
            let what =
                format!("{} < {} with line ends {:?}", program.display(), show(bad.as_bytes(), 60), show(end, 9));
            refused(&run_os(&program, &[], &with_line_ends(bad.as_bytes(), end)), fragment, &what);
        }
    }
}

#[test]
fn line_ends_uva220() {
    let bad = "1\n--------\n--------\n--------\n---WB---\n---BW---\n--------\n--------\n--------\nB\nL\n\nM99\n";
    line_ends("uva220", bad, "error: line 13: game 1: M99 is off the board");
}

#[test]
fn line_ends_jutge_p18992() {
    line_ends("jutge_p18992", "4\nN 4 3\n\nB 9 3\n", "error: line 4: the row of the move must be at most 4, found 9");
}

#[test]
fn line_ends_b4254() {
    line_ends("b4254", "2\nBW\n\nW.\nxyz\n", "error: line 5: unexpected 'xyz' after the 2 rows of the board");
}

#[test]
fn line_ends_dumbothello() {
    line_ends("dumbothello", "B W .\n\n. . x\n", "error: line 3: unexpected character 'x'");
    // The issue's case: two rows under lone-CR line ends, as Python's universal newlines
    // read them.
    for program in programs("dumbothello") {
        let out = run_os(&program, &[], b"B W .\r. . .\r");
        assert_eq!(out.status.code(), Some(0), "{}: stderr {}", program.display(), show(&out.stderr, 300));
        assert_eq!(String::from_utf8_lossy(&out.stdout), "(0, 24, 0)\n", "{}", program.display());
    }
}

#[test]
fn invisible_input_is_shown_escaped() {
    let start = "--------\n--------\n--------\n---WB---\n---BW---\n--------\n--------\n--------\n";
    let cases: Vec<(&str, String, &str)> = vec![
        // A line of no-break spaces is not blank: it is shown, not trimmed away.
        ("b4254", "2\nBW\nW.\n\u{a0}\u{a0}\n".to_string(), "line 4: unexpected '\\u{a0}\\u{a0}' after the 2 rows"),
        ("b4254", "2\nBW\nW.\n \u{200b}x\t\n".to_string(), "line 4: unexpected '\\u{200b}x' after the 2 rows"),
        ("dumbothello", "B W\n\u{a0}\u{a0}\n".to_string(), "line 2: unexpected character '\\u{a0}'"),
        ("dumbothello", "B \u{feff}W\n".to_string(), "line 1: unexpected character '\\u{feff}'"),
        ("uva220", format!("1\n{}B\nL\u{1b}[2J\n", start), "line 11: game 1: unknown command 'L\\u{1b}[2J'"),
        ("uva220", format!("1\n{}B\u{2028}\n", start), "found 'B\\u{2028}'"),
        (
            "jutge_p18992",
            "4\nN\u{7}\u{202e} 4 3\n".to_string(),
            "line 2: expected a player, N or B, found 'N\\u{7}\\u{202e}'",
        ),
        ("jutge_p18992", "4\u{0}\n".to_string(), "line 1: the board size must be a whole number, found '4\\0'"),
    ];
    for (binary, input, fragment) in cases {
        for program in programs(binary) {
            let what = format!("{} < {}", program.display(), show(input.as_bytes(), 80));
            refused(&run_os(&program, &[], input.as_bytes()), fragment, &what);
        }
    }
}

/// `otello` with `args` and `input`.
fn otello(args: &[&OsStr], input: &[u8]) -> Output {
    run_os(Path::new(OTELLO), args, input)
}

#[test]
fn otello_refuses_arguments_that_are_not_utf8() {
    let bad = OsString::from_vec(b"\xff\x1b[2J".to_vec());
    for args in [vec![bad.as_os_str()], vec![OsStr::new("perft"), OsStr::new("1"), bad.as_os_str()]].iter() {
        let out = otello(args, b"");
        let n = args.len();
        refused(
            &out,
            &format!("error: argument {} is not UTF-8 text: '\u{fffd}\\u{{1b}}[2J'", n),
            &format!("{:?}", args),
        );
        assert!(out.stdout.is_empty(), "{:?}: stdout {}", args, show(&out.stdout, 300));
    }
}

#[test]
fn otello_shows_arguments_escaped() {
    let cases: &[(&[&str], &str)] = &[
        (&["a\nb\x1b[2J"], "unknown command 'a\\nb\\u{1b}[2J'"),
        (&["help", "\u{a0}x"], "no help for unknown command '\\u{a0}x'"),
        (&["perft", "--x\u{200b}"], "unknown option '--x\\u{200b}'"),
        (&["perft", "2", "\r3"], "unexpected '\\r3' after the depth"),
        (&["perft", "\u{feff}2"], "the depth must be a whole number, found '\\u{feff}2'"),
        (&["tournament", "x\n"], "unexpected 'x\\n'"),
        (&["play", "--human", "black\u{2028}"], "--human takes black or white, not 'black\\u{2028}'"),
        (&["match", "--black", "discs", "--white", "\x1b[31m"], "unknown heuristic '\\u{1b}[31m'"),
        (&["solve", "--ffo", "/nonexistent/a\nb\u{a0}"], "cannot read /nonexistent/a\\nb\\u{a0}: "),
    ];
    for &(args, fragment) in cases {
        let os: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
        refused(&otello(&os, b""), fragment, &format!("otello {:?}", args));
    }
}

#[test]
fn otello_play_refuses_input_that_is_not_utf8() {
    let cases: &[(&[u8], usize)] =
        &[(b"\xff\n", 1), (b"moves\n\xffe3\n", 2), (b"moves\r\xff", 2), (b"moves\r\n\r\n\xc3", 3), (b"\r\r\r\xff", 4)];
    for &(input, line) in cases {
        let out = otello(&[OsStr::new("play")], input);
        refused(&out, &format!("error: line {}: the input is not UTF-8 text", line), &show(input, 40));
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("Your move: "),
            "{}: no game before the error",
            show(input, 40)
        );
    }
}

#[test]
fn otello_play_reads_the_three_line_ends_alike() {
    let script = b"d3\n\nmoves\nzz\x1b\nc5\nquit\n";
    let outputs: Vec<Vec<u8>> = ENDS
        .iter()
        .map(|end| {
            let out =
                otello(&[OsStr::new("play"), OsStr::new("--depth"), OsStr::new("1")], &with_line_ends(script, end));
            assert_eq!(out.status.code(), Some(0), "line ends {}: stderr {}", show(end, 9), show(&out.stderr, 300));
            out.stdout
        })
        .collect();
    let text = String::from_utf8_lossy(&outputs[0]);
    assert!(text.contains("Your legal moves: ") && text.contains("The game stops here."), "{}", text);
    assert!(text.contains("'zz\\u{1b}' is not a square") && !text.contains('\u{1b}'), "{}", text);
    assert_eq!(text.matches("Your move: ").count(), 6, "one prompt per line read: {}", text);
    assert!(outputs[1] == outputs[0], "CRLF: {}", String::from_utf8_lossy(&outputs[1]));
    assert!(outputs[2] == outputs[0], "lone CR: {}", String::from_utf8_lossy(&outputs[2]));
}

#[test]
fn otello_solve_reads_the_three_line_ends_alike() {
    // Two endgames of two empty squares; a position without an id is named by its line.
    let board = format!("--{}{}", "X".repeat(31), "O".repeat(31));
    let input = format!("# two endgames\n{} X\n\n{} O\n", board, board);
    for end in ENDS.iter() {
        let args = [OsStr::new("solve"), OsStr::new("--format"), OsStr::new("plain")];
        let out = otello(&args, &with_line_ends(input.as_bytes(), end));
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "line ends {}: stderr {}", show(end, 9), show(&out.stderr, 300));
        let ids: Vec<&str> = stdout.lines().map(|l| l.split(' ').next().unwrap()).collect();
        assert_eq!(ids, vec!["2", "4"], "line ends {}: {}", show(end, 9), stdout);
    }
}
