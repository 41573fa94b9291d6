//! The lesson doctor's proofs, which the goals ([`super::goal`]) call: each goal proves itself
//! (its `examine`), with these. The doctor proves that each goal can be reached. Drills are searched move by move
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
//! A `best_move` lesson's legal moves are sorted into groups in a teacher's terms
//! ([`sort_moves`], [`MoveGroup`]): mates (in how many), wins a piece (which), keeps the balance,
//! gives something away. An answer from a worse group than the best move's is an error saying
//! what it gives away in pawns (among balance-keeping moves: more than [`ANSWER_MARGIN`]
//! centipawns below the best); a move of a listed answer's group (a mate, a piece won) that is
//! not listed is an error naming it; `accept` names the group the answers must be, all of it.
//! Feedback on an answer is praise; a feedback move that is not an answer must
//! score below every accepted answer (any slower mate counts), or the child is told a good move is
//! wrong; a feedback text that says the opponent takes one of the child's pieces ("takes your
//! rook", "Black will take it") must name a capture some reply can play. A feedback's `result`
//! is proved ([`claimed_results`]): by the solver where it knows the position after the move,
//! else by the engine. The engine also confirms a mate
//! lesson's mate (and proves it when the exact mate search runs out of its budget).

#![cfg_attr(not(doctor), allow(dead_code, unused_imports))]

use super::data::{AcceptGroup, EndResult, Setting};
use super::search::{fewest_moves_to_force, mated_within, Aim, DEPTH_LIMIT};
use crate::board::{Color, PieceKind, Position};
use crate::endgame::{Endgame, EndgameError, Wdl};
use crate::message::located::Report;
use crate::message::Message;
use crate::notation::{parse_move, to_san};
use crate::rules::{legal_moves, play_unchecked, MoveList, Rules};

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
    crate::engine::Engine::with_fresh(|e| e.search(&game, &limits)).ok()
}

/// The engine's search of `pos` to `depth` within `nodes`, with the endgame solver's tables
/// where the doctor has them (a king-and-pawn ending the line reaches is then known exactly).
fn engine_search_with(
    pos: &Position,
    rules: Rules,
    depth: u32,
    nodes: u64,
) -> Option<crate::engine::Reply> {
    engine_search_by_depth(pos, rules, depth, nodes).map(|(r, _)| r)
}

/// [`engine_search_with`], and the reply each shallower depth would have given on its own
/// ([`crate::engine::Engine::search_by_depth`]: the same searches, not searched again).
fn engine_search_by_depth(
    pos: &Position,
    rules: Rules,
    depth: u32,
    nodes: u64,
) -> Option<(crate::engine::Reply, Vec<crate::engine::Reply>)> {
    let game = crate::rules::Game::new(*pos, rules).ok()?;
    let limits = crate::engine::Limits { depth, nodes, time: None };
    crate::engine::Engine::with_fresh(|engine| {
        engine.set_endgame(engine_tables());
        engine.search_by_depth(&game, &limits)
    })
    .ok()
}

/// The score of move `m` for its mover, centipawns, by the engine's search of the position after
/// it to `depth` plies within `nodes`, with that search's reply (a mate it gives is `MATE - 1`, a
/// stalemate or other end 0; every move is scored the same way, so scores compare), and whether that depth was
/// searched to its end (a mate found, the tables' answer and a game over count as complete; a
/// search the node budget cut short does not).
fn engine_score_at(
    pos: &Position,
    m: crate::rules::Move,
    rules: Rules,
    depth: u32,
    nodes: u64,
) -> (i32, Option<crate::engine::Reply>, bool) {
    let after = play_unchecked(pos, m);
    let reply = engine_search_with(&after, rules, depth, nodes);
    scored(&after, reply, depth)
}

/// [`engine_score_at`], and the same for each shallower depth the search completed (the
/// searches to those depths answer so, bit for bit: [`engine_search_by_depth`]).
#[allow(clippy::type_complexity)]
fn engine_scores_by_depth(
    pos: &Position,
    m: crate::rules::Move,
    rules: Rules,
    depth: u32,
    nodes: u64,
) -> ((i32, Option<crate::engine::Reply>, bool), Vec<crate::engine::Reply>) {
    let after = play_unchecked(pos, m);
    match engine_search_by_depth(&after, rules, depth, nodes) {
        Some((reply, shallower)) => (scored(&after, Some(reply), depth), shallower),
        None => (scored(&after, None, depth), Vec::new()),
    }
}

/// A move's score for its mover from the engine's reply after it (see [`engine_score_at`]).
fn scored(
    after: &Position,
    reply: Option<crate::engine::Reply>,
    depth: u32,
) -> (i32, Option<crate::engine::Reply>, bool) {
    // a mate counts its plies from `pos`: one more than the search after the move counted
    let score = match &reply {
        Some(r) if -r.score >= crate::engine::MATE_BOUND => -r.score - 1,
        Some(r) if -r.score <= -crate::engine::MATE_BOUND => -r.score + 1,
        Some(r) => -r.score,
        None if crate::rules::in_check(after) => crate::engine::MATE - 1,
        None => 0,
    };
    let complete = match &reply {
        None => true,
        Some(r) => {
            r.depth >= depth
                || r.from_tables
                || r.score.abs() >= crate::engine::MATE_BOUND
                || r.score.abs() >= crate::engine::TB_BOUND
        }
    };
    (score, reply, complete)
}

/// The doctor's iterative deepening (issue 38): a claim about a move is proved when the two
/// deepest depths the node budget allows agree. The deepest search for a move's group
/// ([`sort_moves`], within [`ENGINE_NODES`] a search).
pub const SORT_DEPTH_LIMIT: u32 = 12;
/// The deepest search for a feedback's `result` ([`claimed_results`]), and the least depth that
/// proves one.
pub const CLAIM_DEPTH_LIMIT: u32 = 24;
pub const CLAIM_DEPTH_FIRST: u32 = ENGINE_DEPTH - 1;
/// The node budget of each search of a feedback's `result`.
pub const CLAIM_NODES: u64 = 2_000_000;

