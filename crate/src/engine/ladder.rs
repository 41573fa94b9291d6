//! The strength ladder: each level plays the next over many games, by node budgets only (so the
//! result is the same on every machine), from varied short openings with both colours.
//! `chess-tutor ladder` runs it; `npm run bench` prints it; `bench/ladder.txt` keeps a run.
//!
//! A game ends by the rules (mate, stalemate, dead position, fivefold, 75 moves), by a draw
//! either side could claim (threefold, 50 moves), or by adjudication: the endgame tables where
//! they apply, both engines agreeing that one side is ahead by [`ADJUDICATE_CP`] for four plies
//! in a row, or at the ply cap a neutral search (a side ahead by [`CAP_MARGIN_CP`] wins).

use super::{hash, Engine, Limits, Reply, LEVELS, MATE_BOUND};
use crate::board::{Color, Position};
use crate::endgame::{Endgame, Wdl};
use crate::notation::parse_uci;
use crate::rules::{Game, Rules};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Short openings (UCI from the initial position): common first moves, so games differ.
pub const OPENINGS: [&str; 24] = [
    "e2e4 e7e5 g1f3 b8c6",
    "e2e4 e7e5 g1f3 g8f6",
    "e2e4 c7c5 g1f3 d7d6",
    "e2e4 c7c5 b1c3 b8c6",
    "e2e4 e7e6 d2d4 d7d5",
    "e2e4 c7c6 d2d4 d7d5",
    "e2e4 d7d5 e4d5 d8d5",
    "e2e4 d7d6 d2d4 g8f6",
    "e2e4 e7e5 f1c4 g8f6",
    "e2e4 e7e5 b1c3 b8c6",
    "d2d4 d7d5 c2c4 e7e6",
    "d2d4 d7d5 c2c4 c7c6",
    "d2d4 g8f6 c2c4 g7g6",
    "d2d4 g8f6 c2c4 e7e6",
    "d2d4 d7d5 g1f3 g8f6",
    "d2d4 f7f5 g2g3 g8f6",
    "c2c4 e7e5 b1c3 g8f6",
    "c2c4 c7c5 g1f3 b8c6",
    "g1f3 d7d5 g2g3 g8f6",
    "g1f3 g8f6 c2c4 b7b6",
    "e2e4 g7g6 d2d4 f8g7",
    "b2b3 e7e5 c1b2 b8c6",
    "e2e4 b8c6 d2d4 d7d5",
    "d2d4 e7e6 e2e4 c7c5",
];

/// Both engines' scores beyond this for four plies in a row decide a game.
pub const ADJUDICATE_CP: i32 = 800;
/// At the ply cap, a neutral search's margin for a win.
pub const CAP_MARGIN_CP: i32 = 250;

#[derive(Clone, Debug)]
pub struct Options {
    /// Games per pair (half with each colour).
    pub games: usize,
    /// Plies after the opening before the game is adjudicated.
    pub max_plies: usize,
    pub threads: usize,
    /// The lower level of each pair played (the higher is the next one).
    pub lows: Vec<u32>,
}

impl Default for Options {
    fn default() -> Self {
        Options { games: 40, max_plies: 160, threads: 2, lows: (1..8).collect() }
    }
}

/// The result of one game from the higher level's side: 1, ½ or 0 (in half points: 2, 1, 0).
#[derive(Clone, Debug)]
struct GameResult {
    pair: usize,
    half_points: u32,
    plies: usize,
    how: &'static str,
}

/// A pair's results, from the higher level's side.
#[derive(Clone, Debug, Default)]
pub struct PairResult {
    pub low: u32,
    pub high: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub plies: usize,
    pub adjudicated: u32,
}

impl PairResult {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
    /// The higher level's score in per cent.
    pub fn percent(&self) -> f64 {
        let g = self.games().max(1) as f64;
        100.0 * (self.wins as f64 + 0.5 * self.draws as f64) / g
    }
}

