//! The `capture` family (written by the tactics and endgame generators' author): not yet made, so
//! its skills make no exercise.

use super::{Cx, Draft};

/// One exercise of a skill of this family.
pub fn make(_cx: &mut Cx) -> Option<Draft> {
    None
}
