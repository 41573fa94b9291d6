//! A move and its kind, the rules' options, the move list.

use crate::board::{Color, PieceKind, Square};
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

/// Options of the rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "snake_case")]
pub struct Rules {
    /// A pawn always promotes to a queen (king-and-pawn play, seed 000).
    pub auto_queen: bool,
}

impl Rules {
    pub const STANDARD: Rules = Rules { auto_queen: false };
    pub const AUTO_QUEEN: Rules = Rules { auto_queen: true };
}

/// What kind of move a move is; the widget draws a different marker for each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum MoveKind {
    /// To an empty square.
    Move,
    Capture,
    Castle,
    EnPassant,
    /// A pawn reaching the last row (with or without a capture).
    Promotion,
}

/// A move: from, to, and the piece a pawn promotes to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<PieceKind>,
    pub kind: MoveKind,
    /// Whether a piece is taken (always for en passant; possibly for a promotion).
    pub capture: bool,
}

impl Move {
    /// The square of the piece this move takes: `to`, or for en passant the square behind it.
    pub fn captured_square(&self, mover: Color) -> Option<Square> {
        match self.kind {
            MoveKind::EnPassant => self.to.offset(-mover.forward(), 0),
            _ if self.capture => Some(self.to),
            _ => None,
        }
    }

    /// For castling, the rook's move: from the corner to the square the king crossed.
    pub fn castling_rook(&self) -> Option<(Square, Square)> {
        if self.kind != MoveKind::Castle {
            return None;
        }
        let row = self.from.i() as i32;
        let (rf, rt) = if self.to.j() > self.from.j() { (7, 5) } else { (0, 3) };
        Some((Square::from_ij(row, rf)?, Square::from_ij(row, rt)?))
    }

    /// The move in UCI: `e2e4`, `e7e8q`.
    pub fn uci(&self) -> String {
        let mut s = format!("{}{}", self.from, self.to);
        if let Some(p) = self.promotion {
            s.push(p.letter().to_ascii_lowercase());
        }
        s
    }
}

/// A list of moves without heap allocation. A reachable position has at most 218 legal moves, but
/// a set-up board only has to pass validation (at most 16 men a side, promoted pieces no more
/// than the missing pawns): 9 queens, 2 rooks, 2 bishops, 2 knights and a king can never have
/// more than 9·27 + 2·14 + 2·13 + 2·8 + 8 + 2 = 323 moves, so 384 can never overflow.
pub type MoveList = ArrayVec<Move, 384>;
