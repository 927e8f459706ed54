//! The caches of the four-cell counts in lanes, keyed by neighbourhood: a four-cell
//! position's games depend only on its empty cells and the discs its last four moves may
//! read (each ray up to the first disc of each colour that lies on no other of the four
//! cells' rays: [`read_cells`]), and on the margin, which only adds to each game's final
//! one. So positions that differ elsewhere, or only in the margin, share one count.
//!
//! [`LocalCache`] keeps the games' final margins from 0 ([`Deltas`]), for the counts with
//! outcomes; [`SequenceCache`] keeps how many sequences there are, for those below a
//! decided position. Both are small (1.5 and 1 MB), so that they stay in the processor's
//! cache, and are found by a [`Spot`]: the empty cells, the key and the bucket. [`Four`]
//! holds what a key needs of the four empty cells alone, made once for a group of
//! positions. Cells are as on 64-bit boards (cell `(r, c)` is bit `8 * r + c`); the
//! 8×8 board's edges bound the rays.

use std::arch::x86_64::*;

use super::super::super::table::{mix, prefetch_line};
use super::{count_four, count_into, four_cells, last_four, Deltas, Narrow};

/// Per cell, the union of its eight rays: the discs that a move on it may flip, or read
/// to find its flips.
static REACH: [u64; 64] = reach();

const fn reach() -> [u64; 64] {
    let rays = super::super::rays();
    let mut t = [0u64; 64];
    let mut c = 0;
    while c < 64 {
        let mut d = 0;
        while d < 8 {
            t[c] |= rays[c][d];
            d += 1;
        }
        c += 1;
    }
    t
}

/// Slots of a [`LocalCache`]: 1.5 MB (48-byte slots). Against 2^15, the 16-empty count
/// took 1.07× longer with 2^14 and 1.01× longer with 2^16 (one thread, 56-byte slots).
pub const LOCAL_ENTRIES: usize = 1 << 15;

/// Slots of a [`SequenceCache`]: 1 MB (16-byte slots).
pub const SEQUENCE_ENTRIES: usize = 1 << 16;

/// A near-end cache for the four-cell positions of the standard rules on 64-bit boards,
/// keyed by their neighbourhood: the empty cells, and the discs of both players on their
/// rays as far as the last four moves may read them ([`Spot`]). The last four moves flip
/// and read no other disc, so the games below depend on the neighbourhood alone and on
/// the margin, which only adds to each game's final one:
/// the cache keeps the games' final margins from 0 ([`Deltas`]) and adds the position's.
/// (Below a decided position, a [`SequenceCache`] keeps only how many sequences there
/// are.)
/// At 16 empty cells, 53.5% of the four-cell positions that a count reaches repeat by
/// their neighbourhood, 26.6% as whole positions (a cache of 2^14 slots finds 31% and
/// 18% of them, 2^16 36% and 20%). A slot whose probe is older gives way (after 2^32
/// probes the order wraps, which only makes a replacement less apt).
pub struct LocalCache {
    /// Buckets of two slots; a new entry takes the one used less recently.
    buckets: Vec<[LocalSlot; 2]>,
    /// The cells on the board of the positions kept (see [`Spot`]).
    area: u64,
    /// The number of the last probe, which marks the slots it uses.
    time: u32,
}

/// A slot of a [`LocalCache`]: its key (as [`Spot`]), what it keeps, and the probe that
/// used it last (0: empty).
#[derive(Clone, Copy, Default)]
struct LocalSlot {
    near: u64,
    packed: u32,
    used: u32,
    deltas: Deltas,
}

impl LocalCache {
    /// An empty cache of [`LOCAL_ENTRIES`] slots.
    pub fn new() -> LocalCache {
        LocalCache { buckets: vec![[LocalSlot::default(); 2]; LOCAL_ENTRIES / 2], area: 0, time: 0 }
    }

    /// Where the four-cell position with discs `p` for the player to move, `o` for the
    /// opponent and the empty cells `empty` is kept; a position of another area than the
    /// last empties the cache first.
    #[inline]
    pub fn locate(&mut self, p: u64, o: u64, empty: u64) -> Spot {
        self.locate_in(&Four::new(empty), p, o)
    }

