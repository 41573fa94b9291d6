//! The class server's judge (`lesson::judge`) with real lessons of the course: an attempt is
//! replayed with the lesson player, and only what the player itself does counts. Native only, as
//! the judge is.
#![cfg(not(target_arch = "wasm32"))]

use chess_tutor::endgame::Endgame;
use chess_tutor::lesson::attempt::{Played, Progress};
use chess_tutor::lesson::goal::GoalType;
use chess_tutor::lesson::judge::{
    judge, judge_report, judge_report_hinted, judge_with, Judgement, Tools, Verdict, TAKE_BACK,
};
use chess_tutor::lesson::player::Player;
use chess_tutor::lesson::{parse_lesson, Lesson};
use std::sync::Arc;

fn lesson(id: &str) -> Lesson {
    let path = format!("{}/../lessons/{id}.json", env!("CARGO_MANIFEST_DIR"));
    parse_lesson(&std::fs::read_to_string(&path).unwrap())
        .unwrap_or_else(|| panic!("{path} parses"))
}

fn uci(p: &Played) -> String {
    match p {
        Played::Chess(m) => m.uci.clone(),
        Played::Pieces(m) => m.uci.clone(),
    }
}

/// The moves (with the replies) of an attempt that plays the player's own best moves.
fn solve(mut p: Player) -> Vec<String> {
    let mut moves = Vec::new();
    for _ in 0..200 {
        if p.lesson().goal.steps().is_some() {
            while p.progress() == Progress::Playing && p.next_step().accepted {}
        }
        if p.progress() != Progress::Playing {
            break;
        }
        let m = p.best_moves_now().expect("a best move")[0];
        let out = p.play(m.from, m.to, m.promotion);
        assert!(out.accepted);
        moves.push(uci(out.played.as_ref().unwrap()));
        if let Some(r) = &out.reply {
            moves.push(uci(r));
        }
    }
    moves
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

const SOLVED3: Judgement = Judgement { stars: 3, solved: true };

#[test]
fn a_solved_drill_gets_its_stars() {
    let moves = solve(Player::new(lesson("bishop-stars-1")).unwrap());
    assert!(!moves.is_empty());
    assert_eq!(judge(lesson("bishop-stars-1"), &strs(&moves), &[]), SOLVED3);
}

#[test]
fn an_illegal_or_wrong_or_short_attempt_is_not_solved() {
    let l = || lesson("bishop-stars-1");
    let moves = solve(Player::new(l()).unwrap());
    // a bishop moving straight
    assert_eq!(judge(l(), &["c1c2"], &[]), Judgement::FAILED);
    // not UCI at all
    assert_eq!(judge(l(), &["hello"], &[]), Judgement::FAILED);
    // the goal not reached: the last move left out
    assert_eq!(judge(l(), &strs(&moves[..moves.len() - 1]), &[]), Judgement::FAILED);
    // nothing played
    assert_eq!(judge(l(), &[], &[]), Judgement::FAILED);
    // a move after the lesson is done
    let mut more = moves.clone();
    more.push("a1b2".into());
    assert_eq!(judge(l(), &strs(&more), &[]), Judgement::FAILED);
}

#[test]
fn the_replies_must_be_the_players_own() {
    let l = || lesson("mate-2-ladder");
    let moves = solve(Player::new(l()).unwrap());
    assert!(moves.len() >= 3, "a move, its reply, the mate: {moves:?}");
    assert_eq!(judge(l(), &strs(&moves), &[]), SOLVED3);
    // the reply left out
    let mut without = moves.clone();
    without.remove(1);
    assert_eq!(judge(l(), &strs(&without), &[]), Judgement::FAILED);
    // another reply than the player's (any other legal move of the defender)
    let mut p = Player::new(l()).unwrap();
    let m = &moves[0];
    let sq = |s: &str| chess_tutor::board::Square::parse(s).unwrap();
    p.play(sq(&m[0..2]), sq(&m[2..4]), None);
    // the position the reply was made in: the second of the game's history
    let (before_reply, _) = p.game().history().nth(1).expect("the child's move and its reply");
    let game = chess_tutor::rules::Game::new(*before_reply, p.game().rules()).unwrap();
    let other = game.legal_moves().iter().map(|m| m.uci()).find(|u| *u != moves[1]);
    if let Some(other) = other {
        let mut forged = moves.clone();
        forged[1] = other;
        assert_eq!(judge(l(), &strs(&forged), &[]), Judgement::FAILED);
    }
}

#[test]
fn hints_cost_no_star_as_in_the_app() {
    // the stars are the player's, the ones the child saw: a hint shows the way and costs nothing
    let moves = solve(Player::new(lesson("bishop-stars-1")).unwrap());
    assert_eq!(judge(lesson("bishop-stars-1"), &strs(&moves), &[]), SOLVED3);
}

#[test]
fn a_question_is_judged_by_its_answers() {
    let l = || lesson("board-names-question");
    assert_eq!(judge(l(), &[], &[0]), SOLVED3);
    let after_a_mistake = judge(l(), &[], &[1, 0]);
    assert!(after_a_mistake.solved && after_a_mistake.stars < 3, "{after_a_mistake:?}");
    assert_eq!(judge(l(), &[], &[1]), Judgement::FAILED);
    assert_eq!(judge(l(), &[], &[]), Judgement::FAILED);
    assert_eq!(judge(l(), &[], &[99]), Judgement::FAILED);
    // moves in a question are refused
    assert_eq!(judge(l(), &["e2e4"], &[0]), Judgement::FAILED);
}

#[test]
fn a_show_lesson_is_done_when_its_steps_are_played() {
    let moves = solve(Player::new(lesson("idea-capture")).unwrap());
    assert_eq!(judge(lesson("idea-capture"), &strs(&moves), &[]), SOLVED3);
}

#[test]
fn a_lesson_against_the_solver_needs_its_tables() {
    let l = || lesson("mate-kq-win");
    assert_eq!(judge(l(), &["a1a2"], &[]), Judgement::FAILED);
    let Ok(tables) = Endgame::load_dir(&Endgame::default_dir()) else {
        eprintln!("www/endgame has no tables: the rest of this test is skipped");
        return;
    };
    let tables = Arc::new(tables);
    let p = Player::with_endgame(l(), tables.clone()).unwrap();
    let moves = solve(p);
    let tools = Tools { endgame: Some(tables), ..Tools::default() };
    let j = judge_with(l(), &strs(&moves), &[], &tools);
    assert!(j.solved, "{moves:?}");
    assert_eq!(judge(l(), &strs(&moves), &[]), Judgement::FAILED);
}

#[test]
fn a_losing_move_taken_back_against_the_solver_costs_a_star() {
    let Ok(tables) = Endgame::load_dir(&Endgame::default_dir()) else {
        eprintln!("www/endgame has no tables: this test is skipped");
        return;
    };
    let tables = Arc::new(tables);
    let l = || lesson("mate-kq-win");
    let start = Player::with_endgame(l(), tables.clone()).unwrap();
    let moves: Vec<String> = start.game().legal_moves().iter().map(|m| m.uci()).collect();
    // a move of the child's that throws the win away (the queen left to be taken)
    let losing = moves.iter().find_map(|m| {
        let mut p = Player::with_endgame(l(), tables.clone()).unwrap();
        let sq = |s: &str| chess_tutor::board::Square::parse(s).unwrap();
        p.play(sq(&m[0..2]), sq(&m[2..4]), None);
        (p.progress() == Progress::Failed && p.take_back()).then(|| (m.clone(), p))
    });
    let Some((bad, p)) = losing else { panic!("no losing move in mate-kq-win") };
    let mut line = vec![bad.clone(), TAKE_BACK.to_string()];
    line.extend(solve(p));
    let tools = Tools { endgame: Some(tables), ..Tools::default() };
    let clean = judge_with(l(), &strs(&line[2..]), &[], &tools);
    let taken_back = judge_with(l(), &strs(&line), &[], &tools);
    assert!(clean.solved && taken_back.solved, "{line:?}");
    assert_eq!(taken_back.stars, clean.stars - 1, "a take-back costs a star");
    // without the take-back the losing move ends the attempt
    let mut no_take_back = line.clone();
    no_take_back.remove(1);
    assert_eq!(judge_with(l(), &strs(&no_take_back), &[], &tools), Judgement::FAILED);
}

#[test]
fn a_targets_quiz_is_judged_by_the_squares_clicked() {
    let l = || lesson("bishop-targets");
    let p = Player::new(l()).unwrap();
    let from = p.lesson().goal.quiz().expect("a targets quiz");
    let targets: Vec<String> = p.board().quiz_targets(from).iter().map(|s| s.to_string()).collect();
    assert!(!targets.is_empty());
    assert_eq!(judge(l(), &strs(&targets), &[]), SOLVED3);
    // one square short: not done
    assert_eq!(judge(l(), &strs(&targets[1..]), &[]), Judgement::FAILED);
    // a wrong square first is a mistake, not the end of the quiz
    let wrong = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]
        .into_iter()
        .find(|s| !targets.iter().any(|t| t == s) && *s != from.to_string())
        .unwrap();
    let mut with_mistake = vec![wrong.to_string()];
    with_mistake.extend(targets.iter().cloned());
    let j = judge(l(), &strs(&with_mistake), &[]);
    assert!(j.solved && j.stars >= 1, "{j:?}");
    // the verdicts of that solved attempt: the wrong square first, a mistake; the rest good
    let r = judge_report(l(), &strs(&with_mistake), &[], &Tools::default());
    assert_eq!(r.judgement, j);
    let mut expected = vec![Verdict::Mistake];
    expected.extend(targets.iter().map(|_| Verdict::Good));
    assert_eq!(r.verdicts, expected);
}

