//! The `otello` command line: matches and tournaments between heuristics, a game against
//! the engine, perft and exact endgame solving.
//!
//! [`run`] takes the arguments, an input and an output, so tests drive every command
//! in-process; the binary only passes the real ones, and [`exit_code`] turns the result
//! into its exit code: as the judges' (see [`super::super::core::error`]), and 1 where a
//! check failed.

use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufRead, Write};
use std::time::Instant;

use super::super::core::board::{Alphabet, Color};
use super::super::core::error::{self, Error, InputError};
use super::super::core::memory;
use super::super::core::scan::{escape, lines, shorten};
use super::arena::{openings, play_match, Engine, Tally};
use super::endgame::Solver;
use super::eval::Eval;
use super::game::Game;
use super::perft::perft_with;
use super::position::{Move, Position};
use super::search::{Limits, Searcher};

const USAGE: &str = "\
otello: an Othello engine built on a generic alpha-beta search

usage:
  otello match --black H --white H [--depth D] [--games N] [--seed S]
  otello tournament [--depth D] [--games N] [--seed S]
  otello play [--human black|white] [--heuristic H] [--depth D]
  otello perft D [--hash] [--threads T]
  otello solve [POSITION | --ffo FILE]
  otello help [COMMAND]

heuristics (H): discs, positional, mobility
`otello COMMAND --help` explains one command.
";

const HELP_MATCH: &str = "\
otello match --black H --white H [--depth D] [--games N] [--seed S]

Plays N games (default 10) between two heuristics searched D plies deep (default 4).
The games start from N/2 distinct openings, positions 4 random plies from the start
(seed S, default 1); each opening is played twice, the heuristics swapping colours.
Only 236 such positions exist: longer matches play them again, in the same order.
Prints, per heuristic: wins, losses, draws, the average final disc difference, and
positions searched per second.
";

const HELP_TOURNAMENT: &str = "\
otello tournament [--depth D] [--games N] [--seed S]

Every heuristic plays every other one a match of N games (default 10) at depth D
(default 4), from the same openings (seed S, default 1). Prints a cross table (wins-
losses-draws of the row against the column) and, per heuristic, points (a win 1, a
draw 1/2), the average disc difference and positions searched per second.
";

const HELP_PLAY: &str = "\
otello play [--human black|white] [--heuristic H] [--depth D]

A game against the engine (heuristic H, default mobility, searched D plies deep,
default 4). You play black by default (black moves first). Type moves as in the
exercise, column then row (E3), or row then column (3E), in any case; `moves` lists
your legal moves, `quit` ends the game. Works with piped input too: the game stops
quietly when the input ends.
";

const HELP_PERFT: &str = "\
otello perft D [--hash] [--threads T]

Counts the move sequences D plies long from the standard start (a pass is a ply; a
game that ends sooner counts once). --hash remembers counts of positions seen before;
--threads T shares the work out over T threads (default 1).
";

const HELP_SOLVE: &str = "\
otello solve [POSITION | --ffo FILE]

Solves endgames exactly: the final disc difference for the side to move under perfect
play (empty squares go to the winner) and a move that achieves it. Positions are read
from standard input, one per line, as in the FFO test suite: an optional id, the board
as 64 cells A1..H8 row by row (X black, O white, - empty), the side to move (X or O);
further fields are ignored, as are blank lines and lines starting with #. A single
POSITION may be given as arguments instead (board and side, quoted or not).

Prints one line per position: id (the line's first field, or its line number), signed
score, best move, nodes, seconds, nodes per second:
  40 +38 A2 13712345 nodes 2.312 s 5.93 Mn/s
With --ffo FILE, positions come from FILE (fields: id, board, side, score, best moves
separated by commas); each line ends with ok or FAILED, the last line says
N passed, N failed, and the exit code is 1 if any failed.
";

/// Why a command stopped early.
#[derive(Debug)]
pub enum CliError {
    /// Bad arguments or input, or a write that failed.
    Run(Error),
    /// The work was done but a check it made failed (`solve --ffo`): what failed.
    Failed(String),
}

impl From<Error> for CliError {
    fn from(e: Error) -> CliError {
        CliError::Run(e)
    }
}

impl From<InputError> for CliError {
    fn from(e: InputError) -> CliError {
        CliError::Run(Error::Input(e))
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError::Run(Error::Io(e))
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            CliError::Run(e) => e.fmt(f),
            CliError::Failed(what) => f.write_str(what),
        }
    }
}

