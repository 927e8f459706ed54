//! UVa 220 "Othello": L / Mrc / Q commands over many games. See `othello::judges::uva220`.
extern crate othello;

fn main() {
    std::process::exit(othello::judges::run(&othello::judges::uva220::ABOUT, |input, out| {
        othello::judges::uva220::solve(input, out)
    }));
}
