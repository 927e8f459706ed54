//! Malformed input, random input and closed pipes, for every judge binary.
//!
//! - `corpus_<binary>`: every `tests/malformed/<binary>/NAME.in` through the real binary
//!   (input on stdin): exit code and stderr fragments from `NAME.expect` (first line the
//!   exit code, every further line a fragment stderr must contain), stderr exactly one
//!   line.
//! - `big_input_<binary>`: 50 MB inputs generated here whose error is on a late line;
//!   exit 2 naming that line, within a few seconds.
//! - `absurd_sizes_are_refused_up_front`, `too_many_empty_cells_are_refused`,
//!   `bad_arguments`, `full_disk_is_exit_1`, `closed_stderr_keeps_the_exit_code`: sizes
//!   such as 10^9 refused before anything of that size is allocated (checked with a
//!   tracking allocator), the other ways to exit 2, exit 1 on a failed write, and both
//!   codes kept when stderr is closed.
//! - `fuzz_<binary>`: see `fuzz.rs`; prints how many inputs were valid and rejected.
//! - `closed_stdout_<binary>`: the reader of stdout goes away early; exit 0, silent.
//! - `limits.rs`: every binary and bundle under a 256 MB address-space limit, the memory
//!   budget's variable, and huge boards nobody can move in.
//! - `text.rs`: file names and arguments that are not UTF-8 or hold control and invisible
//!   characters, the three line ends, `otello`'s arguments and `play` input; the judges
//!   as cargo binaries and as compiled bundles.
//! - `ports.rs`: the hand-written ports in `submit/` (`uva220.cpp`, `b4254.cpp`,
//!   `dumbothello.py`) against the binaries: the corpus, fuzzed input, limits, failed
//!   writes.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use othello::core::board::{Board, Color};
use othello::core::error::Error;
use othello::core::rules::{Flanking, Rules};

mod fuzz;
#[cfg(unix)]
mod limits;
#[cfg(unix)]
mod ports;
#[path = "../common/process.rs"]
mod process;
#[path = "../common/rng.rs"]
mod rng;
#[cfg(unix)]
mod text;

pub use process::{reader, run, signal};

use rng::Rng;

// ---------------------------------------------------------------------------------------
// A tracking allocator: the largest single allocation made by a thread while it asks.

struct Tracking;

thread_local! {
    static TRACKING: Cell<bool> = const { Cell::new(false) };
    static LARGEST: Cell<usize> = const { Cell::new(0) };
}

fn note(size: usize) {
    let _ = TRACKING.try_with(|on| {
        if on.get() {
            let _ = LARGEST.try_with(|l| l.set(l.get().max(size)));
        }
    });
}

