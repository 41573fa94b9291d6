//! A teacher's own lesson in her one language (issue 37): a lesson written in Russian only (or
//! English only) passes the checker, the other language falls back to the one written (a note,
//! never an error), an optional text stays optional, and the doctor's findings about a
//! king-and-pawn question say the chess reason.
#![cfg(not(target_arch = "wasm32"))]

use chess_tutor::lesson::{check_lesson_text, Diagnostic, Severity, Text};
use std::path::Path;

fn errors(found: &[Diagnostic]) -> Vec<String> {
    found
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| format!("{} {}", d.pointer, d.message.id))
        .collect()
}

const RU_ONLY: &str = r#"{
  "id": "ladya-zvezdy",
  "title": { "ru": "Ладья и звёзды" },
  "intro": { "ru": "Собери звёзды ладьёй!" },
  "position": "8/8/8/8/8/8/8/R7 w - - 0 1",
  "goal": { "type": "stars", "squares": ["a5", "c5"] },
  "par": 2,
  "learned": { "ru": "Ладья ходит по прямой.", "en": "" }
}"#;

#[test]
fn a_lesson_in_russian_only_passes_with_notes_for_english() {
    let (lesson, found) = check_lesson_text(RU_ONLY, Some("ladya-zvezdy"));
    let lesson = lesson.expect("the lesson reads");
    assert!(errors(&found).is_empty(), "{found:?}");
    // the English a child would see: the Russian words
    assert_eq!(lesson.title.say("en"), "Ладья и звёзды");
    assert_eq!(
        lesson.learned.as_ref().unwrap().say("en"),
        "Ладья ходит по прямой.",
        "an empty translation falls back"
    );
    // one note per text, each at the missing language, naming the language shown instead
    let notes: Vec<&Diagnostic> =
        found.iter().filter(|d| d.message.id == "check-missing-language").collect();
    assert_eq!(
        notes.iter().map(|d| d.pointer.as_str()).collect::<Vec<_>>(),
        ["/title/en", "/intro/en", "/learned/en"]
    );
    assert!(notes
        .iter()
        .all(|d| d.severity == Severity::Warning
            && d.message.arg("shown").unwrap().to_string() == "ru"));
}

#[test]
fn a_lesson_in_english_only_passes_too() {
    let text = RU_ONLY.replace("\"ru\"", "\"en\"").replace(", \"en\": \"\"", "");
    let (lesson, found) = check_lesson_text(&text, Some("ladya-zvezdy"));
    assert!(errors(&found).is_empty(), "{found:?}");
    assert_eq!(lesson.unwrap().title.say("ru"), "Ладья и звёзды");
}

#[test]
fn a_text_with_no_words_at_all_is_an_error_at_its_place() {
    let text = RU_ONLY
        .replace(r#""title": { "ru": "Ладья и звёзды" }"#, r#""title": { "ru": " ", "en": "" }"#);
    let (_, found) = check_lesson_text(&text, Some("ladya-zvezdy"));
    assert_eq!(errors(&found), ["/title check-empty-text"]);
    let text =
        RU_ONLY.replace(r#""title": { "ru": "Ладья и звёзды" }"#, r#""title": { "ru": "" }"#);
    assert_eq!(
        errors(&check_lesson_text(&text, Some("ladya-zvezdy")).1),
        ["/title/ru check-empty-text"]
    );
    // an object with no language at all: still said missing, at the title
    let text = RU_ONLY.replace(r#""title": { "ru": "Ладья и звёзды" }"#, r#""title": {}"#);
    let found = check_lesson_text(&text, Some("ladya-zvezdy")).1;
    assert!(
        found.iter().any(|d| d.severity == Severity::Error && d.pointer == "/title"),
        "{found:?}"
    );
}

#[test]
fn a_text_says_the_readers_language_then_english_then_the_one_written() {
    let t = Text::new([("ru", "Привет"), ("en", "Hello")]);
    assert_eq!((t.say("ru"), t.say("en"), t.say("de")), ("Привет", "Hello", "Hello"));
    let t = Text::new([("ru", "Привет"), ("en", "  ")]);
    assert_eq!(t.say("en"), "Привет");
    assert_eq!(t.written().collect::<Vec<_>>(), ["ru"]);
}

fn course_lesson(id: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../lessons/{id}.json")),
    )
    .unwrap()
}

/// The doctor's finding on a king-and-pawn question of the course whose right answer is set to
/// the wrong choice `wrong`.
fn why_finding(id: &str, wrong: usize) -> Diagnostic {
    let mut v: serde_json::Value = serde_json::from_str(&course_lesson(id)).unwrap();
    v["goal"]["answer"] = serde_json::json!(wrong);
    let text = serde_json::to_string_pretty(&v).unwrap();
    let found = check_lesson_text(&text, Some(id)).1;
    found
        .into_iter()
        .find(|d| d.pointer == "/goal/answer")
        .unwrap_or_else(|| panic!("a finding at /goal/answer for {id}"))
}

#[test]
fn the_doctor_says_why_a_pawn_is_caught_or_not() {
    // the black king cannot reach the pawn's square
    let d = why_finding("kp-square-question", 0);
    assert_eq!(
        (d.message.id, d.message.arg("why").unwrap().to_string().as_str()),
        ("doctor-answer-why", "outside-square"),
        "{d:?}"
    );
    let words = d.message.text();
    assert!(words.contains("outside the square of the pawn on a4"), "{words}");
    // White's king on d6 stands on a key square of the d5 pawn
    let d = why_finding("kp-sixth-rank-question", 0);
    assert_eq!(d.message.arg("why").unwrap().to_string(), "key-square", "{d:?}");
    assert!(
        d.message.text().contains("stands on d6, a key square of the pawn on d5: white wins"),
        "{}",
        d.message.text()
    );
}

#[test]
fn the_studio_and_the_cli_keep_the_course_clean() {
    // the course's lessons, in both languages, have no language notes
    let found =
        check_lesson_text(&course_lesson("kp-square-question"), Some("kp-square-question")).1;
    assert!(found.is_empty(), "{found:?}");
}
