//! Homework: the teacher gives lessons and skills to a class and sees them; the pupil sees hers.

use super::*;
use crate::auth::{Pupil, Teacher};
use crate::db::{AttemptsOf, ResultRow};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::limits;
use crate::util::{is_date, iso, now_ms};
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use utoipa::ToSchema;

#[derive(Deserialize, ToSchema)]
pub struct NewAssignment {
    /// Lesson ids: of the course, or the teacher's own.
    #[serde(default)]
    pub lessons: Vec<String>,
    /// Skills to practise until mastered (ids of lessons/skills.json), at most 40.
    #[serde(default)]
    pub practice: Vec<String>,
    /// `YYYY-MM-DD`.
    pub due: Option<String>,
    /// The pass mark in stars, 1 to 3.
    pub pass: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct Assignment {
    pub id: String,
    pub lessons: Vec<String>,
    pub due: Option<String>,
    pub pass: Option<i64>,
    /// ISO 8601 UTC.
    pub created: String,
    /// Skills to practise until mastered.
    pub practice: Vec<String>,
    /// Each pupil's progress on `practice` (empty when it is empty).
    pub progress: Vec<crate::practice_homework::PupilPractice>,
}

#[derive(Serialize, ToSchema)]
pub struct AssignmentList {
    pub assignments: Vec<Assignment>,
    /// The title (`{en, ru}`) of each lesson given: the course's and the teacher's own.
    #[schema(value_type = Object)]
    pub titles: BTreeMap<String, serde_json::Value>,
}

#[derive(Serialize, ToSchema)]
pub struct HomeworkLesson {
    pub id: String,
    /// `{en, ru}` (or one text), as in the lesson.
    #[schema(value_type = Object)]
    pub title: serde_json::Value,
    /// The teacher's own lesson (fetch it with `getLesson`), not the course's.
    pub own: bool,
    /// Best stars so far, or null before any attempt.
    pub best: Option<i64>,
    pub solved: bool,
}

#[derive(Serialize, ToSchema)]
pub struct HomeworkAssignment {
    pub id: String,
    /// Skills to practise until mastered: the pupil sees them first.
    pub practice: Vec<crate::practice_homework::HomeworkSkill>,
    pub lessons: Vec<HomeworkLesson>,
    pub due: Option<String>,
    pub pass: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct Homework {
    pub assignments: Vec<HomeworkAssignment>,
}

#[utoipa::path(post, path = "/api/v1/classes/{class}/assignments", operation_id = "createAssignment", params(("class" = String, Path)), request_body = NewAssignment,
    responses((status = 201, body = Created), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_assignment(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(class): Path<String>,
    Body(b): Body<NewAssignment>,
) -> ApiResult<(StatusCode, Json<Created>)> {
    let c = my_class(&st, &me, &class).await?;
    if (b.lessons.is_empty() && b.practice.is_empty())
        || b.lessons.len() > limits::MOST_ASSIGNED_LESSONS
    {
        return Err(ApiError::invalid(
            "lessons",
            "Give 1 to 500 lesson ids, or skills to practise.",
        ));
    }
    let practice = crate::practice_homework::check_skills(&b.practice)?;
    for id in &b.lessons {
        if find_lesson(&st, &me, id).await?.is_none() {
            return Err(ApiError::invalid("lessons", format!("There is no lesson \"{id}\".")));
        }
    }
    if let Some(due) = b.due.as_deref().filter(|d| !is_date(d)) {
        return Err(ApiError::invalid(
            "due",
            format!("The due date \"{due}\" is not a date YYYY-MM-DD."),
        ));
    }
    if b.pass.is_some_and(|p| !(1..=3).contains(&p)) {
        return Err(ApiError::invalid("pass", "The pass mark is 1, 2 or 3 stars."));
    }
    let mut lessons = b.lessons.clone();
    lessons.dedup();
    let id = st.db.create_assignment(&c.id, &lessons, b.due.as_deref(), b.pass, &practice).await?;
    Ok((StatusCode::CREATED, Json(Created { id })))
}

#[utoipa::path(get, path = "/api/v1/classes/{class}/assignments", operation_id = "listAssignments", params(("class" = String, Path)), responses((status = 200, body = AssignmentList), (status = 404, body = ErrorBody)))]
pub async fn list_assignments(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(class): Path<String>,
) -> ApiResult<Json<AssignmentList>> {
    let c = my_class(&st, &me, &class).await?;
    let rows = st.db.assignments(&c.id).await?;
    let titles = crate::tries::titles(
        &st,
        &c.teacher,
        rows.iter().flat_map(|a| a.lessons.clone()).collect(),
    )
    .await?;
    // each pupil's practice, replayed once, when some homework gives skills
    let (logs, pupils): (HashMap<_, _>, Vec<(String, String)>) =
        if rows.iter().any(|a| !a.practice.is_empty()) {
            let pupils = st.db.pupils(&c.id).await?.into_iter().map(|p| (p.id, p.name)).collect();
            (crate::practice::practised(&st, AttemptsOf::Class(&c.id)).await?, pupils)
        } else {
            Default::default()
        };
    let now = now_ms();
    let assignments = rows
        .into_iter()
        .map(|a| Assignment {
            progress: crate::practice_homework::progress(&a.practice, &pupils, &logs, now),
            id: a.id,
            lessons: a.lessons,
            due: a.due,
            pass: a.pass,
            created: iso(a.created),
            practice: a.practice,
        })
        .collect();
    Ok(Json(AssignmentList { assignments, titles }))
}

#[utoipa::path(get, path = "/api/v1/homework", operation_id = "homework", responses((status = 200, body = Homework), (status = 401, body = ErrorBody)))]
pub async fn homework(State(st): State<AppState>, Pupil(me): Pupil) -> ApiResult<Json<Homework>> {
    let (_, c) = st.db.pupil_class(&me).await?.ok_or_else(|| ApiError::not_found("pupil"))?;
    let best: HashMap<String, ResultRow> = st
        .db
        .results(AttemptsOf::Pupil(&me))
        .await?
        .into_iter()
        .map(|r| (r.lesson.clone(), r))
        .collect();
    let mut out = Vec::new();
    let rows = st.db.assignments(&c.id).await?;
    let practised = if rows.iter().any(|a| !a.practice.is_empty()) {
        crate::practice::practised(&st, AttemptsOf::Pupil(&me)).await?.remove(&me)
    } else {
        None
    };
    for a in rows {
        let mut lessons = Vec::new();
        for id in &a.lessons {
            let Some((lesson, own, _)) = find_lesson(&st, &c.teacher, id).await? else {
                continue;
            };
            let r = best.get(id);
            lessons.push(HomeworkLesson {
                id: id.clone(),
                title: serde_json::to_value(&lesson.title).unwrap_or_default(),
                own,
                best: r.map(|r| r.stars),
                solved: r.is_some_and(|r| r.solved),
            });
        }
        out.push(HomeworkAssignment {
            practice: crate::practice_homework::homework_skills(
                &a.practice,
                practised.as_ref(),
                now_ms(),
            ),
            id: a.id,
            lessons,
            due: a.due,
            pass: a.pass,
        });
    }
    out.reverse(); // the newest first
    Ok(Json(Homework { assignments: out }))
}

/// This resource's routes (merged in [`super::routes`]).
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/classes/{class}/assignments", get(list_assignments).post(create_assignment))
        .route("/homework", get(homework))
}
