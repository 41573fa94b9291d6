//! Teachers: signing up and signing in (with the limits on wrong passwords).

use super::*;
use crate::auth::{hash_password, start_session, verify_password, Peer};
use crate::db::TeacherKey;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::signin::{self, Device};
use crate::AppState;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Wrong teacher passwords in 15 minutes: per login, and per address (higher: a school's NAT).
pub const LOGIN_TRIES: i64 = 10;

pub const ADDRESS_TRIES: i64 = 50;

pub const TRY_WINDOW_MS: i64 = 15 * 60 * 1000;

#[derive(Deserialize, ToSchema)]
pub struct SignUp {
    pub name: String,
    pub login: String,
    /// At least 8 characters.
    pub password: String,
    /// The admin's invitation code (with `--signup invite`).
    #[serde(default)]
    pub invitation: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct SignIn {
    pub login: String,
    pub password: String,
}

#[derive(Serialize, ToSchema)]
pub struct TeacherView {
    pub id: String,
    pub name: String,
    pub login: String,
}

#[utoipa::path(post, path = "/api/v1/teachers", operation_id = "teacherSignUp", request_body = SignUp,
    responses((status = 201, body = TeacherView), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody, description = "A field is wrong; a login that looks like the password"), (status = 429, body = ErrorBody, description = "10 sign-ups from the address in 15 minutes; Retry-After")))]
pub async fn teacher_sign_up(
    State(st): State<AppState>,
    Peer(peer): Peer,
    headers: HeaderMap,
    Body(b): Body<SignUp>,
) -> ApiResult<Response> {
    let name = text_field("name", &b.name, 100)?;
    let login = text_field("login", &b.login, 100)?.to_lowercase();
    if b.password.chars().count() < 8 {
        return Err(ApiError::invalid("password", "The password needs at least 8 characters."));
    }
    if b.password.len() > 1000 {
        return Err(ApiError::invalid("password", "The password is longer than 1000 bytes."));
    }
    if signin::login_like_password(&login, &b.password) {
        return Err(ApiError::invalid(
            "login",
            "The login looks like the password: choose a login others may see.",
        ));
    }
    signin::sign_up_try(&st, &headers, peer).await?;
    let taken = crate::account::may_sign_up(&st, b.invitation.as_deref()).await?;
    let password = b.password;
    let hash = signin::argon2(&st, move || hash_password(&password)).await??;
    let Some(id) = st.db.create_teacher(&name, &login, &hash).await? else {
        crate::account::give_back(&st, taken).await;
        return Err(ApiError::new(StatusCode::CONFLICT, "login-taken", "This login is taken.")
            .field("login"));
    };
    let cookie = start_session(&st, &headers, "teacher", &id).await?;
    let device = Device::of(&st, &headers, peer);
    signin::teacher_right(&st, &device, &id, signin::Taken::none()).await?;
    let mut res = (
        StatusCode::CREATED,
        [(header::SET_COOKIE, cookie)],
        Json(TeacherView { id, name, login }),
    )
        .into_response();
    with_device(&mut res, &device, &headers);
    Ok(res)
}

#[utoipa::path(post, path = "/api/v1/sessions/teacher", operation_id = "teacherSignIn", request_body = SignIn,
    responses((status = 200, body = TeacherView), (status = 401, body = ErrorBody), (status = 429, body = ErrorBody, description = "10 wrong passwords for the login (or 50 from the address) in 15 minutes; Retry-After")))]
pub async fn teacher_sign_in(
    State(st): State<AppState>,
    Peer(peer): Peer,
    headers: HeaderMap,
    Body(b): Body<SignIn>,
) -> ApiResult<Response> {
    let login = b.login.trim().to_lowercase();
    let device = Device::of(&st, &headers, peer);
    let teacher = st.db.teacher_by(TeacherKey::Login(&login)).await?;
    let id = teacher.as_ref().map(|t| t.id.as_str());
    let taken = signin::teacher_try(&st, &device, &headers, peer, &login, id).await?;
    let hash = teacher.as_ref().map(|t| t.password.clone());
    let password = b.password;
    let right =
        signin::argon2(&st, move || hash.is_some_and(|h| verify_password(&password, &h))).await?;
    let Some(t) = teacher.filter(|_| right) else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "wrong-password",
            "The login or the password is wrong.",
        ));
    };
    signin::teacher_right(&st, &device, &t.id, taken).await?;
    let cookie = start_session(&st, &headers, "teacher", &t.id).await?;
    let mut res = (
        [(header::SET_COOKIE, cookie)],
        Json(TeacherView { id: t.id, name: t.name, login: t.login }),
    )
        .into_response();
    with_device(&mut res, &device, &headers);
    Ok(res)
}

/// This resource's routes (merged in [`super::routes`]).
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/teachers", post(teacher_sign_up))
        .route("/sessions/teacher", post(teacher_sign_in))
}
