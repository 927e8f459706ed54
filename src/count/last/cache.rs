//! A cache of four-cell counts in lanes, keyed by neighbourhood: a four-cell position's
//! games depend only on its empty cells and the discs its last four moves may read (each
//! ray up to the first disc of each colour that lies on no other of the four cells' rays:
//! [`read_cells`]), and on the margin, which only adds to each game's final one. So
//! positions that differ elsewhere, or only in the margin, share one count, kept as the
//! games' final margins from 0 ([`Deltas`]). Built with the lanes (the `lanes` cfg).

// The AVX-512 intrinsics are stable since Rust 1.89: `build.rs` builds this module only
// with such a compiler, never the judges' rustc 1.63.
#![allow(clippy::incompatible_msrv)]

use std::arch::x86_64::*;

use super::super::super::core::bitboard::RAYS;
use super::super::super::core::table::{mix, prefetch};
use super::super::outcomes::Outcomes;
use super::lanes::{count_four, four_cells, Deltas};
use super::Four;

/// Per cell, the union of its eight rays: the discs a move on it may flip or read.
static REACH: [u64; 64] = reach();

const fn reach() -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut c = 0;
    while c < 64 {
        let mut d = 0;
        while d < 8 {
            t[c] |= RAYS[c][d];
            d += 1;
        }
        c += 1;
    }
    t
}

/// Slots of a [`LocalCache`]: 2 MB of 64-byte halves of buckets, which stay in the processor's
/// caches beside the merging of a level.
const ENTRIES: usize = 1 << 15;

/// The slots of the positions this many further on are fetched while one is counted, so
/// that the probes do not wait on memory one after another.
const AHEAD: usize = 4;

/// The cache: buckets of two slots, a new entry taking the one used less recently.
pub struct LocalCache {
    buckets: Vec<Bucket>,
    /// The cells on the board of the positions kept (the key leaves out the opponent's
    /// discs, which are every other cell of the rays).
    area: u64,
    /// The number of the last probe, which marks the slots it uses.
    time: u32,
}

/// Two slots, on at most three cache lines.
#[derive(Clone, Copy, Default)]
struct Bucket([Slot; 2]);

/// A slot: its key (as [`Spot`]), the count it keeps, and the probe that used it last
/// (0: empty).
#[derive(Clone, Copy, Default)]
struct Slot {
    near: u64,
    packed: u32,
    used: u32,
    deltas: Deltas,
}

impl Default for LocalCache {
    fn default() -> LocalCache {
        LocalCache { buckets: vec![Bucket::default(); ENTRIES / 2], area: 0, time: 0 }
    }
}

impl LocalCache {
    /// [`super::Cache::outcomes`] under the standard rules.
    pub fn outcomes<F: FnMut(usize, Outcomes)>(&mut self, empty: u64, group: &[Four], hits: &mut u64, mut each: F) {
        let cells = Cells::new(empty);
        let mut spots = [Spot::default(); AHEAD];
        for (i, x) in group.iter().enumerate().take(AHEAD) {
            spots[i] = self.locate(&cells, x.p, x.o);
        }
        for (i, x) in group.iter().enumerate() {
            let spot = spots[i % AHEAD];
            if let Some(y) = group.get(i + AHEAD) {
                spots[i % AHEAD] = self.locate(&cells, y.p, y.o);
            }
            let outcomes = match self.count(&spot, x.p, x.o, x.margin, hits) {
                Some(t) => t,
                // The player to move has no move: the opponent's, or the game is over.
                None => {
                    let spot = self.locate(&cells, x.o, x.p);
                    self.count(&spot, x.o, x.p, -x.margin, hits)
                        .map_or(Outcomes::leaf(x.margin), Outcomes::for_opponent)
                }
            };
            each(i, outcomes);
        }
    }

    /// Where the position with discs `p` for the player to move and `o` for the opponent
    /// (its empty cells those of `cells`) is kept, its bucket fetched into the processor's
    /// cache; a position of another area than the last empties the cache first.
    #[inline]
    fn locate(&mut self, cells: &Cells, p: u64, o: u64) -> Spot {
        let area = p | o | cells.empty;
        if area != self.area {
            self.buckets.iter_mut().for_each(|b| *b = Bucket::default());
            self.area = area;
        }
        let near = read_discs(p, o, cells);
        let bucket = mix(near ^ (cells.packed as u64).rotate_left(40)) as usize & (self.buckets.len() - 1);
        // The bucket's cache lines: its first byte, its last, and one between.
        let slots = &self.buckets[bucket].0;
        prefetch(&slots[0]);
        prefetch(&slots[1]);
        prefetch(&slots[1].deltas.lanes);
        Spot { empty: cells.empty, near, packed: cells.packed, bucket }
    }

