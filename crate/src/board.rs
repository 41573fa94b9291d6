//! The board: squares as `(i, j)`, colours, pieces, bitboards and the position itself.
//!
//! `i` is the row (0..7 for ranks 1..8), `j` the column (0..7 for files a..h). A square's index is
//! `8·i + j`, so bit `8·i + j` of a [`Bitboard`] stands for `(i, j)`.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A set of squares, one bit a square (bit `8·i + j`).
pub type Bitboard = u64;

/// A square is a message argument as `"e4"`, a side as `"white"`, a kind as `"knight"`.
impl From<Square> for crate::message::Arg {
    fn from(s: Square) -> Self {
        crate::message::Arg::Str(s.to_string())
    }
}

impl From<Color> for crate::message::Arg {
    fn from(c: Color) -> Self {
        crate::message::Arg::Str(c.name().into())
    }
}

impl From<PieceKind> for crate::message::Arg {
    fn from(k: PieceKind) -> Self {
        crate::message::Arg::Str(k.name().into())
    }
}

/// Iterate over the squares of a bitboard, lowest index first.
#[inline]
pub fn squares(mut bb: Bitboard) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bb == 0 {
            None
        } else {
            let s = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            Some(Square(s))
        }
    })
}

/// A square `(i, j)` of the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at row `i` (0..7) and column `j` (0..7), or `None` off the board.
    pub const fn from_ij(i: i32, j: i32) -> Option<Square> {
        if i >= 0 && i < 8 && j >= 0 && j < 8 {
            Some(Square((i * 8 + j) as u8))
        } else {
            None
        }
    }
    /// The square with index `8·i + j`; `index` must be below 64.
    pub const fn from_index(index: u8) -> Square {
        assert!(index < 64);
        Square(index)
    }
    /// The row `i`: 0..7 for ranks 1..8.
    pub const fn i(self) -> u8 {
        self.0 >> 3
    }
    /// The column `j`: 0..7 for files a..h.
    pub const fn j(self) -> u8 {
        self.0 & 7
    }
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    pub const fn bit(self) -> Bitboard {
        1u64 << self.0
    }
    /// Parse algebraic notation such as `e4`.
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let j = b[0].wrapping_sub(b'a');
        let i = b[1].wrapping_sub(b'1');
        Square::from_ij(i as i32, j as i32).filter(|_| i < 8 && j < 8)
    }
    /// The file letter, `a`..`h`.
    pub fn file_char(self) -> char {
        (b'a' + self.j()) as char
    }
    /// The rank digit, `1`..`8`.
    pub fn rank_char(self) -> char {
        (b'1' + self.i()) as char
    }
    /// The square `n` steps of `(di, dj)` away, if it is on the board.
    pub fn offset(self, di: i32, dj: i32) -> Option<Square> {
        Square::from_ij(self.i() as i32 + di, self.j() as i32 + dj)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

/// A square is written as in algebraic notation (`"e4"`) in JSON.
impl Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({},{})", self, self.i(), self.j())
    }
}

