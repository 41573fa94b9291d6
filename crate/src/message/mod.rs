//! Messages: every text a person reads that Rust makes is an id with typed arguments, never
//! prose. The words live in the message catalogue (`www/i18n/<lang>/messages-*.js`); Rust keeps
//! only an English copy (`en`, not in the WASM packages) for `Display` and the command line. On
//! wasm32 a message displays as its id and its arguments in compact JSON
//! (`fen-bad-rank-length {"rank":5,"count":9}`): the page says it from the catalogue.
//!
//! A message serializes as `{ "id": "fen-bad-side", "args": { "found": "x", "field": 2 } }`.
//! Argument values are numbers or strings: squares (`"e4"`), sides (`"white"`), piece kinds
//! (`"knight"`), letters and fragments of the text that was read.
//!
//! This module is the lowest of the crate: the board's types give their own arguments.
//!
//! Where a notation error has a place, the place is in the arguments too (see `en::place`):
//! `field` (the FEN field, 1 to 6), `source` (`"fen"` or `"text-board"`), `line` and `column` (of
//! a text board), `move` (the move as written), and for PGN `pgn_line`, `pgn_column`, `tag`,
//! `moves` (the moves before the bad one), `pgn_result` and `said`; an error about a parameter
//! of a WASM function names it in `param` (and `index` for an item of a list).

#[cfg(not(target_arch = "wasm32"))]
pub mod en;
pub mod located;

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use std::fmt;

/// Defines the languages of the tutor from one list: [`LANGS`] and each language's data word
/// file (`www/i18n/<lang>/language.js`, read at build time). A new language is a folder of word
/// files in `www/i18n/` and its code here (and in `www/i18n/i18n.js`'s `LANGS`; a test holds the
/// three equal).
macro_rules! languages {
    ($($lang:literal),+ $(,)?) => {
        /// The languages of the tutor, as the folders of `www/i18n/` name them.
        pub const LANGS: &[&str] = &[$($lang),+];
        /// Each language's data (its name, its piece letters), the text of its word file.
        static LANGUAGE_FILES: &[(&str, &str)] = &[$(($lang, include_str!(concat!("../../../www/i18n/", $lang, "/language.js")))),+];
    };
}
languages!("ru", "en");

/// The language every text must have, and the one shown when a text lacks the reader's.
pub const FALLBACK: &str = "en";

/// A language's entries of its data word file (`www/i18n/<lang>/language.js`): the pairs
/// `"id": "words"` of its one object, in the file's order (`letter-knight` → `К`). The file is
/// data only (a test loads it in JS too), so this small reader is its whole grammar.
pub fn language_words(lang: &str) -> Vec<(&'static str, &'static str)> {
    let Some((_, text)) = LANGUAGE_FILES.iter().find(|(l, _)| *l == lang) else {
        return Vec::new();
    };
    text.lines()
        .filter_map(|line| {
            let line = line.trim().strip_prefix('"')?;
            let (id, rest) = line.split_once("\":")?;
            let value =
                rest.trim().trim_end_matches(',').trim().strip_prefix('"')?.strip_suffix('"')?;
            Some((id, value))
        })
        .collect()
}

/// A language's piece letters in notation, by kind name (`knight` → `К`), from its word file;
/// empty for the pawn.
pub fn piece_letters(lang: &str) -> Vec<(&'static str, &'static str)> {
    language_words(lang)
        .into_iter()
        .filter_map(|(id, v)| Some((id.strip_prefix("letter-")?, v)))
        .collect()
}

/// A text a person wrote, in the languages of the tutor: a map from language code to words,
/// written in JSON as `{ "ru": "…", "en": "…" }` (in the order of [`LANGS`]). One language is
/// enough (a teacher's lesson in Russian only): a text without the reader's language, or with
/// its words left empty, is shown in English, else in the language it is written in (the
/// checker notes it).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Text(Vec<(String, String)>);

impl Text {
    /// A text from (language, words) pairs, kept in the order of [`LANGS`].
    pub fn new<L: Into<String>, W: Into<String>>(pairs: impl IntoIterator<Item = (L, W)>) -> Text {
        let mut t = Text(Vec::new());
        for (l, w) in pairs {
            t.set(l, w);
        }
        t
    }
    /// The words in `lang`, if the text has them.
    pub fn get(&self, lang: &str) -> Option<&str> {
        self.0.iter().find(|(l, _)| l == lang).map(|(_, w)| w.as_str())
    }
    /// The words in `lang`; when the text lacks them (or they are empty), in English, else in
    /// the first language it has words in.
    pub fn say(&self, lang: &str) -> &str {
        let said = |l: &str| self.get(l).filter(|w| !w.trim().is_empty());
        said(lang)
            .or_else(|| said(FALLBACK))
            .or_else(|| self.0.iter().map(|(_, w)| w.as_str()).find(|w| !w.trim().is_empty()))
            .unwrap_or("")
    }
    /// The languages the text has words in (not empty), in the order of [`LANGS`].
    pub fn written(&self) -> impl Iterator<Item = &str> {
        self.0.iter().filter(|(_, w)| !w.trim().is_empty()).map(|(l, _)| l.as_str())
    }
    /// The English words.
    pub fn en(&self) -> &str {
        self.say(FALLBACK)
    }
    /// Set the words of one language.
    pub fn set(&mut self, lang: impl Into<String>, words: impl Into<String>) {
        set_in(&mut self.0, lang.into(), words.into());
    }
    /// The (language, words) pairs, in the order of [`LANGS`].
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(l, w)| (l.as_str(), w.as_str()))
    }
}