/// The exit code of the command line's `result`, having written what went wrong to
/// stderr: a failed check is 1, the rest as [`error::exit_code`] says.
pub fn exit_code(result: Result<(), CliError>, out: &mut dyn Write) -> i32 {
    match result {
        Ok(()) => 0,
        Err(CliError::Run(e)) => error::exit_code(Err(e), out),
        Err(CliError::Failed(what)) => {
            let _ = out.flush();
            let _ = writeln!(io::stderr(), "{}", what);
            1
        }
    }
}

/// The command-line arguments `args` (without the program name) as text. An argument
/// that is not UTF-8 is a usage error that shows it [`escape`]d, with U+FFFD for the
/// bytes that are not UTF-8.
///
/// ```
/// use othello::engine::cli::text_args;
/// use std::ffi::OsString;
/// assert_eq!(text_args(vec![OsString::from("perft")]).unwrap(), vec!["perft".to_string()]);
/// ```
pub fn text_args<I: IntoIterator<Item = OsString>>(args: I) -> Result<Vec<String>, CliError> {
    args.into_iter()
        .enumerate()
        .map(|(i, a)| {
            a.into_string().map_err(|a| {
                let shown = escape(&a.to_string_lossy());
                usage(format!("argument {} is not UTF-8 text: '{}'", i + 1, shown))
            })
        })
        .collect()
}

