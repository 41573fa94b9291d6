//! Lessons: the starter course passes the checker and doctor, broken lessons are reported at
//! their place, the committed schemas are current, and no input makes the checker panic.
#![cfg(not(target_arch = "wasm32"))]

use chess_tutor::lesson::{check_lesson_text, course_schema, lesson_schema};
use proptest::prelude::*;
use std::path::Path;
use std::process::Command;

/// An argument of a message, as text (empty when absent).
fn arg(m: &chess_tutor::message::Message, name: &str) -> String {
    m.arg(name).map(|a| a.to_string()).unwrap_or_default()
}

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
    let expected =
        std::fs::read_to_string(crate_dir().join("tests/lessons-broken/expected.txt")).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}

#[test]
fn committed_schemas_are_current() {
    let dir = crate_dir().join("../lessons");
    let stale = "is stale: run `cargo run --release -- lesson schema` (add --course for the course) and commit it";
    assert_eq!(
        std::fs::read_to_string(dir.join("lesson.schema.json")).unwrap(),
        lesson_schema(),
        "lessons/lesson.schema.json {stale}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("course.schema.json")).unwrap(),
        course_schema(),
        "lessons/course.schema.json {stale}"
    );
}

#[test]
fn the_pages_goal_names_are_the_crates() {
    let file = crate_dir().join("../www/widget/goal-names.js");
    let written = std::fs::read_to_string(&file).unwrap_or_default();
    assert_eq!(
        written,
        chess_tutor::lesson::goal_names_js(),
        "www/widget/goal-names.js is stale: run `cargo run --release -q --bin chess-tutor -- lesson goals > www/widget/goal-names.js` and commit it"
    );
    for name in chess_tutor::lesson::GOAL_NAMES {
        assert!(written.contains(&format!("\"{name}\"")), "{name}");
    }
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
            prop_assert!(d.line >= 1 && d.col >= 1 && !d.message.text().is_empty());
        }
    }
}

// ---------------------------------------------------------------- king-and-pawn lessons

mod endgame {
    use super::arg;
    use chess_tutor::board::{Color, Square};
    use chess_tutor::endgame::{Endgame, Wdl};
    use chess_tutor::lesson::attempt::Progress;
    use chess_tutor::lesson::check_lesson_text;
    use chess_tutor::lesson::player::LessonPlayer;
    use chess_tutor::lesson::search::{fewest_moves_to_force, Aim};
    use chess_tutor::lesson::Lesson;
    use chess_tutor::notation::parse_fen;
    use std::sync::{Arc, OnceLock};

    fn eg() -> Arc<Endgame> {
        static EG: OnceLock<Arc<Endgame>> = OnceLock::new();
        EG.get_or_init(|| Arc::new(Endgame::native())).clone()
    }

