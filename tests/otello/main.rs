//! The `otello` binary and the library under it: the generic α-β search (on a second
//! game, tic-tac-toe, and on seeded random game trees, against plain minimax), the
//! searcher's limits and principal variation on Othello, the 8×8 bit-board position
//! against the general n×n rules, perft against the reference counts, square names, and
//! the command line (in-process through `cli::run`, and once through the real binary).

use std::collections::VecDeque;
use std::fs;
use std::io::{self, BufRead, Cursor, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use othello::core::board::{Board, Color};
use othello::core::error::Error;
use othello::core::position::Position;
use othello::core::rules::{Flanking, Rules};
use othello::engine::cli;
use othello::engine::cli::args::{CliError, Io};
use othello::engine::eval::Eval;
use othello::engine::game::{Game, Heuristic};
use othello::engine::perft::{perft, perft_with};
use othello::engine::position::{self, Move};
mod endgame;
mod nboard;
mod players;

use othello::engine::search::{alphabeta, minimax, terminal_value, Limits, Report, Searcher, WIN};

/// Wider than every value: a full α-β window.
const INF: i32 = i32::MAX;

// ---------------------------------------------------------------------------------------
// Seeded randomness: the shared generator.

#[path = "../common/rng.rs"]
mod rng;
use rng::Rng;

/// The SplitMix64 finaliser.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

// ---------------------------------------------------------------------------------------
// Generic checks of a search report.

/// The legal moves of `g`.
fn moves_of<G: Game>(g: &G) -> Vec<G::Move> {
    let mut v = Vec::new();
    g.moves(&mut v);
    v
}

/// The static value of `g` for the player to move: the end's value or the heuristic.
fn static_value<G: Game, H: Heuristic<G>>(g: &G, h: &H) -> i32 {
    if moves_of(g).is_empty() {
        terminal_value(g.outcome())
    } else {
        h.evaluate(g)
    }
}

/// Checks that the principal variation of `report` is a legal line from `root`, as long as
/// the completed depth unless the game ends sooner, starting with the best move, and that
/// the position it leads to is worth the reported value (with the sign of the root's
/// player): the line really is where the value comes from. Returns the last position.
fn check_pv<G: Game, H: Heuristic<G>>(root: &G, report: &Report<G::Move>, h: &H, what: &str) -> G {
    assert_eq!(report.best, report.pv.first().cloned(), "{}: the best move is the PV's first", what);
    let mut g = root.clone();
    let mut sign = 1;
    for (i, m) in report.pv.iter().enumerate() {
        let legal = moves_of(&g);
        assert!(legal.contains(m), "{}: PV move {} ({:?}) is not legal; PV {:?}", what, i, m, report.pv);
        g = g.play(*m);
        sign = -sign;
    }
    let over = moves_of(&g).is_empty();
    assert!(
        report.pv.len() as u32 == report.depth || (over && (report.pv.len() as u32) < report.depth),
        "{}: a PV of {} moves for a completed depth of {} that does not end the game: {:?}",
        what,
        report.pv.len(),
        report.depth,
        report.pv
    );
    assert_eq!(
        sign * static_value(&g, h),
        report.value,
        "{}: the PV's last position is not worth the reported value; PV {:?}",
        what,
        report.pv
    );
    g
}

// ---------------------------------------------------------------------------------------
// A second game: tic-tac-toe.

/// Tic-tac-toe on bit sets (bit `3 * row + column`); X moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TicTacToe {
    x: u16,
    o: u16,
}

const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];
const FULL: u16 = 0o777;

fn three(bits: u16) -> bool {
    LINES.iter().any(|&l| l & !bits == 0)
}

impl TicTacToe {
    fn new() -> TicTacToe {
        TicTacToe { x: 0, o: 0 }
    }

    /// X at the squares of `x`, O at those of `o` (indices 0..9).
    fn of(x: &[u8], o: &[u8]) -> TicTacToe {
        let set = |s: &[u8]| s.iter().fold(0u16, |b, &i| b | 1 << i);
        TicTacToe { x: set(x), o: set(o) }
    }

    fn x_to_move(&self) -> bool {
        self.x.count_ones() == self.o.count_ones()
    }

    fn over(&self) -> bool {
        three(self.x) || three(self.o) || (self.x | self.o) == FULL
    }
}

impl Game for TicTacToe {
    type Move = u8;
    type Key = (u64, u64);

    fn moves(&self, out: &mut Vec<u8>) {
        if self.over() {
            return;
        }
        out.extend((0..9u8).filter(|&i| (self.x | self.o) >> i & 1 == 0));
    }

    fn play(&self, m: u8) -> TicTacToe {
        assert!((self.x | self.o) >> m & 1 == 0, "{} is taken", m);
        let mut next = *self;
        if self.x_to_move() {
            next.x |= 1 << m;
        } else {
            next.o |= 1 << m;
        }
        next
    }

    fn outcome(&self) -> i32 {
        // Only the player who just moved can have three in a row.
        let last = if self.x_to_move() { self.o } else { self.x };
        if three(last) {
            -1
        } else {
            0
        }
    }

    fn key(&self) -> (u64, u64) {
        (self.x as u64, self.o as u64)
    }

    fn move_order(&self, m: &u8) -> i32 {
        match *m {
            4 => 2,
            0 | 2 | 6 | 8 => 1,
            _ => 0,
        }
    }
}

/// The heuristic that knows nothing.
struct Zero;

impl<G: Game> Heuristic<G> for Zero {
    fn evaluate(&self, _: &G) -> i32 {
        0
    }
}

#[test]
fn tic_tac_toe_is_a_draw() {
    let root = TicTacToe::new();
    assert_eq!(minimax(&root, 9, &Zero), 0);
    assert_eq!(alphabeta(&root, 9, -INF, INF, &Zero), 0);
    let mut searcher = Searcher::new(Zero, 1 << 16);
    let report = searcher.search(&root, Limits::depth(9));
    assert_eq!(report.value, 0);
    assert_eq!(report.depth, 9);
    assert_eq!(report.pv.len(), 9, "a drawn game fills the board: {:?}", report.pv);
    let end = check_pv(&root, &report, &Zero, "tic-tac-toe");
    assert_eq!(end.x | end.o, FULL);
    assert!(!three(end.x) && !three(end.o), "the PV is a drawn game: {:?}", end);
}

#[test]
fn tic_tac_toe_wins_and_losses_are_found() {
    // X (to move) has 0 and 1; O has 3 and 4: X wins at once on 2.
    let won = TicTacToe::of(&[0, 1], &[3, 4]);
    assert!(won.x_to_move());
    assert_eq!(minimax(&won, 9, &Zero), WIN + 1);
    assert_eq!(alphabeta(&won, 9, -INF, INF, &Zero), WIN + 1);
    let report = Searcher::new(Zero, 1 << 10).search(&won, Limits::depth(9));
    assert!(report.value > WIN / 2, "{:?}", report);
    assert_eq!(report.best, Some(2));
    check_pv(&won, &report, &Zero, "won");

    // X has 0, 2, 4 (two open lines through 4: a fork); O (to move) has 1 and 3: lost.
    let lost = TicTacToe::of(&[0, 2, 4], &[1, 3]);
    assert!(!lost.x_to_move());
    assert_eq!(minimax(&lost, 9, &Zero), -WIN - 1);
    assert_eq!(alphabeta(&lost, 9, -INF, INF, &Zero), -WIN - 1);
    let report = Searcher::new(Zero, 1 << 10).search(&lost, Limits::depth(9));
    assert!(report.value < -WIN / 2, "{:?}", report);
    assert!(report.best.is_some());
    check_pv(&lost, &report, &Zero, "lost");

    // A finished game: no move, the end's value.
    let over = TicTacToe::of(&[0, 1, 2], &[3, 4]);
    let report = Searcher::new(Zero, 1 << 10).search(&over, Limits::depth(9));
    assert_eq!((report.value, report.best, report.pv.len()), (-WIN - 1, None, 0));
}