unsafe impl GlobalAlloc for Tracking {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        System.alloc(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(new_size);
        System.realloc(ptr, layout, new_size)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static ALLOCATOR: Tracking = Tracking;

/// Runs `f` and returns its result with the largest single allocation it made on this
/// thread.
fn largest_allocation<T, F: FnOnce() -> T>(f: F) -> (T, usize) {
    LARGEST.with(|l| l.set(0));
    TRACKING.with(|t| t.set(true));
    let result = f();
    TRACKING.with(|t| t.set(false));
    (result, LARGEST.with(|l| l.get()))
}

// ---------------------------------------------------------------------------------------
// The binaries, in process and as processes.

/// `solve` of one judge, writing to a `Vec`.
pub type Solve = fn(&str, &mut Vec<u8>) -> Result<(), Error>;

/// The judge binaries: name, executable, `solve`.
const BINARIES: &[(&str, &str, Solve)] = &[
    ("uva220", env!("CARGO_BIN_EXE_uva220"), othello::judges::uva220::solve::<Vec<u8>>),
    ("jutge_p18992", env!("CARGO_BIN_EXE_jutge_p18992"), othello::judges::jutge_p18992::solve::<Vec<u8>>),
    ("b4254", env!("CARGO_BIN_EXE_b4254"), othello::judges::b4254::solve::<Vec<u8>>),
    ("dumbothello", env!("CARGO_BIN_EXE_dumbothello"), othello::judges::dumbothello::solve::<Vec<u8>>),
];

/// The executable of `binary`.
pub fn exe(binary: &str) -> &'static str {
    BINARIES.iter().find(|b| b.0 == binary).unwrap_or_else(|| panic!("no binary {}", binary)).1
}

/// The `solve` of `binary`.
pub fn solver(binary: &str) -> Solve {
    BINARIES.iter().find(|b| b.0 == binary).unwrap_or_else(|| panic!("no binary {}", binary)).2
}

/// The root of the repository.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Whether `stderr` is exactly one line, `error: ...\n`.
pub fn one_error_line(stderr: &[u8]) -> bool {
    stderr.starts_with(b"error: ") && stderr.ends_with(b"\n") && stderr.iter().filter(|&&b| b == b'\n').count() == 1
}

/// `bytes` escaped, cut to `max` characters.
pub fn show(bytes: &[u8], max: usize) -> String {
    let s: String = bytes.iter().flat_map(|&b| std::ascii::escape_default(b)).map(char::from).collect();
    if s.len() > max {
        format!("{}... ({} bytes)", &s[..max], bytes.len())
    } else {
        format!("\"{}\"", s)
    }
}

// ---------------------------------------------------------------------------------------
// The corpus.

/// Every case of `tests/malformed/<binary>/` through the binary.
fn corpus(binary: &str) {
    let dir = root().join("tests/malformed").join(binary);
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {}", dir.display(), e))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let cases: Vec<&str> = names.iter().filter_map(|n| n.strip_suffix(".in")).collect();
    for n in &names {
        let stem = n.strip_suffix(".expect").or_else(|| n.strip_suffix(".in"));
        assert!(
            stem.map_or(false, |s| names.contains(&format!("{}.in", s)) && names.contains(&format!("{}.expect", s))),
            "{}/{}: every case needs NAME.in and NAME.expect",
            dir.display(),
            n
        );
    }
    assert!(cases.len() >= 15, "{}: only {} cases, want at least 15", dir.display(), cases.len());
    let mut failures = Vec::new();
    for name in &cases {
        let input = fs::read(dir.join(format!("{}.in", name))).unwrap();
        let expect = fs::read_to_string(dir.join(format!("{}.expect", name))).unwrap();
        let mut lines = expect.lines();
        let code: i32 = lines
            .next()
            .and_then(|l| l.trim().parse().ok())
            .unwrap_or_else(|| panic!("{}/{}.expect: the first line must be the exit code", binary, name));
        let fragments: Vec<&str> = lines.filter(|l| !l.is_empty()).collect();
        assert!(!fragments.is_empty(), "{}/{}.expect: no stderr fragment", binary, name);
        let out = match run(exe(binary), &[], input.clone(), Duration::from_secs(10)) {
            Ok(out) => out,
            Err(why) => {
                failures.push(format!("{}/{}: {}", binary, name, why));
                continue;
            }
        };
        let stderr = String::from_utf8_lossy(&out.stderr);
        let mut problems = Vec::new();
        if out.status.code() != Some(code) {
            problems.push(format!(
                "exit code {:?} (signal {:?}), expected {}",
                out.status.code(),
                signal(&out.status),
                code
            ));
        }
        for f in &fragments {
            if !stderr.contains(f) {
                problems.push(format!("stderr lacks {:?}", f));
            }
        }
        if code != 0 && !one_error_line(&out.stderr) {
            problems.push("stderr is not exactly one `error: ` line".to_string());
        }
        if !problems.is_empty() {
            failures.push(format!(
                "{}/{}: {}\n    input:  {}\n    stderr: {}",
                binary,
                name,
                problems.join("; "),
                show(&input, 200),
                show(&out.stderr, 300)
            ));
        }
    }
    let _ = writeln!(
        std::io::stderr(),
        "malformed corpus {:<12} {} cases, {} failing",
        binary,
        cases.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} {} corpus cases fail:\n{}",
        failures.len(),
        cases.len(),
        binary,
        failures.join("\n")
    );
}

#[test]
fn corpus_uva220() {
    corpus("uva220");
}

#[test]
fn corpus_jutge_p18992() {
    corpus("jutge_p18992");
}

#[test]
fn corpus_b4254() {
    corpus("b4254");
}

#[test]
fn corpus_dumbothello() {
    corpus("dumbothello");
}

// ---------------------------------------------------------------------------------------
// 50 MB inputs, generated here.

/// About 50 MB.
const BIG: usize = 50_000_000;

/// The standard 8×8 start as UVa 220 writes it.
const UVA_START: &str = "--------\n--------\n--------\n---WB---\n---BW---\n--------\n--------\n--------\n";

