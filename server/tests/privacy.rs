//! What a data-protection officer asks, tried by breaking it: a removed pupil, class or teacher
//! leaves no name in the SQLite file; a teacher deletes her account (and only hers: a wrong
//! password, a pupil, another teacher cannot); she changes her password, the admin resets it;
//! sign-up closed or by invitation (a code used once); `purge` removes only what is older than
//! its date; one pupil's data exported. On SQLite, and on PostgreSQL with `TEST_DATABASE_URL`.

mod common;

use axum::http::{Method, StatusCode};
use chess_tutor_server::account::SignUpMode;
use chess_tutor_server::{admin, lifecycle};
use common::App;
use serde_json::{json, Value};
use sqlx::Row;

async fn count(app: &App, q: &str) -> i64 {
    sqlx::query(q).fetch_one(&app.state.db.pool).await.unwrap().try_get::<i64, _>(0).unwrap()
}

/// Everything a teacher can make: a class of pupils who tried a lesson, homework, her lesson.
async fn fill(app: &App, login: &str, names: &[&str]) -> (String, String, Vec<Value>) {
    let t = app.teacher(login).await;
    let (class, code, pupils) = app.class(&t, names).await;
    let a = app
        .post(
            &format!("/api/v1/classes/{class}/assignments"),
            json!({"lessons": ["board-names-question"]}),
            &t,
        )
        .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
    for p in &pupils {
        let c = app.pupil(&code, p).await;
        let r = app
            .post(
                "/api/v1/attempts",
                json!({"id": common::uuid(), "lesson": "board-names-question", "moves": [], "answers": [0], "hints": 0, "ms": 1000}),
                &c,
            )
            .await;
        assert!(r.status.is_success(), "{}", r.text);
    }
    (t, class, pupils)
}

/// The bytes of the SQLite file and its WAL after a clean close.
async fn file_bytes(app: &App) -> Option<Vec<u8>> {
    let file = lifecycle::sqlite_file(&app.url)?;
    lifecycle::close(&app.state.db).await.unwrap();
    let mut bytes = std::fs::read(&file).unwrap();
    let mut wal = file.clone().into_os_string();
    wal.push("-wal");
    bytes.extend(std::fs::read(wal).unwrap_or_default());
    Some(bytes)
}

fn has(bytes: &[u8], text: &str) -> bool {
    bytes.windows(text.len()).any(|w| w == text.as_bytes())
}

#[tokio::test]
async fn removed_pupils_classes_and_teachers_leave_no_name_in_the_file() {
    for url in common::databases().await {
        let app = App::new(&url).await;
        let (t, class, pupils) =
            fill(&app, "keeper", &["Zebulon-Quarrystone", "Ottilie-Brackwater"]).await;
        let gone = pupils[0]["id"].as_str().unwrap();
        assert_eq!(
            app.delete(&format!("/api/v1/pupils/{gone}"), &t).await.status,
            StatusCode::NO_CONTENT
        );
        let (t2, class2, _) = fill(&app, "leaver", &["Hieronyma-Saltmarsh"]).await;
        assert_eq!(
            app.delete(&format!("/api/v1/classes/{class2}"), &t2).await.status,
            StatusCode::NO_CONTENT
        );
        let (t3, _, _) = fill(&app, "quitter-teacher", &["Bartholomew-Ninefield"]).await;
        let d = app
            .call(
                Method::DELETE,
                "/api/v1/me",
                Some(json!({"password": "password-of-quitter-teacher"})),
                Some(&t3),
                &[],
            )
            .await;
        assert_eq!(d.status, StatusCode::NO_CONTENT, "{}", d.text);
        assert_eq!(
            count(&app, &format!("SELECT COUNT(*) FROM pupils WHERE id = '{gone}'")).await,
            0
        );
        assert_eq!(count(&app, "SELECT COUNT(*) FROM pupils WHERE name LIKE 'Hieronyma%' OR name LIKE 'Bartholomew%'").await, 0);
        assert_eq!(
            count(&app, &format!("SELECT COUNT(*) FROM attempts WHERE pupil = '{gone}'")).await,
            0
        );
        let _ = class;
        if let Some(bytes) = file_bytes(&app).await {
            for name in [
                "Zebulon-Quarrystone",
                "Hieronyma-Saltmarsh",
                "Bartholomew-Ninefield",
                "quitter-teacher",
                gone,
            ] {
                assert!(!has(&bytes, name), "{url}: {name} is still in the file");
            }
            assert!(has(&bytes, "Ottilie-Brackwater"), "the pupil kept is in the file");
        }
    }
}

