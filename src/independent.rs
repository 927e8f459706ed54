//! Counting outcomes when the empty cells are independent ([`Rules::independent`]): no
//! move changes what a move elsewhere would flip, so every empty cell keeps, for each
//! colour, the flip count it has at the start. This is the usual shape of a large board
//! with a few scattered empty cells (a 100×100 board with 10 of them: 3.6 million
//! sequences, one cell at a time).
//!
//! A position is then just the set of cells still empty and the player to move, and a
//! move changes the disc margin by a fixed amount per (cell, colour). The counter is a
//! dynamic programme over those states: each holds the distribution of the margin change
//! from there to the end (a histogram: change → number of sequences), which a parent
//! shifts by its move's change and adds up. At the root each change, added to the
//! margin, becomes a black win, a white win or a draw.
//!
//! States are numbered `mask << 1 | side`: bit `k` of `mask` says that the `k`-th empty
//! cell (row-major) is still empty; `side` is 0 for black to move, 1 for white.

use super::board::{Board, Color};
use super::count::Report;
use super::nat::Nat;
use super::rules::Rules;

/// The most empty cells counted here: 2^17 states (a few MB of histograms at most).
pub const MAX_CELLS: usize = 16;

/// A distribution of margin changes: (change for black, number of sequences), sorted by
/// change, each change once.
type Histogram = Vec<(i32, u64)>;

/// The programme: per colour and cell, the margin change for black of that colour's move
/// there (0: not a legal move); per state, its histogram once found (empty until then:
/// every state has at least one sequence below it).
struct Programme {
    gain: [Vec<i32>; 2],
    passes: bool,
    memo: Vec<Histogram>,
    nodes: u64,
    hits: u64,
}

impl Programme {
    /// The histogram of the state (`mask`, `side`), found once.
    fn histogram(&mut self, mask: u32, side: usize) -> &Histogram {
        let state = (mask as usize) << 1 | side;
        if self.memo[state].is_empty() {
            self.nodes += 1;
            let sum = self.below(mask, side);
            self.memo[state] = merged(sum);
        } else {
            self.hits += 1;
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
            let other_moves = (0..self.gain[1 - side].len()).any(|k| mask >> k & 1 == 1 && self.gain[1 - side][k] != 0);
            if self.passes && other_moves {
                sum = self.histogram(mask, 1 - side).clone();
            } else {
                sum.push((0, 1));
            }
        }
        sum
    }
}

/// `changes` sorted, with the counts of equal changes added up.
fn merged(mut changes: Histogram) -> Histogram {
    changes.sort_unstable_by_key(|&(change, _)| change);
    let mut merged: Histogram = Vec::with_capacity(changes.len());
    for (change, n) in changes {
        match merged.last_mut() {
            Some(last) if last.0 == change => last.1 += n,
            _ => merged.push((change, n)),
        }
    }
    merged
}

/// The outcomes of every move sequence from `board` with `to_move` to move, if its empty
/// cells are `independent` under rules `R` (as [`Rules::independent`] or
/// [`Rules::analysis`] found) and at most [`MAX_CELLS`]; else `None`. `nodes` counts the
/// states computed, `hits` those found again.
///
/// ```
/// use othello::board::{Board, Color};
/// use othello::independent;
/// use othello::rules::{Flanking, Rules};
/// // Two empty cells on a line, each between runs that either side can flank: whoever
/// // plays one gains 3 discs, and the other player takes the other. Black moves first:
/// // two sequences, both drawn.
/// let mut b = Board::new(1, 10);
/// for (i, c) in "BW.BWBW.BW".chars().enumerate() {
///     b.set(i, match c { 'B' => Some(Color::Black), 'W' => Some(Color::White), _ => None });
/// }
/// let r = independent::count::<Flanking>(&b, Color::Black, Flanking::independent(&b)).unwrap();
/// assert_eq!((r.black.to_string(), r.white.to_string(), r.draws.to_string()),
///            ("0".to_string(), "0".to_string(), "2".to_string()));
/// ```
pub fn count<R: Rules>(board: &Board, to_move: Color, independent: bool) -> Option<Report> {
    let cells: Vec<usize> = (0..board.len()).filter(|&i| board.cell(i).is_none()).collect();
    if cells.len() > MAX_CELLS || !independent {
        return None;
    }
    // A move flipping `n` discs gains its player the new disc and the `n` flipped ones,
    // which the other player loses: 2n + 1 on black's margin, with the mover's sign.
    let gain = |color: Color, sign: i32| -> Vec<i32> {
        let change = |n: usize| if n == 0 { 0 } else { sign * (2 * n as i32 + 1) };
        cells.iter().map(|&at| change(R::flip_count(board, color, at))).collect()
    };
    let mut p = Programme {
        gain: [gain(Color::Black, 1), gain(Color::White, -1)],
        passes: R::PASSES,
        memo: vec![Vec::new(); 2 << cells.len()],
        nodes: 0,
        hits: 0,
    };
    let full = ((1u64 << cells.len()) - 1) as u32;
    let margin = board.discs(Color::Black) as i32 - board.discs(Color::White) as i32;
    let mut tally = [0u64; 3];
    for &(change, n) in p.histogram(full, to_move.index()) {
        let end = margin + change;
        tally[if end > 0 { 0 } else if end < 0 { 1 } else { 2 }] += n;
    }
    Some(Report {
        black: Nat::from(tally[0]),
        white: Nat::from(tally[1]),
        draws: Nat::from(tally[2]),
        nodes: p.nodes,
        hits: p.hits,
        decided: 0,
    })
}

#[cfg(test)]
mod tests;