#[test]
fn a_targets_quiz_hint_shows_a_square_not_found_yet_by_an_arrow_and_all_cost_one_star() {
    // a child who cannot read (issue 38): each hint is an arrow from the marked piece to a square
    // it can go to that is not found yet; tapping each arrow's tip finishes the quiz
    for id in ["rook-targets", "kings-apart"] {
        let mut p = Player::new(lesson(id)).unwrap();
        assert!(p.goal_view().hintable, "{id}");
        let from = p.lesson().goal.quiz().unwrap();
        let targets = p.board().quiz_targets(from);
        let mut tapped = Vec::new();
        while p.progress() == Progress::Playing {
            let h = p.hint().expect("a hint while the quiz is on");
            let arrow = h.arrow.expect("an arrow at once");
            assert_eq!((h.square, arrow.from), (from, from), "{id}");
            assert!(
                targets.contains(&arrow.to) && !tapped.contains(&arrow.to),
                "{id}: {}",
                arrow.to
            );
            assert_eq!(p.click(arrow.to).correct, Some(true), "{id}");
            tapped.push(arrow.to);
            assert!(tapped.len() <= targets.len());
        }
        assert_eq!(tapped.len(), targets.len(), "{id}");
        assert!(p.hint().is_none(), "{id}: no hint once done");
        // the judge counts the hints as the app does: solved, the help (a hint at every square)
        // costs one star together
        assert!(tapped.len() > 2, "{id}: more hints than stars");
        assert_eq!(p.progress(), Progress::Done { stars: 2 }, "{id}");
        let clicks: Vec<String> = tapped.iter().map(|s| s.to_string()).collect();
        let hints_at: Vec<u32> = (0..clicks.len() as u32).collect();
        let r = judge_report_hinted(lesson(id), &strs(&clicks), &[], &hints_at, &Tools::default());
        assert_eq!((r.judgement.solved, r.judgement.stars), (true, 2), "{id}: {:?}", r.judgement);
        assert_eq!(judge(lesson(id), &strs(&clicks), &[]), SOLVED3, "{id}");
    }
}

