//! Counting by levels: the outcome count of a 64-bit board breadth first. The positions
//! that some sequence reaches with `k` empty cells form a level; each is kept once, with
//! the number of sequences from the root that reach it (its paths), and makes the next
//! level with its moves. At the last level ([`BitWalk`]'s last cells: four, counted in
//! lanes where the build targets AVX-512, else three) each position's outcomes, times
//! its paths, add to the count.
//!
//! The depth-first counter finds a repeated position only while its table holds it, and
//! a table that holds most of them waits on memory at each probe. A level instead groups
//! its positions by their empty cells, which a position of the next level shares with
//! each of its parents but for one cell: the next level is made a group at a time from
//! the groups of its parents, merged in a small hash table that stays in the processor's
//! cache, and every repeated position is found. The four-cell positions of a group are
//! then counted one after another, so the lanes' cache by neighbourhood finds theirs
//! too. The levels take memory instead, 16 bytes a position (the 18-empty bench count's
//! largest level keeps 12.8 million), so [`count`] gives up past a bound.
//!
//! Positions merge by their key, which drops what cannot matter any more: only the discs
//! on the rays of the group's empty cells take part in the moves that remain (see
//! `Keys`). Positions that differ elsewhere have the same sequences, and the same
//! outcomes where their margins are the same.
//!
//! A level is a list of groups, each a set of empty cells (a `u64`) and a run of
//! `Entry`s: a key (the discs of the player to move as `Keys` places them, and up to
//! three marks on the group's lowest empty cells) and the paths (bits 0-61; at most 20! <
//! 2^62 for the 20 empty cells [`count`] takes), with bit 63 set once the winner is
//! known (bit 62: the root's player to move then wins every sequence). The opponent's
//! discs are the cells of the board that are neither the player's nor empty.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::bit_walk::BitWalk;
use super::bitboard::{neighbours, Bits, RAYS};
use super::count::{tally, Walk, DECIDE_FROM};
use super::rules::Rules;
use super::table::prefetch_line;

/// The most empty cells [`count`] takes: their sequences number at most 20! < 2^62.
pub const MAX_EMPTIES: usize = 20;

/// The bound on a level's positions that the counter gives [`count`]: 2^24, 256 MB of
/// entries (the 18-empty bench count's largest level keeps 12.8 million). With the
/// level it is made from and the room its parts grow into, a count stays under 800 MB.
pub const MAX_POSITIONS: usize = 1 << 24;

/// The winner of every sequence below the position is known.
const KNOWN: u64 = 1 << 63;
/// With [`KNOWN`]: the root's player to move wins them.
const ROOT_WINS: u64 = 1 << 62;
/// The bits of an entry's paths.
const PATHS: u64 = ROOT_WINS - 1;

/// A position of a level (see the module header), laid out as two words (see [`words`]).
#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct Entry {
    key: u64,
    paths: u64,
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

/// A level: where each group's entries are (the part that holds them, their start and
/// number), and the parts, one per thread that made them.
struct Level {
    groups: HashMap<u64, (usize, usize, usize)>,
    parts: Vec<Vec<Entry>>,
}

impl Level {
    /// The entries of the group whose empty cells are `empty` (none if no position has
    /// them).
    fn group(&self, empty: u64) -> &[Entry] {
        match self.groups.get(&empty) {
            Some(&(part, start, len)) => &self.parts[part][start..start + len],
            None => &[],
        }
    }

    /// The sets of empty cells of the next level's groups: each of this level's sets
    /// less one cell, in increasing order.
    fn next_groups(&self) -> Vec<u64> {
        let mut next: Vec<u64> = self.groups.keys().flat_map(|&e| Bits(e).map(move |sq| e & !(1u64 << sq))).collect();
        next.sort_unstable();
        next.dedup();
        next
    }
}

/// What is fixed through a count: the cells on the board, the root's empty cells, the
/// root player's bias (see [`BitWalk::new`]), and whether winners are looked for.
#[derive(Clone, Copy)]
struct Root {
    area: u64,
    empty: u64,
    bias: i32,
    decide: bool,
}

