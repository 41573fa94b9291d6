//! Lessons with a piece set (`"pieces"`): chess-t1, or pieces a teacher defines in the lesson.
//! The set is resolved here, and the lesson is played on a [`PieceBoard`] through
//! [`crate::variant`]: the set's own lines, force and capture by superior force. There is no
//! check or mate in such a lesson: the child moves again and again (no opponent), or answers a
//! question the rules can answer (`can_capture`, `stronger`, `targets`).

use super::attempt::{
    Arrow, BoardStatus, Failure, LessonMove, LessonStatus, Played, VariantMoveInfo,
};
use super::board::{Defence, LessonBoard, Reply};
use super::data::{InlineSet, PiecesRef, PositionText};
use super::file::Lesson;
use super::goal::can_capture::ours_theirs;
use super::search::{self, Drill};
use super::show::StepBoard;
use crate::board::{Color, PieceKind, Square};
use crate::message::Message;
use crate::movement::PieceSet;
use crate::variant::{Refusal, VariantGame, VariantPosition};
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
pub fn resolve_set(
    lesson: &Lesson,
    load: &dyn Fn(&str) -> Option<String>,
) -> Option<Result<LessonSet, Vec<(String, Message)>>> {
    let one = |pointer: &str, m: Message| Err(vec![(pointer.to_string(), m)]);
    let set = match lesson.pieces.as_ref()? {
        PiecesRef::Id(id) => match PieceSet::builtin(id) {
            Some(set) => set,
            None => match load(id) {
                None => return Some(one("/pieces", msg!("check-no-piece-set", set = id.as_str()))),
                // The set file's own findings are the checker's, at their places in that file.
                Some(text) => match PieceSet::parse(&text) {
                    Ok(set) => set,
                    Err(_) => {
                        return Some(one(
                            "/pieces",
                            msg!("check-piece-set-broken", set = id.as_str()),
                        ))
                    }
                },
            },
        },
        PiecesRef::Inline(InlineSet { base, regions, pieces }) => {
            let Some(base_set) = PieceSet::builtin(base) else {
                return Some(one("/pieces/base", msg!("check-no-piece-set", set = base.as_str())));
            };
            match base_set.extend(regions.clone(), pieces.clone()) {
                Ok(set) => set,
                Err(errors) => {
                    return Some(Err(errors
                        .into_iter()
                        .map(|e| (format!("/pieces{}", e.pointer), e.message))
                        .collect()))
                }
            }
        }
    };
    Some(Ok(LessonSet { json: set.to_json(), set: Arc::new(set) }))
}

