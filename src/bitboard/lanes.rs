//! The last four empty cells of an outcome count, counted with the 24 orders of their
//! moves side by side in the 64-bit lanes of AVX-512 vectors, under the standard rules
//! or under adjacent capture (Dumbothello's: see [`last_four`]):
//! compiled only in cargo builds with the `avx512` feature for processors with AVX-512F,
//! CD and VPOPCNTDQ (see [`count_four`]). A lane holds one order (from the third move;
//! before, one distinct beginning, so that the tree's 4 first and 12 second moves are
//! computed once each): the player to move's and the opponent's discs as bit sets, the
//! first player's margin, and per level the rays of the lane's cell. Masks of 24 bits
//! (lane `l` is bit `l`; vector `v` holds lanes `8v..8v + 8`) say which lanes are still
//! sequences and whose turn it is.
//!
//! The bit sets are [`Sets`]: one vector for the 64-bit boards ([`Narrow`]: cell
//! `(r, c)` is bit `8 * r + c`, as in [`super`]), a vector of low words and one of high
//! words for the 128-bit sets of `super::super::wide` ([`Wide`]), a vector of its cells
//! in one word and one of their anchors where only the anchors take them past 64 bits
//! ([`Anchored`]), or a vector per word for its wider sets packed into three to sixteen
//! words ([`Multi`]).
//!
//! Beside the counts: [`flips_of_eight`], one move in eight positions at once, with which
//! the counts by levels make their children, and [`cache`], the caches that let positions
//! with the same neighbourhood share one count.

use std::arch::x86_64::*;

pub mod cache;

/// Eight lanes of bit sets, each with the operations [`count_four`] needs.
///
/// # Safety
///
/// Every method uses AVX-512 instructions: the processor must have AVX-512F, CD and
/// VPOPCNTDQ (the module is built only where the build targets them).
#[allow(clippy::missing_safety_doc)]
pub trait Sets: Copy {
    /// One bit set.
    type Bits: Copy;
    /// One cell's eight rays, in the order of [`super::RAYS`].
    type Rays;
    /// `x` in every lane.
    unsafe fn splat(x: Self::Bits) -> Self;
    /// Bit `cells[k]` in lane `k` (0 to 3), nothing in the others.
    unsafe fn cells(cells: [u32; 4]) -> Self;
    /// Per direction `d`: the ray `rays[k][d]` in lane `k` (0 to 3).
    unsafe fn by_direction(rays: [&Self::Rays; 4]) -> [Self; 8];
    /// `a & b`.
    unsafe fn and(a: Self, b: Self) -> Self;
    /// `a ^ b`.
    unsafe fn xor(a: Self, b: Self) -> Self;
    /// `a ^ b ^ c`.
    unsafe fn xor3(a: Self, b: Self, c: Self) -> Self;
    /// `b` in the lanes `k`, `a` in the others.
    unsafe fn select(a: Self, k: __mmask8, b: Self) -> Self;
    /// Lane `l` of `a` in lane `i`'s place, for each lane `i` of `index` holding `l`.
    unsafe fn permute(index: __m512i, a: Self) -> Self;
    /// Lane `l` of `a` (0 to 7) or `l - 8` of `b` (8 to 15) in lane `i`'s place, for
    /// each lane `i` of `index` holding `l`.
    unsafe fn permute2(index: __m512i, a: Self, b: Self) -> Self;
    /// The lanes of `k` where `a` is not empty.
    unsafe fn any(k: __mmask8, a: Self) -> __mmask8;
    /// The number of bits of each lane.
    unsafe fn count(a: Self) -> __m512i;
    /// The flips in each lane of the player with discs `p` against `o` at the cell whose
    /// eight rays are `rays` (direction `d` in `rays[d]`, as [`super::RAYS`]): on a ray
    /// towards higher bits the first cell that is not an opponent disc is the lowest one,
    /// towards lower bits the highest (by `lzcnt`); the run before it flips if the mover
    /// holds that cell.
    unsafe fn flips(p: Self, o: Self, rays: &[Self; 8]) -> Self;
    /// [`Sets::flips`] in lanes 0 to 3, those of the four first moves (the other lanes'
    /// are not read).
    #[inline(always)]
    unsafe fn first_flips(p: Self, o: Self, rays: &[Self; 8]) -> Self {
        Self::flips(p, o, rays)
    }
    /// The flips of a move on the last empty cell of a full board (every cell of the sets
    /// but this one holds a disc), whose rays are `rays`: by the player with discs `p`
    /// against `o`, and by the other player.
    #[inline(always)]
    unsafe fn full_flips(p: Self, o: Self, rays: &[Self; 8]) -> (Self, Self) {
        (Self::flips(p, o, rays), Self::flips(o, p, rays))
    }
    /// The lanes of `k` where the player with discs `p` has a move against `o` on the
    /// cell whose rays are `rays` (as [`Sets::flips`]): where the flips are not empty.
    /// `GRID`: the sets are an 8×8 board's cells (cell `(r, c)` is bit `8 * r + c`), so a
    /// ray's next cell is a shift away.
    #[inline(always)]
    unsafe fn legal<const GRID: bool>(k: __mmask8, p: Self, o: Self, rays: &[Self; 8]) -> __mmask8 {
        Self::any(k, Self::flips(p, o, rays))
    }
}

