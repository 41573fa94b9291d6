//! Every try a pupil makes (issue 37): the app sends an attempt when a lesson is solved, failed,
//! restarted ("Again") or left; the judge replays it and this module keeps how it ended (its
//! kind), whether the lesson said "try again" in it, and what the child saw after each move (the
//! move's notation, the lesson's words), in the table `tries` (migration 0006). The results grid
//! reads the kinds per pupil and lesson: the failed tries, the given-up ones, "needs help".

use crate::api::find_lesson;
use crate::db::Db;
use crate::error::ApiResult;
use crate::AppState;
use chess_tutor::lesson::judge::{Note, Report};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use std::collections::{BTreeMap, HashMap};
use utoipa::ToSchema;

/// How a try ended, as the app tells it (`NewAttempt.end`): the goal reached, "Again" pressed,
/// or the lesson left. The server decides the kind from it and its own judgement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum End {
    Solved,
    Again,
    Left,
}

/// The kinds of a try, as stored and answered.
pub const SOLVED: &str = "solved";
pub const FAILED: &str = "failed";
pub const RESTARTED: &str = "restarted";
pub const LEFT: &str = "left";

/// The kind of a judged try: `solved` when the judge says so (never because the app says so);
/// `left` when the child left it unsolved (also an app that says nothing: it sent only solved and
/// given-up tries); `failed` when the lesson ended it ("try again") or the app's "solved" was not
/// confirmed; else `restarted` ("Again" in the middle of a try).
pub fn kind(report: &Report, end: Option<End>) -> &'static str {
    match end {
        _ if report.judgement.solved => SOLVED,
        None | Some(End::Left) => LEFT,
        Some(End::Solved) => FAILED,
        Some(End::Again) if report.failed => FAILED,
        Some(End::Again) => RESTARTED,
    }
}

/// Whether the lesson said "try again" in this try (a try left after it counts as failed too).
pub fn failed(report: &Report, end: Option<End>) -> bool {
    !report.judgement.solved && (report.failed || end == Some(End::Solved))
}

/// A try's kind and what the child saw (an attempt's row in `tries`).
#[derive(Clone, Debug, Default)]
pub struct TryRow {
    pub kind: String,
    pub failed: bool,
    pub notes: serde_json::Value,
}

/// The kind of an attempt stored before `tries` existed.
fn old_kind(solved: bool) -> &'static str {
    if solved {
        SOLVED
    } else {
        LEFT
    }
}

/// The same, as SQL (the attempts' alias `a`, the tries' `t`).
const KIND_SQL: &str = "COALESCE(t.kind, CASE WHEN a.solved = 1 THEN 'solved' ELSE 'left' END)";

/// A pupil's tries at one lesson, counted by kind.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
pub struct TryCounts {
    /// Tries in which the lesson said "try again" (a try left after it included).
    pub failed: i64,
    /// Tries begun again ("Again") before the end.
    pub restarted: i64,
    /// Tries left unsolved (another lesson, the page closed).
    pub left: i64,
    /// How the last try ended: `solved`, `failed`, `restarted` or `left`.
    #[serde(rename = "lastKind")]
    pub last_kind: String,
    /// Not solved, and failed twice or more, or the last try left: the grid's "needs help".
    pub help: bool,
}

impl TryCounts {
    fn add(&mut self, kind: &str, n: i64, failed: i64, last: i64, newest: &mut i64) {
        self.failed += failed;
        match kind {
            RESTARTED => self.restarted += n,
            LEFT => self.left += n,
            _ => {}
        }
        if last >= *newest {
            *newest = last;
            self.last_kind = kind.to_string();
        }
    }

    /// The "needs help" mark, once every kind is counted.
    pub fn finish(&mut self, solved: bool) {
        self.help = !solved && (self.failed >= 2 || self.last_kind == LEFT);
    }
}

