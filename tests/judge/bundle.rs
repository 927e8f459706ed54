//! The single-file submissions in `submit/`: fresh, small, compiled by the judges'
//! compilers, and behaving exactly like the cargo binaries.
//!
//! The Jutge line needs rustc 1.63.0 (Debian's `rustc` package, `/usr/bin/rustc`; or
//! the path in `OTHELLO_RUSTC_163`). Without it the check says so loudly and skips that
//! line, unless `OTHELLO_REQUIRE_RUSTC_163` is set (CI sets it): then it fails.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "../../src/bin/bundle/bundler.rs"]
mod bundler;

use super::{cases, first_difference, root, run, BINARIES};

/// Codeforces' limit on a submitted source file.
const MAX_BYTES: usize = 64 * 1024;

/// The bundle of `name` made from the sources in the working tree.
fn fresh_bundle(name: &str) -> String {
    let read = |path: PathBuf| fs::read_to_string(&path).map_err(|e| format!("{}: {}", path.display(), e));
    let binary = read(root().join("src/bin").join(format!("{}.rs", name))).unwrap();
    let lib = read(root().join("src/lib.rs")).unwrap();
    bundler::bundle(name, &binary, &lib, &|m| read(root().join("src").join(format!("{}.rs", m))))
        .unwrap_or_else(|e| panic!("bundling {}: {}", name, e))
}

fn judge_names() -> Vec<&'static str> {
    BINARIES.iter().map(|&(name, _)| name).collect()
}

#[test]
fn submissions_are_fresh_and_small() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    for name in judge_names() {
        let path = root().join("submit").join(format!("{}.rs", name));
        let committed = fs::read_to_string(&path).unwrap_or_default();
        let fresh = fresh_bundle(name);
        assert!(committed == fresh, "{} is stale or missing: run `make bundle`", path.display());
        assert!(fresh.len() < MAX_BYTES, "{} is {} bytes, over the 64 KiB limit", path.display(), fresh.len());
        // The README's table of bundles gives each one's size, to a tenth of a KiB.
        let size = format!("{:.1} KiB", fresh.len() as f64 / 1024.0);
        let row = readme.lines().find(|l| l.starts_with(&format!("| `submit/{}.rs` |", name)));
        let row = row.unwrap_or_else(|| panic!("the README's table of bundles has no row for submit/{}.rs", name));
        assert!(row.ends_with(&format!("| {} |", size)), "the README's table gives another size for submit/{}.rs: write {} in its last column", name, size);
    }
}

#[test]
fn bundles_carry_only_the_code_they_reach() {
    let modules = |name: &str| -> Vec<String> {
        fresh_bundle(name)
            .lines()
            .filter_map(|l| l.strip_prefix("pub mod "))
            .map(|l| l.trim_end_matches(" {").to_string())
            .collect()
    };
    let uva = modules("uva220");
    for engine in ["count", "table", "nat", "b4254", "dumbothello", "jutge_p18992"].iter() {
        assert!(!uva.iter().any(|m| m == engine), "the UVa bundle carries {}: {:?}", engine, uva);
    }
    assert!(uva.iter().any(|m| m == "uva220") && uva.iter().any(|m| m == "board"));
    let b4254 = modules("b4254");
    assert!(b4254.iter().any(|m| m == "count") && !b4254.iter().any(|m| m == "uva220"));
    // Nor the items of those modules that nothing bundled names: each counting bundle
    // carries its own rules only.
    let text = fresh_bundle("b4254");
    assert!(text.contains("impl Rules for Flanking {") && !text.contains("Adjacent"));
    let dumb = fresh_bundle("dumbothello");
    assert!(dumb.contains("impl Rules for Adjacent {") && !dumb.contains("Flanking") && !dumb.contains("fn flanking_flips"));
    // No comment or test code is bundled.
    assert!(!text.contains("#[cfg(test)]") && !text.contains("\n///") && !text.contains("mod tests"));
    // Nor code that needs a cargo feature: judges compile without cargo.
    assert!(!text.contains("unsafe") && !text.contains("#[cfg(all(feature") && !text.contains("_pext_u64"));
}

