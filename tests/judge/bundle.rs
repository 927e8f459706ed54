//! The single-file submissions in `submit/`: fresh, small, carrying only the code they
//! reach, compiled by the judges' compilers, and behaving exactly like the cargo binaries;
//! and the bundler itself on small made-up libraries.
//!
//! The Jutge line needs rustc 1.63.0 (Debian's `rustc` package, `/usr/bin/rustc`; or
//! the path in `OTHELLO_RUSTC_163`). Without it the check says so loudly and skips that
//! line, unless `OTHELLO_REQUIRE_TOOLS` is set (CI sets it): then it fails.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

#[path = "../../src/bin/bundle/bundler.rs"]
mod bundler;

use super::{cases, first_difference, found_or_skip, process, root, run, BINARIES};

/// The most a bundle's code may weigh, its comments left out: Dumbothello's, which counts
/// by levels on the 64-bit board too, is the largest.
const MAX_CODE_BYTES: usize = 37 * 1024;

/// The most a bundle may weigh, with the summaries of its doc comments.
const MAX_BYTES: usize = 45 * 1024;

/// The fewest doc comment summaries a counting bundle keeps.
const MIN_SUMMARIES: usize = 25;

/// Whether `line` of a bundle is a comment: the header, or the summary of a documented
/// module or item.
fn comment(line: &str) -> bool {
    line.trim_start().starts_with("//")
}

/// The bundle of `name` made from the sources in the working tree.
fn fresh_bundle(name: &str) -> String {
    let read =
        |path: &str| fs::read_to_string(root().join("src").join(path)).map_err(|e| format!("src/{}: {}", path, e));
    bundler::bundle(name, &read).unwrap_or_else(|e| panic!("bundling {}: {}", name, e))
}

/// The bundle of the binary `src/bin/x.rs` of a made-up library: `files` are its files
/// by their paths in `src/`.
fn bundle_of(files: &[(&str, &str)]) -> Result<String, String> {
    let read = |path: &str| {
        let file = files.iter().find(|f| f.0 == path);
        file.map(|f| f.1.to_string()).ok_or_else(|| format!("src/{}: no such file", path))
    };
    bundler::bundle("x", &read)
}

/// A binary that calls `othello::a::f()`.
const BIN: (&str, &str) =
    ("bin/x.rs", "//! A binary.\nextern crate othello;\n\nfn main() {\n    println!(\"{}\", othello::a::f());\n}\n");

/// The beginning of the bundle of [`BIN`].
const HEAD: &str = "// x: a single-file submission for a judge's `rustc -O` (1.63 or later, any edition), made\n\
                    // by `make bundle` from src/bin/x.rs and the library code it reaches. Do not edit.\n\
                    //! A binary.\nfn main() {\n\tprintln!(\"{}\", othello::a::f());\n}\nmod othello {\n";

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

/// Compiles the made-up bundle `text` (as `name.rs`) without a warning and runs it;
/// returns its output.
fn compile_and_run(name: &str, text: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bundler");
    fs::create_dir_all(&dir).unwrap();
    let (source, exe) = (dir.join(format!("{}.rs", name)), dir.join(name));
    fs::write(&source, text).unwrap();
    compile("rustc", &["--edition", "2021", "-D", "warnings"], &source, &exe);
    String::from_utf8(Command::new(&exe).output().expect("the bundle runs").stdout).unwrap()
}

#[test]
fn submissions_are_fresh_and_small() {
    for &(name, _) in BINARIES {
        let path = root().join("submit").join(format!("{}.rs", name));
        let committed = fs::read_to_string(&path).unwrap_or_default();
        let fresh = fresh_bundle(name);
        assert!(committed == fresh, "{} is stale or missing: run `make bundle`", path.display());
        assert!(fresh.len() <= MAX_BYTES, "{} is {} bytes, over {} KiB", path.display(), fresh.len(), MAX_BYTES / 1024);
        let code: usize = fresh.lines().filter(|l| !comment(l)).map(|l| l.len() + 1).sum();
        assert!(code <= MAX_CODE_BYTES, "{} has {} bytes of code, over {} KiB", name, code, MAX_CODE_BYTES / 1024);
    }
}

