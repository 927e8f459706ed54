//! Counting by levels: the outcome count of a 64-bit board breadth first, for the large
//! counts (12 to 20 empty cells) of cargo builds. The positions that some sequence
//! reaches with `k` empty cells form a level, each kept once with the number of sequences
//! that reach it (its paths). At the last level ([`last::CELLS`] empty cells) each
//! position's outcomes, times its paths, add to the count.
//!
//! A level groups its positions by their empty cells, and the next level is made a group
//! at a time from the groups of its parents, merged in a small hash table that stays in
//! the processor's cache: every repeated position is found, which a depth-first table
//! that waits on memory cannot afford. Where the next level would not fit in memory, each
//! position of the last one that fit is counted depth first ([`Counter`]).
//!
//! Positions merge by a key that drops what no remaining move reads ([`Keys`]). An entry
//! is that key and the paths (bits 0-61: at most 20! < 2^62), bit 63 set once the winner
//! is known (bit 62: the root's player to move wins every sequence). The opponent's
//! discs are the cells of the board that are neither the player's nor empty.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::super::core::bitboard::{lowest, BitRules, Bits, RAYS};
use super::super::core::memory::STACK;
use super::super::core::position::{Position, Turn};
use super::super::core::table::prefetch;
use super::bits::{decided, BitWalk};
use super::last::{self, Four};
use super::outcomes::{Outcomes, DEEPEST};
use super::table_entries;
use super::walk::{Counter, DECIDE_FROM};

/// Each thread keeps the entries of a level it makes in chunks of at least this many
/// (1 MB), so that a level takes what it holds and never copies itself to grow.
const CHUNK: usize = 1 << 16;

/// What each thread's merge table and last-cell cache may take beside the levels.
pub const WORKING_BYTES: usize = 8 << 20;

/// The winner of every sequence below the position is known.
const KNOWN: u64 = 1 << 63;
/// With [`KNOWN`]: the root's player to move wins them.
const ROOT_WINS: u64 = 1 << 62;
/// The bits of an entry's paths.
const PATHS: u64 = ROOT_WINS - 1;

/// A position of a level (see the module header): two words, in order ([`words`]).
#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct Entry {
    key: u64,
    paths: u64,
}

/// The words of `entries`, two per entry: its key, then its paths.
#[inline]
fn words(entries: &[Entry]) -> &[u64] {
    // SAFETY: an `Entry` is two `u64` in order with no padding (`repr(C)`), so the entries'
    // memory is that of twice as many `u64`, borrowed as long as they are.
    unsafe { std::slice::from_raw_parts(entries.as_ptr() as *const u64, 2 * entries.len()) }
}

/// Two entries' paths as one: the sums of their paths, the known winner of either.
#[inline]
fn merged(a: u64, b: u64) -> u64 {
    ((a & PATHS) + (b & PATHS)) | ((a | b) & !PATHS)
}

/// The lowest cell of a set of empty cells, whose bit in a key marks the root's opponent
/// to move.
#[inline]
fn marker(empty: u64) -> u64 {
    empty & empty.wrapping_neg()
}

/// Where a group's entries are: the chunk that holds them, their start and their number.
#[derive(Clone, Copy, Debug)]
struct Span {
    chunk: usize,
    start: usize,
    len: usize,
}

/// A level: where each group's entries are, and the chunks that hold them.
struct Level {
    groups: HashMap<u64, Span>,
    chunks: Vec<Vec<Entry>>,
}

impl Level {
    /// The entries of the group whose empty cells are `empty` (none if no position has
    /// them).
    fn group(&self, empty: u64) -> &[Entry] {
        self.groups.get(&empty).map_or(&[], |s| &self.chunks[s.chunk][s.start..s.start + s.len])
    }

    /// The bytes its entries take.
    fn bytes(&self) -> usize {
        self.chunks.iter().map(|c| c.capacity() * std::mem::size_of::<Entry>()).sum()
    }

    /// The sets of empty cells of the next level's groups: each of this level's sets less
    /// one cell, in increasing order.
    fn next_groups(&self) -> Vec<u64> {
        let mut next: Vec<u64> = self.groups.keys().flat_map(|&e| Bits(e).map(move |sq| e & !(1u64 << sq))).collect();
        next.sort_unstable();
        next.dedup();
        next
    }
}

