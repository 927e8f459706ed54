//! The engine's side of the NBoard protocol, version 2: the line protocol the NBoard GUI
//! (by Chris Welty, the author of NTest) speaks to Othello engines, Edax and NTest among
//! them.
//!
//! The GUI writes one command a line; [`run`] answers each in turn, so a `ping` is
//! answered once every command before it is done. Squares are written `F5`, a pass `PA`;
//! evaluations are in discs, for the player to move, with two decimals. Commands and
//! replies:
//!
//! | command | reply |
//! |---|---|
//! | `nboard 2` | `set myname otello` |
//! | `set depth N` (1..=60) | none: later searches go `N` plies deep |
//! | `set game GGF` | none: the position is the end of the game record |
//! | `set contempt N` | none: accepted and ignored (this engine keeps no book) |
//! | `move F5/eval/time` | none: the move is played (`/eval/time` may be left out) |
//! | `go` | `status thinking`, `nodestats N S`, `=== F5/E/S`, `status`; a forced move is only `=== F5` (or `=== PA`) |
//! | `hint N` | `status thinking`, `nodestats N S`, then `search PV E 0 D` for the `N` best moves, best first, and `status` |
//! | `analyze` | `status thinking`, `analysis K E` for each position of the game from the last (`K` moves made) to the first, `nodestats N S`, `status` |
//! | `learn` | `learned` (nothing is learnt) |
//! | `ping N` | `pong N` |
//! | `quit` | none: the session ends |
//!
//! `N` in `nodestats` counts positions searched by the command, `S` the seconds it took;
//! `PV` is the line of moves searched, without spaces (`F5D6C3`); `D` is the depth in
//! plies, or `100%` for an exact score. With at most [`EXACT_UP_TO`] empty squares, or no
//! more than the depth set, scores are exact ([`super::super::endgame`]); before that, they come from an α-β search
//! ([`super::super::search`]) with [`HEURISTIC`], whose values read as discs
//! ([`Eval::discs`]). Nothing else is printed to the NBoard GUI.
//!
//! Where the GGF record has a clock (`TI[5:00]`, less the `/time` of each of the player's
//! moves), `go` spends a share of the time left ([`Record::left`]) over the moves to
//! come: it solves exactly where the solver can finish in it, else searches as deep as
//! the time allows, up to the depth set. Without a clock, searches go to the depth set
//! however long that takes. `hint` in a finished game gives no `search` line.
//!
//! The input is read on while `go`, `hint` or `analyze` searches. A later command waits
//! for the search to answer, but the end of the input (the GUI has gone) stops it: `go`
//! then answers with the best move it has found (at least its 1-ply search's), `hint` and
//! `analyze` with no values, and the session ends. A script that wants every search
//! answered in full ends with `quit`.
//!
//! A line that is not a command of the list, or whose arguments are wrong (an illegal
//! move, a GGF record that does not parse, `go` in a finished game), or that is longer
//! than [`MAX_LINE`](super::args::MAX_LINE), gets one line on the error output saying why
//! (if it can be written), and nothing on the protocol's output; the session goes on as
//! before it.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use super::super::super::core::error::Error;
use super::super::super::core::memory;
use super::super::super::core::position::Position;
use super::super::super::core::scan::{escape, number, shorten};
use super::super::analysis::move_values;
use super::super::endgame::Solver;
use super::super::eval::Eval;
use super::super::game::Game;
use super::super::position::{self, Move};
use super::super::search::{Limits, Searcher};
use super::args::{decimal, LineReader};

/// The protocol version spoken.
pub const VERSION: u32 = 2;
/// The name the engine gives itself.
pub const NAME: &str = "otello";
/// The search depth until a `set depth` says otherwise.
pub const DEFAULT_DEPTH: u32 = 6;
/// The deepest `set depth` taken.
pub const MAX_DEPTH: u32 = 60;
/// Positions with at most this many empty squares are solved exactly (FFO #40–#44, of 20
/// to 23, in about a second each), and so are those the depth set reaches the end of.
pub const EXACT_UP_TO: u32 = 23;
/// The heuristic of the midgame search: the trained pattern evaluation, an estimate of
/// the final disc difference.
pub const HEURISTIC: Eval = Eval::Pattern;
/// About how long the solver takes with `empties` empty squares on a developer's
/// machine, on positions of real games: `go` with a clock solves where twice that fits
/// the move's share of the time.
fn solve_time(empties: u32) -> Duration {
    let above = empties.saturating_sub(EXACT_UP_TO).min(40) as i32;
    Duration::from_secs_f64(0.4 * 2.5f64.powi(above))
}

