//! Counting on several threads: the positions a few plies below the root are the tasks
//! (the fewest plies, from two, that give [`TASKS_PER_THREAD`] per thread), taken one
//! at a time by each thread's [`Counter`], and the counters share one compact table, so
//! that a position one thread has counted is free to the others: a lock-free
//! [`SharedTable`] for walks with two-word keys (the 64-bit boards), a [`LockedTable`]
//! of [`Table`]s behind locks for the others (the general board).
//!
//! Only cargo builds count on threads (the `threads` feature, on by default): the
//! judges' single-file bundles leave this module out and count on one thread, as judges
//! measure the time of every thread and some forbid starting them.

use std::sync::atomic::{fence, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

use super::count::{Count, Counter, Outcomes, Store, Walk, COMPACT_UP_TO, DECIDE_FROM};
use super::table::{huge_pages, prefetch_line, slots_for, weight_byte, Table, TableKey};

/// The root is split into at least this many tasks per thread where the first
/// [`MAX_SPLIT`] plies allow: with fewer, one thread may be left with a large last task
/// while the others wait (the 18-empty count's 8 tasks two plies down kept the second
/// core idle 13% of the time).
pub const TASKS_PER_THREAD: usize = 32;

/// The deepest split of the root into tasks, in plies.
pub const MAX_SPLIT: usize = 6;

/// Counts the outcomes below `walk` on `threads` threads (with `stack` bytes of stack
/// each; the calling thread works too), and returns them with the counters' statistics
/// summed (see [`Counter::statistics`]). With tables (`entries` slots in all), the
/// threads share the compact one (tables of their own would each miss what the other
/// threads found): a [`SharedTable`] where the keys are two words, else a
/// [`LockedTable`]. The few positions with more than [`COMPACT_UP_TO`] empty cells go to
/// a table per thread, so a walk with a table and more empty cells than that whose keys
/// are longer (Dumbothello's long lines, where such positions are most of the count:
/// 1.8 times the positions on two threads, for no time saved) gets `None`: it is better
/// counted on one thread. With `decide`, positions whose winner is known count their
/// sequences only; the root is checked here, as the tasks below it may have too few
/// empty cells to be (see [`Walk::decided`]).
pub fn count<W: Walk, C: Count>(walk: &W, threads: usize, entries: usize, decide: bool, stack: usize) -> Option<(Outcomes<C>, [u64; 3])> {
    let two_words = W::words(&walk.key()).is_some();
    if entries > 0 && !two_words && walk.empties() > COMPACT_UP_TO {
        return None;
    }
    let tasks = tasks(walk, threads);
    let winner = if decide && walk.empties() >= DECIDE_FROM { walk.decided() } else { None };
    let wide = entries / 4 / threads;
    let (outcomes, mut statistics) = if entries == 0 {
        work(walk, &tasks, winner, threads, stack, || Counter::<W, C>::new(0, decide))
    } else if two_words {
        let table = SharedTable::new(entries);
        let table = &table;
        work(walk, &tasks, winner, threads, stack, || Counter::<W, C, &SharedTable>::with_store(Some(table), wide, decide))
    } else {
        let table = LockedTable::new(entries);
        let table = &table;
        work(walk, &tasks, winner, threads, stack, || Counter::<W, C, &LockedTable<W::Key>>::with_store(Some(table), wide, decide))
    };
    statistics[2] += winner.is_some() as u64;
    Some((outcomes, statistics))
}

/// A task: the moves from the root to a position, and whether its player to move is the
/// opponent of the root's. Tasks are paths, not copies of positions: a copy of the
/// general board is as large as the board (a 1500×1500 board with ten empty cells took
/// 1 GB in a hundred copies), and each thread replays the paths on a copy of its own.
type Task<W> = (Vec<<W as Walk>::Move>, bool);

/// The tasks for `threads` threads: the positions the fewest plies below `walk`, from 2
/// to [`MAX_SPLIT`], that number at least [`TASKS_PER_THREAD`] per thread (see
/// [`split`]).
fn tasks<W: Walk>(walk: &W, threads: usize) -> Vec<Task<W>> {
    let mut walk = walk.clone();
    let mut tasks = Vec::new();
    for plies in 2..=MAX_SPLIT {
        tasks.clear();
        split(&mut walk, plies, false, &mut Vec::new(), &mut tasks);
        if tasks.len() >= TASKS_PER_THREAD * threads {
            break;
        }
    }
    tasks
}

/// The positions `plies` plies below `walk`, or fewer where the game ends or a player
/// must pass first (such a position is one task), as paths continuing `path`. `walk` is
/// left as it was.
fn split<W: Walk>(walk: &mut W, plies: usize, opponent: bool, path: &mut Vec<W::Move>, tasks: &mut Vec<Task<W>>) {
    if plies == 0 || walk.near_end().is_some() {
        tasks.push((path.clone(), opponent));
        return;
    }
    let moves: Vec<W::Move> = walk.moves().collect();
    if moves.is_empty() {
        tasks.push((path.clone(), opponent));
        return;
    }
    for m in moves {
        let undo = walk.play(m);
        path.push(m);
        split(walk, plies - 1, !opponent, path, tasks);
        path.pop();
        walk.undo(m, undo);
    }
}

/// The outcomes of the position at the end of `path` from `walk`, for its own player to
/// move, counted by `counter` (`winner`: as [`Counter::count_known`]); `walk` is left as
/// it was.
fn count_task<W: Walk, C: Count, S: Store<W>>(counter: &mut Counter<W, C, S>, walk: &mut W, path: &[W::Move], winner: Option<bool>) -> Outcomes<C> {
    let undos: Vec<W::Undo> = path.iter().map(|&m| walk.play(m)).collect();
    let outcomes = counter.count_known(walk, winner);
    for (&m, undo) in path.iter().zip(undos).rev() {
        walk.undo(m, undo);
    }
    outcomes
}

/// Counts `tasks` below `walk` on the calling thread and `threads - 1` more, each with a
/// counter made by `counter` and a copy of `walk`; `winner`, if known, is the root's
/// (for its player to move). A thread that cannot be started only leaves more tasks to
/// the others.
fn work<W: Walk, C: Count, S: Store<W>, F: Fn() -> Counter<W, C, S> + Sync>(
    walk: &W,
    tasks: &[Task<W>],
    winner: Option<bool>,
    threads: usize,
    stack: usize,
    counter: F,
) -> (Outcomes<C>, [u64; 3]) {
    let next = AtomicUsize::new(0);
    let total = Mutex::new((Outcomes::<C>::default(), [0u64; 3]));
    let worker = || {
        let mut counter = counter();
        let mut walk = walk.clone();
        let mut mine = Outcomes::<C>::default();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= tasks.len() {
                break;
            }
            let (ref path, opponent) = tasks[i];
            let o = count_task(&mut counter, &mut walk, path, winner.map(|wins| wins != opponent));
            if opponent {
                mine.add_opponent(&o);
            } else {
                mine.add(&o);
            }
        }
        let mut t = total.lock().unwrap_or_else(|e| e.into_inner());
        t.0.add(&mine);
        for (sum, n) in t.1.iter_mut().zip(counter.statistics().iter()) {
            *sum += n;
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            // Failing to start a thread is not an error: the others take its tasks.
            let _ = std::thread::Builder::new().stack_size(stack).spawn_scoped(scope, &worker);
        }
        worker();
    });
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// A shared table is the compact table of counters on several threads, for walks whose
/// keys are two words ([`Walk::words`]; others never hit).
impl<'t, W: Walk> Store<W> for &'t SharedTable {
    #[inline]
    fn get(&self, w: &W) -> Option<[u32; 3]> {
        SharedTable::get(self, W::words(&w.key())?)
    }

