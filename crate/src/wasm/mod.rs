//! The WASM boundary: converts between JS values and the plain-Rust core. No rules live here.
//! Every error comes back to JS as an exception: an `Error` with own properties `id` and `args`,
//! the message for the catalogue (`www/i18n/<lang>/messages-*.js`), which names the place in
//! `args` too. Its `message` is only the id and the args in compact JSON
//! (`fen-bad-rank-length {"rank":5,"count":9,"field":1,"source":"fen"}`): the packages carry no
//! English, the page says every message in the reader's language.
//!
//! The practice package (feature `practice`, www/pkg-practice) exports practice's bindings alone
//! (`practice.rs`): its page plays each exercise with the lesson packages, so the widget's game,
//! the lesson player, the solver's and the studio's bindings stay out of it (smaller).
#![cfg_attr(feature = "practice", allow(dead_code, unused_imports))]

use crate::board::Square;
use crate::message::Message;
use crate::movement::FORMULAS;
use crate::notation;
use serde::Serialize;
use wasm_bindgen::prelude::*;
// the reading of a game (pieces, targets, status): the widget's free board and a lesson's game
use crate::rules::Game;
// what only the widget's free board (class Game) needs: not in pkg-lessons
#[cfg(all(
    not(feature = "practice"),
    any(not(feature = "lessons"), feature = "variant", feature = "pgn", feature = "test-trap")
))]
use crate::{
    board::{Color, PieceKind},
    notation::{MoveInfo, PgnTags},
    rules::{Move, Rules},
};
// the free board's game read whole and restored (PGN): not in www/pkg
#[cfg(feature = "pgn")]
use {crate::rules, shapes::OutcomeInfo};

#[cfg(feature = "engine")]
mod engine;
#[cfg(all(feature = "lessons", not(feature = "practice")))]
mod lesson;
#[cfg(feature = "practice")]
mod practice;
#[cfg(all(feature = "studio", not(feature = "practice")))]
mod studio;
#[cfg(all(feature = "variant", not(feature = "practice")))]
mod variant;
#[cfg(all(feature = "lessons", not(feature = "practice")))]
pub use lesson::WasmLesson;
// the objects the widget's packages hand over, typed from these structs (boundary_types.rs)
mod shapes;
use shapes::{BoardPiece, FormulaInfo, MoveView, StatusInfo, TargetInfo};

#[cfg(feature = "panic-hook")]
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

// The types made from the Rust types (crate/src/boundary_types.rs; MoveInfo, Explanation,
// LessonGoal, the widget's objects of shapes.rs…), then those this layer still writes by hand.
#[wasm_bindgen(typescript_custom_section)]
const TS_MADE_TYPES: &str = include_str!("../../../www/types/boundary.d.ts");

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** A message for a person: an id of the catalogue (www/i18n/<lang>/messages-*.js) and its arguments. Thrown errors are Error objects with these as own properties id and args (their message is only the id and the args as JSON). */
export interface Message { id: string; args: Record<string, string | number>; }
export interface Diagnostic { line: number; col: number; pointer: string; message: Message; severity: "error" | "warning"; json?: string; }
/** A text by language code (LANGS of www/i18n/i18n.js): English always, others when written. */
export type LessonText = { en: string; [lang: string]: string };
/** The idea a losing move broke: a message, id "idea-left-square", "idea-gave-opposition" or "idea-king-in-front". */
export type EndgameIdea = Message;
"#;

/// A Rust value to JS with serde-wasm-bindgen, in JSON's shapes: structs and maps as plain
/// objects, `None` as `null` (its `json_compatible` serializer). One conversion for every
/// package: no JSON text and no `JSON.parse` at the boundary.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|_| err(msg!("internal", detail = "to JS")))
}

#[cfg(all(
    not(feature = "practice"),
    any(not(feature = "lessons"), feature = "variant", feature = "pgn", feature = "test-trap")
))]
/// A move to JS (`MoveInfo`).
fn move_js(m: &MoveInfo) -> Result<JsValue, JsValue> {
    to_js(&MoveView::from(m))
}

