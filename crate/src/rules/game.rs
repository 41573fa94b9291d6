//! A game: its positions, moves, undo and redo, its status and endings, and a piece's targets.

use super::*;
use crate::board::{Color, PieceKind, Position, Square};
use serde::Serialize;
use std::cell::{Cell, OnceCell};

/// A game: the start position, the moves played, and what can be redone after an undo.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    /// `positions[0]` is the start; `positions[k]` follows `moves[k - 1]`.
    positions: Vec<Position>,
    keys: Vec<RepetitionKey>,
    moves: Vec<Move>,
    redo: Vec<Move>,
    /// An ending the players chose: resignation, agreement, a claim or time.
    declared: Option<Outcome>,
    /// The legal moves of the current position (whatever the outcome), generated once when first
    /// asked for and dropped whenever the position changes: one click asks for the status and
    /// the targets, and they share this list.
    legal: OnceCell<MoveList>,
    /// How many times this game has generated legal moves for its current positions.
    generations: Cell<u32>,
}

impl Game {
    /// A game from a position, which must be valid ([`Position::validate`]).
    pub fn new(start: Position, rules: Rules) -> Result<Game, crate::board::IllegalPosition> {
        start.validate()?;
        Ok(Game {
            rules,
            positions: vec![start],
            keys: vec![RepetitionKey::of(&start, rules)],
            moves: Vec::new(),
            redo: Vec::new(),
            declared: None,
            legal: OnceCell::new(),
            generations: Cell::new(0),
        })
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap()
    }
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// The position before each move, paired with the move.
    pub fn history(&self) -> impl Iterator<Item = (&Position, &Move)> {
        self.positions.iter().zip(self.moves.iter())
    }

