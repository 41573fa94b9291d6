//! The computer opponent: a small alpha-beta engine with eight levels for children.
//!
//! # How it plays
//!
//! [`Engine::play`] takes a [`Game`] (start position and moves, so repetitions are known) and a
//! level 1–8, and answers with a [`Reply`]. Underneath:
//!
//! - **Search** (module `search`): iterative deepening negamax with alpha-beta and principal
//!   variation search; a quiescence search of captures and queen promotions (and every evasion
//!   when in check); move ordering by the transposition-table move, MVV-LVA for captures
//!   (seed 002's values), two killer moves a ply and a history table; null-move pruning (not in
//!   pawn endings, where zugzwang is common), late-move reductions, a check extension.
//! - **Hash** (module `hash`): Zobrist keys and a transposition table (4 MiB). The rules'
//!   [`Position`] carries no hash (perft stays as fast as before): the engine updates its own
//!   hash move by move.
//! - **Evaluation** (module `eval`): seed 002's values (pawn 100, knight 320, bishop 330, rook
//!   500, queen 900; the king's 20000 only orders captures) plus piece-square tables built from a
//!   few rules, light pawn structure (doubled, isolated, passed), bishop pair, rooks on open
//!   files, mobility, king shelter and pressure, and in the ending the king in the centre, the
//!   rule of the square and mop-up of a bare king.
//! - **Draws**: a repetition of any position since the last capture or pawn move (in the game or
//!   the search path) scores 0, as do the 50-move rule and dead positions
//!   ([`insufficient_material`]). Mates score `MATE - plies`, so the nearest mate is preferred
//!   and the longest defence chosen when mated.
//! - **Endgame tables**: when the solver's tables are loaded ([`Engine::set_endgame`]) and the
//!   root position is in its classes (KPK, KPKP, KQK, KQKP, KQKQ), the engine plays the solver's
//!   move — perfect — at every level. Inside the search every position of those classes scores
//!   exactly (won, drawn or lost, nearer conversions first), where it is a look-up
//!   ([`Endgame::probe_quick`]). The solver plays by auto-queen rules; under standard rules a
//!   position where the side to move can promote is searched instead, as only there may an
//!   underpromotion change the result (docs/endgame-underpromotion.md).
//!
//! # Levels
//!
//! [`LEVELS`] is the table. Low levels make a beginner's mistakes, not random moves: they look
//! fewer plies ahead and follow fewer captures to their end (a long exchange is misjudged), their
//! judgement of quiet positions is noisy, they sometimes overlook the reply to a move (a piece
//! left where it can be taken), and they pick among the moves that look nearly best by chance
//! (a softmax over the scores at the level's temperature). All chance comes from the `seed`, so
//! a game is reproducible. A hanging queen is almost always taken even at level 1, and a mate
//! that a level sees is always played.
//!
//! Every reply stops at the level's node budget and, with a clock, at [`REPLY_MS`]
//! milliseconds; the first iteration always completes, so there is always a move. Native
//! release builds reply in well under the budget; see `bench/ladder.txt` for the measured times
//! and the strength ladder.
//!
//! # Draw offers
//!
//! [`Engine::accepts_draw`] (and [`accepts_draw`]): the computer accepts only when a short,
//! noise-free search says the game is level — `|score| ≤` [`DRAW_MARGIN`] centipawns — or the
//! position is a dead or tablebase draw. Ahead, it plays on; behind, it also plays on, so that a
//! child who is winning wins.

mod eval;
mod hash;
#[cfg(not(target_arch = "wasm32"))]
pub mod ladder;
mod search;

use crate::board::Position;
use crate::endgame::{Endgame, Wdl};
use crate::rules::{insufficient_material, legal_moves, Game, Move, MoveList};
use std::fmt;
use std::sync::Arc;

pub use eval::{evaluate, VALUE};
pub use hash::hash;
pub use search::{Clock, Limits, RootMove, INF, MATE, MATE_BOUND, TB_BOUND, TB_WIN};
use search::{Searcher, Style};

