//! Rule sets on the general board: what a move is, what it flips, and what happens to a
//! player without one.
//!
//! - [`Flanking`], standard Othello: a move must bracket a straight line of opponent
//!   discs between the new disc and another disc of the mover, and flips every bracketed
//!   line; a player without a move passes.
//! - [`Adjacent`], Dumbothello: a move must touch an opponent disc, and flips every
//!   opponent disc 8-adjacent to it; a player without a move ends the game.
//!
//! Each rule set writes its flips once ([`Rules::flips`]); the trait builds the rest on
//! them. Their 64-bit form is [`super::bitboard::BitRules`].

use std::fmt;

use super::board::{Board, Color, Ray, DIRECTIONS};

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The cell already holds a disc.
    Occupied,
    /// The move would flip no disc.
    NoFlips,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::Occupied => "the square is occupied",
            IllegalMove::NoFlips => "the move flips no disc",
        })
    }
}

/// A rule set. Rule sets hold no state: the type is the rule set.
pub trait Rules: Copy {
    /// Whether a player without a legal move passes (`true`, Othello) or the game then
    /// ends (`false`, Dumbothello).
    const PASSES: bool;

    /// Calls `flip` with each disc that `color` flips by playing on the empty cell `at`,
    /// and returns how many there are (0: the move is illegal).
    fn flips<F: FnMut(usize)>(board: &Board, color: Color, at: usize, flip: F) -> usize;

    /// Whether `color` may play on the empty cell `at`.
    fn is_legal(board: &Board, color: Color, at: usize) -> bool {
        Self::flips(board, color, at, |_| ()) > 0
    }

    /// The legal moves of `color`, as cell indices in row-major order.
    ///
    /// ```
    /// use othello::core::board::{Board, Color};
    /// use othello::core::rules::{Flanking, Rules};
    /// let b = Board::start(8);
    /// let moves: Vec<_> = Flanking::legal_moves(&b, Color::Black).iter().map(|&i| b.coords(i)).collect();
    /// assert_eq!(moves, vec![(2, 3), (3, 2), (4, 5), (5, 4)]);
    /// ```
    fn legal_moves(board: &Board, color: Color) -> Vec<usize> {
        (0..board.cell_count()).filter(|&i| board.cell(i).is_none() && Self::is_legal(board, color, i)).collect()
    }

    /// Whether `color` has a legal move.
    fn has_move(board: &Board, color: Color) -> bool {
        (0..board.cell_count()).any(|i| board.cell(i).is_none() && Self::is_legal(board, color, i))
    }

    /// Whether the game is over with `to_move` to move: neither side can move under
    /// passing rules, or `to_move` cannot move when there is no passing.
    fn game_over(board: &Board, to_move: Color) -> bool {
        !Self::has_move(board, to_move) && (!Self::PASSES || !Self::has_move(board, to_move.opponent()))
    }

    /// Plays `color` on cell `at`: places the disc and flips every disc the move captures.
    /// Returns how many discs flipped, or why the move is illegal (the board is then
    /// unchanged).
    ///
    /// ```
    /// use othello::core::board::{Board, Color};
    /// use othello::core::rules::{Flanking, IllegalMove, Rules};
    /// let mut b = Board::start(8);
    /// assert_eq!(Flanking::play(&mut b, Color::Black, 2 * 8 + 3), Ok(1));
    /// assert_eq!((b.discs(Color::Black), b.discs(Color::White)), (4, 1));
    /// assert_eq!(Flanking::play(&mut b, Color::White, 0), Err(IllegalMove::NoFlips));
    /// assert_eq!(Flanking::play(&mut b, Color::White, 2 * 8 + 3), Err(IllegalMove::Occupied));
    /// ```
    fn play(board: &mut Board, color: Color, at: usize) -> Result<usize, IllegalMove> {
        if board.cell(at).is_some() {
            return Err(IllegalMove::Occupied);
        }
        let mut flipped = Vec::new();
        if Self::flips(board, color, at, |i| flipped.push(i)) == 0 {
            return Err(IllegalMove::NoFlips);
        }
        board.set(at, Some(color));
        for &i in &flipped {
            board.set(i, Some(color));
        }
        Ok(flipped.len())
    }
}

/// Standard Othello rules: bracketed lines flip; a player without a move passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flanking;

impl Flanking {
    /// The length of the run of opponent discs along `ray`, if a disc of `color` closes it
    /// (the run then flips), else 0: the rule, once.
    #[inline]
    fn bracket(board: &Board, color: Color, ray: Ray) -> usize {
        let opponent = Some(color.opponent());
        let mut run = 0;
        for i in ray {
            match board.cell(i) {
                cell if cell == opponent => run += 1,
                cell => return if cell == Some(color) { run } else { 0 },
            }
        }
        0
    }
}

impl Rules for Flanking {
    const PASSES: bool = true;

    #[inline]
    fn flips<F: FnMut(usize)>(board: &Board, color: Color, at: usize, mut flip: F) -> usize {
        let mut total = 0;
        for &ray in board.rays(at).iter() {
            let run = Flanking::bracket(board, color, ray);
            ray.take(run).for_each(&mut flip);
            total += run;
        }
        total
    }

    /// Any ray bracketed: the first one found is enough.
    #[inline]
    fn is_legal(board: &Board, color: Color, at: usize) -> bool {
        board.rays(at).iter().any(|&ray| Flanking::bracket(board, color, ray) > 0)
    }
}

/// Dumbothello rules: a move must touch an opponent disc and flips every adjacent one; a
/// player without a move ends the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjacent;

impl Adjacent {
    /// The opponent discs next to `at`: the rule, once.
    #[inline]
    fn captured(board: &Board, color: Color, at: usize) -> impl Iterator<Item = usize> + '_ {
        let opponent = Some(color.opponent());
        (0..DIRECTIONS.len()).filter_map(move |d| board.step(at, d)).filter(move |&i| board.cell(i) == opponent)
    }
}

impl Rules for Adjacent {
    const PASSES: bool = false;

    #[inline]
    fn flips<F: FnMut(usize)>(board: &Board, color: Color, at: usize, mut flip: F) -> usize {
        let mut count = 0;
        for i in Adjacent::captured(board, color, at) {
            flip(i);
            count += 1;
        }
        count
    }

    /// Any opponent disc next to `at`: the first one found is enough.
    #[inline]
    fn is_legal(board: &Board, color: Color, at: usize) -> bool {
        Adjacent::captured(board, color, at).next().is_some()
    }
}

#[cfg(test)]
mod tests;
