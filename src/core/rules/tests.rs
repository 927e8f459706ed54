//! The rules on the general board, cell by cell.

use super::super::board::{Alphabet, Board, Color};
use super::{Adjacent, Flanking, IllegalMove, Rules};

const PICTURE: Alphabet = Alphabet { empty: '.', black: 'B', white: 'W' };

/// A board drawn row by row.
fn board(rows: &[&str]) -> Board {
    let cells: Vec<_> = rows.iter().flat_map(|r| PICTURE.row(r, 0).unwrap()).collect();
    Board::from_cells(rows.len(), cells.len() / rows.len(), cells)
}

fn picture(b: &Board) -> Vec<String> {
    let mut out = Vec::new();
    b.write(&mut out, &PICTURE).unwrap();
    String::from_utf8(out).unwrap().lines().map(String::from).collect()
}

/// Plays and returns the resulting picture.
fn after<R: Rules>(rows: &[&str], color: Color, r: usize, c: usize) -> Vec<String> {
    let mut b = board(rows);
    let at = b.index(r, c);
    R::play(&mut b, color, at).unwrap();
    picture(&b)
}

#[test]
fn flips_in_each_of_the_eight_directions() {
    // Black plays the centre; each direction alone has a white run closed by black.
    let lines: [(&[&str], &[&str]); 8] = [
        (&["..B..", "..W..", ".....", ".....", "....."], &["..B..", "..B..", "..B..", ".....", "....."]),
        (&["....B", "...W.", ".....", ".....", "....."], &["....B", "...B.", "..B..", ".....", "....."]),
        (&[".....", ".....", "...WB", ".....", "....."], &[".....", ".....", "..BBB", ".....", "....."]),
        (&[".....", ".....", ".....", "...W.", "....B"], &[".....", ".....", "..B..", "...B.", "....B"]),
        (&[".....", ".....", ".....", "..W..", "..B.."], &[".....", ".....", "..B..", "..B..", "..B.."]),
        (&[".....", ".....", ".....", ".W...", "B...."], &[".....", ".....", "..B..", ".B...", "B...."]),
        (&[".....", ".....", "BW...", ".....", "....."], &[".....", ".....", "BBB..", ".....", "....."]),
        (&["B....", ".W...", ".....", ".....", "....."], &["B....", ".B...", "..B..", ".....", "....."]),
    ];
    for (before, want) in lines.iter() {
        assert_eq!(after::<Flanking>(before, Color::Black, 2, 2), *want, "from {:?}", before);
    }
}

#[test]
fn long_runs_flip_entirely_and_open_runs_do_not_flip() {
    assert_eq!(after::<Flanking>(&[".WWWWWWB"], Color::Black, 0, 0), vec!["BBBBBBBB"]);
    // A run that reaches the edge or an empty cell is not bracketed.
    let mut b = board(&[".WWW.B"]);
    assert_eq!(Flanking::play(&mut b, Color::Black, 0), Err(IllegalMove::NoFlips));
    let mut b = board(&[".WWW"]);
    assert_eq!(Flanking::play(&mut b, Color::Black, 0), Err(IllegalMove::NoFlips));
    // A run closed by the mover's own colour right away flips nothing.
    let mut b = board(&[".BW"]);
    assert_eq!(Flanking::play(&mut b, Color::Black, 0), Err(IllegalMove::NoFlips));
}

#[test]
fn one_move_brackets_several_directions() {
    let before = ["B.B.B", ".WWW.", "BW.WB", ".WWW.", "B.B.B"];
    let want = ["B.B.B", ".BBB.", "BBBBB", ".BBB.", "B.B.B"];
    assert_eq!(after::<Flanking>(&before, Color::Black, 2, 2), want);
    let mut b = board(&before);
    assert_eq!(Flanking::flips(&b, Color::Black, 12, |_| ()), 8);
    // Only the bracketed lines flip: a white disc off those lines stays.
    let mut b2 = board(&["B.B..", ".WWW.", "BW.W.", ".WWW.", "B.B.B"]);
    Flanking::play(&mut b2, Color::Black, 12).unwrap();
    assert_eq!(picture(&b2), vec!["B.B..", ".BBW.", "BBBW.", ".BBB.", "B.B.B"]);
    assert_eq!(Flanking::play(&mut b, Color::White, 12), Err(IllegalMove::NoFlips));
}

