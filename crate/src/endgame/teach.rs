//! Naming the idea a losing move broke: the square, the opposition, the king in front.

use super::geometry::{opposition, pawn_square};
use crate::board::{squares, Color, PieceKind, Position, Square};
use crate::message::Message;
use crate::rules::{play_unchecked, Move};
use serde::Serialize;

/// A teaching idea a losing move broke. It serializes as its message, `{ "id":
/// "idea-left-square", "args": {} }`; the words are in the message catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Idea {
    /// The defending king left the square of the pawn.
    LeftSquare,
    /// The king gave away the opposition.
    GaveOpposition,
    /// The attacking king did not walk in front of its pawn.
    KingInFront,
}

impl Idea {
    /// Every idea.
    pub const ALL: [Idea; 3] = [Idea::LeftSquare, Idea::GaveOpposition, Idea::KingInFront];

    /// `left-square`, `gave-opposition` or `king-in-front`.
    pub fn id(self) -> &'static str {
        match self {
            Idea::LeftSquare => "left-square",
            Idea::GaveOpposition => "gave-opposition",
            Idea::KingInFront => "king-in-front",
        }
    }

    /// The message that tells the child the idea.
    pub fn message(self) -> Message {
        match self {
            Idea::LeftSquare => msg!("idea-left-square"),
            Idea::GaveOpposition => msg!("idea-gave-opposition"),
            Idea::KingInFront => msg!("idea-king-in-front"),
        }
    }
}

impl Serialize for Idea {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.message().serialize(s)
    }
}

fn pawns_of(pos: &Position, color: Color) -> impl Iterator<Item = Square> {
    squares(pos.pieces(color, PieceKind::Pawn))
}

/// The defender's king was inside the square of an enemy pawn with a free path and, after the
/// move, no longer catches it with the pawn's side to move.
pub(crate) fn left_square(pos: &Position, mv: Move) -> bool {
    let us = pos.side;
    if pos.king(us) != Some(mv.from) {
        return false;
    }
    let after = play_unchecked(pos, mv);
    pawns_of(pos, us.opposite()).any(|p| {
        let before = pawn_square(pos, p);
        let now = pawn_square(&after, p);
        matches!((before, now), (Some(b), Some(a)) if b.catches && b.path_free && !a.catches && a.path_free)
    })
}

/// Whether, after a move by `mover`, the kings stand in a close opposition held by `mover`:
/// direct, or distant or diagonal with three squares between at most.
fn holds_opposition(after: &Position, mover: Color) -> bool {
    opposition(after).is_some_and(|o| o.holder == mover && o.between.len() <= 3)
}

/// The mover could take or keep the opposition with a king move that keeps the result (`good`),
/// played another king move that leaves the kings out of opposition, and the opponent can now
/// take the opposition with a move that keeps its better result (`replies`).
pub(crate) fn gave_opposition(pos: &Position, mv: Move, good: &[Move], replies: &[Move]) -> bool {
    let us = pos.side;
    let Some(king) = pos.king(us) else { return false };
    if mv.from != king {
        return false;
    }
    let after = play_unchecked(pos, mv);
    if holds_opposition(&after, us) {
        return false;
    }
    let could = good.iter().any(|m| m.from == king && holds_opposition(&play_unchecked(pos, *m), us));
    let them = us.opposite();
    let taken = replies.iter().any(|r| after.king(them) == Some(r.from) && holds_opposition(&play_unchecked(&after, *r), them));
    could && taken
}

/// Whether a king stands in front of its pawn: ahead of it, on its file or next to it.
fn in_front(king: Square, pawn: Square, color: Color) -> bool {
    let ahead = (king.i() as i32 - pawn.i() as i32) * color.forward() > 0;
    ahead && (king.j() as i32 - pawn.j() as i32).abs() <= 1
}

/// The attacker moved its king beside or behind its pawn although a king move in front of the
/// pawn kept the result.
pub(crate) fn king_not_in_front(pos: &Position, mv: Move, good: &[Move]) -> bool {
    let us = pos.side;
    let Some(king) = pos.king(us) else { return false };
    if mv.from != king {
        return false;
    }
    pawns_of(pos, us).any(|p| {
        !in_front(mv.to, p, us) && good.iter().any(|m| m.from == king && in_front(m.to, p, us))
    })
}
