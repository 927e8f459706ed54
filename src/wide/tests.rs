//! The 128-bit boards against the general board: rays and anchors against
//! [`Board::ray`], flips (by vectors where built, and ray by ray) against
//! [`Rules::flips`], and whole counts against [`BoardWalk`], on random shapes and
//! positions under both rule sets, with every cell kept and with only the cells that may
//! change.

use super::super::arena::Rng;
use super::super::board::{Board, Color};
use super::super::board_walk::BoardWalk;
use super::super::count::{Counter, Outcomes, Walk};
use super::super::rules::{Adjacent, Flanking, Rules};
use super::{rank_of_four, Four, Geometry, Runs, Set, WideWalk, FOURS_UP_TO, MAX_KEPT, U1024, U256, U512};
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
use super::{FourCache, Rays};

/// A random shape of at most [`MAX_KEPT`] cells, some of them a single row or column.
fn random_shape(rng: &mut Rng) -> (usize, usize) {
    match rng.below(6) {
        0 => (1, 1 + rng.below(MAX_KEPT)),
        1 => (1 + rng.below(MAX_KEPT), 1),
        _ => {
            let rows = 1 + rng.below(16);
            (rows, 1 + rng.below(MAX_KEPT / rows))
        }
    }
}

/// A board of random discs (black with a random share) with `empties` empty cells.
fn random_board(rng: &mut Rng, rows: usize, cols: usize, empties: usize) -> Board {
    let mut b = Board::new(rows, cols);
    let black = rng.below(101);
    for i in 0..b.len() {
        b.set(i, Some(if rng.below(100) < black { Color::Black } else { Color::White }));
    }
    for _ in 0..empties {
        let i = rng.below(b.len());
        b.set(i, None);
    }
    b
}

/// A random board larger than 128 cells, whose empty cells (1 to 9) lie in a random
/// block of up to 4×4, so that the cells that matter often number 128 or fewer.
fn random_large_board(rng: &mut Rng) -> Board {
    let (rows, cols) = match rng.below(3) {
        0 => (1, 129 + rng.below(200)),
        _ => (9 + rng.below(12), 12 + rng.below(12)),
    };
    let mut b = random_board(rng, rows, cols, 0);
    let (h, w) = (1 + rng.below(4.min(rows)), 1 + rng.below(4));
    let (top, left) = (rng.below(rows - h + 1), rng.below(cols - w + 1));
    for _ in 0..1 + rng.below(9) {
        b.set(b.index(top + rng.below(h), left + rng.below(w)), None);
    }
    b
}

/// Along each ray, the kept cells up to the first one that is not kept, and the anchor
/// of its colour if it holds a disc, on random boards with random cells kept.
#[test]
fn rays_match_the_general_board() {
    let mut rng = Rng::new(0x0123_4567_89ab_cdef);
    for round in 0..300 {
        let (rows, cols) = random_shape(&mut rng);
        let empties = rng.below(rows * cols + 1);
        let board = random_board(&mut rng, rows, cols, empties);
        let share = if round % 4 == 0 { 100 } else { rng.below(101) };
        let kept: Vec<usize> = (0..board.len()).filter(|_| rng.below(100) < share).collect();
        let g = Geometry::<u128>::new(&board, &kept).unwrap();
        assert_eq!(g.cells(), kept.len());
        let n = kept.len();
        let bit = |i: usize| kept.iter().position(|&k| k == i).map(|k| k + 2);
        for (k, &i) in kept.iter().enumerate() {
            for d in 0..8 {
                let mut expected = 0u128;
                for j in board.ray(i, d) {
                    match (bit(j), board.cell(j)) {
                        (Some(b), _) => expected |= 1 << b,
                        (None, c) => {
                            let low = if c == Some(Color::Black) { 0 } else { 1 };
                            if c.is_some() {
                                expected |= 1 << if (2..=5).contains(&d) { n + 2 + low } else { low };
                            }
                            break;
                        }
                    }
                }
                assert_eq!(g.ray(k as u32 + 2, d), expected, "{}x{} cell {} direction {}", rows, cols, i, d);
                let neighbour = board.step(i, d).and_then(bit).map_or(0, |b| 1u128 << b);
                assert_eq!(g.neighbours(k as u32 + 2) & neighbour, neighbour);
            }
            assert_eq!(g.neighbours(k as u32 + 2).count_ones() as usize, (0..8).filter(|&d| board.step(i, d).and_then(bit).is_some()).count());
        }
        assert_eq!(g.anchors(Color::Black), 1 | 1 << (n + 2));
        assert_eq!(g.anchors(Color::White), 2 | 1 << (n + 3));
    }
    let line = Board::new(1, 129);
    assert!(Geometry::<u128>::new(&line, &(0..MAX_KEPT).collect::<Vec<_>>()).is_some());
    assert!(Geometry::<u128>::new(&line, &(0..MAX_KEPT + 1).collect::<Vec<_>>()).is_none());
}

