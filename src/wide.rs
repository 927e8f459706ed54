//! Boards beyond 8×8 whose cells that may change number at most 1020 (9×9 to 13×13 with
//! 10 empty cells, large boards whose empty cells lie close together, such as a 2×5 block
//! or a 1×10 row on 100×100, and boards of mostly one colour, whose long runs let moves
//! flip far away) on bit sets of those cells ([`Set`]: `u64` where they fit with the
//! anchors below, else `u128`, else [`U256`], [`U512`] or [`U1024`]), and the counter's
//! walk on them ([`WideWalk`]).
//!
//! Only the cells that may change are kept ([`Rules::changeable`]: the empty cells and
//! the discs a run may flip), numbered in row-major order from bit 2: the `k`-th kept cell
//! is bit `k + 2`. Every other disc holds its colour to the end, so it takes part in a
//! move only as the end of a run: each ray of a kept cell runs over kept cells up to the
//! first cell that is not kept and, if that is a disc, ends in an *anchor* of the disc's
//! colour. The anchors are four bits, one per colour below every kept cell (bit 0 black,
//! bit 1 white) and one above (bits `n + 2` and `n + 3` for `n` kept cells), held by the
//! players like discs: a ray's anchor is its last bit, in the order of the ray. The discs
//! left off become the walk's bias, as on 64-bit boards.
//!
//! [`Geometry`] keeps each kept cell's eight rays; in row-major order a ray's bits grow
//! along it (east to south-west) or shrink (the other four directions). Moves are found
//! cell by cell among the empty cells of the start (at most 64): along each ray, the first
//! bit that is not an opponent disc is the lowest set bit of the ray without the opponent's
//! discs (where bits grow) or the highest, and the cells before it flip if it is the
//! player's, disc or anchor. The last four empty cells are counted level by level, or,
//! under the standard rules where the build targets AVX-512, with the 24 orders of their
//! moves in vector lanes as on 64-bit boards (`super::bitboard::lanes`): on wider sets
//! packed into 64 bits where the four cells and their rays fit (`pext` keeps the bits'
//! order, so each ray still grows or shrinks), or there with the anchors apart where only
//! they take them past 64 bits, else into 128 bits, counted with a vector of low words
//! and one of high words, or on wider sets into three to eight words, twelve or sixteen
//! (up to 1024 bits, the widest sets'), counted with a vector per word. The
//! packed rays of each set of four of the start's empty cells are made once ([`Four`]).
//! Where they take at most two words, the counts are cached by the discs on the rays
//! (`FourCache`): positions that differ elsewhere share one.
//!
//! The table key of a position is the discs of the player to move together with the
//! empty cells (`p | empty`) from bit 1, or from bit 2 where the colour to move does not
//! matter (no anchor and no bias), then which of the start's empty cells are still empty:
//! two words on 64- and 128-bit sets ([`WideWalk::new`] declines boards whose key needs
//! more bits than that), and on wider sets the set and a word of its own for the empty
//! cells (5 to 17 words, whose threads then share a table behind locks).
//!
//! Where the discs left off decide the winner from the start, only the sequences count,
//! and a run of discs of one colour that only one line reads flips whole or not at all:
//! it is kept as its first cell alone, the others passed over by the rays as that cell
//! ([`Runs`]). Boards of mostly one colour shrink most (the bench's slowest from 648
//! cells that may change to 108), often to narrower sets, and some past 1020 cells come
//! within them.
//!
//! The bit sets are in `wide::set` and the rays with the flips of a move on them in
//! `wide::geometry` (both re-exported here); this file holds the four cells' packing for
//! the lanes ([`Four`], `count_four`), the runs ([`Runs`]) and the walk.

use std::marker::PhantomData;
use std::sync::Arc;

use super::board::{Board, Color};
use super::bitboard::Bits;
use super::count::{decided_by, tally, Walk};
use super::rules::Rules;

mod geometry;
mod set;

pub use self::geometry::{adjacent_flips, flanking_flips, ray_flips, Geometry, MAX_KEPT};
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd"))]
pub use self::geometry::{gathered_flips, vector_flips, vector_flips_256, vector_flips_64};
pub use self::set::{Double, Set, U1024, U256, U512};
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
use super::bitboard::lanes::Deltas;
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
use super::table::mix;

/// Four empty cells of a [`Geometry`] made ready for the vector lanes of
/// `super::bitboard::lanes` (the `avx512` feature; see `count_four`): their rays in
/// 64-bit words where the four cells and their rays hold at most 64 bits, else in 128-bit
/// words, else in three to sixteen 64-bit words, packed into those bits in order on wider
/// sets (`pext` keeps each ray growing or shrinking), and the cells' bit numbers there.
///
/// The packing reads every ray of the four cells (on 512-bit sets, eight `pext` a ray), so
/// [`WideWalk`] makes these once per set of four of the start's empty cells
/// ([`FOURS_UP_TO`]) instead of at every count.
///
/// ```
/// use othello::board::{Board, Color};
/// use othello::wide::{Four, Geometry};
/// let mut b = Board::new(10, 10);
/// for i in 0..100 {
///     b.set(i, Some(if i % 3 == 0 { Color::Black } else { Color::White }));
/// }
/// let kept: Vec<usize> = (0..100).collect();
/// let g = Geometry::<u128>::new(&b, &kept).unwrap();
/// // The 2×2 corner a1 b1 a2 b2 (bits 2, 3, 12, 13) and its rays: rows 1 and 2, columns
/// // a and b, three diagonals; 58 of the 104 bits, packed into one word.
/// assert_eq!(Four::new(&g, [2, 3, 12, 13]).packed_bits(), Some(58));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Four<S> {
    /// The bits kept by the packing, if packed.
    used: Option<S>,
    /// The four cells and their rays (what the packing keeps, packed or not).
    reach: S,
    /// The anchors of the rays where they are packed apart from the cells
    /// ([`Rays::Anchored`]), else none.
    anchors: S,
    /// The four cells' bit numbers in the (packed) words.
    at: [u32; 4],
    /// Per cell and direction, its ray in those words.
    rays: Rays,
}

