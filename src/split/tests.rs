//! The positions one move below (passes, ended games) on small boards, and split counts
//! against the general board on boards too wide for the bit sets, with a position that
//! two paths reach.

use super::super::arena::Rng;
use super::super::board::{Alphabet, Board, Color};
use super::super::count::{count, count_fast, Options};
use super::super::rules::{Adjacent, Flanking, Rules};
use super::{children, count_split, explore, finished, positions, zero, Report, SPLIT_BOARD_UP_TO, SPLIT_CELLS_UP_TO, SPLIT_UP_TO};

/// A one-row board from `.`, `B` and `W`.
fn row(cells: &str) -> Board {
    let a = Alphabet { empty: '.', black: 'B', white: 'W' };
    Board::from_cells(1, cells.len(), a.row(cells, 1).unwrap())
}

fn triple(r: &Report) -> [String; 3] {
    [r.black.to_string(), r.white.to_string(), r.draws.to_string()]
}

/// `B W . B . W B`: black's moves on cells 2 and 4 flip one disc each, and white has no
/// move after either: white passes and black plays the other cell, filling the row.
/// Without passes (adjacent captures) a player without a move ends the game; with them,
/// so does a position where neither player has one.
#[test]
fn positions_below_pass_and_end() {
    let below = |cells: &str, to_move: Color| children::<Flanking>(&row(cells), to_move);
    assert_eq!(below("BW.B.WB", Color::Black), [(row("BBBB.WB"), Color::White), (row("BW.BBBB"), Color::White)]);
    assert_eq!(below("BBBB.WB", Color::White), [(row("BBBBBBB"), Color::White)]);
    assert_eq!(below("BW.BBBB", Color::White), [(row("BBBBBBB"), Color::White)]);
    assert!(below("BBBBBBB", Color::White).is_empty());
    assert!(below("W.W", Color::Black).is_empty());
    // Under adjacent captures white's move on the middle cell of `B.W` is legal (next to
    // a black disc), and turns it; `W.W` has no black disc to be next to.
    assert_eq!(children::<Adjacent>(&row("B.W"), Color::White), [(row("WWW"), Color::Black)]);
    assert!(children::<Adjacent>(&row("W.W"), Color::White).is_empty());
    assert_eq!(triple(&finished(&row("BBW"))), ["1", "0", "0"]);
    assert_eq!(triple(&finished(&row("W.W"))), ["0", "1", "0"]);
    assert_eq!(triple(&finished(&row("BW"))), ["0", "0", "1"]);
}

/// A 100×100 board of random discs with a row of `empties` empty cells in its middle.
fn wide_row(rng: &mut Rng, empties: usize) -> Board {
    let mut b = Board::new(100, 100);
    for i in 0..b.len() {
        b.set(i, Some(if rng.below(2) == 0 { Color::Black } else { Color::White }));
    }
    for k in 0..empties {
        b.set(b.index(50, 45 + k), None);
    }
    b
}

/// Rows of empty cells whose boards no bit sets take (checked first), split one or two
/// plies deep, with either colour to move, against the general board (`count` without
/// bit sets); and `count`,
/// which splits them, against the same.
#[test]
fn wide_boards_split_as_the_general_board_counts() {
    let mut rng = Rng::new(0x5eed_5911);
    let single = Options { threads: 1, ..Options::default() };
    let general = Options { bitboards: false, independent: false, ..single };
    for &empties in &[9, 10] {
        let board = wide_row(&mut rng, empties);
        assert!(count_fast::<Flanking>(&board, Color::White, &Options { split: 0, ..single }).is_none(), "too wide for the bit sets");
        for &to_move in &[Color::White, Color::Black] {
            let expected = triple(&count::<Flanking>(&board, to_move, &general));
            for &(plies, threads) in &[(1, 1), (2, 2)] {
                let split = count_split::<Flanking>(&board, &Flanking::analysis(&board), to_move, &Options { split: plies, threads, ..single }).expect("split");
                assert_eq!(triple(&split), expected, "{} empties, {:?} to move, {} plies", empties, to_move, plies);
            }
            assert_eq!(triple(&count::<Flanking>(&board, to_move, &Options::default())), expected);
        }
    }
}

/// A 3×`cols` board of white discs in a black frame, empty in the middle row at `empty`.
fn framed_row(cols: usize, empty: &[usize]) -> Board {
    let mut b = Board::new(3, cols);
    for i in 0..b.len() {
        let (r, c) = b.coords(i);
        let frame = r != 1 || c == 0 || c == cols - 1;
        b.set(i, Some(if frame { Color::Black } else { Color::White }));
    }
    for &c in empty {
        b.set(b.index(1, c), None);
    }
    b
}

