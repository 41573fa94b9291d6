//! `capture_all`: capture every enemy piece (the king excepted).

use super::kind::{ChessCx, GoalType, Now};
use crate::board::{PieceKind, Square};
use crate::lesson::attempt::{Attempt, LessonMove};
use crate::lesson::data::Opponent;
use crate::lesson::doctor::par_verdict;
use crate::lesson::search::{drill, Drill};
use crate::message::Message;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// No fields (any given beside `type` are read past, as a kind without fields always was).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CaptureAll {}

impl GoalType for CaptureAll {
    fn shown(&self) -> super::kind::Shown<'_> {
        super::kind::Shown { aim: Some(super::kind::Aim::Capture), drills: true, ..super::kind::Shown::default() }
    }
    #[cfg(doctor)]
    fn task(&self) -> Message {
        msg!("task-capture-all")
    }
    fn needs_par(&self) -> bool {
        true
    }
    fn check(&self, cx: &mut ChessCx) {
        let theirs = cx.pos.color_bb(cx.student.opposite()) & !cx.pos.kind_bb(PieceKind::King);
        if theirs == 0 {
            cx.report.error("/goal", msg!("check-nothing-to-capture"));
        }
    }
    #[cfg(doctor)]
    fn examine(&self, cx: &mut ChessCx) {
        if !matches!(cx.setting.opponent, Opponent::None) {
            return cx.report.warning("/goal", msg!("doctor-cannot-prove", goal = "capture_all"));
        }
        par_verdict(cx.report, cx.setting.par, drill(cx.pos, cx.student, cx.rules, &Drill::CaptureAll), self.task());
    }
    #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
    fn check_pieces(&self, cx: &mut super::kind::PiecesCx) {
        if crate::lesson::search::pieces_of(cx.pos, cx.student.opposite()).is_empty() {
            cx.report.error("/goal", msg!("check-nothing-to-capture"));
        }
    }
    #[cfg(doctor)]
    fn examine_pieces(&self, cx: &mut super::kind::PiecesCx) {
        let min = crate::lesson::search::drill_step_pieces(cx.pos, cx.student, &Drill::CaptureAll, None).map(|(n, _)| n);
        par_verdict(cx.report, cx.setting.par, min, self.task());
    }
    fn reached(&self, now: &Now, _moved: Option<LessonMove>) -> bool {
        now.board.count(now.setting.student.opposite()) == 0
    }
    fn drill(&self, _a: &Attempt, _enemy_king: Option<Square>) -> Option<Drill> {
        Some(Drill::CaptureAll)
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl super::kind::LeanRead for CaptureAll {
    const READS_PAST: bool = true;
    fn lean(_: &mut super::kind::LeanFields) -> Option<Self> {
        Some(CaptureAll {})
    }
}
