//! The exact endgame solver: the final disc difference of an 8×8 position under
//! perfect play (empty squares going to the winner), and a move that achieves it.
//!
//! The root runs null-window searches from an estimate a little below the score, made
//! by an 8-ply search with the pattern evaluation ([`super::pattern`]): each proves a
//! better score reachable, until one finds the exact score (MTD(f), climbing). Below
//! it, the search is principal-variation α-β (the first move with the window, the others
//! with a null window, re-searched when they beat it) over scores in −64..=64, with the
//! playbook of endgame solvers:
//!
//! - a transposition table of score bounds and best moves for positions with at least
//!   [`TABLE_FROM`] empty squares, probed for the children too before any is searched
//!   (enhanced transposition cut-off);
//! - move ordering by depth: the stored best move first, the others sorted only if it
//!   does not cut; with many empty squares, a shallow α-β with the mobility heuristic,
//!   less a penalty for each reply the move leaves; with fewer, fastest-first (the
//!   move that leaves the opponent the fewest moves, corners weighted double, then the
//!   fewest potential moves); near the end, parity too (moves in a quadrant with an odd
//!   number of empty squares first);
//! - re-sorting where that ordering failed at a cost: once a move that did not cut has
//!   taken 1,000 or more positions, the moves after it are sorted again by a
//!   principal-variation search with the pattern evaluation and its own small table,
//!   2 plies deeper for each tenfold more positions spent;
//! - stability cut-offs: the opponent's stable discs (which can never flip) bound the
//!   score from above;
//! - the last four empty squares by dedicated code without a table.
//!
//! | file | holds |
//! |---|---|
//! | `mod.rs` | the solver: the root's climb, the exact search and its move ordering |
//! | `last.rs` | the last four empty squares |
//! | `midgame.rs` | the searches to a depth that order moves and estimate the root |
//! | `split.rs` | the search on several threads: young brothers wait |
//! | `shared.rs` | the table the threads share |

