//! Variant rules: positions, moves and force for any piece set ([`PieceSet`]), such as chess-t1.
//!
//! Moves are generated from the set's lines alone on the (i, j) board: a line
//! `i1 = i + n·a·ΔI, j1 = j + n·b·ΔJ` reaches the squares for n in its range, and stops at the
//! first occupied square unless the piece jumps. A piece may not enter the regions its
//! `may_not_enter` names.
//!
//! **Force.** A piece's force (its strength, in halves) acts on every square its capture-capable
//! lines reach (an occupied square receives force and stops the line unless the piece jumps; a
//! square in a region the piece may not enter receives none), and, when the set has
//! `self_defence`, on its own square. On a square of an enemy piece (or an empty one) force
//! attacks; on a square of its own side it defends. A piece without a strength gives none.
//!
//! **Capture.** A piece may capture an enemy piece it reaches along a line when the set's capture
//! is `any`, or, for `superior_force` (chess-t1), when its side's total force on the square is
//! strictly greater than the other side's total there (the captured piece's self-defence
//! included). This is our reading of a chapter of the chess-t1 rules that is not in the fragment.
//!
//! There is no check, mate or promotion: chess-t1 fixes none, and lessons need none.

use crate::board::{Color, Square};
use crate::message::Message;
use crate::movement::{Capture, Explanation, Line, PieceDef, PieceSet};
use serde::Serialize;
use std::fmt;
use std::sync::Arc;

mod game;
mod text;

pub use game::{VariantGame, VariantStatus};

/// A position of a variant: the set, 64 cells (a side and the index of a piece in the set), the
/// side to move and the clocks.
#[derive(Clone)]
pub struct VariantPosition {
    set: Arc<PieceSet>,
    cells: [Option<(Color, u8)>; 64],
    turn: Color,
    halfmove: u32,
    fullmove: u32,
}

impl fmt::Debug for VariantPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VariantPosition({} {})", self.set.id, self.fen())
    }
}

/// Positions of the same set (the same `Arc`) with the same pieces and side to move are equal
/// (the clocks are not compared), so a search can keep the positions it has seen in a hash set.
impl PartialEq for VariantPosition {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.set, &other.set) && self.cells == other.cells && self.turn == other.turn
    }
}

impl Eq for VariantPosition {}

impl std::hash::Hash for VariantPosition {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.cells.hash(h);
        self.turn.hash(h);
    }
}

/// Why a target may not be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Refusal {
    /// A capture without superiority of force: the capturing side's total there is not greater.
    Force,
    /// The square is in a region the piece may not enter.
    Region,
}

/// The total force of each side on a square, in halves of a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ForceBalance {
    pub white: u16,
    pub black: u16,
}

impl ForceBalance {
    /// The total of a side.
    pub fn of(self, color: Color) -> u16 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
}

/// How a piece's force acts on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ForceRole"))]
pub enum Role {
    /// On an enemy piece, or on an empty square (the square is "under aim").
    Attack,
    /// On a piece of its own side.
    Defence,
    /// On its own square (the set's `self_defence`).
    SelfDefence,
}

/// One piece's force on a square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ForceSourceInfo"))]
pub struct ForceSource {
    /// Where the piece stands.
    pub from: Square,
    pub color: Color,
    /// The piece's id in the set.
    pub piece: String,
    /// Its strength, in halves.
    pub halves: u16,
    pub role: Role,
}

/// The force on a square: each side's total, in halves, and the pieces that give it (sorted by
/// square).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ForceReport {
    pub white: u16,
    pub black: u16,
    pub sources: Vec<ForceSource>,
}

impl ForceReport {
    pub fn balance(&self) -> ForceBalance {
        ForceBalance { white: self.white, black: self.black }
    }
}

/// A square a piece reaches along one of its lines: a move, a capture, or a refused one, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariantTarget {
    pub square: Square,
    /// An enemy piece stands there.
    pub capture: bool,
    /// The move may be played.
    pub allowed: bool,
    /// Why not, when not allowed.
    pub refusal: Option<Refusal>,
    /// The line, n, ΔI and ΔJ that reach the square.
    pub explanation: Explanation,
    /// For a capture: both sides' force on the square.
    pub force: Option<ForceBalance>,
    /// For a refusal by region: the region's id.
    pub region: Option<String>,
}

