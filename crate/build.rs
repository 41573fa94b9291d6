//! One name for a condition the crate writes in many places: `cfg(doctor)`, the doctor's
//! searches (and the goals' `examine` that runs them) are compiled in. They are natively (the
//! command line, the class server, the tests) and in the studio's WASM package (feature
//! `studio`); the other WASM packages leave them out to stay small.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(doctor)");
    println!("cargo::rerun-if-changed=build.rs");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    let studio = std::env::var_os("CARGO_FEATURE_STUDIO").is_some();
    if !wasm || studio {
        println!("cargo::rustc-cfg=doctor");
    }
}
