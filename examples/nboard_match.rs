//! A match between two engines that speak NBoard, each its own process, as the NBoard GUI
//! would run it: every game from one of `openings` random openings (4 plies, seeded),
//! each opening played twice with the colours swapped. The driver keeps the game and its
//! rules; each engine is told the start (`set game`) and every move (`move`), and asked
//! for its own (`go`) at the depth given.
//!
//! ```text
//! cargo run --release --example nboard_match -- DEPTH OPENINGS "ENGINE A" "ENGINE B"
//! cargo run --release --example nboard_match -- 6 50 "target/release/otello nboard" "old/otello nboard"
//! ```
//!
//! It prints A's wins, losses and draws, its score (a win 1, a draw ½) and the mean disc
//! difference, from A's side.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use othello::core::position::Position;
use othello::engine::arena::openings;
use othello::engine::game::Game;
use othello::engine::position::Move;

/// One engine process and its pipes.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(command: &str, depth: u32) -> Engine {
        let words: Vec<&str> = command.split_whitespace().collect();
        let mut child = Command::new(words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {}", command, e));
        let input = child.stdin.take().expect("a pipe");
        let output = BufReader::new(child.stdout.take().expect("a pipe"));
        let mut engine = Engine { child, input, output };
        engine.send(&format!("nboard 2\nset depth {}", depth));
        engine
    }

    fn send(&mut self, lines: &str) {
        writeln!(self.input, "{}", lines).expect("the engine reads");
        self.input.flush().expect("the engine reads");
    }

    /// The engine's move in the position it was told of.
    fn go(&mut self) -> Move {
        self.send("go");
        let mut line = String::new();
        loop {
            line.clear();
            assert!(self.output.read_line(&mut line).expect("the engine writes") > 0, "the engine stopped");
            if let Some(rest) = line.trim().strip_prefix("=== ") {
                let name = rest.split('/').next().unwrap_or("");
                return if name == "PA" { Move::PASS } else { Move::parse(name).expect("a move") };
            }
        }
    }
}

/// The GGF record of `pos` with no move made yet.
fn ggf(pos: &Position, black_to_move: bool) -> String {
    let (black, white) = if black_to_move { (pos.player, pos.opponent) } else { (pos.opponent, pos.player) };
    let cells: String = (0..64)
        .map(|sq| {
            if black >> sq & 1 == 1 {
                '*'
            } else if white >> sq & 1 == 1 {
                'O'
            } else {
                '-'
            }
        })
        .collect();
    format!("(;GM[Othello]BO[8 {} {}];)", cells, if black_to_move { '*' } else { 'O' })
}

/// Plays one game; returns black's discs less white's at the end.
fn play(engines: &mut [Engine; 2], start: Position, black_to_move: bool) -> i32 {
    let record = ggf(&start, black_to_move);
    for e in engines.iter_mut() {
        e.send(&format!("set game {}", record));
    }
    let (mut pos, mut black) = (start, black_to_move);
    loop {
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        if moves.is_empty() {
            return if black { pos.margin() } else { -pos.margin() };
        }
        let m = if moves == [Move::PASS] { Move::PASS } else { engines[!black as usize].go() };
        assert!(moves.contains(&m), "an illegal move {}", m);
        let name = if m == Move::PASS { "PA".to_string() } else { m.to_string() };
        for e in engines.iter_mut() {
            e.send(&format!("move {}", name));
        }
        pos = pos.play(m);
        black = !black;
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 4 {
        eprintln!("usage: nboard_match DEPTH OPENINGS \"ENGINE A\" \"ENGINE B\"");
        std::process::exit(2);
    }
    let depth: u32 = args[0].parse().expect("a depth");
    let count: usize = args[1].parse().expect("a number of openings");
    let (mut wins, mut losses, mut draws, mut discs) = (0, 0, 0, 0i64);
    for (start, black_to_move) in openings(count, 4, 1) {
        for &a_is_black in [true, false].iter() {
            let (a, b) = (Engine::start(&args[2], depth), Engine::start(&args[3], depth));
            let mut engines = if a_is_black { [a, b] } else { [b, a] };
            let margin = play(&mut engines, start, black_to_move);
            let for_a = if a_is_black { margin } else { -margin };
            discs += for_a as i64;
            match for_a.signum() {
                1 => wins += 1,
                -1 => losses += 1,
                _ => draws += 1,
            }
            for mut e in engines {
                e.send("quit");
                let _ = e.child.wait();
            }
        }
    }
    let games = wins + losses + draws;
    println!(
        "A against B at depth {}: {} games, {}-{}-{} (wins-losses-draws), score {:.1}%, {:+.2} discs a game",
        depth,
        games,
        wins,
        losses,
        draws,
        100.0 * (wins as f64 + draws as f64 / 2.0) / games as f64,
        discs as f64 / games as f64
    );
}