/// The rays of a [`Four`]: packed into 64-bit words, 128-bit ones or three to sixteen
/// 64-bit words (on wider sets past 128 bits; per cell, word by word), or not packed
/// (the geometry's own, on 64-bit sets and on 128-bit ones past 64 bits).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Rays {
    Narrow([[u64; 8]; 4]),
    /// The cells of the rays in one word, their anchors (bits 0 to 3, in order) apart in
    /// the high word ([`Four::anchored`]): where the cells take at most 64 bits and the
    /// anchors take them past it.
    Anchored([[u128; 8]; 4]),
    Wide([[u128; 8]; 4]),
    /// Three to eight words, twelve or sixteen ([`lane_words`]): per cell and word, the
    /// eight directions (cell `k`, word `w` of `n` at `n k + w`).
    Words(Box<[[u64; 8]]>),
    Unpacked,
}

/// The words of the lanes for four cells whose rays take `bits` bits past 128: as many
/// as they need up to eight, else twelve or sixteen (fewer sizes, fewer copies of the
/// lanes' code). Until 2026-11-26 the lanes took at most eight and the walk counted
/// wider ones level by level, a quarter of the time of the slowest board of mostly one
/// colour, for 17 of its 210 sets of four cells (nine words each): 47 → 40 ms.
fn lane_words(bits: u32) -> usize {
    match (bits as usize + 63) / 64 {
        n @ 0..=8 => n,
        9..=12 => 12,
        _ => 16,
    }
}

impl<S: Set> Four<S> {
    /// The cells `cells` (bit numbers) of `g` made ready for the lanes: the sets take at
    /// most 1024 bits, so their cells and rays always fit sixteen words.
    pub fn new(g: &Geometry<S>, cells: [u32; 4]) -> Four<S> {
        let used = g.reach(cells[0]) | g.reach(cells[1]) | g.reach(cells[2]) | g.reach(cells[3]);
        let n = used.count();
        let anchors = used & (g.anchors(Color::Black) | g.anchors(Color::White));
        if n > 64 && n - anchors.count() <= 64 {
            // The cells in one word, the anchors apart.
            let kept = used & !anchors;
            let at = cells.map(|c| (kept & S::bit(c).less_one()).count());
            let mut four = Four { used: Some(kept), reach: used, anchors, at, rays: Rays::Unpacked };
            four.rays = Rays::Anchored(cells.map(|c| [0, 1, 2, 3, 4, 5, 6, 7].map(|d| four.anchored(g.ray(c, d)))));
            return four;
        }
        // On 64-bit sets, and on 128-bit ones past 64 bits, the geometry's own rays serve.
        if S::BITS == 64 || (S::BITS == 128 && n > 64) {
            return Four { used: None, reach: used, anchors: S::EMPTY, at: cells, rays: Rays::Unpacked };
        }
        let at = cells.map(|c| (used & S::bit(c).less_one()).count());
        // Per cell, word and direction: the packed ray.
        let mut words = [[[0u64; 8]; 16]; 4];
        for k in 0..4 {
            for d in 0..8 {
                let ray = g.ray(cells[k], d).packed(used);
                for w in 0..16 {
                    words[k][w][d] = ray[w];
                }
            }
        }
        let rays = match n {
            0..=64 => Rays::Narrow(words.map(|c| c[0])),
            65..=128 => Rays::Wide(words.map(|c| {
                let mut r = [0u128; 8];
                for d in 0..8 {
                    r[d] = u128::from(c[0][d]) | u128::from(c[1][d]) << 64;
                }
                r
            })),
            _ => {
                let n = lane_words(n);
                Rays::Words(words.iter().flat_map(|c| c[..n].iter().copied()).collect())
            }
        };
        Four { used: Some(used), reach: used, anchors: S::EMPTY, at, rays }
    }

    /// `x` as [`Rays::Anchored`] lays it out: its bits on the cells of the rays packed
    /// into the low word, on their anchors into the high one.
    #[inline]
    fn anchored(&self, x: S) -> u128 {
        let kept = self.used.unwrap_or(S::EMPTY);
        u128::from(x.packed(kept)[0]) | u128::from(x.packed(self.anchors)[0]) << 64
    }

    /// How many bits the cells and their rays were packed into (`None`: not packed; with
    /// the anchors apart, the cells' bits alone).
    pub fn packed_bits(&self) -> Option<u32> {
        self.used.map(|m| m.count())
    }
}

/// The most empty cells of a start for which [`WideWalk`] makes a [`Four`] for each set of
/// four of them beforehand: C(12, 4) = 495 sets, about 280 KB, made in about 20 µs.
/// Before, the packing took 16% of a count on 256-bit sets: the slowest 13×13 board of
/// random discs with 10 empty cells 25.7 → 21.6 ms, 10×10 to 12×12 ones on 128-bit sets
/// 1.04–1.06× (one thread).
pub const FOURS_UP_TO: usize = 12;

/// The index of the set of four cells `open` (bits) among the sets of four in increasing
/// order of their bits as numbers: `C(a, 1) + C(b, 2) + C(c, 3) + C(d, 4)` for its bits
/// `a < b < c < d` (the combinatorial number system).
#[inline]
fn rank_of_four(open: u64) -> usize {
    let mut rest = open;
    let mut rank = 0;
    let mut choose = [0usize; 4];
    for (i, c) in choose.iter_mut().enumerate() {
        let b = rest.trailing_zeros() as usize;
        rest &= rest.wrapping_sub(1);
        // C(b, i + 1), the product made in steps that each divide exactly.
        let mut x = 1;
        for j in 0..=i {
            x = x * (b - j) / (j + 1);
        }
        *c = x;
    }
    for c in choose.iter() {
        rank += c;
    }
    rank
}

