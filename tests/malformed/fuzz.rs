//! Random and mutated inputs: a seeded PRNG, the mutations, and the two fuzz loops (in
//! process under `catch_unwind` with a time bound, and as real processes).
//!
//! Every input starts from a valid case (`samples/<binary>/*.in`, `tests/judge/<binary>/`
//! without the `err-*` ones) and goes through one to three mutations, or is a soup of
//! random tokens. The counting judges (`b4254`, `dumbothello`) count every move sequence,
//! which is exponential in the empty cells: their inputs are redrawn until they have at
//! most [`MAX_EMPTIES`] empty cells (`.` or `-1`).
//!
//! `MALFORMED_SEED=<n>` replays another run; every failure names the seed and leaves its
//! input in `$CARGO_TARGET_TMPDIR/malformed/`.

use std::fs;
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use othello::core::error::Error;

use crate::rng::Rng;
use crate::{exe, root, run, show, Solve};

/// Random inputs run in process, per binary (`MALFORMED_COUNT` overrides it).
pub const IN_PROCESS: usize = 10_000;

/// How many inputs to run in process: [`IN_PROCESS`] unless `MALFORMED_COUNT` says.
pub fn in_process_count() -> usize {
    match std::env::var("MALFORMED_COUNT") {
        Ok(s) => s.trim().parse().unwrap_or_else(|_| panic!("MALFORMED_COUNT must be a number, found {:?}", s)),
        Err(_) => IN_PROCESS,
    }
}
/// Random inputs run as real processes, per binary.
pub const PROCESSES: usize = 300;
/// The longest one input may take in process before it is taken for a hang: inputs of
/// at most [`MAX_EMPTIES`] empty cells take milliseconds.
pub const LIMIT: Duration = Duration::from_secs(60);
/// The most empty cells an input of a counting judge may have.
pub const MAX_EMPTIES: usize = 10;

/// The seed of this run: `MALFORMED_SEED` if set, else a fixed one.
pub fn seed() -> u64 {
    match std::env::var("MALFORMED_SEED") {
        Ok(s) => s.trim().parse().unwrap_or_else(|_| panic!("MALFORMED_SEED must be a number, found {:?}", s)),
        Err(_) => 0x0dd_5eed_2200,
    }
}

/// Bytes that mean something to one judge or another, for flips and insertions.
const INTERESTING: &[u8] = b".-BWNLMQ0123456789 \n\t\r+#\xff\x00\x0b";

/// Tokens every judge gets in its dictionary.
const COMMON: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "3",
    "4",
    "8",
    "9",
    "-0",
    "+1",
    "10",
    "1000",
    "1001",
    "1000000000",
    "4294967296",
    "99999999999999999999999",
    "x",
    "é",
    "\u{feff}",
    "1.5",
    "--",
];

/// The valid inputs of `binary`: its samples and its generated judge cases.
pub fn seeds(binary: &str) -> Vec<Vec<u8>> {
    let mut files = Vec::new();
    for dir in [root().join("samples").join(binary), root().join("tests/judge").join(binary)].iter() {
        for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {}", dir.display(), e)) {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.ends_with(".in") && !name.starts_with("err-") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() >= 2, "too few valid cases for {}", binary);
    files.iter().map(|p| fs::read(p).unwrap()).collect()
}

/// The tokens of `binary`'s own format.
fn dictionary(binary: &str) -> &'static [&'static str] {
    match binary {
        "uva220" => &[
            "B",
            "W",
            "L",
            "Q",
            "M34",
            "M35",
            "M43",
            "M99",
            "M00",
            "M3",
            "M345",
            "--------",
            "-------",
            "---------",
            "---WB---",
            "---BW---",
            "BBBBBBBB",
            "WWWWWWWW",
            "--B-W---",
        ],
        "jutge_p18992" => &["N", "B", "4", "6", "8", "12", "20", "3", "5", "-3", "N 3 4", "B 3 3", "N 4 3"],
        "b4254" => &[".", "B", "W", "BW", "W.", ".WBW", "....", "WWWW", "B W . B", "-1", "1 0", "-1 -1", "0 1 -1"],
        _ => &[".", "B", "W", ". . W W", "B W", "W B .", "BWBW", "B\tW"],
    }
}

/// Whether an input of `binary` is cheap enough to count (see the module header).
pub fn affordable(binary: &str, input: &[u8]) -> bool {
    if binary != "b4254" && binary != "dumbothello" {
        return true;
    }
    let dots = input.iter().filter(|&&b| b == b'.').count();
    let minus_ones = input.windows(2).filter(|w| w == b"-1").count();
    dots + minus_ones <= MAX_EMPTIES
}

