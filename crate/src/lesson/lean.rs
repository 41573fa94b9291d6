//! The lean reading of a lesson's tagged and untagged parts, only in www/pkg-lessons (what a
//! child downloads before the first lesson): `goal`, `opponent` and `shapes` read as one flat
//! object each (every field any kind may have, then the `type` picks the kind and every field
//! that kind has not must be absent), `position` and `pieces` by a visitor. serde's derive for
//! an internally tagged or untagged enum buffers the whole value first (its private `Content`
//! tree, with a second instance of every nested reader): about a third of that package.
//!
//! The types in [`super`] stay the one description of a lesson (the studio, the CLI, the schema
//! and www/pkg-lessons-full read with their derives); tests/js/lesson-packages.test.mjs proves
//! that this reading gives the same lesson for every file in lessons/ and refuses every file of
//! crate/tests/lessons-broken that the checker refuses. A refusal here says nothing more than
//! its line and column (`lesson-unreadable`): www/lesson.js then reads the lesson again with
//! www/pkg-lessons-full, whose reading decides (a kind without fields, such as `promote`, with
//! a field of unknown name or of the wrong type beside its `type`: the derive skips it unread,
//! this flat reading refuses it), and shows its checker's findings if it refuses too.

use super::{EndResult, Goal, Opponent, PiecesRef, PositionText, Shape, ShapeColor, ShowStep, Text};
use serde::de::{Deserializer, IgnoredAny, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;

/// Why a flat object is no goal, opponent or shape (serde's error text; never shown: the page
/// shows the full checker's findings).
pub(crate) struct Refused;

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("refused")
    }
}

/// A required field of the kind: present.
fn need<T>(v: Option<T>) -> Result<T, Refused> {
    v.ok_or(Refused)
}

/// The fields the kind has not: all absent.
fn none(absent: bool) -> Result<(), Refused> {
    if absent {
        Ok(())
    } else {
        Err(Refused)
    }
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct GoalFields {
    #[serde(rename = "type")]
    kind: String,
    squares: Option<Vec<String>>,
    square: Option<String>,
    piece: Option<String>,
    #[serde(rename = "in")]
    within: Option<u32>,
    answers: Option<Vec<String>>,
    question: Option<Text>,
    choices: Option<Vec<Text>>,
    answer: Option<usize>,
    results: Option<Vec<EndResult>>,
    explain: Option<Vec<Text>>,
    moves: Option<u32>,
    from: Option<String>,
    to: Option<String>,
    steps: Option<Vec<ShowStep>>,
}

impl TryFrom<GoalFields> for Goal {
    type Error = Refused;
    fn try_from(mut f: GoalFields) -> Result<Goal, Refused> {
        let goal = match f.kind.as_str() {
            "stars" => Goal::Stars { squares: need(f.squares.take())? },
            "capture_all" => Goal::CaptureAll,
            "reach" => Goal::Reach { square: need(f.square.take())?, piece: f.piece.take() },
            "promote" => Goal::Promote,
            "mate" => Goal::Mate { moves: need(f.within.take())? },
            "best_move" => Goal::BestMove { answers: need(f.answers.take())? },
            "targets" => Goal::Targets { square: need(f.square.take())? },
            "question" => Goal::Question {
                question: need(f.question.take())?,
                choices: need(f.choices.take())?,
                answer: need(f.answer.take())?,
                results: f.results.take(),
                explain: f.explain.take(),
            },
            "win" => Goal::Win,
            "draw" => Goal::Draw { moves: f.moves.take() },
            "can_capture" => Goal::CanCapture { from: need(f.from.take())?, to: need(f.to.take())? },
            "stronger" => Goal::Stronger { square: need(f.square.take())? },
            "show" => Goal::Show { steps: need(f.steps.take())? },
            "check" => Goal::Check { moves: need(f.within.take())? },
            _ => return Err(Refused),
        };
        // serde's derive reads a kind without fields past any fields it is given
        if matches!(goal, Goal::CaptureAll | Goal::Promote | Goal::Win) {
            return Ok(goal);
        }
        none(
            f.squares.is_none()
                && f.square.is_none()
                && f.piece.is_none()
                && f.within.is_none()
                && f.answers.is_none()
                && f.question.is_none()
                && f.choices.is_none()
                && f.answer.is_none()
                && f.results.is_none()
                && f.explain.is_none()
                && f.moves.is_none()
                && f.from.is_none()
                && f.to.is_none()
                && f.steps.is_none(),
        )?;
        Ok(goal)
    }
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
            "arrow" => Shape::Arrow { from: need(f.from.take())?, to: need(f.to.take())?, color },
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
