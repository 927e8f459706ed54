//! The 64-bit position: the discs of the player to move and of the opponent on a board
//! within 8×8 (a cell's bit as [`super::bitboard`] numbers it), and what the rules do to it:
//! a move made ([`Position::after`]) and taken back, a pass, the turn that follows
//! ([`Turn`]), the last cell's gain and the final score. Every program of the suite that
//! plays on 64 bits makes its moves and ends its games here.
//!
//! The engine plays standard Othello on the whole 8×8 board, whose empty cells are those
//! of neither player ([`Position::empty`]); the counter plays either rule set on a part of
//! it, and says which cells are empty.

use super::bitboard::{flanking_flips, flanking_moves, last_flips, BitRules, START_BLACK, START_WHITE};
use super::rules::Flanking;
use super::table::{mix, Footprint, TableKey};

/// A position: the discs of the player to move and of the opponent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// Discs of the player to move.
    pub player: u64,
    /// Discs of the opponent.
    pub opponent: u64,
}

/// What the player to move does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Plays one of these cells.
    Play(u64),
    /// Has no move, and the opponent has one: passes.
    Pass,
    /// Nobody can move (or, without passing, the player to move cannot): the game is over.
    Over,
}

impl Position {
    /// The standard start, black to move.
    pub fn start() -> Position {
        Position { player: START_BLACK, opponent: START_WHITE }
    }

    /// The empty cells of the whole 8×8 board.
    #[inline]
    pub fn empty(self) -> u64 {
        !(self.player | self.opponent)
    }

    /// Discs of the player to move minus discs of the opponent.
    #[inline]
    pub fn margin(self) -> i32 {
        self.player.count_ones() as i32 - self.opponent.count_ones() as i32
    }

    /// The position after the player to move puts a disc on the empty cell `sq` and
    /// flips the discs of `flips`: the opponent is to move.
    ///
    /// ```
    /// use othello::core::position::Position;
    /// let start = Position::start();
    /// let d3 = start.after(19, 1 << 27); // D3 flips D4
    /// assert_eq!(d3.opponent.count_ones(), 4);
    /// assert_eq!(d3.before(19, 1 << 27), start);
    /// ```
    #[inline]
    pub fn after(self, sq: u32, flips: u64) -> Position {
        Position { player: self.opponent ^ flips, opponent: self.player ^ flips ^ 1 << sq }
    }

    /// The position before the move on `sq` that flipped `flips` and led here: the move
    /// [`Position::after`] made, taken back.
    #[inline]
    pub fn before(self, sq: u32, flips: u64) -> Position {
        Position { player: self.opponent ^ flips ^ 1 << sq, opponent: self.player ^ flips }
    }

    /// The position with the turn passed.
    #[inline]
    pub fn passed(self) -> Position {
        Position { player: self.opponent, opponent: self.player }
    }

    /// What the player to move does next under the rules `R`, the cells of `empty` being
    /// the empty ones.
    #[inline]
    pub fn turn<R: BitRules>(self, empty: u64) -> Turn {
        let moves = R::moves(self.player, self.opponent, empty);
        if moves != 0 {
            Turn::Play(moves)
        } else if R::PASSES && R::moves(self.opponent, self.player, empty) != 0 {
            Turn::Pass
        } else {
            Turn::Over
        }
    }

    /// How the margin of the player to move changes when `sq`, the only empty cell, is
    /// filled: `2n + 1` if they can play it, flipping `n` discs; else `-2n - 1` if the
    /// opponent can (passes allowing); else 0. Only flip counts matter, so no move is made,
    /// and on a whole 8×8 board under the standard rules they are read by line
    /// ([`last_flips`]).
    #[inline(always)]
    pub fn last_gain<R: BitRules>(self, sq: u32) -> i32 {
        let (p, o) = (self.player, self.opponent);
        let full = !R::ADJACENT && p | o | 1 << sq == !0;
        let count = |p: u64, o: u64| if full { last_flips(p, sq) } else { R::flipped(p, o, sq).count_ones() } as i32;
        let n = count(p, o);
        if n > 0 {
            return 2 * n + 1;
        }
        let n = if R::PASSES { count(o, p) } else { 0 };
        if n > 0 {
            -2 * n - 1
        } else {
            0
        }
    }

    /// The cells where the player to move may play under the standard rules.
    #[inline]
    pub fn legal(self) -> u64 {
        flanking_moves(self.player, self.opponent, self.empty())
    }

    /// The position after the player to move plays the legal move `sq` under the standard
    /// rules.
    #[inline]
    pub fn play_square(self, sq: u32) -> Position {
        let flips = flanking_flips(self.player, self.opponent, sq);
        debug_assert!(flips != 0, "an illegal move");
        self.after(sq, flips)
    }

    /// Whether neither player can move under the standard rules.
    pub fn is_over(self) -> bool {
        self.turn::<Flanking>(self.empty()) == Turn::Over
    }

    /// The final score for the player to move, the game being over ([`score`]).
    #[inline]
    pub fn final_score(self) -> i32 {
        score(self.margin(), self.empty().count_ones())
    }
}

/// A final score as endgame solvers give it: the disc margin `margin` of a finished game,
/// the `empties` empty cells going to the winner (none to either in a draw).
///
/// ```
/// use othello::core::position::score;
/// assert_eq!((score(3, 2), score(-3, 2), score(0, 2)), (5, -5, 0));
/// ```
#[inline]
pub fn score(margin: i32, empties: u32) -> i32 {
    match margin {
        m if m > 0 => m + empties as i32,
        m if m < 0 => m - empties as i32,
        _ => 0,
    }
}

impl Footprint for Position {}

impl TableKey for Position {
    #[inline]
    fn hash64(&self) -> u64 {
        mix(self.player ^ mix(self.opponent ^ 0x9e37_79b9_7f4a_7c15))
    }
}