/// Keep a judged try's kind (once: a resend changes nothing).
pub async fn store(
    db: &Db,
    id: &str,
    kind: &str,
    failed: bool,
    notes: &[Note],
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO tries (id, kind, failed, notes) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING")
        .bind(id)
        .bind(kind)
        .bind(i64::from(failed))
        .bind(serde_json::to_string(notes).unwrap_or_else(|_| "[]".into()))
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// One attempt's try (an attempt stored before `tries`: its kind from `solved`, no notes).
pub async fn one(db: &Db, id: &str, solved: bool) -> Result<TryRow, sqlx::Error> {
    let row = sqlx::query("SELECT kind, failed, notes FROM tries WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(match row {
        Some(r) => TryRow {
            kind: r.try_get("kind")?,
            failed: r.try_get::<i64, _>("failed")? != 0,
            notes: serde_json::from_str(&r.try_get::<String, _>("notes")?).unwrap_or_default(),
        },
        None => TryRow { kind: old_kind(solved).into(), ..TryRow::default() },
    })
}

/// The kinds of a class's attempts (of one pupil, one lesson when given): id → (kind, failed).
pub async fn kinds(
    db: &Db,
    class: &str,
    pupil: Option<&str>,
    lesson: Option<&str>,
) -> Result<HashMap<String, (String, bool)>, sqlx::Error> {
    let q = format!(
        "SELECT a.id AS id, {KIND_SQL} AS kind, COALESCE(t.failed, 0) AS failed FROM attempts a \
         LEFT JOIN tries t ON t.id = a.id WHERE a.class = $1 AND ($2 = '' OR a.pupil = $2) AND ($3 = '' OR a.lesson = $3)"
    );
    let rows = sqlx::query(&q)
        .bind(class)
        .bind(pupil.unwrap_or(""))
        .bind(lesson.unwrap_or(""))
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("id")?, (r.try_get("kind")?, r.try_get::<i64, _>("failed")? != 0))))
        .collect()
}

/// A class's tries counted by pupil and lesson (one row per pupil, lesson and kind from the
/// database; at most four per cell of the grid).
pub async fn counts(
    db: &Db,
    class: &str,
) -> Result<HashMap<(String, String), TryCounts>, sqlx::Error> {
    let q = format!(
        "SELECT a.pupil AS pupil, a.lesson AS lesson, {KIND_SQL} AS kind, COUNT(*) AS n, \
         CAST(SUM(COALESCE(t.failed, 0)) AS BIGINT) AS failed, MAX(a.at) AS last \
         FROM attempts a LEFT JOIN tries t ON t.id = a.id WHERE a.class = $1 \
         GROUP BY a.pupil, a.lesson, {KIND_SQL}"
    );
    let rows = sqlx::query(&q).bind(class).fetch_all(&db.pool).await?;
    let mut out: HashMap<(String, String), (TryCounts, i64)> = HashMap::new();
    for r in &rows {
        let key = (r.try_get::<String, _>("pupil")?, r.try_get::<String, _>("lesson")?);
        let kind: String = r.try_get("kind")?;
        let (n, failed, last): (i64, i64, i64) =
            (r.try_get("n")?, r.try_get("failed")?, r.try_get("last")?);
        let (counts, newest) = out.entry(key).or_insert_with(|| (TryCounts::default(), i64::MIN));
        counts.add(&kind, n, failed, last, newest);
    }
    Ok(out.into_iter().map(|(k, (c, _))| (k, c)).collect())
}

/// The titles (`{en, ru}`) of lessons of a class of `teacher`: the course's and her own (the
/// grid, the homework and the CSV say titles, never ids). A lesson gone since says nothing.
pub async fn titles(
    st: &AppState,
    teacher: &str,
    ids: Vec<String>,
) -> ApiResult<BTreeMap<String, serde_json::Value>> {
    let mut out = BTreeMap::new();
    for id in ids {
        if out.contains_key(&id) {
            continue;
        }
        if let Some((lesson, _, _)) = find_lesson(st, teacher, &id).await? {
            out.insert(id, serde_json::to_value(&lesson.title).unwrap_or_default());
        }
    }
    Ok(out)
}

/// A title in `lang` (`{en, ru}` or one text), the other language when it has none.
pub fn title_in(title: Option<&serde_json::Value>, lang: &str, id: &str) -> String {
    let other = if lang == "ru" { "en" } else { "ru" };
    match title {
        Some(serde_json::Value::String(s)) if !s.is_empty() => s.clone(),
        Some(serde_json::Value::Object(m)) => [lang, other]
            .iter()
            .find_map(|l| m.get(*l).and_then(|v| v.as_str()).filter(|s| !s.trim().is_empty()))
            .map_or_else(|| id.to_string(), str::to_string),
        _ => id.to_string(),
    }
}
