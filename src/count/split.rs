//! Depth-first counts on several threads: the positions a few plies below the root are
//! the tasks, taken one at a time by each thread's own [`Counter`] (with a table of its
//! own: at the counts split here few positions repeat across tasks). Judges time every
//! thread and some forbid them, so only cargo builds split (the `fast` feature).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::super::core::memory::STACK;
use super::outcomes::{Count, Outcomes};
use super::walk::{Counter, Shortcuts, Walk};

/// The root is split into at least this many tasks per thread where the first
/// [`MAX_PLIES`] plies allow: with fewer, one thread may be left with a large last task.
const TASKS_PER_THREAD: usize = 16;

/// The deepest split of the root, in plies.
const MAX_PLIES: usize = 5;

/// A task: the moves from the root to a position, and whether its player to move is the
/// root's opponent.
struct Task<M> {
    path: Vec<M>,
    theirs: bool,
}

/// The outcomes of every sequence below `walk` for its player to move, counted on
/// `threads` threads (the calling one included) with tables of up to `entries` slots and
/// `memory` bytes each; with `decide`, positions whose winner is known count only their
/// sequences.
pub fn count<W: Shortcuts, C: Count>(
    walk: &W,
    threads: usize,
    entries: usize,
    memory: usize,
    decide: bool,
) -> Outcomes<C> {
    let mut tasks = Vec::new();
    for plies in 2..=MAX_PLIES {
        tasks.clear();
        split(&mut walk.clone(), plies, false, &mut Vec::new(), &mut tasks);
        if tasks.len() >= TASKS_PER_THREAD * threads {
            break;
        }
    }
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Outcomes::<C>::default());
    let work = || {
        let mut walk = walk.clone();
        let mut mine = Outcomes::<C>::default();
        let mut counter = Counter::<W, C>::new(entries, memory).deciding(decide);
        while let Some(task) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) {
            let undos: Vec<W::Undo> = task.path.iter().map(|&m| walk.play(m)).collect();
            let o = counter.count(&mut walk);
            for (&m, undo) in task.path.iter().zip(undos).rev() {
                walk.undo(m, undo);
            }
            if task.theirs {
                mine.add_opponent(&o);
            } else {
                mine += &o;
            }
        }
        *total.lock().unwrap_or_else(|e| e.into_inner()) += &mine;
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            // A thread that cannot start only leaves more tasks to the others.
            let _ = std::thread::Builder::new().stack_size(STACK).spawn_scoped(scope, work);
        }
        work();
    });
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// Adds to `tasks` the positions `plies` plies below `walk` (or fewer where a player has
/// no move or the last cells are counted at once: such a position is one task), as paths
/// continuing `path`. `walk` is left as it was.
fn split<W: Walk>(walk: &mut W, plies: usize, theirs: bool, path: &mut Vec<W::Move>, tasks: &mut Vec<Task<W::Move>>) {
    let moves: Vec<W::Move> = walk.moves().collect();
    if plies == 0 || moves.is_empty() || walk.empties() < W::STORE_FROM {
        tasks.push(Task { path: path.clone(), theirs });
        return;
    }
    for m in moves {
        let undo = walk.play(m);
        path.push(m);
        split(walk, plies - 1, !theirs, path, tasks);
        path.pop();
        walk.undo(m, undo);
    }
}