use std::sync::atomic::{AtomicBool, AtomicIsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use self::midgame::MidBounds;
use self::shared::Shared;
use super::super::core::bitboard::{flanking_flips, neighbours, stable_discs, Bits};
use super::super::core::memory;
use super::super::core::position::{Position, Turn};
use super::super::core::rules::Flanking;
use super::super::core::table::{Footprint, Table};
use super::pattern;
use super::position::Move;
use super::search::WIN;

/// Positions with at least this many empty squares are stored in the table.
pub const TABLE_FROM: u32 = 7;
/// Positions with at least this many empty squares look up their children in the table
/// before searching them (enhanced transposition cut-off).
const ETC_FROM: u32 = TABLE_FROM + 1;
/// Positions with at least this many empty squares order their moves by a shallow search
/// with the pattern evaluation.
const EVAL_ORDER_FROM: u32 = 14;
/// The depth of that shallow search: deeper where the subtree below is larger.
fn order_depth(empties: u32) -> u32 {
    match empties {
        0..=15 => 0,
        16..=18 => 1,
        _ => 2,
    }
}
/// What each reply a move leaves costs in that ordering, in 1/[`pattern::SCALE`] discs.
const ORDER_REPLY: i32 = 5 * pattern::SCALE;
/// A move that fails after searching at least this many positions has the moves after
/// it re-sorted by a search with the pattern evaluation (once per position).
const RESORT_AFTER: u64 = 1_000;
/// What each reply a move leaves costs in that re-sorting, in 1/[`pattern::SCALE`] discs
/// (corners count twice).
const RESORT_REPLY: i32 = 2 * pattern::SCALE;
/// The depth of the re-sorting search after a failed move that took `spent` positions:
/// 0 (the pattern evaluation of the moves themselves) from [`RESORT_AFTER`], 2 more for
/// each tenfold more, so that the re-sorting costs little next to what was spent.
fn resort_depth(spent: u64) -> u32 {
    let mut depth = 0;
    let mut limit = 10 * RESORT_AFTER;
    while spent >= limit {
        depth += 2;
        limit = limit.saturating_mul(10);
    }
    depth
}
/// Slots of the table of the re-sorting searches.
const MIDGAME_ENTRIES: usize = 1 << 16;
/// Positions with at most this many empty squares prefer moves in odd quadrants.
const PARITY_UP_TO: u32 = 12;
/// The depth of the pattern-evaluation search ([`Solver::midgame`]) that estimates the
/// root's score: deep enough that the estimate lands within a few discs.
const GUESS_DEPTH: u32 = 8;
/// How far below that estimate the root's climb starts, in discs: climbing is cheaper
/// than coming down, but each step up costs a search too.
const GUESS_MARGIN: i32 = 2;
/// The level of the exact pass ([`Bounds::level`]).
const EXACT: u8 = u8::MAX;
/// The selective passes that climb at the root before the exact one, each filling the
/// table with best moves for the next: in pass `i`, a position of [`PROBCUT_FROM`] or more
/// empty squares whose shallow search ([`probcut_depth`]) lands `SELECTIVE[i]` standard
/// deviations of its error ([`probcut_error`]) or more beyond the window is taken to
/// fail there (ProbCut).
const SELECTIVE: [f32; 2] = [1.0, 1.7];
/// Roots with at least this many empty squares climb the selective passes first.
const SELECTIVE_FROM: u32 = 20;
/// Positions with at least this many empty squares may be cut by ProbCut in a selective
/// pass.
const PROBCUT_FROM: u32 = 10;
/// The depth of ProbCut's shallow search with `empties` empty squares.
fn probcut_depth(empties: u32) -> u32 {
    match empties {
        0..=15 => 2,
        16..=21 => 4,
        _ => 6,
    }
}
/// The standard deviation of the exact score less the value of a search of `depth`
/// plies with the pattern evaluation, in discs, as `make weights` measures it on
/// positions of games not trained on with 12 to 18 empty squares (where it hardly depends
/// on their number).
fn probcut_error(depth: u32) -> f32 {
    match depth {
        0..=1 => 7.6,
        2..=3 => 6.5,
        4..=5 => 5.5,
        _ => 4.7,
    }
}

mod last;
mod midgame;
mod shared;
mod split;

/// Bounds on the score of a stored position, how sure they are, and its best move.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    lower: i8,
    upper: i8,
    best: u8,
    /// The pass that proved the bounds: an index into [`SELECTIVE`], or [`EXACT`]. A pass
    /// takes the bounds of its own pass and surer ones, and the best move of any.
    level: u8,
}

impl Footprint for Bounds {}

/// The result of [`Solver::solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The exact final disc difference for the player to move.
    pub score: i32,
    /// A best move (`None` if the game is over).
    pub best: Option<Move>,
    /// Positions searched, those of the ordering searches included.
    pub nodes: u64,
}

/// An exact solver with its transposition table.
///
/// ```
/// use othello::core::position::Position;
/// use othello::engine::endgame::Solver;
/// // A full board but for A1; the player to move holds H1, A8 and H8, so A1 flips the
/// // whole first row, first column and long diagonal: 22 discs to 42, a loss by 20.
/// let player = 1 << 7 | 1 << 56 | 1 << 63;
/// let pos = Position { player, opponent: !player & !1 };
/// let s = Solver::new(1 << 10).solve(&pos);
/// assert_eq!(s.score, -20);
/// assert_eq!(s.best.unwrap().to_string(), "A1");
/// ```
pub struct Solver {
    /// The table of score bounds, shared with the helpers of a parallel search.
    table: Arc<Shared>,
    /// Processors free to help at a split ([`SPLIT_FROM`]), shared by a solve's threads:
    /// a thread waiting for its helpers gives its processor back meanwhile, and takes it
    /// again after (below zero until another thread gives one back).
    idle: Arc<AtomicIsize>,
    /// Set when a split this search works for is cut: its results no longer count.
    stops: Vec<Arc<AtomicBool>>,
    /// The table of [`Solver::midgame`].
    mid_table: Table<Position, MidBounds>,
    /// The pass the search is in ([`Bounds::level`]).
    level: u8,
    nodes: u64,
    /// Told of each step of the climb, and of the search going on ([`Solver::observe`]).
    observer: Option<Box<dyn FnMut(Event) + Send>>,
    /// How long the observer waits at least between two [`Event::Working`].
    every: Duration,
    /// When the search next looks at the clock: the next multiple of [`LOOK_EVERY`]
    /// positions.
    next_look: u64,
    /// When the current solve started, and when the observer last heard of it.
    started: Instant,
    heard: Instant,
}

