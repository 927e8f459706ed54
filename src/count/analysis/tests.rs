//! The analysis against playouts: the cells that matter cover every change, and
//! independent empty cells keep their flips.

use super::super::super::core::board::{Alphabet, Board, Color};
use super::super::super::core::rng::Rng;
use super::super::super::core::rules::{Adjacent, Flanking};
use super::Analyse;

/// A board drawn row by row.
fn board(rows: &[&str]) -> Board {
    let picture = Alphabet { empty: '.', black: 'B', white: 'W' };
    let cells: Vec<_> = rows.iter().flat_map(|r| picture.row(r, 0).unwrap()).collect();
    Board::from_cells(rows.len(), cells.len() / rows.len(), cells)
}

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
/// rules) every disc closing a flipped run, must be among the cells [`super::Analysis::relevant`]
/// marks, since the counters leave every other cell out of their keys and boards.
fn relevant_covers_every_change<R: Analyse>(closers: bool) {
    let mut rng = Rng::new(0x6a09_e667_f3bc_c909);
    let mut moves = 0;
    for _ in 0..600 {
        let start = sparse_board(&mut rng);
        let relevant = R::analyse(&start).relevant;
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

/// Random playouts from the sparse boards whose empty cells [`super::Analysis::independent`] calls
/// independent: before every move, every cell still empty must have, for each colour,
/// the flip count it had at the start, since the independent counter relies on it.
fn independent_cells_keep_their_flips<R: Analyse>() {
    let mut rng = Rng::new(0xbb67_ae85_84ca_a73b);
    let (mut independent, mut moves) = (0, 0);
    for _ in 0..3000 {
        let start = sparse_board(&mut rng);
        if !R::analyse(&start).independent {
            continue;
        }
        independent += 1;
        let empty: Vec<usize> = (0..start.cell_count()).filter(|&i| start.cell(i).is_none()).collect();
        let flips =
            |b: &Board, at: usize| [R::flips(b, Color::Black, at, |_| ()), R::flips(b, Color::White, at, |_| ())];
        let at_start: Vec<[usize; 2]> = empty.iter().map(|&at| flips(&start, at)).collect();
        for _ in 0..10 {
            let mut b = start.clone();
            let mut color = if rng.next_u64() % 2 == 0 { Color::Black } else { Color::White };
            while !R::game_over(&b, color) {
                for (k, &at) in empty.iter().enumerate() {
                    if b.cell(at).is_none() {
                        assert_eq!(flips(&b, at), at_start[k], "{:?} on {:?} after moves", b.coords(at), start);
                    }
                }
                let legal = R::legal_moves(&b, color);
                if legal.is_empty() {
                    color = color.opponent();
                    continue;
                }
                let at = legal[(rng.next_u64() % legal.len() as u64) as usize];
                R::play(&mut b, color, at).unwrap();
                moves += 1;
                color = color.opponent();
            }
        }
    }
    assert!(independent > 300 && independent < 2700, "{} independent boards of 3000", independent);
    assert!(moves > 5_000, "{} moves", moves);
}

#[test]
fn independent_flanking_cells_keep_their_flips() {
    independent_cells_keep_their_flips::<Flanking>();
}

#[test]
fn independent_adjacent_cells_keep_their_flips() {
    independent_cells_keep_their_flips::<Adjacent>();
}

#[test]
fn independence_of_small_boards() {
    // Far apart on one line, each between its own runs: independent.
    assert!(Flanking::analyse(&board(&["BW.BWBW.BW"])).independent);
    // The left move flips the W at column 2, which the right cell's run reads.
    assert!(!Flanking::analyse(&board(&["B.WW.B"])).independent);
    // Two empty cells side by side: each is on the other's ray.
    assert!(!Flanking::analyse(&board(&["BW..WB"])).independent);
    // Adjacent capture: three columns apart is enough, two is not.
    assert!(Adjacent::analyse(&board(&["B.WB.W"])).independent);
    assert!(!Adjacent::analyse(&board(&["B.W.WB"])).independent);
}