#[test]
fn flips_match_the_general_board() {
    fn check<R: Rules, S: Set>(board: &Board, g: &Geometry<S>) {
        let bits = |color: Color| (0..board.len()).filter(|&i| board.cell(i) == Some(color)).fold(S::EMPTY, |x, i| x | S::bit(i as u32 + 2));
        for i in (0..board.len()).filter(|&i| board.cell(i).is_none()) {
            for &c in [Color::Black, Color::White].iter() {
                let mut out = Vec::new();
                R::flips(board, c, i, &mut out);
                let expected = out.iter().fold(S::EMPTY, |x, &f| x | S::bit(f as u32 + 2));
                let (p, o) = (bits(c), bits(c.opponent()));
                assert_eq!(R::wide_flips(g, p, o, i as u32 + 2), expected, "{:?} at {} for {:?}", board, i, c);
                if R::PASSES {
                    // The standard rules: the ray-by-ray flips too, where the vector ones
                    // replace them.
                    assert_eq!(super::ray_flips(g, p, o, i as u32 + 2), expected);
                }
            }
        }
    }
    let mut rng = Rng::new(0xfeed_beef_dead_f00d);
    let mut narrow = 0;
    for _ in 0..2000 {
        let (rows, cols) = random_shape(&mut rng);
        let empties = 1 + rng.below(rows * cols);
        let board = random_board(&mut rng, rows, cols, empties);
        let all: Vec<usize> = (0..board.len()).collect();
        let g = Geometry::<u128>::new(&board, &all).unwrap();
        check::<Flanking, u128>(&board, &g);
        check::<Adjacent, u128>(&board, &g);
        let g = Geometry::<U256>::new(&board, &all).unwrap();
        check::<Flanking, U256>(&board, &g);
        check::<Adjacent, U256>(&board, &g);
        let g = Geometry::<U512>::new(&board, &all).unwrap();
        check::<Flanking, U512>(&board, &g);
        check::<Adjacent, U512>(&board, &g);
        let g = Geometry::<U1024>::new(&board, &all).unwrap();
        check::<Flanking, U1024>(&board, &g);
        check::<Adjacent, U1024>(&board, &g);
        // On 64-bit sets where the board fits.
        if let Some(g) = Geometry::<u64>::new(&board, &all) {
            check::<Flanking, u64>(&board, &g);
            check::<Adjacent, u64>(&board, &g);
            narrow += 1;
        }
    }
    assert!(narrow > 500, "{} boards on 64-bit sets", narrow);
}

/// On the cells that may change only, the discs that never do reduced to anchors, the
/// flips of every move of the start are those of the whole board (the walk's counts below
/// check the later positions).
#[test]
fn flips_on_the_cells_that_may_change() {
    fn check<R: Rules>(board: &Board) -> bool {
        let changeable = R::changeable(board);
        let kept: Vec<usize> = (0..board.len()).filter(|&i| changeable[i]).collect();
        let g = match Geometry::<u128>::new(board, &kept) {
            Some(g) => g,
            None => return false,
        };
        let on = |color: Color| kept.iter().enumerate().filter(|&(_, &i)| board.cell(i) == Some(color)).fold(g.anchors(color), |x, (k, _)| x | 1 << (k + 2));
        for (k, &i) in kept.iter().enumerate().filter(|&(_, &i)| board.cell(i).is_none()) {
            for &c in [Color::Black, Color::White].iter() {
                let mut out = Vec::new();
                R::flips(board, c, i, &mut out);
                let expected = out.iter().fold(0u128, |x, &f| x | 1 << (kept.iter().position(|&k| k == f).expect("a flipped cell that may change") + 2));
                assert_eq!(R::wide_flips(&g, on(c), on(c.opponent()), k as u32 + 2), expected, "{:?} at {} for {:?}", board, i, c);
            }
        }
        true
    }
    let mut rng = Rng::new(0x5eed_0fce_1150_77aa);
    let mut checked = 0;
    for _ in 0..500 {
        let board = random_large_board(&mut rng);
        checked += check::<Flanking>(&board) as usize + check::<Adjacent>(&board) as usize;
    }
    assert!(checked > 800, "only {} boards checked", checked);
}