#[test]
fn bundles_carry_only_the_code_they_reach() {
    let modules = |text: &str| -> Vec<String> {
        let declared = text.lines().filter_map(|l| l.strip_prefix("pub mod ").or_else(|| l.strip_prefix("mod ")));
        declared.map(|l| l.trim_end_matches(" {").to_string()).collect()
    };
    let has = |list: &[String], m: &str| list.iter().any(|x| x == m);
    let uva = modules(&fresh_bundle("uva220"));
    for engine in ["count", "table", "nat", "engine", "b4254", "dumbothello", "jutge_p18992"].iter() {
        assert!(!has(&uva, engine), "the UVa bundle carries {}: {:?}", engine, uva);
    }
    assert!(has(&uva, "judges") && has(&uva, "uva220") && has(&uva, "board"), "{:?}", uva);
    let b4254 = fresh_bundle("b4254");
    let list = modules(&b4254);
    assert!(has(&list, "count") && has(&list, "walk") && !has(&list, "uva220") && !has(&list, "engine"), "{:?}", list);
    // The counter's fast ways are cargo's: the B4254 bundle walks the general board, keyed
    // by every cell, with nothing of the 64-bit rules or the analysis, not even a name.
    for fast in ["analysis", "bits", "last", "levels", "split", "bitboard"].iter() {
        assert!(!has(&list, fast), "the B4254 bundle carries {}: {:?}", fast, list);
    }
    for name in ["BitRules", "Analyse", "Shortcuts", "relevant", "winner"].iter() {
        assert!(!b4254.contains(name), "the B4254 bundle names {}", name);
    }
    // Nor the items of reached modules that nothing bundled names: each counting bundle
    // carries its own rules only.
    assert!(b4254.contains("impl Rules for Flanking {") && !b4254.contains("Adjacent"));
    let dumb = fresh_bundle("dumbothello");
    assert!(
        dumb.contains("impl Rules for Adjacent {") && !dumb.contains("Flanking") && !dumb.contains("fn flanking_flips")
    );
    // Dumbothello's boards may leave many cells empty: its bundle counts by levels on the
    // 64-bit board (the adjacent rules' form only), which B4254's leaves out.
    let list = modules(&dumb);
    assert!(
        has(&list, "sweep") && has(&list, "bitboard") && dumb.contains("impl BitRules for Adjacent {"),
        "{:?}",
        list
    );
    assert!(!b4254.contains("fn by_levels") && !b4254.contains("mod bitboard"));
    // Nor the members that nothing bundled calls: a trait's go from the trait and from
    // every impl of it (`Rules::play` from the counting bundles, whose walks have a `play`
    // of their own; `BitRules::ADJACENT`, which only the AVX-512 lanes read), an inherent
    // one from its block (`Scanner::line` from the UVa bundle).
    for text in [&b4254, &dumb].iter() {
        assert!(text.contains("fn play(&mut self") && !text.contains("fn play(board") && !text.contains("IllegalMove"));
        assert!(!text.contains("ADJACENT"));
    }
    let text = fresh_bundle("uva220");
    assert!(text.contains("fn play(board") && !text.contains("fn is_legal") && !text.contains("fn line(&self)"));
    for &(name, _) in BINARIES {
        let text = fresh_bundle(name);
        // No comment but the header and one line of contract per documented module and
        // item, no test code, nothing behind a `cfg`: judges compile without cargo, so
        // without features, and the portable code needs no `unsafe`.
        let body = text.lines().skip_while(|l| l.starts_with("// "));
        let summaries: Vec<&str> = body.clone().filter(|l| comment(l)).collect();
        assert!(summaries.iter().all(|l| l.trim_start().starts_with("///") || l.starts_with("//!")), "{}", name);
        assert!(summaries.iter().all(|l| l.ends_with('.') || l.ends_with(':')), "{}: {:?}", name, summaries);
        if name == "b4254" || name == "dumbothello" {
            assert!(summaries.len() >= MIN_SUMMARIES, "{} keeps {} summaries", name, summaries.len());
        }
        assert!(!text.contains("#[cfg(") && !text.contains("mod tests") && !text.contains("unsafe"), "{}", name);
        assert!(
            !text.contains("_pext_u64") && !text.contains("allow(dead_code") && !text.contains("allow(unused"),
            "{}",
            name
        );
        assert!(!text.contains("\n\n"), "{} has blank lines", name);
        assert!(body.clone().all(|l| !l.starts_with("    ")), "{} is indented with spaces", name);
    }
}

