//! A class's results: each pupil's best at each lesson (JSON and CSV) and her practised skills.

use super::*;
use crate::auth::Teacher;
use crate::db::ClassRow;
use crate::error::{ApiResult, ErrorBody};
use crate::util::{iso, now_ms};
use crate::AppState;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct LessonResult {
    /// Best stars.
    pub stars: i64,
    pub attempts: i64,
    pub solved: bool,
    /// Hints in all attempts.
    pub hints: i64,
    /// Time in all attempts, in milliseconds.
    pub ms: i64,
    /// The last attempt, ISO 8601 UTC.
    pub last: String,
    /// The tries by how they ended, and "needs help".
    #[serde(flatten)]
    pub tries: crate::tries::TryCounts,
    #[serde(skip)]
    pub last_ms: i64,
}

#[derive(Serialize, ToSchema)]
pub struct PupilResults {
    pub id: String,
    pub name: String,
    pub lessons: BTreeMap<String, LessonResult>,
}

#[derive(Serialize, ToSchema)]
pub struct ClassResults {
    pub pupils: Vec<PupilResults>,
    /// The lessons assigned to the class, in order.
    pub lessons: Vec<String>,
    /// The title (`{en, ru}`) of each lesson of the grid: the course's and the teacher's own.
    #[schema(value_type = Object)]
    pub titles: BTreeMap<String, serde_json::Value>,
}

/// The lessons assigned to a class, in order, each once.
async fn assigned(st: &AppState, class: &str) -> ApiResult<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    for a in st.db.assignments(class).await? {
        for l in a.lessons {
            if !out.contains(&l) {
                out.push(l);
            }
        }
    }
    Ok(out)
}

async fn results_of(st: &AppState, c: &ClassRow) -> ApiResult<ClassResults> {
    let pupils = st.db.pupils(&c.id).await?;
    let mut by_pupil: HashMap<String, BTreeMap<String, LessonResult>> = HashMap::new();
    let mut tries = crate::tries::counts(&st.db, &c.id).await?;
    for r in st.db.class_results(&c.id).await? {
        let mut counts = tries.remove(&(r.pupil.clone(), r.lesson.clone())).unwrap_or_default();
        counts.finish(r.solved);
        by_pupil.entry(r.pupil).or_default().insert(
            r.lesson,
            LessonResult {
                stars: r.stars,
                attempts: r.attempts,
                solved: r.solved,
                hints: r.hints,
                ms: r.ms,
                last: iso(r.last),
                tries: counts,
                last_ms: r.last,
            },
        );
    }
    let pupils: Vec<PupilResults> = pupils
        .into_iter()
        .map(|p| PupilResults {
            lessons: by_pupil.remove(&p.id).unwrap_or_default(),
            id: p.id,
            name: p.name,
        })
        .collect();
    let lessons = assigned(st, &c.id).await?;
    let tried: Vec<String> = pupils_lessons(&pupils);
    let titles =
        crate::tries::titles(st, &c.teacher, lessons.iter().chain(&tried).cloned().collect())
            .await?;
    Ok(ClassResults { pupils, lessons, titles })
}

/// Every lesson some pupil tried.
fn pupils_lessons(pupils: &[PupilResults]) -> Vec<String> {
    let mut out: Vec<String> = pupils.iter().flat_map(|p| p.lessons.keys().cloned()).collect();
    out.sort();
    out.dedup();
    out
}

#[utoipa::path(get, path = "/api/v1/classes/{class}/results", operation_id = "classResults", params(("class" = String, Path)), responses((status = 200, body = ClassResults), (status = 404, body = ErrorBody)))]
pub async fn class_results(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(class): Path<String>,
) -> ApiResult<Json<ClassResults>> {
    let c = my_class(&st, &me, &class).await?;
    Ok(Json(results_of(&st, &c).await?))
}

#[utoipa::path(get, path = "/api/v1/classes/{class}/results.csv", operation_id = "exportResults", params(("class" = String, Path), crate::export::CsvQuery),
    responses((status = 200, content_type = "text/csv", body = String, description = "UTF-8 with a BOM, in the page's language (`lang`): pupil, lesson title, best stars, tries, solved, failed tries, restarted, left, needs help, hints, time (h:mm:ss), last try (in the zone `tz`), how it ended; `;` with a `sep=;` first line in Russian, `,` in English"), (status = 404, body = ErrorBody)))]
pub async fn export_results(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(class): Path<String>,
    q: Result<Query<crate::export::CsvQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Response> {
    let c = my_class(&st, &me, &class).await?;
    let r = results_of(&st, &c).await?;
    // a query that does not read (`tz=abc`): English, UTC
    let q = q.map(|Query(q)| q).unwrap_or_default();
    let mut out = crate::export::results_csv(&r, &q);
    // the practised skills after the lessons: one line per pupil and skill
    let skills = crate::practice::skills_of(&st, &c.id, now_ms()).await?;
    crate::export::skills_csv(&mut out, &skills, &q);
    let file = format!("attachment; filename=\"results-{}.csv\"", c.code);
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, file),
        ],
        out,
    )
        .into_response())
}

/// This resource's routes (merged in [`super::routes`]).
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/classes/{class}/results", get(class_results))
        .route("/classes/{class}/results.csv", get(export_results))
        .route("/classes/{class}/skills", get(crate::practice::class_skills))
}
