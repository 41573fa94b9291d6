#![cfg_attr(all(target_arch = "wasm32", not(feature = "variant")), allow(dead_code))]
//! Located findings about a JSON file a person wrote (a lesson, a course, a piece set): each
//! finding is a [`Message`] with its place, `file:line:col: /json/pointer: message`. Syntax and
//! shape errors of serde are turned into messages of the catalogue, with a suggestion for a
//! misspelt name.

use super::{Message, Text};
use crate::msg;
use serde::Serialize;
use std::collections::HashMap;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

/// One finding about a lesson file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub line: usize,
    pub col: usize,
    /// A JSON pointer (RFC 6901) to the value or field, `""` for the whole file.
    pub pointer: String,
    /// What is wrong (with its place in the text read, for a bad FEN or move, in the arguments).
    pub message: Message,
    pub severity: Severity,
}

impl Diagnostic {
    /// `file:line:col: /pointer: message` (warnings say so).
    pub fn render(&self, file: &str) -> String {
        let warn = if self.severity == Severity::Warning { "warning: " } else { "" };
        let pointer = if self.pointer.is_empty() { "/" } else { &self.pointer };
        format!("{file}:{}:{}: {pointer}: {warn}{}", self.line, self.col, self.message)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render("lesson"))
    }
}

/// Without the studio's checker (www/pkg-lessons, what a child downloads before the first
/// lesson): no places. That package only says whether a lesson is fit to play (the checks below,
/// their first error thrown); the page then shows the findings with their places from the
/// package with the full checker (www/pkg-lessons-full's `checkLesson`), loaded only for a
/// broken lesson. The scan, its maps and the name suggestions stay out of the child's download.
#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
pub(crate) struct Locator<'a>(std::marker::PhantomData<&'a str>);

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl<'a> Locator<'a> {
    pub(crate) fn new(_: &'a str) -> Locator<'a> {
        Locator(std::marker::PhantomData)
    }
    pub(crate) fn position(&self, _: &str) -> (usize, usize) {
        (0, 0)
    }
}

/// Where each value of a JSON text starts: JSON pointer → byte offset (of the key, for object
/// members, so a finding points at the line that names the field).
#[cfg(not(all(target_arch = "wasm32", not(feature = "variant"))))]
pub(crate) struct Locator<'a> {
    text: &'a str,
    places: HashMap<String, usize>,
    /// Where each value itself starts (its `{` for an object), by pointer.
    starts: HashMap<String, usize>,
}

