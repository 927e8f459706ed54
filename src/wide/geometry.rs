//! The cells a walk on bit sets keeps, their rays and anchors ([`Geometry`]), and the
//! flips of a move on them: ray by ray ([`ray_flips`]), or the eight rays side by side in
//! vectors where the build has AVX-512; under adjacent capture, the neighbours
//! ([`adjacent_flips`]). The layout is the `wide` module's: kept cell `k` is bit `k + 2`,
//! the anchors bits 0, 1 and the two above the kept cells.

use super::super::board::{Board, Color};
use super::set::Set;
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd"))]
use super::set::U256;

/// The most cells a [`Geometry`] of `u128` sets keeps: 128 bits less the four anchors
/// (60 on `u64` sets, 252, 508 and 1020 on [`super::U256`], [`super::U512`] and
/// [`super::U1024`] ones).
pub const MAX_KEPT: usize = 124;

/// Up to [`MAX_KEPT`] cells of a board, numbered in row-major order from bit 2, and the
/// four anchors (see the module header): per kept cell, its eight rays and its kept
/// neighbours.
///
/// A ray runs over kept cells and stops at the first cell that is not: if that holds a
/// disc, the ray ends in the anchor of its colour, above the kept cells where the ray's
/// bits grow and below them where they shrink. The cells that are not kept must keep their
/// discs to the end (the walk keeps those that may change, [`super::super::rules::Rules::changeable`]), so a
/// run can only end there, never pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry<S = u128> {
    /// Per bit (two anchors, then the kept cells) and direction of
    /// [`super::super::board::DIRECTIONS`]: the kept cells from it (excluded) up to the first cell
    /// that is not kept, and that cell's anchor; the anchors' rays are empty.
    rays: Vec<[S; 8]>,
    /// Per bit: its kept neighbours.
    neighbours: Vec<S>,
    /// Per bit: itself and its rays.
    reach: Vec<S>,
    /// Per colour (black, white): its two anchors.
    anchors: [S; 2],
    /// Whether a ray ends in an anchor.
    anchored: bool,
}

impl<S: Set> Geometry<S> {
    /// The geometry of the cells `kept` of `board` (cell indices, increasing): the `k`-th
    /// is bit `k + 2`. `None` if there are more than the sets' bits less four (for
    /// `u128`, [`MAX_KEPT`]).
    ///
    /// ```
    /// use othello::board::{Board, Color};
    /// use othello::wide::Geometry;
    /// let b = Board::new(3, 3); // all empty: no anchor
    /// let g = Geometry::<u128>::new(&b, &[0, 1, 2, 3, 4, 5, 6, 7, 8]).unwrap();
    /// assert_eq!(g.ray(6, 2), 1 << 7);          // east of the centre (bit 6): (1, 2)
    /// assert_eq!(g.ray(2, 3), 1 << 6 | 1 << 10); // south-east of (0, 0)
    /// // A row `B . . W` keeping its two empty cells (bits 2 and 3): west of the first, the
    /// // black anchor below (bit 0); east, the second and the white anchor above (bit 5).
    /// let mut row = Board::new(1, 4);
    /// row.set(0, Some(Color::Black));
    /// row.set(3, Some(Color::White));
    /// let g = Geometry::<u128>::new(&row, &[1, 2]).unwrap();
    /// assert_eq!((g.ray(2, 6), g.ray(2, 2)), (1 << 0, 1 << 3 | 1 << 5));
    /// assert_eq!(g.anchors(Color::White), 1 << 1 | 1 << 5);
    /// ```
    pub fn new(board: &Board, kept: &[usize]) -> Option<Geometry<S>> {
        Geometry::with_runs(board, kept, &[])
    }

