//! Four empty cells counted with the 24 orders of their moves side by side in the 64-bit
//! lanes of AVX-512 vectors: built only where the build targets AVX-512 F, CD and
//! VPOPCNTDQ (the `lanes` cfg), which is what makes every `unsafe` block here sound.
//!
//! The moves are computed level by level, all of a level's at once, as a tree: the four
//! first moves in four lanes, the second ones in the lanes of the 12 two-cell beginnings
//! ([`PAIRS`]), the third and the last in those of the 24 orders ([`ORDERS`]), three
//! vectors. A lane holds the discs of the player to move and the opponent's, and the
//! first player's margin; masks of 24 bits (lane `l` is bit `l`, vector `v` holds lanes
//! `8v..8v + 8`) say which lanes are still sequences and whose turn it is. A move that is
//! not legal takes its lane out; where the player to move has no move left in a lane's
//! group (the lanes with the same cells played so far), that player passes and the other
//! one plays the lane's cell, or the game is over (counted once per group).

// The vectors of a level are indexed together, several arrays at a time. The AVX-512
// intrinsics are stable since Rust 1.89: `build.rs` builds this module only with such a
// compiler, never the judges' rustc 1.63.
#![allow(clippy::needless_range_loop, clippy::incompatible_msrv)]

use std::arch::x86_64::*;

use super::super::super::core::bitboard::{neighbours, BitRules, RAYS};
use super::super::outcomes::Outcomes;

/// [`super::outcomes`] of a position with four empty cells.
#[inline]
pub fn outcomes<R: BitRules>(p: u64, o: u64, empty: u64, margin: i32) -> Outcomes {
    // SAFETY: this module is built only where the build targets the three features.
    let count = |p: u64, o: u64, margin: i32| unsafe { four::<R, true>(p, o, empty, margin) };
    match count(p, o, margin) {
        Some(t) => Outcomes { wins: t[0], losses: t[1], draws: t[2] },
        None if R::PASSES => match count(o, p, -margin) {
            Some(t) => Outcomes { wins: t[1], losses: t[0], draws: t[2] },
            None => Outcomes::leaf(margin),
        },
        None => Outcomes::leaf(margin),
    }
}

/// [`super::sequences`] of a position with four empty cells.
#[inline]
pub fn sequences<R: BitRules>(p: u64, o: u64, empty: u64) -> u64 {
    // SAFETY: as above.
    let count = |p: u64, o: u64| unsafe { four::<R, false>(p, o, empty, 0) };
    count(p, o).or_else(|| if R::PASSES { count(o, p) } else { None }).map_or(1, |t| t[0])
}

/// The counts of a 64-bit board whose only empty cells are the four of `empty`, with or
/// without outcomes; `None` if the player to move has no move.
#[inline(always)]
unsafe fn four<R: BitRules, const OUTCOMES: bool>(p: u64, o: u64, empty: u64, margin: i32) -> Option<[u64; 3]> {
    let cells = four_cells(empty);
    if R::ADJACENT {
        // Under adjacent capture a cell's neighbours stand in for its rays.
        let around = cells.map(|c| [neighbours(1 << c), 0, 0, 0, 0, 0, 0, 0]);
        let rays = [&around[0], &around[1], &around[2], &around[3]];
        return count_four::<Tallies, OUTCOMES, true, false>(p, o, cells, rays, margin).map(|t| t.counts());
    }
    let rays = cells.map(|c| &RAYS[c as usize]);
    let t = if OUTCOMES && p | o | empty == !0 {
        count_four::<Tallies, OUTCOMES, false, true>(p, o, cells, rays, margin)
    } else {
        count_four::<Tallies, OUTCOMES, false, false>(p, o, cells, rays, margin)
    };
    t.map(|t| t.counts())
}

/// The four lowest set bits of `empty`, in increasing order.
#[inline(always)]
pub fn four_cells(empty: u64) -> [u32; 4] {
    let mut cells = [0u32; 4];
    let mut rest = empty;
    for cell in cells.iter_mut() {
        *cell = rest.trailing_zeros();
        rest &= rest.wrapping_sub(1);
    }
    cells
}

