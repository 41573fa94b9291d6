//! Who is asking: the session cookie (a random token; the database keeps its SHA-256), the
//! teacher's password (argon2id), the check of a changing request's `Origin`, the client's
//! address for the rate limit.

use crate::error::ApiError;
use crate::util::{new_token, now_ms, sha256_hex};
use crate::AppState;
use argon2::password_hash::{
    rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString,
};
use argon2::Argon2;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::{header, request::Parts, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

pub const COOKIE: &str = "ct_session";
/// A teacher's session lasts 30 days; a pupil's 180 (a class tablet stays signed in).
pub const TEACHER_DAYS: i64 = 30;
pub const PUPIL_DAYS: i64 = 180;

/// argon2id with the crate's default parameters (19 MiB, 2 passes).
pub fn hash_password(password: &str) -> Result<String, ApiError> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| ApiError::internal(format!("argon2: {e}")))
}

pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash)
        .is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
}

/// The value of the cookie NAME in the request's cookie headers.
pub(crate) fn cookie_value(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
}

/// The session's token from the cookie header.
fn token(headers: &HeaderMap) -> Option<String> {
    cookie_value(headers, COOKIE).filter(|v| !v.is_empty())
}

/// Whether the request came over HTTPS (`X-Forwarded-Proto: https` from the reverse proxy).
fn https(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("https"))
}

/// Start a session: its row, and the `Set-Cookie` header.
pub async fn start_session(
    state: &AppState,
    headers: &HeaderMap,
    role: &str,
    subject: &str,
) -> Result<HeaderValue, ApiError> {
    let token = new_token();
    let days = if role == "teacher" { TEACHER_DAYS } else { PUPIL_DAYS };
    state
        .db
        .create_session(&sha256_hex(&token), role, subject, now_ms() + days * 86_400_000)
        .await?;
    let secure = if https(headers) { "; Secure" } else { "" };
    let cookie = format!(
        "{COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={}{secure}",
        days * 86_400
    );
    HeaderValue::from_str(&cookie).map_err(ApiError::internal)
}

/// The cookie that ends a session in the browser.
pub fn clear_cookie() -> HeaderValue {
    HeaderValue::from_static("ct_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0")
}

/// End the session of this request (if any).
pub async fn end_session(state: &AppState, headers: &HeaderMap) -> Result<(), ApiError> {
    if let Some(t) = token(headers) {
        state.db.delete_session(&sha256_hex(&t)).await?;
    }
    Ok(())
}

/// A signed-in user: a teacher or a pupil.
#[derive(Clone, Debug)]
pub enum Who {
    Teacher(String),
    Pupil(String),
}

impl FromRequestParts<AppState> for Who {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Who, ApiError> {
        let signed_out = || ApiError::new(StatusCode::UNAUTHORIZED, "signed-out", "Sign in first.");
        let token = token(&parts.headers).ok_or_else(signed_out)?;
        match state.db.session(&sha256_hex(&token)).await?.ok_or_else(signed_out)? {
            (role, id) if role == "teacher" => Ok(Who::Teacher(id)),
            (_, id) => Ok(Who::Pupil(id)),
        }
    }
}

/// A signed-in teacher (her id); a pupil gets 403.
pub struct Teacher(pub String);

impl FromRequestParts<AppState> for Teacher {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Teacher, ApiError> {
        match Who::from_request_parts(parts, state).await? {
            Who::Teacher(id) => Ok(Teacher(id)),
            Who::Pupil(_) => {
                Err(ApiError::new(StatusCode::FORBIDDEN, "forbidden", "This is for teachers."))
            }
        }
    }
}

/// A signed-in pupil (her id); a teacher gets 403.
pub struct Pupil(pub String);

impl FromRequestParts<AppState> for Pupil {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Pupil, ApiError> {
        match Who::from_request_parts(parts, state).await? {
            Who::Pupil(id) => Ok(Pupil(id)),
            Who::Teacher(_) => {
                Err(ApiError::new(StatusCode::FORBIDDEN, "forbidden", "This is for pupils."))
            }
        }
    }
}

/// The host part of an origin or Host header (`school.example:8080`), lower-case.
fn host_of(origin: &str) -> &str {
    origin.split_once("://").map_or(origin, |(_, rest)| rest).trim_end_matches('/')
}

/// Middleware: a request that changes something (POST, PUT, PATCH, DELETE) with an `Origin` that
/// is not this server's (its `Host`, or `--origin`) is refused with 403.
pub async fn same_origin(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let changes = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if changes {
        if let Some(origin) = req.headers().get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or("null").to_ascii_lowercase();
            let host = req
                .headers()
                .get(header::HOST)
                .and_then(|h| h.to_str().ok())
                .unwrap_or("")
                .to_ascii_lowercase();
            let own = origin.starts_with("http") && !host.is_empty() && host_of(&origin) == host;
            let listed = state
                .config
                .origins
                .iter()
                .any(|o| o.trim_end_matches('/').eq_ignore_ascii_case(&origin));
            if !own && !listed {
                return ApiError::new(
                    StatusCode::FORBIDDEN,
                    "origin",
                    "A request from another site was refused.",
                )
                .into_response();
            }
        }
    }
    next.run(req).await
}

/// The client's address: the connection's, or (with `--behind-proxy`) the last address of
/// `X-Forwarded-For`, which the proxy adds.
pub fn client_address(
    state: &AppState,
    parts_headers: &HeaderMap,
    peer: Option<std::net::SocketAddr>,
) -> String {
    if state.config.behind_proxy {
        if let Some(last) = parts_headers
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
        {
            return last.trim().to_string();
        }
    }
    peer.map_or_else(|| "unknown".into(), |p| p.ip().to_string())
}

/// The connection's address, when the server runs on a listener (not in a test's `oneshot`).
pub struct Peer(pub Option<std::net::SocketAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Peer, Self::Rejection> {
        Ok(Peer(
            parts.extensions.get::<axum::extract::ConnectInfo<std::net::SocketAddr>>().map(|c| c.0),
        ))
    }
}