#[test]
fn tic_tac_toe_every_position_agrees_with_minimax() {
    // Every position reachable in tic-tac-toe, at every depth: α-β and the searcher
    // against minimax (one searcher for all, so its table carries over).
    let mut seen = Vec::new();
    let mut stack = vec![TicTacToe::new()];
    while let Some(g) = stack.pop() {
        if seen.contains(&g) {
            continue;
        }
        seen.push(g);
        for m in moves_of(&g) {
            stack.push(g.play(m));
        }
    }
    assert_eq!(seen.len(), 5478);
    let mut searcher = Searcher::new(Zero, 1 << 12);
    for (i, g) in seen.iter().enumerate().filter(|&(i, _)| i % 7 == 0) {
        let d = 1 + (i % 9) as u32;
        let want = minimax(g, d, &Zero);
        assert_eq!(alphabeta(g, d, -INF, INF, &Zero), want, "{:?} depth {}", g, d);
        let report = searcher.search(g, Limits::depth(d));
        assert_eq!(report.value, want, "{:?} depth {}", g, d);
        check_pv(g, &report, &Zero, "tic-tac-toe position");
    }
}

// ---------------------------------------------------------------------------------------
// Random game trees.

/// A node of a seeded random game tree. In `path` mode a node is its path from the root
/// (a tree: the key is two hashes of the path); in DAG mode it is a state among `width`
/// per ply, reached by many paths (transpositions for the table).
#[derive(Clone, Debug)]
struct Tree {
    seed: u64,
    /// 0: a tree of paths; else the number of states per ply.
    width: u64,
    max_ply: u32,
    ply: u32,
    a: u64,
    b: u64,
}

impl Tree {
    fn root(seed: u64, width: u64, max_ply: u32) -> Tree {
        Tree { seed, width, max_ply, ply: 0, a: mix(seed), b: !mix(seed ^ 1) }
    }

    /// The random identity all the node's properties come from.
    fn id(&self) -> u64 {
        mix(self.seed ^ mix(self.a ^ mix(self.b ^ (self.ply as u64) << 40)))
    }

    fn branching(&self) -> u8 {
        if self.ply >= self.max_ply {
            0
        } else {
            (self.id() % 6) as u8 // 0..=5 children
        }
    }

    /// The heuristic value: small, so ties are common.
    fn guess(&self) -> i32 {
        (mix(self.id() ^ 0x5555) % 41) as i32 - 20
    }
}

impl Game for Tree {
    type Move = u8;
    type Key = (u64, u64);

    fn moves(&self, out: &mut Vec<u8>) {
        out.extend(0..self.branching());
    }

