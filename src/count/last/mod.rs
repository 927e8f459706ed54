//! The last empty cells of a count on a 64-bit board, counted at once: every sequence of
//! moves on at most [`CELLS`] cells, without the walk, its tables or its moves made one
//! by one.
//!
//! Everywhere, a recursion over the empty cells that computes the flips of all of them
//! first, so that the processor works on them side by side; where the build targets
//! AVX-512 (the `lanes` cfg), four cells are counted with the 24 orders of their moves
//! side by side in vector lanes (`lanes`), and a [`Cache`] keeps such counts by the
//! neighbourhood of the four cells. Nothing outside this module knows which way it took:
//! [`outcomes`], [`sequences`] and [`Cache`] answer the same either way.

use super::super::core::bitboard::{neighbours, BitRules, Bits};
use super::super::core::position::Position;
use super::outcomes::Outcomes;

#[cfg(lanes)]
mod cache;
#[cfg(lanes)]
mod lanes;

/// The most empty cells counted here: four where the lanes count them, three where the
/// recursion does (a fourth cell there costs more than a table probe saves).
#[cfg(lanes)]
pub const CELLS: usize = 4;
/// The most empty cells counted here: four where the lanes count them, three where the
/// recursion does (a fourth cell there costs more than a table probe saves).
#[cfg(not(lanes))]
pub const CELLS: usize = 3;

/// The outcomes for the player with discs `p` to move against `o` (margin `margin`) of
/// every sequence of moves on the cells `empty`, at most [`CELLS`] of them, passes and
/// early ends included.
///
/// ```
/// use othello::core::rules::Flanking;
/// use othello::count::last::outcomes;
/// use othello::count::outcomes::Outcomes;
/// // A row `B W . .` of a 1×4 board, black to move: black plays the third cell and wins 3
/// // to 0, and nothing else is ever legal.
/// let (black, white, empty) = (1, 1 << 1, 1 << 2 | 1 << 3);
/// assert_eq!(outcomes::<Flanking>(black, white, empty, 0), Outcomes { wins: 1, losses: 0, draws: 0 });
/// ```
#[inline]
pub fn outcomes<R: BitRules>(p: u64, o: u64, empty: u64, margin: i32) -> Outcomes {
    #[cfg(lanes)]
    {
        if empty.count_ones() == 4 {
            return lanes::outcomes::<R>(p, o, empty, margin);
        }
    }
    portable::<R>(Position { player: p, opponent: o }, empty, margin)
}

/// The number of sequences of moves on the cells `empty` (at most [`CELLS`]) for the
/// player with discs `p` to move against `o`.
#[inline]
pub fn sequences<R: BitRules>(p: u64, o: u64, empty: u64) -> u64 {
    #[cfg(lanes)]
    {
        if empty.count_ones() == 4 {
            return lanes::sequences::<R>(p, o, empty);
        }
    }
    portable_sequences::<R>(p, o, empty)
}

/// A move on `sq` in many positions: position `i` has the discs of its player to move in
/// `words[2 * i]` but for the cells of `set` (every other word is skipped), and its
/// opponent the other discs of `discs`. Calls `each(i, child)` for each position where the
/// move is legal, with the discs of the child's player to move (the mover's opponent):
/// eight positions side by side in vector lanes where they are built (under the standard
/// rules), else one at a time. The counts by levels make their children so, a group's
/// parents moving on the same cell.
#[inline]
pub fn children<R: BitRules, F: FnMut(usize, u64)>(words: &[u64], set: u64, discs: u64, sq: u32, mut each: F) {
    #[cfg(lanes)]
    {
        if !R::ADJACENT {
            for (k, sixteen) in words.chunks(16).enumerate() {
                let (children, flips) = lanes::flips_of_eight(sixteen, set, discs, sq);
                (0..8).filter(|&i| flips[i] != 0).for_each(|i| each(8 * k + i, children[i]));
            }
            return;
        }
    }
    let next_to = neighbours(1 << sq);
    for (i, pair) in words.chunks_exact(2).enumerate() {
        let p = pair[0] & !set;
        let pos = Position { player: p, opponent: discs & !p };
        // Both rule sets move only next to an opponent's disc.
        let flips = if pos.opponent & next_to != 0 { R::flipped(pos.player, pos.opponent, sq) } else { 0 };
        if flips != 0 {
            each(i, pos.after(sq, flips).player);
        }
    }
}