/// Set `lang`'s words in a list kept in the order of [`LANGS`] (other codes after them).
fn set_in(list: &mut Vec<(String, String)>, lang: String, words: String) {
    if let Some(slot) = list.iter_mut().find(|(l, _)| *l == lang) {
        slot.1 = words;
        return;
    }
    let rank = |l: &str| LANGS.iter().position(|x| *x == l).unwrap_or(LANGS.len());
    let at = list.iter().position(|(l, _)| rank(l) > rank(&lang)).unwrap_or(list.len());
    list.insert(at, (lang, words));
}

fn write_langs<S: Serializer>(list: &[(String, String)], s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(list.len()))?;
    for (l, w) in list {
        map.serialize_entry(l, w)?;
    }
    map.end()
}

/// Read an object of strings keyed by the codes of [`LANGS`]: another key is an unknown field
/// (with the known ones, so the checker suggests the nearest); `need` must be there if given.
fn read_langs<'de, D: serde::Deserializer<'de>>(
    d: D,
    what: &'static str,
    need: Option<&'static str>,
) -> Result<Vec<(String, String)>, D::Error> {
    struct Visit(&'static str, Option<&'static str>);
    impl<'de> serde::de::Visitor<'de> for Visit {
        type Value = Vec<(String, String)>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str(self.0)
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut list = Vec::new();
            while let Some(lang) = map.next_key::<String>()? {
                if !LANGS.contains(&lang.as_str()) {
                    return Err(serde::de::Error::unknown_field(&lang, LANGS));
                }
                if list.iter().any(|(l, _)| *l == lang) {
                    return Err(serde::de::Error::custom(format_args!("duplicate field `{lang}`")));
                }
                let words: String = map.next_value()?;
                set_in(&mut list, lang, words);
            }
            match self.1 {
                Some(need) if !list.iter().any(|(l, _)| l == need) => {
                    Err(serde::de::Error::missing_field(need))
                }
                _ => Ok(list),
            }
        }
    }
    d.deserialize_map(Visit(what, need))
}

impl Serialize for Text {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        write_langs(&self.0, s)
    }
}

/// Read as an object of strings keyed by the codes of [`LANGS`]; one language at least (an
/// empty object is said to lack English, the language every reader may fall back to).
impl<'de> serde::Deserialize<'de> for Text {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let list = read_langs(d, "struct Text", None)?;
        if list.is_empty() {
            return Err(serde::de::Error::missing_field(FALLBACK));
        }
        Ok(Text(list))
    }
}

/// A piece's letter(s) in the notation of some languages of the tutor, by language code
/// (`{ "ru": "П" }`): a language left out shows the piece's own letter.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Letters(Vec<(String, String)>);

impl Letters {
    /// The letters in `lang`, if given.
    pub fn get(&self, lang: &str) -> Option<&str> {
        self.0.iter().find(|(l, _)| l == lang).map(|(_, w)| w.as_str())
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for Letters {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        write_langs(&self.0, s)
    }
}

impl<'de> serde::Deserialize<'de> for Letters {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        read_langs(d, "a map", None).map(Letters)
    }
}

/// The schema of an object of strings keyed by the codes of [`LANGS`] (Text, Letters).
fn langs_schema(description: &str, required: &[&str]) -> schemars::Schema {
    let mut properties = serde_json::Map::new();
    for lang in LANGS {
        properties.insert(lang.to_string(), serde_json::json!({ "type": "string" }));
    }
    let mut schema = schemars::json_schema!({
        "description": description,
        "type": "object",
        "properties": properties,
        "additionalProperties": false
    });
    if !required.is_empty() {
        schema.insert("required".into(), serde_json::json!(required));
    }
    schema
}

/// The schema of a [`Text`]: one language at least.
fn langs_schema_min(description: &str) -> schemars::Schema {
    let mut schema = langs_schema(description, &[]);
    schema.insert("minProperties".into(), serde_json::json!(1));
    schema
}

impl schemars::JsonSchema for Letters {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Letters".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        langs_schema("A piece's letter(s) in the notation of languages of the tutor, by language code: { \"ru\": \"П\" }. A language left out shows the piece's letter.", &[])
    }
}

impl schemars::JsonSchema for Text {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Text".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        langs_schema_min("A text in the languages of the tutor, by language code: one is enough. A text without the reader's language is shown in English, else in the language it is written in.")
    }
}

/// The value of a message argument: a number or a string.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Arg {
    Num(i64),
    Str(String),
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Num(n) => write!(f, "{n}"),
            Arg::Str(s) => f.write_str(s),
        }
    }
}

