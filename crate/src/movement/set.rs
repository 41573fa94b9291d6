//! Piece sets: the catalogue of pieces as data (JSON files in `lessons/pieces/`, schema
//! `lessons/pieces/piece-set.schema.json`). A set names its pieces, their letters, strengths and
//! lines, the regions of the board some pieces may not enter, and how captures are decided.
//! `chess-t1` and `fide` are built in; a teacher may write a set of their own.

use super::{Line, FORMULAS};
use crate::board::{Bitboard, Square};
use crate::message::located::{check_text, read_json, Diagnostic, Locator, Report};
use crate::message::{Letters, Message, Text};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// When a piece may capture an enemy piece it can reach along a line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Capture {
    /// Always, as in chess.
    #[default]
    Any,
    /// Only when the total force of the capturing side on the square is strictly greater than
    /// the other side's total there (the captured piece's self-defence included): chess-t1.
    SuperiorForce,
}

/// A region of the board (e.g. a castle) that some pieces may not enter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Region {
    /// The id pieces name in `may_not_enter`, e.g. `castle`.
    pub id: String,
    /// The squares, such as `"e1"`. May be empty (a lesson gives the squares).
    #[serde(default)]
    pub squares: Vec<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A piece of a set: its names, letter, strength and lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PieceDef {
    /// The piece's id: lower-case letters, digits and `-` (`prince`, `wer-knecht`).
    pub id: String,
    pub name: Text,
    /// One letter A-Z for FEN and the text board: upper case for White, lower case for Black.
    pub letter: char,
    /// The letter(s) in the notation of other languages, by language code: `{ "ru": "П" }`.
    // A language left out shows `letter`; the FIDE pieces' letters in each language are in its
    // word file, `www/i18n/<lang>/language.js`.
    #[serde(default, skip_serializing_if = "Letters::is_empty")]
    pub letters: Letters,
    /// The name of the piece's picture (`t1-prince`): letters, digits, `-` and `_`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
    /// The strength in halves of a unit (1½ is 3). Absent: a special strength, no force.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strength: Option<u8>,
    /// A royal piece (the Prince, the King).
    #[serde(default, skip_serializing_if = "is_false")]
    pub royal: bool,
    /// The ids of the regions this piece may not move into.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub may_not_enter: Vec<String>,
    /// A piece that promotes on the last row (the variant rules do not promote: kept for the UI).
    #[serde(default, skip_serializing_if = "is_false")]
    pub promotes: bool,
    /// Where the piece's rule is cited from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<Text>,
    /// The lines of its formula.
    pub lines: Vec<Line>,
}

/// A piece set: `{ "id", "name", "capture", "self_defence", "regions", "pieces" }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PieceSet {
    /// The schema, for editors: `"piece-set.schema.json"`.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// The set's id: lower-case letters, digits and `-`.
    pub id: String,
    pub name: Text,
    /// Where the rules are cited from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<Text>,
    /// When a capture is allowed (default `any`).
    #[serde(default)]
    pub capture: Capture,
    /// Every piece also gives its force on its own square (defends itself).
    #[serde(default)]
    pub self_defence: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<Region>,
    pub pieces: Vec<PieceDef>,
    /// Filled by validation: per piece, the squares it may not enter.
    #[serde(skip)]
    #[schemars(skip)]
    forbidden: Vec<Bitboard>,
}

/// A finding about a piece set, with the JSON pointer of its place in the set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SetError {
    pub pointer: String,
    pub message: Message,
}

/// The FIDE pieces' names in the FIDE set, by kind: the message catalogue's words `piece-<kind>`
/// (a test holds them equal; kept here, not in the formula rows, so that the widget's own package,
/// which says names from the catalogue, does not carry them).
pub const FIDE_NAMES: [(&str, &str); 6] = [
    ("пешка", "pawn"),
    ("конь", "knight"),
    ("слон", "bishop"),
    ("ладья", "rook"),
    ("ферзь", "queen"),
    ("король", "king"),
];

