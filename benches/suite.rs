//! `make bench`: times the suite on fixed inputs and prints one table row per case.
//!
//! Every input is generated here from fixed seeds, so runs are comparable. Times are wall
//! clock, best of several runs; the machines are shared, so compare ratios within a run.

use std::time::{Duration, Instant};

use othello::board::{Board, Color};
use othello::rules::{Flanking, Rules};

/// A small xorshift generator: the same inputs on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The best of `runs` timings of `f`.
fn best<F: FnMut()>(runs: usize, mut f: F) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .expect("at least one run")
}

/// A random game on an `n × n` board, played until nobody can move, in Jutge's format.
fn jutge_game(n: usize, rng: &mut Rng) -> (String, usize) {
    let mut board = Board::start(n);
    let mut color = Color::Black;
    let mut input = format!("{}\n", n);
    let mut moves = 0;
    while !Flanking::game_over(&board, color) {
        let legal = Flanking::legal_moves(&board, color);
        if legal.is_empty() {
            color = color.opponent();
            continue;
        }
        let at = legal[rng.below(legal.len())];
        Flanking::play(&mut board, color, at).expect("a legal move");
        let (r, c) = board.coords(at);
        input.push_str(&format!("{} {} {}\n", if color == Color::Black { 'N' } else { 'B' }, r + 1, c + 1));
        moves += 1;
        color = color.opponent();
    }
    (input, moves)
}

/// `games` UVa 220 games from the start position, each listing and playing 10 moves.
fn uva_games(games: usize, rng: &mut Rng) -> String {
    let mut input = format!("{}\n", games);
    for _ in 0..games {
        let mut board = Board::start(8);
        let mut rows = Vec::new();
        board.write(&mut rows, &othello::uva220::ALPHABET).expect("writes to memory");
        input.push_str(&String::from_utf8(rows).expect("ASCII"));
        input.push_str("B\n");
        let mut color = Color::Black;
        for _ in 0..10 {
            let legal = Flanking::legal_moves(&board, color);
            if legal.is_empty() {
                break;
            }
            let at = legal[rng.below(legal.len())];
            Flanking::play(&mut board, color, at).expect("a legal move");
            let (r, c) = board.coords(at);
            input.push_str(&format!("L\nM{}{}\n", r + 1, c + 1));
            color = color.opponent();
        }
        input.push_str("Q\n");
    }
    input
}

fn row(case: &str, time: Duration, detail: &str) {
    println!("| {:<40} | {:>10.3} ms | {} |", case, time.as_secs_f64() * 1e3, detail);
}

fn main() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    println!("| case | time | detail |");
    println!("|---|---:|---|");

    let input = uva_games(1000, &mut rng);
    let mut out = Vec::new();
    let t = best(5, || {
        out.clear();
        othello::uva220::solve(&input, &mut out).expect("a valid input");
    });
    row("uva220: 1000 games, 10 moves each", t, &format!("{} KB in, {} KB out", input.len() / 1024, out.len() / 1024));

    let (input, moves) = jutge_game(50, &mut rng);
    let t = best(5, || {
        out.clear();
        othello::jutge_p18992::solve(&input, &mut out).expect("a valid input");
    });
    row(&format!("jutge_p18992: 50x50, {} moves", moves), t, &format!("{} KB out", out.len() / 1024));
}
