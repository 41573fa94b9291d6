//! `win`: win against the computer, by mate (the endgame solver or the engine answers).

use super::kind::{ChessCx, GoalType, Now};
use crate::lesson::attempt::LessonMove;
use crate::lesson::data::Opponent;
use crate::lesson::doctor::{solver_goal, with_solver, SolverGoal};
use crate::message::Message;
use crate::rules::BoardState;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// No fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Win {}

/// Whether the child has mated the other side (the board is mate, the other side to move).
pub(crate) fn student_mated_them(now: &Now) -> bool {
    let mate = now.board.status().chess().is_some_and(|s| s.state == BoardState::Checkmate);
    mate && now.board.turn() != now.setting.student
}

/// A goal against the computer: its opponent must be the solver or the engine.
pub(crate) fn check_computer(cx: &mut ChessCx, goal: &str) {
    if !matches!(cx.setting.opponent, Opponent::Solver | Opponent::Engine { .. }) {
        cx.report.error("/opponent", msg!("check-needs-computer", goal = goal));
    }
}

impl GoalType for Win {
    #[cfg(doctor)]
    fn task(&self) -> Message {
        msg!("task-win")
    }
    fn check(&self, cx: &mut ChessCx) {
        check_computer(cx, "win");
    }
    #[cfg(doctor)]
    fn examine(&self, cx: &mut ChessCx) {
        match cx.setting.opponent {
            Opponent::Solver => {
                let (setting, pos) = (cx.setting, cx.pos);
                with_solver(cx.report, |eg, r| solver_goal(setting, SolverGoal::Win, pos, eg, r))
            }
            _ => cx.report.warning("/goal", msg!("doctor-cannot-prove", goal = "win")),
        }
    }
    fn reached(&self, now: &Now, _moved: Option<LessonMove>) -> bool {
        student_mated_them(now)
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl super::kind::LeanRead for Win {
    const READS_PAST: bool = true;
    fn lean(_: &mut super::kind::LeanFields) -> Option<Self> {
        Some(Win {})
    }
}
