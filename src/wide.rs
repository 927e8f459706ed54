//! Boards beyond 8×8 whose cells that may change number at most 1020 (9×9 to 13×13 with
//! 10 empty cells, large boards whose empty cells lie close together, such as a 2×5 block
//! or a 1×10 row on 100×100, and boards of mostly one colour, whose long runs let moves
//! flip far away) on bit sets of those cells ([`Set`]: `u64` where they fit with the
//! anchors below, else `u128`, else [`U256`], [`U512`] or [`U1024`]), and the counter's
//! walk on them ([`WideWalk`]).
//!
//! Only the cells that may change are kept ([`Rules::changeable`]: the empty cells and
//! the discs a run may flip), numbered in row-major order from bit 2: the `k`-th kept cell
//! is bit `k + 2`. Every other disc holds its colour to the end, so it takes part in a
//! move only as the end of a run: each ray of a kept cell runs over kept cells up to the
//! first cell that is not kept and, if that is a disc, ends in an *anchor* of the disc's
//! colour. The anchors are four bits, one per colour below every kept cell (bit 0 black,
//! bit 1 white) and one above (bits `n + 2` and `n + 3` for `n` kept cells), held by the
//! players like discs: a ray's anchor is its last bit, in the order of the ray. The discs
//! left off become the walk's bias, as on 64-bit boards.
//!
//! [`Geometry`] keeps each kept cell's eight rays; in row-major order a ray's bits grow
//! along it (east to south-west) or shrink (the other four directions). Moves are found
//! cell by cell among the empty cells of the start (at most 64): along each ray, the first
//! bit that is not an opponent disc is the lowest set bit of the ray without the opponent's
//! discs (where bits grow) or the highest, and the cells before it flip if it is the
//! player's, disc or anchor. The last four empty cells are counted level by level, or,
//! under the standard rules where the build targets AVX-512, with the 24 orders of their
//! moves in vector lanes as on 64-bit boards (`super::bitboard::lanes`): on wider sets
//! packed into 64 bits where the four cells and their rays fit (`pext` keeps the bits'
//! order, so each ray still grows or shrinks), else into 128 bits, counted with a vector
//! of low words and one of high words, or on wider sets into three to eight words, twelve
//! or sixteen (up to 1024 bits, the widest sets'), counted with a vector per word. The
//! packed rays of each set of four of the start's empty cells are made once ([`Four`]).
//!
//! The table key of a position is the discs of the player to move together with the
//! empty cells (`p | empty`) from bit 1, or from bit 2 where the colour to move does not
//! matter (no anchor and no bias), then which of the start's empty cells are still empty:
//! two words on 64- and 128-bit sets ([`WideWalk::new`] declines boards whose key needs
//! more bits than that), and on wider sets the set and a word of its own for the empty
//! cells (5 to 17 words, whose threads then share a table behind locks).
//!
//! Where the discs left off decide the winner from the start, only the sequences count,
//! and a run of discs of one colour that only one line reads flips whole or not at all:
//! it is kept as its first cell alone, the others passed over by the rays as that cell
//! ([`Runs`]). Boards of mostly one colour shrink most (the bench's slowest from 648
//! cells that may change to 108), often to narrower sets, and some past 1020 cells come
//! within them.

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;
use std::ops::{BitAnd, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

use super::board::{Board, Color};
use super::bitboard::Bits;
use super::count::{decided_by, tally, Walk};
use super::rules::Rules;
use super::table::{hash_words, mix, TableKey};

/// The most cells a [`Geometry`] of `u128` sets keeps: 128 bits less the four anchors
/// (60 on `u64` sets, 252, 508 and 1020 on [`U256`], [`U512`] and [`U1024`] ones).
pub const MAX_KEPT: usize = 124;

/// The walk's bit sets: `u64` where the kept cells and the anchors fit in 64 bits (a flip
/// reads one word, and the last four cells take the lanes of 64-bit boards), else
/// `u128`, else [`U256`], [`U512`] or [`U1024`].
pub trait Set:
    Copy
    + Eq
    + Send
    + Sync
    + fmt::Debug
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The bits of a set.
    const BITS: u32;
    /// The empty set.
    const EMPTY: Self;
    /// Bit `b` alone.
    fn bit(b: u32) -> Self;
    /// How many bits are set.
    fn count(self) -> u32;
    /// The lowest bit set (none: empty).
    fn lowest(self) -> Self;
    /// The highest bit set (none: empty).
    fn highest(self) -> Self;
    /// The set less one, as a number: for a single bit, the bits below it.
    fn less_one(self) -> Self;
    /// The set's 64-bit words, low first: the first `BITS / 64` of the 16 (the others 0;
    /// sets have at most 1024 bits).
    fn to_words(self) -> [u64; 16];
    /// The set whose 64-bit words, low first, are the first `BITS / 64` of `words`.
    fn from_words(words: &[u64]) -> Self;
    /// The table key: at most [`Set::KEY_BITS`] bits.
    type Key: TableKey + Send + Sync;
    /// The bits a key holds.
    const KEY_BITS: u32;
    /// The key of the `width` bits of `cells` from bit `from` on, and above them `open`.
    fn key(cells: Self, from: u32, width: u32, open: u64) -> Self::Key;
    /// The key as two words, where it is that small (threads then share a lock-free
    /// table).
    fn words(key: &Self::Key) -> Option<(u64, u64)>;
    /// [`flanking_flips`]: by default [`ray_flips`].
    #[inline(always)]
    fn flanking_flips(g: &Geometry<Self>, p: Self, o: Self, sq: u32) -> Self {
        ray_flips(g, p, o, sq)
    }
    /// [`flanking_flips`] on sets of twice this set's bits ([`Double`]): by default
    /// [`ray_flips`] (`u128`: [`U256`]).
    #[inline(always)]
    fn doubled_flips(g: &Geometry<Double<Self>>, p: Double<Self>, o: Double<Self>, sq: u32) -> Double<Self>
    where
        Double<Self>: Set,
    {
        ray_flips(g, p, o, sq)
    }
    /// The bits of the set under `used`, packed towards bit 0 in their order (see
    /// [`Four`]), as sixteen words, low first.
    #[inline]
    fn packed(self, used: Self) -> [u64; 16] {
        let (x, m) = (self.to_words(), used.to_words());
        let mut out = [0u64; 16];
        let mut at = 0;
        for w in 0..(Self::BITS / 64) as usize {
            if m[w] == 0 {
                continue;
            }
            let bits = extract(x[w], m[w]);
            let (word, shift) = (at / 64, at % 64);
            out[word] |= bits << shift;
            if shift > 0 && word + 1 < 16 {
                out[word + 1] |= bits >> (64 - shift);
            }
            at += m[w].count_ones() as usize;
        }
        out
    }
    /// [`count_four`] where the four cells `cells` are counted on the geometry's own rays
    /// (`Four` does not pack them): on 64-bit sets in lanes of one word, on 128-bit ones
    /// in lanes of two; never called on wider sets, which are always packed.
    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    #[inline]
    fn count_unpacked(_g: &Geometry<Self>, _cells: [u32; 4], _p: Self, _o: Self, _margin: i32, _outcomes: bool) -> Option<[u64; 3]> {
        None
    }
}

