//! Every try reaches the teacher (issue 37), on SQLite and (with `TEST_DATABASE_URL`) PostgreSQL:
//! failed, restarted and left tries are judged and kept with their kind; the grid counts them
//! and marks who needs help; the replay has each move's notation and the words the child heard;
//! the CSV speaks the teacher's language; a class code typed on a Russian keyboard lets a child
//! in; a name twice in a class is refused.

mod common;

use axum::http::{Method, StatusCode};
use chess_tutor::lesson::attempt::Played;
use chess_tutor::lesson::player::Player;
use common::{databases, solution, uuid, App};
use serde_json::{json, Value};

const API: &str = "/api/v1";
const LESSON: &str = "mate-1-back-rank";

/// A move of the lesson's first position with the reply the player makes to it (UCI).
fn with_reply(id: &str, from: &str, to: &str) -> Vec<String> {
    let text = std::fs::read_to_string(common::repo().join(format!("lessons/{id}.json"))).unwrap();
    let mut p = Player::new(chess_tutor::lesson::parse_lesson(&text).unwrap()).unwrap();
    let sq = |s: &str| chess_tutor::board::Square::parse(s).unwrap();
    let out = p.play(sq(from), sq(to), None);
    let uci = |m: &Played| match m {
        Played::Chess(m) => m.uci.clone(),
        Played::Pieces(m) => m.uci.clone(),
    };
    let mut moves = vec![uci(out.played.as_ref().unwrap())];
    moves.extend(out.reply.as_ref().map(uci));
    moves
}

async fn send(app: &App, p: &str, moves: Vec<String>, extra: Value) -> (String, Value) {
    let id = uuid();
    let mut body = json!({"id": id, "lesson": LESSON, "moves": moves, "hints": 0, "ms": 65_000});
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    let a = app.post(&format!("{API}/attempts"), body, p).await;
    assert!(a.status.is_success(), "{}", a.text);
    (id, a.json)
}

#[tokio::test]
async fn every_try_is_kept_with_how_it_ended() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("olga").await;
        let (class, code, pupils) = app.class(&t, &["Саша К.", "Саша М.", "Петя"]).await;
        app.post(&format!("{API}/classes/{class}/assignments"), json!({"lessons": [LESSON]}), &t)
            .await;
        let wrong = with_reply(LESSON, "a1", "a7");
        assert_eq!(wrong.len(), 2, "a wrong move and the defender's reply");

        // Саша К.: wrong, "Again"; wrong, "Again"; a hint and "Again" before moving; then mate
        let a = app.pupil(&code, &pupils[0]).await;
        let (first, j) = send(&app, &a, wrong.clone(), json!({"end": "again"})).await;
        assert_eq!(j, json!({"stars": 0, "solved": false}), "{url}");
        send(&app, &a, wrong.clone(), json!({"end": "again"})).await;
        send(&app, &a, vec![], json!({"end": "again", "hints": 1, "hintsAt": [0]})).await;
        let (last, j) = send(&app, &a, vec!["a1a8".into()], json!({"end": "solved"})).await;
        assert_eq!(j["solved"], true);

        // Саша М.: wrong, "Again"; wrong and left: failed twice, gave up
        let b = app.pupil(&code, &pupils[1]).await;
        send(&app, &b, wrong.clone(), json!({"end": "again"})).await;
        let (left, _) = send(&app, &b, wrong.clone(), json!({"end": "left"})).await;

        let r = app.get(&format!("{API}/classes/{class}/results"), &t).await;
        let cell = |k: usize| r.json["pupils"][k]["lessons"][LESSON].clone();
        let k = cell(0);
        assert_eq!(
            (
                &k["attempts"],
                &k["failed"],
                &k["restarted"],
                &k["left"],
                &k["lastKind"],
                &k["help"],
                &k["solved"]
            ),
            (
                &json!(4),
                &json!(2),
                &json!(1),
                &json!(0),
                &json!("solved"),
                &json!(false),
                &json!(true)
            ),
            "{url}: {}",
            r.text
        );
        let m = cell(1);
        assert_eq!(
            (&m["attempts"], &m["failed"], &m["left"], &m["lastKind"], &m["help"], &m["solved"]),
            (&json!(2), &json!(2), &json!(1), &json!("left"), &json!(true), &json!(false)),
            "{}",
            r.text
        );
        assert_eq!(r.json["pupils"][2]["lessons"], json!({}), "Петя has not started");
        assert_eq!(r.json["titles"][LESSON]["ru"], "Мат на последнем ряду");

        // the list and each try: its kind; the replay's notes (the move's SAN, the words heard)
        let list = app
            .get(
                &format!(
                    "{API}/classes/{class}/attempts?pupil={}",
                    pupils[0]["id"].as_str().unwrap()
                ),
                &t,
            )
            .await;
        let kinds: Vec<&str> = list.json["attempts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["kind"].as_str().unwrap())
            .collect();
        let mut sorted = kinds.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, ["failed", "failed", "restarted", "solved"], "{}", list.text);
        let v = app.get(&format!("{API}/attempts/{first}"), &t).await;
        assert_eq!(
            (v.json["kind"].as_str(), v.json["failed"].as_bool()),
            (Some("failed"), Some(true)),
            "{}",
            v.text
        );
        assert_eq!(v.json["verdicts"][0], "mistake");
        assert_eq!(v.json["notes"][0]["san"], "Ra7");
        assert_eq!(
            v.json["notes"][0]["feedback"]["en"],
            "The rook attacks a pawn, but that's not check."
        );
        assert!(v.json["notes"][1]["san"].is_string(), "the reply's notation: {}", v.text);
        let failure =
            v.json["notes"].as_array().unwrap().iter().find_map(|n| n.get("failure")).cloned();
        assert!(
            failure.is_some_and(|f| f["id"].is_string()),
            "the words of the failure: {}",
            v.text
        );
        let v = app.get(&format!("{API}/attempts/{last}"), &t).await;
        assert_eq!(
            (v.json["kind"].as_str(), v.json["notes"][0]["san"].as_str()),
            (Some("solved"), Some("Ra8#"))
        );
        let v = app.get(&format!("{API}/attempts/{left}"), &t).await;
        assert_eq!(
            (v.json["kind"].as_str(), v.json["failed"].as_bool()),
            (Some("left"), Some(true))
        );

        // a resend changes nothing (the first kind stays)
        let again = app.post(&format!("{API}/attempts"), json!({"id": left, "lesson": LESSON, "moves": ["a1a8"], "hints": 0, "ms": 1, "end": "solved"}), &b).await;
        assert_eq!(again.status, StatusCode::OK);
        assert_eq!(app.get(&format!("{API}/attempts/{left}"), &t).await.json["kind"], "left");
    }
}