/// Runs the `otello` command line with `args` (without the program name). A malformed
/// memory budget ([`memory::VARIABLE`]) is bad input.
pub fn run(args: &[String], input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    memory::budget()?;
    let command = args.first().map(|s| s.as_str()).unwrap_or("help");
    let rest = &args[args.len().min(1)..];
    if rest.iter().any(|a| a == "--help" || a == "-h") {
        return help(Some(command), out);
    }
    match command {
        "help" | "--help" | "-h" => help(rest.first().map(|s| s.as_str()), out),
        "match" => {
            let o = Options::parse(rest, &["--black", "--white", "--depth", "--games", "--seed"], &[])?;
            o.no_positional()?;
            let black = Engine { eval: o.heuristic("--black", None)?, depth: o.number("--depth", 4, 1, 30)? as u32 };
            let white = Engine { eval: o.heuristic("--white", None)?, depth: black.depth };
            let games = o.number("--games", 10, 1, 100_000)? as usize;
            let seed = o.number("--seed", 1, 0, u64::MAX)?;
            run_match(black, white, games, seed, out)
        }
        "tournament" => {
            let o = Options::parse(rest, &["--depth", "--games", "--seed"], &[])?;
            o.no_positional()?;
            let depth = o.number("--depth", 4, 1, 30)? as u32;
            let games = o.number("--games", 10, 1, 100_000)? as usize;
            let seed = o.number("--seed", 1, 0, u64::MAX)?;
            run_tournament(depth, games, seed, out)
        }
        "play" => {
            let o = Options::parse(rest, &["--human", "--heuristic", "--depth"], &[])?;
            o.no_positional()?;
            let human = match o.value("--human").unwrap_or("black") {
                "black" => Color::Black,
                "white" => Color::White,
                other => return Err(usage(format!("--human takes black or white, not '{}'", escape(other)))),
            };
            let engine = Engine {
                eval: o.heuristic("--heuristic", Some(Eval::Mobility))?,
                depth: o.number("--depth", 4, 1, 30)? as u32,
            };
            play(human, engine, input, out)
        }
        "perft" => {
            let o = Options::parse(rest, &["--threads"], &["--hash"])?;
            let depth = match o.positional[..] {
                [d] => parse_number("the depth", d, 0, 30)? as u32,
                [] => return Err(usage("perft needs a depth: otello perft D".to_string())),
                [_, extra, ..] => return Err(usage(format!("unexpected '{}' after the depth", escape(extra)))),
            };
            let threads = o.number("--threads", 1, 1, 256)? as usize;
            let entries = if o.flag("--hash") { 1 << 24 } else { 0 };
            let start = Instant::now();
            let leaves = perft_with(Position::start(), depth, entries, threads);
            let seconds = start.elapsed().as_secs_f64();
            writeln!(
                out,
                "perft({}) = {} ({:.3} s, {:.1} M leaves/s)",
                depth,
                leaves,
                seconds,
                leaves as f64 / seconds.max(1e-9) / 1e6
            )?;
            Ok(())
        }
        "solve" => {
            let o = Options::parse(rest, &["--ffo"], &[])?;
            match (o.value("--ffo"), o.positional.len()) {
                (Some(_), n) if n > 0 => Err(usage("solve takes a position or --ffo FILE, not both".to_string())),
                (Some(file), _) => {
                    let text = std::fs::read(file)
                        .map_err(|e| InputError::new(format!("cannot read {}: {}", escape(file), e)))?;
                    let text = String::from_utf8_lossy(&text);
                    let failed = solve_lines(&text, true, out)?;
                    if failed > 0 {
                        let file = escape(file);
                        return Err(CliError::Failed(format!("{} of the positions in {} failed", failed, file)));
                    }
                    Ok(())
                }
                (None, 0) => {
                    let mut text = String::new();
                    input
                        .read_to_string(&mut text)
                        .map_err(|e| InputError::new(format!("cannot read the input: {}", e)))?;
                    solve_lines(&text, false, out).map(|_| ())
                }
                (None, _) => {
                    let line = o.positional.join(" ");
                    solve_lines(&line, false, out).map(|_| ())
                }
            }
        }
        other => Err(usage(format!("unknown command '{}'", escape(other)))),
    }
}

/// Solves the positions of `text` (one per line, see `otello solve --help`) and prints a
/// line for each; with `check`, also compares with the expected score and moves and
/// ends with a summary. Returns the number of failed checks.
fn solve_lines(text: &str, check: bool, out: &mut dyn Write) -> Result<usize, CliError> {
    let (mut passed, mut failed) = (0, 0);
    // One solver for all the positions, its table emptied before each: the table keeps the
    // memory it has grown to, which a new one would map and zero again.
    let mut solver = Solver::new(SOLVER_ENTRIES);
    for (number, line) in lines(text) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.is_empty() || fields[0].starts_with('#') {
            continue;
        }
        // The id is optional: the board is the field of 64 cells.
        let has_id = fields.len() > 1 && fields[1].chars().count() == 64;
        let (id, rest) = if has_id { (fields[0].to_string(), &fields[1..]) } else { (number.to_string(), &fields[..]) };
        let side = rest.get(1).cloned().unwrap_or("");
        let pos = Position::parse(rest[0], side).map_err(|e| InputError::at(number, e))?;
        // The expectation is read before the solve, which may take long.
        let want = if check { Some(expectation(rest, number)?) } else { None };
        let start = Instant::now();
        solver.clear();
        let s = solver.solve(&pos);
        let seconds = start.elapsed().as_secs_f64();
        let best = s.best.map_or("-".to_string(), |m| m.to_string());
        write!(
            out,
            "{} {:+} {} {} nodes {:.3} s {:.2} Mn/s",
            id,
            s.score,
            best,
            s.nodes,
            seconds,
            s.nodes as f64 / seconds.max(1e-9) / 1e6
        )?;
        if let Some((want_score, want_moves)) = want {
            if s.score == want_score && want_moves.contains(&s.best) {
                passed += 1;
                write!(out, " ok")?;
            } else {
                failed += 1;
                write!(out, " FAILED (want {:+} {})", want_score, rest[3])?;
            }
        }
        writeln!(out)?;
        out.flush()?;
    }
    if check {
        writeln!(out, "{} passed, {} failed", passed, failed)?;
    }
    Ok(failed)
}