/// `m` scored by iterative deepening within a node budget: the engine searches the position
/// after it as deep as `nodes` allow (at most `limit` plies, at least `first`), and the verdict
/// `class` gives (a group, a result) is proved when the depth before the last says the same:
/// two successive depths agree. Returns the deepest score and reply, its class, and whether it
/// is proved. Deterministic: a fresh engine for each search.
fn deepened<T: PartialEq>(
    pos: &Position,
    m: crate::rules::Move,
    rules: Rules,
    (first, limit, nodes): (u32, u32, u64),
    class: impl Fn(i32, Option<&crate::engine::Reply>) -> T,
) -> (i32, Option<crate::engine::Reply>, T, bool) {
    let ((score, reply, _), shallower) = engine_scores_by_depth(pos, m, rules, limit, nodes);
    let c = class(score, reply.as_ref());
    // a game over, a mate seen or the tables' answer is final: deeper searches say the same
    let depth = match &reply {
        None => return (score, reply, c, true),
        Some(r)
            if r.from_tables
                || r.score.abs() >= crate::engine::MATE_BOUND
                || r.score.abs() >= crate::engine::TB_BOUND =>
        {
            return (score, reply, c, true)
        }
        Some(r) => r.depth,
    };
    if depth < first.max(2) {
        return (score, reply, c, false);
    }
    // the search to the depth before: the deep search's own iteration there (the same answer
    // as a fresh search to that depth), searched anew only if it is missing
    let (s0, r0, _) = match shallower.into_iter().find(|r| r.depth == depth - 1) {
        Some(r) => scored(&play_unchecked(pos, m), Some(r), depth - 1),
        None => engine_score_at(pos, m, rules, depth - 1, nodes),
    };
    let proved = class(s0, r0.as_ref()) == c;
    (score, reply, c, proved)
}

/// The endgame tables the doctor's engine reads: natively the solver's ([`solver`]); none in
/// the browser's studio (its searches stop at their depth there), and none for a practice
/// exercise ([`Quick`]) anywhere: an exercise is made in the browser without them and regenerated
/// by the class server natively, so both must search the same tree to make the same exercise.
#[cfg(not(target_arch = "wasm32"))]
fn engine_tables() -> Option<std::sync::Arc<Endgame>> {
    if QUICK.with(|q| q.get()) {
        return None;
    }
    Some(SOLVER.get_or_init(|| std::sync::Arc::new(Endgame::native())).clone())
}

#[cfg(target_arch = "wasm32")]
fn engine_tables() -> Option<std::sync::Arc<Endgame>> {
    None
}

#[cfg(not(target_arch = "wasm32"))]
static SOLVER: std::sync::OnceLock<std::sync::Arc<Endgame>> = std::sync::OnceLock::new();

/// Whether `score` is below `top` by more than `margin` centipawns; when `top` is a mate, any
/// slower mate or no mate is below it.
fn below(score: i32, top: i32, margin: i32) -> bool {
    if top >= crate::engine::MATE_BOUND {
        score < top
    } else {
        score < top - margin
    }
}

/// What a move achieves, in a teacher's terms, by the engine at the doctor's fixed budget: it
/// mates (in how many moves), wins a piece (the most valuable one it takes, with the material
/// it gains net), keeps the balance, or gives something away. The groups are ordered best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveGroup {
    /// Mates in this many of the mover's moves (1: mate at once).
    Mates(u32),
    /// Wins material, this piece the most valuable taken; `net` the material gained, in pawns.
    Wins { piece: PieceKind, net: i32 },
    /// Neither side wins material.
    Balance,
    /// Gives material away (or walks into a mate).
    GivesAway,
}

impl MoveGroup {
    /// Its place in the order, best first: mates (sooner first), wins (a bigger piece first),
    /// balance, gives away.
    pub(crate) fn rank(self) -> (u8, i32) {
        match self {
            MoveGroup::Mates(n) => (0, n as i32),
            MoveGroup::Wins { piece, .. } => (1, -pawns_of(piece)),
            MoveGroup::Balance => (2, 0),
            MoveGroup::GivesAway => (3, 0),
        }
    }
    /// Whether two moves are in the same group (the same mate, the same piece won).
    pub fn same(self, other: MoveGroup) -> bool {
        self.rank() == other.rank()
    }
    /// The group's name for a lesson's `accept` and the catalogue's `group-…` words: `mate`,
    /// `mates`, `wins`, `balance`, `gives-away`.
    pub fn word(self) -> &'static str {
        match self {
            MoveGroup::Mates(1) => "mate",
            MoveGroup::Mates(_) => "mates",
            MoveGroup::Wins { .. } => "wins",
            MoveGroup::Balance => "balance",
            MoveGroup::GivesAway => "gives-away",
        }
    }
    /// A message with the group in its arguments: `{prefix}` (the word), and for a mate
    /// `{prefix}_in`, for a win `{prefix}_piece` and `{prefix}_net`.
    pub fn args(
        self,
        m: Message,
        group: &'static str,
        n: &'static str,
        piece: &'static str,
        net: &'static str,
    ) -> Message {
        let m = m.with(group, self.word());
        match self {
            MoveGroup::Mates(k) => m.with(n, k),
            MoveGroup::Wins { piece: p, net: v } => m.with(piece, p.name()).with(net, v),
            _ => m,
        }
    }
}

/// A piece's value in pawns, as teachers count (pawn 1, knight and bishop 3, rook 5, queen 9).
pub fn pawns_of(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Knight | PieceKind::Bishop => 3,
        PieceKind::Rook => 5,
        PieceKind::Queen => 9,
        PieceKind::King => 0,
    }
}

/// `side`'s material in pawns.
fn material(pos: &Position, side: Color) -> i32 {
    PieceKind::ALL.into_iter().map(|k| pawns_of(k) * pos.pieces(side, k).count_ones() as i32).sum()
}

