//! Single-file bundles: a judge binary's source followed by `mod othello { ... }`, the
//! library's modules nested as they are in `src/`, so that every `super::` path resolves
//! unchanged when a judge compiles the file alone, with only the code the binary reaches.
//!
//! 1. Files are read as lines of code ([`lex`]): blank lines and comments go, but for the
//!    first sentence of each doc comment ([`summaries`]), which stays as the item's
//!    contract; the insides of string and character literals are masked, so that
//!    brackets, names and refused constructs are looked for in code only, and each
//!    four-space indentation step becomes a tab.
//! 2. Code that a judge never compiles goes ([`strip`]): whatever a `cfg` that does not
//!    hold without cargo gates (a feature, `pext`, `lanes`, `test`), be it an item, a
//!    statement, a block or a field; a `cfg` that always holds there loses its line.
//! 3. Modules load as `mod x;` declares them, to any depth ([`load`]), and split into
//!    items, `impl` and trait blocks into members ([`items`]).
//! 4. From the binary's code, what kept code reaches is kept, to a fixed point ([`Reach`]):
//!    modules by the paths that go through them; items and members by name, every one of
//!    a name that kept code mentions (members only after `::` or as a called method, a
//!    trait's only from modules where the trait is in scope); imports by what the kept
//!    code of their module names.
//! 5. The kept code is written out, and refused if it cannot survive bundling ([`refuse`]).

use std::collections::{BTreeMap, BTreeSet};

/// Why a bundle cannot be made: one line naming the file, line and what to change.
pub type Refusal = String;

/// Reads a file of `src/` by its path there: `lib.rs`, `core/mod.rs`, `bin/b4254.rs`.
pub type Read<'a> = &'a dyn Fn(&str) -> Result<String, String>;

/// A line of code.
#[derive(Clone)]
struct Line {
    /// Its 1-based number in its file.
    no: usize,
    /// The code, indented with tabs, without comments; or a doc comment's summary.
    text: String,
    /// The same with the insides of string and character literals blanked.
    mask: String,
    /// Whether a string literal is still open at its end.
    open: bool,
}

fn ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The mask of an item's doc comment summary: an attribute, so that it goes and stays
/// with the item it documents, and holds no name.
const DOC: &str = "#[doc]";

/// The mask of a module's doc comment summary: an inner attribute, an item of its own that
/// stays with the module.
const INNER_DOC: &str = "#![doc]";

/// The lines of code of `text`, with the [`summaries`] of its doc comments.
fn lex(text: &str) -> Vec<Line> {
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| chars.get(i).cloned().unwrap_or('\n');
    let (mut lines, mut code, mut mask, mut no) = (Vec::new(), String::new(), String::new(), 1);
    // The doc comment lines met: line number, indentation, `///` or `//!`, text.
    let mut docs: Vec<(usize, String, String, String)> = Vec::new();
    // In a string literal: whether it is raw, and how many `#` close it after its `"`.
    let mut string: Option<(bool, usize)> = None;
    let (mut comments, mut i) = (0, 0);
    while i <= chars.len() {
        let (c, next) = (at(i), at(i + 1));
        // This step takes `n` characters: code if `keep`, masked if `blank`, but for the
        // ends if `quoted`.
        let (mut n, mut keep, mut blank, mut quoted) = (1, true, false, false);
        if c == '\n' {
            push_line(&mut lines, no, &code, &mask, string.is_some());
            code.clear();
            mask.clear();
            no += 1;
            keep = false;
        } else if let Some((raw, hashes)) = string {
            if c == '"' && (1..=hashes).all(|k| at(i + k) == '#') {
                string = None;
                n += hashes;
            } else {
                blank = true;
                n += (!raw && c == '\\' && next != '\n') as usize;
            }
        } else if comments > 0 || (c, next) == ('/', '*') {
            let end = [('/', '*'), ('*', '/')].iter().position(|&p| p == (c, next));
            comments += end.map_or(0, |k| 1 - 2 * k as i32);
            n += end.is_some() as usize;
            keep = false;
        } else if (c, next) == ('/', '/') {
            n = (i..).take_while(|&k| at(k) != '\n').count();
            keep = false;
            let comment: String = chars[i..i + n].iter().collect();
            let kind = &comment[..comment.len().min(3)];
            if code.is_empty() && (kind == "//!" || (kind == "///" && !comment.starts_with("////"))) {
                docs.push((no, code.clone(), kind.to_string(), comment[3..].trim().to_string()));
            }
        } else if c == '"' {
            string = Some((false, 0));
        } else if c == 'r' && matches!(code.rsplit(|c| !ident(c)).next(), Some("") | Some("b")) {
            let hashes = (i + 1..).take_while(|&k| at(k) == '#').count();
            if at(i + 1 + hashes) == '"' {
                string = Some((true, hashes));
                n += hashes + 1;
            }
        } else if c == '\'' && (next == '\\' || at(i + 2) == '\'') {
            // A character literal, not a lifetime.
            n = (i + 2 + (next == '\\') as usize..).find(|&k| at(k) == '\'' || at(k) == '\n').map_or(1, |k| k + 1 - i);
            quoted = true;
        }
        let n = n.min(chars.len().saturating_sub(i));
        if keep {
            for (k, &ch) in chars[i..i + n].iter().enumerate() {
                code.push(ch);
                mask.push(if blank || (quoted && k > 0 && k + 1 < n) { ' ' } else { ch });
            }
        }
        i += n.max(1);
    }
    let mut all = summaries(&docs);
    all.extend(lines);
    all.sort_by_key(|l| l.no);
    all
}

