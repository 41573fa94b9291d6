//! The steps of a `show` goal ([`super::goal::show`]), an idea lesson, the same with the pieces
//! of chess and with a piece set: its moves are checked in turn, its steps shown one at a time
//! and followed (Next, or the move on the arrow), never failed. The checker and the player bring
//! only their board: how a step's move is read and played.

use super::attempt::{Arrow, Attempt, Failure, Progress};
use super::data::{Shape, ShowStep, Text};
use crate::board::{Color, PieceKind};
use crate::message::located::Report;
use crate::message::Message;
use serde::Serialize;

/// The step a `show` lesson shows now (`show_step` of the players).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LessonShowStep"))]
pub struct ShowView {
    /// The step, from 0.
    pub step: usize,
    /// How many steps the lesson has.
    pub steps: usize,
    pub text: Text,
    /// The step's own drawings (the lesson's `shapes` stay drawn too).
    pub shapes: Vec<Shape>,
    /// The move the child plays in this step, drawn as an arrow; `None`: the step waits for Next.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub arrow: Option<Arrow>,
}

// ---------------------------------------------------------------- the checker

/// A position the checker plays a `show` goal's moves on: chess, or a piece set.
pub(crate) trait StepBoard: Sized {
    /// The position after a step's move or reply (`text`, played by the side to move), or why it
    /// cannot be played.
    fn after(&self, text: &str) -> Result<Self, Message>;
    /// The same position with the child to move again (a move without a reply, as in a drill);
    /// `None` when that cannot be (in chess: the move gave check).
    fn again(&self, student: Color) -> Option<Self>;
    /// The side to move.
    fn turn(&self) -> Color;
}

/// A `show` goal's moves, played in turn from `start`: each step's move legal (the child's), its
/// reply legal (the opponent's); a step without a move has no reply; a move without a reply
/// gives the child the next move, unless the board says it cannot (then the next move needs the
/// reply first). The first wrong move is reported at its step, and the walk stops there.
pub(crate) fn check_steps<B: StepBoard>(
    report: &mut Report,
    steps: &[ShowStep],
    start: B,
    student: Color,
) {
    let mut pos = start;
    for (k, step) in steps.iter().enumerate() {
        let at = format!("/goal/steps/{k}");
        let Some(text) = &step.mv else {
            if step.reply.is_some() {
                report.error(&format!("{at}/reply"), msg!("check-show-reply-alone"));
                return;
            }
            continue;
        };
        if pos.turn() != student {
            // the previous move gave check and had no reply
            report.error(&format!("/goal/steps/{}/reply", k - 1), msg!("check-show-needs-reply"));
            return;
        }
        pos = match pos.after(text) {
            Ok(p) => p,
            Err(m) => return report.error(&format!("{at}/move"), m),
        };
        pos = match &step.reply {
            Some(r) => match pos.after(r) {
                Ok(p) => p,
                Err(m) => return report.error(&format!("{at}/reply"), m),
            },
            None => pos.again(student).unwrap_or(pos),
        };
    }
}

// ---------------------------------------------------------------- the players

/// The step shown now: `None` when the lesson is done.
pub(crate) fn step<'a>(steps: &'a [ShowStep], a: &Attempt) -> Option<&'a ShowStep> {
    steps.get(a.step)
}

/// The step now as the page shows it; `arrow` is its move as the board reads it.
pub(crate) fn view(steps: &[ShowStep], a: &Attempt, arrow: Option<Arrow>) -> Option<ShowView> {
    let step = steps.get(a.step)?;
    Some(ShowView {
        step: a.step,
        steps: steps.len(),
        text: step.text.clone(),
        shapes: step.shapes.clone(),
        arrow,
    })
}

/// Next: the step is read. Only a step without a move waits for it; whether it did (then the next
/// step is shown, or after the last the lesson is done).
pub(crate) fn next(steps: &[ShowStep], a: &mut Attempt) -> bool {
    let waits = step(steps, a).is_some_and(|s| s.mv.is_none());
    if a.progress != Progress::Playing || !waits {
        return false;
    }
    advance(steps, a);
    true
}

/// The step's move was played (and its reply): it counts, and the next step is shown, or after
/// the last the lesson is done.
pub(crate) fn moved(steps: &[ShowStep], a: &mut Attempt) -> Progress {
    a.moves += 1;
    a.hint_stage = 0;
    advance(steps, a)
}

/// The next step; after the last the lesson is done, with 3 stars (a show lesson has no par).
fn advance(steps: &[ShowStep], a: &mut Attempt) -> Progress {
    a.step += 1;
    if a.step >= steps.len() {
        a.progress = Progress::Done { stars: 3 };
        return a.progress;
    }
    a.progress
}

/// Why a move is refused in a show lesson, kindly and never as a failure: the step waits for
/// Next (`want` none), or another move than the step's `want`, said with the arrow's words (the
/// piece's kind in chess, `None` with a piece set) and drawn.
pub(crate) fn refusal(want: Option<Arrow>, piece: Option<PieceKind>) -> Failure {
    let Some(Arrow { from, to }) = want else {
        return Failure::new("show-next", msg!("lesson-show-next"));
    };
    let message = match piece {
        Some(kind) => msg!("lesson-follow-arrow", piece = kind, from = from, to = to),
        None => msg!("lesson-follow-arrow-at", from = from, to = to),
    };
    Failure { arrows: vec![Arrow { from, to }], ..Failure::new("follow-arrow", message) }
}

/// A chess position with its rules, as a `show` goal's moves are played on it.
pub(crate) struct ChessSteps(pub(crate) crate::board::Position, pub(crate) crate::rules::Rules);

impl StepBoard for ChessSteps {
    fn after(&self, text: &str) -> Result<Self, Message> {
        let m = crate::notation::parse_move(&self.0, text, self.1).map_err(|e| e.0)?;
        Ok(ChessSteps(crate::rules::play_unchecked(&self.0, m), self.1))
    }
    /// Not after a check: the other king would stand in check with the child to move.
    fn again(&self, student: Color) -> Option<Self> {
        let again = crate::board::Position { side: student, en_passant: None, ..self.0 };
        again.validate().is_ok().then_some(ChessSteps(again, self.1))
    }
    fn turn(&self) -> Color {
        self.0.side
    }
}
