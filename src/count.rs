//! Counting outcomes: over every complete move sequence from a position (every
//! root-to-leaf path of the game tree), how many end in a win for black, a win for white,
//! or a draw.
//!
//! One recursive counter ([`Counter`]) serves every rule set and both board
//! representations through the [`Walk`] trait:
//!
//! - [`BitWalk`] ([`super::bit_walk`]): boards within 8×8 on 64-bit bit sets (player to
//!   move, opponent), the last three or four empty cells counted without moves made;
//! - `wide::WideWalk` (the `wide` feature): boards beyond 8×8 on 64- to 1024-bit sets of
//!   the cells that may change, the discs that never do reduced to four anchor bits,
//!   when there are at most 1020 of them and at most 64 empty cells; the last
//!   four empty cells counted directly, in lanes as above where the build has them;
//! - [`BoardWalk`] ([`super::board_walk`]): the general board of any size, with make/undo
//!   and running disc counts, the last three empty cells counted by moves made on the
//!   board alone.
//!
//! Before walking, [`count`] takes a shortcut where it can: when no move can change what
//! a move elsewhere flips (a large board with a few scattered empty cells), the count
//! is a small dynamic programme over the sets of cells left ([`super::independent`]).
//! While walking, a position whose discs that can never flip already outnumber all the
//! other cells has a known winner ([`Walk::decided`]): below it only the sequences are
//! counted, and the last cells need no flips (the last two on 64-bit boards, the last one
//! elsewhere, where a board of mostly one colour is often decided at the start: the discs
//! off the bit sets or the key never change).
//!
//! Counts are kept from the point of view of the player to move ([`Outcomes`]: wins,
//! losses, draws), so a position and its colour-swapped twin share one table entry. The
//! number of sequences below a position depends only on the position, so a
//! [`super::table::Table`] makes repeated positions free; its keys are exact (the two bit
//! sets, or the cells that can still change), so it never makes a count wrong.
//! Positions with up to [`COMPACT_UP_TO`] empty cells keep their counts as `u32`s in a
//! compact table of 32-byte slots (a [`Store`], shared by the threads of
//! [`super::parallel`] on 64-bit boards), the few with more in a second table. The
//! positions whose last cells the walk counts at once (four, in lanes) are kept in a
//! small cache of each counter's own: they are too many for the main table, but
//! siblings share a fifth of them. On 64-bit boards that cache is keyed by the discs on
//! the four cells' rays ([`Walk::near_cache`]), with their outcomes or, below a decided
//! position, their sequences, and a five-cell position counts its children together,
//! their slots fetched first ([`Walk::near_children`]); on the wider sets of `wide` it
//! is keyed so too, with their outcomes, where the four cells' rays take at most two
//! words.
//!
//! Counts are exact at any size. Every move fills an empty cell and passes do not branch,
//! so `e` empty cells give at most `e!` sequences: [`count`] uses `u64` up to 20 empties
//! (20! < 2^64), `u128` up to 34 (34! < 2^128), and [`Nat`] beyond.

use std::convert::TryFrom;
use std::fmt;

use super::bit_walk::BitWalk;
use super::board::{Board, Color};
use super::board_walk::BoardWalk;
use super::error::InputError;
use super::independent;
use super::nat::Nat;
use super::rules::{Analysis, Rules};
use super::table::{Table, TableKey};

/// A number type for counts: exact addition, conversion to [`Nat`].
pub trait Count: Clone + Default + Send + From<u64> + fmt::Display {
    /// `self += other`. Callers keep sums within range (see the module header).
    fn add(&mut self, other: &Self);
    /// The same number as a [`Nat`].
    fn to_nat(&self) -> Nat;
    /// The same number as a `u32`, if it is below 2^32.
    fn to_u32(&self) -> Option<u32>;
}

impl Count for u64 {
    #[inline]
    fn add(&mut self, other: &u64) {
        *self += *other;
    }
    fn to_nat(&self) -> Nat {
        Nat::from(*self)
    }
    #[inline]
    fn to_u32(&self) -> Option<u32> {
        u32::try_from(*self).ok()
    }
}

impl Count for u128 {
    #[inline]
    fn add(&mut self, other: &u128) {
        *self += *other;
    }
    fn to_nat(&self) -> Nat {
        Nat::from(*self)
    }
    #[inline]
    fn to_u32(&self) -> Option<u32> {
        u32::try_from(*self).ok()
    }
}

impl Count for Nat {
    fn add(&mut self, other: &Nat) {
        Nat::add(self, other)
    }
    fn to_nat(&self) -> Nat {
        self.clone()
    }
    fn to_u32(&self) -> Option<u32> {
        self.to_u64().and_then(|n| u32::try_from(n).ok())
    }
}

/// Outcome counts seen by the player to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcomes<C> {
    /// Sequences the player to move wins.
    pub wins: C,
    /// Sequences the player to move loses.
    pub losses: C,
    /// Drawn sequences.
    pub draws: C,
}

impl<C: Count> Outcomes<C> {
    /// The one sequence of a finished game whose disc margin for the player to move is
    /// `margin`.
    pub fn leaf(margin: i32) -> Outcomes<C> {
        Outcomes::from(tally(margin))
    }

    /// Adds `other`, counted for the same player.
    pub fn add(&mut self, other: &Outcomes<C>) {
        self.wins.add(&other.wins);
        self.losses.add(&other.losses);
        self.draws.add(&other.draws);
    }

    /// Adds `other`, counted for the opponent (the player to move after a move or pass).
    pub fn add_opponent(&mut self, other: &Outcomes<C>) {
        self.wins.add(&other.losses);
        self.losses.add(&other.wins);
        self.draws.add(&other.draws);
    }