impl Set for u64 {
    const BITS: u32 = 64;
    const EMPTY: u64 = 0;

    #[inline(always)]
    fn bit(b: u32) -> u64 {
        1 << b
    }

    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }

    #[inline(always)]
    fn lowest(self) -> u64 {
        self & self.wrapping_neg()
    }

    #[inline(always)]
    fn highest(self) -> u64 {
        if self == 0 {
            0
        } else {
            1 << (63 - self.leading_zeros())
        }
    }

    #[inline(always)]
    fn less_one(self) -> u64 {
        self.wrapping_sub(1)
    }

    #[inline(always)]
    fn to_words(self) -> [u64; 16] {
        let mut w = [0; 16];
        w[0] = self;
        w
    }

    #[inline(always)]
    fn from_words(words: &[u64]) -> u64 {
        words[0]
    }

    type Key = (u64, u64);
    const KEY_BITS: u32 = 128;

    #[inline(always)]
    fn key(cells: u64, from: u32, width: u32, open: u64) -> (u64, u64) {
        u128::key(u128::from(cells), from, width, open)
    }

    #[inline(always)]
    fn words(key: &(u64, u64)) -> Option<(u64, u64)> {
        Some(*key)
    }

    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd"))]
    #[inline(always)]
    fn flanking_flips(g: &Geometry<u64>, p: u64, o: u64, sq: u32) -> u64 {
        vector_flips_64(g, p, o, sq)
    }

    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    #[inline]
    fn count_unpacked(g: &Geometry<u64>, cells: [u32; 4], p: u64, o: u64, margin: i32, outcomes: bool) -> Option<[u64; 3]> {
        use super::bitboard::lanes;
        let rays = [g.rays(cells[0]), g.rays(cells[1]), g.rays(cells[2]), g.rays(cells[3])];
        // SAFETY: the build targets a processor with the three features (`target_feature`).
        unsafe { lanes::count_four_as::<lanes::Narrow>(outcomes, p, o, cells, rays, margin) }
    }
}

impl Set for u128 {
    const BITS: u32 = 128;
    const EMPTY: u128 = 0;

    #[inline(always)]
    fn bit(b: u32) -> u128 {
        1 << b
    }

    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }

    #[inline(always)]
    fn lowest(self) -> u128 {
        self & self.wrapping_neg()
    }

    #[inline(always)]
    fn highest(self) -> u128 {
        if self == 0 {
            0
        } else {
            1 << (127 - self.leading_zeros())
        }
    }

    #[inline(always)]
    fn less_one(self) -> u128 {
        self.wrapping_sub(1)
    }

    #[inline(always)]
    fn to_words(self) -> [u64; 16] {
        let mut w = [0; 16];
        w[0] = self as u64;
        w[1] = (self >> 64) as u64;
        w
    }

    #[inline(always)]
    fn from_words(words: &[u64]) -> u128 {
        u128::from(words[1]) << 64 | u128::from(words[0])
    }

    type Key = (u64, u64);
    const KEY_BITS: u32 = 128;

    #[inline(always)]
    fn key(cells: u128, from: u32, width: u32, open: u64) -> (u64, u64) {
        let key = (cells >> from) & !(!0u128 << width) | (open as u128) << width;
        (key as u64, (key >> 64) as u64)
    }

    #[inline(always)]
    fn words(key: &(u64, u64)) -> Option<(u64, u64)> {
        Some(*key)
    }

    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd"))]
    #[inline(always)]
    fn flanking_flips(g: &Geometry<u128>, p: u128, o: u128, sq: u32) -> u128 {
        vector_flips(g, p, o, sq)
    }

    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd"))]
    #[inline(always)]
    fn doubled_flips(g: &Geometry<U256>, p: U256, o: U256, sq: u32) -> U256 {
        vector_flips_256(g, p, o, sq)
    }

    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    #[inline]
    fn count_unpacked(g: &Geometry<u128>, cells: [u32; 4], p: u128, o: u128, margin: i32, outcomes: bool) -> Option<[u64; 3]> {
        use super::bitboard::lanes;
        let rays = [g.rays(cells[0]), g.rays(cells[1]), g.rays(cells[2]), g.rays(cells[3])];
        // SAFETY: the build targets a processor with the three features (`target_feature`).
        unsafe { lanes::count_four_as::<lanes::Wide>(outcomes, p, o, cells, rays, margin) }
    }
}

/// A set of twice the bits of `H`: the low half and the high half. [`U256`] (two `u128`)
/// for boards whose cells that may change pass 124 (the 2×5 block of empty cells on a
/// 100×100 board of random discs has 208, every one of which some sequence flips),
/// [`U512`] and [`U1024`] for those past 252 and 508 (boards of mostly one colour, whose
/// long runs let a move flip far from the empty cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Double<H> {
    /// The low bits.
    pub low: H,
    /// The high bits.
    pub high: H,
}

/// 256 bits, for up to 252 kept cells.
pub type U256 = Double<u128>;

/// 512 bits, for up to 508 kept cells.
pub type U512 = Double<U256>;

/// 1024 bits, for up to 1020 kept cells.
pub type U1024 = Double<U512>;

impl<H: Set> BitAnd for Double<H> {
    type Output = Double<H>;
    #[inline(always)]
    fn bitand(self, x: Double<H>) -> Double<H> {
        Double { low: self.low & x.low, high: self.high & x.high }
    }
}

impl<H: Set> BitOr for Double<H> {
    type Output = Double<H>;
    #[inline(always)]
    fn bitor(self, x: Double<H>) -> Double<H> {
        Double { low: self.low | x.low, high: self.high | x.high }
    }
}

impl<H: Set> BitXor for Double<H> {
    type Output = Double<H>;
    #[inline(always)]
    fn bitxor(self, x: Double<H>) -> Double<H> {
        Double { low: self.low ^ x.low, high: self.high ^ x.high }
    }
}

impl<H: Set> Not for Double<H> {
    type Output = Double<H>;
    #[inline(always)]
    fn not(self) -> Double<H> {
        Double { low: !self.low, high: !self.high }
    }
}

impl<H: Set> BitOrAssign for Double<H> {
    #[inline(always)]
    fn bitor_assign(&mut self, x: Double<H>) {
        *self = *self | x;
    }
}

impl<H: Set> BitXorAssign for Double<H> {
    #[inline(always)]
    fn bitxor_assign(&mut self, x: Double<H>) {
        *self = *self ^ x;
    }
}

impl<H: Set> Shl<u32> for Double<H> {
    type Output = Double<H>;
    /// Bits shifted past the top are lost; a shift by the set's bits or more leaves none.
    #[inline(always)]
    fn shl(self, n: u32) -> Double<H> {
        let half = H::BITS;
        if n == 0 {
            self
        } else if n < half {
            Double { low: self.low << n, high: self.high << n | self.low >> (half - n) }
        } else if n < 2 * half {
            Double { low: H::EMPTY, high: self.low << (n - half) }
        } else {
            Double::EMPTY
        }
    }
}