/// Per direction: lane `k` (0 to 3) of the result is lane `d` of `rows[k]` (one cell's
/// eight rays); lanes 4 to 7 are 0. As two transposes of 4×4 words in 256-bit vectors.
#[inline(always)]
unsafe fn transpose(rows: [__m512i; 4]) -> [__m512i; 8] {
    let mut out = [_mm512_setzero_si512(); 8];
    for half in 0..2 {
        let r =
            rows.map(|row| if half == 0 { _mm512_castsi512_si256(row) } else { _mm512_extracti64x4_epi64::<1>(row) });
        // Rows 0 and 1 (2 and 3) interleaved: their directions 0 and 2, then 1 and 3.
        let (even01, odd01) = (_mm256_unpacklo_epi64(r[0], r[1]), _mm256_unpackhi_epi64(r[0], r[1]));
        let (even23, odd23) = (_mm256_unpacklo_epi64(r[2], r[3]), _mm256_unpackhi_epi64(r[2], r[3]));
        let d = 4 * half;
        out[d] = _mm512_zextsi256_si512(_mm256_permute2x128_si256::<0x20>(even01, even23));
        out[d + 1] = _mm512_zextsi256_si512(_mm256_permute2x128_si256::<0x20>(odd01, odd23));
        out[d + 2] = _mm512_zextsi256_si512(_mm256_permute2x128_si256::<0x31>(even01, even23));
        out[d + 3] = _mm512_zextsi256_si512(_mm256_permute2x128_si256::<0x31>(odd01, odd23));
    }
    out
}

/// The lanes of `k` where `a` is not empty.
#[inline(always)]
unsafe fn any(k: __mmask8, a: __m512i) -> __mmask8 {
    _mm512_mask_test_epi64_mask(k, a, a)
}

/// The flips in each lane of the player with discs `p` against `o` at the cell whose
/// rays are `rays` (direction `d` in `rays[d]`, as [`RAYS`]): on a ray towards higher
/// bits the first cell that is not an opponent disc is the lowest one, found by a borrow;
/// towards lower bits the highest, by `lzcnt`. The run before it flips if the mover holds
/// that cell. The runs are merged in four partial unions, one per pair of opposite
/// directions, so that they do not wait on one another.
#[inline(always)]
unsafe fn flips(p: __m512i, o: __m512i, rays: &[__m512i; 8]) -> __m512i {
    let zero = _mm512_setzero_si512();
    let mut runs = [zero; 4];
    for (j, &d) in [2, 3, 4, 5].iter().enumerate() {
        let stops = _mm512_andnot_si512(o, rays[d]);
        let borrowed = _mm512_sub_epi64(stops, _mm512_set1_epi64(1));
        let closed = _mm512_test_epi64_mask(_mm512_andnot_si512(borrowed, stops), p);
        // 0x08: !a & b & c, the ray's cells below the lowest stop.
        runs[j] = _mm512_maskz_ternarylogic_epi64::<0x08>(closed, stops, borrowed, rays[d]);
    }
    for (j, &d) in [6, 7, 0, 1].iter().enumerate() {
        let stops = _mm512_andnot_si512(o, rays[d]);
        // No stop: `lzcnt` is 64 and the shift leaves nothing.
        let first = _mm512_srlv_epi64(_mm512_set1_epi64(i64::MIN), _mm512_lzcnt_epi64(stops));
        let closed = _mm512_test_epi64_mask(first, p);
        let above = _mm512_sub_epi64(zero, _mm512_add_epi64(first, first));
        // 0xf8: a | (b & c).
        runs[j] = _mm512_mask_ternarylogic_epi64::<0xf8>(runs[j], closed, rays[d], above);
    }
    _mm512_ternarylogic_epi64::<0xfe>(runs[0], runs[1], _mm512_or_si512(runs[2], runs[3]))
}

/// On a full 8×8 board but for one cell, whose rays are `rays`, with `me` one player's
/// discs in each lane: both players' flips there, from one pass. Per ray, the run of one
/// colour next to the cell flips if a disc of the other colour ends it: on a full board
/// the run ends at the ray's first change of colour (`me` against `me` moved one step
/// along the ray), and each run is the opponent's of one of the two players.
#[inline(always)]
unsafe fn full_flips(me: __m512i, other: __m512i, rays: &[__m512i; 8]) -> (__m512i, __m512i) {
    let runs = [
        run_down::<1>(run_up::<1>(me, rays[2]), me, rays[6]),
        run_down::<9>(run_up::<9>(me, rays[3]), me, rays[7]),
        run_down::<8>(run_up::<8>(me, rays[4]), me, rays[0]),
        run_down::<7>(run_up::<7>(me, rays[5]), me, rays[1]),
    ];
    let all = _mm512_ternarylogic_epi64::<0xfe>(runs[0], runs[1], _mm512_or_si512(runs[2], runs[3]));
    (_mm512_and_si512(all, other), _mm512_and_si512(all, me))
}

