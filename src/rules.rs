//! Rule sets: what a move is, what it flips, and what happens to a player without one.
//!
//! Two rule sets share the [`Rules`] trait, each written once per board representation
//! (the general [`Board`] of any size and the 64-bit boards of [`super::bitboard`]):
//!
//! - [`Flanking`], standard Othello: a move must bracket a straight line of opponent
//!   discs between the new disc and another disc of the mover, and flips every bracketed
//!   line; a player without a move passes.
//! - [`Adjacent`], Dumbothello: a move must touch an opponent disc, and flips every
//!   opponent disc 8-adjacent to it; a player without a move ends the game.
//!
//! Provided methods build the rest once: legal moves in row-major order, playing a move,
//! and game-over detection.

use std::fmt;

use super::bitboard;
use super::board::{Board, Color, Ray, DIRECTIONS};

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The cell already holds a disc.
    Occupied,
    /// The move would flip no disc.
    NoFlips,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match *self {
            IllegalMove::Occupied => "the square is occupied",
            IllegalMove::NoFlips => "the move flips no disc",
        })
    }
}

/// What the rules say of a board before it is counted ([`Rules::analysis`]).
pub struct Analysis {
    /// [`Rules::relevant`]: per cell, whether it matters to the rest of the game.
    pub relevant: Vec<bool>,
    /// [`Rules::independent`]: whether the empty cells are independent.
    pub independent: bool,
    /// With the `wide` feature, [`Rules::changeable`]: per cell, whether its disc may
    /// change (without it, as the default analysis makes it, none).
    pub changeable: Vec<bool>,
}

/// [`Rules::changeable`] for the default [`Rules::analysis`].
#[cfg(feature = "wide")]
fn changeable<R: Rules>(board: &Board) -> Vec<bool> {
    R::changeable(board)
}

/// Without the `wide` feature nothing asks which cells may change.
#[cfg(not(feature = "wide"))]
fn changeable<R: Rules>(_: &Board) -> Vec<bool> {
    Vec::new()
}

/// A rule set, written once for the general board, once for 64-bit boards and (with the
/// `wide` feature) once for the bit sets of [`super::wide`]. Rule sets hold no state: a
/// type is the rule set (so walks over it can derive `Clone`).
pub trait Rules: Copy {
    /// Whether a player without a legal move passes (`true`, Othello) or the game then
    /// ends (`false`, Dumbothello).
    const PASSES: bool;

    /// Appends to `out` the cells that `color` flips by playing on the empty cell `at`,
    /// and returns how many it appended (0: the move is illegal).
    fn flips(board: &Board, color: Color, at: usize, out: &mut Vec<usize>) -> usize;

    /// How many cells `color` flips by playing on the empty cell `at` (0: illegal).
    fn flip_count(board: &Board, color: Color, at: usize) -> usize;

    /// Whether `color` may play on the empty cell `at` (cheaper than [`Rules::flips`]).
    fn is_legal(board: &Board, color: Color, at: usize) -> bool;

    /// On a 64-bit board: the cells among `empty` where the player with discs `p` may
    /// play against discs `o`.
    fn bit_moves(p: u64, o: u64, empty: u64) -> u64;

    /// On a 64-bit board: the discs flipped when the player with discs `p` plays the legal
    /// move `sq` against discs `o`.
    fn bit_flips(p: u64, o: u64, sq: u32) -> u64;

    /// On 64-bit boards, positions with this many empty cells are counted at once by
    /// [`Rules::bit_last_cells`] (0: by none).
    const BIT_LAST_CELLS: u32 = 0;

    /// On a 64-bit board whose [`Rules::BIT_LAST_CELLS`] empty cells are `empty`: over
    /// every sequence of moves, `[wins, losses, draws]` of the player with discs `p` to
    /// move against `o` with margin `margin` (`outcomes`), or `[sequences, 0, 0]` (not
    /// `outcomes`). `None` if that player has no move (the caller counts the pass).
    #[inline]
    fn bit_last_cells(_p: u64, _o: u64, _empty: u64, _margin: i32, _outcomes: bool) -> Option<[u64; 3]> {
        None
    }

