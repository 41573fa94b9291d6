//! The class server's judge: an attempt a client reports (the moves played with the replies, the
//! answers chosen, the hints asked) is replayed with the one lesson [`Player`], and the stars are
//! the player's, never the client's. Native only: no WASM package contains it (the browser plays
//! the lesson itself; the server checks what it was told).
//!
//! The rules of a report:
//! - `moves` are UCI (`e2e4`, `e7e8q`): the child's moves and, after each, the reply the player
//!   made, in order. A reply that is not the one the player makes here is a forgery: not solved.
//!   In a `targets` quiz the entries are the squares clicked (`e4`). Against the solver, the entry
//!   `takeback` takes the losing move back, as the app's button does (a star less).
//! - `answers` are the indexes of the choices of a question, in order (a wrong one first is a
//!   mistake, as in the app).
//! - An illegal move, a move after the lesson is over, a reply missing or a goal not reached:
//!   `{solved: false, stars: 0}`.
//! - Hints: [`judge_report_hinted`] asks the player for each hint where the child asked it
//!   (`hints_at`: after so many entries of `moves`), so that a hint that showed the move counts
//!   as a mistake, as in the app (the stars are the ones the child saw). [`judge_report`] judges
//!   without them.
//! - [`judge_report`] says besides, for each entry of `moves`, whose it was and whether the player
//!   took the child's move as a mistake ([`Verdict`]): the teacher's replay marks them.
//! - A lesson played with the endgame solver is judged only when its tables are given
//!   ([`Tools::endgame`]); without them it is not solved.

use super::attempt::{Outcome, Played, Progress};
use super::data::Text;
use super::file::Lesson;
use super::goal::GoalType;
use super::player::Player;
use crate::board::{PieceKind, Square};
use crate::endgame::Endgame;
use crate::message::Message;
use std::sync::Arc;

/// What the judge found: the stars (0 when not solved) and whether the goal was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Judgement {
    pub stars: u8,
    pub solved: bool,
}

impl Judgement {
    /// Not solved, no stars.
    pub const FAILED: Judgement = Judgement { stars: 0, solved: false };
}

/// What a lesson may need beyond its own file: the endgame solver's tables, and the text of the
/// piece set file a lesson names (`pieces/<id>.json`).
pub struct Tools<'a> {
    pub endgame: Option<Arc<Endgame>>,
    pub load: &'a dyn Fn(&str) -> Option<String>,
}

impl Default for Tools<'_> {
    fn default() -> Self {
        Tools { endgame: None, load: &|_| None }
    }
}

/// What the player made of one entry of an attempt's `moves`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The child's move (or click), taken as right.
    Good,
    /// The child's move (or click) the player took as a mistake: a wrong square of a quiz, a
    /// move that is not the one asked, a move that throws a result away against the solver.
    Mistake,
    /// The player's reply.
    Reply,
    /// The child took back the losing move (against the solver).
    Takeback,
    /// The entry the player refused (illegal, not its reply, after the end): the judging stopped.
    Refused,
    /// An entry after a refused one: never looked at.
    Unplayed,
}

/// One entry of `moves` as the child saw it: the move in short notation (the page says it with
/// its language's letters) and the words the lesson said after it (the teacher's replay shows
/// them beside a mistake).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Note {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub san: Option<String>,
    /// The lesson's own words for the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feedback: Option<Text>,
    /// Why the try failed, or what was wrong with the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<Message>,
}

/// The judgement and the verdict of each entry of `moves` (as many as there are entries).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Report {
    pub judgement: Judgement,
    pub verdicts: Vec<Verdict>,
    /// The lesson ended the try without the goal (it said "try again"): `Progress::Failed`.
    pub failed: bool,
    /// Each entry of `moves` as the child saw it (as many as there are entries).
    pub notes: Vec<Note>,
}

/// Judge an attempt at a lesson without the solver's tables or a piece set file.
pub fn judge(lesson: Lesson, moves: &[&str], answers: &[usize]) -> Judgement {
    judge_with(lesson, moves, answers, &Tools::default())
}

/// Judge an attempt at a lesson (checked already) with what it may need.
pub fn judge_with(lesson: Lesson, moves: &[&str], answers: &[usize], tools: &Tools) -> Judgement {
    judge_report(lesson, moves, answers, tools).judgement
}

/// Judge an attempt at a lesson (checked already), with the verdict of each entry of `moves`.
pub fn judge_report(lesson: Lesson, moves: &[&str], answers: &[usize], tools: &Tools) -> Report {
    judge_report_hinted(lesson, moves, answers, &[], tools)
}

/// Judge an attempt with the hints the child asked: `hints_at` holds, for each press of Hint in
/// order, how many entries of `moves` were played before it (0: before the first), as the app
/// reports them. Each is asked of the player there: a hint that showed the move costs what it
/// costs in the app.
pub fn judge_report_hinted(
    lesson: Lesson,
    moves: &[&str],
    answers: &[usize],
    hints_at: &[u32],
    tools: &Tools,
) -> Report {
    let mut verdicts = Vec::with_capacity(moves.len());
    let mut notes = Vec::with_capacity(moves.len());
    let Some(mut p) = player(lesson, tools) else {
        return Report {
            judgement: Judgement::FAILED,
            verdicts: vec![Verdict::Unplayed; moves.len()],
            failed: false,
            notes: vec![Note::default(); moves.len()],
        };
    };
    let replayed = replay(&mut p, moves, answers, hints_at, &mut verdicts, &mut notes);
    // whatever was not looked at
    if verdicts.len() < moves.len() {
        verdicts.push(Verdict::Refused);
    }
    verdicts.resize(moves.len(), Verdict::Unplayed);
    notes.resize(moves.len(), Note::default());
    let failed = replayed && p.progress() == Progress::Failed;
    let judgement = match p.progress() {
        Progress::Done { stars } if replayed => Judgement { stars, solved: true },
        _ => Judgement::FAILED,
    };
    Report { judgement, verdicts, failed, notes }
}

