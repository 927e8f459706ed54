// jutge_p18992: a single-file submission for a judge's `rustc -O` (1.63 or later, any edition), made
// by `make bundle` from src/bin/jutge_p18992.rs and the library code it reaches. Do not edit.
//! Jutge.org P18992 "Othello": replay a game, print every board.
fn main() {
	std::process::exit(othello::judges::run(&othello::judges::jutge_p18992::ABOUT, |input, out| {
		othello::judges::jutge_p18992::solve(input, out)
	}));
}
mod othello {
//! othello: one board library for a suite of Othello judge solvers.
pub mod core {
//! The core: what every program of the suite stands on.
pub mod board {
//! The general board: a grid of `rows × cols` cells, each empty or holding a black or a white disc, of any size from 1×1 up.
use std::io::{self, Write};
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
	pub fn try_start(n: usize) -> Option<Board> {
		assert!(n >= 2 && n % 2 == 0, "the start position needs an even size");
		let mut cells = Vec::new();
		cells.try_reserve_exact(n.checked_mul(n)?).ok()?;
		cells.resize(n * n, None);
		let mut board = Board::from_cells(n, n, cells);
		let h = n / 2;
		for &(r, c, color) in
			[(h - 1, h - 1, Color::White), (h - 1, h, Color::Black), (h, h - 1, Color::Black), (h, h, Color::White)]
				.iter()
		{
			let i = board.index(r, c);
			board.set(i, Some(color));
		}
		Some(board)
	}
	pub fn cell_count(&self) -> usize {
		self.cells.len()
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
	fn is_legal(board: &Board, color: Color, at: usize) -> bool {
		Self::flips(board, color, at, |_| ()) > 0
	}
	fn has_move(board: &Board, color: Color) -> bool {
		(0..board.cell_count()).any(|i| board.cell(i).is_none() && Self::is_legal(board, color, i))
	}
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
	fn is_legal(board: &Board, color: Color, at: usize) -> bool {
		board.rays(at).iter().any(|&ray| Flanking::bracket(board, color, ray) > 0)
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
	pub fn line(&self) -> usize {
		self.line
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
pub mod jutge_p18992 {
//! Jutge.org P18992 "Othello": replay a game on an `n × n` board and print every board.
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
pub fn solve<W: Write + ?Sized>(input: &str, out: &mut W) -> Result<(), Error> {
	let mut s = Scanner::new(input);
	let size = s.number("the board size", 4, u64::MAX)?;
	if size % 2 != 0 {
		return Err(InputError::at(s.line(), format!("the board size must be even, found {}", size)).into());
	}
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