impl Root {
    /// The bias of the player to move (`theirs`: the root's opponent).
    fn bias(&self, theirs: bool) -> i32 {
        if theirs {
            -self.bias
        } else {
            self.bias
        }
    }

    /// The margin of the player to move with discs `p` against `o`.
    fn margin(&self, p: u64, o: u64, theirs: bool) -> i32 {
        p.count_ones() as i32 - o.count_ones() as i32 + self.bias(theirs)
    }
}

/// One thread's merge table and counts: open addressing over a power of two of slots,
/// at most half of them used.
struct Worker {
    slots: Vec<Entry>,
    used: Vec<usize>,
    /// The positions of the last level to count, once their group is merged.
    open: Vec<Open>,
    shift: u32,
    /// The slots a group has needed.
    fit: usize,
    /// `[wins, losses, draws]` of the root's player to move so far.
    total: [u64; 3],
    /// `[nodes, hits, decided]` as in [`super::count::Report`].
    statistics: [u64; 3],
    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    cache: super::bitboard::lanes::cache::LocalCache,
}

/// A position of the last level whose winner is not known: its discs, margin, whether
/// the root's opponent is to move, and its paths.
#[derive(Clone, Copy)]
struct Open {
    p: u64,
    o: u64,
    margin: i32,
    theirs: bool,
    paths: u64,
}

/// The lanes' cache slots of the positions this many further on are fetched while one
/// is counted.
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
const AHEAD: usize = 4;

/// No key is this: a key leaves at least one of its group's empty cells clear.
const FREE: u64 = !0;

/// A group's merge table starts with at most this many slots (256 KB), and doubles
/// where it would be more than half full: a table that stays in the processor's cache
/// beside the lanes' caches.
const FIRST_SLOTS: usize = 1 << 14;

/// Children are merged this many at a time, their slots fetched first, so that the
/// fetches overlap.
const BATCH: usize = 32;

impl Worker {
    fn new() -> Worker {
        Worker {
            slots: Vec::new(),
            used: Vec::new(),
            open: Vec::new(),
            shift: 64,
            fit: FIRST_SLOTS,
            total: [0; 3],
            statistics: [0; 3],
            #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
            cache: super::bitboard::lanes::cache::LocalCache::new(),
        }
    }

    /// Readies the table for a group: as many slots as the last group grew to (at least
    /// [`FIRST_SLOTS`]), or fewer where the group has fewer than four fifths of that
    /// many possible positions (`bound`).
    fn ready(&mut self, bound: usize) {
        let slots = (bound + bound / 4 + 1).next_power_of_two().clamp(16, self.fit);
        self.size(slots);
    }

    /// Uses `slots` slots, and makes them if there are fewer.
    fn size(&mut self, slots: usize) {
        if self.slots.len() < slots {
            self.slots.resize(slots, Entry { key: FREE, paths: 0 });
        }
        self.shift = 64 - slots.trailing_zeros();
    }

