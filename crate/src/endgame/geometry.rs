//! Teaching geometry of king-and-pawn endings: the square of the pawn, the opposition and the key
//! squares. Plain functions on the rules core's [`Position`], serialisable for the widget.

use crate::board::{squares, Color, PieceKind, Position, Square};
use serde::Serialize;

/// An inclusive range of rows or columns.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Span {
    pub from: u8,
    pub to: u8,
}

impl Span {
    pub fn contains(&self, x: u8) -> bool {
        (self.from..=self.to).contains(&x)
    }
}

/// The square of a pawn: the region a defending king must stand in to catch the pawn.
///
/// A pawn `n` moves from promotion (a pawn on its start row counts as one row further, because
/// of its double step) has a square of side `n + 1`: from the pawn's row (its counted row) to the
/// promotion row, `n` columns to either side of the pawn (clipped to the board), i.e. the union
/// of the two squares drawn on either side of the pawn. The defending king is *inside* when its
/// king distance to the promotion square is at most `n`. The rule: with the pawn's side to move
/// the king catches the pawn if it is inside; with the defender to move it also catches it if it
/// can step in (distance `n + 1`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PawnSquare {
    pub pawn: Square,
    /// The side the pawn belongs to.
    pub color: Color,
    /// Moves the pawn needs to promote (the double step counted as one move).
    pub moves: u8,
    /// The rows `i` of the square (clipped).
    pub rows: Span,
    /// The columns `j` of the square (clipped).
    pub cols: Span,
    /// The four corners: pawn-row left, pawn-row right, promotion-row left, promotion-row right.
    pub corners: [Square; 4],
    /// The square the pawn promotes on.
    pub promotion: Square,
    /// The defending king, if there is one.
    pub defender: Option<Square>,
    /// Whether the defending king stands inside the square now.
    pub inside: bool,
    /// Whether the defender is to move (and so may step into the square).
    pub defender_to_move: bool,
    /// The rule of the square: the king is inside, or the defender is to move and one step away.
    pub catches: bool,
    /// Whether nothing stands on the pawn's path to promotion (the rule is about a free pawn).
    pub path_free: bool,
}

/// The square of the pawn on `pawn` (which must hold a pawn), judged for the position's side to
/// move. `None` if there is no pawn there.
pub fn pawn_square(pos: &Position, pawn: Square) -> Option<PawnSquare> {
    let piece = pos.piece_at(pawn).filter(|p| p.kind == PieceKind::Pawn)?;
    let color = piece.color;
    let (i, j) = (pawn.i() as i32, pawn.j() as i32);
    let last = color.last_row() as i32;
    // Rows still to go, counting the double step from the start row as one move.
    let counted = if pawn.i() == color.pawn_row() { i + color.forward() } else { i };
    let n = (last - counted).abs();
    let (lo_row, hi_row) = if color == Color::White { (counted, last) } else { (last, counted) };
    let rows = Span { from: lo_row as u8, to: hi_row as u8 };
    let cols = Span { from: (j - n).max(0) as u8, to: (j + n).min(7) as u8 };
    let sq = |r: i32, c: u8| Square::from_ij(r, c as i32).unwrap();
    let corners =
        [sq(counted, cols.from), sq(counted, cols.to), sq(last, cols.from), sq(last, cols.to)];
    let promotion = sq(last, pawn.j());
    let defender = pos.king(color.opposite());
    let distance = defender.map(|k| crate::rules::distance(k, promotion) as i32);
    let inside = distance.is_some_and(|d| d <= n);
    let defender_to_move = pos.side != color;
    let catches = distance.is_some_and(|d| d <= n || (defender_to_move && d <= n + 1));
    let mut path_free = true;
    let mut r = i + color.forward();
    while r != last + color.forward() {
        if pos.occupied() & sq(r, pawn.j()).bit() != 0 {
            path_free = false;
        }
        r += color.forward();
    }
    Some(PawnSquare {
        pawn,
        color,
        moves: n as u8,
        rows,
        cols,
        corners,
        promotion,
        defender,
        inside,
        defender_to_move,
        catches,
        path_free,
    })
}

/// The squares of every pawn on the board, a1 first.
pub fn pawn_squares(pos: &Position) -> Vec<PawnSquare> {
    squares(pos.kind_bb(PieceKind::Pawn)).filter_map(|s| pawn_square(pos, s)).collect()
}

