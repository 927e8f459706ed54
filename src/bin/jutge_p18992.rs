//! Jutge.org P18992 "Othello": replay a game, print every board. See `othello::jutge_p18992`.
extern crate othello;

fn main() {
    std::process::exit(othello::judge::run(|input, out| othello::jutge_p18992::solve(input, out)));
}
