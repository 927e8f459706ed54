//! The last four empty cells of an outcome count under the standard rules, counted with
//! the 24 orders of their moves side by side in the 64-bit lanes of AVX-512 vectors:
//! compiled only in cargo builds with the `avx512` feature for processors with AVX-512F,
//! CD and VPOPCNTDQ (see [`last_four`]). A lane holds one order: the player to move's and
//! the opponent's discs as bit sets (cell `(r, c)` is bit `8 * r + c`, as in
//! [`super`]), the first player's margin, and per level the rays of the lane's cell.
//! Masks of 24 bits (lane `l` is bit `l`; vector `v` holds lanes `8v..8v + 8`) say which
//! lanes are still sequences and whose turn it is.

use std::arch::x86_64::*;

/// The flips in each lane of the player with discs `p` against `o` at the cell whose
/// eight rays are `rays` (as [`super::RAYS`]: direction `d` in `rays[d]`). On a ray
/// towards higher bits the first cell that is not an opponent disc is the lowest one,
/// towards lower bits the highest (by `lzcnt`); the run before it flips if the mover
/// holds that cell.
#[inline(always)]
unsafe fn flips(p: __m512i, o: __m512i, rays: &[__m512i; 8]) -> __m512i {
    let zero = _mm512_setzero_si512();
    let one = _mm512_set1_epi64(1);
    let top = _mm512_set1_epi64(i64::MIN);
    let mut flips = zero;
    for &d in [2, 3, 4, 5].iter() {
        let ray = rays[d];
        let blockers = _mm512_andnot_si512(o, ray);
        let first = _mm512_and_si512(blockers, _mm512_sub_epi64(zero, blockers));
        let closed = _mm512_test_epi64_mask(first, p);
        // 0xf8: a | (b & c), in the lanes where the run is closed.
        flips = _mm512_mask_ternarylogic_epi64::<0xf8>(flips, closed, ray, _mm512_sub_epi64(first, one));
    }
    for &d in [0, 1, 6, 7].iter() {
        let ray = rays[d];
        // 0xae: (b & !a) | c. Bit 0 is a sentinel, so that a highest blocker always
        // exists; it closes a run only if it is in the ray.
        let blockers = _mm512_ternarylogic_epi64::<0xae>(o, ray, one);
        let first = _mm512_srlv_epi64(top, _mm512_lzcnt_epi64(blockers));
        let closed = _mm512_test_epi64_mask(first, _mm512_and_si512(p, ray));
        let above = _mm512_sub_epi64(zero, _mm512_add_epi64(first, first));
        flips = _mm512_mask_ternarylogic_epi64::<0xf8>(flips, closed, ray, above);
    }
    flips
}