    /// The same counts seen by the opponent.
    pub fn for_opponent(self) -> Outcomes<C> {
        Outcomes { wins: self.losses, losses: self.wins, draws: self.draws }
    }

    /// `n` sequences, all won by the player to move if `wins`, else all lost.
    pub fn all(wins: bool, n: C) -> Outcomes<C> {
        let none = C::default();
        if wins {
            Outcomes { wins: n, losses: none.clone(), draws: none }
        } else {
            Outcomes { wins: none.clone(), losses: n, draws: none }
        }
    }
}

impl<C: Count> From<[u64; 3]> for Outcomes<C> {
    fn from(t: [u64; 3]) -> Outcomes<C> {
        Outcomes { wins: C::from(t[0]), losses: C::from(t[1]), draws: C::from(t[2]) }
    }
}

/// `[wins, losses, draws]` of one finished game with disc margin `margin` for the player
/// to move.
///
/// ```
/// assert_eq!(othello::count::tally(-3), [0, 1, 0]);
/// ```
#[inline]
pub fn tally(margin: i32) -> [u64; 3] {
    [(margin > 0) as u64, (margin < 0) as u64, (margin == 0) as u64]
}

/// A position the counter can walk: moves, make/undo, passes, and a table key.
pub trait Walk: Clone + Send + Sync {
    /// Whether a player without a move passes (else the game ends).
    const PASSES: bool;
    /// The fewest empty cells for which a position is worth a table entry.
    const STORE_FROM: usize;
    /// The same below a position whose winner is known (see [`Counter`]), where only
    /// sequences are counted and the last cells are cheaper than a table probe that
    /// misses the cache: by default one more (the 18-empty count 1.05× faster).
    const STORE_SEQUENCES_FROM: usize = Self::STORE_FROM + 1;
    /// Where [`Walk::near_end`] counts this many empty cells at once at a cost well above
    /// a probe of a table that stays in the processor's cache, the counter keeps their
    /// counts in a small one of its own ([`Walk::NEAR_SLOTS`]); 0: no such cache.
    const NEAR_CACHED: usize = 0;
    /// Below a position whose winner is known, where only sequences are counted: the
    /// empty cells of the positions whose counts the near-end cache keeps instead of the
    /// table (0: none; the walk's [`Walk::STORE_SEQUENCES_FROM`] should be above it).
    const NEAR_CACHED_SEQUENCES: usize = 0;
    /// The fewest entries of a counter's own table (see [`Counter::with_store`]; they
    /// grow with the empty cells of the count) for which the near-end cache pays: making
    /// it costs a little, and a small count may find few repeats.
    const NEAR_CACHE_FROM: usize = 0;
    /// The slots of the near-end cache, where the counter keeps one.
    const NEAR_SLOTS: usize = NEAR_CACHE_ENTRIES;
    /// The exact identity of the position, player to move included or implied.
    type Key: TableKey + Send;
    /// A cache of the walk's own for its positions with [`Walk::NEAR_CACHED`] empty cells
    /// whose winner is not known, which the counter keeps instead of its near-end cache
    /// for them (`()` where the walk keeps none: [`Walk::near_cache`]).
    type Near: Send;
    /// A move.
    type Move: Copy + Send + Sync;
    /// The moves of a position, owned so that the position can change meanwhile.
    type Moves: Iterator<Item = Self::Move>;
    /// What undoing a move needs.
    type Undo;

