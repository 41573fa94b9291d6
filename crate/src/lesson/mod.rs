//! Lessons: teacher-written JSON files, their schema, the checker that says exactly what is wrong
//! in a file (`file:line:col: /json/pointer: message`), the doctor that proves each goal can be
//! reached, and the one player of every lesson.
//!
//! A lesson is pure data: a position, the side the child plays, a goal, an opponent, hints,
//! feedback for named wrong moves, shapes to draw, and a par that gives 3, 2 or 1 stars.
//!
//! The modules, each importing only those listed after it (this file imports them all and
//! nothing imports it; no circle):
//!
//! ```text
//! judge   → player file goal variant attempt(the class server's replay of an attempt; native only)
//! player  → file goal variant board show attempt search data
//! check   → file goal variant doctor data
//! skill_check → check                 (a lesson's `skill` against skills.json; native only)
//! variant → file goal::can_capture board show attempt search data
//! file    → goal data                     (Lesson, Course, the schemas)
//! goal/*  → goal::kind board doctor show attempt search data lean
//! goal::kind → board attempt search data  (the GoalType trait, what a goal sees)
//! board   → attempt search data           (LessonBoard, ChessBoard)
//! doctor  → search data                   (the doctor's proofs the goals call)
//! show    → attempt data                  (the steps of a show lesson)
//! attempt → data                          (Attempt, Outcome, Failure, Arrow, Progress, Hint)
//! data    → lean                          (the leaf fields of a lesson)
//! search, lean: nothing of the lesson layer
//! ```

pub mod attempt;
pub mod board;
pub mod check;
pub mod data;
pub mod doctor;
pub mod file;
pub mod goal;
/// The class server's judge (native only: not in any WASM package).
#[cfg(not(target_arch = "wasm32"))]
pub mod judge;
/// www/pkg-lessons' reading of goal, opponent, shapes, position and pieces, without serde's buffering.
#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
mod lean;
pub mod player;
pub mod search;
pub mod show;
/// The skill a course lesson names, against lessons/skills.json (the folder check, native only).
#[cfg(not(target_arch = "wasm32"))]
pub mod skill_check;
#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
pub mod variant;

pub use check::{
    check_course, check_lesson_file, check_lesson_full, check_lesson_text, check_lesson_with,
    parse_lesson, Diagnostic, Glossary, Severity, Term,
};
#[cfg(not(target_arch = "wasm32"))]
pub use check::{check_course_in, check_courses, check_glossary};
pub use data::{
    stars, AcceptGroup, EndResult, Feedback, Hints, InlineSet, Opponent, PiecesRef, PositionText,
    RulesName, Shape, ShapeColor, ShowStep, Side, Text,
};
pub use file::{
    course_schema, is_course_name, lesson_schema, Course, CourseEntry, Courses, Lesson, Section,
};
pub use goal::draw::DRAW_MOVES;
pub use goal::{goal_names_js, Goal, GOAL_NAMES};
#[cfg(not(target_arch = "wasm32"))]
pub use skill_check::check_skills;
