//! A lesson's `audio` (a teacher's recordings of its texts, docs/children.md "Reading aloud"): read and
//! kept as written, never judged by the rules; a wrong shape is refused at its place.
use chess_tutor::lesson::{check_lesson_text, Severity};

fn lesson(audio: &str) -> String {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../lessons/rook-stars-1.json"
    ))
    .unwrap();
    let end = text.rfind('}').unwrap();
    format!("{},\n  \"audio\": {audio}\n}}\n", text[..end].trim_end())
}

#[test]
fn recordings_are_read_and_kept_as_written() {
    let (read, found) = check_lesson_text(
        &lesson(
            r#"{ "/intro": { "ru": "audio/rook-stars-1/intro.ru.webm" }, "/learned": { "en": "audio/rook-stars-1/learned.en.ogg" } }"#,
        ),
        Some("rook-stars-1"),
    );
    assert!(found.iter().all(|d| d.severity != Severity::Error), "{found:?}");
    let read = read.expect("the lesson is read");
    assert_eq!(read.audio["/intro"]["ru"], "audio/rook-stars-1/intro.ru.webm");
    assert_eq!(read.audio["/learned"]["en"], "audio/rook-stars-1/learned.en.ogg");
    // written out again as it was (the studio and the CLI keep it)
    assert!(serde_json::to_string(&read)
        .unwrap()
        .contains(r#""audio":{"/intro":{"ru":"audio/rook-stars-1/intro.ru.webm"}"#));
}

#[test]
fn a_wrong_shape_is_refused_at_its_place() {
    let (_, found) =
        check_lesson_text(&lesson(r#"{ "/intro": "audio/intro.webm" }"#), Some("rook-stars-1"));
    let error = found.iter().find(|d| d.severity == Severity::Error).expect("refused");
    assert!(error.pointer.starts_with("/audio"), "{error:?}");
}
