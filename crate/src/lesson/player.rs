//! Playing a lesson: the child's moves and answers are judged against the goal, replies are
//! played, stars are counted, and a failure is explained in child language with arrows.

use super::show::{self, ShowView};
use super::{stars, Goal, Lesson, Opponent, RulesName, Text};
use crate::board::{Color, PieceKind, Position, Square};
use crate::endgame::{Endgame, EndgameError, Idea, Verdict, Wdl};
use crate::message::Message;
use crate::notation::{parse_move, parse_position, to_fen, MoveInfo};
use crate::rules::{attackers, play_unchecked, BoardState, Game, Move, MoveKind, Rules, Status};
use serde::Serialize;
use std::sync::Arc;

/// An arrow to draw: from a square to a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Arrow {
    pub from: Square,
    pub to: Square,
}

/// Why an attempt failed: a stable kind, the message for the child, the idea a losing move broke
/// and arrows to draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// `in-check`, `piece-lost`, `not-mate`, `wrong-move`, `wrong-square`, `wrong-answer`,
    /// `out-of-moves`, `illegal`, `stalemate`, `game-over`; in endgame lessons `lost-win` (the
    /// move threw away a win), `lost-draw` (it threw away a draw) and `no-tables` (the endgame
    /// tables are not loaded yet).
    pub id: &'static str,
    pub message: Message,
    /// After a losing move against the solver: the idea it broke (said after the message).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub idea: Option<Message>,
    pub arrows: Vec<Arrow>,
}

impl Failure {
    pub(crate) fn new(id: &'static str, message: Message) -> Failure {
        Failure { id, message, idea: None, arrows: Vec::new() }
    }
}

/// Where the lesson stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "kebab-case")]
pub enum Progress {
    Playing,
    /// The goal is reached, with 1 to 3 stars.
    Done { stars: u8 },
    /// The attempt is over: the child may retry.
    Failed,
}

/// The endgame solver's judgement of one of the child's moves, from the child's side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
    pub idea: Option<Idea>,
}

impl LessonJudgement {
    fn of(j: crate::endgame::Judgement) -> LessonJudgement {
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

/// The endgame solver a lesson plays with, shared so that its tables are loaded once.
#[derive(Clone)]
#[cfg_attr(all(target_arch = "wasm32", not(feature = "solver")), allow(dead_code))]
struct Solver(Arc<Endgame>);

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Endgame")
    }
}

/// What happened after a move or an answer. `M` is how a move is reported and `S` the board's
/// state: [`MoveInfo`] and [`Status`] in chess, their piece-set forms in a lesson with a piece
/// set ([`super::variant::VariantOutcome`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome<M = MoveInfo, S = Status> {
    /// Whether the move was played (an illegal move is not).
    pub accepted: bool,
    /// The child's move, as `Game.play` reports a move: the widget shows it without playing it
    /// again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played: Option<M>,
    /// The computer's reply, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply: Option<M>,
    /// The position after the move and the reply (the lesson's position when nothing was played).
    pub fen: String,
    /// The state of the board in that position.
    pub status: S,
    /// The teacher's words for this move, if the lesson names it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feedback: Option<Text>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<Failure>,
    /// For a quiz: whether the clicked square was right.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub correct: Option<bool>,
    /// In endgame lessons: the solver's judgement of the child's move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judgement: Option<LessonJudgement>,
    /// After the right answer to a question the rules answer (`can_capture`, `stronger`): why,
    /// with the force totals.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<Message>,
    pub progress: Progress,
}

impl<M, S> Outcome<M, S> {
    /// Nothing but whether the move was accepted, the position and state, and the progress.
    pub fn new(accepted: bool, fen: String, status: S, progress: Progress) -> Outcome<M, S> {
        Outcome { accepted, played: None, reply: None, fen, status, feedback: None, failure: None, correct: None, judgement: None, why: None, progress }
    }
}

/// A hint stage: the piece to move, then the move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hint {
    pub stage: u8,
    pub square: Square,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrow: Option<Arrow>,
    /// The lesson's own words, while its written hint still applies.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<Text>,
    /// Words made from the move (`lesson-hint-piece`, `lesson-hint-move`, …): said when the
    /// lesson has none for it.
    pub message: Message,
}

