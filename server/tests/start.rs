//! The server at start and at its doors, tried by breaking it: a read-only, unreachable or newer
//! database is refused at start with one sentence; `/health` says when writes fail; a `Host`
//! the server was not given (DNS rebinding) gets 421; the app's pages cannot be framed by
//! another site, while embed.html can. On SQLite, and on PostgreSQL with `TEST_DATABASE_URL`.

mod common;

use axum::http::{Method, StatusCode};
use chess_tutor_server::db::Db;
use chess_tutor_server::{lifecycle, AppState};
use common::App;
use serde_json::json;
use std::sync::Arc;

fn one_sentence(e: &str) {
    assert!(!e.contains('\n') && e.ends_with('.'), "one sentence: {e:?}");
}

#[tokio::test]
async fn a_read_only_or_unreachable_database_is_refused_at_start() {
    for url in common::databases().await {
        App::new(&url).await; // the schema made
        let read_only = if url.starts_with("sqlite") {
            format!("{url}?mode=ro")
        } else {
            // a role that may read but not write
            let name = url.rsplit('/').next().unwrap().split('?').next().unwrap().to_string();
            let db = Db::connect(&url).await.unwrap();
            sqlx::query(&format!("ALTER DATABASE {name} SET default_transaction_read_only = on"))
                .execute(&db.pool)
                .await
                .unwrap();
            db.pool.close().await;
            url.clone()
        };
        let e = AppState::open(common::config(), &read_only).await.err().expect("refused");
        assert!(e.contains("refuses writes") || e.contains("read-only"), "{e}");
        assert!(!e.contains('\n'), "{e}");
    }
    let e = AppState::open(common::config(), "postgres://nobody:secret@127.0.0.1:9/none")
        .await
        .err()
        .expect("refused");
    assert!(e.starts_with("cannot open the database postgres://127.0.0.1:9/none"), "{e}");
    assert!(!e.contains("secret"), "the password is never shown: {e}");
    let e = AppState::open(common::config(), "sqlite:///proc/no/such/folder/db.sqlite")
        .await
        .err()
        .expect("refused");
    assert!(e.contains("/proc/no/such/folder"), "{e}");
}

#[tokio::test]
async fn health_says_when_writes_fail() {
    for url in common::databases().await {
        let app = App::new(&url).await;
        let h = app.call(Method::GET, "/api/v1/health", None, None, &[]).await;
        assert_eq!(h.status, StatusCode::OK);
        assert_eq!(h.json["ok"], true);
        if !url.starts_with("sqlite") {
            continue;
        }
        // the same app over a database that went read-only after the start
        let ro = Db::connect_without_migrations(&format!("{url}?mode=ro")).await.unwrap();
        let state = AppState { db: ro, writes: Arc::default(), ..app.state.clone() };
        let broken =
            App { url: url.clone(), router: chess_tutor_server::router(state.clone()), state };
        let h = broken.call(Method::GET, "/api/v1/health", None, None, &[]).await;
        assert_eq!(h.status, StatusCode::SERVICE_UNAVAILABLE, "{}", h.text);
        assert_eq!(h.json["ok"], false);
        assert!(h.json["problem"].as_str().unwrap().contains("refuses writes"));
    }
}

#[tokio::test]
async fn a_database_of_a_newer_binary_is_refused_and_left_alone() {
    for url in common::databases().await {
        let app = App::new(&url).await;
        let newer = lifecycle::known_schema() + 1;
        sqlx::query("INSERT INTO _sqlx_migrations (version, description, installed_on, success, checksum, execution_time) VALUES ($1, 'from a newer binary', CURRENT_TIMESTAMP, TRUE, $2, 1)")
            .bind(newer)
            .bind(vec![0u8; 48])
            .execute(&app.state.db.pool)
            .await
            .unwrap();
        let e = AppState::open(common::config(), &url).await.err().expect("refused");
        one_sentence(&e);
        assert!(
            e.contains(&format!("schema {newer}")) && e.contains("newer chess-tutor-server"),
            "{e}"
        );
        assert_eq!(lifecycle::schema_of(&app.state.db).await, newer, "left as it was");
    }
}

