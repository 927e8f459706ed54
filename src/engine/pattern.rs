//! A pattern evaluation of 8×8 positions, trained on exact endgame scores and the results
//! of games played on perfectly: the α-β search's leaves, the endgame solver's estimate
//! and its re-sorting of moves.
//!
//! A *shape* is a set of up to ten squares (an edge with its two X-squares, a 2×5 and a
//! 3×3 corner block, the second to fourth rows, the diagonals of 4 to 8 squares). Each
//! shape is read wherever a symmetry of the square puts it ([`INSTANCES`]: the four
//! edges, the eight 2×5 blocks, ...), by reading it in the image of the board under that
//! symmetry. Each reading has a *configuration*, the base-3 number of the shape's squares
//! (0 empty, 1 the player to move's, 2 the opponent's; the lowest square is the lowest
//! digit), and each configuration of each shape has one weight per *phase* (the number
//! of empty squares, [`phase`]). Configurations that a symmetry of the shape maps onto
//! each other share their weight ([`tied`]), so that positions that are images of each
//! other score the same. The evaluation is the sum of the 46 weights a position selects
//! in its phase, plus a weight for the number of moves of each player, one for the parity
//! of the empty squares and a constant: an estimate of the final disc difference for the
//! player to move, in 1/[`SCALE`] discs.
//!
//! The weights are `i16`s, little-endian, in `data/pattern-weights.bin`: phase after
//! phase, each the shapes' tables one after the other in the order of [`SHAPES`], then the
//! two mobility tables, the two parity weights and the constant. `make weights` makes
//! them (`examples/train_eval.rs`).

use super::super::core::bitboard::{flanking_moves, gather, Bits};
use super::symmetry::images;

/// The shapes, as square masks in one orientation.
pub const SHAPES: [u64; 11] = [
    0x42ff,                // A1-H1 with B2 and G2
    0x1f1f,                // A1-E2
    0x07_0707,             // A1-C3
    0xff00,                // the second row
    0xff_0000,             // the third row
    0xff00_0000,           // the fourth row
    0x8040_2010_0804_0201, // A1-H8
    0x0080_4020_1008_0402, // B1-H7
    0x0000_8040_2010_0804, // C1-H6
    0x0000_0080_4020_1008, // D1-H5
    0x0000_0000_8040_2010, // E1-H4
];

/// Where each shape is read: `(image, shape)` pairs, the image an index into
/// [`images`] (the identity, upside down, mirrored, both; then each of these transposed),
/// each place of each shape once.
pub const INSTANCES: [(usize, usize); 46] = [
    // The edges with their X-squares: rows 1 and 8, columns A and H.
    (0, 0),
    (1, 0),
    (4, 0),
    (6, 0),
    // The 2×5 corner blocks, lying and standing, at each corner.
    (0, 1),
    (1, 1),
    (2, 1),
    (3, 1),
    (4, 1),
    (5, 1),
    (6, 1),
    (7, 1),
    // The 3×3 corner blocks.
    (0, 2),
    (1, 2),
    (2, 2),
    (3, 2),
    // The second to fourth rows and columns from each side.
    (0, 3),
    (1, 3),
    (4, 3),
    (6, 3),
    (0, 4),
    (1, 4),
    (4, 4),
    (6, 4),
    (0, 5),
    (1, 5),
    (4, 5),
    (6, 5),
    // The two long diagonals, then the shorter ones on both sides of each.
    (0, 6),
    (1, 6),
    (0, 7),
    (1, 7),
    (2, 7),
    (3, 7),
    (0, 8),
    (1, 8),
    (2, 8),
    (3, 8),
    (0, 9),
    (1, 9),
    (2, 9),
    (3, 9),
    (0, 10),
    (1, 10),
    (2, 10),
    (3, 10),
];

/// Weights per disc: the evaluation of a position worth `d` discs is about `d * SCALE`.
pub const SCALE: i32 = 32;

/// Where each shape's table starts among the weights, and (last) where they end.
const OFFSETS: [usize; 12] = offsets();

const fn offsets() -> [usize; 12] {
    let mut table = [0; 12];
    let mut i = 0;
    while i < 11 {
        table[i + 1] = table[i] + 3usize.pow(SHAPES[i].count_ones());
        i += 1;
    }
    table
}

/// The size of a mobility table: one weight per number of moves (at most 64).
const MOBILITY: usize = 65;
/// Where the player to move's mobility table starts in a phase; the opponent's follows it.
const MOBILITY_AT: usize = OFFSETS[11];
/// Where a phase's two parity weights start: an even number of empty squares, then odd.
const PARITY_AT: usize = MOBILITY_AT + 2 * MOBILITY;
/// Where a phase's constant weight is.
const CONSTANT_AT: usize = PARITY_AT + 2;
/// How many weights a phase has.
pub const PHASE_WEIGHTS: usize = CONSTANT_AT + 1;
/// How many phases there are.
pub const PHASES: usize = 10;
/// How many empty squares a phase spans (the last one takes the rest).
const PHASE_SPAN: u32 = 6;
/// How many weights there are.
pub const WEIGHTS: usize = PHASES * PHASE_WEIGHTS;
/// How many weights a position selects.
pub const FEATURES: usize = INSTANCES.len() + 4;

