//! The lesson doctor: proves that each goal can be reached. Drills are searched move by move
//! (the stars can be collected within `par`, every star can be reached at all), mates are proved
//! by search, and a `par` that is not the true minimum is reported with the minimum.
//!
//! King-and-pawn lessons are proved with the exact endgame solver ([`crate::endgame`]): a
//! `promote` or `win` goal against the solver must be a win for the child with perfect play, a
//! `draw` goal at least a draw, and a goal perfect play makes impossible is an error naming the
//! verdict. Their `par` is the fewest moves the child needs against the stubborn defender: any
//! reply, so the one that delays longest (found by a search that follows only moves keeping the
//! win). A `best_move` lesson under
//! auto-queen rules in a king-and-pawn position must list exactly the moves that keep the best
//! result, and a `question` with `results` must have the solver's verdict as its answer.
//!
//! `best_move` and `mate` lessons outside the solver's endgames are checked by the engine at full
//! strength with a fixed budget ([`ENGINE_DEPTH`] plies, [`ENGINE_NODES`] nodes, no noise, a fresh
//! table: the same verdict every run). Each move is scored by searching the position after it.
//! An answer must score within [`ANSWER_MARGIN`] centipawns of the best (when the best mates, it
//! must mate as fast). Feedback on an answer is praise; a feedback move that is not an answer must
//! score below every accepted answer (any slower mate counts), or the child is told a good move is
//! wrong; a feedback text that says the opponent takes one of the child's pieces ("takes your
//! rook", "Black will take it") must name a capture some reply can play. The engine also confirms a mate
//! lesson's mate (and proves it when the exact mate search runs out of its budget).

use super::check::{Report, Severity};
use super::{EndResult, Goal, Lesson, Opponent, RulesName};
use crate::board::{Color, PieceKind, Position, Square};
use crate::endgame::{Endgame, EndgameError, Wdl};
use crate::message::Message;
use crate::notation::{parse_move, to_san};
use crate::rules::{legal_moves, play_unchecked, MoveKind, MoveList, Rules};
use rustc_hash::{FxHashMap, FxHashSet};
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
                    report.error(&format!("/goal/squares/{k}"), msg!("doctor-star-unreachable", square = star));
                }
            }
            if report.found.iter().any(|d| d.severity == Severity::Error) {
                return;
            }
            par_verdict(report, lesson, drill(pos, student, rules, &Progress::Stars(stars)), msg!("task-collect-stars"));
        }
        (Goal::CaptureAll, Opponent::None) => {
            par_verdict(report, lesson, drill(pos, student, rules, &Progress::CaptureAll), msg!("task-capture-all"));
        }
        (Goal::Reach { square, piece }, Opponent::None) => {
            let target = Square::parse(square).expect("checked");
            let from = piece.as_deref().and_then(Square::parse);
            par_verdict(report, lesson, drill(pos, student, rules, &Progress::Reach { target, from }), msg!("task-reach", square = target));
        }
        (Goal::Promote, Opponent::None) => {
            par_verdict(report, lesson, drill(pos, student, rules, &Progress::Promote), msg!("task-promote-pawn"));
        }
        (Goal::Mate { moves }, _) => {
            let n = *moves;
            let mut search = MateSearch::new(rules);
            let engine_found = engine_finds_mate(pos, n, rules);
            match (1..=n).find(|&k| search.mate_in(pos, k)) {
                // The exact search ran out of time but the engine found the mate: proved.
                None if search.exhausted() && engine_found => {}
                None if search.exhausted() => report.warning("/goal/in", msg!("doctor-mate-timeout", n = n)),
                None => report.error("/goal/in", msg!("doctor-no-mate", n = n)),
                Some(_) if !engine_found => report.warning("/goal/in", msg!("doctor-engine-no-mate", n = n)),
                Some(k) if k < n => report.warning("/goal/in", msg!("doctor-mate-shorter", k = k, n = n)),
                Some(_) => {}
            }
            if let Some(h) = &lesson.hints {
                if let Ok(m) = crate::notation::parse_move(pos, &h.mv, rules) {
                    let after = play_unchecked(pos, m);
                    if n >= 1 && !mated_within(&after, n - 1, rules) {
                        report.error("/hints/move", msg!("doctor-hint-no-mate", hint = &h.mv, n = n));
                    }
                }
            }
            engine_mate(lesson, n, pos, report);
        }
        (Goal::Check { moves }, Opponent::None) => {
            let king = pos.king(student.opposite()).expect("checked");
            let n = *moves;
            let min = drill(pos, student, rules, &Progress::Check(king));
            check_verdict(report, lesson, n, min.filter(|&k| k <= n), false);
        }
        (Goal::Check { moves }, _) => {
            let n = *moves;
            let mut search = CheckSearch::new(rules);
            let min = (1..=n).find(|&k| search.check_in(pos, k));
            check_verdict(report, lesson, n, min, min.is_none() && search.exhausted());
        }
        (Goal::Promote | Goal::Win | Goal::Draw { .. }, Opponent::Solver) => with_solver(report, |eg, r| solver_goal(lesson, pos, eg, r)),
        (Goal::BestMove { answers }, _) if lesson.rules == RulesName::AutoQueen && Endgame::files_for(pos).is_ok() => {
            with_solver(report, |eg, r| solver_best_move(answers, pos, eg, r))
        }
        (Goal::BestMove { answers }, _) => engine_best_move(lesson, answers, pos, report),
        (Goal::Question { answer, results: Some(results), .. }, _) => {
            with_solver(report, |eg, r| solver_question(*answer, results, lesson, pos, eg, r))
        }
        (goal, opponent) if goal.is_played() && !matches!(opponent, Opponent::None) => {
            report.warning("/goal", msg!("doctor-cannot-prove", goal = goal.name()));
        }
        _ => {}
    }
}