/// The same counts as the general board, with and without a table (and with it the
/// near-end cache), with either player to move: passes, lopsided colours, lines and columns included.
#[test]
fn counts_match_the_general_board() {
    /// The count on sets of type `S`, if they take the board, against `want`.
    fn on<R: Rules, S: Set>(board: &Board, to_move: Color, entries: usize, want: &Outcomes<u64>) -> bool {
        match WideWalk::<R, S>::new(board, to_move) {
            Some(mut w) => {
                assert_eq!(Counter::<_, u64>::new(entries, false).count(&mut w), *want, "{:?} on {}-bit sets", board, S::BITS);
                true
            }
            None => false,
        }
    }
    /// The board counted on every set that takes it: whether 128-bit sets did, whether
    /// its cells that matter (those that may change and those that may end a run) pass
    /// [`MAX_KEPT`] there, so that only the anchors let it in, whether 64-bit sets took
    /// it, whether only 256-bit ones did, and whether only 512-bit ones did.
    fn all<R: Rules>(board: &Board, to_move: Color, entries: usize) -> [bool; 5] {
        let want = Counter::<_, u64>::new(entries, false).count(&mut BoardWalk::<R>::new(board, to_move));
        let narrow = on::<R, u64>(board, to_move, entries, &want);
        let wide = on::<R, u128>(board, to_move, entries, &want);
        let wider = on::<R, U256>(board, to_move, entries, &want);
        let widest = on::<R, U512>(board, to_move, entries, &want);
        let anchored = wide && R::relevant(board).iter().filter(|&&r| r).count() > MAX_KEPT;
        [wide, anchored, narrow, wider && !wide, widest && !wider]
    }
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    let mut tally = [0usize; 5];
    let mut large = 0;
    for i in 0..800 {
        let board = if i >= 760 {
            // A row of 8 empty cells in a 40×40 board of mostly one colour: its long runs let
            // moves flip far away, so that 253 to 508 cells mostly may change.
            let mut b = Board::new(40, 40);
            for i in 0..b.len() {
                b.set(i, Some(if rng.below(100) < 88 { Color::Black } else { Color::White }));
            }
            for k in 0..8 {
                b.set(b.index(20, 16 + k), None);
            }
            b
        } else if i >= 700 {
            // A block of 2×4 empty cells in a 30×30 board of random discs: often more than
            // 124 cells may change.
            let mut b = random_board(&mut rng, 30, 30, 0);
            for k in 0..8 {
                b.set(b.index(14 + k / 4, 13 + k % 4), None);
            }
            b
        } else if i >= 600 {
            // 12×12 and 13×13 boards of random discs: their cells that matter mostly pass
            // 124, those that may change seldom.
            let n = 12 + i % 2;
            random_board(&mut rng, n, n, 9)
        } else if i % 3 == 2 {
            random_large_board(&mut rng)
        } else {
            let (rows, cols) = random_shape(&mut rng);
            let empties = 1 + rng.below(9);
            random_board(&mut rng, rows, cols, empties)
        };
        let to_move = if i % 2 == 0 { Color::Black } else { Color::White };
        let entries = if i % 3 == 0 && i < 600 { 0 } else { 1 << 12 };
        for t in [all::<Flanking>(&board, to_move, entries), all::<Adjacent>(&board, to_move, entries)].iter() {
            for k in 0..5 {
                tally[k] += t[k] as usize;
            }
            if board.len() > 128 && t[0] {
                large += 1;
            }
        }
    }
    let [counted, anchored, narrow, wider, widest] = tally;
    assert!(
        counted > 1000 && large > 300 && anchored > 30 && narrow > 800 && wider > 30 && widest > 25,
        "only {} boards counted on 128-bit sets, {} of them beyond 128 cells, {} with more than {} cells that matter; {} on 64-bit sets, {} on 256-bit sets only, {} on 512-bit sets only",
        counted,
        large,
        anchored,
        MAX_KEPT,
        narrow,
        wider,
        widest
    );
    // 1024-bit sets, every cell kept: 23×23 to 31×31 boards of random discs (529 to 961
    // cells) with up to 7 empty cells.
    fn every_cell<R: Rules>(board: &Board, to_move: Color) {
        let want = Counter::<_, u64>::new(1 << 12, false).count(&mut BoardWalk::<R>::new(board, to_move));
        let mut w = WideWalk::<R, U1024>::on(board, &vec![true; board.len()], to_move).expect("at most 1020 cells");
        assert_eq!(Counter::<_, u64>::new(1 << 12, false).count(&mut w), want, "{:?} on 1024-bit sets", board);
    }
    for i in 0..40 {
        let n = 23 + rng.below(9);
        let board = random_board(&mut rng, n, n, 4 + i % 4);
        let to_move = if i % 2 == 0 { Color::Black } else { Color::White };
        every_cell::<Flanking>(&board, to_move);
        every_cell::<Adjacent>(&board, to_move);
    }
}

/// The `i`-th board of mostly one colour of a test: 14×14 to 90×90 (by `i`), 85–98%
/// black, with 8 empty cells in a row, a column, a diagonal or a block four wide.
fn mostly_one_colour(rng: &mut Rng, i: usize) -> Board {
    let n = [14, 24, 40, 60, 90][i % 5];
    let black = 85 + rng.below(14);
    let mut b = Board::new(n, n);
    for c in 0..b.len() {
        b.set(c, Some(if rng.below(100) < black { Color::Black } else { Color::White }));
    }
    let (r, c, shape) = (1 + rng.below(n - 10), 1 + rng.below(n - 10), rng.below(4));
    for k in 0..8 {
        let (row, col) = match shape {
            0 => (r, c + k),
            1 => (r + k, c),
            2 => (r + k, c + k),
            _ => (r + k / 4, c + k % 4),
        };
        b.set(b.index(row, col), None);
    }
    b
}

