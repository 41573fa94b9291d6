//! `can_capture` (lessons with a piece set): may the child's piece on `from` capture the enemy
//! piece on `to`? The child answers yes (0) or no (1); the set's rules know the answer.

use super::kind::GoalType;
#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
use super::kind::{square, Report};
#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
use crate::board::{Color, Square};
use crate::lesson::board::LessonBoard;
use crate::message::Message;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CanCapture {
    pub from: String,
    pub to: String,
}

/// `side`'s force on a square and the other side's, as a child reads them (`1½`).
#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
pub(crate) fn ours_theirs(f: &crate::variant::ForceReport, side: Color) -> (String, String) {
    use crate::variant::halves_text;
    let (ours, theirs) = if side == Color::White { (f.white, f.black) } else { (f.black, f.white) };
    (halves_text(ours), halves_text(theirs))
}

/// Whether the piece on `from` may capture on `to`: the line reaches, and the force is greater.
/// `None` when `to` is on none of its capture lines.
#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
fn capture_verdict(pos: &crate::variant::VariantPosition, from: Square, to: Square) -> Option<bool> {
    pos.targets(from).into_iter().find(|t| t.square == to && t.capture).map(|t| t.allowed)
}

/// A square of the goal with a piece of `side` on it.
#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
fn piece_of(report: &mut Report, pos: &crate::variant::VariantPosition, p: &str, s: &str, side: Color) -> Option<Square> {
    let sq = square(report, p, s)?;
    if pos.piece_at(sq).is_none_or(|(c, _)| c != side) {
        report.error(p, msg!("check-no-piece-of", side = side, square = sq));
        return None;
    }
    Some(sq)
}

impl GoalType for CanCapture {
    fn shown(&self) -> super::kind::Shown<'_> {
        super::kind::Shown { ask: Some(super::kind::Ask::Capture), ..super::kind::Shown::default() }
    }
    #[cfg(doctor)]
    fn task(&self) -> Message {
        msg!("task-can-capture", from = self.from.as_str(), to = self.to.as_str())
    }
    fn is_played(&self) -> bool {
        false
    }
    #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
    fn check_pieces(&self, cx: &mut super::kind::PiecesCx) {
        let from = piece_of(cx.report, cx.pos, "/goal/from", &self.from, cx.student);
        let to = piece_of(cx.report, cx.pos, "/goal/to", &self.to, cx.student.opposite());
        if let (Some(from), Some(to)) = (from, to) {
            if capture_verdict(cx.pos, from, to).is_none() {
                cx.report.error("/goal/to", msg!("check-not-capture-line", from = from, to = to));
            }
        }
    }
    fn answer(&self, board: &dyn LessonBoard) -> Option<(usize, Option<Message>)> {
        #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
        {
            let pos = board.pieces()?;
            let (from, to) = (Square::parse(&self.from)?, Square::parse(&self.to)?);
            let can = capture_verdict(pos, from, to)?;
            let (ours, theirs) = ours_theirs(&pos.force(to), pos.piece_at(from)?.0);
            let id = if can { "lesson-why-capture" } else { "lesson-why-no-capture" };
            let m = Message::new(id).with("square", to).with("ours", ours).with("theirs", theirs);
            Some((if can { 0 } else { 1 }, Some(m)))
        }
        #[cfg(not(any(feature = "variant", not(target_arch = "wasm32"))))]
        {
            let _ = board;
            None
        }
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl super::kind::LeanRead for CanCapture {
    fn lean(f: &mut super::kind::LeanFields) -> Option<Self> {
        Some(CanCapture { from: f.from.take()?, to: f.to.take()? })
    }
}
