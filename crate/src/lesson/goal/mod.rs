//! The goals of lessons: each goal type is one module of this folder, its fields and one
//! implementation of [`GoalType`] (how it is checked, what the doctor proves, how a move is
//! judged, when it is reached, why it failed, the moves its hint shows, its task as a message).
//! The list of goals is written once, in [`goals!`] below: the `Goal` enum and its JSON reading
//! (serde's derive, the schema `lessons/lesson.schema.json`, the lean reading of www/pkg-lessons)
//! all come from it, and the studio and the course page read the schema.
//!
//! To add a goal: a file here with its fields and its `impl GoalType`, one line in [`goals!`], its
//! words (the `goal-<name>` and `task-<name>` messages, crate/src/message/en.rs and the word files
//! www/i18n/<lang>/), and its tests.

#![allow(private_interfaces)]

use super::attempt::{Attempt, Failure, LessonJudgement, LessonMove};
use super::board::{Defence, LessonBoard};
use super::data::{Setting, ShowStep, Text};
use super::search::Drill;
use crate::board::{Color, Position, Square};
pub(crate) use crate::message::located::Report;
use crate::message::Message;
use crate::rules::{Game, Rules};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What a goal's checker and doctor see in a lesson of chess: the lesson around the goal, its
/// position (the checker found it valid, with the child to move) and the report.
pub struct ChessCx<'a, 'r> {
    pub setting: Setting<'a>,
    pub pos: &'a Position,
    pub game: &'a Game,
    pub rules: Rules,
    pub student: Color,
    pub report: &'a mut Report<'r>,
}

/// What a goal's checker and doctor see in a lesson with a piece set.
#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
pub struct PiecesCx<'a, 'r> {
    pub setting: Setting<'a>,
    pub pos: &'a crate::variant::VariantPosition,
    pub student: Color,
    pub report: &'a mut Report<'r>,
}

/// What a goal sees while the lesson is played: the board now, the attempt, the lesson around.
pub struct Now<'a> {
    pub board: &'a dyn LessonBoard,
    pub a: &'a Attempt,
    pub setting: Setting<'a>,
}

/// A move tried in a goal of one try (`best_move`, `escape`), before it is played.
pub struct Try<'a> {
    pub board: &'a dyn LessonBoard,
    pub mv: LessonMove,
    /// The endgame solver's judgement of the move, in a lesson it judges.
    pub judgement: Option<&'a LessonJudgement>,
    /// The lesson has words for this move.
    pub feedback: bool,
    pub setting: Setting<'a>,
}

/// A goal's name in the JSON (`stars`, `mate`, …), given by the list of goals ([`goals!`]).
pub trait GoalName {
    fn name(&self) -> &'static str;
}

/// A goal type. Every method has the answer of most goals; a goal writes what is its own.
pub trait GoalType: GoalName {
    /// The task in words: the catalogue's `task-…` message with the goal's arguments (the doctor
    /// says it in its findings).
    fn task(&self) -> Message;

    // ------------------------------------------------------------ reading and checking

    /// Whether the goal is reached by moving pieces (so `par` counts moves). A goal answered once
    /// (a quiz, a question, a best move) counts mistakes; a `show` lesson is followed, never
    /// failed, and has no par.
    fn is_played(&self) -> bool {
        true
    }
    /// Whether the child's moves on the board are the goal's (a best move's one try, a show
    /// lesson's steps, every played goal); a quiz or a question takes none.
    fn takes_moves(&self) -> bool {
        self.is_played()
    }
    /// Whether a lesson with this goal must say its `par` (the drills: the doctor proves it).
    fn needs_par(&self) -> bool {
        false
    }
    /// The lesson's par (`par` as written): moves, or mistakes for a goal answered once (0 when
    /// absent).
    fn par(&self, par: Option<u32>) -> u32 {
        if self.is_played() {
            par.unwrap_or(u32::MAX / 4)
        } else {
            par.unwrap_or(0)
        }
    }
    /// Whether the goal is played with the enemy king on the board and no opponent (the enemy
    /// stands still: the first check, or the static exchange, decides).
    fn enemy_stands_still(&self) -> bool {
        false
    }
    /// What every lesson with the goal is checked for, with or without a piece set: the goal's
    /// own texts and counts.
    fn check_words(&self, _report: &mut Report, _par: Option<u32>) {}
    /// The goal's child-facing texts, each with its pointer (for the glossary's order rule).
    fn texts(&self) -> Vec<(String, &Text)> {
        Vec::new()
    }
    /// Check the goal in a lesson of chess. Default: the goal needs a piece set.
    fn check(&self, cx: &mut ChessCx) {
        cx.report.error("/goal/type", msg!("check-goal-needs-pieces", goal = self.name()));
    }
    /// The doctor: prove the goal can be reached in a lesson of chess. Default: a played goal
    /// against an opponent is not proved (a warning says so).
    fn examine(&self, cx: &mut ChessCx) {
        if self.is_played() && !matches!(cx.setting.opponent, super::data::Opponent::None) {
            cx.report.warning("/goal", msg!("doctor-cannot-prove", goal = self.name()));
        }
    }
    /// Check the goal in a lesson with a piece set. Default: not a goal for piece sets.
    #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
    fn check_pieces(&self, cx: &mut PiecesCx) {
        cx.report.error("/goal/type", msg!("check-goal-not-for-pieces", goal = self.name()));
    }
    /// The doctor in a lesson with a piece set.
    #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
    fn examine_pieces(&self, _cx: &mut PiecesCx) {}
    /// Whether the endgame solver judges the child's tries (a `best_move` lesson in a
    /// king-and-pawn position under auto-queen rules).
    fn judged_by_solver(&self, _setting: Setting, _start: &Position) -> bool {
        false
    }