macro_rules! arg_from_number {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(n as i64)
            }
        }
    )*};
}
arg_from_number!(u8, u32, u64, usize, i32, i64);

macro_rules! arg_from_text {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(s: $t) -> Arg {
                Arg::Str(s.to_string())
            }
        }
    )*};
}
arg_from_text!(&str, &String, String, char);

/// A message: a stable id and its arguments, in the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

impl Serialize for Message {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Args<'a>(&'a [(&'static str, Arg)]);
        impl Serialize for Args<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut map = s.serialize_map(Some(self.0.len()))?;
                for (k, v) in self.0 {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
        let mut map = s.serialize_map(Some(2))?;
        map.serialize_entry("id", self.id)?;
        map.serialize_entry("args", &Args(&self.args))?;
        map.end()
    }
}

impl Message {
    /// A message without arguments. The id must be in the catalogue (`en::MESSAGES`).
    pub fn new(id: &'static str) -> Message {
        #[cfg(not(target_arch = "wasm32"))]
        debug_assert!(en::template(id).is_some(), "message id '{id}' is not in the catalogue");
        Message { id, args: Vec::new() }
    }

    /// The message with one more argument (replacing one of the same name).
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Message {
        let value = value.into();
        match self.args.iter_mut().find(|(k, _)| *k == name) {
            Some(slot) => slot.1 = value,
            None => self.args.push((name, value)),
        }
        self
    }

    /// The value of an argument.
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(k, _)| *k == name).map(|(_, v)| v)
    }

    /// The English words of the message alone, without its place.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn text(&self) -> String {
        en::render(self)
    }

    /// On wasm32 (no English copy): the id and the arguments, as `Display` gives them.
    #[cfg(target_arch = "wasm32")]
    pub fn text(&self) -> String {
        self.to_string()
    }
}

/// English: the place (if the arguments name one) and the words, `FEN field 2 (side to move):
/// expected 'w' or 'b', found 'x'`.
#[cfg(not(target_arch = "wasm32"))]
impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = en::place(self);
        if !place.is_empty() {
            write!(f, "{place}: ")?;
        }
        f.write_str(&self.text())
    }
}

/// On wasm32 the id, then the arguments as compact JSON when there are any:
/// `fen-bad-rank-length {"rank":5,"count":9}`.
#[cfg(target_arch = "wasm32")]
impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id)?;
        for (k, (name, value)) in self.args.iter().enumerate() {
            f.write_str(if k == 0 { " {" } else { "," })?;
            json_string(f, name)?;
            f.write_str(":")?;
            match value {
                Arg::Num(n) => write!(f, "{n}")?,
                Arg::Str(s) => json_string(f, s)?,
            }
        }
        if self.args.is_empty() {
            Ok(())
        } else {
            f.write_str("}")
        }
    }
}

/// A JSON string literal.
#[cfg(target_arch = "wasm32")]
fn json_string(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_str("\"")?;
    for c in s.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            c if (c as u32) < 0x20 => write!(f, "\\u{:04x}", c as u32)?,
            c => write!(f, "{c}")?,
        }
    }
    f.write_str("\"")
}

impl std::error::Error for Message {}

/// A message: `msg!("fen-bad-side", found = "x")`.
#[macro_export]
macro_rules! msg {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::message::Message::new($id)$(.with(stringify!($name), $value))*
    };
}

/// Every message id with sample arguments, for `chess-tutor messages` and the catalogue's tests.
#[cfg(not(target_arch = "wasm32"))]
pub fn samples() -> Vec<Message> {
    en::MESSAGES
        .iter()
        .map(|&(id, _, sample)| Message {
            id,
            args: sample
                .split(';')
                .filter_map(|pair| pair.split_once('='))
                .map(|(k, v)| {
                    (k, v.parse::<i64>().map_or_else(|_| Arg::Str(v.to_string()), Arg::Num))
                })
                .collect(),
        })
        .collect()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn every_sample_fills_its_template() {
        let mut seen = std::collections::HashSet::new();
        for m in samples() {
            assert!(seen.insert(m.id), "{} twice", m.id);
            let text = m.text();
            let unfilled = text.split('{').skip(1).any(|rest| {
                rest.split_once('}').is_some_and(|(name, _)| {
                    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                })
            });
            assert!(!unfilled, "{}: {text}", m.id);
            assert!(
                !m.id.is_empty()
                    && m.id
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "{}",
                m.id
            );
        }
    }

    #[test]
    fn serializes_as_id_and_args() {
        let m = msg!("fen-bad-rank-length", rank = 5, count = 9);
        assert_eq!(
            serde_json::to_string(&m).unwrap(),
            r#"{"id":"fen-bad-rank-length","args":{"rank":5,"count":9}}"#
        );
        assert_eq!(m.to_string(), "rank 5 has 9 squares; a rank has 8");
        let m = m.with("field", 1).with("source", "fen");
        assert_eq!(m.to_string(), "FEN field 1 (placement): rank 5 has 9 squares; a rank has 8");
    }
}
