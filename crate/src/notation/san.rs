//! SAN and seed 002's long form: written and read.

use super::*;
use crate::board::{PieceKind, Position, Square, Wing};
use crate::message::Message;
use crate::rules::{in_check, legal_moves, play_unchecked, Move, MoveKind, MoveList, Rules};

pub(super) fn legal(pos: &Position, rules: Rules) -> MoveList {
    let mut list = MoveList::new();
    legal_moves(pos, rules, &mut list);
    list
}

/// What a move does to the other side: check, and no move left (mate or, with a king, stalemate).
#[derive(Clone, Copy)]
pub(super) struct After {
    check: bool,
    no_moves: bool,
    king: bool,
}

impl After {
    pub(super) fn of(pos: &Position, mv: Move, rules: Rules) -> After {
        let after = play_unchecked(pos, mv);
        After {
            check: in_check(&after),
            no_moves: legal(&after, rules).is_empty(),
            king: after.king(after.side).is_some(),
        }
    }

    /// The mark after a move: check, mate, and (long form only) stalemate.
    fn mark(self, long: bool) -> &'static str {
        match (self.check, self.no_moves, long) {
            (true, true, false) => "#",
            (true, true, true) => "++",
            (true, false, _) => "+",
            (false, true, true) if self.king => "=",
            _ => "",
        }
    }
}

/// Write a legal move in SAN: `e4`, `Nbd2`, `exd5`, `e8=Q+`, `O-O`, `Qh5#`.
pub fn to_san(pos: &Position, mv: Move, rules: Rules) -> String {
    san_with(pos, mv, rules, After::of(pos, mv, rules))
}

pub(super) fn san_with(pos: &Position, mv: Move, rules: Rules, after: After) -> String {
    let mut s = String::new();
    let kind = pos.kind_at(mv.from).unwrap_or(PieceKind::Pawn);
    if mv.kind == MoveKind::Castle {
        s.push_str(if mv.to.j() == 6 { "O-O" } else { "O-O-O" });
    } else if kind == PieceKind::Pawn {
        if mv.capture {
            s.push(mv.from.file_char());
            s.push('x');
        }
        s.push_str(&mv.to.to_string());
        if let Some(p) = mv.promotion {
            s.push('=');
            s.push(p.letter());
        }
    } else {
        s.push(kind.letter());
        let rivals: Vec<Move> = legal(pos, rules)
            .into_iter()
            .filter(|m| m.to == mv.to && m.from != mv.from && pos.kind_at(m.from) == Some(kind))
            .collect();
        if !rivals.is_empty() {
            if rivals.iter().all(|m| m.from.j() != mv.from.j()) {
                s.push(mv.from.file_char());
            } else if rivals.iter().all(|m| m.from.i() != mv.from.i()) {
                s.push(mv.from.rank_char());
            } else {
                s.push_str(&mv.from.to_string());
            }
        }
        if mv.capture {
            s.push('x');
        }
        s.push_str(&mv.to.to_string());
    }
    s.push_str(after.mark(false));
    s
}

/// Write a legal move in seed 002's long form: `e2–e4`, `Nb1–c3`, `Bf1xb5+`, `Qf7xf7++`,
/// `e7–e8Q`, with `=` after a move that stalemates.
pub fn to_long(pos: &Position, mv: Move, rules: Rules) -> String {
    long_with(pos, mv, After::of(pos, mv, rules))
}

pub(super) fn long_with(pos: &Position, mv: Move, after: After) -> String {
    let kind = pos.kind_at(mv.from).unwrap_or(PieceKind::Pawn);
    let mut s = String::new();
    if mv.kind == MoveKind::Castle {
        s.push_str(if mv.to.j() == 6 { "O-O" } else { "O-O-O" });
    } else {
        if kind != PieceKind::Pawn {
            s.push(kind.letter());
        }
        s.push_str(&mv.from.to_string());
        s.push(if mv.capture { 'x' } else { '–' });
        s.push_str(&mv.to.to_string());
        if let Some(p) = mv.promotion {
            s.push(p.letter());
        }
    }
    s.push_str(after.mark(true));
    s
}

