//! `make bench`: times the suite on fixed inputs and prints one table row per case.
//!
//! Every input is generated here from fixed seeds, so runs are comparable. Times are wall
//! clock, best of several runs; the machines are shared, so compare ratios within a run.

use std::time::{Duration, Instant};

use othello::core::bitboard::BitRules;
use othello::core::board::{Alphabet, Board, Color};
use othello::core::position::Position;
use othello::core::rules::{Adjacent, Flanking, Rules};
use othello::count::analysis::Analyse;
use othello::count::{count, Counts, Options};
use othello::engine::endgame::Solver;
use othello::engine::eval::Eval;
use othello::engine::perft::perft_with;
use othello::engine::position;
use othello::engine::search::{Limits, Searcher};

/// A small xorshift generator: the same inputs on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The best of `runs` timings of `f`.
fn best<F: FnMut()>(runs: usize, mut f: F) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .expect("at least one run")
}

/// A random game on an `n × n` board, played until nobody can move, in Jutge's format.
fn jutge_game(n: usize, rng: &mut Rng) -> (String, usize) {
    let mut board = Board::start(n);
    let mut color = Color::Black;
    let mut input = format!("{}\n", n);
    let mut moves = 0;
    while !Flanking::game_over(&board, color) {
        let legal = Flanking::legal_moves(&board, color);
        if legal.is_empty() {
            color = color.opponent();
            continue;
        }
        let at = legal[rng.below(legal.len())];
        Flanking::play(&mut board, color, at).expect("a legal move");
        let (r, c) = board.coords(at);
        input.push_str(&format!("{} {} {}\n", if color == Color::Black { 'N' } else { 'B' }, r + 1, c + 1));
        moves += 1;
        color = color.opponent();
    }
    (input, moves)
}

/// `games` UVa 220 games from the start position, each listing and playing 10 moves.
fn uva_games(games: usize, rng: &mut Rng) -> String {
    let mut input = format!("{}\n", games);
    for _ in 0..games {
        let mut board = Board::start(8);
        let mut rows = Vec::new();
        board.write(&mut rows, &othello::judges::uva220::ALPHABET).expect("writes to memory");
        input.push_str(&String::from_utf8(rows).expect("ASCII"));
        input.push_str("B\n");
        let mut color = Color::Black;
        for _ in 0..10 {
            let legal = Flanking::legal_moves(&board, color);
            if legal.is_empty() {
                break;
            }
            let at = legal[rng.below(legal.len())];
            Flanking::play(&mut board, color, at).expect("a legal move");
            let (r, c) = board.coords(at);
            input.push_str(&format!("L\nM{}{}\n", r + 1, c + 1));
            color = color.opponent();
        }
        input.push_str("Q\n");
    }
    input
}

fn row(case: &str, time: Duration, detail: &str) {
    println!("| {:<44} | {:>11.3} ms | {} |", case, time.as_secs_f64() * 1e3, detail);
}

/// An 8×8 board from 64 characters a1..h8 (`X` black, `O` white, `-` empty).
fn board64(cells: &str) -> Board {
    let a = Alphabet { empty: '-', black: 'X', white: 'O' };
    Board::from_cells(8, 8, a.row(cells, 0).expect("a valid board"))
}

/// A board from rows of `.`/`B`/`W`.
fn board_rows(rows: &[&str]) -> Board {
    let a = Alphabet { empty: '.', black: 'B', white: 'W' };
    let cells: Vec<_> = rows.iter().flat_map(|r| a.row(r, 0).expect("a valid row")).collect();
    Board::from_cells(rows.len(), cells.len() / rows.len(), cells)
}