/// The pieces on a board (`BoardPiece[]`): the free board's and a lesson's.
fn pieces_js(pos: &crate::board::Position) -> Result<JsValue, JsValue> {
    let list: Vec<BoardPiece> =
        pos.all_pieces().into_iter().map(|(s, p)| BoardPiece::new(s, p)).collect();
    to_js(&list)
}

/// The targets of the piece on (i, j) in a game (`Target[]`), each with its kind and formula.
fn targets_js(game: &Game, i: i32, j: i32) -> Result<JsValue, JsValue> {
    let from = Square::from_ij(i, j)
        .ok_or_else(|| err_at("square", msg!("bad-square-ij", i = i, j = j)))?;
    let list: Vec<TargetInfo> = game.targets(from).iter().map(TargetInfo::from).collect();
    to_js(&list)
}

/// A game's status as the widget reads it (`StatusInfo`).
fn status_js(game: &Game, can_undo: bool, can_redo: bool) -> Result<JsValue, JsValue> {
    to_js(&StatusInfo::new(&game.status(), Some(game.position().side), can_undo, can_redo))
}

/// The exception for a message: an `Error` with `id` and `args` as own properties, and as
/// `message` the id and the args in compact JSON (the message's `Display` on wasm32).
fn thrown(m: &Message) -> JsValue {
    let e = js_sys::Error::new(&m.to_string());
    let args = js_sys::Object::new();
    for (name, value) in &m.args {
        let value = match value {
            crate::message::Arg::Num(n) => JsValue::from_f64(*n as f64),
            crate::message::Arg::Str(s) => JsValue::from_str(s),
        };
        let _ = js_sys::Reflect::set(&args, &JsValue::from_str(name), &value);
    }
    let _ = js_sys::Reflect::set(&e, &JsValue::from_str("id"), &JsValue::from_str(m.id));
    let _ = js_sys::Reflect::set(&e, &JsValue::from_str("args"), &args);
    e.into()
}

/// The exception for an error of the core.
fn err<E: Into<Message>>(e: E) -> JsValue {
    thrown(&e.into())
}

/// The exception for an error about the parameter `param` (named in `args.param`).
fn err_at(param: &'static str, e: impl Into<Message>) -> JsValue {
    err(e.into().with("param", param))
}

fn parse_square(param: &'static str, text: &str) -> Result<Square, JsValue> {
    Square::parse(text).ok_or_else(|| err_at(param, msg!("bad-square", found = text)))
}

#[cfg(feature = "pgn")]
/// An outcome as `outcome()` gives it, `{ winner, reason }`, or none for `null` (read by hand:
/// serde's deserializer would cost the widget's package several KB).
fn outcome_from_js(v: &JsValue) -> Result<Option<rules::Outcome>, JsValue> {
    if v.is_null() || v.is_undefined() {
        return Ok(None);
    }
    let field = |name: &str| {
        js_sys::Reflect::get(v, &JsValue::from_str(name)).ok().and_then(|x| x.as_string())
    };
    let reason = field("reason").unwrap_or_default();
    let reason = rules::EndReason::from_name(&reason)
        .ok_or_else(|| err_at("outcome", msg!("bad-reason", found = &reason)))?;
    let winner = match field("winner") {
        None => None,
        Some(w) => Some(parse_color("outcome", &w)?),
    };
    Ok(Some(rules::Outcome { winner, reason }))
}

/// The moves of a game read whole (PGN, a restored game), as `play` reports them.
#[cfg(feature = "pgn")]
fn played(game: &Game) -> Vec<MoveInfo> {
    game.history().map(|(p, m)| MoveInfo::new(p, *m, game.rules())).collect()
}

#[cfg(all(
    not(feature = "practice"),
    any(not(feature = "lessons"), feature = "variant", feature = "pgn", feature = "test-trap")
))]
fn parse_color(param: &'static str, text: &str) -> Result<Color, JsValue> {
    match text {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        _ => Err(err_at(param, msg!("bad-side", found = text))),
    }
}

