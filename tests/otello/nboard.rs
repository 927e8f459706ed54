//! The NBoard protocol (`nboard::run`) in scripted sessions: every reply line checked
//! against values computed here by plain minimax and the exact solver, the GGF records
//! it reads, and one error line for each bad command (or overlong line) with the session
//! going on.

use std::io::{self, Cursor, Write};

use othello::core::position::Position;
use othello::engine::cli::args::MAX_LINE;
use othello::engine::cli::nboard::{self, Record, EXACT_UP_TO};
use othello::engine::endgame::Solver;
use othello::engine::game::{Game, Heuristic};
use othello::engine::pattern::SCALE;
use othello::engine::position::{parse, Move};
use othello::engine::search::{minimax, terminal_value, WIN};

use super::Rng;

/// The standard start as a GGF board, black to move.
const START: &str = "8 ---------------------------O*------*O--------------------------- *";

/// A GGF record of the game from `board` (a GGF board) with `moves` (`B[F5]W[F6]`...).
fn ggf(board: &str, moves: &str) -> String {
    clocked(board, moves, "")
}

/// A GGF record with the tags NBoard writes, the clock `TI[time]` if `time` is not empty.
fn clocked(board: &str, moves: &str, time: &str) -> String {
    let clock = if time.is_empty() { String::new() } else { format!("TI[{}]", time) };
    format!(
        "(;GM[Othello]PC[test]DT[2024-01-02 03:04:05 GMT]PB[otello]PW[someone]RE[?]{}TY[8]BO[{}]{};)",
        clock, board, moves
    )
}

/// The GGF board of `pos` with black to move (the player to move is black).
fn board_of(pos: &Position) -> String {
    let cells: String = (0..64)
        .map(|sq| {
            if pos.player >> sq & 1 == 1 {
                '*'
            } else if pos.opponent >> sq & 1 == 1 {
                'O'
            } else {
                '-'
            }
        })
        .collect();
    format!("8 {} *", cells)
}

/// Runs a session on `script` and `quit`, so that every search answers in full; returns
/// the lines written to the output and to the errors.
fn session(script: &str) -> (Vec<String>, Vec<String>) {
    ended_session(&format!("{}\nquit\n", script))
}

/// Runs a session on `script` to its end: a search running when the input ends stops.
fn ended_session(script: &str) -> (Vec<String>, Vec<String>) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    nboard::run(&mut Cursor::new(script.as_bytes().to_vec()), &mut out, &mut err).expect("no I/O error");
    let lines = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap().lines().map(|l| l.to_string()).collect();
    (lines(out), lines(err))
}

/// The legal moves of `pos`.
fn moves_of(pos: &Position) -> Vec<Move> {
    let mut v = Vec::new();
    pos.moves(&mut v);
    v
}

/// The protocol's name of a move.
fn name(m: Move) -> String {
    if m == Move::PASS {
        "PA".to_string()
    } else {
        m.to_string()
    }
}

/// A search value as the protocol writes it: discs, two decimals.
fn discs(value: i32) -> String {
    if value > WIN / 2 {
        format!("{:.2}", (value - WIN) as f64)
    } else if value < -WIN / 2 {
        format!("{:.2}", (value + WIN) as f64)
    } else {
        format!("{:.2}", value as f64 / SCALE as f64)
    }
}

/// The minimax value of `pos` at `depth` with the engine's heuristic.
fn value(pos: &Position, depth: u32) -> i32 {
    if depth == 0 && !moves_of(pos).is_empty() {
        return nboard::HEURISTIC.evaluate(pos);
    }
    if moves_of(pos).is_empty() {
        return terminal_value(pos.outcome());
    }
    minimax(pos, depth, &nboard::HEURISTIC)
}

/// Checks a `nodestats N S` line.
fn check_nodestats(line: &str) {
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(words.len(), 3, "{:?}", line);
    assert_eq!(words[0], "nodestats", "{:?}", line);
    assert!(words[1].parse::<u64>().is_ok(), "{:?}", line);
    check_seconds(words[2], line);
}

/// Checks a time in seconds with two decimals.
fn check_seconds(word: &str, line: &str) {
    assert!(word.parse::<f64>().unwrap() >= 0.0, "{:?}", line);
    assert_eq!(word.split('.').nth(1).map(|d| d.len()), Some(2), "{:?}", line);
}