/// Counts with the default options (and depth first where those go by levels), then on
/// one thread with and without the table.
fn count_rows<R: Analyse + BitRules>(name: &str, board: &Board, to_move: Color, without_table: bool) {
    let run = |options: Options| -> (Duration, Counts) {
        let t = Instant::now();
        let r = count::<R>(board, to_move, &options).expect("a countable board");
        (t.elapsed(), r)
    };
    let show = |label: &str, (t, r): (Duration, Counts)| {
        row(&format!("{} ({})", name, label), t, &format!("{} / {} / {}", r.black, r.white, r.draws));
    };
    show("default", run(Options::default()));
    // Where the default counts by levels (8×8 boards from `LEVELS_FROM` empty cells), the
    // same count depth first.
    #[cfg(feature = "fast")]
    {
        if board.rows() <= 8 && board.cols() <= 8 && board.empties() >= othello::count::LEVELS_FROM {
            show("depth first", run(Options { levels: false, ..Options::default() }));
        }
    }
    let walk = Options { threads: 1, ..Options::default() };
    show("walk, 1 thread, table", run(walk));
    if without_table {
        show("walk, 1 thread, no table", run(Options { table: false, ..walk }));
    }
}

/// An 8×8 position with `empties` empty cells reached by random legal moves from the start
/// (a game that ends sooner is played again).
fn game_position(rng: &mut Rng, empties: u32) -> Board {
    loop {
        let mut pos = Position::start();
        let mut black = true;
        while pos.empty().count_ones() > empties && !pos.is_over() {
            let legal = pos.legal();
            if legal == 0 {
                pos = pos.passed();
            } else {
                let moves: Vec<u32> = (0..64).filter(|&sq| legal >> sq & 1 == 1).collect();
                pos = pos.play_square(moves[rng.below(moves.len())]);
            }
            black = !black;
        }
        if pos.empty().count_ones() == empties {
            let (b, w) = if black { (pos.player, pos.opponent) } else { (pos.opponent, pos.player) };
            let cell = |i: usize| {
                if b >> i & 1 == 1 {
                    Some(Color::Black)
                } else if w >> i & 1 == 1 {
                    Some(Color::White)
                } else {
                    None
                }
            };
            return Board::from_cells(8, 8, (0..64).map(cell).collect());
        }
    }
}

/// An n×n position with `empties` empty cells reached by random legal moves from the
/// start, white first, with white to move at the end (a game that ends sooner, or
/// leaves white without a move, is played again).
fn game_position_n(rng: &mut Rng, n: usize, empties: usize) -> Board {
    loop {
        let mut board = Board::start(n);
        let mut color = Color::White;
        while board.empties() > empties {
            let mut moves = Flanking::legal_moves(&board, color);
            if moves.is_empty() {
                color = color.opponent();
                moves = Flanking::legal_moves(&board, color);
                if moves.is_empty() {
                    break;
                }
            }
            Flanking::play(&mut board, color, moves[rng.below(moves.len())]).expect("a legal move");
            color = color.opponent();
        }
        if board.empties() == empties && color == Color::White && Flanking::has_move(&board, color) {
            return board;
        }
    }
}

/// An n×n board of random discs with `empties` empty cells at random.
fn random_discs(rng: &mut Rng, n: usize, empties: usize) -> Board {
    let mut board = Board::from_cells(n, n, vec![None; n * n]);
    for i in 0..n * n {
        board.set(i, Some(if rng.below(2) == 0 { Color::Black } else { Color::White }));
    }
    while board.empties() < empties {
        let i = rng.below(n * n);
        board.set(i, None);
    }
    board
}

/// A board of 60×60 to 100×100 cells, 60% to 95% of its discs black, with 10 empty cells
/// in a row, a column, a diagonal or a block four wide: the long runs of one colour let
/// moves flip far away, so that hundreds of cells may change.
fn mostly_one_colour(rng: &mut Rng) -> Board {
    let n = 60 + rng.below(41);
    let black = 60 + rng.below(36);
    let mut board = Board::from_cells(n, n, vec![None; n * n]);
    for i in 0..n * n {
        board.set(i, Some(if rng.below(100) < black { Color::Black } else { Color::White }));
    }
    let (r, c, shape) = (1 + rng.below(n - 12), 1 + rng.below(n - 12), rng.below(4));
    for k in 0..10 {
        let (row, col) = match shape {
            0 => (r, c + k),
            1 => (r + k, c),
            2 => (r + k, c + k),
            _ => (r + k / 4, c + k % 4),
        };
        let at = board.index(row, col);
        board.set(at, None);
    }
    board
}