/// The kinds of opposition.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum OppositionKind {
    /// Same file or rank, one square between.
    Direct,
    /// Same file or rank, an odd number (3 or 5) of squares between.
    Distant,
    /// Same diagonal, an odd number of squares between.
    Diagonal,
}

impl OppositionKind {
    /// `direct`, `distant` or `diagonal`, as it serializes.
    pub fn word(self) -> &'static str {
        match self {
            OppositionKind::Direct => "direct",
            OppositionKind::Distant => "distant",
            OppositionKind::Diagonal => "diagonal",
        }
    }
}

/// The kings stand in opposition; the side that is not to move holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Opposition {
    pub kind: OppositionKind,
    pub holder: Color,
    pub white_king: Square,
    pub black_king: Square,
    /// The squares between the kings, nearest to the white king first.
    pub between: Vec<Square>,
}

/// The opposition of the kings, if they stand in one.
pub fn opposition(pos: &Position) -> Option<Opposition> {
    opposition_of(pos.king(Color::White)?, pos.king(Color::Black)?, pos.side.opposite())
}

/// The opposition of a white king on `w` and a black king on `b`, held by `holder` (the side not
/// to move), if they stand in one.
pub fn opposition_of(w: Square, b: Square, holder: Color) -> Option<Opposition> {
    let di = b.i() as i32 - w.i() as i32;
    let dj = b.j() as i32 - w.j() as i32;
    let straight = di == 0 || dj == 0;
    let diagonal = di.abs() == dj.abs();
    if !straight && !diagonal {
        return None;
    }
    let gap = di.abs().max(dj.abs()) - 1;
    if gap % 2 == 0 {
        return None;
    }
    let kind = match (straight, gap) {
        (true, 1) => OppositionKind::Direct,
        (true, _) => OppositionKind::Distant,
        _ => OppositionKind::Diagonal,
    };
    let (si, sj) = (di.signum(), dj.signum());
    let between = (1..=gap).map(|k| w.offset(k * si, k * sj).unwrap()).collect();
    Some(Opposition { kind, holder, white_king: w, black_king: b, between })
}

/// The key squares of the pawn on `pawn`: if its king reaches one, the pawn promotes whatever the
/// defender does (with the pawn not on the rook file and the defender's king not in the way).
///
/// The rule implemented (rows counted from the pawn's side, "ahead" towards promotion):
/// - rook pawn (a or h file): the two squares of the adjacent file on the last two rows
///   (for a white a-pawn: b7 and b8);
/// - other pawns on their 2nd to 4th rank: the three squares two rows ahead (e2 → d4, e4, f4);
/// - on the 5th or 6th rank: the six squares one and two rows ahead (e5 → d6, e6, f6, d7, e7, f7);
/// - on the 7th rank: the squares beside the pawn and beside its promotion square (e7 → d7, f7,
///   d8, f8), from which the king guards the promotion square.
pub fn key_squares(pos: &Position, pawn: Square) -> Option<Vec<Square>> {
    let color = pos.piece_at(pawn).filter(|p| p.kind == PieceKind::Pawn)?.color;
    Some(key_squares_of(color, pawn))
}

/// [`key_squares`] for a pawn of `color` on `pawn`, sorted.
pub fn key_squares_of(color: Color, pawn: Square) -> Vec<Square> {
    let f = color.forward();
    let (i, j) = (pawn.i() as i32, pawn.j() as i32);
    let last = color.last_row() as i32;
    let rank = if color == Color::White { i + 1 } else { 8 - i };
    let mut out = Vec::new();
    let mut add = |r: i32, c: i32| {
        if let Some(s) = Square::from_ij(r, c) {
            out.push(s);
        }
    };
    if j == 0 || j == 7 {
        let c = if j == 0 { 1 } else { 6 };
        add(last - f, c);
        add(last, c);
    } else {
        match rank {
            2..=4 => (-1..=1).for_each(|d| add(i + 2 * f, j + d)),
            5 | 6 => {
                for step in 1..=2 {
                    (-1..=1).for_each(|d| add(i + step * f, j + d));
                }
            }
            _ => {
                for r in [i, i + f] {
                    add(r, j - 1);
                    add(r, j + 1);
                }
            }
        }
    }
    out.sort();
    out
}
