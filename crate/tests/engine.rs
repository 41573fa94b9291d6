//! The computer opponent: mates in one and two, legal moves at every level over self-play games,
//! the time budget, the endgame solver at the root, draw offers, believable mistakes at low
//! levels, and the `bestmove` command. Run with `cargo test --release`.
#![cfg(not(target_arch = "wasm32"))]

use chess_tutor::board::Position;
use chess_tutor::endgame::Endgame;
use chess_tutor::engine::{self, Clock, Engine, Limits, SystemClock, MATE};
use chess_tutor::notation::{parse_fen, parse_uci};
use chess_tutor::rules::{in_check, legal_moves, play_unchecked, Game, MoveList, Rules};
use std::sync::{Arc, OnceLock};

fn pos(fen: &str) -> Position {
    parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn game(fen: &str) -> Game {
    Game::new(pos(fen), Rules::STANDARD).unwrap()
}

fn moves(p: &Position) -> MoveList {
    let mut l = MoveList::new();
    legal_moves(p, Rules::STANDARD, &mut l);
    l
}

fn mated(p: &Position) -> bool {
    moves(p).is_empty() && in_check(p)
}

fn mate_in_one(p: &Position) -> bool {
    moves(p).iter().any(|&m| mated(&play_unchecked(p, m)))
}

fn tables() -> Arc<Endgame> {
    static EG: OnceLock<Arc<Endgame>> = OnceLock::new();
    EG.get_or_init(|| {
        Arc::new(Endgame::load_dir(&Endgame::default_dir()).expect("the data files in www/endgame"))
    })
    .clone()
}

/// Mates in one with every kind of piece, for both sides, including promotions.
const MATE_IN_ONE: [&str; 13] = [
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", // back rank, rook
    "k7/7Q/1K6/8/8/8/8/8 w - - 0 1",     // queen and king
    "6rk/6pp/7N/8/8/8/8/6K1 w - - 0 1",  // smothered, knight
    "7k/8/6KN/8/5B2/8/8/8 w - - 0 1",    // bishop with knight and king
    "k7/2P5/1K6/8/8/8/8/8 w - - 0 1",    // promotion
    "7k/5K1p/6P1/8/8/8/8/8 w - - 0 1",   // pawn
    "6k1/8/6K1/8/8/8/8/Q7 w - - 0 1",    // queen on the back rank
    "k7/6R1/8/8/8/8/8/6KR w - - 0 1",    // two rooks
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", // scholar's mate
    "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", // fool's mate, Black
    "6k1/5ppp/8/8/8/8/1q3PPP/6K1 b - - 0 1", // back rank, Black's queen
    "7k/R7/5N2/8/8/8/8/6K1 w - - 0 1",   // Arabian mate
    "8/8/8/8/8/1k6/3p4/1K6 b - - 0 1",   // Black promotes with mate
];

/// Mates in two (each checked below by brute force: no mate in one, a forced mate in two).
const MATE_IN_TWO: [&str; 8] = [
    "4k3/8/8/8/8/8/R7/1R4K1 w - - 0 1",    // rook ladder
    "1r4k1/r7/8/8/8/8/8/4K3 b - - 0 1",    // rook ladder, Black
    "7k/8/5K2/8/8/8/8/1Q6 w - - 0 1",      // king and queen
    "7k/8/8/6K1/8/8/8/6Q1 w - - 0 1",      // only Kf6
    "k7/8/2K5/8/8/8/8/7R w - - 0 1",       // king and rook
    "6k1/8/6K1/8/8/8/8/5R2 w - - 0 1",     // a waiting rook move
    "5r1k/6pp/7N/3Q4/8/8/8/6K1 w - - 0 1", // Philidor's smothered mate
    "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", // Légal's pattern
];

#[test]
fn mates_in_one_at_level_8() {
    for fen in MATE_IN_ONE {
        let g = game(fen);
        let r = Engine::new().play(&g, 8, 1, None).unwrap();
        assert!(mated(&play_unchecked(g.position(), r.mv)), "{fen}: {} does not mate", r.mv.uci());
        assert_eq!(r.score, MATE - 1, "{fen}");
        assert_eq!(r.mate_in(), Some(1));
    }
}

#[test]
fn mates_in_one_at_every_level_most_of_the_time() {
    // A level plays a mate it sees; even level 1 sees a mate in one.
    for level in 1..=8 {
        for fen in MATE_IN_ONE {
            let r = Engine::new().play(&game(fen), level, 7, None).unwrap();
            assert!(
                mated(&play_unchecked(&pos(fen), r.mv)),
                "level {level}, {fen}: {}",
                r.mv.uci()
            );
        }
    }
}

#[test]
fn mates_in_two_at_level_8() {
    for fen in MATE_IN_TWO {
        let p = pos(fen);
        assert!(!mate_in_one(&p), "{fen} has a mate in one");
        let r = Engine::new().play(&game(fen), 8, 1, None).unwrap();
        let after = play_unchecked(&p, r.mv);
        let replies = moves(&after);
        assert!(!replies.is_empty(), "{fen}: {} ends the game", r.mv.uci());
        for &reply in &replies {
            assert!(
                mate_in_one(&play_unchecked(&after, reply)),
                "{fen}: after {} {} there is no mate",
                r.mv.uci(),
                reply.uci()
            );
        }
        assert_eq!(r.score, MATE - 3, "{fen}: {}", r.mv.uci());
        assert_eq!(r.mate_in(), Some(2));
    }
}

/// Start positions for self-play: the openings of the ladder and a few with castling, en
/// passant, promotions and underpromotions about.
fn self_play_starts() -> Vec<Game> {
    let mut out = Vec::new();
    for opening in engine::ladder::OPENINGS.iter().take(6) {
        let mut g = Game::new(Position::initial(), Rules::STANDARD).unwrap();
        for m in opening.split_whitespace() {
            let mv = parse_uci(g.position(), m, Rules::STANDARD).unwrap();
            g.play(mv).unwrap();
        }
        out.push(g);
    }
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/P1k5/8/8/8/8/5Kp1/8 w - - 0 1",
        "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2",
    ] {
        out.push(game(fen));
    }
    out
}

