//! What the counter asks of a board before it walks it on the general board: which cells
//! matter to the rest of the game. The others keep their discs to the end whoever moves,
//! so the walk's key leaves them out, and their margin may decide the winner early.

use super::super::core::bitboard::BitRules;
use super::super::core::board::{Board, Color, DIRECTIONS};
use super::super::core::rules::{Adjacent, Flanking};

/// Rule sets whose boards the counter can analyse (cargo builds count with these).
pub trait Analyse: BitRules {
    /// Per cell of `board`, whether it matters to the rest of the game: the empty cells,
    /// every disc a later move may flip, and every disc that may close a run that flips (a
    /// superset of them is fine). Leaving out the others changes no move and no flip.
    fn relevant(board: &Board) -> Vec<bool>;
}

impl Analyse for Flanking {
    fn relevant(board: &Board) -> Vec<bool> {
        flanking_relevant(board)
    }
}

/// [`Analyse::relevant`] under the flanking rules, from one fixed point.
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
fn flanking_relevant(board: &Board) -> Vec<bool> {
    let empties = board.empty_cells();
    let coarse = empties.len() > 64;
    let mut relevant: Vec<bool> = (0..board.cell_count()).map(|i| board.cell(i).is_none()).collect();
    // Per cell: the empty cells whose moves may change it (bit 0 for all if coarse).
    let mut causes = vec![0u64; board.cell_count()];
    let mut changed = true;
    while changed {
        changed = false;
        for (j, &e) in empties.iter().enumerate() {
            let me = if coarse { 1 } else { 1u64 << j };
            // Bit 0: may be black; bit 1: may be white, just before `e` is played.
            let may = |causes: &[u64], i: usize| -> u8 {
                let elsewhere = if coarse {
                    causes[i] != 0
                } else {
                    let others = causes[i] & !me;
                    (0..empties.len()).any(|k| others >> k & 1 == 1 && !between(board, empties[k], e, i))
                };
                match board.cell(i) {
                    None => 3,
                    _ if elsewhere => 3,
                    Some(Color::Black) => 1,
                    Some(Color::White) => 2,
                }
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
                            mays.push(may(&causes, ray[run]));
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
    relevant
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
    /// Moves are made on empty cells and flip only their neighbours, which they also read.
    fn relevant(board: &Board) -> Vec<bool> {
        let mut relevant = vec![false; board.cell_count()];
        for e in board.empty_cells() {
            relevant[e] = true;
            for i in (0..DIRECTIONS.len()).filter_map(|d| board.step(e, d)) {
                relevant[i] = true;
            }
        }
        relevant
    }
}

#[cfg(test)]
mod tests;