/// Counts each board with the default options, white to move, and prints the total time
/// and the slowest board's time and counts: the five slowest of that pass timed again
/// (best of three runs each), so that a pause of the host in one count does not name a
/// fast board the slowest.
fn worst_of(name: &str, boards: &[Board]) {
    let mut total = Duration::default();
    let mut times = Vec::with_capacity(boards.len());
    for (i, board) in boards.iter().enumerate() {
        let t = Instant::now();
        count::<Flanking>(board, Color::White, &Options::default()).expect("a countable board");
        let time = t.elapsed();
        total += time;
        times.push((time, i));
    }
    times.sort();
    let mut worst = None;
    for &(_, i) in times.iter().rev().take(5) {
        let mut report = None;
        let time = best(3, || {
            report = Some(count::<Flanking>(&boards[i], Color::White, &Options::default()).expect("a countable board"))
        });
        if worst.as_ref().map_or(true, |&(t, _)| time > t) {
            worst = Some((time, report.expect("a count")));
        }
    }
    let (time, r) = worst.expect("a board");
    let detail =
        format!("{:.0} ms in all; the slowest: {} / {} / {}", total.as_secs_f64() * 1e3, r.black, r.white, r.draws);
    row(&format!("{} (slowest)", name), time, &detail);
}

/// Whether the bench run asked for cases named with `what` (all when no filter given;
/// the words match regardless of case).
fn wanted(what: &str) -> bool {
    // Words of the arguments (`make bench ARGS="perft ffo"` passes them as one).
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .flat_map(|a| a.split_whitespace().map(String::from).collect::<Vec<_>>())
        .collect();
    let what = what.to_lowercase();
    filters.is_empty() || filters.iter().any(|f| what.contains(f.to_lowercase().as_str()))
}