impl<H: Set> Shr<u32> for Double<H> {
    type Output = Double<H>;
    /// Bits shifted below 0 are lost; a shift by the set's bits or more leaves none.
    #[inline(always)]
    fn shr(self, n: u32) -> Double<H> {
        let half = H::BITS;
        if n == 0 {
            self
        } else if n < half {
            Double { low: self.low >> n | self.high << (half - n), high: self.high >> n }
        } else if n < 2 * half {
            Double { low: self.high >> (n - half), high: H::EMPTY }
        } else {
            Double::EMPTY
        }
    }
}

impl<H: Set> Set for Double<H> {
    const BITS: u32 = 2 * H::BITS;
    const EMPTY: Double<H> = Double { low: H::EMPTY, high: H::EMPTY };

    #[inline(always)]
    fn bit(b: u32) -> Double<H> {
        if b < H::BITS {
            Double { low: H::bit(b), high: H::EMPTY }
        } else {
            Double { low: H::EMPTY, high: H::bit(b - H::BITS) }
        }
    }

    #[inline(always)]
    fn count(self) -> u32 {
        self.low.count() + self.high.count()
    }

    #[inline(always)]
    fn lowest(self) -> Double<H> {
        if self.low != H::EMPTY {
            Double { low: self.low.lowest(), high: H::EMPTY }
        } else {
            Double { low: H::EMPTY, high: self.high.lowest() }
        }
    }

    #[inline(always)]
    fn highest(self) -> Double<H> {
        if self.high != H::EMPTY {
            Double { low: H::EMPTY, high: self.high.highest() }
        } else {
            Double { low: self.low.highest(), high: H::EMPTY }
        }
    }

    #[inline(always)]
    fn less_one(self) -> Double<H> {
        if self.low != H::EMPTY {
            Double { low: self.low.less_one(), high: self.high }
        } else {
            Double { low: !H::EMPTY, high: self.high.less_one() }
        }
    }

    #[inline(always)]
    fn to_words(self) -> [u64; 16] {
        let (mut w, high) = (self.low.to_words(), self.high.to_words());
        let half = (H::BITS / 64) as usize;
        w[half..2 * half].copy_from_slice(&high[..half]);
        w
    }

    #[inline(always)]
    fn from_words(words: &[u64]) -> Double<H> {
        let half = (H::BITS / 64) as usize;
        Double { low: H::from_words(&words[..half]), high: H::from_words(&words[half..]) }
    }

    /// The kept cells' bits and, as a word of its own, the open cells (5, 9 or 17
    /// words).
    type Key = (Double<H>, u64);
    const KEY_BITS: u32 = 2 * H::BITS + 64;

    #[inline]
    fn key(cells: Double<H>, from: u32, width: u32, open: u64) -> (Double<H>, u64) {
        ((cells >> from) & !(!Double::EMPTY << width), open)
    }

    #[inline(always)]
    fn words(_: &(Double<H>, u64)) -> Option<(u64, u64)> {
        None
    }

    /// From 512 bits on, `gathered_flips` (where the build has AVX-512); else the half's
    /// [`Set::doubled_flips`].
    #[inline(always)]
    fn flanking_flips(g: &Geometry<Double<H>>, p: Double<H>, o: Double<H>, sq: u32) -> Double<H> {
        #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd"))]
        {
            match Self::BITS {
                512 => return gathered_flips::<Double<H>, 8>(g, p, o, sq),
                1024 => return gathered_flips::<Double<H>, 16>(g, p, o, sq),
                _ => {}
            }
        }
        H::doubled_flips(g, p, o, sq)
    }
}

impl<H: Set> TableKey for (Double<H>, u64) {
    #[inline]
    fn hash64(&self) -> u64 {
        let words = self.0.to_words();
        mix(hash_words(&words[..(Double::<H>::BITS / 64) as usize]) ^ self.1)
    }
}

/// Up to [`MAX_KEPT`] cells of a board, numbered in row-major order from bit 2, and the
/// four anchors (see the module header): per kept cell, its eight rays and its kept
/// neighbours.
///
/// A ray runs over kept cells and stops at the first cell that is not: if that holds a
/// disc, the ray ends in the anchor of its colour, above the kept cells where the ray's
/// bits grow and below them where they shrink. The cells that are not kept must keep their
/// discs to the end (the walk keeps those that may change, [`Rules::changeable`]), so a
/// run can only end there, never pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry<S = u128> {
    /// Per bit (two anchors, then the kept cells) and direction of
    /// [`super::board::DIRECTIONS`]: the kept cells from it (excluded) up to the first cell
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
    /// kept but stands for the kept cell `first`, the first of its run ([`Runs`]): the
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

    /// The two anchors of colour `c`.
    #[inline]
    pub fn anchors(&self, c: Color) -> S {
        self.anchors[if c == Color::Black { 0 } else { 1 }]
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

/// The bits of `x` under `mask`, packed towards bit 0 in their order (`pext`, where the
/// build targets BMI2 with the `pext` feature; else one mask bit after another): for the
/// lanes' packing of wider sets ([`Four`]).
#[inline]
fn extract(x: u64, mask: u64) -> u64 {
    #[cfg(all(feature = "pext", target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: `pext` only computes, and the build targets BMI2 (the `target_feature`).
    return unsafe { std::arch::x86_64::_pext_u64(x, mask) };
    #[cfg(not(all(feature = "pext", target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let mut out = 0;
        for (k, b) in Bits(mask).enumerate() {
            out |= (x >> b & 1) << k;
        }
        out
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
/// SAFETY: the processor must have AVX-512F and CD.
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

/// Four empty cells of a [`Geometry`] made ready for the vector lanes of
/// `super::bitboard::lanes` (the `avx512` feature; see `count_four`): their rays in
/// 64-bit words where the four cells and their rays hold at most 64 bits, else in 128-bit
/// words, else in three to sixteen 64-bit words, packed into those bits in order on wider
/// sets (`pext` keeps each ray growing or shrinking), and the cells' bit numbers there.
///
/// The packing reads every ray of the four cells (on 512-bit sets, eight `pext` a ray), so
/// [`WideWalk`] makes these once per set of four of the start's empty cells
/// ([`FOURS_UP_TO`]) instead of at every count.
///
/// ```
/// use othello::board::{Board, Color};
/// use othello::wide::{Four, Geometry};
/// let mut b = Board::new(10, 10);
/// for i in 0..100 {
///     b.set(i, Some(if i % 3 == 0 { Color::Black } else { Color::White }));
/// }
/// let kept: Vec<usize> = (0..100).collect();
/// let g = Geometry::<u128>::new(&b, &kept).unwrap();
/// // The 2×2 corner a1 b1 a2 b2 (bits 2, 3, 12, 13) and its rays: rows 1 and 2, columns
/// // a and b, three diagonals; 58 of the 104 bits, packed into one word.
/// assert_eq!(Four::new(&g, [2, 3, 12, 13]).packed_bits(), Some(58));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Four<S> {
    /// The bits kept by the packing, if packed.
    used: Option<S>,
    /// The four cells' bit numbers in the (packed) words.
    at: [u32; 4],
    /// Per cell and direction, its ray in those words.
    rays: Rays,
}

/// The rays of a [`Four`]: packed into 64-bit words, 128-bit ones or three to sixteen
/// 64-bit words (on wider sets past 128 bits; per cell, word by word), or not packed
/// (the geometry's own, on 64-bit sets and on 128-bit ones past 64 bits).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Rays {
    Narrow([[u64; 8]; 4]),
    Wide([[u128; 8]; 4]),
    /// Three to eight words, twelve or sixteen ([`lane_words`]): per cell and word, the
    /// eight directions (cell `k`, word `w` of `n` at `n k + w`).
    Words(Box<[[u64; 8]]>),
    Unpacked,
}

