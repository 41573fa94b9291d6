//! Lessons: a teacher's own, uploaded and checked; any lesson by id for whom it is given to.

use super::*;
use crate::auth::{Teacher, Who};
use crate::db::ClassKey;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::limits;
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};

#[utoipa::path(post, path = "/api/v1/lessons", operation_id = "uploadLesson", request_body(content = Object, description = "A lesson file's JSON (as in lessons/), `id` required"),
    responses((status = 201, body = Created), (status = 409, body = ErrorBody), (status = 413, body = ErrorBody), (status = 422, body = ErrorBody, description = "`{error: \"lesson\", message, problems: [{place, message}]}`")))]
pub async fn upload_lesson(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    body: Result<axum::body::Bytes, axum::extract::rejection::BytesRejection>,
) -> ApiResult<(StatusCode, Json<Created>)> {
    let body = match body {
        Ok(b) if b.len() <= BODY_LIMIT => b,
        Err(r) if r.status() != StatusCode::PAYLOAD_TOO_LARGE => {
            return Err(ApiError::new(StatusCode::BAD_REQUEST, "invalid", r.body_text()))
        }
        _ => return Err(too_large()),
    };
    let text = String::from_utf8(body.to_vec())
        .map_err(|_| ApiError::invalid("lesson", "The lesson is not UTF-8 text."))?;
    limits::refuse_nul(text.as_bytes())?;
    let lessons = st.lessons.clone();
    let checked = blocking(move || lessons.check(&text).map(|l| (l, text))).await?;
    let (lesson, text) = checked.map_err(|problems| {
        let first =
            problems.first().map_or_else(String::new, |p| format!("{}: {}", p.place, p.message));
        let mut e = ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "lesson",
            format!("The checker refuses this lesson: {first}"),
        );
        e.body.problems = Some(problems);
        e
    })?;
    limits::own_audio(&lesson)?;
    if st.lessons.lessons.contains_key(&lesson.id) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "conflict",
            format!(
                "\"{}\" is the id of a lesson of the course: give your lesson another id.",
                lesson.id
            ),
        )
        .field("id"));
    }
    st.db.put_lesson(&me, &lesson.id, &text).await?;
    Ok((StatusCode::CREATED, Json(Created { id: lesson.id })))
}

/// A lesson by id for a class of `teacher`: the course's, or her own (from the database). A
/// teacher's lesson never has a course lesson's id (`uploadLesson` refuses it), so the course is
/// asked first, without a query.
pub(crate) async fn find_lesson(
    st: &AppState,
    teacher: &str,
    id: &str,
) -> ApiResult<Option<(chess_tutor::lesson::Lesson, bool, String)>> {
    if let Some(c) = st.lessons.lessons.get(id) {
        return Ok(Some((c.lesson.clone(), false, String::new())));
    }
    // a practice exercise: made again from its id (crate::practice)
    if crate::practice::is_practice(id) {
        return Ok(crate::practice::exercise(id)
            .await?
            .map(|ex| (ex.lesson, false, String::new())));
    }
    let Some(text) = st.db.lesson(teacher, id).await? else {
        return Ok(None);
    };
    let lesson = chess_tutor::lesson::parse_lesson(&text)
        .ok_or_else(|| ApiError::internal(format!("stored lesson {id} does not parse")))?;
    Ok(Some((lesson, true, text)))
}

#[utoipa::path(get, path = "/api/v1/lessons/{id}", operation_id = "getLesson", params(("id" = String, Path)), responses((status = 200, description = "The lesson's JSON"), (status = 404, body = ErrorBody)))]
pub async fn get_lesson(
    State(st): State<AppState>,
    who: Who,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let (teacher, class) = match &who {
        Who::Teacher(t) => (t.clone(), None),
        Who::Pupil(p) => {
            let p = st.db.pupil(p).await?.ok_or_else(|| ApiError::not_found("lesson"))?;
            let c = st
                .db
                .class_by(ClassKey::Id(&p.class))
                .await?
                .ok_or_else(|| ApiError::not_found("lesson"))?;
            (c.teacher, Some(c.id))
        }
    };
    let Some((lesson, own, text)) = find_lesson(&st, &teacher, &id).await? else {
        return Err(ApiError::not_found("lesson"));
    };
    if let (true, Some(class)) = (own, class) {
        let assigned = st.db.assignments(&class).await?.iter().any(|a| a.lessons.contains(&id));
        if !assigned {
            return Err(ApiError::not_found("lesson"));
        }
    }
    let text =
        if own { text } else { serde_json::to_string(&lesson).map_err(ApiError::internal)? };
    Ok(([(header::CONTENT_TYPE, "application/json")], text).into_response())
}

/// This resource's routes (merged in [`super::routes`]).
pub(super) fn routes() -> Router<AppState> {
    Router::new().route("/lessons", post(upload_lesson)).route("/lessons/{id}", get(get_lesson))
}
