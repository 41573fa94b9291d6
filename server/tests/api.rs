//! The class API against every rule it keeps, each test on a fresh SQLite database and (with
//! `TEST_DATABASE_URL=postgres://…`) a fresh PostgreSQL database: the whole loop, then every way to
//! break a rule of safety (another teacher's class, another pupil's attempt, a foreign origin, a
//! sixth wrong picture, ten wrong passwords, a forged attempt, a resend, a body too large, a broken
//! lesson, a formula in the CSV) and what must survive a restart.

mod common;

use axum::http::{header, Method, StatusCode};
use common::{databases, solution, uuid, App};
use serde_json::{json, Value};

const API: &str = "/api/v1";

#[tokio::test]
async fn the_whole_loop() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("anna").await;
        let me = app.get(&format!("{API}/me"), &t).await;
        assert_eq!(me.json["role"], "teacher", "{url}");
        assert_eq!(me.json["login"], "anna");
        let (class, code, pupils) = app.class(&t, &["Маша", "Petya", "Lena"]).await;
        assert_eq!(pupils.len(), 3);
        assert!(
            code.len() == 6 && code.bytes().all(|c| b"ABCDEFHJKMNPRTUWXY34679".contains(&c)),
            "{code}"
        );
        let list = app.get(&format!("{API}/classes"), &t).await;
        assert_eq!(list.json["classes"][0]["pupils"], 3);
        let cards = app.get(&format!("{API}/classes/{class}/pupils"), &t).await;
        assert_eq!(cards.json["pupils"][0]["pictures"].as_array().unwrap().len(), 3);
        assert_eq!(cards.json["pupils"][0]["locked"], false);
        let a = app.post(&format!("{API}/classes/{class}/assignments"), json!({"lessons": ["bishop-stars-1", "board-names-question"], "due": "2030-01-31", "pass": 2}), &t).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
        assert_eq!(
            app.get(&format!("{API}/classes/{class}/assignments"), &t).await.json["assignments"][0]
                ["pass"],
            2
        );

        // the pupil: roster, sign-in (the code in any case), homework, attempts
        let roster = app
            .call(Method::GET, &format!("{API}/roster/{}", code.to_lowercase()), None, None, &[])
            .await;
        assert_eq!(roster.json["pupils"][0]["name"], "Маша");
        let p = app.pupil(&code.to_lowercase(), &pupils[0]).await;
        let me = app.get(&format!("{API}/me"), &p).await;
        assert_eq!(
            (me.json["role"].as_str(), me.json["class"]["code"].as_str()),
            (Some("pupil"), Some(code.as_str()))
        );
        let hw = app.get(&format!("{API}/homework"), &p).await;
        assert_eq!(hw.json["assignments"][0]["lessons"][0]["id"], "bishop-stars-1", "{}", hw.text);
        assert_eq!(hw.json["assignments"][0]["lessons"][0]["best"], Value::Null);
        assert_eq!(
            hw.json["assignments"][0]["lessons"][0]["title"]["en"],
            "The bishop collects stars"
        );
        let id = uuid();
        let moves = solution("bishop-stars-1");
        let sent = app.post(&format!("{API}/attempts"), json!({"id": id, "lesson": "bishop-stars-1", "moves": moves, "hints": 1, "ms": 12_345}), &p).await;
        assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.text);
        // a hint costs no star: the stars are the player's, the ones the child saw
        assert_eq!(sent.json, json!({"stars": 3, "solved": true}));
        let q = app.post(&format!("{API}/attempts"), json!({"id": uuid(), "lesson": "board-names-question", "moves": [], "answers": [0], "hints": 0, "ms": 3000}), &p).await;
        assert_eq!(q.json, json!({"stars": 3, "solved": true}));
        let hw = app.get(&format!("{API}/homework"), &p).await;
        assert_eq!(hw.json["assignments"][0]["lessons"][0]["best"], 3);
        assert_eq!(hw.json["assignments"][0]["lessons"][0]["solved"], true);

        // the teacher: results, the attempts, the replay, the CSV
        let r = app.get(&format!("{API}/classes/{class}/results"), &t).await;
        assert_eq!(r.json["lessons"], json!(["bishop-stars-1", "board-names-question"]));
        let masha = &r.json["pupils"][0];
        assert_eq!(masha["lessons"]["bishop-stars-1"]["stars"], 3);
        assert_eq!(masha["lessons"]["bishop-stars-1"]["attempts"], 1);
        assert_eq!(masha["lessons"]["bishop-stars-1"]["hints"], 1);
        assert_eq!(masha["lessons"]["bishop-stars-1"]["ms"], 12_345);
        assert_eq!(r.json["pupils"][1]["lessons"], json!({}), "a pupil who has not started");
        let list =
            app.get(&format!("{API}/classes/{class}/attempts?lesson=bishop-stars-1"), &t).await;
        assert_eq!(list.json["attempts"].as_array().unwrap().len(), 1);
        let replay = app.get(&format!("{API}/attempts/{id}"), &t).await;
        assert_eq!(replay.json["moves"], json!(moves));
        assert_eq!(replay.json["stars"], 3);
        assert_eq!(
            app.get(&format!("{API}/attempts/{id}"), &p).await.status,
            StatusCode::OK,
            "the pupil sees her own attempt"
        );
        let csv = app.get(&format!("{API}/classes/{class}/results.csv"), &t).await;
        assert!(csv.headers[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/csv"));
        assert!(
            csv.text.contains("Маша,The bishop collects stars,3,1,yes,0,0,0,no,1,0:00:12,"),
            "{}",
            csv.text
        );
        assert!(
            csv.text.contains("Petya,The bishop collects stars,,0,no,0,0,0,no,0,,"),
            "{}",
            csv.text
        );

        // sign out: the session is gone
        let out = app.post(&format!("{API}/sessions/sign-out"), json!({}), &p).await;
        assert_eq!(out.status, StatusCode::NO_CONTENT);
        assert_eq!(app.get(&format!("{API}/me"), &p).await.status, StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn another_teachers_class_pupil_and_attempt_are_not_found() {
    for url in databases().await {
        let app = App::new(&url).await;
        let anna = app.teacher("anna").await;
        let boris = app.teacher("boris").await;
        let (class, code, pupils) = app.class(&anna, &["Маша"]).await;
        let pupil = pupils[0]["id"].as_str().unwrap();
        let p = app.pupil(&code, &pupils[0]).await;
        let id = uuid();
        app.post(&format!("{API}/attempts"), json!({"id": id, "lesson": "board-names-question", "moves": [], "answers": [0], "hints": 0, "ms": 1}), &p).await;
        for path in ["pupils", "results", "results.csv", "assignments", "attempts"] {
            let a = app.get(&format!("{API}/classes/{class}/{path}"), &boris).await;
            assert_eq!(a.status, StatusCode::NOT_FOUND, "{url} {path}: {}", a.text);
        }
        let posts = [
            (format!("{API}/classes/{class}/pupils"), json!({"names": ["Eve"]})),
            (format!("{API}/classes/{class}/assignments"), json!({"lessons": ["bishop-stars-1"]})),
            (format!("{API}/pupils/{pupil}/reset-pictures"), json!({})),
            (format!("{API}/pupils/{pupil}/unlock"), json!({})),
        ];
        for (path, body) in posts {
            assert_eq!(app.post(&path, body, &boris).await.status, StatusCode::NOT_FOUND, "{path}");
        }
        assert_eq!(
            app.delete(&format!("{API}/pupils/{pupil}"), &boris).await.status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            app.delete(&format!("{API}/classes/{class}"), &boris).await.status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            app.get(&format!("{API}/attempts/{id}"), &boris).await.status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(app.get(&format!("{API}/classes"), &boris).await.json["classes"], json!([]));
        // nothing was changed: Anna's class is whole, the pupil's pictures the same
        let cards = app.get(&format!("{API}/classes/{class}/pupils"), &anna).await;
        assert_eq!(cards.json["pupils"][0]["pictures"], pupils[0]["pictures"]);
        assert_eq!(app.get(&format!("{API}/attempts/{id}"), &anna).await.status, StatusCode::OK);
    }
}

#[tokio::test]
async fn a_pupil_cannot_use_teacher_routes_nor_see_another_pupils_attempt() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("anna").await;
        let (class, code, pupils) = app.class(&t, &["Маша", "Petya"]).await;
        let masha = app.pupil(&code, &pupils[0]).await;
        let petya = app.pupil(&code, &pupils[1]).await;
        for path in [
            format!("{API}/classes"),
            format!("{API}/classes/{class}/pupils"),
            format!("{API}/classes/{class}/results"),
            format!("{API}/classes/{class}/results.csv"),
        ] {
            let a = app.get(&path, &masha).await;
            assert!(
                matches!(a.status, StatusCode::FORBIDDEN | StatusCode::NOT_FOUND),
                "{url} {path}: {}",
                a.status
            );
        }
        let a = app.post(&format!("{API}/classes"), json!({"name": "mine"}), &masha).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN);
        let other = pupils[1]["id"].as_str().unwrap();
        assert_eq!(
            app.delete(&format!("{API}/pupils/{other}"), &masha).await.status,
            StatusCode::FORBIDDEN
        );
        // Petya's attempt: not Masha's to see
        let id = uuid();
        app.post(&format!("{API}/attempts"), json!({"id": id, "lesson": "board-names-question", "moves": [], "answers": [0], "hints": 0, "ms": 1}), &petya).await;
        assert_eq!(
            app.get(&format!("{API}/attempts/{id}"), &masha).await.status,
            StatusCode::NOT_FOUND
        );
        // nor may she take its id
        let a = app.post(&format!("{API}/attempts"), json!({"id": id, "lesson": "board-names-question", "moves": [], "answers": [1], "hints": 0, "ms": 1}), &masha).await;
        assert_eq!(a.status, StatusCode::CONFLICT);
        // a teacher does not submit attempts; signed out is 401
        let a = app.post(&format!("{API}/attempts"), json!({"id": uuid(), "lesson": "board-names-question", "moves": [], "answers": [0], "hints": 0, "ms": 1}), &t).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN);
        assert_eq!(
            app.get(&format!("{API}/homework"), "ct_session=forged").await.status,
            StatusCode::UNAUTHORIZED
        );
    }
}