/// A game in progress: the widget's free board (`new Game(position?)`). In every package but
/// pkg-lessons (lessons without pieces as data or PGN: a child's first download), where
/// the lesson player (www/lesson/) asks its `Lesson` instead (`pieceAt`, `line`); the test-trap build of
/// pkg-lessons has it, as it stands in for www/pkg too (tests/browser/trap.test.mjs).
#[cfg(all(
    not(feature = "practice"),
    any(not(feature = "lessons"), feature = "variant", feature = "pgn", feature = "test-trap")
))]
#[wasm_bindgen(js_name = Game)]
pub struct WasmGame {
    game: Game,
    /// The moves played, as `play` reported them, kept as they are played (`history()` hands
    /// them over without a move generation per move).
    played: Vec<MoveInfo>,
    /// The tags of a game read from PGN, written back by `pgn()`.
    #[cfg(feature = "pgn")]
    tags: PgnTags,
}

#[cfg(all(
    not(feature = "practice"),
    any(not(feature = "lessons"), feature = "variant", feature = "pgn", feature = "test-trap")
))]
#[wasm_bindgen(js_class = Game)]
impl WasmGame {
    /// A game from a FEN or an 8-line text board (the initial position when empty or absent).
    /// `autoQueen` promotes every pawn to a queen (king-and-pawn play).
    #[wasm_bindgen(constructor)]
    pub fn new(position: Option<String>, auto_queen: Option<bool>) -> Result<WasmGame, JsValue> {
        let rules = Rules { auto_queen: auto_queen.unwrap_or(false) };
        let pos = match position.as_deref().map(str::trim) {
            None | Some("") => crate::board::Position::initial(),
            Some(text) => notation::parse_position(text).map_err(err)?,
        };
        Ok(WasmGame {
            game: Game::new(pos, rules).map_err(err)?,
            played: Vec::new(),
            #[cfg(feature = "pgn")]
            tags: PgnTags::default(),
        })
    }

    /// The first game of a PGN text: its start position, main line, tags and ending (see
    /// `outcome()`). Throws an Error naming the place, the moves and why:
    /// `PGN 2:13: 1. e4 e5 2. Ke3: no king move to e3 for White`.
    /// With the `pgn` feature only, like `restore` and `pgn`'s tags: together they would cost the
    /// widget's own package about 9 KB gzipped.
    #[cfg(feature = "pgn")]
    #[wasm_bindgen(js_name = fromPgn)]
    pub fn from_pgn(text: &str, auto_queen: Option<bool>) -> Result<WasmGame, JsValue> {
        let p = notation::parse_pgn_with(text, Rules { auto_queen: auto_queen.unwrap_or(false) })
            .map_err(err)?;
        Ok(WasmGame { tags: p.pgn_tags(), played: played(&p.game), game: p.game })
    }

    /// A saved game back, exactly: the start (`startFen()`), the moves in UCI (`moves()`) and the
    /// ending (`outcome()`, `null` while the game goes on), which the board must allow — a
    /// resignation, agreement, flag fall or draw claim is declared again. Throws naming the bad
    /// part: `moves[3]: …`, `outcome: …`.
    #[cfg(feature = "pgn")]
    pub fn restore(
        fen: &str,
        moves: Vec<String>,
        #[wasm_bindgen(unchecked_param_type = "Outcome | null")] outcome: JsValue,
        auto_queen: Option<bool>,
    ) -> Result<WasmGame, JsValue> {
        let mut g = WasmGame::new(Some(fen.to_string()), auto_queen)?;
        let game = &mut g.game;
        for (k, m) in moves.iter().enumerate() {
            notation::parse_uci(game.position(), m, game.rules())
                .map_err(Message::from)
                .and_then(|mv| game.play(mv).map_err(Message::from))
                .map_err(|e| err_at("moves", e.with("index", k)))?;
        }
        if let Some(o) = outcome_from_js(&outcome)? {
            game.end_as(o).map_err(|e| err_at("outcome", e))?;
        }
        g.played = played(&g.game);
        Ok(g)
    }

    // startFen, moves and outcome serve saving and PGN import (the game modes ask the engine
    // worker's package for them); the widget's own package goes without, for its size budget.

