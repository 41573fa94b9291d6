//! Movement formulas as data.
//!
//! Every piece moves by lines of the form `i1 = i + n·a·ΔI, j1 = j + n·b·ΔJ` where ΔI and ΔJ take
//! values from small sets (−1, 0, +1), `a` and `b` are scale factors (the knight uses `(2ΔI, ΔJ)`
//! and `(ΔI, 2ΔJ)`) and `n` runs over a range. [`FORMULAS`] holds one row per FIDE piece; the same
//! rows build the attack tables used by move generation ([`Tables`]), explain a target to the
//! child ([`explain`]), give the UI its text ([`Line::text`]) and make the FIDE piece set
//! (`lessons/pieces/fide.json`). Other pieces (the Prince and the Ritter of chess-t1, a teacher's
//! own piece) are rows of the same [`Line`] type in a piece set ([`PieceSet`], JSON files in
//! `lessons/pieces/`).

use crate::board::{Bitboard, Color, PieceKind, Square};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
mod set;
#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
pub use set::{piece_set_schema, Capture, PieceDef, PieceSet, Region, SetError, FIDE_NAMES};

/// When a line may be used.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// To an empty square or to capture (every piece but the pawn).
    #[default]
    MoveOrCapture,
    /// Only to an empty square (the pawn's step forward). Such a line gives no force.
    MoveOnly,
    /// Only to capture (the pawn's diagonal step).
    CaptureOnly,
}

impl Mode {
    /// Whether the line may capture (and so gives force on the squares it reaches).
    pub const fn captures(self) -> bool {
        !matches!(self, Mode::MoveOnly)
    }
    /// Whether the line may go to an empty square.
    pub const fn moves(self) -> bool {
        !matches!(self, Mode::CaptureOnly)
    }
}

/// What a ΔI or ΔJ value must be, as serde says it in an error (the checker's `want-step`).
pub const DELTA_EXPECTED: &str = crate::message::located::STEP_EXPECTED;

/// A set of values for ΔI or ΔJ drawn from −1, 0, +1, written in JSON as a list such as `[-1, 1]`.
/// (One byte: bit 0 stands for −1, bit 1 for 0, bit 2 for +1; the rows of the widget's formula
/// table stay small.)
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Deltas(u8);

impl Deltas {
    /// The values of every set, indexed by its bits, smallest first.
    const LISTS: [&'static [i8]; 8] =
        [&[], &[-1], &[0], &[-1, 0], &[1], &[-1, 1], &[0, 1], &[-1, 0, 1]];
    /// {0}
    pub const ZERO: Deltas = Deltas(0b010);
    /// {+1}
    pub const ONE: Deltas = Deltas(0b100);
    /// {−1, +1}
    pub const PM: Deltas = Deltas(0b101);
    /// {−1, 0, +1}
    pub const ANY: Deltas = Deltas(0b111);

    /// The set of the given values (in any order, repeats ignored); `None` if one is not −1, 0 or +1.
    pub fn of(values: &[i8]) -> Option<Deltas> {
        values.iter().try_fold(Deltas(0), |d, &v| {
            (-1..=1).contains(&v).then_some(Deltas(d.0 | 1 << (v + 1)))
        })
    }
    /// The values, smallest first.
    pub fn values(self) -> &'static [i8] {
        Self::LISTS[self.0 as usize & 7]
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn contains(self, v: i8) -> bool {
        (-1..=1).contains(&v) && self.0 & 1 << (v + 1) != 0
    }
}

impl std::fmt::Debug for Deltas {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.values().fmt(f)
    }
}

impl Serialize for Deltas {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.values().serialize(s)
    }
}

/// One value of ΔI or ΔJ, refused (with its place in the list) unless −1, 0 or +1.
struct Delta(i8);

impl<'de> Deserialize<'de> for Delta {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = i64::deserialize(d)?;
        match v {
            -1..=1 => Ok(Delta(v as i8)),
            _ => Err(serde::de::Error::invalid_value(
                serde::de::Unexpected::Signed(v),
                &DELTA_EXPECTED,
            )),
        }
    }
}

impl<'de> Deserialize<'de> for Deltas {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Deltas;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a sequence")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Deltas, A::Error> {
                let mut bits = 0u8;
                while let Some(Delta(v)) = seq.next_element()? {
                    bits |= 1 << (v + 1);
                }
                Ok(Deltas(bits))
            }
        }
        d.deserialize_seq(Visit)
    }
}

impl JsonSchema for Deltas {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Deltas".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "The values ΔI (or ΔJ) takes: a list drawn from -1, 0 and 1.",
            "type": "array",
            "items": { "type": "integer", "enum": [-1, 0, 1] },
            "minItems": 1,
            "uniqueItems": true
        })
    }
}

