//! The lesson checker: reads a lesson file and says exactly what is wrong, each finding as
//! `file:line:col: /json/pointer: message`.

pub use super::data::word_count;
pub use super::data::INTRO_WORDS;
use super::data::{check_shapes, Opponent, PositionText, RulesName};
use super::file::{is_course_name, Course, Courses, Lesson};
pub use super::goal::show::STEP_WORDS;
use super::goal::{ChessCx, Goal, GoalType};
use crate::board::Position;
use crate::guard::refused;
pub(crate) use crate::message::located::check_text;
pub(crate) use crate::message::located::Report;
use crate::message::located::{drop_repaired, nearest, read_json, read_json_all, Locator};
pub use crate::message::located::{Diagnostic, Severity};
use crate::notation::{parse_move, parse_position};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

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

/// A lesson's text read as a lesson, without findings: through the input guard (a byte-order
/// mark skipped, size and nesting bounded), then serde. For callers that only need the lesson's
/// fields (its position, the piece set it names); [`check_lesson_text`] says what is wrong.
pub fn parse_lesson(text: &str) -> Option<Lesson> {
    serde_json::from_str(crate::guard::json(text, crate::guard::LESSON).ok()?).ok()
}

/// Check one lesson file's text. `stem` is the file name without `.json`, which the id must match.
/// A lesson that names a piece set file (`"pieces": "my-set"`) is checked against nothing: use
/// [`check_lesson_file`].
pub fn check_lesson_text(text: &str, stem: Option<&str>) -> (Option<Lesson>, Vec<Diagnostic>) {
    check_lesson_file(text, stem, &|_| None)
}

/// Check one lesson file's text with the doctor; `load` reads a piece set file next to the
/// lesson by its id (`pieces/<id>.json`), for a lesson that names one.
pub fn check_lesson_file(
    text: &str,
    stem: Option<&str>,
    load: &dyn Fn(&str) -> Option<String>,
) -> (Option<Lesson>, Vec<Diagnostic>) {
    check_lesson_full(text, stem, true, load)
}

/// Check one lesson file's text, with or without the doctor's searches (the browser skips them:
/// the teacher's checker has run them already).
pub fn check_lesson_with(
    text: &str,
    stem: Option<&str>,
    doctor: bool,
) -> (Option<Lesson>, Vec<Diagnostic>) {
    check_lesson_full(text, stem, doctor, &|_| None)
}

