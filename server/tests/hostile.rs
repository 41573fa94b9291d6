//! The class server against a hostile pupil (issue 33): each test tries one attack and checks that
//! it does not take the class down. On a fresh SQLite database and (with
//! `TEST_DATABASE_URL=postgres://…`) a fresh PostgreSQL database.

mod common;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use chess_tutor_server::limits::{Limits, DAY_MS};
use common::{databases, solution, uuid, Answer, App};
use serde_json::{json, Value};
use tower::ServiceExt;

const API: &str = "/api/v1";

async fn app_with(url: &str, limits: Limits) -> App {
    let mut config = common::config();
    config.behind_proxy = true;
    config.limits = limits;
    App::with(url, config).await
}

/// The `ct_device` cookie an answer sets (`ct_device=…`).
fn device_of(a: &Answer) -> Option<String> {
    a.headers
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("ct_device="))
        .map(|v| v.split(';').next().unwrap().to_string())
}

fn retry_after(a: &Answer) -> u64 {
    let header: u64 = a.headers[header::RETRY_AFTER].to_str().unwrap().parse().unwrap();
    assert_eq!(a.json["retry_after"], json!(header), "the body says the wait too: {}", a.text);
    header
}

/// Pictures that are not `pupil`'s.
fn wrong_pictures(pupil: &Value) -> Value {
    let right: Vec<String> = serde_json::from_value(pupil["pictures"].clone()).unwrap();
    let other: Vec<&str> = ["cat", "dog", "fish", "bird", "sun"]
        .into_iter()
        .filter(|p| !right.iter().any(|r| r == p))
        .take(3)
        .collect();
    json!(other)
}

async fn pupil_try(
    app: &App,
    code: &str,
    pupil: &Value,
    pictures: &Value,
    from: &str,
    device: Option<&str>,
) -> Answer {
    app.call(
        Method::POST,
        &format!("{API}/sessions/pupil"),
        Some(json!({"code": code, "pupil": pupil["id"], "pictures": pictures})),
        device,
        &[("x-forwarded-for", from)],
    )
    .await
}

/// Many requests at once, on the runtime's threads: their answers' statuses.
async fn at_once(app: &App, requests: Vec<Request<Body>>) -> Vec<StatusCode> {
    let handles: Vec<_> = requests
        .into_iter()
        .map(|r| {
            let router = app.router.clone();
            tokio::spawn(async move { router.oneshot(r).await.unwrap().status() })
        })
        .collect();
    let mut out = Vec::new();
    for h in handles {
        out.push(h.await.unwrap());
    }
    out
}

fn json_request(path: &str, body: Value, from: &str) -> Request<Body> {
    Request::builder()
        .method(Method::POST)
        .uri(path)
        .header(header::HOST, "school.test")
        .header(header::CONTENT_TYPE, "application/json")
        .header("x-forwarded-for", from)
        .body(Body::from(body.to_string()))
        .unwrap()
}

// ---------------------------------------------------------------- point 2: what a pupil sends

#[tokio::test]
async fn an_attempt_longer_than_its_lesson_can_need_is_refused_and_hints_and_time_are_cut() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("anna").await;
        let (_, code, pupils) = app.class(&t, &["Masha"]).await;
        let p = app.pupil(&code, &pupils[0]).await;
        let path = format!("{API}/attempts");
        let send = |body: Value| app.post(&path, body, &p);
        // the attack of the issue: 2,000 moves with 2,000 hint marks
        let a = send(json!({"id": uuid(), "lesson": "mate-2-ladder", "moves": vec!["e2e4"; 2000], "hints": 2000, "hintsAt": vec![1; 2000], "ms": 1})).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {}", a.text);
        assert_eq!(a.json["field"], "moves");
        // a mate in 2 needs a few entries, not a hundred
        let a = send(
            json!({"id": uuid(), "lesson": "mate-2-ladder", "moves": vec!["h1h2"; 100], "ms": 1}),
        )
        .await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text);
        assert!(a.json["message"].as_str().unwrap().contains("at most"), "{}", a.text);
        // answers where the lesson asks no question
        let a = send(json!({"id": uuid(), "lesson": "mate-2-ladder", "moves": [], "answers": [0, 1], "ms": 1})).await;
        assert_eq!(
            (a.status, a.json["field"].clone()),
            (StatusCode::UNPROCESSABLE_ENTITY, json!("answers")),
            "{}",
            a.text
        );
        // the largest numbers a client can send: cut to what the lesson can give and a day
        let id = uuid();
        let a = send(json!({"id": id, "lesson": "mate-2-ladder", "moves": solution("mate-2-ladder"), "hints": u32::MAX, "hintsAt": vec![0; 500], "ms": u64::MAX})).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
        let seen = app.get(&format!("{API}/attempts/{id}"), &t).await;
        assert_eq!(seen.json["ms"], json!(DAY_MS));
        let hints = seen.json["hints"].as_i64().unwrap();
        assert!((1..=10).contains(&hints), "{hints}");
        assert!(seen.json["hintsAt"].as_array().unwrap().len() as i64 <= hints);
    }
}

