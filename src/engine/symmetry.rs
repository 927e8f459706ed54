//! The eight symmetries of the 8×8 board (turns and reflections of the square), on 64-bit
//! sets: positions that are images of each other have the same game tree, which perft's
//! table shares, and the pattern evaluation reads every pattern in every image.

/// The board turned upside down: row `r` becomes row `7 - r`.
#[inline]
pub fn flip_vertical(b: u64) -> u64 {
    b.swap_bytes()
}

/// The board mirrored left to right: column `c` becomes column `7 - c`.
#[inline]
pub fn mirror_horizontal(b: u64) -> u64 {
    b.reverse_bits().swap_bytes()
}

/// The board flipped about the A1–H8 diagonal: cell `(r, c)` becomes `(c, r)`, by three
/// rounds of delta swaps (4×4 blocks, 2×2 blocks, single cells).
#[inline]
pub fn transpose(mut b: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (b ^ (b << 7));
    b ^ t ^ (t >> 7)
}

/// The eight images of `(p, o)` under the symmetries of the square: the identity,
/// upside down, mirrored, both; then each of these transposed.
#[inline]
pub fn images(p: u64, o: u64) -> [(u64, u64); 8] {
    let mut all = [(p, o); 8];
    all[1] = (flip_vertical(p), flip_vertical(o));
    for i in 0..2 {
        all[i + 2] = (mirror_horizontal(all[i].0), mirror_horizontal(all[i].1));
    }
    for i in 0..4 {
        all[i + 4] = (transpose(all[i].0), transpose(all[i].1));
    }
    all
}

/// The least of the eight [`images`] of the position `(p, o)`, compared as pairs: images of
/// each other have one canonical form, and the same game tree.
///
/// ```
/// use othello::core::bitboard::{START_BLACK, START_WHITE};
/// use othello::engine::symmetry::canonical;
/// // Black's four opening moves lead to the same position up to symmetry.
/// let d3 = (START_WHITE & !(1 << 27), START_BLACK | 1 << 27 | 1 << 19);
/// let f5 = (START_WHITE & !(1 << 36), START_BLACK | 1 << 36 | 1 << 37);
/// assert_eq!(canonical(d3.0, d3.1), canonical(f5.0, f5.1));
/// ```
#[inline]
pub fn canonical(p: u64, o: u64) -> (u64, u64) {
    images(p, o).iter().cloned().min().expect("eight images")
}

#[cfg(test)]
mod tests;