    fn play(&self, m: u8) -> Tree {
        assert!(m < self.branching());
        let mut child = self.clone();
        child.ply += 1;
        if self.width == 0 {
            child.a = mix(self.a ^ (m as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            child.b = mix(self.b.wrapping_add((m as u64 + 1).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)) ^ 0x1234);
        } else {
            child.a = mix(self.id() ^ (m as u64 + 7)) % self.width;
            child.b = 0;
        }
        child
    }

    fn outcome(&self) -> i32 {
        (mix(self.id() ^ 0xAAAA) % 7) as i32 - 3
    }

    fn key(&self) -> (u64, u64) {
        if self.width == 0 {
            (self.a, self.b)
        } else {
            (self.seed, (self.ply as u64) << 32 | self.a)
        }
    }

    fn move_order(&self, m: &u8) -> i32 {
        (mix(self.id() ^ *m as u64 ^ 0xF0F0) % 5) as i32
    }
}

struct TreeGuess;

impl Heuristic<Tree> for TreeGuess {
    fn evaluate(&self, t: &Tree) -> i32 {
        t.guess()
    }
}

fn count_nodes(t: &Tree, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    1 + moves_of(t).iter().map(|&m| count_nodes(&t.play(m), depth - 1)).sum::<u64>()
}

#[test]
fn alphabeta_and_the_searcher_equal_minimax_on_random_trees() {
    let mut rng = Rng::new(2024);
    let mut checks = 0;
    let mut nodes = 0;
    for t in 0..800u64 {
        let width = if t % 2 == 0 { 0 } else { 2 + rng.below(12) as u64 };
        let max_ply = 1 + rng.below(9) as u32;
        let root = Tree::root(t * 1_000_003 + 17, width, max_ply);
        nodes += count_nodes(&root, max_ply);
        // One searcher per tree, over its depths in a random order: the table carries over.
        let mut searcher = Searcher::new(TreeGuess, if t % 3 == 0 { 4 } else { 1 << 12 });
        let mut depths: Vec<u32> = (1..=max_ply + 1).collect();
        for i in (1..depths.len()).rev() {
            depths.swap(i, rng.below(i + 1));
        }
        for &d in &depths {
            let want = minimax(&root, d, &TreeGuess);
            assert_eq!(alphabeta(&root, d, -INF, INF, &TreeGuess), want, "tree {} depth {}", t, d);
            let report = searcher.search(&root, Limits::depth(d));
            let what = format!("tree {} (width {}, {} plies) depth {}", t, width, max_ply, d);
            assert_eq!(report.value, want, "{}: {:?}", what, report);
            check_pv(&root, &report, &TreeGuess, &what);
            checks += 1;
        }
    }
    assert!(checks >= 500 && nodes > 10_000, "{} checks, {} nodes", checks, nodes);
}

#[test]
fn the_searcher_value_is_minimax_at_the_depth_it_completed() {
    // The weaker claim, whatever the searcher does with proven wins: its value is the
    // minimax value at the depth it reports as completed.
    let mut rng = Rng::new(99);
    for t in 0..600u64 {
        let width = if t % 2 == 0 { 0 } else { 2 + rng.below(12) as u64 };
        let max_ply = 1 + rng.below(9) as u32;
        let root = Tree::root(t * 7919 + 3, width, max_ply);
        let mut searcher = Searcher::new(TreeGuess, 1 << 12);
        for d in 1..=max_ply + 1 {
            let report = searcher.search(&root, Limits::depth(d));
            if moves_of(&root).is_empty() {
                assert_eq!((report.value, report.best), (terminal_value(root.outcome()), None));
                continue;
            }
            assert!(report.depth >= 1 && report.depth <= d);
            if report.depth < d {
                // Stopping early is allowed only when deeper changes nothing.
                assert_eq!(report.value, minimax(&root, d, &TreeGuess), "stopped early: {:?}", report);
            }
            assert_eq!(report.value, minimax(&root, report.depth, &TreeGuess), "tree {} depth {}", t, d);
        }
    }
}

#[test]
fn alphabeta_fails_soft_on_narrow_windows() {
    let mut rng = Rng::new(7);
    let pick = |rng: &mut Rng| -> i32 {
        match rng.below(4) {
            0 => rng.range(0, 50) as i32 - 25,
            1 => WIN + rng.range(0, 8) as i32 - 4,
            2 => -WIN + rng.range(0, 8) as i32 - 4,
            _ => rng.range(0, 6) as i32 - 3,
        }
    };
    let (mut low, mut high, mut inside) = (0, 0, 0);
    for t in 0..1500u64 {
        let width = if t % 2 == 0 { 0 } else { 2 + rng.below(10) as u64 };
        let max_ply = 1 + rng.below(8) as u32;
        let root = Tree::root(t ^ 0xABCDEF, width, max_ply);
        let d = 1 + rng.below(max_ply as usize + 1) as u32;
        let want = minimax(&root, d, &TreeGuess);
        let (mut alpha, mut beta) = (pick(&mut rng), pick(&mut rng));
        if alpha > beta {
            std::mem::swap(&mut alpha, &mut beta);
        }
        if alpha == beta {
            beta += 1;
        }
        let v = alphabeta(&root, d, alpha, beta, &TreeGuess);
        let what = format!("tree {} depth {} window ({}, {}): got {}, minimax {}", t, d, alpha, beta, v, want);
        if v <= alpha {
            assert!(want <= v, "fail-low is an upper bound: {}", what);
            low += 1;
        } else if v >= beta {
            assert!(want >= v, "fail-high is a lower bound: {}", what);
            high += 1;
        } else {
            assert_eq!(v, want, "{}", what);
            inside += 1;
        }
        // Null windows around the true value.
        assert!(alphabeta(&root, d, want, want + 1, &TreeGuess) <= want, "{}", what);
        assert!(alphabeta(&root, d, want - 1, want, &TreeGuess) >= want, "{}", what);
    }
    assert!(low > 50 && high > 50 && inside > 50, "low {} high {} inside {}", low, high, inside);
}

// ---------------------------------------------------------------------------------------
// Small hand-made game graphs: the smallest cases of two searcher problems.

/// A node of a hand-made game graph: its children, its heuristic value, and its outcome
/// (for the player to move) when it has no children.
type Node = (&'static [usize], i32, i32);

/// A position in a hand-made graph (positions reached by several paths are one node).
#[derive(Clone, Debug)]
struct Graph {
    nodes: &'static [Node],
    at: usize,
}

impl Game for Graph {
    type Move = u8;
    type Key = (u64, u64);

    fn moves(&self, out: &mut Vec<u8>) {
        out.extend(0..self.nodes[self.at].0.len() as u8);
    }

    fn play(&self, m: u8) -> Graph {
        Graph { nodes: self.nodes, at: self.nodes[self.at].0[m as usize] }
    }

    fn outcome(&self) -> i32 {
        self.nodes[self.at].2
    }

    fn key(&self) -> (u64, u64) {
        (self.at as u64, 0)
    }
}

struct GraphGuess;

impl Heuristic<Graph> for GraphGuess {
    fn evaluate(&self, g: &Graph) -> i32 {
        g.nodes[g.at].1
    }
}

#[test]
fn searcher_pv_is_whole_through_a_transposition() {
    // R -> A or B; A -> T (an end) or C; B -> C; C -> D -> E (an end, won by 3 for the
    // root's player). Depth 4: C is searched under A first (an exact value), then reached
    // again under B, the best move, at the same depth: a table hit, whose line is only
    // C's first move, so the PV stops at D, one ply short of the end its value comes from.
    static NODES: [Node; 7] = [
        (&[1, 2], 6, 0),   // 0 R
        (&[3, 4], -10, 0), // 1 A
        (&[4], 11, 0),     // 2 B
        (&[], 0, 1),       // 3 T: an end, won by 1 for the player to move there (R's player)
        (&[5], -20, 0),    // 4 C
        (&[6], 13, 0),     // 5 D
        (&[], 0, 3),       // 6 E: won by 3 for the player to move there (R's player)
    ];
    let root = Graph { nodes: &NODES, at: 0 };
    assert_eq!(minimax(&root, 4, &GraphGuess), WIN + 3);
    let report = Searcher::new(GraphGuess, 1 << 10).search(&root, Limits::depth(4));
    assert_eq!(report.value, WIN + 3);
    // Fails today: the PV is [1, 0, 0] (to D), not [1, 0, 0, 0] (to the end E).
    check_pv(&root, &report, &GraphGuess, "through a transposition");
}

#[test]
fn searcher_value_is_minimax_at_the_requested_depth_after_a_proven_win() {
    // R -> T (an end: won by 1 for R's player) or A; A -> E (an end: won by 3 for R's
    // player). minimax to depth 2 is WIN + 3: the bigger win. The searcher proves the win
    // by 1 at depth 1 and stops there: value WIN + 1, depth 1, though depth 2 was asked
    // for and the module promises "a search to depth d returns exactly the minimax value
    // at depth d". (The arena's average disc differences count such smaller wins.)
    static NODES: [Node; 4] = [
        (&[1, 2], 20, 0), // 0 R
        (&[], 0, -1),     // 1 T: lost by 1 for the player to move there
        (&[3], 9, 0),     // 2 A
        (&[], 0, 3),      // 3 E: won by 3 for the player to move there (R's player)
    ];
    let root = Graph { nodes: &NODES, at: 0 };
    assert_eq!(minimax(&root, 1, &GraphGuess), WIN + 1);
    assert_eq!(minimax(&root, 2, &GraphGuess), WIN + 3);
    assert_eq!(alphabeta(&root, 2, -INF, INF, &GraphGuess), WIN + 3);
    let report = Searcher::new(GraphGuess, 1 << 10).search(&root, Limits::depth(2));
    assert_eq!((report.value, report.depth), (WIN + 3, 2), "{:?}", report);
}

// ---------------------------------------------------------------------------------------
// Othello positions.

/// A position `plies` random moves (passes included) from the start, or sooner over.
fn random_position(rng: &mut Rng, plies: usize) -> Position {
    let mut pos = Position::start();
    for _ in 0..plies {
        let moves = moves_of(&pos);
        if moves.is_empty() {
            break;
        }
        pos = pos.play(moves[rng.below(moves.len())]);
    }
    pos
}

#[test]
fn othello_searcher_equals_minimax_for_every_heuristic() {
    let mut rng = Rng::new(31337);
    for &eval in Eval::ALL.iter() {
        for i in 0..50 {
            let plies = if i % 5 == 0 { 45 + rng.below(20) } else { rng.below(60) };
            let pos = random_position(&mut rng, plies);
            let mut searcher = Searcher::new(eval, 1 << 14);
            for d in 1..=4 {
                let want = minimax(&pos, d, &eval);
                assert_eq!(alphabeta(&pos, d, -INF, INF, &eval), want);
                let report = searcher.search(&pos, Limits::depth(d));
                let what = format!("{} on {:?} depth {}", eval, pos, d);
                assert_eq!(report.value, want, "{}: {:?}", what, report);
                check_pv(&pos, &report, &eval, &what);
                if !moves_of(&pos).is_empty() {
                    assert!(report.best.is_some(), "{}", what);
                }
            }
        }
    }
}

#[test]
fn othello_pv_is_a_whole_line_at_depth_6() {
    // Deeper searches meet transpositions (the same position by two move orders), where
    // the table answers: the PV must still be whole.
    let mut rng = Rng::new(606);
    for i in 0..20 {
        let pos = random_position(&mut rng, 10 + 2 * i);
        let report = Searcher::new(Eval::Positional, 1 << 16).search(&pos, Limits::depth(6));
        check_pv(&pos, &report, &Eval::Positional, &format!("{:?} depth 6", pos));
    }
}

#[test]
fn node_limit_stops_with_a_completed_shallower_search() {
    let mut rng = Rng::new(5);
    for (i, &eval) in Eval::ALL.iter().enumerate() {
        for &plies in &[0usize, 12, 24] {
            let pos = random_position(&mut rng, plies + i);
            let limits = Limits { depth: 20, nodes: 1000, time: None };
            let report = Searcher::new(eval, 1 << 14).search(&pos, limits);
            let what = format!("{} after {} plies: {:?}", eval, plies, report);
            assert!(report.depth >= 1 && report.depth < 20, "{}", what);
            assert!(report.nodes <= 1000, "{}", what);
            assert!(moves_of(&pos).contains(&report.best.expect("a move")), "{}", what);
            assert_eq!(report.value, alphabeta(&pos, report.depth, -INF, INF, &eval), "{}", what);
            check_pv(&pos, &report, &eval, &what);
            // The same search without the node limit, to that depth, agrees.
            let full = Searcher::new(eval, 1 << 14).search(&pos, Limits::depth(report.depth));
            assert_eq!(full.value, report.value, "{}", what);
        }
    }
}

/// A time limit stops a search that would otherwise run for years, with a move and a
/// value from the last depth it completed. (How soon it stops depends on the machine, so
/// it is not asserted.)
#[test]
fn time_limit_stops_with_a_completed_shallower_search() {
    let mut rng = Rng::new(77);
    for &plies in &[0usize, 20] {
        let pos = random_position(&mut rng, plies);
        let limit = Duration::from_millis(30);
        let report = Searcher::new(Eval::Mobility, 1 << 16)
            .search(&pos, Limits { depth: 30, nodes: u64::MAX, time: Some(limit) });
        let what = format!("after {} plies: {:?}", plies, report);
        assert!(report.depth >= 1 && report.depth < 30, "{}", what);
        assert!(moves_of(&pos).contains(&report.best.expect("a move")), "{}", what);
        assert_eq!(report.value, alphabeta(&pos, report.depth, -INF, INF, &Eval::Mobility), "{}", what);
        check_pv(&pos, &report, &Eval::Mobility, &what);
    }
}

#[test]
fn othello_search_reports_nodes_pv_and_finds_a_wipe_out() {
    let pos = Position::start();
    let report = Searcher::new(Eval::Positional, 1 << 16).search(&pos, Limits::depth(6));
    assert_eq!(report.depth, 6);
    assert_eq!(report.pv.len(), 6);
    assert!(report.nodes > 6);
    check_pv(&pos, &report, &Eval::Positional, "start depth 6");

    // Black wipes white out in 9 plies (a known shortest game): a won end is found.
    let line = ["E6", "F4", "E3", "F6", "G5", "D6", "E7", "F5", "C5"];
    let mut end = Position::start();
    for m in line.iter() {
        end = end.play(Move::parse(m).unwrap());
    }
    assert!(moves_of(&end).is_empty() && end.player == 0, "a wipe-out: {:?}", end);
    let mut before = Position::start();
    for m in line[..8].iter() {
        before = before.play(Move::parse(m).unwrap());
    }
    let report = Searcher::new(Eval::Discs, 1 << 16).search(&before, Limits::depth(4));
    // A wipe-out on the next move: the biggest win there is, WIN + 64, at every depth.
    assert_eq!(report.value, WIN + 64, "{:?}", report);
    assert_eq!(minimax(&before, 4, &Eval::Discs), WIN + 64);
    assert_eq!(report.best, Move::parse("C5"));
}

// ---------------------------------------------------------------------------------------
// Perft.

/// The reference counts of `data/perft.txt`: (depth, leaves).
fn reference_counts() -> Vec<(u32, u64)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/perft.txt");
    let text = fs::read_to_string(&path).expect("data/perft.txt");
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].parse().unwrap(), f[1].parse().unwrap())
        })
        .collect()
}

