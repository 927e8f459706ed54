//! A judge's limits: every cargo binary and every bundle under a 256 MB address-space
//! limit (`ulimit -v 262144`, as many judges set), the memory budget's variable, and
//! boards where nobody can move, which are answered at once whatever their size.
//!
//! - `counts_within_256_mb_<binary>`: 8×8 counts at 14 and 16 empty cells, Dumbothello
//!   5×5 at 12, 4×5 at 15 (13 million positions, by levels) and a 1×18 line answer
//!   exactly (as without the limit) under the limit; the B4254 bundle, which walks the
//!   general board keyed by every cell, an 8×8 count at 10.
//! - `hundred_megabytes_within_256_mb`: 100 MB inputs (one line of `.`, 50 million
//!   lines of `B`) are read and refused in one line naming where.
//! - `deep_lines_within_256_mb`: a Dumbothello line of 100,000 cells starts its count on
//!   a thread of its own, within the limit, and is still counting after a second; the
//!   bundle, which starts no thread, refuses it in one line.
//! - `boards_nobody_can_move_in`: a 316×316 empty board and a 1000×1000 board of 100,000
//!   empty cells, as cargo binaries and bundles.
//! - `memory_variable`: `OTHELLO_MEMORY` as small as 64K still gives exact counts; a
//!   malformed one is refused in one line.
//! - `jutge_boards_as_large_as_memory_allows`: Jutge boards are refused only when their
//!   cells do not fit the budget.
//! - `input_beyond_the_budget_is_refused`: a valid input made longer than the budget
//!   (`OTHELLO_MEMORY=1M`, 2 MB of line ends after it) is refused in one line by every
//!   binary and bundle and by `otello solve`, from stdin and `--ffo`.
//! - `judges_run_on_a_64_kib_stack`: every binary and bundle answers its samples under
//!   `ulimit -s 64`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::text::{programs, work_dir};
use crate::{exe, one_error_line, show};

/// The input file `name` under the work directory, holding `input`.
fn input_file(name: &str, input: &[u8]) -> PathBuf {
    let path = work_dir().join(name);
    fs::write(&path, input).unwrap();
    path
}

/// Runs `program < input` to its end, under a 256 MB address-space limit if `limited`,
/// with `env` set.
fn run_file(program: &Path, input: &Path, limited: bool, env: &[(&str, &str)]) -> Output {
    run_under(if limited { "ulimit -v 262144" } else { "true" }, program, &[], input, env)
}

/// Runs `program args < input` to its end after the shell command `limit` (a `ulimit`),
/// with `env` set.
fn run_under(limit: &str, program: &Path, args: &[&str], input: &Path, env: &[(&str, &str)]) -> Output {
    Command::new("sh")
        .args(["-c", &format!("{} && exec \"$0\" \"$@\"", limit)])
        .arg(program)
        .args(args)
        .stdin(fs::File::open(input).unwrap())
        .envs(env.iter().cloned())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("sh runs")
}

/// `input` gives the same answer to `program` under the limit as to the cargo binary
/// without it, exit 0 both.
fn same_under_limit(binary: &str, program: &Path, name: &str, input: &str) {
    let file = input_file(name, input.as_bytes());
    let free = run_file(Path::new(exe(binary)), &file, false, &[]);
    assert_eq!(free.status.code(), Some(0), "{} {}: stderr {}", binary, name, show(&free.stderr, 300));
    let limited = run_file(program, &file, true, &[]);
    let what = format!("{} < {} under 256 MB", program.display(), name);
    assert_eq!(limited.status.code(), Some(0), "{}: stderr {}", what, show(&limited.stderr, 300));
    assert_eq!(limited.stdout, free.stdout, "{}", what);
}

/// An 8×8 board of 10 empty cells (reached from FFO #40).
const TEN: &str = "W..WWWWB.WWWWWWBWWBBWWWBWWBWWBWBWBWBWBWBW..WBWBBW.WBBBWB.WBBB...";

