//! The computer opponent in the browser: class `Engine` of the package www/pkg-engine (cargo
//! feature `engine`), used by www/widget/engine-worker.js. No rules or search live here; every error
//! comes back as a JS `Error` whose message names the bad field.

use super::shapes::engine::MoveDto;
use super::{err, err_at, to_js};
use crate::endgame::Endgame;
use crate::engine::{self, Clock};
use crate::message::Message;
use crate::notation;
use crate::rules::{Game, Rules};
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// `Date.now()`: there is no `std::time::Instant` on wasm32, and it works in a worker and Node.
struct JsClock;

impl Clock for JsClock {
    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }
}

/// The game from a start position (FEN or text board) and the moves played since (UCI or SAN).
fn build_game(start: &str, moves: &[String], auto_queen: Option<bool>) -> Result<Game, JsValue> {
    let rules = if auto_queen.unwrap_or(false) { Rules::AUTO_QUEEN } else { Rules::STANDARD };
    let pos = notation::parse_position(start).map_err(|e| err_at("startFen", e))?;
    let mut game = Game::new(pos, rules).map_err(|e| err_at("startFen", e))?;
    for (k, m) in moves.iter().enumerate() {
        let mv = notation::parse_move(game.position(), m, rules)
            .map_err(|e| err_at("movesUci", Message::from(e).with("index", k)))?;
        game.play(mv).map_err(|e| err_at("movesUci", Message::from(e).with("index", k)))?;
    }
    Ok(game)
}

fn seed_of(seed: f64) -> Result<u64, JsValue> {
    if !seed.is_finite() || seed < 0.0 {
        return Err(err_at("seed", msg!("bad-seed", found = seed.to_string())));
    }
    Ok(seed as u64)
}

/// The computer opponent: levels 1 (beginner) to 8, the endgame solver's tables when loaded.
#[wasm_bindgen(js_name = Engine)]
pub struct WasmEngine {
    core: engine::Engine,
    endgame: Arc<Endgame>,
}

impl Default for WasmEngine {
    fn default() -> Self {
        WasmEngine::new()
    }
}

#[wasm_bindgen(js_class = Engine)]
impl WasmEngine {
    /// An engine with no endgame tables loaded yet (it plays without them).
    #[wasm_bindgen(constructor)]
    pub fn new() -> WasmEngine {
        let endgame = Arc::new(Endgame::new());
        let mut core = engine::Engine::new();
        core.set_endgame(Some(endgame.clone()));
        WasmEngine { core, endgame }
    }

    /// Load one endgame data file (from www/endgame); returns its file name (`kpk.bin`).
    #[wasm_bindgen(js_name = loadEndgame)]
    pub fn load_endgame(&self, bytes: &[u8]) -> Result<String, JsValue> {
        Ok(self.endgame.load(bytes).map_err(err)? + ".bin")
    }

    /// The endgame data files the position after `movesUci` needs and that are not loaded yet:
    /// empty outside the solver's classes (KPK, KPKP, KQK, KQKP, KQKQ) or when all are loaded.
    #[wasm_bindgen(js_name = endgameFiles)]
    pub fn endgame_files(
        &self,
        fen: &str,
        moves_uci: Option<Vec<String>>,
    ) -> Result<Vec<String>, JsValue> {
        let game = build_game(fen, &moves_uci.unwrap_or_default(), None)?;
        Ok(self.endgame.missing_files(game.position()).unwrap_or_default())
    }

    /// The computer's move at `level` (1–8) in the game from `startFen` after `movesUci`, with
    /// chance from `seed` (a whole number: the same seed, the same move). About a second at
    /// most. `autoQueen`: the game's pawns always promote to a queen.
    #[wasm_bindgen(js_name = bestMove, unchecked_return_type = "EngineMove")]
    pub fn best_move(
        &mut self,
        start_fen: &str,
        moves_uci: Vec<String>,
        level: u32,
        seed: f64,
        auto_queen: Option<bool>,
    ) -> Result<JsValue, JsValue> {
        let seed = seed_of(seed)?;
        engine::level(level).map_err(err)?;
        let game = build_game(start_fen, &moves_uci, auto_queen)?;
        let r = self.core.play(&game, level, seed, Some(&JsClock)).map_err(err)?;
        let pos = game.position();
        to_js(&MoveDto {
            uci: r.mv.uci(),
            san: notation::to_san(pos, r.mv, game.rules()),
            score: r.score,
            mate: r.mate_in(),
            depth: r.depth,
            nodes: r.nodes as f64,
            ms: r.ms,
            from_tables: r.from_tables,
            pv: r.pv.iter().map(|m| m.uci()).collect(),
        })
    }

    /// Whether the computer at `level` accepts a draw offer: only when its evaluation says the
    /// game is level (within half a pawn) or the position is a dead or tablebase draw.
    #[wasm_bindgen(js_name = acceptsDraw)]
    pub fn accepts_draw(
        &mut self,
        start_fen: &str,
        moves_uci: Vec<String>,
        level: u32,
        auto_queen: Option<bool>,
    ) -> Result<bool, JsValue> {
        let game = build_game(start_fen, &moves_uci, auto_queen)?;
        self.core.accepts_draw(&game, level).map_err(err)
    }
}