/// Checks the reply to a `go` that searched, in `pos` at `depth` (0: exact): the status
/// lines, the node count, and a legal best move with its value. Returns the move.
fn check_go(lines: &[String], pos: &Position, depth: u32) -> Move {
    assert_eq!(lines.len(), 4, "{:?}", lines);
    assert_eq!(lines[0], "status thinking");
    check_nodestats(&lines[1]);
    assert_eq!(lines[3], "status");
    let fields: Vec<&str> = lines[2].strip_prefix("=== ").expect("a move").split('/').collect();
    assert_eq!(fields.len(), 3, "{:?}", lines[2]);
    let m = if fields[0] == "PA" { Move::PASS } else { Move::parse(fields[0]).expect("a square") };
    assert_eq!(fields[0], name(m), "moves are written F5");
    assert!(moves_of(pos).contains(&m), "{} is not legal in {:?}", fields[0], pos);
    check_seconds(fields[2], &lines[2]);
    let next = pos.play(m);
    if depth == 0 {
        let mut solver = Solver::new(1 << 16);
        let score = solver.solve(pos).score;
        assert_eq!(fields[1], format!("{:.2}", score as f64), "the exact score");
        assert_eq!(-solver.solve(&next).score, score, "{} reaches the score", fields[0]);
    } else {
        let best = value(pos, depth);
        assert_eq!(fields[1], discs(best), "the value at depth {}", depth);
        assert_eq!(-value(&next, depth - 1), best, "{} is a best move", fields[0]);
    }
    m
}

/// The lines `hint n` must give in `pos` at `depth` (0: exact), but for the PVs after
/// their first move: each move's value, best first, ties in square order.
fn expected_hints(pos: &Position, depth: u32, n: usize) -> Vec<String> {
    let mut solver = Solver::new(1 << 16);
    let mut scored: Vec<(i32, String)> = moves_of(pos)
        .into_iter()
        .map(|m| {
            let next = pos.play(m);
            if depth == 0 {
                let score = -solver.solve(&next).score;
                (score, format!("search {} {:.2} 0 100%", name(m), score as f64))
            } else {
                let v = -value(&next, depth - 1);
                (v, format!("search {} {} 0 {}", name(m), discs(v), depth))
            }
        })
        .collect();
    scored.sort_by_key(|&(v, _)| -v);
    scored.into_iter().take(n).map(|(_, line)| line).collect()
}

/// Checks the reply to `hint n` in `pos` at `depth` (0: exact): every line, and each PV
/// a legal line no longer than the depth, or, exact, to the end of the game.
fn check_hints(lines: &[String], pos: &Position, depth: u32, n: usize) {
    let want = expected_hints(pos, depth, n);
    assert_eq!(lines.len(), want.len() + 3, "{:?}", lines);
    assert_eq!(lines[0], "status thinking");
    check_nodestats(&lines[1]);
    assert_eq!(lines[lines.len() - 1], "status");
    for (line, want) in lines[2..].iter().zip(want.iter()) {
        let words: Vec<&str> = line.split(' ').collect();
        let pv = words[1];
        // The PV after its first move is the search's own: check it is a legal line.
        let shown: Vec<String> =
            words.iter().enumerate().map(|(i, w)| if i == 1 { &pv[..2] } else { w }.to_string()).collect();
        assert_eq!(&shown.join(" "), want, "{:?}", lines);
        assert_eq!(pv.len() % 2, 0, "{:?}", line);
        assert!(depth == 0 || pv.len() / 2 <= depth as usize, "a PV longer than the depth: {:?}", line);
        let mut p = *pos;
        for i in 0..pv.len() / 2 {
            let text = &pv[2 * i..2 * i + 2];
            let m = if text == "PA" { Move::PASS } else { Move::parse(text).expect("a square") };
            assert!(moves_of(&p).contains(&m), "{} is not legal in the PV {:?}", text, line);
            p = p.play(m);
        }
        assert!(depth > 0 || p.is_over(), "an exact PV ends the game: {:?}", line);
    }
}

#[test]
fn handshake_ping_learn_and_quit() {
    let (out, err) = session("nboard 2\nping 1\nset contempt 100\nlearn\nping 2\n\nquit\nping 3\n");
    assert_eq!(out, ["set myname otello", "pong 1", "learned", "pong 2"]);
    assert!(err.is_empty(), "{:?}", err);
    // Windows line ends, no final line end.
    let (out, err) = session("nboard 2\r\nping 7");
    assert_eq!(out, ["set myname otello", "pong 7"]);
    assert!(err.is_empty(), "{:?}", err);
}

