use super::super::arena::Rng;
use super::*;

/// Positions of random games with `empties` empty squares where the player to move has a
/// move (skipping games that end or pass there).
fn random_roots(count: usize, empties: u32, rng: &mut Rng) -> Vec<Position> {
    let mut found = Vec::new();
    while found.len() < count {
        let mut pos = Position::start();
        loop {
            let moves = pos.legal();
            if pos.empty().count_ones() == empties {
                if moves != 0 {
                    found.push(pos);
                }
                break;
            }
            if moves == 0 {
                if pos.passed().legal() == 0 {
                    break;
                }
                pos = pos.passed();
                continue;
            }
            let mut m = moves;
            for _ in 0..rng.below(moves.count_ones() as usize) {
                m &= m - 1;
            }
            pos = pos.play_square(m.trailing_zeros());
        }
    }
    found
}

#[test]
fn the_climb_finds_the_score_from_any_start() {
    // From far below, from far above (coming down by fail-lows) and in between, the
    // root's searches end on the same score, with a move that reaches it.
    let mut rng = Rng::new(40);
    let mut above = 0;
    for pos in random_roots(60, 10, &mut rng) {
        let want = Solver::new(1 << 12).solve(&pos).score;
        for &start in [-64, -20, -2, 0, 12, 40, 64].iter() {
            let mut solver = Solver::new(1 << 12);
            let (score, sq) = solver.climb(pos.player, pos.opponent, pos.legal(), start);
            assert_eq!(score, want, "start {} in {:?}", start, pos);
            assert!(pos.legal() >> sq & 1 == 1, "{} is not a move of {:?}", sq, pos);
            let after = pos.play_square(sq);
            assert_eq!(-Solver::new(1 << 12).solve(&after).score, want, "start {}: square {} of {:?}", start, sq, pos);
            above += (start > want) as usize;
        }
    }
    assert!(above > 60, "only {} climbs started above the score", above);
}

#[test]
fn the_estimate_is_an_even_score() {
    let mut rng = Rng::new(41);
    let mut solver = Solver::new(1 << 12);
    for empties in [4, 12, 20, 30, 50].iter() {
        for pos in random_roots(20, *empties, &mut rng) {
            let start = solver.estimate(pos.player, pos.opponent);
            assert!(start % 2 == 0 && (-64..=64).contains(&start), "{} for {:?}", start, pos);
        }
    }
}