/// Centipawns said in pawns, one decimal: `140` → `"1.4"` (the Russian words write `1,4`).
pub fn in_pawns(centipawns: i32) -> String {
    let tenths = (centipawns.abs() + 5) / 10;
    format!("{}{}.{}", if centipawns < 0 { "-" } else { "" }, tenths / 10, tenths % 10)
}

/// A move wins material when the engine's score after it is at least this many centipawns above
/// the material now (a pawn), and the line it expects takes a piece.
pub const WIN_GAIN: i32 = 100;
/// A move gives something away when the engine's score after it is this many centipawns below
/// the material now (a pawn and a half: more than the engine's judgement of a quiet position).
pub const LOSS_GAIN: i32 = 150;

/// One legal move sorted: its SAN, the engine's score for the mover and its group.
#[derive(Clone, Debug)]
pub struct SortedMove {
    pub mv: crate::rules::Move,
    pub san: String,
    pub score: i32,
    pub group: MoveGroup,
    /// Two successive depths of the doctor's iterative deepening agree on the group.
    pub proved: bool,
}

/// Every legal move of `pos` sorted into its group ([`MoveGroup`]), best first (by group, then
/// by score). Each move is searched by the engine at the doctor's budget ([`ENGINE_DEPTH`] less
/// one ply, [`ENGINE_NODES`]); the material won or given away is counted along the line the
/// engine expects (the move, then its principal variation).
pub fn sort_moves(pos: &Position, rules: Rules) -> Vec<SortedMove> {
    sort_moves_unless(pos, rules, &[], |_| false).unwrap_or_default()
}

/// [`sort_moves`], given up as soon as a move's verdict makes `stop` true (`None`): a practice
/// generator that needs, say, no other move winning anything stops at the first such move
/// instead of searching every move of a position it will throw away. The moves of `first` are
/// searched first (the generator's expected answer: when it is wrong, one search tells). A sort
/// that finishes is the same, move for move, as [`sort_moves`]' (each move's verdict is a pure
/// function of the position and the move), and is kept for it.
pub fn sort_moves_unless(
    pos: &Position,
    rules: Rules,
    first: &[crate::rules::Move],
    stop: impl FnMut(&SortedMove) -> bool,
) -> Option<Vec<SortedMove>> {
    sort_moves_by(pos, rules, first, stop, false)
}

/// [`sort_moves_unless`] for a position that is of use only when some move mates or wins
/// material (a tactic's exercise): `None` also when no move does. A quiet move (no capture, no
/// promotion, no check) outside `first` is first asked only whether it can reach
/// [`BOUND_MARGIN`] below the least score of a win ([`WIN_GAIN`] above the material now): the
/// engine's search after it, at the same depth and budget, with a null window at the root, stops
/// at the first reply that keeps the mover below that score. When that reply does so at the
/// deepest depth and the one before (the doctor's two depths agreeing), the move is proved to
/// neither mate nor win: its group (keeps the balance or gives away, from the bound) and its
/// score (an upper bound) stand. Every other move (of `first`, forcing, one that may win, one
/// the bound cannot settle) is searched exactly as [`sort_moves`] searches it. So the moves that
/// mate or win, the best group and the answers come from exact searches; the checker that
/// follows the generator reads this sort (kept like one) and of the other moves needs only that
/// they are in no answer's group. The tactics' tests prove each exercise again with every move
/// searched exactly. Only a generator that reads no other move's exact score may use it.
pub fn sort_winning_unless(
    pos: &Position,
    rules: Rules,
    first: &[crate::rules::Move],
    stop: impl FnMut(&SortedMove) -> bool,
) -> Option<Vec<SortedMove>> {
    sort_moves_by(pos, rules, first, stop, true)
}

fn sort_moves_by(
    pos: &Position,
    rules: Rules,
    first: &[crate::rules::Move],
    mut stop: impl FnMut(&SortedMove) -> bool,
    winning: bool,
) -> Option<Vec<SortedMove>> {
    // the same position sorted again (a practice exercise sorted by its generator, then proved
    // by the checker) takes the last sorts' result: the sort is a pure function of the position
    let quick = QUICK.with(|q| q.get());
    let key = (*pos, rules, quick);
    if let Some(hit) =
        SORTED.with(|c| c.borrow().iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone()))
    {
        return if hit.iter().any(&mut stop) { None } else { Some(hit) };
    }
    let limit = if quick { ENGINE_DEPTH - 1 } else { SORT_DEPTH_LIMIT };
    let mut list = MoveList::new();
    legal_moves(pos, rules, &mut list);
    // `first`'s moves first
    let mut order: Vec<usize> = Vec::with_capacity(list.len());
    for k in first.iter().filter_map(|m| list.iter().position(|l| l == m)) {
        if !order.contains(&k) {
            order.push(k);
        }
    }
    // then captures (a move that wins something, the likeliest to stop the sort), then the rest
    let ahead = order.len();
    for capture in [true, false] {
        for (k, m) in list.iter().enumerate() {
            if m.capture == capture && !order[..ahead].contains(&k) {
                order.push(k);
            }
        }
    }
    let mut sorted: Vec<Option<SortedMove>> = vec![None; list.len()];
    // a move is searched exactly unless the bound shows it well below the least score of a win
    // (the null-window search prunes more than the exact one: the margin keeps a move the exact
    // search would find winning out of the bound's reach)
    let floor = 100 * (material(pos, pos.side) - material(pos, pos.side.opposite())) + WIN_GAIN
        - BOUND_MARGIN;
    for k in order {
        // `first`'s moves, expected to win, are searched exactly at once, and so is every
        // capture, promotion and check: the null window prunes more than the exact search, and
        // a forcing move's win it can miss (a check that wins a rook with a pawn about to
        // promote: pin seed 446 with the bound on every move)
        let m = list[k];
        let below = winning
            && !first.contains(&m)
            && !m.capture
            && m.promotion.is_none()
            && !crate::rules::in_check(&play_unchecked(pos, m));
        let s = match below.then(|| sort_one_below(pos, list[k], rules, limit, floor)).flatten() {
            Some(s) => s,
            None => sort_one(pos, list[k], rules, limit),
        };
        if stop(&s) {
            return None;
        }
        sorted[k] = Some(s);
    }
    if winning
        && !sorted
            .iter()
            .flatten()
            .any(|s| matches!(s.group, MoveGroup::Mates(_) | MoveGroup::Wins { .. }))
    {
        return None;
    }
    let mut out: Vec<SortedMove> = sorted.into_iter().flatten().collect();
    out.sort_by_key(|s| (s.group.rank(), -s.score));
    SORTED.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= SORTED_KEPT {
            c.remove(0);
        }
        c.push((key, out.clone()));
    });
    Some(out)
}