#[tokio::test]
async fn the_largest_allowed_values_are_stored_and_every_page_reads() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("anna").await;
        let (class, code, pupils) = app.class(&t, &["Masha"]).await;
        let p = app.pupil(&code, &pupils[0]).await;
        app.post(
            &format!("{API}/classes/{class}/assignments"),
            json!({"lessons": ["mate-2-ladder"]}),
            &t,
        )
        .await;
        // the attack of the issue: two attempts with ms near 5·10^18 overflowed SUM(ms)
        for _ in 0..3 {
            let a = app.post(&format!("{API}/attempts"), json!({"id": uuid(), "lesson": "mate-2-ladder", "moves": solution("mate-2-ladder"), "hints": u32::MAX, "hintsAt": vec![u32::MAX; 100], "ms": 5_000_000_000_000_000_000u64}), &p).await;
            assert_eq!(a.status, StatusCode::CREATED, "{url}: {}", a.text);
        }
        // and rows as many as the quota holds, each with the largest allowed values, straight in
        for k in 0..2000 {
            sqlx::query("INSERT INTO attempts (id, pupil, class, lesson, moves, answers, hints, ms, stars, solved, at) VALUES ($1, $2, $3, 'mate-2-ladder', '[]', '[]', $4, $5, 3, 1, $6)")
                .bind(format!("bulk-{k}"))
                .bind(pupils[0]["id"].as_str().unwrap())
                .bind(&class)
                .bind(i64::from(chess_tutor_server::limits::max_hints(chess_tutor_server::limits::MOST_ENTRIES)))
                .bind(DAY_MS)
                .bind(k as i64)
                .execute(&app.state.db.pool)
                .await
                .unwrap();
        }
        for page in [
            format!("{API}/classes/{class}/results"),
            format!("{API}/classes/{class}/results.csv"),
            format!("{API}/classes/{class}/attempts"),
            format!("{API}/classes/{class}/limits"),
        ] {
            let a = app.get(&page, &t).await;
            assert_eq!(a.status, StatusCode::OK, "{url} {page}: {}", a.text);
        }
        let r = app.get(&format!("{API}/classes/{class}/results"), &t).await;
        assert_eq!(
            r.json["pupils"][0]["lessons"]["mate-2-ladder"]["ms"],
            json!(2003 * DAY_MS),
            "{}",
            r.text
        );
        let hw = app.get(&format!("{API}/homework"), &p).await;
        assert_eq!(hw.status, StatusCode::OK, "{}", hw.text);
        assert_eq!(hw.json["assignments"][0]["lessons"][0]["solved"], true);
    }
}

