//! `draw`: hold a draw against the computer for `moves` of the child's moves (10 when absent), or
//! until the game ends in a draw or the opponent has nothing but its king.

use super::kind::{ChessCx, GoalType, Now};
use crate::lesson::attempt::{Attempt, LessonMove};
use crate::lesson::data::Opponent;
use crate::lesson::doctor::{solver_goal, with_solver, SolverGoal};
use crate::message::Message;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How many moves a `draw` goal must be held when the lesson does not say.
pub const DRAW_MOVES: u32 = 10;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Draw {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
}

impl GoalType for Draw {
    fn shown(&self) -> super::kind::Shown<'_> {
        super::kind::Shown { moves: self.moves, ..super::kind::Shown::default() }
    }
    #[cfg(doctor)]
    fn task(&self) -> Message {
        msg!("task-hold-draw")
    }
    fn check(&self, cx: &mut ChessCx) {
        super::win::check_computer(cx, "draw");
        if self.moves == Some(0) {
            cx.report.error("/goal/moves", msg!("check-draw-moves"));
        }
        if cx.setting.par.is_some() {
            cx.report.warning("/par", msg!("check-draw-par"));
        }
    }
    #[cfg(doctor)]
    fn examine(&self, cx: &mut ChessCx) {
        match cx.setting.opponent {
            Opponent::Solver => {
                let (setting, pos) = (cx.setting, cx.pos);
                with_solver(cx.report, |eg, r| solver_goal(setting, SolverGoal::Draw, pos, eg, r))
            }
            _ => cx.report.warning("/goal", msg!("doctor-cannot-prove", goal = "draw")),
        }
    }
    fn reached(&self, now: &Now, _moved: Option<LessonMove>) -> bool {
        let Some(status) = now.board.status().chess().copied() else { return false };
        let theirs = now.board.count(now.setting.student.opposite());
        super::win::student_mated_them(now)
            || status.outcome.is_some_and(|o| o.winner.is_none())
            || (status.outcome.is_none() && theirs == 0)
            || (status.outcome.is_none() && now.a.moves >= self.moves.unwrap_or(DRAW_MOVES))
    }
    fn used(&self, _a: &Attempt) -> u32 {
        0
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl super::kind::LeanRead for Draw {
    fn lean(f: &mut super::kind::LeanFields) -> Option<Self> {
        Some(Draw { moves: f.moves.take() })
    }
}