/// [`full_flips`] on a ray towards higher bits, by steps of `STEP` bits: the cells below
/// its first change of colour, if it has one.
#[inline(always)]
unsafe fn run_up<const STEP: u32>(me: __m512i, ray: __m512i) -> __m512i {
    let changes = _mm512_xor_si512(me, _mm512_slli_epi64::<STEP>(me));
    // 0x80: a & b & c; the ray moved one step along itself is the ray bar its first cell.
    let stops = _mm512_ternarylogic_epi64::<0x80>(changes, ray, _mm512_slli_epi64::<STEP>(ray));
    let some = _mm512_test_epi64_mask(stops, stops);
    _mm512_maskz_ternarylogic_epi64::<0x08>(some, stops, _mm512_sub_epi64(stops, _mm512_set1_epi64(1)), ray)
}

/// [`full_flips`] on a ray towards lower bits: `runs` and the cells above its first change
/// of colour (the highest, by `lzcnt`), if it has one.
#[inline(always)]
unsafe fn run_down<const STEP: u32>(runs: __m512i, me: __m512i, ray: __m512i) -> __m512i {
    let changes = _mm512_xor_si512(me, _mm512_srli_epi64::<STEP>(me));
    let stops = _mm512_ternarylogic_epi64::<0x80>(changes, ray, _mm512_srli_epi64::<STEP>(ray));
    let first = _mm512_srlv_epi64(_mm512_set1_epi64(i64::MIN), _mm512_lzcnt_epi64(stops));
    let above = _mm512_sub_epi64(_mm512_setzero_si512(), _mm512_add_epi64(first, first));
    _mm512_ternarylogic_epi64::<0xf8>(runs, ray, above)
}

/// The lanes of `k` where the player with discs `p` has a move against `o` on the cell
/// whose rays are `rays`, read off the cells that would close a run of `o`'s discs: per
/// ray, its first cell that is not an opponent disc, if the cell before it on the ray is
/// one. The cell before is read off `o` moved one step along the ray, so no run is made:
/// cheaper than the flips where only legality is asked.
#[inline(always)]
unsafe fn legal(k: __mmask8, p: __m512i, o: __m512i, rays: &[__m512i; 8]) -> __mmask8 {
    // Towards higher bits the first stop is the bit its borrow clears; 0x20: a & !b & c.
    let up = |d: usize, before: __m512i| {
        let stops = _mm512_andnot_si512(o, rays[d]);
        _mm512_ternarylogic_epi64::<0x20>(stops, _mm512_sub_epi64(stops, _mm512_set1_epi64(1)), before)
    };
    // Towards lower bits the highest, by `lzcnt`; 0xf8: a | (b & c), added to `acc`.
    let down = |d: usize, before: __m512i, acc: __m512i| {
        let stops = _mm512_andnot_si512(o, rays[d]);
        let first = _mm512_srlv_epi64(_mm512_set1_epi64(i64::MIN), _mm512_lzcnt_epi64(stops));
        _mm512_ternarylogic_epi64::<0xf8>(acc, first, before)
    };
    // The directions as `RAYS` orders them (2 to 5 towards higher bits) and their steps.
    let higher = _mm512_ternarylogic_epi64::<0xfe>(
        up(2, _mm512_slli_epi64::<1>(o)),
        up(3, _mm512_slli_epi64::<9>(o)),
        up(4, _mm512_slli_epi64::<8>(o)),
    );
    let mut acc = _mm512_or_si512(higher, up(5, _mm512_slli_epi64::<7>(o)));
    acc = down(6, _mm512_srli_epi64::<1>(o), acc);
    acc = down(7, _mm512_srli_epi64::<9>(o), acc);
    acc = down(0, _mm512_srli_epi64::<8>(o), acc);
    _mm512_mask_test_epi64_mask(k, down(1, _mm512_srli_epi64::<7>(o), acc), p)
}

/// The flips of a move under the standard rules ([`flips`]), or under adjacent capture
/// (`ADJACENT`: the opponent's discs among the neighbours, which `rays[0]` holds).
#[inline(always)]
unsafe fn move_flips<const ADJACENT: bool>(p: __m512i, o: __m512i, rays: &[__m512i; 8]) -> __m512i {
    if ADJACENT {
        _mm512_and_si512(o, rays[0])
    } else {
        flips(p, o, rays)
    }
}

/// `2 × flips + 1` in each lane: what a move adds to its player's margin.
#[inline(always)]
unsafe fn gain(flips: __m512i) -> __m512i {
    let n = _mm512_popcnt_epi64(flips);
    _mm512_add_epi64(_mm512_add_epi64(n, n), _mm512_set1_epi64(1))
}