/// Boards decided at the start ([`Walk::decided`]: their discs off the kept cells
/// outnumber the kept cells, as on boards of mostly one colour), counted with their
/// sequences only below the start, on every set that takes them and on the general board,
/// against the general board's full count, under both rule sets: a row, a column, a
/// diagonal or a 2×4 block of 8 empty cells on 14×14 to 90×90 boards, whose last four
/// cells take lanes of one to sixteen words.
#[test]
fn decided_starts_count_their_sequences_only() {
    /// The count on sets of type `S`, if they take the board, against `want`; whether
    /// they did, and whether the start was decided.
    fn on<R: Rules, S: Set>(board: &Board, to_move: Color, want: &Outcomes<u64>) -> [bool; 2] {
        match WideWalk::<R, S>::new(board, to_move) {
            Some(mut w) => {
                let decided = w.decided().is_some();
                let mut counter = Counter::<_, u64>::new(1 << 12, true);
                assert_eq!(counter.count(&mut w), *want, "{:?} on {}-bit sets", board, S::BITS);
                // Decided at the start, the walk never asks again below it.
                assert_eq!(counter.statistics()[2], decided as u64, "{:?} on {}-bit sets", board, S::BITS);
                [true, decided]
            }
            None => [false, false],
        }
    }
    /// Per set type from 64 bits to 1024 and then the general board: whether it took the
    /// board and found its start decided.
    fn all<R: Rules>(board: &Board, to_move: Color) -> [bool; 6] {
        let want = Counter::<_, u64>::new(1 << 12, false).count(&mut BoardWalk::<R>::new(board, to_move));
        let mut general = BoardWalk::<R>::new(board, to_move);
        let decided = general.decided().is_some();
        assert_eq!(Counter::<_, u64>::new(1 << 12, true).count(&mut general), want, "{:?} on the general board", board);
        let sets = [
            on::<R, u64>(board, to_move, &want),
            on::<R, u128>(board, to_move, &want),
            on::<R, U256>(board, to_move, &want),
            on::<R, U512>(board, to_move, &want),
            on::<R, U1024>(board, to_move, &want),
        ];
        // The narrowest sets that take the board, and which of them found it decided.
        let mut out = [false; 6];
        if let Some(k) = sets.iter().position(|t| t[0]) {
            out[k] = sets[k][1];
        }
        out[5] = decided;
        out
    }
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut tally = [0usize; 6];
    for i in 0..150 {
        let b = mostly_one_colour(&mut rng, i);
        let to_move = if i % 2 == 0 { Color::Black } else { Color::White };
        for t in [all::<Flanking>(&b, to_move), all::<Adjacent>(&b, to_move)].iter() {
            for k in 0..6 {
                tally[k] += t[k] as usize;
            }
        }
    }
    assert!(tally.iter().all(|&k| k >= 10), "boards decided at the start on 64- to 1024-bit sets and on the general board: {:?}", tally);
}

/// Boards of mostly one colour decided at the start, counted with their runs down to one
/// cell ([`Runs`]) on the narrowest sets that take them: the counts of the general board,
/// whether the counter looks for decided positions or not (the walk's margins keep
/// their sign). The runs leave fewer cells, and often narrower sets; adjacent capture
/// and boards not decided have none.
#[test]
fn runs_stand_as_one_cell_where_only_sequences_count() {
    /// The count on sets of type `S` with `runs`, if they take the board, against
    /// `want`, with and without the counter's check for decided positions.
    fn on<S: Set>(board: &Board, kept: &[bool], runs: &Runs, to_move: Color, want: &Outcomes<u64>) -> bool {
        match WideWalk::<Flanking, S>::with_runs(board, kept, Some(runs), to_move) {
            Some(w) => {
                for &decide in [true, false].iter() {
                    let got = Counter::<_, u64>::new(1 << 12, decide).count(&mut w.clone());
                    assert_eq!(got, *want, "{:?} on {}-bit sets, decide {}", board, S::BITS, decide);
                }
                assert!(w.decided().is_some());
                true
            }
            None => false,
        }
    }
    /// The bits of the narrowest sets that take the cells `cells`, with four anchors.
    fn bits(cells: usize) -> usize {
        [64, 128, 256, 512, 1024].iter().copied().find(|&b| cells + 4 <= b).unwrap_or(2048)
    }
    let mut rng = Rng::new(0x5be0_cd19_137e_2178);
    let (mut merged, mut narrower) = (0, 0);
    for i in 0..120 {
        let b = mostly_one_colour(&mut rng, i);
        let to_move = if i % 2 == 0 { Color::Black } else { Color::White };
        let kept = Flanking::changeable(&b);
        assert_eq!(Runs::of::<Adjacent>(&b, &Adjacent::changeable(&b), to_move), None);
        let runs = match Runs::of::<Flanking>(&b, &kept, to_move) {
            Some(runs) => runs,
            None => continue,
        };
        let (before, after) = (kept.iter().filter(|&&k| k).count(), runs.kept.iter().filter(|&&k| k).count());
        assert_eq!(before - after, runs.same.len());
        for &(cell, first) in &runs.same {
            assert!(first < cell && runs.kept[first] && !runs.kept[cell] && b.cell(cell) == b.cell(first), "{:?}: {} stands for {}", b, first, cell);
        }
        let want = Counter::<_, u64>::new(1 << 12, false).count(&mut BoardWalk::<Flanking>::new(&b, to_move));
        let took = [
            on::<u64>(&b, &kept, &runs, to_move, &want),
            on::<u128>(&b, &kept, &runs, to_move, &want),
            on::<U256>(&b, &kept, &runs, to_move, &want),
            on::<U512>(&b, &kept, &runs, to_move, &want),
            on::<U1024>(&b, &kept, &runs, to_move, &want),
        ];
        if took.iter().any(|&t| t) {
            merged += 1;
            narrower += (bits(after) < bits(before)) as usize;
        }
    }
    assert!(merged >= 30 && narrower >= 10, "{} boards counted with their runs, {} of them on narrower sets", merged, narrower);
    // Not decided: a game's start.
    let b = Board::start(10);
    assert_eq!(Runs::of::<Flanking>(&b, &Flanking::changeable(&b), Color::Black), None);
}

