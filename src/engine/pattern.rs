//! A pattern evaluation of 8×8 positions, trained on exact endgame scores: the endgame
//! solver's root starts its climb from what it estimates, and the solver re-sorts moves
//! by it where its usual ordering failed at a cost.
//!
//! A *shape* is a set of up to ten squares (an edge with its two X-squares, a 2×5 and a
//! 3×3 corner block, the second to fourth rows, the diagonals of 4 to 8 squares). Each
//! shape is read wherever a symmetry of the square puts it ([`INSTANCES`]: the four
//! edges, the eight 2×5 blocks, ...), by reading it in the image of the board under that
//! symmetry. Each reading has a *configuration*, the base-3 number of the shape's squares
//! (0 empty, 1 the player to move's, 2 the opponent's; the lowest square is the lowest
//! digit), and each configuration of each shape has one weight. The evaluation is the
//! sum of the 46 weights a position selects, plus a weight for the number of moves of
//! each player and a constant: an estimate of the final disc difference for the player
//! to move, in 1/[`SCALE`] discs.
//!
//! The weights are `i16`s, little-endian, in `data/pattern-weights.bin`: the shapes'
//! tables one after the other in the order of [`SHAPES`], then the two mobility tables
//! and the constant. `cargo run --release --example train_eval` makes them (see there).

use super::super::core::bitboard::{flanking_moves, gather};
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
/// Where the player to move's mobility table starts; the opponent's follows it.
const MOBILITY_AT: usize = OFFSETS[11];
/// The constant weight.
const CONSTANT_AT: usize = MOBILITY_AT + 2 * MOBILITY;
/// How many weights there are.
pub const WEIGHTS: usize = CONSTANT_AT + 1;
/// How many weights a position selects.
pub const FEATURES: usize = INSTANCES.len() + 3;

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
    let images = images(p, o);
    for &(image, shape) in INSTANCES.iter() {
        let (a, b) = images[image];
        let mask = SHAPES[shape];
        f(OFFSETS[shape] + TERNARY[gather(a, mask) as usize] as usize + 2 * TERNARY[gather(b, mask) as usize] as usize);
    }
    let empty = !(p | o);
    f(MOBILITY_AT + flanking_moves(p, o, empty).count_ones() as usize);
    f(MOBILITY_AT + MOBILITY + flanking_moves(o, p, empty).count_ones() as usize);
    f(CONSTANT_AT);
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