    /// [`Geometry::new`] where each cell `i` of the pairs `(i, first)` of `same` is not
    /// kept but stands for the kept cell `first`, the first of its run ([`super::Runs`]): the
    /// rays pass over it as over `first`, the run's one bit.
    pub fn with_runs(board: &Board, kept: &[usize], same: &[(usize, usize)]) -> Option<Geometry<S>> {
        if kept.len() + 4 > S::BITS as usize {
            return None;
        }
        let n = kept.len() as u32;
        let colour = |c: Color| if c == Color::Black { 0 } else { 1 };
        let anchors = [0, 1].map(|c| S::bit(c) | S::bit(n + 2 + c));
        let mut bit = vec![None; board.len()];
        for (k, &i) in kept.iter().enumerate() {
            bit[i] = Some(k as u32 + 2);
        }
        for &(i, first) in same {
            bit[i] = bit[first];
        }
        let n = n as usize;
        let mut g = Geometry { rays: vec![[S::EMPTY; 8]; n + 2], neighbours: vec![S::EMPTY; n + 2], reach: vec![S::EMPTY; n + 2], anchors, anchored: false };
        for (k, &i) in kept.iter().enumerate() {
            for d in 0..8 {
                let mut ray = S::EMPTY;
                for j in board.ray(i, d) {
                    match (bit[j], board.cell(j)) {
                        (Some(b), _) => ray |= S::bit(b),
                        (None, Some(c)) => {
                            // Growing rays (east to south-west) end above the kept cells.
                            let low = S::bit(0) | S::bit(1);
                            let above = (2..=5).contains(&d);
                            ray |= anchors[colour(c)] & if above { !low } else { low };
                            g.anchored = true;
                            break;
                        }
                        (None, None) => break,
                    }
                }
                g.rays[k + 2][d] = ray;
                g.reach[k + 2] |= ray | S::bit(k as u32 + 2);
                if let Some(Some(b)) = board.step(i, d).map(|j| bit[j]) {
                    g.neighbours[k + 2] |= S::bit(b);
                }
            }
        }
        Some(g)
    }

    /// The ray of bit `b` in direction `d` (see [`Geometry::new`]).
    #[inline]
    pub fn ray(&self, b: u32, d: usize) -> S {
        self.rays[b as usize][d]
    }

    /// The eight rays of bit `b`.
    #[inline]
    pub fn rays(&self, b: u32) -> &[S; 8] {
        &self.rays[b as usize]
    }

    /// Bit `b` and its eight rays.
    #[inline]
    pub fn reach(&self, b: u32) -> S {
        self.reach[b as usize]
    }

    /// The kept neighbours of bit `b`.
    #[inline]
    pub fn neighbours(&self, b: u32) -> S {
        self.neighbours[b as usize]
    }

    /// The two anchors of colour `c`.
    #[inline]
    pub fn anchors(&self, c: Color) -> S {
        self.anchors[if c == Color::Black { 0 } else { 1 }]
    }

    /// Whether a ray ends in an anchor.
    #[inline]
    pub fn anchored(&self) -> bool {
        self.anchored
    }

    /// How many cells are kept.
    #[inline]
    pub fn cells(&self) -> usize {
        self.rays.len() - 2
    }
}

/// Under the standard rules: the discs flipped when the player with discs `p` plays on
/// the empty cell `sq` against discs `o` (0: the move is illegal). [`ray_flips`], or
/// where the build targets AVX-512F and CD (the `avx512` feature) the same with the eight
/// rays side by side in a vector (`vector_flips_64`) or two (`vector_flips`).
#[inline(always)]
pub fn flanking_flips<S: Set>(g: &Geometry<S>, p: S, o: S, sq: u32) -> S {
    S::flanking_flips(g, p, o, sq)
}

/// [`flanking_flips`] one ray after another: along each ray, the first cell that is not
/// the opponent's is its lowest cell (the rays east to south-west, whose bit numbers
/// grow) or its highest; if it is the player's, the cells before it flip.
#[inline(always)]
pub fn ray_flips<S: Set>(g: &Geometry<S>, p: S, o: S, sq: u32) -> S {
    let rays = &g.rays[sq as usize];
    let mut flips = S::EMPTY;
    for d in 0..8 {
        let ray = rays[d];
        let stops = ray & !o;
        let first = if (2..=5).contains(&d) { stops.lowest() } else { stops.highest() };
        if first & p != S::EMPTY {
            // Below the first stop where the ray's bits grow, above it where they shrink.
            flips |= ray & if (2..=5).contains(&d) { first.less_one() } else { !(first << 1).less_one() };
        }
    }
    flips
}

