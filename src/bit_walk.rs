//! The counter's walk on boards within 8×8: a position as 64-bit bit sets (the discs of
//! the player to move, the opponent's, the empty cells; bit `8 * r + c` is cell
//! `(r, c)`, as [`super::bitboard`] lays them out), moves by shift-and-mask fills and
//! flips computed once per move ([`Rules::bit_moves`], [`Rules::bit_flips`]).
//!
//! The last cells are counted without the walk ([`Walk::near_end`]): the last three by a
//! direct recursion over the empty cells (`few`) that makes no move for the last one (its
//! flip counts decide), and under the standard rules, on processors with AVX-512, the
//! last four by all 24 orders of their moves at once ([`Rules::bit_last_cells`]), cached
//! by their neighbourhood (`bitboard::lanes::cache`). Large boards whose cells
//! that matter fit in 8×8 walk here too ([`BitWalk::within`]), the discs left off the
//! bit sets kept as a constant margin (the bias).

use std::marker::PhantomData;

use super::bitboard::{self, Bits};
use super::board::{Board, Color};
use super::count::{decided_by, tally, Walk};
use super::rules::Rules;

/// A board within 8×8 as bit sets, under rules `R`. See [`super::bitboard`].
///
/// `bias` is a constant margin for the player to move, from discs kept off the bit sets
/// (a large board whose cells that matter fit in 8×8: [`BitWalk::within`]). Its sign
/// follows the player to move, so with a bias the colour to move is part of the key:
/// positions with a negative bias add their empty cells to both words. Those two words
/// share the empty cells, which a plain key's never do (every position kept has an
/// empty cell), and without them they are the two players' discs, so no two positions
/// share a key. (The empty cells in the first word alone are not enough: the area is
/// fixed, so `p | empty` is every cell but the opponent's.)
#[derive(Clone)]
pub struct BitWalk<R> {
    p: u64,
    o: u64,
    empty: u64,
    bias: i32,
    rules: PhantomData<fn() -> R>,
}

impl<R: Rules> BitWalk<R> {
    /// The position with discs `p` for the player to move, `o` for the opponent, and the
    /// empty cells `empty` (the board's cells are `p | o | empty`); `bias` is added to
    /// the margin of the player to move (0 for a whole board).
    pub fn new(p: u64, o: u64, empty: u64, bias: i32) -> BitWalk<R> {
        BitWalk { p, o, empty, bias, rules: PhantomData }
    }

    /// The 64-bit walk of `board` with `to_move` to move if it fits in 8×8 (`relevant`
    /// `None`), or if the cells that matter to the rest of the game, `relevant`
    /// ([`Rules::relevant`]), do. The others never change and take part in no move, so
    /// they leave the bit sets; their discs become the walk's bias.
    pub fn within(board: &Board, to_move: Color, relevant: Option<&[bool]>) -> Option<BitWalk<R>> {
        let (black, white, area, bias) = match relevant {
            None => {
                let (black, white, area) = bitboard::from_board(board)?;
                (black, white, area, 0)
            }
            Some(relevant) => {
                let cells: Vec<(usize, usize)> = (0..board.len()).filter(|&i| relevant[i]).map(|i| board.coords(i)).collect();
                let top = cells.iter().map(|&(r, _)| r).min().unwrap_or(0);
                let left = cells.iter().map(|&(_, c)| c).min().unwrap_or(0);
                if cells.iter().any(|&(r, c)| r - top >= 8 || c - left >= 8) {
                    return None;
                }
                let (mut black, mut white, mut area) = (0, 0, 0);
                for &(r, c) in &cells {
                    let b = bitboard::bit(r - top, c - left);
                    area |= b;
                    match board.get(r, c) {
                        Some(Color::Black) => black |= b,
                        Some(Color::White) => white |= b,
                        None => {}
                    }
                }
                let outside = |discs: usize, inside: u64| discs as i32 - inside.count_ones() as i32;
                let bias = outside(board.discs(Color::Black), black) - outside(board.discs(Color::White), white);
                (black, white, area, bias)
            }
        };
        let (p, o, bias) = if to_move == Color::Black { (black, white, bias) } else { (white, black, -bias) };
        Some(BitWalk::new(p, o, area & !(black | white), bias))
    }

    /// The discs of the player to move, the opponent's, the empty cells and the bias, as
    /// [`BitWalk::new`] takes them.
    pub fn parts(&self) -> (u64, u64, u64, i32) {
        (self.p, self.o, self.empty, self.bias)
    }
}