fn reference(depth: u32) -> u64 {
    reference_counts().iter().find(|&&(d, _)| d == depth).expect("a reference count").1
}

/// Perft on the general board with the general rules, written the simple way: a pass is a
/// ply, a finished game one leaf.
fn board_perft(board: &Board, color: Color, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = Flanking::legal_moves(board, color);
    if moves.is_empty() {
        if Flanking::legal_moves(board, color.opponent()).is_empty() {
            return 1;
        }
        return board_perft(board, color.opponent(), depth - 1);
    }
    moves
        .iter()
        .map(|&at| {
            let mut next = board.clone();
            Flanking::play(&mut next, color, at).unwrap();
            board_perft(&next, color.opponent(), depth - 1)
        })
        .sum()
}

#[test]
fn perft_matches_the_reference_counts() {
    let counts = reference_counts();
    assert!(counts.len() >= 11);
    assert_eq!(perft(Position::start(), 0), 1);
    let deepest = if cfg!(debug_assertions) { 9 } else { 11 };
    for d in 1..=deepest {
        assert_eq!(perft(Position::start(), d), reference(d), "perft({})", d);
    }
}

#[test]
fn perft_with_a_table_and_threads_equals_plain_perft() {
    let deepest = if cfg!(debug_assertions) { 9 } else { 10 };
    for d in 0..=deepest {
        let want = perft(Position::start(), d);
        assert_eq!(perft_with(Position::start(), d, 0, 1), want, "plain, depth {}", d);
        assert_eq!(perft_with(Position::start(), d, 1 << 18, 1), want, "table, depth {}", d);
        assert_eq!(perft_with(Position::start(), d, 0, 2), want, "2 threads, depth {}", d);
        assert_eq!(perft_with(Position::start(), d, 1 << 18, 2), want, "table and 2 threads, depth {}", d);
        // A table too small to hold much: replacement must not change the count.
        assert_eq!(perft_with(Position::start(), d, 8, 3), want, "tiny table and 3 threads, depth {}", d);
    }
    // From positions with passes and early ends below them.
    let mut rng = Rng::new(11);
    for _ in 0..40 {
        let plies = 40 + rng.below(20);
        let pos = random_position(&mut rng, plies);
        for d in 1..=6 {
            let want = perft(pos, d);
            assert_eq!(perft_with(pos, d, 1 << 12, 2), want, "{:?} depth {}", pos, d);
        }
    }
}

#[test]
fn general_board_perft_equals_bitboard_perft() {
    let start = Board::start(8);
    for d in 0..=8 {
        assert_eq!(board_perft(&start, Color::Black, d), perft(Position::start(), d), "depth {}", d);
    }
    // Late positions, where passes and early ends are common.
    let mut rng = Rng::new(4);
    for i in 0..60 {
        let plies = 40 + rng.below(24);
        let pos = random_position(&mut rng, plies);
        let color = if i % 2 == 0 { Color::Black } else { Color::White };
        let board = position::to_board(pos, color);
        for d in 1..=5 {
            assert_eq!(board_perft(&board, color, d), perft(pos, d), "{:?} depth {}", pos, d);
        }
    }
}

// ---------------------------------------------------------------------------------------
// The bit-board position against the general rules.

/// The final score for `color` with empties to the winner.
fn board_score(board: &Board, color: Color) -> i32 {
    let margin = board.discs(color) as i32 - board.discs(color.opponent()) as i32;
    let empties = board.empties() as i32;
    margin.signum() * (margin.abs() + if margin != 0 { empties } else { 0 })
}

