//! The value of every move of a position, best first: what `otello analyse` prints and
//! NBoard's `hint` sends.

use super::super::core::position::Position;
use super::endgame::Solver;
use super::eval::Eval;
use super::game::{Game, Heuristic};
use super::position::Move;
use super::search::{terminal_value, Limits, Searcher};

/// A move with its value for the player to move.
pub struct MoveValue {
    /// The move, then the line expected after it.
    pub line: Vec<Move>,
    /// Exact: the final disc difference under perfect play; else the search's value.
    pub value: i32,
}

/// Every legal move of `pos` with its value, best first (ties in the order of the moves),
/// and the positions searched: exact by `solver` if there is one (with a line of best
/// play), else by `searcher` searching each move's position `depth - 1` plies deep (its
/// heuristic value at depth 1).
///
/// ```
/// use othello::engine::analysis::move_values;
/// use othello::engine::endgame::Solver;
/// use othello::engine::eval::Eval;
/// use othello::engine::position::parse;
/// use othello::engine::search::Searcher;
/// let pos = parse("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------", "X").unwrap();
/// let mut searcher = Searcher::new(Eval::Pattern, 1 << 10);
/// let (exact, _) = move_values(&pos, Some(&mut Solver::new(1 << 16)), &mut searcher, 0);
/// assert_eq!((exact[0].line[0].to_string(), exact[0].value), ("A2".to_string(), 38));
/// let (guessed, nodes) = move_values(&pos, None, &mut searcher, 4);
/// assert_eq!(guessed.len(), exact.len());
/// assert!(nodes > 0);
/// ```
pub fn move_values(
    pos: &Position,
    mut solver: Option<&mut Solver>,
    searcher: &mut Searcher<Position, Eval>,
    depth: u32,
) -> (Vec<MoveValue>, u64) {
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    let mut nodes = 0;
    let mut found: Vec<MoveValue> = moves
        .iter()
        .map(|&m| {
            let child = pos.play(m);
            let (value, rest) = match solver.as_mut() {
                Some(solver) => {
                    let s = solver.solve(&child);
                    nodes += s.nodes;
                    (-s.score, solver.principal_variation(&child, &s))
                }
                None if child.is_over() || depth <= 1 => {
                    nodes += 1;
                    let leaf = if child.is_over() {
                        terminal_value(child.outcome())
                    } else {
                        searcher.heuristic().evaluate(&child)
                    };
                    (-leaf, Vec::new())
                }
                None => {
                    let r = searcher.search(&child, Limits::depth(depth - 1));
                    nodes += r.nodes;
                    (-r.value, r.pv)
                }
            };
            let mut line = vec![m];
            line.extend(rest);
            MoveValue { line, value }
        })
        .collect();
    found.sort_by_key(|v| -v.value);
    (found, nodes)
}