    /// [`LocalCache::locate`] of a position whose four empty cells are `four`'s.
    #[inline]
    pub fn locate_in(&mut self, four: &Four, p: u64, o: u64) -> Spot {
        Spot::new(p, o, four, keep_area(&mut self.area, &mut self.buckets, p | o | four.empty))
    }

    /// The slot of `spot` that holds its key, marked as used now, or else the one that
    /// gives way to it, marked with its key.
    #[inline(always)]
    fn slot(&mut self, spot: &Spot) -> (&mut Deltas, bool) {
        self.time = self.time.wrapping_add(1).max(1);
        let time = self.time;
        let bucket = &mut self.buckets[spot.bucket];
        let found = bucket.iter().position(|slot| slot.used != 0 && slot.near == spot.near && slot.packed == spot.packed);
        let at = match found {
            Some(at) => at,
            None => (bucket[1].used < bucket[0].used) as usize,
        };
        let slot = &mut bucket[at];
        slot.used = time;
        slot.near = spot.near;
        slot.packed = spot.packed;
        (&mut slot.deltas, found.is_some())
    }

    /// Fetches the bucket of `spot` into the processor's cache, so that a probe soon
    /// after does not wait for memory. A hint only.
    #[inline]
    pub fn fetch(&self, spot: &Spot) {
        // Every 64 bytes of the bucket, and its last byte: a bucket not aligned to a cache
        // line touches one line more than its size takes (the fetches are constants, and
        // a line fetched twice costs next to nothing).
        let at = &self.buckets[spot.bucket] as *const [LocalSlot; 2] as *const i8;
        let size = std::mem::size_of::<[LocalSlot; 2]>();
        let mut line = 0;
        while line < size {
            prefetch_line(at.wrapping_add(line));
            line += 64;
        }
        prefetch_line(at.wrapping_add(size - 1));
    }
}

impl Default for LocalCache {
    fn default() -> LocalCache {
        LocalCache::new()
    }
}

/// Where a four-cell position is kept in a [`LocalCache`] or a [`SequenceCache`]: its
/// empty cells, its key and its bucket. The key is the neighbourhood as the last four
/// moves may read it less the opponent's discs, which are every cell of the rays that is
/// neither the player's nor empty nor off the board: the player's discs on the rays as
/// [`read_discs`] gives them, and the cells packed six bits each. The cells on the board
/// are the same through a count, and a cache that finds other ones starts again.
#[derive(Clone, Copy, Default)]
pub struct Spot {
    empty: u64,
    cells: [u32; 4],
    near: u64,
    packed: u32,
    bucket: usize,
}

/// Empties `buckets`, a cache's, if `area` is not the cells on the board of the
/// positions they keep (`kept`), which it then becomes; the number of buckets.
fn keep_area<B: Default>(kept: &mut u64, buckets: &mut [B], area: u64) -> usize {
    if area != *kept {
        buckets.iter_mut().for_each(|b| *b = B::default());
        *kept = area;
    }
    buckets.len()
}

impl Spot {
    /// The spot of the position with discs `p` for the player to move, `o` for the
    /// opponent and the four empty cells of `four`, in a cache of `buckets` buckets (a
    /// power of two). Hashed by one [`mix`] of the two words, rotated apart: against one
    /// per word, the 18-empty count found as many positions in 1.03–1.12× less time (when
    /// the key was three words).
    #[inline(always)]
    fn new(p: u64, o: u64, four: &Four, buckets: usize) -> Spot {
        let near = read_discs(p, o, four);
        let packed = four.packed;
        Spot { empty: four.empty, cells: four.cells, near, packed, bucket: mix(near ^ (packed as u64).rotate_left(40)) as usize & (buckets - 1) }
    }
}

/// Four empty cells as the keys of the caches by neighbourhood use them: their bits,
/// their indices (increasing) and those packed six bits each, their rays, and the cells
/// of the rays that are on one ray only. The counts by levels make it once for all the
/// positions of a group.
#[derive(Clone, Copy, Default)]
pub struct Four {
    empty: u64,
    cells: [u32; 4],
    packed: u32,
    rays: u64,
    alone: u64,
}

