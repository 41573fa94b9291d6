//! The solver's own compact position: two kings and at most one more man a side, with move and
//! un-move generation, symmetry and the index of every position in its class's table.
//!
//! Squares are indices `8·i + j` as in [`crate::board`]. Kinds are small numbers ordered so that
//! a class is canonical when White's extra man ranks at least as high as Black's:
//! none < knight < bishop < rook < queen < pawn.

use crate::board::{Color, PieceKind, Square};
use crate::movement::{formula, tables, Tables};
use std::sync::OnceLock;

pub(crate) const NONE: u8 = 0;
pub(crate) const KNIGHT: u8 = 1;
pub(crate) const BISHOP: u8 = 2;
pub(crate) const ROOK: u8 = 3;
pub(crate) const QUEEN: u8 = 4;
pub(crate) const PAWN: u8 = 5;

/// Promotion choices: auto-queen, or every piece (the "standard" comparison).
pub(crate) const PROMO_QUEEN: &[u8] = &[QUEEN];
#[cfg(not(target_arch = "wasm32"))]
pub(crate) const PROMO_ALL: &[u8] = &[QUEEN, ROOK, BISHOP, KNIGHT];

#[inline]
pub(crate) const fn row(s: u8) -> u8 {
    s >> 3
}
#[inline]
pub(crate) const fn file(s: u8) -> u8 {
    s & 7
}
#[inline]
const fn bit(s: u8) -> u64 {
    1u64 << s
}

/// Iterate over the set bits of a bitboard.
#[inline]
pub(crate) fn bits(mut bb: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if bb == 0 {
            None
        } else {
            let s = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            Some(s)
        }
    })
}

/// The solver's kind codes as the catalogue's kinds (`NONE` is no man). The one list that ties
/// the two numberings together: [`kind_code`], [`to_position`] and [`Mat::name`] read it.
const KINDS: [Option<PieceKind>; 6] = [
    None,
    Some(PieceKind::Knight),
    Some(PieceKind::Bishop),
    Some(PieceKind::Rook),
    Some(PieceKind::Queen),
    Some(PieceKind::Pawn),
];
const _: () = assert!(
    KINDS[NONE as usize].is_none()
        && matches!(KINDS[KNIGHT as usize], Some(PieceKind::Knight))
        && matches!(KINDS[BISHOP as usize], Some(PieceKind::Bishop))
        && matches!(KINDS[ROOK as usize], Some(PieceKind::Rook))
        && matches!(KINDS[QUEEN as usize], Some(PieceKind::Queen))
        && matches!(KINDS[PAWN as usize], Some(PieceKind::Pawn)),
    "KINDS follows the solver's codes"
);

/// The solver's view of the catalogue's movement tables ([`crate::movement::tables`]): nothing
/// here is written by hand, every set is read from the formulas (built once, about 7 KB of its
/// own; `between` is the catalogue's).
pub(crate) struct Geo {
    /// Squares a king on `s` reaches.
    pub king: [u64; 64],
    /// Squares a man of code `kind` and colour `c` on `s` reaches on an empty board, captures
    /// included (a pawn: its capture squares); `reach[kind][c][s]`, empty for `NONE`.
    reach: [[[u64; 64]; 2]; 6],
    /// The square a pawn of colour `c` came from with its one-step push to `s` (`unpush[c][s]`).
    unpush: [[Option<u8>; 64]; 2],
    /// The square a pawn of colour `c` came from with its double step to `s`.
    unpush2: [[Option<u8>; 64]; 2],
    /// The catalogue's tables (sliding lines, pushes, squares between).
    t: &'static Tables,
}

pub(crate) fn geo() -> &'static Geo {
    static GEO: OnceLock<Geo> = OnceLock::new();
    GEO.get_or_init(|| {
        let t = tables();
        let mut g = Geo {
            king: [0; 64],
            reach: [[[0; 64]; 2]; 6],
            unpush: [[None; 64]; 2],
            unpush2: [[None; 64]; 2],
            t,
        };
        for s in 0..64u8 {
            let sq = Square::from_index(s);
            g.king[s as usize] = t.attacks(PieceKind::King, Color::White, sq, 0);
            for (code, kind) in KINDS.iter().enumerate() {
                for color in Color::BOTH {
                    g.reach[code][color.index()][s as usize] =
                        kind.map_or(0, |k| t.attacks(k, color, sq, 0));
                }
            }
            for c in 0..2 {
                if let Some(to) = t.pawn_push[c][s as usize] {
                    g.unpush[c][to.index()] = Some(s);
                }
                if let Some(to) = t.pawn_push2[c][s as usize] {
                    g.unpush2[c][to.index()] = Some(s);
                }
            }
        }
        g
    })
}

