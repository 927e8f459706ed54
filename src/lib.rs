//! # othello: one board library for a suite of Othello judge solvers
//!
//! Every binary of the suite (`uva220`, `jutge_p18992`, ...) is a thin `main` around a
//! `solve(input, output)` function of this library, so tests call the logic in-process.
//!
//! | module | holds |
//! |---|---|
//! | [`board`] | the general `rows × cols` board, colours, judge alphabets |
//! | [`rules`] | the rule sets (standard flanking, Dumbothello adjacent capture) |
//! | [`bitboard`] | boards within 8×8 as pairs of `u64`; with AVX-512, the last four cells of a count in vector lanes (`bitboard::lanes`, for the sets of `wide` too), their caches by neighbourhood (`bitboard::lanes::cache`) |
//! | `wide` (feature `wide`) | boards beyond 8×8 on 64- to 1024-bit sets of the cells that may change, and the counter's walk on them |
//! | [`scan`] | whitespace tokens with line numbers |
//! | [`error`] | input errors and the judges' error type |
//! | [`count`] | the outcome counter (every move sequence to the end) and its walk trait |
//! | [`bit_walk`], [`board_walk`] | the counter's walks on 64-bit boards and on the general board |
//! | [`independent`] | the counter's shortcut when no move affects another |
//! | [`table`] | the transposition table |
//! | [`parallel`] | counting on several threads, with a table they share |
//! | `levels` (feature `levels`) | 8×8 counts breadth first, a level of positions at a time |
//! | [`nat`] | natural numbers of any size, for counts beyond `u128` |
//! | [`judge`] | the shared `main`: input, buffered output, exit codes |
//! | [`uva220`], [`jutge_p18992`], [`b4254`], [`dumbothello`] | the judges' formats |
//! | [`game`], [`search`] | the generic game trait and α-β search |
//! | [`position`], [`eval`] | 8×8 Othello for the search, and its heuristics |
//! | [`pattern`] | the pattern evaluation trained on exact endgame scores |
//! | [`arena`] | matches between heuristics |
//! | [`perft`], [`endgame`] | perft and the exact endgame solver |
//! | [`cli`] | the `otello` command line |
//!
//! The library compiles with rustc 1.63 as edition 2015, as judges do: no paths from the
//! crate root (modules reach each other through `super::`), no macros of its own. Seven
//! cargo features, on by default, add what judges do without: processor and system hints
//! where a benchmark showed a gain (`prefetch`, `pext`, `avx512`, `huge-pages`: see the
//! README's "Speed"), counting on several threads (`threads`), the bit sets of boards
//! beyond 8×8 (`wide`, portable but left out of the bundles for their size), and 8×8
//! counts by levels (`levels`, which takes memory where judges count small boards).
//! Each has a portable path beside it, and the judges' single-file bundles leave them
//! out.

pub mod arena;
pub mod b4254;
pub mod bit_walk;
pub mod bitboard;
pub mod board;
pub mod board_walk;
pub mod cli;
pub mod count;
pub mod dumbothello;
pub mod endgame;
pub mod error;
pub mod eval;
pub mod game;
pub mod independent;
pub mod judge;
#[cfg(feature = "levels")]
pub mod levels;
pub mod jutge_p18992;
pub mod nat;
#[cfg(feature = "threads")]
pub mod parallel;
pub mod perft;
pub mod pattern;
pub mod position;
pub mod rules;
pub mod scan;
pub mod search;
pub mod table;
pub mod uva220;
#[cfg(feature = "wide")]
pub mod wide;
