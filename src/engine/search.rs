//! Generic α-β search over any [`Game`] with any [`Heuristic`].
//!
//! The search is negamax (every value is for the player to move, and a child's value is
//! negated for its parent) with α-β pruning, and around it:
//!
//! - iterative deepening: depth 1, 2, ... up to a limit, each iteration ordering moves by
//!   what the previous ones learnt;
//! - a node limit and a time limit; a search stopped by either answers with the last
//!   iteration it completed;
//! - move ordering: the best move stored for the position first, then
//!   [`Game::move_order`];
//! - a transposition table ([`super::super::core::table::Table`]) holding, per position, a value with
//!   its bound (exact, lower, upper), the depth it was searched to, and the best move. A
//!   stored bound is reused only at the same depth, so a search to depth `d` returns
//!   exactly the minimax value at depth `d` (the tests check it); iterations stop early
//!   only when no line reached the depth limit (every line ended: deeper is the same);
//! - the principal variation: the line both players are expected to follow.
//!
//! [`minimax`] and [`alphabeta`] are the plain textbook versions, kept for tests and for
//! reading.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::super::core::memory;
use super::super::core::table::{Footprint, Table};
use super::game::{Game, Heuristic};

/// The value of a won end, before its margin is added; lost ends are below `-WIN`.
pub const WIN: i32 = 1_000_000;
/// Above every value.
const INFINITY: i32 = 2 * WIN;

/// The value of a finished game whose outcome for the player to move is `outcome`.
///
/// ```
/// use othello::engine::search::{terminal_value, WIN};
/// assert_eq!(terminal_value(6), WIN + 6);
/// assert_eq!(terminal_value(-2), -WIN - 2);
/// assert_eq!(terminal_value(0), 0);
/// ```
pub fn terminal_value(outcome: i32) -> i32 {
    if outcome > 0 {
        WIN + outcome
    } else if outcome < 0 {
        -WIN + outcome
    } else {
        0
    }
}

/// Plain minimax (negamax form) to `depth` plies: every move, no pruning.
pub fn minimax<G: Game, H: Heuristic<G>>(game: &G, depth: u32, heuristic: &H) -> i32 {
    let mut moves = Vec::new();
    game.moves(&mut moves);
    if moves.is_empty() {
        return terminal_value(game.outcome());
    }
    if depth == 0 {
        return heuristic.evaluate(game);
    }
    moves.iter().map(|&m| -minimax(&game.play(m), depth - 1, heuristic)).max().unwrap_or(-INFINITY)
}