/// The cells of the 24 orders of four cells, in lexicographic order: `ORDERS[k][l]` is
/// the index of the cell played `k`-th (from 0) in lane `l`.
const ORDERS: [[i64; 24]; 4] = orders();

const fn orders() -> [[i64; 24]; 4] {
    let mut t = [[0i64; 24]; 4];
    let mut lane = 0;
    while lane < 24 {
        let mut left = [0i64, 1, 2, 3];
        let rank = [lane / 6, lane / 2 % 3, lane % 2, 0];
        let mut k = 0;
        while k < 4 {
            t[k][lane] = left[rank[k]];
            // Take the picked cell out of the ones left.
            let mut j = rank[k];
            while j + 1 < 4 - k {
                left[j] = left[j + 1];
                j += 1;
            }
            k += 1;
        }
        lane += 1;
    }
    t
}

/// The first two cells of the 12 two-cell beginnings: lane `j` holds the beginning of the
/// orders in lanes `2j` and `2j + 1` (padded to two vectors).
const PAIRS: [[i64; 16]; 2] = pairs();

const fn pairs() -> [[i64; 16]; 2] {
    let mut t = [[0i64; 16]; 2];
    let mut j = 0;
    while j < 12 {
        t[0][j] = ORDERS[0][2 * j];
        t[1][j] = ORDERS[1][2 * j];
        j += 1;
    }
    t
}

/// Per set of legal first moves (bit `c`: the `c`-th cell): the cells, the legal ones
/// first, each in increasing order. Relabelled so, the orders that start with a legal
/// move are the first lanes, and vectors past them are never computed.
const LEGAL_FIRST: [[i64; 8]; 16] = legal_first();

const fn legal_first() -> [[i64; 8]; 16] {
    let mut t = [[0i64; 8]; 16];
    let mut m = 0;
    while m < 16 {
        let mut n = 0;
        let mut pass = 0;
        while pass < 2 {
            let mut c = 0;
            while c < 4 {
                if (m >> c & 1 == 1) == (pass == 0) {
                    t[m][n] = c as i64;
                    n += 1;
                }
                c += 1;
            }
            pass += 1;
        }
        m += 1;
    }
    t
}

/// The lanes of the groups of `size` lanes (from lane 0) that have a lane in `m`.
#[inline(always)]
fn groups(m: u32, size: u32) -> u32 {
    let heads = if size == 2 { 0x55_5555 } else { 0x24_9249 };
    let any = (1..size).fold(m, |a, i| a | m >> i) & heads;
    (1..size).fold(any, |out, i| out | any << i)
}

/// Each of the 12 low bits of `m` twice: bit `j` becomes bits `2j` and `2j + 1`.
#[inline(always)]
fn doubled(m: u32) -> u32 {
    let mut x = m & 0xfff;
    x = (x | x << 8) & 0x00ff_00ff;
    x = (x | x << 4) & 0x0f0f_0f0f;
    x = (x | x << 2) & 0x3333_3333;
    x = (x | x << 1) & 0x5555_5555;
    x * 3
}

/// Where a game ended before the last cell: after the second move (a lane of the 12
/// beginnings stands for its two orders) or the third (a lane of the 24 orders); or not.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Early {
    Pairs,
    Orders,
    No,
}

/// Where a four-cell count puts the games that end: their final margins (for the first
/// player), a vector of lanes at a time, or (without outcomes) their number.
pub trait Sink: Default {
    /// The games of `lanes` of vector `v` end with margins `m` (the first of its orders
    /// stands for a game that ends `early`).
    unsafe fn ended(&mut self, v: usize, m: __m512i, lanes: __mmask8, early: Early);
    /// `n` more games end (sequences only).
    fn add(&mut self, n: u64);
}

/// Wins, losses and draws (or, without outcomes, the sequences first); the last cell's
/// gathered as masks of the 24 orders and counted once.
#[derive(Default)]
pub struct Tallies {
    counts: [u64; 3],
    won: u32,
    lost: u32,
    drawn: u32,
}

impl Sink for Tallies {
    #[inline(always)]
    unsafe fn ended(&mut self, v: usize, m: __m512i, lanes: __mmask8, early: Early) {
        let zero = _mm512_setzero_si512();
        let (won, lost) = (_mm512_mask_cmpgt_epi64_mask(lanes, m, zero), _mm512_mask_cmplt_epi64_mask(lanes, m, zero));
        let drawn = _mm512_mask_cmpeq_epi64_mask(lanes, m, zero);
        if early != Early::No {
            self.counts[0] += won.count_ones() as u64;
            self.counts[1] += lost.count_ones() as u64;
            self.counts[2] += drawn.count_ones() as u64;
            return;
        }
        self.won |= (won as u32) << (8 * v);
        self.lost |= (lost as u32) << (8 * v);
        self.drawn |= (drawn as u32) << (8 * v);
    }

