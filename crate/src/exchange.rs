//! Static exchange evaluation: what a side wins by taking a piece, when both sides go on taking
//! on that square with their least valuable piece and each may stop when it pays. Pins, checks
//! elsewhere and en passant are left out (static); a king takes only a piece that nothing
//! defends. The rules compute it from the position: the `escape` goal asks whether any piece of
//! the child's can still be won.

use crate::board::{squares, Color, PieceKind, Position, Square};
use crate::rules::attackers;

/// A piece's worth in exchanges, in pawns (the king: more than everything else).
pub fn value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Knight | PieceKind::Bishop => 3,
        PieceKind::Rook => 5,
        PieceKind::Queen => 9,
        PieceKind::King => 100,
    }
}

/// The least valuable of `by`'s pieces that attack `sq` with the board's pieces `occ`, with its
/// kind.
fn least(pos: &Position, sq: Square, by: Color, occ: u64) -> Option<(Square, PieceKind)> {
    let att = attackers(pos, sq, by, occ) & occ;
    PieceKind::ALL.into_iter().find_map(|k| squares(att & pos.pieces(by, k)).next().map(|s| (s, k)))
}

/// What `by` wins (in pawns, never below 0: it may leave the piece alone) by taking the piece on
/// `sq` and going on with the exchange there. 0 when there is no piece of the other side there
/// or nothing of `by`'s attacks it.
pub fn gain(pos: &Position, sq: Square, by: Color) -> i32 {
    let Some(target) = pos.piece_at(sq).filter(|p| p.color != by) else { return 0 };
    let mut occ = pos.occupied();
    // gains[k]: the material the side making capture k has won so far, if the exchange stopped
    // after it
    let mut gains: Vec<i32> = Vec::with_capacity(32);
    let mut on_square = value(target.kind);
    let mut side = by;
    while let Some((from, kind)) = least(pos, sq, side, occ) {
        // a king takes only when the other side can take back nothing
        if kind == PieceKind::King && least(pos, sq, side.opposite(), occ & !from.bit()).is_some() {
            break;
        }
        let before = gains.last().map_or(0, |g| -g);
        gains.push(before + on_square);
        on_square = value(kind);
        occ &= !from.bit();
        side = side.opposite();
    }
    // each side may stop instead of taking: from the last capture back to the first
    while gains.len() > 1 {
        let last = gains.pop().expect("two or more");
        let k = gains.len() - 1;
        gains[k] = gains[k].min(-last);
    }
    gains.first().copied().unwrap_or(0).max(0)
}

/// A piece of `side`'s (its king excepted) that the other side can win by an exchange now, and
/// the square of the piece that takes it first; `None` when every piece of `side`'s is safe.
pub fn first_loss(pos: &Position, side: Color) -> Option<(Square, Square)> {
    let mine = pos.color_bb(side) & !pos.kind_bb(PieceKind::King);
    let them = side.opposite();
    squares(mine)
        .filter(|&sq| gain(pos, sq, them) > 0)
        .find_map(|sq| least(pos, sq, them, pos.occupied()).map(|(from, _)| (sq, from)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_fen;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn a_piece_nothing_defends_is_won() {
        // the black rook on d8 takes the knight on d4
        let pos = parse_fen("3r2k1/8/8/8/3N4/8/8/6K1 b - - 0 1").unwrap();
        assert_eq!(gain(&pos, sq("d4"), Color::Black), 3);
        assert_eq!(first_loss(&pos, Color::White), Some((sq("d4"), sq("d8"))));
    }

    #[test]
    fn a_defended_piece_is_won_only_by_a_cheaper_attacker() {
        // the knight on d4, defended by the pawn on e3: the rook does not take (5 for 3)
        let pos = parse_fen("3r2k1/8/8/8/3N4/4P3/8/6K1 b - - 0 1").unwrap();
        assert_eq!(gain(&pos, sq("d4"), Color::Black), 0);
        assert_eq!(first_loss(&pos, Color::White), None);
        // a pawn attacks it too: pawn takes knight, pawn takes back, rook takes that pawn: +3
        let pos = parse_fen("3r2k1/8/8/2p5/3N4/4P3/8/6K1 b - - 0 1").unwrap();
        assert_eq!(gain(&pos, sq("d4"), Color::Black), 3);
    }

    #[test]
    fn x_rays_count_and_a_king_takes_only_what_is_undefended() {
        // rooks doubled on the d-file against one defender: rook takes, rook takes back, rook
        // takes again: Black wins the knight for a rook and gains... 3 - 5 + 5 = 3
        let pos = parse_fen("3r2k1/3r4/8/8/3N4/8/8/3R2K1 b - - 0 1").unwrap();
        assert_eq!(gain(&pos, sq("d4"), Color::Black), 3);
        // the white king next to a defended pawn does not take it
        let pos = parse_fen("6k1/8/8/8/8/2p5/1p6/K7 w - - 0 1").unwrap();
        assert_eq!(gain(&pos, sq("b2"), Color::White), 0);
    }
}
