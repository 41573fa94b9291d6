//! The rules: legal moves (pins, check evasion, castling, en passant, promotion), playing a move,
//! check, mate, stalemate, dead positions, repetition, the 50- and 75-move rules, and the ways a
//! game ends by the players' own decision (resignation, agreement, time).
//!
//! One noun per file: [`moves`] (a move, the rules' options), [`movegen`] (attacks and legal
//! moves, playing one), [`perft`], [`material`] (dead positions), [`repetition`], [`outcome`] (how
//! a game ends), [`error`] (why a move is refused) and [`game`]. Their items are named from here
//! (`crate::rules::Game`).

mod error;
mod game;
mod material;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod repetition;

pub use error::*;
pub use game::*;
pub use material::*;
pub use movegen::*;
pub use moves::*;
pub use outcome::*;
pub use perft::*;
pub use repetition::*;