/// The chess-t1 set's file, built in.
const CHESS_T1: &str = include_str!("../../../lessons/pieces/chess-t1.json");

/// Put each of `added` into `list`, in place of the item with the same id or at the end; returns
/// the index each one went to.
fn merge<T>(list: &mut Vec<T>, added: Vec<T>, id: impl Fn(&T) -> &String) -> Vec<usize> {
    added
        .into_iter()
        .map(|item| match list.iter().position(|o| id(o) == id(&item)) {
            Some(k) => {
                list[k] = item;
                k
            }
            None => {
                list.push(item);
                list.len() - 1
            }
        })
        .collect()
}

fn kebab(id: &str) -> bool {
    !id.is_empty() && id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

impl PieceSet {
    /// Read a piece set file's text; every error with its place (`line:col`, JSON pointer, message).
    pub fn parse(text: &str) -> Result<PieceSet, Vec<Diagnostic>> {
        let text = crate::guard::json(text, crate::guard::PIECE_SET)
            .map_err(|r| vec![crate::guard::refused(&r)])?;
        let locator = Locator::new(text);
        let mut report = Report { locator: &locator, found: Vec::new() };
        let Some(mut set) = read_json::<PieceSet>(text, "piece-set", &mut report) else {
            return Err(report.found);
        };
        check_text(&mut report, "/name", &set.name);
        if let Some(s) = &set.source {
            check_text(&mut report, "/source", s);
        }
        if let Err(errors) = set.validate() {
            for e in errors {
                report.error(&e.pointer, e.message);
            }
        }
        if report.found.is_empty() {
            Ok(set)
        } else {
            Err(report.found)
        }
    }

    /// A built-in set: `chess-t1` or `fide`.
    pub fn builtin(id: &str) -> Option<PieceSet> {
        match id {
            "fide" => Some(PieceSet::fide()),
            "chess-t1" => PieceSet::parse(CHESS_T1).ok(),
            _ => None,
        }
    }

    /// The FIDE set, from the rows of [`FORMULAS`]: strength 1 (2 halves) for every piece, so
    /// that force counts the pieces that attack or defend a square; no self-defence; capture `any`.
    pub fn fide() -> PieceSet {
        let pieces = FORMULAS
            .iter()
            .map(|f| PieceDef {
                id: f.kind.name().to_string(),
                name: Text::new([
                    ("ru", FIDE_NAMES[f.kind.index()].0),
                    ("en", FIDE_NAMES[f.kind.index()].1),
                ]),
                letter: f.letter,
                letters: Letters::default(),
                image: None,
                strength: Some(2),
                royal: f.royal,
                may_not_enter: Vec::new(),
                promotes: f.promotes,
                source: None,
                lines: f.lines.to_vec(),
            })
            .collect();
        let mut set = PieceSet {
            schema: Some("piece-set.schema.json".into()),
            id: "fide".into(),
            name: Text::new([("ru", "Шахматы"), ("en", "Chess")]),
            source: None,
            capture: Capture::Any,
            self_defence: false,
            regions: Vec::new(),
            pieces,
            forbidden: Vec::new(),
        };
        set.validate().expect("the FIDE rows are a valid set");
        set
    }

    /// The JSON text of the set, as `lessons/pieces/<id>.json` holds it.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a piece set serialises") + "\n"
    }

    /// The set with more regions and pieces (a lesson's inline set on a base set): a piece with a
    /// base piece's id replaces it, a region with a base region's id replaces it. Errors point
    /// into `{ "regions": [...], "pieces": [...] }` of the additions.
    pub fn extend(
        &self,
        regions: Vec<Region>,
        pieces: Vec<PieceDef>,
    ) -> Result<PieceSet, Vec<SetError>> {
        let mut set = self.clone();
        let region_at = merge(&mut set.regions, regions, |r| &r.id);
        let piece_at = merge(&mut set.pieces, pieces, |p| &p.id);
        match set.validate() {
            Ok(()) => Ok(set),
            Err(errors) => {
                // Point at the addition that holds the place, or at the base set as a whole.
                let map = |e: SetError| {
                    let mut parts = e.pointer.splitn(4, '/').skip(1);
                    let (list, index) = (
                        parts.next().unwrap_or(""),
                        parts.next().and_then(|k| k.parse::<usize>().ok()),
                    );
                    let rest = parts.next().map(|r| format!("/{r}")).unwrap_or_default();
                    let table = match list {
                        "regions" => &region_at,
                        "pieces" => &piece_at,
                        _ => return SetError { pointer: String::new(), message: e.message },
                    };
                    match index.and_then(|k| table.iter().position(|&t| t == k)) {
                        Some(added) => SetError {
                            pointer: format!("/{list}/{added}{rest}"),
                            message: e.message,
                        },
                        None => SetError { pointer: String::new(), message: e.message },
                    }
                };
                Err(errors.into_iter().map(map).collect())
            }
        }
    }

    /// Check what serde cannot (ids, letters, ranges, regions) and fill in what the rules use.
    /// The errors name their places by JSON pointer.
    pub fn validate(&mut self) -> Result<(), Vec<SetError>> {
        let mut errors = Vec::new();
        let mut err =
            |pointer: String, message: Message| errors.push(SetError { pointer, message });
        if !kebab(&self.id) {
            err("/id".into(), msg!("pieces-bad-id", id = &self.id));
        }
        let mut regions: Vec<(&str, Bitboard)> = Vec::new();
        for (k, r) in self.regions.iter().enumerate() {
            if !kebab(&r.id) {
                err(format!("/regions/{k}/id"), msg!("pieces-bad-id", id = &r.id));
            } else if let Some(first) = regions.iter().position(|(id, _)| *id == r.id) {
                err(
                    format!("/regions/{k}/id"),
                    msg!("pieces-id-twice", id = &r.id, first = format!("/regions/{first}")),
                );
            }
            let mut bb = 0;
            for (m, s) in r.squares.iter().enumerate() {
                match Square::parse(s) {
                    Some(sq) => bb |= sq.bit(),
                    None => err(
                        format!("/regions/{k}/squares/{m}"),
                        msg!("check-bad-square", found = s),
                    ),
                }
            }
            regions.push((&r.id, bb));
        }
        if self.pieces.is_empty() {
            err("/pieces".into(), msg!("pieces-none"));
        }
        let mut forbidden = Vec::new();
        for (k, p) in self.pieces.iter().enumerate() {
            let at = |field: &str| format!("/pieces/{k}/{field}");
            if !kebab(&p.id) {
                err(at("id"), msg!("pieces-bad-id", id = &p.id));
            } else if let Some(first) = self.pieces[..k].iter().position(|o| o.id == p.id) {
                err(
                    at("id"),
                    msg!("pieces-id-twice", id = &p.id, first = format!("/pieces/{first}")),
                );
            }
            for (lang, value) in p.name.iter() {
                if value.trim().is_empty() {
                    err(
                        format!("/pieces/{k}/name/{lang}"),
                        msg!("check-empty-translation", lang = lang),
                    );
                }
            }
            if !p.letter.is_ascii_alphabetic() {
                err(at("letter"), msg!("pieces-bad-letter", found = p.letter));
            } else if let Some(other) =
                self.pieces[..k].iter().find(|o| o.letter.eq_ignore_ascii_case(&p.letter))
            {
                err(
                    at("letter"),
                    msg!(
                        "pieces-letter-twice",
                        letter = p.letter.to_ascii_uppercase(),
                        other = &other.id
                    ),
                );
            }
            if let Some(image) = &p.image {
                if image.is_empty()
                    || !image.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                {
                    err(at("image"), msg!("pieces-bad-image", found = image));
                }
            }
            let mut bb = 0;
            for (m, id) in p.may_not_enter.iter().enumerate() {
                match regions.iter().find(|(r, _)| r == id) {
                    Some((_, squares)) => bb |= squares,
                    None => {
                        let known: Vec<&str> = regions.iter().map(|(r, _)| *r).collect();
                        let m_at = format!("/pieces/{k}/may_not_enter/{m}");
                        match crate::message::located::nearest(id, &known) {
                            Some(near) => err(
                                m_at,
                                msg!("pieces-unknown-region-near", region = id, suggestion = near),
                            ),
                            None => err(m_at, msg!("pieces-unknown-region", region = id)),
                        }
                    }
                }
            }
            forbidden.push(bb);
            if p.lines.is_empty() {
                err(at("lines"), msg!("pieces-no-lines"));
            }
            for (l, line) in p.lines.iter().enumerate() {
                let at = |field: &str| format!("/pieces/{k}/lines/{l}/{field}");
                for (field, d) in [("di", line.di), ("dj", line.dj)] {
                    if d.is_empty() {
                        err(at(field), msg!("pieces-empty-deltas", field = field));
                    }
                }
                if !line.di.is_empty()
                    && !line.dj.is_empty()
                    && line.di.values() == [0]
                    && line.dj.values() == [0]
                {
                    err(format!("/pieces/{k}/lines/{l}"), msg!("pieces-no-step"));
                }
                let (a, b) = line.scale;
                if !(1..=7).contains(&a) || !(1..=7).contains(&b) {
                    err(at("scale"), msg!("pieces-bad-scale", i = a, j = b));
                }
                let (min, max) = line.n;
                if !(1 <= min && min <= max && max <= 7) {
                    err(at("n"), msg!("pieces-bad-n", min = min, max = max));
                }
                if let Some(s) = line.n_max_from_start {
                    if s < max || s > 7 {
                        err(at("n_max_from_start"), msg!("pieces-bad-start", found = s, max = max));
                    }
                }
            }
        }
        if errors.is_empty() {
            for p in &mut self.pieces {
                p.letter = p.letter.to_ascii_uppercase();
            }
            self.forbidden = forbidden;
            Ok(())
        } else {
            Err(errors)
        }
    }

    /// The index of the piece with this letter (either case), if any.
    pub fn piece_by_letter(&self, letter: char) -> Option<usize> {
        self.pieces.iter().position(|p| p.letter.eq_ignore_ascii_case(&letter))
    }

    /// The index of the piece with this id, if any.
    pub fn piece_by_id(&self, id: &str) -> Option<usize> {
        self.pieces.iter().position(|p| p.id == id)
    }

    /// The squares the piece `index` may not enter (its regions).
    pub fn forbidden(&self, index: usize) -> Bitboard {
        self.forbidden.get(index).copied().unwrap_or(0)
    }

    /// The first region of piece `index`'s `may_not_enter` that holds `sq`.
    pub fn region_of(&self, index: usize, sq: Square) -> Option<&str> {
        let p = self.pieces.get(index)?;
        p.may_not_enter
            .iter()
            .find(|id| {
                self.regions
                    .iter()
                    .any(|r| &r.id == *id && r.squares.iter().any(|s| Square::parse(s) == Some(sq)))
            })
            .map(String::as_str)
    }

    /// The letters of the set, upper case, as one string (`PRWN`), for messages.
    pub fn letters(&self) -> String {
        self.pieces.iter().map(|p| p.letter).collect()
    }
}

/// The JSON schema of a piece set file, as committed in `lessons/pieces/piece-set.schema.json`.
pub fn piece_set_schema() -> String {
    let schema = schemars::schema_for!(PieceSet);
    serde_json::to_string_pretty(&schema).expect("a schema serialises") + "\n"
}
