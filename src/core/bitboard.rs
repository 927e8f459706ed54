//! The 64-bit board: boards within 8×8 as bit sets, and the rules' 64-bit form.
//!
//! Cell `(r, c)` (0-based, row 0 at the top) is bit `8 * r + c`, so bit 0 is A1 and bit 63
//! is H8 in Othello notation (columns A–H, rows 1–8 from the top). A position is a pair of
//! `u64`: the discs of the player to move and those of the opponent. Smaller or
//! rectangular boards use the top-left corner; the move generators are told which cells
//! are empty, so discs never spread outside the board.
//!
//! Moves come from a fill along each of the eight directions; the flips of a move are a
//! mask to XOR, computed along the eight rays from the square ([`flips_by_rays`]) or,
//! where the build targets BMI2, by `pext` look-up on the four lines through it. Both
//! stand behind [`flanking_flips`].

use super::board::{Board, Color};
use super::rules::{Adjacent, Flanking, Rules};

/// The rules on 64-bit boards: the same moves and flips as [`Rules`] on the general
/// board, as bit sets of the player to move (`p`), the opponent (`o`) and the empty cells.
pub trait BitRules: Rules {
    /// Whether a move flips the opponent discs next to it (Dumbothello's capture) rather
    /// than the lines it brackets.
    const ADJACENT: bool;
    /// The cells of `empty` where the player with discs `p` may play against `o`.
    fn moves(p: u64, o: u64, empty: u64) -> u64;
    /// The discs flipped when the player with discs `p` plays the empty cell `sq` against
    /// `o` (0: the move is illegal).
    fn flipped(p: u64, o: u64, sq: u32) -> u64;
    /// Discs of `own` (against `other`) that no sequence of moves on the cells `empty`
    /// can flip: an underestimate is sound. Cells of none of the three are off the board.
    fn stable(own: u64, other: u64, empty: u64) -> u64;
}

impl BitRules for Flanking {
    const ADJACENT: bool = false;

    #[inline]
    fn moves(p: u64, o: u64, empty: u64) -> u64 {
        flanking_moves(p, o, empty)
    }

    #[inline]
    fn flipped(p: u64, o: u64, sq: u32) -> u64 {
        flanking_flips(p, o, sq)
    }

    /// [`stable_discs`]: cells off the board are never filled, which it allows for.
    fn stable(own: u64, other: u64, _: u64) -> u64 {
        stable_discs(own, other)
    }
}

impl BitRules for Adjacent {
    const ADJACENT: bool = true;

    #[inline]
    fn moves(_: u64, o: u64, empty: u64) -> u64 {
        neighbours(o) & empty
    }

    #[inline]
    fn flipped(_: u64, o: u64, sq: u32) -> u64 {
        neighbours(1 << sq) & o
    }

    /// A disc flips only when a move is made next to it.
    fn stable(own: u64, _: u64, empty: u64) -> u64 {
        own & !neighbours(empty)
    }
}

/// Every bit but column A (the leftmost).
const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
/// Every bit but column H (the rightmost).
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
/// Column A.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// Black's discs in the standard 8×8 start: D5 and E4.
pub const START_BLACK: u64 = 1 << 28 | 1 << 35;
/// White's discs in the standard 8×8 start: D4 and E5.
pub const START_WHITE: u64 = 1 << 27 | 1 << 36;

/// The cells 8-adjacent to any bit of `b`.
#[inline]
pub fn neighbours(b: u64) -> u64 {
    let sides = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    let row = b | sides;
    sides | (row << 8) | (row >> 8)
}

/// The cells from which a run of one or more `o` discs, stepping `shift` bits towards
/// lower bits, ends in a `p` disc; `mask` drops steps that wrapped around a side. The run
/// grows by doubling, so six steps take four.
#[inline(always)]
fn moves_down(p: u64, o: u64, shift: u32, mask: u64) -> u64 {
    let o = o & mask;
    let mut run = o & (p << shift);
    run |= o & (run << shift);
    let pairs = o & (o << shift);
    run |= pairs & (run << (2 * shift));
    run |= pairs & (run << (2 * shift));
    (run << shift) & mask
}

