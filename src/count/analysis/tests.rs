//! The analysis against playouts: the cells that matter cover every change.

use super::super::super::core::board::{Board, Color};
use super::super::super::core::rng::Rng;
use super::super::super::core::rules::{Adjacent, Flanking};
use super::Analyse;

/// A random board for the relevance tests: 3..=16 rows and columns, a random share of
/// black discs, and 1..=9 empty cells scattered, in a block, or along one line.
fn sparse_board(rng: &mut Rng) -> Board {
    let rows = 3 + (rng.next_u64() % 14) as usize;
    let cols = 3 + (rng.next_u64() % 14) as usize;
    let black = rng.next_u64() % 101;
    let mut b = Board::from_cells(rows, cols, vec![None; rows * cols]);
    for i in 0..b.cell_count() {
        b.set(i, Some(if rng.next_u64() % 100 < black { Color::Black } else { Color::White }));
    }
    let empties = 1 + (rng.next_u64() % 9) as usize;
    let (r0, c0) = ((rng.next_u64() % rows as u64) as usize, (rng.next_u64() % cols as u64) as usize);
    let d = (rng.next_u64() % 8) as usize;
    let mut cells = Vec::new();
    match rng.next_u64() % 3 {
        0 => cells.extend((0..empties).map(|_| (rng.next_u64() % b.cell_count() as u64) as usize)),
        1 => {
            for k in 0..empties {
                cells.push(b.index((r0 + k / 3).min(rows - 1), (c0 + k % 3).min(cols - 1)));
            }
        }
        _ => {
            let start = b.index(r0, c0);
            cells.push(start);
            cells.extend(b.ray(start, d).step_by(1 + (rng.next_u64() % 2) as usize).take(empties - 1));
        }
    }
    for &i in &cells {
        b.set(i, None);
    }
    b
}

/// Random playouts from random sparse boards: every disc a move flips, and (standard
/// rules) every disc closing a flipped run, must be among the cells [`Analyse::relevant`]
/// marks, since the counters leave every other cell out of their keys.
fn relevant_covers_every_change<R: Analyse>(closers: bool) {
    let mut rng = Rng::new(0x6a09_e667_f3bc_c909);
    let mut moves = 0;
    for _ in 0..600 {
        let start = sparse_board(&mut rng);
        let relevant = R::relevant(&start);
        for _ in 0..20 {
            let mut b = start.clone();
            let mut color = if rng.next_u64() % 2 == 0 { Color::Black } else { Color::White };
            while !R::game_over(&b, color) {
                let legal = R::legal_moves(&b, color);
                if legal.is_empty() {
                    color = color.opponent();
                    continue;
                }
                let at = legal[(rng.next_u64() % legal.len() as u64) as usize];
                R::flips(&b, color, at, |f| {
                    assert!(relevant[f], "{:?} flips {:?} at {:?} on {:?}", color, b.coords(f), b.coords(at), start)
                });
                if closers {
                    for d in 0..8 {
                        // The first cell past the run of opponent discs closes it if the
                        // run is not empty and the cell holds a disc of the mover.
                        let run = b.ray(at, d).take_while(|&i| b.cell(i) == Some(color.opponent())).count();
                        let end = b.ray(at, d).nth(run).filter(|&i| run > 0 && b.cell(i) == Some(color));
                        if let Some(end) = end {
                            assert!(relevant[end], "{:?} closes at {:?} on {:?}", color, b.coords(end), start);
                        }
                    }
                }
                R::play(&mut b, color, at).unwrap();
                moves += 1;
                color = color.opponent();
            }
        }
    }
    assert!(moves > 20_000, "{} moves", moves);
}

#[test]
fn relevant_cells_cover_every_flip_and_closer() {
    relevant_covers_every_change::<Flanking>(true);
}

#[test]
fn relevant_cells_cover_every_adjacent_flip() {
    relevant_covers_every_change::<Adjacent>(false);
}
