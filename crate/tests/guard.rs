//! The input guard through the command line (issue 17): a file of 100,000 nested brackets is
//! refused with its place and exit 1 (it aborted the CLI with a stack overflow), a lesson saved
//! with a byte-order mark loads, and every reader bounds its input.

use std::path::PathBuf;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chess-tutor")).args(args).output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh folder for one test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ct-guard-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn deep(levels: usize) -> String {
    "[".repeat(levels) + &"]".repeat(levels)
}

#[test]
fn a_lesson_nested_100000_deep_is_refused_at_its_place_with_exit_1() {
    let dir = folder("deep");
    let file = dir.join("deep.json");
    std::fs::write(&file, deep(100_000)).unwrap();
    let shown = file.to_string_lossy().into_owned();
    let o = run(&["lesson", "check", &shown]);
    assert_eq!(o.status.code(), Some(1), "{}{}", text(&o.stdout), text(&o.stderr));
    let first = text(&o.stdout).lines().next().unwrap_or("").to_string();
    assert_eq!(
        first,
        format!("{shown}:1:65: /: brackets are nested more than 64 deep on line 1: a lesson never needs that many; look for brackets '[' or '{{' that are never closed")
    );
    // the same inside an object, on a later line
    std::fs::write(&file, format!("{{\n  \"id\": \"deep\",\n  \"title\": {}\n}}\n", deep(100_000)))
        .unwrap();
    let o = run(&["lesson", "check", &shown]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stdout).starts_with(&format!(
            "{shown}:3:75: /: brackets are nested more than 64 deep on line 3"
        )),
        "{}",
        text(&o.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_course_and_a_piece_set_nested_deep_are_refused() {
    let dir = folder("deep-set");
    let set = dir.join("set.json");
    std::fs::write(&set, format!("{{\"id\": \"s\", \"pieces\": {}}}", deep(100_000))).unwrap();
    let shown = set.to_string_lossy().into_owned();
    let o = run(&["targets", "--pieces", &shown, "8/8/8/8/8/8/8/8 w - - 0 1", "e5"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr)
            .contains(&format!("{shown}:1:86: /: brackets are nested more than 64 deep")),
        "{}",
        text(&o.stderr)
    );
    std::fs::write(dir.join("course.json"), deep(100_000)).unwrap();
    let o = run(&["lesson", "check", &dir.join("course.json").to_string_lossy()]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stdout));
    assert!(
        text(&o.stdout).contains("brackets are nested more than 64 deep"),
        "{}",
        text(&o.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_lesson_with_a_byte_order_mark_loads() {
    let dir = folder("bom");
    let lesson =
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../lessons/bishop-stars-1.json"))
            .unwrap();
    let file = dir.join("bishop-stars-1.json");
    std::fs::write(&file, [b"\xEF\xBB\xBF".as_slice(), &lesson].concat()).unwrap();
    let o = run(&["lesson", "check", &file.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(0), "{}{}", text(&o.stdout), text(&o.stderr));
    assert!(text(&o.stderr).contains("0 error(s)"), "{}", text(&o.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_fen_a_text_board_and_a_pgn_are_bounded() {
    let long_fen = format!("{} w - - 0 1", "8/".repeat(150));
    let o = run(&["moves", &long_fen]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("this FEN is 310 bytes long; the tutor reads at most 256 bytes"),
        "{}",
        text(&o.stderr)
    );
    // a text board of 8 lines of 200 characters
    let board = vec![".".repeat(200); 8].join("\n");
    let e = chess_tutor::notation::parse_text_board(&board).unwrap_err();
    assert_eq!(e.message().id, "input-too-long");
    assert!(chess_tutor::notation::parse_text_board(&format!(
        "\u{feff}{}",
        ["........"; 8].join("\n")
    ))
    .is_ok());
    // a PGN of more than 8 MiB
    let dir = folder("pgn");
    let file = dir.join("big.pgn");
    std::fs::write(&file, "1. e4 e5 ".repeat(1 << 20)).unwrap();
    let o = run(&["pgn", &file.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr)
            .contains("this PGN is 9437184 bytes long; the tutor reads at most 8388608 bytes"),
        "{}",
        text(&o.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
