//! What the lesson player (www/lesson/) reads of a goal, `Player::goal_view` (the package's
//! `Lesson.goal()`), for every goal of `GOAL_NAMES` as the course's lessons use them (issue 34:
//! the page never branches on a goal's name). Each fact is held against what the player does:
//! a goal that counts moves is one the child plays, a lesson said hintable finds a hint at its
//! start, a quiz takes taps, an idea lesson has steps.

// it reads the course's lessons from disk and the native endgame tables
#![cfg(not(target_arch = "wasm32"))]

use chess_tutor::lesson::player::GoalView;

/// A goal's view, kept after its player is asked for a hint.
#[derive(Debug)]
struct Facts {
    name: &'static str,
    counts: &'static str,
    par: Option<u32>,
    hintable: bool,
    square: Option<String>,
    moves: Option<u32>,
    ask: Option<&'static str>,
    aim: Option<&'static str>,
    quiz: bool,
    steps: bool,
    hides_force: bool,
}

fn owned(v: GoalView) -> Facts {
    Facts {
        name: v.name,
        counts: v.counts,
        par: v.par,
        hintable: v.hintable,
        square: v.square.map(str::to_owned),
        moves: v.moves,
        ask: v.ask,
        aim: v.aim,
        quiz: v.quiz,
        steps: v.steps,
        hides_force: v.hides_force,
    }
}
use chess_tutor::lesson::{Lesson, Opponent, GOAL_NAMES};
use std::collections::BTreeMap;

mod common;
use common::{dir, player};

/// Every lesson of every course, and a `can_capture` question made of the course's t1 lesson
/// (the course asks who is stronger there).
fn lessons() -> Vec<Lesson> {
    let mut out: Vec<Lesson> = common::course_lessons().into_iter().map(|(l, _)| l).collect();
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir().join("t1-capture-no.json")).unwrap())
            .unwrap();
    v["goal"] = serde_json::json!({ "type": "can_capture", "from": "e5", "to": "d5" });
    out.push(serde_json::from_value(v).unwrap());
    out
}

#[test]
fn every_goal_says_what_the_page_needs_and_the_player_agrees() {
    let mut seen: BTreeMap<&str, Vec<Facts>> = BTreeMap::new();
    for lesson in lessons() {
        let mut p = player(&lesson);
        let view = owned(p.goal_view());
        let id = &lesson.id;
        assert_eq!(view.name, lesson.goal.name(), "{id}");
        // a hint button that is shown finds a hint at the start
        if view.hintable {
            assert!(p.hint().is_some(), "{id}: said hintable, but no hint at the start");
        }
        // a written hint always makes a lesson hintable
        if lesson.hints.is_some() {
            assert!(view.hintable, "{id}: a written hint");
        }
        // a quiz counts its found squares: it has some
        assert_eq!(view.quiz, p.quiz_total() > 0, "{id}");
        // an idea lesson has a step to show
        assert_eq!(view.steps, p.show_step().is_some(), "{id}");
        // a drill's aim only without an opponent
        if view.aim.is_some() {
            assert!(matches!(lesson.opponent, Opponent::None), "{id}");
        }
        // a par that counts moves is at least one move
        if view.counts == "moves" {
            assert!(view.par.is_none_or(|n| n >= 1), "{id}: {:?}", view.par);
        }
        seen.entry(view.name).or_default().push(view);
    }
    // every goal the course uses, and the facts Rust states of it
    let expect = |name: &str, counts, ask, quiz, steps, hides_force| {
        let views = seen.get(name).unwrap_or_else(|| panic!("no lesson with the goal {name}"));
        for v in views {
            assert_eq!(
                (v.counts, v.ask, v.quiz, v.steps, v.hides_force),
                (counts, ask, quiz, steps, hides_force),
                "{name}"
            );
        }
    };
    let (moves, mistakes, nothing) = ("moves", "mistakes", "nothing");
    for name in
        ["stars", "capture_all", "reach", "promote", "mate", "win", "draw", "check", "keep_pieces"]
    {
        expect(name, moves, None, false, false, false);
    }
    expect("best_move", mistakes, None, false, false, false);
    expect("escape", mistakes, None, false, false, false);
    expect("targets", mistakes, None, true, false, false);
    expect("question", mistakes, Some("written"), false, false, false);
    expect("can_capture", mistakes, Some("capture"), false, false, true);
    expect("stronger", mistakes, Some("force"), false, false, true);
    expect("show", nothing, None, false, true, false);
    let names: Vec<&str> = seen.keys().copied().collect();
    let mut all: Vec<&str> = GOAL_NAMES.to_vec();
    all.sort();
    assert_eq!(names, all, "every goal of GOAL_NAMES is served");
    // what the rules state and the player needs: an escape finds its saving move for a hint and
    // counts mistakes (a wrong try is a mistake, never a move); an idea lesson counts nothing
    for v in &seen["escape"] {
        assert!(v.hintable && v.square.is_some() && v.par == Some(0));
    }
    for v in &seen["show"] {
        assert_eq!(v.par, None);
    }
    for name in ["mate", "check"] {
        for v in &seen[name] {
            assert!(v.moves.is_some() && v.par.is_some() && v.hintable, "{name}");
        }
    }
    for v in &seen["reach"] {
        assert!(v.square.is_some());
    }
    for v in seen["stars"].iter().chain(&seen["capture_all"]).chain(&seen["reach"]) {
        assert!(v.aim.is_none() || v.hintable, "a drill finds its hint");
    }
    assert!(seen["stars"].iter().any(|v| v.aim == Some("star")));
}
