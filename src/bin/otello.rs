//! `otello`: matches and tournaments between heuristics on a generic α-β search, a game
//! against the engine, perft and exact endgames. See `otello --help` and
//! `othello::engine::cli`.
extern crate othello;

use std::io::{self, BufWriter, Write};

use othello::engine::cli;

fn main() {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = cli::text_args(std::env::args_os().skip(1))
        .and_then(|args| cli::run(&args, &mut stdin.lock(), &mut out))
        .and_then(|()| out.flush().map_err(cli::CliError::from));
    std::process::exit(cli::exit_code(result, &mut out));
}
