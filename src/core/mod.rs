//! The core: what every program of the suite stands on. Nothing here knows of counting,
//! judges or engines.
//!
//! | module | holds |
//! |---|---|
//! | [`board`] | the general `rows × cols` board, colours, judge alphabets |
//! | [`rules`] | the rule sets on the general board: standard flanking, Dumbothello's adjacent capture |
//! | [`bitboard`] | boards within 8×8 as bit sets, and the rules' 64-bit form |
//! | [`position`] | the 64-bit position: moves made, passes, the game's end, the scores |
//! | [`scan`] | input read as tokens or lines that know their line number |
//! | [`error`] | input errors, the programs' error type and their exit codes |
//! | [`memory`] | the memory budget of tables |
//! | [`rng`] | a small seeded random generator |
//! | [`table`] | the transposition table |

pub mod bitboard;
pub mod board;
pub mod error;
pub mod memory;
pub mod position;
pub mod rng;
pub mod rules;
pub mod scan;
pub mod table;

/// The version every binary's `--version` prints after its name (the crate's version).
pub const VERSION: &str = "0.2.0";
