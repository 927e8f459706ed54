//! The `otello` command line: matches and tournaments between heuristics, a game against
//! the engine ([`play`]), the analysis of a position and exact endgame solving ([`solve`]),
//! perft, and the NBoard protocol for graphical interfaces ([`nboard`]), on the options,
//! errors and streams they share ([`args`]).
//!
//! [`run`] takes the arguments and the streams ([`args::Io`]), so tests drive every
//! command in-process; the binary only passes the real ones, and [`args::exit_code`]
//! turns the result into its exit code: as the judges' (see
//! [`super::super::core::error`]), and 1 where a check failed.

pub mod args;
pub mod nboard;
pub mod play;
pub mod solve;

use std::io::Write;
use std::time::{Duration, Instant};

use self::args::{parse_number, usage, Args, CliError, Io};
use self::solve::{analyse, solve_lines, Format, SolveOptions, UNFORCED_UP_TO};
use super::super::core::board::Color;
use super::super::core::error::InputError;
use super::super::core::memory;
use super::super::core::position::Position;
use super::super::core::scan::escape;
use super::super::core::VERSION;
use super::arena::{openings, play_match, Engine, Tally};
use super::eval::Eval;
use super::perft::perft_with;
use super::position;
use super::search::Limits;

const USAGE: &str = "\
otello: an Othello engine built on a generic alpha-beta search

usage:
  otello match --black H --white H [--depth D] [--games N] [--seed S] [--beat S]
  otello tournament [--depth D] [--games N] [--seed S] [--beat S]
  otello play [--human black|white] [--heuristic H] [--depth D] [--position BOARD SIDE]
  otello analyse BOARD SIDE [--heuristic H] [--depth D] [--exact N]
  otello perft D [--hash] [--threads T]
  otello solve [BOARD SIDE | --ffo FILE] [--format table|plain] [--threads T] [--beat S] [--verbose] [--force]
  otello nboard
  otello help [COMMAND]
  otello --version

heuristics (H): discs, positional, mobility, pattern
positions: 64 cells A1..H8 row by row (X black, O white, - empty), then X or O to move
`otello COMMAND --help` explains one command.
";

const HELP_MATCH: &str = "\
otello match --black H --white H [--depth D] [--games N] [--seed S] [--beat S]

Plays N games (default 10) between two heuristics searched D plies deep (default 4).
The games start from N/2 distinct openings, positions 4 random plies from the start
(seed S, default 1); each opening is played twice, the heuristics swapping colours.
Only 236 such positions exist: longer matches play them again, in the same order.
Prints, per heuristic: wins, losses, draws, the average final disc difference, and
positions searched per second. On a terminal, stderr shows the games played so far,
every S seconds (default 2; 0: after every game).
";

const HELP_TOURNAMENT: &str = "\
otello tournament [--depth D] [--games N] [--seed S] [--beat S]

Every heuristic plays every other one a match of N games (default 10) at depth D
(default 4), from the same openings (seed S, default 1). Prints a cross table (wins-
losses-draws of the row against the column) and, per heuristic, points (a win 1, a
draw 1/2), the average disc difference and positions searched per second. On a
terminal, stderr shows the games played so far, every S seconds (default 2; 0: after
every game).
";

const HELP_PLAY: &str = "\
otello play [--human black|white] [--heuristic H] [--depth D] [--time S]
            [--position BOARD SIDE]

A game against the engine (heuristic H, default pattern, searched D plies deep,
default 4; with --time, as deep as S seconds a move allow, up to D, default 30), from the start or from BOARD with SIDE (X or O) to move. You play black
by default. Type moves as in the exercise, column then row (E3), or row then column
(3E), in any case; `moves` lists your legal moves, `hint` asks the engine for one,
`undo` takes back your last move, `quit` ends the game. The engine says the value,
depth, nodes and time of each move. Works with piped input too: each move read is
shown after the prompt, and the game stops quietly when the input ends.
";

