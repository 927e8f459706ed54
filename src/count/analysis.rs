//! What the counter asks of a board before it walks it: which cells matter to the rest of
//! the game, and whether the empty cells are independent of one another.

use super::super::core::board::{Board, Color, DIRECTIONS};
use super::super::core::rules::{Adjacent, Flanking, Rules};

/// What the counter learns of a board before it walks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Per cell, whether it matters to the rest of the game: the empty cells, every disc a
    /// later move may flip, and every disc that may close a run that flips (a superset of
    /// them is fine). Every other cell keeps its disc to the end whoever moves, and
    /// leaving it out changes no move and no flip.
    pub relevant: Vec<bool>,
    /// Whether the empty cells are independent: whoever plays and in whatever order, no
    /// move changes whether, or how many discs, a move on another empty cell flips
    /// ([`super::independent`]). `false` is always safe; boards with more than 64 empty
    /// cells get it.
    pub independent: bool,
}

/// Rule sets whose boards the counter can analyse.
pub trait Analyse: Rules {
    /// The [`Analysis`] of `board`.
    fn analyse(board: &Board) -> Analysis;
}

impl Analyse for Flanking {
    fn analyse(board: &Board) -> Analysis {
        flanking_analysis(board)
    }
}

/// The [`Analysis`] under the flanking rules, from one fixed point.
///
/// A disc flips only as part of a run between an empty cell `e` (where the move is
/// made) and a disc of the other colour, all as they are just before `e` is played, by
/// when a cell can have changed only through moves on other empty cells. So, to a
/// fixed point, each cell records which empty cells' moves may change it (a bit set;
/// with more than 64 empty cells, only whether any may); along each ray from `e`, a
/// cell may hold either colour if it is empty or may be changed from elsewhere, and
/// the first `k` cells may flip if they may all hold one colour and the next may hold
/// the other (that next cell may close the run).
///
/// A move on `f` changes a cell only along the ray from `f` through it, once every
/// cell between them holds a disc: if `e` lies between them, that change comes after
/// `e` is played and does not count for `e`'s runs. (Without this, two empty cells on
/// one line would lengthen each other's runs without end.)
///
/// The empty cells are independent if, at the fixed point, no run read a cell that is
/// empty or may be changed by another move: each run then ends where it ends on
/// `board` until its own cell is played.
fn flanking_analysis(board: &Board) -> Analysis {
    let empties = board.empty_cells();
    let coarse = empties.len() > 64;
    let mut relevant: Vec<bool> = (0..board.cell_count()).map(|i| board.cell(i).is_none()).collect();
    // Per cell: the empty cells whose moves may change it (bit 0 for all if coarse).
    let mut causes = vec![0u64; board.cell_count()];
    let mut changed = true;
    // Whether a run of the last pass read a cell that is empty or may change.
    let mut read_changeable = false;
    while changed {
        changed = false;
        read_changeable = false;
        for (j, &e) in empties.iter().enumerate() {
            let me = if coarse { 1 } else { 1u64 << j };
            // Bit 0: may be black; bit 1: may be white, just before `e` is played.
            let may = |causes: &[u64], i: usize, read: &mut bool| -> u8 {
                let elsewhere = if coarse {
                    causes[i] != 0
                } else {
                    let others = causes[i] & !me;
                    (0..empties.len()).any(|k| others >> k & 1 == 1 && !between(board, empties[k], e, i))
                };
                let may = match board.cell(i) {
                    None => 3,
                    _ if elsewhere => 3,
                    Some(Color::Black) => 1,
                    Some(Color::White) => 2,
                };
                *read |= may == 3;
                may
            };
            for d in 0..DIRECTIONS.len() {
                let ray: Vec<usize> = board.ray(e, d).collect();
                // What the cells of the ray may hold, read as far as a run needs them.
                let mut mays: Vec<u8> = Vec::new();
                for &run_colour in [1u8, 2].iter() {
                    // The longest run from `e` that may hold `run_colour` throughout, and
                    // the cell after it.
                    let mut run = 0;
                    while run < ray.len() {
                        if mays.len() == run {
                            mays.push(may(&causes, ray[run], &mut read_changeable));
                        }
                        if mays[run] & run_colour == 0 {
                            break;
                        }
                        run += 1;
                    }
                    // The longest part of it whose next cell may hold the other colour:
                    // ray[..=last] may flip when `e` is played, closed by ray[last + 1]
                    // (a shorter part's closer lies within it).
                    let ends = run.min(ray.len().saturating_sub(1));
                    let closed = (0..ends).rev().find(|&k| mays[k + 1] & (3 - run_colour) != 0);
                    if let Some(last) = closed {
                        relevant[ray[last + 1]] = true;
                        for &i in &ray[..=last] {
                            relevant[i] = true;
                            changed |= causes[i] & me == 0;
                            causes[i] |= me;
                        }
                    }
                }
            }
        }
    }
    Analysis { relevant, independent: !coarse && !read_changeable }
}

/// Whether cell `b` lies strictly between cells `a` and `c` on a straight line (row,
/// column or diagonal) from `a` through `c`.
fn between(board: &Board, a: usize, b: usize, c: usize) -> bool {
    let ((ar, ac), (br, bc), (cr, cc)) = (board.coords(a), board.coords(b), board.coords(c));
    let (dr1, dc1) = (br as i64 - ar as i64, bc as i64 - ac as i64);
    let (dr2, dc2) = (cr as i64 - ar as i64, cc as i64 - ac as i64);
    let collinear = dr1 * dc2 == dc1 * dr2 && dr1 * dr2 >= 0 && dc1 * dc2 >= 0;
    collinear && (dr1, dc1) != (0, 0) && dr1.abs().max(dc1.abs()) < dr2.abs().max(dc2.abs())
}

impl Analyse for Adjacent {
    /// Moves are made on empty cells and flip only their neighbours, which they also read:
    /// two empty cells are independent if they are at least three cells apart (in rows or
    /// columns).
    fn analyse(board: &Board) -> Analysis {
        let empty = board.empty_cells();
        let mut relevant = vec![false; board.cell_count()];
        for &e in &empty {
            relevant[e] = true;
            for i in (0..DIRECTIONS.len()).filter_map(|d| board.step(e, d)) {
                relevant[i] = true;
            }
        }
        let coords: Vec<(usize, usize)> = empty.iter().map(|&i| board.coords(i)).collect();
        let apart =
            |a: (usize, usize), b: (usize, usize)| a.0.max(b.0) - a.0.min(b.0) >= 3 || a.1.max(b.1) - a.1.min(b.1) >= 3;
        let independent =
            coords.len() <= 64 && coords.iter().enumerate().all(|(k, &a)| coords[k + 1..].iter().all(|&b| apart(a, b)));
        Analysis { relevant, independent }
    }
}

#[cfg(test)]
mod tests;