#[test]
fn set_game_then_go_plays_a_best_move() {
    let record = ggf(START, "B[F5]W[f6/-1.25/3.5]");
    let pos = Position::start().play(Move::parse("F5").unwrap()).play(Move::parse("F6").unwrap());
    let (out, err) = session(&format!("nboard 2\nset depth 2\nset game {}\nping 1\ngo\nping 2\n", record));
    assert!(err.is_empty(), "{:?}", err);
    assert_eq!(out[..2], ["set myname otello", "pong 1"]);
    assert_eq!(out[out.len() - 1], "pong 2");
    check_go(&out[2..out.len() - 1], &pos, 2);
    // `go` does not play its move: the game still ends after F6.
    let (out, _) = session(&format!("set depth 3\nset game {}\ngo\ngo\n", record));
    assert_eq!(out.len(), 8);
    let first = check_go(&out[..4], &pos, 3);
    assert_eq!(check_go(&out[4..], &pos, 3), first);
}

#[test]
fn moves_change_the_position() {
    let record = ggf(START, "B[F5]W[F6]");
    let pos = Position::start().play(Move::parse("F5").unwrap()).play(Move::parse("F6").unwrap());
    let e6 = Move::parse("E6").unwrap();
    assert!(moves_of(&pos).contains(&e6));
    let after = pos.play(e6);
    for text in ["e6", "E6/0.5/1.25", "E6//2", "E6/-3"] {
        let (out, err) = session(&format!("set depth 2\nset game {}\nmove {}\ngo\nping 1\n", record, text));
        assert!(err.is_empty(), "{}: {:?}", text, err);
        check_go(&out[..4], &after, 2);
        assert_eq!(out[4], "pong 1");
    }
    // Move by move from the start is the same as the record.
    let (out, err) = session("set depth 2\nmove F5\nmove F6\nmove E6\ngo\n");
    assert!(err.is_empty(), "{:?}", err);
    check_go(&out, &after, 2);
}

#[test]
fn hint_gives_the_best_moves_best_first() {
    let record = ggf(START, "B[F5]W[F6]B[E6]W[F4]");
    let mut pos = Position::start();
    for m in ["F5", "F6", "E6", "F4"] {
        pos = pos.play(Move::parse(m).unwrap());
    }
    assert!(moves_of(&pos).len() > 3);
    for depth in [1, 2, 3] {
        let (out, err) = session(&format!("set depth {}\nset game {}\nhint 3\nping 9\n", depth, record));
        assert!(err.is_empty(), "{:?}", err);
        assert_eq!(out[out.len() - 1], "pong 9");
        check_hints(&out[..out.len() - 1], &pos, depth, 3);
    }
    // More hints than moves: every move.
    let all = moves_of(&pos).len();
    let (out, err) = session(&format!("set depth 2\nset game {}\nhint 60\n", record));
    assert!(err.is_empty(), "{:?}", err);
    assert_eq!(out.len(), all + 3);
    check_hints(&out, &pos, 2, 60);
}

/// White holds A1 and B1, black (to move) C1: black has no move and passes; white's
/// only move, D1, takes C1 and ends the game, black having no disc left.
const PASS_BOARD: &str = "8 OO*------------------------------------------------------------- *";

#[test]
fn a_player_without_moves_passes() {
    let pos = parse(&PASS_BOARD[2..66], "*").unwrap();
    assert_eq!(moves_of(&pos), [Move::PASS]);
    let record = ggf(PASS_BOARD, "");
    let script = format!("set depth 2\nset game {}\ngo\nhint 2\nmove PA\ngo\nmove d1\ngo\nhint 1\nping 1\n", record);
    let (out, err) = session(&script);
    // A forced move is answered at once; so is the only move of white.
    assert_eq!(out[0], "=== PA");
    check_hints(&out[1..5], &pos, 2, 2);
    assert!(out[3].starts_with("search PAD1 "), "{:?}", out);
    assert_eq!(out[5], "=== D1");
    // The game is over: `go` has no move (an error), `hint` none to give.
    assert_eq!(out[6..], ["status thinking", out[7].as_str(), "status", "pong 1"]);
    check_nodestats(&out[7]);
    assert_eq!(err.len(), 1, "{:?}", err);
    assert!(err[0].starts_with("error: ") && err[0].contains("over"), "{:?}", err);
}

