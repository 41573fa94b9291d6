//! Homework's rows: lessons and skills given to a class.

use super::Db;
use crate::util::{new_id, now_ms};
use sqlx::Row;

#[derive(Clone, Debug)]
pub struct AssignmentRow {
    pub id: String,
    pub lessons: Vec<String>,
    pub due: Option<String>,
    pub pass: Option<i64>,
    pub created: i64,
    /// Skills to practise until mastered (ids of lessons/skills.json).
    pub practice: Vec<String>,
}

impl Db {
    pub async fn create_assignment(
        &self,
        class: &str,
        lessons: &[String],
        due: Option<&str>,
        pass: Option<i64>,
        practice: &[String],
    ) -> Result<String, sqlx::Error> {
        let id = new_id();
        sqlx::query("INSERT INTO assignments (id, class, lessons, due, pass, created, practice) VALUES ($1, $2, $3, $4, $5, $6, $7)")
            .bind(&id)
            .bind(class)
            .bind(serde_json::to_string(lessons).unwrap_or_else(|_| "[]".into()))
            .bind(due)
            .bind(pass)
            .bind(now_ms())
            .bind(serde_json::to_string(practice).unwrap_or_else(|_| "[]".into()))
            .execute(&self.pool)
            .await?;
        Ok(id)
    }

    pub async fn assignments(&self, class: &str) -> Result<Vec<AssignmentRow>, sqlx::Error> {
        let rows = sqlx::query("SELECT id, lessons, due, pass, created, practice FROM assignments WHERE class = $1 ORDER BY created, id").bind(class).fetch_all(&self.pool).await?;
        rows.iter()
            .map(|r| {
                Ok(AssignmentRow {
                    id: r.try_get("id")?,
                    lessons: serde_json::from_str(&r.try_get::<String, _>("lessons")?)
                        .unwrap_or_default(),
                    due: r.try_get("due")?,
                    pass: r.try_get("pass")?,
                    created: r.try_get("created")?,
                    practice: serde_json::from_str(&r.try_get::<String, _>("practice")?)
                        .unwrap_or_default(),
                })
            })
            .collect()
    }
}