#[tokio::test]
async fn a_pupil_or_a_class_sending_too_many_attempts_waits_with_429_and_retry_after() {
    for url in databases().await {
        let app =
            app_with(&url, Limits { pupil_attempts: 3, class_attempts: 5, ..Limits::default() })
                .await;
        let t = app.teacher("anna").await;
        let (class, code, pupils) = app.class(&t, &["Masha", "Petya"]).await;
        let (masha, petya) =
            (app.pupil(&code, &pupils[0]).await, app.pupil(&code, &pupils[1]).await);
        let attempt = |id: &str| json!({"id": id, "lesson": "mate-2-ladder", "moves": solution("mate-2-ladder"), "ms": 1000});
        let first = uuid();
        for k in 0..3 {
            let id = if k == 0 { first.clone() } else { uuid() };
            assert_eq!(
                app.post(&format!("{API}/attempts"), attempt(&id), &masha).await.status,
                StatusCode::CREATED,
                "{url}"
            );
        }
        let a = app.post(&format!("{API}/attempts"), attempt(&uuid()), &masha).await;
        assert_eq!(
            (a.status, a.json["error"].clone()),
            (StatusCode::TOO_MANY_REQUESTS, json!("too-many")),
            "{}",
            a.text
        );
        assert!((1..=600).contains(&retry_after(&a)));
        // a resend of a stored attempt is answered still (nothing is stored)
        assert_eq!(
            app.post(&format!("{API}/attempts"), attempt(&first), &masha).await.status,
            StatusCode::OK
        );
        // the class: 5 in the window, whoever sends them
        for _ in 0..2 {
            assert_eq!(
                app.post(&format!("{API}/attempts"), attempt(&uuid()), &petya).await.status,
                StatusCode::CREATED
            );
        }
        let a = app.post(&format!("{API}/attempts"), attempt(&uuid()), &petya).await;
        assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS, "{}", a.text);
        retry_after(&a);
        assert_eq!(app.state.db.count_attempts().await.unwrap(), 5);
        // the teacher's page knows
        let l = app.get(&format!("{API}/classes/{class}/limits"), &t).await;
        assert!(l.json["slowedAt"].is_string(), "{}", l.text);
        assert_eq!(l.json["full"], false);
    }
}

#[tokio::test]
async fn a_class_at_its_quota_waits_and_the_teacher_sees_it_and_frees_space() {
    for url in databases().await {
        let app = app_with(&url, Limits { class_bytes: 3000, ..Limits::default() }).await;
        let t = app.teacher("anna").await;
        let (class, code, pupils) = app.class(&t, &["Masha", "Petya"]).await;
        let (masha, petya) =
            (app.pupil(&code, &pupils[0]).await, app.pupil(&code, &pupils[1]).await);
        let attempt = || json!({"id": uuid(), "lesson": "mate-2-ladder", "moves": solution("mate-2-ladder"), "ms": 1000});
        let mut stored = 0;
        let refused = loop {
            let who = if stored % 2 == 0 { &masha } else { &petya };
            let a = app.post(&format!("{API}/attempts"), attempt(), who).await;
            if a.status != StatusCode::CREATED {
                break a;
            }
            stored += 1;
            assert!(stored < 100, "{url}: the quota never came");
        };
        assert_eq!(
            (refused.status, refused.json["error"].clone()),
            (StatusCode::TOO_MANY_REQUESTS, json!("quota")),
            "{}",
            refused.text
        );
        assert!(retry_after(&refused) >= 60);
        assert_eq!(app.state.db.count_attempts().await.unwrap(), stored);
        let l = app.get(&format!("{API}/classes/{class}/limits"), &t).await;
        assert_eq!(
            (l.json["full"].clone(), l.json["quota"].clone()),
            (json!(true), json!(3000)),
            "{}",
            l.text
        );
        assert!(l.json["fullAt"].is_string() && l.json["used"].as_i64().unwrap() >= 3000);
        // another class of the teacher is not held back
        let (_, code2, others) = app.class(&t, &["Olya"]).await;
        let olya = app.pupil(&code2, &others[0]).await;
        assert_eq!(
            app.post(&format!("{API}/attempts"), attempt(), &olya).await.status,
            StatusCode::CREATED
        );
        // the teacher removes a pupil: the space is hers again
        let petya_id = pupils[1]["id"].as_str().unwrap();
        app.delete(&format!("{API}/pupils/{petya_id}"), &t).await;
        let a = app.post(&format!("{API}/attempts"), attempt(), &masha).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
    }
}

// ---------------------------------------------------------------- point 3: sign-in

