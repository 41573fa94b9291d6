//! The evaluation: seed 002's piece values plus a few positional terms a child could be told
//! about ("knights like the centre", "a passed pawn wants to run", "keep the king safe behind its
//! pawns, bring it out in the ending"). Scores are centipawns from the side to move's view.
//!
//! Middlegame and endgame terms are blended by the material left (the game phase), so the king
//! hides early and walks to the centre late without a jump in between.

use crate::board::{squares, Bitboard, Color, PieceKind, Position, Square};
use crate::movement::tables;
use crate::rules::{distance, PIECE_KINDS};

/// Seed 002's piece values: pawn 100, knight 320, bishop 330, rook 500, queen 900, king 20000.
/// The king's value never enters the material count (both kings are always there); it orders
/// captures (a king takes last) and stands for "worth more than everything else together".
pub const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 20_000];

/// The phase weight of each kind: 24 with all pieces on the board, 0 with pawns and kings only.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const MAX_PHASE: i32 = 24;

/// The ring of a square: 0 for the four centre squares, 3 for the edge.
const fn ring(s: usize) -> usize {
    let i = (s / 8) as i32;
    let j = (s % 8) as i32;
    let di = (2 * i - 7).abs();
    let dj = (2 * j - 7).abs();
    let r = if di > dj { di } else { dj };
    ((r - 1) / 2) as usize
}

/// Piece-square tables for White (square index 8·i + j), built from a few rules rather than
/// typed in, so each number has a reason: `[kind][square]`, middlegame and endgame.
struct Pst {
    mg: [[i16; 64]; 6],
    eg: [[i16; 64]; 6],
}

const fn build_pst() -> Pst {
    let mut t = Pst { mg: [[0; 64]; 6], eg: [[0; 64]; 6] };
    let mut s = 0;
    while s < 64 {
        let i = s / 8;
        let j = s % 8;
        let k = ring(s);
        // Pawns: a step forward is worth a little, the centre pawns most; in the ending every
        // step counts more (the passed-pawn bonus comes on top).
        let centre_file = if j == 3 || j == 4 {
            2
        } else if j == 2 || j == 5 {
            1
        } else {
            0
        };
        let pawn_mg = [0, 0, 2, 6, 12, 22, 40, 0];
        let pawn_eg = [0, 0, 4, 10, 20, 35, 55, 0];
        t.mg[0][s] = pawn_mg[i] + if i >= 2 && i <= 4 { 6 * centre_file } else { 0 };
        t.eg[0][s] = pawn_eg[i];
        // A knight on the rim is dim.
        let knight = [22, 12, 0, -28];
        t.mg[1][s] = knight[k];
        t.eg[1][s] = knight[k] * 3 / 4;
        // Bishops like the centre and the long diagonals.
        let bishop = [12, 8, 2, -10];
        let long = if i == j || i + j == 7 { 6 } else { 0 };
        t.mg[2][s] = bishop[k] + long;
        t.eg[2][s] = bishop[k];
        // Rooks: the seventh row, and the centre files a little.
        t.mg[3][s] = if i == 6 { 20 } else { 0 } + if j >= 2 && j <= 5 { 4 } else { 0 };
        t.eg[3][s] = if i == 6 { 12 } else { 0 };
        // The queen: a little centre, no more (an early queen walk is punished by search).
        let queen = [6, 4, 0, -6];
        t.mg[4][s] = queen[k];
        t.eg[4][s] = queen[k] * 2;
        // The king hides behind its pawns in the middlegame and walks to the centre in the ending.
        let home = [15, 25, 5, -10, -5, 5, 25, 15];
        t.mg[5][s] = match i {
            0 => home[j],
            1 => -30,
            _ => {
                let v = -50 - 10 * (i as i16 - 2);
                if v < -90 {
                    -90
                } else {
                    v
                }
            }
        };
        let king_eg = [24, 12, -6, -28];
        t.eg[5][s] = king_eg[k];
        s += 1;
    }
    t
}

static PST: Pst = build_pst();

/// The square seen from White: Black's squares are mirrored top to bottom.
#[inline]
fn rel(color: Color, s: Square) -> usize {
    match color {
        Color::White => s.index(),
        Color::Black => s.index() ^ 56,
    }
}

const FILE_A: Bitboard = 0x0101_0101_0101_0101;

fn file_mask(j: u8) -> Bitboard {
    FILE_A << j
}

