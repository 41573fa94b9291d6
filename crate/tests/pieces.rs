//! Piece sets: the committed files are current (fide.json from the Rust rows, the schema), the
//! built-in sets read, and malformed sets are refused at their place (line:col, JSON pointer,
//! message id).
#![cfg(not(target_arch = "wasm32"))]

use chess_tutor::movement::{piece_set_schema, PieceSet, FIDE_NAMES, FORMULAS};
use proptest::prelude::*;
use std::path::Path;

fn pieces_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../lessons/pieces")
}

#[test]
fn committed_files_are_current() {
    let dir = pieces_dir();
    let stale =
        "is stale: run `cargo run --release -- pieces fide` (or `pieces schema`) and commit it";
    assert_eq!(
        std::fs::read_to_string(dir.join("fide.json")).unwrap(),
        PieceSet::fide().to_json(),
        "lessons/pieces/fide.json {stale}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("piece-set.schema.json")).unwrap(),
        piece_set_schema(),
        "lessons/pieces/piece-set.schema.json {stale}"
    );
}

#[test]
fn the_built_in_sets_read() {
    let fide =
        PieceSet::parse(&std::fs::read_to_string(pieces_dir().join("fide.json")).unwrap()).unwrap();
    assert_eq!(fide, PieceSet::builtin("fide").unwrap());
    for (row, piece) in FORMULAS.iter().zip(&fide.pieces) {
        assert_eq!(
            (piece.id.as_str(), piece.letter, piece.strength, &piece.lines[..]),
            (row.kind.name(), row.letter, Some(2), row.lines)
        );
    }
    let t1 = PieceSet::builtin("chess-t1").unwrap();
    let summary: Vec<(&str, char, Option<u8>, bool)> =
        t1.pieces.iter().map(|p| (p.id.as_str(), p.letter, p.strength, p.royal)).collect();
    assert_eq!(
        summary,
        vec![
            ("prince", 'P', Some(3), true),
            ("ritter", 'R', Some(4), false),
            ("wer-knecht", 'W', Some(3), false),
            ("knecht", 'N', Some(2), false)
        ]
    );
    assert_eq!(t1.pieces[1].may_not_enter, vec!["castle".to_string()]);
    assert!(PieceSet::builtin("chess-t2").is_none());
}

#[test]
fn the_fide_names_are_the_catalogues() {
    // the catalogue's piece names live in board.js (the plain board's first load; messages-core.js takes them from there)
    let ru = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../www/i18n/ru/board.js"),
    )
    .unwrap();
    for f in &FORMULAS {
        let id = format!("piece-{}", f.kind.name());
        let (name_ru, name_en) = FIDE_NAMES[f.kind.index()];
        assert_eq!(chess_tutor::message::en::template(&id), Some(name_en), "{id}");
        assert!(ru.contains(&format!("\"{id}\": \"{name_ru}\"")), "{id}: {name_ru}");
    }
}

/// A set with one piece whose fields are `piece` (JSON members after `"id": "a"`).
fn set_with(piece: &str) -> String {
    format!(
        "{{\n  \"id\": \"s\",\n  \"name\": {{ \"ru\": \"Набор\", \"en\": \"Set\" }},\n  \"regions\": [ {{ \"id\": \"castle\", \"squares\": [\"e1\"] }} ],\n  \"pieces\": [\n    {{ \"id\": \"a\", {piece} }}\n  ]\n}}\n"
    )
}

const NAME: &str = r#""name": { "ru": "А", "en": "A" }"#;
const LINES: &str = r#""lines": [ { "di": [1], "dj": [0] } ]"#;

/// The first error: `line:col pointer id`.
fn first_error(text: &str) -> String {
    let found = PieceSet::parse(text).expect_err("the set is refused");
    let d = &found[0];
    format!("{}:{} {} {}", d.line, d.col, d.pointer, d.message.id)
}

#[test]
fn a_good_set_reads() {
    let set = PieceSet::parse(&set_with(&format!(
        "{NAME}, \"letter\": \"a\", \"may_not_enter\": [\"castle\"], {LINES}"
    )))
    .unwrap();
    assert_eq!(set.pieces[0].letter, 'A', "letters are kept in upper case");
}