/// The engine's fixed budget for the doctor's proofs: full strength, no clock and no noise, a
/// fresh table for each search, so the same lesson always gets the same verdict.
pub const ENGINE_DEPTH: u32 = 6;
/// The node budget of each of the doctor's engine searches (it keeps `lesson check` fast).
pub const ENGINE_NODES: u64 = 200_000;
/// An accepted answer of a `best_move` lesson may score at most this many centipawns below the
/// best move the engine finds.
pub const ANSWER_MARGIN: i32 = 60;

/// The engine's search of `pos` to `depth` within [`ENGINE_NODES`], or `None` when the game is over.
fn engine_search(pos: &Position, rules: Rules, depth: u32) -> Option<crate::engine::Reply> {
    let game = crate::rules::Game::new(*pos, rules).ok()?;
    let limits = crate::engine::Limits { depth, nodes: ENGINE_NODES, time: None };
    crate::engine::Engine::new().search(&game, &limits).ok()
}

/// The score of move `m` for its mover, centipawns, by the engine's search of the position after
/// it ([`ENGINE_DEPTH`] less one ply): a mate it gives is `MATE - 1`, a stalemate or other end 0.
/// Every move is scored the same way, so scores compare.
fn engine_score(pos: &Position, m: crate::rules::Move, rules: Rules) -> i32 {
    let after = play_unchecked(pos, m);
    match engine_search(&after, rules, ENGINE_DEPTH - 1) {
        Some(r) => -r.score,
        None if crate::rules::in_check(&after) => crate::engine::MATE - 1,
        None => 0,
    }
}

/// Whether `score` is below `top` by more than `margin` centipawns; when `top` is a mate, any
/// slower mate or no mate is below it.
fn below(score: i32, top: i32, margin: i32) -> bool {
    if top >= crate::engine::MATE_BOUND {
        score < top
    } else {
        score < top - margin
    }
}