/// Table slots of the midgame search and of the endgame solver.
const ENTRIES: usize = 1 << 20;

/// A game as `set game` and `move` make it: a start position and the moves since, with
/// the game's clock where the record gives one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The position the record starts from.
    pub start: Position,
    /// The moves played from there, passes included; each is legal where it is played.
    pub moves: Vec<Move>,
    /// The time each player has for the game (GGF's `TI`), in milliseconds.
    pub time: Option<u64>,
    /// The time each move took (its `/time`, 0 where not given), in milliseconds.
    pub used: Vec<u64>,
}

impl Record {
    /// The standard start, no move played.
    pub fn new() -> Record {
        Record { start: Position::start(), moves: Vec::new(), time: None, used: Vec::new() }
    }

    /// The game of a GGF record such as `(;GM[Othello]...BO[8 <64 cells> *]B[F5]W[F6];)`:
    /// an 8×8 board (`-` empty, `*` black, `O` white, row by row from A1) with the side to
    /// move (`*` or `O`), then black's and white's moves `B[F5]`, `W[PA]`, each perhaps
    /// followed by `/eval/time`. A move of the player who is not to move is taken after a
    /// pass of the other, when the other has no move. Other tags are skipped (no tag value
    /// holds a `]`). The error says what is wrong.
    ///
    /// ```
    /// use othello::engine::cli::nboard::Record;
    /// let ggf = "(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[f6/-1.5/2];)";
    /// let record = Record::from_ggf(ggf).unwrap();
    /// assert_eq!(record.moves.len(), 2);
    /// assert!(Record::from_ggf("(;GM[Othello]BO[8 --- *];)").is_err());
    /// ```
    pub fn from_ggf(text: &str) -> Result<Record, String> {
        let text = text.trim();
        let body = match text.strip_prefix("(;").and_then(|t| t.strip_suffix(";)")) {
            Some(body) => body,
            None => return Err(format!("a GGF game is written (;...;), not '{}'", shorten(text))),
        };
        // The record so far, the position it leads to, and whether black is to move.
        let mut game: Option<(Record, Position, bool)> = None;
        let mut time = None;
        let mut rest = body.trim_start();
        while !rest.is_empty() {
            let tag = || format!("'{}' is not a tag: KEY[value]", shorten(rest));
            let open = rest.find('[').ok_or_else(tag)?;
            let close = rest[open..].find(']').map(|c| open + c).ok_or_else(tag)?;
            let (key, value) = (&rest[..open], &rest[open + 1..close]);
            if key.is_empty() || !key.bytes().all(|b| b.is_ascii_uppercase()) {
                return Err(tag());
            }
            rest = rest[close + 1..].trim_start();
            match (key, game.as_mut()) {
                ("GM", _) if !value.eq_ignore_ascii_case("othello") => {
                    return Err(format!("the game is '{}', not Othello", shorten(value)));
                }
                ("TI", _) => time = seconds(value.split('/').next().unwrap_or("")).map(|s| (s * 1000.0) as u64),
                ("BO", None) => {
                    let (start, black) = board(value)?;
                    game = Some((Record { start, moves: Vec::new(), time: None, used: Vec::new() }, start, black));
                }
                ("BO", Some(_)) => return Err("a second board BO[...]".to_string()),
                ("B", None) | ("W", None) => {
                    return Err(format!("the move {}[{}] comes before the board BO[...]", key, shorten(value)));
                }
                ("B", Some((record, pos, black))) | ("W", Some((record, pos, black))) => {
                    let m = read_move(value).ok_or_else(|| format!("{}[{}] is not a move", key, shorten(value)))?;
                    if (key == "B") != *black {
                        // The other player moves: only after a pass of this one.
                        if moves(pos) != [Move::PASS] {
                            let side = if *black { "black" } else { "white" };
                            return Err(format!("{}[{}] while {} is to move", key, shorten(value), side));
                        }
                        record.moves.push(Move::PASS);
                        record.used.push(0);
                        *pos = pos.passed();
                        *black = !*black;
                    }
                    *pos = play(pos, m).map_err(|e| format!("{}[{}]: {}", key, shorten(value), e))?;
                    record.moves.push(m);
                    record.used.push(used(value));
                    *black = !*black;
                }
                _ => {}
            }
        }
        let record = game.map(|(record, _, _)| record).ok_or_else(|| "the record has no board BO[...]".to_string())?;
        Ok(Record { time, ..record })
    }

