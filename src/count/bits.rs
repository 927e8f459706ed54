//! The counter's walk on boards within 8×8: a [`Position`] and its empty cells, moves and
//! flips by the rules' 64-bit form, and the last empty cells counted at once by
//! [`super::last`].

use std::marker::PhantomData;

use super::super::core::bitboard::{BitRules, Bits};
use super::super::core::position::Position;
use super::last;
use super::outcomes::{decided_by, Outcomes};
use super::walk::{Shortcuts, Walk};

/// A board within 8×8 under rules `R`: the position and the empty cells. Its cells are
/// the discs and the empty cells, which never change as a whole, so the position is an
/// exact key.
#[derive(Clone)]
pub struct BitWalk<R> {
    pos: Position,
    empty: u64,
    rules: PhantomData<fn() -> R>,
}

impl<R: BitRules> BitWalk<R> {
    /// The position with discs `p` for the player to move, `o` for the opponent, and the
    /// empty cells `empty`.
    pub fn new(p: u64, o: u64, empty: u64) -> BitWalk<R> {
        BitWalk { pos: Position { player: p, opponent: o }, empty, rules: PhantomData }
    }
}

impl<R: BitRules> Walk for BitWalk<R> {
    const PASSES: bool = R::PASSES;
    const STORE_FROM: usize = last::CELLS + 1;
    type Key = Position;
    type Move = u32;
    type Moves = Bits;
    type Undo = u64;

    #[inline]
    fn moves(&self) -> Bits {
        Bits(R::moves(self.pos.player, self.pos.opponent, self.empty))
    }

    #[inline]
    fn play(&mut self, sq: u32) -> u64 {
        let flips = R::flipped(self.pos.player, self.pos.opponent, sq);
        self.pos = self.pos.after(sq, flips);
        self.empty ^= 1 << sq;
        flips
    }

    #[inline]
    fn undo(&mut self, sq: u32, flips: u64) {
        self.pos = self.pos.before(sq, flips);
        self.empty ^= 1 << sq;
    }

    #[inline]
    fn pass(&mut self) {
        self.pos = self.pos.passed();
    }

    #[inline]
    fn margin(&self) -> i32 {
        self.pos.margin()
    }

    #[inline]
    fn empties(&self) -> usize {
        self.empty.count_ones() as usize
    }

    #[inline]
    fn with_key<T, F: FnOnce(&Position) -> T>(&self, f: F) -> T {
        f(&self.pos)
    }
}

impl<R: BitRules> Shortcuts for BitWalk<R> {
    #[inline]
    fn near_end(&mut self) -> Option<Outcomes> {
        if self.empties() > last::CELLS {
            return None;
        }
        Some(last::outcomes::<R>(self.pos.player, self.pos.opponent, self.empty, self.margin()))
    }

    #[inline]
    fn near_end_sequences(&mut self) -> Option<u64> {
        if self.empties() > last::CELLS {
            return None;
        }
        Some(last::sequences::<R>(self.pos.player, self.pos.opponent, self.empty))
    }

    fn decided(&self) -> Option<bool> {
        decided::<R>(self.pos.player, self.pos.opponent, self.empty)
    }
}

/// Whether the player with discs `p` to move against `o` (the empty cells `empty`) wins
/// every sequence, or loses every one ([`Shortcuts::decided`]), from the discs that can never
/// flip: each other cell ends up the player's, the opponent's or nobody's, so the final
/// margin lies within their number of the stable discs' margin.
pub fn decided<R: BitRules>(p: u64, o: u64, empty: u64) -> Option<bool> {
    let (mine, theirs) = (R::stable(p, o, empty), R::stable(o, p, empty));
    let open = ((p | o | empty) & !(mine | theirs)).count_ones() as i32;
    decided_by(mine.count_ones() as i32 - theirs.count_ones() as i32, open)
}
