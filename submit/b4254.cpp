// B4254 "Othello Endgame Outcome Counting": over every complete move sequence from a
// position, count black wins, white wins and draws.
//
// Input: n, then n rows of n cells, one row per line: a string of '.', 'W', 'B', or
// the same cells separated by blanks, or (as in the original contest) the numbers
// 1 black, 0 white, -1 empty separated by blanks. Output: "black white draws".
//
// Standard rules, white moves first. A move must bracket at least one straight line of
// opponent discs and turns every bracketed line; a player without a move passes, and
// the game ends when neither player can move. The statement allows at most 10 empty
// cells, so a depth-first walk over every sequence (at most 10! of them, plus passes)
// is quick and 64-bit counts are exact.
//
// It answers as the Rust binary b4254 does. Bad input (which the judge never sends) ends
// it with exit code 2 and one line on stderr naming what and where; a failed write with
// 1 and one line; a closed stdout quietly with 0. A board where nobody can move is
// answered at once (up to 100000 empty cells), other counts are made up to 1000 empty
// cells. Compiles with g++ -std=c++11 -O2 -Wall -Wextra.
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

namespace {

// ---- Input, messages and output as the Rust binaries have them (as in uva220.cpp).
typedef unsigned long long u64;
std::string in, out;  // the whole input; the output not yet written

std::string str(u64 v) { return std::to_string(v); }
std::string at(size_t line) { return "line " + str(line) + ": "; }
bool blank(unsigned c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }
std::string os_error() {
    int e = errno;
    return std::strerror(e) + (" (os error " + str(e) + ")");
}

// Writes the output held; a closed pipe ends the program quietly, another failure with
// exit code 1, unless `failing` (bad input follows, whatever happens here).
void flush(bool failing = false) {
    if (std::fwrite(out.data(), 1, out.size(), stdout) == out.size() || failing) return out.clear();
    if (errno == EPIPE) std::exit(0);
    std::fprintf(stderr, "error: cannot write the output: %s\n", os_error().c_str());
    std::exit(1);
}

// Adds `s` to the output, held up to 64 KiB.
void put(const std::string &s) {
    if (out.size() + s.size() > 65536) flush();
    out += s;
}

// Ends the program on bad input: the output so far stays written, `what` goes to stderr.
void fail(const std::string &what) {
    flush(true);
    std::fprintf(stderr, "error: %s\n", what.c_str());
    std::exit(2);
}

// The number of line ends ("\n", "\r\n" or a lone "\r") in in[from, to).
size_t line_ends(size_t from, size_t to) {
    size_t n = 0;
    for (size_t i = from; i < to; ++i) n += in[i] == '\n' || (in[i] == '\r' && (i + 1 == to || in[i + 1] != '\n'));
    return n;
}

// The character (UTF-8) that starts at in[i]; i moves past it.
unsigned char_at(size_t &i) {
    unsigned c = (unsigned char)in[i++], extra = c < 0xC0 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
    c &= extra ? 0x3F >> extra : 0x7F;
    while (extra--) c = c << 6 | ((unsigned char)in[i++] & 0x3F);
    return c;
}

// Whether Rust shows c escaped: controls, blanks but the space, invisible formats,
// combining and private characters, unassigned planes (the common ones of them).
bool invisible(unsigned c) {
    static const unsigned R[] = {0, 0x1F, 0x7F, 0xA0, 0xAD, 0xAD, 0x300, 0x36F, 0x1680, 0x1680, 0x180E, 0x180E,
                                 0x2000, 0x200F, 0x2028, 0x202F, 0x205F, 0x206F, 0x3000, 0x3000, 0xE000, 0xF8FF,
                                 0xFE00, 0xFE0F, 0xFEFF, 0xFEFF, 0xFFF0, 0xFFFB, 0xFFFE, 0xFFFF, 0x33480, 0x10FFFF};
    for (size_t k = 0; k < sizeof R / sizeof *R; k += 2)
        if (c >= R[k] && c <= R[k + 1]) return true;
    return false;
}

// in[from, to) as a message shows it: at most `max` characters (then "..."), the
// invisible ones escaped; with `quote`, it and the backslash too (a char's Debug form).
std::string shown(size_t from, size_t to, size_t max = 20, unsigned quote = 0) {
    std::string r;
    char hex[16];
    for (size_t i = from, n = 0; i < to; ++n) {
        if (n == max) return r + "...";
        size_t start = i;
        unsigned c = char_at(i);
        const char *e = c == 0 ? "\\0" : c == 9 ? "\\t" : c == 10 ? "\\n" : c == 13 ? "\\r" : 0;
        if (e) r += e;
        else if (quote && (c == quote || c == '\\')) r += '\\', r += char(c);
        else if (invisible(c)) std::snprintf(hex, sizeof hex, "\\u{%x}", c), r += hex;
        else r.append(in, start, i - start);
    }
    return r;
}

// Reads the input, which must be UTF-8 text; a closed stdout is met as EPIPE, not SIGPIPE.
void start() {
#ifdef SIGPIPE
    std::signal(SIGPIPE, SIG_IGN);
#endif
    std::setvbuf(stdout, 0, _IONBF, 0);
    char chunk[1 << 16];
    try {
        for (size_t k; (k = std::fread(chunk, 1, sizeof chunk, stdin)) > 0;) in.append(chunk, k);
    } catch (const std::bad_alloc &) {
        fail("the input does not fit in memory (" + str(in.size() >> 20) + " MB read)");
    }
    if (std::ferror(stdin)) fail("cannot read the input: " + os_error());
    for (size_t i = 0; i < in.size();) {
        unsigned char c = in[i], d = i + 1 < in.size() ? in[i + 1] : 0;
        size_t len = c < 0x80 ? 1 : c < 0xC2 ? 0 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : c < 0xF5 ? 4 : 0;
        bool ok = len && i + len <= in.size() && !(c == 0xE0 && d < 0xA0) && !(c == 0xED && d > 0x9F) &&
                  !(c == 0xF0 && d < 0x90) && !(c == 0xF4 && d > 0x8F);
        for (size_t k = 1; ok && k < len; ++k) ok = ((unsigned char)in[i + k] & 0xC0) == 0x80;
        if (!ok) fail(at(1 + line_ends(0, i)) + "the input is not UTF-8 text");
        i += len;
    }
}

// The whole number in[from, to) if it lies in min..max (+ or - first allowed, -0 not),
// else fails on `line`, naming it `what`.
u64 number(size_t from, size_t to, size_t line, const std::string &what, u64 min, u64 max) {
    std::string w = at(line) + what + " must be ";
    bool minus = in[from] == '-';
    size_t s = from + (minus || in[from] == '+'), nz = s, d = s;
    while (nz < to && in[nz] == '0') ++nz;
    while (d < to && in[d] >= '0' && in[d] <= '9') ++d;
    if (s == to || d < to || (minus && nz == to)) fail(w + "a whole number, found '" + shown(from, to) + "'");
    if (minus) fail(w + "at least " + str(min) + ", found " + shown(from, to));
    u64 v = 0;
    bool big = to - nz > 20;
    for (size_t i = nz; !big && i < to; ++i) big = v > (~0ULL - (in[i] - '0')) / 10, v = v * 10 + (in[i] - '0');
    if (big || v > max) fail(w + "at most " + str(max) + ", found " + shown(from, to));
    if (v < min) fail(w + "at least " + str(min) + ", found " + str(v));
    return v;
}

// ---- The board.
const char EMPTY = '.', BLACK = 'B', WHITE = 'W';
const int DR[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
const int DC[8] = {0, 1, 1, 1, 0, -1, -1, -1};

struct Outcomes {
    u64 black = 0, white = 0, draws = 0;
};

long long n, margin;         // the board is n x n; black's discs less white's
std::vector<char> cell;      // row by row: EMPTY, BLACK or WHITE
std::vector<size_t> empties; // the cells that were empty at the start

char opponent(char player) { return player == BLACK ? WHITE : BLACK; }

// Plays `player` at the empty cell `at` if that is legal: turns the bracketed discs,
// appends their indices to `turned` and returns true; otherwise changes nothing.
bool play(char player, size_t at, std::vector<size_t> &turned) {
    size_t before = turned.size();
    long long r0 = at / n, c0 = at % n;
    for (int d = 0; d < 8; ++d) {
        long long r = r0 + DR[d], c = c0 + DC[d], run = 0;
        while (r >= 0 && r < n && c >= 0 && c < n && cell[r * n + c] == opponent(player)) {
            r += DR[d];
            c += DC[d];
            ++run;
        }
        if (run == 0 || r < 0 || r >= n || c < 0 || c >= n || cell[r * n + c] != player) continue;
        for (long long k = 1; k <= run; ++k) {
            size_t i = (r0 + k * DR[d]) * n + c0 + k * DC[d];
            cell[i] = player;
            turned.push_back(i);
        }
    }
    if (turned.size() == before) return false;
    cell[at] = player;
    margin += (player == BLACK ? 1 : -1) * (2 * (turned.size() - before) + 1);
    return true;
}

// Takes back a move made by play(): `at` empty again, the discs after `from` turned back.
void undo(size_t at, std::vector<size_t> &turned, size_t from) {
    for (size_t k = from; k < turned.size(); ++k) cell[turned[k]] = opponent(cell[turned[k]]);
    margin -= (cell[at] == BLACK ? 1 : -1) * (2 * (turned.size() - from) + 1);
    turned.resize(from);
    cell[at] = EMPTY;
}

// Whether `player` has a move on the board as it stands.
bool can_move(char player) {
    std::vector<size_t> turned;
    for (size_t k = 0; k < empties.size(); ++k)
        if (play(player, empties[k], turned)) return undo(empties[k], turned, 0), true;
    return false;
}

// Adds to `out` the outcomes of every game from here with `player` to move.
// `passed` says the previous player had no move.
void walk(char player, bool passed, std::vector<size_t> &turned, Outcomes &out) {
    bool moved = false;
    for (size_t k = 0; k < empties.size(); ++k) {
        size_t at = empties[k];
        if (cell[at] != EMPTY) continue;
        size_t from = turned.size();
        if (!play(player, at, turned)) continue;
        moved = true;
        walk(opponent(player), false, turned, out);
        undo(at, turned, from);
    }
    if (moved) return;
    if (!passed) return walk(opponent(player), true, turned, out);
    // Neither player can move: the game is over.
    if (margin > 0) ++out.black;
    else if (margin < 0) ++out.white;
    else ++out.draws;
}

// ---- Reading the board.

// Whether c is Unicode white space (as Rust's trim_start takes it).
bool unicode_blank(unsigned c) {
    return blank(c) || c == '\v' || c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
           c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

// The non-blank lines of the input (blank: ASCII whitespace only) and their numbers.
struct Lines {
    size_t pos = 0, number = 0, start = 0, end = 0;
    bool next() {
        while (pos <= in.size()) {
            start = pos, end = std::min(in.find_first_of("\r\n", pos), in.size()), ++number;
            pos = end + 1 + (in.compare(end, 2, "\r\n") == 0);
            if (in.find_first_not_of(" \t\f", start) < end) return true;
        }
        return false;
    }
};

// The next word of in[p, end) as [from, p); false if there is none.
bool word(size_t &p, size_t end, size_t &from) {
    while (p < end && blank(in[p])) ++p;
    for (from = p; p < end && !blank(in[p]);) ++p;
    return from < p;
}

// The cells of a row, into `to` if given: "1 0 -1" words when `numeric`, else '.', 'B',
// 'W' with or without blanks; fails at the first bad one. Returns how many there are.
u64 row(const Lines &r, bool numeric, char *to) {
    u64 count = 0;
    for (size_t p = r.start, from; p < r.end;) {
        char c = 0;
        if (numeric) {
            if (!word(p, r.end, from)) break;
            std::string w = in.substr(from, std::min<size_t>(p - from, 3));
            c = w == "1" ? BLACK : w == "0" ? WHITE : w == "-1" ? EMPTY : 0;
            if (!c) fail(at(r.number) + "unexpected '" + shown(from, p) + "' (the board is written with 1, 0 and -1)");
        } else {
            from = p;
            unsigned u = char_at(p);
            if (blank(u)) continue;
            if (u != EMPTY && u != BLACK && u != WHITE)
                fail(at(r.number) + "unexpected character '" + shown(from, p, 1, '\'') +
                     "' (cells are '.', 'B' or 'W')");
            c = char(u);
        }
        if (to) to[count] = c;
        ++count;
    }
    return count;
}

}  // namespace

int main() {
    start();
    Lines lines;
    if (!lines.next()) fail("no board: the input is empty");
    size_t p = lines.start, size, from, last = lines.number;
    word(p, lines.end, size);
    size_t size_end = p;
    if (word(p, lines.end, from))
        fail(at(last) + "expected only the board size, found '" + shown(from, p) + "' after it (one row per line)");
    n = number(size, size_end, last, "the board size", 1, 4294967295ULL);
    Lines rows = lines;
    u64 found = 0;
    while (found <= u64(n) && lines.next()) ++found, last = lines.number;
    std::string rows_of = str(n) + " rows of the board";
    if (found < u64(n)) fail(at(last) + "expected " + rows_of + ", one per line, found " + str(found));
    if (found > u64(n)) {
        size_t a = in.find_first_not_of(" \t\f", lines.start), b = in.find_last_not_of(" \t\f", lines.end - 1);
        fail(at(last) + "unexpected '" + shown(a, b + 1) + "' after the " + rows_of);
    }
    // The first row says which alphabet the board is written in: a number first (after
    // any blanks and minus signs) is the contest's.
    Lines r = rows;
    r.next();
    for (size_t q = p = r.start; q < r.end && unicode_blank(char_at(q));) p = q;
    while (p < r.end && in[p] == '-') ++p;
    bool numeric = p < r.end && in[p] >= '0' && in[p] <= '9';
    // Every row read first, then their lengths checked, then the board made.
    size_t wrong = 0;
    u64 cells = 0;
    for (r = rows; r.next() && r.number <= last;) {
        u64 k = row(r, numeric, 0);
        if (k != u64(n) && !wrong) wrong = r.number, cells = k;
    }
    if (wrong) fail(at(wrong) + "expected " + str(n) + " cells, found " + str(cells));
    try {
        cell.resize(u64(n) * n);
        for (r = rows, p = 0; r.next() && r.number <= last; p += n) row(r, numeric, &cell[p]);
    } catch (const std::exception &) {
        fail(at(last) + "a board of " + str(u64(n) * n) + " cells does not fit in memory");
    }
    u64 holes = std::count(cell.begin(), cell.end(), EMPTY);
    std::string has = "the board has " + str(holes) + " empty cells; ";
    if (holes > 100000) fail(has + "counting takes at most 100000");
    for (size_t i = 0; i < cell.size(); ++i)
        if (cell[i] == EMPTY) empties.push_back(i);
        else margin += cell[i] == BLACK ? 1 : -1;
    if (empties.size() > 1000 && (can_move(WHITE) || can_move(BLACK))) fail(has + "this file counts at most 1000");
    Outcomes o;
    std::vector<size_t> turned;
    walk(WHITE, false, turned, o);
    put(str(o.black) + " " + str(o.white) + " " + str(o.draws) + "\n");
    flush();
    return 0;
}