impl Four {
    /// The four empty cells of `empty` (which has four bits).
    #[inline(always)]
    pub fn new(empty: u64) -> Four {
        let cells = four_cells(empty);
        let r = cells.map(|c| REACH[c as usize]);
        let rays = r[0] | r[1] | r[2] | r[3];
        let crossed = (r[0] & (r[1] | r[2] | r[3])) | (r[1] & (r[2] | r[3])) | (r[2] & r[3]);
        let packed = cells[0] | cells[1] << 6 | cells[2] << 12 | cells[3] << 18;
        Four { empty, cells, packed, rays, alone: rays & !crossed }
    }
}

/// The discs of the player to move in the key of the four-cell position with discs `p`
/// for the player to move, `o` for the opponent and the empty cells `four`: those of the
/// cells of the rays that the last four moves may read ([`read_cells`]), and every other
/// disc of the rays as if it were theirs. Those others are never read nor flipped, so
/// positions that differ only there have the same games below (with the margin moved by
/// what they differ), and the key's opponent's discs are the read cells' ones, which
/// decide what is read: the key stands for the neighbourhood as read. At 16 empty cells
/// 17% fewer distinct keys than with the rays' discs whole (16.08 → 13.28 million), so
/// 17% fewer counts in lanes.
#[inline(always)]
fn read_discs(p: u64, o: u64, four: &Four) -> u64 {
    // SAFETY: the module is built only where the build targets AVX-512F.
    let read = unsafe { read_cells(four.empty, four.alone & p, four.alone & o) };
    (p & read) | ((p | o) & four.rays & !read)
}

/// The cells of the rays of the empty cells `empty` that a move on them may read, given
/// `p_alone` and `o_alone`, the discs of both players on one ray only (of all the rays of
/// the four cells): along each ray, the cells up to the first of each. Only that ray's
/// cell can flip such a disc, so until it is played the disc keeps its colour, and then
/// a move reads the ray no further than the first disc of the mover (where a run of the
/// other colour ends) or the first disc of the other colour (which ends the mover's run):
/// no further than the farther of the two.
///
/// The eight directions are eight lanes of one vector (as [`super::super::RAYS`] orders them:
/// towards lower bits a rotation by 64 less the step), each filled from the cells next to
/// `empty` by a fill of doubling steps over the cells that are not such a disc; `EDGES`
/// drops the steps that cross a side or wrap around.
///
/// # Safety
///
/// The processor must have AVX-512F.
#[inline(always)]
unsafe fn read_cells(empty: u64, p_alone: u64, o_alone: u64) -> u64 {
    const ROW_1: u64 = 0xff;
    const ROW_8: u64 = 0xff << 56;
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    /// Per direction, the cells a step may land on.
    const EDGES: [u64; 8] = [!ROW_8, NOT_A & !ROW_8, NOT_A, NOT_A & !ROW_1, !ROW_1, NOT_H & !ROW_1, NOT_H, NOT_H & !ROW_8];
    let step = _mm512_setr_epi64(56, 57, 1, 9, 8, 7, 63, 55);
    let two = _mm512_setr_epi64(48, 50, 2, 18, 16, 14, 62, 46);
    let four = _mm512_setr_epi64(32, 36, 4, 36, 32, 28, 60, 28);
    let edges = _mm512_loadu_si512(EDGES.as_ptr() as *const _);
    let next = _mm512_and_si512(_mm512_rolv_epi64(_mm512_set1_epi64(empty as i64), step), edges);
    // `a | b & c`.
    let or_and = |a, b, c| _mm512_ternarylogic_epi64::<0xf8>(a, b, c);
    // The cells up to the first of `stops` along each ray.
    let upto = |stops: u64| {
        let mut pass = _mm512_andnot_si512(_mm512_set1_epi64(stops as i64), edges);
        let mut run = _mm512_and_si512(next, pass);
        run = or_and(run, pass, _mm512_rolv_epi64(run, step));
        pass = _mm512_and_si512(pass, _mm512_rolv_epi64(pass, step));
        run = or_and(run, pass, _mm512_rolv_epi64(run, two));
        pass = _mm512_and_si512(pass, _mm512_rolv_epi64(pass, two));
        run = or_and(run, pass, _mm512_rolv_epi64(run, four));
        or_and(next, edges, _mm512_rolv_epi64(run, step))
    };
    _mm512_reduce_or_epi64(_mm512_or_si512(upto(p_alone), upto(o_alone))) as u64
}

