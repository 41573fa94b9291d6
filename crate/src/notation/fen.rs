//! FEN: read and written.

use super::*;
use crate::board::{Castling, Color, Piece, PieceKind, Position, Square};

/// Castling rights that the placement allows: a king and rook on their home squares.
fn inferred_castling(pos: &Position) -> Castling {
    let mut c = Castling(0);
    for color in Color::BOTH {
        let row = color.home_row() as i32;
        if pos.piece_at(Square::from_ij(row, 4).unwrap())
            != Some(Piece::new(color, PieceKind::King))
        {
            continue;
        }
        for (j, king_side) in [(7, true), (0, false)] {
            if pos.piece_at(Square::from_ij(row, j).unwrap())
                == Some(Piece::new(color, PieceKind::Rook))
            {
                c.0 |= Castling::flag(color, king_side);
            }
        }
    }
    c
}

/// Read a FEN. Missing trailing fields take defaults: White to move, castling where kings and
/// rooks stand at home, no en passant, clocks 0 and 1. The position must be able to exist.
pub fn parse_fen(fen: &str) -> Result<Position, NotationError> {
    let fields = crate::fen::fields(fen)?;
    let mut pos = Position::empty();
    crate::fen::placement(
        fields[0],
        Piece::from_char,
        |rank, ch| msg!("fen-bad-letter", rank = rank, char = ch),
        |sq, piece| pos.put(sq, piece),
    )?;
    if let Some(side) = crate::fen::side(&fields)? {
        pos.side = side;
    }
    pos.castling = match fields.get(2) {
        None => inferred_castling(&pos),
        Some(&"-") => Castling(0),
        Some(text) => {
            let mut c = Castling(0);
            for ch in text.chars() {
                let flag = match ch {
                    'K' => Castling::WHITE_KING,
                    'Q' => Castling::WHITE_QUEEN,
                    'k' => Castling::BLACK_KING,
                    'q' => Castling::BLACK_QUEEN,
                    _ => return Err(fen_error(3, msg!("fen-bad-castling", letter = ch))),
                };
                if c.0 & flag != 0 {
                    return Err(fen_error(3, msg!("fen-castling-twice", letter = ch)));
                }
                c.0 |= flag;
            }
            c
        }
    };
    if let Some(&ep) = fields.get(3) {
        if ep != "-" {
            let sq = Square::parse(ep)
                .ok_or_else(|| fen_error(4, msg!("fen-bad-en-passant", found = ep)))?;
            pos.en_passant = Some(sq);
        }
    }
    let (halfmove, fullmove) = crate::fen::clocks(&fields)?;
    pos.halfmove_clock = halfmove.unwrap_or(pos.halfmove_clock);
    pos.fullmove = fullmove.unwrap_or(pos.fullmove);
    pos.validate().map_err(illegal)?;
    // An en-passant square no pawn can use is dropped, as FEN writers do.
    if let Some(ep) = pos.en_passant {
        let t = crate::movement::tables();
        if t.pawn_capture[pos.side.opposite().index()][ep.index()]
            & pos.pieces(pos.side, PieceKind::Pawn)
            == 0
        {
            pos.en_passant = None;
        }
    }
    Ok(pos)
}

/// Write a position as FEN.
pub fn to_fen(pos: &Position) -> String {
    let mut s = String::new();
    for i in (0..8).rev() {
        let mut empty = 0;
        for j in 0..8 {
            match pos.piece_at(Square::from_ij(i, j).unwrap()) {
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from_digit(empty, 10).unwrap());
                        empty = 0;
                    }
                    s.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push(char::from_digit(empty, 10).unwrap());
        }
        if i > 0 {
            s.push('/');
        }
    }
    s.push(' ');
    s.push(if pos.side == Color::White { 'w' } else { 'b' });
    s.push(' ');
    let c = pos.castling;
    if c.0 == 0 {
        s.push('-');
    }
    for (flag, ch) in [
        (Castling::WHITE_KING, 'K'),
        (Castling::WHITE_QUEEN, 'Q'),
        (Castling::BLACK_KING, 'k'),
        (Castling::BLACK_QUEEN, 'q'),
    ] {
        if c.0 & flag != 0 {
            s.push(ch);
        }
    }
    match pos.en_passant {
        Some(ep) => s.push_str(&format!(" {ep}")),
        None => s.push_str(" -"),
    }
    s.push_str(&format!(" {} {}", pos.halfmove_clock, pos.fullmove));
    s
}
