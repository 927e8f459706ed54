//! The symmetries against the coordinates they map, and against the rules.

use super::super::super::core::bitboard::{bit, flanking_flips, flanking_moves};
use super::super::super::core::rng::Rng;
use super::*;

/// A map of coordinates `(row, column)`.
type CellMap = fn(usize, usize) -> (usize, usize);

/// A symmetry on bit sets, and what it does to coordinates.
type Symmetry = (fn(u64) -> u64, CellMap);

/// The bit of cell `(r, c)` moved by a map of coordinates, for every set bit of `b`.
fn map_cells(b: u64, f: CellMap) -> u64 {
    (0..64).filter(|&sq| b >> sq & 1 == 1).fold(0, |m, sq| {
        let (r, c) = f(sq / 8, sq % 8);
        m | bit(r, c)
    })
}

/// The three generating symmetries move each cell where the coordinates say; the rules
/// commute with all eight symmetries (the moves and flips of an image are the images of
/// the moves and flips), which is what lets a table share entries between images; and
/// all eight images of a position have one canonical form.
#[test]
fn board_symmetries_commute_with_the_rules() {
    let mut rng = Rng::new(0x0123_4567_89ab_cdef);
    let maps: [Symmetry; 3] =
        [(flip_vertical, |r, c| (7 - r, c)), (mirror_horizontal, |r, c| (r, 7 - c)), (transpose, |r, c| (c, r))];
    for _ in 0..2000 {
        let b = rng.next_u64();
        for &(map, cells) in maps.iter() {
            assert_eq!(map(b), map_cells(b, cells), "{:#x}", b);
            assert_eq!(map(map(b)), b);
        }
        let p = rng.next_u64() & rng.next_u64();
        let o = rng.next_u64() & !p;
        let empty = !(p | o);
        let image = |b: u64, k: usize| -> u64 {
            let b = if k & 1 != 0 { flip_vertical(b) } else { b };
            let b = if k & 2 != 0 { mirror_horizontal(b) } else { b };
            if k & 4 != 0 {
                transpose(b)
            } else {
                b
            }
        };
        let moves = flanking_moves(p, o, empty);
        for k in 0..8 {
            let (ip, io) = (image(p, k), image(o, k));
            assert_eq!(flanking_moves(ip, io, image(empty, k)), image(moves, k));
            let mut m = moves;
            while m != 0 {
                let sq = m.trailing_zeros();
                m &= m - 1;
                let isq = image(1 << sq, k).trailing_zeros();
                assert_eq!(flanking_flips(ip, io, isq), image(flanking_flips(p, o, sq), k));
            }
            assert_eq!(canonical(ip, io), canonical(p, o));
        }
    }
}