#[tokio::test]
async fn a_teacher_deletes_her_account_and_only_hers() {
    for url in common::databases().await {
        let app = App::new(&url).await;
        let (anna, _, anna_pupils) = fill(&app, "anna", &["A1", "A2"]).await;
        let (boris, _, _) = fill(&app, "boris", &["B1", "B2", "B3"]).await;
        let up = app
            .post(
                "/api/v1/lessons",
                serde_json::from_str(
                    &std::fs::read_to_string(common::repo().join("lessons/bishop-stars-1.json"))
                        .unwrap(),
                )
                .map(|mut v: Value| {
                    v["id"] = json!("anna-own");
                    v
                })
                .unwrap(),
                &anna,
            )
            .await;
        assert!(up.status.is_success(), "{}", up.text);
        // a pupil's session of hers
        let code = app.get("/api/v1/classes", &anna).await.json["classes"][0]["code"]
            .as_str()
            .unwrap()
            .to_string();
        let pupil = app.pupil(&code, &anna_pupils[0]).await;
        // refused: signed out, a pupil, a wrong password, no password
        let del = |cookie: Option<&str>, body: Value| {
            let cookie = cookie.map(str::to_string);
            let app = &app;
            async move {
                app.call(Method::DELETE, "/api/v1/me", Some(body), cookie.as_deref(), &[]).await
            }
        };
        assert_eq!(
            del(None, json!({"password": "password-of-anna"})).await.status,
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(
            del(Some(&pupil), json!({"password": "password-of-anna"})).await.status,
            StatusCode::FORBIDDEN
        );
        assert_eq!(
            del(Some(&anna), json!({"password": "password-of-boris"})).await.status,
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(del(Some(&anna), json!({})).await.status, StatusCode::UNPROCESSABLE_ENTITY);
        let other_origin = app
            .call(
                Method::DELETE,
                "/api/v1/me",
                Some(json!({"password": "password-of-anna"})),
                Some(&anna),
                &[("origin", "https://evil.example")],
            )
            .await;
        assert_eq!(other_origin.status, StatusCode::FORBIDDEN);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM teachers").await, 2);
        // done
        let d = del(Some(&anna), json!({"password": "password-of-anna"})).await;
        assert_eq!(d.status, StatusCode::NO_CONTENT, "{}", d.text);
        assert!(d.headers.get("set-cookie").unwrap().to_str().unwrap().contains("Max-Age=0"));
        assert_eq!(app.get("/api/v1/me", &anna).await.status, StatusCode::UNAUTHORIZED);
        assert_eq!(app.get("/api/v1/me", &pupil).await.status, StatusCode::UNAUTHORIZED);
        let again = app
            .call(
                Method::POST,
                "/api/v1/sessions/teacher",
                Some(json!({"login": "anna", "password": "password-of-anna"})),
                None,
                &[],
            )
            .await;
        assert_eq!(again.status, StatusCode::UNAUTHORIZED);
        for (table, left) in [
            ("teachers", 1),
            ("classes", 1),
            ("pupils", 3),
            ("attempts", 3),
            ("assignments", 1),
            ("lessons", 0),
        ] {
            assert_eq!(
                count(&app, &format!("SELECT COUNT(*) FROM {table}")).await,
                left,
                "{url}: {table}"
            );
        }
        assert_eq!(app.get("/api/v1/classes", &boris).await.json["classes"][0]["pupils"], 3);
        // the login is free again
        app.teacher("anna").await;
    }
}

#[tokio::test]
async fn a_teacher_changes_her_password_and_the_admin_resets_it() {
    for url in common::databases().await {
        let app = App::new(&url).await;
        let here = app.teacher("clara").await;
        let there = app
            .call(
                Method::POST,
                "/api/v1/sessions/teacher",
                Some(json!({"login": "clara", "password": "password-of-clara"})),
                None,
                &[],
            )
            .await
            .cookie();
        let change = |body: Value, cookie: String| {
            let app = &app;
            async move { app.post("/api/v1/me/password", body, &cookie).await }
        };
        let wrong = change(
            json!({"password": "nope-nope-nope", "newPassword": "a-new-password"}),
            here.clone(),
        )
        .await;
        assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
        let short =
            change(json!({"password": "password-of-clara", "newPassword": "short"}), here.clone())
                .await;
        assert_eq!(short.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(short.json["field"], "newPassword");
        let ok = change(
            json!({"password": "password-of-clara", "newPassword": "a-new-password"}),
            here.clone(),
        )
        .await;
        assert_eq!(ok.status, StatusCode::NO_CONTENT, "{}", ok.text);
        let mine = ok.cookie();
        assert_eq!(app.get("/api/v1/me", &mine).await.status, StatusCode::OK);
        assert_eq!(
            app.get("/api/v1/me", &there).await.status,
            StatusCode::UNAUTHORIZED,
            "her other sessions end"
        );
        let sign_in = |password: &str| {
            let body = json!({"login": "clara", "password": password});
            let app = &app;
            async move {
                app.call(Method::POST, "/api/v1/sessions/teacher", Some(body), None, &[])
                    .await
                    .status
            }
        };
        assert_eq!(sign_in("password-of-clara").await, StatusCode::UNAUTHORIZED);
        assert_eq!(sign_in("a-new-password").await, StatusCode::OK);

        // the admin's reset: a new password printed once; her sessions end
        let said = admin::reset_password(&url, "Clara").await.unwrap();
        let new = said.split(" is ").nth(1).unwrap().split(' ').next().unwrap().to_string();
        assert_eq!(new.len(), 12, "{said}");
        assert_eq!(app.get("/api/v1/me", &mine).await.status, StatusCode::UNAUTHORIZED);
        assert_eq!(sign_in("a-new-password").await, StatusCode::UNAUTHORIZED);
        assert_eq!(sign_in(&new).await, StatusCode::OK);
        let nobody = admin::reset_password(&url, "nobody").await.unwrap_err();
        assert_eq!(nobody.code(), 2, "{}", nobody.text());
    }
}

#[tokio::test]
async fn sign_up_closed_or_by_invitation_used_once() {
    for url in common::databases().await {
        let mut config = common::config();
        config.signup = SignUpMode::Closed;
        let closed = App::with(&url, config).await;
        let h = closed.call(Method::GET, "/api/v1/health", None, None, &[]).await;
        assert_eq!(h.json["signup"], "closed", "{}", h.text);
        let up = |login: &str, invitation: Option<&str>| json!({"name": login, "login": login, "password": "a-long-password", "invitation": invitation});
        let r =
            closed.call(Method::POST, "/api/v1/teachers", Some(up("dora", None)), None, &[]).await;
        assert_eq!(
            (r.status, r.json["error"].as_str()),
            (StatusCode::FORBIDDEN, Some("sign-up-closed"))
        );
        assert_eq!(admin::invite(&url, 0).await.unwrap_err().code(), 2);

        let mut config = common::config();
        config.signup = SignUpMode::Invite;
        let app = App::with(&url, config).await;
        let code_of = |said: String| said.rsplit(' ').next().unwrap().to_string();
        let r = app.call(Method::POST, "/api/v1/teachers", Some(up("dora", None)), None, &[]).await;
        assert_eq!(
            (r.status, r.json["field"].as_str()),
            (StatusCode::FORBIDDEN, Some("invitation"))
        );
        let r = app
            .call(
                Method::POST,
                "/api/v1/teachers",
                Some(up("dora", Some("AAAA-BBBB-CCCC"))),
                None,
                &[],
            )
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "a made-up code");
        let first = code_of(admin::invite(&url, 14).await.unwrap());
        let r = app
            .call(Method::POST, "/api/v1/teachers", Some(up("dora", Some(&first))), None, &[])
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        let r = app
            .call(Method::POST, "/api/v1/teachers", Some(up("emil", Some(&first))), None, &[])
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "a code is used once");
        // a login taken gives the code back
        let second = code_of(admin::invite(&url, 14).await.unwrap());
        let r = app
            .call(Method::POST, "/api/v1/teachers", Some(up("dora", Some(&second))), None, &[])
            .await;
        assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.text);
        let r = app
            .call(
                Method::POST,
                "/api/v1/teachers",
                Some(up("emil", Some(&second.to_lowercase()))),
                None,
                &[],
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        // an expired code
        let old = code_of(admin::invite(&url, 1).await.unwrap());
        sqlx::query("UPDATE invitations SET expires = 1 WHERE used = 0")
            .execute(&app.state.db.pool)
            .await
            .unwrap();
        let r = app
            .call(Method::POST, "/api/v1/teachers", Some(up("gil", Some(&old))), None, &[])
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "an expired code");
        // the codes are kept as hashes
        let kept: String = sqlx::query("SELECT code FROM invitations LIMIT 1")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap()
            .get(0);
        assert_eq!(kept.len(), 64);
    }
}

