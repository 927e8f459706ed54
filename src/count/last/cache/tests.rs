//! The cache by neighbourhood answers what the lanes count, and its key keeps the games.

use super::super::super::super::core::bitboard::RAYS;
use super::super::super::super::core::rng::Rng;
use super::super::super::super::core::rules::Flanking;
use super::super::super::outcomes::Outcomes;
use super::super::{outcomes, sequences, Four};
use super::{read_cells, read_discs, Cells, LocalCache, REACH};

/// Four cells at random, as a bit set.
fn four_at_random(rng: &mut Rng) -> u64 {
    let mut empty = 0u64;
    while empty.count_ones() < 4 {
        empty |= 1 << (rng.next_u64() % 64);
    }
    empty
}

/// A position and the one its key stands for (the player's discs as [`read_discs`] gives
/// them, the opponent's the other discs) have the same games: the same outcomes from any
/// one margin, and the same sequences, on 20,000 random positions (sparse to full boards).
#[test]
fn the_key_keeps_the_games() {
    let mut rng = Rng::new(0xbf58_476d_1ce4_e5b9);
    let mut moved = 0;
    for i in 0..20_000 {
        let empty = four_at_random(&mut rng);
        let occupied =
            if i % 2 == 0 { !empty } else { (0..i % 5).fold(rng.next_u64(), |m, _| m | rng.next_u64()) & !empty };
        let p = occupied & rng.next_u64();
        let o = occupied & !p;
        let kp = read_discs(p, o, &Cells::new(empty));
        let ko = occupied & !kp;
        moved += (kp != p) as u32;
        let margin = i % 41 - 20;
        assert_eq!(outcomes::<Flanking>(kp, ko, empty, margin), outcomes::<Flanking>(p, o, empty, margin));
        assert_eq!(sequences::<Flanking>(kp, ko, empty), sequences::<Flanking>(p, o, empty));
    }
    assert!(moved > 10_000, "{} positions whose key moves discs", moved);
}

/// The cache answers for a position what the lanes count for it: on 30,000 random
/// positions with four empty cells (on a full board, or with cells off the board), each
/// counted once, then again with every disc that no move reads changed at random and the
/// margin moved (a hit).
#[test]
fn the_cache_counts_as_the_lanes_do() {
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    let (mut cache, mut hits, mut unread) = (LocalCache::default(), 0, 0);
    for i in 0..30_000 {
        let empty = four_at_random(&mut rng);
        let off = if i % 3 == 0 { rng.next_u64() & rng.next_u64() & rng.next_u64() & !empty } else { 0 };
        let p = rng.next_u64() & !empty & !off;
        let o = !p & !empty & !off;
        let cells = Cells::new(empty);
        // Every disc off the rays changed, and every disc of the rays that no move reads.
        let read = read_cells(empty, p & cells.alone, o & cells.alone);
        let far = (!cells.rays | (cells.rays & !read)) & !empty & !off;
        let changed = rng.next_u64() & far;
        let (p2, o2) = ((p & !far) | changed, (o & !far) | (far & !changed));
        unread += (far & cells.rays != 0) as usize;
        let margin = |p: u64, o: u64| p.count_ones() as i32 - o.count_ones() as i32;
        let group = [Four { p, o, margin: margin(p, o) }, Four { p: p2, o: o2, margin: margin(p2, o2) }];
        let mut got = Vec::new();
        cache.outcomes(empty, &group, &mut hits, |_, t: Outcomes| got.push(t));
        for (x, t) in group.iter().zip(got) {
            assert_eq!(t, outcomes::<Flanking>(x.p, x.o, empty, x.margin), "{:#x} {:#x} {:#x}", x.p, x.o, empty);
        }
    }
    assert!(hits > 15_000, "{} hits", hits);
    assert!(unread > 10_000, "{} positions with unread discs on the rays changed", unread);
}

