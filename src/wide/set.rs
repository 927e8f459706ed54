//! The walk's bit sets ([`Set`]): `u64` and `u128`, and sets of twice the bits of
//! another ([`Double`]: [`U256`], [`U512`], [`U1024`]), whose low half holds the lower
//! bits. Bit `b` of a set is bit `b % 64` of its 64-bit word `b / 64` ([`Set::to_words`]).
//! Each width chooses how a move's flips are computed on it ([`Set::flanking_flips`]):
//! ray by ray, or the eight rays side by side in vectors where the build has AVX-512.

use std::fmt;
use std::ops::{BitAnd, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

use super::super::table::{hash_words, mix, TableKey};
use super::geometry::{ray_flips, Geometry};
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
use super::super::bitboard::lanes::Deltas;

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
    /// [`super::flanking_flips`]: by default [`ray_flips`].
    #[inline(always)]
    fn flanking_flips(g: &Geometry<Self>, p: Self, o: Self, sq: u32) -> Self {
        ray_flips(g, p, o, sq)
    }
    /// [`super::flanking_flips`] on sets of twice this set's bits ([`Double`]): by default
    /// [`ray_flips`] (`u128`: [`U256`]).
    #[inline(always)]
    fn doubled_flips(g: &Geometry<Double<Self>>, p: Double<Self>, o: Double<Self>, sq: u32) -> Double<Self>
    where
        Double<Self>: Set,
    {
        ray_flips(g, p, o, sq)
    }
    /// The bits of the set under `used`, packed towards bit 0 in their order (see
    /// [`super::Four`]), as sixteen words, low first.
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
    /// [`super::count_four`] where the four cells `cells` are counted on the geometry's own rays
    /// (`Four` does not pack them): on 64-bit sets in lanes of one word, on 128-bit ones
    /// in lanes of two; never called on wider sets, which are always packed.
    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    #[inline]
    fn count_unpacked(_g: &Geometry<Self>, _cells: [u32; 4], _p: Self, _o: Self, _margin: i32, _outcomes: bool) -> Option<[u64; 3]> {
        None
    }
    /// [`Set::count_unpacked`] with outcomes as the games' final margins from 0, for the
    /// cache by neighbourhood ([`super::FourCache`]).
    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    #[inline]
    fn unpacked_deltas(_g: &Geometry<Self>, _cells: [u32; 4], _p: Self, _o: Self) -> Option<Deltas> {
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
        super::geometry::vector_flips_64(g, p, o, sq)
    }

    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    #[inline]
    fn count_unpacked(g: &Geometry<u64>, cells: [u32; 4], p: u64, o: u64, margin: i32, outcomes: bool) -> Option<[u64; 3]> {
        use super::super::bitboard::lanes;
        let rays = [g.rays(cells[0]), g.rays(cells[1]), g.rays(cells[2]), g.rays(cells[3])];
        // SAFETY: the build targets a processor with the three features (`target_feature`).
        unsafe { lanes::count_four_as::<lanes::Narrow>(outcomes, p, o, cells, rays, margin) }
    }

    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    #[inline]
    fn unpacked_deltas(g: &Geometry<u64>, cells: [u32; 4], p: u64, o: u64) -> Option<Deltas> {
        use super::super::bitboard::lanes;
        let rays = [g.rays(cells[0]), g.rays(cells[1]), g.rays(cells[2]), g.rays(cells[3])];
        // SAFETY: the build targets a processor with the three features (`target_feature`).
        Some(unsafe { lanes::four_deltas::<lanes::Narrow>(p, o, cells, rays) })
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
        super::geometry::vector_flips(g, p, o, sq)
    }

    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd"))]
    #[inline(always)]
    fn doubled_flips(g: &Geometry<U256>, p: U256, o: U256, sq: u32) -> U256 {
        super::geometry::vector_flips_256(g, p, o, sq)
    }

    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    #[inline]
    fn count_unpacked(g: &Geometry<u128>, cells: [u32; 4], p: u128, o: u128, margin: i32, outcomes: bool) -> Option<[u64; 3]> {
        use super::super::bitboard::lanes;
        let rays = [g.rays(cells[0]), g.rays(cells[1]), g.rays(cells[2]), g.rays(cells[3])];
        // SAFETY: the build targets a processor with the three features (`target_feature`).
        unsafe { lanes::count_four_as::<lanes::Wide>(outcomes, p, o, cells, rays, margin) }
    }

    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    #[inline]
    fn unpacked_deltas(g: &Geometry<u128>, cells: [u32; 4], p: u128, o: u128) -> Option<Deltas> {
        use super::super::bitboard::lanes;
        let rays = [g.rays(cells[0]), g.rays(cells[1]), g.rays(cells[2]), g.rays(cells[3])];
        // SAFETY: the build targets a processor with the three features (`target_feature`).
        Some(unsafe { lanes::four_deltas::<lanes::Wide>(p, o, cells, rays) })
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
                512 => return super::geometry::gathered_flips::<Double<H>, 8>(g, p, o, sq),
                1024 => return super::geometry::gathered_flips::<Double<H>, 16>(g, p, o, sq),
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

/// The bits of `x` under `mask`, packed towards bit 0 in their order (`pext`, where the
/// build targets BMI2 with the `pext` feature; else one mask bit after another): for the
/// lanes' packing of wider sets ([`super::Four`]).
#[inline]
fn extract(x: u64, mask: u64) -> u64 {
    #[cfg(all(feature = "pext", target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: `pext` only computes, and the build targets BMI2 (the `target_feature`).
    return unsafe { std::arch::x86_64::_pext_u64(x, mask) };
    #[cfg(not(all(feature = "pext", target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let mut out = 0;
        for (k, b) in super::super::bitboard::Bits(mask).enumerate() {
            out |= (x >> b & 1) << k;
        }
        out
    }
}
