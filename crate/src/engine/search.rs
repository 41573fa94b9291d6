//! The search: iterative deepening, negamax with alpha-beta (principal variation search), a
//! quiescence search of captures and promotions (and check evasions), move ordering (table move,
//! MVV-LVA, killers, history), null-move and late-move reductions, and the draw rules.

use super::eval::{evaluate, material, pawn_attacks, phase, VALUE};
use super::hash::{hash_after, mix, pack, same, Bound, Table, KEYS};
use crate::board::{squares, Bitboard, Color, PieceKind, Position};
use crate::endgame::{Endgame, Wdl};
use crate::rules::{
    generate, in_check, insufficient_material, legal_moves, play_unchecked, Move, MoveKind,
    MoveList, Rules, SetKind,
};

/// Greater than any score.
pub const INF: i32 = 32_500;
/// Mate now; a mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores at least this large are mates.
pub const MATE_BOUND: i32 = 31_000;
/// A position the endgame tables call won scores about `TB_WIN - plies - distance to conversion`
/// (plus half the material lead, so that converting is progress).
pub const TB_WIN: i32 = 25_000;
/// Scores at least this large (and below [`MATE_BOUND`]) come from the tables.
pub const TB_BOUND: i32 = 20_000;
pub(crate) const MAX_PLY: usize = 100;

/// A clock in milliseconds: `std::time::Instant` natively, `Date.now()` in the browser (wasm32
/// has no `Instant`), or anything a test wants.
pub trait Clock {
    fn now_ms(&self) -> f64;
}

/// When to stop: the deepest iteration, a node budget and, optionally, a time budget on a clock.
/// The first iteration always completes, so there is always a move.
pub struct Limits<'a> {
    pub depth: u32,
    pub nodes: u64,
    pub time: Option<(&'a dyn Clock, f64)>,
}

/// How a level bends the search (see [`super::LEVELS`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    pub noise: i32,
    pub seed: u64,
    pub q_plies: u32,
    pub margin: i32,
    pub blind: u32,
}

impl Style {
    pub const EXACT: Style = Style { noise: 0, seed: 0, q_plies: 99, margin: 0, blind: 0 };
}

/// One root move after the last complete iteration: its score, exact when it came within the
/// level's margin of the best (else an upper bound), and whether it was judged blind.
#[derive(Clone, Copy, Debug)]
pub struct RootMove {
    pub mv: Move,
    pub score: i32,
    pub exact: bool,
    pub blind: bool,
}

pub(crate) struct Outcome {
    pub moves: Vec<RootMove>,
    pub depth: u32,
    pub nodes: u64,
}

pub(crate) struct Searcher<'a> {
    tt: &'a mut Table,
    endgame: Option<&'a Endgame>,
    rules: Rules,
    style: Style,
    /// Mixed into the table's keys: scores with noise hold only for their seed, so a search
    /// with another seed must not find them (cheaper than clearing the table).
    salt: u64,
    limits: &'a Limits<'a>,
    started: f64,
    pub nodes: u64,
    stopped: bool,
    /// Whether the limits may stop the search yet (not during the first iteration).
    may_stop: bool,
    /// Hashes of the game's positions, then of the search path: the repetition test.
    path: Vec<u64>,
    killers: [[u16; 2]; MAX_PLY + 1],
    /// `history[side][from][to]`: how often a quiet move cut off, weighted by depth².
    history: Box<[[[i32; 64]; 64]; 2]>,
    /// Buffers for the ordering keys of the nodes on the path ([`Searcher::keys`]): taken by a
    /// node, given back when it returns, so that no node zeroes 1 KiB of keys on the stack.
    key_pool: Vec<Vec<i32>>,
    /// When kept ([`Searcher::keep_iterations`]): after each complete iteration, what a search
    /// with that iteration as its deepest would have answered (its depth, best move, line and
    /// nodes), read before the next iteration changes the table.
    pub kept: Option<Vec<Iteration>>,
    /// With a bound ([`Searcher::bound_root`]): each iteration only asks whether some root move
    /// scores at least this, and stops at the first that does.
    root_beta: Option<i32>,
}