    /// The start position as FEN.
    #[cfg(feature = "pgn")]
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        notation::to_fen(self.game.start())
    }

    /// The moves played from the start, in UCI (`e2e4`, `e7e8q`).
    #[cfg(feature = "pgn")]
    pub fn moves(&self) -> Vec<String> {
        self.game.moves().iter().map(|m| m.uci()).collect()
    }

    /// How the game ended, or `null` while it goes on.
    #[cfg(feature = "pgn")]
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> Result<JsValue, JsValue> {
        match self.game.outcome() {
            Some(o) => to_js(&OutcomeInfo::from(o)),
            None => Ok(JsValue::NULL),
        }
    }

    /// The pieces on the board.
    #[wasm_bindgen(unchecked_return_type = "BoardPiece[]")]
    pub fn pieces(&self) -> Result<JsValue, JsValue> {
        pieces_js(self.game.position())
    }

    /// The targets of the piece on (i, j), each with its kind and formula.
    #[wasm_bindgen(unchecked_return_type = "Target[]")]
    pub fn targets(&self, i: i32, j: i32) -> Result<JsValue, JsValue> {
        targets_js(&self.game, i, j)
    }

    /// Play a move from one square to another (`"e2"`, `"e4"`); `promotion` is `q`, `r`, `b` or `n`.
    #[wasm_bindgen(unchecked_return_type = "MoveInfo")]
    pub fn play(
        &mut self,
        from: &str,
        to: &str,
        promotion: Option<String>,
    ) -> Result<JsValue, JsValue> {
        let from = parse_square("from", from)?;
        let to = parse_square("to", to)?;
        let promotion = match promotion.as_deref() {
            None | Some("") => None,
            Some(p) => Some(
                p.chars()
                    .next()
                    .and_then(PieceKind::from_letter)
                    .filter(|k| PieceKind::PROMOTIONS.contains(k) && p.len() == 1)
                    .ok_or_else(|| err_at("promotion", msg!("bad-promotion", found = p)))?,
            ),
        };
        let mv = self.game.find_move(from, to, promotion).map_err(err)?;
        self.play_move(mv)
    }

    /// Play a move written in SAN (or UCI, or seed 002's long form).
    #[cfg(any(feature = "lessons", feature = "pgn"))]
    #[wasm_bindgen(js_name = playSan, unchecked_return_type = "MoveInfo")]
    pub fn play_san(&mut self, san: &str) -> Result<JsValue, JsValue> {
        if let Some(o) = self.game.outcome() {
            return Err(err(crate::rules::RuleError::GameOver { result: o.result() }));
        }
        let mv = notation::parse_move(self.game.position(), san, self.game.rules()).map_err(err)?;
        self.play_move(mv)
    }

    fn play_move(&mut self, mv: Move) -> Result<JsValue, JsValue> {
        let info = MoveInfo::new(self.game.position(), mv, self.game.rules());
        self.game.play(mv).map_err(err)?;
        let js = move_js(&info);
        self.played.push(info);
        js
    }

    /// Take back the last move; `null` at the start.
    #[wasm_bindgen(unchecked_return_type = "MoveInfo | null")]
    pub fn undo(&mut self) -> Result<JsValue, JsValue> {
        match self.game.undo() {
            None => Ok(JsValue::NULL),
            Some(mv) => match self.played.pop() {
                Some(info) => move_js(&info),
                None => move_js(&MoveInfo::new(self.game.position(), mv, self.game.rules())),
            },
        }
    }

    /// Play again the move last taken back; `null` when there is none.
    #[wasm_bindgen(unchecked_return_type = "MoveInfo | null")]
    pub fn redo(&mut self) -> Result<JsValue, JsValue> {
        if self.game.redo().is_none() {
            return Ok(JsValue::NULL);
        }
        let (before, mv) = self.game.history().last().expect("a move was just played again");
        let info = MoveInfo::new(before, *mv, self.game.rules());
        let js = move_js(&info);
        self.played.push(info);
        js
    }

    #[wasm_bindgen(unchecked_return_type = "StatusInfo")]
    pub fn status(&self) -> Result<JsValue, JsValue> {
        status_js(&self.game, !self.game.moves().is_empty(), self.game.can_redo())
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        notation::to_fen(self.game.position())
    }

    /// The current position as seed 002's 8-line text board.
    #[wasm_bindgen(js_name = textBoard)]
    pub fn text_board(&self) -> String {
        notation::to_text_board(self.game.position())
    }

    /// The moves played, each in SAN, long form and UCI (kept as they were played).
    #[wasm_bindgen(unchecked_return_type = "MoveInfo[]")]
    pub fn history(&self) -> Result<JsValue, JsValue> {
        to_js(&self.played.iter().map(MoveView::from).collect::<Vec<_>>())
    }

    /// The game as PGN.
    #[cfg(not(feature = "pgn"))]
    pub fn pgn(&self, white: Option<String>, black: Option<String>) -> String {
        notation::to_pgn(&self.game, &PgnTags { white, black, ..PgnTags::default() })
    }

    /// The game as PGN, with the tags of a game read by `fromPgn`, then `tags` (an object such as
    /// `{ Event: "Club", Date: "2026.11.21" }`), then the names of White and Black.
    #[cfg(feature = "pgn")]
    pub fn pgn(
        &self,
        white: Option<String>,
        black: Option<String>,
        #[wasm_bindgen(unchecked_param_type = "Record<string, string>")] tags: Option<
            js_sys::Object,
        >,
    ) -> String {
        let mut t = self.tags.clone();
        for pair in tags.iter().flat_map(js_sys::Object::entries) {
            let pair = js_sys::Array::from(&pair);
            if let (Some(name), Some(value)) = (pair.get(0).as_string(), pair.get(1).as_string()) {
                t.set(&name, &value);
            }
        }
        t.white = white.or(t.white);
        t.black = black.or(t.black);
        notation::to_pgn(&self.game, &t)
    }

    /// `side` (`white` or `black`) resigns.
    pub fn resign(&mut self, side: &str) -> Result<(), JsValue> {
        let side = parse_color("side", side)?;
        self.game.resign(side).map(|_| ()).map_err(err)
    }

    /// Both players agree to a draw.
    #[wasm_bindgen(js_name = agreeDraw)]
    pub fn agree_draw(&mut self) -> Result<(), JsValue> {
        self.game.agree_draw().map(|_| ()).map_err(err)
    }

    /// The side to move claims a draw (threefold repetition or the 50-move rule).
    #[wasm_bindgen(js_name = claimDraw)]
    pub fn claim_draw(&mut self) -> Result<(), JsValue> {
        self.game.claim_draw().map(|_| ()).map_err(err)
    }

    /// `side`'s flag fell.
    #[wasm_bindgen(js_name = timeOut)]
    pub fn time_out(&mut self, side: &str) -> Result<(), JsValue> {
        let side = parse_color("side", side)?;
        self.game.time_out(side).map(|_| ()).map_err(err)
    }
}

