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
        let send = |lesson: String, answers: Vec<usize>, moves: Vec<String>, solved: Option<bool>| {
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
        assert_eq!((a.status, a.json["field"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("moves")), "{url}: {}", a.text);
        // forged: a move the exercise refuses (the rook does not move like a knight)
        let rook = drill.lesson.position.text();
        assert!(rook.contains('R'));
        let a = send(drill.lesson.id.clone(), vec![], vec!["a1b3".to_string(), "b3c5".to_string()], None).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {}", a.text);
        // an unknown skill, a seed that is no number
        for bad in ["practice/no-such-skill/1", "practice/rook-stars/x", "practice/rook-stars/1/2"] {
            let a = send(bad.to_string(), vec![0], Vec::new(), None).await;
            assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {bad}: {}", a.text);
        }
        // the teacher's Skills view: the model over the pupil's practice attempts
        let s = app.get(&format!("{API}/classes/{class}/skills"), &t).await;
        assert_eq!(s.status, StatusCode::OK, "{url}: {}", s.text);
        let skill = &s.json["pupils"][0]["skills"]["numbers-square"];
        assert_eq!((skill["attempts"].as_i64(), skill["right"].as_i64()), (Some(2), Some(1)), "{url}: {}", s.text);
        assert!(skill["rating"].as_i64().is_some() && skill["mastery"].as_i64() == Some(0) && skill["due"].is_string(), "{}", s.text);
        assert_eq!(s.json["pupils"][0]["name"], "Оля");
        // and in the CSV
        let csv = app.get(&format!("{API}/classes/{class}/results.csv"), &t).await;
        // (after the lessons, a table of its own: pupil, the skill's title, its stars, tries, right)
        assert!(csv.text.contains("Pupil,Skill,Skill stars,Puzzles tried,Right,Review due"), "{}", csv.text);
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
