//! UVa 220 "Othello": L / Mrc / Q commands over many games. See `othello::judges::uva220`.
extern crate othello;

fn main() {
    std::process::exit(othello::judges::run(|input, out| othello::judges::uva220::solve(input, out)));
}
