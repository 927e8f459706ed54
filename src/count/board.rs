//! The counter's walk on the general board, of any size: make and undo on a [`Board`]
//! with running disc counts, never a recount per leaf.
//!
//! The table key is a list of words: bit 0 says whether white is to move, and each keyed
//! cell takes two bits from bit 2 on (0 empty, 1 black, 2 white). The judges' single files
//! key every cell; cargo builds key only the cells that matter
//! ([`super::analysis::Analyse::relevant`]). The others are the same in every position of
//! the walk, so the key is exact either way, and their margin may decide the winner.

use std::marker::PhantomData;

use super::super::core::board::{Board, Color};
use super::super::core::rules::Rules;
#[cfg(feature = "fast")]
use super::outcomes::{decided_by, Outcomes};
#[cfg(feature = "fast")]
use super::walk::Shortcuts;
use super::walk::Walk;

/// The general board under rules `R`, with make and undo. Only the cells empty at the
/// start can be played, so moves are looked for among them.
#[derive(Clone)]
pub struct BoardWalk<R> {
    board: Board,
    to_move: Color,
    /// The cells empty at the start.
    playable: Vec<usize>,
    /// Cells flipped by the moves made, most recent last.
    flipped: Vec<usize>,
    /// Bit 0: white to move; bits `2k + 2` and `2k + 3`: keyed cell `k` (0 empty, 1 black,
    /// 2 white). Codes start at even bits, so none straddles words.
    key: Vec<u64>,
    /// Per cell: its place in the key, or [`NOT_KEYED`].
    #[cfg(feature = "fast")]
    slot: Vec<u32>,
    /// How many cells are keyed.
    #[cfg(feature = "fast")]
    keyed: i32,
    /// Black's margin over white on the cells that are not keyed (which never change).
    #[cfg(feature = "fast")]
    fixed: i32,
    rules: PhantomData<fn() -> R>,
}

/// Marks a cell that never changes, hence is not in the key.
#[cfg(feature = "fast")]
const NOT_KEYED: u32 = u32::MAX;

/// The most empty cells counted without the walk, in cargo builds: by moves made on the
/// board alone, without the key, the last one from its flips.
#[cfg(feature = "fast")]
const LAST_CELLS: usize = 3;

impl<R: Rules> BoardWalk<R> {
    /// The walk from `board` with `to_move` to move, keyed by every cell.
    pub fn new(board: &Board, to_move: Color) -> BoardWalk<R> {
        let cells = board.cell_count();
        let mut walk = BoardWalk {
            board: board.clone(),
            to_move,
            playable: board.empty_cells(),
            flipped: Vec::new(),
            key: Vec::new(),
            #[cfg(feature = "fast")]
            slot: (0..cells as u32).collect(),
            #[cfg(feature = "fast")]
            keyed: cells as i32,
            #[cfg(feature = "fast")]
            fixed: 0,
            rules: PhantomData,
        };
        walk.rekey(cells);
        walk
    }

    /// The walk keyed only by the cells that `relevant` marks: the others keep their discs
    /// to the end.
    #[cfg(feature = "fast")]
    pub fn keyed_by(mut self, relevant: &[bool]) -> BoardWalk<R> {
        let (mut next, mut fixed) = (0, 0);
        for (i, &keyed) in relevant.iter().enumerate() {
            self.slot[i] = if keyed { next } else { NOT_KEYED };
            next += keyed as u32;
            if !keyed {
                fixed += self.board.cell(i).map_or(0, |c| if c == Color::Black { 1 } else { -1 });
            }
        }
        self.keyed = next as i32;
        self.fixed = fixed;
        self.rekey(next as usize);
        self
    }

    /// Makes the key anew, of `keyed` cells, from the board and the player to move.
    fn rekey(&mut self, keyed: usize) {
        self.key = vec![0; (2 + 2 * keyed + 63) / 64];
        for i in 0..self.board.cell_count() {
            self.set(i, self.board.cell(i));
        }
        self.key[0] |= (self.to_move == Color::White) as u64;
    }

    /// Puts `cell` on cell `i`, keeping the key.
    #[inline]
    fn set(&mut self, i: usize, cell: Option<Color>) {
        self.board.set(i, cell);
        #[cfg(feature = "fast")]
        let i = match self.slot[i] {
            NOT_KEYED => return,
            slot => slot as usize,
        };
        let at = 2 + 2 * i;
        let code = cell.map_or(0, |c| 1 + c as u64);
        let word = &mut self.key[at / 64];
        *word = (*word & !(3 << (at % 64))) | code << (at % 64);
    }

