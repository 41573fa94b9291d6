//! Rules, one test per rule, with positions from the seeds (003 movement, 004 full rules, 000 auto-queen).

use chess_tutor::board::{Color, PieceKind, Square};
use chess_tutor::notation::{parse_fen, parse_move, parse_text_board};
use chess_tutor::rules::{BoardState, EndReason, Game, MoveKind, Rules};

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn game(fen: &str) -> Game {
    Game::new(parse_fen(fen).unwrap(), Rules::STANDARD).unwrap()
}

fn targets(g: &Game, from: &str) -> Vec<String> {
    g.targets(sq(from)).iter().map(|t| t.square.to_string()).collect()
}

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = parse_move(g.position(), m, g.rules()).unwrap_or_else(|e| panic!("{e}"));
        g.play(mv).unwrap();
    }
}

#[test]
fn initial_targets_of_pawn_and_knight() {
    let g = Game::new(chess_tutor::board::Position::initial(), Rules::STANDARD).unwrap();
    assert_eq!(targets(&g, "e2"), ["e3", "e4"]);
    assert_eq!(targets(&g, "g1"), ["f3", "h3"]);
    let e4 = g.targets(sq("e2")).into_iter().find(|t| t.square == sq("e4")).unwrap();
    assert_eq!((e4.explanation.n, e4.explanation.di, e4.explanation.dj), (2, 1, 0));
}