#[test]
fn the_verdicts_say_whose_each_move_was_and_where_the_judging_stopped() {
    let moves = solve(Player::new(lesson("bishop-stars-1")).unwrap());
    let r = judge_report(lesson("bishop-stars-1"), &strs(&moves), &[], &Tools::default());
    assert_eq!(r.judgement, SOLVED3);
    assert_eq!(r.verdicts.len(), moves.len());
    // bishop-stars-1 has no opponent: every entry is the child's, good
    assert!(r.verdicts.iter().all(|v| *v == Verdict::Good), "{:?}", r.verdicts);
    // a mate in two: the reply is the player's, after the child's move
    let l = || lesson("mate-2-ladder");
    let moves = solve(Player::new(l()).unwrap());
    let r = judge_report(l(), &strs(&moves), &[], &Tools::default());
    assert_eq!(r.judgement, SOLVED3);
    assert_eq!(r.verdicts.len(), moves.len());
    assert!(r.verdicts.contains(&Verdict::Reply), "{moves:?} {:?}", r.verdicts);
    for (k, v) in r.verdicts.iter().enumerate() {
        if *v == Verdict::Reply {
            assert_eq!(r.verdicts[k - 1], Verdict::Good, "{k}: {:?}", r.verdicts);
        } else {
            assert_eq!(*v, Verdict::Good);
        }
    }
    // a forged entry: refused there, the rest never looked at
    let mut forged = moves.clone();
    forged.insert(0, "a1a1".into());
    let r = judge_report(l(), &strs(&forged), &[], &Tools::default());
    assert_eq!(r.judgement, Judgement::FAILED);
    assert_eq!(r.verdicts[0], Verdict::Refused);
    assert!(r.verdicts[1..].iter().all(|v| *v == Verdict::Unplayed));
    assert_eq!(r.verdicts.len(), forged.len());
}
