//! The ports in `submit/`: `uva220.cpp` and `b4254.cpp` (compiled here as the judges
//! compile them, `g++ -std=c++11 -O2`, with `-Wall -Wextra -Werror`) and `dumbothello.py`
//! (run with `python3`), against the cargo binaries they port. A port must give the same
//! stdout and exit code; where that is 2, exactly one `error: ` line with nothing raw
//! that is not printable, the same as the binary's where the input is ASCII, and else the
//! same but for how characters beyond ASCII are shown (the C++ files escape fewer).
//!
//! - `ports_corpus`: every case of `tests/malformed/<binary>/`, the line exactly the
//!   binary's.
//! - `ports_fuzz`: `fuzz.rs`'s inputs as processes ([`PROCESSES`] per C++ port,
//!   [`PYTHON_PROCESSES`] of `dumbothello.py`), against the binary's `solve` in process
//!   (which `fuzz.rs` holds to the binary); and `ports_fuzz_dumbothello_in_one_process`,
//!   [`IN_ONE_PROCESS`] more through `dumbothello.py`'s `count_outcomes`.
//! - `ports_edge_cases`: sizes and counts as the binaries read them, the vertical tab,
//!   escapes, a count of 2^63 games, bad arguments and file names.
//! - `ports_within_256_mb`: under a 256 MB address-space limit, 300 MB of `.` (and 100 MB
//!   on one line for the Python script), boards nobody can move in, counts and refusals,
//!   as the binaries under the same limit; counts deeper than 1,000 empty cells refused
//!   as the Rust files refuse them.
//! - `ports_write_failures`: `/dev/full` is exit 1 with one line, a closed stdout a quiet
//!   exit 0 (no SIGPIPE death), a closed stderr keeps the exit code.
//!
//! Without `g++` or `python3` these tests say so loudly and skip that port, unless
//! `OTHELLO_REQUIRE_TOOLS` is set: then they fail.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Once;
use std::thread;
use std::time::Duration;

use othello::core::error::Error;

use crate::fuzz::{self, Generator};
use crate::rng::Rng;
use crate::text::work_dir;
use crate::{exe, one_error_line, root, run, show, signal, solver};

/// Inputs per C++ port run as processes.
pub const PROCESSES: usize = 200;
/// Inputs run as Python processes, which take longer to start.
pub const PYTHON_PROCESSES: usize = 20;
/// Inputs through `dumbothello.py`'s `count_outcomes` in one Python process.
pub const IN_ONE_PROCESS: usize = 500;

/// A port: the binary it ports, and the command that runs it.
pub struct Port {
    pub binary: &'static str,
    pub command: Vec<String>,
}

impl Port {
    /// The port's name, as messages show it.
    fn name(&self) -> String {
        Path::new(self.command.last().unwrap()).file_name().unwrap().to_string_lossy().into_owned()
    }

    /// The program and its arguments, with `args` after them.
    fn argv<'a>(&'a self, args: &[&'a str]) -> (&'a str, Vec<&'a str>) {
        let rest = self.command[1..].iter().map(|s| s.as_str()).chain(args.iter().copied());
        (&self.command[0], rest.collect())
    }
}

/// Whether `program --version` runs.
fn runs(program: &str) -> bool {
    Command::new(program).arg("--version").output().map_or(false, |o| o.status.success())
}