/// A move played: the piece, what it took, and how its line reached the square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariantMove {
    pub from: Square,
    pub to: Square,
    pub color: Color,
    /// The piece's id.
    pub piece: String,
    /// The id of the piece taken.
    pub captured: Option<String>,
    pub explanation: Explanation,
    /// For a capture: both sides' force on the square before it.
    pub force: Option<ForceBalance>,
}

/// Why a position could not be read or a move not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// A FEN or text board that cannot be read; the message's arguments name the place (FEN
    /// field, text board line and column).
    Position(Message),
    NoPiece {
        square: Square,
    },
    NotYourPiece {
        square: Square,
        side: Color,
    },
    /// The piece has no line to the square (or the line is blocked, or its own piece stands there).
    CannotReach {
        from: Square,
        to: Square,
        piece: String,
    },
    /// A capture without superiority of force.
    NotStronger {
        from: Square,
        to: Square,
        side: Color,
        force: ForceBalance,
    },
    /// The square is in a region the piece may not enter.
    Region {
        to: Square,
        piece: String,
        region: String,
    },
    /// Undo or redo with nothing to take back or play again.
    NothingToUndo,
    NothingToRedo,
}

/// `3` halves as `1½`, `4` as `2`.
pub fn halves_text(h: u16) -> String {
    match (h / 2, h % 2) {
        (0, 1) => "½".into(),
        (w, 0) => w.to_string(),
        (w, _) => format!("{w}½"),
    }
}

impl VariantError {
    /// The message for a person.
    pub fn message(&self) -> Message {
        match self {
            VariantError::Position(m) => m.clone(),
            VariantError::NoPiece { square } => msg!("rule-no-piece", square = *square),
            VariantError::NotYourPiece { square, side } => {
                msg!("rule-not-your-piece", square = *square, side = *side)
            }
            VariantError::CannotReach { from, to, piece } => {
                msg!("variant-cannot-reach", piece = piece, from = *from, to = *to)
            }
            VariantError::NotStronger { from, to, side, force } => msg!(
                "variant-not-stronger",
                from = *from,
                to = *to,
                side = *side,
                white = halves_text(force.white),
                black = halves_text(force.black)
            ),
            VariantError::Region { to, piece, region } => {
                msg!("variant-region", piece = piece, square = *to, region = region)
            }
            VariantError::NothingToUndo => msg!("variant-nothing-to-undo"),
            VariantError::NothingToRedo => msg!("variant-nothing-to-redo"),
        }
    }
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for VariantError {}

impl From<VariantError> for Message {
    fn from(e: VariantError) -> Self {
        e.message()
    }
}

impl VariantTarget {
    /// What to tell the child about this target: the line it follows, and for a capture or a
    /// refusal the force on both sides.
    pub fn message(&self, from: Square, piece: &PieceDef, color: Color) -> Message {
        let e = &self.explanation;
        let line = e.line.map_or(0, |l| l + 1);
        let base = |m: Message| {
            m.with("piece", &piece.id)
                .with("from", from)
                .with("to", self.square)
                .with("line", line)
                .with("n", e.n as u32)
                .with("di", e.di as i32)
                .with("dj", e.dj as i32)
        };
        let force = |m: Message| match self.force {
            Some(f) => m
                .with("white", halves_text(f.white))
                .with("black", halves_text(f.black))
                .with("side", color),
            None => m,
        };
        match (self.refusal, self.capture) {
            (Some(Refusal::Region), _) => base(msg!("variant-target-region"))
                .with("region", self.region.clone().unwrap_or_default()),
            (Some(Refusal::Force), _) => force(base(msg!("variant-target-not-stronger"))),
            (None, true) => force(base(msg!("variant-target-capture"))),
            (None, false) => base(msg!("variant-target-move")),
        }
    }
}

/// A square reached along a line, as the walker reports it.
struct Reach {
    line: usize,
    to: Square,
    n: u8,
    di: i8,
    dj: i8,
    from_start: bool,
}

/// Walk the lines of a piece of `color` on `from`: every square with n in the line's range, in
/// line order; a line that does not jump stops at the first occupied square (that square is
/// reported). `occupied` says whether a square holds a piece.
fn walk(
    lines: &[Line],
    color: Color,
    from: Square,
    occupied: impl Fn(Square) -> bool,
    mut visit: impl FnMut(&Line, Reach),
) {
    for (index, line) in lines.iter().enumerate() {
        let n_max = line.n_max_at(color, from);
        for (di, dj, vi, vj) in line.vectors(color) {
            for n in 1..=n_max {
                let Some(to) = from.offset(vi * n as i32, vj * n as i32) else { break };
                if n >= line.n.0 {
                    visit(line, Reach { line: index, to, n, di, dj, from_start: n > line.n.1 });
                }
                if !line.jumps && occupied(to) {
                    break;
                }
            }
        }
    }
}

impl VariantPosition {
    /// An empty board of the set, White to move.
    pub fn empty(set: Arc<PieceSet>) -> VariantPosition {
        VariantPosition { set, cells: [None; 64], turn: Color::White, halfmove: 0, fullmove: 1 }
    }