impl Geo {
    /// Squares a pawn of colour `c` on `s` attacks.
    #[inline]
    pub fn pawn_att(&self, c: usize, s: u8) -> u64 {
        self.t.pawn_capture[c][s as usize]
    }
}

/// Whether a piece of `kind` on `from` attacks `to` with the board occupied by `occ`: `to` is in
/// its empty-board reach and nothing stands between (nothing ever does for a knight's leap, and no
/// FIDE piece jumps along a line).
#[inline]
pub(crate) fn piece_attacks(g: &Geo, kind: u8, color: usize, from: u8, to: u8, occ: u64) -> bool {
    g.reach[kind as usize][color][from as usize] & bit(to) != 0
        && g.t.between[from as usize][to as usize] & occ == 0
}

/// The squares a knight, bishop, rook or queen on `from` reaches (captures included).
#[inline]
pub(crate) fn piece_targets(g: &Geo, kind: u8, from: u8, occ: u64) -> u64 {
    KINDS[kind as usize].map_or(0, |k| g.t.attacks(k, Color::White, Square::from_index(from), occ))
}

/// A position of the solver: kings, one optional extra man a side, the side to move and whether
/// it may take en passant (the opponent's pawn has just made its double step).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Pos {
    pub k: [u8; 2],
    pub kind: [u8; 2],
    /// The extra man's square (0 when there is none).
    pub sq: [u8; 2],
    /// 0 White, 1 Black.
    pub stm: u8,
    pub ep: bool,
}

/// A move of the solver: from, to, and the piece a pawn becomes (`NONE` otherwise).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Mv {
    pub from: u8,
    pub to: u8,
    pub promo: u8,
}

/// The row a pawn lands on with its double step: 3 for White, 4 for Black.
#[inline]
pub(crate) const fn double_row(c: usize) -> u8 {
    if c == 0 {
        3
    } else {
        4
    }
}

impl Pos {
    #[inline]
    pub fn occ(&self) -> u64 {
        let mut o = bit(self.k[0]) | bit(self.k[1]);
        if self.kind[0] != NONE {
            o |= bit(self.sq[0]);
        }
        if self.kind[1] != NONE {
            o |= bit(self.sq[1]);
        }
        o
    }

    /// Whether square `s` is attacked by side `by`.
    #[inline]
    pub fn attacked(&self, g: &Geo, s: u8, by: usize, occ: u64) -> bool {
        g.king[self.k[by] as usize] & bit(s) != 0
            || piece_attacks(g, self.kind[by], by, self.sq[by], s, occ)
    }

    #[inline]
    pub fn in_check(&self, g: &Geo) -> bool {
        let us = self.stm as usize;
        self.attacked(g, self.k[us], 1 - us, self.occ())
    }

    /// Whether the side to move has a pawn beside the opponent's pawn on `s` (an en-passant chance
    /// if that pawn has just made its double step).
    #[inline]
    fn pawn_beside(&self, side: usize, s: u8) -> bool {
        self.kind[side] == PAWN
            && row(self.sq[side]) == row(s)
            && (file(self.sq[side]) as i8 - file(s) as i8).abs() == 1
    }

    /// Whether the position can stand on a board: distinct squares, pawns off the edge rows,
    /// kings apart, the side not to move not in check, and a real en-passant chance if flagged.
    pub fn is_valid(&self, g: &Geo) -> bool {
        let mut occ = bit(self.k[0]);
        if self.k[1] == self.k[0] {
            return false;
        }
        occ |= bit(self.k[1]);
        for c in 0..2 {
            if self.kind[c] != NONE {
                if occ & bit(self.sq[c]) != 0 {
                    return false;
                }
                occ |= bit(self.sq[c]);
                if self.kind[c] == PAWN && !(1..=6).contains(&row(self.sq[c])) {
                    return false;
                }
            }
        }
        if g.king[self.k[0] as usize] & bit(self.k[1]) != 0 {
            return false;
        }
        let them = 1 - self.stm as usize;
        if self.attacked(g, self.k[them], self.stm as usize, occ) {
            return false;
        }
        if self.ep {
            let us = self.stm as usize;
            let p = self.sq[them];
            if self.kind[them] != PAWN || row(p) != double_row(them) || !self.pawn_beside(us, p) {
                return false;
            }
            let (Some(skipped), Some(start)) =
                (g.unpush[them][p as usize], g.unpush2[them][p as usize])
            else {
                return false;
            };
            if occ & (bit(skipped) | bit(start)) != 0 {
                return false;
            }
            // Before the double step the side to move was not in check from the pawn on its start square.
            if g.pawn_att(them, start) & bit(self.k[us]) != 0 {
                return false;
            }
        }
        true
    }

