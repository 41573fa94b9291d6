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

/// One finding about a lesson file. Serialized with its fields and, for a message that names
/// the form's label, `json`: what to write in the JSON ([`json_words`]), which the studio's JSON
/// view shows as the command line does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub line: usize,
    pub col: usize,
    /// A JSON pointer (RFC 6901) to the value or field, `""` for the whole file.
    pub pointer: String,
    /// What is wrong (with its place in the text read, for a bad FEN or move, in the arguments).
    pub message: Message,
    pub severity: Severity,
}

impl Serialize for Diagnostic {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let json = json_words(self.message.id);
        let mut out = serializer.serialize_struct("Diagnostic", 5 + usize::from(json.is_some()))?;
        out.serialize_field("line", &self.line)?;
        out.serialize_field("col", &self.col)?;
        out.serialize_field("pointer", &self.pointer)?;
        out.serialize_field("message", &self.message)?;
        out.serialize_field("severity", &self.severity)?;
        if let Some(json) = json {
            out.serialize_field("json", json)?;
        }
        out.end()
    }
}

impl Diagnostic {
    /// `file:line:col: /pointer: message` (warnings say so). A message that names a choice of the
    /// studio's form by its label adds, in brackets, what to write in the JSON
    /// ([`json_words`]): the command line's reader edits the file.
    pub fn render(&self, file: &str) -> String {
        let warn = if self.severity == Severity::Warning { "warning: " } else { "" };
        let pointer = if self.pointer.is_empty() { "/" } else { &self.pointer };
        let json = json_words(self.message.id).map(|j| format!(" [{j}]")).unwrap_or_default();
        format!("{file}:{}:{}: {pointer}: {warn}{}{json}", self.line, self.col, self.message)
    }
}

