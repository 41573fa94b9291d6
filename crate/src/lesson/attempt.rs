//! What one attempt at a lesson is made of, the same with the pieces of chess and with a piece
//! set: the moves and mistakes so far ([`Attempt`]), where the lesson stands ([`Progress`]), why
//! an attempt failed ([`Failure`]), the arrows drawn, the hints, and what the child is told after
//! each move or answer ([`Outcome`]). Plain data: the goals, the boards and the player use it.

use super::data::{stars, Hints, Text};
use crate::board::{PieceKind, Square};
use crate::endgame::{Idea, Verdict};
use crate::message::Message;
use crate::notation::MoveInfo;
use crate::rules::Status;
use serde::Serialize;

/// An arrow to draw: from a square to a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LessonArrow"))]
pub struct Arrow {
    pub from: Square,
    pub to: Square,
}

/// A move of a lesson, on either board: two squares and the piece a pawn becomes (chess only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LessonMove {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<PieceKind>,
}

impl From<crate::rules::Move> for LessonMove {
    fn from(m: crate::rules::Move) -> LessonMove {
        LessonMove { from: m.from, to: m.to, promotion: m.promotion }
    }
}

impl LessonMove {
    pub fn arrow(self) -> Arrow {
        Arrow { from: self.from, to: self.to }
    }
}

/// Why an attempt failed: a stable kind, the message for the child, the idea a losing move broke
/// and arrows to draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LessonFailure"))]
pub struct Failure {
    /// `in-check`, `piece-lost`, `not-mate`, `wrong-move`, `wrong-square`, `wrong-answer`,
    /// `out-of-moves`, `illegal`, `stalemate`, `game-over`, `not-safe`; in endgame lessons
    /// `lost-win` (the move threw away a win), `lost-draw` (it threw away a draw) and `no-tables`
    /// (the endgame tables are not loaded yet).
    pub id: &'static str,
    pub message: Message,
    /// After a losing move against the solver: the idea it broke (said after the message).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub idea: Option<Message>,
    pub arrows: Vec<Arrow>,
}

impl Failure {
    pub fn new(id: &'static str, message: Message) -> Failure {
        Failure { id, message, idea: None, arrows: Vec::new() }
    }
}

/// Where the lesson stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "kebab-case")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LessonState"))]
pub enum Progress {
    #[default]
    Playing,
    /// The goal is reached, with 1 to 3 stars.
    Done { stars: u8 },
    /// The attempt is over: the child may retry.
    Failed,
}

/// The endgame solver's judgement of one of the child's moves, from the child's side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LessonJudgement {
    /// The verdict before the move (with best play), and its distance to conversion in plies.
    pub before: Verdict,
    /// The verdict after the move; the distance is what remains after it.
    pub after: Verdict,
    /// The move threw away a result: a win into a draw or loss, a draw into a loss.
    pub mistake: bool,
    /// The move is one of the best (same result, quickest win or longest resistance).
    pub best: bool,
    /// Every best move, in UCI, sorted.
    pub best_moves: Vec<String>,
    /// After a mistake: the line of best play that shows why, from the position after the move
    /// (the opponent's reply first), in UCI, up to 10 plies; empty otherwise.
    pub refutation: Vec<String>,
    /// The idea the mistake broke, if one applies.
    #[cfg_attr(test, ts(type = "EndgameIdea | null"))]
    pub idea: Option<Idea>,
}

impl LessonJudgement {
    #[cfg_attr(all(target_arch = "wasm32", not(feature = "solver")), allow(dead_code))]
    pub(crate) fn of(j: crate::endgame::Judgement) -> LessonJudgement {
        LessonJudgement {
            before: j.before,
            after: j.after,
            mistake: j.mistake,
            best: j.best,
            best_moves: j.best_moves.iter().map(|m| m.uci()).collect(),
            refutation: j.refutation.iter().map(|m| m.uci()).collect(),
            idea: j.idea,
        }
    }
}

/// A move as the widget's game reports it: [`MoveInfo`] in chess, its piece-set form
/// ([`VariantMoveInfo`], the same shape) in a lesson with a piece set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Played {
    Chess(MoveInfo),
    #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
    Pieces(VariantMoveInfo),
}