/// A `best_move` lesson outside the solver's endgames: every answer within [`ANSWER_MARGIN`] of
/// the engine's best, and the feedback moves checked ([`engine_feedback`]).
fn engine_best_move(lesson: &Lesson, answers: &[String], pos: &Position, report: &mut Report) {
    let rules = lesson.rules.rules();
    let Some(root) = engine_search(pos, rules, ENGINE_DEPTH) else { return };
    let (mut best, mut top) = (root.mv, engine_score(pos, root.mv, rules));
    let scored: Vec<(usize, crate::rules::Move, i32)> = answers
        .iter()
        .enumerate()
        .filter_map(|(k, a)| parse_move(pos, a, rules).ok().map(|m| (k, m, engine_score(pos, m, rules))))
        .collect();
    let feedback: Vec<(usize, crate::rules::Move, i32)> = lesson
        .feedback
        .iter()
        .enumerate()
        .filter_map(|(k, f)| parse_move(pos, &f.mv, rules).ok().map(|m| (k, m, engine_score(pos, m, rules))))
        .collect();
    for &(_, m, score) in scored.iter().chain(&feedback) {
        if score > top {
            (best, top) = (m, score);
        }
    }
    let best_san = to_san(pos, best, rules);
    for &(k, _, score) in &scored {
        if below(score, top, ANSWER_MARGIN) {
            let msg = msg!("doctor-engine-answer-worse", answer = &answers[k], score = score, best = &best_san, top = top, margin = ANSWER_MARGIN);
            report.error(&format!("/goal/answers/{k}"), msg);
        }
    }
    // the weakest accepted answer: a feedback move as good as it is no mistake
    let weakest = scored.iter().min_by_key(|&&(_, _, score)| score).map(|&(_, m, score)| (to_san(pos, m, rules), score));
    for &(k, m, score) in &feedback {
        let at = format!("/feedback/{k}/move");
        let mv = &lesson.feedback[k].mv;
        if scored.iter().any(|&(_, a, _)| a == m) {
            // feedback on a right answer is praise (README: "right or wrong"): nothing to prove
            continue;
        }
        match &weakest {
            Some((answer, worst)) if score >= *worst => report.warning(&at, msg!("doctor-feedback-not-worse", played = mv, score = score, answer = answer, top = *worst)),
            _ => engine_feedback_text(lesson, k, m, pos, rules, report),
        }
    }
}

/// Whether the engine at full strength (to `2n + 1` plies) finds a mate in at most `n` moves.
fn engine_finds_mate(pos: &Position, n: u32, rules: Rules) -> bool {
    let found = engine_search(pos, rules, 2 * n + 1).and_then(|r| r.mate_in());
    found.is_some_and(|k| (1..=n as i32).contains(&k))
}

/// A `mate` lesson's feedback: no feedback move mates in `n` (it would be an accepted answer).
fn engine_mate(lesson: &Lesson, n: u32, pos: &Position, report: &mut Report) {
    let rules = lesson.rules.rules();
    for (k, f) in lesson.feedback.iter().enumerate() {
        let Ok(m) = parse_move(pos, &f.mv, rules) else { continue };
        // a feedback move that mates in time is a right answer: its text is praise
        if !(n >= 1 && mated_within(&play_unchecked(pos, m), n - 1, rules)) {
            engine_feedback_text(lesson, k, m, pos, rules, report);
        }
    }
}

/// Words of a feedback text (English) that say a piece is taken.
const TAKE_WORDS: [&str; 6] = ["take", "takes", "taken", "capture", "captures", "captured"];
/// Words that may stand between a subject and its verb ("Black will simply take it").
const AUX_WORDS: [&str; 11] = ["will", "can", "could", "would", "may", "might", "then", "just", "simply", "also", "now"];
/// Subjects that are the opponent ("Black will take it").
const OPPONENT_WORDS: [&str; 4] = ["black", "white", "opponent", "they"];

/// The kinds of the child's pieces a feedback text (English, lower case, in words) says the
/// opponent takes: "… takes your rook", "your rook is taken", and "Black will take it", where "it"
/// is the piece named last before (so "the knight is left unprotected. Black will take it" names
/// the knight). A text about what the child could take ("the knight could take the rook") names
/// none.
fn kinds_said_taken(words: &[&str]) -> Vec<PieceKind> {
    let kind_of = |w: &str| PieceKind::ALL.into_iter().find(|k| w == k.name() || w.strip_suffix('s') == Some(k.name()));
    let mut kinds = Vec::new();
    for (t, w) in words.iter().enumerate() {
        if !TAKE_WORDS.contains(w) {
            continue;
        }
        let next = |k: usize| words.get(t + k).copied().unwrap_or("");
        if next(1) == "your" {
            kinds.extend(kind_of(next(2)));
        } else if matches!(*w, "taken" | "captured") && t >= 3 && words[t - 3] == "your" {
            // "your rook is taken"
            kinds.extend(kind_of(words[t - 2]));
        } else if matches!(next(1), "it" | "them") {
            let mut s = t;
            while s > 0 && AUX_WORDS.contains(&words[s - 1]) {
                s -= 1;
            }
            if s > 0 && OPPONENT_WORDS.contains(&words[s - 1]) {
                kinds.extend(words[..s - 1].iter().rev().find_map(|w| kind_of(w)));
            }
        }
    }
    kinds.retain(|k| *k != PieceKind::King);
    kinds.dedup();
    kinds
}

