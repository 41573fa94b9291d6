//! The goals of lessons: each goal type is one module of this folder, its fields and one
//! implementation of [`kind::GoalType`] (how it is checked, what the doctor proves, how a move is
//! judged, when it is reached, why it failed, the moves its hint shows, its task as a message).
//! The list of goals is written once, in `goals!` below: the `Goal` enum and its JSON reading
//! (serde's derive, the schema `lessons/lesson.schema.json`, the lean reading of www/pkg-lessons)
//! all come from it; the pages read the goal names from www/widget/goal-names.js ([`goal_names_js`],
//! `chess-tutor lesson goals`) and the studio the goals' fields from the schema, with what a new
//! goal holds and the opponent and rules it is played with (`x-studio` beside the goal in
//! `goals!`), so that www/studio/ never branches on a goal's type.
//!
//! To add a goal: a file here with its fields, its `impl GoalType` and its `LeanRead` (the flat
//! reading of www/pkg-lessons: a field of a new name is added to `LeanFields`), one line in
//! `goals!`, its words (the `task-<name>` message and the ones it says, in
//! crate/src/message/en.rs and the word files `www/i18n/<lang>/`; its name and task on the pages in
//! `www/i18n/<lang>/`studio.js and lesson.js), and its tests. The studio and the course page read
//! the goal from the schema and www/widget/goal-names.js (`chess-tutor lesson schema`, `lesson goals`).

// The contexts hand the goals the checker's report, which is the crate's own.
#![allow(private_interfaces)]
// Without the doctor (the lesson packages) the doctor's imports of the goals go unused.
#![cfg_attr(not(doctor), allow(unused_imports, dead_code))]

mod kind;