/// The extremes: a full board of 128 cells (no empty cell: no cell matters, one outcome),
/// and a line of 64 cells with 64 empty ones (the most the key holds).
#[test]
fn the_largest_boards() {
    let mut full = Board::new(1, 128);
    for i in 0..128 {
        full.set(i, Some(if i < 70 { Color::Black } else { Color::White }));
    }
    let mut walk = WideWalk::<Flanking>::new(&full, Color::White).unwrap();
    assert_eq!(Counter::<_, u64>::new(1 << 10, false).count(&mut walk), super::super::count::Outcomes { wins: 0, losses: 1, draws: 0 });
    // White to move, 12 discs behind: no cell is kept, and with a bias the key says who
    // is to move (bit 0: white's low anchor).
    assert_eq!(super::super::count::Walk::margin(&walk), 58 - 70);
    assert_eq!(super::super::count::Walk::key(&walk), (1, 0));
    super::super::count::Walk::pass(&mut walk);
    assert_eq!(super::super::count::Walk::key(&walk), (0, 0));
    // No disc, so no anchor and no bias: the key is the 64 cells and the 64 open ones.
    let line = Board::new(1, 64);
    assert!(WideWalk::<Adjacent>::new(&line, Color::Black).is_some());
    assert!(WideWalk::<Adjacent>::new(&Board::new(1, 65), Color::Black).is_none());
}

/// Where the standard rules count the last four cells in vector lanes (AVX-512 builds),
/// the lanes agree with the count level by level on 20,000 random positions with four
/// empty cells: small boards with every cell kept and large ones with anchors, passes
/// and games over before the last cell among them; then positions whose four cells take
/// lanes of one to sixteen words.
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
#[test]
fn lanes_agree_with_the_count_level_by_level() {
    assert!(Flanking::WIDE_LAST_FOUR);
    let mut rng = Rng::new(0x3c6e_f372_fe94_f82b);
    let (mut counted, mut anchored, mut short, mut full, mut narrow, mut widest) = (0, 0, 0, 0, 0, 0);
    // How many had their anchors apart from the cells' word ([`Rays::Anchored`]).
    let mut apart = 0;
    // How many were packed into one to eight words (on 256-bit sets, then 512-bit ones).
    let mut words = [0; 8];
    for i in 0..20_000 {
        let mut board = if i % 2 == 0 {
            let (rows, cols) = random_shape(&mut rng);
            random_board(&mut rng, rows, cols, 0)
        } else {
            random_large_board(&mut rng)
        };
        while board.empties() > 4 {
            let i = rng.below(board.len());
            if board.cell(i).is_none() {
                board.set(i, Some(if rng.below(2) == 0 { Color::Black } else { Color::White }));
            }
        }
        if board.len() < 4 {
            continue;
        }
        while board.empties() < 4 {
            let i = rng.below(board.len());
            board.set(i, None);
        }
        let to_move = if i % 4 < 2 { Color::Black } else { Color::White };
        let w = match WideWalk::<Flanking>::new(&board, to_move) {
            Some(w) => w,
            None => continue,
        };
        let cells = [0, 1, 2, 3];
        let want = w.last_four(w.p, w.o, cells, w.bias);
        let four = Four::new(&w.g, cells.map(|j| w.square(j)));
        assert!(lanes_match(&w, &four, want), "{:?} {:?}", board, to_move);
        apart += matches!(four.rays, Rays::Anchored(_)) as usize;
        if let Some(n) = WideWalk::<Flanking, u64>::new(&board, to_move) {
            let four = Four::new(&n.g, cells.map(|j| n.square(j)));
            assert!(lanes_match(&n, &four, want), "{:?} {:?} on 64-bit sets", board, to_move);
            narrow += 1;
        }
        if let Some(bits) = lanes_on::<U256>(&board, &Flanking::changeable(&board), to_move) {
            widest += 1;
            words[((bits + 63) / 64).max(1) as usize - 1] += 1;
        }
        counted += 1;
        anchored += w.g.anchored() as usize;
        let sequences = want.iter().sum::<u64>();
        short += (sequences < 24) as usize;
        full += (sequences == 24) as usize;
    }
    assert!(counted > 15_000 && anchored > 5_000 && apart > 300 && short > 5_000 && full > 500 && narrow > 10_000 && widest > 10_000, "{} counted, {} with anchors, {} of them apart, {} with passes or early ends, {} with all 24 orders, {} on 64-bit sets too, {} on 256-bit ones", counted, anchored, apart, short, full, narrow, widest);
    // 256-bit sets whose four empty cells lie in their high words: 16×16 boards keeping
    // their top nine rows besides the cells that may change.
    for i in 0..2_000 {
        let mut board = random_board(&mut rng, 16, 16, 0);
        while board.empties() < 4 {
            let at = board.index(11 + rng.below(5), rng.below(16));
            board.set(at, None);
        }
        let mut kept = Flanking::changeable(&board);
        for k in kept.iter_mut().take(9 * 16) {
            *k = true;
        }
        if let Some(bits) = lanes_on::<U256>(&board, &kept, if i % 2 == 0 { Color::Black } else { Color::White }) {
            words[((bits + 63) / 64).max(1) as usize - 1] += 1;
        }
    }
    // Every cell kept on 12×12 to 15×15 boards: four cells' rays take up to about 190 bits
    // (the most where the cells lie in the middle of a 15×15 board, every other time).
    for i in 0..6_000 {
        let n = if i % 2 == 0 { 15 } else { 12 + rng.below(4) };
        let mut board = random_board(&mut rng, n, n, 0);
        while board.empties() < 4 {
            let at = if i % 2 == 0 { board.index(4 + rng.below(7), 4 + rng.below(7)) } else { rng.below(board.len()) };
            board.set(at, None);
        }
        if let Some(bits) = lanes_on::<U256>(&board, &vec![true; n * n], if i % 2 == 0 { Color::Black } else { Color::White }) {
            words[((bits + 63) / 64).max(1) as usize - 1] += 1;
        }
    }
    // 512-bit sets: every cell kept on boards of up to 504 cells, 16×16 to 22×22 or 4 to 8
    // long rows with the four cells on different rows (their rays take up to 504 bits).
    for i in 0..3_000 {
        let (rows, cols) = if i % 2 == 0 { (16 + rng.below(7), 16 + rng.below(7)) } else { (4 + i / 2 % 5, 504 / (4 + i / 2 % 5)) };
        let mut board = random_board(&mut rng, rows, cols, 0);
        let mut k = 0;
        while board.empties() < 4 {
            let at = if i % 2 == 0 { rng.below(board.len()) } else { board.index(k % rows, rng.below(cols)) };
            board.set(at, None);
            k += 1;
        }
        if let Some(bits) = lanes_on::<U512>(&board, &vec![true; rows * cols], if i % 4 < 2 { Color::Black } else { Color::White }) {
            words[((bits + 63) / 64).max(1) as usize - 1] += 1;
        }
    }
    assert!(words.iter().all(|&n| n > 100), "packed into 1 to 8 words: {:?}", words);
    // 1024-bit sets: every cell kept on 8 rows of 127 cells, the four cells on three or
    // four of them (most take nine to twelve words), and on 4 rows of 255 cells, one on
    // each row (thirteen to sixteen).
    let mut wider = [0usize; 3];
    for i in 0..300 {
        let (rows, cols) = if i % 3 == 2 { (4, 255) } else { (8, 127) };
        let mut board = random_board(&mut rng, rows, cols, 0);
        let mut k = 0;
        while board.empties() < 4 {
            let at = board.index(if rows == 4 { k % 4 } else { k % (3 + i % 2) }, rng.below(cols));
            board.set(at, None);
            k += 1;
        }
        if let Some(bits) = lanes_on::<U1024>(&board, &vec![true; board.len()], if i % 2 == 0 { Color::Black } else { Color::White }) {
            wider[match bits { 0..=512 => 0, 513..=768 => 1, _ => 2 }] += 1;
        }
    }
    assert!(wider.iter().all(|&n| n > 50), "up to 8, 12 and 16 words: {:?}", wider);
}