/// One line per doc comment of `docs` (consecutive lines of one kind) of a module or an item
/// of a module: its first sentence, which says what the item is, marked as [`DOC`]. A doc
/// comment that opens with an example, a table or a list has none, and so do the members
/// of types and traits, which their names and types say enough of.
fn summaries(docs: &[(usize, String, String, String)]) -> Vec<Line> {
    let (mut out, mut k) = (Vec::new(), 0);
    while k < docs.len() {
        let (no, ref indent, ref kind, _) = docs[k];
        // Its first paragraph.
        let (mut text, mut j) = (String::new(), k);
        while j < docs.len() && docs[j].2 == *kind && docs[j].0 == no + (j - k) {
            let line = &docs[j].3;
            j += 1;
            // A heading says what the module is, in a sentence of its own.
            if let Some(heading) = line.strip_prefix("# ").filter(|_| text.is_empty()) {
                text = heading.replace(['`', '#'], "") + ". ";
                break;
            }
            match (line.is_empty(), text.is_empty()) {
                (true, true) => continue,
                (true, false) => break,
                _ => text = text + line + " ",
            }
        }
        while j < docs.len() && docs[j].2 == *kind && docs[j].0 == docs[j - 1].0 + 1 {
            j += 1;
        }
        k = j;
        let sentence = text.find(". ").map_or(text.trim_end(), |end| &text[..end + 1]).trim();
        if sentence.is_empty() || sentence.starts_with(|c| "`|-*".contains(c)) {
            continue;
        }
        let spaces: usize = indent.chars().map(|c| if c == '\t' { 4 } else { 1 }).sum();
        let tabs = "\t".repeat(spaces / 4);
        // A module's doc stands alone; an item's goes and stays with the item.
        let mask = if kind == "//!" { INNER_DOC } else { DOC };
        out.push(Line {
            no,
            text: format!("{}{} {}", tabs, kind, sentence),
            mask: format!("{}{}", tabs, mask),
            open: false,
        });
    }
    out
}

/// Adds a line of code, if it has any, its indentation in tabs.
fn push_line(lines: &mut Vec<Line>, no: usize, code: &str, mask: &str, open: bool) {
    let body = code.trim_start();
    let lead = code.chars().count() - body.chars().count();
    let spaces: usize = code.chars().take(lead).map(|c| if c == '\t' { 4 } else { 1 }).sum();
    let indent = "\t".repeat(spaces / 4) + &" ".repeat(spaces % 4);
    let mask: String = mask.chars().skip(lead).collect();
    if !body.is_empty() {
        lines.push(Line { no, text: indent.clone() + body.trim_end(), mask: indent + mask.trim_end(), open });
    }
}

/// Opening brackets less closing ones in a masked line.
fn brackets(mask: &str) -> i32 {
    mask.chars().map(|c| matches!(c, '{' | '(' | '[') as i32 - matches!(c, '}' | ')' | ']') as i32).sum()
}

fn is_attribute(mask: &str) -> bool {
    let m = mask.trim();
    m.starts_with("#[") && m.ends_with(']') && brackets(m) == 0
}

/// The index after the item, statement, tail expression or (if `fields`) field that starts
/// at `start`: the first line that closes its brackets and ends with `;` or `}`, or `,` for
/// a field (not in a `where` clause), or an inner attribute.
fn end_of(lines: &[Line], start: usize, fields: bool) -> Option<usize> {
    let (mut depth, mut clause) = (0, false);
    for (k, line) in lines.iter().enumerate().skip(start) {
        let m = line.mask.trim();
        depth += brackets(m);
        if depth < 0 {
            // It closed the block around it: it was a tail expression, ended a line before.
            return Some(k.max(start + 1));
        }
        clause |= m == "where" || m.starts_with("where ");
        let ends = m.ends_with(';') || m.ends_with('}') || (fields && !clause && m.ends_with(','));
        if depth <= 0 && (ends || (k == start && m.starts_with("#!["))) {
            return Some(k + 1);
        }
    }
    None
}

