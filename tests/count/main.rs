//! The outcome counters (b4254: standard rules, white first; dumbothello: adjacent
//! captures, black first, no passing) against an independent naive reference
//! (`reference.rs`), on seeded random positions, with every combination of the
//! library's counting options; the official dumbothello data; long lines whose counts
//! exceed 2^64; and the generated judge cases of `tests/judge/{b4254,dumbothello}/`.

use std::fs;
use std::path::PathBuf;
use std::time::Duration;

use othello::core::bitboard::from_board;
use othello::core::bitboard::BitRules;
use othello::core::board::{Board, Color};
use othello::core::rules::{Adjacent, Flanking};
use othello::count::analysis::Analyse;
use othello::count::bits::BitWalk;
use othello::count::board::BoardWalk;
use othello::count::walk::{Shortcuts, DECIDE_FROM};
use othello::count::{count, Counts, Options};

#[path = "../common/process.rs"]
mod process;
mod reference;

use reference::{Big, BLACK, EMPTY, WHITE};

// ---------------------------------------------------------------------------------------
// Seeded randomness: the shared generator.

#[path = "../common/rng.rs"]
mod rng;
use rng::Rng;

type Grid = Vec<Vec<u8>>;

/// A rows×cols board of discs (black with probability `black_percent`) with `empties`
/// distinct empty cells at random places.
fn random_grid(rng: &mut Rng, rows: usize, cols: usize, empties: usize, black_percent: usize) -> Grid {
    let mut grid: Grid =
        (0..rows).map(|_| (0..cols).map(|_| if rng.chance(black_percent) { BLACK } else { WHITE }).collect()).collect();
    let empties = empties.min(rows * cols);
    let mut made = 0;
    while made < empties {
        let (r, c) = (rng.below(rows), rng.below(cols));
        if grid[r][c] != EMPTY {
            grid[r][c] = EMPTY;
            made += 1;
        }
    }
    grid
}

/// A colour mix for random boards: mostly even, sometimes lopsided or single-coloured.
fn random_black_percent(rng: &mut Rng) -> usize {
    match rng.below(10) {
        0 => 0,
        1 => 100,
        2 | 3 => rng.range(10, 90),
        _ => 50,
    }
}

/// The standard n×n start: white on the d4/e5 diagonal, black on d5/e4.
fn standard_start(n: usize) -> Grid {
    let mut grid = vec![vec![EMPTY; n]; n];
    let h = n / 2;
    grid[h - 1][h - 1] = WHITE;
    grid[h][h] = WHITE;
    grid[h - 1][h] = BLACK;
    grid[h][h - 1] = BLACK;
    grid
}

/// A random standard playout from the n×n start, white first, until at most `empties`
/// cells are empty or the game ends. Returns the position (the next mover is whoever
/// the b4254 rules say: the tests always start it with white to move).
fn playout(rng: &mut Rng, n: usize, empties: usize) -> Grid {
    let mut grid = standard_start(n);
    let mut player = WHITE;
    while reference::empties(&grid) > empties {
        let mut moves = reference::flanking_moves(&grid, player);
        if moves.is_empty() {
            player = reference::other(player);
            moves = reference::flanking_moves(&grid, player);
            if moves.is_empty() {
                break;
            }
        }
        let (r, c, flipped) = moves.swap_remove(rng.below(moves.len()));
        grid[r][c] = player;
        for (fr, fc) in flipped {
            grid[fr][fc] = player;
        }
        player = reference::other(player);
    }
    grid
}

// ---------------------------------------------------------------------------------------
// The library side.

/// Every combination of the counting options with the shortcut for decided positions, the
/// two walks with and without a table, and the 64-bit walk without decided positions or
/// levels.
fn all_options() -> Vec<Options> {
    let mut all = Vec::new();
    for &threads in &[1, 2] {
        for &table in &[true, false] {
            for &bitboards in &[true, false] {
                all.push(Options { threads, table, bitboards, decided: true, levels: true, ..Options::default() });
            }
        }
    }
    for &(table, bitboards) in &[(true, false), (false, true)] {
        all.push(Options { threads: 1, table, bitboards, decided: true, levels: true, ..Options::default() });
    }
    all.push(Options { threads: 1, table: true, bitboards: true, decided: false, levels: false, ..Options::default() });
    all
}

/// [`all_options`] and a budget of 4 KiB on both walks: tables of a few dozen slots,
/// levels that give up at once.
fn all_options_and_small_budgets() -> Vec<Options> {
    let mut all = all_options();
    for &bitboards in &[true, false] {
        all.push(Options { memory: 1 << 12, bitboards, ..Options::default() });
    }
    all
}

fn library_board(grid: &Grid) -> Board {
    let rows = grid.len();
    let cols = grid.first().map_or(0, |row| row.len());
    let cells = grid
        .iter()
        .flat_map(|row| row.iter())
        .map(|&x| match x {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        })
        .collect();
    Board::from_cells(rows, cols, cells)
}

fn triple(report: &Counts) -> [String; 3] {
    [report.black.to_string(), report.white.to_string(), report.draws.to_string()]
}

fn strings(counts: [u128; 3]) -> [String; 3] {
    [counts[0].to_string(), counts[1].to_string(), counts[2].to_string()]
}

fn big_strings(counts: &[Big; 3]) -> [String; 3] {
    [counts[0].to_string(), counts[1].to_string(), counts[2].to_string()]
}