/// A feedback text that says the opponent takes one of the child's pieces ([`kinds_said_taken`])
/// must name a capture the opponent can play: after the feedback move some reply must take a
/// piece of that kind. Else a warning naming the engine's real answer.
fn engine_feedback_text(lesson: &Lesson, k: usize, m: crate::rules::Move, pos: &Position, rules: Rules, report: &mut Report) {
    let text = lesson.feedback[k].text.en().to_lowercase();
    let words: Vec<&str> = text.split(|c: char| !c.is_alphabetic()).filter(|w| !w.is_empty()).collect();
    let kinds = kinds_said_taken(&words);
    if kinds.is_empty() {
        return;
    }
    let after = play_unchecked(pos, m);
    let child = pos.side;
    let mut replies = MoveList::new();
    legal_moves(&after, rules, &mut replies);
    for kind in kinds {
        if after.pieces(child, kind) == 0 {
            continue;
        }
        let takes = replies.iter().any(|r| r.captured_square(after.side).and_then(|s| after.piece_at(s)).is_some_and(|p| p.kind == kind));
        if !takes {
            let reply = engine_search(&after, rules, ENGINE_DEPTH - 1).map(|r| to_san(&after, r.mv, rules)).unwrap_or_default();
            report.warning(&format!("/feedback/{k}/text"), msg!("doctor-feedback-no-capture", played = &lesson.feedback[k].mv, piece = kind.name(), reply = reply));
        }
    }
}

/// Report a drill's par against the fewest moves found. `task` is the `task-…` word for what the
/// drill asks, with its arguments; they go into the finding.
pub(crate) fn par_verdict(report: &mut Report, lesson: &Lesson, minimum: Option<u32>, task: Message) {
    let with_task = |mut m: Message| {
        m = m.with("task", task.id.trim_start_matches("task-"));
        m.args.extend(task.args.iter().cloned());
        m
    };
    match (minimum, lesson.par) {
        (None, _) => report.error("/goal", with_task(msg!("doctor-never", depth = DEPTH_LIMIT))),
        (Some(min), Some(par)) if par < min => report.error("/par", with_task(msg!("doctor-par-too-small", par = par, min = min))),
        (Some(min), Some(par)) if par > min => report.warning("/par", with_task(msg!("doctor-par-too-big", par = par, min = min))),
        _ => {}
    }
}

/// A `check` goal's verdict: `min`, the fewest moves that give check (within `in`), or none
/// (`timeout`: the search ran out of its budget). A check in fewer moves than `in` makes it no
/// check-in-`in`; a par is checked against `min`.
fn check_verdict(report: &mut Report, lesson: &Lesson, n: u32, min: Option<u32>, timeout: bool) {
    match min {
        None if timeout => report.warning("/goal/in", msg!("doctor-check-timeout", n = n)),
        None => report.error("/goal/in", msg!("doctor-no-check", n = n)),
        Some(k) if k < n => report.warning("/goal/in", msg!("doctor-check-shorter", k = k, n = n)),
        Some(k) => par_verdict(report, lesson, Some(k), msg!("task-give-check")),
    }
}

/// What a drill counts towards.
pub(crate) enum Progress {
    Stars(Vec<Square>),
    CaptureAll,
    Reach { target: Square, from: Option<Square> },
    Promote,
    /// Attack the enemy king, which stands on this square and never moves.
    Check(Square),
}

/// A search for a forced check with a budget of positions: the side to move gives check within
/// `n` of its moves whatever the other side replies.
pub struct CheckSearch {
    rules: Rules,
    left: u64,
}

impl CheckSearch {
    pub fn new(rules: Rules) -> CheckSearch {
        CheckSearch { rules, left: MATE_BUDGET }
    }