/// [`last_four`] with outcomes under the standard rules, through `cache`: `hits` counts
/// the positions it answered. `None` (not cached) if the player to move has no move. A
/// margin past 64 either way (boards beyond 8×8 whose other discs never change, which
/// bias it) is counted without the cache ([`Deltas::outcomes`] takes up to 126).
///
/// # Safety
///
/// As for [`last_four`].
#[target_feature(enable = "avx512f,avx512cd,avx512vpopcntdq")]
pub unsafe fn cached_last_four(cache: &mut LocalCache, p: u64, o: u64, empty: u64, margin: i32, hits: &mut u64) -> Option<[u64; 3]> {
    let spot = cache.locate(p, o, empty);
    cached_count(cache, &spot, p, o, margin, hits)
}

/// [`cached_last_four`] of the position at `spot` ([`LocalCache::locate`] of `p`, `o`
/// and its empty cells).
///
/// # Safety
///
/// As for [`last_four`].
#[target_feature(enable = "avx512f,avx512cd,avx512vpopcntdq")]
pub unsafe fn cached_count(cache: &mut LocalCache, spot: &Spot, p: u64, o: u64, margin: i32, hits: &mut u64) -> Option<[u64; 3]> {
    if margin.abs() > 64 {
        return last_four::<false>(p, o, spot.empty, margin, true);
    }
    let (deltas, found) = cache.slot(spot);
    if found {
        // No game below: the player to move has no move.
        if !deltas.moved() {
            return None;
        }
        *hits += 1;
        return Some(deltas.outcomes(margin));
    }
    let cells = spot.cells;
    let rays: [&[u64; 8]; 4] = cells.map(|c| &super::super::RAYS[c as usize]);
    let mut d = Deltas::default();
    // A position whose player to move has no move leaves an empty count in the slot,
    // which no later probe finds: the walk counts such positions itself.
    let counted = if p | o | spot.empty == !0 {
        count_into::<Narrow, Deltas, true, false, true, true>(p, o, cells, rays, 0, &mut d)
    } else {
        count_into::<Narrow, Deltas, true, false, true, false>(p, o, cells, rays, 0, &mut d)
    };
    *deltas = d;
    counted.map(|_| d.outcomes(margin))
}

/// A near-end cache of the sequences of four-cell positions below a decided position
/// (whose outcomes are not counted), keyed by their neighbourhood as a [`LocalCache`]
/// but in 16-byte slots, four to a cache line: the opponent's discs on the rays are
/// every cell of the rays that is neither the player's nor empty nor off the board, so
/// the key is the player's discs there and the empty cells, six bits each. The cells on
/// the board are the same through a count; a probe with other cells empties the cache.
pub struct SequenceCache {
    buckets: Vec<SequenceBucket>,
    /// The cells on the board of the positions kept.
    area: u64,
    /// The number of the last probe, which marks the slots it uses.
    time: u32,
}

/// Four slots of a [`SequenceCache`]: per slot the player's discs on the rays, the cells
/// (bits 0-23) with the sequences (24-31), and the probe that used it last (0: empty).
#[repr(align(64))]
#[derive(Clone, Copy, Default)]
struct SequenceBucket {
    near: [u64; 4],
    tags: [u32; 4],
    used: [u32; 4],
}

impl SequenceCache {
    /// An empty cache of [`SEQUENCE_ENTRIES`] slots.
    pub fn new() -> SequenceCache {
        SequenceCache { buckets: vec![SequenceBucket::default(); SEQUENCE_ENTRIES / 4], area: 0, time: 0 }
    }

