//! Lessons with a piece set (`"pieces"`): chess-t1, or pieces a teacher defines in the lesson.
//! They are checked, proved and played through [`crate::variant`]: the set's own lines, force and
//! capture by superior force. There is no check or mate in such a lesson: the child moves again
//! and again (no opponent), or answers a question the rules can answer (`can_capture`,
//! `stronger`, `targets`).

use super::check::{check_question, check_quiz_piece, check_stars, square, Report};
use super::player::{Arrow, Attempt, Failure, Hint, Outcome, Progress};
use super::show::{self, ShowView, StepBoard};
use super::{Goal, InlineSet, Lesson, Opponent, PiecesRef, PositionText, Text};
use crate::board::{Color, Square};
use crate::message::Message;
use crate::movement::PieceSet;
use crate::variant::{halves_text, ForceReport, Refusal, VariantGame, VariantPosition};
use serde::Serialize;
use std::sync::Arc;

// ---------------------------------------------------------------- the set

/// A lesson's piece set, resolved: the set and its JSON text (what the widget is given).
#[derive(Clone, Debug)]
pub struct LessonSet {
    pub set: Arc<PieceSet>,
    pub json: String,
}

/// Whether `id` names a built-in set (`chess-t1`, `fide`).
pub fn is_builtin(id: &str) -> bool {
    PieceSet::builtin(id).is_some()
}

/// The id of a set file the lesson needs from next to it (`pieces/<id>.json`): `None` for a
/// built-in or inline set, or no set.
pub fn needed_file(lesson: &Lesson) -> Option<&str> {
    match &lesson.pieces {
        Some(PiecesRef::Id(id)) if !is_builtin(id) => Some(id),
        _ => None,
    }
}

/// Resolve the lesson's set (`None` for a chess lesson). `load` reads a set file next to the
/// lesson by id (the command line from the file system, the browser from what it fetched).
/// Errors come with their pointers in the lesson (under `/pieces`).
pub fn resolve_set(lesson: &Lesson, load: &dyn Fn(&str) -> Option<String>) -> Option<Result<LessonSet, Vec<(String, Message)>>> {
    let one = |pointer: &str, m: Message| Err(vec![(pointer.to_string(), m)]);
    let set = match lesson.pieces.as_ref()? {
        PiecesRef::Id(id) => match PieceSet::builtin(id) {
            Some(set) => set,
            None => match load(id) {
                None => return Some(one("/pieces", msg!("check-no-piece-set", set = id.as_str()))),
                // The set file's own findings are the checker's, at their places in that file.
                Some(text) => match PieceSet::parse(&text) {
                    Ok(set) => set,
                    Err(_) => return Some(one("/pieces", msg!("check-piece-set-broken", set = id.as_str()))),
                },
            },
        },
        PiecesRef::Inline(InlineSet { base, regions, pieces }) => {
            let Some(base_set) = PieceSet::builtin(base) else {
                return Some(one("/pieces/base", msg!("check-no-piece-set", set = base.as_str())));
            };
            match base_set.extend(regions.clone(), pieces.clone()) {
                Ok(set) => set,
                Err(errors) => return Some(Err(errors.into_iter().map(|e| (format!("/pieces{}", e.pointer), e.message)).collect())),
            }
        }
    };
    Some(Ok(LessonSet { json: set.to_json(), set: Arc::new(set) }))
}

/// [`resolve_set`], its errors reported.
fn resolve(lesson: &Lesson, load: &dyn Fn(&str) -> Option<String>, report: &mut Report) -> Option<LessonSet> {
    match resolve_set(lesson, load)? {
        Ok(set) => Some(set),
        Err(errors) => {
            for (pointer, m) in errors {
                report.error(&pointer, m);
            }
            None
        }
    }
}

// ---------------------------------------------------------------- positions and moves