    #[inline]
    fn remove_at(&mut self, side: usize, s: u8) -> bool {
        if self.kind[side] != NONE && self.sq[side] == s {
            self.kind[side] = NONE;
            self.sq[side] = 0;
            true
        } else {
            false
        }
    }

    /// Every legal move with the position after it.
    pub fn for_each_child(&self, g: &Geo, promos: &[u8], mut f: impl FnMut(Mv, Pos)) {
        self.king_moves(g, &mut f);
        match self.kind[self.stm as usize] {
            NONE => {}
            PAWN => self.pawn_moves(g, promos, &mut f),
            _ => self.piece_moves(g, &mut f),
        }
    }

    /// Emit a move if it does not leave the mover's king attacked.
    #[inline]
    fn emit_legal(&self, g: &Geo, mv: Mv, mut c: Pos, f: &mut impl FnMut(Mv, Pos)) {
        let us = self.stm as usize;
        c.stm = 1 - self.stm;
        if !c.attacked(g, c.k[us], 1 - us, c.occ()) {
            f(mv, c);
        }
    }

    fn king_moves(&self, g: &Geo, f: &mut impl FnMut(Mv, Pos)) {
        let us = self.stm as usize;
        let them = 1 - us;
        let mut own = bit(self.k[us]);
        if self.kind[us] != NONE {
            own |= bit(self.sq[us]);
        }
        let from = self.k[us];
        for t in bits(g.king[from as usize] & !own) {
            let mut c = *self;
            c.ep = false;
            c.k[us] = t;
            c.remove_at(them, t);
            self.emit_legal(g, Mv { from, to: t, promo: NONE }, c, f);
        }
    }

    fn piece_moves(&self, g: &Geo, f: &mut impl FnMut(Mv, Pos)) {
        let us = self.stm as usize;
        let them = 1 - us;
        let s = self.sq[us];
        let occ = self.occ();
        let own = bit(self.k[us]) | bit(s);
        let targets = piece_targets(g, self.kind[us], s, occ) & !own & !bit(self.k[them]);
        for t in bits(targets) {
            let mut c = *self;
            c.ep = false;
            c.sq[us] = t;
            c.remove_at(them, t);
            self.emit_legal(g, Mv { from: s, to: t, promo: NONE }, c, f);
        }
    }

    /// The pawn's moves; with `only_conversions`, just its captures and promotions.
    fn pawn_moves_of(
        &self,
        g: &Geo,
        promos: &[u8],
        only_conversions: bool,
        f: &mut impl FnMut(Mv, Pos),
    ) {
        let us = self.stm as usize;
        let them = 1 - us;
        let s = self.sq[us];
        let occ = self.occ();
        let t = g.t;
        let last = if us == 0 { 7 } else { 0 };
        let mut push = |to: u8, capture: bool, double: bool| {
            let mut c = *self;
            c.ep = false;
            if capture {
                c.remove_at(them, to);
            }
            c.sq[us] = to;
            if row(to) == last {
                for &p in promos {
                    c.kind[us] = p;
                    self.emit_legal(g, Mv { from: s, to, promo: p }, c, f);
                }
            } else if capture || !only_conversions {
                if double {
                    c.ep = c.pawn_beside(them, to);
                }
                self.emit_legal(g, Mv { from: s, to, promo: NONE }, c, f);
            }
        };
        let empty = !occ;
        // A pawn never stands on its last row, so it always has a square ahead.
        let one = t.pawn_push_bb[us][s as usize] & empty;
        if one != 0 {
            push(one.trailing_zeros() as u8, false, false);
            let two = t.pawn_push2_bb[us][s as usize] & empty;
            if two != 0 && !only_conversions {
                push(two.trailing_zeros() as u8, false, true);
            }
        }
        if self.kind[them] != NONE && g.pawn_att(us, s) & bit(self.sq[them]) != 0 {
            push(self.sq[them], true, false);
        }
        // The square the opponent's pawn skipped with its double step.
        if let (true, Some(target)) = (self.ep, g.unpush[them][self.sq[them] as usize]) {
            if g.pawn_att(us, s) & bit(target) != 0 {
                let mut c = *self;
                c.ep = false;
                c.kind[them] = NONE;
                c.sq[them] = 0;
                c.sq[us] = target;
                self.emit_legal(g, Mv { from: s, to: target, promo: NONE }, c, f);
            }
        }
    }