#[test]
fn malformed_sets_are_refused_at_their_place() {
    let cases = [
        // unknown field
        (format!("{NAME}, \"lettr\": \"A\", {LINES}"), "6:52 /pieces/0/lettr json-unknown-field"),
        // not a letter
        (format!("{NAME}, \"letter\": \"1\", {LINES}"), "6:52 /pieces/0/letter pieces-bad-letter"),
        // two characters
        (format!("{NAME}, \"letter\": \"AB\", {LINES}"), "6:52 /pieces/0/letter json-bad-value"),
        // ΔI value 2
        (format!("{NAME}, \"letter\": \"A\", \"lines\": [ {{ \"di\": [1, 2], \"dj\": [0] }} ]"), "6:90 /pieces/0/lines/0/di/1 json-bad-value"),
        // no lines
        (format!("{NAME}, \"letter\": \"A\", \"lines\": []"), "6:67 /pieces/0/lines pieces-no-lines"),
        // an empty ΔJ
        (format!("{NAME}, \"letter\": \"A\", \"lines\": [ {{ \"di\": [1], \"dj\": [] }} ]"), "6:91 /pieces/0/lines/0/dj pieces-empty-deltas"),
        // both zero
        (format!("{NAME}, \"letter\": \"A\", \"lines\": [ {{ \"di\": [0], \"dj\": [0] }} ]"), "6:78 /pieces/0/lines/0 pieces-no-step"),
        // n out of range
        (format!("{NAME}, \"letter\": \"A\", \"lines\": [ {{ \"di\": [1], \"dj\": [0], \"n\": [0, 8] }} ]"), "6:102 /pieces/0/lines/0/n pieces-bad-n"),
        // a scale of 0
        (format!("{NAME}, \"letter\": \"A\", \"lines\": [ {{ \"di\": [1], \"dj\": [0], \"scale\": [0, 1] }} ]"), "6:102 /pieces/0/lines/0/scale pieces-bad-scale"),
        // a region not declared
        (format!("{NAME}, \"letter\": \"A\", \"may_not_enter\": [\"tower\"], {LINES}"), "6:85 /pieces/0/may_not_enter/0 pieces-unknown-region"),
        (format!("{NAME}, \"letter\": \"A\", \"may_not_enter\": [\"castel\"], {LINES}"), "6:85 /pieces/0/may_not_enter/0 pieces-unknown-region-near"),
        // strength not a number
        (format!("{NAME}, \"letter\": \"A\", \"strength\": \"3\", {LINES}"), "6:67 /pieces/0/strength json-wrong-type"),
        (format!("{NAME}, \"letter\": \"A\", \"strength\": 1.5, {LINES}"), "6:67 /pieces/0/strength json-wrong-type"),
        // a bad image name, a bad id, an empty name
        (format!("{NAME}, \"letter\": \"A\", \"image\": \"../x\", {LINES}"), "6:67 /pieces/0/image pieces-bad-image"),
        (r#""name": { "ru": "", "en": "A" }, "letter": "A", "lines": [ { "di": [1], "dj": [0] } ]"#.to_string(), "6:28 /pieces/0/name/ru check-empty-translation"),
        // a mode that does not exist
        (format!("{NAME}, \"letter\": \"A\", \"lines\": [ {{ \"di\": [1], \"dj\": [0], \"mode\": \"capture\" }} ]"), "6:102 /pieces/0/lines/0/mode json-unknown-value-choices"),
    ];
    let got: Vec<String> = cases.iter().map(|(piece, _)| first_error(&set_with(piece))).collect();
    let want: Vec<&str> = cases.iter().map(|(_, w)| *w).collect();
    assert_eq!(got, want);
}

#[test]
fn set_level_errors() {
    let two = r#"{ "id": "Bad Id", "name": { "ru": "Н", "en": "S" }, "pieces": [
  { "id": "a", "name": { "ru": "А", "en": "A" }, "letter": "A", "lines": [ { "di": [1], "dj": [0] } ] },
  { "id": "a", "name": { "ru": "Б", "en": "B" }, "letter": "a", "lines": [ { "di": [1], "dj": [0] } ] }
] }"#;
    let found = PieceSet::parse(two).unwrap_err();
    let got: Vec<String> = found
        .iter()
        .map(|d| format!("{}:{} {} {}", d.line, d.col, d.pointer, d.message.id))
        .collect();
    assert_eq!(
        got,
        vec![
            "1:3 /id pieces-bad-id",
            "3:5 /pieces/1/id pieces-id-twice",
            "3:50 /pieces/1/letter pieces-letter-twice"
        ]
    );
    assert_eq!(
        found[2].render("x.json"),
        "x.json:3:50: /pieces/1/letter: the letter A is taken by the piece 'a'"
    );
    assert_eq!(
        first_error(r#"{ "id": "s", "name": { "ru": "Н", "en": "S" }, "pieces": [] }"#),
        "1:48 /pieces pieces-none"
    );
    assert_eq!(first_error("{ \"id\": \"s\", "), "1:13  json-eof");
    let bad_square = r#"{ "id": "s", "name": { "ru": "Н", "en": "S" }, "regions": [ { "id": "c", "squares": ["z9"] } ], "pieces": [] }"#;
    assert_eq!(first_error(bad_square), "1:86 /regions/0/squares/0 check-bad-square");
}

proptest! {
    /// No input makes the set reader panic.
    #[test]
    fn any_text_is_answered(text in ".{0,200}") {
        let _ = PieceSet::parse(&text);
    }

    #[test]
    fn any_json_shaped_text_is_answered(n in 0usize..40, cut in 0usize..2000) {
        let base = std::fs::read_to_string(pieces_dir().join("chess-t1.json")).unwrap();
        let mut text: String = base.chars().take(cut.min(base.chars().count())).collect();
        text.push_str(&"]}".repeat(n % 3));
        let _ = PieceSet::parse(&text);
    }
}