/// A move in a lesson file with a piece set: two squares, as `e5e4`, `e5-e4`, `e5xd5` or
/// `Pe5-e4` (the letter before is for the reader).
pub fn parse_squares(text: &str) -> Option<(Square, Square)> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    let mut k = 0;
    while k + 1 < b.len() {
        if (b'a'..=b'h').contains(&b[k]) && (b'1'..=b'8').contains(&b[k + 1]) {
            found.push(Square::parse(&text[k..k + 2])?);
            k += 2;
        } else {
            k += 1;
        }
    }
    match found[..] {
        [from, to] => Some((from, to)),
        _ => None,
    }
}

/// A `show` goal's moves on a position with a piece set: two squares, a move the side to move
/// may make; after a move without a reply the child always moves again (no check here).
impl StepBoard for VariantPosition {
    fn after(&self, text: &str) -> Result<Self, Message> {
        let bad = || msg!("check-show-pieces-move", found = text, side = self.turn());
        let (from, to) = parse_squares(text).ok_or_else(bad)?;
        let mut next = self.clone();
        next.play(from, to).map_err(|_| bad())?;
        Ok(next)
    }
    fn again(&self, student: Color) -> Option<Self> {
        Some(self.clone().with_turn(student))
    }
    fn turn(&self) -> Color {
        VariantPosition::turn(self)
    }
}

/// Whether the piece on `from` may go to `to` now.
fn allowed(pos: &VariantPosition, from: Square, to: Square) -> bool {
    pos.targets(from).iter().any(|t| t.square == to && t.allowed)
}

/// The squares of `side`'s pieces.
fn pieces_of(pos: &VariantPosition, side: Color) -> Vec<Square> {
    pos.pieces().into_iter().filter(|(_, c, _)| *c == side).map(|(s, _, _)| s).collect()
}

/// `side`'s force on a square and the other side's, as a child reads them (`1½`).
fn ours_theirs(f: &ForceReport, side: Color) -> (String, String) {
    let (ours, theirs) = if side == Color::White { (f.white, f.black) } else { (f.black, f.white) };
    (halves_text(ours), halves_text(theirs))
}

/// Whether the piece on `from` may capture on `to`: the line reaches, and the force is greater.
/// `None` when `to` is on none of its capture lines.
fn capture_verdict(pos: &VariantPosition, from: Square, to: Square) -> Option<bool> {
    pos.targets(from).into_iter().find(|t| t.square == to && t.capture).map(|t| t.allowed)
}

/// Who has more force on a square: the right choice of a `stronger` goal (0 White, 1 Black, 2
/// equal), with the report.
fn stronger_answer(pos: &VariantPosition, sq: Square) -> (usize, ForceReport) {
    let f = pos.force(sq);
    let k = match f.white.cmp(&f.black) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => 2,
    };
    (k, f)
}

// ---------------------------------------------------------------- the checker

/// Read the lesson's position with its set, reporting a bad FEN or text board at its place.
fn position(report: &mut Report, lesson: &Lesson, set: &Arc<PieceSet>) -> Option<VariantPosition> {
    match VariantPosition::parse(set.clone(), &lesson.position.text()) {
        Ok(p) => Some(p),
        Err(e) => {
            let m: Message = e.into();
            let mut pointer = "/position".to_string();
            if let PositionText::Board(_) = lesson.position {
                if let Some(crate::message::Arg::Num(n @ 1..)) = m.arg("line") {
                    pointer = format!("/position/{}", n - 1);
                }
            }
            report.error(&pointer, m);
            None
        }
    }
}

