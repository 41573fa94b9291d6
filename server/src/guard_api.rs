//! The teacher's side of the limits: what her class uses and when a limit held it back
//! (`classLimits`), and unlocking every pupil of a class at once (`unlockClass`).

use crate::api::my_class;
use crate::auth::Teacher;
use crate::error::{ApiResult, ErrorBody};
use crate::util::iso;
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct Guessed {
    pub pupil: String,
    pub name: String,
    /// Wrong pictures in the last 15 minutes, from every device.
    #[serde(rename = "wrongTries")]
    pub wrong_tries: i64,
}

#[derive(Serialize, ToSchema)]
pub struct ClassLimits {
    /// What the class's attempts take on the server, in characters.
    pub used: i64,
    /// The most they may take: at it, new attempts wait (429 `quota`).
    pub quota: i64,
    /// The quota is reached.
    pub full: bool,
    /// When the quota last refused an attempt (ISO 8601 UTC), or null.
    #[serde(rename = "fullAt")]
    pub full_at: Option<String>,
    /// When the class's attempts last came too fast and were asked to wait, or null.
    #[serde(rename = "slowedAt")]
    pub slowed_at: Option<String>,
    /// Pupils with 5 wrong pictures or more in the last 15 minutes (being guessed), the most first.
    pub guessed: Vec<Guessed>,
}

fn when(at: i64) -> Option<String> {
    (at > 0).then(|| iso(at))
}

#[utoipa::path(get, path = "/api/v1/classes/{class}/limits", operation_id = "classLimits", params(("class" = String, Path)),
    responses((status = 200, body = ClassLimits), (status = 404, body = ErrorBody)))]
pub async fn class_limits(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(class): Path<String>,
) -> ApiResult<Json<ClassLimits>> {
    let c = my_class(&st, &me, &class).await?;
    let (used, slowed_at, full_at) = st.db.class_usage(&c.id).await?;
    let quota = st.config.limits.class_bytes;
    let used = if used >= quota { st.db.class_bytes(&c.id, true).await? } else { used };
    let names: std::collections::HashMap<String, String> =
        st.db.pupils(&c.id).await?.into_iter().map(|p| (p.id, p.name)).collect();
    let mut guessed: Vec<Guessed> = crate::signin::wrong_tries(&st, &c.id)
        .await?
        .into_iter()
        .filter(|(_, n)| *n >= st.config.limits.device_tries)
        .filter_map(|(pupil, n)| {
            Some(Guessed { name: names.get(&pupil)?.clone(), pupil, wrong_tries: n })
        })
        .collect();
    guessed.sort_by(|a, b| b.wrong_tries.cmp(&a.wrong_tries).then(a.name.cmp(&b.name)));
    Ok(Json(ClassLimits {
        used,
        quota,
        full: used >= quota,
        full_at: when(full_at),
        slowed_at: when(slowed_at),
        guessed,
    }))
}

#[utoipa::path(post, path = "/api/v1/classes/{class}/unlock", operation_id = "unlockClass", params(("class" = String, Path)),
    responses((status = 204, description = "Every pupil's wrong pictures are forgotten: every device may try again"), (status = 404, body = ErrorBody)))]
pub async fn unlock_class(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(class): Path<String>,
) -> ApiResult<StatusCode> {
    let c = my_class(&st, &me, &class).await?;
    for p in st.db.pupils(&c.id).await? {
        st.db.unlock(&p.id).await?;
        crate::signin::unlock_pupil(&st, &p.id).await?;
    }
    Ok(StatusCode::NO_CONTENT)
}