/// Forget the sorts kept: the next sort of any position searches every move anew (a test
/// proves an exercise again the exhaustive way, not from the generator's sort).
#[cfg(test)]
pub(crate) fn forget_sorts() {
    SORTED.with(|c| c.borrow_mut().clear());
}

/// How many of the last sorts [`sort_moves`] keeps.
const SORTED_KEPT: usize = 8;

/// A position with its rules and the sort's depth ([`Quick`]), and its moves sorted.
type SortedEntry = ((Position, Rules, bool), Vec<SortedMove>);

thread_local! {
    static QUICK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// While it lives, the doctor sorts moves the practice exercises' way: each move searched to
/// [`ENGINE_DEPTH`] less one ply and proved by the ply before agreeing, as the doctor did before
/// issue 38 plus that agreement. A lesson of the course is searched to its node budget (up to
/// [`SORT_DEPTH_LIMIT`] plies), which takes seconds a position: fine for a teacher's checker,
/// not while a child waits for the next exercise. An exercise is proved the same way wherever
/// it is made or checked (its id says it is one), so the class server regenerates the same one.
pub(crate) struct Quick(bool);

impl Quick {
    /// Quick sorts from now on when `on` (else as before), until the guard is dropped.
    pub(crate) fn when(on: bool) -> Quick {
        Quick(QUICK.with(|q| q.replace(on || q.get())))
    }
}

impl Drop for Quick {
    fn drop(&mut self) {
        QUICK.with(|q| q.set(self.0));
    }
}

thread_local! {
    static SORTED: std::cell::RefCell<Vec<SortedEntry>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// One move of [`sort_moves`], searched: the group is proved when two successive depths agree
/// on it (issue 38).
fn sort_one(pos: &Position, m: crate::rules::Move, rules: Rules, limit: u32) -> SortedMove {
    let budget = (ENGINE_DEPTH - 1, limit, ENGINE_NODES);
    let (score, _, group, proved) =
        deepened(pos, m, rules, budget, |score, reply| group_of(pos, m, rules, score, reply));
    SortedMove { mv: m, san: to_san(pos, m, rules), score, group: group.0, proved }
}

/// How far below the least score of a win [`sort_winning_unless`]'s bound proves a move
/// (centipawns).
const BOUND_MARGIN: i32 = 150;

/// One move of [`sort_winning_unless`] when the engine proves it below `floor` (the least score
/// of a win) at the deepest depth and the one before; `None` when it may reach it, or when the
/// bound settles nothing (the game ends after it, a mate seen, the budget cut the search short).
fn sort_one_below(
    pos: &Position,
    m: crate::rules::Move,
    rules: Rules,
    limit: u32,
    floor: i32,
) -> Option<SortedMove> {
    let after = play_unchecked(pos, m);
    let game = crate::rules::Game::new(after, rules).ok()?;
    let limits = crate::engine::Limits { depth: limit, nodes: ENGINE_NODES, time: None };
    // the reply's side asks for a reply scoring at least -floor + 1: the mover below floor
    let beta = 1 - floor;
    let (reply, shallower) = crate::engine::Engine::with_fresh(|engine| {
        engine.set_endgame(engine_tables());
        engine.search_bound(&game, &limits, beta)
    })
    .ok()?;
    let settled = |r: &crate::engine::Reply| {
        !r.from_tables && r.score >= beta && r.score.abs() < crate::engine::MATE_BOUND
    };
    if reply.depth < (ENGINE_DEPTH - 1).max(2) || !settled(&reply) {
        return None;
    }
    if !shallower.iter().any(|r| r.depth == reply.depth - 1 && settled(r)) {
        return None;
    }
    let score = -reply.score;
    let Grouped(group) = group_of(pos, m, rules, score, None);
    debug_assert!(!matches!(group, MoveGroup::Mates(_) | MoveGroup::Wins { .. }));
    Some(SortedMove { mv: m, san: to_san(pos, m, rules), score, group, proved: true })
}

/// A move's group from the engine's score after it and its reply (the expected line), compared
/// by rank: two moves that win the same piece are one group, whatever the net.
#[derive(Clone, Copy, Debug)]
struct Grouped(MoveGroup);

impl PartialEq for Grouped {
    fn eq(&self, other: &Grouped) -> bool {
        self.0.same(other.0)
    }
}

fn group_of(
    pos: &Position,
    m: crate::rules::Move,
    rules: Rules,
    score: i32,
    reply: Option<&crate::engine::Reply>,
) -> Grouped {
    let side = pos.side;
    let after = play_unchecked(pos, m);
    let group = if score >= crate::engine::MATE_BOUND {
        MoveGroup::Mates(((crate::engine::MATE - score + 1) / 2).max(1) as u32)
    } else if score <= -crate::engine::MATE_BOUND {
        MoveGroup::GivesAway
    } else {
        // the line: the move and the engine's expected continuation, each move legal
        let mut line = vec![m];
        let mut at = after;
        for &r in reply.map_or(&[][..], |r| &r.pv[..]) {
            let mut legal = MoveList::new();
            legal_moves(&at, rules, &mut legal);
            if !legal.contains(&r) {
                break;
            }
            line.push(r);
            at = play_unchecked(&at, r);
        }
        let mut p = *pos;
        let mut biggest: Option<PieceKind> = None;
        for &x in &line {
            if p.side == side {
                if let Some(taken) = x.captured_square(p.side).and_then(|s| p.piece_at(s)) {
                    if biggest.is_none_or(|b| pawns_of(taken.kind) > pawns_of(b)) {
                        biggest = Some(taken.kind);
                    }
                }
            }
            p = play_unchecked(&p, x);
        }
        let before = material(pos, side) - material(pos, side.opposite());
        let net = material(&p, side) - material(&p, side.opposite()) - before;
        // the score against the material now: a line cut at the engine's depth can
        // end inside an exchange, so the score (which follows every capture) decides
        let gain = score - 100 * before;
        match biggest {
            Some(piece) if net >= 1 && gain >= WIN_GAIN => MoveGroup::Wins { piece, net },
            _ if gain <= -LOSS_GAIN => MoveGroup::GivesAway,
            _ => MoveGroup::Balance,
        }
    };
    Grouped(group)
}

/// A `best_move` lesson outside the solver's endgames. Every legal move is sorted into its group
/// ([`sort_moves`]): a listed answer from a worse group than the best move's is an error saying
/// what it gives away (in pawns); among moves that only keep the balance, an answer more than
/// [`ANSWER_MARGIN`] below the best is one too. An unlisted move in the group of a listed answer
/// (a mate, a piece won; or the group `accept` names) is an error naming it: the child who plays
/// it would be told it is wrong. With `accept`, every answer must be of that group. The feedback
/// moves are checked ([`engine_feedback_text`], [`claimed_results`]).
pub(crate) fn engine_best_move(
    lesson: Setting,
    answers: &[String],
    accept: Option<AcceptGroup>,
    pos: &Position,
    report: &mut Report,
) {
    let rules = lesson.rules.rules();
    let sorted = sort_moves(pos, rules);
    let Some(best) = sorted.first() else { return };
    let of = |m: crate::rules::Move| sorted.iter().find(|s| s.mv == m);
    let listed: Vec<(usize, &SortedMove)> = answers
        .iter()
        .enumerate()
        .filter_map(|(k, a)| parse_move(pos, a, rules).ok().and_then(of).map(|s| (k, s)))
        .collect();
    // a claim the doctor cannot decide is an error (issue 38): the best move's group, each
    // answer's and each feedback move's must stay the same at two successive depths
    let undecided = |at: &str, s: &SortedMove, report: &mut Report| {
        report.error(at, msg!("doctor-undecided", played = &s.san, depth = SORT_DEPTH_LIMIT));
    };
    if !best.proved {
        undecided("/goal/answers", best, report);
    }
    for &(k, s) in &listed {
        if !s.proved && s.mv != best.mv {
            undecided(&format!("/goal/answers/{k}"), s, report);
        }
    }
    for (k, f) in lesson.feedback.iter().enumerate() {
        if let Some(s) =
            parse_move(pos, &f.mv, rules).ok().and_then(of).filter(|s| !s.proved && s.mv != best.mv)
        {
            undecided(&format!("/feedback/{k}/move"), s, report);
        }
    }
    for &(k, s) in &listed {
        let worse_group = s.group.rank() > best.group.rank();
        let balance_behind = s.group.same(best.group)
            && best.group == MoveGroup::Balance
            && below(s.score, best.score, ANSWER_MARGIN);
        if worse_group || balance_behind {
            // a mate is no count of pawns: it is said as the mate it misses
            let mate = best.group.rank().0 == 0 || s.group.rank().0 == 0;
            let msg = if mate {
                msg!("doctor-engine-answer-slower")
            } else {
                msg!("doctor-engine-answer-worse", pawns = in_pawns(best.score - s.score))
            };
            let msg = msg
                .with("answer", &answers[k])
                .with("score", s.score)
                .with("best", &best.san)
                .with("top", best.score)
                .with("margin", ANSWER_MARGIN);
            let msg = s.group.args(msg, "group", "in", "piece", "net");
            report.error(
                &format!("/goal/answers/{k}"),
                best.group.args(msg, "than", "than_in", "than_piece", "than_net"),
            );
        }
        if let Some(g) = accept.filter(|&g| !accept_holds(g, s.group, best.group)) {
            let m = msg!(
                "doctor-accept-other",
                answer = &answers[k],
                accept = g.word(),
                accept_piece = g.piece().map_or("", |p| p.name())
            );
            report.error(
                &format!("/goal/answers/{k}"),
                s.group.args(m, "group", "in", "piece", "net"),
            );
        }
    }
    // the groups whose every move must be listed: those of the answers (a mate, a piece won) and `accept`'s
    let counts = |g: MoveGroup| {
        accept.is_some_and(|a| accept_holds(a, g, best.group))
            || listed.iter().any(|(_, s)| {
                s.group.same(g) && matches!(g, MoveGroup::Mates(_) | MoveGroup::Wins { .. })
            })
    };
    let feedback_at = |m: crate::rules::Move| {
        lesson.feedback.iter().position(|f| parse_move(pos, &f.mv, rules).ok() == Some(m))
    };
    for s in sorted.iter().filter(|s| counts(s.group) && !listed.iter().any(|(_, l)| l.mv == s.mv))
    {
        let at = match feedback_at(s.mv) {
            Some(k) => format!("/feedback/{k}/move"),
            None => "/goal/answers".to_string(),
        };
        report.error(
            &at,
            s.group.args(
                msg!("doctor-answer-unlisted", played = &s.san),
                "group",
                "in",
                "piece",
                "net",
            ),
        );
    }
    // the weakest accepted answer: a feedback move as good as it is no mistake
    let weakest = listed.iter().map(|&(_, s)| s).min_by_key(|s| s.score);
    for (k, f) in lesson.feedback.iter().enumerate() {
        let Some(s) = parse_move(pos, &f.mv, rules).ok().and_then(of) else { continue };
        if listed.iter().any(|(_, l)| l.mv == s.mv) {
            // feedback on a right answer is praise (README: "right or wrong"): nothing to prove
            continue;
        }
        if counts(s.group) {
            continue; // said above: an unlisted move of an answer's group
        }
        match weakest {
            Some(w) if s.score >= w.score => report.warning(
                &format!("/feedback/{k}/move"),
                msg!(
                    "doctor-feedback-not-worse",
                    played = &f.mv,
                    score = s.score,
                    answer = &w.san,
                    top = w.score,
                    pawns = in_pawns(s.score),
                    top_pawns = in_pawns(w.score)
                ),
            ),
            _ => engine_feedback_text(lesson, k, s.mv, pos, rules, report),
        }
    }
}

/// Whether a move of group `g` is in the group a lesson accepts: `mate` takes the mates as fast
/// as the best move's (`best`), `wins_…` the moves that win that piece.
pub fn accept_holds(a: AcceptGroup, g: MoveGroup, best: MoveGroup) -> bool {
    match (a.piece(), g) {
        (None, MoveGroup::Mates(_)) => g.same(best),
        (Some(p), MoveGroup::Wins { piece, .. }) => piece == p,
        _ => false,
    }
}

/// The least score (centipawns, for the child) the engine must give a move for its `win` claim
/// to hold, and the most for a `loss` (negated): a piece up.
pub const RESULT_MARGIN: i32 = 300;

/// Each feedback's `result` claim proved, from the child's side: where the solver knows the
/// position after the move (the king-and-pawn classes), its verdict; elsewhere the engine at the
/// doctor's budget: a mate, or at least [`RESULT_MARGIN`] centipawns, is a win, the opposite a
/// loss, and a game over without a mate or a score within the margin either way a draw. A claim
/// that does not hold is an error at the feedback's `result`.
pub(crate) fn claimed_results(lesson: Setting, pos: &Position, rules: Rules, report: &mut Report) {
    let child = pos.side;
    for (k, f) in lesson.feedback.iter().enumerate() {
        let Some(claimed) = f.result else { continue };
        let Ok(m) = parse_move(pos, &f.mv, rules) else { continue };
        let after = play_unchecked(pos, m);
        let at = format!("/feedback/{k}/result");
        let probed = if crate::endgame::Endgame::files_for(&after).is_ok() {
            solver().and_then(|eg| eg.probe(&after).ok())
        } else {
            None
        };
        if let Some(v) = probed {
            let truth = EndResult::from(v.result.flip());
            if truth != claimed {
                let v = v.flip();
                report.error(
                    &at,
                    with_verdict(
                        msg!("doctor-feedback-result", played = &f.mv, claimed = claimed.word()),
                        v.result,
                        v.distance,
                        child,
                    ),
                );
            }
            continue;
        }
        // deeper until two successive depths agree on the result (issue 38)
        let budget = (CLAIM_DEPTH_FIRST, CLAIM_DEPTH_LIMIT, CLAIM_NODES);
        let (score, _, truth, proved) =
            deepened(pos, m, rules, budget, |score, _| result_of(score));
        if !proved {
            report.error(
                &at,
                msg!(
                    "doctor-feedback-result-undecided",
                    played = &f.mv,
                    claimed = claimed.word(),
                    found = truth.word(),
                    depth = CLAIM_DEPTH_LIMIT
                ),
            );
            continue;
        }
        if truth != claimed {
            let m = if score.abs() >= crate::engine::MATE_BOUND {
                msg!("doctor-feedback-result-mate")
            } else {
                msg!("doctor-feedback-result-engine", pawns = in_pawns(score))
            };
            report.error(
                &at,
                m.with("played", &f.mv)
                    .with("claimed", claimed.word())
                    .with("found", truth.word())
                    .with("side", child)
                    .with("score", score),
            );
        }
    }
}

/// A result from the child's score after a move: a mate, or at least [`RESULT_MARGIN`]
/// centipawns, a win; the opposite a loss; anything between a draw.
fn result_of(score: i32) -> EndResult {
    if score >= RESULT_MARGIN {
        EndResult::Win
    } else if score <= -RESULT_MARGIN {
        EndResult::Loss
    } else {
        EndResult::Draw
    }
}

/// Whether the engine at full strength (to `2n + 1` plies) finds a mate in at most `n` moves.
pub(crate) fn engine_finds_mate(pos: &Position, n: u32, rules: Rules) -> bool {
    let found = engine_search(pos, rules, 2 * n + 1).and_then(|r| r.mate_in());
    found.is_some_and(|k| (1..=n as i32).contains(&k))
}

/// A `mate` lesson's feedback: no feedback move mates in `n` (it would be an accepted answer).
pub(crate) fn engine_mate(lesson: Setting, n: u32, pos: &Position, report: &mut Report) {
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
const AUX_WORDS: [&str; 11] =
    ["will", "can", "could", "would", "may", "might", "then", "just", "simply", "also", "now"];
/// Subjects that are the opponent ("Black will take it").
const OPPONENT_WORDS: [&str; 4] = ["black", "white", "opponent", "they"];

/// The kinds of the child's pieces a feedback text (English, lower case, in words) says the
/// opponent takes: "… takes your rook", "your rook is taken", and "Black will take it", where "it"
/// is the piece named last before (so "the knight is left unprotected. Black will take it" names
/// the knight). A text about what the child could take ("the knight could take the rook") names
/// none.
fn kinds_said_taken(words: &[&str]) -> Vec<PieceKind> {
    let kind_of = |w: &str| {
        PieceKind::ALL.into_iter().find(|k| w == k.name() || w.strip_suffix('s') == Some(k.name()))
    };
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
fn engine_feedback_text(
    lesson: Setting,
    k: usize,
    m: crate::rules::Move,
    pos: &Position,
    rules: Rules,
    report: &mut Report,
) {
    let text = lesson.feedback[k].text.en().to_lowercase();
    let words: Vec<&str> =
        text.split(|c: char| !c.is_alphabetic()).filter(|w| !w.is_empty()).collect();
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
        let takes = replies.iter().any(|r| {
            r.captured_square(after.side)
                .and_then(|s| after.piece_at(s))
                .is_some_and(|p| p.kind == kind)
        });
        if !takes {
            let reply = engine_search(&after, rules, ENGINE_DEPTH - 1)
                .map(|r| to_san(&after, r.mv, rules))
                .unwrap_or_default();
            report.warning(
                &format!("/feedback/{k}/text"),
                msg!(
                    "doctor-feedback-no-capture",
                    played = &lesson.feedback[k].mv,
                    piece = kind.name(),
                    reply = reply
                ),
            );
        }
    }
}

/// Report a drill's par against the fewest moves found. `task` is the `task-…` word for what the
/// drill asks, with its arguments; they go into the finding.
pub(crate) fn par_verdict(
    report: &mut Report,
    par: Option<u32>,
    minimum: Option<u32>,
    task: Message,
) {
    let with_task = |mut m: Message| {
        m = m.with("task", task.id.trim_start_matches("task-"));
        m.args.extend(task.args.iter().cloned());
        m
    };
    match (minimum, par) {
        (None, _) => report.error("/goal", with_task(msg!("doctor-never", depth = DEPTH_LIMIT))),
        (Some(min), Some(par)) if par < min => {
            report.error("/par", with_task(msg!("doctor-par-too-small", par = par, min = min)))
        }
        (Some(min), Some(par)) if par > min => {
            report.warning("/par", with_task(msg!("doctor-par-too-big", par = par, min = min)))
        }
        _ => {}
    }
}

/// The doctor's endgame solver: natively the shipped tables ([`Endgame::native`]), loaded once.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn solver() -> Option<&'static Endgame> {
    Some(&**SOLVER.get_or_init(|| std::sync::Arc::new(Endgame::native())))
}

/// In the lesson player the doctor does not run (the teacher's checker has run it already).
#[cfg(not(doctor))]
pub(crate) fn solver() -> Option<&'static Endgame> {
    None
}

/// In the lesson studio (www/pkg-studio) the doctor has the solver the studio gave it
/// ([`set_solver`], with the data files the lesson needs loaded).
#[cfg(all(target_arch = "wasm32", feature = "studio"))]
pub(crate) fn solver() -> Option<&'static Endgame> {
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
pub(crate) fn with_solver(
    report: &mut Report,
    proof: impl FnOnce(&Endgame, &mut Report) -> Result<(), EndgameError>,
) {
    let Some(eg) = solver() else {
        report.warning("/goal", msg!("doctor-no-solver"));
        return;
    };
    if let Err(e) = proof(eg, report) {
        report.error("/position", e.message());
    }
}

/// A message with the solver's verdict for `side` in its arguments: `verdict` (`wins`, `draws`,
/// `loses`, the `verdict-…` words), `side`, `distance` (plies to conversion) and `within` (the
/// same in moves, as a teacher counts them: plies halved, rounded up).
fn with_verdict(m: Message, result: Wdl, distance: u32, side: Color) -> Message {
    let verdict = match result {
        Wdl::Win => "wins",
        Wdl::Draw => "draws",
        Wdl::Loss => "loses",
    };
    m.with("verdict", verdict)
        .with("side", side)
        .with("distance", distance)
        .with("within", distance.div_ceil(2))
}

/// The result of each legal move for the mover, by its probe after the move.
fn move_results(
    eg: &Endgame,
    pos: &Position,
) -> Result<Vec<(crate::rules::Move, Wdl)>, EndgameError> {
    let mut list = MoveList::new();
    legal_moves(pos, crate::endgame::RULES, &mut list);
    list.iter().map(|&m| Ok((m, eg.probe(&play_unchecked(pos, m))?.result.flip()))).collect()
}

/// The goals the solver plays against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SolverGoal {
    Promote,
    Win,
    Draw,
}

