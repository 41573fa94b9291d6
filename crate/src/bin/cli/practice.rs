//! `chess-tutor practice skills|make|next|record|report`: practice on the command line (issue
//! 35's "The command line", kept exactly: checks outside the project use it). A bad argument
//! gets one sentence on standard error and exit code 2; the log is never damaged (it is read
//! whole and checked first, then written to a new file that replaces it).

use chess_tutor::practice::model::{self, Attempt, Learner};
use chess_tutor::practice::{self, PracticeError};
use clap::Subcommand;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum PracticeCommand {
    /// Every skill, one JSON object a line: `{id, title: {ru, en}, lessons, requires}`.
    Skills,
    /// Exercises of a skill, one lesson JSON a line: `make --skill ID --seed N [--count K]
    /// [--rating R]` (seeds N, N+1, …; with a rating, the next seeds near it).
    Make {
        #[arg(long)]
        skill: Option<String>,
        #[arg(long, allow_hyphen_values = true)]
        seed: Option<String>,
        #[arg(long, allow_hyphen_values = true)]
        count: Option<String>,
        #[arg(long, allow_hyphen_values = true)]
        rating: Option<String>,
    },
    /// The next exercise for the learner of a log (JSON lines; a missing file is a new learner).
    Next {
        #[arg(long)]
        log: Option<PathBuf>,
        #[arg(long)]
        now: Option<String>,
        /// Course lessons finished, by id, separated by commas.
        #[arg(long)]
        learned: Option<String>,
        /// Aim at 90 % success instead of 80 %.
        #[arg(long)]
        gentle: bool,
    },
    /// Append an attempt to the log and print `{skill, rating, mastery, due}`.
    Record {
        #[arg(long)]
        log: Option<PathBuf>,
        #[arg(long)]
        id: Option<String>,
        #[arg(long)]
        right: bool,
        #[arg(long)]
        wrong: bool,
        #[arg(long, allow_hyphen_values = true)]
        hints: Option<String>,
        #[arg(long, allow_hyphen_values = true)]
        ms: Option<String>,
        #[arg(long)]
        now: Option<String>,
    },
    /// Every practised skill: `{skills: [{id, rating, mastery, attempts, right, due}]}`.
    Report {
        #[arg(long)]
        log: Option<PathBuf>,
        #[arg(long)]
        now: Option<String>,
    },
}

/// Run a practice command.
pub fn run(command: PracticeCommand) -> ExitCode {
    match execute(command) {
        Ok(lines) => {
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            for l in lines {
                if writeln!(out, "{l}").is_err() {
                    return ExitCode::from(1);
                }
            }
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("error: {why}");
            ExitCode::from(2)
        }
    }
}

fn number(name: &str, text: &str) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "--{name} '{}' is not a whole number",
            text.chars().take(40).collect::<String>()
        ));
    }
    text.parse().map_err(|_| format!("--{name} '{text}' is too large"))
}

fn need<T>(name: &str, v: Option<T>) -> Result<T, String> {
    v.ok_or_else(|| format!("--{name} is needed"))
}

fn now_of(now: Option<String>) -> Result<i64, String> {
    match now {
        Some(t) => model::parse_time(&t).map_err(|e| format!("--now: {e}")),
        None => Ok(std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0)),
    }
}

/// The log's text (a missing file is an empty log) and its attempts.
fn read(path: &Path) -> Result<(String, Vec<model::Read>), String> {
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes)
            .map_err(|_| format!("{}: the log is not ours: it is not text", path.display()))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("{}: cannot read the log: {e}", path.display())),
    };
    if text.len() > 64 << 20 {
        return Err(format!("{}: the log is not ours: it is larger than 64 MB", path.display()));
    }
    let log = model::read_log(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((text, log))
}

/// Write `text` to `path` atomically: a new file beside it, then renamed over it.
fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name =
        path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "log".into());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("{}: cannot write the log: {e}", path.display())
    })
}

fn execute(command: PracticeCommand) -> Result<Vec<String>, String> {
    let e = |e: PracticeError| e.to_string();
    match command {
        PracticeCommand::Skills => Ok(practice::skills()
            .iter()
            .map(|s| serde_json::json!({ "id": s.id, "title": s.title, "lessons": s.lessons, "requires": s.requires }).to_string())
            .collect()),
        PracticeCommand::Make { skill, seed, count, rating } => {
            let skill = need("skill", skill)?;
            let seed = number("seed", &need("seed", seed)?)?;
            let count = match count {
                Some(c) => number("count", &c)?,
                None => 1,
            };
            if count == 0 || count > 10_000 {
                return Err(format!("--count {count} is not between 1 and 10000"));
            }
            let rating = match rating {
                Some(r) => Some(r.parse::<f64>().ok().filter(|r| r.is_finite() && (0.0..=4000.0).contains(r)).ok_or_else(|| format!("--rating '{}' is not a rating from 0 to 4000", r.chars().take(40).collect::<String>()))?),
                None => None,
            };
            practice::skill(&skill).ok_or_else(|| e(PracticeError::UnknownSkill(skill.chars().take(80).collect())))?;
            let mut out = Vec::new();
            let mut at = seed;
            for _ in 0..count {
                let ex = practice::make(&skill, at, rating).map_err(e)?;
                at = ex.seed.checked_add(1).ok_or("the seeds ran past the largest number")?;
                out.push(ex.json());
            }
            Ok(out)
        }
        PracticeCommand::Next { log, now, learned, gentle } => {
            let log = need("log", log)?;
            let now = now_of(now)?;
            let (_, attempts) = read(&log)?;
            let learned: Vec<String> = learned.iter().flat_map(|l| l.split(',')).map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
            let learner = Learner::from_log(&attempts);
            let ex = model::next_exercise(&learner, now, &learned, gentle).map_err(e)?;
            Ok(vec![ex.json()])
        }
        PracticeCommand::Record { log, id, right, wrong, hints, ms, now } => {
            let log = need("log", log)?;
            let id = need("id", id)?;
            if right == wrong {
                return Err("say --right or --wrong, one of them".into());
            }
            let hints = match hints {
                Some(h) => number("hints", &h)?.min(99) as u32,
                None => 0,
            };
            let ms = ms.map(|m| number("ms", &m)).transpose()?;
            let now = now_of(now)?;
            let (text, attempts) = read(&log)?;
            let ex = practice::regenerate(&id).map_err(e)?;
            let attempt = Attempt { at: model::format_time(now), id: ex.lesson.id.clone(), rating: ex.rating, right, hints, ms };
            let line = attempt.line();
            let read = model::read_log(&line).map_err(e)?;
            let mut learner = Learner::from_log(&attempts);
            learner.add(&read[0]);
            let mut new_text = text;
            if !new_text.is_empty() && !new_text.ends_with('\n') {
                new_text.push('\n');
            }
            new_text.push_str(&line);
            new_text.push('\n');
            write_atomic(&log, &new_text)?;
            let skill = practice::skill(&ex.skill).ok_or("the skill is gone")?;
            let st = &learner.skills[&ex.skill];
            Ok(vec![serde_json::json!({
                "skill": ex.skill,
                "rating": st.rating.r.round() as i32,
                "mastery": model::mastery(skill, st, now),
                "due": st.due().map(model::format_time),
            })
            .to_string()])
        }
        PracticeCommand::Report { log, now } => {
            let log = need("log", log)?;
            let now = now_of(now)?;
            let (_, attempts) = read(&log)?;
            let learner = Learner::from_log(&attempts);
            Ok(vec![serde_json::json!({ "skills": model::report(&learner, now) }).to_string()])
        }
    }
}