#[tokio::test]
async fn a_request_from_another_origin_is_refused() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("anna").await;
        let body = || Some(json!({"name": "3A"}));
        for origin in ["http://evil.example", "null", "http://school.test.evil.example"] {
            let a = app
                .call(
                    Method::POST,
                    &format!("{API}/classes"),
                    body(),
                    Some(&t),
                    &[("origin", origin)],
                )
                .await;
            assert_eq!(a.status, StatusCode::FORBIDDEN, "{url} {origin}");
            assert_eq!(a.json["error"], "origin");
        }
        let a = app
            .call(
                Method::POST,
                &format!("{API}/sessions/teacher"),
                Some(json!({"login": "anna", "password": "password-of-anna"})),
                None,
                &[("origin", "http://evil.example")],
            )
            .await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "no sign-in from another site");
        assert_eq!(
            app.get(&format!("{API}/classes"), &t).await.json["classes"],
            json!([]),
            "nothing was made"
        );
        // the own origin, and no Origin at all (curl, the tests), pass; so does a GET from elsewhere
        let a = app
            .call(
                Method::POST,
                &format!("{API}/classes"),
                body(),
                Some(&t),
                &[("origin", "http://school.test")],
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED);
        let a = app
            .call(
                Method::POST,
                &format!("{API}/classes"),
                body(),
                Some(&t),
                &[("origin", "https://school.test")],
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED);
        let a = app
            .call(
                Method::GET,
                &format!("{API}/classes"),
                None,
                Some(&t),
                &[("origin", "http://evil.example")],
            )
            .await;
        assert_eq!(a.status, StatusCode::OK);
    }
}