/// What the child saw after a move or a click: its notation and the lesson's words.
fn note(played: Option<&Played>, out: &Outcome) -> Note {
    Note {
        san: played.map(|m| m.san().to_string()),
        feedback: out.feedback.clone(),
        failure: out.failure.as_ref().map(|f| f.message.clone()),
    }
}

/// The lesson's player, with its piece set or the solver's tables; `None` when it cannot be
/// played here.
fn player(lesson: Lesson, tools: &Tools) -> Option<Player> {
    let mut p = if lesson.pieces.is_some() {
        let set = super::variant::resolve_set(&lesson, tools.load)?.ok()?;
        Player::with_set(lesson, set).ok()?
    } else {
        Player::new(lesson).ok()?
    };
    if p.uses_endgame() {
        p.set_endgame(tools.endgame.clone()?);
        if !p.endgame_ready() {
            return None;
        }
        p.prepare_endgame().ok()?;
    }
    Some(p)
}

/// The entry of `moves` that takes back the losing move against the solver
/// ([`Player::take_back`]).
pub const TAKE_BACK: &str = "takeback";

/// A UCI move: its squares and the piece a pawn becomes.
fn parse_uci(text: &str) -> Option<(Square, Square, Option<PieceKind>)> {
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return None;
    }
    let from = Square::parse(&text[0..2])?;
    let to = Square::parse(&text[2..4])?;
    let promotion = match text[4..].chars().next() {
        Some(c) => Some(PieceKind::from_letter(c)?),
        None => None,
    };
    Some((from, to, promotion))
}

fn uci_of(played: &Played) -> &str {
    match played {
        Played::Chess(m) => &m.uci,
        Played::Pieces(m) => &m.uci,
    }
}

/// A `show` lesson: read the steps that wait only for Next.
fn read_steps(p: &mut Player) {
    let steps = p.lesson().goal.steps().map_or(0, <[_]>::len);
    for _ in 0..=steps {
        if p.progress() != Progress::Playing || !p.next_step().accepted {
            break;
        }
    }
}

/// Whether the player took the child's move as a mistake: a try that was not the one asked, a
/// move that throws a result away against the solver, a move that ended the attempt.
fn is_mistake(out: &Outcome) -> bool {
    out.correct == Some(false)
        || out.judgement.as_ref().is_some_and(|j| j.mistake)
        || out.failure.is_some()
}

/// Replay the moves (with their replies) and the answers; `false` at the first thing the player
/// refuses or that does not match. `verdicts` gets one entry for each entry of `moves` the player
/// took (the refused one and those after it are left to the caller).
fn replay(
    p: &mut Player,
    moves: &[&str],
    answers: &[usize],
    hints_at: &[u32],
    verdicts: &mut Vec<Verdict>,
    notes: &mut Vec<Note>,
) -> bool {
    let show = p.lesson().goal.steps().is_some();
    // the hints asked with `played` entries before them
    let mut hints = hints_at.iter().copied().peekable();
    let mut ask = |p: &mut Player, played: usize| {
        while let Some(at) = hints.next_if(|&at| at as usize <= played) {
            if at as usize == played {
                p.hint();
            }
        }
    };
    let mut k = 0;
    while k < moves.len() {
        if show {
            read_steps(p);
        }
        ask(p, k);
        let text = moves[k];
        k += 1;
        if text == TAKE_BACK {
            // against the solver: the losing move taken back (a star less)
            if !p.take_back() {
                return false;
            }
            verdicts.push(Verdict::Takeback);
            notes.push(Note::default());
            continue;
        }
        if p.progress() != Progress::Playing {
            return false;
        }
        if text.len() == 2 {
            // a quiz's click
            let Some(square) = Square::parse(text) else {
                return false;
            };
            let out = p.click(square);
            if !out.accepted {
                return false;
            }
            verdicts.push(if out.correct == Some(false) {
                Verdict::Mistake
            } else {
                Verdict::Good
            });
            notes.push(note(None, &out));
            continue;
        }
        let Some((from, to, promotion)) = parse_uci(text) else {
            return false;
        };
        let out = p.play(from, to, promotion);
        if !out.accepted {
            return false;
        }
        verdicts.push(if is_mistake(&out) { Verdict::Mistake } else { Verdict::Good });
        notes.push(note(out.played.as_ref(), &out));
        if let Some(reply) = &out.reply {
            if moves.get(k) != Some(&uci_of(reply)) {
                return false;
            }
            verdicts.push(Verdict::Reply);
            notes.push(Note { san: Some(reply.san().to_string()), ..Note::default() });
            k += 1;
        }
    }
    ask(p, moves.len());
    for &choice in answers {
        if p.progress() != Progress::Playing || !p.answer(choice).accepted {
            return false;
        }
    }
    if show {
        read_steps(p);
    }
    true
}