pub(crate) fn solver_goal(
    lesson: Setting,
    goal: SolverGoal,
    pos: &Position,
    eg: &Endgame,
    report: &mut Report,
) -> Result<(), EndgameError> {
    let student = lesson.student;
    let v = eg.probe(pos)?;
    let task = match goal {
        SolverGoal::Promote => "promote",
        SolverGoal::Win => "win",
        _ => "hold-draw",
    };
    match (goal, v.result) {
        (SolverGoal::Promote | SolverGoal::Win, Wdl::Draw) => {
            report.error("/goal", msg!("doctor-holds", side = student, task = task));
            return Ok(());
        }
        (SolverGoal::Promote | SolverGoal::Win, Wdl::Loss) | (SolverGoal::Draw, Wdl::Loss) => {
            report.error(
                "/goal",
                with_verdict(msg!("doctor-goal-lost", task = task), v.result, v.distance, student),
            );
            return Ok(());
        }
        (SolverGoal::Draw, Wdl::Win) => {
            report.warning(
                "/goal",
                with_verdict(msg!("doctor-draw-wins"), v.result, v.distance, student),
            );
        }
        _ => {}
    }
    if goal == SolverGoal::Draw
        && pos.color_bb(student.opposite()) & !pos.kind_bb(PieceKind::King) == 0
    {
        report.error("/goal", msg!("doctor-king-alone", side = student.opposite()));
    }
    if let Some(h) = lesson.hints {
        if let Ok(m) = parse_move(pos, &h.mv, crate::endgame::RULES) {
            let after = eg.probe(&play_unchecked(pos, m))?.flip();
            if after.result < v.result {
                let m = msg!("doctor-hint-throws", hint = &h.mv, lost = v.result.word());
                report.error("/hints/move", with_verdict(m, after.result, after.distance, student));
            }
        }
    }
    if matches!(goal, SolverGoal::Promote | SolverGoal::Win) {
        let target = if goal == SolverGoal::Promote { Aim::Promote } else { Aim::Mate };
        let task = if target == Aim::Promote { "promote" } else { "give-mate" };
        match fewest_moves_to_force(eg, pos, target)? {
            None => report.warning("/par", msg!("doctor-solver-timeout", task = task)),
            Some(min) => match lesson.par {
                Some(par) if par < min => report.error(
                    "/par",
                    msg!("doctor-solver-par-too-small", par = par, min = min, task = task),
                ),
                Some(par) if par > min => report.warning(
                    "/par",
                    msg!("doctor-solver-par-too-big", par = par, min = min, task = task),
                ),
                _ => {}
            },
        }
    }
    Ok(())
}