/// `program` if it runs; else a loud note that `what` is skipped, or a failure where
/// `OTHELLO_REQUIRE_TOOLS` is set.
fn tool(program: &'static str, what: &str) -> Option<&'static str> {
    if runs(program) {
        return Some(program);
    }
    assert!(
        std::env::var_os("OTHELLO_REQUIRE_TOOLS").is_none(),
        "{} is required here (OTHELLO_REQUIRE_TOOLS is set) for {}",
        program,
        what
    );
    let _ = writeln!(std::io::stderr(), "\n*** SKIPPED {}: no {} here. ***\n", what, program);
    None
}

/// The compiled C++ port of `binary`.
fn cpp(binary: &str) -> PathBuf {
    work_dir().join(format!("port-{}", binary))
}

/// Compiles the C++ ports once per run, side by side.
fn compile_cpp(gpp: &'static str) {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let jobs: Vec<_> = ["uva220", "b4254"]
            .iter()
            .map(|&binary| {
                thread::spawn(move || {
                    let source = root().join("submit").join(format!("{}.cpp", binary));
                    let args = ["-std=c++11", "-O2", "-Wall", "-Wextra", "-Werror", "-o"];
                    let o = Command::new(gpp).args(args).arg(cpp(binary)).arg(&source).output().expect("g++ runs");
                    assert!(o.status.success(), "{}: {}", source.display(), String::from_utf8_lossy(&o.stderr));
                })
            })
            .collect();
        for j in jobs {
            j.join().expect("a C++ port compiles");
        }
    });
}

