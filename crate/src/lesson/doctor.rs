//! The lesson doctor: proves that each goal can be reached. Drills are searched move by move
//! (the stars can be collected within `par`, every star can be reached at all), mates are proved
//! by search, and a `par` that is not the true minimum is reported with the minimum.

use super::check::{Report, Severity};
use super::{Goal, Lesson, Opponent};
use crate::board::{Color, PieceKind, Position, Square};
use crate::rules::{legal_moves, play_unchecked, MoveKind, MoveList, Rules};
use rustc_hash::FxHashSet;
use std::collections::VecDeque;

/// The most positions a drill search looks at before it gives up.
const SEARCH_LIMIT: usize = 100_000;
/// The most moves a drill search looks ahead.
const DEPTH_LIMIT: u32 = 24;

/// Run the doctor on a lesson whose fields already passed the checker.
pub(crate) fn examine(lesson: &Lesson, pos: &Position, report: &mut Report) {
    let rules = lesson.rules.rules();
    let student = lesson.student.color();
    match (&lesson.goal, &lesson.opponent) {
        (Goal::Stars { squares }, Opponent::None) => {
            let stars: Vec<Square> = squares.iter().filter_map(|s| Square::parse(s)).collect();
            for (k, &star) in stars.iter().enumerate() {
                if drill(pos, student, rules, &Progress::Stars(vec![star])).is_none() {
                    report.error(&format!("/goal/squares/{k}"), format!("no piece can ever reach the star on {star}"));
                }
            }
            if report.found.iter().any(|d| d.severity == Severity::Error) {
                return;
            }
            par_verdict(report, lesson, drill(pos, student, rules, &Progress::Stars(stars)), "collect every star");
        }
        (Goal::CaptureAll, Opponent::None) => {
            par_verdict(report, lesson, drill(pos, student, rules, &Progress::CaptureAll), "capture every piece");
        }
        (Goal::Reach { square, piece }, Opponent::None) => {
            let target = Square::parse(square).expect("checked");
            let from = piece.as_deref().and_then(Square::parse);
            par_verdict(report, lesson, drill(pos, student, rules, &Progress::Reach { target, from }), &format!("reach {target}"));
        }
        (Goal::Promote, Opponent::None) => {
            par_verdict(report, lesson, drill(pos, student, rules, &Progress::Promote), "promote a pawn");
        }
        (Goal::Mate { moves }, _) => {
            let n = *moves;
            let mut search = MateSearch::new(rules);
            match (1..=n).find(|&k| search.mate_in(pos, k)) {
                None if search.exhausted() => report.warning("/goal/in", format!("the doctor could not prove the mate in {n} in time")),
                None => report.error("/goal/in", format!("there is no forced mate in {n} here")),
                Some(k) if k < n => report.warning("/goal/in", format!("there is a mate in {k} already; the lesson says mate in {n}")),
                Some(_) => {}
            }
            if let Some(h) = &lesson.hints {
                if let Ok(m) = crate::notation::parse_move(pos, &h.mv, rules) {
                    let after = play_unchecked(pos, m);
                    if n >= 1 && !mated_within(&after, n - 1, rules) {
                        report.error("/hints/move", format!("the hinted move {} does not lead to mate in {n}", h.mv));
                    }
                }
            }
        }
        (goal, opponent) if goal.is_played() && !matches!(opponent, Opponent::None) => {
            report.warning(
                "/goal",
                format!("the doctor cannot yet prove a '{}' goal against this opponent; play it through to check", goal.name()),
            );
        }
        _ => {}
    }
}

fn par_verdict(report: &mut Report, lesson: &Lesson, minimum: Option<u32>, what: &str) {
    match (minimum, lesson.par) {
        (None, _) => report.error("/goal", format!("the child can never {what} here (searched {DEPTH_LIMIT} moves ahead)")),
        (Some(min), Some(par)) if par < min => {
            report.error("/par", format!("par is {par} but it takes at least {min} moves to {what}; set par to {min}"))
        }
        (Some(min), Some(par)) if par > min => {
            report.warning("/par", format!("par is {par} but {min} moves are enough to {what}"))
        }
        _ => {}
    }
}

/// What a drill counts towards.
enum Progress {
    Stars(Vec<Square>),
    CaptureAll,
    Reach { target: Square, from: Option<Square> },
    Promote,
}