#[test]
fn position_agrees_with_the_general_rules_on_random_games() {
    let mut rng = Rng::new(1);
    let (mut positions, mut passes, mut early_ends, mut games) = (0, 0, 0, 0);
    while positions < 10_000 || passes < 20 || early_ends < 5 {
        games += 1;
        let mut board = Board::start(8);
        let mut color = Color::Black;
        let mut pos = Position::start();
        loop {
            positions += 1;
            assert_eq!(position::from_board(&board, color), Some(pos));
            assert_eq!(position::to_board(pos, color), board);
            assert_eq!(pos.final_score(), board_score(&board, color));
            assert_eq!(pos.margin(), board.discs(color) as i32 - board.discs(color.opponent()) as i32);
            let legal = Flanking::legal_moves(&board, color);
            let theirs = Flanking::legal_moves(&board, color.opponent());
            let moves = moves_of(&pos);
            assert_eq!(pos.legal(), legal.iter().fold(0u64, |b, &i| b | 1 << i));
            assert_eq!(pos.is_over(), Flanking::game_over(&board, color));
            if !legal.is_empty() {
                let want: Vec<Move> = legal.iter().map(|&i| Move::square(i as u32)).collect();
                assert_eq!(moves, want, "{:?}", pos);
                let at = legal[rng.below(legal.len())];
                let before = pos.player.count_ones();
                let flipped = Flanking::play(&mut board, color, at).unwrap();
                pos = pos.play(Move::square(at as u32));
                assert_eq!(pos.opponent.count_ones(), before + 1 + flipped as u32);
            } else if !theirs.is_empty() {
                assert_eq!(moves, vec![Move::PASS], "{:?}", pos);
                passes += 1;
                pos = pos.play(Move::PASS);
            } else {
                assert!(moves.is_empty(), "{:?}", pos);
                assert_eq!(pos.outcome(), board_score(&board, color));
                if board.empties() > 0 {
                    early_ends += 1;
                }
                break;
            }
            color = color.opponent();
        }
        assert!(games < 5_000, "too few passes ({}) or early ends ({})", passes, early_ends);
    }
}

#[test]
fn squares_parse_in_both_orders_and_cases_and_print_back() {
    for sq in 0..64u32 {
        let m = Move::square(sq);
        let (col, row) = ((b'A' + (sq % 8) as u8) as char, (b'1' + (sq / 8) as u8) as char);
        let name = format!("{}{}", col, row);
        assert_eq!(m.to_string(), name);
        assert_eq!(m.to_square(), Some(sq));
        let lower = col.to_ascii_lowercase();
        for text in [
            format!("{}{}", col, row),
            format!("{}{}", lower, row),
            format!("{}{}", row, col),
            format!("{}{}", row, lower),
            format!(" {}{}\n", lower, row),
        ]
        .iter()
        {
            assert_eq!(Move::parse(text), Some(m), "{:?}", text);
        }
        assert_eq!(Move::parse(&m.to_string()), Some(m));
    }
    assert_eq!(Move::parse("pass"), Some(Move::PASS));
    assert_eq!(Move::parse("PASS"), Some(Move::PASS));
    assert_eq!(Move::PASS.to_string(), "pass");
    assert_eq!(Move::PASS.to_square(), None);
    for bad in ["", "E", "3", "E0", "E9", "I3", "3I", "EE", "33", "E33", "E3X", "A10", "e 3", "@1", "é3"].iter() {
        assert_eq!(Move::parse(bad), None, "{:?}", bad);
    }
}

// ---------------------------------------------------------------------------------------
// The command line, in-process.

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Runs the command line on `list` with `input` typed by a person (moves not echoed),
/// writing to `out`; progress goes nowhere.
pub fn run_with(list: &[&str], input: &mut dyn BufRead, out: &mut (dyn Write + Send)) -> Result<(), CliError> {
    let mut io = Io { input, out, err: &mut io::sink(), typed: true, watched: false };
    cli::run(&args(list), &mut io)
}

/// Runs the command line on `list` with `input`; returns the result and the output.
fn run(list: &[&str], input: &str) -> (Result<(), CliError>, String) {
    let mut out = Vec::new();
    let result = run_with(list, &mut Cursor::new(input.as_bytes().to_vec()), &mut out);
    (result, String::from_utf8(out).expect("UTF-8 output"))
}

/// The output of a command that must succeed.
fn output(list: &[&str]) -> String {
    match run(list, "") {
        (Ok(()), out) => out,
        (Err(e), out) => panic!("otello {:?} failed: {} (output: {})", list, e, out),
    }
}

/// The message of a command that must fail as a usage error, printing nothing.
fn usage_error(list: &[&str]) -> String {
    match run(list, "") {
        (Err(CliError::Run(Error::Input(e))), out) => {
            assert!(out.is_empty(), "otello {:?} printed {:?} before its error", list, out);
            let text = e.to_string();
            assert!(!text.contains('\n'), "a one-line message: {:?}", text);
            text
        }
        (other, out) => panic!("otello {:?}: expected a usage error, got {:?} (output: {})", list, other.err(), out),
    }
}

#[test]
fn help_texts() {
    let usage = output(&["--help"]);
    for cmd in ["match", "tournament", "play", "perft", "help"].iter() {
        assert!(usage.contains(&format!("otello {}", cmd)), "usage names {}: {}", cmd, usage);
    }
    assert!(usage.contains("discs, positional, mobility"));
    assert!(usage_error(&[]).contains("a command is needed"));
    assert_eq!(output(&["-h"]), usage);
    assert_eq!(output(&["help"]), usage);
    assert_eq!(output(&["help", "help"]), usage);
    let firsts = [
        ("match", "otello match --black H --white H"),
        ("tournament", "otello tournament"),
        ("play", "otello play [--human black|white]"),
        ("perft", "otello perft D"),
    ];
    for &(cmd, first) in firsts.iter() {
        let text = output(&["help", cmd]);
        assert!(text.starts_with(first), "help {}: {}", cmd, text);
        assert_ne!(text, usage);
        assert_eq!(output(&[cmd, "--help"]), text, "{} --help", cmd);
        assert_eq!(output(&[cmd, "-h"]), text, "{} -h", cmd);
        // --help wins over everything else on the line, even bad options.
        assert_eq!(output(&[cmd, "--bogus", "--help"]), text, "{} --bogus --help", cmd);
    }
    assert!(output(&["help", "match"]).contains("--seed"));
    assert!(output(&["help", "play"]).contains("3E"));
    assert!(output(&["help", "perft"]).contains("--threads"));
}