#[test]
fn legal_moves_in_self_play_at_every_level() {
    let starts = self_play_starts();
    let mut checked = 0;
    for level in 1..=8u32 {
        // Levels 5-8 get a smaller node budget here: the point is many positions, not strength.
        let nodes = engine::level(level).unwrap().nodes.min(12_000);
        let limits = Limits { depth: 64, nodes, time: None };
        for (k, start) in starts.iter().enumerate() {
            if level >= 5 && k % 2 == 1 {
                continue;
            }
            let mut g = start.clone();
            let mut eng = [Engine::new(), Engine::new()];
            for ply in 0..50u64 {
                if g.outcome().is_some() {
                    break;
                }
                let side = g.position().side.index();
                let r = eng[side].play_within(&g, level, ply * 31 + k as u64, &limits).unwrap();
                assert!(
                    g.legal_moves().contains(&r.mv),
                    "level {level}: {} is not legal",
                    r.mv.uci()
                );
                g.play(r.mv).unwrap();
                checked += 1;
            }
            // A finished game has no move to give, and says so.
            if g.outcome().is_some() {
                let e = Engine::new().play(&g, level, 0, None).unwrap_err();
                assert!(e.to_string().starts_with("position: the game is over"), "{e}");
            }
        }
    }
    assert!(checked > 1000, "{checked} moves checked");
}

