//! The widget's objects as JSON text, written by hand for the WASM boundary, which hands it to
//! `JSON.parse`: targets, pieces, moves ([`MoveInfo`]), the status and the formula table. With
//! them the widget's own package goes without serde and serde-wasm-bindgen (about 3 KB gzipped),
//! and a click costs one call into JS instead of one per field. The shapes are those serde gives
//! the same values (a test holds them equal); the TypeScript types are in `wasm/mod.rs`.

use crate::board::{Color, Piece, PieceKind, Square};
use crate::movement::{Explanation, Formula, Line, Mode};
use crate::notation::MoveInfo;
use crate::rules::{BoardState, EndReason, MoveKind, Outcome, Status, Target};
use std::fmt::Write;

/// A value that writes itself as JSON.
pub(crate) trait Json {
    fn json(&self, o: &mut String);
}

/// The JSON text of a value.
pub(crate) fn to_json(v: &(impl Json + ?Sized)) -> String {
    let mut o = String::new();
    v.json(&mut o);
    o
}

/// `{"k0":v0,"k1":v1,…}`
macro_rules! object {
    ($o:expr, $k0:literal: $v0:expr $(, $k:literal: $v:expr)* $(,)?) => {{
        $o.push_str(concat!("{\"", $k0, "\":"));
        Json::json(&$v0, $o);
        $(
            $o.push_str(concat!(",\"", $k, "\":"));
            Json::json(&$v, $o);
        )*
        $o.push('}');
    }};
}

impl Json for bool {
    fn json(&self, o: &mut String) {
        o.push_str(if *self { "true" } else { "false" });
    }
}

macro_rules! json_number {
    ($($t:ty),*) => {$(
        impl Json for $t {
            fn json(&self, o: &mut String) {
                let _ = write!(o, "{self}");
            }
        }
    )*};
}
json_number!(u8, i8, usize);

impl Json for str {
    fn json(&self, o: &mut String) {
        o.push('"');
        for c in self.chars() {
            match c {
                '"' => o.push_str("\\\""),
                '\\' => o.push_str("\\\\"),
                c if (c as u32) < 0x20 => {
                    let _ = write!(o, "\\u{:04x}", c as u32);
                }
                c => o.push(c),
            }
        }
        o.push('"');
    }
}

impl Json for String {
    fn json(&self, o: &mut String) {
        self.as_str().json(o);
    }
}

impl Json for char {
    fn json(&self, o: &mut String) {
        self.encode_utf8(&mut [0; 4]).json(o);
    }
}

impl<T: Json + ?Sized> Json for &T {
    fn json(&self, o: &mut String) {
        (**self).json(o);
    }
}

impl<T: Json> Json for Option<T> {
    fn json(&self, o: &mut String) {
        match self {
            Some(v) => v.json(o),
            None => o.push_str("null"),
        }
    }
}

impl<A: Json, B: Json> Json for (A, B) {
    fn json(&self, o: &mut String) {
        o.push('[');
        self.0.json(o);
        o.push(',');
        self.1.json(o);
        o.push(']');
    }
}

impl<T: Json> Json for [T] {
    fn json(&self, o: &mut String) {
        o.push('[');
        for (k, v) in self.iter().enumerate() {
            if k > 0 {
                o.push(',');
            }
            v.json(o);
        }
        o.push(']');
    }
}

impl<T: Json> Json for Vec<T> {
    fn json(&self, o: &mut String) {
        self.as_slice().json(o);
    }
}

impl Json for Square {
    fn json(&self, o: &mut String) {
        let _ = write!(o, "\"{self}\"");
    }
}

/// An enum as its name (as serde writes it).
macro_rules! json_name {
    ($($t:ty => $name:expr),* $(,)?) => {$(
        impl Json for $t {
            fn json(&self, o: &mut String) {
                let name: fn($t) -> &'static str = $name;
                name(*self).json(o);
            }
        }
    )*};
}
json_name!(
    Color => Color::name,
    PieceKind => PieceKind::name,
    BoardState => BoardState::word,
    EndReason => EndReason::name,
    MoveKind => |k| match k {
        MoveKind::Move => "move",
        MoveKind::Capture => "capture",
        MoveKind::Castle => "castle",
        MoveKind::EnPassant => "en-passant",
        MoveKind::Promotion => "promotion",
    },
    Mode => |m| match m {
        Mode::MoveOrCapture => "move-or-capture",
        Mode::MoveOnly => "move-only",
        Mode::CaptureOnly => "capture-only",
    },
);

impl Json for Explanation {
    fn json(&self, o: &mut String) {
        object!(o, "line": self.line, "text": self.text, "n": self.n, "di": self.di, "dj": self.dj, "from_start": self.from_start);
    }
}

/// A target of a click (`Target` in TypeScript): with the square's (i, j).
impl Json for Target {
    fn json(&self, o: &mut String) {
        let s = self.square;
        object!(o, "square": s, "i": s.i(), "j": s.j(), "kind": self.kind, "capture": self.capture,
            "captured": self.captured, "rook": self.rook, "explanation": self.explanation);
    }
}

