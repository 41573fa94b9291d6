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

/// The place an error names, in English, from its message's arguments.
fn place(e: &chess_tutor::notation::NotationError) -> String {
    chess_tutor::message::en::place(e.message())
}

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
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "FEN field 5 (halfmove clock)",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            "FEN field 6 (fullmove number)",
        ),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "FEN field 3 (castling)"),
    ];
    for (fen, field) in cases {
        let e = parse_fen(fen).unwrap_err();
        assert_eq!(place(&e), field, "{fen}: {e}");
    }
}

#[test]
fn missing_fen_fields_take_defaults() {
    let p = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR").unwrap();
    assert_eq!(p, Position::initial());
}

#[test]
fn text_board_errors_name_line_and_column() {
    let e = parse_text_board(
        "rnbqkbnr\npppppppp\n........\n...x....\n........\n........\nPPPPPPPP\nRNBQKBNR",
    )
    .unwrap_err();
    assert_eq!(
        (e.message().id, place(&e).as_str()),
        ("board-bad-letter", "text board line 4, column 4")
    );
    assert_eq!(
        serde_json::to_value(e.message()).unwrap()["args"],
        serde_json::json!({ "char": "x", "source": "text-board", "line": 4, "column": 4 })
    );
    let e = parse_text_board(
        "rnbqkbnr\npppppppp\n.......\n........\n........\n........\nPPPPPPPP\nRNBQKBNR",
    )
    .unwrap_err();
    assert_eq!((e.message().id, place(&e).as_str()), ("board-line-length", "text board line 3"));
    let e = parse_text_board(
        "rnbqkbnr\npppppppp\n........\n........\n........\n........\nPPPPPPPP\nRNBQKBNR\nz",
    )
    .unwrap_err();
    assert!(place(&e).starts_with("text board line 9"), "{e}");
    let p = parse_text_board(
        "....k...\n........\n........\n........\n........\n........\n........\n....K..R\nb K - 0 1",
    )
    .unwrap();
    assert_eq!(to_fen(&p), "4k3/8/8/8/8/8/8/4K2R b K - 0 1");
}

#[test]
fn san_output() {
    let pos =
        parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    let san = |m: &str| to_san(&pos, parse_uci(&pos, m, Rules::STANDARD).unwrap(), Rules::STANDARD);
    assert_eq!(san("e1g1"), "O-O");
    assert_eq!(san("e1c1"), "O-O-O");
    assert_eq!(san("e5f7"), "Nxf7");
    assert_eq!(san("g2h3"), "gxh3");
    assert_eq!(san("c3b1"), "Nb1");
    assert_eq!(san("e2a6"), "Bxa6");
    // Two rooks on the first rank: file disambiguation.
    let pos = parse_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
    assert_eq!(
        to_san(&pos, parse_uci(&pos, "a1d1", Rules::STANDARD).unwrap(), Rules::STANDARD),
        "Rad1"
    );
    // Rooks on one file: rank disambiguation.
    let pos = parse_fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(
        to_san(&pos, parse_uci(&pos, "a1a3", Rules::STANDARD).unwrap(), Rules::STANDARD),
        "R1a3"
    );
    // Three queens: full square.
    let pos = parse_fen("7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1").unwrap();
    assert_eq!(
        to_san(&pos, parse_uci(&pos, "a4b3", Rules::STANDARD).unwrap(), Rules::STANDARD),
        "Qa4b3"
    );
    // Promotion with mate.
    let pos = parse_fen("k7/4P3/1K6/8/8/8/8/8 w - - 0 1").unwrap();
    assert_eq!(
        to_san(&pos, parse_uci(&pos, "e7e8q", Rules::STANDARD).unwrap(), Rules::STANDARD),
        "e8=Q#"
    );
    assert_eq!(
        to_long(&pos, parse_uci(&pos, "e7e8q", Rules::STANDARD).unwrap(), Rules::STANDARD),
        "e7–e8Q++"
    );
}