#[tokio::test]
async fn a_sixth_wrong_picture_from_one_device_waits_until_the_teacher_unlocks() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("anna").await;
        let (_, code, pupils) = app.class(&t, &["Маша"]).await;
        let mut wrong = pupils[0].clone();
        let right: Vec<String> = serde_json::from_value(pupils[0]["pictures"].clone()).unwrap();
        let other: Vec<&str> = ["cat", "dog", "fish", "bird"]
            .into_iter()
            .filter(|p| !right.iter().any(|r| r == p))
            .take(3)
            .collect();
        wrong["pictures"] = json!(other);
        for k in 1..=5 {
            let a = app.pupil_sign_in(&code, &wrong).await;
            assert_eq!(a.status, StatusCode::UNAUTHORIZED, "{url}: wrong try {k}");
        }
        let a = app.pupil_sign_in(&code, &wrong).await;
        assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS, "the sixth");
        let wait: u64 = a.headers[header::RETRY_AFTER].to_str().unwrap().parse().unwrap();
        assert!((800..=900).contains(&wait), "{wait}");
        // this device (here: the address, no device cookie) waits: the right pictures too
        assert_eq!(
            app.pupil_sign_in(&code, &pupils[0]).await.status,
            StatusCode::TOO_MANY_REQUESTS
        );
        let pupil = pupils[0]["id"].as_str().unwrap();
        assert_eq!(
            app.post(&format!("{API}/pupils/{pupil}/unlock"), json!({}), &t).await.status,
            StatusCode::NO_CONTENT
        );
        assert_eq!(app.pupil_sign_in(&code, &pupils[0]).await.status, StatusCode::OK);
        // new pictures: the old ones no longer open
        let reset = app.post(&format!("{API}/pupils/{pupil}/reset-pictures"), json!({}), &t).await;
        assert_eq!(reset.json["pictures"].as_array().unwrap().len(), 3);
        let mut renewed = pupils[0].clone();
        renewed["pictures"] = reset.json["pictures"].clone();
        assert_eq!(app.pupil_sign_in(&code, &renewed).await.status, StatusCode::OK);
    }
}

#[tokio::test]
async fn ten_wrong_teacher_passwords_are_refused_with_429() {
    for url in databases().await {
        let app = App::new(&url).await;
        app.teacher("anna").await;
        app.teacher("boris").await;
        let sign_in = |login: &'static str, password: &'static str| {
            let app = &app;
            async move {
                app.call(
                    Method::POST,
                    &format!("{API}/sessions/teacher"),
                    Some(json!({"login": login, "password": password})),
                    None,
                    &[],
                )
                .await
            }
        };
        for k in 1..=10 {
            assert_eq!(
                sign_in("anna", "wrong-password").await.status,
                StatusCode::UNAUTHORIZED,
                "{url}: try {k}"
            );
        }
        let a = sign_in("ANNA", "password-of-anna").await;
        assert_eq!(
            a.status,
            StatusCode::TOO_MANY_REQUESTS,
            "the right password after ten wrong ones"
        );
        assert!(a.headers.contains_key(header::RETRY_AFTER));
        assert_eq!(
            sign_in("boris", "password-of-boris").await.status,
            StatusCode::OK,
            "another login is not held back"
        );
    }
}

#[tokio::test]
async fn sixty_pupil_sign_ins_a_minute_from_one_address_are_not_refused() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("anna").await;
        let names: Vec<String> = (1..=30).map(|k| format!("Pupil {k}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let (_, code1, first) = app.class(&t, &names).await;
        let (_, code2, second) = app.class(&t, &names).await;
        for (code, pupils) in [(code1, first), (code2, second)] {
            for p in &pupils {
                let a = app
                    .call(
                        Method::POST,
                        &format!("{API}/sessions/pupil"),
                        Some(json!({"code": code, "pupil": p["id"], "pictures": p["pictures"]})),
                        None,
                        &[("x-forwarded-for", "10.0.0.1")],
                    )
                    .await;
                assert_eq!(a.status, StatusCode::OK, "{url}: {}", a.text);
            }
        }
    }
}

