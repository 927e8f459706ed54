//! The last cells counted at once against the same count move by move, on random
//! positions: full boards, and boards with cells off the board (neither disc nor empty),
//! where passes and games over before the last cell are common.

use super::super::super::core::bitboard::{BitRules, Bits};
use super::super::super::core::position::Position;
use super::super::super::core::rng::Rng;
use super::super::super::core::rules::{Adjacent, Flanking};
use super::super::outcomes::Outcomes;
use super::{outcomes, portable, portable_sequences, sequences, CELLS};

/// The outcomes of the player with discs `p` to move (margin `margin`) over every
/// sequence of moves on the cells `empty`, one move at a time.
fn by_moves<R: BitRules>(p: u64, o: u64, empty: u64, margin: i32) -> Outcomes {
    let moves = R::moves(p, o, empty);
    if moves == 0 {
        if !R::PASSES || R::moves(o, p, empty) == 0 {
            return Outcomes::leaf(margin);
        }
        return by_moves::<R>(o, p, empty, -margin).for_opponent();
    }
    let mut total = Outcomes::default();
    for sq in Bits(moves) {
        let f = R::flipped(p, o, sq);
        total.add_opponent(&by_moves::<R>(
            o ^ f,
            p ^ f ^ 1 << sq,
            empty ^ 1 << sq,
            -(margin + 2 * f.count_ones() as i32 + 1),
        ));
    }
    total
}

fn agree<R: BitRules>(seed: u64) {
    let mut rng = Rng::new(seed);
    let (mut counted, mut short) = (0, 0);
    for round in 0..100_000 {
        let n = 1 + round % CELLS as u32;
        let mut empty = 0u64;
        while empty.count_ones() < n {
            empty |= 1 << (rng.next_u64() % 64);
        }
        let off = if round % 2 == 0 { 0 } else { rng.next_u64() & rng.next_u64() & !empty };
        let p = rng.next_u64() & !empty & !off;
        let o = !p & !empty & !off;
        let margin = (rng.next_u64() % 41) as i32 - 20;
        let want = by_moves::<R>(p, o, empty, margin);
        let all = want.wins + want.losses + want.draws;
        assert_eq!(outcomes::<R>(p, o, empty, margin), want, "{:#x} {:#x} {:#x} {}", p, o, empty, margin);
        let pos = Position { player: p, opponent: o };
        assert_eq!(portable::<R>(pos, empty, margin), want, "{:#x} {:#x} {:#x} {}", p, o, empty, margin);
        assert_eq!(sequences::<R>(p, o, empty), all, "{:#x} {:#x} {:#x}", p, o, empty);
        assert_eq!(portable_sequences::<R>(p, o, empty), all, "{:#x} {:#x} {:#x}", p, o, empty);
        counted += 1;
        short += (n as usize == CELLS && all < (1..=CELLS as u64).product()) as u32;
    }
    // The random positions cover sequences cut short by passes and early ends.
    assert!(short > counted / 40, "{} of {}", short, counted);
}

#[test]
fn flanking_last_cells_agree_with_moves() {
    agree::<Flanking>(0x7a3b_9e1c_55d2_0f47);
}

#[test]
fn adjacent_last_cells_agree_with_moves() {
    agree::<Adjacent>(0x2545_f491_4f6c_dd1d);
}
