use super::super::bitboard;
use super::super::board::{Alphabet, Board, Color};
use super::{Adjacent, Flanking, IllegalMove, Rules};

const PICTURE: Alphabet = Alphabet { empty: '.', black: 'B', white: 'W' };

/// A board drawn row by row.
fn board(rows: &[&str]) -> Board {
    let cells: Vec<_> = rows.iter().flat_map(|r| PICTURE.row(r, 0).unwrap()).collect();
    Board::from_cells(rows.len(), cells.len() / rows.len(), cells)
}

fn picture(b: &Board) -> Vec<String> {
    let mut out = Vec::new();
    b.write(&mut out, &PICTURE).unwrap();
    String::from_utf8(out).unwrap().lines().map(String::from).collect()
}

/// Plays and returns the resulting picture.
fn after<R: Rules>(rows: &[&str], color: Color, r: usize, c: usize) -> Vec<String> {
    let mut b = board(rows);
    let at = b.index(r, c);
    R::play(&mut b, color, at).unwrap();
    picture(&b)
}

#[test]
fn flips_in_each_of_the_eight_directions() {
    // Black plays the centre; each direction alone has a white run closed by black.
    let lines: [(&[&str], &[&str]); 8] = [
        (&["..B..", "..W..", ".....", ".....", "....."], &["..B..", "..B..", "..B..", ".....", "....."]),
        (&["....B", "...W.", ".....", ".....", "....."], &["....B", "...B.", "..B..", ".....", "....."]),
        (&[".....", ".....", "...WB", ".....", "....."], &[".....", ".....", "..BBB", ".....", "....."]),
        (&[".....", ".....", ".....", "...W.", "....B"], &[".....", ".....", "..B..", "...B.", "....B"]),
        (&[".....", ".....", ".....", "..W..", "..B.."], &[".....", ".....", "..B..", "..B..", "..B.."]),
        (&[".....", ".....", ".....", ".W...", "B...."], &[".....", ".....", "..B..", ".B...", "B...."]),
        (&[".....", ".....", "BW...", ".....", "....."], &[".....", ".....", "BBB..", ".....", "....."]),
        (&["B....", ".W...", ".....", ".....", "....."], &["B....", ".B...", "..B..", ".....", "....."]),
    ];
    for (before, want) in lines.iter() {
        assert_eq!(after::<Flanking>(before, Color::Black, 2, 2), *want, "from {:?}", before);
    }
}

#[test]
fn long_runs_flip_entirely_and_open_runs_do_not_flip() {
    assert_eq!(after::<Flanking>(&[".WWWWWWB"], Color::Black, 0, 0), vec!["BBBBBBBB"]);
    // A run that reaches the edge or an empty cell is not bracketed.
    let mut b = board(&[".WWW.B"]);
    assert_eq!(Flanking::play(&mut b, Color::Black, 0), Err(IllegalMove::NoFlips));
    let mut b = board(&[".WWW"]);
    assert_eq!(Flanking::play(&mut b, Color::Black, 0), Err(IllegalMove::NoFlips));
    // A run closed by the mover's own colour right away flips nothing.
    let mut b = board(&[".BW"]);
    assert_eq!(Flanking::play(&mut b, Color::Black, 0), Err(IllegalMove::NoFlips));
}

#[test]
fn one_move_brackets_several_directions() {
    let before = ["B.B.B", ".WWW.", "BW.WB", ".WWW.", "B.B.B"];
    let want = ["B.B.B", ".BBB.", "BBBBB", ".BBB.", "B.B.B"];
    assert_eq!(after::<Flanking>(&before, Color::Black, 2, 2), want);
    let mut b = board(&before);
    let mut flips = Vec::new();
    assert_eq!(Flanking::flips(&b, Color::Black, 12, &mut flips), 8);
    // Only the bracketed lines flip: a white disc off those lines stays.
    let mut b2 = board(&["B.B..", ".WWW.", "BW.W.", ".WWW.", "B.B.B"]);
    Flanking::play(&mut b2, Color::Black, 12).unwrap();
    assert_eq!(picture(&b2), vec!["B.B..", ".BBW.", "BBBW.", ".BBB.", "B.B.B"]);
    assert_eq!(Flanking::play(&mut b, Color::White, 12), Err(IllegalMove::NoFlips));
}

