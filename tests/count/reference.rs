//! Deliberately naive reference outcome counters, written from the problem statements
//! only (nothing here is shared with the library).
//!
//! A board is a `Vec<Vec<u8>>` of rows, each cell `EMPTY`, `BLACK` or `WHITE`; rows may
//! be of any (equal) length. Every counter returns `[black wins, white wins, draws]`
//! over all root-to-leaf paths of the game tree.
//!
//! * `flanking` — standard Othello (b4254): a move must bracket a line of opponent discs
//!   in at least one of the 8 directions, every bracketed line flips; a side with no
//!   move passes (a pass is not a branch), the game ends when neither side can move.
//! * `adjacent` — dumbothello: black moves first; a move is an empty cell 8-adjacent to
//!   an opponent disc, and every 8-adjacent opponent disc flips; a side with no move
//!   ends the game (no passing).
//! * `adjacent_memo` — the same count as `adjacent`, memoised on (board, player to move)
//!   with arbitrary-precision sums (`Big`), for long 1×k lines.
//!
//! Speed is not a goal: every node clones the board and rescans every cell.

use std::collections::HashMap;

pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;

/// The other colour.
pub fn other(player: u8) -> u8 {
    if player == BLACK {
        WHITE
    } else {
        BLACK
    }
}

/// The 8 compass directions as (row step, column step).
const DIRECTIONS: [(i64, i64); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

/// The cell at (r, c), or `None` off the board.
fn cell(board: &[Vec<u8>], r: i64, c: i64) -> Option<u8> {
    if r < 0 || c < 0 {
        return None;
    }
    board.get(r as usize).and_then(|row| row.get(c as usize)).copied()
}

/// Disc counts (black, white).
pub fn discs(board: &[Vec<u8>]) -> (usize, usize) {
    let mut black = 0;
    let mut white = 0;
    for row in board {
        for &x in row {
            if x == BLACK {
                black += 1;
            } else if x == WHITE {
                white += 1;
            }
        }
    }
    (black, white)
}

/// The number of empty cells.
pub fn empties(board: &[Vec<u8>]) -> usize {
    board.iter().map(|row| row.iter().filter(|&&x| x == EMPTY).count()).sum()
}

/// The outcome of a finished game as a one-leaf count.
fn leaf(board: &[Vec<u8>]) -> [u128; 3] {
    let (black, white) = discs(board);
    if black > white {
        [1, 0, 0]
    } else if white > black {
        [0, 1, 0]
    } else {
        [0, 0, 1]
    }
}

fn add(total: &mut [u128; 3], part: [u128; 3]) {
    for i in 0..3 {
        total[i] += part[i];
    }
}

// ---------------------------------------------------------------------------------------
// Standard Othello (flanking captures).

/// The discs a move by `player` at (r, c) would flip under standard rules; empty if the
/// move is illegal (occupied cell, or nothing bracketed).
pub fn flanking_flips(board: &[Vec<u8>], player: u8, r: usize, c: usize) -> Vec<(usize, usize)> {
    let mut flipped = Vec::new();
    if board[r][c] != EMPTY {
        return flipped;
    }
    for &(dr, dc) in DIRECTIONS.iter() {
        let mut line = Vec::new();
        let mut rr = r as i64 + dr;
        let mut cc = c as i64 + dc;
        while cell(board, rr, cc) == Some(other(player)) {
            line.push((rr as usize, cc as usize));
            rr += dr;
            cc += dc;
        }
        if !line.is_empty() && cell(board, rr, cc) == Some(player) {
            flipped.extend(line);
        }
    }
    flipped
}

/// A legal move: its row, its column and the discs it flips.
pub type Flanking = (usize, usize, Vec<(usize, usize)>);

/// Every legal standard move of `player`.
pub fn flanking_moves(board: &[Vec<u8>], player: u8) -> Vec<Flanking> {
    let mut moves = Vec::new();
    for r in 0..board.len() {
        for c in 0..board[r].len() {
            if board[r][c] == EMPTY {
                let flipped = flanking_flips(board, player, r, c);
                if !flipped.is_empty() {
                    moves.push((r, c, flipped));
                }
            }
        }
    }
    moves
}

/// b4254: outcomes of all complete games from `board`, white to move first if
/// `white_first` (else black). Passes do not branch; a game ends when nobody can move.
pub fn flanking(board: &[Vec<u8>], white_first: bool) -> [u128; 3] {
    flanking_from(board, if white_first { WHITE } else { BLACK })
}

fn flanking_from(board: &[Vec<u8>], player: u8) -> [u128; 3] {
    let moves = flanking_moves(board, player);
    if moves.is_empty() {
        if flanking_moves(board, other(player)).is_empty() {
            return leaf(board);
        }
        return flanking_from(board, other(player)); // a pass
    }
    let mut total = [0; 3];
    for (r, c, flipped) in moves {
        let mut next = board.to_vec();
        next[r][c] = player;
        for (fr, fc) in flipped {
            next[fr][fc] = player;
        }
        add(&mut total, flanking_from(&next, other(player)));
    }
    total
}

// ---------------------------------------------------------------------------------------
// Dumbothello (adjacent captures).

/// Every legal dumbothello move of `player`: empty cells with an 8-adjacent opponent disc.
pub fn adjacent_moves(board: &[Vec<u8>], player: u8) -> Vec<(usize, usize)> {
    let mut moves = Vec::new();
    for r in 0..board.len() {
        for c in 0..board[r].len() {
            if board[r][c] != EMPTY {
                continue;
            }
            let touches =
                DIRECTIONS.iter().any(|&(dr, dc)| cell(board, r as i64 + dr, c as i64 + dc) == Some(other(player)));
            if touches {
                moves.push((r, c));
            }
        }
    }
    moves
}

/// The board after `player` plays (r, c) under dumbothello rules.
pub fn adjacent_play(board: &[Vec<u8>], player: u8, r: usize, c: usize) -> Vec<Vec<u8>> {
    let mut next = board.to_vec();
    next[r][c] = player;
    for &(dr, dc) in DIRECTIONS.iter() {
        let rr = r as i64 + dr;
        let cc = c as i64 + dc;
        if cell(board, rr, cc) == Some(other(player)) {
            next[rr as usize][cc as usize] = player;
        }
    }
    next
}

/// dumbothello: outcomes of all games from `board`, black first; no passing.
pub fn adjacent(board: &[Vec<u8>]) -> [u128; 3] {
    adjacent_from(board, BLACK)
}

fn adjacent_from(board: &[Vec<u8>], player: u8) -> [u128; 3] {
    let moves = adjacent_moves(board, player);
    if moves.is_empty() {
        return leaf(board);
    }
    let mut total = [0; 3];
    for (r, c) in moves {
        add(&mut total, adjacent_from(&adjacent_play(board, player, r, c), other(player)));
    }
    total
}

// ---------------------------------------------------------------------------------------
// A tiny natural-number type: little-endian base-10^9 limbs, addition only.

/// A natural number of any size (only addition and printing are needed).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Big {
    /// Base-10^9 digits, least significant first, no trailing zero limbs.
    limbs: Vec<u32>,
}