#[test]
fn long_form_from_seed_002() {
    let pos = Position::initial();
    let long =
        |m: &str| to_long(&pos, parse_uci(&pos, m, Rules::STANDARD).unwrap(), Rules::STANDARD);
    assert_eq!(long("e2e4"), "e2–e4");
    assert_eq!(long("b1c3"), "Nb1–c3");
    let pos = parse_fen("7k/5Q2/8/6K1/8/8/8/8 w - - 0 1").unwrap();
    assert_eq!(
        to_long(&pos, parse_uci(&pos, "g5g6", Rules::STANDARD).unwrap(), Rules::STANDARD),
        "Kg5–g6="
    );
    let pos = parse_fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    assert_eq!(
        to_long(&pos, parse_uci(&pos, "e1g1", Rules::STANDARD).unwrap(), Rules::STANDARD),
        "O-O+"
    );
    assert_eq!(
        to_long(&pos, parse_uci(&pos, "h1h7", Rules::STANDARD).unwrap(), Rules::STANDARD),
        "Rh1–h7"
    );
    assert_eq!(
        to_long(&pos, parse_uci(&pos, "h1h8", Rules::STANDARD).unwrap(), Rules::STANDARD),
        "Rh1–h8+"
    );
    let pos = parse_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(
        to_long(&pos, parse_uci(&pos, "e4d5", Rules::STANDARD).unwrap(), Rules::STANDARD),
        "e4xd5"
    );
}