/// Check a lesson with a piece set (after the fields every lesson has). Returns the set and the
/// position when the doctor may look at them.
pub(crate) fn check(lesson: &Lesson, load: &dyn Fn(&str) -> Option<String>, report: &mut Report) -> Option<(LessonSet, VariantPosition)> {
    let set = resolve(lesson, load, report)?;
    let pos = position(report, lesson, &set.set)?;
    let student = lesson.student.color();
    if pos.turn() != student {
        report.error("/student", msg!("check-student-not-to-move", side = student, turn = pos.turn()));
        return None;
    }
    if !matches!(lesson.opponent, Opponent::None) {
        report.error("/opponent", msg!("check-pieces-no-opponent"));
    }
    let theirs = pieces_of(&pos, student.opposite());
    let piece_of = |report: &mut Report, p: &str, s: &str, side: Color| -> Option<Square> {
        let sq = square(report, p, s)?;
        if pos.piece_at(sq).is_none_or(|(c, _)| c != side) {
            report.error(p, msg!("check-no-piece-of", side = side, square = sq));
            return None;
        }
        Some(sq)
    };
    match &lesson.goal {
        Goal::Stars { squares } => check_stars(report, squares, |sq| pos.piece_at(sq).is_some()),
        Goal::CaptureAll if theirs.is_empty() => report.error("/goal", msg!("check-nothing-to-capture")),
        Goal::CaptureAll => {}
        Goal::Reach { square: target, piece } => {
            if let Some(sq) = square(report, "/goal/square", target) {
                if pos.piece_at(sq).is_some_and(|(c, _)| c == student) {
                    report.error("/goal/square", msg!("check-reach-own", square = sq));
                }
            }
            if let Some(from) = piece {
                piece_of(report, "/goal/piece", from, student);
            }
        }
        Goal::Targets { square: s } => {
            if let Some(sq) = square(report, "/goal/square", s) {
                let stuck = || !pos.targets(sq).iter().any(|t| t.allowed);
                check_quiz_piece(report, sq, pos.piece_at(sq).map(|(c, _)| c), student, stuck);
            }
        }
        Goal::Question { question, choices, answer, results, .. } => {
            check_question(report, question, choices, *answer);
            if results.is_some() {
                report.error("/goal/results", msg!("check-results-rules"));
            }
        }
        Goal::CanCapture { from, to } => {
            let from = piece_of(report, "/goal/from", from, student);
            let to = piece_of(report, "/goal/to", to, student.opposite());
            if let (Some(from), Some(to)) = (from, to) {
                if capture_verdict(&pos, from, to).is_none() {
                    report.error("/goal/to", msg!("check-not-capture-line", from = from, to = to));
                }
            }
        }
        Goal::Stronger { square: s } => {
            square(report, "/goal/square", s);
        }
        Goal::Promote | Goal::Mate { .. } | Goal::Check { .. } | Goal::BestMove { .. } | Goal::Win | Goal::Draw { .. } => {
            report.error("/goal/type", msg!("check-goal-not-for-pieces", goal = lesson.goal.name()));
        }
        Goal::Show { steps } => super::show::check_steps(report, steps, pos.clone(), student),
    }
    if matches!(lesson.goal, Goal::Stars { .. } | Goal::CaptureAll | Goal::Reach { .. }) && lesson.par.is_none() {
        report.error("/par", msg!("check-needs-par", goal = lesson.goal.name()));
    }
    if let Some(h) = &lesson.hints {
        if let Some(sq) = piece_of(report, "/hints/piece", &h.piece, student) {
            match parse_squares(&h.mv) {
                Some((from, _)) if from != sq => report.error("/hints/move", msg!("check-hint-other-piece", square = sq)),
                Some((from, to)) if !allowed(&pos, from, to) => report.error("/hints/move", msg!("check-pieces-bad-move", found = h.mv.as_str())),
                None => report.error("/hints/move", msg!("check-pieces-bad-move", found = h.mv.as_str())),
                Some(_) => {}
            }
        }
    }
    for (k, f) in lesson.feedback.iter().enumerate() {
        // Feedback may name a refused move too: that is when the child most needs words.
        let p = format!("/feedback/{k}/move");
        match parse_squares(&f.mv) {
            Some((from, _)) if pos.piece_at(from).is_some_and(|(c, _)| c == student) => {}
            _ => report.error(&p, msg!("check-pieces-bad-move", found = f.mv.as_str())),
        }
    }
    let found = report.found.iter().any(|d| d.severity == super::Severity::Error);
    (!found).then_some((set, pos))
}

// ---------------------------------------------------------------- the doctor

/// What a drill counts towards (the progress word: the stars collected, or where the tracked
/// piece stands).
enum Aim {
    Stars(Vec<Square>),
    CaptureAll,
    Reach { target: Square, from: Option<Square> },
}

