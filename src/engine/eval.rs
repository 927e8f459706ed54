//! Heuristics for 8×8 Othello: estimates of a position, for the player to move, that the
//! α-β search uses where it stops looking ahead.
//!
//! | name | idea |
//! |---|---|
//! | `discs` | the disc difference: greedy, and famously weak before the end |
//! | `positional` | a weight per square: corners are worth most, the squares next to them (which hand the corner to the opponent) least |
//! | `mobility` | freedom: the difference in legal moves and in potential moves (empty squares next to opponent discs), corners held, and X-squares next to an empty corner |
//! | `pattern` | the trained pattern evaluation ([`super::pattern`]): the final disc difference estimated from edges, corners, rows, diagonals and mobility, in 1/[`super::pattern::SCALE`] discs |
//!
//! Every value is an integer well within ±[`super::search::WIN`] / 2.

use std::fmt;

use super::super::core::bitboard::neighbours;
use super::super::core::position::Position;
use super::game::Heuristic;
use super::pattern;
use super::position::SQUARE_VALUES;
use super::search::WIN;

/// A heuristic, picked by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// Disc difference.
    Discs,
    /// Square weights.
    Positional,
    /// Mobility, potential mobility, corners and X-squares.
    Mobility,
    /// The trained pattern evaluation.
    Pattern,
}

/// The four corners.
const CORNERS: u64 = 1 | 1 << 7 | 1 << 56 | 1 << 63;

/// Each X-square (diagonally next to a corner) with its corner.
const X_SQUARES: [(u64, u64); 4] = [(1 << 9, 1), (1 << 14, 1 << 7), (1 << 49, 1 << 56), (1 << 54, 1 << 63)];

impl Eval {
    /// Every heuristic, in the order tables list them.
    pub const ALL: [Eval; 4] = [Eval::Discs, Eval::Positional, Eval::Mobility, Eval::Pattern];

    /// The names of every heuristic, as usage messages list them.
    pub const NAMES: &'static str = "discs, positional, mobility or pattern";

    /// The heuristic called `name` (`discs`, `positional`, `mobility`, `pattern`).
    ///
    /// ```
    /// use othello::engine::eval::Eval;
    /// assert_eq!(Eval::from_name("mobility"), Some(Eval::Mobility));
    /// assert_eq!(Eval::from_name("magic"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Eval> {
        Eval::ALL.iter().cloned().find(|e| e.name() == name)
    }

    /// A search value of this heuristic in discs for the player to move, where it has
    /// that meaning: a won or lost end by its margin, the pattern evaluation over its
    /// scale. `None` for the hand-made heuristics, whose units are their own.
    ///
    /// ```
    /// use othello::engine::eval::Eval;
    /// use othello::engine::search::WIN;
    /// assert_eq!(Eval::Pattern.discs(48), Some(1.5));
    /// assert_eq!(Eval::Mobility.discs(-WIN - 6), Some(-6.0));
    /// assert_eq!(Eval::Mobility.discs(30), None);
    /// ```
    pub fn discs(self, value: i32) -> Option<f64> {
        if value > WIN / 2 {
            Some((value - WIN) as f64)
        } else if value < -WIN / 2 {
            Some((value + WIN) as f64)
        } else if self == Eval::Pattern {
            Some(value as f64 / pattern::SCALE as f64)
        } else {
            None
        }
    }

    /// The name of the heuristic.
    pub fn name(self) -> &'static str {
        match self {
            Eval::Discs => "discs",
            Eval::Positional => "positional",
            Eval::Mobility => "mobility",
            Eval::Pattern => "pattern",
        }
    }
}

impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.pad(self.name())
    }
}

/// The sum of the weights of the squares in `discs`.
fn weight(discs: u64) -> i32 {
    let mut sum = 0;
    let mut d = discs;
    while d != 0 {
        sum += SQUARE_VALUES[d.trailing_zeros() as usize];
        d &= d - 1;
    }
    sum
}

impl Heuristic<Position> for Eval {
    fn evaluate(&self, pos: &Position) -> i32 {
        let (p, o) = (pos.player, pos.opponent);
        match *self {
            Eval::Discs => pos.margin(),
            Eval::Positional => weight(p) - weight(o),
            Eval::Mobility => {
                let empty = pos.empty();
                let mobility = pos.legal().count_ones() as i32 - pos.passed().legal().count_ones() as i32;
                let potential =
                    (neighbours(o) & empty).count_ones() as i32 - (neighbours(p) & empty).count_ones() as i32;
                let corners = (p & CORNERS).count_ones() as i32 - (o & CORNERS).count_ones() as i32;
                let x_squares: i32 = X_SQUARES
                    .iter()
                    .filter(|&&(_, corner)| corner & empty != 0)
                    .map(|&(x, _)| (p & x != 0) as i32 - (o & x != 0) as i32)
                    .sum();
                10 * mobility + 4 * potential + 40 * corners - 20 * x_squares
            }
            // Within ±WIN / 2 as the contract asks, whatever the weights add up to.
            Eval::Pattern => pattern::evaluate(p, o).clamp(-WIN / 2 + 1, WIN / 2 - 1),
        }
    }
}