/// As [`moves_down`], stepping towards higher bits.
#[inline(always)]
fn moves_up(p: u64, o: u64, shift: u32, mask: u64) -> u64 {
    let o = o & mask;
    let mut run = o & (p >> shift);
    run |= o & (run >> shift);
    let pairs = o & (o >> shift);
    run |= pairs & (run >> (2 * shift));
    run |= pairs & (run >> (2 * shift));
    (run >> shift) & mask
}

/// The cells of `empty` where the player with discs `p` may play against `o` under the
/// standard rules: a line of one or more opponent discs from there ends in a disc of the
/// player.
///
/// ```
/// use othello::core::bitboard::{flanking_moves, START_BLACK, START_WHITE};
/// // Black's four opening moves: D3, C4, F5, E6.
/// let m = flanking_moves(START_BLACK, START_WHITE, !(START_BLACK | START_WHITE));
/// assert_eq!(m, 1 << 19 | 1 << 26 | 1 << 37 | 1 << 44);
/// ```
#[inline]
pub fn flanking_moves(p: u64, o: u64, empty: u64) -> u64 {
    // Shifts by 1, 7 and 9 cross a side; the masks drop the bits that wrapped.
    (moves_up(p, o, 1, NOT_H)
        | moves_down(p, o, 1, NOT_A)
        | moves_up(p, o, 8, !0)
        | moves_down(p, o, 8, !0)
        | moves_up(p, o, 7, NOT_A)
        | moves_down(p, o, 7, NOT_H)
        | moves_up(p, o, 9, NOT_H)
        | moves_down(p, o, 9, NOT_A))
        & empty
}

/// `RAYS[sq][d]`: the cells from `sq` (excluded) to the edge in direction `d`, clockwise
/// from north as [`super::board::DIRECTIONS`]. Directions 2 to 5 go towards higher bits.
pub static RAYS: [[u64; 8]; 64] = ray_masks();