/// Per direction: lane `k` (0 to 3) of the result is lane `d` of `rows[k]`, each row
/// holding one cell's eight rays (lanes 4 to 7 are 0). As two transposes of 4×4 words in
/// 256-bit vectors, one per half of the rows, instead of two 512-bit permutes and a blend
/// per direction: 16 operations on half vectors against 24 on whole ones.
#[inline(always)]
unsafe fn transpose(rows: [__m512i; 4]) -> [__m512i; 8] {
    let mut out = [_mm512_setzero_si512(); 8];
    for half in 0..2 {
        let r = rows.map(|row| if half == 0 { _mm512_castsi512_si256(row) } else { _mm512_extracti64x4_epi64::<1>(row) });
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

/// 64-bit sets (boards within 8×8): one vector.
#[derive(Clone, Copy)]
pub struct Narrow(__m512i);

impl Sets for Narrow {
    type Bits = u64;
    type Rays = [u64; 8];

    #[inline(always)]
    unsafe fn splat(x: u64) -> Narrow {
        Narrow(_mm512_set1_epi64(x as i64))
    }

    #[inline(always)]
    unsafe fn cells(c: [u32; 4]) -> Narrow {
        Narrow(_mm512_sllv_epi64(_mm512_set1_epi64(1), _mm512_setr_epi64(c[0] as i64, c[1] as i64, c[2] as i64, c[3] as i64, 0, 0, 0, 0)))
    }

    #[inline(always)]
    unsafe fn by_direction(rays: [&[u64; 8]; 4]) -> [Narrow; 8] {
        let row = |k: usize| _mm512_loadu_si512(rays[k].as_ptr() as *const _);
        transpose([row(0), row(1), row(2), row(3)]).map(Narrow)
    }

    #[inline(always)]
    unsafe fn and(a: Narrow, b: Narrow) -> Narrow {
        Narrow(_mm512_and_si512(a.0, b.0))
    }

    #[inline(always)]
    unsafe fn xor(a: Narrow, b: Narrow) -> Narrow {
        Narrow(_mm512_xor_si512(a.0, b.0))
    }

    #[inline(always)]
    unsafe fn xor3(a: Narrow, b: Narrow, c: Narrow) -> Narrow {
        Narrow(_mm512_ternarylogic_epi64::<0x96>(a.0, b.0, c.0))
    }

    #[inline(always)]
    unsafe fn select(a: Narrow, k: __mmask8, b: Narrow) -> Narrow {
        Narrow(_mm512_mask_mov_epi64(a.0, k, b.0))
    }

    #[inline(always)]
    unsafe fn permute(index: __m512i, a: Narrow) -> Narrow {
        Narrow(_mm512_permutexvar_epi64(index, a.0))
    }

    #[inline(always)]
    unsafe fn permute2(index: __m512i, a: Narrow, b: Narrow) -> Narrow {
        Narrow(_mm512_permutex2var_epi64(a.0, index, b.0))
    }

    #[inline(always)]
    unsafe fn any(k: __mmask8, a: Narrow) -> __mmask8 {
        _mm512_mask_test_epi64_mask(k, a.0, a.0)
    }

    #[inline(always)]
    unsafe fn count(a: Narrow) -> __m512i {
        _mm512_popcnt_epi64(a.0)
    }

    /// [`word_flips`] on one word.
    #[inline(always)]
    unsafe fn flips(p: Narrow, o: Narrow, rays: &[Narrow; 8]) -> Narrow {
        Narrow(word_flips(&[p.0], &[o.0], |d| [rays[d].0])[0])
    }

    /// In 256-bit vectors ([`four_lane_flips`]) where the build targets AVX-512VL: where
    /// the processor runs a 512-bit operation as two 256-bit halves (AMD Zen 4), half a
    /// vector costs half as much.
    #[cfg(target_feature = "avx512vl")]
    #[inline(always)]
    unsafe fn first_flips(p: Narrow, o: Narrow, rays: &[Narrow; 8]) -> Narrow {
        let half = _mm512_castsi512_si256;
        Narrow(_mm512_zextsi256_si512(four_lane_flips(half(p.0), half(o.0), |d| half(rays[d].0))))
    }

    /// Both players' flips from one pass over the rays ([`full_runs`]).
    #[inline(always)]
    unsafe fn full_flips(p: Narrow, o: Narrow, rays: &[Narrow; 8]) -> (Narrow, Narrow) {
        let runs = full_runs(p.0, &rays.map(|r| r.0));
        (Narrow(_mm512_and_si512(runs, o.0)), Narrow(_mm512_and_si512(runs, p.0)))
    }

    /// On an 8×8 board (`GRID`), from the rays' closing cells ([`ray_closers`]) instead
    /// of the flips.
    #[inline(always)]
    unsafe fn legal<const GRID: bool>(k: __mmask8, p: Narrow, o: Narrow, rays: &[Narrow; 8]) -> __mmask8 {
        if GRID {
            _mm512_mask_test_epi64_mask(k, ray_closers(o.0, &rays.map(|r| r.0)), p.0)
        } else {
            Narrow::any(k, Narrow::flips(p, o, rays))
        }
    }
}

/// The cells that would close a run of `o`'s discs from the cell whose eight rays are
/// `rays` (as [`super::RAYS`]) on an 8×8 board, in each lane: per ray, its first cell
/// that is not an opponent disc, if the cell before it on the ray is one (a run of at
/// least one disc). A move there is legal where one of them is the mover's. The cell
/// before is read off `o` moved one step along the ray, so no run is made: 38 vector
/// operations against about 55 for the flips (41 before the rays towards higher bits
/// took their stops from a borrow and were merged three at a time: a sequence count on
/// random positions 1.04× faster on AMD Zen 4).
#[inline(always)]
unsafe fn ray_closers(o: __m512i, rays: &[__m512i; 8]) -> __m512i {
    // Towards higher bits, the lowest stop is the bit that its borrow clears; 0x20:
    // a & !b & c, where the cell before it is an opponent disc.
    let one = _mm512_set1_epi64(1);
    let up = |d: usize, before: __m512i| {
        let stops = _mm512_andnot_si512(o, rays[d]);
        _mm512_ternarylogic_epi64::<0x20>(stops, _mm512_sub_epi64(stops, one), before)
    };
    // Towards lower bits, the highest (no stop: `lzcnt` is 64 and the shift leaves
    // nothing); 0xf8: a | (b & c), added to `acc`.
    let down = |d: usize, before: __m512i, acc: __m512i| {
        let stops = _mm512_andnot_si512(o, rays[d]);
        let first = _mm512_srlv_epi64(_mm512_set1_epi64(i64::MIN), _mm512_lzcnt_epi64(stops));
        _mm512_ternarylogic_epi64::<0xf8>(acc, first, before)
    };
    // The directions as `super::RAYS` (2 to 5 towards higher bits) and their steps; 0xfe:
    // a | b | c.
    let higher = _mm512_ternarylogic_epi64::<0xfe>(up(2, _mm512_slli_epi64::<1>(o)), up(3, _mm512_slli_epi64::<9>(o)), up(4, _mm512_slli_epi64::<8>(o)));
    let mut acc = _mm512_or_si512(higher, up(5, _mm512_slli_epi64::<7>(o)));
    acc = down(6, _mm512_srli_epi64::<1>(o), acc);
    acc = down(7, _mm512_srli_epi64::<9>(o), acc);
    acc = down(0, _mm512_srli_epi64::<8>(o), acc);
    down(1, _mm512_srli_epi64::<7>(o), acc)
}

/// On a full 8×8 board but for one cell, whose eight rays are `rays` (as
/// [`super::RAYS`]), in each lane, with `me` one player's discs: per ray, the run of discs
/// of one colour that starts next to the cell, if a disc of the other colour ends it.
/// Those are the flips of a move there by one player or the other (each ray's run is
/// the opponent's of one of them), so both players' flips are the runs' discs of their
/// opponent, from one pass instead of two (a four-cell count on random positions
/// 113–115 → 96–99 ns, a scratch loop).
///
/// A ray's run ends at its first change of colour: on a full board, the cells of the
/// ray whose colour differs from the one before them (`me` against `me` moved one step
/// along the ray), bar the first, next to the empty cell.
#[inline(always)]
unsafe fn full_runs(me: __m512i, rays: &[__m512i; 8]) -> __m512i {
    // The directions as `super::RAYS` (2 to 5 towards higher bits) and their steps.
    let mut runs = [
        run_up::<1>(me, rays[2]),
        run_up::<9>(me, rays[3]),
        run_up::<8>(me, rays[4]),
        run_up::<7>(me, rays[5]),
    ];
    runs[0] = run_down::<1>(runs[0], me, rays[6]);
    runs[1] = run_down::<9>(runs[1], me, rays[7]);
    runs[2] = run_down::<8>(runs[2], me, rays[0]);
    runs[3] = run_down::<7>(runs[3], me, rays[1]);
    _mm512_ternarylogic_epi64::<0xfe>(runs[0], runs[1], _mm512_or_si512(runs[2], runs[3]))
}

/// [`full_runs`] on a ray towards higher bits, by steps of `STEP` bits: the cells below
/// its first change of colour, if it has one.
#[inline(always)]
unsafe fn run_up<const STEP: u32>(me: __m512i, ray: __m512i) -> __m512i {
    let changes = _mm512_xor_si512(me, _mm512_slli_epi64::<STEP>(me));
    // 0x80: a & b & c; the ray moved one step along itself is the ray bar its first cell.
    let stops = _mm512_ternarylogic_epi64::<0x80>(changes, ray, _mm512_slli_epi64::<STEP>(ray));
    let some = _mm512_test_epi64_mask(stops, stops);
    // 0x08: !a & b & c, the ray's cells below the lowest stop.
    _mm512_maskz_ternarylogic_epi64::<0x08>(some, stops, _mm512_sub_epi64(stops, _mm512_set1_epi64(1)), ray)
}

/// [`full_runs`] on a ray towards lower bits, by steps of `STEP` bits: `runs` and the
/// cells above its first change of colour (the highest, by `lzcnt`), if it has one.
#[inline(always)]
unsafe fn run_down<const STEP: u32>(runs: __m512i, me: __m512i, ray: __m512i) -> __m512i {
    let changes = _mm512_xor_si512(me, _mm512_srli_epi64::<STEP>(me));
    let stops = _mm512_ternarylogic_epi64::<0x80>(changes, ray, _mm512_srli_epi64::<STEP>(ray));
    // No stop: `lzcnt` is 64, the shift leaves nothing and so does the negation.
    let first = _mm512_srlv_epi64(_mm512_set1_epi64(i64::MIN), _mm512_lzcnt_epi64(stops));
    let above = _mm512_sub_epi64(_mm512_setzero_si512(), _mm512_add_epi64(first, first));
    // 0xf8: a | (b & c).
    _mm512_ternarylogic_epi64::<0xf8>(runs, ray, above)
}

/// 128-bit sets (`super::super::wide`): a vector of the low words and one of the high
/// words.
#[derive(Clone, Copy)]
pub struct Wide {
    low: __m512i,
    high: __m512i,
}

impl Sets for Wide {
    type Bits = u128;
    type Rays = [u128; 8];

    #[inline(always)]
    unsafe fn splat(x: u128) -> Wide {
        Wide { low: _mm512_set1_epi64(x as u64 as i64), high: _mm512_set1_epi64((x >> 64) as u64 as i64) }
    }

    /// Shifts by 64 or more (or by a negative count, as unsigned) give 0.
    #[inline(always)]
    unsafe fn cells(c: [u32; 4]) -> Wide {
        let at = _mm512_setr_epi64(c[0] as i64, c[1] as i64, c[2] as i64, c[3] as i64, 0, 0, 0, 0);
        let one = _mm512_maskz_set1_epi64(0b1111, 1);
        Wide { low: _mm512_sllv_epi64(one, at), high: _mm512_sllv_epi64(one, _mm512_sub_epi64(at, _mm512_set1_epi64(64))) }
    }

    #[inline(always)]
    unsafe fn by_direction(rays: [&[u128; 8]; 4]) -> [Wide; 8] {
        // Each cell's rays as a vector of low words and one of high words.
        let words = |k: usize, high: i64| {
            let a = _mm512_loadu_si512(rays[k].as_ptr() as *const _);
            let b = _mm512_loadu_si512((rays[k].as_ptr() as *const u64).add(8) as *const _);
            _mm512_permutex2var_epi64(a, _mm512_setr_epi64(high, 2 + high, 4 + high, 6 + high, 8 + high, 10 + high, 12 + high, 14 + high), b)
        };
        let low = transpose([words(0, 0), words(1, 0), words(2, 0), words(3, 0)]);
        let high = transpose([words(0, 1), words(1, 1), words(2, 1), words(3, 1)]);
        let mut out = [Wide { low: _mm512_setzero_si512(), high: _mm512_setzero_si512() }; 8];
        for d in 0..8 {
            out[d] = Wide { low: low[d], high: high[d] };
        }
        out
    }

    #[inline(always)]
    unsafe fn and(a: Wide, b: Wide) -> Wide {
        Wide { low: _mm512_and_si512(a.low, b.low), high: _mm512_and_si512(a.high, b.high) }
    }

    #[inline(always)]
    unsafe fn xor(a: Wide, b: Wide) -> Wide {
        Wide { low: _mm512_xor_si512(a.low, b.low), high: _mm512_xor_si512(a.high, b.high) }
    }

    #[inline(always)]
    unsafe fn xor3(a: Wide, b: Wide, c: Wide) -> Wide {
        Wide { low: _mm512_ternarylogic_epi64::<0x96>(a.low, b.low, c.low), high: _mm512_ternarylogic_epi64::<0x96>(a.high, b.high, c.high) }
    }

    #[inline(always)]
    unsafe fn select(a: Wide, k: __mmask8, b: Wide) -> Wide {
        Wide { low: _mm512_mask_mov_epi64(a.low, k, b.low), high: _mm512_mask_mov_epi64(a.high, k, b.high) }
    }

    #[inline(always)]
    unsafe fn permute(index: __m512i, a: Wide) -> Wide {
        Wide { low: _mm512_permutexvar_epi64(index, a.low), high: _mm512_permutexvar_epi64(index, a.high) }
    }

    #[inline(always)]
    unsafe fn permute2(index: __m512i, a: Wide, b: Wide) -> Wide {
        Wide { low: _mm512_permutex2var_epi64(a.low, index, b.low), high: _mm512_permutex2var_epi64(a.high, index, b.high) }
    }

    #[inline(always)]
    unsafe fn any(k: __mmask8, a: Wide) -> __mmask8 {
        _mm512_mask_test_epi64_mask(k, a.low, a.low) | _mm512_mask_test_epi64_mask(k, a.high, a.high)
    }

    #[inline(always)]
    unsafe fn count(a: Wide) -> __m512i {
        _mm512_add_epi64(_mm512_popcnt_epi64(a.low), _mm512_popcnt_epi64(a.high))
    }

    /// As on [`Narrow`] sets, each ray's first stop found in whichever word has one
    /// ([`word_flips`]).
    #[inline(always)]
    unsafe fn flips(p: Wide, o: Wide, rays: &[Wide; 8]) -> Wide {
        let f = word_flips(&[p.low, p.high], &[o.low, o.high], |d| [rays[d].low, rays[d].high]);
        Wide { low: f[0], high: f[1] }
    }
}

/// The sets of `super::super::wide` whose four cells and rays fit one word but for their
/// anchors (65 to 68 bits with them): laid out as [`Wide`] sets, the cells' word low and
/// the anchor bits (up to four, packed in order) high, with flips of their own. A ray's
/// anchor only closes a run that fills the ray's cells, so the anchors take no part in
/// the search for the first stop: where a ray has none, the run is the whole ray, closed
/// if the ray's anchor is the mover's, where [`Wide`] sets search two words for the stop.
#[derive(Clone, Copy)]
pub struct Anchored(Wide);

impl Sets for Anchored {
    /// The cells' word, then the anchors.
    type Bits = u128;
    type Rays = [u128; 8];

    #[inline(always)]
    unsafe fn splat(x: u128) -> Anchored {
        Anchored(Wide::splat(x))
    }

    #[inline(always)]
    unsafe fn cells(c: [u32; 4]) -> Anchored {
        Anchored(Wide::cells(c))
    }

    #[inline(always)]
    unsafe fn by_direction(rays: [&[u128; 8]; 4]) -> [Anchored; 8] {
        Wide::by_direction(rays).map(Anchored)
    }

    #[inline(always)]
    unsafe fn and(x: Anchored, y: Anchored) -> Anchored {
        Anchored(Wide::and(x.0, y.0))
    }

    #[inline(always)]
    unsafe fn xor(x: Anchored, y: Anchored) -> Anchored {
        Anchored(Wide::xor(x.0, y.0))
    }

    #[inline(always)]
    unsafe fn xor3(x: Anchored, y: Anchored, z: Anchored) -> Anchored {
        Anchored(Wide::xor3(x.0, y.0, z.0))
    }

    #[inline(always)]
    unsafe fn select(x: Anchored, k: __mmask8, y: Anchored) -> Anchored {
        Anchored(Wide::select(x.0, k, y.0))
    }

    #[inline(always)]
    unsafe fn permute(index: __m512i, x: Anchored) -> Anchored {
        Anchored(Wide::permute(index, x.0))
    }

    #[inline(always)]
    unsafe fn permute2(index: __m512i, x: Anchored, y: Anchored) -> Anchored {
        Anchored(Wide::permute2(index, x.0, y.0))
    }

    #[inline(always)]
    unsafe fn any(k: __mmask8, x: Anchored) -> __mmask8 {
        Wide::any(k, x.0)
    }

    #[inline(always)]
    unsafe fn count(x: Anchored) -> __m512i {
        Wide::count(x.0)
    }

    /// As [`word_flips`] on the cells' word, and where a ray holds no stop, its whole run
    /// closed by the ray's anchor if the mover holds it. Flips never hold anchors.
    #[inline(always)]
    unsafe fn flips(p: Anchored, o: Anchored, rays: &[Anchored; 8]) -> Anchored {
        let (zero, one, ones, top) = (_mm512_setzero_si512(), _mm512_set1_epi64(1), _mm512_set1_epi64(-1), _mm512_set1_epi64(i64::MIN));
        let (p, o) = (p.0, o.0);
        let mut flips = zero;
        for d in 0..8 {
            let ray = rays[d].0;
            let stops = _mm512_andnot_si512(o.low, ray.low);
            let none = _mm512_testn_epi64_mask(stops, stops);
            let anchored = _mm512_test_epi64_mask(ray.high, p.high);
            let (first, run) = if (2..=5).contains(&d) {
                // Towards higher bits: the bits below the lowest stop are those its borrow
                // sets (with no stop, every bit).
                let borrowed = _mm512_sub_epi64(stops, one);
                (_mm512_andnot_si512(borrowed, stops), _mm512_andnot_si512(stops, borrowed))
            } else {
                // Towards lower bits: the bits above the highest stop (by `lzcnt`; with no
                // stop, every bit).
                let first = _mm512_srlv_epi64(top, _mm512_lzcnt_epi64(stops));
                (first, _mm512_mask_mov_epi64(_mm512_sub_epi64(zero, _mm512_add_epi64(first, first)), none, ones))
            };
            let closed = _mm512_test_epi64_mask(first, p.low) | (none & anchored);
            // 0xf8: a | (b & c), in the lanes where the run is closed.
            flips = _mm512_mask_ternarylogic_epi64::<0xf8>(flips, closed, ray.low, run);
        }
        Anchored(Wide { low: flips, high: zero })
    }
}

/// Sets of `N` 64-bit words (the walk uses 3 to 8, 12 and 16: the sets of
/// `super::super::wide` past 128 bits whose four cells and rays take 129 to 1024 bits,
/// packed): a vector
/// per word. A cell's rays come word by word (`Rays`: per word, the eight directions), so
/// that each word's vectors are made as on [`Narrow`] sets.
#[derive(Clone, Copy)]
pub struct Multi<const N: usize>([__m512i; N]);

impl<const N: usize> Sets for Multi<N> {
    type Bits = [u64; N];
    type Rays = [[u64; 8]; N];

    #[inline(always)]
    unsafe fn splat(x: [u64; N]) -> Multi<N> {
        Multi(x.map(|w| _mm512_set1_epi64(w as i64)))
    }

    /// Shifts by 64 or more (or by a negative count, as unsigned) give 0.
    #[inline(always)]
    unsafe fn cells(c: [u32; 4]) -> Multi<N> {
        let at = _mm512_setr_epi64(c[0] as i64, c[1] as i64, c[2] as i64, c[3] as i64, 0, 0, 0, 0);
        let one = _mm512_maskz_set1_epi64(0b1111, 1);
        let mut out = [one; N];
        for (w, x) in out.iter_mut().enumerate() {
            *x = _mm512_sllv_epi64(one, _mm512_sub_epi64(at, _mm512_set1_epi64(64 * w as i64)));
        }
        Multi(out)
    }

    #[inline(always)]
    unsafe fn by_direction(rays: [&[[u64; 8]; N]; 4]) -> [Multi<N>; 8] {
        let mut out = [Multi([_mm512_setzero_si512(); N]); 8];
        for w in 0..N {
            let row = |k: usize| _mm512_loadu_si512(rays[k][w].as_ptr() as *const _);
            let t = transpose([row(0), row(1), row(2), row(3)]);
            for d in 0..8 {
                out[d].0[w] = t[d];
            }
        }
        out
    }

    #[inline(always)]
    unsafe fn and(a: Multi<N>, b: Multi<N>) -> Multi<N> {
        let mut out = a.0;
        for w in 0..N {
            out[w] = _mm512_and_si512(a.0[w], b.0[w]);
        }
        Multi(out)
    }

    #[inline(always)]
    unsafe fn xor(a: Multi<N>, b: Multi<N>) -> Multi<N> {
        let mut out = a.0;
        for w in 0..N {
            out[w] = _mm512_xor_si512(a.0[w], b.0[w]);
        }
        Multi(out)
    }

    #[inline(always)]
    unsafe fn xor3(a: Multi<N>, b: Multi<N>, c: Multi<N>) -> Multi<N> {
        let mut out = a.0;
        for w in 0..N {
            out[w] = _mm512_ternarylogic_epi64::<0x96>(a.0[w], b.0[w], c.0[w]);
        }
        Multi(out)
    }

    #[inline(always)]
    unsafe fn select(a: Multi<N>, k: __mmask8, b: Multi<N>) -> Multi<N> {
        let mut out = a.0;
        for w in 0..N {
            out[w] = _mm512_mask_mov_epi64(a.0[w], k, b.0[w]);
        }
        Multi(out)
    }

    #[inline(always)]
    unsafe fn permute(index: __m512i, a: Multi<N>) -> Multi<N> {
        Multi(a.0.map(|x| _mm512_permutexvar_epi64(index, x)))
    }

    #[inline(always)]
    unsafe fn permute2(index: __m512i, a: Multi<N>, b: Multi<N>) -> Multi<N> {
        let mut out = a.0;
        for w in 0..N {
            out[w] = _mm512_permutex2var_epi64(a.0[w], index, b.0[w]);
        }
        Multi(out)
    }

    #[inline(always)]
    unsafe fn any(k: __mmask8, a: Multi<N>) -> __mmask8 {
        let mut m = 0;
        for w in 0..N {
            m |= _mm512_mask_test_epi64_mask(k, a.0[w], a.0[w]);
        }
        m
    }

    #[inline(always)]
    unsafe fn count(a: Multi<N>) -> __m512i {
        let mut n = _mm512_popcnt_epi64(a.0[0]);
        for w in 1..N {
            n = _mm512_add_epi64(n, _mm512_popcnt_epi64(a.0[w]));
        }
        n
    }

    #[inline(always)]
    unsafe fn flips(p: Multi<N>, o: Multi<N>, rays: &[Multi<N>; 8]) -> Multi<N> {
        Multi(word_flips(&p.0, &o.0, |d| rays[d].0))
    }
}

/// [`Sets::flips`] on sets of `N` words, a vector each (low word first; one on
/// [`Narrow`] sets, two on [`Wide`] ones, three on [`Multi`] ones). Where bits grow, the
/// stops are read as one number of `N` words and the run below the lowest is what
/// taking one from it sets, the stop the bit it clears: a word borrows where every word
/// below it has no stop. That was first written for one word only (one operation fewer
/// per direction: on AMD Zen 4 a count with outcomes on random positions 171–198 →
/// 164–185 ns, the 16-empty count 1.05×); for every word count (2026-11-27) it took the
/// 2×5 block on one thread 95.5–96.6 → 92.1–92.6 ms (medians of 10, old and new in turn,
/// three times), the 1×10 row 1.01–1.03×, the slowest 10×10 board of random discs 1.01×,
/// against the first stop found word by word with masks. Where bits shrink, the stop is
/// the highest (by `lzcnt`) in the first word from the top that has one; bit 0 of the
/// low word is a sentinel there, so that every lane has a stop, and closes a run only if
/// it is in the ray and the mover's; there the first and last words skip the masks that
/// cannot apply to them, and one word needs none (`N` is a constant, so those branches go).
///
/// The runs are merged in four partial unions, one per pair of opposite directions, not
/// one after another: a batch of eight flips that waits on the one before took 10.6 ns
/// with one chain of merges, 5.8 ns with four (1.1× on the 14-empty count).
#[inline(always)]
unsafe fn word_flips<const N: usize, R: Fn(usize) -> [__m512i; N]>(p: &[__m512i; N], o: &[__m512i; N], rays: R) -> [__m512i; N] {
    let zero = _mm512_setzero_si512();
    let (one, ones, top) = (_mm512_set1_epi64(1), _mm512_set1_epi64(-1), _mm512_set1_epi64(i64::MIN));
    // Per pair of opposite directions, per word: the flips so far.
    let mut flips = [[zero; N]; 4];
    for (j, &d) in [2, 3, 4, 5].iter().enumerate() {
        let ray = rays(d);
        // The stops as one number of `N` words less one: the bits below the lowest stop
        // are those that the borrow sets, and the stop is the bit that it clears (no
        // stop: no bit, and no run). A word borrows where every word below it has no
        // stop (`clear`).
        let (mut stops, mut borrowed) = ([zero; N], [zero; N]);
        let (mut clear, mut closed) = (!0 as __mmask8, 0 as __mmask8);
        for w in 0..N {
            stops[w] = _mm512_andnot_si512(o[w], ray[w]);
            borrowed[w] = if w == 0 { _mm512_sub_epi64(stops[0], one) } else { _mm512_mask_sub_epi64(stops[w], clear, stops[w], one) };
            closed |= _mm512_test_epi64_mask(_mm512_andnot_si512(borrowed[w], stops[w]), p[w]);
            if w + 1 < N {
                clear &= _mm512_testn_epi64_mask(stops[w], stops[w]);
            }
        }
        for w in 0..N {
            // 0x08: !a & b & c.
            flips[j][w] = _mm512_maskz_ternarylogic_epi64::<0x08>(closed, stops[w], borrowed[w], ray[w]);
        }
    }
    for (j, &d) in [6, 7, 0, 1].iter().enumerate() {
        let ray = rays(d);
        // Lanes whose stop lies in a word after this one (met first, from the top).
        let (mut after, mut closed) = (0 as __mmask8, 0 as __mmask8);
        let mut above = [zero; N];
        for w in (0..N).rev() {
            // 0xae: (b & !a) | c, the sentinel in bit 0 of the low word (one word needs
            // none: with no stop, `lzcnt` is 64 and the shift leaves nothing).
            let stops = if w == 0 && N > 1 { _mm512_ternarylogic_epi64::<0xae>(o[0], ray[0], one) } else { _mm512_andnot_si512(o[w], ray[w]) };
            let some = _mm512_test_epi64_mask(stops, stops);
            let first = if w == N - 1 { _mm512_srlv_epi64(top, _mm512_lzcnt_epi64(stops)) } else { _mm512_maskz_srlv_epi64(!after, top, _mm512_lzcnt_epi64(stops)) };
            let mine = if w == 0 && N > 1 { _mm512_and_si512(p[0], ray[0]) } else { p[w] };
            closed |= _mm512_test_epi64_mask(first, mine);
            let twice = _mm512_add_epi64(first, first);
            above[w] = if N == 1 {
                _mm512_sub_epi64(zero, twice)
            } else if w == N - 1 {
                _mm512_mask_sub_epi64(ones, some, zero, twice)
            } else if w == 0 {
                _mm512_maskz_sub_epi64(!after, zero, twice)
            } else {
                _mm512_maskz_mov_epi64(!after, _mm512_mask_sub_epi64(ones, some & !after, zero, twice))
            };
            after |= some;
        }
        for w in 0..N {
            // 0xf8: a | (b & c), in the lanes where the run is closed.
            flips[j][w] = _mm512_mask_ternarylogic_epi64::<0xf8>(flips[j][w], closed, ray[w], above[w]);
        }
    }
    let mut out = [zero; N];
    for w in 0..N {
        out[w] = _mm512_ternarylogic_epi64::<0xfe>(flips[0][w], flips[1][w], _mm512_or_si512(flips[2][w], flips[3][w]));
    }
    out
}

/// [`word_flips`] of one word in the four lanes of 256-bit vectors, for the four first
/// moves of a count on 64-bit sets, which fill half a 512-bit vector: on AMD Zen 4 a
/// sequence count on random positions 103–111 → 97–101 ns (a scratch loop), the 18-empty
/// count 1.06× faster (CPU time medians of five processes each, in turn), the 16- and
/// 14-empty ones even. The other levels fill most of their vectors.
#[cfg(target_feature = "avx512vl")]
#[inline(always)]
unsafe fn four_lane_flips<R: Fn(usize) -> __m256i>(p: __m256i, o: __m256i, rays: R) -> __m256i {
    let zero = _mm256_setzero_si256();
    let (one, top) = (_mm256_set1_epi64x(1), _mm256_set1_epi64x(i64::MIN));
    let mut flips = [zero; 4];
    for (j, &d) in [2, 3, 4, 5].iter().enumerate() {
        let ray = rays(d);
        let stops = _mm256_andnot_si256(o, ray);
        let borrowed = _mm256_sub_epi64(stops, one);
        let closed = _mm256_test_epi64_mask(_mm256_andnot_si256(borrowed, stops), p);
        flips[j] = _mm256_maskz_ternarylogic_epi64::<0x08>(closed, stops, borrowed, ray);
    }
    for (j, &d) in [6, 7, 0, 1].iter().enumerate() {
        let ray = rays(d);
        let stops = _mm256_andnot_si256(o, ray);
        let first = _mm256_srlv_epi64(top, _mm256_lzcnt_epi64(stops));
        let closed = _mm256_test_epi64_mask(first, p);
        let above = _mm256_sub_epi64(zero, _mm256_add_epi64(first, first));
        flips[j] = _mm256_mask_ternarylogic_epi64::<0xf8>(flips[j], closed, ray, above);
    }
    _mm256_ternarylogic_epi64::<0xfe>(flips[0], flips[1], _mm256_or_si256(flips[2], flips[3]))
}

/// The flips of a move by the player with discs `p` against `o` on the cell whose rays
/// are `rays`: under the standard rules ([`Sets::flips`]), or under adjacent capture
/// (`ADJACENT`: the opponent's discs among the cell's neighbours, which `rays[0]` holds).
#[inline(always)]
unsafe fn move_flips<S: Sets, const ADJACENT: bool>(p: S, o: S, rays: &[S; 8]) -> S {
    if ADJACENT {
        S::and(o, rays[0])
    } else {
        S::flips(p, o, rays)
    }
}

/// The lanes of `k` where the player with discs `p` has a move against `o` on the cell
/// whose rays are `rays`, under the standard rules or under adjacent capture (as
/// [`move_flips`]).
#[inline(always)]
unsafe fn move_legal<S: Sets, const ADJACENT: bool, const GRID: bool>(k: __mmask8, p: S, o: S, rays: &[S; 8]) -> __mmask8 {
    if ADJACENT {
        S::any(k, S::and(o, rays[0]))
    } else {
        S::legal::<GRID>(k, p, o, rays)
    }
}

/// `2 × flips + 1` in each lane: what a move adds to its player's margin.
#[inline(always)]
unsafe fn gain<S: Sets>(flips: S) -> __m512i {
    let n = S::count(flips);
    _mm512_add_epi64(_mm512_add_epi64(n, n), _mm512_set1_epi64(1))
}

/// The cells of the 24 orders of four cells, in lexicographic order: `ORDERS[k][l]`
/// is the index of the cell played `k`-th (from 0) in lane `l`.
const ORDERS: [[i64; 24]; 4] = orders();

const fn orders() -> [[i64; 24]; 4] {
    let mut t = [[0i64; 24]; 4];
    let mut lane = 0;
    while lane < 24 {
        let mut left = [0i64, 1, 2, 3];
        let mut n = 4;
        let rank = [lane / 6, lane / 2 % 3, lane % 2, 0];
        let mut k = 0;
        while k < 4 {
            let pick = rank[k];
            t[k][lane] = left[pick];
            // Take the picked cell out of the ones left.
            let mut j = pick;
            while j + 1 < n {
                left[j] = left[j + 1];
                j += 1;
            }
            n -= 1;
            k += 1;
        }
        lane += 1;
    }
    t
}

/// The first two cells of the 12 two-cell beginnings, in the same order: lane `j` holds
/// the beginning of the orders in lanes `2j` and `2j + 1` (padded to two vectors).
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

/// The lanes of the groups of `size` lanes (from lane 0) that have a lane in `m`: each
/// group's lanes gathered at its first (its head), then spread over the group. (The
/// compiler turned a loop over the groups into a vector reduction, on the path from a
/// level's flips to its passes.)
#[inline(always)]
fn groups(m: u32, size: u32) -> u32 {
    let mut heads = 0u32;
    let mut g = 0;
    while g < 24 {
        heads |= 1 << g;
        g += size;
    }
    let mut any = m;
    for i in 1..size {
        any |= m >> i;
    }
    let any = any & heads;
    let mut out = any;
    for i in 1..size {
        out |= any << i;
    }
    out
}

/// Each of the 12 low bits of `m` twice: bit `j` becomes bits `2j` and `2j + 1`.
#[inline(always)]
fn doubled(m: u32) -> u32 {
    #[cfg(all(feature = "pext", target_feature = "bmi2"))]
    // SAFETY: `pdep` only computes, and the build targets BMI2 (the `target_feature`).
    return unsafe { _pdep_u32(m, 0x55_5555) * 3 };
    #[cfg(not(all(feature = "pext", target_feature = "bmi2")))]
    {
        let mut x = m & 0xfff;
        x = (x | x << 8) & 0x00ff_00ff;
        x = (x | x << 4) & 0x0f0f_0f0f;
        x = (x | x << 2) & 0x3333_3333;
        x = (x | x << 1) & 0x5555_5555;
        x * 3
    }
}

/// Where a four-cell count puts the games that end: their final margins (for the first
/// player), a vector of lanes at a time, or (without outcomes) their number.
trait Sink {
    /// The games of `lanes` of vector `v` end with margins `m`: on the last cell, or
    /// before (`early`), where a lane of the second level (`pairs`) stands for the two
    /// orders of its beginning and one of the third for its own order, of which the
    /// first is the game's.
    unsafe fn ended(&mut self, v: usize, m: __m512i, lanes: __mmask8, early: Early);
    /// `n` more games end (sequences only).
    fn add(&mut self, n: u64);
}

/// Where a game ended before the last cell: after the second move (a lane of the 12
/// beginnings) or the third (a lane of the 24 orders); or not before.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Early {
    Pairs,
    Orders,
    No,
}

/// Wins, losses and draws (or, without outcomes, the sequences first); the last cell's
/// gathered as masks of the 24 orders and counted once.
struct Tallies {
    counts: [u64; 3],
    won: u32,
    lost: u32,
    drawn: u32,
}

impl Tallies {
    fn new() -> Tallies {
        Tallies { counts: [0; 3], won: 0, lost: 0, drawn: 0 }
    }

    fn counts(&self) -> [u64; 3] {
        [self.counts[0] + u64::from(self.won.count_ones()), self.counts[1] + u64::from(self.lost.count_ones()), self.counts[2] + u64::from(self.drawn.count_ones())]
    }
}

impl Sink for Tallies {
    #[inline(always)]
    unsafe fn ended(&mut self, v: usize, m: __m512i, lanes: __mmask8, early: Early) {
        if early != Early::No {
            tally(&mut self.counts, m, lanes);
            return;
        }
        let zero = _mm512_setzero_si512();
        self.won |= (_mm512_mask_cmpgt_epi64_mask(lanes, m, zero) as u32) << (8 * v);
        self.lost |= (_mm512_mask_cmplt_epi64_mask(lanes, m, zero) as u32) << (8 * v);
        self.drawn |= (_mm512_mask_cmpeq_epi64_mask(lanes, m, zero) as u32) << (8 * v);
    }

    #[inline(always)]
    fn add(&mut self, n: u64) {
        self.counts[0] += n;
    }
}

/// The games of a four-cell count as their final margins from a start margin of 0, one
/// per order of the 24 that is a game (`lanes`; a game over before the last cell sits in
/// the first of its orders), saturated to `i8`: added to a margin of at most 126 either
/// way (every 8×8 board's), they keep their sign. So one count serves every position
/// with the same neighbourhood ([`cache::LocalCache`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Deltas {
    d: [i8; 24],
    lanes: u32,
}