#[test]
fn castling_through_an_attacked_square_is_refused() {
    // The black rook on f8 attacks f1, which the king crosses on its way to g1.
    let g = game("1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let t = targets(&g, "e1");
    assert!(!t.contains(&"g1".to_string()), "{t:?}");
    assert!(t.contains(&"c1".to_string()), "{t:?}");
    let castle = g.targets(sq("e1")).into_iter().find(|t| t.square == sq("c1")).unwrap();
    assert_eq!(castle.kind, MoveKind::Castle);
}

#[test]
fn castling_every_condition() {
    // In check: no castling at all.
    assert!(!targets(&game("1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1")
        .iter()
        .any(|t| t == "g1" || t == "c1"));
    // Landing on an attacked square.
    assert!(!targets(&game("1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1").contains(&"g1".to_string()));
    // A piece between king and rook (b1 blocks long castling even though the king does not cross b1).
    assert!(!targets(&game("1k6/8/8/8/8/8/8/RN2K2R w KQ - 0 1"), "e1").contains(&"c1".to_string()));
    // b1 attacked does not matter: the king does not cross it.
    assert!(targets(&game("1r4k1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1").contains(&"c1".to_string()));
    // The rook has moved: the right is gone for good.
    let mut g = game("3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    play(&mut g, "Rh2 Kc8 Rh1 Kd8");
    assert!(!targets(&g, "e1").contains(&"g1".to_string()));
    assert!(targets(&g, "e1").contains(&"c1".to_string()));
    // The king has moved.
    let mut g = game("3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    play(&mut g, "Kf1 Kc8 Ke1 Kd8");
    assert!(!targets(&g, "e1").iter().any(|t| t == "g1" || t == "c1"));
}

#[test]
fn en_passant_only_on_the_very_next_move() {
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "d5");
    let ep = g.targets(sq("e5")).into_iter().find(|t| t.square == sq("d6")).unwrap();
    assert_eq!(ep.kind, MoveKind::EnPassant);
    play(&mut g, "Kd1 Ke7 Ke1 Ke8");
    assert!(!targets(&g, "e5").contains(&"d6".to_string()));
}

#[test]
fn en_passant_that_exposes_the_king_along_the_rank() {
    let g = game("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
    assert!(!targets(&g, "e5").contains(&"d6".to_string()));
}

#[test]
fn en_passant_captures_the_pawn() {
    let mut g = game("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    play(&mut g, "exd6");
    assert_eq!(g.position().piece_at(sq("d5")), None);
    assert_eq!(g.position().piece_at(sq("d6")).unwrap().kind, PieceKind::Pawn);
}

#[test]
fn promotion_offers_four_pieces_and_auto_queen_one() {
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    let g = game(fen);
    assert_eq!(g.legal_moves().iter().filter(|m| m.from == sq("e7")).count(), 4);
    let t = g.targets(sq("e7"));
    assert_eq!(t.len(), 1);
    assert_eq!(t[0].kind, MoveKind::Promotion);
    let mut kp = Game::new(parse_fen(fen).unwrap(), Rules::AUTO_QUEEN).unwrap();
    let moves: Vec<_> = kp.legal_moves().iter().filter(|m| m.from == sq("e7")).copied().collect();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].promotion, Some(PieceKind::Queen));
    let mv = kp.find_move(sq("e7"), sq("e8"), None).unwrap();
    kp.play(mv).unwrap();
    assert_eq!(kp.position().piece_at(sq("e8")).unwrap().kind, PieceKind::Queen);
    // Under the standard rules the piece must be chosen.
    assert!(g.find_move(sq("e7"), sq("e8"), None).is_err());
    assert!(g.find_move(sq("e7"), sq("e8"), Some(PieceKind::Knight)).is_ok());
}

#[test]
fn stalemate_with_the_king_not_in_check() {
    let g = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let s = g.status();
    assert_eq!(s.state, BoardState::Stalemate);
    assert!(!s.check);
    assert_eq!(s.outcome.unwrap().winner, None);
}

#[test]
fn checkmate_and_check() {
    let mut g = Game::new(chess_tutor::board::Position::initial(), Rules::STANDARD).unwrap();
    play(&mut g, "f3 e5 g4");
    assert_eq!(g.status().state, BoardState::Ongoing);
    play(&mut g, "Qh4");
    let s = g.status();
    assert_eq!(s.state, BoardState::Checkmate);
    assert_eq!(s.outcome.unwrap().winner, Some(Color::Black));
    assert!(g.legal_moves().is_empty());
    let g = game("4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    assert_eq!(g.status().state, BoardState::Ongoing);
    let g = game("4k3/8/8/8/8/8/8/4RK2 b - - 0 1");
    assert_eq!(g.status().state, BoardState::Check);
}

#[test]
fn pinned_piece_moves_only_along_the_pin() {
    let g = game("4r2k/8/8/8/8/8/4R3/4K3 w - - 0 1");
    assert_eq!(targets(&g, "e2"), ["e3", "e4", "e5", "e6", "e7", "e8"]);
    let g = game("7k/8/8/8/1b6/8/3N4/4K3 w - - 0 1");
    assert!(targets(&g, "d2").is_empty());
}

#[test]
fn dead_positions() {
    for fen in [
        "8/8/4k3/8/8/4K3/8/8 w - - 0 1",
        "8/8/4k3/8/8/4KN2/8/8 w - - 0 1",
        "8/8/4kb2/8/8/4K3/5B2/8 w - - 0 1",
    ] {
        assert_eq!(game(fen).status().state, BoardState::InsufficientMaterial, "{fen}");
    }
    // Bishops on squares of different colours can still mate.
    assert_eq!(game("8/8/4kb2/8/8/4KB2/8/8 w - - 0 1").status().state, BoardState::Ongoing);
    assert_eq!(game("8/8/4k3/8/8/4KNN1/8/8 w - - 0 1").status().state, BoardState::Ongoing);
    assert_eq!(game("8/8/4k3/8/8/4KP2/8/8 w - - 0 1").status().state, BoardState::Ongoing);
}

#[test]
fn threefold_claim_and_fivefold_ends() {
    let mut g = Game::new(chess_tutor::board::Position::initial(), Rules::STANDARD).unwrap();
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    let s = g.status();
    assert!(s.claim_threefold);
    assert_eq!(s.outcome, None);
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    let s = g.status();
    assert_eq!(s.state, BoardState::Fivefold);
    assert_eq!(s.outcome.unwrap().reason, EndReason::Fivefold);
    assert!(g.legal_moves().is_empty());
}

#[test]
fn threefold_claim_then_declared() {
    let mut g = Game::new(chess_tutor::board::Position::initial(), Rules::STANDARD).unwrap();
    assert!(g.claim_draw().is_err());
    play(&mut g, "Nc3 Nc6 Nb1 Nb8 Nc3 Nc6 Nb1 Nb8");
    let o = g.claim_draw().unwrap();
    assert_eq!(o.reason, EndReason::Threefold);
    assert_eq!(g.outcome().unwrap().reason, EndReason::Threefold);
}

#[test]
fn repetition_counts_castling_rights() {
    // The king goes out and back: the pieces stand as before but castling is lost, so no repetition.
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, "Kf1 Kf8 Ke1 Ke8 Kf1 Kf8 Ke1 Ke8");
    assert_eq!(g.repetitions(), 2);
    assert!(!g.status().claim_threefold);
}

#[test]
fn repetition_counts_en_passant_rights() {
    // After d5 White may take en passant; the same placement later has no such right.
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "d5 Kd1 Kd8 Ke1 Ke8 Kd1 Kd8 Ke1 Ke8");
    assert_eq!(g.repetitions(), 2);
}

#[test]
fn fifty_claim_and_seventy_five_automatic() {
    let g = game("4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
    assert!(g.status().claim_fifty);
    let g = game("4k3/8/8/8/8/8/8/R3K3 w - - 149 80");
    assert_eq!(g.status().state, BoardState::Ongoing);
    let g = game("4k3/8/8/8/8/8/8/R3K3 w - - 150 80");
    assert_eq!(g.status().state, BoardState::SeventyFiveMoves);
    // Mate on the 75th move still counts as mate.
    let g = game("R3k3/8/4K3/8/8/8/8/8 b - - 150 80");
    assert_eq!(g.status().state, BoardState::Checkmate);
}

#[test]
fn resignation_agreement_and_time() {
    let start = chess_tutor::board::Position::initial();
    let mut g = Game::new(start, Rules::STANDARD).unwrap();
    assert_eq!(g.resign(Color::White).unwrap().winner, Some(Color::Black));
    assert!(g.agree_draw().is_err(), "a finished game cannot end again");
    assert!(g.undo().is_none());
    let mut g = Game::new(start, Rules::STANDARD).unwrap();
    assert_eq!(g.agree_draw().unwrap().reason, EndReason::Agreement);
    let mut g = Game::new(start, Rules::STANDARD).unwrap();
    let o = g.time_out(Color::White).unwrap();
    assert_eq!((o.winner, o.reason), (Some(Color::Black), EndReason::Timeout));
    // The opponent has a lone king: a flag fall is a draw.
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let o = g.time_out(Color::White).unwrap();
    assert_eq!((o.winner, o.reason), (None, EndReason::TimeoutInsufficientMaterial));
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(g.time_out(Color::Black).unwrap().winner, Some(Color::White));
}

#[test]
fn undo_and_redo() {
    let mut g = Game::new(chess_tutor::board::Position::initial(), Rules::STANDARD).unwrap();
    play(&mut g, "e4 e5");
    let after = *g.position();
    assert!(g.undo().is_some());
    assert!(g.undo().is_some());
    assert!(g.undo().is_none());
    assert_eq!(*g.position(), chess_tutor::board::Position::initial());
    assert!(g.redo().is_some());
    assert!(g.redo().is_some());
    assert_eq!(*g.position(), after);
    g.undo();
    play(&mut g, "c5");
    assert!(!g.can_redo(), "a new move clears redo");
}

#[test]
fn positions_without_kings_are_drills() {
    let g = game("8/8/8/8/8/8/8/R7 w - - 0 1");
    assert_eq!(targets(&g, "a1").len(), 14);
    assert_eq!(g.status().state, BoardState::Ongoing);
    // A lone white king with Black's rook: check logic applies to the side that has a king.
    let g = game("8/8/8/8/8/8/r7/4K3 w - - 0 1");
    assert_eq!(targets(&g, "e1"), ["d1", "f1"]);
}

#[test]
fn impossible_positions_are_rejected_with_a_reason() {
    let cases = [
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "rank 1"),
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "2 kings"),
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "in check"),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castle"),
        ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "en passant"),
    ];
    for (fen, word) in cases {
        let e = parse_fen(fen).unwrap_err();
        assert!(e.to_string().contains(word), "{fen}: {e}");
    }
}

#[test]
fn text_board_round_trip() {
    let text = "rnbqkbnr\npppppppp\n........\n........\n........\n........\nPPPPPPPP\nRNBQKBNR\n";
    let pos = parse_text_board(text).unwrap();
    assert_eq!(pos, chess_tutor::board::Position::initial());
    assert_eq!(chess_tutor::notation::to_text_board(&pos), text);
}

#[test]
fn targets_name_the_taken_pawn_the_rook_and_the_start_row() {
    let g = game("4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 1");
    let ep = g.targets(sq("e5")).into_iter().find(|t| t.kind == MoveKind::EnPassant).unwrap();
    assert_eq!(ep.captured, Some(sq("d5")));
    let castle = g.targets(sq("e1")).into_iter().find(|t| t.square == sq("c1")).unwrap();
    assert_eq!(castle.rook, Some((sq("a1"), sq("d1"))));
    let castle = g.targets(sq("e1")).into_iter().find(|t| t.square == sq("g1")).unwrap();
    assert_eq!(castle.rook, Some((sq("h1"), sq("f1"))));
    let g = Game::new(chess_tutor::board::Position::initial(), Rules::STANDARD).unwrap();
    let t = g.targets(sq("e2"));
    assert!(!t[0].explanation.from_start && t[1].explanation.from_start, "{t:?}");
}

/// The most legal moves known in a reachable position (Petrović, 1964): 218, and a set-up board
/// crowded with queens (not reachable, but valid) is counted without overflowing the move list.
#[test]
fn crowded_boards_never_overflow_the_move_list() {
    use chess_tutor::notation::parse_fen;
    let count = |fen: &str| {
        let pos = parse_fen(fen).unwrap();
        let mut list = chess_tutor::rules::MoveList::new();
        chess_tutor::rules::legal_moves(&pos, chess_tutor::rules::Rules::default(), &mut list);
        list.len()
    };
    assert_eq!(count("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1"), 218);
    let crowded = count("Q3Q3/2Q3Q1/Q3Q3/2Q3Q1/Q7/2R2R2/BN4NB/K6k w - - 0 1");
    assert!(crowded > 150, "{crowded}");
}

#[test]
fn one_click_generates_the_moves_once() {
    // A click asks for the status, then the targets (legal moves and outcome inside): one
    // generation for the position, and one more for each position the game moves to.
    let mut g = game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(g.generations(), 0);
    let _ = g.status();
    let _ = g.targets(sq("g1"));
    let _ = g.targets(sq("e2"));
    let _ = (g.legal_moves(), g.outcome(), g.status());
    assert_eq!(g.generations(), 1);
    let mv = g.find_move(sq("e2"), sq("e4"), None).unwrap();
    g.play(mv).unwrap();
    assert_eq!(g.generations(), 1, "playing a found move uses the same list");
    let _ = (g.status(), g.targets(sq("e7")));
    assert_eq!(g.generations(), 2);
    g.undo();
    let _ = (g.status(), g.targets(sq("e2")));
    assert_eq!(g.generations(), 3, "a new position after undo, generated once");
    g.redo();
    let _ = (g.status(), g.targets(sq("e7")), g.legal_moves());
    assert_eq!(g.generations(), 4);
}