/// The ports whose tools are here, for the binaries `wanted`.
pub fn ports(wanted: &[&'static str]) -> Vec<Port> {
    let mut found = Vec::new();
    let cpp_wanted = wanted.iter().any(|&b| b != "dumbothello");
    if let Some(gpp) = if cpp_wanted { tool("g++", "the C++ ports") } else { None } {
        compile_cpp(gpp);
        for &binary in wanted.iter().filter(|&&b| b != "dumbothello") {
            found.push(Port { binary, command: vec![cpp(binary).display().to_string()] });
        }
    }
    if wanted.contains(&"dumbothello") {
        if let Some(python) = tool("python3", "submit/dumbothello.py") {
            let script = root().join("submit/dumbothello.py").display().to_string();
            found.push(Port { binary: "dumbothello", command: vec![python.to_string(), script] });
        }
    }
    found
}

/// Every port.
fn all_ports() -> Vec<Port> {
    ports(&["uva220", "b4254", "dumbothello"])
}

/// What a run left: exit code, stdout, stderr.
pub type Run = (Option<i32>, Vec<u8>, Vec<u8>);

/// What the cargo binary of `binary` gives for `input` on stdin, from its `solve` in
/// process (`fuzz.rs` checks that the binary gives the same).
fn in_process(binary: &str, input: &[u8]) -> Run {
    let mut out = Vec::new();
    let result = othello::judges::text(input.to_vec()).map_err(Error::from).and_then(|t| solver(binary)(&t, &mut out));
    match result {
        Ok(()) => (Some(0), out, Vec::new()),
        Err(e @ Error::Input(_)) => (Some(2), out, format!("error: {}\n", e).into_bytes()),
        Err(Error::Io(e)) => panic!("{}: a write to a Vec failed: {}", binary, e),
    }
}

/// `text` with every character beyond ASCII, and every `\u{..}` escape, made `?`: how
/// a line reads whichever way it shows such characters.
fn skeleton(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(ch) = rest.chars().next() {
        match rest.strip_prefix("\\u{").and_then(|r| r.find('}').map(|end| &r[end + 1..])) {
            Some(after) => {
                out.push('?');
                rest = after;
            }
            None => {
                out.push(if ch.is_ascii() { ch } else { '?' });
                rest = &rest[ch.len_utf8()..];
            }
        }
    }
    out
}

/// Whether the error lines `got` (a port's) and `want` (the binary's) agree for `input`:
/// equal if the input is ASCII, else equal as [`skeleton`]s.
fn same_line(got: &[u8], want: &[u8], input: &[u8]) -> bool {
    let (got, want) = (String::from_utf8_lossy(got), String::from_utf8_lossy(want));
    got == want || (!input.is_ascii() && skeleton(&got) == skeleton(&want))
}

/// Where the port's run (`status` as code and signal, `stdout`, `stderr`) differs from
/// `want`, the binary's, on `input`.
fn mismatch(got: (Option<i32>, Option<i32>, &[u8], &[u8]), want: &Run, input: &[u8]) -> Option<String> {
    let (code, sig, stdout, stderr) = got;
    let err = String::from_utf8_lossy(stderr);
    if let Some(s) = sig {
        return Some(format!("killed by signal {}; stderr {}", s, show(stderr, 300)));
    }
    if code != want.0 {
        return Some(format!("exit code {:?}, the binary's {:?}; stderr {}", code, want.0, show(stderr, 300)));
    }
    if stdout != &want.1[..] {
        return Some(format!("stdout {}, the binary's {}", show(stdout, 200), show(&want.1, 200)));
    }
    if code == Some(0) {
        return if stderr.is_empty() { None } else { Some(format!("exit 0 with stderr {}", show(stderr, 300))) };
    }
    let body = err.strip_suffix('\n').unwrap_or(&err);
    if !one_error_line(stderr) || body.chars().any(|c| c.is_control()) {
        return Some(format!("stderr is not one printable `error: ` line: {}", show(stderr, 300)));
    }
    if !same_line(stderr, &want.2, input) {
        return Some(format!("stderr {:?}, the binary's {:?}", err, String::from_utf8_lossy(&want.2)));
    }
    None
}

/// Runs `port args < input`.
fn run_port(port: &Port, args: &[&str], input: Vec<u8>) -> crate::process::Output {
    let (program, argv) = port.argv(args);
    run(program, &argv, input, Duration::from_secs(60)).unwrap_or_else(|e| panic!("{}: {}", port.name(), e))
}

/// Runs `port args < input` and the cargo binary on the same; the difference, if any.
fn compare(port: &Port, args: &[&str], input: &[u8]) -> Option<String> {
    let b = run(exe(port.binary), args, input.to_vec(), Duration::from_secs(60)).unwrap();
    let want = (b.status.code(), b.stdout, b.stderr);
    let o = run_port(port, args, input.to_vec());
    mismatch((o.status.code(), signal(&o.status), &o.stdout, &o.stderr), &want, input)
}

/// Fails listing `failures`, if any, of `what`.
fn none_of(failures: Vec<String>, what: &str) {
    assert!(failures.is_empty(), "{} {}:\n{}", failures.len(), what, failures.join("\n"));
}

#[test]
fn ports_corpus() {
    let mut failures = Vec::new();
    for port in all_ports() {
        let dir = root().join("tests/malformed").join(port.binary);
        let mut cases: Vec<PathBuf> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension() == Some("in".as_ref()))
            .collect();
        cases.sort();
        assert!(cases.len() >= 15, "{}: too few cases", dir.display());
        for case in &cases {
            let input = fs::read(case).unwrap();
            let b = run(exe(port.binary), &[], input.clone(), Duration::from_secs(60)).unwrap();
            let o = run_port(&port, &[], input);
            // Here the line is the binary's exactly, whatever the input.
            let same = o.stderr == b.stderr;
            let want = (b.status.code(), b.stdout, b.stderr);
            let why = mismatch((o.status.code(), signal(&o.status), &o.stdout, &o.stderr), &want, b"");
            if let Some(why) = why.or_else(|| if same { None } else { Some("stderr differs".to_string()) }) {
                failures.push(format!("{} < {}: {}", port.name(), case.display(), why));
            }
        }
    }
    none_of(failures, "corpus cases where a port differs from its binary");
}

#[test]
fn ports_fuzz() {
    let seed = fuzz::seed();
    let mut failures = Vec::new();
    for port in all_ports() {
        let mut gen = Generator::new(port.binary, seed ^ 0x0070_0E75);
        let count = if port.binary == "dumbothello" { PYTHON_PROCESSES } else { PROCESSES };
        for i in 0..count {
            let input = gen.next();
            let o = run_port(&port, &[], input.clone());
            let got = (o.status.code(), signal(&o.status), &o.stdout[..], &o.stderr[..]);
            if let Some(why) = mismatch(got, &in_process(port.binary, &input), &input) {
                let path = fuzz::keep(port.binary, "port", i, &input);
                failures.push(format!(
                    "{} input #{} (seed {}): {}\n    input: {}\n    saved: {}",
                    port.name(),
                    i,
                    seed,
                    why,
                    show(&input, 300),
                    path.display()
                ));
            }
        }
    }
    failures.truncate(10);
    none_of(failures, "fuzz inputs where a port differs from its binary (at most 10 shown)");
}

