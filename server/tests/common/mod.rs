//! What the server's tests share: a fresh database for each test (SQLite in a temporary folder,
//! and PostgreSQL too when `TEST_DATABASE_URL=postgres://…` is set: a new database on that
//! server), the app over it, requests through `tower::ServiceExt::oneshot`, and solved lines of
//! real lessons.
#![allow(dead_code)]

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use chess_tutor::lesson::attempt::{Played, Progress};
use chess_tutor::lesson::player::Player;
use chess_tutor_server::{router, AppState, Config};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::path::PathBuf;
use tower::ServiceExt;

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// A new empty folder under cargo's folder for the tests' files (`target/tmp`: never /tmp).
pub fn temp_dir(tag: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("ct-server-{tag}-{}", chess_tutor_server::util::new_id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The databases each test runs on: a new SQLite file, and a new PostgreSQL database when
/// `TEST_DATABASE_URL` is set.
pub async fn databases() -> Vec<String> {
    let mut urls = vec![format!("sqlite://{}/test.sqlite", temp_dir("db").display())];
    if let Some(base) =
        std::env::var("TEST_DATABASE_URL").ok().filter(|u| u.starts_with("postgres"))
    {
        urls.push(fresh_postgres(&base).await);
    }
    urls
}

/// A new database on the PostgreSQL server of `base`; its URL.
pub async fn fresh_postgres(base: &str) -> String {
    use sqlx::Connection;
    let name = format!("ct_test_{}", chess_tutor_server::util::new_id());
    let mut conn = sqlx::PgConnection::connect(base).await.expect("TEST_DATABASE_URL answers");
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut conn).await.unwrap();
    let (head, _) = base.rsplit_once('/').expect("postgres://host/db");
    let query = base.split_once('?').map(|(_, q)| format!("?{q}")).unwrap_or_default();
    format!("{head}/{name}{query}")
}

pub fn config() -> Config {
    let dist = temp_dir("dist");
    Config {
        dist,
        lessons: Some(repo().join("lessons")),
        tables: Some(repo().join("www/endgame")),
        origins: vec![],
        behind_proxy: false,
        log: false,
        host_names: vec!["school.test".into()],
        signup: Default::default(),
        limits: Default::default(),
    }
}

/// The server over one database.
pub struct App {
    pub url: String,
    pub state: AppState,
    pub router: Router,
}

/// An answer: status, headers, the body as text and as JSON (Null when it is not JSON).
pub struct Answer {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub text: String,
    pub json: Value,
}

impl Answer {
    /// The session cookie it sets (`ct_session=…`).
    pub fn cookie(&self) -> String {
        let set = self.headers.get(header::SET_COOKIE).expect("a Set-Cookie").to_str().unwrap();
        set.split(';').next().unwrap().to_string()
    }
}

impl App {
    pub async fn new(url: &str) -> App {
        App::with(url, config()).await
    }

    pub async fn with(url: &str, config: Config) -> App {
        let state = AppState::open(config, url).await.unwrap_or_else(|e| panic!("{url}: {e}"));
        App { url: url.to_string(), router: router(state.clone()), state }
    }

    /// A request with a JSON body (or none), a cookie and more headers.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        body: Option<Value>,
        cookie: Option<&str>,
        headers: &[(&str, &str)],
    ) -> Answer {
        let mut req =
            Request::builder().method(method).uri(path).header(header::HOST, "school.test");
        if let Some(c) = cookie {
            req = req.header(header::COOKIE, c);
        }
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let body = match body {
            Some(b) => {
                req = req.header(header::CONTENT_TYPE, "application/json");
                Body::from(b.to_string())
            }
            None => Body::empty(),
        };
        self.send(req.body(body).unwrap()).await
    }

    pub async fn send(&self, req: Request<Body>) -> Answer {
        let res = self.router.clone().oneshot(req).await.unwrap();
        let status = res.status();
        let headers = res.headers().clone();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let json = serde_json::from_str(&text).unwrap_or(Value::Null);
        Answer { status, headers, text, json }
    }

    pub async fn get(&self, path: &str, cookie: &str) -> Answer {
        self.call(Method::GET, path, None, Some(cookie), &[]).await
    }

    pub async fn post(&self, path: &str, body: Value, cookie: &str) -> Answer {
        self.call(Method::POST, path, Some(body), Some(cookie), &[]).await
    }

    pub async fn delete(&self, path: &str, cookie: &str) -> Answer {
        self.call(Method::DELETE, path, None, Some(cookie), &[]).await
    }

    /// A new teacher, signed in: her cookie.
    pub async fn teacher(&self, login: &str) -> String {
        let a = self.call(Method::POST, "/api/v1/teachers", Some(json!({"name": login, "login": login, "password": "password-of-".to_string() + login})), None, &[]).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
        a.cookie()
    }

    /// A class of `teacher` with pupils: (class id, code, pupils [{id, name, pictures}]).
    pub async fn class(&self, teacher: &str, names: &[&str]) -> (String, String, Vec<Value>) {
        let c = self.post("/api/v1/classes", json!({"name": "3A"}), teacher).await;
        assert_eq!(c.status, StatusCode::CREATED, "{}", c.text);
        let id = c.json["id"].as_str().unwrap().to_string();
        let code = c.json["code"].as_str().unwrap().to_string();
        let p = self
            .post(&format!("/api/v1/classes/{id}/pupils"), json!({"names": names}), teacher)
            .await;
        assert_eq!(p.status, StatusCode::CREATED, "{}", p.text);
        (id, code, p.json["pupils"].as_array().unwrap().clone())
    }

    /// Sign a pupil in with her pictures: the answer.
    pub async fn pupil_sign_in(&self, code: &str, pupil: &Value) -> Answer {
        self.call(
            Method::POST,
            "/api/v1/sessions/pupil",
            Some(json!({"code": code, "pupil": pupil["id"], "pictures": pupil["pictures"]})),
            None,
            &[],
        )
        .await
    }

    pub async fn pupil(&self, code: &str, pupil: &Value) -> String {
        let a = self.pupil_sign_in(code, pupil).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
        a.cookie()
    }
}

/// A UUID (random version 4 shape) for an attempt id.
pub fn uuid() -> String {
    let h = chess_tutor_server::util::random_text(b"0123456789abcdef", 32);
    format!("{}-{}-4{}-a{}-{}", &h[0..8], &h[8..12], &h[13..16], &h[17..20], &h[20..32])
}

fn uci(p: &Played) -> String {
    match p {
        Played::Chess(m) => m.uci.clone(),
        Played::Pieces(m) => m.uci.clone(),
    }
}

/// The moves (with the replies) that solve a course lesson with the player's own best moves.
pub fn solution(id: &str) -> Vec<String> {
    let text = std::fs::read_to_string(repo().join(format!("lessons/{id}.json"))).unwrap();
    let mut p = Player::new(chess_tutor::lesson::parse_lesson(&text).unwrap()).unwrap();
    let mut moves = Vec::new();
    while p.progress() == Progress::Playing {
        let m = p.best_moves_now().unwrap()[0];
        let out = p.play(m.from, m.to, m.promotion);
        moves.push(uci(out.played.as_ref().unwrap()));
        if let Some(r) = &out.reply {
            moves.push(uci(r));
        }
    }
    moves
}