pub(crate) fn solver_best_move(
    answers: &[String],
    pos: &Position,
    eg: &Endgame,
    report: &mut Report,
) -> Result<(), EndgameError> {
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
            report.error(
                &format!("/goal/answers/{k}"),
                with_verdict(m, after.result, after.distance, side),
            );
        }
    }
    if best == Wdl::Loss {
        report.warning("/goal/answers", msg!("doctor-every-move-loses", side = side));
        return Ok(());
    }
    let missing: Vec<String> = results
        .iter()
        .filter(|(m, r)| *r == best && !listed.contains(m))
        .map(|(m, _)| to_san(pos, *m, crate::endgame::RULES))
        .collect();
    if !missing.is_empty() {
        let candidates = missing.join(", ");
        let m = if best == Wdl::Win {
            msg!("doctor-also-wins", candidates = candidates)
        } else {
            msg!("doctor-also-draws", candidates = candidates)
        };
        // an error, as outside the solver's endgames: the child would be told a right move is wrong
        report.error("/goal/answers", m);
    }
    Ok(())
}

pub(crate) fn solver_question(
    answer: usize,
    results: &[EndResult],
    lesson: Setting,
    pos: &Position,
    eg: &Endgame,
    report: &mut Report,
) -> Result<(), EndgameError> {
    let v = eg.probe(pos)?;
    let truth = EndResult::from(v.result);
    let side = lesson.student;
    let Some(&claimed) = results.get(answer) else { return Ok(()) };
    if claimed != truth {
        let right: Vec<usize> = (0..results.len()).filter(|&k| results[k] == truth).collect();
        // the chess reason, when the pawn's geometry gives one: said instead of the verdict alone
        if let Some(why) = kp_reason(pos, truth, side) {
            let m = why
                .with("answer", answer)
                .with("answer_no", answer + 1)
                .with("claimed", claimed.word())
                .with("truth", truth.word());
            let m = match right.as_slice() {
                [k] => m.with("right", *k).with("right_no", *k + 1),
                _ => m,
            };
            report.error("/goal/answer", with_verdict(m, v.result, v.distance, side));
            return Ok(());
        }
        let m = match right.as_slice() {
            [k] => msg!("doctor-answer-wrong-set", right = *k),
            [] => msg!("doctor-answer-wrong-none", truth = truth.word()),
            _ => msg!("doctor-answer-wrong"),
        };
        let m = match right.as_slice() {
            [k] => m.with("right_no", *k + 1),
            _ => m,
        };
        let m =
            m.with("answer", answer).with("answer_no", answer + 1).with("claimed", claimed.word());
        report.error("/goal/answer", with_verdict(m, v.result, v.distance, side));
        return Ok(());
    }
    for (k, r) in results.iter().enumerate() {
        if k != answer && *r == truth {
            report.error(
                &format!("/goal/results/{k}"),
                msg!("doctor-result-too", choice = k, choice_no = k + 1, result = r.word()),
            );
        }
    }
    Ok(())
}

