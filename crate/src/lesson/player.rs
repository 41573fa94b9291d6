//! Playing a lesson, with the pieces of chess or with a piece set: one player over the board a
//! lesson is played on ([`LessonBoard`]). The child's moves and answers are judged by the goal
//! ([`super::goal::GoalType`]), replies are played by the board, stars are counted, and a failure
//! is explained in child language with arrows.

use super::attempt::{Attempt, Failure, Hint, LessonMove, Outcome, Progress};
use super::board::{ChessBoard, LessonBoard};
use super::data::{Opponent, ShowStep, Text};
use super::file::Lesson;
use super::goal::{Aim, Ask, GoalType, Now, Try};
use super::show::{self, ShowView};
use crate::board::{Color, PieceKind, Square};
use crate::endgame::{Endgame, EndgameError, Verdict};
use crate::message::Message;
use crate::notation::parse_position;
use std::sync::Arc;

pub use super::attempt::{Arrow, LessonJudgement};

/// What the lesson player (www/lesson/) needs of the lesson's goal ([`Player::goal_view`]): made
/// from the goal's rules and its [`super::goal::Shown`], so that the page never branches on a
/// goal's name (the widget's `LessonGoal`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LessonGoal"))]
pub struct GoalView<'a> {
    /// The goal's name: its picture and its task's words (www/i18n/<lang>/lesson.js `goal`).
    pub name: &'static str,
    /// What the score counts and a wrong try costs ([`Counts`]): `moves`, `mistakes`, `nothing`.
    #[cfg_attr(test, ts(type = "\"moves\" | \"mistakes\" | \"nothing\""))]
    pub counts: &'static str,
    /// What ★★★ needs (moves or mistakes), when the lesson has a par for the goal.
    pub par: Option<u32>,
    /// Whether a hint can be found: the lesson writes one, the goal searches (a drill, a mate,
    /// the best move, an escape), or the endgame solver plays.
    pub hintable: bool,
    /// The square the task names.
    pub square: Option<&'a str>,
    /// The moves the task names.
    pub moves: Option<u32>,
    /// The question the big buttons ask ([`Ask`]).
    #[cfg_attr(test, ts(type = "\"written\" | \"capture\" | \"force\" | null"))]
    pub ask: Option<&'static str>,
    /// A drill with no opponent: what a move that missed it could have reached ([`Aim`]).
    #[cfg_attr(test, ts(type = "\"star\" | \"capture\" | \"reach\" | null"))]
    pub aim: Option<&'static str>,
    /// A `targets` quiz: taps on squares answer it.
    pub quiz: bool,
    /// An idea lesson: steps to read and moves to follow.
    pub steps: bool,
    /// The question is about force: the force view would give the answer away.
    pub hides_force: bool,
}

/// What a goal's score counts and a wrong try costs: the moves of a played goal, the mistakes
/// of a goal answered (a quiz, a question, a best move, an escape: a wrong try is a mistake),
/// nothing in an idea lesson (followed, never failed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counts {
    Moves,
    Mistakes,
    Nothing,
}

impl Counts {
    /// Its name on the page (`LessonGoal.counts`).
    pub fn as_str(self) -> &'static str {
        match self {
            Counts::Moves => "moves",
            Counts::Mistakes => "mistakes",
            Counts::Nothing => "nothing",
        }
    }
}

/// A lesson being played.
pub struct Player {
    lesson: Lesson,
    student: Color,
    board: Box<dyn LessonBoard>,
    a: Attempt,
}

impl std::fmt::Debug for Player {
    /// The lesson, the position and the attempt (the board itself is not shown: a board's
    /// `Debug` would keep every board's whole printing in the packages).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Player")
            .field("lesson", &self.lesson.id)
            .field("fen", &self.board.fen())
            .field("attempt", &self.a)
            .finish()
    }
}

/// The player of a lesson of chess (the name the tests and the CLI know).
pub type LessonPlayer = Player;