/// [`super::bitboard::lanes::count_four`] on `four`, cells of `g`, where the build targets
/// AVX-512F, CD and VPOPCNTDQ: `[wins, losses, draws]` for the player with discs `p` to
/// move against `o` with margin `margin` (without `outcomes`, `[sequences, 0, 0]`), `None`
/// if that player has no move.
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
#[inline]
pub fn count_four<S: Set>(g: &Geometry<S>, four: &Four<S>, p: S, o: S, margin: i32, outcomes: bool) -> Option<[u64; 3]> {
    use super::bitboard::lanes;
    if let Rays::Anchored(ref r) = four.rays {
        // SAFETY: the build targets a processor with the three features (`target_feature`).
        return unsafe { lanes::count_four_as::<lanes::Anchored>(outcomes, four.anchored(p), four.anchored(o), four.at, [&r[0], &r[1], &r[2], &r[3]], margin) };
    }
    let used = match (&four.rays, four.used) {
        (&Rays::Unpacked, _) => return S::count_unpacked(g, four.at, p, o, margin, outcomes),
        (_, None) => return None,
        (_, Some(m)) => m,
    };
    let (pw, ow) = (p.packed(used), o.packed(used));
    let (p, o) = (u128::from(pw[0]) | u128::from(pw[1]) << 64, u128::from(ow[0]) | u128::from(ow[1]) << 64);
    match four.rays {
        // SAFETY: the build targets a processor with the three features (`target_feature`).
        Rays::Narrow(ref r) => unsafe { lanes::count_four_as::<lanes::Narrow>(outcomes, p as u64, o as u64, four.at, [&r[0], &r[1], &r[2], &r[3]], margin) },
        // SAFETY: as above.
        Rays::Wide(ref r) => unsafe { lanes::count_four_as::<lanes::Wide>(outcomes, p, o, four.at, [&r[0], &r[1], &r[2], &r[3]], margin) },
        Rays::Words(ref r) => match r.len() / 4 {
            3 => in_words::<3>(r, &pw, &ow, four.at, margin, outcomes),
            4 => in_words::<4>(r, &pw, &ow, four.at, margin, outcomes),
            5 => in_words::<5>(r, &pw, &ow, four.at, margin, outcomes),
            6 => in_words::<6>(r, &pw, &ow, four.at, margin, outcomes),
            7 => in_words::<7>(r, &pw, &ow, four.at, margin, outcomes),
            8 => in_words::<8>(r, &pw, &ow, four.at, margin, outcomes),
            12 => in_words::<12>(r, &pw, &ow, four.at, margin, outcomes),
            _ => in_words::<16>(r, &pw, &ow, four.at, margin, outcomes),
        },
        Rays::Anchored(_) | Rays::Unpacked => None,
    }
}

/// The slots of a [`FourCache`]: 2^13 of 48 bytes (384 KB), which stay in the processor's
/// second-level cache.
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
const FOUR_SLOTS: usize = 1 << 13;

/// A cache of [`WideWalk`]'s four-cell counts by their neighbourhood, as on 64-bit
/// boards (`bitboard::lanes::cache`): a count reads only the four cells and the discs on
/// their rays, and keeps its games' final margins from 0 ([`Deltas`]), so positions that
/// differ elsewhere, or only in margin, share one count. Keyed by the four cells (the
/// walk's number for them) and the discs of the player to move on their rays, in at most
/// 128 bits, packed as the lanes take them: the other cells there, anchors included, are
/// the opponent's, the four cells being the only empty ones. Sets of four whose rays
/// need more words are counted without it. One slot per key, a new count replacing the
/// one there.
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
pub struct FourCache {
    slots: Vec<FourSlot>,
}

/// A slot of a [`FourCache`]: the key (the discs, the four cells' number; 0: empty) and
/// the count.
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
#[derive(Clone, Copy, Default)]
struct FourSlot {
    p: u128,
    deltas: Deltas,
    four: u32,
}

#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
impl FourCache {
    /// An empty cache.
    pub fn new() -> FourCache {
        FourCache { slots: vec![FourSlot::default(); FOUR_SLOTS] }
    }

    /// [`count_four`] with outcomes through the cache, for the player with discs `p` to
    /// move against `o` with margin `margin` (at most 126 either way: [`Deltas`]) on
    /// `four` (numbered `id`, not 0): `Some(None)` if that player has no move, `None` if
    /// the four cells' rays take more than two words (not counted). `hits` counts the
    /// counts it found.
    fn count<S: Set>(&mut self, g: &Geometry<S>, four: &Four<S>, id: u32, p: S, o: S, margin: i32, hits: &mut u64) -> Option<Option<[u64; 3]>> {
        use super::bitboard::lanes;
        let low = |w: [u64; 16]| u128::from(w[0]) | u128::from(w[1]) << 64;
        let key = match four.rays {
            // On 64- and 128-bit sets.
            Rays::Unpacked => low((p & four.reach).to_words()),
            Rays::Narrow(_) | Rays::Wide(_) => low(p.packed(four.reach)),
            Rays::Anchored(_) => four.anchored(p),
            Rays::Words(_) => return None,
        };
        let home = mix(key as u64 ^ ((key >> 64) as u64).rotate_left(29) ^ u64::from(id) << 40);
        let slot = &mut self.slots[home as usize & (FOUR_SLOTS - 1)];
        if slot.four == id && slot.p == key {
            *hits += u64::from(slot.deltas.moved());
        } else {
            let deltas = match four.rays {
                Rays::Unpacked => S::unpacked_deltas(g, four.at, p, o)?,
                // SAFETY: the build targets a processor with the three features (`cfg`).
                Rays::Narrow(ref r) => unsafe { lanes::four_deltas::<lanes::Narrow>(key as u64, o.packed(four.reach)[0], four.at, [&r[0], &r[1], &r[2], &r[3]]) },
                // SAFETY: as above.
                Rays::Anchored(ref r) => unsafe { lanes::four_deltas::<lanes::Anchored>(key, four.anchored(o), four.at, [&r[0], &r[1], &r[2], &r[3]]) },
                // SAFETY: as above.
                Rays::Wide(ref r) => unsafe { lanes::four_deltas::<lanes::Wide>(key, low(o.packed(four.reach)), four.at, [&r[0], &r[1], &r[2], &r[3]]) },
                Rays::Words(_) => return None,
            };
            *slot = FourSlot { p: key, deltas, four: id };
        }
        // SAFETY: as above.
        Some(if slot.deltas.moved() { Some(unsafe { slot.deltas.outcomes(margin) }) } else { None })
    }
}

