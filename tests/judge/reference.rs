//! An independent, deliberately simple reference for the two judge formats.
//!
//! Written from the problem statements and the test specification only (not from the
//! library): a `Vec<Vec<u8>>` board, a loop over the eight directions, no bitboards, no
//! cleverness. It handles valid inputs and may panic on anything else.

/// An empty square.
pub const EMPTY: u8 = 0;
/// A black disc.
pub const BLACK: u8 = 1;
/// A white disc.
pub const WHITE: u8 = 2;

/// A square board, indexed `board[row][column]` from 0, top left first.
pub type Board = Vec<Vec<u8>>;

/// The eight directions as (row step, column step).
pub const DIRECTIONS: [(i32, i32); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

/// The other colour.
pub fn opponent(player: u8) -> u8 {
    match player {
        BLACK => WHITE,
        WHITE => BLACK,
        _ => panic!("not a player: {}", player),
    }
}

/// The standard start on an `n`x`n` board: white on the top-left and bottom-right centre
/// squares, black on the other two.
pub fn start_position(n: usize) -> Board {
    let mut board = vec![vec![EMPTY; n]; n];
    let h = n / 2;
    board[h - 1][h - 1] = WHITE;
    board[h - 1][h] = BLACK;
    board[h][h - 1] = BLACK;
    board[h][h] = WHITE;
    board
}

/// The opponent discs that `player` would flip in direction `(dr, dc)` by playing on
/// `(r, c)`: a run of opponent discs closed by a disc of `player`, else nothing.
pub fn flips_in_direction(board: &Board, player: u8, r: usize, c: usize, dr: i32, dc: i32) -> Vec<(usize, usize)> {
    let n = board.len() as i32;
    let mut run = Vec::new();
    let (mut i, mut j) = (r as i32 + dr, c as i32 + dc);
    while i >= 0 && i < n && j >= 0 && j < n {
        let cell = board[i as usize][j as usize];
        if cell == player {
            return run;
        } else if cell == EMPTY {
            return Vec::new();
        }
        run.push((i as usize, j as usize));
        i += dr;
        j += dc;
    }
    // Ran off the board without meeting a disc of `player`.
    Vec::new()
}

/// Every disc that `player` would flip by playing on `(r, c)`; empty if the square is
/// occupied or the move brackets nothing (that is, iff the move is illegal).
pub fn flips(board: &Board, player: u8, r: usize, c: usize) -> Vec<(usize, usize)> {
    if board[r][c] != EMPTY {
        return Vec::new();
    }
    let mut all = Vec::new();
    for &(dr, dc) in DIRECTIONS.iter() {
        all.extend(flips_in_direction(board, player, r, c, dr, dc));
    }
    all
}

/// The legal moves of `player`, in row-major order.
pub fn legal_moves(board: &Board, player: u8) -> Vec<(usize, usize)> {
    let n = board.len();
    let mut moves = Vec::new();
    for r in 0..n {
        for c in 0..n {
            if !flips(board, player, r, c).is_empty() {
                moves.push((r, c));
            }
        }
    }
    moves
}

/// Plays `player` on `(r, c)`: places the disc and flips every bracketed disc.
/// Panics if the move is illegal.
pub fn play(board: &mut Board, player: u8, r: usize, c: usize) {
    let flipped = flips(board, player, r, c);
    assert!(!flipped.is_empty(), "illegal move ({},{}) for player {}", r + 1, c + 1, player);
    board[r][c] = player;
    for (i, j) in flipped {
        board[i][j] = player;
    }
}

/// The number of squares holding `what` (a colour, or `EMPTY`).
pub fn count(board: &Board, what: u8) -> usize {
    board.iter().map(|row| row.iter().filter(|&&cell| cell == what).count()).sum()
}

/// One UVa 220 game as read: the position, the player to move, the commands before the
/// `Q`, and whether the `Q` was there (the input may end without it).
pub struct Uva220Game {
    pub board: Board,
    pub player: u8,
    pub commands: Vec<String>,
    pub quit: bool,
}

/// Reads a UVa 220 input. A game cut off by the end of the input ends there, as if `Q`
/// had been read, and no further game is read.
pub fn parse_uva220(input: &str) -> Vec<Uva220Game> {
    let mut tokens = input.split_whitespace();
    let number: usize = tokens.next().expect("the number of games").parse().expect("a number of games");
    let mut games = Vec::new();
    for _ in 0..number {
        let mut board = Board::new();
        for _ in 0..8 {
            let row = tokens.next().expect("a board row");
            assert_eq!(row.len(), 8, "a board row has 8 squares: {:?}", row);
            board.push(
                row.bytes()
                    .map(|b| match b {
                        b'-' => EMPTY,
                        b'B' => BLACK,
                        b'W' => WHITE,
                        _ => panic!("not a square: {:?}", b as char),
                    })
                    .collect(),
            );
        }
        let player = match tokens.next() {
            Some("B") => BLACK,
            Some("W") => WHITE,
            other => panic!("not a player: {:?}", other),
        };
        let mut commands = Vec::new();
        let mut quit = false;
        for token in tokens.by_ref() {
            if token == "Q" {
                quit = true;
                break;
            }
            commands.push(token.to_string());
        }
        games.push(Uva220Game { board, player, commands, quit });
        if !quit {
            break;
        }
    }
    games
}

/// The expected output of a UVa 220 input.
pub fn uva220(input: &str) -> String {
    let outputs: Vec<String> = parse_uva220(input).into_iter().map(run_uva220_game).collect();
    // Each game's output ends with a newline; one empty line goes between games.
    outputs.join("\n")
}

/// Runs the commands of one UVa 220 game, then prints the board (the `Q`).
fn run_uva220_game(game: Uva220Game) -> String {
    let mut board = game.board;
    let mut player = game.player;
    let mut out = String::new();
    for command in &game.commands {
        let bytes = command.as_bytes();
        match bytes[0] {
            b'L' => {
                let moves = legal_moves(&board, player);
                if moves.is_empty() {
                    out.push_str("No legal move.\n");
                } else {
                    let shown: Vec<String> = moves.iter().map(|&(r, c)| format!("({},{})", r + 1, c + 1)).collect();
                    out.push_str(&shown.join(" "));
                    out.push('\n');
                }
            }
            b'M' => {
                assert_eq!(bytes.len(), 3, "a move command is M and two digits: {:?}", command);
                let r = (bytes[1] - b'1') as usize;
                let c = (bytes[2] - b'1') as usize;
                if legal_moves(&board, player).is_empty() {
                    player = opponent(player);
                }
                play(&mut board, player, r, c);
                out.push_str(&format!("Black - {:2} White - {:2}\n", count(&board, BLACK), count(&board, WHITE)));
                player = opponent(player);
            }
            _ => panic!("not a command: {:?}", command),
        }
    }
    for row in &board {
        for &cell in row {
            out.push(match cell {
                BLACK => 'B',
                WHITE => 'W',
                _ => '-',
            });
        }
        out.push('\n');
    }
    out
}

/// Reads a Jutge P18992 input: the board size and the moves as (colour, row, column),
/// 0-based.
pub fn parse_jutge(input: &str) -> (usize, Vec<(u8, usize, usize)>) {
    let mut tokens = input.split_whitespace();
    let n: usize = tokens.next().expect("the board size").parse().expect("a board size");
    let mut moves = Vec::new();
    while let Some(letter) = tokens.next() {
        let player = match letter {
            "N" => BLACK,
            "B" => WHITE,
            _ => panic!("not a player: {:?}", letter),
        };
        let r: usize = tokens.next().expect("a row").parse().expect("a row number");
        let c: usize = tokens.next().expect("a column").parse().expect("a column number");
        moves.push((player, r - 1, c - 1));
    }
    (n, moves)
}

/// The expected output of a Jutge P18992 input.
pub fn jutge(input: &str) -> String {
    let (n, moves) = parse_jutge(input);
    let mut board = start_position(n);
    let mut out = String::new();
    print_jutge_board(&board, &mut out);
    for (player, r, c) in moves {
        play(&mut board, player, r, c);
        print_jutge_board(&board, &mut out);
    }
    out
}

/// Appends one Jutge board: the rows, the `black:white` counts and an empty line.
fn print_jutge_board(board: &Board, out: &mut String) {
    for row in board {
        for &cell in row {
            out.push(match cell {
                BLACK => 'N',
                WHITE => 'B',
                _ => '.',
            });
        }
        out.push('\n');
    }
    out.push_str(&format!("{}:{}\n\n", count(board, BLACK), count(board, WHITE)));
}
