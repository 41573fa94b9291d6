//! Lessons: the starter course passes the checker and doctor, broken lessons are reported at
//! their place, the committed schemas are current, and no input makes the checker panic.
#![cfg(not(target_arch = "wasm32"))]

use chess_tutor::lesson::{check_lesson_text, course_schema, lesson_schema};
use proptest::prelude::*;
use std::path::Path;
use std::process::Command;

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn check(path: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_chess-tutor"))
        .args(["lesson", "check", path])
        .current_dir(crate_dir())
        .output()
        .unwrap()
}

#[test]
fn the_course_passes_the_checker_and_the_doctor() {
    let out = check("../lessons");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(!text.contains("warning"), "{text}");
}

#[test]
fn broken_lessons_are_reported_at_their_place() {
    let out = check("tests/lessons-broken");
    assert_eq!(out.status.code(), Some(1));
    let expected = std::fs::read_to_string(crate_dir().join("tests/lessons-broken/expected.txt")).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}

#[test]
fn committed_schemas_are_current() {
    let dir = crate_dir().join("../lessons");
    let stale = "is stale: run `cargo run --release -- lesson schema` (add --course for the course) and commit it";
    assert_eq!(std::fs::read_to_string(dir.join("lesson.schema.json")).unwrap(), lesson_schema(), "lessons/lesson.schema.json {stale}");
    assert_eq!(std::fs::read_to_string(dir.join("course.schema.json")).unwrap(), course_schema(), "lessons/course.schema.json {stale}");
}

const GOOD: &str = r#"{
  "id": "x",
  "title": { "ru": "Урок", "en": "Lesson" },
  "intro": { "ru": "Вперёд!", "en": "Go!" },
  "position": "8/8/8/8/8/8/8/R7 w - - 0 1",
  "goal": { "type": "stars", "squares": ["a5", "c5"] },
  "hints": { "piece": "a1", "move": "Ra5" },
  "feedback": [ { "move": "Rb1", "text": { "ru": "Нет", "en": "No" } } ],
  "shapes": [ { "type": "arrow", "from": "a1", "to": "a5" } ],
  "par": 2
}"#;

#[test]
fn a_good_lesson_has_no_findings() {
    let (lesson, found) = check_lesson_text(GOOD, Some("x"));
    assert!(lesson.is_some());
    assert!(found.is_empty(), "{found:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn mutated_lessons_never_panic(edits in proptest::collection::vec((0usize..600, any::<u8>()), 1..5)) {
        let mut bytes = GOOD.as_bytes().to_vec();
        for (at, b) in edits {
            let at = at % (bytes.len() + 1);
            const CHARS: &[u8] = b"{}[]\",:0123456789abcdefghKQRBNPkqrbnp/ -";
            let c = CHARS[b as usize % CHARS.len()];
            match b % 3 {
                0 if at < bytes.len() => bytes[at] = c,
                1 if at < bytes.len() => { bytes.remove(at); }
                _ => bytes.insert(at, c),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        let (_, found) = check_lesson_text(&text, None);
        for d in found {
            prop_assert!(d.line >= 1 && d.col >= 1 && !d.message.is_empty());
        }
    }
}