fn one_one(v: &(u8, u8)) -> bool {
    *v == (1, 1)
}
fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}
const fn default_one_one() -> (u8, u8) {
    (1, 1)
}

/// One line of a formula: `i1 = i + n·scale_i·ΔI, j1 = j + n·scale_j·ΔJ`, n from `n.0` to `n.1`.
/// In a piece-set file: `{"di": [-1, 1], "dj": [0], "n": [1, 2], "jumps": true}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Line {
    /// The values ΔI takes. With `forward`, ΔI is multiplied by the side's direction (+1 White, −1 Black).
    pub di: Deltas,
    /// The values ΔJ takes.
    pub dj: Deltas,
    /// Scale factors for ΔI and ΔJ, 1 to 7: [1, 1] for all but the knight ([2, 1] and [1, 2]).
    #[serde(default = "default_one_one", skip_serializing_if = "one_one")]
    pub scale: (u8, u8),
    /// The smallest and the largest n, 1 ≤ min ≤ max ≤ 7: [1, 1] for a single step, [1, 7] for a
    /// whole line.
    #[serde(default = "default_one_one", skip_serializing_if = "one_one")]
    pub n: (u8, u8),
    /// The largest n when the piece stands on its side's pawn row (the pawn's double step); at
    /// least the largest n of the line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub n_max_from_start: Option<u8>,
    /// Whether the piece may jump over pieces standing on the line before its target; otherwise
    /// the line stops at the first occupied square.
    #[serde(default, skip_serializing_if = "is_default")]
    pub jumps: bool,
    #[serde(default, skip_serializing_if = "is_default")]
    pub mode: Mode,
    /// ΔI counts toward the enemy side (the pawn's lines): multiplied by +1 for White, −1 for Black.
    #[serde(default, skip_serializing_if = "is_default")]
    pub forward: bool,
}

/// A FIDE piece's row of the catalogue: its kind, letters and lines. The fast tables ([`tables`])
/// and the FIDE piece set ([`PieceSet::fide`], `lessons/pieces/fide.json`) are built from these
/// rows. (Its name is a word of the message catalogue, `piece-<kind>`.)
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Formula {
    pub kind: PieceKind,
    /// The letter in English notation (SAN, FEN upper case): `N`; empty for the pawn in SAN.
    /// It is the board's [`PieceKind::letter`], carried here for the widget's formula table; the
    /// letters of other languages are in their word files (`www/i18n/<lang>/language.js`).
    pub letter: char,
    pub lines: &'static [Line],
    /// A piece that promotes on the last row.
    pub promotes: bool,
    /// The king: it may not be left in check and it castles.
    pub royal: bool,
}

const fn line(di: Deltas, dj: Deltas, n_max: u8) -> Line {
    Line {
        di,
        dj,
        scale: (1, 1),
        n: (1, n_max),
        n_max_from_start: None,
        jumps: false,
        mode: Mode::MoveOrCapture,
        forward: false,
    }
}

const ONE: Deltas = Deltas::ONE;
const PM: Deltas = Deltas::PM;
const ZERO: Deltas = Deltas::ZERO;
const ANY: Deltas = Deltas::ANY;

/// The formula table, indexed by [`PieceKind::index`].
pub static FORMULAS: [Formula; 6] = [
    Formula {
        kind: PieceKind::Pawn,
        letter: PieceKind::Pawn.letter(),
        lines: &[
            Line {
                n_max_from_start: Some(2),
                mode: Mode::MoveOnly,
                forward: true,
                ..line(ONE, ZERO, 1)
            },
            Line { mode: Mode::CaptureOnly, forward: true, ..line(ONE, PM, 1) },
        ],
        promotes: true,
        royal: false,
    },
    Formula {
        kind: PieceKind::Knight,
        letter: PieceKind::Knight.letter(),
        lines: &[
            Line { scale: (2, 1), jumps: true, ..line(PM, PM, 1) },
            Line { scale: (1, 2), jumps: true, ..line(PM, PM, 1) },
        ],
        promotes: false,
        royal: false,
    },
    Formula {
        kind: PieceKind::Bishop,
        letter: PieceKind::Bishop.letter(),
        lines: &[line(PM, PM, 7)],
        promotes: false,
        royal: false,
    },
    Formula {
        kind: PieceKind::Rook,
        letter: PieceKind::Rook.letter(),
        lines: &[line(PM, ZERO, 7), line(ZERO, PM, 7)],
        promotes: false,
        royal: false,
    },
    Formula {
        kind: PieceKind::Queen,
        letter: PieceKind::Queen.letter(),
        lines: &[line(ANY, ANY, 7)],
        promotes: false,
        royal: false,
    },
    Formula {
        kind: PieceKind::King,
        letter: PieceKind::King.letter(),
        lines: &[line(ANY, ANY, 1)],
        promotes: false,
        royal: true,
    },
];