#[tokio::test]
async fn the_kind_is_the_servers() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("olga").await;
        let (_, code, pupils) = app.class(&t, &["Аня"]).await;
        let p = app.pupil(&code, &pupils[0]).await;
        let kind = |id: String| {
            let (app, t) = (&app, &t);
            async move { app.get(&format!("{API}/attempts/{id}"), t).await.json["kind"].clone() }
        };
        // "solved" said by the app, not by the judge: failed
        let (id, j) = send(
            &app,
            &p,
            vec!["a1a2".into()],
            json!({"end": "solved", "stars": 3, "solved": true}),
        )
        .await;
        assert_eq!(j["solved"], false, "{url}");
        assert_eq!(kind(id).await, "failed");
        // an app that says nothing (before issue 37): left unless solved
        let (id, _) = send(&app, &p, with_reply(LESSON, "a1", "a7"), json!({})).await;
        assert_eq!(kind(id).await, "left");
        let (id, _) = send(&app, &p, solution(LESSON), json!({})).await;
        assert_eq!(kind(id).await, "solved");
        // "Again" after a forged move (not judged a failure by the lesson): restarted, not solved
        let (id, _) =
            send(&app, &p, vec!["a1a8".into(), "g8h8".into()], json!({"end": "again"})).await;
        assert_eq!(kind(id).await, "restarted");
        // a kind that is not one: refused, nothing stored
        let bad = app
            .post(
                &format!("{API}/attempts"),
                json!({"id": uuid(), "lesson": LESSON, "moves": [], "end": "won"}),
                &p,
            )
            .await;
        assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.text);
    }
}

/// The rows of a CSV as Python's csv module would read them (RFC 4180 quoting).
fn rows(text: &str, sep: char) -> Vec<Vec<String>> {
    let mut out = vec![vec![]];
    let (mut cell, mut quoted, mut chars) = (String::new(), false, text.chars().peekable());
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            '"' => quoted = !quoted,
            c if c == sep && !quoted => out.last_mut().unwrap().push(std::mem::take(&mut cell)),
            '\r' if !quoted => {}
            '\n' if !quoted => {
                out.last_mut().unwrap().push(std::mem::take(&mut cell));
                out.push(vec![]);
            }
            c => cell.push(c),
        }
    }
    out.pop();
    out
}