    #[inline(always)]
    fn add(&mut self, n: u64) {
        self.counts[0] += n;
    }
}

impl Tallies {
    /// `[wins, losses, draws]`, or `[sequences, 0, 0]`.
    #[inline(always)]
    fn counts(&self) -> [u64; 3] {
        let c = &self.counts;
        [
            c[0] + self.won.count_ones() as u64,
            c[1] + self.lost.count_ones() as u64,
            c[2] + self.drawn.count_ones() as u64,
        ]
    }
}

/// The games of a four-cell count as their final margins from a start margin of 0, one
/// per order of the 24 that is a game (`lanes`; a game over early sits in the first of its
/// orders), saturated to `i8`: added to a margin of at most 64 either way, they keep
/// their sign. So one count serves every position with the same neighbourhood.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Deltas {
    d: [i8; 24],
    /// The orders that are games.
    pub lanes: u32,
}

impl Sink for Deltas {
    #[inline(always)]
    unsafe fn ended(&mut self, v: usize, m: __m512i, lanes: __mmask8, early: Early) {
        if early == Early::Pairs {
            // A beginning `j` stands for the orders `2j` and `2j + 1`.
            let mut bytes = [0i8; 16];
            _mm_storeu_si128(bytes.as_mut_ptr() as *mut __m128i, _mm512_cvtsepi64_epi8(m));
            for l in (0..8).filter(|l| lanes >> l & 1 == 1) {
                self.d[2 * (8 * v + l)] = bytes[l];
                self.lanes |= 1 << (2 * (8 * v + l));
            }
            return;
        }
        _mm512_mask_cvtsepi64_storeu_epi8(self.d.as_mut_ptr().add(8 * v) as *mut _, lanes, m);
        self.lanes |= (lanes as u32) << (8 * v);
    }

    fn add(&mut self, _: u64) {}
}

impl Deltas {
    /// Whether the first player had a move (a count whose first player has none holds no
    /// game).
    #[inline(always)]
    pub fn moved(&self) -> bool {
        self.lanes != 0
    }

    /// `[wins, losses, draws]` for the first player from margin `margin` (at most 64
    /// either way).
    #[inline(always)]
    pub fn outcomes(&self, margin: i32) -> Outcomes {
        let mut d = [0i8; 32];
        d[..24].copy_from_slice(&self.d);
        // SAFETY: as in this module's entry points; the loads read 16 of `d`'s 32 bytes.
        let (won, lost) = unsafe {
            let low = _mm512_cvtepi8_epi32(_mm_loadu_si128(d.as_ptr() as *const __m128i));
            let high = _mm512_cvtepi8_epi32(_mm_loadu_si128(d[16..].as_ptr() as *const __m128i));
            let t = _mm512_set1_epi32(-margin);
            let (a, b) = (self.lanes as u16, (self.lanes >> 16) as u16);
            let won = _mm512_mask_cmpgt_epi32_mask(a, low, t).count_ones()
                + _mm512_mask_cmpgt_epi32_mask(b, high, t).count_ones();
            let lost = _mm512_mask_cmplt_epi32_mask(a, low, t).count_ones()
                + _mm512_mask_cmplt_epi32_mask(b, high, t).count_ones();
            (won, lost)
        };
        Outcomes { wins: won as u64, losses: lost as u64, draws: (self.lanes.count_ones() - won - lost) as u64 }
    }
}

/// The four cells of a count: per direction, their rays in lanes 0 to 3, and their bits
/// in the same lanes. A vector of lanes picks its cells' rays and bits by an index.
struct Place {
    by_direction: [__m512i; 8],
    bits: __m512i,
}

impl Place {
    /// The rays, direction by direction, of the cells that index `i` picks (under adjacent
    /// capture only the first, the neighbours, is read).
    #[inline(always)]
    unsafe fn rays<const ADJACENT: bool>(&self, i: __m512i) -> [__m512i; 8] {
        let mut r = self.by_direction;
        for (d, ray) in r.iter_mut().enumerate().take(if ADJACENT { 1 } else { 8 }) {
            *ray = _mm512_permutexvar_epi64(i, self.by_direction[d]);
        }
        r
    }

    /// The bits of the cells that index `i` picks.
    #[inline(always)]
    unsafe fn cell(&self, i: __m512i) -> __m512i {
        _mm512_permutexvar_epi64(i, self.bits)
    }
}

