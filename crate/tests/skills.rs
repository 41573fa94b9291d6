//! The skills as the command line shows them: `chess-tutor practice skills` lists (in issue 35's
//! fixed format, one JSON object a line: id, title in ru and en, lessons, requires) the library's
//! skills, each with its lessons; and each new skill makes an exercise `lesson check` accepts.
#![cfg(not(target_arch = "wasm32"))] // the command line, and the library's practice module natively

use std::collections::HashMap;
use std::process::Command;

fn cli(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_chess-tutor")).args(args).output().unwrap();
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The skills issue 38 added for the lessons that had none, and issue 35 for lessons whose skill
/// fit loosely (the knight's, bishop's and pawn's mates had "mate in one with the queen", the protect lessons
/// "save a piece from an attack").
const NEW_SKILLS: [&str; 9] = [
    "setup",
    "check-mate-stalemate",
    "castle",
    "en-passant",
    "notation",
    "draws",
    "opening-develop",
    "mate-knight-bishop-pawn",
    "protect",
];

#[test]
fn practice_skills_lists_the_library_skills() {
    let listed: HashMap<String, serde_json::Value> = cli(&["practice", "skills"])
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let mut keys: Vec<&String> = v.as_object().unwrap().keys().collect();
            keys.sort();
            assert_eq!(keys, ["id", "lessons", "requires", "title"], "{l}");
            assert!(v["title"]["ru"].is_string() && v["title"]["en"].is_string(), "{l}");
            (v["id"].as_str().unwrap().to_string(), v)
        })
        .collect();
    for id in NEW_SKILLS {
        assert!(listed.contains_key(id), "{id} is not listed");
    }
    // what the command line lists is the library's list (whose every course lesson names its
    // skill, which lists it: the lib test practice_every_course_lesson_names_a_skill walks the
    // courses once)
    let skills = chess_tutor::practice::skills();
    assert_eq!(listed.len(), skills.len(), "every skill is listed once");
    for s in skills {
        let l = listed.get(&s.id).unwrap_or_else(|| panic!("{} is not listed", s.id));
        assert_eq!(l["lessons"], serde_json::json!(s.lessons), "{}: its lessons", s.id);
        assert_eq!(l["requires"], serde_json::json!(s.requires), "{}: what it needs first", s.id);
        assert_eq!(l["title"]["en"], s.title.en(), "{}: its title", s.id);
    }
    assert!(skills.iter().map(|s| s.lessons.len()).sum::<usize>() > 150);
}

#[test]
fn the_new_skills_make_exercises_lesson_check_accepts() {
    let dir = std::env::temp_dir().join(format!("ct-skills-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for id in NEW_SKILLS {
        let out = cli(&["practice", "make", "--skill", id, "--seed", "7", "--count", "3"]);
        assert_eq!(out.lines().count(), 3, "{id}");
        assert_eq!(out, cli(&["practice", "make", "--skill", id, "--seed", "7", "--count", "3"]));
        for (k, line) in out.lines().enumerate() {
            let file = dir.join(format!("{id}-{k}.json"));
            std::fs::write(&file, line).unwrap();
            let o = Command::new(env!("CARGO_BIN_EXE_chess-tutor"))
                .args(["lesson", "check", &file.to_string_lossy()])
                .output()
                .unwrap();
            // the summary line goes to stderr, findings to stdout
            let text = format!(
                "{}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            );
            assert!(
                o.status.success() && text.contains("0 error(s), 0 warning(s)"),
                "{id} {k}: {text}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
