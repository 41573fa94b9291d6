//! Practice: endless exercises per skill. A skill (`lessons/skills.json`, embedded here) names
//! the generator that makes its exercises; from a skill and a seed the generator makes **one
//! exercise, which is a lesson** (the course's JSON, with `id` `practice/<skill>/<seed>`, `skill`
//! and `rating`), and the lesson checker with its doctor proves it before it is returned: the
//! same proof as every course lesson. An exercise whose proof fails is thrown away and the next
//! internal attempt drawn, so the same skill and seed still give the same bytes everywhere (the
//! class server regenerates an exercise from its id and judges the child's moves against it).
//!
//! The modules, each importing only those after it:
//!
//! ```text
//! model → (this file: the catalogue)      the learner model: ratings, reviews, the next exercise
//! gen/* → gen::mod → rng                  one file per family of skills
//! rng                                     SplitMix64
//! ```

pub mod gen;
pub mod model;
pub mod rng;

use crate::lesson::Lesson;
use crate::message::Text;
use serde::{Deserialize, Serialize};

/// The skills file, embedded: every build knows the same skills.
pub const SKILLS_JSON: &str = include_str!("../../../lessons/skills.json");

/// How many internal attempts a seed may use before it gives up (an exercise whose proof fails
/// draws the next one).
pub const ATTEMPTS: u32 = 40;

/// A skill of `lessons/skills.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "PracticeSkill"))]
pub struct Skill {
    /// Lower-case letters, digits and `-`.
    pub id: String,
    #[cfg_attr(test, ts(type = "LessonText"))]
    pub title: Text,
    /// Its picture, relative to `lessons/` (`../images/wR.svg`, `pictures/numbers.svg`).
    pub picture: String,
    /// The course file (`course.json`, `course-numbers.json`, …) and its section that teach it.
    pub course: String,
    pub section: String,
    /// The ids of the course lessons that teach it.
    pub lessons: Vec<String>,
    /// The ids of the skills to practise first.
    #[serde(default)]
    pub requires: Vec<String>,
    /// The generator's family (`moves`, `numbers`, `t1`, `capture`, `check`, `mate`, `tactics`,
    /// `endgame`) and its parameters.
    pub generator: String,
    #[serde(default)]
    #[cfg_attr(test, ts(type = "unknown"))]
    pub params: serde_json::Value,
    /// The rating (Elo scale) a child's skill rating must pass, with low uncertainty, for the
    /// skill to count as mastered.
    pub bar: i32,
}

/// `lessons/skills.json`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SkillsFile {
    #[serde(rename = "$comment", default)]
    _comment: Option<String>,
    skills: Vec<Skill>,
}

/// Every skill, in the order of the file (the courses' order).
pub fn skills() -> &'static [Skill] {
    static SKILLS: std::sync::OnceLock<Vec<Skill>> = std::sync::OnceLock::new();
    SKILLS.get_or_init(|| {
        serde_json::from_str::<SkillsFile>(SKILLS_JSON).map(|f| f.skills).unwrap_or_default()
    })
}

/// The skill with this id.
pub fn skill(id: &str) -> Option<&'static Skill> {
    skills().iter().find(|s| s.id == id)
}

/// What went wrong, in one sentence (the command line prints it and exits with 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PracticeError {
    /// No skill has this id.
    UnknownSkill(String),
    /// An exercise id that is not `practice/<skill>/<seed>`.
    BadId(String),
    /// The generator made no exercise its proof accepts within [`ATTEMPTS`] tries.
    NoExercise { skill: String, seed: u64 },
    /// A line of the attempt log that is not an attempt (line counted from 1).
    BadLog { line: usize, why: String },
    /// A time that is not ISO-8601 (`2026-11-28T09:00:00Z`).
    BadTime(String),
}

impl PracticeError {
    /// The error as a message of the catalogue (`practice-…`).
    pub fn message(&self) -> crate::message::Message {
        match self {
            PracticeError::UnknownSkill(id) => msg!("practice-unknown-skill", skill = id.as_str()),
            PracticeError::BadId(id) => msg!("practice-bad-id", id = id.as_str()),
            PracticeError::NoExercise { skill, seed } => {
                msg!("practice-no-exercise", skill = skill.as_str(), seed = seed.to_string())
            }
            PracticeError::BadLog { line, why } => {
                msg!("practice-bad-log", line = *line, why = why.as_str())
            }
            PracticeError::BadTime(t) => msg!("practice-bad-time", time = t.as_str()),
        }
    }
}

impl From<PracticeError> for crate::message::Message {
    fn from(e: PracticeError) -> Self {
        e.message()
    }
}

impl std::fmt::Display for PracticeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message().text())
    }
}

impl std::error::Error for PracticeError {}

/// An exercise: a lesson made for a skill from a seed, proved.
#[derive(Clone, Debug, PartialEq)]
pub struct Exercise {
    /// The lesson, with `id` `practice/<skill>/<seed>`, `skill` and `rating` filled in.
    pub lesson: Lesson,
    pub skill: String,
    pub seed: u64,
    /// Its difficulty on the Elo scale: a child rated the same solves it half the time.
    pub rating: i32,
}

impl Exercise {
    /// The lesson as one line of JSON (the same bytes for the same skill and seed).
    pub fn json(&self) -> String {
        serde_json::to_string(&self.lesson).unwrap_or_default()
    }
}

/// The id of an exercise.
pub fn exercise_id(skill: &str, seed: u64) -> String {
    format!("practice/{skill}/{seed}")
}

