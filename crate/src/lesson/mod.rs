//! Lessons: teacher-written JSON files, their schema, the checker that says exactly what is wrong
//! in a file (`file:line:col: /json/pointer: message`), and the doctor that proves each goal can
//! be reached.
//!
//! A lesson is pure data: a position, the side the child plays, a goal, an opponent, hints,
//! feedback for named wrong moves, shapes to draw, and a par that gives 3, 2 or 1 stars.

pub mod check;
/// www/pkg-lessons' reading of goal, opponent, shapes, position and pieces, without serde's buffering.
#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
mod lean;
pub mod doctor;
pub mod player;
pub mod show;
#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
pub mod variant;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use check::{check_glossary, Glossary, Term, check_course, check_lesson_file, check_lesson_full, check_lesson_text, check_lesson_with, parse_lesson, Diagnostic, Severity};

pub use crate::message::Text;

/// A position: a FEN string, or seed 002's text board as 8 strings of 8 characters (rank 8
/// first, upper case White, lower case Black, `.` empty), optionally followed by a ninth string
/// with the remaining FEN fields such as `"b - - 0 1"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum PositionText {
    Fen(String),
    Board(Vec<String>),
}

impl PositionText {
    /// The position as one text that [`crate::notation::parse_position`] reads.
    pub fn text(&self) -> String {
        match self {
            PositionText::Fen(s) => s.clone(),
            PositionText::Board(lines) => lines.join("\n"),
        }
    }
}

/// Which rules the lesson plays by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RulesName {
    /// The rules of chess.
    #[default]
    Standard,
    /// King-and-pawn play: pawns promote to a queen by themselves.
    AutoQueen,
}

impl RulesName {
    pub fn rules(self) -> crate::rules::Rules {
        match self {
            RulesName::Standard => crate::rules::Rules::STANDARD,
            RulesName::AutoQueen => crate::rules::Rules::AUTO_QUEEN,
        }
    }
}

/// A side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    #[default]
    White,
    Black,
}

impl Side {
    pub fn color(self) -> crate::board::Color {
        match self {
            Side::White => crate::board::Color::White,
            Side::Black => crate::board::Color::Black,
        }
    }
}

/// What the child must do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(all(target_arch = "wasm32", not(feature = "variant")), serde(try_from = "lean::GoalFields"))]
pub enum Goal {
    /// Collect every star (land a piece on each square) within `par` moves.
    Stars {
        /// The squares with stars, such as `"c5"`.
        squares: Vec<String>,
    },
    /// Capture every enemy piece (the king excepted).
    CaptureAll,
    /// Bring a piece to a square.
    Reach {
        square: String,
        /// The square of the piece that must go there; any of the child's pieces when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        piece: Option<String>,
    },
    /// Promote a pawn (a mate completes it too). Against the solver the doctor proves the win and
    /// checks `par` against the fewest moves the child needs.
    Promote,
    /// Give mate in at most `in` moves.
    Mate {
        #[serde(rename = "in")]
        moves: u32,
    },
    /// Find the best move: any of `answers` (SAN or UCI) is right.
    BestMove { answers: Vec<String> },
    /// A quiz: click every square the piece on `square` can go to.
    Targets { square: String },
    /// A question about the position, answered by choosing.
    Question {
        question: Text,
        /// The choices, e.g. yes and no.
        choices: Vec<Text>,
        /// The index of the right choice, from 0.
        answer: usize,
        /// King-and-pawn questions (rules `auto_queen`): the result each choice stands for, for
        /// the side to move (`win`, `draw` or `loss`), one per choice. The doctor checks with the
        /// endgame solver that the answer's result is the true one and no other choice's is.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        results: Option<Vec<EndResult>>,
        /// Why each choice is right or wrong, one per choice in the same order: the child reads
        /// the chosen one after answering.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        explain: Option<Vec<Text>>,
    },
    /// Win against the computer: give mate (needs the endgame solver or the engine as opponent).
    Win,
    /// Hold a draw against the computer: keep the draw for `moves` of the child's moves (10 when
    /// absent), or until the game ends in a draw or the opponent has nothing but its king.
    Draw {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        moves: Option<u32>,
    },
    /// Lessons with a piece set (`pieces`): may the child's piece on `from` capture the enemy
    /// piece on `to`? The child answers yes or no; the rules know the answer (the piece must
    /// reach `to` along a line, and its side must have more force there than the other side).
    CanCapture { from: String, to: String },
    /// Lessons with a piece set (`pieces`): who has more force on `square`? The child answers
    /// White, Black or equal; the rules count the force.
    Stronger { square: String },
    /// An idea lesson: it shows the idea before asking for it, step by step. A step without a
    /// move waits for the child's Next; a step with a move draws its arrow and the child plays it
    /// (another move is refused kindly, never a failure), then the opponent plays its `reply`.
    /// The last step done, the lesson is done with 3 stars. Opponent `none` only.
    Show { steps: Vec<ShowStep> },
    /// Give check within `in` of the child's moves. With opponent `none` the enemy pieces and
    /// the enemy king stand still; with `defender` the search answers, avoiding checks.
    Check {
        #[serde(rename = "in")]
        moves: u32,
    },
}

