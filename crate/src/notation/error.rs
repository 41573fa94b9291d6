//! A notation error naming its place ([`NotationError`]).

use crate::board::IllegalPosition;
use crate::message::Message;
use std::fmt;

/// A notation error: a [`Message`] whose arguments also name the place (the FEN field, the line
/// and column of a text board or a PGN text, the move that could not be read; see
/// [`crate::message`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError(pub Message);

impl NotationError {
    /// The message, with its place in the arguments.
    pub fn message(&self) -> &Message {
        &self.0
    }

    /// The error with one more place argument.
    pub(super) fn at(
        self,
        name: &'static str,
        value: impl Into<crate::message::Arg>,
    ) -> NotationError {
        NotationError(self.0.with(name, value))
    }
}

impl From<Message> for NotationError {
    fn from(m: Message) -> NotationError {
        NotationError(m)
    }
}

/// English: `FEN field 2 (side to move): expected 'w' or 'b', found 'x'`.
impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for NotationError {}

impl From<NotationError> for crate::message::Message {
    fn from(e: NotationError) -> Self {
        e.0
    }
}

/// An error in FEN field `n` (from 1).
pub(super) fn fen_error(n: u8, m: Message) -> NotationError {
    NotationError(crate::fen::field_error(n, m))
}

pub(super) fn illegal(e: IllegalPosition) -> NotationError {
    fen_error(e.part().fen_field(), e.message())
}