/// [`count_four`] on four cells packed into `N` words (three to sixteen): their rays `rays`
/// ([`Rays::Words`]), the packed discs `p` and `o`, the cells' bits `at`.
#[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
#[inline]
fn in_words<const N: usize>(rays: &[[u64; 8]], p: &[u64; 16], o: &[u64; 16], at: [u32; 4], margin: i32, outcomes: bool) -> Option<[u64; 3]> {
    use super::bitboard::lanes;
    use std::convert::TryFrom;
    let cell = |k: usize| <&[[u64; 8]; N]>::try_from(&rays[N * k..N * (k + 1)]).expect("N words a cell");
    let words = |x: &[u64; 16]| <[u64; N]>::try_from(&x[..N]).expect("N words");
    // SAFETY: the build targets a processor with the three features (`target_feature`).
    unsafe { lanes::count_four_as::<lanes::Multi<N>>(outcomes, words(p), words(o), at, [cell(0), cell(1), cell(2), cell(3)], margin) }
}

/// The margin for `to_move` of the discs of `board` off the cells `kept`, which never
/// change.
fn fixed_margin(board: &Board, kept: &[bool], to_move: Color) -> i32 {
    let on_kept = |c: Color| (0..board.len()).filter(|&i| kept[i] && board.cell(i) == Some(c)).count() as i32;
    let off = |c: Color| board.discs(c) as i32 - on_kept(c);
    off(to_move) - off(to_move.opponent())
}

/// Runs of discs that flip whole, for a start whose winner is known. A disc that a move
/// can flip or read through only one line (a row, a column or a diagonal: the walk from
/// it over cells that may change meets an empty cell along no other) changes only by
/// flips along that line; where such discs of one colour follow one another along the
/// same line, every flip that reaches one of them runs over all of them (under rules
/// whose flips run over the opponent's discs to the mover's, [`Rules::WHOLE_RUNS`]), so
/// they always share their colour, and a move reads them as it reads the first. Where
/// only the sequences count, the run can stand as its first cell: on boards of mostly one
/// colour, long runs of the common colour make most of the cells that may change (the
/// slowest of the bench's 60 keeps 648 cells, 108 once its runs are down to one cell).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Runs {
    /// The cells still kept: every cell of `kept` but the runs' others.
    pub kept: Vec<bool>,
    /// Each other cell of a run, with the run's first cell (the lowest in row-major
    /// order, so that each ray's bits still grow or shrink along it).
    pub same: Vec<(usize, usize)>,
}

impl Runs {
    /// The runs of `board` (cells that may change `kept`, as [`WideWalk::on`]) with
    /// `to_move` to move, under rules `R`: `None` unless the rules flip runs whole, the
    /// discs off `kept` decide the winner ([`super::count::decided_by`]), and some run
    /// has two cells or more.
    ///
    /// ```
    /// use othello::board::{Board, Color};
    /// use othello::rules::Flanking;
    /// use othello::wide::Runs;
    /// // `. B B B B W` over a row of white discs: the empty cell and the black run may
    /// // change, and white's seven other discs outweigh them. The run is read only along
    /// // its row, so b1 stands for b1 to e1.
    /// let mut b = Board::new(2, 6);
    /// for i in 1..5 {
    ///     b.set(i, Some(Color::Black));
    /// }
    /// for i in 5..12 {
    ///     b.set(i, Some(Color::White));
    /// }
    /// let kept: Vec<bool> = (0..12).map(|i| i < 5).collect();
    /// let runs = Runs::of::<Flanking>(&b, &kept, Color::White).unwrap();
    /// assert_eq!(runs.same, vec![(2, 1), (3, 1), (4, 1)]);
    /// assert_eq!(runs.kept.iter().filter(|&&k| k).count(), 2);
    /// // Black to move: the same runs (the winner is known either way).
    /// assert_eq!(Runs::of::<Flanking>(&b, &kept, Color::Black), Some(runs));
    /// ```
    pub fn of<R: Rules>(board: &Board, kept: &[bool], to_move: Color) -> Option<Runs> {
        if !R::WHOLE_RUNS {
            return None;
        }
        let open = kept.iter().filter(|&&k| k).count() as i32;
        decided_by(fixed_margin(board, kept, to_move), open)?;
        // Per disc that may change: the lines (bit `d % 4` for direction `d`) along which
        // it meets an empty cell over cells that may change.
        let lines: Vec<u8> = (0..board.len())
            .map(|i| {
                if !kept[i] || board.cell(i).is_none() {
                    return 0;
                }
                (0..8).fold(0u8, |m, d| {
                    let meets = board.ray(i, d).take_while(|&j| kept[j]).any(|j| board.cell(j).is_none());
                    m | (meets as u8) << (d % 4)
                })
            })
            .collect();
        // The cell before each along its line, lower in row-major order: north, north-east,
        // west, north-west for the lines of directions 0 to 3.
        const BEFORE: [usize; 4] = [0, 1, 6, 7];
        let mut first: Vec<usize> = (0..board.len()).collect();
        let mut runs = Runs { kept: kept.to_vec(), same: Vec::new() };
        for i in 0..board.len() {
            if lines[i].count_ones() != 1 {
                continue;
            }
            if let Some(j) = board.step(i, BEFORE[lines[i].trailing_zeros() as usize]) {
                if lines[j] == lines[i] && board.cell(j) == board.cell(i) {
                    first[i] = first[j];
                    runs.kept[i] = false;
                    runs.same.push((i, first[i]));
                }
            }
        }
        if runs.same.is_empty() {
            return None;
        }
        Some(runs)
    }
}

