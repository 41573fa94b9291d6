//! `reach`: bring a piece (any, or the one on `piece`) to a square.

use super::kind::{square, ChessCx, GoalType, Now};
use crate::board::Square;
use crate::lesson::attempt::{Attempt, LessonMove};
use crate::lesson::data::Opponent;
use crate::lesson::doctor::par_verdict;
use crate::lesson::search::{drill, Drill};
use crate::message::Message;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reach {
    pub square: String,
    /// The square of the piece that must go there; any of the child's pieces when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
}

impl Reach {
    fn aim(&self) -> Option<Drill> {
        Some(Drill::Reach { target: Square::parse(&self.square)?, from: self.piece.as_deref().and_then(Square::parse) })
    }
    /// The square and the piece: squares, the square not the child's own, the piece the child's.
    fn check_squares(&self, report: &mut super::Report, student: crate::board::Color, owner: impl Fn(Square) -> Option<crate::board::Color>) {
        if let Some(sq) = square(report, "/goal/square", &self.square) {
            if owner(sq) == Some(student) {
                report.error("/goal/square", msg!("check-reach-own", square = sq));
            }
        }
        if let Some(from) = &self.piece {
            if let Some(sq) = square(report, "/goal/piece", from) {
                if owner(sq) != Some(student) {
                    report.error("/goal/piece", msg!("check-no-piece-of", side = student, square = sq));
                }
            }
        }
    }
}

impl GoalType for Reach {
    fn shown(&self) -> super::kind::Shown<'_> {
        super::kind::Shown { square: Some(&self.square), aim: Some(super::kind::Aim::Reach), drills: true, ..super::kind::Shown::default() }
    }
    #[cfg(doctor)]
    fn task(&self) -> Message {
        match Square::parse(&self.square) {
            Some(sq) => msg!("task-reach", square = sq),
            None => msg!("task-reach", square = self.square.as_str()),
        }
    }
    fn needs_par(&self) -> bool {
        true
    }
    fn check(&self, cx: &mut ChessCx) {
        let pos = cx.pos;
        self.check_squares(cx.report, cx.student, |sq| pos.piece_at(sq).map(|p| p.color));
    }
    #[cfg(doctor)]
    fn examine(&self, cx: &mut ChessCx) {
        if !matches!(cx.setting.opponent, Opponent::None) {
            return cx.report.warning("/goal", msg!("doctor-cannot-prove", goal = "reach"));
        }
        let Some(aim) = self.aim() else { return };
        par_verdict(cx.report, cx.setting.par, drill(cx.pos, cx.student, cx.rules, &aim), self.task());
    }
    #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
    fn check_pieces(&self, cx: &mut super::kind::PiecesCx) {
        let pos = cx.pos;
        self.check_squares(cx.report, cx.student, |sq| pos.piece_at(sq).map(|(c, _)| c));
    }
    #[cfg(doctor)]
    fn examine_pieces(&self, cx: &mut super::kind::PiecesCx) {
        let Some(aim) = self.aim() else { return };
        let min = crate::lesson::search::drill_step_pieces(cx.pos, cx.student, &aim, None).map(|(n, _)| n);
        par_verdict(cx.report, cx.setting.par, min, self.task());
    }
    fn begin(&self, a: &mut Attempt) {
        a.tracked = self.piece.as_deref().and_then(Square::parse);
    }
    fn reached(&self, now: &Now, _moved: Option<LessonMove>) -> bool {
        let Some(target) = Square::parse(&self.square) else { return false };
        match now.a.tracked {
            Some(t) => t == target,
            None => now.board.owner(target) == Some(now.setting.student),
        }
    }
    fn drill(&self, a: &Attempt, _enemy_king: Option<Square>) -> Option<Drill> {
        Some(Drill::Reach { target: Square::parse(&self.square)?, from: a.tracked })
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl super::kind::LeanRead for Reach {
    fn lean(f: &mut super::kind::LeanFields) -> Option<Self> {
        Some(Reach { square: f.square.take()?, piece: f.piece.take() })
    }
}
