//! The outcome counter: over every complete move sequence from a position (every
//! root-to-leaf path of the game tree), how many end in a win for black, a win for white,
//! or a draw. B4254 and Dumbothello ask for it.
//!
//! [`count`] walks the general board ([`board`]) with the recursive counter and its
//! transposition table ([`walk`]). Where built (the `fast` feature, which the judges'
//! single files leave out), the walk's key holds only the cells that matter
//! ([`analysis`]), and boards within 8×8 walk on 64-bit sets instead ([`bits`]), their last
//! empty cells counted at once ([`last`]), from 12 empty cells breadth first ([`levels`]);
//! other depth-first counts from 10 empty cells are split over every core ([`split`]).
//! The single files count Dumbothello's boards of up to 32 cells level by level on 64-bit
//! sets instead ([`sweep`]), where two levels fit in memory.
//!
//! Counts are exact at any size. Every move fills an empty cell and passes do not branch,
//! so `e` empty cells give at most `e!` sequences: `u64` holds them up to 20 empty cells
//! (20! < 2^64). Beyond, a count runs in `u128`, and where that saturates, again in
//! [`nat::Nat`], of any size.

#[cfg(feature = "fast")]
pub mod analysis;
#[cfg(feature = "fast")]
pub mod bits;
pub mod board;
#[cfg(feature = "fast")]
pub mod last;
#[cfg(feature = "fast")]
pub mod levels;
pub mod nat;
pub mod outcomes;
#[cfg(feature = "fast")]
pub mod split;
pub mod sweep;
pub mod walk;

#[cfg(feature = "fast")]
use self::bits::BitWalk;
use self::board::BoardWalk;
use self::nat::Nat;
use self::outcomes::{Count, Outcomes, DEEPEST};
use self::walk::{CountedWalk, Counter};
#[cfg(feature = "fast")]
use super::core::bitboard::from_board;
use super::core::board::{Board, Color};
use super::core::error::InputError;
use super::core::memory;

// The rules a count takes: in cargo builds with their 64-bit form and the analysis of a
// board, in the judges' single files on the general board, and by levels where they say.
#[cfg(feature = "fast")]
pub use self::analysis::Analyse as CountedRules;
#[cfg(not(feature = "fast"))]
pub use self::sweep::SweptRules as CountedRules;

/// How to count. The default is the fastest; the others are there to test each way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The bytes the count's tables and levels may take, and a deep count's stack
    /// (default: [`memory::budget`]).
    pub memory: usize,
    /// Whether to use transposition tables (else the depth-first tables take two slots).
    #[cfg(feature = "fast")]
    pub table: bool,
    /// Whether positions whose winner is known count only their sequences.
    #[cfg(feature = "fast")]
    pub decided: bool,
    /// Threads of a count by levels, or of a depth-first count from [`THREADS_FROM`] to 20
    /// empty cells (0: every core).
    #[cfg(feature = "fast")]
    pub threads: usize,
    /// Whether boards within 8×8 walk on 64-bit sets (else on the general board).
    #[cfg(feature = "fast")]
    pub bitboards: bool,
    /// Whether 8×8 counts from [`LEVELS_FROM`] empty cells go by levels.
    #[cfg(feature = "fast")]
    pub levels: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            memory: memory::budget().unwrap_or(memory::DEFAULT),
            #[cfg(feature = "fast")]
            table: true,
            #[cfg(feature = "fast")]
            decided: true,
            #[cfg(feature = "fast")]
            threads: 0,
            #[cfg(feature = "fast")]
            bitboards: true,
            #[cfg(feature = "fast")]
            levels: true,
        }
    }
}

/// The result of a count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Sequences won by black.
    pub black: Nat,
    /// Sequences won by white.
    pub white: Nat,
    /// Drawn sequences.
    pub draws: Nat,
}

