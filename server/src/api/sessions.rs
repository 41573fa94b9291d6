//! Who is signed in (`/me`), signing out, and the new device's cookie a sign-in answers with;
//! the teacher's and the pupil's sign-in are in [`super::teachers`] and [`super::pupils`].

use super::*;
use crate::auth::{clear_cookie, end_session, Who};
use crate::db::{ClassKey, TeacherKey};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::signin::Device;
use crate::AppState;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct Me {
    /// `teacher` or `pupil`.
    pub role: &'static str,
    pub id: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub login: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<ClassRef>,
}

#[utoipa::path(get, path = "/api/v1/me", operation_id = "me", responses((status = 200, body = Me), (status = 401, body = ErrorBody)))]
pub async fn me(State(st): State<AppState>, who: Who) -> ApiResult<Json<Me>> {
    let gone = || ApiError::new(StatusCode::UNAUTHORIZED, "signed-out", "Sign in first.");
    match who {
        Who::Teacher(id) => {
            let t = st.db.teacher_by(TeacherKey::Id(&id)).await?.ok_or_else(gone)?;
            Ok(Json(Me {
                role: "teacher",
                id: t.id,
                name: t.name,
                login: Some(t.login),
                class: None,
            }))
        }
        Who::Pupil(id) => {
            let p = st.db.pupil(&id).await?.ok_or_else(gone)?;
            let c = st.db.class_by(ClassKey::Id(&p.class)).await?.ok_or_else(gone)?;
            Ok(Json(Me {
                role: "pupil",
                id: p.id,
                name: p.name,
                login: None,
                class: Some((&c).into()),
            }))
        }
    }
}

#[utoipa::path(post, path = "/api/v1/sessions/sign-out", operation_id = "signOut", responses((status = 204)))]
pub async fn sign_out(State(st): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    end_session(&st, &headers).await?;
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, clear_cookie())]).into_response())
}

/// A new device's cookie on an answer.
pub(crate) fn with_device(res: &mut Response, device: &Device, headers: &HeaderMap) {
    if let Some((k, v)) = device.set_cookie(headers) {
        res.headers_mut().append(k, v);
    }
}

/// This resource's routes (merged in [`super::routes`]).
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/me", get(me).delete(crate::account::delete_account))
        .route("/me/password", post(crate::account::change_password))
        .route("/sessions/sign-out", post(sign_out))
}