#[cfg(not(all(target_arch = "wasm32", not(feature = "variant"))))]
impl<'a> Locator<'a> {
    pub(crate) fn new(text: &'a str) -> Locator<'a> {
        let mut loc = Locator { text, places: HashMap::new(), starts: HashMap::new() };
        let mut scanner = Scanner { b: text.as_bytes(), at: 0, starts: HashMap::new() };
        scanner.skip_ws();
        loc.places.insert(String::new(), scanner.at);
        scanner.value(String::new(), &mut loc.places);
        loc.starts = scanner.starts;
        loc
    }

    /// The line and column of the value itself at a pointer (the `{` of an object, not the key
    /// that names it); [`Locator::position`] when it is not known.
    pub(crate) fn value_position(&self, pointer: &str) -> (usize, usize) {
        match self.starts.get(pointer) {
            Some(&o) => line_col(self.text, o),
            None => self.position(pointer),
        }
    }

    /// The line and column (from 1, counted in characters) of a pointer; the nearest enclosing
    /// value that exists when the pointer itself does not.
    pub(crate) fn position(&self, pointer: &str) -> (usize, usize) {
        let mut p = pointer.to_string();
        let offset = loop {
            if let Some(&o) = self.places.get(&p) {
                break o;
            }
            match p.rfind('/') {
                Some(k) => p.truncate(k),
                None => break 0,
            }
        };
        line_col(self.text, offset)
    }
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Escape one pointer segment (RFC 6901).
pub(crate) fn escape(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

/// A forgiving JSON scanner that records where values start (the text is known to parse).
struct Scanner<'b> {
    b: &'b [u8],
    at: usize,
    starts: HashMap<String, usize>,
}

impl Scanner<'_> {
    fn skip_ws(&mut self) {
        while self.at < self.b.len() && self.b[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }

    fn string(&mut self) -> String {
        // At the opening quote.
        let start = self.at + 1;
        self.at += 1;
        while self.at < self.b.len() && self.b[self.at] != b'"' {
            if self.b[self.at] == b'\\' {
                self.at += 1;
            }
            self.at += 1;
        }
        let raw = &self.b[start.min(self.b.len())..self.at.min(self.b.len())];
        self.at += 1;
        let quoted = format!("\"{}\"", String::from_utf8_lossy(raw));
        serde_json::from_str::<String>(&quoted).unwrap_or_else(|_| String::from_utf8_lossy(raw).into_owned())
    }

    fn value(&mut self, pointer: String, places: &mut HashMap<String, usize>) {
        self.skip_ws();
        // Recursion is bounded: every text reaches here after `guard::json` counted its depth.
        self.starts.insert(pointer.clone(), self.at);
        match self.b.get(self.at) {
            Some(b'{') => {
                self.at += 1;
                loop {
                    self.skip_ws();
                    match self.b.get(self.at) {
                        Some(b'}') | None => {
                            self.at += 1;
                            return;
                        }
                        Some(b',') => self.at += 1,
                        Some(b'"') => {
                            let key_at = self.at;
                            let key = self.string();
                            let child = format!("{pointer}/{}", escape(&key));
                            places.insert(child.clone(), key_at);
                            self.skip_ws();
                            if self.b.get(self.at) == Some(&b':') {
                                self.at += 1;
                            }
                            self.value(child, places);
                        }
                        Some(_) => self.at += 1,
                    }
                }
            }
            Some(b'[') => {
                self.at += 1;
                let mut index = 0;
                loop {
                    self.skip_ws();
                    match self.b.get(self.at) {
                        Some(b']') | None => {
                            self.at += 1;
                            return;
                        }
                        Some(b',') => {
                            self.at += 1;
                            index += 1;
                        }
                        Some(_) => {
                            let child = format!("{pointer}/{index}");
                            let before = self.at;
                            places.insert(child.clone(), before);
                            self.value(child, places);
                            // Broken text: always move on.
                            if self.at == before {
                                self.at += 1;
                            }
                        }
                    }
                }
            }
            Some(b'"') => {
                self.string();
            }
            Some(_) => {
                while self.at < self.b.len() && !matches!(self.b[self.at], b',' | b'}' | b']') && !self.b[self.at].is_ascii_whitespace() {
                    self.at += 1;
                }
            }
            None => {}
        }
    }
}

/// Collects findings with their places.
pub(crate) struct Report<'a> {
    pub(crate) locator: &'a Locator<'a>,
    pub(crate) found: Vec<Diagnostic>,
}

impl Report<'_> {
    pub(crate) fn add(&mut self, severity: Severity, pointer: &str, message: Message) {
        let (line, col) = self.locator.position(pointer);
        self.found.push(Diagnostic { line, col, pointer: pointer.to_string(), message, severity });
    }
    pub(crate) fn error(&mut self, pointer: &str, message: Message) {
        self.add(Severity::Error, pointer, message);
    }
    pub(crate) fn warning(&mut self, pointer: &str, message: Message) {
        self.add(Severity::Warning, pointer, message);
    }
}

/// The edit distance between two short words.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// The known name nearest to `word`, if it is near enough to be a typo.
pub(crate) fn nearest<'k>(word: &str, known: &[&'k str]) -> Option<&'k str> {
    let lower = word.to_lowercase();
    known
        .iter()
        .map(|k| (distance(&lower, &k.to_lowercase()), *k))
        .filter(|&(d, k)| d <= 2.max(k.len() / 3))
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}

/// The names between backticks in a serde message: "unknown field `x`, expected one of `a`, `b`".
fn backticked(message: &str) -> Vec<&str> {
    message.split('`').skip(1).step_by(2).collect()
}

