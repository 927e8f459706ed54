"""Dumbothello (Sapienza, Fondamenti di Programmazione, HW8): count the outcomes of
every game from a board under the adjacent-capture rules.

Rules: black moves first. A move puts a disc on an empty cell next to (in one of the
8 directions) at least one opponent disc, and turns every adjacent opponent disc. A
player without such a move ends the game (there is no passing); more discs wins.

``dumbothello(filename)`` reads the board (one row per line, cells ``B``, ``W`` and
``.`` separated by blanks; any rectangle) and returns ``(black_wins, white_wins, ties)``
over all leaves of the game tree. The tree is walked recursively, as the homework
demands, and each position is counted once: a dictionary keeps the counts of the
positions already seen, so long lines (1x80: about 10^22 games) take a moment, and
Python's integers keep the counts exact.

As a script: ``python3 dumbothello.py [FILE]`` prints the tuple; without FILE (or with
``-``) the board is read from standard input. Standard library only.
"""

import re
import sys


class Board:
    """The shape of a board: cell ``i`` is bit ``i`` of a disc set, row by row."""

    def __init__(self, rows, cols):
        self.cells = rows * cols
        self.neighbours = []
        for i in range(self.cells):
            r, c = divmod(i, cols)
            mask = 0
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols:
                        mask |= 1 << ((r + dr) * cols + c + dc)
            self.neighbours.append(mask)
        self.full = (1 << self.cells) - 1


def read_board(text):
    """The board in ``text``: (Board, black discs, white discs).

    Raises ValueError naming the line of a bad character or of a row of another length.
    """
    rows = []
    for number, line in enumerate(re.split(r"\r\n|\r|\n", text), 1):
        row = [ch for ch in line if ch not in " \t\f\v"]
        if not row:
            continue
        for ch in row:
            if ch not in "BW.":
                raise ValueError("line %d: unexpected character %r (cells are '.', 'B' or 'W')" % (number, ch))
        if rows and len(row) != len(rows[0]):
            raise ValueError("line %d: expected %d cells, found %d" % (number, len(rows[0]), len(row)))
        rows.append(row)
    if not rows:
        raise ValueError("no board: the input has no rows")
    board = Board(len(rows), len(rows[0]))
    black = white = 0
    for i, ch in enumerate(ch for row in rows for ch in row):
        if ch == "B":
            black |= 1 << i
        elif ch == "W":
            white |= 1 << i
    return board, black, white


def count_games(board, mover, other, mover_is_black, seen):
    """(black_wins, white_wins, ties) over every game from the position where the
    player with discs ``mover`` is to move against ``other``; ``seen`` maps the
    positions already counted to their counts."""
    key = (mover, other, mover_is_black)
    if key in seen:
        return seen[key]
    black_wins = white_wins = ties = 0
    empty = board.full & ~(mover | other)
    moved = False
    while empty:
        cell = empty & -empty
        empty ^= cell
        flips = board.neighbours[cell.bit_length() - 1] & other
        if flips:
            moved = True
            b, w, t = count_games(board, other & ~flips, mover | flips | cell, not mover_is_black, seen)
            black_wins += b
            white_wins += w
            ties += t
    if not moved:
        black, white = (mover, other) if mover_is_black else (other, mover)
        black, white = bin(black).count("1"), bin(white).count("1")
        black_wins, white_wins, ties = int(black > white), int(white > black), int(black == white)
    seen[key] = (black_wins, white_wins, ties)
    return seen[key]


def count_outcomes(text):
    """The outcomes of the board written in ``text``, black to move."""
    board, black, white = read_board(text)
    # One level of recursion per move: at most one per cell.
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 2 * board.cells + 100))
    return count_games(board, black, white, True, {})


def dumbothello(filename):
    """The homework's function: (black_wins, white_wins, ties) for the board in the
    file ``filename``."""
    with open(filename) as f:
        return count_outcomes(f.read())


def main(args):
    """Prints the tuple for the file named in ``args`` (or stdin); returns the exit code."""
    try:
        if len(args) > 1:
            raise ValueError("usage: dumbothello.py [FILE] (at most one argument)")
        if not args or args[0] == "-":
            text = sys.stdin.read()
        else:
            with open(args[0]) as f:
                text = f.read()
        print(count_outcomes(text))
    except (OSError, ValueError) as e:
        sys.stderr.write("error: %s\n" % e)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
