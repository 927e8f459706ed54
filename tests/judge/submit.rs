//! The submissions in other languages, in `submit/`: `uva220.cpp` and `b4254.cpp` for
//! judges that take C++ (compiled as UVa does, `g++ -std=c++11 -O2`, here with
//! `-Wall -Wextra -Werror` too) and `dumbothello.py`, the homework's Python function.
//! Each must print the same bytes, on stdout and on stderr, and exit with the same code
//! as the Rust binary on every sample and judge case of its statement (`tests/malformed`
//! puts them through malformed input, memory limits and failed writes).
//!
//! They need `g++` and `python3`. Where one is missing the check says so loudly and skips
//! it, unless `OTHELLO_REQUIRE_TOOLS` is set (CI sets it): then it fails.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use super::{cases, first_difference, found_or_skip, process, root, BINARIES};

/// The most a C++ submission may weigh: what a contestant reads at one sitting, the
/// binary's errors and limits included.
const MAX_CPP_BYTES: u64 = 16 * 1024;

/// Whether `program --version` runs.
fn runs(program: &str) -> bool {
    Command::new(program).arg("--version").output().map_or(false, |o| o.status.success())
}

/// The cargo binary of the statement `name`.
fn binary(name: &str) -> &'static str {
    BINARIES.iter().find(|b| b.0 == name).expect("a judge binary").1
}

/// Every sample and judge case of the statement `name`.
fn all_cases(name: &str) -> Vec<PathBuf> {
    let dirs = [root().join("samples").join(name), root().join("tests/judge").join(name)];
    dirs.iter().flat_map(|d| cases(d)).collect()
}

/// Where `other` (a command line: program and arguments) and the cargo binary of `name`
/// differ on `input` (named `what`), both given the input `file` as their last argument
/// if there is one: exit code, then stderr, then stdout.
fn difference(name: &str, other: &[&str], file: Option<&str>, input: &[u8], what: &str) -> Option<String> {
    let limit = Duration::from_secs(60);
    let file: Vec<&str> = file.into_iter().collect();
    let a = process::run(binary(name), &file, input.to_vec(), limit).unwrap_or_else(|e| panic!("{}", e));
    let (code_a, out_a) = (a.status.code(), a.stdout);
    let args: Vec<&str> = other[1..].iter().chain(&file).copied().collect();
    let b = process::run(other[0], &args, input.to_vec(), limit).unwrap_or_else(|e| panic!("{}", e));
    if code_a != b.status.code() {
        let err = String::from_utf8_lossy(&b.stderr);
        return Some(format!("{}: exit {:?} (cargo) vs {:?} ({}): {}", what, code_a, b.status.code(), other[0], err));
    }
    if a.stderr != b.stderr {
        let (err_a, err_b) = (String::from_utf8_lossy(&a.stderr), String::from_utf8_lossy(&b.stderr));
        return Some(format!("{}: stderr {:?} (cargo) vs {:?} ({})", what, err_a, err_b, other[0]));
    }
    first_difference(&out_a, &b.stdout).map(|(line, a, b)| format!("{}: line {}: cargo {} vs {}", what, line, a, b))
}

/// Compiles `submit/<name>.cpp` as the judges do, with every warning an error; checks its
/// size, and that it behaves as the cargo binary on every case.
fn check_cpp(name: &str) {
    let gpp = found_or_skip(Some("g++").filter(|g| runs(g)), &format!("submit/{}.cpp", name), "g++");
    let gpp = match gpp {
        Some(g) => g,
        None => return,
    };
    let source = root().join("submit").join(format!("{}.cpp", name));
    let size = fs::metadata(&source).expect("the C++ submission exists").len();
    assert!(size < MAX_CPP_BYTES, "{} is {} bytes, over {}", source.display(), size, MAX_CPP_BYTES);
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{}-cpp", name));
    let args = ["-std=c++11", "-O2", "-Wall", "-Wextra", "-Werror", "-o"];
    let output = Command::new(gpp).args(args).arg(&exe).arg(&source).output().expect("g++ runs");
    assert!(output.status.success(), "g++ {}:\n{}", source.display(), String::from_utf8_lossy(&output.stderr));
    let exe = exe.to_str().unwrap();
    let list = all_cases(name);
    assert!(list.len() >= 10, "{}: too few cases", name);
    let failures: Vec<String> = list
        .iter()
        .filter_map(|case| difference(name, &[exe], None, &fs::read(case).unwrap(), &case.display().to_string()))
        .collect();
    assert!(failures.is_empty(), "{} differs from the cargo binary:\n{}", source.display(), failures.join("\n"));
}

