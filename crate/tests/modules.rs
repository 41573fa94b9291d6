//! No import circles in `crate/src`: a lower module never names a higher one. This test reads the
//! sources (every `crate::…`, `super::…` and child-module path, and `msg!`, outside comments and
//! test-only code), builds the graph of the modules that name each other, and fails on a circle,
//! naming each step with its file and line.
//!
//! Test code (`#[cfg(test)]` modules and files) may use any module: it is not part of the graph.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const SRC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src");

/// One source file: its module path (`["lesson", "player"]`) and its text without comments and
/// test-only code.
struct Source {
    module: Vec<String>,
    file: String,
    /// (line, text) of every line kept.
    lines: Vec<(usize, String)>,
}

/// Every `.rs` file of `dir` (recursively), the binaries left out.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "bin") {
                rust_files(&p, out);
            }
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file: `movement/mod.rs` → `movement`, `movement/set.rs` → `movement::set`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    parts
}

/// The text without line comments (outside string literals) and block comments.
fn strip_comments(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let (mut k, mut in_str) = (0, false);
    while k < b.len() {
        let c = b[k];
        if in_str {
            out.push(c);
            if c == '\\' && k + 1 < b.len() {
                out.push(b[k + 1]);
                k += 1;
            } else if c == '"' {
                in_str = false;
            }
        } else if c == '/' && b.get(k + 1) == Some(&'/') {
            while k < b.len() && b[k] != '\n' {
                k += 1;
            }
            continue;
        } else if c == '/' && b.get(k + 1) == Some(&'*') {
            k += 2;
            while k + 1 < b.len() && !(b[k] == '*' && b[k + 1] == '/') {
                if b[k] == '\n' {
                    out.push('\n');
                }
                k += 1;
            }
            k += 2;
            continue;
        } else if c == '"' {
            in_str = true;
            out.push(c);
        } else if c == '\'' && b.get(k + 2) == Some(&'\'') {
            // a char literal such as '"' or '{'
            out.extend(&b[k..k + 3]);
            k += 3;
            continue;
        } else if c == '\'' && b.get(k + 1) == Some(&'\\') {
            // an escaped char literal such as '\'' or '\\'
            let end = (k + 3..b.len()).find(|&e| b[e] == '\'').unwrap_or(b.len() - 1);
            out.extend(&b[k..=end]);
            k = end + 1;
            continue;
        } else {
            out.push(c);
        }
        k += 1;
    }
    out
}

/// Whether an attribute line makes the next item test-only.
fn test_only(attr: &str) -> bool {
    let a: String = attr.chars().filter(|c| !c.is_whitespace()).collect();
    a.starts_with("#[cfg(test)]") || a.starts_with("#[cfg(all(test,")
}

/// The lines of a text with test-only items taken out: the item after a `#[cfg(test)]` attribute
/// (to its `;` or its closing brace). Returns the kept lines and the names of test-only child
/// modules declared `mod name;`.
fn without_tests(text: &str) -> (Vec<(usize, String)>, Vec<String>) {
    let lines: Vec<&str> = text.lines().collect();
    let (mut kept, mut test_mods) = (Vec::new(), Vec::new());
    let mut k = 0;
    while k < lines.len() {
        if test_only(lines[k].trim()) {
            // skip the attribute(s) and the item
            k += 1;
            while k < lines.len() && lines[k].trim().starts_with("#[") {
                k += 1;
            }
            let mut depth = 0i32;
            let mut opened = false;
            while k < lines.len() {
                let l = lines[k];
                let t = l.trim();
                if !opened && depth == 0 {
                    if let Some(name) = t
                        .strip_prefix("mod ")
                        .or_else(|| t.strip_prefix("pub mod "))
                        .and_then(|r| r.strip_suffix(';'))
                    {
                        test_mods.push(name.trim().to_string());
                    }
                }
                for c in l.chars() {
                    match c {
                        '{' => {
                            depth += 1;
                            opened = true;
                        }
                        '}' => depth -= 1,
                        _ => {}
                    }
                }
                k += 1;
                if (opened && depth <= 0) || (!opened && t.ends_with(';')) {
                    break;
                }
            }
            continue;
        }
        kept.push((k + 1, lines[k].to_string()));
        k += 1;
    }
    (kept, test_mods)
}

fn sources() -> Vec<Source> {
    let root = Path::new(SRC);
    let mut files = Vec::new();
    rust_files(root, &mut files);
    let mut all = Vec::new();
    let mut test_files: BTreeSet<Vec<String>> = BTreeSet::new();
    for path in &files {
        let rel = path.strip_prefix(root).unwrap();
        let module = module_of(rel);
        let text = strip_comments(&fs::read_to_string(path).unwrap());
        let (lines, test_mods) = without_tests(&text);
        for m in test_mods {
            let mut p = module.clone();
            p.push(m);
            test_files.insert(p);
        }
        all.push(Source { module, file: format!("crate/src/{}", rel.display()), lines });
    }
    // A file of a test-only module (and what is below it) is test code.
    all.retain(|s| !test_files.iter().any(|t| s.module.starts_with(t)));
    all
}