impl Played {
    /// The move in short notation (`Nf3`, or `Pe5-e4` with a piece set).
    pub fn san(&self) -> &str {
        match self {
            Played::Chess(m) => &m.san,
            #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
            Played::Pieces(m) => &m.san,
        }
    }
    /// Whether a piece was taken.
    pub fn capture(&self) -> bool {
        match self {
            Played::Chess(m) => m.capture,
            #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
            Played::Pieces(m) => m.capture,
        }
    }
    /// The squares of the move.
    pub fn squares(&self) -> (Square, Square) {
        match self {
            Played::Chess(m) => (m.from, m.to),
            #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
            Played::Pieces(m) => (m.from, m.to),
        }
    }
}

/// The board's state after a move: [`Status`] in chess; with a piece set always playing (no
/// check, no mate: [`LessonStatus`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LessonStatus"))]
pub enum BoardStatus {
    /// As the widget's `Game.status()` says it (wasm/shapes.rs), without the turn: the FEN says it.
    #[cfg_attr(test, ts(type = "StatusInfo"))]
    Chess(Status),
    #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
    Pieces(LessonStatus),
}

impl BoardStatus {
    /// The chess status (`None` with a piece set).
    pub fn chess(&self) -> Option<&Status> {
        match self {
            BoardStatus::Chess(s) => Some(s),
            #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
            BoardStatus::Pieces(_) => None,
        }
    }
}

/// What happened after a move or an answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LessonOutcome"))]
pub struct Outcome {
    /// Whether the move was played (an illegal move is not).
    pub accepted: bool,
    /// The child's move, as `Game.play` reports a move: the widget shows it without playing it
    /// again.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "MoveInfo"))]
    pub played: Option<Played>,
    /// The computer's reply, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "MoveInfo"))]
    pub reply: Option<Played>,
    /// The position after the move and the reply (the lesson's position when nothing was played).
    pub fen: String,
    /// The state of the board in that position.
    pub status: BoardStatus,
    /// The teacher's words for this move, if the lesson names it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub feedback: Option<Text>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub failure: Option<Failure>,
    /// For a quiz: whether the clicked square was right.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub correct: Option<bool>,
    /// In endgame lessons: the solver's judgement of the child's move.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub judgement: Option<LessonJudgement>,
    /// After the right answer to a question the rules answer (`can_capture`, `stronger`): why,
    /// with the force totals.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub why: Option<Message>,
    pub progress: Progress,
}

impl Outcome {
    /// Nothing but whether the move was accepted, the position and state, and the progress.
    pub fn new(accepted: bool, fen: String, status: BoardStatus, progress: Progress) -> Outcome {
        Outcome {
            accepted,
            played: None,
            reply: None,
            fen,
            status,
            feedback: None,
            failure: None,
            correct: None,
            judgement: None,
            why: None,
            progress,
        }
    }
}

/// A hint stage: the piece to move, then the move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LessonHint"))]
pub struct Hint {
    #[cfg_attr(test, ts(type = "1 | 2"))]
    pub stage: u8,
    pub square: Square,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub arrow: Option<Arrow>,
    /// The lesson's own words, while its written hint still applies.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub text: Option<Text>,
    /// Words made from the move (`lesson-hint-piece`, `lesson-hint-move`, …): said when the
    /// lesson has none for it.
    pub message: Message,
    /// The piece the arrow's pawn becomes, when the move shown is a promotion.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub promotion: Option<PieceKind>,
}

/// What the child has done in one attempt at a lesson, and what is left. It serializes as the
/// widget's `LessonProgress`.
#[derive(Clone, Debug, Default, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LessonProgress"))]
pub struct Attempt {
    /// Moves the child has made in this attempt.
    pub moves: u32,
    /// Wrong moves, clicks or answers of the whole sitting: this attempt's and those of the
    /// attempts before it since the lesson was started ("Try again" does not forget them; an
    /// attempt that failed counts at least one).
    pub mistakes: u32,
    /// Of `mistakes`, those of the attempts before this one in the sitting.
    pub earlier: u32,
    /// Hints of the sitting that showed the move (the second stage of a hint). Together they
    /// count as one mistake, however many there were ([`Attempt::help`]): a child who cannot
    /// read and follows the spoken hints through a drill keeps two stars of three.
    pub hints_shown: u32,
    pub stars_left: Vec<Square>,
    /// For `reach` with a named piece: where that piece stands now.
    #[serde(skip)]
    pub tracked: Option<Square>,
    /// Quiz squares found so far.
    pub found: Vec<Square>,
    /// Losing moves taken back (against the solver): they no longer count as moves, each costs
    /// a star instead.
    pub taken_back: u32,
    /// The stars the take-backs cost when the lesson was done (the last star stays).
    pub star_cost: u8,
    /// A `show` lesson: the step shown now, from 0 (the number of steps when done).
    pub step: usize,
    #[serde(skip)]
    pub hint_stage: u8,
    #[serde(flatten)]
    pub progress: Progress,
}

