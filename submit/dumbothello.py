"""Dumbothello (Sapienza, Fondamenti di Programmazione, HW8): count the outcomes of
every game from a board under the adjacent-capture rules.

Rules: black moves first. A move puts a disc on an empty cell next to (in one of the
8 directions) at least one opponent disc, and turns every adjacent opponent disc. A
player without such a move ends the game (there is no passing); more discs wins.

``dumbothello(filename)`` reads the board (one row per line, cells ``B``, ``W`` and
``.`` separated by blanks or not; any rectangle) and returns ``(black_wins,
white_wins, ties)`` over all leaves of the game tree. The tree is walked recursively,
as the homework demands, and each position is counted once: a dictionary keeps the
counts of the positions already seen (emptied whenever it fills half the process's
memory limit, or 1 GiB), so long lines (1x80: about 10^22 games) take a moment, and
Python's integers keep the counts exact. A position is the cells a move can still
change: the empty cells and their neighbours.

As a script: ``python3 dumbothello.py [FILE]`` prints the tuple; without FILE (or with
``-``) the board is read from standard input. It answers as the Rust binary
``dumbothello`` does: bad input ends it with exit code 2 and one line on stderr naming
what and where; a failed write with 1 and one line; a closed stdout quietly with 0.
A board where black cannot move is answered at once (up to 100000 empty cells), other
counts are made up to 1000 empty cells. Standard library only.
"""

import os
import re
import sys
import unicodedata

MAX_EMPTIES = 100000  # the most empty cells of a board
DEEP = 1000  # the most empty cells of a count: its recursion is as deep (as the Rust files)
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
    cells, cols, wrong, number = bytearray(), 0, None, 0
    try:
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
    except MemoryError:
        raise InputError("line %d: the input does not fit in memory" % number)
    if not cells:
        raise InputError("no board: the input has no rows")
    if wrong:
        raise InputError(wrong)
    return cells, cols


def around(i, rows, cols):
    """The cells next to cell ``i`` of a ``rows`` x ``cols`` board."""
    r, c = divmod(i, cols)
    return [j * cols + k for j in range(max(r - 1, 0), min(r + 2, rows))
            for k in range(max(c - 1, 0), min(c + 2, cols)) if (j, k) != (r, c)]


def budget():
    """The bytes the table of positions may take: 1 GiB, at most half the process's
    address-space or data limit."""
    try:
        import resource
        limits = [resource.getrlimit(r)[0] for r in (resource.RLIMIT_AS, resource.RLIMIT_DATA)]
        return min([1 << 30] + [n // 2 for n in limits if n != resource.RLIM_INFINITY])
    except (ImportError, OSError, ValueError):
        return 1 << 30


class Board:
    """The cells of ``cells`` (``cols`` to a row) a move can change: the empty ones and
    their neighbours, cell ``k`` of them bit ``k`` of a disc set; and what stays."""

    def __init__(self, cells, cols, holes):
        rows = len(cells) // cols
        live = sorted(set(holes).union(*[around(i, rows, cols) for i in holes]))
        index = {cell: k for k, cell in enumerate(live)}
        self.neighbours = [0] * len(live)
        for i in holes:
            self.neighbours[index[i]] = sum(1 << index[j] for j in around(i, rows, cols))
        self.full = (1 << len(live)) - 1
        self.black = sum(1 << k for k, cell in enumerate(live) if cells[cell] == ord("B"))
        self.white = sum(1 << k for k, cell in enumerate(live) if cells[cell] == ord("W"))
        # Black's discs less white's among the cells no move reaches.
        self.margin = cells.count(b"B") - cells.count(b"W") - bin(self.black).count("1") + bin(self.white).count("1")
        # Positions the table holds: some 300 bytes each, and their keys' bits.
        self.room = budget() // (300 + len(live) // 4)


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
        margin = bin(black).count("1") - bin(white).count("1") + board.margin
        black_wins, white_wins, ties = int(margin > 0), int(margin < 0), int(margin == 0)
    if len(seen) >= board.room:
        seen.clear()
    seen[key] = (black_wins, white_wins, ties)
    return black_wins, white_wins, ties


def count_outcomes(data):
    """The outcomes of the board written in ``data`` (bytes or text), black to move."""
    cells, cols = read_board(data.encode() if isinstance(data, str) else data)
    empties = cells.count(b".")
    if empties > MAX_EMPTIES:
        raise InputError("the board has %d empty cells; counting takes at most %d" % (empties, MAX_EMPTIES))
    holes = [m.start() for m in re.finditer(rb"\.", cells)]
    rows = len(cells) // cols
    if b"W" not in cells or not any(cells[j] == ord("W") for i in holes for j in around(i, rows, cols)):
        # Black cannot move: the game is over.
        margin = cells.count(b"B") - cells.count(b"W")
        return int(margin > 0), int(margin < 0), int(margin == 0)
    if empties > DEEP:
        raise InputError("the board has %d empty cells; this file counts at most %d" % (empties, DEEP))
    board = Board(cells, cols, holes)
    # One level of recursion per move: at most one per empty cell.
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 2 * empties + 100))
    return count_games(board, board.black, board.white, True, {})


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
    except MemoryError:
        raise InputError("the input does not fit in memory (%d MB read)" % (len(data) >> 20))
    except OSError as e:
        raise InputError("cannot read the input: %s" % os_error(e))


def main(args):
    """Prints the tuple for the file named in ``args`` (or stdin); returns the exit code."""
    try:
        if args[:1] in (["-h"], ["--help"]):
            text = __doc__
        else:
            text = "%s\n" % (count_outcomes(read_input(args)),)
    except (InputError, MemoryError) as e:
        message = e if isinstance(e, InputError) else "the board does not fit in memory"
        return report("error: %s\n" % message, 2)
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