/// A step of a `show` goal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShowStep {
    /// What the child reads in this step: one or two short sentences.
    pub text: Text,
    /// The move the child plays in this step (SAN or UCI), drawn as an arrow; without it the
    /// step has a Next button.
    #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
    pub mv: Option<String>,
    /// The opponent's answer to `move` (SAN or UCI); without it the child moves again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply: Option<String>,
    /// Drawings for this step (the lesson's own `shapes` stay drawn).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shapes: Vec<Shape>,
}

/// How many moves a `draw` goal must be held when the lesson does not say.
pub const DRAW_MOVES: u32 = 10;

/// A game result for one side, as a king-and-pawn question's choices name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum EndResult {
    Loss,
    Draw,
    Win,
}

impl EndResult {
    pub fn word(self) -> &'static str {
        match self {
            EndResult::Win => "win",
            EndResult::Draw => "draw",
            EndResult::Loss => "loss",
        }
    }
}

impl From<crate::endgame::Wdl> for EndResult {
    fn from(w: crate::endgame::Wdl) -> Self {
        match w {
            crate::endgame::Wdl::Win => EndResult::Win,
            crate::endgame::Wdl::Draw => EndResult::Draw,
            crate::endgame::Wdl::Loss => EndResult::Loss,
        }
    }
}

impl Goal {
    /// The goal's name in the JSON (`stars`, `mate`, …).
    pub fn name(&self) -> &'static str {
        match self {
            Goal::Stars { .. } => "stars",
            Goal::CaptureAll => "capture_all",
            Goal::Reach { .. } => "reach",
            Goal::Promote => "promote",
            Goal::Mate { .. } => "mate",
            Goal::BestMove { .. } => "best_move",
            Goal::Targets { .. } => "targets",
            Goal::Question { .. } => "question",
            Goal::Win => "win",
            Goal::Draw { .. } => "draw",
            Goal::CanCapture { .. } => "can_capture",
            Goal::Stronger { .. } => "stronger",
            Goal::Show { .. } => "show",
            Goal::Check { .. } => "check",
        }
    }

    /// Whether the goal is reached by moving pieces (so `par` counts moves). A `show` lesson is
    /// not: it is followed, never failed, and has no par.
    pub fn is_played(&self) -> bool {
        !matches!(
            self,
            Goal::Targets { .. }
                | Goal::Question { .. }
                | Goal::BestMove { .. }
                | Goal::CanCapture { .. }
                | Goal::Stronger { .. }
                | Goal::Show { .. }
        )
    }
}

/// The pieces a lesson plays with, when they are not the pieces of chess.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum PiecesRef {
    /// A piece set by its id: `"chess-t1"` (built in), or the id of a file
    /// `pieces/<id>.json` next to the lesson.
    Id(String),
    /// A set written in the lesson: a built-in set with the teacher's own pieces and regions.
    Inline(InlineSet),
}

// A piece and a region of a set; without the pieces-as-data rules (the widget's own WASM package
// has no `variant`), kept as plain JSON.
#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
use crate::movement::{PieceDef as SetPiece, Region as SetRegion};
#[cfg(not(any(feature = "variant", not(target_arch = "wasm32"))))]
use Unread as SetPiece;
#[cfg(not(any(feature = "variant", not(target_arch = "wasm32"))))]
use Unread as SetRegion;

/// Without pieces as data (www/pkg-lessons): a piece or region of a set written in a lesson,
/// skipped unread (any JSON), as the package refuses such a lesson and names the one that plays
/// it. Not a JSON value: its reader alone would cost the package several KB.
#[cfg(not(any(feature = "variant", not(target_arch = "wasm32"))))]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unread;

#[cfg(not(any(feature = "variant", not(target_arch = "wasm32"))))]
impl<'de> Deserialize<'de> for Unread {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        serde::de::IgnoredAny::deserialize(d).map(|_| Unread)
    }
}

#[cfg(not(any(feature = "variant", not(target_arch = "wasm32"))))]
impl Serialize for Unread {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_unit()
    }
}

#[cfg(not(any(feature = "variant", not(target_arch = "wasm32"))))]
impl JsonSchema for Unread {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Unread".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({})
    }
}

