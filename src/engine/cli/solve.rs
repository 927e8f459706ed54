//! `otello solve` and `otello analyse`: exact endgame scores with their lines of best play,
//! and the value of every move of a position.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use super::super::super::core::error::InputError;
use super::super::super::core::position::Position;
use super::super::super::core::scan::{lines, shorten};
use super::super::analysis::move_values;
use super::super::arena::Engine;
use super::super::endgame::{Event, Solver};
use super::super::position::{parse, Move};
use super::args::{CliError, Io};
use super::play::value_text;

/// Table slots of the endgame solver (32 bytes each).
const SOLVER_ENTRIES: usize = 1 << 22;

/// The most empty squares `solve` takes without `--force`: a few more already take
/// hours, and the start position (60) would take years.
pub const UNFORCED_UP_TO: u32 = 36;

/// How `solve` prints its results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A header, a row per position with its principal variation, and a summary.
    Table,
    /// One terse line per position (id, score, move, nodes, time, speed), for scripts.
    Plain,
}

/// What `solve` was asked for besides its positions.
#[derive(Clone, Copy, Debug)]
pub struct SolveOptions {
    pub format: Format,
    /// Print each step of the climb to the exact score on stderr.
    pub verbose: bool,
    /// Solve positions of more than [`UNFORCED_UP_TO`] empty squares too.
    pub force: bool,
    /// Compare with the score and best moves each line gives (`--ffo`).
    pub check: bool,
    /// The threads each solve searches on.
    pub threads: usize,
    /// How often a person watching stderr hears that a solve goes on.
    pub beat: Duration,
}

/// A position to solve: its id, and what a `--ffo` line expects.
struct Problem {
    id: String,
    pos: Position,
    want: Option<(i32, Vec<Option<Move>>, String)>,
}

/// The positions of `text` (one per line, see `otello solve --help`), all read before the
/// first is solved, so that a bad line stops the run at once.
fn read_tasks(text: &str, o: &SolveOptions) -> Result<Vec<Problem>, CliError> {
    let mut tasks = Vec::new();
    for (number, line) in lines(text) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.is_empty() || fields[0].starts_with('#') {
            continue;
        }
        // The id is optional: the board is the field of 64 cells.
        let has_id = fields.len() > 1 && fields[1].chars().count() == 64;
        let (id, rest) = if has_id { (fields[0].to_string(), &fields[1..]) } else { (number.to_string(), &fields[..]) };
        let side_text = rest.get(1).cloned().unwrap_or("");
        let pos = parse(rest[0], side_text).map_err(|e| InputError::at(number, e))?;
        let empties = pos.empty().count_ones();
        if empties > UNFORCED_UP_TO && !o.force {
            let message = format!(
                "{} empty squares: more than {} take hours to days, the start years (--force solves it anyway)",
                empties, UNFORCED_UP_TO
            );
            return Err(InputError::at(number, message).into());
        }
        let want = if o.check {
            let (score, moves) = expectation(rest, number)?;
            Some((score, moves, rest[3].to_string()))
        } else {
            None
        };
        tasks.push(Problem { id, pos, want });
    }
    Ok(tasks)
}

/// The observer of a solve of `id`: the steps of its climb on stderr with `verbose`, and
/// a beat while it searches when a person watches stderr.
fn observer(id: String, verbose: bool, watched: bool) -> Box<dyn FnMut(Event) + Send> {
    Box::new(move |event| {
        let line = match event {
            Event::Step { bound, result, nodes, elapsed } if verbose => {
                let verdict = if result == bound {
                    format!("exactly {:+}", result)
                } else if result > bound {
                    format!("at least {:+}", result)
                } else {
                    format!("at most {:+}", result)
                };
                format!("{}: tried {:+}: {} ({} nodes, {:.3} s)", id, bound, verdict, nodes, elapsed.as_secs_f64())
            }
            Event::Working { nodes, elapsed } if verbose || watched => {
                format!("{}: searching, {} nodes, {:.0} s", id, nodes, elapsed.as_secs_f64())
            }
            _ => return,
        };
        // Progress only: a closed stderr changes nothing.
        let _ = writeln!(io::stderr(), "{}", line);
    })
}