    /// The time the player to move has left, in milliseconds, if the record has a clock:
    /// the game's time less what that player's moves took.
    ///
    /// ```
    /// use othello::engine::cli::nboard::Record;
    /// let ggf = "(;GM[Othello]TI[5:00]BO[8 ---------------------------O*------*O--------------------------- *]B[F5//10]W[f6/-1.5/2.5]B[e6//1];)";
    /// assert_eq!(Record::from_ggf(ggf).unwrap().left(), Some(300_000 - 2_500));
    /// ```
    pub fn left(&self) -> Option<u64> {
        let k = self.used.len();
        let spent: u64 = self.used.iter().enumerate().filter(|&(i, _)| (k - i) % 2 == 0).map(|(_, &t)| t).sum();
        self.time.map(|t| t.saturating_sub(spent))
    }

    /// The position after the moves.
    pub fn position(&self) -> Position {
        self.moves.iter().fold(self.start, |pos, &m| pos.play(m))
    }
}

impl Default for Record {
    fn default() -> Record {
        Record::new()
    }
}

/// The position and whether black is to move, from a GGF board: the size (8), the 64
/// cells and the side to move, cells and side perhaps spaced out.
fn board(value: &str) -> Result<(Position, bool), String> {
    let mut words = value.split_whitespace();
    if words.next() != Some("8") {
        return Err(format!("BO[{}]: only 8x8 boards are played", shorten(value)));
    }
    let cells: String = words.collect();
    if cells.chars().count() != 65 {
        return Err(format!("BO[{}]: expected 64 cells and the side to move", shorten(value)));
    }
    let split = cells.char_indices().nth(64).map_or(cells.len(), |(i, _)| i);
    let (cells, side) = cells.split_at(split);
    if side != "*" && side != "O" {
        return Err(format!("BO[...]: the side to move is * (black) or O (white), not '{}'", escape(side)));
    }
    let pos = position::parse(cells, side).map_err(|e| format!("BO[...]: {}", e))?;
    Ok((pos, side == "*"))
}

/// The move written as `F5` (any case) or `PA` (or `pass`), perhaps followed by `/eval`
/// and `/time`, which are not read.
fn read_move(text: &str) -> Option<Move> {
    let name = text.split('/').next().unwrap_or("").trim();
    if name.eq_ignore_ascii_case("PA") || name.eq_ignore_ascii_case("pass") {
        Some(Move::PASS)
    } else if name.len() == 2 && name.as_bytes()[0].is_ascii_alphabetic() {
        Move::parse(name)
    } else {
        None
    }
}

/// A time written `[[H:]M:]S` (each a decimal number), in seconds; `None` if it is not
/// one.
fn seconds(text: &str) -> Option<f64> {
    let mut total = 0.0;
    for (k, field) in text.trim().split(':').enumerate() {
        match decimal(field) {
            Some(x) if k < 3 => total = total * 60.0 + x,
            _ => return None,
        }
    }
    Some(total)
}

/// The time a move written `F5/eval/time` took, in milliseconds (0 if not given).
fn used(text: &str) -> u64 {
    text.split('/').nth(2).and_then(seconds).map_or(0, |s| (s * 1000.0).min(1e12) as u64)
}

/// The protocol's name of `m`: `F5`, or `PA` for the pass.
fn name(m: Move) -> String {
    if m == Move::PASS {
        "PA".to_string()
    } else {
        m.to_string()
    }
}

/// The legal moves of `pos` (the pass alone when only the opponent can move; none once
/// the game is over).
fn moves(pos: &Position) -> Vec<Move> {
    let mut list = Vec::new();
    pos.moves(&mut list);
    list
}

