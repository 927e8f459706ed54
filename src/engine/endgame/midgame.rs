//! The solver's search to a depth with the pattern evaluation, which estimates positions
//! rather than solving them: the root's starting estimate, ProbCut's shallow searches, the
//! ordering of moves at many empty squares and the re-sorting after a failed move. Its
//! positions count as the solver's nodes.

use super::super::super::core::position::{Position, Turn};
use super::super::super::core::rules::Flanking;
use super::super::super::core::table::Footprint;
use super::super::pattern;
use super::super::search::WIN;
use super::{replies, Children, Solver};

/// Bounds on the value of a position by a search of `depth` with the pattern evaluation,
/// and its best move there.
#[derive(Clone, Copy, Debug)]
pub(super) struct MidBounds {
    lower: i32,
    upper: i32,
    depth: u8,
    best: u8,
}

impl Footprint for MidBounds {}

impl Solver {
    /// A principal-variation search of `pos` to `depth` (fail-soft) with the pattern
    /// evaluation, in 1/[`pattern::SCALE`] discs. Positions 2 or more plies above the
    /// leaves are stored in the solver's midgame table with their best move, which goes
    /// first, the other moves by fewest replies ([`replies`]).
    pub(super) fn midgame(&mut self, pos: Position, depth: u32, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if depth == 0 {
            return pattern::evaluate(pos.player, pos.opponent);
        }
        let moves = match pos.turn::<Flanking>(pos.empty()) {
            Turn::Play(moves) => moves,
            Turn::Pass => return -self.midgame(pos.passed(), depth - 1, -beta, -alpha),
            Turn::Over => return pos.final_score() * pattern::SCALE,
        };
        let stored = depth >= 2;
        let (mut first, mut known, mut deeper) = (64, None, false);
        if stored {
            if let Some(&b) = self.mid_table.get(&pos) {
                // A deeper search's bounds serve as well.
                if b.depth as u32 >= depth {
                    if b.lower >= beta || b.lower == b.upper {
                        return b.lower;
                    }
                    if b.upper <= alpha {
                        return b.upper;
                    }
                    alpha = alpha.max(b.lower);
                    beta = beta.min(b.upper);
                }
                if b.depth as u32 == depth {
                    known = Some(b);
                }
                deeper = b.depth as u32 > depth;
                first = b.best as u32;
            }
        }
        let mut children = Children::new(pos, moves);
        for c in children.items[..children.len].iter_mut() {
            c.key = if c.sq == first { 1 << 20 } else { -replies(c.pos) };
        }
        children.sort(0);
        let (low, high) = (alpha, beta);
        let mut best = -2 * WIN;
        let mut best_sq = 64;
        for (i, c) in children.as_slice().iter().enumerate() {
            let score = if i == 0 {
                -self.midgame(c.pos, depth - 1, -beta, -alpha)
            } else {
                let probe = -self.midgame(c.pos, depth - 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta {
                    -self.midgame(c.pos, depth - 1, -beta, -probe)
                } else {
                    probe
                }
            };
            if score > best {
                best = score;
                best_sq = c.sq;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if stored && !deeper {
            let mut b = known.unwrap_or(MidBounds { lower: -2 * WIN, upper: 2 * WIN, depth: depth as u8, best: 64 });
            if best <= low {
                b.upper = best;
            } else if best >= high {
                b.lower = best;
            } else {
                b.lower = best;
                b.upper = best;
            }
            b.best = best_sq as u8;
            self.mid_table.put(&pos, b, depth);
        }
        best
    }
}