/// Whether a `cfg` predicate holds when a judge compiles a bundle: never for a cargo
/// feature, `pext`, `lanes` or `test`; `None` when it depends on the judge's machine.
fn holds(p: &str) -> Option<bool> {
    let p = p.trim();
    let inner = |f: &str| p.strip_prefix(f).and_then(|r| r.strip_suffix(')'));
    if let Some(q) = inner("not(") {
        return holds(q).map(|v| !v);
    }
    if let Some((list, all)) = inner("all(").map(|l| (l, true)).or_else(|| inner("any(").map(|l| (l, false))) {
        let (mut values, mut depth, mut start) = (Vec::new(), 0, 0);
        for (i, c) in list.char_indices().chain(Some((list.len(), ','))) {
            depth += (c == '(') as i32 - (c == ')') as i32;
            if c == ',' && depth == 0 {
                values.extend(Some(&list[start..i]).filter(|q| !q.trim().is_empty()).map(holds));
                start = i + 1;
            }
        }
        return if values.contains(&Some(!all)) {
            Some(!all)
        } else {
            values.iter().all(|v| v.is_some()).then_some(all)
        };
    }
    let name = p.split(|c: char| !ident(c)).next().unwrap_or("");
    let never = matches!(name, "pext" | "lanes" | "test") && name == p;
    if never || (name == "feature" && p[7..].trim_start().starts_with('=')) {
        Some(false)
    } else {
        None
    }
}

/// `lines` without what a `cfg` leaves out when a judge compiles them, and without the
/// `cfg` attributes that always hold there. What is refused if the module is bundled is
/// added to `refusals`.
fn strip(file: &str, lines: &[Line], refusals: &mut Vec<Refusal>) -> Vec<Line> {
    let (mut out, mut i) = (Vec::new(), 0);
    while i < lines.len() {
        let line = &lines[i];
        i += 1;
        // A `cfg` attribute: its predicate, and whether code follows it on its line.
        let mut depth = 1;
        let cfg = line.mask.trim().strip_prefix("#[cfg(").and_then(|rest| {
            let end = rest.char_indices().find(|&(_, c)| {
                depth += (c == '(') as i32 - (c == ')') as i32;
                depth == 0
            });
            end.map(|(k, _)| (rest[..k].trim(), rest[k + 1..].len() > 1))
        });
        // `#[inline]` only lets other crates inline a function; a bundle is one crate.
        if line.mask.trim() == "#[inline]" {
            continue;
        }
        match cfg.map(|(pred, code)| (holds(pred), pred, code)) {
            // An attribute that holds stays only if code follows it.
            None | Some((None, ..)) | Some((Some(true), _, true)) => out.push(line.clone()),
            Some((Some(true), ..)) => {}
            Some((Some(false), pred, code)) => {
                // The doc comment of what goes goes with it.
                while out.last().map_or(false, |l: &Line| l.mask.trim() == DOC) {
                    out.pop();
                }
                let start = i - code as usize;
                let first = lines[start..].iter().find(|l| !is_attribute(&l.mask)).map_or("", |l| l.mask.trim());
                if pred == "test" && first.trim_start_matches("pub ").starts_with("mod ") && first.ends_with('{') {
                    let advice = "an inline #[cfg(test)] module would be bundled: move the tests to their own file \
                                  (`#[cfg(test)] mod tests;`)";
                    refusals.push(format!("{}:{}: {}", file, line.no, advice));
                }
                i = end_of(lines, start, true).unwrap_or(lines.len());
            }
        }
    }
    out
}

/// One name of a `use` item: the name it binds, the path it imports, its text, and
/// whether it is public (a re-export).
struct Import {
    binding: String,
    target: Vec<String>,
    text: String,
    public: bool,
}

/// What decides whether an item is bundled.
enum Kind {
    /// A `fn`, `struct`, `enum`, `union`, `const`, `static`, `type` or inline `mod`, or a
    /// member of a block: kept if kept code names it.
    Named(String),
    /// A trait, kept if kept code names it; its members are the items of its block.
    Trait(String),
    /// An `impl` block of a trait (if any) for a type, by their last path segments: kept if
    /// each is kept or not the library's.
    Impl(Option<String>, String),
    /// A `use` item: its text up to the names, and the names.
    Use(String, Vec<Import>),
    /// `mod x;`: the module is bundled if a kept path goes through it.
    Mod(String),
    /// Anything else: always kept.
    Other,
}