/// The exact score and the best moves (`A2,B3`, or `-` where there is none) that an
/// `--ffo` line gives after the board and side (`rest[2]` and `rest[3]`); line `number`
/// names it in errors.
fn expectation(rest: &[&str], number: usize) -> Result<(i32, Vec<Option<Move>>), InputError> {
    let score = rest.get(2).and_then(|t| t.trim_start_matches('+').parse::<i32>().ok());
    let score = score.ok_or_else(|| InputError::at(number, "expected the exact score after the side to move"))?;
    let moves = rest.get(3).ok_or_else(|| InputError::at(number, "expected the best moves after the score"))?;
    let moves = moves
        .split(',')
        .map(|m| match (m, Move::parse(m)) {
            ("-", _) => Ok(None),
            (_, Some(m)) => Ok(Some(m)),
            (m, None) => {
                Err(InputError::at(number, format!("expected best moves such as A2,B3 (or -), found '{}'", shorten(m))))
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((score, moves))
}

/// Table slots of the endgame solver (32 bytes each).
const SOLVER_ENTRIES: usize = 1 << 22;

/// A usage error, with a pointer to the help.
fn usage(message: String) -> CliError {
    InputError::new(format!("{} (see otello --help)", message)).into()
}

fn help(command: Option<&str>, out: &mut dyn Write) -> Result<(), CliError> {
    let text = match command {
        Some("match") => HELP_MATCH,
        Some("tournament") => HELP_TOURNAMENT,
        Some("play") => HELP_PLAY,
        Some("perft") => HELP_PERFT,
        Some("solve") => HELP_SOLVE,
        Some("help") | Some("--help") | Some("-h") | None => USAGE,
        Some(other) => return Err(usage(format!("no help for unknown command '{}'", escape(other)))),
    };
    out.write_all(text.as_bytes())?;
    Ok(())
}

fn parse_number(what: &str, text: &str, min: u64, max: u64) -> Result<u64, CliError> {
    match text.parse::<u64>() {
        Ok(n) if n >= min && n <= max => Ok(n),
        _ => Err(usage(format!("{} must be a whole number from {} to {}, not '{}'", what, min, max, escape(text)))),
    }
}

/// Whether the word `a` is meant as an option: it starts with `-` and holds a character
/// no board has, so a board whose first cells are empty (`--OX...`) stays a position.
fn looks_like_option(a: &str) -> bool {
    a.len() > 1 && a.starts_with('-') && a.chars().any(|c| !"XxOo*-.".contains(c))
}

/// Parsed command-line options: `--name value` pairs, flags, and the rest.
struct Options<'a> {
    values: Vec<(&'a str, &'a str)>,
    flags: Vec<&'a str>,
    positional: Vec<&'a str>,
}

impl<'a> Options<'a> {
    fn parse(args: &'a [String], with_value: &[&str], flags: &[&str]) -> Result<Options<'a>, CliError> {
        let mut o = Options { values: Vec::new(), flags: Vec::new(), positional: Vec::new() };
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            if with_value.contains(&a) {
                match args.get(i + 1) {
                    Some(v) => o.values.push((a, v.as_str())),
                    None => return Err(usage(format!("{} needs a value", a))),
                }
                i += 2;
            } else if flags.contains(&a) {
                o.flags.push(a);
                i += 1;
            } else if looks_like_option(a) {
                return Err(usage(format!("unknown option '{}'", escape(a))));
            } else {
                o.positional.push(a);
                i += 1;
            }
        }
        Ok(o)
    }

    /// An error if a word that is not an option was given.
    fn no_positional(&self) -> Result<(), CliError> {
        match self.positional.first() {
            None => Ok(()),
            Some(word) => Err(usage(format!("unexpected '{}'", escape(word)))),
        }
    }

    fn value(&self, name: &str) -> Option<&'a str> {
        self.values.iter().rev().find(|&&(n, _)| n == name).map(|&(_, v)| v)
    }

    fn flag(&self, name: &str) -> bool {
        self.flags.contains(&name)
    }

    fn number(&self, name: &str, default: u64, min: u64, max: u64) -> Result<u64, CliError> {
        match self.value(name) {
            None => Ok(default),
            Some(v) => parse_number(name, v, min, max),
        }
    }

    fn heuristic(&self, name: &str, default: Option<Eval>) -> Result<Eval, CliError> {
        match (self.value(name), default) {
            (None, Some(d)) => Ok(d),
            (None, None) => Err(usage(format!("{} H is needed (discs, positional or mobility)", name))),
            (Some(v), _) => Eval::from_name(v)
                .ok_or_else(|| usage(format!("unknown heuristic '{}' (discs, positional or mobility)", escape(v)))),
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

const TALLY_HEADER: &str = "\
| heuristic  | wins | losses | draws | avg disc diff | nodes/s    |
|------------|-----:|-------:|------:|--------------:|-----------:|";

fn run_match(black: Engine, white: Engine, games: usize, seed: u64, out: &mut dyn Write) -> Result<(), CliError> {
    let plies = 4;
    let starts = openings((games + 1) / 2, plies, seed).len();
    writeln!(
        out,
        "match: {} (black first) vs {} (white first), depth {}, {} games from {} openings {} plies deep (seed {})\n",
        black.eval, white.eval, black.depth, games, starts, plies, seed
    )?;
    let (a, b) = play_match(black, white, games, plies, seed);
    writeln!(out, "{}", TALLY_HEADER)?;
    writeln!(out, "{}", tally_row(black.eval, &a))?;
    writeln!(out, "{}", tally_row(white.eval, &b))?;
    Ok(())
}

fn run_tournament(depth: u32, games: usize, seed: u64, out: &mut dyn Write) -> Result<(), CliError> {
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
            let (a, b) = play_match(Engine { eval: all[i], depth }, Engine { eval: all[j], depth }, games, plies, seed);
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
    Ok(())
}

/// The board with coordinates, `X` black and `O` white.
fn draw(pos: &Position, to_move: Color, out: &mut dyn Write) -> Result<(), CliError> {
    let board = pos.to_board(to_move);
    let alphabet = Alphabet { empty: '.', black: 'X', white: 'O' };
    writeln!(out, "\n  A B C D E F G H")?;
    for r in 0..8 {
        let row: Vec<String> = (0..8).map(|c| alphabet.symbol(board.cell(8 * r + c)).to_string()).collect();
        writeln!(out, "{} {}", r + 1, row.join(" "))?;
    }
    writeln!(out, "Black (X): {}  White (O): {}", board.discs(Color::Black), board.discs(Color::White))?;
    Ok(())
}

/// The legal moves of `pos`, as text.
fn list(pos: &Position) -> String {
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    let names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    names.join(" ")
}

/// A game between a person (reading `input`) and `engine`.
fn play(human: Color, engine: Engine, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let mut input = Lines { input, after_cr: false, number: 0 };
    let mut searcher: Searcher<Position, Eval> = engine.searcher();
    let mut pos = Position::start();
    let mut to_move = Color::Black;
    writeln!(
        out,
        "You play {} ({}); the engine plays {} with the {} heuristic, {} plies deep.",
        human.name().to_lowercase(),
        if human == Color::Black { "X, first" } else { "O, second" },
        human.opponent().name().to_lowercase(),
        engine.eval,
        engine.depth
    )?;
    loop {
        draw(&pos, to_move, out)?;
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = if moves == [Move::PASS] {
            if to_move == human {
                writeln!(out, "You have no legal move: you pass.")?;
            } else {
                writeln!(out, "The engine has no legal move: it passes.")?;
            }
            Move::PASS
        } else if to_move == human {
            match read_move(&pos, &mut input, out)? {
                Some(m) => m,
                None => {
                    writeln!(out, "\nThe game stops here.")?;
                    return Ok(());
                }
            }
        } else {
            let report = searcher.search(&pos, Limits::depth(engine.depth));
            let m = report.best.expect("a game that goes on has a move");
            writeln!(out, "The engine plays {}.", m)?;
            m
        };
        pos = pos.play(m);
        to_move = to_move.opponent();
    }
    let board = pos.to_board(to_move);
    let (b, w) = (board.discs(Color::Black), board.discs(Color::White));
    let mine = if human == Color::Black { b } else { w };
    let theirs = b + w - mine;
    let verdict = if mine > theirs {
        "you win"
    } else if mine < theirs {
        "the engine wins"
    } else {
        "a draw"
    };
    writeln!(out, "Game over: black {}, white {}: {}.", b, w, verdict)?;
    Ok(())
}

/// Asks for a move until a legal one is typed; `None` when the input ends or on `quit`.
fn read_move(pos: &Position, input: &mut Lines, out: &mut dyn Write) -> Result<Option<Move>, CliError> {
    loop {
        write!(out, "Your move: ")?;
        out.flush()?;
        let line = match input.next()? {
            Some(line) => line,
            None => return Ok(None),
        };
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "exit" => return Ok(None),
            "moves" | "help" | "?" => {
                writeln!(out, "Your legal moves: {}", list(pos))?;
                continue;
            }
            _ => {}
        }
        match Move::parse(text) {
            None => writeln!(out, "'{}' is not a square: type a column A-H and a row 1-8, like E3.", shorten(text))?,
            Some(Move::PASS) => writeln!(out, "You cannot pass while you have a move: {}.", list(pos))?,
            Some(m) => {
                let sq = m.to_square().expect("not a pass");
                if pos.empty() >> sq & 1 == 0 {
                    writeln!(out, "{} is taken. Your legal moves: {}.", m, list(pos))?;
                } else if pos.legal() >> sq & 1 == 0 {
                    writeln!(out, "{} flips no disc. Your legal moves: {}.", m, list(pos))?;
                } else {
                    return Ok(Some(m));
                }
            }
        }
    }
}

/// The lines typed to `play`: each ends at `\n`, `\r\n` or a lone `\r`, as in
/// [`super::super::core::scan`], and must be UTF-8 text.
struct Lines<'a> {
    input: &'a mut dyn BufRead,
    /// Whether the last line ended at `\r`: a `\n` right after it ends no line.
    after_cr: bool,
    /// The number of the last line read (1-based).
    number: usize,
}

impl<'a> Lines<'a> {
    /// The next line without its end; `None` at the end of the input. A read that fails
    /// or a line that is not UTF-8 is an input error.
    fn next(&mut self) -> Result<Option<String>, CliError> {
        let (mut bytes, mut any) = (Vec::new(), false);
        loop {
            let buf = match self.input.fill_buf() {
                Ok(buf) => buf,
                Err(ref e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(InputError::new(format!("cannot read the input: {}", e)).into()),
            };
            if buf.is_empty() {
                if !any {
                    return Ok(None);
                }
                break;
            }
            if self.after_cr {
                self.after_cr = false;
                if buf[0] == b'\n' {
                    self.input.consume(1);
                    continue;
                }
            }
            any = true;
            match buf.iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(end) => {
                    bytes.extend_from_slice(&buf[..end]);
                    self.after_cr = buf[end] == b'\r';
                    self.input.consume(end + 1);
                    break;
                }
                None => {
                    let n = buf.len();
                    bytes.extend_from_slice(buf);
                    self.input.consume(n);
                }
            }
        }
        self.number += 1;
        match String::from_utf8(bytes) {
            Ok(line) => Ok(Some(line)),
            Err(_) => Err(InputError::at(self.number, "the input is not UTF-8 text").into()),
        }
    }
}