/// [`check_lesson_with`], with the text of a piece set file the lesson names (the browser
/// fetches it: [`super::variant::needed_file`]).
pub fn check_lesson_full(
    text: &str,
    stem: Option<&str>,
    doctor: bool,
    load: &dyn Fn(&str) -> Option<String>,
) -> (Option<Lesson>, Vec<Diagnostic>) {
    let text = match crate::guard::json(text, crate::guard::LESSON) {
        Ok(text) => text,
        Err(r) => return (None, vec![refused(&r)]),
    };
    let locator = Locator::new(text);
    let mut report = Report { locator: &locator, found: Vec::new() };
    // every shape error at once: the later checks read the lesson as repaired and say nothing
    // about the placeholders; a lesson with shape errors is not returned
    let (read, repaired) = read_json_all::<Lesson>(text, "lesson", &mut report);
    let Some(lesson) = read else {
        return (None, report.found);
    };
    if !repaired.is_empty() {
        let shape_errors = report.found.len();
        check_common(&lesson, stem, &mut report);
        if lesson.pieces.is_none() {
            check_lesson(&lesson, &mut report);
        }
        drop_repaired(&mut report.found, shape_errors, &repaired);
        // in the order of the file
        report.found.sort_by_key(|d| (d.line, d.col));
        return (None, report.found);
    }
    check_common(&lesson, stem, &mut report);
    if lesson.pieces.is_some() {
        #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
        let checked = check_pieces(&lesson, load, &mut report);
        // The doctor's searches only where a caller asks for them: the command line and the
        // studio's package; the lesson packages leave them out (the goals' `examine` too).
        #[cfg(doctor)]
        if let (Some(pos), true) = (checked, doctor) {
            let mut cx = super::goal::PiecesCx {
                setting: lesson.setting(),
                pos: &pos,
                student: lesson.student.color(),
                report: &mut report,
            };
            lesson.goal.examine_pieces(&mut cx);
        }
        #[cfg(all(not(doctor), feature = "variant"))]
        let _ = checked;
        #[cfg(not(doctor))]
        let _ = doctor;
        #[cfg(not(any(feature = "variant", not(target_arch = "wasm32"))))]
        let _ = load;
        return (Some(lesson), report.found);
    }
    check_lesson(&lesson, &mut report);
    let ok = report.found.iter().all(|d| d.severity != Severity::Error);
    // The doctor's searches (and the engine they use) only where a caller asks for them: the
    // command line and the studio's package; the lesson packages leave them out.
    #[cfg(doctor)]
    if ok && doctor {
        // a practice exercise is proved the quick way wherever it is checked
        let _quick = super::doctor::Quick::when(is_exercise_id(&lesson.id));
        if let Ok(pos) = parse_position(&lesson.position.text()) {
            let game = crate::rules::Game::new(pos, lesson.rules.rules())
                .expect("a parsed position is valid");
            let mut cx = ChessCx {
                setting: lesson.setting(),
                pos: &pos,
                game: &game,
                rules: lesson.rules.rules(),
                student: lesson.student.color(),
                report: &mut report,
            };
            lesson.goal.examine(&mut cx);
            super::doctor::claimed_results(
                lesson.setting(),
                &pos,
                lesson.rules.rules(),
                &mut report,
            );
        }
    }
    #[cfg(not(doctor))]
    let _ = (ok, doctor);
    (Some(lesson), report.found)
}

