//! The counter's walk on boards within 8×8: a position as 64-bit sets (the discs of the
//! player to move, the opponent's, the empty cells; see [`super::super::core::bitboard`]),
//! moves and flips by the rules' 64-bit form, and the last four empty cells counted at
//! once by [`super::last`].

use std::marker::PhantomData;

use super::super::core::bitboard::{BitRules, Bits};
use super::last;
use super::outcomes::{decided_by, Outcomes};
use super::walk::{Shortcuts, Walk};

/// A board within 8×8 as bit sets, under rules `R`. Its cells are the three sets, which
/// never change as a whole, so the two players' discs are an exact key.
#[derive(Clone)]
pub struct BitWalk<R> {
    p: u64,
    o: u64,
    empty: u64,
    rules: PhantomData<fn() -> R>,
}

impl<R: BitRules> BitWalk<R> {
    /// The position with discs `p` for the player to move, `o` for the opponent, and the
    /// empty cells `empty`.
    pub fn new(p: u64, o: u64, empty: u64) -> BitWalk<R> {
        BitWalk { p, o, empty, rules: PhantomData }
    }
}

impl<R: BitRules> Walk for BitWalk<R> {
    const PASSES: bool = R::PASSES;
    const STORE_FROM: usize = last::CELLS + 1;
    type Key = (u64, u64);
    type Move = u32;
    type Moves = Bits;
    type Undo = u64;

    #[inline]
    fn moves(&self) -> Bits {
        Bits(R::moves(self.p, self.o, self.empty))
    }

    #[inline]
    fn play(&mut self, sq: u32) -> u64 {
        let flips = R::flipped(self.p, self.o, sq);
        let mover = self.p ^ flips ^ 1 << sq;
        self.p = self.o ^ flips;
        self.o = mover;
        self.empty ^= 1 << sq;
        flips
    }

    #[inline]
    fn undo(&mut self, sq: u32, flips: u64) {
        let mover = self.o ^ flips ^ 1 << sq;
        self.o = self.p ^ flips;
        self.p = mover;
        self.empty ^= 1 << sq;
    }

    #[inline]
    fn pass(&mut self) {
        std::mem::swap(&mut self.p, &mut self.o);
    }

    #[inline]
    fn margin(&self) -> i32 {
        self.p.count_ones() as i32 - self.o.count_ones() as i32
    }

    #[inline]
    fn empties(&self) -> usize {
        self.empty.count_ones() as usize
    }

    #[inline]
    fn with_key<T, F: FnOnce(&(u64, u64)) -> T>(&self, f: F) -> T {
        f(&(self.p, self.o))
    }
}

impl<R: BitRules> Shortcuts for BitWalk<R> {
    #[inline]
    fn near_end(&mut self) -> Option<Outcomes> {
        if self.empties() > last::CELLS {
            return None;
        }
        Some(last::outcomes::<R>(self.p, self.o, self.empty, self.margin()))
    }

    #[inline]
    fn near_end_sequences(&mut self) -> Option<u64> {
        if self.empties() > last::CELLS {
            return None;
        }
        Some(last::sequences::<R>(self.p, self.o, self.empty))
    }

    fn decided(&self) -> Option<bool> {
        decided::<R>(self.p, self.o, self.empty)
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