#[test]
fn usage_errors_are_clear() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["frobnicate"], &["unknown command 'frobnicate'", "otello --help"]),
        (&["help", "frobnicate"], &["unknown command 'frobnicate'"]),
        (&["match", "--black", "discs", "--white", "mobility", "--colour", "red"], &["unknown option '--colour'"]),
        (
            &["match", "--black", "magic", "--white", "discs"],
            &["unknown heuristic 'magic'", "discs", "positional", "mobility"],
        ),
        (&["match", "--black", "discs"], &["--white", "needed"]),
        (&["match", "--white", "discs"], &["--black", "needed"]),
        (&["match", "--black", "discs", "--white"], &["--white needs a value"]),
        (
            &["match", "--black", "discs", "--white", "mobility", "--depth", "deep"],
            &["--depth", "whole number", "'deep'"],
        ),
        (&["match", "--black", "discs", "--white", "mobility", "--depth", "0"], &["--depth", "at least 1", "found 0"]),
        (&["match", "--black", "discs", "--white", "mobility", "--games", "-3"], &["--games", "at least 1", "-3"]),
        (&["match", "--black", "discs", "--white", "mobility", "--games", "0"], &["--games", "at least 1", "found 0"]),
        (&["match", "--black", "discs", "--white", "mobility", "--seed", "x1"], &["--seed", "'x1'"]),
        (&["tournament", "--games", "2.5"], &["--games", "'2.5'"]),
        (&["tournament", "--black", "discs"], &["unknown option '--black'"]),
        (&["solve", "--bogus"], &["unknown option '--bogus'"]),
        (&["play", "--human", "green"], &["--human", "black or white", "'green'"]),
        (&["play", "--heuristic", "luck"], &["unknown heuristic 'luck'"]),
        (&["play", "--depth", "99"], &["--depth", "at most 30", "found 99"]),
        (&["perft"], &["perft needs a depth"]),
        (&["perft", "many"], &["depth", "'many'"]),
        (&["perft", "5", "--threads"], &["--threads needs a value"]),
        (&["perft", "5", "--threads", "0"], &["--threads", "at least 1", "found 0"]),
    ];
    for &(line, words) in cases {
        let message = usage_error(line);
        for w in words {
            assert!(message.contains(w), "otello {:?}: {:?} should mention {:?}", line, message, w);
        }
    }
}

/// A row of a results table: the cells between the bars.
fn cells(line: &str) -> Vec<String> {
    line.trim().trim_matches('|').split('|').map(|c| c.trim().to_string()).collect()
}

/// The rows of the match table: (heuristic, wins, losses, draws, average disc difference).
fn match_rows(out: &str) -> Vec<(String, u32, u32, u32, f64)> {
    out.lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("| heuristic") && !l.starts_with("|-"))
        .map(|l| {
            let c = cells(l);
            (c[0].clone(), c[1].parse().unwrap(), c[2].parse().unwrap(), c[3].parse().unwrap(), c[4].parse().unwrap())
        })
        .collect()
}

#[test]
fn match_prints_a_mirrored_table_and_is_reproducible() {
    let line = ["match", "--black", "mobility", "--white", "discs", "--depth", "2", "--games", "4", "--seed", "7"];
    let out = output(&line);
    assert!(out.contains("| heuristic"), "{}", out);
    let rows = match_rows(&out);
    assert_eq!(rows.len(), 2, "{}", out);
    let (a, b) = (&rows[0], &rows[1]);
    assert_eq!((a.0.as_str(), b.0.as_str()), ("mobility", "discs"), "{}", out);
    assert_eq!(a.1 + a.2 + a.3, 4, "{}", out);
    assert_eq!((a.1, a.2, a.3), (b.2, b.1, b.3), "the rows mirror each other: {}", out);
    assert!((a.4 + b.4).abs() < 1e-9, "opposite disc differences: {}", out);
    let again = match_rows(&output(&line));
    assert_eq!(again.len(), 2);
    for (x, y) in rows.iter().zip(again.iter()) {
        assert_eq!((&x.0, x.1, x.2, x.3, x.4), (&y.0, y.1, y.2, y.3, y.4), "the same seed, the same match");
    }
    // An odd number of games is played in full too.
    let rows = match_rows(&output(&[
        "match",
        "--black",
        "positional",
        "--white",
        "positional",
        "--depth",
        "1",
        "--games",
        "3",
    ]));
    assert_eq!(rows[0].1 + rows[0].2 + rows[0].3, 3);
    assert_eq!((rows[0].1, rows[0].3), (rows[1].2, rows[1].3));
}

#[test]
fn match_plays_every_game_asked_for() {
    // There are only 236 distinct positions 4 plies from the start: a match of more than
    // 472 games runs out of openings. Today it stops there silently (`--games 500` plays
    // 472 games while the header says 500); it should play them all (repeat openings) or
    // refuse the number.
    let line = ["match", "--black", "discs", "--white", "positional", "--depth", "1", "--games", "500"];
    match run(&line, "") {
        (Ok(()), out) => {
            let rows = match_rows(&out);
            assert_eq!(rows[0].1 + rows[0].2 + rows[0].3, 500, "{}", out);
        }
        (Err(CliError::Run(Error::Input(_))), _) => {}
        (Err(e), _) => panic!("{}", e),
    }
}

#[test]
fn tournament_prints_a_cross_table_of_every_heuristic() {
    let out = output(&["tournament", "--depth", "2", "--games", "2"]);
    let header = out.lines().find(|l| l.starts_with("| row vs column")).unwrap_or_else(|| panic!("no header: {}", out));
    let names: Vec<&str> = Eval::ALL.iter().map(|e| e.name()).collect();
    for n in names.iter() {
        assert!(header.contains(n), "{}", header);
    }
    let rows: Vec<Vec<String>> = out
        .lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("| row vs") && !l.starts_with("|-"))
        .map(cells)
        .collect();
    assert_eq!(rows.len(), Eval::ALL.len(), "{}", out);
    // cell[i][j] = "w-l-d" of row i against column j.
    let parse = |c: &str| -> (u32, u32, u32) {
        let v: Vec<u32> = c.split('-').map(|x| x.parse().unwrap()).collect();
        (v[0], v[1], v[2])
    };
    let (n, mut total_points) = (names.len(), 0.0);
    for i in 0..n {
        assert_eq!(rows[i][0], names[i]);
        assert_eq!(rows[i][1 + i], "-");
        let mut points = 0.0;
        for j in 0..n {
            if i == j {
                continue;
            }
            let (w, l, d) = parse(&rows[i][1 + j]);
            assert_eq!(w + l + d, 2, "{}", out);
            assert_eq!(parse(&rows[j][1 + i]), (l, w, d), "mirrored cells: {}", out);
            points += w as f64 + d as f64 / 2.0;
        }
        let printed: f64 = rows[i][1 + n].parse().unwrap();
        assert!((printed - points).abs() < 1e-9, "points of {}: {}", names[i], out);
        total_points += printed;
    }
    let games = (n * (n - 1) / 2 * 2) as f64;
    assert!((total_points - games).abs() < 1e-9, "a match of 2 games per pair: {}", out);
}

#[test]
fn perft_command_prints_the_counts() {
    let out = output(&["perft", "6"]);
    assert!(out.starts_with("perft(6) = 8200 "), "{}", out);
    let out = output(&["perft", "8", "--hash", "--threads", "2"]);
    assert!(out.starts_with("perft(8) = 390216 "), "{}", out);
    let out = output(&["perft", "0"]);
    assert!(out.starts_with("perft(0) = 1 "), "{}", out);
}

// ---------------------------------------------------------------------------------------
// `otello play` with a scripted player that reads the board the program prints.

/// The output, shared between the program (which writes it) and the player (which reads it).
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A scripted player: first the lines of `script` (which must all be rejected), then a
/// random legal move each turn, written in turn as `E3`, `3e`, `e3` and `3E`, until
/// `stop_after` moves, then the end of the input. It follows the game from the output
/// (the engine's moves and the passes) and checks every board printed against it.
struct Player {
    out: Shared,
    read: usize,
    /// Black's and white's discs.
    discs: [u64; 2],
    /// 0: black to move, 1: white.
    side: usize,
    human: usize,
    script: VecDeque<String>,
    rng: Rng,
    stop_after: usize,
    moved: usize,
    passes: [usize; 2],
    engine_moves: usize,
    /// The line being handed out, and how much of it is taken.
    line: Vec<u8>,
    at: usize,
}

