//! The JSON API under `/api/v1/`: thin handlers over the store ([`crate::db::Db`]), each checking
//! who asks and what is hers. Its OpenAPI document is made from these types and annotations
//! ([`ApiDoc`], served at `/api/v1/openapi.json`).
//!
//! One module per resource, each with its types, its handlers and its routes; [`routes`] merges
//! them. Shared here: the JSON body extractor ([`Body`]), text fields, `Created`, running
//! blocking work, the OpenAPI document.

mod assignments;
mod attempts;
mod classes;
mod health;
mod lessons;
mod pupils;
mod results;
mod sessions;
mod teachers;

pub use assignments::*;
pub use attempts::*;
pub use classes::*;
pub use health::*;
pub use lessons::*;
pub use pupils::*;
pub use results::*;
pub use sessions::*;
pub use teachers::*;

use crate::error::{ApiError, ApiResult, Problem};
use crate::limits;
use crate::AppState;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

/// Largest request body.
pub const BODY_LIMIT: usize = 256 * 1024;

/// A JSON body whose rejection is an [`ApiError`] (413 when over [`BODY_LIMIT`]).
pub struct Body<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let (parts, body) = req.into_parts();
        let bytes =
            match axum::body::Bytes::from_request(Request::from_parts(parts.clone(), body), state)
                .await
            {
                Ok(b) => b,
                Err(r) if r.status() == StatusCode::PAYLOAD_TOO_LARGE => return Err(too_large()),
                Err(r) => {
                    return Err(ApiError::new(StatusCode::BAD_REQUEST, "invalid", r.body_text()))
                }
            };
        limits::refuse_nul(&bytes)?;
        let req = Request::from_parts(parts, axum::body::Body::from(bytes));
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(r) if r.status() == StatusCode::PAYLOAD_TOO_LARGE => Err(too_large()),
            Err(r) => {
                Err(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", r.body_text()))
            }
        }
    }
}

fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "too-large",
        format!("The request is larger than {} KiB.", BODY_LIMIT / 1024),
    )
}

fn text_field(field: &'static str, value: &str, max: usize) -> ApiResult<String> {
    let v: String = value.trim().chars().filter(|c| !c.is_control()).collect();
    if v.is_empty() {
        return Err(ApiError::invalid(field, format!("The {field} is empty.")));
    }
    if v.chars().count() > max {
        return Err(ApiError::invalid(
            field,
            format!("The {field} is longer than {max} characters."),
        ));
    }
    Ok(v)
}

#[derive(Serialize, ToSchema)]
pub struct Created {
    pub id: String,
}

/// argon2 off the async threads.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> ApiResult<T> {
    tokio::task::spawn_blocking(f).await.map_err(ApiError::internal)
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "chess-tutor class server",
        description = "Teachers, classes, pupils, homework and the attempts the server judges. Session: the HttpOnly cookie ct_session. Errors: {error, message, field?}."
    ),
    paths(
        health,
        me,
        teacher_sign_up,
        teacher_sign_in,
        sign_out,
        create_class,
        list_classes,
        class_pupils,
        add_pupils,
        reset_pictures,
        unlock_pupil,
        remove_pupil,
        remove_class,
        class_roster,
        pupil_sign_in,
        upload_lesson,
        get_lesson,
        create_assignment,
        crate::practice::class_skills,
        list_assignments,
        homework,
        submit_attempt,
        class_results,
        list_attempts,
        attempt,
        export_results,
        crate::account::delete_account,
        crate::account::change_password,
        crate::guard_api::class_limits,
        crate::guard_api::unlock_class
    ),
    components(schemas(Problem))
)]
pub struct ApiDoc;

pub async fn openapi() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}

pub async fn no_route() -> ApiError {
    ApiError::not_found("route")
}

/// Every route of the API, resource by resource.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/openapi.json", axum::routing::get(openapi))
        .merge(health::routes())
        .merge(sessions::routes())
        .merge(teachers::routes())
        .merge(classes::routes())
        .merge(pupils::routes())
        .merge(lessons::routes())
        .merge(assignments::routes())
        .merge(attempts::routes())
        .merge(results::routes())
}
