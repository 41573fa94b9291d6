//! Practice on the class server (issue 35): a practice attempt is judged against the exercise
//! made again from its id; a forged one (moves that are not the exercise's, a success the judge
//! does not see, an unknown skill) is refused; the class's Skills view and the CSV show each
//! pupil's practised skills.

mod common;

use axum::http::StatusCode;
use common::{databases, uuid, App};
use serde_json::json;

const API: &str = "/api/v1";

#[tokio::test]
async fn practice_attempts_are_judged_refused_when_forged_and_reach_the_skills_view() {
    let ex = chess_tutor::practice::make("numbers-square", 4, None).unwrap();
    let chess_tutor::lesson::Goal::Question(q) = &ex.lesson.goal else { panic!("a question") };
    let (right, wrong) = (q.answer, (q.answer + 1) % q.choices.len());
    let drill = chess_tutor::practice::make("rook-stars", 2, None).unwrap();
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("vera").await;
        let (class, code, pupils) = app.class(&t, &["Оля"]).await;
        let p = app.pupil(&code, &pupils[0]).await;
        let send = |lesson: String,
                    answers: Vec<usize>,
                    moves: Vec<String>,
                    solved: Option<bool>| {
            let (app, p) = (&app, &p);
            async move {
                let mut body = json!({"id": uuid(), "lesson": lesson, "moves": moves, "answers": answers, "hints": 0, "ms": 3000});
                if let Some(s) = solved {
                    body["solved"] = json!(s);
                }
                app.post(&format!("{API}/attempts"), body, p).await
            }
        };
        // the right answer, judged by the exercise made again
        let a = send(ex.lesson.id.clone(), vec![right], Vec::new(), Some(true)).await;
        assert_eq!(a.status, StatusCode::CREATED, "{url}: {}", a.text);
        assert_eq!(a.json["solved"], true);
        // a wrong answer of the child's own is stored, not solved
        let a = send(ex.lesson.id.clone(), vec![wrong], Vec::new(), None).await;
        assert_eq!(a.status, StatusCode::CREATED, "{url}: {}", a.text);
        assert_eq!(a.json["solved"], false);
        // forged: a success claimed that the judge does not see
        let a = send(ex.lesson.id.clone(), vec![wrong], Vec::new(), Some(true)).await;
        assert_eq!(
            (a.status, a.json["field"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some("moves")),
            "{url}: {}",
            a.text
        );
        // forged: a move the exercise refuses (the rook does not move like a knight)
        let rook = drill.lesson.position.text();
        assert!(rook.contains('R'));
        let a = send(
            drill.lesson.id.clone(),
            vec![],
            vec!["a1b3".to_string(), "b3c5".to_string()],
            None,
        )
        .await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {}", a.text);
        // an unknown skill, a seed that is no number
        for bad in ["practice/no-such-skill/1", "practice/rook-stars/x", "practice/rook-stars/1/2"]
        {
            let a = send(bad.to_string(), vec![0], Vec::new(), None).await;
            assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {bad}: {}", a.text);
        }
        // the teacher's Skills view: the model over the pupil's practice attempts
        let s = app.get(&format!("{API}/classes/{class}/skills"), &t).await;
        assert_eq!(s.status, StatusCode::OK, "{url}: {}", s.text);
        let skill = &s.json["pupils"][0]["skills"]["numbers-square"];
        assert_eq!(
            (skill["attempts"].as_i64(), skill["right"].as_i64()),
            (Some(2), Some(1)),
            "{url}: {}",
            s.text
        );
        assert!(
            skill["rating"].as_i64().is_some()
                && skill["mastery"].as_i64() == Some(0)
                && skill["due"].is_string(),
            "{}",
            s.text
        );
        assert_eq!(s.json["pupils"][0]["name"], "Оля");
        // and in the CSV
        let csv = app.get(&format!("{API}/classes/{class}/results.csv"), &t).await;
        // (after the lessons, a table of its own: pupil, the skill's title, its stars, tries, right)
        assert!(
            csv.text.contains("Pupil,Skill,Skill stars,Puzzles tried,Right,Review due"),
            "{}",
            csv.text
        );
        assert!(csv.text.contains("Оля,\"A square in numbers (i, j)\",0,2,1,"), "{}", csv.text);
        // a pupil may not see it
        let a = app.get(&format!("{API}/classes/{class}/skills"), &p).await;
        assert!(a.status.is_client_error());
        // another teacher may not either
        let other = app.teacher("boris").await;
        let a = app.get(&format!("{API}/classes/{class}/skills"), &other).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND);
    }
}

