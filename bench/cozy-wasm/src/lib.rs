//! cozy-chess perft with leaf bulk counting, for the chess-tutor benchmark.

use cozy_chess::Board;

/// Perft from `board` to `depth` plies. At depth 1 the legal moves are
/// counted without being played (`PieceMoves::len` counts each promotion
/// piece separately), exactly like chess-tutor's perft.
pub fn perft_board(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0u64;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += perft_board(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

/// Parse `fen` (standard, not Shredder) and run perft; `None` on a bad FEN.
pub fn perft_fen(fen: &str, depth: u32) -> Option<u64> {
    let board = Board::from_fen(fen.trim(), false).ok()?;
    Some(perft_board(&board, depth))
}

/// WASM export: node count as f64 (exact below 2^53), or -1 on a bad FEN.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn perft(fen: &str, depth: u32) -> f64 {
    match perft_fen(fen, depth) {
        Some(n) => n as f64,
        None => -1.0,
    }
}
