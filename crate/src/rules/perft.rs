//! Perft: the leaf nodes of the legal move tree, counted (the generator's proof and bench).

use super::*;
use crate::board::{squares, PieceKind, Position};

/// Count the leaf nodes of the legal move tree to `depth` (bulk-counted at the last level).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth <= 1 {
        return if depth == 0 { 1 } else { count_legal_moves(pos, Rules::STANDARD) as u64 };
    }
    // Each target played straight from its set, without a move list.
    let occ = pos.occupied();
    let last_row = pos.side.last_row();
    let mut nodes = 0;
    generate(pos, |set| {
        for to in squares(set.to) {
            let capture = occ & to.bit() != 0;
            let mv = |kind, promotion| Move { from: set.from, to, promotion, kind, capture };
            match set.kind {
                SetKind::Castle => {
                    nodes +=
                        perft(&play_known(pos, mv(MoveKind::Castle, None), set.piece), depth - 1)
                }
                SetKind::EnPassant => {
                    let ep = Move { capture: true, ..mv(MoveKind::EnPassant, None) };
                    nodes += perft(&play_known(pos, ep, set.piece), depth - 1)
                }
                SetKind::Pawn if to.i() == last_row => {
                    for p in PieceKind::PROMOTIONS {
                        nodes += perft(
                            &play_known(pos, mv(MoveKind::Promotion, Some(p)), set.piece),
                            depth - 1,
                        );
                    }
                }
                _ => {
                    let kind = if capture { MoveKind::Capture } else { MoveKind::Move };
                    nodes += perft(&play_known(pos, mv(kind, None), set.piece), depth - 1)
                }
            }
        }
    });
    nodes
}
