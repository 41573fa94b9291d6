//! Build-time facts for the crate.
//!
//! 1. One name for a condition the crate writes in many places: `cfg(doctor)`, the doctor's
//!    searches (and the goals' `examine` that runs them) are compiled in. They are natively (the
//!    command line, the class server, the tests) and in the studio's WASM package (feature
//!    `studio`); the other WASM packages leave them out to stay small.
//! 2. The English words are written once, in `www/i18n/en/messages-*.js`: every message whose
//!    words are a plain string there is read into `$OUT_DIR/en_words.rs`, the table that
//!    `message::en` fills an empty template from.

use std::fmt::Write as _;
use std::path::Path;

const WORDS: [&str; 4] = ["messages-core", "messages-check", "messages-lesson", "messages-variant"];

fn main() {
    println!("cargo::rustc-check-cfg=cfg(doctor)");
    println!("cargo::rerun-if-changed=build.rs");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    let studio = std::env::var_os("CARGO_FEATURE_STUDIO").is_some();
    if !wasm || studio {
        println!("cargo::rustc-cfg=doctor");
    }

    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../www/i18n/en");
    let mut table =
        String::from("/// `www/i18n/en/messages-*.js`'s plain words: (id, English template).\n");
    table.push_str("pub(super) static JS_WORDS: &[(&str, &str)] = &[\n");
    for name in WORDS {
        let path = dir.join(format!("{name}.js"));
        println!("cargo::rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!("{}: {e} (the English words live in www/i18n/en)", path.display())
        });
        for (n, line) in text.lines().enumerate() {
            if let Some((id, words)) = plain_words(line) {
                let _ = writeln!(table, "    ({id:?}, {words:?}), // {name}.js:{}", n + 1);
            }
        }
    }
    table.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("en_words.rs");
    std::fs::write(&out, table).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}

/// A line `  "id": "words",` (or `  id: "words",`) of a words file: the id and the words, the
/// string's escapes (`\"`, `\\`) undone. Any other line (a function, a comment) gives `None`.
fn plain_words(line: &str) -> Option<(&str, String)> {
    let rest = line.strip_prefix("  ")?;
    let (id, rest) = match rest.strip_prefix('"') {
        Some(quoted) => quoted.split_once("\": ")?,
        None => rest.split_once(": ")?,
    };
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return None;
    }
    let body = rest.strip_prefix('"')?.strip_suffix("\",")?;
    let mut words = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next()? {
                c @ ('"' | '\\' | '\'') => words.push(c),
                'n' => words.push('\n'),
                _ => return None, // an escape this reader does not know: not plain words
            },
            '"' => return None, // two strings on one line: not plain words
            c => words.push(c),
        }
    }
    Some((id, words))
}
