//! King-and-pawn endgames: the exact auto-queen judge (public positions, a forward-search
//! consistency check, perfect play against a random defender), the teaching geometry, the
//! underpromotion positions, the shipped data and the `solve` command.
//! Run with `cargo test --release` (the data files in `www/endgame` are loaded once).
#![cfg(not(target_arch = "wasm32"))]

use chess_tutor::board::{Color, Piece, PieceKind, Position, Square};
use chess_tutor::endgame::geometry::{
    key_squares, key_squares_of, opposition, pawn_square, OppositionKind, Span,
};
use chess_tutor::endgame::{generate, Endgame, EndgameError, Verdict, Wdl, RULES};
use chess_tutor::notation::{parse_fen, parse_move, to_fen};
use chess_tutor::rules::{in_check, legal_moves, play_unchecked, Game, Move, MoveList, Rules};
use std::sync::OnceLock;

fn eg() -> &'static Endgame {
    static EG: OnceLock<Endgame> = OnceLock::new();
    EG.get_or_init(|| {
        Endgame::load_dir(&Endgame::default_dir()).expect("the data files in www/endgame")
    })
}

fn pos(fen: &str) -> Position {
    parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn mv(p: &Position, m: &str) -> Move {
    parse_move(p, m, RULES).unwrap_or_else(|e| panic!("{m}: {e}"))
}

fn verdict(fen: &str) -> Verdict {
    eg().probe(&pos(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn best(fen: &str) -> Vec<String> {
    eg().best_moves(&pos(fen)).unwrap().iter().map(|m| m.uci()).collect()
}

fn legal(p: &Position) -> MoveList {
    let mut list = MoveList::new();
    legal_moves(p, RULES, &mut list);
    list
}

const WIN: Wdl = Wdl::Win;
const DRAW: Wdl = Wdl::Draw;
const LOSS: Wdl = Wdl::Loss;

// ---------------------------------------------------------------- public positions

/// Réti (1921): White Kh8, Pc6; Black Ka6, Ph5. With White to move only 1.Kg7 draws: the king
/// chases the h-pawn and supports its own pawn at the same time.
#[test]
fn reti_study_white_to_move_draws_only_with_kg7() {
    let fen = "7K/8/k1P5/7p/8/8/8/8 w - - 0 1";
    assert_eq!(verdict(fen).result, DRAW);
    assert_eq!(best(fen), ["h8g7"]);
    let p = pos(fen);
    for m in legal(&p) {
        let j = eg().judge(&p, m).unwrap();
        assert_eq!(j.mistake, m.uci() != "h8g7", "{}", m.uci());
        if j.mistake {
            assert_eq!(j.after.result, LOSS, "{}", m.uci());
            // "Show why" ends when the c-pawn falls or the h-pawn queens.
            let last = j.refutation.last().unwrap();
            assert!(
                j.refutation.len() <= 10 && (last.capture || last.promotion.is_some()),
                "{}: {:?}",
                m.uci(),
                j.refutation
            );
        }
    }
}

#[test]
fn reti_study_black_to_move_wins_for_black() {
    let v = verdict("7K/8/k1P5/7p/8/8/8/8 b - - 0 1");
    assert_eq!(v.result, WIN);
    // 1...Kb6 and the c-pawn falls at once (a capture is a conversion).
    assert_eq!(v.distance, 3);
    assert_eq!(best("7K/8/k1P5/7p/8/8/8/8 b - - 0 1"), ["a6b6"]);
}

/// Trébuchet: pawns d5 and d6 blocked, each king guarding its own pawn and attacking the
/// other's. Whoever moves must let go and loses.
#[test]
fn trebuchet_is_a_mutual_zugzwang() {
    for fen in [
        "8/8/2Kp4/3Pk3/8/8/8/8 w - - 0 1",
        "8/8/2Kp4/3Pk3/8/8/8/8 b - - 0 1",
        "8/8/3pK3/2kP4/8/8/8/8 w - - 0 1",
        "8/8/3pK3/2kP4/8/8/8/8 b - - 0 1",
    ] {
        let v = verdict(fen);
        assert_eq!(v.result, LOSS, "{fen}");
        // The opponent takes the pawn on its next move.
        assert_eq!(v.distance, 2, "{fen}");
        let o = opposition(&pos(fen));
        assert!(o.is_none() || o.unwrap().kind != OppositionKind::Direct);
    }
}

/// White Ke5, Pe4 against Ke7: direct opposition. Black to move must give way and loses; White to
/// move cannot keep the opposition and it is a draw.
#[test]
fn direct_opposition_decides_with_each_side_to_move() {
    let black = "8/4k3/8/4K3/4P3/8/8/8 b - - 0 1";
    let white = "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1";
    assert_eq!(verdict(black).result, LOSS);
    assert_eq!(verdict(white).result, DRAW);
    let o = opposition(&pos(black)).unwrap();
    assert_eq!((o.kind, o.holder), (OppositionKind::Direct, Color::White));
    let o = opposition(&pos(white)).unwrap();
    assert_eq!((o.kind, o.holder), (OppositionKind::Direct, Color::Black));
    // The classic defence: White Ke4/Pe3 against Ke6, White to move, draws; after 1.Kd4 only
    // 1...Kd6 (taking the opposition) holds.
    assert_eq!(verdict("8/8/4k3/8/4K3/4P3/8/8 w - - 0 1").result, DRAW);
    assert_eq!(best("8/8/4k3/8/3K4/4P3/8/8 b - - 0 1"), ["e6d6"]);
}

/// A pawn race: White Pa4 (the white king far away on h1) against Black Kf5. The king stands one
/// step outside the square: with Black to move it steps in and draws, with White to move the
/// pawn runs.
#[test]
fn square_rule_with_each_side_to_move() {
    let b = "8/8/8/5k2/P7/8/8/7K b - - 0 1";
    let w = "8/8/8/5k2/P7/8/8/7K w - - 0 1";
    assert_eq!(verdict(b).result, DRAW);
    assert_eq!(best(b), ["f5e4", "f5e5", "f5e6"]);
    assert_eq!(verdict(w).result, WIN);
    assert_eq!(best(w), ["a4a5"]);
    let sb = pawn_square(&pos(b), sq("a4")).unwrap();
    let sw = pawn_square(&pos(w), sq("a4")).unwrap();
    assert!(!sb.inside && sb.catches && sb.defender_to_move);
    assert!(!sw.inside && !sw.catches && !sw.defender_to_move);
    // One square nearer, the king is inside and catches the pawn whoever moves.
    for fen in ["8/8/8/4k3/P7/8/8/7K w - - 0 1", "8/8/8/4k3/P7/8/8/7K b - - 0 1"] {
        assert_eq!(verdict(fen).result, DRAW, "{fen}");
        let s = pawn_square(&pos(fen), sq("a4")).unwrap();
        assert!(s.inside && s.catches, "{fen}");
    }
    // The double step: a pawn on a2 counts as on a3, so Kf4 (distance 5 to a8) is inside.
    assert_eq!(verdict("8/8/8/8/5k2/8/P7/7K w - - 0 1").result, DRAW);
    assert!(pawn_square(&pos("8/8/8/8/5k2/8/P7/7K w - - 0 1"), sq("a2")).unwrap().inside);
    assert_eq!(verdict("8/8/8/8/6k1/8/P7/7K w - - 0 1").result, WIN);
    assert!(!pawn_square(&pos("8/8/8/8/6k1/8/P7/7K w - - 0 1"), sq("a2")).unwrap().catches);
}

/// After a double step with an en-passant chance the position is judged by its successors.
#[test]
fn en_passant_positions_are_distinct() {
    let with = "8/8/8/3pP2k/8/8/8/K7 w - d6 0 1";
    let without = "8/8/8/3pP2k/8/8/8/K7 w - - 0 1";
    assert_eq!(verdict(with), Verdict { result: WIN, distance: 1, queened: false });
    assert_eq!(best(with), ["e5d6"]);
    assert_eq!(verdict(without).result, DRAW);
    // And the double step that allows it is judged by that value.
    let before = pos("8/3p4/8/4P2k/8/8/8/K7 b - - 0 1");
    let j = eg().judge(&before, mv(&before, "d7d5")).unwrap();
    assert_eq!(j.after, Verdict { result: LOSS, distance: 1, queened: false });
}

/// Queen against a pawn on the seventh with the queen's king far away (h8): the c- and a-pawn
/// draw (stalemate defences), the b- and d-pawn lose — the textbook rule.
#[test]
fn queen_endings_are_covered() {
    assert_eq!(verdict("7K/6Q1/8/8/8/8/2p5/3k4 w - - 0 1").result, DRAW);
    assert_eq!(verdict("7K/6Q1/8/8/8/8/2p5/1k6 w - - 0 1").result, DRAW);
    assert_eq!(verdict("7K/6Q1/8/8/8/8/p7/1k6 w - - 0 1").result, DRAW);
    assert_eq!(verdict("7K/6Q1/8/8/8/8/3p4/2k5 w - - 0 1").result, WIN);
    assert_eq!(verdict("7K/6Q1/8/8/8/8/1p6/2k5 w - - 0 1").result, WIN);
    // The same with colours exchanged (KPKQ with Black's queen).
    assert_eq!(verdict("3K4/2P5/8/8/8/8/6q1/7k b - - 0 1").result, DRAW);
    assert_eq!(verdict("2K5/3P4/8/8/8/8/6q1/7k b - - 0 1").result, WIN);
    // A pawn one step from promotion with its king beside it and the other king far: it queens.
    assert_eq!(verdict("8/8/8/8/8/K7/2pk4/8 w - - 0 1").result, LOSS);
    assert_eq!(
        verdict("8/8/8/8/8/K7/2pk4/8 b - - 0 1"),
        Verdict { result: WIN, distance: 1, queened: false }
    );
    // KQK: a win (mate in at most ten moves: 19 plies).
    let v = verdict("8/8/8/3k4/8/8/8/KQ6 w - - 0 1");
    assert!(v.result == WIN && v.distance <= 19);
    // KQKQ: the queen on a1 is taken at once along the first rank.
    assert_eq!(
        verdict("4k3/8/8/8/8/8/8/q2QK3 w - - 0 1"),
        Verdict { result: WIN, distance: 1, queened: false }
    );
    assert_eq!(best("4k3/8/8/8/8/8/8/q2QK3 w - - 0 1"), ["d1a1"]);
    assert_eq!(verdict("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1").result, DRAW);
    // KK and stalemate draw; mate is a loss at distance 0.
    assert_eq!(
        verdict("8/8/8/8/8/8/8/K6k w - - 0 1"),
        Verdict { result: DRAW, distance: 0, queened: false }
    );
    assert_eq!(
        verdict("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
        Verdict { result: DRAW, distance: 0, queened: false }
    );
    assert_eq!(
        verdict("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"),
        Verdict { result: LOSS, distance: 0, queened: true }
    );
}

// ---------------------------------------------------------------- judge and ideas

#[test]
fn judge_a_good_move_and_a_mistake() {
    let p = pos("7K/8/k1P5/7p/8/8/8/8 w - - 0 1");
    let good = eg().judge(&p, mv(&p, "h8g7")).unwrap();
    assert!(!good.mistake && good.best);
    assert_eq!((good.before.result, good.after.result), (DRAW, DRAW));
    assert!(good.refutation.is_empty() && good.idea.is_none());
    let bad = eg().judge(&p, mv(&p, "c6c7")).unwrap();
    assert!(bad.mistake && !bad.best);
    assert_eq!(bad.best_moves.iter().map(|m| m.uci()).collect::<Vec<_>>(), ["h8g7"]);
    assert_eq!(bad.after.result, LOSS);
    // The refutation is legal play from the position after the mistake.
    let mut cur = play_unchecked(&p, mv(&p, "c6c7"));
    for m in &bad.refutation {
        assert!(legal(&cur).contains(m));
        cur = play_unchecked(&cur, *m);
    }
    // A win kept, but not the quickest: no mistake, not best.
    let w = pos("8/8/8/3k4/8/8/8/KQ6 w - - 0 1");
    let slow = legal(&w)
        .into_iter()
        .map(|m| eg().judge(&w, m).unwrap())
        .find(|j| j.after.result == WIN && !j.best);
    assert!(slow.is_some_and(|j| !j.mistake));
}

#[test]
fn ideas_name_the_mistake() {
    let cases = [
        // The defender's king steps out of the square of the a-pawn.
        ("8/8/8/5k2/P7/8/8/7K b - - 0 1", "f5g5", "left-square"),
        // 1.Kd4 and Black must take the opposition with Kd6; Ke7 lets White take it.
        ("8/8/4k3/8/3K4/4P3/8/8 b - - 0 1", "e6e7", "gave-opposition"),
        ("8/8/4k3/8/3K4/4P3/8/8 b - - 0 1", "e6f5", "gave-opposition"),
        // The attacker's king must go in front of its pawn (Ke4), not back beside it.
        ("8/8/4k3/8/8/3KP3/8/8 w - - 0 1", "d3d2", "king-in-front"),
        // Kd4 stands in front but lets Black take the opposition; Ke4 takes it.
        ("8/8/4k3/8/8/3KP3/8/8 w - - 0 1", "d3d4", "gave-opposition"),
    ];
    for (fen, m, id) in cases {
        let p = pos(fen);
        let j = eg().judge(&p, mv(&p, m)).unwrap();
        assert!(j.mistake, "{fen} {m}");
        let idea = j.idea.unwrap_or_else(|| panic!("{fen} {m}: no idea"));
        assert_eq!(idea.id(), id, "{fen} {m}");
        assert_eq!(idea.message().id, format!("idea-{id}"));
        assert_eq!(eg().explain_mistake(&p, mv(&p, m)).unwrap().map(|i| i.id()), Some(id));
    }
    // No idea for a good move.
    let p = pos("8/8/4k3/8/3K4/4P3/8/8 b - - 0 1");
    assert_eq!(eg().explain_mistake(&p, mv(&p, "e6d6")).unwrap(), None);
}

// ---------------------------------------------------------------- consistency

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random legal position with two kings and the given extra men; en-passant chances are made
/// by playing a double step now and then.
fn random_position(rng: &mut Rng, white: Option<PieceKind>, black: Option<PieceKind>) -> Position {
    loop {
        let mut p = Position::empty();
        let mut used = 0u64;
        let mut place = |p: &mut Position, rng: &mut Rng, piece: Piece| loop {
            let s =
                if piece.kind == PieceKind::Pawn { 8 + rng.below(48) } else { rng.below(64) } as u8;
            if used & (1 << s) == 0 {
                used |= 1 << s;
                p.put(Square::from_index(s), piece);
                break;
            }
        };
        place(&mut p, rng, Piece::new(Color::White, PieceKind::King));
        place(&mut p, rng, Piece::new(Color::Black, PieceKind::King));
        if let Some(k) = white {
            place(&mut p, rng, Piece::new(Color::White, k));
        }
        if let Some(k) = black {
            place(&mut p, rng, Piece::new(Color::Black, k));
        }
        p.side = if rng.below(2) == 0 { Color::White } else { Color::Black };
        if p.validate().is_err() {
            continue;
        }
        if white == Some(PieceKind::Pawn) && black == Some(PieceKind::Pawn) && rng.below(4) == 0 {
            if let Some(m) =
                legal(&p).into_iter().find(|m| play_unchecked(&p, *m).en_passant.is_some())
            {
                return play_unchecked(&p, m);
            }
        }
        return p;
    }
}

const CLASS_LIST: [(Option<PieceKind>, Option<PieceKind>); 8] = {
    use PieceKind::{Pawn, Queen};
    [
        (Some(Queen), None),
        (None, Some(Queen)),
        (Some(Pawn), None),
        (None, Some(Pawn)),
        (Some(Queen), Some(Queen)),
        (Some(Queen), Some(Pawn)),
        (Some(Pawn), Some(Queen)),
        (Some(Pawn), Some(Pawn)),
    ]
};

/// The verdict a one-ply search over the successors gives (a conversion counts as distance 0).
fn searched(p: &Position) -> Verdict {
    let list = legal(p);
    if list.is_empty() {
        return Verdict {
            result: if in_check(p) { LOSS } else { DRAW },
            distance: 0,
            queened: false,
        };
    }
    let (mut win, mut draw, mut loss) = (None::<u32>, false, 0u32);
    for m in list {
        let c = eg().probe(&play_unchecked(p, m)).unwrap();
        let d = if m.capture || m.promotion.is_some() { 0 } else { c.distance };
        match c.result {
            Wdl::Loss => win = Some(win.map_or(d + 1, |w| w.min(d + 1))),
            Wdl::Draw => draw = true,
            Wdl::Win => loss = loss.max(d + 1),
        }
    }
    match win {
        Some(d) => Verdict { result: WIN, distance: d, queened: false },
        None if draw => Verdict { result: DRAW, distance: 0, queened: false },
        None => Verdict { result: LOSS, distance: loss, queened: false },
    }
}

#[test]
fn verdicts_agree_with_a_search_over_successors() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut counts = [0usize; 3];
    for (w, b) in CLASS_LIST {
        for _ in 0..500 {
            let p = random_position(&mut rng, w, b);
            let v = eg().probe(&p).unwrap();
            assert_eq!(
                (v.result, v.distance),
                {
                    let s = searched(&p);
                    (s.result, s.distance)
                },
                "{}",
                to_fen(&p)
            );
            counts[v.result as usize] += 1;
        }
    }
    // The sample has all three results.
    assert!(counts.iter().all(|&n| n > 100), "{counts:?}");
}

#[test]
fn the_computer_wins_won_positions_against_a_random_defender() {
    let mut rng = Rng(99);
    let mut games = 0;
    let mut k = 0;
    while games < 48 {
        let (w, b) = CLASS_LIST[k % CLASS_LIST.len()];
        k += 1;
        let start = random_position(&mut rng, w, b);
        if eg().probe(&start).unwrap().result != WIN {
            continue;
        }
        games += 1;
        let winner = start.side;
        let mut game = Game::new(start, Rules::AUTO_QUEEN).unwrap();
        let mut plies = 0;
        while game.outcome().is_none() {
            let p = *game.position();
            let v = eg().probe(&p).unwrap();
            if p.side == winner {
                assert_eq!(v.result, WIN, "{}", to_fen(&p));
                let m = eg().best_move(&p).unwrap().unwrap();
                let after = eg().probe(&play_unchecked(&p, m)).unwrap();
                assert_eq!(after.result, LOSS);
                if m.capture || m.promotion.is_some() {
                    assert_eq!(v.distance, 1, "a conversion comes when the distance says so");
                } else {
                    assert_eq!(
                        after.distance + 1,
                        v.distance,
                        "{} {}: the distance must go down",
                        to_fen(&p),
                        m.uci()
                    );
                }
                game.play(m).unwrap();
            } else {
                assert_eq!(v.result, LOSS, "{}", to_fen(&p));
                let list = legal(&p);
                let m = list[rng.below(list.len() as u64) as usize];
                let after = eg().probe(&play_unchecked(&p, m)).unwrap();
                assert_eq!(after.result, WIN);
                if !(m.capture || m.promotion.is_some()) {
                    assert!(
                        after.distance < v.distance,
                        "the defender cannot push the conversion back"
                    );
                }
                game.play(m).unwrap();
            }
            plies += 1;
            assert!(plies < 300, "no mate after 300 plies from {}", to_fen(&start));
        }
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.winner, Some(winner), "{} ended {:?}", to_fen(&start), outcome);
    }
}

#[test]
fn the_computer_holds_draws_and_resists_losses() {
    let mut rng = Rng(4242);
    let mut checked = [0; 2];
    for k in 0..400 {
        let (w, b) = CLASS_LIST[k % CLASS_LIST.len()];
        let p = random_position(&mut rng, w, b);
        let v = eg().probe(&p).unwrap();
        let Some(m) = eg().best_move(&p).unwrap() else { continue };
        let after = eg().probe(&play_unchecked(&p, m)).unwrap().flip();
        assert_eq!(after.result, v.result, "{}", to_fen(&p));
        if v.result == LOSS {
            checked[0] += 1;
            // Longest resistance: the distance through the move is the position's distance.
            let through = if m.capture || m.promotion.is_some() { 1 } else { after.distance + 1 };
            assert_eq!(through, v.distance, "{} {}", to_fen(&p), m.uci());
        } else if v.result == DRAW {
            checked[1] += 1;
        }
    }
    assert!(checked.iter().all(|&n| n > 30), "{checked:?}");
}

// ---------------------------------------------------------------- geometry

#[test]
fn square_of_the_pawn_with_edges_and_the_double_step() {
    let p = pos("8/8/8/8/2P4k/8/8/K7 w - - 0 1");
    let s = pawn_square(&p, sq("c4")).unwrap();
    assert_eq!((s.moves, s.rows, s.cols), (4, Span { from: 3, to: 7 }, Span { from: 0, to: 6 }));
    assert_eq!(s.corners, [sq("a4"), sq("g4"), sq("a8"), sq("g8")]);
    assert_eq!(s.promotion, sq("c8"));
    assert!(!s.inside && !s.catches && s.path_free);
    // The a-pawn's square is clipped at the edge.
    let s = pawn_square(&pos("8/8/8/8/P6k/8/8/K7 b - - 0 1"), sq("a4")).unwrap();
    assert_eq!((s.rows, s.cols), (Span { from: 3, to: 7 }, Span { from: 0, to: 4 }));
    // A pawn on its start row counts one row further (e2 as e3): five moves, rows 3..8.
    let s = pawn_square(&pos("8/8/8/8/8/8/4P3/K6k w - - 0 1"), sq("e2")).unwrap();
    assert_eq!((s.moves, s.rows, s.cols), (5, Span { from: 2, to: 7 }, Span { from: 0, to: 7 }));
    assert_eq!(s.corners[0], sq("a3"));
    // Black pawns run down: h5 needs four moves, d7 counts as d6.
    let s = pawn_square(&pos("K7/8/8/7p/8/8/8/7k w - - 0 1"), sq("h5")).unwrap();
    assert_eq!(
        (s.color, s.moves, s.rows, s.cols),
        (Color::Black, 4, Span { from: 0, to: 4 }, Span { from: 3, to: 7 })
    );
    assert_eq!(s.promotion, sq("h1"));
    let s = pawn_square(&pos("K7/3p4/8/8/8/8/8/7k w - - 0 1"), sq("d7")).unwrap();
    assert_eq!((s.moves, s.rows), (5, Span { from: 0, to: 5 }));
    // A blocked path is reported.
    assert!(!pawn_square(&pos("8/8/8/2k5/2P5/8/8/K7 w - - 0 1"), sq("c4")).unwrap().path_free);
    assert!(pawn_square(&pos("8/8/8/8/8/8/8/K6k w - - 0 1"), sq("c4")).is_none());
}

#[test]
fn opposition_kinds_and_holder() {
    let o = |fen: &str| opposition(&pos(fen));
    let d = o("8/8/4k3/8/4K3/8/8/8 w - - 0 1").unwrap();
    assert_eq!(
        (d.kind, d.holder, d.between.clone()),
        (OppositionKind::Direct, Color::Black, vec![sq("e5")])
    );
    let d = o("8/8/8/2K1k3/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!((d.kind, d.holder), (OppositionKind::Direct, Color::White));
    let d = o("8/8/4k3/8/8/8/4K3/8 b - - 0 1").unwrap();
    assert_eq!((d.kind, d.between.len()), (OppositionKind::Distant, 3));
    let d = o("8/4k3/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!((d.kind, d.between.len()), (OppositionKind::Distant, 5));
    let d = o("8/8/8/4k3/8/2K5/8/8 w - - 0 1").unwrap();
    assert_eq!((d.kind, d.between), (OppositionKind::Diagonal, vec![sq("d4")]));
    let d = o("8/8/5k2/8/8/8/1K6/8 w - - 0 1").unwrap();
    assert_eq!((d.kind, d.between.len()), (OppositionKind::Diagonal, 3));
    // An even number of squares between, or kings off a common line: no opposition.
    assert!(o("8/4k3/8/8/4K3/8/8/8 w - - 0 1").is_none());
    assert!(o("8/8/3k4/8/4K3/8/8/8 w - - 0 1").is_none());
}

#[test]
fn key_squares_follow_the_stated_rule() {
    let names = |v: Vec<Square>| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let w = |s: &str| names(key_squares_of(Color::White, sq(s)));
    let b = |s: &str| names(key_squares_of(Color::Black, sq(s)));
    assert_eq!(w("e2"), ["d4", "e4", "f4"]);
    assert_eq!(w("e4"), ["d6", "e6", "f6"]);
    assert_eq!(w("e5"), ["d6", "e6", "f6", "d7", "e7", "f7"]);
    assert_eq!(w("e6"), ["d7", "e7", "f7", "d8", "e8", "f8"]);
    assert_eq!(w("e7"), ["d7", "f7", "d8", "f8"]);
    assert_eq!(w("a3"), ["b7", "b8"]);
    assert_eq!(w("h6"), ["g7", "g8"]);
    assert_eq!(b("e7"), ["d5", "e5", "f5"]);
    assert_eq!(b("e4"), ["d2", "e2", "f2", "d3", "e3", "f3"]);
    assert_eq!(b("a5"), ["b1", "b2"]);
    assert_eq!(
        names(key_squares(&pos("8/8/8/8/4P3/8/8/K6k w - - 0 1"), sq("e4")).unwrap()),
        ["d6", "e6", "f6"]
    );
    // With the king on a key square the pawn wins whoever moves.
    for fen in ["8/8/2k1K3/8/4P3/8/8/8 w - - 0 1", "8/8/2k1K3/8/4P3/8/8/8 b - - 0 1"] {
        assert_eq!(verdict(fen).result, if fen.contains(" w ") { WIN } else { LOSS }, "{fen}");
    }
}

// ---------------------------------------------------------------- errors

#[test]
fn positions_outside_the_classes_are_refused() {
    let err = |fen: &str| eg().probe(&pos(fen)).unwrap_err().to_string();
    assert_eq!(
        err("4k3/7p/8/8/8/8/8/R3K3 w - - 0 1"),
        "position: a white rook is outside the king-and-pawn classes (KPK, KKP, KPKP, KQK, KQKP, KPKQ, KQKQ, KRK)"
    );
    // A rook against the bare king is KRK, but only without castling rights.
    assert_eq!(
        err("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"),
        "position: white may still castle, and the solver knows no castling: write - for the castling rights"
    );
    assert!(err("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1")
        .starts_with("position: white has 2 men besides the king"));
    assert!(err("4k3/8/8/8/8/8/P7/Q3K3 w - - 0 1")
        .starts_with("position: white has 2 men besides the king"));
    assert!(err("4kn2/8/8/8/8/8/8/4K3 w - - 0 1").contains("a black knight is outside"));
    assert!(err("8/8/8/8/8/8/P7/4K3 w - - 0 1").starts_with("position: black has no king"));
    let p = pos("8/8/8/8/8/8/4P3/K6k w - - 0 1");
    let other = pos("8/8/8/8/8/8/4K3/7k w - - 0 1");
    let foreign = legal(&other)[0];
    assert!(matches!(eg().judge(&p, foreign), Err(EndgameError::Move(_))));
}

#[test]
fn data_files_are_named_per_lesson_and_missing_ones_are_reported() {
    let p = pos("7K/8/k1P5/7p/8/8/8/8 w - - 0 1");
    assert_eq!(
        Endgame::files_for(&p).unwrap(),
        ["kpkq-c.bin", "kpkq-a.bin", "kqkq.bin", "kpk.bin", "kqk.bin"]
    );
    assert_eq!(
        Endgame::files_for(&pos("8/8/8/4k3/8/4K3/4P3/8 w - - 0 1")).unwrap(),
        ["kpk.bin", "kqk.bin"]
    );
    assert_eq!(
        Endgame::files_for(&pos("8/8/8/8/8/8/8/K6k w - - 0 1")).unwrap(),
        Vec::<String>::new()
    );
    let fresh = Endgame::new();
    assert_eq!(fresh.missing_files(&p).unwrap().len(), 5);
    let e = fresh.probe(&p).unwrap_err();
    assert!(matches!(e, EndgameError::Missing(_)));
    assert!(e.to_string().starts_with("tables: load "), "{e}");
    // Loading just what files_for names is enough.
    for name in Endgame::files_for(&p).unwrap() {
        fresh.load(&std::fs::read(Endgame::default_dir().join(&name)).unwrap()).unwrap();
    }
    assert!(fresh.missing_files(&p).unwrap().is_empty());
    fresh.prepare(&p).unwrap();
    assert_eq!(fresh.probe(&p).unwrap().result, DRAW);
    assert!(matches!(fresh.load(b"not a table"), Err(EndgameError::Data { .. })));
}

// ---------------------------------------------------------------- underpromotion

/// The three canonical KPK positions where =Q stalemates and =R wins (White to move), each with
/// its mirror image, and the same with colours exchanged (KKP).
#[test]
fn kpk_positions_where_only_the_rook_wins() {
    let std = generate::SmallStandard::build();
    for fen in [
        "8/1P6/k7/8/K7/8/8/8 w - - 0 1",
        "8/1P6/k7/8/1K6/8/8/8 w - - 0 1",
        "8/k1P5/8/K7/8/8/8/8 w - - 0 1",
    ] {
        for p in variants(&pos(fen)) {
            let f = to_fen(&p);
            assert_eq!(eg().probe(&p).unwrap().result, DRAW, "{f}");
            assert_eq!(std.wdl(&p), Some(1), "{f}");
            // Under auto-queen the promotion stalemates; under standard rules the rook wins.
            let promo = legal(&p).into_iter().find(|m| m.promotion.is_some()).unwrap();
            let after = play_unchecked(&p, promo);
            assert!(legal(&after).is_empty() && !in_check(&after), "{f}: =Q stalemates");
            let rook = chess_tutor::rules::Move { promotion: Some(PieceKind::Rook), ..promo };
            assert_eq!(std.wdl(&play_unchecked(&p, rook)), Some(-1), "{f}: =R wins");
        }
    }
    // Every other KPK position has the same result under both rules (sampled).
    let mut rng = Rng(5);
    for _ in 0..2000 {
        let p = random_position(&mut rng, Some(PieceKind::Pawn), None);
        let a = eg().probe(&p).unwrap().result as i8 - 1;
        if a != std.wdl(&p).unwrap() {
            let f = to_fen(&p);
            assert!(
                f.contains("1P6/k7")
                    || f.contains("k1P5")
                    || f.contains("6P1/7k")
                    || f.contains("5P1k"),
                "{f}"
            );
        }
    }
}

/// The position with its mirror image and its colour-swapped twins.
fn variants(p: &Position) -> Vec<Position> {
    let map = |p: &Position, f: &dyn Fn(Square) -> Square, swap: bool| {
        let mut q = Position::empty();
        for (s, pc) in p.all_pieces() {
            let color = if swap { pc.color.opposite() } else { pc.color };
            q.put(f(s), Piece::new(color, pc.kind));
        }
        q.side = if swap { p.side.opposite() } else { p.side };
        q
    };
    let mirror = |s: Square| Square::from_ij(s.i() as i32, 7 - s.j() as i32).unwrap();
    let flip = |s: Square| Square::from_ij(7 - s.i() as i32, s.j() as i32).unwrap();
    let both = |s: Square| flip(mirror(s));
    vec![map(p, &|s| s, false), map(p, &mirror, false), map(p, &flip, true), map(p, &both, true)]
}

/// White Ka6, Pb7 against Kc6, Qd7: b8=Q loses, but b8=N+ forks king and queen and draws.
#[test]
fn knight_fork_underpromotion_saves_kpkq() {
    let fen = "8/1P1q4/K1k5/8/8/8/8/8 w - - 0 1";
    for p in variants(&pos(fen)) {
        assert_eq!(eg().probe(&p).unwrap().result, LOSS, "{}", to_fen(&p));
        // Standard rules: after =N+ every reply leaves the queen to be taken (K+N v K is dead).
        let mut list = MoveList::new();
        legal_moves(&p, Rules::STANDARD, &mut list);
        let knight = list.iter().find(|m| m.promotion == Some(PieceKind::Knight)).unwrap();
        let after = play_unchecked(&p, *knight);
        assert!(in_check(&after));
        let mut replies = MoveList::new();
        legal_moves(&after, Rules::STANDARD, &mut replies);
        for r in &replies {
            let q = play_unchecked(&after, *r);
            let mut ours = MoveList::new();
            legal_moves(&q, Rules::STANDARD, &mut ours);
            let takes = ours.iter().any(|m| {
                let x = play_unchecked(&q, *m);
                chess_tutor::rules::insufficient_material(&x)
            });
            assert!(takes, "{} after {}", to_fen(&p), r.uci());
        }
    }
}

/// The full comparison with standard rules (about a minute): 50 canonical positions, as
/// docs/endgame-underpromotion.md lists. `cargo test --release -- --ignored` runs it.
#[test]
#[ignore]
fn all_underpromotion_positions() {
    let tables = generate::solve_auto(|_, _| {});
    let list = generate::underpromotions(&tables, |_, _| {});
    let count = |c: &str| list.iter().filter(|u| u.class == c).count();
    assert_eq!((count("KPK"), count("KPKQ"), count("KPKP"), list.len()), (3, 41, 6, 50));
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/endgame-underpromotion.md"),
    )
    .unwrap();
    for u in &list {
        assert!(doc.contains(&u.fen), "{} is not in the doc", u.fen);
    }
}

// ---------------------------------------------------------------- data and CLI

/// The two smallest files regenerate byte for byte (the full set: `endgame-tables --check`).
#[test]
fn data_files_are_reproducible() {
    for (name, bytes) in generate::small_files() {
        let shipped = std::fs::read(Endgame::default_dir().join(&name)).unwrap();
        assert!(shipped == bytes, "{name} differs from what the generator makes; run `cargo run --release --bin endgame-tables`");
    }
}

#[test]
fn data_files_fit_the_budget() {
    let mut total = 0;
    for name in Endgame::all_files() {
        let n = std::fs::metadata(Endgame::default_dir().join(&name)).unwrap().len();
        assert!(n < 80_000, "{name}: {n} bytes");
        total += n;
    }
    // Already entropy-coded: gzip cannot shrink them, and all of them stay under 500 KB.
    assert!(total < 300_000, "{total} bytes");
}

fn cli(args: &[&str], stdin: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_chess-tutor"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn cli_solve_prints_result_distance_and_best_moves() {
    let o = cli(&["solve", "7K/8/k1P5/7p/8/8/8/8 w - - 0 1"], "");
    assert_eq!(String::from_utf8_lossy(&o.stdout), "draw 0 h8g7\n");
    assert!(o.status.success());
    let o = cli(&["solve", "-"], "8/8/8/5k2/P7/8/8/7K b - - 0 1\n\n7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\n4k3/7p/8/8/8/8/8/R3K3 w - - 0 1\n");
    assert_eq!(String::from_utf8_lossy(&o.stdout), "draw 0 f5e4 f5e5 f5e6\nloss 0\nerror\n");
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "error: line 4: position: a white rook is outside the king-and-pawn classes (KPK, KKP, KPKP, KQK, KQKP, KPKQ, KQKQ, KRK)\n"
    );
    assert_eq!(o.status.code(), Some(2));
}

// ---------------------------------------------------------------- the "Show why" line

/// The king-and-pawn lessons' start positions (lessons/kp-*.json).
const KP_LESSONS: [(&str, &str); 13] = [
    ("kp-key-squares-play", "4k3/8/8/5K2/3P4/8/8/8 w - - 0 1"),
    ("kp-key-squares", "8/4k3/8/8/2K5/4P3/8/8 w - - 0 1"),
    ("kp-opposition-defend", "8/8/4k3/8/3K4/4P3/8/8 b - - 0 1"),
    ("kp-opposition-direct", "8/8/4k3/8/5K2/4P3/8/8 w - - 0 1"),
    ("kp-opposition-distant-defend", "8/8/4k3/8/8/8/3KP3/8 b - - 0 1"),
    ("kp-opposition-distant", "4k3/8/8/8/8/2P2K2/8/8 w - - 0 1"),
    ("kp-opposition-play", "8/4k3/8/8/3KP3/8/8/8 w - - 0 1"),
    ("kp-race", "K7/8/8/6p1/1P6/8/8/k7 w - - 0 1"),
    ("kp-reti", "7K/8/k1P5/7p/8/8/8/8 w - - 0 1"),
    ("kp-rook-pawn", "8/8/3k4/6KP/8/8/8/8 b - - 0 1"),
    ("kp-square-catch", "8/8/8/5k2/P7/8/8/7K b - - 0 1"),
    ("kp-square-run", "8/8/8/8/1k4P1/8/8/K7 w - - 0 1"),
    ("kp-trebuchet", "8/8/3p4/1K1Pk3/8/8/8/8 w - - 0 1"),
];

fn lesson_pos(id: &str) -> Position {
    pos(KP_LESSONS.iter().find(|(n, _)| *n == id).unwrap().1)
}

/// The line after `m` in UCI, checked legal move by move.
fn show_why(p: &Position, m: &str) -> Vec<String> {
    let j = eg().judge(p, mv(p, m)).unwrap();
    assert!(j.mistake, "{m} is no mistake");
    let mut cur = play_unchecked(p, mv(p, m));
    for r in &j.refutation {
        assert!(legal(&cur).contains(r), "{m}: {} is not legal in {}", r.uci(), to_fen(&cur));
        cur = play_unchecked(&cur, *r);
    }
    j.refutation.iter().map(|m| m.uci()).collect()
}

/// "Run, pawn!": after a king move that wastes time the black king steps into the square, the
/// pawn runs and the king catches it (not White's king wandering while the pawn stands).
#[test]
fn run_pawn_show_why_runs_the_pawn_and_the_king_catches_it() {
    let p = lesson_pos("kp-square-run");
    for m in ["a1b2", "a1b1", "a1a2"] {
        let line = show_why(&p, m);
        assert_eq!(
            line[..7],
            ["b4c4", "g4g5", "c4d5", "g5g6", "d5e6", "g6g7", "e6f7"],
            "{m}: {line:?}"
        );
        // The pawn would be taken on g8, so White's king steps, and Black takes the pawn.
        assert_eq!(line.last().unwrap(), "f7g7", "{m}: {line:?}");
        assert!(line.len() <= 10);
    }
}

/// Every mistake in every king-and-pawn lesson gets a legal line of at most 10 plies that starts
/// with the opponent's reply.
#[test]
fn show_why_lines_are_legal_for_every_lesson_mistake() {
    for (id, fen) in KP_LESSONS {
        let p = pos(fen);
        for m in legal(&p) {
            let j = eg().judge(&p, m).unwrap();
            if !j.mistake {
                assert!(j.refutation.is_empty());
                continue;
            }
            let line = show_why(&p, &m.uci());
            assert!((1..=10).contains(&line.len()), "{id} {}: {line:?}", m.uci());
        }
    }
}

#[test]
fn show_why_lines_show_the_idea_in_other_lessons() {
    // The defender leaves the square: the a-pawn runs and queens while the king chases it.
    let p = lesson_pos("kp-square-catch");
    assert_eq!(show_why(&p, "f5g5"), ["a4a5", "g5f4", "a5a6", "f4e4", "a6a7", "e4d5", "a7a8q"]);
    // The defender gives away the opposition: White takes it at once and the pawn walks up.
    let p = lesson_pos("kp-opposition-defend");
    let line = show_why(&p, "e6e7");
    assert_eq!(line[0], "d4e5");
    assert!(line.contains(&"e3e4".to_string()) && line.contains(&"e4e5".to_string()), "{line:?}");
    // Réti: after 1.c7 the black king takes the pawn.
    assert_eq!(show_why(&lesson_pos("kp-reti"), "c6c7"), ["a6b7", "h8g7", "b7c7"]);
    // A pawn pushed too early: Black takes the opposition, the pawn runs on and the white king,
    // keeping it guarded, cannot get in front: the line ends in the drawn dance.
    let p = lesson_pos("kp-opposition-direct");
    let line = show_why(&p, "e3e4");
    assert_eq!(line[..4], ["e6f6", "e4e5", "f6e6", "f4e4"], "{line:?}");
    // The trébuchet: a king move away and the d5 pawn falls at once.
    assert_eq!(show_why(&lesson_pos("kp-trebuchet"), "b5b4"), ["e5d5"]);
}

// ---------------------------------------------------------------- more ideas

#[test]
fn a_pawn_pushed_too_early_names_the_idea() {
    for (id, push, to, better, keys) in [
        ("kp-opposition-direct", "e3e4", "e4", "f4e4", "d5 e5 f5"),
        ("kp-key-squares", "e3e4", "e4", "c4d5", "d5 e5 f5"),
        ("kp-opposition-play", "e4e5", "e5", "d4e5", "d6 e6 f6"),
        ("kp-opposition-distant", "c3c4", "c4", "f3e4", "b5 c5 d5"),
    ] {
        let p = lesson_pos(id);
        let idea = eg()
            .judge(&p, mv(&p, push))
            .unwrap()
            .idea
            .unwrap_or_else(|| panic!("{id} {push}: no idea"));
        assert_eq!(idea.id(), "pushed-too-early");
        let m = idea.message();
        assert_eq!(m.id, "idea-pushed-too-early");
        let arg = |k| m.arg(k).map(|a| a.to_string());
        assert_eq!(arg("square").as_deref(), Some(to), "{id}");
        assert_eq!(arg("pawn").as_deref(), Some(&push[..2]), "{id}");
        assert_eq!(arg("better").as_deref(), Some(better), "{id}");
        assert_eq!(arg("keys").as_deref(), Some(keys), "{id}");
    }
    // The right push in "Run, pawn!" is no mistake, and a king move that loses is no push.
    let p = lesson_pos("kp-square-run");
    assert!(eg().judge(&p, mv(&p, "g4g5")).unwrap().idea.is_none());
    assert!(eg().judge(&p, mv(&p, "a1b2")).unwrap().idea.is_none());
}

/// "You gave away the opposition" carries the opposition the other king takes (the kings'
/// squares, its kind and the squares between), the first move of "Show why", and the king move
/// that would have held it.
#[test]
fn gave_opposition_carries_the_opposition_to_draw() {
    let p = lesson_pos("kp-opposition-defend");
    let j = eg().judge(&p, mv(&p, "e6e7")).unwrap();
    let m = j.idea.unwrap().message();
    assert_eq!(m.id, "idea-gave-opposition");
    let arg = |k| m.arg(k).map(|a| a.to_string()).unwrap_or_default();
    assert_eq!(
        (arg("white_king"), arg("black_king"), arg("holder")),
        ("e5".into(), "e7".into(), "white".into())
    );
    assert_eq!(
        (arg("kind"), arg("between"), arg("better")),
        ("direct".into(), "e6".into(), "e6d6".into())
    );
    // The opposition drawn is the one after the line's first move.
    let after = play_unchecked(&play_unchecked(&p, mv(&p, "e6e7")), j.refutation[0]);
    let o = opposition(&after).unwrap();
    assert_eq!((o.white_king, o.black_king, o.holder), (sq("e5"), sq("e7"), Color::White));
    // The other ideas name their pawn.
    let p = lesson_pos("kp-square-catch");
    let m = eg().judge(&p, mv(&p, "f5g5")).unwrap().idea.unwrap().message();
    assert_eq!(m.arg("pawn").map(|a| a.to_string()).as_deref(), Some("a4"));
}

// ---------------------------------------------------------------- after promotion

/// Once the pawn has queened the verdict says so (`queened`), whichever side looks, so that a
/// lesson says "the pawn is a queen now" rather than "mate in 9".
#[test]
fn a_verdict_after_promotion_is_queened() {
    let v = verdict("6Q1/8/8/8/8/2k5/8/K7 b - - 0 1");
    assert!(v.result == LOSS && v.queened && v.distance > 0);
    assert!(v.flip().queened && v.flip().result == WIN);
    assert!(!verdict("8/8/8/8/1k4P1/8/8/K7 w - - 0 1").queened);
    assert!(!verdict("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1").queened);
    // Promoting in "Run, pawn!": the judgement after the move is a queened win.
    let p = pos("8/6P1/8/8/1k6/8/8/K7 w - - 0 1");
    let j = eg().judge(&p, mv(&p, "g7g8q")).unwrap();
    assert!(!j.before.queened && j.after.queened && j.after.result == WIN);
    let json = serde_json::to_value(j.after).unwrap();
    assert_eq!(json["queened"], true);
}

// ---------------------------------------------------------------- the rook mate (KRK)

/// Every KRK position with White to move: a king and a rook always win, and the longest mate
/// against the best defence is 16 moves (31 plies), the known figure; with Black to move the
/// only escapes are taking an unprotected rook and stalemate.
#[test]
fn the_rook_mate_is_won_from_everywhere_and_takes_at_most_16_moves() {
    let (mut won, mut longest, mut drawn_black) = (0, 0, 0);
    for wk in 0..64 {
        for bk in 0..64 {
            for r in 0..64 {
                if wk == bk || r == wk || r == bk {
                    continue;
                }
                let mut p = Position::empty();
                p.put(Square::from_index(wk), Piece { color: Color::White, kind: PieceKind::King });
                p.put(Square::from_index(bk), Piece { color: Color::Black, kind: PieceKind::King });
                p.put(Square::from_index(r), Piece { color: Color::White, kind: PieceKind::Rook });
                for side in [Color::White, Color::Black] {
                    p.side = side;
                    if p.validate().is_err() {
                        continue;
                    }
                    let v = eg().probe(&p).unwrap_or_else(|e| panic!("{}: {e}", to_fen(&p)));
                    if side == Color::White {
                        assert_eq!(v.result, WIN, "{}", to_fen(&p));
                        won += 1;
                        longest = longest.max(v.distance);
                    } else if v.result == DRAW {
                        drawn_black += 1;
                        let list = legal(&p);
                        let takes = list.iter().any(|m| m.to == Square::from_index(r));
                        assert!(
                            takes || list.is_empty(),
                            "{}: a draw without capture or stalemate",
                            to_fen(&p)
                        );
                    } else {
                        assert_eq!(v.result, LOSS, "{}", to_fen(&p));
                    }
                }
            }
        }
    }
    assert_eq!(longest, 31, "the longest rook mate: 16 moves");
    assert!(won > 170_000 && drawn_black > 0, "{won} won, {drawn_black} drawn with Black to move");
    // One of the longest: the kings on opposite sides, the rook in the corner.
    let far = (0..64u8)
        .flat_map(|bk| (0..64u8).map(move |r| (bk, r)))
        .filter(|&(bk, r)| bk != r && bk != 0 && r != 0)
        .map(|(bk, r)| {
            let mut p = Position::empty();
            p.put(Square::from_index(0), Piece { color: Color::White, kind: PieceKind::King });
            p.put(Square::from_index(bk), Piece { color: Color::Black, kind: PieceKind::King });
            p.put(Square::from_index(r), Piece { color: Color::White, kind: PieceKind::Rook });
            p
        })
        .filter(|p| p.validate().is_ok())
        .map(|p| eg().probe(&p).unwrap().distance)
        .max();
    assert!(far.is_some_and(|d| d >= 27), "a king in the corner: {far:?}");
}

/// The solver's rook mate: from the middle, its best moves keep the mate and lower the distance
/// by one; the defender's best reply keeps it as long as it can; giving the rook away draws.
#[test]
fn the_rook_mate_from_the_middle_is_played_by_the_tables() {
    let p = pos("8/8/8/3k4/8/8/8/R3K3 w - - 0 1");
    assert_eq!(Endgame::files_for(&p).unwrap(), ["krk.bin"]);
    let v = verdict("8/8/8/3k4/8/8/8/R3K3 w - - 0 1");
    assert!(v.result == WIN && v.distance % 2 == 1 && v.distance > 20, "{v:?}");
    for m in eg().best_moves(&p).unwrap() {
        let after = eg().probe(&play_unchecked(&p, m)).unwrap();
        assert_eq!((after.result, after.distance), (LOSS, v.distance - 1), "{}", m.uci());
    }
    // A rook left to the king: the win is gone.
    let q = pos("8/8/8/3k4/8/8/8/2R1K3 w - - 0 1");
    let j = eg().judge(&q, mv(&q, "c1c4")).unwrap();
    assert!(j.before.result == WIN && j.after.result == DRAW, "{j:?}");
}