/// The cache by neighbourhood of the four-cell counts (AVX-512 builds) answers as the
/// count level by level on random positions with four empty cells, on 64-, 128- and
/// 256-bit sets (the rays on the sets themselves, or packed into one or two words). Per
/// board with six empty cells, one cache takes eight positions two random moves on:
/// each counted through it, then again (found there), then, where one is, with a disc
/// off the four cells' rays turned over, which changes the margin but not the
/// neighbourhood (found there too, with the twin's own outcomes). A key that left out
/// part of a neighbourhood would answer some positions with another's count.
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
#[test]
fn the_four_cache_answers_as_the_count_level_by_level() {
    /// Checks the position of `w` (six empty cells) two random moves on (if the game
    /// lasts), and its twin if it has one: how its rays were laid out (0 and 1 on the
    /// sets themselves, of 64 or 128 bits, 2 and 3 packed into one or two words) and
    /// whether it had a twin; `None` if the cache does not take it.
    fn check<S: Set>(mut w: WideWalk<Flanking, S>, rng: &mut Rng, cache: &mut FourCache, hits: &mut u64) -> Option<(usize, bool)> {
        while w.open.count_ones() > 4 {
            let moves: Vec<u32> = w.moves().collect();
            if moves.is_empty() {
                w.pass();
                if w.moves().next().is_none() {
                    return None;
                }
                continue;
            }
            w.play(moves[rng.below(moves.len())]);
        }
        let margin = |w: &WideWalk<Flanking, S>| w.p.count() as i32 - w.o.count() as i32 + w.bias;
        let (reach, layout) = w.with_four(w.open, |four| {
            let layout = match four.rays {
                Rays::Unpacked => (S::BITS / 128) as usize,
                Rays::Narrow(_) => 2,
                Rays::Wide(_) => 3,
                Rays::Anchored(_) => 4,
                Rays::Words(_) => 5,
            };
            (four.reach, layout)
        });
        if layout == 5 || margin(&w).abs() > 126 {
            return None;
        }
        let mut cells = [0u32; 4];
        for (k, j) in super::super::bitboard::Bits(w.open).enumerate() {
            cells[k] = j;
        }
        // A disc of the kept cells (bits 2 and up, the anchors aside) off the rays.
        let off = (2..2 + w.g.cells() as u32).map(S::bit).find(|&b| b & reach == S::EMPTY && b & (w.p | w.o) != S::EMPTY);
        for round in 0..3 {
            if round == 2 {
                match off {
                    Some(b) => {
                        w.p ^= b;
                        w.o ^= b;
                    }
                    None => break,
                }
            }
            let want = w.last_four(w.p, w.o, cells, w.bias);
            let before = *hits;
            match w.near_end_cached(cache, hits) {
                Some(Some(got)) => assert_eq!(got, want, "round {} on {}-bit sets", round, S::BITS),
                Some(None) => assert!(w.moves().next().is_none(), "no move on {}-bit sets", S::BITS),
                // Left to the counter's cache: only where the margin is too large.
                None => assert!(margin(&w).abs() > 126, "round {} on {}-bit sets", round, S::BITS),
            }
            // Found the second and third time where the player to move has a move and the
            // margin suits the cache (the twin's is two more or less); the first time
            // where another position had this one's neighbourhood.
            let found = *hits - before;
            if round > 0 && w.moves().next().is_some() && margin(&w).abs() <= 126 {
                assert_eq!(found, 1, "round {} on {}-bit sets", round, S::BITS);
            } else {
                assert!(found <= u64::from(round == 0), "round {} on {}-bit sets", round, S::BITS);
            }
        }
        Some((layout, off.is_some()))
    }
    assert!(Flanking::WIDE_LAST_FOUR);
    let mut rng = Rng::new(0x510e_527f_ade6_82d1);
    let (mut laid_out, mut twins) = ([0usize; 5], 0);
    let mut hits = 0;
    for i in 0..1_500 {
        // Boards of 36 to 225 cells.
        let n = 6 + i % 10;
        let mut board = random_board(&mut rng, n, n, 0);
        while board.empties() < 6 {
            let at = rng.below(board.len());
            board.set(at, None);
        }
        let to_move = if i % 2 == 0 { Color::Black } else { Color::White };
        let mut cache = FourCache::new();
        for _ in 0..8 {
            let layout = match i % 3 {
                0 => WideWalk::<Flanking, u64>::new(&board, to_move).and_then(|w| check(w, &mut rng, &mut cache, &mut hits)),
                1 => WideWalk::<Flanking, u128>::new(&board, to_move).and_then(|w| check(w, &mut rng, &mut cache, &mut hits)),
                _ => WideWalk::<Flanking, U256>::new(&board, to_move).and_then(|w| check(w, &mut rng, &mut cache, &mut hits)),
            };
            if let Some((k, twin)) = layout {
                laid_out[k] += 1;
                twins += twin as usize;
            }
        }
    }
    assert!(laid_out.iter().all(|&n| n > 200) && twins > 2_000 && hits > 6_000, "laid out {:?} (64-bit sets, 128-bit sets, packed into one word, into two, one and the anchors), {} twins, {} found", laid_out, twins, hits);
}

