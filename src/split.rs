//! Splitting a count whose board the bit sets do not take (more than 252 cells that may
//! change: a row of ten empty cells on a 100×100 board of random discs has 289) into the
//! counts of the positions a few plies below it, whose cells that may change are fewer
//! (every move fills a cell, and the discs only its runs could flip may then be fixed).
//! Each position below is counted on bit sets where they take it, else split again, down
//! to [`super::count::Options::split`] plies (three by default); what is left is counted
//! on the general board.
//!
//! Each position is found once (two orders of two moves often give one position) and
//! counted once; at the end, the number of paths from the root to each is worked out
//! from the moves between them, a ply after another, and its counts are added that many
//! times. Threads (the `threads` feature) take the positions one at a time as they are
//! found, each count on one thread, so none waits for the others at the end of a ply.

use std::collections::{HashMap, VecDeque};
use std::sync::{Condvar, Mutex, MutexGuard};

use super::board::{Board, Cell, Color};
use super::count::{count, count_fast, Options, Report, THREADS_FROM};
use super::nat::Nat;
use super::rules::{Analysis, Rules};

/// Boards with more empty cells are not split: their counts lean on the table, which the
/// positions below do not share (rows of 11 and 12 empty cells on 100×100 boards of
/// random discs took 1.17–1.28× longer split, before positions were keyed by the cells
/// that may change: not measured since).
pub const SPLIT_UP_TO: usize = 10;

/// Boards of more cells are not split: a position below costs time in proportion to the
/// board (its analysis and copy). With positions keyed by the board's cells, a row of 10
/// empty cells on 200×200 and 300×300 boards of random discs took 1.8× and 3.4× longer
/// split (1000×1000: 30×); keyed by the cells that may change, 30 boards of 150×150 to
/// 250×250 with 253 to 350 such cells took 2.1–2.5× less time split (every one faster),
/// rows on 300×300 2.3× less, on 400×400 about the same, from 500×500 on more (1.2–3×).
pub const SPLIT_BOARD_UP_TO: usize = 300 * 300;

/// Boards with more cells that may change are not split: two plies down, their positions
/// too often still pass the 252 cells of the bit sets, and are counted on the general
/// board each with a table of its own. On boards of random discs with 10 empty cells in a
/// row, a column, a diagonal or a cluster, splitting took 2.0× less time in all where
/// 253 to 300 cells may change (96 of 98 boards faster), 1.42× less at 301 to 312, 1.10×
/// at 313 to 350, but 1.3× more beyond 330. Since the 256-bit sets count their last four
/// cells in lanes of three words, 1.29× less at 321 to 330 (47 boards, 31 faster and 7
/// slower), even at 331 to 350 (41 boards) and 1.1–1.3× more beyond; with positions keyed
/// by the cells that may change, 1.53× less at 331 to 350 (38 of 41 faster, none
/// slower), even at 351 to 380 (5 boards), more beyond. Split three plies deep
/// ([`super::count::SPLIT_PLIES`]), on 143 boards of 60×60 to 100×100 with uneven
/// colours: 1.62× less at 351 to 365 (48 of 51 faster, none slower), 1.36× at 366 to
/// 380 (25 of 34 faster, 3 slower), 1.06× at 381 to 400 (16 faster, 9 slower), 1.08×
/// more at 401 to 450.
pub const SPLIT_CELLS_UP_TO: usize = 380;

/// A position found below the root (the root first): its board, player to move and ply,
/// the positions one move below it where it was split, and its counts once known (those
/// below it not included).
struct Found {
    board: Board,
    to_move: Color,
    ply: usize,
    children: Vec<usize>,
    report: Option<Report>,
}

/// What the threads share: the positions found, each once (`seen`: by player to move and
/// the cells that may differ from the root's, `kept`: those that may change), those not
/// yet taken, and how many are being worked on.
///
/// Keyed by every cell of the board instead, a 100×100 board's positions spent a quarter
/// of a count hashing their keys (10,000 cells each; a 1×10 row of empty cells, one
/// thread).
struct Work {
    found: Vec<Found>,
    kept: Vec<usize>,
    seen: HashMap<(Vec<Cell>, Color), usize>,
    queue: VecDeque<usize>,
    busy: usize,
}