impl<R: Rules> Walk for BitWalk<R> {
    const PASSES: bool = R::PASSES;
    /// One more than the most empty cells counted without the walk (three, or
    /// [`Rules::BIT_LAST_CELLS`] where that is more).
    const STORE_FROM: usize = 1 + (if R::BIT_LAST_CELLS > FEW { R::BIT_LAST_CELLS } else { FEW }) as usize;
    /// One above [`Walk::NEAR_CACHED_SEQUENCES`] where the near-end cache keeps positions
    /// with five empty cells, else five. (Without that cache, with the four-cell lanes:
    /// from six the 18-empty count took 1.07× longer, since the lanes compute the second
    /// moves once per two-cell beginning within 3% either way, and from seven 1.27×.)
    const STORE_SEQUENCES_FROM: usize = if Self::NEAR_CACHED_SEQUENCES > 0 { Self::NEAR_CACHED_SEQUENCES + 1 } else { 5 };
    /// The cells of [`Rules::bit_last_cells`] under the standard rules (0 without it): 29%
    /// of the four-cell positions of the 16-empty count repeat, and a cache of 2^14 slots
    /// finds 18% (1.1× faster at 16 empties, 1.06× at 14). Under adjacent capture (no
    /// passes) the four cells cost less to count than to look up: without the cache the
    /// Dumbothello counts of the bench took 1.04–1.05× less on one thread, the same on two.
    const NEAR_CACHED: usize = if R::PASSES { R::BIT_LAST_CELLS as usize } else { 0 };
    /// 2^15: counts from 12 empty cells on two threads, 11 on one. Below, the cache cost
    /// more than it saved (1,000 8×8 game positions with 10 empty cells took 5–10% longer
    /// with it).
    const NEAR_CACHE_FROM: usize = 1 << 15;
    /// Five, one cell above [`Walk::NEAR_CACHED`], where that is four: the near-end cache
    /// stays in the processor's cache, and a first child's probe of the table, fetched
    /// only as its parent lists its moves, waits on memory (a tenth of the 18-empty count
    /// in `perf record`). The 18-empty count, whose root is decided: 1.03–1.05× on two
    /// threads (`hyperfine`, twice), 1.01–1.03× on one; with five in the table too, 1.04×
    /// slower.
    const NEAR_CACHED_SEQUENCES: usize = if Self::NEAR_CACHED == 4 { 5 } else { 0 };
    /// 2^12 (128 KB): the walk's own cache takes the four-cell positions, so the near-end
    /// cache keeps only the five-cell ones below a decided position, and a smaller one
    /// stays in the processor's cache among the table's lines. With 2^14 slots, the
    /// 18-empty count's probe of it waited on memory (two fifths of the walk's samples on
    /// AMD Zen 4); with 2^12 it visits 1.3% more positions (8% fewer hits) in 1.03–1.08×
    /// less time (as processes, four runs; 2^13, 2^11 and 2^10 no better than 2^12).
    const NEAR_SLOTS: usize = 1 << 12;
    type Key = (u64, u64);
    /// Where the last four cells are counted in lanes: the four-cell positions cached by
    /// their neighbourhood ([`super::bitboard::lanes::cache::LocalCache`]), with their outcomes,
    /// and below a decided position with their sequences.
    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    type Near = (super::bitboard::lanes::cache::LocalCache, super::bitboard::lanes::cache::SequenceCache);
    #[cfg(not(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq")))]
    type Near = ();
    type Move = u32;
    type Moves = Bits;
    type Undo = u64;

    #[inline]
    fn moves(&self) -> Bits {
        Bits(R::bit_moves(self.p, self.o, self.empty))
    }

    #[inline]
    fn play(&mut self, sq: u32) -> u64 {
        let flips = R::bit_flips(self.p, self.o, sq);
        let placed = 1u64 << sq;
        let mover = self.p ^ flips ^ placed;
        self.p = self.o ^ flips;
        self.o = mover;
        self.empty ^= placed;
        self.bias = -self.bias;
        flips
    }

    #[inline]
    fn undo(&mut self, sq: u32, flips: u64) {
        let placed = 1u64 << sq;
        let mover = self.o ^ flips ^ placed;
        self.o = self.p ^ flips;
        self.p = mover;
        self.empty ^= placed;
        self.bias = -self.bias;
    }

