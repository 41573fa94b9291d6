//! The JSON API under `/api/v1/`: thin handlers over the store ([`crate::db::Db`]), each checking
//! who asks and what is hers. Its OpenAPI document is made from these types and annotations
//! ([`ApiDoc`], served at `/api/v1/openapi.json`).

use crate::auth::{
    clear_cookie, end_session, hash_password, start_session, verify_password, Peer, Pupil, Teacher,
    Who,
};
use crate::db::{AttemptRow, ClassRow, PupilRow, ResultRow};
use crate::error::{ApiError, ApiResult, ErrorBody, Problem};
use crate::limits;
use crate::signin::{self, Device};
use crate::util::{is_date, is_uuid, iso, now_ms};
use crate::AppState;
use axum::extract::{FromRequest, Path, Query, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use chess_tutor::lesson::judge::Verdict;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use utoipa::{OpenApi, ToSchema};

/// The twelve pictures of a pupil's picture password (she picks three, in order).
pub const PICTURES: [&str; 12] =
    ["cat", "dog", "fish", "bird", "sun", "moon", "star", "tree", "flower", "apple", "car", "ball"];
// Wrong pictures: crate::signin (they slow the device they come from, never the pupil for all).
/// Wrong teacher passwords in 15 minutes: per login, and per address (higher: a school's NAT).
pub const LOGIN_TRIES: i64 = 10;
pub const ADDRESS_TRIES: i64 = 50;
pub const TRY_WINDOW_MS: i64 = 15 * 60 * 1000;
/// Largest request body.
pub const BODY_LIMIT: usize = 256 * 1024;

// ---------------------------------------------------------------- the JSON body

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

fn random_pictures() -> Vec<String> {
    use argon2::password_hash::rand_core::{OsRng, RngCore};
    let mut left: Vec<&str> = PICTURES.to_vec();
    (0..3).map(|_| left.remove(OsRng.next_u32() as usize % left.len()).to_string()).collect()
}

// ---------------------------------------------------------------- types

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

#[derive(Serialize, ToSchema)]
pub struct Created {
    pub id: String,
}

#[derive(Deserialize, ToSchema)]
pub struct NewAssignment {
    /// Lesson ids: of the course, or the teacher's own.
    #[serde(default)]
    pub lessons: Vec<String>,
    /// Skills to practise until mastered (ids of lessons/skills.json), at most 40.
    #[serde(default)]
    pub practice: Vec<String>,
    /// `YYYY-MM-DD`.
    pub due: Option<String>,
    /// The pass mark in stars, 1 to 3.
    pub pass: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct Assignment {
    pub id: String,
    pub lessons: Vec<String>,
    pub due: Option<String>,
    pub pass: Option<i64>,
    /// ISO 8601 UTC.
    pub created: String,
    /// Skills to practise until mastered.
    pub practice: Vec<String>,
    /// Each pupil's progress on `practice` (empty when it is empty).
    pub progress: Vec<crate::practice_homework::PupilPractice>,
}

#[derive(Serialize, ToSchema)]
pub struct AssignmentList {
    pub assignments: Vec<Assignment>,
    /// The title (`{en, ru}`) of each lesson given: the course's and the teacher's own.
    #[schema(value_type = Object)]
    pub titles: BTreeMap<String, serde_json::Value>,
}

#[derive(Serialize, ToSchema)]
pub struct HomeworkLesson {
    pub id: String,
    /// `{en, ru}` (or one text), as in the lesson.
    #[schema(value_type = Object)]
    pub title: serde_json::Value,
    /// The teacher's own lesson (fetch it with `getLesson`), not the course's.
    pub own: bool,
    /// Best stars so far, or null before any attempt.
    pub best: Option<i64>,
    pub solved: bool,
}

#[derive(Serialize, ToSchema)]
pub struct HomeworkAssignment {
    pub id: String,
    /// Skills to practise until mastered: the pupil sees them first.
    pub practice: Vec<crate::practice_homework::HomeworkSkill>,
    pub lessons: Vec<HomeworkLesson>,
    pub due: Option<String>,
    pub pass: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct Homework {
    pub assignments: Vec<HomeworkAssignment>,
}

#[derive(Deserialize, ToSchema)]
pub struct NewAttempt {
    /// A UUID the client chose: a resend of it is stored once.
    pub id: String,
    pub lesson: String,
    /// UCI: the child's moves and the replies, in order (a quiz's clicks: squares).
    pub moves: Vec<String>,
    /// Choice indexes of a question, in order.
    #[serde(default)]
    pub answers: Vec<usize>,
    #[serde(default)]
    pub hints: u32,
    /// After how many entries of `moves` each hint was asked (0: before the first move), in order.
    #[serde(default, rename = "hintsAt")]
    pub hints_at: Vec<u32>,
    #[serde(default)]
    pub ms: u64,
    /// How the try ended: `solved`, `again` ("Again" pressed) or `left`; the server judges its
    /// kind from it (none: `left` unless solved).
    #[serde(default)]
    pub end: Option<crate::tries::End>,
    /// Ignored: the server judges.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub stars: Option<serde_json::Value>,
    /// Ignored: the server judges.
    #[serde(default)]
    #[schema(value_type = Option<bool>)]
    pub solved: Option<serde_json::Value>,
}

#[derive(Serialize, ToSchema)]
pub struct Judged {
    pub stars: i64,
    pub solved: bool,
}

#[derive(Serialize, ToSchema)]
pub struct LessonResult {
    /// Best stars.
    pub stars: i64,
    pub attempts: i64,
    pub solved: bool,
    /// Hints in all attempts.
    pub hints: i64,
    /// Time in all attempts, in milliseconds.
    pub ms: i64,
    /// The last attempt, ISO 8601 UTC.
    pub last: String,
    /// The tries by how they ended, and "needs help".
    #[serde(flatten)]
    pub tries: crate::tries::TryCounts,
    #[serde(skip)]
    pub last_ms: i64,
}

#[derive(Serialize, ToSchema)]
pub struct PupilResults {
    pub id: String,
    pub name: String,
    pub lessons: BTreeMap<String, LessonResult>,
}

#[derive(Serialize, ToSchema)]
pub struct ClassResults {
    pub pupils: Vec<PupilResults>,
    /// The lessons assigned to the class, in order.
    pub lessons: Vec<String>,
    /// The title (`{en, ru}`) of each lesson of the grid: the course's and the teacher's own.
    #[schema(value_type = Object)]
    pub titles: BTreeMap<String, serde_json::Value>,
}

#[derive(Serialize, ToSchema)]
pub struct AttemptSummary {
    pub id: String,
    pub pupil: String,
    pub lesson: String,
    pub stars: i64,
    pub solved: bool,
    pub hints: i64,
    pub ms: i64,
    pub at: String,
    /// How the try ended: `solved`, `failed`, `restarted` or `left`.
    pub kind: String,
    /// The lesson said "try again" in it.
    pub failed: bool,
}

#[derive(Serialize, ToSchema)]
pub struct AttemptList {
    pub attempts: Vec<AttemptSummary>,
}

#[derive(Serialize, ToSchema)]
pub struct AttemptView {
    pub id: String,
    pub pupil: String,
    pub lesson: String,
    pub moves: Vec<String>,
    pub answers: Vec<usize>,
    pub hints: i64,
    pub ms: i64,
    pub stars: i64,
    pub solved: bool,
    pub at: String,
    /// What the judge made of each entry of `moves`: `good` (the child's move, right), `mistake`
    /// (the child's move the lesson took as wrong), `reply` (the lesson's answer), `takeback`
    /// (the losing move taken back), `refused` (illegal or not the lesson's: the judging stopped
    /// there), `unplayed` (after a refused one). Empty for attempts stored before verdicts.
    #[schema(value_type = Vec<String>, example = json!(["good", "reply", "mistake"]))]
    pub verdicts: Vec<Verdict>,
    /// After how many entries of `moves` each hint was asked, as the client sent it.
    #[serde(rename = "hintsAt")]
    pub hints_at: Vec<u32>,
    /// How the try ended: `solved`, `failed`, `restarted` or `left`.
    pub kind: String,
    /// The lesson said "try again" in it.
    pub failed: bool,
    /// What the child saw after each entry of `moves`: `{san?, feedback?, failure?}` (the move's
    /// short notation, the lesson's words `{en, ru}`, the failure's message `{id, args}`); empty
    /// for attempts stored before.
    #[schema(value_type = Vec<Object>)]
    pub notes: serde_json::Value,
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct AttemptFilter {
    pub pupil: Option<String>,
    pub lesson: Option<String>,
}

// ---------------------------------------------------------------- handlers

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

#[utoipa::path(get, path = "/api/v1/me", operation_id = "me", responses((status = 200, body = Me), (status = 401, body = ErrorBody)))]
pub async fn me(State(st): State<AppState>, who: Who) -> ApiResult<Json<Me>> {
    let gone = || ApiError::new(StatusCode::UNAUTHORIZED, "signed-out", "Sign in first.");
    match who {
        Who::Teacher(id) => {
            let t = st.db.teacher_by("id", &id).await?.ok_or_else(gone)?;
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
            let c = st.db.class_by("id", &p.class).await?.ok_or_else(gone)?;
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

/// argon2 off the async threads.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> ApiResult<T> {
    tokio::task::spawn_blocking(f).await.map_err(ApiError::internal)
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

/// A new device's cookie on an answer.
fn with_device(res: &mut Response, device: &Device, headers: &HeaderMap) {
    if let Some((k, v)) = device.set_cookie(headers) {
        res.headers_mut().append(k, v);
    }
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
    let teacher = st.db.teacher_by("login", &login).await?;
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

#[utoipa::path(post, path = "/api/v1/sessions/sign-out", operation_id = "signOut", responses((status = 204)))]
pub async fn sign_out(State(st): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    end_session(&st, &headers).await?;
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, clear_cookie())]).into_response())
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
    let Some(c) = st.db.class_by("code", &normal_code(&code)).await? else {
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
    let Some(c) = st.db.class_by("code", &normal_code(&b.code)).await? else {
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

#[utoipa::path(post, path = "/api/v1/lessons", operation_id = "uploadLesson", request_body(content = Object, description = "A lesson file's JSON (as in lessons/), `id` required"),
    responses((status = 201, body = Created), (status = 409, body = ErrorBody), (status = 413, body = ErrorBody), (status = 422, body = ErrorBody, description = "`{error: \"lesson\", message, problems: [{place, message}]}`")))]
pub async fn upload_lesson(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    body: Result<axum::body::Bytes, axum::extract::rejection::BytesRejection>,
) -> ApiResult<(StatusCode, Json<Created>)> {
    let body = match body {
        Ok(b) if b.len() <= BODY_LIMIT => b,
        Err(r) if r.status() != StatusCode::PAYLOAD_TOO_LARGE => {
            return Err(ApiError::new(StatusCode::BAD_REQUEST, "invalid", r.body_text()))
        }
        _ => return Err(too_large()),
    };
    let text = String::from_utf8(body.to_vec())
        .map_err(|_| ApiError::invalid("lesson", "The lesson is not UTF-8 text."))?;
    limits::refuse_nul(text.as_bytes())?;
    let lessons = st.lessons.clone();
    let checked = blocking(move || lessons.check(&text).map(|l| (l, text))).await?;
    let (lesson, text) = checked.map_err(|problems| {
        let first =
            problems.first().map_or_else(String::new, |p| format!("{}: {}", p.place, p.message));
        let mut e = ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "lesson",
            format!("The checker refuses this lesson: {first}"),
        );
        e.body.problems = Some(problems);
        e
    })?;
    limits::own_audio(&lesson)?;
    if st.lessons.lessons.contains_key(&lesson.id) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "conflict",
            format!(
                "\"{}\" is the id of a lesson of the course: give your lesson another id.",
                lesson.id
            ),
        )
        .field("id"));
    }
    st.db.put_lesson(&me, &lesson.id, &text).await?;
    Ok((StatusCode::CREATED, Json(Created { id: lesson.id })))
}

/// A lesson by id for a class of `teacher`: the course's, or her own (from the database). A
/// teacher's lesson never has a course lesson's id (`uploadLesson` refuses it), so the course is
/// asked first, without a query.
pub(crate) async fn find_lesson(
    st: &AppState,
    teacher: &str,
    id: &str,
) -> ApiResult<Option<(chess_tutor::lesson::Lesson, bool, String)>> {
    if let Some(c) = st.lessons.lessons.get(id) {
        return Ok(Some((c.lesson.clone(), false, String::new())));
    }
    // a practice exercise: made again from its id (crate::practice)
    if crate::practice::is_practice(id) {
        return Ok(crate::practice::exercise(id)
            .await?
            .map(|ex| (ex.lesson, false, String::new())));
    }
    let Some(text) = st.db.lesson(teacher, id).await? else {
        return Ok(None);
    };
    let lesson = chess_tutor::lesson::parse_lesson(&text)
        .ok_or_else(|| ApiError::internal(format!("stored lesson {id} does not parse")))?;
    Ok(Some((lesson, true, text)))
}

#[utoipa::path(get, path = "/api/v1/lessons/{id}", operation_id = "getLesson", params(("id" = String, Path)), responses((status = 200, description = "The lesson's JSON"), (status = 404, body = ErrorBody)))]
pub async fn get_lesson(
    State(st): State<AppState>,
    who: Who,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let (teacher, class) = match &who {
        Who::Teacher(t) => (t.clone(), None),
        Who::Pupil(p) => {
            let p = st.db.pupil(p).await?.ok_or_else(|| ApiError::not_found("lesson"))?;
            let c = st
                .db
                .class_by("id", &p.class)
                .await?
                .ok_or_else(|| ApiError::not_found("lesson"))?;
            (c.teacher, Some(c.id))
        }
    };
    let Some((lesson, own, text)) = find_lesson(&st, &teacher, &id).await? else {
        return Err(ApiError::not_found("lesson"));
    };
    if let (true, Some(class)) = (own, class) {
        let assigned = st.db.assignments(&class).await?.iter().any(|a| a.lessons.contains(&id));
        if !assigned {
            return Err(ApiError::not_found("lesson"));
        }
    }
    let text =
        if own { text } else { serde_json::to_string(&lesson).map_err(ApiError::internal)? };
    Ok(([(header::CONTENT_TYPE, "application/json")], text).into_response())
}

#[utoipa::path(post, path = "/api/v1/classes/{class}/assignments", operation_id = "createAssignment", params(("class" = String, Path)), request_body = NewAssignment,
    responses((status = 201, body = Created), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_assignment(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(class): Path<String>,
    Body(b): Body<NewAssignment>,
) -> ApiResult<(StatusCode, Json<Created>)> {
    let c = my_class(&st, &me, &class).await?;
    if (b.lessons.is_empty() && b.practice.is_empty())
        || b.lessons.len() > limits::MOST_ASSIGNED_LESSONS
    {
        return Err(ApiError::invalid(
            "lessons",
            "Give 1 to 500 lesson ids, or skills to practise.",
        ));
    }
    let practice = crate::practice_homework::check_skills(&b.practice)?;
    for id in &b.lessons {
        if find_lesson(&st, &me, id).await?.is_none() {
            return Err(ApiError::invalid("lessons", format!("There is no lesson \"{id}\".")));
        }
    }
    if let Some(due) = b.due.as_deref().filter(|d| !is_date(d)) {
        return Err(ApiError::invalid(
            "due",
            format!("The due date \"{due}\" is not a date YYYY-MM-DD."),
        ));
    }
    if b.pass.is_some_and(|p| !(1..=3).contains(&p)) {
        return Err(ApiError::invalid("pass", "The pass mark is 1, 2 or 3 stars."));
    }
    let mut lessons = b.lessons.clone();
    lessons.dedup();
    let id = st.db.create_assignment(&c.id, &lessons, b.due.as_deref(), b.pass, &practice).await?;
    Ok((StatusCode::CREATED, Json(Created { id })))
}

#[utoipa::path(get, path = "/api/v1/classes/{class}/assignments", operation_id = "listAssignments", params(("class" = String, Path)), responses((status = 200, body = AssignmentList), (status = 404, body = ErrorBody)))]
pub async fn list_assignments(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(class): Path<String>,
) -> ApiResult<Json<AssignmentList>> {
    let c = my_class(&st, &me, &class).await?;
    let rows = st.db.assignments(&c.id).await?;
    let titles = crate::tries::titles(
        &st,
        &c.teacher,
        rows.iter().flat_map(|a| a.lessons.clone()).collect(),
    )
    .await?;
    // each pupil's practice, replayed once, when some homework gives skills
    let (logs, pupils): (HashMap<_, _>, Vec<(String, String)>) =
        if rows.iter().any(|a| !a.practice.is_empty()) {
            let pupils = st.db.pupils(&c.id).await?.into_iter().map(|p| (p.id, p.name)).collect();
            (crate::practice::practised(&st, "class", &c.id).await?, pupils)
        } else {
            Default::default()
        };
    let now = now_ms();
    let assignments = rows
        .into_iter()
        .map(|a| Assignment {
            progress: crate::practice_homework::progress(&a.practice, &pupils, &logs, now),
            id: a.id,
            lessons: a.lessons,
            due: a.due,
            pass: a.pass,
            created: iso(a.created),
            practice: a.practice,
        })
        .collect();
    Ok(Json(AssignmentList { assignments, titles }))
}

#[utoipa::path(get, path = "/api/v1/homework", operation_id = "homework", responses((status = 200, body = Homework), (status = 401, body = ErrorBody)))]
pub async fn homework(State(st): State<AppState>, Pupil(me): Pupil) -> ApiResult<Json<Homework>> {
    let (_, c) = st.db.pupil_class(&me).await?.ok_or_else(|| ApiError::not_found("pupil"))?;
    let best: HashMap<String, ResultRow> =
        st.db.results("pupil", &me).await?.into_iter().map(|r| (r.lesson.clone(), r)).collect();
    let mut out = Vec::new();
    let rows = st.db.assignments(&c.id).await?;
    let practised = if rows.iter().any(|a| !a.practice.is_empty()) {
        crate::practice::practised(&st, "pupil", &me).await?.remove(&me)
    } else {
        None
    };
    for a in rows {
        let mut lessons = Vec::new();
        for id in &a.lessons {
            let Some((lesson, own, _)) = find_lesson(&st, &c.teacher, id).await? else {
                continue;
            };
            let r = best.get(id);
            lessons.push(HomeworkLesson {
                id: id.clone(),
                title: serde_json::to_value(&lesson.title).unwrap_or_default(),
                own,
                best: r.map(|r| r.stars),
                solved: r.is_some_and(|r| r.solved),
            });
        }
        out.push(HomeworkAssignment {
            practice: crate::practice_homework::homework_skills(
                &a.practice,
                practised.as_ref(),
                now_ms(),
            ),
            id: a.id,
            lessons,
            due: a.due,
            pass: a.pass,
        });
    }
    out.reverse(); // the newest first
    Ok(Json(Homework { assignments: out }))
}

#[utoipa::path(post, path = "/api/v1/attempts", operation_id = "submitAttempt", request_body = NewAttempt,
    responses((status = 201, body = Judged, description = "Stored and judged"), (status = 200, body = Judged, description = "A resend: the first result, nothing stored"),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody, description = "Moves or answers beyond what the lesson can need"),
        (status = 429, body = ErrorBody, description = "Too many attempts of the pupil or the class in 10 minutes (`too-many`), or the class's space is full (`quota`); Retry-After")))]
