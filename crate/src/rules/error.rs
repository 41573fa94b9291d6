//! Why a move or an action was refused ([`RuleError`]).

use super::*;
use crate::board::{Color, PieceKind, Square};

/// Why a move or an action was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// The game is over: no move can be played.
    GameOver {
        result: &'static str,
    },
    /// The game is over, and how (a move read from a record after the end).
    GameOverBy(Outcome),
    NoPiece {
        square: Square,
    },
    NotYourPiece {
        square: Square,
        side: Color,
    },
    NotLegal {
        from: Square,
        to: Square,
    },
    NeedsPromotion {
        from: Square,
        to: Square,
    },
    BadPromotion {
        piece: PieceKind,
    },
    IllegalMove(Move),
    NoClaim,
    /// An ending was asked for, but the game had already ended.
    AlreadyEnded(Outcome),
    FlagCannotMate {
        side: Color,
    },
    FlagBothCanMate,
    NotThreefold,
    NotFifty,
    NotAllowed(Outcome),
}

impl RuleError {
    /// The message for a person.
    pub fn message(&self) -> crate::message::Message {
        use RuleError::*;
        match *self {
            GameOver { result } => msg!("rule-game-over", result = result),
            GameOverBy(o) => {
                msg!("rule-game-over-reason", result = o.result(), reason = o.reason.name())
            }
            NoPiece { square } => msg!("rule-no-piece", square = square),
            NotYourPiece { square, side } => {
                msg!("rule-not-your-piece", square = square, side = side)
            }
            NotLegal { from, to } => msg!("rule-not-legal", from = from, to = to),
            NeedsPromotion { from, to } => msg!("rule-needs-promotion", from = from, to = to),
            BadPromotion { piece } => msg!("rule-bad-promotion", piece = piece),
            IllegalMove(mv) => msg!("rule-illegal-move", uci = mv.uci()),
            NoClaim => msg!("rule-no-claim"),
            AlreadyEnded(o) => {
                msg!("rule-already-ended", result = o.result(), reason = o.reason.name())
            }
            FlagCannotMate { side } => msg!("rule-flag-cannot-mate", side = side),
            FlagBothCanMate => msg!("rule-flag-both-can-mate"),
            NotThreefold => msg!("rule-not-threefold"),
            NotFifty => msg!("rule-not-fifty"),
            NotAllowed(o) => {
                msg!("rule-not-allowed", reason = o.reason.name(), result = o.result())
            }
        }
    }
}

/// English, as the message says it.
impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for RuleError {}

impl From<RuleError> for crate::message::Message {
    fn from(e: RuleError) -> Self {
        e.message()
    }
}