/// The counts of `board` with `to_move` to move, from the positions a few plies below it
/// that bit sets take (see the module header); `None` if the board is not split: more
/// than [`SPLIT_UP_TO`] empty cells, [`SPLIT_BOARD_UP_TO`] cells in all or
/// [`SPLIT_CELLS_UP_TO`] that may change (as its `analysis` by the rules says), or
/// `options.split` 0. The caller has found that no bit sets take the board itself.
pub fn count_split<R: Rules>(board: &Board, analysis: &Analysis, to_move: Color, options: &Options) -> Option<Report> {
    let wide = analysis.changeable.iter().filter(|&&c| c).count() > SPLIT_CELLS_UP_TO;
    if options.split == 0 || board.empties() > SPLIT_UP_TO || board.len() > SPLIT_BOARD_UP_TO || wide {
        return None;
    }
    let found = positions::<R>(board, &analysis.changeable, to_move, options);
    let mut paths = vec![0u64; found.len()];
    paths[0] = 1;
    // Every move fills a cell, so a position's parents are one ply above it.
    let mut order: Vec<usize> = (0..found.len()).collect();
    order.sort_by_key(|&i| found[i].ply);
    let mut total = zero();
    for i in order {
        for &c in &found[i].children {
            paths[c] += paths[i];
        }
        if let Some(ref r) = found[i].report {
            add(&mut total, r, paths[i]);
        }
    }
    Some(total)
}

/// Every position from `board` down to where it is counted, each once and counted (see
/// the module header), on as many threads as `options` say.
fn positions<R: Rules>(board: &Board, changeable: &[bool], to_move: Color, options: &Options) -> Vec<Found> {
    let threads = match options.threads {
        0 if board.empties() >= THREADS_FROM => std::thread::available_parallelism().map_or(1, |n| n.get()),
        0 => 1,
        n => n,
    };
    // Each position below is counted on one thread, and not split again there.
    let below = Options { threads: 1, split: 0, ..*options };
    let counted = |board: &Board, to_move: Color, ply: usize| match ply {
        // The caller has found that no bit sets take the root.
        0 => None,
        // At the last ply, what no bit sets take goes to the general board.
        p if p == options.split => Some(count::<R>(board, to_move, &below)),
        _ => count_fast::<R>(board, to_move, &below),
    };
    explore::<R, _>(board, changeable, to_move, threads, &counted)
}

/// [`positions`] with `counted(board, to_move, ply)` as the count of each position found
/// (`None`: split it), on `threads` threads; `changeable` (per cell) holds every cell
/// that a move below `board` may change.
fn explore<R: Rules, F: Fn(&Board, Color, usize) -> Option<Report> + Sync>(board: &Board, changeable: &[bool], to_move: Color, threads: usize, counted: &F) -> Vec<Found> {
    let kept = (0..board.len()).filter(|&i| changeable[i]).collect();
    let mut work = Work { found: Vec::new(), kept, seen: HashMap::new(), queue: VecDeque::new(), busy: 0 };
    insert(&mut work, board.clone(), to_move, 0);
    let (work, wake) = (Mutex::new(work), Condvar::new());
    let worker = || {
        while let Some((i, board, to_move, ply)) = take(&work, &wake) {
            let _done = Taken { work: &work, wake: &wake };
            let counted = counted(&board, to_move, ply);
            let below_it = if counted.is_none() { children::<R>(&board, to_move) } else { Vec::new() };
            let mut w = lock(&work);
            let report = match counted {
                Some(r) => r,
                // A position whose game is over has its one sequence.
                None if below_it.is_empty() => finished(&board),
                None => {
                    for (child, next) in below_it {
                        let k = insert(&mut w, child, next, ply + 1);
                        w.found[i].children.push(k);
                    }
                    zero()
                }
            };
            w.found[i].report = Some(report);
        }
    };
    on_threads(threads, &worker);
    work.into_inner().unwrap_or_else(|e| e.into_inner()).found
}

/// The number, position and ply of a position not yet taken, once one is there; `None`
/// once none is left and none is being worked on (which could find more).
fn take(work: &Mutex<Work>, wake: &Condvar) -> Option<(usize, Board, Color, usize)> {
    let mut w = lock(work);
    loop {
        if let Some(i) = w.queue.pop_front() {
            w.busy += 1;
            let f = &w.found[i];
            return Some((i, f.board.clone(), f.to_move, f.ply));
        }
        if w.busy == 0 {
            return None;
        }
        w = wake.wait(w).unwrap_or_else(|e| e.into_inner());
    }
}

