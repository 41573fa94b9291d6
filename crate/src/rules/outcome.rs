//! How a game ends ([`EndReason`], [`Outcome`]) and the board's state ([`Status`]).

use crate::board::Color;
use serde::{Deserialize, Serialize};

/// Why a game is over.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum EndReason {
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    Fivefold,
    SeventyFiveMoves,
    Threefold,
    FiftyMoves,
    Resignation,
    Agreement,
    Timeout,
    /// The flag fell but the opponent had nothing to mate with.
    TimeoutInsufficientMaterial,
}

impl EndReason {
    /// Every reason, in the enum's order: one list for whoever reads a reason by name.
    pub const ALL: [EndReason; 11] = {
        use EndReason::*;
        [
            Checkmate,
            Stalemate,
            InsufficientMaterial,
            Fivefold,
            SeventyFiveMoves,
            Threefold,
            FiftyMoves,
            Resignation,
            Agreement,
            Timeout,
            TimeoutInsufficientMaterial,
        ]
    };

    /// The reason named `name` ([`EndReason::name`]): `insufficient-material`.
    pub fn from_name(name: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The reason's name, as JSON writes it and the message catalogue keys it (`reason-…`):
    /// `insufficient-material`.
    pub fn name(self) -> &'static str {
        use EndReason::*;
        match self {
            Checkmate => "checkmate",
            Stalemate => "stalemate",
            InsufficientMaterial => "insufficient-material",
            Fivefold => "fivefold",
            SeventyFiveMoves => "seventy-five-moves",
            Threefold => "threefold",
            FiftyMoves => "fifty-moves",
            Resignation => "resignation",
            Agreement => "agreement",
            Timeout => "timeout",
            TimeoutInsufficientMaterial => "timeout-insufficient-material",
        }
    }

    /// How the game ended, in words: PGN's `Termination` tag (notation, not a message).
    pub fn text(self) -> &'static str {
        use EndReason::*;
        match self {
            Checkmate => "checkmate",
            Stalemate => "stalemate",
            InsufficientMaterial => "insufficient material",
            Fivefold => "fivefold repetition",
            SeventyFiveMoves => "75-move rule",
            Threefold => "threefold repetition",
            FiftyMoves => "50-move rule",
            Resignation => "resignation",
            Agreement => "draw by agreement",
            Timeout => "time forfeit",
            TimeoutInsufficientMaterial => "time forfeit, opponent cannot mate",
        }
    }
}

/// How a game ended: the winner (none for a draw) and the reason.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: EndReason,
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// The state of the board: what the CLI's `status` prints as its first word.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BoardState {
    Ongoing,
    Check,
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    Fivefold,
    SeventyFiveMoves,
}

impl BoardState {
    pub fn word(self) -> &'static str {
        match self {
            BoardState::Ongoing => "ongoing",
            BoardState::Check => "check",
            BoardState::Checkmate => "checkmate",
            BoardState::Stalemate => "stalemate",
            BoardState::InsufficientMaterial => "insufficient-material",
            BoardState::Fivefold => "fivefold",
            BoardState::SeventyFiveMoves => "seventy-five-moves",
        }
    }
}

/// The full status: the state, the draws the side to move may claim, and the outcome if over.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Status {
    pub state: BoardState,
    pub check: bool,
    pub claim_threefold: bool,
    pub claim_fifty: bool,
    pub outcome: Option<Outcome>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_end_reason_is_listed_once_and_read_back_by_its_name() {
        // in the enum's order: a reason added to the enum and not to ALL leaves a gap here or
        // at the end (the last reason's index is ALL's last)
        for (k, r) in EndReason::ALL.into_iter().enumerate() {
            assert_eq!(r as usize, k, "{r:?}");
            assert_eq!(EndReason::from_name(r.name()), Some(r));
            let json = serde_json::to_string(&r).unwrap();
            assert_eq!(json, format!("\"{}\"", r.name()), "serde and name() agree");
        }
        assert_eq!(EndReason::TimeoutInsufficientMaterial as usize + 1, EndReason::ALL.len());
        assert_eq!(EndReason::from_name("check-mate"), None);
    }
}
