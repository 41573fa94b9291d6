//! Practice on the class server (issue 35): a practice attempt (`submitAttempt` with `lesson`
//! `practice/<skill>/<seed>`) is judged against the exercise made again from its id, as the
//! browser made it; the class's Skills view (`classSkills`) replays each pupil's practice attempts
//! through the same learner model as the browser.

use crate::api::{blocking, my_class};
use crate::auth::Teacher;
use crate::db::AttemptsOf;
use crate::error::{ApiError, ApiResult};
use crate::AppState;
use axum::extract::{Path, State};
use axum::Json;
use chess_tutor::practice::model::{self, Attempt, Learner};
use serde::Serialize;
use sqlx::Row;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use utoipa::ToSchema;

/// Whether a lesson id names a practice exercise.
pub fn is_practice(id: &str) -> bool {
    id.starts_with("practice/")
}

/// The exercise an id names, made again (off the async threads: the proof searches), or `None`
/// for an id that names none (an unknown skill, a seed that is no number).
pub async fn exercise(id: &str) -> ApiResult<Option<chess_tutor::practice::Exercise>> {
    if id.len() > 120 || !chess_tutor::practice::is_exercise_id(id) {
        return Ok(None);
    }
    let id = id.to_string();
    blocking(move || chess_tutor::practice::regenerate(&id).ok()).await
}

/// Keep the rating of an exercise a pupil tried (the same id, the same exercise: written once).
pub async fn keep_rating(st: &AppState, id: &str, rating: i32) -> ApiResult<()> {
    sqlx::query("INSERT INTO practice_ratings (lesson, rating) VALUES ($1, $2) ON CONFLICT (lesson) DO NOTHING")
        .bind(id)
        .bind(i64::from(rating))
        .execute(&st.db.pool)
        .await
        .map_err(ApiError::internal)?;
    Ok(())
}

/// A skill of a pupil, as the learner model reports it.
#[derive(Serialize, ToSchema)]
pub struct PupilSkill {
    /// The skill's rating (Elo scale).
    pub rating: i32,
    /// Stars, 0 to 3 (3: mastered).
    pub mastery: u8,
    pub attempts: u32,
    pub right: u32,
    /// The next review, ISO 8601 UTC; null before the first attempt.
    pub due: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct PupilSkills {
    pub id: String,
    pub name: String,
    /// By skill id (lessons/skills.json).
    pub skills: BTreeMap<String, PupilSkill>,
}

#[derive(Serialize, ToSchema)]
pub struct ClassSkills {
    pub pupils: Vec<PupilSkills>,
}

/// A pupil's practice as the learner model replays it: the model's state, and the skills it
/// said mastered at some attempt (homework "practise until mastered" stays done once done, even
/// when the uncertainty grows again over a long pause).
#[derive(Default)]
pub struct Practised {
    pub learner: Learner,
    pub mastered: BTreeSet<String>,
    /// The exercises she solved.
    solved: HashSet<String>,
}

/// The practice attempts of a class or of one pupil, oldest
/// first (an exercise she solved counts solved once), replayed through the learner model, by pupil.
/// Only judged attempts are stored (a forged one is refused before), each with the rating of the
/// exercise the server made again.
pub async fn practised(st: &AppState, of: AttemptsOf<'_>) -> ApiResult<HashMap<String, Practised>> {
    let column = of.column();
    let rows = sqlx::query(&format!(
        "SELECT a.pupil AS pupil, a.lesson AS lesson, a.solved AS solved, a.hints AS hints, a.ms AS ms, a.at AS at, r.rating AS rating \
         FROM attempts a JOIN practice_ratings r ON r.lesson = a.lesson WHERE a.{column} = $1 ORDER BY a.at, a.id"
    ))
    .bind(of.id())
    .fetch_all(&st.db.pool)
    .await
    .map_err(ApiError::internal)?;
    let mut out: HashMap<String, Practised> = HashMap::new();
    for r in &rows {
        let get = |e: sqlx::Error| ApiError::internal(e);
        let pupil: String = r.try_get("pupil").map_err(get)?;
        let at: i64 = r.try_get("at").map_err(get)?;
        let attempt = Attempt {
            at: model::format_time(at.div_euclid(1000)),
            id: r.try_get("lesson").map_err(get)?,
            rating: r.try_get::<i64, _>("rating").map_err(get)?.clamp(0, 4000) as i32,
            right: r.try_get::<i64, _>("solved").map_err(get)? != 0,
            hints: r.try_get::<i64, _>("hints").map_err(get)?.clamp(0, 99) as u32,
            ms: Some(r.try_get::<i64, _>("ms").map_err(get)?.max(0) as u64),
        };
        // an attempt at a skill this build no longer has is left out, and so is a success at an
        // exercise the pupil solved already (the app never gives a solved exercise again: the
        // same easy one sent thirty times is no mastery)
        if let Ok(read) = model::read_log(&attempt.line()) {
            let p = out.entry(pupil).or_default();
            if attempt.right && !p.solved.insert(attempt.id.clone()) {
                continue;
            }
            p.learner.add(&read[0]);
            let skill = read[0].skill;
            if p.learner
                .skills
                .get(&skill.id)
                .is_some_and(|s| model::mastery(skill, s, read[0].at) >= 3)
            {
                p.mastered.insert(skill.id.clone());
            }
        }
    }
    Ok(out)
}

/// Each pupil's skills: the class's practice attempts, oldest first, replayed through the
/// learner model at `now` (milliseconds).
pub async fn skills_of(st: &AppState, class: &str, now_ms: i64) -> ApiResult<ClassSkills> {
    let logs = practised(st, AttemptsOf::Class(class)).await?;
    let now = now_ms.div_euclid(1000);
    let pupils = st
        .db
        .pupils(class)
        .await?
        .into_iter()
        .map(|p| {
            let skills = logs
                .get(&p.id)
                .map(|l| {
                    model::report(&l.learner, now)
                        .into_iter()
                        .map(|s| {
                            (
                                s.id,
                                PupilSkill {
                                    rating: s.rating,
                                    mastery: s.mastery,
                                    attempts: s.attempts,
                                    right: s.right,
                                    due: s.due,
                                },
                            )
                        })
                        .collect()
                })
                .unwrap_or_default();
            PupilSkills { id: p.id, name: p.name, skills }
        })
        .collect();
    Ok(ClassSkills { pupils })
}

#[utoipa::path(get, path = "/api/v1/classes/{class}/skills", operation_id = "classSkills", params(("class" = String, Path)),
    responses((status = 200, body = ClassSkills, description = "Each pupil's practised skills: rating, stars (mastery 0 to 3), attempts, right, next review"), (status = 404, body = crate::error::ErrorBody)))]
pub async fn class_skills(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(class): Path<String>,
) -> ApiResult<Json<ClassSkills>> {
    let c = my_class(&st, &me, &class).await?;
    Ok(Json(skills_of(&st, &c.id, crate::util::now_ms()).await?))
}
