//! Naming the idea a losing move broke: the square, the opposition, the king in front.

use super::geometry::{key_squares_of, opposition, opposition_of, pawn_square};
use crate::board::{squares, Color, PieceKind, Position, Square};
use crate::message::Message;
use crate::rules::{play_unchecked, Move};
use serde::Serialize;

/// The kinds of teaching ideas a losing move can break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IdeaKind {
    /// The defending king left the square of the pawn.
    LeftSquare,
    /// The king gave away the opposition.
    GaveOpposition,
    /// The attacking king did not walk in front of its pawn.
    KingInFront,
    /// The pawn was pushed too early: a king move first kept the result (the king goes first, to
    /// the key squares), the push lets the other king in front of the pawn or take the opposition.
    PushedTooEarly,
}

/// The kings' squares of an opposition and who holds it (the side not to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kings {
    pub white: Square,
    pub black: Square,
    pub holder: Color,
}

/// A teaching idea a losing move broke, with what the widget draws for it. It serializes as its
/// message (`{ "id": "idea-left-square", "args": { "pawn": "g4" } }`); the words are in the
/// message catalogue, the arguments say what to draw (see [`Idea::message`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Idea {
    pub kind: IdeaKind,
    /// The pawn the idea is about, where it stood before the move, and its colour.
    pub pawn: Option<Square>,
    pub color: Option<Color>,
    /// A pushed pawn's new square.
    pub to: Option<Square>,
    /// The opposition the other side takes with its reply (gave-opposition).
    pub opposition: Option<Kings>,
    /// A move that kept the result and does the idea right (the king step in front, the one
    /// that holds the opposition, the king move before the push).
    pub better: Option<Move>,
}

impl Idea {
    /// An idea of a kind, with nothing to draw.
    pub const fn of(kind: IdeaKind) -> Idea {
        Idea { kind, pawn: None, color: None, to: None, opposition: None, better: None }
    }

    /// Every idea (without drawing data).
    pub const ALL: [Idea; 4] = [
        Idea::of(IdeaKind::LeftSquare),
        Idea::of(IdeaKind::GaveOpposition),
        Idea::of(IdeaKind::KingInFront),
        Idea::of(IdeaKind::PushedTooEarly),
    ];