const HELP_ANALYSE: &str = "\
otello analyse BOARD SIDE [--heuristic H] [--depth D] [--exact N]

Every legal move of the position with its value for the side to move and the line
behind it, best first: the exact final disc difference under perfect play when at
most N squares are empty (default 20), else the value the search with heuristic H
(default pattern) finds D plies deep (default 6).
";

const HELP_PERFT: &str = "\
otello perft D [--hash] [--threads T]

Counts the move sequences D plies long from the standard start (a pass is a ply; a
game that ends sooner counts once). --hash remembers counts of positions seen before;
--threads T shares the work out over T threads (default 1). Each shallower depth's
count and time go to stderr as they finish; depth D's to stdout.
";

const HELP_SOLVE: &str = "\
otello solve [BOARD SIDE | --ffo FILE] [--format table|plain] [--threads T] [--beat S] [--verbose] [--force]

Solves endgames exactly: the final disc difference for the side to move under perfect
play (empty squares go to the winner), a move that achieves it, and a line of perfect
play to the end. Positions are read from standard input, one per line, as in the FFO
test suite: an optional id, the board as 64 cells A1..H8 row by row (X black, O
white, - empty), the side to move (X or O); further fields are ignored, as are blank
lines and lines starting with #. A single position may be given as arguments instead
(board and side, quoted or not).

Prints a header, then per position its id (the line's first field, or its line
number), empty squares, score, best move, seconds, nodes, nodes per second and the
principal variation, then a line of totals. --format plain prints one line per
position instead, for scripts:
  40 +38 A2 13712345 nodes 2.312 s 5.93 Mn/s
With --ffo FILE, positions come from FILE (fields: id, board, side, score, best moves
separated by commas); each is checked (ok or FAILED), the totals say how many passed,
and the exit code is 1 if any failed. --verbose prints each step of the climb to the
exact score on stderr (the bound tried, what it proved, nodes, time); on a terminal,
stderr shows that a long solve goes on every S seconds (default 2; 0: every 2^20
positions). Positions with more than 36 empty
squares are refused unless --force: they take hours to years. --threads T searches
each position on T threads (default 1), sharing the table.
";

const HELP_NBOARD: &str = "\
otello nboard

Speaks the NBoard protocol on stdin and stdout, so that the NBoard GUI (or another
front end that speaks it) can play and analyse with otello: set it up there as an
engine whose command is `otello nboard`.
";

