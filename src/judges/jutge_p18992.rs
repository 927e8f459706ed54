//! Jutge.org P18992 "Othello": replay a game on an `n × n` board and print every board.
//!
//! Input: the board size `n` (even, at least 4), then moves `C r c`: `C` is `N` (negre,
//! black) or `B` (blanc, white), `r` and `c` are 1-based from the top left. Black moves
//! first from the standard start; a player who cannot move has no line, so the same letter
//! may come twice in a row.
//!
//! Output: the board before any move and after each move, as `n` lines of `n` characters
//! (`.` empty, `N` black, `B` white), then `black:white` disc counts, then an empty line.

use std::io::Write;

use super::About;

use super::super::core::board::{Alphabet, Board, Color};
use super::super::core::error::{Error, InputError};
use super::super::core::memory;
use super::super::core::rules::{Flanking, Rules};
use super::super::core::scan::{shorten, Scanner};

/// What `jutge_p18992 --help` and `--version` say.
pub const ABOUT: About = About {
    name: "jutge_p18992",
    help: &[
        "usage: jutge_p18992 [FILE]    Jutge.org P18992 \"Othello\": replay a game",
        "Input: the board size n (even, at least 4), then moves \"C r c\": C is N (black) or B",
        "(white), r and c count from 1. Black starts; a player without a move is skipped.",
        "Output: the board ('.', 'N', 'B') before the first move and after each move, each",
        "followed by \"black:white\" disc counts and an empty line.",
        "Example: printf '4\\nN 4 3\\n' | jutge_p18992    prints ....  .BN.  .NN.  ..N.  4:1",
    ],
};

/// The cells as Jutge writes them (Catalan: `N`egre, `B`lanc).
pub const ALPHABET: Alphabet = Alphabet { empty: '.', black: 'N', white: 'B' };

/// Replays the game of `input`, writing every board to `out`.
///
/// ```
/// let mut out = Vec::new();
/// othello::judges::jutge_p18992::solve("4\nN 4 3\n", &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(),
///            "....\n.BN.\n.NB.\n....\n2:2\n\n....\n.BN.\n.NN.\n..N.\n4:1\n\n");
/// ```
pub fn solve<W: Write + ?Sized>(input: &str, out: &mut W) -> Result<(), Error> {
    let mut s = Scanner::new(input);
    let size = s.number("the board size", 4, u64::MAX)?;
    if size % 2 != 0 {
        return Err(InputError::at(s.line(), format!("the board size must be even, found {}", size)).into());
    }
    // Any size whose board (a byte per cell) fits in the memory budget.
    let budget = memory::budget()?;
    let n = size as usize;
    let cells = if n as u64 == size { n.checked_mul(n) } else { None };
    let board = cells.filter(|&cells| cells <= budget).and_then(|_| Board::try_start(n));
    let message = || InputError::at(s.line(), format!("a {}x{} board does not fit in memory", size, size));
    let mut board = board.ok_or_else(message)?;
    let mut to_move = Color::Black;
    print(&board, out)?;
    while let Some(t) = s.next() {
        let color = match t.text {
            "N" => Color::Black,
            "B" => Color::White,
            other => {
                return Err(
                    InputError::at(t.line, format!("expected a player, N or B, found '{}'", shorten(other))).into()
                )
            }
        };
        let line = t.line;
        let r = s.number("the row of the move", 1, size)? as usize;
        let c = s.number("the column of the move", 1, size)? as usize;
        if color != to_move && Flanking::has_move(&board, to_move) {
            return Err(
                InputError::at(line, format!("it is {}'s turn, but {} moved", to_move.name(), color.name())).into()
            );
        }
        let at = board.index(r - 1, c - 1);
        if let Err(why) = Flanking::play(&mut board, color, at) {
            return Err(InputError::at(
                line,
                format!("{} cannot play at row {}, column {}: {}", color.name(), r, c, why),
            )
            .into());
        }
        to_move = color.opponent();
        print(&board, out)?;
    }
    Ok(())
}

/// Prints one board, its `black:white` counts and the empty line after them.
fn print<W: Write + ?Sized>(board: &Board, out: &mut W) -> Result<(), Error> {
    board.write(out, &ALPHABET)?;
    writeln!(out, "{}:{}\n", board.discs(Color::Black), board.discs(Color::White))?;
    Ok(())
}