/// The script that feeds `dumbothello.py`'s `count_outcomes` every input on its stdin
/// (each a line with its length, then its bytes) and prints a line per input: `0` and
/// the tuple, `2` and the error line, or `X` and anything else raised.
const DRIVER: &str = "import sys\nsys.path.insert(0, sys.argv[1])\nimport dumbothello as d\nlines = []\n\
                      while True:\n    n = sys.stdin.buffer.readline()\n    if not n:\n        break\n\
                      \x20   data = sys.stdin.buffer.read(int(n))\n    try:\n        r = '0 %s' % (d.count_outcomes(data),)\n\
                      \x20   except d.InputError as e:\n        r = '2 error: %s' % e\n    except Exception as e:\n\
                      \x20       r = 'X %r' % e\n    lines.append(r)\n\
                      sys.stdout.buffer.write(''.join(l + '\\n' for l in lines).encode())\n";

#[test]
fn ports_fuzz_dumbothello_in_one_process() {
    let python = match tool("python3", "submit/dumbothello.py") {
        Some(p) => p,
        None => return,
    };
    let seed = fuzz::seed();
    let mut gen = Generator::new("dumbothello", seed ^ 0x00D0_0B07);
    let inputs: Vec<Vec<u8>> = (0..IN_ONE_PROCESS).map(|_| gen.next()).collect();
    let mut feed = Vec::new();
    for input in &inputs {
        feed.extend_from_slice(format!("{}\n", input.len()).as_bytes());
        feed.extend_from_slice(input);
    }
    let submit = root().join("submit").display().to_string();
    let out = run(python, &["-c", DRIVER, &submit], feed, Duration::from_secs(300)).unwrap();
    assert_eq!(out.status.code(), Some(0), "the driver: {}", show(&out.stderr, 2000));
    let answers: Vec<&[u8]> = out.stdout.split(|&b| b == b'\n').collect();
    assert_eq!(answers.len(), inputs.len() + 1, "one line per input");
    let mut failures = Vec::new();
    for (i, (input, got)) in inputs.iter().zip(answers).enumerate() {
        let (code, stdout, stderr) = in_process("dumbothello", input);
        let want = if code == Some(0) { [b"0 ", &stdout[..]].concat() } else { [b"2 ", &stderr[..]].concat() };
        let want = &want[..want.len() - 1];
        if !same_line(got, want, input) || !got.iter().all(|&b| b >= b' ') {
            let path = fuzz::keep("dumbothello", "py-in-process", i, input);
            failures.push(format!(
                "input #{} (seed {}): {}, the binary's {}\n    input: {}\n    saved: {}",
                i,
                seed,
                show(got, 200),
                show(want, 200),
                show(input, 300),
                path.display()
            ));
        }
    }
    failures.truncate(10);
    none_of(failures, "inputs where count_outcomes differs from the binary (at most 10 shown)");
}

/// UVa 220's standard start, its 8 rows.
const START: &str = "--------\n--------\n--------\n---WB---\n---BW---\n--------\n--------\n--------\n";