/// The words of the lanes for four cells whose rays take `bits` bits past 128: as many
/// as they need up to eight, else twelve or sixteen (fewer sizes, fewer copies of the
/// lanes' code). Until 2026-11-26 the lanes took at most eight and the walk counted
/// wider ones level by level, a quarter of the time of the slowest board of mostly one
/// colour, for 17 of its 210 sets of four cells (nine words each): 47 → 40 ms.
fn lane_words(bits: u32) -> usize {
    match (bits as usize + 63) / 64 {
        n @ 0..=8 => n,
        9..=12 => 12,
        _ => 16,
    }
}

impl<S: Set> Four<S> {
    /// The cells `cells` (bit numbers) of `g` made ready for the lanes: the sets take at
    /// most 1024 bits, so their cells and rays always fit sixteen words.
    pub fn new(g: &Geometry<S>, cells: [u32; 4]) -> Four<S> {
        let used = g.reach(cells[0]) | g.reach(cells[1]) | g.reach(cells[2]) | g.reach(cells[3]);
        let n = used.count();
        // On 64-bit sets, and on 128-bit ones past 64 bits, the geometry's own rays serve.
        if S::BITS == 64 || (S::BITS == 128 && n > 64) {
            return Four { used: None, at: cells, rays: Rays::Unpacked };
        }
        let at = cells.map(|c| (used & S::bit(c).less_one()).count());
        // Per cell, word and direction: the packed ray.
        let mut words = [[[0u64; 8]; 16]; 4];
        for k in 0..4 {
            for d in 0..8 {
                let ray = g.ray(cells[k], d).packed(used);
                for w in 0..16 {
                    words[k][w][d] = ray[w];
                }
            }
        }
        let rays = match n {
            0..=64 => Rays::Narrow(words.map(|c| c[0])),
            65..=128 => Rays::Wide(words.map(|c| {
                let mut r = [0u128; 8];
                for d in 0..8 {
                    r[d] = u128::from(c[0][d]) | u128::from(c[1][d]) << 64;
                }
                r
            })),
            _ => {
                let n = lane_words(n);
                Rays::Words(words.iter().flat_map(|c| c[..n].iter().copied()).collect())
            }
        };
        Four { used: Some(used), at, rays }
    }

    /// How many bits the cells and their rays were packed into (`None`: not packed).
    pub fn packed_bits(&self) -> Option<u32> {
        self.used.map(|m| m.count())
    }
}

/// The most empty cells of a start for which [`WideWalk`] makes a [`Four`] for each set of
/// four of them beforehand: C(12, 4) = 495 sets, about 280 KB, made in about 20 µs.
/// Before, the packing took 16% of a count on 256-bit sets: the slowest 13×13 board of
/// random discs with 10 empty cells 25.7 → 21.6 ms, 10×10 to 12×12 ones on 128-bit sets
/// 1.04–1.06× (one thread).
pub const FOURS_UP_TO: usize = 12;

/// The index of the set of four cells `open` (bits) among the sets of four in increasing
/// order of their bits as numbers: `C(a, 1) + C(b, 2) + C(c, 3) + C(d, 4)` for its bits
/// `a < b < c < d` (the combinatorial number system).
#[inline]
fn rank_of_four(open: u64) -> usize {
    let mut rest = open;
    let mut rank = 0;
    let mut choose = [0usize; 4];
    for (i, c) in choose.iter_mut().enumerate() {
        let b = rest.trailing_zeros() as usize;
        rest &= rest.wrapping_sub(1);
        // C(b, i + 1), the product made in steps that each divide exactly.
        let mut x = 1;
        for j in 0..=i {
            x = x * (b - j) / (j + 1);
        }
        *c = x;
    }
    for c in choose.iter() {
        rank += c;
    }
    rank
}

/// [`super::bitboard::lanes::count_four`] on `four`, cells of `g`, where the build targets
/// AVX-512F, CD and VPOPCNTDQ: `[wins, losses, draws]` for the player with discs `p` to
/// move against `o` with margin `margin` (without `outcomes`, `[sequences, 0, 0]`), `None`
/// if that player has no move.
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
#[inline]
pub fn count_four<S: Set>(g: &Geometry<S>, four: &Four<S>, p: S, o: S, margin: i32, outcomes: bool) -> Option<[u64; 3]> {
    use super::bitboard::lanes;
    let used = match (&four.rays, four.used) {
        (&Rays::Unpacked, _) => return S::count_unpacked(g, four.at, p, o, margin, outcomes),
        (_, None) => return None,
        (_, Some(m)) => m,
    };
    let (pw, ow) = (p.packed(used), o.packed(used));
    let (p, o) = (u128::from(pw[0]) | u128::from(pw[1]) << 64, u128::from(ow[0]) | u128::from(ow[1]) << 64);
    match four.rays {
        // SAFETY: the build targets a processor with the three features (`target_feature`).
        Rays::Narrow(ref r) => unsafe { lanes::count_four_as::<lanes::Narrow>(outcomes, p as u64, o as u64, four.at, [&r[0], &r[1], &r[2], &r[3]], margin) },
        // SAFETY: as above.
        Rays::Wide(ref r) => unsafe { lanes::count_four_as::<lanes::Wide>(outcomes, p, o, four.at, [&r[0], &r[1], &r[2], &r[3]], margin) },
        Rays::Words(ref r) => match r.len() / 4 {
            3 => in_words::<3>(r, &pw, &ow, four.at, margin, outcomes),
            4 => in_words::<4>(r, &pw, &ow, four.at, margin, outcomes),
            5 => in_words::<5>(r, &pw, &ow, four.at, margin, outcomes),
            6 => in_words::<6>(r, &pw, &ow, four.at, margin, outcomes),
            7 => in_words::<7>(r, &pw, &ow, four.at, margin, outcomes),
            8 => in_words::<8>(r, &pw, &ow, four.at, margin, outcomes),
            12 => in_words::<12>(r, &pw, &ow, four.at, margin, outcomes),
            _ => in_words::<16>(r, &pw, &ow, four.at, margin, outcomes),
        },
        Rays::Unpacked => None,
    }
}