/// The formula of a kind of piece.
pub fn formula(kind: PieceKind) -> &'static Formula {
    &FORMULAS[kind.index()]
}

impl Line {
    /// Whether n takes more than one value on this line.
    pub fn n_varies(&self) -> bool {
        // n_max_from_start is never below n.1 (the set's checker says so).
        self.n_max_from_start.unwrap_or(self.n.1) > self.n.0
    }

    /// How the line's text writes it: the factor before ΔI and before ΔJ (0 when that
    /// coordinate never changes on the line; a line whose n is always the same k > 1 shows k in
    /// the factor), and whether n is shown (it takes more than one value).
    pub fn terms(&self) -> Terms {
        let varies = self.n_varies();
        let fixed = if varies { 1 } else { self.n.0 };
        let factor = |d: Deltas, scale: u8| if d == Deltas::ZERO { 0 } else { scale * fixed };
        Terms {
            si: factor(self.di, self.scale.0),
            sj: factor(self.dj, self.scale.1),
            n_shown: varies,
        }
    }

    /// The line as text in the (i, j) scheme, e.g. `i1 = i + n·ΔI, j1 = j`. (A line whose n is
    /// always the same k > 1 shows it as a factor: `i1 = i + 2·ΔI`.)
    pub fn text(&self) -> String {
        self.terms().text()
    }

    /// The step vectors of this line for a side, (0, 0) excluded: `(ΔI, ΔJ, scale_i·ΔI,
    /// scale_j·ΔJ)` with ΔI already turned for `forward` lines.
    pub fn vectors(&self, color: Color) -> impl Iterator<Item = (i8, i8, i32, i32)> + '_ {
        let fwd = if self.forward { color.forward() } else { 1 };
        let (si, sj) = (self.scale.0 as i32, self.scale.1 as i32);
        self.di.values().iter().flat_map(move |&di| {
            self.dj.values().iter().filter_map(move |&dj| {
                if di == 0 && dj == 0 {
                    None
                } else {
                    let di = di * fwd as i8;
                    Some((di, dj, di as i32 * si, dj as i32 * sj))
                }
            })
        })
    }

    /// The largest n for a piece of `color` standing on `from`.
    pub fn n_max_at(&self, color: Color, from: Square) -> u8 {
        match self.n_max_from_start {
            Some(n) if from.i() == color.pawn_row() => n,
            _ => self.n.1,
        }
    }
}

/// How a line writes its formula `i1 = i + n·si·ΔI, j1 = j + n·sj·ΔJ`: the factors before ΔI
/// and ΔJ (0: that coordinate stays, `j1 = j`) and whether n is shown. Data for the page, which
/// writes the formula with a move's numbers from it (it never reads the text back).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    pub si: u8,
    pub sj: u8,
    pub n_shown: bool,
}

impl Terms {
    /// The formula as text, e.g. `i1 = i + n·ΔI, j1 = j`.
    pub fn text(self) -> String {
        let n = if self.n_shown { "n·" } else { "" };
        let part = |name: &str, scale: u8, delta: &str| match scale {
            0 => format!("{name}1 = {name}"),
            1 => format!("{name}1 = {name} + {n}{delta}"),
            _ => format!("{name}1 = {name} + {n}{scale}·{delta}"),
        };
        format!("{}, {}", part("i", self.si, "ΔI"), part("j", self.sj, "ΔJ"))
    }
}

/// How a target is reached: which line of the formula, how the line writes it, and the values
/// of n, ΔI and ΔJ. As data: the page writes the formula with the numbers from these fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Explanation {
    /// The index of the line in the piece's formula, or `None` for castling (a rule of its own).
    pub line: Option<usize>,
    /// How the line writes its formula ([`Terms`]; its text: [`Explanation::text`]): the
    /// factors before ΔI and ΔJ (0: the coordinate stays) and whether n is shown.
    pub si: u8,
    pub sj: u8,
    pub n_shown: bool,
    pub n: u8,
    pub di: i8,
    pub dj: i8,
    /// Whether n goes beyond the line's usual range because the piece stands on its start row
    /// (the pawn's double step).
    pub from_start: bool,
}