/// What is fixed through a count: the cells of the board, the root's empty cells, and
/// whether winners are looked for.
#[derive(Clone, Copy)]
struct Root {
    area: u64,
    empty: u64,
    decide: bool,
}

/// One thread's merge table and counts: open addressing over a power of two of slots, at
/// most half of them used.
struct Worker {
    slots: Vec<Entry>,
    used: Vec<usize>,
    shift: u32,
    /// The slots a group has needed.
    fit: usize,
    /// The outcomes of the root's player to move so far.
    total: Outcomes,
    /// The last level's counts, by neighbourhood where that pays (made for the last level).
    last: Option<last::Cache>,
    /// Whether the merge table could not have the memory it needed: the group's merge is
    /// then incomplete, and the count gives up.
    short: bool,
}

/// No key is this: a key leaves at least one of its group's empty cells clear.
const FREE: u64 = !0;

/// A group's merge table starts with at most this many slots (256 KB), and doubles where
/// it would be more than half full: a table that stays in the processor's cache.
const FIRST_SLOTS: usize = 1 << 14;

/// Children are merged this many at a time, their slots fetched first, so that the
/// fetches overlap.
const BATCH: usize = 32;

impl Worker {
    fn new() -> Worker {
        Worker {
            slots: Vec::new(),
            used: Vec::new(),
            shift: 64,
            fit: FIRST_SLOTS,
            total: Outcomes::default(),
            last: None,
            short: false,
        }
    }

    /// Readies the table for a group of at most `bound` positions: as many slots as the
    /// last group grew to, or fewer where the group has fewer positions.
    fn ready(&mut self, bound: usize) {
        let slots = (bound + bound / 4 + 1).next_power_of_two().clamp(16, self.fit);
        self.short |= !self.size(slots);
    }

    /// Uses `slots` slots, and makes them if there are fewer; where the memory is not
    /// there, keeps those it has and returns `false`.
    fn size(&mut self, slots: usize) -> bool {
        if self.slots.len() < slots {
            if self.slots.try_reserve_exact(slots - self.slots.len()).is_err() {
                return false;
            }
            self.slots.resize(slots, Entry { key: FREE, paths: 0 });
        }
        self.shift = 64 - slots.trailing_zeros();
        true
    }

    /// Twice as many slots, with the group's positions moved to theirs.
    fn grow(&mut self) {
        let entries = self.drain();
        let slots = 2 << (64 - self.shift);
        if !self.size(slots) {
            self.short = true;
            return;
        }
        self.fit = self.fit.max(slots);
        for e in entries {
            let home = self.home(e.key);
            self.add(e.key, e.paths, home);
        }
    }

