//! `otello`: matches and tournaments between heuristics on a generic α-β search, a game
//! against the engine, perft and exact endgames. See `otello --help` and
//! `othello::engine::cli`.
extern crate othello;

use std::io::{self, BufWriter, Write};

use othello::engine::cli::{self, args};

fn main() {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout());
    let result = args::text_args(std::env::args_os().skip(1)).and_then(|list| {
        let mut io = args::Io {
            input: &mut stdin.lock(),
            out: &mut out,
            err: &mut io::stderr(),
            typed: args::is_terminal(0),
            watched: args::is_terminal(2),
        };
        cli::run(&list, &mut io)
    });
    let result = result.and_then(|()| out.flush().map_err(args::CliError::from));
    std::process::exit(args::exit_code(result, &mut out));
}
