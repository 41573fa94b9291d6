//! The TypeScript types of the values the WASM packages hand to the page, made from the Rust types
//! themselves (ts-rs, a test-only dependency: no byte in any package). The test below writes them
//! into `www/types/boundary.d.ts`, which `wasm/mod.rs` puts into every package's `.d.ts` and the
//! page's JSDoc imports (`@typedef {import("../types/boundary").MoveInfo} MoveInfo`), so a field
//! renamed in Rust is a type error in www/ (`tsc --noEmit`, `npm run lint`).
//!
//! Stale file: the test writes the new one and fails; commit the file it wrote.
//! A new type at the boundary: `#[cfg_attr(test, derive(ts_rs::TS))]` on it, and a line in
//! [`declarations`]. The objects the WASM layer shapes for the widget (a square's `i` and `j`
//! beside its name, names as `&str`) are the structs of `wasm/shapes.rs`, compiled natively for
//! this test. The values still shaped by hand keep their types written in `wasm/*.rs`'s
//! `typescript_custom_section`.

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

/// The types whose declarations stay written by hand (their Rust `Serialize` is written by hand
/// too): named here so that the generated types can refer to them.
macro_rules! named {
    ($($rust:ty => $ts:literal),* $(,)?) => {$(
        impl TS for $rust {
            type WithoutGenerics = Self;
            type OptionInnerType = Self;
            fn name(_: &Config) -> String {
                $ts.into()
            }
            fn inline(_: &Config) -> String {
                $ts.into()
            }
        }
    )*};
}
named!(
    crate::message::Message => "Message",
    crate::message::Text => "LessonText",
    crate::message::Letters => "Record<string, string>",
    crate::message::located::Diagnostic => "Diagnostic",
);

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
        attempt::{self, Arrow, LessonJudgement},
        data,
        player::GoalView,
        show,
    };
    use crate::wasm_shapes as shapes;
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
    declaration::<shapes::BoardPiece>(&cfg, o);
    declaration::<shapes::TargetInfo>(&cfg, o);
    declaration::<shapes::OutcomeInfo>(&cfg, o);
    declaration::<shapes::StatusInfo>(&cfg, o);
    declaration::<shapes::FormulaLine>(&cfg, o);
    declaration::<shapes::FormulaInfo>(&cfg, o);
    declaration::<shapes::EndgameSolution>(&cfg, o);
    declaration::<attempt::Failure>(&cfg, o);
    declaration::<attempt::Progress>(&cfg, o);
    declaration::<attempt::Attempt>(&cfg, o);
    declaration::<attempt::LessonStatus>(&cfg, o);
    declaration::<attempt::BoardStatus>(&cfg, o);
    declaration::<attempt::Outcome>(&cfg, o);
    declaration::<attempt::Hint>(&cfg, o);
    declaration::<data::ShapeColor>(&cfg, o);
    declaration::<data::Shape>(&cfg, o);
    declaration::<show::ShowView>(&cfg, o);
    declaration::<GoalView<'static>>(&cfg, o);
    declaration::<geometry::Span>(&cfg, o);
    declaration::<geometry::PawnSquare>(&cfg, o);
    declaration::<geometry::OppositionKind>(&cfg, o);
    declaration::<geometry::Opposition>(&cfg, o);
    declaration::<variant::ForceBalance>(&cfg, o);
    declaration::<variant::Refusal>(&cfg, o);
    declaration::<variant::Role>(&cfg, o);
    declaration::<variant::ForceSource>(&cfg, o);
    declaration::<variant::ForceReport>(&cfg, o);
    declaration::<shapes::variant::PieceDto<'static>>(&cfg, o);
    declaration::<shapes::variant::TargetDto<'static>>(&cfg, o);
    declaration::<shapes::variant::MoveDto<'static>>(&cfg, o);
    declaration::<shapes::variant::StatusDto>(&cfg, o);
    declaration::<shapes::variant::ForceDto<'static>>(&cfg, o);
    declaration::<shapes::variant::FormulaDto<'static>>(&cfg, o);
    declaration::<practice::Skill>(&cfg, o);
    declaration::<practice::model::SkillReport>(&cfg, o);
    declaration::<shapes::practice::ExerciseJs<'static>>(&cfg, o);
    declaration::<shapes::practice::RecordJs>(&cfg, o);
    declaration::<shapes::practice::ReportJs>(&cfg, o);
    declaration::<shapes::studio::StudioReport>(&cfg, o);
    declaration::<shapes::engine::MoveDto>(&cfg, o);
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

