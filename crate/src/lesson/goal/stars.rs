//! `stars`: collect every star (land a piece on each square) within `par` moves. The child moves
//! again and again; no one answers.

use super::kind::{ChessCx, GoalType, Now, Report};
use crate::lesson::attempt::{Attempt, LessonMove};
use crate::lesson::doctor::par_verdict;
use crate::lesson::search::{drill, Drill};
use crate::board::Square;
use crate::message::Message;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stars {
    /// The squares with stars, such as `"c5"`.
    pub squares: Vec<String>,
}

impl Stars {
    fn stars(&self) -> Vec<Square> {
        self.squares.iter().filter_map(|s| Square::parse(s)).collect()
    }

    /// At least one star, each on an empty square (`occupied` says), none twice.
    fn check_stars(&self, report: &mut Report, occupied: impl Fn(Square) -> bool) {
        if self.squares.is_empty() {
            report.error("/goal/squares", msg!("check-no-stars"));
        }
        for (k, s) in self.squares.iter().enumerate() {
            let p = format!("/goal/squares/{k}");
            if let Some(sq) = super::kind::square(report, &p, s) {
                if occupied(sq) {
                    report.error(&p, msg!("check-star-occupied", square = sq));
                } else if self.squares[..k].iter().any(|o| o == s) {
                    report.error(&p, msg!("check-star-twice", square = sq));
                }
            }
        }
    }

    #[cfg(doctor)]
    /// Every star can be reached (`reach` finds a way to one star); then the par of all.
    fn prove(&self, report: &mut Report, par: Option<u32>, reach: impl Fn(&Drill) -> Option<u32>) {
        let stars = self.stars();
        let mut unreachable = false;
        for (k, &star) in stars.iter().enumerate() {
            if reach(&Drill::Stars(vec![star])).is_none() {
                report.error(&format!("/goal/squares/{k}"), msg!("doctor-star-unreachable", square = star));
                unreachable = true;
            }
        }
        if !unreachable {
            par_verdict(report, par, reach(&Drill::Stars(stars)), self.task());
        }
    }
}

impl GoalType for Stars {
    fn shown(&self) -> super::kind::Shown<'_> {
        super::kind::Shown { aim: Some(super::kind::Aim::Star), drills: true, ..super::kind::Shown::default() }
    }
    #[cfg(doctor)]
    fn task(&self) -> Message {
        msg!("task-collect-stars")
    }
    fn needs_par(&self) -> bool {
        true
    }
    fn check(&self, cx: &mut ChessCx) {
        let occupied = cx.pos.occupied();
        self.check_stars(cx.report, |sq| occupied & sq.bit() != 0);
    }
    #[cfg(doctor)]
    fn examine(&self, cx: &mut ChessCx) {
        if !matches!(cx.setting.opponent, crate::lesson::data::Opponent::None) {
            return cx.report.warning("/goal", msg!("doctor-cannot-prove", goal = "stars"));
        }
        if cx.report.found.iter().any(|d| d.severity == crate::message::located::Severity::Error) {
            return;
        }
        let (pos, student, rules) = (cx.pos, cx.student, cx.rules);
        self.prove(cx.report, cx.setting.par, |d| drill(pos, student, rules, d));
    }
    #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
    fn check_pieces(&self, cx: &mut super::kind::PiecesCx) {
        let pos = cx.pos;
        self.check_stars(cx.report, |sq| pos.piece_at(sq).is_some());
    }
    #[cfg(doctor)]
    fn examine_pieces(&self, cx: &mut super::kind::PiecesCx) {
        let (pos, student) = (cx.pos, cx.student);
        self.prove(cx.report, cx.setting.par, |d| crate::lesson::search::drill_step_pieces(pos, student, d, None).map(|(n, _)| n));
    }
    fn begin(&self, a: &mut Attempt) {
        a.stars_left = self.stars();
    }
    fn reached(&self, now: &Now, _moved: Option<LessonMove>) -> bool {
        now.a.stars_left.is_empty()
    }
    fn drill(&self, a: &Attempt, _enemy_king: Option<Square>) -> Option<Drill> {
        Some(Drill::Stars(a.stars_left.clone()))
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl super::kind::LeanRead for Stars {
    fn lean(f: &mut super::kind::LeanFields) -> Option<Self> {
        Some(Stars { squares: f.squares.take()? })
    }
}