/// A four-cell position: the discs of the player to move, the opponent's, and the margin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Four {
    /// The discs of the player to move.
    pub p: u64,
    /// The discs of the opponent.
    pub o: u64,
    /// Discs of the player to move minus the opponent's, as the count sees them.
    pub margin: i32,
}

/// Counts of many four-cell positions that share their empty cells, as the last level of
/// a count by levels has them: where the lanes are built, kept by neighbourhood, so that
/// positions that differ only where no move reads, or in the margin, are counted once.
#[derive(Default)]
pub struct Cache {
    #[cfg(lanes)]
    lanes: cache::LocalCache,
}

impl Cache {
    /// An empty cache.
    pub fn new() -> Cache {
        Cache::default()
    }

    /// Calls `each` with the index and outcomes of each position of `group`, whose empty
    /// cells are the four of `empty`, in order; `hits` counts those the cache answered.
    pub fn outcomes<R: BitRules, F: FnMut(usize, Outcomes)>(
        &mut self,
        empty: u64,
        group: &[Four],
        hits: &mut u64,
        mut each: F,
    ) {
        #[cfg(lanes)]
        {
            if R::PASSES && !R::ADJACENT {
                return self.lanes.outcomes(empty, group, hits, each);
            }
        }
        let _ = hits;
        for (i, x) in group.iter().enumerate() {
            each(i, outcomes::<R>(x.p, x.o, empty, x.margin));
        }
    }
}

/// [`outcomes`] by a recursion over the empty cells. The flips of every cell come first:
/// they do not depend on one another, so the processor works on them side by side. The
/// last cell is counted from its gain alone ([`Position::last_gain`]), without a call.
fn portable<R: BitRules>(pos: Position, empty: u64, margin: i32) -> Outcomes {
    let n = empty.count_ones() as usize;
    if n <= 1 {
        return Outcomes::leaf(if n == 1 { margin + pos.last_gain::<R>(empty.trailing_zeros()) } else { margin });
    }
    let below = |child: Position, empty: u64, margin: i32| {
        if n == 2 {
            Outcomes::leaf(margin + child.last_gain::<R>(empty.trailing_zeros()))
        } else {
            portable::<R>(child, empty, margin)
        }
    };
    let mut cells = [0u32; CELLS];
    let mut flips = [0u64; CELLS];
    for (k, sq) in Bits(empty).enumerate() {
        cells[k] = sq;
        flips[k] = R::flipped(pos.player, pos.opponent, sq);
    }
    let mut total = Outcomes::default();
    let mut moved = false;
    for k in 0..n {
        if flips[k] != 0 {
            moved = true;
            let gain = 2 * flips[k].count_ones() as i32 + 1;
            total.add_opponent(&below(pos.after(cells[k], flips[k]), empty ^ 1 << cells[k], -(margin + gain)));
        }
    }
    if moved || !R::PASSES {
        return if moved { total } else { Outcomes::leaf(margin) };
    }
    // The player to move passes: the opponent moves, and the player is to move again.
    let other = pos.passed();
    for sq in Bits(empty) {
        let f = R::flipped(other.player, other.opponent, sq);
        if f != 0 {
            moved = true;
            total += &below(other.after(sq, f), empty ^ 1 << sq, margin - 2 * f.count_ones() as i32 - 1);
        }
    }
    if moved {
        total
    } else {
        Outcomes::leaf(margin)
    }
}

/// [`sequences`] by a recursion over the empty cells. One cell or none leaves one
/// sequence (someone or nobody plays it), and two leave one per legal move of the player
/// to move (or else of the opponent): no flips are needed below three cells.
fn portable_sequences<R: BitRules>(p: u64, o: u64, empty: u64) -> u64 {
    if empty.count_ones() <= 1 {
        return 1;
    }
    let pos = Position { player: p, opponent: o };
    for &me in [pos, pos.passed()][..if R::PASSES { 2 } else { 1 }].iter() {
        let moves = R::moves(me.player, me.opponent, empty);
        let total = if empty.count_ones() == 2 {
            moves.count_ones() as u64
        } else {
            Bits(moves)
                .map(|sq| {
                    let child = me.after(sq, R::flipped(me.player, me.opponent, sq));
                    portable_sequences::<R>(child.player, child.opponent, empty ^ 1 << sq)
                })
                .sum()
        };
        if total > 0 {
            return total;
        }
    }
    1
}

#[cfg(test)]
mod tests;
