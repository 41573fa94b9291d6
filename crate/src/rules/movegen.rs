//! Move generation: attacks, pins and checks, the legal moves (castling, en passant,
//! promotion), playing a move, check.

use super::*;
use crate::board::{
    squares, Bitboard, Castling, Color, IllegalPosition, Piece, PieceKind, Position, Square,
};
use crate::movement::{tables, Tables, FORMULAS, FULL_LINES, LEAPERS, ONLY_FULL_LINES};
use arrayvec::ArrayVec;

/// The pieces of one side, grouped as the attack test needs them: built once per position.
pub(crate) struct Threats<'a> {
    t: &'a Tables,
    pos: &'a Position,
    by: Color,
    pawns: Bitboard,
    /// The pieces that slide along a whole line both ways ([`crate::movement::LINES`]).
    line: [Bitboard; 4],
    /// Other sliders: those that slide back along each direction all the way (n up to 7).
    far: [Bitboard; 8],
    /// The pieces that slide back along each direction only a few steps (checked by distance).
    near: [Bitboard; 8],
    /// Whether `far` or `near` hold anything (never in standard chess).
    any_dir: bool,
    /// The kinds with jumping or single-step lines that are on the board, with their squares.
    leapers: ArrayVec<(usize, Bitboard), 6>,
}

