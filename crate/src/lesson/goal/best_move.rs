//! `best_move`: find the best move, one try: any of `answers` (SAN or UCI) is right. Outside the
//! solver's endgames the engine checks the answers; under auto-queen rules in a king-and-pawn
//! position the solver must agree with them, and judges each try.

use super::kind::{ChessCx, GoalType, Now, Try};
use crate::board::{PieceKind, Position};
use crate::endgame::Endgame;
use crate::lesson::attempt::{Arrow, Failure, LessonMove};
use crate::lesson::data::{AcceptGroup, RulesName, Setting};
use crate::lesson::doctor::{engine_best_move, solver_best_move, with_solver};
use crate::message::Message;
use crate::notation::{parse_move, MoveInfo};
use crate::rules::{play_unchecked, BoardState, Game, Move, Rules};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BestMove {
    pub answers: Vec<String>,
    /// The group the answers are (every move that mates, that wins the queen, …): the doctor
    /// proves the answers are exactly its moves, and the child is told the group.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accept: Option<AcceptGroup>,
}

impl GoalType for BestMove {
    fn shown(&self) -> super::kind::Shown<'_> {
        super::kind::Shown { finds_hints: true, ..super::kind::Shown::default() }
    }
    #[cfg(doctor)]
    fn task(&self) -> Message {
        msg!("task-best-move")
    }
    fn is_played(&self) -> bool {
        false
    }
    fn takes_moves(&self) -> bool {
        true
    }
    fn check(&self, cx: &mut ChessCx) {
        if self.answers.is_empty() {
            cx.report.error("/goal/answers", msg!("check-no-answers"));
        }
        for (k, a) in self.answers.iter().enumerate() {
            if let Err(e) = parse_move(cx.pos, a, cx.rules) {
                cx.report.error(&format!("/goal/answers/{k}"), e.0);
            }
        }
    }
    #[cfg(doctor)]
    fn examine(&self, cx: &mut ChessCx) {
        if self.judged_by_solver(cx.setting, cx.pos) {
            if self.accept.is_some() {
                // the solver's results are the groups here: the moves that keep the best one
                cx.report.error("/goal/accept", msg!("doctor-accept-solver"));
            }
            let pos = cx.pos;
            return with_solver(cx.report, |eg, r| solver_best_move(&self.answers, pos, eg, r));
        }
        engine_best_move(cx.setting, &self.answers, self.accept, cx.pos, cx.report);
    }
    fn judged_by_solver(&self, setting: Setting, start: &Position) -> bool {
        setting.rules == RulesName::AutoQueen && Endgame::files_for(start).is_ok()
    }
    fn one_try(&self, t: &Try) -> Option<Result<(), Failure>> {
        let chess = t.board.chess()?;
        let (pos, rules) = (*chess.position(), chess.rules());
        let right = self.answers.iter().any(|a| parse_move(&pos, a, rules).ok().map(LessonMove::from) == Some(t.mv));
        if right {
            return Some(Ok(()));
        }
        let mv = chess.chess_move(t.mv)?;
        // a try the solver judged a mistake: why, with its refutation (the packages with the solver)
        #[cfg(any(not(target_arch = "wasm32"), feature = "solver"))]
        if let Some(j) = t.judgement.filter(|j| j.mistake) {
            return Some(Err(Failure { id: "wrong-move", ..chess.mistake_failure(j, &play_unchecked(&pos, mv)) }));
        }
        let failure = if t.feedback { Failure::new("wrong-move", msg!("lesson-not-best")) } else { not_best_why(&pos, mv, rules) };
        Some(Err(failure))
    }
    fn right_why(&self, t: &Try) -> Option<Message> {
        // www/pkg-lessons has no group words: a lesson with `accept` plays with pkg-lessons-full
        // (lessonPackage names it), so that the child's first download stays small
        if cfg!(all(target_arch = "wasm32", not(feature = "variant"))) {
            return None;
        }
        let accept = self.accept?;
        let chess = t.board.chess()?;
        let info = MoveInfo::new(chess.position(), chess.chess_move(t.mv)?, chess.rules());
        Some(match accept.piece() {
            None => msg!("lesson-right-mate", played = info.san.as_str()),
            Some(p) => msg!("lesson-right-wins", played = info.san.as_str(), piece = p.name()),
        })
    }
    fn best_moves(&self, now: &Now) -> Option<Vec<LessonMove>> {
        let moves: Vec<LessonMove> = self.answers.iter().filter_map(|a| now.board.parse(a)).collect();
        (!moves.is_empty()).then_some(moves)
    }
}

/// Why a move is not the best when the lesson has no words for it: the opponent's strongest
/// simple answer (a mate, else the biggest capture), said and drawn as an arrow; without one,
/// the plain "not the best move".
pub fn not_best_why(pos: &Position, mv: Move, rules: Rules) -> Failure {
    let after = play_unchecked(pos, mv);
    let Ok(game) = Game::new(after, rules) else { return Failure::new("wrong-move", msg!("lesson-not-best")) };
    let value = |k: PieceKind| match k {
        PieceKind::Pawn => 1,
        PieceKind::Knight | PieceKind::Bishop => 3,
        PieceKind::Rook => 5,
        PieceKind::Queen => 9,
        PieceKind::King => 100,
    };
    let mut best: Option<(u32, Move)> = None;
    for r in game.legal_moves() {
        let next = play_unchecked(&after, r);
        let mate = Game::new(next, rules).is_ok_and(|g| g.status().state == BoardState::Checkmate);
        let taken = after.piece_at(r.to).map_or(0, |p| value(p.kind));
        let score = if mate { 1000 } else { taken };
        if score > 0 && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, r));
        }
    }
    let Some((score, r)) = best else { return Failure::new("wrong-move", msg!("lesson-not-best")) };
    let info = MoveInfo::new(&after, r, rules);
    let id = if score == 1000 { "lesson-not-best-mate" } else { "lesson-not-best-reply" };
    let message = Message::new(id).with("side", after.side).with("reply", info.san.as_str());
    Failure { arrows: vec![Arrow { from: r.from, to: r.to }], ..Failure::new("wrong-move", message) }
}


#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl super::kind::LeanRead for BestMove {
    fn lean(f: &mut super::kind::LeanFields) -> Option<Self> {
        // a lesson with `accept` is pkg-lessons-full's (lessonPackage): refused here, never
        // played without its group words
        if f.accept.take().is_some() {
            return None;
        }
        Some(BestMove { answers: f.answers.take()?, accept: None })
    }
}