/// Check a lesson file's text (without the doctor's searches), with the text of the piece set
/// file it names if any: the findings, each with line, column, JSON pointer, message and
/// severity. Never throws for bad lesson text. Not in www/pkg-lessons (what a child downloads
/// before the first lesson): the lesson player (www/lesson/) loads www/pkg-lessons-full for a broken lesson's card.
#[cfg(all(feature = "lessons", feature = "variant", not(feature = "practice")))]
#[wasm_bindgen(js_name = checkLesson, unchecked_return_type = "Diagnostic[]")]
pub fn check_lesson(text: &str, pieces: Option<String>) -> Result<JsValue, JsValue> {
    to_js(&crate::lesson::check_lesson_full(text, None, false, &|_| pieces.clone()).1)
}

#[cfg(all(feature = "solver", not(feature = "practice")))]
fn endgame_position(param: &'static str, text: &str) -> Result<crate::board::Position, JsValue> {
    notation::parse_position(text).map_err(|e| err_at(param, e))
}

/// The exact king-and-pawn solver under auto-queen rules. Load the data files `Endgame.files(fen)`
/// names (from `www/endgame/`), then ask. Every position is a FEN or a text board.
#[cfg(all(feature = "solver", not(feature = "practice")))]
#[wasm_bindgen(js_name = Endgame)]
pub struct WasmEndgame {
    pub(crate) core: std::sync::Arc<crate::endgame::Endgame>,
}