fn adjacent_files(j: u8) -> Bitboard {
    let mut m = 0;
    if j > 0 {
        m |= file_mask(j - 1);
    }
    if j < 7 {
        m |= file_mask(j + 1);
    }
    m
}

/// The squares in front of a square for `color` (all rows beyond it, on the given files).
fn in_front(color: Color, s: Square, files: Bitboard) -> Bitboard {
    let i = s.i() as u32;
    let rows = match color {
        Color::White if i < 7 => !0u64 << (8 * (i + 1)),
        Color::Black if i > 0 => !0u64 >> (8 * (8 - i)),
        _ => 0,
    };
    rows & files
}

/// The squares attacked by `color`'s pawns (the catalogue's capture squares of each pawn).
pub(super) fn pawn_attacks(pos: &Position, color: Color) -> Bitboard {
    let capture = &tables().pawn_capture[color.index()];
    squares(pos.pieces(color, PieceKind::Pawn)).fold(0, |bb, s| bb | capture[s.index()])
}

/// Middlegame and endgame scores of one side.
#[derive(Clone, Copy, Default)]
struct Score {
    mg: i32,
    eg: i32,
}

impl Score {
    fn add(&mut self, mg: i32, eg: i32) {
        self.mg += mg;
        self.eg += eg;
    }
}

/// The game phase: 24 with every piece, down to 0 with kings and pawns only.
pub fn phase(pos: &Position) -> i32 {
    let mut p = 0;
    for k in [PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen] {
        p += PHASE[k.index()] * pos.kind_bb(k).count_ones() as i32;
    }
    p.min(MAX_PHASE)
}

/// Material of one side without kings.
pub fn material(pos: &Position, color: Color) -> i32 {
    PieceKind::ALL[..5]
        .iter()
        .map(|&k| VALUE[k.index()] * pos.pieces(color, k).count_ones() as i32)
        .sum()
}

/// The evaluation of `pos` for the side to move, in centipawns.
pub fn evaluate(pos: &Position) -> i32 {
    let white = side_score(pos, Color::White);
    let black = side_score(pos, Color::Black);
    let ph = phase(pos);
    let mg = white.mg - black.mg;
    let eg = white.eg - black.eg;
    let mut score = (mg * ph + eg * (MAX_PHASE - ph)) / MAX_PHASE;
    score += endgame_terms(pos, ph);
    score = scale_drawish(pos, score);
    // A small bonus for having the move.
    let tempo = 10;
    match pos.side {
        Color::White => score + tempo,
        Color::Black => -score + tempo,
    }
}

