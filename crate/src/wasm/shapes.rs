//! The objects the widget's packages hand to the page (a piece on its square, a click's
//! targets, a move, a game's status and outcome, a piece's formula), as the boundary shapes
//! them: names and squares as `&str` (no enum or `Display` path of serde), each with an
//! [`AsObject`] field. Plain Rust, no `JsValue`: compiled into the WASM packages (`wasm/mod.rs`)
//! and, for the tests, natively, where `crate/src/boundary_types.rs` writes their TypeScript
//! types (`www/types/boundary.d.ts`) from these structs, so the types the page reads are these.

use crate::board::{Color, PieceKind, Square};
use crate::movement::{Explanation, Formula, Line, Mode};
use crate::notation::MoveInfo;
use crate::rules::{self, MoveKind};
use serde::Serialize;

/// An empty field, flattened, that makes serde write a struct through its map path
/// (`serialize_map`, `serialize_entry`), where serde-wasm-bindgen gives each key as a plain JS
/// string (with `json_compatible`, the map is a plain object). Its struct path keeps every field
/// name in a `HashMap` cache instead, whose code costs the widget's package about 0.7 KiB gzipped.
#[derive(Serialize, Clone, Copy)]
pub(crate) struct AsObject;

/// A square's name, `"e4"`, without formatting.
pub(crate) fn square_name(s: Square) -> &'static str {
    const NAMES: &str = "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8";
    let k = 2 * s.index();
    NAMES.get(k..k + 2).unwrap_or("")
}

/// A piece's letter in FEN, `"N"` or `"n"`, as a name.
pub(crate) fn letter_name(p: crate::board::Piece) -> &'static str {
    const LETTERS: &str = "PNBRQKpnbrqk";
    let k = p.kind.index() + if p.color == Color::White { 0 } else { 6 };
    LETTERS.get(k..k + 1).unwrap_or("")
}

/// A move kind as the page names it.
pub(crate) fn kind_name(k: MoveKind) -> &'static str {
    match k {
        MoveKind::Move => "move",
        MoveKind::Capture => "capture",
        MoveKind::Castle => "castle",
        MoveKind::EnPassant => "en-passant",
        MoveKind::Promotion => "promotion",
    }
}

/// A piece on its square (`BoardPiece`).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct BoardPiece {
    square: &'static str,
    i: u8,
    j: u8,
    #[cfg_attr(test, ts(type = "ColorName"))]
    color: &'static str,
    #[cfg_attr(test, ts(type = "KindName"))]
    kind: &'static str,
    char: &'static str,
    #[serde(flatten)]
    #[cfg_attr(test, ts(skip))]
    object: AsObject,
}

/// How a target is reached (`Explanation`): [`Explanation`]'s fields.
#[derive(Serialize, Clone, Copy)]
pub(crate) struct ExplanationInfo {
    line: Option<usize>,
    si: u8,
    sj: u8,
    n_shown: bool,
    n: u8,
    di: i8,
    dj: i8,
    from_start: bool,
    #[serde(flatten)]
    object: AsObject,
}

impl From<&Explanation> for ExplanationInfo {
    fn from(e: &Explanation) -> Self {
        ExplanationInfo {
            line: e.line,
            si: e.si,
            sj: e.sj,
            n_shown: e.n_shown,
            n: e.n,
            di: e.di,
            dj: e.dj,
            from_start: e.from_start,
            object: AsObject,
        }
    }
}

/// A target of a click (`Target`): with the square's (i, j).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "Target"))]
pub(crate) struct TargetInfo {
    square: &'static str,
    i: u8,
    j: u8,
    #[cfg_attr(test, ts(type = "MoveKind"))]
    kind: &'static str,
    capture: bool,
    captured: Option<&'static str>,
    rook: Option<[&'static str; 2]>,
    #[cfg_attr(test, ts(type = "Explanation"))]
    explanation: ExplanationInfo,
    #[serde(flatten)]
    #[cfg_attr(test, ts(skip))]
    object: AsObject,
}

/// A move as `play`, `undo`, `redo` and `history` hand it over (`MoveInfo`): [`MoveInfo`]'s
/// fields. A lesson's moves cross in the same shape (wasm/lesson.rs).
#[derive(Serialize)]
pub(crate) struct MoveView<'a> {
    uci: &'a str,
    san: &'a str,
    long: &'a str,
    captured: Option<&'static str>,
    rook: Option<[&'static str; 2]>,
    from: &'static str,
    to: &'static str,
    kind: &'static str,
    capture: bool,
    promotion: Option<&'static str>,
    piece: &'static str,
    color: &'static str,
    explanation: Option<ExplanationInfo>,
    #[serde(flatten)]
    object: AsObject,
}

impl<'a> From<&'a MoveInfo> for MoveView<'a> {
    fn from(m: &'a MoveInfo) -> Self {
        MoveView {
            uci: &m.uci,
            san: &m.san,
            long: &m.long,
            captured: m.captured.map(square_name),
            rook: m.rook.map(|(a, b)| [square_name(a), square_name(b)]),
            from: square_name(m.from),
            to: square_name(m.to),
            kind: kind_name(m.kind),
            capture: m.capture,
            promotion: m.promotion.map(PieceKind::name),
            piece: m.piece.name(),
            color: m.color.name(),
            explanation: m.explanation.as_ref().map(ExplanationInfo::from),
            object: AsObject,
        }
    }
}