/// `pos` after `m`, or why `m` is not legal there.
fn play(pos: &Position, m: Move) -> Result<Position, String> {
    let legal = moves(pos);
    if legal.contains(&m) {
        return Ok(pos.play(m));
    }
    let names: Vec<String> = legal.iter().map(|&m| name(m)).collect();
    if names.is_empty() {
        Err("the game is over".to_string())
    } else {
        Err(format!("{} is not legal here (legal: {})", name(m), names.join(" ")))
    }
}

/// A search value of [`HEURISTIC`] in discs ([`Eval::discs`]).
fn discs(value: i32) -> f64 {
    HEURISTIC.discs(value).unwrap_or(value as f64)
}

/// Why a command got no answer: a bad line (reported, the session goes on) or a failed
/// write (the session ends).
enum Fault {
    Bad(String),
    Io(io::Error),
}

impl From<io::Error> for Fault {
    fn from(e: io::Error) -> Fault {
        Fault::Io(e)
    }
}

/// A bad line, with the reason.
fn bad<T>(why: String) -> Result<T, Fault> {
    Err(Fault::Bad(why))
}

/// Writes one protocol line and flushes it.
fn send(out: &mut dyn Write, line: &str) -> io::Result<()> {
    writeln!(out, "{}", line)?;
    out.flush()
}

/// `line` after its first `words` words, trimmed.
fn after_words(line: &str, words: usize) -> &str {
    let mut rest = line.trim();
    for _ in 0..words {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        rest = rest[end..].trim_start();
    }
    rest
}

/// The one argument of `command`, read as a `T` within `low..=high` ([`number`]).
fn argument<T: Copy + Into<i128> + std::str::FromStr + std::fmt::Display>(
    command: &str,
    args: &[&str],
    low: T,
    high: T,
) -> Result<T, Fault> {
    match args {
        [word] => number(word, &format!("the argument of {}", command), low, high).map_err(Fault::Bad),
        _ => bad(format!("{} takes one number, found '{}'", command, shorten(&args.join(" ")))),
    }
}

/// The engine's state over a session: the game, the depth, and the search tables.
struct Session {
    record: Record,
    depth: u32,
    searcher: Searcher<Position, Eval>,
    solver: Solver,
    /// Positions searched by the current command.
    nodes: u64,
    /// Raised when the input ends: the searches stop.
    ended: Arc<AtomicBool>,
}

impl Session {
    fn new() -> Session {
        let ended = Arc::new(AtomicBool::new(false));
        let mut searcher = Searcher::new(HEURISTIC, ENTRIES);
        searcher.stop_when(ended.clone());
        let mut solver = Solver::new(ENTRIES);
        solver.stop_when(ended.clone());
        Session { record: Record::new(), depth: DEFAULT_DEPTH, searcher, solver, nodes: 0, ended }
    }

    /// Whether the input has ended, and with it the current search.
    fn ended(&self) -> bool {
        self.ended.load(Ordering::Relaxed)
    }

    /// Whether `pos` is solved exactly rather than searched to the depth set: with at most
    /// [`EXACT_UP_TO`] empty squares, or no more than the depth.
    fn exact(&self, pos: &Position) -> bool {
        let empties = pos.empty().count_ones();
        empties <= EXACT_UP_TO || empties <= self.depth
    }

