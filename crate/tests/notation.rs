//! Notation: FEN, text board, SAN, UCI, long form and PGN; and parsing that never panics.
#![cfg(not(target_arch = "wasm32"))] // proptest is a native-only dev-dependency

use chess_tutor::board::Position;
use chess_tutor::notation::*;
use chess_tutor::rules::{legal_moves, play_unchecked, Game, MoveList, Rules};
use proptest::prelude::*;

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

#[test]
fn fen_round_trip() {
    for fen in FENS {
        assert_eq!(to_fen(&parse_fen(fen).unwrap()), *fen);
    }
}

#[test]
fn fen_errors_name_the_field() {
    let cases = [
        ("", "FEN field 1 (placement)"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "FEN field 1 (placement)"),
        ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "FEN field 1 (placement)"),
        ("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "FEN field 1 (placement)"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "FEN field 2 (side to move)"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1", "FEN field 3 (castling)"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "FEN field 4 (en passant)"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "FEN field 5 (halfmove clock)"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "FEN field 6 (fullmove number)"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "FEN field 3 (castling)"),
    ];
    for (fen, field) in cases {
        let e = parse_fen(fen).unwrap_err();
        assert_eq!(e.field, field, "{fen}: {e}");
    }
}

#[test]
fn missing_fen_fields_take_defaults() {
    let p = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR").unwrap();
    assert_eq!(p, Position::initial());
}

#[test]
fn text_board_errors_name_line_and_column() {
    let e = parse_text_board("rnbqkbnr\npppppppp\n........\n...x....\n........\n........\nPPPPPPPP\nRNBQKBNR").unwrap_err();
    assert_eq!(e.field, "text board line 4, column 4");
    let e = parse_text_board("rnbqkbnr\npppppppp\n.......\n........\n........\n........\nPPPPPPPP\nRNBQKBNR").unwrap_err();
    assert_eq!(e.field, "text board line 3");
    let e = parse_text_board("rnbqkbnr\npppppppp\n........\n........\n........\n........\nPPPPPPPP\nRNBQKBNR\nz").unwrap_err();
    assert!(e.field.starts_with("text board line 9"), "{e}");
    let p = parse_text_board("....k...\n........\n........\n........\n........\n........\n........\n....K..R\nb K - 0 1").unwrap();
    assert_eq!(to_fen(&p), "4k3/8/8/8/8/8/8/4K2R b K - 0 1");
}

#[test]
fn san_output() {
    let pos = parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    let san = |m: &str| to_san(&pos, parse_uci(&pos, m, Rules::STANDARD).unwrap(), Rules::STANDARD);
    assert_eq!(san("e1g1"), "O-O");
    assert_eq!(san("e1c1"), "O-O-O");
    assert_eq!(san("e5f7"), "Nxf7");
    assert_eq!(san("g2h3"), "gxh3");
    assert_eq!(san("c3b1"), "Nb1");
    assert_eq!(san("e2a6"), "Bxa6");
    // Two rooks on the first rank: file disambiguation.
    let pos = parse_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
    assert_eq!(to_san(&pos, parse_uci(&pos, "a1d1", Rules::STANDARD).unwrap(), Rules::STANDARD), "Rad1");
    // Rooks on one file: rank disambiguation.
    let pos = parse_fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(to_san(&pos, parse_uci(&pos, "a1a3", Rules::STANDARD).unwrap(), Rules::STANDARD), "R1a3");
    // Three queens: full square.
    let pos = parse_fen("7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1").unwrap();
    assert_eq!(to_san(&pos, parse_uci(&pos, "a4b3", Rules::STANDARD).unwrap(), Rules::STANDARD), "Qa4b3");
    // Promotion with mate.
    let pos = parse_fen("k7/4P3/1K6/8/8/8/8/8 w - - 0 1").unwrap();
    assert_eq!(to_san(&pos, parse_uci(&pos, "e7e8q", Rules::STANDARD).unwrap(), Rules::STANDARD), "e8=Q#");
    assert_eq!(to_long(&pos, parse_uci(&pos, "e7e8q", Rules::STANDARD).unwrap(), Rules::STANDARD), "e7–e8Q++");
}

