//! What a count adds up: wins, losses and draws of the player to move, in a number type
//! wide enough for the count.

use std::fmt;

use super::super::core::table::Footprint;
use super::nat::Nat;

/// A number type for counts: exact addition, conversion to [`Nat`].
pub trait Count: Clone + Default + Send + From<u64> + fmt::Display + Footprint {
    /// `self += other`, exact as long as the sum is in range (see [`super`]).
    fn add(&mut self, other: &Self);
    /// The same number as a [`Nat`].
    fn to_nat(&self) -> Nat;
}

impl Count for u64 {
    #[inline]
    fn add(&mut self, other: &u64) {
        *self += *other;
    }
    fn to_nat(&self) -> Nat {
        Nat::from(*self)
    }
}

impl Footprint for u128 {}

/// Saturating: a sum that would pass `u128::MAX` stays there, and every sum it is part of,
/// so a count whose results are all below it is exact.
impl Count for u128 {
    #[inline]
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
///
/// Their sequences leave a word two bits to spare, which counts by levels use.
pub const DEEPEST: usize = 20;

/// Numbers of sequences as the player to move sees them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcomes<C = u64> {
    /// Sequences the player to move wins.
    pub wins: C,
    /// Sequences the player to move loses.
    pub losses: C,
    /// Drawn sequences.
    pub draws: C,
}

impl<C: Count> Footprint for Outcomes<C> {
    fn heap_bytes(&self) -> usize {
        self.wins.heap_bytes() + self.losses.heap_bytes() + self.draws.heap_bytes()
    }
}

impl Outcomes<u64> {
    /// The one sequence of a finished game whose disc margin for the player to move is
    /// `margin`.
    ///
    /// ```
    /// use othello::count::outcomes::Outcomes;
    /// assert_eq!(Outcomes::leaf(-3), Outcomes { wins: 0, losses: 1, draws: 0 });
    /// ```
    #[inline]
    pub fn leaf(margin: i32) -> Outcomes {
        Outcomes { wins: (margin > 0) as u64, losses: (margin < 0) as u64, draws: (margin == 0) as u64 }
    }

    /// Each count `n` times over.
    #[inline]
    pub fn times(self, n: u64) -> Outcomes {
        Outcomes { wins: self.wins * n, losses: self.losses * n, draws: self.draws * n }
    }

    /// The same counts in the number type `C`.
    #[inline]
    pub fn widen<C: Count>(self) -> Outcomes<C> {
        Outcomes { wins: C::from(self.wins), losses: C::from(self.losses), draws: C::from(self.draws) }
    }
}

impl<C: Count> Outcomes<C> {
    /// Adds `other`, counted for the opponent (the player to move after a move or pass).
    #[inline]
    pub fn add_opponent(&mut self, other: &Outcomes<C>) {
        self.wins.add(&other.losses);
        self.losses.add(&other.wins);
        self.draws.add(&other.draws);
    }

    /// The same counts seen by the opponent.
    #[inline]
    pub fn for_opponent(self) -> Outcomes<C> {
        Outcomes { wins: self.losses, losses: self.wins, draws: self.draws }
    }

    /// `n` sequences, all won by the player to move if `wins`, else all lost.
    #[cfg(feature = "fast")]
    pub fn all(wins: bool, n: C) -> Outcomes<C> {
        let won = Outcomes { wins: n, losses: C::default(), draws: C::default() };
        if wins {
            won
        } else {
            won.for_opponent()
        }
    }

    /// The number of sequences, whoever wins them.
    #[cfg(feature = "fast")]
    pub fn total(&self) -> C {
        let mut n = self.wins.clone();
        n.add(&self.losses);
        n.add(&self.draws);
        n
    }
}

/// Adds `other`, counted for the same player.
#[cfg(feature = "fast")]
impl<C: Count> std::ops::AddAssign<&Outcomes<C>> for Outcomes<C> {
    #[inline]
    fn add_assign(&mut self, other: &Outcomes<C>) {
        self.wins.add(&other.wins);
        self.losses.add(&other.losses);
        self.draws.add(&other.draws);
    }
}

/// The winner, if known, for a player whose margin on the cells that never change is
/// `fixed`, when `open` other cells each end up theirs, their opponent's or nobody's:
/// `Some(true)` if they win every sequence, `Some(false)` if they lose every one.
///
/// ```
/// use othello::count::outcomes::decided_by;
/// assert_eq!((decided_by(5, 4), decided_by(-5, 4), decided_by(4, 4)), (Some(true), Some(false), None));
/// ```
pub fn decided_by(fixed: i32, open: i32) -> Option<bool> {
    if fixed > open {
        Some(true)
    } else if fixed < -open {
        Some(false)
    } else {
        None
    }
}