/// Draws inputs for one binary.
pub struct Generator {
    binary: &'static str,
    seeds: Vec<Vec<u8>>,
    rng: Rng,
}

impl Generator {
    pub fn new(binary: &'static str, seed: u64) -> Generator {
        Generator { binary, seeds: seeds(binary), rng: Rng::new(seed) }
    }

    /// The next input: a mutant of a valid case, or now and then a token soup or a
    /// freshly generated valid input (mutated once half of the time).
    pub fn next(&mut self) -> Vec<u8> {
        for _ in 0..10_000 {
            let dice = self.rng.below(100);
            let input = if dice < 12 {
                self.soup()
            } else if dice < 30 {
                let v = self.fresh();
                if self.rng.chance(50) {
                    self.mutate(v)
                } else {
                    v
                }
            } else {
                let seed = self.seeds[self.rng.below(self.seeds.len())].clone();
                let mut v = seed;
                for _ in 0..1 + self.rng.below(3) {
                    v = self.mutate(v);
                }
                v
            };
            if affordable(self.binary, &input) {
                return input;
            }
        }
        panic!("no affordable input for {} after 10000 draws", self.binary);
    }

    /// A new valid input: random games, random small boards in every alphabet.
    fn fresh(&mut self) -> Vec<u8> {
        let r = &mut self.rng;
        match self.binary {
            "uva220" => {
                let (games, commands) = (1 + r.below(3), r.below(12));
                crate::uva220_games(games, commands, r).into_bytes()
            }
            "jutge_p18992" => {
                let n = r.pick(&[4, 4, 6, 6, 8, 10]);
                let game = crate::jutge_game(n, r);
                // A prefix of the game: the first k moves.
                let lines: Vec<&str> = game.lines().collect();
                let k = 1 + r.below(lines.len());
                lines[..k].iter().map(|l| format!("{}\n", l)).collect::<String>().into_bytes()
            }
            "b4254" => {
                let n = 1 + r.below(6);
                let empties = r.below(MAX_EMPTIES.min(n * n) + 1);
                let cells = random_cells(n * n, empties, r);
                let style = r.below(3);
                let mut s = format!("{}\n", n);
                for row in cells.chunks(n) {
                    let words: Vec<&str> = row
                        .iter()
                        .map(|&c| match (style, c) {
                            (2, '.') => "-1",
                            (2, 'B') => "1",
                            (2, _) => "0",
                            (_, '.') => ".",
                            (_, 'B') => "B",
                            _ => "W",
                        })
                        .collect();
                    s.push_str(&words.join(if style == 0 { "" } else { " " }));
                    s.push('\n');
                }
                s.into_bytes()
            }
            _ => {
                let (rows, cols) = (1 + r.below(5), 1 + r.below(6));
                let empties = r.below(MAX_EMPTIES.min(rows * cols) + 1);
                crate::dumbothello_board(rows, cols, empties, r).into_bytes()
            }
        }
    }

    /// A random token: from the dictionaries, or random bytes.
    fn token(&mut self) -> Vec<u8> {
        match self.rng.below(3) {
            0 => self.rng.pick(COMMON).as_bytes().to_vec(),
            1 => self.rng.pick(dictionary(self.binary)).as_bytes().to_vec(),
            _ => (0..1 + self.rng.below(8))
                .map(|_| {
                    if self.rng.chance(70) {
                        self.rng.pick(b".-BWNLMQ0123456789+")
                    } else {
                        self.rng.next_u64() as u8
                    }
                })
                .collect(),
        }
    }

