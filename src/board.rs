//! The general board: a grid of `rows × cols` cells, each empty or holding a black or a
//! white disc, of any size from 1×1 up.
//!
//! Cells are stored row-major in one vector: cell `(r, c)` (0-based, row 0 at the top) is
//! index `r * cols + c`. The board keeps running counts of its discs, so counting never
//! rescans it. Judges write cells in different alphabets; an [`Alphabet`] maps them.
//! The rules live in [`super::rules`]; the 64-bit representation of boards within 8×8
//! in [`super::bitboard`].

use std::io::{self, Write};

use super::error::InputError;

/// The colour of a disc, or of the player who places such discs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black: the first player in standard Othello.
    Black,
    /// White.
    White,
}

impl Color {
    /// The other colour.
    ///
    /// ```
    /// use othello::board::Color;
    /// assert_eq!(Color::Black.opponent(), Color::White);
    /// ```
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white: an index into per-colour arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// `"Black"` or `"White"`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }
}

/// What a cell holds: `None` when it is empty.
pub type Cell = Option<Color>;

/// The characters a judge uses for an empty cell, a black disc and a white disc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alphabet {
    /// The empty cell.
    pub empty: char,
    /// A black disc.
    pub black: char,
    /// A white disc.
    pub white: char,
}

impl Alphabet {
    /// The character for `cell`.
    pub fn symbol(&self, cell: Cell) -> char {
        match cell {
            None => self.empty,
            Some(Color::Black) => self.black,
            Some(Color::White) => self.white,
        }
    }

    /// The cell written as `ch`, if `ch` belongs to the alphabet.
    ///
    /// ```
    /// use othello::board::{Alphabet, Color};
    /// let a = Alphabet { empty: '.', black: 'N', white: 'B' };
    /// assert_eq!(a.cell('B'), Some(Some(Color::White)));
    /// assert_eq!(a.cell('.'), Some(None));
    /// assert_eq!(a.cell('x'), None);
    /// ```
    pub fn cell(&self, ch: char) -> Option<Cell> {
        if ch == self.empty {
            Some(None)
        } else if ch == self.black {
            Some(Some(Color::Black))
        } else if ch == self.white {
            Some(Some(Color::White))
        } else {
            None
        }
    }

    /// The alphabet in words, for error messages: `'.', 'B' or 'W'`.
    pub fn describe(&self) -> String {
        format!("'{}', '{}' or '{}'", self.empty, self.black, self.white)
    }

    /// The cells of one written row: every character of `text` but ASCII whitespace
    /// (spaces, tabs, line ends) is a cell, so `.WB` and `. W B` read the same, and any
    /// other character, a no-break space included, is an error. `line` names the row in
    /// errors.
    ///
    /// ```
    /// use othello::board::{Alphabet, Color};
    /// let a = Alphabet { empty: '.', black: 'B', white: 'W' };
    /// assert_eq!(a.row(". B\tW", 1).unwrap(), vec![None, Some(Color::Black), Some(Color::White)]);
    /// assert_eq!(a.row(".x", 4).unwrap_err().to_string(),
    ///            "line 4: unexpected character 'x' (cells are '.', 'B' or 'W')");
    /// assert!(a.row(".\u{a0}B", 4).is_err());
    /// ```
    pub fn row(&self, text: &str, line: usize) -> Result<Vec<Cell>, InputError> {
        text.chars()
            .filter(|ch| !ch.is_ascii_whitespace())
            .map(|ch| {
                self.cell(ch).ok_or_else(|| {
                    InputError::at(
                        line,
                        format!(
                            "unexpected character {:?} (cells are {})",
                            ch,
                            self.describe()
                        ),
                    )
                })
            })
            .collect()
    }
}

/// The eight directions `(row step, column step)`, clockwise from north.
pub const DIRECTIONS: [(isize, isize); 8] =
    [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];

/// A `rows × cols` grid of cells with running disc counts.
///
/// ```
/// use othello::board::{Board, Color};
/// let b = Board::start(8);
/// assert_eq!((b.rows(), b.cols()), (8, 8));
/// assert_eq!(b.get(3, 3), Some(Color::White));
/// assert_eq!(b.get(3, 4), Some(Color::Black));
/// assert_eq!((b.discs(Color::Black), b.discs(Color::White), b.empties()), (2, 2, 60));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
    discs: [usize; 2],
}

