//! The lesson player's bindings (class `Lesson`): one player for every lesson, of chess or with a
//! piece set ([`crate::lesson::player::Player`]). No rules live here.

#[cfg(feature = "solver")]
use super::WasmEndgame;
use super::{
    err, err_at, parse_square, pieces_js, status_js, targets_js, thrown, to_js, MoveView,
    StatusInfo,
};
use crate::board::PieceKind;
use crate::lesson::attempt::{BoardStatus, Outcome, Played};
use crate::lesson::player::Player;
use wasm_bindgen::prelude::*;

/// A lesson being played: the child's moves, quiz clicks and answers are judged here.
#[wasm_bindgen(js_name = Lesson)]
pub struct WasmLesson {
    player: Box<Player>,
}

/// The id of the piece set file a lesson's text names (`"pieces": "my-set"` → `"my-set"`): fetch
/// `pieces/<id>.json` next to the lesson and pass its text to `new Lesson(text, setText)`.
/// `null` when the lesson needs none (chess, a built-in set such as `chess-t1`, an inline set).
#[cfg(feature = "variant")]
#[wasm_bindgen(js_name = lessonPiecesFile)]
pub fn lesson_pieces_file(text: &str) -> Option<String> {
    // through the input guard (a byte-order mark skipped, size and depth bounded)
    let lesson = crate::lesson::parse_lesson(text)?;
    crate::lesson::variant::needed_file(&lesson).map(str::to_string)
}

/// The package a lesson's text needs instead of this one: `"pkg-lessons-full"` (the lesson
/// player with pieces as data and the solver) when this package has no pieces as data
/// (www/pkg-lessons: chess lessons only) for a lesson with a piece set, a `keep_pieces` game or a
/// `best_move` with a group (`accept`: its words are not in pkg-lessons, to keep a child's first
/// download small); `null` when this package plays it (or
/// the text is no lesson: `new Lesson` then says why). A lesson with the endgame solver shows
/// only once read: `endgameFiles()` names files but this package has no class `Endgame`.
#[wasm_bindgen(js_name = lessonPackage)]
pub fn lesson_package(text: &str) -> Option<String> {
    if cfg!(feature = "variant") {
        return None;
    }
    // only the fields `pieces` and the goal's `type` and `accept`, every other one skipped
    // unread: a full typed reading of the lesson (or a JSON value) would cost the package several KB
    #[derive(serde::Deserialize)]
    struct Named {
        #[serde(default)]
        pieces: Option<serde::de::IgnoredAny>,
        #[serde(default)]
        goal: Option<GoalHead>,
    }
    #[derive(serde::Deserialize)]
    struct GoalHead {
        #[serde(default, rename = "type")]
        kind: Option<String>,
        #[serde(default)]
        accept: Option<serde::de::IgnoredAny>,
    }
    let text = crate::guard::json(text, crate::guard::LESSON).ok()?;
    let named = serde_json::from_str::<Named>(text).ok()?;
    let goal = named.goal.as_ref();
    let full = named.pieces.is_some()
        || goal.is_some_and(|g| g.kind.as_deref() == Some("keep_pieces") || g.accept.is_some());
    full.then(|| PIECES_PACKAGE.to_string())
}

/// The package with the lesson player, pieces as data and the solver.
const PIECES_PACKAGE: &str = "pkg-lessons-full";

/// `Some` value as JS, or `null`.
fn or_null<T: serde::Serialize>(v: Option<T>) -> Result<JsValue, JsValue> {
    match v {
        Some(v) => to_js(&v),
        None => Ok(JsValue::NULL),
    }
}