/// The cache keeps positions of one board: the same player's discs and empty cells with
/// an opponent's disc of the rays taken off the board count as the lanes count them, not
/// as the position before.
#[test]
fn the_cache_starts_again_on_another_board() {
    let mut rng = Rng::new(0x5851_f42d_4c95_7f2d);
    let (mut cache, mut hits, mut differ) = (LocalCache::default(), 0, 0);
    for _ in 0..3_000 {
        let empty = four_at_random(&mut rng);
        let p = rng.next_u64() & !empty;
        let o = !p & !empty;
        let near = (0..64).filter(|&c| empty >> c & 1 == 1).fold(0, |n, c| n | REACH[c]);
        let theirs = o & near;
        if theirs == 0 {
            continue;
        }
        let off = 1u64
            << (0..64)
                .filter(|&c| theirs >> c & 1 == 1)
                .nth(rng.next_u64() as usize % theirs.count_ones() as usize)
                .unwrap_or(0);
        let mut counts = Vec::new();
        for &o in [o, o & !off].iter() {
            let x = Four { p, o, margin: 0 };
            cache.outcomes(empty, &[x], &mut hits, |_, t: Outcomes| counts.push(t));
            assert_eq!(*counts.last().unwrap(), outcomes::<Flanking>(p, o, empty, 0));
        }
        differ += (counts[0] != counts[1]) as usize;
    }
    assert!(differ > 300, "{} positions counted otherwise with a disc off the board", differ);
}

/// The cells that the last four moves may read, by stepping along each ray of each empty
/// cell until a disc of each colour that lies on that ray alone has been passed.
fn read_by_steps(empty: u64, p_alone: u64, o_alone: u64) -> u64 {
    let mut read = 0;
    for c in (0..64).filter(|&c| empty >> c & 1 == 1) {
        for ray in RAYS[c].iter() {
            // The cells of the ray in order from the cell outwards.
            let mut cells: Vec<u32> = (0..64).filter(|&x| ray >> x & 1 == 1).collect();
            if cells.first().map_or(false, |&x| x < c as u32) {
                cells.reverse();
            }
            let (mut seen_p, mut seen_o) = (false, false);
            for x in cells {
                if seen_p && seen_o {
                    break;
                }
                read |= 1 << x;
                seen_p |= p_alone >> x & 1 == 1;
                seen_o |= o_alone >> x & 1 == 1;
            }
        }
    }
    read
}

/// The read cells of the vector fill are those of a walk along each ray, on 100,000 random
/// sets of four empty cells with random discs (sparse to dense), and the rays and the
/// cells on one ray only are those found cell by cell.
#[test]
fn read_cells_follow_each_ray() {
    let mut rng = Rng::new(0x94d0_49bb_1331_11eb);
    let (mut short, mut total) = (0, 0);
    for i in 0..100_000 {
        let empty = four_at_random(&mut rng);
        let occupied = (0..i % 3).fold(rng.next_u64(), |m, _| m | rng.next_u64()) & !empty;
        let p = occupied & rng.next_u64();
        let o = occupied & !p;
        let cells = Cells::new(empty);
        let on = |x: u64| (0..64).filter(|&e| empty >> e & 1 == 1 && REACH[e] >> x & 1 == 1).count();
        assert_eq!(cells.rays, (0..64).filter(|&x| on(x) > 0).fold(0u64, |m, x| m | 1 << x));
        assert_eq!(cells.alone, (0..64).filter(|&x| on(x) == 1).fold(0u64, |m, x| m | 1 << x));
        let want = read_by_steps(empty, p & cells.alone, o & cells.alone);
        assert_eq!(read_cells(empty, p & cells.alone, o & cells.alone), want, "{:#x} {:#x} {:#x}", p, o, empty);
        assert_eq!(read_discs(p, o, &cells), (p & want) | (occupied & cells.rays & !want));
        short += (want != cells.rays) as u32;
        total += 1;
    }
    assert!(short > total / 4, "{} of {} neighbourhoods cut", short, total);
}