    fn pawn_moves(&self, g: &Geo, promos: &[u8], f: &mut impl FnMut(Mv, Pos)) {
        self.pawn_moves_of(g, promos, false, f)
    }

    /// The moves that leave the class (captures and promotions), with the positions after them.
    pub fn for_each_conversion(&self, g: &Geo, promos: &[u8], mut f: impl FnMut(Mv, Pos)) {
        let us = self.stm as usize;
        let them = 1 - us;
        if self.kind[them] != NONE {
            let target = self.sq[them];
            let occ = self.occ();
            let reach = g.king[self.k[us] as usize] & bit(target) != 0;
            if reach {
                let mut c = *self;
                c.ep = false;
                c.k[us] = target;
                c.kind[them] = NONE;
                c.sq[them] = 0;
                c.stm = them as u8;
                if !c.attacked(g, target, them, c.occ()) {
                    f(Mv { from: self.k[us], to: target, promo: NONE }, c);
                }
            }
            let s = self.sq[us];
            let kind = self.kind[us];
            if kind != NONE && kind != PAWN && piece_attacks(g, kind, us, s, target, occ) {
                let mut c = *self;
                c.ep = false;
                c.sq[us] = target;
                c.kind[them] = NONE;
                c.sq[them] = 0;
                c.stm = them as u8;
                if !c.attacked(g, c.k[us], them, c.occ()) {
                    f(Mv { from: s, to: target, promo: NONE }, c);
                }
            }
        }
        if self.kind[us] == PAWN {
            self.pawn_moves_of(g, promos, true, &mut f);
        }
    }

    /// Every position with the same men from which a quiet move (no capture, no promotion) leads
    /// here: the un-moves of the side that has just moved. Parents that cannot stand on a board
    /// are left out; some may still be unreachable, which does no harm.
    pub fn for_each_parent(&self, g: &Geo, mut f: impl FnMut(Pos)) {
        let s = self.stm as usize;
        let m = 1 - s;
        let occ = self.occ();
        let mut emit = |mut p: Pos| {
            p.stm = m as u8;
            p.ep = false;
            let o = p.occ();
            if p.attacked(g, p.k[s], m, o) {
                return;
            }
            f(p);
            // The same placement with an en-passant chance for the mover, who let it go.
            if p.kind[s] == PAWN && row(p.sq[s]) == double_row(s) && p.pawn_beside(m, p.sq[s]) {
                let mut e = p;
                e.ep = true;
                if e.is_valid(g) {
                    f(e);
                }
            }
        };
        if self.ep {
            // Only the double step itself leads to a position with an en-passant chance.
            if let Some(start) = g.unpush2[m][self.sq[m] as usize] {
                let mut p = *self;
                p.sq[m] = start;
                emit(p);
            }
            return;
        }
        for fr in bits(g.king[self.k[m] as usize] & !occ) {
            let mut p = *self;
            p.k[m] = fr;
            emit(p);
        }
        let t = self.sq[m];
        match self.kind[m] {
            NONE => {}
            PAWN => {
                let Some(fr) = g.unpush[m][t as usize] else { return };
                if (1..=6).contains(&row(fr)) && occ & bit(fr) == 0 {
                    let mut p = *self;
                    p.sq[m] = fr;
                    emit(p);
                    if let (Some(fr2), false) = (g.unpush2[m][t as usize], self.pawn_beside(s, t)) {
                        if occ & bit(fr2) == 0 {
                            let mut p = *self;
                            p.sq[m] = fr2;
                            emit(p);
                        }
                    }
                }
            }
            kind => {
                for fr in bits(piece_targets(g, kind, t, occ) & !occ) {
                    let mut p = *self;
                    p.sq[m] = fr;
                    emit(p);
                }
            }
        }
    }

    fn map_squares(&self, f: impl Fn(u8) -> u8) -> Pos {
        let mut p = *self;
        p.k = [f(self.k[0]), f(self.k[1])];
        for c in 0..2 {
            if p.kind[c] != NONE {
                p.sq[c] = f(self.sq[c]);
            }
        }
        p
    }

    /// The same position with the colours exchanged (and the board turned upside down).
    pub fn colour_swap(&self) -> Pos {
        let flip = |s: u8| s ^ 56;
        Pos {
            k: [flip(self.k[1]), flip(self.k[0])],
            kind: [self.kind[1], self.kind[0]],
            sq: [
                if self.kind[1] != NONE { flip(self.sq[1]) } else { 0 },
                if self.kind[0] != NONE { flip(self.sq[0]) } else { 0 },
            ],
            stm: 1 - self.stm,
            ep: self.ep,
        }
    }