#[tokio::test]
async fn a_forged_attempt_is_not_solved() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("anna").await;
        let (_, code, pupils) = app.class(&t, &["Маша"]).await;
        let p = app.pupil(&code, &pupils[0]).await;
        let send = |lesson: &'static str, moves: Vec<String>, extra: Value| {
            let (app, p) = (&app, &p);
            async move {
                let mut body =
                    json!({"id": uuid(), "lesson": lesson, "moves": moves, "hints": 0, "ms": 10});
                body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
                app.post(&format!("{API}/attempts"), body, p).await
            }
        };
        // an illegal move, with the stars claimed
        let a =
            send("bishop-stars-1", vec!["c1c4".into()], json!({"stars": 3, "solved": true})).await;
        assert!(a.status.is_success(), "{url}: {}", a.text);
        assert_eq!(a.json, json!({"stars": 0, "solved": false}));
        // the goal not reached
        let mut short = solution("bishop-stars-1");
        short.pop();
        assert_eq!(
            send("bishop-stars-1", short, json!({})).await.json,
            json!({"stars": 0, "solved": false})
        );
        // a reply that is not the server's: the defender's reply swapped for another move
        let mut forged = solution("mate-2-ladder");
        assert!(forged.len() >= 3);
        forged[1] = if forged[1] == "h8g8" { "h8h7".into() } else { "h8g8".into() };
        assert_eq!(
            send("mate-2-ladder", forged, json!({"stars": 3})).await.json,
            json!({"stars": 0, "solved": false})
        );
        // the true line is solved
        assert_eq!(
            send("mate-2-ladder", solution("mate-2-ladder"), json!({})).await.json,
            json!({"stars": 3, "solved": true})
        );
        // a lesson that does not exist, an id that is not a UUID
        let a = send("no-such-lesson", vec![], json!({})).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
        let a = app
            .post(
                &format!("{API}/attempts"),
                json!({"id": "1", "lesson": "bishop-stars-1", "moves": [], "hints": 0, "ms": 1}),
                &p,
            )
            .await;
        assert_eq!(
            (a.status, a.json["field"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some("id"))
        );
        // the stored stars are the judged ones
        let r = app
            .get(
                &format!(
                    "{API}/classes/{}/results",
                    app.get(&format!("{API}/classes"), &t).await.json["classes"][0]["id"]
                        .as_str()
                        .unwrap()
                ),
                &t,
            )
            .await;
        assert_eq!(r.json["pupils"][0]["lessons"]["bishop-stars-1"]["stars"], 0);
        assert_eq!(r.json["pupils"][0]["lessons"]["bishop-stars-1"]["solved"], false);
    }
}

#[tokio::test]
async fn a_resent_attempt_is_stored_once() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("anna").await;
        let (class, code, pupils) = app.class(&t, &["Маша"]).await;
        let p = app.pupil(&code, &pupils[0]).await;
        let id = uuid();
        let body = json!({"id": id, "lesson": "bishop-stars-1", "moves": solution("bishop-stars-1"), "hints": 0, "ms": 10});
        let first = app.post(&format!("{API}/attempts"), body.clone(), &p).await;
        assert_eq!(first.status, StatusCode::CREATED);
        // the resend (even changed: the first one stands), and ten at once
        let mut changed = body.clone();
        changed["moves"] = json!(["c1c4"]);
        let again = app.post(&format!("{API}/attempts"), changed, &p).await;
        assert_eq!((again.status, &again.json), (StatusCode::OK, &first.json), "{url}");
        let path = format!("{API}/attempts");
        let burst = (0..10).map(|_| app.post(&path, body.clone(), &p));
        for a in futures_join(burst).await {
            assert_eq!((a.status, &a.json), (StatusCode::OK, &first.json));
        }
        let list = app.get(&format!("{API}/classes/{class}/attempts"), &t).await;
        assert_eq!(list.json["attempts"].as_array().unwrap().len(), 1);
        assert_eq!(app.state.db.count_attempts().await.unwrap(), 1);
        // a new id at once from two requests: stored once, both answered
        let body = json!({"id": uuid(), "lesson": "board-names-question", "moves": [], "answers": [0], "hints": 0, "ms": 10});
        let both = futures_join((0..2).map(|_| app.post(&path, body.clone(), &p))).await;
        assert!(both.iter().all(|a| a.status.is_success() && a.json["solved"] == true));
        assert_eq!(app.state.db.count_attempts().await.unwrap(), 2);
    }
}

/// Run futures at once (on this task) and collect their outputs in order.
async fn futures_join<F: std::future::Future>(futures: impl Iterator<Item = F>) -> Vec<F::Output> {
    let handles: Vec<_> = futures.map(Box::pin).collect();
    let mut out = Vec::new();
    // poll them together: a join of all, in order
    let all = async {
        let mut pinned = handles;
        let mut results: Vec<Option<F::Output>> = (0..pinned.len()).map(|_| None).collect();
        std::future::poll_fn(|cx| {
            let mut pending = false;
            for (k, f) in pinned.iter_mut().enumerate() {
                if results[k].is_none() {
                    match f.as_mut().poll(cx) {
                        std::task::Poll::Ready(v) => results[k] = Some(v),
                        std::task::Poll::Pending => pending = true,
                    }
                }
            }
            if pending {
                std::task::Poll::Pending
            } else {
                std::task::Poll::Ready(())
            }
        })
        .await;
        results.into_iter().map(Option::unwrap).collect::<Vec<_>>()
    };
    out.extend(all.await);
    out
}

#[tokio::test]
async fn a_body_over_256_kib_is_refused_with_413() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("anna").await;
        let (class, _, _) = app.class(&t, &["Маша"]).await;
        let big = "x".repeat(300 * 1024);
        let a =
            app.post(&format!("{API}/classes/{class}/pupils"), json!({"names": [big]}), &t).await;
        assert_eq!(
            a.status,
            StatusCode::PAYLOAD_TOO_LARGE,
            "{url}: {}",
            &a.text[..a.text.len().min(200)]
        );
        assert_eq!(a.json["error"], "too-large");
        let a = app.post(&format!("{API}/lessons"), json!({"id": "big", "intro": big}), &t).await;
        assert_eq!(a.status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(a.json["error"], "too-large");
        let a = app
            .post(
                &format!("{API}/teachers"),
                json!({"name": big, "login": "x", "password": "12345678"}),
                "",
            )
            .await;
        assert_eq!(a.status, StatusCode::PAYLOAD_TOO_LARGE);
    }
}