    // ------------------------------------------------------------ playing

    /// Set up what the attempt counts (the stars, the tracked piece).
    fn begin(&self, _a: &mut Attempt) {}
    /// A goal of one try judges the child's move before it is played: right (the goal is
    /// reached), or wrong and why. `None` for the other goals.
    fn one_try(&self, _t: &Try) -> Option<Result<(), Failure>> {
        None
    }
    /// Whether the goal is reached now: after the child's move (`moved`: that move), or after
    /// the reply (`None`).
    fn reached(&self, _now: &Now, _moved: Option<LessonMove>) -> bool {
        false
    }
    /// What the stars count when the goal is reached: the moves (a draw: nothing).
    fn used(&self, a: &Attempt) -> u32 {
        a.moves
    }
    /// Whether the child has used up the goal's moves.
    fn out_of_moves(&self, _a: &Attempt) -> bool {
        false
    }
    /// Why the attempt failed, when the goal knows (`gave_check`: the child's last move gave
    /// check).
    fn why_failed(&self, _now: &Now, _gave_check: bool) -> Option<Failure> {
        None
    }
    /// What is left of a drill, for the doctor's search (`enemy_king`: where the enemy king
    /// stood at the start).
    fn drill(&self, _a: &Attempt, _enemy_king: Option<Square>) -> Option<Drill> {
        None
    }
    /// The best moves now, for a hint, when the goal has its own search (mate, check, the
    /// answers of a best move).
    fn best_moves(&self, _now: &Now) -> Option<Vec<LessonMove>> {
        None
    }
    /// How the computer defends against this goal.
    fn defence(&self, _a: &Attempt) -> Defence {
        Defence::Longest(2)
    }
    /// A `targets` quiz: the square of its piece.
    fn quiz(&self) -> Option<Square> {
        None
    }
    /// A question: the index of the right choice and, when the rules answer it, why.
    fn answer(&self, _board: &dyn LessonBoard) -> Option<(usize, Option<Message>)> {
        None
    }
    /// A question: the words for the chosen choice (`explain`).
    fn explain(&self, _choice: usize) -> Option<Text> {
        None
    }
    /// A `show` lesson: its steps.
    fn steps(&self) -> Option<&[ShowStep]> {
        None
    }
}

/// The list of goals, written once: the `Goal` enum (one variant per goal module, its JSON
/// `type` the module's name), its names, the dispatch to each goal's [`GoalType`], and the lean
/// reading of www/pkg-lessons.
macro_rules! goals {
    ($( $(#[$doc:meta])* $variant:ident = $module:ident :: $ty:ident, $name:literal; )*) => {
        $( pub mod $module; )*

        /// What the child must do: `{ "type": "<goal>", …its fields }`.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
        #[serde(tag = "type")]
        #[cfg_attr(all(target_arch = "wasm32", not(feature = "variant")), serde(try_from = "super::lean::Tagged"))]
        pub enum Goal {
            $( $(#[$doc])* #[serde(rename = $name)] $variant($module::$ty), )*
        }

        /// The name of every goal, in the order of the list.
        pub const GOAL_NAMES: &[&str] = &[$($name),*];

        $( impl GoalName for $module::$ty { fn name(&self) -> &'static str { $name } } )*

        impl Goal {
            /// The goal's name in the JSON (`stars`, `mate`, …).
            pub fn name(&self) -> &'static str {
                match self { $( Goal::$variant(_) => $name, )* }
            }
            /// The goal's rules.
            pub fn kind(&self) -> &dyn GoalType {
                match self { $( Goal::$variant(g) => g, )* }
            }
            /// Whether the goal is reached by moving pieces ([`GoalType::is_played`]).
            pub fn is_played(&self) -> bool {
                self.kind().is_played()
            }
        }

        /// www/pkg-lessons: a goal read by the type's own reader from its other fields.
        #[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
        impl TryFrom<super::lean::Tagged> for Goal {
            type Error = super::lean::Refused;
            fn try_from(t: super::lean::Tagged) -> Result<Goal, Self::Error> {
                match t.kind.as_str() {
                    $( $name => serde_json::from_str(&t.body).map(Goal::$variant).map_err(|_| super::lean::Refused), )*
                    _ => Err(super::lean::Refused),
                }
            }
        }
    };
}

goals! {
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
    Mate = mate::Mate, "mate";
    /// Find the best move: any of `answers` (SAN or UCI) is right.
    BestMove = best_move::BestMove, "best_move";
    /// A quiz: click every square the piece on `square` can go to.
    Targets = targets::Targets, "targets";
    /// A question about the position, answered by choosing.
    Question = question::Question, "question";
    /// Win against the computer: give mate (needs the endgame solver or the engine as opponent).
    Win = win::Win, "win";
    /// Hold a draw against the computer: keep the draw for `moves` of the child's moves (10 when
    /// absent), or until the game ends in a draw or the opponent has nothing but its king.
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
}

/// A square of the goal, reported when it is no square.
pub(crate) fn square(report: &mut Report, pointer: &str, text: &str) -> Option<Square> {
    let sq = Square::parse(text);
    if sq.is_none() {
        report.error(pointer, msg!("check-bad-square", found = text));
    }
    sq
}