/// `2 × flips + 1` in each lane: what a move adds to its player's margin.
#[inline(always)]
unsafe fn gain(flips: __m512i) -> __m512i {
    let n = _mm512_popcnt_epi64(flips);
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

/// Lanes whose orders share their first `k` cells form groups of 24, 6, 2 and 1
/// lanes: `FIRST_OF_GROUP[k]` has the first lane of each group.
const FIRST_OF_GROUP: [u32; 4] = [1, 0x04_1041, 0x55_5555, 0xff_ffff];

/// The lanes (24 bits) of the groups of `FIRST_OF_GROUP[k]` that have a lane in `m`.
#[inline(always)]
fn groups(m: u32, k: usize) -> u32 {
    let size = [24, 6, 2, 1][k];
    let mut out = 0;
    let mut g = 0;
    while g < 24 {
        let all = ((1u32 << size) - 1) << g;
        if m & all != 0 {
            out |= all;
        }
        g += size;
    }
    out
}

/// Adds to `counts` the wins, losses and draws of the margins `m` in `lanes`.
#[inline(always)]
unsafe fn tally(counts: &mut [u64; 3], m: __m512i, lanes: __mmask8) {
    let zero = _mm512_setzero_si512();
    counts[0] += _mm512_mask_cmpgt_epi64_mask(lanes, m, zero).count_ones() as u64;
    counts[1] += _mm512_mask_cmplt_epi64_mask(lanes, m, zero).count_ones() as u64;
    counts[2] += _mm512_mask_cmpeq_epi64_mask(lanes, m, zero).count_ones() as u64;
}

/// `[wins, losses, draws]` over the move sequences from a position whose only empty
/// cells are `cells`, for the player with discs `p` to move against `o` with margin
/// `margin` (`OUTCOMES`), or `[sequences, 0, 0]` (not `OUTCOMES`); `None` if that
/// player has no move, a case the caller counts.
///
/// The 24 orders of the four cells are the lanes of three vectors (`ORDERS`), and
/// each level's moves are computed in all lanes at once. A move that is not legal
/// takes its lane out of the live ones; where the player to move has no move left in
/// a lane's group (the lanes with the same cells played so far), that player passes
/// and the other one plays the lane's cell, or the game is over (counted once per
/// group). On the last cell, the flips of both players are computed: a branch on
/// whether the second ones are needed costs more than they do. Without outcomes the
/// last cell is one sequence whoever plays it, so no flips are needed there.
///
/// SAFETY: the processor must have AVX-512F, CD and VPOPCNTDQ.
#[target_feature(enable = "avx512f,avx512cd,avx512vpopcntdq")]
pub unsafe fn last_four<const OUTCOMES: bool>(p: u64, o: u64, cells: [u32; 4], margin: i32) -> Option<[u64; 3]> {
    let zero = _mm512_setzero_si512();
    let ray = |k: usize| _mm512_loadu_si512(super::RAYS[cells[k] as usize].as_ptr() as *const _);
    let (r0, r1, r2, r3) = (ray(0), ray(1), ray(2), ray(3));
    let mut by_direction = [zero; 8];
    for d in 0..8 {
        let low = _mm512_permutex2var_epi64(r0, _mm512_setr_epi64(d, d + 8, 0, 0, 0, 0, 0, 0), r1);
        let high = _mm512_permutex2var_epi64(r2, _mm512_setr_epi64(0, 0, d, d + 8, 0, 0, 0, 0), r3);
        by_direction[d as usize] = _mm512_mask_mov_epi64(low, 0b1100, high);
    }
    let bits = _mm512_sllv_epi64(_mm512_set1_epi64(1), _mm512_setr_epi64(cells[0] as i64, cells[1] as i64, cells[2] as i64, cells[3] as i64, 0, 0, 0, 0));
    let slice = |m: u32, v: usize| (m >> (8 * v)) as __mmask8;

    // The first move, in lanes 0-3 (one per cell), then spread over the 24 orders.
    let (p, o) = (_mm512_set1_epi64(p as i64), _mm512_set1_epi64(o as i64));
    let f = flips(p, o, &by_direction);
    let legal = _mm512_mask_test_epi64_mask(0b1111, f, f) as u32;
    if legal == 0 {
        return None;
    }
    // The cells relabelled, the legal first moves first: the orders that start with one
    // fill the first `6 × legal` lanes, and only the vectors that hold them are computed.
    let relabel = _mm512_loadu_si512(LEGAL_FIRST[legal as usize].as_ptr() as *const _);
    let index = |k: usize, v: usize| _mm512_permutexvar_epi64(_mm512_loadu_si512(ORDERS[k][8 * v..].as_ptr() as *const _), relabel);
    let vectors = (6 * legal.count_ones() as usize + 7) / 8;
    let (me1, other1, m1) = (_mm512_xor_si512(o, f), _mm512_ternarylogic_epi64::<0x96>(p, f, bits), _mm512_add_epi64(_mm512_set1_epi64(margin as i64), gain(f)));
    let (mut me, mut other, mut m) = ([zero; 3], [zero; 3], [zero; 3]);
    for v in 0..vectors {
        let i = index(0, v);
        me[v] = _mm512_permutexvar_epi64(i, me1);
        other[v] = _mm512_permutexvar_epi64(i, other1);
        m[v] = _mm512_permutexvar_epi64(i, m1);
    }
    let mut alive = (1u32 << (6 * legal.count_ones())) - 1;
    // Lanes whose first player (the one to move at the start) is to move; `m` is
    // that player's margin.
    let mut first = 0u32;
    let mut counts = [0u64; 3];
    // The second and third moves: by the player to move, or, where that player has
    // no move in the group, by the other one; or the game is over.
    for k in 1..3 {
        let mut rays = [[zero; 8]; 3];
        let mut cell = [zero; 3];
        let mut fl = [zero; 3];
        let mut moved = 0u32;
        for v in 0..vectors {
            if slice(alive, v) == 0 {
                continue;
            }
            let i = index(k, v);
            for d in 0..8 {
                rays[v][d] = _mm512_permutexvar_epi64(i, by_direction[d]);
            }
            cell[v] = _mm512_permutexvar_epi64(i, bits);
            fl[v] = flips(me[v], other[v], &rays[v]);
            moved |= (_mm512_mask_test_epi64_mask(slice(alive, v), fl[v], fl[v]) as u32) << (8 * v);
        }
        let passed = alive & !groups(moved, k);
        let mut again = 0u32;
        if passed != 0 {
            for v in 0..vectors {
                let lanes = slice(passed, v);
                if lanes != 0 {
                    let f = flips(other[v], me[v], &rays[v]);
                    let ok = _mm512_mask_test_epi64_mask(lanes, f, f);
                    again |= (ok as u32) << (8 * v);
                    // The other player moves; the same player is to move again.
                    let g = gain(f);
                    let mine = slice(first, v) & ok;
                    m[v] = _mm512_mask_sub_epi64(m[v], mine, m[v], g);
                    m[v] = _mm512_mask_add_epi64(m[v], ok & !mine, m[v], g);
                    let other_now = _mm512_ternarylogic_epi64::<0x96>(other[v], f, cell[v]);
                    me[v] = _mm512_mask_xor_epi64(me[v], ok, me[v], f);
                    other[v] = _mm512_mask_mov_epi64(other[v], ok, other_now);
                }
            }
            let over = passed & !groups(again, k) & FIRST_OF_GROUP[k];
            if OUTCOMES {
                for v in 0..vectors {
                    tally(&mut counts, m[v], slice(over, v));
                }
            } else {
                counts[0] += over.count_ones() as u64;
            }
        }
        for v in 0..vectors {
            let ok = slice(moved, v);
            let g = gain(fl[v]);
            let mine = slice(first, v) & ok;
            m[v] = _mm512_mask_add_epi64(m[v], mine, m[v], g);
            m[v] = _mm512_mask_sub_epi64(m[v], ok & !mine, m[v], g);
            let me_now = _mm512_xor_si512(other[v], fl[v]);
            let other_now = _mm512_ternarylogic_epi64::<0x96>(me[v], fl[v], cell[v]);
            me[v] = _mm512_mask_mov_epi64(me[v], ok, me_now);
            other[v] = _mm512_mask_mov_epi64(other[v], ok, other_now);
        }
        first ^= moved;
        alive = moved | again;
    }
    if !OUTCOMES {
        return Some([counts[0] + alive.count_ones() as u64, 0, 0]);
    }
    // The last cell, by the player to move or else the other one.
    for v in 0..vectors {
        let lanes = slice(alive, v);
        if lanes == 0 {
            continue;
        }
        let i = index(3, v);
        let mut rays = [zero; 8];
        for d in 0..8 {
            rays[d] = _mm512_permutexvar_epi64(i, by_direction[d]);
        }
        let (f, g) = (flips(me[v], other[v], &rays), flips(other[v], me[v], &rays));
        let by_mover = _mm512_mask_test_epi64_mask(lanes, f, f);
        let by_other = _mm512_mask_test_epi64_mask(lanes & !by_mover, g, g);
        // For the first player: their own move or the opponent's.
        let mine = slice(first, v);
        let up = (by_mover & mine) | (by_other & !mine);
        let down = (by_mover & !mine) | (by_other & mine);
        let step = _mm512_mask_mov_epi64(gain(g), by_mover, gain(f));
        let end = _mm512_mask_add_epi64(m[v], up, m[v], step);
        let end = _mm512_mask_sub_epi64(end, down, end, step);
        tally(&mut counts, end, lanes);
    }
    Some(counts)
}
