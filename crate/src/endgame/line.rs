//! The "Show why" line after a child's mistake: a short line that shows the idea, not the
//! solver's principal variation for both sides (in which the loser's moves are the longest
//! resistance, so a lost king-and-pawn ending showed White's king wandering while its pawn
//! never moved).
//!
//! # The rule
//!
//! The line starts with the reply of the side the mistake helped (the **refuter**) and runs up
//! to 10 plies. It stops early right after a capture (the pawn falls: the idea is shown), after a
//! promotion when the other side has no pawn left to race with, or when the side to move has no
//! move.
//!
//! **The refuter plays its best**: one of the solver's best moves (best result, quickest win).
//! Among them, when winning, the solver's own choice first (mate at once, then a conversion with
//! the quickest follow-up); then, to show the idea: a capture of the other side's man; a king
//! move that takes the direct opposition; the king nearest the path of the child's pawn (the
//! squares in front of it, up to its promotion square: a defender keeps its king in front, in
//! the square); a push of its own pawn (the pawn runs); the first in UCI order.
//!
//! **The child's side plays the move a child would try**, in this fixed order:
//! 1. take the other side's pawn or queen if it can (the capture the solver likes best);
//! 2. run with its pawn: the push (the double step first) after which no reply takes the
//!    pawn (or the queen it became) at once;
//! 3. step with the king: with a pawn, a step that keeps the pawn from being taken at once
//!    first, then towards the nearest key square of the pawn, then nearer the pawn; without a
//!    pawn, towards the path of the other side's pawn (to catch it), then nearer its promotion
//!    square; equal steps go to the one the solver rates best for the child, then the first in
//!    UCI order;
//! 4. with no pawn on the board or no king step, the solver's move (the longest resistance).

use super::geometry::key_squares_of;
use super::{to_pos, Endgame, EndgameError, Score, Wdl, RULES};
use crate::board::{squares, Color, PieceKind, Position, Square};
use crate::rules::{distance, legal_moves, play_unchecked, Move, MoveList};

/// The longest "Show why" line, in plies.
pub const LINE_PLIES: usize = 10;

fn pawn_of(pos: &Position, color: Color) -> Option<Square> {
    squares(pos.pieces(color, PieceKind::Pawn)).next()
}

/// The squares in front of a pawn, up to its promotion square.
fn path(pawn: Square, color: Color) -> Vec<Square> {
    let mut out = Vec::new();
    let mut s = pawn;
    while let Some(n) = s.offset(color.forward(), 0) {
        out.push(n);
        s = n;
    }
    out
}

fn nearest(from: Square, targets: &[Square]) -> u32 {
    targets.iter().map(|&t| distance(from, t)).min().unwrap_or(0)
}

/// Whether the mover's man on `sq` can be taken at once by a legal reply in `pos`.
fn taken_at_once(pos: &Position, sq: Square) -> bool {
    let mut list = MoveList::new();
    legal_moves(pos, RULES, &mut list);
    list.iter().any(|r| r.captured_square(pos.side) == Some(sq))
}

/// How good a move's score is for its mover: higher is better (result, then quicker win or
/// longer resistance).
fn rank(s: &Score) -> (Wdl, i64) {
    match s.result {
        Wdl::Win => (Wdl::Win, -(s.distance as i64)),
        Wdl::Loss => (Wdl::Loss, s.distance as i64),
        Wdl::Draw => (Wdl::Draw, 0),
    }
}

impl Endgame {
    /// The "Show why" line from `pos`, the position right after the child's mistake: the
    /// refuter (the side to move) plays its best, the child's side the move a child would try
    /// (the rule is in this module's documentation). Up to `plies` half-moves, every one legal.
    pub fn refutation_line(&self, pos: &Position, plies: usize) -> Result<Vec<Move>, EndgameError> {
        let refuter = pos.side;
        let child = refuter.opposite();
        let mut line = Vec::new();
        let mut cur = *pos;
        while line.len() < plies {
            let mv = if cur.side == refuter {
                self.refuter_move(&cur, child)?
            } else {
                self.child_move(&cur)?
            };
            let Some(mv) = mv else { break };
            line.push(mv);
            let mover = cur.side;
            cur = play_unchecked(&cur, mv);
            if to_pos(&cur).is_err() || mv.capture {
                break;
            }
            if mv.promotion.is_some() && pawn_of(&cur, mover.opposite()).is_none() {
                break;
            }
        }
        Ok(line)
    }