/// Every module path of the crate (from the files).
fn modules(sources: &[Source]) -> BTreeSet<Vec<String>> {
    sources.iter().map(|s| s.module.clone()).collect()
}

/// The paths a line names: `crate::a::b`, `super::x`, `self::x`, a child module `x::…`, grouped
/// uses `crate::{a, b::c}`, and the `msg!` macro (the message module).
fn named_paths(line: &str, module: &[String], known: &BTreeSet<Vec<String>>) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    if line.contains("msg!(") {
        out.push(vec!["message".to_string()]);
    }
    let chars: Vec<char> = line.chars().collect();
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut k = 0;
    while k < chars.len() {
        if !ident(chars[k]) || (k > 0 && ident(chars[k - 1])) {
            k += 1;
            continue;
        }
        // read a path a::b::c (and a group {x, y::z} after the last ::)
        let start = k;
        let mut segs: Vec<String> = Vec::new();
        loop {
            let s = k;
            while k < chars.len() && ident(chars[k]) {
                k += 1;
            }
            segs.push(chars[s..k].iter().collect());
            if chars.get(k) == Some(&':')
                && chars.get(k + 1) == Some(&':')
                && chars.get(k + 2).is_some_and(|&c| ident(c))
            {
                k += 2;
            } else {
                break;
            }
        }
        let after_colons = chars.get(k) == Some(&':')
            && chars.get(k + 1) == Some(&':')
            && chars.get(k + 2) == Some(&'{');
        let preceded_by_path = start >= 2 && chars[start - 1] == ':' && chars[start - 2] == ':';
        if preceded_by_path {
            continue;
        }
        // Resolve the start of the path to an absolute module path.
        let base: Option<Vec<String>> = match segs[0].as_str() {
            "crate" => Some(Vec::new()),
            "super" => {
                let mut b = module.to_vec();
                let mut n = 0;
                while segs.get(n).is_some_and(|s| s == "super") {
                    b.pop();
                    n += 1;
                }
                segs.drain(..n - 1);
                Some(b)
            }
            "self" => Some(module.to_vec()),
            _ => {
                // a child module of this one, named without `self::`
                let mut child = module.to_vec();
                child.push(segs[0].clone());
                if (segs.len() > 1 || after_colons) && known.contains(&child) {
                    segs.insert(0, "self".into());
                    Some(module.to_vec())
                } else {
                    None
                }
            }
        };
        let Some(base) = base else { continue };
        let rest: Vec<String> = segs[1..].to_vec();
        let glob = chars[k..].starts_with(&[':', ':', '*']);
        if rest.is_empty() && !after_colons && !glob {
            // `pub(crate)`, `pub(super)`: a visibility, not a use
            continue;
        }
        let mut groups: Vec<Vec<String>> = vec![rest.clone()];
        if after_colons {
            // crate::{a::X, b} : every first name of the group
            let close = chars[k..].iter().position(|&c| c == '}').map_or(chars.len(), |p| k + p);
            let inner: String = chars[k + 3..close].iter().collect();
            groups = inner
                .split(',')
                .map(|item| {
                    let mut g = rest.clone();
                    g.extend(
                        item.trim()
                            .split("::")
                            .map(|s| s.trim().to_string())
                            .filter(|s| !s.is_empty()),
                    );
                    g
                })
                .collect();
        }
        for g in groups {
            let mut full = base.clone();
            full.extend(g);
            out.push(full);
        }
    }
    out
}

/// The node a path belongs to: the longest module that is a prefix of it, cut to `depth` levels
/// below `within` (for `within` = [] and depth 1: the top-level module).
fn node_of(
    path: &[String],
    within: &[String],
    known: &BTreeSet<Vec<String>>,
) -> Option<Vec<String>> {
    if !path.starts_with(within) {
        return None;
    }
    let mut m = path.to_vec();
    while !m.is_empty() && !known.contains(&m) {
        m.pop();
    }
    if m.len() <= within.len() {
        // the module `within` itself (its mod.rs), or something not a module of the crate
        return (!within.is_empty() && m == within).then(|| within.to_vec());
    }
    m.truncate(within.len() + 1);
    Some(m)
}

type Edges = BTreeMap<Vec<String>, BTreeMap<Vec<String>, (String, usize)>>;

/// The graph between the children of `within` (the top-level modules for `[]`): an edge a → b
/// when code in a (or below it) names b (or something in it), with the first place that does.
fn graph(within: &[String]) -> Edges {
    let sources = sources();
    let known = modules(&sources);
    let mut edges: Edges = BTreeMap::new();
    for s in &sources {
        let Some(from) = node_of(&s.module, within, &known) else { continue };
        for (line, text) in &s.lines {
            for path in named_paths(text, &s.module, &known) {
                let Some(to) = node_of(&path, within, &known) else { continue };
                if to != from {
                    edges
                        .entry(from.clone())
                        .or_default()
                        .entry(to)
                        .or_insert_with(|| (s.file.clone(), *line));
                }
            }
        }
    }
    edges
}