/// The counter's walk on the cells of a board that may change, up to [`MAX_KEPT`], under
/// rules `R`: discs of the player to move and of the opponent (each with the anchors of
/// its colour), the empty cells, and which of the start's empty cells are still empty.
/// See the module header.
#[derive(Clone)]
pub struct WideWalk<R, S = u128> {
    g: Geometry<S>,
    p: S,
    o: S,
    empty: S,
    /// Bit `j`: the start's `j`-th empty cell is still empty.
    open: u64,
    /// The start's empty cells, as bit numbers.
    squares: [u16; 64],
    /// The key's first bit of `p | empty`: 1 where the colour to move matters (bit 1 is
    /// white's low anchor), else 2.
    key_from: u32,
    /// Where the key's open cells start: after its cells.
    open_at: u32,
    /// The margin of the discs off the kept cells, for the player to move.
    bias: i32,
    /// Where the rules count the last four cells in lanes and the start has at most
    /// [`FOURS_UP_TO`] empty cells: per set of four of them (by `rank_of_four` of their
    /// open bits), their [`Four`]. Else empty.
    fours: Arc<Vec<Four<S>>>,
    /// Per number of open cells `d` and open cell `j`: at `(d - 1) * 64 + j`, the flips of
    /// a move on `j` in the position with `d` open cells that `list_moves` saw last.
    listed: Vec<S>,
    rules: PhantomData<fn() -> R>,
}

impl<R: Rules, S: Set> WideWalk<R, S> {
    /// The walk from `board` with `to_move` to move, on the cells that may change in the
    /// rest of the game ([`Rules::changeable`]); `None` unless the sets hold them with the
    /// four anchors and the key holds them with the empty cells (see the module header).
    ///
    /// ```
    /// use othello::board::{Board, Color};
    /// use othello::count::Walk;
    /// use othello::rules::Flanking;
    /// use othello::wide::WideWalk;
    /// let w = WideWalk::<Flanking>::new(&Board::start(12), Color::Black);
    /// assert!(w.is_none()); // 140 empty cells
    /// let mut b = Board::new(10, 10);
    /// for i in 0..100 {
    ///     b.set(i, Some(if i % 3 == 0 { Color::Black } else { Color::White }));
    /// }
    /// b.set(0, None);
    /// let w = WideWalk::<Flanking>::new(&b, Color::Black).unwrap();
    /// assert_eq!((w.empties(), w.margin()), (1, 33 - 66));
    /// assert_eq!(w.moves().count(), 1); // a1: its east and south runs end in black discs
    /// ```
    pub fn new(board: &Board, to_move: Color) -> Option<WideWalk<R, S>> {
        WideWalk::on(board, &R::changeable(board), to_move)
    }

    /// [`WideWalk::new`] on the cells `kept` (`kept[i]` for cell `i`), which must hold
    /// every empty cell and every disc that a later move may flip.
    pub fn on(board: &Board, kept: &[bool], to_move: Color) -> Option<WideWalk<R, S>> {
        WideWalk::with_runs(board, kept, None, to_move)
    }

    /// [`WideWalk::on`], with each run of `runs` (where given) down to one cell: only for
    /// a start whose winner is known ([`Runs::of`]), whose sequences are all that counts.
    /// The walk's bias stays that of the discs off `kept`, which outweighs every cell it
    /// keeps, so its margins have the sign of the real ones and its counts are exact.
    pub fn with_runs(board: &Board, kept: &[bool], runs: Option<&Runs>, to_move: Color) -> Option<WideWalk<R, S>> {
        let (kept, same) = match runs {
            Some(r) => (&r.kept[..], &r.same[..]),
            None => (kept, &[][..]),
        };
        let cells: Vec<usize> = (0..board.len()).filter(|&i| kept[i]).collect();
        let g = Geometry::with_runs(board, &cells, same)?;
        let (mut mine, mut theirs, mut empty) = (S::EMPTY, S::EMPTY, S::EMPTY);
        let mut squares = [0u16; 64];
        let mut open = 0;
        for (k, &i) in cells.iter().enumerate() {
            let b = S::bit(k as u32 + 2);
            match board.cell(i) {
                Some(c) if c == to_move => mine |= b,
                Some(_) => theirs |= b,
                None if open < 64 => {
                    squares[open] = k as u16 + 2;
                    open += 1;
                    empty |= b;
                }
                None => return None,
            }
        }
        if open != board.empties() {
            return None;
        }
        // The discs off the cells that may change: every disc but those kept and those
        // of the runs' other cells (each of its first cell's colour).
        let off = |c: Color, on: S| board.discs(c) as i32 - on.count() as i32 - same.iter().filter(|&&(i, _)| board.cell(i) == Some(c)).count() as i32;
        let bias = off(to_move, mine) - off(to_move.opponent(), theirs);
        let key_from = if bias != 0 || g.anchored() { 1 } else { 2 };
        let open_at = cells.len() as u32 + 2 - key_from;
        if open_at as usize + open > S::KEY_BITS as usize {
            return None;
        }
        let (p, o) = (mine | g.anchors(to_move), theirs | g.anchors(to_move.opponent()));
        let mut fours = Vec::new();
        if R::WIDE_LAST_FOUR && S::BITS > 64 && open <= FOURS_UP_TO {
            // In increasing order of the sets' bits, as `rank_of_four` numbers them.
            for set in (0..1u64 << open).filter(|m| m.count_ones() == 4) {
                let mut cells = [0u32; 4];
                for (k, j) in Bits(set).enumerate() {
                    cells[k] = u32::from(squares[j as usize]);
                }
                fours.push(Four::new(&g, cells));
            }
        }
        let open = if open == 64 { !0 } else { (1u64 << open) - 1 };
        let listed = vec![S::EMPTY; 64 * open.count_ones() as usize];
        Some(WideWalk { g, p, o, empty, open, squares, key_from, open_at, bias, fours: Arc::new(fours), listed, rules: PhantomData })
    }

    /// Where `listed` keeps the flips of the moves of a position with as many open cells
    /// as this one: the row `(d - 1) * 64` for `d` open cells.
    #[inline]
    fn listed_row(&self) -> usize {
        64 * (self.open.count_ones() as usize).saturating_sub(1)
    }

