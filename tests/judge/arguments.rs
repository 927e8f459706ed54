//! The judge binaries' command line: `--help` and `--version` answer on stdout with exit
//! code 0, the example in the help runs as written, a lone `-` is stdin, and any other
//! argument that starts with `-` is refused with exit code 2 and one line that names
//! `--help`.

use std::path::Path;
use std::time::Duration;

use super::{cases, process, root, BINARIES};

/// Runs `exe` with `args` and `input`: (exit code, stdout, stderr) as text.
fn run_with(exe: &str, args: &[&str], input: &[u8]) -> (Option<i32>, String, String) {
    let out = process::run(exe, args, input.to_vec(), Duration::from_secs(60)).unwrap_or_else(|e| panic!("{}", e));
    let text = |b: Vec<u8>| String::from_utf8(b).expect("UTF-8 output");
    (out.status.code(), text(out.stdout), text(out.stderr))
}

#[test]
fn help_says_usage_input_output_example_and_exit_codes() {
    for &(name, exe) in BINARIES {
        for flag in ["--help", "-h"].iter() {
            let (code, out, err) = run_with(exe, &[flag], b"");
            assert_eq!((code, err.as_str()), (Some(0), ""), "{} {}", name, flag);
            assert!(out.starts_with(&format!("usage: {} [FILE]", name)), "{} {}:\n{}", name, flag, out);
            for part in ["\nInput: ", "\nOutput: ", "\nExample: ", "--version", "\nExit: 0"].iter() {
                assert!(out.contains(part), "{} {} has no {:?}:\n{}", name, flag, part, out);
            }
            assert!(out.lines().all(|l| l.len() <= 110), "{}: a help line over 110 characters", name);
        }
    }
}

#[test]
fn version_names_the_binary_and_the_crate_version() {
    for &(name, exe) in BINARIES {
        for flag in ["--version", "-V"].iter() {
            let (code, out, err) = run_with(exe, &[flag], b"");
            assert_eq!((code, err.as_str()), (Some(0), ""), "{} {}", name, flag);
            assert_eq!(out, format!("{} {}\n", name, env!("CARGO_PKG_VERSION")));
        }
    }
}

/// The example of `help`: the command after `Example:` and the output after `prints`
/// (on the same line or the next), where two spaces stand for a line break.
fn example(help: &str) -> (String, String) {
    let start = help.find("Example: ").expect("an example") + "Example: ".len();
    let text = &help[start..];
    let at = text.find("prints ").expect("what the example prints");
    let command = text[..at].trim().to_string();
    let printed = text[at + "prints ".len()..].lines().next().unwrap_or("").trim().replace("  ", "\n");
    (command, printed)
}

#[test]
fn the_example_in_each_help_runs_as_written() {
    for &(name, exe) in BINARIES {
        let (_, help, _) = run_with(exe, &["--help"], b"");
        let (command, printed) = example(&help);
        let dir = Path::new(exe).parent().expect("the binary's directory");
        let path = format!("{}:{}", dir.display(), std::env::var("PATH").unwrap_or_default());
        let out = std::process::Command::new("sh").args(["-c", &command]).env("PATH", path).output().expect("sh runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{}: `{}` failed: {}", name, command, String::from_utf8_lossy(&out.stderr));
        assert!(stdout.contains(&printed), "{}: `{}` printed\n{}\nnot\n{}", name, command, stdout, printed);
    }
}

#[test]
fn a_lone_dash_is_stdin() {
    for &(name, exe) in BINARIES {
        let sample = &cases(&root().join("samples").join(name))[0];
        let input = std::fs::read(sample).unwrap();
        assert_eq!(run_with(exe, &["-"], &input), run_with(exe, &[], &input), "{}", name);
    }
}

#[test]
fn other_options_are_refused_naming_help() {
    for &(name, exe) in BINARIES {
        for option in ["-x", "--nope", "--help=1", "-\u{a0}"].iter() {
            let (code, out, err) = run_with(exe, &[option], b"");
            let shown = option.replace('\u{a0}', "\\u{a0}");
            assert_eq!(code, Some(2), "{} {}", name, option);
            assert_eq!(out, "", "{} {}", name, option);
            assert_eq!(err, format!("error: unknown option '{}' (see --help)\n", shown), "{}", name);
        }
        let (code, _, err) = run_with(exe, &["a", "b"], b"");
        assert_eq!((code, err.as_str()), (Some(2), "error: at most one argument, the input file (see --help)\n"));
    }
}