#[test]
fn san_input_variants() {
    let pos = Position::initial();
    for (text, uci) in [
        ("e4", "e2e4"),
        ("Nf3", "g1f3"),
        ("Ng1-f3", "g1f3"),
        ("Ng1f3", "g1f3"),
        ("e2–e4", "e2e4"),
        ("Pe4", "e2e4"),
        ("Nf3!?", "g1f3"),
    ] {
        assert_eq!(parse_san(&pos, text, Rules::STANDARD).unwrap().uci(), uci, "{text}");
    }
    let pos = parse_fen("4k3/8/8/8/8/8/8/R3K2R w K - 0 1").unwrap();
    assert_eq!(parse_san(&pos, "0-0", Rules::STANDARD).unwrap().uci(), "e1g1");
    assert_eq!(
        parse_san(&pos, "O-O-O", Rules::STANDARD).unwrap_err().message().id,
        "san-cannot-castle"
    );
    let e =
        parse_san(&parse_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap(), "Rd1", Rules::STANDARD)
            .unwrap_err();
    assert_eq!(e.message().id, "san-ambiguous", "{e}");
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
    let g =
        Game::new(parse_fen("4k3/8/8/8/8/8/8/4K2R b K - 0 30").unwrap(), Rules::STANDARD).unwrap();
    let mut g2 = g.clone();
    let mv = parse_san(g2.position(), "Kd7", Rules::STANDARD).unwrap();
    g2.play(mv).unwrap();
    let pgn = to_pgn(&g2, &PgnTags::default());
    assert!(
        pgn.contains("[SetUp \"1\"]") && pgn.contains("[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 30\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("30... Kd7 *"), "{pgn}");
}

/// Every legal move, written in SAN, long form and UCI, reads back as itself.
#[test]
fn every_move_round_trips_through_every_notation() {
    fn walk(pos: &Position, depth: u32) {
        let mut list = MoveList::new();
        legal_moves(pos, Rules::STANDARD, &mut list);
        for &mv in &list {
            for text in
                [to_san(pos, mv, Rules::STANDARD), to_long(pos, mv, Rules::STANDARD), mv.uci()]
            {
                assert_eq!(
                    parse_move(pos, &text, Rules::STANDARD).unwrap(),
                    mv,
                    "{} {text}",
                    to_fen(pos)
                );
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
            0 if at < bytes.len() => {
                bytes[at] = b" /-0123456789KQRBNPkqrbnpwabcdefgh"[b as usize % 34]
            }
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
                Err(e) => prop_assert!(!place(&e).is_empty() && !e.message().text().is_empty()),
            }
        }
        let pos = Position::initial();
        if let Err(e) = parse_move(&pos, &s, Rules::STANDARD) {
            prop_assert!(place(&e).starts_with("move"));
        }
    }

    #[test]
    fn mutated_fens_never_panic(k in 0usize..5, edits in proptest::collection::vec((0usize..100, any::<u8>()), 1..6)) {
        let fen = mutate(FENS[k], &edits);
        match parse_fen(&fen) {
            Ok(p) => exercise(&p),
            Err(e) => prop_assert!(place(&e).starts_with("FEN"), "{}", e),
        }
    }

    #[test]
    fn mutated_text_boards_never_panic(k in 0usize..5, edits in proptest::collection::vec((0usize..100, any::<u8>()), 1..6)) {
        let board = to_text_board(&parse_fen(FENS[k]).unwrap());
        let text = mutate(&board, &edits);
        match parse_text_board(&text) {
            Ok(p) => exercise(&p),
            Err(e) => prop_assert!(place(&e).starts_with("text board"), "{}", e),
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
fn russian_piece_letters_come_from_the_word_file() {
    // The letters of www/i18n/ru/language.js, read back into SAN (the page writes them: tests/js).
    assert_eq!(to_english("Кf3", "ru"), "Nf3");
    assert_eq!(to_english("Крxe2+", "ru"), "Kxe2+");
    assert_eq!(to_english("e8=Ф#", "ru"), "e8=Q#");
    assert_eq!(to_english("Сf1xb5+", "ru"), "Bf1xb5+");
    assert_eq!(to_english("O-O-O", "ru"), "O-O-O");
    assert_eq!(to_english("Лh1–h8+", "ru"), "Rh1–h8+");
    assert_eq!(to_english("bxc3", "ru"), "bxc3");
    // the Cyrillic look-alikes a Russian keyboard types: "с" (Es) for the c-file, "х" for x
    assert_eq!(to_english("Ксх3", "ru"), "Ncx3");
    assert_eq!(in_any_language("Крf1"), "Kf1");
    assert_eq!(to_english("Nf3", "en"), "Nf3");
    let ru = chess_tutor::message::piece_letters("ru");
    assert_eq!(
        ru,
        [
            ("pawn", ""),
            ("knight", "К"),
            ("bishop", "С"),
            ("rook", "Л"),
            ("queen", "Ф"),
            ("king", "Кр")
        ]
    );
    // English letters in the English word file are the board's own.
    for (name, letter) in chess_tutor::message::piece_letters("en") {
        let kind =
            chess_tutor::board::PieceKind::ALL.into_iter().find(|k| k.name() == name).unwrap();
        let want = if kind == chess_tutor::board::PieceKind::Pawn {
            String::new()
        } else {
            kind.letter().to_string()
        };
        assert_eq!(letter, want, "{name}");
    }
}

// ---------------------------------------------------------------- PGN import

use chess_tutor::board::Color;
use chess_tutor::rules::{EndReason, Outcome};

fn uci_moves(g: &Game) -> Vec<String> {
    g.moves().iter().map(|m| m.uci()).collect()
}

/// Play SAN moves on a game.
fn played(fen: Option<&str>, moves: &str) -> Game {
    let start = fen.map_or_else(Position::initial, |f| parse_fen(f).unwrap());
    let mut g = Game::new(start, Rules::STANDARD).unwrap();
    for m in moves.split_whitespace() {
        let mv = parse_san(g.position(), m, Rules::STANDARD).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.play(mv).unwrap();
    }
    g
}

/// Export, import, export again: the same text, the same moves and the same ending.
fn round_trip(g: &Game) {
    let tags = PgnTags {
        white: Some("Anya \"the Rook\"".into()),
        date: Some("2026.11.21".into()),
        ..Default::default()
    };
    let pgn = to_pgn(g, &tags);
    let back = parse_pgn(&pgn).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
    assert_eq!(to_pgn(&back.game, &back.pgn_tags()), pgn);
    assert_eq!(uci_moves(&back.game), uci_moves(g));
    assert_eq!(back.game.outcome(), g.outcome(), "{pgn}");
    assert_eq!(back.start, *g.start());
    assert_eq!(back.game.status(), g.status());
}

#[test]
fn pgn_reads_tags_moves_and_result() {
    let text = "[Event \"Club \\\"Pawn\\\" cup\"]\n[White \"Anya\"]\n[Black \"Ben\"]\n[Result \"0-1\"]\n[ECO \"C20\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    let p = parse_pgn(text).unwrap();
    let names: Vec<&str> = p.tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Event", "White", "Black", "Result", "ECO"]);
    assert_eq!(p.tag("Event"), Some("Club \"Pawn\" cup"));
    assert_eq!(p.result, "0-1");
    assert_eq!(p.start, Position::initial());
    assert_eq!(uci_moves(&p.game), ["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(
        p.game.outcome(),
        Some(Outcome { winner: Some(Color::Black), reason: EndReason::Checkmate })
    );
    let tags = p.pgn_tags();
    assert_eq!(tags.white.as_deref(), Some("Anya"));
    assert_eq!(tags.extra, [("ECO".to_string(), "C20".to_string())]);
    let out = to_pgn(&p.game, &tags);
    assert!(
        out.contains("[Event \"Club \\\"Pawn\\\" cup\"]\n")
            && out.contains("[ECO \"C20\"]\n[Termination \"checkmate\"]\n"),
        "{out}"
    );
}

#[test]
fn pgn_passes_over_comments_variations_nags_and_annotations() {
    // BOM, CRLF, a % escape line, ; and {} comments, nested variations (with a bad move inside,
    // which is not read), NAGs, !? marks, move numbers with and without a space, 1... for Black,
    // zeros for castling, e.p., a Russian piece letter, an evaluation written out.
    let text = "\u{feff}% exported by hand\r\n[Event \"Test\"]\r\n\r\n{A game} 1.e4 e5 2. Nf3!? Nc6 $1 3. Bc4 ; the Italian\r\n3... Bc5 (3... Nf6 4. Ng5 (4. d4 Kxz9) d5) 4. 0-0 Кf6 5. d4 exd4 6. e5 d5 7. exd6 e.p. +- Qxd6 {end} *\r\n";
    let p = parse_pgn(text).unwrap();
    assert_eq!(p.tag("Event"), Some("Test"));
    assert_eq!(p.result, "*");
    assert_eq!(
        uci_moves(&p.game),
        [
            "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1g1", "g8f6", "d2d4", "e5d4", "e4e5",
            "d7d5", "e5d6", "d8d6"
        ]
    );
    assert_eq!(p.game.outcome(), None);
    // Black to move first, from a position with a FEN tag.
    let text =
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n12... Kd7 13. e4 Ke6 *";
    let p = parse_pgn(text).unwrap();
    assert_eq!(to_fen(p.game.position()), "8/8/4k3/8/4P3/8/8/4K3 w - - 1 14");
    // Russian letters: Кр is the king, К the knight; promotion to a queen with Ф.
    // A Cyrillic а typed for the file a is read as a.
    let p = parse_pgn("[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n1. e8Ф Кра1 2. Крd2 *").unwrap();
    assert_eq!(uci_moves(&p.game), ["e7e8q", "a2a1", "e1d2"]);
}

#[test]
fn pgn_with_several_games() {
    let text = "[Event \"One\"]\n\n1. e4 e5 1-0\n\n[Event \"Two\"]\n\n1. d4 d5 2. c4 1/2-1/2\n\n[Event \"Three\"]\n1. Nf3 *\n";
    assert_eq!(parse_pgn(text).unwrap().tag("Event"), Some("One"));
    let games = parse_pgn_games(text).unwrap();
    let events: Vec<_> = games.iter().map(|g| g.tag("Event").unwrap()).collect();
    assert_eq!(events, ["One", "Two", "Three"]);
    assert_eq!(games[1].game.moves().len(), 3);
    assert_eq!(
        games[1].game.outcome(),
        Some(Outcome { winner: None, reason: EndReason::Agreement })
    );
    // Games without tags, one after another.
    assert_eq!(parse_pgn_games("1. e4 1-0 1. d4 0-1").unwrap().len(), 2);
    assert!(parse_pgn_games("  {nothing} \n").unwrap().is_empty());
    assert_eq!(parse_pgn("").unwrap_err().to_string(), "PGN 1:1: there is no game in this text");
    // An error in the second game names its line.
    let e = parse_pgn_games("[Event \"One\"]\n1. e4 *\n\n[Event \"Two\"]\n1. e5 *\n").unwrap_err();
    assert_eq!(e.to_string(), "PGN 5:4: 1. e5: no pawn move to e5 for White");
}

#[test]
fn pgn_errors_name_the_place_the_moves_and_why() {
    let cases: &[(&str, &str)] = &[
        (
            "[Event \"x\"]\n1. e4 e5 2. Ke3 Nc6",
            "PGN 2:13: 1. e4 e5 2. Ke3: no king move to e3 for White",
        ),
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 Qxc6",
            "PGN 1:39: … 3. Bb5 a6 4. Bxc6 Qxc6: no queen move to c6 for Black",
        ),
        ("1. e4 e5 2. Nbd2", "PGN 1:13: 1. e4 e5 2. Nbd2: no knight move from b to d2 for White"),
        (
            "1. f3 e5 2. g4 Qh4# 3. Kf2",
            "PGN 1:24: 1. f3 e5 2. g4 Qh4# 3. Kf2: the game is already over (0-1, checkmate)",
        ),
        ("1. e4 Nf6 2. O-O", "PGN 1:14: 1. e4 Nf6 2. O-O: White cannot castle king's side now"),
        (
            "[FEN \"7k/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n1. e8",
            "PGN 2:4: 1. e8: no pawn move to e8 for White",
        ),
        ("1. e4 {never closed", "PGN 1:7: this comment '{' is never closed with '}'"),
        ("1. e4 (1. d4 (1. c4) e5", "PGN 1:7: this variation '(' is never closed with ')'"),
        ("1. e4 ) e5", "PGN 1:7: ')' closes no variation"),
        ("[Event x]\n1. e4", "PGN 1:1: a tag is written [Name \"value\"]"),
        ("[Event \"x\n1. e4", "PGN 1:8: the value of the tag Event is never closed with '\"'"),
        ("[Event \"x\" 1. e4", "PGN 1:12: the tag Event is not closed with ']'"),
        ("[SetUp \"1\"]\n1. e4", "PGN 1:1: SetUp is \"1\" but there is no FEN tag"),
        (
            "[Variant \"Chess960\"]\n1. e4",
            "PGN 1:1: the variant 'Chess960' is not supported: only standard chess",
        ),
        (
            "[Result \"1-0\"]\n1. e4 0-1",
            "PGN 2:7: the moves end with 0-1, but the Result tag says 1-0",
        ),
        ("1. e4 -- 2. d4", "PGN 1:7: 1. e4 --: a null move is not a move of chess"),
        ("1. e4 <e5>", "PGN 1:7: '<' is not expected here"),
    ];
    for (text, want) in cases {
        let e = parse_pgn(text).unwrap_err();
        assert_eq!(e.to_string(), *want, "{text}");
    }
    let e = parse_pgn("[FEN \"8/8/8/8/8/8/8/8 x - - 0 1\"]\n*").unwrap_err();
    assert!(e.to_string().starts_with("PGN 1:1: the FEN tag: FEN field 2 (side to move)"), "{e}");
    // CRLF is one line break, a BOM takes no column, a tab one.
    let e = parse_pgn("\u{feff}[Event \"x\"]\r\n\r\n1.\te4 e4").unwrap_err();
    assert_eq!(place(&e), "PGN 3:7: 1. e4 e4");
    let e = parse_pgn("{Дебют} 1. e4 e5 2. Крe3").unwrap_err();
    assert_eq!(e.to_string(), "PGN 1:21: 1. e4 e5 2. Крe3: no king move to e3 for White");
}

#[test]
fn pgn_restores_how_the_game_ended() {
    let ending = |text: &str| parse_pgn(text).map(|p| p.game.outcome()).map_err(|e| e.to_string());
    let o = |winner, reason| Ok(Some(Outcome { winner, reason }));
    use EndReason::*;
    assert_eq!(ending("1. e4 e5 1-0"), o(Some(Color::White), Resignation));
    assert_eq!(ending("[Result \"0-1\"]\n1. e4 e5"), o(Some(Color::Black), Resignation));
    assert_eq!(
        ending("[Termination \"Time forfeit\"]\n1. e4 e5 0-1"),
        o(Some(Color::Black), Timeout)
    );
    assert_eq!(ending("1. e4 e5 {White wins on time} 1-0"), o(Some(Color::White), Timeout));
    assert_eq!(
        ending("[Termination \"Black won by resignation\"]\n1. e4 0-1"),
        o(Some(Color::Black), Resignation)
    );
    assert_eq!(ending("1. e4 e5 1/2-1/2"), o(None, Agreement));
    assert_eq!(ending("1. e4 e5 *"), Ok(None));
    assert_eq!(ending("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2"), o(None, Threefold));
    assert_eq!(ending("[Termination \"draw by agreement\"]\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2"), o(None, Agreement));
    assert_eq!(
        ending("[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 99 80\"]\n80. Ra2 1/2-1/2"),
        o(None, FiftyMoves)
    );
    // White has a lone king: Black's flag fell, but White cannot mate.
    let lone = "[FEN \"4k3/8/8/8/8/8/8/r3K3 w - - 0 1\"]\n[Termination \"time forfeit\"]\n1. Kf2";
    assert_eq!(ending(&format!("{lone} 1/2-1/2")), o(None, TimeoutInsufficientMaterial));
    assert_eq!(
        ending(&format!("{lone} 1-0")),
        Err("PGN 3:8: the result 1-0 (time forfeit): White cannot mate, so a flag fall is a draw"
            .into())
    );
    // The board's own ending wins over the tag, but the result must agree with it.
    assert_eq!(
        ending("[Termination \"resignation\"]\n1. f3 e5 2. g4 Qh4# 0-1"),
        o(Some(Color::Black), Checkmate)
    );
    assert_eq!(
        ending("1. f3 e5 2. g4 Qh4# 1-0"),
        Err("PGN 1:21: the result 1-0: the game has already ended: 0-1, checkmate".into())
    );
    assert_eq!(ending("1. f3 e5 2. g4 Qh4# *"), o(Some(Color::Black), Checkmate));
    assert_eq!(
        ending("[Termination \"stalemate\"]\n1. e4 e5 1/2-1/2"),
        Err("PGN 2:10: the result 1/2-1/2 (stalemate): the last position does not allow stalemate (1/2-1/2)".into())
    );
    assert_eq!(
        ending("[Termination \"threefold repetition\"]\n1. e4 e5 1/2-1/2"),
        Err("PGN 2:10: the result 1/2-1/2 (threefold repetition): the last position has not stood three times".into())
    );
}

#[test]
fn pgn_round_trips_every_kind_of_game() {
    // Castling both ways, en passant, promotions to each piece, a non-standard start.
    round_trip(&played(None, "e4 d5 exd5 c5 dxc6 Nf6 cxb7 Bd7 bxa8=N e5 Nf3 Bd6 Bc4 O-O O-O"));
    round_trip(&played(
        Some("r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 40"),
        "gxh8=R+ Kd7 bxa8=B gxh1=Q+ Ke2 bxa1=N",
    ));
    round_trip(&played(Some("4k3/8/8/8/8/8/4P3/4K3 b - - 0 12"), "Kd7 e4 Ke6"));
    round_trip(&played(Some("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 20"), "O-O-O O-O"));
    round_trip(&played(None, ""));
    // Every ending: by the board and by the players.
    let mut ends: Vec<Game> = vec![
        played(None, "f3 e5 g4 Qh4#"),
        played(
            None,
            "e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 Kg6 Qe6",
        ),
        played(Some("4k3/8/8/8/3n4/2B5/8/4K3 w - - 0 1"), "Bxd4"),
        played(None, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8"),
        played(Some("4k3/8/8/8/8/8/8/R3K3 w - - 149 80"), "Ra2"),
    ];
    let mut g = played(None, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    g.claim_draw().unwrap();
    ends.push(g);
    let mut g = played(Some("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"), "Ra2");
    g.claim_draw().unwrap();
    ends.push(g);
    let mut g = played(None, "e4");
    g.resign(Color::Black).unwrap();
    ends.push(g);
    let mut g = played(None, "e4 e5");
    g.resign(Color::White).unwrap();
    ends.push(g);
    let mut g = played(None, "d4 d5");
    g.agree_draw().unwrap();
    ends.push(g);
    let mut g = played(None, "d4");
    g.time_out(Color::Black).unwrap();
    ends.push(g);
    let mut g = played(Some("4k3/8/8/8/8/8/8/r3K3 w - - 0 1"), "Kf2");
    g.time_out(Color::Black).unwrap();
    ends.push(g);
    let mut g = played(Some("4k3/8/8/8/8/8/8/r3K3 w - - 0 1"), "Kf2 Ke7");
    g.time_out(Color::White).unwrap();
    ends.push(g);
    let reasons: Vec<EndReason> = ends.iter().map(|g| g.outcome().unwrap().reason).collect();
    use EndReason::*;
    assert_eq!(
        reasons,
        [
            Checkmate,
            Stalemate,
            InsufficientMaterial,
            Fivefold,
            SeventyFiveMoves,
            Threefold,
            FiftyMoves,
            Resignation,
            Resignation,
            Agreement,
            Timeout,
            TimeoutInsufficientMaterial,
            Timeout
        ]
    );
    for g in &ends {
        round_trip(g);
    }
}

/// Play a random game from `fen`: `picks` choose among the legal moves, then maybe an ending.
fn random_game(fen: &str, picks: &[u16], end: u8) -> Game {
    let mut g = Game::new(parse_fen(fen).unwrap(), Rules::STANDARD).unwrap();
    for &p in picks {
        let list = g.legal_moves();
        if list.is_empty() {
            break;
        }
        g.play(list[p as usize % list.len()]).unwrap();
    }
    let side = if end.is_multiple_of(2) { Color::White } else { Color::Black };
    let _ = match end % 8 {
        0 | 1 => g.resign(side).map(|_| ()),
        2 | 3 => g.time_out(side).map(|_| ()),
        4 => g.agree_draw().map(|_| ()),
        5 => g.claim_draw().map(|_| ()),
        _ => Ok(()),
    };
    g
}

const PGN_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
];

/// PGN with the parts a parser can trip on, for mutation.
const RICH_PGN: &str = "[Event \"Rich \\\"one\\\"\"]\r\n[SetUp \"1\"]\r\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\r\n\r\n% escape\r\n1. O-O! {c} (1. O-O-O $2 (1. Kd1)) 1... 0-0-0?! ; line\r\n2. Rfe1 Rhe8 1/2-1/2\r\n";

fn pgn_mutate(text: &str, edits: &[(usize, u8)]) -> String {
    const ALPHABET: &[u8] = b" \n\r\t{}()[];%$!?.*\"\\0123456789-/=+#xKQRBNOabcdefgh";
    let mut bytes = text.as_bytes().to_vec();
    for &(at, b) in edits {
        let at = at % (bytes.len() + 1);
        let c = ALPHABET[b as usize % ALPHABET.len()];
        match b % 3 {
            0 if at < bytes.len() => bytes[at] = c,
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, c),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Whatever a PGN gives must be a sound game; an error must name its place.
fn check_pgn(text: &str) -> Result<(), TestCaseError> {
    match parse_pgn(text) {
        Ok(p) => {
            let again = to_pgn(&p.game, &p.pgn_tags());
            let back =
                parse_pgn(&again).map_err(|e| TestCaseError::fail(format!("{e}\n{again}")))?;
            prop_assert_eq!(to_pgn(&back.game, &back.pgn_tags()), again);
        }
        Err(e) => {
            prop_assert!(place(&e).starts_with("PGN ") && place(&e)[4..].contains(':'), "{}", e);
            prop_assert!(!e.message().text().is_empty());
        }
    }
    if let Ok(games) = parse_pgn_games(text) {
        for g in games {
            let _ = to_pgn(&g.game, &g.pgn_tags());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn pgn_round_trips_random_games(k in 0usize..5, picks in proptest::collection::vec(any::<u16>(), 0..80), end in any::<u8>()) {
        round_trip(&random_game(PGN_FENS[k], &picks, end));
    }

    #[test]
    fn random_pgn_text_never_panics(s in "\\PC{0,120}") {
        check_pgn(&s)?;
    }

    #[test]
    fn pgn_like_text_never_panics(s in "[ \\n\\r{}()\\[\\];%$!?.*\"0-9a-hxKQRBNO=+#/-]{0,60}") {
        check_pgn(&s)?;
        check_pgn(&format!("1. e4 {s}"))?;
    }

    #[test]
    fn mutated_pgn_never_panics(k in 0usize..6, picks in proptest::collection::vec(any::<u16>(), 0..40), end in any::<u8>(),
                                edits in proptest::collection::vec((0usize..400, any::<u8>()), 1..6)) {
        let text = if k == 5 { RICH_PGN.to_string() } else { to_pgn(&random_game(PGN_FENS[k], &picks, end), &PgnTags::default()) };
        check_pgn(&pgn_mutate(&text, &edits))?;
    }
}