    /// `left-square`, `gave-opposition`, `king-in-front` or `pushed-too-early`.
    pub fn id(self) -> &'static str {
        match self.kind {
            IdeaKind::LeftSquare => "left-square",
            IdeaKind::GaveOpposition => "gave-opposition",
            IdeaKind::KingInFront => "king-in-front",
            IdeaKind::PushedTooEarly => "pushed-too-early",
        }
    }

    /// The message that tells the child the idea. Its arguments say what to draw (each only
    /// when known): `pawn` (the pawn's square before the move), `square` (pushed-too-early: where
    /// the pawn went), `keys` (king-in-front and pushed-too-early: the key squares of the pawn
    /// where it stood, space-separated), `white_king`, `black_king`, `holder`, `kind` and
    /// `between` (gave-opposition: the opposition the other king takes with its reply, as
    /// `geometry::opposition` gives it, `between` space-separated) and `better` (a move in UCI
    /// that kept the result: the idea done right).
    pub fn message(self) -> Message {
        let mut m = match self.kind {
            IdeaKind::LeftSquare => msg!("idea-left-square"),
            IdeaKind::GaveOpposition => msg!("idea-gave-opposition"),
            IdeaKind::KingInFront => msg!("idea-king-in-front"),
            IdeaKind::PushedTooEarly => msg!("idea-pushed-too-early"),
        };
        if let Some(p) = self.pawn {
            m = m.with("pawn", p);
        }
        if let Some(t) = self.to {
            m = m.with("square", t);
        }
        if let (Some(p), Some(c), IdeaKind::KingInFront | IdeaKind::PushedTooEarly) =
            (self.pawn, self.color, self.kind)
        {
            let keys: Vec<String> = key_squares_of(c, p).iter().map(|s| s.to_string()).collect();
            m = m.with("keys", keys.join(" "));
        }
        if let Some(k) = self.opposition {
            m = m.with("white_king", k.white).with("black_king", k.black).with("holder", k.holder);
            if let Some(o) = opposition_of(k.white, k.black, k.holder) {
                let between: Vec<String> = o.between.iter().map(|s| s.to_string()).collect();
                m = m.with("kind", o.kind.word()).with("between", between.join(" "));
            }
        }
        if let Some(b) = self.better {
            m = m.with("better", b.uci());
        }
        m
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
/// move, no longer catches it with the pawn's side to move. Gives the pawn.
pub(crate) fn left_square(pos: &Position, mv: Move) -> Option<Idea> {
    let us = pos.side;
    if pos.king(us) != Some(mv.from) {
        return None;
    }
    let after = play_unchecked(pos, mv);
    let pawn = pawns_of(pos, us.opposite()).find(|&p| {
        let before = pawn_square(pos, p);
        let now = pawn_square(&after, p);
        matches!((before, now), (Some(b), Some(a)) if b.catches && b.path_free && !a.catches && a.path_free)
    })?;
    Some(Idea { pawn: Some(pawn), color: Some(us.opposite()), ..Idea::of(IdeaKind::LeftSquare) })
}

/// Whether, after a move by `mover`, the kings stand in a close opposition held by `mover`:
/// direct, or distant or diagonal with three squares between at most.
pub(crate) fn holds_opposition(after: &Position, mover: Color) -> bool {
    opposition(after).is_some_and(|o| o.holder == mover && o.between.len() <= 3)
}

/// The kings of a position and who holds their opposition (the side not to move).
fn kings(pos: &Position) -> Option<Kings> {
    Some(Kings {
        white: pos.king(Color::White)?,
        black: pos.king(Color::Black)?,
        holder: pos.side.opposite(),
    })
}

/// The mover could take or keep the opposition with a king move that keeps the result (`good`),
/// played another king move that leaves the kings out of opposition, and the opponent can now
/// take the opposition with a move that keeps its better result (`replies`, the reply the "Show
/// why" line plays first). Gives the opposition the opponent takes (after the first such reply)
/// and the king move that would have held it.
pub(crate) fn gave_opposition(
    pos: &Position,
    mv: Move,
    good: &[Move],
    replies: &[Move],
) -> Option<Idea> {
    let us = pos.side;
    let king = pos.king(us)?;
    if mv.from != king {
        return None;
    }
    let after = play_unchecked(pos, mv);
    if holds_opposition(&after, us) {
        return None;
    }
    let better =
        good.iter().find(|m| m.from == king && holds_opposition(&play_unchecked(pos, **m), us))?;
    let them = us.opposite();
    let taken = replies
        .iter()
        .map(|r| play_unchecked(&after, *r))
        .find(|p| after.king(them) != p.king(them) && holds_opposition(p, them))?;
    Some(Idea {
        opposition: kings(&taken),
        better: Some(*better),
        ..Idea::of(IdeaKind::GaveOpposition)
    })
}

/// Whether a king stands in front of its pawn: ahead of it, on its file or next to it.
pub(crate) fn in_front(king: Square, pawn: Square, color: Color) -> bool {
    let ahead = (king.i() as i32 - pawn.i() as i32) * color.forward() > 0;
    ahead && (king.j() as i32 - pawn.j() as i32).abs() <= 1
}

/// The attacker moved its king beside or behind its pawn although a king move in front of the
/// pawn kept the result. Gives the pawn and that king move.
pub(crate) fn king_not_in_front(pos: &Position, mv: Move, good: &[Move]) -> Option<Idea> {
    let us = pos.side;
    let king = pos.king(us)?;
    if mv.from != king {
        return None;
    }
    pawns_of(pos, us).find_map(|p| {
        let better = good.iter().find(|m| m.from == king && in_front(m.to, p, us))?;
        (!in_front(mv.to, p, us)).then_some(Idea {
            pawn: Some(p),
            color: Some(us),
            better: Some(*better),
            ..Idea::of(IdeaKind::KingInFront)
        })
    })
}

/// A pawn pushed too early: the mover pushed its pawn (no capture, no promotion) although a king
/// move kept the result (`good`), and now the other king can answer with a move that keeps its
/// better result (`replies`) and stands in front of the pawn or holds the opposition: the king
/// should have gone first, to the key squares. Gives the pawn (before and after), the king
/// move that kept the result (the one nearest the pawn's key squares) and the key squares.
pub(crate) fn pushed_too_early(
    pos: &Position,
    mv: Move,
    good: &[Move],
    replies: &[Move],
) -> Option<Idea> {
    let us = pos.side;
    let king = pos.king(us)?;
    pos.piece_at(mv.from).filter(|p| p.kind == PieceKind::Pawn && p.color == us)?;
    if mv.capture || mv.promotion.is_some() {
        return None;
    }
    let keys = key_squares_of(us, mv.from);
    let near = |s: Square| keys.iter().map(|&k| crate::rules::distance(s, k)).min().unwrap_or(0);
    let better = good.iter().filter(|m| m.from == king).min_by_key(|m| near(m.to))?;
    let after = play_unchecked(pos, mv);
    let them = us.opposite();
    let blocked = replies.iter().map(|r| play_unchecked(&after, *r)).any(|p| {
        p.king(them).is_some_and(|k| in_front(k, mv.to, us)) || holds_opposition(&p, them)
    });
    blocked.then_some(Idea {
        pawn: Some(mv.from),
        color: Some(us),
        to: Some(mv.to),
        better: Some(*better),
        ..Idea::of(IdeaKind::PushedTooEarly)
    })
}