#[tokio::test]
async fn the_csv_in_the_teachers_language() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("olga").await;
        let (class, code, pupils) = app.class(&t, &["Саша; К.", "\"Петя\""]).await;
        app.post(&format!("{API}/classes/{class}/assignments"), json!({"lessons": [LESSON]}), &t)
            .await;
        let p = app.pupil(&code, &pupils[0]).await;
        send(&app, &p, with_reply(LESSON, "a1", "a7"), json!({"end": "again", "ms": 245_400}))
            .await;
        send(&app, &p, with_reply(LESSON, "a1", "a7"), json!({"end": "left", "ms": 1000})).await;

        let ru =
            app.get(&format!("{API}/classes/{class}/results.csv?lang=ru&tz=-180"), &t).await.text;
        assert!(ru.starts_with("\u{feff}sep=;\r\n"), "{url}: {ru}");
        let r = rows(ru.trim_start_matches('\u{feff}'), ';');
        assert_eq!(r[0], ["sep=", ""]); // the `sep=;` line, as a reader that does not know it reads it
        assert_eq!(r[1][0..5], ["Ученик", "Урок", "Лучшие звёзды", "Попыток", "Решено"]);
        let sasha = &r[2];
        assert_eq!(sasha[0], "Саша; К.", "quoted, the separator kept: {ru}");
        assert_eq!(sasha[1], "Мат на последнем ряду", "the title, never the id");
        assert_eq!(sasha[2..10], ["0", "2", "нет", "2", "0", "1", "да", "0"], "{ru}");
        assert_eq!(sasha[10], "0:04:06", "the time as h:mm:ss");
        assert!(
            sasha[11].len() == 16 && sasha[11].as_bytes()[2] == b'.',
            "a local date: {}",
            sasha[11]
        );
        assert_eq!(sasha[12], "брошено");
        assert_eq!(r[3][0], "\"Петя\"");
        assert_eq!(r[3][3], "0");

        let en = app.get(&format!("{API}/classes/{class}/results.csv?lang=en"), &t).await.text;
        assert!(
            en.starts_with("\u{feff}Pupil,Lesson,Best stars,Tries,Solved,Failed tries"),
            "{en}"
        );
        let r = rows(en.trim_start_matches('\u{feff}'), ',');
        assert_eq!(r[1][0..3], ["Саша; К.", "Mate on the last row", "0"]);
        assert_eq!(r[1][4], "no");
        // a bad tz or lang: English, UTC, never an error
        let odd = app.get(&format!("{API}/classes/{class}/results.csv?lang=xx&tz=99999"), &t).await;
        assert_eq!(odd.status, StatusCode::OK);
        let odd = app.get(&format!("{API}/classes/{class}/results.csv?tz=abc"), &t).await;
        assert!(odd.status.is_client_error() || odd.status == StatusCode::OK, "never a 500");
    }
}

#[tokio::test]
async fn a_code_typed_on_a_russian_keyboard_and_names_told_apart() {
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("olga").await;
        let (class, code, pupils) = app.class(&t, &["Саша К."]).await;
        assert!(code.bytes().all(|c| b"ABCDEFHJKMNPRTUWXY34679".contains(&c)), "{code}");
        // the code as a Russian keyboard gives it: each Latin letter that has a Cyrillic
        // look-alike typed as that one, in lower case
        let typed: String = code
            .chars()
            .map(|c| match c {
                'A' => 'а',
                'B' => 'в',
                'E' => 'е',
                'K' => 'к',
                'M' => 'м',
                'H' => 'н',
                'P' => 'р',
                'C' => 'с',
                'T' => 'т',
                'X' => 'х',
                'Y' => 'у',
                c => c.to_ascii_lowercase(),
            })
            .collect();
        let roster = app
            .call(Method::GET, &format!("{API}/roster/{}", urlencode(&typed)), None, None, &[])
            .await;
        assert_eq!(roster.status, StatusCode::OK, "{url}: {typed}");
        assert_eq!(roster.json["pupils"][0]["name"], "Саша К.");
        let signed = app.pupil_sign_in(&typed, &pupils[0]).await;
        assert_eq!(signed.status, StatusCode::OK, "{typed}: {}", signed.text);

        // a name twice: refused, with an initial suggested; told apart: taken
        let add = |names: Value| {
            let (app, t, class) = (&app, &t, &class);
            async move {
                app.post(&format!("{API}/classes/{class}/pupils"), json!({ "names": names }), t)
                    .await
            }
        };
        let a = add(json!(["Петя", "петя "])).await;
        assert_eq!(
            (a.status, a.json["error"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some("duplicate-name")),
            "{}",
            a.text
        );
        assert_eq!(a.json["problems"][0]["args"]["suggestion"], "петя А.");
        let a = add(json!(["саша к."])).await;
        assert_eq!(a.json["error"], "duplicate-name", "the same as a pupil of the class");
        assert_eq!(
            app.get(&format!("{API}/classes/{class}/pupils"), &t).await.json["pupils"]
                .as_array()
                .unwrap()
                .len(),
            1,
            "nothing added"
        );
        let a = add(json!(["Саша М.", "Петя"])).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
    }
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(
            |b| {
                if b.is_ascii_alphanumeric() {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            },
        )
        .collect()
}