/// A piece on its square (`BoardPiece` in TypeScript).
impl Json for (Square, Piece) {
    fn json(&self, o: &mut String) {
        let (s, p) = *self;
        object!(o, "square": s, "i": s.i(), "j": s.j(), "color": p.color, "kind": p.kind, "char": p.char());
    }
}

impl Json for MoveInfo {
    fn json(&self, o: &mut String) {
        object!(o, "uci": self.uci, "san": self.san, "long": self.long,
            "captured": self.captured, "rook": self.rook, "from": self.from, "to": self.to, "kind": self.kind,
            "capture": self.capture, "promotion": self.promotion, "piece": self.piece, "color": self.color);
    }
}

/// How a game ended, with its result (`Outcome` in TypeScript: `1-0`, `0-1`, `1/2-1/2`).
impl Json for Outcome {
    fn json(&self, o: &mut String) {
        object!(o, "winner": self.winner, "reason": self.reason, "result": self.result());
    }
}

/// The status as the widget reads it (`StatusInfo` in TypeScript).
pub(crate) struct StatusInfo {
    pub status: Status,
    pub turn: Color,
    pub can_undo: bool,
    pub can_redo: bool,
}

impl Json for StatusInfo {
    fn json(&self, o: &mut String) {
        let s = &self.status;
        object!(o, "state": s.state, "turn": self.turn, "check": s.check, "claim_threefold": s.claim_threefold,
            "claim_fifty": s.claim_fifty, "outcome": s.outcome, "can_undo": self.can_undo, "can_redo": self.can_redo);
    }
}

/// A line of a formula with its text (`FormulaLine` in TypeScript).
impl Json for Line {
    fn json(&self, o: &mut String) {
        object!(o, "text": self.text(), "di": self.di.values(), "dj": self.dj.values(), "scale": self.scale, "n_max": self.n.1,
            "n_max_from_start": self.n_max_from_start, "jumps": self.jumps, "mode": self.mode, "forward": self.forward);
    }
}

/// A piece's formula (`FormulaInfo` in TypeScript).
impl Json for Formula {
    fn json(&self, o: &mut String) {
        object!(o, "kind": self.kind, "letter": self.letter, "lines": self.lines,
            "promotes": self.promotes, "royal": self.royal);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movement::FORMULAS;
    use crate::notation::parse_position;
    use crate::rules::{Game, Rules};
    use serde_json::{json, to_value, Value};

    fn parsed(v: &impl Json) -> Value {
        serde_json::from_str(&to_json(v)).expect("valid JSON")
    }

    /// Every object equals what serde writes for the same values (the shapes the WASM boundary
    /// gave with serde-wasm-bindgen).
    #[test]
    fn the_shapes_are_serdes() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        ];
        for fen in fens {
            let pos = parse_position(fen).unwrap();
            let game = Game::new(pos, Rules::default()).unwrap();
            for (s, p) in pos.all_pieces() {
                let want = json!({ "square": s, "i": s.i(), "j": s.j(), "color": p.color, "kind": p.kind, "char": p.char().to_string() });
                assert_eq!(parsed(&(s, p)), want);
                for t in game.targets(s) {
                    let want = json!({ "square": t.square, "i": t.square.i(), "j": t.square.j(), "kind": t.kind, "capture": t.capture,
                        "captured": t.captured, "rook": t.rook, "explanation": t.explanation });
                    assert_eq!(parsed(&t), want, "{fen} {s}");
                }
            }
            for &mv in game.legal_moves().iter() {
                let info = MoveInfo::new(&pos, mv, Rules::default());
                assert_eq!(parsed(&info), to_value(&info).unwrap(), "{fen} {}", mv.uci());
            }
            let s = game.status();
            let status = StatusInfo { status: s, turn: pos.side, can_undo: false, can_redo: true };
            let outcome = s.outcome.map(|o| json!({ "winner": o.winner, "reason": o.reason, "result": o.result() }));
            let want = json!({ "state": s.state, "turn": pos.side, "check": s.check, "claim_threefold": s.claim_threefold,
                "claim_fifty": s.claim_fifty, "outcome": outcome, "can_undo": false, "can_redo": true });
            assert_eq!(parsed(&status), want, "{fen}");
        }
        for f in &FORMULAS {
            let lines: Vec<Value> = f.lines.iter().map(|l| {
                let mode = to_value(l.mode).unwrap().as_str().unwrap().replace('_', "-");
                json!({ "text": l.text(), "di": l.di.values(), "dj": l.dj.values(), "scale": l.scale, "n_max": l.n.1,
                    "n_max_from_start": l.n_max_from_start, "jumps": l.jumps, "mode": mode, "forward": l.forward })
            }).collect();
            let want = json!({ "kind": f.kind, "letter": f.letter, "lines": lines, "promotes": f.promotes, "royal": f.royal });
            assert_eq!(parsed(f), want);
        }
        assert_eq!(to_json(&"a \"b\" \\ \u{1}"), r#""a \"b\" \\ \u0001""#);
    }
}