    /// The legal moves of the player to move.
    fn moves(&self) -> Self::Moves;
    /// Makes a legal move; the opponent is then to move.
    fn play(&mut self, m: Self::Move) -> Self::Undo;
    /// [`Walk::moves`], for a walk that keeps what it computed on the way (each move's
    /// flips) for [`Walk::play_listed`].
    fn list_moves(&mut self) -> Self::Moves {
        self.moves()
    }
    /// [`Walk::play`] of one of the moves that the last [`Walk::list_moves`] of this
    /// position listed (the walk may have gone deeper since, and come back).
    fn play_listed(&mut self, m: Self::Move) -> Self::Undo {
        self.play(m)
    }
    /// Takes back the move `m` made last.
    fn undo(&mut self, m: Self::Move, undo: Self::Undo);
    /// Gives the turn to the opponent.
    fn pass(&mut self);
    /// Discs of the player to move minus discs of the opponent.
    fn margin(&self) -> i32;
    /// How many cells are empty.
    fn empties(&self) -> usize;
    /// The table key of the position.
    fn key(&self) -> Self::Key;
    /// Calls `f` with the table key of the position (which it need not copy).
    fn with_key<T, F: FnOnce(&Self::Key) -> T>(&self, f: F) -> T {
        f(&self.key())
    }
    /// The value `table` holds for the position, if any.
    fn probe<'t, V>(&self, table: &'t Table<Self::Key, V>) -> Option<&'t V> {
        self.with_key(|key| table.get(key))
    }
    /// The key as two words, if it is that small: threads can then share one table.
    #[cfg(feature = "threads")]
    fn words(_key: &Self::Key) -> Option<(u64, u64)> {
        None
    }
    /// Calls `f` with the key of the position after each move, so that their table slots
    /// can be fetched into the cache before they are probed ([`Table::prefetch`]) and the
    /// misses overlap instead of waiting for memory one after another. A hint only; by
    /// default nothing. (With the `prefetch` feature only, as are the fetches.)
    #[cfg(feature = "prefetch")]
    fn child_keys<F: FnMut(&Self::Key)>(&self, _f: F) {}
    /// `[wins, losses, draws]` for the player to move, if the position is close enough to
    /// the end to count directly. The walk may make moves meanwhile; it is left as it was.
    fn near_end(&mut self) -> Option<[u64; 3]> {
        None
    }
    /// A new cache for [`Walk::near_end_cached`], if the walk keeps one of its own.
    fn near_cache() -> Option<Self::Near> {
        None
    }
    /// [`Walk::near_end`] of a position with [`Walk::NEAR_CACHED`] empty cells, through
    /// `cache` ([`Walk::near_cache`]), adding its hits to `hits`; `None` where the cache
    /// does not take the position (the counter's near-end cache then does).
    fn near_end_cached(&mut self, cache: &mut Self::Near, hits: &mut u64) -> Option<Option<[u64; 3]>> {
        let _ = (cache, hits);
        None
    }
    /// The children of a position with one more empty cell than [`Walk::NEAR_CACHED`]
    /// counted at once through `cache`, so that their slots are fetched together: the sum
    /// of their outcomes (each for its own player to move; with `sequences`, below a
    /// decided position, only the sum of their sequences, first), how many children it
    /// counted, and the moves whose children it left to the walk (their player to move
    /// has no move). `None`: the walk does not count them so, or the player to move has
    /// no move.
    ///
    /// `fetched` is called once the children's slots are fetched, before any is probed,
    /// so that a probe of the caller's waits on memory beside them; if it returns `true`
    /// (the caller found the position), the children are left uncounted: `Some(None)`.
    fn near_children<F: FnOnce(&Self) -> bool>(&mut self, cache: &mut Self::Near, hits: &mut u64, sequences: bool, fetched: F) -> Option<Option<([u64; 3], u32, Self::Moves)>> {
        let _ = (cache, hits, sequences, fetched);
        None
    }
    /// The number of sequences from here, if the position is close enough to the end to
    /// count them directly without their outcomes (as [`Walk::near_end`], the walk is
    /// left as it was). With one empty cell or none there is exactly one: the last cell is
    /// played by someone or by nobody.
    fn near_end_sequences(&mut self) -> Option<u64> {
        if self.empties() <= 1 {
            Some(1)
        } else {
            None
        }
    }
    /// `Some(true)` if every sequence from here ends in a win for the player to move,
    /// `Some(false)` if every one ends in a loss, as far as a cheap bound can tell (the
    /// discs that can never flip against all the others); `None` if it cannot tell.
    fn decided(&self) -> Option<bool> {
        None
    }
}

/// The winner, if known, for a player whose margin on the cells that never change is
/// `fixed`, when `open` other cells each end up theirs, their opponent's or nobody's:
/// `Some(true)` if they win every sequence, `Some(false)` if they lose every one.
///
/// ```
/// use othello::count::decided_by;
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

/// Slots of the near-end cache ([`Walk::NEAR_CACHED`]) by default ([`Walk::NEAR_SLOTS`]):
/// 512 KB, which stay in the processor's second-level cache. Most of its hits are
/// siblings' transpositions, found soon after: 2^13 to 2^16 slots gave the same times.
pub const NEAR_CACHE_ENTRIES: usize = 1 << 14;

/// Positions with at most this many empty cells keep their counts in the counter's
/// compact table, as `u32`s: at most `e!` sequences lie below `e` empty cells, and
/// 12! < 2^32. A slot then takes 32 bytes, and a bucket of two one cache line.
pub const COMPACT_UP_TO: usize = 12;

/// Positions with at least this many empty cells are checked for a decided winner
/// ([`Walk::decided`]) when the table does not know them: the check costs about a node,
/// and below this it would rarely pay (on balanced 16-empty positions, almost no position
/// with fewer empty cells is decided; on lopsided ones, the root already is).
pub const DECIDE_FROM: usize = 8;

/// Where a [`Counter`] keeps the counts of positions with up to [`COMPACT_UP_TO`] empty
/// cells: its own [`Table`], or a table it shares with counters on other threads
/// ([`super::parallel::SharedTable`]).
pub trait Store<W: Walk> {
    /// The counts stored for `w`, if any.
    fn get(&self, w: &W) -> Option<[u32; 3]>;
    /// Stores `counts` for `w`, worth `weight` (its number of empty cells).
    fn put(&mut self, w: &W, counts: [u32; 3], weight: u32);
    /// Fetches the slot of `key` into the cache ([`Table::prefetch`]).
    #[cfg(feature = "prefetch")]
    fn prefetch(&self, key: &W::Key);
}

impl<W: Walk> Store<W> for Table<W::Key, [u32; 3]> {
    #[inline]
    fn get(&self, w: &W) -> Option<[u32; 3]> {
        w.probe(self).cloned()
    }

    #[inline]
    fn put(&mut self, w: &W, counts: [u32; 3], weight: u32) {
        Table::put(self, w.key(), counts, weight);
    }

    #[cfg(feature = "prefetch")]
    #[inline]
    fn prefetch(&self, key: &W::Key) {
        Table::prefetch(self, key);
    }
}

/// The recursive counter: a walk, optional tables, and statistics.
///
/// Where the winner of every sequence is already known ([`Walk::decided`]), only the
/// sequences are counted below: the last cells then need no flip counts at all
/// ([`Walk::near_end_sequences`]).
pub struct Counter<W: Walk, C, S = Table<<W as Walk>::Key, [u32; 3]>> {
    /// Positions with up to [`COMPACT_UP_TO`] empty cells.
    compact: Option<S>,
    /// The outcomes of positions with [`Walk::NEAR_CACHED`] empty cells, and the
    /// sequences of those with [`Walk::NEAR_CACHED_SEQUENCES`].
    near: Option<Table<W::Key, [u32; 3]>>,
    /// The walk's own cache ([`Walk::near_cache`]), which then takes the outcomes of the
    /// positions with [`Walk::NEAR_CACHED`] empty cells instead of `near`.
    local: Option<W::Near>,
    /// Positions with more (a few thousand below 18 empty cells), with counts of type `C`.
    wide: Option<Table<W::Key, Outcomes<C>>>,
    /// Positions visited.
    pub nodes: u64,
    /// Positions answered by the table.
    pub hits: u64,
    /// Whether to look for decided positions.
    decide: bool,
    /// Positions found decided, whose sequences were counted without outcomes.
    pub decided: u64,
}

