//! Practice's bindings (www/pkg-practice, loaded only for practice): the skills, their
//! exercises (made and proved here, in the browser, offline), and the learner model over the
//! child's log (JSON lines kept by the page in IndexedDB). Every value goes over as a plain
//! object (`to_js`); every error is thrown as a message of the catalogue (`practice-…`).

use super::shapes::practice::{ExerciseJs, RecordJs, ReportJs};
use super::{err, to_js};
use crate::endgame::Endgame;
use crate::practice::model::{self, Attempt, Learner};
use crate::practice::{self, Exercise, PracticeError};
use wasm_bindgen::prelude::*;

fn exercise_js(ex: &Exercise, review: Option<bool>) -> Result<JsValue, JsValue> {
    remember(ex);
    to_js(&ExerciseJs {
        id: &ex.lesson.id,
        skill: &ex.skill,
        seed: ex.seed,
        rating: ex.rating,
        text: ex.json(),
        review,
    })
}

fn practice_err(e: PracticeError) -> JsValue {
    err(e)
}

thread_local! {
    /// The last exercises this instance made (id, skill, rating): an answer to one of them is
    /// recorded without making it again (each exercise is a function of its id, so the
    /// remembered skill and rating are those `regenerate` would give; an id not made here is
    /// regenerated). Halves the work of an exercise in a session: made once, not twice.
    static MADE: std::cell::RefCell<Vec<(String, String, i32)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// How many exercises [`MADE`] keeps.
const MADE_KEPT: usize = 16;

fn remember(ex: &Exercise) {
    MADE.with(|m| {
        let mut m = m.borrow_mut();
        m.retain(|(id, _, _)| *id != ex.lesson.id);
        if m.len() >= MADE_KEPT {
            m.remove(0);
        }
        m.push((ex.lesson.id.clone(), ex.skill.clone(), ex.rating));
    });
}

/// The skill and rating of the exercise `id`: remembered, or regenerated from the id.
fn made(id: &str) -> Result<(String, String, i32), JsValue> {
    if let Some(hit) = MADE.with(|m| m.borrow().iter().find(|(i, _, _)| i == id).cloned()) {
        return Ok(hit);
    }
    let ex = practice::regenerate(id).map_err(practice_err)?;
    remember(&ex);
    Ok((ex.lesson.id, ex.skill, ex.rating))
}

/// A time, or `now` when none is given.
fn time(iso: Option<String>) -> Result<i64, JsValue> {
    match iso {
        Some(t) => model::parse_time(&t).map_err(practice_err),
        None => Ok((js_sys::Date::now() / 1000.0) as i64),
    }
}

fn learner(log: &str) -> Result<Learner, JsValue> {
    Ok(Learner::from_log(&model::read_log(log).map_err(practice_err)?))
}

thread_local! {
    /// The endgame solver of the king-and-pawn skills' proofs: the page loads its data files
    /// (practiceEndgameFiles, practiceLoadEndgame) before it asks for such an exercise.
    static SOLVER: &'static Endgame = {
        let eg: &'static Endgame = Box::leak(Box::new(Endgame::new()));
        crate::lesson::doctor::set_solver(eg);
        eg
    };
}

/// Every skill, in the courses' order.
#[wasm_bindgen(js_name = practiceSkills, unchecked_return_type = "PracticeSkill[]")]
pub fn practice_skills() -> Result<JsValue, JsValue> {
    to_js(practice::skills())
}

/// One exercise of `skill` from `seed` (a whole number); with `rating`, the first seed from
/// there whose exercise is near that difficulty.
#[wasm_bindgen(js_name = practiceMake, unchecked_return_type = "PracticeExercise")]
pub fn practice_make(skill: &str, seed: f64, rating: Option<f64>) -> Result<JsValue, JsValue> {
    SOLVER.with(|_| ());
    if !(seed.is_finite() && seed >= 0.0 && seed.fract() == 0.0 && seed <= 9_007_199_254_740_991.0)
    {
        return Err(practice_err(PracticeError::BadId(format!("practice/{skill}/{seed}"))));
    }
    let ex = practice::make(skill, seed as u64, rating).map_err(practice_err)?;
    exercise_js(&ex, None)
}

/// The next exercise for the learner of `log` (its JSON lines) at `now` (ISO-8601; the clock when
/// left out), with the course lessons `learned` (ids) and the gentle setting (90 % success).
#[wasm_bindgen(js_name = practiceNext, unchecked_return_type = "PracticeExercise")]
pub fn practice_next(
    log: &str,
    now: Option<String>,
    learned: Vec<String>,
    gentle: bool,
) -> Result<JsValue, JsValue> {
    SOLVER.with(|_| ());
    let now = time(now)?;
    let l = learner(log)?;
    let review = model::next(&l, now, &learned, gentle).map(|n| n.review);
    let ex = model::next_exercise(&l, now, &learned, gentle).map_err(practice_err)?;
    exercise_js(&ex, review.or(Some(false)))
}

/// An attempt at the exercise `id`: the line to append to the log and the skill after it. Its
/// rating is the generator's, never the page's: remembered from making it, else regenerated.
#[wasm_bindgen(js_name = practiceRecord, unchecked_return_type = "PracticeRecord")]
pub fn practice_record(
    log: &str,
    id: &str,
    right: bool,
    hints: u32,
    ms: Option<f64>,
    now: Option<String>,
) -> Result<JsValue, JsValue> {
    SOLVER.with(|_| ());
    let now = time(now)?;
    let mut l = learner(log)?;
    let (id, skill_id, rating) = made(id)?;
    let ms = ms.filter(|m| m.is_finite() && *m >= 0.0).map(|m| m.min(86_400_000.0) as u64);
    let attempt =
        Attempt { at: model::format_time(now), id, rating, right, hints: hints.min(99), ms };
    let line = attempt.line();
    let read = model::read_log(&line).map_err(practice_err)?;
    l.add(&read[0]);
    let skill = practice::skill(&skill_id)
        .ok_or_else(|| practice_err(PracticeError::UnknownSkill(skill_id.clone())))?;
    let st = &l.skills[&skill_id];
    to_js(&RecordJs {
        line,
        skill: skill_id.clone(),
        rating: st.rating.r.round() as i32,
        mastery: model::mastery(skill, st, now),
        due: st.due().map(model::format_time),
    })
}

/// The learner's report at `now`: the child's rating, the days practised, each practised skill.
#[wasm_bindgen(js_name = practiceReport, unchecked_return_type = "PracticeReport")]
pub fn practice_report(log: &str, now: Option<String>) -> Result<JsValue, JsValue> {
    let now = time(now)?;
    let l = learner(log)?;
    to_js(&ReportJs {
        rating: l.child().r.round() as i32,
        days: l.days.len(),
        skills: model::report(&l, now),
    })
}

/// The endgame data files (in `endgame/`) the king-and-pawn skills' proofs need that are not
/// loaded yet.
#[wasm_bindgen(js_name = practiceEndgameFiles)]
pub fn practice_endgame_files() -> Vec<String> {
    SOLVER.with(|eg| {
        let probe = crate::notation::parse_position("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1").ok();
        probe.and_then(|p| eg.missing_files(&p).ok()).unwrap_or_default()
    })
}

/// Load one endgame data file's bytes; returns its file name.
#[wasm_bindgen(js_name = practiceLoadEndgame)]
pub fn practice_load_endgame(bytes: &[u8]) -> Result<String, JsValue> {
    SOLVER.with(|eg| Ok(eg.load(bytes).map_err(err)? + ".bin"))
}
