//! The 128-bit boards against the general board: steps against [`Board::step`], flips
//! (by vectors where built, and ray by ray) against [`Rules::flips`], and whole counts
//! against [`BoardWalk`], on random shapes and positions under both rule sets.

use super::super::arena::Rng;
use super::super::board::{Board, Color};
use super::super::count::{BoardWalk, Counter};
use super::super::rules::{Adjacent, Flanking, Rules};
use super::{Geometry, WideWalk};

/// A random shape of at most 128 cells, some of them a single row or column.
fn random_shape(rng: &mut Rng) -> (usize, usize) {
    match rng.below(6) {
        0 => (1, 1 + rng.below(128)),
        1 => (1 + rng.below(128), 1),
        _ => {
            let rows = 1 + rng.below(16);
            (rows, 1 + rng.below(128 / rows))
        }
    }
}

/// A board of random discs (black with a random share) with `empties` empty cells.
fn random_board(rng: &mut Rng, rows: usize, cols: usize, empties: usize) -> Board {
    let mut b = Board::new(rows, cols);
    let black = rng.below(101);
    for i in 0..b.len() {
        b.set(i, Some(if rng.below(100) < black { Color::Black } else { Color::White }));
    }
    for _ in 0..empties {
        let i = rng.below(b.len());
        b.set(i, None);
    }
    b
}

fn bits(board: &Board, color: Color) -> u128 {
    (0..board.len()).filter(|&i| board.cell(i) == Some(color)).fold(0, |x, i| x | 1 << i)
}

#[test]
fn steps_match_the_general_board() {
    let mut rng = Rng::new(0x0123_4567_89ab_cdef);
    for _ in 0..300 {
        let (rows, cols) = random_shape(&mut rng);
        let g = Geometry::new(rows, cols).unwrap();
        let board = Board::new(rows, cols);
        for i in 0..board.len() {
            for d in 0..8 {
                let expected = board.step(i, d).map_or(0, |n| 1u128 << n);
                assert_eq!(g.step(1 << i, d), expected, "{}x{} cell {} direction {}", rows, cols, i, d);
            }
        }
    }
    assert!(Geometry::new(0, 5).is_none());
    assert!(Geometry::new(1, 129).is_none());
    assert_eq!(Geometry::new(1, 128).unwrap().area(), !0);
}

#[test]
fn flips_match_the_general_board() {
    fn check<R: Rules>(board: &Board, g: &Geometry) {
        for i in (0..board.len()).filter(|&i| board.cell(i).is_none()) {
            for &c in [Color::Black, Color::White].iter() {
                let mut out = Vec::new();
                R::flips(board, c, i, &mut out);
                let expected = out.iter().fold(0u128, |x, &f| x | 1 << f);
                let (p, o) = (bits(board, c), bits(board, c.opponent()));
                assert_eq!(R::wide_flips(g, p, o, i as u32), expected, "{:?} at {} for {:?}", board, i, c);
                if R::PASSES {
                    // The standard rules: the ray-by-ray flips too, where the vector ones
                    // replace them.
                    assert_eq!(super::ray_flips(g, p, o, i as u32), expected);
                }
            }
        }
    }
    let mut rng = Rng::new(0xfeed_beef_dead_f00d);
    for _ in 0..2000 {
        let (rows, cols) = random_shape(&mut rng);
        let empties = 1 + rng.below(rows * cols);
        let board = random_board(&mut rng, rows, cols, empties);
        let g = Geometry::new(rows, cols).unwrap();
        check::<Flanking>(&board, &g);
        check::<Adjacent>(&board, &g);
    }
}

/// The same counts as the general board, with and without a table, with either player
/// to move: passes, lopsided colours, lines and columns included.
#[test]
fn counts_match_the_general_board() {
    fn both<R: Rules>(board: &Board, to_move: Color, entries: usize) -> bool {
        let mut wide = match WideWalk::<R>::new(board, to_move) {
            Some(w) => w,
            None => return false,
        };
        let a = Counter::<_, u64>::new(entries, false).count(&mut wide);
        let b = Counter::<_, u64>::new(entries, false).count(&mut BoardWalk::<R>::new(board, to_move));
        assert_eq!(a, b, "{:?}", board);
        true
    }
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    let mut counted = 0;
    for i in 0..400 {
        let (rows, cols) = random_shape(&mut rng);
        let empties = 1 + rng.below(9);
        let board = random_board(&mut rng, rows, cols, empties);
        let to_move = if i % 2 == 0 { Color::Black } else { Color::White };
        let entries = if i % 3 == 0 { 0 } else { 1 << 12 };
        counted += both::<Flanking>(&board, to_move, entries) as usize;
        counted += both::<Adjacent>(&board, to_move, entries) as usize;
    }
    assert!(counted > 700, "only {} boards counted", counted);
}

/// The extremes: a full board of 128 cells (no empty cell, one outcome), and a line of
/// 64 cells with 64 empty ones (the most the key holds).
#[test]
fn the_largest_boards() {
    let mut full = Board::new(1, 128);
    for i in 0..128 {
        full.set(i, Some(if i < 70 { Color::Black } else { Color::White }));
    }
    let mut walk = WideWalk::<Flanking>::new(&full, Color::White).unwrap();
    assert_eq!(Counter::<_, u64>::new(1 << 10, false).count(&mut walk), super::super::count::Outcomes { wins: 0, losses: 1, draws: 0 });
    // White to move: its discs are cells 70 to 127, and no cell is open.
    assert_eq!(super::super::count::Walk::key(&walk), (0, !0 << 6));
    let line = Board::new(1, 64);
    assert!(WideWalk::<Adjacent>::new(&line, Color::Black).is_some());
    assert!(WideWalk::<Adjacent>::new(&Board::new(1, 65), Color::Black).is_none());
}