#[test]
fn long_form_from_seed_002() {
    let pos = Position::initial();
    let long = |m: &str| to_long(&pos, parse_uci(&pos, m, Rules::STANDARD).unwrap(), Rules::STANDARD);
    assert_eq!(long("e2e4"), "e2–e4");
    assert_eq!(long("b1c3"), "Nb1–c3");
    let pos = parse_fen("7k/5Q2/8/6K1/8/8/8/8 w - - 0 1").unwrap();
    assert_eq!(to_long(&pos, parse_uci(&pos, "g5g6", Rules::STANDARD).unwrap(), Rules::STANDARD), "Kg5–g6=");
    let pos = parse_fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    assert_eq!(to_long(&pos, parse_uci(&pos, "e1g1", Rules::STANDARD).unwrap(), Rules::STANDARD), "O-O+");
    assert_eq!(to_long(&pos, parse_uci(&pos, "h1h7", Rules::STANDARD).unwrap(), Rules::STANDARD), "Rh1–h7");
    assert_eq!(to_long(&pos, parse_uci(&pos, "h1h8", Rules::STANDARD).unwrap(), Rules::STANDARD), "Rh1–h8+");
    let pos = parse_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(to_long(&pos, parse_uci(&pos, "e4d5", Rules::STANDARD).unwrap(), Rules::STANDARD), "e4xd5");
}

#[test]
fn san_input_variants() {
    let pos = Position::initial();
    for (text, uci) in [("e4", "e2e4"), ("Nf3", "g1f3"), ("Ng1-f3", "g1f3"), ("Ng1f3", "g1f3"), ("e2–e4", "e2e4"), ("Pe4", "e2e4"), ("Nf3!?", "g1f3")] {
        assert_eq!(parse_san(&pos, text, Rules::STANDARD).unwrap().uci(), uci, "{text}");
    }
    let pos = parse_fen("4k3/8/8/8/8/8/8/R3K2R w K - 0 1").unwrap();
    assert_eq!(parse_san(&pos, "0-0", Rules::STANDARD).unwrap().uci(), "e1g1");
    assert!(parse_san(&pos, "O-O-O", Rules::STANDARD).unwrap_err().message.contains("cannot castle"));
    let e = parse_san(&parse_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap(), "Rd1", Rules::STANDARD).unwrap_err();
    assert!(e.message.contains("ambiguous"), "{e}");
    let pos = parse_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
    assert!(parse_san(&pos, "e8", Rules::STANDARD).is_err());
    assert_eq!(parse_san(&pos, "e8=N", Rules::STANDARD).unwrap().uci(), "e7e8n");
    assert_eq!(parse_san(&pos, "e8", Rules::AUTO_QUEEN).unwrap().uci(), "e7e8q");
}

#[test]
fn pgn_export() {
    let mut g = Game::new(Position::initial(), Rules::STANDARD).unwrap();
    for m in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
        let mv = parse_san(g.position(), m, Rules::STANDARD).unwrap();
        g.play(mv).unwrap();
    }
    let pgn = to_pgn(&g, &PgnTags { white: Some("Anya".into()), ..Default::default() });
    assert!(pgn.contains("[White \"Anya\"]"));
    assert!(pgn.contains("[Result \"1-0\"]"));
    assert!(pgn.contains("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"), "{pgn}");
    assert!(!pgn.contains("[FEN"));
    let g = Game::new(parse_fen("4k3/8/8/8/8/8/8/4K2R b K - 0 30").unwrap(), Rules::STANDARD).unwrap();
    let mut g2 = g.clone();
    let mv = parse_san(g2.position(), "Kd7", Rules::STANDARD).unwrap();
    g2.play(mv).unwrap();
    let pgn = to_pgn(&g2, &PgnTags::default());
    assert!(pgn.contains("[SetUp \"1\"]") && pgn.contains("[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 30\"]"), "{pgn}");
    assert!(pgn.contains("30... Kd7 *"), "{pgn}");
}