/// Runs the `otello` command line with `args` (without the program name): `--version`
/// (`-V`) prints `otello` and [`VERSION`]; no command prints the usage on `io.err` and is
/// a usage error. A malformed memory budget ([`memory::VARIABLE`]) is bad input.
pub fn run(args: &[String], io: &mut Io) -> Result<(), CliError> {
    memory::budget()?;
    let command = match args.first() {
        Some(command) => command.as_str(),
        None => {
            // The usage, then the error: stderr's last line says what went wrong.
            let _ = io.err.write_all(USAGE.as_bytes());
            return Err(usage("a command is needed".to_string()));
        }
    };
    let rest = &args[args.len().min(1)..];
    if rest.iter().any(|a| a == "--help" || a == "-h") {
        return help(Some(command), io.out);
    }
    match command {
        "help" | "--help" | "-h" => help(rest.first().map(|s| s.as_str()), io.out),
        "--version" | "-V" => Ok(writeln!(io.out, "otello {}", VERSION)?),
        "match" => {
            let o = Args::parse(rest, &["--black", "--white", "--depth", "--games", "--seed", "--beat"], &[])?;
            o.no_positional()?;
            let black = Engine { eval: o.heuristic("--black", None)?, depth: o.number("--depth", 4, 1, 30)? as u32 };
            let white = Engine { eval: o.heuristic("--white", None)?, depth: black.depth };
            let games = o.number("--games", 10, 1, 100_000)? as usize;
            let seed = o.number("--seed", 1, 0, u64::MAX)?;
            let mut beat = Beat::new(games, io.watched, o.beat()?);
            run_match(black, white, games, seed, &mut beat, io)
        }
        "tournament" => {
            let o = Args::parse(rest, &["--depth", "--games", "--seed", "--beat"], &[])?;
            o.no_positional()?;
            let depth = o.number("--depth", 4, 1, 30)? as u32;
            let games = o.number("--games", 10, 1, 100_000)? as usize;
            let seed = o.number("--seed", 1, 0, u64::MAX)?;
            let pairs = Eval::ALL.len() * (Eval::ALL.len() - 1) / 2;
            let mut beat = Beat::new(games * pairs, io.watched, o.beat()?);
            run_tournament(depth, games, seed, &mut beat, io)
        }
        "play" => {
            // `--position` takes the board and the side: one word or two.
            let o = Args::parse(rest, &["--human", "--heuristic", "--depth", "--time"], &["--position"])?;
            let start = match (o.flag("--position"), o.positional.first()) {
                (true, _) => position(&o.positional)?,
                (false, Some(word)) => return Err(usage(format!("unexpected '{}'", escape(word)))),
                (false, None) => (Position::start(), Color::Black),
            };
            let human = match o.value("--human").unwrap_or("black") {
                "black" => Color::Black,
                "white" => Color::White,
                other => return Err(usage(format!("--human takes black or white, not '{}'", escape(other)))),
            };
            // With a time per move, the depth is a bound the clock usually stops short of.
            let time = o.seconds("--time")?;
            let engine = Engine {
                eval: o.heuristic("--heuristic", Some(Eval::Pattern))?,
                depth: o.number("--depth", if time.is_some() { 30 } else { 4 }, 1, 30)? as u32,
            };
            let limits = Limits { time, ..Limits::depth(engine.depth) };
            play::play(human, engine, limits, start, io)
        }
        "analyse" | "analyze" => {
            let o = Args::parse(rest, &["--heuristic", "--depth", "--exact"], &[])?;
            let (pos, _) = position(&o.positional)?;
            let engine = Engine {
                eval: o.heuristic("--heuristic", Some(Eval::Pattern))?,
                depth: o.number("--depth", 6, 1, 30)? as u32,
            };
            let exact = o.number("--exact", 20, 0, UNFORCED_UP_TO as u64)? as u32;
            analyse(&pos, engine, exact, io.out)
        }
        "perft" => {
            let o = Args::parse(rest, &["--threads"], &["--hash"])?;
            let depth = match o.positional[..] {
                [d] => parse_number("the depth", d, 0, 30)? as u32,
                [] => return Err(usage("perft needs a depth: otello perft D".to_string())),
                [_, extra, ..] => return Err(usage(format!("unexpected '{}' after the depth", escape(extra)))),
            };
            let threads = o.number("--threads", 1, 1, 256)? as usize;
            let entries = if o.flag("--hash") { 1 << 24 } else { 0 };
            let count = |d: u32| {
                let start = Instant::now();
                let leaves = perft_with(Position::start(), d, entries, threads);
                let seconds = start.elapsed().as_secs_f64();
                let speed = leaves as f64 / seconds.max(1e-9) / 1e6;
                format!("perft({}) = {} ({:.3} s, {:.1} M leaves/s)", d, leaves, seconds, speed)
            };
            for d in 1..depth {
                // Progress only: a closed stderr changes nothing.
                let _ = writeln!(io.err, "{}", count(d));
            }
            writeln!(io.out, "{}", count(depth))?;
            Ok(())
        }
        "solve" => {
            let o = Args::parse(rest, &["--ffo", "--format", "--threads", "--beat"], &["--verbose", "--force"])?;
            let format = match o.value("--format").unwrap_or("table") {
                "table" => Format::Table,
                "plain" => Format::Plain,
                other => return Err(usage(format!("--format takes table or plain, not '{}'", escape(other)))),
            };
            let mut options = SolveOptions {
                format,
                verbose: o.flag("--verbose"),
                force: o.flag("--force"),
                check: false,
                threads: o.number("--threads", 1, 1, 256)? as usize,
                beat: o.beat()?,
            };
            match (o.value("--ffo"), o.positional.len()) {
                (Some(_), n) if n > 0 => Err(usage("solve takes a position or --ffo FILE, not both".to_string())),
                (Some(file), _) => {
                    let cannot = |e: std::io::Error| InputError::new(format!("cannot read {}: {}", escape(file), e));
                    let text = memory::read(&mut std::fs::File::open(file).map_err(cannot)?)?;
                    let text = String::from_utf8_lossy(&text);
                    options.check = true;
                    let failed = solve_lines(&text, &options, io)?;
                    if failed > 0 {
                        let file = escape(file);
                        return Err(CliError::Failed(format!("{} of the positions in {} failed", failed, file)));
                    }
                    Ok(())
                }
                (None, 0) => {
                    let text = memory::read(io.input)?;
                    let text = String::from_utf8(text).map_err(|_| InputError::new("the input is not UTF-8 text"))?;
                    solve_lines(&text, &options, io).map(|_| ())
                }
                (None, _) => {
                    let line = o.positional.join(" ");
                    solve_lines(&line, &options, io).map(|_| ())
                }
            }
        }
        "nboard" => {
            Args::parse(rest, &[], &[])?.no_positional()?;
            nboard::run(io.input, io.out, io.err)?;
            Ok(())
        }
        other => Err(usage(format!("unknown command '{}'", escape(other)))),
    }
}

