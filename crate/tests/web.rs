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