/// The phase of a position with `empties` empty squares: 0 for 1 to 6, 1 for 7 to 12, ...
/// and the last from 55 up.
#[inline]
pub fn phase(empties: u32) -> usize {
    ((empties.max(1) - 1) / PHASE_SPAN).min(PHASES as u32 - 1) as usize
}

/// `TERNARY[b]`: the base-3 number with the binary digits of `b` (at most ten).
static TERNARY: [u16; 1024] = ternary();

const fn ternary() -> [u16; 1024] {
    let mut table = [0u16; 1024];
    let mut b = 0;
    while b < 1024 {
        let (mut t, mut power, mut k) = (0u16, 1u16, 0);
        while k < 10 {
            if b >> k & 1 == 1 {
                t += power;
            }
            power = power.wrapping_mul(3);
            k += 1;
        }
        table[b] = t;
        b += 1;
    }
    table
}

/// Calls `f` with the index of each weight the position `p` to move against `o` selects.
#[inline]
pub fn for_each_feature<F: FnMut(usize)>(p: u64, o: u64, mut f: F) {
    let empty = !(p | o);
    let base = phase(empty.count_ones()) * PHASE_WEIGHTS;
    let images = images(p, o);
    for &(image, shape) in INSTANCES.iter() {
        let (a, b) = images[image];
        let mask = SHAPES[shape];
        f(base
            + OFFSETS[shape]
            + TERNARY[gather(a, mask) as usize] as usize
            + 2 * TERNARY[gather(b, mask) as usize] as usize);
    }
    f(base + MOBILITY_AT + flanking_moves(p, o, empty).count_ones() as usize);
    f(base + MOBILITY_AT + MOBILITY + flanking_moves(o, p, empty).count_ones() as usize);
    f(base + PARITY_AT + (empty.count_ones() & 1) as usize);
    f(base + CONSTANT_AT);
}

/// The weight whose value the weight `index` shares: the least index of the
/// configurations that symmetries of its shape map its configuration onto, in the same
/// phase (`index` itself for the mobility, parity and constant weights).
///
/// ```
/// use othello::engine::pattern::tied;
/// // The edge A1-H1 with B2 and G2 is its own mirror image: a disc of the player to move
/// // on H1 alone reads as one on A1 alone.
/// assert_eq!(tied(3usize.pow(7)), 1);
/// assert_eq!(tied(1), 1);
/// ```
pub fn tied(index: usize) -> usize {
    let (base, within) = (index - index % PHASE_WEIGHTS, index % PHASE_WEIGHTS);
    let shape = match (0..SHAPES.len()).find(|&s| within < OFFSETS[s + 1]) {
        Some(shape) => shape,
        None => return index,
    };
    let squares: Vec<u32> = Bits(SHAPES[shape]).collect();
    let config = within - OFFSETS[shape];
    let digits: Vec<usize> = (0..squares.len()).map(|k| config / 3usize.pow(k as u32) % 3).collect();
    let mut least = config;
    for image in 0..8 {
        // Where this symmetry takes each square of the shape.
        let moved: Vec<u32> = squares.iter().map(|&sq| images(1u64 << sq, 0)[image].0.trailing_zeros()).collect();
        if moved.iter().fold(0u64, |m, &sq| m | 1u64 << sq) != SHAPES[shape] {
            continue;
        }
        let image_config: usize = moved
            .iter()
            .zip(digits.iter())
            .map(|(&sq, &d)| d * 3usize.pow(squares.iter().position(|&s| s == sq).expect("in the shape") as u32))
            .sum();
        least = least.min(image_config);
    }
    base + OFFSETS[shape] + least
}

/// The trained weights (a file of another size does not compile).
static TRAINED: &[u8; 2 * WEIGHTS] = include_bytes!("../../data/pattern-weights.bin");

/// The evaluation of `p` to move against `o` with the trained weights, in 1/[`SCALE`]
/// discs.
///
/// ```
/// use othello::engine::pattern::{evaluate, SCALE};
/// use othello::engine::position::parse;
/// // FFO #40, black to move, wins by 38 discs under perfect play.
/// let board = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------";
/// let pos = parse(board, "X").unwrap();
/// let guess = evaluate(pos.player, pos.opponent) / SCALE;
/// assert!((guess - 38).abs() < 10, "{}", guess);
/// ```
#[inline]
pub fn evaluate(p: u64, o: u64) -> i32 {
    let mut sum = 0i32;
    for_each_feature(p, o, |i| sum += i16::from_le_bytes([TRAINED[2 * i], TRAINED[2 * i + 1]]) as i32);
    sum
}

#[cfg(test)]
mod tests;