/// What a solve tells its observer as it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A null-window search of the root around `bound` ended: the score is `result` if
    /// that equals `bound`, else at least (above) or at most (below) `result`.
    Step { bound: i32, result: i32, nodes: u64, elapsed: Duration },
    /// The search goes on (sent at most as often as [`Solver::observe`] says).
    Working { nodes: u64, elapsed: Duration },
}

/// The fewest empty squares of a position whose moves threads share ([`Solver::threads`]).
pub const SPLIT_FROM: u32 = 11;

/// Up to how many empty squares [`Solver::principal_variation`] tries every move; above,
/// only the stored best one, whose proof is cheap where the table holds the line.
pub const PV_ALL_MOVES_FROM: u32 = 14;

/// How often a person watching a solve hears that it goes on, unless told otherwise.
pub const HEARTBEAT: Duration = Duration::from_secs(2);

/// A solve looks at the clock once in this many positions (the first search after each
/// multiple of it), which is rarely enough to cost nothing.
pub const LOOK_EVERY: u64 = 1 << 20;

/// A legal move with the position it leads to (flips computed once) and its sort key.
#[derive(Clone, Copy, Default)]
struct Child {
    sq: u32,
    pos: Position,
    key: i32,
}

/// The moves of a position (at most 32: no Othello position has more legal moves).
struct Children {
    items: [Child; 32],
    len: usize,
}

impl Children {
    /// The moves in `moves` of `pos`, each played once, unsorted.
    fn new(pos: Position, moves: u64) -> Children {
        let mut list = Children { items: [Child::default(); 32], len: 0 };
        for sq in Bits(moves) {
            let flips = flanking_flips(pos.player, pos.opponent, sq);
            list.items[list.len] = Child { sq, pos: pos.after(sq, flips), key: 0 };
            list.len += 1;
        }
        list
    }

    fn as_slice(&self) -> &[Child] {
        &self.items[..self.len]
    }

    /// Sorts `items[from..]` by key, highest first (insertion sort: the lists are short).
    fn sort(&mut self, from: usize) {
        for i in from + 1..self.len {
            let c = self.items[i];
            let mut j = i;
            while j > from && self.items[j - 1].key < c.key {
                self.items[j] = self.items[j - 1];
                j -= 1;
            }
            self.items[j] = c;
        }
    }
}

/// The quadrant masks, for parity.
const QUADRANTS: [u64; 4] =
    [0x0000_0000_0f0f_0f0f, 0x0000_0000_f0f0_f0f0, 0x0f0f_0f0f_0000_0000, 0xf0f0_f0f0_0000_0000];
/// The four corners.
const CORNERS: u64 = 1 | 1 << 7 | 1 << 56 | 1 << 63;

/// The moves the player to move has in `pos`, corners counted twice: what a move leaves
/// the opponent, for ordering (fewer first).
#[inline]
fn replies(pos: Position) -> i32 {
    let moves = pos.legal();
    moves.count_ones() as i32 + (moves & CORNERS).count_ones() as i32
}

/// The quadrants with an odd number of empty squares.
#[inline]
fn odd_quadrants(empty: u64) -> u64 {
    QUADRANTS.iter().filter(|&&q| (empty & q).count_ones() & 1 == 1).fold(0, |m, &q| m | q)
}

impl Solver {
    /// A solver with a table of up to `entries` slots, and its midgame table, within the
    /// memory budget ([`memory::budget`]; three quarters for the first).
    pub fn new(entries: usize) -> Solver {
        let budget = memory::budget().unwrap_or(memory::DEFAULT);
        let table = Arc::new(Shared::new(entries, budget / 4 * 3));
        let now = Instant::now();
        let (idle, stops) = (Arc::new(AtomicIsize::new(0)), Vec::new());
        let mid_table = Table::new(MIDGAME_ENTRIES, budget / 4);
        Solver {
            table,
            idle,
            stops,
            mid_table,
            level: EXACT,
            nodes: 0,
            observer: None,
            every: HEARTBEAT,
            next_look: LOOK_EVERY,
            started: now,
            heard: now,
        }
    }