#[tokio::test]
async fn a_broken_lesson_is_refused_naming_the_problem_and_a_good_one_is_assigned() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("anna").await;
        let (class, code, pupils) = app.class(&t, &["Маша"]).await;
        let good: Value = serde_json::from_str(
            &std::fs::read_to_string(common::repo().join("lessons/bishop-stars-1.json")).unwrap(),
        )
        .unwrap();
        // a star on a square the bishop never reaches
        let mut broken = good.clone();
        broken["id"] = json!("my-bishop");
        broken["goal"]["squares"] = json!(["e3", "h6", "a9"]);
        let a = app.post(&format!("{API}/lessons"), broken, &t).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {}", a.text);
        assert_eq!(a.json["error"], "lesson");
        let problems = a.json["problems"].as_array().unwrap();
        assert!(
            problems.iter().any(|p| p["place"].as_str().unwrap().contains("/goal/squares")),
            "{}",
            a.text
        );
        // each problem with its message id and arguments, for the app to say in the teacher's words
        for p in problems {
            let id = p["id"].as_str().unwrap_or_default();
            assert!(!id.is_empty() && p["args"].is_object(), "{p}");
            assert!(
                chess_tutor::message::en::template(id).is_some(),
                "{id} is a message of the catalogue"
            );
        }
        // not JSON at all
        let a = app.call(Method::POST, &format!("{API}/lessons"), None, Some(&t), &[]).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
        // a course lesson's id
        assert_eq!(
            app.post(&format!("{API}/lessons"), good.clone(), &t).await.status,
            StatusCode::CONFLICT
        );
        // a good lesson of her own: stored, assigned, played by the pupil
        let mut own = good.clone();
        own["id"] = json!("my-bishop");
        let a = app.post(&format!("{API}/lessons"), own, &t).await;
        assert_eq!(
            (a.status, &a.json),
            (StatusCode::CREATED, &json!({"id": "my-bishop"})),
            "{}",
            a.text
        );
        let p = app.pupil(&code, &pupils[0]).await;
        assert_eq!(
            app.get(&format!("{API}/lessons/my-bishop"), &p).await.status,
            StatusCode::NOT_FOUND,
            "not assigned yet"
        );
        let a = app
            .post(
                &format!("{API}/classes/{class}/assignments"),
                json!({"lessons": ["my-bishop", "nope"]}),
                &t,
            )
            .await;
        assert_eq!(
            (a.status, a.json["field"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some("lessons"))
        );
        let a = app
            .post(
                &format!("{API}/classes/{class}/assignments"),
                json!({"lessons": ["my-bishop"], "due": "2030-02-30"}),
                &t,
            )
            .await;
        assert_eq!(a.json["field"], "due");
        let a = app
            .post(
                &format!("{API}/classes/{class}/assignments"),
                json!({"lessons": ["my-bishop"], "pass": 4}),
                &t,
            )
            .await;
        assert_eq!(a.json["field"], "pass");
        assert_eq!(
            app.post(
                &format!("{API}/classes/{class}/assignments"),
                json!({"lessons": ["my-bishop"]}),
                &t
            )
            .await
            .status,
            StatusCode::CREATED
        );
        let l = app.get(&format!("{API}/lessons/my-bishop"), &p).await;
        assert_eq!(l.json["id"], "my-bishop");
        let hw = app.get(&format!("{API}/homework"), &p).await;
        assert_eq!(hw.json["assignments"][0]["lessons"][0]["own"], true);
        let a = app.post(&format!("{API}/attempts"), json!({"id": uuid(), "lesson": "my-bishop", "moves": solution("bishop-stars-1"), "hints": 0, "ms": 1}), &p).await;
        assert_eq!(a.json, json!({"stars": 3, "solved": true}));
        // another teacher's pupils do not get it
        let boris = app.teacher("boris").await;
        assert_eq!(
            app.get(&format!("{API}/lessons/my-bishop"), &boris).await.status,
            StatusCode::NOT_FOUND
        );
    }
}

#[tokio::test]
async fn a_formula_in_a_name_is_not_a_formula_in_the_csv() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("anna").await;
        let (class, _, _) = app
            .class(&t, &["=HYPERLINK(\"http://x\")", "+1", "-2", "@SUM(A1)", "Smith, John"])
            .await;
        app.post(
            &format!("{API}/classes/{class}/assignments"),
            json!({"lessons": ["bishop-stars-1"]}),
            &t,
        )
        .await;
        let csv = app.get(&format!("{API}/classes/{class}/results.csv"), &t).await.text;
        for line in csv.lines().skip(1) {
            assert!(
                !line.starts_with(['=', '+', '-', '@']) && !line.starts_with("\"="),
                "{url}: {line}"
            );
        }
        assert!(
            csv.contains("\"'=HYPERLINK(\"\"http://x\"\")\",The bishop collects stars"),
            "{csv}"
        );
        assert!(
            csv.contains("\n'+1,") && csv.contains("\n'-2,") && csv.contains("\n'@SUM(A1),"),
            "{csv}"
        );
        assert!(csv.contains("\n\"Smith, John\","), "{csv}");
    }
}