#[wasm_bindgen(js_class = Lesson)]
impl WasmLesson {
    /// Read a lesson file's text (with the text of the piece set file it names, if any: see
    /// `lessonPiecesFile`); throws with the checker's first findings when it is broken.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, pieces: Option<String>) -> Result<WasmLesson, JsValue> {
        // a lesson this package does not play (a piece set, a keep_pieces game, a best_move with
        // a group): the package that does, named
        #[cfg(not(feature = "variant"))]
        if let Some(package) = lesson_package(text) {
            return Err(err(msg!("lesson-needs-package", package = package.as_str())));
        }
        let load = |_: &str| pieces.clone();
        let (lesson, found) = crate::lesson::check_lesson_full(text, None, false, &load);
        let errors: Vec<_> =
            found.iter().filter(|d| d.severity == crate::lesson::Severity::Error).collect();
        let player = match (lesson, errors.first()) {
            #[cfg(not(feature = "variant"))]
            (Some(lesson), None) if lesson.pieces.is_some() => {
                return Err(err(msg!("lesson-needs-package", package = PIECES_PACKAGE)))
            }
            #[cfg(feature = "variant")]
            (Some(lesson), None) if lesson.pieces.is_some() => {
                let set = match crate::lesson::variant::resolve_set(&lesson, &load) {
                    Some(Ok(set)) => set,
                    Some(Err(mut e)) if !e.is_empty() => return Err(err(e.remove(0).1)),
                    _ => return Err(err(msg!("internal", detail = "no piece set"))),
                };
                Player::with_set(lesson, set).map_err(err)?
            }
            (Some(lesson), None) => Player::new(lesson).map_err(err)?,
            // The first finding as the message (with its pointer).
            (_, first) => {
                let m = first.map_or_else(
                    || msg!("internal", detail = "no lesson"),
                    |d| d.message.clone().with("pointer", &d.pointer),
                );
                return Err(thrown(&m));
            }
        };
        Ok(WasmLesson { player: Box::new(player) })
    }

    /// The piece set's JSON text for the widget (`host.usePieces`), or `null` for a chess lesson.
    pub fn pieces(&self) -> Option<String> {
        self.player.set_json().map(str::to_string)
    }

    /// The position now, as FEN (with the set's letters in a lesson with a piece set).
    pub fn fen(&self) -> String {
        self.player.fen()
    }

    /// Moves made, mistakes, stars still on the board, quiz squares found, and the state.
    #[wasm_bindgen(unchecked_return_type = "LessonProgress")]
    pub fn progress(&self) -> Result<JsValue, JsValue> {
        to_js(self.player.attempt())
    }

    /// The child moves a piece (`"e2"`, `"e4"`, promotion `q`/`r`/`b`/`n`). In a lesson with the
    /// endgame solver this throws until the files of `endgameFiles()` are loaded.
    #[wasm_bindgen(unchecked_return_type = "LessonOutcome")]
    pub fn play(
        &mut self,
        from: &str,
        to: &str,
        promotion: Option<String>,
    ) -> Result<JsValue, JsValue> {
        let from = parse_square("from", from)?;
        let to = parse_square("to", to)?;
        if !self.player.endgame_ready() {
            let files = self.player.endgame_files().join(", ");
            return Err(err_at("endgame", msg!("lesson-needs-tables", files = files)));
        }
        let promotion =
            promotion.as_deref().and_then(|p| p.chars().next()).and_then(PieceKind::from_letter);
        outcome_js(&self.player.play(from, to, promotion))
    }

    /// A quiz click on a square.
    #[wasm_bindgen(unchecked_return_type = "LessonOutcome")]
    pub fn click(&mut self, square: &str) -> Result<JsValue, JsValue> {
        let sq = parse_square("square", square)?;
        outcome_js(&self.player.click(sq))
    }

    /// An answer: the index of the choice (`can_capture`: 0 yes, 1 no; `stronger`: 0 White,
    /// 1 Black, 2 equal). After the right answer to those, `why` says the force totals.
    #[wasm_bindgen(unchecked_return_type = "LessonOutcome")]
    pub fn answer(&mut self, choice: usize) -> Result<JsValue, JsValue> {
        outcome_js(&self.player.answer(choice))
    }

    /// The next hint (first the piece, then the move), or `null`.
    #[wasm_bindgen(unchecked_return_type = "LessonHint | null")]
    pub fn hint(&mut self) -> Result<JsValue, JsValue> {
        or_null(self.player.hint())
    }

    /// A `show` lesson: the step is read (Next). Only a step without a move waits for it
    /// (`accepted` false otherwise); after the last step the lesson is done.
    #[wasm_bindgen(js_name = next, unchecked_return_type = "LessonOutcome")]
    pub fn next_step(&mut self) -> Result<JsValue, JsValue> {
        outcome_js(&self.player.next_step())
    }

    /// A `show` lesson's step now (words, drawings, the arrow of its move), or `null` (another
    /// goal, or the lesson is done).
    #[wasm_bindgen(js_name = showStep, unchecked_return_type = "LessonShowStep | null")]
    pub fn show_step(&self) -> Result<JsValue, JsValue> {
        or_null(self.player.show_step())
    }

    /// How many squares a `targets` quiz has to find (0 for other goals).
    /// What the page needs of the lesson's goal: what the score counts, the par, whether a hint
    /// can be found, the task's square and moves, the question the buttons ask, a drill's aim.
    #[wasm_bindgen(unchecked_return_type = "LessonGoal")]
    pub fn goal(&self) -> Result<JsValue, JsValue> {
        to_js(&self.player.goal_view())
    }

    #[wasm_bindgen(js_name = quizTotal)]
    pub fn quiz_total(&self) -> usize {
        self.player.quiz_total()
    }

    /// Start again from the lesson's position.
    pub fn retry(&mut self) {
        self.player.retry()
    }

    /// After a losing move in a king-and-pawn lesson: take it back and try again from there.
    #[wasm_bindgen(js_name = takeBack)]
    pub fn take_back(&mut self) -> bool {
        self.player.take_back()
    }

    /// The endgame data files (`kpk.bin`, …, in `www/endgame/`) the lesson still needs: empty
    /// when it plays without the solver or has them all. Fetch each and pass its bytes to
    /// `loadEndgame`. A lesson against the solver needs them before the first move; a
    /// `best_move` lesson in a king-and-pawn position plays without them, but judges each try
    /// (`judgement`) only with them.
    #[wasm_bindgen(js_name = endgameFiles)]
    pub fn endgame_files(&self) -> Vec<String> {
        self.player.endgame_files()
    }

    /// Load one endgame data file; returns its file name (`kpk.bin`). When the last one the lesson needs has
    /// arrived, the solver prepares what the lesson's moves need (up to a few hundred ms for
    /// positions with a pawn each).
    #[cfg(feature = "solver")]
    #[wasm_bindgen(js_name = loadEndgame)]
    pub fn load_endgame(&mut self, bytes: &[u8]) -> Result<String, JsValue> {
        if self.player.chess().is_none() {
            return Err(err_at("endgame", msg!("internal", detail = "no endgame")));
        }
        if self.player.endgame().is_none() {
            self.player.set_endgame(std::sync::Arc::new(crate::endgame::Endgame::new()));
        }
        let name = self.player.endgame().expect("set above").load(bytes).map_err(err)? + ".bin";
        if self.player.endgame_files().is_empty() {
            self.player.prepare_endgame().map_err(err)?;
        }
        Ok(name)
    }

    /// Play with an `Endgame` whose tables are loaded (or loaded later), shared with other
    /// lessons so that each file is loaded once.
    #[cfg(feature = "solver")]
    #[wasm_bindgen(js_name = useEndgame)]
    pub fn use_endgame(&mut self, endgame: &WasmEndgame) -> Result<(), JsValue> {
        if self.player.chess().is_none() {
            return Ok(());
        }
        self.player.set_endgame(endgame.core.clone());
        if self.player.endgame_files().is_empty() {
            self.player.prepare_endgame().map_err(err)?;
        }
        Ok(())
    }

    /// The solver's verdict on the position now, from the child's side; `null` when the lesson
    /// plays without the solver or its tables are not loaded yet.
    #[cfg(feature = "solver")]
    #[wasm_bindgen(unchecked_return_type = "EndgameVerdict | null")]
    pub fn verdict(&self) -> Result<JsValue, JsValue> {
        or_null(self.player.verdict())
    }
}

