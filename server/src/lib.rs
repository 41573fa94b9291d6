//! chess-tutor's class server: the built app and the JSON API under `/api/v1/` (see `API.md` and
//! `/api/v1/openapi.json`) over one store, SQLite by default or PostgreSQL. Nothing a second
//! instance would need is kept in memory: sessions and the rate-limit counters are in the
//! database.

pub mod account;
pub mod admin;
pub mod api;
pub mod auth;
pub mod db;
pub mod error;
pub mod export;
pub mod guard_api;
pub mod hosts;
pub mod lessons;
pub mod lifecycle;
pub mod limits;
mod limits_store;
pub mod practice;
pub mod practice_homework;
pub mod roster;
pub mod signin;
pub mod tries;
pub mod util;
pub mod web;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, HeaderValue};
use axum::middleware::{from_fn_with_state, Next};
use axum::response::Response;
use axum::Router;
use std::path::PathBuf;
use std::sync::Arc;

/// What the server is told at start.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// The built app (`dist/`).
    pub dist: PathBuf,
    /// The course's lessons (`lessons/`, or `<dist>/lessons`).
    pub lessons: Option<PathBuf>,
    /// The endgame tables (`<dist>/endgame`, or the repository's `www/endgame`).
    pub tables: Option<PathBuf>,
    /// Origins allowed beside the server's own (`--origin https://school.example`).
    pub origins: Vec<String>,
    /// Trust the last address of `X-Forwarded-For` (behind a reverse proxy).
    pub behind_proxy: bool,
    /// Log each request (method, path, status, time: never a body, a cookie or a query).
    pub log: bool,
    /// The names the server answers to beside localhost and IP addresses (`--host-name`).
    pub host_names: Vec<String>,
    /// Who may make a teacher's account (`--signup`).
    pub signup: account::SignUpMode,
    /// What one pupil, class or address may send (the defaults in production).
    pub limits: limits::Limits,
}

#[derive(Clone)]
pub struct AppState {
    pub db: db::Db,
    pub lessons: Arc<lessons::Catalogue>,
    pub config: Arc<Config>,
    pub web: Arc<web::Static>,
    /// `/health`'s check that the database takes writes.
    pub writes: Arc<lifecycle::WriteCheck>,
    /// The argon2 checks allowed at once ([`limits::Limits::argon2_at_once`]).
    pub argon2: Arc<tokio::sync::Semaphore>,
}

impl AppState {
    /// Open the database (running its migrations) and read the lessons and `serve.json`.
    pub async fn open(config: Config, database_url: &str) -> Result<AppState, String> {
        let db = db::Db::connect(database_url).await?;
        let rules = web::Rules::load(&config.dist.join("serve.json"))?;
        let (dir, tables) = (config.lessons.clone(), config.tables.clone());
        let lessons = tokio::task::spawn_blocking(move || {
            lessons::Catalogue::load(dir.as_deref(), tables.as_deref())
        })
        .await
        .map_err(|e| e.to_string())?;
        let web = Arc::new(web::Static { dir: config.dist.clone(), rules });
        let argon2 = Arc::new(tokio::sync::Semaphore::new(config.limits.argon2_at_once.max(1)));
        Ok(AppState {
            argon2,
            db,
            lessons: Arc::new(lessons),
            config: Arc::new(config),
            web,
            writes: Arc::default(),
        })
    }
}

/// The API's answers are never cached.
async fn api_headers(req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res.headers_mut().insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    res
}

/// One line per request: method, path, status, milliseconds.
async fn log(State(st): State<AppState>, req: Request, next: Next) -> Response {
    if !st.config.log {
        return next.run(req).await;
    }
    let (method, path) = (req.method().clone(), req.uri().path().to_string());
    let started = std::time::Instant::now();
    let res = next.run(req).await;
    eprintln!(
        "{method} {path} {} {:.1} ms",
        res.status().as_u16(),
        started.elapsed().as_secs_f64() * 1000.0
    );
    res
}

/// The whole server: the API under `/api/v1/`, the app's files elsewhere.
pub fn router(state: AppState) -> Router {
    let api = api::routes()
        .fallback(api::no_route)
        .layer(axum::middleware::from_fn(limits::no_nul_in_uri))
        .layer(axum::middleware::from_fn(api_headers))
        .layer(web::api_compression());
    Router::new()
        .nest("/api/v1", api)
        .fallback(web::serve)
        .layer(DefaultBodyLimit::max(api::BODY_LIMIT))
        .layer(from_fn_with_state(state.clone(), auth::same_origin))
        .layer(axum::middleware::from_fn(hosts::frame_ancestors))
        .layer(from_fn_with_state(state.clone(), hosts::check_host))
        .layer(from_fn_with_state(state.clone(), log))
        .with_state(state)
}

/// Expired sessions and old sign-in failures are removed every ten minutes.
pub fn spawn_pruning(db: db::Db) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(600));
        loop {
            every.tick().await;
            if let Err(e) = db.prune(util::now_ms() - api::TRY_WINDOW_MS).await {
                eprintln!("pruning: {e}");
            }
            if let Err(e) = db.prune_devices(util::now_ms() - 365 * 86_400_000).await {
                eprintln!("pruning devices: {e}");
            }
        }
    });
}
