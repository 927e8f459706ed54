//! 8×8 Othello for the search: the core's [`Position`] as a [`Game`], its moves as
//! squares, and positions read from and written to text and the general board.
//!
//! A player without a legal move has exactly one move, [`Move::PASS`]; a position where
//! neither player can move has none: the game is over. Squares are written as in the
//! exercise: column letter then row digit (`E3`); parsing also takes the digit first
//! (`3E`), in any case.

use std::fmt;

use super::super::core::bitboard;
use super::super::core::board::{Board, Color};
use super::super::core::position::{Position, Turn};
use super::super::core::rules::Flanking;
use super::super::core::scan::shorten;
use super::game::Game;

/// A move: a square (0..64) or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8);

impl Move {
    /// The pass.
    pub const PASS: Move = Move(64);

    /// The move on square `sq` (0..64).
    pub fn square(sq: u32) -> Move {
        debug_assert!(sq < 64);
        Move(sq as u8)
    }

    /// The square of a move, `None` for the pass.
    pub fn to_square(self) -> Option<u32> {
        if self == Move::PASS {
            None
        } else {
            Some(self.0 as u32)
        }
    }

    /// Reads `E3`, `e3`, `3E` or `3e` (and `pass`).
    ///
    /// ```
    /// use othello::engine::position::Move;
    /// assert_eq!(Move::parse("E3"), Move::parse("3e"));
    /// assert_eq!(Move::parse("e3").unwrap().to_string(), "E3");
    /// assert_eq!(Move::parse("pass"), Some(Move::PASS));
    /// assert_eq!(Move::parse("I9"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Move> {
        let t = text.trim().to_ascii_uppercase();
        if t == "PASS" {
            return Some(Move::PASS);
        }
        let b = t.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let (col, row) = if b[0].is_ascii_alphabetic() { (b[0], b[1]) } else { (b[1], b[0]) };
        if (b'A'..=b'H').contains(&col) && (b'1'..=b'8').contains(&row) {
            Some(Move::square(((row - b'1') * 8 + (col - b'A')) as u32))
        } else {
            None
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.to_square() {
            None => f.pad("pass"),
            Some(sq) => {
                let text = format!("{}{}", (b'A' + (sq % 8) as u8) as char, sq / 8 + 1);
                f.pad(&text)
            }
        }
    }
}

/// A value per square, row by row from A1: corners high, the squares next to them (which
/// hand the corner to the opponent) low. The search tries moves on higher squares first,
/// and the `positional` heuristic adds them up.
#[rustfmt::skip]
pub const SQUARE_VALUES: [i32; 64] = [
    100, -20, 10,  5,  5, 10, -20, 100,
    -20, -50, -2, -2, -2, -2, -50, -20,
     10,  -2, -1, -1, -1, -1,  -2,  10,
      5,  -2, -1, -1, -1, -1,  -2,   5,
      5,  -2, -1, -1, -1, -1,  -2,   5,
     10,  -2, -1, -1, -1, -1,  -2,  10,
    -20, -50, -2, -2, -2, -2, -50, -20,
    100, -20, 10,  5,  5, 10, -20, 100,
];

/// The position of `board` (8×8) with `to_move` to move.
pub fn from_board(board: &Board, to_move: Color) -> Option<Position> {
    if board.rows() != 8 || board.cols() != 8 {
        return None;
    }
    let (player, opponent) = bitboard::from_board(board)?.players(to_move);
    Some(Position { player, opponent })
}

/// The position written as the FFO test suite writes it: 64 cells from A1 to H8 row by
/// row (`X` black, `O` white, `-` empty; `*`, `x`, `o` and `.` are taken too), and the side
/// to move (`X` or `O`, `B` or `W`). The error says what is wrong.
///
/// ```
/// use othello::core::position::Position;
/// use othello::engine::position::parse;
/// let board = "---------------------------OX------XO---------------------------";
/// assert_eq!(parse(board, "X"), Ok(Position::start()));
/// assert!(parse("XO", "X").is_err());
/// ```
pub fn parse(board: &str, side: &str) -> Result<Position, String> {
    let cells = board.chars().count();
    if cells != 64 {
        return Err(format!("expected a board of 64 cells, found {} in '{}'", cells, shorten(board)));
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (sq, ch) in board.chars().enumerate() {
        match ch {
            'X' | 'x' | '*' => black |= 1u64 << sq,
            'O' | 'o' => white |= 1u64 << sq,
            '-' | '.' => {}
            other => {
                return Err(format!(
                    "unexpected cell '{}' at {} (X, O or -)",
                    other.escape_default(),
                    Move::square(sq as u32)
                ))
            }
        }
    }
    match side {
        "X" | "x" | "*" | "B" | "b" => Ok(Position { player: black, opponent: white }),
        "O" | "o" | "W" | "w" => Ok(Position { player: white, opponent: black }),
        other => Err(format!("expected the side to move (X or O), found '{}'", shorten(other))),
    }
}

/// The board of `pos`, with `to_move` the colour of the player to move.
pub fn to_board(pos: Position, to_move: Color) -> Board {
    let (black, white) = if to_move == Color::Black { (pos.player, pos.opponent) } else { (pos.opponent, pos.player) };
    let cells = (0..64)
        .map(|i| {
            if black >> i & 1 == 1 {
                Some(Color::Black)
            } else if white >> i & 1 == 1 {
                Some(Color::White)
            } else {
                None
            }
        })
        .collect();
    Board::from_cells(8, 8, cells)
}

impl Game for Position {
    type Move = Move;
    type Key = Position;

    fn moves(&self, out: &mut Vec<Move>) {
        match self.turn::<Flanking>(self.empty()) {
            Turn::Play(legal) => out.extend(bitboard::Bits(legal).map(Move::square)),
            Turn::Pass => out.push(Move::PASS),
            Turn::Over => {}
        }
    }

    fn play(&self, m: Move) -> Position {
        match m.to_square() {
            Some(sq) => self.play_square(sq),
            None => self.passed(),
        }
    }

    fn outcome(&self) -> i32 {
        self.final_score()
    }

    fn key(&self) -> Position {
        *self
    }

    /// Corners first, the squares next to them last: [`SQUARE_VALUES`].
    fn move_order(&self, m: &Move) -> i32 {
        m.to_square().map_or(0, |sq| SQUARE_VALUES[sq as usize])
    }
}
