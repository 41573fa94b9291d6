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
    /// The way the lesson teaches (`capture`, `run`, `protect`): only a saving move of this kind
    /// is right; another saving move is told kindly to try the lesson's way. Left out: any saving
    /// move is right.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<EscapeWay>,
}

/// A way to save a piece in danger.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum EscapeWay {
    /// Take a piece that attacks it.
    Capture,
    /// Move it away.
    Run,
    /// Leave it and protect it (or block the attack) with another move.
    Protect,
}

impl EscapeWay {
    /// The way of move `m` for the piece on `sq`: a capture of one of its attackers, the piece
    /// itself moving away, or another move that protects it.
    pub fn of(pos: &Position, m: crate::rules::Move, sq: Square) -> EscapeWay {
        let enemy = pos.side.opposite();
        let theirs = Position { side: enemy, en_passant: None, ..*pos };
        let attackers = crate::rules::attackers(&theirs, sq, enemy, theirs.occupied());
        let takes_attacker = m.captured_square(pos.side).is_some_and(|c| attackers & (1u64 << c.index()) != 0);
        if takes_attacker {
            EscapeWay::Capture
        } else if m.from == sq {
            EscapeWay::Run
        } else {
            EscapeWay::Protect
        }
    }
}

/// The moves after which no piece of the mover's can be won.
/// With a way (`by`), only the moves of that way.
fn saving_moves(game: &Game, sq: Option<Square>, by: Option<EscapeWay>) -> Vec<LessonMove> {
    let pos = game.position();
    game.legal_moves()
        .iter()
        .filter(|&&m| first_loss(&play_unchecked(pos, m), pos.side).is_none())
        .filter(|&&m| match (by, sq) {
            (Some(way), Some(sq)) => EscapeWay::of(pos, m, sq) == way,
            _ => true,
        })
        .map(|&m| LessonMove::from(m))
        .collect()
}

/// Why the position after the child's move still loses a piece: the piece and its taker.
fn not_safe(after: &Position, student: crate::board::Color) -> Option<Failure> {
    let (sq, by) = first_loss(after, student)?;
    let kind = after.piece_at(sq)?.kind;
    let m = msg!("lesson-escape-not-safe", piece = kind, square = sq);
    Some(Failure { arrows: vec![Arrow { from: by, to: sq }], ..Failure::new("not-safe", m) })
}

impl EscapeWay {
    /// Its name in the lesson file and the catalogue's words (`capture`, `run`, `protect`).
    pub fn word(self) -> &'static str {
        match self {
            EscapeWay::Capture => "capture",
            EscapeWay::Run => "run",
            EscapeWay::Protect => "protect",
        }
    }
}

impl GoalType for Escape {
    fn shown(&self) -> super::kind::Shown<'_> {
        super::kind::Shown { square: Some(&self.square), finds_hints: true, ..super::kind::Shown::default() }
    }
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
        let sq = Square::parse(&self.square).expect("checked");
        if saving_moves(cx.game, Some(sq), None).is_empty() {
            cx.report.error("/goal", msg!("doctor-escape-none", square = sq));
        } else if let Some(way) = self.by.filter(|&w| saving_moves(cx.game, Some(sq), Some(w)).is_empty()) {
            cx.report.error("/goal/by", msg!("doctor-escape-none-by", square = sq, by = way.word()));
        }
    }
    fn one_try(&self, t: &Try) -> Option<Result<(), Failure>> {
        let chess = t.board.chess()?;
        let mv = chess.chess_move(t.mv)?;
        let after = play_unchecked(chess.position(), mv);
        let sq = Square::parse(&self.square)?;
        Some(match not_safe(&after, t.setting.student) {
            Some(f) => Err(f),
            None => match self.by {
                // safe, but not the lesson's way: said kindly, tried again
                Some(way) if EscapeWay::of(chess.position(), mv, sq) != way => {
                    let kind = chess.position().piece_at(sq).map_or(PieceKind::Pawn, |p| p.kind);
                    let m = match way {
                        EscapeWay::Capture => msg!("lesson-escape-by-capture", piece = kind),
                        EscapeWay::Run => msg!("lesson-escape-by-run", piece = kind),
                        EscapeWay::Protect => msg!("lesson-escape-by-protect", piece = kind),
                    };
                    Err(Failure::new("other-way", m))
                }
                _ => Ok(()),
            },
        })
    }
    fn best_moves(&self, now: &Now) -> Option<Vec<LessonMove>> {
        let chess = now.board.chess()?;
        let sq = Square::parse(&self.square)?;
        let moves = saving_moves(chess.game(), Some(sq), self.by);
        // the piece in danger moves first in the hint, when it can
        let (mut first, rest): (Vec<LessonMove>, Vec<LessonMove>) = moves.into_iter().partition(|m| m.from == sq);
        first.extend(rest);
        (!first.is_empty()).then_some(first)
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
impl super::kind::LeanRead for Escape {
    fn lean(f: &mut super::kind::LeanFields) -> Option<Self> {
        Some(Escape { square: f.square.take()?, by: f.by.take() })
    }
}
