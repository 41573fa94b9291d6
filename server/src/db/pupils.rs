//! Pupils' rows: their picture passwords, their locks, removing a pupil and all that names her.

use super::{ClassRow, Db};
use crate::util::{new_id, now_ms};
use sqlx::Row;

#[derive(Clone, Debug)]
pub struct PupilRow {
    pub id: String,
    pub class: String,
    pub name: String,
    pub pictures: Vec<String>,
    pub failures: i64,
    pub locked_until: i64,
}

fn pictures_of(text: &str) -> Vec<String> {
    text.split('-').map(str::to_string).collect()
}

fn pupil_row(r: &sqlx::any::AnyRow) -> Result<PupilRow, sqlx::Error> {
    Ok(PupilRow {
        id: r.try_get("id")?,
        class: r.try_get("class")?,
        name: r.try_get("name")?,
        pictures: pictures_of(&r.try_get::<String, _>("pictures")?),
        failures: r.try_get("failures")?,
        locked_until: r.try_get("locked_until")?,
    })
}

const PUPIL_COLS: &str = "id, class, name, pictures, failures, locked_until";

impl Db {
    pub async fn add_pupils(
        &self,
        class: &str,
        pupils: &[(String, Vec<String>)],
    ) -> Result<Vec<PupilRow>, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let mut out = Vec::new();
        let now = now_ms();
        for (k, (name, pictures)) in pupils.iter().enumerate() {
            let id = new_id();
            sqlx::query("INSERT INTO pupils (id, class, name, pictures, failures, locked_until, created) VALUES ($1, $2, $3, $4, 0, 0, $5)")
                .bind(&id)
                .bind(class)
                .bind(name)
                .bind(pictures.join("-"))
                .bind(now + k as i64)
                .execute(&mut *tx)
                .await?;
            out.push(PupilRow {
                id,
                class: class.into(),
                name: name.clone(),
                pictures: pictures.clone(),
                failures: 0,
                locked_until: 0,
            });
        }
        tx.commit().await?;
        Ok(out)
    }

    pub async fn pupils(&self, class: &str) -> Result<Vec<PupilRow>, sqlx::Error> {
        let q = format!("SELECT {PUPIL_COLS} FROM pupils WHERE class = $1 ORDER BY created, id");
        let rows = sqlx::query(&q).bind(class).fetch_all(&self.pool).await?;
        rows.iter().map(pupil_row).collect()
    }

    pub async fn pupil(&self, id: &str) -> Result<Option<PupilRow>, sqlx::Error> {
        let q = format!("SELECT {PUPIL_COLS} FROM pupils WHERE id = $1");
        let row = sqlx::query(&q).bind(id).fetch_optional(&self.pool).await?;
        row.as_ref().map(pupil_row).transpose()
    }

    /// A pupil and her class, in one query.
    pub async fn pupil_class(&self, id: &str) -> Result<Option<(PupilRow, ClassRow)>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT p.id, p.class, p.name, p.pictures, p.failures, p.locked_until, c.teacher, c.name AS class_name, c.code \
             FROM pupils p JOIN classes c ON c.id = p.class WHERE p.id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            let p = pupil_row(&r)?;
            let c = ClassRow {
                id: p.class.clone(),
                teacher: r.try_get("teacher")?,
                name: r.try_get("class_name")?,
                code: r.try_get("code")?,
            };
            Ok((p, c))
        })
        .transpose()
    }

    /// The pupil `id` when she is in one of `teacher`'s classes.
    pub async fn pupil_of(&self, teacher: &str, id: &str) -> Result<Option<PupilRow>, sqlx::Error> {
        let q = format!("SELECT {} FROM pupils p JOIN classes c ON c.id = p.class WHERE p.id = $1 AND c.teacher = $2", PUPIL_COLS.split(", ").map(|c| format!("p.{c}")).collect::<Vec<_>>().join(", "));
        let row = sqlx::query(&q).bind(id).bind(teacher).fetch_optional(&self.pool).await?;
        row.as_ref().map(pupil_row).transpose()
    }

    pub async fn set_pictures(&self, id: &str, pictures: &[String]) -> Result<(), sqlx::Error> {
        sqlx::query(
            "UPDATE pupils SET pictures = $1, failures = 0, locked_until = 0 WHERE id = $2",
        )
        .bind(pictures.join("-"))
        .bind(id)
        .execute(&self.pool)
        .await?;
        sqlx::query("DELETE FROM sessions WHERE role = 'pupil' AND subject = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn unlock(&self, id: &str) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE pupils SET failures = 0, locked_until = 0 WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A wrong picture: one failure more; the `limit`-th locks the pupil until `until`.
    pub async fn wrong_pictures(
        &self,
        id: &str,
        limit: i64,
        until: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "UPDATE pupils SET locked_until = CASE WHEN failures + 1 >= $1 THEN $2 ELSE locked_until END, \
             failures = CASE WHEN failures + 1 >= $1 THEN 0 ELSE failures + 1 END WHERE id = $3",
        )
        .bind(limit)
        .bind(until)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn right_pictures(&self, id: &str) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE pupils SET failures = 0 WHERE id = $1 AND failures <> 0")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Remove a pupil, her attempts (and how each try ended), her sessions, her sign-in tries and
    /// the devices she signed in on: nothing keeps her id.
    pub async fn delete_pupil(&self, id: &str) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM tries WHERE id IN (SELECT id FROM attempts WHERE pupil = $1)")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM sign_in_failures WHERE key = $1 OR key LIKE $2")
            .bind(format!("pupil:{id}"))
            .bind(format!("pupil:{}:%", id.replace(['%', '_'], "")))
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM known_devices WHERE subject = $1")
            .bind(format!("pupil:{id}"))
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM attempts WHERE pupil = $1").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM sessions WHERE role = 'pupil' AND subject = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM pupils WHERE id = $1").bind(id).execute(&mut *tx).await?;
        tx.commit().await
    }
}
