//! Pupils: added to a class with their picture passwords, listed, unlocked, removed; the class's
//! roster by its code and the pupil's sign-in with her pictures.

use super::*;
use crate::auth::{start_session, Peer, Teacher};
use crate::db::{ClassKey, PupilRow};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::signin::{self, Device};
use crate::util::now_ms;
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;

/// The twelve pictures of a pupil's picture password (she picks three, in order).
pub const PICTURES: [&str; 12] =
    ["cat", "dog", "fish", "bird", "sun", "moon", "star", "tree", "flower", "apple", "car", "ball"];
// Wrong pictures: crate::signin (they slow the device they come from, never the pupil for all).

fn random_pictures() -> Vec<String> {
    use argon2::password_hash::rand_core::{OsRng, RngCore};
    let mut left: Vec<&str> = PICTURES.to_vec();
    (0..3).map(|_| left.remove(OsRng.next_u32() as usize % left.len()).to_string()).collect()
}

#[derive(Serialize, ToSchema)]
pub struct PupilCard {
    pub id: String,
    pub name: String,
    /// Three picture names, in order.
    pub pictures: Vec<String>,
    /// Someone is guessing her pictures (at least 5 wrong tries in 15 minutes): a device with
    /// 5 of them waits, and with 30 from everywhere every device where she never signed in.
    pub locked: bool,
    /// Wrong pictures for her in the last 15 minutes, from every device.
    #[serde(rename = "wrongTries")]
    pub wrong_tries: i64,
}

#[derive(Serialize, ToSchema)]
pub struct PupilCards {
    pub pupils: Vec<PupilCard>,
}

