//! The dynamic programme on small lines whose answers can be seen by hand.

use super::super::super::core::board::{Alphabet, Board, Color};
use super::super::super::core::rules::{Adjacent, Flanking};
use super::super::analysis::Analyse;
use super::{count, MAX_CELLS};

fn line(cells: &str) -> Board {
    let row = Alphabet { empty: '.', black: 'B', white: 'W' }.row(cells, 0).unwrap();
    Board::from_cells(1, row.len(), row)
}

/// `[black, white, draws]`, if the board's empty cells are independent.
fn triple(board: &Board, flanking: bool, to_move: Color) -> Option<[u64; 3]> {
    let counted = if flanking {
        count::<Flanking>(board, to_move, Flanking::analyse(board).independent)
    } else {
        count::<Adjacent>(board, to_move, Adjacent::analyse(board).independent)
    };
    counted.map(|t| if to_move == Color::Black { [t.wins, t.losses, t.draws] } else { [t.losses, t.wins, t.draws] })
}

#[test]
fn a_player_without_a_move_passes_or_ends_the_game() {
    // Only white can play the middle (flipping both blacks): black passes, white wins
    // 5 to 0. Under adjacent capture black has no move and the game ends, drawn 2-2.
    let b = line("WB.BW");
    assert_eq!(triple(&b, true, Color::Black), Some([0, 1, 0]));
    assert_eq!(triple(&b, false, Color::Black), Some([0, 0, 1]));
}

#[test]
fn every_order_of_the_moves_counts() {
    // Two cells that only black can play, one disc each: white passes, black plays
    // either, white passes again: two sequences, black ends 8 to 0.
    assert_eq!(triple(&line("B.WBBW.B"), true, Color::White), Some([2, 0, 0]));
    // A cell nobody can play stays empty: one sequence, black ahead 2 to 0.
    assert_eq!(triple(&line("B.B"), true, Color::Black), Some([1, 0, 0]));
}

#[test]
fn dependent_or_too_many_cells_are_left_to_the_walk() {
    assert_eq!(triple(&line("BW..WB"), true, Color::Black), None);
    assert_eq!(triple(&line("B.W.WB"), false, Color::Black), None);
    assert_eq!(triple(&line(&".WB".repeat(MAX_CELLS + 1)), false, Color::Black), None);
    assert!(triple(&line(&".WB".repeat(MAX_CELLS)), false, Color::Black).is_some());
}