/// Every legal move, written in SAN, long form and UCI, reads back as itself.
#[test]
fn every_move_round_trips_through_every_notation() {
    fn walk(pos: &Position, depth: u32) {
        let mut list = MoveList::new();
        legal_moves(pos, Rules::STANDARD, &mut list);
        for &mv in &list {
            for text in [to_san(pos, mv, Rules::STANDARD), to_long(pos, mv, Rules::STANDARD), mv.uci()] {
                assert_eq!(parse_move(pos, &text, Rules::STANDARD).unwrap(), mv, "{} {text}", to_fen(pos));
            }
            if depth > 1 {
                walk(&play_unchecked(pos, mv), depth - 1);
            }
        }
    }
    for fen in FENS {
        walk(&parse_fen(fen).unwrap(), 2);
    }
}

fn mutate(fen: &str, edits: &[(usize, u8)]) -> String {
    let mut bytes = fen.as_bytes().to_vec();
    for &(at, b) in edits {
        let at = at % (bytes.len() + 1);
        match b % 3 {
            0 if at < bytes.len() => bytes[at] = b" /-0123456789KQRBNPkqrbnpwabcdefgh"[b as usize % 34],
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, b" /-0123456789KQRBNPkqrbnpwabcdefgh"[b as usize % 34]),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Whatever parses must also be safe to play on.
fn exercise(pos: &Position) {
    let mut g = match Game::new(*pos, Rules::STANDARD) {
        Ok(g) => g,
        Err(e) => panic!("a parsed position failed validation: {e}"),
    };
    let _ = g.status();
    for _ in 0..4 {
        let Some(&mv) = g.legal_moves().first() else { break };
        let _ = to_san(g.position(), mv, Rules::STANDARD);
        g.play(mv).unwrap();
        let _ = g.status();
    }
    let _ = to_pgn(&g, &PgnTags::default());
    let _ = chess_tutor::rules::perft(pos, 2);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn random_strings_never_panic(s in "\\PC{0,80}") {
        for r in [parse_fen(&s), parse_text_board(&s), parse_position(&s)] {
            match r {
                Ok(p) => exercise(&p),
                Err(e) => prop_assert!(!e.field.is_empty() && !e.message.is_empty()),
            }
        }
        let pos = Position::initial();
        if let Err(e) = parse_move(&pos, &s, Rules::STANDARD) {
            prop_assert!(e.field.starts_with("move"));
        }
    }

    #[test]
    fn mutated_fens_never_panic(k in 0usize..5, edits in proptest::collection::vec((0usize..100, any::<u8>()), 1..6)) {
        let fen = mutate(FENS[k], &edits);
        match parse_fen(&fen) {
            Ok(p) => exercise(&p),
            Err(e) => prop_assert!(e.field.starts_with("FEN"), "{}", e),
        }
    }

    #[test]
    fn mutated_text_boards_never_panic(k in 0usize..5, edits in proptest::collection::vec((0usize..100, any::<u8>()), 1..6)) {
        let board = to_text_board(&parse_fen(FENS[k]).unwrap());
        let text = mutate(&board, &edits);
        match parse_text_board(&text) {
            Ok(p) => exercise(&p),
            Err(e) => prop_assert!(e.field.starts_with("text board"), "{}", e),
        }
    }

    #[test]
    fn san_like_strings_never_panic(s in "[KQRBNPa-h1-8xO0=+#-]{0,8}", k in 0usize..5) {
        let pos = parse_fen(FENS[k]).unwrap();
        if let Ok(mv) = parse_san(&pos, &s, Rules::STANDARD) {
            let mut list = MoveList::new();
            legal_moves(&pos, Rules::STANDARD, &mut list);
            prop_assert!(list.contains(&mv));
        }
    }
}

#[test]
fn russian_piece_letters_come_from_the_formula_table() {
    assert_eq!(to_russian("Nf3"), "Кf3");
    assert_eq!(to_russian("Kxe2+"), "Крxe2+");
    assert_eq!(to_russian("e8=Q#"), "e8=Ф#");
    assert_eq!(to_russian("Bf1xb5+"), "Сf1xb5+");
    assert_eq!(to_russian("O-O-O"), "O-O-O");
    assert_eq!(to_russian("Rh1–h8+"), "Лh1–h8+");
    assert_eq!(to_russian("bxc3"), "bxc3");
}