#[derive(Deserialize, ToSchema)]
pub struct NewPupils {
    /// The pupils' names (at most 200), as the teacher typed them.
    pub names: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub struct NewPupil {
    pub id: String,
    pub name: String,
    pub pictures: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub struct NewPupilList {
    pub pupils: Vec<NewPupil>,
}

#[derive(Serialize, ToSchema)]
pub struct RosterPupil {
    pub id: String,
    pub name: String,
}

#[derive(Serialize, ToSchema)]
pub struct Roster {
    pub name: String,
    pub pupils: Vec<RosterPupil>,
}

#[derive(Deserialize, ToSchema)]
pub struct PupilSignIn {
    /// The class code (case does not matter).
    pub code: String,
    /// The pupil's id.
    pub pupil: String,
    /// Three picture names, in order.
    pub pictures: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub struct PupilView {
    pub id: String,
    pub name: String,
    pub class: ClassRef,
}

async fn my_pupil(st: &AppState, me: &str, id: &str) -> ApiResult<PupilRow> {
    st.db.pupil_of(me, id).await?.ok_or_else(|| ApiError::not_found("pupil"))
}

fn card(p: PupilRow, now: i64, wrong: &HashMap<String, i64>, most: i64) -> PupilCard {
    let wrong_tries = wrong.get(&p.id).copied().unwrap_or(0);
    PupilCard {
        locked: p.locked_until > now || wrong_tries >= most,
        wrong_tries,
        id: p.id,
        name: p.name,
        pictures: p.pictures,
    }
}

#[utoipa::path(get, path = "/api/v1/classes/{class}/pupils", operation_id = "classPupils", params(("class" = String, Path)), responses((status = 200, body = PupilCards), (status = 404, body = ErrorBody)))]
pub async fn class_pupils(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(class): Path<String>,
) -> ApiResult<Json<PupilCards>> {
    let c = my_class(&st, &me, &class).await?;
    let now = now_ms();
    let wrong: HashMap<String, i64> = signin::wrong_tries(&st, &c.id).await?.into_iter().collect();
    let most = st.config.limits.device_tries;
    Ok(Json(PupilCards {
        pupils: st
            .db
            .pupils(&c.id)
            .await?
            .into_iter()
            .map(|p| card(p, now, &wrong, most))
            .collect(),
    }))
}

#[utoipa::path(post, path = "/api/v1/classes/{class}/pupils", operation_id = "addPupils", params(("class" = String, Path)), request_body = NewPupils,
    responses((status = 201, body = NewPupilList), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn add_pupils(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(class): Path<String>,
    Body(b): Body<NewPupils>,
) -> ApiResult<(StatusCode, Json<NewPupilList>)> {
    let c = my_class(&st, &me, &class).await?;
    let names: Vec<&String> = b.names.iter().filter(|n| !n.trim().is_empty()).collect();
    if names.is_empty() || names.len() > 200 {
        return Err(ApiError::invalid("names", "Give 1 to 200 names, one per pupil."));
    }
    let mut rows = Vec::new();
    for n in names {
        rows.push((text_field("names", n, 100)?, random_pictures()));
    }
    let have = st.db.pupils(&c.id).await?;
    let new: Vec<String> = rows.iter().map(|(n, _)| n.clone()).collect();
    crate::roster::refuse_repeats(have.iter().map(|p| p.name.as_str()), &new)?;
    let added = st.db.add_pupils(&c.id, &rows).await?;
    Ok((
        StatusCode::CREATED,
        Json(NewPupilList {
            pupils: added
                .into_iter()
                .map(|p| NewPupil { id: p.id, name: p.name, pictures: p.pictures })
                .collect(),
        }),
    ))
}

#[utoipa::path(post, path = "/api/v1/pupils/{pupil}/reset-pictures", operation_id = "resetPictures", params(("pupil" = String, Path)), responses((status = 200, body = NewPupil), (status = 404, body = ErrorBody)))]
pub async fn reset_pictures(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(pupil): Path<String>,
) -> ApiResult<Json<NewPupil>> {
    let p = my_pupil(&st, &me, &pupil).await?;
    let pictures = random_pictures();
    st.db.set_pictures(&p.id, &pictures).await?;
    Ok(Json(NewPupil { id: p.id, name: p.name, pictures }))
}

#[utoipa::path(post, path = "/api/v1/pupils/{pupil}/unlock", operation_id = "unlockPupil", params(("pupil" = String, Path)), responses((status = 204), (status = 404, body = ErrorBody)))]
pub async fn unlock_pupil(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(pupil): Path<String>,
) -> ApiResult<StatusCode> {
    let p = my_pupil(&st, &me, &pupil).await?;
    st.db.unlock(&p.id).await?;
    signin::unlock_pupil(&st, &p.id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(delete, path = "/api/v1/pupils/{pupil}", operation_id = "removePupil", params(("pupil" = String, Path)), responses((status = 204), (status = 404, body = ErrorBody)))]
pub async fn remove_pupil(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(pupil): Path<String>,
) -> ApiResult<StatusCode> {
    let p = my_pupil(&st, &me, &pupil).await?;
    st.db.delete_pupil(&p.id).await?;
    Ok(StatusCode::NO_CONTENT)
}

fn normal_code(code: &str) -> String {
    crate::roster::normal_code(code)
}

#[utoipa::path(get, path = "/api/v1/roster/{code}", operation_id = "classRoster", params(("code" = String, Path)), responses((status = 200, body = Roster), (status = 404, body = ErrorBody), (status = 429, body = ErrorBody, description = "20 unknown class codes from the address in 15 minutes; Retry-After")))]
pub async fn class_roster(
    State(st): State<AppState>,
    Peer(peer): Peer,
    headers: HeaderMap,
    Path(code): Path<String>,
) -> ApiResult<Json<Roster>> {
    let Some(c) = st.db.class_by(ClassKey::Code(&normal_code(&code))).await? else {
        return Err(signin::code_missed(&st, &headers, peer).await?);
    };
    signin::code_found(&st, &headers, peer).await?;
    let pupils = st
        .db
        .pupils(&c.id)
        .await?
        .into_iter()
        .map(|p| RosterPupil { id: p.id, name: p.name })
        .collect();
    Ok(Json(Roster { name: c.name, pupils }))
}

#[utoipa::path(post, path = "/api/v1/sessions/pupil", operation_id = "pupilSignIn", request_body = PupilSignIn,
    responses((status = 200, body = PupilView), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody), (status = 429, body = ErrorBody, description = "5 wrong tries from this device (or address), or 30 from anywhere for a device where the pupil never signed in, in 15 minutes (until the teacher unlocks); too many unknown class codes from the address; Retry-After and `retry_after`")))]
pub async fn pupil_sign_in(
    State(st): State<AppState>,
    Peer(peer): Peer,
    headers: HeaderMap,
    Body(b): Body<PupilSignIn>,
) -> ApiResult<Response> {
    let Some(c) = st.db.class_by(ClassKey::Code(&normal_code(&b.code))).await? else {
        return Err(signin::code_missed(&st, &headers, peer).await?);
    };
    signin::code_found(&st, &headers, peer).await?;
    let p = st
        .db
        .pupil(&b.pupil)
        .await?
        .filter(|p| p.class == c.id)
        .ok_or_else(|| ApiError::not_found("pupil").field("pupil"))?;
    let device = Device::of(&st, &headers, peer);
    let taken = signin::pupil_try(&st, &device, &p.id).await?;
    if b.pictures != p.pictures {
        let mut e = ApiError::new(
            StatusCode::UNAUTHORIZED,
            "wrong-pictures",
            "These are not the pupil's pictures.",
        )
        .field("pictures")
        .into_response();
        with_device(&mut e, &device, &headers);
        return Ok(e);
    }
    signin::pupil_right(&st, &device, &p.id, taken).await?;
    let cookie = start_session(&st, &headers, "pupil", &p.id).await?;
    let mut res = (
        [(header::SET_COOKIE, cookie)],
        Json(PupilView { id: p.id, name: p.name, class: (&c).into() }),
    )
        .into_response();
    with_device(&mut res, &device, &headers);
    Ok(res)
}

/// This resource's routes (merged in [`super::routes`]).
pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/classes/{class}/pupils", get(class_pupils).post(add_pupils))
        .route("/pupils/{pupil}", delete(remove_pupil))
        .route("/pupils/{pupil}/reset-pictures", post(reset_pictures))
        .route("/pupils/{pupil}/unlock", post(unlock_pupil))
        .route("/roster/{code}", get(class_roster))
        .route("/sessions/pupil", post(pupil_sign_in))
}
