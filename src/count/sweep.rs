//! Counting by levels in the judges' single files: each position once, with its paths.
//!
//! The positions that some sequence reaches with `k` empty cells form a level, each kept
//! once with the number of sequences that reach it (its paths); a finished game adds its
//! outcome that many times. Every position is met once, where a depth-first count meets it
//! again whenever its table had to let it go.
//!
//! A position is one word: each player's discs on the board's cells, row by row
//! ([`Packing`]), so boards of up to 32 cells go by levels. The next level is an
//! open-addressed table within the memory budget, beside the level it comes from, packed
//! tight. Where two levels do not fit, the count goes depth first on the general board.
//!
//! Cargo builds count by levels on every core (`levels`); this is the plain form, without
//! threads, `unsafe` or the last cells counted at once.

#[cfg(not(feature = "fast"))]
use super::super::core::bitboard::from_board;
use super::super::core::bitboard::{BitRules, Bits};
#[cfg(not(feature = "fast"))]
use super::super::core::board::{Board, Color};
use super::super::core::position::{Position, Turn};
#[cfg(not(feature = "fast"))]
use super::super::core::rules::{Adjacent, Flanking, Rules};
use super::super::core::table::mix;
use super::outcomes::{Outcomes, DEEPEST};

/// The rules of a count in the judges' single files, and whether it goes by levels.
///
/// Dumbothello's boards may leave many cells empty; B4254's leave at most 10, which the
/// general board counts at once in a file that stays small.
#[cfg(not(feature = "fast"))]
pub trait SweptRules: Rules {
    /// The outcomes from `board` with `to_move` to move, where they go by levels.
    ///
    /// They do for rules that say so, on boards within 8×8 that [`by_levels`] takes within
    /// `memory`.
    fn swept(_: &Board, _: Color, _: usize) -> Option<Outcomes> {
        None
    }
}

#[cfg(not(feature = "fast"))]
impl SweptRules for Flanking {}

#[cfg(not(feature = "fast"))]
impl SweptRules for Adjacent {
    fn swept(board: &Board, to_move: Color, memory: usize) -> Option<Outcomes> {
        let sets = from_board(board)?;
        let (p, o) = sets.players(to_move);
        by_levels::<Adjacent>(p, o, sets.area, memory)
    }
}

/// A board of at most 32 cells, and how a position on it packs into a word.
///
/// The board is in the top-left corner of the 64-bit board; each player's discs go row by
/// row, the player to move's in the low half.
#[derive(Clone, Copy)]
struct Packing {
    area: u64,
    rows: u32,
    cols: u32,
}

impl Packing {
    /// The packing of the board whose cells are `area`, if it has at most 32.
    fn of(area: u64) -> Option<Packing> {
        let cols = (area & 0xff).count_ones();
        Some(Packing { area, rows: area.count_ones() / cols.max(1), cols }).filter(|_| area.count_ones() <= 32)
    }

    /// The cells of `b` in the board's rows, packed.
    fn pack(self, b: u64) -> u64 {
        (0..self.rows).fold(0, |k, r| k | (b >> (8 * r) & ((1 << self.cols) - 1)) << (self.cols * r))
    }

    /// The cells that [`Packing::pack`] packed into `k`, back in place.
    fn unpack(self, k: u64) -> u64 {
        (0..self.rows).fold(0, |b, r| b | (k >> (self.cols * r) & ((1 << self.cols) - 1)) << (8 * r))
    }

    /// The word of `pos`; where the root's opponent is to move (not `root`), both players
    /// also hold the lowest empty cell, which no position of a level lacks.
    fn key(self, pos: Position, root: bool) -> u64 {
        let empty = self.area & !(pos.player | pos.opponent);
        let mark = if root { 0 } else { empty & empty.wrapping_neg() };
        self.pack(pos.player | mark) | self.pack(pos.opponent | mark) << (self.rows * self.cols)
    }

    /// The position of a word, and whether the root's player is to move.
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
    /// An empty level of `slots` slots, if they fit in `memory` bytes and can be had.
    fn new(slots: usize, memory: usize) -> Option<Level> {
        if slots == 0 || slots.saturating_mul(std::mem::size_of::<Entry>()) > memory {
            return None;
        }
        let mut level = Level { slots: Vec::new(), len: 0 };
        level.slots.try_reserve_exact(slots).ok()?;
        level.slots.resize(slots, Entry::default());
        Some(level)
    }

    /// Adds `paths` to the position of word `key`; false where the level is too full to
    /// take it.
    fn add(&mut self, key: u64, paths: u64) -> bool {
        let n = self.slots.len();
        // The hash scaled to the table: its high bits times the number of slots.
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

    /// Drops the empty slots and the memory they took.
    fn pack_tight(&mut self) {
        self.slots.retain(|e| e.key != 0);
        self.slots.shrink_to_fit();
    }
}

/// The outcomes of every move sequence from a position, counted by levels.
///
/// The player to move has the discs `p`, the opponent `o`, on the cells `area` (those of
/// neither are empty), under rules `R`. `None` where the board has more than 32 cells or
/// more than [`DEEPEST`] empty ones, or where two levels do not fit in `memory` bytes.
///
/// ```
/// use othello::core::rules::Adjacent;
/// use othello::count::sweep::by_levels;
/// // . . W W / . . B B / W W W B / W B B W in the top-left 4×4 cells, black to move.
/// let (black, white) = (0x0608_0c00, 0x0907_000c);
/// let o = by_levels::<Adjacent>(black, white, 0x0f0f_0f0f, 1 << 20).unwrap();
/// assert_eq!((o.wins, o.losses, o.draws), (2, 16, 0));
/// ```
pub fn by_levels<R: BitRules>(p: u64, o: u64, area: u64, memory: usize) -> Option<Outcomes> {
    let empty = area & !(p | o);
    let packing = Packing::of(area).filter(|_| empty.count_ones() as usize <= DEEPEST)?;
    let mut level = Level::new(2, memory)?;
    level.add(packing.key(Position { player: p, opponent: o }, true), 1);
    let mut total = Outcomes::default();
    // The last level's growth: the next one is first given room for as many times more.
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
///
/// The table is made for `expected` positions or, doubling, as many more as `memory`
/// holds; `None` where it does not fit.
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
///
/// The games that end add to `ended`, for the root's player.
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
