//! The variant rules (pieces as data: chess-t1, a teacher's own pieces) for the widget:
//! class `VariantGame`, with the method names and shapes of `Game` where the widget uses them
//! (`www/widget/variant.js` wraps it as the widget's rules), plus `force(i, j)` and `formulas()`.
//! Objects go to JS through the boundary's one conversion (`to_js`: serde-wasm-bindgen); every
//! error is thrown as an `Error` with `id` and `args`, never a panic.

use super::shapes::variant::{ForceDto, FormulaDto, MoveDto, PieceDto, StatusDto, TargetDto};
use super::shapes::FormulaLine;
use super::{err, err_at, parse_square, thrown, to_js};
use crate::board::{Color, Square};
use crate::message::Message;
use crate::movement::PieceSet;
use crate::variant::{self, VariantError, VariantMove, VariantPosition, VariantTarget};
use std::sync::Arc;
use wasm_bindgen::prelude::*;

fn verr(e: VariantError) -> JsValue {
    err(Message::from(e))
}

fn square_ij(i: i32, j: i32) -> Result<Square, JsValue> {
    Square::from_ij(i, j).ok_or_else(|| err_at("square", msg!("bad-square-ij", i = i, j = j)))
}

/// The set's text read, or the first finding (its place `line:col: /pointer` as `param`).
fn read_set(text: &str) -> Result<Arc<PieceSet>, JsValue> {
    PieceSet::parse(text).map(Arc::new).map_err(|found| {
        let m = found.into_iter().next().map_or_else(
            || msg!("internal", detail = "no piece set"),
            |d| {
                let place = match d.pointer.as_str() {
                    "" => format!("{}:{}", d.line, d.col),
                    pointer => format!("{}:{}: {pointer}", d.line, d.col),
                };
                d.message.with("param", place)
            },
        );
        thrown(&m)
    })
}

/// A game with a piece set, for the widget: `new VariantGame(pieceSetJson, position?)`.
#[wasm_bindgen]
pub struct VariantGame {
    set: Arc<PieceSet>,
    game: variant::VariantGame,
}

impl VariantGame {
    fn pos(&self) -> &VariantPosition {
        self.game.position()
    }

    /// A move as the widget's MoveInfo: `before` is the position it was played from.
    fn move_info(&self, before: &VariantPosition, mv: &VariantMove) -> Result<JsValue, JsValue> {
        let piece = before.piece_at(mv.from).map(|(_, p)| p);
        let letter = piece.map(|p| p.letter.to_ascii_uppercase().to_string()).unwrap_or_default();
        let x = if mv.captured.is_some() { "x" } else { "-" };
        let to = mv.to.to_string();
        let from = mv.from.to_string();
        let san = |l: &str| format!("{l}{}{to}", if mv.captured.is_some() { "x" } else { "" });
        let long = |l: &str| format!("{l}{from}{x}{to}");
        to_js(&MoveDto {
            uci: format!("{from}{to}"),
            san: san(&letter),
            long: long(&letter),
            from: mv.from,
            to: mv.to,
            kind: if mv.captured.is_some() { "capture" } else { "move" },
            capture: mv.captured.is_some(),
            captured: mv.captured.as_deref(),
            piece: &mv.piece,
            color: mv.color,
            promotion: None,
            rook: None,
            force: mv.force,
            explanation: &mv.explanation,
        })
    }

    fn last_move(&self) -> Result<JsValue, JsValue> {
        match self.game.history().last() {
            Some((before, mv)) => self.move_info(before, mv),
            None => Ok(JsValue::NULL),
        }
    }
}

#[wasm_bindgen]
impl VariantGame {
    /// A game with the piece set of `pieceSet` (its JSON text; throws the first finding, its place
    /// `line:col: /pointer` in `args.param`) from a FEN or text board with the set's letters
    /// (an empty board when absent or empty; throws naming the bad field).
    #[wasm_bindgen(constructor)]
    pub fn new(piece_set: &str, position: Option<String>) -> Result<VariantGame, JsValue> {
        let set = read_set(piece_set)?;
        let pos = match position.as_deref().map(str::trim) {
            None | Some("") => VariantPosition::empty(set.clone()),
            Some(text) => VariantPosition::parse(set.clone(), text).map_err(verr)?,
        };
        Ok(VariantGame { set, game: variant::VariantGame::new(pos) })
    }

    /// The pieces on the board.
    #[wasm_bindgen(unchecked_return_type = "VariantPiece[]")]
    pub fn pieces(&self) -> Result<JsValue, JsValue> {
        let list: Vec<PieceDto> = self
            .pos()
            .pieces()
            .into_iter()
            .map(|(square, color, p)| PieceDto {
                square,
                i: square.i() as i32,
                j: square.j() as i32,
                color,
                kind: &p.id,
                char: if color == Color::White {
                    p.letter.to_ascii_uppercase()
                } else {
                    p.letter.to_ascii_lowercase()
                },
            })
            .collect();
        to_js(&list)
    }

