//! A lesson file and the course file: their fields and their JSON schemas (`lessons/*.schema.json`).

use super::data::{
    Feedback, Hints, Opponent, PiecesRef, PositionText, RulesName, Shape, Side, Text,
};
use super::goal::Goal;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A lesson file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// The schema, for editors: `"lesson.schema.json"`.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// A unique name made of lower-case letters, digits and `-`.
    pub id: String,
    /// The skill the lesson teaches, an id of `lessons/skills.json`: its last screen offers that
    /// skill's practice, and the skill lists the lesson among its `lessons`. A practice
    /// exercise's skill: its id is then `practice/<skill>/<seed>`, made by the skill's generator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skill: Option<String>,
    /// A practice exercise's difficulty on the Elo scale: a child rated the same solves it half
    /// the time (400 points more: odds of 10 to 1 against).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i32>,
    pub title: Text,
    /// What the child reads first.
    pub intro: Text,
    /// The pieces of the lesson when they are not the pieces of chess: a piece set's id
    /// (`"chess-t1"`), or a set written here. The position then uses the set's letters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(
        all(target_arch = "wasm32", not(feature = "variant")),
        serde(deserialize_with = "super::data::lean_read::pieces")
    )]
    pub pieces: Option<PiecesRef>,
    #[cfg_attr(
        all(target_arch = "wasm32", not(feature = "variant")),
        serde(deserialize_with = "super::data::lean_read::position")
    )]
    pub position: PositionText,
    #[serde(default)]
    pub rules: RulesName,
    /// The side the child plays; it must be the side to move.
    #[serde(default)]
    pub student: Side,
    pub goal: Goal,
    #[serde(default)]
    pub opponent: Opponent,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hints: Option<Hints>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub feedback: Vec<Feedback>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shapes: Vec<Shape>,
    /// Moves (or mistakes, for quizzes) for 3 stars; one or two more give 2 stars, more give 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub par: Option<u32>,
    /// One sentence: what the child learned, shown on the done card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub learned: Option<Text>,
    /// A teacher's own voice: recordings of the lesson's texts, played instead of the device's
    /// voice when the child has a text read aloud. The JSON pointer of a text in this file
    /// (`"/intro"`, `"/goal/choices/1"`) → a recording per language, a file named relative to the
    /// lesson (`{ "ru": "audio/rook-stars-1/intro.ru.webm" }`). The rules never read it.
    // (www/lesson/ takes it from the lesson's text: the packages never hand it over, and
    // pkg-lessons reads past it)
    #[serde(default)]
    #[cfg_attr(
        not(target_arch = "wasm32"),
        serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")
    )]
    #[cfg_attr(target_arch = "wasm32", serde(skip_serializing))]
    #[cfg_attr(
        all(target_arch = "wasm32", not(feature = "variant")),
        serde(deserialize_with = "super::data::lean_read::read_past")
    )]
    pub audio: Audio,
}

/// A lesson's recordings ([`Lesson::audio`]): the JSON pointer of a text → a file per language.
#[cfg(not(all(target_arch = "wasm32", not(feature = "variant"))))]
pub type Audio = std::collections::BTreeMap<String, std::collections::BTreeMap<String, String>>;
/// In www/pkg-lessons nothing: it reads past them (a map's code would cost the package ~0.9 KiB).
#[cfg(all(target_arch = "wasm32", not(feature = "variant")))]
pub type Audio = ();

impl Lesson {
    /// Everything about the lesson but its goal, as the goal sees it.
    pub fn setting(&self) -> super::data::Setting<'_> {
        super::data::Setting {
            rules: self.rules,
            student: self.student.color(),
            opponent: &self.opponent,
            hints: self.hints.as_ref(),
            feedback: &self.feedback,
            par: self.par,
            pieces: self.pieces.is_some(),
        }
    }
}

/// A section of the course.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Section {
    pub id: String,
    pub title: Text,
    /// Lesson files, relative to the course file.
    pub lessons: Vec<String>,
}

/// `lessons/course.json`: the lessons in order, in sections.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Course {
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    pub title: Text,
    pub sections: Vec<Section>,
    /// Lesson files retired from the course: in no section, but still in the folder, so that a
    /// class's earlier homework (which names lessons by id) is still judged.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retired: Vec<String>,
}

/// `lessons/courses.json`: the courses of a lessons folder, in the order the course page offers
/// them. A folder without it has one course, `course.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Courses {
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    pub courses: Vec<CourseEntry>,
}

/// A course of `courses.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CourseEntry {
    /// The course file, next to `courses.json`: `course.json` or `course-<name>.json`.
    pub file: String,
    /// Its picture on the course page, for children who cannot read yet: an image, relative to
    /// `courses.json` (`pictures/numbers.svg`, `../images/pieces.svg#wN`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picture: Option<String>,
}

/// Whether `name` is the name of a course file: `course.json` or `course-<name>.json`.
pub fn is_course_name(name: &str) -> bool {
    name == "course.json"
        || name.strip_prefix("course-").and_then(|n| n.strip_suffix(".json")).is_some_and(|n| {
            !n.is_empty()
                && !n.ends_with(".schema")
                && n.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
}

/// The JSON schema of a lesson file, as committed in `lessons/lesson.schema.json`.
pub fn lesson_schema() -> String {
    let schema = schemars::schema_for!(Lesson);
    serde_json::to_string_pretty(&schema).expect("a schema serialises") + "\n"
}

/// The JSON schema of the course file, as committed in `lessons/course.schema.json`.
pub fn course_schema() -> String {
    let schema = schemars::schema_for!(Course);
    serde_json::to_string_pretty(&schema).expect("a schema serialises") + "\n"
}