/// The side a piece belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ColorName"))]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];
    pub const fn index(self) -> usize {
        self as usize
    }
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    /// ΔI of a step forward: +1 for White, −1 for Black.
    pub const fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
    /// The row the pawns start on: 1 for White, 6 for Black.
    pub const fn pawn_row(self) -> u8 {
        match self {
            Color::White => 1,
            Color::Black => 6,
        }
    }
    /// The row a pawn promotes on: 7 for White, 0 for Black.
    pub const fn last_row(self) -> u8 {
        match self {
            Color::White => 7,
            Color::Black => 0,
        }
    }
    /// The row the king and rooks start on: 0 for White, 7 for Black.
    pub const fn home_row(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// The kinds of FIDE pieces (their moves are the formula table of [`crate::movement`]; other
/// pieces, such as the Prince and the Ritter of chess-t1, are data in a piece set).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "KindName"))]
pub enum PieceKind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl PieceKind {
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];
    /// The pieces a pawn may promote to.
    pub const PROMOTIONS: [PieceKind; 4] =
        [PieceKind::Queen, PieceKind::Rook, PieceKind::Bishop, PieceKind::Knight];
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The kind's name, as JSON writes it and the message catalogue keys it: `knight`.
    pub fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "pawn",
            PieceKind::Knight => "knight",
            PieceKind::Bishop => "bishop",
            PieceKind::Rook => "rook",
            PieceKind::Queen => "queen",
            PieceKind::King => "king",
        }
    }
    /// The upper-case letter of FEN and English SAN: `P N B R Q K`. (The letters a child reads
    /// in another language are in that language's word file, `www/i18n/<lang>/language.js`.)
    pub const fn letter(self) -> char {
        match self {
            PieceKind::Pawn => 'P',
            PieceKind::Knight => 'N',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Queen => 'Q',
            PieceKind::King => 'K',
        }
    }
    /// The kind for a letter of either case.
    pub fn from_letter(c: char) -> Option<PieceKind> {
        let upper = c.to_ascii_uppercase();
        PieceKind::ALL.into_iter().find(|k| k.letter() == upper)
    }
}

/// A piece: a kind and a colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Piece {
    pub color: Color,
    pub kind: PieceKind,
}

impl Piece {
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }
    /// The FEN letter: upper case for White, lower case for Black.
    pub fn char(self) -> char {
        let c = self.kind.letter();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
    pub fn from_char(c: char) -> Option<Piece> {
        let kind = PieceKind::from_letter(c)?;
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece { color, kind })
    }
}

/// Castling rights, one bit each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Castling(pub u8);

impl Castling {
    pub const WHITE_KING: u8 = 1;
    pub const WHITE_QUEEN: u8 = 2;
    pub const BLACK_KING: u8 = 4;
    pub const BLACK_QUEEN: u8 = 8;
    pub const ALL: Castling = Castling(15);
    /// The bit for a side's castling: `king_side` towards the h-file.
    pub const fn flag(color: Color, king_side: bool) -> u8 {
        match (color, king_side) {
            (Color::White, true) => Self::WHITE_KING,
            (Color::White, false) => Self::WHITE_QUEEN,
            (Color::Black, true) => Self::BLACK_KING,
            (Color::Black, false) => Self::BLACK_QUEEN,
        }
    }
    pub const fn has(self, color: Color, king_side: bool) -> bool {
        self.0 & Self::flag(color, king_side) != 0
    }
}

/// Everything that makes a position: where the pieces stand, whose move it is, castling rights,
/// the en-passant square and the two move counters of FEN.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub(crate) by_kind: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    pub side: Color,
    pub castling: Castling,
    /// The square a pawn skipped with its double step on the last move, if any.
    pub en_passant: Option<Square>,
    /// Half-moves since the last capture or pawn move (the 50- and 75-move rules).
    pub halfmove_clock: u32,
    /// The number of the full move, starting at 1 and incremented after Black's move.
    pub fullmove: u32,
}

impl Default for Position {
    fn default() -> Self {
        Position::empty()
    }
}

impl Position {
    /// An empty board, White to move.
    pub const fn empty() -> Position {
        Position {
            by_kind: [0; 6],
            by_color: [0; 2],
            side: Color::White,
            castling: Castling(0),
            en_passant: None,
            halfmove_clock: 0,
            fullmove: 1,
        }
    }

