//! The server's health: whether the database takes writes, the version, who may sign up.

use crate::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct Health {
    /// false when the database refuses writes (then the answer is 503).
    pub ok: bool,
    pub version: String,
    /// Who may make a teacher's account: `open`, `invite` (with a code) or `closed`.
    pub signup: crate::account::SignUpMode,
    /// Why the database refuses writes, when it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

#[utoipa::path(get, path = "/api/v1/health", operation_id = "health", responses((status = 200, body = Health), (status = 503, body = Health)))]
pub async fn health(State(st): State<AppState>) -> Response {
    let problem = st.writes.check(&st.db).await.err();
    let status = if problem.is_some() {
        eprintln!("health: the database refuses writes: {}", problem.as_deref().unwrap_or(""));
        StatusCode::SERVICE_UNAVAILABLE
    } else {
        StatusCode::OK
    };
    let body = Health {
        ok: problem.is_none(),
        version: env!("CARGO_PKG_VERSION").into(),
        signup: st.config.signup,
        problem: problem.map(|_| "The database refuses writes: see the server's log.".into()),
    };
    (status, Json(body)).into_response()
}

/// This resource's routes (merged in [`super::routes`]).
pub(super) fn routes() -> Router<AppState> {
    Router::new().route("/health", get(health))
}