/// The lanes of a level: per vector, the two players' discs (the one to move first) and
/// the first player's margin; as masks of lanes, those still sequences and those where
/// the first player is to move.
struct Ply {
    me: [__m512i; 3],
    other: [__m512i; 3],
    m: [__m512i; 3],
    alive: u32,
    first: u32,
}

/// Bits `8v..8v + 8` of `m`: the lanes of vector `v`.
#[inline(always)]
fn slice(m: u32, v: usize) -> __mmask8 {
    (m >> (8 * v)) as __mmask8
}

/// Plays the move of each live lane of `l` (the first `vectors` vectors) on the cell that
/// the index `at[v]` picks for vector `v`: by the player to move, or, where that player
/// has no move in the lane's group (the lanes of `size` with the same cells played so
/// far), by the other one; where neither has, the game is over, and its outcome (per
/// group, at the lanes `heads`) goes to `sink`.
#[inline(always)]
unsafe fn ply<K: Sink, const OUTCOMES: bool, const ADJACENT: bool>(
    l: &mut Ply,
    four: &Place,
    at: &[__m512i; 3],
    vectors: usize,
    size: u32,
    heads: u32,
    sink: &mut K,
) {
    let mut fl: [Option<__m512i>; 3] = [None; 3];
    let mut moved = 0u32;
    for v in 0..vectors {
        if slice(l.alive, v) != 0 {
            let f = move_flips::<ADJACENT>(l.me[v], l.other[v], &four.rays::<ADJACENT>(at[v]));
            moved |= (any(slice(l.alive, v), f) as u32) << (8 * v);
            fl[v] = Some(f);
        }
    }
    let passed = l.alive & !groups(moved, size);
    let mut again = 0u32;
    if passed != 0 {
        // Under adjacent capture a player without a move does not pass: the game is over.
        for v in 0..if ADJACENT { 0 } else { vectors } {
            let lanes = slice(passed, v);
            if lanes != 0 {
                let f = flips(l.other[v], l.me[v], &four.rays::<ADJACENT>(at[v]));
                let ok = any(lanes, f);
                again |= (ok as u32) << (8 * v);
                // The other player moves; the same player is to move again.
                if OUTCOMES {
                    let (g, mine) = (gain(f), slice(l.first, v) & ok);
                    l.m[v] = _mm512_mask_sub_epi64(l.m[v], mine, l.m[v], g);
                    l.m[v] = _mm512_mask_add_epi64(l.m[v], ok & !mine, l.m[v], g);
                }
                let other_now = _mm512_ternarylogic_epi64::<0x96>(l.other[v], f, four.cell(at[v]));
                l.me[v] = _mm512_mask_mov_epi64(l.me[v], ok, _mm512_xor_si512(l.me[v], f));
                l.other[v] = _mm512_mask_mov_epi64(l.other[v], ok, other_now);
            }
        }
        let over = passed & !groups(again, size) & heads;
        if OUTCOMES {
            let early = if size == 3 { Early::Pairs } else { Early::Orders };
            for v in 0..vectors {
                sink.ended(v, l.m[v], slice(over, v), early);
            }
        } else {
            sink.add(over.count_ones() as u64);
        }
    }
    for v in 0..vectors {
        let (ok, f) = match fl[v] {
            Some(f) => (slice(moved, v), f),
            None => continue,
        };
        if OUTCOMES {
            let (g, mine) = (gain(f), slice(l.first, v) & ok);
            l.m[v] = _mm512_mask_add_epi64(l.m[v], mine, l.m[v], g);
            l.m[v] = _mm512_mask_sub_epi64(l.m[v], ok & !mine, l.m[v], g);
        }
        let me_now = _mm512_xor_si512(l.other[v], f);
        // 0x96: a ^ b ^ c.
        let other_now = _mm512_ternarylogic_epi64::<0x96>(l.me[v], f, four.cell(at[v]));
        // Where no lane passed, the lanes that did not move are out, and never read.
        l.me[v] = if passed == 0 { me_now } else { _mm512_mask_mov_epi64(l.me[v], ok, me_now) };
        l.other[v] = if passed == 0 { other_now } else { _mm512_mask_mov_epi64(l.other[v], ok, other_now) };
    }
    l.first ^= moved;
    l.alive = moved | again;
}