#[test]
fn uva220_cpp_behaves_as_the_binary() {
    check_cpp("uva220");
}

#[test]
fn b4254_cpp_behaves_as_the_binary() {
    check_cpp("b4254");
}

/// The Python submission.
fn python_script() -> String {
    root().join("submit/dumbothello.py").display().to_string()
}

/// A 1×`n` Dumbothello line, empty but for the `discs` listed (cell, `B` or `W`).
fn line(n: usize, discs: &[(usize, char)]) -> String {
    let mut cells = vec!["."; n];
    for &(i, c) in discs {
        cells[i] = if c == 'B' { "B" } else { "W" };
    }
    cells.join(" ") + "\n"
}

#[test]
fn dumbothello_py_as_a_script_behaves_as_the_binary() {
    let python = match found_or_skip(Some("python3").filter(|p| runs(p)), "submit/dumbothello.py", "python3") {
        Some(p) => p,
        None => return,
    };
    let script = python_script();
    let mut failures = Vec::new();
    let list = all_cases("dumbothello");
    assert!(list.len() >= 10, "too few Dumbothello cases");
    for case in &list {
        let input = fs::read(case).unwrap();
        // The board on stdin, and the same board named as the argument.
        let stdin = difference("dumbothello", &[python, &script], None, &input, &case.display().to_string());
        let file = case.to_str().unwrap();
        let named = difference("dumbothello", &[python, &script], Some(file), b"", &format!("{} (argument)", file));
        failures.extend(stdin.into_iter().chain(named));
    }
    // The long lines: counts far beyond 64 bits, exact only with memoised big integers.
    let lines = [
        ("1x60 B...W", line(60, &[(0, 'B'), (59, 'W')])),
        ("1x80 B...W...B", line(80, &[(0, 'B'), (40, 'W'), (79, 'B')])),
    ];
    for (what, text) in lines.iter() {
        failures.extend(difference("dumbothello", &[python, &script], None, text.as_bytes(), what));
    }
    assert!(failures.is_empty(), "submit/dumbothello.py differs from the cargo binary:\n{}", failures.join("\n"));
}

#[test]
fn dumbothello_py_function_answers_the_official_boards() {
    let python = match found_or_skip(Some("python3").filter(|p| runs(p)), "submit/dumbothello.py", "python3") {
        Some(p) => p,
        None => return,
    };
    let dir = root().join("tests/count/dumbothello-official");
    let expected = fs::read_to_string(dir.join("expected.txt")).expect("the official answers");
    let mut checked = 0;
    for entry in expected.lines().filter(|l| !l.trim().is_empty()) {
        let (board, want) = entry.split_at(entry.find(' ').expect("`board-NN.txt (a, b, c)`"));
        // The homework's harness imports the module and compares the returned tuple.
        let program = format!(
            "import sys; sys.path.insert(0, {:?}); from dumbothello import dumbothello; \
             r = dumbothello({:?}); assert type(r) is tuple, type(r); print(r)",
            root().join("submit").display().to_string(),
            dir.join(board).display().to_string()
        );
        let out = Command::new(python).args(["-c", &program]).output().expect("python3 runs");
        assert!(out.status.success(), "{}: {}", board, String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), want.trim(), "{}", board);
        checked += 1;
    }
    assert_eq!(checked, 9, "the nine official boards");
}

#[test]
fn dumbothello_py_refuses_a_ragged_board_with_one_line() {
    let python = match found_or_skip(Some("python3").filter(|p| runs(p)), "submit/dumbothello.py", "python3") {
        Some(p) => p,
        None => return,
    };
    let out = process::run(python, &[&python_script()], b"B W\nW\n".to_vec(), Duration::from_secs(60)).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "error: line 2: expected 2 cells, found 1\n");
    assert!(out.stdout.is_empty());
}