/// The kind of value serde found, from its words (`string "three"`, `integer `5``), and the value.
fn found_kind(found: &str) -> (&'static str, String) {
    let value = |prefix: &str| found[prefix.len()..].trim().trim_matches(['"', '`']).to_string();
    for (prefix, kind) in [("string", "string"), ("integer", "integer"), ("floating point", "float"), ("boolean", "boolean")] {
        if found.starts_with(prefix) {
            return (kind, value(prefix));
        }
    }
    match found {
        "null" | "unit value" => ("null", String::new()),
        "sequence" => ("list", String::new()),
        "map" => ("object", String::new()),
        other => ("other", other.to_string()),
    }
}

/// What a reader of a ΔI or ΔJ value says it expected when serde refuses one
/// (`movement::DELTA_EXPECTED`): the checker's word `want-step`. Kept here, below the movement
/// module that uses it, so that this module names no higher one.
pub const STEP_EXPECTED: &str = "a step of -1, 0 or 1";

/// The kind of value serde expected, from its words (`u32`, `a sequence`, `struct Text`).
fn wanted_kind(expected: &str) -> &str {
    match expected {
        "u8" | "u32" | "u64" | "usize" => "whole-number",
        "a sequence" => "list",
        "a map" => "object",
        "a string" => "string",
        "a boolean" => "boolean",
        "a character" => "letter",
        STEP_EXPECTED => "step",
        _ if expected.starts_with("struct ") || expected.contains("tagged enum") => "object",
        other => other,
    }
}

/// Turn serde's error (its English, the only form it gives) into a message by its category, with
/// a suggestion for a misspelt name, and the place.
fn explain_serde(message: &str, pointer: &str) -> (String, Message) {
    let names = backticked(message);
    let field = message.starts_with("unknown field");
    if field || message.starts_with("unknown variant") {
        let word = names.first().copied().unwrap_or("");
        let expected: Vec<&str> = names.iter().skip(1).copied().collect();
        let own = format!("/{}", escape(word));
        let place = if field && !pointer.ends_with(&own) { format!("{pointer}{own}") } else { pointer.to_string() };
        let choices = expected.iter().map(|e| format!("'{e}'")).collect::<Vec<_>>().join(", ");
        let m = match (field, nearest(word, &expected)) {
            (true, Some(k)) => msg!("json-unknown-field", field = word, suggestion = k),
            (true, None) => msg!("json-unknown-field-choices", field = word, choices = choices),
            (false, Some(k)) => msg!("json-unknown-value", value = word, suggestion = k),
            (false, None) => msg!("json-unknown-value-choices", value = word, choices = choices),
        };
        return (place, m);
    }
    let m = if message.starts_with("invalid length ") && message.contains("expected struct ") {
        // a list where an object belongs: serde reads a struct from a list of its fields
        msg!("json-wrong-type", got = "list", value = "", want = "object")
    } else if message.starts_with("data did not match any variant of untagged enum PositionText") {
        msg!("json-not-position")
    } else if let Some((found, expected)) = message.strip_prefix("invalid type: ").and_then(|r| r.split_once(", expected ")) {
        let (got, value) = found_kind(found);
        msg!("json-wrong-type", got = got, value = value, want = wanted_kind(expected))
    } else if let Some((found, expected)) = message.strip_prefix("invalid value: ").and_then(|r| r.split_once(", expected ")) {
        let (got, value) = found_kind(found);
        msg!("json-bad-value", got = got, value = value, want = wanted_kind(expected))
    } else {
        msg!("json-syntax", detail = message.replace('`', "'"))
    };
    (pointer.to_string(), m)
}

/// serde_json's syntax error by its category: what it expected, the end of the text, a comma.
fn syntax_message(e: &serde_json::Error) -> Message {
    let text = e.to_string();
    let text = text.split(" at line").next().unwrap_or(&text).replace('`', "'");
    if e.is_eof() {
        msg!("json-eof")
    } else if let Some(what) = text.strip_prefix("expected ") {
        msg!("json-expected", expected = what)
    } else if text == "trailing comma" {
        msg!("json-trailing-comma")
    } else if text == "trailing characters" {
        msg!("json-trailing-characters")
    } else {
        msg!("json-syntax", detail = text)
    }
}