pub async fn submit_attempt(
    State(st): State<AppState>,
    Pupil(me): Pupil,
    Body(b): Body<NewAttempt>,
) -> ApiResult<(StatusCode, Json<Judged>)> {
    if !is_uuid(&b.id) {
        return Err(ApiError::invalid("id", "The attempt's id must be a UUID."));
    }
    let id = b.id.to_ascii_lowercase();
    if let Some(a) = st.db.attempt(&id).await? {
        return resent(a, &me);
    }
    if b.moves.len() > crate::limits::MOST_ENTRIES || b.answers.len() > 100 {
        return Err(ApiError::invalid("moves", "Too many moves or answers."));
    }
    let (_, c) = st.db.pupil_class(&me).await?.ok_or_else(|| ApiError::not_found("pupil"))?;
    let Some((lesson, _, _)) = find_lesson(&st, &c.teacher, &b.lesson).await? else {
        return Err(ApiError::invalid("lesson", format!("There is no lesson \"{}\".", b.lesson)));
    };
    // what the lesson can need, and what the pupil and her class may store now
    let bounded = limits::bound_attempt(&lesson, &b.moves, &b.answers, b.hints, &b.hints_at, b.ms)?;
    limits::admit_attempt(&st, &me, &c.id).await?;
    let lessons = st.lessons.clone();
    let (moves, answers, hinted) = (b.moves.clone(), b.answers.clone(), bounded.hints_at.clone());
    let rating = lesson.rating;
    // judged with the hints where the child asked them: a hint that showed the move costs a star,
    // as in the app (the stars of the whole sitting)
    let report = blocking(move || lessons.judge(lesson, &moves, &answers, &hinted)).await?;
    let j = report.judgement;
    let (kind, failed) = (crate::tries::kind(&report, b.end), crate::tries::failed(&report, b.end));
    // a practice attempt must be the exercise's: moves it refuses, or a claim of a success the
    // judge does not see, are forged (a wrong try of the child's own is stored as it is)
    if crate::practice::is_practice(&b.lesson) {
        let claims = b.solved.as_ref().and_then(serde_json::Value::as_bool) == Some(true);
        if report.verdicts.contains(&Verdict::Refused) || (claims && !j.solved) {
            return Err(ApiError::invalid(
                "moves",
                "These moves are not an attempt at this exercise.",
            ));
        }
        if let Some(r) = rating {
            crate::practice::keep_rating(&st, &b.lesson, r).await?;
        }
    }
    let row = AttemptRow {
        id: id.clone(),
        pupil: me.clone(),
        class: c.id,
        lesson: b.lesson,
        moves: b.moves,
        answers: b.answers,
        hints: bounded.hints,
        ms: bounded.ms,
        stars: i64::from(j.stars),
        solved: j.solved,
        at: now_ms(),
        verdicts: report.verdicts,
        hints_at: bounded.hints_at,
    };
    let stored = st.db.insert_attempt(&row).await?;
    if stored {
        crate::tries::store(&st.db, &id, kind, failed, &report.notes).await?;
    }
    if !stored {
        // sent twice at once: the first one stored answers
        let a = st.db.attempt(&id).await?.ok_or_else(|| ApiError::internal("attempt vanished"))?;
        return resent(a, &me);
    }
    limits::stored(&st, &row).await?;
    Ok((StatusCode::CREATED, Json(Judged { stars: row.stars, solved: row.solved })))
}