/// [`ray_flips`] with the eight rays side by side in AVX-512 vectors, where the build
/// targets AVX-512F and CD (the `avx512` feature): one vector holds the rays' low words,
/// one their high words, and the first stop of each ray is found in all eight lanes at
/// once (its lowest set bit, or its highest by `lzcnt`, in whichever word has one).
/// 4.7 ns a flip where flips do not wait on one another (9.9 ns where each waits on the
/// one before), against 12 ns.
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd"))]
#[inline(always)]
pub fn vector_flips(g: &Geometry<u128>, p: u128, o: u128, sq: u32) -> u128 {
    use std::arch::x86_64::*;
    let rays = &g.rays[sq as usize];
    // SAFETY: the build targets AVX-512F and CD (the `target_feature`s above), and the
    // two loads read the 128 bytes of `rays`.
    unsafe {
        let a = _mm512_loadu_si512(rays.as_ptr() as *const _);
        let b = _mm512_loadu_si512((rays.as_ptr() as *const u64).add(8) as *const _);
        let r_lo = _mm512_permutex2var_epi64(a, _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14), b);
        let r_hi = _mm512_permutex2var_epi64(a, _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15), b);
        let word = |x: u128, high: bool| _mm512_set1_epi64((if high { x >> 64 } else { x }) as u64 as i64);
        let (zero, ones, one, top) = (_mm512_setzero_si512(), _mm512_set1_epi64(-1), _mm512_set1_epi64(1), _mm512_set1_epi64(i64::MIN));
        let s_lo = _mm512_andnot_si512(word(o, false), r_lo);
        let s_hi = _mm512_andnot_si512(word(o, true), r_hi);
        let (lo_stops, hi_stops) = (_mm512_test_epi64_mask(s_lo, s_lo), _mm512_test_epi64_mask(s_hi, s_hi));
        // Rays towards higher bits (lanes 2 to 5): the lowest stop, and the cells below it.
        let up_lo = _mm512_and_si512(s_lo, _mm512_sub_epi64(zero, s_lo));
        let up_hi = _mm512_maskz_and_epi64(!lo_stops, s_hi, _mm512_sub_epi64(zero, s_hi));
        let below_lo = _mm512_mask_sub_epi64(ones, lo_stops, up_lo, one);
        let below_hi = _mm512_maskz_sub_epi64(!lo_stops, up_hi, one);
        // Rays towards lower bits: the highest stop (none: `lzcnt` 64 shifts it out), and
        // the cells above it.
        let down_hi = _mm512_maskz_srlv_epi64(hi_stops, top, _mm512_lzcnt_epi64(s_hi));
        let down_lo = _mm512_maskz_srlv_epi64(!hi_stops, top, _mm512_lzcnt_epi64(s_lo));
        let above_hi = _mm512_mask_sub_epi64(ones, hi_stops, zero, _mm512_add_epi64(down_hi, down_hi));
        let above_lo = _mm512_maskz_sub_epi64(!hi_stops, zero, _mm512_add_epi64(down_lo, down_lo));
        const UP: u8 = 0b0011_1100;
        let first_lo = _mm512_mask_blend_epi64(UP, down_lo, up_lo);
        let first_hi = _mm512_mask_blend_epi64(UP, down_hi, up_hi);
        let closed = _mm512_test_epi64_mask(first_lo, word(p, false)) | _mm512_test_epi64_mask(first_hi, word(p, true));
        let run_lo = _mm512_maskz_and_epi64(closed, r_lo, _mm512_mask_blend_epi64(UP, above_lo, below_lo));
        let run_hi = _mm512_maskz_and_epi64(closed, r_hi, _mm512_mask_blend_epi64(UP, above_hi, below_hi));
        (_mm512_reduce_or_epi64(run_hi) as u64 as u128) << 64 | _mm512_reduce_or_epi64(run_lo) as u64 as u128
    }
}

