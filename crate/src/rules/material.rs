//! Dead positions by material, and a side that cannot mate at all.

use crate::board::{Bitboard, Color, PieceKind, Position};

/// Dead position by material alone: K v K, K v K+N, and kings with bishops all on one colour.
pub fn insufficient_material(pos: &Position) -> bool {
    if pos.king(Color::White).is_none() || pos.king(Color::Black).is_none() {
        return false;
    }
    let others = pos.occupied() & !pos.kind_bb(PieceKind::King);
    if others == 0 {
        return true;
    }
    let knights = pos.kind_bb(PieceKind::Knight);
    if others == knights && others.count_ones() == 1 {
        return true;
    }
    let bishops = pos.kind_bb(PieceKind::Bishop);
    const LIGHT: Bitboard = 0x55aa_55aa_55aa_55aa;
    others == bishops && (bishops & LIGHT == 0 || bishops & !LIGHT == 0)
}

/// Whether `side` has no way to mate at all, whatever the opponent does (a flag fall is then a draw).
pub fn cannot_mate(pos: &Position, side: Color) -> bool {
    let mine = pos.color_bb(side) & !pos.kind_bb(PieceKind::King);
    let theirs = pos.color_bb(side.opposite()) & !pos.kind_bb(PieceKind::King);
    if mine == 0 {
        return true;
    }
    let minors = pos.kind_bb(PieceKind::Knight) | pos.kind_bb(PieceKind::Bishop);
    if mine.count_ones() == 1 && mine & minors != 0 && theirs == 0 {
        return true;
    }
    // Bishops all on one colour against nothing but bishops of that colour: no mate is possible.
    let bishops = pos.kind_bb(PieceKind::Bishop);
    const LIGHT: Bitboard = 0x55aa_55aa_55aa_55aa;
    (mine | theirs) & !bishops == 0 && (bishops & LIGHT == 0 || bishops & !LIGHT == 0)
}
