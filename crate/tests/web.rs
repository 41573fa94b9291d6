//! Tests of the WASM binding layer (`chess_tutor::wasm`), run in headless Chromium by
//! `wasm-pack test --headless --chrome crate` (part of `npm test`).
#![cfg(target_arch = "wasm32")]
// Errors are turned into JsValue with `.into()` everywhere, so that a test reads the same whether
// an export returns JsValue or its own error type.
#![allow(clippy::useless_conversion)]

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn version_is_the_cargo_package_version() {
    assert_eq!(chess_tutor::wasm::version(), env!("CARGO_PKG_VERSION"));
}

#[wasm_bindgen_test]
fn version_is_three_numbers() {
    let version = chess_tutor::wasm::version();
    let parts: Vec<&str> = version.split('.').collect();
    assert_eq!(parts.len(), 3, "{version}");
    for part in parts {
        assert!(part.parse::<u32>().is_ok(), "{version}");
    }
}

#[wasm_bindgen_test]
fn start_may_run_more_than_once() {
    // The page's init() already ran it; installing the panic hook again must be harmless.
    chess_tutor::wasm::start();
    chess_tutor::wasm::start();
}

use chess_tutor::wasm::{formulas, perft, validate_position, WasmGame as Game};
use wasm_bindgen::JsValue;

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn squares_of(list: &JsValue) -> Vec<String> {
    js_sys::Array::from(list).iter().map(|t| get(&t, "square").as_string().unwrap()).collect()
}

/// The message of an error thrown across the boundary: its id and args in compact JSON (the
/// packages carry no English; the page says it from the catalogue).
fn message(e: JsValue) -> String {
    get(&e, "message").as_string().unwrap_or_default()
}

#[wasm_bindgen_test]
fn targets_come_back_with_kind_and_formula() {
    let game = Game::new(None, None).unwrap();
    let targets = game.targets(1, 4).unwrap();
    assert_eq!(squares_of(&targets), ["e3", "e4"]);
    let e4 = js_sys::Array::from(&targets).get(1);
    assert_eq!(get(&e4, "kind").as_string().unwrap(), "move");
    assert_eq!(get(&e4, "i").as_f64(), Some(3.0));
    let explanation = get(&e4, "explanation");
    assert_eq!(get(&explanation, "n").as_f64(), Some(2.0));
    assert_eq!(get(&explanation, "di").as_f64(), Some(1.0));
    // the formula as data (the page writes it): the pawn's line 0, i1 = i + n·ΔI, j1 = j
    assert_eq!(get(&explanation, "line").as_f64(), Some(0.0));
    assert_eq!(
        (
            get(&explanation, "si").as_f64(),
            get(&explanation, "sj").as_f64(),
            get(&explanation, "n_shown").as_bool()
        ),
        (Some(1.0), Some(0.0), Some(true))
    );
    let pawn = js_sys::Array::from(&formulas().unwrap()).get(0);
    let line = js_sys::Array::from(&get(&pawn, "lines")).get(0);
    assert_eq!(get(&line, "text").as_string().unwrap(), "i1 = i + n·ΔI, j1 = j");
    assert_eq!(squares_of(&game.targets(0, 6).unwrap()), ["f3", "h3"]);
}