const fn ray_masks() -> [[u64; 8]; 64] {
    let steps: [(i32, i32); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];
    let mut table = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dr, dc) = steps[d];
            let (mut r, mut c) = ((sq / 8) as i32 + dr, (sq % 8) as i32 + dc);
            while r >= 0 && r < 8 && c >= 0 && c < 8 {
                table[sq][d] |= 1u64 << (r * 8 + c);
                r += dr;
                c += dc;
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

/// The discs of `ray` (towards higher bits) that a move flips: those before the first
/// cell that is not an opponent disc, if that cell holds a disc of the mover.
#[inline(always)]
fn flipped_up(p: u64, o: u64, ray: u64) -> u64 {
    let blockers = ray & !o;
    let first = blockers & blockers.wrapping_neg();
    ray & first.wrapping_sub(1) & ((first & p != 0) as u64).wrapping_neg()
}

/// As [`flipped_up`], for a ray towards lower bits: the first cell is the highest one.
#[inline(always)]
fn flipped_down(p: u64, o: u64, ray: u64) -> u64 {
    // Bit 0 is a sentinel, so that a highest blocker always exists; it closes a run only
    // if it is in the ray.
    let blockers = (ray & !o) | 1;
    let first = 1u64 << (63 - blockers.leading_zeros());
    ray & !(first.wrapping_shl(1).wrapping_sub(1)) & ((first & p & ray != 0) as u64).wrapping_neg()
}

/// The opponent discs flipped when the player with discs `p` plays on the empty cell `sq`
/// against `o` under the standard rules (0 if the move is illegal): by `pext` look-up
/// where the build targets BMI2, else along the rays. Both give the same mask.
///
/// ```
/// use othello::core::bitboard::{flanking_flips, START_BLACK, START_WHITE};
/// assert_eq!(flanking_flips(START_BLACK, START_WHITE, 19), 1 << 27); // D3 flips D4
/// assert_eq!(flanking_flips(START_BLACK, START_WHITE, 0), 0);
/// ```
#[inline]
pub fn flanking_flips(p: u64, o: u64, sq: u32) -> u64 {
    #[cfg(pext)]
    return pext::flips(p, o, sq);
    #[cfg(not(pext))]
    flips_by_rays(p, o, sq)
}

/// [`flanking_flips`] along the eight rays from `sq`, with shifts and masks only: the
/// portable way.
#[inline]
pub fn flips_by_rays(p: u64, o: u64, sq: u32) -> u64 {
    let r = &RAYS[sq as usize];
    flipped_down(p, o, r[0])
        | flipped_down(p, o, r[1])
        | flipped_up(p, o, r[2])
        | flipped_up(p, o, r[3])
        | flipped_up(p, o, r[4])
        | flipped_up(p, o, r[5])
        | flipped_down(p, o, r[6])
        | flipped_down(p, o, r[7])
}

/// The bits of `b` under `mask`, packed into the low bits (lowest first).
///
/// ```
/// use othello::core::bitboard::gather;
/// assert_eq!(gather(0b1010_0110, 0b1111_0000), 0b1010);
/// ```
#[inline]
pub fn gather(b: u64, mask: u64) -> u64 {
    #[cfg(pext)]
    return pext::gather(b, mask);
    #[cfg(not(pext))]
    Bits(mask).enumerate().fold(0, |packed, (k, sq)| packed | (b >> sq & 1) << k)
}

/// The lowest `n` cells of `mask` (all of them if it has fewer).
///
/// ```
/// use othello::core::bitboard::lowest;
/// assert_eq!(lowest(2, 0b1011_0100), 0b0001_0100);
/// ```
#[inline]
pub fn lowest(n: u32, mask: u64) -> u64 {
    #[cfg(pext)]
    return pext::lowest(n, mask);
    #[cfg(not(pext))]
    Bits(mask).take(n as usize).fold(0, |low, sq| low | 1 << sq)
}

/// The `pext` and `pdep` instructions where the build targets BMI2: [`gather`], [`lowest`],
/// and [`flanking_flips`] by
/// table look-up on the four lines through the square (row, column and the two
/// diagonals), where `pext` packs each line's discs into a byte, a table says which cells
/// of the line flip, and `pdep` puts them back.
#[cfg(pext)]
pub mod pext {
    use std::arch::x86_64::{_pdep_u64, _pext_u64};

    /// [`super::gather`].
    #[inline]
    pub fn gather(b: u64, mask: u64) -> u64 {
        // SAFETY: `pext` only computes; this module is built only where the build targets
        // BMI2 (the `pext` cfg).
        unsafe { _pext_u64(b, mask) }
    }

    /// [`super::lowest`].
    #[inline]
    pub fn lowest(n: u32, mask: u64) -> u64 {
        // SAFETY: as above.
        unsafe { _pdep_u64(((1u128 << n) - 1) as u64, mask) }
    }

    /// Per cell, the row, column, diagonal and anti-diagonal through it (the cell
    /// included), each with the cell's place in it.
    static LINES: [[(u64, u8); 4]; 64] = lines();

    /// `OUTFLANK[pos][theirs]`: the cells just past a run of one or more opponent discs
    /// (`theirs`) that starts next to `pos` on either side; the run flips if the mover
    /// holds that cell.
    static OUTFLANK: [[u8; 256]; 8] = line_table(true);

    /// `BETWEEN[pos][ends]`: the cells strictly between `pos` and the cells of `ends`.
    static BETWEEN: [[u8; 256]; 8] = line_table(false);

    /// [`super::flanking_flips`] where the build targets BMI2.
    #[inline]
    pub fn flips(p: u64, o: u64, sq: u32) -> u64 {
        let mut flips = 0;
        for &(mask, pos) in LINES[sq as usize].iter() {
            // SAFETY: `pext` and `pdep` only compute; this module is built only where the
            // build targets BMI2 (the `pext` cfg).
            unsafe {
                let (theirs, mine) = (_pext_u64(o, mask) as usize, _pext_u64(p, mask) as u8);
                let closing = OUTFLANK[pos as usize][theirs] & mine;
                flips |= _pdep_u64(BETWEEN[pos as usize][closing as usize] as u64, mask);
            }
        }
        flips
    }

    const fn lines() -> [[(u64, u8); 4]; 64] {
        let rays = super::ray_masks();
        let mut t = [[(0, 0); 4]; 64];
        let mut sq = 0;
        while sq < 64 {
            let (r, own) = (&rays[sq], 1u64 << sq);
            let masks = [r[2] | r[6] | own, r[0] | r[4] | own, r[1] | r[5] | own, r[3] | r[7] | own];
            let mut k = 0;
            while k < 4 {
                t[sq][k] = (masks[k], (masks[k] & (own - 1)).count_ones() as u8);
                k += 1;
            }
            sq += 1;
        }
        t
    }

    /// [`OUTFLANK`] (`outflank`) or [`BETWEEN`].
    const fn line_table(outflank: bool) -> [[u8; 256]; 8] {
        let mut t = [[0u8; 256]; 8];
        let mut pos = 0;
        while pos < 8 {
            let mut bits = 0;
            while bits < 256 {
                let mut out = 0u8;
                if outflank {
                    // `bits` as opponent discs: the end of the run on each side.
                    let mut k = pos + 1;
                    while k < 8 && bits >> k & 1 == 1 {
                        k += 1;
                    }
                    if k < 8 && k > pos + 1 {
                        out |= 1 << k;
                    }
                    let mut k = pos as i32 - 1;
                    while k >= 0 && bits >> k & 1 == 1 {
                        k -= 1;
                    }
                    if k >= 0 && k < pos as i32 - 1 {
                        out |= 1 << k;
                    }
                } else {
                    // `bits` as run ends: the cells between them and `pos`.
                    let mut k = 0;
                    while k < 8 {
                        if bits >> k & 1 == 1 {
                            let (low, high) = if k > pos { (pos, k) } else { (k, pos) };
                            let mut j = low + 1;
                            while j < high {
                                out |= 1 << j;
                                j += 1;
                            }
                        }
                        k += 1;
                    }
                }
                t[pos][bits] = out;
                bits += 1;
            }
            pos += 1;
        }
        t
    }
}

/// `LINE_FLIPS[pos][own]`: how many discs a disc placed at `pos` (0..8) of a full line of
/// 8 cells flips when the cells of `own` are the mover's and all others the opponent's.
static LINE_FLIPS: [[u8; 256]; 8] = line_flips();

const fn line_flips() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut own = 0;
        while own < 256 {
            let mut k = pos as i32 - 1;
            while k >= 0 && own & (1 << k) == 0 {
                k -= 1;
            }
            let mut flips = if k >= 0 { pos as i32 - k - 1 } else { 0 };
            let mut k = pos + 1;
            while k < 8 && own & (1 << k) == 0 {
                k += 1;
            }
            if k < 8 {
                flips += (k - pos - 1) as i32;
            }
            table[pos][own] = flips as u8;
            own += 1;
        }
        pos += 1;
    }
    table
}