#[tokio::test]
async fn removing_a_pupil_or_a_class_deletes_their_attempts() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("anna").await;
        let (class, code, pupils) = app.class(&t, &["Маша", "Petya"]).await;
        let mut ids = Vec::new();
        for pupil in &pupils {
            let p = app.pupil(&code, pupil).await;
            let id = uuid();
            app.post(&format!("{API}/attempts"), json!({"id": id, "lesson": "board-names-question", "moves": [], "answers": [0], "hints": 0, "ms": 1}), &p).await;
            ids.push((id, p));
        }
        let masha = pupils[0]["id"].as_str().unwrap();
        assert_eq!(
            app.delete(&format!("{API}/pupils/{masha}"), &t).await.status,
            StatusCode::NO_CONTENT
        );
        assert_eq!(
            app.get(&format!("{API}/attempts/{}", ids[0].0), &t).await.status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            app.get(&format!("{API}/me"), &ids[0].1).await.status,
            StatusCode::UNAUTHORIZED,
            "her session ended"
        );
        assert_eq!(app.state.db.count_attempts().await.unwrap(), 1);
        assert_eq!(
            app.delete(&format!("{API}/classes/{class}"), &t).await.status,
            StatusCode::NO_CONTENT
        );
        assert_eq!(app.state.db.count_attempts().await.unwrap(), 0);
        assert_eq!(
            app.get(&format!("{API}/classes/{class}/pupils"), &t).await.status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            app.call(Method::GET, &format!("{API}/roster/{code}"), None, None, &[]).await.status,
            StatusCode::NOT_FOUND
        );
    }
}

#[tokio::test]
async fn sessions_survive_a_restart_and_passwords_are_stored_hashed() {
    for url in databases().await {
        let (t, p) = {
            let app = App::new(&url).await;
            let t = app.teacher("anna").await;
            let (_, code, pupils) = app.class(&t, &["Маша"]).await;
            let p = app.pupil(&code, &pupils[0]).await;
            app.state.db.pool.close().await;
            (t, p)
        };
        let app = App::new(&url).await;
        assert_eq!(app.get(&format!("{API}/me"), &t).await.json["role"], "teacher", "{url}");
        assert_eq!(app.get(&format!("{API}/me"), &p).await.json["role"], "pupil");
        // the database holds neither the password nor the token
        use sqlx::Row;
        let hash: String = sqlx::query("SELECT password FROM teachers")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap()
            .get("password");
        assert!(hash.starts_with("$argon2id$") && !hash.contains("password-of-anna"), "{hash}");
        let tokens: Vec<String> = sqlx::query("SELECT token FROM sessions")
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap()
            .iter()
            .map(|r| r.get("token"))
            .collect();
        let raw = t.trim_start_matches("ct_session=");
        assert!(tokens.iter().all(|s| s.len() == 64 && s != raw), "{tokens:?}");
        assert!(tokens.contains(&chess_tutor_server::util::sha256_hex(raw)));
    }
}

#[tokio::test]
async fn cookies_are_http_only_and_lax_and_secure_over_https() {
    for url in databases().await {
        let app = App::new(&url).await;
        let a = app
            .call(
                Method::POST,
                &format!("{API}/teachers"),
                Some(json!({"name": "A", "login": "a", "password": "12345678"})),
                None,
                &[],
            )
            .await;
        let c = a.headers[header::SET_COOKIE].to_str().unwrap().to_string();
        assert!(
            c.contains("HttpOnly") && c.contains("SameSite=Lax") && !c.contains("Secure"),
            "{c}"
        );
        let a = app
            .call(
                Method::POST,
                &format!("{API}/sessions/teacher"),
                Some(json!({"login": "a", "password": "12345678"})),
                None,
                &[("x-forwarded-proto", "https")],
            )
            .await;
        assert!(a.headers[header::SET_COOKIE].to_str().unwrap().contains("; Secure"));
        // the rules of sign-up
        let a = app
            .call(
                Method::POST,
                &format!("{API}/teachers"),
                Some(json!({"name": "A", "login": "A ", "password": "12345678"})),
                None,
                &[],
            )
            .await;
        assert_eq!(a.status, StatusCode::CONFLICT, "logins are compared trimmed, in lower case");
        let a = app
            .call(
                Method::POST,
                &format!("{API}/teachers"),
                Some(json!({"name": "B", "login": "b", "password": "1234567"})),
                None,
                &[],
            )
            .await;
        assert_eq!(
            (a.status, a.json["field"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some("password"))
        );
    }
}

#[tokio::test]
async fn migrations_run_from_an_empty_database_and_again_without_change() {
    for url in databases().await {
        let app = App::new(&url).await;
        let applied = sqlx::query("SELECT version FROM _sqlx_migrations")
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap()
            .len();
        assert_eq!(applied, chess_tutor_server::db::MIGRATOR.iter().count(), "{url}");
        app.state.db.pool.close().await;
        // started again on the same database: nothing to do, nothing lost
        let again = App::new(&url).await;
        let n = sqlx::query("SELECT version FROM _sqlx_migrations")
            .fetch_all(&again.state.db.pool)
            .await
            .unwrap()
            .len();
        assert_eq!(n, applied);
    }
}

#[tokio::test]
async fn the_openapi_document_names_every_operation_of_the_contract() {
    let app = App::new(&databases().await[0]).await;
    let doc = app.call(Method::GET, &format!("{API}/openapi.json"), None, None, &[]).await.text;
    for op in [
        "health",
        "me",
        "teacherSignUp",
        "teacherSignIn",
        "signOut",
        "createClass",
        "listClasses",
        "classPupils",
        "addPupils",
        "resetPictures",
        "unlockPupil",
        "removePupil",
        "removeClass",
        "classRoster",
        "pupilSignIn",
        "uploadLesson",
        "getLesson",
        "createAssignment",
        "listAssignments",
        "homework",
        "submitAttempt",
        "classResults",
        "listAttempts",
        "attempt",
        "exportResults",
        "classSkills",
    ] {
        assert!(doc.contains(&format!("\"operationId\":\"{op}\"")), "{op}");
    }
    let a = app.call(Method::GET, &format!("{API}/no-such-route"), None, None, &[]).await;
    assert_eq!((a.status, a.json["error"].as_str()), (StatusCode::NOT_FOUND, Some("not-found")));
}

#[tokio::test]
async fn the_app_is_served_with_the_headers_of_serve_json() {
    let mut config = common::config();
    std::fs::copy(common::repo().join("www/serve.json"), config.dist.join("serve.json")).unwrap();
    std::fs::write(config.dist.join("index.html"), "<!doctype html>home").unwrap();
    std::fs::write(config.dist.join("csp.html"), "<!doctype html>csp").unwrap();
    std::fs::write(config.dist.join("embed.html"), "<!doctype html>embed").unwrap();
    std::fs::create_dir_all(config.dist.join("pkg")).unwrap();
    std::fs::write(config.dist.join("pkg/x_bg.wasm"), b"\0asm").unwrap();
    config.log = false;
    let app = App::with(&databases().await[0], config).await;
    let get = |path: &'static str| app.call(Method::GET, path, None, None, &[]);
    let a = get("/").await;
    assert_eq!((a.status, a.text.as_str()), (StatusCode::OK, "<!doctype html>home"));
    let a = get("/csp.html").await;
    assert!(a.headers["content-security-policy"].to_str().unwrap().contains("default-src 'self'"));
    let a = get("/embed").await;
    assert_eq!(a.text, "<!doctype html>embed", "clean URLs");
    assert!(a.headers["content-security-policy"].to_str().unwrap().contains("frame-ancestors *"));
    let a = get("/pkg/x_bg.wasm").await;
    assert_eq!(a.headers[header::CONTENT_TYPE], "application/wasm");
    assert_eq!(get("/nothing.js").await.status, StatusCode::NOT_FOUND);
    assert_eq!(get("/../Cargo.toml").await.status, StatusCode::NOT_FOUND);
    assert!(get("/api/v1/health").await.headers[header::CACHE_CONTROL]
        .to_str()
        .unwrap()
        .contains("no-store"));
}

#[tokio::test]
async fn wrong_passwords_from_one_address_are_limited_higher_than_per_login() {
    for url in databases().await {
        let mut config = common::config();
        config.behind_proxy = true;
        let app = App::with(&url, config).await;
        let sign_in = |login: String, from: &'static str| {
            let app = &app;
            async move {
                app.call(
                    Method::POST,
                    &format!("{API}/sessions/teacher"),
                    Some(json!({"login": login, "password": "wrong-password"})),
                    None,
                    &[("x-forwarded-for", from)],
                )
                .await
            }
        };
        // 50 wrong passwords from one address, 5 for each of 10 logins: none of them is held back
        for k in 0..50 {
            assert_eq!(
                sign_in(format!("login-{}", k % 10), "10.0.0.1").await.status,
                StatusCode::UNAUTHORIZED,
                "{url}: try {k}"
            );
        }
        let a = sign_in("login-new".into(), "10.0.0.1").await;
        assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS, "the address's limit");
        assert_eq!(
            sign_in("login-new".into(), "10.0.0.2").await.status,
            StatusCode::UNAUTHORIZED,
            "another address is not"
        );
    }
}

