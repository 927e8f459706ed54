//! Counting outcomes when the empty cells are independent
//! ([`super::analysis::Analysis::independent`]): no move changes what a move elsewhere
//! would flip, so every empty cell keeps, for each colour, the flip count it has at the
//! start. This is the usual shape of a large board with a few scattered empty cells.
//!
//! A position is then just the set of cells still empty and the player to move, and a
//! move changes the disc margin by a fixed amount per cell and colour. The counter is a
//! dynamic programme over those states: each holds the distribution of the margin change
//! from there to the end (a histogram: change → number of sequences), which a parent
//! shifts by its move's change and adds up. At the root each change, added to the margin,
//! becomes a win, a loss or a draw.

use super::super::core::board::{Board, Color};
use super::super::core::rules::Rules;
use super::outcomes::Outcomes;

/// The most empty cells counted here: 2^17 states (a few MB of histograms at most).
pub const MAX_CELLS: usize = 16;

/// A distribution of margin changes: (change for black, number of sequences), sorted by
/// change, each change once.
type Histogram = Vec<(i32, u64)>;

/// The programme: per colour and cell, the margin change for black of that colour's move
/// there (0: not a legal move); per state `mask << 1 | side` (bit `k` of `mask`: the `k`-th
/// empty cell is still empty; `side` 1: white to move), its histogram once found (empty
/// until then: every state has at least one sequence below it).
struct Programme {
    gain: [Vec<i32>; 2],
    passes: bool,
    memo: Vec<Histogram>,
}

impl Programme {
    /// The histogram of the state (`mask`, `side`), found once.
    fn histogram(&mut self, mask: u32, side: usize) -> &Histogram {
        let state = (mask as usize) << 1 | side;
        if self.memo[state].is_empty() {
            let mut sum = self.below(mask, side);
            sum.sort_unstable_by_key(|&(change, _)| change);
            let mut merged: Histogram = Vec::with_capacity(sum.len());
            for (change, n) in sum {
                match merged.last_mut() {
                    Some(last) if last.0 == change => last.1 += n,
                    _ => merged.push((change, n)),
                }
            }
            self.memo[state] = merged;
        }
        &self.memo[state]
    }

    /// The margin changes of every sequence from (`mask`, `side`), unsorted: each move
    /// shifts its child's histogram by its gain; a player without a move passes (if the
    /// rules say so and the other can move) or the game ends.
    fn below(&mut self, mask: u32, side: usize) -> Histogram {
        let mut sum = Vec::new();
        for k in 0..self.gain[side].len() {
            let gain = self.gain[side][k];
            if mask >> k & 1 == 1 && gain != 0 {
                let child = self.histogram(mask & !(1 << k), 1 - side);
                sum.extend(child.iter().map(|&(change, n)| (change + gain, n)));
            }
        }
        if sum.is_empty() {
            let other = &self.gain[1 - side];
            if self.passes && (0..other.len()).any(|k| mask >> k & 1 == 1 && other[k] != 0) {
                sum = self.histogram(mask, 1 - side).clone();
            } else {
                sum.push((0, 1));
            }
        }
        sum
    }
}

/// The outcomes for `to_move` of every move sequence from `board`, if its empty cells are
/// `independent` under rules `R` and at most [`MAX_CELLS`]; else `None`.
///
/// ```
/// use othello::core::board::{Alphabet, Board, Color};
/// use othello::core::rules::Flanking;
/// use othello::count::independent::count;
/// // Two empty cells on a line, each between runs that either side can flank: whoever
/// // plays one gains 3 discs, and the other player takes the other. Two drawn sequences.
/// let row = Alphabet { empty: '.', black: 'B', white: 'W' }.row("BW.BWBW.BW", 1).unwrap();
/// let t = count::<Flanking>(&Board::from_cells(1, 10, row), Color::Black, true).unwrap();
/// assert_eq!((t.wins, t.losses, t.draws), (0, 0, 2));
/// ```
pub fn count<R: Rules>(board: &Board, to_move: Color, independent: bool) -> Option<Outcomes> {
    let cells = board.empty_cells();
    if cells.len() > MAX_CELLS || !independent {
        return None;
    }
    // A move flipping `n` discs gains its player the new disc and the `n` flipped ones,
    // which the other player loses: 2n + 1 on black's margin, with the mover's sign.
    let gain = |color: Color, sign: i32| -> Vec<i32> {
        cells
            .iter()
            .map(|&at| match R::flips(board, color, at, |_| ()) {
                0 => 0,
                n => sign * (2 * n as i32 + 1),
            })
            .collect()
    };
    let mut p = Programme {
        gain: [gain(Color::Black, 1), gain(Color::White, -1)],
        passes: R::PASSES,
        memo: vec![Vec::new(); 2 << cells.len()],
    };
    let full = ((1u64 << cells.len()) - 1) as u32;
    let margin = board.discs(Color::Black) as i32 - board.discs(Color::White) as i32;
    let mut black = Outcomes::default();
    for &(change, n) in p.histogram(full, to_move as usize) {
        black += &Outcomes::leaf(margin + change).times(n);
    }
    let outcomes = if to_move == Color::Black { black } else { black.for_opponent() };
    Some(outcomes)
}

#[cfg(test)]
mod tests;