/// An 8×8 B4254 input from 64 cells.
fn b4254(cells: &str) -> String {
    let rows: Vec<&str> = (0..8).map(|r| &cells[8 * r..8 * r + 8]).collect();
    format!("8\n{}\n", rows.join("\n"))
}

#[test]
fn counts_within_256_mb_b4254() {
    let ten = b4254(TEN);
    let fourteen = b4254("W..WWWWB.WWWWWWBWWBBWWWBWWBWWBWBWBWBWBWBB..WBWWB..BWWWWB...W....");
    let sixteen = b4254("BBBBBBBW.BBBBBBWBBBWBBBWBBBBBBWWBBBBBBWW...BBBWW....BB.W.....B..");
    let [cargo, bundle] = <[PathBuf; 2]>::try_from(programs("b4254")).unwrap();
    same_under_limit("b4254", &cargo, "b4254-14.in", &fourteen);
    same_under_limit("b4254", &cargo, "b4254-16.in", &sixteen);
    same_under_limit("b4254", &bundle, "b4254-10.in", &ten);
}

#[test]
fn counts_within_256_mb_dumbothello() {
    let twelve = "B . . . W\n. B W B .\n. W B W .\n. B W B .\nW . . . B\n";
    let line = format!("B {}W\n", ". ".repeat(16));
    let [cargo, bundle] = <[PathBuf; 2]>::try_from(programs("dumbothello")).unwrap();
    for program in [&cargo, &bundle] {
        same_under_limit("dumbothello", program, "dumbothello-5x5.in", twelve);
        same_under_limit("dumbothello", program, "dumbothello-1x18.in", &line);
    }
    // 13 million positions, which no depth-first table within the limit holds: the bundle
    // counts them by levels in seconds, where a depth-first walk takes minutes. The CPU
    // limit bounds the run against that walk (and a hang), with room for slow machines.
    let wide = input_file("dumbothello-4x5.in", b"W . . . W\n. . W . .\n. . . . .\nW . . . W\n");
    let free = run_file(Path::new(exe("dumbothello")), &wide, false, &[]);
    for program in [&cargo, &bundle] {
        let limited = run_under("ulimit -v 262144 && ulimit -t 120", program, &[], &wide, &[]);
        let what = format!("{} < dumbothello-4x5.in under 256 MB", program.display());
        assert_eq!(limited.status.code(), Some(0), "{}: stderr {}", what, show(&limited.stderr, 300));
        assert_eq!((limited.stdout, free.status.code()), (free.stdout.clone(), Some(0)), "{}", what);
    }
}

#[test]
fn hundred_megabytes_within_256_mb() {
    let dots = input_file("dots-100mb.in", &vec![b'.'; 100 << 20]);
    let rows = input_file("rows-100mb.in", &b"B\n".repeat(50 << 20));
    let jobs: Vec<_> = ["uva220", "jutge_p18992", "b4254", "dumbothello"]
        .iter()
        .flat_map(|&binary| programs(binary))
        .flat_map(|program| [(program.clone(), dots.clone()), (program, rows.clone())])
        .map(|(program, input)| thread::spawn(move || (run_file(&program, &input, true, &[]), program, input)))
        .collect();
    for job in jobs {
        let (out, program, input) = job.join().unwrap();
        let what = format!("{} < {} under 256 MB", program.display(), input.display());
        assert_eq!(out.status.code(), Some(2), "{}: stderr {}", what, show(&out.stderr, 300));
        assert!(one_error_line(&out.stderr), "{}: stderr {}", what, show(&out.stderr, 300));
        assert!(String::from_utf8_lossy(&out.stderr).contains("error: line "), "{}: {}", what, show(&out.stderr, 300));
    }
}

