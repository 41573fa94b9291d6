//! A teacher's own account: changing her password, deleting the account with everything under it
//! (her classes, their pupils, homework and attempts, her lessons, her sessions), and who may
//! make an account at all (`--signup open|invite|closed`, invitation codes made by the admin's
//! `chess-tutor-server invite`). Both changes ask for her password again.

use crate::auth::{clear_cookie, hash_password, start_session, verify_password, Teacher};
use crate::db::{Db, TeacherKey};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::util::{now_ms, sha256_hex};
use crate::AppState;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Who may make a teacher's account.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, ToSchema, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum SignUpMode {
    /// Anyone who reaches the server.
    #[default]
    Open,
    /// Only with a code from `chess-tutor-server invite`.
    Invite,
    /// Nobody: the accounts there are are all there will be.
    Closed,
}

impl SignUpMode {
    pub fn as_str(self) -> &'static str {
        match self {
            SignUpMode::Open => "open",
            SignUpMode::Invite => "invite",
            SignUpMode::Closed => "closed",
        }
    }
}

/// Before a sign-up: refused when sign-up is closed; with `invite`, the code is taken (used once;
/// [`give_back`] returns it when the account could not be made). `Some(code hash)` when taken.
pub async fn may_sign_up(st: &AppState, invitation: Option<&str>) -> ApiResult<Option<String>> {
    match st.config.signup {
        SignUpMode::Open => Ok(None),
        SignUpMode::Closed => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "sign-up-closed",
            "New accounts are closed on this server: ask its admin.",
        )),
        SignUpMode::Invite => {
            let code = invitation.unwrap_or("").trim().to_uppercase();
            let hash = sha256_hex(&code);
            let taken = sqlx::query(
                "UPDATE invitations SET used = $1 WHERE code = $2 AND used = 0 AND expires > $1",
            )
            .bind(now_ms())
            .bind(&hash)
            .execute(&st.db.pool)
            .await?;
            if code.is_empty() || taken.rows_affected() != 1 {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    "invitation",
                    "This invitation code is not valid (or used, or too old): ask the admin for a new one.",
                )
                .field("invitation"));
            }
            Ok(Some(hash))
        }
    }
}

/// An invitation taken for a sign-up that failed (a login taken) can be used again.
pub async fn give_back(st: &AppState, taken: Option<String>) {
    if let Some(hash) = taken {
        let _ = sqlx::query("UPDATE invitations SET used = 0 WHERE code = $1")
            .bind(hash)
            .execute(&st.db.pool)
            .await;
    }
}

impl Db {
    /// A teacher's new password: her sessions end, her failed sign-ins are forgotten.
    pub async fn set_teacher_password(
        &self,
        id: &str,
        login: &str,
        hash: &str,
    ) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE teachers SET password = $1 WHERE id = $2")
            .bind(hash)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM sessions WHERE role = 'teacher' AND subject = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM sign_in_failures WHERE key = $1")
            .bind(format!("login:{login}"))
            .execute(&mut *tx)
            .await?;
        tx.commit().await
    }

    /// A teacher and everything under her, in one transaction.
    pub async fn delete_teacher(&self, id: &str, login: &str) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let mine = "(SELECT id FROM classes WHERE teacher = $1)";
        for q in [
            format!("DELETE FROM attempts WHERE class IN {mine}"),
            format!("DELETE FROM assignments WHERE class IN {mine}"),
            format!("DELETE FROM sessions WHERE role = 'pupil' AND subject IN (SELECT id FROM pupils WHERE class IN {mine})"),
            format!("DELETE FROM pupils WHERE class IN {mine}"),
            "DELETE FROM classes WHERE teacher = $1".into(),
            "DELETE FROM lessons WHERE teacher = $1".into(),
            "DELETE FROM sessions WHERE role = 'teacher' AND subject = $1".into(),
            "DELETE FROM teachers WHERE id = $1".into(),
        ] {
            sqlx::query(&q).bind(id).execute(&mut *tx).await?;
        }
        sqlx::query("DELETE FROM sign_in_failures WHERE key = $1")
            .bind(format!("login:{login}"))
            .execute(&mut *tx)
            .await?;
        tx.commit().await
    }
}

#[derive(Deserialize, ToSchema)]
pub struct Confirm {
    /// Her password, asked again.
    pub password: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewPassword {
    /// Her password now.
    pub password: String,
    /// At least 8 characters.
    pub new_password: String,
}

/// Her password checked again (a wrong one counts toward the sign-in limit of her login).
async fn confirm(st: &AppState, me: &str, password: String) -> ApiResult<crate::db::TeacherRow> {
    let t = st
        .db
        .teacher_by(TeacherKey::Id(me))
        .await?
        .ok_or_else(|| ApiError::not_found("teacher"))?;
    let key = format!("login:{}", t.login);
    let now = now_ms();
    let (n, oldest) = st.db.failures(&key, now - crate::api::TRY_WINDOW_MS).await?;
    if n >= crate::api::LOGIN_TRIES {
        let wait = (oldest.unwrap_or(now) + crate::api::TRY_WINDOW_MS - now).max(1000) / 1000;
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too-many",
            "Too many wrong passwords: wait and try again.",
        )
        .retry_after(wait as u64));
    }
    let hash = t.password.clone();
    let right = tokio::task::spawn_blocking(move || verify_password(&password, &hash))
        .await
        .map_err(ApiError::internal)?;
    if !right {
        st.db.add_failure(&key, now).await?;
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "wrong-password",
            "The password is wrong.",
        )
        .field("password"));
    }
    Ok(t)
}

/// Delete the signed-in teacher's account and everything under it: her classes with their
/// pupils, homework and attempts, her own lessons, her sessions. Her password is asked again.
#[utoipa::path(delete, path = "/api/v1/me", operation_id = "deleteAccount", request_body = Confirm,
    responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn delete_account(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    crate::api::Body(b): crate::api::Body<Confirm>,
) -> ApiResult<Response> {
    let t = confirm(&st, &me, b.password).await?;
    st.db.delete_teacher(&t.id, &t.login).await?;
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, clear_cookie())]).into_response())
}

/// Change the signed-in teacher's password: every other session of hers ends (this one goes on
/// with a new cookie).
#[utoipa::path(post, path = "/api/v1/me/password", operation_id = "changePassword", request_body = NewPassword,
    responses((status = 204), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn change_password(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    headers: HeaderMap,
    crate::api::Body(b): crate::api::Body<NewPassword>,
) -> ApiResult<Response> {
    if b.new_password.chars().count() < 8 {
        return Err(ApiError::invalid("newPassword", "The password needs at least 8 characters."));
    }
    if b.new_password.len() > 1000 {
        return Err(ApiError::invalid("newPassword", "The password is longer than 1000 bytes."));
    }
    let t = confirm(&st, &me, b.password).await?;
    let new = b.new_password;
    let hash = tokio::task::spawn_blocking(move || hash_password(&new))
        .await
        .map_err(ApiError::internal)??;
    st.db.set_teacher_password(&t.id, &t.login, &hash).await?;
    let cookie = start_session(&st, &headers, "teacher", &t.id).await?;
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, cookie)]).into_response())
}
