//! The leaf data of a lesson file: positions, sides, rules, opponents, hints, feedback, shapes,
//! the steps of a `show` goal, the pieces a lesson names. Below the goals ([`super::goal`]) and
//! the lesson file ([`super::file`]); imports nothing else of the lesson layer.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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

/// A game result for one side, as a king-and-pawn question's choices name them.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
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
#[cfg_attr(
    all(target_arch = "wasm32", not(feature = "variant")),
    serde(try_from = "lean_read::OpponentFields")
)]
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
    /// The result the text teaches after this move, from the child's side (`win`, `draw`,
    /// `loss`): the doctor proves it (the solver in king-and-pawn positions, elsewhere the
    /// engine within its depth) and a claim that does not hold is an error at this feedback.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<EndResult>,
}

/// The moves a `best_move` lesson accepts as a group, in a teacher's terms: `mate` (every move
/// that mates as fast as the best), `wins_queen`, `wins_rook`, `wins_bishop`, `wins_knight`,
/// `wins_pawn` (every move that wins that piece, net, by the engine at the doctor's depth). The
/// answers still list the moves (the player has no engine); the doctor proves that they are
/// exactly the group's, and the child who plays one is told which group it was in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AcceptGroup {
    Mate,
    WinsQueen,
    WinsRook,
    WinsBishop,
    WinsKnight,
    WinsPawn,
}

impl AcceptGroup {
    /// The piece a `wins_…` group wins, `None` for `mate`.
    pub fn piece(self) -> Option<crate::board::PieceKind> {
        use crate::board::PieceKind;
        match self {
            AcceptGroup::Mate => None,
            AcceptGroup::WinsQueen => Some(PieceKind::Queen),
            AcceptGroup::WinsRook => Some(PieceKind::Rook),
            AcceptGroup::WinsBishop => Some(PieceKind::Bishop),
            AcceptGroup::WinsKnight => Some(PieceKind::Knight),
            AcceptGroup::WinsPawn => Some(PieceKind::Pawn),
        }
    }
    /// The group's word in messages (`mate`, `wins`), with [`AcceptGroup::piece`].
    pub fn word(self) -> &'static str {
        if self == AcceptGroup::Mate {
            "mate"
        } else {
            "wins"
        }
    }
}

/// The colour of a shape.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
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
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LessonShape"))]
#[cfg_attr(
    all(target_arch = "wasm32", not(feature = "variant")),
    serde(try_from = "lean_read::ShapeFields")
)]
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

/// What a goal sees of the lesson around it: everything but the goal itself (the goal's own fields
/// are the goal's).
#[derive(Clone, Copy, Debug)]
pub struct Setting<'a> {
    pub rules: RulesName,
    pub student: crate::board::Color,
    pub opponent: &'a Opponent,
    pub hints: Option<&'a Hints>,
    pub feedback: &'a [Feedback],
    pub par: Option<u32>,
    /// The lesson plays with a piece set.
    pub pieces: bool,
}

/// www/pkg-lessons' reading of `opponent`, `shapes`, `position` and `pieces` without serde's
/// buffering (see [`super::lean`]).
#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
pub(crate) mod lean_read {
    use crate::lesson::data::{Opponent, PiecesRef, PositionText, Shape, ShapeColor};
    use crate::lesson::lean::{need, none, Refused};
    use serde::de::{Deserializer, IgnoredAny, SeqAccess, Visitor};
    use serde::Deserialize;
    use std::fmt;

    /// A field the rules never read (a lesson's `audio`): any JSON, read past.
    pub(crate) fn read_past<'de, D: Deserializer<'de>, T: Default>(d: D) -> Result<T, D::Error> {
        IgnoredAny::deserialize(d)?;
        Ok(T::default())
    }