#[tokio::test]
async fn a_host_it_was_not_given_is_refused() {
    let url = common::databases().await.remove(0);
    let mut config = common::config();
    config.host_names = vec!["chess.school.example".into()];
    let app = App::with(&url, config).await;
    let get = |host: &'static str| {
        let app = &app;
        async move {
            let req = axum::http::Request::builder()
                .uri("/api/v1/health")
                .header("host", host)
                .body(axum::body::Body::empty())
                .unwrap();
            app.send(req).await
        }
    };
    for ok in [
        "chess.school.example",
        "CHESS.school.example:8443",
        "localhost:8080",
        "127.0.0.1:8080",
        "[::1]:8080",
        "192.168.1.20:8080",
    ] {
        assert_eq!(get(ok).await.status, StatusCode::OK, "{ok}");
    }
    for no in [
        "evil.example",
        "evil.example:8080",
        "chess.school.example.evil.example",
        "localhost.evil.example",
        "127.0.0.1.nip.io",
    ] {
        let a = get(no).await;
        assert_eq!(a.status, StatusCode::MISDIRECTED_REQUEST, "{no}");
        assert!(a.text.contains("--host-name"), "{}", a.text);
    }
    // a change from a rebound name, even with its own origin
    let req = axum::http::Request::builder()
        .method("POST")
        .uri("/api/v1/teachers")
        .header("host", "evil.example")
        .header("origin", "http://evil.example")
        .header("content-type", "application/json")
        .body(axum::body::Body::from(
            json!({"name": "x", "login": "x", "password": "password-x"}).to_string(),
        ))
        .unwrap();
    assert_eq!(app.send(req).await.status, StatusCode::MISDIRECTED_REQUEST);
    // two Host headers, one of them allowed
    let req = axum::http::Request::builder()
        .uri("/api/v1/health")
        .header("host", "chess.school.example")
        .header("host", "evil.example")
        .body(axum::body::Body::empty())
        .unwrap();
    assert_eq!(app.send(req).await.status, StatusCode::MISDIRECTED_REQUEST);
    // the test's own Host (school.test) is not given here
    assert_eq!(
        app.call(Method::GET, "/api/v1/health", None, None, &[]).await.status,
        StatusCode::MISDIRECTED_REQUEST
    );
    // the app's files too
    let req = axum::http::Request::builder()
        .uri("/index.html")
        .header("host", "evil.example")
        .body(axum::body::Body::empty())
        .unwrap();
    assert_eq!(app.send(req).await.status, StatusCode::MISDIRECTED_REQUEST);
}

#[tokio::test]
async fn the_apps_pages_cannot_be_framed_by_another_site_but_embed_can() {
    let url = common::databases().await.remove(0);
    let config = common::config();
    let www = common::repo().join("www");
    for f in ["serve.json", "index.html", "embed.html", "csp.html"] {
        std::fs::copy(www.join(f), config.dist.join(f)).unwrap();
    }
    let app = App::with(&url, config).await;
    let page = |path: &'static str| {
        let app = &app;
        async move { app.call(Method::GET, path, None, None, &[]).await }
    };
    for path in ["/", "/index.html", "/csp.html"] {
        let a = page(path).await;
        assert_eq!(a.status, StatusCode::OK, "{path}");
        let csp = a.headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'self'"), "{path}: {csp}");
        assert_eq!(a.headers["x-frame-options"], "SAMEORIGIN", "{path}");
    }
    let csp =
        page("/csp.html").await.headers["content-security-policy"].to_str().unwrap().to_string();
    assert!(
        csp.starts_with("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'"),
        "its own policy kept: {csp}"
    );
    let embed = page("/embed.html").await;
    let csp = embed.headers["content-security-policy"].to_str().unwrap();
    assert!(
        csp.contains("frame-ancestors *") && !csp.contains("'self'; frame-ancestors 'self'"),
        "{csp}"
    );
    assert!(embed.headers.get("x-frame-options").is_none());
}
