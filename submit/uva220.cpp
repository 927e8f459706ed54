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
// Malformed input (which the judge never sends) ends the program with exit code 2 and
// one line on stderr. Compiles with g++ -std=c++11 -O2 -Wall -Wextra.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

namespace {

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
            if (is_legal(g, g.player, r, c)) {
                if (!line.empty()) line += ' ';
                line += '(';
                line += char('1' + r);
                line += ',';
                line += char('1' + c);
                line += ')';
            }
    std::cout << (line.empty() ? "No legal move." : line) << '\n';
}

void print_board(const Game &g) {
    for (int r = 0; r < N; ++r) std::cout << std::string(g.cell[r], g.cell[r] + N) << '\n';
}

// Ends the program on input the statement rules out.
void fail(const std::string &what) {
    std::cout.flush();
    std::cerr << "error: " << what << '\n';
    std::exit(2);
}

// Reads one game (board and player), then runs its commands up to Q or the end of input.
void run_game(long long number) {
    Game g;
    for (int r = 0; r < N; ++r) {
        std::string row;
        if (!(std::cin >> row) || row.size() != N) fail("game " + std::to_string(number) + ": expected a row of 8 cells");
        for (int c = 0; c < N; ++c) {
            if (row[c] != '-' && row[c] != 'B' && row[c] != 'W') fail("unexpected cell in \"" + row + "\"");
            g.cell[r][c] = row[c];
        }
    }
    std::string player;
    if (!(std::cin >> player) || (player != "B" && player != "W")) fail("expected the player to move, B or W");
    g.player = player[0];
    if (number > 1) std::cout << '\n';

    std::string command;
    while (std::cin >> command && command != "Q") {
        if (command == "L") {
            list_moves(g);
        } else if (command.size() == 3 && command[0] == 'M' && command[1] >= '1' && command[1] <= '8' &&
                   command[2] >= '1' && command[2] <= '8') {
            int r = command[1] - '1', c = command[2] - '1';
            if (!has_legal_move(g, g.player)) g.player = opponent(g.player);
            if (!is_legal(g, g.player, r, c)) fail(command + " is illegal");
            play(g, g.player, r, c);
            char line[32];
            std::snprintf(line, sizeof line, "Black - %2d White - %2d", discs(g, 'B'), discs(g, 'W'));
            std::cout << line << '\n';
            g.player = opponent(g.player);
        } else {
            fail("unknown command \"" + command + "\" (expected L, Mrc or Q)");
        }
    }
    print_board(g);
}

}  // namespace

int main() {
    std::ios::sync_with_stdio(false);
    long long games = 0;
    if (!(std::cin >> games) || games < 0) fail("expected the number of games");
    for (long long i = 1; i <= games; ++i) run_game(i);
    std::string extra;
    if (std::cin >> extra) fail("unexpected \"" + extra + "\" after the last game");
    return 0;
}