impl Sink for Deltas {
    #[inline(always)]
    unsafe fn ended(&mut self, v: usize, m: __m512i, lanes: __mmask8, early: Early) {
        if early == Early::Pairs {
            // A beginning `j` is the orders `2j` and `2j + 1`.
            let mut bytes = [0i8; 16];
            _mm_storeu_si128(bytes.as_mut_ptr() as *mut __m128i, _mm512_cvtsepi64_epi8(m));
            let mut rest = lanes;
            while rest != 0 {
                let l = rest.trailing_zeros() as usize;
                rest &= rest - 1;
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
    /// Whether the first player had a move (a count whose first player has none holds
    /// no game).
    #[inline(always)]
    pub fn moved(&self) -> bool {
        self.lanes != 0
    }

    /// `[wins, losses, draws]` for the first player from margin `margin` (at most 126
    /// either way: a game's margin of 128 or more, saturated to 127, then still ends
    /// above 0, and one of -128 or less below).
    ///
    /// # Safety
    ///
    /// The processor must have AVX-512F.
    #[inline(always)]
    pub unsafe fn outcomes(&self, margin: i32) -> [u64; 3] {
        let mut d = [0i8; 32];
        d[..24].copy_from_slice(&self.d);
        let low = _mm512_cvtepi8_epi32(_mm_loadu_si128(d.as_ptr() as *const __m128i));
        let high = _mm512_cvtepi8_epi32(_mm_loadu_si128(d[16..].as_ptr() as *const __m128i));
        let t = _mm512_set1_epi32(-margin);
        let (a, b) = (self.lanes as u16, (self.lanes >> 16) as u16);
        let won = _mm512_mask_cmpgt_epi32_mask(a, low, t).count_ones() + _mm512_mask_cmpgt_epi32_mask(b, high, t).count_ones();
        let lost = _mm512_mask_cmplt_epi32_mask(a, low, t).count_ones() + _mm512_mask_cmplt_epi32_mask(b, high, t).count_ones();
        [u64::from(won), u64::from(lost), u64::from(self.lanes.count_ones() - won - lost)]
    }
}

/// [`count_four`] with outcomes on sets that are not an 8×8 board's (the wider boards'
/// walk), as the final margins of its games from a start margin of 0 ([`Deltas`]): one
/// count for every position with the same discs on the four cells' rays, whatever its
/// margin.
///
/// # Safety
///
/// The processor must have AVX-512F, CD and VPOPCNTDQ.
#[inline(always)]
pub unsafe fn four_deltas<S: Sets>(p: S::Bits, o: S::Bits, cells: [u32; 4], rays: [&S::Rays; 4]) -> Deltas {
    let mut d = Deltas::default();
    // No move for the first player: no game, and `moved` says so.
    let _ = count_into::<S, Deltas, true, false, false, false>(p, o, cells, rays, 0, &mut d);
    d
}

/// Adds to `counts` the wins, losses and draws of the margins `m` in `lanes`.
#[inline(always)]
unsafe fn tally(counts: &mut [u64; 3], m: __m512i, lanes: __mmask8) {
    let zero = _mm512_setzero_si512();
    counts[0] += _mm512_mask_cmpgt_epi64_mask(lanes, m, zero).count_ones() as u64;
    counts[1] += _mm512_mask_cmplt_epi64_mask(lanes, m, zero).count_ones() as u64;
    counts[2] += _mm512_mask_cmpeq_epi64_mask(lanes, m, zero).count_ones() as u64;
}

/// The four cells of a count: per direction, their rays in lanes 0 to 3 (`by_direction`),
/// and their bits in the same lanes (`bits`). A vector of lanes picks its cells' rays and
/// bits by an index of those lanes ([`Place::rays`], [`Place::cell`]) where it uses them,
/// instead of keeping them: on the wider sets, arrays of the rays of each vector were
/// copied whole (`memcpy` of up to 12 KB a count).
struct Place<S> {
    by_direction: [S; 8],
    bits: S,
}

impl<S: Sets> Place<S> {
    /// The rays, direction by direction, of the cells that index `i` picks (under
    /// adjacent capture only the first, the neighbours, is read).
    #[inline(always)]
    unsafe fn rays<const ADJACENT: bool>(&self, i: __m512i) -> [S; 8] {
        let mut r = self.by_direction;
        for d in 0..if ADJACENT { 1 } else { 8 } {
            r[d] = S::permute(i, self.by_direction[d]);
        }
        r
    }

    /// The bits of the cells that index `i` picks.
    #[inline(always)]
    unsafe fn cell(&self, i: __m512i) -> S {
        S::permute(i, self.bits)
    }
}

/// The lanes of a level: per vector, the two players' discs (the one to move first) and
/// the first player's margin; as masks of lanes, those still sequences and those where
/// the first player is to move.
struct Level<S> {
    me: [S; 3],
    other: [S; 3],
    m: [__m512i; 3],
    alive: u32,
    first: u32,
}

/// Bits `8v..8v + 8` of `m`: the lanes of vector `v`.
#[inline(always)]
fn slice(m: u32, v: usize) -> __mmask8 {
    (m >> (8 * v)) as __mmask8
}

/// Plays the move of each live lane of `l` (the first `vectors` vectors), on the cell
/// that the index `at[v]` picks for vector `v` from the four cells `four`: by the player
/// to move, or, where that player has no
/// move in the lane's group (the lanes of `size` with the same cells played so far), by
/// the other one; where neither has, the game is over, and its outcome (per group, at
/// the lanes `heads`) is added to `counts`.
#[inline(always)]
unsafe fn level<S: Sets, K: Sink, const OUTCOMES: bool, const ADJACENT: bool>(l: &mut Level<S>, four: &Place<S>, at: &[__m512i; 3], vectors: usize, size: u32, heads: u32, counts: &mut K) {
    // The flips of the vectors with live lanes (an array of sets made first would be
    // written whole, a copy of up to 1.5 KB on the wider sets).
    let mut fl: [Option<S>; 3] = [None; 3];
    let mut moved = 0u32;
    for v in 0..vectors {
        if slice(l.alive, v) != 0 {
            let f = move_flips::<S, ADJACENT>(l.me[v], l.other[v], &four.rays::<ADJACENT>(at[v]));
            moved |= (S::any(slice(l.alive, v), f) as u32) << (8 * v);
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
                let f = S::flips(l.other[v], l.me[v], &four.rays::<ADJACENT>(at[v]));
                let ok = S::any(lanes, f);
                again |= (ok as u32) << (8 * v);
                // The other player moves; the same player is to move again.
                if OUTCOMES {
                    let g = gain(f);
                    let mine = slice(l.first, v) & ok;
                    l.m[v] = _mm512_mask_sub_epi64(l.m[v], mine, l.m[v], g);
                    l.m[v] = _mm512_mask_add_epi64(l.m[v], ok & !mine, l.m[v], g);
                }
                let other_now = S::xor3(l.other[v], f, four.cell(at[v]));
                l.me[v] = S::select(l.me[v], ok, S::xor(l.me[v], f));
                l.other[v] = S::select(l.other[v], ok, other_now);
            }
        }
        let over = passed & !groups(again, size) & heads;
        if OUTCOMES {
            let early = if size == 3 { Early::Pairs } else { Early::Orders };
            for v in 0..vectors {
                counts.ended(v, l.m[v], slice(over, v), early);
            }
        } else {
            counts.add(u64::from(over.count_ones()));
        }
    }
    for v in 0..vectors {
        let ok = slice(moved, v);
        // No live lane, so none moved: the vector stays as it is.
        let fl = match fl[v] {
            Some(f) => f,
            None => continue,
        };
        // Without outcomes the margins are never read.
        if OUTCOMES {
            let g = gain(fl);
            let mine = slice(l.first, v) & ok;
            l.m[v] = _mm512_mask_add_epi64(l.m[v], mine, l.m[v], g);
            l.m[v] = _mm512_mask_sub_epi64(l.m[v], ok & !mine, l.m[v], g);
        }
        let me_now = S::xor(l.other[v], fl);
        let other_now = S::xor3(l.me[v], fl, four.cell(at[v]));
        if passed == 0 {
            // The lanes that did not move are out: what they hold is never read.
            l.me[v] = me_now;
            l.other[v] = other_now;
        } else {
            l.me[v] = S::select(l.me[v], ok, me_now);
            l.other[v] = S::select(l.other[v], ok, other_now);
        }
    }
    l.first ^= moved;
    l.alive = moved | again;
}

/// The sequences from the two-cell positions of `l`, whose lanes are the 24 orders (the
/// first `vectors` vectors; groups of two with the same first two cells, the index `at[v]`
/// picking the third cell of vector `v`'s lanes): a position's legal moves, or else the
/// other player's, or else one, as the game is over. The last cell is one sequence
/// whoever plays it, so no move is made and no flips are computed ([`Sets::legal`]; on
/// an 8×8 board, `GRID`, by shifts): the 18-empty count, which counts sequences only,
/// 1.14–1.18× faster on AMD Zen 4.
#[inline(always)]
unsafe fn two_cell_sequences<S: Sets, const ADJACENT: bool, const GRID: bool>(l: &Level<S>, four: &Place<S>, at: &[__m512i; 3], vectors: usize) -> u64 {
    let mut moved = 0u32;
    for v in 0..vectors {
        let lanes = slice(l.alive, v);
        if lanes != 0 {
            moved |= (move_legal::<S, ADJACENT, GRID>(lanes, l.me[v], l.other[v], &four.rays::<ADJACENT>(at[v])) as u32) << (8 * v);
        }
    }
    let passed = l.alive & !groups(moved, 2);
    let mut again = 0u32;
    // Under adjacent capture a player without a move does not pass: the game is over.
    if !ADJACENT && passed != 0 {
        for v in 0..vectors {
            let lanes = slice(passed, v);
            if lanes != 0 {
                again |= (S::legal::<GRID>(lanes, l.other[v], l.me[v], &four.rays::<ADJACENT>(at[v])) as u32) << (8 * v);
            }
        }
    }
    // Once per group where nobody moves.
    let over = passed & !groups(again, 2) & 0x55_5555;
    u64::from((moved | again).count_ones() + over.count_ones())
}

/// `[wins, losses, draws]` over the move sequences from a position whose only empty
/// cells are `cells`, for the player with discs `p` to move against `o` with margin
/// `margin` (`OUTCOMES`), or `[sequences, 0, 0]` (not `OUTCOMES`); `None` if that
/// player has no move, a case the caller counts.
///
/// The moves are computed level by level, all of a level's at once, as a tree: the
/// four first moves in four lanes, the second ones in the lanes of the 12 two-cell
/// beginnings (`PAIRS`), the third and the last in those of the 24 orders (`ORDERS`),
/// three vectors. A move that is not legal takes its lane out of the live ones; where
/// the player to move has no move left in a lane's group (the lanes with the same cells
/// played so far), that player passes and the other one plays the lane's cell, or the
/// game is over (counted once per group). On the last cell, the flips of both players
/// are computed: a branch on whether the second ones are needed costs more than they
/// do. Where every other cell of the sets holds a disc (`FULL`, only under the standard
/// rules and where the sets are an 8×8 board's cells, `GRID`) they come from
/// [`Sets::full_flips`], in one pass. Without outcomes the last cell is one sequence
/// whoever plays it, so the third move is only tested, not made
/// ([`two_cell_sequences`]).
///
/// The cells are bits `cells` of the sets, and `rays[k]` are the eight rays of
/// `cells[k]` (as [`super::RAYS`]). Under adjacent capture (`ADJACENT`) a move flips the
/// opponent's discs among the cell's neighbours, which `rays[k][0]` holds (the other rays
/// are not read), and a player without a move ends the game instead of passing: 6×6 and
/// 5×5 Dumbothello counts with 11 and 12 empty cells took 2.1× less time than with the
/// last three cells counted one move at a time.
///
/// # Safety
///
/// The processor must have AVX-512F, CD and VPOPCNTDQ.
#[target_feature(enable = "avx512f,avx512cd,avx512vpopcntdq")]
pub unsafe fn count_four<S: Sets, const OUTCOMES: bool, const ADJACENT: bool, const GRID: bool, const FULL: bool>(p: S::Bits, o: S::Bits, cells: [u32; 4], rays: [&S::Rays; 4], margin: i32) -> Option<[u64; 3]> {
    let mut t = Tallies::new();
    count_into::<S, Tallies, OUTCOMES, ADJACENT, GRID, FULL>(p, o, cells, rays, margin, &mut t)?;
    Some(t.counts())
}

/// [`count_four`] into `counts`: inlined into its callers, which enable the features.
#[inline(always)]
unsafe fn count_into<S: Sets, K: Sink, const OUTCOMES: bool, const ADJACENT: bool, const GRID: bool, const FULL: bool>(p: S::Bits, o: S::Bits, cells: [u32; 4], rays: [&S::Rays; 4], margin: i32, counts: &mut K) -> Option<()> {
    let zero = _mm512_setzero_si512();
    let by_direction = S::by_direction(rays);
    let bits = S::cells(cells);

    // The first move, in lanes 0-3 (one per cell).
    let (p, o) = (S::splat(p), S::splat(o));
    let f = if ADJACENT { move_flips::<S, ADJACENT>(p, o, &by_direction) } else { S::first_flips(p, o, &by_direction) };
    let legal = S::any(0b1111, f) as u32;
    if legal == 0 {
        return None;
    }
    // The cells relabelled, the legal first moves first: the beginnings and orders that
    // start with one fill the first `3 × legal` and `6 × legal` lanes, and only the
    // vectors that hold them are computed.
    let relabel = _mm512_loadu_si512(LEGAL_FIRST[legal as usize].as_ptr() as *const _);
    let at = |table: &[i64], v: usize| _mm512_permutexvar_epi64(_mm512_loadu_si512(table[8 * v..].as_ptr() as *const _), relabel);
    let (me1, other1, m1) = (S::xor(o, f), S::xor3(p, f, bits), _mm512_add_epi64(_mm512_set1_epi64(margin as i64), gain(f)));
    let four = Place { by_direction, bits };
    // Per vector: the index that picks the cell its lanes play.
    let mut cell_at = [relabel; 3];

    // The second move, in the 12 two-cell beginnings (groups of 3 with the same first
    // cell). `first`: none, as the opponent of the first player is to move.
    let pairs = 3 * legal.count_ones() as usize;
    let mut two = Level { me: [f; 3], other: [f; 3], m: [zero; 3], alive: (1u32 << pairs) - 1, first: 0 };
    for v in 0..(pairs + 7) / 8 {
        let i = at(&PAIRS[0], v);
        two.me[v] = S::permute(i, me1);
        two.other[v] = S::permute(i, other1);
        two.m[v] = _mm512_permutexvar_epi64(i, m1);
        cell_at[v] = at(&PAIRS[1], v);
    }
    level::<S, K, OUTCOMES, ADJACENT>(&mut two, &four, &cell_at, (pairs + 7) / 8, 3, 0b001_001_001_001, counts);

    // The third move, in the 24 orders (groups of 2 with the same first two cells): each
    // beginning's lanes spread over its two orders.
    let vectors = (2 * pairs + 7) / 8;
    let mut l = Level { me: [f; 3], other: [f; 3], m: [zero; 3], alive: doubled(two.alive), first: doubled(two.first) };
    for v in 0..vectors {
        let j = 4 * v as i64;
        let spread = _mm512_setr_epi64(j, j, j + 1, j + 1, j + 2, j + 2, j + 3, j + 3);
        l.me[v] = S::permute2(spread, two.me[0], two.me[1]);
        l.other[v] = S::permute2(spread, two.other[0], two.other[1]);
        l.m[v] = _mm512_permutex2var_epi64(two.m[0], spread, two.m[1]);
        cell_at[v] = at(&ORDERS[2], v);
    }
    if !OUTCOMES {
        counts.add(two_cell_sequences::<S, ADJACENT, GRID>(&l, &four, &cell_at, vectors));
        return Some(());
    }
    level::<S, K, OUTCOMES, ADJACENT>(&mut l, &four, &cell_at, vectors, 2, 0x55_5555, counts);
    // The last cell, by the player to move or else the other one.
    for v in 0..vectors {
        let lanes = slice(l.alive, v);
        if lanes == 0 {
            continue;
        }
        let rays = four.rays::<ADJACENT>(at(&ORDERS[3], v));
        let (f, by_mover, g) = if FULL {
            let (f, g) = S::full_flips(l.me[v], l.other[v], &rays);
            (f, S::any(lanes, f), g)
        } else {
            let f = move_flips::<S, ADJACENT>(l.me[v], l.other[v], &rays);
            let by_mover = S::any(lanes, f);
            // Under adjacent capture nobody else plays it.
            (f, by_mover, if ADJACENT { f } else { S::flips(l.other[v], l.me[v], &rays) })
        };
        let by_other = if ADJACENT { 0 } else { S::any(lanes & !by_mover, g) };
        // For the first player: their own move or the opponent's.
        let mine = slice(l.first, v);
        let up = (by_mover & mine) | (by_other & !mine);
        let down = (by_mover & !mine) | (by_other & mine);
        let step = _mm512_mask_mov_epi64(gain(g), by_mover, gain(f));
        let end = _mm512_mask_add_epi64(l.m[v], up, l.m[v], step);
        let end = _mm512_mask_sub_epi64(end, down, end, step);
        counts.ended(v, end, lanes, Early::No);
    }
    Some(())
}

/// [`count_four`] with or without outcomes as `outcomes` says, for callers that learn it
/// at run time (the wider boards' walk, once their winner is known).
///
/// # Safety
///
/// The processor must have AVX-512F, CD and VPOPCNTDQ.
#[inline(always)]
pub unsafe fn count_four_as<S: Sets>(outcomes: bool, p: S::Bits, o: S::Bits, cells: [u32; 4], rays: [&S::Rays; 4], margin: i32) -> Option<[u64; 3]> {
    if outcomes {
        count_four::<S, true, false, false, false>(p, o, cells, rays, margin)
    } else {
        count_four::<S, false, false, false, false>(p, o, cells, rays, margin)
    }
}

/// The four lowest set bits of `empty`, in increasing order (an index of 64, past every
/// table, for each one missing).
#[inline(always)]
fn four_cells(empty: u64) -> [u32; 4] {
    let mut cells = [0u32; 4];
    let mut rest = empty;
    for cell in cells.iter_mut() {
        *cell = rest.trailing_zeros();
        rest &= rest.wrapping_sub(1);
    }
    cells
}

/// [`count_four`] on a 64-bit board (within 8×8) whose only empty cells are the four of
/// `empty`, with or without outcomes as `outcomes` says: under the standard rules, or
/// under adjacent capture (`ADJACENT`, Dumbothello's), where each cell's neighbours
/// stand in for its rays.
///
/// # Safety
///
/// The processor must have AVX-512F, CD and VPOPCNTDQ. `empty` must hold exactly
/// four cells, as the callers' counts check: with fewer, the standard rules' look-up of
/// the rays of cell 64 panics (it is bounds-checked), but adjacent capture would read
/// the neighbours of a wrong cell.
#[target_feature(enable = "avx512f,avx512cd,avx512vpopcntdq")]
pub unsafe fn last_four<const ADJACENT: bool>(p: u64, o: u64, empty: u64, margin: i32, outcomes: bool) -> Option<[u64; 3]> {
    let cells = four_cells(empty);
    let around: [[u64; 8]; 4];
    let rays: [&[u64; 8]; 4] = if ADJACENT {
        around = cells.map(|c| {
            let mut rays = [0u64; 8];
            rays[0] = super::neighbours(1 << c);
            rays
        });
        [&around[0], &around[1], &around[2], &around[3]]
    } else {
        cells.map(|c| &super::RAYS[c as usize])
    };
    if !outcomes {
        count_four::<Narrow, false, ADJACENT, true, false>(p, o, cells, rays, margin)
    } else if !ADJACENT && p | o | empty == !0 {
        count_four::<Narrow, true, false, true, true>(p, o, cells, rays, margin)
    } else {
        count_four::<Narrow, true, ADJACENT, true, false>(p, o, cells, rays, margin)
    }
}

/// A move on the cell `sq` in up to eight positions at once, under the standard rules:
/// position `i` has its key in `words[2 * i]` (the discs of the player to move, but for
/// the cells of `set`; every other word is skipped), the opponent the other discs of
/// `discs`. In lane `i`, the child's discs of its player to move (the opponent's, with
/// the flips) and the flips (0: the move is illegal there). The counts by levels
/// (`super::super::levels`) make a group's children this way, eight parents at a time,
/// all moving on the same cell. The keys are read from memory as vectors: written one by
/// one into an array and read back as one vector, they had waited for their writes to
/// land (a tenth of the children's time, `perf annotate`).
///
/// # Safety
///
/// The processor must have AVX-512F, CD and VPOPCNTDQ.
#[target_feature(enable = "avx512f,avx512cd,avx512vpopcntdq")]
pub unsafe fn flips_of_eight(words: &[u64], set: u64, discs: u64, sq: u32) -> ([u64; 8], [u64; 8]) {
    let n = words.len().min(16);
    let low = _mm512_maskz_loadu_epi64(((1u32 << n.min(8)) - 1) as __mmask8, words.as_ptr() as *const _);
    let high = _mm512_maskz_loadu_epi64(((1u32 << n.saturating_sub(8)) - 1) as __mmask8, words.as_ptr().wrapping_add(8) as *const _);
    let keys = _mm512_permutex2var_epi64(low, _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14), high);
    let p = Narrow(_mm512_andnot_si512(_mm512_set1_epi64(set as i64), keys));
    let o = Narrow(_mm512_andnot_si512(p.0, _mm512_set1_epi64(discs as i64)));
    let rays = super::RAYS[sq as usize].map(|r| Narrow::splat(r));
    let flips = Narrow::flips(p, o, &rays);
    let (mut children, mut out) = ([0u64; 8], [0u64; 8]);
    _mm512_storeu_si512(children.as_mut_ptr() as *mut _, _mm512_xor_si512(o.0, flips.0));
    _mm512_storeu_si512(out.as_mut_ptr() as *mut _, flips.0);
    (children, out)
}

#[cfg(test)]
mod tests {
    use super::super::super::arena::Rng;
    use super::{doubled, flips_of_eight, groups, Narrow, Sets};
    use std::arch::x86_64::*;

