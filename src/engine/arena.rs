//! Matches between heuristics: engines (a heuristic and a search depth) play whole games
//! of 8×8 Othello from varied openings, and the results are tallied.
//!
//! Openings are distinct positions a few random plies from the start (a seeded
//! generator makes them reproducible); each is played twice, the engines swapping
//! colours, so neither gains from a lucky opening or from moving first.

use std::time::{Duration, Instant};

use super::super::core::position::Position;
use super::super::core::rng::Rng;
use super::eval::Eval;
use super::game::Game;
use super::position::Move;
use super::search::{Limits, Searcher};

/// A player: a heuristic searched to a fixed depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Engine {
    /// The heuristic at the leaves.
    pub eval: Eval,
    /// The search depth, in plies.
    pub depth: u32,
}

impl Engine {
    /// A searcher for this engine (one per game: its table lives as long as the game).
    pub fn searcher(&self) -> Searcher<Position, Eval> {
        Searcher::new(self.eval, 1 << 16)
    }
}

/// `count` distinct positions `plies` random moves from the start (fewer if there are not
/// that many), each with whether black is to move.
pub fn openings(count: usize, plies: usize, seed: u64) -> Vec<(Position, bool)> {
    let mut rng = Rng::new(seed);
    let mut found: Vec<(Position, bool)> = Vec::new();
    let mut attempts = 0;
    while found.len() < count && attempts < 100 * count + 100 {
        attempts += 1;
        let mut pos = Position::start();
        let mut black = true;
        let mut moves = Vec::new();
        for _ in 0..plies {
            moves.clear();
            pos.moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[rng.below(moves.len())]);
            black = !black;
        }
        if !found.contains(&(pos, black)) {
            found.push((pos, black));
        }
    }
    found
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Black's discs minus white's at the end.
    pub margin: i32,
    /// The moves played, from the opening.
    pub moves: Vec<Move>,
    /// Positions searched by black and by white.
    pub nodes: [u64; 2],
    /// Time black and white spent searching.
    pub time: [Duration; 2],
}

/// Plays a game from `start` (`black_to_move` says whose turn it is) between `black`
/// and `white`.
pub fn play_game(start: Position, black_to_move: bool, black: Engine, white: Engine) -> GameResult {
    let engines = [black, white];
    let mut searchers = [black.searcher(), white.searcher()];
    let mut result = GameResult { margin: 0, moves: Vec::new(), nodes: [0; 2], time: [Duration::default(); 2] };
    let mut pos = start;
    let mut side = if black_to_move { 0 } else { 1 };
    loop {
        let t = Instant::now();
        let report = searchers[side].search(&pos, Limits::depth(engines[side].depth));
        result.time[side] += t.elapsed();
        result.nodes[side] += report.nodes;
        let m = match report.best {
            Some(m) => m,
            None => break,
        };
        result.moves.push(m);
        pos = pos.play(m);
        side = 1 - side;
    }
    let margin = pos.margin();
    result.margin = if side == 0 { margin } else { -margin };
    result
}

/// An engine's results over a match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
    /// The sum of its final disc differences.
    pub margin: i64,
    /// Positions searched.
    pub nodes: u64,
    /// Time spent searching.
    pub time: Duration,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The average final disc difference.
    pub fn average_margin(&self) -> f64 {
        self.margin as f64 / self.games().max(1) as f64
    }

    /// Positions searched per second.
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.time.as_secs_f64().max(1e-9)
    }

    fn add(&mut self, margin: i32, nodes: u64, time: Duration) {
        match margin.signum() {
            1 => self.wins += 1,
            -1 => self.losses += 1,
            _ => self.draws += 1,
        }
        self.margin += margin as i64;
        self.nodes += nodes;
        self.time += time;
    }
}

/// Plays `games` games between `a` and `b` from openings of `seed` (`plies` deep),
/// swapping colours on each opening, calling `done` after each; returns the tallies of
/// `a` and `b`.
pub fn play_match(
    a: Engine,
    b: Engine,
    games: usize,
    plies: usize,
    seed: u64,
    done: &mut dyn FnMut(),
) -> (Tally, Tally) {
    let mut tallies = (Tally::default(), Tally::default());
    let starts = openings((games + 1) / 2, plies, seed);
    for g in 0..games {
        // Few distinct openings exist a few plies deep (236 at 4): long matches reuse them.
        let (start, black_to_move) = starts[(g / 2) % starts.len()];
        let a_is_black = g % 2 == 0;
        let (black, white) = if a_is_black { (a, b) } else { (b, a) };
        let r = play_game(start, black_to_move, black, white);
        let (a_side, b_side) = if a_is_black { (0, 1) } else { (1, 0) };
        let a_margin = if a_is_black { r.margin } else { -r.margin };
        tallies.0.add(a_margin, r.nodes[a_side], r.time[a_side]);
        tallies.1.add(-a_margin, r.nodes[b_side], r.time[b_side]);
        done();
    }
    tallies
}