fn resent(a: AttemptRow, me: &str) -> ApiResult<(StatusCode, Json<Judged>)> {
    if a.pupil != me {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "conflict",
            "This attempt id is taken; choose another UUID.",
        )
        .field("id"));
    }
    Ok((StatusCode::OK, Json(Judged { stars: a.stars, solved: a.solved })))
}

/// The lessons assigned to a class, in order, each once.
async fn assigned(st: &AppState, class: &str) -> ApiResult<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    for a in st.db.assignments(class).await? {
        for l in a.lessons {
            if !out.contains(&l) {
                out.push(l);
            }
        }
    }
    Ok(out)
}

async fn results_of(st: &AppState, c: &ClassRow) -> ApiResult<ClassResults> {
    let pupils = st.db.pupils(&c.id).await?;
    let mut by_pupil: HashMap<String, BTreeMap<String, LessonResult>> = HashMap::new();
    let mut tries = crate::tries::counts(&st.db, &c.id).await?;
    for r in st.db.class_results(&c.id).await? {
        let mut counts = tries.remove(&(r.pupil.clone(), r.lesson.clone())).unwrap_or_default();
        counts.finish(r.solved);
        by_pupil.entry(r.pupil).or_default().insert(
            r.lesson,
            LessonResult {
                stars: r.stars,
                attempts: r.attempts,
                solved: r.solved,
                hints: r.hints,
                ms: r.ms,
                last: iso(r.last),
                tries: counts,
                last_ms: r.last,
            },
        );
    }
    let pupils: Vec<PupilResults> = pupils
        .into_iter()
        .map(|p| PupilResults {
            lessons: by_pupil.remove(&p.id).unwrap_or_default(),
            id: p.id,
            name: p.name,
        })
        .collect();
    let lessons = assigned(st, &c.id).await?;
    let tried: Vec<String> = pupils_lessons(&pupils);
    let titles =
        crate::tries::titles(st, &c.teacher, lessons.iter().chain(&tried).cloned().collect())
            .await?;
    Ok(ClassResults { pupils, lessons, titles })
}