/// A position `empties` empty squares from the end, with at least two moves, after random
/// moves from the start (seeded).
fn endgame(seed: u64, empties: u32) -> Position {
    let mut rng = Rng::new(seed);
    loop {
        let mut pos = Position::start();
        while pos.empty().count_ones() > empties && !moves_of(&pos).is_empty() {
            let moves = moves_of(&pos);
            pos = pos.play(moves[rng.below(moves.len())]);
        }
        if pos.empty().count_ones() == empties && moves_of(&pos).len() >= 2 {
            return pos;
        }
    }
}

#[test]
fn endgames_are_solved_exactly() {
    for (seed, empties) in [(1, 8), (2, 14), (3, 20)] {
        let pos = endgame(seed, empties);
        let record = ggf(&board_of(&pos), "");
        let (out, err) = session(&format!("set depth 2\nset game {}\ngo\nhint 3\nping 1\n", record));
        assert!(err.is_empty(), "{:?}", err);
        check_go(&out[..4], &pos, 0);
        check_hints(&out[4..out.len() - 1], &pos, 0, 3);
        assert_eq!(out[out.len() - 1], "pong 1");
    }
    // With more empty squares, the midgame search; with a depth that reaches the end,
    // the solver again.
    let pos = endgame(4, EXACT_UP_TO + 1);
    let (out, err) = session(&format!("set depth 2\nset game {}\ngo\n", ggf(&board_of(&pos), "")));
    assert!(err.is_empty(), "{:?}", err);
    check_go(&out, &pos, 2);
    let (out, err) = session(&format!("set depth {}\nset game {}\ngo\n", EXACT_UP_TO + 1, ggf(&board_of(&pos), "")));
    assert!(err.is_empty(), "{:?}", err);
    check_go(&out, &pos, 0);
}

#[test]
fn go_spends_the_clock_of_the_record() {
    let pos = endgame(5, EXACT_UP_TO + 1);
    let board = board_of(&pos);
    // An hour left: these empty squares are solved, whatever the depth set.
    let (out, err) = session(&format!("set depth 1\nset game {}\ngo\n", clocked(&board, "", "1:00:00")));
    assert!(err.is_empty(), "{:?}", err);
    check_go(&out, &pos, 0);
    // A second left: the search, as deep as the time allows (the first ply at least).
    let (out, err) = session(&format!("set depth 1\nset game {}\ngo\n", clocked(&board, "", "0:01")));
    assert!(err.is_empty(), "{:?}", err);
    check_go(&out, &pos, 1);
    // Black's time spent on its moves (white's does not count): no time left, the first
    // ply only, whatever the depth set.
    let record = clocked(START, "B[F5//100]W[F6//1]B[E6//200.5]", "5:00");
    let after = ["F5", "F6", "E6"].iter().fold(Position::start(), |p, m| p.play(Move::parse(m).unwrap()));
    assert_eq!(Record::from_ggf(&record).unwrap().left(), Some(299_000));
    let (out, err) = session(&format!("set depth 8\nset game {}\nmove F4//299\nmove e3/1.0/0.5\ngo\n", record));
    assert!(err.is_empty(), "{:?}", err);
    check_go(&out, &after.play(Move::parse("F4").unwrap()).play(Move::parse("E3").unwrap()), 1);
    // Clocks that do not read are no clock.
    for bad in ["", "5:xx", "1:2:3:4", "-5"] {
        assert_eq!(Record::from_ggf(&clocked(START, "", bad)).unwrap().left(), None, "{}", bad);
    }
}

#[test]
fn analyze_values_every_position_from_the_last() {
    let moves = ["F5", "D6", "C3", "D3", "C4"];
    let mut positions = vec![Position::start()];
    let mut tags = String::new();
    for (i, m) in moves.iter().enumerate() {
        positions.push(positions[i].play(Move::parse(m).unwrap()));
        tags += &format!("{}[{}]", if i % 2 == 0 { "B" } else { "W" }, m);
    }
    let (out, err) = session(&format!("set depth 2\nset game {}\nanalyze\n", ggf(START, &tags)));
    assert!(err.is_empty(), "{:?}", err);
    assert_eq!(out.len(), moves.len() + 4, "{:?}", out);
    assert_eq!(out[0], "status thinking");
    for (k, line) in out[1..=moves.len() + 1].iter().enumerate() {
        let made = moves.len() - k;
        assert_eq!(line, &format!("analysis {} {}", made, discs(value(&positions[made], 2))));
    }
    check_nodestats(&out[moves.len() + 2]);
    assert_eq!(out[moves.len() + 3], "status");
}