    #[inline]
    fn pass(&mut self) {
        std::mem::swap(&mut self.p, &mut self.o);
        self.bias = -self.bias;
    }

    #[inline]
    fn margin(&self) -> i32 {
        self.p.count_ones() as i32 - self.o.count_ones() as i32 + self.bias
    }

    #[inline]
    fn empties(&self) -> usize {
        self.empty.count_ones() as usize
    }

    #[inline]
    fn key(&self) -> (u64, u64) {
        if self.bias < 0 {
            (self.p | self.empty, self.o | self.empty)
        } else {
            (self.p, self.o)
        }
    }

    #[cfg(feature = "threads")]
    #[inline]
    fn words(key: &(u64, u64)) -> Option<(u64, u64)> {
        Some(*key)
    }

    /// The children's slots are fetched before any child is searched: a probe that misses
    /// the cache is most of a node's time, and this way the misses overlap (1.2× faster
    /// counts at 14 empties).
    #[cfg(feature = "prefetch")]
    #[inline]
    fn child_keys<F: FnMut(&(u64, u64))>(&self, mut f: F) {
        for sq in self.moves() {
            let mut child = self.clone();
            child.play(sq);
            f(&child.key());
        }
    }

    /// Under the standard rules, where the last four cells are counted in lanes: a cache
    /// of the four-cell positions by their neighbourhood, which repeat twice as often as
    /// whole positions. Against the counter's near-end cache for them, as new processes
    /// (`hyperfine`): 16 empties 1.05× (2.58 → 2.46 s), 14 empties 1.06×, the bench's
    /// 16-empty game position 1.08×. Below a decided position a second one keeps their
    /// sequences, where they had been counted every time: the 18-empty count finds 24% of
    /// its 72.7 million four-cell positions there, 1.01–1.09× faster.
    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    fn near_cache() -> Option<Self::Near> {
        if R::PASSES && R::BIT_LAST_CELLS == 4 {
            use super::bitboard::lanes::cache::{LocalCache, SequenceCache};
            Some((LocalCache::new(), SequenceCache::new()))
        } else {
            None
        }
    }

    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    #[inline]
    fn near_end_cached(&mut self, cache: &mut Self::Near, hits: &mut u64) -> Option<Option<[u64; 3]>> {
        if !(R::PASSES && R::BIT_LAST_CELLS == 4 && self.empty.count_ones() == 4) {
            return Some(self.near_end());
        }
        // SAFETY: the build targets the three features (`cfg`); four empty cells.
        Some(unsafe { super::bitboard::lanes::cache::cached_last_four(&mut cache.0, self.p, self.o, self.empty, self.margin(), hits) })
    }

    /// Each child's slot is located and fetched before any is probed: the probes had
    /// waited on memory, the cache being larger than the processor's second-level one
    /// (a fifth of the 16-empty count's time on AMD Zen 4).
    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    fn near_children<F: FnOnce(&Self) -> bool>(&mut self, cache: &mut Self::Near, hits: &mut u64, sequences: bool, fetched: F) -> Option<Option<([u64; 3], u32, Bits)>> {
        let (p, o, empty) = (self.p, self.o, self.empty);
        if !(R::PASSES && R::BIT_LAST_CELLS == 4 && empty.count_ones() == 5) {
            return None;
        }
        let moves = R::bit_moves(p, o, empty);
        if moves == 0 {
            return None;
        }
        let margin = self.margin();
        // Each child: its discs (player to move first), its margin, its spot.
        let mut children = [(0u64, 0u64, 0i32, super::bitboard::lanes::cache::Spot::default()); 5];
        let mut n = 0;
        for sq in Bits(moves) {
            let flips = R::bit_flips(p, o, sq);
            let placed = 1u64 << sq;
            let (cp, co) = (o ^ flips, p ^ flips ^ placed);
            let spot = if sequences {
                let spot = cache.1.locate(cp, co, empty ^ placed);
                cache.1.fetch(&spot);
                spot
            } else {
                let spot = cache.0.locate(cp, co, empty ^ placed);
                cache.0.fetch(&spot);
                spot
            };
            children[n] = (cp, co, -(margin + 1 + 2 * flips.count_ones() as i32), spot);
            n += 1;
        }
        if fetched(self) {
            return Some(None);
        }
        let (mut total, mut left) = ([0u64; 3], 0u64);
        for (&(cp, co, m, ref spot), sq) in children[..n].iter().zip(Bits(moves)) {
            // SAFETY: the build targets the three features (`cfg`); four empty cells.
            let counted = unsafe {
                if sequences {
                    super::bitboard::lanes::cache::cached_sequences(&mut cache.1, spot, cp, co, hits).map(|n| [n, 0, 0])
                } else {
                    super::bitboard::lanes::cache::cached_count(&mut cache.0, spot, cp, co, m, hits)
                }
            };
            match counted {
                Some(t) => (0..3).for_each(|i| total[i] += t[i]),
                None => left |= 1 << sq,
            }
        }
        Some(Some((total, n as u32 - left.count_ones(), Bits(left))))
    }

