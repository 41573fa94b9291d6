//! `promote`: promote a pawn (a mate completes it too). With no opponent the doctor finds the
//! fewest moves; against the solver it proves the win and checks `par` against the fewest moves
//! the child needs.

use super::kind::{ChessCx, GoalType, Now};
use crate::board::{PieceKind, Square};
use crate::lesson::attempt::{Attempt, LessonMove};
use crate::lesson::data::Opponent;
use crate::lesson::doctor::{par_verdict, solver_goal, with_solver, SolverGoal};
use crate::lesson::search::{drill, Drill};
use crate::message::Message;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// No fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Promote {}

impl GoalType for Promote {
    fn shown(&self) -> super::kind::Shown<'_> {
        super::kind::Shown { drills: true, ..super::kind::Shown::default() }
    }
    #[cfg(doctor)]
    fn task(&self) -> Message {
        msg!("task-promote-pawn")
    }
    fn needs_par(&self) -> bool {
        true
    }
    fn check(&self, cx: &mut ChessCx) {
        if cx.pos.pieces(cx.student, PieceKind::Pawn) == 0 {
            cx.report.error("/goal", msg!("check-no-pawn", side = cx.student));
        }
    }
    #[cfg(doctor)]
    fn examine(&self, cx: &mut ChessCx) {
        match cx.setting.opponent {
            Opponent::None => par_verdict(cx.report, cx.setting.par, drill(cx.pos, cx.student, cx.rules, &Drill::Promote), self.task()),
            Opponent::Solver => {
                let (setting, pos) = (cx.setting, cx.pos);
                with_solver(cx.report, |eg, r| solver_goal(setting, SolverGoal::Promote, pos, eg, r))
            }
            _ => cx.report.warning("/goal", msg!("doctor-cannot-prove", goal = "promote")),
        }
    }
    fn reached(&self, now: &Now, moved: Option<LessonMove>) -> bool {
        // A mate completes a promote goal too: the point was to win.
        moved.is_some_and(|m| m.promotion.is_some()) || super::win::student_mated_them(now)
    }
    fn drill(&self, _a: &Attempt, _enemy_king: Option<Square>) -> Option<Drill> {
        Some(Drill::Promote)
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl super::kind::LeanRead for Promote {
    const READS_PAST: bool = true;
    fn lean(_: &mut super::kind::LeanFields) -> Option<Self> {
        Some(Promote {})
    }
}
