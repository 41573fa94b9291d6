//! Playing a lesson: the child's moves and answers are judged against the goal, replies are
//! played, stars are counted, and a failure is explained in child language with arrows.

use super::{stars, Goal, Lesson, Opponent, Text};
use crate::board::{Color, PieceKind, Position, Square};
use crate::notation::{parse_move, parse_position, to_san};
use crate::rules::{attackers, play_unchecked, BoardState, Game, Move, MoveKind, Rules};
use serde::Serialize;

/// An arrow to draw: from a square to a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Arrow {
    pub from: Square,
    pub to: Square,
}

/// Why an attempt failed, with a stable id, child-language text and arrows to draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// `in-check`, `piece-lost`, `not-mate`, `wrong-move`, `wrong-square`, `wrong-answer`, `out-of-moves`, `illegal`.
    pub id: &'static str,
    pub text: Text,
    pub arrows: Vec<Arrow>,
}

/// A move as the player reports it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayedMove {
    pub from: Square,
    pub to: Square,
    pub san: String,
    pub uci: String,
    pub kind: MoveKind,
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

/// What happened after a move or an answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// Whether the move was played (an illegal move is not).
    pub accepted: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played: Option<PlayedMove>,
    /// The computer's reply, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply: Option<PlayedMove>,
    /// The teacher's words for this move, if the lesson names it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feedback: Option<Text>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<Failure>,
    /// For a quiz: whether the clicked square was right.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub correct: Option<bool>,
    pub progress: Progress,
}

/// A hint stage: the piece to move, then the move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hint {
    pub stage: u8,
    pub square: Square,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrow: Option<Arrow>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<Text>,
}

/// A lesson being played.
#[derive(Clone, Debug)]
pub struct LessonPlayer {
    lesson: Lesson,
    rules: Rules,
    student: Color,
    start: Position,
    game: Game,
    /// Moves the child has made in this attempt.
    moves: u32,
    /// Wrong clicks or answers in this attempt (quizzes, questions, best move).
    mistakes: u32,
    stars_left: Vec<Square>,
    /// For `reach` with a named piece: where that piece stands now.
    tracked: Option<Square>,
    /// Quiz squares found so far.
    found: Vec<Square>,
    replies_played: usize,
    hint_stage: u8,
    progress: Progress,
}

fn text(ru: &str, en: &str) -> Text {
    Text { ru: ru.to_string(), en: en.to_string() }
}

fn piece_names(kind: PieceKind) -> (&'static str, &'static str) {
    let f = crate::movement::formula(kind);
    (f.name_ru, f.name_en)
}

impl LessonPlayer {
    /// Start a lesson (it should have passed the checker; a bad position is an error here).
    pub fn new(lesson: Lesson) -> Result<LessonPlayer, String> {
        let start = parse_position(&lesson.position.text()).map_err(|e| format!("/position: {e}"))?;
        let rules = lesson.rules.rules();
        let game = Game::new(start, rules).map_err(|e| format!("/position: {e}"))?;
        let student = lesson.student.color();
        if start.side != student {
            return Err(format!("/student: the child plays {} but {} is to move", student.name(), start.side.name()));
        }
        let mut p = LessonPlayer {
            lesson,
            rules,
            student,
            start,
            game,
            moves: 0,
            mistakes: 0,
            stars_left: Vec::new(),
            tracked: None,
            found: Vec::new(),
            replies_played: 0,
            hint_stage: 0,
            progress: Progress::Playing,
        };
        p.retry();
        Ok(p)
    }

