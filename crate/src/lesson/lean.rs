//! The lean reading of a lesson's tagged and untagged parts, only in www/pkg-lessons (what a
//! child downloads before the first lesson). serde's derive for an internally tagged or untagged
//! enum buffers the whole value first (its private `Content` tree, with a second instance of
//! every nested reader): about a third of that package. Here instead:
//!
//! - a goal as one flat object (every field any goal has, [`super::goal::LeanFields`]), then the
//!   goal its `type` names takes its own fields (each goal's `LeanRead`, in its module; the list
//!   of goals says which) and every other field must be absent;
//! - `opponent` and `shapes` as one flat object each, `position` and `pieces` by a visitor
//!   ([`super::data`]'s `lean_read`).
//!
//! These are the helpers they share.
//!
//! The types of [`super::data`], [`super::goal`] and [`super::file`] stay the one description of
//! a lesson (the studio, the CLI, the schema and www/pkg-lessons-full read with their derives);
//! tests/js/lesson-packages.test.mjs proves that this reading gives the same lesson for every
//! file in lessons/ and refuses every file of crate/tests/lessons-broken that the checker
//! refuses. A refusal here says nothing more than its line and column (`lesson-unreadable`):
//! www/lesson/ then reads the lesson again with www/pkg-lessons-full, whose reading decides,
//! and shows its checker's findings if it refuses too. This file imports nothing of the lesson
//! layer.

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