#[test]
fn the_bundler_refuses_what_breaks_bundles() {
    let refused = |module_text: &str| -> String {
        let lib = "pub mod a;\n";
        let bin = "extern crate othello;\nfn main() { othello::a::f(); }\n";
        bundler::bundle("x", bin, lib, &|_| Ok(module_text.to_string())).expect_err("a refusal")
    };
    assert!(refused("use crate::b::C;\npub fn f() {}\n").contains("src/a.rs:1: `crate::`"));
    assert!(refused("macro_rules! m { () => {} }\n").contains("macros"));
    assert!(refused("const T: &str = include_str!(\"t.txt\");\n").contains("compile time"));
    assert!(refused("const V: &str = env!(\"CARGO_PKG_VERSION\");\n").contains("`env!`"));
    assert!(refused("#[path = \"x.rs\"]\nmod x;\n").contains("`#[path]`"));
    assert!(refused("pub fn f() {}\nmod inner;\n").contains("src/a.rs:2: nested module"));
    assert!(refused("#[cfg(test)]\nmod tests {\n}\n").contains("own file"));
    assert!(refused("const S: &str = \"one\n    two\";\n").contains("src/a.rs:1: a string literal spanning lines"));
    // Quotes inside character literals and escapes are not string ends.
    let quotes = bundler::bundle(
        "x",
        "extern crate othello;\nfn main() { othello::a::f(); }\n",
        "pub mod a;\n",
        &|_| Ok("pub fn f() -> (char, &'static str) {\n    ('\"', \"a \\\" b \\\\\")\n}\n".to_string()),
    )
    .unwrap();
    // Indentation steps of four spaces become tabs.
    assert!(quotes.contains("\n\t('\"', \"a \\\" b \\\\\")\n"), "{}", quotes);
    // Comments may say anything; test-module declarations are dropped.
    let ok = bundler::bundle(
        "x",
        "extern crate othello;\nfn main() { othello::a::f(); }\n",
        "pub mod a;\n",
        &|_| Ok("//! Uses crate:: and env! in prose.\npub fn f() {}\n\n\n#[cfg(test)]\nmod tests;\n".to_string()),
    )
    .unwrap();
    assert!(ok.contains("pub mod a {\npub fn f() {}\n}") && !ok.contains("tests"), "{}", ok);
    // Items that need a cargo feature are left out, whole; those that need it off stay.
    let gated = bundler::bundle(
        "x",
        "extern crate othello;\nfn main() { othello::a::f(); }\n",
        "pub mod a;\n",
        &|_| {
            Ok("pub fn f() -> u32 {\n    #[cfg(feature = \"fast\")]\n    return 1;\n    #[cfg(not(feature = \"fast\"))]\n    return AFTER - 3;\n}\n\
                #[cfg(all(feature = \"fast\", target_arch = \"x86_64\"))]\n#[inline]\nfn g() -> u32 {\n    if true {\n        unsafe { 3 }\n    } else {\n        4\n    }\n}\nconst AFTER: u32 = 5;\n"
                .to_string())
        },
    )
    .unwrap();
    assert!(gated.contains("return AFTER - 3;") && gated.contains("const AFTER: u32 = 5;"), "{}", gated);
    assert!(!gated.contains("return 1;") && !gated.contains("fn g()") && !gated.contains("unsafe") && !gated.contains("4\n"), "{}", gated);
    assert!(!ok.contains("extern crate"));
}

#[test]
fn the_bundler_leaves_out_items_nothing_names() {
    let module = |m: &str| -> Result<String, String> {
        Ok(match m {
            "a" => "use super::b::{g, Dropped};\nuse std::fmt;\n\npub fn f() -> u32 {\n    g()\n}\n\nfn unused() -> Dropped {\n    Dropped\n}\n",
            _ => "pub struct Dropped;\n\nimpl Dropped {\n    pub fn new() -> Dropped {\n        Dropped\n    }\n}\n\npub trait Kept {}\n\n\
                  impl Kept for Dropped {}\n\n#[inline]\npub fn g() -> u32 {\n    LIMITS[\n        1\n    ] // }\n}\n\nconst LIMITS: [u32; 2] = [\n    2,\n    3,\n];\nconst UNUSED: &str = \"} {\";\n\n\
                  impl<'t> fmt::Display for &'t Dropped {}\n"
        }
        .to_string())
    };
    let text = bundler::bundle("x", "extern crate othello;\nfn main() { othello::a::f(); }\n", "pub mod a;\npub mod b;\n", &module).unwrap();
    let a = "pub mod a {\nuse super::b::g;\nuse std::fmt;\n\npub fn f() -> u32 {\n\tg()\n}\n}\n";
    let b = "pub mod b {\npub trait Kept {}\n\n#[inline]\npub fn g() -> u32 {\n\tLIMITS[\n\t\t1\n\t] // }\n}\n\nconst LIMITS: [u32; 2] = [\n\t2,\n\t3,\n];\n}\n";
    assert!(text.ends_with(&format!("mod othello {{\n{}{}}}\n", a, b)), "{}", text);
    // An item whose brackets never close is refused, not cut anywhere.
    let open = bundler::bundle("x", "extern crate othello;\nfn main() { othello::a::f(); }\n", "pub mod a;\n", &|_| Ok("pub fn f() {\n    (\n}\n".to_string()));
    assert!(open.expect_err("a refusal").contains("src/a.rs: its last item does not end"));
}