#[tokio::test]
async fn a_classmate_guessing_pictures_slows_only_the_device_they_come_from() {
    for url in databases().await {
        let app = app_with(&url, Limits::default()).await;
        let t = app.teacher("anna").await;
        let names: Vec<String> = (1..=30).map(|k| format!("Pupil {k}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let (_, code, pupils) = app.class(&t, &names).await;
        // the attack of the issue: five wrong pictures for every pupil, from one tablet
        let first =
            pupil_try(&app, &code, &pupils[0], &wrong_pictures(&pupils[0]), "10.0.0.9", None).await;
        let attacker = device_of(&first).expect("a device cookie");
        for p in &pupils {
            for _ in 0..5 {
                pupil_try(&app, &code, p, &wrong_pictures(p), "10.0.0.9", Some(&attacker)).await;
            }
            let a = pupil_try(&app, &code, p, &p["pictures"], "10.0.0.9", Some(&attacker)).await;
            assert_eq!(
                a.status,
                StatusCode::TOO_MANY_REQUESTS,
                "{url}: the guessing tablet waits: {}",
                a.text
            );
            let wait = retry_after(&a);
            assert!((60..=900).contains(&wait), "{wait}");
        }
        // every pupil signs in on her own tablet, at the same school address
        for p in &pupils {
            let mine = pupil_try(&app, &code, p, &wrong_pictures(p), "10.0.0.9", None).await;
            let device = device_of(&mine).unwrap();
            let a = pupil_try(&app, &code, p, &p["pictures"], "10.0.0.9", Some(&device)).await;
            assert_eq!(a.status, StatusCode::OK, "{url}: {}", a.text);
        }
    }
}

#[tokio::test]
async fn wrong_pictures_from_everywhere_hold_back_only_new_devices_until_the_teacher_unlocks_all() {
    for url in databases().await {
        let app = app_with(&url, Limits::default()).await;
        let t = app.teacher("anna").await;
        let (class, code, pupils) = app.class(&t, &["Masha", "Petya"]).await;
        let masha = &pupils[0];
        // Masha's own tablet: she signed in there before
        let first = pupil_try(&app, &code, masha, &masha["pictures"], "10.0.0.1", None).await;
        assert_eq!(first.status, StatusCode::OK);
        let hers = format!("{}; {}", device_of(&first).unwrap(), first.cookie());
        // a guesser who makes up a new device cookie every five tries
        for k in 0..40 {
            let fake = format!("ct_device={:0>43}", k / 5);
            pupil_try(
                &app,
                &code,
                masha,
                &wrong_pictures(masha),
                &format!("10.1.0.{}", k / 5),
                Some(&fake),
            )
            .await;
        }
        let fresh = format!("ct_device={:0>43}", "fresh");
        let a = pupil_try(&app, &code, masha, &masha["pictures"], "10.2.0.1", Some(&fresh)).await;
        assert_eq!(
            a.status,
            StatusCode::TOO_MANY_REQUESTS,
            "{url}: a new device waits: {}",
            a.text
        );
        retry_after(&a);
        let a = pupil_try(&app, &code, masha, &masha["pictures"], "10.0.0.1", Some(&hers)).await;
        assert_eq!(a.status, StatusCode::OK, "her own tablet does not: {}", a.text);
        // the teacher sees her being guessed, and unlocks the class at once
        let cards = app.get(&format!("{API}/classes/{class}/pupils"), &t).await;
        assert_eq!(cards.json["pupils"][0]["locked"], true, "{}", cards.text);
        assert_eq!(cards.json["pupils"][0]["wrongTries"], 30);
        assert_eq!(cards.json["pupils"][1]["locked"], false);
        let l = app.get(&format!("{API}/classes/{class}/limits"), &t).await;
        assert_eq!(l.json["guessed"][0]["name"], "Masha", "{}", l.text);
        assert_eq!(
            app.post(&format!("{API}/classes/{class}/unlock"), json!({}), &t).await.status,
            StatusCode::NO_CONTENT
        );
        let a = pupil_try(&app, &code, masha, &masha["pictures"], "10.2.0.1", Some(&fresh)).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
        let l = app.get(&format!("{API}/classes/{class}/limits"), &t).await;
        assert_eq!(l.json["guessed"], json!([]));
        // another teacher cannot unlock this class
        let other = app.teacher("boris").await;
        assert_eq!(
            app.post(&format!("{API}/classes/{class}/unlock"), json!({}), &other).await.status,
            StatusCode::NOT_FOUND
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn wrong_pictures_sent_at_once_count_each() {
    for url in databases().await {
        let app = app_with(&url, Limits::default()).await;
        let t = app.teacher("anna").await;
        let (_, code, pupils) = app.class(&t, &["Masha"]).await;
        let body =
            json!({"code": code, "pupil": pupils[0]["id"], "pictures": wrong_pictures(&pupils[0])});
        let requests = (0..100)
            .map(|_| json_request(&format!("{API}/sessions/pupil"), body.clone(), "10.0.0.7"))
            .collect();
        let statuses = at_once(&app, requests).await;
        let checked = statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count();
        let waited = statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
        assert!(checked <= 5, "{url}: {checked} of 100 were checked");
        assert_eq!(checked + waited, 100, "{statuses:?}");
    }
}

#[tokio::test]
async fn class_codes_cannot_be_enumerated_from_one_address() {
    for url in databases().await {
        let app = app_with(&url, Limits::default()).await;
        let t = app.teacher("anna").await;
        let (_, code, _) = app.class(&t, &["Masha"]).await;
        let roster = |code: String, from: &'static str| {
            let app = &app;
            async move {
                app.call(
                    Method::GET,
                    &format!("{API}/roster/{code}"),
                    None,
                    None,
                    &[("x-forwarded-for", from)],
                )
                .await
            }
        };
        let mut first_429 = None;
        for k in 0..100 {
            let guess = chess_tutor_server::util::new_code();
            let a = roster(guess, "10.0.0.66").await;
            if a.status == StatusCode::TOO_MANY_REQUESTS {
                retry_after(&a);
                first_429 = Some(k);
                break;
            }
            assert_eq!(a.status, StatusCode::NOT_FOUND, "{url}: {}", a.text);
        }
        assert_eq!(first_429, Some(20), "{url}: 429 after 20 unknown codes");
        // the right code from there waits too (its answer tells nothing), not from another address
        assert_eq!(roster(code.clone(), "10.0.0.66").await.status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(roster(code.clone(), "10.0.0.67").await.status, StatusCode::OK);
        // guesses through the sign-in count the same
        let a = app
            .call(
                Method::POST,
                &format!("{API}/sessions/pupil"),
                Some(json!({"code": "ZZZZZZ", "pupil": "x", "pictures": []})),
                None,
                &[("x-forwarded-for", "10.0.0.66")],
            )
            .await;
        assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn teacher_guesses_sent_at_once_are_counted_before_argon2_runs() {
    for url in databases().await {
        let app = app_with(&url, Limits::default()).await;
        app.teacher("anna").await;
        let requests = (0..100)
            .map(|k| {
                json_request(
                    &format!("{API}/sessions/teacher"),
                    json!({"login": "anna", "password": format!("guess-{k}")}),
                    &format!("10.3.{}.{}", k / 50, k % 50),
                )
            })
            .collect();
        let statuses = at_once(&app, requests).await;
        let checked = statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count();
        let waited = statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
        assert!(checked <= 10, "{url}: {checked} of 100 checked against a limit of 10");
        assert_eq!(checked + waited, 100, "{statuses:?}");
        assert_eq!(
            app.state.argon2.available_permits(),
            Limits::default().argon2_at_once,
            "every argon2 permit is back"
        );
    }
}

#[tokio::test]
async fn a_known_device_with_the_right_password_is_not_locked_out_by_a_stranger() {
    for url in databases().await {
        let app = app_with(&url, Limits::default()).await;
        app.teacher("anna").await;
        let sign_in = |password: &'static str, from: &'static str, device: Option<String>| {
            let app = &app;
            async move {
                app.call(
                    Method::POST,
                    &format!("{API}/sessions/teacher"),
                    Some(json!({"login": "anna", "password": password})),
                    device.as_deref(),
                    &[("x-forwarded-for", from)],
                )
                .await
            }
        };
        let at_school = sign_in("password-of-anna", "10.0.0.1", None).await;
        assert_eq!(at_school.status, StatusCode::OK);
        let laptop = device_of(&at_school).unwrap();
        // the attack of the issue: ten wrong passwords from anywhere
        for _ in 0..10 {
            assert_eq!(
                sign_in("wrong-password", "203.0.113.5", None).await.status,
                StatusCode::UNAUTHORIZED
            );
        }
        assert_eq!(
            sign_in("password-of-anna", "203.0.113.5", None).await.status,
            StatusCode::TOO_MANY_REQUESTS,
            "{url}: a stranger's device waits"
        );
        assert_eq!(
            sign_in("password-of-anna", "198.51.100.1", None).await.status,
            StatusCode::TOO_MANY_REQUESTS,
            "a new device waits"
        );
        let a = sign_in("password-of-anna", "10.0.0.1", Some(laptop.clone())).await;
        assert_eq!(a.status, StatusCode::OK, "her laptop does not: {}", a.text);
        // her laptop's own wrong passwords still count
        for _ in 0..10 {
            sign_in("wrong-password", "10.0.0.1", Some(laptop.clone())).await;
        }
        assert_eq!(
            sign_in("password-of-anna", "10.0.0.1", Some(laptop)).await.status,
            StatusCode::TOO_MANY_REQUESTS
        );
    }
}

#[tokio::test]
async fn sign_ups_from_one_address_are_limited() {
    for url in databases().await {
        let app = app_with(&url, Limits::default()).await;
        let sign_up = |k: usize, from: &'static str| {
            let app = &app;
            async move {
                app.call(Method::POST, &format!("{API}/teachers"), Some(json!({"name": "T", "login": format!("teacher-{k}"), "password": "a long password"})), None, &[("x-forwarded-for", from)]).await
            }
        };
        for k in 0..10 {
            assert_eq!(sign_up(k, "10.0.0.1").await.status, StatusCode::CREATED, "{url}: {k}");
        }
        let a = sign_up(10, "10.0.0.1").await;
        assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS, "{}", a.text);
        retry_after(&a);
        assert_eq!(sign_up(11, "10.0.0.2").await.status, StatusCode::CREATED);
    }
}

// ---------------------------------------------------------------- point 6 (the server's share)

#[tokio::test]
async fn a_login_that_looks_like_a_password_is_not_stored() {
    for url in databases().await {
        let app = App::new(&url).await;
        for (login, password) in
            [("Correct Horse 42", "correct horse 42"), ("my-secret-pass-9", "secret-pass")]
        {
            let a = app
                .call(
                    Method::POST,
                    &format!("{API}/teachers"),
                    Some(json!({"name": "Anna", "login": login, "password": password})),
                    None,
                    &[],
                )
                .await;
            assert_eq!(
                (a.status, a.json["field"].clone()),
                (StatusCode::UNPROCESSABLE_ENTITY, json!("login")),
                "{url}: {}",
                a.text
            );
        }
        // a password typed into the login field of the sign-in: not kept as it was typed
        app.teacher("anna").await;
        let typed = "Tr0ub4dor&3-typed-here";
        app.call(
            Method::POST,
            &format!("{API}/sessions/teacher"),
            Some(json!({"login": typed, "password": typed})),
            None,
            &[],
        )
        .await;
        for table in ["teachers", "sign_in_failures", "sessions", "known_devices"] {
            let rows = sqlx::query(&format!("SELECT * FROM {table}"))
                .fetch_all(&app.state.db.pool)
                .await
                .unwrap();
            for r in &rows {
                use sqlx::Row;
                for k in 0..r.len() {
                    let text: Option<String> = r.try_get(k).ok();
                    assert!(
                        !text.unwrap_or_default().to_lowercase().contains("tr0ub4dor"),
                        "{url}: {table} keeps the typed login"
                    );
                }
            }
        }
    }
}

#[tokio::test]
async fn a_teachers_lesson_plays_recordings_only_from_its_own_package() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("anna").await;
        let mut lesson: Value = serde_json::from_str(
            &std::fs::read_to_string(common::repo().join("lessons/bishop-stars-1.json")).unwrap(),
        )
        .unwrap();
        lesson["id"] = json!("my-voice");
        for elsewhere in [
            "https://tracker.example/a.webm",
            "//tracker.example/a.webm",
            "/audio/a.webm",
            "../other/a.webm",
            "audio/../../a.webm",
            "data:audio/webm;base64,AAAA",
            "javascript:alert(1)",
            "audio/a.webm?who=masha",
        ] {
            lesson["audio"] = json!({"/intro": {"ru": elsewhere}});
            let a = app.post(&format!("{API}/lessons"), lesson.clone(), &t).await;
            assert_eq!(
                (a.status, a.json["field"].clone()),
                (StatusCode::UNPROCESSABLE_ENTITY, json!("audio")),
                "{url}: {elsewhere}: {}",
                a.text
            );
        }
        lesson["audio"] = json!({"/intro": {"ru": "audio/my-voice/intro.ru.webm"}});
        let a = app.post(&format!("{API}/lessons"), lesson, &t).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
    }
}

#[test]
fn own_files_are_paths_inside_the_package() {
    use chess_tutor_server::limits::own_file;
    assert!(own_file("audio/rook-stars-1/intro.ru.webm") && own_file("intro.mp3"));
    for f in [
        "",
        "/a.webm",
        "http://x/a",
        "a/../../b",
        "./a",
        "a//b",
        "a\\b",
        "a b",
        "a?b",
        "a#b",
        "%2e%2e/a",
    ] {
        assert!(!own_file(f), "{f}");
    }
}