/// `DIAGONALS[sq]`: the cells of the two diagonals through `sq` (`r - c` constant, then
/// `r + c` constant), `sq` included.
static DIAGONALS: [[u64; 2]; 64] = diagonals();

const fn diagonals() -> [[u64; 2]; 64] {
    let mut table = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut other = 0;
        while other < 64 {
            if (sq / 8) as i32 - (sq % 8) as i32 == (other / 8) as i32 - (other % 8) as i32 {
                table[sq][0] |= 1u64 << other;
            }
            if sq / 8 + sq % 8 == other / 8 + other % 8 {
                table[sq][1] |= 1u64 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    table
}

/// How many discs the player with discs `p` flips by playing `sq`, the last empty cell of
/// a full 8×8 board (every other cell is the opponent's): the four lines through `sq` are
/// read as bytes and looked up, without building a mask.
///
/// ```
/// use othello::core::bitboard::{flanking_flips, last_flips};
/// // A full board but for A1; the mover has H1 and H8, the opponent the rest.
/// let p = 1 << 7 | 1 << 63;
/// assert_eq!(last_flips(p, 0), flanking_flips(p, !p & !1, 0).count_ones());
/// assert_eq!(last_flips(p, 0), 6 + 6);
/// ```
#[inline]
pub fn last_flips(p: u64, sq: u32) -> u32 {
    let (r, c) = ((sq / 8) as usize, (sq % 8) as usize);
    let row = (p >> (8 * r)) as u8 as usize;
    let col = (((p >> c) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    let d = &DIAGONALS[sq as usize];
    let diag = ((p & d[0]).wrapping_mul(FILE_A) >> 56) as usize;
    let anti = ((p & d[1]).wrapping_mul(FILE_A) >> 56) as usize;
    (LINE_FLIPS[c][row] + LINE_FLIPS[r][col] + LINE_FLIPS[c][diag] + LINE_FLIPS[c][anti]) as u32
}

/// Discs of `own` that can never flip under the standard rules, whatever is played (a
/// sound underestimate): a disc is stable when, along each of the four lines through it,
/// the line is full or the disc touches the edge or a stable disc of its colour, to a
/// fixed point. Cells of neither set count as empty cells, lines through them as never
/// full, so a smaller board than 8×8 stays sound.
///
/// ```
/// use othello::core::bitboard::stable_discs;
/// assert_eq!(stable_discs(0xff, 0), 0xff); // a full first row never flips
/// assert_eq!(stable_discs(1 << 27, 0), 0); // a lone disc in the middle may
/// assert_eq!(stable_discs(1 << 27, !(1 << 27)), 1 << 27); // on a full board none does
/// ```
pub fn stable_discs(own: u64, other: u64) -> u64 {
    const EDGE: u64 = 0xff81_8181_8181_81ff;
    let filled = own | other;
    // Full rows, gathered onto column A and spread back; full columns likewise.
    let mut rows = filled & (filled >> 1);
    rows &= rows >> 2;
    rows &= rows >> 4;
    let full_h = (rows & FILE_A).wrapping_mul(0xff);
    let mut cols = filled & (filled >> 8);
    cols &= cols >> 16;
    cols &= cols >> 32;
    let full_v = (cols & 0xff).wrapping_mul(FILE_A);
    let (mut full_d, mut full_a) = (0, 0);
    // Every diagonal crosses row 1 or column A, every anti-diagonal row 1 or column H.
    for k in 0..8 {
        for &(sq, line) in [(k, 0), (8 * k, 0), (k, 1), (8 * k + 7, 1)].iter() {
            let cells = DIAGONALS[sq][line];
            match (filled & cells == cells, line) {
                (true, 0) => full_d |= cells,
                (true, _) => full_a |= cells,
                _ => {}
            }
        }
    }
    let mut stable = 0u64;
    loop {
        let h = full_h | !NOT_A | !NOT_H | ((stable << 1) & NOT_A) | ((stable >> 1) & NOT_H);
        let v = full_v | 0xff00_0000_0000_00ff | (stable << 8) | (stable >> 8);
        let d = full_d | EDGE | ((stable << 9) & NOT_A) | ((stable >> 9) & NOT_H);
        let a = full_a | EDGE | ((stable << 7) & NOT_H) | ((stable >> 7) & NOT_A);
        let next = own & h & v & d & a;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// The bit of cell `(r, c)`.
#[inline]
pub fn bit(r: usize, c: usize) -> u64 {
    1u64 << (8 * r + c)
}

/// The set bits of a `u64`, lowest first, as square numbers.
///
/// ```
/// use othello::core::bitboard::Bits;
/// assert_eq!(Bits(0b1010_0001).collect::<Vec<u32>>(), vec![0, 5, 7]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

/// A board within 8×8 as bit sets: its black discs, white discs and cells. `None` for
/// boards with more than 8 rows or columns.
///
/// ```
/// use othello::core::bitboard::from_board;
/// use othello::core::board::Board;
/// let b = from_board(&Board::start(4)).unwrap();
/// assert_eq!((b.black, b.white, b.area), (1 << 10 | 1 << 17, 1 << 9 | 1 << 18, 0x0f0f_0f0f));
/// ```
pub fn from_board(board: &Board) -> Option<Sets> {
    if board.rows() > 8 || board.cols() > 8 {
        return None;
    }
    let mut sets = Sets { black: 0, white: 0, area: 0 };
    for r in 0..board.rows() {
        for c in 0..board.cols() {
            let b = bit(r, c);
            sets.area |= b;
            match board.cell(board.index(r, c)) {
                Some(Color::Black) => sets.black |= b,
                Some(Color::White) => sets.white |= b,
                None => {}
            }
        }
    }
    Some(sets)
}

/// A board within 8×8 as bit sets ([`from_board`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sets {
    /// Black's discs.
    pub black: u64,
    /// White's discs.
    pub white: u64,
    /// The cells of the board.
    pub area: u64,
}

impl Sets {
    /// The discs of `color` and of the other colour.
    pub fn players(&self, color: Color) -> (u64, u64) {
        match color {
            Color::Black => (self.black, self.white),
            Color::White => (self.white, self.black),
        }
    }

    /// The empty cells.
    pub fn empty(&self) -> u64 {
        self.area & !(self.black | self.white)
    }
}