    /// The cells that matter to the rest of the game from `board`: the empty cells,
    /// every disc that a later move could flip, and every disc that could close a run
    /// that flips (a superset of them is fine). Every other cell keeps its disc to the
    /// end whoever moves, and taking it off the board changes no move and no flip.
    fn relevant(board: &Board) -> Vec<bool>;

    /// The cells whose disc may change in the rest of the game from `board`: the empty
    /// cells and every disc a later move could flip (a superset is fine), the cells that
    /// [`super::wide`] keeps. By default the cells that matter.
    #[cfg(feature = "wide")]
    fn changeable(board: &Board) -> Vec<bool> {
        Self::relevant(board)
    }

    /// On the bit sets of [`super::wide`] (up to 252 cells of a board): the discs flipped
    /// when the player with discs `p` plays on the empty cell `sq` against discs `o` (0:
    /// illegal).
    #[cfg(feature = "wide")]
    fn wide_flips<S: super::wide::Set>(g: &super::wide::Geometry<S>, p: S, o: S, sq: u32) -> S;

    /// Whether [`Rules::wide_last_four`] counts the last four cells of a [`super::wide`]
    /// walk.
    #[cfg(feature = "wide")]
    const WIDE_LAST_FOUR: bool = false;

    /// Whether a run of discs of one colour that only moves along one line can flip (or
    /// close a run) always flips whole or not at all, so that it can stand as one cell
    /// where only the sequences matter ([`super::wide::Runs`]): under the standard rules,
    /// where a flip runs from the cell played over the opponent's discs to the mover's.
    #[cfg(feature = "wide")]
    const WHOLE_RUNS: bool = false;

    /// On the sets of [`super::wide`] (geometry `g`) whose only empty cells are those of
    /// `four`: as [`Rules::bit_last_cells`] (`[sequences, 0, 0]` without `outcomes`),
    /// `None` if the player with discs `p` has no move. Only called where
    /// [`Rules::WIDE_LAST_FOUR`].
    #[cfg(feature = "wide")]
    #[inline]
    fn wide_last_four<S: super::wide::Set>(_g: &super::wide::Geometry<S>, _four: &super::wide::Four<S>, _p: S, _o: S, _margin: i32, _outcomes: bool) -> Option<[u64; 3]> {
        None
    }

    /// Whether the empty cells of `board` are independent: whoever plays and in whatever
    /// order, no move changes whether, or how many discs, a move on another empty cell
    /// flips. Each empty cell then keeps its flip counts from `board` until it is played
    /// (see [`super::independent`]). `false` is always safe: it only forgoes a shortcut;
    /// boards with more than 64 empty cells get it.
    fn independent(board: &Board) -> bool;

    /// [`Rules::relevant`], [`Rules::independent`] and (with the `wide` feature)
    /// [`Rules::changeable`] of one board at once (by default one after another), for the
    /// counter, which asks all three of a large board.
    fn analysis(board: &Board) -> Analysis {
        Analysis { relevant: Self::relevant(board), independent: Self::independent(board), changeable: changeable::<Self>(board) }
    }

    /// On a full 8×8 board but for the cell `sq`: how many discs the player with discs `p`
    /// flips by playing there (every cell but `sq` and `p`'s is the opponent's).
    fn bit_last_flips(p: u64, sq: u32) -> u32;

    /// On a 64-bit board whose only playable cells are `empty`: discs of `own` (against
    /// `other`) that no sequence of moves can ever flip. An underestimate is sound;
    /// cells of neither set nor `empty` lie outside the board.
    fn bit_stable(own: u64, other: u64, empty: u64) -> u64;

