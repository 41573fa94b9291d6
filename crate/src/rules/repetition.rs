//! What a position is for repetition.

use super::*;
use crate::board::{Bitboard, Castling, Color, Position, Square};

/// What a position is, for repetition: placement, side, castling rights and a real en-passant chance.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RepetitionKey {
    by_kind: [Bitboard; 6],
    by_color: [Bitboard; 2],
    side: Color,
    castling: Castling,
    en_passant: Option<Square>,
}

impl RepetitionKey {
    pub fn of(pos: &Position, rules: Rules) -> RepetitionKey {
        let en_passant = pos.en_passant.filter(|_| {
            let mut list = MoveList::new();
            legal_moves(pos, rules, &mut list);
            list.iter().any(|m| m.kind == MoveKind::EnPassant)
        });
        RepetitionKey {
            by_kind: pos.by_kind,
            by_color: pos.by_color,
            side: pos.side,
            castling: pos.castling,
            en_passant,
        }
    }
}