    /// Whether the budget ran out (then a `false` answer proves nothing).
    pub fn exhausted(&self) -> bool {
        self.left == 0
    }

    /// Whether the side to move can force a check within `n` of its moves.
    pub fn check_in(&mut self, pos: &Position, n: u32) -> bool {
        if n == 0 || self.left == 0 {
            return false;
        }
        self.left -= 1;
        let mut list = MoveList::new();
        legal_moves(pos, self.rules, &mut list);
        let after: Vec<Position> = list.iter().map(|&m| play_unchecked(pos, m)).collect();
        if after.iter().any(crate::rules::in_check) {
            return true;
        }
        n > 1 && after.iter().any(|p| self.checked_within(p, n - 1))
    }

    /// Whether, whatever the side to move replies, the other side then gives check within `n`
    /// moves. A side with no move (stalemate) ends the game without a check.
    pub fn checked_within(&mut self, pos: &Position, n: u32) -> bool {
        let mut list = MoveList::new();
        legal_moves(pos, self.rules, &mut list);
        !list.is_empty() && list.iter().all(|&r| self.check_in(&play_unchecked(pos, r), n))
    }
}

/// The fewest moves from `start` to a state where `done` holds, `next` giving the moves and the
/// states one move away, or `None` when the search gives up ([`DEPTH_LIMIT`], [`SEARCH_LIMIT`]):
/// a breadth-first search that visits each state (by its `key`) once, remembering the first move
/// of the shortest way found (`None` when `start` is already done). With `only`, the way must
/// begin with that move (is it on a shortest way? compare the two counts). The drills of chess
/// and of lessons with a piece set, and the hints in them, are searched by it.
pub(crate) fn first_step<S, K: std::hash::Hash + Eq, M: Copy + PartialEq>(
    start: S,
    key: impl Fn(&S) -> K,
    done: impl Fn(&S) -> bool,
    next: impl Fn(&S) -> Vec<(M, S)>,
    only: Option<M>,
) -> Option<(u32, Option<M>)> {
    let mut seen: FxHashSet<K> = FxHashSet::default();
    let mut queue = VecDeque::new();
    seen.insert(key(&start));
    queue.push_back((start, 0u32, None::<M>));
    while let Some((state, depth, first)) = queue.pop_front() {
        if done(&state) {
            return Some((depth, first));
        }
        if depth >= DEPTH_LIMIT || seen.len() > SEARCH_LIMIT {
            continue;
        }
        for (m, n) in next(&state) {
            if depth == 0 && only.is_some_and(|o| o != m) {
                continue;
            }
            if seen.insert(key(&n)) {
                queue.push_back((n, depth + 1, first.or(Some(m))));
            }
        }
    }
    None
}

/// The fewest moves the child needs, moving again and again (no opponent), or `None`.
fn drill(start: &Position, student: Color, rules: Rules, goal: &Progress) -> Option<u32> {
    drill_step(start, student, rules, goal, None).map(|(d, _)| d)
}

/// The fewest moves the child needs and the first move of such a way (`None` when the goal is
/// reached already), or `None`; with `only`, the way must begin with that move.
pub(crate) fn drill_step(start: &Position, student: Color, rules: Rules, goal: &Progress, only: Option<crate::rules::Move>) -> Option<(u32, Option<crate::rules::Move>)> {
    let normal = |p: &Position| Position { side: student, en_passant: None, halfmove_clock: 0, fullmove: 1, ..*p };
    // The state: the position and a progress word (stars collected, or the tracked piece's square).
    let first_word = match goal {
        Progress::Reach { from: Some(f), .. } => f.index() as u64,
        _ => 0,
    };
    let done = |&(p, word): &(Position, u64)| match goal {
        Progress::Stars(stars) => word.count_ones() as usize == stars.len(),
        Progress::CaptureAll => p.color_bb(student.opposite()) & !p.kind_bb(PieceKind::King) == 0,
        Progress::Reach { target, from } => match from {
            Some(_) => word == target.index() as u64,
            None => p.color_bb(student) & target.bit() != 0,
        },
        Progress::Promote => word == 1,
        Progress::Check(king) => crate::rules::attackers(&p, *king, student, p.occupied()) != 0,
    };
    let next = |&(pos, word): &(Position, u64)| {
        let mut list = MoveList::new();
        legal_moves(&pos, rules, &mut list);
        list.iter()
            .map(|&m| {
                let next_word = match goal {
                    Progress::Stars(stars) => {
                        word | stars.iter().enumerate().filter(|(_, &s)| s == m.to).fold(0, |w, (k, _)| w | 1 << k)
                    }
                    // A tracked piece that is taken can no longer reach anything.
                    Progress::Reach { from: Some(_), .. } if word == m.from.index() as u64 => m.to.index() as u64,
                    Progress::Promote if m.kind == MoveKind::Promotion => 1,
                    _ => word,
                };
                (m, (normal(&play_unchecked(&pos, m)), next_word))
            })
            .collect()
    };
    first_step((normal(start), first_word), |s| *s, done, next, only)
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

/// The doctor's endgame solver: natively the shipped tables ([`Endgame::native`]), loaded once.
#[cfg(not(target_arch = "wasm32"))]
fn solver() -> Option<&'static Endgame> {
    static SOLVER: std::sync::OnceLock<Endgame> = std::sync::OnceLock::new();
    Some(SOLVER.get_or_init(Endgame::native))
}