/// The fewest moves the child needs (no opponent: the child moves again), or `None`.
fn drill(start: &VariantPosition, student: Color, aim: &Aim) -> Option<u32> {
    drill_step(start, student, aim, None).map(|(d, _)| d)
}

/// The fewest moves and the first move (from, to) of such a way; with `only`, the way must begin
/// with that move.
fn drill_step(start: &VariantPosition, student: Color, aim: &Aim, only: Option<(Square, Square)>) -> Option<(u32, Option<(Square, Square)>)> {
    let first = match aim {
        Aim::Reach { from: Some(f), .. } => f.index() as u64,
        _ => 0,
    };
    let done = |(p, word): &(VariantPosition, u64)| match aim {
        Aim::Stars(stars) => word.count_ones() as usize == stars.len(),
        Aim::CaptureAll => pieces_of(p, student.opposite()).is_empty(),
        Aim::Reach { target, from: Some(_) } => *word == target.index() as u64,
        Aim::Reach { target, from: None } => p.piece_at(*target).is_some_and(|(c, _)| c == student),
    };
    let next = |(p, word): &(VariantPosition, u64)| {
        let mut out = Vec::new();
        for from in pieces_of(p, student) {
            for t in p.targets(from).into_iter().filter(|t| t.allowed) {
                let mut after = p.clone();
                if after.play(from, t.square).is_err() {
                    continue;
                }
                let w = match aim {
                    Aim::Stars(stars) => stars.iter().enumerate().filter(|(_, &s)| s == t.square).fold(*word, |w, (k, _)| w | 1 << k),
                    Aim::Reach { from: Some(_), .. } if *word == from.index() as u64 => t.square.index() as u64,
                    _ => *word,
                };
                out.push(((from, t.square), (after.with_turn(student), w)));
            }
        }
        out
    };
    super::doctor::first_step((start.clone().with_turn(student), first), |(p, w)| (p.clone(), *w), done, next, only)
}

/// Prove a lesson with a piece set: its drill can be done within `par` (every star can be
/// reached), and what the rules answer is there to answer.
pub(crate) fn examine(lesson: &Lesson, pos: &VariantPosition, report: &mut Report) {
    let student = lesson.student.color();
    let aim = match &lesson.goal {
        Goal::Stars { squares } => {
            let stars: Vec<Square> = squares.iter().filter_map(|s| Square::parse(s)).collect();
            for (k, &star) in stars.iter().enumerate() {
                if drill(pos, student, &Aim::Stars(vec![star])).is_none() {
                    report.error(&format!("/goal/squares/{k}"), msg!("doctor-star-unreachable", square = star));
                }
            }
            if report.found.iter().any(|d| d.severity == super::Severity::Error) {
                return;
            }
            (Aim::Stars(stars), msg!("task-collect-stars"))
        }
        Goal::CaptureAll => (Aim::CaptureAll, msg!("task-capture-all")),
        Goal::Reach { square, piece } => {
            let target = Square::parse(square).expect("checked");
            (Aim::Reach { target, from: piece.as_deref().and_then(Square::parse) }, msg!("task-reach", square = target))
        }
        _ => return,
    };
    super::doctor::par_verdict(report, lesson, drill(pos, student, &aim.0), aim.1);
}