/// What to write in the JSON for a message that names the form's label instead: the command
/// line adds it in brackets, the studio's form shows the label alone.
pub fn json_words(id: &str) -> Option<&'static str> {
    Some(match id {
        "check-solver-rules" | "check-results-rules" => "\"rules\": \"auto_queen\"",
        "check-pieces-no-opponent" | "check-show-opponent" => "remove \"opponent\"",
        "check-goal-needs-pieces" => "\"pieces\": \"chess-t1\"",
        "check-needs-computer" => {
            "\"opponent\": { \"type\": \"solver\" } or { \"type\": \"engine\", \"level\": 1 }"
        }
        _ => return None,
    })
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
        serde_json::from_str::<String>(&quoted)
            .unwrap_or_else(|_| String::from_utf8_lossy(raw).into_owned())
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
                while self.at < self.b.len()
                    && !matches!(self.b[self.at], b',' | b'}' | b']')
                    && !self.b[self.at].is_ascii_whitespace()
                {
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
    for (prefix, kind) in [
        ("string", "string"),
        ("integer", "integer"),
        ("floating point", "float"),
        ("boolean", "boolean"),
    ] {
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
        let place = if field && !pointer.ends_with(&own) {
            format!("{pointer}{own}")
        } else {
            pointer.to_string()
        };
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
    } else if let Some((found, expected)) =
        message.strip_prefix("invalid type: ").and_then(|r| r.split_once(", expected "))
    {
        let (got, value) = found_kind(found);
        msg!("json-wrong-type", got = got, value = value, want = wanted_kind(expected))
    } else if let Some((found, expected)) =
        message.strip_prefix("invalid value: ").and_then(|r| r.split_once(", expected "))
    {
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
pub(crate) fn read_json<T: serde::de::DeserializeOwned>(
    text: &str,
    _what: &'static str,
    report: &mut Report,
) -> Option<T> {
    let e = match serde_json::from_str::<T>(text) {
        Ok(v) => return Some(v),
        Err(e) => e,
    };
    let (line, col) = (e.line().max(1), e.column().max(1));
    let message = msg!("lesson-unreadable", line = line, col = col);
    report.found.push(Diagnostic {
        line,
        col,
        pointer: String::new(),
        message,
        severity: Severity::Error,
    });
    None
}

/// Deserialize JSON text into `T` (an object: a `what` such as `lesson`), reporting syntax and
/// shape errors with their places: every one it can find ([`read_json_all`]), and `None` when
/// there was any. The text has passed `guard::json`.
#[cfg(not(all(target_arch = "wasm32", not(feature = "variant"))))]
pub(crate) fn read_json<T: serde::de::DeserializeOwned>(
    text: &str,
    what: &'static str,
    report: &mut Report,
) -> Option<T> {
    match read_json_all(text, what, report) {
        (Some(v), repaired) if repaired.is_empty() => Some(v),
        _ => None,
    }
}

/// The lean reader has one finding at most, and repairs nothing.
#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
pub(crate) fn read_json_all<T: serde::de::DeserializeOwned>(
    text: &str,
    what: &'static str,
    report: &mut Report,
) -> (Option<T>, Vec<String>) {
    (read_json(text, what, report), Vec::new())
}

/// How many shape errors one reading reports and repairs at most before it stops.
#[cfg(not(all(target_arch = "wasm32", not(feature = "variant"))))]
const MAX_REPAIRS: usize = 100;

/// The values a repair tries, in turn, where a field is missing or of the wrong type: a string,
/// a number, an object (its own missing fields repaired in turn), a list, a boolean.
#[cfg(not(all(target_arch = "wasm32", not(feature = "variant"))))]
fn placeholders() -> [serde_json::Value; 5] {
    use serde_json::{json, Value};
    [Value::String(String::new()), json!(1), json!({}), json!([]), json!(false)]
}

/// Deserialize JSON text into `T` reporting every shape error it can in one reading, not only
/// serde's first: after each error the value is repaired where the error is (an unknown field
/// taken out, a missing or wrong value replaced by a placeholder that reads, a misspelt name by
/// the name it was nearest to) and read again. Each error a repair itself causes (inside a
/// placeholder) is repaired without a finding. Returns the value read (after repairs) and the
/// pointers repaired: the caller's later checks must say nothing at or under those (the
/// placeholders are not the teacher's). A syntax error, or a shape error no repair mends, stops
/// the reading (`None`).
#[cfg(not(all(target_arch = "wasm32", not(feature = "variant"))))]
pub(crate) fn read_json_all<T: serde::de::DeserializeOwned>(
    text: &str,
    what: &'static str,
    report: &mut Report,
) -> (Option<T>, Vec<String>) {
    use serde_json::Value;
    let mut value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let (line, col) = (e.line().max(1), e.column().max(1));
            report.found.push(Diagnostic {
                line,
                col,
                pointer: String::new(),
                message: syntax_message(&e),
                severity: Severity::Error,
            });
            return (None, Vec::new());
        }
    };
    if !value.is_object() {
        let got = match value {
            Value::Array(_) => "list",
            Value::String(_) => "string",
            Value::Number(_) => "integer",
            Value::Bool(_) => "boolean",
            _ => "null",
        };
        let shown: String = if got == "list" {
            String::new()
        } else {
            value.to_string().trim_matches('"').chars().take(30).collect()
        };
        report.error("", msg!("json-not-object", what = what, got = got, value = shown));
        return (None, Vec::new());
    }
    let first = report.found.len();
    // pointer repaired → how many placeholders it has tried
    let mut repaired: Vec<(String, usize)> = Vec::new();
    let under = |repaired: &[(String, usize)], p: &str| {
        repaired.iter().position(|(r, _)| p == r || p.starts_with(&format!("{r}/")))
    };
    // the placeholder set by the last repair, if any
    let mut last: Option<usize> = None;
    for _ in 0..MAX_REPAIRS {
        let e = match serde_path_to_error::deserialize::<_, T>(value.clone()) {
            Ok(v) => {
                // the findings in the order of the text
                report.found[first..].sort_by_key(|d| (d.line, d.col));
                return (Some(v), repaired.into_iter().map(|(p, _)| p).collect());
            }
            Err(e) => e,
        };
        let inner = e.inner().to_string();
        // serde's path stops at a tagged enum (a goal): the field is the one child holding the value
        let pointer = refine(&value, &pointer_of(e.path()), &inner);
        let names = backticked(&inner);
        let word = names.first().copied().unwrap_or("").to_string();
        // inside a placeholder: the next placeholder, silently (serde's path may stop at the
        // tagged enum above the placeholder just set: that error is the placeholder's too)
        let just_set = last.filter(|&k| repaired[k].0.starts_with(&format!("{pointer}/")));
        if let Some(k) = under(&repaired, &pointer).or(just_set) {
            if !inner.starts_with("missing field") && !inner.starts_with("unknown field") {
                let (at, tried) = repaired[k].clone();
                let Some(next) = placeholders().get(tried).cloned() else { break };
                if !set_at(&mut value, &at, next) {
                    break;
                }
                repaired[k].1 += 1;
                last = Some(k);
                continue;
            }
        }
        last = None;
        let quiet = under(&repaired, &pointer).is_some();
        if inner.starts_with("missing field") {
            if !quiet {
                // at the `{` of the object that lacks it, saying where to add it
                let (line, col) = report.locator.value_position(&pointer);
                let message = match word.as_str() {
                    lang if lang == super::FALLBACK => {
                        msg!("json-missing-translation", lang = lang)
                    }
                    _ => msg!(
                        "json-missing-field",
                        what = if pointer.is_empty() { what } else { "object" },
                        field = &word,
                        at_line = line
                    ),
                };
                report.found.push(Diagnostic {
                    line,
                    col,
                    pointer: pointer.clone(),
                    message,
                    severity: Severity::Error,
                });
            }
            let at = format!("{pointer}/{}", escape(&word));
            if !set_at(&mut value, &at, placeholders()[0].clone()) {
                break;
            }
            repaired.push((at, 1));
            last = Some(repaired.len() - 1);
            continue;
        }
        let (place, message) = explain_serde(&inner, &pointer);
        if !quiet {
            report.error(&place, message);
        }
        if inner.starts_with("unknown field") {
            // take the field out (serde names it; its object is the path, or the place's parent)
            // a misspelt name of a field the object lacks is read as that field ("titel": the
            // title), so that the title is not said missing too
            let object = place.rsplit_once('/').map_or("", |(o, _)| o).to_string();
            let expected: Vec<&str> = names.iter().skip(1).copied().collect();
            let Some(o) = value.pointer_mut(&object).and_then(Value::as_object_mut) else { break };
            let Some(v) = o.remove(&word) else { break };
            if let Some(near) = nearest(&word, &expected).filter(|n| !o.contains_key(*n)) {
                o.insert(near.to_string(), v);
            }
            continue;
        }
        if inner.starts_with("unknown variant") {
            // the nearest name, when there is one (a misspelt goal type); else the value read past
            let expected: Vec<&str> = names.iter().skip(1).copied().collect();
            let Some(near) = nearest(&word, &expected).or(expected.first().copied()) else { break };
            let Some(at) = replace_string(&mut value, &place, &word, near) else { break };
            repaired.push((at, placeholders().len()));
            continue;
        }
        // a wrong type or value: placeholders in turn, where the value is not a whole object or list
        let whole = value.pointer(&place).is_none_or(|v| v.is_object() || v.is_array());
        if whole || !set_at(&mut value, &place, placeholders()[0].clone()) {
            break;
        }
        repaired.push((place, 1));
        last = Some(repaired.len() - 1);
    }
    report.found[first..].sort_by_key(|d| (d.line, d.col));
    (None, repaired.into_iter().map(|(p, _)| p).collect())
}

