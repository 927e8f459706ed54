//! A transposition table: a bounded number of slots that remember values of positions.
//!
//! Slots come in buckets of two, found by the key's 64-bit hash. A new entry takes an
//! empty slot of its bucket, or the one holding a key of lower *weight* (the work the
//! value saves, such as the empty squares below it). Keys are stored whole and compared
//! on every probe, so a hit is always the position asked for: a table can make a search
//! faster, never wrong. A bucket is aligned to a cache line: with 16-byte keys and values
//! of up to 15 bytes a slot takes 32 bytes, and a probe reads one 64-byte line.
//!
//! A table keeps within a number of bytes, its slots and what its keys and values own on
//! the heap ([`Footprint`]) together, and allocates fallibly: where memory runs out it
//! stops growing, and where its bytes are spent it stores nothing more. Either way only
//! the search's speed changes.

use std::num::NonZeroU8;

/// What a key or value owns on the heap beyond its slot.
pub trait Footprint {
    /// The bytes it owns on the heap (none for plain values).
    fn heap_bytes(&self) -> usize {
        0
    }
}

impl Footprint for u64 {}

impl Footprint for (u64, u64) {}

impl Footprint for Vec<u64> {
    fn heap_bytes(&self) -> usize {
        self.capacity() * 8
    }
}

/// A key a table can store: exact equality plus a well-mixed 64-bit hash.
pub trait TableKey: Clone + Eq + Footprint {
    /// A hash whose low bits are uniformly spread.
    fn hash64(&self) -> u64;
}

/// The finaliser of SplitMix64: a cheap bijection that spreads every input bit.
#[inline]
pub fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl TableKey for (u64, u64) {
    #[inline]
    fn hash64(&self) -> u64 {
        mix(self.0 ^ mix(self.1 ^ 0x9e37_79b9_7f4a_7c15))
    }
}

impl TableKey for Vec<u64> {
    /// Each word mixed with a salt of its place, the mixes added: they overlap instead of
    /// waiting on one another in a chain.
    fn hash64(&self) -> u64 {
        let mut salt = 0x243f_6a88_85a3_08d3u64;
        let mut h = 0u64;
        for &w in self {
            h = h.wrapping_add(mix(w ^ salt));
            salt = salt.wrapping_add(0x9e37_79b9_7f4a_7c15);
        }
        h
    }
}

/// One stored position; `weight` is never 0, so an empty slot needs no tag of its own.
#[derive(Clone, Debug)]
struct Slot<K, V> {
    key: K,
    value: V,
    weight: NonZeroU8,
}

/// Two slots that share a hash, on one cache line where they fit.
#[derive(Clone, Debug)]
#[repr(align(64))]
struct Bucket<K, V> {
    slots: [Option<Slot<K, V>>; 2],
}

/// A bounded map from positions to values, with replacement.
///
/// The table starts small and doubles while it is more than half full, up to the size it
/// was made with; from then on new entries replace old ones. So a short search costs a
/// small table, and a long one pays for each page once.
///
/// ```
/// use othello::core::table::Table;
/// let mut t: Table<(u64, u64), u64> = Table::new(1024, 1 << 20);
/// t.put(&(1, 2), 7, 10);
/// assert_eq!(t.get(&(1, 2)), Some(&7));
/// assert_eq!(t.get(&(2, 1)), None);
/// ```
#[derive(Clone, Debug)]
pub struct Table<K, V> {
    buckets: Vec<Bucket<K, V>>,
    mask: usize,
    /// Slots in use.
    used: usize,
    /// The most slots the table may grow to.
    limit: usize,
    /// The most bytes it may take: slots and heap together.
    budget: usize,
    /// The heap bytes of the keys and values stored.
    heap: usize,
}

/// The slots a table grows to at once from its first bucket (or its limit, if smaller).
pub const INITIAL_SLOTS: usize = 1 << 10;

impl<K: TableKey, V: Footprint> Table<K, V> {
    /// A table that grows up to `entries` slots (rounded down to a power of two, at least
    /// 2) and `budget` bytes.
    pub fn new(entries: usize, budget: usize) -> Table<K, V> {
        let fit = (budget / std::mem::size_of::<Bucket<K, V>>()).saturating_mul(2);
        let entries = entries.min(fit);
        let limit = if entries < 4 { 2 } else { 1 << (63 - (entries as u64).leading_zeros()) };
        let mut table = Table { buckets: Vec::new(), mask: 0, used: 0, limit, budget, heap: 0 };
        table.grow_to(1);
        table
    }