/// `head`, then blank lines of mixed whitespace up to about 50 MB, then `tail`; and the
/// line `tail` starts on.
fn after_whitespace(head: &str, tail: &str) -> (Vec<u8>, usize) {
    let mut v = Vec::with_capacity(BIG + head.len() + tail.len());
    v.extend_from_slice(head.as_bytes());
    while v.len() < BIG {
        v.extend_from_slice(b" \t \r\n\n   \n");
    }
    let line = 1 + v.iter().filter(|&&b| b == b'\n').count();
    v.extend_from_slice(tail.as_bytes());
    (v, line)
}

/// `n` rows of `n` cells (`BW...`, no empty cell), the last one a cell short, after
/// `head`.
fn board_one_cell_short(head: &str, n: usize) -> Vec<u8> {
    let row: Vec<u8> = (0..n).map(|i| if i % 2 == 0 { b'B' } else { b'W' }).collect();
    let mut v = Vec::with_capacity(head.len() + n * (n + 1));
    v.extend_from_slice(head.as_bytes());
    for r in 0..n {
        v.extend_from_slice(if r + 1 == n { &row[..n - 1] } else { &row });
        v.push(b'\n');
    }
    v
}

/// Each `(description, input, stderr fragment)` must exit 2 with that fragment.
fn big_inputs(binary: &str, cases: Vec<(String, Vec<u8>, String)>) {
    for (what, input, fragment) in cases {
        assert!(input.len() >= 45_000_000, "{}: the input is only {} bytes", what, input.len());
        let size = input.len();
        let out = run(exe(binary), &[], input, Duration::from_secs(60))
            .unwrap_or_else(|e| panic!("{} {}: {}", binary, what, e));
        let stderr = String::from_utf8_lossy(&out.stderr);
        let _ = writeln!(
            std::io::stderr(),
            "malformed big    {:<12} {} ({:.1} MB): exit {:?} in {:.2} s",
            binary,
            what,
            size as f64 / 1e6,
            out.status.code(),
            out.elapsed.as_secs_f64()
        );
        assert_eq!(out.status.code(), Some(2), "{} {}: stderr {:?}", binary, what, stderr);
        assert!(one_error_line(&out.stderr), "{} {}: stderr is not one error line: {:?}", binary, what, stderr);
        assert!(stderr.contains(&fragment), "{} {}: stderr {:?} lacks {:?}", binary, what, stderr, fragment);
    }
}

#[test]
fn big_input_uva220() {
    let head = format!("1\n{}B\nL\n", UVA_START);
    let (input, line) = after_whitespace(&head, "M99\n");
    let fragment = format!("error: line {}: game 1: M99 is off the board", line);
    big_inputs("uva220", vec![("50 MB of blank lines, then M99".to_string(), input, fragment)]);
}

#[test]
fn big_input_jutge_p18992() {
    let (input, line) = after_whitespace("8\nN 3 4\n", "B 9 3\n");
    let fragment = format!("error: line {}: the row of the move must be at most 8, found 9", line);
    big_inputs("jutge_p18992", vec![("50 MB of blank lines, then B 9 3".to_string(), input, fragment)]);
}

#[test]
fn big_input_b4254() {
    let n = 7000;
    let board = board_one_cell_short(&format!("{}\n", n), n);
    let fragment = format!("error: line {}: expected {} cells, found {}", n + 1, n, n - 1);
    let (blank, line) = after_whitespace("2\nBW\nW.\n", "xyz\n");
    let blank_fragment = format!("error: line {}: unexpected 'xyz' after the 2 rows of the board", line);
    big_inputs(
        "b4254",
        vec![
            (format!("a {}x{} board whose last row is a cell short", n, n), board, fragment),
            ("a 2x2 board, 50 MB of blank lines, then xyz".to_string(), blank, blank_fragment),
        ],
    );
}

#[test]
fn big_input_dumbothello() {
    let n = 7000;
    let board = board_one_cell_short("", n);
    let fragment = format!("error: line {}: expected {} cells, found {}", n, n, n - 1);
    let (blank, line) = after_whitespace("B W .\n", "B W x\n");
    let blank_fragment = format!("error: line {}: unexpected character 'x'", line);
    big_inputs(
        "dumbothello",
        vec![
            (format!("a {}x{} board whose last row is a cell short", n, n), board, fragment),
            ("a row, 50 MB of blank lines, then B W x".to_string(), blank, blank_fragment),
        ],
    );
}