/// The pointer of the one field of the object at `pointer` that holds the value a type or value
/// error names (`invalid type: string "Ra5", expected a sequence`); `pointer` itself otherwise.
#[cfg(not(all(target_arch = "wasm32", not(feature = "variant"))))]
fn refine(value: &serde_json::Value, pointer: &str, inner: &str) -> String {
    let found = ["invalid type: ", "invalid value: ", "unknown variant "]
        .iter()
        .find_map(|p| inner.strip_prefix(p));
    let (Some(found), Some(object)) =
        (found, value.pointer(pointer).and_then(serde_json::Value::as_object))
    else {
        return pointer.to_string();
    };
    let found = found.split(", expected").next().unwrap_or("");
    let (kind, shown) = found_kind(found);
    let shown = if kind == "other" { found.trim_matches('`').to_string() } else { shown };
    // a number or a bool as JSON text against the text shown (clippy's `*x == shown` would
    // compare a JSON value with a string, never equal for a number)
    #[allow(clippy::cmp_owned)]
    let same = |x: &serde_json::Value| match x {
        serde_json::Value::String(t) => matches!(kind, "string" | "other") && *t == shown,
        serde_json::Value::Number(_) | serde_json::Value::Bool(_) => x.to_string() == shown,
        _ => false,
    };
    let holding: Vec<&String> = object.iter().filter(|(_, x)| same(x)).map(|(k, _)| k).collect();
    match holding.as_slice() {
        [key] => format!("{pointer}/{}", escape(key)),
        _ => pointer.to_string(),
    }
}