/// [`count_four`] on four cells packed into `N` words (three to sixteen): their rays `rays`
/// ([`Rays::Words`]), the packed discs `p` and `o`, the cells' bits `at`.
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
#[inline]
fn in_words<const N: usize>(rays: &[[u64; 8]], p: &[u64; 16], o: &[u64; 16], at: [u32; 4], margin: i32, outcomes: bool) -> Option<[u64; 3]> {
    use super::bitboard::lanes;
    use std::convert::TryFrom;
    let cell = |k: usize| <&[[u64; 8]; N]>::try_from(&rays[N * k..N * (k + 1)]).expect("N words a cell");
    let words = |x: &[u64; 16]| <[u64; N]>::try_from(&x[..N]).expect("N words");
    // SAFETY: the build targets a processor with the three features (`target_feature`).
    unsafe { lanes::count_four_as::<lanes::Multi<N>>(outcomes, words(p), words(o), at, [cell(0), cell(1), cell(2), cell(3)], margin) }
}

/// The margin for `to_move` of the discs of `board` off the cells `kept`, which never
/// change.
fn fixed_margin(board: &Board, kept: &[bool], to_move: Color) -> i32 {
    let on_kept = |c: Color| (0..board.len()).filter(|&i| kept[i] && board.cell(i) == Some(c)).count() as i32;
    let off = |c: Color| board.discs(c) as i32 - on_kept(c);
    off(to_move) - off(to_move.opponent())
}

/// Runs of discs that flip whole, for a start whose winner is known. A disc that a move
/// can flip or read through only one line (a row, a column or a diagonal: the walk from
/// it over cells that may change meets an empty cell along no other) changes only by
/// flips along that line; where such discs of one colour follow one another along the
/// same line, every flip that reaches one of them runs over all of them (under rules
/// whose flips run over the opponent's discs to the mover's, [`Rules::WHOLE_RUNS`]), so
/// they always share their colour, and a move reads them as it reads the first. Where
/// only the sequences count, the run can stand as its first cell: on boards of mostly one
/// colour, long runs of the common colour make most of the cells that may change (the
/// slowest of the bench's 60 keeps 648 cells, 108 once its runs are down to one cell).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Runs {
    /// The cells still kept: every cell of `kept` but the runs' others.
    pub kept: Vec<bool>,
    /// Each other cell of a run, with the run's first cell (the lowest in row-major
    /// order, so that each ray's bits still grow or shrink along it).
    pub same: Vec<(usize, usize)>,
}

impl Runs {
    /// The runs of `board` (cells that may change `kept`, as [`WideWalk::on`]) with
    /// `to_move` to move, under rules `R`: `None` unless the rules flip runs whole, the
    /// discs off `kept` decide the winner ([`super::count::decided_by`]), and some run
    /// has two cells or more.
    ///
    /// ```
    /// use othello::board::{Board, Color};
    /// use othello::rules::Flanking;
    /// use othello::wide::Runs;
    /// // `. B B B B W` over a row of white discs: the empty cell and the black run may
    /// // change, and white's seven other discs outweigh them. The run is read only along
    /// // its row, so b1 stands for b1 to e1.
    /// let mut b = Board::new(2, 6);
    /// for i in 1..5 {
    ///     b.set(i, Some(Color::Black));
    /// }
    /// for i in 5..12 {
    ///     b.set(i, Some(Color::White));
    /// }
    /// let kept: Vec<bool> = (0..12).map(|i| i < 5).collect();
    /// let runs = Runs::of::<Flanking>(&b, &kept, Color::White).unwrap();
    /// assert_eq!(runs.same, vec![(2, 1), (3, 1), (4, 1)]);
    /// assert_eq!(runs.kept.iter().filter(|&&k| k).count(), 2);
    /// // Black to move: the same runs (the winner is known either way).
    /// assert_eq!(Runs::of::<Flanking>(&b, &kept, Color::Black), Some(runs));
    /// ```
    pub fn of<R: Rules>(board: &Board, kept: &[bool], to_move: Color) -> Option<Runs> {
        if !R::WHOLE_RUNS {
            return None;
        }
        let open = kept.iter().filter(|&&k| k).count() as i32;
        decided_by(fixed_margin(board, kept, to_move), open)?;
        // Per disc that may change: the lines (bit `d % 4` for direction `d`) along which
        // it meets an empty cell over cells that may change.
        let lines: Vec<u8> = (0..board.len())
            .map(|i| {
                if !kept[i] || board.cell(i).is_none() {
                    return 0;
                }
                (0..8).fold(0u8, |m, d| {
                    let meets = board.ray(i, d).take_while(|&j| kept[j]).any(|j| board.cell(j).is_none());
                    m | (meets as u8) << (d % 4)
                })
            })
            .collect();
        // The cell before each along its line, lower in row-major order: north, north-east,
        // west, north-west for the lines of directions 0 to 3.
        const BEFORE: [usize; 4] = [0, 1, 6, 7];
        let mut first: Vec<usize> = (0..board.len()).collect();
        let mut runs = Runs { kept: kept.to_vec(), same: Vec::new() };
        for i in 0..board.len() {
            if lines[i].count_ones() != 1 {
                continue;
            }
            if let Some(j) = board.step(i, BEFORE[lines[i].trailing_zeros() as usize]) {
                if lines[j] == lines[i] && board.cell(j) == board.cell(i) {
                    first[i] = first[j];
                    runs.kept[i] = false;
                    runs.same.push((i, first[i]));
                }
            }
        }
        if runs.same.is_empty() {
            return None;
        }
        Some(runs)
    }
}

/// The counter's walk on the cells of a board that may change, up to [`MAX_KEPT`], under
/// rules `R`: discs of the player to move and of the opponent (each with the anchors of
/// its colour), the empty cells, and which of the start's empty cells are still empty.
/// See the module header.
#[derive(Clone)]
pub struct WideWalk<R, S = u128> {
    g: Geometry<S>,
    p: S,
    o: S,
    empty: S,
    /// Bit `j`: the start's `j`-th empty cell is still empty.
    open: u64,
    /// The start's empty cells, as bit numbers.
    squares: [u16; 64],
    /// The key's first bit of `p | empty`: 1 where the colour to move matters (bit 1 is
    /// white's low anchor), else 2.
    key_from: u32,
    /// Where the key's open cells start: after its cells.
    open_at: u32,
    /// The margin of the discs off the kept cells, for the player to move.
    bias: i32,
    /// Where the rules count the last four cells in lanes and the start has at most
    /// [`FOURS_UP_TO`] empty cells: per set of four of them (by `rank_of_four` of their
    /// open bits), their [`Four`]. Else empty.
    fours: Arc<Vec<Four<S>>>,
    /// Per number of open cells `d` and open cell `j`: at `(d - 1) * 64 + j`, the flips of
    /// a move on `j` in the position with `d` open cells that `list_moves` saw last.
    listed: Vec<S>,
    rules: PhantomData<fn() -> R>,
}

