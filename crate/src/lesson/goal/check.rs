//! `check`: give check within `in` of the child's moves. With opponent `none` the enemy pieces
//! and the enemy king stand still; with `defender` the search answers, avoiding checks.

use super::kind::{ChessCx, GoalType, Now};
use crate::board::Square;
use crate::lesson::attempt::{Attempt, Failure, LessonMove};
use crate::lesson::board::Defence;
use crate::lesson::data::Opponent;
use crate::lesson::doctor::par_verdict;
use crate::lesson::search::{drill, CheckSearch, Drill};
use crate::message::Message;
use crate::rules::play_unchecked;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Check {
    #[serde(rename = "in")]
    pub moves: u32,
}

impl Check {
    #[cfg(doctor)]
    /// The verdict: `min`, the fewest moves that give check (within `in`), or none (`timeout`:
    /// the search ran out of its budget). A check in fewer moves than `in` makes it no
    /// check-in-`in`; a par is checked against `min`.
    fn verdict(&self, cx: &mut ChessCx, min: Option<u32>, timeout: bool) {
        let n = self.moves;
        match min {
            None if timeout => cx.report.warning("/goal/in", msg!("doctor-check-timeout", n = n)),
            None => cx.report.error("/goal/in", msg!("doctor-no-check", n = n)),
            Some(k) if k < n => cx.report.warning("/goal/in", msg!("doctor-check-shorter", k = k, n = n)),
            Some(k) => par_verdict(cx.report, cx.setting.par, Some(k), self.task()),
        }
    }
}

impl GoalType for Check {
    fn shown(&self) -> super::kind::Shown<'_> {
        super::kind::Shown { moves: Some(self.moves), finds_hints: true, ..super::kind::Shown::default() }
    }
    #[cfg(doctor)]
    fn task(&self) -> Message {
        msg!("task-give-check")
    }
    fn par(&self, par: Option<u32>) -> u32 {
        par.unwrap_or(self.moves)
    }
    fn enemy_stands_still(&self) -> bool {
        true
    }
    fn check(&self, cx: &mut ChessCx) {
        if !(1..=5).contains(&self.moves) {
            cx.report.error("/goal/in", msg!("check-check-range", n = self.moves));
        }
        if cx.pos.king(cx.student.opposite()).is_none() {
            cx.report.error("/goal", msg!("check-no-king-to-check"));
        }
        if !matches!(cx.setting.opponent, Opponent::None | Opponent::Defender) {
            cx.report.error("/opponent", msg!("check-check-opponent"));
        }
    }
    #[cfg(doctor)]
    fn examine(&self, cx: &mut ChessCx) {
        let n = self.moves;
        if let Opponent::None = cx.setting.opponent {
            let king = cx.pos.king(cx.student.opposite()).expect("checked");
            let min = drill(cx.pos, cx.student, cx.rules, &Drill::Check(king));
            return self.verdict(cx, min.filter(|&k| k <= n), false);
        }
        let mut search = CheckSearch::new(cx.rules);
        let min = (1..=n).find(|&k| search.check_in(cx.pos, k));
        self.verdict(cx, min, min.is_none() && search.exhausted());
    }
    fn reached(&self, now: &Now, moved: Option<LessonMove>) -> bool {
        // a mate is a check too
        let check = now.board.status().chess().is_some_and(|s| s.check);
        moved.is_some() && (check || super::win::student_mated_them(now))
    }
    fn out_of_moves(&self, a: &Attempt) -> bool {
        a.moves >= self.moves
    }
    fn why_failed(&self, now: &Now, _gave_check: bool) -> Option<Failure> {
        let chess = now.board.chess()?;
        let king = chess.position().king(now.setting.student.opposite())?;
        chess.game().status().outcome.is_none().then(|| Failure::new("no-check", msg!("lesson-no-check", n = self.moves, square = king)))
    }
    fn drill(&self, _a: &Attempt, enemy_king: Option<Square>) -> Option<Drill> {
        Some(Drill::Check(enemy_king?))
    }
    fn best_moves(&self, now: &Now) -> Option<Vec<LessonMove>> {
        let chess = now.board.chess()?;
        let pos = *chess.position();
        let left = self.moves.saturating_sub(now.a.moves).max(1);
        let mut search = CheckSearch::new(chess.rules());
        let legal = chess.game().legal_moves();
        let checks: Vec<LessonMove> = legal.iter().copied().filter(|&m| crate::rules::in_check(&play_unchecked(&pos, m))).map(LessonMove::from).collect();
        if !checks.is_empty() {
            return Some(checks);
        }
        let forcing: Vec<LessonMove> =
            legal.iter().copied().filter(|&m| left > 1 && search.checked_within(&play_unchecked(&pos, m), left - 1)).map(LessonMove::from).collect();
        (!forcing.is_empty()).then_some(forcing)
    }
    fn defence(&self, a: &Attempt) -> Defence {
        Defence::AvoidCheck(self.moves.saturating_sub(a.moves).max(1))
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl super::kind::LeanRead for Check {
    fn lean(f: &mut super::kind::LeanFields) -> Option<Self> {
        Some(Check { moves: f.within.take()? })
    }
}
