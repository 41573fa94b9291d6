//! Every wrong answer says why: a quiz square explained from the position, a best move without
//! written feedback, a question's chosen explanation, the endgame reply in concrete words.
#![cfg(not(target_arch = "wasm32"))]

use chess_tutor::board::Square;
use chess_tutor::lesson::player::LessonPlayer;

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn player(json: &str) -> LessonPlayer {
    LessonPlayer::new(serde_json::from_str(json).unwrap()).unwrap()
}

fn quiz(fen: &str, square: &str) -> LessonPlayer {
    player(&format!(
        r#"{{ "id": "q", "title": {{ "ru": "Q", "en": "Q" }}, "intro": {{ "ru": "И", "en": "I" }}, "position": "{fen}", "goal": {{ "type": "targets", "square": "{square}" }} }}"#
    ))
}

/// The failure's message in English after a wrong click on `to`.
fn wrong_click(p: &mut LessonPlayer, to: &str) -> (String, String) {
    let out = p.click(sq(to));
    assert_eq!(out.correct, Some(false), "{to} should be wrong");
    let f = out.failure.unwrap();
    (f.message.id.to_string(), f.message.to_string())
}

#[test]
fn a_knight_that_cannot_reach_a_square_says_how_it_moves() {
    let mut p = quiz("4k3/8/8/8/8/5N2/8/4K3 w - - 0 1", "f3");
    let (id, text) = wrong_click(&mut p, "e4");
    assert_eq!(id, "lesson-quiz-no-line-knight");
    assert_eq!(text, "The knight on f3 can't reach e4: it moves in an L — two squares one way and one to the side.");
}

#[test]
fn a_rook_blocked_on_its_line_names_the_piece_in_the_way() {
    let mut p = quiz("4k3/8/8/8/p7/8/8/R3K3 w - - 0 1", "a1");
    let (id, text) = wrong_click(&mut p, "a6");
    assert_eq!(id, "lesson-quiz-blocked");
    assert_eq!(text, "The rook can't jump over the pawn on a4.");
    // a square off its lines
    let (id, _) = wrong_click(&mut p, "b3");
    assert_eq!(id, "lesson-quiz-no-line-rook");
}

#[test]
fn an_own_piece_on_the_square_is_said() {
    let mut p = quiz("4k3/8/8/8/4P3/8/8/Q3K3 w - - 0 1", "a1");
    let (id, text) = wrong_click(&mut p, "e1");
    assert_eq!(
        (id.as_str(), text.as_str()),
        ("lesson-quiz-own", "Your own king stands on e1: a piece can't go there.")
    );
}

#[test]
fn a_pinned_piece_would_leave_the_king_in_check() {
    // the bishop on e2 is pinned by the rook on e8
    let mut p = quiz("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1", "e2");
    let (id, text) = wrong_click(&mut p, "d3");
    assert_eq!(id, "lesson-quiz-king");
    assert_eq!(text, "The bishop can't go to d3: it would leave the king in check.");
}

#[test]
fn a_wrong_best_move_without_feedback_names_the_opponents_answer() {
    // the answer is Rxd8+; Ra8?? walks into nothing, but Kh1 lets Black take the rook on d1
    let json = r#"{ "id": "b", "title": { "ru": "B", "en": "B" }, "intro": { "ru": "И", "en": "I" }, "position": "3r2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "goal": { "type": "best_move", "answers": ["Rxd8#"] } }"#;
    let mut p = player(json);
    let out = p.play(sq("g1"), sq("h1"), None);
    let f = out.failure.unwrap();
    assert_eq!(f.message.id, "lesson-not-best-mate");
    assert_eq!(
        f.message.to_string(),
        "That's not the best move: after it, Black can mate with Rxd1# (see the arrow). Try again!"
    );
    assert_eq!((f.arrows[0].from, f.arrows[0].to), (sq("d8"), sq("d1")));
    // a move after which Black takes something
    p.retry();
    let out = p.play(sq("d1"), sq("d5"), None);
    let f = out.failure.unwrap();
    assert_eq!(f.message.id, "lesson-not-best-reply");
    assert_eq!(
        f.message.to_string(),
        "That's not the best move: after it, Black can play Rxd5 (see the arrow). Try again!"
    );
}

#[test]
fn a_wrong_question_answer_gives_the_chosen_explanation() {
    let json = r#"{ "id": "q", "title": { "ru": "Q", "en": "Q" }, "intro": { "ru": "И", "en": "I" }, "position": "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "goal": { "type": "question", "question": { "ru": "В?", "en": "Q?" }, "choices": [{ "ru": "да", "en": "yes" }, { "ru": "нет", "en": "no" }], "answer": 0,
                  "explain": [ { "ru": "Да.", "en": "Yes, because." }, { "ru": "Нет.", "en": "No: look again." } ] },
        "learned": { "ru": "Выучили.", "en": "Learned." } }"#;
    let mut p = player(json);
    assert!(p.lesson().learned.is_some());
    let out = p.answer(1);
    assert_eq!(out.correct, Some(false));
    assert_eq!(out.feedback.unwrap().en(), "No: look again.");
    let out = p.answer(0);
    assert_eq!(out.feedback.unwrap().en(), "Yes, because.");
}
