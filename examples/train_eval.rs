//! Trains the pattern evaluation (`src/engine/pattern.rs`, weights in
//! `data/pattern-weights.bin`) and measures it. `make weights` runs the whole of it:
//!
//! ```text
//! train_eval gen SEED 500 > part-SEED.txt      # for each seed of the Makefile's SEEDS
//! train_eval gen 1000 60 > holdout.txt         # games not trained on
//! train_eval fit data/pattern-prior.bin holdout.txt part-*.txt > data/pattern-weights.bin
//! ```
//!
//! - `gen SEED GAMES` plays GAMES seeded games and writes every position where the player
//!   to move has a move, with a score for that player (see `game`): a line each, the board
//!   from the mover's view (`X` the player to move, `O` the opponent, `-` empty), the
//!   score, and `e` (exact) or `g` (the exact score of the game's later position).
//! - `fit PRIOR TEST TRAIN...` fits the weights of every phase, from PRIOR, and prints
//!   the mean absolute error per phase on TEST.
//! - `error FILE` prints how far the best move's value after 1, 4 and 8 plies is from the
//!   exact score on FILE's positions of 14 to 20 empty squares; `probcut FILE` the
//!   standard deviation of the shallow searches' error that the solver's ProbCut takes.

use std::io::{self, BufWriter, Write};

use othello::core::bitboard::Bits;
use othello::core::position::{Position, Turn};
use othello::core::rng::Rng;
use othello::core::rules::Flanking;
use othello::engine::analysis::move_values;
use othello::engine::endgame::Solver;
use othello::engine::eval::Eval;
use othello::engine::game::Heuristic;
use othello::engine::pattern::{for_each_feature, phase, tied, FEATURES, PHASES, PHASE_WEIGHTS, SCALE, WEIGHTS};
use othello::engine::search::{Limits, Searcher};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(|s| s.as_str()) {
        Some("gen") if args.len() == 3 => gen(args[1].parse().expect("a seed"), args[2].parse().expect("a count")),
        Some("fit") if args.len() >= 4 => fit(&args[1..]),
        Some("error") if args.len() == 2 => error(&args[1]),
        Some("probcut") if args.len() == 2 => probcut(&args[1]),
        _ => {
            eprintln!("usage: train_eval gen SEED GAMES | fit PRIOR TEST TRAIN... | error FILE | probcut FILE");
            std::process::exit(2);
        }
    }
}

/// Empty squares from which every position is solved exactly for its label.
const LABELLED_FROM: u32 = 18;
/// The search depth of the moves after the opening, in plies.
const DEPTH: u32 = 6;

fn write_line(out: &mut dyn Write, pos: Position, score: i32, kind: char) {
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
    writeln!(out, "{} {} {}", board, score, kind).expect("stdout");
}

/// One game for training: `opening` random plies from the start, then moves searched
/// `DEPTH` plies deep by the mobility heuristic (a player that no training changes, so
/// that the same seed makes the same games). Every position where the player to move
/// has a move is written with a score for that player: exact from [`LABELLED_FROM`] empty
/// squares down (each solved), and above it the exact score of the game's first position
/// of `LABELLED_FROM` empty squares (the game played on perfectly from there), seen from
/// its player.
fn game(rng: &mut Rng, solver: &mut Solver, out: &mut dyn Write) -> usize {
    let mut searcher = Searcher::new(Eval::Mobility, 1 << 16);
    let opening = 4 + rng.below(17);
    let mut pos = Position::start();
    let mut black = true;
    // Positions above LABELLED_FROM empties, with whether black is to move there.
    let mut waiting: Vec<(Position, bool)> = Vec::new();
    let mut written = 0;
    let mut ply = 0;
    loop {
        let legal = match pos.turn::<Flanking>(pos.empty()) {
            Turn::Over => {
                // The game ended above LABELLED_FROM: its result labels what waits.
                let score = pos.final_score();
                for &(p, b) in waiting.iter() {
                    write_line(out, p, if b == black { score } else { -score }, 'g');
                }
                return written + waiting.len();
            }
            Turn::Pass => {
                pos = pos.passed();
                black = !black;
                continue;
            }
            Turn::Play(legal) => legal,
        };
        let empties = pos.empty().count_ones();
        if empties <= LABELLED_FROM {
            let score = solver.solve(&pos).score;
            if !waiting.is_empty() {
                for &(p, b) in waiting.iter() {
                    write_line(out, p, if b == black { score } else { -score }, 'g');
                }
                written += waiting.len();
                waiting.clear();
            }
            write_line(out, pos, score, 'e');
            written += 1;
        } else {
            waiting.push((pos, black));
        }
        let sq = if ply < opening {
            Bits(legal).nth(rng.below(legal.count_ones() as usize)).expect("a move")
        } else {
            let best = searcher.search(&pos, Limits::depth(DEPTH)).best.expect("a move");
            best.to_square().expect("not a pass")
        };
        pos = pos.play_square(sq);
        black = !black;
        ply += 1;
    }
}

