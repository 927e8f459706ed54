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
// Malformed input (which the judge never sends) ends the program with exit code 2 and
// one line on stderr. Compiles with g++ -std=c++11 -O2 -Wall -Wextra.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace {

typedef unsigned long long Count;

const char EMPTY = '.', BLACK = 'B', WHITE = 'W';
const int DR[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
const int DC[8] = {0, 1, 1, 1, 0, -1, -1, -1};

struct Outcomes {
    Count black = 0, white = 0, draws = 0;
};

int n;                    // the board is n x n
std::vector<char> cell;   // row by row: EMPTY, BLACK or WHITE
std::vector<int> empties; // the cells that were empty at the start

char opponent(char player) { return player == BLACK ? WHITE : BLACK; }

// Plays `player` at the empty cell `at` if that is legal: turns the bracketed discs,
// appends their indices to `turned` and returns true; otherwise changes nothing.
bool play(char player, int at, std::vector<int> &turned) {
    size_t before = turned.size();
    int r0 = at / n, c0 = at % n;
    for (int d = 0; d < 8; ++d) {
        int r = r0 + DR[d], c = c0 + DC[d], run = 0;
        while (r >= 0 && r < n && c >= 0 && c < n && cell[r * n + c] == opponent(player)) {
            r += DR[d];
            c += DC[d];
            ++run;
        }
        if (run == 0 || r < 0 || r >= n || c < 0 || c >= n || cell[r * n + c] != player) continue;
        for (int k = 1; k <= run; ++k) {
            int i = (r0 + k * DR[d]) * n + c0 + k * DC[d];
            cell[i] = player;
            turned.push_back(i);
        }
    }
    if (turned.size() == before) return false;
    cell[at] = player;
    return true;
}

// Takes back a move made by play(): `at` empty again, the discs after `from` turned back.
void undo(int at, std::vector<int> &turned, size_t from) {
    for (size_t k = from; k < turned.size(); ++k) cell[turned[k]] = opponent(cell[turned[k]]);
    turned.resize(from);
    cell[at] = EMPTY;
}

// Adds to `out` the outcomes of every game from here with `player` to move.
// `passed` says the previous player had no move.
void walk(char player, bool passed, std::vector<int> &turned, Outcomes &out) {
    bool moved = false;
    for (size_t k = 0; k < empties.size(); ++k) {
        int at = empties[k];
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
    int black = 0, white = 0;
    for (size_t i = 0; i < cell.size(); ++i) {
        black += cell[i] == BLACK;
        white += cell[i] == WHITE;
    }
    if (black > white) ++out.black;
    else if (white > black) ++out.white;
    else ++out.draws;
}

void fail(const std::string &what) {
    std::cerr << "error: " << what << '\n';
    std::exit(2);
}

// The lines of `text` that hold more than blanks; "\n", "\r\n" and a lone "\r" end a line.
std::vector<std::string> nonblank_lines(const std::string &text) {
    std::vector<std::string> lines;
    std::string line;
    for (size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] != '\n' && text[i] != '\r') {
            line += text[i];
            continue;
        }
        if (line.find_first_not_of(" \t\f\v") != std::string::npos) lines.push_back(line);
        line.clear();
        if (i + 1 < text.size() && text[i] == '\r' && text[i + 1] == '\n') ++i;
    }
    return lines;
}

// The cells of one row: "1 0 -1" words when `numeric`, else '.', 'W', 'B' with or
// without blanks between them.
std::string parse_row(const std::string &line, bool numeric) {
    std::string row;
    if (numeric) {
        std::istringstream words(line);
        std::string w;
        while (words >> w) {
            if (w == "1") row += BLACK;
            else if (w == "0") row += WHITE;
            else if (w == "-1") row += EMPTY;
            else fail("unexpected \"" + w + "\" (the board is written with 1, 0 and -1)");
        }
    } else {
        for (size_t i = 0; i < line.size(); ++i) {
            char ch = line[i];
            if (ch == ' ' || ch == '\t' || ch == '\f' || ch == '\v') continue;
            if (ch != EMPTY && ch != BLACK && ch != WHITE) fail("unexpected character in \"" + line + "\"");
            row += ch;
        }
    }
    return row;
}

}  // namespace

int main() {
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    std::vector<std::string> lines = nonblank_lines(text);
    if (lines.empty() || !(std::istringstream(lines[0]) >> n) || n < 1) fail("expected the board size");
    if (lines.size() != size_t(n) + 1) fail("expected " + std::to_string(n) + " rows of the board, one per line");
    // The first row tells the alphabet: a number (a digit after a minus sign) is the contest's.
    size_t first = lines[1].find_first_not_of(" \t\f\v-");
    bool numeric = first != std::string::npos && lines[1][first] >= '0' && lines[1][first] <= '9';
    for (int r = 0; r < n; ++r) {
        std::string row = parse_row(lines[r + 1], numeric);
        if (row.size() != size_t(n)) fail("expected " + std::to_string(n) + " cells in row " + std::to_string(r + 1));
        cell.insert(cell.end(), row.begin(), row.end());
    }
    for (int i = 0; i < n * n; ++i)
        if (cell[i] == EMPTY) empties.push_back(i);

    Outcomes out;
    std::vector<int> turned;
    walk(WHITE, false, turned, out);
    std::printf("%llu %llu %llu\n", out.black, out.white, out.draws);
    return 0;
}