impl Board {
    /// An empty board. Panics if a side is 0.
    pub fn new(rows: usize, cols: usize) -> Board {
        assert!(rows > 0 && cols > 0, "a board has at least one cell");
        Board { rows, cols, cells: vec![None; rows * cols], discs: [0, 0] }
    }

    /// A board from its cells in row-major order. Panics unless there are `rows * cols`.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<Cell>) -> Board {
        assert_eq!(cells.len(), rows * cols, "a {}x{} board has {} cells", rows, cols, rows * cols);
        let mut board = Board::new(rows, cols);
        for (i, cell) in cells.into_iter().enumerate() {
            board.set(i, cell);
        }
        board
    }

    /// A board from rows of cells, each with the line it was read from. Every row must
    /// have `width` cells if given, else as many as the first row.
    ///
    /// ```
    /// use othello::board::{Alphabet, Board};
    /// let a = Alphabet { empty: '.', black: 'B', white: 'W' };
    /// let rows = vec![(1, a.row("B.", 1).unwrap()), (2, a.row("WB", 2).unwrap())];
    /// assert_eq!(Board::from_rows(rows, None).unwrap().empties(), 1);
    /// let rows = vec![(1, a.row("B.", 1).unwrap()), (3, a.row("W", 3).unwrap())];
    /// assert_eq!(Board::from_rows(rows, None).unwrap_err().to_string(),
    ///            "line 3: expected 2 cells, found 1");
    /// ```
    pub fn from_rows(rows: Vec<(usize, Vec<Cell>)>, width: Option<usize>) -> Result<Board, InputError> {
        let cols = match (width, rows.first()) {
            (_, None) => return Err(InputError::new("no board: the input has no rows")),
            (Some(w), _) => w,
            (None, Some(&(_, ref first))) => first.len(),
        };
        for &(line, ref row) in &rows {
            if row.len() != cols {
                return Err(InputError::at(line, format!("expected {} cells, found {}", cols, row.len())));
            }
        }
        if cols == 0 {
            return Err(InputError::at(rows[0].0, "a row has no cells"));
        }
        let height = rows.len();
        let cells = rows.into_iter().flat_map(|(_, row)| row).collect();
        Ok(Board::from_cells(height, cols, cells))
    }

    /// The standard start on an `n × n` board (`n` even, at least 2): white on the two
    /// central cells of the main diagonal, black on the other two.
    pub fn start(n: usize) -> Board {
        assert!(n >= 2 && n % 2 == 0, "the start position needs an even size");
        let mut board = Board::new(n, n);
        let h = n / 2;
        board.set(board.index(h - 1, h - 1), Some(Color::White));
        board.set(board.index(h - 1, h), Some(Color::Black));
        board.set(board.index(h, h - 1), Some(Color::Black));
        board.set(board.index(h, h), Some(Color::White));
        board
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a board has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The index of cell `(r, c)`.
    pub fn index(&self, r: usize, c: usize) -> usize {
        debug_assert!(r < self.rows && c < self.cols);
        r * self.cols + c
    }

    /// The `(row, column)` of cell `i`.
    pub fn coords(&self, i: usize) -> (usize, usize) {
        (i / self.cols, i % self.cols)
    }

    /// What cell `i` holds.
    pub fn cell(&self, i: usize) -> Cell {
        self.cells[i]
    }

    /// What cell `(r, c)` holds.
    pub fn get(&self, r: usize, c: usize) -> Cell {
        self.cells[self.index(r, c)]
    }

    /// All cells, row-major.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Puts `cell` in cell `i`, keeping the disc counts.
    pub fn set(&mut self, i: usize, cell: Cell) {
        if let Some(old) = self.cells[i] {
            self.discs[old.index()] -= 1;
        }
        if let Some(new) = cell {
            self.discs[new.index()] += 1;
        }
        self.cells[i] = cell;
    }

    /// How many discs of `color` are on the board.
    pub fn discs(&self, color: Color) -> usize {
        self.discs[color.index()]
    }

    /// How many cells are empty.
    pub fn empties(&self) -> usize {
        self.cells.len() - self.discs[0] - self.discs[1]
    }

    /// The neighbour of cell `i` in direction `DIRECTIONS[d]`, if it is on the board.
    #[inline]
    pub fn step(&self, i: usize, d: usize) -> Option<usize> {
        self.ray(i, d).next()
    }

    /// The cells from cell `i` (excluded) in direction `DIRECTIONS[d]` to the edge.
    ///
    /// ```
    /// use othello::board::Board;
    /// let b = Board::new(3, 4);
    /// assert_eq!(b.ray(5, 2).collect::<Vec<_>>(), vec![6, 7]); // east from (1, 1)
    /// assert_eq!(b.ray(5, 3).collect::<Vec<_>>(), vec![10]);   // south-east
    /// assert_eq!(b.ray(0, 0).count(), 0);                      // north of the top row
    /// ```
    #[inline]
    pub fn ray(&self, i: usize, d: usize) -> Ray {
        self.ray_within(i, &self.room(i), d)
    }

    /// The eight rays from cell `i` ([`Board::ray`]), in the order of [`DIRECTIONS`]: the
    /// room to each edge is found once, not once per ray.
    ///
    /// ```
    /// use othello::board::Board;
    /// let b = Board::new(3, 4);
    /// for (d, ray) in b.rays(5).iter().enumerate() {
    ///     assert!(ray.clone().eq(b.ray(5, d)));
    /// }
    /// ```
    #[inline]
    pub fn rays(&self, i: usize) -> [Ray; 8] {
        let room = self.room(i);
        let mut rays = [Ray { at: i, step: 0, left: 0 }; 8];
        for (d, ray) in rays.iter_mut().enumerate() {
            *ray = self.ray_within(i, &room, d);
        }
        rays
    }

    /// How many steps from cell `i` fit before the north, south, west and east edges, and
    /// no limit (for an axis a direction does not move along).
    #[inline]
    fn room(&self, i: usize) -> [usize; 5] {
        let (r, c) = self.coords(i);
        [r, self.rows - 1 - r, c, self.cols - 1 - c, usize::MAX]
    }

    /// The ray from cell `i` in direction `DIRECTIONS[d]`, given the cell's [`Board::room`].
    #[inline]
    fn ray_within(&self, i: usize, room: &[usize; 5], d: usize) -> Ray {
        let (dr, dc) = DIRECTIONS[d];
        // The room along an axis: `back` for a step of -1, the next for +1.
        let along = |dx: isize, back: usize| match dx {
            -1 => room[back],
            1 => room[back + 1],
            _ => room[4],
        };
        Ray { at: i, step: dr * self.cols as isize + dc, left: along(dr, 0).min(along(dc, 2)) }
    }

    /// Writes the board as `rows` lines of `cols` characters of `alphabet`, each ending
    /// in `\n`.
    ///
    /// ```
    /// use othello::board::{Alphabet, Board};
    /// let mut out = Vec::new();
    /// Board::start(4).write(&mut out, &Alphabet { empty: '.', black: 'N', white: 'B' }).unwrap();
    /// assert_eq!(String::from_utf8(out).unwrap(), "....\n.BN.\n.NB.\n....\n");
    /// ```
    pub fn write<W: Write + ?Sized>(&self, out: &mut W, alphabet: &Alphabet) -> io::Result<()> {
        let mut text = String::with_capacity(self.rows * (self.cols + 1));
        let symbols = [alphabet.empty, alphabet.black, alphabet.white];
        for row in self.cells.chunks(self.cols) {
            for &cell in row {
                text.push(symbols[cell.map_or(0, |c| 1 + c.index())]);
            }
            text.push('\n');
        }
        out.write_all(text.as_bytes())
    }
}

/// The cells along one direction from a cell to the edge of the board: see [`Board::ray`].
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    at: usize,
    step: isize,
    left: usize,
}

impl Iterator for Ray {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        self.at = (self.at as isize + self.step) as usize;
        Some(self.at)
    }
}