/// What every lesson is checked for, with or without a piece set: its id, texts and shapes.
fn check_common(lesson: &Lesson, stem: Option<&str>, report: &mut Report) {
    // a practice exercise (`practice/<skill>/<seed>`) is made, not a file: no file name to match
    let exercise = is_exercise_id(&lesson.id);
    if !exercise
        && (lesson.id.is_empty()
            || !lesson.id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
    {
        report.error("/id", msg!("check-bad-id", id = &lesson.id));
    } else if let (Some(stem), false) = (stem, exercise) {
        if stem != lesson.id {
            report.error("/id", msg!("check-id-file", id = &lesson.id, file = stem));
        }
    }
    check_text(report, "/title", &lesson.title);
    check_text(report, "/intro", &lesson.intro);
    for (lang, text) in lesson.intro.iter() {
        let words = word_count(text);
        if words > INTRO_WORDS {
            report.warning(
                &format!("/intro/{lang}"),
                msg!("wording-intro-long", lang = lang, words = words, max = INTRO_WORDS),
            );
        }
    }
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
    if let Some(t) = &lesson.learned {
        check_text(report, "/learned", t);
    }
    check_shapes(report, "/shapes", &lesson.shapes);
    lesson.goal.check_words(report, lesson.par);
    if lesson.par == Some(0) {
        report.error("/par", msg!("check-par-zero"));
    }
}

fn check_lesson(lesson: &Lesson, report: &mut Report) {
    let Some(pos) = position(report, lesson) else { return };
    let student = lesson.student.color();
    if pos.side != student {
        report
            .error("/student", msg!("check-student-not-to-move", side = student, turn = pos.side));
        return;
    }
    let rules = lesson.rules.rules();
    let game = crate::rules::Game::new(pos, rules)
        .unwrap_or_else(|_| panic!("a parsed position is valid"));
    if game.outcome().is_some() {
        report.error("/position", msg!("check-game-over"));
        return;
    }
    let their_king = pos.king(student.opposite()).is_some();
    match &lesson.opponent {
        // only a `check` goal may leave the enemy king standing still: the first check ends it
        Opponent::None
            if their_king && lesson.goal.is_played() && !lesson.goal.enemy_stands_still() =>
        {
            report.error("/opponent", msg!("check-no-opponent"))
        }
        Opponent::Engine { level } if !(1..=8).contains(level) => {
            report.error("/opponent/level", msg!("check-engine-level", level = *level))
        }
        Opponent::Scripted { replies } if replies.is_empty() => {
            report.error("/opponent/replies", msg!("check-no-replies"))
        }
        Opponent::Solver => {
            if lesson.rules != RulesName::AutoQueen {
                report.error("/opponent", msg!("check-solver-rules"));
            }
            if !matches!(lesson.goal, Goal::Promote(_) | Goal::Win(_) | Goal::Draw(_)) {
                report.error("/opponent", msg!("check-solver-goal", goal = lesson.goal.name()));
            }
            super::doctor::solver_covers(report, &pos);
        }
        _ => {}
    }
    {
        let mut cx = ChessCx {
            setting: lesson.setting(),
            pos: &pos,
            game: &game,
            rules,
            student,
            report: &mut *report,
        };
        lesson.goal.check(&mut cx);
    }
    if lesson.goal.needs_par() && lesson.par.is_none() {
        report.error("/par", msg!("check-needs-par", goal = lesson.goal.name()));
    }
    if let Some(h) = &lesson.hints {
        if let Some(sq) = super::goal::square(report, "/hints/piece", &h.piece) {
            if pos.piece_at(sq).is_none_or(|p| p.color != student) {
                report
                    .error("/hints/piece", msg!("check-no-piece-of", side = student, square = sq));
            }
            match parse_move(&pos, &h.mv, rules) {
                Err(e) => report.error("/hints/move", e.0),
                Ok(m) if m.from != sq => {
                    report.error("/hints/move", msg!("check-hint-other-piece", square = sq))
                }
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

/// `lessons/glossary.json`: the course's terms, each with its word forms per language and the
/// lesson that introduces it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Glossary {
    pub terms: Vec<Term>,
}

/// A term of the glossary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Term {
    pub id: String,
    /// Its Russian forms (`цугцванг`, `цугцванга`, …), matched as whole words, any case.
    #[serde(default)]
    pub ru: Vec<String>,
    /// Its English forms.
    #[serde(default)]
    pub en: Vec<String>,
    /// The id of the lesson that introduces it.
    pub introduced_in: String,
    /// Words that mean the same thing and must not be used (one word for one thing): per
    /// language, forms matched like the term's own. A lesson text using one is told to write the
    /// term's first form instead. A form of any term (`take the opposition`) hides the words in it.
    #[serde(default, skip_serializing_if = "Avoid::is_empty")]
    pub avoid: Avoid,
    /// The words the course uses for it, per language, as the synonym's warning names them
    /// (`даёт шах`, `gives check`); default: the first form.
    #[serde(default, skip_serializing_if = "Avoid::is_empty")]
    pub say: Avoid,
}

/// Words per language: the synonyms of a term the course does not use (`avoid`), or the words
/// it does use (`say`, one each).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Avoid {
    #[serde(default)]
    pub ru: Vec<String>,
    #[serde(default)]
    pub en: Vec<String>,
}

impl Avoid {
    fn is_empty(&self) -> bool {
        self.ru.is_empty() && self.en.is_empty()
    }
}

/// Whether `form` (lower case) stands in `text` (lower case) as whole words.
#[cfg(not(target_arch = "wasm32"))]
fn has_form(text: &str, form: &str) -> bool {
    if form.is_empty() {
        return false;
    }
    text.match_indices(form).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + form.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// `text` with every whole-word occurrence of `form` (both lower case) blanked out.
#[cfg(not(target_arch = "wasm32"))]
fn blank_form(text: &str, form: &str) -> String {
    if form.is_empty() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for (at, _) in text.match_indices(form) {
        if at < from {
            continue;
        }
        let before = text[..at].chars().next_back();
        let after = text[at + form.len()..].chars().next();
        if !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric) {
            out.push_str(&text[from..at]);
            out.push_str(" | ");
            from = at + form.len();
        }
    }
    out.push_str(&text[from..]);
    out
}

/// Every child-facing text of a lesson with its pointer: title, intro, hints, feedback, the
/// question, its choices and explanations, and what was learned.
#[cfg(not(target_arch = "wasm32"))]
fn lesson_texts(lesson: &Lesson) -> Vec<(String, &super::data::Text)> {
    let mut out =
        vec![("/title".to_string(), &lesson.title), ("/intro".to_string(), &lesson.intro)];
    if let Some(h) = &lesson.hints {
        for (field, t) in [("piece_text", &h.piece_text), ("move_text", &h.move_text)] {
            if let Some(t) = t {
                out.push((format!("/hints/{field}"), t));
            }
        }
    }
    for (k, f) in lesson.feedback.iter().enumerate() {
        out.push((format!("/feedback/{k}/text"), &f.text));
    }
    out.extend(lesson.goal.texts());
    if let Some(t) = &lesson.learned {
        out.push(("/learned".to_string(), t));
    }
    out
}

/// The glossary's order rule: a term is not used (any of its forms, whole words, any case) in a
/// lesson that comes, in the course's order, before the lesson that introduces it; and its
/// rule of one word for one thing: no lesson text uses a word of a term's `avoid`. `lessons` are
/// the course's lessons in order: file name and text. Returns the glossary's own findings (a
/// term introduced in no lesson of the course), then each lesson file's findings by name.
#[cfg(not(target_arch = "wasm32"))]
pub fn check_glossary(
    glossary_text: &str,
    lessons: &[(String, String)],
) -> (Vec<Diagnostic>, Vec<(String, Vec<Diagnostic>)>) {
    let glossary_text = match crate::guard::json(glossary_text, crate::guard::GLOSSARY) {
        Ok(text) => text,
        Err(r) => return (vec![refused(&r)], Vec::new()),
    };
    let locator = Locator::new(glossary_text);
    let mut report = Report { locator: &locator, found: Vec::new() };
    let Some(glossary) = read_json::<Glossary>(glossary_text, "glossary", &mut report) else {
        return (report.found, Vec::new());
    };
    // a lesson the guard refuses is read as none (its own check says why)
    let parsed: Vec<Option<Lesson>> = lessons.iter().map(|(_, t)| parse_lesson(t)).collect();
    let place = |id: &str| parsed.iter().position(|l| l.as_ref().is_some_and(|l| l.id == id));
    let mut starts = Vec::new();
    for (k, term) in glossary.terms.iter().enumerate() {
        match place(&term.introduced_in) {
            Some(at) => starts.push((term, at)),
            None => report.error(
                &format!("/terms/{k}/introduced_in"),
                msg!("glossary-unknown-lesson", term = &term.id, lesson = &term.introduced_in),
            ),
        }
    }
    let mut per_lesson = Vec::new();
    for (at, ((file, text), lesson)) in lessons.iter().zip(&parsed).enumerate() {
        let Some(lesson) = lesson else { continue };
        let locator = Locator::new(crate::guard::strip_bom(text));
        let mut r = Report { locator: &locator, found: Vec::new() };
        for (pointer, t) in lesson_texts(lesson) {
            for (lang, words, forms) in [
                ("ru", t.get("ru").unwrap_or("").to_lowercase(), 0),
                ("en", t.get("en").unwrap_or("").to_lowercase(), 1),
            ] {
                for &(term, _) in starts.iter().filter(|(_, start)| *start > at) {
                    let list = if forms == 0 { &term.ru } else { &term.en };
                    if let Some(form) = list.iter().find(|f| has_form(&words, &f.to_lowercase())) {
                        r.warning(
                            &format!("{pointer}/{lang}"),
                            msg!(
                                "wording-term-early",
                                term = form,
                                introduced = &term.introduced_in
                            ),
                        );
                    }
                }
                // one word for one thing: the words of every term hidden, then no synonym left
                // (the longest first: `take the opposition` before `opposition`)
                let mut all: Vec<String> = glossary
                    .terms
                    .iter()
                    .flat_map(|t| if forms == 0 { &t.ru } else { &t.en })
                    .map(|f| f.to_lowercase())
                    .collect();
                all.sort_by_key(|f| std::cmp::Reverse(f.len()));
                let mut bare = words.clone();
                for f in &all {
                    bare = blank_form(&bare, f);
                }
                for term in &glossary.terms {
                    let (avoid, say, own) = if forms == 0 {
                        (&term.avoid.ru, &term.say.ru, &term.ru)
                    } else {
                        (&term.avoid.en, &term.say.en, &term.en)
                    };
                    if let Some(word) = avoid.iter().find(|f| has_form(&bare, &f.to_lowercase())) {
                        let preferred =
                            say.first().or(own.first()).map_or(term.id.as_str(), String::as_str);
                        r.warning(
                            &format!("{pointer}/{lang}"),
                            msg!(
                                "wording-synonym",
                                word = word,
                                preferred = preferred,
                                term = &term.id
                            ),
                        );
                    }
                }
            }
        }
        if !r.found.is_empty() {
            per_lesson.push((file.clone(), r.found));
        }
    }
    (report.found, per_lesson)
}

/// Whether `id` is a practice exercise's: `practice/<skill>/<seed>` (lower-case letters, digits
/// and `-`; digits).
pub fn is_exercise_id(id: &str) -> bool {
    let Some((skill, seed)) = id.strip_prefix("practice/").and_then(|r| r.split_once('/')) else {
        return false;
    };
    !skill.is_empty()
        && skill.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !seed.is_empty()
        && seed.len() <= 20
        && seed.bytes().all(|b| b.is_ascii_digit())
}

/// Check the course file's text and that it names existing lessons once each. `lesson_ids`
/// maps each lesson file name (relative to the course) to its id.
pub fn check_course(text: &str, files: &[String]) -> (Option<Course>, Vec<Diagnostic>) {
    check_course_in(text, files, &HashMap::new())
}

/// `check_course` for one course of several (`courses.json`): `elsewhere` maps each lesson file
/// another course of the folder lists to that course's file, and whether that course comes
/// earlier in the list. Such a file is not in want of a section here; listed here too, it is an
/// error in the later course (a lesson belongs to one section of one course).
pub fn check_course_in(
    text: &str,
    files: &[String],
    elsewhere: &HashMap<String, (String, bool)>,
) -> (Option<Course>, Vec<Diagnostic>) {
    let text = match crate::guard::json(text, crate::guard::COURSE) {
        Ok(text) => text,
        Err(r) => return (None, vec![refused(&r)]),
    };
    let locator = Locator::new(text);
    let mut report = Report { locator: &locator, found: Vec::new() };
    let Some(course) = read_json::<Course>(text, "course", &mut report) else {
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
            if let Some((course, true)) = elsewhere.get(file.as_str()) {
                report.error(&p, msg!("check-in-other-course", file = file, course = course));
            } else if !files.contains(file) {
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
    for (k, file) in course.retired.iter().enumerate() {
        let p = format!("/retired/{k}");
        if !files.contains(file) {
            report.error(&p, msg!("check-no-lesson-file", file = file));
        } else if let Some(first) = seen.get(file.as_str()) {
            report.error(&p, msg!("check-listed-twice", file = file, first = first));
        } else {
            seen.insert(file, p);
        }
    }
    for file in files {
        // the glossary of the course's terms sits next to it, and is no lesson
        if !seen.contains_key(file.as_str())
            && file != "glossary.json"
            && file != "skills.json"
            && !elsewhere.contains_key(file.as_str())
        {
            report.warning("/sections", msg!("check-in-no-section", file = file));
        }
    }
    (Some(course), report.found)
}

/// Check `courses.json`, the folder's list of courses: each a course file of `files` (the folder's
/// JSON files by name), named `course.json` or `course-<name>.json`, listed once.
pub fn check_courses(text: &str, files: &[String]) -> (Option<Courses>, Vec<Diagnostic>) {
    let text = match crate::guard::json(text, crate::guard::COURSE) {
        Ok(text) => text,
        Err(r) => return (None, vec![refused(&r)]),
    };
    let locator = Locator::new(text);
    let mut report = Report { locator: &locator, found: Vec::new() };
    let Some(courses) = read_json::<Courses>(text, "courses", &mut report) else {
        return (None, report.found);
    };
    if courses.courses.is_empty() {
        report.error("/courses", msg!("courses-empty"));
    }
    let mut seen: HashMap<&str, String> = HashMap::new();
    for (k, entry) in courses.courses.iter().enumerate() {
        let p = format!("/courses/{k}/file");
        if !is_course_name(&entry.file) {
            report.error(&p, msg!("courses-bad-name", file = &entry.file));
        } else if !files.contains(&entry.file) {
            report.error(&p, msg!("courses-no-file", file = &entry.file));
        } else if let Some(first) = seen.get(entry.file.as_str()) {
            report.error(&p, msg!("check-listed-twice", file = &entry.file, first = first));
        } else {
            seen.insert(&entry.file, p);
        }
    }
    for file in files.iter().filter(|f| is_course_name(f) && !seen.contains_key(f.as_str())) {
        report.warning("/courses", msg!("courses-not-listed", file = file));
    }
    (Some(courses), report.found)
}

/// Check a lesson with a piece set (after the fields every lesson has): its set, position and
/// goal. Returns the position when the doctor may look at it.
#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
fn check_pieces(
    lesson: &Lesson,
    load: &dyn Fn(&str) -> Option<String>,
    report: &mut Report,
) -> Option<crate::variant::VariantPosition> {
    use super::variant::{allowed, parse_squares};
    use crate::board::Square;
    let set = super::variant::resolve(lesson, load, report)?;
    let pos = super::variant::position(report, lesson, &set.set)?;
    let student = lesson.student.color();
    if pos.turn() != student {
        report.error(
            "/student",
            msg!("check-student-not-to-move", side = student, turn = pos.turn()),
        );
        return None;
    }
    if !matches!(lesson.opponent, Opponent::None) {
        report.error("/opponent", msg!("check-pieces-no-opponent"));
    }
    {
        let mut cx = super::goal::PiecesCx {
            setting: lesson.setting(),
            pos: &pos,
            student,
            report: &mut *report,
        };
        lesson.goal.check_pieces(&mut cx);
    }
    if lesson.goal.needs_par() && lesson.par.is_none() {
        report.error("/par", msg!("check-needs-par", goal = lesson.goal.name()));
    }
    if let Some(h) = &lesson.hints {
        let sq = super::goal::square(report, "/hints/piece", &h.piece);
        let ours = sq.filter(|&sq| pos.piece_at(sq).is_some_and(|(c, _)| c == student));
        if let (Some(sq), None) = (sq, ours) {
            report.error("/hints/piece", msg!("check-no-piece-of", side = student, square = sq));
        }
        if let Some(sq) = ours {
            match parse_squares(&h.mv) {
                Some((from, _)) if from != sq => {
                    report.error("/hints/move", msg!("check-hint-other-piece", square = sq))
                }
                Some((from, to)) if !allowed(&pos, from, to) => report
                    .error("/hints/move", msg!("check-pieces-bad-move", found = h.mv.as_str())),
                None => report
                    .error("/hints/move", msg!("check-pieces-bad-move", found = h.mv.as_str())),
                Some(_) => {}
            }
        }
    }
    for (k, f) in lesson.feedback.iter().enumerate() {
        // Feedback may name a refused move too: that is when the child most needs words.
        let p = format!("/feedback/{k}/move");
        match parse_squares(&f.mv) {
            Some((from, _))
                if pos
                    .piece_at(from)
                    .is_some_and(|(c, _): (crate::board::Color, _)| c == student) => {}
            _ => report.error(&p, msg!("check-pieces-bad-move", found = f.mv.as_str())),
        }
    }
    let _ = Square::parse;
    let found = report.found.iter().any(|d| d.severity == Severity::Error);
    (!found).then_some(pos)
}