#[tokio::test]
async fn purge_removes_only_what_is_older_than_its_date() {
    for url in common::databases().await {
        let app = App::new(&url).await;
        let (_, old_class, _) = fill(&app, "olga", &["O1", "O2"]).await;
        let (_, mixed_class, _) = fill(&app, "mira", &["M1", "M2"]).await;
        let (_, new_class, _) = fill(&app, "nina", &["N1"]).await;
        let old = admin::day_start("2024-03-01").unwrap();
        let pool = &app.state.db.pool;
        for class in [&old_class, &mixed_class] {
            sqlx::query("UPDATE classes SET created = $1 WHERE id = $2")
                .bind(old)
                .bind(class)
                .execute(pool)
                .await
                .unwrap();
        }
        sqlx::query("UPDATE attempts SET at = $1 WHERE class = $2")
            .bind(old)
            .bind(&old_class)
            .execute(pool)
            .await
            .unwrap();
        // one of the mixed class's two attempts is old, one recent
        sqlx::query("UPDATE attempts SET at = $1 WHERE id = (SELECT MIN(id) FROM attempts WHERE class = $2)").bind(old).bind(&mixed_class).execute(pool).await.unwrap();
        assert_eq!(
            admin::purge(&url, "2099-01-01", false).await.unwrap_err().code(),
            2,
            "a date in the future"
        );
        assert_eq!(admin::purge(&url, "2024-13-01", false).await.unwrap_err().code(), 2);
        let dry = admin::purge(&url, "2025-01-01", true).await.unwrap();
        assert!(
            dry.contains("3 attempts") && dry.contains("1 classes") && dry.contains("2 pupils"),
            "{dry}"
        );
        assert_eq!(
            count(&app, "SELECT COUNT(*) FROM attempts").await,
            5,
            "a dry run removes nothing"
        );
        let done = admin::purge(&url, "2025-01-01", false).await.unwrap();
        assert!(done.starts_with("removed"), "{done}");
        assert_eq!(
            count(&app, &format!("SELECT COUNT(*) FROM classes WHERE id = '{old_class}'")).await,
            0
        );
        assert_eq!(
            count(&app, &format!("SELECT COUNT(*) FROM pupils WHERE class = '{old_class}'")).await,
            0
        );
        assert_eq!(
            count(
                &app,
                &format!(
                    "SELECT COUNT(*) FROM classes WHERE id IN ('{mixed_class}', '{new_class}')"
                )
            )
            .await,
            2
        );
        assert_eq!(count(&app, "SELECT COUNT(*) FROM attempts").await, 2);
    }
}

#[tokio::test]
async fn one_pupils_data_exported() {
    for url in common::databases().await {
        let app = App::new(&url).await;
        let (_, _, pupils) = fill(&app, "petra", &["Wilhelmina Export", "Other"]).await;
        let id = pupils[0]["id"].as_str().unwrap();
        let text = admin::export_pupil(&url, id).await.unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["pupil"]["name"], "Wilhelmina Export");
        assert_eq!(v["teacher"]["login"], "petra");
        assert_eq!(v["attempts"].as_array().unwrap().len(), 1);
        assert!(!text.contains("Other"), "another pupil's data");
        assert_eq!(admin::export_pupil(&url, "nobody").await.unwrap_err().code(), 2);
    }
}