    /// The targets of the piece on (i, j) when it is the side to move's: moves, captures and
    /// refused ones (kind "refused", with the reason and, for a capture, both sides' force).
    #[wasm_bindgen(unchecked_return_type = "VariantTarget[]")]
    pub fn targets(&self, i: i32, j: i32) -> Result<JsValue, JsValue> {
        let from = square_ij(i, j)?;
        let pos = self.pos();
        let targets: Vec<VariantTarget> = self.game.targets(from);
        let list: Vec<TargetDto> = targets
            .iter()
            .map(|t| TargetDto {
                square: t.square,
                i: t.square.i() as i32,
                j: t.square.j() as i32,
                kind: if !t.allowed {
                    "refused"
                } else if t.capture {
                    "capture"
                } else {
                    "move"
                },
                capture: t.capture,
                captured: pos.piece_at(t.square).filter(|_| t.capture).map(|(_, p)| p.id.as_str()),
                refusal: t.refusal,
                region: t.region.as_deref(),
                force: t.force,
                explanation: &t.explanation,
            })
            .collect();
        to_js(&list)
    }

    /// Both sides' force on (i, j) and the pieces that give it (role attack, defence or
    /// self-defence; on an empty square every source attacks).
    #[wasm_bindgen(unchecked_return_type = "ForceInfo")]
    pub fn force(&self, i: i32, j: i32) -> Result<JsValue, JsValue> {
        let square = square_ij(i, j)?;
        to_js(&ForceDto { square, report: &self.game.force(square) })
    }

    /// Play a move of the side to move (`"e5"`, `"e4"`); throws when the rules refuse it (a
    /// refused capture names both sides' force). A third argument (promotion) is ignored.
    #[wasm_bindgen(unchecked_return_type = "VariantMoveInfo")]
    pub fn play(&mut self, from: &str, to: &str) -> Result<JsValue, JsValue> {
        let from = parse_square("from", from)?;
        let to = parse_square("to", to)?;
        self.game.play(from, to).map_err(verr)?;
        self.last_move()
    }

    /// Take back the last move; `null` at the start.
    #[wasm_bindgen(unchecked_return_type = "VariantMoveInfo | null")]
    pub fn undo(&mut self) -> Result<JsValue, JsValue> {
        let Some((before, _)) = self.game.history().last() else { return Ok(JsValue::NULL) };
        let before = before.clone();
        match self.game.undo() {
            Ok(mv) => self.move_info(&before, &mv),
            Err(_) => Ok(JsValue::NULL),
        }
    }

    /// Play again the move last taken back; `null` when there is none.
    #[wasm_bindgen(unchecked_return_type = "VariantMoveInfo | null")]
    pub fn redo(&mut self) -> Result<JsValue, JsValue> {
        if !self.game.can_redo() {
            return Ok(JsValue::NULL);
        }
        self.game.redo().map_err(verr)?;
        self.last_move()
    }

    /// Whose move, and whether undo and redo can be used (no check or end: chess-t1 fixes none).
    #[wasm_bindgen(unchecked_return_type = "VariantStatusInfo")]
    pub fn status(&self) -> Result<JsValue, JsValue> {
        to_js(&StatusDto {
            state: "playing",
            turn: self.pos().turn(),
            check: false,
            claim_threefold: false,
            claim_fifty: false,
            outcome: None,
            can_undo: self.game.can_undo(),
            can_redo: self.game.can_redo(),
        })
    }

    /// The position as FEN with the set's letters.
    pub fn fen(&self) -> String {
        self.game.fen()
    }

    /// The position as the 8-line text board.
    #[wasm_bindgen(js_name = textBoard)]
    pub fn text_board(&self) -> String {
        self.game.text_board()
    }

    /// The moves played from the start.
    #[wasm_bindgen(unchecked_return_type = "VariantMoveInfo[]")]
    pub fn history(&self) -> Result<JsValue, JsValue> {
        let arr = js_sys::Array::new();
        for (before, mv) in self.game.history() {
            arr.push(&self.move_info(before, mv)?);
        }
        Ok(arr.into())
    }

    /// The set's pieces for the UI: names, letters, image, strength, lines with their texts.
    #[wasm_bindgen(unchecked_return_type = "VariantFormula[]")]
    pub fn formulas(&self) -> Result<JsValue, JsValue> {
        let list: Vec<FormulaDto> = self
            .set
            .pieces
            .iter()
            .map(|p| FormulaDto {
                kind: &p.id,
                name: &p.name,
                letter: p.letter.to_ascii_uppercase(),
                letters: &p.letters,
                image: p.image.as_deref(),
                strength: p.strength,
                royal: p.royal,
                promotes: p.promotes,
                may_not_enter: &p.may_not_enter,
                source: p.source.as_ref(),
                lines: p.lines.iter().map(FormulaLine::from).collect(),
            })
            .collect();
        to_js(&list)
    }

    /// The piece set as JSON (normalised).
    #[wasm_bindgen(js_name = pieceSet)]
    pub fn piece_set(&self) -> String {
        self.set.to_json()
    }
}