/// Solves the positions of `text` and prints them as `o.format` says; with `o.check`,
/// compares each with what its line expects. Returns the number of failed checks.
pub fn solve_lines(text: &str, o: &SolveOptions, io: &mut Io) -> Result<usize, CliError> {
    let tasks = read_tasks(text, o)?;
    let out = &mut *io.out;
    let (mut passed, mut failed, mut nodes, mut seconds) = (0, 0, 0u64, 0.0);
    // One solver for all the positions, its table emptied before each: the table keeps the
    // memory it has grown to, which a new one would map and zero again.
    let mut solver = Solver::new(SOLVER_ENTRIES);
    solver.threads(o.threads);
    if o.format == Format::Table {
        let check = if o.check { " check |" } else { "" };
        writeln!(
            out,
            "{:>6} | empties | score | move |  seconds |          nodes |  nodes/s |{} principal variation",
            "id", check
        )?;
        writeln!(
            out,
            "-------+---------+-------+------+----------+----------------+----------+{}--------------------",
            if o.check { "-------+" } else { "" }
        )?;
    }
    for task in tasks.iter() {
        solver.clear();
        if o.verbose || io.watched {
            solver.observe(observer(task.id.clone(), o.verbose, io.watched), o.beat);
        }
        let start = Instant::now();
        let s = solver.solve(&task.pos);
        let time = start.elapsed().as_secs_f64();
        nodes += s.nodes;
        seconds += time;
        let best = s.best.map_or("-".to_string(), |m| m.to_string());
        let verdict = match &task.want {
            None => None,
            Some((score, moves, _)) if s.score == *score && moves.contains(&s.best) => {
                passed += 1;
                Some("ok".to_string())
            }
            Some((score, _, text)) => {
                failed += 1;
                Some(format!("FAILED (want {:+} {})", score, text))
            }
        };
        let speed = s.nodes as f64 / time.max(1e-9) / 1e6;
        match o.format {
            Format::Plain => {
                write!(out, "{} {:+} {} {} nodes {:.3} s {:.2} Mn/s", task.id, s.score, best, s.nodes, time, speed)?;
                if let Some(v) = verdict {
                    write!(out, " {}", v)?;
                }
                writeln!(out)?;
            }
            Format::Table => {
                let line = solver.principal_variation(&task.pos, &s);
                let line: Vec<String> = line.iter().map(|m| m.to_string()).collect();
                let check = verdict.map_or(String::new(), |v| format!(" {:>5} |", v));
                writeln!(
                    out,
                    "{:>6} | {:>7} | {:>+5} | {:<4} | {:>8.3} | {:>14} | {:>6.2} M |{} {}",
                    task.id,
                    task.pos.empty().count_ones(),
                    s.score,
                    best,
                    time,
                    s.nodes,
                    speed,
                    check,
                    line.join(" ")
                )?;
            }
        }
        out.flush()?;
    }
    match (o.format, o.check) {
        (Format::Plain, true) => writeln!(out, "{} passed, {} failed", passed, failed)?,
        (Format::Plain, false) => {}
        (Format::Table, _) => {
            let checked = if o.check { format!("; {} passed, {} failed", passed, failed) } else { String::new() };
            writeln!(
                out,
                "{} positions, {} nodes in {:.3} s, {:.2} M nodes/s{}",
                tasks.len(),
                nodes,
                seconds,
                nodes as f64 / f64::max(seconds, 1e-9) / 1e6,
                checked
            )?;
        }
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

/// Prints every legal move of `pos` with its value for the player to move, best first:
/// exact (the final disc difference under perfect play) when at most `exact_from` squares
/// are empty, else by `engine`'s search, each move searched `engine.depth` plies deep in
/// all ([`move_values`]).
pub fn analyse(pos: &Position, engine: Engine, exact_from: u32, out: &mut dyn Write) -> Result<(), CliError> {
    let empties = pos.empty().count_ones();
    if pos.is_over() {
        writeln!(out, "The game is over: {:+} for the player to move.", pos.final_score())?;
        return Ok(());
    }
    let exact = empties <= exact_from;
    let how = if exact {
        "exact final disc differences".to_string()
    } else {
        format!("the {} heuristic, {} plies deep", engine.eval, engine.depth)
    };
    writeln!(out, "{} empty squares; every move, best first, by {}:", empties, how)?;
    let mut solver = if exact { Some(Solver::new(SOLVER_ENTRIES)) } else { None };
    let (found, _) = move_values(pos, solver.as_mut(), &mut engine.searcher(), engine.depth);
    for v in found.iter() {
        let value = if exact { format!("{:+}", v.value) } else { value_text(engine.eval, v.value) };
        let line: Vec<String> = v.line.iter().map(|m| m.to_string()).collect();
        writeln!(out, "{:<4} {:>12}   {}", v.line[0], value, line.join(" "))?;
    }
    Ok(())
}