#[test]
fn deep_lines_within_256_mb() {
    let line = input_file("dumbothello-1x100000.in", format!("B {}W\n", ". ".repeat(99_998)).as_bytes());
    let [cargo, bundle] = <[PathBuf; 2]>::try_from(programs("dumbothello")).unwrap();
    // The cargo binary counts on a thread of its own.
    let mut child = Command::new("sh")
        .args(["-c", "ulimit -v 262144 && exec \"$0\" < \"$1\""])
        .arg(&cargo)
        .arg(&line)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(1) {
        if let Some(status) = child.try_wait().unwrap() {
            let out = child.wait_with_output().unwrap();
            panic!("{} ended with {}: {}", cargo.display(), status, show(&out.stderr, 300));
        }
        thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    // The bundle, which starts no thread, refuses a count deeper than its main stack holds.
    let out = run_file(&bundle, &line, true, &[]);
    let what = format!("{} < {} under 256 MB", bundle.display(), line.display());
    assert_eq!(out.status.code(), Some(2), "{}: stderr {}", what, show(&out.stderr, 300));
    assert!(one_error_line(&out.stderr), "{}: stderr {}", what, show(&out.stderr, 300));
    assert!(String::from_utf8_lossy(&out.stderr).contains("counts at most 1000"), "{}", what);
}

#[test]
fn boards_nobody_can_move_in() {
    let empty = format!("316\n{}", format!("{}\n", ".".repeat(316)).repeat(316));
    let white = format!(
        "1000\n{}{}",
        format!("{}\n", ".".repeat(1000)).repeat(100),
        format!("{}\n", "W".repeat(1000)).repeat(900)
    );
    let cases = [("b4254-316-empty.in", &empty, "0 0 1\n"), ("b4254-1000-white.in", &white, "0 1 0\n")];
    for &(name, input, expected) in cases.iter() {
        let file = input_file(name, input.as_bytes());
        for program in programs("b4254") {
            let out = run_file(&program, &file, false, &[]);
            let what = format!("{} < {}", program.display(), name);
            assert_eq!(out.status.code(), Some(0), "{}: stderr {}", what, show(&out.stderr, 300));
            assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{}", what);
        }
    }
}

#[test]
fn memory_variable() {
    let ten = b4254(TEN);
    let file = input_file("b4254-10-small-memory.in", ten.as_bytes());
    let free = run_file(Path::new(exe("b4254")), &file, false, &[]);
    for program in programs("b4254") {
        let small = run_file(&program, &file, false, &[("OTHELLO_MEMORY", "64K")]);
        assert_eq!(small.status.code(), Some(0), "{}: {}", program.display(), show(&small.stderr, 300));
        assert_eq!(small.stdout, free.stdout, "{} with 64K", program.display());
        for bad in ["lots", "0", "12X", "1\n2"] {
            let out = run_file(&program, &file, false, &[("OTHELLO_MEMORY", bad)]);
            let what = format!("{} with OTHELLO_MEMORY={:?}", program.display(), bad);
            assert_eq!(out.status.code(), Some(2), "{}: {}", what, show(&out.stderr, 300));
            assert!(one_error_line(&out.stderr), "{}: {}", what, show(&out.stderr, 300));
            assert!(String::from_utf8_lossy(&out.stderr).contains("OTHELLO_MEMORY"), "{}", what);
        }
    }
}

/// A Jutge board size to try: under the 256 MB limit or not, with which variables, and
/// the lines it prints (the board and its counts) or the error it gives.
struct JutgeSize {
    size: usize,
    limited: bool,
    env: &'static [(&'static str, &'static str)],
    refused: Option<&'static str>,
}

/// Jutge boards of any size whose cells fit the budget: 2000×2000 by default (beyond the
/// examples of the statement) and under the 256 MB limit, 1024×1024 within a 1M budget;
/// 1026×1026 over it is refused in one line, as is 30000×30000 under the limit.
#[test]
fn jutge_boards_as_large_as_memory_allows() {
    let small = &[("OTHELLO_MEMORY", "1M")];
    let cases = [
        JutgeSize { size: 2000, limited: true, env: &[], refused: None },
        JutgeSize { size: 1024, limited: false, env: small, refused: None },
        JutgeSize { size: 1026, limited: false, env: small, refused: Some("a 1026x1026 board does not fit in memory") },
        JutgeSize { size: 30000, limited: true, env: &[], refused: Some("a 30000x30000 board does not fit in memory") },
    ];
    for case in cases.iter() {
        let name = format!("jutge-{}.in", case.size);
        let file = input_file(&name, format!("{}\n", case.size).as_bytes());
        for program in programs("jutge_p18992") {
            let out = run_file(&program, &file, case.limited, case.env);
            let what = format!("{} < {}", program.display(), name);
            match case.refused {
                None => {
                    assert_eq!(out.status.code(), Some(0), "{}: {}", what, show(&out.stderr, 300));
                    let text = String::from_utf8_lossy(&out.stdout);
                    assert_eq!(text.lines().count(), case.size + 2, "{}", what);
                    assert!(text.ends_with("\n2:2\n\n") && text.starts_with(&".".repeat(case.size)), "{}", what);
                }
                Some(message) => {
                    assert_eq!(out.status.code(), Some(2), "{}", what);
                    assert_eq!(String::from_utf8_lossy(&out.stderr), format!("error: line 1: {}\n", message));
                }
            }
        }
    }
}

#[test]
fn input_beyond_the_budget_is_refused() {
    let small = &[("OTHELLO_MEMORY", "1M")];
    let refused = |out: &Output, what: &str| {
        assert_eq!(out.status.code(), Some(2), "{}: stderr {}", what, show(&out.stderr, 300));
        assert!(one_error_line(&out.stderr), "{}: stderr {}", what, show(&out.stderr, 300));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("the input does not fit in memory"), "{}: {}", what, stderr);
    };
    for binary in ["uva220", "jutge_p18992", "b4254", "dumbothello"] {
        let mut input = fs::read(crate::root().join("samples").join(binary).join("sample-1.in")).unwrap();
        input.resize(input.len() + (2 << 20), b'\n');
        let file = input_file(&format!("{}-2mb.in", binary), &input);
        for program in programs(binary) {
            assert_eq!(run_file(&program, &file, false, &[]).status.code(), Some(0), "{}", program.display());
            refused(&run_file(&program, &file, false, small), &format!("{} with 1M", program.display()));
        }
    }
    // FFO #40 seven plies on, 14 empty squares, as a line of `--ffo`.
    let mut ffo = b"1 OOXXXXXXXOXXXXXXOOXOXOOXOOXXOOXXOOXOOOXX-X-OOOOXX-O-O--X-------- O -38 B7\n".to_vec();
    ffo.resize(ffo.len() + (2 << 20), b'\n');
    let file = input_file("ffo-2mb.txt", &ffo);
    let otello = Path::new(env!("CARGO_BIN_EXE_otello"));
    let ffo_args = ["solve", "--ffo", file.to_str().unwrap()];
    for (args, input) in [(&["solve"][..], file.as_path()), (&ffo_args[..], Path::new("/dev/null"))] {
        let what = format!("otello {:?} < {}", args, input.display());
        assert_eq!(run_under("true", otello, args, input, &[]).status.code(), Some(0), "{}", what);
        refused(&run_under("true", otello, args, input, small), &format!("{} with 1M", what));
    }
}

#[test]
fn judges_run_on_a_64_kib_stack() {
    for binary in ["uva220", "jutge_p18992", "b4254", "dumbothello"] {
        for program in programs(binary) {
            let samples = crate::root().join("samples").join(binary);
            for n in 1..=3 {
                let input = samples.join(format!("sample-{}.in", n));
                if !input.exists() {
                    continue;
                }
                let out = run_under("ulimit -s 64", &program, &[], &input, &[]);
                let what = format!("{} < {} under ulimit -s 64", program.display(), input.display());
                assert_eq!(out.status.code(), Some(0), "{}: stderr {}", what, show(&out.stderr, 300));
                assert_eq!(out.stdout, fs::read(samples.join(format!("sample-{}.out", n))).unwrap(), "{}", what);
            }
        }
    }
}
