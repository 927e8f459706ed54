//! Games for the generic α-β search: what a two-player, zero-sum, perfect-information
//! game must provide, and what a heuristic is.
//!
//! Everything is seen from the player to move: [`Game::outcome`] is the final score for
//! that player, and a [`Heuristic`] estimates the same from a position where the game
//! goes on. A game with passing (Othello) makes the pass a move, so "no moves" always
//! means "the game is over".

use std::fmt;

use super::super::core::table::TableKey;

/// A two-player, zero-sum game of perfect information.
pub trait Game: Clone {
    /// A move (a pass is a move too, where the rules have one).
    type Move: Copy + Eq + fmt::Debug;
    /// The exact identity of a position, for the transposition table.
    type Key: TableKey;

    /// Appends the legal moves of the player to move to `out`: none exactly when the
    /// game is over.
    fn moves(&self, out: &mut Vec<Self::Move>);

    /// The position after the legal move `m`.
    fn play(&self, m: Self::Move) -> Self;

    /// The final score for the player to move, once the game is over: positive for a win,
    /// negative for a loss, 0 for a draw; its size ranks wins (a disc margin, say).
    fn outcome(&self) -> i32;

    /// The key of the position.
    fn key(&self) -> Self::Key;

    /// A cheap guess of how good `m` is, to try likely moves first (higher first).
    fn move_order(&self, _m: &Self::Move) -> i32 {
        0
    }
}

/// An estimate, for the player to move, of a position where the game goes on. Values
/// must stay within ±[`super::search::WIN`] / 2, below every won or lost end.
pub trait Heuristic<G: Game> {
    /// The estimate: positive is good for the player to move.
    fn evaluate(&self, game: &G) -> i32;
}