/// An item of a module, or a member of an `impl` or trait block.
struct Item {
    kind: Kind,
    /// Its lines, attributes included.
    lines: Vec<Line>,
    /// The members of an `impl` or trait block, which start after the first `open` lines
    /// and end before the last.
    members: Vec<Item>,
    open: usize,
}

/// The items of `lines`: each runs from its attributes to the line that closes its brackets.
fn items(file: &str, lines: &[Line]) -> Result<Vec<Item>, Refusal> {
    let (mut found, mut start) = (Vec::new(), 0);
    while start < lines.len() {
        let end = end_of(lines, start, false);
        let advice = "this item does not end (brackets left open?): the bundler cannot split it";
        let end = end.ok_or_else(|| format!("{}:{}: {}", file, lines[start].no, advice))?;
        let block = &lines[start..end];
        let head = block.iter().position(|l| !is_attribute(&l.mask)).unwrap_or(0);
        let code: Vec<&str> = block[head..].iter().map(|l| l.mask.trim()).collect();
        let mut kind = kind(&code.join(" "));
        if let Kind::Mod(ref name) = kind {
            // Not loaded, so refused if bundled.
            if block[..head].iter().any(|l| l.mask.contains("#[path")) {
                kind = Kind::Named(name.clone());
            }
        }
        let (mut members, mut open, mut depth) = (Vec::new(), 0, 0);
        if let Kind::Impl(..) | Kind::Trait(_) = kind {
            let first = block.iter().position(|l| {
                depth += brackets(&l.mask);
                depth > 0
            });
            if let Some(k) = first.filter(|&k| k + 2 < block.len() && block[block.len() - 1].mask.trim() == "}") {
                members = items(file, &block[k + 1..block.len() - 1])?;
                open = k + 1;
            }
        }
        found.push(Item { kind, lines: block.to_vec(), members, open });
        start = end;
    }
    Ok(found)
}