#[test]
fn ports_edge_cases() {
    let board = "....\n.WBW\n.BWB\n....\n";
    let game = format!("{}B\nL\nM35\nQ\n", START);
    let mut cases: Vec<(&str, String)> = Vec::new();
    let mut bytes: Vec<(&str, Vec<u8>)> = Vec::new();
    // Sizes and counts: whole words, a sign, no -0, no decimals, in range.
    for size in ["4x", "4.0", "4 4", "4e0", "+4", "04", "-0", "-00", "0", "+0", "-4", "4294967296", "1e3", "+", "-"] {
        cases.push(("b4254", format!("{}\n{}", size, board)));
    }
    cases.push(("b4254", format!("{}\n{}", "9".repeat(60), board)));
    for count in ["-0", "+1", "01", "1.0", "1x", "-1", "18446744073709551616", "99999999999999999999999999"] {
        cases.push(("uva220", format!("{}\n{}", count, game)));
    }
    // Counts beyond the games given: those given are played, then the end is met.
    for count in ["2", "9223372036854775808", "18446744073709551615"] {
        cases.push(("uva220", format!("{}\n{}", count, game)));
    }
    // The vertical tab is no blank: a cell, part of a word, a line that is not blank.
    cases.push(("b4254", format!("4\x0b\n{}", board)));
    cases.push(("b4254", format!("4\n..\x0b..\n{}", &board[5..])));
    cases.push(("b4254", format!("4\n....\n\x0b\n{}", &board[5..])));
    cases.push(("b4254", "2\n\x0b1 0\n1 0\n".to_string()));
    cases.push(("b4254", "2\n1\x0b0\n1 0\n".to_string()));
    cases.push(("uva220", format!("1\x0b\n{}", game)));
    cases.push(("uva220", format!("1\n{}B\nL\x0b\nQ\n", START)));
    cases.push(("uva220", format!("1\n---\x0bWB---\n{}", &game[9..])));
    cases.push(("dumbothello", "B\x0bW\n. .\n".to_string()));
    cases.push(("dumbothello", "B W\n\x0b\n. .\n".to_string()));
    // Escapes in what a message shows; line ends of every kind.
    cases.push(("b4254", "2\nB\x1b[2J\nWB\n".to_string()));
    cases.push(("b4254", "\x1b[31m2\nBW\nWB\n".to_string()));
    cases.push(("b4254", "2\nBW\nW.\n'\\\"\x7f\n".to_string()));
    cases.push(("b4254", "2\nB'\nWB\n".to_string()));
    cases.push(("b4254", "2\r\nB\\\r\nWB\r\n".to_string()));
    cases.push(("b4254", "2\rBW\r\rW\r".to_string()));
    cases.push(("uva220", format!("1\n{}B\nL\x1b[2J\n", START)));
    cases.push(("uva220", format!("1\n{}B\nM34\rM34\n", START)));
    cases.push(("dumbothello", "B W \x1b\n".to_string()));
    cases.push(("dumbothello", "B W .\r\n. . .\rW\\ \n".to_string()));
    // Beyond ASCII: shown as the binary shows it, or escaped.
    cases.push(("b4254", "2\n\u{a0}1 0\n1 0\n".to_string()));
    cases.push(("b4254", "2\nBé\nWB\n".to_string()));
    cases.push(("uva220", format!("1\n{}B\nLé\u{300}\u{200b}\n", START)));
    cases.push(("dumbothello", "B W\n\u{2028}W\n".to_string()));
    // Not UTF-8: refused before anything is written.
    bytes.push(("uva220", [game.as_bytes(), b"\xff"].concat()));
    bytes.push(("b4254", b"2\r\nBW\r\rW\xc3(\n".to_vec()));
    bytes.push(("dumbothello", b"B W\n\xed\xa0\x80\n".to_vec()));
    bytes.extend(cases.into_iter().map(|(binary, input)| (binary, input.into_bytes())));
    let mut failures = Vec::new();
    for port in all_ports() {
        for (_, input) in bytes.iter().filter(|c| c.0 == port.binary) {
            if let Some(why) = compare(&port, &[], input) {
                failures.push(format!("{} < {}: {}", port.name(), show(input, 120), why));
            }
        }
    }
    // The Python script's arguments and file names, as the binary takes them.
    let dir = root().join("tests/malformed");
    let missing = dir.join("no-such-file.in").display().to_string();
    let odd = work_dir().join("a\nb\x1b[2J\u{a0}c\u{200b}\u{feff}\u{2028}\t-missing.in").display().to_string();
    let present = work_dir().join("port \u{1b}é.in");
    fs::write(&present, "B W .\n").unwrap();
    let present = present.display().to_string();
    let dir = dir.display().to_string();
    let args: [&[&str]; 7] = [&[&missing], &[&odd], &[&dir], &["a", "b"], &["-x"], &["-"], &[&present]];
    for port in ports(&["dumbothello"]) {
        for args in args.iter() {
            if let Some(why) = compare(&port, args, b"B W\n") {
                failures.push(format!("{} {:?}: {}", port.name(), args, why));
            }
        }
    }
    none_of(failures, "cases where a port differs from its binary");
}

