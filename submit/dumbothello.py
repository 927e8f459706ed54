"""Dumbothello (Sapienza, Fondamenti di Programmazione, HW8): count the outcomes of
every game from a board under the adjacent-capture rules.

Rules: black moves first. A move puts a disc on an empty cell next to (in one of the
8 directions) at least one opponent disc, and turns every adjacent opponent disc. A
player without such a move ends the game (there is no passing); more discs wins.

``dumbothello(filename)`` reads the board (one row per line, cells ``B``, ``W`` and
``.`` separated by blanks or not; any rectangle) and returns ``(black_wins,
white_wins, ties)`` over all leaves of the game tree. The tree is walked recursively,
as the homework demands, and each position is counted once: a dictionary keeps the
counts of the positions already seen, so long lines (1x80: about 10^22 games) take a
moment, and Python's integers keep the counts exact.

As a script: ``python3 dumbothello.py [FILE]`` prints the tuple; without FILE (or with
``-``) the board is read from standard input. It answers as the Rust binary
``dumbothello`` does: bad input ends it with exit code 2 and one line on stderr naming
what and where; a failed write with 1 and one line; a closed stdout quietly with 0.
Standard library only.
"""

import os
import re
import sys
import unicodedata

BLANKS = b" \t\n\x0c\r"  # ASCII whitespace, as the Rust binary takes it
LINE = re.compile(rb"[^\r\n]*(?:\r\n|\r|\n|$)")  # a line ends at \n, \r\n or \r


class InputError(ValueError):
    """Bad input: the line the script prints before it exits with code 2."""


def escape(text, quote=""):
    """``text`` as the Rust binary shows it: controls, blanks but the space, invisible
    and combining characters escaped; with ``quote``, it and the backslash too."""
    shown = []
    for ch in text:
        if quote and ch in quote + "\\":
            ch = "\\" + ch
        elif ch in "\0\t\n\r":
            ch = "\\" + "0tnr"["\0\t\n\r".index(ch)]
        elif not ch.isprintable() or unicodedata.category(ch) in ("Mn", "Me"):
            ch = "\\u{%x}" % ord(ch)
        shown.append(ch)
    return "".join(shown)


def os_error(e):
    """An OSError in the Rust binary's words."""
    return "%s (os error %d)" % (e.strerror, e.errno)


def read_board(data):
    """The board in ``data`` (bytes): its cells, row by row, as one bytes-like object of
    ``.BW``, and the number of columns. Raises InputError naming the line of the first
    bad character, or of the first row of another length than the first."""
    if not data.isascii():
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as e:
            ends = data.count(b"\n", 0, e.start) + data.count(b"\r", 0, e.start) - data.count(b"\r\n", 0, e.start)
            raise InputError("line %d: the input is not UTF-8 text" % (1 + ends))
    cells, cols, wrong = bytearray(), 0, None
    for number, line in enumerate(LINE.finditer(data), 1):
        row = line.group().translate(None, BLANKS)
        if row.translate(None, b".BW"):
            ch = next(c for c in line.group().decode() if c not in ".BW \t\n\x0c\r")
            raise InputError("line %d: unexpected character '%s' (cells are '.', 'B' or 'W')"
                             % (number, escape(ch, "'")))
        if row and not cols:
            cols = len(row)
        elif row and len(row) != cols and not wrong:
            wrong = "line %d: expected %d cells, found %d" % (number, cols, len(row))
        cells += row
    if not cells:
        raise InputError("no board: the input has no rows")
    if wrong:
        raise InputError(wrong)
    return cells, cols


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


def count_outcomes(data):
    """The outcomes of the board written in ``data`` (bytes or text), black to move."""
    cells, cols = read_board(data.encode() if isinstance(data, str) else data)
    board = Board(len(cells) // cols, cols)
    black = sum(1 << i for i, c in enumerate(cells) if c == ord("B"))
    white = sum(1 << i for i, c in enumerate(cells) if c == ord("W"))
    # One level of recursion per move: at most one per cell.
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 2 * board.cells + 100))
    return count_games(board, black, white, True, {})


def dumbothello(filename):
    """The homework's function: (black_wins, white_wins, ties) for the board in the
    file ``filename``."""
    with open(filename, "rb") as f:
        return count_outcomes(f.read())


def read_input(args):
    """The bytes of the file named in ``args``, or of stdin (no name, or ``-``)."""
    if len(args) > 1:
        raise InputError("at most one argument, the input file (see --help)")
    name = os.fsencode(args[0]).decode("utf-8", "replace") if args else "-"
    if name != "-" and name.startswith("-"):
        raise InputError("unknown option '%s' (see --help)" % escape(name))
    try:
        fd = 0 if name == "-" else os.open(args[0], os.O_RDONLY)
    except OSError as e:
        raise InputError("cannot open %s: %s" % (escape(name), os_error(e)))
    data = bytearray()
    try:
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return data
            data += chunk
    except OSError as e:
        raise InputError("cannot read the input: %s" % os_error(e))


def main(args):
    """Prints the tuple for the file named in ``args`` (or stdin); returns the exit code."""
    try:
        if args[:1] in (["-h"], ["--help"]):
            text = __doc__
        else:
            text = "%s\n" % (count_outcomes(read_input(args)),)
    except InputError as e:
        return report("error: %s\n" % e, 2)
    try:
        data = text.encode()
        while data:
            data = data[os.write(1, data):]
    except BrokenPipeError:
        return 0
    except OSError as e:
        return report("error: cannot write the output: %s\n" % os_error(e), 1)
    return 0


def report(line, code):
    """Writes ``line`` on stderr (if it can) and returns ``code``."""
    try:
        os.write(2, line.encode())
    except OSError:
        pass
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