const BASE: u64 = 1_000_000_000;

impl Big {
    pub fn zero() -> Big {
        Big { limbs: Vec::new() }
    }

    pub fn from_u128(mut x: u128) -> Big {
        let mut limbs = Vec::new();
        while x > 0 {
            limbs.push((x % BASE as u128) as u32);
            x /= BASE as u128;
        }
        Big { limbs }
    }

    pub fn add(&mut self, other: &Big) {
        let mut carry = 0u64;
        let len = self.limbs.len().max(other.limbs.len());
        self.limbs.resize(len, 0);
        for i in 0..len {
            let sum = self.limbs[i] as u64 + other.limbs.get(i).copied().unwrap_or(0) as u64 + carry;
            self.limbs[i] = (sum % BASE) as u32;
            carry = sum / BASE;
        }
        if carry > 0 {
            self.limbs.push(carry as u32);
        }
    }

    /// Whether the number is at least 2^64.
    pub fn exceeds_u64(&self) -> bool {
        self.to_u128().map_or(true, |x| x > u64::MAX as u128)
    }

    /// The value, if it fits a u128.
    pub fn to_u128(&self) -> Option<u128> {
        let mut x: u128 = 0;
        for &limb in self.limbs.iter().rev() {
            x = x.checked_mul(BASE as u128)?.checked_add(limb as u128)?;
        }
        Some(x)
    }
}