    /// The legal moves of `color`, as cell indices in row-major order.
    ///
    /// ```
    /// use othello::board::{Board, Color};
    /// use othello::rules::{Flanking, Rules};
    /// let b = Board::start(8);
    /// let moves: Vec<_> = Flanking::legal_moves(&b, Color::Black).iter().map(|&i| b.coords(i)).collect();
    /// assert_eq!(moves, vec![(2, 3), (3, 2), (4, 5), (5, 4)]);
    /// ```
    fn legal_moves(board: &Board, color: Color) -> Vec<usize> {
        (0..board.len())
            .filter(|&i| board.cell(i).is_none() && Self::is_legal(board, color, i))
            .collect()
    }

    /// Whether `color` has a legal move.
    fn has_move(board: &Board, color: Color) -> bool {
        (0..board.len()).any(|i| board.cell(i).is_none() && Self::is_legal(board, color, i))
    }

    /// Whether the game is over with `to_move` to move: neither side can move under
    /// passing rules, or `to_move` cannot move when there is no passing.
    fn game_over(board: &Board, to_move: Color) -> bool {
        !Self::has_move(board, to_move) && (!Self::PASSES || !Self::has_move(board, to_move.opponent()))
    }

    /// Plays `color` on cell `at`: places the disc and flips every disc the move captures.
    /// Returns how many discs flipped, or why the move is illegal (the board is then
    /// unchanged).
    ///
    /// ```
    /// use othello::board::{Board, Color};
    /// use othello::rules::{Flanking, IllegalMove, Rules};
    /// let mut b = Board::start(8);
    /// assert_eq!(Flanking::play(&mut b, Color::Black, 2 * 8 + 3), Ok(1));
    /// assert_eq!((b.discs(Color::Black), b.discs(Color::White)), (4, 1));
    /// assert_eq!(Flanking::play(&mut b, Color::White, 0), Err(IllegalMove::NoFlips));
    /// assert_eq!(Flanking::play(&mut b, Color::White, 2 * 8 + 3), Err(IllegalMove::Occupied));
    /// ```
    fn play(board: &mut Board, color: Color, at: usize) -> Result<usize, IllegalMove> {
        if board.cell(at).is_some() {
            return Err(IllegalMove::Occupied);
        }
        let mut flipped = Vec::new();
        if Self::flips(board, color, at, &mut flipped) == 0 {
            return Err(IllegalMove::NoFlips);
        }
        board.set(at, Some(color));
        for &i in &flipped {
            board.set(i, Some(color));
        }
        Ok(flipped.len())
    }
}

/// Standard Othello rules: bracketing lines flip; a player without a move passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flanking;

impl Flanking {
    /// Reads the run of opponent discs along `ray`, handing each of its cells to `each`
    /// as it goes, and says whether a disc of `color` closes it (the run then flips).
    #[inline(always)]
    fn scan<F: FnMut(usize)>(board: &Board, color: Color, ray: Ray, mut each: F) -> bool {
        let (mine, opponent) = (Some(color), Some(color.opponent()));
        for i in ray {
            let cell = board.cell(i);
            if cell != opponent {
                return cell == mine;
            }
            each(i);
        }
        false
    }

    /// The length of the run of opponent discs along `ray` if a disc of `color` closes
    /// it, else 0.
    #[inline]
    fn bracket(board: &Board, color: Color, ray: Ray) -> usize {
        let mut run = 0;
        if Flanking::scan(board, color, ray, |_| run += 1) {
            run
        } else {
            0
        }
    }
}

impl Rules for Flanking {
    const PASSES: bool = true;

    /// One pass along each ray: the run's cells are listed as they are read, and taken
    /// back if no disc of `color` closes it.
    fn flips(board: &Board, color: Color, at: usize, out: &mut Vec<usize>) -> usize {
        let start = out.len();
        for &ray in board.rays(at).iter() {
            let run = out.len();
            if !Flanking::scan(board, color, ray, |i| out.push(i)) {
                out.truncate(run);
            }
        }
        out.len() - start
    }

    fn flip_count(board: &Board, color: Color, at: usize) -> usize {
        board.rays(at).iter().map(|&ray| Flanking::bracket(board, color, ray)).sum()
    }