impl Player {
    fn new(out: Shared, human: usize, seed: u64, script: &[&str], stop_after: usize) -> Player {
        let start = Position::start();
        Player {
            out,
            read: 0,
            discs: [start.player, start.opponent],
            side: 0,
            human,
            script: script.iter().map(|s| s.to_string()).collect(),
            rng: Rng::new(seed),
            stop_after,
            moved: 0,
            passes: [0, 0],
            engine_moves: 0,
            line: Vec::new(),
            at: 0,
        }
    }

    fn position(&self) -> Position {
        Position { player: self.discs[self.side], opponent: self.discs[1 - self.side] }
    }

    fn apply(&mut self, m: Move) {
        let next = self.position().play(m);
        self.side = 1 - self.side;
        self.discs[self.side] = next.player;
        self.discs[1 - self.side] = next.opponent;
    }

    /// Follows the output written since the last look; returns the last board printed.
    fn follow(&mut self) -> Option<Vec<String>> {
        let text = String::from_utf8(self.out.0.lock().unwrap()[self.read..].to_vec()).unwrap();
        self.read = self.out.0.lock().unwrap().len();
        let lines: Vec<&str> = text.lines().collect();
        let mut board = None;
        for (i, l) in lines.iter().enumerate() {
            let pos = self.position();
            let legal = moves_of(&pos);
            if let Some(rest) = l.strip_prefix("The engine plays ") {
                assert_ne!(self.side, self.human, "the engine moved on the player's turn");
                let m = Move::parse(&rest[..2]).expect("a square");
                assert!(legal.contains(&m) && m != Move::PASS, "the engine plays {} in {:?}", m, pos);
                self.apply(m);
                self.engine_moves += 1;
            } else if l.contains("The engine has no legal move: it passes.") {
                assert_ne!(self.side, self.human);
                assert_eq!(legal, vec![Move::PASS], "the engine passes in {:?}", pos);
                self.passes[1 - self.human] += 1;
                self.apply(Move::PASS);
            } else if l.contains("You have no legal move: you pass.") {
                assert_eq!(self.side, self.human);
                assert_eq!(legal, vec![Move::PASS], "the player passes in {:?}", pos);
                self.passes[self.human] += 1;
                self.apply(Move::PASS);
            } else if l.starts_with("  A B C D E F G H") && i + 8 < lines.len() {
                board = Some(lines[i + 1..=i + 8].iter().map(|s| s.to_string()).collect());
            }
        }
        board
    }

    /// The board as the program draws it (X black, O white).
    fn picture(&self) -> Vec<String> {
        (0..8)
            .map(|r| {
                let row: Vec<String> = (0..8)
                    .map(|c| {
                        let bit = 1u64 << (8 * r + c);
                        if self.discs[0] & bit != 0 {
                            "X"
                        } else if self.discs[1] & bit != 0 {
                            "O"
                        } else {
                            "."
                        }
                        .to_string()
                    })
                    .collect();
                format!("{} {}", r + 1, row.join(" "))
            })
            .collect()
    }

    /// The next line of input, or `None` for the end of the input.
    fn next_line(&mut self) -> Option<String> {
        let board = self.follow();
        assert!(self.out.0.lock().unwrap().ends_with(b"Your move: "), "asked for a move without a prompt");
        assert_eq!(self.side, self.human, "asked for a move on the engine's turn");
        if let Some(board) = board {
            assert_eq!(board, self.picture(), "the board printed is the game's");
        }
        if let Some(line) = self.script.pop_front() {
            return Some(line);
        }
        if self.moved == self.stop_after {
            return None;
        }
        let legal = moves_of(&self.position());
        assert!(!legal.is_empty() && legal[0] != Move::PASS, "asked for a move without one: {:?}", legal);
        let m = legal[self.rng.below(legal.len())];
        self.apply(m);
        let name = m.to_string();
        let (col, row) = (&name[..1], &name[1..]);
        let text = match self.moved % 4 {
            0 => name.clone(),
            1 => format!("{}{}", row, col.to_lowercase()),
            2 => format!("{}{}", col.to_lowercase(), row),
            _ => format!("{}{}", row, col),
        };
        self.moved += 1;
        Some(text)
    }
}

