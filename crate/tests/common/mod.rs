//! What the tests that walk the course share: the lessons folder, every course's lessons with
//! their section's titles, and a player for a lesson as the page makes one.
#![allow(dead_code)] // each test binary uses its part

use chess_tutor::lesson::player::Player;
use chess_tutor::lesson::{Course, Lesson};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../lessons")
}

/// Every lesson of every course, with the title of its section (both languages), by id.
pub fn course_lessons() -> Vec<(Lesson, Vec<String>)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !chess_tutor::lesson::is_course_name(&name) {
            continue;
        }
        let course: Course =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for s in &course.sections {
            let section: Vec<String> = s.title.iter().map(|(_, t)| t.to_string()).collect();
            for file in &s.lessons {
                let text = std::fs::read_to_string(dir().join(file)).unwrap();
                let lesson: Lesson =
                    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
                out.push((lesson, section.clone()));
            }
        }
    }
    out.sort_by(|a, b| a.0.id.cmp(&b.0.id));
    out
}

/// The lesson's player, as the page makes it: with its piece set, with the endgame tables for
/// auto-queen rules, else plain.
pub fn player(lesson: &Lesson) -> Player {
    if lesson.pieces.is_some() {
        let set = chess_tutor::lesson::variant::resolve_set(lesson, &|id| {
            std::fs::read_to_string(dir().join(format!("pieces/{id}.json"))).ok()
        })
        .unwrap()
        .unwrap();
        Player::with_set(lesson.clone(), set).unwrap()
    } else if lesson.rules == chess_tutor::lesson::RulesName::AutoQueen {
        Player::with_endgame(lesson.clone(), endgame()).unwrap()
    } else {
        Player::new(lesson.clone()).unwrap()
    }
}

/// The native endgame tables, read once per test binary.
pub fn endgame() -> Arc<chess_tutor::endgame::Endgame> {
    static EG: OnceLock<Arc<chess_tutor::endgame::Endgame>> = OnceLock::new();
    EG.get_or_init(|| Arc::new(chess_tutor::endgame::Endgame::native())).clone()
}
