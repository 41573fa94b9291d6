//! The one FEN reader: the fields, the placement (with the letters of the caller: chess's in
//! [`crate::notation::parse_fen`], a piece set's in [`crate::variant`]), the side to move and the
//! clocks. Errors are messages naming their FEN field.

use crate::board::{Color, Square};
use crate::message::Message;

/// An error in FEN field `n` (from 1): the message with its place.
pub(crate) fn field_error(n: u8, m: Message) -> Message {
    m.with("field", n).with("source", "fen")
}

/// The fields of a FEN: 1 to 6.
pub(crate) fn fields(fen: &str) -> Result<Vec<&str>, Message> {
    let fen = crate::guard::text(fen, crate::guard::FEN)
        .map_err(|r| r.message().with("source", "fen"))?;
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(field_error(1, msg!("fen-empty")));
    }
    if fields.len() > 6 {
        return Err(msg!("fen-too-many-fields", count = fields.len(), source = "fen"));
    }
    Ok(fields)
}

/// Read the placement (field 1): `letter` reads a piece's letter, `bad_letter(rank, char)` says
/// what is wrong with a character that is neither a letter nor a digit, `put` places a piece.
pub(crate) fn placement<T>(
    text: &str,
    letter: impl Fn(char) -> Option<T>,
    bad_letter: impl Fn(i32, char) -> Message,
    mut put: impl FnMut(Square, T),
) -> Result<(), Message> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 8 {
        return Err(field_error(1, msg!("fen-rank-count", count = rows.len())));
    }
    for (r, row) in rows.iter().enumerate() {
        let i = 7 - r as i32;
        let rank = i + 1;
        let mut j = 0i32;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(field_error(1, msg!("fen-bad-digit", rank = rank, char = ch)));
                }
                j += d as i32;
            } else if let Some(piece) = letter(ch) {
                if let Some(sq) = Square::from_ij(i, j) {
                    put(sq, piece);
                }
                j += 1;
            } else {
                return Err(field_error(1, bad_letter(rank, ch)));
            }
            if j > 8 {
                return Err(field_error(1, msg!("fen-rank-too-long", rank = rank)));
            }
        }
        if j < 8 {
            return Err(field_error(1, msg!("fen-bad-rank-length", rank = rank, count = j)));
        }
    }
    Ok(())
}

/// The side to move (field 2), if given.
pub(crate) fn side(fields: &[&str]) -> Result<Option<Color>, Message> {
    match fields.get(1) {
        None => Ok(None),
        Some(&("w" | "W")) => Ok(Some(Color::White)),
        Some(&("b" | "B")) => Ok(Some(Color::Black)),
        Some(&other) => Err(field_error(2, msg!("fen-bad-side", found = other))),
    }
}

/// The halfmove clock (field 5, at most 10,000) and the move number (field 6, 1 to 100,000), if given.
pub(crate) fn clocks(fields: &[&str]) -> Result<(Option<u32>, Option<u32>), Message> {
    let halfmove = match fields.get(4) {
        None => None,
        Some(&hm) => Some(
            hm.parse::<u32>()
                .ok()
                .filter(|&n| n <= 10_000)
                .ok_or_else(|| field_error(5, msg!("fen-bad-halfmove", found = hm)))?,
        ),
    };
    let fullmove = match fields.get(5) {
        None => None,
        Some(&fm) => Some(
            fm.parse::<u32>()
                .ok()
                .filter(|&n| (1..=100_000).contains(&n))
                .ok_or_else(|| field_error(6, msg!("fen-bad-fullmove", found = fm)))?,
        ),
    };
    Ok((halfmove, fullmove))
}
