use super::super::arena::openings;
use super::*;

/// Up to `count` distinct positions `plies` random moves from the start where the player
/// to move has a move.
fn random_roots(count: usize, plies: usize, seed: u64) -> Vec<Position> {
    openings(count, plies, seed).into_iter().map(|(pos, _)| pos).filter(|pos| pos.legal() != 0).collect()
}

#[test]
fn the_climb_finds_the_score_from_any_start() {
    // From far below, from far above (coming down by fail-lows) and in between, the
    // root's searches end on the same score, with a move that reaches it. 50 plies leave
    // about 10 empty squares.
    let roots = random_roots(70, 50, 40);
    assert!(roots.len() >= 50, "{} roots", roots.len());
    let mut above = 0;
    for pos in roots {
        let want = Solver::new(1 << 12).solve(&pos).score;
        for &start in [-64, -20, -2, 0, 12, 40, 64].iter() {
            let mut solver = Solver::new(1 << 12);
            let (score, sq) = solver.climb(pos, pos.legal(), start);
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
    let mut solver = Solver::new(1 << 12);
    for &plies in [10, 30, 40, 48, 56].iter() {
        for pos in random_roots(20, plies, 41) {
            let start = solver.estimate(pos);
            assert!(start % 2 == 0 && (-64..=64).contains(&start), "{} for {:?}", start, pos);
        }
    }
}

#[test]
fn the_selective_passes_leave_the_score_exact() {
    // Roots of 20 empty squares climb two selective passes before the exact one; the
    // score is the one of the exact climb alone, and its move reaches it.
    let roots = random_roots(3, 40, 42);
    assert_eq!(roots.len(), 3);
    for pos in roots {
        assert!(pos.empty().count_ones() >= SELECTIVE_FROM);
        let mut solver = Solver::new(1 << 16);
        let s = solver.solve(&pos);
        let mut plain = Solver::new(1 << 16);
        let start = plain.estimate(pos);
        let (want, _) = plain.climb(pos, pos.legal(), start);
        assert_eq!(s.score, want, "{:?}", pos);
        let sq = s.best.and_then(|m| m.to_square()).expect("a move");
        assert_eq!(-Solver::new(1 << 16).solve(&pos.play_square(sq)).score, want, "{:?}", pos);
    }
}