/// Set the value at a pointer, adding it to its object when it is missing; whether it was set.
#[cfg(not(all(target_arch = "wasm32", not(feature = "variant"))))]
fn set_at(value: &mut serde_json::Value, pointer: &str, new: serde_json::Value) -> bool {
    if let Some(slot) = value.pointer_mut(pointer) {
        *slot = new;
        return true;
    }
    let Some((parent, key)) = pointer.rsplit_once('/') else { return false };
    let key = key.replace("~1", "/").replace("~0", "~");
    match value.pointer_mut(parent).and_then(serde_json::Value::as_object_mut) {
        Some(o) => {
            o.insert(key, new);
            true
        }
        None => false,
    }
}

/// Replace the string `from` by `to` at a pointer, or in the object there (a tagged enum's
/// field, which serde's path may leave out); the pointer of the value replaced.
#[cfg(not(all(target_arch = "wasm32", not(feature = "variant"))))]
fn replace_string(
    value: &mut serde_json::Value,
    pointer: &str,
    from: &str,
    to: &str,
) -> Option<String> {
    let v = value.pointer_mut(pointer)?;
    if v.as_str() == Some(from) {
        *v = serde_json::Value::String(to.to_string());
        return Some(pointer.to_string());
    }
    let (key, x) = v.as_object_mut()?.iter_mut().find(|(_, x)| x.as_str() == Some(from))?;
    *x = serde_json::Value::String(to.to_string());
    Some(format!("{pointer}/{}", escape(key)))
}

/// Drop the findings (after the first `from`) at or under a repaired pointer: they are about a
/// placeholder, not about what the teacher wrote.
pub(crate) fn drop_repaired(found: &mut Vec<Diagnostic>, from: usize, repaired: &[String]) {
    if repaired.is_empty() {
        return;
    }
    let mut k = 0;
    found.retain(|d| {
        k += 1;
        k <= from
            || !repaired.iter().any(|r| d.pointer == *r || d.pointer.starts_with(&format!("{r}/")))
    });
}

/// A text's words: it must say something in one language at least (an error at `pointer`, or at
/// `pointer/lang` when it has one language only). A language of the tutor it lacks or leaves
/// empty is shown in English, else in the language it is written in: the checker notes it (a
/// warning at `pointer/lang`, naming the language and the one shown instead).
pub(crate) fn check_text(report: &mut Report, pointer: &str, text: &Text) {
    let Some(shown) = text.written().next().map(str::to_string) else {
        let langs: Vec<&str> = text.iter().map(|(l, _)| l).collect();
        let at = match langs.as_slice() {
            [lang] => format!("{pointer}/{lang}"),
            _ => pointer.to_string(),
        };
        report.error(&at, msg!("check-empty-text"));
        return;
    };
    for lang in super::LANGS.iter().filter(|l| text.get(l).is_none_or(|w| w.trim().is_empty())) {
        let shown = if text.written().any(|l| l == super::FALLBACK) {
            super::FALLBACK
        } else {
            shown.as_str()
        };
        report.warning(
            &format!("{pointer}/{lang}"),
            msg!("check-missing-language", lang = *lang, shown = shown),
        );
    }
}
