//! Jutge.org P18992 "Othello": replay a game, print every board. See
//! `othello::judges::jutge_p18992`.
extern crate othello;

fn main() {
    std::process::exit(othello::judges::run(&othello::judges::jutge_p18992::ABOUT, |input, out| {
        othello::judges::jutge_p18992::solve(input, out)
    }));
}