/// [`vector_flips`] on 64-bit sets: the eight rays in the lanes of one vector.
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd"))]
#[inline(always)]
pub fn vector_flips_64(g: &Geometry<u64>, p: u64, o: u64, sq: u32) -> u64 {
    use std::arch::x86_64::*;
    let rays = &g.rays[sq as usize];
    // SAFETY: the build targets AVX-512F and CD (the `target_feature`s above), and the
    // load reads the 64 bytes of `rays`.
    unsafe {
        let r = _mm512_loadu_si512(rays.as_ptr() as *const _);
        let (zero, one, top) = (_mm512_setzero_si512(), _mm512_set1_epi64(1), _mm512_set1_epi64(i64::MIN));
        let stops = _mm512_andnot_si512(_mm512_set1_epi64(o as i64), r);
        // Rays towards higher bits (lanes 2 to 5): the lowest stop and the cells below it;
        // the others: the highest stop (none: `lzcnt` 64 shifts it out) and those above.
        let up = _mm512_and_si512(stops, _mm512_sub_epi64(zero, stops));
        let down = _mm512_srlv_epi64(top, _mm512_lzcnt_epi64(stops));
        const UP: u8 = 0b0011_1100;
        let first = _mm512_mask_blend_epi64(UP, down, up);
        let closed = _mm512_test_epi64_mask(first, _mm512_set1_epi64(p as i64));
        let below = _mm512_sub_epi64(first, one);
        let above = _mm512_sub_epi64(zero, _mm512_add_epi64(first, first));
        let run = _mm512_maskz_and_epi64(closed, r, _mm512_mask_blend_epi64(UP, above, below));
        _mm512_reduce_or_epi64(run) as u64
    }
}

/// [`vector_flips`] on 256-bit sets: the eight rays' words `k` in the lanes of vector `k`
/// ([`words_flips`]), by four loads and permutes: `gathered_flips` in their place made
/// the 2×5 block on 100×100 1.13–1.17× slower.
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd"))]
#[inline(always)]
pub fn vector_flips_256(g: &Geometry<U256>, p: U256, o: U256, sq: u32) -> U256 {
    use std::arch::x86_64::*;
    let rays = &g.rays[sq as usize];
    let words = |x: U256| [x.low as u64, (x.low >> 64) as u64, x.high as u64, (x.high >> 64) as u64];
    // SAFETY: the build targets AVX-512F and CD (the `target_feature`s above), and the
    // four loads read the 256 bytes of `rays` (`Double` is `repr(C)`: word `k` of ray `d`
    // is the `4d + k`-th).
    let w = unsafe {
        let at = |i: usize| _mm512_loadu_si512((rays.as_ptr() as *const u64).add(8 * i) as *const _);
        let (ab, cd) = ((at(0), at(1)), (at(2), at(3)));
        // Word `k` of ray `d` in lane `d`: rays 0 to 3 from the first two loads, 4 to 7
        // from the others.
        let mut r = [_mm512_setzero_si512(); 4];
        for k in 0..4 {
            let k = k as i64;
            let low = _mm512_permutex2var_epi64(ab.0, _mm512_setr_epi64(k, 4 + k, 8 + k, 12 + k, 0, 0, 0, 0), ab.1);
            let high = _mm512_permutex2var_epi64(cd.0, _mm512_setr_epi64(0, 0, 0, 0, k, 4 + k, 8 + k, 12 + k), cd.1);
            r[k as usize] = _mm512_mask_blend_epi64(0xf0, low, high);
        }
        words_flips(r, words(p), words(o))
    };
    let w = w.map(u128::from);
    U256 { low: w[1] << 64 | w[0], high: w[3] << 64 | w[2] }
}