    /// A chess position with the FIDE set ([`PieceSet::fide`]: strength 1 a piece, capture
    /// `any`). Castling and en passant are rules, not lines: they are left out.
    pub fn from_position(pos: &crate::board::Position) -> VariantPosition {
        static FIDE: std::sync::OnceLock<Arc<PieceSet>> = std::sync::OnceLock::new();
        let set = FIDE.get_or_init(|| Arc::new(PieceSet::fide())).clone();
        let mut out = VariantPosition::empty(set);
        for (s, p) in pos.all_pieces() {
            // The FIDE set's pieces are the formula rows, in the order of the kinds.
            out.cells[s.index()] = Some((p.color, p.kind.index() as u8));
        }
        out.turn = pos.side;
        out.halfmove = pos.halfmove_clock;
        out.fullmove = pos.fullmove;
        out
    }

    /// Read a FEN with the set's letters (castling and en passant fields `-`; trailing fields may
    /// be left out), or the 8-line text board (rank 8 first, `.` empty, an optional ninth line
    /// with the other FEN fields such as `b - - 0 1`).
    pub fn parse(set: Arc<PieceSet>, text: &str) -> Result<VariantPosition, VariantError> {
        text::parse(set, text)
    }

    /// The position as FEN with the set's letters.
    pub fn fen(&self) -> String {
        text::fen(self)
    }

    /// The position as the 8-line text board (no line of FEN fields).
    pub fn text_board(&self) -> String {
        text::text_board(self)
    }