    /// On an 8×8 board, a move's legality read off the rays' closing cells (`GRID`)
    /// is where its flips are not empty, in every lane, and the first moves' flips in
    /// four lanes ([`Sets::first_flips`]) are the flips: 100,000 random cells of boards
    /// from nearly empty to full, with random lanes asked.
    #[test]
    fn legality_and_first_flips_match_the_flips() {
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut next = || rng.next_u64();
        let mut legal = 0;
        for i in 0..100_000 {
            let occupied = (0..i % 4).fold(next(), |m, _| m | next());
            let cells: [u64; 8] = std::array::from_fn(|_| next() % 64);
            let mine: [u64; 8] = std::array::from_fn(|k| occupied & next() & !(1 << cells[k]));
            let theirs: [u64; 8] = std::array::from_fn(|k| occupied & !mine[k] & !(1 << cells[k]));
            let asked = next() as u8;
            // SAFETY: the tests run where the lanes are built, on such processors.
            unsafe {
                let lanes = |w: [u64; 8]| Narrow(_mm512_loadu_si512(w.as_ptr() as *const _));
                let rays: [Narrow; 8] = std::array::from_fn(|d| lanes(cells.map(|c| super::super::RAYS[c as usize][d])));
                let (p, o) = (lanes(mine), lanes(theirs));
                let flips = Narrow::flips(p, o, &rays);
                let want = Narrow::any(asked, flips);
                assert_eq!(Narrow::legal::<true>(asked, p, o, &rays), want, "{:x?} {:x?} {:?}", mine, theirs, cells);
                assert_eq!(Narrow::legal::<false>(asked, p, o, &rays), want);
                let first = Narrow::first_flips(p, o, &rays);
                assert_eq!(_mm512_mask_cmpeq_epi64_mask(0b1111, first.0, flips.0), 0b1111, "{:x?} {:x?} {:?}", mine, theirs, cells);
                legal += want.count_ones();
            }
        }
        assert!(legal > 100_000, "{} legal", legal);
    }