    /// Answers one non-empty line; `Ok(true)` ends the session.
    fn command(&mut self, line: &str, out: &mut dyn Write) -> Result<bool, Fault> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (verb, args) = (words[0], &words[1..]);
        let none = |args: &[&str]| -> Result<(), Fault> {
            match args.first() {
                Some(_) => bad(format!("{} takes no argument, found '{}'", verb, shorten(&args.join(" ")))),
                None => Ok(()),
            }
        };
        match verb {
            "nboard" => {
                let version = argument("nboard", args, 0, u32::MAX)?;
                if version != VERSION {
                    return bad(format!("protocol version {} is not spoken; this engine speaks {}", version, VERSION));
                }
                send(out, &format!("set myname {}", NAME))?;
            }
            "set" => match args.first() {
                Some(&"depth") => self.depth = argument("set depth", &args[1..], 1, MAX_DEPTH)?,
                Some(&"contempt") => {
                    argument("set contempt", &args[1..], i32::MIN, i32::MAX)?;
                }
                Some(&"game") => {
                    self.record = Record::from_ggf(after_words(line, 2)).or_else(|e| bad(format!("set game: {}", e)))?
                }
                _ => return bad(format!("unknown setting '{}'", shorten(after_words(line, 1)))),
            },
            "move" => match args {
                [text] => {
                    let m = match read_move(text).filter(|_| fields_are_numbers(text)) {
                        Some(m) => m,
                        None => return bad(format!("move: '{}' is not a move such as F5/1.5/2.0", shorten(text))),
                    };
                    play(&self.record.position(), m).or_else(|e| bad(format!("move {}: {}", name(m), e)))?;
                    self.record.moves.push(m);
                    self.record.used.push(used(text));
                }
                _ => return bad(format!("move takes one move, found '{}'", shorten(&args.join(" ")))),
            },
            "go" => {
                none(args)?;
                self.go(out)?;
            }
            "hint" => {
                let n = argument("hint", args, 1u32, 64)? as usize;
                self.hint(n, out)?;
            }
            "analyze" => {
                none(args)?;
                self.analyze(out)?;
            }
            "learn" => {
                none(args)?;
                send(out, "learned")?;
            }
            "ping" => {
                let n = argument("ping", args, i64::MIN, i64::MAX)?;
                send(out, &format!("pong {}", n))?;
            }
            "quit" => return Ok(true),
            _ => return bad(format!("unknown command '{}'", shorten(line))),
        }
        Ok(false)
    }

    /// `go`: the move to play, not played.
    fn go(&mut self, out: &mut dyn Write) -> Result<(), Fault> {
        let pos = self.record.position();
        match moves(&pos)[..] {
            [] => return bad("go: the game is over".to_string()),
            [forced] => return Ok(send(out, &format!("=== {}", name(forced)))?),
            _ => {}
        }
        let start = self.begin(out)?;
        let empties = pos.empty().count_ones();
        // With a clock, a share of the time left: the player's moves to come, and some over.
        let budget = self.record.left().map(|left| Duration::from_millis(left) / (empties / 2 + 2));
        let affordable = budget.map_or(false, |b| solve_time(empties).saturating_mul(2) <= b);
        let mut solved = None;
        if self.exact(&pos) || affordable {
            let solution = self.solver.solve(&pos);
            self.nodes += solution.nodes;
            solved = Some(solution).filter(|_| !self.solver.stopped());
        }
        let (best, eval) = match solved {
            Some(solution) => (solution.best, solution.score as f64),
            None => {
                let report = self.searcher.search(&pos, Limits { time: budget, ..Limits::depth(self.depth) });
                self.nodes += report.nodes;
                (report.best, discs(report.value))
            }
        };
        let best = best.expect("a position with moves has a best move");
        let seconds = self.nodestats(start, out)?;
        send(out, &format!("=== {}/{:.2}/{:.2}", name(best), eval, seconds))?;
        Ok(send(out, "status")?)
    }

    /// `hint n`: the `n` best moves with their values, best first (ties in square order).
    fn hint(&mut self, n: usize, out: &mut dyn Write) -> Result<(), Fault> {
        let pos = self.record.position();
        let start = self.begin(out)?;
        let exact = self.exact(&pos);
        let solver = if exact { Some(&mut self.solver) } else { None };
        let (values, nodes) = move_values(&pos, solver, &mut self.searcher, self.depth);
        self.nodes += nodes;
        self.nodestats(start, out)?;
        let shown = if self.ended() { 0 } else { n };
        for v in values.iter().take(shown) {
            let pv: String = v.line.iter().map(|&m| name(m)).collect();
            let (eval, depth) =
                if exact { (v.value as f64, "100%".to_string()) } else { (discs(v.value), self.depth.to_string()) };
            send(out, &format!("search {} {:.2} 0 {}", pv, eval, depth))?;
        }
        Ok(send(out, "status")?)
    }

    /// `analyze`: the value of every position of the game, from the last back to the start.
    fn analyze(&mut self, out: &mut dyn Write) -> Result<(), Fault> {
        let start = self.begin(out)?;
        let mut positions = vec![self.record.start];
        for &m in &self.record.moves {
            let next = positions[positions.len() - 1].play(m);
            positions.push(next);
        }
        for (made, pos) in positions.iter().enumerate().rev() {
            let eval = self.value(pos);
            if self.ended() {
                break;
            }
            send(out, &format!("analysis {} {:.2}", made, eval))?;
        }
        self.nodestats(start, out)?;
        Ok(send(out, "status")?)
    }

    /// Starts a search: the status line, the node count and the clock.
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<Instant> {
        send(out, "status thinking")?;
        self.nodes = 0;
        Ok(Instant::now())
    }

    /// Reports the positions searched since [`Session::begin`] and the seconds taken, which
    /// it returns.
    fn nodestats(&self, start: Instant, out: &mut dyn Write) -> io::Result<f64> {
        let seconds = start.elapsed().as_secs_f64();
        send(out, &format!("nodestats {} {:.2}", self.nodes, seconds))?;
        Ok(seconds)
    }

    /// The value of `pos` for the player to move, in discs: exact near the end, else by a
    /// search to the depth set.
    fn value(&mut self, pos: &Position) -> f64 {
        if self.exact(pos) {
            let solution = self.solver.solve(pos);
            self.nodes += solution.nodes;
            return solution.score as f64;
        }
        let report = self.searcher.search(pos, Limits::depth(self.depth));
        self.nodes += report.nodes;
        discs(report.value)
    }
}