/// Reply times per level (native, by node budget): count, total and largest milliseconds.
#[derive(Clone, Debug, Default)]
pub struct Timing {
    pub replies: u64,
    pub total_ms: f64,
    pub max_ms: f64,
    pub nodes: u64,
}

pub struct Report {
    pub pairs: Vec<PairResult>,
    pub timing: [Timing; 8],
    pub seconds: f64,
}

fn score_for_white(r: &Reply, mover: Color) -> i32 {
    if mover == Color::White {
        r.score
    } else {
        -r.score
    }
}

#[allow(clippy::too_many_arguments)]
fn play_game(
    low: u32,
    high: u32,
    opening: &str,
    high_is_white: bool,
    game_no: usize,
    opts: &Options,
    endgame: Option<&Arc<Endgame>>,
    timing: &Mutex<[Timing; 8]>,
) -> (u32, usize, &'static str) {
    let mut game = Game::new(Position::initial(), Rules::STANDARD).expect("the initial position");
    for m in opening.split_whitespace() {
        let mv = parse_uci(game.position(), m, Rules::STANDARD).expect("a legal opening");
        game.play(mv).expect("a legal opening");
    }
    let mut engines = [Engine::new(), Engine::new()];
    for e in engines.iter_mut() {
        e.set_endgame(endgame.cloned());
    }
    let level_of = |c: Color| if (c == Color::White) == high_is_white { high } else { low };
    let white_result = |winner: Option<Color>| match winner {
        Some(Color::White) => 2,
        Some(Color::Black) => 0,
        None => 1,
    };
    let to_high = |white_half: u32| if high_is_white { white_half } else { 2 - white_half };
    let mut streak: i32 = 0;
    let mut plies = 0;
    loop {
        let status = game.status();
        if let Some(o) = status.outcome {
            return (to_high(white_result(o.winner)), plies, "rules");
        }
        if status.claim_threefold || status.claim_fifty {
            return (to_high(1), plies, "claim");
        }
        let pos = *game.position();
        if let Some(eg) = endgame {
            if super::in_solver_classes(&pos) && !super::search::can_promote(&pos) {
                if let Some(v) = eg.probe_quick(&pos) {
                    let mover_wins = match v.result {
                        Wdl::Win => Some(pos.side),
                        Wdl::Loss => Some(pos.side.opposite()),
                        Wdl::Draw => None,
                    };
                    return (to_high(white_result(mover_wins)), plies, "tables");
                }
            }
        }
        if plies >= opts.max_plies {
            let mut judge = Engine::new();
            let limits = Limits { depth: 64, nodes: 200_000, time: None };
            let r = judge.search(&game, &limits).expect("an unfinished game has a move");
            let w = score_for_white(&r, pos.side);
            let half = if w >= CAP_MARGIN_CP {
                2
            } else if w <= -CAP_MARGIN_CP {
                0
            } else {
                1
            };
            return (to_high(half), plies, "cap");
        }
        let lv = level_of(pos.side);
        let seed = hash::mix((game_no as u64) << 32 ^ (plies as u64) << 8 ^ lv as u64);
        let t0 = Instant::now();
        let r = engines[pos.side.index()]
            .play(&game, lv, seed, None)
            .expect("an unfinished game has a move");
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        {
            let mut t = timing.lock().unwrap();
            let t = &mut t[lv as usize - 1];
            t.replies += 1;
            t.total_ms += ms;
            t.max_ms = t.max_ms.max(ms);
            t.nodes += r.nodes;
        }
        let w = score_for_white(&r, pos.side);
        // Both sides must agree: the streak counts plies in a row beyond the margin one way.
        if w >= ADJUDICATE_CP || w >= MATE_BOUND {
            streak = if streak > 0 { streak + 1 } else { 1 };
        } else if w <= -ADJUDICATE_CP {
            streak = if streak < 0 { streak - 1 } else { -1 };
        } else {
            streak = 0;
        }
        game.play(r.mv).expect("the engine plays legal moves");
        plies += 1;
        if streak.abs() >= 4 {
            let winner = if streak > 0 { Color::White } else { Color::Black };
            return (to_high(white_result(Some(winner))), plies, "adjudicated");
        }
    }
}