    /// With [`Rules::BIT_LAST_CELLS`] empty cells, [`Rules::bit_last_cells`]; with at
    /// most three, a direct recursion over the empty cells.
    #[inline]
    fn near_end(&mut self) -> Option<[u64; 3]> {
        let cells = self.empty.count_ones();
        if R::BIT_LAST_CELLS > 0 && cells == R::BIT_LAST_CELLS {
            return R::bit_last_cells(self.p, self.o, self.empty, self.margin(), true);
        }
        if cells > FEW {
            return None;
        }
        let (p, o) = (self.p, self.o);
        // On a full 8×8 board the last move's flips are counted by table look-up.
        let full = p | o | self.empty == !0;
        let last = |p: u64, o: u64, sq: u32| {
            if full {
                R::bit_last_flips(p, sq)
            } else {
                R::bit_flips(p, o, sq).count_ones()
            }
        };
        Some(few::<R, _>(p, o, self.empty, self.margin(), &last))
    }

    #[inline]
    fn near_end_sequences(&mut self) -> Option<u64> {
        let cells = self.empty.count_ones();
        if R::BIT_LAST_CELLS > 0 && cells == R::BIT_LAST_CELLS {
            return R::bit_last_cells(self.p, self.o, self.empty, 0, false).map(|t| t[0]);
        }
        if cells > FEW {
            return None;
        }
        Some(few_sequences::<R>(self.p, self.o, self.empty))
    }

    /// From the discs that can never flip ([`Rules::bit_stable`]): each other cell of the
    /// area, empty or not, ends up the player's, the opponent's or nobody's, so the final
    /// margin lies within their number of the margin of the stable discs (and the bias).
    fn decided(&self) -> Option<bool> {
        let mine = R::bit_stable(self.p, self.o, self.empty);
        let theirs = R::bit_stable(self.o, self.p, self.empty);
        let fixed = mine.count_ones() as i32 - theirs.count_ones() as i32 + self.bias;
        let open = ((self.p | self.o | self.empty) & !(mine | theirs)).count_ones() as i32;
        decided_by(fixed, open)
    }
}

/// The number of sequences for the player with discs `p` to move against `o` when the
/// cells `empty` are few (at most [`FEW`]), their outcomes aside. One or no empty cell
/// leaves one sequence; two leave one per legal move of the player to move (or, if
/// there is none, of the opponent), each followed by the last cell's one sequence: no
/// flips are needed below three cells.
#[inline]
fn few_sequences<R: Rules>(p: u64, o: u64, empty: u64) -> u64 {
    let n = empty.count_ones();
    if n <= 1 {
        return 1;
    }
    if n == 2 {
        let mine = R::bit_moves(p, o, empty).count_ones() as u64;
        let theirs = if mine == 0 && R::PASSES { R::bit_moves(o, p, empty).count_ones() as u64 } else { 0 };
        return mine.max(theirs).max(1);
    }
    for &(me, other) in [(p, o), (o, p)].iter() {
        let mut total = 0;
        for sq in Bits(R::bit_moves(me, other, empty)) {
            let f = R::bit_flips(me, other, sq);
            let placed = 1u64 << sq;
            total += few_sequences::<R>(other ^ f, me ^ f ^ placed, empty ^ placed);
        }
        if total > 0 || !R::PASSES {
            return total.max(1);
        }
    }
    1
}

/// Positions with at most this many empty cells are counted by [`few`].
const FEW: u32 = 3;

