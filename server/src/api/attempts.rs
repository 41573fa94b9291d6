//! Attempts: a pupil's try at a lesson, judged and stored once; the teacher reads them.

use super::*;
use crate::auth::{Pupil, Teacher, Who};
use crate::db::AttemptRow;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::limits;
use crate::util::{is_uuid, iso, now_ms};
use crate::AppState;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use chess_tutor::lesson::judge::Verdict;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Deserialize, ToSchema)]
pub struct NewAttempt {
    /// A UUID the client chose: a resend of it is stored once.
    pub id: String,
    pub lesson: String,
    /// UCI: the child's moves and the replies, in order (a quiz's clicks: squares).
    pub moves: Vec<String>,
    /// Choice indexes of a question, in order.
    #[serde(default)]
    pub answers: Vec<usize>,
    #[serde(default)]
    pub hints: u32,
    /// After how many entries of `moves` each hint was asked (0: before the first move), in order.
    #[serde(default, rename = "hintsAt")]
    pub hints_at: Vec<u32>,
    #[serde(default)]
    pub ms: u64,
    /// How the try ended: `solved`, `again` ("Again" pressed) or `left`; the server judges its
    /// kind from it (none: `left` unless solved).
    #[serde(default)]
    pub end: Option<crate::tries::End>,
    /// Ignored: the server judges.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub stars: Option<serde_json::Value>,
    /// Ignored: the server judges.
    #[serde(default)]
    #[schema(value_type = Option<bool>)]
    pub solved: Option<serde_json::Value>,
}

#[derive(Serialize, ToSchema)]
pub struct Judged {
    pub stars: i64,
    pub solved: bool,
}

#[derive(Serialize, ToSchema)]
pub struct AttemptSummary {
    pub id: String,
    pub pupil: String,
    pub lesson: String,
    pub stars: i64,
    pub solved: bool,
    pub hints: i64,
    pub ms: i64,
    pub at: String,
    /// How the try ended: `solved`, `failed`, `restarted` or `left`.
    pub kind: String,
    /// The lesson said "try again" in it.
    pub failed: bool,
}

#[derive(Serialize, ToSchema)]
pub struct AttemptList {
    pub attempts: Vec<AttemptSummary>,
}

#[derive(Serialize, ToSchema)]
pub struct AttemptView {
    pub id: String,
    pub pupil: String,
    pub lesson: String,
    pub moves: Vec<String>,
    pub answers: Vec<usize>,
    pub hints: i64,
    pub ms: i64,
    pub stars: i64,
    pub solved: bool,
    pub at: String,
    /// What the judge made of each entry of `moves`: `good` (the child's move, right), `mistake`
    /// (the child's move the lesson took as wrong), `reply` (the lesson's answer), `takeback`
    /// (the losing move taken back), `refused` (illegal or not the lesson's: the judging stopped
    /// there), `unplayed` (after a refused one). Empty for attempts stored before verdicts.
    #[schema(value_type = Vec<String>, example = json!(["good", "reply", "mistake"]))]
    pub verdicts: Vec<Verdict>,
    /// After how many entries of `moves` each hint was asked, as the client sent it.
    #[serde(rename = "hintsAt")]
    pub hints_at: Vec<u32>,
    /// How the try ended: `solved`, `failed`, `restarted` or `left`.
    pub kind: String,
    /// The lesson said "try again" in it.
    pub failed: bool,
    /// What the child saw after each entry of `moves`: `{san?, feedback?, failure?}` (the move's
    /// short notation, the lesson's words `{en, ru}`, the failure's message `{id, args}`); empty
    /// for attempts stored before.
    #[schema(value_type = Vec<Object>)]
    pub notes: serde_json::Value,
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct AttemptFilter {
    pub pupil: Option<String>,
    pub lesson: Option<String>,
}

#[utoipa::path(post, path = "/api/v1/attempts", operation_id = "submitAttempt", request_body = NewAttempt,
    responses((status = 201, body = Judged, description = "Stored and judged"), (status = 200, body = Judged, description = "A resend: the first result, nothing stored"),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody, description = "Moves or answers beyond what the lesson can need"),
        (status = 429, body = ErrorBody, description = "Too many attempts of the pupil or the class in 10 minutes (`too-many`), or the class's space is full (`quota`); Retry-After")))]
