//! chess-tutor: the rules of chess for a children's tutor.
//!
//! A square is `(i, j)`: `i` is the row (0..7 for ranks 1..8), `j` the column (0..7 for files a..h).
//! Every piece moves by a formula `i1 = i + n·ΔI, j1 = j + n·ΔJ`; the formulas are data
//! ([`movement::FORMULAS`] for chess, piece sets such as chess-t1 in [`movement::PieceSet`]) and
//! drive move generation, explanations and UI text alike.

#[macro_use]
pub mod message;
pub mod board;
pub mod calendar;
pub mod endgame;
pub mod engine;
pub mod exchange;
mod fen;
pub mod guard;
pub mod lesson;
pub mod movement;
pub mod notation;
/// Practice: skills, the generators of their exercises, the learner model.
#[cfg(any(feature = "practice", not(target_arch = "wasm32")))]
pub mod practice;
pub mod rules;
/// Variant rules for any piece set (chess-t1, a teacher's pieces): not in the widget's own package.
#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
pub mod variant;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

/// The boundary's TypeScript types, written from the Rust types by a test (www/types/boundary.d.ts).
#[cfg(test)]
mod boundary_types;
/// The widget's objects as the WASM layer shapes them (`wasm/shapes.rs`), compiled natively for
/// the test above, which writes their TypeScript types from them.
#[cfg(all(test, not(target_arch = "wasm32")))]
#[allow(dead_code)]
#[path = "wasm/shapes.rs"]
mod wasm_shapes;

/// The widget's own package (www/pkg: no lessons, engine or pgn) and the chess lessons' (www/pkg-lessons:
/// no solver, no pieces as data) allocate from lol_alloc's free list (sorted, coalescing): about
/// 3 KB gzipped less than the standard dlmalloc. They make a few small allocations per click,
/// freed at once, so the list stays short (a wasm test plays and takes back 10,000 moves and
/// checks that memory does not grow). The other packages (perft, the solver, the engine, pieces
/// as data) keep dlmalloc for speed.
#[cfg(all(
    target_arch = "wasm32",
    not(any(feature = "solver", feature = "variant", feature = "engine", feature = "pgn"))
))]
#[global_allocator]
static ALLOC: lol_alloc::AssumeSingleThreaded<lol_alloc::FreeListAllocator> =
    // SAFETY: the widget's package runs on one thread (no shared memory, no wasm threads).
    unsafe { lol_alloc::AssumeSingleThreaded::new(lol_alloc::FreeListAllocator::new()) };