    /// How many slots the table has now.
    pub fn capacity(&self) -> usize {
        2 * self.buckets.len()
    }

    /// The bytes the table takes now: its slots and what its entries own.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket<K, V>>() + self.heap
    }

    /// Grows the table to `buckets` buckets (a power of two), keeping every entry:
    /// doubling splits each bucket between itself and its twin in the new half, by one
    /// more bit of the hash. Where the memory is not there, the table keeps its size and
    /// grows no more.
    fn grow_to(&mut self, buckets: usize) {
        while self.buckets.len() < buckets {
            let old = self.buckets.len();
            let new = (2 * old).max(1);
            if self.buckets.try_reserve_exact(new - old).is_err() {
                self.limit = self.capacity();
                return;
            }
            self.buckets.resize_with(new, || Bucket { slots: [None, None] });
            self.mask = self.buckets.len() - 1;
            for b in 0..old {
                for k in 0..2 {
                    let moves = match &self.buckets[b].slots[k] {
                        Some(slot) => slot.key.hash64() as usize & self.mask != b,
                        None => false,
                    };
                    if moves {
                        // The twin bucket is new and receives only from this one.
                        self.buckets[b + old].slots[k] = self.buckets[b].slots[k].take();
                    }
                }
            }
        }
    }

    /// Forgets every entry, keeping the slots the table has grown to.
    pub fn clear(&mut self) {
        self.buckets.iter_mut().for_each(|b| b.slots = [None, None]);
        self.used = 0;
        self.heap = 0;
    }

    /// The value stored for `key`, if it is still there.
    #[inline]
    pub fn get(&self, key: &K) -> Option<&V> {
        let bucket = self.buckets.get(key.hash64() as usize & self.mask)?;
        bucket.slots.iter().flatten().find(|slot| slot.key == *key).map(|slot| &slot.value)
    }

    /// Asks the processor to bring the bucket of `key` into the cache, so that a `get` or
    /// `put` soon after does not wait for memory; several prefetches overlap. A hint only.
    #[inline]
    pub fn prefetch(&self, key: &K) {
        if let Some(bucket) = self.buckets.get(key.hash64() as usize & self.mask) {
            prefetch(bucket);
        }
    }

    /// Stores `value` for `key`; `weight` says how much it is worth keeping (higher wins;
    /// weights above 255 count as 255). Nothing is stored where the table's bytes would
    /// pass its budget.
    #[inline]
    pub fn put(&mut self, key: &K, value: V, weight: u32) {
        let grown = 2 * self.bytes() - self.heap;
        if self.used * 2 > self.capacity() && self.capacity() < self.limit && grown <= self.budget {
            let target = (self.buckets.len() * 2).max(self.limit.min(INITIAL_SLOTS) / 2);
            self.grow_to(target);
        }
        let bytes = self.bytes();
        let index = key.hash64() as usize & self.mask;
        let slots = match self.buckets.get_mut(index) {
            Some(bucket) => &mut bucket.slots,
            None => return,
        };
        let victim = match slots {
            [None, _] => 0,
            [Some(s), _] if s.key == *key => 0,
            [_, None] => 1,
            [_, Some(s)] if s.key == *key => 1,
            [Some(a), Some(b)] => (b.weight < a.weight) as usize,
        };
        let owned = key.heap_bytes() + value.heap_bytes();
        let freed = slots[victim].as_ref().map_or(0, |s| s.key.heap_bytes() + s.value.heap_bytes());
        if owned > freed && bytes + (owned - freed) > self.budget {
            return;
        }
        let weight = NonZeroU8::new(weight.clamp(1, 255) as u8).expect("a weight of 1 to 255");
        self.used += slots[victim].is_none() as usize;
        self.heap = self.heap + owned - freed;
        slots[victim] = Some(Slot { key: key.clone(), value, weight });
    }
}

/// Asks the processor to bring the cache line of `item` into its cache (x86-64 only; a
/// no-op elsewhere). A hint: it changes no result.
#[inline(always)]
pub fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing the program sees and never faults; the pointer
    // comes from a live reference anyway. SSE, which it needs, is part of x86-64.
    unsafe {
        std::arch::x86_64::_mm_prefetch(item as *const T as *const i8, std::arch::x86_64::_MM_HINT_T0)
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

#[cfg(test)]
mod tests;