    /// Whitespace between tokens.
    fn separator(&mut self) -> &'static [u8] {
        self.rng.pick(&[b" " as &[u8], b"\n", b"\n", b"\t", b"\r\n", b"  ", b"\n\n"])
    }

    /// A soup of random tokens.
    fn soup(&mut self) -> Vec<u8> {
        let mut v = Vec::new();
        for _ in 0..self.rng.below(40) {
            let t = self.token();
            v.extend_from_slice(&t);
            let s = self.separator();
            v.extend_from_slice(s);
        }
        v
    }

    /// A byte worth flipping to or inserting.
    fn byte(&mut self) -> u8 {
        if self.rng.chance(80) {
            self.rng.pick(INTERESTING)
        } else {
            self.rng.next_u64() as u8
        }
    }

    /// One mutation of `v`.
    fn mutate(&mut self, mut v: Vec<u8>) -> Vec<u8> {
        let tokens = spans(&v, |b| b.is_ascii_whitespace());
        let lines = spans(&v, |b| b == b'\n');
        match self.rng.below(15) {
            // Truncations: anywhere, or at the end of a line or a token.
            0 => {
                let at = self.rng.below(v.len() + 1);
                v.truncate(at);
            }
            1 if !lines.is_empty() => {
                let (_, end) = lines[self.rng.below(lines.len())];
                v.truncate(end);
            }
            2 if !tokens.is_empty() => {
                let (start, end) = tokens[self.rng.below(tokens.len())];
                let at = start + self.rng.below(end - start + 1);
                v.truncate(at);
            }
            // Byte flips, insertions, deletions.
            3 if !v.is_empty() => {
                let at = self.rng.below(v.len());
                v[at] = if self.rng.chance(30) { v[at] ^ (1 << self.rng.below(8)) } else { self.byte() };
            }
            4 => {
                let at = self.rng.below(v.len() + 1);
                let b = self.byte();
                v.insert(at, b);
            }
            5 if !v.is_empty() => {
                let at = self.rng.below(v.len());
                let end = (at + 1 + self.rng.below(4)).min(v.len());
                v.drain(at..end);
            }
            // Token swaps, duplications, deletions, replacements, insertions.
            6 if tokens.len() >= 2 => {
                let (a, b) = (self.rng.below(tokens.len()), self.rng.below(tokens.len()));
                v = swap(&v, tokens[a.min(b)], tokens[a.max(b)]);
            }
            7 if !tokens.is_empty() => {
                let (start, end) = tokens[self.rng.below(tokens.len())];
                let copy = v[start..end].to_vec();
                let sep = self.separator();
                let mut piece = sep.to_vec();
                piece.extend_from_slice(&copy);
                v.splice(end..end, piece);
            }
            8 if !tokens.is_empty() => {
                let (start, end) = tokens[self.rng.below(tokens.len())];
                v.drain(start..end);
            }
            9 if !tokens.is_empty() => {
                let (start, end) = tokens[self.rng.below(tokens.len())];
                let t = self.token();
                v.splice(start..end, t);
            }
            10 => {
                let at = match tokens.len() {
                    0 => 0,
                    n => tokens[self.rng.below(n)].1,
                };
                let mut piece = self.separator().to_vec();
                piece.extend_from_slice(&self.token());
                v.splice(at..at, piece);
            }
            // A number nudged: +-1, zero, negative, huge.
            11 => {
                let numbers: Vec<(usize, usize)> =
                    tokens.iter().cloned().filter(|&(s, e)| v[s..e].iter().all(|b| b.is_ascii_digit())).collect();
                if !numbers.is_empty() {
                    let (start, end) = numbers[self.rng.below(numbers.len())];
                    let n: u64 = std::str::from_utf8(&v[start..end]).unwrap().parse().unwrap_or(u64::MAX);
                    let new = match self.rng.below(6) {
                        0 => n.saturating_add(1).to_string(),
                        1 => n.saturating_sub(1).to_string(),
                        2 => "0".to_string(),
                        3 => format!("-{}", n),
                        4 => format!("+{}", n),
                        _ => "1000000000".to_string(),
                    };
                    v.splice(start..end, new.into_bytes());
                }
            }
            // Whole lines duplicated, deleted, swapped.
            12 if !lines.is_empty() => {
                let (start, end) = lines[self.rng.below(lines.len())];
                let mut copy = v[start..end].to_vec();
                copy.push(b'\n');
                let at = lines[self.rng.below(lines.len())].0;
                v.splice(at..at, copy);
            }
            13 if !lines.is_empty() => {
                let (start, end) = lines[self.rng.below(lines.len())];
                v.drain(start..(end + 1).min(v.len()));
            }
            14 if lines.len() >= 2 => {
                let (a, b) = (self.rng.below(lines.len()), self.rng.below(lines.len()));
                v = swap(&v, lines[a.min(b)], lines[a.max(b)]);
            }
            _ => {}
        }
        v
    }
}

/// `len` cells of which `empties` are `.`, the others `B` or `W`, shuffled.
fn random_cells(len: usize, empties: usize, r: &mut Rng) -> Vec<char> {
    let mut cells: Vec<char> = (0..len)
        .map(|i| {
            if i < empties {
                '.'
            } else if r.chance(50) {
                'B'
            } else {
                'W'
            }
        })
        .collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, r.below(i + 1));
    }
    cells
}

/// The maximal runs of bytes that are not separators, as `(start, end)`.
fn spans<F: Fn(u8) -> bool>(v: &[u8], separator: F) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, &b) in v.iter().enumerate() {
        match (separator(b), start) {
            (true, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, v.len()));
    }
    out
}