#[test]
fn the_bundler_keeps_only_what_the_binary_reaches() {
    let text = bundle_of(&[
        ("lib.rs", "//! A library.\npub mod a;\npub mod unused;\n"),
        (
            "a/mod.rs",
            "//! Module a.\npub mod b;\nmod c;\n\nuse self::b::{Kept, Shape, Unused};\nuse std::fmt;\n\n/// Reached.\n\
             pub fn f() -> u32 {\n    let s = Shape::Square(2);\n    c::d::g(&s) + Kept::new().value() // }\n}\n\n\
             pub fn dropped() -> Unused {\n    Unused\n}\n\n#[cfg(test)]\nmod tests;\n",
        ),
        (
            "a/b.rs",
            "use std::fmt;\n\npub trait Area {\n    fn area(&self) -> u32;\n    /// Dropped from the trait and its impls.\n\
             \x20   fn perimeter(&self) -> u32;\n}\n\npub enum Shape {\n    Square(u32),\n}\n\nimpl Area for Shape {\n\
             \x20   fn area(&self) -> u32 {\n        match *self {\n            Shape::Square(s) => s * s,\n        }\n    }\n\n\
             \x20   fn perimeter(&self) -> u32 {\n        match *self {\n            Shape::Square(s) => 4 * s,\n        }\n    }\n}\n\n\
             pub struct Kept(u32);\n\nimpl Kept {\n    pub fn new() -> Kept {\n        Kept(LIMITS[\n            1\n        ])\n    }\n\n\
             \x20   pub fn value(&self) -> u32 {\n        self.0\n    }\n\n    pub fn unused(&self) -> u32 {\n        self.0 + 1\n    }\n}\n\n\
             impl fmt::Display for Kept {\n    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n        write!(f, \"{}{UNIT}\", self.0)\n    }\n}\n\n\
             const LIMITS: [u32; 2] = [\n    2,\n    3,\n];\nconst UNIT: &str = \"cm\";\nconst UNUSED: &str = \"} {\";\n\npub struct Unused;\n\n\
             impl Unused {\n    pub fn value(&self) -> u32 {\n        0\n    }\n}\n",
        ),
        // A module file outside a `mod.rs`: its modules are in a folder of its name.
        ("a/c.rs", "pub mod d;\n"),
        ("a/c/d.rs", "use super::super::b::{Area, Shape};\n\npub fn g(s: &Shape) -> u32 {\n    s.area()\n}\n"),
        // Never reached, so never refused.
        ("unused.rs", "pub static DATA: &[u8] = include_bytes!(\"data.bin\");\n"),
        BIN,
    ])
    .unwrap();
    let b = "pub mod b {\nuse std::fmt;\npub trait Area {\n\tfn area(&self) -> u32;\n}\npub enum Shape {\n\tSquare(u32),\n}\n\
             impl Area for Shape {\n\tfn area(&self) -> u32 {\n\t\tmatch *self {\n\t\t\tShape::Square(s) => s * s,\n\t\t}\n\t}\n}\n\
             pub struct Kept(u32);\nimpl Kept {\n\tpub fn new() -> Kept {\n\t\tKept(LIMITS[\n\t\t\t1\n\t\t])\n\t}\n\
             \tpub fn value(&self) -> u32 {\n\t\tself.0\n\t}\n}\nimpl fmt::Display for Kept {\n\
             \tfn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n\t\twrite!(f, \"{}{UNIT}\", self.0)\n\t}\n}\n\
             const LIMITS: [u32; 2] = [\n\t2,\n\t3,\n];\nconst UNIT: &str = \"cm\";\n}\n";
    let c = "mod c {\npub mod d {\nuse super::super::b::{Area, Shape};\npub fn g(s: &Shape) -> u32 {\n\ts.area()\n}\n}\n}\n";
    let a = "use self::b::{Kept, Shape};\n/// Reached.\npub fn f() -> u32 {\n\tlet s = Shape::Square(2);\n\tc::d::g(&s) + Kept::new().value()\n}\n";
    // The summaries of doc comments stay with what they document: the library's, module
    // a's, `f`'s; a trait member's goes.
    assert_eq!(text, format!("{}//! A library.\npub mod a {{\n//! Module a.\n{}{}{}}}\n}}\n", HEAD, b, c, a));
    assert_eq!(compile_and_run("reach", &text), "7\n");
}