fn gen(seed: u64, games: usize) {
    let mut rng = Rng::new(seed);
    let mut solver = Solver::new(1 << 21);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for _ in 0..games {
        game(&mut rng, &mut solver, &mut out);
        out.flush().expect("stdout");
    }
}

/// One training position: the weights it selects (each as the weight it shares, see
/// `pattern::tied`), its phase and its score.
struct Sample {
    features: [u32; FEATURES],
    phase: u8,
    score: f32,
}

/// The positions of a file of `gen` lines: `(player, opponent, score)`.
fn read_positions(path: &str) -> Vec<(u64, u64, i32)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {}", path, e));
    let mut found = Vec::new();
    for line in text.lines() {
        let mut fields = line.split_whitespace();
        let (board, score) = match (fields.next(), fields.next().and_then(|s| s.parse::<i32>().ok())) {
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
        found.push((p, o, score));
    }
    found
}

fn read_samples(paths: &[String], ties: &[u32]) -> Vec<Sample> {
    let mut samples = Vec::new();
    for path in paths {
        for (p, o, score) in read_positions(path) {
            let mut features = [0u32; FEATURES];
            let mut k = 0;
            for_each_feature(p, o, |i| {
                features[k] = (i - i % PHASE_WEIGHTS) as u32 + ties[i % PHASE_WEIGHTS];
                k += 1;
            });
            let phase = phase((!(p | o)).count_ones()) as u8;
            samples.push(Sample { features, phase, score: score as f32 });
        }
    }
    samples
}

/// `fit PRIOR TEST TRAIN...`: fits the weights, from those of PRIOR ([`prior`]), to the
/// scores of the TRAIN files, reports the mean absolute error per phase on the positions
/// of TEST (games not trained on), and writes the weights.
/// How many positions' worth of zero error every weight's mean starts with: a weight
/// moves from the prior only as far as many positions agree.
const DAMPING: f32 = 400.0;

/// The starting weights: those of `path`, the single-phase evaluation that came before
/// (its shapes, mobility tables and constant, in the layout of one phase without the
/// parity weights), in every phase, each weight the mean of the weights it is tied to.
fn prior(path: &str, ties: &[u32]) -> Vec<f32> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {}", path, e));
    let old: Vec<f32> = bytes.chunks(2).map(|c| i16::from_le_bytes([c[0], c[1]]) as f32 / SCALE as f32).collect();
    assert_eq!(old.len(), PHASE_WEIGHTS - 2, "{}: not the weights of one phase", path);
    let mut one = vec![0f32; PHASE_WEIGHTS];
    one[..old.len() - 1].copy_from_slice(&old[..old.len() - 1]);
    one[PHASE_WEIGHTS - 1] = old[old.len() - 1];
    let (mut sum, mut n) = (vec![0f32; PHASE_WEIGHTS], vec![0f32; PHASE_WEIGHTS]);
    for (i, &t) in ties.iter().enumerate() {
        sum[t as usize] += one[i];
        n[t as usize] += 1.0;
    }
    (0..WEIGHTS).map(|i| sum[ties[i % PHASE_WEIGHTS] as usize] / n[ties[i % PHASE_WEIGHTS] as usize]).collect()
}