/// [`resolve_set`], its errors reported.
pub(crate) fn resolve(
    lesson: &Lesson,
    load: &dyn Fn(&str) -> Option<String>,
    report: &mut Report,
) -> Option<LessonSet> {
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
pub(crate) fn allowed(pos: &VariantPosition, from: Square, to: Square) -> bool {
    pos.targets(from).iter().any(|t| t.square == to && t.allowed)
}

// ---------------------------------------------------------------- the checker

use crate::message::located::Report;

/// Read the lesson's position with its set, reporting a bad FEN or text board at its place.
pub(crate) fn position(
    report: &mut Report,
    lesson: &Lesson,
    set: &Arc<PieceSet>,
) -> Option<VariantPosition> {
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

// ---------------------------------------------------------------- the board

/// A lesson with a piece set: the game (one side moves, again and again) and the set.
#[derive(Clone, Debug)]
pub struct PieceBoard {
    set: LessonSet,
    start: VariantPosition,
    game: VariantGame,
}

impl PieceBoard {
    /// The board of a lesson (checked already) with its resolved set.
    pub fn new(lesson: &Lesson, set: LessonSet) -> Result<PieceBoard, Message> {
        let start = VariantPosition::parse(set.set.clone(), &lesson.position.text())
            .map_err(Message::from)?;
        Ok(PieceBoard { game: VariantGame::one_side(start.clone()), set, start })
    }
    pub fn position(&self) -> &VariantPosition {
        self.game.position()
    }
    pub fn start(&self) -> &VariantPosition {
        &self.start
    }

    /// Why the piece on `from` may not go to `to`: no piece, no line, a region, or too little
    /// force (with both totals, for `student`).
    fn refused(&self, from: Square, to: Square, student: Color) -> Failure {
        let pos = self.position();
        if pos.piece_at(from).is_none() {
            return Failure::new("illegal", msg!("lesson-no-piece"));
        }
        match pos.targets(from).into_iter().find(|t| t.square == to).and_then(|t| t.refusal) {
            Some(Refusal::Force) => {
                let f = pos.force(to);
                let (ours, theirs) = ours_theirs(&f, student);
                let arrows = f
                    .sources
                    .iter()
                    .map(|s| Arrow { from: s.from, to })
                    .filter(|a| a.from != a.to)
                    .collect();
                Failure {
                    arrows,
                    ..Failure::new(
                        "weaker",
                        msg!("lesson-capture-weaker", square = to, ours = ours, theirs = theirs),
                    )
                }
            }
            Some(Refusal::Region) => Failure::new("illegal", msg!("lesson-region", square = to)),
            None => Failure::new("illegal", msg!("lesson-piece-cannot-move-so")),
        }
    }
}

impl LessonBoard for PieceBoard {
    fn reset(&mut self) {
        self.game = VariantGame::one_side(self.start.clone());
    }
    fn fen(&self) -> String {
        self.game.position().fen()
    }
    fn status(&self) -> BoardStatus {
        BoardStatus::Pieces(LessonStatus {
            state: "playing",
            turn: self.position().turn(),
            check: false,
            claim_threefold: false,
            claim_fifty: false,
            outcome: None,
        })
    }
    fn turn(&self) -> Color {
        self.position().turn()
    }
    fn owner(&self, sq: Square) -> Option<Color> {
        self.position().piece_at(sq).map(|(c, _)| c)
    }
    fn count(&self, side: Color) -> usize {
        search::pieces_of(self.position(), side).len()
    }
    fn at_start(&self) -> bool {
        self.game.position().fen() == self.start.fen()
    }
    fn parse(&self, text: &str) -> Option<LessonMove> {
        let (from, to) = parse_squares(text)?;
        allowed(self.position(), from, to).then_some(LessonMove { from, to, promotion: None })
    }
    fn names(&self, text: &str, from: Square, to: Square, _found: Option<LessonMove>) -> bool {
        // feedback may name a refused move too: that is when the child most needs words
        parse_squares(text) == Some((from, to))
    }
    fn find(
        &self,
        from: Square,
        to: Square,
        _promotion: Option<PieceKind>,
        student: Color,
    ) -> Result<LessonMove, Failure> {
        if !allowed(self.position(), from, to) || self.owner(from) != Some(student) {
            return Err(self.refused(from, to, student));
        }
        Ok(LessonMove { from, to, promotion: None })
    }
    fn info(&self, m: LessonMove) -> Played {
        Played::Pieces(VariantMoveInfo::new(self.position(), m.from, m.to))
    }
    fn play(&mut self, m: LessonMove) -> Played {
        let info = VariantMoveInfo::new(self.position(), m.from, m.to);
        // the move of a `show` step or a reply may be the other side's
        if self.game.play(m.from, m.to).is_err() {
            let _ = self.game.reply(m.from, m.to);
        }
        Played::Pieces(info)
    }
    fn again(&mut self, _student: Color) {
        // the game of one side: the child moves again by itself
    }
    fn kind_at(&self, _sq: Square) -> Option<PieceKind> {
        None
    }
    fn quiz_targets(&self, from: Square) -> Vec<Square> {
        self.start.targets(from).iter().filter(|t| t.allowed).map(|t| t.square).collect()
    }
    fn quiz_why(&self, from: Square, square: Square) -> Failure {
        // The set's own refusal (too little force, a region) says why; else its own piece, else
        // its lines do not reach.
        let student = self.owner(from).unwrap_or(self.turn());
        let failure = self.refused(from, square, student);
        let own = matches!((self.position().cell(from), self.position().cell(square)), (Some((a, _)), Some((b, _))) if a == b);
        if failure.id == "weaker" {
            failure
        } else if own && square != from {
            Failure::new("wrong-square", msg!("lesson-quiz-own-piece", square = square))
        } else if failure.message.id == "lesson-region" {
            Failure { id: "wrong-square", ..failure }
        } else {
            Failure::new("wrong-square", msg!("lesson-piece-wrong-square", square = square))
        }
    }
    fn drill_step(
        &self,
        student: Color,
        drill: &Drill,
        only: Option<LessonMove>,
    ) -> Option<(u32, Option<LessonMove>)> {
        let only = only.map(|m| (m.from, m.to));
        search::drill_step_pieces(self.position(), student, drill, only)
            .map(|(d, m)| (d, m.map(|(from, to)| LessonMove { from, to, promotion: None })))
    }
    fn respond(&mut self, _student: Color, _defence: Defence) -> Reply {
        // no opponent with a piece set: the child moves again
        Reply::default()
    }
    fn pieces(&self) -> Option<&VariantPosition> {
        Some(self.position())
    }
    fn set_json(&self) -> Option<&str> {
        Some(&self.set.json)
    }
}
