//! UCI: read; a move in UCI or SAN.

use super::*;
use crate::board::{PieceKind, Position, Square};
use crate::message::Message;
use crate::rules::{Move, Rules};

/// Read a move in UCI (`e2e4`, `e7e8q`).
pub fn parse_uci(pos: &Position, text: &str, rules: Rules) -> Result<Move, NotationError> {
    let err = |m: Message| NotationError(m.with("move", text));
    let t = text.trim();
    let (from, to) =
        match (t.get(0..2).and_then(Square::parse), t.get(2..4).and_then(Square::parse)) {
            (Some(f), Some(to)) => (f, to),
            _ => return Err(err(msg!("uci-bad"))),
        };
    let promotion = match t.get(4..) {
        None | Some("") => None,
        Some(p) if p.len() == 1 => Some(
            PieceKind::from_letter(p.chars().next().unwrap())
                .filter(|k| PieceKind::PROMOTIONS.contains(k))
                .ok_or_else(|| err(msg!("uci-bad-promotion", found = p)))?,
        ),
        Some(_) => return Err(err(msg!("uci-bad"))),
    };
    let wanted = promotion.or(rules.auto_queen.then_some(PieceKind::Queen));
    legal(pos, rules)
        .iter()
        .find(|m| {
            m.from == from
                && m.to == to
                && (m.promotion.is_none() && promotion.is_none()
                    || m.promotion.is_some() && m.promotion == wanted)
        })
        .copied()
        .ok_or_else(|| err(msg!("uci-illegal", side = pos.side)))
}

/// Read a move in UCI or SAN, whichever it is.
pub fn parse_move(pos: &Position, text: &str, rules: Rules) -> Result<Move, NotationError> {
    let t = text.trim();
    let looks_uci = t.len() >= 4
        && t.len() <= 5
        && t.get(0..2).and_then(Square::parse).is_some()
        && t.get(2..4).and_then(Square::parse).is_some();
    if looks_uci {
        parse_uci(pos, t, rules)
    } else {
        parse_san(pos, t, rules)
    }
}
