//! What a goal is: the [`GoalType`] trait every goal module implements, and what a goal sees
//! (the checker's and the doctor's [`ChessCx`] and [`PiecesCx`], the player's [`Now`] and
//! [`Try`]). Imports no goal.

use crate::board::{Color, Position, Square};
use crate::lesson::attempt::{Attempt, Failure, LessonJudgement, LessonMove};
use crate::lesson::board::{Defence, LessonBoard};
use crate::lesson::data::{Setting, ShowStep, Text};
use crate::lesson::search::Drill;
pub(crate) use crate::message::located::Report;
use crate::message::Message;
use crate::rules::{Game, Rules};
#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
use serde::Deserialize;

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

/// What the lesson player shows of a goal beyond the rules it plays by ([`GoalType::shown`]):
/// www/lesson/ never branches on a goal's name, it reads these (with the lesson's own facts,
/// `Player::goal_view`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shown<'a> {
    /// The square the task names (`reach`, `escape`, a `targets` quiz's piece, `stronger`).
    pub square: Option<&'a str>,
    /// The moves the task names (mate or check in `in`, a draw held or a game of `moves`).
    pub moves: Option<u32>,
    /// Answered with the big buttons: the lesson's own question, or one the rules answer.
    pub ask: Option<Ask>,
    /// A drill with no opponent: what a move that missed it could have reached (`lesson-went`).
    pub aim: Option<Aim>,
    /// The goal finds the best moves itself, for a hint (a search of its own).
    pub finds_hints: bool,
    /// A drill: with no opponent the doctor's search finds its shortest way, for a hint.
    pub drills: bool,
}

/// The question a goal asks with the big buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// The lesson's own question and choices (`question`).
    Written,
    /// Can the piece on `from` capture on `to`? Yes or no (`can_capture`).
    Capture,
    /// Who has more force on the square? White, Black or equal (`stronger`).
    Force,
}

impl Ask {
    /// Its name on the page (`LessonGoal.ask`).
    pub fn as_str(self) -> &'static str {
        match self {
            Ask::Written => "written",
            Ask::Capture => "capture",
            Ask::Force => "force",
        }
    }
}

/// What a drill's move aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    Star,
    Capture,
    Reach,
}

impl Aim {
    /// Its name on the page (`LessonGoal.aim`).
    pub fn as_str(self) -> &'static str {
        match self {
            Aim::Star => "star",
            Aim::Capture => "capture",
            Aim::Reach => "reach",
        }
    }
}

/// A goal's name in the JSON (`stars`, `mate`, …), given by the list of goals (`goals!`).
pub trait GoalName {
    fn name(&self) -> &'static str;
}

/// A goal type. Every method has the answer of most goals; a goal writes what is its own.
pub trait GoalType: GoalName {
    /// The task in words: the catalogue's `task-…` message with the goal's arguments (the doctor
    /// says it in its findings).
    #[cfg(doctor)]
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
    // the glossary is checked by the command line only
    #[cfg(not(target_arch = "wasm32"))]
    fn texts(&self) -> Vec<(String, &Text)> {
        Vec::new()
    }
    /// Check the goal in a lesson of chess. Default: the goal needs a piece set.
    fn check(&self, cx: &mut ChessCx) {
        cx.report.error("/goal/type", msg!("check-goal-needs-pieces", goal = self.name()));
    }
    /// The doctor: prove the goal can be reached in a lesson of chess. Default: a played goal
    /// against an opponent is not proved (a warning says so).
    #[cfg(doctor)]
    fn examine(&self, cx: &mut ChessCx) {
        if self.is_played() && !matches!(cx.setting.opponent, crate::lesson::data::Opponent::None) {
            cx.report.warning("/goal", msg!("doctor-cannot-prove", goal = self.name()));
        }
    }
    /// Check the goal in a lesson with a piece set. Default: not a goal for piece sets.
    #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
    fn check_pieces(&self, cx: &mut PiecesCx) {
        cx.report.error("/goal/type", msg!("check-goal-not-for-pieces", goal = self.name()));
    }
    /// The doctor in a lesson with a piece set.
    #[cfg(doctor)]
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
    /// After a right try (`one_try` said so): words for why it was right, if the goal has any
    /// (a `best_move` with `accept`: the group the move was in).
    fn right_why(&self, _t: &Try) -> Option<Message> {
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
    /// After the computer's reply: whether the goal is lost now, though the game goes on (a
    /// `keep_pieces` game: a piece lost).
    fn lost(&self, _now: &Now) -> bool {
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

    // ------------------------------------------------------------ shown

    /// What the lesson player shows of the goal: its task's square and moves, its question, a
    /// drill's aim, whether it finds hints itself.
    fn shown(&self) -> Shown<'_> {
        Shown::default()
    }
}

/// A square of the goal, reported when it is no square.
pub(crate) fn square(report: &mut Report, pointer: &str, text: &str) -> Option<Square> {
    let sq = Square::parse(text);
    if sq.is_none() {
        report.error(pointer, msg!("check-bad-square", found = text));
    }
    sq
}

/// www/pkg-lessons: a goal's fields read flat, every field any goal has (serde's derive for each
/// goal's own struct would cost the package a reader per goal; see [`crate::lesson::lean`]). A
/// goal with a field of a new name adds it here.
#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct LeanFields {
    #[serde(rename = "type")]
    pub kind: String,
    pub squares: Option<Vec<String>>,
    pub square: Option<String>,
    pub piece: Option<String>,
    #[serde(rename = "in")]
    pub within: Option<u32>,
    pub answers: Option<Vec<String>>,
    pub accept: Option<crate::lesson::data::AcceptGroup>,
    pub question: Option<Text>,
    pub choices: Option<Vec<Text>>,
    pub answer: Option<usize>,
    pub results: Option<Vec<crate::lesson::data::EndResult>>,
    pub explain: Option<Vec<Text>>,
    pub moves: Option<u32>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub steps: Option<Vec<ShowStep>>,
    pub by: Option<super::escape::EscapeWay>,
}

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl LeanFields {
    /// Whether every field was taken by the goal (a field of another goal is refused).
    pub fn all_taken(&self) -> bool {
        self.squares.is_none()
            && self.square.is_none()
            && self.piece.is_none()
            && self.within.is_none()
            && self.answers.is_none()
            && self.accept.is_none()
            && self.question.is_none()
            && self.choices.is_none()
            && self.answer.is_none()
            && self.results.is_none()
            && self.explain.is_none()
            && self.moves.is_none()
            && self.from.is_none()
            && self.to.is_none()
            && self.steps.is_none()
            && self.by.is_none()
    }
}

/// www/pkg-lessons: a goal made from the flat fields, taking its own.
#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
pub(crate) trait LeanRead: Sized {
    /// A goal without fields reads past any fields it is given, as serde's derive does.
    const READS_PAST: bool = false;
    fn lean(f: &mut LeanFields) -> Option<Self>;
}