/// Compiles `source` with `rustc` and `args` into `out`; panics with rustc's messages.
fn compile(rustc: &str, args: &[&str], source: &Path, out: &Path) {
    let output = Command::new(rustc)
        .args(args)
        .arg("-o")
        .arg(out)
        .arg(source)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {}", rustc, e));
    assert!(
        output.status.success(),
        "{} {} {} failed:\n{}",
        rustc,
        args.join(" "),
        source.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// rustc 1.63.0, if this machine has it: `OTHELLO_RUSTC_163` or Debian's `/usr/bin/rustc`.
fn rustc_163() -> Option<String> {
    let path = std::env::var("OTHELLO_RUSTC_163").unwrap_or_else(|_| "/usr/bin/rustc".to_string());
    let version = Command::new(&path).arg("--version").output().ok()?;
    if String::from_utf8_lossy(&version.stdout).starts_with("rustc 1.63.0") {
        Some(path)
    } else {
        None
    }
}

/// Runs a compiled bundle and the cargo binary on every case; stdout and exit codes
/// must be the same.
fn same_behaviour(name: &str, exe: &str, bundle: &Path) -> Vec<String> {
    let mut differences = Vec::new();
    let dirs = [root().join("samples").join(name), root().join("tests/judge").join(name)];
    for case in dirs.iter().flat_map(|d| cases(d)) {
        let input = fs::read(&case).unwrap();
        let (code_a, out_a, _) = run(exe, &input);
        let (code_b, out_b, _) = run(bundle.to_str().unwrap(), &input);
        if code_a != code_b {
            differences.push(format!("{}: exit {:?} (cargo) vs {:?} (bundle)", case.display(), code_a, code_b));
        }
        if let Some((line, a, b)) = first_difference(&out_a, &out_b) {
            differences.push(format!("{}: line {}: cargo {} vs bundle {}", case.display(), line, a, b));
        }
    }
    differences
}

#[test]
fn bundles_compile_on_the_judges_compilers_and_behave_like_the_binaries() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bundles");
    fs::create_dir_all(&dir).unwrap();
    let old = rustc_163();
    if old.is_none() {
        assert!(
            std::env::var_os("OTHELLO_REQUIRE_RUSTC_163").is_none(),
            "rustc 1.63.0 is required here (OTHELLO_REQUIRE_RUSTC_163 is set) but neither \
             OTHELLO_RUSTC_163 nor /usr/bin/rustc is rustc 1.63.0"
        );
        eprintln!(
            "\n*** SKIPPED the Jutge check (rustc 1.63.0, `rustc -o prog -O prog.rs`): no rustc 1.63.0 \
             here. Install Debian's `rustc` package or set OTHELLO_RUSTC_163. ***\n"
        );
    }
    let mut jobs = Vec::new();
    for &(name, exe) in BINARIES {
        let source = root().join("submit").join(format!("{}.rs", name));
        for edition in ["2015", "2018", "2021", "2024"].iter() {
            let out = dir.join(format!("{}-{}", name, edition));
            let source = source.clone();
            jobs.push(std::thread::spawn(move || {
                compile("rustc", &["--edition", edition, "-O", "-D", "warnings"], &source, &out);
                if *edition == "2021" {
                    same_behaviour(name, exe, &out)
                } else {
                    Vec::new()
                }
            }));
        }
        if let Some(ref old) = old {
            // Jutge's own line: the file is prog.rs, compiled in its directory.
            let work = dir.join(format!("jutge-{}", name));
            fs::create_dir_all(&work).unwrap();
            fs::copy(&source, work.join("prog.rs")).unwrap();
            let old = old.clone();
            jobs.push(std::thread::spawn(move || {
                let output = Command::new(&old)
                    .current_dir(&work)
                    .args(&["-o", "prog", "-O", "-D", "warnings", "prog.rs"])
                    .output()
                    .expect("rustc 1.63 runs");
                assert!(
                    output.status.success(),
                    "rustc 1.63.0 -o prog -O prog.rs ({}) failed:\n{}",
                    name,
                    String::from_utf8_lossy(&output.stderr)
                );
                same_behaviour(name, exe, &work.join("prog"))
            }));
        }
    }
    let differences: Vec<String> = jobs.into_iter().flat_map(|j| j.join().expect("a compile job")).collect();
    assert!(differences.is_empty(), "bundles behave differently:\n{}", differences.join("\n"));
}