/// What the child has done in one attempt at a lesson, and what is left: the same for a lesson of
/// chess and one with a piece set ([`super::variant::VariantLessonPlayer`]). It serializes as
/// the widget's `LessonProgress`.
#[derive(Clone, Debug, Serialize)]
pub struct Attempt {
    /// Moves the child has made in this attempt.
    pub moves: u32,
    /// Wrong clicks or answers in this attempt (quizzes, questions, best move).
    pub mistakes: u32,
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
    /// A fresh attempt: every star on the board, the named piece of a `reach` goal tracked.
    pub fn new(lesson: &Lesson) -> Attempt {
        Attempt {
            moves: 0,
            mistakes: 0,
            stars_left: match &lesson.goal {
                Goal::Stars { squares } => squares.iter().filter_map(|s| Square::parse(s)).collect(),
                _ => Vec::new(),
            },
            tracked: match &lesson.goal {
                Goal::Reach { piece: Some(p), .. } => Square::parse(p),
                _ => None,
            },
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

    /// The lesson's par: moves, or mistakes for a goal answered once (0 when absent); a mate or
    /// check lesson without par uses its number of moves.
    pub fn par(lesson: &Lesson) -> u32 {
        match &lesson.goal {
            Goal::Mate { moves } | Goal::Check { moves } => lesson.par.unwrap_or(*moves),
            goal if !goal.is_played() => lesson.par.unwrap_or(0),
            _ => lesson.par.unwrap_or(u32::MAX / 4),
        }
    }

    /// The goal is reached with `used` moves (or mistakes): the stars against par, `lost` fewer
    /// (never below one).
    pub fn finish(&mut self, lesson: &Lesson, used: u32, lost: u8) -> Progress {
        let won = stars(used, Self::par(lesson));
        let kept = if lost > 0 { won.saturating_sub(lost).max(1) } else { won };
        self.star_cost = won - kept;
        self.progress = Progress::Done { stars: kept };
        self.progress
    }

    /// A quiz click: right when `square` is one of `targets` (the quiz is done when all are
    /// found), else a mistake.
    pub fn quiz(&mut self, lesson: &Lesson, square: Square, targets: &[Square]) -> bool {
        if !targets.contains(&square) {
            self.mistakes += 1;
            return false;
        }
        if !self.found.contains(&square) {
            self.found.push(square);
        }
        if self.found.len() == targets.len() {
            self.finish(lesson, self.mistakes, 0);
        }
        true
    }

    /// An answer, right or not: the goal is reached, or a mistake and why.
    pub fn answer(&mut self, lesson: &Lesson, right: bool) -> Option<Failure> {
        if right {
            self.finish(lesson, self.mistakes, 0);
            return None;
        }
        self.mistakes += 1;
        Some(Failure::new("wrong-answer", msg!("lesson-wrong-answer")))
    }

    /// The next hint stage for the move `from`→`to` (found for the position now): first the
    /// piece where it stands, then the move. `piece` names the piece (`None` in a lesson with a
    /// piece set); `written` is the lesson's hint when it is the one given (its words are said).
    pub fn hint_for(&mut self, from: Square, to: Square, piece: Option<PieceKind>, written: Option<&super::Hints>) -> Hint {
        self.hint_stage = (self.hint_stage + 1).min(2);
        if self.hint_stage == 1 {
            let message = match piece {
                Some(kind) => msg!("lesson-hint-piece", piece = kind, square = from),
                None => msg!("lesson-hint-piece-at", square = from),
            };
            return Hint { stage: 1, square: from, arrow: None, text: written.and_then(|h| h.piece_text.clone()), message };
        }
        let message = match piece {
            Some(kind) => msg!("lesson-hint-move", piece = kind, from = from, to = to),
            None => msg!("lesson-hint-move-at", from = from, to = to),
        };
        Hint { stage: 2, square: from, arrow: Some(Arrow { from, to }), text: written.and_then(|h| h.move_text.clone()), message }
    }
}

/// A lesson being played.
#[derive(Clone, Debug)]
pub struct LessonPlayer {
    lesson: Lesson,
    rules: Rules,
    student: Color,
    start: Position,
    game: Game,
    a: Attempt,
    replies_played: usize,
    /// The endgame solver, for lessons that use it ([`LessonPlayer::uses_endgame`]).
    endgame: Option<Solver>,
}

impl LessonPlayer {
    /// Start a lesson (it should have passed the checker; a bad position is an error here).
    pub fn new(lesson: Lesson) -> Result<LessonPlayer, Message> {
        let start = parse_position(&lesson.position.text()).map_err(|e| e.0)?;
        let rules = lesson.rules.rules();
        let game = Game::new(start, rules).map_err(|e| e.message())?;
        let student = lesson.student.color();
        if start.side != student {
            return Err(msg!("lesson-student-not-to-move", side = student, turn = start.side));
        }
        let mut p = LessonPlayer {
            rules,
            student,
            start,
            game,
            a: Attempt::new(&lesson),
            lesson,
            replies_played: 0,
            endgame: None,
        };
        p.retry();
        Ok(p)
    }

    /// Start the attempt again from the lesson's position.
    pub fn retry(&mut self) {
        self.game = Game::new(self.start, self.rules).expect("validated at start");
        self.a = Attempt::new(&self.lesson);
        self.replies_played = 0;
    }

    /// After a mistake against the solver: take the losing move back, so that the child tries
    /// again from the position before it (the attempt goes on). The move no longer counts as a
    /// move, as in the move list; the take-back costs a star instead. Returns whether there was
    /// such a move to take back.
    pub fn take_back(&mut self) -> bool {
        let solver = matches!(self.lesson.opponent, Opponent::Solver);
        let childs_move_last = self.game.position().side != self.student;
        if !solver || self.a.progress != Progress::Failed || !childs_move_last || self.game.undo().is_none() {
            return false;
        }
        self.a.mistakes += 1;
        self.a.taken_back += 1;
        self.a.moves = self.a.moves.saturating_sub(1);
        self.a.hint_stage = 0;
        self.a.progress = Progress::Playing;
        true
    }

    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }
    pub fn game(&self) -> &Game {
        &self.game
    }
    pub fn progress(&self) -> Progress {
        self.a.progress
    }
    /// Moves made, mistakes, stars still on the board, quiz squares found, and the state.
    pub fn attempt(&self) -> &Attempt {
        &self.a
    }

    /// A lesson with the endgame solver it plays with (natively, [`Endgame::native`]).
    pub fn with_endgame(lesson: Lesson, endgame: Arc<Endgame>) -> Result<LessonPlayer, Message> {
        let mut p = LessonPlayer::new(lesson)?;
        p.set_endgame(endgame);
        Ok(p)
    }

    /// Whether the lesson needs the endgame solver: it is the opponent, or the lesson asks for the
    /// best move in a king-and-pawn position under auto-queen rules (then each try is judged).
    pub fn uses_endgame(&self) -> bool {
        match (&self.lesson.opponent, &self.lesson.goal) {
            (Opponent::Solver, _) => true,
            (_, Goal::BestMove { .. }) => {
                self.lesson.rules == RulesName::AutoQueen && Endgame::files_for(&self.start).is_ok()
            }
            _ => false,
        }
    }

    /// Give the lesson the endgame solver to play with (its tables may be loaded later).
    pub fn set_endgame(&mut self, endgame: Arc<Endgame>) {
        self.endgame = Some(Solver(endgame));
    }

    /// The endgame solver the lesson plays with, if it has one.
    pub fn endgame(&self) -> Option<&Arc<Endgame>> {
        // A WASM package without the `solver` feature (www/pkg-lessons, the first lesson's) plays
        // no lesson with the solver (www/lesson.js loads www/pkg-lessons-full for those): `None`
        // here lets the linker leave the solver's probes and judgements out of it.
        #[cfg(all(target_arch = "wasm32", not(feature = "solver")))]
        return None;
        #[cfg(any(not(target_arch = "wasm32"), feature = "solver"))]
        self.endgame.as_ref().map(|s| &s.0)
    }

    /// The endgame data files the lesson still needs (`kpk.bin`, …): empty when it uses no solver
    /// or has them all.
    pub fn endgame_files(&self) -> Vec<String> {
        if !self.uses_endgame() {
            return Vec::new();
        }
        match self.endgame() {
            Some(e) => e.missing_files(&self.start).unwrap_or_default(),
            None => Endgame::files_for(&self.start).unwrap_or_default(),
        }
    }

    /// Whether the lesson cannot be played without the solver: it is the opponent. (A
    /// `best_move` lesson that [uses](LessonPlayer::uses_endgame) it can: its tries are then not
    /// judged.)
    pub fn needs_endgame(&self) -> bool {
        matches!(self.lesson.opponent, Opponent::Solver)
    }

    /// Whether the lesson can be played: it needs no solver, or the solver has its tables.
    pub fn endgame_ready(&self) -> bool {
        !self.needs_endgame() || (self.endgame.is_some() && self.endgame_files().is_empty())
    }

    /// Solve what the lesson's later probes need, so that every move is answered at once.
    pub fn prepare_endgame(&self) -> Result<(), EndgameError> {
        match self.endgame() {
            Some(e) if self.uses_endgame() => e.prepare(&self.start),
            _ => Ok(()),
        }
    }

    /// The solver's verdict on the position now, from the child's side (`None` when the lesson
    /// uses no solver or its tables are missing).
    pub fn verdict(&self) -> Option<Verdict> {
        if !self.uses_endgame() || !self.endgame_files().is_empty() {
            return None;
        }
        let pos = self.game.position();
        let v = self.endgame()?.probe(pos).ok()?;
        Some(if pos.side == self.student { v } else { v.flip() })
    }

    fn judge(&self, pos: &Position, mv: Move) -> Option<LessonJudgement> {
        if !self.uses_endgame() {
            return None;
        }
        self.endgame()?.judge(pos, mv).ok().map(LessonJudgement::of)
    }

    /// Why a mistake lost the result, with the idea it broke and an arrow for the best reply.
    /// `reply`: the opponent's best answer, in the position after the mistake: said in concrete
    /// words ("now the black king goes to e5") and drawn as an arrow.
    fn mistake_failure(j: &LessonJudgement, reply: Option<(&Position, Move)>) -> Failure {
        let (id, base) = match (j.before.result, j.after.result) {
            (Wdl::Win, Wdl::Draw) => ("lost-win", "lesson-win-to-draw"),
            (Wdl::Win, _) => ("lost-win", "lesson-win-to-loss"),
            _ => ("lost-draw", "lesson-draw-to-loss"),
        };
        let said = reply.and_then(|(p, r)| p.piece_at(r.from).map(|pc| (pc, r)));
        let with_reply = match base {
            "lesson-win-to-draw" => "lesson-win-to-draw-reply",
            "lesson-win-to-loss" => "lesson-win-to-loss-reply",
            _ => "lesson-draw-to-loss-reply",
        };
        let message = match said {
            Some((pc, r)) => Message::new(with_reply).with("side", pc.color).with("piece", pc.kind).with("to", r.to),
            None => Message::new(base),
        };
        let arrows = reply.map(|(_, r)| Arrow { from: r.from, to: r.to }).into_iter().collect();
        Failure { idea: j.idea.map(Idea::message), arrows, ..Failure::new(id, message) }
    }

    fn finish(&mut self, used: u32) -> Progress {
        // Against the solver each losing move taken back costs a star (the last one stays).
        let lost = self.a.taken_back.min(2) as u8;
        self.a.finish(&self.lesson, used, lost)
    }

    fn outcome(&self, accepted: bool) -> Outcome {
        Outcome::new(accepted, to_fen(self.game.position()), self.game.status(), self.a.progress)
    }

    fn fail(&mut self, failure: Failure) -> Outcome {
        self.a.progress = Progress::Failed;
        Outcome { failure: Some(failure), ..self.outcome(true) }
    }

    /// Explain why a move the child tried is not legal, with arrows from the attackers.
    fn illegal(&self, from: Square, to: Square) -> Failure {
        let pos = self.game.position();
        let Some(piece) = pos.piece_at(from) else {
            return Failure::new("illegal", msg!("lesson-no-piece"));
        };
        // Would the move follow the piece's formula, were it not for the king?
        let formula_ok = crate::movement::explain(piece.kind, piece.color, from, to).is_some()
            && pos.color_bb(piece.color) & to.bit() == 0;
        if formula_ok {
            if let Some(king_sq) = pos.king(piece.color) {
                let mut after = *pos;
                after.remove(to);
                after.remove(from);
                after.put(to, piece);
                let king_now = if piece.kind == PieceKind::King { to } else { king_sq };
                let att = attackers(&after, king_now, piece.color.opposite(), after.occupied());
                if att != 0 {
                    let arrows = crate::board::squares(att).map(|a| Arrow { from: a, to: king_now }).collect();
                    let message = if piece.kind == PieceKind::King {
                        msg!("lesson-king-attacked")
                    } else if crate::rules::in_check(pos) {
                        msg!("lesson-in-check")
                    } else {
                        msg!("lesson-uncovers-king")
                    };
                    return Failure { arrows, ..Failure::new("in-check", message) };
                }
            }
        }
        Failure::new("illegal", msg!("lesson-cannot-move-so", piece = piece.kind))
    }

    /// The child moves a piece.
    pub fn play(&mut self, from: Square, to: Square, promotion: Option<PieceKind>) -> Outcome {
        if self.a.progress != Progress::Playing {
            return self.outcome(false);
        }
        if matches!(self.lesson.goal, Goal::Targets { .. } | Goal::Question { .. }) {
            return self.outcome(false);
        }
        if !self.endgame_ready() {
            return Outcome { failure: Some(Failure::new("no-tables", msg!("lesson-no-tables"))), ..self.outcome(false) };
        }
        let pos = *self.game.position();
        if let Goal::Show { .. } = self.lesson.goal {
            return self.show_play(from, to, promotion);
        }
        let mv = match self.game.find_move(from, to, promotion) {
            Ok(m) => m,
            Err(_) => return Outcome { failure: Some(self.illegal(from, to)), ..self.outcome(false) },
        };
        let played = MoveInfo::new(&pos, mv, self.rules);
        let feedback = self.feedback_for(&pos, mv);
        // A hint after this move is about the position then: it starts again with the piece.
        self.a.hint_stage = 0;
        let judgement = self.judge(&pos, mv);
        self.a.moves += 1;
        if let Goal::BestMove { answers } = &self.lesson.goal {
            let right = answers.iter().any(|a| parse_move(&pos, a, self.rules).ok() == Some(mv));
            if !right {
                self.a.mistakes += 1;
                let failure = match judgement.as_ref().filter(|j| j.mistake) {
                    Some(j) => {
                        let after = play_unchecked(&pos, mv);
                        let reply = j.refutation.first().and_then(|u| parse_move(&after, u, self.rules).ok());
                        Failure { id: "wrong-move", ..Self::mistake_failure(j, reply.map(|r| (&after, r))) }
                    }
                    None if feedback.is_none() => not_best_why(&pos, mv, self.rules),
                    None => Failure::new("wrong-move", msg!("lesson-not-best")),
                };
                return Outcome { played: Some(played), feedback, correct: Some(false), judgement, ..self.fail(failure) };
            }
            self.game.play(mv).expect("found legal");
            let progress = self.finish(self.a.mistakes);
            return Outcome { played: Some(played), feedback, correct: Some(true), judgement, progress, ..self.outcome(true) };
        }
        self.game.play(mv).expect("found legal");
        let gave_check = crate::rules::in_check(self.game.position());
        // Against the solver a move that throws away the result ends the attempt: the judgement's
        // refutation shows why, from the position after the move.
        let solver = matches!(self.lesson.opponent, Opponent::Solver);
        if let Some(j) = judgement.as_ref().filter(|j| solver && j.mistake) {
            let after = *self.game.position();
            let reply = j.refutation.first().and_then(|u| parse_move(&after, u, self.rules).ok());
            let failure = Self::mistake_failure(j, reply.map(|r| (&after, r)));
            return Outcome { played: Some(played), feedback, judgement, ..self.fail(failure) };
        }
        // Progress that the move itself makes.
        self.a.collect(mv.from, mv.to);
        if let Some(done) = self.check_goal(Some(mv)) {
            return Outcome { played: Some(played), feedback, judgement, progress: done, ..self.outcome(true) };
        }
        // The reply.
        let reply = match self.lesson.opponent.clone() {
            Opponent::None => {
                // Drills: the child moves again.
                let mut p = *self.game.position();
                p.side = self.student;
                p.en_passant = None;
                self.game = Game::new(p, self.rules).expect("a drill position stays valid");
                None
            }
            Opponent::Scripted { replies } => {
                let before = *self.game.position();
                let r = replies
                    .get(self.replies_played)
                    .and_then(|t| parse_move(&before, t, self.rules).ok())
                    .or_else(|| self.best_defence());
                self.replies_played += 1;
                r.map(|r| self.play_reply(r))
            }
            Opponent::Solver => {
                let best = self.endgame().and_then(|e| solver_reply(e, self.game.position()).ok());
                match best {
                    Some(r) => r.map(|r| self.play_reply(r)),
                    None => self.best_defence().map(|r| self.play_reply(r)),
                }
            }
            Opponent::Defender | Opponent::Engine { .. } => self.best_defence().map(|r| self.play_reply(r)),
        };
        if let Some(r) = reply.as_ref().filter(|_| !solver) {
            // The reply took the piece that just moved, and nothing defended it.
            if r.to == mv.to && self.game.position().color_bb(self.student) & mv.to.bit() == 0 {
                if let Some(f) = self.lost_piece(&pos, mv, r) {
                    return Outcome { played: Some(played), reply, feedback, judgement, ..self.fail(f) };
                }
            }
        }
        let progress = match self.check_goal(None) {
            Some(p) => p,
            None => self.a.progress,
        };
        let failure = (progress == Progress::Failed).then(|| self.why_failed(gave_check));
        Outcome { played: Some(played), reply, feedback, failure, judgement, progress, ..self.outcome(true) }
    }

    /// A `show` lesson's step now, with its words, drawings and the arrow of its move; `None`
    /// for other goals and when the lesson is done.
    pub fn show_step(&self) -> Option<ShowView> {
        show::view(&self.lesson, &self.a, self.show_move().map(|m| Arrow { from: m.from, to: m.to }))
    }

    /// The move the step now asks for, in the position now.
    fn show_move(&self) -> Option<Move> {
        let text = show::step(&self.lesson, &self.a)?.mv.as_ref()?;
        parse_move(self.game.position(), text, self.rules).ok()
    }

    /// A `show` lesson's step is read: Next. Only a step without a move waits for it; after the
    /// last step the lesson is done, with 3 stars.
    pub fn next_step(&mut self) -> Outcome {
        let read = show::next(&self.lesson, &mut self.a);
        self.outcome(read)
    }

    /// A move in a `show` lesson: the step's move is played (then its reply, or the child moves
    /// again); another move is refused with the arrow's words, never a failure.
    fn show_play(&mut self, from: Square, to: Square, promotion: Option<PieceKind>) -> Outcome {
        let pos = *self.game.position();
        let want = self.show_move();
        let right = want.is_some_and(|want| {
            self.game.find_move(from, to, promotion).is_ok_and(|m| m == want)
                // a promotion to another piece than the step's is refused too; no piece named: the step's
                || (promotion.is_none() && want.from == from && want.to == to)
        });
        let Some(want) = want.filter(|_| right) else {
            let kind = want.and_then(|m| pos.piece_at(m.from)).map(|p| p.kind);
            let failure = show::refusal(want.map(|m| Arrow { from: m.from, to: m.to }), kind);
            return Outcome { failure: Some(failure), ..self.outcome(false) };
        };
        let played = MoveInfo::new(&pos, want, self.rules);
        self.game.play(want).expect("checked legal");
        let reply_text = show::step(&self.lesson, &self.a).and_then(|s| s.reply.clone());
        let reply = reply_text.and_then(|t| parse_move(self.game.position(), &t, self.rules).ok()).map(|r| self.play_reply(r));
        if reply.is_none() {
            // the child moves again, as in a drill (the checker saw that no check needs a reply)
            let p = Position { side: self.student, en_passant: None, ..*self.game.position() };
            if let Ok(g) = Game::new(p, self.rules) {
                self.game = g;
            }
        }
        let progress = show::moved(&self.lesson, &mut self.a);
        Outcome { played: Some(played), reply, progress, ..self.outcome(true) }
    }

    fn feedback_for(&self, pos: &Position, mv: Move) -> Option<Text> {
        self.lesson
            .feedback
            .iter()
            .find(|f| parse_move(pos, &f.mv, self.rules).ok() == Some(mv))
            .map(|f| f.text.clone())
    }

    fn play_reply(&mut self, r: Move) -> MoveInfo {
        let p = MoveInfo::new(self.game.position(), r, self.rules);
        self.game.play(r).expect("a legal reply");
        p
    }

    /// The reply that resists longest: escape mate if possible, else the longest mate, else
    /// capture something.
    fn best_defence(&self) -> Option<Move> {
        let pos = *self.game.position();
        let moves = self.game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let left = match self.lesson.goal {
            Goal::Mate { moves: n } | Goal::Check { moves: n } => n.saturating_sub(self.a.moves).max(1),
            _ => 2,
        };
        if let Goal::Check { .. } = self.lesson.goal {
            // a check goal: a reply after which no check can be forced in the moves left, else
            // any, capturing first
            let mut search = super::doctor::CheckSearch::new(self.rules);
            let scored: Vec<((bool, bool), Move)> = moves.iter().map(|&m| ((!search.check_in(&play_unchecked(&pos, m), left), m.capture), m)).collect();
            return scored.into_iter().max_by_key(|(s, _)| *s).map(|(_, m)| m);
        }
        let score = |m: &Move| {
            let after = play_unchecked(&pos, *m);
            let mated = (1..=left).find(|&k| super::doctor::mate_in(&after, k, self.rules));
            // Not mated at all is best; a later mate beats an earlier one; then captures.
            (mated.map_or(u32::MAX, |k| k), m.capture as u32)
        };
        moves.iter().copied().max_by_key(score)
    }

    fn lost_piece(&self, before: &Position, mv: Move, reply: &MoveInfo) -> Option<Failure> {
        let kind = before.piece_at(mv.from)?.kind;
        // Was the square defended by another of the child's pieces after the move?
        let after_move = play_unchecked(before, mv);
        let mut without = after_move;
        without.remove(mv.to);
        let defended = attackers(&without, mv.to, self.student, without.occupied() | mv.to.bit()) != 0;
        if defended {
            return None;
        }
        let arrows = vec![Arrow { from: reply.from, to: reply.to }];
        Some(Failure { arrows, ..Failure::new("piece-lost", msg!("lesson-piece-unprotected", piece = kind)) })
    }

    /// Whether the goal is now reached (or can no longer be), after the child's move (`Some`) or
    /// after the reply (`None`).
    fn check_goal(&mut self, mv: Option<Move>) -> Option<Progress> {
        let status = self.game.status();
        let pos = *self.game.position();
        let student_won = status.state == BoardState::Checkmate && pos.side != self.student;
        let student_lost = status.state == BoardState::Checkmate && pos.side == self.student;
        let reached = match &self.lesson.goal {
            Goal::Stars { .. } => self.a.stars_left.is_empty(),
            Goal::CaptureAll => pos.color_bb(self.student.opposite()) & !pos.kind_bb(PieceKind::King) == 0,
            Goal::Reach { square, .. } => {
                let target = Square::parse(square)?;
                match self.a.tracked {
                    Some(t) => t == target,
                    None => pos.color_bb(self.student) & target.bit() != 0,
                }
            }
            // A mate completes a promote goal too: the point was to win.
            Goal::Promote => mv.is_some_and(|m| m.kind == MoveKind::Promotion) || student_won,
            Goal::Mate { .. } | Goal::Win => student_won,
            // a mate is a check too
            Goal::Check { .. } => mv.is_some() && (crate::rules::in_check(&pos) || student_won),
            Goal::Draw { moves } => {
                let theirs = pos.color_bb(self.student.opposite()) & !pos.kind_bb(PieceKind::King);
                student_won
                    || status.outcome.is_some_and(|o| o.winner.is_none())
                    || (status.outcome.is_none() && theirs == 0)
                    || (status.outcome.is_none() && self.a.moves >= moves.unwrap_or(super::DRAW_MOVES))
            }
            _ => false,
        };
        if reached {
            let used = if matches!(self.lesson.goal, Goal::Draw { .. }) { 0 } else { self.a.moves };
            return Some(self.finish(used));
        }
        if mv.is_some() {
            return None;
        }
        let over = status.outcome.is_some() || student_lost;
        let out_of_moves = matches!(self.lesson.goal, Goal::Mate { moves } | Goal::Check { moves } if self.a.moves >= moves);
        let piece_gone = self.a.tracked.is_some_and(|t| self.game.position().color_bb(self.student) & t.bit() == 0);
        if over || out_of_moves || piece_gone {
            self.a.progress = Progress::Failed;
            return Some(Progress::Failed);
        }
        None
    }

    /// Why the attempt failed; `gave_check`: whether the child's last move gave check (a quiet
    /// move that does not mate is not "the king escapes").
    fn why_failed(&self, gave_check: bool) -> Failure {
        let status = self.game.status();
        if let Goal::Mate { moves } = self.lesson.goal {
            if status.state == BoardState::Stalemate {
                return Failure::new("stalemate", msg!("lesson-stalemate"));
            }
            if !gave_check {
                return Failure::new("not-mate", msg!("lesson-not-mate-no-check", n = moves));
            }
            return Failure::new("not-mate", msg!("lesson-not-mate", n = moves));
        }
        if let (Goal::Check { moves }, Some(king)) = (&self.lesson.goal, self.game.position().king(self.student.opposite())) {
            if status.outcome.is_none() {
                return Failure::new("no-check", msg!("lesson-no-check", n = *moves, square = king));
            }
        }
        if self.a.tracked.is_some_and(|t| self.game.position().color_bb(self.student) & t.bit() == 0) {
            return Failure::new("piece-lost", msg!("lesson-piece-taken"));
        }
        Failure::new("game-over", msg!("lesson-game-over"))
    }

    /// How many squares a `targets` quiz has to find (0 for other goals).
    pub fn quiz_total(&self) -> usize {
        match &self.lesson.goal {
            Goal::Targets { square } => Square::parse(square).map_or(0, |from| Game::new(self.start, self.rules).map_or(0, |g| g.targets(from).len())),
            _ => 0,
        }
    }

    /// A quiz click on a square: right if the piece can go there.
    pub fn click(&mut self, square: Square) -> Outcome {
        let Goal::Targets { square: s } = &self.lesson.goal else { return self.outcome(false) };
        if self.a.progress != Progress::Playing {
            return self.outcome(false);
        }
        let from = Square::parse(s).expect("checked");
        let targets: Vec<Square> = self.game.targets(from).iter().map(|t| t.square).collect();
        if self.a.quiz(&self.lesson, square, &targets) {
            return Outcome { correct: Some(true), ..self.outcome(true) };
        }
        let failure = quiz_why(self.game.position(), from, square);
        Outcome { correct: Some(false), failure: Some(failure), ..self.outcome(true) }
    }

    /// An answer to a question: the index of the choice.
    pub fn answer(&mut self, choice: usize) -> Outcome {
        let Goal::Question { answer, .. } = &self.lesson.goal else { return self.outcome(false) };
        if self.a.progress != Progress::Playing {
            return self.outcome(false);
        }
        let right = choice == *answer;
        let failure = self.a.answer(&self.lesson, right);
        Outcome { correct: Some(right), failure, feedback: choice_explain(&self.lesson, choice), ..self.outcome(true) }
    }

    /// The next hint, for the position on the board now: first the piece, then the move. The
    /// lesson's written hint is given while it still applies (its piece stands on its square, the
    /// move is legal and still on a best way); otherwise the move is found
    /// ([`LessonPlayer::best_moves_now`]). `None` when no move can be found.
    pub fn hint(&mut self) -> Option<Hint> {
        if self.a.progress != Progress::Playing {
            return None;
        }
        let pos = *self.game.position();
        let best = self.best_moves_now();
        let at_start = self.game.history().next().is_none();
        let written = self.lesson.hints.clone().filter(|h| {
            let Some(sq) = Square::parse(&h.piece) else { return false };
            let Ok(m) = parse_move(&pos, &h.mv, self.rules) else { return false };
            let on_best = match &best {
                Some(b) => b.contains(&m) || self.drill_keeps(&pos, m),
                None => at_start,
            };
            m.from == sq && pos.color_bb(self.student) & sq.bit() != 0 && on_best
        });
        let mv = match &written {
            Some(h) => parse_move(&pos, &h.mv, self.rules).ok()?,
            None => *best?.first()?,
        };
        let kind = pos.piece_at(mv.from)?.kind;
        Some(self.a.hint_for(mv.from, mv.to, Some(kind), written.as_ref()))
    }

    /// The drill's state now: what is left to do, for the doctor's search.
    fn drill_goal(&self) -> Option<super::doctor::Progress> {
        use super::doctor::Progress as D;
        if !matches!(self.lesson.opponent, Opponent::None) {
            return None;
        }
        Some(match &self.lesson.goal {
            Goal::Stars { .. } => D::Stars(self.a.stars_left.clone()),
            Goal::CaptureAll => D::CaptureAll,
            Goal::Reach { square, .. } => D::Reach { target: Square::parse(square)?, from: self.a.tracked },
            Goal::Promote => D::Promote,
            Goal::Check { .. } => D::Check(self.start.king(self.student.opposite())?),
            _ => return None,
        })
    }

    /// In a drill: whether `m` begins a shortest way to the goal (another best move than the one
    /// the search found first).
    fn drill_keeps(&self, pos: &Position, m: Move) -> bool {
        let Some(goal) = self.drill_goal() else { return false };
        let best = super::doctor::drill_step(pos, self.student, self.rules, &goal, None);
        let with = super::doctor::drill_step(pos, self.student, self.rules, &goal, Some(m));
        matches!((best, with), (Some((a, _)), Some((b, _))) if a == b)
    }

    /// Moves that are best in the position now, the first one the hint's: a shortest way for a
    /// drill (the doctor's search), the quickest mate for a mate goal (the doctor's mate search),
    /// the solver's best moves in an endgame lesson, the answers of a `best_move` lesson. `None`
    /// when the lesson's goal has no such search.
    pub fn best_moves_now(&self) -> Option<Vec<Move>> {
        let pos = *self.game.position();
        if let Some(goal) = self.drill_goal() {
            let (_, first) = super::doctor::drill_step(&pos, self.student, self.rules, &goal, None)?;
            return Some(first.into_iter().collect());
        }
        match (&self.lesson.goal, &self.lesson.opponent) {
            (Goal::BestMove { answers }, _) => {
                let moves: Vec<Move> = answers.iter().filter_map(|a| parse_move(&pos, a, self.rules).ok()).collect();
                (!moves.is_empty()).then_some(moves)
            }
            (_, Opponent::Solver) => {
                let eg = self.endgame()?;
                let first = eg.best_move(&pos).ok()??;
                let mut moves = vec![first];
                moves.extend(eg.best_moves(&pos).ok()?.into_iter().filter(|&m| m != first));
                Some(moves)
            }
            (Goal::Show { .. }, _) => self.show_move().map(|m| vec![m]),
            (Goal::Check { moves: n }, _) => {
                let left = n.saturating_sub(self.a.moves).max(1);
                let mut search = super::doctor::CheckSearch::new(self.rules);
                let legal = self.game.legal_moves();
                let checks: Vec<Move> = legal.iter().copied().filter(|&m| crate::rules::in_check(&play_unchecked(&pos, m))).collect();
                if !checks.is_empty() {
                    return Some(checks);
                }
                let forcing: Vec<Move> = legal.iter().copied().filter(|&m| left > 1 && search.checked_within(&play_unchecked(&pos, m), left - 1)).collect();
                (!forcing.is_empty()).then_some(forcing)
            }
            (Goal::Mate { moves: n }, _) => {
                let left = n.saturating_sub(self.a.moves).max(1);
                let mut search = super::doctor::MateSearch::new(self.rules);
                let legal = self.game.legal_moves();
                (1..=left).find_map(|k| {
                    let mates: Vec<Move> = legal.iter().copied().filter(|&m| search.mated_within(&play_unchecked(&pos, m), k - 1)).collect();
                    (!mates.is_empty()).then_some(mates)
                })
            }
            _ => None,
        }
    }
}

/// The chosen choice's words, when the question has them (`goal.explain`).
pub(crate) fn choice_explain(lesson: &Lesson, choice: usize) -> Option<Text> {
    match &lesson.goal {
        Goal::Question { explain: Some(e), .. } => e.get(choice).cloned(),
        _ => None,
    }
}

/// Why the piece on `from` cannot go to `to` in a quiz, from the position: its own piece stands
/// there, a piece blocks its line, its formula does not reach, a pawn's capture rule, or the king
/// would be left in check.
pub fn quiz_why(pos: &Position, from: Square, to: Square) -> Failure {
    let Some(piece) = pos.piece_at(from) else { return Failure::new("wrong-square", msg!("lesson-no-piece")) };
    let kind = piece.kind;
    if to == from {
        return Failure::new("wrong-square", msg!("lesson-quiz-stays", piece = kind, square = to));
    }
    let at_to = pos.piece_at(to);
    if let Some(other) = at_to.filter(|o| o.color == piece.color) {
        return Failure::new("wrong-square", msg!("lesson-quiz-own", other = other.kind, square = to));
    }
    let Some(e) = crate::movement::explain(kind, piece.color, from, to) else {
        if kind == PieceKind::Pawn && to.j() != from.j() && at_to.is_none() && (to.i() as i32 - from.i() as i32).abs() == 1 {
            return Failure::new("wrong-square", msg!("lesson-quiz-pawn-diagonal", square = to));
        }
        let id = match kind {
            PieceKind::Knight => "lesson-quiz-no-line-knight",
            PieceKind::Bishop => "lesson-quiz-no-line-bishop",
            PieceKind::Rook => "lesson-quiz-no-line-rook",
            PieceKind::Queen => "lesson-quiz-no-line-queen",
            PieceKind::King => "lesson-quiz-no-line-king",
            PieceKind::Pawn => "lesson-quiz-no-line-pawn",
        };
        return Failure::new("wrong-square", Message::new(id).with("from", from).with("to", to));
    };
    // A piece on the line before the target.
    if kind != PieceKind::Knight {
        for n in 1..e.n {
            let (i, j) = (from.i() as i32 + n as i32 * e.di as i32, from.j() as i32 + n as i32 * e.dj as i32);
            let Some(sq) = Square::from_ij(i, j) else { break };
            if let Some(b) = pos.piece_at(sq) {
                let arrows = vec![Arrow { from, to: sq }];
                return Failure { arrows, ..Failure::new("wrong-square", msg!("lesson-quiz-blocked", piece = kind, other = b.kind, square = sq)) };
            }
        }
    }
    if kind == PieceKind::Pawn && to.j() == from.j() {
        if let Some(b) = at_to {
            return Failure::new("wrong-square", msg!("lesson-quiz-pawn-ahead", other = b.kind, square = to));
        }
    }
    if kind == PieceKind::Pawn && to.j() != from.j() && at_to.is_none() {
        return Failure::new("wrong-square", msg!("lesson-quiz-pawn-diagonal", square = to));
    }
    // The formula reaches and nothing blocks: the king would be in check (a king stepping into
    // an attack, or a piece leaving its king open).
    {
        let king = if kind == PieceKind::King { Some(to) } else { pos.king(piece.color) };
        if let Some(k) = king {
            let mut after = *pos;
            after.remove(to);
            after.remove(from);
            after.put(to, piece);
            let att = attackers(&after, k, piece.color.opposite(), after.occupied());
            if att != 0 {
                let arrows = crate::board::squares(att).map(|a| Arrow { from: a, to: k }).collect();
                return Failure { arrows, ..Failure::new("wrong-square", msg!("lesson-quiz-king", piece = kind, square = to)) };
            }
        }
    }
    Failure::new("wrong-square", msg!("lesson-wrong-square", piece = kind, square = to))
}

/// Why a move is not the best when the lesson has no words for it: the opponent's strongest
/// simple answer (a mate, else the biggest capture), said and drawn as an arrow; without one,
/// the plain "not the best move".
pub fn not_best_why(pos: &Position, mv: Move, rules: Rules) -> Failure {
    let after = play_unchecked(pos, mv);
    let Ok(game) = Game::new(after, rules) else { return Failure::new("wrong-move", msg!("lesson-not-best")) };
    let value = |k: PieceKind| match k {
        PieceKind::Pawn => 1,
        PieceKind::Knight | PieceKind::Bishop => 3,
        PieceKind::Rook => 5,
        PieceKind::Queen => 9,
        PieceKind::King => 100,
    };
    let mut best: Option<(u32, Move)> = None;
    for r in game.legal_moves() {
        let next = play_unchecked(&after, r);
        let mate = Game::new(next, rules).is_ok_and(|g| g.status().state == BoardState::Checkmate);
        let taken = after.piece_at(r.to).map_or(0, |p| value(p.kind));
        let score = if mate { 1000 } else { taken };
        if score > 0 && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, r));
        }
    }
    let Some((score, r)) = best else { return Failure::new("wrong-move", msg!("lesson-not-best")) };
    let info = MoveInfo::new(&after, r, rules);
    let id = if score == 1000 { "lesson-not-best-mate" } else { "lesson-not-best-reply" };
    let message = Message::new(id).with("side", after.side).with("reply", info.san.as_str());
    Failure { arrows: vec![Arrow { from: r.from, to: r.to }], ..Failure::new("wrong-move", message) }
}