/// Whether the `/eval/time` fields after a move, if any, are numbers or empty.
fn fields_are_numbers(text: &str) -> bool {
    let fields: Vec<&str> = text.split('/').skip(1).collect();
    fields.len() <= 2 && fields.iter().all(|f| f.is_empty() || f.parse::<f64>().is_ok())
}

/// Runs the engine's side of an NBoard session: reads commands from `input` one line at a
/// time (a line ends at `\n`, `\r\n` or a lone `\r`) until its end or `quit`, writes the
/// replies to `out` (each line flushed as it is written), and one line to `err` for each
/// line that is not a command, whose arguments are wrong, that is not UTF-8 text or that
/// is longer than [`MAX_LINE`](super::args::MAX_LINE) (skipped unstored to its end).
/// `go`, `hint` and `analyze` search on a thread of their own while `input` is watched for
/// its end, which stops them (or on this thread, never stopped, where no thread starts).
/// Only a failed read, or a failed write to `out`, ends the session early, with that error.
pub fn run(input: &mut dyn BufRead, out: &mut (dyn Write + Send), err: &mut dyn Write) -> Result<(), Error> {
    let mut session = Session::new();
    let mut lines = LineReader::new(input);
    loop {
        let answer = match lines.read_line() {
            Ok(None) => return Ok(()),
            Ok(Some(ref line)) if line.trim().is_empty() => continue,
            Ok(Some(line)) => {
                let line = line.trim();
                let searches = matches!(line.split_whitespace().next(), Some("go" | "hint" | "analyze"));
                let watched = if searches { watching(&mut session, line, out, &mut lines) } else { None };
                match watched {
                    Some(answer) => answer,
                    None => session.command(line, out),
                }
            }
            Err(e) if e.line.is_some() => Err(Fault::Bad(e.message)),
            Err(e) => return Err(e.into()),
        };
        match answer {
            Ok(true) => return Ok(()),
            Ok(false) => {}
            Err(Fault::Bad(why)) => {
                // A diagnostic that cannot be written ends nothing: the session is the output.
                let _ = writeln!(err, "error: {}", escape(&why));
                let _ = err.flush();
            }
            Err(Fault::Io(e)) => return Err(e.into()),
        }
    }
}

/// Answers the search command `line` on a thread of its own while this one waits for more
/// input: when the input ends, or cannot be read, the search is told to stop. The next
/// line is left unread for [`run`]. `None` if no thread starts.
fn watching<R: BufRead>(
    session: &mut Session,
    line: &str,
    out: &mut (dyn Write + Send),
    lines: &mut LineReader<R>,
) -> Option<Result<bool, Fault>> {
    let ended = session.ended.clone();
    thread::scope(|scope| {
        let search = thread::Builder::new()
            .stack_size(memory::STACK)
            .spawn_scoped(scope, move || session.command(line, out))
            .ok()?;
        if !lines.more() {
            ended.store(true, Ordering::Relaxed);
        }
        Some(search.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}