/// How many bits the last four cells of `board` and their rays take on 256- to 1024-bit
/// sets `S` of the cells `kept` (the lanes pack them into one to sixteen words), after
/// checking the lanes against the count level by level; `None` if those sets do not take
/// the board.
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
fn lanes_on<S: Set>(board: &Board, kept: &[bool], to_move: Color) -> Option<u32> {
    let w = WideWalk::<Flanking, S>::on(board, kept, to_move)?;
    let cells = [0, 1, 2, 3];
    let four = Four::new(&w.g, cells.map(|j| w.square(j)));
    assert!(four.packed_bits().is_some());
    assert!(lanes_match(&w, &four, w.last_four(w.p, w.o, cells, w.bias)), "{:?} {:?} on {}-bit sets", board, to_move, S::BITS);
    four.packed_bits()
}

/// Whether the lanes count the four cells of `four` as the count level by level does,
/// `want`: with outcomes, and without them (the sequences).
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
fn lanes_match<S: Set>(w: &WideWalk<Flanking, S>, four: &Four<S>, want: [u64; 3]) -> bool {
    w.in_lanes(four, w.p, w.o, w.bias, true) == want && w.in_lanes(four, w.p, w.o, w.bias, false) == [want.iter().sum(), 0, 0]
}

/// `rank_of_four` numbers the sets of four bits of 0 to 63 in increasing order from 0;
/// the walk makes its [`Four`]s in that order, one per set of four of the start's empty
/// cells where the lanes count them (AVX-512 builds), and none with more empty cells than
/// [`FOURS_UP_TO`].
#[test]
fn fours_are_made_once_per_set_of_four_in_rank_order() {
    let mut rank = 0;
    for m in (0u64..1 << 16).filter(|m| m.count_ones() == 4) {
        assert_eq!(rank_of_four(m), rank, "{:#b}", m);
        rank += 1;
    }
    assert_eq!(rank, 1820);
    assert_eq!(rank_of_four(0b1111 << 60), 635_376 - 1, "C(64, 4) - 1");
    let mut rng = Rng::new(0x5851_f42d_4c95_7f2d);
    let mut made = 0;
    for &(n, empties) in [(10, 10), (12, 12), (13, 10), (10, FOURS_UP_TO + 1)].iter() {
        let mut board = random_board(&mut rng, n, n, 0);
        while board.empties() < empties {
            let i = rng.below(board.len());
            board.set(i, None);
        }
        match WideWalk::<Flanking, u128>::new(&board, Color::White) {
            Some(w) => made += check_fours(&w, empties),
            None => made += check_fours(&WideWalk::<Flanking, U256>::new(&board, Color::White).unwrap(), empties),
        }
    }
    assert!(!Flanking::WIDE_LAST_FOUR || made == 210 + 495 + 210, "{} made", made);
}