/// The solver's reply in a lesson: [`Endgame::best_move`] (progress when it wins, the longest
/// resistance when it loses), except that in a drawn position it picks, among the moves that keep
/// the draw, one that leaves the child the fewest moves that keep it too: it keeps the draw and
/// still asks a question each move.
pub fn solver_reply(eg: &Endgame, pos: &Position) -> Result<Option<Move>, EndgameError> {
    let default = eg.best_move(pos)?;
    if eg.probe(pos)?.result != Wdl::Draw {
        return Ok(default);
    }
    let mut pick: Option<((bool, usize, bool), Move)> = None;
    for m in eg.best_moves(pos)? {
        let after = play_unchecked(pos, m);
        let mut list = crate::rules::MoveList::new();
        crate::rules::legal_moves(&after, crate::endgame::RULES, &mut list);
        let mut holding = 0;
        for &r in &list {
            if eg.probe(&play_unchecked(&after, r))?.result != Wdl::Win {
                holding += 1;
            }
        }
        // Moves that end the game (stalemate) last, then the fewest holding replies, then the
        // default move.
        let key = (list.is_empty(), holding, Some(m) != default);
        if pick.as_ref().is_none_or(|(k, _)| key < *k) {
            pick = Some((key, m));
        }
    }
    Ok(pick.map(|(_, m)| m).or(default))
}