/// What one complete iteration of [`Searcher::iterate`] answered: the best root move, the line
/// the table held for it then, and the nodes searched so far.
#[derive(Clone, Debug)]
pub(crate) struct Iteration {
    pub depth: u32,
    pub best: RootMove,
    pub pv: Vec<Move>,
    pub nodes: u64,
}

/// Ordering keys: the table move first, then captures by MVV-LVA, killers, then history.
const ORDER_TT: i32 = 30_000_000;
const ORDER_CAPTURE: i32 = 20_000_000;
const ORDER_KILLER: i32 = 10_000_000;

fn victim_value(pos: &Position, mv: Move) -> i32 {
    match mv.kind {
        MoveKind::EnPassant => VALUE[0],
        _ if mv.capture => pos.kind_at(mv.to).map_or(0, |k| VALUE[k.index()]),
        _ => 0,
    }
}

fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let attacker = pos.kind_at(mv.from).map_or(0, |k| VALUE[k.index()]);
    let promo = mv.promotion.map_or(0, |k| VALUE[k.index()]);
    // The most valuable victim first, the least valuable attacker among equals.
    (victim_value(pos, mv) + promo) * 16 - attacker / 64
}

/// Captures and promotions of the side to move (promotions to a queen only: the quiescence
/// search wants the forcing moves, not every choice).
fn tactical_moves(pos: &Position, list: &mut MoveList) {
    let occ = pos.occupied();
    let theirs = pos.color_bb(pos.side.opposite());
    let last_row: Bitboard = 0xff << (8 * pos.side.last_row() as u32);
    generate(pos, |set| {
        let mask = match set.kind {
            SetKind::Castle => 0,
            SetKind::EnPassant => !0,
            SetKind::Pawn => theirs | last_row,
            SetKind::Piece => theirs,
        };
        for to in squares(set.to & mask) {
            let capture = occ & to.bit() != 0;
            let mv = match set.kind {
                SetKind::EnPassant => Move {
                    from: set.from,
                    to,
                    promotion: None,
                    kind: MoveKind::EnPassant,
                    capture: true,
                },
                SetKind::Pawn if to.i() == pos.side.last_row() => Move {
                    from: set.from,
                    to,
                    promotion: Some(PieceKind::Queen),
                    kind: MoveKind::Promotion,
                    capture,
                },
                _ => Move {
                    from: set.from,
                    to,
                    promotion: None,
                    kind: MoveKind::Capture,
                    capture: true,
                },
            };
            list.push(mv);
        }
    });
}