impl Read for Player {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = {
            let data = self.fill_buf()?;
            let n = data.len().min(buf.len());
            buf[..n].copy_from_slice(&data[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Player {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at == self.line.len() {
            match self.next_line() {
                Some(l) => {
                    self.line = format!("{}\n", l).into_bytes();
                    self.at = 0;
                }
                None => return Ok(&[]),
            }
        }
        Ok(&self.line[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

/// Plays `otello play` with `options` against a scripted player; returns the player
/// (after following the rest of the output), the result and the output.
fn play_game(
    options: &[&str],
    human: usize,
    seed: u64,
    script: &[&str],
    stop_after: usize,
) -> (Player, Result<(), CliError>, String) {
    let shared = Shared::default();
    let mut player = Player::new(shared.clone(), human, seed, script, stop_after);
    let mut line = vec!["play"];
    line.extend_from_slice(options);
    let mut out = shared.clone();
    let result = run_with(&line, &mut player, &mut out);
    let board = player.follow();
    if let Some(board) = board {
        assert_eq!(board, player.picture(), "the last board printed is the game's");
    }
    let text = String::from_utf8(shared.0.lock().unwrap().clone()).unwrap();
    (player, result, text)
}

#[test]
fn play_a_whole_game_with_passes_and_bad_input() {
    let script = ["A1", "D4", "zz", "pass", "moves", "", "I9"];
    let (mut found_pass, mut games) = (false, 0);
    for seed in 0..300u64 {
        let human = (seed % 2) as usize;
        let options: &[&str] = if human == 0 {
            &["--depth", "1", "--heuristic", "discs"]
        } else {
            &["--human", "white", "--depth", "1", "--heuristic", "positional"]
        };
        let script: &[&str] = if seed < 2 { &script } else { &[] };
        let (player, result, out) = play_game(options, human, seed, script, usize::MAX);
        assert!(result.is_ok(), "{:?}", result.err());
        games += 1;
        // The game ran to its end, and the verdict is that of the board.
        let pos = player.position();
        assert!(moves_of(&pos).is_empty(), "the game is over: {:?}\n{}", pos, out);
        let (b, w) = (player.discs[0].count_ones(), player.discs[1].count_ones());
        let mine = if human == 0 { b } else { w };
        let verdict = if mine * 2 > b + w {
            "you win"
        } else if mine * 2 < b + w {
            "the engine wins"
        } else {
            "a draw"
        };
        let last = out.lines().last().unwrap();
        assert_eq!(last, format!("Game over: black {}, white {}: {}.", b, w, verdict), "{}", out);
        assert!(player.engine_moves > 0);
        if human == 1 {
            assert!(out.contains("You play white (O)"));
            assert!(out.contains("The engine plays "));
        }
        if seed == 0 {
            // Each bad line is answered with a reason and a new prompt.
            assert!(out.contains("A1 flips no disc. Your legal moves: D3 C4 F5 E6."), "{}", out);
            assert!(out.contains("D4 is taken. Your legal moves: D3 C4 F5 E6."), "{}", out);
            assert!(out.contains("'zz' is not a square"), "{}", out);
            assert!(out.contains("You cannot pass while you have a move: D3 C4 F5 E6."), "{}", out);
            assert!(out.contains("Your legal moves: D3 C4 F5 E6. Also: hint, undo, quit.\n"), "{}", out);
            assert!(out.contains("'I9' is not a square"), "{}", out);
            let first_move = out.find("The engine plays").unwrap();
            assert_eq!(out[..first_move].matches("Your move: ").count(), script.len() + 1, "{}", out);
        }
        if player.passes != [0, 0] {
            found_pass = true;
            if seed >= 2 {
                break;
            }
        }
    }
    assert!(found_pass, "no game of {} had a pass", games);
}

#[test]
fn play_stops_quietly_when_the_input_ends_or_on_quit() {
    // No input at all.
    let (result, out) = run(&["play", "--depth", "1"], "");
    assert!(result.is_ok());
    assert!(out.contains("Your move: "), "{}", out);
    assert!(out.trim_end().ends_with("The game stops here."), "{}", out);
    assert!(!out.contains("Game over"));
    // A few moves, then the end of the input.
    let (player, result, out) = play_game(&["--depth", "2"], 0, 3, &[], 5);
    assert!(result.is_ok());
    assert_eq!(player.moved, 5);
    assert!(out.trim_end().ends_with("The game stops here."), "{}", out);
    // `quit`, and input without a final newline.
    let (result, out) = run(&["play", "--depth", "1"], "3d\nquit\nf5\n");
    assert!(result.is_ok());
    assert_eq!(out.matches("The engine plays").count(), 1, "{}", out);
    assert!(out.trim_end().ends_with("The game stops here."), "{}", out);
    let (result, out) = run(&["play", "--depth", "1"], "d3");
    assert!(result.is_ok());
    assert_eq!(out.matches("The engine plays").count(), 1, "{}", out);
    // The engine plays first when the human is white.
    let (result, out) = run(&["play", "--human", "white", "--depth", "1"], "");
    assert!(result.is_ok());
    let engine = out.find("The engine plays").expect("the engine moves first");
    assert!(engine < out.find("Your move: ").unwrap(), "{}", out);
}

#[test]
fn play_with_a_time_per_move_plays_legal_moves() {
    // The clock stops each search after its first iteration at the latest; how deep it
    // gets depends on the machine, so only the moves are checked, and the hint.
    let (player, result, out) = play_game(&["--time", "0.01"], 0, 4, &["hint"], 6);
    assert!(result.is_ok());
    assert_eq!(player.moved, 6);
    assert!(out.contains("30 plies deep at most, 0.01 s a move"), "{}", out);
    assert!(out.contains("Hint: "), "{}", out);
    let (player, result, _) = play_game(&["--time", "0.05", "--depth", "3", "--human", "white"], 1, 5, &[], 4);
    assert!(result.is_ok());
    assert_eq!(player.moved, 4);
    for bad in ["0", "-1", "1e3", "nan", "", "5000"] {
        let (result, _) = run(&["play", "--time", bad], "");
        let message = result.expect_err(bad).to_string();
        assert!(message.contains("--time takes seconds"), "{}: {}", bad, message);
    }
}

// ---------------------------------------------------------------------------------------
// The real binary.

fn binary(list: &[&str], stdin: Stdio) -> (Option<i32>, String, String) {
    let result = Command::new(env!("CARGO_BIN_EXE_otello"))
        .args(list)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("otello runs");
    (
        result.status.code(),
        String::from_utf8_lossy(&result.stdout).into_owned(),
        String::from_utf8_lossy(&result.stderr).into_owned(),
    )
}

#[test]
fn the_binary_exits_with_the_right_codes() {
    let (code, out, err) = binary(&["--help"], Stdio::null());
    assert_eq!(code, Some(0), "{}", err);
    assert_eq!(out, output(&["--help"]));
    assert!(err.is_empty(), "{}", err);

    let (code, out, err) = binary(&["match", "--black", "discs", "--white", "discs", "--bogus"], Stdio::null());
    assert_eq!(code, Some(2));
    assert!(out.is_empty(), "{}", out);
    assert_eq!(err.lines().count(), 1, "{:?}", err);
    assert!(err.starts_with("error: ") && err.contains("--bogus"), "{:?}", err);

    let (code, out, err) = binary(&["play", "--depth", "1"], Stdio::null());
    assert_eq!(code, Some(0), "{}", err);
    assert!(out.contains("Your move: "), "{}", out);
    assert!(err.is_empty(), "{}", err);
}

/// Runs `otello list` after the shell command `before` (a limit), `input` on its stdin
/// from a thread of its own (the binary may stop reading early), stderr to `stderr`.
#[cfg(unix)]
fn shell(before: &str, list: &[&str], input: Vec<u8>, stderr: Stdio) -> std::process::Output {
    let script = format!("{}; exec \"$0\" \"$@\"", before);
    let mut child = Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_otello")])
        .args(list)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("sh runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    let _ = writer.join();
    out
}

/// A deep `go` stops when its input ends, and the process ends with a legal move (the CPU
/// time limit only bounds a hang).
#[cfg(unix)]
#[test]
fn the_binary_stops_searching_when_its_input_ends() {
    let out = shell("ulimit -t 60", &["nboard"], b"set depth 60\ngo\n".to_vec(), Stdio::piped());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text);
    assert!(["=== D3/", "=== C4/", "=== F5/", "=== E6/"].iter().any(|m| text.contains(m)), "{}", text);
    assert!(text.ends_with("status\n"), "{}", text);
}

/// `--version` and `-V` print the version as the judge binaries do; no command is a usage
/// error after the usage; a directory as stdin is bad input; an NBoard session goes on
/// past a diagnostic that cannot be written (`2>/dev/full`) and, within 64 MiB of address
/// space, past a 100 MB line, which ends `play` in one line.
#[cfg(unix)]
#[test]
fn the_binary_versions_usage_and_streams() {
    for flag in ["--version", "-V"] {
        let (code, out, err) = binary(&[flag], Stdio::null());
        assert_eq!((code, out, err), (Some(0), format!("otello {}\n", env!("CARGO_PKG_VERSION")), String::new()));
    }
    let (code, out, err) = binary(&[], Stdio::null());
    assert_eq!((code, out.as_str()), (Some(2), ""), "{}", err);
    assert_eq!(err, format!("{}error: a command is needed (see otello --help)\n", output(&["--help"])));

    let dir = fs::File::open(env!("CARGO_MANIFEST_DIR")).unwrap();
    let (code, out, err) = binary(&["nboard"], Stdio::from(dir));
    assert_eq!((code, out.as_str()), (Some(2), ""), "{}", err);
    assert!(err.starts_with("error: cannot read the input: ") && err.lines().count() == 1, "{:?}", err);

    if let Ok(full) = fs::OpenOptions::new().write(true).open("/dev/full") {
        let out = shell("true", &["nboard"], b"bogus\nping 1\n".to_vec(), Stdio::from(full));
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(String::from_utf8_lossy(&out.stdout), "pong 1\n");
    }

    let mut long = b"ping 1\n".to_vec();
    long.resize(100_000_000, b'x');
    long.extend_from_slice(b"\nping 2\n");
    let out = shell("ulimit -v 65536", &["nboard"], long.clone(), Stdio::piped());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{}", err);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "pong 1\npong 2\n");
    assert_eq!(err, format!("error: a line longer than 65536 bytes: '{}...'\n", "x".repeat(20)));
    let out = shell("ulimit -v 65536", &["play", "--depth", "1"], long[7..].to_vec(), Stdio::piped());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{}", err);
    assert_eq!(err, format!("error: line 1: a line longer than 65536 bytes: '{}...'\n", "x".repeat(20)));
    assert!(out.stdout.len() < 4096 && out.stdout.ends_with(b"Your move: "), "{}", out.stdout.len());
}