    /// Plays on the open cell `j`, which flips `flips`.
    #[inline]
    fn play_flips(&mut self, j: u32, flips: S) -> S {
        let placed = S::bit(self.square(j));
        let mover = self.p ^ flips ^ placed;
        self.p = self.o ^ flips;
        self.o = mover;
        self.empty ^= placed;
        self.open ^= 1 << j;
        self.bias = -self.bias;
        flips
    }

    /// The key of the position with discs `p` to move, empty cells `empty` and open cells
    /// `open` (see the module header).
    #[inline]
    fn key_of(&self, p: S, empty: S, open: u64) -> S::Key {
        S::key(p | empty, self.key_from, self.open_at, open)
    }

    /// The final margin for the player with discs `p` to move against `o` (margin
    /// `margin`) when `sq` is the only open cell, where that player flips `n` discs.
    #[inline(always)]
    fn final_margin(&self, p: S, o: S, sq: u32, margin: i32, n: u32) -> i32 {
        if n > 0 {
            return margin + 2 * n as i32 + 1;
        }
        let n = if R::PASSES { R::wide_flips(&self.g, o, p, sq).count() as i32 } else { 0 };
        if n > 0 {
            margin - 2 * n - 1
        } else {
            margin
        }
    }

    /// The bit number of the start's `j`-th empty cell.
    #[inline(always)]
    fn square(&self, j: u32) -> u32 {
        u32::from(self.squares[j as usize])
    }

    /// The outcomes for the player with discs `p` to move against `o` when the open
    /// cells `open` are at most four: the last one counted from flip counts alone.
    fn last_cells(&self, p: S, o: S, open: u64, bias: i32) -> [u64; 3] {
        let mut cells = [0u32; 4];
        for (k, j) in Bits(open).enumerate() {
            cells[k] = j;
        }
        match open.count_ones() {
            0 => tally(p.count() as i32 - o.count() as i32 + bias),
            1 => {
                let sq = self.square(cells[0]);
                let margin = p.count() as i32 - o.count() as i32 + bias;
                tally(self.final_margin(p, o, sq, margin, R::wide_flips(&self.g, p, o, sq).count()))
            }
            2 => {
                let two = [cells[0], cells[1]];
                let flips = [R::wide_flips(&self.g, p, o, self.square(two[0])), R::wide_flips(&self.g, p, o, self.square(two[1]))];
                self.last_two(p, o, two, flips, bias)
            }
            3 => {
                let three = [cells[0], cells[1], cells[2]];
                let flips = [0, 1, 2].map(|k| R::wide_flips(&self.g, p, o, self.square(three[k])));
                self.last_three(p, o, three, flips, bias)
            }
            _ => self.lanes(p, o, open, bias, true).unwrap_or_else(|| self.last_four(p, o, cells, bias)),
        }
    }

    /// The number of sequences for the player with discs `p` to move against `o` when the
    /// open cells `open` are at most four, their outcomes aside (below a position whose
    /// winner is known): as [`WideWalk::last_cells`] without the margins, so the last
    /// cell needs no flips, and the lanes count four cells without their last flips.
    fn sequences(&self, p: S, o: S, open: u64) -> u64 {
        let n = open.count_ones();
        if n <= 1 {
            return 1;
        }
        if n == 4 {
            if let Some(t) = self.lanes(p, o, open, 0, false) {
                return t[0];
            }
        }
        for &(me, other) in [(p, o), (o, p)][..if R::PASSES { 2 } else { 1 }].iter() {
            let mut total = 0;
            for j in Bits(open) {
                let sq = self.square(j);
                let f = R::wide_flips(&self.g, me, other, sq);
                if f != S::EMPTY {
                    // With two cells, each move leaves the last cell's one sequence.
                    total += if n == 2 { 1 } else { self.sequences(other ^ f, me ^ f ^ S::bit(sq), open ^ 1 << j) };
                }
            }
            if total > 0 {
                return total;
            }
        }
        1
    }

    /// The four open cells `open` counted in vector lanes ([`WideWalk::in_lanes`]), or
    /// `None` where the rules do not take lanes.
    fn lanes(&self, p: S, o: S, open: u64, bias: i32, outcomes: bool) -> Option<[u64; 3]> {
        if !R::WIDE_LAST_FOUR {
            return None;
        }
        Some(self.with_four(open, |four| self.in_lanes(four, p, o, bias, outcomes)))
    }

    /// `f` of the four open cells `open` made ready for the lanes: made beforehand
    /// ([`FOURS_UP_TO`]), else now.
    #[inline]
    fn with_four<T, F: FnOnce(&Four<S>) -> T>(&self, open: u64, f: F) -> T {
        if self.fours.is_empty() {
            let mut cells = [0u32; 4];
            for (k, j) in Bits(open).enumerate() {
                cells[k] = self.square(j);
            }
            f(&Four::new(&self.g, cells))
        } else {
            f(&self.fours[rank_of_four(open)])
        }
    }

    /// The four open cells of `four` counted in vector lanes ([`Rules::wide_last_four`]):
    /// with `outcomes` as [`WideWalk::last_cells`], else `[sequences, 0, 0]`, the opponent
    /// moving first if the player to move cannot.
    fn in_lanes(&self, four: &Four<S>, p: S, o: S, bias: i32, outcomes: bool) -> [u64; 3] {
        let margin = p.count() as i32 - o.count() as i32 + bias;
        if let Some(t) = R::wide_last_four(&self.g, four, p, o, margin, outcomes) {
            return t;
        }
        match R::wide_last_four(&self.g, four, o, p, -margin, outcomes) {
            Some(t) if outcomes => [t[1], t[0], t[2]],
            Some(t) => t,
            None if outcomes => tally(margin),
            None => [1, 0, 0],
        }
    }

