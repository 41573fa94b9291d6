//! The store's queries for the limits ([`crate::limits`], [`crate::signin`]): recent attempts,
//! a class's space, the devices where someone signed in, the tries counted before they run.

use crate::db::{Backend, Db};
use sqlx::Row;

impl Db {
    /// Attempts stored since `since` by the pupil and by her class: how many, and the oldest of
    /// each.
    pub async fn recent_attempts(
        &self,
        pupil: &str,
        class: &str,
        since: i64,
    ) -> Result<(i64, i64, Option<i64>, Option<i64>), sqlx::Error> {
        let r = sqlx::query(
            "SELECT (SELECT COUNT(*) FROM attempts WHERE pupil = $1 AND at >= $3) AS mine, \
             (SELECT MIN(at) FROM attempts WHERE pupil = $1 AND at >= $3) AS oldest_mine, \
             (SELECT COUNT(*) FROM attempts WHERE class = $2 AND at >= $3) AS ours, \
             (SELECT MIN(at) FROM attempts WHERE class = $2 AND at >= $3) AS oldest_ours",
        )
        .bind(pupil)
        .bind(class)
        .bind(since)
        .fetch_one(&self.pool)
        .await?;
        Ok((
            r.try_get("mine")?,
            r.try_get("ours")?,
            r.try_get("oldest_mine")?,
            r.try_get("oldest_ours")?,
        ))
    }

    /// The characters a class's attempts take: the running count, or (`exact`) counted again from
    /// the attempts (after removals the running count is too high) and kept.
    pub async fn class_bytes(&self, class: &str, exact: bool) -> Result<i64, sqlx::Error> {
        if !exact {
            let r = sqlx::query("SELECT bytes FROM class_usage WHERE class = $1")
                .bind(class)
                .fetch_optional(&self.pool)
                .await?;
            return Ok(match r {
                Some(r) => r.try_get("bytes")?,
                None => 0,
            });
        }
        let r = sqlx::query(
            "SELECT CAST(COALESCE(SUM(LENGTH(id) + LENGTH(pupil) + LENGTH(class) + LENGTH(lesson) + LENGTH(moves) \
             + LENGTH(answers) + LENGTH(verdicts) + LENGTH(hints_at) + 64), 0) AS BIGINT) AS n \
             FROM attempts WHERE class = $1",
        )
        .bind(class)
        .fetch_one(&self.pool)
        .await?;
        let n: i64 = r.try_get("n")?;
        self.upsert_usage(class, "bytes = $2", n).await?;
        Ok(n)
    }

    /// `bytes` more for a class.
    pub async fn add_class_bytes(&self, class: &str, bytes: i64) -> Result<(), sqlx::Error> {
        self.upsert_usage(class, "bytes = class_usage.bytes + $2", bytes).await
    }

    /// When a limit last refused the class (`slowed_at`, `full_at`).
    pub async fn mark_class(&self, class: &str, column: &str, at: i64) -> Result<(), sqlx::Error> {
        let set = if column == "full_at" { "full_at = $2" } else { "slowed_at = $2" };
        self.upsert_usage(class, set, at).await
    }

    async fn upsert_usage(&self, class: &str, set: &str, value: i64) -> Result<(), sqlx::Error> {
        let first = if set.starts_with("bytes") {
            "$2, 0, 0"
        } else if set.starts_with("full_at") {
            "0, 0, $2"
        } else {
            "0, $2, 0"
        };
        let q = format!(
            "INSERT INTO class_usage (class, bytes, slowed_at, full_at) VALUES ($1, {first}) \
             ON CONFLICT (class) DO UPDATE SET {set}"
        );
        sqlx::query(&q).bind(class).bind(value).execute(&self.pool).await?;
        Ok(())
    }

    /// A class's space used (the running count), and when a limit last refused its pupils.
    pub async fn class_usage(&self, class: &str) -> Result<(i64, i64, i64), sqlx::Error> {
        let r = sqlx::query("SELECT bytes, slowed_at, full_at FROM class_usage WHERE class = $1")
            .bind(class)
            .fetch_optional(&self.pool)
            .await?;
        match r {
            Some(r) => Ok((r.try_get("bytes")?, r.try_get("slowed_at")?, r.try_get("full_at")?)),
            None => Ok((0, 0, 0)),
        }
    }

    // ------------------------------------------------------------ tries counted before they run

    /// Count one try of `key` at `at` first, then how many `key` has since `since` (this one
    /// with them): concurrent tries each see the ones before them, so no more than the limit
    /// get through.
    pub async fn take_try(&self, key: &str, at: i64, since: i64) -> Result<i64, sqlx::Error> {
        self.add_failure(key, at).await?;
        let (n, _) = self.failures(key, since).await?;
        Ok(n)
    }

    /// Take back one try of `key` at `at` (a try that was right, or refused before it ran): one
    /// row, even when other tries of the key fell in the same millisecond (rows alike: any one).
    pub async fn give_back_try(&self, key: &str, at: i64) -> Result<(), sqlx::Error> {
        let row = if self.backend == Backend::Sqlite { "rowid" } else { "ctid" };
        let q = format!(
            "DELETE FROM sign_in_failures WHERE {row} = \
             (SELECT {row} FROM sign_in_failures WHERE key = $1 AND at = $2 LIMIT 1)"
        );
        sqlx::query(&q).bind(key).bind(at).execute(&self.pool).await?;
        Ok(())
    }

    /// Forget the failures of the keys beginning with `prefix` (the teacher unlocks).
    pub async fn forget_failures(&self, prefix: &str) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM sign_in_failures WHERE key = $1 OR key LIKE $2")
            .bind(prefix)
            .bind(format!("{}:%", prefix.replace(['%', '_'], "")))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    // ------------------------------------------------------------ known devices

    pub async fn know_device(
        &self,
        device: &str,
        subject: &str,
        at: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO known_devices (device, subject, at) VALUES ($1, $2, $3) \
             ON CONFLICT (device, subject) DO UPDATE SET at = excluded.at",
        )
        .bind(device)
        .bind(subject)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Devices not seen for a year go (their cookie has expired), and those of removed pupils and
    /// teachers.
    pub async fn prune_devices(&self, before: i64) -> Result<(), sqlx::Error> {
        sqlx::query(
            "DELETE FROM known_devices WHERE at < $1 \
             OR (subject LIKE 'pupil:%' AND SUBSTR(subject, 7) NOT IN (SELECT id FROM pupils)) \
             OR (subject LIKE 'teacher:%' AND SUBSTR(subject, 9) NOT IN (SELECT id FROM teachers))",
        )
        .bind(before)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn is_known_device(&self, device: &str, subject: &str) -> Result<bool, sqlx::Error> {
        Ok(sqlx::query("SELECT 1 AS one FROM known_devices WHERE device = $1 AND subject = $2")
            .bind(device)
            .bind(subject)
            .fetch_optional(&self.pool)
            .await?
            .is_some())
    }

    /// Wrong pictures per pupil of a class since `since` (the teacher's page: who is being
    /// guessed).
    pub async fn class_wrong_tries(
        &self,
        class: &str,
        since: i64,
    ) -> Result<Vec<(String, i64)>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT p.id AS pupil, COUNT(f.at) AS n FROM pupils p JOIN sign_in_failures f ON f.key = 'pupil:' || p.id \
             WHERE p.class = $1 AND f.at >= $2 GROUP BY p.id",
        )
        .bind(class)
        .bind(since)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| Ok((r.try_get("pupil")?, r.try_get("n")?))).collect()
    }
}
