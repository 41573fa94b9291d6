//! The lean reading of a lesson's tagged and untagged parts, only in www/pkg-lessons (what a
//! child downloads before the first lesson). serde's derive for an internally tagged or untagged
//! enum buffers the whole value first (its private `Content` tree, with a second instance of
//! every nested reader): about a third of that package. Here instead:
//!
//! - a goal is read as a [`Tagged`] object: its `type` and the text of its other fields, which
//!   the goal named by `type` then reads with its own derive (the list of goals,
//!   [`super::goal::Goal`], says which: nothing here names a goal);
//! - `opponent` and `shapes` as one flat object each, `position` and `pieces` by a visitor
//!   ([`super::data`]'s `lean_read`).
//!
//! The types of [`super::data`], [`super::goal`] and [`super::file`] stay the one description of
//! a lesson (the studio, the CLI, the schema and www/pkg-lessons-full read with their derives);
//! tests/js/lesson-packages.test.mjs proves that this reading gives the same lesson for every
//! file in lessons/ and refuses every file of crate/tests/lessons-broken that the checker
//! refuses. A refusal here says nothing more than its line and column (`lesson-unreadable`):
//! www/lesson.js then reads the lesson again with www/pkg-lessons-full, whose reading decides,
//! and shows its checker's findings if it refuses too. This file imports nothing of the lesson
//! layer.

use serde::de::{Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;
use std::fmt;

/// Why a flat object is no goal, opponent or shape (serde's error text; never shown: the page
/// shows the full checker's findings).
pub(crate) struct Refused;

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("refused")
    }
}

/// A required field of the kind: present.
pub(crate) fn need<T>(v: Option<T>) -> Result<T, Refused> {
    v.ok_or(Refused)
}

/// The fields the kind has not: all absent.
pub(crate) fn none(absent: bool) -> Result<(), Refused> {
    if absent {
        Ok(())
    } else {
        Err(Refused)
    }
}

/// An object with a `type`: the type, and the object's other fields as JSON text (each field's
/// value as written, unread), for the kind's own reader.
pub(crate) struct Tagged {
    pub kind: String,
    pub body: String,
}

impl<'de> Deserialize<'de> for Tagged {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tagged, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = Tagged;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object with a type")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tagged, A::Error> {
                let mut kind = None;
                let mut body = String::from("{");
                while let Some(key) = map.next_key::<String>()? {
                    if key == "type" {
                        kind = Some(map.next_value::<String>()?);
                        continue;
                    }
                    let value = map.next_value::<Box<RawValue>>()?;
                    if body.len() > 1 {
                        body.push(',');
                    }
                    body.push_str(&serde_json::to_string(&key).map_err(serde::de::Error::custom)?);
                    body.push(':');
                    body.push_str(value.get());
                }
                body.push('}');
                let kind = kind.ok_or_else(|| serde::de::Error::missing_field("type"))?;
                Ok(Tagged { kind, body })
            }
        }
        d.deserialize_map(Fields)
    }
}

/// Never used for a schema (the schema is made natively, from the goals' derives); schemars'
/// derive of the goal list asks for it in this package.
impl schemars::JsonSchema for Tagged {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Tagged".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({})
    }
}