#[wasm_bindgen_test]
fn play_undo_redo_and_status() {
    let mut game = Game::new(None, None).unwrap();
    let mv = game.play("e2", "e4", None).map_err(JsValue::from).unwrap();
    assert_eq!(get(&mv, "san").as_string().unwrap(), "e4");
    assert_eq!(get(&mv, "long").as_string().unwrap(), "e2–e4");
    game.play_san("e5").map_err(JsValue::from).unwrap();
    assert_eq!(game.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert!(!game.undo().unwrap().is_null());
    assert!(!game.redo().unwrap().is_null());
    assert!(game.redo().unwrap().is_null());
    let status = game.status().unwrap();
    assert_eq!(get(&status, "state").as_string().unwrap(), "ongoing");
    assert_eq!(get(&status, "turn").as_string().unwrap(), "white");
    assert_eq!(get(&status, "can_undo").as_bool(), Some(true));
    assert!(pgn_of(&game).contains("1. e4 e5 *"));
}

#[wasm_bindgen_test]
fn errors_are_exceptions_that_name_the_field() {
    let e: JsValue =
        Game::new(Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1".into()), None)
            .err()
            .unwrap()
            .into();
    assert!(wasm_bindgen::JsCast::is_instance_of::<js_sys::Error>(&e));
    assert_eq!(get(&e, "id").as_string().unwrap(), "fen-bad-side");
    let args = get(&e, "args");
    assert_eq!(
        (get(&args, "field").as_f64(), get(&args, "found").as_string().unwrap()),
        (Some(2.0), "x".to_string())
    );
    assert_eq!(message(e), r#"fen-bad-side {"found":"x","field":2,"source":"fen"}"#);
    let mut game = Game::new(None, None).unwrap();
    let e: JsValue = game.play("e2", "e5", None).err().unwrap().into();
    assert_eq!(get(&e, "id").as_string().unwrap(), "rule-not-legal");
    assert_eq!(message(e), r#"rule-not-legal {"from":"e2","to":"e5"}"#);
    let e: JsValue = game.play("z9", "e5", None).err().unwrap().into();
    assert_eq!(
        (get(&e, "id").as_string().unwrap(), get(&get(&e, "args"), "param").as_string().unwrap()),
        ("bad-square".into(), "from".into())
    );
    assert_eq!(message(e), r#"bad-square {"found":"z9","param":"from"}"#);
    let e = game.play_san("Qxh7").err().unwrap();
    assert!(message(e.into()).contains(r#""move":"Qxh7""#));
    let e = game.targets(9, 0).err().unwrap();
    assert_eq!(message(e.into()), r#"bad-square-ij {"i":9,"j":0,"param":"square"}"#);
    assert!(validate_position("8/8/8/8/8/8/8/P7 w - - 0 1").is_err());
}

#[wasm_bindgen_test]
fn text_board_and_auto_queen() {
    let board =
        "....k...\n....P...\n........\n........\n........\n........\n........\n....K...\nw - - 0 1";
    // The white pawn on e7 stands before the king: it cannot promote by moving straight.
    let game = Game::new(Some(board.into()), Some(true)).unwrap();
    assert_eq!(game.text_board().lines().count(), 8);
    assert!(squares_of(&game.targets(6, 4).unwrap()).is_empty());
    let mut game2 = Game::new(Some("8/4P3/8/8/8/8/k7/4K3 w - - 0 1".into()), Some(true)).unwrap();
    let mv = game2.play("e7", "e8", None).map_err(JsValue::from).unwrap();
    assert_eq!(get(&mv, "promotion").as_string().unwrap(), "queen");
    let _ = game.status().unwrap();
}

#[wasm_bindgen_test]
fn the_formula_table_and_perft() {
    let list = js_sys::Array::from(&formulas().unwrap());
    assert_eq!(list.length(), 6);
    let rook = list.get(3);
    assert_eq!(get(&rook, "kind").as_string().unwrap(), "rook");
    let line = js_sys::Array::from(&get(&rook, "lines")).get(0);
    assert_eq!(get(&line, "text").as_string().unwrap(), "i1 = i + n·ΔI, j1 = j");
    assert_eq!(
        perft("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3).unwrap(),
        8902.0
    );
}

/// `game.pgn()` without tags, in either package (with the `pgn` feature it takes tags too).
fn pgn_of(game: &Game) -> String {
    #[cfg(feature = "pgn")]
    return game.pgn(None, None, None);
    #[cfg(not(feature = "pgn"))]
    game.pgn(None, None)
}

#[cfg(feature = "pgn")]
#[wasm_bindgen_test]
fn what_saving_a_game_needs() {
    let mut game = Game::new(Some("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".into()), None).unwrap();
    assert!(game.outcome().unwrap().is_null());
    game.play_san("O-O-O").map_err(JsValue::from).unwrap();
    game.play_san("Kf7").map_err(JsValue::from).unwrap();
    assert_eq!(game.start_fen(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(game.moves(), ["e1c1", "e8f7"]);
    game.time_out("black").map_err(JsValue::from).unwrap();
    let o = game.outcome().unwrap();
    assert_eq!(get(&o, "reason").as_string().unwrap(), "timeout");
    assert_eq!(get(&o, "winner").as_string().unwrap(), "white");
    assert_eq!(get(&o, "result").as_string().unwrap(), "1-0");
    assert!(pgn_of(&game).contains("[Termination \"time forfeit\"]"));
}

/// PGN import and exact restore: in the package built with the `pgn` feature.
#[cfg(feature = "pgn")]
mod pgn {
    use super::*;

    fn strings_of(v: &JsValue) -> Vec<String> {
        js_sys::Array::from(v).iter().map(|s| s.as_string().unwrap()).collect()
    }

    #[wasm_bindgen_test]
    fn from_pgn_round_trip_with_tags_and_ending() {
        // Castling, en passant and an under-promotion from a set-up position, then a resignation.
        let mut game =
            Game::new(Some("r3k3/6P1/8/8/4p3/8/3P4/R3K2R w KQq - 0 30".into()), None).unwrap();
        for m in ["O-O", "O-O-O", "d4", "exd3", "g8=N"] {
            game.play_san(m).map_err(JsValue::from).unwrap();
        }
        game.resign("black").map_err(JsValue::from).unwrap();
        let tags = js_sys::Object::new();
        js_sys::Reflect::set(&tags, &"Event".into(), &"Club cup".into()).unwrap();
        js_sys::Reflect::set(&tags, &"Annotator".into(), &"Ann".into()).unwrap();
        let pgn = game.pgn(Some("Anya".into()), None, Some(tags));
        assert!(
            pgn.contains("[Event \"Club cup\"]\n") && pgn.contains("[White \"Anya\"]\n"),
            "{pgn}"
        );
        assert!(pgn.contains("[FEN \"r3k3/6P1/8/8/4p3/8/3P4/R3K2R w KQq - 0 30\"]\n[Annotator \"Ann\"]\n[Termination \"resignation\"]"), "{pgn}");
        assert!(pgn.contains("30. O-O O-O-O 31. d4 exd3 32. g8=N 1-0"), "{pgn}");
        let back = Game::from_pgn(&pgn, None).map_err(JsValue::from).unwrap();
        assert_eq!(back.pgn(None, None, None), pgn);
        assert_eq!(back.start_fen(), game.start_fen());
        assert_eq!(back.moves(), game.moves());
        assert_eq!(back.moves(), ["e1g1", "e8c8", "d2d4", "e4d3", "g7g8n"]);
        assert_eq!(back.fen(), game.fen());
        let o = back.outcome().unwrap();
        assert_eq!(get(&o, "reason").as_string().unwrap(), "resignation");
        assert_eq!(get(&o, "winner").as_string().unwrap(), "white");
        assert_eq!(get(&o, "result").as_string().unwrap(), "1-0");
        assert!(Game::from_pgn("1. e4 *", None)
            .map_err(JsValue::from)
            .unwrap()
            .outcome()
            .unwrap()
            .is_null());
    }

    #[wasm_bindgen_test]
    fn from_pgn_errors_name_the_place() {
        let e = Game::from_pgn("[Event \"x\"]\n1. e4 e5 2. Ke3 Nc6", None).err().unwrap();
        assert_eq!(
            message(e.into()),
            r#"san-no-move {"piece":"king","to":"e3","side":"white","moves":"1. e4 e5 2. Ke3","pgn_line":2,"pgn_column":13}"#
        );
        let e = Game::from_pgn("1. e4 {open", None).err().unwrap();
        assert_eq!(message(e.into()), r#"pgn-comment-open {"pgn_line":1,"pgn_column":7}"#);
        // Under auto-queen rules a pawn cannot become a knight.
        let e = Game::from_pgn("[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n1. e8=N", Some(true))
            .err()
            .unwrap();
        assert_eq!(
            message(e.into()),
            r#"san-no-move {"piece":"pawn","to":"e8","side":"white","moves":"1. e8=N","pgn_line":2,"pgn_column":4}"#
        );
        let game = Game::from_pgn("[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n1. e8 *", Some(true))
            .map_err(JsValue::from)
            .unwrap();
        assert_eq!(game.moves(), ["e7e8q"]);
    }

    #[wasm_bindgen_test]
    fn a_saved_game_is_restored_exactly() {
        let mut game = Game::new(None, None).unwrap();
        for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
            game.play_san(m).map_err(JsValue::from).unwrap();
        }
        // Going on: the claim is open again after restoring.
        let saved = Game::restore(&game.start_fen(), game.moves(), game.outcome().unwrap(), None)
            .map_err(JsValue::from)
            .unwrap();
        assert_eq!(get(&saved.status().unwrap(), "claim_threefold").as_bool(), Some(true));
        assert!(saved.outcome().unwrap().is_null());
        game.claim_draw().map_err(JsValue::from).unwrap();
        let o = game.outcome().unwrap();
        let back =
            Game::restore(&game.start_fen(), game.moves(), o, None).map_err(JsValue::from).unwrap();
        assert_eq!(back.fen(), game.fen());
        assert_eq!(get(&back.outcome().unwrap(), "reason").as_string().unwrap(), "threefold");
        assert_eq!(pgn_of(&back), pgn_of(&game));
        // A flag fall against a lone king is a draw, and restored as one.
        let mut lone = Game::new(Some("4k3/8/8/8/8/8/8/R3K3 b - - 0 1".into()), None).unwrap();
        lone.play_san("Kd7").map_err(JsValue::from).unwrap();
        lone.time_out("white").map_err(JsValue::from).unwrap();
        let back = Game::restore(&lone.start_fen(), lone.moves(), lone.outcome().unwrap(), None)
            .map_err(JsValue::from)
            .unwrap();
        assert_eq!(
            get(&back.outcome().unwrap(), "reason").as_string().unwrap(),
            "timeout-insufficient-material"
        );
        let o = game.outcome().unwrap();
        let e = Game::restore(
            &game.start_fen(),
            strings_of(&js_sys::Array::of2(&"e2e4".into(), &"e2e4".into())),
            o.clone(),
            None,
        )
        .err()
        .unwrap();
        assert_eq!(
            message(e.into()),
            r#"uci-illegal {"side":"black","move":"e2e4","index":1,"param":"moves"}"#
        );
        let e = Game::restore(&game.start_fen(), vec!["e2e4".into()], o, None).err().unwrap();
        assert_eq!(message(e.into()), r#"rule-not-threefold {"param":"outcome"}"#);
        let e =
            Game::restore(&game.start_fen(), vec![], JsValue::from_str("won"), None).err().unwrap();
        assert!(message(e.into()).ends_with(r#""param":"outcome"}"#));
    }
}

#[cfg(feature = "lessons")]
mod lessons {
    use super::*;
    use chess_tutor::wasm::{
        check_lesson, endgame_ideas, key_squares, opposition, pawn_square, pawn_squares,
        WasmEndgame, WasmLesson,
    };

    const DRILL: &str = r#"{
      "id": "drill",
      "title": { "ru": "Звёзды", "en": "Stars" },
      "intro": { "ru": "Собери звёзды", "en": "Collect the stars" },
      "position": "8/8/8/8/8/8/8/R7 w - - 0 1",
      "goal": { "type": "stars", "squares": ["a5", "c5"] },
      "par": 2
    }"#;

    #[wasm_bindgen_test]
    fn a_star_drill_is_played_to_three_stars() {
        let mut lesson = WasmLesson::new(DRILL, None).map_err(JsValue::from).unwrap();
        let out = lesson.play("a1", "a5", None).map_err(JsValue::from).unwrap();
        assert_eq!(get(&get(&out, "progress"), "state").as_string().unwrap(), "playing");
        // The move as Game.play gives it, and the position after it: no second game needed.
        assert_eq!(get(&get(&out, "played"), "san").as_string().unwrap(), "Ra5");
        assert_eq!(get(&get(&out, "played"), "piece").as_string().unwrap(), "rook");
        assert_eq!(get(&out, "fen").as_string().unwrap(), "8/8/8/R7/8/8/8/8 w - - 1 1");
        assert_eq!(get(&get(&out, "status"), "state").as_string().unwrap(), "ongoing");
        let out = lesson.play("a5", "b7", None).map_err(JsValue::from).unwrap();
        let m = get(&get(&out, "failure"), "message");
        assert_eq!(
            (get(&m, "id").as_string().unwrap(), get(&get(&m, "args"), "to").as_string().unwrap()),
            ("lesson-quiz-no-line-rook".into(), "b7".into())
        );
        let out = lesson.play("a5", "c5", None).map_err(JsValue::from).unwrap();
        let progress = get(&out, "progress");
        assert_eq!(get(&progress, "state").as_string().unwrap(), "done");
        assert_eq!(get(&progress, "stars").as_f64(), Some(3.0));
    }

    const KPK: &[u8] = include_bytes!("../../www/endgame/kpk.bin");
    const KQK: &[u8] = include_bytes!("../../www/endgame/kqk.bin");
    /// White Ka1, Pg4 against Kb4: the king is outside the square, the pawn runs (4 moves).
    const RUN: &str = "8/8/8/8/1k4P1/8/8/K7 w - - 0 1";

    fn strings(v: &[String]) -> Vec<&str> {
        v.iter().map(String::as_str).collect()
    }

    fn loaded() -> WasmEndgame {
        let eg = WasmEndgame::new();
        assert_eq!(eg.load(KPK).map_err(JsValue::from).unwrap(), "kpk.bin");
        assert_eq!(eg.load(KQK).map_err(JsValue::from).unwrap(), "kqk.bin");
        eg
    }

    #[wasm_bindgen_test]
    fn the_endgame_class_loads_its_files_and_probes() {
        assert_eq!(
            strings(&WasmEndgame::files(RUN).map_err(JsValue::from).unwrap()),
            ["kpk.bin", "kqk.bin"]
        );
        assert_eq!(WasmEndgame::all_files().len(), 8);
        let eg = WasmEndgame::new();
        assert_eq!(
            strings(&eg.missing(RUN).map_err(JsValue::from).unwrap()),
            ["kpk.bin", "kqk.bin"]
        );
        let e = eg.probe(RUN).err().unwrap();
        let m = message(e.into());
        assert!(m.starts_with("endgame-missing {"), "{m}");
        let eg = loaded();
        assert!(eg.missing(RUN).map_err(JsValue::from).unwrap().is_empty());
        eg.prepare(RUN).map_err(JsValue::from).unwrap();
        let v = eg.probe(RUN).map_err(JsValue::from).unwrap();
        assert_eq!(get(&v, "result").as_string().unwrap(), "win");
        assert_eq!(get(&v, "distance").as_f64(), Some(7.0));
        let solved = eg.solve(RUN).map_err(JsValue::from).unwrap();
        assert_eq!(get(&get(&solved, "verdict"), "result").as_string().unwrap(), "win");
        assert_eq!(js_sys::Array::from(&get(&solved, "best")).get(0).as_string().unwrap(), "g4g5");
        assert_eq!(
            eg.best_move(RUN).map_err(JsValue::from).unwrap().as_string().as_deref(),
            Some("g4g5")
        );
        // Mated: no move.
        assert!(eg
            .best_move("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
            .map_err(JsValue::from)
            .unwrap()
            .is_null());
        let line = eg.line(RUN, 7).map_err(JsValue::from).unwrap();
        assert_eq!(line.len(), 7);
        assert_eq!(line[6], "g7g8q");
        // A king move lets the black king into the square: a mistake, with a refutation.
        let j = eg.judge(RUN, "Kb2").map_err(JsValue::from).unwrap();
        assert_eq!(get(&j, "played").as_string().unwrap(), "a1b2");
        assert_eq!(get(&j, "mistake").as_bool(), Some(true));
        assert_eq!(get(&get(&j, "before"), "result").as_string().unwrap(), "win");
        assert_eq!(get(&get(&j, "after"), "result").as_string().unwrap(), "draw");
        assert!(js_sys::Array::from(&get(&j, "refutation")).length() > 0);
        assert!(get(&j, "idea").is_null());
        // The defender's mistake names the idea it broke.
        let j = eg.judge("8/8/8/5k2/P7/8/8/7K b - - 0 1", "f5f4").map_err(JsValue::from).unwrap();
        assert_eq!(get(&get(&j, "idea"), "id").as_string().unwrap(), "idea-left-square");
    }

    #[wasm_bindgen_test]
    fn endgame_errors_name_the_field() {
        let eg = loaded();
        let e = eg.probe("8/8/8/8/1k4P1/8/8/K6R w - - 0 1").err().unwrap();
        assert!(message(e.into()).starts_with("endgame-"));
        let e = eg.probe("8/8/8/8/1k4P1/8/8/K7 x - - 0 1").err().unwrap();
        assert!(message(e.into()).starts_with("fen-bad-side {"));
        let e = eg.judge(RUN, "g4g6").err().unwrap();
        assert!(message(e.into()).ends_with(r#""param":"uci"}"#));
        let e = eg.load(&[1, 2, 3]).err().unwrap();
        assert!(message(e.into()).starts_with("endgame-data {"));
        let e = pawn_square(RUN, "e4").err().unwrap();
        assert_eq!(message(e.into()), r#"no-pawn-on {"square":"e4","param":"square"}"#);
        let e = key_squares(RUN, "z9").err().unwrap();
        assert_eq!(message(e.into()), r#"bad-square {"found":"z9","param":"square"}"#);
    }

    #[wasm_bindgen_test]
    fn geometry_for_the_widget() {
        let s = pawn_square(RUN, "g4").map_err(JsValue::from).unwrap();
        assert_eq!(get(&s, "moves").as_f64(), Some(4.0));
        assert_eq!(get(&s, "promotion").as_string().unwrap(), "g8");
        assert_eq!(get(&s, "inside").as_bool(), Some(false));
        assert_eq!(get(&s, "catches").as_bool(), Some(false));
        assert_eq!(get(&get(&s, "cols"), "from").as_f64(), Some(2.0));
        let corners = js_sys::Array::from(&get(&s, "corners"));
        assert_eq!(corners.get(0).as_string().unwrap(), "c4");
        assert_eq!(corners.get(3).as_string().unwrap(), "h8");
        assert_eq!(
            js_sys::Array::from(&pawn_squares(RUN).map_err(JsValue::from).unwrap()).length(),
            1
        );
        let o = opposition("8/4k3/8/4K3/4P3/8/8/8 b - - 0 1").map_err(JsValue::from).unwrap();
        assert_eq!(get(&o, "kind").as_string().unwrap(), "direct");
        assert_eq!(get(&o, "holder").as_string().unwrap(), "white");
        assert!(opposition(RUN).map_err(JsValue::from).unwrap().is_null());
        assert_eq!(
            strings(
                &key_squares("8/8/8/8/8/4P3/8/4K2k w - - 0 1", "e3")
                    .map_err(JsValue::from)
                    .unwrap()
            ),
            ["d5", "e5", "f5"]
        );
        let ideas = js_sys::Array::from(&endgame_ideas().unwrap());
        assert_eq!(ideas.length(), 4);
        assert_eq!(get(&ideas.get(0), "id").as_string().unwrap(), "idea-left-square");
    }

    const RUN_LESSON: &str = r#"{
      "id": "run",
      "title": { "ru": "Беги, пешка!", "en": "Run, pawn!" },
      "intro": { "ru": "Веди пешку в ферзи.", "en": "Queen the pawn." },
      "position": "8/8/8/8/1k4P1/8/8/K7 w - - 0 1",
      "rules": "auto_queen",
      "goal": { "type": "promote" },
      "opponent": { "type": "solver" },
      "par": 4
    }"#;

    #[wasm_bindgen_test]
    fn a_solver_lesson_loads_its_tables_and_judges_each_move() {
        let mut lesson = WasmLesson::new(RUN_LESSON, None).map_err(JsValue::from).unwrap();
        assert_eq!(strings(&lesson.endgame_files()), ["kpk.bin", "kqk.bin"]);
        assert!(lesson.verdict().unwrap().is_null());
        let e: JsValue = lesson.play("g4", "g5", None).err().unwrap().into();
        assert_eq!(get(&e, "id").as_string().unwrap(), "lesson-needs-tables");
        assert_eq!(get(&get(&e, "args"), "files").as_string().unwrap(), "kpk.bin, kqk.bin");
        assert_eq!(
            message(e),
            r#"lesson-needs-tables {"files":"kpk.bin, kqk.bin","param":"endgame"}"#
        );
        assert_eq!(lesson.load_endgame(KPK).map_err(JsValue::from).unwrap(), "kpk.bin");
        assert_eq!(strings(&lesson.endgame_files()), ["kqk.bin"]);
        lesson.load_endgame(KQK).map_err(JsValue::from).unwrap();
        assert!(lesson.endgame_files().is_empty());
        assert_eq!(get(&lesson.verdict().unwrap(), "result").as_string().unwrap(), "win");
        // A mistake: the attempt ends, the judgement shows the verdicts and the refutation.
        let out = lesson.play("a1", "b2", None).map_err(JsValue::from).unwrap();
        assert_eq!(get(&get(&out, "progress"), "state").as_string().unwrap(), "failed");
        assert_eq!(get(&get(&out, "failure"), "id").as_string().unwrap(), "lost-win");
        assert!(get(&get(&get(&out, "failure"), "message"), "id")
            .as_string()
            .unwrap()
            .starts_with("lesson-win-to-"));
        let j = get(&out, "judgement");
        assert_eq!(get(&j, "mistake").as_bool(), Some(true));
        assert_eq!(get(&get(&j, "after"), "result").as_string().unwrap(), "draw");
        assert!(js_sys::Array::from(&get(&j, "refutation")).length() > 0);
        // Try again and run: four moves, the solver replying in between; the lost win of the
        // first try still counts (the stars of the sitting): two stars, never three.
        lesson.retry();
        for (k, (from, to)) in
            [("g4", "g5"), ("g5", "g6"), ("g6", "g7"), ("g7", "g8")].into_iter().enumerate()
        {
            let out = lesson.play(from, to, None).map_err(JsValue::from).unwrap();
            assert_eq!(get(&get(&out, "judgement"), "mistake").as_bool(), Some(false));
            if k < 3 {
                assert!(!get(&out, "reply").is_undefined());
            } else {
                let progress = get(&out, "progress");
                assert_eq!(get(&progress, "state").as_string().unwrap(), "done");
                assert_eq!(get(&progress, "stars").as_f64(), Some(2.0));
            }
        }
    }

    #[wasm_bindgen_test]
    fn lessons_can_share_one_endgame() {
        let eg = loaded();
        let mut lesson = WasmLesson::new(RUN_LESSON, None).map_err(JsValue::from).unwrap();
        lesson.use_endgame(&eg).map_err(JsValue::from).unwrap();
        assert!(lesson.endgame_files().is_empty());
        let out = lesson.play("g4", "g5", None).map_err(JsValue::from).unwrap();
        assert_eq!(get(&get(&out, "judgement"), "best").as_bool(), Some(true));
        // A lesson without the solver needs no tables and has no judgement.
        let drill = WasmLesson::new(DRILL, None).map_err(JsValue::from).unwrap();
        assert!(drill.endgame_files().is_empty());
        assert!(drill.verdict().unwrap().is_null());
    }

    #[wasm_bindgen_test]
    fn a_broken_lesson_throws_the_checkers_message() {
        let broken = DRILL.replace("\"title\"", "\"titel\"");
        let e: JsValue = WasmLesson::new(&broken, None).err().unwrap().into();
        assert_eq!(get(&e, "id").as_string().unwrap(), "json-unknown-field");
        assert_eq!(get(&get(&e, "args"), "suggestion").as_string().unwrap(), "title");
        assert!(message(e).starts_with("json-unknown-field {"));
        let found = js_sys::Array::from(&check_lesson(&broken, None).unwrap());
        assert_eq!(found.length(), 1);
        assert_eq!(get(&found.get(0), "pointer").as_string().unwrap(), "/titel");
    }
}