/// A piece set written in a lesson file: the pieces and regions of `base`, plus these (a piece
/// or region with the id of one of the base's replaces it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InlineSet {
    /// The built-in set this one extends: `"chess-t1"`.
    pub base: String,
    /// Regions, as in a piece set file: `{ "id": "castle", "squares": ["a1", "h1"] }`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<SetRegion>,
    /// Pieces, as in a piece set file (`lessons/pieces/piece-set.schema.json`): id, letter,
    /// name, strength in halves, lines…
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pieces: Vec<SetPiece>,
}

/// Who answers the child's moves.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(all(target_arch = "wasm32", not(feature = "variant")), serde(try_from = "lean::OpponentFields"))]
pub enum Opponent {
    /// Nobody: the child moves again (drills). Enemy pieces stand still.
    #[default]
    None,
    /// Replies played in order, one after each of the child's moves (SAN or UCI).
    Scripted { replies: Vec<String> },
    /// The reply that resists longest, found by search (mate lessons).
    Defender,
    /// The exact king-and-pawn solver (endgame lessons, rules `auto_queen`): in a won position
    /// it makes progress, in a lost one it resists longest, in a drawn one it keeps the draw.
    Solver,
    /// The engine at a level from 1 to 8.
    Engine { level: u8 },
}

/// Hints in two stages: first which piece, then which move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Hints {
    /// The square of the piece to move (stage 1).
    pub piece: String,
    /// The move to play, SAN or UCI (stage 2).
    #[serde(rename = "move")]
    pub mv: String,
    /// Words for stage 1, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece_text: Option<Text>,
    /// Words for stage 2, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_text: Option<Text>,
}

/// What to say when the child plays a particular wrong move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Feedback {
    /// The move, SAN or UCI, in the lesson's start position.
    #[serde(rename = "move")]
    pub mv: String,
    pub text: Text,
}

/// The colour of a shape.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ShapeColor {
    #[default]
    Green,
    Red,
    Blue,
    Yellow,
}

/// A drawing on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(all(target_arch = "wasm32", not(feature = "variant")), serde(try_from = "lean::ShapeFields"))]
pub enum Shape {
    Arrow {
        from: String,
        to: String,
        #[serde(default)]
        color: ShapeColor,
    },
    Circle {
        square: String,
        #[serde(default)]
        color: ShapeColor,
    },
    Highlight {
        square: String,
        #[serde(default)]
        color: ShapeColor,
    },
}

/// A lesson file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// The schema, for editors: `"lesson.schema.json"`.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// A unique name made of lower-case letters, digits and `-`.
    pub id: String,
    pub title: Text,
    /// What the child reads first.
    pub intro: Text,
    /// The pieces of the lesson when they are not the pieces of chess: a piece set's id
    /// (`"chess-t1"`), or a set written here. The position then uses the set's letters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(all(target_arch = "wasm32", not(feature = "variant")), serde(deserialize_with = "lean::pieces"))]
    pub pieces: Option<PiecesRef>,
    #[cfg_attr(all(target_arch = "wasm32", not(feature = "variant")), serde(deserialize_with = "lean::position"))]
    pub position: PositionText,
    #[serde(default)]
    pub rules: RulesName,
    /// The side the child plays; it must be the side to move.
    #[serde(default)]
    pub student: Side,
    pub goal: Goal,
    #[serde(default)]
    pub opponent: Opponent,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hints: Option<Hints>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub feedback: Vec<Feedback>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shapes: Vec<Shape>,
    /// Moves (or mistakes, for quizzes) for 3 stars; one or two more give 2 stars, more give 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub par: Option<u32>,
    /// One sentence: what the child learned, shown on the done card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub learned: Option<Text>,
}

/// Stars for a result: `used` moves (or mistakes for quizzes and questions) against `par`.
pub fn stars(used: u32, par: u32) -> u8 {
    if used <= par {
        3
    } else if used <= par + 2 {
        2
    } else {
        1
    }
}

/// A section of the course.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Section {
    pub id: String,
    pub title: Text,
    /// Lesson files, relative to the course file.
    pub lessons: Vec<String>,
}

/// `lessons/course.json`: the lessons in order, in sections.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Course {
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    pub title: Text,
    pub sections: Vec<Section>,
}

/// The JSON schema of a lesson file, as committed in `lessons/lesson.schema.json`.
pub fn lesson_schema() -> String {
    let schema = schemars::schema_for!(Lesson);
    serde_json::to_string_pretty(&schema).expect("a schema serialises") + "\n"
}

/// The JSON schema of the course file, as committed in `lessons/course.schema.json`.
pub fn course_schema() -> String {
    let schema = schemars::schema_for!(Course);
    serde_json::to_string_pretty(&schema).expect("a schema serialises") + "\n"
}