impl<R: Rules, S: Set> WideWalk<R, S> {
    /// The walk from `board` with `to_move` to move, on the cells that may change in the
    /// rest of the game ([`Rules::changeable`]); `None` unless the sets hold them with the
    /// four anchors and the key holds them with the empty cells (see the module header).
    ///
    /// ```
    /// use othello::board::{Board, Color};
    /// use othello::count::Walk;
    /// use othello::rules::Flanking;
    /// use othello::wide::WideWalk;
    /// let w = WideWalk::<Flanking>::new(&Board::start(12), Color::Black);
    /// assert!(w.is_none()); // 140 empty cells
    /// let mut b = Board::new(10, 10);
    /// for i in 0..100 {
    ///     b.set(i, Some(if i % 3 == 0 { Color::Black } else { Color::White }));
    /// }
    /// b.set(0, None);
    /// let w = WideWalk::<Flanking>::new(&b, Color::Black).unwrap();
    /// assert_eq!((w.empties(), w.margin()), (1, 33 - 66));
    /// assert_eq!(w.moves().count(), 1); // a1: its east and south runs end in black discs
    /// ```
    pub fn new(board: &Board, to_move: Color) -> Option<WideWalk<R, S>> {
        WideWalk::on(board, &R::changeable(board), to_move)
    }

    /// [`WideWalk::new`] on the cells `kept` (`kept[i]` for cell `i`), which must hold
    /// every empty cell and every disc that a later move may flip.
    pub fn on(board: &Board, kept: &[bool], to_move: Color) -> Option<WideWalk<R, S>> {
        WideWalk::with_runs(board, kept, None, to_move)
    }

    /// [`WideWalk::on`], with each run of `runs` (where given) down to one cell: only for
    /// a start whose winner is known ([`Runs::of`]), whose sequences are all that counts.
    /// The walk's bias stays that of the discs off `kept`, which outweighs every cell it
    /// keeps, so its margins have the sign of the real ones and its counts are exact.
    pub fn with_runs(board: &Board, kept: &[bool], runs: Option<&Runs>, to_move: Color) -> Option<WideWalk<R, S>> {
        let (kept, same) = match runs {
            Some(r) => (&r.kept[..], &r.same[..]),
            None => (kept, &[][..]),
        };
        let cells: Vec<usize> = (0..board.len()).filter(|&i| kept[i]).collect();
        let g = Geometry::with_runs(board, &cells, same)?;
        let (mut mine, mut theirs, mut empty) = (S::EMPTY, S::EMPTY, S::EMPTY);
        let mut squares = [0u16; 64];
        let mut open = 0;
        for (k, &i) in cells.iter().enumerate() {
            let b = S::bit(k as u32 + 2);
            match board.cell(i) {
                Some(c) if c == to_move => mine |= b,
                Some(_) => theirs |= b,
                None if open < 64 => {
                    squares[open] = k as u16 + 2;
                    open += 1;
                    empty |= b;
                }
                None => return None,
            }
        }
        if open != board.empties() {
            return None;
        }
        // The discs off the cells that may change: every disc but those kept and those
        // of the runs' other cells (each of its first cell's colour).
        let off = |c: Color, on: S| board.discs(c) as i32 - on.count() as i32 - same.iter().filter(|&&(i, _)| board.cell(i) == Some(c)).count() as i32;
        let bias = off(to_move, mine) - off(to_move.opponent(), theirs);
        let key_from = if bias != 0 || g.anchored { 1 } else { 2 };
        let open_at = cells.len() as u32 + 2 - key_from;
        if open_at as usize + open > S::KEY_BITS as usize {
            return None;
        }
        let (p, o) = (mine | g.anchors(to_move), theirs | g.anchors(to_move.opponent()));
        let mut fours = Vec::new();
        if R::WIDE_LAST_FOUR && S::BITS > 64 && open <= FOURS_UP_TO {
            // In increasing order of the sets' bits, as `rank_of_four` numbers them.
            for set in (0..1u64 << open).filter(|m| m.count_ones() == 4) {
                let mut cells = [0u32; 4];
                for (k, j) in Bits(set).enumerate() {
                    cells[k] = u32::from(squares[j as usize]);
                }
                fours.push(Four::new(&g, cells));
            }
        }
        let open = if open == 64 { !0 } else { (1u64 << open) - 1 };
        let listed = vec![S::EMPTY; 64 * open.count_ones() as usize];
        Some(WideWalk { g, p, o, empty, open, squares, key_from, open_at, bias, fours: Arc::new(fours), listed, rules: PhantomData })
    }

    /// Where `listed` keeps the flips of the moves of a position with as many open cells
    /// as this one: the row `(d - 1) * 64` for `d` open cells.
    #[inline]
    fn listed_row(&self) -> usize {
        64 * (self.open.count_ones() as usize).saturating_sub(1)
    }

    /// Plays on the open cell `j`, which flips `flips`.
    #[inline]
    fn play_flips(&mut self, j: u32, flips: S) -> S {
        let placed = S::bit(self.square(j));
        let mover = self.p ^ flips ^ placed;
        self.p = self.o ^ flips;
        self.o = mover;
        self.empty ^= placed;
        self.open ^= 1 << j;
        self.bias = -self.bias;
        flips
    }

    /// The key of the position with discs `p` to move, empty cells `empty` and open cells
    /// `open` (see the module header).
    #[inline]
    fn key_of(&self, p: S, empty: S, open: u64) -> S::Key {
        S::key(p | empty, self.key_from, self.open_at, open)
    }

    /// The final margin for the player with discs `p` to move against `o` (margin
    /// `margin`) when `sq` is the only open cell, where that player flips `n` discs.
    #[inline(always)]
    fn final_margin(&self, p: S, o: S, sq: u32, margin: i32, n: u32) -> i32 {
        if n > 0 {
            return margin + 2 * n as i32 + 1;
        }
        let n = if R::PASSES { R::wide_flips(&self.g, o, p, sq).count() as i32 } else { 0 };
        if n > 0 {
            margin - 2 * n - 1
        } else {
            margin
        }
    }

    /// The bit number of the start's `j`-th empty cell.
    #[inline(always)]
    fn square(&self, j: u32) -> u32 {
        u32::from(self.squares[j as usize])
    }