/// How a game ended, with its result (`Outcome`: `1-0`, `0-1`, `1/2-1/2`).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "Outcome"))]
pub(crate) struct OutcomeInfo {
    #[cfg_attr(test, ts(type = "ColorName | null"))]
    winner: Option<&'static str>,
    #[cfg_attr(test, ts(type = "EndReason"))]
    reason: &'static str,
    result: &'static str,
    #[serde(flatten)]
    #[cfg_attr(test, ts(skip))]
    object: AsObject,
}

impl From<rules::Outcome> for OutcomeInfo {
    fn from(o: rules::Outcome) -> Self {
        OutcomeInfo {
            winner: o.winner.map(Color::name),
            reason: o.reason.name(),
            result: o.result(),
            object: AsObject,
        }
    }
}

/// The status as the widget reads it (`StatusInfo`); a lesson's outcome says it the same way,
/// without the turn (its `fen` says it).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct StatusInfo {
    state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "ColorName"))]
    turn: Option<&'static str>,
    check: bool,
    claim_threefold: bool,
    claim_fifty: bool,
    outcome: Option<OutcomeInfo>,
    can_undo: bool,
    can_redo: bool,
    #[serde(flatten)]
    #[cfg_attr(test, ts(skip))]
    object: AsObject,
}

impl StatusInfo {
    pub(crate) fn new(
        s: &rules::Status,
        turn: Option<Color>,
        can_undo: bool,
        can_redo: bool,
    ) -> StatusInfo {
        StatusInfo {
            state: s.state.word(),
            turn: turn.map(Color::name),
            check: s.check,
            claim_threefold: s.claim_threefold,
            claim_fifty: s.claim_fifty,
            outcome: s.outcome.map(OutcomeInfo::from),
            can_undo,
            can_redo,
            object: AsObject,
        }
    }
}

/// A line of a formula (`FormulaLine`): its text to show, and as data what the text writes
/// (`di`, `dj`: the values of ΔI and ΔJ, `[0]` for a coordinate that stays; `n_shown`: n takes
/// several values), so that the page never reads the text back.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct FormulaLine {
    text: String,
    di: &'static [i8],
    dj: &'static [i8],
    n_min: u8,
    n_max: u8,
    n_max_from_start: Option<u8>,
    n_shown: bool,
    jumps: bool,
    #[cfg_attr(test, ts(type = "\"move-or-capture\" | \"move-only\" | \"capture-only\""))]
    mode: &'static str,
    forward: bool,
    #[serde(flatten)]
    #[cfg_attr(test, ts(skip))]
    object: AsObject,
}

impl From<&Line> for FormulaLine {
    fn from(l: &Line) -> Self {
        FormulaLine {
            text: l.text(),
            di: l.di.values(),
            dj: l.dj.values(),
            n_min: l.n.0,
            n_max: l.n.1,
            n_max_from_start: l.n_max_from_start,
            n_shown: l.terms().n_shown,
            jumps: l.jumps,
            mode: mode_name(l.mode),
            forward: l.forward,
            object: AsObject,
        }
    }
}

/// A mode as the page names it.
pub(crate) fn mode_name(m: Mode) -> &'static str {
    match m {
        Mode::MoveOrCapture => "move-or-capture",
        Mode::MoveOnly => "move-only",
        Mode::CaptureOnly => "capture-only",
    }
}

/// A piece's formula (`FormulaInfo`): what the widget reads of it (its letters are the
/// notation's, whether it promotes the rules').
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct FormulaInfo {
    #[cfg_attr(test, ts(type = "KindName"))]
    kind: &'static str,
    lines: Vec<FormulaLine>,
    royal: bool,
    #[serde(flatten)]
    #[cfg_attr(test, ts(skip))]
    object: AsObject,
}

impl From<&Formula> for FormulaInfo {
    fn from(f: &Formula) -> Self {
        FormulaInfo {
            kind: f.kind.name(),
            lines: f.lines.iter().map(FormulaLine::from).collect(),
            royal: f.royal,
            object: AsObject,
        }
    }
}