    pub fn mirror(&self) -> Pos {
        self.map_squares(|s| s ^ 7)
    }
}

/// A class of material: White's and Black's extra man (`NONE` for a bare king).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub(crate) struct Mat {
    pub w: u8,
    pub b: u8,
}

impl Mat {
    pub const fn new(w: u8, b: u8) -> Mat {
        Mat { w, b }
    }
    pub fn name(self) -> String {
        let letter =
            |k: Option<PieceKind>| k.map_or(String::new(), |k| formula(k).letter.to_string());
        let king = letter(Some(PieceKind::King));
        format!("{king}{}{king}{}", letter(KINDS[self.w as usize]), letter(KINDS[self.b as usize]))
    }
    /// The number of slices: one per file of the white pawn (a–d) for pawn classes, and per file
    /// pair for KPKP; one for pawnless classes.
    pub fn slices(self) -> usize {
        match (self.w, self.b) {
            (PAWN, PAWN) => 32,
            (PAWN, _) => 4,
            _ => 1,
        }
    }
    pub fn slice_len(self) -> usize {
        match (self.w, self.b) {
            (PAWN, PAWN) => 2 * 37 * 4096,
            (PAWN, NONE) => 2 * 6 * 4096,
            (PAWN, _) => 2 * 6 * 64 * 4096,
            (_, NONE) => {
                if self.w == NONE {
                    1
                } else {
                    2 * 10 * 64 * 64
                }
            }
            (w, b) => (if w == b { 1 } else { 2 }) * 10 * 64 * 64 * 64,
        }
    }
    pub fn size(self) -> usize {
        self.slices() * self.slice_len()
    }
}

/// The triangle a1–d1–d4 a pawnless position's white king is brought into, and its numbering.
const TRI: [u8; 64] = {
    let mut t = [255u8; 64];
    let mut n = 0;
    let mut j = 0;
    while j < 4 {
        let mut i = 0;
        while i <= j {
            t[i * 8 + j] = n;
            n += 1;
            i += 1;
        }
        j += 1;
    }
    t
};
const TRI_SQ: [u8; 10] = {
    let mut out = [0u8; 10];
    let mut s = 0;
    while s < 64 {
        if TRI[s] != 255 {
            out[TRI[s] as usize] = s as u8;
        }
        s += 1;
    }
    out
};

fn transpose(s: u8) -> u8 {
    ((s & 7) << 3) | (s >> 3)
}

/// The canonical form of a position and its class: colours exchanged so that White holds the
/// higher man (and, for like pawnless material, White moves), then the board mirrored (pawn classes: the
/// white pawn on files a–d) or turned (pawnless: the white king in the triangle a1–d1–d4, ties
/// on the diagonal broken by the smaller index).
pub(crate) fn canon(p: &Pos) -> (Mat, Pos) {
    let mut p = *p;
    if p.kind[0] < p.kind[1] || (p.kind[0] == p.kind[1] && p.kind[0] != PAWN && p.stm == 1) {
        p = p.colour_swap();
    }
    let mat = Mat::new(p.kind[0], p.kind[1]);
    if mat.w == PAWN {
        if file(p.sq[0]) > 3 {
            p = p.mirror();
        }
    } else {
        let k = p.k[0];
        if file(k) > 3 {
            p = p.map_squares(|s| s ^ 7);
        }
        if row(p.k[0]) > 3 {
            p = p.map_squares(|s| s ^ 56);
        }
        if row(p.k[0]) > file(p.k[0]) {
            p = p.map_squares(transpose);
        }
        if row(p.k[0]) == file(p.k[0]) {
            let q = p.map_squares(transpose);
            if index(mat, &q) < index(mat, &p) {
                p = q;
            }
        }
    }
    (mat, p)
}