    /// The outcomes for the player with discs `p` to move against `o` when the open
    /// cells `open` are at most four: the last one counted from flip counts alone.
    fn last_cells(&self, p: S, o: S, open: u64, bias: i32) -> [u64; 3] {
        let mut cells = [0u32; 4];
        for (k, j) in Bits(open).enumerate() {
            cells[k] = j;
        }
        match open.count_ones() {
            0 => tally(p.count() as i32 - o.count() as i32 + bias),
            1 => {
                let sq = self.square(cells[0]);
                let margin = p.count() as i32 - o.count() as i32 + bias;
                tally(self.final_margin(p, o, sq, margin, R::wide_flips(&self.g, p, o, sq).count()))
            }
            2 => {
                let two = [cells[0], cells[1]];
                let flips = [R::wide_flips(&self.g, p, o, self.square(two[0])), R::wide_flips(&self.g, p, o, self.square(two[1]))];
                self.last_two(p, o, two, flips, bias)
            }
            3 => {
                let three = [cells[0], cells[1], cells[2]];
                let flips = [0, 1, 2].map(|k| R::wide_flips(&self.g, p, o, self.square(three[k])));
                self.last_three(p, o, three, flips, bias)
            }
            _ => self.lanes(p, o, open, bias, true).unwrap_or_else(|| self.last_four(p, o, cells, bias)),
        }
    }

    /// The number of sequences for the player with discs `p` to move against `o` when the
    /// open cells `open` are at most four, their outcomes aside (below a position whose
    /// winner is known): as [`WideWalk::last_cells`] without the margins, so the last
    /// cell needs no flips, and the lanes count four cells without their last flips.
    fn sequences(&self, p: S, o: S, open: u64) -> u64 {
        let n = open.count_ones();
        if n <= 1 {
            return 1;
        }
        if n == 4 {
            if let Some(t) = self.lanes(p, o, open, 0, false) {
                return t[0];
            }
        }
        for &(me, other) in [(p, o), (o, p)][..if R::PASSES { 2 } else { 1 }].iter() {
            let mut total = 0;
            for j in Bits(open) {
                let sq = self.square(j);
                let f = R::wide_flips(&self.g, me, other, sq);
                if f != S::EMPTY {
                    // With two cells, each move leaves the last cell's one sequence.
                    total += if n == 2 { 1 } else { self.sequences(other ^ f, me ^ f ^ S::bit(sq), open ^ 1 << j) };
                }
            }
            if total > 0 {
                return total;
            }
        }
        1
    }

    /// The four open cells `open` counted in vector lanes ([`WideWalk::in_lanes`]), or
    /// `None` where the rules do not take lanes.
    fn lanes(&self, p: S, o: S, open: u64, bias: i32, outcomes: bool) -> Option<[u64; 3]> {
        if !R::WIDE_LAST_FOUR {
            return None;
        }
        let made;
        let four = if self.fours.is_empty() {
            let mut cells = [0u32; 4];
            for (k, j) in Bits(open).enumerate() {
                cells[k] = self.square(j);
            }
            made = Four::new(&self.g, cells);
            &made
        } else {
            &self.fours[rank_of_four(open)]
        };
        Some(self.in_lanes(four, p, o, bias, outcomes))
    }

    /// The four open cells of `four` counted in vector lanes ([`Rules::wide_last_four`]):
    /// with `outcomes` as [`WideWalk::last_cells`], else `[sequences, 0, 0]`, the opponent
    /// moving first if the player to move cannot.
    fn in_lanes(&self, four: &Four<S>, p: S, o: S, bias: i32, outcomes: bool) -> [u64; 3] {
        let margin = p.count() as i32 - o.count() as i32 + bias;
        if let Some(t) = R::wide_last_four(&self.g, four, p, o, margin, outcomes) {
            return t;
        }
        match R::wide_last_four(&self.g, four, o, p, -margin, outcomes) {
            Some(t) if outcomes => [t[1], t[0], t[2]],
            Some(t) => t,
            None if outcomes => tally(margin),
            None => [1, 0, 0],
        }
    }

    /// [`WideWalk::last_cells`] with the two open cells `cells`, where the player to move
    /// flips `flips`. After each move, the last cell's flips for the next player are
    /// computed together, before either is used (for an illegal move too, whose count is
    /// then ignored).
    fn last_two(&self, p: S, o: S, cells: [u32; 2], flips: [S; 2], bias: i32) -> [u64; 3] {
        let sqs = [self.square(cells[0]), self.square(cells[1])];
        let mut flips = flips;
        for turn in 0..(if R::PASSES { 2 } else { 1 }) {
            let (me, other) = if turn == 0 { (p, o) } else { (o, p) };
            if turn == 1 {
                flips = [R::wide_flips(&self.g, me, other, sqs[0]), R::wide_flips(&self.g, me, other, sqs[1])];
            }
            if flips == [S::EMPTY; 2] {
                continue;
            }
            let order = if turn == 0 { [1, 0, 2] } else { [0, 1, 2] };
            let child_bias = if turn == 0 { -bias } else { bias };
            let child = |k: usize| (other ^ flips[k], me ^ flips[k] ^ S::bit(sqs[k]));
            let ((a, b), (c, d)) = (child(0), child(1));
            let counts = [R::wide_flips(&self.g, a, b, sqs[1]).count(), R::wide_flips(&self.g, c, d, sqs[0]).count()];
            let mut total = [0u64; 3];
            for k in 0..2 {
                if flips[k] != S::EMPTY {
                    let (cp, co) = child(k);
                    let after = cp.count() as i32 - co.count() as i32 + child_bias;
                    let t = tally(self.final_margin(cp, co, sqs[1 - k], after, counts[k]));
                    for i in 0..3 {
                        total[i] += t[order[i]];
                    }
                }
            }
            return total;
        }
        tally(p.count() as i32 - o.count() as i32 + bias)
    }

    /// [`WideWalk::last_cells`] with the three open cells `cells`. Each level's flips are
    /// computed before the counts below them (the first moves', then the second moves'
    /// of every first move): they do not depend on one another, so the processor computes
    /// them side by side.
    fn last_three(&self, p: S, o: S, cells: [u32; 3], flips: [S; 3], bias: i32) -> [u64; 3] {
        let mut flips = flips;
        for turn in 0..(if R::PASSES { 2 } else { 1 }) {
            let (me, other) = if turn == 0 { (p, o) } else { (o, p) };
            let order = if turn == 0 { [1, 0, 2] } else { [0, 1, 2] };
            let child_bias = if turn == 0 { -bias } else { bias };
            if turn == 1 {
                for k in 0..3 {
                    flips[k] = R::wide_flips(&self.g, me, other, self.square(cells[k]));
                }
            }
            if flips == [S::EMPTY; 3] {
                continue;
            }
            // After move `k`: the position, the two cells left, and the next player's flips
            // there (for an illegal move too, whose count is then ignored).
            let mut children = [(S::EMPTY, S::EMPTY, [0u32; 2], [S::EMPTY; 2]); 3];
            for k in 0..3 {
                let (cp, co) = (other ^ flips[k], me ^ flips[k] ^ S::bit(self.square(cells[k])));
                let rest = [cells[(k + 1) % 3], cells[(k + 2) % 3]];
                let next = [R::wide_flips(&self.g, cp, co, self.square(rest[0])), R::wide_flips(&self.g, cp, co, self.square(rest[1]))];
                children[k] = (cp, co, rest, next);
            }
            let mut total = [0u64; 3];
            for k in 0..3 {
                if flips[k] != S::EMPTY {
                    let (cp, co, rest, next) = children[k];
                    let t = self.last_two(cp, co, rest, next, child_bias);
                    for i in 0..3 {
                        total[i] += t[order[i]];
                    }
                }
            }
            return total;
        }
        tally(p.count() as i32 - o.count() as i32 + bias)
    }

