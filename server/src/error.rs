//! The API's errors: `{error, message, field?}` with the HTTP status (and `problems` for a lesson
//! the checker refuses; `Retry-After` for a lock or a rate limit).

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// A place in a lesson file and what is wrong there (the checker's finding).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Problem {
    /// `line:col /json/pointer`.
    pub place: String,
    /// In English.
    pub message: String,
    /// The checker's message id (the word catalogue's key, `www/i18n/<lang>/messages-*.js`), so
    /// that the app says it in the teacher's language.
    pub id: String,
    /// The message's arguments, by name.
    #[schema(value_type = Object)]
    pub args: serde_json::Value,
}

/// An error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// A stable code: `not-found`, `signed-out`, `forbidden`, `origin`, `invalid`, `login-taken`,
    /// `wrong-password`, `wrong-pictures`, `locked`, `too-many`, `quota`, `too-large`, `lesson`,
    /// `conflict`, `internal`.
    pub error: &'static str,
    /// An English sentence.
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problems: Option<Vec<Problem>>,
    /// Seconds to wait (429 and 423: as `Retry-After` says), for the page to say it in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
}

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub body: ErrorBody,
    /// Seconds, for 423 and 429.
    pub retry_after: Option<u64>,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(status: StatusCode, error: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: ErrorBody {
                error,
                message: message.into(),
                field: None,
                problems: None,
                retry_after: None,
            },
            retry_after: None,
        }
    }
    pub fn field(mut self, field: &'static str) -> ApiError {
        self.body.field = Some(field);
        self
    }
    pub fn not_found(what: &str) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not-found", format!("No such {what}."))
    }
    pub fn invalid(field: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", message).field(field)
    }
    pub fn internal(detail: impl std::fmt::Display) -> ApiError {
        // The detail goes to the log (it never holds a password or a token), not to the client.
        eprintln!("internal error: {detail}");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "The server could not do that; try again.",
        )
    }
    pub fn retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds.max(1));
        self.body.retry_after = self.retry_after;
        self
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> ApiError {
        ApiError::internal(format!("database: {e}"))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut r = (self.status, axum::Json(self.body)).into_response();
        if let Some(s) = self.retry_after {
            r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(s));
        }
        r
    }
}
