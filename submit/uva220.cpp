// UVa 220 "Othello": a command interpreter over a series of 8x8 games.
//
// Input: the number of games; per game 8 rows of 8 cells ('-' empty, 'B' black,
// 'W' white), the player to move ('B' or 'W'), then commands, one per line:
//   L     list the legal moves of the player to move, row-major, as "(r,c)" separated
//         by one space, or print "No legal move.";
//   Mrc   play at row r, column c (1-based); if the player to move has no legal move,
//         the other player makes it. Prints "Black - %2d White - %2d"; the turn then
//         passes to the player who did not move;
//   Q     print the board and end the game.
// One empty line separates the outputs of consecutive games. The input is read as
// blank-separated words, so stray spaces and CRLF line ends do no harm; a game whose
// commands run out before Q ends as if Q had been read.
//
// It answers as the Rust binary uva220 does. Bad input (which the judge never sends) ends
// it with exit code 2 and one line on stderr naming what and where, after the output of
// the commands before it; a failed write with 1 and one line; a closed stdout quietly
// with 0. Compiles with g++ -std=c++11 -O2 -Wall -Wextra.
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

namespace {

// ---- Input, messages and output as the Rust binaries have them (as in b4254.cpp).
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

// ---- The games.
const int N = 8;

// The eight directions: row step, column step.
const int DR[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
const int DC[8] = {0, 1, 1, 1, 0, -1, -1, -1};

struct Game {
    char cell[N][N];  // '-', 'B' or 'W'
    char player;      // 'B' or 'W': whose turn it is
};

char opponent(char player) { return player == 'B' ? 'W' : 'B'; }

bool on_board(int r, int c) { return r >= 0 && r < N && c >= 0 && c < N; }

// How many discs `player` would turn in direction d by playing at (r, c): the run of
// opponent discs that starts next to (r, c) and ends on one of the player's discs.
int flips_in_direction(const Game &g, char player, int r, int c, int d) {
    int run = 0;
    int i = r + DR[d], j = c + DC[d];
    while (on_board(i, j) && g.cell[i][j] == opponent(player)) {
        ++run;
        i += DR[d];
        j += DC[d];
    }
    return on_board(i, j) && g.cell[i][j] == player ? run : 0;
}

// Whether `player` may play at (r, c): an empty square that brackets at least one disc.
bool is_legal(const Game &g, char player, int r, int c) {
    if (g.cell[r][c] != '-') return false;
    for (int d = 0; d < 8; ++d)
        if (flips_in_direction(g, player, r, c, d) > 0) return true;
    return false;
}

bool has_legal_move(const Game &g, char player) {
    for (int r = 0; r < N; ++r)
        for (int c = 0; c < N; ++c)
            if (is_legal(g, player, r, c)) return true;
    return false;
}

// Puts a disc of `player` at (r, c) and turns every bracketed line.
void play(Game &g, char player, int r, int c) {
    for (int d = 0; d < 8; ++d) {
        int run = flips_in_direction(g, player, r, c, d);
        for (int k = 1; k <= run; ++k) g.cell[r + k * DR[d]][c + k * DC[d]] = player;
    }
    g.cell[r][c] = player;
}

int discs(const Game &g, char color) {
    int count = 0;
    for (int r = 0; r < N; ++r)
        for (int c = 0; c < N; ++c) count += g.cell[r][c] == color;
    return count;
}

void list_moves(const Game &g) {
    std::string line;
    for (int r = 0; r < N; ++r)
        for (int c = 0; c < N; ++c)
            if (is_legal(g, g.player, r, c)) line += std::string(" (") + char('1' + r) + ',' + char('1' + c) + ')';
    put(line.empty() ? "No legal move.\n" : line.substr(1) + '\n');
}

void print_board(const Game &g) {
    for (int r = 0; r < N; ++r) put(std::string(g.cell[r], g.cell[r] + N) + '\n');
}

// The input as words (blanks: ASCII whitespace) that know their line.
struct Word {
    size_t from, to, line;
    bool is(const char *s) const { return in.compare(from, to - from, s) == 0; }
};
size_t pos = 0, line = 1;  // where the next word is looked for; the line of the last one

// The next word; false at the end of the input.
bool next(Word &w) {
    size_t s = pos;
    while (s < in.size() && blank(in[s])) ++s;
    if (s == in.size()) return false;
    line += line_ends(pos, s);
    for (pos = s; pos < in.size() && !blank(in[pos]);) ++pos;
    w = Word{s, pos, line};
    return true;
}

// The next word; at the end of the input, fails saying that `what` was expected.
Word expect(const std::string &what) {
    Word w;
    if (!next(w)) fail(at(line) + "expected " + what + ", found the end of the input");
    return w;
}

// Reads one game (board and player), then runs its commands up to Q or the end of input.
void run_game(u64 number) {
    std::string game = "game " + str(number);
    Game g;
    for (int r = 0; r < N; ++r) {
        std::string row = "row " + str(r + 1);
        Word w = expect(row + " of the board of " + game);
        size_t cells = 0;
        for (size_t p = w.from, from; p < w.to; ++cells) {
            unsigned c = char_at(from = p);
            if (c != '-' && c != 'B' && c != 'W')
                fail(at(w.line) + game + ": " + row + ": unexpected character '" + shown(p, from, 1, '\'') +
                     "' (cells are '-', 'B' or 'W')");
            if (cells < N) g.cell[r][cells] = char(c);
            p = from;
        }
        if (cells != N) fail(at(w.line) + game + ": expected 8 cells in " + row + ", found " + str(cells));
    }
    Word w = expect("the player to move in " + game);
    if (!w.is("B") && !w.is("W"))
        fail(at(w.line) + game + ": expected the player to move, B or W, found '" + shown(w.from, w.to) + "'");
    g.player = in[w.from];
    if (number > 1) put("\n");

    while (next(w) && !w.is("Q")) {
        std::string command = in.substr(w.from, std::min<size_t>(w.to - w.from, 4));
        if (w.is("L")) {
            list_moves(g);
        } else if (command.size() == 3 && command[0] == 'M' && command[1] >= '0' && command[1] <= '9' &&
                   command[2] >= '0' && command[2] <= '9') {
            int r = command[1] - '1', c = command[2] - '1';
            if (!on_board(r, c))
                fail(at(w.line) + game + ": " + command + " is off the board (rows and columns are 1 to 8)");
            if (!has_legal_move(g, g.player)) g.player = opponent(g.player);
            if (!is_legal(g, g.player, r, c))
                fail(at(w.line) + game + ": " + command + " is illegal for " + (g.player == 'B' ? "Black" : "White") +
                     (g.cell[r][c] == '-' ? ": the move flips no disc" : ": the square is occupied"));
            play(g, g.player, r, c);
            char text[32];
            std::snprintf(text, sizeof text, "Black - %2d White - %2d\n", discs(g, 'B'), discs(g, 'W'));
            put(text);
            g.player = opponent(g.player);
        } else {
            fail(at(w.line) + game + ": unknown command '" + shown(w.from, w.to) + "' (expected L, Mrc or Q)");
        }
    }
    print_board(g);
}

}  // namespace

int main() {
    start();
    Word w = expect("the number of games");
    u64 games = number(w.from, w.to, w.line, "the number of games", 0, ~0ULL);
    for (u64 g = 0; g < games;) run_game(++g);
    if (next(w)) fail(at(w.line) + "unexpected '" + shown(w.from, w.to) + "' after the end of the data");
    flush();
    return 0;
}