use crate::board::{Position, Square};
use crate::lesson::attempt::{Attempt, Failure, LessonMove};
use crate::lesson::board::{Defence, LessonBoard};
use crate::lesson::data::{Setting, ShowStep, Text};
use crate::lesson::search::Drill;
use crate::message::Message;
pub use kind::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The list of goals, written once: the `Goal` enum (one variant per goal module, its JSON
/// `type` the module's name), its names, the dispatch to each goal's [`kind::GoalType`], and the lean
/// reading of www/pkg-lessons.
macro_rules! goals {
    ($d:tt $( $(#[$doc:meta])* $variant:ident = $module:ident :: $ty:ident, $name:literal $(if $cfg:meta)?; )*) => {
        $( pub mod $module; )*

        /// `each_goal!(goal, g => body)`: the body for the goal's own type (static dispatch, so
        /// that a package keeps only what it calls).
        macro_rules! each_goal {
            ($d goal:expr, $d g:ident => $d body:expr) => {
                match $d goal { $( $(#[cfg($cfg)])? Goal::$variant($d g) => $d body, )* }
            };
        }

        /// What the child must do: `{ "type": "<goal>", …its fields }`.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
        #[serde(tag = "type")]
        #[cfg_attr(all(target_arch = "wasm32", not(feature = "variant")), serde(try_from = "LeanFields"))]
        pub enum Goal {
            $( $(#[$doc])* $(#[cfg($cfg)])? #[serde(rename = $name)] $variant($module::$ty), )*
        }

        /// The name of every goal, in the order of the list.
        pub const GOAL_NAMES: &[&str] = &[$($name),*];

        $( impl GoalName for $module::$ty { fn name(&self) -> &'static str { $name } } )*

        impl Goal {
            /// The goal's name in the JSON (`stars`, `mate`, …).
            pub fn name(&self) -> &'static str {
                match self { $( $(#[cfg($cfg)])? Goal::$variant(_) => $name, )* }
            }
        }

        /// www/pkg-lessons: a goal read from its flat fields by the goal's own [`LeanRead`].
        #[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
        impl TryFrom<LeanFields> for Goal {
            type Error = super::lean::Refused;
            fn try_from(mut f: LeanFields) -> Result<Goal, Self::Error> {
                let (goal, past) = match f.kind.as_str() {
                    $( $(#[cfg($cfg)])? $name => (<$module::$ty as LeanRead>::lean(&mut f).map(Goal::$variant), <$module::$ty as LeanRead>::READS_PAST), )*
                    _ => (None, false),
                };
                let goal = goal.ok_or(super::lean::Refused)?;
                if past || f.all_taken() {
                    Ok(goal)
                } else {
                    Err(super::lean::Refused)
                }
            }
        }
    };
}

goals! {
    $
    /// Collect every star (land a piece on each square) within `par` moves.
    Stars = stars::Stars, "stars";
    /// Capture every enemy piece (the king excepted).
    CaptureAll = capture_all::CaptureAll, "capture_all";
    /// Bring a piece to a square.
    Reach = reach::Reach, "reach";
    /// Promote a pawn (a mate completes it too). Against the solver the doctor proves the win and
    /// checks `par` against the fewest moves the child needs.
    Promote = promote::Promote, "promote";
    /// Give mate in at most `in` moves.
    #[schemars(extend("x-studio" = {"setting": {"opponent": {"type": "defender"}}}))]
    Mate = mate::Mate, "mate";
    /// Find the best move: any of `answers` (SAN or UCI) is right.
    BestMove = best_move::BestMove, "best_move";
    /// A quiz: click every square the piece on `square` can go to.
    Targets = targets::Targets, "targets";
    /// A question about the position, answered by choosing.
    #[schemars(extend("x-studio" = {"new": {"choices": [{}, {}], "answer": 0}}))]
    Question = question::Question, "question";
    /// Win against the computer: give mate (needs the endgame solver or the engine as opponent).
    #[schemars(extend("x-studio" = {"setting": {"opponent": {"type": "solver"}, "rules": "auto_queen"}}))]
    Win = win::Win, "win";
    /// Hold a draw against the computer: keep the draw for `moves` of the child's moves (10 when
    /// absent), or until the game ends in a draw or the opponent has nothing but its king.
    #[schemars(extend("x-studio" = {"setting": {"opponent": {"type": "solver"}, "rules": "auto_queen"}}))]
    Draw = draw::Draw, "draw";
    /// Lessons with a piece set (`pieces`): may the child's piece on `from` capture the enemy
    /// piece on `to`? The child answers yes or no; the rules know the answer (the piece must
    /// reach `to` along a line, and its side must have more force there than the other side).
    CanCapture = can_capture::CanCapture, "can_capture";
    /// Lessons with a piece set (`pieces`): who has more force on `square`? The child answers
    /// White, Black or equal; the rules count the force.
    Stronger = stronger::Stronger, "stronger";
    /// An idea lesson: it shows the idea before asking for it, step by step. A step without a
    /// move waits for the child's Next; a step with a move draws its arrow and the child plays it
    /// (another move is refused kindly, never a failure), then the opponent plays its `reply`.
    /// The last step done, the lesson is done with 3 stars. Opponent `none` only.
    Show = show::Show, "show";
    /// Give check within `in` of the child's moves. With opponent `none` the enemy pieces and
    /// the enemy king stand still; with `defender` the search answers, avoiding checks.
    Check = check::Check, "check";
    /// Save the piece on `square`: it is attacked and can be won. The child moves it, defends
    /// it or takes the attacker: right when afterwards the opponent can win none of the child's
    /// pieces by a static exchange. Opponent `none`: the enemy does not answer.
    Escape = escape::Escape, "escape";
    /// A whole game against the engine at level 1 or 2: play `moves` moves (5 to 40) without
    /// losing a piece (a piece taken counts as lost unless the child takes back as much at once).
    /// Not in www/pkg-lessons (a child's first download): such a lesson plays with
    /// pkg-lessons-full, which `lessonPackage` names.
    KeepPieces = keep_pieces::KeepPieces, "keep_pieces" if not(all(target_arch = "wasm32", not(feature = "variant")));
}

/// `www/widget/goal-names.js`: the goal names for the pages (the studio's goal list, the pictures of the
/// course page and the player), made from [`GOAL_NAMES`] by `chess-tutor lesson goals`, so that
/// JavaScript never writes the list by hand (crate/tests/lessons.rs holds the file current).
pub fn goal_names_js() -> String {
    let names: Vec<String> = GOAL_NAMES.iter().map(|n| format!("\"{n}\"")).collect();
    format!(
        "// @ts-check\n\
         // The name of every goal, in the order of `goals!` in crate/src/lesson/goal/mod.rs. Made by\n\
         // `cargo run --release -q --bin chess-tutor -- lesson goals > www/widget/goal-names.js`: never edit it\n\
         // by hand (crate/tests/lessons.rs fails when it is stale).\n\
         export const GOAL_NAMES = Object.freeze([{}]);\n",
        names.join(", ")
    )
}

impl GoalName for Goal {
    fn name(&self) -> &'static str {
        Goal::name(self)
    }
}

/// The goal's rules: each method is the goal type's own.
impl GoalType for Goal {
    #[cfg(doctor)]
    fn task(&self) -> Message {
        each_goal!(self, g => g.task())
    }
    fn is_played(&self) -> bool {
        each_goal!(self, g => g.is_played())
    }
    fn takes_moves(&self) -> bool {
        each_goal!(self, g => g.takes_moves())
    }
    fn needs_par(&self) -> bool {
        each_goal!(self, g => g.needs_par())
    }
    fn par(&self, par: Option<u32>) -> u32 {
        each_goal!(self, g => g.par(par))
    }
    fn enemy_stands_still(&self) -> bool {
        each_goal!(self, g => g.enemy_stands_still())
    }
    fn check_words(&self, report: &mut Report, par: Option<u32>) {
        each_goal!(self, g => g.check_words(report, par))
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn texts(&self) -> Vec<(String, &Text)> {
        each_goal!(self, g => g.texts())
    }
    fn check(&self, cx: &mut ChessCx) {
        each_goal!(self, g => g.check(cx))
    }
    #[cfg(doctor)]
    fn examine(&self, cx: &mut ChessCx) {
        each_goal!(self, g => g.examine(cx))
    }
    #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
    fn check_pieces(&self, cx: &mut PiecesCx) {
        each_goal!(self, g => g.check_pieces(cx))
    }
    #[cfg(doctor)]
    fn examine_pieces(&self, cx: &mut PiecesCx) {
        each_goal!(self, g => g.examine_pieces(cx))
    }
    fn judged_by_solver(&self, setting: Setting, start: &Position) -> bool {
        each_goal!(self, g => g.judged_by_solver(setting, start))
    }
    fn begin(&self, a: &mut Attempt) {
        each_goal!(self, g => g.begin(a))
    }
    fn one_try(&self, t: &Try) -> Option<Result<(), Failure>> {
        each_goal!(self, g => g.one_try(t))
    }
    fn right_why(&self, t: &Try) -> Option<Message> {
        each_goal!(self, g => g.right_why(t))
    }
    fn reached(&self, now: &Now, moved: Option<LessonMove>) -> bool {
        each_goal!(self, g => g.reached(now, moved))
    }
    fn used(&self, a: &Attempt) -> u32 {
        each_goal!(self, g => g.used(a))
    }
    fn out_of_moves(&self, a: &Attempt) -> bool {
        each_goal!(self, g => g.out_of_moves(a))
    }
    fn lost(&self, now: &Now) -> bool {
        each_goal!(self, g => g.lost(now))
    }
    fn why_failed(&self, now: &Now, gave_check: bool) -> Option<Failure> {
        each_goal!(self, g => g.why_failed(now, gave_check))
    }
    fn drill(&self, a: &Attempt, enemy_king: Option<Square>) -> Option<Drill> {
        each_goal!(self, g => g.drill(a, enemy_king))
    }
    fn best_moves(&self, now: &Now) -> Option<Vec<LessonMove>> {
        each_goal!(self, g => g.best_moves(now))
    }
    fn defence(&self, a: &Attempt) -> Defence {
        each_goal!(self, g => g.defence(a))
    }
    fn quiz(&self) -> Option<Square> {
        each_goal!(self, g => g.quiz())
    }
    fn answer(&self, board: &dyn LessonBoard) -> Option<(usize, Option<Message>)> {
        each_goal!(self, g => g.answer(board))
    }
    fn explain(&self, choice: usize) -> Option<Text> {
        each_goal!(self, g => g.explain(choice))
    }
    fn steps(&self) -> Option<&[ShowStep]> {
        each_goal!(self, g => g.steps())
    }
    fn shown(&self) -> Shown<'_> {
        each_goal!(self, g => g.shown())
    }
}