impl Explanation {
    /// The line as text, e.g. `i1 = i + n·ΔI, j1 = j + n·ΔJ`.
    pub fn text(&self) -> String {
        Terms { si: self.si, sj: self.sj, n_shown: self.n_shown }.text()
    }

    /// The explanation of line `line` (`None`: castling) written as `terms`.
    pub fn new(
        line: Option<usize>,
        terms: Terms,
        n: u8,
        di: i8,
        dj: i8,
        from_start: bool,
    ) -> Explanation {
        Explanation {
            line,
            si: terms.si,
            sj: terms.sj,
            n_shown: terms.n_shown,
            n,
            di,
            dj,
            from_start,
        }
    }
}

/// Explain how a piece of `kind` and `color` reaches `to` from `from` by its formula.
/// Castling (the king two squares along its row) is explained as `i1 = i, j1 = j + n·ΔJ`, n = 2.
pub fn explain(kind: PieceKind, color: Color, from: Square, to: Square) -> Option<Explanation> {
    let f = formula(kind);
    let (ti, tj) = (to.i() as i32 - from.i() as i32, to.j() as i32 - from.j() as i32);
    for (index, line) in f.lines.iter().enumerate() {
        for (di, dj, vi, vj) in line.vectors(color) {
            for n in line.n.0..=line.n_max_at(color, from) {
                if vi * n as i32 == ti && vj * n as i32 == tj {
                    return Some(Explanation::new(
                        Some(index),
                        line.terms(),
                        n,
                        di,
                        dj,
                        n > line.n.1,
                    ));
                }
            }
        }
    }
    if f.royal && ti == 0 && tj.abs() == 2 {
        return Some(Explanation::new(
            None,
            Terms { si: 0, sj: 1, n_shown: true },
            2,
            0,
            tj.signum() as i8,
            false,
        ));
    }
    None
}

/// What the catalogue's lines make of each kind, read from [`FORMULAS`] at compile time (the same
/// reading as [`build_tables`]): bits by [`LINES`] of the whole lines a kind slides both ways, all
/// seven steps. Move generation's fast path unrolls its loops over these constants, so it costs
/// what code written by hand for the FIDE pieces costs, and follows the formulas when they change.
pub const FULL_LINES: [u8; 6] = catalogue_shape().0;
/// The kinds (bits by [`PieceKind::index`]) with jumping or single-step lines that move or capture
/// (in FIDE: the knight and the king): their attacks are one lookup in [`Tables::leap`].
pub const LEAPERS: u8 = catalogue_shape().1;
/// Whether every sliding line of the catalogue is part of such a whole line: then the attacks of
/// every kind are leaps and whole lines only, and the fast path applies.
pub const ONLY_FULL_LINES: bool = catalogue_shape().2;

const fn catalogue_shape() -> ([u8; 6], u8, bool) {
    let mut full = [0u8; 6];
    let mut leapers = 0u8;
    let mut only_full = true;
    let mut k = 0;
    while k < FORMULAS.len() {
        let f = &FORMULAS[k];
        let kind = f.kind as usize;
        // Directions slid all seven steps, bit d of DIRECTIONS.
        let mut far = 0u8;
        let mut l = 0;
        while l < f.lines.len() {
            let line = &f.lines[l];
            l += 1;
            if !matches!(line.mode, Mode::MoveOrCapture) {
                continue;
            }
            let n_max = match line.n_max_from_start {
                Some(n) if n > line.n.1 => n,
                _ => line.n.1,
            };
            if line.jumps || n_max == 1 {
                leapers |= 1 << kind;
                continue;
            }
            if line.scale.0 != 1
                || line.scale.1 != 1
                || line.n.1 != 7
                || n_max != 7
                || line.n.0 != 1
            {
                only_full = false;
                continue;
            }
            let mut a = 0;
            while a < 3 {
                let mut b = 0;
                while b < 3 {
                    if line.di.0 & (1 << a) != 0 && line.dj.0 & (1 << b) != 0 && !(a == 1 && b == 1)
                    {
                        let (di, dj) = (a as i8 - 1, b as i8 - 1);
                        let mut d = 0;
                        while d < 8 {
                            if DIRECTIONS[d].0 == di && DIRECTIONS[d].1 == dj {
                                far |= 1 << d;
                            }
                            d += 1;
                        }
                    }
                    b += 1;
                }
                a += 1;
            }
        }
        let mut line = 0;
        while line < 4 {
            let both = (1u8 << line) | (1u8 << (line + 4));
            if far & both == both {
                full[kind] |= 1 << line;
            } else if far & both != 0 {
                only_full = false;
            }
            line += 1;
        }
        k += 1;
    }
    (full, leapers, only_full)
}

