// uva220: a single-file submission for a judge's `rustc -O` (1.63 or later, any edition), made
// by `make bundle` from src/bin/uva220.rs and the library code it reaches. Do not edit.
//! UVa 220 "Othello": L / Mrc / Q commands over many games.
fn main() {
	std::process::exit(othello::judges::run(&othello::judges::uva220::ABOUT, |input, out| {
		othello::judges::uva220::solve(input, out)
	}));
}
mod othello {
//! othello: one board library for a suite of Othello judge solvers.
pub mod core {
//! The core: what every program of the suite stands on.
pub mod bitboard {
//! The 64-bit board: boards within 8×8 as bit sets, and the rules' 64-bit form.
use super::board::{Board, Color};
/// Every bit but column A (the leftmost).
const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
/// Every bit but column H (the rightmost).
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
/// The cells from which a run of one or more `o` discs, stepping `shift` bits towards lower bits, ends in a `p` disc; `mask` drops steps that wrapped around a side.
#[inline(always)]
fn moves_down(p: u64, o: u64, shift: u32, mask: u64) -> u64 {
	let o = o & mask;
	let mut run = o & (p << shift);
	run |= o & (run << shift);
	let pairs = o & (o << shift);
	run |= pairs & (run << (2 * shift));
	run |= pairs & (run << (2 * shift));
	(run << shift) & mask
}
/// As [`moves_down`], stepping towards higher bits.
#[inline(always)]
fn moves_up(p: u64, o: u64, shift: u32, mask: u64) -> u64 {
	let o = o & mask;
	let mut run = o & (p >> shift);
	run |= o & (run >> shift);
	let pairs = o & (o >> shift);
	run |= pairs & (run >> (2 * shift));
	run |= pairs & (run >> (2 * shift));
	(run >> shift) & mask
}
/// The cells of `empty` where the player with discs `p` may play against `o` under the standard rules: a line of one or more opponent discs from there ends in a disc of the player.
pub fn flanking_moves(p: u64, o: u64, empty: u64) -> u64 {
	(moves_up(p, o, 1, NOT_H)
		| moves_down(p, o, 1, NOT_A)
		| moves_up(p, o, 8, !0)
		| moves_down(p, o, 8, !0)
		| moves_up(p, o, 7, NOT_A)
		| moves_down(p, o, 7, NOT_H)
		| moves_up(p, o, 9, NOT_H)
		| moves_down(p, o, 9, NOT_A))
		& empty
}
/// The bit of cell `(r, c)`.
pub fn bit(r: usize, c: usize) -> u64 {
	1u64 << (8 * r + c)
}
/// A board within 8×8 as bit sets: its black discs, white discs and cells.
pub fn from_board(board: &Board) -> Option<Sets> {
	if board.rows() > 8 || board.cols() > 8 {
		return None;
	}
	let mut sets = Sets { black: 0, white: 0, area: 0 };
	for r in 0..board.rows() {
		for c in 0..board.cols() {
			let b = bit(r, c);
			sets.area |= b;
			match board.cell(board.index(r, c)) {
				Some(Color::Black) => sets.black |= b,
				Some(Color::White) => sets.white |= b,
				None => {}
			}
		}
	}
	Some(sets)
}
/// A board within 8×8 as bit sets ([`from_board`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sets {
	pub black: u64,
	pub white: u64,
	pub area: u64,
}
impl Sets {
	pub fn players(&self, color: Color) -> (u64, u64) {
		match color {
			Color::Black => (self.black, self.white),
			Color::White => (self.white, self.black),
		}
	}
	pub fn empty(&self) -> u64 {
		self.area & !(self.black | self.white)
	}
}
}
pub mod board {
//! The general board: a grid of `rows × cols` cells, each empty or holding a black or a white disc, of any size from 1×1 up.
use std::io::{self, Write};
use super::error::InputError;
/// The colour of a disc, or of the player who places such discs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
	Black,
	White,
}
impl Color {
	pub fn opponent(self) -> Color {
		match self {
			Color::Black => Color::White,
			Color::White => Color::Black,
		}
	}
	pub fn name(self) -> &'static str {
		match self {
			Color::Black => "Black",
			Color::White => "White",
		}
	}
}
/// What a cell holds: `None` when it is empty.
pub type Cell = Option<Color>;
/// The characters a judge uses for an empty cell, a black disc and a white disc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alphabet {
	pub empty: char,
	pub black: char,
	pub white: char,
}
impl Alphabet {
	pub fn symbol(&self, cell: Cell) -> char {
		match cell {
			None => self.empty,
			Some(Color::Black) => self.black,
			Some(Color::White) => self.white,
		}
	}
	pub fn decode(&self, ch: char) -> Option<Cell> {
		if ch == self.empty {
			Some(None)
		} else if ch == self.black {
			Some(Some(Color::Black))
		} else if ch == self.white {
			Some(Some(Color::White))
		} else {
			None
		}
	}
	pub fn row(&self, text: &str, line: usize) -> Result<Vec<Cell>, InputError> {
		let mut row = Vec::new();
		if row.try_reserve_exact(text.len()).is_err() {
			return Err(InputError::at(line, "the row does not fit in memory"));
		}
		for ch in text.chars().filter(|ch| !ch.is_ascii_whitespace()) {
			row.push(self.decode(ch).ok_or_else(|| {
				let cells = format!("'{}', '{}' or '{}'", self.empty, self.black, self.white);
				InputError::at(line, format!("unexpected character {:?} (cells are {})", ch, cells))
			})?);
		}
		Ok(row)
	}
}
/// The eight directions `(row step, column step)`, clockwise from north.
pub const DIRECTIONS: [(isize, isize); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];
/// A `rows × cols` grid of cells with running disc counts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
	rows: usize,
	cols: usize,
	cells: Vec<Cell>,
	discs: [usize; 2],
}
impl Board {
	pub fn from_cells(rows: usize, cols: usize, cells: Vec<Cell>) -> Board {
		assert!(rows > 0 && cols > 0, "a board has at least one cell");
		assert_eq!(cells.len(), rows * cols, "a {}x{} board has {} cells", rows, cols, rows * cols);
		let discs = |color| cells.iter().filter(|&&c| c == Some(color)).count();
		let discs = [discs(Color::Black), discs(Color::White)];
		Board { rows, cols, cells, discs }
	}
	pub fn rows(&self) -> usize {
		self.rows
	}
	pub fn cols(&self) -> usize {
		self.cols
	}
	pub fn index(&self, r: usize, c: usize) -> usize {
		debug_assert!(r < self.rows && c < self.cols);
		r * self.cols + c
	}
	pub fn coords(&self, i: usize) -> (usize, usize) {
		(i / self.cols, i % self.cols)
	}
	pub fn cell(&self, i: usize) -> Cell {
		self.cells[i]
	}
	pub fn set(&mut self, i: usize, cell: Cell) {
		if let Some(old) = self.cells[i] {
			self.discs[old as usize] -= 1;
		}
		if let Some(new) = cell {
			self.discs[new as usize] += 1;
		}
		self.cells[i] = cell;
	}
	pub fn discs(&self, color: Color) -> usize {
		self.discs[color as usize]
	}
	pub fn rays(&self, i: usize) -> [Ray; 8] {
		let (r, c) = self.coords(i);
		let mut rays = [Ray { at: i, step: 0, left: 0 }; 8];
		for (d, ray) in rays.iter_mut().enumerate() {
			*ray = self.ray_from(i, r, c, d);
		}
		rays
	}
	fn ray_from(&self, i: usize, r: usize, c: usize, d: usize) -> Ray {
		let (dr, dc) = DIRECTIONS[d];
		let room = |step: isize, at: usize, size: usize| match step {
			-1 => at,
			1 => size - 1 - at,
			_ => usize::MAX,
		};
		let left = room(dr, r, self.rows).min(room(dc, c, self.cols));
		Ray { at: i, step: dr * self.cols as isize + dc, left }
	}
	pub fn write<W: Write + ?Sized>(&self, out: &mut W, alphabet: &Alphabet) -> io::Result<()> {
		let mut text = String::with_capacity(self.rows * (self.cols + 1));
		for row in self.cells.chunks(self.cols) {
			text.extend(row.iter().map(|&cell| alphabet.symbol(cell)));
			text.push('\n');
		}
		out.write_all(text.as_bytes())
	}
}
/// The cells along one direction from a cell to the edge of the board: see [`Board::ray`].
#[derive(Clone, Copy, Debug)]
pub struct Ray {
	at: usize,
	step: isize,
	left: usize,
}
impl Iterator for Ray {
	type Item = usize;
	fn next(&mut self) -> Option<usize> {
		if self.left == 0 {
			return None;
		}
		self.left -= 1;
		self.at = (self.at as isize + self.step) as usize;
		Some(self.at)
	}
}
}
pub mod error {
//! Errors and exit codes.
use std::fmt;
use std::io::{self, Write};
/// What is wrong with an input, and on which line (1-based) it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
	pub line: Option<usize>,
	pub message: String,
}
impl InputError {
	pub fn at<S: Into<String>>(line: usize, message: S) -> InputError {
		InputError { line: Some(line), message: message.into() }
	}
	pub fn new<S: Into<String>>(message: S) -> InputError {
		InputError { line: None, message: message.into() }
	}
}
impl fmt::Display for InputError {
	fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
		match self.line {
			Some(line) => write!(f, "line {}: {}", line, self.message),
			None => f.write_str(&self.message),
		}
	}
}
/// Why a program stopped early.
#[derive(Debug)]
pub enum Error {
	Input(InputError),
	Io(io::Error),
}
impl From<InputError> for Error {
	fn from(e: InputError) -> Error {
		Error::Input(e)
	}
}
impl From<io::Error> for Error {
	fn from(e: io::Error) -> Error {
		Error::Io(e)
	}
}
impl fmt::Display for Error {
	fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
		match self {
			Error::Input(e) => e.fmt(f),
			Error::Io(e) => write!(f, "cannot write the output: {}", e),
		}
	}
}
/// The exit code for the `result` of a program that wrote to `out`, after reporting an error on stderr (see the module's table).
pub fn exit_code(result: Result<(), Error>, out: &mut dyn Write) -> i32 {
	let code = match &result {
		Ok(()) => return 0,
		Err(Error::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => return 0,
		Err(Error::Io(_)) => 1,
		Err(Error::Input(_)) => 2,
	};
	let _ = out.flush();
	if let Err(e) = result {
		let _ = writeln!(io::stderr(), "error: {}", e);
	}
	code
}
}
pub mod memory {
//! The memory budget: how many bytes the tables of one count, search or perft may take.
use std::fs;
use std::io::{self, Read};
use super::error::InputError;
use super::scan::escape;
/// The budget where no limit and no variable lower it.
pub const DEFAULT: usize = 1 << 30;
/// The environment variable that sets the budget.
pub const VARIABLE: &str = "OTHELLO_MEMORY";
/// The budget in bytes (see the module header), or an error naming [`VARIABLE`] if it is set to something that is not a size.
pub fn budget() -> Result<usize, InputError> {
	let wanted = match std::env::var_os(VARIABLE) {
		None => DEFAULT,
		Some(v) => v.to_str().and_then(parse_size).ok_or_else(|| {
			let shown = escape(&v.to_string_lossy());
			InputError::new(format!(
				"{} must be a number of bytes, or of K, M or G (such as 512M), not '{}'",
				VARIABLE, shown
			))
		})?,
	};
	Ok(wanted.min(process_limit().map_or(usize::MAX, |limit| limit / 2)))
}
/// All of `input`, in memory allocated fallibly: an input beyond the budget, or that the memory cannot hold, is an error that says how much was read, not an abort.
pub fn read<R: Read + ?Sized>(input: &mut R) -> Result<Vec<u8>, InputError> {
	let (budget, mut bytes, mut chunk) = (budget()?, Vec::new(), vec![0u8; 1 << 16]);
	loop {
		let n = match input.read(&mut chunk) {
			Ok(0) => return Ok(bytes),
			Ok(n) => n,
			Err(ref e) if e.kind() == io::ErrorKind::Interrupted => continue,
			Err(e) => return Err(InputError::new(format!("cannot read the input: {}", e))),
		};
		if bytes.len() + n > budget || bytes.try_reserve(n).is_err() {
			return Err(InputError::new(format!("the input does not fit in memory ({} bytes read)", bytes.len())));
		}
		bytes.extend_from_slice(&chunk[..n]);
	}
}
/// A size written as a whole number of bytes, or of kibibytes, mebibytes or gibibytes with `K`, `M` or `G` after it (upper or lower case); at least one byte.
pub fn parse_size(text: &str) -> Option<usize> {
	let text = text.trim();
	let shift = match text.bytes().last()? | 0x20 {
		b'k' => 10,
		b'm' => 20,
		b'g' => 30,
		_ => 0,
	};
	let digits = &text[..text.len() - (shift > 0) as usize];
	digits.parse::<usize>().ok().filter(|&n| n > 0)?.checked_mul(1 << shift)
}
/// The lower of the process's soft address-space and data limits, in bytes, where the system tells them (Linux: `/proc/self/limits`); `None` if unlimited or unknown.
fn process_limit() -> Option<usize> {
	let limits = fs::read_to_string("/proc/self/limits").ok()?;
	limits
		.lines()
		.filter(|l| l.starts_with("Max address space") || l.starts_with("Max data size"))
		.filter_map(|l| l.split_whitespace().nth(3).and_then(|soft| soft.parse().ok()))
		.min()
}
}
pub mod rules {
//! Rule sets on the general board: what a move is, what it flips, and what happens to a player without one.
use std::fmt;
use super::board::{Board, Color, Ray};
/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
	Occupied,
	NoFlips,
}
impl fmt::Display for IllegalMove {
	fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
		f.write_str(match self {
			IllegalMove::Occupied => "the square is occupied",
			IllegalMove::NoFlips => "the move flips no disc",
		})
	}
}
/// A rule set.
pub trait Rules: Copy {
	fn flips<F: FnMut(usize)>(board: &Board, color: Color, at: usize, flip: F) -> usize;
	fn play(board: &mut Board, color: Color, at: usize) -> Result<usize, IllegalMove> {
		if board.cell(at).is_some() {
			return Err(IllegalMove::Occupied);
		}
		let mut flipped = Vec::new();
		if Self::flips(board, color, at, |i| flipped.push(i)) == 0 {
			return Err(IllegalMove::NoFlips);
		}
		board.set(at, Some(color));
		for &i in &flipped {
			board.set(i, Some(color));
		}
		Ok(flipped.len())
	}
}
/// Standard Othello rules: bracketed lines flip; a player without a move passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flanking;
impl Flanking {
	fn bracket(board: &Board, color: Color, ray: Ray) -> usize {
		let opponent = Some(color.opponent());
		let mut run = 0;
		for i in ray {
			match board.cell(i) {
				cell if cell == opponent => run += 1,
				cell => return if cell == Some(color) { run } else { 0 },
			}
		}
		0
	}
}
impl Rules for Flanking {
	fn flips<F: FnMut(usize)>(board: &Board, color: Color, at: usize, mut flip: F) -> usize {
		let mut total = 0;
		for &ray in board.rays(at).iter() {
			let run = Flanking::bracket(board, color, ray);
			ray.take(run).for_each(&mut flip);
			total += run;
		}
		total
	}
}
}
pub mod scan {
//! Reading input: whitespace-separated tokens, or non-blank lines, that remember their 1-based line number so that every error can say where it was found.
use std::fmt;
use super::error::InputError;
/// One whitespace-free piece of the input and the line it stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
	pub text: &'a str,
	pub line: usize,
}
/// A cursor over the tokens of an input.
#[derive(Clone, Debug)]
pub struct Scanner<'a> {
	rest: &'a str,
	line: usize,
}
impl<'a> Scanner<'a> {
	pub fn new(input: &'a str) -> Scanner<'a> {
		Scanner { rest: input, line: 1 }
	}
	#[allow(clippy::should_implement_trait)]
	pub fn next(&mut self) -> Option<Token<'a>> {
		let bytes = self.rest.as_bytes();
		let start = bytes.iter().position(|b| !b.is_ascii_whitespace())?;
		let end = bytes[start..].iter().position(|b| b.is_ascii_whitespace()).map_or(bytes.len(), |n| start + n);
		self.line += line_ends(&self.rest[..start]);
		let text = &self.rest[start..end];
		self.rest = &self.rest[end..];
		Some(Token { text, line: self.line })
	}
	pub fn expect(&mut self, what: &str) -> Result<Token<'a>, InputError> {
		let line = self.line;
		self.next().ok_or_else(|| InputError::at(line, format!("expected {}, found the end of the input", what)))
	}
	pub fn number(&mut self, what: &str, min: u64, max: u64) -> Result<u64, InputError> {
		let t = self.expect(what)?;
		parse_number(t, what, min, max)
	}
	pub fn finish(&mut self) -> Result<(), InputError> {
		match self.next() {
			None => Ok(()),
			Some(t) => {
				Err(InputError::at(t.line, format!("unexpected '{}' after the end of the data", shorten(t.text))))
			}
		}
	}
}
/// Reads `t` as a whole number in `min..=max`; `what` names it in errors ([`number`]).
pub fn parse_number<T: Copy + Into<i128> + std::str::FromStr + fmt::Display>(
	t: Token,
	what: &str,
	min: T,
	max: T,
) -> Result<T, InputError> {
	number(t.text, what, min, max).map_err(|message| InputError::at(t.line, message))
}
/// Reads `text` as a whole number of type `T` in `min..=max` (`+` or `-` first allowed, `-0` not), or says why not, naming it `what`.
pub fn number<T: Copy + Into<i128> + std::str::FromStr + fmt::Display>(
	text: &str,
	what: &str,
	min: T,
	max: T,
) -> Result<T, String> {
	let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
	let unsigned = text.strip_prefix('+').unwrap_or(text);
	let negative = match text.strip_prefix('-') {
		Some(n) if digits(n) && n.bytes().any(|b| b != b'0') => true,
		_ if digits(unsigned) => false,
		_ => return Err(format!("{} must be a whole number, found '{}'", what, shorten(text))),
	};
	let value = text.parse::<i128>().ok();
	let (low, high) = (min.into(), max.into());
	match value {
		Some(v) if v < low => {
			let shown = if negative { shorten(text) } else { v.to_string() };
			Err(format!("{} must be at least {}, found {}", what, min, shown))
		}
		Some(v) if v > high => Err(format!("{} must be at most {}, found {}", what, max, shorten(text))),
		None if negative => Err(format!("{} must be at least {}, found {}", what, min, shorten(text))),
		None => Err(format!("{} must be at most {}, found {}", what, max, shorten(text))),
		Some(_) => text.parse::<T>().map_err(|_| format!("{} must be a whole number, found '{}'", what, shorten(text))),
	}
}
pub fn shorten(text: &str) -> String {
	match text.char_indices().nth(20) {
		Some((end, _)) => escape(&text[..end]) + "...",
		None => escape(text),
	}
}
pub fn escape(text: &str) -> String {
	let mut out = String::new();
	for ch in text.chars() {
		match ch {
			'\\' | '\'' | '"' => out.push(ch),
			_ => out.extend(ch.escape_debug()),
		}
	}
	out
}
/// The number of line ends in `text`: `\n`, `\r\n` and a lone `\r` are one each.
pub fn line_ends(text: &str) -> usize {
	every_line(text).count() - 1
}
/// Every line of `input`, blank or not, without its end; after a final line end, one empty line more.
fn every_line(input: &str) -> impl Iterator<Item = &str> {
	input.split("\r\n").flat_map(|l| l.split(&['\n', '\r'][..]))
}
}
/// The version every binary's `--version` prints after its name (the crate's version).
pub const VERSION: &str = "0.2.0";
}
pub mod judges {
//! The judges: one module per problem statement, each a `solve(input, out)` that reads the whole input as text and writes the answer exactly as its judge expects, and [`run`], the `main` they share.
pub mod uva220 {
//! UVa 220 "Othello": a command interpreter over a series of 8×8 games.
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
	if game > 1 {
		out.write_all(b"\n")?;
	}
	loop {
		let t = match s.next() {
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
/// The legal moves of `player` as a 64-bit set (bit `8 * r + c`): the 8×8 board goes through the shift-and-mask generator rather than a scan of every cell.
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
}
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use super::core::error::{exit_code, Error, InputError};
use super::core::memory;
use super::core::scan::{escape, line_ends};
use super::core::VERSION;
/// What a judge binary says of itself: `--version` prints the name and [`VERSION`], `--help` prints `help` (usage, input, output, an example) and then [`USAGE_END`].
pub struct About {
	pub name: &'static str,
	pub help: &'static [&'static str],
}
/// The end of every judge binary's `--help`: options and exit codes.
pub const USAGE_END: &str = "Options: -h, --help; -V, --version; a lone - is stdin.\nExit: 0 answered; 2 bad input or arguments (a line on stderr); 1 output failed.";
/// Runs a judge program and returns its exit code (see [`super::core::error`]).
pub fn run<F: FnOnce(&str, &mut dyn Write) -> Result<(), Error>>(about: &About, solve: F) -> i32 {
	let args: Vec<OsString> = std::env::args_os().skip(1).collect();
	let stdout = io::stdout();
	let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
	let result = match args.first().and_then(|a| a.to_str()) {
		Some("-h") | Some("--help") => writeln!(out, "{}\n{}", about.help.join("\n"), USAGE_END).map_err(Error::Io),
		Some("-V") | Some("--version") => writeln!(out, "{} {}", about.name, VERSION).map_err(Error::Io),
		_ => read_input(&args).and_then(|input| solve(&input, &mut out)),
	};
	exit_code(result.and_then(|()| out.flush().map_err(Error::Io)), &mut out)
}
/// Reads the input named by the arguments as UTF-8 text, within the memory budget ([`memory::read`]).
fn read_input(args: &[OsString]) -> Result<String, Error> {
	let mut input: Box<dyn Read> = match args {
		[] => Box::new(io::stdin()),
		[name] if name == "-" => Box::new(io::stdin()),
		[name] if name.to_string_lossy().starts_with('-') => {
			let option = escape(&name.to_string_lossy());
			return Err(InputError::new(format!("unknown option '{}' (see --help)", option)).into());
		}
		[name] => match File::open(name) {
			Ok(file) => Box::new(file),
			Err(e) => {
				let name = escape(&name.to_string_lossy());
				return Err(InputError::new(format!("cannot open {}: {}", name, e)).into());
			}
		},
		_ => return Err(InputError::new("at most one argument, the input file (see --help)").into()),
	};
	Ok(text(memory::read(&mut input)?)?)
}
pub fn text(bytes: Vec<u8>) -> Result<String, InputError> {
	String::from_utf8(bytes).map_err(|e| {
		let valid = e.utf8_error().valid_up_to();
		let line = 1 + std::str::from_utf8(&e.as_bytes()[..valid]).map_or(0, line_ends);
		InputError::at(line, "the input is not UTF-8 text")
	})
}
}
}