    /// The legal moves of the current position, none once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        if self.outcome().is_some() {
            return MoveList::new();
        }
        self.legal().clone()
    }

    /// The legal moves of the current position, over or not: generated once per position.
    fn legal(&self) -> &MoveList {
        self.legal.get_or_init(|| {
            self.generations.set(self.generations.get() + 1);
            let mut list = MoveList::new();
            legal_moves(self.position(), self.rules, &mut list);
            list
        })
    }

    /// How many times this game has generated the legal moves of a position it stood in (each
    /// position once, however often its moves, targets, status or outcome are asked for).
    pub fn generations(&self) -> u32 {
        self.generations.get()
    }

    /// Find the legal move from `from` to `to`; a promotion needs its piece unless the rules
    /// promote to a queen by themselves.
    pub fn find_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> Result<Move, RuleError> {
        if let Some(o) = self.outcome() {
            return Err(RuleError::GameOver { result: o.result() });
        }
        let pos = self.position();
        let candidates: Vec<&Move> =
            self.legal().iter().filter(|m| m.from == from && m.to == to).collect();
        let Some(first) = candidates.first() else {
            return Err(match pos.piece_at(from) {
                None => RuleError::NoPiece { square: from },
                Some(p) if p.color != pos.side => {
                    RuleError::NotYourPiece { square: from, side: pos.side }
                }
                Some(_) => RuleError::NotLegal { from, to },
            });
        };
        if first.promotion.is_none() {
            return Ok(**first);
        }
        let wanted = promotion
            .or(self.rules.auto_queen.then_some(PieceKind::Queen))
            .ok_or(RuleError::NeedsPromotion { from, to })?;
        candidates
            .into_iter()
            .find(|c| c.promotion == Some(wanted))
            .copied()
            .ok_or(RuleError::BadPromotion { piece: wanted })
    }

    /// Play a legal move. Clears the redo list.
    pub fn play(&mut self, mv: Move) -> Result<(), RuleError> {
        if self.outcome().is_some() || !self.legal().contains(&mv) {
            return Err(RuleError::IllegalMove(mv));
        }
        self.push(mv);
        self.redo.clear();
        Ok(())
    }

    fn push(&mut self, mv: Move) {
        let next = play_unchecked(self.position(), mv);
        self.keys.push(RepetitionKey::of(&next, self.rules));
        self.positions.push(next);
        self.moves.push(mv);
        self.legal.take();
    }

    /// Take back the last move. Returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        self.declared = None;
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.keys.pop();
        self.legal.take();
        self.redo.push(mv);
        Some(mv)
    }

    /// Play again the last move taken back (not once the players have ended the game).
    pub fn redo(&mut self) -> Option<Move> {
        if self.declared.is_some() {
            return None;
        }
        let mv = self.redo.pop()?;
        self.push(mv);
        Some(mv)
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// How many times the current position has stood on the board, counting now.
    pub fn repetitions(&self) -> usize {
        let now = self.keys.last().unwrap();
        let clock = self.position().halfmove_clock as usize;
        // Only positions since the last capture or pawn move can repeat.
        let from = self.keys.len().saturating_sub(clock + 1);
        self.keys[from..].iter().filter(|k| *k == now).count()
    }

    /// The state of the board, the claims open to the side to move, and the outcome.
    pub fn status(&self) -> Status {
        let pos = self.position();
        let check = in_check(pos);
        let list = self.legal();
        let reps = self.repetitions();
        let state = if list.is_empty() && check {
            BoardState::Checkmate
        } else if list.is_empty() && pos.king(pos.side).is_some() {
            BoardState::Stalemate
        } else if insufficient_material(pos) {
            BoardState::InsufficientMaterial
        } else if reps >= 5 {
            BoardState::Fivefold
        } else if pos.halfmove_clock >= 150 {
            BoardState::SeventyFiveMoves
        } else if check {
            BoardState::Check
        } else {
            BoardState::Ongoing
        };
        let automatic = match state {
            BoardState::Checkmate => {
                Some(Outcome { winner: Some(pos.side.opposite()), reason: EndReason::Checkmate })
            }
            BoardState::Stalemate => Some(Outcome { winner: None, reason: EndReason::Stalemate }),
            BoardState::InsufficientMaterial => {
                Some(Outcome { winner: None, reason: EndReason::InsufficientMaterial })
            }
            BoardState::Fivefold => Some(Outcome { winner: None, reason: EndReason::Fivefold }),
            BoardState::SeventyFiveMoves => {
                Some(Outcome { winner: None, reason: EndReason::SeventyFiveMoves })
            }
            _ => None,
        };
        let open = automatic.is_none();
        Status {
            state,
            check,
            claim_threefold: open && reps >= 3,
            claim_fifty: open && pos.halfmove_clock >= 100,
            outcome: self.declared.or(automatic),
        }
    }

    /// The outcome, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.status().outcome
    }

    fn declare(&mut self, outcome: Outcome) -> Result<Outcome, RuleError> {
        if let Some(o) = self.outcome() {
            return Err(RuleError::AlreadyEnded(o));
        }
        self.declared = Some(outcome);
        Ok(outcome)
    }

    /// `side` resigns: the other side wins.
    pub fn resign(&mut self, side: Color) -> Result<Outcome, RuleError> {
        self.declare(Outcome { winner: Some(side.opposite()), reason: EndReason::Resignation })
    }

    /// Both players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, RuleError> {
        self.declare(Outcome { winner: None, reason: EndReason::Agreement })
    }

    /// The side to move claims a draw by threefold repetition or the 50-move rule.
    pub fn claim_draw(&mut self) -> Result<Outcome, RuleError> {
        let s = self.status();
        let reason = if s.claim_threefold {
            EndReason::Threefold
        } else if s.claim_fifty {
            EndReason::FiftyMoves
        } else {
            return Err(RuleError::NoClaim);
        };
        self.declare(Outcome { winner: None, reason })
    }

    /// The side to move claims a draw by announcing the move that will repeat the position a third
    /// time or complete 50 moves without a capture or a pawn move (FIDE 9.2.1.1, 9.3.1). The move
    /// is played either way, as it is written on the scoresheet: the result is the outcome after
    /// it (the draw when the claim was right, or an ending the move brought by itself), or `None`
    /// when the claim was wrong and the game goes on.
    pub fn claim_draw_with_move(&mut self, mv: Move) -> Result<Option<Outcome>, RuleError> {
        self.play(mv)?;
        if self.outcome().is_none() {
            let _ = self.claim_draw();
        }
        Ok(self.outcome())
    }

    /// End the game as `outcome` says, as the players' own action would (resignation, agreement,
    /// a claim, a flag fall), for a game read back from PGN or saved data. An ending the board
    /// brings by itself must already be there. Refused when the position contradicts it.
    pub fn end_as(&mut self, outcome: Outcome) -> Result<Outcome, RuleError> {
        use EndReason::*;
        let s = self.status();
        let pos = self.position();
        let fits = match (s.outcome, outcome.reason, outcome.winner) {
            (Some(now), _, _) => now == outcome,
            (_, Resignation, Some(_)) | (_, Agreement, None) => true,
            (_, Timeout, Some(w)) => !cannot_mate(pos, w),
            (_, TimeoutInsufficientMaterial, None) => {
                Color::BOTH.into_iter().any(|c| cannot_mate(pos, c))
            }
            (_, Threefold, None) => s.claim_threefold,
            (_, FiftyMoves, None) => s.claim_fifty,
            _ => false,
        };
        if fits {
            self.declared = self.declared.or(s.outcome.is_none().then_some(outcome));
            return Ok(outcome);
        }
        Err(match (s.outcome, outcome.reason, outcome.winner) {
            (Some(now), _, _) => RuleError::AlreadyEnded(now),
            (_, Timeout, Some(w)) => RuleError::FlagCannotMate { side: w },
            (_, TimeoutInsufficientMaterial, None) => RuleError::FlagBothCanMate,
            (_, Threefold, None) => RuleError::NotThreefold,
            (_, FiftyMoves, None) => RuleError::NotFifty,
            _ => RuleError::NotAllowed(outcome),
        })
    }

    /// `side`'s flag fell: it loses, unless the opponent cannot mate by any series of moves.
    pub fn time_out(&mut self, side: Color) -> Result<Outcome, RuleError> {
        let outcome = if cannot_mate(self.position(), side.opposite()) {
            Outcome { winner: None, reason: EndReason::TimeoutInsufficientMaterial }
        } else {
            Outcome { winner: Some(side.opposite()), reason: EndReason::Timeout }
        };
        self.declare(outcome)
    }
}