    /// Twice as many slots, with the group's positions moved to theirs.
    fn grow(&mut self) {
        let entries = self.drain();
        let slots = 2 << (64 - self.shift);
        self.size(slots);
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
                self.statistics[1] += 1;
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
        if 2 * (self.used.len() + batch.len()) > 1 << (64 - self.shift) {
            self.grow();
            batch.iter_mut().for_each(|b| b.2 = self.home(b.0));
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
    fn children<R: Rules>(&mut self, c: &Root, level: &Level, empty: u64, keys: &Keys) {
        let parents: Vec<(u32, &[Entry])> = Bits(c.empty & !empty).map(|sq| (sq, level.group(empty | 1u64 << sq))).filter(|g| !g.1.is_empty()).collect();
        self.ready(parents.iter().map(|g| g.1.len()).sum());
        let mut batch = [(0u64, 0u64, 0usize); BATCH];
        let mut n = 0;
        for (sq, group) in parents {
            let set = empty | 1u64 << sq;
            let theirs_bit = marker(set);
            let discs = c.area & !set;
            for eight in group.chunks(8) {
                let (child, flips) = flips_of_eight::<R>(words(eight), set, discs, sq);
                for (i, e) in eight.iter().enumerate() {
                    if flips[i] == 0 {
                        continue;
                    }
                    // The opponent moves next: the marker flips.
                    let key = keys.key(child[i], e.key & theirs_bit == 0, e.paths);
                    let slot = self.home(key);
                    prefetch_line(&self.slots[slot] as *const Entry as *const i8);
                    batch[n] = (key, e.paths, slot);
                    n += 1;
                    if n == BATCH {
                        self.add_batch(&mut batch);
                        n = 0;
                    }
                }
            }
        }
        self.add_batch(&mut batch[..n]);
    }

    /// Adds `paths` times `outcomes` (of the player to move; `theirs`: the root's
    /// opponent) to the total.
    #[inline]
    fn credit(&mut self, outcomes: [u64; 3], paths: u64, theirs: bool) {
        let [w, l, d] = outcomes;
        let (w, l) = if theirs { (l, w) } else { (w, l) };
        self.total[0] += w * paths;
        self.total[1] += l * paths;
        self.total[2] += d * paths;
    }

    /// Settles the positions merged for the group `empty` (keys `keys`) into entries of a
    /// level: a player without a move passes (the key is then the opponent's), a game
    /// that has ended is counted, and from [`DECIDE_FROM`] empty cells a position whose
    /// winner is known is marked (and keyed so).
    fn settle<R: Rules>(&mut self, c: &Root, empty: u64, keys: &Keys) -> Vec<Entry> {
        let mut out = self.drain();
        self.statistics[0] += out.len() as u64;
        let cells = empty.count_ones() as usize;
        out.retain_mut(|e| {
            let mut theirs = e.key & keys.theirs != 0;
            let mut p = e.key & !empty;
            let mut o = c.area & !empty & !p;
            if R::bit_moves(p, o, empty) == 0 {
                if !(R::PASSES && R::bit_moves(o, p, empty) != 0) {
                    let paths = e.paths & PATHS;
                    if e.paths & KNOWN != 0 {
                        self.credit(if e.paths & ROOT_WINS != 0 { [1, 0, 0] } else { [0, 1, 0] }, paths, false);
                    } else {
                        self.credit(tally(c.margin(p, o, theirs)), paths, theirs);
                    }
                    return false;
                }
                std::mem::swap(&mut p, &mut o);
                theirs = !theirs;
                e.key = keys.key(p, theirs, e.paths);
            }
            if c.decide && cells >= DECIDE_FROM && e.paths & KNOWN == 0 {
                if let Some(wins) = BitWalk::<R>::new(p, o, empty, c.bias(theirs)).decided() {
                    self.statistics[2] += 1;
                    e.paths |= KNOWN | if wins != theirs { ROOT_WINS } else { 0 };
                    e.key = keys.key(p, theirs, e.paths);
                }
            }
            true
        });
        out
    }

    /// Counts the merged positions of the group `empty`, one of the last level, whose
    /// keys are `last`'s.
    fn finish<R: Rules>(&mut self, c: &Root, empty: u64, last: &Keys) {
        let entries = self.drain();
        self.statistics[0] += entries.len() as u64;
        let mut open = std::mem::take(&mut self.open);
        open.clear();
        for e in entries {
            let p = e.key & !empty;
            if e.key & last.known != 0 {
                let o = c.area & last.near & !empty & !p;
                let n = sequences::<R>(p, o, empty);
                let outcomes = if e.key & last.wins != 0 { [n, 0, 0] } else { [0, n, 0] };
                self.credit(outcomes, e.paths & PATHS, false);
            } else {
                let theirs = e.key & last.theirs != 0;
                let o = c.area & !empty & !p;
                open.push(Open { p, o, margin: c.margin(p, o, theirs), theirs, paths: e.paths & PATHS });
            }
        }
        self.outcomes::<R>(&open, empty);
        self.open = open;
    }

    /// Counts the outcomes of the positions `open` of the last level (empty cells
    /// `empty`), in the lanes through their cache where the build has them: the slots
    /// of the positions `AHEAD` further on are fetched meanwhile (the probes had
    /// waited on memory: a fifth of the 16-empty count's time).
    fn outcomes<R: Rules>(&mut self, open: &[Open], empty: u64) {
        #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
        {
            if R::PASSES && R::BIT_LAST_CELLS == 4 && empty.count_ones() == 4 {
                use super::bitboard::lanes::cache::{cached_count, Four, Spot};
                let four = Four::new(empty);
                let mut spots = [Spot::default(); AHEAD];
                for (i, x) in open.iter().enumerate().take(AHEAD) {
                    spots[i] = self.cache.locate_in(&four, x.p, x.o);
                    self.cache.fetch(&spots[i]);
                }
                for (i, x) in open.iter().enumerate() {
                    let spot = spots[i % AHEAD];
                    if let Some(y) = open.get(i + AHEAD) {
                        spots[i % AHEAD] = self.cache.locate_in(&four, y.p, y.o);
                        self.cache.fetch(&spots[i % AHEAD]);
                    }
                    // SAFETY: the build targets the three features (`cfg`); four empty cells.
                    let counted = unsafe { cached_count(&mut self.cache, &spot, x.p, x.o, x.margin, &mut self.statistics[1]) };
                    let outcomes = counted.unwrap_or_else(|| self.after_pass::<R>(x.p, x.o, empty, x.margin));
                    self.credit(outcomes, x.paths, x.theirs);
                }
                return;
            }
        }
        for x in open {
            let outcomes = match self.last_cells::<R>(x.p, x.o, empty, x.margin) {
                Some(t) => t,
                None => self.after_pass::<R>(x.p, x.o, empty, x.margin),
            };
            self.credit(outcomes, x.paths, x.theirs);
        }
    }

    /// The outcomes of a position of the last level whose player to move (discs `p`,
    /// margin `margin`) has no move: the opponent's, or the finished game's.
    fn after_pass<R: Rules>(&mut self, p: u64, o: u64, empty: u64, margin: i32) -> [u64; 3] {
        if R::PASSES {
            if let Some([w, l, d]) = self.last_cells::<R>(o, p, empty, -margin) {
                return [l, w, d];
            }
        }
        tally(margin)
    }

    /// [`Walk::near_end`] of the 64-bit walk (`None`: the player to move has no move), or
    /// through the lanes' cache by neighbourhood where it is built.
    #[inline]
    fn last_cells<R: Rules>(&mut self, p: u64, o: u64, empty: u64, margin: i32) -> Option<[u64; 3]> {
        #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
        {
            if R::PASSES && R::BIT_LAST_CELLS == 4 && empty.count_ones() == 4 {
                // SAFETY: the build targets the three features (`cfg`); four empty cells.
                return unsafe { super::bitboard::lanes::cache::cached_last_four(&mut self.cache, p, o, empty, margin, &mut self.statistics[1]) };
            }
        }
        let bias = margin - (p.count_ones() as i32 - o.count_ones() as i32);
        BitWalk::<R>::new(p, o, empty, bias).near_end()
    }

}

/// A move on `sq` in up to eight positions, whose keys are every other word of `words`
/// ([`words`] of their entries; the discs of the player to move but for the cells of
/// `set`), against the other discs of `discs`: per position the child's discs of its
/// player to move and the flips (0 where the move is illegal). Side by side in a vector
/// under the standard rules where the build has the lanes (the 16- and 18-empty bench
/// counts 1.03× and 1.05× faster in CPU time), else one by one. Both rule sets move only
/// next to an opponent's disc.
#[inline]
fn flips_of_eight<R: Rules>(words: &[u64], set: u64, discs: u64, sq: u32) -> ([u64; 8], [u64; 8]) {
    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    {
        // The standard rules, whose last four cells the lanes count.
        if R::PASSES && R::BIT_LAST_CELLS == 4 {
            // SAFETY: the build targets the three features (`cfg`).
            return unsafe { super::bitboard::lanes::flips_of_eight(words, set, discs, sq) };
        }
    }
    let next_to = neighbours(1u64 << sq);
    let (mut children, mut flips) = ([0u64; 8], [0u64; 8]);
    for (i, pair) in words.chunks(2).take(8).enumerate() {
        let p = pair[0] & !set;
        let o = discs & !p;
        if o & next_to != 0 {
            flips[i] = R::bit_flips(p, o, sq);
            children[i] = o ^ flips[i];
        }
    }
    (children, flips)
}

/// The words of `entries`, two per entry: its key, then its paths.
#[inline]
fn words(entries: &[Entry]) -> &[u64] {
    // SAFETY: an `Entry` is two `u64` in order with no padding (`repr(C)`), so the
    // entries' memory is that of twice as many `u64`, borrowed as long as they are.
    unsafe { std::slice::from_raw_parts(entries.as_ptr() as *const u64, 2 * entries.len()) }
}

/// The sequences from a position of the last level: its player's, or after a pass the
/// opponent's, or the finished game's one.
fn sequences<R: Rules>(p: u64, o: u64, empty: u64) -> u64 {
    if let Some(n) = BitWalk::<R>::new(p, o, empty, 0).near_end_sequences() {
        return n;
    }
    if R::PASSES {
        if let Some(n) = BitWalk::<R>::new(o, p, empty, 0).near_end_sequences() {
            return n;
        }
    }
    1
}

/// The keys of a group's positions. Only the discs on the rays of its empty cells
/// (`near`) take part in the moves that remain, so positions that differ elsewhere only
/// have the same outcomes where their margins are the same, and the same sequences
/// anyway. A key is the player's discs on the rays, the rest of their discs moved to the
/// lowest cells elsewhere, and a mark where the root's opponent is to move (`theirs`);
/// or, where the winner is known, the player's discs on the rays alone, a mark for that
/// (`known`) and one where the root's player wins (`wins`). The marks are the group's
/// three lowest empty cells.
struct Keys {
    near: u64,
    elsewhere: u64,
    theirs: u64,
    known: u64,
    wins: u64,
}

impl Keys {
    fn new(area: u64, empty: u64) -> Keys {
        let near = Bits(empty).fold(0, |m, sq| m | RAYS[sq as usize].iter().fold(0, |r, ray| r | ray)) & !empty;
        let theirs = marker(empty);
        let known = marker(empty & !theirs);
        let wins = marker(empty & !theirs & !known);
        Keys { near, elsewhere: area & !near & !empty, theirs, known, wins }
    }

    /// The key of the position with discs `p` for the player to move (`theirs`: the root's
    /// opponent) and `paths` (their flags).
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

/// The lowest `n` set bits of `mask`.
#[inline]
fn lowest(n: u32, mask: u64) -> u64 {
    #[cfg(all(feature = "pext", target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the build targets BMI2 (`cfg`).
        return unsafe { std::arch::x86_64::_pdep_u64(((1u128 << n) - 1) as u64, mask) };
    }
    #[cfg(not(all(feature = "pext", target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let mut rest = mask;
        for _ in 0..n {
            rest &= rest - 1;
        }
        mask ^ rest
    }
}

/// The outcomes `[wins, losses, draws]` of every sequence from the position with discs
/// `p` for the player to move, `o` for the opponent, empty cells `empty` and `bias` (as
/// [`BitWalk::new`]), counted by levels on `threads` threads, with the statistics
/// `[nodes, hits, decided]`; with `decide`, positions whose winner is known count only
/// their sequences below. `None` if the position has more than [`MAX_EMPTIES`] empty
/// cells, or no more than the last level's, or if a level would keep more than
/// `max_positions` positions (the caller then counts depth first).
///
/// ```
/// use othello::bitboard::bit;
/// use othello::rules::Flanking;
/// // The 4×4 board `.... / .WBW / .BWB / ....` in the top left corner, white to move.
/// let area = 0x0f0f_0f0f;
/// let black = bit(1, 2) | bit(2, 1) | bit(2, 3);
/// let white = bit(1, 1) | bit(1, 3) | bit(2, 2);
/// let empty = area & !(black | white);
/// let (counts, _) = othello::levels::count::<Flanking>(white, black, empty, 0, 2, true, 1 << 20).unwrap();
/// assert_eq!(counts, [2494, 1813, 519]); // white wins, black wins, draws
/// ```
pub fn count<R: Rules>(p: u64, o: u64, empty: u64, bias: i32, threads: usize, decide: bool, max_positions: usize) -> Option<([u64; 3], [u64; 3])> {
    let cells = empty.count_ones() as usize;
    let last = BitWalk::<R>::STORE_FROM - 1;
    if cells > MAX_EMPTIES || cells <= last {
        return None;
    }
    let c = Root { area: p | o | empty, empty, bias, decide };
    let mut root = Worker::new();
    root.ready(1);
    let keys = Keys::new(c.area, empty);
    let key = keys.key(p, false, 1);
    let home = root.home(key);
    root.add(key, 1, home);
    let entries = root.settle::<R>(&c, empty, &keys);
    let mut total = root.total;
    let mut statistics = root.statistics;
    let mut groups = HashMap::new();
    groups.insert(empty, (0, 0, entries.len()));
    let mut level = Level { groups, parts: vec![entries] };
    for k in (last..cells).rev() {
        let next = level.next_groups();
        let (made, t, s) = next_level::<R>(&c, &level, &next, k == last, threads.max(1), max_positions)?;
        add(&mut total, t);
        add(&mut statistics, s);
        level = made;
    }
    Some((total, statistics))
}

/// The level of the groups `next` made from `level` (`last`: counted instead of kept) on
/// `threads` threads, with the outcomes and statistics it added; `None` past
/// `max_positions`.
fn next_level<R: Rules>(c: &Root, level: &Level, next: &[u64], last: bool, threads: usize, max_positions: usize) -> Option<(Level, [u64; 3], [u64; 3])> {
    let taken = AtomicUsize::new(0);
    let kept = AtomicUsize::new(0);
    let over = AtomicBool::new(false);
    let results = Mutex::new(Vec::new());
    let work = |part: usize| {
        let mut w = Worker::new();
        let mut entries = Vec::new();
        let mut groups = Vec::new();
        loop {
            let i = taken.fetch_add(1, Ordering::Relaxed);
            if i >= next.len() || over.load(Ordering::Relaxed) {
                break;
            }
            let empty = next[i];
            let keys = Keys::new(c.area, empty);
            w.children::<R>(c, level, empty, &keys);
            if last {
                w.finish::<R>(c, empty, &keys);
                continue;
            }
            let settled = w.settle::<R>(c, empty, &keys);
            if kept.fetch_add(settled.len(), Ordering::Relaxed) + settled.len() > max_positions {
                over.store(true, Ordering::Relaxed);
                break;
            }
            groups.push((empty, (part, entries.len(), settled.len())));
            entries.extend_from_slice(&settled);
        }
        // The room the part grew into goes back before the next level is made.
        entries.shrink_to_fit();
        results.lock().unwrap_or_else(|e| e.into_inner()).push((part, entries, groups, w.total, w.statistics));
    };
    std::thread::scope(|scope| {
        let work = &work;
        for part in 1..threads {
            scope.spawn(move || work(part));
        }
        work(0);
    });
    if over.load(Ordering::Relaxed) {
        return None;
    }
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|r| r.0);
    let (mut total, mut statistics) = ([0u64; 3], [0u64; 3]);
    let mut made = Level { groups: HashMap::new(), parts: Vec::new() };
    for (_, entries, groups, t, s) in results {
        add(&mut total, t);
        add(&mut statistics, s);
        made.groups.extend(groups);
        made.parts.push(entries);
    }
    Some((made, total, statistics))
}

/// Adds `b` to `a`, element by element.
fn add(a: &mut [u64; 3], b: [u64; 3]) {
    a.iter_mut().zip(b.iter()).for_each(|(x, y)| *x += y);
}