#[tokio::test]
async fn an_attempt_returns_the_verdict_of_each_move_and_where_the_hints_were_asked() {
    use chess_tutor::lesson::goal::GoalType;
    use chess_tutor::lesson::player::Player;
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("anna").await;
        let (_, code, pupils) = app.class(&t, &["Masha"]).await;
        let p = app.pupil(&code, &pupils[0]).await;
        // a quiz solved after one wrong square, a hint asked before the first click and one after it
        let text =
            std::fs::read_to_string(common::repo().join("lessons/bishop-targets.json")).unwrap();
        let player = Player::new(chess_tutor::lesson::parse_lesson(&text).unwrap()).unwrap();
        let from = player.lesson().goal.quiz().unwrap();
        let targets: Vec<String> =
            player.board().quiz_targets(from).iter().map(|s| s.to_string()).collect();
        let wrong = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]
            .into_iter()
            .find(|s| !targets.iter().any(|t| t == s) && *s != from.to_string())
            .unwrap();
        let mut moves = vec![wrong.to_string()];
        moves.extend(targets.iter().cloned());
        let id = uuid();
        let sent = app.post(&format!("{API}/attempts"), json!({"id": id, "lesson": "bishop-targets", "moves": moves, "hints": 2, "hintsAt": [0, 1], "ms": 9000}), &p).await;
        assert_eq!(sent.status, StatusCode::CREATED, "{url}: {}", sent.text);
        assert_eq!(sent.json["solved"], true);
        let mut verdicts = vec![json!("mistake")];
        verdicts.extend(targets.iter().map(|_| json!("good")));
        for who in [&t, &p] {
            let a = app.get(&format!("{API}/attempts/{id}"), who).await;
            assert_eq!(a.json["verdicts"], Value::Array(verdicts.clone()), "{url}: {}", a.text);
            assert_eq!(a.json["hintsAt"], json!([0, 1]));
        }
        // a line with replies, and a forged reply: the judging stops there
        let mut forged = solution("mate-2-ladder");
        forged[1] = if forged[1] == "h8g8" { "h8h7".into() } else { "h8g8".into() };
        let id = uuid();
        let sent = app.post(&format!("{API}/attempts"), json!({"id": id, "lesson": "mate-2-ladder", "moves": forged, "hints": 1, "hintsAt": [99], "ms": 1}), &p).await;
        assert_eq!(sent.json["solved"], false);
        let a = app.get(&format!("{API}/attempts/{id}"), &t).await;
        let mut expected = vec![json!("good"), json!("refused")];
        expected.extend(forged[2..].iter().map(|_| json!("unplayed")));
        assert_eq!(a.json["verdicts"], Value::Array(expected), "{url}");
        assert_eq!(
            a.json["hintsAt"],
            json!([]),
            "a hint after more moves than were sent is dropped"
        );
        let id = uuid();
        app.post(&format!("{API}/attempts"), json!({"id": id, "lesson": "mate-2-ladder", "moves": solution("mate-2-ladder"), "hints": 0, "ms": 1}), &p).await;
        let a = app.get(&format!("{API}/attempts/{id}"), &t).await;
        assert_eq!(a.json["verdicts"], json!(["good", "reply", "good"]), "{url}: {}", a.text);
        assert_eq!(a.json["hintsAt"], json!([]));
    }
}