// ---------------------------------------------------------------- the player

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
    fn new(pos: &VariantPosition, from: Square, to: Square) -> VariantMoveInfo {
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
pub struct LessonStatus {
    pub state: &'static str,
    pub turn: Color,
    pub check: bool,
    pub claim_threefold: bool,
    pub claim_fifty: bool,
    pub outcome: Option<()>,
}

/// What happened after a move or an answer in a lesson with a piece set.
pub type VariantOutcome = Outcome<VariantMoveInfo, LessonStatus>;

/// A lesson with a piece set being played. The same moves, answers, hints and progress as
/// [`super::player::LessonPlayer`], through [`VariantGame`].
#[derive(Clone, Debug)]
pub struct VariantLessonPlayer {
    lesson: Lesson,
    set: LessonSet,
    student: Color,
    start: VariantPosition,
    game: VariantGame,
    a: Attempt,
}

impl VariantLessonPlayer {
    /// Start a lesson (checked already) with its resolved set.
    pub fn new(lesson: Lesson, set: LessonSet) -> Result<VariantLessonPlayer, Message> {
        let start = VariantPosition::parse(set.set.clone(), &lesson.position.text()).map_err(Message::from)?;
        let student = lesson.student.color();
        if start.turn() != student {
            return Err(msg!("lesson-student-not-to-move", side = student, turn = start.turn()));
        }
        Ok(VariantLessonPlayer { game: VariantGame::one_side(start.clone()), a: Attempt::new(&lesson), lesson, set, student, start })
    }

    /// Start the attempt again from the lesson's position.
    pub fn retry(&mut self) {
        self.game = VariantGame::one_side(self.start.clone());
        self.a = Attempt::new(&self.lesson);
    }

    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }
    /// The set's JSON text, for the widget (`host.usePieces`).
    pub fn set_json(&self) -> &str {
        &self.set.json
    }
    pub fn position(&self) -> &VariantPosition {
        self.game.position()
    }
    pub fn fen(&self) -> String {
        self.game.position().fen()
    }
    pub fn progress(&self) -> Progress {
        self.a.progress
    }
    /// Moves made, mistakes, stars still on the board, quiz squares found, and the state.
    pub fn attempt(&self) -> &Attempt {
        &self.a
    }

    fn outcome(&self, accepted: bool) -> VariantOutcome {
        let status = LessonStatus { state: "playing", turn: self.position().turn(), check: false, claim_threefold: false, claim_fifty: false, outcome: None };
        Outcome::new(accepted, self.fen(), status, self.a.progress)
    }

    fn feedback_for(&self, from: Square, to: Square) -> Option<Text> {
        self.lesson.feedback.iter().find(|f| parse_squares(&f.mv) == Some((from, to))).map(|f| f.text.clone())
    }

    /// Why the piece on `from` may not go to `to`: no piece, no line, a region, or too little
    /// force (with both totals).
    fn refused(&self, from: Square, to: Square) -> Failure {
        let pos = self.position();
        if pos.piece_at(from).is_none() {
            return Failure::new("illegal", msg!("lesson-no-piece"));
        }
        match pos.targets(from).into_iter().find(|t| t.square == to).and_then(|t| t.refusal) {
            Some(Refusal::Force) => {
                let f = pos.force(to);
                let (ours, theirs) = ours_theirs(&f, self.student);
                let arrows = f.sources.iter().map(|s| Arrow { from: s.from, to }).filter(|a| a.from != a.to).collect();
                Failure { arrows, ..Failure::new("weaker", msg!("lesson-capture-weaker", square = to, ours = ours, theirs = theirs)) }
            }
            Some(Refusal::Region) => Failure::new("illegal", msg!("lesson-region", square = to)),
            None => Failure::new("illegal", msg!("lesson-piece-cannot-move-so")),
        }
    }

    /// The child moves a piece.
    pub fn play(&mut self, from: Square, to: Square) -> VariantOutcome {
        if self.a.progress == Progress::Playing && matches!(self.lesson.goal, Goal::Show { .. }) {
            return self.show_play(from, to);
        }
        if self.a.progress != Progress::Playing || !self.lesson.goal.is_played() {
            return self.outcome(false);
        }
        let feedback = self.feedback_for(from, to);
        if !allowed(self.position(), from, to) || self.position().piece_at(from).is_none_or(|(c, _)| c != self.student) {
            return Outcome { feedback, failure: Some(self.refused(from, to)), ..self.outcome(false) };
        }
        let played = VariantMoveInfo::new(self.position(), from, to);
        if self.game.play(from, to).is_err() {
            return Outcome { feedback, failure: Some(self.refused(from, to)), ..self.outcome(false) };
        }
        self.a.moves += 1;
        self.a.hint_stage = 0;
        self.a.collect(from, to);
        let pos = self.position();
        let reached = match &self.lesson.goal {
            Goal::Stars { .. } => self.a.stars_left.is_empty(),
            Goal::CaptureAll => pieces_of(pos, self.student.opposite()).is_empty(),
            Goal::Reach { square, .. } => Square::parse(square).is_some_and(|t| match self.a.tracked {
                Some(now) => now == t,
                None => pos.piece_at(t).is_some_and(|(c, _)| c == self.student),
            }),
            _ => false,
        };
        if reached {
            self.a.finish(&self.lesson, self.a.moves, 0);
        }
        Outcome { played: Some(played), feedback, ..self.outcome(true) }
    }

    /// A `show` lesson's step now, with its words, drawings and the arrow of its move; `None`
    /// for other goals and when the lesson is done.
    pub fn show_step(&self) -> Option<ShowView> {
        show::view(&self.lesson, &self.a, self.show_move().map(|(from, to)| Arrow { from, to }))
    }

    /// The move the step now asks for.
    fn show_move(&self) -> Option<(Square, Square)> {
        parse_squares(show::step(&self.lesson, &self.a)?.mv.as_ref()?)
    }

    /// A `show` lesson's step is read: Next. Only a step without a move waits for it; after the
    /// last step the lesson is done, with 3 stars.
    pub fn next_step(&mut self) -> VariantOutcome {
        let read = show::next(&self.lesson, &mut self.a);
        self.outcome(read)
    }

    /// A move in a `show` lesson: the step's move is played (then its reply; without one the
    /// child moves again); another move is refused with the arrow's words, never a failure.
    fn show_play(&mut self, from: Square, to: Square) -> VariantOutcome {
        let want = self.show_move();
        let before = self.position().clone();
        if want != Some((from, to)) || self.game.play(from, to).is_err() {
            let failure = show::refusal(want.map(|(from, to)| Arrow { from, to }), None);
            return Outcome { failure: Some(failure), ..self.outcome(false) };
        }
        let played = VariantMoveInfo::new(&before, from, to);
        let reply = show::step(&self.lesson, &self.a).and_then(|s| parse_squares(s.reply.as_ref()?)).and_then(|(from, to)| {
            let before = self.position().clone();
            self.game.reply(from, to).ok().map(|_| VariantMoveInfo::new(&before, from, to))
        });
        let progress = show::moved(&self.lesson, &mut self.a);
        Outcome { played: Some(played), reply, progress, ..self.outcome(true) }
    }

    /// The squares the piece of a `targets` quiz can go to (empty for other goals).
    fn quiz_squares(&self) -> Vec<Square> {
        let Goal::Targets { square } = &self.lesson.goal else { return Vec::new() };
        let Some(from) = Square::parse(square) else { return Vec::new() };
        self.start.targets(from).iter().filter(|t| t.allowed).map(|t| t.square).collect()
    }

    /// How many squares a `targets` quiz has to find (0 for other goals).
    pub fn quiz_total(&self) -> usize {
        self.quiz_squares().len()
    }

    /// A quiz click on a square: right if the piece can go there.
    pub fn click(&mut self, square: Square) -> VariantOutcome {
        let Goal::Targets { square: s } = &self.lesson.goal else { return self.outcome(false) };
        if self.a.progress != Progress::Playing {
            return self.outcome(false);
        }
        let from = Square::parse(s).expect("checked");
        let targets = self.quiz_squares();
        if self.a.quiz(&self.lesson, square, &targets) {
            return Outcome { correct: Some(true), ..self.outcome(true) };
        }
        // The set's own refusal (too little force, a region) says why; else its own piece, else
        // its lines do not reach.
        let mut failure = self.refused(from, square);
        let own = matches!((self.position().cell(from), self.position().cell(square)), (Some((a, _)), Some((b, _))) if a == b);
        if failure.id != "weaker" {
            failure = if own && square != from {
                Failure::new("wrong-square", msg!("lesson-quiz-own-piece", square = square))
            } else if failure.message.id == "lesson-region" {
                Failure { id: "wrong-square", ..failure }
            } else {
                Failure::new("wrong-square", msg!("lesson-piece-wrong-square", square = square))
            };
        }
        Outcome { correct: Some(false), failure: Some(failure), ..self.outcome(true) }
    }

    /// The right choice of a question the rules answer, and why (with the force totals).
    pub fn computed_answer(&self) -> Option<(usize, Message)> {
        let pos = self.position();
        match &self.lesson.goal {
            Goal::CanCapture { from, to } => {
                let (from, to) = (Square::parse(from)?, Square::parse(to)?);
                let can = capture_verdict(pos, from, to)?;
                let (ours, theirs) = ours_theirs(&pos.force(to), pos.piece_at(from)?.0);
                let id = if can { "lesson-why-capture" } else { "lesson-why-no-capture" };
                let m = Message::new(id).with("square", to).with("ours", ours).with("theirs", theirs);
                Some((if can { 0 } else { 1 }, m))
            }
            Goal::Stronger { square } => {
                let sq = Square::parse(square)?;
                let (k, f) = stronger_answer(pos, sq);
                let id = ["lesson-why-white", "lesson-why-black", "lesson-why-equal"][k];
                Some((k, Message::new(id).with("square", sq).with("white", halves_text(f.white)).with("black", halves_text(f.black))))
            }
            _ => None,
        }
    }

    /// An answer: the index of the choice (`question`: the lesson's choices; `can_capture`: 0
    /// yes, 1 no; `stronger`: 0 White, 1 Black, 2 equal). After the right answer `why` says the
    /// force totals.
    pub fn answer(&mut self, choice: usize) -> VariantOutcome {
        if self.a.progress != Progress::Playing {
            return self.outcome(false);
        }
        let (answer, why) = match &self.lesson.goal {
            Goal::Question { answer, .. } => (*answer, None),
            Goal::CanCapture { .. } | Goal::Stronger { .. } => match self.computed_answer() {
                Some((k, m)) => (k, Some(m)),
                None => return self.outcome(false),
            },
            _ => return self.outcome(false),
        };
        let right = choice == answer;
        let failure = self.a.answer(&self.lesson, right);
        let feedback = super::player::choice_explain(&self.lesson, choice);
        Outcome { correct: Some(right), failure, feedback, why: why.filter(|_| right), ..self.outcome(true) }
    }

    /// What is left of the drill now, for the search.
    fn aim(&self) -> Option<Aim> {
        Some(match &self.lesson.goal {
            Goal::Stars { .. } => Aim::Stars(self.a.stars_left.clone()),
            Goal::CaptureAll => Aim::CaptureAll,
            Goal::Reach { square, .. } => Aim::Reach { target: Square::parse(square)?, from: self.a.tracked },
            _ => return None,
        })
    }

    /// The next hint, for the position now: first the piece where it stands, then the move. The
    /// lesson's written hint while it still applies (its piece stands there, the move is allowed
    /// and begins a shortest way), otherwise the first move of a shortest way (the doctor's
    /// search). `None` when there is none.
    pub fn hint(&mut self) -> Option<Hint> {
        if self.a.progress != Progress::Playing {
            return None;
        }
        if let Goal::Show { .. } = self.lesson.goal {
            // the arrow's move: the piece, then the move
            let (from, to) = self.show_move()?;
            return Some(self.a.hint_for(from, to, None, None));
        }
        let pos = self.position().clone();
        let aim = self.aim();
        let best = aim.as_ref().and_then(|a| drill_step(&pos, self.student, a, None));
        let at_start = self.game.position().fen() == self.start.fen();
        let written = self.lesson.hints.clone().and_then(|h| {
            let sq = Square::parse(&h.piece)?;
            let (from, to) = parse_squares(&h.mv)?;
            let ours = pos.piece_at(from).is_some_and(|(c, _)| c == self.student);
            let on_best = match (&aim, best) {
                (Some(a), Some((d, _))) => drill_step(&pos, self.student, a, Some((from, to))).is_some_and(|(e, _)| e == d),
                _ => at_start,
            };
            (from == sq && ours && allowed(&pos, from, to) && on_best).then_some((h, from, to))
        });
        let (from, to, h) = match written {
            Some((h, from, to)) => (from, to, Some(h)),
            None => {
                let (from, to) = best?.1?;
                (from, to, None)
            }
        };
        Some(self.a.hint_for(from, to, None, h.as_ref()))
    }
}