impl Counts {
    /// The counts of `outcomes` seen by `to_move`.
    fn of<C: Count>(outcomes: &Outcomes<C>, to_move: Color) -> Counts {
        let (black, white) = match to_move {
            Color::Black => (&outcomes.wins, &outcomes.losses),
            Color::White => (&outcomes.losses, &outcomes.wins),
        };
        Counts { black: black.to_nat(), white: white.to_nat(), draws: outcomes.draws.to_nat() }
    }
}

/// Counts from this many empty cells go by levels.
#[cfg(feature = "fast")]
pub const LEVELS_FROM: usize = 12;

/// Depth-first counts from this many empty cells run on every core: below, the threads
/// cost more than they save.
#[cfg(feature = "fast")]
pub const THREADS_FROM: usize = 10;

/// Counts deeper than this many empty cells run on a thread of their own (cargo builds),
/// or are refused (the judges' files, which start no thread).
pub const DEEP: usize = 1000;

/// Stack reserved per level of a deep count: about three times what a level's frame takes.
#[cfg(feature = "fast")]
const STACK_PER_EMPTY: usize = 1024;

/// The most empty cells [`count`] takes: a 100 MB stack reservation (address space, not
/// memory), far beyond any count that ends in a lifetime.
pub const MAX_EMPTIES: usize = 100_000;

/// Counts the outcomes of every complete move sequence from `board` with `to_move` to
/// move, under rules `R`.
///
/// A board where nobody can move is its own one sequence, answered without a walk. An
/// error says why a count cannot be made: more than [`MAX_EMPTIES`] empty cells, or no
/// room for the stack a deep count needs.
///
/// ```
/// use othello::core::board::{Alphabet, Board, Color};
/// use othello::core::rules::Flanking;
/// use othello::count::{count, Options};
/// let a = Alphabet { empty: '.', black: 'B', white: 'W' };
/// let cells = [".WB", "WBW", "BW."].iter().flat_map(|r| a.row(r, 1).unwrap()).collect();
/// let c = count::<Flanking>(&Board::from_cells(3, 3, cells), Color::White, &Options::default()).unwrap();
/// assert_eq!((c.black.to_string(), c.white.to_string(), c.draws.to_string()), ("2".into(), "0".into(), "0".into()));
/// ```
pub fn count<R: CountedRules>(board: &Board, to_move: Color, options: &Options) -> Result<Counts, InputError> {
    let empties = board.empties();
    if empties > MAX_EMPTIES {
        let message = format!("the board has {} empty cells; counting takes at most {}", empties, MAX_EMPTIES);
        return Err(InputError::new(message));
    }
    if R::game_over(board, to_move) {
        let margin = board.discs(to_move) as i32 - board.discs(to_move.opponent()) as i32;
        return Ok(Counts::of(&Outcomes::leaf(margin), to_move));
    }
    if empties <= DEEP {
        return Ok(choose::<R>(board, to_move, options));
    }
    deep::<R>(board, to_move, options)
}