/// What the page reads of the lesson's own game (so that it keeps no game of its own): small
/// questions on the position now, answered by the player's board.
#[wasm_bindgen(js_class = Lesson)]
impl WasmLesson {
    /// The piece on `square` in the position now: its kind (`"knight"`), or with a piece set the
    /// set piece's id; `null` on an empty square.
    #[wasm_bindgen(js_name = pieceAt)]
    pub fn piece_at(&self, square: &str) -> Result<Option<String>, JsValue> {
        let sq = parse_square("square", square)?;
        if let Some(chess) = self.player.chess() {
            return Ok(chess.position().piece_at(sq).map(|piece| piece.kind.name().to_string()));
        }
        #[cfg(feature = "variant")]
        if let Some(pos) = self.player.board().pieces() {
            return Ok(pos.piece_at(sq).map(|(_, def)| def.id.clone()));
        }
        Ok(None)
    }

    /// The game the widget shows (`host.useGame`): the pieces on the board (`BoardPiece[]`, the
    /// free board's shape), of the position now or of `fen` (a position the page shows for a
    /// moment, a refutation's step); `[]` with a piece set (the widget reads its `VariantGame`).
    #[wasm_bindgen(js_name = boardPieces, unchecked_return_type = "BoardPiece[]")]
    pub fn board_pieces(&self, fen: Option<String>) -> Result<JsValue, JsValue> {
        match (self.player.chess(), fen) {
            (_, Some(fen)) if self.player.chess().is_some() => {
                pieces_js(&crate::notation::parse_fen(&fen).map_err(err)?)
            }
            (Some(chess), _) => pieces_js(chess.position()),
            _ => to_js(&[(); 0]),
        }
    }