/// The fields a type still written by hand in `wasm/mod.rs`'s TypeScript declares: each with
/// whether it may be absent (`name?:`).
#[cfg(not(target_arch = "wasm32"))]
fn hand_fields(name: &str) -> Vec<(String, bool)> {
    let text = include_str!("wasm/mod.rs");
    let head = format!("export interface {name} {{");
    let start = text.find(&head).unwrap_or_else(|| panic!("{name}: not written in wasm/mod.rs"));
    let body = &text[start + head.len()..];
    let body = &body[..body.find("; }").expect("an interface ends with `; }`") + 1];
    body.split(';')
        .filter_map(|field| field.split_once(':'))
        .map(|(f, _)| (f.trim().trim_end_matches('?').to_owned(), f.trim().ends_with('?')))
        .collect()
}

/// The keys of a value as the boundary writes it (JSON's shape, as `to_js`).
#[cfg(not(target_arch = "wasm32"))]
fn keys(value: &impl serde::Serialize) -> Vec<String> {
    match serde_json::to_value(value).unwrap() {
        serde_json::Value::Object(map) => map.keys().cloned().collect(),
        other => panic!("not an object: {other}"),
    }
}

/// A type written by hand and what Rust writes agree: every key written is declared, every field
/// declared without `?` is written.
#[cfg(not(target_arch = "wasm32"))]
fn assert_declares(name: &str, written: &[String]) {
    let declared = hand_fields(name);
    for key in written {
        assert!(declared.iter().any(|(f, _)| f == key), "{name}: `{key}` written but not declared");
    }
    for (field, optional) in &declared {
        assert!(*optional || written.contains(field), "{name}: `{field}` declared but not written");
    }
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn hand_written_types_match_what_rust_writes() {
    use crate::message::located::{Diagnostic, Severity};
    let message = msg!("bad-square", found = "z9");
    assert_declares("Message", &keys(&message));
    let found = Diagnostic {
        line: 3,
        col: 7,
        pointer: "/goal/type".into(),
        message,
        severity: Severity::Error,
    };
    assert_declares("Diagnostic", &keys(&found));
}

/// The widget's move and explanation cross as `wasm/shapes.rs` shapes them, typed from the core's
/// `MoveInfo` and `Explanation`: the same fields, for a plain move, a capture, castling and a
/// promotion.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn shaped_moves_have_the_fields_of_their_types() {
    use crate::notation::{self, MoveInfo};
    use crate::rules::{Game, Rules};
    use crate::wasm_shapes::MoveView;
    let rules = Rules::STANDARD;
    let lines = [
        ("", &["e4", "d5", "exd5"][..]),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["O-O"][..]),
        ("8/P6k/8/8/8/8/8/K7 w - - 0 1", &["a8=N"][..]),
    ];
    for (fen, moves) in lines {
        let pos = if fen.is_empty() {
            crate::board::Position::initial()
        } else {
            notation::parse_fen(fen).unwrap()
        };
        let mut game = Game::new(pos, rules).unwrap();
        for m in moves {
            let mv = notation::parse_move(game.position(), m, rules).unwrap();
            let info = MoveInfo::new(game.position(), mv, rules);
            let (core, shaped) = (keys(&info), keys(&MoveView::from(&info)));
            assert_eq!(shaped, core, "{m}: the shaped move's fields");
            let explanation = |v: serde_json::Value| match &v["explanation"] {
                serde_json::Value::Null => None,
                e => Some(keys(e)),
            };
            assert_eq!(
                explanation(serde_json::to_value(MoveView::from(&info)).unwrap()),
                explanation(serde_json::to_value(&info).unwrap()),
                "{m}: the explanation's fields"
            );
            game.play(mv).unwrap();
        }
    }
}
