//! The general board: a grid of `rows × cols` cells, each empty or holding a black or a
//! white disc, of any size from 1×1 up.
//!
//! Cells are stored row-major in one vector: cell `(r, c)` (0-based, row 0 at the top) is
//! index `r * cols + c`. The board keeps running counts of its discs, so counting never
//! rescans it. Judges write cells in different alphabets; an [`Alphabet`] maps them.

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
    /// use othello::core::board::Color;
    /// assert_eq!(Color::Black.opponent(), Color::White);
    /// ```
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
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
    /// use othello::core::board::{Alphabet, Color};
    /// let a = Alphabet { empty: '.', black: 'N', white: 'B' };
    /// assert_eq!(a.decode('B'), Some(Some(Color::White)));
    /// assert_eq!(a.decode('x'), None);
    /// ```
    pub fn decode(&self, ch: char) -> Option<Cell> {
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

    /// The cells of one written row: every character of `text` but ASCII whitespace is a
    /// cell, so `.WB` and `. W B` read the same, and any other character (a no-break space
    /// included) is an error on line `line`.
    ///
    /// ```
    /// use othello::core::board::{Alphabet, Color};
    /// let a = Alphabet { empty: '.', black: 'B', white: 'W' };
    /// assert_eq!(a.row(". B\tW", 1).unwrap(), vec![None, Some(Color::Black), Some(Color::White)]);
    /// assert_eq!(a.row(".x", 4).unwrap_err().to_string(),
    ///            "line 4: unexpected character 'x' (cells are '.', 'B' or 'W')");
    /// ```
    pub fn row(&self, text: &str, line: usize) -> Result<Vec<Cell>, InputError> {
        let mut row = Vec::new();
        if row.try_reserve_exact(text.len()).is_err() {
            return Err(InputError::at(line, "the row does not fit in memory"));
        }
        for ch in text.chars().filter(|ch| !ch.is_ascii_whitespace()) {
            row.push(self.decode(ch).ok_or_else(|| {
                let cells = format!("'{}', '{}' or '{}'", self.empty, self.black, self.white);
                InputError::at(line, format!("unexpected character {:?} (cells are {})", ch, cells))
            })?);
        }
        Ok(row)
    }
}

/// The eight directions `(row step, column step)`, clockwise from north.
pub const DIRECTIONS: [(isize, isize); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];