/// The circles of a graph, each as its steps `a -> b (file:line)`.
fn circles(edges: &Edges) -> Vec<String> {
    let name = |m: &Vec<String>| m.join("::");
    let mut found = Vec::new();
    let nodes: BTreeSet<&Vec<String>> = edges.keys().collect();
    for &start in &nodes {
        // the shortest way back to `start`, breadth first
        let mut prev: BTreeMap<&Vec<String>, &Vec<String>> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start]);
        let mut back = None;
        while let Some(n) = queue.pop_front() {
            for to in edges.get(n).into_iter().flat_map(|e| e.keys()) {
                if to == start {
                    back = Some(n);
                    break;
                }
                if !prev.contains_key(to) {
                    prev.insert(to, n);
                    queue.push_back(to);
                }
            }
            if back.is_some() {
                break;
            }
        }
        let Some(mut n) = back else { continue };
        let mut way = vec![start];
        while n != start {
            way.push(n);
            n = prev[n];
        }
        way.reverse();
        way.insert(0, start);
        let steps: Vec<String> = way
            .windows(2)
            .map(|w| {
                let (file, line) = &edges[w[0]][w[1]];
                format!("{} -> {} ({file}:{line})", name(w[0]), name(w[1]))
            })
            .collect();
        let mut key: Vec<String> = way[..way.len() - 1].iter().map(|m| name(m)).collect();
        key.sort();
        found.push((key, steps.join(", ")));
    }
    found.sort();
    found.dedup_by(|a, b| a.0 == b.0);
    found.into_iter().map(|(_, s)| s).collect()
}

#[test]
fn the_top_level_modules_form_no_circle() {
    let edges = graph(&[]);
    for (from, to) in &edges {
        println!(
            "{} -> {}",
            from.join("::"),
            to.keys().map(|k| k.join("::")).collect::<Vec<_>>().join(", ")
        );
    }
    // The reader sees the layers: the lowest modules name no other module of the crate.
    assert!(edges.contains_key(&vec!["board".to_string()]), "the graph is read: {edges:?}");
    let c = circles(&edges);
    assert!(c.is_empty(), "module circles in crate/src:\n{}", c.join("\n"));
}

#[test]
fn the_board_is_below_the_movement_and_the_rules() {
    let edges = graph(&[]);
    let names = |m: &str| -> BTreeSet<String> {
        edges
            .get(&vec![m.to_string()])
            .map(|e| e.keys().map(|k| k.join("::")).collect())
            .unwrap_or_default()
    };
    assert_eq!(names("message"), BTreeSet::new(), "the message module is the lowest");
    assert_eq!(names("board"), BTreeSet::from(["message".to_string()]));
    assert!(!names("movement").contains("rules") && names("rules").contains("movement"));
}

/// The files of `lesson/` name each other without a circle (the goal modules, one player, the
/// shared types below them).
#[test]
fn the_lesson_submodules_form_no_circle() {
    let c = circles(&graph(&["lesson".to_string()]));
    assert!(c.is_empty(), "module circles in crate/src/lesson:\n{}", c.join("\n"));
}

#[test]
fn the_reader_finds_a_circle() {
    // the reader itself: paths of every form, test code left out
    let known: BTreeSet<Vec<String>> = [vec!["a"], vec!["a", "b"], vec!["a", "c"], vec!["d"]]
        .into_iter()
        .map(|v| v.into_iter().map(String::from).collect())
        .collect();
    let at = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let paths = named_paths(
        "use super::c::X; use crate::{d::Y, a::b}; let m = msg!(\"x\");",
        &at(&["a", "b"]),
        &known,
    );
    assert!(
        paths.contains(&at(&["a", "c", "X"]))
            && paths.contains(&at(&["d", "Y"]))
            && paths.contains(&at(&["a", "b"])),
        "{paths:?}"
    );
    assert!(paths.contains(&at(&["message"])));
    let paths = named_paths("pub use b::Z;", &at(&["a"]), &known);
    assert_eq!(paths, vec![at(&["a", "b", "Z"])]);
    let (kept, mods) = without_tests("use crate::x;\n#[cfg(test)]\nmod tests {\n    use crate::y;\n}\n#[cfg(all(test, not(x)))]\nmod more;\nfn f() {}\n");
    assert_eq!(
        kept.iter().map(|(_, l)| l.as_str()).collect::<Vec<_>>(),
        ["use crate::x;", "fn f() {}"]
    );
    assert_eq!(mods, ["more"]);
    assert_eq!(strip_comments("a // crate::x\n/* crate::y */ \"//\" b"), "a \n \"//\" b");
    let mut edges: Edges = BTreeMap::new();
    edges.entry(at(&["p"])).or_default().insert(at(&["q"]), ("p.rs".into(), 1));
    edges.entry(at(&["q"])).or_default().insert(at(&["p"]), ("q.rs".into(), 2));
    assert_eq!(circles(&edges), ["p -> q (p.rs:1), q -> p (q.rs:2)"]);
}