/// A square a piece may go to, how (the kind of move) and why (its formula).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Target {
    pub square: Square,
    pub kind: MoveKind,
    pub capture: bool,
    /// The square of the piece taken (behind the target for en passant).
    pub captured: Option<Square>,
    /// For castling, the rook's from and to squares.
    pub rook: Option<(Square, Square)>,
    pub explanation: crate::movement::Explanation,
}

impl Game {
    /// The targets of the piece on `from` for the side to move, one per square (a promotion's four
    /// choices are one target), sorted by square. Empty for an empty square or the other side's piece.
    pub fn targets(&self, from: Square) -> Vec<Target> {
        let Some(piece) = self.position().piece_at(from) else { return Vec::new() };
        let mut out: Vec<Target> = Vec::new();
        if self.outcome().is_some() {
            return Vec::new();
        }
        for m in self.legal().iter().filter(|m| m.from == from) {
            // Kept sorted as it grows (at most 27 targets): no sort routine in the widget's package.
            let at = out.partition_point(|t| t.square < m.to);
            if out.get(at).is_some_and(|t| t.square == m.to) {
                continue;
            }
            let explanation = crate::movement::explain(piece.kind, piece.color, from, m.to)
                .expect("every legal move follows its piece's formula");
            out.insert(
                at,
                Target {
                    square: m.to,
                    kind: m.kind,
                    capture: m.capture,
                    captured: m.captured_square(piece.color),
                    rook: m.castling_rook(),
                    explanation,
                },
            );
        }
        out
    }
}