// ---------------------------------------------------------------------------------------
// Absurd sizes, too many empty cells, bad arguments.

#[test]
fn absurd_sizes_are_refused_up_front() {
    let game = format!("{}B\nQ\n", UVA_START);
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "b4254",
            "1000000000\n....\n.WBW\n.BWB\n....\n".to_string(),
            "line 5: expected 1000000000 rows of the board, one per line, found 4",
        ),
        ("b4254", "1000000000\n".to_string(), "line 1: expected 1000000000 rows of the board, one per line, found 0"),
        (
            "b4254",
            "4294967295\nBW\nWB\n".to_string(),
            "line 3: expected 4294967295 rows of the board, one per line, found 2",
        ),
        ("b4254", "4294967296\nBW\nWB\n".to_string(), "line 1: the board size must be at most 4294967295"),
        (
            "jutge_p18992",
            "1000000000\nN 3 4\n".to_string(),
            "line 1: a 1000000000x1000000000 board does not fit in memory",
        ),
        (
            "jutge_p18992",
            "18446744073709551616\n".to_string(),
            "line 1: the board size must be at most 18446744073709551615",
        ),
        (
            "uva220",
            format!("1000000000\n{}", game),
            "line 11: expected row 1 of the board of game 2, found the end of the input",
        ),
        ("uva220", format!("18446744073709551615\n{}", game), "line 11: expected row 1 of the board of game 2"),
    ];
    for (binary, input, fragment) in cases {
        let (outcome, largest) = largest_allocation(|| fuzz::run_in_process(solver(binary), input.as_bytes()));
        match outcome {
            fuzz::Outcome::Rejected(ref m) if m.contains(fragment) => {}
            other => panic!("{} {:?}: expected an input error with {:?}, got {:?}", binary, input, fragment, other),
        }
        assert!(largest < 64 * 1024, "{} {:?}: allocated {} bytes at once", binary, input, largest);
        // And the same through the binary.
        let out = run(exe(binary), &[], input.clone().into_bytes(), Duration::from_secs(10)).unwrap();
        assert_eq!(out.status.code(), Some(2), "{} {:?}", binary, input);
        assert!(one_error_line(&out.stderr) && String::from_utf8_lossy(&out.stderr).contains(fragment));
    }
}

#[test]
fn too_many_empty_cells_are_refused() {
    // 317 * 317 = 100489 empty cells: no count of that ends, so it is refused at once.
    let n = 317;
    let row = ".".repeat(n);
    let rows: String = (0..n).map(|_| format!("{}\n", row)).collect();
    for &(binary, ref input) in [("b4254", format!("{}\n{}", n, rows)), ("dumbothello", rows.clone())].iter() {
        let out = run(exe(binary), &[], input.clone().into_bytes(), Duration::from_secs(20)).unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}: a {}x{} empty board: stderr {:?}", binary, n, n, stderr);
        assert!(one_error_line(&out.stderr) && stderr.contains("empty cells"), "{}: stderr {:?}", binary, stderr);
    }
}

#[test]
fn bad_arguments() {
    let missing = root().join("tests/malformed/no-such-file.in");
    let missing = missing.to_str().unwrap();
    let dir = root().join("tests/malformed");
    let dir = dir.to_str().unwrap();
    for &(binary, exe, _) in BINARIES {
        for &(ref args, fragment) in [
            (vec![missing], "error: cannot open "),
            (vec!["a", "b"], "error: at most one argument"),
            (vec![dir], "error: cannot read the input: "),
        ]
        .iter()
        {
            let out = run(exe, args, Vec::new(), Duration::from_secs(10)).unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{} {:?}: stderr {:?}", binary, args, stderr);
            assert!(
                one_error_line(&out.stderr) && stderr.contains(fragment),
                "{} {:?}: stderr {:?}",
                binary,
                args,
                stderr
            );
        }
    }
}

/// A write failure other than a closed pipe is exit code 1 with one line (Linux's
/// `/dev/full` fails every write).
#[test]
fn full_disk_is_exit_1() {
    let full = match fs::OpenOptions::new().write(true).open("/dev/full") {
        Ok(f) => f,
        Err(_) => return,
    };
    for &(binary, exe, _) in BINARIES {
        let sample = root().join("samples").join(binary).join("sample-1.in");
        let out =
            Command::new(exe).arg(&sample).stdout(full.try_clone().unwrap()).stderr(Stdio::piped()).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{}: stderr {:?}", binary, stderr);
        assert!(
            one_error_line(&out.stderr) && stderr.contains("error: cannot write the output: "),
            "{}: {:?}",
            binary,
            stderr
        );
    }
}