    fn switch_player(&mut self) {
        self.to_move = self.to_move.opponent();
        self.key[0] ^= 1;
    }

    /// The cells still empty, if at most [`LAST_CELLS`]: the first of the array, as many
    /// as the number says.
    #[cfg(feature = "fast")]
    fn last_open(&self) -> Option<([usize; LAST_CELLS], usize)> {
        if self.board.empties() > LAST_CELLS {
            return None;
        }
        let mut open = ([0; LAST_CELLS], 0);
        for &i in self.playable.iter().filter(|&&i| self.board.cell(i).is_none()) {
            open.0[open.1] = i;
            open.1 += 1;
        }
        Some(open)
    }

    /// The outcomes for the player to move when the cells `open` are the only empty ones
    /// (without `OUTCOMES`, the sequences as wins): each move of the player to move (or,
    /// if there is none and the rules pass, of the opponent) is made on the board alone and
    /// taken back, the last cell counted from its flips alone.
    #[cfg(feature = "fast")]
    fn last_cells<const OUTCOMES: bool>(&mut self, open: &[usize]) -> Outcomes {
        let me = self.to_move;
        let end = |walk: &Self| Outcomes::leaf(if OUTCOMES { walk.margin() } else { 1 });
        if open.len() == 1 && OUTCOMES {
            let flips = |color| R::flips(&self.board, color, open[0], |_| ()) as i32;
            let gain = match flips(me) {
                0 if R::PASSES => -2 * flips(me.opponent()) - 1,
                0 => -1,
                n => 2 * n + 1,
            };
            // A gain of -1 is no move at all: the cell stays empty.
            return Outcomes::leaf(self.margin() + if gain == -1 { 0 } else { gain });
        }
        if open.len() == 1 {
            return end(self);
        }
        for &player in [me, me.opponent()][..if R::PASSES { 2 } else { 1 }].iter() {
            let (mut total, mut moved) = (Outcomes::default(), false);
            for (k, &x) in open.iter().enumerate() {
                let start = self.flipped.len();
                let mut flipped = std::mem::take(&mut self.flipped);
                let n = R::flips(&self.board, player, x, |i| flipped.push(i));
                self.flipped = flipped;
                if n == 0 {
                    continue;
                }
                moved = true;
                for i in start..self.flipped.len() {
                    self.board.set(self.flipped[i], Some(player));
                }
                self.board.set(x, Some(player));
                self.to_move = player.opponent();
                // The cells left: `open` without `x`.
                let mut rest = [0; LAST_CELLS];
                rest[..open.len()].copy_from_slice(open);
                rest.swap(k, open.len() - 1);
                let t = self.last_cells::<OUTCOMES>(&rest[..open.len() - 1]);
                total += &if self.to_move == me || !OUTCOMES { t } else { t.for_opponent() };
                self.to_move = me;
                self.board.set(x, None);
                for i in start..self.flipped.len() {
                    self.board.set(self.flipped[i], Some(player.opponent()));
                }
                self.flipped.truncate(start);
            }
            if moved {
                return total;
            }
        }
        end(self)
    }
}

/// The legal moves of a [`BoardWalk`], as places in its list of playable cells: a bit set
/// where there are at most 64 of them (no allocation), else a list.
pub enum Places {
    /// At most 64 playable cells: bit `k` for place `k`.
    Few(u64),
    /// More.
    Many(std::vec::IntoIter<u32>),
}

impl Iterator for Places {
    type Item = u32;

    #[inline]
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
    #[cfg(feature = "fast")]
    const STORE_FROM: usize = LAST_CELLS + 1;
    #[cfg(not(feature = "fast"))]
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
        // The opponent of the mover is to move now: the flipped discs were theirs.
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

#[cfg(feature = "fast")]
impl<R: Rules> Shortcuts for BoardWalk<R> {
    fn near_end(&mut self) -> Option<Outcomes> {
        let (open, n) = self.last_open()?;
        Some(self.last_cells::<true>(&open[..n]))
    }

    fn near_end_sequences(&mut self) -> Option<u64> {
        let (open, n) = self.last_open()?;
        Some(self.last_cells::<false>(&open[..n]).wins)
    }

    /// From the discs off the key, which never change: each keyed cell ends up the
    /// player's, the opponent's or nobody's, so the final margin lies within their number
    /// of those discs' margin.
    fn decided(&self) -> Option<bool> {
        decided_by(if self.to_move == Color::Black { self.fixed } else { -self.fixed }, self.keyed)
    }
}