impl BoardPiece {
    /// A piece on its square.
    pub(crate) fn new(s: Square, p: crate::board::Piece) -> BoardPiece {
        BoardPiece {
            square: square_name(s),
            i: s.i(),
            j: s.j(),
            color: p.color.name(),
            kind: p.kind.name(),
            char: letter_name(p),
            object: AsObject,
        }
    }
}

impl From<&rules::Target> for TargetInfo {
    fn from(t: &rules::Target) -> Self {
        TargetInfo {
            square: square_name(t.square),
            i: t.square.i(),
            j: t.square.j(),
            kind: kind_name(t.kind),
            capture: t.capture,
            captured: t.captured.map(square_name),
            rook: t.rook.map(|(a, b)| [square_name(a), square_name(b)]),
            explanation: ExplanationInfo::from(&t.explanation),
            object: AsObject,
        }
    }
}

/// The objects of class `VariantGame` (wasm/variant.rs): a board with a piece set.
#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
pub(crate) mod variant {
    use super::FormulaLine;
    use crate::board::{Color, Square};
    use crate::movement::Explanation;
    use crate::variant::{self, ForceReport, Refusal};
    use serde::Serialize;

    /// A piece of a variant board: `kind` is the piece's id in the set, `char` its letter (upper
    /// case for White).
    #[derive(Serialize)]
    #[cfg_attr(test, derive(ts_rs::TS), ts(rename = "VariantPiece"))]
    pub(crate) struct PieceDto<'a> {
        pub(crate) square: Square,
        pub(crate) i: i32,
        pub(crate) j: i32,
        pub(crate) color: Color,
        pub(crate) kind: &'a str,
        pub(crate) char: char,
    }

    /// A square the piece reaches: a move, a capture, or a refused capture or entry (`refusal`
    /// says why).
    #[derive(Serialize)]
    #[cfg_attr(test, derive(ts_rs::TS), ts(rename = "VariantTarget"))]
    pub(crate) struct TargetDto<'a> {
        pub(crate) square: Square,
        pub(crate) i: i32,
        pub(crate) j: i32,
        #[cfg_attr(test, ts(type = "\"move\" | \"capture\" | \"refused\""))]
        pub(crate) kind: &'static str,
        pub(crate) capture: bool,
        pub(crate) captured: Option<&'a str>,
        pub(crate) refusal: Option<Refusal>,
        pub(crate) region: Option<&'a str>,
        pub(crate) force: Option<variant::ForceBalance>,
        pub(crate) explanation: &'a Explanation,
    }

    /// A move played, in the shape of `MoveInfo` (`san` and `long`: the set's letter, e.g. `Pxd5`,
    /// `Pe5xd5`).
    #[derive(Serialize)]
    #[cfg_attr(test, derive(ts_rs::TS), ts(rename = "VariantMoveInfo"))]
    pub(crate) struct MoveDto<'a> {
        pub(crate) uci: String,
        pub(crate) san: String,
        pub(crate) long: String,
        pub(crate) from: Square,
        pub(crate) to: Square,
        #[cfg_attr(test, ts(type = "\"move\" | \"capture\""))]
        pub(crate) kind: &'static str,
        pub(crate) capture: bool,
        pub(crate) captured: Option<&'a str>,
        pub(crate) piece: &'a str,
        pub(crate) color: Color,
        #[cfg_attr(test, ts(type = "null"))]
        pub(crate) promotion: Option<()>,
        #[cfg_attr(test, ts(type = "null"))]
        pub(crate) rook: Option<()>,
        pub(crate) force: Option<variant::ForceBalance>,
        pub(crate) explanation: &'a Explanation,
    }

    /// A variant game's status, in the shape of `StatusInfo`: always playing (no check, no mate).
    #[derive(Serialize)]
    #[cfg_attr(test, derive(ts_rs::TS), ts(rename = "VariantStatusInfo"))]
    pub(crate) struct StatusDto {
        #[cfg_attr(test, ts(type = "\"playing\""))]
        pub(crate) state: &'static str,
        pub(crate) turn: Color,
        pub(crate) check: bool,
        pub(crate) claim_threefold: bool,
        pub(crate) claim_fifty: bool,
        #[cfg_attr(test, ts(type = "null"))]
        pub(crate) outcome: Option<()>,
        pub(crate) can_undo: bool,
        pub(crate) can_redo: bool,
    }

    /// The force on a square: each side's total, in halves, and the pieces that give it.
    #[derive(Serialize)]
    #[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ForceInfo"))]
    pub(crate) struct ForceDto<'a> {
        pub(crate) square: Square,
        #[serde(flatten)]
        pub(crate) report: &'a ForceReport,
    }

    /// A piece of the set for the UI: `kind` is its id, `strength` in halves (`null`: special, no
    /// force).
    #[derive(Serialize)]
    #[cfg_attr(test, derive(ts_rs::TS), ts(rename = "VariantFormula"))]
    pub(crate) struct FormulaDto<'a> {
        pub(crate) kind: &'a str,
        pub(crate) name: &'a crate::message::Text,
        pub(crate) letter: char,
        pub(crate) letters: &'a crate::message::Letters,
        pub(crate) image: Option<&'a str>,
        pub(crate) strength: Option<u8>,
        pub(crate) royal: bool,
        pub(crate) promotes: bool,
        pub(crate) may_not_enter: &'a [String],
        pub(crate) source: Option<&'a crate::message::Text>,
        pub(crate) lines: Vec<FormulaLine>,
    }
}