#[test]
fn corners_and_edges() {
    // Corner moves flip along the edge, the other edge and the diagonal.
    let before = [".WWB", "WW..", "W.W.", "B..B"];
    assert_eq!(after::<Flanking>(&before, Color::Black, 0, 0), ["BBBB", "BB..", "B.B.", "B..B"]);
    // The far corner, towards the north-west.
    let before = ["B...", ".W..", "..W.", "...."];
    assert_eq!(after::<Flanking>(&before, Color::Black, 3, 3), ["B...", ".B..", "..B.", "...B"]);
    let before = ["....", "W...", "W...", "B..."];
    assert_eq!(after::<Flanking>(&before, Color::Black, 0, 0), ["B...", "B...", "B...", "B..."]);
    // Runs never wrap around an edge onto the next row.
    let mut b = board(&["...W", "B..."]);
    assert!(!Flanking::is_legal(&b, Color::Black, 2));
    assert_eq!(Flanking::play(&mut b, Color::Black, 2), Err(IllegalMove::NoFlips));
}

#[test]
fn play_rejects_occupied_cells_and_keeps_counts() {
    let mut b = Board::start(6);
    assert_eq!(Flanking::play(&mut b, Color::Black, 2 * 6 + 2), Err(IllegalMove::Occupied));
    assert_eq!(Flanking::play(&mut b, Color::Black, 6 + 2), Ok(1));
    assert_eq!((b.discs(Color::Black), b.discs(Color::White), b.empties()), (4, 1, 31));
}

#[test]
fn legal_moves_are_row_major() {
    let b = Board::start(8);
    let moves: Vec<_> = Flanking::legal_moves(&b, Color::White).iter().map(|&i| b.coords(i)).collect();
    assert_eq!(moves, vec![(2, 4), (3, 5), (4, 2), (5, 3)]);
}

#[test]
fn pass_and_game_over() {
    // White has no move, black has: white passes, the game goes on.
    let b = board(&["BW.", "...", "..."]);
    assert!(!Flanking::has_move(&b, Color::White));
    assert!(Flanking::has_move(&b, Color::Black));
    assert!(!Flanking::game_over(&b, Color::White));
    // Nobody can move: over, whoever is to move.
    let b = board(&["BW", "WB"]);
    assert!(Flanking::game_over(&b, Color::Black) && Flanking::game_over(&b, Color::White));
    let b = board(&["B.W", "...", "..."]);
    assert!(Flanking::game_over(&b, Color::Black));
    // Full board.
    let b = board(&["BBB", "BWB", "BBB"]);
    assert!(Flanking::game_over(&b, Color::White));
    // Dumbothello has no passing: no move for the player to move ends the game.
    let b = board(&["B.", ".."]);
    assert!(!Adjacent::has_move(&b, Color::Black));
    assert!(Adjacent::has_move(&b, Color::White));
    assert!(Adjacent::game_over(&b, Color::Black));
    assert!(!Adjacent::game_over(&b, Color::White));
}

#[test]
fn adjacent_capture_flips_every_neighbour() {
    let before = ["WWW", "W.W", "WWB"];
    assert_eq!(after::<Adjacent>(&before, Color::Black, 1, 1), ["BBB", "BBB", "BBB"]);
    // No bracketing needed, but only neighbours flip.
    assert_eq!(after::<Adjacent>(&["..WW"], Color::Black, 0, 1), [".BBW"]);
    let mut b = board(&["B..W"]);
    assert_eq!(Adjacent::play(&mut b, Color::Black, 1), Err(IllegalMove::NoFlips));
}

