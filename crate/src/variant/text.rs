//! Reading and writing variant positions: FEN and the text board, with the set's letters.

use super::{VariantError, VariantPosition};
use crate::board::{Color, Square};
use crate::message::Message;
use crate::movement::PieceSet;
use std::sync::Arc;

/// An error in FEN field `n` (from 1).
fn fen_error(n: u8, m: Message) -> VariantError {
    VariantError::Position(crate::fen::field_error(n, m))
}

pub(super) fn parse(set: Arc<PieceSet>, text: &str) -> Result<VariantPosition, VariantError> {
    // the text board's bound; a FEN is bounded again by `fen::fields`
    let text = crate::guard::text(text, crate::guard::TEXT_BOARD)
        .map_err(|r| VariantError::Position(r.message().with("source", "text-board")))?;
    if text.trim().lines().filter(|l| !l.trim().is_empty()).count() >= 8 {
        parse_text_board(set, text)
    } else {
        parse_fen(set, text.trim())
    }
}

fn parse_fen(set: Arc<PieceSet>, fen: &str) -> Result<VariantPosition, VariantError> {
    let fields = crate::fen::fields(fen).map_err(VariantError::Position)?;
    let mut pos = VariantPosition::empty(set.clone());
    let bad_letter =
        |rank, ch| msg!("variant-bad-letter", rank = rank, char = ch, letters = set.letters());
    crate::fen::placement(
        fields[0],
        |ch| letter(&set, ch),
        bad_letter,
        |sq, piece| pos.cells[sq.index()] = Some(piece),
    )
    .map_err(VariantError::Position)?;
    pos.turn = crate::fen::side(&fields).map_err(VariantError::Position)?.unwrap_or(Color::White);
    if let Some(&c) = fields.get(2) {
        if c != "-" {
            return Err(fen_error(3, msg!("variant-no-castling", found = c)));
        }
    }
    if let Some(&ep) = fields.get(3) {
        if ep != "-" {
            return Err(fen_error(4, msg!("variant-no-en-passant", found = ep)));
        }
    }
    let (halfmove, fullmove) = crate::fen::clocks(&fields).map_err(VariantError::Position)?;
    pos.halfmove = halfmove.unwrap_or(0);
    pos.fullmove = fullmove.unwrap_or(1);
    Ok(pos)
}

/// The side and piece index of a letter of the set (upper case White, lower case Black).
fn letter(set: &PieceSet, ch: char) -> Option<(Color, u8)> {
    if !ch.is_ascii_alphabetic() {
        return None;
    }
    let k = set.piece_by_letter(ch)?;
    let color = if ch.is_ascii_uppercase() { Color::White } else { Color::Black };
    Some((color, k as u8))
}

fn char_of(pos: &VariantPosition, sq: Square) -> Option<char> {
    pos.piece_at(sq).map(|(c, p)| match c {
        Color::White => p.letter.to_ascii_uppercase(),
        Color::Black => p.letter.to_ascii_lowercase(),
    })
}

fn parse_text_board(set: Arc<PieceSet>, text: &str) -> Result<VariantPosition, VariantError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(n, l)| (n + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    let board = |m: Message| VariantError::Position(m.with("source", "text-board"));
    if lines.len() < 8 {
        return Err(board(msg!("board-line-count", count = lines.len())));
    }
    if lines.len() > 9 {
        return Err(board(msg!("board-extra-lines", line = lines[9].0)));
    }
    let mut pos = VariantPosition::empty(set);
    for (r, &(line_no, line)) in lines.iter().take(8).enumerate() {
        let chars: Vec<char> = line.chars().collect();
        if chars.len() != 8 {
            return Err(board(msg!(
                "board-line-length",
                rank = 8 - r,
                count = chars.len(),
                line = line_no
            )));
        }
        for (col, &ch) in chars.iter().enumerate() {
            if ch == '.' {
                continue;
            }
            let Some(k) = letter(&pos.set, ch) else {
                return Err(board(msg!(
                    "variant-board-bad-letter",
                    char = ch,
                    letters = pos.set.letters(),
                    line = line_no,
                    column = col + 1
                )));
            };
            pos.cells[Square::from_ij(7 - r as i32, col as i32).expect("8 by 8").index()] = Some(k);
        }
    }
    if let Some(&(n, tail)) = lines.get(8) {
        let placement = fen_placement(&pos);
        let read =
            parse_fen(pos.set.clone(), &format!("{placement} {tail}")).map_err(|e| match e {
                VariantError::Position(m) => board(m.with("line", n)),
                other => other,
            })?;
        pos = read;
    }
    Ok(pos)
}

fn fen_placement(pos: &VariantPosition) -> String {
    let mut s = String::new();
    for i in (0..8).rev() {
        let mut empty = 0;
        for j in 0..8 {
            match char_of(pos, Square::from_ij(i, j).expect("on the board")) {
                Some(c) => {
                    if empty > 0 {
                        s.push(char::from_digit(empty, 10).expect("a digit"));
                        empty = 0;
                    }
                    s.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push(char::from_digit(empty, 10).expect("a digit"));
        }
        if i > 0 {
            s.push('/');
        }
    }
    s
}

pub(super) fn fen(pos: &VariantPosition) -> String {
    let side = if pos.turn == Color::White { 'w' } else { 'b' };
    format!("{} {side} - - {} {}", fen_placement(pos), pos.halfmove, pos.fullmove)
}

pub(super) fn text_board(pos: &VariantPosition) -> String {
    let mut s = String::new();
    for i in (0..8).rev() {
        for j in 0..8 {
            s.push(char_of(pos, Square::from_ij(i, j).expect("on the board")).unwrap_or('.'));
        }
        s.push('\n');
    }
    s
}