#[cfg(not(all(target_arch = "wasm32", not(feature = "variant"))))]
fn pointer_of(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut p = String::new();
    for seg in path.iter() {
        match seg {
            Segment::Seq { index } => p += &format!("/{index}"),
            Segment::Map { key } => p += &format!("/{}", escape(key)),
            Segment::Enum { .. } | Segment::Unknown => {}
        }
    }
    p
}

/// A refusal of the whole text (the guard's: too long, too deep) as a finding at its place.
pub(crate) fn refused((line, col): (usize, usize), message: Message) -> Diagnostic {
    Diagnostic { line, col, pointer: String::new(), message, severity: Severity::Error }
}

/// Deserialize JSON text into `T` (an object), the lean reader of the packages without the
/// studio's checker (www/pkg-lessons, what a child downloads before the first lesson): one
/// deserializer straight from the text, and a failure said only by its line and column
/// (`lesson-unreadable`): the page shows the full checker's findings (www/pkg-lessons-full's
/// `checkLesson`, loaded only then). The studio, the CLI and the packages with pieces as data
/// read with [`read_json`]'s full form. The text has passed `guard::json`.
#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
pub(crate) fn read_json<T: serde::de::DeserializeOwned>(text: &str, _what: &'static str, report: &mut Report) -> Option<T> {
    let e = match serde_json::from_str::<T>(text) {
        Ok(v) => return Some(v),
        Err(e) => e,
    };
    let (line, col) = (e.line().max(1), e.column().max(1));
    let message = msg!("lesson-unreadable", line = line, col = col);
    report.found.push(Diagnostic { line, col, pointer: String::new(), message, severity: Severity::Error });
    None
}

/// Deserialize JSON text into `T` (an object: a `what` such as `lesson`), reporting syntax and
/// shape errors with their places. The text has passed `guard::json`.
#[cfg(not(all(target_arch = "wasm32", not(feature = "variant"))))]
pub(crate) fn read_json<T: serde::de::DeserializeOwned>(text: &str, what: &'static str, report: &mut Report) -> Option<T> {
    let value: serde_json::Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let (line, col) = (e.line().max(1), e.column().max(1));
            report.found.push(Diagnostic { line, col, pointer: String::new(), message: syntax_message(&e), severity: Severity::Error });
            return None;
        }
    };
    if !value.is_object() {
        let got = match value {
            serde_json::Value::Array(_) => "list",
            serde_json::Value::String(_) => "string",
            serde_json::Value::Number(_) => "integer",
            serde_json::Value::Bool(_) => "boolean",
            _ => "null",
        };
        let shown: String = if got == "list" { String::new() } else { value.to_string().trim_matches('"').chars().take(30).collect() };
        report.error("", msg!("json-not-object", what = what, got = got, value = shown));
        return None;
    }
    match serde_path_to_error::deserialize::<_, T>(value) {
        Ok(v) => Some(v),
        Err(e) => {
            let pointer = pointer_of(e.path());
            let inner = e.inner().to_string();
            if inner.starts_with("missing field") {
                // at the `{` of the object that lacks it, saying where to add it
                let field = backticked(&inner).first().copied().unwrap_or("").to_string();
                let (line, col) = report.locator.value_position(&pointer);
                let message = match field.as_str() {
                    lang if lang == super::FALLBACK => msg!("json-missing-translation", lang = lang),
                    _ => msg!("json-missing-field", what = if pointer.is_empty() { what } else { "object" }, field = field, at_line = line),
                };
                report.found.push(Diagnostic { line, col, pointer, message, severity: Severity::Error });
                return None;
            }
            let (place, message) = explain_serde(&inner, &pointer);
            report.error(&place, message);
            None
        }
    }
}

/// A text's words: each language it has must say something (an error at `pointer/lang`); a
/// language of the tutor it lacks is shown in English, and the checker says so (a warning at
/// `pointer`, naming the language).
pub(crate) fn check_text(report: &mut Report, pointer: &str, text: &Text) {
    for (lang, value) in text.iter() {
        if value.trim().is_empty() {
            report.error(&format!("{pointer}/{lang}"), msg!("check-empty-translation", lang = lang));
        }
    }
    for lang in super::LANGS.iter().filter(|l| text.get(l).is_none()) {
        report.warning(pointer, msg!("check-missing-language", lang = *lang));
    }
}