    /// Makes every solve search on `threads` threads, or as many as fit in memory
    /// ([`memory::threads`]; at least 1): where a position of
    /// [`SPLIT_FROM`] or more empty squares has searched its first two moves without a
    /// cut, idle threads take the other moves (young brothers wait), sharing the table.
    pub fn threads(&mut self, threads: usize) {
        self.idle.store(memory::threads(threads) as isize - 1, Ordering::Relaxed);
    }

    /// Has `observer` told of each step of every solve's climb and, when it last heard of
    /// the solve `every` ago or more, that the search goes on. The search looks at the
    /// clock once in [`LOOK_EVERY`] positions, so with `every` zero the observer hears of
    /// each of them: at least once in every [`LOOK_EVERY`] positions of a solve.
    pub fn observe(&mut self, observer: Box<dyn FnMut(Event) + Send>, every: Duration) {
        self.observer = Some(observer);
        self.every = every;
    }

    /// Tells the observer, if there is one, that the search goes on, if it last heard of
    /// the solve long enough ago ([`Solver::observe`]).
    #[cold]
    fn heartbeat(&mut self) {
        if let Some(observer) = self.observer.as_mut() {
            let now = Instant::now();
            if now - self.heard >= self.every {
                self.heard = now;
                observer(Event::Working { nodes: self.nodes, elapsed: now - self.started });
            }
        }
    }

    /// Makes every solve stop early, its result meaningless ([`Solver::stopped`]), once
    /// `flag` is raised.
    pub fn stop_when(&mut self, flag: Arc<AtomicBool>) {
        self.stops = vec![flag];
    }

    /// Forgets every position the table holds: a solve after this one searches as if the
    /// solver were new (but for the table's size: it keeps what it has grown to).
    pub fn clear(&mut self) {
        match Arc::get_mut(&mut self.table) {
            Some(table) => table.clear(),
            None => unreachable!("helpers end with their split"),
        }
        self.mid_table.clear();
    }

    /// Solves `pos` exactly.
    pub fn solve(&mut self, pos: &Position) -> Solution {
        self.nodes = 0;
        self.next_look = LOOK_EVERY;
        self.started = Instant::now();
        self.heard = self.started;
        match pos.turn::<Flanking>(pos.empty()) {
            Turn::Play(moves) => {
                let (score, sq) = self.root(*pos, moves);
                Solution { score, best: Some(Move::square(sq)), nodes: self.nodes }
            }
            Turn::Pass => {
                let passed = pos.passed();
                let (score, _) = self.root(passed, passed.legal());
                Solution { score: -score, best: Some(Move::PASS), nodes: self.nodes }
            }
            Turn::Over => Solution { score: pos.final_score(), best: None, nodes: 1 },
        }
    }

