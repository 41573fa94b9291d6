//! Tests of the WASM binding layer (`chess_tutor::wasm`), run in headless Chromium by
//! `wasm-pack test --headless --chrome crate` (part of `npm test`).
#![cfg(target_arch = "wasm32")]

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

/// The message of an error thrown across the boundary.
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
    assert_eq!(get(&explanation, "text").as_string().unwrap(), "i1 = i + n·ΔI, j1 = j");
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
    assert!(game.pgn(None, None).contains("1. e4 e5 *"));
}

#[wasm_bindgen_test]
fn errors_are_exceptions_that_name_the_field() {
    let e = Game::new(Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1".into()), None).err().unwrap();
    assert!(message(e.into()).contains("FEN field 2 (side to move)"));
    let mut game = Game::new(None, None).unwrap();
    let e = game.play("e2", "e5", None).err().unwrap();
    assert!(message(e.into()).contains("not a legal move"));
    let e = game.play("z9", "e5", None).err().unwrap();
    assert!(message(e.into()).starts_with("from:"));
    let e = game.play_san("Qxh7").err().unwrap();
    assert!(message(e.into()).contains("move 'Qxh7'"));
    let e = game.targets(9, 0).err().unwrap();
    assert!(message(e.into()).contains("off the board"));
    assert!(validate_position("8/8/8/8/8/8/8/P7 w - - 0 1").is_err());
}

#[wasm_bindgen_test]
fn text_board_and_auto_queen() {
    let board = "....k...\n....P...\n........\n........\n........\n........\n........\n....K...\nw - - 0 1";
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
    assert_eq!(get(&rook, "name_ru").as_string().unwrap(), "Ладья");
    let line = js_sys::Array::from(&get(&rook, "lines")).get(0);
    assert_eq!(get(&line, "text").as_string().unwrap(), "i1 = i + n·ΔI, j1 = j");
    assert_eq!(perft("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3).unwrap(), 8902.0);
}

#[cfg(feature = "lessons")]
mod lessons {
    use super::*;
    use chess_tutor::wasm::{check_lesson, WasmLesson};

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
        let mut lesson = WasmLesson::new(DRILL).map_err(JsValue::from).unwrap();
        let out = lesson.play("a1", "a5", None).map_err(JsValue::from).unwrap();
        assert_eq!(get(&get(&out, "progress"), "state").as_string().unwrap(), "playing");
        let out = lesson.play("a5", "c5", None).map_err(JsValue::from).unwrap();
        let progress = get(&out, "progress");
        assert_eq!(get(&progress, "state").as_string().unwrap(), "done");
        assert_eq!(get(&progress, "stars").as_f64(), Some(3.0));
    }

    #[wasm_bindgen_test]
    fn a_broken_lesson_throws_the_checkers_message() {
        let broken = DRILL.replace("\"title\"", "\"titel\"");
        let e = WasmLesson::new(&broken).err().unwrap();
        assert!(message(e.into()).contains("did you mean 'title'"));
        let found = js_sys::Array::from(&check_lesson(&broken).unwrap());
        assert_eq!(found.length(), 1);
        assert_eq!(get(&found.get(0), "pointer").as_string().unwrap(), "/titel");
    }
}