/// The values of practice's bindings (wasm/practice.rs).
#[cfg(any(feature = "practice", not(target_arch = "wasm32")))]
pub(crate) mod practice {
    use crate::practice::model;
    use serde::Serialize;

    /// An exercise: its lesson's JSON text (give it to `new Lesson(text)`), its id
    /// `practice/<skill>/<seed>`, and its rating; from `practiceNext`, whether it is a review.
    #[derive(Serialize)]
    #[cfg_attr(test, derive(ts_rs::TS), ts(rename = "PracticeExercise"))]
    pub(crate) struct ExerciseJs<'a> {
        pub(crate) id: &'a str,
        pub(crate) skill: &'a str,
        pub(crate) seed: u64,
        pub(crate) rating: i32,
        pub(crate) text: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        pub(crate) review: Option<bool>,
    }

    /// `practiceRecord()`: the log line to append (no newline) and the skill after it.
    #[derive(Serialize)]
    #[cfg_attr(test, derive(ts_rs::TS), ts(rename = "PracticeRecord"))]
    pub(crate) struct RecordJs {
        pub(crate) line: String,
        pub(crate) skill: String,
        pub(crate) rating: i32,
        pub(crate) mastery: u8,
        pub(crate) due: Option<String>,
    }

    /// `practiceReport()`: the child's rating, the days practised (UTC days with an attempt), and
    /// each practised skill.
    #[derive(Serialize)]
    #[cfg_attr(test, derive(ts_rs::TS), ts(rename = "PracticeReport"))]
    pub(crate) struct ReportJs {
        pub(crate) rating: i32,
        pub(crate) days: usize,
        pub(crate) skills: Vec<model::SkillReport>,
    }
}

/// The values of the studio's bindings (wasm/studio.rs).
#[cfg(any(feature = "studio", not(target_arch = "wasm32")))]
pub(crate) mod studio {
    use crate::lesson::Diagnostic;
    use serde::Serialize;

    /// `studioCheck()`: the checker's and the doctor's findings, and the par the doctor proposes
    /// (the fewest moves the child needs), or `null` when it proposes none.
    #[derive(Serialize)]
    #[cfg_attr(test, derive(ts_rs::TS), ts(rename = "StudioReport"))]
    pub(crate) struct StudioReport {
        pub(crate) diagnostics: Vec<Diagnostic>,
        pub(crate) par: Option<u32>,
    }
}

/// The values of the computer opponent's bindings (wasm/engine.rs).
#[cfg(any(feature = "engine", not(target_arch = "wasm32")))]
pub(crate) mod engine {
    use serde::Serialize;

    /// `Engine.bestMove()`: the computer's move (UCI and SAN), its score in centipawns from the
    /// mover's side (mates: ±(32000 − plies); endgame-table wins: ±(25000 − plies)), moves to mate
    /// (negative when mated) or `null`, the last complete search depth (0 when the endgame tables
    /// chose), nodes searched, milliseconds, whether the endgame solver chose the move, and the
    /// line expected (UCI).
    #[derive(Serialize)]
    #[cfg_attr(test, derive(ts_rs::TS), ts(rename = "EngineMove"))]
    #[serde(rename_all = "camelCase")]
    pub(crate) struct MoveDto {
        pub(crate) uci: String,
        pub(crate) san: String,
        pub(crate) score: i32,
        pub(crate) mate: Option<i32>,
        pub(crate) depth: u32,
        pub(crate) nodes: f64,
        pub(crate) ms: f64,
        pub(crate) from_tables: bool,
        pub(crate) pv: Vec<String>,
    }
}

/// `Endgame.solve()`: the verdict for the side to move and every best move (UCI, sorted).
#[cfg(any(feature = "solver", not(target_arch = "wasm32")))]
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct EndgameSolution {
    pub(crate) verdict: crate::endgame::Verdict,
    pub(crate) best: Vec<String>,
}