/// The exercise of `skill` from `seed` on, near `rating`, with its right choice and a wrong one.
fn question(
    skill: &str,
    seed: u64,
    rating: Option<f64>,
) -> (chess_tutor::practice::Exercise, usize, usize) {
    let ex = chess_tutor::practice::make(skill, seed, rating).unwrap();
    let chess_tutor::lesson::Goal::Question(q) = &ex.lesson.goal else {
        panic!("{skill}: a question")
    };
    let (right, wrong) = (q.answer, (q.answer + 1) % q.choices.len());
    (ex, right, wrong)
}

/// Homework "practise SKILL until mastered": the skills checked and bounded, the pupil sees
/// them (title, picture, stars), and each is done when the learner model over her judged
/// attempts on the server says mastered; forged attempts, another class's pupil, the same solved
/// exercise sent again never make it done.
#[tokio::test]
async fn practice_homework_is_done_when_the_model_says_mastered_and_never_by_forgery() {
    const SKILL: &str = "numbers-square";
    for url in databases().await {
        let app = App::new(&url).await;
        let t = app.teacher("vera").await;
        let (class, code, pupils) = app.class(&t, &["Оля", "Петя"]).await;
        let other = app.teacher("boris").await;
        let (other_class, other_code, other_pupils) = app.class(&other, &["Ира"]).await;
        let give = |class: String, body: serde_json::Value, who: String| {
            let app = &app;
            async move { app.post(&format!("{API}/classes/{class}/assignments"), body, &who).await }
        };
        // what a teacher may not give: an unknown skill, too many, nothing, not a list of ids,
        // an id as long as a book
        let refused = [
            json!({"practice": ["no-such-skill"]}),
            json!({"lessons": ["rook-stars-1"], "practice": [SKILL, "mate-queen", "x"]}),
            json!({"practice": vec![SKILL; chess_tutor_server::limits::MOST_PRACTICE_SKILLS + 1]}),
            json!({"lessons": [], "practice": []}),
            json!({"practice": ["x".repeat(20_000)]}),
        ];
        for body in refused {
            let a = give(class.clone(), body.clone(), t.clone()).await;
            assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {body:.80}: {}", a.text);
            assert!(a.text.len() < 1000, "the error does not echo a long id: {}", a.text.len());
        }
        let a = give(class.clone(), json!({"practice": [1, 2]}), t.clone()).await;
        assert!(a.status.is_client_error(), "{url}: {}", a.text);
        let a = give(class.clone(), json!({"practice": "fork"}), t.clone()).await;
        assert!(a.status.is_client_error(), "{url}: {}", a.text);
        // nor in another teacher's class
        let a = give(class.clone(), json!({"practice": [SKILL]}), other.clone()).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{url}: {}", a.text);
        let list = app.get(&format!("{API}/classes/{class}/assignments"), &t).await;
        assert_eq!(
            list.json["assignments"].as_array().map(Vec::len),
            Some(0),
            "{url}: nothing stored: {}",
            list.text
        );
        // given: the skill once (sent twice), no lessons
        let a = give(
            class.clone(),
            json!({"practice": [SKILL, SKILL], "due": "2030-01-31"}),
            t.clone(),
        )
        .await;
        assert_eq!(a.status, StatusCode::CREATED, "{url}: {}", a.text);
        let a =
            give(other_class.clone(), json!({"lessons": ["rook-stars-1"]}), other.clone()).await;
        assert_eq!(a.status, StatusCode::CREATED, "{url}: {}", a.text);

        let olya = app.pupil(&code, &pupils[0]).await;
        let petya = app.pupil(&code, &pupils[1]).await;
        let ira = app.pupil(&other_code, &other_pupils[0]).await;
        let send = |who: String, lesson: String, answer: usize, solved: Option<bool>| {
            let app = &app;
            async move {
                let mut body = json!({"id": uuid(), "lesson": lesson, "moves": [], "answers": [answer], "hints": 0, "ms": 4000});
                if let Some(s) = solved {
                    body["solved"] = json!(s);
                }
                app.post(&format!("{API}/attempts"), body, &who).await
            }
        };
        let homework = |who: String| {
            let app = &app;
            async move { app.get(&format!("{API}/homework"), &who).await.json }
        };
        let progress = || async {
            let list = app.get(&format!("{API}/classes/{class}/assignments"), &t).await;
            assert_eq!(list.status, StatusCode::OK, "{}", list.text);
            list.json["assignments"][0].clone()
        };
        // the pupil sees the skill with its title and picture, no stars yet
        let hw = homework(olya.clone()).await;
        let item = &hw["assignments"][0]["practice"][0];
        assert_eq!(
            hw["assignments"][0]["practice"].as_array().map(Vec::len),
            Some(1),
            "{url}: {hw}"
        );
        assert_eq!(item["skill"], SKILL);
        assert_eq!(item["title"]["ru"], "Клетка в числах (i, j)", "{hw}");
        assert!(item["picture"].as_str().is_some_and(|p| !p.is_empty()), "{hw}");
        assert_eq!((item["mastery"].as_i64(), item["mastered"].as_bool()), (Some(0), Some(false)));
        // the other class's pupil does not see it, and her practice is not the class's
        let hw = homework(ira.clone()).await;
        assert_eq!(hw["assignments"].as_array().map(Vec::len), Some(1), "{url}: {hw}");
        assert_eq!(hw["assignments"][0]["practice"], json!([]), "{hw}");

        // Петя forges: a success claimed with a wrong answer, again and again (each refused);
        // then wrong answers of his own (stored, never right)
        for seed in 0..30 {
            let (ex, _, wrong) = question(SKILL, seed, None);
            let a = send(petya.clone(), ex.lesson.id.clone(), wrong, Some(true)).await;
            assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {}", a.text);
        }
        for seed in 0..5 {
            let (ex, _, wrong) = question(SKILL, seed, None);
            assert_eq!(
                send(petya.clone(), ex.lesson.id.clone(), wrong, None).await.status,
                StatusCode::CREATED
            );
        }
        // and one exercise solved once, then sent again and again as solved
        let (once, right, _) = question(SKILL, 100, None);
        for _ in 0..30 {
            let a = send(petya.clone(), once.lesson.id.clone(), right, Some(true)).await;
            assert_eq!(a.status, StatusCode::CREATED, "{url}: {}", a.text);
        }
        // Ира, in the other class, practises the skill well
        let mut seed = 200;
        for _ in 0..40 {
            let (ex, right, _) = question(SKILL, seed, Some(1300.0));
            seed = ex.seed + 1;
            assert_eq!(
                send(ira.clone(), ex.lesson.id.clone(), right, Some(true)).await.status,
                StatusCode::CREATED
            );
        }
        // Оля practises as the app gives: near her rating, until the model says mastered
        let skills = || async {
            let s = app.get(&format!("{API}/classes/{class}/skills"), &t).await;
            s.json["pupils"].as_array().unwrap().iter().find(|p| p["name"] == "Оля").unwrap()
                ["skills"][SKILL]
                .clone()
        };
        let mut seed = 1000;
        let mut seen = false;
        for k in 0..80 {
            let rating = skills().await["rating"].as_f64();
            let (ex, right, wrong) = question(SKILL, seed, rating);
            seed = ex.seed + 1;
            // a miss now and then, as a child does
            let answer = if k % 5 == 3 { wrong } else { right };
            assert_eq!(
                send(olya.clone(), ex.lesson.id.clone(), answer, None).await.status,
                StatusCode::CREATED
            );
            let now = skills().await;
            seen |= now["mastery"].as_i64() == Some(3);
            let hw = homework(olya.clone()).await;
            let item = &hw["assignments"][0]["practice"][0];
            assert_eq!(item["mastered"].as_bool(), Some(seen), "{url}: attempt {k}: the homework is done when the Skills view says mastered: {now} {hw}");
            if seen {
                assert_eq!(item["mastery"].as_i64(), Some(3));
                break;
            }
        }
        assert!(seen, "{url}: 80 attempts near her rating master the skill");
        // the teacher sees, per pupil, who is done: Оля, not Петя; Ира is not of this class
        let a = progress().await;
        assert_eq!(a["practice"], json!([SKILL]), "{url}: {a}");
        assert_eq!(a["due"], "2030-01-31");
        let by: std::collections::HashMap<&str, &serde_json::Value> = a["progress"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["name"].as_str().unwrap(), p))
            .collect();
        assert_eq!(by.len(), 2, "{a}");
        assert_eq!(
            (by["Оля"]["done"].as_bool(), by["Оля"]["stars"][SKILL].as_i64()),
            (Some(true), Some(3)),
            "{a}"
        );
        assert_eq!(by["Оля"]["mastered"], json!([SKILL]));
        assert_eq!(
            by["Петя"]["done"].as_bool(),
            Some(false),
            "{url}: forged, repeated and wrong attempts are no mastery: {a}"
        );
        assert!(by["Петя"]["stars"][SKILL].as_i64().unwrap() < 3);
        let petya_skill = app.get(&format!("{API}/classes/{class}/skills"), &t).await.json;
        let p =
            petya_skill["pupils"].as_array().unwrap().iter().find(|p| p["name"] == "Петя").unwrap();
        assert_eq!(
            (p["skills"][SKILL]["attempts"].as_i64(), p["skills"][SKILL]["right"].as_i64()),
            (Some(6), Some(1)),
            "{url}: the solved exercise counts once: {p}"
        );
        // Ира's own class: lessons only, no progress list
        let list = app.get(&format!("{API}/classes/{other_class}/assignments"), &other).await;
        assert_eq!(list.json["assignments"][0]["progress"], json!([]), "{}", list.text);
        // a pupil may not read the class's assignments
        assert!(app
            .get(&format!("{API}/classes/{class}/assignments"), &olya)
            .await
            .status
            .is_client_error());
    }
}
