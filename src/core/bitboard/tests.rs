//! The 64-bit board against the general board: moves and flips of both rule sets, and
//! the two ways of computing flips.

use super::super::board::{Board, Color};
use super::super::rules::{Adjacent, Flanking, Rules};
use super::*;
use super::super::rng::Rng;

/// Random boards of every shape within 8×8, played out randomly, so positions range from
/// sparse to full; each rule set must agree with its 64-bit version on moves and flips.
fn bitboards_agree<R: BitRules>() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut positions = 0;
    for _ in 0..400 {
        let rows = 1 + (rng.next_u64() % 8) as usize;
        let cols = 1 + (rng.next_u64() % 8) as usize;
        let mut b = Board::from_cells(rows, cols, vec![None; rows * cols]);
        for i in 0..b.cell_count() {
            match rng.next_u64() % 3 {
                0 => b.set(i, Some(Color::Black)),
                1 => b.set(i, Some(Color::White)),
                _ => {}
            }
        }
        let mut color = Color::Black;
        loop {
            positions += 1;
            let sets = from_board(&b).unwrap();
            let (p, o) = sets.players(color);
            let empty = sets.empty();
            let moves = R::moves(p, o, empty);
            let general = R::legal_moves(&b, color);
            let as_bits = general.iter().fold(0u64, |m, &i| {
                let (r, c) = b.coords(i);
                m | bit(r, c)
            });
            assert_eq!(moves, as_bits, "moves of {:?} on {:?}", color, b);
            for &i in &general {
                let (r, c) = b.coords(i);
                let mut want = 0;
                R::flips(&b, color, i, |f| {
                    let (r, c) = b.coords(f);
                    want |= bit(r, c)
                });
                assert_eq!(R::flipped(p, o, (8 * r + c) as u32), want);
            }
            if general.is_empty() {
                if R::game_over(&b, color) {
                    break;
                }
                color = color.opponent();
                continue;
            }
            let at = general[(rng.next_u64() % general.len() as u64) as usize];
            R::play(&mut b, color, at).unwrap();
            color = color.opponent();
        }
    }
    assert!(positions > 2000);
}

#[test]
fn flanking_bitboards_agree_with_the_general_board() {
    bitboards_agree::<Flanking>();
}

#[test]
fn adjacent_bitboards_agree_with_the_general_board() {
    bitboards_agree::<Adjacent>();
}

/// Random games from the standard 8×8 start: in each of at least 100,000 reachable
/// positions, the 64-bit rules and the general board agree on the moves of both sides,
/// the flips of every move, and whether the game is over.
#[test]
fn bitboards_agree_on_100000_reachable_positions() {
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    let mut positions = 0;
    while positions < 100_000 {
        let mut b = Board::start(8);
        let mut color = Color::Black;
        loop {
            positions += 1;
            let sets = from_board(&b).unwrap();
            let (black, white, empty) = (sets.black, sets.white, sets.empty());
            for &side in [Color::Black, Color::White].iter() {
                let (p, o) = if side == Color::Black { (black, white) } else { (white, black) };
                let general = Flanking::legal_moves(&b, side);
                let bits = general.iter().fold(0u64, |m, &i| m | 1 << i);
                assert_eq!(flanking_moves(p, o, empty), bits, "{:?} on {:?}", side, b);
                for &i in &general {
                    let mut want = 0u64;
                    Flanking::flips(&b, side, i, |f| want |= 1 << f);
                    assert_eq!(flanking_flips(p, o, i as u32), want);
                    assert_eq!(flips_by_rays(p, o, i as u32), want);
                }
            }
            let over = flanking_moves(black, white, empty) == 0 && flanking_moves(white, black, empty) == 0;
            assert_eq!(Flanking::game_over(&b, color), over);
            if over {
                break;
            }
            let moves = Flanking::legal_moves(&b, color);
            if moves.is_empty() {
                color = color.opponent();
                continue;
            }
            Flanking::play(&mut b, color, moves[(rng.next_u64() % moves.len() as u64) as usize]).unwrap();
            color = color.opponent();
        }
    }
}

/// The two ways of computing flips give the same mask on any cells, legal moves or not,
/// with boards from nearly empty to nearly full.
#[test]
fn flips_by_rays_and_by_lines_agree() {
    let mut rng = Rng::new(0x5eed_f11b_5eed_f11b);
    for round in 0..200_000 {
        let density = round % 4;
        let mut occupied = rng.next_u64();
        for _ in 0..density {
            occupied |= rng.next_u64();
        }
        let sq = (rng.next_u64() % 64) as u32;
        let p = occupied & rng.next_u64() & !(1 << sq);
        let o = occupied & !p & !(1 << sq);
        let rays = flips_by_rays(p, o, sq);
        assert_eq!(flanking_flips(p, o, sq), rays, "{:#x} {:#x} {}", p, o, sq);
        #[cfg(pext)]
        assert_eq!(pext::flips(p, o, sq), rays, "{:#x} {:#x} {}", p, o, sq);
    }
}

/// Stable discs under the standard rules never flip: random playouts from random 8×8
/// positions, every disc stable at some point keeps its colour to the end of the game.
#[test]
fn stable_discs_never_flip() {
    let mut rng = Rng::new(0x1234_5678_9abc_def1);
    let mut checked = 0;
    for _ in 0..3000 {
        let occupied = rng.next_u64() | rng.next_u64() | rng.next_u64();
        let (mut p, mut o) = (occupied & rng.next_u64(), 0);
        o |= occupied & !p;
        let stable = [stable_discs(p, o), stable_discs(o, p)];
        checked += (stable[0] | stable[1]).count_ones();
        let mut mover = 0;
        loop {
            let mut moves = flanking_moves(p, o, !(p | o));
            if moves == 0 {
                if flanking_moves(o, p, !(p | o)) == 0 {
                    break;
                }
                std::mem::swap(&mut p, &mut o);
                mover ^= 1;
                continue;
            }
            for _ in 0..rng.next_u64() % moves.count_ones() as u64 {
                moves &= moves - 1;
            }
            let sq = moves.trailing_zeros();
            let f = flanking_flips(p, o, sq);
            let next = (o ^ f, p ^ f ^ 1 << sq);
            p = next.0;
            o = next.1;
            mover ^= 1;
            // The discs of the colour that started as `p` and as `o`.
            let (first, second) = if mover == 0 { (p, o) } else { (o, p) };
            assert_eq!(first & stable[0], stable[0]);
            assert_eq!(second & stable[1], stable[1]);
        }
    }
    assert!(checked > 10_000, "{} stable discs", checked);
}

/// `gather` packs the bits under the mask, lowest first, and `lowest` keeps the lowest
/// cells of a mask: both against their definitions on random masks.
#[test]
fn gather_and_lowest_match_their_definitions() {
    let mut rng = Rng::new(0x0bad_cafe_f00d_d00d);
    for _ in 0..10_000 {
        let (b, mask) = (rng.next_u64(), rng.next_u64() & rng.next_u64());
        let cells: Vec<u32> = (0..64).filter(|&sq| mask >> sq & 1 == 1).collect();
        let packed = cells.iter().enumerate().fold(0, |m, (k, &sq)| m | (b >> sq & 1) << k);
        assert_eq!(gather(b, mask), packed, "b {:#x} mask {:#x}", b, mask);
        let n = (rng.next_u64() % 66) as u32;
        let low = cells.iter().take(n as usize).fold(0, |m, &sq| m | 1 << sq);
        assert_eq!(lowest(n, mask), low, "n {} mask {:#x}", n, mask);
    }
}