    #[inline]
    fn put(&mut self, w: &W, counts: [u32; 3], weight: u32) {
        if let Some(words) = W::words(&w.key()) {
            SharedTable::put(self, words, counts, weight);
        }
    }

    #[cfg(feature = "prefetch")]
    #[inline]
    fn prefetch(&self, key: &W::Key) {
        if let Some(words) = W::words(key) {
            SharedTable::prefetch(self, words);
        }
    }
}

/// A table that threads share: two-word keys, values of three `u32`s, buckets of two
/// slots chosen and replaced as in [`super::table::Table`], all of its memory taken at
/// once.
///
/// Every field is an atomic word, and each slot is a sequence lock: a writer makes the
/// slot's sequence number odd (one compare-and-swap), writes, and makes it even again; a
/// reader keeps what it read only if the number was even and unchanged throughout. A hit
/// is therefore always a whole entry of the key asked for, as in a `Table`; a slot being
/// written reads as a miss, and a writer that finds its slot busy drops its entry.
///
/// ```
/// use othello::parallel::SharedTable;
/// let t = SharedTable::new(1024);
/// std::thread::scope(|s| {
///     s.spawn(|| t.put((1, 2), [3, 4, 5], 10));
/// });
/// assert_eq!(t.get((1, 2)), Some([3, 4, 5]));
/// assert_eq!(t.get((2, 1)), None);
/// ```
pub struct SharedTable {
    buckets: Vec<SharedBucket>,
    mask: usize,
}