    /// A line of best play from `pos`, `solved` by [`Solver::solve`] just before (whose
    /// table this reuses): the solve's best move, then at each position a move whose exact
    /// score proves the score (a pass where there is no move). With more than
    /// [`PV_ALL_MOVES_FROM`] empty squares only the move the table holds is tried, so the
    /// line may stop short of the end where the table does not hold it; below, every move
    /// is, the stored one first, and the line reaches the end. The searches it takes count
    /// in no [`Solution`].
    ///
    /// ```
    /// use othello::engine::endgame::Solver;
    /// use othello::engine::game::Game;
    /// use othello::engine::position::parse;
    /// let pos = parse("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------", "X").unwrap();
    /// let mut solver = Solver::new(1 << 16);
    /// let s = solver.solve(&pos);
    /// let line = solver.principal_variation(&pos, &s);
    /// assert_eq!(line[0], s.best.unwrap());
    /// // Legal moves all the way, as far as the table holds the line.
    /// let mut at = pos;
    /// for &m in line.iter() {
    ///     let mut legal = Vec::new();
    ///     at.moves(&mut legal);
    ///     assert!(legal.contains(&m));
    ///     at = at.play(m);
    /// }
    /// assert!(line.len() >= 10);
    /// ```
    pub fn principal_variation(&mut self, pos: &Position, solved: &Solution) -> Vec<Move> {
        let (mut pos, mut score, mut line) = (*pos, solved.score, Vec::new());
        // The root is no table entry: its move is the solve's.
        if let Some(best) = solved.best {
            line.push(best);
            pos = best.to_square().map_or(pos.passed(), |sq| pos.play_square(sq));
            score = -score;
        }
        let nodes = self.nodes;
        loop {
            let moves = match pos.turn::<Flanking>(pos.empty()) {
                Turn::Play(moves) => moves,
                Turn::Pass => {
                    line.push(Move::PASS);
                    pos = pos.passed();
                    score = -score;
                    continue;
                }
                Turn::Over => break,
            };
            // The stored best move first, then (near the end) the others in square order.
            let stored = self.table.get(pos).map(|b| b.best as u32).filter(|&sq| sq < 64 && moves >> sq & 1 != 0);
            let all = pos.empty().count_ones() <= PV_ALL_MOVES_FROM;
            let others = (0..64).filter(|&sq| all && Some(sq) != stored && moves >> sq & 1 != 0);
            let proven = stored
                .into_iter()
                .chain(others)
                .find(|&sq| -self.search(pos.play_square(sq), -score - 1, -score + 1) == score);
            match proven {
                Some(sq) => {
                    line.push(Move::square(sq));
                    pos = pos.play_square(sq);
                    score = -score;
                }
                // A score that is not the position's: no move proves it.
                None => break,
            }
        }
        self.nodes = nodes;
        line
    }

    /// Where the root's climb starts for `pos`: a search with the pattern evaluation, less
    /// [`GUESS_MARGIN`], rounded down to an even score. Its table entries stay for the
    /// re-sorting searches of the same solve.
    fn estimate(&mut self, pos: Position) -> i32 {
        let estimate = self.midgame(pos, GUESS_DEPTH, -WIN, WIN);
        ((estimate.div_euclid(pattern::SCALE) - GUESS_MARGIN).div_euclid(2) * 2).clamp(-64, 64)
    }

    /// The exact score of the root `pos`, with the legal moves `moves`, and a move that
    /// reaches it: climbs from the estimate, through the selective passes first where the
    /// root has [`SELECTIVE_FROM`] or more empty squares, each starting from the score the
    /// one before found.
    fn root(&mut self, pos: Position, moves: u64) -> (i32, u32) {
        let mut start = self.estimate(pos);
        if pos.empty().count_ones() >= SELECTIVE_FROM {
            for level in 0..SELECTIVE.len() {
                self.level = level as u8;
                start = self.climb(pos, moves, start).0;
            }
        }
        self.level = EXACT;
        self.climb(pos, moves, start)
    }

    /// The root `pos`, with the legal moves `moves`: its score and a move that
    /// reaches it, by null-window searches from the even score `start` (MTD(f)). Scores
    /// are even, so the window `v - 1..v + 1` around a score `v` either holds the exact
    /// score or fails high or low with a bound, the next `v`. The start is meant to fall
    /// below the score: each search below it only has to find one good move per position
    /// of the player to move, refuting every move happens once, at the end.
    fn climb(&mut self, pos: Position, moves: u64, start: i32) -> (i32, u32) {
        let mut v = start;
        // The bounds found so far. A selective pass's are not sure: where one crosses the
        // other, the pass ends there rather than climbing back and forth.
        let (mut low, mut high) = (-WIN, WIN);
        loop {
            let mut children = Children::new(pos, moves);
            let (score, sq) = self.pvs(&mut children, pos, None, v - 1, v + 1);
            // The observer hears of the exact pass's steps only.
            let exact = self.level == EXACT;
            if let Some(observer) = self.observer.as_mut().filter(|_| exact) {
                let (nodes, elapsed) = (self.nodes, self.started.elapsed());
                observer(Event::Step { bound: v, result: score, nodes, elapsed });
                self.heard = Instant::now();
            }
            if score == v || self.stopped() {
                // Inside the window: exact, and `sq` reaches it.
                return (v, sq as u32);
            }
            if score > v {
                low = score;
            } else {
                high = score;
            }
            if low >= high {
                return (score, sq as u32);
            }
            // A bound beyond `v`: the next value to try, between the bounds so far.
            v = score;
        }
    }

