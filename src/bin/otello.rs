//! `otello`: matches and tournaments between heuristics on a generic alpha-beta search,
//! a game against the engine, perft and exact endgames. See `otello --help` and
//! `othello::cli`.
extern crate othello;

use std::io::{self, BufWriter, Write};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = othello::cli::run(&args, &mut stdin.lock(), &mut out).and_then(|()| out.flush().map_err(othello::error::Error::Io));
    std::process::exit(othello::judge::exit_code(result, &mut out));
}