#[test]
fn a_reply_keeps_its_deadline() {
    // A busy middlegame; level 8 with a wall clock: the budget is 900 ms.
    let g = game("r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8");
    let clock = SystemClock::new();
    let t0 = clock.now_ms();
    let limits = Limits { depth: 64, nodes: u64::MAX, time: Some((&clock, 1000.0)) };
    let r = Engine::new().search(&g, &limits).unwrap();
    let ms = clock.now_ms() - t0;
    assert!(ms < 2500.0, "{ms} ms");
    assert!(r.depth >= 4, "depth {}", r.depth);
    assert!(g.legal_moves().contains(&r.mv));
    // The level's own budget: nodes, and the reply clock.
    let clock = SystemClock::new();
    let r = Engine::new().play(&g, 8, 3, Some(&clock)).unwrap();
    assert!(r.ms < 2500.0, "{} ms", r.ms);
    assert!(r.nodes <= engine::level(8).unwrap().nodes + 2);
}

#[test]
fn the_solver_plays_king_and_pawn_endings() {
    let eg = tables();
    for fen in [
        "8/8/8/8/8/2k5/4P3/4K3 w - - 0 1",   // KPK
        "8/8/3k4/8/8/8/4P3/4K3 b - - 0 1",   // KPK from the defender's side
        "8/5k2/8/8/3p4/8/2P5/2K5 w - - 0 1", // KPKP (its slice is solved on the spot)
        "8/8/8/7Q/8/1k6/8/1K6 w - - 0 1",    // KQK
        "8/8/8/8/8/2k5/p7/2K4Q w - - 0 1",   // KQKP
    ] {
        let p = pos(fen);
        let g = game(fen);
        for level in [1, 8] {
            let mut e = Engine::new();
            e.set_endgame(Some(eg.clone()));
            let r = e.play(&g, level, 5, None).unwrap();
            assert!(r.from_tables, "{fen}");
            assert_eq!(Some(r.mv), eg.best_move(&p).unwrap(), "{fen}");
        }
    }
    // Without tables the engine searches.
    let r = Engine::new().play(&game("8/8/8/8/8/2k5/4P3/4K3 w - - 0 1"), 8, 5, None).unwrap();
    assert!(!r.from_tables);
}

#[test]
fn the_tables_score_positions_inside_the_search() {
    // K+Q v K+2P is no class of the solver, but taking a pawn leads into K+Q v K+P, a win the
    // tables know: the score says so only with the tables.
    let g = game("4k3/8/8/3pp3/8/8/8/3QK3 w - - 0 1");
    let mut e = Engine::new();
    e.set_endgame(Some(tables()));
    let with = e.play(&g, 8, 0, None).unwrap();
    assert!(!with.from_tables);
    assert!(with.score >= engine::TB_BOUND && with.score < engine::MATE_BOUND, "{}", with.score);
    let without = Engine::new().play(&g, 8, 0, None).unwrap();
    assert!(without.score < engine::TB_BOUND, "{}", without.score);
}

#[test]
fn draw_offers() {
    // Level positions: accepted at every level.
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4",
    ] {
        for level in [1, 4, 8] {
            assert!(engine::accepts_draw(&game(fen), level), "level {level}: {fen}");
        }
    }
    // Winning (a queen up) or losing: declined.
    for fen in [
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
    ] {
        for level in [1, 4, 8] {
            assert!(!engine::accepts_draw(&game(fen), level), "level {level}: {fen}");
        }
    }
    // A drawn king-and-pawn ending by the tables, and a bad level.
    let mut e = Engine::new();
    e.set_endgame(Some(tables()));
    assert!(e.accepts_draw(&game("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"), 3).unwrap());
    assert!(e.accepts_draw(&game("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"), 9).is_err());
    assert!(!engine::accepts_draw(&game("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"), 0));
}

