//! The generators, one file per family of skills. A generator reads its skill's `params` and
//! draws from the context's random numbers; it returns a [`Draft`] (a lesson and its rating) or
//! `None` when this draw made nothing worth showing (the caller draws again). It never returns
//! an exercise it has not checked itself: the skill's own property (the fork's move attacks two
//! pieces, a drill's par is the doctor's minimum); [`super::make`] then proves the lesson with the
//! checker and its doctor.
//!
//! To add a family: a file here with `pub fn make(cx: &mut Cx) -> Option<Draft>`, one line in
//! [`find`], and its skills in `lessons/skills.json` (`"generator": "<family>"`).

pub mod capture;
pub mod check;
mod common;
pub mod endgame;
pub mod mate;
pub mod moves;
pub mod numbers;
pub mod opening;
pub mod reading;
pub mod special;
pub mod status;
pub mod t1;
pub mod tactics;

pub(crate) use common::piece_words;

use super::rng::Rng;
use super::Skill;
use crate::lesson::Lesson;
use crate::message::Text;

/// What a generator sees: its random numbers and its skill with its parameters. An exercise is
/// a function of its skill and seed alone: a generator draws its difficulty too (see
/// [`level`]), and [`super::make`] looks through seeds for one near a rating asked for.
pub struct Cx<'a> {
    pub rng: Rng,
    pub params: &'a serde_json::Value,
    pub skill: &'a Skill,
    /// The seed and the internal attempt the random numbers come from: a generator that picks
    /// from a list of every position of its skill (the king-and-pawn ones) walks the list by
    /// seed, so that consecutive seeds never repeat a position.
    pub seed: u64,
    pub attempt: u32,
}

/// A difficulty level, 0 (easiest) to 5, drawn.
pub fn level(cx: &mut Cx) -> i32 {
    cx.rng.below(6) as i32
}

impl Cx<'_> {
    /// A string parameter.
    pub fn param_str(&self, name: &str) -> Option<&str> {
        self.params.get(name)?.as_str()
    }
    /// A whole-number parameter.
    pub fn param_i64(&self, name: &str) -> Option<i64> {
        self.params.get(name)?.as_i64()
    }
}

/// A generator's exercise before its proof: the lesson (its id is replaced by
/// `practice/<skill>/<seed>`) and its rating from the generator's features.
#[derive(Clone, Debug)]
pub struct Draft {
    pub lesson: Lesson,
    pub rating: i32,
}

/// A generator: one exercise from its context, or `None` to draw again.
pub type Make = fn(&mut Cx) -> Option<Draft>;

/// The generator of a family by its name in `skills.json`.
pub fn find(family: &str) -> Option<Make> {
    Some(match family {
        "moves" => moves::make,
        "numbers" => numbers::make,
        "t1" => t1::make,
        "capture" => capture::make,
        "check" => check::make,
        "mate" => mate::make,
        "tactics" => tactics::make,
        "endgame" => endgame::make,
        "status" => status::make,
        "special" => special::make,
        "reading" => reading::make,
        "opening" => opening::make,
        _ => return None,
    })
}

/// A text in Russian and English.
pub fn text(ru: impl Into<String>, en: impl Into<String>) -> Text {
    Text::new([("ru", ru.into()), ("en", en.into())])
}

/// A lesson from its JSON (the fields as in a lesson file; `id` may be left out). `None` when
/// the value is not a lesson (a generator's bug: the caller draws again, and the family's tests
/// fail loudly).
pub fn lesson(mut value: serde_json::Value) -> Option<Lesson> {
    if let Some(map) = value.as_object_mut() {
        map.entry("id").or_insert_with(|| "practice".into());
    }
    match serde_json::from_value(value) {
        Ok(l) => Some(l),
        Err(e) => {
            debug_assert!(false, "a generator made no lesson: {e}");
            None
        }
    }
}

/// An 8×8 text board (rank 8 first) from pieces on squares `(i, j)` with their letters, and the
/// ninth string of FEN fields when given.
pub fn board(pieces: &[((i32, i32), char)], fields: Option<&str>) -> Vec<String> {
    let mut rows = vec![['.'; 8]; 8];
    for &((i, j), c) in pieces {
        if (0..8).contains(&i) && (0..8).contains(&j) {
            rows[7 - i as usize][j as usize] = c;
        }
    }
    let mut out: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
    if let Some(f) = fields {
        out.push(f.to_string());
    }
    out
}

/// The text board and position of `pieces` (with the FEN fields `fields`, White to move) when it is legal as a
/// puzzle: it reads, Black (not to move) is not in check, and with `quiet` White is not in check
/// either. (The kings' distance is each generator's own test: a position with kings side by side
/// puts Black in check, so it is refused here too.)
pub(crate) fn white_to_move(
    pieces: &[((i32, i32), char)],
    fields: &str,
    quiet: bool,
) -> Option<(Vec<String>, crate::board::Position)> {
    let rows = board(pieces, Some(fields));
    let pos = crate::notation::parse_position(&rows.join("\n")).ok()?;
    let mut black = pos;
    black.side = crate::board::Color::Black;
    let refused = crate::rules::in_check(&black) || (quiet && crate::rules::in_check(&pos));
    (!refused).then_some((rows, pos))
}

/// The name of square `(i, j)`: `e4`.
pub fn square_name((i, j): (i32, i32)) -> String {
    format!("{}{}", (b'a' + j as u8) as char, i + 1)
}
