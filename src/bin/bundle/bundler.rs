//! Single-file bundles: a judge binary's source followed by the library modules it
//! reaches, inside `mod othello { ... }`, so that its `othello::...` paths resolve
//! unchanged when the file is compiled alone by a judge's `rustc`.
//!
//! Reachability follows code, not comments: the binary's `othello::<module>` paths, then
//! each module's `super::<module>` paths. Comment lines (doc comments included) and the
//! `#[cfg(test)] mod tests;` declarations are left out, which keeps bundles small; so are
//! items that only exist with a cargo feature on (`#[cfg(feature = ..)]` or
//! `#[cfg(all(feature = .., ..))]`), since judges compile without cargo and so without
//! features: the bundles keep only the portable code, and no `unsafe`.
//! Each indentation step of four spaces becomes one tab, which keeps the structure
//! visible and the bundles well below the 64 KiB that some judges accept (Codeforces).
//! Constructs that cannot survive bundling are refused with a message saying what to
//! change.

use std::collections::BTreeSet;

/// Why a bundle cannot be made: one line naming the file, line and what to change.
pub type Refusal = String;

/// The modules `lib.rs` declares (`pub mod name;`), in declaration order.
pub fn declared_modules(lib_rs: &str) -> Vec<String> {
    lib_rs
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .filter_map(|rest| rest.strip_suffix(';'))
        .map(|name| name.trim().to_string())
        .collect()
}

/// The identifiers that follow `prefix` (`othello::`, `super::`) in `code`.
fn paths_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find(prefix) {
        let before = rest[..i].chars().next_back();
        rest = &rest[i + prefix.len()..];
        if before.map_or(false, |c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if !name.is_empty() {
            found.insert(name);
        }
    }
    found
}

/// `text` without comment lines, test-module declarations, repeated blank lines and
/// the final line end, indented with tabs; refuses what would break in a bundle. `file`
/// names the source in refusals.
pub fn strip(file: &str, text: &str) -> Result<String, Refusal> {
    let mut out = String::new();
    let mut blank = true;
    let mut lines = text.lines().enumerate().peekable();
    while let Some((n, line)) = lines.next() {
        let code = line.trim();
        if code.starts_with("//") {
            continue;
        }
        if needs_a_feature(code) {
            skip_item(&mut lines);
            continue;
        }
        if code == "#[cfg(test)]" {
            match lines.peek() {
                Some(&(_, next)) if next.trim().starts_with("mod ") && next.trim().ends_with(';') => {
                    lines.next();
                    continue;
                }
                _ => {
                    return Err(format!(
                        "{}:{}: a #[cfg(test)] item inside a module would be bundled: move the tests to their own file (`#[cfg(test)] mod tests;`)",
                        file,
                        n + 1
                    ))
                }
            }
        }
        refuse(file, n + 1, code)?;
        if code.is_empty() {
            if !blank {
                out.push('\n');
            }
            blank = true;
            continue;
        }
        blank = false;
        let line = line.trim_end();
        let code = line.trim_start_matches(' ');
        let spaces = line.len() - code.len();
        out.extend(std::iter::repeat('\t').take(spaces / 4));
        out.extend(std::iter::repeat(' ').take(spaces % 4));
        out.push_str(code);
        out.push('\n');
    }
    while out.ends_with('\n') {
        out.pop();
    }
    Ok(out)
}

/// Whether `code` is a `cfg` attribute that holds only with a cargo feature on.
fn needs_a_feature(code: &str) -> bool {
    code.starts_with("#[cfg(feature = ") || code.starts_with("#[cfg(all(feature = ")
}

/// Skips the lines of the item after a `cfg` attribute: further attributes, then a line
/// ending in `;` or a block, to its closing brace. Braces are counted line by line, so a
/// gated item must not hold an unmatched brace in a string or character literal.
fn skip_item<'a, I: Iterator<Item = (usize, &'a str)>>(lines: &mut I) {
    let mut depth = 0i32;
    for (_, line) in lines {
        let code = line.trim();
        if code.starts_with("//") {
            continue;
        }
        depth += code.matches('{').count() as i32 - code.matches('}').count() as i32;
        if depth <= 0 && (code.ends_with(';') || code.ends_with('}')) {
            return;
        }
    }
}