    /// The refuter's move: its best, the one that shows the idea among equals.
    fn refuter_move(&self, pos: &Position, child: Color) -> Result<Option<Move>, EndgameError> {
        let mut best = Self::best_of(&self.scored_moves(pos)?);
        let Some(result) = best.first().map(|(_, s)| s.result) else { return Ok(None) };
        if result == Wdl::Win {
            // The solver's own preference: mate at once, then the quickest follow-up.
            let key = |s: &Score| (s.left != 0 || s.conversion, s.left);
            let top = best.iter().map(|(_, s)| key(s)).min().unwrap();
            best.retain(|(_, s)| key(s) == top);
        }
        let us = pos.side;
        let child_path = pawn_of(pos, child).map(|p| path(p, child)).unwrap_or_default();
        let pick = best.iter().min_by_key(|(m, _)| {
            let after = play_unchecked(pos, *m);
            let king = after.king(us).unwrap_or(m.to);
            let is_king = Some(m.from) == pos.king(us);
            let direct = is_king
                && super::geometry::opposition(&after)
                    .is_some_and(|o| o.holder == us && o.between.len() == 1);
            let pawn_push = !is_king && !m.capture;
            (!m.capture, !direct, nearest(king, &child_path), !pawn_push)
        });
        Ok(pick.map(|(m, _)| *m))
    }

    /// The child's side's move: the move a child would try.
    fn child_move(&self, pos: &Position) -> Result<Option<Move>, EndgameError> {
        let scored = self.scored_moves(pos)?;
        if scored.is_empty() {
            return Ok(None);
        }
        let us = pos.side;
        let them = us.opposite();
        // 1. Take the other side's man.
        if let Some((m, _)) = scored.iter().filter(|(m, _)| m.capture).max_by_key(|(_, s)| rank(s))
        {
            return Ok(Some(*m));
        }
        // 2. Run with the pawn, the double step first, unless it is taken at once.
        if let Some(pawn) = pawn_of(pos, us) {
            let mut pushes: Vec<Move> =
                scored.iter().map(|(m, _)| *m).filter(|m| m.from == pawn && !m.capture).collect();
            pushes.sort_by_key(|m| std::cmp::Reverse((m.to.i() as i32 - pawn.i() as i32).abs()));
            if let Some(m) =
                pushes.into_iter().find(|m| !taken_at_once(&play_unchecked(pos, *m), m.to))
            {
                return Ok(Some(m));
            }
        }
        // 3. The king step: towards its pawn's key squares (keeping the pawn guarded), or the
        // other pawn's path (nearer its promotion square first).
        let king = pos.king(us);
        let own = pawn_of(pos, us);
        let (targets, tie) = match (own, pawn_of(pos, them)) {
            (Some(p), _) => (key_squares_of(us, p), p),
            (None, Some(p)) => {
                let path = path(p, them);
                let promotion = *path.last().unwrap_or(&p);
                (path, promotion)
            }
            (None, None) => return self.best_move(pos),
        };
        let step = scored.iter().filter(|(m, _)| Some(m.from) == king).min_by_key(|(m, s)| {
            let lost = own.is_some_and(|p| taken_at_once(&play_unchecked(pos, *m), p));
            (lost, nearest(m.to, &targets), distance(m.to, tie), std::cmp::Reverse(rank(s)))
        });
        match step {
            Some((m, _)) => Ok(Some(*m)),
            None => self.best_move(pos),
        }
    }
}