/// Two slots sharing a hash, on one cache line.
#[repr(align(64))]
struct SharedBucket {
    slots: [SharedSlot; 2],
}

/// One entry: the key, the first two values, and `tail`: the third value (bits 0-31),
/// the weight (32-39, 0 for an empty slot) and the sequence number (40-63, odd while the
/// slot is written).
struct SharedSlot {
    key: [AtomicU64; 2],
    values: AtomicU64,
    tail: AtomicU64,
}

/// The lowest bit of a slot's sequence number in its `tail`.
const SEQUENCE: u64 = 1 << 40;

impl SharedTable {
    /// A table of `entries` slots (rounded down to a power of two, at least 2).
    pub fn new(entries: usize) -> SharedTable {
        let size = slots_for(entries);
        let mut buckets = Vec::with_capacity(size / 2);
        huge_pages(buckets.as_ptr() as usize, buckets.capacity() * std::mem::size_of::<SharedBucket>());
        let slot = || SharedSlot { key: [AtomicU64::new(0), AtomicU64::new(0)], values: AtomicU64::new(0), tail: AtomicU64::new(0) };
        buckets.resize_with(size / 2, || SharedBucket { slots: [slot(), slot()] });
        SharedTable { buckets, mask: size / 2 - 1 }
    }

    fn bucket(&self, key: (u64, u64)) -> &SharedBucket {
        &self.buckets[key.hash64() as usize & self.mask]
    }

    /// The value stored for `key`, if it is there and not being written.
    #[inline]
    pub fn get(&self, key: (u64, u64)) -> Option<[u32; 3]> {
        for slot in self.bucket(key).slots.iter() {
            let tail = slot.tail.load(Ordering::Acquire);
            if tail & SEQUENCE != 0 || tail >> 32 & 0xff == 0 {
                continue;
            }
            let (k0, k1, values) = (slot.key[0].load(Ordering::Relaxed), slot.key[1].load(Ordering::Relaxed), slot.values.load(Ordering::Relaxed));
            fence(Ordering::Acquire);
            if slot.tail.load(Ordering::Relaxed) == tail && (k0, k1) == key {
                return Some([values as u32, (values >> 32) as u32, tail as u32]);
            }
        }
        None
    }

    /// Stores `value` for `key` with weight `weight` (clamped to `1..=255`), in the slot
    /// of the same key, an empty one, or the lighter of the two; nothing if another thread
    /// is writing that slot.
    #[inline]
    pub fn put(&self, key: (u64, u64), value: [u32; 3], weight: u32) {
        let slots = &self.bucket(key).slots;
        let tails = [slots[0].tail.load(Ordering::Relaxed), slots[1].tail.load(Ordering::Relaxed)];
        let holds = |k: usize| slots[k].key[0].load(Ordering::Relaxed) == key.0 && slots[k].key[1].load(Ordering::Relaxed) == key.1;
        let weight_of = |t: u64| t >> 32 & 0xff;
        let k = if holds(0) || weight_of(tails[0]) == 0 {
            0
        } else if holds(1) || weight_of(tails[1]) == 0 {
            1
        } else {
            (weight_of(tails[1]) < weight_of(tails[0])) as usize
        };
        let (slot, old) = (&slots[k], tails[k]);
        if old & SEQUENCE != 0 || slot.tail.compare_exchange(old, old + SEQUENCE, Ordering::Acquire, Ordering::Relaxed).is_err() {
            return;
        }
        slot.key[0].store(key.0, Ordering::Relaxed);
        slot.key[1].store(key.1, Ordering::Relaxed);
        slot.values.store(value[0] as u64 | (value[1] as u64) << 32, Ordering::Relaxed);
        let sequence = (old >> 40).wrapping_add(2) << 40;
        slot.tail.store(sequence | (weight_byte(weight) as u64) << 32 | value[2] as u64, Ordering::Release);
    }