#[test]
fn the_bundler_follows_imported_modules_and_re_exports() {
    let text = bundle_of(&[
        ("lib.rs", "pub mod a;\nmod b;\n"),
        (
            "a.rs",
            "use super::b::{self, Value};\n\npub fn f() -> u32 {\n    let v: Value = b::make();\n    v.get()\n}\n",
        ),
        ("b/mod.rs", "pub mod inner;\npub mod unused;\n\npub use self::inner::{make, Value};\n"),
        (
            "b/inner.rs",
            "pub struct Value(pub u32);\n\nimpl Value {\n    pub fn get(&self) -> u32 {\n        self.0\n    }\n}\n\n\
             pub fn make() -> Value {\n    Value(7)\n}\n\npub fn unused() {}\n",
        ),
        ("b/unused.rs", "pub fn never() {}\n"),
        BIN,
    ])
    .unwrap();
    let a = "pub mod a {\nuse super::b::{self, Value};\npub fn f() -> u32 {\n\tlet v: Value = b::make();\n\tv.get()\n}\n}\n";
    let b = "mod b {\npub mod inner {\npub struct Value(pub u32);\nimpl Value {\n\tpub fn get(&self) -> u32 {\n\t\tself.0\n\t}\n}\n\
             pub fn make() -> Value {\n\tValue(7)\n}\n}\npub use self::inner::{make, Value};\n}\n";
    assert_eq!(text, format!("{}{}{}}}\n", HEAD, a, b));
    assert_eq!(compile_and_run("imports", &text), "7\n");
}

