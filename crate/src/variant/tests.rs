use super::*;
use crate::board::{Piece, PieceKind, Position};
use crate::movement::{tables, PieceDef, PieceSet, Region};
use std::collections::BTreeSet;

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn t1() -> Arc<PieceSet> {
    Arc::new(PieceSet::builtin("chess-t1").expect("chess-t1 is built in"))
}

fn pos(set: &Arc<PieceSet>, text: &str) -> VariantPosition {
    VariantPosition::parse(set.clone(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn names(targets: &[VariantTarget], allowed: bool) -> BTreeSet<String> {
    targets.iter().filter(|t| t.allowed == allowed).map(|t| t.square.to_string()).collect()
}

fn set_of(words: &str) -> BTreeSet<String> {
    words.split_whitespace().map(String::from).collect()
}

/// Fig. 2.1: white Prince e5, black Wer Knecht d5, white Knecht g3.
const FIG_2_1: &str = "8/8/8/3wP3/8/6N1/8/8 w - - 0 1";
/// Fig. 2.2: black Ritter d5, black Knecht c5.
const FIG_2_2: &str = "8/8/8/2nr4/8/8/8/8 b - - 0 1";

#[test]
fn fig_2_1_the_prince() {
    let set = t1();
    let p = pos(&set, FIG_2_1);
    let targets = p.targets(sq("e5"));
    assert_eq!(names(&targets, true), set_of("e4 f5 e6 f6 g7 h8 d6 c7 b8 d4 c3 b2 f4"));
    assert_eq!(names(&targets, false), set_of("d5"));
    let d5 = targets.iter().find(|t| t.square == sq("d5")).unwrap();
    assert!(d5.capture);
    assert_eq!(d5.refusal, Some(Refusal::Force));
    assert_eq!(d5.force, Some(ForceBalance { white: 3, black: 3 }));
    // The long diagonal f4-h2 stops at the Knecht on g3.
    assert!(targets.iter().all(|t| t.square != sq("g3") && t.square != sq("h2")));
    let h8 = targets.iter().find(|t| t.square == sq("h8")).unwrap();
    assert_eq!(
        (h8.explanation.line, h8.explanation.n, h8.explanation.di, h8.explanation.dj),
        (Some(2), 3, 1, 1)
    );
    assert_eq!(h8.explanation.text(), "i1 = i + n·ΔI, j1 = j + n·ΔJ");
    // Sorted by square index.
    assert!(targets.windows(2).all(|w| w[0].square < w[1].square));
}

#[test]
fn fig_2_1_force_on_d5_and_the_refused_capture() {
    let set = t1();
    let mut p = pos(&set, FIG_2_1);
    let f = p.force(sq("d5"));
    assert_eq!((f.white, f.black), (3, 3));
    let roles: Vec<(String, Color, &str, u16, Role)> = f
        .sources
        .iter()
        .map(|s| (s.from.to_string(), s.color, s.piece.as_str(), s.halves, s.role))
        .collect();
    assert_eq!(
        roles,
        vec![
            ("d5".to_string(), Color::Black, "wer-knecht", 3, Role::SelfDefence),
            ("e5".to_string(), Color::White, "prince", 3, Role::Attack),
        ]
    );
    let e = p.play(sq("e5"), sq("d5")).unwrap_err();
    assert_eq!(
        e,
        VariantError::NotStronger {
            from: sq("e5"),
            to: sq("d5"),
            side: Color::White,
            force: ForceBalance { white: 3, black: 3 }
        }
    );
    assert_eq!(e.message().id, "variant-not-stronger");
    assert_eq!(e.to_string(), "no capture on d5: White has 1½ there and Black 1½; white needs more force than the other side");
    // Nothing moved.
    assert_eq!(p.fen(), FIG_2_1);
}

#[test]
fn a_second_attacker_makes_the_capture() {
    let set = t1();
    // A white Knecht on d4 attacks d5 too: 1½ + 1 against 1½.
    let mut p = pos(&set, "8/8/8/3wP3/3N4/6N1/8/8 w - - 0 1");
    let t = p.targets(sq("e5")).into_iter().find(|t| t.square == sq("d5")).unwrap();
    assert!(t.allowed && t.capture);
    assert_eq!(t.force, Some(ForceBalance { white: 5, black: 3 }));
    let mv = p.play(sq("e5"), sq("d5")).unwrap();
    assert_eq!(mv.captured.as_deref(), Some("wer-knecht"));
    assert_eq!(mv.piece, "prince");
    assert_eq!(p.fen(), "8/8/8/3P4/3N4/6N1/8/8 b - - 0 1");
}

#[test]
fn fig_2_2_the_ritter_jumps() {
    let set = t1();
    let p = pos(&set, FIG_2_2);
    let targets = p.targets(sq("d5"));
    assert_eq!(names(&targets, true), set_of("d6 d7 e5 f5 d4 d3 b5"));
    assert!(names(&targets, false).is_empty());
    let b5 = targets.iter().find(|t| t.square == sq("b5")).unwrap();
    assert_eq!(
        (b5.explanation.line, b5.explanation.n, b5.explanation.di, b5.explanation.dj),
        (Some(1), 2, 0, -1)
    );
}

#[test]
fn force_self_defence_jumps_and_blocking() {
    let set = t1();
    // A lone Wer Knecht defends itself with 1½.
    let p = pos(&set, "8/8/8/3w4/8/8/8/8 w - - 0 1");
    let f = p.force(sq("d5"));
    assert_eq!((f.white, f.black, f.sources.len()), (0, 3, 1));
    assert_eq!(f.sources[0].role, Role::SelfDefence);
    // The Ritter's jumping line gives force through the Knecht on d6 to d7; the Knecht defends
    // the Ritter, the Ritter defends the Knecht.
    let p = pos(&set, "8/8/3n4/3r4/8/8/8/8 b - - 0 1");
    let d7 = p.force(sq("d7"));
    assert_eq!((d7.white, d7.black), (0, 4 + 2));
    assert!(d7
        .sources
        .iter()
        .any(|s| s.piece == "ritter" && s.from == sq("d5") && s.role == Role::Attack));
    let d6 = p.force(sq("d6"));
    assert_eq!((d6.black, d6.sources.len()), (6, 2));
    assert!(d6.sources.iter().any(|s| s.piece == "ritter" && s.role == Role::Defence));
    // The Prince's diagonal stops at the first piece: force on f4 and g3, none on h2.
    let p = pos(&set, FIG_2_1);
    assert_eq!(p.force(sq("g3")).white, 3 + 2);
    assert_eq!(p.force(sq("h2")).white, 0);
    // FIDE: a rook's line stops at the first piece; strength 1 a piece, no self-defence.
    let fide = Arc::new(PieceSet::fide());
    let p = pos(&fide, "4k3/8/8/p7/8/pN6/8/R3K3 w - - 0 1");
    let a3 = p.force(sq("a3"));
    assert_eq!((a3.white, a3.black), (2, 0));
    assert_eq!(p.force(sq("a4")).white, 0);
    // a5: the knight on b3 only (the rook is stopped on a3).
    assert_eq!(p.force(sq("a5")).white, 2);
    // e1: the rook defends the king; no piece defends itself in chess.
    let e1 = p.force(sq("e1"));
    assert_eq!((e1.white, e1.sources[0].from, e1.sources[0].role), (2, sq("a1"), Role::Defence));
}

#[test]
fn a_teachers_piece_rook_at_most_two_squares() {
    let base = PieceSet::builtin("chess-t1").unwrap();
    let piece: PieceDef = serde_json::from_str(
        r#"{ "id": "short-rook", "name": { "ru": "Короткая ладья", "en": "Short rook" }, "letter": "S", "strength": 4,
             "lines": [ { "di": [-1, 1], "dj": [0], "n": [1, 2] }, { "di": [0], "dj": [-1, 1], "n": [1, 2] } ] }"#,
    )
    .unwrap();
    let set = Arc::new(base.extend(Vec::new(), vec![piece]).unwrap());
    let p = pos(&set, "8/8/8/3n4/3S4/8/8/8 w - - 0 1");
    let targets = p.targets(sq("d4"));
    assert_eq!(names(&targets, true), set_of("d3 d2 c4 b4 e4 f4 d5"));
    // 2 against the Knecht's own 1: a capture.
    assert_eq!(
        targets.iter().find(|t| t.square == sq("d5")).unwrap().force,
        Some(ForceBalance { white: 4, black: 2 })
    );
    assert_eq!(
        p.text_board(),
        "........\n........\n........\n...n....\n...S....\n........\n........\n........\n"
    );
    // The same letter as a piece of the base set is refused at its place.
    let clash: PieceDef = serde_json::from_str(r#"{ "id": "other", "name": { "ru": "Другая", "en": "Other" }, "letter": "p", "lines": [ { "di": [1], "dj": [0] } ] }"#).unwrap();
    let errors =
        PieceSet::builtin("chess-t1").unwrap().extend(Vec::new(), vec![clash]).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(
        (errors[0].pointer.as_str(), errors[0].message.id),
        ("/pieces/0/letter", "pieces-letter-twice")
    );
}

#[test]
fn regions_the_ritter_may_not_enter_a_castle() {
    let base = PieceSet::builtin("chess-t1").unwrap();
    let castle =
        Region { id: "castle".into(), squares: vec!["d1".into(), "e1".into(), "f1".into()] };
    let set = Arc::new(base.extend(vec![castle], Vec::new()).unwrap());
    let mut p = pos(&set, "8/8/8/8/8/4R3/8/4p3 w - - 0 1");
    let targets = p.targets(sq("e3"));
    let e1 = targets.iter().find(|t| t.square == sq("e1")).unwrap();
    assert!(!e1.allowed && e1.capture);
    assert_eq!((e1.refusal, e1.region.as_deref()), (Some(Refusal::Region), Some("castle")));
    assert!(names(&targets, true).contains("e2"));
    // No force on a square the piece may never enter; the Prince (royal) may stand there.
    assert_eq!(p.force(sq("e1")).balance(), ForceBalance { white: 0, black: 3 });
    let e = p.play(sq("e3"), sq("e1")).unwrap_err();
    assert_eq!(e.message().id, "variant-region");
    assert_eq!(e.to_string(), "the ritter may not enter e1: it is in the castle");
    // The Prince is royal: it may step into the castle.
    p = p.with_turn(Color::Black);
    assert!(p.targets(sq("e1")).iter().any(|t| t.square == sq("d1") && t.allowed));
}

#[test]
fn positions_read_and_write_with_the_sets_letters() {
    let set = t1();
    let p = pos(&set, FIG_2_1);
    assert_eq!(p.fen(), FIG_2_1);
    assert_eq!(
        p.piece_at(sq("d5")).map(|(c, d)| (c, d.id.as_str())),
        Some((Color::Black, "wer-knecht"))
    );
    let board = p.text_board();
    assert_eq!(pos(&set, &board).fen(), FIG_2_1);
    assert_eq!(pos(&set, &format!("{board}b - - 3 7")).fen(), "8/8/8/3wP3/8/6N1/8/8 b - - 3 7");
    assert_eq!(pos(&set, "8/8/8/3wP3/8/6N1/8/8").turn(), Color::White);
    let err = |text: &str| VariantPosition::parse(set.clone(), text).unwrap_err();
    let e = err("8/8/8/3wQ3/8/8/8/8 w - - 0 1");
    assert_eq!(e.message().id, "variant-bad-letter");
    assert_eq!(e.to_string(), "FEN field 1 (placement): rank 5: 'Q' is not a letter of this piece set (PRWN; lower case for Black) or a digit");
    assert_eq!(err("8/8/8/3wP3/8/8/8/8 w KQ - 0 1").message().id, "variant-no-castling");
    assert_eq!(
        err("8/8/8/3wP3/8/8/8/8 x").to_string(),
        "FEN field 2 (side to move): expected 'w' or 'b', found 'x'"
    );
    let e = err("........\n........\n........\n...wQ...\n........\n........\n........\n........\n");
    assert_eq!(e.to_string(), "text board line 4, column 5: 'Q' is not a letter of this piece set (PRWN; lower case for Black) or '.'");
    assert_eq!(err("").message().id, "fen-empty");
}

#[test]
fn a_game_plays_undoes_and_redoes() {
    let set = t1();
    let mut g = VariantGame::new(pos(&set, "8/8/8/3wP3/3N4/6N1/8/8 w - - 0 1"));
    assert!(g.targets(sq("d5")).is_empty(), "not Black's turn");
    assert_eq!(
        g.play(sq("d5"), sq("d6")).unwrap_err(),
        VariantError::NotYourPiece { square: sq("d5"), side: Color::White }
    );
    g.play(sq("e5"), sq("d5")).unwrap();
    assert_eq!(g.status(), VariantStatus { turn: Color::Black, can_undo: true, can_redo: false });
    assert_eq!(g.play(sq("a1"), sq("a2")).unwrap_err().message().id, "rule-no-piece");
    let mv = g.undo().unwrap();
    assert_eq!((mv.from, mv.to), (sq("e5"), sq("d5")));
    assert_eq!(g.fen(), "8/8/8/3wP3/3N4/6N1/8/8 w - - 0 1");
    assert!(g.can_redo());
    g.redo().unwrap();
    assert_eq!(g.fen(), "8/8/8/3P4/3N4/6N1/8/8 b - - 0 1");
    assert_eq!(g.redo().unwrap_err(), VariantError::NothingToRedo);
    assert_eq!(g.history().count(), 1);
    // Positions hash and compare by pieces and turn: a search keeps them in a set.
    let seen: std::collections::HashSet<VariantPosition> =
        [g.start().clone(), g.position().clone(), g.start().clone()].into_iter().collect();
    assert_eq!(seen.len(), 2);
    // One side only (a lesson without an opponent): White moves again.
    let mut g = VariantGame::one_side(pos(&set, FIG_2_1));
    g.play(sq("e5"), sq("e4")).unwrap();
    g.play(sq("e4"), sq("e3")).unwrap();
    assert_eq!(g.status().turn, Color::White);
    assert_eq!(g.play(sq("e3"), sq("e1")).unwrap_err().message().id, "variant-cannot-reach");
}

#[test]
fn every_target_has_a_message() {
    let set = t1();
    let p = pos(&set, "8/8/8/3wP3/3N4/6N1/8/8 w - - 0 1");
    let (c, def) = p.piece_at(sq("e5")).unwrap();
    for t in p.targets(sq("e5")) {
        let m = t.message(sq("e5"), def, c);
        assert!(m.id.starts_with("variant-target-"), "{m:?}");
        assert!(!m.text().contains('{'), "{}", m.text());
    }
}

/// The FIDE generator's pseudo-legal moves (castling and en passant left out): from its tables.
fn fide_pseudo_legal(pos: &Position) -> BTreeSet<(Square, Square)> {
    let t = tables();
    let us = pos.side;
    let ours = pos.color_bb(us);
    let theirs = pos.color_bb(us.opposite());
    let occ = pos.occupied();
    let mut out = BTreeSet::new();
    for (from, piece) in pos.all_pieces() {
        if piece.color != us {
            continue;
        }
        let to = if piece.kind == PieceKind::Pawn {
            let one = t.pawn_push_bb[us.index()][from.index()] & !occ;
            let two = if one != 0 { t.pawn_push2_bb[us.index()][from.index()] & !occ } else { 0 };
            one | two | (t.pawn_capture[us.index()][from.index()] & theirs)
        } else {
            t.attacks(piece.kind, us, from, occ) & !ours
        };
        out.extend(crate::board::squares(to).map(|s| (from, s)));
    }
    out
}

fn generic(pos: &VariantPosition) -> BTreeSet<(Square, Square)> {
    let mut out = BTreeSet::new();
    for (from, c, _) in pos.pieces() {
        if c == pos.turn() {
            out.extend(
                pos.targets(from).into_iter().filter(|t| t.allowed).map(|t| (from, t.square)),
            );
        }
    }
    out
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
    /// The generic generator, driven only by the FIDE set's lines, gives the FIDE generator's
    /// pseudo-legal moves on random boards.
    #[test]
    fn the_generic_generator_equals_fides(cells in proptest::collection::vec(0u8..40, 64), black in proptest::bool::ANY) {
        let fide = Arc::new(PieceSet::fide());
        let mut board = Position::empty();
        let mut variant = VariantPosition::empty(fide.clone());
        for (k, &c) in cells.iter().enumerate() {
            // 0..12 a piece (kind, colour), else empty; no pawn on the first or last row.
            if c >= 12 {
                continue;
            }
            let (kind, color) = (PieceKind::ALL[c as usize % 6], Color::BOTH[c as usize / 6]);
            let s = Square::from_index(k as u8);
            if kind == PieceKind::Pawn && (s.i() == 0 || s.i() == 7) {
                continue;
            }
            board.put(s, Piece::new(color, kind));
            proptest::prop_assert!(variant.put(s, Some((color, fide.piece_by_id(kind.name()).unwrap()))));
        }
        let side = if black { Color::Black } else { Color::White };
        board.side = side;
        let variant = variant.with_turn(side);
        proptest::prop_assert_eq!(generic(&variant), fide_pseudo_legal(&board));
    }
}

proptest::proptest! {
    /// No text makes the reader panic, and on any board of chess-t1 pieces targets, force and
    /// play answer (a refused move leaves the position as it was).
    #[test]
    fn any_input_is_answered(text in ".{0,120}", cells in proptest::collection::vec(0u8..16, 64), from in 0u8..64, to in 0u8..64) {
        let set = t1();
        let _ = VariantPosition::parse(set.clone(), &text);
        let mut p = VariantPosition::empty(set.clone());
        for (k, &c) in cells.iter().enumerate() {
            if c < 8 {
                p.put(Square::from_index(k as u8), Some((Color::BOTH[c as usize / 4], c as usize % 4)));
            }
        }
        proptest::prop_assert!(!p.put(Square::from_index(0), Some((Color::White, 4))));
        let (from, to) = (Square::from_index(from), Square::from_index(to));
        for t in p.targets(from) {
            proptest::prop_assert!(t.allowed == t.refusal.is_none());
            proptest::prop_assert!(t.capture == t.force.is_some());
        }
        let f = p.force(to);
        proptest::prop_assert_eq!(f.white + f.black, f.sources.iter().map(|s| s.halves).sum::<u16>());
        let before = p.fen();
        let reread = VariantPosition::parse(set.clone(), &before).unwrap();
        proptest::prop_assert_eq!(reread.fen(), before.clone());
        proptest::prop_assert_eq!(VariantPosition::parse(set, &p.text_board()).unwrap().text_board(), p.text_board());
        if p.play(from, to).is_err() {
            proptest::prop_assert_eq!(p.fen(), before);
        }
    }
}
