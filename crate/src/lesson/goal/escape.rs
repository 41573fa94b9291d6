//! `escape`: `{ "type": "escape", "square": "d4" }`. The piece on `square` is attacked and can be
//! won; the child saves it in one move: moves it away, defends it, or takes the attacker. A move
//! is right when afterwards the opponent can win none of the child's pieces by a static exchange
//! ([`crate::exchange`]). Played with both kings on the board and no opponent: the enemy does not
//! answer, the exchange decides. The doctor proves a right move exists.

use super::kind::{square, ChessCx, GoalType, Now, Try};
use crate::board::{PieceKind, Position, Square};
use crate::exchange::{first_loss, gain};
use crate::lesson::attempt::{Arrow, Failure, LessonMove};
use crate::lesson::data::Opponent;
use crate::message::Message;
use crate::rules::{play_unchecked, Game};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Escape {
    /// The square of the child's piece that is in danger.
    pub square: String,
}

/// The moves after which no piece of the mover's can be won.
fn saving_moves(game: &Game) -> Vec<LessonMove> {
    let pos = game.position();
    game.legal_moves().iter().filter(|&&m| first_loss(&play_unchecked(pos, m), pos.side).is_none()).map(|&m| LessonMove::from(m)).collect()
}

/// Why the position after the child's move still loses a piece: the piece and its taker.
fn not_safe(after: &Position, student: crate::board::Color) -> Option<Failure> {
    let (sq, by) = first_loss(after, student)?;
    let kind = after.piece_at(sq)?.kind;
    let m = msg!("lesson-escape-not-safe", piece = kind, square = sq);
    Some(Failure { arrows: vec![Arrow { from: by, to: sq }], ..Failure::new("not-safe", m) })
}

impl GoalType for Escape {
    #[cfg(doctor)]
    fn task(&self) -> Message {
        match Square::parse(&self.square) {
            Some(sq) => msg!("task-escape", square = sq),
            None => msg!("task-escape", square = self.square.as_str()),
        }
    }
    fn is_played(&self) -> bool {
        false
    }
    fn takes_moves(&self) -> bool {
        true
    }
    fn enemy_stands_still(&self) -> bool {
        true
    }
    fn check(&self, cx: &mut ChessCx) {
        if !matches!(cx.setting.opponent, Opponent::None) {
            cx.report.error("/opponent", msg!("check-escape-opponent"));
        }
        let Some(sq) = square(cx.report, "/goal/square", &self.square) else { return };
        let student = cx.student;
        match cx.pos.piece_at(sq) {
            Some(p) if p.color == student && p.kind == PieceKind::King => cx.report.error("/goal/square", msg!("check-escape-king", square = sq)),
            Some(p) if p.color == student => {
                // the enemy to move: would it win the piece?
                let theirs = Position { side: student.opposite(), en_passant: None, ..*cx.pos };
                if crate::rules::attackers(&theirs, sq, student.opposite(), theirs.occupied()) == 0 {
                    cx.report.error("/goal/square", msg!("check-escape-not-attacked", piece = p.kind, square = sq));
                } else if gain(&theirs, sq, student.opposite()) == 0 {
                    cx.report.error("/goal/square", msg!("check-escape-safe", piece = p.kind, square = sq));
                }
            }
            _ => cx.report.error("/goal/square", msg!("check-no-piece-of", side = student, square = sq)),
        }
    }
    #[cfg(doctor)]
    fn examine(&self, cx: &mut ChessCx) {
        if saving_moves(cx.game).is_empty() {
            let sq = Square::parse(&self.square).expect("checked");
            cx.report.error("/goal", msg!("doctor-escape-none", square = sq));
        }
    }
    fn one_try(&self, t: &Try) -> Option<Result<(), Failure>> {
        let chess = t.board.chess()?;
        let mv = chess.chess_move(t.mv)?;
        let after = play_unchecked(chess.position(), mv);
        Some(match not_safe(&after, t.setting.student) {
            Some(f) => Err(f),
            None => Ok(()),
        })
    }
    fn best_moves(&self, now: &Now) -> Option<Vec<LessonMove>> {
        let chess = now.board.chess()?;
        let moves = saving_moves(chess.game());
        // the piece in danger moves first in the hint, when it can
        let sq = Square::parse(&self.square)?;
        let (mut first, rest): (Vec<LessonMove>, Vec<LessonMove>) = moves.into_iter().partition(|m| m.from == sq);
        first.extend(rest);
        (!first.is_empty()).then_some(first)
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl super::kind::LeanRead for Escape {
    fn lean(f: &mut super::kind::LeanFields) -> Option<Self> {
        Some(Escape { square: f.square.take()? })
    }
}