/// The sequences from the two-cell positions of `l` (lanes of the 24 orders, in groups of
/// two with the same first two cells; `at[v]` picks the third cell of vector `v`'s lanes):
/// the legal moves of a position, or else the other player's, or else one, as the game is
/// over. The last cell is one sequence whoever plays it, so no move is made.
#[inline(always)]
unsafe fn two_cell_sequences<const ADJACENT: bool>(l: &Ply, four: &Place, at: &[__m512i; 3], vectors: usize) -> u64 {
    let mut moved = 0u32;
    for v in 0..vectors {
        let lanes = slice(l.alive, v);
        if lanes != 0 {
            let rays = four.rays::<ADJACENT>(at[v]);
            let ok = if ADJACENT {
                any(lanes, _mm512_and_si512(l.other[v], rays[0]))
            } else {
                legal(lanes, l.me[v], l.other[v], &rays)
            };
            moved |= (ok as u32) << (8 * v);
        }
    }
    let passed = l.alive & !groups(moved, 2);
    let mut again = 0u32;
    if !ADJACENT && passed != 0 {
        for v in 0..vectors {
            let lanes = slice(passed, v);
            if lanes != 0 {
                again |= (legal(lanes, l.other[v], l.me[v], &four.rays::<ADJACENT>(at[v])) as u32) << (8 * v);
            }
        }
    }
    // Once per group where nobody moves.
    let over = passed & !groups(again, 2) & 0x55_5555;
    ((moved | again).count_ones() + over.count_ones()) as u64
}

/// [`count_into`] into a new sink.
#[inline(always)]
pub unsafe fn count_four<K: Sink, const OUTCOMES: bool, const ADJACENT: bool, const FULL: bool>(
    p: u64,
    o: u64,
    cells: [u32; 4],
    rays: [&[u64; 8]; 4],
    margin: i32,
) -> Option<K> {
    let mut sink = K::default();
    count_into::<K, OUTCOMES, ADJACENT, FULL>(p, o, cells, rays, margin, &mut sink)?;
    Some(sink)
}