/// The fewest moves the child needs, moving again and again (no opponent), or `None`.
fn drill(start: &Position, student: Color, rules: Rules, goal: &Progress) -> Option<u32> {
    let normal = |p: &Position| Position { side: student, en_passant: None, halfmove_clock: 0, fullmove: 1, ..*p };
    // The state: the position and a progress word (stars collected, or the tracked piece's square).
    let first_word = match goal {
        Progress::Reach { from: Some(f), .. } => f.index() as u64,
        _ => 0,
    };
    let done = |p: &Position, word: u64| match goal {
        Progress::Stars(stars) => word.count_ones() as usize == stars.len(),
        Progress::CaptureAll => p.color_bb(student.opposite()) & !p.kind_bb(PieceKind::King) == 0,
        Progress::Reach { target, from } => match from {
            Some(_) => word == target.index() as u64,
            None => p.color_bb(student) & target.bit() != 0,
        },
        Progress::Promote => word == 1,
    };
    let start = normal(start);
    let mut seen: FxHashSet<(Position, u64)> = FxHashSet::default();
    let mut queue = VecDeque::new();
    seen.insert((start, first_word));
    queue.push_back((start, first_word, 0u32));
    while let Some((pos, word, depth)) = queue.pop_front() {
        if done(&pos, word) {
            return Some(depth);
        }
        if depth >= DEPTH_LIMIT || seen.len() > SEARCH_LIMIT {
            continue;
        }
        let mut list = MoveList::new();
        legal_moves(&pos, rules, &mut list);
        for m in list {
            let next = normal(&play_unchecked(&pos, m));
            let next_word = match goal {
                Progress::Stars(stars) => {
                    word | stars.iter().enumerate().filter(|(_, &s)| s == m.to).fold(0, |w, (k, _)| w | 1 << k)
                }
                Progress::Reach { from: Some(_), .. } if word == m.from.index() as u64 => m.to.index() as u64,
                Progress::Promote if m.kind == MoveKind::Promotion => 1,
                _ => word,
            };
            // A tracked piece that is taken can no longer reach anything.
            if seen.insert((next, next_word)) {
                queue.push_back((next, next_word, depth + 1));
            }
        }
    }
    None
}

/// How many positions a mate proof may look at before the doctor gives up on it.
const MATE_BUDGET: u64 = 3_000_000;

/// A mate search with a budget of positions.
pub struct MateSearch {
    rules: Rules,
    left: u64,
}

impl MateSearch {
    pub fn new(rules: Rules) -> MateSearch {
        MateSearch { rules, left: MATE_BUDGET }
    }

    /// Whether the budget ran out (then a `false` answer proves nothing).
    pub fn exhausted(&self) -> bool {
        self.left == 0
    }

    /// Whether the side to move can force mate in at most `n` of its moves.
    pub fn mate_in(&mut self, pos: &Position, n: u32) -> bool {
        if n == 0 || self.left == 0 {
            return false;
        }
        self.left -= 1;
        let mut list = MoveList::new();
        legal_moves(pos, self.rules, &mut list);
        // Checks first: most mates are.
        let mut ordered: Vec<(bool, Position)> =
            list.iter().map(|&m| play_unchecked(pos, m)).map(|p| (!crate::rules::in_check(&p), p)).collect();
        ordered.sort_by_key(|(quiet, _)| *quiet);
        // In the last move only a check can mate.
        ordered.into_iter().filter(|(quiet, _)| n > 1 || !quiet).any(|(_, p)| self.mated_within(&p, n - 1))
    }

    /// Whether the side to move is mated now or, whatever it plays, within `n` more moves of the other side.
    pub fn mated_within(&mut self, pos: &Position, n: u32) -> bool {
        let mut list = MoveList::new();
        legal_moves(pos, self.rules, &mut list);
        if list.is_empty() {
            return crate::rules::in_check(pos);
        }
        n > 0 && list.iter().all(|&r| self.mate_in(&play_unchecked(pos, r), n))
    }
}

/// Whether the side to move can force mate in at most `n` of its moves (within the budget).
pub fn mate_in(pos: &Position, n: u32, rules: Rules) -> bool {
    MateSearch::new(rules).mate_in(pos, n)
}

/// Whether the side to move is mated now or within `n` more moves of the other side (within the budget).
pub fn mated_within(pos: &Position, n: u32, rules: Rules) -> bool {
    MateSearch::new(rules).mated_within(pos, n)
}