    /// The targets of the piece on (i, j) in the position now (`Target[]`, the free board's
    /// shape, with the explanation as data); `[]` with a piece set.
    #[wasm_bindgen(unchecked_return_type = "Target[]")]
    pub fn targets(&self, i: i32, j: i32) -> Result<JsValue, JsValue> {
        match self.player.chess() {
            Some(chess) => targets_js(chess.game(), i, j),
            None => to_js(&[(); 0]),
        }
    }

    /// The status of the position now, or of `fen` (`StatusInfo`, the free board's shape; the
    /// widget takes no move back in a lesson); `null` with a piece set.
    #[wasm_bindgen(unchecked_return_type = "StatusInfo | null")]
    pub fn status(&self, fen: Option<String>) -> Result<JsValue, JsValue> {
        let Some(chess) = self.player.chess() else { return Ok(JsValue::NULL) };
        match fen {
            Some(fen) => {
                let pos = crate::notation::parse_fen(&fen).map_err(err)?;
                status_js(&crate::rules::Game::new(pos, chess.rules()).map_err(err)?, false, false)
            }
            None => status_js(chess.game(), false, false),
        }
    }

    /// A line of moves (UCI) played from the position now on a copy of the lesson's game (the
    /// lesson does not move; a pawn reaching the last row becomes a queen unless the move names
    /// its piece): each move as `play` reports it, with the FEN after it, up to the first move
    /// that cannot be played. A chess lesson's (the solver's refutation); `[]` with a piece set.
    #[wasm_bindgen(unchecked_return_type = "{ move: MoveInfo; fen: string }[]")]
    pub fn line(&self, moves: Vec<String>) -> Result<JsValue, JsValue> {
        use crate::notation::{self, MoveInfo};
        use crate::rules::{Game, Rules};
        struct Step {
            mv: MoveInfo,
            fen: String,
        }
        impl serde::Serialize for StepView<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                use serde::ser::SerializeMap;
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("move", &MoveView::from(&self.0.mv))?;
                m.serialize_entry("fen", &self.0.fen)?;
                m.end()
            }
        }
        struct StepView<'a>(&'a Step);
        let mut steps = Vec::new();
        if let Some(chess) = self.player.chess() {
            let rules = Rules { auto_queen: true };
            let mut game = Game::new(*chess.position(), rules).map_err(err)?;
            for uci in &moves {
                let Ok(mv) = notation::parse_move(game.position(), uci, rules) else { break };
                let info = MoveInfo::new(game.position(), mv, rules);
                if game.play(mv).is_err() {
                    break;
                }
                steps.push(Step { mv: info, fen: notation::to_fen(game.position()) });
            }
        }
        to_js(&steps.iter().map(StepView).collect::<Vec<_>>())
    }
}

/// A lesson's outcome as JS reads it (`LessonOutcome`): its moves and status in the shapes the
/// widget's own `Game` hands over (one `MoveInfo`, one `StatusInfo`), so the widget draws a
/// lesson's move as its own and the package carries one conversion of each.
fn outcome_js(o: &Outcome) -> Result<JsValue, JsValue> {
    use serde::ser::{Serialize, SerializeMap, Serializer};
    struct PlayedView<'a>(&'a Played);
    impl Serialize for PlayedView<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            match self.0 {
                Played::Chess(m) => MoveView::from(m).serialize(s),
                #[cfg(feature = "variant")]
                Played::Pieces(m) => m.serialize(s),
            }
        }
    }
    struct View<'a>(&'a Outcome);
    impl Serialize for View<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let o = self.0;
            let mut m = s.serialize_map(None)?;
            m.serialize_entry("accepted", &o.accepted)?;
            if let Some(p) = &o.played {
                m.serialize_entry("played", &PlayedView(p))?;
            }
            if let Some(p) = &o.reply {
                m.serialize_entry("reply", &PlayedView(p))?;
            }
            m.serialize_entry("fen", &o.fen)?;
            match &o.status {
                BoardStatus::Chess(st) => {
                    m.serialize_entry("status", &StatusInfo::new(st, None, false, false))?
                }
                #[cfg(feature = "variant")]
                BoardStatus::Pieces(st) => m.serialize_entry("status", st)?,
            }
            if let Some(f) = &o.feedback {
                m.serialize_entry("feedback", f)?;
            }
            if let Some(f) = &o.failure {
                m.serialize_entry("failure", f)?;
            }
            if let Some(c) = &o.correct {
                m.serialize_entry("correct", c)?;
            }
            if let Some(j) = &o.judgement {
                m.serialize_entry("judgement", j)?;
            }
            if let Some(w) = &o.why {
                m.serialize_entry("why", w)?;
            }
            m.serialize_entry("progress", &o.progress)?;
            m.end()
        }
    }
    to_js(&View(o))
}
