//! Trains the pattern evaluation whose estimate starts the endgame solver's search
//! (`src/pattern.rs`, weights in `data/pattern-weights.bin`). The weights in the
//! repository were made by:
//!
//! ```text
//! cargo run --release --example train_eval -- gen 11 100000 > a.txt
//! cargo run --release --example train_eval -- gen 22 100000 > b.txt
//! cargo run --release --example train_eval -- fit a.txt b.txt > data/pattern-weights.bin
//! ```
//!
//! `gen SEED COUNT` plays games from the start (mostly the move that leaves the opponent
//! the fewest moves, one move in eight at random), stops each at 14 to 19 empty squares
//! and solves it exactly, then plays on and solves again at each number of empty squares
//! down to 12: COUNT lines, each the board from the mover's view (`X` the player to
//! move, `O` the opponent, `-` empty) and its exact score. About 10 ms per position.
//! `fit FILE...` fits the weights to the scores by stochastic gradient descent on the
//! squared error (30 passes, a little weight decay), reports the error on every tenth
//! position (held out) and writes the weights, scaled by `pattern::SCALE`.

use std::io::{self, BufWriter, Write};

use othello::core::position::Position;
use othello::core::rng::Rng;
use othello::engine::endgame::Solver;
use othello::engine::pattern::{for_each_feature, FEATURES, SCALE, WEIGHTS};
use othello::engine::symmetry::images;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(|s| s.as_str()) {
        Some("gen") if args.len() == 3 => gen(args[1].parse().expect("a seed"), args[2].parse().expect("a count")),
        Some("fit") if args.len() >= 2 => fit(&args[1..]),
        _ => {
            eprintln!("usage: train_eval gen SEED COUNT | fit FILE...");
            std::process::exit(2);
        }
    }
}

/// The game from `pos` played on until `empties` squares are empty, or `None` if it ends
/// first.
fn play_to(rng: &mut Rng, mut pos: Position, empties: u32) -> Option<Position> {
    while pos.empty().count_ones() > empties {
        let legal = pos.legal();
        if legal == 0 {
            if pos.passed().legal() == 0 {
                return None;
            }
            pos = pos.passed();
            continue;
        }
        let squares: Vec<u32> = (0..64).filter(|&s| legal >> s & 1 == 1).collect();
        let sq = if rng.below(8) == 0 {
            squares[rng.below(squares.len())]
        } else {
            // The least mobility for the opponent, ties broken at random.
            let salt = rng.below(64) as u32;
            *squares.iter().min_by_key(|&&s| pos.play_square(s).legal().count_ones() * 64 + (s ^ salt)).expect("a move")
        };
        pos = pos.play_square(sq);
    }
    if pos.legal() == 0 {
        // Positions to order moves in have moves.
        return None;
    }
    Some(pos)
}

fn gen(seed: u64, count: usize) {
    let mut rng = Rng::new(seed);
    let mut solver = Solver::new(1 << 21);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut made = 0;
    while made < count {
        // One game gives a position at each number of empty squares from 14-19 down to 12.
        let mut empties = 14 + rng.below(6) as u32;
        let mut pos = match play_to(&mut rng, Position::start(), empties) {
            Some(p) => p,
            None => continue,
        };
        loop {
            let score = solver.solve(&pos).score;
            let board: String = (0..64)
                .map(|s| {
                    if pos.player >> s & 1 == 1 {
                        'X'
                    } else if pos.opponent >> s & 1 == 1 {
                        'O'
                    } else {
                        '-'
                    }
                })
                .collect();
            writeln!(out, "{} {}", board, score).expect("stdout");
            made += 1;
            if empties == 12 || made == count {
                break;
            }
            empties -= 1;
            pos = match play_to(&mut rng, pos, empties) {
                Some(p) => p,
                None => break,
            };
        }
        out.flush().expect("stdout");
    }
}

/// One training position: the weights it selects and its exact score.
struct Sample {
    features: [u32; FEATURES],
    score: f32,
}

fn read_samples(paths: &[String]) -> Vec<Sample> {
    let mut samples = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).expect("a readable file");
        for line in text.lines() {
            let mut fields = line.split_whitespace();
            let (board, score) = match (fields.next(), fields.next().and_then(|s| s.parse::<f32>().ok())) {
                (Some(b), Some(s)) if b.len() == 64 => (b, s),
                _ => continue,
            };
            let (mut p, mut o) = (0u64, 0u64);
            for (sq, ch) in board.bytes().enumerate() {
                match ch {
                    b'X' => p |= 1 << sq,
                    b'O' => o |= 1 << sq,
                    _ => {}
                }
            }
            // Each position is learnt in all eight of its images, all with its score.
            for &(p, o) in images(p, o).iter() {
                let mut features = [0u32; FEATURES];
                let mut k = 0;
                for_each_feature(p, o, |i| {
                    features[k] = i as u32;
                    k += 1;
                });
                samples.push(Sample { features, score });
            }
        }
    }
    samples
}

fn fit(paths: &[String]) {
    let samples = read_samples(paths);
    // Every tenth position is held out to measure the error on positions not trained on.
    let (train, test): (Vec<&Sample>, Vec<&Sample>) = {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for (i, s) in samples.iter().enumerate() {
            if i / 8 % 10 == 9 {
                b.push(s)
            } else {
                a.push(s)
            }
        }
        (a, b)
    };
    let mut w = vec![0f32; WEIGHTS];
    let predict = |w: &[f32], s: &Sample| s.features.iter().map(|&i| w[i as usize]).sum::<f32>();
    let rms = |w: &[f32], set: &[&Sample]| {
        (set.iter().map(|s| (predict(w, s) - s.score).powi(2)).sum::<f32>() / set.len().max(1) as f32).sqrt()
    };
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = Rng::new(7);
    let epochs = 30;
    for epoch in 0..epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let rate = 0.002 * (1.0 - epoch as f32 / epochs as f32) + 0.0002;
        for &i in &order {
            let s = train[i];
            let err = predict(&w, s) - s.score;
            for &f in s.features.iter() {
                let f = f as usize;
                w[f] -= rate * (err + 0.01 * w[f]);
            }
        }
        eprintln!(
            "epoch {:2}: rms error {:.2} discs on {} training positions, {:.2} on {} held out",
            epoch,
            rms(&w, &train),
            train.len(),
            rms(&w, &test),
            test.len()
        );
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for &x in &w {
        let q = (x * SCALE as f32).round().max(i16::MIN as f32).min(i16::MAX as f32) as i16;
        out.write_all(&q.to_le_bytes()).expect("stdout");
    }
}