/// A small xorshift generator for random positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Random boards of every shape within 8×8, played out randomly, so positions range from
/// sparse to full; each rule set must agree with its 64-bit version on moves and flips.
fn bitboards_agree<R: Rules>() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut positions = 0;
    for _ in 0..400 {
        let rows = 1 + (rng.next() % 8) as usize;
        let cols = 1 + (rng.next() % 8) as usize;
        let mut b = Board::new(rows, cols);
        for i in 0..b.len() {
            match rng.next() % 3 {
                0 => b.set(i, Some(Color::Black)),
                1 => b.set(i, Some(Color::White)),
                _ => {}
            }
        }
        let mut color = Color::Black;
        loop {
            positions += 1;
            let (black, white, area) = bitboard::from_board(&b).unwrap();
            let (p, o) = if color == Color::Black { (black, white) } else { (white, black) };
            let empty = area & !(black | white);
            let moves = R::bit_moves(p, o, empty);
            let general = R::legal_moves(&b, color);
            let as_bits = general.iter().fold(0u64, |m, &i| {
                let (r, c) = b.coords(i);
                m | bitboard::bit(r, c)
            });
            assert_eq!(moves, as_bits, "moves of {:?} on {:?}", color, b);
            for &i in &general {
                let (r, c) = b.coords(i);
                let mut flips = Vec::new();
                R::flips(&b, color, i, &mut flips);
                let want = flips.iter().fold(0u64, |m, &f| {
                    let (r, c) = b.coords(f);
                    m | bitboard::bit(r, c)
                });
                assert_eq!(R::bit_flips(p, o, (8 * r + c) as u32), want);
            }
            if general.is_empty() {
                if R::game_over(&b, color) {
                    break;
                }
                color = color.opponent();
                continue;
            }
            let at = general[(rng.next() % general.len() as u64) as usize];
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
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut positions = 0;
    while positions < 100_000 {
        let mut b = Board::start(8);
        let mut color = Color::Black;
        loop {
            positions += 1;
            let (black, white, _) = bitboard::from_board(&b).unwrap();
            let empty = !(black | white);
            for &side in [Color::Black, Color::White].iter() {
                let (p, o) = if side == Color::Black { (black, white) } else { (white, black) };
                let general = Flanking::legal_moves(&b, side);
                let bits = general.iter().fold(0u64, |m, &i| m | 1 << i);
                assert_eq!(bitboard::flanking_moves(p, o, empty), bits, "{:?} on {:?}", side, b);
                for &i in &general {
                    let mut flips = Vec::new();
                    Flanking::flips(&b, side, i, &mut flips);
                    let want = flips.iter().fold(0u64, |m, &f| m | 1 << f);
                    assert_eq!(bitboard::flanking_flips(p, o, i as u32), want);
                    assert_eq!(bitboard::flips_by_rays(p, o, i as u32), want);
                }
            }
            let over = bitboard::flanking_moves(black, white, empty) == 0 && bitboard::flanking_moves(white, black, empty) == 0;
            assert_eq!(Flanking::game_over(&b, color), over);
            if over {
                break;
            }
            let moves = Flanking::legal_moves(&b, color);
            if moves.is_empty() {
                color = color.opponent();
                continue;
            }
            Flanking::play(&mut b, color, moves[(rng.next() % moves.len() as u64) as usize]).unwrap();
            color = color.opponent();
        }
    }
}

/// The bit of cell `(r, c)` moved by a map of coordinates, for every set bit of `b`.
/// The two ways of computing flips give the same mask on any cells, legal moves or not,
/// with boards from nearly empty to nearly full.
#[test]
fn flips_by_rays_and_by_lines_agree() {
    let mut rng = Rng(0x5eed_f11b_5eed_f11b);
    for round in 0..200_000 {
        let density = round % 4;
        let mut occupied = rng.next();
        for _ in 0..density {
            occupied |= rng.next();
        }
        let sq = (rng.next() % 64) as u32;
        let p = occupied & rng.next() & !(1 << sq);
        let o = occupied & !p & !(1 << sq);
        let rays = bitboard::flips_by_rays(p, o, sq);
        assert_eq!(bitboard::flanking_flips(p, o, sq), rays, "{:#x} {:#x} {}", p, o, sq);
        #[cfg(all(feature = "pext", target_arch = "x86_64", target_feature = "bmi2"))]
        assert_eq!(bitboard::flips_by_lines(p, o, sq), rays, "{:#x} {:#x} {}", p, o, sq);
    }
}

fn map_cells(b: u64, f: &dyn Fn(usize, usize) -> (usize, usize)) -> u64 {
    (0..64).filter(|&sq| b >> sq & 1 == 1).fold(0, |m, sq| {
        let (r, c) = f(sq / 8, sq % 8);
        m | bitboard::bit(r, c)
    })
}

/// The three generating symmetries move each cell where the coordinates say; the rules
/// commute with all eight symmetries (the moves and flips of an image are the images of
/// the moves and flips), which is what lets a table share entries between images; and
/// all eight images of a position have one canonical form.
#[test]
fn board_symmetries_commute_with_the_rules() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let maps: [(fn(u64) -> u64, &dyn Fn(usize, usize) -> (usize, usize)); 3] = [
        (bitboard::flip_vertical, &|r, c| (7 - r, c)),
        (bitboard::mirror_horizontal, &|r, c| (r, 7 - c)),
        (bitboard::transpose, &|r, c| (c, r)),
    ];
    for _ in 0..2000 {
        let b = rng.next();
        for &(map, cells) in maps.iter() {
            assert_eq!(map(b), map_cells(b, cells), "{:#x}", b);
            assert_eq!(map(map(b)), b);
        }
        let p = rng.next() & rng.next();
        let o = rng.next() & !p;
        let empty = !(p | o);
        let image = |b: u64, k: usize| -> u64 {
            let b = if k & 1 != 0 { bitboard::flip_vertical(b) } else { b };
            let b = if k & 2 != 0 { bitboard::mirror_horizontal(b) } else { b };
            if k & 4 != 0 { bitboard::transpose(b) } else { b }
        };
        let moves = bitboard::flanking_moves(p, o, empty);
        for k in 0..8 {
            let (ip, io) = (image(p, k), image(o, k));
            assert_eq!(bitboard::flanking_moves(ip, io, image(empty, k)), image(moves, k));
            let mut m = moves;
            while m != 0 {
                let sq = m.trailing_zeros();
                m &= m - 1;
                let isq = image(1 << sq, k).trailing_zeros();
                assert_eq!(bitboard::flanking_flips(ip, io, isq), image(bitboard::flanking_flips(p, o, sq), k));
            }
            assert_eq!(bitboard::canonical(ip, io), bitboard::canonical(p, o));
        }
    }
}

