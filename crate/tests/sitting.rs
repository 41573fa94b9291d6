//! The stars of a sitting: "Try again" does not forget the mistakes before it, and the hints
//! that show the move count as one mistake together (issue 37; however many: a child who cannot
//! read follows them move by move, issue 39). The rule is the player's, so the app, the class
//! server and every package (xAPI, SCORM, cmi5, H5P) give the same stars.
#![cfg(not(target_arch = "wasm32"))]

use chess_tutor::board::Square;
use chess_tutor::lesson::attempt::Progress;
use chess_tutor::lesson::file::Lesson;
use chess_tutor::lesson::player::LessonPlayer;
use std::path::Path;

fn player(id: &str) -> LessonPlayer {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../lessons/{id}.json"));
    let lesson: Lesson = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    LessonPlayer::new(lesson).unwrap()
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn play(p: &mut LessonPlayer, from: &str, to: &str) -> Progress {
    p.play(sq(from), sq(to), None).progress
}

#[test]
fn a_right_move_at_once_earns_three_stars() {
    let mut p = player("tactic-fork");
    assert_eq!(play(&mut p, "b5", "c7"), Progress::Done { stars: 3 });
    assert_eq!((p.attempt().mistakes, p.attempt().hints_shown), (0, 0));
}

#[test]
fn a_wrong_move_then_try_again_keeps_the_mistake() {
    let mut p = player("tactic-fork");
    assert_eq!(play(&mut p, "b5", "d6"), Progress::Failed);
    p.retry();
    assert_eq!(p.progress(), Progress::Playing);
    assert_eq!(p.attempt().mistakes, 1, "the retry remembers the wrong move");
    assert_eq!(play(&mut p, "b5", "c7"), Progress::Done { stars: 2 });
    assert_eq!(p.attempt().mistakes, 1);
}

#[test]
fn three_failed_tries_leave_one_star_never_none() {
    let mut p = player("tactic-fork");
    for _ in 0..3 {
        assert_eq!(play(&mut p, "b5", "d6"), Progress::Failed);
        p.retry();
    }
    assert_eq!(p.attempt().mistakes, 3);
    assert_eq!(play(&mut p, "b5", "c7"), Progress::Done { stars: 1 });
}

#[test]
fn a_hint_that_shows_the_move_counts_as_a_mistake() {
    let mut p = player("tactic-fork");
    assert_eq!(p.hint().unwrap().stage, 1);
    assert_eq!(p.attempt().hints_shown, 0, "the piece alone is not the move");
    assert_eq!(p.hint().unwrap().stage, 2);
    assert_eq!(p.hint().unwrap().stage, 2);
    assert_eq!(p.attempt().hints_shown, 1, "the same move shown again counts once");
    assert_eq!(play(&mut p, "b5", "c7"), Progress::Done { stars: 2 });
}

#[test]
fn in_a_lesson_that_counts_moves_a_failed_try_costs_a_star() {
    // mate in 1: a move that does not mate fails the try; the retry's mate in one move earns 2
    let mut p = player("mate-1-queen");
    assert_eq!(play(&mut p, "b1", "b2"), Progress::Failed);
    p.retry();
    assert_eq!(play(&mut p, "b1", "b7"), Progress::Done { stars: 2 });
    assert_eq!(p.attempt().earlier, 1);
    assert_eq!(p.attempt().star_cost, 1);
}

#[test]
fn in_a_lesson_that_counts_moves_the_hinted_move_costs_a_star() {
    let mut p = player("mate-1-queen");
    p.hint();
    p.hint();
    assert_eq!(play(&mut p, "b1", "b7"), Progress::Done { stars: 2 });
    // the hint and a failed try: two stars lost, the last one stays
    let mut p = player("mate-1-queen");
    p.hint();
    p.hint();
    assert_eq!(play(&mut p, "b1", "b2"), Progress::Failed);
    p.retry();
    assert_eq!((p.attempt().mistakes, p.attempt().hints_shown), (1, 1));
    assert_eq!(play(&mut p, "b1", "b7"), Progress::Done { stars: 1 });
}

/// Follows the hints to the end: at each position the piece, then the move, then plays it.
fn follow_hints(p: &mut LessonPlayer) -> u32 {
    let mut shown = 0;
    while p.progress() == Progress::Playing {
        assert_eq!(p.hint().unwrap().stage, 1, "the piece first");
        let h = p.hint().unwrap();
        let arrow = h.arrow.expect("the move, by an arrow");
        p.play(arrow.from, arrow.to, None);
        shown += 1;
        assert!(shown < 40, "the hints lead to the end");
    }
    shown
}

#[test]
fn a_drill_followed_hint_by_hint_keeps_two_stars() {
    // the child who cannot read: two taps on ? before each move of a star drill
    for id in ["rook-stars-1", "bishop-stars-1", "queen-stars-1", "knight-stars-1"] {
        let mut p = player(id);
        let shown = follow_hints(&mut p);
        assert!(shown >= 2, "{id}: {shown} moves shown");
        assert_eq!(p.attempt().hints_shown, shown, "{id}");
        assert_eq!(
            p.progress(),
            Progress::Done { stars: 2 },
            "{id}: the help costs one star, once"
        );
        assert_eq!(p.attempt().star_cost, 1, "{id}");
    }
}

#[test]
fn the_piece_alone_is_free_the_move_shown_costs_one_star_however_often() {
    // a hint that only shows which piece moves costs nothing, in every position of a drill
    let mut p = player("rook-stars-1");
    for (from, to) in [("a1", "a5"), ("a5", "e5"), ("e5", "e8")] {
        assert_eq!(p.hint().unwrap().stage, 1);
        play(&mut p, from, to);
    }
    assert_eq!((p.attempt().hints_shown, p.progress()), (0, Progress::Done { stars: 3 }));
    // a "where can it go?" quiz: each hint shows a square, together they are one mistake
    let mut p = player("rook-targets");
    for _ in 0..3 {
        p.hint();
    }
    assert_eq!(
        (p.attempt().hints_shown, p.attempt().help(), p.attempt().counted_mistakes()),
        (3, 1, 1)
    );
}

#[test]
fn starting_again_without_a_mistake_costs_nothing() {
    let mut p = player("rook-stars-1");
    assert_eq!(play(&mut p, "a1", "a3"), Progress::Playing);
    p.retry();
    assert_eq!(p.attempt().mistakes, 0);
    for (from, to) in [("a1", "a5"), ("a5", "e5"), ("e5", "e8")] {
        play(&mut p, from, to);
    }
    assert_eq!(p.progress(), Progress::Done { stars: 3 });
}

#[test]
fn after_the_lesson_is_done_a_new_sitting_begins() {
    let mut p = player("tactic-fork");
    play(&mut p, "b5", "d6");
    p.retry();
    assert_eq!(play(&mut p, "b5", "c7"), Progress::Done { stars: 2 });
    p.retry();
    assert_eq!((p.attempt().mistakes, p.attempt().hints_shown, p.attempt().earlier), (0, 0, 0));
    assert_eq!(play(&mut p, "b5", "c7"), Progress::Done { stars: 3 });
    // restart: a new sitting at any time (a lesson opened again)
    play(&mut p, "b5", "d6");
    p.restart();
    assert_eq!(play(&mut p, "b5", "c7"), Progress::Done { stars: 3 });
}

#[test]
fn a_question_counts_the_wrong_answers_of_every_try() {
    let mut p = player("check-question");
    assert_eq!(p.answer(1).correct, Some(false));
    p.retry();
    assert_eq!(p.attempt().mistakes, 1);
    let out = p.answer(0);
    assert_eq!(out.correct, Some(true));
    assert_eq!(out.progress, Progress::Done { stars: 2 });
}

#[test]
fn the_class_servers_judge_counts_the_hints_where_they_were_asked() {
    use chess_tutor::lesson::judge::{judge_report, judge_report_hinted, Tools};
    let lesson = || player("tactic-fork").lesson().clone();
    let tools = Tools::default();
    assert_eq!(judge_report(lesson(), &["b5c7"], &[], &tools).judgement.stars, 3);
    // the piece only: no cost; the piece, then the move: one mistake, as in the app
    assert_eq!(judge_report_hinted(lesson(), &["b5c7"], &[], &[0], &tools).judgement.stars, 3);
    assert_eq!(judge_report_hinted(lesson(), &["b5c7"], &[], &[0, 0], &tools).judgement.stars, 2);
    // mate in one: the move shown costs a star of the moves' three
    let mate = || player("mate-1-queen").lesson().clone();
    let r = judge_report_hinted(mate(), &["b1b7"], &[], &[0, 0, 0], &tools);
    assert_eq!((r.judgement.solved, r.judgement.stars), (true, 2));
    // a star drill with the piece and the move shown before every move (the child who cannot
    // read): the help costs one star of three, as in the app
    let drill = || player("rook-stars-1").lesson().clone();
    let moves = ["a1a5", "a5e5", "e5e8"];
    let r = judge_report_hinted(drill(), &moves, &[], &[0, 0, 1, 1, 2, 2], &tools);
    assert_eq!((r.judgement.solved, r.judgement.stars), (true, 2));
    // a hint said to be asked after the end, or past a move that was not played: nothing more
    assert_eq!(judge_report_hinted(mate(), &["b1b7"], &[], &[5, 9], &tools).judgement.stars, 3);
}

#[test]
fn a_hint_that_shows_a_promotion_names_the_piece_to_choose() {
    let text = r#"{"id": "promote-hint", "title": {"ru": "Звезда", "en": "A star"},
        "intro": {"ru": "Собери звезду!", "en": "Collect the star!"},
        "position": ["........", "P.......", "........", "........", "........", "........",
                     "........", "........", "w - - 0 1"],
        "goal": {"type": "stars", "squares": ["a8"]}, "par": 1}"#;
    let lesson: Lesson = serde_json::from_str(text).unwrap();
    let mut p = LessonPlayer::new(lesson).unwrap();
    let piece = p.hint().unwrap();
    assert_eq!((piece.stage, piece.promotion), (1, None), "the piece first: nothing to choose yet");
    let shown = p.hint().unwrap();
    let becomes = shown.promotion.expect("the move shown is a promotion: its piece is named");
    assert_eq!(shown.message.id, "lesson-hint-promote");
    let arrow = shown.arrow.unwrap();
    assert_eq!((arrow.from, arrow.to), (sq("a7"), sq("a8")));
    let out = p.play(arrow.from, arrow.to, Some(becomes));
    assert!(matches!(out.progress, Progress::Done { .. }), "{out:?}");
}
