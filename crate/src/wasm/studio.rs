//! The lesson studio's bindings (www/pkg-studio, loaded only by www/studio-worker.js when a
//! teacher opens the studio): the checker **with** the doctor, and the par the doctor proposes.
//! Not in www/pkg-lessons, which plays lessons and checks them without the doctor's searches.

use super::to_js;
use crate::lesson::doctor::{drill_step, mate_in, Progress};
use crate::lesson::{check_lesson_full, Diagnostic, Goal, Lesson, Opponent};
use crate::board::Square;
use crate::notation::parse_position;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_STUDIO_TYPES: &str = r#"
/** studioCheck(): the checker's and the doctor's findings, and the par the doctor proposes (the fewest moves the child needs), or null when it proposes none. */
export interface StudioReport { diagnostics: Diagnostic[]; par: number | null; }
"#;

#[derive(Serialize)]
struct StudioReport {
    diagnostics: Vec<Diagnostic>,
    par: Option<u32>,
}

/// Check a lesson's text as `chess-tutor lesson check` does (the checker, then the doctor's
/// searches), and propose its par. Never throws for bad lesson text: a text that is no lesson
/// gives its findings and no par.
#[wasm_bindgen(js_name = studioCheck, unchecked_return_type = "StudioReport")]
pub fn studio_check(text: &str, pieces: Option<String>) -> Result<JsValue, JsValue> {
    let (lesson, diagnostics) = check_lesson_full(text, None, true, &|_| pieces.clone());
    let par = lesson.as_ref().and_then(proposed_par);
    to_js(&StudioReport { diagnostics, par })
}

/// The fewest moves the child needs, for a played goal the doctor can search (drills with no
/// opponent, and mates); `None` for the others (answered goals count mistakes, not moves; games
/// against the solver or the engine need more than the browser's doctor has).
fn proposed_par(lesson: &Lesson) -> Option<u32> {
    if lesson.pieces.is_some() {
        return None;
    }
    let pos = parse_position(&lesson.position.text()).ok()?;
    let rules = lesson.rules.rules();
    let student = lesson.student.color();
    if pos.side != student {
        return None;
    }
    let drill = |goal: Progress| drill_step(&pos, student, rules, &goal, None).map(|(d, _)| d);
    match (&lesson.goal, &lesson.opponent) {
        (Goal::Stars { squares }, Opponent::None) => {
            let stars: Option<Vec<Square>> = squares.iter().map(|s| Square::parse(s)).collect();
            drill(Progress::Stars(stars.filter(|s| !s.is_empty())?))
        }
        (Goal::CaptureAll, Opponent::None) => drill(Progress::CaptureAll),
        (Goal::Reach { square, piece }, Opponent::None) => {
            let target = Square::parse(square)?;
            let from = match piece {
                Some(p) => Some(Square::parse(p)?),
                None => None,
            };
            drill(Progress::Reach { target, from })
        }
        (Goal::Promote, Opponent::None) => drill(Progress::Promote),
        (Goal::Mate { moves }, _) => (1..=(*moves).clamp(1, 5)).find(|&k| mate_in(&pos, k, rules)),
        _ => None,
    }
}
