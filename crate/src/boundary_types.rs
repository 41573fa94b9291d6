//! The TypeScript types of the values the WASM packages hand to the page, made from the Rust types
//! themselves (ts-rs, a test-only dependency: no byte in any package). The test below writes them
//! into `www/types/boundary.d.ts`, which `wasm/mod.rs` puts into every package's `.d.ts` and the
//! page's JSDoc imports (`@typedef {import("../types/boundary").MoveInfo} MoveInfo`), so a field
//! renamed in Rust is a type error in www/ (`tsc --noEmit`, `npm run lint`).
//!
//! Stale file: the test writes the new one and fails; commit the file it wrote.
//! A new type at the boundary: `#[cfg_attr(test, derive(ts_rs::TS))]` on it, and a line in
//! [`declarations`]. Values the WASM layer shapes by hand (the lesson's outcome, a square's `i`
//! and `j` beside its name…) keep their types written in `wasm/*.rs`'s `typescript_custom_section`.

use crate::board::Square;
use ts_rs::{Config, TS};

/// A square crosses the boundary as its name (`e4`).
impl TS for Square {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;
    fn name(_: &Config) -> String {
        "string".into()
    }
    fn inline(_: &Config) -> String {
        "string".into()
    }
}

#[cfg(not(target_arch = "wasm32"))]
const FILE: &str = "../www/types/boundary.d.ts";

#[cfg(not(target_arch = "wasm32"))]
fn declaration<T: TS>(cfg: &Config, out: &mut String) {
    if let Some(docs) = T::docs() {
        out.push_str(&docs);
    }
    out.push_str("export ");
    out.push_str(&T::decl(cfg));
    out.push('\n');
}

#[cfg(not(target_arch = "wasm32"))]
/// ts-rs ends some lines with a space: the file is kept without.
fn trimmed(text: &str) -> String {
    text.lines().map(|line| line.trim_end().to_owned() + "\n").collect()
}

#[cfg(not(target_arch = "wasm32"))]
/// Every generated type, in the order of the file.
fn declarations() -> String {
    use crate::endgame::{self, geometry};
    use crate::lesson::{
        attempt::{Arrow, LessonJudgement},
        player::GoalView,
    };
    use crate::{board, movement, notation, practice, rules, variant};
    let cfg = Config::new().with_large_int("number");
    let mut out = String::from(
        "// Made by `cargo test -p chess-tutor --lib boundary_types` from the Rust types \
         (crate/src/boundary_types.rs): do not edit.\n\
         // The WASM packages' .d.ts include it; www/ imports its types in JSDoc.\n\n",
    );
    let o = &mut out;
    declaration::<board::Color>(&cfg, o);
    declaration::<board::PieceKind>(&cfg, o);
    declaration::<rules::MoveKind>(&cfg, o);
    declaration::<rules::EndReason>(&cfg, o);
    declaration::<movement::Explanation>(&cfg, o);
    declaration::<notation::MoveInfo>(&cfg, o);
    declaration::<endgame::Wdl>(&cfg, o);
    declaration::<endgame::Verdict>(&cfg, o);
    declaration::<endgame::Judgement>(&cfg, o);
    declaration::<LessonJudgement>(&cfg, o);
    declaration::<Arrow>(&cfg, o);
    declaration::<GoalView<'static>>(&cfg, o);
    declaration::<geometry::Span>(&cfg, o);
    declaration::<geometry::PawnSquare>(&cfg, o);
    declaration::<geometry::OppositionKind>(&cfg, o);
    declaration::<geometry::Opposition>(&cfg, o);
    declaration::<variant::ForceBalance>(&cfg, o);
    declaration::<practice::Skill>(&cfg, o);
    declaration::<practice::model::SkillReport>(&cfg, o);
    out
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn boundary_types_are_current() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FILE);
    let made = trimmed(&declarations());
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    if kept != made {
        std::fs::write(&path, &made).unwrap();
        panic!(
            "{} was stale (a boundary type changed in Rust): written anew, commit it",
            path.display()
        );
    }
}