#[test]
fn ggf_records_are_read() {
    // Passes written or not, moves in any case with evaluations and times.
    let written = Record::from_ggf(&ggf(PASS_BOARD, "B[PA]W[D1]")).unwrap();
    let implied = Record::from_ggf(&ggf(PASS_BOARD, "W[d1/1.50/0.01]")).unwrap();
    assert_eq!((written.start, &written.moves), (implied.start, &implied.moves));
    assert_eq!((written.used.as_slice(), implied.used.as_slice()), (&[0, 0][..], &[0, 10][..]));
    assert_eq!(written.moves, [Move::PASS, Move::parse("D1").unwrap()]);
    assert!(written.position().is_over());
    // The board in rows, white to move; tags in any order, spaced out.
    let rows = "8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- O";
    let record = Record::from_ggf(&format!("(; GM[Othello] BO[{}] W[F4] PB[a] ;)", rows)).unwrap();
    assert_eq!(record.start, Position::start().passed());
    assert_eq!(record.moves, [Move::parse("F4").unwrap()]);
    // What is wrong is said.
    for (text, why) in [
        ("", "(;"),
        ("(;GM[Othello]BO[8 --- *];)", "64 cells"),
        ("(;GM[Othello]BO[10 ---------------------------O*------*O--------------------------- *];)", "8x8"),
        ("(;GM[Chess]BO[8 ---------------------------O*------*O--------------------------- *];)", "Othello"),
        ("(;GM[Othello];)", "no board"),
        ("(;GM[Othello]B[F5]BO[8 ---------------------------O*------*O--------------------------- *];)", "before"),
        (
            "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]W[F5];)",
            "black is to move",
        ),
        ("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[A1];)", "not legal"),
        ("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[Z9];)", "not a move"),
        ("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5;)", "tag"),
        ("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- ?];)", "side"),
    ] {
        let e = Record::from_ggf(text).expect_err(text);
        assert!(e.contains(why), "{:?}: {:?}", text, e);
    }
}

#[test]
fn bad_commands_get_one_error_line_each_and_the_session_goes_on() {
    let record = ggf(START, "B[F5]W[F6]");
    let pos = Position::start().play(Move::parse("F5").unwrap()).play(Move::parse("F6").unwrap());
    let bad = [
        "set depth x",
        "set depth 0",
        "set depth 61",
        "set depth",
        "set contempt much",
        "set colour blue",
        "set",
        "move z9",
        "move A1",
        "move F5 F6",
        "move F5/x",
        "move",
        "frobnicate",
        "set game (;GM[Othello]BO[8 --- *];)",
        "set game",
        "hint",
        "hint 0",
        "hint two",
        "go now",
        "ping",
        "ping one",
        "nboard 1",
        "nboard",
        "learn everything",
    ];
    let mut script = format!("nboard 2\nset depth 2\nset game {}\n", record);
    for (i, line) in bad.iter().enumerate() {
        script += &format!("{}\nping {}\n", line, i);
    }
    script += "go\n";
    let (out, err) = session(&script);
    assert_eq!(err.len(), bad.len(), "{:?}", err);
    for (line, e) in bad.iter().zip(err.iter()) {
        assert!(e.starts_with("error: "), "{}: {:?}", line, e);
    }
    assert!(err[8].contains("A1 is not legal"), "{:?}", err[8]);
    assert!(err[12].contains("unknown command 'frobnicate'"), "{:?}", err[12]);
    // Nothing but the pongs, and the game, depth and all as they were.
    assert_eq!(out[0], "set myname otello");
    for i in 0..bad.len() {
        assert_eq!(out[1 + i], format!("pong {}", i));
    }
    check_go(&out[1 + bad.len()..], &pos, 2);
}

/// An error output whose every write fails, as `2>/dev/full` does.
struct Full;

impl Write for Full {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::new(io::ErrorKind::Other, "no space left"))
    }
    fn flush(&mut self) -> io::Result<()> {
        Err(io::Error::new(io::ErrorKind::Other, "no space left"))
    }
}

