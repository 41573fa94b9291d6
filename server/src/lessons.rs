//! The lessons the server knows: the course (`lessons/*.json`, read at start) and the checker and
//! judge of the crate's lesson core, with the endgame tables and the piece sets they may need.

use crate::error::Problem;
use chess_tutor::endgame::Endgame;
use chess_tutor::lesson::judge::{judge_report_hinted, Report, Tools};
use chess_tutor::lesson::{check_lesson_file, Lesson, Severity};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A lesson of the course.
pub struct CourseLesson {
    pub lesson: Lesson,
    pub title: serde_json::Value,
}

/// The course's lessons by id, the folder they came from and the endgame tables.
pub struct Catalogue {
    pub lessons: HashMap<String, Arc<CourseLesson>>,
    pub dir: Option<PathBuf>,
    pub endgame: Option<Arc<Endgame>>,
}

/// Files of a lessons folder that are not lessons.
fn not_a_lesson(name: &str) -> bool {
    chess_tutor::lesson::is_course_name(name)
        || name == "courses.json"
        || name == "glossary.json"
        || name == "skills.json"
        || name.ends_with(".schema.json")
        || !name.ends_with(".json")
}

impl Catalogue {
    /// Read every lesson of `dir` (a lesson the checker refuses is left out and said on stderr);
    /// the endgame tables from `tables` when they load.
    pub fn load(dir: Option<&Path>, tables: Option<&Path>) -> Catalogue {
        let mut lessons = HashMap::new();
        if let Some(dir) = dir {
            let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
                .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
                .unwrap_or_default();
            names.sort();
            for path in names {
                let name =
                    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                if not_a_lesson(&name) || !path.is_file() {
                    continue;
                }
                let Ok(text) = std::fs::read_to_string(&path) else {
                    continue;
                };
                let stem = name.trim_end_matches(".json");
                let (lesson, found) =
                    chess_tutor::lesson::check_lesson_with(&text, Some(stem), false);
                match lesson.filter(|_| !found.iter().any(|d| d.severity == Severity::Error)) {
                    Some(lesson) => {
                        let title = serde_json::to_value(&lesson.title).unwrap_or_default();
                        lessons.insert(lesson.id.clone(), Arc::new(CourseLesson { lesson, title }));
                    }
                    None => {
                        eprintln!("lessons: {} left out (the checker refuses it)", path.display())
                    }
                }
            }
        }
        let endgame = tables.and_then(|t| Endgame::load_dir(t).ok()).map(Arc::new);
        Catalogue { lessons, dir: dir.map(Path::to_path_buf), endgame }
    }

    /// The text of a piece set file next to the lessons (`pieces/<id>.json`).
    pub fn piece_set(&self, id: &str) -> Option<String> {
        if !id.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_') {
            return None;
        }
        std::fs::read_to_string(self.dir.as_ref()?.join("pieces").join(format!("{id}.json"))).ok()
    }

    /// Check a lesson a teacher sends, as `chess-tutor lesson check` does (with the doctor): the
    /// lesson, or the problems.
    pub fn check(&self, text: &str) -> Result<Lesson, Vec<Problem>> {
        let load = |id: &str| self.piece_set(id);
        let (lesson, found) = check_lesson_file(text, None, &load);
        let problems: Vec<Problem> = found
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| Problem {
                place: format!(
                    "{}:{} {}",
                    d.line,
                    d.col,
                    if d.pointer.is_empty() { "/" } else { &d.pointer }
                ),
                message: d.message.to_string(),
                id: d.message.id.to_string(),
                args: serde_json::to_value(&d.message)
                    .ok()
                    .and_then(|m| m.get("args").cloned())
                    .unwrap_or_else(|| serde_json::json!({})),
            })
            .collect();
        match lesson {
            Some(lesson) if problems.is_empty() => Ok(lesson),
            _ if problems.is_empty() => Err(vec![Problem {
                place: "1:1 /".into(),
                message: "not a lesson".into(),
                id: "not-a-lesson".into(),
                args: serde_json::json!({}),
            }]),
            _ => Err(problems),
        }
    }

    /// Judge an attempt, with the verdict of each move (blocking: call it off the async threads).
    pub fn judge(
        &self,
        lesson: Lesson,
        moves: &[String],
        answers: &[usize],
        hints_at: &[u32],
    ) -> Report {
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        let load = |id: &str| self.piece_set(id);
        let tools = Tools { endgame: self.endgame.clone(), load: &load };
        judge_report_hinted(lesson, &moves, answers, hints_at, &tools)
    }
}
