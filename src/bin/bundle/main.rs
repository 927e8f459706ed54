//! `make bundle`: writes `submit/<binary>.rs`, a single-file submission for each judge
//! binary named on the command line (default: all four). Run from the repository root.

use std::fs;
use std::process;

mod bundler;

/// The judge binaries that are submitted as single files.
const JUDGES: [&str; 4] = ["uva220", "jutge_p18992", "b4254", "dumbothello"];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let names: Vec<&str> = if args.is_empty() { JUDGES.to_vec() } else { args.iter().map(|s| s.as_str()).collect() };
    let read = |path: &str| fs::read_to_string(format!("src/{}", path)).map_err(|e| format!("src/{}: {}", path, e));
    let result = (|| -> Result<(), String> {
        fs::create_dir_all("submit").map_err(|e| format!("submit/: {}", e))?;
        for name in names {
            let text = bundler::bundle(name, &read)?;
            let path = format!("submit/{}.rs", name);
            fs::write(&path, &text).map_err(|e| format!("{}: {}", path, e))?;
            println!("{:<24} {:>6} bytes", path, text.len());
        }
        Ok(())
    })();
    if let Err(e) = result {
        eprintln!("error: {}", e);
        process::exit(2);
    }
}