    /// [`WideWalk::last_cells`] with the two open cells `cells`, where the player to move
    /// flips `flips`. After each move, the last cell's flips for the next player are
    /// computed together, before either is used (for an illegal move too, whose count is
    /// then ignored).
    fn last_two(&self, p: S, o: S, cells: [u32; 2], flips: [S; 2], bias: i32) -> [u64; 3] {
        let sqs = [self.square(cells[0]), self.square(cells[1])];
        let mut flips = flips;
        for turn in 0..(if R::PASSES { 2 } else { 1 }) {
            let (me, other) = if turn == 0 { (p, o) } else { (o, p) };
            if turn == 1 {
                flips = [R::wide_flips(&self.g, me, other, sqs[0]), R::wide_flips(&self.g, me, other, sqs[1])];
            }
            if flips == [S::EMPTY; 2] {
                continue;
            }
            let order = if turn == 0 { [1, 0, 2] } else { [0, 1, 2] };
            let child_bias = if turn == 0 { -bias } else { bias };
            let child = |k: usize| (other ^ flips[k], me ^ flips[k] ^ S::bit(sqs[k]));
            let ((a, b), (c, d)) = (child(0), child(1));
            let counts = [R::wide_flips(&self.g, a, b, sqs[1]).count(), R::wide_flips(&self.g, c, d, sqs[0]).count()];
            let mut total = [0u64; 3];
            for k in 0..2 {
                if flips[k] != S::EMPTY {
                    let (cp, co) = child(k);
                    let after = cp.count() as i32 - co.count() as i32 + child_bias;
                    let t = tally(self.final_margin(cp, co, sqs[1 - k], after, counts[k]));
                    for i in 0..3 {
                        total[i] += t[order[i]];
                    }
                }
            }
            return total;
        }
        tally(p.count() as i32 - o.count() as i32 + bias)
    }

    /// [`WideWalk::last_cells`] with the three open cells `cells`. Each level's flips are
    /// computed before the counts below them (the first moves', then the second moves'
    /// of every first move): they do not depend on one another, so the processor computes
    /// them side by side.
    fn last_three(&self, p: S, o: S, cells: [u32; 3], flips: [S; 3], bias: i32) -> [u64; 3] {
        let mut flips = flips;
        for turn in 0..(if R::PASSES { 2 } else { 1 }) {
            let (me, other) = if turn == 0 { (p, o) } else { (o, p) };
            let order = if turn == 0 { [1, 0, 2] } else { [0, 1, 2] };
            let child_bias = if turn == 0 { -bias } else { bias };
            if turn == 1 {
                for k in 0..3 {
                    flips[k] = R::wide_flips(&self.g, me, other, self.square(cells[k]));
                }
            }
            if flips == [S::EMPTY; 3] {
                continue;
            }
            // After move `k`: the position, the two cells left, and the next player's flips
            // there (for an illegal move too, whose count is then ignored).
            let mut children = [(S::EMPTY, S::EMPTY, [0u32; 2], [S::EMPTY; 2]); 3];
            for k in 0..3 {
                let (cp, co) = (other ^ flips[k], me ^ flips[k] ^ S::bit(self.square(cells[k])));
                let rest = [cells[(k + 1) % 3], cells[(k + 2) % 3]];
                let next = [R::wide_flips(&self.g, cp, co, self.square(rest[0])), R::wide_flips(&self.g, cp, co, self.square(rest[1]))];
                children[k] = (cp, co, rest, next);
            }
            let mut total = [0u64; 3];
            for k in 0..3 {
                if flips[k] != S::EMPTY {
                    let (cp, co, rest, next) = children[k];
                    let t = self.last_two(cp, co, rest, next, child_bias);
                    for i in 0..3 {
                        total[i] += t[order[i]];
                    }
                }
            }
            return total;
        }
        tally(p.count() as i32 - o.count() as i32 + bias)
    }

    /// [`WideWalk::last_cells`] with the four open cells `cells`, level by level as in
    /// [`WideWalk::last_three`]. The two are written out: one function generic over the
    /// number of cells, with the level below as a closure, was 1.05–1.07× slower (1.8×
    /// with `array::map` and `array::from_fn`, which were left as calls).
    fn last_four(&self, p: S, o: S, cells: [u32; 4], bias: i32) -> [u64; 3] {
        for turn in 0..(if R::PASSES { 2 } else { 1 }) {
            let (me, other) = if turn == 0 { (p, o) } else { (o, p) };
            let order = if turn == 0 { [1, 0, 2] } else { [0, 1, 2] };
            let child_bias = if turn == 0 { -bias } else { bias };
            let flips = [0, 1, 2, 3].map(|k| R::wide_flips(&self.g, me, other, self.square(cells[k])));
            if flips == [S::EMPTY; 4] {
                continue;
            }
            let mut children = [(S::EMPTY, S::EMPTY, [0u32; 3], [S::EMPTY; 3]); 4];
            for k in 0..4 {
                let (cp, co) = (other ^ flips[k], me ^ flips[k] ^ S::bit(self.square(cells[k])));
                let rest = [cells[(k + 1) % 4], cells[(k + 2) % 4], cells[(k + 3) % 4]];
                let next = [0, 1, 2].map(|i| R::wide_flips(&self.g, cp, co, self.square(rest[i])));
                children[k] = (cp, co, rest, next);
            }
            let mut total = [0u64; 3];
            for k in 0..4 {
                if flips[k] != S::EMPTY {
                    let (cp, co, rest, next) = children[k];
                    let t = self.last_three(cp, co, rest, next, child_bias);
                    for i in 0..3 {
                        total[i] += t[order[i]];
                    }
                }
            }
            return total;
        }
        tally(p.count() as i32 - o.count() as i32 + bias)
    }
}