fn fit(paths: &[String]) {
    let ties: Vec<u32> = (0..PHASE_WEIGHTS).map(|i| tied(i) as u32).collect();
    let train = read_samples(&paths[2..], &ties);

    let test = read_samples(&paths[1..2], &ties);
    let mut w = prior(&paths[0], &ties);
    let predict = |w: &[f32], s: &Sample| s.features.iter().map(|&i| w[i as usize]).sum::<f32>();
    let mae = |w: &[f32], set: &[Sample], phase: Option<u8>| {
        let chosen = set.iter().filter(|s| phase.map_or(true, |p| s.phase == p));
        let (sum, n) = chosen.fold((0f64, 0usize), |(e, n), s| (e + (predict(w, s) - s.score).abs() as f64, n + 1));
        (sum / n.max(1) as f64, n)
    };
    // Batch descent normalised by frequency: each pass moves every weight by the mean
    // error of the positions that select it, a step damped for weights few positions
    // select (they stay near 0 unless the data insists).
    let step = 2.0 / FEATURES as f32;
    let passes = 300;
    let mut count = vec![0f32; WEIGHTS];
    for s in train.iter() {
        for &f in s.features.iter() {
            count[f as usize] += 1.0;
        }
    }
    let mut gradient = vec![0f32; WEIGHTS];
    for pass in 0..passes {
        for g in gradient.iter_mut() {
            *g = 0.0;
        }
        for s in train.iter() {
            let err = s.score - predict(&w, s);
            for &f in s.features.iter() {
                gradient[f as usize] += err;
            }
        }
        for i in 0..WEIGHTS {
            if count[i] > 0.0 {
                w[i] += step * gradient[i] / (count[i] + DAMPING);
            }
        }
        if pass % 25 == 24 {
            eprintln!(
                "pass {:3}: mean absolute error {:.2} discs on {} training positions, {:.2} on {} held out",
                pass + 1,
                mae(&w, &train, None).0,
                train.len(),
                mae(&w, &test, None).0,
                test.len()
            );
        }
    }
    eprintln!("| phase | empty squares | trained on | held out | error (discs) |");
    eprintln!("|---:|---|---:|---:|---:|");
    for phase in 0..PHASES as u8 {
        let (train_error, trained) = mae(&w, &train, Some(phase));
        let (error, held) = mae(&w, &test, Some(phase));
        let from = 1 + 6 * phase as u32;
        let to = if phase as usize == PHASES - 1 { 60 } else { from + 5 };
        eprintln!(
            "| {} | {}-{} | {} | {} | {:.2} ({:.2} trained) |",
            phase, from, to, trained, held, error, train_error
        );
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for (i, _) in w.iter().enumerate() {
        // Every weight takes the value of the weight it shares.
        let x = w[i - i % PHASE_WEIGHTS + ties[i % PHASE_WEIGHTS] as usize];
        let q = (x * SCALE as f32).round().max(i16::MIN as f32).min(i16::MAX as f32) as i16;
        out.write_all(&q.to_le_bytes()).expect("stdout");
    }
}

/// `error FILE`: for the positions of FILE of 14 to 20 empty squares, each solved
/// exactly, how far the best move's value after a search of 1, 4 and 8 plies (`otello
/// analyse --depth D --exact 0`) is from the exact score, on average, in discs.
fn error(path: &str) {
    let mut solver = Solver::new(1 << 21);
    let positions: Vec<(u64, u64, i32)> = read_positions(path)
        .into_iter()
        .filter(|&(p, o, _)| (14..=20).contains(&(!(p | o)).count_ones()))
        .map(|(p, o, _)| (p, o, solver.solve(&Position { player: p, opponent: o }).score))
        .collect();
    for &depth in [1u32, 4, 8].iter() {
        let mut searcher = Searcher::new(Eval::Pattern, 1 << 18);
        let mut sum = 0f64;
        for &(p, o, score) in positions.iter() {
            let (values, _) = move_values(&Position { player: p, opponent: o }, None, &mut searcher, depth);
            let best = Eval::Pattern.discs(values[0].value).expect("in discs");
            sum += (best - score as f64).abs();
        }
        println!(
            "depth {}: {:.2} discs off on average over {} positions",
            depth,
            sum / positions.len() as f64,
            positions.len()
        );
    }
}

/// `probcut FILE`: for the positions of FILE (games not trained on) with exact scores
/// (12 to [`LABELLED_FROM`] empty squares),
/// the standard deviation of the exact score less the value of a search of 0 to 6 plies
/// with the pattern evaluation, in discs, per number of empty squares: what the
/// solver's ProbCut takes for the error of its shallow searches.
fn probcut(path: &str) {
    let positions = read_positions(path);
    println!("| empties | positions | depth 0 | depth 2 | depth 4 | depth 6 |");
    println!("|---:|---:|---:|---:|---:|---:|");
    for empties in 12..=LABELLED_FROM {
        let chosen: Vec<&(u64, u64, i32)> =
            positions.iter().filter(|&&(p, o, _)| (!(p | o)).count_ones() == empties).collect();
        let mut row = format!("| {} | {} |", empties, chosen.len());
        for &depth in [0u32, 2, 4, 6].iter() {
            let mut searcher = Searcher::new(Eval::Pattern, 1 << 16);
            let (mut sum, mut squares) = (0f64, 0f64);
            for &&(p, o, score) in chosen.iter() {
                let pos = Position { player: p, opponent: o };
                let value = if depth == 0 {
                    Eval::Pattern.evaluate(&pos)
                } else {
                    searcher.search(&pos, Limits::depth(depth)).value
                };
                let error = score as f64 - Eval::Pattern.discs(value).expect("in discs");
                sum += error;
                squares += error * error;
            }
            let n = chosen.len().max(1) as f64;
            row += &format!(" {:.2} |", (squares / n - (sum / n) * (sum / n)).sqrt());
        }
        println!("{}", row);
    }
}