    #[derive(Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub(crate) struct OpponentFields {
        #[serde(rename = "type")]
        kind: String,
        replies: Option<Vec<String>>,
        level: Option<u8>,
    }

    impl TryFrom<OpponentFields> for Opponent {
        type Error = Refused;
        fn try_from(mut f: OpponentFields) -> Result<Opponent, Refused> {
            let opponent = match f.kind.as_str() {
                "none" => Opponent::None,
                "scripted" => Opponent::Scripted { replies: need(f.replies.take())? },
                "defender" => Opponent::Defender,
                "solver" => Opponent::Solver,
                "engine" => Opponent::Engine { level: need(f.level.take())? },
                _ => return Err(Refused),
            };
            if matches!(opponent, Opponent::Scripted { .. } | Opponent::Engine { .. }) {
                // serde's derive reads a kind without fields past any fields it is given
                none(f.replies.is_none() && f.level.is_none())?;
            }
            Ok(opponent)
        }
    }

    #[derive(Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub(crate) struct ShapeFields {
        #[serde(rename = "type")]
        kind: String,
        from: Option<String>,
        to: Option<String>,
        square: Option<String>,
        color: Option<ShapeColor>,
    }

    impl TryFrom<ShapeFields> for Shape {
        type Error = Refused;
        fn try_from(mut f: ShapeFields) -> Result<Shape, Refused> {
            let color = f.color.unwrap_or_default();
            let shape = match f.kind.as_str() {
                "arrow" => {
                    Shape::Arrow { from: need(f.from.take())?, to: need(f.to.take())?, color }
                }
                "circle" => Shape::Circle { square: need(f.square.take())?, color },
                "highlight" => Shape::Highlight { square: need(f.square.take())?, color },
                _ => return Err(Refused),
            };
            none(f.from.is_none() && f.to.is_none() && f.square.is_none())?;
            Ok(shape)
        }
    }

    /// `position`: a FEN string or a text board's lines.
    pub(crate) fn position<'de, D: Deserializer<'de>>(d: D) -> Result<PositionText, D::Error> {
        struct Position;
        impl<'de> Visitor<'de> for Position {
            type Value = PositionText;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a position")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<PositionText, E> {
                Ok(PositionText::Fen(v.to_string()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PositionText, A::Error> {
                let mut lines = Vec::new();
                while let Some(line) = seq.next_element::<String>()? {
                    lines.push(line);
                }
                Ok(PositionText::Board(lines))
            }
        }
        d.deserialize_any(Position)
    }

    /// `pieces`: skipped unread (this package refuses a lesson with a piece set and names the one
    /// that plays it, www/pkg-lessons-full); only its presence counts.
    pub(crate) fn pieces<'de, D: Deserializer<'de>>(d: D) -> Result<Option<PiecesRef>, D::Error> {
        Ok(Option::<IgnoredAny>::deserialize(d)?.map(|_| PiecesRef::Id(String::new())))
    }
}

/// The most words an intro may have, per language.
pub const INTRO_WORDS: usize = 35;

/// The words of a text, counted simply: the pieces between spaces that hold a letter or a digit
/// (a dash alone is no word).
pub fn word_count(text: &str) -> usize {
    text.split_whitespace().filter(|w| w.chars().any(char::is_alphanumeric)).count()
}

/// The squares of shapes, each at `{prefix}/{k}/…`.
pub(crate) fn check_shapes(
    report: &mut crate::message::located::Report,
    prefix: &str,
    shapes: &[Shape],
) {
    let mut square = |pointer: String, text: &str| {
        if crate::board::Square::parse(text).is_none() {
            report.error(&pointer, msg!("check-bad-square", found = text));
        }
    };
    for (k, s) in shapes.iter().enumerate() {
        match s {
            Shape::Arrow { from, to, .. } => {
                square(format!("{prefix}/{k}/from"), from);
                square(format!("{prefix}/{k}/to"), to);
            }
            Shape::Circle { square: s, .. } | Shape::Highlight { square: s, .. } => {
                square(format!("{prefix}/{k}/square"), s);
            }
        }
    }
}