/// The eight directions of sliding lines, as (ΔI, ΔJ). The first four increase the square index.
pub const DIRECTIONS: [(i8, i8); 8] =
    [(1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1), (-1, 1)];

fn direction_index(di: i8, dj: i8) -> Option<usize> {
    DIRECTIONS.iter().position(|&d| d == (di, dj))
}

/// The four lines through a square: file, rank, diagonal, anti-diagonal. Line `L` is made of the
/// directions `L` and `L + 4` of [`DIRECTIONS`].
pub const LINES: [&str; 4] = ["file", "rank", "diagonal", "anti-diagonal"];

const A_FILE: Bitboard = 0x0101_0101_0101_0101;
const B_FILE: Bitboard = 0x0202_0202_0202_0202;
const DIAG_C2H7: Bitboard = 0x0080_4020_1008_0400;

/// The 6-bit index of the inner occupancy of a rank, diagonal or anti-diagonal (already masked):
/// multiplying by the b-file gathers one bit per file into the top byte.
#[inline(always)]
fn gather_files(masked: Bitboard) -> usize {
    (masked.wrapping_mul(B_FILE) >> 58) as usize
}

/// The 6-bit index of the inner occupancy of the a-file.
#[inline(always)]
fn gather_a_file(a_file: Bitboard) -> usize {
    (a_file.wrapping_mul(DIAG_C2H7) >> 58) as usize
}

/// Attack tables built once from [`FORMULAS`].
pub struct Tables {
    /// Squares reached by the jumping or single-step lines that move or capture, per kind, colour and square.
    pub leap: [[[Bitboard; 64]; 2]; 6],
    /// For sliding lines: the largest n per kind and direction (0 when the kind does not slide that way).
    pub slide: [[u8; 8]; 6],
    /// Whether any kind slides in a direction (so a ray need not be looked at otherwise).
    pub slide_any: [bool; 8],
    /// The kinds that slide at all.
    pub slider_kinds: Vec<PieceKind>,
    /// The kinds that have jumping or single-step lines.
    pub leaper_kinds: Vec<PieceKind>,
    /// Per kind, bit `L` set when the kind slides the whole line `L` both ways (see [`LINES`]);
    /// such lines use the fast line lookup.
    pub full_lines: [u8; 6],
    /// Per kind, bit `d` set for a sliding direction not covered by a full line (scanned ray by ray).
    pub other_dirs: [u8; 6],
    /// The line `L` through a square, the square itself excluded.
    pub line_mask: Box<[[Bitboard; 64]; 4]>,
    /// Rank attacks by file and inner occupancy, copied onto every rank (masked per use).
    pub fill_up: Box<[[Bitboard; 64]; 8]>,
    /// File attacks on the a-file by rank and inner occupancy (shifted to the file per use).
    pub file_attacks: Box<[[Bitboard; 64]; 8]>,
    /// The ray from a square in a direction, limited to n steps: `ray[dir][n][square]`, n in 0..=7.
    pub ray: Box<[[[Bitboard; 64]; 8]; 8]>,
    /// The pawn's capture squares per colour and square (the capture-only line).
    pub pawn_capture: [[Bitboard; 64]; 2],
    /// The square one step forward for a pawn (the move-only line), per colour and square.
    pub pawn_push: [[Option<Square>; 64]; 2],
    /// The square two steps forward where the move-only line allows n = 2 (the pawn's start row).
    pub pawn_push2: [[Option<Square>; 64]; 2],
    /// The same two tables as bitboards (empty where there is no such square).
    pub pawn_push_bb: [[Bitboard; 64]; 2],
    pub pawn_push2_bb: [[Bitboard; 64]; 2],
    /// Squares strictly between two squares on a common line, else empty.
    pub between: Box<[[Bitboard; 64]; 64]>,
    /// The whole line through two squares (edge to edge), else empty.
    pub line_through: Box<[[Bitboard; 64]; 64]>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The attack tables, built on first use.
#[inline]
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(build_tables)
}