#[cfg(all(feature = "solver", not(feature = "practice")))]
impl Default for WasmEndgame {
    fn default() -> Self {
        WasmEndgame::new()
    }
}

#[cfg(all(feature = "solver", not(feature = "practice")))]
#[wasm_bindgen(js_class = Endgame)]
impl WasmEndgame {
    /// A solver with no tables loaded yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> WasmEndgame {
        WasmEndgame { core: std::sync::Arc::new(crate::endgame::Endgame::new()) }
    }

    /// The data files a position needs, with those of the positions it can lead to.
    pub fn files(fen: &str) -> Result<Vec<String>, JsValue> {
        crate::endgame::Endgame::files_for(&endgame_position("fen", fen)?).map_err(err)
    }

    /// The names of every data file.
    #[wasm_bindgen(js_name = allFiles)]
    pub fn all_files() -> Vec<String> {
        crate::endgame::Endgame::all_files()
    }

    /// Load one data file's bytes; returns its file name (`kpk.bin`, …, as `files` names it).
    pub fn load(&self, bytes: &[u8]) -> Result<String, JsValue> {
        Ok(self.core.load(bytes).map_err(err)? + ".bin")
    }

    /// The files of `Endgame.files(fen)` not loaded yet.
    pub fn missing(&self, fen: &str) -> Result<Vec<String>, JsValue> {
        self.core.missing_files(&endgame_position("fen", fen)?).map_err(err)
    }

    /// Solve what the position's later probes need (so that each is a look-up).
    pub fn prepare(&self, fen: &str) -> Result<(), JsValue> {
        self.core.prepare(&endgame_position("fen", fen)?).map_err(err)
    }

    /// The verdict for the side to move.
    #[wasm_bindgen(unchecked_return_type = "EndgameVerdict")]
    pub fn probe(&self, fen: &str) -> Result<JsValue, JsValue> {
        to_js(&self.core.probe(&endgame_position("fen", fen)?).map_err(err)?)
    }

    /// The verdict and every best move (UCI, sorted).
    #[wasm_bindgen(unchecked_return_type = "EndgameSolution")]
    pub fn solve(&self, fen: &str) -> Result<JsValue, JsValue> {
        let pos = endgame_position("fen", fen)?;
        let verdict = self.core.probe(&pos).map_err(err)?;
        let best = self.core.best_moves(&pos).map_err(err)?.iter().map(|m| m.uci()).collect();
        to_js(&shapes::EndgameSolution { verdict, best })
    }

    /// The computer's move (UCI), or `null` when the side to move has none.
    #[wasm_bindgen(js_name = bestMove, unchecked_return_type = "string | null")]
    pub fn best_move(&self, fen: &str) -> Result<JsValue, JsValue> {
        Ok(match self.core.best_move(&endgame_position("fen", fen)?).map_err(err)? {
            Some(m) => JsValue::from_str(&m.uci()),
            None => JsValue::NULL,
        })
    }

    /// Judge a move (UCI or SAN) of the side to move.
    #[wasm_bindgen(unchecked_return_type = "EndgameJudgement")]
    pub fn judge(&self, fen: &str, uci: &str) -> Result<JsValue, JsValue> {
        let pos = endgame_position("fen", fen)?;
        let mv =
            notation::parse_move(&pos, uci, crate::endgame::RULES).map_err(|e| err_at("uci", e))?;
        to_js(&self.core.judge(&pos, mv).map_err(err)?)
    }

    /// Best play for up to `plies` half-moves (at most 200), in UCI.
    pub fn line(&self, fen: &str, plies: usize) -> Result<Vec<String>, JsValue> {
        let pos = endgame_position("fen", fen)?;
        Ok(self
            .core
            .principal_variation(&pos, plies.min(200))
            .map_err(err)?
            .iter()
            .map(|m| m.uci())
            .collect())
    }
}

