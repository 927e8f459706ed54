//! `otello`: matches and tournaments between heuristics on a generic α-β search, a game
//! against the engine, perft and exact endgames. See `otello --help` and
//! `othello::engine::cli`.
extern crate othello;

use std::io::{self, BufWriter, Write};

use othello::engine::cli;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = cli::run(&args, &mut stdin.lock(), &mut out).and_then(|()| out.flush().map_err(cli::CliError::from));
    std::process::exit(cli::exit_code(result, &mut out));
}