/// `v` with the non-overlapping spans `a` (first) and `b` exchanged.
fn swap(v: &[u8], a: (usize, usize), b: (usize, usize)) -> Vec<u8> {
    if a == b {
        return v.to_vec();
    }
    let mut out = Vec::with_capacity(v.len());
    out.extend_from_slice(&v[..a.0]);
    out.extend_from_slice(&v[b.0..b.1]);
    out.extend_from_slice(&v[a.1..b.0]);
    out.extend_from_slice(&v[a.0..a.1]);
    out.extend_from_slice(&v[b.1..]);
    out
}

/// What one in-process run came to.
#[derive(Debug)]
pub enum Outcome {
    /// `Ok`: exit code 0.
    Valid,
    /// `Err(Error::Input)`: exit code 2, with the message.
    Rejected(String),
    /// Anything that must not happen, described.
    Failure(String),
}

/// Runs `solve` on `input` as the binary would (the bytes must be UTF-8 first), catching
/// panics, and checks the error it returns.
pub fn run_in_process(solve: Solve, input: &[u8]) -> Outcome {
    // Line ends: `\n`, `\r\n` and a lone `\r` are one each.
    let lone_crs = input.windows(2).filter(|w| w[0] == b'\r' && w[1] != b'\n').count();
    let lines = 1 + input.iter().filter(|&&b| b == b'\n').count() + lone_crs + (input.last() == Some(&b'\r')) as usize;
    let result = catch_unwind(AssertUnwindSafe(|| -> Result<(), Error> {
        let text = othello::judges::text(input.to_vec())?;
        let mut out = Vec::new();
        solve(&text, &mut out)
    }));
    match result {
        Ok(Ok(())) => Outcome::Valid,
        Ok(Err(Error::Input(e))) => {
            let message = e.to_string();
            if message.is_empty() || message.contains('\n') {
                Outcome::Failure(format!("error message is not one line: {:?}", message))
            } else if message.chars().any(|c| c.is_control()) {
                Outcome::Failure(format!("error message holds a control character: {:?}", message))
            } else if e.line.map_or(false, |l| l == 0 || l > lines) {
                Outcome::Failure(format!("error names line {:?} of an input of {} lines: {}", e.line, lines, message))
            } else {
                Outcome::Rejected(message)
            }
        }
        Ok(Err(Error::Io(e))) => Outcome::Failure(format!("Error::Io writing to a Vec: {}", e)),
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "(no message)".to_string());
            Outcome::Failure(format!("panic: {}", what))
        }
    }
}

/// Writes a failing input where it can be replayed, and returns the path.
pub fn keep(binary: &str, what: &str, index: usize, input: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("malformed");
    let _ = fs::create_dir_all(&dir);
    let path = dir.join(format!("{}-{}-{}.in", binary, what, index));
    let _ = fs::write(&path, input);
    path
}

/// Counts of one fuzz run.
#[derive(Default)]
pub struct Tally {
    pub valid: usize,
    pub rejected: usize,
    /// The slowest input and its time.
    pub slowest: (Duration, usize),
}

enum Msg {
    Start(usize, Vec<u8>),
    Done(usize, Outcome),
    End,
}

/// [`IN_PROCESS`] inputs through `solve` on a worker thread, each within [`LIMIT`].
/// Returns the tally and the failures (at most 10 described).
pub fn fuzz_in_process(binary: &'static str, solve: Solve, seed: u64) -> (Tally, Vec<String>) {
    let count = in_process_count();
    let (tx, rx) = mpsc::channel();
    let worker = thread::Builder::new()
        .name(format!("fuzz-{}", binary))
        .spawn(move || {
            let mut gen = Generator::new(binary, seed);
            for i in 0..count {
                let input = gen.next();
                if tx.send(Msg::Start(i, input.clone())).is_err() {
                    return;
                }
                let outcome = run_in_process(solve, &input);
                if tx.send(Msg::Done(i, outcome)).is_err() {
                    return;
                }
            }
            let _ = tx.send(Msg::End);
        })
        .unwrap();
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    let mut current: Option<(usize, Vec<u8>)> = None;
    let mut started = Instant::now();
    loop {
        match rx.recv_timeout(LIMIT) {
            Ok(Msg::Start(i, input)) => {
                current = Some((i, input));
                started = Instant::now();
            }
            Ok(Msg::Done(i, outcome)) => {
                tally.slowest = tally.slowest.max((started.elapsed(), i));
                match outcome {
                    Outcome::Valid => tally.valid += 1,
                    Outcome::Rejected(_) => tally.rejected += 1,
                    Outcome::Failure(why) => {
                        let input = current.take().map(|c| c.1).unwrap_or_default();
                        let path = keep(binary, "in-process", i, &input);
                        if failures.len() < 10 {
                            failures.push(format!(
                                "{} input #{} (seed {}): {}\n    input: {}\n    saved: {}",
                                binary,
                                i,
                                seed,
                                why,
                                show(&input, 300),
                                path.display()
                            ));
                        } else {
                            failures.push(String::new());
                        }
                    }
                }
            }
            Ok(Msg::End) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let (i, input) = current.take().unwrap_or((usize::MAX, Vec::new()));
                let path = keep(binary, "slow", i, &input);
                failures.push(format!(
                    "{} input #{} (seed {}) took more than {:?} in process (left running)\n    input: {}\n    saved: {}",
                    binary, i, seed, LIMIT, show(&input, 300), path.display()
                ));
                return (tally, failures);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                failures.push(format!("{}: the fuzz worker died (seed {})", binary, seed));
                return (tally, failures);
            }
        }
    }
    worker.join().unwrap();
    (tally, failures)
}