/// Every lesson some pupil tried.
fn pupils_lessons(pupils: &[PupilResults]) -> Vec<String> {
    let mut out: Vec<String> = pupils.iter().flat_map(|p| p.lessons.keys().cloned()).collect();
    out.sort();
    out.dedup();
    out
}

#[utoipa::path(get, path = "/api/v1/classes/{class}/results", operation_id = "classResults", params(("class" = String, Path)), responses((status = 200, body = ClassResults), (status = 404, body = ErrorBody)))]
pub async fn class_results(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(class): Path<String>,
) -> ApiResult<Json<ClassResults>> {
    let c = my_class(&st, &me, &class).await?;
    Ok(Json(results_of(&st, &c).await?))
}

#[utoipa::path(get, path = "/api/v1/classes/{class}/attempts", operation_id = "listAttempts", params(("class" = String, Path), AttemptFilter), responses((status = 200, body = AttemptList), (status = 404, body = ErrorBody)))]
pub async fn list_attempts(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(class): Path<String>,
    Query(f): Query<AttemptFilter>,
) -> ApiResult<Json<AttemptList>> {
    let c = my_class(&st, &me, &class).await?;
    let rows = st
        .db
        .attempts(
            &c.id,
            f.pupil.as_deref().filter(|s| !s.is_empty()),
            f.lesson.as_deref().filter(|s| !s.is_empty()),
        )
        .await?;
    let kinds = crate::tries::kinds(
        &st.db,
        &c.id,
        f.pupil.as_deref().filter(|s| !s.is_empty()),
        f.lesson.as_deref().filter(|s| !s.is_empty()),
    )
    .await?;
    let attempts = rows
        .into_iter()
        .map(|a| AttemptSummary {
            kind: kinds
                .get(&a.id)
                .map_or(if a.solved { "solved" } else { "left" }, |k| &k.0)
                .to_string(),
            failed: kinds.get(&a.id).is_some_and(|k| k.1),
            id: a.id,
            pupil: a.pupil,
            lesson: a.lesson,
            stars: a.stars,
            solved: a.solved,
            hints: a.hints,
            ms: a.ms,
            at: iso(a.at),
        })
        .collect();
    Ok(Json(AttemptList { attempts }))
}