/// A random board for the relevance tests: 3..=16 rows and columns, a random share of
/// black discs, and 1..=9 empty cells scattered, in a block, or along one line.
fn sparse_board(rng: &mut Rng) -> Board {
    let rows = 3 + (rng.next() % 14) as usize;
    let cols = 3 + (rng.next() % 14) as usize;
    let black = rng.next() % 101;
    let mut b = Board::new(rows, cols);
    for i in 0..b.len() {
        b.set(i, Some(if rng.next() % 100 < black { Color::Black } else { Color::White }));
    }
    let empties = 1 + (rng.next() % 9) as usize;
    let (r0, c0) = ((rng.next() % rows as u64) as usize, (rng.next() % cols as u64) as usize);
    let d = (rng.next() % 8) as usize;
    let mut cells = Vec::new();
    match rng.next() % 3 {
        0 => cells.extend((0..empties).map(|_| (rng.next() % b.len() as u64) as usize)),
        1 => {
            for k in 0..empties {
                cells.push(b.index((r0 + k / 3).min(rows - 1), (c0 + k % 3).min(cols - 1)));
            }
        }
        _ => {
            let start = b.index(r0, c0);
            cells.push(start);
            cells.extend(b.ray(start, d).step_by(1 + (rng.next() % 2) as usize).take(empties - 1));
        }
    }
    for &i in &cells {
        b.set(i, None);
    }
    b
}