fn build_tables() -> Tables {
    let mut ray = Box::new([[[0u64; 64]; 8]; 8]);
    for (d, &(di, dj)) in DIRECTIONS.iter().enumerate() {
        for s in 0..64u8 {
            let from = Square::from_index(s);
            let mut bb = 0;
            for n in 1..8i32 {
                if let Some(t) = from.offset(n * di as i32, n * dj as i32) {
                    bb |= t.bit();
                }
                ray[d][n as usize][s as usize] = bb;
            }
        }
    }
    let mut leap = [[[0u64; 64]; 2]; 6];
    let mut slide = [[0u8; 8]; 6];
    let mut pawn_capture = [[0u64; 64]; 2];
    let mut pawn_push = [[None; 64]; 2];
    let mut pawn_push2 = [[None; 64]; 2];
    for f in FORMULAS.iter() {
        let k = f.kind.index();
        for l in f.lines {
            for color in Color::BOTH {
                for s in 0..64u8 {
                    let from = Square::from_index(s);
                    for (di, dj, vi, vj) in l.vectors(color) {
                        let n_max = l.n_max_at(color, from);
                        let step = l.jumps || n_max == 1;
                        match l.mode {
                            Mode::MoveOrCapture if step => {
                                for n in 1..=n_max as i32 {
                                    if let Some(t) = from.offset(n * vi, n * vj) {
                                        leap[k][color.index()][s as usize] |= t.bit();
                                    }
                                }
                            }
                            Mode::MoveOrCapture => {
                                let d = direction_index(di, dj)
                                    .expect("sliding lines use unit directions");
                                slide[k][d] = slide[k][d].max(l.n.1);
                            }
                            Mode::CaptureOnly => {
                                assert!(
                                    f.promotes && n_max == 1,
                                    "capture-only lines are pawn steps"
                                );
                                if let Some(t) = from.offset(vi, vj) {
                                    pawn_capture[color.index()][s as usize] |= t.bit();
                                }
                            }
                            Mode::MoveOnly => {
                                assert!(f.promotes && dj == 0, "move-only lines are pawn pushes");
                                pawn_push[color.index()][s as usize] = from.offset(vi, 0);
                                if n_max >= 2 {
                                    pawn_push2[color.index()][s as usize] = from.offset(2 * vi, 0);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    let mut slide_any = [false; 8];
    for d in 0..8 {
        slide_any[d] = slide.iter().any(|s| s[d] > 0);
    }
    let slider_kinds =
        PieceKind::ALL.into_iter().filter(|k| slide[k.index()].iter().any(|&n| n > 0)).collect();
    let leaper_kinds = PieceKind::ALL
        .into_iter()
        .filter(|k| leap[k.index()].iter().flatten().any(|&bb| bb != 0))
        .collect();
    let to_bb =
        |table: &[[Option<Square>; 64]; 2]| table.map(|row| row.map(|s| s.map_or(0, Square::bit)));
    let pawn_push_bb = to_bb(&pawn_push);
    let pawn_push2_bb = to_bb(&pawn_push2);
    let mut full_lines = [0u8; 6];
    let mut other_dirs = [0u8; 6];
    for k in 0..6 {
        for d in 0..8 {
            if slide[k][d] == 0 {
                continue;
            }
            let line = d % 4;
            if slide[k][line] == 7 && slide[k][line + 4] == 7 {
                full_lines[k] |= 1 << line;
            } else {
                other_dirs[k] |= 1 << d;
            }
        }
    }
    let mut line_mask = Box::new([[0u64; 64]; 4]);
    for line in 0..4 {
        for sq in 0..64 {
            line_mask[line][sq] = ray[line][7][sq] | ray[line + 4][7][sq];
        }
    }
    // Build the lookups by running the index functions themselves over every inner occupancy.
    let scan = |d: usize, from: usize, occ: Bitboard| {
        let r = ray[d][7][from];
        let b = r & occ;
        if b == 0 {
            r
        } else {
            let first = if d < 4 { b.trailing_zeros() } else { 63 - b.leading_zeros() } as usize;
            r & !ray[d][7][first]
        }
    };
    let mut fill_up = Box::new([[0u64; 64]; 8]);
    let mut file_attacks = Box::new([[0u64; 64]; 8]);
    for inner in 0..64u64 {
        let rank0 = inner << 1;
        let index = gather_files(rank0);
        assert_eq!(index, inner as usize, "rank index");
        for f in 0..8 {
            let attacks = scan(1, f, rank0) | scan(5, f, rank0);
            fill_up[f][index] = (attacks & 0xff).wrapping_mul(A_FILE);
        }
        let mut a_file = 0;
        for r in 1..7 {
            if inner & (1 << (r - 1)) != 0 {
                a_file |= 1u64 << (8 * r);
            }
        }
        let index = gather_a_file(a_file);
        for r in 0..8 {
            file_attacks[r][index] = scan(0, 8 * r, a_file) | scan(4, 8 * r, a_file);
        }
    }
    let mut between = Box::new([[0u64; 64]; 64]);
    let mut line_through = Box::new([[0u64; 64]; 64]);
    for a in 0..64usize {
        for d in 0..8 {
            let full = ray[d][7][a];
            let back = ray[(d + 4) % 8][7][a];
            for b in crate::board::squares(full) {
                let b = b.index();
                between[a][b] = full & !ray[d][7][b] & !(1u64 << b);
                line_through[a][b] = full | back | (1u64 << a);
            }
        }
    }
    Tables {
        leap,
        slide,
        slide_any,
        slider_kinds,
        leaper_kinds,
        full_lines,
        other_dirs,
        line_mask,
        fill_up,
        file_attacks,
        ray,
        pawn_capture,
        pawn_push,
        pawn_push2,
        pawn_push_bb,
        pawn_push2_bb,
        between,
        line_through,
    }
}

impl Tables {
    /// The squares attacked along direction `d` from `s`, at most `n` steps, stopping at the first piece.
    #[inline(always)]
    pub fn slide_attacks(&self, d: usize, n: u8, s: Square, occ: Bitboard) -> Bitboard {
        let r = self.ray[d][n as usize][s.index()];
        let blockers = r & occ;
        if blockers == 0 {
            return r;
        }
        let first = if d < 4 { blockers.trailing_zeros() } else { 63 - blockers.leading_zeros() };
        r & !self.ray[d][7][first as usize]
    }

    /// All squares a piece attacks from `s` with the board occupied by `occ` (pawns: captures only).
    #[inline]
    pub fn attacks(&self, kind: PieceKind, color: Color, s: Square, occ: Bitboard) -> Bitboard {
        if kind == PieceKind::Pawn {
            return self.pawn_capture[color.index()][s.index()];
        }
        let k = kind.index();
        let mut bb = self.leap[k][color.index()][s.index()];
        let mut lines = self.full_lines[k];
        while lines != 0 {
            bb |= self.line_attacks(lines.trailing_zeros() as usize, s, occ);
            lines &= lines - 1;
        }
        let mut dirs = self.other_dirs[k];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            bb |= self.slide_attacks(d, self.slide[k][d], s, occ);
            dirs &= dirs - 1;
        }
        bb
    }

    /// The squares attacked along the whole line `L` ([`LINES`]) through `s`, both ways.
    #[inline(always)]
    pub fn line_attacks(&self, line: usize, s: Square, occ: Bitboard) -> Bitboard {
        let sq = s.index();
        if line == 0 {
            let f = sq & 7;
            self.file_attacks[sq >> 3][gather_a_file((occ >> f) & A_FILE)] << f
        } else {
            let mask = self.line_mask[line][sq];
            self.fill_up[sq & 7][gather_files(mask & occ)] & mask
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn texts_come_from_the_data() {
        assert_eq!(formula(PieceKind::Rook).lines[0].text(), "i1 = i + n·ΔI, j1 = j");
        assert_eq!(formula(PieceKind::Rook).lines[1].text(), "i1 = i, j1 = j + n·ΔJ");
        assert_eq!(formula(PieceKind::Knight).lines[0].text(), "i1 = i + 2·ΔI, j1 = j + ΔJ");
        assert_eq!(formula(PieceKind::King).lines[0].text(), "i1 = i + ΔI, j1 = j + ΔJ");
        assert_eq!(formula(PieceKind::Pawn).lines[0].text(), "i1 = i + n·ΔI, j1 = j");
        assert_eq!(formula(PieceKind::Pawn).lines[1].text(), "i1 = i + ΔI, j1 = j + ΔJ");
        // an explanation carries the line's terms as data, and writes the same text
        let e = explain(PieceKind::Knight, Color::White, sq("g1"), sq("f3")).unwrap();
        assert_eq!((e.si, e.sj, e.n_shown), (2, 1, false));
        assert_eq!(e.text(), formula(PieceKind::Knight).lines[0].text());
        let e = explain(PieceKind::King, Color::White, sq("e1"), sq("g1")).unwrap();
        assert_eq!((e.line, e.si, e.sj, e.n_shown, e.n, e.dj), (None, 0, 1, true, 2, 1));
        assert_eq!(e.text(), "i1 = i, j1 = j + n·ΔJ");
        let e = explain(PieceKind::Rook, Color::White, sq("a1"), sq("a5")).unwrap();
        assert_eq!((e.si, e.sj, e.n_shown, e.n, e.di, e.dj), (1, 0, true, 4, 1, 0));
    }

    #[test]
    fn deltas_and_lines_as_data() {
        assert_eq!(Deltas::of(&[1, -1, 1]), Some(Deltas::PM));
        assert_eq!(Deltas::of(&[2]), None);
        assert_eq!(Deltas::ANY.values(), &[-1, 0, 1]);
        assert!(
            Deltas::PM.contains(-1) && !Deltas::PM.contains(0) && !Deltas::default().contains(2)
        );
        let line: Line =
            serde_json::from_str(r#"{ "di": [1, -1], "dj": [0], "n": [2, 2], "jumps": true }"#)
                .unwrap();
        assert_eq!(
            (line.di, line.scale, line.n, line.mode),
            (Deltas::PM, (1, 1), (2, 2), Mode::MoveOrCapture)
        );
        // n always 2: a factor, as the knight's scale.
        assert_eq!(line.text(), "i1 = i + 2·ΔI, j1 = j");
        assert_eq!(
            serde_json::to_string(&line).unwrap(),
            r#"{"di":[-1,1],"dj":[0],"n":[2,2],"jumps":true}"#
        );
        assert_eq!(
            serde_json::to_string(&formula(PieceKind::Knight).lines[0]).unwrap(),
            r#"{"di":[-1,1],"dj":[-1,1],"scale":[2,1],"jumps":true}"#
        );
        let pawn = formula(PieceKind::Pawn).lines[0];
        assert_eq!(
            serde_json::to_string(&pawn).unwrap(),
            r#"{"di":[1],"dj":[0],"n_max_from_start":2,"mode":"move_only","forward":true}"#
        );
        assert!(pawn.n_varies() && !formula(PieceKind::King).lines[0].n_varies());
        let e =
            serde_json::from_str::<Line>(r#"{ "di": [1], "dj": [0], "steps": 2 }"#).unwrap_err();
        assert!(e.to_string().starts_with("unknown field `steps`"), "{e}");
    }

    #[test]
    fn explain_gives_n_and_deltas() {
        let e = explain(PieceKind::Bishop, Color::White, sq("f1"), sq("c4")).unwrap();
        assert_eq!((e.n, e.di, e.dj), (3, 1, -1));
        let e = explain(PieceKind::Pawn, Color::Black, sq("e7"), sq("e5")).unwrap();
        assert_eq!((e.n, e.di, e.dj), (2, -1, 0));
        assert!(explain(PieceKind::Pawn, Color::Black, sq("e6"), sq("e4")).is_none());
        let e = explain(PieceKind::Knight, Color::White, sq("g1"), sq("f3")).unwrap();
        assert_eq!((e.line, e.n, e.di, e.dj), (Some(0), 1, 1, -1));
        let e = explain(PieceKind::King, Color::White, sq("e1"), sq("g1")).unwrap();
        assert_eq!((e.line, e.n, e.di, e.dj), (None, 2, 0, 1));
    }

    #[test]
    fn tables_match_the_formulas() {
        let t = tables();
        assert_eq!(t.leap[PieceKind::Knight.index()][0][sq("a1").index()].count_ones(), 2);
        assert_eq!(t.leap[PieceKind::King.index()][0][sq("e4").index()].count_ones(), 8);
        assert_eq!(t.attacks(PieceKind::Queen, Color::White, sq("d4"), 0).count_ones(), 27);
        assert_eq!(
            t.attacks(PieceKind::Rook, Color::White, sq("a1"), sq("a3").bit()).count_ones(),
            9
        );
        assert_eq!(t.pawn_capture[1][sq("e5").index()], sq("d4").bit() | sq("f4").bit());
        assert_eq!(t.between[sq("a1").index()][sq("d4").index()], sq("b2").bit() | sq("c3").bit());
        assert_eq!(t.full_lines[PieceKind::Rook.index()], 0b0011);
        assert_eq!(t.full_lines[PieceKind::Queen.index()], 0b1111);
        assert_eq!(t.other_dirs[PieceKind::Queen.index()], 0);
        // The compile-time reading of the catalogue agrees with the tables built from it.
        assert_eq!(FULL_LINES, t.full_lines);
        assert!(ONLY_FULL_LINES && t.other_dirs.iter().all(|&d| d == 0));
        for k in PieceKind::ALL {
            assert_eq!(LEAPERS & (1 << k.index()) != 0, t.leaper_kinds.contains(&k), "{k:?}");
        }
        // The line lookup agrees with scanning ray by ray on many occupancies.
        let mut occ = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            occ ^= occ << 13;
            occ ^= occ >> 7;
            occ ^= occ << 17;
            for s in 0..64u8 {
                let s = Square::from_index(s);
                for line in 0..4 {
                    let by_rays =
                        t.slide_attacks(line, 7, s, occ) | t.slide_attacks(line + 4, 7, s, occ);
                    assert_eq!(
                        t.line_attacks(line, s, occ),
                        by_rays,
                        "{s:?} line {line} occ {occ:x}"
                    );
                }
            }
        }
    }
}