/// Runs `command < input` under a 256 MB address-space limit; what it left, and the
/// signal that ended it, if one did.
fn limited(command: &[&str], input: &Path) -> (Run, Option<i32>) {
    let o = Command::new("sh")
        .args(["-c", "ulimit -v 262144 && exec \"$@\" < \"$0\""])
        .arg(input)
        .args(command)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("sh runs");
    ((o.status.code(), o.stdout, o.stderr), signal(&o.status))
}

/// A file under the work directory holding `input`.
fn input_file(name: &str, input: &[u8]) -> PathBuf {
    let path = work_dir().join(name);
    fs::write(&path, input).unwrap();
    path
}

/// Cases under 256 MB: the binaries whose ports take `input`, and what the ports must
/// do: as the cargo binary under the same limit, and where `holding` is given, refuse
/// with it in their line; where `deep`, refuse with it exactly, as the Rust files do
/// (`limits.rs` runs them), where the cargo binaries start a count.
struct Limited {
    binaries: &'static [&'static str],
    name: &'static str,
    input: Vec<u8>,
    holding: Option<&'static str>,
    deep: bool,
}

#[test]
fn ports_within_256_mb() {
    let row = |n: usize, c: &str| format!("{}\n", c.repeat(n));
    let b4254 = |head: &str, rows: String| format!("{}{}", head, rows).into_bytes();
    let ten = "W..WWWWB\n.WWWWWWB\nWWBBWWWB\nWWBWWBWB\nWBWBWBWB\nWBWBW..W\nBWBBW.WB\nBBWB.WBB\n";
    let ten_of_25 = "B . . . W\nW B W B .\n. W B W B\n. B W B .\nW . . W B\n";
    let cases = vec![
        // The input does not fit: refused in one line.
        Limited {
            binaries: &["uva220", "b4254", "dumbothello"],
            name: "ports-dots-300mb.in",
            input: vec![b'.'; 300_000_000],
            holding: Some("error: the input does not fit in memory ("),
            deep: false,
        },
        Limited {
            binaries: &["dumbothello"],
            name: "ports-dots-100mb.in",
            input: vec![b'.'; 100 << 20],
            holding: Some("error: line 1: "),
            deep: false,
        },
        // Boards nobody can move in, answered at once.
        Limited {
            binaries: &["b4254"],
            name: "ports-b4254-300-empty.in",
            input: b4254("300\n", row(300, ".").repeat(300)),
            holding: None,
            deep: false,
        },
        Limited {
            binaries: &["dumbothello"],
            name: "ports-dumbothello-300-empty.in",
            input: row(300, ". ").repeat(300).into_bytes(),
            holding: None,
            deep: false,
        },
        Limited {
            binaries: &["b4254"],
            name: "ports-b4254-316-empty.in",
            input: b4254("316\n", row(316, ".").repeat(316)),
            holding: None,
            deep: false,
        },
        Limited {
            binaries: &["b4254"],
            name: "ports-b4254-1000-white.in",
            input: b4254("1000\n", row(1000, ".").repeat(100) + &row(1000, "W").repeat(900)),
            holding: None,
            deep: false,
        },
        Limited {
            binaries: &["dumbothello"],
            name: "ports-dumbothello-1000-black.in",
            input: (row(1000, ".").repeat(100) + &row(1000, "B").repeat(900)).into_bytes(),
            holding: None,
            deep: false,
        },
        // Counts.
        Limited {
            binaries: &["b4254"],
            name: "ports-b4254-10.in",
            input: b4254("8\n", ten.to_string()),
            holding: None,
            deep: false,
        },
        Limited {
            binaries: &["dumbothello"],
            name: "ports-dumbothello-5x5.in",
            input: ten_of_25.as_bytes().to_vec(),
            holding: None,
            deep: false,
        },
        Limited {
            binaries: &["dumbothello"],
            name: "ports-dumbothello-1x40.in",
            input: format!("B {}W {}B\n", ". ".repeat(19), ". ".repeat(18)).into_bytes(),
            holding: None,
            deep: false,
        },
        // Too many empty cells for any count; more than the Rust files count.
        Limited {
            binaries: &["b4254"],
            name: "ports-b4254-317-empty.in",
            input: b4254("317\n", row(317, ".").repeat(317)),
            holding: Some("error: the board has 100489 empty cells; counting takes at most 100000\n"),
            deep: false,
        },
        Limited {
            binaries: &["dumbothello"],
            name: "ports-dumbothello-317-empty.in",
            input: row(317, ".").repeat(317).into_bytes(),
            holding: Some("error: the board has 100489 empty cells; counting takes at most 100000\n"),
            deep: false,
        },
        Limited {
            binaries: &["dumbothello"],
            name: "ports-dumbothello-1x100000.in",
            input: format!("B {}W\n", ". ".repeat(99_998)).into_bytes(),
            holding: Some("error: the board has 99998 empty cells; this file counts at most 1000\n"),
            deep: true,
        },
        Limited {
            binaries: &["b4254"],
            name: "ports-b4254-1001-empty.in",
            input: format!("1003\nBW{}\n{}", ".".repeat(1001), row(1003, "B").repeat(1002)).into_bytes(),
            holding: Some("error: the board has 1001 empty cells; this file counts at most 1000\n"),
            deep: true,
        },
    ];
    let mut failures = Vec::new();
    for case in &cases {
        let ports = ports(case.binaries);
        if ports.is_empty() {
            continue;
        }
        let file = input_file(case.name, &case.input);
        for port in &ports {
            let argv: Vec<&str> = port.command.iter().map(|s| s.as_str()).collect();
            let (got, sig) = limited(&argv, &file);
            let what = format!("{} < {} under 256 MB", port.name(), case.name);
            if let Some(sig) = sig {
                failures.push(format!("{}: killed by signal {}; stderr {}", what, sig, show(&got.2, 200)));
                continue;
            }
            if case.deep {
                let line = case.holding.unwrap_or_default().as_bytes();
                if got.0 != Some(2) || !got.1.is_empty() || got.2 != line {
                    failures.push(format!("{}: exit {:?}, stderr {}", what, got.0, show(&got.2, 200)));
                }
                continue;
            }
            let program = exe(port.binary);
            let (want, _) = limited(&[program], &file);
            if let Some(holding) = case.holding {
                // Refused by both, the port in its own words where memory decides.
                let body = String::from_utf8_lossy(&got.2);
                let ok = got.0 == Some(2) && got.1.is_empty() && one_error_line(&got.2) && body.contains(holding);
                let want_ok = want.0 == Some(2) && String::from_utf8_lossy(&want.2).contains(holding);
                if !ok || !want_ok {
                    failures.push(format!(
                        "{}: exit {:?}, stderr {}; {} gives exit {:?}, stderr {}",
                        what,
                        got.0,
                        show(&got.2, 200),
                        program,
                        want.0,
                        show(&want.2, 200)
                    ));
                }
            } else if let Some(why) = mismatch((got.0, None, &got.1, &got.2), &want, b"") {
                failures.push(format!("{}: {}", what, why));
            }
        }
        let _ = fs::remove_file(&file);
    }
    none_of(failures, "cases under 256 MB where a port differs");
}

