//! The lesson checker: reads a lesson file and says exactly what is wrong, each finding as
//! `file:line:col: /json/pointer: message`.

use super::doctor;
use super::{Course, Goal, Lesson, Opponent, PositionText, RulesName, Shape, Text};
use crate::board::{Position, Square};
use crate::message::Message;
use crate::notation::{parse_move, parse_position};
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

/// Where each value of a JSON text starts: JSON pointer → byte offset (of the key, for object
/// members, so a finding points at the line that names the field).
pub(crate) struct Locator<'a> {
    text: &'a str,
    places: HashMap<String, usize>,
}

impl<'a> Locator<'a> {
    pub(crate) fn new(text: &'a str) -> Locator<'a> {
        let mut loc = Locator { text, places: HashMap::new() };
        let mut scanner = Scanner { b: text.as_bytes(), at: 0 };
        scanner.skip_ws();
        loc.places.insert(String::new(), scanner.at);
        scanner.value(String::new(), &mut loc.places);
        loc
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
    locator: &'a Locator<'a>,
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

/// The kind of value serde expected, from its words (`u32`, `a sequence`, `struct Text`).
fn wanted_kind(expected: &str) -> &str {
    match expected {
        "u8" | "u32" | "u64" | "usize" => "whole-number",
        "a sequence" => "list",
        "a map" => "object",
        "a string" => "string",
        "a boolean" => "boolean",
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
    let m = if message.starts_with("missing field") {
        match names.first().copied().unwrap_or("") {
            lang @ ("ru" | "en") => msg!("json-missing-translation", lang = lang),
            field => msg!("json-missing-field", field = field),
        }
    } else if message.starts_with("data did not match any variant of untagged enum PositionText") {
        msg!("json-not-position")
    } else if let Some((found, expected)) = message.strip_prefix("invalid type: ").and_then(|r| r.split_once(", expected ")) {
        let (got, value) = found_kind(found);
        msg!("json-wrong-type", got = got, value = value, want = wanted_kind(expected))
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

/// Deserialize JSON text into `T`, reporting syntax and shape errors with their places.
pub(crate) fn read_json<T: serde::de::DeserializeOwned>(text: &str, report: &mut Report) -> Option<T> {
    let value: serde_json::Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let (line, col) = (e.line().max(1), e.column().max(1));
            report.found.push(Diagnostic { line, col, pointer: String::new(), message: syntax_message(&e), severity: Severity::Error });
            return None;
        }
    };
    match serde_path_to_error::deserialize::<_, T>(value) {
        Ok(v) => Some(v),
        Err(e) => {
            let pointer = pointer_of(e.path());
            let (place, message) = explain_serde(&e.inner().to_string(), &pointer);
            report.error(&place, message);
            None
        }
    }
}

pub(crate) fn check_text(report: &mut Report, pointer: &str, text: &Text) {
    for (lang, value) in [("ru", &text.ru), ("en", &text.en)] {
        if value.trim().is_empty() {
            report.error(&format!("{pointer}/{lang}"), msg!("check-empty-translation", lang = lang));
        }
    }
}

pub(crate) fn square(report: &mut Report, pointer: &str, text: &str) -> Option<Square> {
    let sq = Square::parse(text);
    if sq.is_none() {
        report.error(pointer, msg!("check-bad-square", found = text));
    }
    sq
}

/// Read the lesson's position, reporting a bad FEN or text board at its place.
fn position(report: &mut Report, lesson: &Lesson) -> Option<Position> {
    match parse_position(&lesson.position.text()) {
        Ok(p) => Some(p),
        Err(e) => {
            let mut pointer = "/position".to_string();
            if let PositionText::Board(_) = lesson.position {
                // Text board line 3 → the third string.
                if let Some(crate::message::Arg::Num(n @ 1..)) = e.message().arg("line") {
                    pointer = format!("/position/{}", n - 1);
                }
            }
            report.error(&pointer, e.0);
            None
        }
    }
}

/// Check one lesson file's text. `stem` is the file name without `.json`, which the id must match.
/// A lesson that names a piece set file (`"pieces": "my-set"`) is checked against nothing: use
/// [`check_lesson_file`].
pub fn check_lesson_text(text: &str, stem: Option<&str>) -> (Option<Lesson>, Vec<Diagnostic>) {
    check_lesson_file(text, stem, &|_| None)
}

/// Check one lesson file's text with the doctor; `load` reads a piece set file next to the
/// lesson by its id (`pieces/<id>.json`), for a lesson that names one.
pub fn check_lesson_file(text: &str, stem: Option<&str>, load: &dyn Fn(&str) -> Option<String>) -> (Option<Lesson>, Vec<Diagnostic>) {
    check_lesson_full(text, stem, true, load)
}

/// Check one lesson file's text, with or without the doctor's searches (the browser skips them:
/// the teacher's checker has run them already).
pub fn check_lesson_with(text: &str, stem: Option<&str>, doctor: bool) -> (Option<Lesson>, Vec<Diagnostic>) {
    check_lesson_full(text, stem, doctor, &|_| None)
}

/// [`check_lesson_with`], with the text of a piece set file the lesson names (the browser
/// fetches it: [`super::variant::needed_file`]).
pub fn check_lesson_full(text: &str, stem: Option<&str>, doctor: bool, load: &dyn Fn(&str) -> Option<String>) -> (Option<Lesson>, Vec<Diagnostic>) {
    let locator = Locator::new(text);
    let mut report = Report { locator: &locator, found: Vec::new() };
    let Some(lesson) = read_json::<Lesson>(text, &mut report) else {
        return (None, report.found);
    };
    check_common(&lesson, stem, &mut report);
    if lesson.pieces.is_some() {
        let checked = super::variant::check(&lesson, load, &mut report);
        if let (Some((_, pos)), true) = (checked, doctor) {
            super::variant::examine(&lesson, &pos, &mut report);
        }
        return (Some(lesson), report.found);
    }
    check_lesson(&lesson, &mut report);
    let ok = report.found.iter().all(|d| d.severity != Severity::Error);
    if ok && doctor {
        if let Ok(pos) = parse_position(&lesson.position.text()) {
            doctor::examine(&lesson, &pos, &mut report);
        }
    }
    (Some(lesson), report.found)
}

/// What every lesson is checked for, with or without a piece set: its id, texts and shapes.
fn check_common(lesson: &Lesson, stem: Option<&str>, report: &mut Report) {
    if lesson.id.is_empty() || !lesson.id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
        report.error("/id", msg!("check-bad-id", id = &lesson.id));
    } else if let Some(stem) = stem {
        if stem != lesson.id {
            report.error("/id", msg!("check-id-file", id = &lesson.id, file = stem));
        }
    }
    check_text(report, "/title", &lesson.title);
    check_text(report, "/intro", &lesson.intro);
    if let Some(h) = &lesson.hints {
        for (field, t) in [("piece_text", &h.piece_text), ("move_text", &h.move_text)] {
            if let Some(t) = t {
                check_text(report, &format!("/hints/{field}"), t);
            }
        }
    }
    for (k, f) in lesson.feedback.iter().enumerate() {
        check_text(report, &format!("/feedback/{k}/text"), &f.text);
    }
    for (k, s) in lesson.shapes.iter().enumerate() {
        match s {
            Shape::Arrow { from, to, .. } => {
                square(report, &format!("/shapes/{k}/from"), from);
                square(report, &format!("/shapes/{k}/to"), to);
            }
            Shape::Circle { square: s, .. } | Shape::Highlight { square: s, .. } => {
                square(report, &format!("/shapes/{k}/square"), s);
            }
        }
    }
    if lesson.par == Some(0) {
        report.error("/par", msg!("check-par-zero"));
    }
}

fn check_lesson(lesson: &Lesson, report: &mut Report) {
    let Some(pos) = position(report, lesson) else { return };
    let student = lesson.student.color();
    if pos.side != student {
        report.error("/student", msg!("check-student-not-to-move", side = student, turn = pos.side));
        return;
    }
    let rules = lesson.rules.rules();
    let game = crate::rules::Game::new(pos, rules).expect("a parsed position is valid");
    if game.outcome().is_some() {
        report.error("/position", msg!("check-game-over"));
        return;
    }
    let their_king = pos.king(student.opposite()).is_some();
    match &lesson.opponent {
        Opponent::None if their_king && lesson.goal.is_played() => report.error("/opponent", msg!("check-no-opponent")),
        Opponent::Engine { level } if !(1..=8).contains(level) => report.error("/opponent/level", msg!("check-engine-level", level = *level)),
        Opponent::Scripted { replies } if replies.is_empty() => report.error("/opponent/replies", msg!("check-no-replies")),
        Opponent::Solver => {
            if lesson.rules != RulesName::AutoQueen {
                report.error("/opponent", msg!("check-solver-rules"));
            }
            if !matches!(lesson.goal, Goal::Promote | Goal::Win | Goal::Draw { .. }) {
                report.error("/opponent", msg!("check-solver-goal", goal = lesson.goal.name()));
            }
            solver_covers(report, &pos);
        }
        _ => {}
    }
    let occupied = pos.occupied();
    match &lesson.goal {
        Goal::Stars { squares } => {
            if squares.is_empty() {
                report.error("/goal/squares", msg!("check-no-stars"));
            }
            for (k, s) in squares.iter().enumerate() {
                let p = format!("/goal/squares/{k}");
                if let Some(sq) = square(report, &p, s) {
                    if occupied & sq.bit() != 0 {
                        report.error(&p, msg!("check-star-occupied", square = sq));
                    } else if squares[..k].iter().any(|o| o == s) {
                        report.error(&p, msg!("check-star-twice", square = sq));
                    }
                }
            }
        }
        Goal::CaptureAll => {
            let theirs = pos.color_bb(student.opposite()) & !pos.kind_bb(crate::board::PieceKind::King);
            if theirs == 0 {
                report.error("/goal", msg!("check-nothing-to-capture"));
            }
        }
        Goal::Reach { square: target, piece } => {
            if let Some(sq) = square(report, "/goal/square", target) {
                if pos.color_bb(student) & sq.bit() != 0 {
                    report.error("/goal/square", msg!("check-reach-own", square = sq));
                }
            }
            if let Some(from) = piece {
                if let Some(sq) = square(report, "/goal/piece", from) {
                    if pos.piece_at(sq).is_none_or(|p| p.color != student) {
                        report.error("/goal/piece", msg!("check-no-piece-of", side = student, square = sq));
                    }
                }
            }
        }
        Goal::Promote => {
            if pos.pieces(student, crate::board::PieceKind::Pawn) == 0 {
                report.error("/goal", msg!("check-no-pawn", side = student));
            }
        }
        Goal::Mate { moves } => {
            if !(1..=5).contains(moves) {
                report.error("/goal/in", msg!("check-mate-range", n = *moves));
            }
            if pos.king(student.opposite()).is_none() {
                report.error("/goal", msg!("check-no-enemy-king"));
            }
        }
        Goal::BestMove { answers } => {
            if answers.is_empty() {
                report.error("/goal/answers", msg!("check-no-answers"));
            }
            for (k, a) in answers.iter().enumerate() {
                if let Err(e) = parse_move(&pos, a, rules) {
                    report.error(&format!("/goal/answers/{k}"), e.0);
                }
            }
        }
        Goal::Targets { square: s } => {
            if let Some(sq) = square(report, "/goal/square", s) {
                match pos.piece_at(sq) {
                    None => report.error("/goal/square", msg!("check-targets-empty", square = sq)),
                    Some(p) if p.color != student => report.error("/goal/square", msg!("check-targets-theirs", square = sq, side = student)),
                    Some(_) if game.targets(sq).is_empty() => report.error("/goal/square", msg!("check-targets-stuck", square = sq)),
                    Some(_) => {}
                }
            }
        }
        Goal::Question { question, choices, answer, results } => {
            check_text(report, "/goal/question", question);
            if choices.len() < 2 {
                report.error("/goal/choices", msg!("check-two-choices"));
            }
            for (k, c) in choices.iter().enumerate() {
                check_text(report, &format!("/goal/choices/{k}"), c);
            }
            if *answer >= choices.len() {
                report.error("/goal/answer", msg!("check-answer-range", answer = *answer, last = choices.len().saturating_sub(1)));
            }
            if let Some(results) = results {
                if results.len() != choices.len() {
                    report.error("/goal/results", msg!("check-results-count", results = results.len(), choices = choices.len()));
                }
                if lesson.rules != RulesName::AutoQueen {
                    report.error("/goal/results", msg!("check-results-rules"));
                }
                solver_covers(report, &pos);
            }
        }
        Goal::CanCapture { .. } | Goal::Stronger { .. } => {
            report.error("/goal/type", msg!("check-goal-needs-pieces", goal = lesson.goal.name()));
        }
        Goal::Win | Goal::Draw { .. } => {
            if !matches!(lesson.opponent, Opponent::Solver | Opponent::Engine { .. }) {
                report.error("/opponent", msg!("check-needs-computer", goal = lesson.goal.name()));
            }
            if let Goal::Draw { moves: Some(0) } = lesson.goal {
                report.error("/goal/moves", msg!("check-draw-moves"));
            }
            if matches!(lesson.goal, Goal::Draw { .. }) && lesson.par.is_some() {
                report.warning("/par", msg!("check-draw-par"));
            }
        }
    }
    if lesson.goal.is_played() && lesson.par.is_none() && !matches!(lesson.goal, Goal::Mate { .. } | Goal::Win | Goal::Draw { .. }) {
        report.error("/par", msg!("check-needs-par", goal = lesson.goal.name()));
    }
    if let Some(h) = &lesson.hints {
        if let Some(sq) = square(report, "/hints/piece", &h.piece) {
            if pos.piece_at(sq).is_none_or(|p| p.color != student) {
                report.error("/hints/piece", msg!("check-no-piece-of", side = student, square = sq));
            }
            match parse_move(&pos, &h.mv, rules) {
                Err(e) => report.error("/hints/move", e.0),
                Ok(m) if m.from != sq => report.error("/hints/move", msg!("check-hint-other-piece", square = sq)),
                Ok(_) => {}
            }
        }
    }
    for (k, f) in lesson.feedback.iter().enumerate() {
        if let Err(e) = parse_move(&pos, &f.mv, rules) {
            report.error(&format!("/feedback/{k}/move"), e.0);
        }
    }
}

/// The endgame solver covers the position (the king-and-pawn classes), or an error at /position.
fn solver_covers(report: &mut Report, pos: &Position) {
    if let Err(e) = crate::endgame::Endgame::files_for(pos) {
        report.error("/position", e.message());
    }
}

/// Check the course file's text and that it names existing lessons once each. `lesson_ids`
/// maps each lesson file name (relative to the course) to its id.
pub fn check_course(text: &str, files: &[String]) -> (Option<Course>, Vec<Diagnostic>) {
    let locator = Locator::new(text);
    let mut report = Report { locator: &locator, found: Vec::new() };
    let Some(course) = read_json::<Course>(text, &mut report) else {
        return (None, report.found);
    };
    check_text(&mut report, "/title", &course.title);
    let mut seen: HashMap<&str, String> = HashMap::new();
    for (s, section) in course.sections.iter().enumerate() {
        check_text(&mut report, &format!("/sections/{s}/title"), &section.title);
        if section.lessons.is_empty() {
            report.error(&format!("/sections/{s}/lessons"), msg!("check-section-empty"));
        }
        for (k, file) in section.lessons.iter().enumerate() {
            let p = format!("/sections/{s}/lessons/{k}");
            if !files.contains(file) {
                let known: Vec<&str> = files.iter().map(String::as_str).collect();
                let m = match nearest(file, &known) {
                    Some(n) => msg!("check-no-lesson-file-near", file = file, suggestion = n),
                    None => msg!("check-no-lesson-file", file = file),
                };
                report.error(&p, m);
            } else if let Some(first) = seen.get(file.as_str()) {
                report.error(&p, msg!("check-listed-twice", file = file, first = first));
            } else {
                seen.insert(file, p.clone());
            }
        }
    }
    for file in files {
        if !seen.contains_key(file.as_str()) {
            report.warning("/sections", msg!("check-in-no-section", file = file));
        }
    }
    (Some(course), report.found)
}