/// Plain α-β (negamax form, fail-soft) to `depth` plies, moves in generation order.
/// Returns the minimax value whenever it lies strictly between `alpha` and `beta`, and a
/// bound on the right side of the window otherwise.
pub fn alphabeta<G: Game, H: Heuristic<G>>(game: &G, depth: u32, mut alpha: i32, beta: i32, heuristic: &H) -> i32 {
    let mut moves = Vec::new();
    game.moves(&mut moves);
    if moves.is_empty() {
        return terminal_value(game.outcome());
    }
    if depth == 0 {
        return heuristic.evaluate(game);
    }
    let mut best = -INFINITY;
    for m in moves {
        let value = -alphabeta(&game.play(m), depth - 1, -beta, -alpha, heuristic);
        if value > best {
            best = value;
            if value > alpha {
                alpha = value;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// How far a search may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// Stop after this many positions.
    pub nodes: u64,
    /// Stop after this long.
    pub time: Option<Duration>,
}

impl Limits {
    /// A search to `depth` plies with no node or time limit.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth, nodes: u64::MAX, time: None }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<M> {
    /// The value of the root for the player to move, at `depth`.
    pub value: i32,
    /// The best move (`None` when the game is over).
    pub best: Option<M>,
    /// The principal variation, from the root.
    pub pv: Vec<M>,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Positions visited, over all iterations.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Whether a stored value is exact or a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The true value is at least the stored one.
    Lower,
    /// The true value is at most the stored one.
    Upper,
}

/// A transposition-table entry.
#[derive(Clone, Copy, Debug)]
struct Stored<M> {
    depth: u32,
    value: i32,
    bound: Bound,
    best: Option<M>,
}

impl<M> Footprint for Stored<M> {}

/// An α-β searcher: a heuristic, a transposition table, and limits.
///
/// ```
/// use othello::core::position::Position;
/// use othello::engine::eval::Eval;
/// use othello::engine::search::{Limits, Searcher};
/// let mut s = Searcher::new(Eval::Positional, 1 << 16);
/// let r = s.search(&Position::start(), Limits::depth(4));
/// assert_eq!(r.depth, 4);
/// assert_eq!(r.pv.len(), 4);
/// assert_eq!(Some(r.pv[0]), r.best);
/// ```
pub struct Searcher<G: Game, H> {
    heuristic: H,
    table: Table<G::Key, Stored<G::Move>>,
    /// Per ply: the best line found from there in the current iteration.
    lines: Vec<Vec<G::Move>>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    /// Raised by someone else to stop the search ([`Searcher::stop_when`]).
    stop: Option<Arc<AtomicBool>>,
    /// Whether the current iteration may be stopped (all but the first).
    limited: bool,
    stopped: bool,
    /// Whether the current iteration evaluated a position at the depth limit.
    horizon: bool,
}

impl<G: Game, H: Heuristic<G>> Searcher<G, H> {
    /// A searcher with `heuristic` and a table of up to `entries` slots within the memory
    /// budget ([`memory::budget`]).
    pub fn new(heuristic: H, entries: usize) -> Searcher<G, H> {
        Searcher {
            heuristic,
            table: Table::new(entries.max(2), memory::budget().unwrap_or(memory::DEFAULT)),
            lines: Vec::new(),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stop: None,
            limited: false,
            stopped: false,
            horizon: false,
        }
    }

    /// Makes every search after the first iteration stop, as at its time limit, once `flag`
    /// is raised (it is read with the clock).
    pub fn stop_when(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }

    /// The heuristic.
    pub fn heuristic(&self) -> &H {
        &self.heuristic
    }

    /// Searches `root` by iterative deepening within `limits`. The first iteration always
    /// completes, so that a position with moves always has a best move; no other starts
    /// once the time is up.
    pub fn search(&mut self, root: &G, limits: Limits) -> Report<G::Move> {
        let start = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        let mut report =
            Report { value: 0, best: None, pv: Vec::new(), depth: 0, nodes: 0, elapsed: Duration::default() };
        let mut moves = Vec::new();
        root.moves(&mut moves);
        if moves.is_empty() {
            report.value = terminal_value(root.outcome());
        }
        for depth in 1..=limits.depth {
            if moves.is_empty() {
                break;
            }
            self.horizon = false;
            let unlimited = depth == 1;
            self.node_limit = if unlimited { u64::MAX } else { limits.nodes };
            self.deadline = if unlimited { None } else { limits.time.map(|t| start + t) };
            self.limited = !unlimited;
            if self.deadline.map_or(false, |d| Instant::now() >= d) || (!unlimited && self.told_to_stop()) {
                break;
            }
            let value = self.negamax(root, depth, -INFINITY, INFINITY, 0);
            if self.stopped {
                break;
            }
            report.value = value;
            report.pv = self.lines[0].clone();
            report.best = report.pv.first().cloned();
            report.depth = depth;
            if !self.horizon {
                // No line reached the depth limit: every one ended, deeper is the same.
                break;
            }
        }
        report.nodes = self.nodes;
        report.elapsed = start.elapsed();
        report
    }

    /// Whether a limit has been reached (the clock and the stop flag are read every 1024
    /// positions; neither stops the first iteration).
    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes % 1024 == 0 && self.limited {
            self.stopped = self.deadline.map_or(false, |d| Instant::now() >= d) || self.told_to_stop();
        }
        self.stopped
    }

    /// Whether the flag of [`Searcher::stop_when`] is up.
    fn told_to_stop(&self) -> bool {
        self.stop.as_ref().map_or(false, |f| f.load(Ordering::Relaxed))
    }

    /// The α-β search of `game` to `depth`, `ply` plies below the root.
    fn negamax(&mut self, game: &G, depth: u32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.lines.len() <= ply {
            self.lines.push(Vec::new());
        }
        self.lines[ply].clear();
        if self.out_of_budget() {
            return 0;
        }
        let mut moves = Vec::new();
        game.moves(&mut moves);
        if moves.is_empty() {
            return terminal_value(game.outcome());
        }
        if depth == 0 {
            self.horizon = true;
            return self.heuristic.evaluate(game);
        }
        let key = game.key();
        let mut first = None;
        if let Some(entry) = self.table.get(&key) {
            first = entry.best;
            // Bounds that cut off are reused; an exact value is searched again, so that
            // the principal variation through it stays whole.
            if entry.depth == depth {
                let cuts = match entry.bound {
                    Bound::Exact => false,
                    Bound::Lower => entry.value >= beta,
                    Bound::Upper => entry.value <= alpha,
                };
                if cuts {
                    // What lies below is unknown here: count it as reaching the limit.
                    self.horizon = true;
                    return entry.value;
                }
            }
        }
        // The stored best move first, then the game's cheap guess.
        moves.sort_by_key(|m| (Some(*m) != first, -game.move_order(m)));
        let alpha_in = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for m in moves {
            let value = -self.negamax(&game.play(m), depth - 1, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if value > best {
                best = value;
                best_move = Some(m);
                let (head, tail) = self.lines.split_at_mut(ply + 1);
                head[ply].clear();
                head[ply].push(m);
                head[ply].extend_from_slice(&tail[0]);
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best <= alpha_in {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.put(&key, Stored { depth, value: best, bound, best: best_move }, depth);
        best
    }
}