/// Runs `port < input` with stdout closed before it has its input, or after the first
/// line of its output is read; returns its exit code, signal and stderr.
fn closed_stdout(port: &Port, input: Vec<u8>, read_first_line: bool) -> (Option<i32>, Option<i32>, Vec<u8>) {
    let (program, args) = port.argv(&[]);
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let stderr = crate::reader(child.stderr.take().unwrap());
    let stdout = if read_first_line {
        Some(stdout)
    } else {
        drop(stdout);
        None
    };
    let mut stdin = child.stdin.take().unwrap();
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    if let Some(stdout) = stdout {
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        assert!(line.ends_with('\n'), "{}: first line {:?}", port.name(), line);
    }
    let status = child.wait().unwrap();
    let _ = writer.join();
    (status.code(), signal(&status), stderr.join().unwrap())
}

#[test]
fn ports_write_failures() {
    let mut failures = Vec::new();
    let full = fs::OpenOptions::new().write(true).open("/dev/full").ok();
    for port in all_ports() {
        let sample = fs::read(root().join("samples").join(port.binary).join("sample-1.in")).unwrap();
        let (program, args) = port.argv(&[]);
        // A full disk: exit 1, the binary's line.
        if let Some(ref full) = full {
            let run = |program: &str, args: &[&str]| {
                let mut child = Command::new(program)
                    .args(args)
                    .stdin(Stdio::piped())
                    .stdout(full.try_clone().unwrap())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap();
                child.stdin.take().unwrap().write_all(&sample).unwrap();
                child.wait_with_output().unwrap()
            };
            let (b, o) = (run(exe(port.binary), &[]), run(program, &args));
            if o.status.code() != Some(1) || o.stderr != b.stderr || b.status.code() != Some(1) {
                failures.push(format!(
                    "{} > /dev/full: exit {:?}, stderr {}; the binary's {:?}, {}",
                    port.name(),
                    o.status.code(),
                    show(&o.stderr, 200),
                    b.status.code(),
                    show(&b.stderr, 200)
                ));
            }
        }
        // A closed stdout: exit 0, quietly, before the output and in the middle of it.
        let mut cases = vec![(sample.clone(), false)];
        if port.binary == "uva220" {
            cases.push((crate::uva220_games(2000, 30, &mut Rng::new(220)).into_bytes(), true));
        }
        for (input, read_first_line) in cases {
            let (code, sig, stderr) = closed_stdout(&port, input, read_first_line);
            if code != Some(0) || sig.is_some() || !stderr.is_empty() {
                failures.push(format!(
                    "{} with stdout closed{}: exit {:?}, signal {:?}, stderr {}",
                    port.name(),
                    if read_first_line { " after a line" } else { "" },
                    code,
                    sig,
                    show(&stderr, 300)
                ));
            }
        }
        // A closed stderr: bad input is still exit 2, a failed write 1.
        let mut cases = vec![(b"x\n".to_vec(), Stdio::null(), 2)];
        if let Some(ref full) = full {
            cases.push((sample, Stdio::from(full.try_clone().unwrap()), 1));
        }
        for (input, stdout, want) in cases {
            let mut child = Command::new(program)
                .args(&args)
                .stdin(Stdio::piped())
                .stdout(stdout)
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            drop(child.stderr.take());
            let mut stdin = child.stdin.take().unwrap();
            let _ = stdin.write_all(&input);
            drop(stdin);
            let status = child.wait().unwrap();
            if status.code() != Some(want) {
                failures.push(format!("{} with stderr closed: exit {:?}, want {}", port.name(), status.code(), want));
            }
        }
    }
    none_of(failures, "write failures a port meets otherwise than its binary");
}
