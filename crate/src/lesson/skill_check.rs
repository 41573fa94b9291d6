//! The skill a course lesson names (`"skill"`, an id of `lessons/skills.json`): the skill its done
//! card offers to practise. Checked against the skills file beside the courses, both ways: the
//! lesson names a skill of the file, and the skill lists the lesson among the lessons that teach
//! it (the course page and the teacher read those lists).

use super::check::{is_exercise_id, parse_lesson, Diagnostic};
use crate::message::located::{nearest, Locator, Report};
use serde_json::Value;

/// Each lesson file's findings (`lessons`: file name and text, in course order) against
/// `skills_text` (the skills file): a skill it names that the file lacks is an error; a skill
/// that does not list it, or a lesson the file lists under a skill that names none, a warning.
/// A skills file that cannot be read says nothing here (the practice tests hold it).
pub fn check_skills(
    skills_text: &str,
    lessons: &[(String, String)],
) -> Vec<(String, Vec<Diagnostic>)> {
    let Ok(file) = serde_json::from_str::<Value>(crate::guard::strip_bom(skills_text)) else {
        return Vec::new();
    };
    let skills: Vec<(&str, Vec<&str>)> = file["skills"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| {
                    Some((
                        s["id"].as_str()?,
                        s["lessons"]
                            .as_array()
                            .map(|l| l.iter().filter_map(Value::as_str).collect())
                            .unwrap_or_default(),
                    ))
                })
                .collect()
        })
        .unwrap_or_default();
    let ids: Vec<&str> = skills.iter().map(|(id, _)| *id).collect();
    let mut out = Vec::new();
    for (name, text) in lessons {
        let Some(lesson) = parse_lesson(text) else { continue };
        if is_exercise_id(&lesson.id) {
            continue;
        }
        let locator = Locator::new(crate::guard::strip_bom(text));
        let mut r = Report { locator: &locator, found: Vec::new() };
        let listing: Vec<&str> = skills
            .iter()
            .filter(|(_, l)| l.contains(&lesson.id.as_str()))
            .map(|(id, _)| *id)
            .collect();
        match &lesson.skill {
            Some(skill) if !ids.contains(&skill.as_str()) => match nearest(skill, &ids) {
                Some(n) => r.error(
                    "/skill",
                    msg!("check-skill-unknown-near", skill = skill.as_str(), suggestion = n),
                ),
                None => r.error("/skill", msg!("check-skill-unknown", skill = skill.as_str())),
            },
            Some(skill) if !listing.contains(&skill.as_str()) => r.warning(
                "/skill",
                msg!("check-skill-not-listed", skill = skill.as_str(), lesson = lesson.id.as_str()),
            ),
            Some(_) => {}
            None => {
                if let Some(first) = listing.first() {
                    r.warning("/id", msg!("check-skill-missing", skill = *first));
                }
            }
        }
        if !r.found.is_empty() {
            out.push((name.clone(), r.found));
        }
    }
    out
}