/// [`vector_flips`] on sets of `N` 64-bit words, 512 bits or more (where the build
/// targets AVX-512F and CD): the eight rays' words `k` gathered into the lanes of vector
/// `k`, as on 256-bit sets ([`words_flips`]).
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd"))]
#[inline(always)]
pub fn gathered_flips<S: Set, const N: usize>(g: &Geometry<S>, p: S, o: S, sq: u32) -> S {
    use std::convert::TryFrom;
    use std::arch::x86_64::*;
    assert_eq!(S::BITS as usize, 64 * N);
    let rays = &g.rays[sq as usize];
    let words = |x: S| <[u64; N]>::try_from(&x.to_words()[..N]).expect("N words");
    // SAFETY: the build targets AVX-512F and CD (the `target_feature`s above), and the
    // gathers read the `64 N` bytes of `rays`: a set of `N` words is `N` words in memory,
    // low first (`Double` is `repr(C)`, and its halves are, down to `u128`s), so word `k`
    // of ray `d` is the `N d + k`-th.
    let w = unsafe {
        let base = rays.as_ptr() as *const u8;
        let mut r = [_mm512_setzero_si512(); N];
        for (k, v) in r.iter_mut().enumerate() {
            let (k, n) = (k as i64, N as i64);
            let index = _mm512_setr_epi64(k, n + k, 2 * n + k, 3 * n + k, 4 * n + k, 5 * n + k, 6 * n + k, 7 * n + k);
            *v = _mm512_i64gather_epi64::<8>(index, base as *const _);
        }
        words_flips(r, words(p), words(o))
    };
    S::from_words(&w)
}

/// The flips of a move on sets of `N` words whose eight rays' words `k` are the lanes of
/// `r[k]`, for the player with words `p` against `o`: each ray's first stop found in the
/// lowest word that has one (where bits grow) or the highest.
///
/// # Safety
///
/// The processor must have AVX-512F and CD.
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd"))]
#[inline(always)]
unsafe fn words_flips<const N: usize>(r: [std::arch::x86_64::__m512i; N], p: [u64; N], o: [u64; N]) -> [u64; N] {
    use std::arch::x86_64::*;
    let (zero, ones, one, top) = (_mm512_setzero_si512(), _mm512_set1_epi64(-1), _mm512_set1_epi64(1), _mm512_set1_epi64(i64::MIN));
    const UP: u8 = 0b0011_1100;
    let mut stops = [zero; N];
    for k in 0..N {
        stops[k] = _mm512_andnot_si512(_mm512_set1_epi64(o[k] as i64), r[k]);
    }
    let (mut first, mut run) = ([zero; N], [zero; N]);
    // Rays towards higher bits: the lowest stop, from the low word up; the cells below
    // it (every cell of the words below).
    let mut found = 0u8;
    for k in 0..N {
        let s = stops[k];
        let here = _mm512_test_epi64_mask(s, s) & !found;
        first[k] = _mm512_maskz_and_epi64(here, s, _mm512_sub_epi64(zero, s));
        run[k] = _mm512_maskz_mov_epi64(!found, _mm512_mask_sub_epi64(ones, here, first[k], one));
        found |= here;
    }
    // Towards lower bits: the highest stop, from the high word down; the cells above it.
    let mut found = 0u8;
    for k in (0..N).rev() {
        let s = stops[k];
        let here = _mm512_test_epi64_mask(s, s) & !found;
        let down = _mm512_maskz_srlv_epi64(here, top, _mm512_lzcnt_epi64(s));
        let above = _mm512_maskz_mov_epi64(!found, _mm512_mask_sub_epi64(ones, here, zero, _mm512_add_epi64(down, down)));
        first[k] = _mm512_mask_blend_epi64(UP, down, first[k]);
        run[k] = _mm512_mask_blend_epi64(UP, above, run[k]);
        found |= here;
    }
    let mut closed = 0u8;
    for k in 0..N {
        closed |= _mm512_test_epi64_mask(first[k], _mm512_set1_epi64(p[k] as i64));
    }
    let mut out = [0u64; N];
    for k in 0..N {
        out[k] = _mm512_reduce_or_epi64(_mm512_maskz_and_epi64(closed, r[k], run[k])) as u64;
    }
    out
}

/// Under adjacent captures: the opponent's discs next to `sq`.
#[inline]
pub fn adjacent_flips<S: Set>(g: &Geometry<S>, o: S, sq: u32) -> S {
    g.neighbours[sq as usize] & o
}