impl Player {
    /// Start a lesson of chess (it should have passed the checker; a bad position is an error
    /// here).
    pub fn new(lesson: Lesson) -> Result<Player, Message> {
        let start = parse_position(&lesson.position.text()).map_err(|e| e.0)?;
        let student = lesson.student.color();
        if start.side != student {
            return Err(msg!("lesson-student-not-to-move", side = student, turn = start.side));
        }
        let uses_endgame = matches!(lesson.opponent, Opponent::Solver)
            || lesson.goal.judged_by_solver(lesson.setting(), &start);
        let board =
            ChessBoard::new(start, lesson.rules.rules(), lesson.opponent.clone(), uses_endgame)?;
        Ok(Player::on(lesson, Box::new(board)))
    }

    /// Start a lesson (checked already) with its resolved piece set.
    #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
    pub fn with_set(lesson: Lesson, set: super::variant::LessonSet) -> Result<Player, Message> {
        let board = super::variant::PieceBoard::new(&lesson, set)?;
        let student = lesson.student.color();
        if board.turn() != student {
            return Err(msg!("lesson-student-not-to-move", side = student, turn = board.turn()));
        }
        Ok(Player::on(lesson, Box::new(board)))
    }

    /// A lesson on its board.
    fn on(lesson: Lesson, board: Box<dyn LessonBoard>) -> Player {
        let mut p = Player { student: lesson.student.color(), lesson, board, a: Attempt::new() };
        p.restart();
        p
    }

    /// A lesson with the endgame solver it plays with (natively, [`Endgame::native`]).
    pub fn with_endgame(lesson: Lesson, endgame: Arc<Endgame>) -> Result<Player, Message> {
        let mut p = Player::new(lesson)?;
        p.set_endgame(endgame);
        Ok(p)
    }

    fn goal(&self) -> &super::goal::Goal {
        &self.lesson.goal
    }

    fn par(&self) -> u32 {
        self.goal().par(self.lesson.par)
    }

    /// Start the attempt again from the lesson's position ("Try again"). Before the lesson is
    /// done this is the same sitting: its mistakes and the hints that showed the move still count
    /// ([`Attempt::again`]); after it is done a new sitting begins.
    pub fn retry(&mut self) {
        self.board.reset();
        self.a = self.a.again();
        self.lesson.goal.begin(&mut self.a);
    }