/// [`count`] of more than [`DEEP`] empty cells, on a thread of its own: the recursion
/// is as deep as the board has empty cells, and its stack comes out of the budget.
#[cfg(feature = "fast")]
fn deep<R: CountedRules>(board: &Board, to_move: Color, options: &Options) -> Result<Counts, InputError> {
    let empties = board.empties();
    let stack = STACK_PER_EMPTY * (empties + DEEP);
    let options = Options { memory: options.memory.saturating_sub(stack), ..*options };
    std::thread::scope(|scope| {
        let counting = std::thread::Builder::new()
            .stack_size(stack)
            .spawn_scoped(scope, || choose::<R>(board, to_move, &options))
            .map_err(|e| {
                InputError::new(format!("a count {} moves deep needs {} MB of stack: {}", empties, stack >> 20, e))
            })?;
        Ok(counting.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
    })
}

/// The judges' files start no thread: they count on the main thread, whose stack (8 MB
/// where judges say) holds [`DEEP`] levels with room to spare, and refuse deeper counts.
#[cfg(not(feature = "fast"))]
fn deep<R>(board: &Board, _: Color, _: &Options) -> Result<Counts, InputError> {
    let message = format!("the board has {} empty cells; this file counts at most {}", board.empties(), DEEP);
    Err(InputError::new(message))
}

/// [`count`] by the fastest way the board and `options` allow (see the module header).
fn choose<R: CountedRules>(board: &Board, to_move: Color, options: &Options) -> Counts {
    #[cfg(feature = "fast")]
    {
        if let (true, Some(sets)) = (options.bitboards, from_board(board)) {
            let (p, o) = sets.players(to_move);
            if options.levels && options.table && board.empties() >= LEVELS_FROM {
                let found = levels::count::<R>(p, o, sets.empty(), threads(options), options.decided, options.memory);
                if let Some(t) = found {
                    return Counts::of(&t, to_move);
                }
            }
            return depth_first(BitWalk::<R>::new(p, o, sets.empty()), to_move, options);
        }
        let walk = BoardWalk::<R>::new(board, to_move).keyed_by(&R::relevant(board));
        depth_first(walk, to_move, options)
    }
    #[cfg(not(feature = "fast"))]
    match R::swept(board, to_move, options.memory) {
        Some(outcomes) => Counts::of(&outcomes, to_move),
        None => depth_first(BoardWalk::<R>::new(board, to_move), to_move, options),
    }
}

/// The threads `options` ask for (0: every core) that fit in memory ([`memory::threads`]).
#[cfg(feature = "fast")]
fn threads(options: &Options) -> usize {
    memory::threads(match options.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    })
}

/// The count of `walk` depth first: in `u64` where it provably holds `e!` (see the module
/// header), else in saturating `u128`, and again in [`Nat`] if that saturated.
fn depth_first<W: CountedWalk>(walk: W, to_move: Color, options: &Options) -> Counts {
    if walk.empties() <= DEEPEST {
        return depth_first_as::<W, u64>(walk, to_move, options);
    }
    let counts = depth_first_as::<W, u128>(walk.clone(), to_move, options);
    let saturated = Nat::from(u128::MAX);
    if [&counts.black, &counts.white, &counts.draws].iter().all(|&n| *n != saturated) {
        return counts;
    }
    depth_first_as::<W, Nat>(walk, to_move, options)
}

/// [`depth_first`] with counts of type `C`.
fn depth_first_as<W: CountedWalk, C: Count>(mut walk: W, to_move: Color, options: &Options) -> Counts {
    #[cfg(not(feature = "fast"))]
    let entries = table_entries(walk.empties());
    #[cfg(feature = "fast")]
    let entries = if options.table { table_entries(walk.empties()) } else { 0 };
    #[cfg(feature = "fast")]
    {
        let threads = threads(options);
        if threads > 1 && (THREADS_FROM..=20).contains(&walk.empties()) {
            let t = split::count::<W, C>(&walk, threads, entries / threads, options.memory / threads, options.decided);
            return Counts::of(&t, to_move);
        }
    }
    let mut counter = Counter::<W, C>::new(entries, options.memory);
    #[cfg(feature = "fast")]
    {
        counter = counter.deciding(options.decided);
    }
    Counts::of(&counter.count(&mut walk), to_move)
}

/// The most table entries of a count: 128 MB of 64-byte slots on 8×8 boards.
pub const MAX_TABLE_ENTRIES: usize = 1 << 21;

/// The table entries for a count from `empties` empty cells: [`MAX_TABLE_ENTRIES`] from
/// 16, half as many for each empty cell fewer, and half as many again from 10 down (at
/// least 2^9): small counts store few positions, and a small table stays in the cache.
///
/// ```
/// use othello::count::{table_entries, MAX_TABLE_ENTRIES};
/// assert_eq!(table_entries(18), MAX_TABLE_ENTRIES);
/// assert_eq!(table_entries(14), MAX_TABLE_ENTRIES / 4);
/// assert_eq!(table_entries(10), 1 << 14);
/// assert_eq!(table_entries(2), 1 << 9);
/// ```
pub fn table_entries(empties: usize) -> usize {
    let shift = 16usize.saturating_sub(empties) + (empties <= 10) as usize;
    MAX_TABLE_ENTRIES >> shift.min(12)
}