/// In the lesson player the doctor does not run (the teacher's checker has run it already).
#[cfg(all(target_arch = "wasm32", not(feature = "studio")))]
fn solver() -> Option<&'static Endgame> {
    None
}

/// In the lesson studio (www/pkg-studio) the doctor has the solver the studio gave it
/// ([`set_solver`], with the data files the lesson needs loaded).
#[cfg(all(target_arch = "wasm32", feature = "studio"))]
fn solver() -> Option<&'static Endgame> {
    BROWSER_SOLVER.with(|s| s.get().copied())
}

#[cfg(all(target_arch = "wasm32", feature = "studio"))]
thread_local! {
    static BROWSER_SOLVER: std::cell::OnceCell<&'static Endgame> = const { std::cell::OnceCell::new() };
}

/// Gives the doctor in the studio its endgame solver (once; later calls change nothing).
#[cfg(all(target_arch = "wasm32", feature = "studio"))]
pub fn set_solver(eg: &'static Endgame) {
    BROWSER_SOLVER.with(|s| {
        let _ = s.set(eg);
    });
}

/// Run an endgame proof, reporting a solver failure at the position.
fn with_solver(report: &mut Report, proof: impl FnOnce(&Endgame, &mut Report) -> Result<(), EndgameError>) {
    let Some(eg) = solver() else {
        report.warning("/goal", msg!("doctor-no-solver"));
        return;
    };
    if let Err(e) = proof(eg, report) {
        report.error("/position", e.message());
    }
}

/// A message with the solver's verdict for `side` in its arguments: `verdict` (`wins`, `draws`,
/// `loses`, the `verdict-…` words), `side` and `distance` (plies to conversion).
fn with_verdict(m: Message, result: Wdl, distance: u32, side: Color) -> Message {
    let verdict = match result {
        Wdl::Win => "wins",
        Wdl::Draw => "draws",
        Wdl::Loss => "loses",
    };
    m.with("verdict", verdict).with("side", side).with("distance", distance)
}

/// The result of each legal move for the mover, by its probe after the move.
fn move_results(eg: &Endgame, pos: &Position) -> Result<Vec<(crate::rules::Move, Wdl)>, EndgameError> {
    let mut list = MoveList::new();
    legal_moves(pos, crate::endgame::RULES, &mut list);
    list.iter().map(|&m| Ok((m, eg.probe(&play_unchecked(pos, m))?.result.flip()))).collect()
}