/// Mate scores count from the root; the table stores them from the node.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_BOUND {
        score + ply as i32
    } else if score <= -TB_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_BOUND {
        score - ply as i32
    } else if score <= -TB_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Whether a side has a piece other than pawns and king (null moves are unsafe without one:
/// zugzwang is common in pawn endings).
fn has_pieces(pos: &Position, side: Color) -> bool {
    pos.color_bb(side) & !pos.kind_bb(PieceKind::Pawn) & !pos.kind_bb(PieceKind::King) != 0
}

impl<'a> Searcher<'a> {
    pub fn new(
        tt: &'a mut Table,
        endgame: Option<&'a Endgame>,
        rules: Rules,
        style: Style,
        limits: &'a Limits<'a>,
        history: Vec<u64>,
    ) -> Searcher<'a> {
        let started = limits.time.map_or(0.0, |(c, _)| c.now_ms());
        Searcher {
            tt,
            endgame,
            rules,
            style,
            salt: if style.noise == 0 { 0 } else { mix(style.seed ^ 0x7361_6c74) },
            limits,
            started,
            nodes: 0,
            stopped: false,
            may_stop: false,
            path: history,
            killers: [[0; 2]; MAX_PLY + 1],
            history: Box::new([[[0; 64]; 64]; 2]),
            key_pool: Vec::new(),
            kept: None,
            root_beta: None,
        }
    }

    /// Keep each complete iteration's answer ([`Searcher::kept`]). A search stopped at depth `d`
    /// runs exactly the first `d` iterations of a deeper one with the same table, budget and
    /// history, so the kept iteration `d` is that search's answer, bit for bit: the doctor reads
    /// the depth before the last from it instead of searching again.
    pub fn keep_iterations(&mut self) {
        self.kept = Some(Vec::new());
    }

    /// Search only whether the side to move has a move scoring at least `beta` (a null window
    /// at the root): each iteration searches the root moves with the window `beta - 1, beta` and
    /// stops at the first that reaches it (that move first, its score a lower bound); when none
    /// does, every score is an upper bound below `beta`, best first. The doctor proves "this move
    /// wins nothing" so, without an exact score for every reply ([`crate::engine::Engine::search_bound`]).
    pub fn bound_root(&mut self, beta: i32) {
        self.root_beta = Some(beta);
    }

    /// The milliseconds since the search started (0 without a clock).
    pub fn elapsed(&self) -> f64 {
        self.limits.time.map_or(0.0, |(c, _)| c.now_ms() - self.started)
    }

    /// Count a node and see whether a limit is reached: nodes every time (cheap, and exact, so a
    /// node-limited search is reproducible), the clock every 1024 nodes.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.may_stop && !self.stopped {
            if self.nodes >= self.limits.nodes {
                self.stopped = true;
            } else if self.nodes & 1023 == 0 {
                if let Some((clock, budget)) = self.limits.time {
                    if clock.now_ms() - self.started >= budget {
                        self.stopped = true;
                    }
                }
            }
        }
        self.stopped
    }

    /// The static evaluation with the level's noise: the same position always gets the same
    /// noise for one seed (so the search stays consistent), a triangular spread of ±noise.
    fn eval(&mut self, pos: &Position, hash: u64) -> i32 {
        // the evaluation without noise, as stored for this position by any search before
        let e = match self.tt.eval_get(hash) {
            Some(e) => e,
            None => {
                let e = evaluate(pos);
                self.tt.eval_put(hash, e);
                e
            }
        };
        if self.style.noise == 0 {
            return e;
        }
        let r = mix(hash ^ self.style.seed);
        let span = 2 * self.style.noise as u64 + 1;
        let a = (r % span) as i32;
        let b = ((r >> 32) % span) as i32;
        e + (a + b) / 2 - self.style.noise
    }

    /// Whether the position repeats one since the last capture or pawn move (game or search path).
    fn repeats(&self, pos: &Position, hash: u64) -> bool {
        let n = self.path.len();
        // path[n - 1] is this position; the same side was to move 2, 4, ... plies ago.
        let back = (pos.halfmove_clock as usize).min(n.saturating_sub(1));
        let mut k = 2;
        while k <= back {
            if self.path[n - 1 - k] == hash {
                return true;
            }
            k += 2;
        }
        false
    }

    /// The exact score from the endgame tables, where they are loaded and apply.
    fn probe(&self, pos: &Position, ply: usize) -> Option<i32> {
        let eg = self.endgame?;
        if pos.occupied().count_ones() > 4 {
            return None;
        }
        let others = pos.occupied() & !pos.kind_bb(PieceKind::King);
        if others & !(pos.kind_bb(PieceKind::Pawn) | pos.kind_bb(PieceKind::Queen)) != 0 {
            return None;
        }
        if !self.rules.auto_queen && can_promote(pos) {
            // Under standard rules only a promotion right now may differ from the tables'
            // auto-queen result (docs/endgame-underpromotion.md): search those positions.
            return None;
        }
        let v = eg.probe_quick(pos)?;
        // Nearer conversions first; but a conversion (a promotion, a capture) starts a new count
        // in the smaller class, so the material it brings counts too, else the search would put
        // off promoting forever to keep its distance short.
        let lead = (material(pos, pos.side) - material(pos, pos.side.opposite())).abs() / 2;
        let d = v.distance as i32 + ply as i32;
        Some(match v.result {
            Wdl::Win => TB_WIN - d + lead,
            Wdl::Draw => 0,
            Wdl::Loss => -(TB_WIN - d + lead),
        })
    }

    fn order(&self, pos: &Position, list: &MoveList, tt_move: u16, ply: usize, keys: &mut [i32]) {
        let side = pos.side.index();
        for (k, &mv) in list.iter().enumerate() {
            keys[k] = if same(mv, tt_move) {
                ORDER_TT
            } else if mv.capture || mv.promotion.is_some() {
                // Underpromotions go last among the quiet moves.
                match mv.promotion {
                    Some(p) if p != PieceKind::Queen => -ORDER_KILLER,
                    _ => ORDER_CAPTURE + mvv_lva(pos, mv),
                }
            } else if pack(mv) == self.killers[ply][0] {
                ORDER_KILLER + 1
            } else if pack(mv) == self.killers[ply][1] {
                ORDER_KILLER
            } else {
                self.history[side][mv.from.index()][mv.to.index()]
            };
        }
    }

    /// A buffer for one node's ordering keys (room for every move of a position); what it holds
    /// from before is never read: each key is written before its move is picked. Give it back with
    /// [`Searcher::done_with`].
    fn keys(&mut self) -> Vec<i32> {
        self.key_pool.pop().unwrap_or_else(|| vec![0; 256])
    }

    fn done_with(&mut self, keys: Vec<i32>) {
        self.key_pool.push(keys);
    }

    /// The next move to try: the one with the highest key among those not tried yet.
    fn pick(list: &mut MoveList, keys: &mut [i32], from: usize) -> Move {
        let mut best = from;
        for k in from + 1..list.len() {
            if keys[k] > keys[best] {
                best = k;
            }
        }
        list.swap(from, best);
        keys.swap(from, best);
        list[from]
    }

    fn reward(&mut self, pos: &Position, mv: Move, depth: i32, ply: usize) {
        let p = pack(mv);
        if self.killers[ply][0] != p {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = p;
        }
        let h = &mut self.history[pos.side.index()][mv.from.index()][mv.to.index()];
        *h += depth * depth;
        if *h > 1_000_000 {
            // Keep history below the killers' keys, and let old habits fade.
            for side in self.history.iter_mut() {
                for row in side.iter_mut() {
                    for v in row.iter_mut() {
                        *v /= 2;
                    }
                }
            }
        }
    }

    /// Search the root moves to increasing depth; keep the last complete iteration.
    pub fn iterate(
        &mut self,
        root: &Position,
        root_hash: u64,
        moves: &[Move],
        blind: &[bool],
    ) -> Outcome {
        let mut rms: Vec<RootMove> = moves
            .iter()
            .zip(blind)
            .map(|(&mv, &b)| RootMove { mv, score: -INF, exact: false, blind: b })
            .collect();
        // Blind moves are judged once, statically: the reply is not looked at.
        for rm in rms.iter_mut().filter(|r| r.blind) {
            let child = play_unchecked(root, rm.mv);
            let mut list = MoveList::new();
            legal_moves(&child, self.rules, &mut list);
            rm.score = if list.is_empty() {
                if in_check(&child) {
                    MATE - 1
                } else {
                    0
                }
            } else {
                -self.eval(&child, hash_after(root, root_hash, rm.mv, &child))
            };
            rm.exact = true;
        }
        // Start with captures first, then the rest as generated.
        rms.sort_by_key(|r| {
            std::cmp::Reverse(if r.blind {
                -INF
            } else {
                mvv_lva(root, r.mv) * r.mv.capture as i32
            })
        });
        let mut done = rms.clone();
        let mut depth_done = 0;
        let in_chk = in_check(root);
        self.tt.next_age();
        for depth in 1..=self.limits.depth.max(1) {
            self.may_stop = depth > 1;
            let mut best = rms.iter().filter(|r| r.blind).map(|r| r.score).max().unwrap_or(-INF);
            let mut first = true;
            let mut cut = None;
            for (k, rm) in rms.iter_mut().enumerate() {
                if rm.blind {
                    continue;
                }
                let mv = rm.mv;
                let child = play_unchecked(root, mv);
                let ch = hash_after(root, root_hash, mv, &child);
                let gives_check = in_check(&child);
                let nd = depth as i32 - 1 + gives_check as i32;
                self.path.push(ch);
                // Moves within `margin` of the best get an exact score (the level chooses among
                // them); the others only need to be shown worse.
                let floor = if first { -INF } else { best - self.style.margin };
                let score = if let Some(b) = self.root_beta {
                    -self.negamax(&child, ch, nd, -b, -b + 1, 1, gives_check, true)
                } else if first {
                    -self.negamax(&child, ch, nd, -INF, INF, 1, gives_check, true)
                } else {
                    let s = -self.negamax(&child, ch, nd, -floor - 1, -floor, 1, gives_check, true);
                    if s > floor && !self.stopped {
                        -self.negamax(&child, ch, nd, -INF, -floor, 1, gives_check, true)
                    } else {
                        s
                    }
                };
                self.path.pop();
                if self.stopped {
                    break;
                }
                rm.score = score;
                rm.exact = first || score > floor;
                first = false;
                best = best.max(score);
                if self.root_beta.is_some_and(|b| score >= b) {
                    cut = Some(k);
                    break;
                }
            }
            if self.stopped {
                break;
            }
            let bound = match (self.root_beta, cut) {
                (None, _) => Bound::Exact,
                // the move that reached the bound first (the others keep their order); it
                // alone counts as exact, so that the last sort keeps it first
                (Some(_), Some(k)) => {
                    rms[..=k].rotate_right(1);
                    rms.iter_mut().enumerate().for_each(|(i, r)| r.exact = i == 0);
                    Bound::Lower
                }
                (Some(_), None) => {
                    rms.iter_mut().for_each(|r| r.exact = false);
                    rms.sort_by_key(|r| std::cmp::Reverse(r.score));
                    Bound::Upper
                }
            };
            // Best first for the next iteration (a stable sort keeps the order of equals).
            if self.root_beta.is_none() {
                rms.sort_by_key(|r| std::cmp::Reverse((r.exact as i32, r.score)));
            }
            if let Some(top) = rms.iter().find(|r| !r.blind) {
                self.tt.put(
                    root_hash ^ self.salt,
                    depth as i32,
                    to_tt(top.score, 0),
                    bound,
                    Some(top.mv),
                );
            }
            done = rms.clone();
            depth_done = depth;
            if self.kept.is_some() {
                // the order of `done` is final (the sort after the loop keeps it): its first
                // move is the one a search ending here would answer, with this table's line
                if let Some(&best) = done.iter().find(|r| !r.blind) {
                    let pv = self.pv(root, root_hash, best.mv, 12);
                    let nodes = self.nodes;
                    if let Some(kept) = self.kept.as_mut() {
                        kept.push(Iteration { depth, best, pv, nodes });
                    }
                }
            }
            // A mate found within this depth will not change; and with a clock, an iteration
            // that would likely overrun the budget is not started.
            let top = done[0].score.abs();
            if top >= MATE_BOUND && (MATE - top) as u32 <= depth {
                break;
            }
            if let Some((_, budget)) = self.limits.time {
                if self.elapsed() > budget * 0.4 {
                    break;
                }
            }
            if self.nodes >= self.limits.nodes {
                break;
            }
            let _ = in_chk;
        }
        done.sort_by_key(|r| std::cmp::Reverse((r.exact as i32, r.score)));
        Outcome { moves: done, depth: depth_done, nodes: self.nodes }
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Position,
        hash: u64,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        in_chk: bool,
        allow_null: bool,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        if insufficient_material(pos) || self.repeats(pos, hash) {
            return 0;
        }
        // No line can be better than mating now, nor worse than being mated now.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if let Some(s) = self.probe(pos, ply) {
            return s;
        }
        if ply >= MAX_PLY {
            return self.eval(pos, hash);
        }
        if depth <= 0 {
            return self.quiesce(pos, hash, alpha, beta, ply, 0, in_chk);
        }
        let mut tt_move = 0;
        if let Some(hit) = self.tt.get(hash ^ self.salt) {
            tt_move = hit.best;
            if !pv_node && hit.depth >= depth {
                let s = from_tt(hit.score, ply);
                match hit.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let static_eval = if in_chk { -INF } else { self.eval(pos, hash) };
        if !pv_node && !in_chk && beta.abs() < TB_BOUND {
            // Far above beta with little depth left: the opponent will not allow this.
            if depth <= 3 && static_eval - 110 * depth >= beta {
                return static_eval;
            }
            // Null move: if passing still keeps us above beta, a real move will too.
            if allow_null && depth >= 3 && static_eval >= beta && has_pieces(pos, pos.side) {
                let mut null = *pos;
                null.side = pos.side.opposite();
                null.en_passant = None;
                // A null move cuts the repetition chain: nothing before it is repeated.
                null.halfmove_clock = 0;
                let mut nh = hash ^ KEYS.side;
                if let Some(ep) = pos.en_passant {
                    nh ^= KEYS.en_passant[ep.j() as usize];
                }
                let r = 2 + depth / 4;
                self.path.push(nh);
                let s = -self.negamax(
                    &null,
                    nh,
                    depth - 1 - r,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    false,
                    false,
                );
                self.path.pop();
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s >= TB_BOUND { beta } else { s };
                }
            }
        }

        let mut list = MoveList::new();
        legal_moves(pos, self.rules, &mut list);
        if list.is_empty() {
            return if in_chk { -MATE + ply as i32 } else { 0 };
        }
        // The 50-move rule (after mate, which comes first).
        if pos.halfmove_clock >= 100 {
            return 0;
        }
        let mut keys = self.keys();
        self.order(pos, &list, tt_move, ply, &mut keys);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let futile = !pv_node && !in_chk && depth <= 2 && static_eval + 120 * depth <= alpha;
        for k in 0..list.len() {
            let mv = Self::pick(&mut list, &mut keys, k);
            let quiet = !mv.capture && mv.promotion.is_none();
            let child = play_unchecked(pos, mv);
            let gives_check = in_check(&child);
            if futile && quiet && !gives_check && k > 0 {
                continue;
            }
            let ch = hash_after(pos, hash, mv, &child);
            let extension = (gives_check && ply < MAX_PLY / 2) as i32;
            let nd = depth - 1 + extension;
            self.path.push(ch);
            let score = if k == 0 {
                -self.negamax(&child, ch, nd, -beta, -alpha, ply + 1, gives_check, true)
            } else {
                // Late quiet moves are searched less deep first; a surprise is searched again.
                let killer = keys[k] >= ORDER_KILLER;
                let mut r = 0;
                if depth >= 3 && k >= 3 && quiet && !in_chk && !gives_check && !killer {
                    r = 1 + (k >= 8) as i32 + (depth >= 6) as i32 - pv_node as i32;
                    r = r.clamp(0, nd - 1);
                }
                let mut s = -self.negamax(
                    &child,
                    ch,
                    nd - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    gives_check,
                    true,
                );
                if r > 0 && s > alpha && !self.stopped {
                    s = -self.negamax(
                        &child,
                        ch,
                        nd,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        gives_check,
                        true,
                    );
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(&child, ch, nd, -beta, -alpha, ply + 1, gives_check, true);
                }
                s
            };
            self.path.pop();
            if self.stopped {
                self.done_with(keys);
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if quiet {
                            self.reward(pos, mv, depth, ply);
                        }
                        break;
                    }
                }
            }
        }
        self.done_with(keys);
        if best == -INF {
            // Every move was pruned as futile: the static score stands.
            return static_eval.max(alpha0);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.put(hash ^ self.salt, depth, to_tt(best, ply), bound, best_move);
        best
    }

    /// Captures and promotions until the position is quiet (the side to move may stand pat);
    /// in check, every evasion. Levels may stop after a few plies of captures (`q_plies`), so
    /// that a long exchange is not seen to its end.
    #[allow(clippy::too_many_arguments)]
    fn quiesce(
        &mut self,
        pos: &Position,
        hash: u64,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
        in_chk: bool,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if insufficient_material(pos) {
            return 0;
        }
        if let Some(s) = self.probe(pos, ply) {
            return s;
        }
        if ply >= MAX_PLY {
            return self.eval(pos, hash);
        }
        let mut list = MoveList::new();
        let stand;
        if in_chk {
            legal_moves(pos, self.rules, &mut list);
            if list.is_empty() {
                return -MATE + ply as i32;
            }
            // Checks and evasions could go on for long: after a few plies, judge statically.
            if qply >= 6 {
                return self.eval(pos, hash);
            }
            stand = -INF;
        } else {
            stand = self.eval(pos, hash);
            if stand >= beta || qply >= self.style.q_plies {
                return stand;
            }
            alpha = alpha.max(stand);
            tactical_moves(pos, &mut list);
        }
        let mut keys = self.keys();
        for (k, &mv) in list.iter().enumerate() {
            keys[k] = if mv.capture || mv.promotion.is_some() {
                ORDER_CAPTURE + mvv_lva(pos, mv)
            } else {
                0
            };
        }
        let their_pawns = pawn_attacks(pos, pos.side.opposite());
        let late = phase(pos) <= 4;
        let mut best = stand;
        for k in 0..list.len() {
            let mv = Self::pick(&mut list, &mut keys, k);
            if !in_chk {
                let victim = victim_value(pos, mv);
                let promo = mv.promotion.map_or(0, |p| VALUE[p.index()] - VALUE[0]);
                // Even winning this piece for free would not reach alpha.
                if !late && stand + victim + promo + 200 <= alpha {
                    continue;
                }
                // A piece taking something cheaper on a square a pawn guards loses material.
                let attacker = pos.kind_at(mv.from).map_or(0, |p| VALUE[p.index()]);
                if promo == 0 && attacker > victim && their_pawns & mv.to.bit() != 0 {
                    continue;
                }
            }
            let child = play_unchecked(pos, mv);
            let ch = hash_after(pos, hash, mv, &child);
            let gives_check = in_check(&child);
            self.path.push(ch);
            let score = -self.quiesce(&child, ch, -beta, -alpha, ply + 1, qply + 1, gives_check);
            self.path.pop();
            if self.stopped {
                self.done_with(keys);
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.done_with(keys);
        best
    }

    /// The principal variation from the table, checked move by move.
    pub fn pv(&self, root: &Position, root_hash: u64, first: Move, max: usize) -> Vec<Move> {
        let mut line = vec![first];
        let mut pos = play_unchecked(root, first);
        let mut hash = hash_after(root, root_hash, first, &pos);
        let mut seen = vec![root_hash, hash];
        while line.len() < max {
            let Some(hit) = self.tt.get(hash ^ self.salt) else { break };
            let mut list = MoveList::new();
            legal_moves(&pos, self.rules, &mut list);
            let Some(&mv) = list.iter().find(|m| same(**m, hit.best)) else { break };
            let next = play_unchecked(&pos, mv);
            hash = hash_after(&pos, hash, mv, &next);
            pos = next;
            line.push(mv);
            if seen.contains(&hash) {
                break;
            }
            seen.push(hash);
        }
        line
    }
}

/// Whether the side to move has a pawn one step from promotion.
pub(crate) fn can_promote(pos: &Position) -> bool {
    let row = pos.side.last_row() as i32 - pos.side.forward();
    pos.pieces(pos.side, PieceKind::Pawn) & (0xffu64 << (8 * row)) != 0
}