    /// Up to eight positions' flips on one cell are each position's own flips: 20,000
    /// random cells, each with one to eight boards of the same discs (the cell left
    /// empty), from nearly empty to full, half of them with few discs of the player to
    /// move, their keys marked on other empty cells.
    #[test]
    fn flips_of_eight_are_each_positions_flips() {
        let mut rng = Rng::new(0x6a09_e667_f3bc_c909);
        let mut next = || rng.next_u64();
        let mut flipped = 0;
        for i in 0..20_000 {
            let sq = (next() % 64) as u32;
            let occupied = (0..i % 4).fold(next(), |m, _| m | next()) & !(1 << sq);
            let p: [u64; 8] = std::array::from_fn(|k| occupied & next() & if k % 2 == 0 { next() } else { !0 });
            let o: [u64; 8] = std::array::from_fn(|k| occupied & !p[k]);
            // Keys with the cells of a set (the move's among them) marked, and words between.
            let set = 1 << sq | next() & next() & next() & !occupied;
            let words: Vec<u64> = (0..16).map(|w| if w % 2 == 0 { p[w / 2] | set & next() } else { next() }).collect();
            let n = 1 + i % 8;
            // SAFETY: the tests run where the lanes are built, on such processors.
            let (children, flips) = unsafe { flips_of_eight(&words[..2 * n], set, occupied, sq) };
            for k in 0..n {
                let want = super::super::flanking_flips(p[k], o[k], sq);
                assert_eq!(flips[k], want, "{:x} {:x} {}", p[k], o[k], sq);
                assert_eq!(children[k], o[k] ^ want);
                flipped += (flips[k] != 0) as u32;
            }
        }
        assert!(flipped > 20_000, "{} moves flip", flipped);
    }

    /// `groups` and `doubled` against their definitions, group by group and bit by bit.
    #[test]
    fn lane_masks_match_their_definitions() {
        for m in (0u32..1 << 24).step_by(7).chain(0..1 << 12) {
            for &size in [2u32, 3].iter() {
                let mut expected = 0;
                for g in (0..24).step_by(size as usize) {
                    let group = ((1u32 << size) - 1) << g;
                    if m & group != 0 {
                        expected |= group;
                    }
                }
                assert_eq!(groups(m, size), expected, "groups({:#x}, {})", m, size);
            }
            let twice = (0..12).filter(|j| m >> j & 1 == 1).fold(0, |t, j| t | 0b11 << (2 * j));
            assert_eq!(doubled(m), twice, "doubled({:#x})", m);
        }
    }
}