    pub fn set(&self) -> &Arc<PieceSet> {
        &self.set
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The same position with another side to move.
    pub fn with_turn(mut self, turn: Color) -> VariantPosition {
        self.turn = turn;
        self
    }

    /// The piece on a square: its side and its definition.
    pub fn piece_at(&self, sq: Square) -> Option<(Color, &PieceDef)> {
        self.cells[sq.index()].map(|(c, k)| (c, &self.set.pieces[k as usize]))
    }

    /// The piece on a square: its side and its index in the set.
    pub fn cell(&self, sq: Square) -> Option<(Color, usize)> {
        self.cells[sq.index()].map(|(c, k)| (c, k as usize))
    }

    /// Put a piece (its index in the set) on a square, or empty it with `None`. Returns false, and
    /// changes nothing, when the index is not a piece of the set.
    pub fn put(&mut self, sq: Square, piece: Option<(Color, usize)>) -> bool {
        match piece {
            Some((_, k)) if k >= self.set.pieces.len() || k > u8::MAX as usize => false,
            _ => {
                self.cells[sq.index()] = piece.map(|(c, k)| (c, k as u8));
                true
            }
        }
    }

    /// Every piece on the board, by square.
    pub fn pieces(&self) -> Vec<(Square, Color, &PieceDef)> {
        (0..64u8)
            .map(Square::from_index)
            .filter_map(|s| self.piece_at(s).map(|(c, p)| (s, c, p)))
            .collect()
    }

    fn occupied(&self, sq: Square) -> bool {
        self.cells[sq.index()].is_some()
    }

    /// The force of every piece on `sq`: each side's total and the pieces that give it.
    pub fn force(&self, sq: Square) -> ForceReport {
        let mut sources = Vec::new();
        let target = self.cells[sq.index()];
        for s in 0..64u8 {
            let from = Square::from_index(s);
            let Some((color, k)) = self.cells[from.index()] else { continue };
            let def = &self.set.pieces[k as usize];
            let Some(strength) = def.strength else { continue };
            let halves = strength as u16;
            let role = if from == sq {
                if !self.set.self_defence {
                    continue;
                }
                Some(Role::SelfDefence)
            } else if self.set.forbidden(k as usize) & sq.bit() != 0 {
                None
            } else {
                let mut reached = false;
                walk(
                    &def.lines,
                    color,
                    from,
                    |t| self.occupied(t),
                    |line, r| {
                        reached |= r.to == sq && line.mode.captures();
                    },
                );
                reached.then_some(match target {
                    Some((c, _)) if c == color => Role::Defence,
                    _ => Role::Attack,
                })
            };
            if let Some(role) = role {
                sources.push(ForceSource { from, color, piece: def.id.clone(), halves, role });
            }
        }
        let total = |c: Color| sources.iter().filter(|s| s.color == c).map(|s| s.halves).sum();
        ForceReport { white: total(Color::White), black: total(Color::Black), sources }
    }

    /// The squares the piece on `from` reaches along its lines (whichever side it belongs to),
    /// sorted by square index: moves, captures, and refused ones with the reason. Squares of its
    /// own pieces are not targets. Empty for an empty square.
    pub fn targets(&self, from: Square) -> Vec<VariantTarget> {
        let Some((color, k)) = self.cell(from) else { return Vec::new() };
        let def = &self.set.pieces[k];
        let mut out: Vec<VariantTarget> = Vec::new();
        walk(
            &def.lines,
            color,
            from,
            |t| self.occupied(t),
            |line, r| {
                let capture = match self.cells[r.to.index()] {
                    None if line.mode.moves() => false,
                    Some((c, _)) if c != color && line.mode.captures() => true,
                    _ => return,
                };
                let at = out.partition_point(|t| t.square < r.to);
                if out.get(at).is_some_and(|t| t.square == r.to) {
                    return;
                }
                let explanation =
                    Explanation::new(Some(r.line), line.terms(), r.n, r.di, r.dj, r.from_start);
                out.insert(
                    at,
                    VariantTarget {
                        square: r.to,
                        capture,
                        allowed: true,
                        refusal: None,
                        explanation,
                        force: None,
                        region: None,
                    },
                );
            },
        );
        for t in &mut out {
            if let Some(region) = self.set.region_of(k, t.square) {
                t.allowed = false;
                t.refusal = Some(Refusal::Region);
                t.region = Some(region.to_string());
            }
            if t.capture {
                let f = self.force(t.square).balance();
                t.force = Some(f);
                if t.allowed
                    && self.set.capture == Capture::SuperiorForce
                    && f.of(color) <= f.of(color.opposite())
                {
                    t.allowed = false;
                    t.refusal = Some(Refusal::Force);
                }
            }
        }
        out
    }

    /// Play the move of the side to move from `from` to `to`; refused with the reason (a refused
    /// capture names both sides' force).
    pub fn play(&mut self, from: Square, to: Square) -> Result<VariantMove, VariantError> {
        let Some((color, k)) = self.cell(from) else {
            return Err(VariantError::NoPiece { square: from });
        };
        if color != self.turn {
            return Err(VariantError::NotYourPiece { square: from, side: self.turn });
        }
        let def = &self.set.pieces[k];
        let Some(t) = self.targets(from).into_iter().find(|t| t.square == to) else {
            return Err(VariantError::CannotReach { from, to, piece: def.id.clone() });
        };
        match t.refusal {
            Some(Refusal::Region) => {
                return Err(VariantError::Region {
                    to,
                    piece: def.id.clone(),
                    region: t.region.unwrap_or_default(),
                });
            }
            Some(Refusal::Force) => {
                let force = t.force.unwrap_or(ForceBalance { white: 0, black: 0 });
                return Err(VariantError::NotStronger { from, to, side: color, force });
            }
            None => {}
        }
        let captured = self.piece_at(to).map(|(_, p)| p.id.clone());
        let mv = VariantMove {
            from,
            to,
            color,
            piece: def.id.clone(),
            captured,
            explanation: t.explanation,
            force: t.force,
        };
        self.cells[to.index()] = self.cells[from.index()].take();
        self.halfmove = if mv.captured.is_some() { 0 } else { self.halfmove + 1 };
        if color == Color::Black {
            self.fullmove += 1;
        }
        self.turn = color.opposite();
        Ok(mv)
    }
}

// proptest is a native dev-dependency only (wasm-pack test builds the lib tests for wasm32)
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
