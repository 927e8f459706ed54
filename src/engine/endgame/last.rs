//! The solver's last four (or fewer) empty squares: no table and no ordering beyond
//! parity (moves in quadrants with an odd number of empty squares first), and the last
//! two squares by following each move with the last square's score, without making it.

use super::super::super::core::bitboard::flanking_flips;
use super::super::super::core::position::{score, Position};
use super::super::super::core::rules::Flanking;
use super::{odd_quadrants, Solver};

/// The final score for the player to move in `pos` when `sq` is the only empty square:
/// every other square is filled, so only flip counts matter. A square nobody can play
/// goes to the winner.
#[inline]
fn last_score(pos: Position, sq: u32) -> i32 {
    let gain = pos.last_gain::<Flanking>(sq);
    score(2 * pos.player.count_ones() as i32 - 63 + gain, (gain == 0) as u32)
}

impl Solver {
    /// The exact score of `pos`, whose empty squares are the four or fewer of `empty`, if
    /// it lies in `alpha..beta`, else a bound on that side (fail-soft); `passed`: the
    /// opponent has just passed.
    pub(super) fn small(&mut self, pos: Position, empty: u64, mut alpha: i32, beta: i32, passed: bool) -> i32 {
        self.nodes += 1;
        let n = empty.count_ones();
        if n <= 2 {
            return self.last_two(pos, empty, alpha, beta);
        }
        let odd = odd_quadrants(empty);
        let mut best = -65;
        // Odd quadrants first, then the rest.
        for &part in [empty & odd, empty & !odd].iter() {
            let mut squares = part;
            while squares != 0 {
                let sq = squares.trailing_zeros();
                squares &= squares - 1;
                let flips = flanking_flips(pos.player, pos.opponent, sq);
                if flips == 0 {
                    continue;
                }
                let score = -self.small(pos.after(sq, flips), empty ^ 1 << sq, -beta, -alpha, false);
                if score > best {
                    best = score;
                    if score > alpha {
                        alpha = score;
                        if alpha >= beta {
                            return best;
                        }
                    }
                }
            }
        }
        if best > -65 {
            return best;
        }
        if passed {
            return pos.final_score();
        }
        -self.small(pos.passed(), empty, -beta, -alpha, true)
    }

    /// The last two (or fewer) empty squares of a position already counted as a node:
    /// each move is followed by the last square's score, without making it.
    fn last_two(&mut self, pos: Position, empty: u64, alpha: i32, beta: i32) -> i32 {
        if empty == 0 {
            // A full board: counted as a pass to the opponent, who cannot move either.
            self.nodes += 1;
            return pos.final_score();
        }
        let a = empty.trailing_zeros();
        let rest = empty & (empty - 1);
        if rest == 0 {
            return last_score(pos, a);
        }
        let b = rest.trailing_zeros();
        let mut best = -65;
        for &(x, y) in [(a, b), (b, a)].iter() {
            let flips = flanking_flips(pos.player, pos.opponent, x);
            if flips != 0 {
                self.nodes += 1;
                let score = -last_score(pos.after(x, flips), y);
                if score > best {
                    best = score;
                    if score >= beta {
                        return best;
                    }
                }
            }
        }
        if best > -65 {
            return best;
        }
        // The player to move passes (a node of its own); the opponent moves, or nobody
        // can and the game ends.
        self.nodes += 1;
        let other = pos.passed();
        let mut worst = 65;
        for &(x, y) in [(a, b), (b, a)].iter() {
            let flips = flanking_flips(other.player, other.opponent, x);
            if flips != 0 {
                self.nodes += 1;
                let score = last_score(other.after(x, flips), y);
                if score < worst {
                    worst = score;
                    if score <= alpha {
                        return worst;
                    }
                }
            }
        }
        if worst < 65 {
            worst
        } else {
            pos.final_score()
        }
    }
}
