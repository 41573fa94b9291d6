//! Homework "practise SKILL until mastered" (issue 35): `createAssignment`'s `practice`, skill
//! ids of lessons/skills.json, checked and bounded here; the pupil's `homework` shows each skill
//! (title, picture, stars) and the teacher's `listAssignments` each pupil's progress. A skill is
//! done for a pupil once the learner model (crate::practice::model, the browser's own) over her
//! judged practice attempts on this server said mastered (crate::practice::practised).

use crate::error::{ApiError, ApiResult};
use crate::limits::MOST_PRACTICE_SKILLS;
use crate::practice::Practised;
use chess_tutor::practice::model;
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// The skills of a new assignment, each once in the teacher's order: at most
/// [`MOST_PRACTICE_SKILLS`] ids, each a skill of lessons/skills.json (422 `practice` naming the
/// first that is not).
pub fn check_skills(ids: &[String]) -> ApiResult<Vec<String>> {
    if ids.len() > MOST_PRACTICE_SKILLS {
        return Err(ApiError::invalid(
            "practice",
            format!("Give at most {MOST_PRACTICE_SKILLS} skills to practise."),
        ));
    }
    let mut out: Vec<String> = Vec::new();
    for id in ids {
        if chess_tutor::practice::skill(id).is_none() {
            let shown: String = id.chars().take(60).collect();
            return Err(ApiError::invalid("practice", format!("There is no skill \"{shown}\".")));
        }
        if !out.contains(id) {
            out.push(id.clone());
        }
    }
    Ok(out)
}

/// A skill to practise, as the pupil's homework shows it.
#[derive(Serialize, ToSchema)]
pub struct HomeworkSkill {
    /// The skill's id (lessons/skills.json); practise it at `#/practice/skill/<id>`.
    pub skill: String,
    /// `{en, ru}`.
    #[schema(value_type = Object)]
    pub title: serde_json::Value,
    /// Its picture, relative to `lessons/` (as in lessons/skills.json).
    pub picture: String,
    /// Stars, 0 to 3 (3 once mastered).
    pub mastery: u8,
    /// Done: the model said mastered.
    pub mastered: bool,
}

/// A pupil's progress on an assignment's skills, as the teacher sees it.
#[derive(Serialize, ToSchema)]
pub struct PupilPractice {
    pub id: String,
    pub name: String,
    /// Every skill of the assignment mastered.
    pub done: bool,
    /// Stars (0 to 3; 3 once mastered) by skill id.
    pub stars: BTreeMap<String, u8>,
    /// The skills the model said mastered, in the assignment's order.
    pub mastered: Vec<String>,
}

/// Stars now (seconds) of `skill` for a pupil, and whether it was ever mastered.
fn state(p: Option<&Practised>, skill: &str, now: i64) -> (u8, bool) {
    let Some(p) = p else { return (0, false) };
    let stars = match (chess_tutor::practice::skill(skill), p.learner.skills.get(skill)) {
        (Some(s), Some(st)) => model::mastery(s, st, now),
        _ => 0,
    };
    (stars, p.mastered.contains(skill))
}

/// The pupil's skills of one assignment (skills this build no longer has are left out).
pub fn homework_skills(ids: &[String], p: Option<&Practised>, now_ms: i64) -> Vec<HomeworkSkill> {
    let now = now_ms.div_euclid(1000);
    ids.iter()
        .filter_map(|id| {
            let s = chess_tutor::practice::skill(id)?;
            let (mastery, mastered) = state(p, id, now);
            Some(HomeworkSkill {
                skill: id.clone(),
                title: serde_json::to_value(&s.title).unwrap_or_default(),
                picture: s.picture.clone(),
                mastery: if mastered { 3 } else { mastery },
                mastered,
            })
        })
        .collect()
}

/// Each pupil's progress on the skills `ids` (none when there are no skills).
pub fn progress(
    ids: &[String],
    pupils: &[(String, String)],
    logs: &std::collections::HashMap<String, Practised>,
    now_ms: i64,
) -> Vec<PupilPractice> {
    if ids.is_empty() {
        return Vec::new();
    }
    let now = now_ms.div_euclid(1000);
    pupils
        .iter()
        .map(|(id, name)| {
            let p = logs.get(id);
            let mut stars = BTreeMap::new();
            let mut mastered = Vec::new();
            for skill in ids {
                let (n, done) = state(p, skill, now);
                stars.insert(skill.clone(), if done { 3 } else { n });
                if done {
                    mastered.push(skill.clone());
                }
            }
            PupilPractice {
                id: id.clone(),
                name: name.clone(),
                done: mastered.len() == ids.len(),
                stars,
                mastered,
            }
        })
        .collect()
}