impl std::fmt::Display for Big {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self.limbs.last() {
            None => write!(f, "0"),
            Some(top) => {
                write!(f, "{}", top)?;
                for limb in self.limbs.iter().rev().skip(1) {
                    write!(f, "{:09}", limb)?;
                }
                Ok(())
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Memoised dumbothello count.

type Memo = HashMap<(Vec<Vec<u8>>, u8), [Big; 3]>;

/// dumbothello, memoised on (board, player to move): the same numbers as `adjacent`,
/// exact at any size.
pub fn adjacent_memo(board: &[Vec<u8>]) -> [Big; 3] {
    let mut memo = Memo::new();
    adjacent_memo_from(board, BLACK, &mut memo)
}

fn adjacent_memo_from(board: &[Vec<u8>], player: u8, memo: &mut Memo) -> [Big; 3] {
    let key = (board.to_vec(), player);
    if let Some(known) = memo.get(&key) {
        return known.clone();
    }
    let moves = adjacent_moves(board, player);
    let result = if moves.is_empty() {
        let [b, w, d] = leaf(board);
        [Big::from_u128(b), Big::from_u128(w), Big::from_u128(d)]
    } else {
        let mut total = [Big::zero(), Big::zero(), Big::zero()];
        for (r, c) in moves {
            let part = adjacent_memo_from(&adjacent_play(board, player, r, c), other(player), memo);
            for i in 0..3 {
                total[i].add(&part[i]);
            }
        }
        total
    };
    memo.insert(key, result.clone());
    result
}

// ---------------------------------------------------------------------------------------
// Parsers for the two input formats (used to recompute the committed judge cases).

/// A b4254 input: `n`, then n rows written as one string (`.WB`), as separated cells
/// (`. W B`), or all in the integer alphabet (`1` black, `0` white, `-1` empty).
pub fn parse_b4254(text: &str) -> Vec<Vec<u8>> {
    let mut lines = text.lines().map(|l| l.trim()).filter(|l| !l.is_empty());
    let n: usize = lines.next().expect("a size line").parse().expect("a size");
    let rows: Vec<Vec<&str>> = lines.take(n).map(|l| l.split_whitespace().collect()).collect();
    assert_eq!(rows.len(), n, "{} rows", n);
    let integers = rows.iter().all(|row| row.len() == n && row.iter().all(|t| ["1", "0", "-1"].contains(t)));
    rows.iter()
        .map(|row| {
            let cells: Vec<String> = if !integers && row.len() == 1 {
                row[0].chars().map(|ch| ch.to_string()).collect()
            } else {
                row.iter().map(|t| t.to_string()).collect()
            };
            assert_eq!(cells.len(), n, "a row of {} cells: {:?}", n, row);
            cells
                .iter()
                .map(|t| match (integers, t.as_str()) {
                    (true, "1") | (false, "B") => BLACK,
                    (true, "0") | (false, "W") => WHITE,
                    (true, "-1") | (false, ".") => EMPTY,
                    _ => panic!("bad cell {:?}", t),
                })
                .collect()
        })
        .collect()
}

/// A dumbothello board: rows of `B`, `W`, `.` separated by spaces or tabs; blank lines
/// are ignored.
pub fn parse_dumbothello(text: &str) -> Vec<Vec<u8>> {
    let board: Vec<Vec<u8>> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            l.split([' ', '\t'])
                .filter(|t| !t.is_empty())
                .map(|t| match t {
                    "B" => BLACK,
                    "W" => WHITE,
                    "." => EMPTY,
                    _ => panic!("bad cell {:?}", t),
                })
                .collect()
        })
        .collect();
    assert!(board.iter().all(|row| row.len() == board[0].len()), "rows of one length");
    board
}

/// One character per cell (`B`, `W`, `.`).
pub fn cell_char(x: u8) -> char {
    match x {
        BLACK => 'B',
        WHITE => 'W',
        _ => '.',
    }
}