/// The number of [`Four`]s of `w`, whose start has `empties` empty cells, after checking
/// each against one made anew.
fn check_fours<S: Set>(w: &WideWalk<Flanking, S>, empties: usize) -> usize {
    if !Flanking::WIDE_LAST_FOUR || empties > FOURS_UP_TO {
        assert!(w.fours.is_empty());
        return 0;
    }
    assert_eq!(w.fours.len(), [1, 5, 15, 35, 70, 126, 210, 330, 495][empties - 4]);
    for m in (0u64..1 << empties).filter(|m| m.count_ones() == 4) {
        let cells: Vec<u32> = (0..empties as u32).filter(|j| m >> j & 1 == 1).map(|j| w.square(j)).collect();
        assert_eq!(w.fours[rank_of_four(m)], Four::new(&w.g, [cells[0], cells[1], cells[2], cells[3]]), "{:#b}", m);
    }
    w.fours.len()
}

/// [`U256`]'s, [`U512`]'s and [`U1024`]'s operations against their bits one by one, on random sets
/// (each word empty, sparse or dense) and shifts past their bits; their packing under
/// random masks against the masked bits taken in order, and their words.
#[test]
fn double_sets_match_their_bits_one_by_one() {
    fn check<S: Set>(rng: &mut Rng) {
        let n = S::BITS as usize;
        let bits = |x: S| -> Vec<bool> { (0..n).map(|b| x & S::bit(b as u32) != S::EMPTY).collect() };
        let set = |v: &[bool]| v.iter().enumerate().filter(|&(_, &x)| x).fold(S::EMPTY, |s, (b, _)| s | S::bit(b as u32));
        let random = |rng: &mut Rng| -> Vec<bool> {
            let mut v = Vec::new();
            for _ in 0..n / 64 {
                let (kind, w, sparse) = (rng.below(4), rng.next_u64(), rng.next_u64() & rng.next_u64());
                v.extend((0..64).map(|b| match kind {
                    0 => false,
                    1 => sparse >> b & 1 == 1,
                    _ => w >> b & 1 == 1,
                }));
            }
            v
        };
        for round in 0..3000 {
            let v = random(rng);
            let x = set(&v);
            assert_eq!(bits(x), v);
            let k = if round % 10 == 0 { n + rng.below(44) } else { rng.below(n) };
            let shifted_up: Vec<bool> = (0..n).map(|b| b >= k && v[b - k]).collect();
            let shifted_down: Vec<bool> = (0..n).map(|b| b + k < n && v[b + k]).collect();
            assert_eq!(x << k as u32, set(&shifted_up), "{:?} << {}", x, k);
            assert_eq!(x >> k as u32, set(&shifted_down), "{:?} >> {}", x, k);
            assert_eq!(x.count() as usize, v.iter().filter(|&&b| b).count());
            let (lowest, highest) = (v.iter().position(|&b| b), v.iter().rposition(|&b| b));
            assert_eq!(x.lowest(), lowest.map_or(S::EMPTY, |b| S::bit(b as u32)));
            assert_eq!(x.highest(), highest.map_or(S::EMPTY, |b| S::bit(b as u32)));
            // Less one: the bits below the lowest set, that one clear (or, from 0, all set).
            let less: Vec<bool> = match lowest {
                Some(l) => (0..n).map(|b| if b < l { true } else if b == l { false } else { v[b] }).collect(),
                None => vec![true; n],
            };
            assert_eq!(x.less_one(), set(&less));
            assert_eq!(!x, set(&v.iter().map(|&b| !b).collect::<Vec<_>>()));
            // Packed under a mask: the masked bits in order, from bit 0.
            let mask = random(rng);
            let packed = x.packed(set(&mask));
            let want: Vec<bool> = (0..n).filter(|&b| mask[b]).map(|b| v[b]).collect();
            let got: Vec<bool> = (0..512).map(|b| packed[b / 64] >> (b % 64) & 1 == 1).collect();
            // And back from its words.
            assert_eq!(S::from_words(&x.to_words()), x);
            assert_eq!(got[..want.len()], want[..]);
            assert!(got[want.len()..].iter().all(|&b| !b));
        }
    }
    let mut rng = Rng::new(0x0bad_5eed_1234_4321);
    check::<U256>(&mut rng);
    check::<U512>(&mut rng);
    check::<U1024>(&mut rng);
}
