//! The depth-first counter and the positions it walks.
//!
//! A [`Walk`] is a position that can make and take back moves; [`Counter`] visits every
//! move sequence below one, adds up their outcomes, and remembers the counts of positions
//! it has seen in a transposition table. The number of sequences below a position depends
//! only on the position, and the keys are exact, so the table never makes a count wrong.
//! Counts are kept for the player to move, so a position and its colour-swapped twin
//! (the same key) share an entry.
//!
//! Cargo builds add shortcuts ([`Shortcuts`]): the last cells counted at once, and below a
//! position whose winner the discs that can never flip already decide, only the
//! sequences counted, which needs no margins and cheaper last cells.

use super::super::core::table::{Table, TableKey};
use super::outcomes::{Count, Outcomes};

/// A position the counter can walk (on any thread).
pub trait Walk: Clone + Send + Sync {
    /// Whether a player without a move passes (else the game ends).
    const PASSES: bool;
    /// The fewest empty cells for which a position is worth a table entry.
    const STORE_FROM: usize;
    /// The exact identity of the position, player to move included or implied.
    type Key: TableKey;
    /// A move.
    type Move: Copy + Send + Sync;
    /// The moves of a position, owned so that the position can change meanwhile.
    type Moves: Iterator<Item = Self::Move>;
    /// What taking a move back needs.
    type Undo;

    /// The legal moves of the player to move.
    fn moves(&self) -> Self::Moves;
    /// Makes a legal move; the opponent is then to move.
    fn play(&mut self, m: Self::Move) -> Self::Undo;
    /// Takes back the move `m`, made last.
    fn undo(&mut self, m: Self::Move, undo: Self::Undo);
    /// Gives the turn to the opponent.
    fn pass(&mut self);
    /// Discs of the player to move minus discs of the opponent.
    fn margin(&self) -> i32;
    /// How many cells are empty.
    fn empties(&self) -> usize;
    /// Calls `f` with the table key of the position, which it need not copy.
    fn with_key<T, F: FnOnce(&Self::Key) -> T>(&self, f: F) -> T;
}

/// What the walks of cargo builds add to [`Walk`] for the counter's shortcuts.
#[cfg(feature = "fast")]
pub trait Shortcuts: Walk {
    /// The outcomes for the player to move, if the position is close enough to the end to
    /// count them at once (the walk may move meanwhile; it is left as it was).
    fn near_end(&mut self) -> Option<Outcomes>;
    /// As [`Shortcuts::near_end`], the number of sequences only.
    fn near_end_sequences(&mut self) -> Option<u64>;
    /// `Some(true)` if every sequence from here is a win for the player to move,
    /// `Some(false)` if every one is a loss, as far as a cheap bound can tell.
    fn decided(&self) -> Option<bool>;
}

// What the counter walks: with the shortcuts in cargo builds, a plain walk in the judges'
// single files.
#[cfg(feature = "fast")]
pub use self::Shortcuts as CountedWalk;
#[cfg(not(feature = "fast"))]
pub use self::Walk as CountedWalk;

/// Positions with at least this many empty cells are checked for a decided winner: below,
/// the check would cost more than it saves.
#[cfg(feature = "fast")]
pub const DECIDE_FROM: usize = 8;

/// The recursive counter, with a transposition table.
pub struct Counter<W: Walk, C> {
    /// The counts of positions seen.
    table: Table<W::Key, Outcomes<C>>,
    /// Whether to look for decided positions.
    #[cfg(feature = "fast")]
    decide: bool,
}

impl<W: CountedWalk, C: Count> Counter<W, C> {
    /// A counter with a table of up to `entries` slots (at least 2) within `memory` bytes.
    pub fn new(entries: usize, memory: usize) -> Counter<W, C> {
        Counter {
            table: Table::new(entries, memory),
            #[cfg(feature = "fast")]
            decide: false,
        }
    }

    /// The outcomes of every move sequence from `w`, for the player to move. `w` is left
    /// as it was.
    pub fn count(&mut self, w: &mut W) -> Outcomes<C> {
        #[cfg(feature = "fast")]
        {
            if let Some(t) = w.near_end() {
                return t.widen();
            }
        }
        let empties = w.empties();
        let stored = empties >= W::STORE_FROM;
        if stored {
            if let Some(hit) = w.with_key(|key| self.table.get(key).cloned()) {
                return hit;
            }
        }
        #[cfg(feature = "fast")]
        {
            if let Some(wins) = self.decided(w) {
                let total = Outcomes::all(wins, self.sequences(w, wins));
                w.with_key(|key| self.table.put(key, total.clone(), empties as u32));
                return total;
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

    /// What follows for a player without a move in `w`: `after`, once the opponent is to
    /// move, if the rules pass and the opponent can move; else `end`, the one finished
    /// game. `w` is left as it was.
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

#[cfg(feature = "fast")]
impl<W: Shortcuts, C: Count> Counter<W, C> {
    /// The counter, where `decide`, counting only the sequences of positions whose winner
    /// is known ([`Shortcuts::decided`]).
    pub fn deciding(self, decide: bool) -> Counter<W, C> {
        Counter { decide, ..self }
    }

    /// The winner of `w` where the counter looks for one and the discs decide it.
    fn decided(&self, w: &W) -> Option<bool> {
        if self.decide && w.empties() >= DECIDE_FROM {
            w.decided()
        } else {
            None
        }
    }

    /// The number of move sequences from `w`, whose player to move wins every one if
    /// `wins` (else loses every one). They need no margins; their last cells cost less,
    /// and are worth less in the table (stored from one cell more).
    pub fn sequences(&mut self, w: &mut W, wins: bool) -> C {
        if let Some(n) = w.near_end_sequences() {
            return C::from(n);
        }
        let empties = w.empties();
        let stored = empties > W::STORE_FROM;
        if stored {
            if let Some(hit) = w.with_key(|key| self.table.get(key).map(Outcomes::total)) {
                return hit;
            }
        }
        let mut total = C::default();
        let mut moved = false;
        for m in w.moves() {
            moved = true;
            let undo = w.play(m);
            total.add(&self.sequences(w, !wins));
            w.undo(m, undo);
        }
        if !moved {
            total = self.pass(w, |counter, w| counter.sequences(w, !wins), |_| C::from(1));
        }
        if stored {
            w.with_key(|key| self.table.put(key, Outcomes::all(wins, total.clone()), empties as u32));
        }
        total
    }
}