    /// The initial position of a game.
    pub fn initial() -> Position {
        let mut p = Position::empty();
        let back = [
            PieceKind::Rook,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Queen,
            PieceKind::King,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Rook,
        ];
        for (j, &kind) in back.iter().enumerate() {
            let j = j as i32;
            p.put(Square::from_ij(0, j).unwrap(), Piece::new(Color::White, kind));
            p.put(Square::from_ij(1, j).unwrap(), Piece::new(Color::White, PieceKind::Pawn));
            p.put(Square::from_ij(6, j).unwrap(), Piece::new(Color::Black, PieceKind::Pawn));
            p.put(Square::from_ij(7, j).unwrap(), Piece::new(Color::Black, kind));
        }
        p.castling = Castling::ALL;
        p
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }
    /// The squares of one side's pieces.
    #[inline]
    pub fn color_bb(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }
    /// The squares of one kind of piece, both sides.
    #[inline]
    pub fn kind_bb(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }
    /// The squares of one side's pieces of one kind.
    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_color[color.index()] & self.by_kind[kind.index()]
    }

    /// The piece on a square, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let bit = sq.bit();
        let color = if self.by_color[0] & bit != 0 {
            Color::White
        } else if self.by_color[1] & bit != 0 {
            Color::Black
        } else {
            return None;
        };
        let kind = PieceKind::ALL.into_iter().find(|k| self.by_kind[k.index()] & bit != 0)?;
        Some(Piece::new(color, kind))
    }

    /// The kind of the piece on an occupied square (fast path for move generation).
    #[inline]
    pub(crate) fn kind_at(&self, sq: Square) -> Option<PieceKind> {
        let bit = sq.bit();
        PieceKind::ALL.into_iter().find(|k| self.by_kind[k.index()] & bit != 0)
    }

    /// Put a piece on a square, replacing whatever stood there.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.by_kind[piece.kind.index()] |= sq.bit();
        self.by_color[piece.color.index()] |= sq.bit();
    }

    /// Take whatever stands on a square off the board.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.by_kind[piece.kind.index()] &= !sq.bit();
        self.by_color[piece.color.index()] &= !sq.bit();
        Some(piece)
    }

    /// The square of a side's king, if it has exactly one.
    pub fn king(&self, color: Color) -> Option<Square> {
        let k = self.pieces(color, PieceKind::King);
        if k != 0 && k & (k - 1) == 0 {
            Some(Square(k.trailing_zeros() as u8))
        } else {
            None
        }
    }

    /// Every piece on the board with its square, a1 first.
    pub fn all_pieces(&self) -> Vec<(Square, Piece)> {
        squares(self.occupied()).filter_map(|s| self.piece_at(s).map(|p| (s, p))).collect()
    }
}

/// Which part of a position is wrong; its FEN field is [`PositionPart::fen_field`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionPart {
    Placement,
    Castling,
    EnPassant,
}

impl PositionPart {
    /// The FEN field (from 1) that holds this part.
    pub fn fen_field(self) -> u8 {
        match self {
            PositionPart::Placement => 1,
            PositionPart::Castling => 3,
            PositionPart::EnPassant => 4,
        }
    }
}

/// The side of the board a castling goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wing {
    King,
    Queen,
}

impl Wing {
    pub fn name(self) -> &'static str {
        match self {
            Wing::King => "king",
            Wing::Queen => "queen",
        }
    }
}

/// Why a position cannot exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalPosition {
    PawnOnEdge { square: Square },
    Kings { side: Color, count: u32 },
    Pawns { side: Color, count: u32 },
    Pieces { side: Color, count: u32 },
    CastlingKing { side: Color, wing: Wing, square: Square },
    CastlingRook { side: Color, wing: Wing, square: Square },
    EnPassant { square: Square, side: Color },
    InCheck { side: Color, square: Square, turn: Color },
}

impl IllegalPosition {
    /// The part of the position that is wrong.
    pub fn part(&self) -> PositionPart {
        match self {
            IllegalPosition::CastlingKing { .. } | IllegalPosition::CastlingRook { .. } => {
                PositionPart::Castling
            }
            IllegalPosition::EnPassant { .. } => PositionPart::EnPassant,
            _ => PositionPart::Placement,
        }
    }

