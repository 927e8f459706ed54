//! The engine behind `otello`, the Othello α-β exercise grown into a small engine. It
//! stands on the core alone.
//!
//! | module | holds |
//! |---|---|
//! | [`game`] | what a two-player game and a heuristic must provide |
//! | [`search`] | the generic α-β search: iterative deepening, a table, a principal variation |
//! | [`position`] | 8×8 Othello as a [`game::Game`] on 64-bit sets |
//! | [`eval`] | the heuristics by name: discs, square values, mobility, and the pattern evaluation |
//! | [`pattern`] | the pattern evaluation trained on exact endgame scores |
//! | [`endgame`] | the exact endgame solver |
//! | [`perft`] | counts of move sequences of a given length |
//! | [`symmetry`] | the eight symmetries of the board |
//! | [`analysis`] | the value of every move of a position |
//! | [`arena`] | matches and tournaments between heuristics |
//! | [`cli`] | the `otello` command line |

pub mod analysis;
pub mod arena;
pub mod cli;
pub mod endgame;
pub mod eval;
pub mod game;
pub mod pattern;
pub mod perft;
pub mod position;
pub mod search;
pub mod symmetry;