/// A closed stderr is no reason to panic (`eprintln!` would, exit code 101): a bad input
/// is still exit code 2 and a failed write 1, their error line lost. The reader of stderr
/// goes away before the binary has its input, so it always meets the closed pipe.
#[cfg(unix)]
#[test]
fn closed_stderr_keeps_the_exit_code() {
    let full = fs::OpenOptions::new().write(true).open("/dev/full").ok();
    for &(binary, exe, _) in BINARIES {
        let sample = fs::read(root().join("samples").join(binary).join("sample-1.in")).unwrap();
        // A lone `x` is bad input for every binary.
        let mut cases = vec![(b"x\n".to_vec(), Stdio::null(), 2)];
        if let Some(ref full) = full {
            cases.push((sample, Stdio::from(full.try_clone().unwrap()), 1));
        }
        for (input, stdout, code) in cases {
            let mut child =
                Command::new(exe).stdin(Stdio::piped()).stdout(stdout).stderr(Stdio::piped()).spawn().unwrap();
            drop(child.stderr.take());
            let mut stdin = child.stdin.take().unwrap();
            let _ = stdin.write_all(&input);
            drop(stdin);
            let status = child.wait().unwrap();
            assert_eq!(status.code(), Some(code), "{}: input {}, stderr closed", binary, show(&input, 40));
        }
    }
}

// ---------------------------------------------------------------------------------------
// Random inputs.

#[test]
fn fuzz_uva220() {
    fuzz::fuzz("uva220", solver("uva220"));
}

#[test]
fn fuzz_jutge_p18992() {
    fuzz::fuzz("jutge_p18992", solver("jutge_p18992"));
}

#[test]
fn fuzz_b4254() {
    fuzz::fuzz("b4254", solver("b4254"));
}

#[test]
fn fuzz_dumbothello() {
    fuzz::fuzz("dumbothello", solver("dumbothello"));
}

// ---------------------------------------------------------------------------------------
// Closed stdout.

/// Plays one random legal move under UVa 220's rule (a player without a move lets the
/// other one move), and returns it; `None` when neither can move.
fn random_move(board: &mut Board, player: &mut Color, rng: &mut Rng) -> Option<usize> {
    let mut mover = *player;
    let mut moves = Flanking::legal_moves(board, mover);
    if moves.is_empty() {
        mover = mover.opponent();
        moves = Flanking::legal_moves(board, mover);
    }
    if moves.is_empty() {
        return None;
    }
    let m = rng.pick(&moves);
    Flanking::play(board, mover, m).unwrap();
    *player = mover.opponent();
    Some(m)
}

/// `games` UVa 220 games from random positions, each with `commands` `L` and some moves.
pub fn uva220_games(games: usize, commands: usize, rng: &mut Rng) -> String {
    let mut s = format!("{}\n", games);
    for _ in 0..games {
        let mut board = Board::start(8);
        let mut player = Color::Black;
        for _ in 0..rng.below(40) {
            if random_move(&mut board, &mut player, rng).is_none() {
                break;
            }
        }
        for r in 0..8 {
            let row: String =
                (0..8).map(|c| othello::judges::uva220::ALPHABET.symbol(board.cell(board.index(r, c)))).collect();
            s.push_str(&row);
            s.push('\n');
        }
        s.push_str(if player == Color::Black { "B\n" } else { "W\n" });
        for _ in 0..commands {
            s.push_str("L\n");
            if rng.chance(50) {
                if let Some(m) = random_move(&mut board, &mut player, rng) {
                    let (r, c) = board.coords(m);
                    s.push_str(&format!("M{}{}\n", r + 1, c + 1));
                }
            }
        }
        s.push_str("Q\n");
    }
    s
}

/// A random complete game on an `n × n` board in Jutge's format.
pub fn jutge_game(n: usize, rng: &mut Rng) -> String {
    let mut s = format!("{}\n", n);
    let mut board = Board::start(n);
    let mut to_move = Color::Black;
    loop {
        let mut moves = Flanking::legal_moves(&board, to_move);
        if moves.is_empty() {
            to_move = to_move.opponent();
            moves = Flanking::legal_moves(&board, to_move);
        }
        if moves.is_empty() {
            return s;
        }
        let m = rng.pick(&moves);
        Flanking::play(&mut board, to_move, m).unwrap();
        let (r, c) = board.coords(m);
        s.push_str(&format!("{} {} {}\n", if to_move == Color::Black { "N" } else { "B" }, r + 1, c + 1));
        to_move = to_move.opponent();
    }
}