/// The outcomes for the player with discs `p` to move (margin `margin`) when the cells
/// `empty` are few: a direct recursion over the empty cells, without move generation
/// or table; the last two cells are counted by [`last_two`] and [`last_one`].
#[inline]
fn few<R: Rules, F: Fn(u64, u64, u32) -> u32>(p: u64, o: u64, empty: u64, margin: i32, last: &F) -> [u64; 3] {
    let first = empty.trailing_zeros();
    let rest = empty & empty.wrapping_sub(1);
    if rest & rest.wrapping_sub(1) == 0 {
        return if empty == 0 {
            tally(margin)
        } else if rest == 0 {
            last_one::<R, F>(p, o, first, margin, last)
        } else {
            last_two::<R, F>(p, o, first, rest.trailing_zeros(), margin, last)
        };
    }
    let mut total = [0u64; 3];
    let mut moved = false;
    // The flips of all three cells first: they do not depend on one another, so the
    // processor computes them side by side, not each after the count of the one before
    // (the counts at 14 and 16 empty cells 1.14x and 1.07x faster); the same below.
    let squares = [first, rest.trailing_zeros(), (rest & rest.wrapping_sub(1)).trailing_zeros()];
    let all = [R::bit_flips(p, o, squares[0]), R::bit_flips(p, o, squares[1]), R::bit_flips(p, o, squares[2])];
    for (&sq, &f) in squares.iter().zip(all.iter()) {
        if f != 0 {
            moved = true;
            let placed = 1u64 << sq;
            let after = margin + 2 * f.count_ones() as i32 + 1;
            let t = few::<R, F>(o ^ f, p ^ f ^ placed, empty ^ placed, -after, last);
            total[0] += t[1];
            total[1] += t[0];
            total[2] += t[2];
        }
    }
    if moved || !R::PASSES {
        return if moved { total } else { tally(margin) };
    }
    // The player to move passes: the opponent moves, and the player is to move again.
    for sq in Bits(empty) {
        let f = R::bit_flips(o, p, sq);
        if f != 0 {
            moved = true;
            let placed = 1u64 << sq;
            let after = margin - 2 * f.count_ones() as i32 - 1;
            let t = few::<R, F>(p ^ f, o ^ f ^ placed, empty ^ placed, after, last);
            for k in 0..3 {
                total[k] += t[k];
            }
        }
    }
    if moved {
        total
    } else {
        tally(margin)
    }
}

/// The outcomes for the player with discs `p` to move (margin `margin`) when `sq` is the
/// only empty cell. Only flip counts matter, so no move is made: `flips(p, o, sq)` says
/// how many discs `p` would flip at `sq`.
#[inline(always)]
fn last_one<R: Rules, F: Fn(u64, u64, u32) -> u32>(p: u64, o: u64, sq: u32, margin: i32, flips: &F) -> [u64; 3] {
    let n = flips(p, o, sq) as i32;
    if n > 0 {
        return tally(margin + 2 * n + 1);
    }
    if R::PASSES {
        let n = flips(o, p, sq) as i32;
        if n > 0 {
            return tally(margin - 2 * n - 1);
        }
    }
    tally(margin)
}

/// The outcomes for the player with discs `p` to move when `a` and `b` are the only
/// empty cells; `flips` counts the flips of the last move as in [`last_one`].
#[inline(always)]
fn last_two<R: Rules, F: Fn(u64, u64, u32) -> u32>(
    p: u64,
    o: u64,
    a: u32,
    b: u32,
    margin: i32,
    flips: &F,
) -> [u64; 3] {
    let mut total = [0u64; 3];
    let mut moved = false;
    let both = [R::bit_flips(p, o, a), R::bit_flips(p, o, b)];
    for (&(x, y), &f) in [(a, b), (b, a)].iter().zip(both.iter()) {
        if f != 0 {
            moved = true;
            let after = margin + 2 * f.count_ones() as i32 + 1;
            let t = last_one::<R, F>(o ^ f, p ^ f ^ 1u64 << x, y, -after, flips);
            total[0] += t[1];
            total[1] += t[0];
            total[2] += t[2];
        }
    }
    if moved || !R::PASSES {
        return if moved { total } else { tally(margin) };
    }
    // The player to move passes; the opponent moves, then the player faces the last cell.
    for &(x, y) in [(a, b), (b, a)].iter() {
        let f = R::bit_flips(o, p, x);
        if f != 0 {
            moved = true;
            let after = margin - 2 * f.count_ones() as i32 - 1;
            let t = last_one::<R, F>(p ^ f, o ^ f ^ 1u64 << x, y, after, flips);
            for k in 0..3 {
                total[k] += t[k];
            }
        }
    }
    if moved {
        total
    } else {
        tally(margin)
    }
}
