//! `mate`: give mate in at most `in` moves. The defender answers as well as it can; the doctor
//! proves the mate by an exact search (and the engine confirms it).

use super::kind::{ChessCx, GoalType, Now};
use crate::board::Square;
use crate::lesson::attempt::{Attempt, Failure, LessonMove};
use crate::lesson::board::Defence;
use crate::lesson::doctor::{engine_finds_mate, engine_mate};
use crate::lesson::search::{mated_within, MateSearch};
use crate::message::Message;
use crate::rules::{play_unchecked, BoardState};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Mate {
    #[serde(rename = "in")]
    #[schemars(range(min = 1, max = 5))]
    pub moves: u32,
}

impl GoalType for Mate {
    fn shown(&self) -> super::kind::Shown<'_> {
        super::kind::Shown { moves: Some(self.moves), finds_hints: true, ..super::kind::Shown::default() }
    }
    #[cfg(doctor)]
    fn task(&self) -> Message {
        msg!("task-give-mate")
    }
    fn par(&self, par: Option<u32>) -> u32 {
        par.unwrap_or(self.moves)
    }
    fn check(&self, cx: &mut ChessCx) {
        if !(1..=5).contains(&self.moves) {
            cx.report.error("/goal/in", msg!("check-mate-range", n = self.moves));
        }
        if cx.pos.king(cx.student.opposite()).is_none() {
            cx.report.error("/goal", msg!("check-no-enemy-king"));
        }
    }
    #[cfg(doctor)]
    fn examine(&self, cx: &mut ChessCx) {
        let (pos, rules, n) = (cx.pos, cx.rules, self.moves);
        let mut search = MateSearch::new(rules);
        let engine_found = engine_finds_mate(pos, n, rules);
        match (1..=n).find(|&k| search.mate_in(pos, k)) {
            // The exact search ran out of time but the engine found the mate: proved.
            None if search.exhausted() && engine_found => {}
            None if search.exhausted() => cx.report.warning("/goal/in", msg!("doctor-mate-timeout", n = n)),
            None => cx.report.error("/goal/in", msg!("doctor-no-mate", n = n)),
            Some(_) if !engine_found => cx.report.warning("/goal/in", msg!("doctor-engine-no-mate", n = n)),
            Some(k) if k < n => cx.report.warning("/goal/in", msg!("doctor-mate-shorter", k = k, n = n)),
            Some(_) => {}
        }
        if let Some(h) = cx.setting.hints {
            if let Ok(m) = crate::notation::parse_move(pos, &h.mv, rules) {
                let after = play_unchecked(pos, m);
                if n >= 1 && !mated_within(&after, n - 1, rules) {
                    cx.report.error("/hints/move", msg!("doctor-hint-no-mate", hint = &h.mv, n = n));
                }
            }
        }
        engine_mate(cx.setting, n, pos, cx.report);
    }
    fn reached(&self, now: &Now, _moved: Option<LessonMove>) -> bool {
        super::win::student_mated_them(now)
    }
    fn out_of_moves(&self, a: &Attempt) -> bool {
        a.moves >= self.moves
    }
    fn why_failed(&self, now: &Now, gave_check: bool) -> Option<Failure> {
        let status = now.board.status();
        if status.chess().is_some_and(|s| s.state == BoardState::Stalemate) {
            return Some(Failure::new("stalemate", msg!("lesson-stalemate")));
        }
        if !gave_check {
            return Some(Failure::new("not-mate", msg!("lesson-not-mate-no-check", n = self.moves)));
        }
        Some(Failure::new("not-mate", msg!("lesson-not-mate", n = self.moves)))
    }
    fn best_moves(&self, now: &Now) -> Option<Vec<LessonMove>> {
        let chess = now.board.chess()?;
        let pos = *chess.position();
        let left = self.moves.saturating_sub(now.a.moves).max(1);
        let mut search = MateSearch::new(chess.rules());
        let legal = chess.game().legal_moves();
        (1..=left).find_map(|k| {
            let mates: Vec<LessonMove> = legal.iter().copied().filter(|&m| search.mated_within(&play_unchecked(&pos, m), k - 1)).map(LessonMove::from).collect();
            (!mates.is_empty()).then_some(mates)
        })
    }
    fn defence(&self, a: &Attempt) -> Defence {
        Defence::Longest(self.moves.saturating_sub(a.moves).max(1))
    }
    fn drill(&self, _a: &Attempt, _enemy_king: Option<Square>) -> Option<crate::lesson::search::Drill> {
        None
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl super::kind::LeanRead for Mate {
    fn lean(f: &mut super::kind::LeanFields) -> Option<Self> {
        Some(Mate { moves: f.within.take()? })
    }
}