#[test]
fn the_bundler_leaves_out_what_judges_never_compile() {
    let module = "/// Cargo's alone.\n#[cfg(feature = \"fast\")]\npub mod fast;\n#[cfg(lanes)]\nmod lanes;\n\npub struct S {\n    pub a: u32,\n\
                  \x20   #[cfg(lanes)]\n    lanes: lanes::Cache,\n}\n\npub fn f() -> u32 {\n    let s = S { a: 1 };\n    #[cfg(lanes)]\n\
                  \x20   {\n        if s.a == 0 {\n            return lanes::count(\"}\", '}');\n        }\n    }\n    #[cfg(pext)]\n\
                  \x20   return pext(s.a);\n    #[cfg(not(pext))]\n    portable(s.a) + AFTER + tail()\n}\n\n\
                  pub fn tail() -> u32 {\n    #[cfg(not(pext))]\n    return 1;\n    #[cfg(pext)]\n    2\n}\n\n\
                  #[cfg(all(feature = \"fast\", target_arch = \"x86_64\"))]\n#[inline]\nfn pext(x: u32) -> u32 {\n    if x > 0 {\n\
                  \x20       unsafe { '{' as u32 }\n    } else {\n        4 /* } */\n    }\n}\n\n\
                  /// The judges' way.\n#[cfg(not(any(feature = \"fast\", lanes)))]\nfn portable(x: u32) -> u32 {\n    x\n}\n\n\
                  #[cfg(target_arch = \"x86_64\")]\nconst AFTER: u32 = 5;\n#[cfg(not(target_arch = \"x86_64\"))]\nconst AFTER: u32 = 5;\n\n\
                  #[cfg(test)]\nfn helper() {}\n\n#[cfg(test)]\nmod tests;\n";
    // Neither `fast.rs`, `lanes.rs` nor `tests.rs` is read: their declarations go first.
    let text = bundle_of(&[("lib.rs", "pub mod a;\n"), ("a.rs", module), BIN]).unwrap();
    // What holds on the judge's machine alone keeps its attribute; a doc comment goes and
    // stays with what it documents.
    let a = "pub mod a {\npub struct S {\n\tpub a: u32,\n}\npub fn f() -> u32 {\n\tlet s = S { a: 1 };\n\tportable(s.a) + AFTER + tail()\n}\npub fn tail() -> u32 {\n\treturn 1;\n}\n\
             /// The judges' way.\nfn portable(x: u32) -> u32 {\n\tx\n}\n#[cfg(target_arch = \"x86_64\")]\nconst AFTER: u32 = 5;\n\
             #[cfg(not(target_arch = \"x86_64\"))]\nconst AFTER: u32 = 5;\n}\n";
    assert_eq!(text, format!("{}{}}}\n", HEAD, a));
    assert_eq!(compile_and_run("cfg", &text), "7\n");
    // Quotes and brackets inside literals and comments are neither string ends nor
    // brackets, and four spaces of indentation are a tab.
    let quotes = "pub fn f() -> String {\n    let (c, s) = ('\"', \"a \\\" b \\\\ { // \");\n    format!(\"{}{}{}\", c, s, r#\"\"}\"#) /* \" */\n}\n";
    let text = bundle_of(&[("lib.rs", "pub mod a;\n"), ("a.rs", quotes), BIN]).unwrap();
    assert!(
        text.contains(
            "\n\tlet (c, s) = ('\"', \"a \\\" b \\\\ { // \");\n\tformat!(\"{}{}{}\", c, s, r#\"\"}\"#)\n}\n"
        ),
        "{}",
        text
    );
    assert_eq!(compile_and_run("quotes", &text), "\"a \" b \\ { // \"}\n");
}

#[test]
fn the_bundler_refuses_what_breaks_bundles() {
    let refused = |module: &str| -> String {
        bundle_of(&[("lib.rs", "pub mod a;\n"), ("a.rs", module), BIN]).expect_err("a refusal")
    };
    assert!(refused("use crate::b::C;\npub fn f() -> u32 { C }\n").starts_with("src/a.rs:1: `crate::`"));
    assert!(refused("macro_rules! m {\n    () => {};\n}\npub fn f() {}\n").starts_with("src/a.rs:1: library macros"));
    assert!(refused("pub fn f() -> &'static str { T }\nconst T: &str = include_str!(\"t.txt\");\n")
        .starts_with("src/a.rs:2: a bundle cannot read files"));
    assert!(refused("pub fn f() -> &'static str {\n    env!(\"CARGO_PKG_VERSION\")\n}\n")
        .starts_with("src/a.rs:2: a judge compiles without cargo"));
    assert!(refused("pub fn f() {\n    x::g()\n}\n#[path = \"x.rs\"]\nmod x;\n").starts_with("src/a.rs:4: `#[path]`"));
    let inline = refused("pub fn f() {}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() {}\n}\n");
    assert!(inline.starts_with("src/a.rs:3: an inline #[cfg(test)] module"), "{}", inline);
    let string = refused("pub fn f() -> &'static str {\n    S\n}\nconst S: &str = \"one\n    two\";\n");
    assert!(string.starts_with("src/a.rs:4: a string literal spanning lines"), "{}", string);
    assert!(refused("pub fn f() {\n    (\n}\n").starts_with("src/a.rs:1: this item does not end"));
    let missing = bundle_of(&[("lib.rs", "pub mod a;\n\npub mod b;\n"), ("a.rs", "pub fn f() {}\n"), BIN])
        .expect_err("a refusal");
    assert!(missing.starts_with("src/lib.rs:3: `mod b` has no file src/b.rs or src/b/mod.rs"), "{}", missing);
    // Only code that would be bundled is refused: not comments, strings, code that
    // nothing reaches, nor a module nothing reaches.
    let module = "//! Says crate:: and env! in prose.\npub fn f() -> &'static str {\n    \"crate::x, env!()\"\n}\n\
                  pub fn g() -> &'static str {\n    env!(\"X\")\n}\n";
    let text = bundle_of(&[
        ("lib.rs", "pub mod a;\nmod b;\n"),
        ("a.rs", module),
        ("b.rs", "macro_rules! m {\n    () => {};\n}\n"),
        BIN,
    ]);
    assert!(text
        .unwrap()
        .ends_with("mod othello {\npub mod a {\n//! Says crate:: and env! in prose.\npub fn f() -> &'static str {\n\t\"crate::x, env!()\"\n}\n}\n}\n"));
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
    // The command line too: help, version and a refused option.
    for args in [["--help"], ["--version"], ["-x"]].iter() {
        let limit = Duration::from_secs(60);
        let a = process::run(exe, args, Vec::new(), limit).unwrap_or_else(|e| panic!("{}", e));
        let b = process::run(bundle.to_str().unwrap(), args, Vec::new(), limit).unwrap_or_else(|e| panic!("{}", e));
        if (a.status.code(), &a.stdout, &a.stderr) != (b.status.code(), &b.stdout, &b.stderr) {
            differences.push(format!("{} {}: the bundle answers otherwise", name, args[0]));
        }
    }
    differences
}

