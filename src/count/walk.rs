//! The depth-first counter and the positions it walks.
//!
//! A [`Walk`] is a position that can make and take back moves; [`Counter`] visits every
//! move sequence below one, adds up their outcomes, and remembers the counts of positions
//! it has seen in transposition tables. The number of sequences below a position depends
//! only on the position, and the keys are exact, so a table never makes a count wrong.
//! Counts are kept for the player to move, so a position and its colour-swapped twin
//! (the same key) share an entry.
//!
//! Where the discs that can never flip already decide the winner ([`Walk::decided`]),
//! every sequence below is a win for one side: only the sequences are counted there,
//! which needs no margins and cheaper last cells.

use super::super::core::table::{Table, TableKey};
use super::outcomes::{Count, Outcomes};

/// A position the counter can walk (on any thread).
pub trait Walk: Clone + Send + Sync {
    /// Whether a player without a move passes (else the game ends).
    const PASSES: bool;
    /// The fewest empty cells for which a position is worth a table entry: more than
    /// [`Walk::near_end`] counts at once.
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
    /// The outcomes for the player to move, if the position is close enough to the end to
    /// count them at once (the walk may move meanwhile; it is left as it was). By default
    /// `None`: the counter walks to the end.
    fn near_end(&mut self) -> Option<Outcomes> {
        None
    }
    /// As [`Walk::near_end`], the number of sequences only.
    #[cfg(feature = "fast")]
    fn near_end_sequences(&mut self) -> Option<u64>;
    /// `Some(true)` if every sequence from here is a win for the player to move,
    /// `Some(false)` if every one is a loss, as far as a cheap bound can tell. Cargo
    /// builds only: the judges' files key every cell, which leaves no disc to decide by.
    #[cfg(feature = "fast")]
    fn decided(&self) -> Option<bool>;
}

/// Positions with at least this many empty cells are checked for a decided winner: below,
/// the check would cost more than it saves.
#[cfg(feature = "fast")]
pub const DECIDE_FROM: usize = 8;

/// The recursive counter, with a transposition table.
pub struct Counter<W: Walk, C> {
    /// The counts of positions seen (none: no table).
    table: Option<Table<W::Key, Outcomes<C>>>,
    /// Whether to look for decided positions.
    #[cfg(feature = "fast")]
    decide: bool,
}

impl<W: Walk, C: Count> Counter<W, C> {
    /// A counter with a table of up to `entries` slots (none if 0) and `memory` bytes.
    pub fn new(entries: usize, memory: usize) -> Counter<W, C> {
        Counter {
            table: if entries > 0 { Some(Table::new(entries, memory)) } else { None },
            #[cfg(feature = "fast")]
            decide: false,
        }
    }

    /// The counter, where `decide`, counting only the sequences of positions whose winner
    /// is known ([`Walk::decided`]).
    #[cfg(feature = "fast")]
    pub fn deciding(self, decide: bool) -> Counter<W, C> {
        Counter { decide, ..self }
    }

    /// The outcomes of every move sequence from `w`, for the player to move. `w` is left
    /// as it was.
    pub fn count(&mut self, w: &mut W) -> Outcomes<C> {
        self.walk(w, None)
    }

    /// [`Counter::count`] below a position whose winner may be known: `Some(true)` if the
    /// player to move wins every sequence, `Some(false)` if they lose every one.
    fn walk(&mut self, w: &mut W, winner: Option<bool>) -> Outcomes<C> {
        #[cfg(feature = "fast")]
        let near = match winner {
            Some(wins) => w.near_end_sequences().map(|n| Outcomes::all(wins, C::from(n))),
            None => w.near_end().map(Outcomes::widen),
        };
        #[cfg(not(feature = "fast"))]
        let near = w.near_end().map(Outcomes::widen);
        if let Some(total) = near {
            return total;
        }
        let empties = w.empties();
        // Below a known winner the last cells cost less, and are worth less in a table.
        let stored = empties >= W::STORE_FROM + winner.is_some() as usize && self.table.is_some();
        if let (true, Some(table)) = (stored, &self.table) {
            if let Some(hit) = w.with_key(|key| table.get(key).cloned()) {
                return hit;
            }
        }
        #[cfg(feature = "fast")]
        let winner = match winner {
            None if self.decide && empties >= DECIDE_FROM => w.decided(),
            known => known,
        };
        let mut total = Outcomes::default();
        let mut moved = false;
        for m in w.moves() {
            moved = true;
            let undo = w.play(m);
            let child = self.walk(w, winner.map(|wins| !wins));
            w.undo(m, undo);
            total.add_opponent(&child);
        }
        if !moved {
            total = self.finish(w, winner);
        }
        if let (true, Some(table)) = (stored, &mut self.table) {
            w.with_key(|key| table.put(key, total.clone(), empties as u32));
        }
        total
    }

    /// The outcomes of a position whose player to move has no move: the opponent's if
    /// the rules pass and the opponent can move, else the one finished game.
    fn finish(&mut self, w: &mut W, winner: Option<bool>) -> Outcomes<C> {
        if W::PASSES {
            w.pass();
            let total = if w.moves().next().is_some() { Some(self.walk(w, winner.map(|wins| !wins))) } else { None };
            w.pass();
            if let Some(total) = total {
                return total.for_opponent();
            }
        }
        Outcomes::leaf(w.margin()).widen()
    }
}