fn show(grid: &Grid) -> String {
    grid.iter()
        .map(|row| row.iter().map(|&x| reference::cell_char(x)).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

/// Compares the library's b4254 count (white to move) under every option set with
/// `expected`; returns a description of each disagreement.
fn check_flanking(grid: &Grid, expected: &[String; 3], options: &[Options]) -> Vec<String> {
    check::<Flanking>("flanking", Color::White, grid, expected, options)
}

/// The same for dumbothello (black to move).
fn check_adjacent(grid: &Grid, expected: &[String; 3], options: &[Options]) -> Vec<String> {
    check::<Adjacent>("adjacent", Color::Black, grid, expected, options)
}

/// The count under the rules `R` (named `rules`) with `first` to move, as above.
fn check<R: Analyse + BitRules>(
    rules: &str,
    first: Color,
    grid: &Grid,
    expected: &[String; 3],
    options: &[Options],
) -> Vec<String> {
    let board = library_board(grid);
    let mut failures = Vec::new();
    for o in options {
        let got = triple(&count::<R>(&board, first, o).expect("a countable board"));
        if &got != expected {
            failures.push(format!(
                "{} {}x{} {} with {:?}: library {:?}, reference {:?}",
                rules,
                grid.len(),
                grid[0].len(),
                show(grid),
                o,
                got,
                expected
            ));
        }
    }
    failures
}

fn assert_no_failures(failures: Vec<String>, checked: usize) {
    assert!(
        failures.is_empty(),
        "{} disagreements over {} positions:\n{}",
        failures.len(),
        checked,
        failures.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `exe` with `args` and `input` on stdin (killed after a minute); returns (exit
/// code, stdout, stderr).
fn run(exe: &str, args: &[&str], input: &[u8]) -> (Option<i32>, String, String) {
    let out =
        process::run(exe, args, input.to_vec(), Duration::from_secs(60)).unwrap_or_else(|e| panic!("{}: {}", exe, e));
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

// ---------------------------------------------------------------------------------------
// The reference on the statements' examples.

#[test]
fn reference_matches_statement_examples() {
    assert_eq!(reference::flanking(&reference::parse_b4254("2\nBW\nWB\n"), true), [0, 0, 1]);
    assert_eq!(reference::flanking(&reference::parse_b4254("3\n.WB\nWBW\nBW.\n"), true), [2, 0, 0]);
    assert_eq!(reference::flanking(&reference::parse_b4254("4\n....\n.WBW\n.BWB\n....\n"), true), [1813, 2494, 519]);
    let example = reference::parse_dumbothello(". . W W\n. . B B\nW W W B\nW B B W\n");
    assert_eq!(reference::adjacent(&example), [2, 16, 0]);
    assert_eq!(big_strings(&reference::adjacent_memo(&example)), strings([2, 16, 0]));
}

#[test]
fn reference_edge_rules() {
    // Nobody can move: one outcome.
    assert_eq!(reference::flanking(&reference::parse_b4254("1\n.\n"), true), [0, 0, 1]);
    assert_eq!(reference::flanking(&reference::parse_b4254("3\nBB.\nBB.\n..W\n"), true), [1, 0, 0]);
    // White cannot move, black can: black moves first (B at the end bracketing W).
    let grid = reference::parse_b4254("3\nBW.\nBBB\nBBB\n");
    assert!(reference::flanking_moves(&grid, WHITE).is_empty());
    assert_eq!(reference::flanking(&grid, true), [1, 0, 0]);
    // Dumbothello: black without a move ends the game at once, even if white could move.
    assert_eq!(reference::adjacent(&reference::parse_dumbothello(". B W W B .")), [0, 0, 1]);
    assert_eq!(reference::adjacent(&reference::parse_dumbothello("B . .")), [1, 0, 0]);
    assert_eq!(reference::adjacent(&reference::parse_dumbothello("B . W")), [1, 0, 0]);
    // The integer alphabet and the spaced format read like the plain one.
    let plain = reference::parse_b4254("3\n.WB\nWBW\nBW.\n");
    assert_eq!(reference::parse_b4254("3\n-1 0 1\n0 1 0\n1 0 -1\n"), plain);
    assert_eq!(reference::parse_b4254("3\r\n. W B\r\nW B W\r\nB W ."), plain);
}

#[test]
fn big_numbers_add_and_print() {
    let mut x = Big::zero();
    assert_eq!(x.to_string(), "0");
    let mut rng = Rng::new(7);
    let mut sum: u128 = 0;
    for _ in 0..1000 {
        let y = (rng.next_u64() as u128) << rng.below(60);
        sum += y;
        x.add(&Big::from_u128(y));
        assert_eq!(x.to_string(), sum.to_string());
        assert_eq!(x.to_u128(), Some(sum));
    }
    let mut max = Big::from_u128(u128::MAX);
    max.add(&Big::from_u128(1));
    assert_eq!(max.to_string(), "340282366920938463463374607431768211456");
    assert!(max.exceeds_u64());
    assert!(!Big::from_u128(u64::MAX as u128).exceeds_u64());
    assert!(Big::from_u128(u64::MAX as u128 + 1).exceeds_u64());
}

#[test]
fn memoised_reference_agrees_with_naive_reference() {
    let mut rng = Rng::new(11);
    for _ in 0..200 {
        let (rows, cols) = if rng.chance(30) { (1, rng.range(1, 10)) } else { (rng.range(1, 4), rng.range(1, 4)) };
        let empties = rng.range(0, 8);
        let percent = random_black_percent(&mut rng);
        let grid = random_grid(&mut rng, rows, cols, empties, percent);
        assert_eq!(
            big_strings(&reference::adjacent_memo(&grid)),
            strings(reference::adjacent(&grid)),
            "{}",
            show(&grid)
        );
    }
}

// ---------------------------------------------------------------------------------------
// b4254: standard rules, white first.

/// Random n×n boards, n in 1..=6, 0..=9 empties, random or single-coloured discs.
#[test]
fn flanking_random_small_boards() {
    let mut rng = Rng::new(4254);
    let options = all_options_and_small_budgets();
    let mut failures = Vec::new();
    let positions = 400;
    for _ in 0..positions {
        let n = rng.range(1, 6);
        let empties = rng.range(0, 9.min(n * n));
        let percent = random_black_percent(&mut rng);
        let grid = random_grid(&mut rng, n, n, empties, percent);
        let expected = strings(reference::flanking(&grid, true));
        failures.extend(check_flanking(&grid, &expected, &options));
    }
    assert_no_failures(failures, positions);
}

/// Positions of random games from the 6×6 and 8×8 standard starts.
#[test]
fn flanking_random_playouts() {
    let mut rng = Rng::new(66);
    let options = all_options_and_small_budgets();
    let mut failures = Vec::new();
    let mut positions = 0;
    for i in 0..160 {
        let grid = if i % 16 == 15 {
            let empties = rng.range(8, 10);
            playout(&mut rng, 8, empties)
        } else {
            let empties = rng.range(0, 9);
            playout(&mut rng, 6, empties)
        };
        let expected = strings(reference::flanking(&grid, true));
        failures.extend(check_flanking(&grid, &expected, &options));
        positions += 1;
    }
    assert_no_failures(failures, positions);
}

/// Positions with more empty cells than the counter's compact table holds (12): 8×8
/// playouts with 13 empties, too many for the naive reference, counted with the
/// table (its wide part then holds the positions near the root) and without it, on one
/// and two threads.
#[test]
fn flanking_counts_beyond_the_compact_table() {
    let mut rng = Rng::new(1313);
    for &empties in &[13, 13] {
        let grid = search(&mut rng, |rng| playout(rng, 8, empties), |g| reference::empties(g) == empties);
        let board = library_board(&grid);
        let plain =
            Options { threads: 1, table: false, bitboards: true, decided: false, levels: false, ..Options::default() };
        let expected = triple(&count::<Flanking>(&board, Color::White, &plain).expect("a countable board"));
        let mut options = vec![Options { table: true, ..plain }, Options { threads: 2, table: true, ..plain }];
        options.push(Options { table: true, ..Options::default() });
        assert_no_failures(check_flanking(&grid, &expected, &options), 1);
    }
}

/// A 12×12 board of `colour` but for a 5×5 window of random discs with `empties` empty
/// cells: few cells matter, and the discs that never change often decide the winner.
fn window_board(rng: &mut Rng, colour: u8, empties: usize) -> Grid {
    let mut grid = vec![vec![colour; 12]; 12];
    let window = random_grid(rng, 5, 5, empties, 50);
    for (r, row) in window.iter().enumerate() {
        grid[4 + r][4..9].copy_from_slice(row);
    }
    grid
}

/// Positions with 11 empty cells, where the depth-first walks do most of their work: 8×8
/// and 7×7 boards of random discs, where many positions' player to move has no move, and
/// 12×12 boards of one colour but for a window of random discs (decided at the start),
/// against the walks without a table or shortcut, as the reference takes minutes for these.
#[test]
fn eleven_empty_cells_with_and_without_shortcuts() {
    let mut rng = Rng::new(5050);
    let plain =
        Options { threads: 1, table: false, bitboards: true, decided: false, levels: false, ..Options::default() };
    let mut options = vec![Options::default(), Options { threads: 1, ..Options::default() }];
    options.push(Options { decided: false, ..options[1] });
    let mut failures = Vec::new();
    let positions = 12;
    for i in 0..positions {
        let grid = match i % 3 {
            0 => random_grid(&mut rng, 8, 8, 11, 50),
            1 => {
                let percent = random_black_percent(&mut rng);
                random_grid(&mut rng, 7, 7, 11, percent)
            }
            _ => {
                let colour = if rng.chance(50) { BLACK } else { WHITE };
                window_board(&mut rng, colour, 11)
            }
        };
        let expected =
            triple(&count::<Flanking>(&library_board(&grid), Color::White, &plain).expect("a countable board"));
        failures.extend(check_flanking(&grid, &expected, &options));
    }
    assert_no_failures(failures, positions);
}

/// Counting by levels (`othello::count::levels`, which 8×8 counts take from 12 empty
/// cells) against the depth-first counter on the same 64-bit walk: 8×8 playouts and boards
/// of random discs (often lopsided, so that games end early and winners are known), and
/// 6×6 and 5×7 boards (cells off the board), with 6 to 11 empty cells, under both rule
/// sets, on one and two threads, with and without decided positions; and within too
/// little memory for every level.
#[cfg(feature = "fast")]
#[test]
fn counts_by_levels_match_depth_first() {
    use othello::count::bits::BitWalk;
    use othello::count::walk::Counter;
    fn check<R: BitRules>(grid: &Grid, threads: usize, decide: bool) -> Option<String> {
        let sets = othello::core::bitboard::from_board(&library_board(grid)).expect("within 8x8");
        let (white, black, empty) = (sets.white, sets.black, sets.empty());
        let expected = Counter::<BitWalk<R>, u64>::new(1 << 16, usize::MAX)
            .deciding(decide)
            .count(&mut BitWalk::new(white, black, empty));
        let got = othello::count::levels::count::<R>(white, black, empty, threads, decide, 1 << 30).expect("levels");
        if got == expected {
            None
        } else {
            Some(format!(
                "{} {} threads, decide {}: {:?} by levels, {:?} depth first",
                show(grid),
                threads,
                decide,
                got,
                expected
            ))
        }
    }
    let mut rng = Rng::new(1414);
    let mut failures = Vec::new();
    let positions = 120;
    for i in 0..positions {
        let empties = rng.range(6, 12);
        let percent = random_black_percent(&mut rng);
        let grid = match i % 4 {
            0 => playout(&mut rng, 8, empties),
            1 => random_grid(&mut rng, 8, 8, empties, percent),
            2 => random_grid(&mut rng, 6, 6, empties, percent),
            _ => random_grid(&mut rng, 5, 7, empties, percent),
        };
        let (threads, decide) = (1 + i % 2, i % 3 != 0);
        failures.extend(check::<Flanking>(&grid, threads, decide));
        if i % 3 == 0 {
            failures.extend(check::<Adjacent>(&grid, threads, decide));
        }
    }
    assert_no_failures(failures, positions);
    // Within less memory, the levels go on depth first from the last one that fit, with
    // the same count: from the root (no room at all) and from each level in turn.
    use othello::count::levels::{count, WORKING_BYTES};
    let grid = playout(&mut Rng::new(7), 8, 12);
    let sets = othello::core::bitboard::from_board(&library_board(&grid)).expect("8x8");
    let (white, black, empty) = (sets.white, sets.black, sets.empty());
    let full = count::<Flanking>(white, black, empty, 1, true, 1 << 30).expect("a 12-empty count");
    for &room in [0, 1 << 16, 1 << 18, 1 << 20, 1 << 22].iter() {
        let memory = WORKING_BYTES + room;
        assert_eq!(count::<Flanking>(white, black, empty, 1, true, memory), Some(full), "{} bytes", memory);
        assert_eq!(count::<Flanking>(white, black, empty, 2, true, 2 * memory), Some(full), "{} bytes", memory);
    }
}

/// Counting by levels as the single files do (`othello::count::sweep`) against the
/// depth-first counter on the same 64-bit walk: boards of 3×7 to 5×6 cells (at most 32,
/// packed into a word) with random discs, under the flanking rules (passes) at 5 to 12
/// empty cells and the adjacent ones at 5 to 10; within too little memory, no count; and
/// none for a board of more than 32 cells.
#[cfg(feature = "fast")]
#[test]
fn counts_by_sweeping_levels_match_depth_first() {
    use othello::count::bits::BitWalk;
    use othello::count::sweep::by_levels;
    use othello::count::walk::Counter;
    fn check<R: BitRules>(grid: &Grid, memory: usize) -> Option<String> {
        let sets = othello::core::bitboard::from_board(&library_board(grid)).expect("within 8x8");
        let (white, black, empty) = (sets.white, sets.black, sets.empty());
        let expected =
            Counter::<BitWalk<R>, u64>::new(1 << 16, usize::MAX).count(&mut BitWalk::new(white, black, empty));
        match by_levels::<R>(white, black, sets.area, memory) {
            Some(got) if got == expected => None,
            got => Some(format!("{}: {:?} by levels, {:?} depth first", show(grid), got, expected)),
        }
    }
    let mut rng = Rng::new(1515);
    let mut failures = Vec::new();
    let positions = 160;
    for i in 0..positions {
        let (rows, cols) = [(4, 4), (4, 6), (4, 8), (5, 5), (5, 6), (3, 7)][i % 6];
        let empties = rng.range(5, 13).min(rows * cols - 2);
        let percent = random_black_percent(&mut rng);
        let grid = random_grid(&mut rng, rows, cols, empties, percent);
        failures.extend(check::<Flanking>(&grid, 1 << 30));
        if empties <= 10 {
            failures.extend(check::<Adjacent>(&grid, 1 << 30));
        }
    }
    assert_no_failures(failures, positions);
    let grid = random_grid(&mut Rng::new(8), 4, 5, 10, 50);
    let sets = othello::core::bitboard::from_board(&library_board(&grid)).expect("4x5");
    assert_eq!(by_levels::<Adjacent>(sets.black, sets.white, sets.area, 1 << 12), None, "{}", show(&grid));
    assert!(check::<Adjacent>(&grid, 1 << 26).is_none());
    let wide = random_grid(&mut Rng::new(9), 5, 7, 10, 50);
    let sets = othello::core::bitboard::from_board(&library_board(&wide)).expect("5x7");
    assert_eq!(by_levels::<Adjacent>(sets.black, sets.white, sets.area, 1 << 30), None);
}

/// Counts that go by levels where built (8×8 boards from 12 empty cells) against the same
/// counts depth first: four 8×8 playouts with 13 empty cells.
#[test]
fn counts_by_levels_through_count() {
    let mut rng = Rng::new(1400);
    let depth_first = Options { levels: false, ..Options::default() };
    let mut failures = Vec::new();
    for _ in 0..4 {
        let grid = search(&mut rng, |rng| playout(rng, 8, 13), |g| reference::empties(g) == 13);
        let expected =
            triple(&count::<Flanking>(&library_board(&grid), Color::White, &depth_first).expect("a countable board"));
        failures.extend(check_flanking(
            &grid,
            &expected,
            &[Options::default(), Options { threads: 1, ..Options::default() }],
        ));
    }
    assert_no_failures(failures, 4);
}

/// Boards larger than 8×8: random 9×9..12×12 boards with 1..=7 empties, and 100×100
/// boards with 6 scattered or 6 clustered empties.
#[test]
fn flanking_large_boards() {
    let mut rng = Rng::new(912);
    let options = all_options();
    let mut failures = Vec::new();
    let mut positions = 0;
    for _ in 0..40 {
        let n = rng.range(9, 12);
        let empties = rng.range(1, 7);
        let percent = random_black_percent(&mut rng);
        let grid = random_grid(&mut rng, n, n, empties, percent);
        let expected = strings(reference::flanking(&grid, true));
        failures.extend(check_flanking(&grid, &expected, &options));
        positions += 1;
    }
    for i in 0..4 {
        let mut grid = random_grid(&mut rng, 100, 100, if i % 2 == 0 { 6 } else { 0 }, 50);
        if i % 2 == 1 {
            // Six clustered empties: a 2×3 block somewhere inside.
            let (r, c) = (rng.range(1, 96), rng.range(1, 95));
            for dr in 0..2 {
                for dc in 0..3 {
                    grid[r + dr][c + dc] = EMPTY;
                }
            }
        }
        let expected = strings(reference::flanking(&grid, true));
        failures.extend(check_flanking(&grid, &expected, &options).into_iter().map(|f| f.chars().take(300).collect()));
        positions += 1;
    }
    assert_no_failures(failures, positions);
}

/// Boards larger than 8×8 where few cells matter, under both rule sets: 9–11 × 9–11
/// boards of one colour but for random discs in and around a 3×3 or 3×4 window with 5–8
/// empty cells, against the references.
#[test]
fn large_boards_where_few_cells_matter() {
    let mut rng = Rng::new(2511);
    let options = all_options();
    let mut failures = Vec::new();
    let positions = 120;
    for i in 0..positions {
        let (rows, cols) = (rng.range(9, 11), rng.range(9, 11));
        // One colour, but for random discs in and around the window.
        let mut grid = vec![vec![if rng.chance(50) { BLACK } else { WHITE }; cols]; rows];
        let (height, width) = (3, rng.range(3, 4));
        let (top, left) = (rng.below(rows - height + 1), rng.below(cols - width + 1));
        for row in grid.iter_mut().take(top + height + 1).skip(top.saturating_sub(1)) {
            for cell in row.iter_mut().take(left + width + 1).skip(left.saturating_sub(1)) {
                *cell = if rng.chance(50) { BLACK } else { WHITE };
            }
        }
        let empties = rng.range(5, 8);
        let mut made = 0;
        while made < empties {
            let (r, c) = (top + rng.below(height), left + rng.below(width));
            if grid[r][c] != EMPTY {
                grid[r][c] = EMPTY;
                made += 1;
            }
        }
        if i % 2 == 0 {
            let expected = strings(reference::flanking(&grid, true));
            failures.extend(check_flanking(&grid, &expected, &options));
        } else {
            let expected = strings(reference::adjacent(&grid));
            failures.extend(check_adjacent(&grid, &expected, &options));
        }
    }
    assert_no_failures(failures, positions);
}

/// Boards of 8×8..40×40 with 2..=8 scattered empty cells, under both rule sets, against
/// the references: far apart, the empty cells seldom change what a move on another flips.
#[test]
fn scattered_empty_cells() {
    let mut rng = Rng::new(1616);
    let options = all_options();
    let mut failures = Vec::new();
    let positions = 120;
    for i in 0..positions {
        let n = rng.range(8, 40);
        let empties = rng.range(2, 8);
        let percent = if rng.chance(25) { random_black_percent(&mut rng) } else { 50 };
        let grid = random_grid(&mut rng, n, n, empties, percent);
        if i % 2 == 0 {
            let expected = strings(reference::flanking(&grid, true));
            failures.extend(check_flanking(&grid, &expected, &options));
        } else {
            let expected = strings(reference::adjacent(&grid));
            failures.extend(check_adjacent(&grid, &expected, &options));
        }
    }
    assert_no_failures(failures, positions);
}

/// Whether the counter would find some position of the game tree from `board` decided
/// (its winner known from the discs that never change): the walk it would take (on 64-bit
/// sets within 8×8), searched for a position with at least `DECIDE_FROM` empty cells
/// whose `decided` answers.
fn any_decided<R: Analyse + BitRules>(board: &Board, to_move: Color) -> bool {
    fn search<W: Shortcuts>(w: &mut W) -> bool {
        if w.empties() < DECIDE_FROM {
            return false;
        }
        if w.decided().is_some() {
            return true;
        }
        let moves: Vec<W::Move> = w.moves().collect();
        moves.into_iter().any(|m| {
            let undo = w.play(m);
            let found = search(w);
            w.undo(m, undo);
            found
        })
    }
    match from_board(board) {
        Some(sets) => {
            let (p, o) = sets.players(to_move);
            search(&mut BitWalk::<R>::new(p, o, sets.empty()))
        }
        None => search(&mut BoardWalk::<R>::new(board, to_move).keyed_by(&R::relevant(board))),
    }
}

/// Lopsided boards, where the discs that can never flip often already decide the winner:
/// 8×8 boards of mostly one colour with 8 empties (standard rules), 12×12 ones with a 2×4
/// block of empties by an edge (the discs that never change outnumber the others), and
/// 6×6 ones with a 2×4 block of empties in a corner
/// (Dumbothello: only discs next to an empty cell can flip), against the references. The
/// counts must come out the same whether decided positions count only their sequences or
/// not, and some positions must have been decided, so that the shortcut is what is
/// tested.
#[test]
fn decided_positions_count_their_sequences_only() {
    let mut rng = Rng::new(2027);
    let default = Options { threads: 1, ..Options::default() };
    let two = Options { threads: 2, ..default };
    let options = [
        default,
        two,
        Options { decided: false, ..default },
        Options { table: false, ..default },
        Options { bitboards: false, ..default },
        Options { bitboards: false, ..two },
    ];
    let mut failures = Vec::new();
    let positions = 90;
    let mut decided = [0, 0, 0];
    for i in 0..positions {
        let percent = if rng.chance(50) { rng.range(88, 99) } else { rng.range(2, 13) };
        if i % 3 != 1 {
            let grid = if i % 3 == 0 {
                random_grid(&mut rng, 8, 8, 8, percent)
            } else {
                // A 2×4 block of empty cells by the top edge: the rays from it reach a
                // third of the board or less, so the discs that never change decide it.
                let mut grid = random_grid(&mut rng, 12, 12, 0, percent);
                for k in 0..8 {
                    grid[k / 4][4 + k % 4] = EMPTY;
                }
                grid
            };
            decided[i % 3] += any_decided::<Flanking>(&library_board(&grid), Color::White) as usize;
            let expected = strings(reference::flanking(&grid, true));
            failures.extend(check_flanking(&grid, &expected, &options));
        } else {
            let mut grid = random_grid(&mut rng, 6, 6, 0, percent);
            for k in 0..8 {
                grid[k / 4][k % 4] = EMPTY;
            }
            decided[1] += any_decided::<Adjacent>(&library_board(&grid), Color::Black) as usize;
            let expected = strings(reference::adjacent(&grid));
            failures.extend(check_adjacent(&grid, &expected, &options));
        }
    }
    assert_no_failures(failures, positions);
    assert!(
        decided.iter().all(|&k| k >= 6),
        "positions found decided (flanking 8×8, adjacent, flanking 12×12): {:?}",
        decided
    );
}

// ---------------------------------------------------------------------------------------
// dumbothello: adjacent captures, black first, no passing.

/// Random rows×cols boards in 1..=5 × 1..=5 with up to 10 empties.
#[test]
fn adjacent_random_rectangles() {
    let mut rng = Rng::new(8);
    let options = all_options_and_small_budgets();
    let mut failures = Vec::new();
    let positions = 400;
    for _ in 0..positions {
        let rows = rng.range(1, 5);
        let cols = rng.range(1, 5);
        // Mostly up to 8 empties, sometimes 9 or 10 (the naive reference is factorial).
        let empties = match rng.below(100) {
            0..=1 => 10,
            2..=6 => 9,
            _ => rng.range(0, 8),
        };
        let percent = random_black_percent(&mut rng);
        let grid = random_grid(&mut rng, rows, cols, empties, percent);
        let expected = strings(reference::adjacent(&grid));
        failures.extend(check_adjacent(&grid, &expected, &options));
    }
    assert_no_failures(failures, positions);
}

/// Lines 1×k and columns k×1, k up to 12.
#[test]
fn adjacent_random_lines() {
    let mut rng = Rng::new(12);
    let options = all_options();
    let mut failures = Vec::new();
    let positions = 200;
    for i in 0..positions {
        let k = rng.range(1, 12);
        let empties = rng.range(0, 10.min(k));
        let percent = random_black_percent(&mut rng);
        let mut grid = random_grid(&mut rng, 1, k, empties, percent);
        if i % 2 == 1 {
            grid = grid[0].iter().map(|&x| vec![x]).collect();
        }
        let expected = strings(reference::adjacent(&grid));
        failures.extend(check_adjacent(&grid, &expected, &options));
    }
    assert_no_failures(failures, positions);
}

fn line(spec: &[(u8, usize)]) -> Grid {
    vec![spec.iter().flat_map(|&(x, k)| std::iter::repeat(x).take(k)).collect()]
}

fn dumbothello_text(grid: &Grid) -> String {
    let mut text = String::new();
    for row in grid {
        let cells: Vec<String> = row.iter().map(|&x| reference::cell_char(x).to_string()).collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text
}

/// Long lines checked with the memoised reference: the library (with its table; without
/// it these trees are far too big) and the real binary. At least one count exceeds 2^64.
#[test]
fn adjacent_long_lines() {
    let exe = env!("CARGO_BIN_EXE_dumbothello");
    let options: Vec<Options> = all_options().into_iter().filter(|o| o.table).collect();
    let cases = vec![
        line(&[(BLACK, 1), (EMPTY, 78), (WHITE, 1)]),
        line(&[(BLACK, 1), (EMPTY, 39), (WHITE, 1), (EMPTY, 38), (BLACK, 1)]),
        line(&[(EMPTY, 20), (WHITE, 1), (BLACK, 1), (EMPTY, 20)]),
        line(&[(WHITE, 1), (EMPTY, 12), (BLACK, 1), (EMPTY, 3), (WHITE, 2), (EMPTY, 12)]),
    ];
    let mut failures = Vec::new();
    let mut beyond_u64 = false;
    for grid in &cases {
        let expected = reference::adjacent_memo(grid);
        beyond_u64 |= expected.iter().any(|x| x.exceeds_u64());
        let expected = big_strings(&expected);
        failures.extend(check_adjacent(grid, &expected, &options));
        let want = format!("({}, {}, {})\n", expected[0], expected[1], expected[2]);
        let (code, stdout, stderr) = run(exe, &[], dumbothello_text(grid).as_bytes());
        if code != Some(0) || stdout != want {
            failures.push(format!(
                "dumbothello binary on {}: {:?} {:?} {:?}, want {:?}",
                show(grid),
                code,
                stdout,
                stderr,
                want
            ));
        }
    }
    assert!(beyond_u64, "some long line must have a count beyond 2^64");
    assert_no_failures(failures, cases.len());
}

/// The nine official boards: the expected triples via the reference, the library, and
/// the binary given the file path.
#[test]
fn dumbothello_official_boards() {
    let dir = root().join("tests/count/dumbothello-official");
    let expected = fs::read_to_string(dir.join("expected.txt")).expect("expected.txt");
    let exe = env!("CARGO_BIN_EXE_dumbothello");
    let options = all_options();
    let mut failures = Vec::new();
    let mut boards = 0;
    for row in expected.lines().filter(|l| !l.trim().is_empty()) {
        let (file, want) = row.split_at(row.find(' ').expect("a name and a triple"));
        let want = want.trim();
        let path = dir.join(file);
        let text = fs::read_to_string(&path).expect("a board");
        let grid = reference::parse_dumbothello(&text);
        let naive = reference::adjacent(&grid);
        let got = format!("({}, {}, {})", naive[0], naive[1], naive[2]);
        assert_eq!(got, want, "reference on {}", file);
        let memo = big_strings(&reference::adjacent_memo(&grid));
        assert_eq!(memo, strings(naive), "memoised reference on {}", file);
        failures.extend(check_adjacent(&grid, &strings(naive), &options));
        let (code, stdout, stderr) = run(exe, &[path.to_str().expect("a UTF-8 path")], b"");
        if code != Some(0) || stdout != format!("{}\n", want) || !stderr.is_empty() {
            failures.push(format!("dumbothello {}: {:?} {:?} {:?}, want {:?}", file, code, stdout, stderr, want));
        }
        boards += 1;
    }
    assert_eq!(boards, 9);
    assert_no_failures(failures, boards);
}

// ---------------------------------------------------------------------------------------
// Generated judge cases.

/// How a b4254 board is written.
#[derive(Clone, Copy)]
enum Style {
    Plain,
    Spaced,
    Integers,
}

fn b4254_text(grid: &Grid, style: Style, eol: &str, final_newline: bool) -> String {
    let mut lines = vec![grid.len().to_string()];
    for row in grid {
        let cells: Vec<String> = row
            .iter()
            .map(|&x| match style {
                Style::Integers => match x {
                    BLACK => "1".to_string(),
                    WHITE => "0".to_string(),
                    _ => "-1".to_string(),
                },
                _ => reference::cell_char(x).to_string(),
            })
            .collect();
        lines.push(match style {
            Style::Plain => cells.concat(),
            _ => cells.join(" "),
        });
    }
    let mut text = lines.join(eol);
    if final_newline {
        text.push_str(eol);
    }
    text
}

/// The expected output of a judge case, from the reference.
fn reference_output(binary: &str, input: &str) -> String {
    match binary {
        "b4254" => {
            let [b, w, d] = reference::flanking(&reference::parse_b4254(input), true);
            format!("{} {} {}\n", b, w, d)
        }
        "dumbothello" => {
            let grid = reference::parse_dumbothello(input);
            let memo = big_strings(&reference::adjacent_memo(&grid));
            if reference::empties(&grid) <= 10 {
                assert_eq!(memo, strings(reference::adjacent(&grid)), "naive and memoised references");
            }
            format!("({}, {}, {})\n", memo[0], memo[1], memo[2])
        }
        _ => panic!("unknown binary {}", binary),
    }
}

/// A random n×n board (b4254) satisfying `keep`, deterministically from `rng`.
fn search(rng: &mut Rng, mut make: impl FnMut(&mut Rng) -> Grid, keep: impl Fn(&Grid) -> bool) -> Grid {
    for _ in 0..100_000 {
        let grid = make(rng);
        if keep(&grid) {
            return grid;
        }
    }
    panic!("no board found");
}

fn leaves(counts: [u128; 3]) -> u128 {
    counts.iter().sum()
}

/// Every generated judge case: (binary, name, input).
fn judge_cases() -> Vec<(&'static str, String, String)> {
    let mut rng = Rng::new(2024);
    let mut cases: Vec<(&'static str, String, String)> = Vec::new();
    let mut b = |name: &str, text: String| cases.push(("b4254", name.to_string(), text));

    // White has no move at the start, black has: black moves first.
    let grid = search(
        &mut rng,
        |rng| {
            let e = rng.range(4, 6);
            random_grid(rng, 4, 4, e, 50)
        },
        |g| {
            reference::flanking_moves(g, WHITE).is_empty()
                && !reference::flanking_moves(g, BLACK).is_empty()
                && leaves(reference::flanking(g, true)) >= 3
        },
    );
    b("gen-01-white-passes-first", b4254_text(&grid, Style::Plain, "\n", true));
    // Empties but nobody can move: one outcome.
    b("gen-02-nobody-can-move", "3\nBB.\nBB.\n..W\n".to_string());
    // Only white discs: nobody can move, white wins.
    let mut grid = random_grid(&mut rng, 5, 5, 7, 0);
    grid[0][0] = EMPTY;
    b("gen-03-single-colour", b4254_text(&grid, Style::Plain, "\n", true));
    b("gen-04-one-empty-cell", "1\n.\n".to_string());
    let grid = random_grid(&mut rng, 6, 6, 0, 50);
    b("gen-05-no-empties", b4254_text(&grid, Style::Plain, "\n", true));
    let grid = search(&mut rng, |rng| random_grid(rng, 5, 5, 7, 50), |g| leaves(reference::flanking(g, true)) >= 20);
    b("gen-06-crlf", b4254_text(&grid, Style::Plain, "\r\n", true));
    let grid = search(&mut rng, |rng| random_grid(rng, 5, 5, 7, 50), |g| leaves(reference::flanking(g, true)) >= 20);
    b("gen-07-no-final-newline", b4254_text(&grid, Style::Plain, "\n", false));
    let grid = playout(&mut rng, 6, 8);
    b("gen-08-spaced-cells", b4254_text(&grid, Style::Spaced, "\n", true));
    let grid = playout(&mut rng, 6, 8);
    b("gen-09-integer-alphabet", b4254_text(&grid, Style::Integers, "\n", true));
    let grid = search(&mut rng, |rng| playout(rng, 8, 10), |g| reference::empties(g) == 10);
    b("gen-10-endgame-8x8", b4254_text(&grid, Style::Plain, "\n", true));
    let grid = search(
        &mut rng,
        |rng| {
            let mut g = random_grid(rng, 100, 100, 2, 50);
            let (r, c) = (rng.range(0, 97), rng.range(0, 97));
            for dr in 0..2 {
                for dc in 0..2 {
                    g[r + dr][c + dc] = EMPTY;
                }
            }
            g
        },
        |g| reference::empties(g) == 6 && leaves(reference::flanking(g, true)) >= 10,
    );
    b("gen-11-n100-few-empties", b4254_text(&grid, Style::Plain, "\n", true));
    let grid = search(&mut rng, |rng| random_grid(rng, 4, 4, 6, 50), |g| leaves(reference::flanking(g, true)) >= 10);
    b("gen-12-spaced-crlf-no-final-newline", b4254_text(&grid, Style::Spaced, "\r\n", false));
    let grid = search(&mut rng, |rng| random_grid(rng, 5, 5, 6, 50), |g| leaves(reference::flanking(g, true)) >= 10);
    b("gen-13-integer-alphabet-crlf", b4254_text(&grid, Style::Integers, "\r\n", true));
    let grid = search(&mut rng, |rng| playout(rng, 6, 9), |g| reference::empties(g) == 9);
    b("gen-14-endgame-6x6", b4254_text(&grid, Style::Plain, "\n", true));
    let grid = search(&mut rng, |rng| random_grid(rng, 12, 12, 7, 50), |g| leaves(reference::flanking(g, true)) >= 50);
    b("gen-15-12x12-seven-empties", b4254_text(&grid, Style::Plain, "\n", true));

    let mut d = |name: &str, text: String| cases.push(("dumbothello", name.to_string(), text));
    let nontrivial = |g: &Grid| leaves(reference::adjacent(g)) >= 5;
    let grid = search(&mut rng, |rng| random_grid(rng, 2, 5, 5, 50), nontrivial);
    d("gen-01-rectangle-2x5", dumbothello_text(&grid));
    let grid = search(&mut rng, |rng| random_grid(rng, 5, 3, 7, 50), nontrivial);
    d("gen-02-rectangle-5x3-tabs", dumbothello_text(&grid).replace(' ', "\t"));
    let grid = search(&mut rng, |rng| random_grid(rng, 4, 4, 7, 50), nontrivial);
    let mut text = String::new();
    for (i, row) in grid.iter().enumerate() {
        let seps = [" ", "  ", "\t", " \t ", "\t\t", "   "];
        for (j, &x) in row.iter().enumerate() {
            if j > 0 {
                text.push_str(seps[(i + j) % seps.len()]);
            }
            text.push(reference::cell_char(x));
        }
        text.push('\n');
    }
    d("gen-03-mixed-blanks", text);
    let grid = search(&mut rng, |rng| random_grid(rng, 1, 12, 8, 50), nontrivial);
    d("gen-04-line-1x12", dumbothello_text(&grid));
    let grid = search(&mut rng, |rng| random_grid(rng, 12, 1, 8, 50), nontrivial);
    d("gen-05-column-12x1", dumbothello_text(&grid));
    d("gen-06-black-cannot-move", ". B W W B .\n".to_string());
    d("gen-07-all-empty", ". . .\n. . .\n. . .\n".to_string());
    d("gen-08-one-cell", "B\n".to_string());
    d("gen-09-no-white", "B . .\n. . B\n".to_string());
    let grid = search(&mut rng, |rng| random_grid(rng, 5, 5, 10, 50), |g| leaves(reference::adjacent(g)) >= 100_000);
    d("gen-10-5x5-ten-empties", dumbothello_text(&grid));
    let grid = search(&mut rng, |rng| random_grid(rng, 4, 4, 6, 50), nontrivial);
    d("gen-11-no-final-newline", dumbothello_text(&grid).trim_end().to_string());
    let grid = search(&mut rng, |rng| random_grid(rng, 3, 4, 5, 50), nontrivial);
    d("gen-12-trailing-blank-line", dumbothello_text(&grid) + "\n");
    let grid = line(&[(BLACK, 1), (EMPTY, 18), (WHITE, 1), (EMPTY, 19), (BLACK, 1)]);
    d("gen-13-line-1x40", dumbothello_text(&grid));
    let grid = line(&[(WHITE, 1), (EMPTY, 30), (BLACK, 1), (EMPTY, 5), (WHITE, 2), (EMPTY, 25)]);
    assert!(reference::adjacent_memo(&grid).iter().any(|x| x.exceeds_u64()));
    d("gen-14-line-1x65-beyond-u64", dumbothello_text(&grid));
    let grid = random_grid(&mut rng, 4, 5, 0, 50);
    d("gen-15-no-empties", dumbothello_text(&grid));
    cases
}

fn judge_dir(binary: &str) -> PathBuf {
    root().join("tests/judge").join(binary)
}

/// Every committed `gen-*.in` of b4254 and dumbothello (without a `.err`) has the
/// reference's output as its `.out`, and the committed set is what `judge_cases` makes.
#[test]
fn judge_cases_match_reference() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for binary in &["b4254", "dumbothello"] {
        let mut files: Vec<PathBuf> = fs::read_dir(judge_dir(binary))
            .expect("the case directory")
            .map(|e| e.expect("an entry").path())
            .filter(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                name.starts_with("gen-") && name.ends_with(".in")
            })
            .collect();
        files.sort();
        assert!(files.len() >= 10, "{}: only {} generated cases", binary, files.len());
        for path in files {
            if path.with_extension("err").exists() {
                continue;
            }
            let input = fs::read_to_string(&path).expect("a case");
            let expected = fs::read_to_string(path.with_extension("out")).expect("an expected output");
            let got = reference_output(binary, &input);
            if got != expected {
                failures.push(format!("{}: committed {:?}, reference {:?}", path.display(), expected, got));
            }
            checked += 1;
        }
    }
    for (binary, name, input) in judge_cases() {
        let path = judge_dir(binary).join(format!("{}.in", name));
        match fs::read_to_string(&path) {
            Ok(text) if text == input => {}
            Ok(_) => failures.push(format!("{}: differs from what regenerate_judge_cases writes", path.display())),
            Err(_) => failures.push(format!("{}: missing (run regenerate_judge_cases)", path.display())),
        }
    }
    assert!(failures.is_empty(), "{} of {} cases:\n{}", failures.len(), checked, failures.join("\n"));
}

/// Rewrites every generated case (`cargo test --release --test count -- --ignored
/// regenerate_judge_cases`); old `gen-*` files of the two binaries are removed first.
#[test]
#[ignore]
fn regenerate_judge_cases() {
    for binary in &["b4254", "dumbothello"] {
        let dir = judge_dir(binary);
        fs::create_dir_all(&dir).expect("the case directory");
        for entry in fs::read_dir(&dir).expect("the case directory") {
            let path = entry.expect("an entry").path();
            if path.file_name().unwrap().to_string_lossy().starts_with("gen-") {
                fs::remove_file(&path).expect("an old case removed");
            }
        }
    }
    for (binary, name, input) in judge_cases() {
        let dir = judge_dir(binary);
        fs::write(dir.join(format!("{}.in", name)), &input).expect("the input written");
        fs::write(dir.join(format!("{}.out", name)), reference_output(binary, &input)).expect("the output written");
    }
}