    fn lesson(fen: &str, goal: &str, student: &str, par: Option<u32>) -> String {
        let par = par.map(|p| format!(",\n  \"par\": {p}")).unwrap_or_default();
        format!(
            r#"{{
  "id": "x",
  "title": {{ "ru": "Урок", "en": "Lesson" }},
  "intro": {{ "ru": "Вперёд!", "en": "Go!" }},
  "position": "{fen}",
  "rules": "auto_queen",
  "student": "{student}",
  "goal": {goal},
  "opponent": {{ "type": "solver" }}{par}
}}"#
        )
    }

    fn player(text: &str) -> LessonPlayer {
        let lesson: Lesson = serde_json::from_str(text).unwrap();
        LessonPlayer::with_endgame(lesson, eg()).unwrap()
    }

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    const RUN: &str = "8/8/8/8/1k4P1/8/8/K7 w - - 0 1";

    #[test]
    fn a_promote_lesson_against_the_solver_is_judged_move_by_move() {
        let text = lesson(RUN, r#"{ "type": "promote" }"#, "white", Some(4));
        let (_, found) = check_lesson_text(&text, Some("x"));
        assert!(found.is_empty(), "{found:?}");
        let mut p = player(&text);
        assert!(p.uses_endgame() && p.endgame_ready() && p.endgame_files().is_empty());
        assert_eq!(p.verdict().unwrap().result, Wdl::Win);
        let mut moves = 0;
        for (from, to) in [("g4", "g5"), ("g5", "g6"), ("g6", "g7"), ("g7", "g8")] {
            let out = p.play(sq(from), sq(to), None);
            moves += 1;
            let j = out.judgement.expect("judged");
            assert!(!j.mistake && j.best && j.before.result == Wdl::Win, "{from}{to}");
            if moves < 4 {
                assert!(out.reply.is_some());
                assert_eq!(out.progress, Progress::Playing);
            } else {
                assert_eq!(out.progress, Progress::Done { stars: 3 });
            }
        }
    }

    #[test]
    fn a_mistake_ends_the_attempt_with_the_refutation() {
        let text = lesson(RUN, r#"{ "type": "promote" }"#, "white", Some(4));
        let mut p = player(&text);
        let out = p.play(sq("a1"), sq("b2"), None);
        assert_eq!(out.progress, Progress::Failed);
        assert!(out.reply.is_none());
        let failure = out.failure.unwrap();
        assert_eq!(failure.id, "lost-win");
        let j = out.judgement.unwrap();
        assert!(j.mistake && !j.best);
        assert_eq!((j.before.result, j.after.result), (Wdl::Win, Wdl::Draw));
        assert_eq!(j.best_moves, ["g4g5"]);
        assert!(!j.refutation.is_empty());
        // The arrow shows the opponent's best reply, the refutation's first move.
        assert_eq!(
            failure.arrows[0].from.to_string() + &failure.arrows[0].to.to_string(),
            j.refutation[0]
        );
        p.retry();
        assert_eq!(p.progress(), Progress::Playing);
        assert_eq!(p.verdict().unwrap().result, Wdl::Win);
    }

    #[test]
    fn a_losing_move_can_be_taken_back_and_costs_a_star() {
        let text = lesson(RUN, r#"{ "type": "promote" }"#, "white", Some(4));
        let mut p = player(&text);
        assert!(!p.take_back(), "nothing to take back yet");
        assert_eq!(p.play(sq("a1"), sq("b2"), None).progress, Progress::Failed);
        assert!(p.take_back());
        assert!(!p.take_back(), "only the losing move");
        assert_eq!(p.progress(), Progress::Playing);
        assert_eq!(p.game().position().side, Color::White);
        assert_eq!(p.verdict().unwrap().result, Wdl::Win);
        let mut last = None;
        for (from, to) in [("g4", "g5"), ("g5", "g6"), ("g6", "g7"), ("g7", "g8")] {
            last = Some(p.play(sq(from), sq(to), None).progress);
        }
        // 4 moves, as the move list shows (the taken-back one does not count): the par of 4 for
        // 3 stars, less the one the take-back cost.
        assert_eq!(last, Some(Progress::Done { stars: 2 }));
        let a = p.attempt();
        assert_eq!((a.moves, a.taken_back, a.star_cost), (4, 1, 1));
    }

    #[test]
    fn a_draw_lesson_ends_when_the_last_enemy_man_falls_or_after_its_moves() {
        // Black steps into the square and catches the a-pawn.
        let text = lesson(
            "8/8/8/5k2/P7/8/8/7K b - - 0 1",
            r#"{ "type": "draw", "moves": 3 }"#,
            "black",
            None,
        );
        let (_, found) = check_lesson_text(&text, Some("x"));
        assert!(found.is_empty(), "{found:?}");
        let mut p = player(&text);
        assert_eq!(p.play(sq("f5"), sq("e5"), None).progress, Progress::Playing);
        let out = p.play(sq("e5"), sq("d6"), None);
        assert!(out.judgement.is_some_and(|j| !j.mistake));
        let out = p.play(sq("d6"), sq("c7"), None);
        assert_eq!(out.progress, Progress::Done { stars: 3 });
    }

    #[test]
    fn without_tables_a_solver_lesson_says_which_files_it_needs() {
        let text = lesson(RUN, r#"{ "type": "promote" }"#, "white", Some(4));
        let mut p = LessonPlayer::new(serde_json::from_str(&text).unwrap()).unwrap();
        assert_eq!(p.endgame_files(), ["kpk.bin", "kqk.bin"]);
        assert!(!p.endgame_ready() && p.verdict().is_none());
        let out = p.play(sq("g4"), sq("g5"), None);
        assert!(!out.accepted);
        assert_eq!(out.failure.unwrap().id, "no-tables");
        p.set_endgame(Arc::new(Endgame::new()));
        assert_eq!(p.endgame_files(), ["kpk.bin", "kqk.bin"]);
        p.set_endgame(eg());
        assert!(p.endgame_files().is_empty() && p.endgame_ready());
        assert!(p.play(sq("g4"), sq("g5"), None).accepted);
    }

    #[test]
    fn the_doctor_rejects_goals_perfect_play_makes_impossible() {
        // The king stands inside the square: the defender holds.
        let text =
            lesson("8/8/8/4k3/P7/8/8/7K w - - 0 1", r#"{ "type": "promote" }"#, "white", Some(4));
        let (_, found) = check_lesson_text(&text, Some("x"));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].pointer, "/goal");
        assert_eq!(
            (found[0].message.id, arg(&found[0].message, "task").as_str()),
            ("doctor-holds", "promote"),
            "{}",
            found[0].message
        );
        // Holding a draw in a lost position: White holds the opposition, Black must give way.
        let text =
            lesson("8/4k3/8/4K3/4P3/8/8/8 b - - 0 1", r#"{ "type": "draw" }"#, "black", None);
        let (_, found) = check_lesson_text(&text, Some("x"));
        assert!(
            found.iter().any(|d| d.pointer == "/goal"
                && d.message.id == "doctor-goal-lost"
                && arg(&d.message, "verdict") == "loses"
                && arg(&d.message, "side") == "black"),
            "{found:?}"
        );
        // Outside the classes, and by standard rules.
        let text =
            lesson("8/8/8/4k3/P7/8/8/R6K w - - 0 1", r#"{ "type": "promote" }"#, "white", Some(4));
        let (_, found) = check_lesson_text(&text, Some("x"));
        assert!(
            found.iter().any(|d| d.pointer == "/position"
                && d.message.id == "endgame-outside"
                && arg(&d.message, "piece") == "rook"),
            "{found:?}"
        );
        let text = lesson(RUN, r#"{ "type": "promote" }"#, "white", Some(4))
            .replace("\"auto_queen\"", "\"standard\"");
        let (_, found) = check_lesson_text(&text, Some("x"));
        assert!(
            found.iter().any(|d| d.pointer == "/opponent" && d.message.id == "check-solver-rules"),
            "{found:?}"
        );
    }

    #[test]
    fn par_is_the_fewest_moves_against_the_solver() {
        let text = lesson(RUN, r#"{ "type": "promote" }"#, "white", Some(3));
        let (_, found) = check_lesson_text(&text, Some("x"));
        assert_eq!(
            (found[0].message.id, arg(&found[0].message, "min").as_str()),
            ("doctor-solver-par-too-small", "4"),
            "{found:?}"
        );
        let text = lesson(RUN, r#"{ "type": "promote" }"#, "white", Some(6));
        let (_, found) = check_lesson_text(&text, Some("x"));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].severity, chess_tutor::lesson::Severity::Warning, "{found:?}");
        assert_eq!(
            (found[0].message.id, arg(&found[0].message, "min").as_str()),
            ("doctor-solver-par-too-big", "4"),
            "{found:?}"
        );
        // A win goal counts the moves to mate: Qg7# at once, or KQK from afar.
        let text =
            lesson("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", r#"{ "type": "win" }"#, "white", Some(1));
        let (_, found) = check_lesson_text(&text, Some("x"));
        assert!(found.is_empty(), "{found:?}");
        let eg = eg();
        let kqk = parse_fen("8/8/8/3k4/8/8/8/KQ6 w - - 0 1").unwrap();
        let dtm = eg.probe(&kqk).unwrap().distance;
        // In KQK the distance to conversion is the distance to mate.
        assert_eq!(fewest_moves_to_force(&eg, &kqk, Aim::Mate).unwrap(), Some(dtm.div_ceil(2)));
        // A pawn that must first win the other pawn: the trébuchet. A stubborn defender forces 7
        // (1.Kc6 Ke4 2.Kxd6 Kd4 3.Kc6 Ke5 4.d6 Ke6 5.Kc7 Kd5 6.d7 Kc4 7.d8=Q).
        let t = parse_fen("8/8/3p4/1K1Pk3/8/8/8/8 w - - 0 1").unwrap();
        assert_eq!(fewest_moves_to_force(&eg, &t, Aim::Promote).unwrap(), Some(7));
    }

    #[test]
    fn best_move_and_question_lessons_are_checked_by_the_solver() {
        let reti = r#"{
  "id": "x",
  "title": { "ru": "Урок", "en": "Lesson" },
  "intro": { "ru": "Вперёд!", "en": "Go!" },
  "position": "7K/8/k1P5/7p/8/8/8/8 w - - 0 1",
  "rules": "auto_queen",
  "goal": { "type": "best_move", "answers": ["Kg7"] }
}"#;
        let (_, found) = check_lesson_text(reti, Some("x"));
        assert!(found.is_empty(), "{found:?}");
        let (_, found) =
            check_lesson_text(&reti.replace("[\"Kg7\"]", "[\"Kg7\", \"c7\"]"), Some("x"));
        assert!(
            found.iter().any(|d| d.pointer == "/goal/answers/1"
                && d.message.id == "doctor-answer-throws"
                && arg(&d.message, "lost") == "draw"),
            "{found:?}"
        );
        let (_, found) = check_lesson_text(&reti.replace("[\"Kg7\"]", "[\"Kh7\"]"), Some("x"));
        assert!(
            found.iter().any(|d| d.pointer == "/goal/answers"
                && d.message.id == "doctor-also-draws"
                && arg(&d.message, "candidates") == "Kg7"),
            "{found:?}"
        );
        // The player judges each try in such a lesson.
        let mut p = player(reti);
        let out = p.play(sq("c6"), sq("c7"), None);
        assert_eq!(out.correct, Some(false));
        assert!(out.judgement.is_some_and(|j| j.mistake && j.best_moves == ["h8g7"]));
        // Without its tables it plays too, unjudged.
        let mut p = LessonPlayer::new(serde_json::from_str(reti).unwrap()).unwrap();
        assert!(p.uses_endgame() && !p.needs_endgame() && p.endgame_ready());
        assert_eq!(p.endgame_files().len(), 5);
        let out = p.play(sq("h8"), sq("g7"), None);
        assert!(out.accepted && out.judgement.is_none());
        assert_eq!(out.progress, Progress::Done { stars: 3 });
    }
}

#[test]
fn a_lesson_move_comes_back_with_its_move_info_position_and_status() {
    use chess_tutor::lesson::player::LessonPlayer;
    let sq = |s: &str| chess_tutor::board::Square::parse(s).unwrap();
    let mut p = LessonPlayer::new(serde_json::from_str(GOOD).unwrap()).unwrap();
    let out = p.play(sq("a1"), sq("a5"), None);
    let played = out.played.as_ref().unwrap();
    let chess_tutor::lesson::attempt::Played::Chess(played) = played else {
        panic!("a chess move")
    };
    assert_eq!(
        (played.san.as_str(), played.uci.as_str(), played.piece.name()),
        ("Ra5", "a1a5", "rook")
    );
    // A drill: the child moves again, so the position has White to move.
    assert_eq!(out.fen, "8/8/8/R7/8/8/8/8 w - - 1 1");
    assert_eq!(out.status.chess().unwrap().state, chess_tutor::rules::BoardState::Ongoing);
    let json = serde_json::to_value(&out).unwrap();
    assert_eq!(json["played"]["long"], "Ra1–a5");
    // A move the rook cannot make: a message with the squares, not prose; its words say how the
    // rook moves.
    let out = p.play(sq("a5"), sq("b7"), None);
    let failure = out.failure.unwrap();
    assert_eq!((failure.id, failure.message.id), ("illegal", "lesson-quiz-no-line-rook"));
    assert_eq!(
        serde_json::to_value(&failure.message).unwrap(),
        serde_json::json!({ "id": "lesson-quiz-no-line-rook", "args": { "from": "a5", "to": "b7" } })
    );
    assert_eq!(
        failure.message.to_string(),
        "The rook on a5 can't reach b7: it moves only straight, along a row or a column."
    );
}

// ---------------------------------------------------------------- lessons with a piece set

mod pieces {
    use super::{arg, crate_dir};
    use chess_tutor::board::Square;
    use chess_tutor::lesson::attempt::Progress;
    use chess_tutor::lesson::player::Player as VariantLessonPlayer;
    use chess_tutor::lesson::variant::resolve_set;
    use chess_tutor::lesson::{check_lesson_file, check_lesson_text, Lesson};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn text(id: &str) -> String {
        std::fs::read_to_string(crate_dir().join(format!("../lessons/{id}.json"))).unwrap()
    }

    fn player(text: &str) -> VariantLessonPlayer {
        let lesson: Lesson = serde_json::from_str(text).unwrap();
        let set = resolve_set(&lesson, &|_| None).unwrap().unwrap();
        VariantLessonPlayer::with_set(lesson, set).unwrap()
    }

    /// A lesson with chess-t1 pieces around a goal and a position (text board lines, or a FEN).
    fn lesson(position: &str, goal: &str, extra: &str) -> String {
        format!(
            r#"{{
  "id": "x",
  "title": {{ "ru": "Урок", "en": "Lesson" }},
  "intro": {{ "ru": "Вперёд!", "en": "Go!" }},
  "pieces": "chess-t1",
  "position": {position},
  "goal": {goal}{extra}
}}"#
        )
    }

    /// The findings as `line pointer id`, one each.
    fn findings(text: &str) -> Vec<String> {
        check_lesson_text(text, Some("x"))
            .1
            .iter()
            .map(|d| format!("{} {} {}", d.line, d.pointer, d.message.id))
            .collect()
    }

    #[test]
    fn fig_2_1_the_prince_quiz_has_exactly_the_seeds_squares() {
        let mut p = player(&text("t1-fig-2-1"));
        assert_eq!(p.quiz_total(), 13);
        let out = p.click(sq("d5"));
        assert_eq!(out.correct, Some(false));
        let failure = out.failure.unwrap();
        assert_eq!((failure.id, failure.message.id), ("weaker", "lesson-capture-weaker"));
        assert_eq!(
            (arg(&failure.message, "ours"), arg(&failure.message, "theirs")),
            ("1½".into(), "1½".into())
        );
        assert_eq!(p.click(sq("h2")).correct, Some(false));
        assert_eq!(p.click(sq("g3")).correct, Some(false));
        for s in ["e4", "f5", "e6", "f6", "g7", "h8", "d6", "c7", "b8", "d4", "c3", "b2", "f4"] {
            assert_eq!(p.click(sq(s)).correct, Some(true), "{s}");
        }
        // Three mistakes against a par of 1: two stars.
        assert_eq!(p.progress(), Progress::Done { stars: 2 });
    }

    #[test]
    fn fig_2_2_the_ritter_jumps_its_knecht_but_does_not_take_it() {
        let mut p = player(&text("t1-fig-2-2"));
        assert_eq!(p.quiz_total(), 7);
        assert_eq!(p.click(sq("c5")).correct, Some(false));
        for s in ["d6", "d7", "e5", "f5", "d4", "d3", "b5"] {
            assert_eq!(p.click(sq(s)).correct, Some(true), "{s}");
        }
        assert_eq!(p.progress(), Progress::Done { stars: 3 });
    }

    /// A t1-capture lesson asked as `can_capture` (the course asks who is stronger: three
    /// choices, no luck).
    fn can_capture(id: &str) -> String {
        let mut v: serde_json::Value = serde_json::from_str(&text(id)).unwrap();
        v["goal"] = serde_json::json!({ "type": "can_capture", "from": "e5", "to": "d5" });
        v.to_string()
    }

    #[test]
    fn can_capture_is_answered_by_the_rules_with_both_totals() {
        let mut p = player(&can_capture("t1-capture-no"));
        let wrong = p.answer(0);
        assert_eq!((wrong.correct, wrong.why.is_none()), (Some(false), true));
        let right = p.answer(1);
        assert_eq!(right.correct, Some(true));
        let why = right.why.unwrap();
        assert_eq!(
            (why.id, arg(&why, "ours"), arg(&why, "theirs")),
            ("lesson-why-no-capture", "1½".into(), "1½".into())
        );
        assert_eq!(p.progress(), Progress::Done { stars: 2 });

        let mut p = player(&can_capture("t1-capture-yes"));
        let right = p.answer(0);
        let why = right.why.unwrap();
        assert_eq!(
            (why.id, arg(&why, "ours"), arg(&why, "theirs")),
            ("lesson-why-capture", "3½".into(), "2½".into())
        );
        assert_eq!(p.progress(), Progress::Done { stars: 3 });
    }

    #[test]
    fn stronger_counts_the_force_on_the_square() {
        let mut p = player(&text("t1-stronger"));
        let why = p.answer(1).why.unwrap();
        assert_eq!(
            (why.id, arg(&why, "white"), arg(&why, "black")),
            ("lesson-why-black", "2½".into(), "3½".into())
        );
        let mut p = player(&text("t1-stronger-2"));
        assert_eq!(p.answer(2).correct, Some(false));
        let why = p.answer(0).why.unwrap();
        assert_eq!(
            (why.id, arg(&why, "white"), arg(&why, "black")),
            ("lesson-why-white", "2½".into(), "1½".into())
        );
    }

    #[test]
    fn a_capture_needs_a_second_piece_and_the_child_moves_again() {
        let mut p = player(&text("t1-second-piece"));
        let refused = p.play(sq("e5"), sq("d5"), None);
        assert!(!refused.accepted);
        assert_eq!(refused.failure.as_ref().unwrap().id, "weaker");
        assert!(refused.feedback.is_some(), "the teacher's words for the refused capture");
        // The arrows show where the force comes from (the Prince).
        assert!(refused.failure.unwrap().arrows.iter().any(|a| a.from == sq("e5")));
        let first = p.play(sq("d3"), sq("d4"), None);
        assert!(first.accepted && first.played.as_ref().unwrap().san() == "Nd3-d4");
        assert_eq!(
            p.position().turn(),
            chess_tutor::board::Color::White,
            "no opponent: the child moves again"
        );
        let second = p.play(sq("e5"), sq("d5"), None);
        assert!(second.played.unwrap().capture());
        assert_eq!(second.progress, Progress::Done { stars: 3 });
    }

    #[test]
    fn a_teachers_own_piece_plays_by_its_lines() {
        let mut p = player(&text("t1-own-piece"));
        assert!(p.set_json().unwrap().contains("\"turret\""));
        assert!(!p.play(sq("d4"), sq("d7"), None).accepted, "at most two squares");
        for (from, to) in [("d4", "d6"), ("d6", "d7"), ("d7", "f7")] {
            assert!(p.play(sq(from), sq(to), None).accepted, "{from}{to}");
        }
        assert_eq!(p.progress(), Progress::Done { stars: 3 });
    }

    #[test]
    fn every_new_field_is_checked_at_its_place() {
        let board = |rows: &str| format!("[{rows}]");
        let fig = board(
            r#""........", "........", "........", "...wP...", "........", "......N.", "........", "........""#,
        );
        // An unknown letter in the text board: its line.
        let bad = board(
            r#""........", "........", "........", "...wP...", "....Q...", "......N.", "........", "........""#,
        );
        assert_eq!(
            findings(&lesson(&bad, r#"{ "type": "targets", "square": "e5" }"#, "")),
            ["6 /position/4 variant-board-bad-letter"]
        );
        // A goal square with no piece.
        assert_eq!(
            findings(&lesson(&fig, r#"{ "type": "targets", "square": "a1" }"#, "")),
            ["7 /goal/square check-targets-empty"]
        );
        assert_eq!(
            findings(&lesson(&fig, r#"{ "type": "can_capture", "from": "a1", "to": "d5" }"#, ""))
                [0],
            "7 /goal/from check-no-piece-of"
        );
        // can_capture along no line of the piece.
        assert_eq!(
            findings(&lesson(&fig, r#"{ "type": "can_capture", "from": "g3", "to": "d5" }"#, "")),
            ["7 /goal/to check-not-capture-line"]
        );
        // Mate needs check and mate, which chess-t1 has not.
        assert_eq!(
            findings(&lesson(&fig, r#"{ "type": "mate", "in": 1 }"#, "")),
            ["7 /goal/type check-goal-not-for-pieces"]
        );
        // An opponent.
        assert_eq!(
            findings(&lesson(
                &fig,
                r#"{ "type": "stronger", "square": "d5" }"#,
                r#", "opponent": { "type": "defender" }"#
            )),
            ["7 /opponent check-pieces-no-opponent"]
        );
        // stronger in a chess lesson.
        let chess = lesson(
            "\"8/8/8/8/8/8/8/R7 w - - 0 1\"",
            r#"{ "type": "stronger", "square": "a1" }"#,
            "",
        )
        .replace(r#""pieces": "chess-t1","#, "");
        assert!(
            findings(&chess).iter().any(|f| f.ends_with("/goal/type check-goal-needs-pieces")),
            "{:?}",
            findings(&chess)
        );
        // A set file that is not there, and one read next to the lesson.
        let named = lesson(&fig, r#"{ "type": "stronger", "square": "d5" }"#, "")
            .replace("\"chess-t1\"", "\"my-set\"");
        assert_eq!(findings(&named), ["5 /pieces check-no-piece-set"]);
        let set =
            std::fs::read_to_string(crate_dir().join("../lessons/pieces/chess-t1.json")).unwrap();
        assert!(check_lesson_file(&named, Some("x"), &|id| (id == "my-set").then(|| set.clone()))
            .1
            .is_empty());
        // A stars drill whose par is below the minimum: the doctor names it.
        let drill = lesson(&fig, r#"{ "type": "stars", "squares": ["h2"] }"#, r#", "par": 1"#);
        assert_eq!(findings(&drill), ["7 /par doctor-par-too-small"]);
    }

    #[test]
    fn reach_with_a_named_piece_is_proved_and_played() {
        // The Ritter on a1 needs two moves to a5 (two squares at most a move).
        let text = lesson(
            "\"8/8/8/8/8/8/8/R6N w - - 0 1\"",
            r#"{ "type": "reach", "square": "a5", "piece": "a1" }"#,
            r#", "par": 2"#,
        );
        assert!(findings(&text).is_empty(), "{:?}", findings(&text));
        assert_eq!(
            findings(&text.replace(r#""par": 2"#, r#""par": 1"#)),
            ["7 /par doctor-par-too-small"]
        );
        let mut p = player(&text);
        assert!(p.play(sq("a1"), sq("a3"), None).accepted);
        assert_eq!(p.play(sq("a3"), sq("a5"), None).progress, Progress::Done { stars: 3 });
    }

    #[test]
    fn an_inline_piece_with_a_mistake_is_reported_inside_the_lesson() {
        let text = r#"{
  "id": "x",
  "title": { "ru": "Урок", "en": "Lesson" },
  "intro": { "ru": "Вперёд!", "en": "Go!" },
  "pieces": { "base": "chess-t1", "pieces": [
    { "id": "turret", "letter": "T", "name": { "ru": "Башенка", "en": "Turret" }, "strength": 4,
      "lines": [ { "di": [0], "dj": [0] } ] } ] },
  "position": "8/8/8/8/3T4/8/8/8 w - - 0 1",
  "goal": { "type": "stars", "squares": ["d6"] },
  "par": 1
}"#;
        let found = findings(text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with("7 /pieces/pieces/0/lines/0"), "{found:?}");
    }

    /// The Prince on e5 and the Knecht on d3 against the Wer Knecht on d5 (1½ each alone): read,
    /// bring the Knecht (Black answers d5-c5), then the Prince steps to d5.
    const SHOW_BOARD: &str = r#"["........", "........", "........", "...wP...", "........", "...N....", "........", "........"]"#;
    const SHOW: &str = r#"{ "type": "show", "steps": [
    { "text": { "ru": "Это Принц.", "en": "This is the Prince." }, "shapes": [ { "type": "circle", "square": "e5" } ] },
    { "text": { "ru": "Кнехт идёт на помощь.", "en": "The Knecht comes to help." }, "move": "d3d4", "reply": "d5c5" },
    { "text": { "ru": "Принц идёт на d5.", "en": "The Prince goes to d5." }, "move": "Pe5-d5" }
  ] }"#;

    #[test]
    fn a_show_lessons_moves_follow_the_sets_rules_at_their_step() {
        assert_eq!(findings(&lesson(SHOW_BOARD, SHOW, "")), Vec::<String>::new());
        // Prince 1½ against Wer Knecht 1½: no capture; the Wer Knecht steps one square only; a
        // reply moves a black piece; after a move without a reply the child moves again
        let cases = [
            (r#""d3d4""#, r#""e5d5""#, "/goal/steps/1/move"),
            (r#""d5c5""#, r#""d5d3""#, "/goal/steps/1/reply"),
            (r#""d5c5""#, r#""e5f5""#, "/goal/steps/1/reply"),
            (r#""Pe5-d5""#, r#""d5e5""#, "/goal/steps/2/move"),
        ];
        for (from, to, pointer) in cases {
            let found = findings(&lesson(SHOW_BOARD, &SHOW.replacen(from, to, 1), ""));
            assert_eq!(found.len(), 1, "{to}: {found:?}");
            assert!(
                found[0].ends_with(&format!("{pointer} check-show-pieces-move")),
                "{to}: {found:?}"
            );
        }
        let again = SHOW.replace(r#", "reply": "d5c5""#, "").replace("Pe5-d5", "d4d3");
        assert_eq!(findings(&lesson(SHOW_BOARD, &again, "")), Vec::<String>::new());
        // the common checks still apply: no opponent, no lone reply
        let lone = r#"{ "type": "show", "steps": [ { "text": { "ru": "А", "en": "A" }, "reply": "d5c5" } ] }"#;
        assert_eq!(
            findings(&lesson(SHOW_BOARD, lone, "")),
            ["7 /goal/steps/0/reply check-show-reply-alone"]
        );
        let solver = findings(&lesson(SHOW_BOARD, SHOW, r#", "opponent": { "type": "defender" }"#));
        assert!(
            solver.iter().any(|f| f.ends_with("/opponent check-pieces-no-opponent")),
            "{solver:?}"
        );
    }

    #[test]
    fn a_show_lesson_with_a_piece_set_is_followed_step_by_step_and_never_failed() {
        let mut p = player(&lesson(SHOW_BOARD, SHOW, ""));
        let first = p.show_step().unwrap();
        assert_eq!((first.step, first.steps, first.arrow, first.shapes.len()), (0, 3, None, 1));
        let o = p.play(sq("d3"), sq("d4"), None);
        assert_eq!((o.accepted, o.failure.unwrap().id), (false, "show-next"));
        assert!(p.next_step().accepted);
        let arrow = p.show_step().unwrap().arrow.unwrap();
        assert_eq!((arrow.from, arrow.to), (sq("d3"), sq("d4")));
        assert!(!p.next_step().accepted, "a step with a move is played, not read");
        // another move, even one the rules allow, is refused with the arrow's words
        let o = p.play(sq("e5"), sq("e6"), None);
        let f = o.failure.unwrap();
        assert_eq!(
            (o.accepted, f.id, f.message.id, o.progress),
            (false, "follow-arrow", "lesson-follow-arrow-at", Progress::Playing)
        );
        assert_eq!(
            (arg(&f.message, "from"), arg(&f.message, "to"), f.arrows.len()),
            ("d3".into(), "d4".into(), 1)
        );
        assert_eq!(p.hint().map(|h| h.square), Some(sq("d3")));
        // the step's move, then Black's written reply; the child is to move again
        let o = p.play(sq("d3"), sq("d4"), None);
        assert!(o.accepted && o.played.unwrap().san() == "Nd3-d4");
        let reply = o.reply.unwrap();
        let chess_tutor::lesson::attempt::Played::Pieces(reply) = reply else {
            panic!("a piece-set move")
        };
        assert_eq!((reply.san.as_str(), reply.color), ("Wd5-c5", chess_tutor::board::Color::Black));
        assert_eq!(p.position().turn(), chess_tutor::board::Color::White);
        let o = p.play(sq("e5"), sq("d5"), None);
        assert_eq!((o.accepted, o.progress), (true, Progress::Done { stars: 3 }));
        assert!(p.show_step().is_none());
        p.retry();
        assert_eq!(p.show_step().unwrap().step, 0);
    }

    #[test]
    fn the_chess_t1_idea_lesson_captures_with_more_force() {
        let text = text("idea-chess-t1");
        let found = check_lesson_text(&text, Some("idea-chess-t1")).1;
        assert!(found.is_empty(), "{found:?}");
        let mut p = player(&text);
        assert!(p.next_step().accepted && p.next_step().accepted);
        let o = p.play(sq("e5"), sq("d5"), None);
        assert!(o.played.unwrap().capture());
        assert_eq!(o.progress, Progress::Done { stars: 3 });
    }
}

// ---------------------------------------------------------------- hints from the position now

mod hints {
    use super::crate_dir;
    use chess_tutor::board::Square;
    use chess_tutor::lesson::player::LessonPlayer;
    use chess_tutor::lesson::Lesson;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn lesson(id: &str) -> Lesson {
        serde_json::from_str(
            &std::fs::read_to_string(crate_dir().join(format!("../lessons/{id}.json"))).unwrap(),
        )
        .unwrap()
    }

    #[test]
    fn at_the_start_the_lessons_written_hint_is_given_with_its_words() {
        let mut p = LessonPlayer::new(lesson("rook-stars-2")).unwrap();
        let h = p.hint().unwrap();
        assert_eq!((h.stage, h.square), (1, sq("a1")));
        assert!(h.text.is_some(), "the lesson's own words");
        let h = p.hint().unwrap();
        let arrow = h.arrow.unwrap();
        assert_eq!((h.stage, arrow.from, arrow.to), (2, sq("a1"), sq("b1")));
        assert_eq!(h.message.to_string(), "Move the rook from a1 to b1.");
    }

    #[test]
    fn after_ra3_around_pawns_the_hint_speaks_of_the_rook_on_a3() {
        let mut p = LessonPlayer::new(lesson("rook-stars-2")).unwrap();
        assert!(p.play(sq("a1"), sq("a3"), None).accepted);
        let h = p.hint().unwrap();
        assert_eq!((h.stage, h.square), (1, sq("a3")), "not the empty a1");
        assert_eq!(h.text, None, "the written words speak of a1: not said");
        assert_eq!(h.message.to_string(), "Look at the rook on a3.");
        let h = p.hint().unwrap();
        let arrow = h.arrow.unwrap();
        assert_eq!(arrow.from, sq("a3"));
        assert_eq!(h.message.to_string(), format!("Move the rook from a3 to {}.", arrow.to));
        // the arrow's move begins a shortest way: the rook gets round the pawn on a4
        assert!(p.play(arrow.from, arrow.to, None).accepted);
        let h = p.hint().unwrap();
        assert_eq!(h.stage, 1, "after a move the hint starts again with the piece");
    }

    #[test]
    fn after_ra8_in_the_first_rook_lesson_the_hint_no_longer_says_the_rook_on_a1() {
        let mut p = LessonPlayer::new(lesson("rook-stars-1")).unwrap();
        assert!(p.play(sq("a1"), sq("a8"), None).accepted);
        let h = p.hint().unwrap();
        assert_eq!(h.square, sq("a8"));
        assert_eq!(h.text, None);
        assert!(!h.message.to_string().contains("a1"), "{}", h.message);
        let h = p.hint().unwrap();
        let arrow = h.arrow.unwrap();
        assert_eq!(arrow.from, sq("a8"));
        // a5 is still to collect, and so are e5 and e8: a shortest way takes three more moves
        assert!([sq("a5"), sq("e8")].contains(&arrow.to), "{:?}", arrow.to);
    }

    #[test]
    fn a_mate_hint_is_found_by_the_mate_search() {
        let mut p = LessonPlayer::new(lesson("mate-1-queen")).unwrap();
        p.hint();
        let h = p.hint().unwrap();
        let arrow = h.arrow.unwrap();
        assert_eq!((arrow.from, arrow.to), (sq("b1"), sq("b7")));
    }

    #[test]
    fn a_quiet_wrong_move_in_mate_in_one_does_not_say_the_king_escapes() {
        let mut p = LessonPlayer::new(lesson("mate-1-queen")).unwrap();
        let out = p.play(sq("b1"), sq("b2"), None);
        let failure = out.failure.unwrap();
        assert_eq!(failure.message.id, "lesson-not-mate-no-check");
        assert!(failure
            .message
            .to_string()
            .starts_with("That is not mate yet: the king is not even in check."));
        // a check the king escapes from says so
        p.retry();
        let out = p.play(sq("b1"), sq("a1"), None);
        assert_eq!(out.failure.unwrap().message.id, "lesson-not-mate");
    }

    #[test]
    fn in_a_lesson_with_a_piece_set_the_hint_follows_the_piece() {
        use chess_tutor::lesson::player::Player as VariantLessonPlayer;
        use chess_tutor::lesson::variant::resolve_set;
        let l = lesson("t1-ritter-stars");
        let set = resolve_set(&l, &|_| None).unwrap().unwrap();
        let mut p = VariantLessonPlayer::with_set(l, set).unwrap();
        assert_eq!(p.hint().unwrap().square, sq("a1"));
        let to = p
            .position()
            .targets(sq("a1"))
            .into_iter()
            .find(|t| t.allowed && t.square != sq("a3"))
            .unwrap()
            .square;
        assert!(p.play(sq("a1"), to, None).accepted);
        let h = p.hint().unwrap();
        assert_ne!(h.square, sq("a1"), "a1 is empty now");
        assert_eq!(h.text, None);
        assert_eq!(h.stage, 1);
        let h = p.hint().unwrap();
        assert_eq!(h.arrow.unwrap().from, h.square);
        assert!(h.message.to_string().starts_with("Move the piece from"));
    }
}

// ---------------------------------------------------------------- issue 14: format, doctor, wording

mod issue14 {
    use super::{arg, crate_dir, GOOD};
    use chess_tutor::lesson::{check_glossary, check_lesson_text, Diagnostic, Severity};

    fn found(text: &str) -> Vec<Diagnostic> {
        check_lesson_text(text, Some("x")).1
    }

    fn has(found: &[Diagnostic], pointer: &str, id: &str) -> bool {
        found.iter().any(|d| d.pointer == pointer && d.message.id == id)
    }

    fn best_move(position: &str, answers: &str, feedback: &str) -> String {
        format!(
            r#"{{
  "id": "x",
  "title": {{ "ru": "Урок", "en": "Lesson" }},
  "intro": {{ "ru": "Вперёд!", "en": "Go!" }},
  "position": {position},
  "goal": {{ "type": "best_move", "answers": {answers} }},
  "feedback": {feedback}
}}"#
        )
    }

    #[test]
    fn learned_and_one_explanation_per_choice_are_read_and_counted() {
        let question = r#"{
  "id": "x",
  "title": { "ru": "Урок", "en": "Lesson" },
  "intro": { "ru": "Вперёд!", "en": "Go!" },
  "position": "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
  "goal": { "type": "question", "question": { "ru": "Можно?", "en": "May you?" },
    "choices": [ { "ru": "Да", "en": "Yes" }, { "ru": "Нет", "en": "No" } ], "answer": 0,
    "explain": [ { "ru": "Можно.", "en": "You may." }, { "ru": "Можно!", "en": "You may!" } ] },
  "learned": { "ru": "Рокировка.", "en": "Castling." }
}"#;
        let (lesson, f) = check_lesson_text(question, Some("x"));
        assert!(f.is_empty(), "{f:?}");
        assert_eq!(lesson.unwrap().learned.unwrap().en(), "Castling.");
        let one = question.replace(r#", { "ru": "Можно!", "en": "You may!" } ]"#, " ]");
        let f = found(&one);
        let d = f.iter().find(|d| d.pointer == "/goal/explain").expect("the count is checked");
        assert_eq!(
            (d.severity, d.message.id, d.line),
            (Severity::Error, "check-explain-count", 8),
            "{f:?}"
        );
        assert_eq!(
            (arg(&d.message, "explain"), arg(&d.message, "choices")),
            ("1".into(), "2".into())
        );
        // an optional text in one language stays optional: the other one is a note, not an error
        let empty = question.replace(r#""en": "Castling.""#, r#""en": """#);
        let f = found(&empty);
        assert!(
            f.iter().any(|d| d.pointer == "/learned/en"
                && d.severity == Severity::Warning
                && d.message.id == "check-missing-language"),
            "{f:?}"
        );
        assert!(!f.iter().any(|d| d.severity == Severity::Error), "{f:?}");
    }

    #[test]
    fn a_solver_par_counts_the_stubborn_defender_kp_trebuchet_play_needs_7() {
        let text =
            std::fs::read_to_string(crate_dir().join("../lessons/kp-trebuchet-play.json")).unwrap();
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["id"] = "x".into();
        v["par"] = 6.into();
        let f = found(&serde_json::to_string_pretty(&v).unwrap());
        let d = f.iter().find(|d| d.pointer == "/par").expect("par 6 is reported");
        assert_eq!(
            (d.severity, d.message.id, arg(&d.message, "min")),
            (Severity::Error, "doctor-solver-par-too-small", "7".into()),
            "{f:?}"
        );
        v["par"] = 7.into();
        let f = found(&serde_json::to_string_pretty(&v).unwrap());
        assert!(!f.iter().any(|d| d.pointer == "/par"), "{f:?}");
    }

    const PROTECT: &str = r#"["...r..k.", ".....ppp", "........", "...N....", "........", "........", ".....PPP", "R.....K.", "w - - 0 1"]"#;

    #[test]
    fn the_false_ra8_feedback_of_protect_move_is_refuted_by_the_engine() {
        let ra8 = r#"[ { "move": "Ra8", "text": { "ru": "Ладья напала на ладью, но конь остался без защиты. Чёрные его возьмут.", "en": "The rook attacks the rook, but the knight is left unprotected. Black will take it." } } ]"#;
        let f = found(&best_move(PROTECT, r#"["Rd1", "Ra5"]"#, ra8));
        let d = f.iter().find(|d| d.pointer == "/feedback/0/text").expect("Ra8's text is flagged");
        assert_eq!(d.message.id, "doctor-feedback-no-capture");
        assert_eq!(
            (arg(&d.message, "piece"), arg(&d.message, "reply")),
            ("knight".into(), "Rxa8".into())
        );
        assert_eq!(d.message.to_string(), "the text says the opponent takes a knight after Ra8, but no reply takes one; the engine answers Rxa8");
        // A true text about the same move passes.
        let true_text = ra8.replace(
            "but the knight is left unprotected. Black will take it.",
            "and Black takes your rook.",
        );
        assert!(!has(
            &found(&best_move(PROTECT, r#"["Rd1", "Ra5"]"#, &true_text)),
            "/feedback/0/text",
            "doctor-feedback-no-capture"
        ));
    }

    #[test]
    fn best_move_answers_must_be_best_and_feedback_moves_must_lose() {
        // The black queen hangs: Qxd5+ wins it.
        let pos = r#""3k4/8/8/3q4/8/8/8/3QK3 w - - 0 1""#;
        let no = r#"{ "ru": "Нет", "en": "No" }"#;
        let f = found(&best_move(pos, r#"["Qxd5+"]"#, "[]"));
        assert!(f.is_empty(), "{f:?}");
        let f = found(&best_move(pos, r#"["Qxd5+", "Ke2"]"#, "[]"));
        let d = f.iter().find(|d| d.pointer == "/goal/answers/1").expect("Ke2 is not best");
        assert_eq!(
            (d.severity, d.message.id, arg(&d.message, "best")),
            (Severity::Error, "doctor-engine-answer-worse", "Qxd5+".into()),
            "{f:?}"
        );
        // Feedback for an accepted answer is praise (README: "right or wrong"); a move as good as the best is no mistake.
        let f = found(&best_move(
            pos,
            r#"["Qxd5+"]"#,
            &format!(r#"[ {{ "move": "Qxd5+", "text": {no} }} ]"#),
        ));
        assert!(f.is_empty(), "{f:?}");
        let f = found(&best_move(
            pos,
            r#"["Qxd5+"]"#,
            &format!(r#"[ {{ "move": "Qd2", "text": {no} }} ]"#),
        ));
        assert!(f.is_empty(), "Qd2 trades the queens: far worse, rightly told wrong: {f:?}");
        let f = found(&best_move(
            pos,
            r#"["Qd2"]"#,
            &format!(r#"[ {{ "move": "Qxd5+", "text": {no} }} ]"#),
        ));
        let d = f.iter().find(|d| d.pointer == "/feedback/0/move").expect("Qxd5+ is no mistake");
        assert_eq!(
            (d.severity, d.message.id),
            (Severity::Warning, "doctor-feedback-not-worse"),
            "{f:?}"
        );
        assert!(has(&f, "/goal/answers/0", "doctor-engine-answer-worse"), "{f:?}");
    }

    #[test]
    fn in_mate_lessons_the_engine_finds_the_mate_and_a_mating_feedback_move_is_praise() {
        let mate = r#"{
  "id": "x",
  "title": { "ru": "Урок", "en": "Lesson" },
  "intro": { "ru": "Вперёд!", "en": "Go!" },
  "position": "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1",
  "goal": { "type": "mate", "in": 1 },
  "opponent": { "type": "defender" },
  "feedback": [ { "move": "Qc7", "text": { "ru": "Пат!", "en": "Stalemate!" } } ]
}"#;
        assert!(found(mate).is_empty(), "{:?}", found(mate));
        let f = found(&mate.replace("\"Qc7\"", "\"Qc8#\""));
        assert!(f.is_empty(), "praise for the mate is no finding: {f:?}");
        // A slower mate is worse than a mate now: feedback for it is right.
        let slower = best_move(
            r#""k7/8/1K6/8/8/8/8/2Q5 w - - 0 1""#,
            r#"["Qc8#"]"#,
            r#"[ { "move": "Qc6+", "text": { "ru": "Шах.", "en": "Check." } } ]"#,
        );
        assert!(found(&slower).is_empty(), "{:?}", found(&slower));
    }

    #[test]
    fn an_intro_over_35_words_is_a_warning_in_its_language() {
        let words = |n: usize| vec!["word"; n].join(" ");
        let at_35 = GOOD.replace(r#""en": "Go!""#, &format!(r#""en": "{} —""#, words(35)));
        assert!(found(&at_35).is_empty(), "35 words, a dash is none: {:?}", found(&at_35));
        let at_36 = GOOD.replace(r#""en": "Go!""#, &format!(r#""en": "{}""#, words(36)));
        let f = found(&at_36);
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            (f[0].pointer.as_str(), f[0].severity, f[0].message.id),
            ("/intro/en", Severity::Warning, "wording-intro-long")
        );
        assert_eq!(f[0].message.to_string(), "the intro has 36 words in en; keep it to 35");
    }

    #[test]
    fn a_glossary_term_used_before_its_lesson_is_a_warning_in_that_lesson() {
        let lesson = |id: &str, intro: &str| {
            GOOD.replace(r#""id": "x""#, &format!(r#""id": "{id}""#))
                .replace(r#""en": "Go!""#, &format!(r#""en": "{intro}""#))
        };
        let course = vec![
            ("a.json".to_string(), lesson("a", "Put Black in Zugzwang!")),
            ("b.json".to_string(), lesson("b", "Zugzwang: every move spoils something.")),
            ("c.json".to_string(), lesson("c", "Zugzwangs and more.")),
        ];
        let glossary = r#"{ "terms": [ { "id": "zugzwang", "ru": ["цугцванг"], "en": ["zugzwang", "zugzwangs"], "introduced_in": "b" } ] }"#;
        let (own, per_lesson) = check_glossary(glossary, &course);
        assert!(own.is_empty(), "{own:?}");
        assert_eq!(per_lesson.len(), 1, "{per_lesson:?}");
        let (file, f) = &per_lesson[0];
        assert_eq!((file.as_str(), f.len()), ("a.json", 1), "{f:?}");
        assert_eq!(
            (f[0].pointer.as_str(), f[0].severity, f[0].message.id),
            ("/intro/en", Severity::Warning, "wording-term-early")
        );
        assert_eq!(
            f[0].message.to_string(),
            "'zugzwang' is used before the lesson that introduces it (b)"
        );
        // Whole words only, and a lesson the course lacks is named in the glossary.
        let (_, per_lesson) = check_glossary(
            &glossary.replace("[\"zugzwang\", \"zugzwangs\"]", "[\"zug\"]"),
            &course,
        );
        assert!(per_lesson.is_empty(), "{per_lesson:?}");
        let (own, _) = check_glossary(&glossary.replace("\"b\"", "\"z\""), &course);
        assert_eq!(
            (own.len(), own[0].pointer.as_str(), own[0].message.id),
            (1, "/terms/0/introduced_in", "glossary-unknown-lesson")
        );
    }

    #[test]
    fn a_synonym_the_glossary_avoids_is_a_warning_naming_the_word_and_the_preferred_one() {
        let lesson = |id: &str, intro: &str| {
            GOOD.replace(r#""id": "x""#, &format!(r#""id": "{id}""#))
                .replace(r#""en": "Go!""#, &format!(r#""en": "{intro}""#))
        };
        let glossary = r#"{ "terms": [
            { "id": "protect", "ru": ["защищает"], "en": ["protect", "protects"], "introduced_in": "a",
              "avoid": { "ru": ["охраняет"], "en": ["guards", "take"] } },
            { "id": "opposition", "en": ["opposition", "take the opposition"], "introduced_in": "a" } ] }"#;
        let course = vec![
            ("a.json".to_string(), lesson("a", "The pawn protects the knight.")),
            ("b.json".to_string(), lesson("b", "The pawn Guards the knight.")),
            ("c.json".to_string(), lesson("c", "Take the opposition! A lifeguard, guardsman.")),
        ];
        let (own, per_lesson) = check_glossary(glossary, &course);
        assert!(own.is_empty(), "{own:?}");
        // Whole words, any case, any lesson; a form of a term (take the opposition) is no synonym.
        assert_eq!(per_lesson.len(), 1, "{per_lesson:?}");
        let (file, f) = &per_lesson[0];
        assert_eq!((file.as_str(), f.len()), ("b.json", 1), "{f:?}");
        assert_eq!(
            (f[0].pointer.as_str(), f[0].severity, f[0].message.id),
            ("/intro/en", Severity::Warning, "wording-synonym")
        );
        assert_eq!(f[0].message.to_string(), "'guards' says 'protect' in other words: write 'protect' (one word for one thing: protect)");
        // Russian texts too, with their own list.
        let ru = vec![(
            "a.json".to_string(),
            lesson("a", "Fine.").replace(r#""ru": "Вперёд!""#, r#""ru": "Пешка охраняет коня.""#),
        )];
        let (_, per_lesson) = check_glossary(glossary, &ru);
        let f = &per_lesson.first().expect("the Russian synonym is found").1;
        assert_eq!((f[0].pointer.as_str(), f[0].message.id), ("/intro/ru", "wording-synonym"));
        // `say` names the words the course uses.
        let (_, per_lesson) = check_glossary(
            &glossary.replace(
                r#""introduced_in": "a","#,
                r#""introduced_in": "a", "say": { "en": ["keeps safe"] },"#,
            ),
            &course,
        );
        assert_eq!(per_lesson[0].1[0].message.to_string(), "'guards' says 'keeps safe' in other words: write 'keeps safe' (one word for one thing: protect)");
    }
}

// ---------------------------------------------------------------- the `show` and `check` goals

mod show_and_check {
    use chess_tutor::lesson::{check_lesson_text, Severity};

    /// A lesson with this position, goal (JSON) and opponent (JSON, or empty for none).
    pub(super) fn lesson(fen: &str, goal: &str, opponent: &str) -> String {
        let opponent = if opponent.is_empty() {
            String::new()
        } else {
            format!(",\n  \"opponent\": {opponent}")
        };
        format!(
            r#"{{
  "id": "x",
  "title": {{ "ru": "Урок", "en": "Lesson" }},
  "intro": {{ "ru": "Смотри!", "en": "Look!" }},
  "position": "{fen}",
  "goal": {goal}{opponent}
}}"#
        )
    }

    pub(super) const SHOW: &str = r#"{ "type": "show", "steps": [
    { "text": { "ru": "Это ладья.", "en": "This is a rook." }, "shapes": [ { "type": "circle", "square": "a1" } ] },
    { "text": { "ru": "Ладья идёт вверх.", "en": "The rook goes up." }, "move": "Ra5" },
    { "text": { "ru": "И вправо.", "en": "And to the right." }, "move": "a5h5", "reply": "Kd7" },
    { "text": { "ru": "Шах!", "en": "Check!" }, "move": "Rh7+", "reply": "Kc6" }
  ] }"#;
    pub(super) const FEN: &str = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";

    fn errors(text: &str) -> Vec<(String, &'static str)> {
        let (_, found) = check_lesson_text(text, Some("x"));
        found.iter().map(|d| (d.pointer.clone(), d.message.id)).collect()
    }

    #[test]
    fn a_show_lesson_with_moves_replies_and_shapes_passes() {
        assert_eq!(errors(&lesson(FEN, SHOW, "")), vec![]);
    }

    #[test]
    fn a_show_lessons_moves_are_checked_in_turn_at_their_step() {
        // Ra5 then Ra8 is legal, but not Rb5 after Ra5 (a rook on a5 cannot reach b… it can: b5).
        let bad = SHOW.replace("\"a5h5\"", "\"Rb1\"").replace("\"Rh7+\"", "\"Rh8\"");
        let found = errors(&lesson(FEN, &bad, ""));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, "/goal/steps/2/move");
    }

    #[test]
    fn a_show_move_that_gives_check_needs_a_reply_before_the_next_move() {
        let goal = r#"{ "type": "show", "steps": [
    { "text": { "ru": "Шах!", "en": "Check!" }, "move": "Ra8" },
    { "text": { "ru": "Ещё ход.", "en": "One more move." }, "move": "Ra7" } ] }"#;
        assert_eq!(
            errors(&lesson(FEN, goal, "")),
            vec![("/goal/steps/0/reply".to_string(), "check-show-needs-reply")]
        );
    }

    #[test]
    fn a_show_lesson_has_steps_no_opponent_no_lone_reply_and_short_steps() {
        let empty = r#"{ "type": "show", "steps": [] }"#;
        assert_eq!(
            errors(&lesson(FEN, empty, "")),
            vec![("/goal/steps".to_string(), "check-show-no-steps")]
        );
        assert_eq!(
            errors(&lesson(FEN, SHOW, r#"{ "type": "defender" }"#)),
            vec![("/opponent".to_string(), "check-show-opponent")]
        );
        let lone = r#"{ "type": "show", "steps": [ { "text": { "ru": "А", "en": "A" }, "reply": "Kd7" } ] }"#;
        assert_eq!(
            errors(&lesson(FEN, lone, "")),
            vec![("/goal/steps/0/reply".to_string(), "check-show-reply-alone")]
        );
        let long = "word ".repeat(26);
        let goal = format!(
            r#"{{ "type": "show", "steps": [ {{ "text": {{ "ru": "Смотри.", "en": "{long}" }} }} ] }}"#
        );
        let (_, found) = check_lesson_text(&lesson(FEN, &goal, ""), Some("x"));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(
            (found[0].pointer.as_str(), found[0].message.id, found[0].severity),
            ("/goal/steps/0/text/en", "wording-step-long", Severity::Warning)
        );
        let bad_shape = SHOW.replace("\"square\": \"a1\"", "\"square\": \"a9\"");
        assert_eq!(
            errors(&lesson(FEN, &bad_shape, "")),
            vec![("/goal/steps/0/shapes/0/square".to_string(), "check-bad-square")]
        );
    }

    /// Check in two: the bishop on c1 reaches the king on h8 only by taking g7 (Bb2 or Bh6 first).
    pub(super) const CHECK2: &str = "7k/6p1/8/8/8/8/8/2B1K3 w - - 0 1";

    #[test]
    fn a_check_goal_may_keep_the_enemy_king_with_no_opponent() {
        assert_eq!(errors(&lesson(CHECK2, r#"{ "type": "check", "in": 2 }"#, "")), vec![]);
        assert_eq!(
            errors(&lesson(FEN, r#"{ "type": "check", "in": 1 }"#, r#"{ "type": "defender" }"#)),
            vec![]
        );
        assert_eq!(
            errors(&lesson(FEN, r#"{ "type": "check", "in": 9 }"#, "")),
            vec![("/goal/in".to_string(), "check-check-range")]
        );
        let no_king = "8/8/8/8/8/8/8/R3K3 w - - 0 1";
        assert_eq!(
            errors(&lesson(no_king, r#"{ "type": "check", "in": 1 }"#, "")),
            vec![("/goal".to_string(), "check-no-king-to-check")]
        );
        let solver = r#"{ "type": "engine", "level": 3 }"#;
        assert_eq!(
            errors(&lesson(FEN, r#"{ "type": "check", "in": 1 }"#, solver)),
            vec![("/opponent".to_string(), "check-check-opponent")]
        );
    }
}

mod check_doctor {
    use super::show_and_check::{lesson, CHECK2, FEN};
    use chess_tutor::lesson::{check_lesson_text, Severity};

    fn found(text: &str) -> Vec<(String, &'static str, Severity)> {
        let (_, found) = check_lesson_text(text, Some("x"));
        found.iter().map(|d| (d.pointer.clone(), d.message.id, d.severity)).collect()
    }

    #[test]
    fn the_doctor_proves_a_check_within_in_and_its_par() {
        assert_eq!(
            found(&lesson(CHECK2, r#"{ "type": "check", "in": 1 }"#, "")),
            vec![("/goal/in".into(), "doctor-no-check", Severity::Error)]
        );
        assert_eq!(
            found(&lesson(FEN, r#"{ "type": "check", "in": 2 }"#, "")),
            vec![("/goal/in".into(), "doctor-check-shorter", Severity::Warning)]
        );
        let with_par = lesson(CHECK2, r#"{ "type": "check", "in": 2 }"#, "")
            .replace("\"goal\"", "\"par\": 1,\n  \"goal\"");
        assert_eq!(
            found(&with_par),
            vec![("/par".into(), "doctor-par-too-small", Severity::Error)]
        );
        // against the defender: the rook checks at once; the bishop's check in two is not forced
        // (after Bb2 or Bh6 the king steps to h7 and Bxg7 is no check)
        assert_eq!(
            found(&lesson(FEN, r#"{ "type": "check", "in": 1 }"#, r#"{ "type": "defender" }"#)),
            vec![]
        );
        let defended =
            found(&lesson(CHECK2, r#"{ "type": "check", "in": 2 }"#, r#"{ "type": "defender" }"#));
        assert_eq!(defended, vec![("/goal/in".into(), "doctor-no-check", Severity::Error)]);
    }
}

mod show_and_check_play {
    use super::show_and_check::{lesson, CHECK2, FEN, SHOW};
    use chess_tutor::board::Square;
    use chess_tutor::lesson::attempt::Progress;
    use chess_tutor::lesson::player::LessonPlayer;
    use chess_tutor::lesson::Lesson;

    fn player(text: &str) -> LessonPlayer {
        LessonPlayer::new(serde_json::from_str::<Lesson>(text).unwrap()).unwrap()
    }
    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn a_show_lesson_is_followed_step_by_step_and_never_failed() {
        let mut p = player(&lesson(FEN, SHOW, ""));
        let first = p.show_step().unwrap();
        assert_eq!((first.step, first.steps, first.arrow, first.shapes.len()), (0, 4, None, 1));
        // a move while the step waits for Next is refused
        let o = p.play(sq("a1"), sq("a5"), None);
        assert!(!o.accepted);
        assert_eq!(o.failure.unwrap().id, "show-next");
        assert!(p.next_step().accepted);
        let arrow = p.show_step().unwrap().arrow.unwrap();
        assert_eq!((arrow.from, arrow.to), (sq("a1"), sq("a5")));
        // Next does nothing on a step with a move; another move is refused with the arrow's words
        assert!(!p.next_step().accepted);
        let o = p.play(sq("a1"), sq("a4"), None);
        assert!(!o.accepted);
        let f = o.failure.unwrap();
        // the arrow's piece to another square: where the arrow goes from there (issue 25)
        assert_eq!(
            (f.id, f.message.id, o.progress),
            ("follow-arrow", "lesson-arrow-not", Progress::Playing)
        );
        assert_eq!(f.message.arg("square").unwrap().to_string(), "a5");
        assert_eq!(p.hint().map(|h| h.square), Some(sq("a1")));
        // the step's move; no reply: the child moves again
        let o = p.play(sq("a1"), sq("a5"), None);
        assert!(o.accepted && o.reply.is_none(), "{o:?}");
        assert_eq!(p.show_step().unwrap().step, 2);
        let o = p.play(sq("a5"), sq("h5"), None);
        assert_eq!(o.reply.unwrap().san(), "Kd7");
        let o = p.play(sq("h5"), sq("h7"), None);
        assert_eq!(o.reply.unwrap().san(), "Kc6");
        assert_eq!(o.progress, Progress::Done { stars: 3 });
        assert!(p.show_step().is_none());
        p.retry();
        assert_eq!(p.show_step().unwrap().step, 0);
    }

    #[test]
    fn a_check_goal_is_done_at_the_first_check_and_failed_without_one() {
        let text = lesson(CHECK2, r#"{ "type": "check", "in": 2 }"#, "");
        let mut p = player(&text);
        // the hint: a shortest way (Bb2 or Bh6 first)
        let h = p.hint().unwrap();
        assert_eq!(h.square, sq("c1"));
        let o = p.play(sq("c1"), sq("b2"), None);
        assert_eq!(o.progress, Progress::Playing);
        let o = p.play(sq("b2"), sq("g7"), None);
        assert_eq!(o.progress, Progress::Done { stars: 3 });
        let mut p = player(&text);
        p.play(sq("c1"), sq("d2"), None);
        let o = p.play(sq("d2"), sq("e3"), None);
        assert_eq!(o.progress, Progress::Failed);
        let f = o.failure.unwrap();
        assert_eq!((f.id, f.message.id), ("no-check", "lesson-no-check"));
        assert_eq!(f.message.arg("square").unwrap().to_string(), "h8");
        // against the defender the rook checks at once
        let mut p =
            player(&lesson(FEN, r#"{ "type": "check", "in": 1 }"#, r#"{ "type": "defender" }"#));
        assert_eq!(p.play(sq("a1"), sq("a8"), None).progress, Progress::Done { stars: 3 });
    }
}

/// A folder of several courses (`courses.json`): each course file is checked, a lesson belongs to
/// one course only, a lesson of another course is not "in no section", and a course file the
/// list leaves out is a warning; the glossary is read over the courses in their order.
#[test]
fn several_courses_are_checked_together() {
    let dir = std::env::temp_dir().join(format!("chess-tutor-courses-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let lesson = |id: &str, intro: &str| {
        GOOD.replace(r#""id": "x""#, &format!(r#""id": "{id}""#))
            .replace(r#""en": "Go!""#, &format!(r#""en": "{intro}""#))
    };
    std::fs::write(dir.join("a.json"), lesson("a", "A fork!")).unwrap();
    std::fs::write(dir.join("b.json"), lesson("b", "Go!")).unwrap();
    std::fs::write(dir.join("c.json"), lesson("c", "Go!")).unwrap();
    let course = |lessons: &str| {
        format!(
            r#"{{ "title": {{ "ru": "К", "en": "C" }}, "sections": [ {{ "id": "s", "title": {{ "ru": "Р", "en": "S" }}, "lessons": [{lessons}] }} ] }}"#
        )
    };
    std::fs::write(dir.join("course.json"), course(r#""a.json""#)).unwrap();
    std::fs::write(dir.join("course-two.json"), course(r#""b.json", "a.json""#)).unwrap();
    std::fs::write(dir.join("course-three.json"), course(r#""c.json""#)).unwrap();
    std::fs::write(
        dir.join("glossary.json"),
        r#"{ "terms": [ { "id": "fork", "en": ["fork"], "introduced_in": "b" } ] }"#,
    )
    .unwrap();
    std::fs::write(dir.join("courses.json"), r#"{ "courses": [ { "file": "course.json", "picture": "a.svg" }, { "file": "course-two.json" } ] }"#).unwrap();
    let out = check(&dir.to_string_lossy());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let prefix = format!("{}/", dir.display());
    let lines: Vec<&str> = text.lines().map(|l| l.strip_prefix(&prefix).unwrap_or(l)).collect();
    assert!(
        lines.iter().any(|l| l.starts_with("course-two.json:")
            && l.contains("'a.json' is already in the course course.json")),
        "{text}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("course.json:") && l.contains("already in the course")),
        "the first course keeps it: {text}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("courses.json:")
            && l.contains("warning: the course file 'course-three.json' is not in courses.json")),
        "{text}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("a.json:")
            && l.contains("'fork' is used before the lesson that introduces it (b)")),
        "{text}"
    );
    assert!(
        !text.contains("in no section"),
        "b.json is in the second course, c.json in the third: {text}"
    );
}

/// A course's "retired" lessons stay in the folder (a class's old homework names them) and need no
/// section, here or in another course; a retired file that is missing or also in a section is an
/// error naming the place.
#[test]
fn retired_lessons_need_no_section() {
    let dir = std::env::temp_dir().join(format!("chess-tutor-retired-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for id in ["a", "b", "c"] {
        std::fs::write(
            dir.join(format!("{id}.json")),
            GOOD.replace(r#""id": "x""#, &format!(r#""id": "{id}""#)),
        )
        .unwrap();
    }
    let course = |lessons: &str, retired: &str| {
        format!(
            r#"{{ "title": {{ "ru": "К", "en": "C" }}, "sections": [ {{ "id": "s", "title": {{ "ru": "Р", "en": "S" }}, "lessons": [{lessons}] }} ], "retired": [{retired}] }}"#
        )
    };
    std::fs::write(dir.join("course.json"), course(r#""a.json""#, r#""b.json""#)).unwrap();
    std::fs::write(dir.join("course-two.json"), course(r#""c.json""#, "")).unwrap();
    std::fs::write(
        dir.join("courses.json"),
        r#"{ "courses": [ { "file": "course.json" }, { "file": "course-two.json" } ] }"#,
    )
    .unwrap();
    let out = check(&dir.to_string_lossy());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(!text.contains("in no section") && !text.contains("warning"), "{text}");

    std::fs::write(
        dir.join("course.json"),
        course(r#""a.json""#, r#""b.json", "gone.json", "a.json""#),
    )
    .unwrap();
    let out = check(&dir.to_string_lossy());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("/retired/1: there is no lesson file 'gone.json'"), "{text}");
    assert!(
        text.contains("/retired/2: 'a.json' is listed twice (first at /sections/0/lessons/0)"),
        "{text}"
    );
}

#[test]
fn courses_json_lists_the_four_courses() {
    let text = std::fs::read_to_string(crate_dir().join("../lessons/courses.json")).unwrap();
    let files =
        ["course.json", "course-numbers.json", "course-t1.json", "course-more-endgames.json"]
            .map(String::from);
    let (courses, found) = chess_tutor::lesson::check_courses(&text, &files);
    assert!(found.is_empty(), "{found:?}");
    assert_eq!(
        courses.unwrap().courses.iter().map(|c| c.file.as_str()).collect::<Vec<_>>(),
        ["course.json", "course-more-endgames.json", "course-numbers.json", "course-t1.json"]
    );
    assert!(
        chess_tutor::lesson::is_course_name("course-numbers.json")
            && !chess_tutor::lesson::is_course_name("course.schema.json")
            && !chess_tutor::lesson::is_course_name("courses.json")
    );
}

/// A lesson's `skill` against skills.json (issue 38): an unknown skill is an error that names the
/// nearest; a skill that does not list the lesson, or a lesson a skill lists that names none, a
/// warning; a practice exercise and a lesson no skill lists say nothing.
#[test]
fn a_lesson_names_a_skill_of_the_skills_file_that_lists_it() {
    use chess_tutor::lesson::{check_skills, Severity};
    let skills = r#"{ "skills": [ { "id": "rook-stars", "lessons": ["r1", "r2"] }, { "id": "fork", "lessons": ["f1"] } ] }"#;
    let lesson = |id: &str, skill: Option<&str>| {
        let skill = skill.map_or(String::new(), |s| format!("\"skill\": \"{s}\",\n  "));
        format!("{{\n  {skill}\"id\": \"{id}\",\n  \"title\": {{ \"en\": \"T\" }},\n  \"intro\": {{ \"en\": \"Go.\" }},\n  \"position\": \"8/8/8/8/8/8/8/R7 w - - 0 1\",\n  \"goal\": {{ \"type\": \"stars\", \"squares\": [\"a8\"] }},\n  \"par\": 1\n}}\n")
    };
    let files: Vec<(String, String)> = [
        ("r1", Some("rook-stars")),        // right
        ("r2", Some("rook-star")),         // unknown: did you mean rook-stars?
        ("f1", None),                      // listed by fork, names none
        ("x1", Some("fork")),              // fork does not list it
        ("x2", None),                      // no skill lists it: nothing to say
        ("practice/fork/3", Some("fork")), // an exercise: its id says its skill
    ]
    .iter()
    .map(|(id, s)| (format!("{}.json", id.replace('/', "-")), lesson(id, *s)))
    .collect();
    let found = check_skills(skills, &files);
    let said: Vec<(String, Severity, String, String)> = found
        .iter()
        .flat_map(|(f, ds)| {
            ds.iter()
                .map(move |d| (f.clone(), d.severity, d.pointer.clone(), d.message.to_string()))
        })
        .collect();
    assert_eq!(said.len(), 3, "{said:?}");
    assert_eq!(
        (said[0].0.as_str(), said[0].1, said[0].2.as_str()),
        ("r2.json", Severity::Error, "/skill")
    );
    assert!(
        said[0].3.contains("'rook-star'") && said[0].3.contains("did you mean 'rook-stars'"),
        "{}",
        said[0].3
    );
    assert_eq!(
        (said[1].0.as_str(), said[1].1, said[1].2.as_str()),
        ("f1.json", Severity::Warning, "/id")
    );
    assert!(said[1].3.contains("\"skill\": \"fork\""), "{}", said[1].3);
    assert_eq!(
        (said[2].0.as_str(), said[2].1, said[2].2.as_str()),
        ("x1.json", Severity::Warning, "/skill")
    );
    // the line and column point at the field
    assert_eq!(found.iter().find(|(f, _)| f == "r2.json").unwrap().1[0].line, 2);
    // a skills file that cannot be read says nothing here
    assert!(check_skills("{ not json", &files).is_empty());
}

/// Every lesson of the courses that a skill of skills.json lists names a skill (its done card
/// offers that skill's practice).
#[test]
fn every_course_lesson_a_skill_lists_names_its_skill() {
    let dir = crate_dir().join("../lessons");
    let skills = std::fs::read_to_string(dir.join("skills.json")).unwrap();
    let files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| {
            n.ends_with(".json")
                && !n.starts_with("course")
                && !["glossary.json", "skills.json", "lesson.schema.json"].contains(&n.as_str())
        })
        .map(|n| (n.clone(), std::fs::read_to_string(dir.join(&n)).unwrap()))
        .collect();
    let found = chess_tutor::lesson::check_skills(&skills, &files);
    assert!(found.is_empty(), "{found:?}");
}
