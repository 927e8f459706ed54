//! The solver on several threads: young brothers wait. Where a position of
//! [`super::SPLIT_FROM`] or more empty squares has searched its first two moves without a cut, idle threads
//! take its other moves, one at a time, sharing the table; a move that cuts stops the
//! others, whose unfinished searches store nothing.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::super::super::core::memory;
use super::super::super::core::table::Table;
use super::{Children, Solver, HEARTBEAT, LOOK_EVERY, MIDGAME_ENTRIES};

/// What the threads of a split share: the best score and move so far among the split
/// position's moves, and the window's lower end it has raised.
struct SplitState {
    best: i32,
    best_sq: u8,
    alpha: i32,
}

impl Solver {
    /// A helper for a split that `cut` stops: the same table and threads, a midgame table
    /// and counts of its own.
    fn helper(&self, cut: &Arc<AtomicBool>) -> Solver {
        let now = Instant::now();
        let mut stops = self.stops.clone();
        stops.push(cut.clone());
        Solver {
            table: self.table.clone(),
            idle: self.idle.clone(),
            stops,
            mid_table: Table::new(MIDGAME_ENTRIES, memory::budget().unwrap_or(memory::DEFAULT) / 16),
            level: self.level,
            nodes: 0,
            observer: None,
            every: HEARTBEAT,
            next_look: LOOK_EVERY,
            started: now,
            heard: now,
        }
    }

    /// Whether the search was told to stop: the flag of [`Solver::stop_when`] is up, or a
    /// split it works for was cut. A solve that ends stopped has no meaningful result.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stops.iter().any(|s| s.load(Ordering::Relaxed))
    }

    /// Searches `children[from..]` with the window `alpha..beta` on this thread and the
    /// idle ones, each taking the next move, and returns the best score and move of all
    /// the children with `best` (those before `from`); `None` if no thread was idle. A
    /// move reaching `beta` cuts: the others stop, their searches unfinished and unstored.
    pub(super) fn split(
        &mut self,
        children: &Children,
        from: usize,
        best: (i32, u8),
        alpha: i32,
        beta: i32,
    ) -> Option<(i32, u8)> {
        let (cut, next) = (Arc::new(AtomicBool::new(false)), AtomicUsize::new(from));
        let state = Mutex::new(SplitState { best: best.0, best_sq: best.1, alpha });
        let list = &children.items[..children.len];
        let work = |solver: &mut Solver| loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= list.len() || solver.stopped() {
                break;
            }
            let c = list[k];
            let a = state.lock().unwrap_or_else(|e| e.into_inner()).alpha;
            let probe = -solver.search(c.pos, -a - 1, -a);
            let score = if probe > a && probe < beta && !solver.stopped() {
                -solver.search(c.pos, -beta, -probe)
            } else {
                probe
            };
            if solver.stopped() {
                break;
            }
            let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
            if score > s.best {
                *s = SplitState { best: score, best_sq: c.sq as u8, alpha: s.alpha.max(score) };
            }
            if score >= beta {
                cut.store(true, Ordering::Relaxed);
            }
        };
        let mut helped = false;
        let mut helper_nodes = 0;
        std::thread::scope(|scope| {
            let mut handles = Vec::new();
            while handles.len() < list.len() - from - 1
                && self
                    .idle
                    .fetch_update(Ordering::AcqRel, Ordering::Relaxed, |k| if k > 0 { Some(k - 1) } else { None })
                    .is_ok()
            {
                let (mut helper, work) = (self.helper(&cut), &work);
                match std::thread::Builder::new().stack_size(memory::STACK).spawn_scoped(scope, move || {
                    work(&mut helper);
                    helper.nodes
                }) {
                    Ok(handle) => handles.push(handle),
                    Err(_) => {
                        // No thread to be had: this one does the work.
                        self.idle.fetch_add(1, Ordering::AcqRel);
                        break;
                    }
                }
            }
            helped = !handles.is_empty();
            if helped {
                self.stops.push(cut.clone());
                work(self);
                self.stops.pop();
                // No move left to take: the helpers' splits may have this processor.
                self.idle.fetch_add(1, Ordering::AcqRel);
            }
            for handle in handles {
                helper_nodes += handle.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
                self.idle.fetch_add(1, Ordering::AcqRel);
            }
            if helped {
                self.idle.fetch_sub(1, Ordering::AcqRel);
            }
        });
        self.nodes += helper_nodes;
        let found = state.into_inner().unwrap_or_else(|e| e.into_inner());
        if helped {
            Some((found.best, found.best_sq))
        } else {
            None
        }
    }
}
