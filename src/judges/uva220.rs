//! UVa 220 "Othello": a command interpreter over a series of 8×8 games.
//!
//! Input: the number of games; then per game 8 rows of 8 cells (`-` empty, `B` black,
//! `W` white), the player to move (`B` or `W`) and commands, one per line:
//!
//! - `L` lists the legal moves of the player to move, row-major, as `(r,c)` separated by
//!   single spaces, or prints `No legal move.` (the player to move stays the same);
//! - `Mrc` plays at row `r`, column `c` (1-based); if the player to move has no legal move,
//!   the other player makes it. Prints `Black - %2d White - %2d`; the turn then passes to
//!   the player who did not move;
//! - `Q` prints the board and ends the game.
//!
//! One empty line separates the outputs of consecutive games. The input is read as
//! whitespace-separated tokens; a game whose commands run out before `Q` ends as if `Q`
//! had been read.

use std::io::Write;

use super::About;

use super::super::core::bitboard::{flanking_moves, from_board};
use super::super::core::board::{Alphabet, Board, Color};
use super::super::core::error::{Error, InputError};
use super::super::core::rules::{Flanking, Rules};
use super::super::core::scan::{shorten, Scanner};

/// What `uva220 --help` and `--version` say.
pub const ABOUT: About = About {
    name: "uva220",
    help: &[
        "usage: uva220 [FILE]    UVa 220 \"Othello\": commands over 8x8 games",
        "Input: the number of games; per game 8 rows of -, B, W, the player to move (B or W),",
        "then commands: L lists the legal moves; Mrc plays at row r, column c (for the other",
        "player if the one to move cannot); Q ends the game.",
        "Output: L: (r,c) (r,c)... or No legal move.  M: Black - %2d White - %2d  Q: the board.",
        "Example: echo 1 -------- -------- -------- ---WB--- ---BW--- -------- -------- -------- B L Q | uva220",
        "         prints (3,4) (4,3) (5,6) (6,5)",
    ],
};

/// The cells as UVa 220 writes them.
pub const ALPHABET: Alphabet = Alphabet { empty: '-', black: 'B', white: 'W' };

/// Runs every game of `input`, writing the answers to `out`.
///
/// ```
/// let input = "1\n--------\n--------\n--------\n---WB---\n---BW---\n--------\n--------\n--------\nW\nL\nM35\nQ\n";
/// let mut out = Vec::new();
/// othello::judges::uva220::solve(input, &mut out).unwrap();
/// assert!(String::from_utf8(out).unwrap().starts_with("(3,5) (4,6) (5,3) (6,4)\nBlack -  1 White -  4\n"));
/// ```
pub fn solve<W: Write + ?Sized>(input: &str, out: &mut W) -> Result<(), Error> {
    let mut s = Scanner::new(input);
    let games = s.number("the number of games", 0, u64::MAX)?;
    let mut game = 0;
    while game < games {
        game += 1;
        run_game(&mut s, game, out)?;
    }
    s.finish()?;
    Ok(())
}

/// Reads one game (board, player, commands) and runs its commands.
fn run_game<W: Write + ?Sized>(s: &mut Scanner, game: u64, out: &mut W) -> Result<(), Error> {
    let error = |line: usize, what: String| InputError::at(line, format!("game {}: {}", game, what));
    let mut board = Board::from_cells(8, 8, vec![None; 64]);
    for r in 0..8 {
        let t = s.expect(&format!("row {} of the board of game {}", r + 1, game))?;
        let cells = ALPHABET.row(t.text, t.line).map_err(|e| error(t.line, format!("row {}: {}", r + 1, e.message)))?;
        if cells.len() != 8 {
            return Err(error(t.line, format!("expected 8 cells in row {}, found {}", r + 1, cells.len())).into());
        }
        for (c, cell) in cells.into_iter().enumerate() {
            board.set(8 * r + c, cell);
        }
    }
    let t = s.expect(&format!("the player to move in game {}", game))?;
    let mut player = match t.text {
        "B" => Color::Black,
        "W" => Color::White,
        other => {
            return Err(error(t.line, format!("expected the player to move, B or W, found '{}'", shorten(other))).into())
        }
    };
    // The empty line between games, once this one is read up to its commands.
    if game > 1 {
        out.write_all(b"\n")?;
    }
    loop {
        let t = match s.next() {
            // The input ends before `Q`: finish as if it had been read.
            None => break,
            Some(t) => t,
        };
        let bytes = t.text.as_bytes();
        if t.text == "Q" {
            break;
        } else if t.text == "L" {
            list_moves(&board, player, out)?;
        } else if bytes.len() == 3 && bytes[0] == b'M' && bytes[1].is_ascii_digit() && bytes[2].is_ascii_digit() {
            let (r, c) = ((bytes[1] - b'0') as usize, (bytes[2] - b'0') as usize);
            if !(1..=8).contains(&r) || !(1..=8).contains(&c) {
                return Err(error(t.line, format!("{} is off the board (rows and columns are 1 to 8)", t.text)).into());
            }
            if legal_moves(&board, player) == 0 {
                player = player.opponent();
            }
            let at = board.index(r - 1, c - 1);
            if let Err(why) = Flanking::play(&mut board, player, at) {
                return Err(error(t.line, format!("{} is illegal for {}: {}", t.text, player.name(), why)).into());
            }
            writeln!(out, "Black - {:2} White - {:2}", board.discs(Color::Black), board.discs(Color::White))?;
            player = player.opponent();
        } else {
            return Err(error(t.line, format!("unknown command '{}' (expected L, Mrc or Q)", shorten(t.text))).into());
        }
    }
    board.write(out, &ALPHABET)?;
    Ok(())
}

/// The legal moves of `player` as a 64-bit set (bit `8 * r + c`): the 8×8 board goes
/// through the shift-and-mask generator rather than a scan of every cell.
fn legal_moves(board: &Board, player: Color) -> u64 {
    let sets = from_board(board).expect("UVa boards are 8x8");
    let (p, o) = sets.players(player);
    flanking_moves(p, o, sets.empty())
}

/// Prints the legal moves of `player`, or `No legal move.`.
fn list_moves<W: Write + ?Sized>(board: &Board, player: Color, out: &mut W) -> Result<(), Error> {
    let mut moves = legal_moves(board, player);
    if moves == 0 {
        out.write_all(b"No legal move.\n")?;
        return Ok(());
    }
    let mut line = String::new();
    while moves != 0 {
        let sq = moves.trailing_zeros();
        moves &= moves - 1;
        line.push_str(&format!("({},{})", sq / 8 + 1, sq % 8 + 1));
        line.push(if moves == 0 { '\n' } else { ' ' });
    }
    out.write_all(line.as_bytes())?;
    Ok(())
}
