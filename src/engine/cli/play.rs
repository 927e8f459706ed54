//! `otello play`: a game between a person and the engine, on a terminal or from piped
//! moves.

use std::io::{BufRead, Write};

use super::super::super::core::board::{Alphabet, Color};
use super::super::super::core::position::Position;
use super::super::super::core::scan::{escape, shorten};
use super::super::arena::Engine;
use super::super::eval::Eval;
use super::super::game::Game;
use super::super::position::{to_board, Move};
use super::super::search::{Limits, Report, Searcher, WIN};
use super::args::{CliError, Io, LineReader};

/// A game in progress: the position, whose turn it is, and the positions before each
/// move (for `undo`).
struct Session {
    pos: Position,
    to_move: Color,
    history: Vec<(Position, Color)>,
}

/// A value the search found, as a player reads it: a won or lost end by its margin, the
/// pattern evaluation in discs, other heuristics in their own units.
///
/// ```
/// use othello::engine::cli::play::value_text;
/// use othello::engine::eval::Eval;
/// use othello::engine::search::WIN;
/// assert_eq!(value_text(Eval::Pattern, 48), "+1.5 discs");
/// assert_eq!(value_text(Eval::Mobility, -30), "-30");
/// assert_eq!(value_text(Eval::Discs, WIN + 6), "a win by 6");
/// assert_eq!(value_text(Eval::Discs, 0), "0");
/// ```
pub fn value_text(eval: Eval, value: i32) -> String {
    match eval.discs(value) {
        Some(margin) if value > WIN / 2 => format!("a win by {}", margin),
        Some(margin) if value < -WIN / 2 => format!("a loss by {}", -margin),
        Some(discs) => format!("{:+.1} discs", discs),
        None if value == 0 => "0".to_string(),
        None => format!("{:+}", value),
    }
}

/// What the search behind a move found: value, depth, nodes and time.
pub fn report_text(eval: Eval, r: &Report<Move>) -> String {
    format!("{} at depth {}, {} nodes, {:.2} s", value_text(eval, r.value), r.depth, r.nodes, r.elapsed.as_secs_f64())
}

/// A game between a person (typing `io.input`; `human` plays that colour) and `engine`
/// searching within `limits` for each move and hint, from `start` with `to_move` to move. Moves read from a file or a pipe are echoed after
/// the prompt, so that the output reads as the game went.
pub fn play(
    human: Color,
    engine: Engine,
    limits: Limits,
    start: (Position, Color),
    io: &mut Io,
) -> Result<(), CliError> {
    let typed = io.typed;
    let out = &mut *io.out;
    let mut input = LineReader::new(&mut *io.input);
    let mut searcher: Searcher<Position, Eval> = engine.searcher();
    let mut t = Session { pos: start.0, to_move: start.1, history: Vec::new() };
    writeln!(
        out,
        "You play {} ({}); the engine plays {} with the {} heuristic, {} plies deep{}.",
        human.name().to_lowercase(),
        if human == Color::Black { "X" } else { "O" },
        human.opponent().name().to_lowercase(),
        engine.eval,
        limits.depth,
        limits.time.map_or(String::new(), |t| format!(" at most, {:.2} s a move", t.as_secs_f64()))
    )?;
    writeln!(out, "Type a move (E3), or: moves, hint, undo, quit.")?;
    loop {
        draw(&t.pos, t.to_move, out)?;
        let mut moves = Vec::new();
        t.pos.moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = if moves == [Move::PASS] {
            if t.to_move == human {
                writeln!(out, "You have no legal move: you pass.")?;
            } else {
                writeln!(out, "The engine has no legal move: it passes.")?;
            }
            Move::PASS
        } else if t.to_move == human {
            match ask(&mut t, &mut searcher, (engine, limits), &mut input, typed, out)? {
                Reply::Move(m) => m,
                Reply::Undone => continue,
                Reply::Stop => {
                    writeln!(out, "\nThe game stops here.")?;
                    return Ok(());
                }
            }
        } else {
            let report = searcher.search(&t.pos, limits);
            let m = report.best.expect("a game that goes on has a move");
            writeln!(out, "The engine plays {}: {}.", m, report_text(engine.eval, &report))?;
            m
        };
        t.history.push((t.pos, t.to_move));
        t.pos = t.pos.play(m);
        t.to_move = t.to_move.opponent();
    }
    let board = to_board(t.pos, t.to_move);
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

/// What the person did on their turn.
enum Reply {
    /// Played this legal move.
    Move(Move),
    /// Took back their last move (and the engine's reply): the game is as it was then.
    Undone,
    /// Quit, or the input ended.
    Stop,
}

/// Asks for a move until a legal one is typed, answering `moves`, `hint` and `undo` on
/// the way.
fn ask<R: BufRead>(
    t: &mut Session,
    searcher: &mut Searcher<Position, Eval>,
    (engine, limits): (Engine, Limits),
    input: &mut LineReader<R>,
    typed: bool,
    out: &mut dyn Write,
) -> Result<Reply, CliError> {
    let human = t.to_move;
    loop {
        write!(out, "Your move: ")?;
        out.flush()?;
        let line = match input.read_line()? {
            Some(line) => line,
            None => return Ok(Reply::Stop),
        };
        let text = line.trim();
        if !typed {
            writeln!(out, "{}", escape(text))?;
        }
        match text.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "exit" => return Ok(Reply::Stop),
            "moves" | "help" | "?" => {
                writeln!(out, "Your legal moves: {}. Also: hint, undo, quit.", list(&t.pos))?;
                continue;
            }
            "hint" => {
                let report = searcher.search(&t.pos, limits);
                let best = report.best.expect("a legal move");
                writeln!(out, "Hint: {} ({}).", best, report_text(engine.eval, &report))?;
                continue;
            }
            "undo" => {
                // Back to the person's previous turn: their move and every reply since.
                match t.history.iter().rposition(|&(_, c)| c == human) {
                    Some(i) => {
                        let (pos, to_move) = t.history[i];
                        t.history.truncate(i);
                        t.pos = pos;
                        t.to_move = to_move;
                        writeln!(out, "Taken back.")?;
                        return Ok(Reply::Undone);
                    }
                    None => writeln!(out, "Nothing to take back.")?,
                }
                continue;
            }
            _ => {}
        }
        match Move::parse(text) {
            None => writeln!(out, "'{}' is not a square: type a column A-H and a row 1-8, like E3.", shorten(text))?,
            Some(Move::PASS) => writeln!(out, "You cannot pass while you have a move: {}.", list(&t.pos))?,
            Some(m) => {
                let sq = m.to_square().expect("not a pass");
                if t.pos.empty() >> sq & 1 == 0 {
                    writeln!(out, "{} is taken. Your legal moves: {}.", m, list(&t.pos))?;
                } else if t.pos.legal() >> sq & 1 == 0 {
                    writeln!(out, "{} flips no disc. Your legal moves: {}.", m, list(&t.pos))?;
                } else {
                    return Ok(Reply::Move(m));
                }
            }
        }
    }
}

/// The board with coordinates, `X` black and `O` white.
fn draw(pos: &Position, to_move: Color, out: &mut dyn Write) -> Result<(), CliError> {
    let board = to_board(*pos, to_move);
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
pub fn list(pos: &Position) -> String {
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    let names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    names.join(" ")
}