/// A position taken by a thread, marked done when dropped (after the lock of its results
/// is let go), also if its count panics: the other threads then do not wait for it for
/// ever, and the panic goes on to the caller when they end.
struct Taken<'a> {
    work: &'a Mutex<Work>,
    wake: &'a Condvar,
}

impl<'a> Drop for Taken<'a> {
    fn drop(&mut self) {
        lock(self.work).busy -= 1;
        self.wake.notify_all();
    }
}

/// The number of the position (`board`, `to_move`), found before or added now (to be
/// taken) at `ply`.
fn insert(w: &mut Work, board: Board, to_move: Color, ply: usize) -> usize {
    let key = (w.kept.iter().map(|&i| board.cell(i)).collect(), to_move);
    if let Some(&k) = w.seen.get(&key) {
        return k;
    }
    let k = w.found.len();
    w.seen.insert(key, k);
    w.found.push(Found { board, to_move, ply, children: Vec::new(), report: None });
    w.queue.push_back(k);
    k
}

/// The lock of `work` (a thread that panicked while holding it left nothing half done
/// that matters: its panic goes on to the caller).
fn lock<'a>(work: &'a Mutex<Work>) -> MutexGuard<'a, Work> {
    work.lock().unwrap_or_else(|e| e.into_inner())
}

/// The positions one move below `board` with `to_move` to move, and the player to move in
/// each. A player without a move passes where the rules say so and the other can move;
/// none where the game is over.
fn children<R: Rules>(board: &Board, to_move: Color) -> Vec<(Board, Color)> {
    let empty: Vec<usize> = (0..board.len()).filter(|&i| board.cell(i).is_none()).collect();
    let legal = |c: Color| -> Vec<usize> { empty.iter().cloned().filter(|&i| R::is_legal(board, c, i)).collect() };
    let mut mover = to_move;
    let mut moves = legal(mover);
    if moves.is_empty() && R::PASSES {
        mover = mover.opponent();
        moves = legal(mover);
    }
    let mut flips = Vec::new();
    moves
        .into_iter()
        .map(|at| {
            let mut child = board.clone();
            flips.clear();
            R::flips(board, mover, at, &mut flips);
            child.set(at, Some(mover));
            for &f in &flips {
                child.set(f, Some(mover));
            }
            (child, mover.opponent())
        })
        .collect()
}

/// The one sequence of a finished game.
fn finished(board: &Board) -> Report {
    let mut r = zero();
    let (black, white) = (board.discs(Color::Black), board.discs(Color::White));
    let winner = if black > white { &mut r.black } else if white > black { &mut r.white } else { &mut r.draws };
    *winner = Nat::from(1u64);
    r
}

/// Runs `worker` on `threads` threads (the calling thread one of them).
#[cfg(feature = "threads")]
fn on_threads<F: Fn() + Sync>(threads: usize, worker: &F) {
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(worker);
        }
        worker();
    });
}

/// Without the `threads` feature: `worker` on the calling thread.
#[cfg(not(feature = "threads"))]
fn on_threads<F: Fn()>(_threads: usize, worker: &F) {
    worker();
}

/// No sequences yet.
fn zero() -> Report {
    Report { black: Nat::from(0u64), white: Nat::from(0u64), draws: Nat::from(0u64), nodes: 0, hits: 0, decided: 0 }
}

/// Adds `times` copies of the counts of `r` to `total` (its statistics once).
fn add(total: &mut Report, r: &Report, times: u64) {
    total.black.add(&multiple(&r.black, times));
    total.white.add(&multiple(&r.white, times));
    total.draws.add(&multiple(&r.draws, times));
    total.nodes += r.nodes;
    total.hits += r.hits;
    total.decided += r.decided;
}

/// `n × times`, by doubling.
fn multiple(n: &Nat, times: u64) -> Nat {
    let mut out = Nat::from(0u64);
    let mut power = n.clone();
    let mut t = times;
    while t > 0 {
        if t & 1 == 1 {
            out.add(&power);
        }
        let twice = power.clone();
        power.add(&twice);
        t >>= 1;
    }
    out
}

#[cfg(test)]
mod tests;
