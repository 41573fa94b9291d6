//! A move as the widget and the lesson player report it ([`MoveInfo`]).

use super::*;
use crate::board::{Color, Piece, PieceKind, Position, Square};
use crate::rules::{Move, MoveKind, Rules};

/// A move as the widget and the lesson player report it: its notations (SAN and long form in
/// English letters, UCI), the squares involved and the piece that moved. (A page shows SAN in the
/// reader's language with the letters of its word file, `www/i18n/<lang>/language.js`.)
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MoveInfo {
    pub uci: String,
    pub san: String,
    pub long: String,
    /// The square of the piece taken (behind the target for en passant).
    pub captured: Option<Square>,
    /// For castling, the rook's from and to squares.
    pub rook: Option<(Square, Square)>,
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
    pub capture: bool,
    pub promotion: Option<PieceKind>,
    pub piece: PieceKind,
    pub color: Color,
    /// How the piece's formula reaches `to` (as data: the page writes it with the numbers).
    pub explanation: Option<crate::movement::Explanation>,
}

impl MoveInfo {
    /// A legal move `mv` in the position `pos` (before it is played).
    pub fn new(pos: &Position, mv: Move, rules: Rules) -> MoveInfo {
        let piece = pos.piece_at(mv.from).unwrap_or(Piece::new(pos.side, PieceKind::Pawn));
        // The position after the move is looked at once, for both notations.
        let after = After::of(pos, mv, rules);
        let san = san_with(pos, mv, rules, after);
        let long = long_with(pos, mv, after);
        MoveInfo {
            uci: mv.uci(),
            san,
            long,
            captured: mv.captured_square(piece.color),
            rook: mv.castling_rook(),
            from: mv.from,
            to: mv.to,
            kind: mv.kind,
            capture: mv.capture,
            promotion: mv.promotion,
            piece: piece.kind,
            color: piece.color,
            explanation: crate::movement::explain(piece.kind, piece.color, mv.from, mv.to),
        }
    }
}
