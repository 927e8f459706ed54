//! # othello: one board library for a suite of Othello judge solvers
//!
//! Four layers, each in its own folder, each importing only those below it:
//!
//! | layer | holds | stands on |
//! |---|---|---|
//! | [`core`] | the board, the rules, the 64-bit board, input, errors, the table | std |
//! | [`count`] | the outcome counter (every move sequence to the end) | core |
//! | [`judges`] | one module per problem statement, and the `main` they share | core, count |
//! | [`engine`] | `otello`: α-β search, heuristics, matches, perft, exact endgames | core |
//!
//! Every binary is a thin `main` around a library function, so tests call the logic
//! in-process. The library compiles with rustc 1.63 as edition 2015, as judges do: modules
//! reach each other through `super::`, and it defines no macros, so a judge's single-file
//! bundle (`make bundle`) is the modules nested as they are here.

pub mod core;
pub mod count;
pub mod engine;
pub mod judges;
