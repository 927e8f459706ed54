//! Perft: the number of move sequences of a given length from a position, the standard
//! check (and benchmark) of a move generator.
//!
//! Convention (that of `perft.txt` in the engine reference data): a pass is a ply, and a
//! game that ends before the target depth counts as one leaf. The last ply is counted,
//! not played: a position one ply from the target has as many leaves as legal moves (one
//! if it must pass or the game is over). A transposition table (`u64` counts per
//! position and depth, keyed by the position's canonical form under the eight
//! symmetries of the board, so mirror images share an entry) and a split of the work
//! over threads are optional.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::super::core::bitboard::Bits;
use super::super::core::memory;
use super::super::core::position::{Position, Turn};
use super::super::core::rules::Flanking;
use super::super::core::table::{mix, Footprint, Table, TableKey};
use super::symmetry::canonical;

/// The leaves `depth` plies below `pos`.
///
/// ```
/// use othello::core::position::Position;
/// use othello::engine::perft::perft;
/// assert_eq!(perft(Position::start(), 1), 4);
/// assert_eq!(perft(Position::start(), 5), 1396);
/// ```
pub fn perft(pos: Position, depth: u32) -> u64 {
    leaves(pos, depth, &mut None)
}

/// A position in canonical form and a depth: the key of a stored count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    p: u64,
    o: u64,
    depth: u32,
}

impl Footprint for Key {}

impl TableKey for Key {
    #[inline]
    fn hash64(&self) -> u64 {
        mix(self.p ^ mix(self.o ^ mix(self.depth as u64)))
    }
}

/// Depths below this are not stored: they are cheaper to count again.
const STORE_FROM: u32 = 4;

fn leaves(pos: Position, depth: u32, table: &mut Option<Table<Key, u64>>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = match pos.turn::<Flanking>(pos.empty()) {
        Turn::Play(moves) => moves,
        Turn::Pass => return leaves(pos.passed(), depth - 1, table),
        Turn::Over => return 1,
    };
    if depth == 1 {
        return moves.count_ones() as u64;
    }
    let mut key = None;
    if depth >= STORE_FROM {
        if let Some(t) = table.as_ref() {
            let (cp, co) = canonical(pos.player, pos.opponent);
            let k = Key { p: cp, o: co, depth };
            if let Some(&n) = t.get(&k) {
                return n;
            }
            key = Some(k);
        }
    }
    let mut total = 0;
    for sq in Bits(moves) {
        total += leaves(pos.play_square(sq), depth - 1, table);
    }
    if let (Some(k), Some(t)) = (key, table.as_mut()) {
        t.put(&k, total, depth);
    }
    total
}

/// [`perft`] with a transposition table of up to `entries` slots per thread (0: none)
/// within the memory budget ([`memory::budget`], shared by the threads), on `threads`
/// threads, or as many as fit ([`memory::threads`]; the positions 3 plies down are shared
/// out). A table grows only as far as
/// the count fills it.
pub fn perft_with(pos: Position, depth: u32, entries: usize, threads: usize) -> u64 {
    let threads = memory::threads(threads);
    let budget = memory::budget().unwrap_or(memory::DEFAULT) / threads;
    let table = || if entries > 0 { Some(Table::new(entries, budget)) } else { None };
    if threads <= 1 || depth < 5 {
        return leaves(pos, depth, &mut table());
    }
    // The positions `split` plies down; ends and passes before that are tasks too.
    let split = 3;
    let mut tasks = Vec::new();
    let mut stack = vec![(pos, 0u32)];
    while let Some((node, ply)) = stack.pop() {
        match node.turn::<Flanking>(node.empty()) {
            Turn::Play(moves) if ply < split => stack.extend(Bits(moves).map(|sq| (node.play_square(sq), ply + 1))),
            Turn::Pass if ply < split => stack.push((node.passed(), ply + 1)),
            _ => tasks.push((node, depth - ply)),
        }
    }
    let next = AtomicUsize::new(0);
    let total = Mutex::new(0u64);
    let work = || {
        let mut table = table();
        let mut sum = 0;
        while let Some(&(node, d)) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) {
            sum += leaves(node, d, &mut table);
        }
        *total.lock().unwrap_or_else(|e| e.into_inner()) += sum;
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            // A thread that cannot start only leaves more tasks to the others.
            let _ = std::thread::Builder::new().stack_size(memory::STACK).spawn_scoped(scope, work);
        }
        work();
    });
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}
