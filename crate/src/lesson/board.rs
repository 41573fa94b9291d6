//! The board a lesson is played on, as the one player ([`super::player::Player`]) sees it: the
//! [`LessonBoard`] trait, and its chess form [`ChessBoard`] (a [`Game`] with the lesson's
//! opponent and, in king-and-pawn lessons, the endgame solver). The piece-set form is
//! [`super::variant::PieceBoard`]. Below the goals and the player: it imports no goal.

use super::attempt::{Arrow, BoardStatus, Failure, LessonJudgement, LessonMove, Played};
use super::data::Opponent;
use super::search::{self, Drill};
use crate::board::{Color, PieceKind, Position, Square};
use crate::endgame::{Endgame, EndgameError, Verdict, Wdl};
use crate::message::Message;
use crate::notation::{parse_move, to_fen, MoveInfo};
use crate::rules::{attackers, play_unchecked, Game, Move, Rules};
use std::sync::Arc;

/// How the computer defends, as the goal asks ([`super::goal::GoalType::defence`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defence {
    /// Escape mate if possible, else the longest mate (within this many moves), else capture.
    Longest(u32),
    /// A reply after which no check can be forced within this many moves, capturing first.
    AvoidCheck(u32),
}

/// The computer's answer to the child's move: the reply played, or why the attempt failed with
/// it (the reply took the piece that just moved, and nothing defended it).
#[derive(Default)]
pub struct Reply {
    pub played: Option<Played>,
    pub failure: Option<Failure>,
}