fn side_score(pos: &Position, us: Color) -> Score {
    let t = tables();
    let them = us.opposite();
    let occ = pos.occupied();
    let own = pos.color_bb(us);
    let our_pawns = pos.pieces(us, PieceKind::Pawn);
    let their_pawns = pos.pieces(them, PieceKind::Pawn);
    let their_pawn_attacks = pawn_attacks(pos, them);
    let mut s = Score::default();

    for kind in PieceKind::ALL {
        let v = if kind == PieceKind::King { 0 } else { VALUE[kind.index()] };
        for sq in squares(pos.pieces(us, kind)) {
            let r = rel(us, sq);
            s.add(v + PST.mg[kind.index()][r] as i32, v + PST.eg[kind.index()][r] as i32);
        }
    }

    // Pawn structure: doubled and isolated pawns are weak, passed pawns strong.
    for sq in squares(our_pawns) {
        let j = sq.j();
        let file = file_mask(j);
        if (our_pawns & file).count_ones() > 1 {
            s.add(-6, -10); // counted for each pawn of the pair
        }
        if our_pawns & adjacent_files(j) == 0 {
            s.add(-10, -14);
        }
        let front = in_front(us, sq, file | adjacent_files(j));
        if front & their_pawns == 0 && in_front(us, sq, file) & our_pawns == 0 {
            let rank = match us {
                Color::White => sq.i(),
                Color::Black => 7 - sq.i(),
            } as usize;
            const MG: [i32; 8] = [0, 4, 8, 12, 22, 36, 55, 0];
            const EG: [i32; 8] = [0, 8, 15, 28, 48, 80, 120, 0];
            s.add(MG[rank], EG[rank]);
            // In the ending a passed pawn wants its own king near and the enemy king far.
            if let (Some(ours), Some(theirs), Some(stop)) =
                (pos.king(us), pos.king(them), t.pawn_push[us.index()][sq.index()])
            {
                let w = rank as i32;
                s.add(0, w * (2 * distance(theirs, stop) as i32 - distance(ours, stop) as i32));
            }
        }
    }

    // The opening: knights and bishops still at home, a queen out before them, and the right
    // to castle (lost by a king walk).
    let home_row: Bitboard = 0xff << (8 * us.home_row() as u32);
    let minors = pos.pieces(us, PieceKind::Knight) | pos.pieces(us, PieceKind::Bishop);
    let undeveloped = (minors & home_row & 0x6666_6666_6666_6666).count_ones() as i32;
    s.add(-12 * undeveloped, 0);
    let queen_home = Square::from_ij(us.home_row() as i32, 3).unwrap().bit();
    if undeveloped >= 2 && pos.pieces(us, PieceKind::Queen) & !queen_home != 0 {
        s.add(-18, 0);
    }
    s.add(12 * (pos.castling.has(us, true) as i32 + pos.castling.has(us, false) as i32), 0);

    // Bishop pair.
    if pos.pieces(us, PieceKind::Bishop).count_ones() >= 2 {
        s.add(28, 45);
    }

    // Rooks on open (no pawns) and half-open (no own pawns) files.
    for sq in squares(pos.pieces(us, PieceKind::Rook)) {
        let file = file_mask(sq.j());
        if file & our_pawns == 0 {
            if file & their_pawns == 0 {
                s.add(20, 10);
            } else {
                s.add(10, 5);
            }
        }
    }

    // Mobility (squares not taken by own pieces nor covered by enemy pawns) and pressure on the
    // enemy king's zone.
    let zone = pos.king(them).map_or(0, |k| t.attacks(PieceKind::King, them, k, occ) | k.bit());
    let mut attackers = 0;
    let mut pressure = 0;
    const MOBILITY: [(i32, i32, i32); 6] =
        [(0, 0, 0), (4, 4, 4), (4, 5, 6), (2, 4, 6), (1, 2, 12), (0, 0, 0)];
    const PRESSURE: [i32; 6] = [0, 12, 12, 18, 35, 0];
    for kind in PIECE_KINDS {
        let (mg, eg, avg) = MOBILITY[kind.index()];
        for sq in squares(pos.pieces(us, kind)) {
            let a = t.attacks(kind, us, sq, occ);
            let m = (a & !own & !their_pawn_attacks).count_ones() as i32 - avg;
            s.add(mg * m, eg * m);
            let hits = (a & zone).count_ones() as i32;
            if hits > 0 {
                attackers += 1;
                pressure += PRESSURE[kind.index()] + 4 * hits;
            }
        }
    }
    // One attacker alone is little danger; several together are.
    if attackers >= 2 && pos.pieces(us, PieceKind::Queen) != 0 {
        s.add(pressure * attackers / 3, 0);
    }

    // King shelter in the middlegame: pawns in front of a king that stays home.
    if let Some(k) = pos.king(us) {
        let home = us.home_row();
        if (k.i() as i32 - home as i32).abs() <= 1 {
            let files = file_mask(k.j()) | adjacent_files(k.j());
            let shield = in_front(us, k, files) & our_pawns;
            // The two rows in front of the king (it stands on its first or second row here).
            let rows: Bitboard = match us {
                Color::White => 0xffffu64 << (8 * (k.i() as u32 + 1)),
                Color::Black => 0xffffu64 << (8 * (k.i() as u32 - 2)),
            };
            let near = shield & rows;
            s.add(10 * near.count_ones().min(3) as i32, 0);
            for j in k.j().saturating_sub(1)..=(k.j() + 1).min(7) {
                if file_mask(j) & our_pawns == 0 {
                    s.add(-14, 0);
                }
            }
        }
    }
    s
}

