//! A teacher's classes: made, listed, removed; the class's limits and unlocking it.

use super::*;
use crate::auth::Teacher;
use crate::db::ClassRow;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct ClassRef {
    pub id: String,
    pub name: String,
    pub code: String,
}

impl From<&ClassRow> for ClassRef {
    fn from(c: &ClassRow) -> ClassRef {
        ClassRef { id: c.id.clone(), name: c.name.clone(), code: c.code.clone() }
    }
}

#[derive(Deserialize, ToSchema)]
pub struct NewClass {
    pub name: String,
}

#[derive(Serialize, ToSchema)]
pub struct CreatedClass {
    pub id: String,
    /// 6 characters without 0/O/1/I/L.
    pub code: String,
}

#[derive(Serialize, ToSchema)]
pub struct ClassSummary {
    pub id: String,
    pub name: String,
    pub code: String,
    pub pupils: i64,
}

#[derive(Serialize, ToSchema)]
pub struct ClassList {
    pub classes: Vec<ClassSummary>,
}

#[utoipa::path(post, path = "/api/v1/classes", operation_id = "createClass", request_body = NewClass, responses((status = 201, body = CreatedClass)))]
pub async fn create_class(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Body(b): Body<NewClass>,
) -> ApiResult<(StatusCode, Json<CreatedClass>)> {
    let name = text_field("name", &b.name, 100)?;
    let c = st.db.create_class(&me, &name).await?;
    Ok((StatusCode::CREATED, Json(CreatedClass { id: c.id, code: c.code })))
}

#[utoipa::path(get, path = "/api/v1/classes", operation_id = "listClasses", responses((status = 200, body = ClassList)))]
pub async fn list_classes(
    State(st): State<AppState>,
    Teacher(me): Teacher,
) -> ApiResult<Json<ClassList>> {
    let classes = st
        .db
        .classes(&me)
        .await?
        .into_iter()
        .map(|(c, n)| ClassSummary { id: c.id, name: c.name, code: c.code, pupils: n })
        .collect();
    Ok(Json(ClassList { classes }))
}

/// The teacher's class, or 404 (another teacher's class is not said to exist).
pub(crate) async fn my_class(st: &AppState, me: &str, id: &str) -> ApiResult<ClassRow> {
    st.db.class_of(me, id).await?.ok_or_else(|| ApiError::not_found("class"))
}

#[utoipa::path(delete, path = "/api/v1/classes/{class}", operation_id = "removeClass", params(("class" = String, Path)), responses((status = 204), (status = 404, body = ErrorBody)))]
pub async fn remove_class(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(class): Path<String>,
) -> ApiResult<StatusCode> {
    let c = my_class(&st, &me, &class).await?;
    st.db.delete_class(&c.id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// This resource's routes (merged in [`super::routes`]).
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/classes", get(list_classes).post(create_class))
        .route("/classes/{class}", delete(remove_class))
        .route("/classes/{class}/limits", get(crate::guard_api::class_limits))
        .route("/classes/{class}/unlock", post(crate::guard_api::unlock_class))
}
