//! B4254 "Othello Endgame Outcome Counting": black wins, white wins, draws over every
//! move sequence, white first. See `othello::judges::b4254`.
extern crate othello;

fn main() {
    std::process::exit(othello::judges::run(&othello::judges::b4254::ABOUT, |input, out| {
        othello::judges::b4254::solve(input, out)
    }));
}