impl<W: Walk, C: Count> Counter<W, C> {
    /// A counter with tables of up to `entries` slots in all (none if 0): the compact one
    /// takes most, the wide one a quarter as many. With `decide`, positions whose winner
    /// is known count their sequences only.
    pub fn new(entries: usize, decide: bool) -> Counter<W, C> {
        let compact = if entries > 0 { Some(Table::new(entries)) } else { None };
        Counter::with_store(compact, entries / 4, decide)
    }
}

impl<W: Walk, C: Count, S: Store<W>> Counter<W, C, S> {
    /// A counter keeping positions with few empty cells in `compact` (none: no table at
    /// all) and the others in a table of up to `entries` slots of its own; from
    /// [`Walk::NEAR_CACHE_FROM`] entries, also a near-end cache ([`Walk::NEAR_CACHED`]).
    pub fn with_store(compact: Option<S>, entries: usize, decide: bool) -> Counter<W, C, S> {
        let wide = if compact.is_some() { Some(Table::new(entries)) } else { None };
        let near = if compact.is_some() && W::NEAR_CACHED > 0 && entries >= W::NEAR_CACHE_FROM { Some(Table::new(W::NEAR_SLOTS)) } else { None };
        let local = if near.is_some() { W::near_cache() } else { None };
        Counter { compact, wide, near, local, nodes: 0, hits: 0, decide, decided: 0 }
    }

    /// The outcomes of every move sequence from `w`, for the player to move. `w` is left
    /// as it was.
    pub fn count(&mut self, w: &mut W) -> Outcomes<C> {
        self.walk(w, None)
    }

    /// [`Counter::count`] of a position whose winner may be known already: `Some(true)`
    /// if the player to move wins every sequence, `Some(false)` if they lose every one
    /// (found above it, as at the root of a count split into tasks). Then only the
    /// sequences are counted.
    #[cfg(feature = "threads")]
    pub fn count_known(&mut self, w: &mut W, winner: Option<bool>) -> Outcomes<C> {
        self.walk(w, winner)
    }

    /// `[nodes, hits, decided]`: positions visited, answered by the table, and found
    /// decided, so far.
    pub fn statistics(&self) -> [u64; 3] {
        [self.nodes, self.hits, self.decided]
    }

    /// [`Counter::count`] below a position whose winner may be known: `Some(true)` if the
    /// player to move wins every sequence, `Some(false)` if they lose every one.
    fn walk(&mut self, w: &mut W, winner: Option<bool>) -> Outcomes<C> {
        self.nodes += 1;
        let near_at = if winner.is_some() { W::NEAR_CACHED_SEQUENCES } else { W::NEAR_CACHED };
        if near_at > 0 && self.near.is_some() && w.empties() == near_at {
            if winner.is_none() {
                if let Some(total) = self.local_cached(w) {
                    return total;
                }
            }
            return self.near_cached(w, winner);
        }
        let near = match winner {
            Some(wins) => w.near_end_sequences().map(|n| Outcomes::all(wins, C::from(n))),
            None => w.near_end().map(Outcomes::from),
        };
        if let Some(t) = near {
            return t;
        }
        let empties = w.empties();
        let from = if winner.is_some() { W::STORE_SEQUENCES_FROM } else { W::STORE_FROM };
        let stored = empties >= from && self.wide.is_some();
        if winner.is_none() && empties == W::NEAR_CACHED + 1 {
            if let Some((total, found)) = self.probed_children(w, None, stored) {
                if stored && !found {
                    self.store(w, empties, &total);
                }
                return total;
            }
        }
        if stored {
            if let Some(hit) = self.probe(w, empties) {
                self.hits += 1;
                return hit;
            }
        }
        let mut winner = winner;
        if winner.is_none() && self.decide && empties >= DECIDE_FROM {
            winner = w.decided();
            self.decided += winner.is_some() as u64;
        }
        let moves = w.list_moves();
        #[cfg(feature = "prefetch")]
        self.prefetch_children(w, empties, from, winner);
        let total = self.children(w, moves, winner);
        if stored {
            self.store(w, empties, &total);
        }
        total
    }

    /// Fetches the table slots of the children of `w`, which has `empties` empty cells,
    /// into the cache, if they are stored (from `from` empty cells), or their slots in the
    /// near-end cache where it keeps them (where no [`Walk::near_children`] counted them,
    /// on the wider sets: its probes had waited on memory, a third of the walk's time on
    /// an 11×11 board on AMD Zen 4).
    #[cfg(feature = "prefetch")]
    #[inline]
    fn prefetch_children(&self, w: &W, empties: usize, from: usize, winner: Option<bool>) {
        if winner.is_none() && W::NEAR_CACHED > 0 && empties == W::NEAR_CACHED + 1 {
            if let Some(ref near) = self.near {
                w.child_keys(|k| near.prefetch(k));
            }
        }
        if empties <= from {
            return;
        }
        match (empties - 1 <= COMPACT_UP_TO, &self.compact, &self.wide) {
            (true, &Some(ref table), _) => w.child_keys(|k| table.prefetch(k)),
            (false, _, &Some(ref table)) => w.child_keys(|k| table.prefetch(k)),
            _ => {}
        }
    }

