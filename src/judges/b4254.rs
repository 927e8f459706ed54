//! B4254 "Othello Endgame Outcome Counting": over every complete move sequence from a
//! position, count black wins, white wins and draws.
//!
//! Input: `n`, then `n` rows of `n` cells, one row per line. A row is one string (`.WB`)
//! or whitespace-separated cells (`. W B`) with `B` black, `W` white, `.` empty; or, as in
//! the original contest, whole numbers `1` black, `0` white, `-1` empty, separated by
//! spaces (detected when the first row starts with a number).
//!
//! Standard rules, **white moves first**; a player without a move passes and the game ends
//! when neither can move (empty cells then belong to nobody). Output: `black white draws`.

use std::io::Write;

use super::About;

use super::super::core::board::{Alphabet, Board, Cell, Color};
use super::super::core::error::{Error, InputError};
use super::super::core::memory;
use super::super::core::rules::Flanking;
use super::super::core::scan::{collect_lines, lines, parse_number, shorten, Token};
use super::super::count::{count, Options};

/// What `b4254 --help` and `--version` say.
pub const ABOUT: About = About {
    name: "b4254",
    help: &[
        "usage: b4254 [FILE]    B4254 \"Othello Endgame Outcome Counting\"",
        "Input: n, then n rows of n cells, a row per line: .WB strings, . W B spaced cells,",
        "or the contest's 1 0 -1 (black, white, empty).",
        "Output: black wins, white wins, draws over every move sequence (white first; a",
        "player without a move passes).",
        "Example: printf '3\\nW..\\nBB.\\n...\\n' | b4254    prints 0 5 0",
    ],
};

/// The cells as the statement writes them.
pub const ALPHABET: Alphabet = Alphabet { empty: '.', black: 'B', white: 'W' };

/// Counts the outcomes of the position in `input` and writes `black white draws`. A malformed memory budget
/// ([`memory::VARIABLE`]) is bad input.
///
/// ```
/// let mut out = Vec::new();
/// othello::judges::b4254::solve("4\n....\n.WBW\n.BWB\n....\n", &mut out).unwrap();
/// assert_eq!(out, b"1813 2494 519\n");
/// ```
pub fn solve<W: Write + ?Sized>(input: &str, out: &mut W) -> Result<(), Error> {
    let board = parse(input)?;
    let counts = count::<Flanking>(&board, Color::White, &Options { memory: memory::budget()?, ..Options::default() })?;
    writeln!(out, "{} {} {}", counts.black, counts.white, counts.draws)?;
    Ok(())
}

/// Reads the board of a B4254 input.
pub fn parse(input: &str) -> Result<Board, InputError> {
    let mut lines = lines(input);
    let (line, text) = lines.next().ok_or_else(|| InputError::new("no board: the input is empty"))?;
    let mut words = text.split_ascii_whitespace();
    let size = Token { text: words.next().unwrap_or(""), line };
    if let Some(extra) = words.next() {
        return Err(InputError::at(
            line,
            format!("expected only the board size, found '{}' after it (one row per line)", shorten(extra)),
        ));
    }
    let n = parse_number(size, "the board size", 1, u32::MAX as u64)? as usize;
    let rows = collect_lines(lines.take(n.saturating_add(1)).map(Ok))?;
    // Checked before anything of size n is allocated: n = 10^9 is turned away here.
    if rows.len() < n {
        let last = rows.last().map_or(line, |r| r.0);
        return Err(InputError::at(
            last,
            format!("expected {} rows of the board, one per line, found {}", n, rows.len()),
        ));
    }
    if let Some(&(extra, text)) = rows.get(n) {
        return Err(InputError::at(
            extra,
            format!(
                "unexpected '{}' after the {} rows of the board",
                shorten(text.trim_matches(|c: char| c.is_ascii_whitespace())),
                n
            ),
        ));
    }
    // The first row says which alphabet the board is written in: a number first (a digit
    // after any minus signs) is the contest's, so that `10 0` is told of a bad number and
    // `----` (UVa's empty cells) of a bad character.
    let numeric = rows[0].1.trim_start().trim_start_matches('-').starts_with(|c: char| c.is_ascii_digit());
    let mut cells = Vec::with_capacity(n);
    for &(line, text) in &rows {
        cells.push((line, if numeric { numeric_row(text, line)? } else { ALPHABET.row(text, line)? }));
    }
    Board::from_rows(cells, Some(n))
}

/// A row in the contest's integer alphabet: `1` black, `0` white, `-1` empty.
fn numeric_row(text: &str, line: usize) -> Result<Vec<Cell>, InputError> {
    text.split_ascii_whitespace()
        .map(|w| match w {
            "1" => Ok(Some(Color::Black)),
            "0" => Ok(Some(Color::White)),
            "-1" => Ok(None),
            other => Err(InputError::at(
                line,
                format!("unexpected '{}' (the board is written with 1, 0 and -1)", shorten(other)),
            )),
        })
        .collect()
}