impl Attempt {
    /// A fresh attempt (the goal then sets up what it counts: every star on the board, the named
    /// piece of a `reach` goal tracked).
    pub fn new() -> Attempt {
        Attempt {
            moves: 0,
            mistakes: 0,
            earlier: 0,
            hints_shown: 0,
            stars_left: Vec::new(),
            tracked: None,
            found: Vec::new(),
            taken_back: 0,
            star_cost: 0,
            step: 0,
            hint_stage: 0,
            progress: Progress::Playing,
        }
    }

    /// What a move from `from` to `to` achieves: the star there is collected, the tracked piece
    /// followed.
    pub fn collect(&mut self, from: Square, to: Square) {
        self.stars_left.retain(|&s| s != to);
        if self.tracked == Some(from) {
            self.tracked = Some(to);
        }
    }

    /// The next attempt of the same sitting ("Try again" before the lesson is done): a fresh
    /// board, but the mistakes and the hints that showed the move are kept, an attempt that failed
    /// counting at least one mistake. After the lesson is done a new sitting starts from nothing.
    pub fn again(&self) -> Attempt {
        let mut next = Attempt::new();
        if matches!(self.progress, Progress::Done { .. }) {
            return next;
        }
        let failed = u32::from(self.progress == Progress::Failed);
        next.mistakes = self.mistakes.max(self.earlier + failed);
        next.earlier = next.mistakes;
        next.hints_shown = self.hints_shown;
        next
    }

    /// What the help of the sitting costs: the hints that showed the move count as one mistake
    /// together (0 or 1). The hint that shows only the piece is free, and so is every hint after
    /// the first that showed a move: a child who cannot read follows the spoken hints move by
    /// move, and help is not a mistake made again at each move. The learner model still counts
    /// every hint (practice: a hinted exercise earns less credit), since it measures, not rewards.
    pub fn help(&self) -> u32 {
        self.hints_shown.min(1)
    }

    /// The mistakes a goal that counts mistakes (quizzes, questions, best move) is judged by:
    /// the sitting's wrong clicks, answers and moves, and the help ([`Attempt::help`]).
    pub fn counted_mistakes(&self) -> u32 {
        self.mistakes + self.help()
    }

    /// The goal is reached. `moves`: the moves a goal that counts moves used (`None`: the goal
    /// counts mistakes, [`Attempt::counted_mistakes`]). The stars against `par`; a goal that counts
    /// moves loses one more for each mistake of an earlier attempt of the sitting, for the help
    /// (one star, however many hints showed the move) and for each losing move taken back (the
    /// last star stays).
    pub fn finish(&mut self, par: u32, moves: Option<u32>) -> Progress {
        let (won, lost) = match moves {
            Some(used) => (stars(used, par), self.earlier + self.help() + self.taken_back),
            None => (stars(self.counted_mistakes(), par), self.taken_back),
        };
        let lost = lost.min(2) as u8;
        let kept = won.saturating_sub(lost).max(1);
        self.star_cost = won - kept;
        self.progress = Progress::Done { stars: kept };
        self.progress
    }

    /// A quiz click: right when `square` is one of `targets` (the quiz is done when all are
    /// found), else a mistake.
    pub fn quiz(&mut self, par: u32, square: Square, targets: &[Square]) -> bool {
        if !targets.contains(&square) {
            self.mistakes += 1;
            return false;
        }
        if !self.found.contains(&square) {
            self.found.push(square);
        }
        if self.found.len() == targets.len() {
            self.finish(par, None);
        }
        true
    }

    /// An answer, right or not: the goal is reached, or a mistake and why.
    pub fn answer(&mut self, par: u32, right: bool) -> Option<Failure> {
        if right {
            self.finish(par, None);
            return None;
        }
        self.mistakes += 1;
        Some(Failure::new("wrong-answer", msg!("lesson-wrong-answer")))
    }