fn solver_goal(lesson: &Lesson, pos: &Position, eg: &Endgame, report: &mut Report) -> Result<(), EndgameError> {
    let student = lesson.student.color();
    let v = eg.probe(pos)?;
    let goal = &lesson.goal;
    let task = match goal {
        Goal::Promote => "promote",
        Goal::Win => "win",
        _ => "hold-draw",
    };
    match (goal, v.result) {
        (Goal::Promote | Goal::Win, Wdl::Draw) => {
            report.error("/goal", msg!("doctor-holds", side = student, task = task));
            return Ok(());
        }
        (Goal::Promote | Goal::Win, Wdl::Loss) | (Goal::Draw { .. }, Wdl::Loss) => {
            report.error("/goal", with_verdict(msg!("doctor-goal-lost", task = task), v.result, v.distance, student));
            return Ok(());
        }
        (Goal::Draw { .. }, Wdl::Win) => {
            report.warning("/goal", with_verdict(msg!("doctor-draw-wins"), v.result, v.distance, student));
        }
        _ => {}
    }
    if let Goal::Draw { .. } = goal {
        if pos.color_bb(student.opposite()) & !pos.kind_bb(PieceKind::King) == 0 {
            report.error("/goal", msg!("doctor-king-alone", side = student.opposite()));
        }
    }
    if let Some(h) = &lesson.hints {
        if let Ok(m) = parse_move(pos, &h.mv, crate::endgame::RULES) {
            let after = eg.probe(&play_unchecked(pos, m))?.flip();
            if after.result < v.result {
                let m = msg!("doctor-hint-throws", hint = &h.mv, lost = v.result.word());
                report.error("/hints/move", with_verdict(m, after.result, after.distance, student));
            }
        }
    }
    if matches!(goal, Goal::Promote | Goal::Win) {
        let target = if matches!(goal, Goal::Promote) { Aim::Promote } else { Aim::Mate };
        let task = if target == Aim::Promote { "promote" } else { "give-mate" };
        match fewest_moves_to_force(eg, pos, target)? {
            None => report.warning("/par", msg!("doctor-solver-timeout", task = task)),
            Some(min) => match lesson.par {
                Some(par) if par < min => report.error("/par", msg!("doctor-solver-par-too-small", par = par, min = min, task = task)),
                Some(par) if par > min => report.warning("/par", msg!("doctor-solver-par-too-big", par = par, min = min, task = task)),
                _ => {}
            },
        }
    }
    Ok(())
}

fn solver_best_move(answers: &[String], pos: &Position, eg: &Endgame, report: &mut Report) -> Result<(), EndgameError> {
    let results = move_results(eg, pos)?;
    let Some(best) = results.iter().map(|(_, r)| *r).max() else { return Ok(()) };
    let side = pos.side;
    let mut listed = Vec::new();
    for (k, a) in answers.iter().enumerate() {
        let Ok(m) = parse_move(pos, a, crate::endgame::RULES) else { continue };
        listed.push(m);
        let r = results.iter().find(|(x, _)| *x == m).map_or(Wdl::Loss, |(_, r)| *r);
        if r < best {
            let after = eg.probe(&play_unchecked(pos, m))?.flip();
            let m = msg!("doctor-answer-throws", answer = a, lost = best.word());
            report.error(&format!("/goal/answers/{k}"), with_verdict(m, after.result, after.distance, side));
        }
    }
    if best == Wdl::Loss {
        report.warning("/goal/answers", msg!("doctor-every-move-loses", side = side));
        return Ok(());
    }
    let missing: Vec<String> =
        results.iter().filter(|(m, r)| *r == best && !listed.contains(m)).map(|(m, _)| to_san(pos, *m, crate::endgame::RULES)).collect();
    if !missing.is_empty() {
        let candidates = missing.join(", ");
        let m = if best == Wdl::Win {
            msg!("doctor-also-wins", candidates = candidates)
        } else {
            msg!("doctor-also-draws", candidates = candidates)
        };
        report.warning("/goal/answers", m);
    }
    Ok(())
}

fn solver_question(answer: usize, results: &[EndResult], lesson: &Lesson, pos: &Position, eg: &Endgame, report: &mut Report) -> Result<(), EndgameError> {
    let v = eg.probe(pos)?;
    let truth = EndResult::from(v.result);
    let side = lesson.student.color();
    let Some(&claimed) = results.get(answer) else { return Ok(()) };
    if claimed != truth {
        let right: Vec<usize> = (0..results.len()).filter(|&k| results[k] == truth).collect();
        let m = match right.as_slice() {
            [k] => msg!("doctor-answer-wrong-set", right = *k),
            [] => msg!("doctor-answer-wrong-none", truth = truth.word()),
            _ => msg!("doctor-answer-wrong"),
        };
        let m = m.with("answer", answer).with("claimed", claimed.word());
        report.error("/goal/answer", with_verdict(m, v.result, v.distance, side));
        return Ok(());
    }
    for (k, r) in results.iter().enumerate() {
        if k != answer && *r == truth {
            report.error(&format!("/goal/results/{k}"), msg!("doctor-result-too", choice = k, result = r.word()));
        }
    }
    Ok(())
}