/// Random playouts from random sparse boards: every disc a move flips, and (standard
/// rules) every disc closing a flipped run, must be among the cells [`Rules::relevant`]
/// marks, since the counters leave every other cell out of their keys and boards.
fn relevant_covers_every_change<R: Rules>(closers: bool) {
    let mut rng = Rng(0x6a09_e667_f3bc_c909);
    let mut moves = 0;
    for _ in 0..600 {
        let start = sparse_board(&mut rng);
        let relevant = R::relevant(&start);
        for _ in 0..20 {
            let mut b = start.clone();
            let mut color = if rng.next() % 2 == 0 { Color::Black } else { Color::White };
            while !R::game_over(&b, color) {
                let legal = R::legal_moves(&b, color);
                if legal.is_empty() {
                    color = color.opponent();
                    continue;
                }
                let at = legal[(rng.next() % legal.len() as u64) as usize];
                let mut flips = Vec::new();
                R::flips(&b, color, at, &mut flips);
                for &f in &flips {
                    assert!(relevant[f], "{:?} flips {:?} at {:?} on {:?}", color, b.coords(f), b.coords(at), start);
                }
                if closers {
                    for d in 0..8 {
                        // The first cell past the run of opponent discs closes it if the
                        // run is not empty and the cell holds a disc of the mover.
                        let run = b.ray(at, d).take_while(|&i| b.cell(i) == Some(color.opponent())).count();
                        let end = b.ray(at, d).nth(run).filter(|&i| run > 0 && b.cell(i) == Some(color));
                        if let Some(end) = end {
                            assert!(relevant[end], "{:?} closes at {:?} on {:?}", color, b.coords(end), start);
                        }
                    }
                }
                R::play(&mut b, color, at).unwrap();
                moves += 1;
                color = color.opponent();
            }
        }
    }
    assert!(moves > 20_000, "{} moves", moves);
}

#[test]
fn relevant_cells_cover_every_flip_and_closer() {
    relevant_covers_every_change::<Flanking>(true);
}

#[test]
fn relevant_cells_cover_every_adjacent_flip() {
    relevant_covers_every_change::<Adjacent>(false);
}

/// Random playouts from the sparse boards whose empty cells [`Rules::independent`] calls
/// independent: before every move, every cell still empty must have, for each colour,
/// the flip count it had at the start, since the independent counter relies on it.
fn independent_cells_keep_their_flips<R: Rules>() {
    let mut rng = Rng(0xbb67_ae85_84ca_a73b);
    let (mut independent, mut moves) = (0, 0);
    for _ in 0..3000 {
        let start = sparse_board(&mut rng);
        if !R::independent(&start) {
            continue;
        }
        independent += 1;
        let empty: Vec<usize> = (0..start.len()).filter(|&i| start.cell(i).is_none()).collect();
        let flips = |b: &Board, at: usize| [R::flip_count(b, Color::Black, at), R::flip_count(b, Color::White, at)];
        let at_start: Vec<[usize; 2]> = empty.iter().map(|&at| flips(&start, at)).collect();
        for _ in 0..10 {
            let mut b = start.clone();
            let mut color = if rng.next() % 2 == 0 { Color::Black } else { Color::White };
            while !R::game_over(&b, color) {
                for (k, &at) in empty.iter().enumerate() {
                    if b.cell(at).is_none() {
                        assert_eq!(flips(&b, at), at_start[k], "{:?} on {:?} after moves", b.coords(at), start);
                    }
                }
                let legal = R::legal_moves(&b, color);
                if legal.is_empty() {
                    color = color.opponent();
                    continue;
                }
                let at = legal[(rng.next() % legal.len() as u64) as usize];
                R::play(&mut b, color, at).unwrap();
                moves += 1;
                color = color.opponent();
            }
        }
    }
    assert!(independent > 300 && independent < 2700, "{} independent boards of 3000", independent);
    assert!(moves > 5_000, "{} moves", moves);
}

#[test]
fn independent_flanking_cells_keep_their_flips() {
    independent_cells_keep_their_flips::<Flanking>();
}

#[test]
fn independent_adjacent_cells_keep_their_flips() {
    independent_cells_keep_their_flips::<Adjacent>();
}