    /// [`WideWalk::last_cells`] with the four open cells `cells`, level by level as in
    /// [`WideWalk::last_three`]. The two are written out: one function generic over the
    /// number of cells, with the level below as a closure, was 1.05–1.07× slower (1.8×
    /// with `array::map` and `array::from_fn`, which were left as calls).
    fn last_four(&self, p: S, o: S, cells: [u32; 4], bias: i32) -> [u64; 3] {
        for turn in 0..(if R::PASSES { 2 } else { 1 }) {
            let (me, other) = if turn == 0 { (p, o) } else { (o, p) };
            let order = if turn == 0 { [1, 0, 2] } else { [0, 1, 2] };
            let child_bias = if turn == 0 { -bias } else { bias };
            let flips = [0, 1, 2, 3].map(|k| R::wide_flips(&self.g, me, other, self.square(cells[k])));
            if flips == [S::EMPTY; 4] {
                continue;
            }
            let mut children = [(S::EMPTY, S::EMPTY, [0u32; 3], [S::EMPTY; 3]); 4];
            for k in 0..4 {
                let (cp, co) = (other ^ flips[k], me ^ flips[k] ^ S::bit(self.square(cells[k])));
                let rest = [cells[(k + 1) % 4], cells[(k + 2) % 4], cells[(k + 3) % 4]];
                let next = [0, 1, 2].map(|i| R::wide_flips(&self.g, cp, co, self.square(rest[i])));
                children[k] = (cp, co, rest, next);
            }
            let mut total = [0u64; 3];
            for k in 0..4 {
                if flips[k] != S::EMPTY {
                    let (cp, co, rest, next) = children[k];
                    let t = self.last_three(cp, co, rest, next, child_bias);
                    for i in 0..3 {
                        total[i] += t[order[i]];
                    }
                }
            }
            return total;
        }
        tally(p.count() as i32 - o.count() as i32 + bias)
    }
}

impl<R: Rules, S: Set> Walk for WideWalk<R, S> {
    const PASSES: bool = R::PASSES;
    const STORE_FROM: usize = 5;
    /// Five, as on 64-bit boards: from six, 60 boards of mostly one colour took 1.03×
    /// longer, most of them decided at the start.
    const STORE_SEQUENCES_FROM: usize = 5;
    /// The last four cells, counted directly: 1.08–1.1× on 10×10 game positions with 12
    /// empty cells, and up to 1.3× with 10 (one thread), so from the smallest counts on.
    /// Still 1.05–1.27× with the counts in lanes (four boards, one thread).
    const NEAR_CACHED: usize = 4;
    type Key = S::Key;
    type Near = ();
    type Move = u32;
    type Moves = Bits;
    type Undo = S;

    #[inline]
    fn moves(&self) -> Bits {
        let legal = |&j: &u32| R::wide_flips(&self.g, self.p, self.o, self.square(j)) != S::EMPTY;
        Bits(Bits(self.open).filter(legal).fold(0, |set, j| set | 1 << j))
    }

    /// As [`Walk::moves`], keeping each open cell's flips in `listed` for
    /// [`Walk::play_listed`] and the children's keys, which computed them again before
    /// (the 1×10 row on 100×100 1.10× faster, boards of random discs 1.02–1.04×).
    #[inline]
    fn list_moves(&mut self) -> Bits {
        let row = self.listed_row();
        let mut legal = 0;
        for j in Bits(self.open) {
            let f = R::wide_flips(&self.g, self.p, self.o, self.square(j));
            self.listed[row + j as usize] = f;
            if f != S::EMPTY {
                legal |= 1 << j;
            }
        }
        Bits(legal)
    }

    #[inline]
    fn play(&mut self, j: u32) -> S {
        let flips = R::wide_flips(&self.g, self.p, self.o, self.square(j));
        self.play_flips(j, flips)
    }

    /// [`Walk::play`] with the flips that [`Walk::list_moves`] kept.
    #[inline]
    fn play_listed(&mut self, j: u32) -> S {
        let flips = self.listed[self.listed_row() + j as usize];
        self.play_flips(j, flips)
    }

    #[inline]
    fn undo(&mut self, j: u32, flips: S) {
        let placed = S::bit(self.square(j));
        let mover = self.o ^ flips ^ placed;
        self.o = self.p ^ flips;
        self.p = mover;
        self.empty ^= placed;
        self.open ^= 1 << j;
        self.bias = -self.bias;
    }

    #[inline]
    fn pass(&mut self) {
        std::mem::swap(&mut self.p, &mut self.o);
        self.bias = -self.bias;
    }

    #[inline]
    fn margin(&self) -> i32 {
        self.p.count() as i32 - self.o.count() as i32 + self.bias
    }

    #[inline]
    fn empties(&self) -> usize {
        self.open.count_ones() as usize
    }

    #[inline]
    fn key(&self) -> S::Key {
        self.key_of(self.p, self.empty, self.open)
    }

    #[cfg(feature = "threads")]
    #[inline]
    fn words(key: &S::Key) -> Option<(u64, u64)> {
        S::words(key)
    }

    /// As on 64-bit boards: the children's slots are fetched before any is searched. The
    /// moves' flips are those that `list_moves` saw last in a position with as many open
    /// cells: the counter lists the moves first, and flips of another position would only
    /// fetch other slots.
    #[cfg(feature = "prefetch")]
    #[inline]
    fn child_keys<F: FnMut(&S::Key)>(&self, mut f: F) {
        let row = self.listed_row();
        for j in Bits(self.open) {
            let flips = self.listed[row + j as usize];
            if flips != S::EMPTY {
                let sq = self.square(j);
                f(&self.key_of(self.o ^ flips, self.empty ^ S::bit(sq), self.open ^ 1 << j));
            }
        }
    }

    /// The last four empty cells are counted directly, without the table.
    #[inline]
    fn near_end(&mut self) -> Option<[u64; 3]> {
        if self.open.count_ones() > 4 {
            return None;
        }
        Some(self.last_cells(self.p, self.o, self.open, self.bias))
    }

    /// As [`WideWalk::near_end`], the sequences only.
    #[inline]
    fn near_end_sequences(&mut self) -> Option<u64> {
        if self.open.count_ones() > 4 {
            return None;
        }
        Some(self.sequences(self.p, self.o, self.open))
    }

    /// From the discs off the kept cells, which never change: each kept cell ends up the
    /// player's, the opponent's or nobody's, so the final margin lies within their number
    /// of the bias. That holds in every position of the walk, so only its start is
    /// decided this way, or none: boards of mostly one colour, whose long runs make
    /// hundreds of cells changeable, mostly are.
    fn decided(&self) -> Option<bool> {
        decided_by(self.bias, self.g.cells() as i32)
    }
}

#[cfg(test)]
mod tests;
