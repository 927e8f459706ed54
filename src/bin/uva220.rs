//! UVa 220 "Othello": L / Mrc / Q commands over many games. See `othello::uva220`.
extern crate othello;

fn main() {
    std::process::exit(othello::judge::run(|input, out| othello::uva220::solve(input, out)));
}