/// Refuses a line of code that a single-file bundle cannot compile.
fn refuse(file: &str, line: usize, code: &str) -> Result<(), Refusal> {
    let rules: [(&str, &str); 9] = [
        ("crate::", "`crate::` paths change meaning inside `mod othello`: use `super::` (or `self::`) paths"),
        ("macro_rules!", "library macros do not survive bundling: write a function instead"),
        ("#[macro_export]", "library macros do not survive bundling: write a function instead"),
        ("#[macro_use]", "library macros do not survive bundling: write a function instead"),
        ("include_str!", "a bundle cannot read files at compile time: put the data in the source"),
        ("include_bytes!", "a bundle cannot read files at compile time: put the data in the source"),
        ("include!", "a bundle cannot read files at compile time: put the code in the module"),
        ("env!", "a judge compiles without cargo, so `env!` has nothing to read: use a constant"),
        ("#[path", "`#[path]` modules cannot be found in a bundle: use a plain module file"),
    ];
    for &(pattern, advice) in rules.iter() {
        if let Some(i) = code.find(pattern) {
            let before = code[..i].chars().next_back();
            if before.map_or(true, |c| !(c.is_alphanumeric() || c == '_')) {
                return Err(format!("{}:{}: {}", file, line, advice));
            }
        }
    }
    // A string literal left open at the end of a line would change with the indentation.
    let unquoted = code.replace("\\\\", "").replace("\\\"", "").replace("'\"'", "");
    if unquoted.matches('"').count() % 2 == 1 {
        return Err(format!(
            "{}:{}: a string literal spanning lines would change when the bundle is re-indented: keep it on one line (use \\n)",
            file, line
        ));
    }
    let item = code.strip_prefix("pub ").unwrap_or(code);
    if item.starts_with("mod ") && item.ends_with(';') {
        return Err(format!(
            "{}:{}: nested module files are not bundled: make it a top-level module of the library",
            file, line
        ));
    }
    Ok(())
}

/// The bundle of the binary `name` whose source is `binary`: `lib_rs` is the library
/// root and `module` reads a library module's source by name.
pub fn bundle(
    name: &str,
    binary: &str,
    lib_rs: &str,
    module: &dyn Fn(&str) -> Result<String, String>,
) -> Result<String, Refusal> {
    let declared = declared_modules(lib_rs);
    let bin_file = format!("src/bin/{}.rs", name);
    let main = strip(&bin_file, &binary.replace("extern crate othello;\n", ""))?;
    // Every module the binary reaches, with its stripped source.
    let mut reached: Vec<(String, String)> = Vec::new();
    let mut queue: Vec<String> = paths_after(&main, "othello::").into_iter().collect();
    while let Some(m) = queue.pop() {
        if reached.iter().any(|(r, _)| *r == m) {
            continue;
        }
        if !declared.contains(&m) {
            return Err(format!("{}: `othello::{}` is not a module declared in src/lib.rs", bin_file, m));
        }
        let file = format!("src/{}.rs", m);
        let code = strip(&file, &module(&m)?)?;
        queue.extend(paths_after(&code, "super::"));
        reached.push((m, code));
    }
    reached.sort_by_key(|(m, _)| declared.iter().position(|d| d == m));
    let mut out = format!(
        "// {}: a single-file submission, generated by `make bundle` from src/bin/{}.rs and\n\
         // the library modules it uses (othello-judge). Do not edit; regenerate instead.\n\n",
        name, name
    );
    out.push_str(&main);
    out.push_str("\n\n#[allow(dead_code)]\nmod othello {\n");
    for (m, code) in &reached {
        out.push_str(&format!("pub mod {} {{\n{}\n}}\n", m, code));
    }
    out.push_str("}\n");
    Ok(out)
}
