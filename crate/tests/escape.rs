//! The `escape` goal (issue 24): the checker and the doctor refuse a piece that is not attacked
//! or already safe and prove that a saving move exists; the player accepts a move that leaves no
//! piece of the child's to be won by a static exchange (moving away, defending, taking the
//! attacker) and explains any other move with an arrow from the taker; the hint shows a saving
//! move; the command-line checker checks such a lesson.

use chess_tutor::board::Square;
use chess_tutor::lesson::attempt::Progress;
use chess_tutor::lesson::player::LessonPlayer;
use chess_tutor::lesson::{check_lesson_text, Lesson, Severity};
use std::path::PathBuf;

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// An escape lesson for the piece on `square` in `fen`.
fn lesson(fen: &str, square: &str, extra: &str) -> String {
    format!(
        r#"{{
  "id": "x",
  "title": {{ "ru": "Спаси коня", "en": "Save the knight" }},
  "intro": {{ "ru": "Ладья нападает на коня.", "en": "The rook attacks the knight." }},
  "position": "{fen}",
  "goal": {{ "type": "escape", "square": "{square}" }}{extra}
}}"#
    )
}

/// The knight on d4 hangs to the rook on d8; the pawn on c2 may defend it from c3.
const HANGING: &str = "3r2k1/8/8/8/3N4/8/2P5/6K1 w - - 0 1";

fn errors(text: &str) -> Vec<String> {
    check_lesson_text(text, Some("x"))
        .1
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| format!("{} {}", d.pointer, d.message.id))
        .collect()
}

fn player(text: &str) -> LessonPlayer {
    LessonPlayer::new(serde_json::from_str::<Lesson>(text).unwrap()).unwrap()
}

#[test]
fn a_hanging_piece_is_a_lesson_and_the_doctor_finds_a_saving_move() {
    let (lesson, found) = check_lesson_text(&lesson(HANGING, "d4", ""), Some("x"));
    assert!(lesson.is_some());
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn a_piece_not_attacked_or_already_safe_is_refused_in_a_teachers_words() {
    // the rook on a8 does not attack d4
    assert_eq!(
        errors(&lesson("r5k1/8/8/8/3N4/8/2P5/6K1 w - - 0 1", "d4", "")),
        ["/goal/square check-escape-not-attacked"]
    );
    // the pawn on c3 defends it: the rook would give 5 for 3
    assert_eq!(
        errors(&lesson("3r2k1/8/8/8/3N4/2P5/8/6K1 w - - 0 1", "d4", "")),
        ["/goal/square check-escape-safe"]
    );
    // no piece of the child's there, or the king
    assert_eq!(errors(&lesson(HANGING, "e4", "")), ["/goal/square check-no-piece-of"]);
    assert_eq!(errors(&lesson(HANGING, "g1", "")), ["/goal/square check-escape-king"]);
    // an opponent is refused: the enemy does not answer
    assert_eq!(
        errors(&lesson(HANGING, "d4", r#", "opponent": { "type": "defender" }"#)),
        ["/opponent check-escape-opponent"]
    );
    // the words exist in the catalogue
    let words = chess_tutor::lesson::check_lesson_text(
        &lesson("r5k1/8/8/8/3N4/8/2P5/6K1 w - - 0 1", "d4", ""),
        Some("x"),
    )
    .1[0]
        .message
        .to_string();
    assert_eq!(words, "the knight on d4 is not attacked: there is nothing to save it from");
}

#[test]
fn moving_away_defending_or_taking_the_attacker_saves_it() {
    let text = lesson(HANGING, "d4", "");
    // away
    let mut p = player(&text);
    let out = p.play(sq("d4"), sq("f5"), None);
    assert_eq!(
        (out.accepted, out.correct, out.progress),
        (true, Some(true), Progress::Done { stars: 3 })
    );
    // defended by the pawn
    let mut p = player(&text);
    let out = p.play(sq("c2"), sq("c3"), None);
    assert_eq!(out.progress, Progress::Done { stars: 3 }, "{out:?}");
    // taking the attacker: the black knight on e7 attacks the knight on c6, which takes it
    let take = lesson("6k1/4n3/2N5/8/8/8/8/6K1 w - - 0 1", "c6", "");
    assert!(errors(&take).is_empty(), "{:?}", errors(&take));
    let mut p = player(&take);
    assert_eq!(p.play(sq("c6"), sq("e7"), None).progress, Progress::Done { stars: 3 });
}

#[test]
fn a_move_that_leaves_a_piece_to_be_won_fails_with_the_takers_arrow() {
    let mut p = player(&lesson(HANGING, "d4", ""));
    // the king steps aside: the knight still hangs
    let out = p.play(sq("g1"), sq("g2"), None);
    assert_eq!((out.correct, out.progress), (Some(false), Progress::Failed));
    let failure = out.failure.unwrap();
    assert_eq!((failure.id, failure.message.id), ("not-safe", "lesson-escape-not-safe"));
    assert_eq!(
        failure.message.to_string(),
        "The knight on d4 can still be won! Look at the arrow."
    );
    assert_eq!((failure.arrows[0].from, failure.arrows[0].to), (sq("d8"), sq("d4")));
    // a pawn move that does not defend it
    p.retry();
    let failure = p.play(sq("c2"), sq("c4"), None).failure.unwrap();
    assert_eq!((failure.arrows[0].from, failure.arrows[0].to), (sq("d8"), sq("d4")));
}

#[test]
fn the_hint_shows_the_piece_in_danger_then_a_saving_move() {
    let mut p = player(&lesson(HANGING, "d4", ""));
    let first = p.hint().unwrap();
    assert_eq!((first.stage, first.square), (1, sq("d4")));
    let second = p.hint().unwrap();
    let arrow = second.arrow.unwrap();
    assert_eq!(arrow.from, sq("d4"));
    // the second hint showed the move: it costs a star, as a mistake does (the stars of the sitting)
    assert_eq!(p.play(arrow.from, arrow.to, None).progress, Progress::Done { stars: 2 });
}

#[test]
fn the_command_line_checks_an_escape_lesson() {
    let dir = std::env::temp_dir().join(format!("ct-escape-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file: PathBuf = dir.join("x.json");
    std::fs::write(&file, lesson(HANGING, "d4", "")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chess-tutor"))
        .args(["lesson", "check"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::write(&file, lesson("3r2k1/8/8/8/3N4/2P5/8/6K1 w - - 0 1", "d4", "")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chess-tutor"))
        .args(["lesson", "check"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let said =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("/goal/square") && said.contains("cannot be won: it is safe already"),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