/// The position the words `words` give: a board of 64 cells and the side to move,
/// together in one word or two; with the colour to move.
fn position(words: &[&str]) -> Result<(Position, Color), CliError> {
    let text = words.join(" ");
    let fields: Vec<&str> = text.split_whitespace().collect();
    match fields[..] {
        [board, side] => {
            let pos = position::parse(board, side).map_err(|e| usage(format!("bad position: {}", e)))?;
            Ok((pos, if "XxBb*".contains(side) { Color::Black } else { Color::White }))
        }
        [] => Err(usage("a position is needed: its 64 cells and the side to move (X or O)".to_string())),
        _ => Err(usage(format!("expected a board of 64 cells and the side to move, found '{}'", escape(&text)))),
    }
}

fn help(command: Option<&str>, out: &mut dyn Write) -> Result<(), CliError> {
    let text = match command {
        Some("match") => HELP_MATCH,
        Some("tournament") => HELP_TOURNAMENT,
        Some("play") => HELP_PLAY,
        Some("analyse") | Some("analyze") => HELP_ANALYSE,
        Some("perft") => HELP_PERFT,
        Some("solve") => HELP_SOLVE,
        Some("nboard") => HELP_NBOARD,
        Some("help") | Some("--help") | Some("-h") | None => USAGE,
        Some(other) => return Err(usage(format!("no help for unknown command '{}'", escape(other)))),
    };
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// The games a match or tournament has played, shown on stderr when a person watches it:
/// at most every `every`, and at the end.
struct Beat {
    done: usize,
    shown: usize,
    total: usize,
    watched: bool,
    every: Duration,
    last: Instant,
}

impl Beat {
    fn new(total: usize, watched: bool, every: Duration) -> Beat {
        Beat { done: 0, shown: 0, total, watched, every, last: Instant::now() }
    }

    /// One more game played.
    fn game(&mut self, err: &mut dyn Write) {
        self.done += 1;
        if self.last.elapsed() >= self.every {
            self.show(err);
        }
    }

    /// The end: the last count, unless it shows already.
    fn finish(&mut self, err: &mut dyn Write) {
        if self.shown != self.done {
            self.show(err);
        }
    }

    fn show(&mut self, err: &mut dyn Write) {
        if self.watched {
            self.last = Instant::now();
            self.shown = self.done;
            // Progress only: a closed stderr changes nothing.
            let _ = writeln!(err, "{} of {} games played", self.done, self.total);
        }
    }
}

/// The row of a results table for `eval`.
fn tally_row(eval: Eval, t: &Tally) -> String {
    format!(
        "| {:<10} | {:>4} | {:>6} | {:>5} | {:>+13.2} | {:>10.0} |",
        eval.name(),
        t.wins,
        t.losses,
        t.draws,
        t.average_margin(),
        t.nodes_per_second()
    )
}

/// The header of a results table.
const TALLY_HEADER: &str = "\
| heuristic  | wins | losses | draws | avg disc diff | nodes/s    |
|------------|-----:|-------:|------:|--------------:|-----------:|";

/// Plays and prints a match between `black` and `white` (see `otello match --help`).
fn run_match(
    black: Engine,
    white: Engine,
    games: usize,
    seed: u64,
    beat: &mut Beat,
    io: &mut Io,
) -> Result<(), CliError> {
    let (out, err) = (&mut *io.out, &mut *io.err);
    let plies = 4;
    let starts = openings((games + 1) / 2, plies, seed).len();
    writeln!(
        out,
        "match: {} (black first) vs {} (white first), depth {}, {} games from {} openings {} plies deep (seed {})\n",
        black.eval, white.eval, black.depth, games, starts, plies, seed
    )?;
    let (a, b) = play_match(black, white, games, plies, seed, &mut || beat.game(err));
    beat.finish(err);
    writeln!(out, "{}", TALLY_HEADER)?;
    writeln!(out, "{}", tally_row(black.eval, &a))?;
    writeln!(out, "{}", tally_row(white.eval, &b))?;
    Ok(())
}

/// Plays and prints a tournament at `depth` (see `otello tournament --help`).
fn run_tournament(depth: u32, games: usize, seed: u64, beat: &mut Beat, io: &mut Io) -> Result<(), CliError> {
    let (out, err) = (&mut *io.out, &mut *io.err);
    let plies = 4;
    let all = Eval::ALL;
    writeln!(
        out,
        "tournament: every pair plays {} games at depth {} (openings {} plies deep, seed {})\n",
        games, depth, plies, seed
    )?;
    // cells[i][j]: the tally of heuristic i against heuristic j.
    let mut cells = vec![vec![Tally::default(); all.len()]; all.len()];
    for i in 0..all.len() {
        for j in i + 1..all.len() {
            let (black, white) = (Engine { eval: all[i], depth }, Engine { eval: all[j], depth });
            let (a, b) = play_match(black, white, games, plies, seed, &mut || beat.game(err));
            cells[i][j] = a;
            cells[j][i] = b;
        }
    }
    let mut header = "| row vs column |".to_string();
    let mut rule = "|---------------|".to_string();
    for e in all.iter() {
        header.push_str(&format!(" {:^10} |", e.name()));
        rule.push_str("-----------:|");
    }
    header.push_str(" points | avg disc diff | nodes/s    |");
    rule.push_str("-------:|--------------:|-----------:|");
    writeln!(out, "{}\n{}", header, rule)?;
    for i in 0..all.len() {
        let mut line = format!("| {:<13} |", all[i].name());
        let mut total = Tally::default();
        for (j, t) in cells[i].iter().enumerate() {
            if i == j {
                line.push_str(&format!(" {:>10} |", "-"));
                continue;
            }
            line.push_str(&format!(" {:>10} |", format!("{}-{}-{}", t.wins, t.losses, t.draws)));
            total.wins += t.wins;
            total.losses += t.losses;
            total.draws += t.draws;
            total.margin += t.margin;
            total.nodes += t.nodes;
            total.time += t.time;
        }
        let points = total.wins as f64 + total.draws as f64 / 2.0;
        line.push_str(&format!(
            " {:>6.1} | {:>+13.2} | {:>10.0} |",
            points,
            total.average_margin(),
            total.nodes_per_second()
        ));
        writeln!(out, "{}", line)?;
    }
    beat.finish(err);
    Ok(())
}