/// The square of the pawn on `square`: rows, columns and corners to draw, and the rule of the
/// square for the side to move. Throws when there is no pawn there.
#[cfg(all(feature = "solver", not(feature = "practice")))]
#[wasm_bindgen(js_name = pawnSquare, unchecked_return_type = "PawnSquare")]
pub fn pawn_square(fen: &str, square: &str) -> Result<JsValue, JsValue> {
    let pos = endgame_position("fen", fen)?;
    let sq = parse_square("square", square)?;
    let found = crate::endgame::geometry::pawn_square(&pos, sq)
        .ok_or_else(|| err_at("square", msg!("no-pawn-on", square = sq)))?;
    to_js(&found)
}

/// The squares of every pawn on the board, a1 first.
#[cfg(all(feature = "solver", not(feature = "practice")))]
#[wasm_bindgen(js_name = pawnSquares, unchecked_return_type = "PawnSquare[]")]
pub fn pawn_squares(fen: &str) -> Result<JsValue, JsValue> {
    to_js(&crate::endgame::geometry::pawn_squares(&endgame_position("fen", fen)?))
}

/// The opposition of the kings, or `null` when they stand in none.
#[cfg(all(feature = "solver", not(feature = "practice")))]
#[wasm_bindgen(unchecked_return_type = "Opposition | null")]
pub fn opposition(fen: &str) -> Result<JsValue, JsValue> {
    match crate::endgame::geometry::opposition(&endgame_position("fen", fen)?) {
        Some(o) => to_js(&o),
        None => Ok(JsValue::NULL),
    }
}

/// The key squares of the pawn on `square`, sorted. Throws when there is no pawn there.
#[cfg(all(feature = "solver", not(feature = "practice")))]
#[wasm_bindgen(js_name = keySquares)]
pub fn key_squares(fen: &str, square: &str) -> Result<Vec<String>, JsValue> {
    let pos = endgame_position("fen", fen)?;
    let sq = parse_square("square", square)?;
    let keys = crate::endgame::geometry::key_squares(&pos, sq)
        .ok_or_else(|| err_at("square", msg!("no-pawn-on", square = sq)))?;
    Ok(keys.iter().map(|s| s.to_string()).collect())
}

/// Every idea a mistake can break, with its id and texts, for the widget's tables.
#[cfg(all(feature = "solver", not(feature = "practice")))]
#[wasm_bindgen(js_name = endgameIdeas, unchecked_return_type = "EndgameIdea[]")]
pub fn endgame_ideas() -> Result<JsValue, JsValue> {
    to_js(&crate::endgame::Idea::ALL)
}

/// The formula table: every piece's lines, as data for the UI.
#[wasm_bindgen(unchecked_return_type = "FormulaInfo[]")]
pub fn formulas() -> Result<JsValue, JsValue> {
    to_js(&FORMULAS.iter().map(FormulaInfo::from).collect::<Vec<_>>())
}

/// Check a FEN or text board; returns the normalised FEN or throws with the bad field named.
#[wasm_bindgen(js_name = validatePosition)]
pub fn validate_position(text: &str) -> Result<String, JsValue> {
    notation::parse_position(text).map(|p| notation::to_fen(&p)).map_err(err)
}

/// Perft (leaf nodes of the legal move tree) for the benchmark (in the lessons and engine
/// packages; the widget's own has no use for it).
/// In www/pkg-engine (the bench's perft rows) and the packages with the solver; not in
/// www/pkg-lessons (what a child downloads before the first lesson).
#[cfg(all(any(feature = "solver", feature = "engine"), not(feature = "practice")))]
#[wasm_bindgen]
pub fn perft(fen: &str, depth: u32) -> Result<f64, JsValue> {
    let pos = notation::parse_fen(fen).map_err(err)?;
    Ok(crate::rules::perft(&pos, depth.min(8)) as f64)
}

/// The crate version, so the page can show that the module has loaded.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Test builds only (cargo feature `test-trap`, built by scripts/test.sh into target/test-trap/,
/// never into www/ or dist/): traps on purpose (`unreachable`), as a panic or an out-of-memory
/// would, so that tests/browser/trap.test.mjs proves the page's recovery (a fresh instance).
#[cfg(feature = "test-trap")]
#[wasm_bindgen(js_name = testTrap)]
pub fn test_trap() {
    #[cfg(target_arch = "wasm32")]
    core::arch::wasm32::unreachable();
}