/// The games of every sequence of moves on the four empty cells `cells` (whose rays are
/// `rays`, as [`RAYS`]; under adjacent capture, `ADJACENT`, their neighbours in
/// `rays[k][0]`) for the player with discs `p` to move against `o` with margin `margin`,
/// into `sink`: their final margins (`OUTCOMES`) or their number. `None` if that player
/// has no move, a case the caller counts. `FULL`: every other cell of the board holds a
/// disc, so the last cell's flips of both players come from one pass.
#[inline(always)]
unsafe fn count_into<K: Sink, const OUTCOMES: bool, const ADJACENT: bool, const FULL: bool>(
    p: u64,
    o: u64,
    cells: [u32; 4],
    rays: [&[u64; 8]; 4],
    margin: i32,
    sink: &mut K,
) -> Option<()> {
    let zero = _mm512_setzero_si512();
    let row = |k: usize| _mm512_loadu_si512(rays[k].as_ptr() as *const _);
    let by_direction = transpose([row(0), row(1), row(2), row(3)]);
    let c = cells.map(|c| c as i64);
    let bits = _mm512_sllv_epi64(_mm512_set1_epi64(1), _mm512_setr_epi64(c[0], c[1], c[2], c[3], 0, 0, 0, 0));

    // The first move, in lanes 0-3 (one per cell).
    let (p, o) = (_mm512_set1_epi64(p as i64), _mm512_set1_epi64(o as i64));
    let f = move_flips::<ADJACENT>(p, o, &by_direction);
    let legal = any(0b1111, f) as usize;
    if legal == 0 {
        return None;
    }
    // The cells relabelled, the legal first moves first: the beginnings and orders that
    // start with one fill the first lanes, and only the vectors that hold them are
    // computed.
    let relabel = _mm512_loadu_si512(LEGAL_FIRST[legal].as_ptr() as *const _);
    let at = |table: &[i64], v: usize| {
        _mm512_permutexvar_epi64(_mm512_loadu_si512(table[8 * v..].as_ptr() as *const _), relabel)
    };
    let (me1, other1) = (_mm512_xor_si512(o, f), _mm512_ternarylogic_epi64::<0x96>(p, f, bits));
    let m1 = _mm512_add_epi64(_mm512_set1_epi64(margin as i64), gain(f));
    let four = Place { by_direction, bits };
    // Per vector: the index that picks the cell its lanes play.
    let mut cell_at = [relabel; 3];

    // The second move, in the 12 two-cell beginnings (groups of 3 with the same first
    // cell), the first player's opponent to move.
    let pairs = 3 * legal.count_ones() as usize;
    let mut two = Ply { me: [f; 3], other: [f; 3], m: [zero; 3], alive: (1u32 << pairs) - 1, first: 0 };
    for v in 0..(pairs + 7) / 8 {
        let i = at(&PAIRS[0], v);
        two.me[v] = _mm512_permutexvar_epi64(i, me1);
        two.other[v] = _mm512_permutexvar_epi64(i, other1);
        two.m[v] = _mm512_permutexvar_epi64(i, m1);
        cell_at[v] = at(&PAIRS[1], v);
    }
    ply::<K, OUTCOMES, ADJACENT>(&mut two, &four, &cell_at, (pairs + 7) / 8, 3, 0b001_001_001_001, sink);

    // The third move, in the 24 orders (groups of 2 with the same first two cells): each
    // beginning's lanes spread over its two orders.
    let vectors = (2 * pairs + 7) / 8;
    let mut l = Ply { me: [f; 3], other: [f; 3], m: [zero; 3], alive: doubled(two.alive), first: doubled(two.first) };
    for v in 0..vectors {
        let j = 4 * v as i64;
        let spread = _mm512_setr_epi64(j, j, j + 1, j + 1, j + 2, j + 2, j + 3, j + 3);
        l.me[v] = _mm512_permutex2var_epi64(two.me[0], spread, two.me[1]);
        l.other[v] = _mm512_permutex2var_epi64(two.other[0], spread, two.other[1]);
        l.m[v] = _mm512_permutex2var_epi64(two.m[0], spread, two.m[1]);
        cell_at[v] = at(&ORDERS[2], v);
    }
    if !OUTCOMES {
        sink.add(two_cell_sequences::<ADJACENT>(&l, &four, &cell_at, vectors));
        return Some(());
    }
    ply::<K, OUTCOMES, ADJACENT>(&mut l, &four, &cell_at, vectors, 2, 0x55_5555, sink);
    // The last cell, by the player to move or else the other one: both players' flips are
    // computed, as a branch on whether the second ones are needed costs more than they do.
    for v in 0..vectors {
        let lanes = slice(l.alive, v);
        if lanes == 0 {
            continue;
        }
        let rays = four.rays::<ADJACENT>(at(&ORDERS[3], v));
        let (f, g) = if FULL {
            full_flips(l.me[v], l.other[v], &rays)
        } else if ADJACENT {
            // Under adjacent capture nobody else plays it.
            let f = move_flips::<ADJACENT>(l.me[v], l.other[v], &rays);
            (f, f)
        } else {
            (flips(l.me[v], l.other[v], &rays), flips(l.other[v], l.me[v], &rays))
        };
        let by_mover = any(lanes, f);
        let by_other = if ADJACENT { 0 } else { any(lanes & !by_mover, g) };
        // For the first player: their own move or the opponent's.
        let mine = slice(l.first, v);
        let up = (by_mover & mine) | (by_other & !mine);
        let down = (by_mover & !mine) | (by_other & mine);
        let step = _mm512_mask_mov_epi64(gain(g), by_mover, gain(f));
        let end = _mm512_mask_add_epi64(l.m[v], up, l.m[v], step);
        sink.ended(v, _mm512_mask_sub_epi64(end, down, end, step), lanes, Early::No);
    }
    Some(())
}

#[cfg(test)]
mod tests;

/// A move on `sq` in the (up to) eight positions of `words`, as in [`super::children`],
/// under the standard rules: per position, the child's discs of its player to move and
/// the flips.
#[inline]
pub fn flips_of_eight(words: &[u64], set: u64, discs: u64, sq: u32) -> ([u64; 8], [u64; 8]) {
    let n = words.len().min(16);
    let (mut children, mut out) = ([0u64; 8], [0u64; 8]);
    // SAFETY: this module is built only where the build targets the three features; the
    // masked loads read only the words there are.
    unsafe {
        let low = _mm512_maskz_loadu_epi64(((1u32 << n.min(8)) - 1) as __mmask8, words.as_ptr() as *const _);
        let high = _mm512_maskz_loadu_epi64(
            ((1u32 << n.saturating_sub(8)) - 1) as __mmask8,
            words.as_ptr().wrapping_add(8) as *const _,
        );
        // The keys, every other word.
        let keys = _mm512_permutex2var_epi64(low, _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14), high);
        let p = _mm512_andnot_si512(_mm512_set1_epi64(set as i64), keys);
        let o = _mm512_andnot_si512(p, _mm512_set1_epi64(discs as i64));
        let f = flips(p, o, &RAYS[sq as usize].map(|r| _mm512_set1_epi64(r as i64)));
        _mm512_storeu_si512(children.as_mut_ptr() as *mut _, _mm512_xor_si512(o, f));
        _mm512_storeu_si512(out.as_mut_ptr() as *mut _, f);
    }
    (children, out)
}