#[utoipa::path(get, path = "/api/v1/attempts/{id}", operation_id = "attempt", params(("id" = String, Path)), responses((status = 200, body = AttemptView), (status = 404, body = ErrorBody)))]
pub async fn attempt(
    State(st): State<AppState>,
    who: Who,
    Path(id): Path<String>,
) -> ApiResult<Json<AttemptView>> {
    let a = st
        .db
        .attempt(&id.to_ascii_lowercase())
        .await?
        .ok_or_else(|| ApiError::not_found("attempt"))?;
    let mine = match &who {
        Who::Pupil(p) => *p == a.pupil,
        Who::Teacher(t) => st.db.class_of(t, &a.class).await?.is_some(),
    };
    if !mine {
        return Err(ApiError::not_found("attempt"));
    }
    let t = crate::tries::one(&st.db, &a.id, a.solved).await?;
    Ok(Json(AttemptView {
        kind: t.kind,
        failed: t.failed,
        notes: if t.notes.is_array() { t.notes } else { serde_json::json!([]) },
        id: a.id,
        pupil: a.pupil,
        lesson: a.lesson,
        moves: a.moves,
        answers: a.answers,
        hints: a.hints,
        ms: a.ms,
        stars: a.stars,
        solved: a.solved,
        at: iso(a.at),
        verdicts: a.verdicts,
        hints_at: a.hints_at,
    }))
}