    /// The outcomes of the position at `spot` (with discs `p`, `o` and margin `margin`,
    /// which an 8×8 board keeps within 64 either way); `None` if its player to move has no
    /// move.
    #[inline]
    fn count(&mut self, spot: &Spot, p: u64, o: u64, margin: i32, hits: &mut u64) -> Option<Outcomes> {
        self.time = self.time.wrapping_add(1).max(1);
        let (time, slots) = (self.time, &mut self.buckets[spot.bucket].0);
        let found = slots.iter().position(|s| s.used != 0 && s.near == spot.near && s.packed == spot.packed);
        let at = found.unwrap_or((slots[1].used < slots[0].used) as usize);
        let slot = &mut slots[at];
        slot.used = time;
        if found.is_some() {
            *hits += slot.deltas.moved() as u64;
        } else {
            let cells = four_cells(spot.empty);
            let rays = cells.map(|c| &RAYS[c as usize]);
            // SAFETY: this module is built only where the build targets AVX-512 F, CD and
            // VPOPCNTDQ (the `lanes` cfg).
            let deltas = unsafe {
                if p | o | spot.empty == !0 {
                    count_four::<Deltas, true, false, true>(p, o, cells, rays, 0)
                } else {
                    count_four::<Deltas, true, false, false>(p, o, cells, rays, 0)
                }
            };
            // A position whose player to move has no move keeps a count without games.
            *slot = Slot { near: spot.near, packed: spot.packed, used: time, deltas: deltas.unwrap_or_default() };
        }
        if slot.deltas.moved() {
            Some(slot.deltas.outcomes(margin))
        } else {
            None
        }
    }
}

/// Where a four-cell position is kept: its empty cells, its key and its bucket. The key is
/// the neighbourhood as the last four moves may read it less the opponent's discs, which
/// are every cell of the rays that is neither the player's nor empty nor off the board:
/// the player's discs on the rays as [`read_discs`] gives them, and the cells packed six
/// bits each.
#[derive(Clone, Copy, Default)]
struct Spot {
    empty: u64,
    near: u64,
    packed: u32,
    bucket: usize,
}

/// Four empty cells as the keys use them: their bits, their indices packed six bits each,
/// their rays, and the cells of the rays that are on one ray only.
struct Cells {
    empty: u64,
    packed: u32,
    rays: u64,
    alone: u64,
}

impl Cells {
    /// The four empty cells of `empty` (which has four bits).
    fn new(empty: u64) -> Cells {
        let cells = four_cells(empty);
        let r = cells.map(|c| REACH[c as usize]);
        let rays = r[0] | r[1] | r[2] | r[3];
        let crossed = (r[0] & (r[1] | r[2] | r[3])) | (r[1] & (r[2] | r[3])) | (r[2] & r[3]);
        let packed = cells[0] | cells[1] << 6 | cells[2] << 12 | cells[3] << 18;
        Cells { empty, packed, rays, alone: rays & !crossed }
    }
}

/// The discs of the player to move in the key of the position with discs `p` and `o`
/// (empty cells `cells`): those of the cells of the rays that the last four moves may read
/// ([`read_cells`]), and every other disc of the rays as if it were theirs. Those others
/// are never read nor flipped, so positions that differ only there have the same games
/// (with the margin moved by what they differ), and the key stands for the neighbourhood
/// as read.
#[inline(always)]
fn read_discs(p: u64, o: u64, cells: &Cells) -> u64 {
    let read = read_cells(cells.empty, cells.alone & p, cells.alone & o);
    (p & read) | ((p | o) & cells.rays & !read)
}

/// The cells of the rays of the empty cells `empty` that a move on them may read, given
/// `p_alone` and `o_alone`, the discs of both players on one ray only: along each ray, the
/// cells up to the first of each. Only that ray's cell can flip such a disc, so until it is
/// played the disc keeps its colour, and then a move reads the ray no further than the
/// first disc of the mover or the first disc of the other colour.
///
/// The eight directions are the eight lanes of one vector (as [`RAYS`] orders them:
/// towards lower bits a rotation by 64 less the step), each filled from the cells next to
/// `empty` by doubling steps over the cells that are not such a disc; `EDGES` drops the
/// steps that cross a side or wrap around.
#[inline(always)]
fn read_cells(empty: u64, p_alone: u64, o_alone: u64) -> u64 {
    const ROW_1: u64 = 0xff;
    const ROW_8: u64 = 0xff << 56;
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    /// Per direction, the cells a step may land on.
    const EDGES: [u64; 8] =
        [!ROW_8, NOT_A & !ROW_8, NOT_A, NOT_A & !ROW_1, !ROW_1, NOT_H & !ROW_1, NOT_H, NOT_H & !ROW_8];
    // SAFETY: as in `LocalCache::count`.
    unsafe {
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
}

#[cfg(test)]
mod tests;