    /// The exact score of `pos` if it lies in `alpha..beta`, else a bound on the side of
    /// the window it falls (fail-soft).
    fn search(&mut self, pos: Position, mut alpha: i32, mut beta: i32) -> i32 {
        let empty = pos.empty();
        let n = empty.count_ones();
        if n <= 4 {
            return self.small(pos, empty, alpha, beta, false);
        }
        self.nodes += 1;
        if self.nodes >= self.next_look {
            self.next_look = (self.nodes | (LOOK_EVERY - 1)) + 1;
            self.heartbeat();
        }
        if self.stopped() {
            return 0;
        }
        // The opponent's stable discs cap the score; the cap cannot reach alpha unless the
        // opponent has few discs, which is cheap to check first.
        if alpha >= 64 - 2 * pos.opponent.count_ones() as i32 {
            let cap = 64 - 2 * stable_discs(pos.opponent, pos.player).count_ones() as i32;
            if cap <= alpha {
                return cap;
            }
        }
        let mut first = None;
        if n >= TABLE_FROM {
            if let Some(b) = self.table.get(pos) {
                let (lower, upper) = if b.level >= self.level { (b.lower as i32, b.upper as i32) } else { (-64, 64) };
                if lower >= beta {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                if lower == upper {
                    return lower;
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
                if b.best < 64 {
                    first = Some(b.best as u32);
                }
            }
        }
        let moves = match pos.turn::<Flanking>(empty) {
            Turn::Play(moves) => moves,
            Turn::Pass => return -self.search(pos.passed(), -beta, -alpha),
            Turn::Over => return pos.final_score(),
        };
        if self.level != EXACT && n >= PROBCUT_FROM {
            if let Some(bound) = self.probcut(pos, n, alpha, beta) {
                return bound;
            }
        }
        let mut children = Children::new(pos, moves);
        // Enhanced transposition cut-off: a child whose stored bound already proves a
        // score of at least beta ends the search before any move is searched.
        if n >= ETC_FROM {
            // The children's slots are fetched together first, so that their cache misses
            // overlap instead of following one another.
            for c in children.as_slice() {
                self.table.prefetch(c.pos);
            }
            for c in children.as_slice() {
                if let Some(b) = self.table.get(c.pos).filter(|b| b.level >= self.level) {
                    if -(b.upper as i32) >= beta {
                        return -(b.upper as i32);
                    }
                }
            }
        }
        let (best, best_sq) = self.pvs(&mut children, pos, first, alpha, beta);
        // A search a cut split stopped proves nothing.
        if n >= TABLE_FROM && !self.stopped() {
            let fresh = Bounds { lower: -64, upper: 64, best: 64, level: self.level };
            let mut b = match self.table.get(pos) {
                // Surer bounds stay as they are.
                Some(b) if b.level > self.level => return best,
                Some(b) if b.level == self.level => b,
                _ => fresh,
            };
            if best <= alpha {
                b.upper = best as i8;
            } else if best >= beta {
                b.lower = best as i8;
            } else {
                b.lower = best as i8;
                b.upper = best as i8;
            }
            b.best = best_sq;
            self.table.put(pos, b, n);
        }
        best
    }

    /// Searches `children` of `pos` in order with the window `alpha..beta` (PVS: the first
    /// with the whole window, the others with a null window, again with the whole one if
    /// they beat alpha) and returns the fail-soft score with the move that reached it.
    ///
    /// The first move that fails after a large subtree ([`RESORT_AFTER`]) has the moves
    /// after it re-sorted by [`Solver::resort`]: either every move fails here, or the
    /// ordering missed the one that cuts, which costs a subtree of that size again for
    /// each move tried before it.
    fn pvs(
        &mut self,
        children: &mut Children,
        pos: Position,
        first: Option<u32>,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, u8) {
        let mut best = -65;
        let mut best_sq = 64u8;
        // The stored best move goes first; the others are ordered only if it does not cut.
        let mut ordered = 0;
        if let Some(i) = children.as_slice().iter().position(|c| Some(c.sq) == first) {
            children.items.swap(0, i);
            ordered = 1;
        }
        let mut sorted = false;
        let mut resorted = false;
        let split = pos.empty().count_ones() >= SPLIT_FROM;
        for i in 0..children.len {
            if i == ordered && !sorted {
                self.order(children, pos, i);
                sorted = true;
            }
            // Young brothers wait: once the first two moves are searched without a cut,
            // idle threads help with the others (after one only, more of their work is
            // cut off unfinished).
            if split && i >= 2 && children.len - i >= 2 && self.idle.load(Ordering::Relaxed) > 0 {
                if let Some(found) = self.split(children, i, (best, best_sq), alpha, beta) {
                    return found;
                }
            }
            let c = children.items[i];
            let before = self.nodes;
            let score = if i == 0 {
                -self.search(c.pos, -beta, -alpha)
            } else {
                let probe = -self.search(c.pos, -alpha - 1, -alpha);
                if probe > alpha && probe < beta {
                    -self.search(c.pos, -beta, -probe)
                } else {
                    probe
                }
            };
            // Re-sorting two or more moves left is worth it once a failed move cost much.
            if score <= alpha && !resorted && children.len - i > 2 && self.nodes - before >= RESORT_AFTER {
                self.resort(children, i + 1, resort_depth(self.nodes - before));
                resorted = true;
                sorted = true;
            }
            if score > best {
                best = score;
                best_sq = c.sq as u8;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        (best, best_sq)
    }

    /// ProbCut in a selective pass: `beta` if the shallow search of `pos` (with `n` empty
    /// squares) lands far enough above the window that the exact score is taken to be at
    /// least `beta`, `alpha` if far enough below, else `None`.
    fn probcut(&mut self, pos: Position, n: u32, alpha: i32, beta: i32) -> Option<i32> {
        let depth = probcut_depth(n);
        let margin = (SELECTIVE[self.level as usize] * probcut_error(depth) * pattern::SCALE as f32) as i32;
        if beta < 64 {
            let bound = beta * pattern::SCALE + margin;
            if self.midgame(pos, depth, bound - 1, bound) >= bound {
                return Some(beta);
            }
        }
        if alpha > -64 {
            let bound = alpha * pattern::SCALE - margin;
            if self.midgame(pos, depth, bound, bound + 1) <= bound {
                return Some(alpha);
            }
        }
        None
    }

    /// Sorts `children[from..]`, the moves of `pos`, best first: by a shallow search (less
    /// a penalty per reply left to the opponent) or by fastest-first with parity, by the
    /// number of empty squares.
    fn order(&mut self, children: &mut Children, pos: Position, from: usize) {
        let empty = pos.empty();
        let n = empty.count_ones();
        let odd = if n <= PARITY_UP_TO { odd_quadrants(empty) } else { 0 };
        for c in children.items[from..children.len].iter_mut() {
            let bit = 1u64 << c.sq;
            let mobility = replies(c.pos);
            c.key = if n >= EVAL_ORDER_FROM {
                -self.midgame(c.pos, order_depth(n), -WIN, WIN) - ORDER_REPLY * mobility
            } else {
                // Then the empty squares next to the mover's discs: the opponent's
                // potential moves.
                let potential = (neighbours(c.pos.opponent) & c.pos.empty()).count_ones() as i32;
                -256 * mobility - 8 * potential + 128 * ((bit & CORNERS != 0) as i32) + 64 * ((bit & odd != 0) as i32)
            };
        }
        children.sort(from);
    }

    /// Sorts `children[from..]` best first by the pattern search ([`Solver::midgame`]) to
    /// `depth`, less [`RESORT_REPLY`] for each reply a move leaves the opponent.
    fn resort(&mut self, children: &mut Children, from: usize, depth: u32) {
        for c in children.items[from..children.len].iter_mut() {
            c.key = -self.midgame(c.pos, depth, -WIN, WIN) - RESORT_REPLY * replies(c.pos);
        }
        children.sort(from);
    }
}

#[cfg(test)]
mod tests;