/// Run the ladder; `progress` hears of each finished game (pair index, games done in all).
pub fn run(
    opts: &Options,
    endgame: Option<Arc<Endgame>>,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Report {
    let started = Instant::now();
    let jobs: Vec<(usize, usize)> =
        (0..opts.lows.len()).flat_map(|p| (0..opts.games).map(move |g| (p, g))).collect();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results = Mutex::new(Vec::<GameResult>::new());
    let timing = Mutex::new(<[Timing; 8]>::default());
    std::thread::scope(|s| {
        for _ in 0..opts.threads.max(1) {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::SeqCst);
                let Some(&(pair, g)) = jobs.get(k) else { break };
                let low = opts.lows[pair];
                let opening = OPENINGS[(g / 2) % OPENINGS.len()];
                let (half_points, plies, how) = play_game(
                    low,
                    low + 1,
                    opening,
                    g % 2 == 0,
                    g,
                    opts,
                    endgame.as_ref(),
                    &timing,
                );
                results.lock().unwrap().push(GameResult { pair, half_points, plies, how });
                progress(pair, done.fetch_add(1, Ordering::SeqCst) + 1);
            });
        }
    });
    let mut pairs: Vec<PairResult> = opts
        .lows
        .iter()
        .map(|&l| PairResult { low: l, high: l + 1, ..PairResult::default() })
        .collect();
    for r in results.into_inner().unwrap() {
        let p = &mut pairs[r.pair];
        match r.half_points {
            2 => p.wins += 1,
            1 => p.draws += 1,
            _ => p.losses += 1,
        }
        p.plies += r.plies;
        if r.how == "adjudicated" || r.how == "cap" || r.how == "tables" {
            p.adjudicated += 1;
        }
    }
    Report { pairs, timing: timing.into_inner().unwrap(), seconds: started.elapsed().as_secs_f64() }
}

impl Report {
    /// The table, as `bench/ladder.txt` keeps it.
    pub fn render(&self, opts: &Options) -> String {
        let mut s = String::new();
        s.push_str(&format!(
            "Strength ladder: each level against the next, {} games a pair (openings x both colours), node budgets, \
             cap {} plies after the opening\n\n",
            opts.games, opts.max_plies
        ));
        s.push_str("  pair     games  W-D-L (higher level)  points %  avg plies  adjudicated\n");
        s.push_str("  -------  -----  --------------------  --------  ---------  -----------\n");
        for p in &self.pairs {
            s.push_str(&format!(
                "  {} v {}    {:>5}  {:>20}  {:>7.1}%  {:>9.0}  {:>11}\n",
                p.high,
                p.low,
                p.games(),
                format!("{}-{}-{}", p.wins, p.draws, p.losses),
                p.percent(),
                p.plies as f64 / p.games().max(1) as f64,
                p.adjudicated
            ));
        }
        let all_better = self.pairs.iter().all(|p| p.percent() > 50.0);
        s.push_str(&format!(
            "\n  every higher level scored more than 50 %: {}\n",
            if all_better { "yes" } else { "NO" }
        ));
        s.push_str("\n  Reply time per level (native release, this machine, by node budget):\n\n");
        s.push_str("  level  nodes budget  replies  avg nodes  avg ms  max ms\n");
        s.push_str("  -----  ------------  -------  ---------  ------  ------\n");
        for (k, t) in self.timing.iter().enumerate() {
            if t.replies == 0 {
                continue;
            }
            s.push_str(&format!(
                "  {:>5}  {:>12}  {:>7}  {:>9.0}  {:>6.1}  {:>6.1}\n",
                k + 1,
                LEVELS[k].nodes,
                t.replies,
                t.nodes as f64 / t.replies as f64,
                t.total_ms / t.replies as f64,
                t.max_ms
            ));
        }
        s.push_str(&format!("\n  {:.0} s on {} thread(s)\n", self.seconds, opts.threads));
        s
    }
}