pub async fn submit_attempt(
    State(st): State<AppState>,
    Pupil(me): Pupil,
    Body(b): Body<NewAttempt>,
) -> ApiResult<(StatusCode, Json<Judged>)> {
    if !is_uuid(&b.id) {
        return Err(ApiError::invalid("id", "The attempt's id must be a UUID."));
    }
    let id = b.id.to_ascii_lowercase();
    if let Some(a) = st.db.attempt(&id).await? {
        return resent(a, &me);
    }
    if b.moves.len() > crate::limits::MOST_ENTRIES || b.answers.len() > 100 {
        return Err(ApiError::invalid("moves", "Too many moves or answers."));
    }
    let (_, c) = st.db.pupil_class(&me).await?.ok_or_else(|| ApiError::not_found("pupil"))?;
    let Some((lesson, _, _)) = find_lesson(&st, &c.teacher, &b.lesson).await? else {
        return Err(ApiError::invalid("lesson", format!("There is no lesson \"{}\".", b.lesson)));
    };
    // what the lesson can need, and what the pupil and her class may store now
    let bounded = limits::bound_attempt(&lesson, &b.moves, &b.answers, b.hints, &b.hints_at, b.ms)?;
    limits::admit_attempt(&st, &me, &c.id).await?;
    let lessons = st.lessons.clone();
    let (moves, answers, hinted) = (b.moves.clone(), b.answers.clone(), bounded.hints_at.clone());
    let rating = lesson.rating;
    // judged with the hints where the child asked them: a hint that showed the move costs a star,
    // as in the app (the stars of the whole sitting)
    let report = blocking(move || lessons.judge(lesson, &moves, &answers, &hinted)).await?;
    let j = report.judgement;
    let (kind, failed) = (crate::tries::kind(&report, b.end), crate::tries::failed(&report, b.end));
    // a practice attempt must be the exercise's: moves it refuses, or a claim of a success the
    // judge does not see, are forged (a wrong try of the child's own is stored as it is)
    if crate::practice::is_practice(&b.lesson) {
        let claims = b.solved.as_ref().and_then(serde_json::Value::as_bool) == Some(true);
        if report.verdicts.contains(&Verdict::Refused) || (claims && !j.solved) {
            return Err(ApiError::invalid(
                "moves",
                "These moves are not an attempt at this exercise.",
            ));
        }
        if let Some(r) = rating {
            crate::practice::keep_rating(&st, &b.lesson, r).await?;
        }
    }
    let row = AttemptRow {
        id: id.clone(),
        pupil: me.clone(),
        class: c.id,
        lesson: b.lesson,
        moves: b.moves,
        answers: b.answers,
        hints: bounded.hints,
        ms: bounded.ms,
        stars: i64::from(j.stars),
        solved: j.solved,
        at: now_ms(),
        verdicts: report.verdicts,
        hints_at: bounded.hints_at,
    };
    let stored = st.db.insert_attempt(&row).await?;
    if stored {
        crate::tries::store(&st.db, &id, kind, failed, &report.notes).await?;
    }
    if !stored {
        // sent twice at once: the first one stored answers
        let a = st.db.attempt(&id).await?.ok_or_else(|| ApiError::internal("attempt vanished"))?;
        return resent(a, &me);
    }
    limits::stored(&st, &row).await?;
    Ok((StatusCode::CREATED, Json(Judged { stars: row.stars, solved: row.solved })))
}

fn resent(a: AttemptRow, me: &str) -> ApiResult<(StatusCode, Json<Judged>)> {
    if a.pupil != me {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "conflict",
            "This attempt id is taken; choose another UUID.",
        )
        .field("id"));
    }
    Ok((StatusCode::OK, Json(Judged { stars: a.stars, solved: a.solved })))
}

#[utoipa::path(get, path = "/api/v1/classes/{class}/attempts", operation_id = "listAttempts", params(("class" = String, Path), AttemptFilter), responses((status = 200, body = AttemptList), (status = 404, body = ErrorBody)))]
pub async fn list_attempts(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(class): Path<String>,
    Query(f): Query<AttemptFilter>,
) -> ApiResult<Json<AttemptList>> {
    let c = my_class(&st, &me, &class).await?;
    let rows = st
        .db
        .attempts(
            &c.id,
            f.pupil.as_deref().filter(|s| !s.is_empty()),
            f.lesson.as_deref().filter(|s| !s.is_empty()),
        )
        .await?;
    let kinds = crate::tries::kinds(
        &st.db,
        &c.id,
        f.pupil.as_deref().filter(|s| !s.is_empty()),
        f.lesson.as_deref().filter(|s| !s.is_empty()),
    )
    .await?;
    let attempts = rows
        .into_iter()
        .map(|a| AttemptSummary {
            kind: kinds
                .get(&a.id)
                .map_or(if a.solved { "solved" } else { "left" }, |k| &k.0)
                .to_string(),
            failed: kinds.get(&a.id).is_some_and(|k| k.1),
            id: a.id,
            pupil: a.pupil,
            lesson: a.lesson,
            stars: a.stars,
            solved: a.solved,
            hints: a.hints,
            ms: a.ms,
            at: iso(a.at),
        })
        .collect();
    Ok(Json(AttemptList { attempts }))
}

#[utoipa::path(get, path = "/api/v1/attempts/{id}", operation_id = "attempt", params(("id" = String, Path)), responses((status = 200, body = AttemptView), (status = 404, body = ErrorBody)))]
pub async fn attempt(
    State(st): State<AppState>,
    who: Who,
    Path(id): Path<String>,
) -> ApiResult<Json<AttemptView>> {
    let a = st
        .db
        .attempt(&id.to_ascii_lowercase())
        .await?
        .ok_or_else(|| ApiError::not_found("attempt"))?;
    let mine = match &who {
        Who::Pupil(p) => *p == a.pupil,
        Who::Teacher(t) => st.db.class_of(t, &a.class).await?.is_some(),
    };
    if !mine {
        return Err(ApiError::not_found("attempt"));
    }
    let t = crate::tries::one(&st.db, &a.id, a.solved).await?;
    Ok(Json(AttemptView {
        kind: t.kind,
        failed: t.failed,
        notes: if t.notes.is_array() { t.notes } else { serde_json::json!([]) },
        id: a.id,
        pupil: a.pupil,
        lesson: a.lesson,
        moves: a.moves,
        answers: a.answers,
        hints: a.hints,
        ms: a.ms,
        stars: a.stars,
        solved: a.solved,
        at: iso(a.at),
        verdicts: a.verdicts,
        hints_at: a.hints_at,
    }))
}

/// This resource's routes (merged in [`super::routes`]).
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/attempts", post(submit_attempt))
        .route("/attempts/{id}", get(attempt))
        .route("/classes/{class}/attempts", get(list_attempts))
}