/// How one level plays. Chance comes from the seed, so the same game and seed give the same move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// The node budget of a reply (also what makes the strength ladder reproducible).
    pub nodes: u64,
    /// How many plies of captures the quiescence search follows (99: to the end).
    pub q_plies: u32,
    /// Noise on the evaluation of each position, ± centipawns (triangular).
    pub noise: i32,
    /// Root moves within this many centipawns of the best are candidates.
    pub window: i32,
    /// Softmax temperature over the candidates, centipawns (0: always the best).
    pub temperature: i32,
    /// Per mille of replies in which one move, chosen by chance, is judged without looking at
    /// the opponent's answer (a capture that is recaptured, a piece left where it can be taken).
    pub blind: u32,
}

/// The eight levels. Budgets are nodes; with a clock a reply also stops at [`REPLY_MS`].
pub const LEVELS: [Level; 8] = [
    // 1: one ply and one capture beyond: takes what hangs, misjudges exchanges, overlooks an
    //    answer in one reply of four; a loose choice among the decent-looking moves.
    Level {
        depth: 1,
        nodes: 2_000,
        q_plies: 1,
        noise: 20,
        window: 80,
        temperature: 30,
        blind: 250,
    },
    // 2: sees the reply and one capture beyond; still careless.
    Level {
        depth: 2,
        nodes: 4_000,
        q_plies: 1,
        noise: 16,
        window: 60,
        temperature: 22,
        blind: 150,
    },
    // 3: sees the reply and short exchanges.
    Level { depth: 2, nodes: 8_000, q_plies: 3, noise: 12, window: 45, temperature: 16, blind: 80 },
    // 4: three plies, most exchanges; an occasional oversight.
    Level {
        depth: 3,
        nodes: 15_000,
        q_plies: 6,
        noise: 10,
        window: 35,
        temperature: 12,
        blind: 40,
    },
    // 5: four plies, every exchange to its end, a little noise.
    Level { depth: 4, nodes: 30_000, q_plies: 99, noise: 8, window: 25, temperature: 8, blind: 15 },
    // 6: five plies, almost always one of the best moves.
    Level { depth: 5, nodes: 60_000, q_plies: 99, noise: 5, window: 15, temperature: 5, blind: 0 },
    // 7: deeper, plays the best move it finds (a tiny noise still varies its games by seed).
    Level { depth: 7, nodes: 130_000, q_plies: 99, noise: 3, window: 0, temperature: 0, blind: 0 },
    // 8: as deep as the budget allows, no noise: the engine's full strength.
    Level { depth: 64, nodes: 400_000, q_plies: 99, noise: 0, window: 0, temperature: 0, blind: 0 },
];

/// A reply's time budget with a clock, in milliseconds: a reply must come within about a second
/// in the browser (WebAssembly on a slow machine). No new iteration starts after 40 % of it.
pub const REPLY_MS: f64 = 900.0;

/// The largest `|score|` (centipawns) at which the computer accepts a draw offer.
pub const DRAW_MARGIN: i32 = 50;

/// Why the engine cannot answer; the message names the field, as the rest of the crate does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The level is outside 1–8.
    Level(u32),
    /// The game is over.
    GameOver(crate::rules::Outcome),
    /// The side to move has no move.
    NoMoves(crate::board::Color),
}

