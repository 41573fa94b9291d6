//! Languages as data: a text is a map from language to words (read and written as `{ "ru": …,
//! "en": … }`), a text without the reader's language falls back to English and the checker warns
//! at its place, and `lesson check --lang ru` says the findings in the Russian words of the same
//! catalogue as the pages (www/i18n/ru/messages-*.js).
#![cfg(not(target_arch = "wasm32"))]

use chess_tutor::lesson::{check_lesson_text, Severity};
use chess_tutor::message::{Text, FALLBACK, LANGS};
use std::path::Path;
use std::process::Command;

const LESSON: &str = r#"{
  "id": "x",
  "title": { "en": "Lesson" },
  "intro": { "ru": "Вперёд!", "en": "Go!" },
  "position": "8/8/8/8/8/8/8/R7 w - - 0 1",
  "goal": { "type": "stars", "squares": ["a5", "c5"] },
  "par": 2
}
"#;

#[test]
fn a_text_is_a_map_from_language_to_words_written_as_before() {
    let t: Text = serde_json::from_str(r#"{ "ru": "Урок", "en": "Lesson" }"#).unwrap();
    assert_eq!((t.get("ru"), t.get("en"), t.en()), (Some("Урок"), Some("Lesson"), "Lesson"));
    assert_eq!(serde_json::to_string(&t).unwrap(), r#"{"ru":"Урок","en":"Lesson"}"#);
    // written in the order of LANGS, whatever the order read
    let t: Text = serde_json::from_str(r#"{ "en": "Lesson", "ru": "Урок" }"#).unwrap();
    assert_eq!(serde_json::to_string(&t).unwrap(), r#"{"ru":"Урок","en":"Lesson"}"#);
    assert_eq!(t.iter().map(|(l, _)| l).collect::<Vec<_>>(), LANGS);
    // a language left out: English is said
    let t: Text = serde_json::from_str(r#"{ "en": "Lesson" }"#).unwrap();
    assert_eq!((t.get("ru"), t.say("ru"), t.say("en")), (None, "Lesson", "Lesson"));
    assert_eq!(serde_json::to_string(&t).unwrap(), r#"{"en":"Lesson"}"#);
    // one language is enough (a teacher's lesson in Russian only), none is not; a language not
    // of the tutor is refused with the known ones
    let t: Text = serde_json::from_str(r#"{ "ru": "Урок" }"#).unwrap();
    assert_eq!((t.say("en"), t.say("ru")), ("Урок", "Урок"));
    let e = serde_json::from_str::<Text>(r#"{}"#).unwrap_err().to_string();
    assert!(e.starts_with(&format!("missing field `{FALLBACK}`")), "{e}");
    let e = serde_json::from_str::<Text>(r#"{ "en": "Lesson", "rus": "Урок" }"#)
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("unknown field `rus`, expected `ru` or `en`"), "{e}");
    assert_eq!(
        Text::new([("en", "a"), ("ru", "б")]),
        serde_json::from_str(r#"{ "ru": "б", "en": "a" }"#).unwrap()
    );
}

#[test]
fn a_lesson_missing_a_language_is_played_in_english_and_the_checker_warns_at_the_place() {
    let (lesson, found) = check_lesson_text(LESSON, Some("x"));
    let lesson = lesson.expect("the lesson is fit to play");
    assert_eq!(lesson.title.say("ru"), "Lesson");
    assert_eq!(found.len(), 1, "{found:?}");
    let d = &found[0];
    assert_eq!(
        (d.severity, d.pointer.as_str(), d.line, d.col),
        (Severity::Warning, "/title/ru", 3, 3)
    );
    assert_eq!(d.message.id, "check-missing-language");
    assert_eq!(d.render("x.json"), "x.json:3:3: /title/ru: warning: no words in 'ru' here: a child who reads in 'ru' sees the words in 'en'");
    // the misspelt language: its place, and the nearest known one
    let (_, found) = check_lesson_text(
        &LESSON.replace(r#"{ "en": "Lesson" }"#, r#"{ "en": "Lesson", "ry": "Урок" }"#),
        Some("x"),
    );
    assert_eq!(
        found.iter().map(|d| d.render("x.json")).collect::<Vec<_>>(),
        ["x.json:3:30: /title/ry: unknown field 'ry'; did you mean 'ru'?"]
    );
}

fn check(args: &[&str]) -> (String, String, Option<i32>) {
    let o = Command::new(env!("CARGO_BIN_EXE_chess-tutor"))
        .args(args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
        o.status.code(),
    )
}

fn node() -> bool {
    Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success())
}

#[test]
fn lesson_check_says_the_findings_in_the_language_asked() {
    if !node() {
        eprintln!("skipped: --lang ru needs node (Node.js), not found");
        return;
    }
    let (en, _, code_en) = check(&["lesson", "check", "tests/lessons-broken"]);
    let (ru, err, code_ru) = check(&["lesson", "check", "--lang", "ru", "tests/lessons-broken"]);
    assert_eq!((code_en, code_ru), (Some(1), Some(1)), "{err}");
    // the same findings at the same places, in other words
    let place = |l: &str| l.splitn(4, ": ").take(2).collect::<Vec<_>>().join(": ");
    let (en, ru): (Vec<&str>, Vec<&str>) = (en.lines().collect(), ru.lines().collect());
    assert_eq!(en.len(), ru.len(), "{}", ru.join("\n"));
    for (e, r) in en.iter().zip(&ru) {
        assert_eq!(place(e), place(r));
        assert_eq!(e.contains(": warning: "), r.contains(": warning: "), "{r}");
    }
    assert_ne!(en, ru);
    // a line with its Russian words, from www/i18n/ru/messages-check.js
    assert!(ru.contains(&"tests/lessons-broken/empty-translation.json:3:3: /title: Напиши слова хотя бы на одном языке."), "{}", ru.join("\n"));
    let words = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../www/i18n/ru/messages-check.js"),
    )
    .unwrap();
    assert!(words.contains(r#""check-empty-text": "Напиши слова хотя бы на одном языке.","#));
    // English is Rust's own copy; a language not of the tutor is refused
    assert_eq!(
        check(&["lesson", "check", "--lang", "en", "tests/lessons-broken"]).0,
        en.join("\n") + "\n"
    );
    let (_, err, code) = check(&["lesson", "check", "--lang", "xx", "tests/lessons-broken"]);
    assert_eq!((code, err.trim()), (Some(2), "error: --lang xx: the languages are ru, en"));
}

#[test]
fn the_missing_language_warning_in_russian() {
    if !node() {
        eprintln!("skipped: --lang ru needs node (Node.js), not found");
        return;
    }
    let dir = std::env::temp_dir().join(format!("chess-tutor-langs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("x.json");
    std::fs::write(&file, LESSON).unwrap();
    let (out, err, code) = check(&["lesson", "check", "--lang", "ru", &file.to_string_lossy()]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, format!("{}:3:3: /title/ru: warning: Здесь нет слов на русском: ребёнок, который читает на русском, увидит слова на английском.\n", file.display()));
}
