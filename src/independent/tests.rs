use super::super::board::{Alphabet, Board, Color};
use super::super::rules::{Adjacent, Flanking, Rules};
use super::{count, MAX_CELLS};

fn line(cells: &str) -> Board {
    let a = Alphabet { empty: '.', black: 'B', white: 'W' };
    let row = a.row(cells, 0).unwrap();
    Board::from_cells(1, row.len(), row)
}

fn triple(board: &Board, flanking: bool, to_move: Color) -> Option<[String; 3]> {
    let r = if flanking { count::<Flanking>(board, to_move, Flanking::independent(board)) } else { count::<Adjacent>(board, to_move, Adjacent::independent(board)) };
    r.map(|r| [r.black.to_string(), r.white.to_string(), r.draws.to_string()])
}

fn strings(t: [u64; 3]) -> Option<[String; 3]> {
    Some([t[0].to_string(), t[1].to_string(), t[2].to_string()])
}

#[test]
fn a_player_without_a_move_passes_or_ends_the_game() {
    // Only white can play the middle (flipping both blacks): black passes, white wins
    // 5 to 0. Under adjacent capture black has no move and the game ends, drawn 2-2.
    let b = line("WB.BW");
    assert_eq!(triple(&b, true, Color::Black), strings([0, 1, 0]));
    assert_eq!(triple(&b, false, Color::Black), strings([0, 0, 1]));
}

#[test]
fn every_order_of_the_moves_counts() {
    // Two cells that only black can play, one disc each: white passes, black plays
    // either, white passes again: two sequences, black ends 8 to 0.
    let b = line("B.WBBW.B");
    assert_eq!(triple(&b, true, Color::White), strings([2, 0, 0]));
    // A cell nobody can play stays empty: one sequence, black ahead 2 to 0.
    assert_eq!(triple(&line("B.B"), true, Color::Black), strings([1, 0, 0]));
}

#[test]
fn dependent_or_too_many_cells_are_left_to_the_walk() {
    assert_eq!(triple(&line("BW..WB"), true, Color::Black), None);
    assert_eq!(triple(&line("B.W.WB"), false, Color::Black), None);
    let many = ".WB".repeat(MAX_CELLS + 1);
    assert_eq!(triple(&line(&many), false, Color::Black), None);
    assert!(triple(&line(&".WB".repeat(MAX_CELLS)), false, Color::Black).is_some());
}