/// The skill and seed of an exercise id `practice/<skill>/<seed>`.
pub fn parse_id(id: &str) -> Result<(&'static Skill, u64), PracticeError> {
    let bad = || PracticeError::BadId(id.chars().take(80).collect());
    let rest = id.strip_prefix("practice/").ok_or_else(bad)?;
    let (skill_id, seed) = rest.rsplit_once('/').ok_or_else(bad)?;
    if seed.is_empty() || !seed.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let seed: u64 = seed.parse().map_err(|_| bad())?;
    let s = skill(skill_id)
        .ok_or_else(|| PracticeError::UnknownSkill(skill_id.chars().take(80).collect()))?;
    Ok((s, seed))
}

/// Whether `id` has the shape of an exercise id (`practice/<lower-case, digits, ->/<digits>`):
/// the lesson checker accepts such an id in place of a file name.
pub use crate::lesson::check::is_exercise_id;

/// One exercise of `skill` from `seed`. An exercise is a function of its skill and seed alone
/// (its id says both, and the class server regenerates it from the id); with `rating`, the first
/// seed from `seed` on (at most [`RATED_SCAN`] of them) whose exercise is within
/// [`RATED_NEAR`] of that difficulty, else the nearest of them: its id names the seed it has.
pub fn make(skill_id: &str, seed: u64, rating: Option<f64>) -> Result<Exercise, PracticeError> {
    let _quick = crate::lesson::doctor::Quick::when(true);
    let s = skill(skill_id)
        .ok_or_else(|| PracticeError::UnknownSkill(skill_id.chars().take(80).collect()))?;
    let Some(target) =
        rating.filter(|r| r.is_finite()).map(|r| r.round().clamp(0.0, 4000.0) as i32)
    else {
        return exercise_at(s, seed);
    };
    let generate = gen::find(&s.generator)
        .ok_or_else(|| PracticeError::NoExercise { skill: s.id.clone(), seed })?;
    // the first draft of each seed tells its difficulty before any proof is run
    let mut nearest: Option<(i32, u64)> = None;
    for k in 0..RATED_SCAN {
        let Some(at) = seed.checked_add(k) else { break };
        let mut cx = gen::Cx {
            rng: rng::Rng::for_exercise(&s.id, at, 0),
            params: &s.params,
            skill: s,
            seed: at,
            attempt: 0,
        };
        let Some(draft) = generate(&mut cx) else { continue };
        let off = (draft.rating.clamp(MIN_RATING, MAX_RATING) - target).abs();
        if off <= RATED_NEAR {
            if let Ok(ex) = exercise_at(s, at) {
                return Ok(ex);
            }
        }
        if nearest.is_none_or(|(o, _)| off < o) {
            nearest = Some((off, at));
        }
    }
    exercise_at(s, nearest.map_or(seed, |(_, at)| at))
}

/// How many seeds `make` looks at for an exercise near a rating.
pub const RATED_SCAN: u64 = 48;
/// How near a rating `make` wants an exercise (Elo points).
pub const RATED_NEAR: i32 = 60;
/// The ratings exercises have, at least and at most.
pub const MIN_RATING: i32 = 100;
pub const MAX_RATING: i32 = 3000;

/// The exercise of (skill, seed): the first draft of its attempts that its proof accepts.
pub fn exercise_at(s: &Skill, seed: u64) -> Result<Exercise, PracticeError> {
    let _quick = crate::lesson::doctor::Quick::when(true);
    let generate = gen::find(&s.generator)
        .ok_or_else(|| PracticeError::NoExercise { skill: s.id.clone(), seed })?;
    for attempt in 0..ATTEMPTS {
        let mut cx = gen::Cx {
            rng: rng::Rng::for_exercise(&s.id, seed, attempt),
            params: &s.params,
            skill: s,
            seed,
            attempt,
        };
        let Some(draft) = generate(&mut cx) else { continue };
        let ex = finish(s, seed, draft);
        if prove(&ex) {
            return Ok(ex);
        }
    }
    Err(PracticeError::NoExercise { skill: s.id.clone(), seed })
}

/// The exercise an id names (`practice/<skill>/<seed>`), regenerated.
pub fn regenerate(id: &str) -> Result<Exercise, PracticeError> {
    let (s, seed) = parse_id(id)?;
    exercise_at(s, seed)
}

/// The draft with its id, skill and rating written in.
fn finish(s: &Skill, seed: u64, draft: gen::Draft) -> Exercise {
    let mut lesson = draft.lesson;
    lesson.schema = None;
    lesson.id = exercise_id(&s.id, seed);
    lesson.skill = Some(s.id.clone());
    let rating = draft.rating.clamp(MIN_RATING, MAX_RATING);
    lesson.rating = Some(rating);
    Exercise { lesson, skill: s.id.clone(), seed, rating }
}

/// The proof: the lesson checker with its doctor finds nothing, not even a warning, in the
/// exercise's JSON (legal position, every right move listed, par the true minimum, …). Each
/// family's own tests prove the skill's own property on top.
pub fn prove(ex: &Exercise) -> bool {
    let text = ex.json();
    let (lesson, found) = crate::lesson::check_lesson_text(&text, None);
    lesson.is_some() && found.is_empty()
}

/// The findings of the checker and doctor on an exercise (empty when it is proved), for tests
/// and the command line.
pub fn findings(ex: &Exercise) -> Vec<crate::lesson::Diagnostic> {
    crate::lesson::check_lesson_text(&ex.json(), None).1
}

#[cfg(test)]
mod tests;