impl<R: Rules, S: Set> Walk for WideWalk<R, S> {
    const PASSES: bool = R::PASSES;
    const STORE_FROM: usize = 5;
    /// Five, as on 64-bit boards: from six, 60 boards of mostly one colour took 1.03×
    /// longer, most of them decided at the start.
    const STORE_SEQUENCES_FROM: usize = 5;
    /// The last four cells, counted directly: 1.08–1.1× on 10×10 game positions with 12
    /// empty cells, and up to 1.3× with 10 (one thread), so from the smallest counts on.
    /// Still 1.05–1.27× with the counts in lanes (four boards, one thread).
    const NEAR_CACHED: usize = 4;
    type Key = S::Key;
    /// Under the standard rules where the build has the lanes: their counts by
    /// neighbourhood ([`FourCache`]).
    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    type Near = FourCache;
    #[cfg(not(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq")))]
    type Near = ();
    type Move = u32;
    type Moves = Bits;
    type Undo = S;

    #[inline]
    fn moves(&self) -> Bits {
        let legal = |&j: &u32| R::wide_flips(&self.g, self.p, self.o, self.square(j)) != S::EMPTY;
        Bits(Bits(self.open).filter(legal).fold(0, |set, j| set | 1 << j))
    }

    /// As [`Walk::moves`], keeping each open cell's flips in `listed` for
    /// [`Walk::play_listed`] and the children's keys, which computed them again before
    /// (the 1×10 row on 100×100 1.10× faster, boards of random discs 1.02–1.04×).
    #[inline]
    fn list_moves(&mut self) -> Bits {
        let row = self.listed_row();
        let mut legal = 0;
        for j in Bits(self.open) {
            let f = R::wide_flips(&self.g, self.p, self.o, self.square(j));
            self.listed[row + j as usize] = f;
            if f != S::EMPTY {
                legal |= 1 << j;
            }
        }
        Bits(legal)
    }

    #[inline]
    fn play(&mut self, j: u32) -> S {
        let flips = R::wide_flips(&self.g, self.p, self.o, self.square(j));
        self.play_flips(j, flips)
    }

    /// [`Walk::play`] with the flips that [`Walk::list_moves`] kept.
    #[inline]
    fn play_listed(&mut self, j: u32) -> S {
        let flips = self.listed[self.listed_row() + j as usize];
        self.play_flips(j, flips)
    }

    #[inline]
    fn undo(&mut self, j: u32, flips: S) {
        let placed = S::bit(self.square(j));
        let mover = self.o ^ flips ^ placed;
        self.o = self.p ^ flips;
        self.p = mover;
        self.empty ^= placed;
        self.open ^= 1 << j;
        self.bias = -self.bias;
    }

    #[inline]
    fn pass(&mut self) {
        std::mem::swap(&mut self.p, &mut self.o);
        self.bias = -self.bias;
    }

    #[inline]
    fn margin(&self) -> i32 {
        self.p.count() as i32 - self.o.count() as i32 + self.bias
    }

    #[inline]
    fn empties(&self) -> usize {
        self.open.count_ones() as usize
    }

    #[inline]
    fn key(&self) -> S::Key {
        self.key_of(self.p, self.empty, self.open)
    }

    #[cfg(feature = "threads")]
    #[inline]
    fn words(key: &S::Key) -> Option<(u64, u64)> {
        S::words(key)
    }

    /// As on 64-bit boards: the children's slots are fetched before any is searched. The
    /// moves' flips are those that `list_moves` saw last in a position with as many open
    /// cells: the counter lists the moves first, and flips of another position would only
    /// fetch other slots.
    #[cfg(feature = "prefetch")]
    #[inline]
    fn child_keys<F: FnMut(&S::Key)>(&self, mut f: F) {
        let row = self.listed_row();
        for j in Bits(self.open) {
            let flips = self.listed[row + j as usize];
            if flips != S::EMPTY {
                let sq = self.square(j);
                f(&self.key_of(self.o ^ flips, self.empty ^ S::bit(sq), self.open ^ 1 << j));
            }
        }
    }

    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    fn near_cache() -> Option<FourCache> {
        if R::PASSES && R::WIDE_LAST_FOUR {
            Some(FourCache::new())
        } else {
            None
        }
    }

    /// Through the cache where the four cells' rays take at most two words and the margin
    /// is at most 126 either way ([`FourCache`]); the others are left to the counter's
    /// near-end cache of whole positions (without it, the 1×10 row on 100×100, whose sets
    /// of four take three and four words, took 1.05× longer).
    #[cfg(all(feature = "avx512", target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512cd", target_feature = "avx512vpopcntdq"))]
    #[inline]
    fn near_end_cached(&mut self, cache: &mut FourCache, hits: &mut u64) -> Option<Option<[u64; 3]>> {
        let margin = self.p.count() as i32 - self.o.count() as i32 + self.bias;
        if !(R::PASSES && R::WIDE_LAST_FOUR && self.open.count_ones() == 4 && margin.abs() <= 126) {
            return None;
        }
        // The four cells' number: their places among the start's empty cells, six bits
        // each, and a bit above them (0 marks an empty slot).
        let id = Bits(self.open).enumerate().fold(1 << 24, |id, (k, j)| id | j << (6 * k));
        let (g, p, o) = (&self.g, self.p, self.o);
        self.with_four(self.open, |four| cache.count(g, four, id, p, o, margin, hits))
    }

    /// The last four empty cells are counted directly, without the table.
    #[inline]
    fn near_end(&mut self) -> Option<[u64; 3]> {
        if self.open.count_ones() > 4 {
            return None;
        }
        Some(self.last_cells(self.p, self.o, self.open, self.bias))
    }

    /// As [`WideWalk::near_end`], the sequences only.
    #[inline]
    fn near_end_sequences(&mut self) -> Option<u64> {
        if self.open.count_ones() > 4 {
            return None;
        }
        Some(self.sequences(self.p, self.o, self.open))
    }

    /// From the discs off the kept cells, which never change: each kept cell ends up the
    /// player's, the opponent's or nobody's, so the final margin lies within their number
    /// of the bias. That holds in every position of the walk, so only its start is
    /// decided this way, or none: boards of mostly one colour, whose long runs make
    /// hundreds of cells changeable, mostly are.
    fn decided(&self) -> Option<bool> {
        decided_by(self.bias, self.g.cells() as i32)
    }
}

#[cfg(test)]
mod tests;
