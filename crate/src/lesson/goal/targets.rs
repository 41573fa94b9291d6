//! `targets`: a quiz: click every square the piece on `square` can go to.

use super::kind::{square, ChessCx, GoalType, Report};
use crate::board::{Color, Square};
use crate::message::Message;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Targets {
    pub square: String,
}

/// The quiz's piece on `sq` (of `owner`, if any): the child's, and not `stuck`.
fn check_piece(report: &mut Report, sq: Square, owner: Option<Color>, student: Color, stuck: impl FnOnce() -> bool) {
    match owner {
        None => report.error("/goal/square", msg!("check-targets-empty", square = sq)),
        Some(c) if c != student => report.error("/goal/square", msg!("check-targets-theirs", square = sq, side = student)),
        Some(_) if stuck() => report.error("/goal/square", msg!("check-targets-stuck", square = sq)),
        Some(_) => {}
    }
}

impl GoalType for Targets {
    fn shown(&self) -> super::kind::Shown<'_> {
        super::kind::Shown { square: Some(&self.square), ..super::kind::Shown::default() }
    }
    #[cfg(doctor)]
    fn task(&self) -> Message {
        msg!("task-targets", square = self.square.as_str())
    }
    fn is_played(&self) -> bool {
        false
    }
    fn check(&self, cx: &mut ChessCx) {
        if let Some(sq) = square(cx.report, "/goal/square", &self.square) {
            let game = cx.game;
            check_piece(cx.report, sq, cx.pos.piece_at(sq).map(|p| p.color), cx.student, || game.targets(sq).is_empty());
        }
    }
    #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
    fn check_pieces(&self, cx: &mut super::kind::PiecesCx) {
        if let Some(sq) = square(cx.report, "/goal/square", &self.square) {
            let pos = cx.pos;
            let stuck = || !pos.targets(sq).iter().any(|t| t.allowed);
            check_piece(cx.report, sq, pos.piece_at(sq).map(|(c, _)| c), cx.student, stuck);
        }
    }
    fn quiz(&self) -> Option<Square> {
        Square::parse(&self.square)
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl super::kind::LeanRead for Targets {
    fn lean(f: &mut super::kind::LeanFields) -> Option<Self> {
        Some(Targets { square: f.square.take()? })
    }
}