    /// Start a new sitting from the lesson's position, as when the lesson is opened: nothing of
    /// the attempts before counts.
    pub fn restart(&mut self) {
        self.board.reset();
        self.a = Attempt::new();
        self.lesson.goal.begin(&mut self.a);
    }

    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }
    /// The board the lesson is played on.
    pub fn board(&self) -> &dyn LessonBoard {
        &*self.board
    }
    /// The chess game (`None` with a piece set).
    pub fn chess(&self) -> Option<&ChessBoard> {
        self.board.chess()
    }
    /// The chess game; panics with a piece set (the tests of chess lessons read it).
    pub fn game(&self) -> &crate::rules::Game {
        self.board.chess().expect("a lesson of chess").game()
    }
    /// The position with a piece set (`None` in chess).
    #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
    pub fn position(&self) -> &crate::variant::VariantPosition {
        self.board.pieces().expect("a lesson with a piece set")
    }
    /// The piece set's JSON text for the widget (`None` in chess).
    pub fn set_json(&self) -> Option<&str> {
        self.board.set_json()
    }
    /// The position now as FEN.
    pub fn fen(&self) -> String {
        self.board.fen()
    }
    pub fn progress(&self) -> Progress {
        self.a.progress
    }
    /// Moves made, mistakes, stars still on the board, quiz squares found, and the state.
    pub fn attempt(&self) -> &Attempt {
        &self.a
    }

    // ------------------------------------------------------------ the endgame solver (chess)

    /// Whether the lesson uses the endgame solver (it plays, or it judges a best move).
    pub fn uses_endgame(&self) -> bool {
        self.board.chess().is_some_and(ChessBoard::uses_endgame)
    }
    /// Give the lesson the endgame solver to play with (its tables may be loaded later).
    pub fn set_endgame(&mut self, endgame: Arc<Endgame>) {
        if let Some(c) = self.board.chess_mut() {
            c.set_endgame(endgame);
        }
    }
    /// The endgame solver the lesson plays with, if it has one.
    pub fn endgame(&self) -> Option<&Arc<Endgame>> {
        self.board.chess()?.endgame()
    }
    /// The endgame data files the lesson still needs (`kpk.bin`, …).
    pub fn endgame_files(&self) -> Vec<String> {
        self.board.chess().map(ChessBoard::endgame_files).unwrap_or_default()
    }
    /// Whether the lesson cannot be played without the solver: it is the opponent.
    pub fn needs_endgame(&self) -> bool {
        self.board.chess().is_some_and(ChessBoard::needs_endgame)
    }
    /// Whether the lesson can be played: it needs no solver, or the solver has its tables.
    pub fn endgame_ready(&self) -> bool {
        self.board.ready()
    }
    /// Solve what the lesson's later probes need, so that every move is answered at once.
    pub fn prepare_endgame(&self) -> Result<(), EndgameError> {
        self.board.chess().map_or(Ok(()), ChessBoard::prepare_endgame)
    }
    /// The solver's verdict on the position now, from the child's side.
    pub fn verdict(&self) -> Option<Verdict> {
        self.board.chess()?.verdict(self.student)
    }

    /// After a mistake against the solver: take the losing move back, so that the child tries
    /// again from the position before it (the attempt goes on). The move no longer counts as a
    /// move, as in the move list; the take-back costs a star instead. Returns whether there was
    /// such a move to take back.
    pub fn take_back(&mut self) -> bool {
        if self.a.progress != Progress::Failed {
            return false;
        }
        let student = self.student;
        if !self.board.chess_mut().is_some_and(|c| c.undo_childs_move(student)) {
            return false;
        }
        self.a.mistakes += 1;
        self.a.taken_back += 1;
        self.a.moves = self.a.moves.saturating_sub(1);
        self.a.hint_stage = 0;
        self.a.progress = Progress::Playing;
        true
    }

    // ------------------------------------------------------------ moves

    fn now(&self) -> Now<'_> {
        Now { board: &*self.board, a: &self.a, setting: self.lesson.setting() }
    }

    fn outcome(&self, accepted: bool) -> Outcome {
        Outcome::new(accepted, self.board.fen(), self.board.status(), self.a.progress)
    }

    fn fail(&mut self, failure: Failure) -> Outcome {
        self.a.progress = Progress::Failed;
        Outcome { failure: Some(failure), ..self.outcome(true) }
    }

    /// The goal is reached (`moves`: the moves a goal that counts moves used; `None`: the goal
    /// counts mistakes): the stars of the whole sitting ([`Attempt::finish`]).
    fn finish(&mut self, moves: Option<u32>) -> Progress {
        let par = self.par();
        self.a.finish(par, moves)
    }

    /// The lesson's words for the move `from`→`to` (`found`: the move, when legal).
    fn feedback_for(&self, from: Square, to: Square, found: Option<LessonMove>) -> Option<Text> {
        self.lesson
            .feedback
            .iter()
            .find(|f| self.board.names(&f.mv, from, to, found))
            .map(|f| f.text.clone())
    }

    /// The child moves a piece (`promotion`: the piece a pawn becomes, chess only).
    pub fn play(&mut self, from: Square, to: Square, promotion: Option<PieceKind>) -> Outcome {
        if self.a.progress != Progress::Playing || !self.goal().takes_moves() {
            return self.outcome(false);
        }
        if !self.board.ready() {
            return Outcome {
                failure: Some(Failure::new("no-tables", msg!("lesson-no-tables"))),
                ..self.outcome(false)
            };
        }
        if self.goal().steps().is_some() {
            return self.show_play(from, to, promotion);
        }
        let mv = match self.board.find(from, to, promotion, self.student) {
            Ok(m) => m,
            Err(failure) => {
                return Outcome {
                    feedback: self.feedback_for(from, to, None),
                    failure: Some(failure),
                    ..self.outcome(false)
                }
            }
        };
        let played = self.board.info(mv);
        let feedback = self.feedback_for(from, to, Some(mv));
        // A hint after this move is about the position then: it starts again with the piece.
        self.a.hint_stage = 0;
        let judgement = self.board.judge(mv);
        self.a.moves += 1;
        let (tried, why) = {
            let t = Try {
                board: &*self.board,
                mv,
                judgement: judgement.as_ref(),
                feedback: feedback.is_some(),
                setting: self.lesson.setting(),
            };
            let tried = self.lesson.goal.one_try(&t);
            let why =
                if matches!(tried, Some(Ok(()))) { self.lesson.goal.right_why(&t) } else { None };
            (tried, why)
        };
        match tried {
            Some(Err(failure)) => {
                self.a.mistakes += 1;
                return Outcome {
                    played: Some(played),
                    feedback,
                    correct: Some(false),
                    judgement,
                    ..self.fail(failure)
                };
            }
            Some(Ok(())) => {
                self.board.play(mv);
                let progress = self.finish(None);
                return Outcome {
                    played: Some(played),
                    feedback,
                    correct: Some(true),
                    judgement,
                    progress,
                    why,
                    ..self.outcome(true)
                };
            }
            None => {}
        }
        self.board.play(mv);
        let gave_check = self.board.status().chess().is_some_and(|s| s.check);
        if let Some(failure) = judgement.as_ref().and_then(|j| self.board.mistake(j)) {
            return Outcome { played: Some(played), feedback, judgement, ..self.fail(failure) };
        }
        // Progress that the move itself makes.
        self.a.collect(mv.from, mv.to);
        if self.goal().reached(&self.now(), Some(mv)) {
            let progress = self.finish(Some(self.goal().used(&self.a)));
            // no opponent: the turn stays the child's, as after every move of a drill (the
            // board never says the other side is to move when it has nothing to move)
            if matches!(self.lesson.opponent, Opponent::None) {
                self.board.again(self.student);
            }
            return Outcome {
                played: Some(played),
                feedback,
                judgement,
                progress,
                ..self.outcome(true)
            };
        }
        // The reply.
        let defence = self.goal().defence(&self.a);
        let reply = self.board.respond(self.student, defence);
        if let Some(f) = reply.failure {
            return Outcome {
                played: Some(played),
                reply: reply.played,
                feedback,
                judgement,
                ..self.fail(f)
            };
        }
        let progress = if self.goal().reached(&self.now(), None) {
            self.finish(Some(self.goal().used(&self.a)))
        } else if self.lost() {
            self.a.progress = Progress::Failed;
            Progress::Failed
        } else {
            self.a.progress
        };
        let failure = (progress == Progress::Failed).then(|| self.why_failed(gave_check));
        Outcome {
            played: Some(played),
            reply: reply.played,
            feedback,
            failure,
            judgement,
            progress,
            ..self.outcome(true)
        }
    }

    /// After the reply: whether the attempt is over (the game ended, the goal's moves are used
    /// up, the tracked piece was taken, the goal says it is lost).
    fn lost(&self) -> bool {
        let over =
            self.board.status().chess().is_some_and(|s| {
                s.outcome.is_some() || s.state == crate::rules::BoardState::Checkmate
            });
        let piece_gone = self.a.tracked.is_some_and(|t| self.board.owner(t) != Some(self.student));
        over || self.goal().out_of_moves(&self.a) || piece_gone || self.goal().lost(&self.now())
    }

    /// Why the attempt failed; `gave_check`: whether the child's last move gave check (a quiet
    /// move that does not mate is not "the king escapes").
    fn why_failed(&self, gave_check: bool) -> Failure {
        if let Some(f) = self.goal().why_failed(&self.now(), gave_check) {
            return f;
        }
        if self.a.tracked.is_some_and(|t| self.board.owner(t) != Some(self.student)) {
            return Failure::new("piece-lost", msg!("lesson-piece-taken"));
        }
        Failure::new("game-over", msg!("lesson-game-over"))
    }

    // ------------------------------------------------------------ show lessons

    fn steps(&self) -> &[ShowStep] {
        self.lesson.goal.steps().unwrap_or(&[])
    }

    /// A `show` lesson's step now, with its words, drawings and the arrow of its move; `None`
    /// for other goals and when the lesson is done.
    pub fn show_step(&self) -> Option<ShowView> {
        self.goal().steps()?;
        show::view(self.steps(), &self.a, self.show_move().map(LessonMove::arrow))
    }

    /// The move the step now asks for, in the position now.
    fn show_move(&self) -> Option<LessonMove> {
        let text = show::step(self.steps(), &self.a)?.mv.as_ref()?;
        self.board.parse(text)
    }

    /// A `show` lesson's step is read: Next. Only a step without a move waits for it; after the
    /// last step the lesson is done, with 3 stars.
    pub fn next_step(&mut self) -> Outcome {
        let steps = self.lesson.goal.steps().unwrap_or(&[]).to_vec();
        let read = self.goal().steps().is_some() && show::next(&steps, &mut self.a);
        self.outcome(read)
    }

    /// A move in a `show` lesson: the step's move is played (then its reply, or the child moves
    /// again); another move is refused with the arrow's words, never a failure.
    fn show_play(&mut self, from: Square, to: Square, promotion: Option<PieceKind>) -> Outcome {
        let want = self.show_move();
        let found = self.board.find(from, to, promotion, self.student);
        let right = want.is_some_and(|want| {
            found.as_ref().is_ok_and(|&m| m == want)
                // a promotion to another piece than the step's is refused too; no piece named: the step's
                || (promotion.is_none() && want.from == from && want.to == to)
        });
        let Some(want) = want.filter(|_| right) else {
            let kind = want.and_then(|m| self.board.kind_at(m.from));
            let mut failure = show::refusal(want.map(LessonMove::arrow), kind);
            // the arrow's piece, to another square: why not there (its formula), or where the
            // arrow goes from the square tapped
            if let Some(w) = want.filter(|w| w.from == from && kind.is_some()) {
                failure.message = match found {
                    Err(why) => why.message,
                    Ok(_) => msg!("lesson-arrow-not", to = to, square = w.to),
                };
            }
            return Outcome { failure: Some(failure), ..self.outcome(false) };
        };
        let played = self.board.play(want);
        let reply_text = show::step(self.steps(), &self.a).and_then(|s| s.reply.clone());
        let reply = reply_text.and_then(|t| self.board.parse(&t)).map(|r| self.board.play(r));
        if reply.is_none() {
            // the child moves again, as in a drill (the checker saw that no check needs a reply)
            self.board.again(self.student);
        }
        let steps = self.steps().to_vec();
        let progress = show::moved(&steps, &mut self.a);
        Outcome { played: Some(played), reply, progress, ..self.outcome(true) }
    }

    // ------------------------------------------------------------ quizzes and questions

    /// What the page needs of the goal (see [`GoalView`]).
    pub fn goal_view(&self) -> GoalView<'_> {
        let goal = self.goal();
        let shown = goal.shown();
        let steps = goal.steps().is_some();
        let counts = match (goal.is_played(), steps) {
            (true, _) => Counts::Moves,
            (false, false) => Counts::Mistakes,
            (false, true) => Counts::Nothing,
        };
        let par = self.par();
        let drill = matches!(self.lesson.opponent, Opponent::None);
        GoalView {
            name: goal.name(),
            counts: counts.as_str(),
            par: (counts != Counts::Nothing && par < u32::MAX / 4).then_some(par),
            hintable: self.lesson.hints.is_some()
                || shown.finds_hints
                || (drill && shown.drills)
                || matches!(self.lesson.opponent, Opponent::Solver)
                || goal.quiz().is_some(),
            square: shown.square,
            moves: shown.moves,
            ask: shown.ask.map(Ask::as_str),
            aim: shown.aim.filter(|_| drill).map(Aim::as_str),
            quiz: goal.quiz().is_some(),
            steps,
            hides_force: matches!(shown.ask, Some(Ask::Capture | Ask::Force)),
        }
    }

    /// How many squares a `targets` quiz has to find (0 for other goals).
    pub fn quiz_total(&self) -> usize {
        self.goal().quiz().map_or(0, |from| self.board.quiz_targets(from).len())
    }

    /// A quiz click on a square: right if the piece can go there.
    pub fn click(&mut self, square: Square) -> Outcome {
        let Some(from) = self.goal().quiz() else { return self.outcome(false) };
        if self.a.progress != Progress::Playing {
            return self.outcome(false);
        }
        let targets = self.board.quiz_targets(from);
        let par = self.par();
        if self.a.quiz(par, square, &targets) {
            return Outcome { correct: Some(true), ..self.outcome(true) };
        }
        let failure = self.board.quiz_why(from, square);
        Outcome { correct: Some(false), failure: Some(failure), ..self.outcome(true) }
    }

    /// The right choice of a question and, when the rules answer it, why (with the force
    /// totals).
    pub fn computed_answer(&self) -> Option<(usize, Message)> {
        let (k, why) = self.goal().answer(&*self.board)?;
        Some((k, why?))
    }

    /// An answer: the index of the choice (`question`: the lesson's choices; `can_capture`: 0
    /// yes, 1 no; `stronger`: 0 White, 1 Black, 2 equal). After the right answer `why` says the
    /// force totals.
    pub fn answer(&mut self, choice: usize) -> Outcome {
        let Some((answer, why)) = self.goal().answer(&*self.board) else {
            return self.outcome(false);
        };
        if self.a.progress != Progress::Playing {
            return self.outcome(false);
        }
        let right = choice == answer;
        let par = self.par();
        let failure = self.a.answer(par, right);
        let feedback = self.goal().explain(choice);
        Outcome {
            correct: Some(right),
            failure,
            feedback,
            why: why.filter(|_| right),
            ..self.outcome(true)
        }
    }

    // ------------------------------------------------------------ hints

    /// The enemy king's square at the start (a `check` drill's target).
    fn enemy_king(&self) -> Option<Square> {
        self.board.chess()?.start().king(self.student.opposite())
    }

    /// What is left of the drill now, for the doctor's search (no opponent only).
    fn drill(&self) -> Option<super::search::Drill> {
        if !matches!(self.lesson.opponent, Opponent::None) {
            return None;
        }
        self.goal().drill(&self.a, self.enemy_king())
    }

    /// In a drill: whether `m` begins a shortest way to the goal (another best move than the one
    /// the search found first).
    fn drill_keeps(&self, m: LessonMove) -> bool {
        let Some(goal) = self.drill() else { return false };
        let best = self.board.drill_step(self.student, &goal, None);
        let with = self.board.drill_step(self.student, &goal, Some(m));
        matches!((best, with), (Some((a, _)), Some((b, _))) if a == b)
    }

    /// Moves that are best in the position now, the first one the hint's: a shortest way for a
    /// drill (the doctor's search), the step's move in a show lesson, the goal's own search (the
    /// quickest mate, a check, the answers of a best move, a saving move), the solver's best
    /// moves in an endgame lesson. `None` when there is no such search.
    pub fn best_moves_now(&self) -> Option<Vec<LessonMove>> {
        if let Some(goal) = self.drill() {
            let (_, first) = self.board.drill_step(self.student, &goal, None)?;
            return Some(first.into_iter().collect());
        }
        if self.goal().steps().is_some() {
            return self.show_move().map(|m| vec![m]);
        }
        self.goal().best_moves(&self.now()).or_else(|| self.board.best_moves())
    }

    /// The next hint, for the position on the board now: first the piece, then the move. The
    /// lesson's written hint is given while it still applies (its piece stands on its square, the
    /// move is legal and still on a best way); otherwise the move is found
    /// ([`Player::best_moves_now`]). `None` when no move can be found.
    pub fn hint(&mut self) -> Option<Hint> {
        if self.a.progress != Progress::Playing {
            return None;
        }
        // a quiz: a square the piece can go to that is not found yet, shown by an arrow from the
        // piece (a child who cannot read sees where to tap)
        if let Some(from) = self.goal().quiz() {
            let targets = self.board.quiz_targets(from);
            let to = targets.into_iter().find(|t| !self.a.found.contains(t))?;
            return Some(self.a.quiz_hint(from, to, self.board.kind_at(from)));
        }
        let best = self.best_moves_now();
        let at_start = self.board.at_start();
        let written = self.lesson.hints.clone().filter(|h| {
            let Some(sq) = Square::parse(&h.piece) else { return false };
            let Some(m) = self.board.parse(&h.mv) else { return false };
            let on_best = match &best {
                Some(b) => b.contains(&m) || self.drill_keeps(m),
                None => at_start,
            };
            m.from == sq && self.board.owner(sq) == Some(self.student) && on_best
        });
        let mv = match &written {
            Some(h) => self.board.parse(&h.mv)?,
            None => *best?.first()?,
        };
        let kind = self.board.kind_at(mv.from);
        if self.board.chess().is_some() && kind.is_none() {
            return None;
        }
        Some(self.a.hint_for(mv, kind, written.as_ref()))
    }
}