/// Terms of the ending that need both sides: the rule of the square for a pawn race, and
/// driving a bare king to the edge (so that the engine mates with K+R, K+Q, K+B+B without tables).
fn endgame_terms(pos: &Position, ph: i32) -> i32 {
    let (Some(wk), Some(bk)) = (pos.king(Color::White), pos.king(Color::Black)) else { return 0 };
    let mut score = 0;
    let pieces = pos.occupied() & !pos.kind_bb(PieceKind::Pawn) & !pos.kind_bb(PieceKind::King);
    if pieces == 0 {
        // Pawns only: a passed pawn the enemy king cannot catch will queen.
        for us in Color::BOTH {
            let them = us.opposite();
            let their_king = if us == Color::White { bk } else { wk };
            let their_pawns = pos.pieces(them, PieceKind::Pawn);
            let our_pawns = pos.pieces(us, PieceKind::Pawn);
            let mut best = 0;
            for sq in squares(our_pawns) {
                let j = sq.j();
                if in_front(us, sq, file_mask(j) | adjacent_files(j)) & their_pawns != 0 {
                    continue;
                }
                if in_front(us, sq, file_mask(j)) & pos.occupied() != 0 {
                    continue;
                }
                let rank = if us == Color::White { sq.i() } else { 7 - sq.i() } as i32;
                let to_go = (7 - rank).min(5);
                let promo = Square::from_ij(us.last_row() as i32, j as i32).unwrap();
                let tempo = if pos.side == them { 1 } else { 0 };
                if distance(their_king, promo) as i32 - tempo > to_go {
                    best = best.max(500 - 20 * to_go);
                }
            }
            score += if us == Color::White { best } else { -best };
        }
        return score;
    }
    if ph > 12 {
        return 0;
    }
    // Mop-up: the stronger side (with no pawns left to the other) drives the king to the edge.
    let wm = material(pos, Color::White);
    let bm = material(pos, Color::Black);
    for (us, ours, theirs, our_king, their_king) in
        [(Color::White, wm, bm, wk, bk), (Color::Black, bm, wm, bk, wk)]
    {
        let them = us.opposite();
        if pos.pieces(them, PieceKind::Pawn) == 0 && ours - theirs >= 400 {
            let edge = 3 * ring(their_king.index()) as i32;
            let centre_dist =
                (2 * their_king.i() as i32 - 7).abs() + (2 * their_king.j() as i32 - 7).abs();
            let near = 14
                - (our_king.i() as i32 - their_king.i() as i32).abs()
                - (our_king.j() as i32 - their_king.j() as i32).abs();
            let bonus = 4 * centre_dist + 6 * near + 10 * edge;
            score += if us == Color::White { bonus } else { -bonus };
        }
    }
    score
}

/// Material that cannot win is not worth much: a side without pawns and with at most a minor
/// piece more cannot mate by force, nor can two knights.
fn scale_drawish(pos: &Position, score: i32) -> i32 {
    let strong = if score > 0 { Color::White } else { Color::Black };
    if pos.pieces(strong, PieceKind::Pawn) != 0 {
        return score;
    }
    let ours = material(pos, strong);
    let theirs = material(pos, strong.opposite());
    let minors = pos.pieces(strong, PieceKind::Knight) | pos.pieces(strong, PieceKind::Bishop);
    let non_pawn = pos.color_bb(strong) & !pos.kind_bb(PieceKind::King);
    if ours - theirs <= VALUE[PieceKind::Bishop.index()]
        || (non_pawn == pos.pieces(strong, PieceKind::Knight)
            && non_pawn.count_ones() == 2
            && theirs == 0)
    {
        if ours < VALUE[PieceKind::Rook.index()] + VALUE[PieceKind::Knight.index()]
            || minors == non_pawn
        {
            return score / 8;
        }
        return score / 2;
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_fen;

    fn eval(fen: &str) -> i32 {
        evaluate(&parse_fen(fen).unwrap())
    }

    #[test]
    fn the_start_is_level_and_symmetric() {
        let e = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(e, 10, "only the tempo");
        // Mirror images (colours swapped) get the same score for the side to move.
        let a = eval("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let b = eval("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(a, b);
    }

    #[test]
    fn material_counts_most() {
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 800);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -800);
        // A knight alone cannot win: scaled to almost nothing.
        assert!(eval("4k3/8/8/8/8/8/8/3NK3 w - - 0 1").abs() < 60);
    }

    #[test]
    fn the_rim_is_dim_and_the_king_hides() {
        assert!(eval("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1") > eval("4k3/8/8/8/8/8/8/N3K3 w - - 0 1"));
        let castled = eval("r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 6 6");
        let walked = eval("r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N1KN2/PPPP1PPP/R1BQ3R w - - 6 6");
        assert!(castled > walked + 40, "{castled} {walked}");
    }
}