/// [`PROCESSES`] inputs through the real binary: exit code 0 or 2 and never a signal,
/// the exit code the in-process run predicts, an empty stderr on 0 and exactly one
/// `error: ` line on 2.
pub fn fuzz_processes(binary: &'static str, solve: Solve, seed: u64) -> (Tally, Vec<String>) {
    let mut gen = Generator::new(binary, seed ^ 0x005E_ED0F_9A0C_E55E);
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    for i in 0..PROCESSES {
        let input = gen.next();
        let expected = match run_in_process(solve, &input) {
            Outcome::Valid => Some(0),
            Outcome::Rejected(_) => Some(2),
            Outcome::Failure(_) => None,
        };
        let problem = match run(exe(binary), &[], input.clone(), LIMIT) {
            Err(why) => Some(why),
            Ok(out) => {
                let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
                let problem = match (out.status.code(), crate::signal(&out.status)) {
                    (_, Some(sig)) => Some(format!("killed by signal {}", sig)),
                    (Some(0), _) if !out.stderr.is_empty() => Some(format!("exit 0 with stderr {:?}", stderr)),
                    (Some(0), _) => {
                        tally.valid += 1;
                        None
                    }
                    (Some(2), _) if !crate::one_error_line(&out.stderr) => {
                        Some(format!("exit 2 without exactly one `error: ` line on stderr: {:?}", stderr))
                    }
                    (Some(2), _) => {
                        tally.rejected += 1;
                        None
                    }
                    (code, _) => Some(format!("exit code {:?}, stderr {:?}", code, stderr)),
                };
                problem.or_else(|| match expected {
                    Some(c) if out.status.code() != Some(c) => {
                        Some(format!("exit code {:?}, but solve() in process says {}", out.status.code(), c))
                    }
                    _ => None,
                })
            }
        };
        if let Some(why) = problem {
            let path = keep(binary, "process", i, &input);
            failures.push(format!(
                "{} process input #{} (seed {}): {}\n    input: {}\n    saved: {}",
                binary,
                i,
                seed,
                why,
                show(&input, 300),
                path.display()
            ));
        }
    }
    (tally, failures)
}

/// The whole fuzz test of one binary; prints the tallies on the real stderr (past the
/// harness's capture) and fails on any failure.
pub fn fuzz(binary: &'static str, solve: Solve) {
    let seed = seed();
    let start = Instant::now();
    let (inside, mut failures) = fuzz_in_process(binary, solve, seed);
    let in_process_time = start.elapsed();
    let (outside, more) = fuzz_processes(binary, solve, seed);
    failures.extend(more);
    let _ = writeln!(
        std::io::stderr(),
        "malformed fuzz   {:<12} seed {}: in process {} valid (exit 0) / {} rejected (exit 2) in {:.1} s \
         (slowest #{} {:.0} ms); as processes {} valid / {} rejected; {:.1} s in all",
        binary,
        seed,
        inside.valid,
        inside.rejected,
        in_process_time.as_secs_f64(),
        inside.slowest.1,
        inside.slowest.0.as_secs_f64() * 1e3,
        outside.valid,
        outside.rejected,
        start.elapsed().as_secs_f64()
    );
    let total = failures.len();
    let shown: Vec<String> = failures.into_iter().filter(|f| !f.is_empty()).take(10).collect();
    assert!(total == 0, "{} fuzz failure(s) for {}:\n{}", total, binary, shown.join("\n"));
}