/// The kind of the item whose code (after its attributes) is `code`.
fn kind(code: &str) -> Kind {
    let mut rest = code;
    for prefix in ["pub(crate) ", "pub(super) ", "pub ", "default ", "const unsafe ", "unsafe ", "async "].iter() {
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    if rest.starts_with("const fn ") {
        rest = &rest[6..];
    }
    let word = rest.split(|c| !ident(c)).next().unwrap_or("");
    let after = rest[word.len()..].trim_start();
    let name = after.strip_prefix("mut ").unwrap_or(after).split(|c| !ident(c)).next().unwrap_or("").to_string();
    match word {
        "fn" | "struct" | "enum" | "union" | "const" | "static" | "type" => Kind::Named(name),
        "trait" => Kind::Trait(name),
        "mod" if code.ends_with(';') => Kind::Mod(name),
        "mod" => Kind::Named(name),
        "impl" => {
            // Past the generic parameters (`->` in them is no closing bracket).
            let (mut depth, mut prev) = (0, ' ');
            let generics = after.char_indices().take_while(|_| after.starts_with('<')).find(|&(_, c)| {
                depth += (c == '<') as i32 - (c == '>' && prev != '-') as i32;
                prev = c;
                depth == 0
            });
            let head = after[generics.map_or(0, |(i, _)| i + 1)..].split('{').next().unwrap_or("");
            let head = head.split(" where").next().unwrap_or("").trim();
            match head.find(" for ") {
                Some(i) => Kind::Impl(Some(last_name(&head[..i])), last_name(&head[i + 5..])),
                None => Kind::Impl(None, last_name(head)),
            }
        }
        "use" if !code.contains('*') && code.matches('{').count() <= 1 && code.contains("::") => {
            let line = code.trim_end_matches(';').trim_end();
            let (stem, names) = match line.find('{') {
                Some(i) => (&line[..i], line[i + 1..].trim_end_matches('}')),
                None => line.split_at(line.rfind("::").map_or(0, |i| i + 2)),
            };
            let path = stem[stem.find("use ").map_or(0, |i| i + 4)..].split("::").map(str::trim);
            let path: Vec<String> = path.filter(|s| !s.is_empty()).map(str::to_string).collect();
            let imports = names.split(',').map(str::trim).filter(|n| !n.is_empty()).map(|text| {
                let mut parts = text.split(" as ").map(str::trim);
                let mut target = path.clone();
                target.extend(parts.next().filter(|&n| n != "self").map(str::to_string));
                let binding = parts.next().map(str::to_string).or_else(|| target.last().cloned()).unwrap_or_default();
                Import { binding, target, text: text.to_string(), public: stem.starts_with("pub") }
            });
            Kind::Use(stem.to_string(), imports.collect())
        }
        _ => Kind::Other,
    }
}

/// The name of a type or trait in an `impl` line: the last segment of its path, without
/// references or generic arguments.
fn last_name(text: &str) -> String {
    let mut s = text.trim().trim_start_matches('&');
    if s.starts_with('\'') {
        s = s.split_once(' ').map_or("", |x| x.1);
    }
    let s = s.trim_start_matches("mut ").trim_start_matches("dyn ");
    let path = s.split('<').next().unwrap_or(s).trim();
    path.rsplit("::").next().unwrap_or(path).to_string()
}

/// A module of the library, or the binary.
struct Module {
    /// Its path from the library's root (empty for the root).
    path: Vec<String>,
    /// Its file, as refusals name it.
    file: String,
    items: Vec<Item>,
    /// What is refused if the module is bundled.
    refusals: Vec<Refusal>,
}

/// Adds the module at `path`, whose file in `src/` is `file`, to `modules`, then the
/// modules it declares, from `dir/x.rs` or `dir/x/mod.rs`.
fn load(modules: &mut Vec<Module>, path: Vec<String>, file: &str, text: &str, read: Read) -> Result<(), Refusal> {
    let (shown, mut refusals) = (format!("src/{}", file), Vec::new());
    let lines = strip(&shown, &lex(text), &mut refusals);
    let items = items(&shown, &lines).unwrap_or_else(|e| {
        refusals.push(e);
        Vec::new()
    });
    let dir = match file.rfind('/').map_or(0, |i| i + 1) {
        i if &file[i..] == "mod.rs" || file == "lib.rs" => file[..i].to_string(),
        _ => format!("{}/", file.trim_end_matches(".rs")),
    };
    let children: Vec<(String, usize)> = items
        .iter()
        .filter_map(|item| match item.kind {
            Kind::Mod(ref name) => Some((name.clone(), item.lines[0].no)),
            _ => None,
        })
        .collect();
    modules.push(Module { path: path.clone(), file: shown.clone(), items, refusals });
    for (name, no) in children {
        let files = [format!("{}{}.rs", dir, name), format!("{}{}/mod.rs", dir, name)];
        let found = files.iter().find_map(|f| read(f).ok().map(|text| (f, text)));
        let missing = || format!("{}:{}: `mod {}` has no file src/{} or src/{}", shown, no, name, files[0], files[1]);
        let (child, text) = found.ok_or_else(missing)?;
        load(modules, path.iter().chain(Some(&name)).cloned().collect(), child, &text, read)?;
    }
    Ok(())
}

/// Where a name stands: alone (an item, a variable), after `::` (an item or a member), or
/// as a method called after `.`.
#[derive(Clone, Copy, PartialEq)]
enum At {
    Alone,
    Path,
    Method,
}

/// The paths in a masked line: each name with those joined after it by `::`, and where
/// the first stands. Fields (`.x` not called) and numbers are left out.
fn paths(mask: &str) -> Vec<(Vec<String>, At)> {
    let (mut paths, mut joined, mut rest) = (Vec::<(Vec<String>, At)>::new(), false, mask);
    while let Some(c) = rest.chars().next() {
        let before = mask[..mask.len() - rest.len()].trim_end();
        if !ident(c) {
            joined = false;
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let word = rest.split(|c| !ident(c)).next().unwrap_or("");
        rest = &rest[word.len()..];
        let method = before.ends_with('.') && !before.ends_with("..");
        let field = method && !(rest.starts_with('(') || rest.starts_with("::<"));
        // An associated type bound in generic arguments (`Walk<Key = K>`) is a member.
        let bound =
            before.ends_with(['<', ',']) && rest.trim_start().strip_prefix('=').map_or(false, |r| !r.starts_with('='));
        match paths.last_mut() {
            _ if c.is_ascii_digit() || field => {}
            Some(path) if joined => path.0.push(word.to_string()),
            _ if method => paths.push((vec![word.to_string()], At::Method)),
            _ => {
                paths.push((vec![word.to_string()], if before.ends_with("::") || bound { At::Path } else { At::Alone }))
            }
        }
        joined = rest.starts_with("::") && !c.is_ascii_digit() && !field;
        rest = rest.trim_start_matches("::");
    }
    paths
}

/// Std traits that code may use through their methods alone: their import stays if the
/// module's kept code calls one of these.
const STD_TRAITS: [(&str, &[&str]); 5] = [
    ("Read", &["read", "read_to_end", "read_to_string", "read_exact", "bytes"]),
    ("Write", &["write", "write_all", "write_fmt", "writeln", "flush"]),
    ("BufRead", &["read_line", "lines", "read_until"]),
    ("TryFrom", &["try_from"]),
    ("FromStr", &["from_str"]),
];

fn name_of(item: &Item) -> Option<&String> {
    match item.kind {
        Kind::Named(ref n) | Kind::Trait(ref n) => Some(n),
        _ => None,
    }
}

/// What a binary reaches, found to a fixed point. The binary is the last module.
struct Reach<'a> {
    modules: &'a [Module],
    reached: Vec<bool>,
    /// Per module and item: whether the item is kept, then each of its members.
    kept: Vec<Vec<Vec<bool>>>,
    /// Per module: the names its kept code has alone or in paths (which may be items),
    /// those it has in paths or calls as methods (which may be members), and the
    /// library's traits in scope there.
    local: Vec<BTreeSet<String>>,
    calls: Vec<BTreeSet<String>>,
    scope: Vec<BTreeSet<String>>,
    /// The names of the library's items, and its traits with their members and supertraits.
    defined: BTreeSet<String>,
    traits: BTreeMap<String, (Vec<String>, Vec<String>)>,
    changed: bool,
}

impl<'a> Reach<'a> {
    fn new(modules: &'a [Module]) -> Reach<'a> {
        let (mut defined, mut traits) = (BTreeSet::new(), BTreeMap::new());
        for item in modules.iter().flat_map(|m| m.items.iter()) {
            if let Kind::Trait(ref name) = item.kind {
                let head: Vec<&str> = item.lines[..item.open.max(1)].iter().map(|l| l.mask.trim()).collect();
                let head = head.join(" ");
                let bounds = head.split('{').next().unwrap_or("").split(" where").next().unwrap_or("");
                let supers = bounds.split_once(':').map_or("", |x| x.1).split('+').map(last_name).collect();
                traits.insert(name.clone(), (item.members.iter().filter_map(name_of).cloned().collect(), supers));
            }
            defined.extend(name_of(item).cloned());
        }
        let n = modules.len();
        let kept = modules.iter().map(|m| m.items.iter().map(|i| vec![false; 1 + i.members.len()]).collect()).collect();
        let (reached, local) = ((0..n).map(|m| m == 0 || m == n - 1).collect(), vec![BTreeSet::new(); n]);
        let (calls, scope) = (local.clone(), local.clone());
        let mut reach = Reach { modules, reached, kept, local, calls, scope, defined, traits, changed: true };
        while reach.changed {
            reach.changed = false;
            reach.scope = (0..n).map(|m| reach.scope(m)).collect();
            for m in (0..n).filter(|&m| reach.reached[m]).collect::<Vec<_>>() {
                reach.visit(m);
            }
        }
        reach
    }

    /// Keeps what the kept code of module `m` reaches in it.
    fn visit(&mut self, m: usize) {
        let (modules, main) = (self.modules, self.modules.len() - 1);
        for (i, item) in modules[m].items.iter().enumerate() {
            if let Kind::Use(_, ref imports) = item.kind {
                for import in imports {
                    if !self.imports(m, import) {
                        continue;
                    }
                    self.resolve(m, &import.target, true);
                    self.changed |= self.local[m].insert(import.target.last().cloned().unwrap_or_default());
                }
                continue;
            }
            let named = |n: &String| self.local.iter().any(|names| names.contains(n));
            let keep = match item.kind {
                _ if m == main => true,
                Kind::Named(ref n) | Kind::Trait(ref n) => named(n),
                Kind::Impl(ref t, ref ty) => t.iter().chain(Some(ty)).all(|n| !self.defined.contains(n) || named(n)),
                Kind::Other => true,
                Kind::Use(..) | Kind::Mod(_) => false,
            };
            if keep && !self.kept[m][i][0] {
                self.kept[m][i][0] = true;
                self.add(m, &item.lines[..if item.members.is_empty() { item.lines.len() } else { item.open }]);
            }
            // The members of a kept block: all those of an impl of a std trait; else those
            // that kept code names after `::` or calls, a trait's where it is in scope.
            let owner = match item.kind {
                Kind::Trait(ref t) | Kind::Impl(Some(ref t), _) => Some(t),
                _ => None,
            };
            let all = m == main || owner.map_or(false, |t| !self.defined.contains(t));
            let members = if self.kept[m][i][0] { &item.members[..] } else { &[] };
            for (k, member) in members.iter().enumerate() {
                let wanted = |x: &String| match owner {
                    Some(t) => (0..modules.len()).any(|c| self.calls[c].contains(x) && self.scope[c].contains(t)),
                    None => self.calls.iter().any(|names| names.contains(x)),
                };
                if !self.kept[m][i][k + 1] && (all || name_of(member).map_or(true, wanted)) {
                    self.kept[m][i][k + 1] = true;
                    self.add(m, &member.lines);
                }
            }
        }
    }

    /// Marks the names and paths of `lines`, kept code of module `m`.
    fn add(&mut self, m: usize, lines: &[Line]) {
        self.changed = true;
        for (path, at) in lines.iter().flat_map(|l| paths(&l.mask)) {
            for (k, name) in path.iter().enumerate() {
                let at = if k == 0 { at } else { At::Path };
                if at != At::Method {
                    self.local[m].insert(name.clone());
                }
                if at != At::Alone {
                    self.calls[m].insert(name.clone());
                }
            }
            if path.len() > 1 {
                self.resolve(m, &path, false);
            }
        }
        // The names that format strings capture (`"{x}"`, `"{x:?}"`).
        for part in lines.iter().flat_map(|l| l.text.split('{').skip(1)) {
            let word = part.split(|c| !ident(c)).next().unwrap_or("");
            let after = part[word.len()..].chars().next();
            if word.starts_with(|c: char| !c.is_ascii_digit()) && (after == Some('}') || after == Some(':')) {
                self.local[m].insert(word.to_string());
            }
        }
    }

    /// The library's traits in scope in module `m`: those defined, imported or named
    /// there, and their supertraits.
    fn scope(&self, m: usize) -> BTreeSet<String> {
        let items = &self.modules[m].items;
        let known = |t: &&String| {
            self.local[m].contains(*t)
                || items.iter().any(|i| match i.kind {
                    Kind::Trait(ref n) => n == *t,
                    Kind::Use(_, ref imports) => imports.iter().any(|x| x.binding == **t),
                    _ => false,
                })
        };
        let (mut todo, mut scope): (Vec<&String>, _) = (self.traits.keys().filter(known).collect(), BTreeSet::new());
        while let Some(t) = todo.pop() {
            if scope.insert(t.clone()) {
                todo.extend(self.traits.get(t).map_or(&[][..], |x| &x.1[..]));
            }
        }
        scope
    }

    /// Whether module `m` keeps `import`: if its kept code names it (any kept code, for a
    /// re-export), or calls a method of the trait it is.
    fn imports(&self, m: usize, import: &Import) -> bool {
        if import.public && self.local.iter().any(|names| names.contains(&import.binding)) {
            return true;
        }
        let last = import.target.last().map_or("", |s| s.as_str());
        let methods: Vec<&str> = match import.target[0].as_str() {
            "std" | "core" => STD_TRAITS.iter().filter(|t| t.0 == last).flat_map(|t| t.1.iter().cloned()).collect(),
            _ => self.traits.get(last).map_or(Vec::new(), |t| t.0.iter().map(|s| s.as_str()).collect()),
        };
        let (local, calls) = (&self.local[m], &self.calls[m]);
        local.contains(&import.binding) || methods.iter().any(|&x| calls.contains(x) || local.contains(x))
    }

    /// Marks the modules that a path in module `m` goes through: all its segments if it
    /// is `whole` (an import), else all but the last.
    fn resolve(&mut self, m: usize, path: &[String], whole: bool) {
        let module = &self.modules[m];
        let mut segments = path.to_vec();
        for item in &module.items {
            if let Kind::Use(_, ref imports) = item.kind {
                for x in imports.iter().filter(|x| x.binding == path[0] && x.target[0] != path[0]) {
                    segments = x.target.iter().chain(&path[1..]).cloned().collect();
                }
            }
        }
        let (mut at, mut k) = (module.path.clone(), 0);
        if m == self.modules.len() - 1 {
            // The binary reaches the library as `othello`.
            if segments[0] != "othello" {
                return;
            }
            at.clear();
            k = 1;
        }
        while segments.get(k).map_or(false, |s| s == "super") {
            at.pop();
            k += 1;
        }
        k += (k == 0 && segments[0] == "self") as usize;
        for segment in segments.iter().take(segments.len() - !whole as usize).skip(k) {
            at.push(segment.clone());
            match self.modules.iter().position(|x| x.path == at) {
                Some(c) => {
                    self.changed |= !self.reached[c];
                    self.reached[c] = true;
                }
                None => break,
            }
        }
    }

    /// Writes the kept code of module `m` to `out`.
    fn emit(&self, m: usize, out: &mut String) -> Result<(), Refusal> {
        let module = &self.modules[m];
        if let Some(refusal) = module.refusals.first() {
            return Err(refusal.clone());
        }
        let write = |lines: &[Line], out: &mut String| -> Result<(), Refusal> {
            for line in lines {
                refuse(&module.file, line)?;
                out.push_str(&line.text);
                out.push('\n');
            }
            Ok(())
        };
        for (item, kept) in module.items.iter().zip(&self.kept[m]) {
            let attributes = item.lines.iter().take_while(|l| is_attribute(&l.mask)).count();
            match item.kind {
                Kind::Mod(ref name) => {
                    let path: Vec<String> = module.path.iter().chain(Some(name)).cloned().collect();
                    if let Some(c) = self.modules.iter().position(|x| x.path == path).filter(|&c| self.reached[c]) {
                        let decl = &item.lines[attributes];
                        write(&item.lines[..attributes], out)?;
                        write(&[Line { text: decl.text.replace(';', " {"), ..decl.clone() }], out)?;
                        self.emit(c, out)?;
                        out.push_str("}\n");
                    }
                }
                Kind::Use(ref stem, ref imports) => {
                    let left: Vec<&str> = imports.iter().filter(|x| self.imports(m, x)).map(|x| &x.text[..]).collect();
                    if left.len() == imports.len() {
                        write(&item.lines, out)?;
                    } else if !left.is_empty() {
                        let one = left.len() == 1 && left[0] != "self";
                        let text = if one {
                            format!("{}{};", stem, left[0])
                        } else {
                            format!("{}{{{}}};", stem, left.join(", "))
                        };
                        write(&item.lines[..attributes], out)?;
                        write(&[Line { mask: text.clone(), text, ..item.lines[attributes].clone() }], out)?;
                    }
                }
                _ if !kept[0] => {}
                _ if item.members.is_empty() => write(&item.lines, out)?,
                // An inherent impl block none of whose members is kept goes.
                Kind::Impl(None, _) if !kept[1..].contains(&true) => {}
                _ => {
                    write(&item.lines[..item.open], out)?;
                    for (member, _) in item.members.iter().zip(&kept[1..]).filter(|m| *m.1) {
                        write(&member.lines, out)?;
                    }
                    write(&item.lines[item.lines.len() - 1..], out)?;
                }
            }
        }
        Ok(())
    }
}

/// Refuses a line of bundled code that a single-file bundle cannot compile.
fn refuse(file: &str, line: &Line) -> Result<(), Refusal> {
    let macros = "library macros do not survive bundling: write a function instead";
    let files = "a bundle cannot read files at compile time: put the data in the source";
    let rules: [(&str, &str); 9] = [
        ("crate::", "`crate::` paths change meaning inside `mod othello`: use `super::` (or `self::`) paths"),
        ("macro_rules!", macros),
        ("#[macro_export]", macros),
        ("#[macro_use]", macros),
        ("include_str!", files),
        ("include_bytes!", files),
        ("include!", files),
        ("env!", "a judge compiles without cargo, so `env!` has nothing to read: use a constant"),
        ("#[path", "`#[path]` modules cannot be found in a bundle: use a plain module file"),
    ];
    for &(pattern, advice) in rules.iter() {
        if line.mask.match_indices(pattern).any(|(i, _)| !line.mask[..i].ends_with(ident)) {
            return Err(format!("{}:{}: {}", file, line.no, advice));
        }
    }
    if line.open {
        let advice = "a string literal spanning lines would change when the bundle is re-indented: keep it on one \
                      line (use \\n)";
        return Err(format!("{}:{}: {}", file, line.no, advice));
    }
    Ok(())
}

/// The bundle of the binary `name`.
pub fn bundle(name: &str, read: Read) -> Result<String, Refusal> {
    let mut modules = Vec::new();
    load(&mut modules, Vec::new(), "lib.rs", &read("lib.rs")?, read)?;
    let (file, mut refusals) = (format!("src/bin/{}.rs", name), Vec::new());
    let lines = strip(&file, &lex(&read(&file[4..])?), &mut refusals);
    let lines: Vec<Line> = lines.into_iter().filter(|l| l.mask.trim() != "extern crate othello;").collect();
    let items = items(&file, &lines)?;
    modules.push(Module { path: vec!["<binary>".to_string()], file, items, refusals });
    let reach = Reach::new(&modules);
    let mut out = format!(
        "// {0}: a single-file submission for a judge's `rustc -O` (1.63 or later, any edition), made\n\
         // by `make bundle` from src/bin/{0}.rs and the library code it reaches. Do not edit.\n",
        name
    );
    reach.emit(modules.len() - 1, &mut out)?;
    out.push_str("mod othello {\n");
    reach.emit(0, &mut out)?;
    out.push_str("}\n");
    Ok(out)
}