/// A 3×320 board of white discs in a black frame, empty at (1, 5), (1, 160) and
/// (1, 314): white never has a move, black's first is on one end cell (its run to the
/// frame; the middle one has no run yet), and the two end moves commute. After one move
/// the board is still too wide for the bit sets (314 cells may change), so two plies
/// down the orders of the two end cells meet in one position, reached twice. Its one
/// sequence is a black win counted once and doubled: four black wins in all.
#[test]
fn merged_paths_multiply_their_counts() {
    let b = framed_row(320, &[5, 160, 314]);
    let single = Options { threads: 1, ..Options::default() };
    let general = Options { bitboards: false, independent: false, ..single };
    for &to_move in &[Color::White, Color::Black] {
        assert_eq!(triple(&count::<Flanking>(&b, to_move, &general)), ["4", "0", "0"]);
        assert_eq!(triple(&count_split::<Flanking>(&b, &Flanking::analysis(&b), to_move, &Options { split: 2, ..single }).unwrap()), ["4", "0", "0"]);
    }
    // Two positions one ply down, both still too wide; three two plies down, one of them
    // below both.
    let found = positions::<Flanking>(&b, &Flanking::changeable(&b), Color::White, &Options { split: 2, ..single });
    let ply = |p: usize| -> Vec<usize> { (0..found.len()).filter(|&k| found[k].ply == p).collect() };
    assert_eq!(ply(1).len(), 2);
    for k in ply(1) {
        assert!(count_fast::<Flanking>(&found[k].board, found[k].to_move, &Options { split: 0, ..single }).is_none(), "still too wide");
    }
    // One ply only: those two are counted on the general board, not split again.
    let shallow = positions::<Flanking>(&b, &Flanking::changeable(&b), Color::White, &Options { split: 1, ..single });
    assert_eq!(shallow.iter().map(|f| f.ply).max(), Some(1));
    assert_eq!(triple(&count_split::<Flanking>(&b, &Flanking::analysis(&b), Color::White, &Options { split: 1, ..single }).unwrap()), ["4", "0", "0"]);
    let mut parents: Vec<usize> = ply(2).into_iter().map(|k| found.iter().filter(|f| f.children.contains(&k)).count()).collect();
    parents.sort();
    assert_eq!(parents, [1, 1, 2]);
}

/// Not split: with `split` 0, more than [`SPLIT_UP_TO`] empty cells, more than
/// [`SPLIT_CELLS_UP_TO`] that may change, or more than [`SPLIT_BOARD_UP_TO`] in all.
#[test]
fn what_is_not_split() {
    let split = |b: &Board, o: &Options| count_split::<Flanking>(b, &Flanking::analysis(b), Color::White, o);
    let board = wide_row(&mut Rng::new(7), SPLIT_UP_TO + 1);
    assert!(split(&board, &Options::default()).is_none());
    let board = framed_row(SPLIT_CELLS_UP_TO + 2, &[5, 160, SPLIT_CELLS_UP_TO - 4]);
    assert_eq!(Flanking::changeable(&board).iter().filter(|&&c| c).count(), SPLIT_CELLS_UP_TO);
    assert!(split(&board, &Options::default()).is_some());
    assert!(split(&board, &Options { split: 0, ..Options::default() }).is_none());
    let board = framed_row(SPLIT_CELLS_UP_TO + 3, &[5, 160, SPLIT_CELLS_UP_TO - 3]);
    assert!(split(&board, &Options::default()).is_none());
    // The same cells that may change, in a board of more cells than are split.
    let mut board = Board::new(3 + SPLIT_BOARD_UP_TO / (SPLIT_CELLS_UP_TO + 2), SPLIT_CELLS_UP_TO + 2);
    let row = framed_row(SPLIT_CELLS_UP_TO + 2, &[5, 160, SPLIT_CELLS_UP_TO - 4]);
    for i in 0..board.len() {
        board.set(i, if i < row.len() { row.cell(i) } else { Some(Color::Black) });
    }
    assert!(board.len() > SPLIT_BOARD_UP_TO);
    assert_eq!(Flanking::changeable(&board).iter().filter(|&&c| c).count(), SPLIT_CELLS_UP_TO);
    assert!(split(&board, &Options::default()).is_none());
}

/// A 3×300 board whose middle row is white to both ends, between black rows, empty at
/// (1, 5) and (1, 294): neither player has a move (every run reaches the edge), yet the
/// cells between the two empty ones may change as far as the analysis can tell, too many
/// for the bit sets. Split, the game is over at once: one sequence, a black win (600
/// black discs to 296 white ones).
#[test]
fn an_ended_game_too_wide_is_one_sequence() {
    let mut b = framed_row(300, &[5, 294]);
    b.set(b.index(1, 0), Some(Color::White));
    b.set(b.index(1, 299), Some(Color::White));
    let single = Options { threads: 1, ..Options::default() };
    let general = Options { bitboards: false, independent: false, ..single };
    assert!(count_fast::<Flanking>(&b, Color::White, &Options { split: 0, ..single }).is_none(), "too wide for the bit sets");
    for &to_move in &[Color::White, Color::Black] {
        assert_eq!(triple(&count_split::<Flanking>(&b, &Flanking::analysis(&b), to_move, &single).unwrap()), ["1", "0", "0"]);
        assert_eq!(triple(&count::<Flanking>(&b, to_move, &general)), ["1", "0", "0"]);
    }
}

/// A count that panics on one thread ends the split with its panic: the guard marks its
/// position done, so the other thread, out of positions, does not wait for it for ever
/// (the count runs on a thread of its own, so that a hang fails the test instead of
/// stopping it). The positions two plies down are counted as nothing, the first one
/// taken panics.
#[test]
fn a_panicking_count_ends_the_split_with_its_panic() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let board = wide_row(&mut Rng::new(0x0dd_ba11), 10);
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let failed = AtomicBool::new(false);
        let counted = |_: &Board, _: Color, ply: usize| -> Option<Report> {
            if ply < 2 {
                return None;
            }
            if !failed.swap(true, Ordering::SeqCst) {
                panic!("a count that fails (on purpose)");
            }
            Some(zero())
        };
        let run = std::panic::AssertUnwindSafe(|| explore::<Flanking, _>(&board, &Flanking::changeable(&board), Color::White, 2, &counted).len());
        let _ = send.send(std::panic::catch_unwind(run).is_err());
    });
    assert_eq!(receive.recv_timeout(std::time::Duration::from_secs(60)), Ok(true), "the split should end with the count's panic");
}