/// [`rustc_163`], or, where it is missing, a loud note that `what` is skipped (a failure
/// where `OTHELLO_REQUIRE_TOOLS` is set, as in CI).
fn rustc_163_or_skip(what: &str) -> Option<String> {
    let missing = "rustc 1.63.0 (Debian's `rustc` package, or its path in OTHELLO_RUSTC_163)";
    found_or_skip(rustc_163(), what, missing)
}

/// The whole library, not only what the bundles carry, compiles as edition 2015 under
/// rustc 1.63 with `-D warnings`, with the `fast` feature and without it.
#[test]
fn the_library_compiles_under_rustc_163_as_edition_2015() {
    let old = match rustc_163_or_skip("the library under rustc 1.63.0") {
        Some(old) => old,
        None => return,
    };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("library-1.63");
    fs::create_dir_all(&dir).unwrap();
    for cfg in [None, Some("feature=\"fast\"")].iter() {
        let mut args = vec!["--edition", "2015", "--crate-type", "lib", "--crate-name", "othello"];
        args.extend(["--emit", "metadata", "-D", "warnings"].iter());
        if let Some(cfg) = cfg {
            args.extend(["--cfg", cfg].iter());
        }
        compile(&old, &args, &root().join("src/lib.rs"), &dir.join("libothello.rmeta"));
    }
}

#[test]
fn bundles_compile_on_the_judges_compilers_and_behave_like_the_binaries() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bundles");
    fs::create_dir_all(&dir).unwrap();
    let old = rustc_163_or_skip("the Jutge check (rustc 1.63.0, `rustc -o prog -O prog.rs`)");
    let mut jobs = Vec::new();
    for &(name, exe) in BINARIES {
        let source = root().join("submit").join(format!("{}.rs", name));
        for edition in ["2015", "2021"].iter() {
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
            // Jutge's own line (with -D warnings): the file is prog.rs, compiled in its directory.
            let work = dir.join(format!("jutge-{}", name));
            fs::create_dir_all(&work).unwrap();
            fs::copy(&source, work.join("prog.rs")).unwrap();
            let old = old.clone();
            jobs.push(std::thread::spawn(move || {
                let output = Command::new(&old)
                    .current_dir(&work)
                    .args(["-o", "prog", "-O", "-D", "warnings", "prog.rs"])
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