#[test]
fn independence_of_small_boards() {
    // Far apart on one line, each between its own runs: independent.
    assert!(Flanking::independent(&board(&["BW.BWBW.BW"])));
    // The left move flips the W at column 2, which the right cell's run reads.
    assert!(!Flanking::independent(&board(&["B.WW.B"])));
    // Two empty cells side by side: each is on the other's ray.
    assert!(!Flanking::independent(&board(&["BW..WB"])));
    // Adjacent capture: three columns apart is enough, two is not.
    assert!(Adjacent::independent(&board(&["B.WB.W"])));
    assert!(!Adjacent::independent(&board(&["B.W.WB"])));
}

/// `[wins, losses, draws]` of the player with discs `p` to move (margin `margin`) over
/// every sequence of moves on the cells `empty` under the rules `R`, move by move: the
/// reference for [`Rules::bit_last_cells`] (which only AVX-512 builds have).
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
fn outcomes_by_moves<R: Rules>(p: u64, o: u64, empty: u64, margin: i32) -> [u64; 3] {
    let moves = R::bit_moves(p, o, empty);
    if moves == 0 {
        if !R::PASSES || R::bit_moves(o, p, empty) == 0 {
            return [(margin > 0) as u64, (margin < 0) as u64, (margin == 0) as u64];
        }
        let t = outcomes_by_moves::<R>(o, p, empty, -margin);
        return [t[1], t[0], t[2]];
    }
    let mut total = [0; 3];
    for sq in (0..64).filter(|&sq| moves >> sq & 1 == 1) {
        let f = R::bit_flips(p, o, sq);
        let t = outcomes_by_moves::<R>(o ^ f, p ^ f ^ 1 << sq, empty ^ 1 << sq, -(margin + 2 * f.count_ones() as i32 + 1));
        total = [total[0] + t[1], total[1] + t[0], total[2] + t[2]];
    }
    total
}

/// Where the rules count the last empty cells at once (AVX-512 builds: four, under both
/// rule sets), the count agrees with the move-by-move one on 200,000 random positions:
/// full boards, and boards with cells outside the area (neither disc nor empty), where
/// passes and games over before the last cell are common. Without a move for the player
/// to move, the count is left to the caller.
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
#[test]
fn last_cells_agree_with_moves() {
    last_cells_agree_with_moves_under::<Flanking>();
    last_cells_agree_with_moves_under::<Adjacent>();
}

#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
fn last_cells_agree_with_moves_under<R: Rules>() {
    let n = R::BIT_LAST_CELLS;
    assert_eq!(n, 4);
    let mut rng = Rng(0x7a3b_9e1c_55d2_0f47);
    let (mut counted, mut short) = (0, 0);
    for round in 0..200_000 {
        let mut empty = 0u64;
        while empty.count_ones() < n {
            empty |= 1 << (rng.next() % 64);
        }
        let outside = if round % 2 == 0 { 0 } else { rng.next() & rng.next() & !empty };
        let p = rng.next() & !empty & !outside;
        let o = !p & !empty & !outside;
        let margin = (rng.next() % 21) as i32 - 10;
        let want = outcomes_by_moves::<R>(p, o, empty, margin);
        let got = R::bit_last_cells(p, o, empty, margin, true);
        assert_eq!(got.is_some(), R::bit_moves(p, o, empty) != 0, "{:#x} {:#x} {:#x}", p, o, empty);
        if let Some(t) = got {
            assert_eq!(t, want, "{:#x} {:#x} {:#x} {}", p, o, empty, margin);
            let sequences: u64 = want.iter().sum();
            assert_eq!(R::bit_last_cells(p, o, empty, margin, false), Some([sequences, 0, 0]));
            counted += 1;
            short += (sequences < 24) as u64;
        } else {
            assert_eq!(R::bit_last_cells(p, o, empty, margin, false), None);
        }
    }
    // The random positions cover sequences cut short by passes and early ends.
    assert!(short > counted / 10, "{} of {}", short, counted);
}