    /// The outcomes of `w` from its children's, or from the opponent's after a pass, or
    /// the finished game's.
    #[inline(always)]
    fn children(&mut self, w: &mut W, moves: W::Moves, winner: Option<bool>) -> Outcomes<C> {
        let mut total = Outcomes::default();
        let mut moved = false;
        for m in moves {
            moved = true;
            let undo = w.play_listed(m);
            let child = self.walk(w, winner.map(|wins| !wins));
            w.undo(m, undo);
            total.add_opponent(&child);
        }
        if !moved {
            total = self.finish(w, winner);
        }
        total
    }

    /// [`Counter::walk`] through the near-end cache: of a position with
    /// [`Walk::NEAR_CACHED`] empty cells whose winner is not known (its outcomes counted at
    /// once), or with [`Walk::NEAR_CACHED_SEQUENCES`] below a known winner (its children
    /// walked, its sequences kept). (Sequences from the cells counted at once cost less,
    /// and repeat less: cached, the 18-empty count took 1.04× longer.)
    fn near_cached(&mut self, w: &mut W, winner: Option<bool>) -> Outcomes<C> {
        if let Some(wins) = winner {
            if let Some((total, found)) = self.probed_children(w, winner, false) {
                if !found {
                    self.keep_sequences(w.key(), wins, &total);
                }
                return total;
            }
        }
        let key = w.key();
        if let Some(t) = self.near.as_ref().and_then(|near| near.get(&key)) {
            self.hits += 1;
            let t = t.map(u64::from);
            return match winner {
                Some(wins) => Outcomes::all(wins, C::from(t[0])),
                None => Outcomes::from(t),
            };
        }
        let (total, kept) = match winner {
            None => match w.near_end() {
                Some(t) => (Outcomes::from(t), Some([t[0] as u32, t[1] as u32, t[2] as u32])),
                // No move: the walk counts the pass or the end, uncached.
                None => (self.listed_children(w, None), None),
            },
            // No move (the walk's own cache counted the children above where it could):
            // the pass or the end.
            Some(wins) => {
                let total = self.listed_children(w, winner);
                self.keep_sequences(key, wins, &total);
                return total;
            }
        };
        if let (Some(near), Some(t)) = (self.near.as_mut(), kept) {
            near.put(key, t, 1);
        }
        total
    }

    /// Keeps in the near-end cache the sequences `total` of the position `key`, whose
    /// player to move wins every one (`wins`) or loses every one, if they fit a `u32`.
    fn keep_sequences(&mut self, key: W::Key, wins: bool, total: &Outcomes<C>) {
        let n = if wins { total.wins.to_u32() } else { total.losses.to_u32() };
        if let (Some(near), Some(n)) = (self.near.as_mut(), n) {
            near.put(key, [n, 0, 0], 1);
        }
    }

    /// [`Counter::walk`] of a position with [`Walk::NEAR_CACHED`] empty cells whose winner
    /// is not known, through the walk's own cache; `None` if the walk keeps none, or if
    /// it does not take the position.
    fn local_cached(&mut self, w: &mut W) -> Option<Outcomes<C>> {
        match w.near_end_cached(self.local.as_mut()?, &mut self.hits)? {
            Some(t) => Some(Outcomes::from(t)),
            // No move: the walk counts the pass or the end, uncached.
            None => Some(self.listed_children(w, None)),
        }
    }

    /// [`Counter::children`] of a position with one more empty cell than
    /// [`Walk::NEAR_CACHED`] (or than [`Walk::NEAR_CACHED_SEQUENCES`] below a known
    /// winner, `winner` as in [`Counter::walk`]), counted at once through the walk's own
    /// cache ([`Walk::near_children`]), with the position's own probe made once their
    /// slots are fetched, so that its wait on memory and theirs overlap: below a known
    /// winner in the near-end cache, else in the tables if it is `stored`. The outcomes,
    /// and whether the probe found them (no child was counted); `None` if the walk does
    /// not count the children so, or the player to move has no move (nothing was probed).
    /// Against the probe before the children, in the process on one thread (scratch
    /// loop, old and new in turn, three times): the 18-empty count 8.47 → 8.12, 8.97 →
    /// 8.62 and 8.74 → 8.17 s, the 16-empty one 6.97 → 6.39, 6.59 → 6.41 and 6.52 → 6.48 s.
    #[cfg(feature = "avx512")]
    fn probed_children(&mut self, w: &mut W, winner: Option<bool>, stored: bool) -> Option<(Outcomes<C>, bool)> {
        let empties = w.empties();
        let (compact, wide, near, local) = (&self.compact, &self.wide, &self.near, self.local.as_mut()?);
        if let (Some(near), true) = (near.as_ref(), winner.is_some()) {
            near.prefetch(&w.key());
        }
        let mut found = None;
        let counted = w.near_children(local, &mut self.hits, winner.is_some(), |w| {
            found = match winner {
                Some(wins) => near.as_ref().and_then(|near| near.get(&w.key())).map(|t| Outcomes::all(wins, C::from(u64::from(t[0])))),
                None if stored => probe_tables(compact, wide, w, empties),
                None => None,
            };
            found.is_some()
        })?;
        let (counted, children, left) = match counted {
            Some(counted) => counted,
            None => {
                self.hits += 1;
                return found.map(|total| (total, true));
            }
        };
        self.nodes += children as u64;
        let winner = winner.map(|wins| !wins);
        let mut total = Outcomes::default();
        total.add_opponent(&match winner {
            None => Outcomes::from(counted),
            Some(wins) => Outcomes::all(wins, C::from(counted[0])),
        });
        for m in left {
            // The child's player to move has no move: its pass or its end.
            self.nodes += 1;
            let undo = w.play(m);
            let child = self.listed_children(w, winner);
            w.undo(m, undo);
            total.add_opponent(&child);
        }
        Some((total, false))
    }