impl<'a> Threats<'a> {
    pub(crate) fn new(pos: &'a Position, by: Color) -> Threats<'a> {
        let t = tables();
        let mut line = [0; 4];
        let mut far = [0; 8];
        let mut near = [0; 8];
        let mut any_dir = false;
        for &k in &t.slider_kinds {
            let bb = pos.pieces(by, k);
            if bb == 0 {
                continue;
            }
            let mut lines = t.full_lines[k.index()];
            while lines != 0 {
                line[lines.trailing_zeros() as usize] |= bb;
                lines &= lines - 1;
            }
            let mut dirs = t.other_dirs[k.index()];
            while dirs != 0 {
                // A piece sliding in direction `back` attacks along `d` seen from the target.
                let back = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                let d = (back + 4) % 8;
                any_dir = true;
                match t.slide[k.index()][back] {
                    7 => far[d] |= bb,
                    _ => near[d] |= bb,
                }
            }
        }
        let leapers = t
            .leaper_kinds
            .iter()
            .map(|&k| (k.index(), pos.pieces(by, k)))
            .filter(|&(_, bb)| bb != 0)
            .collect();
        Threats {
            t,
            pos,
            by,
            pawns: pos.pieces(by, PieceKind::Pawn),
            line,
            far,
            near,
            any_dir,
            leapers,
        }
    }

    /// The pieces that attack `sq` when the board is occupied by `occ`.
    pub(crate) fn attackers(&self, sq: Square, occ: Bitboard) -> Bitboard {
        let t = self.t;
        let s = sq.index();
        let defender = self.by.opposite().index();
        let them = self.pos.color_bb(self.by) & occ;
        let mut att = t.pawn_capture[defender][s] & self.pawns;
        for &(k, bb) in &self.leapers {
            att |= t.leap[k][defender][s] & bb;
        }
        for l in 0..4 {
            if self.line[l] & t.line_mask[l][s] != 0 {
                att |= t.line_attacks(l, sq, occ) & self.line[l];
            }
        }
        if !self.any_dir {
            return att & them;
        }
        for d in 0..8 {
            let sliders = self.far[d] | self.near[d];
            if sliders == 0 || t.ray[d][7][s] & sliders == 0 {
                continue;
            }
            let a = t.slide_attacks(d, 7, sq, occ);
            att |= a & self.far[d];
            for x in squares(a & self.near[d]) {
                let k = self.pos.kind_at(x).unwrap();
                if t.slide[k.index()][(d + 4) % 8] as u32 >= distance(sq, x) {
                    att |= x.bit();
                }
            }
        }
        att & them
    }

    /// The one enemy piece behind `first` on the ray from `king` in direction `d`, if it pins `first`.
    fn pins(&self, king: Square, d: usize, occ: Bitboard) -> bool {
        let t = self.t;
        let beyond = t.ray[d][7][king.index()] & occ;
        let nearest =
            |bb: Bitboard| if d < 4 { bb.trailing_zeros() } else { 63 - bb.leading_zeros() };
        let rest = beyond & !(1u64 << nearest(beyond));
        if rest == 0 {
            return false;
        }
        let second = Square::from_index(nearest(rest) as u8);
        if (self.line[d % 4] | self.far[d]) & second.bit() != 0 {
            return true;
        }
        self.near[d] & second.bit() != 0 && {
            let k = self.pos.kind_at(second).unwrap();
            t.slide[k.index()][(d + 4) % 8] as u32 >= distance(king, second)
        }
    }
}

/// The pieces of `by` that attack `sq` when the board is occupied by `occ`.
pub fn attackers(pos: &Position, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
    Threats::new(pos, by).attackers(sq, occ)
}

/// Whether `sq` is attacked by a piece of `by`.
pub fn is_attacked(pos: &Position, sq: Square, by: Color, occ: Bitboard) -> bool {
    attackers(pos, sq, by, occ) != 0
}

impl Position {
    /// Check that the position can exist: what the board says ([`Position::validate_setup`])
    /// and, from the attacks, that the side not to move is not in check. (Written here, where
    /// attacks are computed, so the board does not call the rules.)
    pub fn validate(&self) -> Result<(), IllegalPosition> {
        self.validate_setup()?;
        let them = self.side.opposite();
        if let Some(k) = self.king(them) {
            if is_attacked(self, k, self.side, self.occupied()) {
                return Err(IllegalPosition::InCheck { side: them, square: k, turn: self.side });
            }
        }
        Ok(())
    }
}

/// The number of king steps between two squares.
pub fn distance(a: Square, b: Square) -> u32 {
    (a.i() as i32 - b.i() as i32).unsigned_abs().max((a.j() as i32 - b.j() as i32).unsigned_abs())
}

/// What the side to move knows about its king: checkers and pinned pieces.
struct KingSafety {
    king: Square,
    checkers: Bitboard,
    pinned: Bitboard,
}

fn king_safety(pos: &Position, threats: &Threats, king: Square) -> KingSafety {
    let t = threats.t;
    let occ = pos.occupied();
    let ours = pos.color_bb(pos.side);
    let mut pinned = 0;
    for d in 0..8 {
        let ray = t.ray[d][7][king.index()];
        if ray & (threats.line[d % 4] | threats.far[d] | threats.near[d]) == 0 {
            continue;
        }
        let blockers = ray & occ;
        if blockers == 0 {
            continue;
        }
        let first = if d < 4 { blockers.trailing_zeros() } else { 63 - blockers.leading_zeros() };
        if ours & (1u64 << first) != 0 && threats.pins(king, d, occ) {
            pinned |= 1u64 << first;
        }
    }
    KingSafety { king, checkers: threats.attackers(king, occ), pinned }
}

/// The legal targets of one piece, as a set; [`generate`] hands these to its sink.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TargetSet {
    /// The kind of the piece that moves.
    pub piece: PieceKind,
    pub from: Square,
    pub to: Bitboard,
    pub kind: SetKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SetKind {
    /// A piece's ordinary moves and captures.
    Piece,
    /// A pawn's pushes and captures (promotions where they reach the last row).
    Pawn,
    Castle,
    EnPassant,
}

/// The kinds whose moves are their attacks in the catalogue's tables, as bits by
/// [`PieceKind::index`]: every kind but the royal one (its steps are checked square by square)
/// and the one that promotes (the pawn: its pushes and captures are tables of their own). In
/// FIDE: the knight, bishop, rook and queen. Read from the formulas at compile time, so that the
/// loops of move generation and evaluation cost what a list by hand costs.
const MOVES_ARE_ATTACKS: u8 = {
    let mut bits = 0;
    let mut k = 0;
    while k < FORMULAS.len() {
        if !FORMULAS[k].royal && !FORMULAS[k].promotes {
            bits |= 1 << FORMULAS[k].kind.index();
        }
        k += 1;
    }
    bits
};

/// The kinds of [`MOVES_ARE_ATTACKS`] in [`PieceKind::ALL`] order, as a constant array: a loop
/// over it compiles as a loop over a list written by hand.
pub(crate) const PIECE_KINDS: [PieceKind; MOVES_ARE_ATTACKS.count_ones() as usize] = {
    let mut out = [PieceKind::Pawn; MOVES_ARE_ATTACKS.count_ones() as usize];
    let (mut n, mut k) = (0, 0);
    while k < PieceKind::ALL.len() {
        if MOVES_ARE_ATTACKS & (1 << k) != 0 {
            out[n] = PieceKind::ALL[k];
            n += 1;
        }
        k += 1;
    }
    out
};

/// Whether move generation takes the fast path (see [`generate_fast`]) when the catalogue allows
/// it. The packages built for size (the widget's and the first lesson's: feature `compact`) keep
/// only the generic path: a click needs one generation, not millions, and it weighs 1.5 KiB less.
const FAST_PATH: bool = ONLY_FULL_LINES && !cfg!(feature = "compact");

/// Generate the legal targets of every piece of the side to move, one set per piece.
#[inline]
pub(crate) fn generate(pos: &Position, mut sink: impl FnMut(TargetSet)) {
    if FAST_PATH {
        if let Some(king) = pos.king(pos.side) {
            return generate_fast(pos, king, &mut sink);
        }
    }
    generate_generic(pos, sink)
}

/// The pieces of `color` that slide the whole line `line` ([`crate::movement::LINES`]), by the
/// catalogue's [`FULL_LINES`] (in FIDE: rooks and queens on files and ranks, bishops and queens on
/// diagonals). The loop runs over constants and folds away.
#[inline(always)]
fn line_sliders(pos: &Position, color: usize, line: usize) -> Bitboard {
    let mut bb = 0;
    let mut k = 0;
    while k < 6 {
        if FULL_LINES[k] & (1 << line) != 0 {
            bb |= pos.by_kind[k];
        }
        k += 1;
    }
    bb & pos.by_color[color]
}

/// The squares a piece of kind `K` attacks from `s` (not the pawn): its leaps and its whole lines,
/// as the catalogue's constants say; one body per kind, with the branches folded away.
#[inline(always)]
fn attacks_of<const K: usize>(t: &Tables, color: usize, s: Square, occ: Bitboard) -> Bitboard {
    let mut bb = 0;
    if LEAPERS & (1 << K) != 0 {
        bb |= t.leap[K][color][s.index()];
    }
    let mut line = 0;
    while line < 4 {
        if FULL_LINES[K] & (1 << line) != 0 {
            bb |= t.line_attacks(line, s, occ);
        }
        line += 1;
    }
    bb
}

/// The other side's pieces, grouped for the fast path's attack tests (built once per position).
struct Enemy {
    /// Whose pieces these are, and the side they attack.
    by: usize,
    defender: usize,
    pawns: Bitboard,
    /// The sliders of each whole line.
    lines: [Bitboard; 4],
}

impl Enemy {
    #[inline(always)]
    fn new(pos: &Position, by: Color) -> Enemy {
        let b = by.index();
        Enemy {
            by: b,
            defender: by.opposite().index(),
            pawns: pos.by_kind[PieceKind::Pawn.index()] & pos.by_color[b],
            lines: [
                line_sliders(pos, b, 0),
                line_sliders(pos, b, 1),
                line_sliders(pos, b, 2),
                line_sliders(pos, b, 3),
            ],
        }
    }