    /// The message, without the place.
    pub fn message(&self) -> crate::message::Message {
        use IllegalPosition::*;
        match *self {
            PawnOnEdge { square } => msg!("position-pawn-on-edge", square = square),
            Kings { side, count } => msg!("position-kings", side = side, count = count),
            Pawns { side, count } => msg!("position-pawns", side = side, count = count),
            Pieces { side, count } => msg!("position-pieces", side = side, count = count),
            CastlingKing { side, wing, square } => {
                msg!("position-castling-king", side = side, wing = wing.name(), square = square)
            }
            CastlingRook { side, wing, square } => {
                msg!("position-castling-rook", side = side, wing = wing.name(), square = square)
            }
            EnPassant { square, side } => msg!("position-en-passant", square = square, side = side),
            InCheck { side, square, turn } => {
                msg!("position-in-check", side = side, square = square, turn = turn)
            }
        }
    }
}

/// English, as the message says it.
impl fmt::Display for IllegalPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for IllegalPosition {}

impl From<IllegalPosition> for crate::message::Message {
    fn from(e: IllegalPosition) -> Self {
        e.message()
    }
}

impl Position {
    /// Check what the board alone says about whether the position can exist: pawns off the edge
    /// rows, at most one king, 8 pawns and 16 men a side, castling rights with their king and
    /// rook at home, an en-passant square a pawn just skipped. Positions without kings are
    /// allowed (drills). The whole check, which also needs attacks (the side not to move may not
    /// be in check), is the rules' [`Position::validate`] (in `rules.rs`, where attacks are
    /// computed): this module stays below the rules.
    pub fn validate_setup(&self) -> Result<(), IllegalPosition> {
        const EDGE_ROWS: Bitboard = 0xff00_0000_0000_00ff;
        if let Some(square) = squares(self.kind_bb(PieceKind::Pawn) & EDGE_ROWS).next() {
            return Err(IllegalPosition::PawnOnEdge { square });
        }
        for side in Color::BOTH {
            let count = self.pieces(side, PieceKind::King).count_ones();
            if count > 1 {
                return Err(IllegalPosition::Kings { side, count });
            }
            let count = self.pieces(side, PieceKind::Pawn).count_ones();
            if count > 8 {
                return Err(IllegalPosition::Pawns { side, count });
            }
            let count = self.color_bb(side).count_ones();
            if count > 16 {
                return Err(IllegalPosition::Pieces { side, count });
            }
        }
        for side in Color::BOTH {
            for wing in [Wing::King, Wing::Queen] {
                let king_side = wing == Wing::King;
                if !self.castling.has(side, king_side) {
                    continue;
                }
                let row = side.home_row() as i32;
                let king_home = Square::from_ij(row, 4).unwrap();
                let rook_home = Square::from_ij(row, if king_side { 7 } else { 0 }).unwrap();
                if self.piece_at(king_home) != Some(Piece::new(side, PieceKind::King)) {
                    return Err(IllegalPosition::CastlingKing { side, wing, square: king_home });
                }
                if self.piece_at(rook_home) != Some(Piece::new(side, PieceKind::Rook)) {
                    return Err(IllegalPosition::CastlingRook { side, wing, square: rook_home });
                }
            }
        }
        if let Some(ep) = self.en_passant {
            let mover = self.side.opposite();
            // The pawn that just moved two squares stands one row past the skipped square.
            let expected_row = mover.pawn_row() as i32 + mover.forward();
            let pawn_sq = ep.offset(mover.forward(), 0);
            let from_sq = ep.offset(-mover.forward(), 0);
            let ok = ep.i() as i32 == expected_row
                && pawn_sq
                    .is_some_and(|s| self.piece_at(s) == Some(Piece::new(mover, PieceKind::Pawn)))
                && !self.occupied() & ep.bit() != 0
                && from_sq.is_some_and(|s| self.occupied() & s.bit() == 0);
            if !ok {
                return Err(IllegalPosition::EnPassant { square: ep, side: mover });
            }
        }
        Ok(())
    }
}