    /// Without the `avx512` feature no walk keeps a cache of its own
    /// ([`Walk::near_cache`]), so no children are counted through one.
    #[cfg(not(feature = "avx512"))]
    fn probed_children(&mut self, _: &mut W, _: Option<bool>, _: bool) -> Option<(Outcomes<C>, bool)> {
        None
    }

    /// [`Counter::children`] of the moves that `w` lists (none: the pass or the end).
    fn listed_children(&mut self, w: &mut W, winner: Option<bool>) -> Outcomes<C> {
        let moves = w.list_moves();
        self.children(w, moves, winner)
    }

    /// The outcomes stored for `w`, which has `empties` empty cells.
    #[inline]
    fn probe(&self, w: &W, empties: usize) -> Option<Outcomes<C>> {
        probe_tables(&self.compact, &self.wide, w, empties)
    }

    /// Stores the outcomes `total` of `w`, which has `empties` empty cells.
    #[inline]
    fn store(&mut self, w: &W, empties: usize, total: &Outcomes<C>) {
        let weight = empties as u32;
        if empties <= COMPACT_UP_TO {
            let narrow = (total.wins.to_u32(), total.losses.to_u32(), total.draws.to_u32());
            if let (Some(table), (Some(wins), Some(losses), Some(draws))) = (self.compact.as_mut(), narrow) {
                table.put(w, [wins, losses, draws], weight);
            }
        } else if let Some(table) = self.wide.as_mut() {
            table.put(w.key(), total.clone(), weight);
        }
    }

    /// The outcomes of a position whose player to move has no move: the opponent's if
    /// the rules pass and the opponent can move, else the one finished game.
    fn finish(&mut self, w: &mut W, winner: Option<bool>) -> Outcomes<C> {
        if W::PASSES {
            w.pass();
            let opponent_moves = w.moves().next().is_some();
            let total = if opponent_moves { Some(self.walk(w, winner.map(|wins| !wins)).for_opponent()) } else { None };
            w.pass();
            if let Some(total) = total {
                return total;
            }
        }
        Outcomes::leaf(w.margin())
    }
}

/// [`Counter::probe`] of the tables `compact` and `wide`.
#[inline]
fn probe_tables<W: Walk, C: Count, S: Store<W>>(compact: &Option<S>, wide: &Option<Table<W::Key, Outcomes<C>>>, w: &W, empties: usize) -> Option<Outcomes<C>> {
    if empties <= COMPACT_UP_TO {
        let t = compact.as_ref()?.get(w)?;
        Some(Outcomes::from([t[0] as u64, t[1] as u64, t[2] as u64]))
    } else {
        w.probe(wide.as_ref()?).cloned()
    }
}

/// How to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Threads to split the work across (1: count on the calling thread; 0: every core
    /// from [`THREADS_FROM`] empty cells, else one). The general board counts on one
    /// thread when it has a table and more than [`COMPACT_UP_TO`] empty cells (see
    /// [`super::parallel::count`]), and so do builds without the `threads` feature (the
    /// judges' bundles).
    pub threads: usize,
    /// Whether to use a transposition table.
    pub table: bool,
    /// Whether boards whose cells that matter fit in 8×8 use the 64-bit walk, and those
    /// whose cells that may change fit in 64 or 128 bits the walk of [`super::wide`] where
    /// built (else the general one, for tests).
    pub bitboards: bool,
    /// Whether boards whose empty cells are independent are counted by
    /// [`super::independent`] (else walked like the others, for tests). With
    /// `bitboards`, boards within 8×8 take the 64-bit walk first, without the rules'
    /// analysis that the shortcut needs.
    pub independent: bool,
    /// Whether positions whose winner is already known count only their sequences
    /// ([`Walk::decided`]; else they are walked like the others, for tests).
    pub decided: bool,
    /// Whether 8×8 counts from [`LEVELS_FROM`] empty cells go by levels
    /// ([`super::levels`], where built; else depth first, for tests).
    pub levels: bool,
}

impl Default for Options {
    /// A table, the 64-bit walk where it fits, the shortcuts for independent empty
    /// cells and decided positions, and threads for large counts only.
    fn default() -> Options {
        Options { threads: 0, table: true, bitboards: true, independent: true, decided: true, levels: true }
    }
}

/// The result of [`count`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Sequences won by black.
    pub black: Nat,
    /// Sequences won by white.
    pub white: Nat,
    /// Drawn sequences.
    pub draws: Nat,
    /// Positions visited.
    pub nodes: u64,
    /// Positions answered by the table.
    pub hits: u64,
    /// Positions whose winner was found known, below which only sequences were counted.
    pub decided: u64,
}

