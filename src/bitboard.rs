//! The 64-bit board: boards that fit in 8×8 as bit sets.
//!
//! Cell `(r, c)` (0-based, row 0 at the top) is bit `8 * r + c`, so bit 0 is A1 and bit 63
//! is H8 in Othello notation (columns A–H, rows 1–8 from the top). A position is a pair of
//! `u64`: the discs of the player to move and those of the opponent. Smaller or
//! rectangular boards (any `rows × cols` within 8×8) use the top-left corner; an `area`
//! mask says which bits are cells, and the move generators are told which cells are empty,
//! so discs can never spread outside the area.
//!
//! Everything here is shift-and-mask arithmetic: moves come from a fill along each of the
//! eight directions, and the flips of a move are computed once, as a mask to XOR.

use super::board::{Board, Color};

/// Every bit but column A (the leftmost).
const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
/// Every bit but column H (the rightmost).
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// Moves every bit one step in direction `d` (`0..8`, clockwise from north, as
/// [`super::board::DIRECTIONS`]); bits that would leave the board or wrap around a side
/// are dropped.
#[inline(always)]
pub fn shift(b: u64, d: usize) -> u64 {
    match d {
        0 => b >> 8,
        1 => (b >> 7) & NOT_A,
        2 => (b << 1) & NOT_A,
        3 => (b << 9) & NOT_A,
        4 => b << 8,
        5 => (b << 7) & NOT_H,
        6 => (b >> 1) & NOT_H,
        _ => (b >> 9) & NOT_H,
    }
}

/// The cells 8-adjacent to any bit of `b`.
#[inline]
pub fn neighbours(b: u64) -> u64 {
    let sides = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    let row = b | sides;
    sides | (row << 8) | (row >> 8)
}

/// The empty cells where the player with discs `p` may play against discs `o` under the
/// standard (flanking) rules: a cell from which, in some direction, a line of one or more
/// opponent discs ends in a disc of the player.
///
/// ```
/// use othello::bitboard::{flanking_moves, START_BLACK, START_WHITE};
/// // Black's four opening moves: D3, C4, F5, E6.
/// let m = flanking_moves(START_BLACK, START_WHITE, !(START_BLACK | START_WHITE));
/// assert_eq!(m, 1 << 19 | 1 << 26 | 1 << 37 | 1 << 44);
/// ```
#[inline]
pub fn flanking_moves(p: u64, o: u64, empty: u64) -> u64 {
    let mut moves = 0;
    for d in 0..8 {
        let mut x = shift(p, d) & o;
        x |= shift(x, d) & o;
        x |= shift(x, d) & o;
        x |= shift(x, d) & o;
        x |= shift(x, d) & o;
        x |= shift(x, d) & o;
        moves |= shift(x, d);
    }
    moves & empty
}

/// The opponent discs flipped when the player with discs `p` plays on the empty cell `sq`
/// against discs `o` under the standard rules (0 if the move is not legal).
#[inline]
pub fn flanking_flips(p: u64, o: u64, sq: u32) -> u64 {
    let from = 1u64 << sq;
    let mut flips = 0;
    for d in 0..8 {
        let mut line = 0;
        let mut x = shift(from, d);
        while x & o != 0 {
            line |= x;
            x = shift(x, d);
        }
        if x & p != 0 {
            flips |= line;
        }
    }
    flips
}

/// The empty cells where a player may play against discs `o` under the Dumbothello
/// (adjacent-capture) rules: those next to at least one opponent disc.
#[inline]
pub fn adjacent_moves(o: u64, empty: u64) -> u64 {
    neighbours(o) & empty
}

/// The opponent discs flipped by a Dumbothello move on `sq`: every adjacent one.
#[inline]
pub fn adjacent_flips(o: u64, sq: u32) -> u64 {
    neighbours(1u64 << sq) & o
}

/// Black's discs in the standard 8×8 start: D5 and E4.
pub const START_BLACK: u64 = 1 << 28 | 1 << 35;
/// White's discs in the standard 8×8 start: D4 and E5.
pub const START_WHITE: u64 = 1 << 27 | 1 << 36;

/// The bit of cell `(r, c)`.
#[inline]
pub fn bit(r: usize, c: usize) -> u64 {
    1u64 << (8 * r + c)
}

/// A board that fits in 8×8 as bit sets: `(black, white, area)`, where `area` holds the
/// bits that are cells of the board. `None` for boards with more than 8 rows or columns.
///
/// ```
/// use othello::bitboard::from_board;
/// use othello::board::Board;
/// let (black, white, area) = from_board(&Board::start(4)).unwrap();
/// assert_eq!(area, 0x0f0f_0f0f);
/// assert_eq!((black, white), (1 << 10 | 1 << 17, 1 << 9 | 1 << 18));
/// ```
pub fn from_board(board: &Board) -> Option<(u64, u64, u64)> {
    if board.rows() > 8 || board.cols() > 8 {
        return None;
    }
    let (mut black, mut white, mut area) = (0, 0, 0);
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            let b = bit(r, c);
            area |= b;
            match board.get(r, c) {
                Some(Color::Black) => black |= b,
                Some(Color::White) => white |= b,
                None => {}
            }
        }
    }
    Some((black, white, area))
}