    /// The leaping pieces (and pawns) that attack `sq`.
    #[inline(always)]
    fn leapers(&self, t: &Tables, pos: &Position, sq: usize, pawns: Bitboard) -> Bitboard {
        let mut att = t.pawn_capture[self.defender][sq] & pawns;
        let mut k = 0;
        while k < 6 {
            if LEAPERS & (1 << k) != 0 {
                att |= t.leap[k][self.defender][sq] & pos.by_kind[k];
            }
            k += 1;
        }
        att & pos.by_color[self.by]
    }

    /// Whether `sq` is attacked with the board occupied by `occ` (the enemy's pawns given apart,
    /// for en passant).
    #[inline(always)]
    fn attacks(
        &self,
        t: &Tables,
        pos: &Position,
        sq: Square,
        occ: Bitboard,
        pawns: Bitboard,
    ) -> bool {
        let s = sq.index();
        if self.leapers(t, pos, s, pawns) != 0 {
            return true;
        }
        let mut line = 0;
        while line < 4 {
            let sliders = self.lines[line] & occ;
            if sliders & t.line_mask[line][s] != 0 && t.line_attacks(line, sq, occ) & sliders != 0 {
                return true;
            }
            line += 1;
        }
        false
    }
}

/// The pieces that give check to `king`, and the pieces of the king's side pinned to it.
#[inline(always)]
fn checkers_and_pins(
    t: &Tables,
    pos: &Position,
    enemy: &Enemy,
    king: Square,
    occ: Bitboard,
) -> (Bitboard, Bitboard) {
    let ks = king.index();
    let ours = pos.by_color[enemy.defender];
    let mut checkers = enemy.leapers(t, pos, ks, enemy.pawns);
    let mut pinned = 0;
    let mut line = 0;
    while line < 4 {
        let snipers = t.line_mask[line][ks] & enemy.lines[line];
        if snipers != 0 {
            checkers |= t.line_attacks(line, king, occ) & snipers;
            for s in squares(snipers) {
                let b = t.between[ks][s.index()] & occ;
                if b & b.wrapping_sub(1) == 0 && b & ours != 0 {
                    pinned |= b;
                }
            }
        }
        line += 1;
    }
    (checkers, pinned)
}

/// The targets of the pieces of kind `K` (when its moves are its attacks).
#[inline(always)]
fn piece_targets<const K: usize>(
    t: &Tables,
    pos: &Position,
    occ: Bitboard,
    target_mask: Bitboard,
    pinned: Bitboard,
    ks: usize,
    sink: &mut impl FnMut(TargetSet),
) {
    if MOVES_ARE_ATTACKS & (1 << K) == 0 {
        return;
    }
    let u = pos.side.index();
    for from in squares(pos.by_kind[K] & pos.by_color[u]) {
        let mut to = attacks_of::<K>(t, u, from, occ) & target_mask;
        if pinned & from.bit() != 0 {
            to &= t.line_through[ks][from.index()];
        }
        sink(TargetSet { piece: PieceKind::ALL[K], from, to, kind: SetKind::Piece });
    }
}

/// The fast path of [`generate`]: a side with one king, and a catalogue whose sliders all slide
/// whole lines. Checkers and pins are found once from the king, with the enemy's sliders on its
/// lines; each piece's targets are its attacks masked by check and pin.
#[inline(always)]
fn generate_fast(pos: &Position, king: Square, sink: &mut impl FnMut(TargetSet)) {
    const KING: usize = PieceKind::King as usize;
    let t = tables();
    let us = pos.side;
    let u = us.index();
    let ours = pos.by_color[u];
    let theirs = pos.by_color[1 - u];
    let occ = ours | theirs;
    let enemy = Enemy::new(pos, us.opposite());
    let ks = king.index();
    let (checkers, pinned) = checkers_and_pins(t, pos, &enemy, king, occ);

    let occ_without_king = occ ^ king.bit();
    let mut steps = attacks_of::<KING>(t, u, king, occ) & !ours;
    let mut rest = steps;
    while rest != 0 {
        let to = Square::from_index(rest.trailing_zeros() as u8);
        rest &= rest - 1;
        if enemy.attacks(t, pos, to, occ_without_king, enemy.pawns) {
            steps &= !to.bit();
        }
    }
    sink(TargetSet { piece: PieceKind::King, from: king, to: steps, kind: SetKind::Piece });
    let mut target_mask = !ours;
    if checkers != 0 {
        if checkers & (checkers - 1) != 0 {
            return;
        }
        target_mask &= checkers | t.between[ks][checkers.trailing_zeros() as usize];
    } else if pos.castling.0 & (Castling::flag(us, true) | Castling::flag(us, false)) != 0 {
        let row = us.home_row() as i32;
        if king == Square::from_ij(row, 4).unwrap() {
            let rooks = pos.by_kind[PieceKind::Rook.index()] & ours;
            for king_side in [true, false] {
                if !pos.castling.has(us, king_side) {
                    continue;
                }
                let rook = Square::from_ij(row, if king_side { 7 } else { 0 }).unwrap();
                if rooks & rook.bit() == 0 || t.between[ks][rook.index()] & occ != 0 {
                    continue;
                }
                let dir = if king_side { 1 } else { -1 };
                let pass = king.offset(0, dir).unwrap();
                let land = king.offset(0, 2 * dir).unwrap();
                if enemy.attacks(t, pos, pass, occ, enemy.pawns)
                    || enemy.attacks(t, pos, land, occ, enemy.pawns)
                {
                    continue;
                }
                sink(TargetSet {
                    piece: PieceKind::King,
                    from: king,
                    to: land.bit(),
                    kind: SetKind::Castle,
                });
            }
        }
    }
    piece_targets::<0>(t, pos, occ, target_mask, pinned, ks, sink);
    piece_targets::<1>(t, pos, occ, target_mask, pinned, ks, sink);
    piece_targets::<2>(t, pos, occ, target_mask, pinned, ks, sink);
    piece_targets::<3>(t, pos, occ, target_mask, pinned, ks, sink);
    piece_targets::<4>(t, pos, occ, target_mask, pinned, ks, sink);
    piece_targets::<5>(t, pos, occ, target_mask, pinned, ks, sink);

    let empty = !occ;
    for from in squares(pos.by_kind[PieceKind::Pawn.index()] & ours) {
        let f = from.index();
        let one = t.pawn_push_bb[u][f] & empty;
        let two = if one != 0 { t.pawn_push2_bb[u][f] & empty } else { 0 };
        let caps = t.pawn_capture[u][f];
        let mut to = (one | two | (caps & theirs)) & target_mask;
        if pinned & from.bit() != 0 {
            to &= t.line_through[ks][f];
        }
        sink(TargetSet { piece: PieceKind::Pawn, from, to, kind: SetKind::Pawn });
        if let Some(ep) = pos.en_passant {
            if caps & ep.bit() != 0 {
                // Play it on the bitboards and look at the king: covers the pin along the rank,
                // the checking pawn taken, and every check the capture does not answer.
                let victim = Square::from_index((ep.index() as i32 - 8 * us.forward()) as u8);
                let after = (occ ^ from.bit() ^ victim.bit()) | ep.bit();
                if !enemy.attacks(t, pos, king, after, enemy.pawns & !victim.bit()) {
                    sink(TargetSet {
                        piece: PieceKind::Pawn,
                        from,
                        to: ep.bit(),
                        kind: SetKind::EnPassant,
                    });
                }
            }
        }
    }
}

/// [`generate`] for any catalogue and any number of kings: the attack tests go ray by ray where
/// a kind slides only part of a line.
fn generate_generic(pos: &Position, mut sink: impl FnMut(TargetSet)) {
    let t = tables();
    let us = pos.side;
    let ours = pos.color_bb(us);
    let occ = pos.occupied();
    let threats = Threats::new(pos, us.opposite());
    let safety = pos.king(us).map(|k| king_safety(pos, &threats, k));
    let mut target_mask = !ours;
    let mut pinned = 0;
    let mut king_sq = 0;
    if let Some(s) = &safety {
        let occ_without_king = occ & !s.king.bit();
        let mut steps = t.attacks(PieceKind::King, us, s.king, occ) & !ours;
        for to in squares(steps) {
            if threats.attackers(to, occ_without_king) != 0 {
                steps &= !to.bit();
            }
        }
        sink(TargetSet { piece: PieceKind::King, from: s.king, to: steps, kind: SetKind::Piece });
        if s.checkers.count_ones() > 1 {
            return;
        }
        if s.checkers != 0 {
            let c = s.checkers.trailing_zeros() as usize;
            target_mask &= s.checkers | t.between[s.king.index()][c];
        } else {
            castling_moves(pos, t, &threats, s.king, &mut sink);
        }
        pinned = s.pinned;
        king_sq = s.king.index();
    }
    let restrict = |from: Square| -> Bitboard {
        if pinned & from.bit() != 0 {
            t.line_through[king_sq][from.index()]
        } else {
            !0
        }
    };
    for kind in PIECE_KINDS {
        for from in squares(pos.pieces(us, kind)) {
            let to = t.attacks(kind, us, from, occ) & target_mask & restrict(from);
            sink(TargetSet { piece: kind, from, to, kind: SetKind::Piece });
        }
    }
    // A side whose king count is not one has no check logic: its kings move like any piece.
    if safety.is_none() {
        for from in squares(pos.pieces(us, PieceKind::King)) {
            sink(TargetSet {
                piece: PieceKind::King,
                from,
                to: t.attacks(PieceKind::King, us, from, occ) & !ours,
                kind: SetKind::Piece,
            });
        }
    }
    let theirs = pos.color_bb(us.opposite());
    let empty = !occ;
    for from in squares(pos.pieces(us, PieceKind::Pawn)) {
        let one = t.pawn_push_bb[us.index()][from.index()] & empty;
        let two = if one != 0 { t.pawn_push2_bb[us.index()][from.index()] & empty } else { 0 };
        let mut to = one | two;
        let caps = t.pawn_capture[us.index()][from.index()];
        to |= caps & theirs;
        sink(TargetSet {
            piece: PieceKind::Pawn,
            from,
            to: to & target_mask & restrict(from),
            kind: SetKind::Pawn,
        });
        if let Some(ep) = pos.en_passant {
            if caps & ep.bit() != 0 {
                let mv = Move {
                    from,
                    to: ep,
                    promotion: None,
                    kind: MoveKind::EnPassant,
                    capture: true,
                };
                // Rare enough to test by playing it: this covers the rank pin and the checking pawn.
                if safety.is_none() || !leaves_king_attacked(pos, mv) {
                    sink(TargetSet {
                        piece: PieceKind::Pawn,
                        from,
                        to: ep.bit(),
                        kind: SetKind::EnPassant,
                    });
                }
            }
        }
    }
}

/// Generate every legal move of the side to move into `list`.
pub fn legal_moves(pos: &Position, rules: Rules, list: &mut MoveList) {
    let occ = pos.occupied();
    let last_row = pos.side.last_row();
    let promo: &[PieceKind] =
        if rules.auto_queen { &[PieceKind::Queen] } else { &PieceKind::PROMOTIONS };
    generate(pos, |set| {
        for to in squares(set.to) {
            let capture = occ & to.bit() != 0;
            let mv = |kind, promotion| Move { from: set.from, to, promotion, kind, capture };
            match set.kind {
                SetKind::Castle => list.push(mv(MoveKind::Castle, None)),
                SetKind::EnPassant => {
                    list.push(Move { capture: true, ..mv(MoveKind::EnPassant, None) })
                }
                SetKind::Pawn if to.i() == last_row => {
                    for &p in promo {
                        list.push(mv(MoveKind::Promotion, Some(p)));
                    }
                }
                _ => list.push(mv(if capture { MoveKind::Capture } else { MoveKind::Move }, None)),
            }
        }
    });
}

/// The number of legal moves, counted set by set without listing them.
pub fn count_legal_moves(pos: &Position, rules: Rules) -> usize {
    let last_row = 0xffu64 << (8 * pos.side.last_row());
    let per_promotion = if rules.auto_queen { 1 } else { PieceKind::PROMOTIONS.len() as u32 };
    let mut n = 0;
    generate(pos, |set| {
        n += set.to.count_ones();
        if set.kind == SetKind::Pawn && set.to & last_row != 0 {
            n += (set.to & last_row).count_ones() * (per_promotion - 1);
        }
    });
    n as usize
}

fn leaves_king_attacked(pos: &Position, mv: Move) -> bool {
    let after = play_unchecked(pos, mv);
    match after.king(pos.side) {
        Some(k) => is_attacked(&after, k, pos.side.opposite(), after.occupied()),
        None => false,
    }
}

fn castling_moves(
    pos: &Position,
    t: &Tables,
    threats: &Threats,
    king: Square,
    sink: &mut impl FnMut(TargetSet),
) {
    let us = pos.side;
    let row = us.home_row() as i32;
    if king != Square::from_ij(row, 4).unwrap() {
        return;
    }
    let occ = pos.occupied();
    for king_side in [true, false] {
        if !pos.castling.has(us, king_side) {
            continue;
        }
        let rook = Square::from_ij(row, if king_side { 7 } else { 0 }).unwrap();
        if pos.piece_at(rook) != Some(Piece::new(us, PieceKind::Rook)) {
            continue;
        }
        // Every square between king and rook is empty.
        if t.between[king.index()][rook.index()] & occ != 0 {
            continue;
        }
        // The king is not in check (checked by the caller), does not cross or land on an attacked square.
        let dir = if king_side { 1 } else { -1 };
        let pass = king.offset(0, dir).unwrap();
        let land = king.offset(0, 2 * dir).unwrap();
        if threats.attackers(pass, occ) != 0 || threats.attackers(land, occ) != 0 {
            continue;
        }
        sink(TargetSet {
            piece: PieceKind::King,
            from: king,
            to: land.bit(),
            kind: SetKind::Castle,
        });
    }
}

/// Play a move that is known to be legal and return the new position.
pub fn play_unchecked(pos: &Position, mv: Move) -> Position {
    let moving = pos.kind_at(mv.from).expect("a piece on the from-square");
    play_known(pos, mv, moving)
}

/// Castling rights that stay when a piece leaves or lands on a square: a king or rook leaving its
/// square, or a rook taken on it, takes them away.
const CASTLING_KEPT: [u8; 64] = {
    let mut keep = [15u8; 64];
    keep[0] = 15 & !Castling::WHITE_QUEEN;
    keep[4] = 15 & !(Castling::WHITE_KING | Castling::WHITE_QUEEN);
    keep[7] = 15 & !Castling::WHITE_KING;
    keep[56] = 15 & !Castling::BLACK_QUEEN;
    keep[60] = 15 & !(Castling::BLACK_KING | Castling::BLACK_QUEEN);
    keep[63] = 15 & !Castling::BLACK_KING;
    keep
};

/// [`play_unchecked`] when the kind of the moving piece is known.
#[inline]
pub(crate) fn play_known(pos: &Position, mv: Move, moving: PieceKind) -> Position {
    let mut p = *pos;
    let us = pos.side;
    let from_to = mv.from.bit() | mv.to.bit();
    let mut irreversible = moving == PieceKind::Pawn;
    if mv.kind == MoveKind::EnPassant {
        let victim = mv.captured_square(us).expect("en passant takes a pawn");
        p.by_kind[PieceKind::Pawn.index()] &= !victim.bit();
        p.by_color[us.opposite().index()] &= !victim.bit();
    } else if let Some(victim) = if pos.by_color[us.opposite().index()] & mv.to.bit() != 0 {
        pos.kind_at(mv.to)
    } else {
        None
    } {
        p.by_kind[victim.index()] &= !mv.to.bit();
        p.by_color[us.opposite().index()] &= !mv.to.bit();
        irreversible = true;
    }
    p.by_color[us.index()] ^= from_to;
    match mv.promotion {
        Some(kind) => {
            p.by_kind[moving.index()] &= !mv.from.bit();
            p.by_kind[kind.index()] |= mv.to.bit();
        }
        None => p.by_kind[moving.index()] ^= from_to,
    }
    if let Some((rook_from, rook_to)) = mv.castling_rook() {
        let rook_move = rook_from.bit() | rook_to.bit();
        p.by_kind[PieceKind::Rook.index()] ^= rook_move;
        p.by_color[us.index()] ^= rook_move;
    }
    // Castling rights go when a king or rook leaves its square or a rook is taken on it.
    p.castling.0 &= CASTLING_KEPT[mv.from.index()] & CASTLING_KEPT[mv.to.index()];
    p.en_passant = None;
    if moving == PieceKind::Pawn && (mv.to.i() as i32 - mv.from.i() as i32).abs() == 2 {
        let skipped = mv.from.offset(us.forward(), 0).unwrap();
        // Only recorded when an enemy pawn could take (as most programs write FEN).
        if tables().pawn_capture[us.index()][skipped.index()]
            & pos.pieces(us.opposite(), PieceKind::Pawn)
            != 0
        {
            p.en_passant = Some(skipped);
        }
    }
    p.halfmove_clock = if irreversible { 0 } else { pos.halfmove_clock + 1 };
    if us == Color::Black {
        p.fullmove += 1;
    }
    p.side = us.opposite();
    p
}

/// Whether the side to move is in check (never for a side without a king).
pub fn in_check(pos: &Position) -> bool {
    if FAST_PATH {
        if let Some(k) = pos.king(pos.side) {
            let enemy = Enemy::new(pos, pos.side.opposite());
            return enemy.attacks(tables(), pos, k, pos.occupied(), enemy.pawns);
        }
    }
    match pos.king(pos.side) {
        Some(k) => is_attacked(pos, k, pos.side.opposite(), pos.occupied()),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every target of a position as (from, to, kind), sorted.
    fn flat(pos: &Position, fast: bool) -> Vec<(Square, Square, u8)> {
        let mut out = Vec::new();
        let mut add = |set: TargetSet| {
            for to in squares(set.to) {
                out.push((set.from, to, set.kind as u8));
            }
        };
        match (fast, pos.king(pos.side)) {
            (true, Some(k)) => generate_fast(pos, k, &mut add),
            _ => generate_generic(pos, &mut add),
        }
        out.sort();
        out
    }

    #[test]
    fn the_fast_path_agrees_with_the_generic_one() {
        // The five standard perft positions and their trees to depth 3: checks, pins, promotions,
        // castling and en passant all come up.
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ];
        fn walk(pos: &Position, depth: u32, seen: &mut u32) {
            assert_eq!(flat(pos, true), flat(pos, false), "{}", crate::notation::to_fen(pos));
            *seen += 1;
            if depth == 0 {
                return;
            }
            let mut list = MoveList::new();
            legal_moves(pos, Rules::STANDARD, &mut list);
            for &mv in &list {
                walk(&play_unchecked(pos, mv), depth - 1, seen);
            }
        }
        let mut seen = 0;
        for fen in fens {
            walk(
                &crate::notation::parse_fen(fen).unwrap(),
                if cfg!(debug_assertions) { 2 } else { 3 },
                &mut seen,
            );
        }
        assert!(seen > 1000, "{seen}");
    }

    #[test]
    fn the_kinds_whose_moves_are_attacks_come_from_the_catalogue() {
        assert_eq!(
            PIECE_KINDS,
            [PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen]
        );
        // Exactly the kinds with sliding or jumping lines in the tables, but the royal one.
        let t = tables();
        for k in PieceKind::ALL {
            let lines = t.slider_kinds.contains(&k) || t.leaper_kinds.contains(&k);
            assert_eq!(
                PIECE_KINDS.contains(&k),
                lines && !crate::movement::formula(k).royal,
                "{k:?}"
            );
        }
    }
}