impl EngineError {
    /// The message for a person.
    pub fn message(&self) -> crate::message::Message {
        match *self {
            EngineError::Level(level) => msg!("engine-level", level = level, param = "level"),
            EngineError::GameOver(o) => {
                msg!(
                    "engine-game-over",
                    reason = o.reason.name(),
                    result = o.result(),
                    param = "position"
                )
            }
            EngineError::NoMoves(side) => msg!("engine-no-moves", side = side, param = "position"),
        }
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for EngineError {}

impl From<EngineError> for crate::message::Message {
    fn from(e: EngineError) -> Self {
        e.message()
    }
}

/// The settings of level `n` (1–8).
pub fn level(n: u32) -> Result<&'static Level, EngineError> {
    match n {
        1..=8 => Ok(&LEVELS[n as usize - 1]),
        _ => Err(EngineError::Level(n)),
    }
}

/// The computer's move and how it was found.
#[derive(Clone, Debug)]
pub struct Reply {
    pub mv: Move,
    /// Centipawns from the mover's side; `±(MATE - n)` for a mate in `n` plies, `±(TB_WIN - n)`
    /// for a win or loss the endgame tables know of.
    pub score: i32,
    /// The last complete iteration (0 when the tables answered).
    pub depth: u32,
    pub nodes: u64,
    /// Milliseconds on the clock (0 without one).
    pub ms: f64,
    /// The move is the endgame solver's.
    pub from_tables: bool,
    /// The line the engine expects, starting with the move.
    pub pv: Vec<Move>,
}

impl Reply {
    /// Moves to mate: positive when the mover mates, negative when it is mated.
    pub fn mate_in(&self) -> Option<i32> {
        let s = self.score;
        if s >= MATE_BOUND {
            Some((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Some(-(MATE + s) / 2)
        } else {
            None
        }
    }
}

/// The engine: a transposition table and, optionally, the endgame solver's tables.
pub struct Engine {
    tt: hash::Table,
    endgame: Option<Arc<Endgame>>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

/// The side to move's legal moves, or why there are none to search.
fn root_moves(game: &Game) -> Result<MoveList, EngineError> {
    if let Some(o) = game.outcome() {
        return Err(EngineError::GameOver(o));
    }
    let mut list = MoveList::new();
    legal_moves(game.position(), game.rules(), &mut list);
    if list.is_empty() {
        return Err(EngineError::NoMoves(game.position().side));
    }
    Ok(list)
}

/// The hashes of the game's positions, oldest first, the current one last.
fn game_hashes(game: &Game) -> Vec<u64> {
    let mut out: Vec<u64> = game.history().map(|(p, _)| hash::hash(p)).collect();
    out.push(hash::hash(game.position()));
    out
}

/// Whether the position belongs to the solver's classes by its material alone (both kings, at
/// most one pawn or queen a side).
fn in_solver_classes(pos: &Position) -> bool {
    use crate::board::{Color, PieceKind};
    let others = pos.occupied() & !pos.kind_bb(PieceKind::King);
    pos.king(Color::White).is_some()
        && pos.king(Color::Black).is_some()
        && others & !(pos.kind_bb(PieceKind::Pawn) | pos.kind_bb(PieceKind::Queen)) == 0
        && Color::BOTH.iter().all(|&c| (others & pos.color_bb(c)).count_ones() <= 1)
}

impl Engine {
    /// An engine with a 4 MiB transposition table and no endgame tables.
    pub fn new() -> Engine {
        Engine { tt: hash::Table::new(18), endgame: None }
    }

    /// Use the endgame solver (its tables loaded, or loaded later).
    pub fn set_endgame(&mut self, endgame: Option<Arc<Endgame>>) {
        self.endgame = endgame;
    }

    pub fn endgame(&self) -> Option<&Arc<Endgame>> {
        self.endgame.as_ref()
    }

    /// Forget what earlier searches stored.
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Runs `f` with an engine that answers exactly as `Engine::new()` would (no endgame tables,
    /// an empty table) but without allocating and zeroing a new 4 MiB table each time: one engine
    /// a thread, cleared before each use. The doctor and the practice generators search many
    /// positions in a row; in WebAssembly the new table cost more than a short search.
    pub fn with_fresh<R>(f: impl FnOnce(&mut Engine) -> R) -> R {
        thread_local! {
            static FRESH: std::cell::RefCell<Option<Engine>> = const { std::cell::RefCell::new(None) };
        }
        FRESH.with(|cell| match cell.try_borrow_mut() {
            Ok(mut slot) => {
                let engine = slot.get_or_insert_with(Engine::new);
                engine.clear();
                engine.endgame = None;
                f(engine)
            }
            // a search inside a search of this thread gets an engine of its own
            Err(_) => f(&mut Engine::new()),
        })
    }

    /// The solver's move when the root is in its classes and its tables answer.
    fn table_move(&self, game: &Game, moves: &MoveList) -> Option<Reply> {
        let eg = self.endgame.as_ref()?;
        let pos = game.position();
        if !in_solver_classes(pos) {
            return None;
        }
        if !game.rules().auto_queen && search::can_promote(pos) {
            return None;
        }
        let verdict = eg.probe(pos).ok()?;
        let mv = eg.best_move(pos).ok()??;
        // The solver's move in the game's own move list (it is legal under both rules).
        let mv = *moves.iter().find(|m| **m == mv)?;
        let d = verdict.distance as i32;
        let score = match verdict.result {
            Wdl::Win => TB_WIN - d,
            Wdl::Draw => 0,
            Wdl::Loss => -(TB_WIN - d),
        };
        Some(Reply { mv, score, depth: 0, nodes: 0, ms: 0.0, from_tables: true, pv: vec![mv] })
    }

    /// Search at full strength within `limits` (no noise, no chance): the best move found.
    pub fn search(&mut self, game: &Game, limits: &Limits) -> Result<Reply, EngineError> {
        self.run(game, limits, Style::EXACT, &LEVELS[7], 0, None)
    }

    /// As [`Engine::search`], and beside its reply the reply of each shallower depth it
    /// completed: `shallower[k]` is exactly what a search of the same game with a fresh table and
    /// `depth` `k + 1` (the same node budget, no clock) would answer, found without searching again (the
    /// doctor proves a claim by two successive depths agreeing). Empty when the tables answered.
    pub fn search_by_depth(
        &mut self,
        game: &Game,
        limits: &Limits,
    ) -> Result<(Reply, Vec<Reply>), EngineError> {
        let mut shallower = Vec::new();
        let reply =
            self.run(game, limits, Style::EXACT, &LEVELS[7], 0, Some((&mut shallower, None)))?;
        Ok((reply, shallower))
    }

    /// As [`Engine::search_by_depth`], asking only whether the side to move has a move scoring
    /// at least `beta` ([`search::Searcher::bound_root`]): the reply's score is a lower bound
    /// (`>= beta`, its move the first found to reach it) or an upper bound (`< beta`), at each
    /// depth. A fresh table answers the same bound search the same way, bit for bit.
    pub fn search_bound(
        &mut self,
        game: &Game,
        limits: &Limits,
        beta: i32,
    ) -> Result<(Reply, Vec<Reply>), EngineError> {
        let mut shallower = Vec::new();
        let reply = self.run(
            game,
            limits,
            Style::EXACT,
            &LEVELS[7],
            0,
            Some((&mut shallower, Some(beta))),
        )?;
        Ok((reply, shallower))
    }

    /// The move of level `level` (1–8) with chance from `seed`. With a clock the reply also
    /// stops at [`REPLY_MS`]; without one only the level's node budget limits it (reproducible).
    pub fn play(
        &mut self,
        game: &Game,
        level_no: u32,
        seed: u64,
        clock: Option<&dyn Clock>,
    ) -> Result<Reply, EngineError> {
        let lv = level(level_no)?;
        let limits =
            Limits { depth: lv.depth, nodes: lv.nodes, time: clock.map(|c| (c, REPLY_MS)) };
        self.play_within(game, level_no, seed, &limits)
    }

    /// As [`Engine::play`], with other limits (tests give a level a clock and another budget).
    pub fn play_within(
        &mut self,
        game: &Game,
        level_no: u32,
        seed: u64,
        limits: &Limits,
    ) -> Result<Reply, EngineError> {
        let lv = level(level_no)?;
        let style = Style {
            noise: lv.noise,
            seed: hash::mix(seed),
            q_plies: lv.q_plies,
            margin: lv.window,
            blind: lv.blind,
        };
        self.run(game, limits, style, lv, seed, None)
    }

    fn run(
        &mut self,
        game: &Game,
        limits: &Limits,
        style: Style,
        lv: &Level,
        seed: u64,
        by_depth: Option<(&mut Vec<Reply>, Option<i32>)>,
    ) -> Result<Reply, EngineError> {
        let started = limits.time.map(|(c, _)| c.now_ms());
        let elapsed = |r: &mut Reply| {
            if let (Some(t0), Some((c, _))) = (started, limits.time) {
                r.ms = c.now_ms() - t0;
            }
        };
        let moves = root_moves(game)?;
        if let Some(mut r) = self.table_move(game, &moves) {
            elapsed(&mut r);
            return Ok(r);
        }
        let pos = *game.position();
        let root_hash = hash::hash(&pos);
        // In `blind` per mille of replies, one move chosen by chance is judged without its reply.
        let mut blind = vec![false; moves.len()];
        let draw = hash::mix(style.seed ^ root_hash ^ 0x0062_6c69_6e64);
        if style.blind > 0 && draw % 1000 < style.blind as u64 {
            blind[(draw >> 20) as usize % moves.len()] = true;
        }
        let endgame = self.endgame.clone();
        let mut searcher = Searcher::new(
            &mut self.tt,
            endgame.as_deref(),
            game.rules(),
            style,
            limits,
            game_hashes(game),
        );
        let by_depth = by_depth.map(|(kept, beta)| {
            searcher.keep_iterations();
            if let Some(b) = beta {
                searcher.bound_root(b);
            }
            kept
        });
        let out = searcher.iterate(&pos, root_hash, &moves, &blind);
        if let (Some(by_depth), Some(kept)) = (by_depth, searcher.kept.take()) {
            // a search ending at that depth: its move by the same choice (no noise: the best)
            by_depth.extend(kept.into_iter().map(|it| Reply {
                mv: it.best.mv,
                score: it.best.score,
                depth: it.depth,
                nodes: it.nodes,
                ms: 0.0,
                from_tables: false,
                pv: it.pv,
            }));
        }
        let chosen = choose(&out.moves, lv, seed ^ root_hash);
        let pv = if chosen.blind {
            vec![chosen.mv]
        } else {
            searcher.pv(&pos, root_hash, chosen.mv, 12)
        };
        let mut r = Reply {
            mv: chosen.mv,
            score: chosen.score,
            depth: out.depth,
            nodes: out.nodes,
            ms: 0.0,
            from_tables: false,
            pv,
        };
        elapsed(&mut r);
        Ok(r)
    }

    /// Whether the computer, at level `level_no`, accepts a draw offer in this game: only when a
    /// short noise-free search says the game is level (`|score| ≤ DRAW_MARGIN`), or the position
    /// is dead or a tablebase draw. A finished game accepts nothing.
    pub fn accepts_draw(&mut self, game: &Game, level_no: u32) -> Result<bool, EngineError> {
        let lv = level(level_no)?;
        if game.outcome().is_some() {
            return Ok(false);
        }
        let pos = game.position();
        if insufficient_material(pos) {
            return Ok(true);
        }
        if let Some(eg) = &self.endgame {
            if in_solver_classes(pos) && (game.rules().auto_queen || !search::can_promote(pos)) {
                if let Some(v) = eg.probe_quick(pos) {
                    return Ok(v.result == Wdl::Draw);
                }
            }
        }
        // An even depth (two plies for the beginner levels, four above): odd depths give the side
        // to move one move more and overrate it by a few dozen centipawns.
        let limits = Limits { depth: if lv.depth >= 3 { 4 } else { 2 }, nodes: 30_000, time: None };
        let reply = self.run(game, &limits, Style::EXACT, &LEVELS[7], 0, None)?;
        Ok(reply.score.abs() <= DRAW_MARGIN)
    }
}

/// The level's choice among the root moves (best first): a mate or a level without temperature
/// takes the best; otherwise a softmax over the moves within the level's window of the best.
fn choose(moves: &[RootMove], lv: &Level, seed: u64) -> RootMove {
    let best = moves[0];
    if lv.temperature == 0 || best.score >= MATE_BOUND {
        return best;
    }
    let candidates: Vec<&RootMove> = moves
        .iter()
        .filter(|m| m.exact && m.score > -MATE_BOUND && m.score >= best.score - lv.window)
        .collect();
    if candidates.len() <= 1 {
        return best;
    }
    let t = lv.temperature as f64;
    let weights: Vec<f64> =
        candidates.iter().map(|m| ((m.score - best.score) as f64 / t).exp()).collect();
    let total: f64 = weights.iter().sum();
    let r = (hash::mix(seed ^ 0x6368_6f6f_7365) >> 11) as f64 / (1u64 << 53) as f64 * total;
    let mut acc = 0.0;
    for (m, w) in candidates.iter().zip(&weights) {
        acc += w;
        if r < acc {
            return **m;
        }
    }
    best
}

/// The move of level `level_no` with chance from `seed`, by node budget only (reproducible), with
/// a fresh engine and no endgame tables.
pub fn best_move(game: &Game, level_no: u32, seed: u64) -> Result<Reply, EngineError> {
    Engine::new().play(game, level_no, seed, None)
}

/// Whether the computer at `level_no` accepts a draw offer (see [`Engine::accepts_draw`]); false
/// for a bad level or a finished game.
pub fn accepts_draw(game: &Game, level_no: u32) -> bool {
    Engine::new().accepts_draw(game, level_no).unwrap_or(false)
}

/// A clock for native builds.
#[cfg(not(target_arch = "wasm32"))]
pub struct SystemClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl SystemClock {
    pub fn new() -> SystemClock {
        SystemClock(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for SystemClock {
    fn default() -> Self {
        SystemClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for SystemClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_fen;
    use crate::rules::{play_unchecked, Rules};

    #[test]
    fn a_reused_engine_answers_as_a_new_one() {
        // the same searches, in a row, through `with_fresh` and through new engines: the same
        // moves, scores, depths and node counts (the doctor's verdicts rest on this)
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
        ] {
            let game = Game::new(parse_fen(fen).unwrap(), Rules::STANDARD).unwrap();
            let limits = Limits { depth: 5, nodes: 50_000, time: None };
            for _ in 0..3 {
                let fresh = Engine::new().search(&game, &limits).unwrap();
                let reused = Engine::with_fresh(|e| e.search(&game, &limits)).unwrap();
                let key = |r: &Reply| (r.mv, r.score, r.depth, r.nodes, r.pv.clone());
                assert_eq!(key(&fresh), key(&reused), "{fen}");
            }
        }
    }

    #[test]
    fn each_depth_of_a_search_answers_as_a_search_to_that_depth() {
        // `search_by_depth`'s shallower replies are what searches stopped at those depths answer:
        // the same moves, scores, depths, node counts and lines (the doctor proves a claim by two
        // depths agreeing and reads the shallower one from the deeper search); with a node budget
        // that cuts the deepest iteration short too
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
            "4k3/8/8/3q4/8/8/3R4/3QK3 b - - 0 1",
        ] {
            let game = Game::new(parse_fen(fen).unwrap(), Rules::STANDARD).unwrap();
            for nodes in [200_000, 3_000] {
                let limits = Limits { depth: 6, nodes, time: None };
                let key =
                    |r: &Reply| (r.mv, r.score, r.depth, r.nodes, r.from_tables, r.pv.clone());
                let (deepest, shallower) =
                    Engine::with_fresh(|e| e.search_by_depth(&game, &limits)).unwrap();
                let plain = Engine::new().search(&game, &limits).unwrap();
                assert_eq!(key(&deepest), key(&plain), "{fen}");
                assert_eq!(shallower.len() as u32, deepest.depth, "{fen}: one reply a depth");
                for (k, r) in shallower.iter().enumerate() {
                    let d = k as u32 + 1;
                    assert_eq!(r.depth, d, "{fen}");
                    let alone = Limits { depth: d, nodes, time: None };
                    let fresh = Engine::with_fresh(|e| e.search(&game, &alone)).unwrap();
                    assert_eq!(key(r), key(&fresh), "{fen} at depth {d}");
                }
            }
        }
    }

    #[test]
    fn incremental_hash_matches_full_hash() {
        let mut seed = 7u64;
        for start in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ] {
            for _ in 0..20 {
                let mut pos = parse_fen(start).unwrap();
                let mut h = hash(&pos);
                for _ in 0..60 {
                    let mut list = MoveList::new();
                    legal_moves(&pos, Rules::STANDARD, &mut list);
                    if list.is_empty() {
                        break;
                    }
                    seed = hash::mix(seed);
                    let mv = list[(seed % list.len() as u64) as usize];
                    let next = play_unchecked(&pos, mv);
                    h = hash::hash_after(&pos, h, mv, &next);
                    assert_eq!(h, hash(&next), "after {}", mv.uci());
                    pos = next;
                }
            }
        }
    }

    #[test]
    fn levels_are_checked() {
        assert!(level(0).is_err());
        assert!(level(9).is_err());
        assert_eq!(level(8).unwrap().depth, 64);
        assert_eq!(
            level(0).unwrap_err().to_string(),
            "level: 0 is not a level; the levels are 1 to 8"
        );
    }
}