/// Counts the outcomes of every complete move sequence from `board` with `to_move` to
/// move, under rules `R`.
///
/// ```
/// use othello::board::{Alphabet, Board, Color};
/// use othello::count::{count, Options};
/// use othello::rules::Flanking;
/// let a = Alphabet { empty: '.', black: 'B', white: 'W' };
/// let cells = [".WB", "WBW", "BW."].iter().flat_map(|r| a.row(r, 0).unwrap()).collect();
/// let r = count::<Flanking>(&Board::from_cells(3, 3, cells), Color::White, &Options::default());
/// assert_eq!((r.black.to_string(), r.white.to_string(), r.draws.to_string()),
///            ("2".to_string(), "0".to_string(), "0".to_string()));
/// ```
///
/// The recursion is as deep as the board has empty cells; beyond [`DEEP`] of them it runs
/// on a thread with a stack sized to match. Panics beyond [`MAX_EMPTIES`] (callers check
/// with [`countable`]).
pub fn count<R: Rules>(board: &Board, to_move: Color, options: &Options) -> Report {
    let empties = board.empties();
    assert!(empties <= MAX_EMPTIES, "{} empty cells are more than count() takes", empties);
    let run = || count_fast::<R>(board, to_move, options).unwrap_or_else(|| count_with(BoardWalk::<R>::new(board, to_move), empties, to_move, options));
    if empties <= DEEP {
        return run();
    }
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(STACK_PER_EMPTY * (empties + DEEP))
            .spawn_scoped(scope, run)
            .expect("a thread for a deep count")
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}

/// The count of [`count`] where bit sets (the 64-bit walk on boards within 8×8, else on
/// the cells that matter, or [`super::wide`]'s where built) or the shortcut for
/// independent empty cells take `board`, as `options` allow; `None` where only the
/// general board does.
/// For at most [`DEEP`] empty cells (the recursion runs on the calling thread's stack).
pub fn count_fast<R: Rules>(board: &Board, to_move: Color, options: &Options) -> Option<Report> {
    let empties = board.empties();
    if options.bitboards {
        if let Some(walk) = BitWalk::<R>::within(board, to_move, None) {
            return Some(on_bits(walk, empties, to_move, options));
        }
    }
    // The rules' analysis reads every cell (0.2 ms on a 100×100 board): it is made once.
    let a = R::analysis(board);
    if options.independent {
        if let Some(report) = independent::count::<R>(board, to_move, a.independent) {
            return Some(report);
        }
    }
    if !options.bitboards {
        return None;
    }
    if let Some(walk) = BitWalk::<R>::within(board, to_move, Some(&a.relevant)) {
        return Some(on_bits(walk, empties, to_move, options));
    }
    on_wide::<R>(board, &a, empties, to_move, options)
}

/// The count of the 64-bit walk `walk`: by levels where built and `options` allow (see
/// [`Options::levels`]), else depth first.
fn on_bits<R: Rules>(walk: BitWalk<R>, empties: usize, to_move: Color, options: &Options) -> Report {
    #[cfg(feature = "levels")]
    {
        if let Some(report) = by_levels(&walk, empties, to_move, options) {
            return report;
        }
    }
    count_with(walk, empties, to_move, options)
}

/// Counts deeper than this many empty cells run on a thread of their own.
pub const DEEP: usize = 1000;

/// Stack reserved per level of a deep count (frames take a few hundred bytes).
const STACK_PER_EMPTY: usize = 4096;

/// The most empty cells [`count`] takes: a 400 MB stack reservation (address space, not
/// memory), far beyond any count that ends in a lifetime, but no crash.
pub const MAX_EMPTIES: usize = 100_000;

/// An error unless `board` has at most [`MAX_EMPTIES`] empty cells.
pub fn countable(board: &Board) -> Result<(), InputError> {
    if board.empties() <= MAX_EMPTIES {
        Ok(())
    } else {
        Err(InputError::new(format!(
            "the board has {} empty cells; counting takes at most {}",
            board.empties(),
            MAX_EMPTIES
        )))
    }
}

/// [`count`] with the narrowest count type that provably holds `e!` (see the module header).
fn count_with<W: Walk>(walk: W, empties: usize, to_move: Color, options: &Options) -> Report {
    if empties <= 20 {
        count_as::<W, u64>(walk, empties, to_move, options)
    } else if empties <= 34 {
        count_as::<W, u128>(walk, empties, to_move, options)
    } else {
        count_as::<W, Nat>(walk, empties, to_move, options)
    }
}

/// The most compact-table entries per search: 128 MB (32-byte slots); the wide table takes
/// a quarter as many entries, 64 MB with `u64` counts, 96 MB with wider ones.
pub const MAX_TABLE_ENTRIES: usize = 1 << 22;

/// The table entries for a count from `empties` empty cells: [`MAX_TABLE_ENTRIES`] from
/// 16, half as many for each empty cell fewer, and half as many again from 10 down (at
/// least 2^10). A count from 10 empty cells stores a few tens of thousands of positions;
/// a table that fits them fits in the cache, and a shared table, which is written in
/// full when it is made, is ready in a fraction of a millisecond instead of 20 ms. At 10,
/// 2^15 entries instead of 2^16 cost as many page faults fewer as the table's pages (a
/// quarter of a new process's): new processes 1.07–1.13× faster on the slowest 8×8 board
/// of random discs and 1.05–1.10× on a 12×12 one, even on a 10×10 one, and counts in one
/// process even (2026-11-26). Larger tables cost page faults: at 14
/// empty cells, 2^20 entries took 0.81-0.88 s against 0.94-0.99 s for 2^22 (a new
/// process each time), at 16 the three sizes from 2^20 took the same time, and at 18
/// 2^22 was the fastest (5.4 s, against 6.0-6.3 s for 2^20).
///
/// ```
/// use othello::count::{table_entries, MAX_TABLE_ENTRIES};
/// assert_eq!(table_entries(18), MAX_TABLE_ENTRIES);
/// assert_eq!(table_entries(14), MAX_TABLE_ENTRIES / 4);
/// assert_eq!(table_entries(10), 1 << 15);
/// assert_eq!(table_entries(2), 1 << 10);
/// ```
pub fn table_entries(empties: usize) -> usize {
    let shift = 16usize.saturating_sub(empties) + usize::from(empties <= 10);
    MAX_TABLE_ENTRIES >> shift.min(12)
}

