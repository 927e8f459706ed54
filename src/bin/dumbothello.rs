//! Dumbothello: `(black_wins, white_wins, ties)` under adjacent-capture rules, reading the
//! board from the file named by the argument or from stdin. See
//! `othello::judges::dumbothello`.
extern crate othello;

fn main() {
    std::process::exit(othello::judges::run(&othello::judges::dumbothello::ABOUT, |input, out| {
        othello::judges::dumbothello::solve(input, out)
    }));
}
