//! The solver's table of score bounds, which the threads of a solve share.
//!
//! Each slot holds a position (the two disc sets) and its entry, guarded by a sequence
//! number that is odd while a writer is in the slot (a seqlock): a reader that sees it odd,
//! or changed after reading, takes the slot for empty. A writer that finds a slot busy
//! leaves it. So no lock is ever waited for, and a read never returns an entry with
//! another position's key. Slots come in pairs; a new entry replaces the one of its pair
//! that holds the same position, else the one nearer the end of the game.

use std::sync::atomic::{fence, AtomicU64, Ordering};

use super::super::super::core::position::Position;
use super::Bounds;

/// One slot: the sequence number, the position and its packed entry (0: empty).
#[derive(Default)]
struct Slot {
    seq: AtomicU64,
    player: AtomicU64,
    opponent: AtomicU64,
    entry: AtomicU64,
}

/// Bytes per slot.
const SLOT_BYTES: usize = 32;

/// A table of [`Bounds`] by position that any number of threads read and write at once.
pub(super) struct Shared {
    slots: Vec<Slot>,
    mask: usize,
}

/// `b` and its weight (the empty squares of its position) as one word, never 0.
fn pack(b: Bounds, weight: u32) -> u64 {
    (b.level as u64) << 40
        | 1 << 32
        | (weight.min(255) as u64) << 24
        | (b.best as u64) << 16
        | (b.upper as u8 as u64) << 8
        | b.lower as u8 as u64
}

/// The bounds of a packed entry, and its weight.
fn unpack(e: u64) -> (Bounds, u32) {
    let b = Bounds { lower: e as u8 as i8, upper: (e >> 8) as u8 as i8, best: (e >> 16) as u8, level: (e >> 40) as u8 };
    (b, (e >> 24) as u8 as u32)
}

/// Where the pair of slots of a position starts, for a table of `mask + 1` slots.
fn home(pos: Position, mask: usize) -> usize {
    let h = (pos.player ^ pos.opponent.rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (h >> 32) as usize & mask & !1
}

impl Shared {
    /// A table of up to `entries` slots (a power of two, at least 2) within `budget`
    /// bytes; fewer where the memory cannot be had.
    pub(super) fn new(entries: usize, budget: usize) -> Shared {
        let mut n = entries.min(budget / SLOT_BYTES).max(2).next_power_of_two();
        if n * SLOT_BYTES > budget.max(2 * SLOT_BYTES) {
            n /= 2;
        }
        let mut slots = Vec::new();
        while slots.try_reserve_exact(n).is_err() && n > 2 {
            n /= 2;
        }
        slots.resize_with(n, Slot::default);
        Shared { slots, mask: n - 1 }
    }

    /// The bounds stored for `pos`, if any.
    #[inline]
    pub(super) fn get(&self, pos: Position) -> Option<Bounds> {
        let (p, o) = (pos.player, pos.opponent);
        let at = home(pos, self.mask);
        self.slots[at..at + 2].iter().find_map(|s| {
            let seq = s.seq.load(Ordering::Acquire);
            if seq & 1 == 1 {
                return None;
            }
            let (sp, so, e) =
                (s.player.load(Ordering::Relaxed), s.opponent.load(Ordering::Relaxed), s.entry.load(Ordering::Relaxed));
            fence(Ordering::Acquire);
            if s.seq.load(Ordering::Relaxed) != seq || e == 0 || sp != p || so != o {
                return None;
            }
            Some(unpack(e).0)
        })
    }

    /// Stores `b` for `pos`, a position with `weight` empty squares.
    #[inline]
    pub(super) fn put(&self, pos: Position, b: Bounds, weight: u32) {
        let (p, o) = (pos.player, pos.opponent);
        let at = home(pos, self.mask);
        let pair = &self.slots[at..at + 2];
        let same = |s: &Slot| s.player.load(Ordering::Relaxed) == p && s.opponent.load(Ordering::Relaxed) == o;
        let light = |s: &Slot| unpack(s.entry.load(Ordering::Relaxed)).1;
        let slot = if same(&pair[0]) {
            &pair[0]
        } else if same(&pair[1]) || light(&pair[1]) <= light(&pair[0]) {
            &pair[1]
        } else {
            &pair[0]
        };
        let seq = slot.seq.load(Ordering::Relaxed);
        if seq & 1 == 1 || slot.seq.compare_exchange(seq, seq + 1, Ordering::Acquire, Ordering::Relaxed).is_err() {
            return;
        }
        slot.player.store(p, Ordering::Relaxed);
        slot.opponent.store(o, Ordering::Relaxed);
        slot.entry.store(pack(b, weight), Ordering::Relaxed);
        slot.seq.store(seq + 2, Ordering::Release);
    }

    /// Asks the processor to fetch the pair of slots of `pos`.
    #[inline]
    pub(super) fn prefetch(&self, pos: Position) {
        super::super::super::core::table::prefetch(&self.slots[home(pos, self.mask)]);
    }

    /// Empties every slot.
    pub(super) fn clear(&mut self) {
        for s in self.slots.iter_mut() {
            *s.entry.get_mut() = 0;
            *s.player.get_mut() = 0;
            *s.opponent.get_mut() = 0;
        }
    }
}