/// An 8×8 position `empties` empty cells from the end of a random game, in B4254's format.
fn b4254_endgame(empties: usize, rng: &mut Rng) -> String {
    loop {
        let mut board = Board::start(8);
        let mut player = Color::Black;
        while board.empties() > empties && random_move(&mut board, &mut player, rng).is_some() {}
        if board.empties() != empties {
            continue;
        }
        let mut s = "8\n".to_string();
        for r in 0..8 {
            let row: String =
                (0..8).map(|c| othello::judges::b4254::ALPHABET.symbol(board.cell(board.index(r, c)))).collect();
            s.push_str(&row);
            s.push('\n');
        }
        return s;
    }
}

/// A `rows × cols` Dumbothello board with `empties` empty cells, the rest random discs.
pub fn dumbothello_board(rows: usize, cols: usize, empties: usize, rng: &mut Rng) -> String {
    let mut cells: Vec<char> = (0..rows * cols)
        .map(|i| {
            if i < empties {
                '.'
            } else if rng.chance(50) {
                'B'
            } else {
                'W'
            }
        })
        .collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.below(i + 1));
    }
    let mut s = String::new();
    for r in 0..rows {
        let row: Vec<String> = cells[r * cols..(r + 1) * cols].iter().map(|c| c.to_string()).collect();
        s.push_str(&row.join(" "));
        s.push('\n');
    }
    s
}

/// Runs `binary < input`, reads one line of stdout (or none) and closes it; the binary
/// must exit 0 and print nothing on stderr.
fn closed_stdout(binary: &str, input: Vec<u8>, read_first_line: bool) {
    let start = Instant::now();
    let mut child =
        Command::new(exe(binary)).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let stderr = reader(child.stderr.take().unwrap());
    // Without a first line to read, stdout is closed before the binary even has its input.
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
        assert!(line.ends_with('\n') && line.len() > 1, "{}: first line {:?}", binary, line);
        // The reader, and with it the read end of the pipe, is dropped here.
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("{}: still running 30 s after its stdout was closed", binary);
        }
        thread::sleep(Duration::from_millis(2));
    };
    let _ = writer.join();
    let stderr = stderr.join().unwrap();
    let _ = writeln!(
        std::io::stderr(),
        "malformed closed {:<12} stdout closed after {}: exit {:?} after {:.2} s",
        binary,
        if read_first_line { "one line" } else { "nothing" },
        status.code(),
        start.elapsed().as_secs_f64()
    );
    assert_eq!(signal(&status), None, "{}: killed by a signal", binary);
    assert_eq!(status.code(), Some(0), "{}: stderr {:?}", binary, String::from_utf8_lossy(&stderr));
    assert!(stderr.is_empty(), "{}: stderr {:?}", binary, String::from_utf8_lossy(&stderr));
}

/// The output `binary` writes for `input`, in process (to size it against a pipe).
fn output_of(binary: &str, input: &str) -> Vec<u8> {
    let mut out = Vec::new();
    solver(binary)(input, &mut out).unwrap_or_else(|e| panic!("{}: the generated input is bad: {}", binary, e));
    out
}

#[test]
fn closed_stdout_uva220() {
    let input = uva220_games(2000, 30, &mut Rng::new(220));
    let written = output_of("uva220", &input).len();
    assert!(written > 1 << 20, "the output is only {} bytes", written);
    closed_stdout("uva220", input.into_bytes(), true);
}

#[test]
fn closed_stdout_jutge_p18992() {
    let input = jutge_game(50, &mut Rng::new(18992));
    let written = output_of("jutge_p18992", &input).len();
    assert!(written > 1 << 20, "the output is only {} bytes", written);
    closed_stdout("jutge_p18992", input.into_bytes(), true);
}

#[test]
fn closed_stdout_b4254() {
    let input = b4254_endgame(13, &mut Rng::new(4254));
    closed_stdout("b4254", input.into_bytes(), false);
}

#[test]
fn closed_stdout_dumbothello() {
    let input = dumbothello_board(4, 5, 12, &mut Rng::new(8));
    closed_stdout("dumbothello", input.into_bytes(), false);
}