/// Why a king-and-pawn position ends as it does, in the words of the pawn's geometry, as a
/// `doctor-answer-why` message whose `why` names the reason (`why-outside-square`,
/// `why-key-square`, `why-king-helps`, `why-too-far`), with `attacker` (the pawn's side),
/// `defender`, `pawn` and, for a key square, `key`. `truth` is the result for `student`, who is
/// to move. `None` when the position has not one pawn or no reason fits.
pub(crate) fn kp_reason(pos: &Position, truth: EndResult, student: Color) -> Option<Message> {
    use crate::endgame::geometry::{key_squares, pawn_square};
    let mut pawns = crate::board::squares(pos.kind_bb(PieceKind::Pawn));
    let (pawn, None) = (pawns.next()?, pawns.next()) else { return None };
    let sq = pawn_square(pos, pawn)?;
    let attacker = sq.color;
    let defender = attacker.opposite();
    let (own, other) = (pos.king(attacker)?, pos.king(defender)?);
    let wins = match truth {
        EndResult::Win => student == attacker,
        EndResult::Loss => student == defender,
        EndResult::Draw => false,
    };
    let why = if wins {
        if !sq.catches && sq.path_free {
            "outside-square"
        } else if key_squares(pos, pawn).is_some_and(|keys| keys.contains(&own)) {
            "key-square"
        } else {
            "king-helps"
        }
    } else if truth == EndResult::Draw
        && sq.catches
        && crate::rules::distance(own, pawn) > crate::rules::distance(other, pawn)
    {
        "too-far"
    } else {
        return None;
    };
    let m =
        msg!("doctor-answer-why", why = why, attacker = attacker, defender = defender, pawn = pawn);
    Some(if why == "key-square" { m.with("key", own) } else { m })
}

/// The endgame solver covers the position (the king-and-pawn classes), or an error at /position.
pub(crate) fn solver_covers(report: &mut Report, pos: &Position) {
    if let Err(e) = crate::endgame::Endgame::files_for(pos) {
        report.error("/position", e.message());
    }
}