    /// As [`super::table::Table::prefetch`].
    #[inline]
    pub fn prefetch(&self, key: (u64, u64)) {
        prefetch_line(self.bucket(key) as *const SharedBucket as *const i8);
    }
}

/// A table that threads share for keys of any size: [`LOCKED_SHARDS`] [`Table`]s, each
/// behind its own lock, the key's hash choosing the shard. With a few threads and many
/// shards, a lock is almost never contended, and taking a free one costs far less than
/// the general board's walk spends on a position.
///
/// ```
/// use othello::parallel::LockedTable;
/// let t: LockedTable<Vec<u64>> = LockedTable::new(1 << 12);
/// std::thread::scope(|s| {
///     s.spawn(|| t.shard(&vec![1, 2, 3]).put(vec![1, 2, 3], [4, 5, 6], 10));
/// });
/// assert_eq!(t.shard(&vec![1, 2, 3]).get(&vec![1, 2, 3]), Some(&[4, 5, 6]));
/// assert_eq!(t.shard(&vec![3, 2, 1]).get(&vec![3, 2, 1]), None);
/// ```
pub struct LockedTable<K> {
    shards: Vec<Mutex<Table<K, [u32; 3]>>>,
}

/// The number of shards of a [`LockedTable`].
pub const LOCKED_SHARDS: usize = 64;

impl<K: TableKey> LockedTable<K> {
    /// A table of up to as many slots in all as the memory of `entries` slots of 32
    /// bytes holds (the two-word keys' slots, for which [`super::count::table_entries`]
    /// sizes the tables): longer keys take fewer slots, not more memory. Each shard grows
    /// on its own from its first stores, on the thread that makes them
    /// ([`super::table::INITIAL_SLOTS`]), and the pages it touches are most of a small
    /// count's page faults: with as many slots as 32-byte ones, counts from 10 empty
    /// cells on the 256- to 1024-bit sets took 1.03–1.07× longer as new processes.
    pub fn new(entries: usize) -> LockedTable<K> {
        let slots = entries * 32 / Table::<K, [u32; 3]>::slot_bytes();
        LockedTable { shards: (0..LOCKED_SHARDS).map(|_| Mutex::new(Table::new(slots / LOCKED_SHARDS))).collect() }
    }

    /// The locked shard of `key` (by the top bits of its hash: the shard's own table picks
    /// its bucket by the low ones). A poisoned lock is taken anyway: a lock is held only
    /// for one probe or store, which do not panic, and a panic elsewhere in a count ends
    /// the count whatever the table holds.
    pub fn shard(&self, key: &K) -> MutexGuard<'_, Table<K, [u32; 3]>> {
        let shard = &self.shards[(key.hash64() >> 58) as usize % LOCKED_SHARDS];
        shard.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A locked table is the compact table of counters on several threads, for walks of
/// any key.
impl<'t, W: Walk> Store<W> for &'t LockedTable<W::Key> {
    #[inline]
    fn get(&self, w: &W) -> Option<[u32; 3]> {
        w.with_key(|key| self.shard(key).get(key).cloned())
    }

    #[inline]
    fn put(&mut self, w: &W, counts: [u32; 3], weight: u32) {
        let key = w.key();
        self.shard(&key).put(key, counts, weight);
    }

    #[cfg(feature = "prefetch")]
    #[inline]
    fn prefetch(&self, _: &W::Key) {}
}

#[cfg(test)]
mod tests;