/// Read a move in SAN (also accepts long form, `0-0`, and missing or extra `x`, `=`, `+`, `#`).
pub fn parse_san(pos: &Position, text: &str, rules: Rules) -> Result<Move, NotationError> {
    let err = |m: Message| NotationError(m.with("move", text));
    let mut s: String = text.trim().to_string();
    while s.ends_with(['+', '#', '!', '?']) {
        s.pop();
    }
    // A trailing '=' is the long form's stalemate mark.
    if s.ends_with('=') {
        s.pop();
    }
    let moves = legal(pos, rules);
    let castle = s.replace('0', "O");
    if castle == "O-O" || castle == "O-O-O" {
        let j = if castle == "O-O" { 6 } else { 2 };
        return moves
            .iter()
            .find(|m| m.kind == MoveKind::Castle && m.to.j() == j)
            .copied()
            .ok_or_else(|| {
                err(msg!(
                    "san-cannot-castle",
                    side = pos.side,
                    wing = if j == 6 { Wing::King } else { Wing::Queen }.name()
                ))
            });
    }
    let mut chars: Vec<char> =
        s.chars().filter(|c| !matches!(c, 'x' | ':' | '-' | '–' | '=')).collect();
    if chars.is_empty() {
        return Err(err(msg!("san-empty")));
    }
    let kind = match chars[0] {
        'N' | 'B' | 'R' | 'Q' | 'K' => PieceKind::from_letter(chars.remove(0)).unwrap(),
        'P' => {
            chars.remove(0);
            PieceKind::Pawn
        }
        _ => PieceKind::Pawn,
    };
    let mut promotion = None;
    if chars.len() >= 3 {
        let last = *chars.last().unwrap();
        if let Some(k) = PieceKind::from_letter(last).filter(|k| PieceKind::PROMOTIONS.contains(k))
        {
            if chars[chars.len() - 2].is_ascii_digit() {
                promotion = Some(k);
                chars.pop();
            }
        }
    }
    if chars.len() < 2 {
        return Err(err(msg!("san-no-target")));
    }
    let to_text: String = chars[chars.len() - 2..].iter().collect();
    let to =
        Square::parse(&to_text).ok_or_else(|| err(msg!("san-bad-square", found = &to_text)))?;
    let hint: Vec<char> = chars[..chars.len() - 2].to_vec();
    let mut file = None;
    let mut rank = None;
    for c in &hint {
        match c {
            'a'..='h' if file.is_none() => file = Some(*c as u8 - b'a'),
            '1'..='8' if rank.is_none() => rank = Some(*c as u8 - b'1'),
            _ => return Err(err(msg!("san-not-understood", char = *c))),
        }
    }
    let matching: Vec<Move> = moves
        .iter()
        .filter(|m| {
            m.to == to
                && pos.kind_at(m.from) == Some(kind)
                && file.is_none_or(|f| m.from.j() == f)
                && rank.is_none_or(|r| m.from.i() == r)
                && (m.promotion.is_none()
                    || m.promotion == promotion.or(rules.auto_queen.then_some(PieceKind::Queen)))
        })
        .copied()
        .collect();
    match matching.as_slice() {
        [] => {
            let from: String = hint.iter().collect();
            Err(err(match (from.is_empty(), in_check(pos)) {
                (false, _) => {
                    msg!("san-no-move-from", piece = kind, from = from, to = to, side = pos.side)
                }
                (true, false) => msg!("san-no-move", piece = kind, to = to, side = pos.side),
                (true, true) => {
                    msg!("san-no-move-in-check", piece = kind, to = to, side = pos.side)
                }
            }))
        }
        [m] => {
            if promotion.is_some() && m.promotion.is_none() {
                return Err(err(msg!("san-not-promotion")));
            }
            Ok(*m)
        }
        [m, ..] if m.promotion.is_some() => Err(err(msg!("san-promotion-piece"))),
        many => {
            let names: Vec<String> = many.iter().map(|m| to_san(pos, *m, rules)).collect();
            Err(err(msg!("san-ambiguous", candidates = names.join(", "))))
        }
    }
}