/// A line longer than `MAX_LINE` gets one error line (its start, escaped and cut) and is
/// skipped to its end; a line of `MAX_LINE` bytes is read as any other; a lone CR ends a
/// line; an error output that cannot be written ends no session.
#[test]
fn long_lines_lone_crs_and_a_failing_error_output_end_no_session() {
    let script = format!(
        "ping 1\n{}\rping 2\r\n\u{1b}{}\nping 3\r{}\nping 4\n",
        "x".repeat(MAX_LINE + 1),
        "é".repeat(MAX_LINE),
        "y".repeat(MAX_LINE)
    );
    let (out, err) = session(&script);
    assert_eq!(out, ["pong 1", "pong 2", "pong 3", "pong 4"]);
    let long = format!("error: a line longer than {} bytes: ", MAX_LINE);
    assert_eq!(err.len(), 3, "{:?}", err);
    assert_eq!(err[0], format!("{}'{}...'", long, "x".repeat(20)));
    assert_eq!(err[1], format!("{}'\\u{{1b}}{}...'", long, "é".repeat(19)));
    assert_eq!(err[2], format!("error: unknown command '{}...'", "y".repeat(20)));
    let mut out = Vec::new();
    let script = b"bogus\nping 5\rping 6\n".to_vec();
    nboard::run(&mut Cursor::new(script), &mut out, &mut Full).expect("the session ends at the input's end");
    assert_eq!(String::from_utf8(out).unwrap(), "pong 5\npong 6\n");
}

/// When the input ends during a search (the GUI has gone), the search stops and the
/// session ends: `go` answers with a legal move, `hint` and `analyze` with no values. With
/// `set depth 60` from the start, `go` and `hint` would solve 60 empty squares exactly and
/// `set depth 59` searches 59 plies: none of them would end otherwise.
#[test]
fn the_end_of_the_input_stops_a_search() {
    for depth in [60, 59] {
        let (out, err) = ended_session(&format!("nboard 2\nset depth {}\ngo", depth));
        assert!(err.is_empty(), "{:?}", err);
        assert_eq!(out.len(), 5, "{:?}", out);
        assert_eq!(out[..2], ["set myname otello", "status thinking"]);
        assert!(out[2].starts_with("nodestats "), "{:?}", out);
        let answer = out[3].strip_prefix("=== ").expect("a move");
        let m = answer.split('/').next().unwrap();
        assert!(["D3", "C4", "F5", "E6"].contains(&m), "{:?}", out);
        assert_eq!(out[4], "status");
    }
    for command in ["hint 4", "analyze"] {
        let (out, err) = ended_session(&format!("set depth 60\n{}", command));
        assert!(err.is_empty(), "{:?}", err);
        assert_eq!(out.len(), 3, "{:?}", out);
        assert_eq!((out[0].as_str(), out[2].as_str()), ("status thinking", "status"));
        assert!(out[1].starts_with("nodestats "), "{:?}", out);
    }
    // Lines after a search wait for it: the same search followed by `ping` answers in full.
    let (out, _) = ended_session("set depth 4\ngo\nping 1");
    let (full, _) = session("set depth 4\ngo");
    assert_eq!(out[..out.len() - 1], full[..], "{:?}", out);
    assert_eq!(out[out.len() - 1], "pong 1");
}

/// A match game (`examples/nboard_match.rs`, at depth 6) whose last `go`, at 20 empty
/// squares with the tables of the solves before it, once made a selective pass of the
/// root's climb step back and forth for ever: every `go` of it answers.
#[test]
fn every_go_of_a_match_game_answers() {
    let moves =
        "D3 E3 E2 F3 F2 F4 C5 E1 B3 A3 G4 H4 D2 C2 B5 F1 G5 D1 A4 A5 H3 H2 G3 G6 E6 A6 B1 C6 B2 F6 H5 H6 F7 D7 E7 D8";
    let mut script = String::from(
        "set game (;GM[Othello]BO[8 ------------------O------OOO*------***-------------------------- *];)\n",
    );
    let moves: Vec<&str> = moves.split_whitespace().collect();
    for pair in moves.chunks(2) {
        script += &format!("go\nmove {}\nmove {}\n", pair[0], pair[1]);
    }
    script += "go";
    let (out, err) = session(&script);
    assert!(err.is_empty(), "{:?}", err);
    assert_eq!(out.iter().filter(|l| l.starts_with("=== ")).count(), 19, "{:?}", out);
}
