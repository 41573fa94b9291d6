//! Attempts' rows: stored once, read by id or by class.

use super::Db;
use chess_tutor::lesson::judge::Verdict;
use sqlx::Row;

#[derive(Clone, Debug)]
pub struct AttemptRow {
    pub id: String,
    pub pupil: String,
    pub class: String,
    pub lesson: String,
    pub moves: Vec<String>,
    pub answers: Vec<usize>,
    pub hints: i64,
    pub ms: i64,
    pub stars: i64,
    pub solved: bool,
    pub at: i64,
    /// The judge's verdict of each entry of `moves` (empty for attempts stored before them).
    pub verdicts: Vec<Verdict>,
    /// After how many entries of `moves` each hint was asked.
    pub hints_at: Vec<u32>,
}

fn attempt_row(r: &sqlx::any::AnyRow) -> Result<AttemptRow, sqlx::Error> {
    let moves: String = r.try_get("moves")?;
    let answers: String = r.try_get("answers")?;
    Ok(AttemptRow {
        id: r.try_get("id")?,
        pupil: r.try_get("pupil")?,
        class: r.try_get("class")?,
        lesson: r.try_get("lesson")?,
        moves: serde_json::from_str(&moves).unwrap_or_default(),
        answers: serde_json::from_str(&answers).unwrap_or_default(),
        hints: r.try_get("hints")?,
        ms: r.try_get("ms")?,
        stars: r.try_get("stars")?,
        solved: r.try_get::<i64, _>("solved")? != 0,
        at: r.try_get("at")?,
        verdicts: serde_json::from_str(&r.try_get::<String, _>("verdicts")?).unwrap_or_default(),
        hints_at: serde_json::from_str(&r.try_get::<String, _>("hints_at")?).unwrap_or_default(),
    })
}

const ATTEMPT_COLS: &str =
    "id, pupil, class, lesson, moves, answers, hints, ms, stars, solved, at, verdicts, hints_at";

/// Whose attempts a query reads: a class's or one pupil's (a wrong one does not compile).
#[derive(Clone, Copy, Debug)]
pub enum AttemptsOf<'a> {
    Class(&'a str),
    Pupil(&'a str),
}

impl AttemptsOf<'_> {
    /// The column of `attempts` that holds the key.
    pub fn column(self) -> &'static str {
        match self {
            AttemptsOf::Class(_) => "class",
            AttemptsOf::Pupil(_) => "pupil",
        }
    }

    /// The class's or the pupil's id.
    pub fn id(&self) -> &str {
        match *self {
            AttemptsOf::Class(id) | AttemptsOf::Pupil(id) => id,
        }
    }
}

impl Db {
    pub async fn attempt(&self, id: &str) -> Result<Option<AttemptRow>, sqlx::Error> {
        let q = format!("SELECT {ATTEMPT_COLS} FROM attempts WHERE id = $1");
        let row = sqlx::query(&q).bind(id).fetch_optional(&self.pool).await?;
        row.as_ref().map(attempt_row).transpose()
    }

    /// Store an attempt once: `false` when its id is stored already (nothing is written).
    pub async fn insert_attempt(&self, a: &AttemptRow) -> Result<bool, sqlx::Error> {
        let r = sqlx::query(
            "INSERT INTO attempts (id, pupil, class, lesson, moves, answers, hints, ms, stars, solved, at, verdicts, hints_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (id) DO NOTHING",
        )
        .bind(&a.id)
        .bind(&a.pupil)
        .bind(&a.class)
        .bind(&a.lesson)
        .bind(serde_json::to_string(&a.moves).unwrap_or_else(|_| "[]".into()))
        .bind(serde_json::to_string(&a.answers).unwrap_or_else(|_| "[]".into()))
        .bind(a.hints)
        .bind(a.ms)
        .bind(a.stars)
        .bind(i64::from(a.solved))
        .bind(a.at)
        .bind(serde_json::to_string(&a.verdicts).unwrap_or_else(|_| "[]".into()))
        .bind(serde_json::to_string(&a.hints_at).unwrap_or_else(|_| "[]".into()))
        .execute(&self.pool)
        .await?;
        Ok(r.rows_affected() == 1)
    }

    /// A class's attempts, optionally of one pupil and one lesson, newest first (at most 1000).
    pub async fn attempts(
        &self,
        class: &str,
        pupil: Option<&str>,
        lesson: Option<&str>,
    ) -> Result<Vec<AttemptRow>, sqlx::Error> {
        let q = format!(
            "SELECT {ATTEMPT_COLS} FROM attempts WHERE class = $1 AND ($2 = '' OR pupil = $2) AND ($3 = '' OR lesson = $3) ORDER BY at DESC, id LIMIT 1000"
        );
        let rows = sqlx::query(&q)
            .bind(class)
            .bind(pupil.unwrap_or(""))
            .bind(lesson.unwrap_or(""))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(attempt_row).collect()
    }

    /// How many attempts are stored (the bench and the tests count them).
    pub async fn count_attempts(&self) -> Result<i64, sqlx::Error> {
        sqlx::query("SELECT COUNT(*) AS n FROM attempts").fetch_one(&self.pool).await?.try_get("n")
    }
}
