use super::super::super::core::bitboard::Bits;
use super::super::super::core::position::{Position, Turn};
use super::super::super::core::rng::Rng;
use super::super::super::core::rules::Flanking;
use super::super::endgame::Solver;
use super::*;

/// Positions of random games, every ply of each.
fn random_positions(games: usize) -> Vec<(u64, u64)> {
    let mut rng = Rng::new(7);
    let mut found = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start();
        loop {
            found.push((pos.player, pos.opponent));
            match pos.turn::<Flanking>(pos.empty()) {
                Turn::Play(moves) => {
                    let pick = rng.below(moves.count_ones() as usize);
                    pos = pos.play_square(Bits(moves).nth(pick).expect("a move"));
                }
                Turn::Pass => pos = pos.passed(),
                Turn::Over => break,
            }
        }
    }
    found
}

#[test]
fn the_weight_file_holds_every_weight() {
    assert_eq!(TRAINED.len(), 2 * WEIGHTS);
    assert_eq!(OFFSETS[0], 0);
    assert_eq!(OFFSETS[1], 59049);
    assert_eq!(OFFSETS[11], 2 * 59049 + 19683 + 4 * 6561 + 2187 + 729 + 243 + 81);
}

#[test]
fn images_of_a_position_score_the_same() {
    for &(p, o) in random_positions(50).iter() {
        let scores: Vec<i32> = images(p, o).iter().map(|&(a, b)| evaluate(a, b)).collect();
        assert!(scores.iter().all(|&s| s == scores[0]), "{:x} {:x}: {:?}", p, o, scores);
    }
    // Black's four first moves, seen by white.
    let start = Position::start();
    let replies: Vec<i32> =
        Bits(start.legal()).map(|sq| evaluate(start.play_square(sq).player, start.play_square(sq).opponent)).collect();
    assert_eq!(replies.len(), 4);
    assert!(replies.iter().all(|&s| s == replies[0]), "{:?}", replies);
}

#[test]
fn tied_weights_are_one_per_class_of_configurations() {
    for i in 0..PHASE_WEIGHTS {
        let t = tied(i);
        assert!(t <= i && tied(t) == t, "{} -> {}", i, t);
    }
    // In another phase the same weight is tied the same way.
    assert_eq!(tied(3 * PHASE_WEIGHTS + 2187), 3 * PHASE_WEIGHTS + 1);
    // The 2x5 corner block has no symmetry of its own: every weight is its own.
    assert!((OFFSETS[1]..OFFSETS[2]).all(|i| tied(i) == i));
    // The 3x3 corner block is its own transpose: some weights are shared.
    assert!((OFFSETS[2]..OFFSETS[3]).any(|i| tied(i) != i));
}

#[test]
fn phases_cover_every_number_of_empty_squares() {
    assert_eq!(phase(0), 0);
    assert_eq!(phase(6), 0);
    assert_eq!(phase(7), 1);
    assert_eq!(phase(54), 8);
    assert_eq!(phase(60), PHASES - 1);
}

#[test]
fn ternary_reads_binary_digits_in_base_three() {
    assert_eq!(TERNARY[0], 0);
    assert_eq!(TERNARY[0b1], 1);
    assert_eq!(TERNARY[0b101], 1 + 9);
    assert_eq!(TERNARY[0b11_1111_1111], (59049 - 1) / 2);
}

#[test]
fn every_position_selects_its_features_within_the_weights() {
    for &(p, o) in random_positions(50).iter() {
        let mut seen = Vec::new();
        for_each_feature(p, o, |i| seen.push(i));
        assert_eq!(seen.len(), FEATURES);
        assert!(seen.iter().all(|&i| i < WEIGHTS));
        // Each reading of a shape selects a weight of the shape's table.
        for (&i, &(_, shape)) in seen.iter().zip(INSTANCES.iter()) {
            assert!(OFFSETS[shape] <= i % PHASE_WEIGHTS && i % PHASE_WEIGHTS < OFFSETS[shape + 1]);
        }
    }
}

/// The squares of the board that image `image`'s reading of `mask` covers.
fn squares_read(image: usize, mask: u64) -> u64 {
    (0..64).filter(|&sq| images(1u64 << sq, 0)[image].0 & mask != 0).fold(0, |m, sq| m | 1u64 << sq)
}

#[test]
fn every_place_of_every_shape_is_read_once() {
    for (shape, &mask) in SHAPES.iter().enumerate() {
        let mut places: Vec<u64> = (0..8).map(|image| squares_read(image, mask)).collect();
        places.sort();
        places.dedup();
        let mut read: Vec<u64> = INSTANCES.iter().filter(|i| i.1 == shape).map(|i| squares_read(i.0, mask)).collect();
        read.sort();
        assert_eq!(read, places, "shape {}", shape);
    }
    // The edges are the four edges with their X-squares.
    let edges: u64 = INSTANCES.iter().filter(|i| i.1 == 0).fold(0, |m, i| m | squares_read(i.0, SHAPES[0]));
    assert_eq!(edges, 0xff81_8181_8181_81ff | 0x0042_0000_0000_4200);
}

#[test]
fn the_trained_weights_predict_exact_scores() {
    // Positions of random games with 12 empty squares, solved exactly: the evaluation's
    // error is far below the spread of the scores (what a constant guess would make).
    let mut solver = Solver::new(1 << 16);
    let (mut error, mut spread, mut n) = (0f64, 0f64, 0f64);
    let (mut sum, mut squares) = (0f64, 0f64);
    for &(p, o) in random_positions(400).iter().filter(|&&(p, o)| (p | o).count_ones() == 52) {
        let exact = solver.solve(&Position { player: p, opponent: o }).score as f64;
        let guess = evaluate(p, o) as f64 / SCALE as f64;
        error += (guess - exact) * (guess - exact);
        sum += exact;
        squares += exact * exact;
        n += 1.0;
    }
    spread = (spread + squares / n - (sum / n) * (sum / n)).sqrt();
    let error = (error / n).sqrt();
    assert!(n > 300.0, "{} positions", n);
    assert!(error < 0.6 * spread, "rms error {:.1} discs, spread {:.1}", error, spread);
}
