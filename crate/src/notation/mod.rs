//! Notation: FEN, seed 002's 8-line text board, SAN, UCI, seed 002's long form and PGN.
//!
//! One notation per file: [`fen`], [`text_board`], [`san`] (with seed 002's long form), [`uci`],
//! [`pgn`], [`move_info`] (a move as the widget reports it), [`letters`] (a language's piece
//! letters) and their [`error`]. Their items are named from here (`crate::notation::to_fen`).

mod error;
mod fen;
mod letters;
mod move_info;
mod pgn;
mod san;
mod text_board;
mod uci;

pub use error::*;
pub use fen::*;
pub use letters::*;
pub use move_info::*;
pub use pgn::*;
pub use san::*;
pub use text_board::*;
pub use uci::*;