/// A `rows × cols` grid of cells with running disc counts.
///
/// ```
/// use othello::core::board::{Board, Color};
/// let b = Board::start(8);
/// assert_eq!(b.cell(b.index(3, 3)), Some(Color::White));
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
    /// A board from its cells in row-major order. Panics if a side is 0 or unless there
    /// are `rows * cols` cells.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<Cell>) -> Board {
        assert!(rows > 0 && cols > 0, "a board has at least one cell");
        assert_eq!(cells.len(), rows * cols, "a {}x{} board has {} cells", rows, cols, rows * cols);
        let discs = |color| cells.iter().filter(|&&c| c == Some(color)).count();
        let discs = [discs(Color::Black), discs(Color::White)];
        Board { rows, cols, cells, discs }
    }

    /// A board from rows of cells, each with the line it was read from. Every row must
    /// have `width` cells if given, else as many as the first row; a board the memory
    /// cannot hold is an error, not an abort.
    ///
    /// ```
    /// use othello::core::board::{Alphabet, Board};
    /// let a = Alphabet { empty: '.', black: 'B', white: 'W' };
    /// let rows = vec![(1, a.row("B.", 1).unwrap()), (3, a.row("W", 3).unwrap())];
    /// assert_eq!(Board::from_rows(rows, None).unwrap_err().to_string(), "line 3: expected 2 cells, found 1");
    /// ```
    pub fn from_rows(rows: Vec<(usize, Vec<Cell>)>, width: Option<usize>) -> Result<Board, InputError> {
        let cols = match (width, rows.first()) {
            (_, None) => return Err(InputError::new("no board: the input has no rows")),
            (Some(w), _) => w,
            (None, Some((_, first))) => first.len(),
        };
        for (line, row) in &rows {
            if row.len() != cols {
                return Err(InputError::at(*line, format!("expected {} cells, found {}", cols, row.len())));
            }
        }
        if cols == 0 {
            return Err(InputError::at(rows[0].0, "a row has no cells"));
        }
        let (height, last) = (rows.len(), rows[rows.len() - 1].0);
        let mut cells = Vec::new();
        if cells.try_reserve_exact(height * cols).is_err() {
            let message = format!("a board of {} cells does not fit in memory", height * cols);
            return Err(InputError::at(last, message));
        }
        cells.extend(rows.into_iter().flat_map(|(_, row)| row));
        Ok(Board::from_cells(height, cols, cells))
    }

    /// The standard start on an `n × n` board (`n` even, at least 2): white on the two
    /// central cells of the main diagonal, black on the other two.
    pub fn start(n: usize) -> Board {
        Board::try_start(n).expect("a start board that fits in memory")
    }

    /// [`Board::start`] in memory allocated fallibly: `None` if the `n²` cells cannot be
    /// allocated.
    ///
    /// ```
    /// use othello::core::board::Board;
    /// assert_eq!(Board::try_start(4).unwrap().empties(), 12);
    /// assert!(Board::try_start(1 << 40).is_none());
    /// ```
    pub fn try_start(n: usize) -> Option<Board> {
        assert!(n >= 2 && n % 2 == 0, "the start position needs an even size");
        let mut cells = Vec::new();
        cells.try_reserve_exact(n.checked_mul(n)?).ok()?;
        cells.resize(n * n, None);
        let mut board = Board::from_cells(n, n, cells);
        let h = n / 2;
        for &(r, c, color) in
            [(h - 1, h - 1, Color::White), (h - 1, h, Color::Black), (h, h - 1, Color::Black), (h, h, Color::White)]
                .iter()
        {
            let i = board.index(r, c);
            board.set(i, Some(color));
        }
        Some(board)
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
    pub fn cell_count(&self) -> usize {
        self.cells.len()
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

    /// Puts `cell` in cell `i`, keeping the disc counts.
    pub fn set(&mut self, i: usize, cell: Cell) {
        if let Some(old) = self.cells[i] {
            self.discs[old as usize] -= 1;
        }
        if let Some(new) = cell {
            self.discs[new as usize] += 1;
        }
        self.cells[i] = cell;
    }

    /// How many discs of `color` are on the board.
    pub fn discs(&self, color: Color) -> usize {
        self.discs[color as usize]
    }

    /// How many cells are empty.
    pub fn empties(&self) -> usize {
        self.cells.len() - self.discs[0] - self.discs[1]
    }

    /// The empty cells, in row-major order.
    pub fn empty_cells(&self) -> Vec<usize> {
        (0..self.cell_count()).filter(|&i| self.cells[i].is_none()).collect()
    }

    /// The cells from cell `i` (excluded) in direction `DIRECTIONS[d]` to the edge.
    ///
    /// ```
    /// use othello::core::board::Board;
    /// let b = Board::from_cells(3, 4, vec![None; 12]);
    /// assert_eq!(b.ray(5, 2).collect::<Vec<_>>(), vec![6, 7]); // east from (1, 1)
    /// assert_eq!(b.ray(5, 3).collect::<Vec<_>>(), vec![10]); // south-east
    /// assert_eq!(b.ray(0, 0).count(), 0); // north of the top row
    /// ```
    #[inline]
    pub fn ray(&self, i: usize, d: usize) -> Ray {
        let (r, c) = self.coords(i);
        self.ray_from(i, r, c, d)
    }

    /// The eight rays from cell `i`, in the order of [`DIRECTIONS`].
    #[inline]
    pub fn rays(&self, i: usize) -> [Ray; 8] {
        let (r, c) = self.coords(i);
        let mut rays = [Ray { at: i, step: 0, left: 0 }; 8];
        for (d, ray) in rays.iter_mut().enumerate() {
            *ray = self.ray_from(i, r, c, d);
        }
        rays
    }

    /// The ray from cell `i`, at `(r, c)`, in direction `DIRECTIONS[d]`.
    #[inline]
    fn ray_from(&self, i: usize, r: usize, c: usize, d: usize) -> Ray {
        let (dr, dc) = DIRECTIONS[d];
        // How many steps fit along one axis: towards 0, towards the far edge, or any.
        let room = |step: isize, at: usize, size: usize| match step {
            -1 => at,
            1 => size - 1 - at,
            _ => usize::MAX,
        };
        let left = room(dr, r, self.rows).min(room(dc, c, self.cols));
        Ray { at: i, step: dr * self.cols as isize + dc, left }
    }

    /// The neighbour of cell `i` in direction `DIRECTIONS[d]`, if it is on the board.
    #[inline]
    pub fn step(&self, i: usize, d: usize) -> Option<usize> {
        self.ray(i, d).next()
    }

    /// Writes the board as `rows` lines of `cols` characters of `alphabet`.
    ///
    /// ```
    /// use othello::core::board::{Alphabet, Board};
    /// let mut out = Vec::new();
    /// Board::start(4).write(&mut out, &Alphabet { empty: '.', black: 'N', white: 'B' }).unwrap();
    /// assert_eq!(out, b"....\n.BN.\n.NB.\n....\n");
    /// ```
    pub fn write<W: Write + ?Sized>(&self, out: &mut W, alphabet: &Alphabet) -> io::Result<()> {
        let mut text = String::with_capacity(self.rows * (self.cols + 1));
        for row in self.cells.chunks(self.cols) {
            text.extend(row.iter().map(|&cell| alphabet.symbol(cell)));
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