/// What a solver lesson's search counts towards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Aim {
    /// Promote a pawn (a mate counts too).
    Promote,
    /// Give mate.
    Mate,
}

/// The most positions the search against the stubborn defender looks at before it gives up.
const SOLVER_SEARCH_LIMIT: usize = 400_000;

/// The fewest moves the side to move (winning) needs to reach `aim` whatever the defender
/// replies: the defender may play any legal move, so it is the one that delays longest among its
/// losing replies, not only the solver's own pick ([`Endgame::best_move`]); the child plays only
/// moves that keep the win. `None` if the search ran out of its budget (or the side to move does
/// not win). Iterative deepening over the number of moves `k`, with a table of what was proved:
/// the solver's distance to conversion (its next promotion, capture or mate) never overestimates
/// the moves still needed, so a position whose distance needs more than `k` moves is cut at once.
pub fn fewest_moves_to_force(eg: &Endgame, start: &Position, aim: Aim) -> Result<Option<u32>, EndgameError> {
    let first = eg.probe(start)?;
    if first.result != Wdl::Win {
        return Ok(None);
    }
    let mut search = Forcing { eg, aim, known: FxHashMap::default(), visited: 0 };
    let start = Forcing::norm(start);
    for k in first.distance.div_ceil(2).max(1)..=DEPTH_LIMIT {
        match search.wins_within(&start, k)? {
            Some(true) => return Ok(Some(k)),
            Some(false) => {}
            None => return Ok(None),
        }
    }
    Ok(None)
}

/// The search of [`fewest_moves_to_force`].
struct Forcing<'a> {
    eg: &'a Endgame,
    aim: Aim,
    /// Per position (the winner to move): the fewest moves proved enough, and the most proved
    /// not enough.
    known: FxHashMap<Position, (u32, u32)>,
    visited: usize,
}

impl Forcing<'_> {
    fn norm(p: &Position) -> Position {
        Position { halfmove_clock: 0, fullmove: 1, ..*p }
    }

    /// Whether the winner to move reaches the aim within `k` moves against every reply; `None`
    /// when the budget ran out.
    fn wins_within(&mut self, pos: &Position, k: u32) -> Result<Option<bool>, EndgameError> {
        let (enough, short) = self.known.get(pos).copied().unwrap_or((u32::MAX, 0));
        if k >= enough {
            return Ok(Some(true));
        }
        if k <= short || k == 0 {
            return Ok(Some(false));
        }
        let v = self.eg.probe(pos)?;
        if v.result != Wdl::Win || v.distance.div_ceil(2) > k {
            return Ok(Some(false));
        }
        self.visited += 1;
        if self.visited > SOLVER_SEARCH_LIMIT {
            return Ok(None);
        }
        let mut list = MoveList::new();
        legal_moves(pos, crate::endgame::RULES, &mut list);
        let mut won = false;
        'moves: for &m in &list {
            let after = play_unchecked(pos, m);
            let v = self.eg.probe(&after)?;
            if v.result != Wdl::Loss {
                continue; // the move does not keep the win
            }
            if v.distance == 0 || (self.aim == Aim::Promote && m.kind == MoveKind::Promotion) {
                won = true;
                break;
            }
            if k == 1 {
                continue;
            }
            let mut replies = MoveList::new();
            legal_moves(&after, crate::endgame::RULES, &mut replies);
            for &r in &replies {
                match self.wins_within(&Self::norm(&play_unchecked(&after, r)), k - 1)? {
                    Some(true) => {}
                    Some(false) => continue 'moves,
                    None => return Ok(None),
                }
            }
            won = true;
            break;
        }
        let entry = self.known.entry(*pos).or_insert((u32::MAX, 0));
        if won {
            entry.0 = entry.0.min(k);
        } else {
            entry.1 = entry.1.max(k);
        }
        Ok(Some(won))
    }
}