    fn is_legal(board: &Board, color: Color, at: usize) -> bool {
        board.rays(at).iter().any(|&ray| Flanking::bracket(board, color, ray) > 0)
    }

    /// The cells that a fixed point over the runs from each empty cell reaches
    /// (`flanking_analysis`, below in the source): the empty cells, the discs a run may
    /// flip, and the discs that may close one.
    fn relevant(board: &Board) -> Vec<bool> {
        flanking_analysis(board).0
    }

    /// From the same fixed point: the empty cells and the discs a run may flip.
    #[cfg(feature = "wide")]
    fn changeable(board: &Board) -> Vec<bool> {
        flanking_analysis(board).2
    }

    #[cfg(feature = "wide")]
    #[inline(always)]
    fn wide_flips<S: super::wide::Set>(g: &super::wide::Geometry<S>, p: S, o: S, sq: u32) -> S {
        super::wide::flanking_flips(g, p, o, sq)
    }

    /// Where the build targets AVX-512 (the `avx512` feature), as on 64-bit boards.
    #[cfg(all(feature = "wide", feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    const WIDE_LAST_FOUR: bool = true;

    /// A flip runs over the opponent's discs next to the cell played, so it takes all of
    /// a run of one colour or none of it.
    #[cfg(feature = "wide")]
    const WHOLE_RUNS: bool = true;

    /// [`bitboard::lanes::count_four`] on the sets of [`super::wide`] (see
    /// [`super::wide::count_four`]), where the build targets AVX-512.
    #[cfg(all(feature = "wide", feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    #[inline]
    fn wide_last_four<S: super::wide::Set>(g: &super::wide::Geometry<S>, four: &super::wide::Four<S>, p: S, o: S, margin: i32, outcomes: bool) -> Option<[u64; 3]> {
        super::wide::count_four(g, four, p, o, margin, outcomes)
    }

    /// The three from one fixed point (`flanking_analysis`): on a 100×100 board, each
    /// costs about 0.2 ms.
    fn analysis(board: &Board) -> Analysis {
        let (relevant, independent, changeable) = flanking_analysis(board);
        Analysis { relevant, independent, changeable }
    }

    /// From the same fixed point as [`Rules::relevant`]: independent when the runs of its
    /// last pass read only cells that hold a disc no other move can change.
    fn independent(board: &Board) -> bool {
        flanking_analysis(board).1
    }

    #[inline]
    fn bit_moves(p: u64, o: u64, empty: u64) -> u64 {
        bitboard::flanking_moves(p, o, empty)
    }

    #[inline]
    fn bit_flips(p: u64, o: u64, sq: u32) -> u64 {
        bitboard::flanking_flips(p, o, sq)
    }

    /// Four, where the build targets AVX-512 ([`bitboard::lanes::last_four`]).
    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    const BIT_LAST_CELLS: u32 = 4;

    /// [`bitboard::lanes::last_four`] where the build targets AVX-512.
    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    #[inline]
    fn bit_last_cells(p: u64, o: u64, empty: u64, margin: i32, outcomes: bool) -> Option<[u64; 3]> {
        // SAFETY: the build targets a processor with the three features (`target_feature`).
        unsafe { bitboard::lanes::last_four::<false>(p, o, empty, margin, outcomes) }
    }

    #[inline]
    fn bit_last_flips(p: u64, sq: u32) -> u32 {
        bitboard::last_flips(p, sq)
    }

    /// [`bitboard::stable_discs`]: cells outside the board are never filled, which it
    /// allows for.
    fn bit_stable(own: u64, other: u64, _empty: u64) -> u64 {
        bitboard::stable_discs(own, other)
    }
}