/// The index of a canonical position in its class's table.
pub(crate) fn index(mat: Mat, p: &Pos) -> usize {
    let (wk, bk) = (p.k[0] as usize, p.k[1] as usize);
    let stm = p.stm as usize;
    match (mat.w, mat.b) {
        (PAWN, PAWN) => {
            let (fw, fb) = (file(p.sq[0]) as usize, file(p.sq[1]) as usize);
            let pair =
                if p.ep { 36 } else { (row(p.sq[0]) as usize - 1) * 6 + row(p.sq[1]) as usize - 1 };
            (((fw * 8 + fb) * 2 + stm) * 37 + pair) * 4096 + wk * 64 + bk
        }
        (PAWN, NONE) => {
            ((file(p.sq[0]) as usize * 2 + stm) * 6 + row(p.sq[0]) as usize - 1) * 4096
                + wk * 64
                + bk
        }
        (PAWN, _) => {
            let head = (file(p.sq[0]) as usize * 2 + stm) * 6 + row(p.sq[0]) as usize - 1;
            ((head * 64 + wk) * 64 + bk) * 64 + p.sq[1] as usize
        }
        (NONE, _) => 0,
        (w, b) => {
            let t = TRI[wk] as usize;
            let s = if w == b { 0 } else { stm };
            let mut idx = ((s * 10 + t) * 64 + bk) * 64 + p.sq[0] as usize;
            if b != NONE {
                idx = idx * 64 + p.sq[1] as usize;
            }
            idx
        }
    }
}

/// The position at an index (it may be invalid or not canonical: see [`valid_at`]).
pub(crate) fn decode(mat: Mat, idx: usize) -> Pos {
    let mut p = Pos { k: [0, 0], kind: [mat.w, mat.b], sq: [0, 0], stm: 0, ep: false };
    match (mat.w, mat.b) {
        (PAWN, PAWN) => {
            p.k = [(idx / 64 % 64) as u8, (idx % 64) as u8];
            let rest = idx / 4096;
            let pair = rest % 37;
            p.stm = (rest / 37 % 2) as u8;
            let files = rest / 74;
            let (fw, fb) = ((files / 8) as u8, (files % 8) as u8);
            // With an en-passant chance both pawns stand on the row the opponent's double step reached.
            let ep_row = double_row(1 - p.stm as usize);
            let (rw, rb) = if pair == 36 {
                (ep_row, ep_row)
            } else {
                ((pair / 6 + 1) as u8, (pair % 6 + 1) as u8)
            };
            p.ep = pair == 36;
            p.sq = [rw * 8 + fw, rb * 8 + fb];
        }
        (PAWN, NONE) => {
            p.k = [(idx / 64 % 64) as u8, (idx % 64) as u8];
            let head = idx / 4096;
            let rw = (head % 6 + 1) as u8;
            p.stm = (head / 6 % 2) as u8;
            let fw = (head / 12) as u8;
            p.sq[0] = rw * 8 + fw;
        }
        (PAWN, _) => {
            p.sq[1] = (idx % 64) as u8;
            p.k = [(idx / 4096 % 64) as u8, (idx / 64 % 64) as u8];
            let head = idx / (4096 * 64);
            let rw = (head % 6 + 1) as u8;
            p.stm = (head / 6 % 2) as u8;
            let fw = (head / 12) as u8;
            p.sq[0] = rw * 8 + fw;
        }
        (NONE, _) => {}
        (w, b) => {
            let mut rest = idx;
            if b != NONE {
                p.sq[1] = (rest % 64) as u8;
                rest /= 64;
            }
            p.sq[0] = (rest % 64) as u8;
            rest /= 64;
            p.k[1] = (rest % 64) as u8;
            rest /= 64;
            p.k[0] = TRI_SQ[rest % 10];
            p.stm = if w == b { 0 } else { (rest / 10) as u8 };
        }
    }
    p
}

/// Whether the index holds a position that can stand on a board in its canonical form.
pub(crate) fn valid_at(g: &Geo, mat: Mat, idx: usize) -> Option<Pos> {
    let p = decode(mat, idx);
    if mat.w == PAWN
        && mat.b == PAWN
        && p.ep
        && (file(p.sq[0]) as i8 - file(p.sq[1]) as i8).abs() != 1
    {
        return None;
    }
    if !p.is_valid(g) {
        return None;
    }
    if mat.w == PAWN {
        // Decoded pawn positions are canonical by construction (white pawn on files a–d).
        return Some(p);
    }
    let (m, c) = canon(&p);
    (m == mat && index(mat, &c) == idx).then_some(p)
}

/// The crate's position for a solver position (no castling, move counters 0 and 1).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn to_position(p: &Pos) -> crate::board::Position {
    use crate::board::{Piece, Position};
    let mut pos = Position::empty();
    for c in 0..2 {
        let color = if c == 0 { Color::White } else { Color::Black };
        pos.put(Square::from_index(p.k[c]), Piece::new(color, PieceKind::King));
        if let Some(kind) = KINDS[p.kind[c] as usize] {
            pos.put(Square::from_index(p.sq[c]), Piece::new(color, kind));
        }
    }
    pos.side = if p.stm == 0 { Color::White } else { Color::Black };
    if p.ep {
        let them = 1 - p.stm as usize;
        pos.en_passant = geo().unpush[them][p.sq[them] as usize].map(Square::from_index);
    }
    pos
}