#[utoipa::path(get, path = "/api/v1/classes/{class}/results.csv", operation_id = "exportResults", params(("class" = String, Path), crate::export::CsvQuery),
    responses((status = 200, content_type = "text/csv", body = String, description = "UTF-8 with a BOM, in the page's language (`lang`): pupil, lesson title, best stars, tries, solved, failed tries, restarted, left, needs help, hints, time (h:mm:ss), last try (in the zone `tz`), how it ended; `;` with a `sep=;` first line in Russian, `,` in English"), (status = 404, body = ErrorBody)))]
pub async fn export_results(
    State(st): State<AppState>,
    Teacher(me): Teacher,
    Path(class): Path<String>,
    q: Result<Query<crate::export::CsvQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Response> {
    let c = my_class(&st, &me, &class).await?;
    let r = results_of(&st, &c).await?;
    // a query that does not read (`tz=abc`): English, UTC
    let q = q.map(|Query(q)| q).unwrap_or_default();
    let mut out = crate::export::results_csv(&r, &q);
    // the practised skills after the lessons: one line per pupil and skill
    let skills = crate::practice::skills_of(&st, &c.id, now_ms()).await?;
    crate::export::skills_csv(&mut out, &skills, &q);
    let file = format!("attachment; filename=\"results-{}.csv\"", c.code);
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, file),
        ],
        out,
    )
        .into_response())
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