#[test]
fn corners_and_edges() {
    // Corner moves flip along the edge, the other edge and the diagonal.
    let before = [".WWB", "WW..", "W.W.", "B..B"];
    assert_eq!(after::<Flanking>(&before, Color::Black, 0, 0), ["BBBB", "BB..", "B.B.", "B..B"]);
    // The far corner, towards the north-west.
    let before = ["B...", ".W..", "..W.", "...."];
    assert_eq!(after::<Flanking>(&before, Color::Black, 3, 3), ["B...", ".B..", "..B.", "...B"]);
    let before = ["....", "W...", "W...", "B..."];
    assert_eq!(after::<Flanking>(&before, Color::Black, 0, 0), ["B...", "B...", "B...", "B..."]);
    // Runs never wrap around an edge onto the next row.
    let mut b = board(&["...W", "B..."]);
    assert!(!Flanking::is_legal(&b, Color::Black, 2));
    assert_eq!(Flanking::play(&mut b, Color::Black, 2), Err(IllegalMove::NoFlips));
}

#[test]
fn play_rejects_occupied_cells_and_keeps_counts() {
    let mut b = Board::start(6);
    assert_eq!(Flanking::play(&mut b, Color::Black, 2 * 6 + 2), Err(IllegalMove::Occupied));
    assert_eq!(Flanking::play(&mut b, Color::Black, 6 + 2), Ok(1));
    assert_eq!((b.discs(Color::Black), b.discs(Color::White), b.empties()), (4, 1, 31));
}

#[test]
fn legal_moves_are_row_major() {
    let b = Board::start(8);
    let moves: Vec<_> = Flanking::legal_moves(&b, Color::White).iter().map(|&i| b.coords(i)).collect();
    assert_eq!(moves, vec![(2, 4), (3, 5), (4, 2), (5, 3)]);
}

#[test]
fn pass_and_game_over() {
    // White has no move, black has: white passes, the game goes on.
    let b = board(&["BW.", "...", "..."]);
    assert!(!Flanking::has_move(&b, Color::White));
    assert!(Flanking::has_move(&b, Color::Black));
    assert!(!Flanking::game_over(&b, Color::White));
    // Nobody can move: over, whoever is to move.
    let b = board(&["BW", "WB"]);
    assert!(Flanking::game_over(&b, Color::Black) && Flanking::game_over(&b, Color::White));
    let b = board(&["B.W", "...", "..."]);
    assert!(Flanking::game_over(&b, Color::Black));
    // Full board.
    let b = board(&["BBB", "BWB", "BBB"]);
    assert!(Flanking::game_over(&b, Color::White));
    // Dumbothello has no passing: no move for the player to move ends the game.
    let b = board(&["B.", ".."]);
    assert!(!Adjacent::has_move(&b, Color::Black));
    assert!(Adjacent::has_move(&b, Color::White));
    assert!(Adjacent::game_over(&b, Color::Black));
    assert!(!Adjacent::game_over(&b, Color::White));
}

#[test]
fn adjacent_capture_flips_every_neighbour() {
    let before = ["WWW", "W.W", "WWB"];
    assert_eq!(after::<Adjacent>(&before, Color::Black, 1, 1), ["BBB", "BBB", "BBB"]);
    // No bracketing needed, but only neighbours flip.
    assert_eq!(after::<Adjacent>(&["..WW"], Color::Black, 0, 1), [".BBW"]);
    let mut b = board(&["B..W"]);
    assert_eq!(Adjacent::play(&mut b, Color::Black, 1), Err(IllegalMove::NoFlips));
}