/// The solver's position for a rules-core position with two kings and at most one more man a
/// side (any kind); the en-passant flag follows the FEN's square. `None` otherwise.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn from_position(pos: &crate::board::Position) -> Option<Pos> {
    let mut p = Pos {
        k: [0, 0],
        kind: [NONE, NONE],
        sq: [0, 0],
        stm: (pos.side == Color::Black) as u8,
        ep: pos.en_passant.is_some(),
    };
    for (c, color) in Color::BOTH.into_iter().enumerate() {
        p.k[c] = pos.king(color)?.index() as u8;
        let mut men = crate::board::squares(pos.color_bb(color) & !pos.kind_bb(PieceKind::King));
        if let Some(s) = men.next() {
            p.kind[c] = Some(kind_code(pos.piece_at(s)?.kind)).filter(|&k| k != NONE)?;
            p.sq[c] = s.index() as u8;
        }
        if men.next().is_some() {
            return None;
        }
    }
    Some(p)
}

/// The solver's code of a kind: `NONE` for the king and any kind the solver does not know
/// (callers check the class first).
pub(crate) fn kind_code(kind: PieceKind) -> u8 {
    KINDS.iter().position(|&k| k == Some(kind)).map_or(NONE, |c| c as u8)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::rules::{legal_moves, play_unchecked, MoveList, Rules};

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// Random valid positions of a class (with en-passant chances made by playing double steps).
    fn random_positions(rng: &mut Rng, w: u8, b: u8, n: usize) -> Vec<Pos> {
        let g = geo();
        let mut out = Vec::new();
        while out.len() < n {
            let mut p = Pos {
                k: [rng.below(64) as u8, rng.below(64) as u8],
                kind: [w, b],
                sq: [0, 0],
                stm: rng.below(2) as u8,
                ep: false,
            };
            for c in 0..2 {
                if p.kind[c] == PAWN {
                    p.sq[c] = 8 + rng.below(48) as u8;
                } else if p.kind[c] != NONE {
                    p.sq[c] = rng.below(64) as u8;
                }
            }
            if !p.is_valid(g) {
                continue;
            }
            if w == PAWN && b == PAWN && rng.below(3) == 0 {
                // Try to make a double step that gives an en-passant chance.
                let mut made = None;
                p.for_each_child(g, PROMO_QUEEN, |_, c| {
                    if c.ep {
                        made = Some(c);
                    }
                });
                if let Some(c) = made {
                    out.push(c);
                    continue;
                }
            }
            out.push(p);
        }
        out
    }

    const CLASSES: [(u8, u8); 10] = [
        (QUEEN, NONE),
        (NONE, QUEEN),
        (PAWN, NONE),
        (NONE, PAWN),
        (QUEEN, QUEEN),
        (QUEEN, PAWN),
        (PAWN, QUEEN),
        (PAWN, PAWN),
        (ROOK, PAWN),
        (KNIGHT, BISHOP),
    ];

    #[test]
    fn moves_match_the_rules_core() {
        let g = geo();
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for (w, b) in CLASSES {
            for p in random_positions(&mut rng, w, b, 400) {
                let pos = to_position(&p);
                assert!(pos.validate().is_ok(), "{p:?}");
                for (rules, promos) in
                    [(Rules::AUTO_QUEEN, PROMO_QUEEN), (Rules::STANDARD, PROMO_ALL)]
                {
                    let mut list = MoveList::new();
                    legal_moves(&pos, rules, &mut list);
                    let mut theirs: Vec<String> = list
                        .iter()
                        .map(|m| {
                            let child = play_unchecked(&pos, *m);
                            format!("{} {}", m.uci(), crate::notation::to_fen(&child))
                        })
                        .collect();
                    let mut ours = Vec::new();
                    p.for_each_child(g, promos, |_, c| {
                        let child = to_position(&c);
                        let mv = list.iter().find(|m| {
                            play_unchecked(&pos, **m).occupied() == child.occupied()
                                && play_unchecked(&pos, **m).all_pieces() == child.all_pieces()
                        });
                        let uci = mv.map_or("??".to_string(), |m| m.uci());
                        let mut full = play_unchecked(&pos, *mv.unwrap_or(&list[0]));
                        full.halfmove_clock = child.halfmove_clock;
                        ours.push(format!(
                            "{uci} {}",
                            crate::notation::to_fen(&{
                                let mut c2 = child;
                                c2.halfmove_clock = full.halfmove_clock;
                                c2.fullmove = full.fullmove;
                                c2
                            })
                        ));
                    });
                    // Compare placements and en-passant squares, not the clocks.
                    let strip = |v: &mut Vec<String>| {
                        for s in v.iter_mut() {
                            let parts: Vec<&str> = s.split(' ').collect();
                            *s = parts[..5].join(" ");
                        }
                        v.sort();
                    };
                    strip(&mut theirs);
                    strip(&mut ours);
                    assert_eq!(ours, theirs, "{}", crate::notation::to_fen(&pos));
                }
            }
        }
    }

    #[test]
    fn parents_invert_quiet_moves() {
        let g = geo();
        let mut rng = Rng(12345);
        for (w, b) in CLASSES {
            for p in random_positions(&mut rng, w, b, 300) {
                p.for_each_child(g, PROMO_QUEEN, |_, c| {
                    if c.kind != p.kind {
                        return;
                    }
                    let mut found = false;
                    c.for_each_parent(g, |pp| found |= pp == p);
                    assert!(found, "{p:?} -> {c:?}: the parent is not generated");
                });
                p.for_each_parent(g, |pp| {
                    let mut found = false;
                    pp.for_each_child(g, PROMO_QUEEN, |_, c| found |= c == p);
                    assert!(
                        found || !pp.is_valid(g),
                        "{pp:?} is a parent of {p:?} without a move to it"
                    );
                });
            }
        }
    }

    #[test]
    fn geometry_comes_from_the_catalogue() {
        let g = geo();
        let sq = |s: &str| crate::board::Square::parse(s).unwrap().index() as u8;
        assert_eq!(g.king[sq("e4") as usize].count_ones(), 8);
        assert_eq!(g.reach[KNIGHT as usize][0][sq("a1") as usize].count_ones(), 2);
        assert_eq!(g.reach[QUEEN as usize][1][sq("d4") as usize].count_ones(), 27);
        assert_eq!(g.reach[NONE as usize][0][sq("d4") as usize], 0);
        assert!(piece_attacks(g, ROOK, 0, sq("a1"), sq("a8"), 0));
        assert!(!piece_attacks(g, ROOK, 0, sq("a1"), sq("a8"), bit(sq("a5"))));
        assert!(!piece_attacks(g, BISHOP, 0, sq("a1"), sq("a8"), 0));
        assert!(piece_attacks(g, PAWN, 1, sq("e5"), sq("d4"), 0));
        assert_eq!(piece_targets(g, ROOK, sq("a1"), bit(sq("a3"))).count_ones(), 9);
        // The double step lands on the row the index layout calls `double_row`.
        for c in 0..2 {
            for s in 0..64u8 {
                if let Some(start) = g.unpush2[c][s as usize] {
                    assert_eq!(row(s), double_row(c));
                    assert_eq!(g.unpush[c][g.unpush[c][s as usize].unwrap() as usize], Some(start));
                }
            }
        }
        assert_eq!(Mat::new(PAWN, QUEEN).name(), "KPKQ");
        assert_eq!(kind_code(PieceKind::King), NONE);
        assert_eq!(kind_code(PieceKind::Rook), ROOK);
    }

    #[test]
    fn canonical_index_round_trips() {
        let g = geo();
        let mut rng = Rng(777);
        for (w, b) in CLASSES {
            for p in random_positions(&mut rng, w, b, 300) {
                let (mat, c) = canon(&p);
                let idx = index(mat, &c);
                assert!(idx < mat.size());
                assert_eq!(valid_at(g, mat, idx), Some(c), "{p:?}");
                // Every symmetric image has the same canonical index.
                for q in [p.mirror(), p.colour_swap(), p.colour_swap().mirror()] {
                    let ok = q
                        .kind
                        .iter()
                        .zip(q.sq)
                        .all(|(&k, s)| k != PAWN || (1..=6).contains(&row(s)));
                    if ok && (mat.w != PAWN || q.kind == p.kind || mat.w != mat.b) {
                        let (m2, c2) = canon(&q);
                        if m2 == mat
                            && (p.kind[0] == PAWN || p.kind[1] == PAWN)
                            && q.stm != p.stm
                            && mat.w == PAWN
                            && mat.b == PAWN
                        {
                            continue;
                        }
                        if m2 == mat {
                            assert_eq!(index(m2, &c2), idx, "{p:?} vs {q:?}");
                        }
                    }
                }
            }
        }
    }
}