/// The cells that matter under the flanking rules ([`Rules::relevant`]), whether the
/// empty cells are independent ([`Rules::independent`]), and the cells that may change
/// (the empty ones and those a run may flip).
///
/// A disc flips only as part of a run between an empty cell `e` (where the move is
/// made) and a disc of the other colour, all as they are just before `e` is played:
/// by then a cell can have changed only through moves on other empty cells. So, to a
/// fixed point, each cell records which empty cells' moves may change it (a bit set;
/// with more than 64 empty cells, only whether any may); along each ray from `e`,
/// a cell may hold either colour if it is empty or may be changed from elsewhere, and
/// the first `k` cells may flip if they may all hold one colour and the next may hold
/// the other (that next cell may close the run).
///
/// A move on `f` changes a cell only along the one ray from `f` through it, and only
/// once every cell between them holds a disc. So if `e` lies between them, that change
/// comes after `e` is played and does not count for `e`'s runs. Without this rule two
/// empty cells on one line would lengthen each other's runs without end (a 100×100
/// board with a 2×5 block of empty cells: 1,424 cells that matter instead of 237).
///
/// The empty cells are independent if, at the fixed point, no run read a cell that is
/// empty or may be changed by another move: each run then ends where it ends on `board`
/// until its own cell is played.
fn flanking_analysis(board: &Board) -> (Vec<bool>, bool, Vec<bool>) {
    let empties: Vec<usize> = (0..board.len()).filter(|&i| board.cell(i).is_none()).collect();
    let coarse = empties.len() > 64;
    let mut relevant: Vec<bool> = board.cells().iter().map(|c| c.is_none()).collect();
    // Per cell: the empty cells whose moves may change it (bit 0 for all if coarse).
    let mut causes = vec![0u64; board.len()];
    // Whether a run of the last pass read a cell that is empty or may change: the
    // last pass runs with the final `causes`.
    let read_changeable = std::cell::Cell::new(false);
    let mut changed = true;
    while changed {
        changed = false;
        read_changeable.set(false);
        for (j, &e) in empties.iter().enumerate() {
            let me = if coarse { 1 } else { 1u64 << j };
            // Bit 0: may be black; bit 1: may be white, just before `e` is played.
            let may = |causes: &[u64], i: usize| -> u8 {
                let elsewhere = if coarse {
                    causes[i] != 0
                } else {
                    // A cause whose run to `i` passes `e` changes `i` only after `e`
                    // is played.
                    let others = causes[i] & !me;
                    (0..empties.len()).any(|k| others >> k & 1 == 1 && !between(board, empties[k], e, i))
                };
                let may = match board.cell(i) {
                    None => 3,
                    _ if elsewhere => 3,
                    Some(Color::Black) => 1,
                    Some(Color::White) => 2,
                };
                if may == 3 {
                    read_changeable.set(true);
                }
                may
            };
            for d in 0..DIRECTIONS.len() {
                let ray: Vec<usize> = board.ray(e, d).collect();
                for run_colour in [1u8, 2u8].iter() {
                    let closer = 3 - run_colour;
                    for k in 0..ray.len() {
                        if may(&causes, ray[k]) & run_colour == 0 {
                            break;
                        }
                        if k + 1 < ray.len() && may(&causes, ray[k + 1]) & closer != 0 {
                            // ray[..=k] may flip when `e` is played, closed by ray[k + 1].
                            relevant[ray[k + 1]] = true;
                            for &i in &ray[..=k] {
                                relevant[i] = true;
                                if causes[i] & me == 0 {
                                    causes[i] |= me;
                                    changed = true;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    let changeable = (0..board.len()).map(|i| causes[i] != 0 || board.cell(i).is_none()).collect();
    (relevant, !coarse && !read_changeable.get(), changeable)
}

/// Whether cell `b` lies strictly between cells `a` and `c` on a straight line (row,
/// column or diagonal) from `a` through `c`.
fn between(board: &Board, a: usize, b: usize, c: usize) -> bool {
    let ((ar, ac), (br, bc), (cr, cc)) = (board.coords(a), board.coords(b), board.coords(c));
    let (dr1, dc1) = (br as i64 - ar as i64, bc as i64 - ac as i64);
    let (dr2, dc2) = (cr as i64 - ar as i64, cc as i64 - ac as i64);
    let collinear = dr1 * dc2 == dc1 * dr2 && dr1 * dr2 >= 0 && dc1 * dc2 >= 0;
    collinear && (dr1, dc1) != (0, 0) && dr1.abs().max(dc1.abs()) < dr2.abs().max(dc2.abs())
}

/// Dumbothello rules: a move must touch an opponent disc and flips every adjacent one; a
/// player without a move ends the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjacent;

impl Rules for Adjacent {
    const PASSES: bool = false;

    fn flips(board: &Board, color: Color, at: usize, out: &mut Vec<usize>) -> usize {
        let start = out.len();
        let opponent = Some(color.opponent());
        for d in 0..DIRECTIONS.len() {
            if let Some(i) = board.step(at, d) {
                if board.cell(i) == opponent {
                    out.push(i);
                }
            }
        }
        out.len() - start
    }

    fn flip_count(board: &Board, color: Color, at: usize) -> usize {
        let opponent = Some(color.opponent());
        (0..DIRECTIONS.len()).filter(|&d| board.step(at, d).map_or(false, |i| board.cell(i) == opponent)).count()
    }

    fn is_legal(board: &Board, color: Color, at: usize) -> bool {
        let opponent = Some(color.opponent());
        (0..DIRECTIONS.len()).any(|d| board.step(at, d).map_or(false, |i| board.cell(i) == opponent))
    }

    /// Moves are made on empty cells and flip only their neighbours.
    fn relevant(board: &Board) -> Vec<bool> {
        let mut live = vec![false; board.len()];
        for e in (0..board.len()).filter(|&i| board.cell(i).is_none()) {
            live[e] = true;
            for d in 0..DIRECTIONS.len() {
                if let Some(i) = board.step(e, d) {
                    live[i] = true;
                }
            }
        }
        live
    }

    #[cfg(feature = "wide")]
    #[inline]
    fn wide_flips<S: super::wide::Set>(g: &super::wide::Geometry<S>, _p: S, o: S, sq: u32) -> S {
        super::wide::adjacent_flips(g, o, sq)
    }

    /// A move changes its own cell and its neighbours, and looks at its neighbours: two
    /// empty cells are independent if they are at least three cells apart (in rows or
    /// columns).
    fn independent(board: &Board) -> bool {
        let empties: Vec<(usize, usize)> = (0..board.len()).filter(|&i| board.cell(i).is_none()).map(|i| board.coords(i)).collect();
        let apart = |a: (usize, usize), b: (usize, usize)| a.0.max(b.0) - a.0.min(b.0) >= 3 || a.1.max(b.1) - a.1.min(b.1) >= 3;
        empties.len() <= 64 && empties.iter().enumerate().all(|(k, &a)| empties[k + 1..].iter().all(|&b| apart(a, b)))
    }

    #[inline]
    fn bit_moves(_p: u64, o: u64, empty: u64) -> u64 {
        bitboard::adjacent_moves(o, empty)
    }

    #[inline]
    fn bit_flips(_p: u64, o: u64, sq: u32) -> u64 {
        bitboard::adjacent_flips(o, sq)
    }

    #[inline]
    fn bit_last_flips(p: u64, sq: u32) -> u32 {
        bitboard::adjacent_flips(!p, sq).count_ones()
    }

    /// Four, where the build targets AVX-512 ([`bitboard::lanes::last_four`]).
    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    const BIT_LAST_CELLS: u32 = 4;

    /// [`bitboard::lanes::last_four`] where the build targets AVX-512.
    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    #[inline]
    fn bit_last_cells(p: u64, o: u64, empty: u64, margin: i32, outcomes: bool) -> Option<[u64; 3]> {
        // SAFETY: the build targets a processor with the three features (`target_feature`).
        unsafe { bitboard::lanes::last_four::<true>(p, o, empty, margin, outcomes) }
    }

    /// A disc flips only when a move is made next to it, so the discs without an empty
    /// neighbour never do.
    fn bit_stable(own: u64, _other: u64, empty: u64) -> u64 {
        own & !bitboard::neighbours(empty)
    }
}

#[cfg(test)]
mod tests;
