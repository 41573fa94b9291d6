//! Seed 002's 8-line text board: read and written; a position as FEN or as a text board.

use super::*;
use crate::board::{Piece, Position, Square};

/// Read seed 002's text board: 8 lines of 8 characters, rank 8 first, upper case for White,
/// lower case for Black, `.` for an empty square. An optional ninth line holds the remaining FEN
/// fields (e.g. `b KQkq - 0 1`); without it White moves and castling follows the placement.
pub fn parse_text_board(text: &str) -> Result<Position, NotationError> {
    let text = crate::guard::text(text, crate::guard::TEXT_BOARD)
        .map_err(|r| NotationError(r.message().with("source", "text-board")))?;
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(n, l)| (n + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    if lines.len() < 8 {
        return Err(NotationError(msg!(
            "board-line-count",
            count = lines.len(),
            source = "text-board"
        )));
    }
    let mut placement = String::new();
    for (r, &(line_no, line)) in lines.iter().take(8).enumerate() {
        let chars: Vec<char> = line.chars().collect();
        if chars.len() != 8 {
            return Err(NotationError(msg!(
                "board-line-length",
                rank = 8 - r,
                count = chars.len(),
                source = "text-board",
                line = line_no
            )));
        }
        let mut empty = 0;
        for (col, &ch) in chars.iter().enumerate() {
            if ch == '.' {
                empty += 1;
                continue;
            }
            if Piece::from_char(ch).is_none() {
                return Err(NotationError(msg!(
                    "board-bad-letter",
                    char = ch,
                    source = "text-board",
                    line = line_no,
                    column = col + 1
                )));
            }
            if empty > 0 {
                placement.push(char::from_digit(empty, 10).unwrap());
                empty = 0;
            }
            placement.push(ch);
        }
        if empty > 0 {
            placement.push(char::from_digit(empty, 10).unwrap());
        }
        if r < 7 {
            placement.push('/');
        }
    }
    if lines.len() > 9 {
        let (n, _) = lines[9];
        return Err(NotationError(msg!("board-extra-lines", source = "text-board", line = n)));
    }
    let tail = lines.get(8).map(|&(_, l)| l).unwrap_or("");
    parse_fen(&format!("{placement} {tail}")).map_err(|e| {
        // A placement error belongs to the board as a whole; a later field's to the ninth line.
        let placement = e.0.arg("field") == Some(&crate::message::Arg::Num(1));
        let mut m = e.0.with("source", "text-board");
        match lines.get(8) {
            Some(&(n, _)) if !placement => m = m.with("line", n),
            _ => m.args.retain(|(k, _)| *k != "field"),
        }
        NotationError(m)
    })
}

/// Write seed 002's text board (8 lines, no side or castling line).
pub fn to_text_board(pos: &Position) -> String {
    let mut s = String::new();
    for i in (0..8).rev() {
        for j in 0..8 {
            s.push(pos.piece_at(Square::from_ij(i, j).unwrap()).map_or('.', |p| p.char()));
        }
        s.push('\n');
    }
    s
}

/// Read a position written as FEN or as a text board.
pub fn parse_position(text: &str) -> Result<Position, NotationError> {
    if text.trim().lines().filter(|l| !l.trim().is_empty()).count() >= 8 {
        parse_text_board(text)
    } else {
        parse_fen(text.trim())
    }
}
