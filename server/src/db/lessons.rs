//! Teachers' own lessons (their JSON text).

use super::Db;
use crate::util::now_ms;
use sqlx::Row;

impl Db {
    /// Store a teacher's own lesson (a new text replaces the old one of the same id).
    pub async fn put_lesson(&self, teacher: &str, id: &str, body: &str) -> Result<(), sqlx::Error> {
        sqlx::query("INSERT INTO lessons (teacher, id, body, created) VALUES ($1, $2, $3, $4) ON CONFLICT (teacher, id) DO UPDATE SET body = excluded.body")
            .bind(teacher)
            .bind(id)
            .bind(body)
            .bind(now_ms())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn lesson(&self, teacher: &str, id: &str) -> Result<Option<String>, sqlx::Error> {
        let row = sqlx::query("SELECT body FROM lessons WHERE teacher = $1 AND id = $2")
            .bind(teacher)
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| r.try_get("body")).transpose()
    }
}