    /// A quiz's hint: the square `to` that the piece on `from` can go to, not found yet, shown
    /// at once by an arrow (the piece is marked already). The help it gives is counted once
    /// ([`Attempt::help`]).
    pub fn quiz_hint(&mut self, from: Square, to: Square, piece: Option<PieceKind>) -> Hint {
        self.hints_shown += 1;
        let message = match piece {
            Some(kind) => msg!("lesson-hint-quiz", piece = kind, square = to),
            None => msg!("lesson-hint-quiz-at", square = to),
        };
        Hint {
            stage: 2,
            square: from,
            arrow: Some(Arrow { from, to }),
            text: None,
            message,
            promotion: None,
        }
    }

    /// The next hint stage for the move `mv` (found for the position now): first the piece where
    /// it stands, then the move (a promotion with the piece to choose, which the arrow cannot
    /// show). `piece` names the piece (`None` in a lesson with a
    /// piece set); `written` is the lesson's hint when it is the one given (its words are said).
    /// The first time the move is shown in a position it is counted (`hints_shown`; the help of
    /// the sitting costs one mistake however many: [`Attempt::help`]).
    pub fn hint_for(
        &mut self,
        mv: LessonMove,
        piece: Option<PieceKind>,
        written: Option<&Hints>,
    ) -> Hint {
        let LessonMove { from, to, promotion } = mv;
        if self.hint_stage == 1 {
            self.hints_shown += 1;
        }
        self.hint_stage = (self.hint_stage + 1).min(2);
        if self.hint_stage == 1 {
            let message = match piece {
                Some(kind) => msg!("lesson-hint-piece", piece = kind, square = from),
                None => msg!("lesson-hint-piece-at", square = from),
            };
            return Hint {
                stage: 1,
                square: from,
                arrow: None,
                text: written.and_then(|h| h.piece_text.clone()),
                message,
                promotion: None,
            };
        }
        let message = match (promotion, piece) {
            (Some(becomes), _) => {
                msg!("lesson-hint-promote", from = from, to = to, becomes = becomes)
            }
            (None, Some(kind)) => msg!("lesson-hint-move", piece = kind, from = from, to = to),
            (None, None) => msg!("lesson-hint-move-at", from = from, to = to),
        };
        Hint {
            stage: 2,
            square: from,
            arrow: Some(Arrow { from, to }),
            text: written.and_then(|h| h.move_text.clone()),
            message,
            promotion,
        }
    }
}

#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
mod pieces {
    use crate::board::{Color, Square};
    use serde::Serialize;

    /// A move as the widget's `VariantGame.play` reports it (the shape of `MoveInfo`): the widget
    /// follows it on its own board.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize)]
    pub struct VariantMoveInfo {
        pub uci: String,
        /// `Pe5-e4`, `Pe5xd5` with the set's letters (the page shows a language's with the piece's
        /// `letters`).
        pub san: String,
        pub long: String,
        pub captured: Option<Square>,
        pub rook: Option<(Square, Square)>,
        pub from: Square,
        pub to: Square,
        /// `move` or `capture`.
        pub kind: &'static str,
        pub capture: bool,
        pub promotion: Option<String>,
        /// The piece's id in the set (`prince`).
        pub piece: String,
        pub color: Color,
    }

    impl VariantMoveInfo {
        /// The move from `from` to `to` in `pos`, before it is played.
        pub(crate) fn new(
            pos: &crate::variant::VariantPosition,
            from: Square,
            to: Square,
        ) -> VariantMoveInfo {
            let (color, def) = pos.piece_at(from).expect("a piece moves");
            let capture = pos.piece_at(to).is_some();
            let sep = if capture { 'x' } else { '-' };
            let long = format!("{}{from}{sep}{to}", def.letter);
            VariantMoveInfo {
                uci: format!("{from}{to}"),
                san: long.clone(),
                long,
                captured: capture.then_some(to),
                rook: None,
                from,
                to,
                kind: if capture { "capture" } else { "move" },
                capture,
                promotion: None,
                piece: def.id.clone(),
                color,
            }
        }
    }

    /// The board's state in a lesson with a piece set: always playing (no check, no mate).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
    #[cfg_attr(test, derive(ts_rs::TS), ts(rename = "PiecesLessonStatus"))]
    pub struct LessonStatus {
        #[cfg_attr(test, ts(type = "\"playing\""))]
        pub state: &'static str,
        pub turn: Color,
        pub check: bool,
        pub claim_threefold: bool,
        pub claim_fifty: bool,
        #[cfg_attr(test, ts(type = "null"))]
        pub outcome: Option<()>,
    }
}
#[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
pub use pieces::{LessonStatus, VariantMoveInfo};
