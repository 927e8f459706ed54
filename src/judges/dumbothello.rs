//! Dumbothello (Sapienza homework HW8): count the outcomes of every game under the
//! adjacent-capture rules.
//!
//! Input: the board, one row per line, cells `B` (black), `W` (white) and `.` (empty)
//! separated by whitespace; boards may be rectangular, but all rows have one length.
//!
//! Rules: black moves first. A move puts a disc on an empty cell next to (8-adjacent) at
//! least one opponent disc, and turns every adjacent opponent disc. A player without such
//! a move ends the game (there is no passing); more discs wins.
//!
//! Output: `(black_wins, white_wins, ties)` over all leaves of the game tree, as the
//! homework's Python tuple prints, e.g. `(2, 16, 0)`.

use std::io::Write;

use super::About;

use super::super::core::board::{Alphabet, Board, Color};
use super::super::core::error::{Error, InputError};
use super::super::core::memory;
use super::super::core::rules::Adjacent;
use super::super::core::scan::{collect_lines, lines};
use super::super::count::{count, Options};

/// What `dumbothello --help` and `--version` say.
pub const ABOUT: About = About {
    name: "dumbothello",
    help: &[
        "usage: dumbothello [FILE]    Dumbothello (Sapienza HW8): adjacent capture",
        "Input: a row per line of B, W and . cells (blanks between them or not), any rectangle.",
        "Black first; a move goes next to an opponent disc and turns every adjacent one; a",
        "player without a move ends the game.",
        "Output: (black_wins, white_wins, ties) over every game.",
        "Example: printf '. . W W\\n. . B B\\nW W W B\\nW B B W\\n' | dumbothello    prints (2, 16, 0)",
    ],
};

/// The cells as the homework writes them.
pub const ALPHABET: Alphabet = Alphabet { empty: '.', black: 'B', white: 'W' };

/// Counts the outcomes of the board in `input` and writes the triple. A malformed memory budget
/// ([`memory::VARIABLE`]) is bad input.
///
/// ```
/// let mut out = Vec::new();
/// othello::judges::dumbothello::solve(". . W W\n. . B B\nW W W B\nW B B W", &mut out).unwrap();
/// assert_eq!(out, b"(2, 16, 0)\n");
/// ```
pub fn solve<W: Write + ?Sized>(input: &str, out: &mut W) -> Result<(), Error> {
    let board = parse(input)?;
    let counts = count::<Adjacent>(&board, Color::Black, &Options { memory: memory::budget()?, ..Options::default() })?;
    writeln!(out, "({}, {}, {})", counts.black, counts.white, counts.draws)?;
    Ok(())
}

/// Reads the board of a Dumbothello input: one row per non-blank line.
pub fn parse(input: &str) -> Result<Board, InputError> {
    let rows = collect_lines(lines(input).map(|(line, text)| Ok((line, ALPHABET.row(text, line)?))))?;
    Board::from_rows(rows, None)
}
