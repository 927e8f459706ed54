//! Golden tests: every judge binary on every case of `samples/<binary>/` and
//! `tests/judge/<binary>/`, compared byte for byte.
//!
//! A case is `NAME.in` with the expected stdout in `NAME.out`. If `NAME.err` exists the
//! binary must exit with code 2 and print exactly that on stderr (the stdout written
//! before the error must still match `NAME.out`); otherwise it must exit 0 with an empty
//! stderr. A failure names the case, the first differing line, and both versions of it.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

mod arguments;
mod bundle;
mod generate;
#[path = "../common/process.rs"]
mod process;
mod reference;
#[path = "../common/rng.rs"]
mod rng;
mod submit;

/// The judge binaries and their executables (built by cargo for this test).
pub const BINARIES: &[(&str, &str)] = &[
    ("uva220", env!("CARGO_BIN_EXE_uva220")),
    ("jutge_p18992", env!("CARGO_BIN_EXE_jutge_p18992")),
    ("b4254", env!("CARGO_BIN_EXE_b4254")),
    ("dumbothello", env!("CARGO_BIN_EXE_dumbothello")),
];

/// The root of the repository.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `.in` files of a directory, sorted; none if it does not exist.
pub fn cases(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = match fs::read_dir(dir) {
        Ok(entries) => entries
            .map(|e| e.expect("a readable directory entry").path())
            .filter(|p| p.extension().map_or(false, |e| e == "in"))
            .collect(),
        Err(_) => Vec::new(),
    };
    found.sort();
    found
}

/// Where `expected` and `actual` first differ: the 1-based line and both versions of it.
pub fn first_difference(expected: &[u8], actual: &[u8]) -> Option<(usize, String, String)> {
    if expected == actual {
        return None;
    }
    let e: Vec<&[u8]> = expected.split_inclusive(|&b| b == b'\n').collect();
    let a: Vec<&[u8]> = actual.split_inclusive(|&b| b == b'\n').collect();
    let n = (0..).find(|&i| e.get(i) != a.get(i)).expect("different texts differ somewhere");
    let show = |line: Option<&&[u8]>| {
        line.map_or("(end of output)".to_string(), |l| format!("{:?}", String::from_utf8_lossy(l)))
    };
    Some((n + 1, show(e.get(n)), show(a.get(n))))
}

/// Runs `exe` on `input` (killed after a minute); returns (exit code, stdout, stderr).
pub fn run(exe: &str, input: &[u8]) -> (Option<i32>, Vec<u8>, Vec<u8>) {
    let out =
        process::run(exe, &[], input.to_vec(), Duration::from_secs(60)).unwrap_or_else(|e| panic!("{}: {}", exe, e));
    (out.status.code(), out.stdout, out.stderr)
}

/// `found`, or, where it is `None`, a loud note that `what` is skipped (a failure where
/// `OTHELLO_REQUIRE_TOOLS` is set, as in CI).
pub fn found_or_skip<T>(found: Option<T>, what: &str, missing: &str) -> Option<T> {
    if found.is_none() {
        assert!(
            std::env::var_os("OTHELLO_REQUIRE_TOOLS").is_none(),
            "{} is required here (OTHELLO_REQUIRE_TOOLS is set) for {}",
            missing,
            what
        );
        eprintln!("\n*** SKIPPED {}: no {} here. ***\n", what, missing);
    }
    found
}

/// Checks one case; returns a description of the failure, if any.
fn check_case(binary: &str, exe: &str, case: &Path) -> Option<String> {
    let name = case.strip_prefix(root()).unwrap_or(case).display().to_string();
    let input = fs::read(case).expect("a readable case");
    let expected = match fs::read(case.with_extension("out")) {
        Ok(bytes) => bytes,
        Err(_) => return Some(format!("{}: no expected output {}", name, case.with_extension("out").display())),
    };
    let expected_err = fs::read(case.with_extension("err")).ok();
    let (code, stdout, stderr) = run(exe, &input);
    let mut problems = Vec::new();
    if let Some((line, want, got)) = first_difference(&expected, &stdout) {
        problems.push(format!("stdout differs at line {}\n    expected: {}\n    actual:   {}", line, want, got));
    }
    match expected_err {
        None => {
            if code != Some(0) {
                problems.push(format!(
                    "exit code {:?}, expected 0; stderr: {}",
                    code,
                    String::from_utf8_lossy(&stderr)
                ));
            }
        }
        Some(want) => {
            if code != Some(2) {
                problems.push(format!("exit code {:?}, expected 2", code));
            }
            if let Some((line, want, got)) = first_difference(&want, &stderr) {
                problems
                    .push(format!("stderr differs at line {}\n    expected: {}\n    actual:   {}", line, want, got));
            }
        }
    }
    if problems.is_empty() {
        None
    } else {
        Some(format!("{} ({}): {}", name, binary, problems.join("\n  ")))
    }
}

/// Runs every case of every binary in `dir_of(binary)`; fails listing every failed case.
fn check_all(dir_of: &dyn Fn(&str) -> PathBuf, min_cases: usize) {
    let mut failures = Vec::new();
    let mut total = 0;
    for &(binary, exe) in BINARIES {
        let list = cases(&dir_of(binary));
        assert!(
            list.len() >= min_cases,
            "{}: expected at least {} cases in {}",
            binary,
            min_cases,
            dir_of(binary).display()
        );
        for case in list {
            total += 1;
            if let Some(f) = check_case(binary, exe, &case) {
                failures.push(f);
            }
        }
    }
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), total, failures.join("\n"));
}

#[test]
fn official_samples() {
    check_all(&|b| root().join("samples").join(b), 1);
}

#[test]
fn generated_cases() {
    check_all(&|b| root().join("tests").join("judge").join(b), 1);
}

#[test]
fn first_difference_names_line_and_both_versions() {
    assert_eq!(first_difference(b"a\nb\n", b"a\nb\n"), None);
    assert_eq!(first_difference(b"a\nb\n", b"a\nc\n"), Some((2, "\"b\\n\"".to_string(), "\"c\\n\"".to_string())));
    assert_eq!(first_difference(b"a\nb\n", b"a\n"), Some((2, "\"b\\n\"".to_string(), "(end of output)".to_string())));
}
