// dumbothello: a single-file submission for a judge's `rustc -O` (1.63 or later, any edition), made
// by `make bundle` from src/bin/dumbothello.rs and the library code it reaches. Do not edit.
//! Dumbothello: `(black_wins, white_wins, ties)` under adjacent-capture rules, reading the board from the file named by the argument or from stdin.
fn main() {
	std::process::exit(othello::judges::run(&othello::judges::dumbothello::ABOUT, |input, out| {
		othello::judges::dumbothello::solve(input, out)
	}));
}
mod othello {
//! othello: one board library for a suite of Othello judge solvers.
pub mod core {
//! The core: what every program of the suite stands on.
pub mod bitboard {
//! The 64-bit board: boards within 8×8 as bit sets, and the rules' 64-bit form.
use super::board::{Board, Color};
use super::rules::{Adjacent, Rules};
/// The rules on 64-bit boards: the same moves and flips as [`Rules`] on the general board, as bit sets of the player to move (`p`), the opponent (`o`) and the empty cells.
pub trait BitRules: Rules {
	fn moves(p: u64, o: u64, empty: u64) -> u64;
	fn flipped(p: u64, o: u64, sq: u32) -> u64;
}
impl BitRules for Adjacent {
	fn moves(_: u64, o: u64, empty: u64) -> u64 {
		neighbours(o) & empty
	}
	fn flipped(_: u64, o: u64, sq: u32) -> u64 {
		neighbours(1 << sq) & o
	}
}
/// Every bit but column A (the leftmost).
const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
/// Every bit but column H (the rightmost).
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
/// The cells 8-adjacent to any bit of `b`.
pub fn neighbours(b: u64) -> u64 {
	let sides = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
	let row = b | sides;
	sides | (row << 8) | (row >> 8)
}
/// The bit of cell `(r, c)`.
pub fn bit(r: usize, c: usize) -> u64 {
	1u64 << (8 * r + c)
}
/// The set bits of a `u64`, lowest first, as square numbers.
#[derive(Clone, Copy, Debug)]
pub struct Bits(pub u64);
impl Iterator for Bits {
	type Item = u32;
	fn next(&mut self) -> Option<u32> {
		if self.0 == 0 {
			return None;
		}
		let sq = self.0.trailing_zeros();
		self.0 &= self.0 - 1;
		Some(sq)
	}
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
}
}
pub mod board {
//! The general board: a grid of `rows × cols` cells, each empty or holding a black or a white disc, of any size from 1×1 up.
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
	pub fn from_rows(rows: Vec<(usize, Vec<Cell>)>, width: Option<usize>) -> Result<Board, InputError> {
		let cols = match (width, rows.first()) {
			(_, None) => return Err(InputError::new("no board: the input has no rows")),
			(Some(w), _) => w,
			(None, Some((_, first))) => first.len(),
		};
		for (line, row) in &rows {
			if row.len() != cols {
				return Err(InputError::at(*line, format!("expected {} cells, found {}", cols, row.len())));
			}
		}
		if cols == 0 {
			return Err(InputError::at(rows[0].0, "a row has no cells"));
		}
		let (height, last) = (rows.len(), rows[rows.len() - 1].0);
		let mut cells = Vec::new();
		if cells.try_reserve_exact(height * cols).is_err() {
			let message = format!("a board of {} cells does not fit in memory", height * cols);
			return Err(InputError::at(last, message));
		}
		cells.extend(rows.into_iter().flat_map(|(_, row)| row));
		Ok(Board::from_cells(height, cols, cells))
	}
	pub fn rows(&self) -> usize {
		self.rows
	}
	pub fn cols(&self) -> usize {
		self.cols
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
	pub fn empties(&self) -> usize {
		self.cells.len() - self.discs[0] - self.discs[1]
	}
	pub fn empty_cells(&self) -> Vec<usize> {
		(0..self.cell_count()).filter(|&i| self.cells[i].is_none()).collect()
	}
	pub fn ray(&self, i: usize, d: usize) -> Ray {
		let (r, c) = self.coords(i);
		self.ray_from(i, r, c, d)
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
	pub fn step(&self, i: usize, d: usize) -> Option<usize> {
		self.ray(i, d).next()
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
pub mod position {
//! The 64-bit position: the discs of the player to move and of the opponent on a board within 8×8 (a cell's bit as [`super::bitboard`] numbers it), and what the rules do to it: a move made ([`Position::after`]) and taken back, a pass, the turn that follows ([`Turn`]), the last cell's gain and the final score.
use super::bitboard::BitRules;
use super::table::{mix, Footprint, TableKey};
/// A position: the discs of the player to move and of the opponent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
	pub player: u64,
	pub opponent: u64,
}
/// What the player to move does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
	Play(u64),
	Pass,
	Over,
}
impl Position {
	pub fn margin(self) -> i32 {
		self.player.count_ones() as i32 - self.opponent.count_ones() as i32
	}
	pub fn after(self, sq: u32, flips: u64) -> Position {
		Position { player: self.opponent ^ flips, opponent: self.player ^ flips ^ 1 << sq }
	}
	pub fn passed(self) -> Position {
		Position { player: self.opponent, opponent: self.player }
	}
	pub fn turn<R: BitRules>(self, empty: u64) -> Turn {
		let moves = R::moves(self.player, self.opponent, empty);
		if moves != 0 {
			Turn::Play(moves)
		} else if R::PASSES && R::moves(self.opponent, self.player, empty) != 0 {
			Turn::Pass
		} else {
			Turn::Over
		}
	}
}
impl Footprint for Position {}
impl TableKey for Position {
	fn hash64(&self) -> u64 {
		mix(self.player ^ mix(self.opponent ^ 0x9e37_79b9_7f4a_7c15))
	}
}
}
pub mod rules {
//! Rule sets on the general board: what a move is, what it flips, and what happens to a player without one.
use super::board::{Board, Color, DIRECTIONS};
/// A rule set.
pub trait Rules: Copy {
	const PASSES: bool;
	fn flips<F: FnMut(usize)>(board: &Board, color: Color, at: usize, flip: F) -> usize;
	fn is_legal(board: &Board, color: Color, at: usize) -> bool {
		Self::flips(board, color, at, |_| ()) > 0
	}
	fn has_move(board: &Board, color: Color) -> bool {
		(0..board.cell_count()).any(|i| board.cell(i).is_none() && Self::is_legal(board, color, i))
	}
	fn game_over(board: &Board, to_move: Color) -> bool {
		!Self::has_move(board, to_move) && (!Self::PASSES || !Self::has_move(board, to_move.opponent()))
	}
}
/// Dumbothello rules: a move must touch an opponent disc and flips every adjacent one; a player without a move ends the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjacent;
impl Adjacent {
	fn captured(board: &Board, color: Color, at: usize) -> impl Iterator<Item = usize> + '_ {
		let opponent = Some(color.opponent());
		(0..DIRECTIONS.len()).filter_map(move |d| board.step(at, d)).filter(move |&i| board.cell(i) == opponent)
	}
}
impl Rules for Adjacent {
	const PASSES: bool = false;
	fn flips<F: FnMut(usize)>(board: &Board, color: Color, at: usize, mut flip: F) -> usize {
		let mut count = 0;
		for i in Adjacent::captured(board, color, at) {
			flip(i);
			count += 1;
		}
		count
	}
	fn is_legal(board: &Board, color: Color, at: usize) -> bool {
		Adjacent::captured(board, color, at).next().is_some()
	}
}
}
pub mod scan {
//! Reading input: whitespace-separated tokens, or non-blank lines, that remember their 1-based line number so that every error can say where it was found.
use super::error::InputError;
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
/// The numbered `items` (such as [`lines`] or the rows made of them) gathered in memory allocated fallibly: the first item's error, or an error on the line of the first item the memory cannot hold, instead of an abort.
pub fn collect_lines<T, I: Iterator<Item = Result<(usize, T), InputError>>>(
	items: I,
) -> Result<Vec<(usize, T)>, InputError> {
	let mut all = Vec::new();
	for item in items {
		let (line, value) = item?;
		if all.try_reserve(1).is_err() {
			return Err(InputError::at(line, format!("the input does not fit in memory ({} lines read)", all.len())));
		}
		all.push((line, value));
	}
	Ok(all)
}
/// The number of line ends in `text`: `\n`, `\r\n` and a lone `\r` are one each.
pub fn line_ends(text: &str) -> usize {
	every_line(text).count() - 1
}
/// The non-blank lines of `input` (blank: nothing but ASCII whitespace) with their 1-based numbers, without their ends (`\n`, `\r\n` or a lone `\r`).
pub fn lines(input: &str) -> impl Iterator<Item = (usize, &str)> {
	every_line(input).enumerate().map(|(i, l)| (i + 1, l)).filter(|&(_, l)| !l.bytes().all(|b| b.is_ascii_whitespace()))
}
/// Every line of `input`, blank or not, without its end; after a final line end, one empty line more.
fn every_line(input: &str) -> impl Iterator<Item = &str> {
	input.split("\r\n").flat_map(|l| l.split(&['\n', '\r'][..]))
}
}
pub mod table {
//! A transposition table: a bounded number of slots that remember values of positions.
use std::num::NonZeroU8;
/// What a key or value owns on the heap beyond its slot.
pub trait Footprint {
	fn heap_bytes(&self) -> usize {
		0
	}
}
impl Footprint for u64 {}
impl Footprint for (u64, u64) {}
impl Footprint for Vec<u64> {
	fn heap_bytes(&self) -> usize {
		self.capacity() * 8
	}
}
/// A key a table can store: exact equality plus a well-mixed 64-bit hash.
pub trait TableKey: Clone + Eq + Footprint {
	fn hash64(&self) -> u64;
}
/// The finaliser of SplitMix64: a cheap bijection that spreads every input bit.
pub fn mix(mut x: u64) -> u64 {
	x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
	x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
	x ^ (x >> 31)
}
impl TableKey for (u64, u64) {
	fn hash64(&self) -> u64 {
		mix(self.0 ^ mix(self.1 ^ 0x9e37_79b9_7f4a_7c15))
	}
}
impl TableKey for Vec<u64> {
	fn hash64(&self) -> u64 {
		let mut salt = 0x243f_6a88_85a3_08d3u64;
		let mut h = 0u64;
		for &w in self {
			h = h.wrapping_add(mix(w ^ salt));
			salt = salt.wrapping_add(0x9e37_79b9_7f4a_7c15);
		}
		h
	}
}
/// One stored position; `weight` is never 0, so an empty slot needs no tag of its own.
#[derive(Clone, Debug)]
struct Slot<K, V> {
	key: K,
	value: V,
	weight: NonZeroU8,
}
/// Two slots that share a hash, on one cache line where they fit.
#[derive(Clone, Debug)]
#[repr(align(64))]
struct Bucket<K, V> {
	slots: [Option<Slot<K, V>>; 2],
}
/// A bounded map from positions to values, with replacement.
#[derive(Clone, Debug)]
pub struct Table<K, V> {
	buckets: Vec<Bucket<K, V>>,
	mask: usize,
	used: usize,
	limit: usize,
	budget: usize,
	heap: usize,
}
/// The slots a table grows to at once from its first bucket (or its limit, if smaller).
pub const INITIAL_SLOTS: usize = 1 << 10;
impl<K: TableKey, V: Footprint> Table<K, V> {
	pub fn new(entries: usize, budget: usize) -> Table<K, V> {
		let fit = (budget / std::mem::size_of::<Bucket<K, V>>()).saturating_mul(2);
		let entries = entries.min(fit);
		let limit = if entries < 4 { 2 } else { 1 << (63 - (entries as u64).leading_zeros()) };
		let mut table = Table { buckets: Vec::new(), mask: 0, used: 0, limit, budget, heap: 0 };
		table.grow_to(1);
		table
	}
	pub fn capacity(&self) -> usize {
		2 * self.buckets.len()
	}
	pub fn bytes(&self) -> usize {
		self.buckets.len() * std::mem::size_of::<Bucket<K, V>>() + self.heap
	}
	fn grow_to(&mut self, buckets: usize) {
		while self.buckets.len() < buckets {
			let old = self.buckets.len();
			let new = (2 * old).max(1);
			if self.buckets.try_reserve_exact(new - old).is_err() {
				self.limit = self.capacity();
				return;
			}
			self.buckets.resize_with(new, || Bucket { slots: [None, None] });
			self.mask = self.buckets.len() - 1;
			for b in 0..old {
				for k in 0..2 {
					let moves = match &self.buckets[b].slots[k] {
						Some(slot) => slot.key.hash64() as usize & self.mask != b,
						None => false,
					};
					if moves {
						self.buckets[b + old].slots[k] = self.buckets[b].slots[k].take();
					}
				}
			}
		}
	}
	pub fn get(&self, key: &K) -> Option<&V> {
		let bucket = self.buckets.get(key.hash64() as usize & self.mask)?;
		bucket.slots.iter().flatten().find(|slot| slot.key == *key).map(|slot| &slot.value)
	}
	pub fn put(&mut self, key: &K, value: V, weight: u32) {
		let grown = 2 * self.bytes() - self.heap;
		if self.used * 2 > self.capacity() && self.capacity() < self.limit && grown <= self.budget {
			let target = (self.buckets.len() * 2).max(self.limit.min(INITIAL_SLOTS) / 2);
			self.grow_to(target);
		}
		let bytes = self.bytes();
		let index = key.hash64() as usize & self.mask;
		let slots = match self.buckets.get_mut(index) {
			Some(bucket) => &mut bucket.slots,
			None => return,
		};
		let victim = match slots {
			[None, _] => 0,
			[Some(s), _] if s.key == *key => 0,
			[_, None] => 1,
			[_, Some(s)] if s.key == *key => 1,
			[Some(a), Some(b)] => (b.weight < a.weight) as usize,
		};
		let owned = key.heap_bytes() + value.heap_bytes();
		let freed = slots[victim].as_ref().map_or(0, |s| s.key.heap_bytes() + s.value.heap_bytes());
		if owned > freed && bytes + (owned - freed) > self.budget {
			return;
		}
		let weight = NonZeroU8::new(weight.clamp(1, 255) as u8).expect("a weight of 1 to 255");
		self.used += slots[victim].is_none() as usize;
		self.heap = self.heap + owned - freed;
		slots[victim] = Some(Slot { key: key.clone(), value, weight });
	}
}
}
/// The version every binary's `--version` prints after its name (the crate's version).
pub const VERSION: &str = "0.2.0";
}
pub mod count {
//! The outcome counter: over every complete move sequence from a position (every root-to-leaf path of the game tree), how many end in a win for black, a win for white, or a draw.
pub mod board {
//! The counter's walk on the general board, of any size: make and undo on a [`Board`] with running disc counts, never a recount per leaf.
use std::marker::PhantomData;
use super::super::core::board::{Board, Color};
use super::super::core::rules::Rules;
use super::walk::Walk;
/// The general board under rules `R`, with make and undo.
#[derive(Clone)]
pub struct BoardWalk<R> {
	board: Board,
	to_move: Color,
	playable: Vec<usize>,
	flipped: Vec<usize>,
	key: Vec<u64>,
	rules: PhantomData<fn() -> R>,
}
impl<R: Rules> BoardWalk<R> {
	pub fn new(board: &Board, to_move: Color) -> BoardWalk<R> {
		let cells = board.cell_count();
		let mut walk = BoardWalk {
			board: board.clone(),
			to_move,
			playable: board.empty_cells(),
			flipped: Vec::new(),
			key: Vec::new(),
			rules: PhantomData,
		};
		walk.rekey(cells);
		walk
	}
	fn rekey(&mut self, keyed: usize) {
		self.key = vec![0; (2 + 2 * keyed + 63) / 64];
		for i in 0..self.board.cell_count() {
			self.set(i, self.board.cell(i));
		}
		self.key[0] |= (self.to_move == Color::White) as u64;
	}
	fn set(&mut self, i: usize, cell: Option<Color>) {
		self.board.set(i, cell);
		let at = 2 + 2 * i;
		let code = cell.map_or(0, |c| 1 + c as u64);
		let word = &mut self.key[at / 64];
		*word = (*word & !(3 << (at % 64))) | code << (at % 64);
	}
	fn switch_player(&mut self) {
		self.to_move = self.to_move.opponent();
		self.key[0] ^= 1;
	}
}
/// The legal moves of a [`BoardWalk`], as places in its list of playable cells: a bit set where there are at most 64 of them (no allocation), else a list.
pub enum Places {
	Few(u64),
	Many(std::vec::IntoIter<u32>),
}
impl Iterator for Places {
	type Item = u32;
	fn next(&mut self) -> Option<u32> {
		match self {
			Places::Few(0) => None,
			Places::Few(bits) => {
				let k = bits.trailing_zeros();
				*bits &= *bits - 1;
				Some(k)
			}
			Places::Many(list) => list.next(),
		}
	}
}
impl<R: Rules> Walk for BoardWalk<R> {
	const PASSES: bool = R::PASSES;
	const STORE_FROM: usize = 2;
	type Key = Vec<u64>;
	type Move = u32;
	type Moves = Places;
	type Undo = usize;
	fn moves(&self) -> Places {
		let legal =
			|&(_, &at): &(usize, &usize)| self.board.cell(at).is_none() && R::is_legal(&self.board, self.to_move, at);
		let moves = self.playable.iter().enumerate().filter(legal).map(|(k, _)| k as u32);
		if self.playable.len() <= 64 {
			Places::Few(moves.fold(0, |bits, k| bits | 1 << k))
		} else {
			Places::Many(moves.collect::<Vec<u32>>().into_iter())
		}
	}
	fn play(&mut self, m: u32) -> usize {
		let at = self.playable[m as usize];
		let start = self.flipped.len();
		let mut flipped = std::mem::take(&mut self.flipped);
		R::flips(&self.board, self.to_move, at, |i| flipped.push(i));
		let mover = Some(self.to_move);
		for &i in &flipped[start..] {
			self.set(i, mover);
		}
		self.flipped = flipped;
		self.set(at, mover);
		self.switch_player();
		start
	}
	fn undo(&mut self, m: u32, start: usize) {
		let owner = Some(self.to_move);
		let flipped = std::mem::take(&mut self.flipped);
		for &i in &flipped[start..] {
			self.set(i, owner);
		}
		self.flipped = flipped;
		self.flipped.truncate(start);
		self.set(self.playable[m as usize], None);
		self.switch_player();
	}
	fn pass(&mut self) {
		self.switch_player();
	}
	fn margin(&self) -> i32 {
		self.board.discs(self.to_move) as i32 - self.board.discs(self.to_move.opponent()) as i32
	}
	fn empties(&self) -> usize {
		self.board.empties()
	}
	fn with_key<T, F: FnOnce(&Vec<u64>) -> T>(&self, f: F) -> T {
		f(&self.key)
	}
}
}
pub mod nat {
//! Natural numbers of any size, for counts that outgrow `u128`.
use std::fmt;
use super::super::core::table::Footprint;
/// One limb holds a number below this: 10^18 (fits a `u64` with room for a carry).
const BASE: u64 = 1_000_000_000_000_000_000;
/// A natural number of any size.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nat {
	limbs: Vec<u64>,
}
/// Its limbs, on the heap.
impl Footprint for Nat {
	fn heap_bytes(&self) -> usize {
		self.limbs.capacity() * 8
	}
}
impl Nat {
	pub fn add(&mut self, other: &Nat) {
		if self.limbs.len() < other.limbs.len() {
			self.limbs.resize(other.limbs.len(), 0);
		}
		let mut carry = 0;
		for (i, limb) in self.limbs.iter_mut().enumerate() {
			let sum = *limb + other.limbs.get(i).cloned().unwrap_or(0) + carry;
			carry = (sum >= BASE) as u64;
			*limb = sum - carry * BASE;
			if carry == 0 && i >= other.limbs.len() {
				break;
			}
		}
		if carry > 0 {
			self.limbs.push(carry);
		}
	}
}
impl From<u64> for Nat {
	fn from(n: u64) -> Nat {
		Nat::from(n as u128)
	}
}
impl From<u128> for Nat {
	fn from(mut n: u128) -> Nat {
		let mut limbs = Vec::new();
		while n > 0 {
			limbs.push((n % BASE as u128) as u64);
			n /= BASE as u128;
		}
		Nat { limbs }
	}
}
impl fmt::Display for Nat {
	fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
		let mut limbs = self.limbs.iter().rev();
		let mut text = limbs.next().map_or("0".to_string(), |top| top.to_string());
		for limb in limbs {
			text.push_str(&format!("{:018}", limb));
		}
		f.pad(&text)
	}
}
}
pub mod outcomes {
//! What a count adds up: wins, losses and draws of the player to move, in a number type wide enough for the count.
use std::fmt;
use super::super::core::table::Footprint;
use super::nat::Nat;
/// A number type for counts: exact addition, conversion to [`Nat`].
pub trait Count: Clone + Default + Send + From<u64> + fmt::Display + Footprint {
	fn add(&mut self, other: &Self);
	fn to_nat(&self) -> Nat;
}
impl Count for u64 {
	fn add(&mut self, other: &u64) {
		*self += *other;
	}
	fn to_nat(&self) -> Nat {
		Nat::from(*self)
	}
}
impl Footprint for u128 {}
/// Saturating: a sum that would pass `u128::MAX` stays there, and every sum it is part of, so a count whose results are all below it is exact.
impl Count for u128 {
	fn add(&mut self, other: &u128) {
		*self = self.saturating_add(*other);
	}
	fn to_nat(&self) -> Nat {
		Nat::from(*self)
	}
}
impl Count for Nat {
	fn add(&mut self, other: &Nat) {
		Nat::add(self, other)
	}
	fn to_nat(&self) -> Nat {
		self.clone()
	}
}
/// The most empty cells a `u64` count always holds: 20! < 2^62.
pub const DEEPEST: usize = 20;
/// Numbers of sequences as the player to move sees them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcomes<C = u64> {
	pub wins: C,
	pub losses: C,
	pub draws: C,
}
impl<C: Count> Footprint for Outcomes<C> {
	fn heap_bytes(&self) -> usize {
		self.wins.heap_bytes() + self.losses.heap_bytes() + self.draws.heap_bytes()
	}
}
impl Outcomes<u64> {
	pub fn leaf(margin: i32) -> Outcomes {
		Outcomes { wins: (margin > 0) as u64, losses: (margin < 0) as u64, draws: (margin == 0) as u64 }
	}
	pub fn widen<C: Count>(self) -> Outcomes<C> {
		Outcomes { wins: C::from(self.wins), losses: C::from(self.losses), draws: C::from(self.draws) }
	}
}
impl<C: Count> Outcomes<C> {
	pub fn add_opponent(&mut self, other: &Outcomes<C>) {
		self.wins.add(&other.losses);
		self.losses.add(&other.wins);
		self.draws.add(&other.draws);
	}
	pub fn for_opponent(self) -> Outcomes<C> {
		Outcomes { wins: self.losses, losses: self.wins, draws: self.draws }
	}
}
}
pub mod sweep {
//! Counting by levels in the judges' single files: each position once, with its paths.
use super::super::core::bitboard::from_board;
use super::super::core::bitboard::{BitRules, Bits};
use super::super::core::board::{Board, Color};
use super::super::core::position::{Position, Turn};
use super::super::core::rules::{Adjacent, Rules};
use super::super::core::table::mix;
use super::outcomes::{Outcomes, DEEPEST};
/// The rules of a count in the judges' single files, and whether it goes by levels.
pub trait SweptRules: Rules {
	fn swept(_: &Board, _: Color, _: usize) -> Option<Outcomes> {
		None
	}
}
impl SweptRules for Adjacent {
	fn swept(board: &Board, to_move: Color, memory: usize) -> Option<Outcomes> {
		let sets = from_board(board)?;
		let (p, o) = sets.players(to_move);
		by_levels::<Adjacent>(p, o, sets.area, memory)
	}
}
/// A board of at most 32 cells, and how a position on it packs into a word.
#[derive(Clone, Copy)]
struct Packing {
	area: u64,
	rows: u32,
	cols: u32,
}
impl Packing {
	fn of(area: u64) -> Option<Packing> {
		let cols = (area & 0xff).count_ones();
		Some(Packing { area, rows: area.count_ones() / cols.max(1), cols }).filter(|_| area.count_ones() <= 32)
	}
	fn pack(self, b: u64) -> u64 {
		(0..self.rows).fold(0, |k, r| k | (b >> (8 * r) & ((1 << self.cols) - 1)) << (self.cols * r))
	}
	fn unpack(self, k: u64) -> u64 {
		(0..self.rows).fold(0, |b, r| b | (k >> (self.cols * r) & ((1 << self.cols) - 1)) << (8 * r))
	}
	fn key(self, pos: Position, root: bool) -> u64 {
		let empty = self.area & !(pos.player | pos.opponent);
		let mark = if root { 0 } else { empty & empty.wrapping_neg() };
		self.pack(pos.player | mark) | self.pack(pos.opponent | mark) << (self.rows * self.cols)
	}
	fn position(self, key: u64) -> (Position, bool) {
		let (player, opponent) = (self.unpack(key), self.unpack(key >> (self.rows * self.cols)));
		let mark = player & opponent;
		(Position { player: player ^ mark, opponent: opponent ^ mark }, mark == 0)
	}
}
/// A position of a level ([`Packing::key`]) and its paths; an empty slot has key 0.
#[derive(Clone, Copy, Default)]
struct Entry {
	key: u64,
	paths: u64,
}
/// A level: a table with linear probing, at most three quarters full, then packed tight.
struct Level {
	slots: Vec<Entry>,
	len: usize,
}
impl Level {
	fn new(slots: usize, memory: usize) -> Option<Level> {
		if slots == 0 || slots.saturating_mul(std::mem::size_of::<Entry>()) > memory {
			return None;
		}
		let mut level = Level { slots: Vec::new(), len: 0 };
		level.slots.try_reserve_exact(slots).ok()?;
		level.slots.resize(slots, Entry::default());
		Some(level)
	}
	fn add(&mut self, key: u64, paths: u64) -> bool {
		let n = self.slots.len();
		let mut i = ((mix(key) as u128 * n as u128) >> 64) as usize;
		loop {
			let slot = &mut self.slots[i];
			if slot.key == key {
				slot.paths += paths;
				return true;
			}
			if slot.key == 0 {
				if 4 * (self.len + 1) > 3 * n {
					return false;
				}
				*slot = Entry { key, paths };
				self.len += 1;
				return true;
			}
			i = if i + 1 == n { 0 } else { i + 1 };
		}
	}
	fn pack_tight(&mut self) {
		self.slots.retain(|e| e.key != 0);
		self.slots.shrink_to_fit();
	}
}
/// The outcomes of every move sequence from a position, counted by levels.
pub fn by_levels<R: BitRules>(p: u64, o: u64, area: u64, memory: usize) -> Option<Outcomes> {
	let empty = area & !(p | o);
	let packing = Packing::of(area).filter(|_| empty.count_ones() as usize <= DEEPEST)?;
	let mut level = Level::new(2, memory)?;
	level.add(packing.key(Position { player: p, opponent: o }, true), 1);
	let mut total = Outcomes::default();
	let mut grown = 1;
	loop {
		let room = memory - level.slots.capacity() * std::mem::size_of::<Entry>();
		let mut next = next_level::<R>(&level, packing, level.len * grown, room, &mut total)?;
		if next.len == 0 {
			return Some(total);
		}
		next.pack_tight();
		grown = (next.len + level.len - 1) / level.len;
		level = next;
	}
}
/// The level after `level`; the games that end on the way add to `total`.
fn next_level<R: BitRules>(
	level: &Level,
	packing: Packing,
	expected: usize,
	memory: usize,
	total: &mut Outcomes,
) -> Option<Level> {
	let most = memory / std::mem::size_of::<Entry>();
	let mut slots = (expected * 4 / 3).max(1024);
	loop {
		let mut next = Level::new(slots.min(most), memory)?;
		let mut ended = *total;
		if expand::<R>(level, packing, &mut next, &mut ended) {
			*total = ended;
			return Some(next);
		}
		if slots >= most {
			return None;
		}
		slots *= 2;
	}
}
/// Fills `next` with the positions that follow those of `level`; false if it is too full.
fn expand<R: BitRules>(level: &Level, packing: Packing, next: &mut Level, ended: &mut Outcomes) -> bool {
	for e in level.slots.iter().filter(|e| e.key != 0) {
		let (pos, root) = packing.position(e.key);
		let empty = packing.area & !(pos.player | pos.opponent);
		let (pos, root, moves) = match pos.turn::<R>(empty) {
			Turn::Play(moves) => (pos, root, moves),
			Turn::Pass => (pos.passed(), !root, R::moves(pos.opponent, pos.player, empty)),
			Turn::Over => {
				tally(ended, if root { pos.margin() } else { -pos.margin() }, e.paths);
				continue;
			}
		};
		for sq in Bits(moves) {
			let child = pos.after(sq, R::flipped(pos.player, pos.opponent, sq));
			if empty == 1 << sq {
				tally(ended, if root { -child.margin() } else { child.margin() }, e.paths);
			} else if !next.add(packing.key(child, !root), e.paths) {
				return false;
			}
		}
	}
	true
}
/// Adds `paths` games to `total`, won by the root's player if `margin` (theirs) is positive.
fn tally(total: &mut Outcomes, margin: i32, paths: u64) {
	*match margin.signum() {
		1 => &mut total.wins,
		-1 => &mut total.losses,
		_ => &mut total.draws,
	} += paths;
}
}
pub mod walk {
//! The depth-first counter and the positions it walks.
use super::super::core::table::{Table, TableKey};
use super::outcomes::{Count, Outcomes};
/// A position the counter can walk (on any thread).
pub trait Walk: Clone + Send + Sync {
	const PASSES: bool;
	const STORE_FROM: usize;
	type Key: TableKey;
	type Move: Copy + Send + Sync;
	type Moves: Iterator<Item = Self::Move>;
	type Undo;
	fn moves(&self) -> Self::Moves;
	fn play(&mut self, m: Self::Move) -> Self::Undo;
	fn undo(&mut self, m: Self::Move, undo: Self::Undo);
	fn pass(&mut self);
	fn margin(&self) -> i32;
	fn empties(&self) -> usize;
	fn with_key<T, F: FnOnce(&Self::Key) -> T>(&self, f: F) -> T;
}
pub use self::Walk as CountedWalk;
/// The recursive counter, with a transposition table.
pub struct Counter<W: Walk, C> {
	table: Table<W::Key, Outcomes<C>>,
}
impl<W: CountedWalk, C: Count> Counter<W, C> {
	pub fn new(entries: usize, memory: usize) -> Counter<W, C> {
		Counter {
			table: Table::new(entries, memory),
		}
	}
	pub fn count(&mut self, w: &mut W) -> Outcomes<C> {
		let empties = w.empties();
		let stored = empties >= W::STORE_FROM;
		if stored {
			if let Some(hit) = w.with_key(|key| self.table.get(key).cloned()) {
				return hit;
			}
		}
		let mut total = Outcomes::default();
		let mut moved = false;
		for m in w.moves() {
			moved = true;
			let undo = w.play(m);
			let child = self.count(w);
			w.undo(m, undo);
			total.add_opponent(&child);
		}
		if !moved {
			total = self.pass(w, |counter, w| counter.count(w).for_opponent(), |w| Outcomes::leaf(w.margin()).widen());
		}
		if stored {
			w.with_key(|key| self.table.put(key, total.clone(), empties as u32));
		}
		total
	}
	fn pass<T, A: FnOnce(&mut Self, &mut W) -> T, E: FnOnce(&W) -> T>(&mut self, w: &mut W, after: A, end: E) -> T {
		if W::PASSES {
			w.pass();
			let total = if w.moves().next().is_some() { Some(after(self, w)) } else { None };
			w.pass();
			if let Some(total) = total {
				return total;
			}
		}
		end(w)
	}
}
}
use self::board::BoardWalk;
use self::nat::Nat;
use self::outcomes::{Count, Outcomes, DEEPEST};
use self::walk::{CountedWalk, Counter};
use super::core::board::{Board, Color};
use super::core::error::InputError;
use super::core::memory;
pub use self::sweep::SweptRules as CountedRules;
/// How to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
	pub memory: usize,
}
impl Default for Options {
	fn default() -> Options {
		Options {
			memory: memory::budget().unwrap_or(memory::DEFAULT),
		}
	}
}
/// The result of a count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
	pub black: Nat,
	pub white: Nat,
	pub draws: Nat,
}
impl Counts {
	fn of<C: Count>(outcomes: &Outcomes<C>, to_move: Color) -> Counts {
		let (black, white) = match to_move {
			Color::Black => (&outcomes.wins, &outcomes.losses),
			Color::White => (&outcomes.losses, &outcomes.wins),
		};
		Counts { black: black.to_nat(), white: white.to_nat(), draws: outcomes.draws.to_nat() }
	}
}
/// Counts deeper than this many empty cells run on a thread of their own (cargo builds), or are refused (the judges' files, which start no thread).
pub const DEEP: usize = 1000;
/// The most empty cells [`count`] takes: a 100 MB stack reservation (address space, not memory), far beyond any count that ends in a lifetime.
pub const MAX_EMPTIES: usize = 100_000;
/// Counts the outcomes of every complete move sequence from `board` with `to_move` to move, under rules `R`.
pub fn count<R: CountedRules>(board: &Board, to_move: Color, options: &Options) -> Result<Counts, InputError> {
	let empties = board.empties();
	if empties > MAX_EMPTIES {
		let message = format!("the board has {} empty cells; counting takes at most {}", empties, MAX_EMPTIES);
		return Err(InputError::new(message));
	}
	if R::game_over(board, to_move) {
		let margin = board.discs(to_move) as i32 - board.discs(to_move.opponent()) as i32;
		return Ok(Counts::of(&Outcomes::leaf(margin), to_move));
	}
	if empties <= DEEP {
		return Ok(choose::<R>(board, to_move, options));
	}
	deep::<R>(board, to_move, options)
}
/// The judges' files start no thread: they count on the main thread, whose stack (8 MB where judges say) holds [`DEEP`] levels with room to spare, and refuse deeper counts.
fn deep<R>(board: &Board, _: Color, _: &Options) -> Result<Counts, InputError> {
	let message = format!("the board has {} empty cells; this file counts at most {}", board.empties(), DEEP);
	Err(InputError::new(message))
}
/// [`count`] by the fastest way the board and `options` allow (see the module header).
fn choose<R: CountedRules>(board: &Board, to_move: Color, options: &Options) -> Counts {
	match R::swept(board, to_move, options.memory) {
		Some(outcomes) => Counts::of(&outcomes, to_move),
		None => depth_first(BoardWalk::<R>::new(board, to_move), to_move, options),
	}
}
/// The count of `walk` depth first: in `u64` where it provably holds `e!` (see the module header), else in saturating `u128`, and again in [`Nat`] if that saturated.
fn depth_first<W: CountedWalk>(walk: W, to_move: Color, options: &Options) -> Counts {
	if walk.empties() <= DEEPEST {
		return depth_first_as::<W, u64>(walk, to_move, options);
	}
	let counts = depth_first_as::<W, u128>(walk.clone(), to_move, options);
	let saturated = Nat::from(u128::MAX);
	if [&counts.black, &counts.white, &counts.draws].iter().all(|&n| *n != saturated) {
		return counts;
	}
	depth_first_as::<W, Nat>(walk, to_move, options)
}
/// [`depth_first`] with counts of type `C`.
fn depth_first_as<W: CountedWalk, C: Count>(mut walk: W, to_move: Color, options: &Options) -> Counts {
	let entries = table_entries(walk.empties());
	let mut counter = Counter::<W, C>::new(entries, options.memory);
	Counts::of(&counter.count(&mut walk), to_move)
}
/// The most table entries of a count: 128 MB of 64-byte slots on 8×8 boards.
pub const MAX_TABLE_ENTRIES: usize = 1 << 21;
/// The table entries for a count from `empties` empty cells: [`MAX_TABLE_ENTRIES`] from 16, half as many for each empty cell fewer, and half as many again from 10 down (at least 2^9): small counts store few positions, and a small table stays in the cache.
pub fn table_entries(empties: usize) -> usize {
	let shift = 16usize.saturating_sub(empties) + (empties <= 10) as usize;
	MAX_TABLE_ENTRIES >> shift.min(12)
}
}
pub mod judges {
//! The judges: one module per problem statement, each a `solve(input, out)` that reads the whole input as text and writes the answer exactly as its judge expects, and [`run`], the `main` they share.
pub mod dumbothello {
//! Dumbothello (Sapienza homework HW8): count the outcomes of every game under the adjacent-capture rules.
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
/// Counts the outcomes of the board in `input` and writes the triple.
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