#[tokio::test]
async fn class_results_aggregate_every_attempt_of_a_pupil_at_a_lesson() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("anna").await;
        let (class, code, pupils) = app.class(&t, &["Masha", "Petya", "Lena"]).await;
        let masha = app.pupil(&code, &pupils[0]).await;
        let petya = app.pupil(&code, &pupils[1]).await;
        let send = |who: String, moves: Vec<String>, hints: u32, ms: u64| {
            let app = &app;
            async move {
                let a = app.post(&format!("{API}/attempts"), json!({"id": uuid(), "lesson": "bishop-stars-1", "moves": moves, "hints": hints, "ms": ms}), &who).await;
                assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
            }
        };
        send(masha.clone(), vec!["c1c4".into()], 2, 100).await;
        send(masha.clone(), solution("bishop-stars-1"), 1, 200).await;
        send(masha.clone(), vec![], 0, 50).await;
        send(petya.clone(), vec!["c1c4".into()], 0, 70).await;
        let r = app.get(&format!("{API}/classes/{class}/results"), &t).await;
        assert_eq!(r.status, StatusCode::OK, "{url}: {}", r.text);
        let row = |k: usize| r.json["pupils"][k]["lessons"]["bishop-stars-1"].clone();
        let m = row(0);
        assert_eq!(
            (&m["stars"], &m["attempts"], &m["solved"], &m["hints"], &m["ms"]),
            (&json!(3), &json!(3), &json!(true), &json!(3), &json!(350)),
            "{url}: best stars, every attempt, solved once, hints and time in all: {m}"
        );
        assert!(m["last"].as_str().unwrap().ends_with('Z'), "{m}");
        let p = row(1);
        assert_eq!(
            (&p["stars"], &p["attempts"], &p["solved"], &p["ms"]),
            (&json!(0), &json!(1), &json!(false), &json!(70)),
            "{url}: {p}"
        );
        assert_eq!(r.json["pupils"][2]["lessons"], json!({}), "{url}: Lena has not started");
        assert_eq!(r.json["pupils"][2]["name"], "Lena");
    }
}

/// The migrations are append-only: a database migrated by an older binary must take the newer
/// one's migrations on start, so a migration once committed never changes (sqlx would refuse to
/// start on a database where it ran: "previously applied but has been modified"). A change of
/// schema is a new file; this list grows by one line with it.
#[test]
fn migrations_are_append_only() {
    let pinned = [
        ("0001_init.sql", "e654d4c1d7fa97f16d07326bba2a297382d8c59e5090dbec1be2119063a0e05c"),
        (
            "0002_results_index.sql",
            "96fbf4413b30206826f3d6a9f72d89f84973a427f987660938e0c3325d49d088",
        ),
        (
            "0003_attempt_verdicts.sql",
            "e2d86cfeb4c38bb849e69db6de2ffa9f848401e5fc89b549d9b7844bd5b4f88d",
        ),
    ];
    let dir = common::repo().join("server/migrations");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert!(files.len() >= pinned.len(), "a migration was removed: {files:?}");
    for (name, sha) in pinned {
        let text = std::fs::read_to_string(dir.join(name))
            .unwrap_or_else(|_| panic!("{name} was removed or renamed"));
        assert_eq!(
            chess_tutor_server::util::sha256_hex(&text),
            sha,
            "{name} changed: migrations are append-only, add a new file instead"
        );
    }
}

#[tokio::test]
async fn migrations_run_from_the_previous_schema_and_keep_the_data() {
    for url in databases().await {
        // a database as the previous binary left it: only the first migration, with a class in it
        let first = common::temp_dir("migrations");
        std::fs::copy(
            common::repo().join("server/migrations/0001_init.sql"),
            first.join("0001_init.sql"),
        )
        .unwrap();
        {
            let db = chess_tutor_server::db::Db::connect_without_migrations(&url).await.unwrap();
            sqlx::migrate::Migrator::new(first.as_path())
                .await
                .unwrap()
                .run(&db.pool)
                .await
                .unwrap();
            sqlx::query("INSERT INTO teachers (id, name, login, password, created) VALUES ('t1', 'Anna', 'anna', 'x', 0)").execute(&db.pool).await.unwrap();
            sqlx::query("INSERT INTO classes (id, teacher, name, code, created) VALUES ('c1', 't1', '3A', 'ABCDEF', 0)").execute(&db.pool).await.unwrap();
            db.pool.close().await;
        }
        // the new binary starts on it: the later migrations run, the data stays
        let app = App::new(&url).await;
        let n = sqlx::query("SELECT version FROM _sqlx_migrations")
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap()
            .len();
        assert_eq!(n, chess_tutor_server::db::MIGRATOR.iter().count(), "{url}");
        assert!(n >= 2);
        assert_eq!(
            app.state
                .db
                .class_by(chess_tutor_server::db::ClassKey::Code("ABCDEF"))
                .await
                .unwrap()
                .map(|c| c.name),
            Some("3A".to_string())
        );
    }
}
