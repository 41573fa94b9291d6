//! The lesson studio's bindings (www/pkg-studio, loaded only by www/studio-worker.js when a
//! teacher opens the studio): the checker **with** the doctor, and the par the doctor proposes.
//! Not in www/pkg-lessons, which plays lessons and checks them without the doctor's searches.

use super::shapes::studio::StudioReport;
use super::{err, to_js};
use crate::board::{Position, Square};
use crate::endgame::Endgame;
use crate::lesson::doctor::set_solver;
use crate::lesson::search::{drill_step, fewest_moves_to_force, mate_in, Aim, Drill};
use crate::lesson::{check_lesson_full, Diagnostic, Goal, Lesson, Opponent};
use crate::message::Arg;
use crate::notation::parse_position;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The studio's endgame solver: its data files loaded by the worker as lessons need them
    /// (studioEndgameFiles, studioLoadEndgame), and lent to the doctor.
    static SOLVER: &'static Endgame = Box::leak(Box::new(Endgame::new()));
}

fn solver() -> &'static Endgame {
    SOLVER.with(|s| *s)
}

/// The endgame data files (`kpk.bin`, …, in `endgame/`) the lesson's position needs that the
/// studio's solver has not loaded yet: none for a lesson outside the solver's endgames.
#[wasm_bindgen(js_name = studioEndgameFiles)]
pub fn studio_endgame_files(text: &str) -> Vec<String> {
    position_of(text).and_then(|pos| solver().missing_files(&pos).ok()).unwrap_or_default()
}

/// Load one endgame data file's bytes into the studio's solver; returns its file name.
#[wasm_bindgen(js_name = studioLoadEndgame)]
pub fn studio_load_endgame(bytes: &[u8]) -> Result<String, JsValue> {
    Ok(solver().load(bytes).map_err(err)? + ".bin")
}

/// The position of a lesson's text, when it reads as a lesson.
fn position_of(text: &str) -> Option<Position> {
    // through the input guard (a byte-order mark skipped, size and depth bounded)
    let lesson: Lesson = crate::lesson::parse_lesson(text)?;
    parse_position(&lesson.position.text()).ok()
}

/// Check a lesson's text as `chess-tutor lesson check` does (the checker, then the doctor's
/// searches), and propose its par. Never throws for bad lesson text: a text that is no lesson
/// gives its findings and no par.
#[wasm_bindgen(js_name = studioCheck, unchecked_return_type = "StudioReport")]
pub fn studio_check(text: &str, pieces: Option<String>) -> Result<JsValue, JsValue> {
    set_solver(solver());
    let (lesson, diagnostics) = check_lesson_full(text, None, true, &|_| pieces.clone());
    let par = lesson.as_ref().and_then(|l| {
        if l.pieces.is_some() {
            piece_set_par(l, &diagnostics, &pieces)
        } else {
            proposed_par(l)
        }
    });
    to_js(&StudioReport { diagnostics, par })
}

/// The fewest moves of a drill with a piece set (stars, capture all, reach). The doctor
/// (lesson::variant) searches them and says the number only when the par disagrees: it is read
/// from that finding: the lesson's own, or else a check of a copy whose par is more than any
/// drill needs, so that the doctor names the fewest (no finding there: it could not search; a
/// par of 0 would not do, the checker refuses it before the doctor looks).
fn piece_set_par(
    lesson: &Lesson,
    diagnostics: &[Diagnostic],
    pieces: &Option<String>,
) -> Option<u32> {
    if !matches!(lesson.goal, Goal::Stars(_) | Goal::CaptureAll(_) | Goal::Reach(_)) {
        return None;
    }
    if let Some(min) = fewest_said(diagnostics) {
        return Some(min);
    }
    let mut probe = lesson.clone();
    probe.par = Some(u32::MAX);
    let text = serde_json::to_string(&probe).ok()?;
    let (_, found) = check_lesson_full(&text, None, true, &|_| pieces.clone());
    fewest_said(&found)
}

/// The `min` of the doctor's finding on a par that is too small or too big.
fn fewest_said(diagnostics: &[Diagnostic]) -> Option<u32> {
    diagnostics
        .iter()
        .filter(|d| matches!(d.message.id, "doctor-par-too-small" | "doctor-par-too-big"))
        .find_map(|d| d.message.args.iter().find(|(k, _)| *k == "min"))
        .and_then(|(_, v)| match v {
            Arg::Num(n) => u32::try_from(*n).ok(),
            Arg::Str(s) => s.parse().ok(),
        })
}

/// The fewest moves the child needs, for a played goal the doctor can search (drills with no
/// opponent, mates, and promote or win against the solver once its data files are loaded); `None`
/// for the others (answered goals count mistakes, not moves; a draw has no par; the engine's games
/// are not searched).
fn proposed_par(lesson: &Lesson) -> Option<u32> {
    let pos = parse_position(&lesson.position.text()).ok()?;
    let rules = lesson.rules.rules();
    let student = lesson.student.color();
    if pos.side != student {
        return None;
    }
    let drill = |goal: Drill| drill_step(&pos, student, rules, &goal, None).map(|(d, _)| d);
    match (&lesson.goal, &lesson.opponent) {
        (Goal::Stars(g), Opponent::None) => {
            let stars: Option<Vec<Square>> = g.squares.iter().map(|s| Square::parse(s)).collect();
            drill(Drill::Stars(stars.filter(|s| !s.is_empty())?))
        }
        (Goal::CaptureAll(_), Opponent::None) => drill(Drill::CaptureAll),
        (Goal::Reach(g), Opponent::None) => {
            let target = Square::parse(&g.square)?;
            let from = match &g.piece {
                Some(p) => Some(Square::parse(p)?),
                None => None,
            };
            drill(Drill::Reach { target, from })
        }
        (Goal::Promote(_), Opponent::None) => drill(Drill::Promote),
        (Goal::Mate(g), _) => (1..=g.moves.clamp(1, 5)).find(|&k| mate_in(&pos, k, rules)),
        (Goal::Promote(_), Opponent::Solver) => {
            fewest_moves_to_force(solver(), &pos, Aim::Promote).ok().flatten()
        }
        (Goal::Win(_), Opponent::Solver) => {
            fewest_moves_to_force(solver(), &pos, Aim::Mate).ok().flatten()
        }
        _ => None,
    }
}
