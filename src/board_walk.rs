//! The counter's walk on the general board, of any size: make/undo on a
//! [`super::board::Board`] with running disc counts, never a recount per leaf.
//!
//! The table key is a list of words: bit 0 says whether white is to move, and each cell
//! that matters ([`Rules::relevant`]) takes two bits from bit 2 on (0 empty, 1 black,
//! 2 white). The last three empty cells are counted by moves made on the board alone,
//! the last one from its flip counts.

use std::marker::PhantomData;

use super::bitboard::Bits;
use super::board::{Board, Color};
use super::count::{decided_by, tally, Walk};
use super::rules::Rules;

/// The general board under rules `R`, with make/undo.
///
/// Only the cells empty at the start can be played, so moves are looked for among them
/// (as a bit set over that list when it has at most 64 cells). The last three empty
/// cells are counted without the walk (see [`Walk::near_end`]). The key (see the module
/// header) leaves out the cells that do not matter: each is the same in every position
/// of the walk, so the key is exact and short.
#[derive(Clone)]
pub struct BoardWalk<R> {
    board: Board,
    to_move: Color,
    /// The cells empty at the start.
    playable: Vec<usize>,
    /// Cells flipped by the moves made, most recent last.
    flipped: Vec<usize>,
    /// Per cell: its slot in the key, or `NOT_KEYED`.
    slot: Vec<u32>,
    /// Bit 0: white to move; bits `2k + 2` and `2k + 3`: keyed cell number `k`
    /// (0 empty, 1 black, 2 white). Codes start at even bits, so none straddles words.
    key: Vec<u64>,
    /// How many cells are keyed.
    keyed: i32,
    /// Black's margin over white on the cells that are not keyed (which never change).
    fixed: i32,
    rules: PhantomData<fn() -> R>,
}

/// Marks a cell that never changes, hence is not in the key.
const NOT_KEYED: u32 = u32::MAX;

impl<R: Rules> BoardWalk<R> {
    /// The walk from `board` with `to_move` to move.
    pub fn new(board: &Board, to_move: Color) -> BoardWalk<R> {
        let mut slot = vec![NOT_KEYED; board.len()];
        let (mut next, mut fixed) = (0, 0);
        for (i, relevant) in R::relevant(board).into_iter().enumerate() {
            if relevant {
                slot[i] = next;
                next += 1;
            } else {
                fixed += board.cell(i).map_or(0, |c| if c == Color::Black { 1 } else { -1 });
            }
        }
        let words = (2 + 2 * next as usize + 63) / 64;
        let mut walk = BoardWalk {
            board: board.clone(),
            to_move,
            playable: (0..board.len()).filter(|&i| board.cell(i).is_none()).collect(),
            flipped: Vec::new(),
            slot,
            key: vec![0; words],
            keyed: next as i32,
            fixed,
            rules: PhantomData,
        };
        for i in 0..board.len() {
            walk.set(i, board.cell(i));
        }
        walk.key[0] |= (to_move == Color::White) as u64;
        walk
    }

    /// Puts `cell` on cell `i`, keeping the key.
    #[inline]
    fn set(&mut self, i: usize, cell: Option<Color>) {
        self.board.set(i, cell);
        let slot = self.slot[i];
        if slot != NOT_KEYED {
            let bit = 2 + 2 * slot as usize;
            let code = cell.map_or(0, |c| 1 + c.index() as u64);
            let word = &mut self.key[bit / 64];
            *word = (*word & !(3 << (bit % 64))) | code << (bit % 64);
        }
    }

    fn switch_player(&mut self) {
        self.to_move = self.to_move.opponent();
        self.key[0] ^= 1;
    }

    /// The outcomes for the player to move when the cells `open` (at most three) are the
    /// only empty ones: each move of the player to move (or, if there is none and the
    /// rules pass, of the opponent) is made on the board alone and taken back, the last
    /// cell counted by [`BoardWalk::finish_margin`]. Without `OUTCOMES`, `[sequences, 0,
    /// 0]`: the last cell is one sequence, and with two cells left each legal move is one.
    fn last_cells<const OUTCOMES: bool>(&mut self, open: &[usize]) -> [u64; 3] {
        debug_assert!(open.len() <= 3);
        if !OUTCOMES && open.len() <= 1 {
            return [1, 0, 0];
        }
        if open.len() <= 1 {
            return tally(open.first().map_or_else(|| self.margin(), |&at| self.finish_margin(at)));
        }
        let me = self.to_move;
        let players = if R::PASSES { 2 } else { 1 };
        for &player in [me, me.opponent()][..players].iter() {
            if !OUTCOMES && open.len() == 2 {
                let legal = open.iter().filter(|&&x| R::is_legal(&self.board, player, x)).count() as u64;
                if legal > 0 {
                    return [legal, 0, 0];
                }
                continue;
            }
            let mut total = [0u64; 3];
            let mut moved = false;
            for (k, &x) in open.iter().enumerate() {
                let start = self.flipped.len();
                if R::flips(&self.board, player, x, &mut self.flipped) == 0 {
                    continue;
                }
                moved = true;
                for &i in &self.flipped[start..] {
                    self.board.set(i, Some(player));
                }
                self.board.set(x, Some(player));
                self.to_move = player.opponent();
                // The cells left: `open` without `x`.
                let mut rest = [0usize; 3];
                rest[..open.len()].copy_from_slice(open);
                rest.swap(k, open.len() - 1);
                let t = self.last_cells::<OUTCOMES>(&rest[..open.len() - 1]);
                let t = if self.to_move == me || !OUTCOMES { t } else { [t[1], t[0], t[2]] };
                for (sum, n) in total.iter_mut().zip(t.iter()) {
                    *sum += n;
                }
                self.to_move = me;
                self.board.set(x, None);
                for &i in &self.flipped[start..] {
                    self.board.set(i, Some(player.opponent()));
                }
                self.flipped.truncate(start);
            }
            if moved {
                return total;
            }
        }
        if OUTCOMES {
            tally(self.margin())
        } else {
            [1, 0, 0]
        }
    }

