//! chess-tutor: the rules of chess for a children's tutor.
//!
//! A square is `(i, j)`: `i` is the row (0..7 for ranks 1..8), `j` the column (0..7 for files a..h).
//! Every piece moves by a formula `i1 = i + n·ΔI, j1 = j + n·ΔJ`; the formulas are data
//! ([`movement::FORMULAS`]) and drive move generation, explanations and UI text alike.

#[macro_use]
pub mod message;
pub mod board;
pub mod endgame;
pub mod engine;
pub mod lesson;
pub mod movement;
pub mod notation;
pub mod rules;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