/// With [`Options::threads`] 0, counts from at least this many empty cells run on every
/// core: the worst 8×8 positions with 10 empty cells take 20 ms on one thread, 10 ms on
/// two (12.6 and 6.7 ms with the AVX-512 lanes, whereas a typical one takes 2.0 ms on one
/// and 3.0 ms on two); below, the threads would cost more than they save.
pub const THREADS_FROM: usize = 10;

/// The threads for a count from `empties` empty cells: [`Options::threads`], where 0 is
/// every core from [`THREADS_FROM`] empty cells and one below.
fn threads_for(options: &Options, empties: usize) -> usize {
    match options.threads {
        0 if empties >= THREADS_FROM => std::thread::available_parallelism().map_or(1, |n| n.get()),
        0 => 1,
        n => n,
    }
}

/// Runs the count with count type `C`, on several threads when it is worth it.
fn count_as<W: Walk, C: Count>(mut walk: W, empties: usize, to_move: Color, options: &Options) -> Report {
    let entries = if options.table { table_entries(empties) } else { 0 };
    let threads = threads_for(options, empties);
    let parallel = if threads > 1 { on_threads::<W, C>(&walk, threads, entries, options.decided, STACK_PER_EMPTY * (empties + DEEP)) } else { None };
    let (outcomes, [nodes, hits, decided]) = match parallel {
        Some(result) => result,
        None => {
            let mut counter = Counter::<W, C>::new(entries, options.decided);
            let o = counter.count(&mut walk);
            (o, counter.statistics())
        }
    };
    let (black, white) = match to_move {
        Color::Black => (&outcomes.wins, &outcomes.losses),
        Color::White => (&outcomes.losses, &outcomes.wins),
    };
    Report { black: black.to_nat(), white: white.to_nat(), draws: outcomes.draws.to_nat(), nodes, hits, decided }
}

/// Counts on `threads` threads ([`super::parallel::count`]), in cargo builds (the
/// `threads` feature, on by default), where it is worth it.
#[cfg(feature = "threads")]
fn on_threads<W: Walk, C: Count>(walk: &W, threads: usize, entries: usize, decide: bool, stack: usize) -> Option<(Outcomes<C>, [u64; 3])> {
    super::parallel::count(walk, threads, entries, decide, stack)
}

/// The count on the narrowest of the 64- to 1024-bit sets that take the cells that may
/// change ([`super::wide::WideWalk`]), if any does, in cargo builds (the `wide`
/// feature, on by default).
#[cfg(feature = "wide")]
fn on_wide<R: Rules>(board: &Board, analysis: &Analysis, empties: usize, to_move: Color, options: &Options) -> Option<Report> {
    use super::wide::{Runs, WideWalk};
    let changeable = &analysis.changeable;
    // Where the winner is known from the start, runs that flip whole stand as one cell.
    let runs = Runs::of::<R>(board, changeable, to_move);
    let runs = runs.as_ref();
    if let Some(walk) = WideWalk::<R, u64>::with_runs(board, changeable, runs, to_move) {
        return Some(count_with(walk, empties, to_move, options));
    }
    if let Some(walk) = WideWalk::<R, u128>::with_runs(board, changeable, runs, to_move) {
        return Some(count_with(walk, empties, to_move, options));
    }
    if let Some(walk) = WideWalk::<R, super::wide::U256>::with_runs(board, changeable, runs, to_move) {
        return Some(count_with(walk, empties, to_move, options));
    }
    if let Some(walk) = WideWalk::<R, super::wide::U512>::with_runs(board, changeable, runs, to_move) {
        return Some(count_with(walk, empties, to_move, options));
    }
    let walk = WideWalk::<R, super::wide::U1024>::with_runs(board, changeable, runs, to_move)?;
    Some(count_with(walk, empties, to_move, options))
}

/// The count of [`super::levels::count`] where it takes the 64-bit walk `walk` (with
/// [`Options::levels`], from [`LEVELS_FROM`] empty cells).
#[cfg(feature = "levels")]
fn by_levels<R: Rules>(walk: &BitWalk<R>, empties: usize, to_move: Color, options: &Options) -> Option<Report> {
    if !(options.levels && options.table && empties >= LEVELS_FROM) {
        return None;
    }
    let threads = threads_for(options, empties);
    let (p, o, empty, bias) = walk.parts();
    let ([wins, losses, draws], [nodes, hits, decided]) = super::levels::count::<R>(p, o, empty, bias, threads, options.decided, super::levels::MAX_POSITIONS)?;
    let (black, white) = if to_move == Color::Black { (wins, losses) } else { (losses, wins) };
    Some(Report { black: Nat::from(black), white: Nat::from(white), draws: Nat::from(draws), nodes, hits, decided })
}

/// Counts from this many empty cells go by levels ([`super::levels`]) where built.
#[cfg(feature = "levels")]
pub const LEVELS_FROM: usize = 12;

/// Without the `wide` feature (the judges' bundles), boards beyond 8×8 are counted on the
/// general board.
#[cfg(not(feature = "wide"))]
fn on_wide<R: Rules>(_: &Board, _: &Analysis, _: usize, _: Color, _: &Options) -> Option<Report> {
    None
}

/// Without the `threads` feature (the judges' bundles), every count runs on one thread.
#[cfg(not(feature = "threads"))]
fn on_threads<W: Walk, C: Count>(_: &W, _: usize, _: usize, _: bool, _: usize) -> Option<(Outcomes<C>, [u64; 3])> {
    None
}
