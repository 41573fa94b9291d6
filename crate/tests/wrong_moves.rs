//! Every wrong move explained from the formulas (issue 25): a move the piece cannot make says how
//! it moves (its formula, a piece in the way, the king), an idea lesson's wrong square says where
//! the arrow goes, the English copy says a drill's missed star with the board's way, and a drill
//! that is done leaves the turn with the child. (Which star a drill's move missed is found by
//! www/lesson.js from the rules' targets: tests/browser/words.test.mjs.)
#![cfg(not(target_arch = "wasm32"))]

use chess_tutor::board::Square;
use chess_tutor::lesson::player::LessonPlayer;
use chess_tutor::message::Message;
use std::path::Path;

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn lesson(id: &str) -> LessonPlayer {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../lessons/{id}.json"));
    LessonPlayer::new(serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap())
        .unwrap()
}

fn drill(fen: &str, goal: &str) -> LessonPlayer {
    let side = if fen.contains(" b ") { "black" } else { "white" };
    let json = format!(
        r#"{{ "id": "d", "title": {{ "ru": "Д", "en": "D" }}, "intro": {{ "ru": "И", "en": "I" }}, "position": "{fen}", "student": "{side}", "goal": {goal}, "par": 9 }}"#
    );
    LessonPlayer::new(serde_json::from_str(&json).unwrap()).unwrap()
}

#[test]
fn the_english_copy_says_where_the_star_is_from_where_the_piece_went() {
    let m = Message::new("lesson-went")
        .with("piece", "rook")
        .with("to", "a6")
        .with("aim", "star")
        .with("square", "a4");
    assert_eq!(m.to_string(), "The rook went to a6. The star is on a4: 2 steps down from there.");
    let m = Message::new("lesson-went")
        .with("piece", "knight")
        .with("to", "e5")
        .with("aim", "capture")
        .with("square", "f7");
    assert_eq!(m.to_string(), "The knight went to e5. A piece to take is on f7: 2 steps up and 1 to the right from there.");
}

#[test]
fn a_move_the_piece_cannot_make_says_how_it_moves() {
    let mut p = lesson("bishop-stars-1");
    let fen = p.fen();
    let bishop = fen_square(&fen, 'B');
    let to = Square::from_ij(bishop.i() as i32 + 1, bishop.j() as i32).unwrap();
    let out = p.play(bishop, to, None);
    let f = out.failure.expect("refused");
    assert_eq!((f.id, f.message.id), ("illegal", "lesson-quiz-no-line-bishop"));
    assert!(f.message.to_string().contains("it moves only on diagonals"), "{}", f.message);
    // a piece in the way
    let mut p = drill("8/8/8/8/p7/8/8/R7 w - - 0 1", r#"{ "type": "stars", "squares": ["a6"] }"#);
    let f = p.play(sq("a1"), sq("a6"), None).failure.unwrap();
    assert_eq!(f.message.to_string(), "The rook can't jump over the pawn on a4.");
    // a knight's L
    let mut p = drill("8/8/8/8/8/8/8/1N6 w - - 0 1", r#"{ "type": "stars", "squares": ["c3"] }"#);
    let f = p.play(sq("b1"), sq("b3"), None).failure.unwrap();
    assert_eq!(f.message.id, "lesson-quiz-no-line-knight");
}

/// The square of the first piece `letter` in a FEN's placement.
fn fen_square(fen: &str, letter: char) -> Square {
    for (r, row) in fen.split(' ').next().unwrap().split('/').enumerate() {
        let mut j = 0;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                j += d as i32;
            } else {
                if c == letter {
                    return Square::from_ij(7 - r as i32, j).unwrap();
                }
                j += 1;
            }
        }
    }
    panic!("no {letter} in {fen}")
}

#[test]
fn an_idea_lesson_says_where_the_arrow_goes() {
    let mut p = lesson("idea-board");
    p.next_step();
    p.next_step();
    // the step's move: a1-a4
    let out = p.play(sq("a1"), sq("a6"), None);
    assert!(!out.accepted);
    let f = out.failure.unwrap();
    assert_eq!(f.message.to_string(), "Not a6: the arrow goes to a4, 2 steps down from there.");
    assert_eq!(f.arrows.len(), 1, "the arrow stays drawn");
    // a square the rook cannot reach: how it moves
    let f = p.play(sq("a1"), sq("b3"), None).failure.unwrap();
    assert_eq!(f.message.id, "lesson-quiz-no-line-rook");
    // the right move is played
    assert!(p.play(sq("a1"), sq("a4"), None).accepted);
}

#[test]
fn a_done_drill_leaves_the_turn_with_the_child() {
    // lesson 2's end said "Black to move" with no black piece on the board
    let mut p = lesson("board-names");
    p.play(sq("a1"), sq("a5"), None);
    let out = p.play(sq("a5"), sq("e5"), None);
    assert_eq!(out.progress, chess_tutor::lesson::attempt::Progress::Done { stars: 3 });
    assert_eq!(out.fen.split(' ').nth(1), Some("w"), "{}", out.fen);
}