fn main() {
    // Each generated input has its own seed, so it is the same whichever cases run.
    println!("| case | time | detail |");
    println!("|---|---:|---|");

    if wanted("uva220") {
        let input = uva_games(1000, &mut Rng(0x2545_f491_4f6c_dd1d));
        let mut out = Vec::new();
        let t = best(5, || {
            out.clear();
            othello::judges::uva220::solve(&input, &mut out).expect("a valid input");
        });
        row(
            "uva220: 1000 games, 10 moves each",
            t,
            &format!("{} KB in, {} KB out", input.len() / 1024, out.len() / 1024),
        );
    }

    if wanted("jutge") {
        let (input, moves) = jutge_game(50, &mut Rng(0x9e37_79b9_7f4a_7c15));
        let mut out = Vec::new();
        let t = best(5, || {
            out.clear();
            othello::judges::jutge_p18992::solve(&input, &mut out).expect("a valid input");
        });
        row(&format!("jutge_p18992: 50x50, {} moves", moves), t, &format!("{} KB out", out.len() / 1024));
    }

    // b4254: each case is filtered by its own name.
    {
        // Endgames reached from FFO positions (#40, #43, #59) by legal moves, and a B4254
        // board (white first) of 1.33 billion sequences.
        let cases: [(&str, &str, char); 5] = [
            ("b4254: 8x8, 10 empties", "O--OOOOX-OOOOOOXOOXXOOOXOOXOOXOXOXOXOXOXO--OXOXXO-OXXXOX-OXXX---", 'X'),
            ("b4254: 8x8, 14 empties", "O--OOOOX-OOOOOOXOOXXOOOXOOXOOXOXOXOXOXOXX--OXOOX--XOOOOX---O----", 'X'),
            ("b4254: 8x8, 16 empties", "-OOOOOOO--OOXX--XXOXXX---XOOXXX-OXXXOXX-OXXXXOXX-X-XXXO---XXXXX-", 'X'),
            (
                "b4254: 8x8, 16 empties, white first",
                "XXXXXXXO-XXXXXXOXXXOXXXOXXXXXXOOXXXXXXOO---XXXOO----XX-O-----X--",
                'O',
            ),
            ("b4254: 8x8, 18 empties", "X-------X------XX-----XXXOOOOXXXXXXXXXXXXXXXOXOXXXXXXXXXXXXXXXXX", 'O'),
        ];
        for &(name, cells, side) in cases.iter().filter(|c| wanted(c.0)) {
            let to_move = if side == 'X' { Color::Black } else { Color::White };
            count_rows::<Flanking>(name, &board64(cells), to_move, true);
        }
        // The worst of many 10-empty positions (white to move, as the judge's): positions
        // reached by random moves from the start, and boards of random discs.
        for &(games, count) in [(true, 1000), (false, 300)].iter() {
            let name = if games {
                "b4254: 8x8, 10 empties, 1000 random game positions"
            } else {
                "b4254: 8x8, 10 empties, 300 boards of random discs"
            };
            if wanted(name) {
                let mut rng = Rng(if games { 0x3c6e_f372_fe94_f82b } else { 0xa54f_f53a_5f1d_36f1 });
                let boards: Vec<Board> = (0..count)
                    .map(|_| if games { game_position(&mut rng, 10) } else { random_discs(&mut rng, 8, 10) })
                    .collect();
                worst_of(name, &boards);
            }
        }
        // Beyond 8x8 (the general board): the worst of many 10-empty positions, which must
        // stay under a second; 10x10 game positions and boards of random discs, and 13x13
        // boards of random discs.
        let name = "b4254: 10x10, 10 empties, 200 random game positions";
        if wanted(name) {
            let mut rng = Rng(0x510e_527f_ade6_82d1);
            let boards: Vec<Board> = (0..200).map(|_| game_position_n(&mut rng, 10, 10)).collect();
            worst_of(name, &boards);
        }
        for &(n, name) in [
            (10, "b4254: 10x10, 10 empties, 100 boards of random discs"),
            (13, "b4254: 13x13, 10 empties, 100 boards of random discs"),
        ]
        .iter()
        {
            if wanted(name) {
                let mut rng = Rng(0x1f83_d9ab_fb41_bd6b);
                let boards: Vec<Board> = (0..100).map(|_| random_discs(&mut rng, n, 10)).collect();
                worst_of(name, &boards);
            }
        }
        // Boards of mostly one colour: long runs let a move flip far away, so hundreds of
        // cells may change.
        let name = "b4254: 60x60 to 100x100, 10 empties, 60 boards of mostly one colour";
        if wanted(name) {
            let mut rng = Rng(0x3c6e_f372_fe94_f82b);
            let boards: Vec<Board> = (0..60).map(|_| mostly_one_colour(&mut rng)).collect();
            worst_of(name, &boards);
        }
        let name = "b4254: 10x10, 12 empties";
        if wanted(name) {
            let board = game_position_n(&mut Rng(0x9b05_688c_2b3e_6c1f), 10, 12);
            count_rows::<Flanking>(name, &board, Color::White, false);
        }
        // 100x100 boards of random discs with 10 empty cells: scattered, a 2x5 block, or a
        // row.
        for &shape in ["scattered", "block", "row"].iter() {
            let seed = match shape {
                "scattered" => 0xbb67_ae85_84ca_a73b,
                "block" => 0x6a09_e667_f3bc_c909,
                _ => 0x5be0_cd19_137e_2178,
            };
            let mut rng = Rng(seed);
            let mut board = Board::from_cells(100, 100, vec![None; 100 * 100]);
            for i in 0..board.cell_count() {
                board.set(i, Some(if rng.below(2) == 0 { Color::Black } else { Color::White }));
            }
            for k in 0..10 {
                let at = match shape {
                    "scattered" => rng.below(board.cell_count()),
                    "block" => board.index(50 + k / 5, 50 + k % 5),
                    _ => board.index(50, 45 + k),
                };
                board.set(at, None);
            }
            let name = match shape {
                "scattered" => "b4254: 100x100, 10 scattered empties",
                "block" => "b4254: 100x100, 2x5 block of empties",
                _ => "b4254: 100x100, 1x10 row of empties",
            };
            if wanted(name) {
                count_rows::<Flanking>(name, &board, Color::White, shape != "row");
            }
        }
    }

    if wanted("dumbothello") {
        // Dense boards: adjacent capture gives nearly every empty cell to both sides, so
        // the game tree grows about as fast as a factorial (a 5x5 board with 20 empty
        // cells runs for many minutes); these have 12 and 11 empty cells.
        let five = ["B . . . W", ". B W B .", ". W B W .", ". B W B .", "W . . . B"];
        count_rows::<Adjacent>("dumbothello: 5x5, 12 empties", &board_rows(&five), Color::Black, true);
        let six = ["B W . . W B", "W B W B . W", ". W B W B .", ". B W B W .", "B . W B . W", "W B . . W B"];
        count_rows::<Adjacent>("dumbothello: 6x6, 11 empties", &board_rows(&six), Color::Black, true);
        let line = |cells: &[(usize, char)]| -> Board {
            let mut text = vec!['.'; 80];
            for &(i, c) in cells {
                text[i] = c;
            }
            board_rows(&[&text.into_iter().collect::<String>()])
        };
        // The lines run with the table only: without it they would walk all 2^38 leaves.
        count_rows::<Adjacent>("dumbothello: 1x80, B...W", &line(&[(0, 'B'), (79, 'W')]), Color::Black, false);
        count_rows::<Adjacent>(
            "dumbothello: 1x80, B...W...B",
            &line(&[(0, 'B'), (40, 'W'), (79, 'B')]),
            Color::Black,
            false,
        );
    }

    // otello: perft from the start (single thread, no table, as the targets).
    for &depth in [10u32, 11, 12].iter() {
        if wanted(&format!("otello: perft({})", depth)) {
            let t = Instant::now();
            let leaves = perft_with(Position::start(), depth, 0, 1);
            let time = t.elapsed();
            row(
                &format!("otello: perft({})", depth),
                time,
                &format!("{} leaves, {:.0} M leaves/s", leaves, leaves as f64 / time.as_secs_f64() / 1e6),
            );
        }
    }
    if wanted("otello: perft(13) hash") {
        let t = Instant::now();
        let leaves = perft_with(Position::start(), 13, 1 << 24, 1);
        row("otello: perft(13) hash", t.elapsed(), &format!("{} leaves", leaves));
    }

    // otello: the generic alpha-beta searcher (iterative deepening, table, ordering) from
    // the start at a fixed depth.
    for &eval in Eval::ALL.iter() {
        let name = format!("otello: alpha-beta depth 12, {}", eval);
        if wanted(&name) {
            let mut searcher: Searcher<Position, Eval> = Searcher::new(eval, 1 << 20);
            let report = searcher.search(&Position::start(), Limits::depth(12));
            let time = report.elapsed;
            row(
                &name,
                time,
                &format!("{} nodes, {:.2} M nodes/s", report.nodes, report.nodes as f64 / time.as_secs_f64() / 1e6),
            );
        }
    }

    // otello: exact endgames, FFO #40-#44 (the targets: under 40 M nodes each).
    let ffo = include_str!("../data/ffo40-59.txt");
    for line in ffo.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let id: u32 = f[0].parse().expect("an id");
        let name = format!("otello: solve FFO #{}", id);
        if id > 44 || !wanted(&name) {
            continue;
        }
        let pos = position::parse(f[1], f[2]).expect("a valid position");
        let t = Instant::now();
        let s = Solver::new(1 << 22).solve(&pos);
        let time = t.elapsed();
        let best = s.best.map_or("-".to_string(), |m| m.to_string());
        let ok = if s.score.to_string() == f[3].trim_start_matches('+') && f[4].split(',').any(|m| m == best) {
            "ok"
        } else {
            "WRONG"
        };
        row(
            &name,
            time,
            &format!(
                "{:+} {} ({}), {:.1} M nodes, {:.2} M nodes/s",
                s.score,
                best,
                ok,
                s.nodes as f64 / 1e6,
                s.nodes as f64 / time.as_secs_f64() / 1e6
            ),
        );
    }
}