    /// Where the four-cell position with discs `p` for the player to move, `o` for the
    /// opponent and the empty cells `empty` is kept.
    #[inline]
    pub fn locate(&mut self, p: u64, o: u64, empty: u64) -> Spot {
        Spot::new(p, o, &Four::new(empty), keep_area(&mut self.area, &mut self.buckets, p | o | empty))
    }

    /// Fetches the bucket of `spot` into the processor's cache. A hint only.
    #[inline]
    pub fn fetch(&self, spot: &Spot) {
        prefetch_line(&self.buckets[spot.bucket] as *const SequenceBucket as *const i8);
    }
}

impl Default for SequenceCache {
    fn default() -> SequenceCache {
        SequenceCache::new()
    }
}

/// The sequences of the four-cell position at `spot` ([`SequenceCache::locate`] of `p`,
/// `o` and its empty cells) under the standard rules, through `cache`: `hits` counts the
/// positions it answered. `None` if the player to move has no move.
///
/// # Safety
///
/// As for [`last_four`].
#[target_feature(enable = "avx512f,avx512cd,avx512vpopcntdq")]
pub unsafe fn cached_sequences(cache: &mut SequenceCache, spot: &Spot, p: u64, o: u64, hits: &mut u64) -> Option<u64> {
    cache.time = cache.time.wrapping_add(1).max(1);
    let time = cache.time;
    let bucket = &mut cache.buckets[spot.bucket];
    let found = (0..4).find(|&k| bucket.used[k] != 0 && bucket.near[k] == spot.near && bucket.tags[k] & 0xff_ffff == spot.packed);
    let sequences = match found {
        Some(k) => {
            bucket.used[k] = time;
            let n = bucket.tags[k] >> 24;
            *hits += (n > 0) as u64;
            n
        }
        None => {
            let cells = spot.cells;
            let rays: [&[u64; 8]; 4] = cells.map(|c| &super::super::RAYS[c as usize]);
            // 0 (no move) is kept too: the walk then counts the position itself each time.
            let n = count_four::<Narrow, false, false, true, false>(p, o, cells, rays, 0).map_or(0, |t| t[0] as u32);
            let k = (0..4).min_by_key(|&j| bucket.used[j]).unwrap_or(0);
            bucket.near[k] = spot.near;
            bucket.tags[k] = spot.packed | n << 24;
            bucket.used[k] = time;
            n
        }
    };
    match sequences {
        0 => None,
        n => Some(n as u64),
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::super::arena::Rng;
    use super::super::super::shift;
    use super::super::last_four;
    use super::{cached_last_four, cached_sequences, read_cells, read_discs, Four, LocalCache, SequenceCache, REACH};

    /// Four cells at random, as a bit set.
    fn four_at_random(next: &mut impl FnMut() -> u64) -> u64 {
        let mut empty = 0u64;
        while empty.count_ones() < 4 {
            empty |= 1 << (next() % 64);
        }
        empty
    }

    /// A position and the one its key stands for (the player's discs as [`read_discs`]
    /// gives them, the opponent's the other discs) have the same games: the same
    /// outcomes for any margin and the same sequences, on 20,000 random positions with
    /// four empty cells (boards from sparse to full).
    #[test]
    fn the_key_keeps_the_games() {
        let mut rng = Rng::new(0xbf58_476d_1ce4_e5b9);
        let mut next = || rng.next_u64();
        let mut moved = 0;
        for i in 0..20_000 {
            let empty = four_at_random(&mut next);
            let occupied = if i % 2 == 0 { !empty } else { (0..i % 5).fold(next(), |m, _| m | next()) & !empty };
            let p = occupied & next();
            let o = occupied & !p;
            let kp = read_discs(p, o, &Four::new(empty));
            let ko = occupied & !kp;
            moved += (kp != p) as u32;
            let margin = i % 41 - 20;
            for &outcomes in [true, false].iter() {
                // SAFETY: the tests run where the lanes are built, on such processors.
                let (want, got) = unsafe { (last_four::<false>(p, o, empty, margin, outcomes), last_four::<false>(kp, ko, empty, margin, outcomes)) };
                assert_eq!(got, want, "{:#x} {:#x} {:#x} margin {}", p, o, empty, margin);
            }
        }
        assert!(moved > 10_000, "{} positions whose key moves discs", moved);
    }

    /// The near-end caches by neighbourhood answer for a position what the lanes count
    /// for it: on 30,000 random positions with four empty cells (on a full board, or with
    /// a few cells off the board, as on boards smaller than 8×8), each counted once, then
    /// again with every disc off the empty cells' rays changed at random and the margin
    /// moved as far as it can go (a hit), against the lanes' own tallies each time, with
    /// outcomes and as sequences only.
    #[test]
    fn the_local_caches_count_as_the_lanes_do() {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        let mut next = || rng.next_u64();
        let (mut cache, mut hits, mut counted) = (LocalCache::new(), 0, 0);
        let (mut sequences, mut sequence_hits, mut unread) = (SequenceCache::new(), 0, 0);
        for i in 0..30_000 {
            let empty = four_at_random(&mut next);
            let off = if i % 3 == 0 { next() & next() & next() & !empty } else { 0 };
            let p = next() & !empty & !off;
            let o = !p & !empty & !off;
            let near = (0..64).filter(|&c| empty >> c & 1 == 1).fold(0, |n, c| n | REACH[c]);
            // Every disc off the rays changed, and every disc of the rays that the moves
            // cannot read (see `read_discs`).
            let far = (!near | unread_cells(p, o, empty)) & !empty & !off;
            let changed = next() & far;
            let (p2, o2) = ((p & !far) | changed, (o & !far) | (far & !changed));
            unread += (far & near != 0) as usize;
            // Margins past 64 either way (every hundredth time) are counted without it.
            let far_margin = if i % 100 == 0 { 65 + i % 300 } else { i % 129 - 64 };
            for &(p, o, margin) in [(p, o, i % 41 - 20), (p2, o2, far_margin), (p2, o2, -far_margin)].iter() {
                // SAFETY: the tests run where the lanes are built, on such processors.
                let (want, got) = unsafe { (last_four::<false>(p, o, empty, margin, true), cached_last_four(&mut cache, p, o, empty, margin, &mut hits)) };
                assert_eq!(got, want, "{:#x} {:#x} {:#x} margin {}", p, o, empty, margin);
                counted += want.is_some() as usize;
                let spot = sequences.locate(p, o, empty);
                // SAFETY: as above.
                let (want, got) = unsafe { (last_four::<false>(p, o, empty, 0, false), cached_sequences(&mut sequences, &spot, p, o, &mut sequence_hits)) };
                assert_eq!(got, want.map(|t| t[0]), "{:#x} {:#x} {:#x}", p, o, empty);
            }
        }
        assert!(counted > 40_000 && hits > 15_000, "{} counted, {} hits", counted, hits);
        assert!(unread > 10_000, "{} positions with unread discs on the rays changed", unread);
        assert!(sequence_hits > 30_000, "{} hits of sequences", sequence_hits);
    }

    /// The caches by neighbourhood keep positions of one area (their key leaves the
    /// opponent's discs out): the same player's discs and empty cells with an opponent's
    /// disc of the rays taken off the board count as the lanes count them, not as the
    /// position before, on 3,000 random positions.
    #[test]
    fn the_local_caches_start_again_on_another_area() {
        let mut rng = Rng::new(0x5851_f42d_4c95_7f2d);
        let mut next = || rng.next_u64();
        let (mut cache, mut hits, mut differ) = (SequenceCache::new(), 0, 0);
        let mut outcomes = LocalCache::new();
        for _ in 0..3_000 {
            let empty = four_at_random(&mut next);
            let p = next() & !empty;
            let o = !p & !empty;
            let near = (0..64).filter(|&c| empty >> c & 1 == 1).fold(0, |n, c| n | REACH[c]);
            let theirs = o & near;
            if theirs == 0 {
                continue;
            }
            let off = 1u64 << (0..64).filter(|&c| theirs >> c & 1 == 1).nth(next() as usize % theirs.count_ones() as usize).unwrap_or(0);
            let mut counts = Vec::new();
            for &o in [o, o & !off].iter() {
                let spot = cache.locate(p, o, empty);
                // SAFETY: the tests run where the lanes are built, on such processors.
                let (want, got) = unsafe { (last_four::<false>(p, o, empty, 0, false), cached_sequences(&mut cache, &spot, p, o, &mut hits)) };
                assert_eq!(got, want.map(|t| t[0]), "{:#x} {:#x} {:#x}", p, o, empty);
                // SAFETY: as above.
                let (want, got) = unsafe { (last_four::<false>(p, o, empty, 0, true), cached_last_four(&mut outcomes, p, o, empty, 0, &mut hits)) };
                assert_eq!(got, want, "{:#x} {:#x} {:#x}", p, o, empty);
                counts.push(got.map(|t| t[0] + t[1] + t[2]));
            }
            differ += (counts[0] != counts[1]) as usize;
        }
        assert!(differ > 300, "{} positions counted otherwise with a disc off the board", differ);
    }

    /// The cells that the last four moves may read, stepping along each ray of each empty
    /// cell one cell at a time until a disc of each colour that lies on that ray alone has
    /// been passed.
    fn read_by_steps(empty: u64, p_alone: u64, o_alone: u64) -> u64 {
        let mut read = 0;
        for c in (0..64).filter(|&c| empty >> c & 1 == 1) {
            for d in 0..8 {
                let (mut at, mut seen_p, mut seen_o) = (shift(1 << c, d), false, false);
                while at != 0 && !(seen_p && seen_o) {
                    read |= at;
                    seen_p |= p_alone & at != 0;
                    seen_o |= o_alone & at != 0;
                    at = shift(at, d);
                }
            }
        }
        read
    }

    /// The cells of the rays of the four empty cells of `empty`, and those on one ray
    /// only, cell by cell.
    fn rays_and_alone(empty: u64) -> (u64, u64) {
        let cells: Vec<usize> = (0..64).filter(|&e| empty >> e & 1 == 1).collect();
        let on = |c: usize| cells.iter().filter(|&&e| REACH[e] >> c & 1 == 1).count();
        let rays = (0..64).filter(|&c| on(c) > 0).fold(0u64, |m, c| m | 1 << c);
        let alone = (0..64).filter(|&c| on(c) == 1).fold(0u64, |m, c| m | 1 << c);
        (rays, alone)
    }

    /// The cells of the rays of the four empty cells of `empty` that no move reads, by
    /// [`read_by_steps`].
    fn unread_cells(p: u64, o: u64, empty: u64) -> u64 {
        let (rays, alone) = rays_and_alone(empty);
        rays & !read_by_steps(empty, p & alone, o & alone)
    }

    /// The read cells of the vector fill are those of a walk along each ray, on 100,000
    /// random sets of four empty cells with random discs of both players (sparse to
    /// dense), and the key's discs keep the read cells as they are and give the player
    /// every other disc of the rays; the rays and the cells on one ray only are those
    /// found cell by cell.
    #[test]
    fn read_cells_follow_each_ray() {
        let mut rng = Rng::new(0x94d0_49bb_1331_11eb);
        let mut next = || rng.next_u64();
        let (mut short, mut total) = (0, 0);
        for i in 0..100_000 {
            let empty = four_at_random(&mut next);
            let occupied = (0..i % 3).fold(next(), |m, _| m | next()) & !empty;
            let p = occupied & next();
            let o = occupied & !p;
            let four = Four::new(empty);
            let (rays, alone) = rays_and_alone(empty);
            assert_eq!((four.rays, four.alone), (rays, alone), "{:#x}", empty);
            let want = read_by_steps(empty, p & alone, o & alone);
            // SAFETY: the tests run where the lanes are built, on such processors.
            let got = unsafe { read_cells(empty, p & alone, o & alone) };
            assert_eq!(got, want, "{:#x} {:#x} {:#x}", p, o, empty);
            assert_eq!(read_discs(p, o, &four), (p & want) | (occupied & rays & !want));
            short += (want != rays) as u32;
            total += 1;
        }
        assert!(short > total / 4, "{} of {} neighbourhoods cut", short, total);
    }
}
