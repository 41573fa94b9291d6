//! `keep_pieces`: `{ "type": "keep_pieces", "moves": 15 }`. A whole game against the computer
//! (`engine`, level 1 or 2) with a goal a child can reach: play `moves` moves without losing a
//! piece.
//!
//! What "losing a piece" means, exactly: the material is counted in pawns (pawn 1, knight and
//! bishop 3, rook 5, queen 9; [`crate::exchange::value`]) and the *balance* is the child's minus
//! the computer's. After each of the computer's replies the child fails when the balance, with the
//! most valuable piece the child can take at once added, is below the balance at the start: a
//! piece taken is lost unless the child can take back as much. An even trade (a knight for a
//! bishop, a pawn for a pawn) loses nothing. After the child's last move the balance itself must
//! be back to the start's (the piece taken back): then the goal is reached, with 3 stars. A mate
//! given by the child reaches it too; a mate or a draw before that ends the game (a failure).
//! Which piece was lost: the last of the child's pieces the computer took.

use super::kind::{ChessCx, GoalType, Now};
use crate::board::{Color, PieceKind, Position, Square};
use crate::exchange::{first_loss, value};
use crate::lesson::attempt::{Arrow, Attempt, Failure, LessonMove};
use crate::lesson::board::Defence;
use crate::lesson::data::Opponent;
use crate::message::Message;
use crate::rules::{play_unchecked, Game};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The fewest and the most moves a `keep_pieces` lesson may ask for.
pub const KEEP_MOVES: std::ops::RangeInclusive<u32> = 5..=40;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KeepPieces {
    /// How many of the child's moves to play (5 to 40).
    pub moves: u32,
}

/// The material of `side` in pawns, its king not counted.
fn material(pos: &Position, side: Color) -> i32 {
    PieceKind::ALL.into_iter().filter(|&k| k != PieceKind::King).map(|k| value(k) * pos.pieces(side, k).count_ones() as i32).sum()
}

/// The child's material minus the computer's.
pub fn balance(pos: &Position, student: Color) -> i32 {
    material(pos, student) - material(pos, student.opposite())
}

/// The most the side to move can take at once (0 when it can take nothing).
fn best_capture(game: &Game) -> i32 {
    let pos = game.position();
    game.legal_moves()
        .iter()
        .filter_map(|m| m.captured_square(pos.side).and_then(|sq| pos.piece_at(sq)))
        .map(|p| value(p.kind))
        .max()
        .unwrap_or(0)
}

/// The last of the child's pieces the computer took: the piece, its square and the taker's
/// square.
fn last_taken(game: &Game, student: Color) -> Option<(PieceKind, Square, Square)> {
    let them = student.opposite();
    game.history().filter(|(before, _)| before.side == them).filter_map(|(before, m)| {
        let sq = m.captured_square(them)?;
        before.piece_at(sq).filter(|p| p.color == student).map(|p| (p.kind, sq, m.from))
    }).last()
}

/// Whether a piece is lost now (the computer has replied; the child is to move).
fn piece_lost(game: &Game, student: Color) -> bool {
    balance(game.position(), student) + best_capture(game) < balance(game.start(), student)
}

impl GoalType for KeepPieces {
    fn shown(&self) -> super::kind::Shown<'_> {
        super::kind::Shown { moves: Some(self.moves), finds_hints: true, ..super::kind::Shown::default() }
    }
    #[cfg(doctor)]
    fn task(&self) -> Message {
        msg!("task-keep-pieces", n = self.moves)
    }
    fn check(&self, cx: &mut ChessCx) {
        if !KEEP_MOVES.contains(&self.moves) {
            cx.report.error("/goal/moves", msg!("check-keep-pieces-moves", n = self.moves));
        }
        if !matches!(cx.setting.opponent, Opponent::Engine { level: 1 | 2 }) {
            cx.report.error("/opponent", msg!("check-keep-pieces-opponent"));
        }
        if cx.setting.par.is_some() {
            cx.report.warning("/par", msg!("check-keep-pieces-par"));
        }
    }
    /// Nothing to prove: the checker's rules (a legal position where the game is not over —
    /// every lesson's rule, `check-game-over` —, 5 to 40 moves, the engine at level 1–2) make
    /// the goal reachable; the doctor does not warn "cannot prove".
    #[cfg(doctor)]
    fn examine(&self, _cx: &mut ChessCx) {}
    fn reached(&self, now: &Now, moved: Option<LessonMove>) -> bool {
        let Some(chess) = now.board.chess() else { return false };
        let game = chess.game();
        let student = now.setting.student;
        super::win::student_mated_them(now)
            || (moved.is_some() && now.a.moves >= self.moves && balance(game.position(), student) >= balance(game.start(), student))
    }
    fn used(&self, _a: &Attempt) -> u32 {
        0
    }
    fn out_of_moves(&self, a: &Attempt) -> bool {
        a.moves >= self.moves
    }
    fn lost(&self, now: &Now) -> bool {
        now.board.chess().is_some_and(|c| piece_lost(c.game(), now.setting.student))
    }
    fn why_failed(&self, now: &Now, _gave_check: bool) -> Option<Failure> {
        let game = now.board.chess()?.game();
        let student = now.setting.student;
        let over = game.status().outcome.is_some();
        if over || !(piece_lost(game, student) || now.a.moves >= self.moves) {
            return None;
        }
        // a pawn of the computer's promoted: no piece of the child's taken to name
        let Some((kind, sq, from)) = last_taken(game, student) else { return Some(Failure::new("piece-lost", msg!("lesson-piece-taken"))) };
        let m = msg!("lesson-keep-pieces-lost", piece = kind, square = sq);
        Some(Failure { arrows: vec![Arrow { from, to: sq }], ..Failure::new("piece-lost", m) })
    }
    /// The hint: moves after which no piece of the child's can be won by an exchange (the
    /// `escape` goal's judge, [`crate::exchange::first_loss`]); captures first, then the moves
    /// nearest the centre (a piece brought out, not one sent to the edge and back).
    fn best_moves(&self, now: &Now) -> Option<Vec<LessonMove>> {
        let game = now.board.chess()?.game();
        let pos = game.position();
        let mut safe: Vec<crate::rules::Move> = game.legal_moves().iter().copied().filter(|&m| first_loss(&play_unchecked(pos, m), pos.side).is_none()).collect();
        // twice the distance to the centre, in rows or columns
        let off_centre = |sq: Square| (2 * sq.i() as i32 - 7).abs().max((2 * sq.j() as i32 - 7).abs());
        safe.sort_by_key(|m| (!m.capture, off_centre(m.to)));
        (!safe.is_empty()).then(|| safe.into_iter().map(LessonMove::from).collect())
    }
    /// The computer escapes a mate in one and takes what it can.
    fn defence(&self, _a: &Attempt) -> Defence {
        Defence::Longest(1)
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl super::kind::LeanRead for KeepPieces {
    fn lean(f: &mut super::kind::LeanFields) -> Option<Self> {
        Some(KeepPieces { moves: f.moves.take()? })
    }
}