/// A lesson's board: chess, or a piece set. Every move of a lesson goes through it; the goals
/// read it through the same methods.
pub trait LessonBoard {
    /// Back to the lesson's position.
    fn reset(&mut self);
    /// The position now as FEN (with the set's letters with a piece set).
    fn fen(&self) -> String;
    /// The board's state now.
    fn status(&self) -> BoardStatus;
    /// The side to move.
    fn turn(&self) -> Color;
    /// The side of the piece on `sq`, if any.
    fn owner(&self, sq: Square) -> Option<Color>;
    /// How many pieces `side` has, its king not counted.
    fn count(&self, side: Color) -> usize;
    /// Whether no move has been played yet.
    fn at_start(&self) -> bool;
    /// A move the lesson writes (SAN or UCI in chess, two squares with a piece set), if it can
    /// be played now.
    fn parse(&self, text: &str) -> Option<LessonMove>;
    /// Whether the lesson's move `text` is the move `from`→`to` the child tried (`found`: the
    /// move it is, when legal).
    fn names(&self, text: &str, from: Square, to: Square, found: Option<LessonMove>) -> bool;
    /// The child's move from `from` to `to`, or why it cannot be played, with arrows.
    fn find(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
        student: Color,
    ) -> Result<LessonMove, Failure>;
    /// How the move `m` is reported, before it is played.
    fn info(&self, m: LessonMove) -> Played;
    /// Play the (legal) move `m`, reported.
    fn play(&mut self, m: LessonMove) -> Played;
    /// The child moves again (no opponent): the turn goes back to `student`.
    fn again(&mut self, student: Color);
    /// The piece of chess on `sq`, for the words of hints (`None` with a piece set: its words
    /// name the square).
    fn kind_at(&self, sq: Square) -> Option<PieceKind>;
    /// The squares the piece on `from` may go to now (a `targets` quiz).
    fn quiz_targets(&self, from: Square) -> Vec<Square>;
    /// Why the piece on `from` cannot go to `to` (a wrong quiz click).
    fn quiz_why(&self, from: Square, to: Square) -> Failure;
    /// The fewest moves to what is left of a drill and the first move of such a way; with
    /// `only`, the way must begin with that move.
    fn drill_step(
        &self,
        student: Color,
        drill: &Drill,
        only: Option<LessonMove>,
    ) -> Option<(u32, Option<LessonMove>)>;
    /// The computer's answer to the child's move (with no opponent the child moves again).
    fn respond(&mut self, student: Color, defence: Defence) -> Reply;
    /// The chess board, for what only chess has (the position, the solver).
    fn chess(&self) -> Option<&ChessBoard> {
        None
    }
    fn chess_mut(&mut self) -> Option<&mut ChessBoard> {
        None
    }
    /// The position with a piece set, for the questions the set's rules answer.
    #[cfg(any(feature = "variant", not(target_arch = "wasm32")))]
    fn pieces(&self) -> Option<&crate::variant::VariantPosition> {
        None
    }
    /// The piece set's JSON text for the widget (`None` in chess).
    fn set_json(&self) -> Option<&str> {
        None
    }
    /// The endgame solver's judgement of the child's move `m` (before it is played).
    fn judge(&self, _m: LessonMove) -> Option<LessonJudgement> {
        None
    }
    /// After the child's move: whether the judgement ends the attempt (a result thrown away
    /// against the solver), and why.
    fn mistake(&self, _j: &LessonJudgement) -> Option<Failure> {
        None
    }
    /// Whether the lesson can be played now (the solver it plays against has its tables).
    fn ready(&self) -> bool {
        true
    }
    /// Moves the computer would choose for the child now (the solver's best moves), for a hint.
    fn best_moves(&self) -> Option<Vec<LessonMove>> {
        None
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

/// A lesson of chess: the game, the opponent, and the endgame solver when the lesson uses it.
#[derive(Clone, Debug)]
pub struct ChessBoard {
    rules: Rules,
    start: Position,
    game: Game,
    opponent: Opponent,
    replies_played: usize,
    /// The child's last move and the position before it (to say why a piece was lost).
    last: Option<(Position, Move)>,
    /// The lesson is judged by the solver ([`ChessBoard::uses_endgame`]).
    uses_endgame: bool,
    endgame: Option<Solver>,
}

impl ChessBoard {
    /// The board of a lesson starting at `start`; `uses_endgame`: the solver plays or judges.
    pub fn new(
        start: Position,
        rules: Rules,
        opponent: Opponent,
        uses_endgame: bool,
    ) -> Result<ChessBoard, Message> {
        let game = Game::new(start, rules).map_err(|e| e.message())?;
        Ok(ChessBoard {
            rules,
            start,
            game,
            opponent,
            replies_played: 0,
            last: None,
            uses_endgame,
            endgame: None,
        })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }
    pub fn position(&self) -> &Position {
        self.game.position()
    }
    pub fn start(&self) -> &Position {
        &self.start
    }
    pub fn rules(&self) -> Rules {
        self.rules
    }
    /// The chess move of a lesson move in the position now.
    pub fn chess_move(&self, m: LessonMove) -> Option<Move> {
        self.game.find_move(m.from, m.to, m.promotion).ok()
    }

    /// After a mistake against the solver: take the losing move back (see the player's
    /// `take_back`). Whether there was such a move.
    pub fn undo_childs_move(&mut self, student: Color) -> bool {
        let solver = matches!(self.opponent, Opponent::Solver);
        let childs_move_last = self.game.position().side != student;
        solver && childs_move_last && self.game.undo().is_some()
    }

    /// Whether the lesson uses the endgame solver: it is the opponent, or it judges the tries of
    /// a `best_move` lesson in a king-and-pawn position.
    pub fn uses_endgame(&self) -> bool {
        self.uses_endgame
    }

    /// Give the lesson the endgame solver to play with (its tables may be loaded later).
    pub fn set_endgame(&mut self, endgame: Arc<Endgame>) {
        self.endgame = Some(Solver(endgame));
    }

    /// The endgame solver the lesson plays with, if it has one.
    pub fn endgame(&self) -> Option<&Arc<Endgame>> {
        // A WASM package without the `solver` feature (www/pkg-lessons, the first lesson's) plays
        // no lesson with the solver (www/lesson/ loads www/pkg-lessons-full for those): `None`
        // here lets the linker leave the solver's probes and judgements out of it.
        #[cfg(all(target_arch = "wasm32", not(feature = "solver")))]
        return None;
        #[cfg(any(not(target_arch = "wasm32"), feature = "solver"))]
        self.endgame.as_ref().map(|s| &s.0)
    }

    /// The endgame data files the lesson still needs (`kpk.bin`, …): empty when it uses no solver
    /// or has them all.
    pub fn endgame_files(&self) -> Vec<String> {
        if !self.uses_endgame {
            return Vec::new();
        }
        match self.endgame() {
            Some(e) => e.missing_files(&self.start).unwrap_or_default(),
            None => Endgame::files_for(&self.start).unwrap_or_default(),
        }
    }

    /// Whether the lesson cannot be played without the solver: it is the opponent.
    pub fn needs_endgame(&self) -> bool {
        matches!(self.opponent, Opponent::Solver)
    }

    /// Whether the lesson can be played: it needs no solver, or the solver has its tables.
    pub fn endgame_ready(&self) -> bool {
        !self.needs_endgame() || (self.endgame.is_some() && self.endgame_files().is_empty())
    }

    /// Solve what the lesson's later probes need, so that every move is answered at once.
    pub fn prepare_endgame(&self) -> Result<(), EndgameError> {
        match self.endgame() {
            Some(e) if self.uses_endgame => e.prepare(&self.start),
            _ => Ok(()),
        }
    }

    /// The solver's verdict on the position now, from `student`'s side.
    pub fn verdict(&self, student: Color) -> Option<Verdict> {
        if !self.uses_endgame || !self.endgame_files().is_empty() {
            return None;
        }
        let pos = self.game.position();
        let v = self.endgame()?.probe(pos).ok()?;
        Some(if pos.side == student { v } else { v.flip() })
    }

    #[cfg(any(not(target_arch = "wasm32"), feature = "solver"))]
    /// Why a mistake lost the result, with the idea it broke and an arrow for the best reply:
    /// the judgement's refutation read in `after`, the position after the mistake.
    pub fn mistake_failure(&self, j: &LessonJudgement, after: &Position) -> Failure {
        let reply = j.refutation.first().and_then(|u| parse_move(after, u, self.rules).ok());
        let (id, base) = match (j.before.result, j.after.result) {
            (Wdl::Win, Wdl::Draw) => ("lost-win", "lesson-win-to-draw"),
            (Wdl::Win, _) => ("lost-win", "lesson-win-to-loss"),
            _ => ("lost-draw", "lesson-draw-to-loss"),
        };
        let said = reply.and_then(|r| after.piece_at(r.from).map(|pc| (pc, r)));
        let with_reply = match base {
            "lesson-win-to-draw" => "lesson-win-to-draw-reply",
            "lesson-win-to-loss" => "lesson-win-to-loss-reply",
            _ => "lesson-draw-to-loss-reply",
        };
        let message = match said {
            Some((pc, r)) => Message::new(with_reply)
                .with("side", pc.color)
                .with("piece", pc.kind)
                .with("to", r.to),
            None => Message::new(base),
        };
        let arrows = reply.map(|r| Arrow { from: r.from, to: r.to }).into_iter().collect();
        Failure {
            idea: j.idea.map(crate::endgame::Idea::message),
            arrows,
            ..Failure::new(id, message)
        }
    }

    fn play_reply(&mut self, r: Move) -> Played {
        let p = MoveInfo::new(self.game.position(), r, self.rules);
        self.game.play(r).unwrap_or_else(|_| panic!("a legal reply"));
        Played::Chess(p)
    }

    /// The reply that resists longest, as the goal asks.
    fn best_defence(&self, defence: Defence) -> Option<Move> {
        let pos = *self.game.position();
        let moves = self.game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        match defence {
            Defence::AvoidCheck(left) => {
                let mut search = search::CheckSearch::new(self.rules);
                let scored: Vec<((bool, bool), Move)> = moves
                    .iter()
                    .map(|&m| ((!search.check_in(&play_unchecked(&pos, m), left), m.capture), m))
                    .collect();
                scored.into_iter().max_by_key(|(s, _)| *s).map(|(_, m)| m)
            }
            Defence::Longest(left) => {
                let score = |m: &Move| {
                    let after = play_unchecked(&pos, *m);
                    let mated = (1..=left).find(|&k| search::mate_in(&after, k, self.rules));
                    // Not mated at all is best; a later mate beats an earlier one; then captures.
                    (mated.map_or(u32::MAX, |k| k), m.capture as u32)
                };
                moves.iter().copied().max_by_key(score)
            }
        }
    }

    /// The reply took the piece that just moved, and nothing defended it.
    fn lost_piece(&self, student: Color, reply: (Square, Square)) -> Option<Failure> {
        let (before, mv) = self.last?;
        if reply.1 != mv.to || self.game.position().color_bb(student) & mv.to.bit() != 0 {
            return None;
        }
        let kind = before.piece_at(mv.from)?.kind;
        // Was the square defended by another of the child's pieces after the move?
        let after_move = play_unchecked(&before, mv);
        let mut without = after_move;
        without.remove(mv.to);
        let defended = attackers(&without, mv.to, student, without.occupied() | mv.to.bit()) != 0;
        if defended {
            return None;
        }
        let arrows = vec![Arrow { from: reply.0, to: reply.1 }];
        Some(Failure {
            arrows,
            ..Failure::new("piece-lost", msg!("lesson-piece-unprotected", piece = kind))
        })
    }
}

impl LessonBoard for ChessBoard {
    fn reset(&mut self) {
        self.game =
            Game::new(self.start, self.rules).unwrap_or_else(|_| panic!("validated at start"));
        self.replies_played = 0;
        self.last = None;
    }
    fn fen(&self) -> String {
        to_fen(self.game.position())
    }
    fn status(&self) -> BoardStatus {
        BoardStatus::Chess(self.game.status())
    }
    fn turn(&self) -> Color {
        self.game.position().side
    }
    fn owner(&self, sq: Square) -> Option<Color> {
        self.game.position().piece_at(sq).map(|p| p.color)
    }
    fn count(&self, side: Color) -> usize {
        let pos = self.game.position();
        (pos.color_bb(side) & !pos.kind_bb(PieceKind::King)).count_ones() as usize
    }
    fn at_start(&self) -> bool {
        self.game.history().next().is_none()
    }
    fn parse(&self, text: &str) -> Option<LessonMove> {
        parse_move(self.game.position(), text, self.rules).ok().map(LessonMove::from)
    }
    fn names(&self, text: &str, _from: Square, _to: Square, found: Option<LessonMove>) -> bool {
        found.is_some() && self.parse(text) == found
    }
    fn find(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
        _student: Color,
    ) -> Result<LessonMove, Failure> {
        match self.game.find_move(from, to, promotion) {
            Ok(m) => Ok(m.into()),
            Err(_) => Err(illegal(self.game.position(), from, to)),
        }
    }
    fn info(&self, m: LessonMove) -> Played {
        let mv = self.chess_move(m).expect("a legal move");
        Played::Chess(MoveInfo::new(self.game.position(), mv, self.rules))
    }
    fn play(&mut self, m: LessonMove) -> Played {
        let mv = self.chess_move(m).expect("a legal move");
        let before = *self.game.position();
        let info = MoveInfo::new(&before, mv, self.rules);
        self.game.play(mv).unwrap_or_else(|_| panic!("found legal"));
        self.last = Some((before, mv));
        Played::Chess(info)
    }
    fn again(&mut self, student: Color) {
        let p = Position { side: student, en_passant: None, ..*self.game.position() };
        if let Ok(g) = Game::new(p, self.rules) {
            self.game = g;
        }
    }
    fn kind_at(&self, sq: Square) -> Option<PieceKind> {
        self.game.position().piece_at(sq).map(|p| p.kind)
    }
    fn quiz_targets(&self, from: Square) -> Vec<Square> {
        self.game.targets(from).iter().map(|t| t.square).collect()
    }
    fn quiz_why(&self, from: Square, to: Square) -> Failure {
        quiz_why(self.game.position(), from, to)
    }
    fn drill_step(
        &self,
        student: Color,
        drill: &Drill,
        only: Option<LessonMove>,
    ) -> Option<(u32, Option<LessonMove>)> {
        let pos = self.game.position();
        let only = match only {
            Some(m) => Some(self.chess_move(m)?),
            None => None,
        };
        search::drill_step(pos, student, self.rules, drill, only)
            .map(|(d, m)| (d, m.map(LessonMove::from)))
    }
    fn respond(&mut self, student: Color, defence: Defence) -> Reply {
        let solver = matches!(self.opponent, Opponent::Solver);
        // the child's move ended the game (a repetition, the fifty moves): no reply, where a
        // reply would be refused (the solver and the defender do not count repetitions)
        if !matches!(self.opponent, Opponent::None) && self.game.outcome().is_some() {
            return Reply { played: None, failure: None };
        }
        let reply = match self.opponent.clone() {
            Opponent::None => {
                // Drills: the child moves again.
                let p = Position { side: student, en_passant: None, ..*self.game.position() };
                self.game = Game::new(p, self.rules)
                    .unwrap_or_else(|_| panic!("a drill position stays valid"));
                None
            }
            Opponent::Scripted { replies } => {
                let before = *self.game.position();
                let r = replies
                    .get(self.replies_played)
                    .and_then(|t| parse_move(&before, t, self.rules).ok())
                    .or_else(|| self.best_defence(defence));
                self.replies_played += 1;
                r.map(|r| self.play_reply(r))
            }
            Opponent::Solver => {
                match self.endgame().and_then(|e| solver_reply(e, self.game.position()).ok()) {
                    Some(r) => r.map(|r| self.play_reply(r)),
                    None => self.best_defence(defence).map(|r| self.play_reply(r)),
                }
            }
            Opponent::Defender | Opponent::Engine { .. } => {
                self.best_defence(defence).map(|r| self.play_reply(r))
            }
        };
        let failure =
            reply.as_ref().filter(|_| !solver).and_then(|r| self.lost_piece(student, r.squares()));
        Reply { played: reply, failure }
    }
    fn chess(&self) -> Option<&ChessBoard> {
        Some(self)
    }
    fn chess_mut(&mut self) -> Option<&mut ChessBoard> {
        Some(self)
    }
    // the solver only in the packages that have it (www/pkg-lessons plays no such lesson)
    #[cfg(any(not(target_arch = "wasm32"), feature = "solver"))]
    fn judge(&self, m: LessonMove) -> Option<LessonJudgement> {
        if !self.uses_endgame {
            return None;
        }
        let mv = self.chess_move(m)?;
        self.endgame()?.judge(self.game.position(), mv).ok().map(LessonJudgement::of)
    }
    // the solver only in the packages that have it (www/pkg-lessons plays no such lesson)
    #[cfg(any(not(target_arch = "wasm32"), feature = "solver"))]
    fn mistake(&self, j: &LessonJudgement) -> Option<Failure> {
        // Against the solver a move that throws away the result ends the attempt: the
        // judgement's refutation shows why, from the position after the move.
        (matches!(self.opponent, Opponent::Solver) && j.mistake)
            .then(|| self.mistake_failure(j, self.game.position()))
    }
    fn ready(&self) -> bool {
        self.endgame_ready()
    }
    // the solver only in the packages that have it (www/pkg-lessons plays no such lesson)
    #[cfg(any(not(target_arch = "wasm32"), feature = "solver"))]
    fn best_moves(&self) -> Option<Vec<LessonMove>> {
        if !matches!(self.opponent, Opponent::Solver) {
            return None;
        }
        let pos = self.game.position();
        let eg = self.endgame()?;
        let first = eg.best_move(pos).ok()??;
        let mut moves = vec![first];
        moves.extend(eg.best_moves(pos).ok()?.into_iter().filter(|&m| m != first));
        Some(moves.into_iter().map(LessonMove::from).collect())
    }
}

/// Explain why a move the child tried is not legal, from the piece's formula: the words of a
/// quiz's wrong square ([`why_not`]), with arrows from the attackers when the king is the reason.
fn illegal(pos: &Position, from: Square, to: Square) -> Failure {
    why_not(pos, from, to, false)
}

/// Why the piece on `from` cannot go to `to` in a quiz.
fn quiz_why(pos: &Position, from: Square, to: Square) -> Failure {
    why_not(pos, from, to, true)
}

/// Why the piece on `from` cannot go to `to`, from the position: its own piece stands there, its
/// formula does not reach (how the piece moves, in words), a piece blocks its line, a pawn's
/// capture rule, or the king would be left in check (arrows from the attackers). The same words
/// for a quiz's wrong square (`quiz`: failure `wrong-square`) and a move the child tried
/// (`illegal`, or `in-check` when the king is the reason).
fn why_not(pos: &Position, from: Square, to: Square, quiz: bool) -> Failure {
    let id = if quiz { "wrong-square" } else { "illegal" };
    let Some(piece) = pos.piece_at(from) else { return Failure::new(id, msg!("lesson-no-piece")) };
    let kind = piece.kind;
    if to == from {
        return Failure::new(id, msg!("lesson-quiz-stays", piece = kind, square = to));
    }
    let at_to = pos.piece_at(to);
    if let Some(other) = at_to.filter(|o| o.color == piece.color) {
        return Failure::new(id, msg!("lesson-quiz-own", other = other.kind, square = to));
    }
    let diagonal_step = kind == PieceKind::Pawn && to.j() != from.j() && at_to.is_none();
    let Some(e) = crate::movement::explain(kind, piece.color, from, to) else {
        if diagonal_step && (to.i() as i32 - from.i() as i32).abs() == 1 {
            return Failure::new(id, msg!("lesson-quiz-pawn-diagonal", square = to));
        }
        let line = match kind {
            PieceKind::Knight => "lesson-quiz-no-line-knight",
            PieceKind::Bishop => "lesson-quiz-no-line-bishop",
            PieceKind::Rook => "lesson-quiz-no-line-rook",
            PieceKind::Queen => "lesson-quiz-no-line-queen",
            PieceKind::King => "lesson-quiz-no-line-king",
            PieceKind::Pawn => "lesson-quiz-no-line-pawn",
        };
        return Failure::new(id, Message::new(line).with("from", from).with("to", to));
    };
    // A piece on the line before the target.
    if kind != PieceKind::Knight {
        for n in 1..e.n {
            let (i, j) = (
                from.i() as i32 + n as i32 * e.di as i32,
                from.j() as i32 + n as i32 * e.dj as i32,
            );
            let Some(sq) = Square::from_ij(i, j) else { break };
            if let Some(b) = pos.piece_at(sq) {
                let arrows = vec![Arrow { from, to: sq }];
                return Failure {
                    arrows,
                    ..Failure::new(
                        id,
                        msg!("lesson-quiz-blocked", piece = kind, other = b.kind, square = sq),
                    )
                };
            }
        }
    }
    if kind == PieceKind::Pawn && to.j() == from.j() {
        if let Some(b) = at_to {
            return Failure::new(id, msg!("lesson-quiz-pawn-ahead", other = b.kind, square = to));
        }
    }
    if diagonal_step {
        return Failure::new(id, msg!("lesson-quiz-pawn-diagonal", square = to));
    }
    // The formula reaches and nothing blocks: the king would be in check (a king stepping into
    // an attack, or a piece leaving its king open).
    let king = if kind == PieceKind::King { Some(to) } else { pos.king(piece.color) };
    if let Some(k) = king {
        let mut after = *pos;
        after.remove(to);
        after.remove(from);
        after.put(to, piece);
        let att = attackers(&after, k, piece.color.opposite(), after.occupied());
        if att != 0 {
            let arrows = crate::board::squares(att).map(|a| Arrow { from: a, to: k }).collect();
            let message = if quiz {
                msg!("lesson-quiz-king", piece = kind, square = to)
            } else if kind == PieceKind::King {
                msg!("lesson-king-attacked")
            } else if crate::rules::in_check(pos) {
                msg!("lesson-in-check")
            } else {
                msg!("lesson-uncovers-king")
            };
            return Failure { arrows, ..Failure::new(if quiz { id } else { "in-check" }, message) };
        }
    }
    Failure::new(id, msg!("lesson-wrong-square", piece = kind, square = to))
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
