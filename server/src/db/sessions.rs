//! Sessions and the sign-in failures counted against guessing.

use super::Db;
use crate::util::now_ms;
use sqlx::Row;

impl Db {
    pub async fn create_session(
        &self,
        token_hash: &str,
        role: &str,
        subject: &str,
        expires: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query("INSERT INTO sessions (token, role, subject, expires) VALUES ($1, $2, $3, $4)")
            .bind(token_hash)
            .bind(role)
            .bind(subject)
            .bind(expires)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The role and subject of a session not expired.
    pub async fn session(&self, token_hash: &str) -> Result<Option<(String, String)>, sqlx::Error> {
        let row =
            sqlx::query("SELECT role, subject FROM sessions WHERE token = $1 AND expires > $2")
                .bind(token_hash)
                .bind(now_ms())
                .fetch_optional(&self.pool)
                .await?;
        row.map(|r| Ok((r.try_get("role")?, r.try_get("subject")?))).transpose()
    }

    pub async fn delete_session(&self, token_hash: &str) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM sessions WHERE token = $1")
            .bind(token_hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Expired sessions and old sign-in failures go (called now and then).
    pub async fn prune(&self, failures_before: i64) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM sessions WHERE expires <= $1")
            .bind(now_ms())
            .execute(&self.pool)
            .await?;
        sqlx::query("DELETE FROM sign_in_failures WHERE at < $1")
            .bind(failures_before)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Failures of `key` since `since`: how many, and the oldest.
    pub async fn failures(&self, key: &str, since: i64) -> Result<(i64, Option<i64>), sqlx::Error> {
        let r = sqlx::query("SELECT COUNT(*) AS n, MIN(at) AS oldest FROM sign_in_failures WHERE key = $1 AND at >= $2").bind(key).bind(since).fetch_one(&self.pool).await?;
        Ok((r.try_get("n")?, r.try_get("oldest")?))
    }

    pub async fn add_failure(&self, key: &str, at: i64) -> Result<(), sqlx::Error> {
        sqlx::query("INSERT INTO sign_in_failures (key, at) VALUES ($1, $2)")
            .bind(key)
            .bind(at)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