    /// Start the attempt again from the lesson's position.
    pub fn retry(&mut self) {
        self.game = Game::new(self.start, self.rules).expect("validated at start");
        self.moves = 0;
        self.mistakes = 0;
        self.found.clear();
        self.replies_played = 0;
        self.hint_stage = 0;
        self.progress = Progress::Playing;
        self.stars_left = match &self.lesson.goal {
            Goal::Stars { squares } => squares.iter().filter_map(|s| Square::parse(s)).collect(),
            _ => Vec::new(),
        };
        self.tracked = match &self.lesson.goal {
            Goal::Reach { piece: Some(p), .. } => Square::parse(p),
            _ => None,
        };
    }

    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }
    pub fn game(&self) -> &Game {
        &self.game
    }
    pub fn progress(&self) -> Progress {
        self.progress
    }
    pub fn moves(&self) -> u32 {
        self.moves
    }
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }
    pub fn stars_left(&self) -> &[Square] {
        &self.stars_left
    }
    pub fn found(&self) -> &[Square] {
        &self.found
    }

    fn par(&self) -> u32 {
        match &self.lesson.goal {
            Goal::Mate { moves } => self.lesson.par.unwrap_or(*moves),
            Goal::Targets { .. } | Goal::Question { .. } | Goal::BestMove { .. } => self.lesson.par.unwrap_or(0),
            _ => self.lesson.par.unwrap_or(u32::MAX / 4),
        }
    }

    fn finish(&mut self, used: u32) -> Progress {
        self.progress = Progress::Done { stars: stars(used, self.par()) };
        self.progress
    }

    fn outcome(&self, accepted: bool) -> Outcome {
        Outcome { accepted, played: None, reply: None, feedback: None, failure: None, correct: None, progress: self.progress }
    }

    fn fail(&mut self, failure: Failure) -> Outcome {
        self.progress = Progress::Failed;
        Outcome { failure: Some(failure), ..self.outcome(true) }
    }

    fn played(pos: &Position, mv: Move, rules: Rules) -> PlayedMove {
        PlayedMove { from: mv.from, to: mv.to, san: to_san(pos, mv, rules), uci: mv.uci(), kind: mv.kind }
    }

    /// Explain why a move the child tried is not legal, with arrows from the attackers.
    fn illegal(&self, from: Square, to: Square) -> Failure {
        let pos = self.game.position();
        let Some(piece) = pos.piece_at(from) else {
            return Failure {
                id: "illegal",
                text: text("Здесь нет фигуры — выбери свою фигуру.", "There is no piece there — pick one of your pieces."),
                arrows: vec![],
            };
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
                    let (ru, en) = if piece.kind == PieceKind::King {
                        ("Туда нельзя: там короля атакуют.", "You can't go there: the king would be attacked.")
                    } else if crate::rules::in_check(pos) {
                        ("Твоему королю шах! Сначала защити короля.", "Your king is in check! Protect the king first.")
                    } else {
                        ("Этот ход открывает твоего короля — ему будет шах.", "That move uncovers your king — it would be in check.")
                    };
                    return Failure { id: "in-check", text: text(ru, en), arrows };
                }
            }
        }
        let (ru, en) = piece_names(piece.kind);
        Failure {
            id: "illegal",
            text: Text {
                ru: format!("{ru} так не ходит. Посмотри на подсвеченные клетки."),
                en: format!("The {} can't move like that. Look at the highlighted squares.", en.to_lowercase()),
            },
            arrows: vec![],
        }
    }

    /// The child moves a piece.
    pub fn play(&mut self, from: Square, to: Square, promotion: Option<PieceKind>) -> Outcome {
        if self.progress != Progress::Playing {
            return self.outcome(false);
        }
        if matches!(self.lesson.goal, Goal::Targets { .. } | Goal::Question { .. }) {
            return self.outcome(false);
        }
        let pos = *self.game.position();
        let mv = match self.game.find_move(from, to, promotion) {
            Ok(m) => m,
            Err(_) => return Outcome { failure: Some(self.illegal(from, to)), ..self.outcome(false) },
        };
        let played = Self::played(&pos, mv, self.rules);
        let feedback = self.feedback_for(&pos, mv);
        self.moves += 1;
        if let Goal::BestMove { answers } = &self.lesson.goal {
            let right = answers.iter().any(|a| parse_move(&pos, a, self.rules).ok() == Some(mv));
            if !right {
                self.mistakes += 1;
                let failure = Failure {
                    id: "wrong-move",
                    text: text("Это не лучший ход. Попробуй ещё!", "That's not the best move. Try again!"),
                    arrows: vec![],
                };
                return Outcome { played: Some(played), feedback, correct: Some(false), ..self.fail(failure) };
            }
            self.game.play(mv).expect("found legal");
            let progress = self.finish(self.mistakes);
            return Outcome { accepted: true, played: Some(played), feedback, correct: Some(true), progress, reply: None, failure: None };
        }
        self.game.play(mv).expect("found legal");
        // Progress that the move itself makes.
        self.stars_left.retain(|&s| s != mv.to);
        if self.tracked == Some(mv.from) {
            self.tracked = Some(mv.to);
        }
        if let Some(done) = self.check_goal(Some(mv)) {
            return Outcome { accepted: true, played: Some(played), feedback, progress: done, reply: None, failure: None, correct: None };
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
            Opponent::Defender | Opponent::Solver | Opponent::Engine { .. } => self.best_defence().map(|r| self.play_reply(r)),
        };
        if let Some(r) = &reply {
            // The reply took the piece that just moved, and nothing defended it.
            if r.to == mv.to && self.game.position().color_bb(self.student) & mv.to.bit() == 0 {
                if let Some(f) = self.lost_piece(&pos, mv, r) {
                    return Outcome { played: Some(played), reply, feedback, ..self.fail(f) };
                }
            }
        }
        let progress = match self.check_goal(None) {
            Some(p) => p,
            None => self.progress,
        };
        if progress == Progress::Failed {
            let failure = self.why_failed();
            return Outcome { accepted: true, played: Some(played), reply, feedback, failure: Some(failure), correct: None, progress };
        }
        Outcome { accepted: true, played: Some(played), reply, feedback, failure: None, correct: None, progress }
    }

    fn feedback_for(&self, pos: &Position, mv: Move) -> Option<Text> {
        self.lesson
            .feedback
            .iter()
            .find(|f| parse_move(pos, &f.mv, self.rules).ok() == Some(mv))
            .map(|f| f.text.clone())
    }

    fn play_reply(&mut self, r: Move) -> PlayedMove {
        let before = *self.game.position();
        let p = Self::played(&before, r, self.rules);
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
            Goal::Mate { moves: n } => n.saturating_sub(self.moves).max(1),
            _ => 2,
        };
        let score = |m: &Move| {
            let after = play_unchecked(&pos, *m);
            let mated = (1..=left).find(|&k| super::doctor::mate_in(&after, k, self.rules));
            // Not mated at all is best; a later mate beats an earlier one; then captures.
            (mated.map_or(u32::MAX, |k| k), m.capture as u32)
        };
        moves.iter().copied().max_by_key(score)
    }

    fn lost_piece(&self, before: &Position, mv: Move, reply: &PlayedMove) -> Option<Failure> {
        let kind = before.piece_at(mv.from)?.kind;
        // Was the square defended by another of the child's pieces after the move?
        let after_move = play_unchecked(before, mv);
        let mut without = after_move;
        without.remove(mv.to);
        let defended = attackers(&without, mv.to, self.student, without.occupied() | mv.to.bit()) != 0;
        if defended {
            return None;
        }
        let (ru, en) = piece_names(kind);
        Some(Failure {
            id: "piece-lost",
            text: Text {
                ru: format!("{ru} взят(а) — его никто не защищал."),
                en: format!("The {} was captured — it was not protected.", en.to_lowercase()),
            },
            arrows: vec![Arrow { from: reply.from, to: reply.to }],
        })
    }

    /// Whether the goal is now reached (or can no longer be), after the child's move (`Some`) or
    /// after the reply (`None`).
    fn check_goal(&mut self, mv: Option<Move>) -> Option<Progress> {
        let status = self.game.status();
        let pos = *self.game.position();
        let student_won = status.state == BoardState::Checkmate && pos.side != self.student;
        let student_lost = status.state == BoardState::Checkmate && pos.side == self.student;
        let reached = match &self.lesson.goal {
            Goal::Stars { .. } => self.stars_left.is_empty(),
            Goal::CaptureAll => pos.color_bb(self.student.opposite()) & !pos.kind_bb(PieceKind::King) == 0,
            Goal::Reach { square, .. } => {
                let target = Square::parse(square)?;
                match self.tracked {
                    Some(t) => t == target,
                    None => pos.color_bb(self.student) & target.bit() != 0,
                }
            }
            Goal::Promote => mv.is_some_and(|m| m.kind == MoveKind::Promotion),
            Goal::Mate { .. } | Goal::Win => student_won,
            Goal::Draw => status.outcome.is_some_and(|o| o.winner.is_none()),
            _ => false,
        };
        if reached {
            let used = if matches!(self.lesson.goal, Goal::Draw) { 0 } else { self.moves };
            return Some(self.finish(used));
        }
        if mv.is_some() {
            return None;
        }
        let over = status.outcome.is_some() || student_lost;
        let out_of_moves = matches!(self.lesson.goal, Goal::Mate { moves } if self.moves >= moves);
        let piece_gone = self.tracked.is_some_and(|t| self.game.position().color_bb(self.student) & t.bit() == 0);
        if over || out_of_moves || piece_gone {
            self.progress = Progress::Failed;
            return Some(Progress::Failed);
        }
        None
    }

    fn why_failed(&self) -> Failure {
        let status = self.game.status();
        if let Goal::Mate { moves } = self.lesson.goal {
            if status.state == BoardState::Stalemate {
                return Failure {
                    id: "stalemate",
                    text: text("Это пат: королю некуда ходить, но шаха нет. Ничья!", "That's stalemate: the king can't move but isn't in check. A draw!"),
                    arrows: vec![],
                };
            }
            let plural_ru = if moves == 1 { "ход" } else if moves < 5 { "хода" } else { "ходов" };
            return Failure {
                id: "not-mate",
                text: Text {
                    ru: format!("Это не мат — король может спастись. Нужен мат за {moves} {plural_ru}."),
                    en: format!("That's not mate — the king can escape. You need mate in {moves}."),
                },
                arrows: vec![],
            };
        }
        if self.tracked.is_some_and(|t| self.game.position().color_bb(self.student) & t.bit() == 0) {
            return Failure { id: "piece-lost", text: text("Твою фигуру взяли.", "Your piece was captured."), arrows: vec![] };
        }
        Failure { id: "game-over", text: text("Игра окончена. Попробуй ещё раз!", "The game is over. Try again!"), arrows: vec![] }
    }

    /// A quiz click on a square: right if the piece can go there.
    pub fn click(&mut self, square: Square) -> Outcome {
        let Goal::Targets { square: s } = &self.lesson.goal else { return self.outcome(false) };
        if self.progress != Progress::Playing {
            return self.outcome(false);
        }
        let from = Square::parse(s).expect("checked");
        let targets: Vec<Square> = self.game.targets(from).iter().map(|t| t.square).collect();
        if targets.contains(&square) {
            if !self.found.contains(&square) {
                self.found.push(square);
            }
            if self.found.len() == targets.len() {
                self.finish(self.mistakes);
            }
            return Outcome { correct: Some(true), ..self.outcome(true) };
        }
        self.mistakes += 1;
        let kind = self.game.position().piece_at(from).map_or(PieceKind::Pawn, |p| p.kind);
        let (ru, en) = piece_names(kind);
        let failure = Failure {
            id: "wrong-square",
            text: Text {
                ru: format!("{ru} не может пойти на {square}. Вспомни формулу!"),
                en: format!("The {} can't go to {square}. Remember its formula!", en.to_lowercase()),
            },
            arrows: vec![],
        };
        Outcome { correct: Some(false), failure: Some(failure), ..self.outcome(true) }
    }

    /// An answer to a question: the index of the choice.
    pub fn answer(&mut self, choice: usize) -> Outcome {
        let Goal::Question { answer, .. } = &self.lesson.goal else { return self.outcome(false) };
        if self.progress != Progress::Playing {
            return self.outcome(false);
        }
        if choice == *answer {
            self.finish(self.mistakes);
            return Outcome { correct: Some(true), ..self.outcome(true) };
        }
        self.mistakes += 1;
        let failure = Failure { id: "wrong-answer", text: text("Не совсем. Подумай ещё!", "Not quite. Think again!"), arrows: vec![] };
        Outcome { correct: Some(false), failure: Some(failure), ..self.outcome(true) }
    }

    /// The next hint: first the piece, then the move. `None` when the lesson has none.
    pub fn hint(&mut self) -> Option<Hint> {
        let h = self.lesson.hints.clone()?;
        let square = Square::parse(&h.piece)?;
        self.hint_stage = (self.hint_stage + 1).min(2);
        if self.hint_stage == 1 {
            return Some(Hint { stage: 1, square, arrow: None, text: h.piece_text });
        }
        let arrow = parse_move(&self.start, &h.mv, self.rules).ok().map(|m| Arrow { from: m.from, to: m.to });
        Some(Hint { stage: 2, square, arrow, text: h.move_text })
    }
}
