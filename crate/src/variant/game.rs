//! A variant game: the start, the moves played, undo and redo.

use super::{ForceReport, VariantError, VariantMove, VariantPosition, VariantTarget};
use crate::board::{Color, Square};
use serde::Serialize;

/// The state of a variant game as the widget reads it. There is no check, mate or end: chess-t1
/// fixes none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct VariantStatus {
    pub turn: Color,
    pub can_undo: bool,
    pub can_redo: bool,
}

/// A game with a piece set: positions after each move, undo and redo.
#[derive(Clone, Debug)]
pub struct VariantGame {
    /// `positions[0]` is the start; `positions[k]` follows `moves[k - 1]`.
    positions: Vec<VariantPosition>,
    moves: Vec<VariantMove>,
    /// The moves taken back, each with the side that played it.
    redo: Vec<(Color, Square, Square)>,
    /// The side to move moves again after each move (a lesson without an opponent).
    same_side: bool,
}

impl VariantGame {
    /// A game from a position; the sides take turns.
    pub fn new(start: VariantPosition) -> VariantGame {
        VariantGame {
            positions: vec![start],
            moves: Vec::new(),
            redo: Vec::new(),
            same_side: false,
        }
    }

    /// A game in which the side to move at the start makes every move (a lesson with no opponent).
    pub fn one_side(start: VariantPosition) -> VariantGame {
        VariantGame { same_side: true, ..VariantGame::new(start) }
    }

    pub fn start(&self) -> &VariantPosition {
        &self.positions[0]
    }

    pub fn position(&self) -> &VariantPosition {
        self.positions.last().expect("a game has its start")
    }

    pub fn moves(&self) -> &[VariantMove] {
        &self.moves
    }

    /// The position before each move, paired with the move.
    pub fn history(&self) -> impl Iterator<Item = (&VariantPosition, &VariantMove)> {
        self.positions.iter().zip(self.moves.iter())
    }

    /// The targets of the piece on `from` if it belongs to the side to move, else none.
    pub fn targets(&self, from: Square) -> Vec<VariantTarget> {
        let pos = self.position();
        match pos.cell(from) {
            Some((c, _)) if c == pos.turn() => pos.targets(from),
            _ => Vec::new(),
        }
    }

    /// The force on a square of the current position.
    pub fn force(&self, sq: Square) -> ForceReport {
        self.position().force(sq)
    }

    /// Play a move of the side to move. Clears the redo list.
    pub fn play(&mut self, from: Square, to: Square) -> Result<VariantMove, VariantError> {
        let mv = self.push(from, to)?;
        self.redo.clear();
        Ok(mv)
    }

    /// Play a move of the side not to move: an answer a lesson with no opponent writes (a `show`
    /// step's reply). In a game of one side the turn stays where it was. Clears the redo list.
    pub fn reply(&mut self, from: Square, to: Square) -> Result<VariantMove, VariantError> {
        let turn = self.position().turn();
        let mv = self.push_as(turn.opposite(), from, to)?;
        self.redo.clear();
        Ok(mv)
    }

    fn push(&mut self, from: Square, to: Square) -> Result<VariantMove, VariantError> {
        self.push_as(self.position().turn(), from, to)
    }

    /// Play a move of `side`; in a game of one side the turn comes back to who was to move.
    fn push_as(
        &mut self,
        side: Color,
        from: Square,
        to: Square,
    ) -> Result<VariantMove, VariantError> {
        let turn = self.position().turn();
        let mut next = self.position().clone().with_turn(side);
        let mv = next.play(from, to)?;
        if self.same_side {
            next = next.with_turn(turn);
        }
        self.positions.push(next);
        self.moves.push(mv.clone());
        Ok(mv)
    }

    /// Take back the last move.
    pub fn undo(&mut self) -> Result<VariantMove, VariantError> {
        let mv = self.moves.pop().ok_or(VariantError::NothingToUndo)?;
        self.positions.pop();
        self.redo.push((mv.color, mv.from, mv.to));
        Ok(mv)
    }

    /// Play again the last move taken back.
    pub fn redo(&mut self) -> Result<VariantMove, VariantError> {
        let (side, from, to) = self.redo.pop().ok_or(VariantError::NothingToRedo)?;
        self.push_as(side, from, to)
    }

    pub fn can_undo(&self) -> bool {
        !self.moves.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    pub fn status(&self) -> VariantStatus {
        VariantStatus {
            turn: self.position().turn(),
            can_undo: self.can_undo(),
            can_redo: self.can_redo(),
        }
    }

    pub fn fen(&self) -> String {
        self.position().fen()
    }

    pub fn text_board(&self) -> String {
        self.position().text_board()
    }
}