/// Positions with a queen hanging for nothing: the side to move takes it with the move given.
const FREE_QUEENS: [(&str, &str); 6] = [
    ("rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "f3h4"),
    ("rnbqkb1r/pppp1ppp/5n2/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2 3", "f6h5"),
    ("rnb1kbnr/pppp1ppp/8/4p1q1/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "f3g5"),
    ("rnbqkbnr/ppp2ppp/3p4/4p3/4P1Q1/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3", "c8g4"),
    ("rnb1kbnr/pppp1ppp/8/8/3qP3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 4", "f3d4"),
    ("rnbqkbnr/ppp1pppp/8/3p4/4Q3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 3", "d5e4"),
];

#[test]
fn level_1_takes_a_free_queen_most_of_the_time() {
    for (fen, take) in FREE_QUEENS {
        let g = game(fen);
        let taken = (0..20u64)
            .filter(|&seed| Engine::new().play(&g, 1, seed, None).unwrap().mv.uci() == take)
            .count();
        assert!(taken >= 15, "{fen}: took the queen in {taken} of 20 seeds");
    }
}

/// The positions after the ladder's openings.
fn opening_positions() -> Vec<Game> {
    engine::ladder::OPENINGS
        .iter()
        .map(|opening| {
            let mut g = Game::new(Position::initial(), Rules::STANDARD).unwrap();
            for m in opening.split_whitespace() {
                let mv = parse_uci(g.position(), m, Rules::STANDARD).unwrap();
                g.play(mv).unwrap();
            }
            g
        })
        .collect()
}

#[test]
fn low_levels_make_believable_mistakes() {
    let positions = opening_positions();
    let limits = Limits { depth: 64, nodes: 60_000, time: None };
    let mut differs = 0;
    let mut total = 0;
    for (k, g) in positions.iter().enumerate() {
        let best = Engine::new().search(g, &limits).unwrap().mv;
        for seed in 0..4u64 {
            let r = Engine::new().play(g, 1, seed * 101 + k as u64, None).unwrap();
            total += 1;
            differs += (r.mv != best) as u32;
            // No aimless king walk in the opening: a king moves only to castle.
            let piece = g.position().piece_at(r.mv.from).unwrap();
            assert!(
                piece.kind != chess_tutor::board::PieceKind::King
                    || r.mv.kind == chess_tutor::rules::MoveKind::Castle,
                "level 1 walked its king: {}",
                r.mv.uci()
            );
        }
    }
    // Level 1 does not simply play the engine's best move...
    assert!(
        differs * 4 >= total,
        "level 1 played the best move in {} of {total} positions",
        total - differs
    );
    // ...and level 8 does, by definition (same budget, no noise).
    for g in positions.iter().take(4) {
        let a = Engine::new().search(g, &limits).unwrap().mv;
        let b = Engine::new().play_within(g, 8, 99, &limits).unwrap().mv;
        assert_eq!(a, b);
    }
}

#[test]
fn the_seed_decides_and_repeats() {
    let g = Game::new(Position::initial(), Rules::STANDARD).unwrap();
    let mut seen = std::collections::HashSet::new();
    for seed in 0..12u64 {
        let a = Engine::new().play(&g, 2, seed, None).unwrap().mv;
        let b = Engine::new().play(&g, 2, seed, None).unwrap().mv;
        assert_eq!(a, b, "seed {seed}");
        seen.insert(a.uci());
    }
    assert!(seen.len() >= 3, "{seen:?}");
}

#[test]
fn repetitions_and_the_fifty_move_rule_are_draws() {
    // Black is a queen down (and mated on the back rank if it lets the queen in), but the kings
    // have walked back and forth: Kh8 now brings back a position of the game, which the engine
    // counts as a draw (a repeated position can be repeated again), so it goes for it.
    let mut g = game("6k1/5ppp/8/8/8/8/5PPP/3Q2K1 b - - 0 1");
    for m in ["g8h8", "g1h1", "h8g8", "h1g1"] {
        let mv = parse_uci(g.position(), m, Rules::STANDARD).unwrap();
        g.play(mv).unwrap();
    }
    let r = Engine::new().play(&g, 8, 0, None).unwrap();
    assert_eq!((r.mv.uci().as_str(), r.score), ("g8h8", 0));
    // Without that history the same position is lost.
    let r = Engine::new().play(&game("6k1/5ppp/8/8/8/8/5PPP/3Q2K1 b - - 0 1"), 8, 0, None).unwrap();
    assert!(r.score < -500, "{}", r.score);
    // A rook up with the clock at 99: only a capture or a pawn move keeps the win alive; there is
    // none, so every move draws.
    let r = Engine::new().play(&game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"), 8, 0, None).unwrap();
    assert_eq!(r.score, 0);
}

fn cli(args: &[&str], stdin: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess-tutor"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn bestmove_command() {
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    // One UCI move per line, options before or after the FEN.
    let o = cli(&["bestmove", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "--level", "8"], "");
    assert_eq!(text(&o.stdout), "a1a8\n");
    assert!(o.status.success());
    let o = cli(
        &[
            "bestmove",
            "--level=3",
            "--seed",
            "5",
            "6k1/5ppp/8/8/8/8/8/R5K1",
            "w",
            "-",
            "-",
            "0",
            "1",
        ],
        "",
    );
    assert_eq!(text(&o.stdout), "a1a8\n");
    // From stdin, one answer a line, with the game's moves after the FEN.
    let o = cli(
        &["bestmove", "-", "--level", "8"],
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\n\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves f2f3 e7e5 g2g4\n",
    );
    assert_eq!(text(&o.stdout), "a1a8\nd8h4\n");
    // The endgame tables: the solver's move (the king in front of its pawn).
    let o = cli(&["bestmove", "8/8/8/8/8/2k5/4P3/4K3 w - - 0 1", "--level", "1", "--info"], "");
    assert!(text(&o.stdout).contains(" tables "), "{}", text(&o.stdout));
    // Errors name the field, exit code 2, no panic.
    for (args, stdin, message) in [
        (vec!["bestmove", "8/8/8/8 w", "--level", "4"], "", "error: FEN field 1 (placement)"),
        (
            vec!["bestmove", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "--level", "9"],
            "",
            "error: level: 9 is not a level",
        ),
        (
            vec!["bestmove", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "--level", "x"],
            "",
            "error: level: 'x' is not a whole number",
        ),
        (
            vec!["bestmove", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"],
            "",
            "error: level: give --level 1 to 8",
        ),
        (
            vec!["bestmove", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "--level", "2", "--seed", "-1"],
            "",
            "error: seed:",
        ),
        (
            vec!["bestmove", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "--level", "2"],
            "",
            "error: position: the game is over (checkmate, 1-0)",
        ),
        (
            vec!["bestmove", "-", "--level", "2"],
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n",
            "error: line 1: position: the game is over (stalemate",
        ),
        (
            vec![
                "bestmove",
                "8/8/8/8/8/2k5/4P3/4K3 w - - 0 1",
                "--level",
                "2",
                "--tables",
                "/nonexistent",
            ],
            "",
            "error: tables:",
        ),
        (
            vec!["bestmove", "8/8/8/8/8/2k5/4P3/4K3 w - - 0 1 moves e1d1 zz", "--level", "2"],
            "",
            "error: moves, move 2",
        ),
    ] {
        let o = cli(&args, stdin);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(text(&o.stderr).starts_with(message), "{args:?}: {}", text(&o.stderr));
        assert!(!text(&o.stderr).contains("panicked"), "{args:?}");
    }
}

#[test]
fn the_search_promotes_when_the_tables_say_win() {
    // Under standard rules a position where the side to move can promote is searched (only
    // there can an underpromotion change the tables' result): the search must still promote,
    // not put it off because the conversion starts a new distance count.
    let mut e = Engine::new();
    e.set_endgame(Some(tables()));
    for level in [1, 5, 8] {
        let r = e.play(&game("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"), level, 0, None).unwrap();
        assert_eq!(r.mv.uci(), "b7b8q", "level {level}");
    }
    // Where =Q stalemates and =R wins (docs/endgame-underpromotion.md), the search finds =R.
    let r = e.play(&game("8/1P6/k7/8/K7/8/8/8 w - - 0 1"), 8, 0, None).unwrap();
    assert_eq!(r.mv.uci(), "b7b8r");
}