    /// The slot where the search for `key` starts.
    #[inline]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize
    }

    /// Adds `paths` to the position `key` of the group, whose search starts at `i`.
    #[inline]
    fn add(&mut self, key: u64, paths: u64, mut i: usize) {
        let mask = (1usize << (64 - self.shift)) - 1;
        loop {
            let slot = &mut self.slots[i];
            if slot.key == key {
                slot.paths = merged(slot.paths, paths);
                return;
            }
            if slot.key == FREE {
                *slot = Entry { key, paths };
                self.used.push(i);
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds the children in `batch` (key, paths, home slot), first doubling the slots if
    /// they could be more than half full.
    #[inline]
    fn add_batch(&mut self, batch: &mut [(u64, u64, usize)]) {
        if 2 * (self.used.len() + batch.len()) > 1 << (64 - self.shift) && !self.short {
            self.grow();
            batch.iter_mut().for_each(|b| b.2 = self.home(b.0));
        }
        if self.short {
            return;
        }
        for &(key, paths, i) in batch.iter() {
            self.add(key, paths, i);
        }
    }

    /// The group's positions, in the order they came, and the table emptied.
    fn drain(&mut self) -> Vec<Entry> {
        let mut out = Vec::with_capacity(self.used.len());
        for &i in &self.used {
            out.push(self.slots[i]);
            self.slots[i].key = FREE;
        }
        self.used.clear();
        out
    }

    /// Merges the children of the group `empty` (one more empty cell each) from `level`,
    /// by their keys (`keys`, the group's).
    fn children<R: BitRules>(&mut self, c: &Root, level: &Level, empty: u64, keys: &Keys) {
        let parents: Vec<(u32, &[Entry])> = Bits(c.empty & !empty)
            .map(|sq| (sq, level.group(empty | 1u64 << sq)))
            .filter(|g| !g.1.is_empty())
            .collect();
        self.ready(parents.iter().map(|g| g.1.len()).sum());
        if self.short {
            return;
        }
        let mut batch = [(0u64, 0u64, 0usize); BATCH];
        let mut n = 0;
        for (sq, group) in parents {
            let set = empty | 1u64 << sq;
            let (theirs_bit, discs) = (marker(set), c.area & !set);
            last::children::<R, _>(words(group), set, discs, sq, |i, child| {
                let e = &group[i];
                // The opponent moves next: the marker flips.
                let key = keys.key(child, e.key & theirs_bit == 0, e.paths);
                let slot = self.home(key);
                prefetch(&self.slots[slot]);
                batch[n] = (key, e.paths, slot);
                n += 1;
                if n == BATCH {
                    self.add_batch(&mut batch);
                    n = 0;
                }
            });
        }
        self.add_batch(&mut batch[..n]);
    }

    /// Adds `paths` times `outcomes` (of the player to move; `theirs`: the root's
    /// opponent) to the total.
    #[inline]
    fn credit(&mut self, outcomes: Outcomes, paths: u64, theirs: bool) {
        let t = if theirs { outcomes.for_opponent() } else { outcomes };
        self.total += &t.times(paths);
    }

    /// Settles the positions merged for the group `empty` (keys `keys`) into entries of a
    /// level: a player without a move passes (the key is then the opponent's), a game that
    /// has ended is counted, and from [`DECIDE_FROM`] empty cells a position whose winner
    /// is known is marked (and keyed so).
    fn settle<R: BitRules>(&mut self, c: &Root, empty: u64, keys: &Keys) -> Vec<Entry> {
        let mut out = self.drain();
        let cells = empty.count_ones() as usize;
        out.retain_mut(|e| {
            let mut theirs = e.key & keys.theirs != 0;
            let p = e.key & !empty;
            let mut pos = Position { player: p, opponent: c.area & !empty & !p };
            match pos.turn::<R>(empty) {
                Turn::Play(_) => {}
                Turn::Pass => {
                    pos = pos.passed();
                    theirs = !theirs;
                    e.key = keys.key(pos.player, theirs, e.paths);
                }
                Turn::Over => {
                    let paths = e.paths & PATHS;
                    match (e.paths & KNOWN != 0, e.paths & ROOT_WINS != 0) {
                        (true, wins) => self.credit(Outcomes::all(wins, 1), paths, false),
                        (false, _) => self.credit(Outcomes::leaf(pos.margin()), paths, theirs),
                    }
                    return false;
                }
            }
            if c.decide && cells >= DECIDE_FROM && e.paths & KNOWN == 0 {
                if let Some(wins) = decided::<R>(pos.player, pos.opponent, empty) {
                    e.paths |= KNOWN | if wins != theirs { ROOT_WINS } else { 0 };
                    e.key = keys.key(pos.player, theirs, e.paths);
                }
            }
            true
        });
        out
    }

    /// Counts the merged positions of the group `empty`, one of the last level, whose keys
    /// are `last`'s.
    fn finish<R: BitRules>(&mut self, c: &Root, empty: u64, keys: &Keys) {
        let entries = self.drain();
        let mut open = Vec::with_capacity(entries.len());
        let mut paths = Vec::with_capacity(entries.len());
        for e in entries {
            let p = e.key & !empty;
            if e.key & keys.known != 0 {
                // The rest of the discs are the opponent's as far as the moves read them.
                let n = last::sequences::<R>(p, c.area & keys.near & !empty & !p, empty);
                self.credit(Outcomes::all(e.key & keys.wins != 0, n), e.paths & PATHS, false);
            } else {
                let theirs = e.key & keys.theirs != 0;
                let o = c.area & !empty & !p;
                open.push(Four { p, o, margin: p.count_ones() as i32 - o.count_ones() as i32 });
                paths.push((e.paths & PATHS, theirs));
            }
        }
        let mut cache = self.last.take().unwrap_or_default();
        let mut hits = 0;
        cache.outcomes::<R, _>(empty, &open, &mut hits, |i, outcomes| self.credit(outcomes, paths[i].0, paths[i].1));
        self.last = Some(cache);
    }
}

/// The keys of a group's positions. Only the discs on the rays of its empty cells (`near`)
/// take part in the moves that remain, so positions that differ elsewhere only have the
/// same outcomes where their margins are the same, and the same sequences anyway. A key is
/// the player's discs on the rays, the rest of their discs moved to the lowest cells
/// elsewhere, and a mark where the root's opponent is to move (`theirs`); or, where the
/// winner is known, the player's discs on the rays alone, a mark for that (`known`) and
/// one where the root's player wins (`wins`). The marks are the group's three lowest
/// empty cells.
struct Keys {
    near: u64,
    elsewhere: u64,
    theirs: u64,
    known: u64,
    wins: u64,
}

impl Keys {
    fn new(area: u64, empty: u64) -> Keys {
        let near = Bits(empty).fold(0, |m, sq| RAYS[sq as usize].iter().fold(m, |r, ray| r | ray)) & !empty;
        let theirs = marker(empty);
        let known = marker(empty & !theirs);
        let wins = marker(empty & !theirs & !known);
        Keys { near, elsewhere: area & !near & !empty, theirs, known, wins }
    }

    /// The key of the position with discs `p` for the player to move (`theirs`: the
    /// root's opponent) and `paths` (their flags).
    #[inline]
    fn key(&self, p: u64, theirs: bool, paths: u64) -> u64 {
        let near = p & self.near;
        if paths & KNOWN != 0 {
            near | self.known | if paths & ROOT_WINS != 0 { self.wins } else { 0 }
        } else {
            near | lowest((p & self.elsewhere).count_ones(), self.elsewhere) | if theirs { self.theirs } else { 0 }
        }
    }
}

/// The outcomes of every sequence from the position with discs `p` for the player to
/// move, `o` for the opponent and the empty cells `empty`, counted by levels on `threads`
/// threads within `memory` bytes; with `decide`, positions whose winner is known count
/// only their sequences below. Where a level would not fit in `memory` beside the one it
/// is made from, the positions of the last level that fit are counted depth first. `None`
/// if the position has more than [`DEEPEST`] empty cells, or no more than the last
/// level's.
///
/// ```
/// use othello::core::bitboard::bit;
/// use othello::core::rules::Flanking;
/// use othello::count::levels::count;
/// // The 4×4 board `.... / .WBW / .BWB / ....` in the top left corner, white to move.
/// let area = 0x0f0f_0f0f;
/// let black = bit(1, 2) | bit(2, 1) | bit(2, 3);
/// let white = bit(1, 1) | bit(1, 3) | bit(2, 2);
/// let t = count::<Flanking>(white, black, area & !(black | white), 2, true, 1 << 24).unwrap();
/// assert_eq!((t.wins, t.losses, t.draws), (2494, 1813, 519)); // white wins, black wins, draws
/// // Within too little memory for the second level: the first one's positions depth first.
/// assert_eq!(count::<Flanking>(white, black, area & !(black | white), 2, true, 16 * 48), Some(t));
/// ```
pub fn count<R: BitRules>(p: u64, o: u64, empty: u64, threads: usize, decide: bool, memory: usize) -> Option<Outcomes> {
    let cells = empty.count_ones() as usize;
    if cells > DEEPEST || cells <= last::CELLS {
        return None;
    }
    let c = Root { area: p | o | empty, empty, decide };
    let mut root = Worker::new();
    root.ready(1);
    let keys = Keys::new(c.area, empty);
    let key = keys.key(p, false, 1);
    let home = root.home(key);
    root.add(key, 1, home);
    let entries = root.settle::<R>(&c, empty, &keys);
    let mut total = root.total;
    let mut groups = HashMap::new();
    groups.insert(empty, Span { chunk: 0, start: 0, len: entries.len() });
    let mut level = Level { groups, chunks: vec![entries] };
    let threads = threads.max(1);
    let working = WORKING_BYTES.saturating_mul(threads);
    for k in (last::CELLS..cells).rev() {
        let next = level.next_groups();
        let room = memory.saturating_sub(level.bytes() + working) / std::mem::size_of::<Entry>();
        match next_level::<R>(&c, &level, &next, k == last::CELLS, threads, room) {
            Some((made, t)) => {
                total += &t;
                level = made;
            }
            None => {
                total += &depth_first::<R>(&c, &level, k + 1, threads, memory.saturating_sub(level.bytes()));
                break;
            }
        }
    }
    Some(total)
}

/// The outcomes of the positions of `level` (`cells` empty cells each), each counted depth
/// first and credited times its paths, on `threads` threads whose tables take `memory`
/// bytes in all. A position whose winner is known counts its sequences only, in a table of
/// its own: its discs elsewhere than on the rays are gone from its key, so its counts must
/// not answer for other positions.
fn depth_first<R: BitRules>(c: &Root, level: &Level, cells: usize, threads: usize, memory: usize) -> Outcomes {
    let mut groups: Vec<u64> = level.groups.keys().cloned().collect();
    groups.sort_unstable();
    let (next, total) = (AtomicUsize::new(0), Mutex::new(Outcomes::default()));
    let (entries, memory) = (table_entries(cells), memory / threads / 2);
    let work = || {
        let mut w = Worker::new();
        let mut open = Counter::<BitWalk<R>, u64>::new(entries, memory).deciding(c.decide);
        let mut known = Counter::<BitWalk<R>, u64>::new(entries, memory);
        while let Some(&empty) = groups.get(next.fetch_add(1, Ordering::Relaxed)) {
            for e in level.group(empty) {
                let p = e.key & !empty;
                let mut walk = BitWalk::<R>::new(p, c.area & !empty & !p, empty);
                let paths = e.paths & PATHS;
                if e.paths & KNOWN != 0 {
                    let n = known.sequences(&mut walk, true);
                    w.credit(Outcomes::all(e.paths & ROOT_WINS != 0, n), paths, false);
                } else {
                    let theirs = e.key & marker(empty) != 0;
                    w.credit(open.count(&mut walk), paths, theirs);
                }
            }
        }
        *total.lock().unwrap_or_else(|e| e.into_inner()) += &w.total;
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            // A thread that cannot start only leaves more groups to the others.
            let _ = std::thread::Builder::new().stack_size(STACK).spawn_scoped(scope, work);
        }
        work();
    });
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// The level of the groups `next` made from `level` (`last`: counted instead of kept) on
/// `threads` threads, with the outcomes it added; `None` if it would hold more than `room`
/// positions, with its chunks, or a thread's merge table could not grow.
fn next_level<R: BitRules>(
    c: &Root,
    level: &Level,
    next: &[u64],
    last: bool,
    threads: usize,
    room: usize,
) -> Option<(Level, Outcomes)> {
    let (taken, kept, over) = (AtomicUsize::new(0), AtomicUsize::new(0), AtomicBool::new(false));
    let made = Mutex::new((Level { groups: HashMap::new(), chunks: Vec::new() }, Outcomes::default()));
    let work = || {
        let mut w = Worker::new();
        let (mut chunks, mut groups) = (Vec::<Vec<Entry>>::new(), Vec::new());
        loop {
            let i = taken.fetch_add(1, Ordering::Relaxed);
            if i >= next.len() || over.load(Ordering::Relaxed) {
                break;
            }
            let empty = next[i];
            let keys = Keys::new(c.area, empty);
            w.children::<R>(c, level, empty, &keys);
            if w.short {
                over.store(true, Ordering::Relaxed);
                break;
            }
            if last {
                w.finish::<R>(c, empty, &keys);
                continue;
            }
            let settled = w.settle::<R>(c, empty, &keys);
            let n = settled.len();
            if chunks.last().map_or(true, |chunk| chunk.capacity() - chunk.len() < n) {
                // A new chunk counts whole against the room.
                let size = n.max(CHUNK);
                let mut chunk = Vec::new();
                if kept.fetch_add(size, Ordering::Relaxed) + size > room || chunk.try_reserve_exact(size).is_err() {
                    over.store(true, Ordering::Relaxed);
                    break;
                }
                chunks.push(chunk);
            }
            let at = chunks.len() - 1;
            groups.push((empty, Span { chunk: at, start: chunks[at].len(), len: n }));
            chunks[at].extend_from_slice(&settled);
        }
        let mut made = made.lock().unwrap_or_else(|e| e.into_inner());
        let first = made.0.chunks.len();
        made.0.groups.extend(groups.into_iter().map(|(empty, s)| (empty, Span { chunk: first + s.chunk, ..s })));
        made.0.chunks.extend(chunks);
        made.1 += &w.total;
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            // A thread that cannot start only leaves more groups to the others.
            let _ = std::thread::Builder::new().stack_size(STACK).spawn_scoped(scope, work);
        }
        work();
    });
    if over.load(Ordering::Relaxed) {
        return None;
    }
    Some(made.into_inner().unwrap_or_else(|e| e.into_inner()))
}