    /// The cells still empty, if at most three: `(cells, how many)`.
    fn last_open(&self) -> Option<([usize; 3], usize)> {
        if self.board.empties() > 3 {
            return None;
        }
        let mut open = [0usize; 3];
        let mut n = 0;
        for &i in self.playable.iter() {
            if self.board.cell(i).is_none() {
                open[n] = i;
                n += 1;
            }
        }
        Some((open, n))
    }

    /// The disc margin, for the player to move, after the last move or the end.
    fn finish_margin(&self, at: usize) -> i32 {
        let margin = self.margin();
        let n = R::flip_count(&self.board, self.to_move, at) as i32;
        if n > 0 {
            return margin + 2 * n + 1;
        }
        if R::PASSES {
            let n = R::flip_count(&self.board, self.to_move.opponent(), at) as i32;
            if n > 0 {
                return margin - 2 * n - 1;
            }
        }
        margin
    }
}

/// The legal moves of a [`BoardWalk`], as positions in its list of playable cells.
pub enum Listed {
    /// At most 64 playable cells: a bit set.
    Few(Bits),
    /// More: a list.
    Many(std::vec::IntoIter<u32>),
}

impl Iterator for Listed {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        match *self {
            Listed::Few(ref mut bits) => bits.next(),
            Listed::Many(ref mut list) => list.next(),
        }
    }
}

impl<R: Rules> Walk for BoardWalk<R> {
    const PASSES: bool = R::PASSES;
    const STORE_FROM: usize = 4;
    type Key = Vec<u64>;
    type Near = ();
    type Move = u32;
    type Moves = Listed;
    type Undo = usize;

    fn moves(&self) -> Listed {
        let legal = |&(_, &at): &(usize, &usize)| {
            self.board.cell(at).is_none() && R::is_legal(&self.board, self.to_move, at)
        };
        let moves = self.playable.iter().enumerate().filter(legal).map(|(k, _)| k);
        if self.playable.len() <= 64 {
            Listed::Few(Bits(moves.fold(0, |bits, k| bits | 1 << k)))
        } else {
            Listed::Many(moves.map(|k| k as u32).collect::<Vec<u32>>().into_iter())
        }
    }

    fn play(&mut self, m: u32) -> usize {
        let at = self.playable[m as usize];
        let start = self.flipped.len();
        let mut flipped = std::mem::take(&mut self.flipped);
        R::flips(&self.board, self.to_move, at, &mut flipped);
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

    fn key(&self) -> Vec<u64> {
        self.key.clone()
    }

    fn with_key<T, F: FnOnce(&Vec<u64>) -> T>(&self, f: F) -> T {
        f(&self.key)
    }

    /// The last three empty cells are counted directly (`BoardWalk::last_cells`, private): their
    /// moves are made on the board alone (no key, no walk below), the last counted from
    /// flip counts without making it.
    fn near_end(&mut self) -> Option<[u64; 3]> {
        let (open, n) = self.last_open()?;
        Some(self.last_cells::<true>(&open[..n]))
    }

    /// As [`BoardWalk::near_end`], the sequences only.
    fn near_end_sequences(&mut self) -> Option<u64> {
        let (open, n) = self.last_open()?;
        Some(self.last_cells::<false>(&open[..n])[0])
    }

    /// From the discs off the key, which never change: each keyed cell ends up the
    /// player's, the opponent's or nobody's, so the final margin lies within their number
    /// of those discs' margin. As on [`super::wide`]'s sets, only the start is decided
    /// this way, or none.
    fn decided(&self) -> Option<bool> {
        decided_by(if self.to_move == Color::Black { self.fixed } else { -self.fixed }, self.keyed)
    }
}
